/*
 * test_e2e_ops.c -- operations of issue 15 over TCP: the port is bound before the
 * database is created (a port in use fails the start and leaves no database file), a
 * second SIGTERM during the graceful stop is harmless (exit 0), a reply larger than
 * --output-limit reaches a client that reads it (the limit is for unread backlog), and
 * private games (a token or an invitation by name to join or watch; others refused).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
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

static int start_default(void **state)
{
	static const char *const args[] = {"--data-dir", WG_RACE_DIR, NULL};

	(void)state;
	return e2e_server_start(&server, WG_TEST_DAEMON, args);
}

static int stop_server(void **state)
{
	(void)state;
	if (e2e_server_alive(&server))
		assert_int_equal(e2e_server_stop(&server), 0);
	e2e_server_cleanup(&server);
	return 0;
}

/* A second daemon told to listen on the first one's port exits 1 at once, saying why, and
 * creates no database file (nor its directory). */
static void test_a_port_in_use_fails_before_the_database_is_created(void **state)
{
	char cmd[1200], out[4096], db[400];
	struct stat st;
	long long start = now_ms();
	int rc;

	(void)state;
	snprintf(db, sizeof(db), "%s/second/new.db", server.dir);
	snprintf(cmd, sizeof(cmd),
	         "timeout 20 %s --listen 127.0.0.1:%d --db %s --data-dir %s 2>&1; echo \"exit $?\"",
	         WG_TEST_DAEMON, server.port, db, WG_RACE_DIR);
	rc = e2e_run(cmd, out, sizeof(out));
	assert_int_equal(rc, 0);
	assert_contains(out, "cannot listen on 127.0.0.1");
	assert_contains(out, "address already in use");
	assert_contains(out, "exit 1");
	assert_not_contains(out, "database");
	assert_true(now_ms() - start < 10000);
	assert_int_not_equal(stat(db, &st), 0);
	snprintf(db, sizeof(db), "%s/second", server.dir);
	assert_int_not_equal(stat(db, &st), 0);
	/* the first daemon serves on */
	{
		static struct e2e_client c;
		assert_int_equal(e2e_connect(&c, server.port), 0);
		cmd_ok(&c, "ping");
		e2e_close(&c);
	}
}

/* SIGTERM sent again and again while the daemon stops: it still stops gracefully, exit 0. */
static void test_a_second_sigterm_during_the_stop_is_harmless(void **state)
{
	static struct e2e_client c;
	int status = -1, signals = 0;

	(void)state;
	assert_int_equal(e2e_login_new(&c, server.port, "ann", "ann-password"), 0);
	cmd_ok(&c, "new race");
	for (long long end = now_ms() + 10000; now_ms() < end; usleep(100)) {
		pid_t w = waitpid(server.pid, &status, WNOHANG);
		if (w == server.pid)
			break;
		kill(server.pid, SIGTERM);
		signals++;
	}
	server.pid = 0;
	/* a stop quicker than 0.1 ms proves nothing, but is no failure either */
	if (signals < 2)
		printf("note: the daemon stopped after %d SIGTERM\n", signals);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_true(e2e_log_contains(&server, "stopped"));
	e2e_close(&c);
}

/* Sends data in two writes with a pause between them, so that the daemon reads it in two
 * pieces (a partial line waits in the framer). */
static void send_split(struct e2e_client *c, const char *data, size_t at)
{
	assert_int_equal(e2e_send(c, data, at), 0);
	usleep(50000);
	assert_int_equal(e2e_send(c, data + at, strlen(data) - at), 0);
}

/*
 * After logins of every kind (text, split across reads and longer than the framer's first
 * buffer, JSON, prompted, pipelined behind a full turn, wrong, misspelt) and password
 * changes, no piece of the passwords is anywhere in the daemon's memory, freed memory
 * included: every buffer a request passes through is wiped.
 */
static void test_no_password_lingers_in_the_daemons_memory(void **state)
{
	static struct e2e_client c;
	char pw[128], pw2[128], tail[40], line[1024], piece[24];

	(void)state;
	/* passwords unique to this run, longer than the framer's first buffer with the verb */
	snprintf(pw, sizeof(pw), "Pw-%08x-", (unsigned)(now_ms() ^ getpid()));
	while (strlen(pw) < 120)
		strcat(pw, "qx7Zr");
	snprintf(pw2, sizeof(pw2), "%s", pw);
	pw2[3] = 'Q';
	assert_int_equal(e2e_connect(&c, server.port), 0);
	cmd_ok(&c, "register ann %s", pw);
	/* a long login line cut in two reads */
	snprintf(line, sizeof(line), "login ann %s\n", pw);
	send_split(&c, line, 40);
	e2e_reply(&c);
	assert_ok(&c);
	cmd_ok(&c, "logout");
	/* JSON */
	e2e_cmd(&c, "{\"cmd\":\"login\",\"args\":[\"ann\",\"%s\"]}", pw);
	assert_ok(&c);
	cmd_ok(&c, "logout");
	/* prompted */
	assert_int_equal(e2e_send(&c, "login ann\n", 10), 0);
	usleep(100000);
	snprintf(line, sizeof(line), "%s\n", pw);
	assert_int_equal(e2e_send(&c, line, strlen(line)), 0);
	/* the reply follows the prompt on its line ("password: ok logged in as ann") */
	for (int i = 0; i < 100 && strstr(c.events, "ok logged in as ann") == NULL; i++)
		e2e_pump(&c, 50);
	assert_contains(c.events, "password: ok logged in as ann");
	c.evlen = 0;
	c.events[0] = '\0';
	cmd_ok(&c, "logout");
	/* behind a full turn of pings: the login line waits in the connection's input */
	{
		char *burst = malloc(8192);
		size_t n = 0;
		assert_non_null(burst);
		for (int i = 0; i < 40; i++)
			n += (size_t)sprintf(burst + n, "ping\n");
		n += (size_t)sprintf(burst + n, "login ann %s\n", pw);
		assert_int_equal(e2e_send(&c, burst, n), 0);
		free(burst);
		for (int i = 0; i < 41; i++)
			assert_non_null(e2e_reply(&c));
		assert_ok(&c);
	}
	cmd_ok(&c, "password %s %s", pw, pw2);
	cmd_ok(&c, "password %s %s", pw2, pw);
	cmd_ok(&c, "logout");
	/* wrong, and misspelt (no verb marks it secret) */
	cmd_err(&c, "auth-failed", "login ann %s", pw2);
	cmd_err(&c, "unknown-verb", "logni ann %s", pw);
	cmd_ok(&c, "ping");
	/* JSON cut short: the parse fails after it has read the password (last, so that no
	 * later request reuses the blocks it freed) */
	e2e_cmd(&c, "{\"cmd\":\"login\",\"args\":[\"ann\",\"%s\",", pw);
	assert_contains(c.reply, "bad-request");
	/* any 16 bytes of either password, at several places */
	for (size_t at = 0; at + 16 <= strlen(pw); at += 13) {
		snprintf(piece, sizeof(piece), "%.16s", pw + at);
		assert_int_equal(e2e_memory_count(server.pid, piece), 0);
		snprintf(piece, sizeof(piece), "%.16s", pw2 + at);
		assert_int_equal(e2e_memory_count(server.pid, piece), 0);
	}
	/* the scan does find what is there: the pieces of a chat line */
	cmd_ok(&c, "login ann %s", pw);
	cmd_ok(&c, "new race");
	snprintf(tail, sizeof(tail), "%.16s", pw + 30);
	tail[3] = '!';
	cmd_ok(&c, "say %s", tail);
	assert_true(e2e_memory_count(server.pid, tail) > 0);
	e2e_close(&c);
}

static int start_small_output(void **state)
{
	static const char *const args[] = {"--data-dir", WG_RACE_DIR, "--output-limit", "4096",
	                                   NULL};

	(void)state;
	return e2e_server_start(&server, WG_TEST_DAEMON, args);
}

/*
 * With --output-limit 4096, replies of several times that size (help, in text and in JSON;
 * a long chat history) reach a client that reads them, whole and in order, and the client
 * stays connected; a client that sends the same and does not read is not cut off either
 * (it stalls only itself) and gets everything once it reads.
 */
static void test_replies_larger_than_the_output_limit_reach_a_reader(void **state)
{
	static struct e2e_client c, lazy, ben;
	const char *r;

	(void)state;
	assert_int_equal(e2e_login_new(&c, server.port, "ann", "ann-password"), 0);
	for (int i = 0; i < 3; i++) {
		r = e2e_cmd(&c, "help");
		assert_non_null(r);
		assert_ok(&c);
		assert_true(strlen(r) > 2 * 4096);
		assert_contains(r, "challenge");
		assert_contains(r, "watch");
	}
	cmd_ok(&c, "new race");
	for (int i = 0; i < 25; i++)
		cmd_ok(&c, "say message %02d %s", i,
		       "..........................................................................."
		       "....."
		       "........................................................................");
	r = e2e_cmd(&c, "chat 100");
	assert_non_null(r);
	assert_ok(&c);
	assert_true(strlen(r) > 4096);
	assert_contains(r, "message 00");
	assert_contains(r, "message 24");
	/* a finished game's record, larger than the limit, is streamed too */
	assert_int_equal(e2e_login_new(&ben, server.port, "ben", "ben-password"), 0);
	cmd_ok(&ben, "join 1");
	/* rolls and bids as each is awaited (a refused one changes nothing), until it ends */
	for (int i = 0; i < 40; i++) {
		e2e_cmd(&c, "roll");
		e2e_cmd(&ben, "roll");
		e2e_cmd(&c, "bid 1");
		e2e_cmd(&ben, "bid 1");
	}
	e2e_cmd(&c, "resign"); /* if the race has not ended */
	cmd_ok(&c, "view");
	assert_contains(c.reply, "finished");
	r = e2e_cmd(&c, "export 1");
	assert_non_null(r);
	assert_ok(&c);
	assert_true(strlen(r) > 4096);
	assert_contains(c.final, "ok export of game 1");
	cmd_ok(&c, "ping"); /* still connected */
	e2e_close(&ben);
	cmd_ok(&c, "mode json");
	r = e2e_cmd(&c, "help");
	assert_non_null(r);
	assert_contains(c.final, "\"ok\":true");
	assert_true(strlen(r) > 4096);
	cmd_ok(&c, "ping");
	assert_false(e2e_log_contains(&server, "output limit"));

	/* the same requests from a client that reads nothing for a while */
	assert_int_equal(e2e_connect(&lazy, server.port), 0);
	for (int i = 0; i < 20; i++)
		assert_int_equal(e2e_send(&lazy, "help\n", 5), 0);
	usleep(300000);
	cmd_ok(&c, "ping"); /* others are served meanwhile */
	for (int i = 0; i < 20; i++) {
		assert_non_null(e2e_reply(&lazy));
		assert_ok(&lazy);
	}
	assert_false(e2e_log_contains(&server, "output limit"));
	e2e_close(&lazy);
	e2e_close(&c);
}

/* The token of a private game from the reply to `new` ("  token: ..."). */
static void token_of(const char *reply, char token[32])
{
	const char *t = strstr(reply, "token: ");

	assert_non_null(t);
	t += 7;
	assert_int_equal(sscanf(t, "%31[a-z2-7]", token), 1);
	assert_int_equal(strlen(token), 16);
}

/*
 * A private game: not listed, and neither joined, watched nor read (view, log, chat, use,
 * a game verb) by guessing its id; the token from `new` lets one in to join or watch; a
 * player invites a user by name, who is told, sees it listed and may watch it without the
 * token; all of it survives a restart.
 */
static void test_private_games_need_a_token_or_an_invitation(void **state)
{
	static struct e2e_client ann, ben, eve, carl, dave;
	char token[32], again[32], wrong[32];

	(void)state;
	assert_int_equal(e2e_login_new(&ann, server.port, "ann", "ann-password"), 0);
	assert_int_equal(e2e_login_new(&ben, server.port, "ben", "ben-password"), 0);
	assert_int_equal(e2e_login_new(&eve, server.port, "eve", "eve-password"), 0);
	assert_int_equal(e2e_login_new(&dave, server.port, "dave", "dave-password"), 0);
	assert_int_equal(e2e_connect(&carl, server.port), 0); /* a guest */
	cmd_ok(&ann, "new race side=red private");
	token_of(ann.reply, token);
	assert_contains(e2e_flat(ann.reply), "private game 1 created");
	snprintf(wrong, sizeof(wrong), "%s", token);
	wrong[0] = wrong[0] == 'a' ? 'b' : 'a';

	/* a stranger learns nothing and gets in nowhere */
	cmd_ok(&eve, "games");
	assert_not_contains(eve.reply, "#1 ");
	cmd_ok(&eve, "games open");
	assert_not_contains(eve.reply, "race");
	cmd_err(&eve, "forbidden", "join 1");
	assert_contains(e2e_flat(eve.reply), "game 1 is private");
	cmd_err(&eve, "forbidden", "join 1 %s", wrong);
	assert_contains(e2e_flat(eve.reply), "not its token");
	cmd_err(&eve, "forbidden", "watch 1");
	cmd_err(&eve, "forbidden", "watch 1 %s", wrong);
	cmd_err(&eve, "forbidden", "use 1");
	cmd_err(&eve, "forbidden", "view game=1");
	cmd_err(&eve, "forbidden", "log game=1");
	cmd_err(&eve, "forbidden", "chat game=1");
	cmd_err(&eve, "forbidden", "verify game=1");
	cmd_err(&eve, "forbidden", "pending game=1");
	cmd_err(&eve, "forbidden", "roll game=1");
	/* a player's verb refuses a stranger before it says anything of the game (its
	 * version) */
	cmd_err(&eve, "not-a-player", "moretime 1 game=1 v=99");
	assert_not_contains(eve.reply, "v=");
	cmd_err(&eve, "no-such-game", "invite 1 eve");
	cmd_err(&carl, "forbidden", "watch 1");
	cmd_err(&carl, "forbidden", "view game=1");

	/* the token lets ben join and carl (a guest) watch */
	cmd_ok(&ben, "join 1 %s", token);
	assert_contains(ben.final, "joined game 1");
	cmd_ok(&carl, "watch 1 %s", token);
	cmd_ok(&carl, "view");
	assert_contains(carl.reply, "ann (red) vs ben (blue)");
	cmd_err(&eve, "forbidden", "view game=1");

	/* a player shows the token, and invites dave by name: dave is told, sees it, watches */
	cmd_ok(&ben, "invite 1");
	assert_contains(ben.reply, token);
	cmd_err(&eve, "no-such-game", "invite 1 dave"); /* not hers to see */
	cmd_ok(&ann, "invite 1 dave");
	assert_contains(e2e_flat(ann.reply), "invited dave to private game 1");
	assert_non_null(e2e_take_event(&dave, "ann invites you to private game 1", 5000));
	cmd_ok(&dave, "games");
	assert_contains(dave.reply, "#1 ");
	cmd_ok(&dave, "watch 1");
	cmd_ok(&dave, "log");
	cmd_err(&ann, "no-such-user", "invite 1 nobody");
	cmd_ok(&ann, "new race private");
	cmd_ok(&ann, "mode json");
	cmd_ok(&ann, "{\"cmd\":\"new\",\"args\":[\"race\",\"private\"]}");
	assert_contains(ann.final, "\"private\":true");
	assert_contains(ann.final, "\"token\":\"");
	/* the token never reaches the log */
	assert_false(e2e_log_contains(&server, token));

	/* after a restart: the token and the invitation still open the door, nothing else */
	e2e_close(&ann);
	e2e_close(&ben);
	e2e_close(&eve);
	e2e_close(&carl);
	e2e_close(&dave);
	assert_int_equal(e2e_server_stop(&server), 0);
	assert_int_equal(e2e_server_restart(&server), 0);
	assert_int_equal(e2e_connect(&carl, server.port), 0);
	cmd_err(&carl, "forbidden", "watch 1 %s", wrong);
	cmd_ok(&carl, "watch 1 %s", token);
	assert_int_equal(e2e_connect(&dave, server.port), 0);
	cmd_ok(&dave, "login dave dave-password");
	cmd_ok(&dave, "view game=1");
	assert_int_equal(e2e_connect(&eve, server.port), 0);
	cmd_ok(&eve, "login eve eve-password");
	cmd_err(&eve, "forbidden", "view game=1");
	assert_int_equal(e2e_connect(&ben, server.port), 0);
	cmd_ok(&ben, "login ben ben-password");
	cmd_ok(&ben, "invite 1");
	token_of(ben.reply, again);
	assert_string_equal(again, token);
	e2e_close(&ben);
	e2e_close(&eve);
	e2e_close(&carl);
	e2e_close(&dave);
}

static int start_request_limit(void **state)
{
	static const char *const args[] = {"--data-dir", WG_RACE_DIR, "--requests-per-address",
	                                   "100", NULL};

	(void)state;
	return e2e_server_start(&server, WG_TEST_DAEMON, args);
}

/* A raw connection from a loopback address of our choice, its greeting read; the fd. */
static int connect_from(const char *src)
{
	struct sockaddr_in a = {.sin_family = AF_INET};
	char buf[512];
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	assert_true(fd >= 0);
	inet_pton(AF_INET, src, &a.sin_addr);
	assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof(a)), 0);
	a.sin_port = htons((uint16_t)server.port);
	inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
	assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof(a)), 0);
	assert_true(recv(fd, buf, sizeof(buf), 0) > 0); /* the greeting */
	return fd;
}

/* Reads from fd until n copies of needle arrived (or timeout); how many did. */
static int read_count(int fd, const char *needle, int n, int timeout_ms)
{
	static char buf[1 << 20];
	size_t len = 0;
	int got = 0;

	for (long long end = now_ms() + timeout_ms; got < n && now_ms() < end;) {
		struct pollfd p = {.fd = fd, .events = POLLIN};
		ssize_t k;
		if (poll(&p, 1, 50) <= 0)
			continue;
		k = recv(fd, buf + len, sizeof(buf) - 1 - len, 0);
		if (k <= 0)
			break;
		len += (size_t)k;
		buf[len] = '\0';
		got = 0;
		for (const char *q = buf; (q = strstr(q, needle)) != NULL; q += strlen(needle))
			got++;
	}
	return got;
}

/*
 * --requests-per-address 100: one address that pipelines 300 requests gets every answer,
 * in order, at about its rate (the first 100 at once, the rest over about two seconds) and
 * is not cut off; another address is answered at once meanwhile.
 */
static void test_requests_per_address_slow_an_address_down(void **state)
{
	char *burst = malloc(300 * 12);
	size_t n = 0;
	long long start, took;
	int hog, other, got;

	(void)state;
	assert_non_null(burst);
	hog = connect_from("127.0.0.1");
	other = connect_from("127.0.0.2");
	for (int i = 0; i < 300; i++)
		n += (size_t)sprintf(burst + n, "@%03d ping\n", i);
	start = now_ms();
	assert_int_equal(send(hog, burst, n, 0), (ssize_t)n);
	usleep(200000);
	/* the other address is served at once while the hog waits for its bucket */
	for (int i = 0; i < 5; i++) {
		long long t0 = now_ms();
		assert_int_equal(send(other, "ping\n", 5, 0), 5);
		assert_int_equal(read_count(other, "ok pong", 1, 5000), 1);
		assert_true(now_ms() - t0 < 500);
	}
	got = read_count(hog, " ok pong\n", 300, 20000);
	took = now_ms() - start;
	assert_int_equal(got, 300);
	assert_true(took >= 1500); /* 200 beyond the burst at 100 a second */
	assert_true(took < 15000);
	assert_false(e2e_log_contains(&server, "close (output limit"));
	close(hog);
	close(other);
	free(burst);
}

static int start_one_hash(void **state)
{
	static const char *const args[] = {"--data-dir",   WG_RACE_DIR, "--allow-debug",
	                                   "--max-hashes", "1",         NULL};

	(void)state;
	return e2e_server_start(&server, WG_TEST_DAEMON, args);
}

/*
 * The tarpit: a login refused with rate-limited (here: the one hash allowed is held) is
 * answered a second later, not at once, so that a client that retries at once makes a try
 * a second; the loop serves everyone else meanwhile.
 */
static void test_refused_logins_wait_in_the_tarpit(void **state)
{
	static struct e2e_client obs, a, b;
	long long t0, took;

	(void)state;
	assert_int_equal(e2e_login_new(&obs, server.port, "owner", "owner-password"), 0);
	cmd_ok(&obs, "debug hashes hold");
	assert_int_equal(e2e_connect(&a, server.port), 0);
	assert_int_equal(e2e_send(&a, "login owner owner-password\n", 27), 0);
	usleep(200000); /* a's hash is queued, held */
	assert_int_equal(e2e_connect(&b, server.port), 0);
	t0 = now_ms();
	assert_int_equal(e2e_send(&b, "login owner wrong-password\n", 27), 0);
	cmd_ok(&obs, "ping"); /* the loop answers others meanwhile */
	assert_true(now_ms() - t0 < 500);
	assert_non_null(e2e_reply(&b));
	took = now_ms() - t0;
	assert_err(&b, "rate-limited");
	assert_true(took >= 900);
	assert_true(took < 5000);
	cmd_ok(&obs, "debug hashes release");
	assert_non_null(e2e_reply(&a));
	assert_ok(&a);
	e2e_close(&a);
	e2e_close(&b);
	e2e_close(&obs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_a_port_in_use_fails_before_the_database_is_created,
	                                    start_default, stop_server),
	    cmocka_unit_test_setup_teardown(test_a_second_sigterm_during_the_stop_is_harmless,
	                                    start_default, stop_server),
	    cmocka_unit_test_setup_teardown(test_no_password_lingers_in_the_daemons_memory,
	                                    start_default, stop_server),
	    cmocka_unit_test_setup_teardown(
	        test_replies_larger_than_the_output_limit_reach_a_reader, start_small_output,
	        stop_server),
	    cmocka_unit_test_setup_teardown(test_private_games_need_a_token_or_an_invitation,
	                                    start_default, stop_server),
	    cmocka_unit_test_setup_teardown(test_requests_per_address_slow_an_address_down,
	                                    start_request_limit, stop_server),
	    cmocka_unit_test_setup_teardown(test_refused_logins_wait_in_the_tarpit, start_one_hash,
	                                    stop_server),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
