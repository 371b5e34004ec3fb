/*
 * test_e2e_recovery.c -- the daemon is killed with SIGKILL mid-game and
 * restarted on the same database: every game continues from exactly the
 * same state (views and logs identical for both players), no action that
 * was answered ok is lost, the dice stream continues where it was (proved
 * by `verify` replaying every roll from the seed after the game ends), and
 * snapshots plus replay agree.
 *
 * Games load on first use (server/games.h, "Lazy loading"): after a restart
 * no game's rules state is built (`stats`: games loaded, loads since start)
 * until a request needs it, while what works from the stored summary -- the
 * your-turn notices at login, `games`, `finger` -- says exactly what it said
 * before; the first `view` loads the game (from its snapshot and the actions
 * after it) into exactly the state the live game had: views, pending and logs
 * equal to those before the restart, and the game goes on.  A clock keeps
 * running and reminding in a game not loaded, and its timeout loads the game.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "e2e_assert.h"

static struct e2e_server server;

static int start_server(void **state)
{
	/* snapshots every 3 actions: recovery uses snapshot + replay */
	static const char *const args[] = {
	    "--data-dir", WG_RACE_DIR, "--allow-debug", "--snapshot-every",
	    "3",          "--admins",  "root",          NULL};

	(void)state;
	return e2e_server_start(&server, WG_TEST_DAEMON, args);
}

/* The same with the fake clock of --debug-clock (Wednesday 2026-12-02 00:00 UTC). */
static int start_clocked_server(void **state)
{
	static const char *const args[] = {"--data-dir",    WG_RACE_DIR,  "--allow-debug",
	                                   "--debug-clock", "1796169600", "--admins",
	                                   "root",          NULL};

	(void)state;
	return e2e_server_start(&server, WG_TEST_DAEMON, args);
}

static int stop_server(void **state)
{
	(void)state;
	e2e_server_cleanup(&server);
	return 0;
}

static int64_t game_id(const char *reply)
{
	const char *p = strstr(reply, "game: ");

	return p ? atoll(p + 6) : 0;
}

/* Plays one full round of the race with the dice stream (no forcing). */
static void play_round(struct e2e_client *first, struct e2e_client *second, int bid1, int bid2)
{
	cmd_ok(first, "roll");
	cmd_ok(second, "roll");
	cmd_ok(first, "bid %d", bid1);
	cmd_ok(second, "bid %d", bid2);
}

static void snapshot_views(struct e2e_client *a, struct e2e_client *b, char *va, char *vb, char *la,
                           char *lb, size_t n)
{
	cmd_ok(a, "view");
	snprintf(va, n, "%s", a->reply);
	cmd_ok(b, "view");
	snprintf(vb, n, "%s", b->reply);
	cmd_ok(a, "log 200");
	snprintf(la, n, "%s", a->reply);
	cmd_ok(b, "log 200");
	snprintf(lb, n, "%s", b->reply);
}

static void test_sigkill_mid_game_then_continue_exactly(void **state)
{
	static char va[E2E_BUF], vb[E2E_BUF], la[E2E_BUF], lb[E2E_BUF];
	static struct e2e_client alice, bob, carol;
	int64_t id, open_id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob", "secret-b"), 0);
	assert_int_equal(e2e_login_new(&carol, server.port, "carol", "secret-c"), 0);
	cmd_ok(&alice, "new race side=red target=200");
	id = game_id(alice.reply);
	cmd_ok(&alice, "debug dice 1"); /* red first */
	cmd_ok(&bob, "join %lld", (long long)id);
	cmd_ok(&carol, "new race side=blue");
	open_id = game_id(carol.reply);

	play_round(&alice, &bob, 2, 1);
	play_round(&alice, &bob, 1, 3);
	cmd_ok(&alice, "roll");
	cmd_ok(&bob, "roll");
	cmd_ok(&alice, "bid 3"); /* a secret pending at the time of the crash */
	cmd_ok(&alice, "say before the crash");

	snapshot_views(&alice, &bob, va, vb, la, lb, E2E_BUF);
	assert_contains(va, "v=12");
	assert_contains(va, "your bid: 3");
	assert_contains(vb, "bids: red face-down, blue none");

	e2e_server_kill(&server);
	e2e_close(&alice);
	e2e_close(&bob);
	e2e_close(&carol);
	assert_int_equal(e2e_server_restart(&server), 0);
	assert_true(e2e_log_contains(&server, "recovered 2 unfinished games (0 failed)"));

	assert_int_equal(e2e_connect(&alice, server.port), 0);
	cmd_ok(&alice, "login alice secret-a");
	assert_int_equal(e2e_connect(&bob, server.port), 0);
	cmd_ok(&bob, "login bob secret-b");
	assert_non_null(e2e_take_event(&bob, "your-turn", E2E_TIMEOUT_MS));
	cmd_ok(&alice, "use %lld", (long long)id);
	cmd_ok(&bob, "use %lld", (long long)id);
	cmd_ok(&alice, "view");
	assert_string_equal(alice.reply, va);
	cmd_ok(&bob, "view");
	assert_string_equal(bob.reply, vb);
	cmd_ok(&alice, "log 200");
	assert_string_equal(alice.reply, la);
	cmd_ok(&bob, "log 200");
	assert_string_equal(bob.reply, lb);
	cmd_ok(&bob, "chat");
	assert_contains(bob.reply, "before the crash");

	/* The game goes on: bob's bid reveals alice's secret from before. */
	cmd_ok(&bob, "bid 1 v=12");
	assert_non_null(e2e_take_event(&alice, "bids revealed: red 3, blue 1", E2E_TIMEOUT_MS));
	play_round(&alice, &bob, 2, 2);

	/* The open game survived too and can be joined. */
	cmd_ok(&alice, "join %lld", (long long)open_id);

	/* After the end every roll, before and after the crash, replays from
	 * the seed: the dice stream was restored exactly. */
	cmd_ok(&alice, "resign game=%lld", (long long)id);
	cmd_ok(&alice, "verify game=%lld", (long long)id);
	assert_contains(alice.final, "verified");
	assert_contains(alice.reply, ", 0 mismatches; 1 forced");
	e2e_close(&alice);
	e2e_close(&bob);
}

static void test_ok_means_durable(void **state)
{
	static struct e2e_client alice, bob;
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob", "secret-b"), 0);
	cmd_ok(&alice, "new race side=red");
	id = game_id(alice.reply);
	cmd_ok(&alice, "debug dice 1");
	cmd_ok(&bob, "join %lld", (long long)id);
	for (int i = 0; i < 5; i++) {
		/* kill right after each ok: the action must be there afterwards */
		cmd_ok(&alice, "roll");
		e2e_server_kill(&server);
		e2e_close(&alice);
		e2e_close(&bob);
		assert_int_equal(e2e_server_restart(&server), 0);
		assert_int_equal(e2e_connect(&alice, server.port), 0);
		cmd_ok(&alice, "login alice secret-a");
		assert_int_equal(e2e_connect(&bob, server.port), 0);
		cmd_ok(&bob, "login bob secret-b");
		cmd_ok(&alice, "use %lld", (long long)id);
		cmd_ok(&bob, "use %lld", (long long)id);
		cmd_ok(&alice, "view");
		char want[32];
		snprintf(want, sizeof(want), "v=%d", 2 + 4 * i);
		assert_contains(alice.reply, want);
		cmd_ok(&bob, "roll");
		cmd_ok(&alice, "bid 1");
		cmd_ok(&bob, "bid 1");
	}
	e2e_close(&alice);
	e2e_close(&bob);
}

/* The "games loaded" line of root's `stats`. */
static const char *loaded_line(struct e2e_client *root)
{
	static char line[128];
	const char *p, *end;

	cmd_ok(root, "stats");
	p = strstr(root->reply, "games loaded");
	assert_non_null(p);
	end = strchr(p, '\n');
	snprintf(line, sizeof(line), "%.*s", end ? (int)(end - p) : 100, p);
	return line;
}

/* Logs c in again (name, password) on a new connection; the your-turn notice it is sent,
 * into turn (n bytes). */
static void login_turn(struct e2e_client *c, const char *name, const char *pw, char *turn, size_t n)
{
	const char *ev;

	e2e_close(c);
	assert_int_equal(e2e_connect(c, server.port), 0);
	cmd_ok(c, "login %s %s", name, pw);
	ev = e2e_take_event(c, "your-turn", E2E_TIMEOUT_MS);
	assert_non_null(ev);
	snprintf(turn, n, "%s", ev);
}

static void test_games_load_on_first_use(void **state)
{
	static char va[E2E_BUF], vb[E2E_BUF], la[E2E_BUF], lb[E2E_BUF], pb[E2E_BUF];
	static char mine[E2E_BUF], turn[1024], turn_after[1024], view2[E2E_BUF];
	static struct e2e_client root, alice, bob;
	int64_t id, id2;

	(void)state;
	assert_int_equal(e2e_login_new(&root, server.port, "root", "secret-r"), 0);
	assert_int_equal(e2e_login_new(&alice, server.port, "alice", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob", "secret-b"), 0);
	cmd_ok(&alice, "new race side=red target=200");
	id = game_id(alice.reply);
	cmd_ok(&alice, "debug dice 1"); /* red first */
	cmd_ok(&bob, "join %lld", (long long)id);
	play_round(&alice, &bob, 2, 1);
	play_round(&alice, &bob, 1, 3);
	cmd_ok(&alice, "roll");
	cmd_ok(&bob, "roll");
	cmd_ok(&alice, "bid 3"); /* a secret, and bob's decision awaited */
	cmd_ok(&bob, "new race side=blue");
	id2 = game_id(bob.reply);
	cmd_ok(&alice, "join %lld", (long long)id2);
	cmd_ok(&alice, "view game=%lld", (long long)id2);
	snprintf(view2, sizeof(view2), "%s", alice.reply);
	cmd_ok(&alice, "use %lld", (long long)id);
	cmd_ok(&bob, "use %lld", (long long)id);
	snapshot_views(&alice, &bob, va, vb, la, lb, E2E_BUF);
	cmd_ok(&bob, "pending");
	snprintf(pb, sizeof(pb), "%s", bob.reply);
	cmd_ok(&alice, "games mine");
	snprintf(mine, sizeof(mine), "%s", alice.reply);
	login_turn(&bob, "bob", "secret-b", turn, sizeof(turn));

	e2e_server_kill(&server);
	e2e_close(&root);
	e2e_close(&alice);
	e2e_close(&bob);
	assert_int_equal(e2e_server_restart(&server), 0);
	assert_true(e2e_log_contains(&server, "recovered 2 unfinished games (0 failed)"));
	assert_true(e2e_log_contains(&server, "games: 2 load on first use, 0 loaded at start-up"));

	/* nothing is loaded; login notices, games and finger answer from the stored summary */
	assert_int_equal(e2e_connect(&root, server.port), 0);
	cmd_ok(&root, "login root secret-r");
	assert_string_equal(loaded_line(&root), "games loaded       0 (0 loads since start)");
	login_turn(&bob, "bob", "secret-b", turn_after, sizeof(turn_after));
	assert_string_equal(turn_after, turn);
	assert_int_equal(e2e_connect(&alice, server.port), 0);
	cmd_ok(&alice, "login alice secret-a");
	cmd_ok(&alice, "games mine");
	assert_string_equal(alice.reply, mine);
	cmd_ok(&bob, "finger alice");
	assert_contains(bob.reply, "race");
	assert_string_equal(loaded_line(&root), "games loaded       0 (0 loads since start)");

	/* the first view loads the game, exactly as it was */
	cmd_ok(&alice, "use %lld", (long long)id);
	cmd_ok(&bob, "use %lld", (long long)id);
	cmd_ok(&alice, "view");
	assert_string_equal(alice.reply, va);
	assert_string_equal(loaded_line(&root), "games loaded       1 (1 loads since start)");
	cmd_ok(&bob, "view");
	assert_string_equal(bob.reply, vb);
	cmd_ok(&bob, "pending");
	assert_string_equal(bob.reply, pb);
	cmd_ok(&alice, "log 200");
	assert_string_equal(alice.reply, la);
	cmd_ok(&bob, "log 200");
	assert_string_equal(bob.reply, lb);
	assert_string_equal(loaded_line(&root), "games loaded       1 (1 loads since start)");

	/* it goes on from there; the other game loads when it is asked for */
	cmd_ok(&bob, "bid 1");
	assert_non_null(e2e_take_event(&alice, "bids revealed: red 3, blue 1", E2E_TIMEOUT_MS));
	assert_string_equal(loaded_line(&root), "games loaded       1 (1 loads since start)");
	cmd_ok(&alice, "view game=%lld", (long long)id2);
	assert_string_equal(alice.reply, view2);
	assert_string_equal(loaded_line(&root), "games loaded       2 (2 loads since start)");
	assert_false(e2e_log_contains(&server, "summary of who must act differed"));
	cmd_ok(&alice, "resign game=%lld", (long long)id);
	cmd_ok(&alice, "verify game=%lld", (long long)id);
	assert_contains(alice.final, "verified");
	e2e_close(&root);
	e2e_close(&alice);
	e2e_close(&bob);
}

/* A clock runs, reminds and runs out in a game nobody has touched since the restart: the
 * game works from its stored summary until the timeout, which loads it and ends it. */
static void test_deadline_of_a_game_not_loaded(void **state)
{
	static struct e2e_client root, alice, bob;
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&root, server.port, "root", "secret-r"), 0);
	assert_int_equal(e2e_login_new(&alice, server.port, "alice", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob", "secret-b"), 0);
	cmd_ok(&alice, "new race side=red clock=days:1");
	id = game_id(alice.reply);
	cmd_ok(&alice, "debug dice 1"); /* red rolls first: alice's clock runs */
	cmd_ok(&bob, "join %lld", (long long)id);

	e2e_server_kill(&server);
	e2e_close(&root);
	e2e_close(&alice);
	e2e_close(&bob);
	assert_int_equal(e2e_server_restart(&server), 0);
	assert_int_equal(e2e_connect(&root, server.port), 0);
	cmd_ok(&root, "login root secret-r");
	assert_int_equal(e2e_connect(&alice, server.port), 0);
	cmd_ok(&alice, "login alice secret-a");
	assert_int_equal(e2e_connect(&bob, server.port), 0);
	cmd_ok(&bob, "login bob secret-b");
	assert_string_equal(loaded_line(&root), "games loaded       0 (0 loads since start)");

	cmd_ok(&root, "debug clock +%d", 86400 - 60);
	assert_non_null(e2e_take_event(&alice, "in 1h: red (alice) has", E2E_TIMEOUT_MS));
	assert_string_equal(loaded_line(&root), "games loaded       0 (0 loads since start)");
	cmd_ok(&root, "debug clock +61");
	assert_non_null(
	    e2e_take_event(&bob, "alice (red) lost on time; blue wins", E2E_TIMEOUT_MS));
	assert_string_equal(loaded_line(&root), "games loaded       1 (1 loads since start)");
	cmd_ok(&bob, "view game=%lld", (long long)id);
	assert_contains(bob.reply, "result: alice (red) lost on time; blue wins");
	cmd_ok(&bob, "verify game=%lld", (long long)id);
	assert_contains(bob.final, "verified");
	e2e_close(&root);
	e2e_close(&alice);
	e2e_close(&bob);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_sigkill_mid_game_then_continue_exactly,
	                                    start_server, stop_server),
	    cmocka_unit_test_setup_teardown(test_ok_means_durable, start_server, stop_server),
	    cmocka_unit_test_setup_teardown(test_games_load_on_first_use, start_server,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_deadline_of_a_game_not_loaded,
	                                    start_clocked_server, stop_server),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
