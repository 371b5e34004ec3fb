/*
 * test_tokenize.c -- unit tests for protocol/tokenize.c.
 *
 * Covers the grammar of tokenize.h (blanks, quotes, escapes, literal quotes
 * inside words, the closing quote ending an argument), both errors
 * (unterminated quote, too many arguments) with argc reset, the argv-offset
 * guarantee request.c relies on, the exact output of proto_quote and
 * proto_join, and the round-trip property join -> tokenize over fixed
 * tricky strings and many pseudo-random ones (blanks, quotes, backslashes,
 * UTF-8, empty strings).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "protocol/tokenize.h"
#include "common/errors.h"

#define MAXA 16

/* Tokenizes a copy of s; returns the result code, fills argv/argc. */
static int tok(char *copy, size_t size, const char *s, char **argv, int max, int *argc)
{
	snprintf(copy, size, "%s", s);
	return proto_tokenize(copy, argv, max, argc);
}

static void expect_args(const char *line, int n, const char *const *want)
{
	char copy[512];
	char *argv[MAXA];
	int argc = -1, i;

	assert_int_equal(tok(copy, sizeof(copy), line, argv, MAXA, &argc), 0);
	assert_int_equal(argc, n);
	for (i = 0; i < n; i++)
		assert_string_equal(argv[i], want[i]);
}

static void test_plain_words(void **state)
{
	(void)state;
	expect_args("move 9/3 2638", 3, (const char *[]){"move", "9/3", "2638"});
	expect_args("  \t move\t\t9/3   2638 \t ", 3, (const char *[]){"move", "9/3", "2638"});
	expect_args("one", 1, (const char *[]){"one"});
	expect_args("MiXeD CaSe", 2, (const char *[]){"MiXeD", "CaSe"});
}

static void test_empty_and_blank(void **state)
{
	char copy[16];
	char *argv[MAXA];
	int argc = -1;

	(void)state;
	assert_int_equal(tok(copy, sizeof(copy), "", argv, MAXA, &argc), 0);
	assert_int_equal(argc, 0);
	argc = -1;
	assert_int_equal(tok(copy, sizeof(copy), " \t  \t", argv, MAXA, &argc), 0);
	assert_int_equal(argc, 0);
	/* zero allowed arguments is fine for a blank line */
	argc = -1;
	assert_int_equal(tok(copy, sizeof(copy), "   ", argv, 0, &argc), 0);
	assert_int_equal(argc, 0);
}

static void test_only_space_and_tab_separate(void **state)
{
	(void)state;
	/* CR, LF, VT and FF are argument text, not separators */
	expect_args("a\rb c\nd\v\f", 2, (const char *[]){"a\rb", "c\nd\v\f"});
}

static void test_quotes(void **state)
{
	(void)state;
	expect_args("say \"hello world\"", 2, (const char *[]){"say", "hello world"});
	expect_args("\"\"", 1, (const char *[]){""});
	expect_args("a \"\" b", 3, (const char *[]){"a", "", "b"});
	expect_args("\"  padded\t\"", 1, (const char *[]){"  padded\t"});
	expect_args("\"quoted verb\" x", 2, (const char *[]){"quoted verb", "x"});
}

static void test_escapes(void **state)
{
	(void)state;
	expect_args("\"a\\\"b\"", 1, (const char *[]){"a\"b"});
	expect_args("\"a\\\\b\"", 1, (const char *[]){"a\\b"});
	expect_args("\"\\\\\"", 1, (const char *[]){"\\"});
	expect_args("\"\\\"\"", 1, (const char *[]){"\""});
	/* any other backslash stays as is */
	expect_args("\"a\\nb\\x\"", 1, (const char *[]){"a\\nb\\x"});
	/* backslashes outside quotes are literal, no escaping */
	expect_args("a\\\"b c\\\\d", 2, (const char *[]){"a\\\"b", "c\\\\d"});
}

static void test_literal_quotes_in_words(void **state)
{
	(void)state;
	expect_args("ab\"cd\" e", 2, (const char *[]){"ab\"cd\"", "e"});
	expect_args("x\" y", 2, (const char *[]){"x\"", "y"});
}

static void test_closing_quote_ends_argument(void **state)
{
	(void)state;
	expect_args("\"ab\"cd", 2, (const char *[]){"ab", "cd"});
	expect_args("\"a\"\"b\"", 2, (const char *[]){"a", "b"});
	expect_args("\"\"x", 2, (const char *[]){"", "x"});
}

static void test_unterminated_quote(void **state)
{
	const char *bad[] = {"say \"hello", "\"", "a \"b\\\"", "x \"\\\\\\\"", "\"ok\" \"no"};
	char copy[64];
	char *argv[MAXA];
	size_t i;
	int argc;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		argc = -1;
		assert_int_equal(tok(copy, sizeof(copy), bad[i], argv, MAXA, &argc),
		                 WG_E_BAD_REQUEST);
		assert_int_equal(argc, 0);
	}
}

static void test_max_arguments(void **state)
{
	char line[4 * PROTO_MAX_ARGS + 8];
	char *argv[PROTO_MAX_ARGS];
	int argc, i;
	size_t n = 0;

	(void)state;
	for (i = 0; i < PROTO_MAX_ARGS; i++)
		n += (size_t)snprintf(line + n, sizeof(line) - n, "a%d ", i);
	argc = -1;
	assert_int_equal(proto_tokenize(line, argv, PROTO_MAX_ARGS, &argc), 0);
	assert_int_equal(argc, PROTO_MAX_ARGS);
	assert_string_equal(argv[0], "a0");
	assert_string_equal(argv[PROTO_MAX_ARGS - 1], "a63");

	n = 0;
	for (i = 0; i <= PROTO_MAX_ARGS; i++)
		n += (size_t)snprintf(line + n, sizeof(line) - n, "a%d ", i);
	argc = -1;
	assert_int_equal(proto_tokenize(line, argv, PROTO_MAX_ARGS, &argc), WG_E_BAD_ARGS);
	assert_int_equal(argc, 0);

	/* trailing blanks after exactly max arguments are not an argument */
	snprintf(line, sizeof(line), "a b   \t");
	assert_int_equal(proto_tokenize(line, argv, 2, &argc), 0);
	assert_int_equal(argc, 2);
	snprintf(line, sizeof(line), "a b \"\"");
	assert_int_equal(proto_tokenize(line, argv, 2, &argc), WG_E_BAD_ARGS);
	snprintf(line, sizeof(line), "x");
	assert_int_equal(proto_tokenize(line, argv, 0, &argc), WG_E_BAD_ARGS);
}

static void test_argv_at_original_offsets(void **state)
{
	const char *orig = "  say  \"a \\\"q\\\" b\"\tnext \"\" end";
	char copy[64];
	char *argv[MAXA];
	int argc;

	(void)state;
	assert_int_equal(tok(copy, sizeof(copy), orig, argv, MAXA, &argc), 0);
	assert_int_equal(argc, 5);
	assert_int_equal(argv[0] - copy, 2);
	assert_int_equal(argv[1] - copy, 7); /* the opening quote */
	assert_int_equal(argv[2] - copy, strstr(orig, "next") - orig);
	assert_int_equal(argv[3] - copy, strstr(orig, "\"\"") - orig);
	assert_int_equal(argv[4] - copy, strstr(orig, "end") - orig);
	assert_string_equal(argv[1], "a \"q\" b");
	assert_string_equal(argv[3], "");
}

static void expect_quote(const char *arg, const char *want)
{
	struct proto_buf b = PROTO_BUF_INIT;

	assert_int_equal(proto_buf_adds(&b, "<"), 0);
	assert_int_equal(proto_quote(&b, arg), 0);
	assert_string_equal(b.data + 1, want);
	assert_int_equal(b.data[0], '<'); /* appends, never overwrites */
	proto_buf_release(&b);
}

static void test_quote_exact(void **state)
{
	(void)state;
	expect_quote("plain", "plain");
	expect_quote("9/3", "9/3");
	expect_quote("caf\xc3\xa9", "caf\xc3\xa9");
	expect_quote("", "\"\"");
	expect_quote("two words", "\"two words\"");
	expect_quote("tab\there", "\"tab\there\"");
	expect_quote("say \"hi\"", "\"say \\\"hi\\\"\"");
	expect_quote("back\\slash", "\"back\\\\slash\"");
	expect_quote("\"", "\"\\\"\"");
	expect_quote("\\", "\"\\\\\"");
	expect_quote("@tag", "@tag");
}

static void test_join_exact(void **state)
{
	char *argv[] = {"say", "hello world", "", "x\"y", "plain"};
	struct proto_buf b = PROTO_BUF_INIT;

	(void)state;
	assert_int_equal(proto_join(&b, 5, argv), 0);
	assert_string_equal(b.data, "say \"hello world\" \"\" \"x\\\"y\" plain");
	proto_buf_reset(&b);
	assert_int_equal(proto_join(&b, 0, argv), 0);
	assert_true(b.data == NULL || b.data[0] == '\0');
	assert_int_equal(b.len, 0);
	assert_int_equal(proto_join(&b, 1, argv + 2), 0);
	assert_string_equal(b.data, "\"\"");
	proto_buf_release(&b);
}

/* join(argv) -> tokenize must give argv back exactly. */
static void check_round_trip(int argc, char **argv)
{
	struct proto_buf b = PROTO_BUF_INIT;
	char *back[PROTO_MAX_ARGS];
	int n = -1, i;

	assert_int_equal(proto_join(&b, argc, argv), 0);
	assert_non_null(b.data);
	assert_int_equal(proto_tokenize(b.data, back, PROTO_MAX_ARGS, &n), 0);
	assert_int_equal(n, argc);
	for (i = 0; i < argc; i++)
		assert_string_equal(back[i], argv[i]);
	proto_buf_release(&b);
}

static void test_round_trip_fixed(void **state)
{
	char *tricky[] = {
	    "",
	    " ",
	    "\t",
	    "\"",
	    "\\",
	    "\\\"",
	    "\"\\",
	    "a b",
	    " lead",
	    "trail ",
	    "\"quoted\"",
	    "x\"",
	    "\\\\",
	    "end\\",
	    "\\n",
	    "@tag",
	    "caf\xc3\xa9",
	    "\xe2\x82\xac 5",
	    "\xf0\x9d\x84\x9e",
	    "\"\"",
	    "a\"b\"c",
	    "mid\\\"dle",
	    "  ",
	    "\t\" \\ \t",
	};
	int n = (int)(sizeof(tricky) / sizeof(tricky[0]));
	int i;

	(void)state;
	check_round_trip(n, tricky);
	for (i = 0; i < n; i++)
		check_round_trip(1, &tricky[i]);
}

static uint32_t rng_next(uint32_t *s)
{
	/* xorshift32: deterministic, so a failure reproduces */
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static void test_round_trip_random(void **state)
{
	static const char *const pieces[] = {
	    " ",
	    "\t",
	    "\"",
	    "\\",
	    "a",
	    "Z",
	    "9",
	    "@",
	    "=",
	    "/",
	    "-",
	    "\xc3\xa9",
	    "\xe2\x82\xac",
	    "\xf0\x9f\x8e\xb2",
	    "\\\"",
	    "\"\"",
	    "  ",
	};
	const int npieces = (int)(sizeof(pieces) / sizeof(pieces[0]));
	char storage[12][64];
	char *argv[12];
	uint32_t seed = 0x9e3779b9u;
	int iter, argc, i, k, len;

	(void)state;
	for (iter = 0; iter < 20000; iter++) {
		argc = 1 + (int)(rng_next(&seed) % 12);
		for (i = 0; i < argc; i++) {
			storage[i][0] = '\0';
			len = (int)(rng_next(&seed) % 9); /* 0 pieces: the empty string */
			for (k = 0; k < len; k++)
				strcat(storage[i], pieces[rng_next(&seed) % (uint32_t)npieces]);
			argv[i] = storage[i];
		}
		check_round_trip(argc, argv);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_plain_words),
	    cmocka_unit_test(test_empty_and_blank),
	    cmocka_unit_test(test_only_space_and_tab_separate),
	    cmocka_unit_test(test_quotes),
	    cmocka_unit_test(test_escapes),
	    cmocka_unit_test(test_literal_quotes_in_words),
	    cmocka_unit_test(test_closing_quote_ends_argument),
	    cmocka_unit_test(test_unterminated_quote),
	    cmocka_unit_test(test_max_arguments),
	    cmocka_unit_test(test_argv_at_original_offsets),
	    cmocka_unit_test(test_quote_exact),
	    cmocka_unit_test(test_join_exact),
	    cmocka_unit_test(test_round_trip_fixed),
	    cmocka_unit_test(test_round_trip_random),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
