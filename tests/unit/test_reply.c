/*
 * test_reply.c -- unit tests for protocol/reply.c.
 *
 * Compares exact output strings for every shape of reply.h: text ok with
 * "lines", with key: value members of every JSON type, with and without
 * summary and tag; text err with and without message and rule; text
 * notices with game from the argument or the event, with "text" or with
 * key=value members; the JSON forms of all three, including where "game"
 * is inserted.  Checks that control characters can never break a line in
 * either mode (fixed cases, cJSON_Raw items, and every byte value), that
 * output is appended after existing contents, and that the caller's cJSON
 * objects are left untouched.  cJSON allocates through cmocka's test
 * allocator so a leaked tree fails the test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "protocol/reply.h"

static void *t_malloc(size_t n)
{
	return test_malloc(n);
}

static void t_free(void *p)
{
	test_free(p);
}

static int setup_hooks(void **state)
{
	cJSON_Hooks hooks = {.malloc_fn = t_malloc, .free_fn = t_free};

	(void)state;
	cJSON_InitHooks(&hooks);
	return 0;
}

static cJSON *J(const char *text)
{
	cJSON *j = cJSON_Parse(text);

	if (j == NULL)
		fail_msg("bad test JSON: %s", text);
	return j;
}

static void expect_ok(enum proto_mode mode, const char *tag, const char *data, const char *want)
{
	struct proto_buf b = PROTO_BUF_INIT;
	cJSON *d = data != NULL ? J(data) : NULL;

	assert_int_equal(proto_write_ok(&b, mode, 0, tag, d), 0);
	assert_string_equal(b.data, want);
	proto_buf_release(&b);
	cJSON_Delete(d);
}

static void expect_err(enum proto_mode mode, const char *tag, const char *code, const char *msg,
                       const char *rule, const char *want)
{
	struct proto_buf b = PROTO_BUF_INIT;

	assert_int_equal(proto_write_err(&b, mode, 0, tag, code, msg, rule), 0);
	assert_string_equal(b.data, want);
	proto_buf_release(&b);
}

static void expect_event(enum proto_mode mode, long long game, const char *event, const char *want)
{
	struct proto_buf b = PROTO_BUF_INIT;
	cJSON *e = event != NULL ? J(event) : NULL;

	assert_int_equal(proto_write_event(&b, mode, game, e), 0);
	assert_string_equal(b.data, want);
	proto_buf_release(&b);
	cJSON_Delete(e);
}

static void test_text_ok_plain(void **state)
{
	(void)state;
	expect_ok(PROTO_TEXT, NULL, NULL, "ok\n");
	expect_ok(PROTO_TEXT, "", NULL, "ok\n");
	expect_ok(PROTO_TEXT, "t1", NULL, "@t1 ok\n");
	expect_ok(PROTO_TEXT, NULL, "{}", "ok\n");
	expect_ok(PROTO_TEXT, "x", "{\"summary\":\"logged in as bob\"}",
	          "@x ok logged in as bob\n");
}

static void test_text_ok_lines(void **state)
{
	(void)state;
	expect_ok(PROTO_TEXT, "t", "{\"lines\":[\"first\",\"\",\"  indented\"],\"other\":1}",
	          "  first\n  \n    indented\n@t ok\n");
	expect_ok(PROTO_TEXT, NULL, "{\"summary\":\"2 games\",\"lines\":[\"a\",\"b\"],\"n\":2}",
	          "  a\n  b\nok 2 games\n");
	expect_ok(PROTO_TEXT, NULL, "{\"lines\":[]}", "ok\n");
	/* "lines" that is not an array of strings only is an ordinary member */
	expect_ok(PROTO_TEXT, NULL, "{\"lines\":[\"a\",1]}", "  lines: [\"a\",1]\nok\n");
	expect_ok(PROTO_TEXT, NULL, "{\"lines\":\"one\"}", "  lines: one\nok\n");
}

static void test_text_ok_members(void **state)
{
	(void)state;
	expect_ok(PROTO_TEXT, NULL,
	          "{\"name\":\"bob\",\"n\":3,\"neg\":-7,\"f\":1.5,\"t\":true,\"fa\":false,"
	          "\"z\":null,\"summary\":\"done\",\"o\":{\"x\":1,\"y\":[2,\"s\"]},"
	          "\"a\":[1,\"two\"],\"e\":\"\",\"big\":3000000000}",
	          "  name: bob\n  n: 3\n  neg: -7\n  f: 1.5\n  t: true\n  fa: false\n"
	          "  z: null\n  o: {\"x\":1,\"y\":[2,\"s\"]}\n  a: [1,\"two\"]\n  e: \n"
	          "  big: 3000000000\nok done\n");
}

static void test_text_ok_summary_forms(void **state)
{
	(void)state;
	expect_ok(PROTO_TEXT, NULL, "{\"summary\":\"\"}", "ok\n");
	expect_ok(PROTO_TEXT, NULL, "{\"summary\":null}", "ok\n");
	expect_ok(PROTO_TEXT, NULL, "{\"summary\":5}", "ok 5\n");
	expect_ok(PROTO_TEXT, NULL, "{\"summary\":[1]}", "ok [1]\n");
}

static void test_text_ok_non_object_data(void **state)
{
	(void)state;
	expect_ok(PROTO_TEXT, NULL, "\"hi\"", "  hi\nok\n");
	expect_ok(PROTO_TEXT, "t", "[1,2]", "  [1,2]\n@t ok\n");
	expect_ok(PROTO_TEXT, NULL, "42", "  42\nok\n");
}

static void test_text_control_characters(void **state)
{
	(void)state;
	expect_ok(PROTO_TEXT, NULL,
	          "{\"lines\":[\"a\\r\\nb\\tc\\u001b[31m\\u007f!\"],\"summary\":\"x\\ny\"}",
	          "  a  b c [31m !\nok x y\n");
	expect_ok(PROTO_TEXT, NULL, "{\"k\\ney\":\"v\\r\",\"s\":{\"q\":\"a\\nb\"}}",
	          "  k ey: v \n  s: {\"q\":\"a\\nb\"}\nok\n");
	/* C1 controls (NEL, CSI) become one space; other UTF-8 is kept */
	expect_ok(PROTO_TEXT, NULL, "{\"lines\":[\"a\\u0085b\\u009bc caf\\u00e9 \\u00a0\"]}",
	          "  a b c caf\xc3\xa9 \xc2\xa0\nok\n");
	expect_ok(PROTO_TEXT, "t\nx", "{\"summary\":\"s\"}", "@t x ok s\n");
}

static void test_json_ok(void **state)
{
	(void)state;
	expect_ok(PROTO_JSON, "t1", "{\"n\":1,\"s\":\"x\"}",
	          "{\"tag\":\"t1\",\"ok\":true,\"data\":{\"n\":1,\"s\":\"x\"}}\n");
	expect_ok(PROTO_JSON, NULL, NULL, "{\"ok\":true,\"data\":{}}\n");
	expect_ok(PROTO_JSON, "", "{}", "{\"ok\":true,\"data\":{}}\n");
	expect_ok(PROTO_JSON, NULL,
	          "{\"lines\":[\"a\",\"b\"],\"summary\":\"s\",\"o\":{\"d\":[1,{\"e\":null}]}}",
	          "{\"ok\":true,\"data\":{\"lines\":[\"a\",\"b\"],\"summary\":\"s\","
	          "\"o\":{\"d\":[1,{\"e\":null}]}}}\n");
	expect_ok(PROTO_JSON, NULL, "[1,\"x\"]", "{\"ok\":true,\"data\":[1,\"x\"]}\n");
	expect_ok(PROTO_JSON, NULL, "\"str\"", "{\"ok\":true,\"data\":\"str\"}\n");
	/* control characters are escaped, never raw */
	expect_ok(PROTO_JSON, "t", "{\"s\":\"a\\nb\\rc\\u0001\"}",
	          "{\"tag\":\"t\",\"ok\":true,\"data\":{\"s\":\"a\\nb\\rc\\u0001\"}}\n");
}

static void test_data_not_modified(void **state)
{
	struct proto_buf b = PROTO_BUF_INIT;
	const char *text =
	    "{\"a\":{\"b\":[1,2,{\"c\":\"d\"}]},\"lines\":[\"x\"],\"summary\":\"s\"}";
	cJSON *d = J(text);
	char *before = cJSON_PrintUnformatted(d), *after;

	(void)state;
	assert_int_equal(proto_write_ok(&b, PROTO_JSON, 0, "t", d), 0);
	assert_int_equal(proto_write_ok(&b, PROTO_TEXT, 0, "t", d), 0);
	assert_int_equal(proto_write_event(&b, PROTO_JSON, 3, d), 0);
	assert_int_equal(proto_write_event(&b, PROTO_TEXT, 3, d), 0);
	after = cJSON_PrintUnformatted(d);
	assert_string_equal(before, after);
	assert_null(d->string);
	assert_null(d->next);
	cJSON_free(before);
	cJSON_free(after);
	cJSON_Delete(d); /* still owned by us, and only freed once */
	proto_buf_release(&b);
}

static void test_text_err(void **state)
{
	(void)state;
	expect_err(PROTO_TEXT, NULL, "bad-args", "usage: move <unit> <hex>", NULL,
	           "err bad-args usage: move <unit> <hex>\n");
	expect_err(PROTO_TEXT, "t7", "illegal-move", "hex 2638 is in an enemy ZOC", "6.1",
	           "@t7 err illegal-move hex 2638 is in an enemy ZOC (6.1)\n");
	expect_err(PROTO_TEXT, NULL, "stale", "moved on", "", "err stale moved on\n");
	expect_err(PROTO_TEXT, NULL, "no-game", NULL, NULL, "err no-game\n");
	expect_err(PROTO_TEXT, NULL, "no-game", "", "r1", "err no-game (r1)\n");
	expect_err(PROTO_TEXT, NULL, NULL, "boom", NULL, "err internal boom\n");
	expect_err(PROTO_TEXT, "t", "bad-request", "line\r\none\ttwo", "a\nb",
	           "@t err bad-request line  one two (a b)\n");
}

static void test_json_err(void **state)
{
	(void)state;
	expect_err(PROTO_JSON, "t", "illegal-move", "no", "6.1",
	           "{\"tag\":\"t\",\"ok\":false,\"error\":{\"code\":\"illegal-move\","
	           "\"message\":\"no\",\"rule\":\"6.1\"}}\n");
	expect_err(PROTO_JSON, NULL, "bad-args", "usage", NULL,
	           "{\"ok\":false,\"error\":{\"code\":\"bad-args\",\"message\":\"usage\"}}\n");
	expect_err(PROTO_JSON, "", "bad-args", NULL, "",
	           "{\"ok\":false,\"error\":{\"code\":\"bad-args\",\"message\":\"\"}}\n");
	expect_err(
	    PROTO_JSON, NULL, "x", "a\r\nb \"q\" \\", NULL,
	    "{\"ok\":false,\"error\":{\"code\":\"x\",\"message\":\"a\\r\\nb \\\"q\\\" \\\\\"}}\n");
}

static void test_text_event(void **state)
{
	(void)state;
	expect_event(PROTO_TEXT, 12, "{\"event\":\"moved\",\"text\":\"bob moved 3 to 2638\"}",
	             "* moved game=12 bob moved 3 to 2638\n");
	expect_event(PROTO_TEXT, 0, "{\"event\":\"chat\",\"text\":\"hi\"}", "* chat hi\n");
	expect_event(PROTO_TEXT, -1, "{\"event\":\"chat\",\"text\":\"hi\"}", "* chat hi\n");
	/* the event's own game wins */
	expect_event(PROTO_TEXT, 12, "{\"event\":\"moved\",\"game\":7,\"text\":\"x\"}",
	             "* moved game=7 x\n");
	expect_event(PROTO_TEXT, 0, "{\"game\":7,\"event\":\"moved\",\"text\":\"x\"}",
	             "* moved game=7 x\n");
	/* no text: the other members as key=value */
	expect_event(PROTO_TEXT, 3,
	             "{\"event\":\"deadline\",\"seconds\":60,\"who\":\"bob\","
	             "\"at\":[1,2]}",
	             "* deadline game=3 seconds=60 who=bob at=[1,2]\n");
	expect_event(PROTO_TEXT, 3, "{\"event\":\"your-turn\"}", "* your-turn game=3\n");
	expect_event(PROTO_TEXT, 3, "{\"event\":\"your-turn\",\"text\":\"\"}",
	             "* your-turn game=3\n");
	expect_event(PROTO_TEXT, 0, "{\"text\":\"anon\"}", "* notice anon\n");
	expect_event(PROTO_TEXT, 0, "{\"event\":\"n\",\"text\":5}", "* n 5\n");
	expect_event(PROTO_TEXT, 0, NULL, "* notice\n");
	expect_event(PROTO_TEXT, 0, "[1]", "* notice\n");
	expect_event(PROTO_TEXT, 2, "{\"event\":\"ch\\nat\",\"text\":\"a\\r\\nb\\u001b\"}",
	             "* ch at game=2 a  b \n");
}

static void test_json_event(void **state)
{
	(void)state;
	expect_event(PROTO_JSON, 12, "{\"event\":\"moved\",\"text\":\"x\"}",
	             "{\"event\":\"moved\",\"game\":12,\"text\":\"x\"}\n");
	expect_event(PROTO_JSON, 12, "{\"text\":\"x\",\"event\":\"moved\",\"u\":[1]}",
	             "{\"text\":\"x\",\"event\":\"moved\",\"game\":12,\"u\":[1]}\n");
	expect_event(PROTO_JSON, 12, "{\"event\":\"moved\",\"game\":7}",
	             "{\"event\":\"moved\",\"game\":7}\n");
	expect_event(PROTO_JSON, 0, "{\"event\":\"chat\",\"text\":\"a\\nb\"}",
	             "{\"event\":\"chat\",\"text\":\"a\\nb\"}\n");
	expect_event(PROTO_JSON, 5, "{\"text\":\"x\"}", "{\"game\":5,\"text\":\"x\"}\n");
	expect_event(PROTO_JSON, 4000000000LL, "{\"event\":\"e\"}",
	             "{\"event\":\"e\",\"game\":4000000000}\n");
	expect_event(PROTO_JSON, 0, NULL, "{}\n");
	expect_event(PROTO_JSON, 3, NULL, "{\"game\":3}\n");
}

static void test_raw_items_cannot_break_lines(void **state)
{
	struct proto_buf b = PROTO_BUF_INIT;
	cJSON *d = cJSON_CreateObject();

	(void)state;
	assert_non_null(cJSON_AddRawToObject(d, "r", "[1,\n2\r]"));
	assert_int_equal(proto_write_ok(&b, PROTO_JSON, 0, NULL, d), 0);
	assert_string_equal(b.data, "{\"ok\":true,\"data\":{\"r\":[1, 2 ]}}\n");
	proto_buf_reset(&b);
	assert_int_equal(proto_write_ok(&b, PROTO_TEXT, 0, NULL, d), 0);
	assert_string_equal(b.data, "  r: [1, 2 ]\nok\n");
	proto_buf_reset(&b);
	assert_int_equal(proto_write_event(&b, PROTO_JSON, 1, d), 0);
	assert_string_equal(b.data, "{\"game\":1,\"r\":[1, 2 ]}\n");
	proto_buf_release(&b);
	cJSON_Delete(d);
}

static void test_appends_to_existing_output(void **state)
{
	struct proto_buf b = PROTO_BUF_INIT;
	cJSON *d = J("{\"lines\":[\"l\"]}");

	(void)state;
	assert_int_equal(proto_buf_adds(&b, "prev\n"), 0);
	assert_int_equal(proto_write_ok(&b, PROTO_TEXT, 0, "a", d), 0);
	assert_int_equal(proto_write_err(&b, PROTO_JSON, 0, "b", "c", "m", NULL), 0);
	assert_int_equal(proto_write_event(&b, PROTO_TEXT, 1, NULL), 0);
	assert_string_equal(b.data, "prev\n  l\n@a ok\n"
	                            "{\"tag\":\"b\",\"ok\":false,\"error\":{\"code\":\"c\","
	                            "\"message\":\"m\"}}\n* notice game=1\n");
	proto_buf_release(&b);
	cJSON_Delete(d);
}

static void test_add_safe(void **state)
{
	struct proto_buf b = PROTO_BUF_INIT;

	(void)state;
	assert_int_equal(proto_add_safe(&b, NULL), 0);
	assert_int_equal(b.len, 0);
	assert_int_equal(proto_add_safe(&b, "a\tb\rc\nd\x01\x1f\x7f~ \xc2\x80\xc2\xa9\xc2"), 0);
	assert_string_equal(b.data, "a b c d   ~  \xc2\xa9\xc2");
	proto_buf_release(&b);
}

/* Counts '\n' and '\r' in s; returns 1 if the only '\n' is the last byte. */
static int one_line(const char *s, size_t len)
{
	size_t i;

	if (len == 0 || s[len - 1] != '\n')
		return 0;
	for (i = 0; i + 1 < len; i++) {
		if (s[i] == '\n' || s[i] == '\r')
			return 0;
	}
	return 1;
}

static void test_every_byte_stays_on_one_line(void **state)
{
	struct proto_buf b = PROTO_BUF_INIT;
	char s[4];
	cJSON *d, *back, *msg;
	int c, mode;

	(void)state;
	for (c = 1; c < 256; c++) {
		s[0] = 'a';
		s[1] = (char)c;
		s[2] = 'z';
		s[3] = '\0';
		for (mode = PROTO_TEXT; mode <= PROTO_JSON; mode++) {
			proto_buf_reset(&b);
			assert_int_equal(proto_write_err(&b, (enum proto_mode)mode, 0, s, s, s, s),
			                 0);
			assert_true(one_line(b.data, b.len));
			if (mode == PROTO_JSON) {
				/* and the JSON form gives the message back intact */
				back = cJSON_Parse(b.data);
				assert_non_null(back);
				msg = cJSON_GetObjectItemCaseSensitive(
				    cJSON_GetObjectItemCaseSensitive(back, "error"), "message");
				assert_true(cJSON_IsString(msg));
				assert_string_equal(msg->valuestring, s);
				cJSON_Delete(back);
			}

			d = cJSON_CreateObject();
			assert_non_null(cJSON_AddStringToObject(d, "summary", s));
			assert_non_null(cJSON_AddStringToObject(d, s, s));
			proto_buf_reset(&b);
			assert_int_equal(proto_write_ok(&b, (enum proto_mode)mode, 0, s, d), 0);
			/* text: one data line plus the final line */
			if (mode == PROTO_TEXT) {
				char *nl = strchr(b.data, '\n');

				assert_non_null(nl);
				assert_true(one_line(b.data, (size_t)(nl - b.data) + 1));
				assert_true(one_line(nl + 1, b.len - (size_t)(nl + 1 - b.data)));
			} else {
				assert_true(one_line(b.data, b.len));
			}
			proto_buf_reset(&b);
			assert_non_null(cJSON_AddStringToObject(d, "event", s));
			assert_int_equal(proto_write_event(&b, (enum proto_mode)mode, 9, d), 0);
			assert_true(one_line(b.data, b.len));
			cJSON_Delete(d);
		}
	}
	proto_buf_release(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_text_ok_plain),
	    cmocka_unit_test(test_text_ok_lines),
	    cmocka_unit_test(test_text_ok_members),
	    cmocka_unit_test(test_text_ok_summary_forms),
	    cmocka_unit_test(test_text_ok_non_object_data),
	    cmocka_unit_test(test_text_control_characters),
	    cmocka_unit_test(test_json_ok),
	    cmocka_unit_test(test_data_not_modified),
	    cmocka_unit_test(test_text_err),
	    cmocka_unit_test(test_json_err),
	    cmocka_unit_test(test_text_event),
	    cmocka_unit_test(test_json_event),
	    cmocka_unit_test(test_raw_items_cannot_break_lines),
	    cmocka_unit_test(test_appends_to_existing_output),
	    cmocka_unit_test(test_add_safe),
	    cmocka_unit_test(test_every_byte_stays_on_one_line),
	};

	return cmocka_run_group_tests(tests, setup_hooks, NULL);
}
