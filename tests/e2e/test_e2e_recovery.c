/*
 * test_e2e_recovery.c -- the daemon is killed with SIGKILL mid-game and
 * restarted on the same database: every game continues from exactly the
 * same state (views and logs identical for both players), no action that
 * was answered ok is lost, the dice stream continues where it was (proved
 * by `verify` replaying every roll from the seed after the game ends), and
 * snapshots plus replay agree.
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
	static const char *const args[] = {"--data-dir",       WG_RACE_DIR, "--allow-debug",
	                                   "--snapshot-every", "3",         NULL};

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

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_sigkill_mid_game_then_continue_exactly,
	                                    start_server, stop_server),
	    cmocka_unit_test_setup_teardown(test_ok_means_durable, start_server, stop_server),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
