/*
 * test_e2e_hostile.c -- bad input and bad clients leave the server serving
 * others: over-long lines, random bytes, invalid UTF-8, telnet negotiation,
 * half-open and half-closed connections, clients that never read their
 * replies (they stall only themselves), notifications nobody reads (the
 * output limit), the connection limit, the idle timeout for clients that never
 * log in, the failed-login brake, and a graceful SIGTERM.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "e2e.h"
#include "e2e_assert.h"

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
	static const char *const args[] = {"--data-dir", WG_RACE_DIR, NULL};

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

/* Another, well-behaved client is served normally. */
static void assert_still_serving(void)
{
	static struct e2e_client c;

	assert_int_equal(e2e_connect(&c, server.port), 0);
	cmd_ok(&c, "ping");
	assert_string_equal(c.final, "ok pong");
	e2e_close(&c);
}

static void test_long_lines_are_refused_and_connection_stays_usable(void **state)
{
	static struct e2e_client c;
	static char big[1 << 20];

	(void)state;
	assert_int_equal(e2e_connect(&c, server.port), 0);
	memset(big, 'a', 5000);
	big[5000] = '\0';
	cmd_err(&c, "line-too-long", "%s", big);
	cmd_ok(&c, "ping");
	/* exactly at the limit is accepted as a line (and is an unknown verb) */
	memset(big, 'b', 4096);
	big[4096] = '\0';
	cmd_err(&c, "unknown-verb", "%s", big);
	/* one megabyte in one line: one refusal, then business as usual */
	memset(big, 'c', sizeof(big) - 1);
	big[sizeof(big) - 2] = '\n';
	assert_int_equal(e2e_send(&c, big, sizeof(big) - 1), 0);
	assert_non_null(e2e_reply(&c));
	assert_err(&c, "line-too-long");
	cmd_ok(&c, "ping");
	e2e_close(&c);
	assert_still_serving();
}

static void test_random_bytes_and_bad_text(void **state)
{
	static struct e2e_client c;
	static unsigned char junk[100000];
	unsigned int seed = 12345;

	(void)state;
	assert_int_equal(e2e_connect(&c, server.port), 0);
	cmd_err(&c, "bad-request", "caf\xe9 au lait");    /* Latin-1, not UTF-8 */
	cmd_err(&c, "bad-request", "say \x01\x02");       /* control characters */
	cmd_err(&c, "bad-request", "say \"unterminated"); /* tokenizer */
	cmd_err(&c, "bad-request", "{\"cmd\": 12}");      /* JSON without a verb */
	/* telnet negotiation is answered (DO ECHO refused, WILL SGA refused, the window size
	 * asked for) and taken out of the line; \r\n accepted */
	assert_int_equal(e2e_send(&c, "\xff\xfd\x01\xff\xfb\x03ping\r\n", 12), 0);
	assert_string_equal(e2e_take_event(&c, "ok pong", E2E_TIMEOUT_MS),
	                    "\xff\xfc\x01\xff\xfe\x03\xff\xfd\x1fok pong");

	for (size_t i = 0; i < sizeof(junk); i++)
		junk[i] = (unsigned char)(rand_r(&seed) & 0xff);
	assert_int_equal(e2e_send(&c, junk, sizeof(junk)), 0);
	e2e_pump(&c, 300);
	/* the same connection still answers (unless junk said quit) */
	if (e2e_send(&c, "\nping\n", 6) == 0 && e2e_reply(&c) != NULL)
		assert_true(strstr(c.reply, "ok pong") != NULL || strstr(c.reply, "err") != NULL);
	e2e_close(&c);
	assert_still_serving();
}

static void test_half_open_and_half_closed_connections(void **state)
{
	static struct e2e_client idle[20], c;

	(void)state;
	for (int i = 0; i < 20; i++)
		assert_int_equal(e2e_connect(&idle[i], server.port), 0);
	/* a partial line, then the client stops sending */
	assert_int_equal(e2e_send(&idle[0], "pin", 3), 0);
	assert_still_serving();

	/* half-close: the request sent before shutdown(SHUT_WR) is answered,
	 * then the server closes */
	assert_int_equal(e2e_connect(&c, server.port), 0);
	assert_int_equal(e2e_send(&c, "ping\nwhoami\n", 12), 0);
	shutdown(c.fd, SHUT_WR);
	assert_non_null(e2e_reply(&c));
	assert_string_equal(c.final, "ok pong");
	assert_non_null(e2e_reply(&c));
	assert_contains(c.final, "not logged in");
	assert_true(e2e_closed_within(&c, 3000));
	e2e_close(&c);
	for (int i = 0; i < 20; i++)
		e2e_close(&idle[i]);
	assert_still_serving();
}

static int start_small_output(void **state)
{
	/* the chat flood is the unread output here, not a chat rate to brake */
	static const char *const args[] = {"--data-dir", WG_RACE_DIR,         "--output-limit",
	                                   "65536",      "--chat-per-minute", "100000",
	                                   NULL};

	(void)state;
	return start_with(args);
}

/* The hogs' receive buffer: small, so that the kernel holds little of what they do not read
 * (Linux doubles what is set, and reserves part of it for its own bookkeeping). */
#define HOG_RCVBUF 65536

/* The most a hog's connection can hold in kernel buffers: the server's largest send buffer
 * (tcp_wmem) plus the hog's receive buffer, doubled and doubled again for safety. */
static long kernel_buffering(void)
{
	long lo, mid, hi = 8L << 20;
	FILE *f = fopen("/proc/sys/net/ipv4/tcp_wmem", "r");

	if (f == NULL || fscanf(f, "%ld %ld %ld", &lo, &mid, &hi) != 3)
		hi = 8L << 20;
	if (f != NULL)
		fclose(f);
	return hi + 4L * HOG_RCVBUF;
}

#define HOGS     2
#define HOG_REQS 40000

/*
 * Clients that pipeline `help` and never read (issue 15 "One client can stall everyone";
 * conn.h "Work budget", "Backpressure"): every other client is answered while their
 * requests wait; they are not cut off; and when they do read, each gets every reply, in
 * order.  That their requests waited is shown by the sizes: each hog's replies add up to
 * half as much again as the kernel's buffers (its receive buffer is set small) and the
 * output cap together, and the cap was never hit, so a third of them at least were
 * computed only once the hog read.  No clock is asserted.
 */
static void test_clients_that_never_read_stall_only_themselves(void **state)
{
	static struct e2e_client hog[HOGS], other;
	static char burst[HOG_REQS * 16];
	long need, reply_len;
	int len = 0, nreq;

	(void)state;
	assert_int_equal(e2e_connect(&other, server.port), 0);
	cmd_ok(&other, "help");
	reply_len = (long)strlen(other.reply);
	need = kernel_buffering() + 65536;
	nreq = (int)(need / reply_len) * 3 / 2 + 100;
	if (nreq > HOG_REQS)
		skip(); /* the kernel buffers more than this test can outgrow */
	for (int i = 0; i < nreq; i++)
		len += snprintf(burst + len, sizeof(burst) - (size_t)len, "@%d help\n", i);
	for (int h = 0; h < HOGS; h++) {
		int rcvbuf = HOG_RCVBUF;
		assert_int_equal(e2e_connect(&hog[h], server.port), 0);
		assert_int_equal(
		    setsockopt(hog[h].fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof(rcvbuf)), 0);
		assert_int_equal(e2e_send(&hog[h], burst, (size_t)len), 0);
	}

	/* the others are served while the hogs' requests wait */
	for (int i = 0; i < 50; i++) {
		char want[32];
		snprintf(want, sizeof(want), "@t%d ok pong", i);
		cmd_ok(&other, "@t%d ping", i);
		assert_string_equal(other.final, want);
	}
	assert_false(e2e_log_contains(&server, "output limit"));

	/* now they read: every reply arrives, in the order asked, and nothing else */
	for (int h = 0; h < HOGS; h++) {
		for (int i = 0; i < nreq; i++) {
			char want[32];
			int n = snprintf(want, sizeof(want), "@%d ok", i);
			assert_non_null(e2e_reply(&hog[h]));
			assert_memory_equal(hog[h].final, want, (size_t)n);
		}
		assert_int_equal(e2e_pump(&hog[h], 100), 0);
		assert_int_equal(hog[h].inlen, 0);
		cmd_ok(&hog[h], "ping");
	}
	assert_false(e2e_log_contains(&server, "output limit"));
	cmd_ok(&other, "ping");
	for (int h = 0; h < HOGS; h++)
		e2e_close(&hog[h]);
	e2e_close(&other);
}

/* The cap is for what a client did not ask for: notifications it does not read pile up
 * until it is cut off, and the others go on. */
static void test_unread_notifications_hit_the_output_limit(void **state)
{
	static struct e2e_client alice, carol;
	static char text[481], batch[100 * 500];
	int small = 65536;
	const char *p;
	long long id;
	int cut = 0;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&carol, server.port, "carol", "secret-c"), 0);
	cmd_ok(&alice, "new race side=red");
	p = strstr(alice.reply, "game: ");
	assert_non_null(p);
	id = atoll(p + 6);
	cmd_ok(&carol, "watch %lld", id);
	/* a small receive window, so that the kernel holds little of what carol does not read */
	assert_int_equal(setsockopt(carol.fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof(small)), 0);
	memset(text, 'x', sizeof(text) - 1);
	/* carol reads nothing from here on; alice chats, reading her own replies */
	for (int round = 0; round < 1000 && !cut; round++) {
		int len = 0;
		for (int i = 0; i < 100; i++)
			len += snprintf(batch + len, sizeof(batch) - (size_t)len, "say %s\n", text);
		assert_int_equal(e2e_send(&alice, batch, (size_t)len), 0);
		for (int i = 0; i < 100; i++) {
			assert_non_null(e2e_reply(&alice));
			assert_contains(alice.final, "ok");
		}
		cut = e2e_log_contains(&server, "output limit of 65536 bytes reached");
	}
	assert_true(cut);
	assert_true(e2e_closed_within(&carol, E2E_TIMEOUT_MS));
	cmd_ok(&alice, "ping");
	e2e_close(&alice);
	e2e_close(&carol);
}

static int start_two_clients(void **state)
{
	static const char *const args[] = {"--data-dir", WG_RACE_DIR, "--max-clients", "2", NULL};

	(void)state;
	return start_with(args);
}

static void test_connection_limit_refuses_with_one_line(void **state)
{
	static struct e2e_client a, b, c;

	(void)state;
	assert_int_equal(e2e_connect(&a, server.port), 0);
	assert_int_equal(e2e_connect(&b, server.port), 0);
	/* the third is refused: no greeting, one err line, then close */
	assert_int_not_equal(e2e_connect(&c, server.port), 0);
	assert_true(c.fd >= 0);
	assert_contains(c.events, "err server-full");
	assert_not_contains(c.events, "hello");
	e2e_close(&c);
	e2e_close(&a);
	cmd_ok(&b, "ping");
	/* a slot is free again (the server notices the close) */
	usleep(200000);
	assert_int_equal(e2e_connect(&a, server.port), 0);
	cmd_ok(&a, "ping");
	e2e_close(&a);
	e2e_close(&b);
}

static int start_short_idle(void **state)
{
	static const char *const args[] = {"--data-dir", WG_RACE_DIR, "--idle-timeout", "1", NULL};

	(void)state;
	return start_with(args);
}

static void test_idle_connections_that_never_log_in_are_closed(void **state)
{
	static struct e2e_client guest, user;

	(void)state;
	static struct e2e_client busy;

	assert_int_equal(e2e_login_new(&user, server.port, "patient", "secret-p"), 0);
	assert_int_equal(e2e_connect(&guest, server.port), 0);
	assert_int_equal(e2e_connect(&busy, server.port), 0);
	/* an anonymous client that keeps talking is not idle */
	for (int i = 0; i < 8; i++) {
		cmd_ok(&busy, "ping");
		usleep(300000);
	}
	assert_non_null(e2e_take_event(&guest, "idle timeout", 5000));
	assert_true(e2e_closed_within(&guest, 3000));
	/* a logged-in user is not subject to it */
	usleep(1500000);
	cmd_ok(&user, "ping");
	/* after logout the silence counts from the logout */
	cmd_ok(&user, "logout");
	cmd_ok(&user, "ping");
	assert_non_null(e2e_take_event(&user, "idle timeout", 5000));
	e2e_close(&guest);
	e2e_close(&busy);
	e2e_close(&user);
}

static void test_failed_logins_are_slowed_down(void **state)
{
	static struct e2e_client c;
	long long start;

	(void)state;
	assert_int_equal(e2e_login_new(&c, server.port, "victim", "right-pw"), 0);
	e2e_close(&c);
	assert_int_equal(e2e_connect(&c, server.port), 0);
	for (int i = 0; i < 4; i++)
		cmd_err(&c, "auth-failed", "login victim wrong-pw");
	/* the 5th attempt from this address waits about 2 s before its answer,
	 * even with the right password */
	start = now_ms();
	cmd_ok(&c, "login victim right-pw");
	assert_true(now_ms() - start >= 1500);
	assert_true(e2e_log_contains(&server, "delayed"));
	assert_false(e2e_log_contains(&server, "right-pw"));
	assert_false(e2e_log_contains(&server, "wrong-pw"));
	e2e_close(&c);
}

static void test_sigterm_is_graceful(void **state)
{
	static struct e2e_client c;

	(void)state;
	assert_int_equal(e2e_connect(&c, server.port), 0);
	cmd_ok(&c, "ping");
	assert_int_equal(e2e_server_stop(&server), 0);
	assert_non_null(e2e_take_event(&c, "shutting down", 3000));
	assert_true(e2e_closed_within(&c, 3000));
	assert_true(e2e_log_contains(&server, "shutting down (SIGTERM)"));
	assert_true(e2e_log_contains(&server, "stopped"));
	e2e_close(&c);
	assert_int_equal(e2e_server_restart(&server), 0); /* teardown expects it running */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_long_lines_are_refused_and_connection_stays_usable,
	                                    start_default, stop_server),
	    cmocka_unit_test_setup_teardown(test_random_bytes_and_bad_text, start_default,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_half_open_and_half_closed_connections,
	                                    start_default, stop_server),
	    cmocka_unit_test_setup_teardown(test_clients_that_never_read_stall_only_themselves,
	                                    start_small_output, stop_server),
	    cmocka_unit_test_setup_teardown(test_unread_notifications_hit_the_output_limit,
	                                    start_small_output, stop_server),
	    cmocka_unit_test_setup_teardown(test_connection_limit_refuses_with_one_line,
	                                    start_two_clients, stop_server),
	    cmocka_unit_test_setup_teardown(test_idle_connections_that_never_log_in_are_closed,
	                                    start_short_idle, stop_server),
	    cmocka_unit_test_setup_teardown(test_failed_logins_are_slowed_down, start_default,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_sigterm_is_graceful, start_default, stop_server),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
