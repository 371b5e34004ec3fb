/*
 * test_e2e_telnet.c -- terminal users (issue 8), against the real daemon:
 * a fake telnet client (a socket that speaks IAC) typing its passwords on
 * prompted lines with the echo negotiated off and on around them, never
 * seeing them echoed, and changing the width of `help` with NAWS; a
 * netcat-like client (LF line ends) and a JSON client that never receive
 * an IAC byte; a client sending CR LF as Debian's telnet does on a port
 * other than 23 (it sends no option by itself) offered the echo all the
 * same; a long refusal over text mode arriving whole within 80 columns;
 * spectators left alone by the idle timeout; the bundled client `wargame`
 * answering prompts from a pipe.
 */
#define _GNU_SOURCE /* memmem */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "client_proc.h"
#include "e2e.h"
#include "e2e_assert.h"

#define IAC  "\xff"
#define WILL "\xfb"
#define WONT "\xfc"
#define DO   "\xfd"
#define DONT "\xfe"
#define SB   "\xfa"
#define SE   "\xf0"
#define ECHO "\x01"
#define NAWS "\x1f"

static struct e2e_server server;

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int start_with(const char *const *args)
{
	return e2e_server_start(&server, WG_TEST_DAEMON, args);
}

static int start_default(void **state)
{
	static const char *const args[] = {"--data-dir", WG_RACE_DIR, "--log-level", "debug", NULL};

	(void)state;
	return start_with(args);
}

static int start_short_idle(void **state)
{
	static const char *const args[] = {"--data-dir", WG_RACE_DIR, "--idle-timeout", "1", NULL};

	(void)state;
	return start_with(args);
}

static int stop_server(void **state)
{
	(void)state;
	assert_true(e2e_server_alive(&server));
	assert_int_equal(e2e_server_stop(&server), 0);
	e2e_server_cleanup(&server);
	return 0;
}

/* Raw bytes from the server, as a telnet client gets them. */
struct raw {
	char buf[65536];
	size_t len;
};

/* Reads into r until needle (nlen bytes) has arrived; 1 if it did within E2E_TIMEOUT_MS. */
static int read_until(struct e2e_client *c, struct raw *r, const char *needle, size_t nlen)
{
	long long end = now_ms() + E2E_TIMEOUT_MS;

	/* what the harness had read past the greeting comes first */
	if (c->inlen > 0) {
		memcpy(r->buf + r->len, c->in, c->inlen);
		r->len += c->inlen;
		c->inlen = 0;
	}
	while (memmem(r->buf, r->len, needle, nlen) == NULL) {
		struct pollfd p = {.fd = c->fd, .events = POLLIN};
		long long left = end - now_ms();
		ssize_t n;

		if (left <= 0 || r->len >= sizeof(r->buf) || poll(&p, 1, (int)left) <= 0)
			return 0;
		n = recv(c->fd, r->buf + r->len, sizeof(r->buf) - r->len, 0);
		if (n <= 0)
			return 0;
		r->len += (size_t)n;
	}
	return 1;
}

#define READ_UNTIL(c, r, lit) assert_true(read_until(c, r, lit, sizeof(lit) - 1))
#define SEND(c, lit)          assert_int_equal(e2e_send(c, lit, sizeof(lit) - 1), 0)

/* Offset of needle in r (it must be there). */
static size_t at(const struct raw *r, const char *needle, size_t nlen)
{
	const char *p = memmem(r->buf, r->len, needle, nlen);

	assert_non_null(p);
	return (size_t)(p - r->buf);
}

#define AT(r, lit) at(r, lit, sizeof(lit) - 1)

static int has(const struct raw *r, const char *needle, size_t nlen)
{
	return memmem(r->buf, r->len, needle, nlen) != NULL;
}

/* The lines of r from offset from to the line that starts with final; each must fit cols.
 * Returns the number of lines. */
static int lines_fit(const struct raw *r, size_t from, const char *final, int cols)
{
	const char *p = r->buf + from, *end = r->buf + r->len;
	int n = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len;

		assert_non_null(nl);
		len = (size_t)(nl - p);
		if (len > 0 && p[len - 1] == '\r')
			len--;
		if ((int)len > cols)
			fail_msg("line wider than %d: %.*s", cols, (int)len, p);
		n++;
		if (strncmp(p, final, strlen(final)) == 0)
			break;
		p = nl + 1;
	}
	return n;
}

static void test_telnet_client_types_hidden_passwords(void **state)
{
	static struct e2e_client tn;
	struct raw r = {.len = 0};
	size_t will, prompt, again, wont, ok;

	(void)state;
	assert_int_equal(e2e_connect(&tn, server.port), 0);
	/* the client offers its window size, as telnet does on port 23 */
	SEND(&tn, IAC WILL NAWS IAC SB NAWS "\x00\x64\x00\x1e" IAC SE);
	READ_UNTIL(&tn, &r, IAC DO NAWS);

	/* register: two prompts, the echo offered before the first */
	SEND(&tn, "register tina\r\n");
	READ_UNTIL(&tn, &r, "password: ");
	will = AT(&r, IAC WILL ECHO);
	prompt = AT(&r, "password: ");
	assert_true(will < prompt);
	SEND(&tn, IAC DO ECHO);
	SEND(&tn, "hidden-pw-1\r\n");
	READ_UNTIL(&tn, &r, "password again: ");
	again = AT(&r, "password again: ");
	/* the server echoes the line end only, and keeps echoing for the second prompt */
	assert_memory_equal(r.buf + prompt, "password: \npassword again: ", again + 16 - prompt);
	SEND(&tn, "hidden-pw-1\r\n");
	READ_UNTIL(&tn, &r, "ok registered tina");
	wont = AT(&r, IAC WONT ECHO);
	ok = AT(&r, "ok registered tina");
	assert_true(again < wont && wont < ok);
	SEND(&tn, IAC DONT ECHO);

	/* login: one prompt, the same dance */
	r.len = 0;
	SEND(&tn, "@t1 login tina\r\n");
	READ_UNTIL(&tn, &r, "password: ");
	assert_memory_equal(r.buf, IAC WILL ECHO "password: ", 13);
	SEND(&tn, IAC DO ECHO "hidden-pw-1\r\n");
	READ_UNTIL(&tn, &r, "@t1 ok logged in as tina\n");
	assert_true(AT(&r, "password: ") < AT(&r, IAC WONT ECHO));
	assert_true(AT(&r, IAC WONT ECHO) < AT(&r, "@t1 ok logged in as tina"));
	SEND(&tn, IAC DONT ECHO);

	/* password: old and new, on lines of their own */
	r.len = 0;
	SEND(&tn, "password\r\n");
	READ_UNTIL(&tn, &r, "old password: ");
	SEND(&tn, IAC DO ECHO "hidden-pw-1\r\n");
	READ_UNTIL(&tn, &r, "new password: ");
	SEND(&tn, "hidden-pw-2\r\n");
	READ_UNTIL(&tn, &r, "ok password changed\n");
	assert_true(AT(&r, "new password: ") < AT(&r, IAC WONT ECHO));
	SEND(&tn, IAC DONT ECHO);

	/* a misspelt login: its arguments are not logged either (issue 15) */
	SEND(&tn, "lgoin tina typo-pw-9\r\n");
	READ_UNTIL(&tn, &r, "err unknown-verb");
	/* the passwords never came back, nor reached the log (at debug level) */
	SEND(&tn, "quit\r\n");
	READ_UNTIL(&tn, &r, "ok bye");
	assert_false(has(&r, "hidden-pw", 9));
	assert_false(e2e_log_contains(&server, "hidden-pw"));
	assert_false(e2e_log_contains(&server, "typo-pw-9"));
	assert_true(e2e_log_contains(&server, "request lgoin (not a server command"));
	assert_true(e2e_log_contains(&server, "request login (arguments not logged)"));
	e2e_close(&tn);

	/* the new password works, in the one-line form */
	assert_int_equal(e2e_connect(&tn, server.port), 0);
	cmd_ok(&tn, "login tina hidden-pw-2");
	e2e_close(&tn);
}

static void test_naws_sets_the_width_of_help(void **state)
{
	static struct e2e_client tn;
	struct raw r = {.len = 0};
	size_t from;
	int n40, n80;

	(void)state;
	assert_int_equal(e2e_connect(&tn, server.port), 0);
	SEND(&tn, IAC WILL NAWS IAC SB NAWS "\x00\x28\x00\x18" IAC SE "help\r\n");
	READ_UNTIL(&tn, &r, "ok help\n");
	from = AT(&r, "  session commands:");
	n40 = lines_fit(&r, from, "ok help", 40);
	/* a wider window: the same help in fewer, longer lines */
	r.len = 0;
	SEND(&tn, IAC SB NAWS "\x00\x50\x00\x18" IAC SE "help\r\n");
	READ_UNTIL(&tn, &r, "ok help\n");
	n80 = lines_fit(&r, 0, "ok help", 80);
	assert_true(n80 < n40);
	/* some lines use the width: wider than 40 */
	{
		int wide = 0;
		for (const char *p = r.buf; p < r.buf + r.len;) {
			const char *nl = memchr(p, '\n', (size_t)(r.buf + r.len - p));
			if (nl == NULL)
				break;
			wide += nl - p > 60;
			p = nl + 1;
		}
		assert_true(wide > 10);
	}
	/* a silly size is clamped: 5 columns count as 32 */
	r.len = 0;
	SEND(&tn, IAC SB NAWS "\x00\x05\x00\x05" IAC SE "help whoami\r\n");
	READ_UNTIL(&tn, &r, "\nok\n");
	lines_fit(&r, 0, "ok", 32);
	assert_true(has(&r, "  Shows who this connection is", 30));
	e2e_close(&tn);
}

static void test_netcat_and_json_clients_get_no_iac(void **state)
{
	static struct e2e_client nc, js;
	struct raw r = {.len = 0};

	(void)state;
	/* LF line ends: the prompt comes without any negotiation */
	assert_int_equal(e2e_connect(&nc, server.port), 0);
	SEND(&nc, "register nico\n");
	READ_UNTIL(&nc, &r, "password: ");
	SEND(&nc, "netcat-pw\n");
	READ_UNTIL(&nc, &r, "password again: ");
	SEND(&nc, "netcat-pw\n");
	READ_UNTIL(&nc, &r, "ok registered nico;");
	assert_memory_equal(r.buf, "password: password again: ok registered nico", 44);
	/* a mismatch is refused, and what was typed is forgotten */
	r.len = 0;
	SEND(&nc, "register nico2\n");
	READ_UNTIL(&nc, &r, "password: ");
	SEND(&nc, "netcat-pw\n");
	READ_UNTIL(&nc, &r, "password again: ");
	SEND(&nc, "netcat-px\n");
	READ_UNTIL(&nc, &r, "err bad-args the two passwords differ; nothing was registered\n");
	/* a JSON request is a program's: its password goes in it, even in text mode */
	SEND(&nc, "{\"cmd\":\"login\",\"args\":[\"nico\"]}\n");
	READ_UNTIL(&nc, &r, "err bad-args in JSON the password goes in the request");
	SEND(&nc, "login nico\nnetcat-pw\n");
	READ_UNTIL(&nc, &r, "ok logged in as nico\n");
	assert_false(has(&r, IAC, 1));
	assert_false(has(&r, "netcat-p", 8));
	e2e_close(&nc);

	/* JSON mode: the password goes in the request, and IAC is never answered */
	assert_int_equal(e2e_connect(&js, server.port), 0);
	cmd_ok(&js, "mode json");
	js.json = 1;
	cmd_err(&js, "bad-args", "{\"tag\":\"l\",\"cmd\":\"login\",\"args\":[\"nico\"]}");
	assert_contains(js.final, "in JSON the password goes in the request");
	SEND(&js, IAC WILL NAWS IAC DO ECHO);
	cmd_ok(&js, "{\"cmd\":\"login\",\"args\":[\"nico\",\"netcat-pw\"]}");
	assert_null(strchr(js.reply, '\xff'));
	e2e_close(&js);
}

/* Debian's telnet sends no option to a port other than 23, but ends its lines in CR LF. */
static void test_crlf_client_is_offered_the_echo(void **state)
{
	static struct e2e_client tn;
	struct raw r = {.len = 0};

	(void)state;
	assert_int_equal(e2e_login_new(&tn, server.port, "debby", "debby-pw"), 0);
	SEND(&tn, "logout\r\n");
	READ_UNTIL(&tn, &r, "ok logged out\n");
	assert_false(has(&r, IAC, 1));
	/* only the prompted form negotiates */
	SEND(&tn, "login debby\r\n");
	READ_UNTIL(&tn, &r, IAC WILL ECHO "password: ");
	/* its DO ECHO shows it speaks telnet: the server then asks for the window size */
	SEND(&tn, IAC DO ECHO);
	READ_UNTIL(&tn, &r, IAC DO NAWS);
	SEND(&tn, IAC WONT NAWS "debby-pw\r\n");
	READ_UNTIL(&tn, &r, "ok logged in as debby\n");
	assert_true(AT(&r, IAC WONT ECHO) < AT(&r, "ok logged in as debby"));
	assert_false(has(&r, "debby-pw", 8));
	e2e_close(&tn);
}

/* A refusal too wide for 80 columns arrives whole: its message above `err <code>`. */
static void test_long_refusal_arrives_whole(void **state)
{
	static struct e2e_client alice, carol;
	const char *msg = "only the players and the spectators of game 1 may chat there "
	                  "(watch 1 first)";
	char line[200];
	const char *p;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&carol, server.port, "carol", "secret-c"), 0);
	cmd_ok(&alice, "new race side=red");
	cmd_err(&carol, "forbidden", "say game=1 hello");
	/* the final line is the code alone; the sentence is in the data lines before it */
	assert_string_equal(carol.final, "err forbidden");
	assert_contains(e2e_flat(carol.reply), msg);
	for (p = carol.reply; *p != '\0'; p += strlen(line) + 1) {
		snprintf(line, sizeof(line), "%.*s", (int)strcspn(p, "\n"), p);
		assert_true(strlen(line) <= 80);
	}
	assert_true(strncmp(carol.reply, "  only the players", 18) == 0);
	/* with a tag, the tag stays on the final line */
	cmd_err(&carol, "forbidden", "@x9 say game=1 hello");
	assert_string_equal(carol.final, "@x9 err forbidden");
	/* a JSON client gets the message as ever, in one line */
	cmd_ok(&carol, "mode json");
	carol.json = 1;
	cmd_err(&carol, "forbidden", "say game=1 hello");
	assert_contains(carol.final, msg);
	e2e_close(&alice);
	e2e_close(&carol);
}

static void test_spectators_are_not_timed_out(void **state)
{
	static struct e2e_client alice, watcher, idle;
	long long start;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice", "secret-a"), 0);
	cmd_ok(&alice, "new race side=red");
	assert_int_equal(e2e_connect(&watcher, server.port), 0);
	assert_int_equal(e2e_connect(&idle, server.port), 0);
	cmd_ok(&watcher, "watch 1");
	start = now_ms();
	/* the silent guest goes; the silent spectator stays, and hears the game */
	assert_non_null(e2e_take_event(&idle, "idle timeout", 5000));
	assert_true(e2e_closed_within(&idle, 3000));
	while (now_ms() - start < 3500)
		usleep(100000);
	cmd_ok(&alice, "say game=1 still there?");
	assert_non_null(e2e_take_event(&watcher, "still there?", E2E_TIMEOUT_MS));
	assert_null(strstr(watcher.events, "idle timeout"));
	cmd_ok(&watcher, "ping");
	/* once it stops watching, the silence counts again */
	cmd_ok(&watcher, "unwatch 1");
	assert_non_null(e2e_take_event(&watcher, "idle timeout", 5000));
	assert_true(e2e_closed_within(&watcher, 3000));
	assert_true(e2e_log_contains(&server, "idle for 1 s without being logged in or watching"));
	e2e_close(&alice);
	e2e_close(&watcher);
	e2e_close(&idle);
}

/* The bundled client in pipe mode: a prompted line goes as the secret, after its prompt. */
static void test_client_answers_prompts(void **state)
{
	struct client_proc_result r;
	char target[64];
	char *argv[] = {(char *)WARGAME_BIN, target, NULL};

	(void)state;
	snprintf(target, sizeof(target), "127.0.0.1:%d", server.port);
	assert_int_equal(client_proc_run(argv,
	                                 "register pia\npiped-pw-1\npiped-pw-1\nlogin pia\n"
	                                 "piped-pw-1\nwhoami\n",
	                                 E2E_TIMEOUT_MS, &r),
	                 0);
	assert_int_equal(r.status, 0);
	assert_contains(r.out, "password: \npassword again: \nok registered pia");
	assert_contains(r.out, "password: \nok logged in as pia\n");
	assert_contains(r.out, "ok pia\n");
	assert_not_contains(r.out, "piped-pw");
	client_proc_free(&r);
	/* refused before any prompt: the lines after it are requests again */
	assert_int_equal(client_proc_run(argv,
	                                 "register 9lives\nping\nlogin nobody\nnope-pw\nping\n",
	                                 E2E_TIMEOUT_MS, &r),
	                 0);
	assert_int_equal(r.status, 0);
	assert_contains(r.out, "err bad-name");
	assert_contains(r.out, "ok pong\npassword: \nerr auth-failed");
	assert_true(strstr(strstr(r.out, "err auth-failed"), "ok pong") != NULL);
	client_proc_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_telnet_client_types_hidden_passwords,
	                                    start_default, stop_server),
	    cmocka_unit_test_setup_teardown(test_naws_sets_the_width_of_help, start_default,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_netcat_and_json_clients_get_no_iac, start_default,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_crlf_client_is_offered_the_echo, start_default,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_long_refusal_arrives_whole, start_default,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_spectators_are_not_timed_out, start_short_idle,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_client_answers_prompts, start_default,
	                                    stop_server),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
