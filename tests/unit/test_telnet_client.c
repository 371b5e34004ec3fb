/*
 * test_telnet_client.c -- the bundled client's side of the prompted password
 * forms (client/classify.c, client/lineedit.c): which request lines ask for
 * prompts and how many, which server bytes are a prompt, and the line
 * editor's secret mode (nothing typed is drawn, no history, wiped after).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "client/classify.h"
#include "client/history.h"
#include "client/lineedit.h"

#define PROMPTS(s) cli_line_prompts((s), strlen(s))
#define PLEN(s)    cli_prompt_len((s), strlen(s))

static void test_requests_that_prompt(void **state)
{
	(void)state;
	assert_int_equal(PROMPTS("login ann"), 1);
	assert_int_equal(PROMPTS("LOGIN ann"), 1);
	assert_int_equal(PROMPTS("  login\tann  "), 1);
	assert_int_equal(PROMPTS("@t1 login ann"), 1);
	assert_int_equal(PROMPTS("register bob"), 2);
	assert_int_equal(PROMPTS("password"), 2);
	assert_int_equal(PROMPTS("@p Password"), 2);
	/* the one-line forms, wrong arity and other verbs do not */
	assert_int_equal(PROMPTS("login ann secret"), 0);
	assert_int_equal(PROMPTS("login"), 0);
	assert_int_equal(PROMPTS("register bob pw-pw-pw"), 0);
	assert_int_equal(PROMPTS("password old new"), 0);
	assert_int_equal(PROMPTS("password old"), 0);
	assert_int_equal(PROMPTS("loginx ann"), 0);
	assert_int_equal(PROMPTS("say login ann"), 0);
	assert_int_equal(PROMPTS(""), 0);
	/* a JSON request never prompts */
	assert_int_equal(PROMPTS("{\"cmd\":\"login\",\"args\":[\"ann\"]}"), 0);
}

static void test_server_prompts(void **state)
{
	(void)state;
	assert_int_equal(PLEN("password: "), 10);
	assert_int_equal(PLEN("password again: "), 16);
	assert_int_equal(PLEN("old password: "), 14);
	assert_int_equal(PLEN("new password: "), 14);
	/* a notification that came right after it */
	assert_int_equal(PLEN("password: * chat game=1 hi"), 10);
	assert_int_equal(PLEN("password:"), 0);
	assert_int_equal(PLEN("passwords: "), 0);
	assert_int_equal(PLEN("  password: x"), 0);
	assert_int_equal(PLEN("ok password changed"), 0);
}

/* Feeds keys to le; returns the last event that is not NONE. */
static enum cli_le_event type(struct cli_le *le, const char *keys, struct proto_buf *out)
{
	enum cli_le_event ev = CLI_LE_NONE, e;

	for (; *keys != '\0'; keys++) {
		e = cli_le_feed(le, (unsigned char)*keys, out);
		if (e != CLI_LE_NONE)
			ev = e;
	}
	return ev;
}

static void test_secret_line_is_never_drawn(void **state)
{
	struct cli_history hist;
	struct cli_le le;
	struct proto_buf out = PROTO_BUF_INIT;
	const char *line;
	size_t len;

	(void)state;
	cli_history_init(&hist, 10);
	cli_history_add(&hist, "ping", 4, 0);
	cli_le_init(&le, "wargame> ", &hist);
	cli_le_show(&le, &out);
	cli_le_set_prompt(&le, "password: ", 1, &out);
	assert_non_null(strstr(out.data, "password: "));
	proto_buf_reset(&out);
	/* typing, editing and the history keys draw nothing of the line */
	assert_int_equal(type(&le, "s3cr", &out), CLI_LE_NONE);
	assert_int_equal(type(&le, "\x1b[D\x1b[A\x10", &out), CLI_LE_NONE); /* Left, Up, ^P */
	assert_int_equal(type(&le, "\x7fr3t", &out), CLI_LE_NONE);
	assert_null(memchr(out.data, '3', out.len)); /* the prompt has no digit */
	assert_null(strstr(out.data, "ping"));
	assert_null(strstr(out.data, "r3t"));
	assert_int_equal(type(&le, "\r", &out), CLI_LE_LINE);
	line = cli_le_accepted(&le, &len);
	assert_int_equal(len, 6);
	assert_memory_equal(line, "s3cr3t", 6);
	assert_null(strstr(out.data, "s3c"));
	/* wiped afterwards */
	cli_le_wipe(&le);
	line = cli_le_accepted(&le, &len);
	assert_int_equal(len, 0);
	assert_string_equal(line, "");
	/* back to the usual prompt: typing shows again */
	proto_buf_reset(&out);
	cli_le_set_prompt(&le, "wargame> ", 0, &out);
	type(&le, "who", &out);
	assert_non_null(strstr(out.data, "who"));
	cli_le_release(&le);
	cli_history_release(&hist);
	proto_buf_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_requests_that_prompt),
	    cmocka_unit_test(test_server_prompts),
	    cmocka_unit_test(test_secret_line_is_never_drawn),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
