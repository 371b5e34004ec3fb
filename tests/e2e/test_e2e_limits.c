/*
 * test_e2e_limits.c -- the limits of issue 15 over TCP: password hashing cannot be
 * exhausted and the brake cannot be bypassed (a login storm is braked before it is
 * hashed, register and password are braked, the caps on hashes in flight, the work of a
 * closed connection is never computed), and what one address or one user may take
 * (connections per address, the guest lifetime, the output budget of all clients, open
 * games and chat rate per user), and the operators' verbs (kick, ban, unban, stats,
 * shutdown, audit: refused to others, durable bans, the audit log).
 *
 * Hashes are counted with `debug hashes` (done, cancelled, in flight); `debug hashes
 * hold` makes the pool threads wait before computing anything, so what is queued can be
 * observed and dropped without racing the threads.  Waits are bounded (WAIT_MS) and only
 * ever wait for something the server logs or answers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "e2e.h"
#include "e2e_assert.h"

#define WAIT_MS 20000
#define STORM   40

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

static int stop_server(void **state)
{
	(void)state;
	assert_true(e2e_server_alive(&server));
	assert_int_equal(e2e_server_stop(&server), 0);
	e2e_server_cleanup(&server);
	return 0;
}

/* Waits until the log holds needle at least n times; the count reached. */
static int wait_log(const char *needle, int n)
{
	int got = 0;

	for (long long end = now_ms() + WAIT_MS; now_ms() < end; usleep(20000))
		if ((got = e2e_log_count(&server, needle)) >= n)
			break;
	return got;
}

/* A connection closed with a reset (SO_LINGER 0): the server's read fails at once, as
 * for a client that vanished, rather than seeing a half-close it must still answer. */
static void reset_close(struct e2e_client *c)
{
	struct linger lg = {.l_onoff = 1, .l_linger = 0};

	setsockopt(c->fd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
	e2e_close(c);
}

/* The counter name ("done", "cancelled", "inflight") of `debug hashes`. */
static long hashes(struct e2e_client *obs, const char *name)
{
	char key[32];
	const char *p;

	cmd_ok(obs, "debug hashes");
	snprintf(key, sizeof(key), "%s ", name);
	p = strstr(obs->final, key);
	assert_non_null(p);
	return atol(p + strlen(key));
}

/* Waits until no hash is in flight (bounded). */
static void wait_idle(struct e2e_client *obs)
{
	for (long long end = now_ms() + WAIT_MS; now_ms() < end; usleep(20000))
		if (hashes(obs, "inflight") == 0)
			return;
	fail_msg("hashes still in flight");
}

static int start_debug(void **state)
{
	static const char *const args[] = {
	    "--data-dir", WG_RACE_DIR,         "--allow-debug", "--max-hashes-per-address",
	    "100",        "--max-per-address", "100",           NULL};

	(void)state;
	return start_with(args);
}

/* 40 simultaneous wrong logins from one address: each is counted when it starts, so only
 * the first four are queued for hashing, 27 wait on the brake and 9 are refused at once;
 * when the clients vanish nothing of theirs is ever hashed. */
static void test_login_storm_is_braked_before_hashing(void **state)
{
	static struct e2e_client obs, storm[STORM];
	long done0;
	int refused = 0;

	(void)state;
	assert_int_equal(e2e_login_new(&obs, server.port, "victim", "right-pw"), 0);
	wait_idle(&obs);
	done0 = hashes(&obs, "done");
	assert_int_equal(done0, 2); /* its register and its login (the dummy hash is not one) */
	cmd_ok(&obs, "debug hashes hold");
	for (int i = 0; i < STORM; i++) {
		assert_int_equal(e2e_connect(&storm[i], server.port), 0);
		assert_int_equal(e2e_send(&storm[i], "login victim wrong-pw\n", 22), 0);
	}
	/* every one of them reached the brake: delayed, refused, or queued */
	assert_int_equal(wait_log("login from 127.0.0.1 delayed", 27), 27);
	assert_int_equal(wait_log("login refused: too many failures", 9), 9);
	assert_int_equal(hashes(&obs, "inflight"), 4);
	/* the refusals are answered after the tarpit's second (cmd.h srv_cmd_account_refuse) */
	for (long long end = now_ms() + WAIT_MS; refused < 9 && now_ms() < end;) {
		refused = 0;
		for (int i = 0; i < STORM; i++) {
			e2e_pump(&storm[i], 5);
			if (strstr(storm[i].events, "err rate-limited") != NULL)
				refused++;
		}
	}
	assert_int_equal(refused, 9);
	/* the clients vanish: their queued hashes and their delayed logins are dropped */
	for (int i = 0; i < STORM; i++)
		reset_close(&storm[i]);
	assert_int_equal(wait_log("close (", STORM), STORM);
	cmd_ok(&obs, "debug hashes release");
	wait_idle(&obs);
	assert_int_equal(hashes(&obs, "done"), done0);
	assert_int_equal(hashes(&obs, "cancelled"), 4);
	/* and the address is still braked: the attempts counted although none was checked */
	cmd_err(&obs, "already-logged-in", "login victim right-pw");
	e2e_close(&obs);
	assert_int_equal(e2e_connect(&obs, server.port), 0);
	cmd_err(&obs, "rate-limited", "login victim right-pw");
	assert_false(e2e_log_contains(&server, "wrong-pw"));
	e2e_close(&obs);
}

static int start_one_hash(void **state)
{
	static const char *const args[] = {"--data-dir",
	                                   WG_RACE_DIR,
	                                   "--allow-debug",
	                                   "--max-hashes-per-address",
	                                   "1",
	                                   "--max-hashes",
	                                   "3",
	                                   NULL};

	(void)state;
	return start_with(args);
}

/* One hash in flight per address: a second login waiting for the first is refused at once
 * (and not counted by the brake); the first is answered once the hash runs. */
static void test_hashes_in_flight_are_capped(void **state)
{
	static struct e2e_client obs, a, b;

	(void)state;
	assert_int_equal(e2e_login_new(&obs, server.port, "owner", "right-pw"), 0);
	wait_idle(&obs);
	cmd_ok(&obs, "debug hashes hold");
	assert_int_equal(e2e_connect(&a, server.port), 0);
	assert_int_equal(e2e_send(&a, "login owner right-pw\n", 21), 0);
	for (long long end = now_ms() + WAIT_MS; now_ms() < end; usleep(20000))
		if (hashes(&obs, "inflight") == 1)
			break;
	assert_int_equal(hashes(&obs, "inflight"), 1);
	assert_int_equal(e2e_connect(&b, server.port), 0);
	cmd_err(&b, "rate-limited", "login owner right-pw");
	assert_contains(e2e_flat(b.reply), "too many passwords are being checked");
	cmd_err(&b, "rate-limited", "register other right-pw");
	cmd_ok(&obs, "debug hashes release");
	assert_non_null(e2e_reply(&a));
	assert_string_equal(a.final, "ok logged in as owner");
	/* the refusals were not failures: the address is not braked */
	cmd_ok(&b, "login owner right-pw");
	assert_false(e2e_log_contains(&server, "delayed"));
	e2e_close(&a);
	e2e_close(&b);
	e2e_close(&obs);
}

static int start_register_burst(void **state)
{
	static const char *const args[] = {"--data-dir", WG_RACE_DIR, "--register-burst", "2",
	                                   NULL};

	(void)state;
	return start_with(args);
}

/* Registrations count per address: past --register-burst the next one waits on the brake
 * (it is still answered), and so does the prompted form. */
static void test_register_is_braked(void **state)
{
	static struct e2e_client c;

	(void)state;
	assert_int_equal(e2e_connect(&c, server.port), 0);
	cmd_ok(&c, "register one secret-1");
	cmd_ok(&c, "register two secret-2");
	assert_false(e2e_log_contains(&server, "register from 127.0.0.1 delayed"));
	cmd_ok(&c, "register three secret-3");
	assert_true(e2e_log_contains(&server, "register from 127.0.0.1 delayed 2000 ms after "
	                                      "repeated registrations"));
	cmd_ok(&c, "register four secret-4");
	assert_int_equal(e2e_log_count(&server, "register from 127.0.0.1 delayed"), 2);
	assert_true(e2e_log_contains(&server, "delayed 4000 ms"));
	assert_false(e2e_log_contains(&server, "secret-"));
	e2e_close(&c);
}

static int start_default(void **state)
{
	static const char *const args[] = {"--data-dir", WG_RACE_DIR, NULL};

	(void)state;
	return start_with(args);
}

/* `password <old> <new>` guesses count like failed logins: the 5th waits on the brake,
 * and a login from the same address after them waits too. */
static void test_password_guesses_are_braked(void **state)
{
	static struct e2e_client c;

	(void)state;
	assert_int_equal(e2e_login_new(&c, server.port, "owner", "right-pw"), 0);
	for (int i = 0; i < 4; i++)
		cmd_err(&c, "auth-failed", "password guess-%d new-password", i);
	assert_false(e2e_log_contains(&server, "delayed"));
	cmd_err(&c, "auth-failed", "password guess-9 new-password");
	assert_true(e2e_log_contains(&server, "password from 127.0.0.1 delayed 2000 ms"));
	cmd_ok(&c, "password right-pw new-password");
	assert_true(e2e_log_contains(&server, "password from 127.0.0.1 delayed 4000 ms"));
	cmd_ok(&c, "logout");
	cmd_ok(&c, "login owner new-password");
	assert_true(e2e_log_contains(&server, "login from 127.0.0.1 delayed 4000 ms"));
	assert_false(e2e_log_contains(&server, "guess-"));
	e2e_close(&c);
}

static int start_three_per_address(void **state)
{
	static const char *const args[] = {"--data-dir", WG_RACE_DIR, "--max-per-address", "3",
	                                   NULL};

	(void)state;
	return start_with(args);
}

/* The 4th connection from one address is refused with one clear line; once one closes, a
 * slot is free again. */
static void test_connections_per_address(void **state)
{
	static struct e2e_client c[4];

	(void)state;
	for (int i = 0; i < 3; i++)
		assert_int_equal(e2e_connect(&c[i], server.port), 0);
	assert_int_not_equal(e2e_connect(&c[3], server.port), 0);
	assert_true(c[3].fd >= 0);
	assert_contains(c[3].events, "err server-full");
	assert_contains(e2e_flat(c[3].events),
	                "too many connections from your address (3 at most)");
	assert_not_contains(c[3].events, "hello");
	assert_true(e2e_closed_within(&c[3], WAIT_MS));
	e2e_close(&c[3]);
	assert_true(e2e_log_contains(&server, "refused 127.0.0.1: too many connections"));
	cmd_ok(&c[0], "ping");
	e2e_close(&c[0]);
	assert_int_equal(wait_log("close (", 2), 2);
	assert_int_equal(e2e_connect(&c[0], server.port), 0);
	cmd_ok(&c[0], "ping");
	for (int i = 0; i < 3; i++)
		e2e_close(&c[i]);
}

static int start_short_guest(void **state)
{
	static const char *const args[] = {"--data-dir", WG_RACE_DIR, "--guest-timeout", "2", NULL};

	(void)state;
	return start_with(args);
}

/* A guest that keeps pinging is still closed --guest-timeout after it connected; a user is
 * not. */
static void test_guests_that_ping_are_timed_out(void **state)
{
	static struct e2e_client guest, user;
	int closed = 0;

	(void)state;
	assert_int_equal(e2e_login_new(&user, server.port, "stayer", "secret-s"), 0);
	assert_int_equal(e2e_connect(&guest, server.port), 0);
	for (long long end = now_ms() + WAIT_MS; now_ms() < end && !closed; usleep(200000)) {
		if (e2e_cmd(&guest, "ping") == NULL)
			closed = 1;
		else if (strstr(guest.events, "guest time limit") != NULL)
			closed = e2e_closed_within(&guest, WAIT_MS);
	}
	assert_true(closed);
	assert_contains(guest.events, "bye guest time limit");
	assert_true(e2e_log_contains(&server, "guest for 2 s without logging in: closed"));
	cmd_ok(&user, "ping");
	e2e_close(&guest);
	e2e_close(&user);
}

static int start_small_budget(void **state)
{
	static const char *const args[] = {"--data-dir", WG_RACE_DIR,      "--output-budget",
	                                   "65536",      "--output-limit", "16777216",
	                                   NULL};

	(void)state;
	return start_with(args);
}

/* Clients that never read cannot make the server queue more than --output-budget in all:
 * the one that would pass it is cut off, below its own --output-limit. */
static void test_output_budget_for_all_clients(void **state)
{
	static struct e2e_client hog, other;
	static char burst[6 * 6000];
	int len = 0;

	(void)state;
	assert_int_equal(e2e_connect(&hog, server.port), 0);
	assert_int_equal(e2e_connect(&other, server.port), 0);
	for (int i = 0; i < 6000; i++)
		len += snprintf(burst + len, sizeof(burst) - (size_t)len, "help\n");
	assert_int_equal(e2e_send(&hog, burst, (size_t)len), 0);
	assert_int_equal(wait_log("output budget of 65536 bytes for all clients reached", 1), 1);
	assert_false(e2e_log_contains(&server, "output limit of"));
	assert_true(e2e_closed_within(&hog, WAIT_MS));
	cmd_ok(&other, "ping");
	e2e_close(&hog);
	e2e_close(&other);
}

static int start_user_limits(void **state)
{
	static const char *const args[] = {
	    "--data-dir", WG_RACE_DIR, "--max-open-games", "2", "--chat-per-minute", "3", NULL};

	(void)state;
	return start_with(args);
}

/* --max-open-games games waiting for an opponent, then `new` is refused until one starts;
 * --chat-per-minute messages, then `say` is refused. */
static void test_open_games_and_chat_rate_per_user(void **state)
{
	static struct e2e_client a, b;

	(void)state;
	assert_int_equal(e2e_login_new(&a, server.port, "opener", "secret-o"), 0);
	assert_int_equal(e2e_login_new(&b, server.port, "joiner", "secret-j"), 0);
	cmd_ok(&a, "new race side=red");
	cmd_ok(&a, "new race side=red");
	cmd_err(&a, "rate-limited", "new race side=red");
	assert_contains(e2e_flat(a.reply), "you have 2 games waiting for an opponent (2 at most)");
	/* others are not limited by it */
	cmd_ok(&b, "new race side=red");
	/* a game that starts is no longer open */
	cmd_ok(&b, "join 1");
	cmd_ok(&a, "new race side=red");
	cmd_err(&a, "rate-limited", "new race side=red");

	for (int i = 0; i < 3; i++)
		cmd_ok(&a, "say game=1 hello %d", i);
	cmd_err(&a, "rate-limited", "say game=1 one too many");
	assert_contains(e2e_flat(a.reply), "you may post 3 chat messages a minute");
	cmd_ok(&b, "say game=1 the other player still may");
	e2e_close(&a);
	e2e_close(&b);
}

static int start_admins(void **state)
{
	static const char *const args[] = {"--data-dir", WG_RACE_DIR, "--admins", "root, boss",
	                                   NULL};

	(void)state;
	return start_with(args);
}

/* Guests are told to log in, users who are not admins get forbidden, and nothing they
 * asked for happens; `help` explains every verb to anyone. */
static void test_admin_verbs_refused_to_others(void **state)
{
	static const char *const verbs[] = {"kick root", "ban root", "unban root",
	                                    "stats",     "audit",    "shutdown now"};
	static struct e2e_client guest, user;

	(void)state;
	assert_int_equal(e2e_connect(&guest, server.port), 0);
	assert_int_equal(e2e_login_new(&user, server.port, "mallory", "secret-m"), 0);
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		cmd_err(&guest, "not-logged-in", "%s", verbs[i]);
		cmd_err(&user, "forbidden", "%s", verbs[i]);
		assert_contains(e2e_flat(user.reply), "is for the server's operators");
	}
	cmd_ok(&guest, "help");
	assert_contains(guest.reply, "admin commands:");
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		char verb[16];
		sscanf(verbs[i], "%15s", verb);
		cmd_ok(&guest, "help %s", verb);
		assert_contains(e2e_flat(guest.reply), "dmins only");
	}
	cmd_ok(&user, "ping"); /* still served: shutdown did nothing */
	assert_false(e2e_log_contains(&server, "audit:"));
	e2e_close(&guest);
	e2e_close(&user);
}

/* A connection from a chosen loopback source address (127.0.0.0/8 is all local); its
 * first line (the greeting or a refusal) goes to first; the socket, or -1. */
static int connect_from(const char *source, char *first, size_t n)
{
	struct sockaddr_in src = {.sin_family = AF_INET}, dst = {.sin_family = AF_INET};
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct pollfd pfd = {.fd = fd, .events = POLLIN};
	ssize_t got = 0;

	first[0] = '\0';
	inet_pton(AF_INET, source, &src.sin_addr);
	inet_pton(AF_INET, "127.0.0.1", &dst.sin_addr);
	dst.sin_port = htons((uint16_t)server.port);
	if (fd < 0 || bind(fd, (struct sockaddr *)&src, sizeof(src)) != 0 ||
	    connect(fd, (struct sockaddr *)&dst, sizeof(dst)) != 0) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (poll(&pfd, 1, WAIT_MS) == 1 && (got = read(fd, first, n - 1)) > 0)
		first[got] = '\0';
	return fd;
}

/* kick closes a user's connections; ban user refuses its logins, ban address its
 * connections, both across a restart, until unban; every change is in the audit log. */
static void test_kick_ban_unban_and_audit(void **state)
{
	static struct e2e_client root, v1, v2;
	char line[512];
	int fd;

	(void)state;
	assert_int_equal(e2e_login_new(&root, server.port, "root", "secret-r"), 0);
	assert_int_equal(e2e_login_new(&v1, server.port, "victim", "secret-v"), 0);
	assert_int_equal(e2e_connect(&v2, server.port), 0);
	cmd_ok(&v2, "login victim secret-v");
	cmd_err(&root, "not-found", "kick nobody");
	cmd_ok(&root, "kick victim");
	assert_string_equal(root.final, "ok kicked victim: 2 connections closed");
	assert_non_null(e2e_take_event(&v1, "bye kicked by an operator", WAIT_MS));
	assert_non_null(e2e_take_event(&v2, "bye kicked by an operator", WAIT_MS));
	assert_true(e2e_closed_within(&v1, WAIT_MS));
	assert_true(e2e_closed_within(&v2, WAIT_MS));
	e2e_close(&v1);
	e2e_close(&v2);
	/* kicked is not banned */
	assert_int_equal(e2e_connect(&v1, server.port), 0);
	cmd_ok(&v1, "login victim secret-v");

	assert_int_equal(e2e_login_new(&v2, server.port, "boss", "secret-b"), 0);
	e2e_close(&v2);
	cmd_err(&root, "forbidden", "ban boss");      /* an admin */
	cmd_err(&root, "forbidden", "ban 127.0.0.1"); /* its own address */
	cmd_ok(&root, "ban victim");
	assert_string_equal(root.final, "ok banned user victim: 1 connection closed");
	assert_non_null(e2e_take_event(&v1, "bye banned by an operator", WAIT_MS));
	e2e_close(&v1);
	assert_int_equal(e2e_connect(&v1, server.port), 0);
	cmd_err(&v1, "forbidden", "login victim secret-v");
	assert_contains(e2e_flat(v1.reply), "this user is banned");
	cmd_ok(&root, "ban 127.0.0.9");
	fd = connect_from("127.0.0.9", line, sizeof(line));
	assert_true(fd >= 0);
	assert_contains(line, "err forbidden");
	assert_not_contains(line, "hello");
	close(fd);
	fd = connect_from("127.0.0.8", line, sizeof(line));
	assert_contains(line, "hello");
	close(fd);

	/* bans are stored: a restart keeps them */
	e2e_close(&v1);
	e2e_close(&root);
	assert_int_equal(e2e_server_stop(&server), 0);
	assert_int_equal(e2e_server_restart(&server), 0);
	assert_true(e2e_log_contains(&server, "2 bans in force"));
	assert_int_equal(e2e_connect(&v1, server.port), 0);
	cmd_err(&v1, "forbidden", "login victim secret-v");
	fd = connect_from("127.0.0.9", line, sizeof(line));
	assert_contains(line, "err forbidden");
	close(fd);
	assert_int_equal(e2e_connect(&root, server.port), 0);
	cmd_ok(&root, "login root secret-r");
	cmd_ok(&root, "unban victim");
	cmd_ok(&root, "unban 127.0.0.9");
	cmd_err(&root, "not-found", "unban 127.0.0.9");
	cmd_ok(&v1, "login victim secret-v");
	fd = connect_from("127.0.0.9", line, sizeof(line));
	assert_contains(line, "hello");
	close(fd);

	/* the audit log: what was done, by whom, oldest first (refusals are not in it) */
	cmd_ok(&root, "audit");
	assert_string_equal(root.final, "ok 5 audit entries");
	{
		const char *k = strstr(root.reply, "root         kick victim");
		const char *b = strstr(root.reply, "root         ban victim");
		const char *a = strstr(root.reply, "root         ban 127.0.0.9");
		const char *u = strstr(root.reply, "root         unban victim");
		const char *w = strstr(root.reply, "root         unban 127.0.0.9");
		assert_true(k != NULL && b != NULL && a != NULL && u != NULL && w != NULL);
		assert_true(k < b && b < a && a < u && u < w);
	}
	cmd_ok(&root, "audit 2");
	assert_string_equal(root.final, "ok 2 audit entries");
	assert_not_contains(root.reply, "kick");
	cmd_err(&root, "bad-args", "audit 0");
	e2e_close(&v1);
	e2e_close(&root);
}

/* A number after name in text ("name 3 ..."), or -1. */
static long figure(const char *text, const char *name)
{
	const char *p = strstr(text, name);

	return p != NULL ? atol(p + strlen(name)) : -1;
}

/* stats counts connections, users, games by status and actions. */
static void test_stats(void **state)
{
	static struct e2e_client root, a, b, guest;
	int rolled = 0;

	(void)state;
	assert_int_equal(e2e_login_new(&root, server.port, "boss", "secret-b"), 0);
	assert_int_equal(e2e_login_new(&a, server.port, "red", "secret-1"), 0);
	assert_int_equal(e2e_login_new(&b, server.port, "blue", "secret-2"), 0);
	assert_int_equal(e2e_connect(&guest, server.port), 0);
	cmd_ok(&root, "stats");
	assert_int_equal(figure(root.reply, "connections        "), 4);
	assert_contains(root.reply, "(1 guests)");
	assert_int_equal(figure(root.reply, "users logged in    "), 3);
	assert_contains(root.reply, "games              0 open, 0 active, 0 finished");
	assert_contains(root.reply, "actions            0 since start");
	assert_true(figure(root.reply, "database           ") > 0);
	assert_true(figure(root.reply, "memory (RSS)       ") > 1000000);
	cmd_ok(&a, "new race side=red");
	cmd_ok(&a, "new race side=red");
	cmd_ok(&b, "join 1");
	for (int i = 0; i < 2; i++) {
		if (e2e_cmd(&a, "roll game=1") != NULL && strncmp(a.final, "ok", 2) == 0)
			rolled++;
		if (e2e_cmd(&b, "roll game=1") != NULL && strncmp(b.final, "ok", 2) == 0)
			rolled++;
	}
	assert_int_equal(rolled, 2);
	e2e_close(&guest);
	cmd_ok(&root, "stats");
	assert_contains(root.reply, "games              1 open, 1 active, 0 finished");
	assert_contains(root.reply, "actions            2 since start");
	assert_int_equal(figure(root.reply, "users logged in    "), 3);
	e2e_close(&a);
	e2e_close(&b);
	e2e_close(&root);
}

/* Waits (bounded) for the server to exit by itself; its exit status, or -1. */
static int wait_exit(void)
{
	int status;

	for (long long end = now_ms() + WAIT_MS; now_ms() < end; usleep(20000)) {
		if (waitpid(server.pid, &status, WNOHANG) == server.pid) {
			server.pid = 0;
			return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
		}
	}
	return -1;
}

/* shutdown tells everyone, with its message, and the server stops cleanly (exit 0). */
static void test_shutdown_with_a_message(void **state)
{
	static struct e2e_client root, other;

	(void)state;
	assert_int_equal(e2e_login_new(&root, server.port, "root", "secret-r"), 0);
	assert_int_equal(e2e_connect(&other, server.port), 0);
	cmd_ok(&root, "shutdown back in five minutes");
	assert_string_equal(root.final, "ok shutting down");
	assert_non_null(e2e_take_event(
	    &other, "bye the server is shutting down: back in five minutes", WAIT_MS));
	assert_non_null(e2e_take_event(&root, "back in five minutes", WAIT_MS));
	assert_true(e2e_closed_within(&other, WAIT_MS));
	assert_int_equal(wait_exit(), 0); /* on its own, exit status 0 */
	assert_true(e2e_log_contains(&server, "shutting down (shutdown by an admin)"));
	assert_true(e2e_log_contains(&server, "stopped"));
	e2e_close(&root);
	e2e_close(&other);
	/* the audit entry was committed with it */
	assert_int_equal(e2e_server_restart(&server), 0);
	assert_int_equal(e2e_connect(&root, server.port), 0);
	cmd_ok(&root, "login root secret-r");
	cmd_ok(&root, "audit");
	assert_contains(root.reply, "shutdown back in five minutes");
	e2e_close(&root);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_login_storm_is_braked_before_hashing, start_debug,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_hashes_in_flight_are_capped, start_one_hash,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_register_is_braked, start_register_burst,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_password_guesses_are_braked, start_default,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_connections_per_address, start_three_per_address,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_guests_that_ping_are_timed_out, start_short_guest,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_output_budget_for_all_clients, start_small_budget,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_open_games_and_chat_rate_per_user,
	                                    start_user_limits, stop_server),
	    cmocka_unit_test_setup_teardown(test_admin_verbs_refused_to_others, start_admins,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_kick_ban_unban_and_audit, start_admins,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_stats, start_admins, stop_server),
	    cmocka_unit_test_setup_teardown(test_shutdown_with_a_message, start_admins,
	                                    stop_server),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
