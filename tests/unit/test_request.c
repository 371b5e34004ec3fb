/*
 * test_request.c -- unit tests for protocol/request.c.
 *
 * Covers text requests (verbs kept as typed, raw exactly as typed after the
 * verb, "@tag " prefixes valid and invalid, blank lines, tokenizer errors,
 * the argument limit, lines that are not NUL-terminated or hold NUL bytes)
 * and JSON requests (the full shape, game=/v= right after the verb, numbers formatted,
 * optional and null members, every rejection with its message, the tag
 * kept on failure, the argument limit counting game=/v=).  cJSON allocates
 * through cmocka's test allocator, so leaks of parse trees fail the test;
 * the request storage itself is checked by the sanitizer build.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "protocol/request.h"
#include "common/errors.h"

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

struct parsed {
	struct proto_request req;
	char msg[256];
	int rc;
};

static void parse(struct parsed *p, const char *line)
{
	memset(p->msg, 'x', sizeof(p->msg) - 1);
	p->msg[sizeof(p->msg) - 1] = '\0';
	p->rc = proto_request_parse(&p->req, line, strlen(line), p->msg, sizeof(p->msg));
}

static void expect_argv(const struct proto_request *req, int n, const char *const *want)
{
	int i;

	assert_int_equal(req->argc, n);
	for (i = 0; i < n; i++)
		assert_string_equal(req->argv[i], want[i]);
}

/* Parses line, expects success with the given argv and raw; releases. */
static void expect_ok(const char *line, int json, const char *tag, const char *raw, int n,
                      const char *const *want)
{
	struct parsed p;

	parse(&p, line);
	if (p.rc != 0)
		fail_msg("\"%s\": rc %d, %s", line, p.rc, p.msg);
	assert_string_equal(p.msg, "");
	assert_int_equal(p.req.json, json);
	assert_string_equal(p.req.tag, tag);
	assert_non_null(p.req.raw);
	assert_string_equal(p.req.raw, raw);
	expect_argv(&p.req, n, want);
	proto_request_release(&p.req);
}

/* Parses line, expects code with a message containing needle and tag kept. */
static void expect_fail(const char *line, int code, const char *needle, const char *tag)
{
	struct parsed p;

	parse(&p, line);
	if (p.rc != code)
		fail_msg("\"%s\": rc %d, want %d (%s)", line, p.rc, code, p.msg);
	if (strstr(p.msg, needle) == NULL)
		fail_msg("\"%s\": message \"%s\" lacks \"%s\"", line, p.msg, needle);
	assert_string_equal(p.req.tag, tag);
	assert_int_equal(p.req.argc, 0);
	assert_null(p.req.raw);
	proto_request_release(&p.req);
}

static void test_text_basic(void **state)
{
	(void)state;
	expect_ok("move 9/3 2638", 0, "", "9/3 2638", 3, (const char *[]){"move", "9/3", "2638"});
	expect_ok("LOOK", 0, "", "", 1, (const char *[]){"LOOK"});
	expect_ok("MoVe a", 0, "", "a", 2, (const char *[]){"MoVe", "a"});
}

static void test_text_raw_exactly_as_typed(void **state)
{
	(void)state;
	expect_ok("say   hello   \"big\"  world  ", 0, "", "hello   \"big\"  world  ", 4,
	          (const char *[]){"say", "hello", "big", "world"});
	expect_ok("say\t\tx\\y \"a\\\"b\"", 0, "", "x\\y \"a\\\"b\"", 3,
	          (const char *[]){"say", "x\\y", "a\"b"});
	expect_ok("  \"say\"  \"\" tail", 0, "", "\"\" tail", 3,
	          (const char *[]){"say", "", "tail"});
	expect_ok("look    ", 0, "", "", 1, (const char *[]){"look"});
	expect_ok("say caf\xc3\xa9 \xe2\x82\xac", 0, "", "caf\xc3\xa9 \xe2\x82\xac", 3,
	          (const char *[]){"say", "caf\xc3\xa9", "\xe2\x82\xac"});
}

static void test_text_blank_lines(void **state)
{
	(void)state;
	expect_ok("", 0, "", "", 0, NULL);
	expect_ok("   \t ", 0, "", "", 0, NULL);
}

static void test_text_tags(void **state)
{
	char tag64[70], line[100];

	(void)state;
	expect_ok("@t1 move a b", 0, "t1", "a b", 3, (const char *[]){"move", "a", "b"});
	expect_ok("  @A-z_0.9:x\t  look", 0, "A-z_0.9:x", "", 1, (const char *[]){"look"});
	expect_ok("@t say  hi there ", 0, "t", "hi there ", 3,
	          (const char *[]){"say", "hi", "there"});
	/* a quoted @word is a verb, not a tag */
	expect_ok("\"@x\" y", 0, "", "y", 2, (const char *[]){"@x", "y"});
	/* "@" later in the line is plain text */
	expect_ok("tell @bob hi", 0, "", "@bob hi", 3, (const char *[]){"tell", "@bob", "hi"});

	memset(tag64, 'k', 64);
	tag64[64] = '\0';
	snprintf(line, sizeof(line), "@%s look", tag64);
	expect_ok(line, 0, tag64, "", 1, (const char *[]){"look"});
	snprintf(line, sizeof(line), "@%sk look", tag64);
	expect_fail(line, WG_E_BAD_REQUEST, "bad tag", "");

	expect_fail("@ look", WG_E_BAD_REQUEST, "bad tag", "");
	expect_fail("@a/b look", WG_E_BAD_REQUEST, "bad tag", "");
	expect_fail("@a\"b\" look", WG_E_BAD_REQUEST, "bad tag", "");
	expect_fail("@t\xc3\xa9 look", WG_E_BAD_REQUEST, "bad tag", "");
	expect_fail("@t1", WG_E_BAD_REQUEST, "no command", "t1");
	expect_fail("@t1  \t ", WG_E_BAD_REQUEST, "no command", "t1");
}

static void test_text_errors_keep_tag(void **state)
{
	char line[1024];
	size_t n;
	int i;

	(void)state;
	expect_fail("say \"unfinished", WG_E_BAD_REQUEST, "unterminated quote", "");
	expect_fail("@q7 say \"unfinished \\\"", WG_E_BAD_REQUEST, "unterminated quote", "q7");

	/* PROTO_MAX_ARGS arguments, verb included, is the limit */
	n = (size_t)snprintf(line, sizeof(line), "@big v");
	for (i = 1; i < PROTO_MAX_ARGS; i++)
		n += (size_t)snprintf(line + n, sizeof(line) - n, " %d", i);
	{
		struct parsed p;

		parse(&p, line);
		assert_int_equal(p.rc, 0);
		assert_int_equal(p.req.argc, PROTO_MAX_ARGS);
		assert_string_equal(p.req.argv[PROTO_MAX_ARGS - 1], "63");
		proto_request_release(&p.req);
	}
	snprintf(line + n, sizeof(line) - n, " one-more");
	expect_fail(line, WG_E_BAD_ARGS, "too many arguments", "big");
}

static void test_text_not_nul_terminated(void **state)
{
	struct parsed p;
	const char buf[] = "move a b GARBAGE";

	(void)state;
	p.rc = proto_request_parse(&p.req, buf, 8, p.msg, sizeof(p.msg));
	assert_int_equal(p.rc, 0);
	expect_argv(&p.req, 3, (const char *[]){"move", "a", "b"});
	assert_string_equal(p.req.raw, "a b");
	proto_request_release(&p.req);
}

static void test_nul_byte_refused(void **state)
{
	struct parsed p;
	const char buf[] = "say a\0b";
	const char jbuf[] = "{\"cmd\":\"x\"}\0";

	(void)state;
	p.rc = proto_request_parse(&p.req, buf, sizeof(buf) - 1, p.msg, sizeof(p.msg));
	assert_int_equal(p.rc, WG_E_BAD_REQUEST);
	assert_non_null(strstr(p.msg, "NUL"));
	assert_null(p.req.raw);
	proto_request_release(&p.req);
	p.rc = proto_request_parse(&p.req, jbuf, sizeof(jbuf) - 1, p.msg, sizeof(p.msg));
	assert_int_equal(p.rc, WG_E_BAD_REQUEST);
	proto_request_release(&p.req);
}

static void test_argv_writable_and_msg_optional(void **state)
{
	struct proto_request req;

	(void)state;
	assert_int_equal(proto_request_parse(&req, "MOVE a", 6, NULL, 0), 0);
	req.argv[0][0] = 'm'; /* e.g. the server lowercasing in place */
	assert_string_equal(req.argv[0], "mOVE");
	assert_string_equal(req.raw, "a");
	proto_request_release(&req);
	assert_int_equal(req.argc, 0);
	assert_null(req.raw);
	/* a released request can be parsed into again */
	assert_int_equal(proto_request_parse(&req, "x \"", 3, NULL, 0), WG_E_BAD_REQUEST);
	proto_request_release(&req);
	/* a tiny message buffer is truncated, still terminated */
	{
		char small[6];

		assert_int_equal(proto_request_parse(&req, "x \"", 3, small, sizeof(small)),
		                 WG_E_BAD_REQUEST);
		assert_int_equal(strlen(small), 5);
		proto_request_release(&req);
	}
}

static void test_json_full(void **state)
{
	(void)state;
	expect_ok(
	    "{\"tag\":\"t1\",\"cmd\":\"move\",\"args\":[\"9/3\",\"2638\"],\"game\":12,\"v\":5}", 1,
	    "t1", "9/3 2638", 5, (const char *[]){"move", "game=12", "v=5", "9/3", "2638"});
	/* member order does not matter; game/v always come right after the verb,
	 * in that order, before any free text */
	expect_ok("  {\"v\":0,\"game\":3,\"args\":[\"a b\"],\"cmd\":\"Say\"}  ", 1, "", "a b", 4,
	          (const char *[]){"Say", "game=3", "v=0", "a b"});
}

static void test_json_optional_members(void **state)
{
	(void)state;
	expect_ok("{\"cmd\":\"look\"}", 1, "", "", 1, (const char *[]){"look"});
	expect_ok("{\"cmd\":\"look\",\"args\":[]}", 1, "", "", 1, (const char *[]){"look"});
	expect_ok("{\"cmd\":\"look\",\"args\":null,\"game\":null,\"v\":null,\"tag\":null}", 1, "",
	          "", 1, (const char *[]){"look"});
	expect_ok("{\"cmd\":\"look\",\"tag\":\"\"}", 1, "", "", 1, (const char *[]){"look"});
	expect_ok("{\"cmd\":\"look\",\"game\":-4}", 1, "", "", 2,
	          (const char *[]){"look", "game=-4"});
	expect_ok("{\"cmd\":\"look\",\"v\":7}", 1, "", "", 2, (const char *[]){"look", "v=7"});
	/* unknown members are ignored */
	expect_ok("{\"cmd\":\"look\",\"extra\":{\"deep\":[1,2]}}", 1, "", "", 1,
	          (const char *[]){"look"});
	/* args may hold empty strings, UTF-8, quotes and tabs */
	expect_ok("{\"cmd\":\"say\",\"args\":[\"\",\"caf\\u00e9\",\"q\\\"\",\"a\\tb\"]}", 1, "",
	          " caf\xc3\xa9 q\" a\tb", 5,
	          (const char *[]){"say", "", "caf\xc3\xa9", "q\"", "a\tb"});
}

static void test_json_numbers(void **state)
{
	(void)state;
	expect_ok("{\"cmd\":\"n\",\"args\":[1,-2,3.5,1e3,0.1,2.0,-0,123456789012,1e20,1.5e-7]}", 1,
	          "", "1 -2 3.5 1000 0.1 2 0 123456789012 1e+20 1.5e-07", 11,
	          (const char *[]){"n", "1", "-2", "3.5", "1000", "0.1", "2", "0", "123456789012",
	                           "1e+20", "1.5e-07"});
	expect_ok("{\"cmd\":\"n\",\"args\":[\"9/3\",2638],\"game\":12.0}", 1, "", "9/3 2638", 4,
	          (const char *[]){"n", "game=12", "9/3", "2638"});
	expect_ok("{\"cmd\":\"n\",\"game\":9007199254740993}", 1, "", "", 2,
	          (const char *[]){"n", "game=9007199254740992"});
}

static void test_json_rejections(void **state)
{
	(void)state;
	expect_fail("{\"cmd\":", WG_E_BAD_REQUEST, "invalid JSON", "");
	expect_fail("{\"cmd\":\"x\"} trailing", WG_E_BAD_REQUEST, "invalid JSON", "");
	expect_fail("{\"cmd\":\"x\"}{}", WG_E_BAD_REQUEST, "invalid JSON", "");
	expect_fail("{cmd:\"x\"}", WG_E_BAD_REQUEST, "invalid JSON", "");
	expect_fail("[\"move\",1]", WG_E_BAD_REQUEST, "must be an object", "");
	expect_fail("[]", WG_E_BAD_REQUEST, "must be an object", "");
	expect_fail("{}", WG_E_BAD_REQUEST, "missing \"cmd\"", "");
	expect_fail("{\"tag\":\"t9\",\"args\":[]}", WG_E_BAD_REQUEST, "missing \"cmd\"", "t9");
	expect_fail("{\"tag\":\"t9\",\"cmd\":5}", WG_E_BAD_REQUEST, "\"cmd\" must be", "t9");
	expect_fail("{\"cmd\":\"\"}", WG_E_BAD_REQUEST, "\"cmd\" must be", "");
	expect_fail("{\"cmd\":null}", WG_E_BAD_REQUEST, "\"cmd\" must be", "");
	expect_fail("{\"cmd\":\"two words\"}", WG_E_BAD_REQUEST, "\"cmd\" must be", "");
	expect_fail("{\"cmd\":\"a\\nb\"}", WG_E_BAD_REQUEST, "\"cmd\" must be", "");
	expect_fail("{\"cmd\":[\"x\"]}", WG_E_BAD_REQUEST, "\"cmd\" must be", "");
	expect_fail("{\"cmd\":\"x\",\"args\":\"a b\"}", WG_E_BAD_REQUEST,
	            "\"args\" must be an array", "");
	expect_fail("{\"cmd\":\"x\",\"args\":{\"a\":1}}", WG_E_BAD_REQUEST,
	            "\"args\" must be an array", "");
	expect_fail("{\"tag\":\"n1\",\"cmd\":\"x\",\"args\":[\"a\",[\"b\"]]}", WG_E_BAD_REQUEST,
	            "only strings and numbers", "n1");
	expect_fail("{\"cmd\":\"x\",\"args\":[{\"a\":1}]}", WG_E_BAD_REQUEST,
	            "only strings and numbers", "");
	expect_fail("{\"cmd\":\"x\",\"args\":[true]}", WG_E_BAD_REQUEST, "only strings and numbers",
	            "");
	expect_fail("{\"cmd\":\"x\",\"args\":[null]}", WG_E_BAD_REQUEST, "only strings and numbers",
	            "");
	expect_fail("{\"cmd\":\"x\",\"args\":[\"a\\nb\"]}", WG_E_BAD_REQUEST, "control characters",
	            "");
	expect_fail("{\"cmd\":\"x\",\"args\":[\"\\u001b[2J\"]}", WG_E_BAD_REQUEST,
	            "control characters", "");
	expect_fail("{\"cmd\":\"x\",\"args\":[1e999]}", WG_E_BAD_REQUEST, "finite", "");
	expect_fail("{\"cmd\":\"x\",\"game\":\"12\"}", WG_E_BAD_REQUEST,
	            "\"game\" must be an integer", "");
	expect_fail("{\"cmd\":\"x\",\"game\":1.5}", WG_E_BAD_REQUEST, "\"game\" must be an integer",
	            "");
	expect_fail("{\"cmd\":\"x\",\"game\":1e300}", WG_E_BAD_REQUEST,
	            "\"game\" must be an integer", "");
	expect_fail("{\"cmd\":\"x\",\"v\":true}", WG_E_BAD_REQUEST, "\"v\" must be an integer", "");
	expect_fail("{\"cmd\":\"x\",\"tag\":\"has space\"}", WG_E_BAD_REQUEST, "bad \"tag\"", "");
	expect_fail("{\"cmd\":\"x\",\"tag\":7}", WG_E_BAD_REQUEST, "bad \"tag\"", "");
	expect_fail("{\"cmd\":\"x\",\"tag\":\"x\\u0000y\"}", WG_E_BAD_REQUEST, "u0000", "");
	expect_fail("{\"cmd\":\"say\",\"args\":[\"a\\u0000b\"]}", WG_E_BAD_REQUEST, "u0000", "");
}

static void test_json_escaped_backslash_before_u0000_is_text(void **state)
{
	(void)state;
	/* "\\u0000" is a backslash followed by the text u0000, not a NUL */
	expect_ok("{\"cmd\":\"say\",\"args\":[\"\\\\u0000\"]}", 1, "", "\\u0000", 2,
	          (const char *[]){"say", "\\u0000"});
	/* an escaped quote does not end the string: the \u0000 after it is seen */
	expect_fail("{\"cmd\":\"say\",\"args\":[\"\\\"\\u0000\"]}", WG_E_BAD_REQUEST, "u0000", "");
}

static void test_json_tag_length(void **state)
{
	char line[200], tag[70];

	(void)state;
	memset(tag, 'T', 64);
	tag[64] = '\0';
	snprintf(line, sizeof(line), "{\"tag\":\"%s\",\"cmd\":\"x\"}", tag);
	expect_ok(line, 1, tag, "", 1, (const char *[]){"x"});
	snprintf(line, sizeof(line), "{\"tag\":\"%sT\",\"cmd\":\"x\"}", tag);
	expect_fail(line, WG_E_BAD_REQUEST, "bad \"tag\"", "");
}

static void test_json_argument_limit(void **state)
{
	char line[1024];
	size_t n;
	int i;
	struct parsed p;

	(void)state;
	/* verb + 61 args + game + v == 64 */
	n = (size_t)snprintf(line, sizeof(line), "{\"tag\":\"L\",\"cmd\":\"x\",\"args\":[0");
	for (i = 1; i < 61; i++)
		n += (size_t)snprintf(line + n, sizeof(line) - n, ",%d", i);
	snprintf(line + n, sizeof(line) - n, "],\"game\":1,\"v\":2}");
	parse(&p, line);
	assert_int_equal(p.rc, 0);
	assert_int_equal(p.req.argc, PROTO_MAX_ARGS);
	assert_string_equal(p.req.argv[1], "game=1");
	assert_string_equal(p.req.argv[2], "v=2");
	assert_string_equal(p.req.argv[63], "60");
	proto_request_release(&p.req);
	/* one more argument is too many */
	snprintf(line + n, sizeof(line) - n, ",61],\"game\":1,\"v\":2}");
	expect_fail(line, WG_E_BAD_ARGS, "too many arguments", "L");
	/* but without v it fits again */
	snprintf(line + n, sizeof(line) - n, ",61],\"game\":1}");
	parse(&p, line);
	assert_int_equal(p.rc, 0);
	assert_int_equal(p.req.argc, PROTO_MAX_ARGS);
	proto_request_release(&p.req);
}

static void test_json_detection(void **state)
{
	(void)state;
	/* text verbs that merely contain braces stay text */
	expect_ok("x{\"cmd\":1}", 0, "", "", 1, (const char *[]){"x{\"cmd\":1}"});
	/* a tag prefix means text, whatever follows */
	expect_ok("@t {\"cmd\":\"x\"}", 0, "t", "", 1, (const char *[]){"{\"cmd\":\"x\"}"});
	{
		struct parsed p;

		parse(&p, "[");
		assert_int_equal(p.rc, WG_E_BAD_REQUEST);
		assert_int_equal(p.req.json, 1); /* flagged even though invalid */
		proto_request_release(&p.req);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_text_basic),
	    cmocka_unit_test(test_text_raw_exactly_as_typed),
	    cmocka_unit_test(test_text_blank_lines),
	    cmocka_unit_test(test_text_tags),
	    cmocka_unit_test(test_text_errors_keep_tag),
	    cmocka_unit_test(test_text_not_nul_terminated),
	    cmocka_unit_test(test_nul_byte_refused),
	    cmocka_unit_test(test_argv_writable_and_msg_optional),
	    cmocka_unit_test(test_json_full),
	    cmocka_unit_test(test_json_optional_members),
	    cmocka_unit_test(test_json_numbers),
	    cmocka_unit_test(test_json_rejections),
	    cmocka_unit_test(test_json_escaped_backslash_before_u0000_is_text),
	    cmocka_unit_test(test_json_tag_length),
	    cmocka_unit_test(test_json_argument_limit),
	    cmocka_unit_test(test_json_detection),
	};

	return cmocka_run_group_tests(tests, setup_hooks, NULL);
}
