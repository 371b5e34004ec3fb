/*
 * test_cli_classify.c -- the client's framing knowledge (classify.h) and
 * target parsing (conn.h): which server lines end a reply, which typed
 * lines must stay out of the history file, and "host[:port]" forms.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "client/classify.h"
#include "client/conn.h"

#define KIND(s) cli_classify((s), strlen(s))

static void test_server_line_kinds(void **state)
{
	assert_int_equal(KIND("ok"), CLI_LINE_OK);
	assert_int_equal(KIND("ok pong"), CLI_LINE_OK);
	assert_int_equal(KIND("@t7 ok pong"), CLI_LINE_OK);
	assert_int_equal(KIND("err bad-args usage: login <name> <password>"), CLI_LINE_ERR);
	assert_int_equal(KIND("@x err stale game moved"), CLI_LINE_ERR);
	assert_int_equal(KIND("err"), CLI_LINE_ERR);
	assert_int_equal(KIND("  ok this is data"), CLI_LINE_DATA);
	assert_int_equal(KIND("  "), CLI_LINE_DATA);
	assert_int_equal(KIND("* your-turn game=12"), CLI_LINE_NOTICE);
	assert_int_equal(KIND("okay"), CLI_LINE_DATA);
	assert_int_equal(KIND("error"), CLI_LINE_DATA);
	assert_int_equal(KIND("@tag"), CLI_LINE_DATA);
	assert_int_equal(KIND("@ ok"), CLI_LINE_DATA);
	assert_int_equal(KIND("*bold"), CLI_LINE_DATA);
	assert_int_equal(KIND(""), CLI_LINE_DATA);
	assert_int_equal(KIND("{\"event\":\"moved\",\"game\":12}"), CLI_LINE_NOTICE);
	assert_int_equal(KIND("{ \"event\": \"chat\"}"), CLI_LINE_NOTICE);
	assert_int_equal(KIND("{\"tag\":\"a\",\"ok\":true,\"data\":{}}"), CLI_LINE_JSON_REPLY);
	assert_int_equal(KIND("{\"ok\":false,\"error\":{\"code\":\"x\"}}"), CLI_LINE_JSON_REPLY);
	assert_true(cli_line_is_final(CLI_LINE_OK));
	assert_true(cli_line_is_final(CLI_LINE_ERR));
	assert_true(cli_line_is_final(CLI_LINE_JSON_REPLY));
	assert_false(cli_line_is_final(CLI_LINE_DATA));
	assert_false(cli_line_is_final(CLI_LINE_NOTICE));
}

#define SECRET(s) cli_line_is_secret((s), strlen(s))

static void test_secret_lines(void **state)
{
	assert_true(SECRET("login bob hunter2"));
	assert_true(SECRET("LOGIN bob hunter2"));
	assert_true(SECRET("  register alice pw"));
	assert_true(SECRET("@7 password old new"));
	assert_true(SECRET("{\"cmd\":\"login\",\"args\":[\"bob\",\"pw\"]}"));
	assert_true(SECRET("password"));
	assert_false(SECRET("logout"));
	assert_false(SECRET("say my login is easy"));
	assert_false(SECRET("loginx"));
	assert_false(SECRET("{\"cmd\":\"say\",\"args\":[\"hi\"]}"));
	assert_false(SECRET(""));
	assert_true(cli_line_is_blank(" \t ", 3));
	assert_true(cli_line_is_blank("", 0));
	assert_false(cli_line_is_blank(" x", 2));
}

static void expect_target(const char *arg, const char *host, const char *port)
{
	struct cli_target t;
	char *cause = NULL;

	assert_int_equal(cli_target_parse(arg, &t, &cause), 0);
	assert_null(cause);
	assert_string_equal(t.host, host);
	assert_string_equal(t.port, port);
}

static void expect_bad_target(const char *arg)
{
	struct cli_target t;
	char *cause = NULL;

	assert_int_equal(cli_target_parse(arg, &t, &cause), -1);
	assert_non_null(cause);
	free(cause);
}

static void test_targets(void **state)
{
	expect_target(NULL, "127.0.0.1", "4000");
	expect_target("", "127.0.0.1", "4000");
	expect_target("example.org", "example.org", "4000");
	expect_target("example.org:4001", "example.org", "4001");
	expect_target(":4002", "127.0.0.1", "4002");
	expect_target("[::1]:4003", "::1", "4003");
	expect_target("[::1]", "::1", "4000");
	expect_target("::1", "::1", "4000");
	expect_target("10.0.0.1:65535", "10.0.0.1", "65535");
	expect_bad_target("host:0");
	expect_bad_target("host:65536");
	expect_bad_target("host:");
	expect_bad_target("host:12x");
	expect_bad_target("[::1");
	expect_bad_target("[::1]x");
	expect_bad_target("[]:4000");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_server_line_kinds),
	    cmocka_unit_test(test_secret_lines),
	    cmocka_unit_test(test_targets),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
