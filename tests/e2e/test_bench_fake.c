/*
 * test_bench_fake.c -- wg-bench end to end against the fake server
 * (client_fake_server.h) on an ephemeral loopback port: ping, mix and
 * durable runs with replies arriving split byte by byte and merged, the
 * idle run with memory figures, and the cannot-connect case.  Checks the SUMMARY lines
 * and the exit codes; every run is bounded by -n or --duration and by the
 * test's own timeout.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "e2e/client_fake_server.h"
#include "e2e/client_proc.h"

#define RUN_TIMEOUT_MS 60000

static char port[16];

static int start(void **state, enum fake_mode mode)
{
	struct fake_server *s = fake_server_start(mode);

	if (s == NULL)
		return -1;
	snprintf(port, sizeof(port), "%d", fake_server_port(s));
	*state = s;
	return 0;
}

static int setup_normal(void **state)
{
	return start(state, FAKE_NORMAL);
}

static int setup_split(void **state)
{
	return start(state, FAKE_SPLIT);
}

static int setup_merge(void **state)
{
	return start(state, FAKE_MERGE);
}

static int setup_silent(void **state)
{
	return start(state, FAKE_SILENT);
}

static int teardown(void **state)
{
	fake_server_stop(*state);
	return 0;
}

/* Runs wg-bench -p <port> with the given arguments (NULL-terminated). */
static void bench(struct client_proc_result *r, ...)
{
	char *argv[32];
	va_list ap;
	int n = 0;
	char *a;

	argv[n++] = (char *)WG_BENCH_BIN;
	argv[n++] = (char *)"-p";
	argv[n++] = port;
	va_start(ap, r);
	while ((a = va_arg(ap, char *)) != NULL && n < 31)
		argv[n++] = a;
	va_end(ap);
	argv[n] = NULL;
	assert_int_equal(client_proc_run(argv, NULL, RUN_TIMEOUT_MS, r), 0);
}

/* The value of key= in the SUMMARY line of test (as a string). */
static const char *summary_value(const char *out, const char *test, const char *key, char *val,
                                 size_t size)
{
	char head[64], pat[64];
	const char *line, *p;
	size_t n = 0;

	snprintf(head, sizeof(head), "SUMMARY test=%s ", test);
	line = strstr(out, head);
	if (line == NULL)
		return NULL;
	snprintf(pat, sizeof(pat), " %s=", key);
	p = strstr(line, pat);
	if (p == NULL || (strchr(line, '\n') != NULL && p > strchr(line, '\n')))
		return NULL;
	p += strlen(pat);
	while (p[n] != '\0' && p[n] != ' ' && p[n] != '\n' && n + 1 < size) {
		val[n] = p[n];
		n++;
	}
	val[n] = '\0';
	return val;
}

static void expect(const char *out, const char *test, const char *key, const char *want)
{
	char val[64];

	assert_non_null(summary_value(out, test, key, val, sizeof(val)));
	assert_string_equal(val, want);
}

static void check_ping(size_t expected_requests, const char *pipeline)
{
	struct client_proc_result r;
	char n[32];

	snprintf(n, sizeof(n), "%zu", expected_requests);
	bench(&r, "-c", "4", "-n", n, "-t", "ping", "-P", pipeline, NULL);
	assert_int_equal(r.status, 0);
	expect(r.out, "ping", "conns", "4");
	expect(r.out, "ping", "ready", "4");
	expect(r.out, "ping", "failed", "0");
	expect(r.out, "ping", "requests", n);
	expect(r.out, "ping", "errors", "0");
	expect(r.out, "ping", "timed_out", "0");
	assert_non_null(strstr(r.out, "====== ping ======"));
	client_proc_free(&r);
}

static void test_ping(void **state)
{
	check_ping(400, "1");
}

static void test_ping_split_reads(void **state)
{
	check_ping(200, "1");
}

static void test_ping_merged_pipelined(void **state)
{
	check_ping(1000, "16");
}

/*
 * mix with a scenario: 4 connections, -n 60 after set-up.  Every other
 * "register" is refused (set-up errors, counted apart) and every "pending"
 * is an err (no-game) in the fake; the per-verb table shows new and join
 * (the odd connections join the game id their partner's "new" returned).
 */
static void test_mix(void **state)
{
	struct client_proc_result r;
	char val[64];
	long errors;

	bench(&r, "-c", "4", "-n", "60", "-t", "mix", "--scenario", "scheldt", NULL);
	assert_int_equal(r.status, 0);
	expect(r.out, "mix", "ready", "4");
	expect(r.out, "mix", "requests", "60");
	expect(r.out, "mix", "login_errors", "2"); /* two of four registers were refused */
	assert_non_null(summary_value(r.out, "mix", "errors", val, sizeof(val)));
	errors = atol(val);
	assert_true(errors >= 1); /* "pending" always fails in the fake */
	assert_non_null(strstr(r.out, "error codes:"));
	assert_non_null(strstr(r.out, "name-taken=2"));
	assert_non_null(strstr(r.out, "no-game="));
	assert_non_null(strstr(r.out, "  new "));
	assert_non_null(strstr(r.out, "  join "));
	assert_non_null(strstr(r.out, "  games mine "));
	client_proc_free(&r);
}

/* mix by duration, replies split byte by byte: ends on time. */
static void test_mix_duration_split(void **state)
{
	struct client_proc_result r;
	char val[64];

	bench(&r, "-c", "3", "--duration", "1", "-t", "mix", "-q", NULL);
	assert_int_equal(r.status, 0);
	expect(r.out, "mix", "ready", "3");
	expect(r.out, "mix", "timed_out", "0");
	assert_non_null(summary_value(r.out, "mix", "requests", val, sizeof(val)));
	assert_true(atol(val) > 30);
	assert_null(strstr(r.out, "======")); /* -q */
	assert_true(r.elapsed_ms < 20000);
	client_proc_free(&r);
}

/*
 * durable: 3 clients of two connections, -n 100 actions.  The fake answers
 * every action ok and every "new" with game 7; every other "register" is
 * refused (set-up errors, the login covers them).  The 100 actions, shared
 * by the three clients, make 4 or 5 whole games of 17 (the rest are games
 * cut off by the end of the run).
 */
static void test_durable(void **state)
{
	struct client_proc_result r;
	char val[64];

	bench(&r, "-c", "3", "-n", "100", "-t", "durable", NULL);
	assert_int_equal(r.status, 0);
	expect(r.out, "durable", "conns", "3");
	expect(r.out, "durable", "connections", "6");
	expect(r.out, "durable", "ready", "6");
	expect(r.out, "durable", "failed", "0");
	expect(r.out, "durable", "pipeline", "1");
	expect(r.out, "durable", "requests", "100");
	expect(r.out, "durable", "errors", "0");
	expect(r.out, "durable", "login_errors", "3");
	expect(r.out, "durable", "timed_out", "0");
	assert_non_null(summary_value(r.out, "durable", "games", val, sizeof(val)));
	assert_true(atol(val) >= 4 && atol(val) <= 5);
	assert_non_null(strstr(r.out, "  place "));
	assert_non_null(strstr(r.out, "  enter "));
	assert_non_null(strstr(r.out, "(set-up)"));
	assert_int_equal(fake_server_accepted(*state), 6);
	/* 6 x register + login, at least one new + join per client, 100 actions */
	assert_true(fake_server_requests(*state) >= 12 + 6 + 100);
	client_proc_free(&r);
}

/* durable by duration, replies split byte by byte: ends on time. */
static void test_durable_duration_split(void **state)
{
	struct client_proc_result r;
	char val[64];

	bench(&r, "-c", "2", "--duration", "1", "-t", "durable", "-q", NULL);
	assert_int_equal(r.status, 0);
	expect(r.out, "durable", "ready", "4");
	expect(r.out, "durable", "errors", "0");
	expect(r.out, "durable", "timed_out", "0");
	assert_non_null(summary_value(r.out, "durable", "requests", val, sizeof(val)));
	assert_true(atol(val) > 17);
	assert_true(r.elapsed_ms < 20000);
	client_proc_free(&r);
}

/* idle: connections held, logged in, server memory read from /proc. */
static void test_idle(void **state)
{
	struct client_proc_result r;
	char pid[16], val[64];

	snprintf(pid, sizeof(pid), "%ld", (long)getpid()); /* the fake runs in this process */
	bench(&r, "-c", "6", "--idle", "--login", "--duration", "0.5", "--server-pid", pid, NULL);
	assert_int_equal(r.status, 0);
	expect(r.out, "idle", "open", "6");
	expect(r.out, "idle", "failed", "0");
	expect(r.out, "idle", "dropped", "0");
	assert_non_null(summary_value(r.out, "idle", "rss_before_kb", val, sizeof(val)));
	assert_true(atol(val) > 0);
	assert_non_null(strstr(r.out, "server memory per connection:"));
	assert_int_equal(fake_server_accepted(*state), 6);
	assert_int_equal(fake_server_requests(*state), 12); /* register + login each */
	client_proc_free(&r);
}

static void test_cannot_connect(void **state)
{
	struct client_proc_result r;

	snprintf(port, sizeof(port), "%d", fake_unused_port());
	bench(&r, "-c", "3", "-n", "10", NULL);
	assert_int_equal(r.status, 2);
	expect(r.out, "ping", "failed", "3");
	assert_non_null(strstr(r.out, "failed:      3 connect (connection refused)"));
	assert_non_null(strstr(r.err, "could not connect"));
	client_proc_free(&r);
}

/* A server that never greets: connections fail after --ready-timeout, bounded. */
static void test_no_greeting(void **state)
{
	struct client_proc_result r;

	bench(&r, "-c", "3", "-n", "10", "--ready-timeout", "0.5", NULL);
	assert_int_equal(r.status, 2);
	expect(r.out, "ping", "failed", "3");
	assert_non_null(strstr(r.out, "0 closed before ready, 3 no greeting in time"));
	assert_true(r.elapsed_ms < 10000);
	client_proc_free(&r);
}

static void test_usage(void **state)
{
	struct client_proc_result r;

	snprintf(port, sizeof(port), "4000");
	bench(&r, "-t", "pong", NULL);
	assert_int_equal(r.status, 1);
	client_proc_free(&r);
	bench(&r, "-h", "localhost", NULL);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.err, "numeric address"));
	client_proc_free(&r);
	bench(&r, "-t", "durable", "--scenario", "meuse-argonne1918", NULL);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.err, "only scheldt"));
	client_proc_free(&r);
	bench(&r, "--help", NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "usage: wg-bench"));
	client_proc_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_ping, setup_normal, teardown),
	    cmocka_unit_test_setup_teardown(test_ping_split_reads, setup_split, teardown),
	    cmocka_unit_test_setup_teardown(test_ping_merged_pipelined, setup_merge, teardown),
	    cmocka_unit_test_setup_teardown(test_mix, setup_normal, teardown),
	    cmocka_unit_test_setup_teardown(test_mix_duration_split, setup_split, teardown),
	    cmocka_unit_test_setup_teardown(test_durable, setup_normal, teardown),
	    cmocka_unit_test_setup_teardown(test_durable_duration_split, setup_split, teardown),
	    cmocka_unit_test_setup_teardown(test_idle, setup_normal, teardown),
	    cmocka_unit_test(test_cannot_connect),
	    cmocka_unit_test_setup_teardown(test_no_greeting, setup_silent, teardown),
	    cmocka_unit_test(test_usage),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
