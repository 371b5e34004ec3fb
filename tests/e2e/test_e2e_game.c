/*
 * test_e2e_game.c -- two players and a spectator play a whole game over TCP
 * against the real daemon (wargamed-test, with the test-only race ruleset):
 * accounts, lobby, seating, dice forced through the dice stream, secret
 * commitments and their reveal, chat, reconnection with missed events,
 * several connections per user, exactly-once with v=, JSON mode, tags,
 * resignation, and the dice verification at the end.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "e2e_assert.h"

static struct e2e_server server;

static int start_server(void **state)
{
	static const char *const args[] = {"--data-dir", WG_RACE_DIR, "--allow-debug", NULL};

	(void)state;
	return e2e_server_start(&server, WG_TEST_DAEMON, args);
}

static int stop_server(void **state)
{
	(void)state;
	assert_int_equal(e2e_server_stop(&server), 0);
	e2e_server_cleanup(&server);
	return 0;
}

/* alice (red) creates a race to `target`, the start die is forced so red
 * moves first, bob (blue) joins.  Returns the game id. */
static int64_t new_game(struct e2e_client *alice, struct e2e_client *bob, int target)
{
	const char *ev;
	int64_t id;

	cmd_ok(alice, "new race side=red target=%d", target);
	ev = strstr(alice->reply, "game: ");
	assert_non_null(ev);
	id = atoll(ev + 6);
	cmd_ok(alice, "debug dice 2");
	cmd_ok(bob, "join %lld", (long long)id);
	assert_contains(bob->final, "joined game");
	assert_non_null(e2e_take_event(alice, "game-started", E2E_TIMEOUT_MS));
	assert_non_null(e2e_take_event(alice, "red rolls first", E2E_TIMEOUT_MS));
	assert_non_null(e2e_take_event(alice, "your-turn", E2E_TIMEOUT_MS));
	assert_non_null(e2e_take_event(bob, "game-started", E2E_TIMEOUT_MS));
	return id;
}

static void test_full_game_with_secrets_and_spectator(void **state)
{
	static struct e2e_client alice, bob, carol;
	const char *ev;
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob", "secret-b"), 0);
	assert_int_equal(e2e_login_new(&carol, server.port, "carol", "secret-c"), 0);

	cmd_ok(&alice, "scenarios");
	assert_contains(alice.reply, "race");
	id = new_game(&alice, &bob, 10);
	cmd_ok(&carol, "watch %lld", (long long)id);

	/* bob may not roll: red moves first (RACE-2); nothing changes. */
	cmd_err(&bob, "not-your-turn", "roll");
	cmd_ok(&bob, "view");
	assert_contains(bob.reply, "v=1");

	cmd_ok(&alice, "debug dice 4");
	cmd_ok(&alice, "roll");
	assert_contains(alice.final, "rolled 4; score 4");
	assert_non_null(e2e_take_event(&bob, "red rolls 4: score 4", E2E_TIMEOUT_MS));
	assert_non_null(e2e_take_event(&bob, "your-turn", E2E_TIMEOUT_MS));
	assert_non_null(e2e_take_event(&carol, "red rolls 4", E2E_TIMEOUT_MS));

	cmd_ok(&bob, "debug dice 5");
	cmd_ok(&bob, "roll");
	assert_non_null(e2e_take_event(&alice, "bid 1..3 in secret", E2E_TIMEOUT_MS));
	/* bob acted, but the game now waits for a new decision of his too */
	assert_non_null(e2e_take_event(&bob, "your-turn game=1 bid 1..3", E2E_TIMEOUT_MS));
	/* v= is checked by read-only verbs too */
	cmd_err(&bob, "stale", "view v=1");
	cmd_ok(&bob, "view v=3");

	/* A secret commitment: only alice learns her bid. */
	cmd_ok(&alice, "bid 3");
	assert_non_null(e2e_take_event(&alice, "you bid 3", E2E_TIMEOUT_MS));
	ev = e2e_take_event(&bob, "bid-placed", E2E_TIMEOUT_MS);
	assert_non_null(ev);
	assert_not_contains(ev, "3");
	assert_non_null(e2e_take_event(&carol, "red has bid face down", E2E_TIMEOUT_MS));
	e2e_pump(&bob, 100);
	e2e_pump(&carol, 100);
	assert_not_contains(bob.events, "you bid");
	assert_not_contains(carol.events, "you bid");
	cmd_ok(&bob, "view");
	assert_contains(bob.reply, "bids: red face-down, blue none");
	assert_not_contains(bob.reply, "your bid");
	cmd_ok(&bob, "log 50");
	assert_not_contains(bob.reply, "you bid");
	cmd_ok(&carol, "log 50");
	assert_not_contains(carol.reply, "you bid");
	cmd_ok(&carol, "view");
	assert_contains(carol.reply, "you: spectator");
	assert_contains(carol.reply, "bids: red face-down, blue none");
	cmd_ok(&alice, "view");
	assert_contains(alice.reply, "your bid: 3");
	cmd_ok(&alice, "log 50");
	assert_contains(alice.reply, "you bid 3");

	/* Bids are final: the game no longer waits for alice. */
	cmd_err(&alice, "not-your-turn", "bid 2");
	assert_contains(alice.final, "waits for blue");
	/* An engine refusal names the rule that forbids it. */
	cmd_err(&bob, "bad-args", "bid 7");
	assert_contains(bob.final, "(RACE-3)");

	cmd_ok(&bob, "bid 1");
	assert_non_null(e2e_take_event(&alice, "bids revealed: red 3, blue 1", E2E_TIMEOUT_MS));
	assert_non_null(e2e_take_event(&carol, "bids revealed: red 3, blue 1", E2E_TIMEOUT_MS));
	assert_non_null(e2e_take_event(&bob, "bids revealed", E2E_TIMEOUT_MS));

	/* Chat reaches players and spectators and is kept. */
	cmd_ok(&alice, "say good luck, bob");
	assert_non_null(e2e_take_event(&bob, "<alice> good luck, bob", E2E_TIMEOUT_MS));
	assert_non_null(e2e_take_event(&carol, "<alice> good luck, bob", E2E_TIMEOUT_MS));
	cmd_ok(&carol, "chat");
	assert_contains(carol.reply, "<alice> good luck, bob");
	/* game=/v= are taken only before the text; after it they are text */
	cmd_ok(&carol, "say game=%lld see you at game=3 v=2", (long long)id);
	assert_non_null(e2e_take_event(&alice, "<carol> see you at game=3 v=2", E2E_TIMEOUT_MS));
	/* only players and spectators chat in a game */
	{
		static struct e2e_client dave;
		assert_int_equal(e2e_login_new(&dave, server.port, "dave", "secret-d"), 0);
		cmd_err(&dave, "forbidden", "say game=%lld hello from outside", (long long)id);
		e2e_close(&dave);
	}
	cmd_err(&carol, "not-a-player", "roll");

	/* red: 4 + 3 = 7; a forced 3 brings red to the target. */
	cmd_ok(&alice, "debug dice 3");
	cmd_ok(&alice, "roll");
	ev = e2e_take_event(&bob, "game-over", E2E_TIMEOUT_MS);
	assert_non_null(ev);
	assert_contains(ev, "red wins the race 10-5");
	assert_contains(ev, "dice seed");
	assert_non_null(e2e_take_event(&carol, "game-over", E2E_TIMEOUT_MS));
	cmd_err(&bob, "game-over", "roll");

	cmd_ok(&carol, "verify");
	assert_contains(carol.reply, "matches the commitment");
	assert_contains(carol.final, "verified");
	/* the start die and the three rolls were forced; nothing came from the
	 * seed in this game */
	assert_contains(carol.reply, "0 rolls replayed from the seed, 0 mismatches; 4 forced");

	cmd_ok(&alice, "games mine");
	assert_contains(alice.reply, "finished");
	e2e_close(&alice);
	e2e_close(&bob);
	e2e_close(&carol);
}

static void test_reconnect_sees_missed_events(void **state)
{
	static struct e2e_client alice, bob, bob2;
	const char *ev;
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice2", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob2", "secret-b"), 0);
	id = new_game(&alice, &bob, 30);
	e2e_close(&bob);

	cmd_ok(&alice, "debug dice 6");
	cmd_ok(&alice, "roll");
	cmd_ok(&alice, "say are you there?");

	assert_int_equal(e2e_connect(&bob2, server.port), 0);
	cmd_ok(&bob2, "login bob2 secret-b");
	ev = e2e_take_event(&bob2, "missed", E2E_TIMEOUT_MS);
	assert_non_null(ev);
	assert_contains(ev, "game=");
	ev = e2e_take_event(&bob2, "your-turn", E2E_TIMEOUT_MS);
	assert_non_null(ev);
	assert_contains(ev, "roll (round 1)");
	cmd_ok(&bob2, "use %lld", (long long)id);
	cmd_ok(&bob2, "log 5");
	assert_contains(bob2.reply, "red rolls 6: score 6");
	cmd_ok(&bob2, "chat");
	assert_contains(bob2.reply, "are you there?");
	cmd_ok(&bob2, "pending");
	assert_contains(bob2.reply, "waiting for blue (bob2): roll");
	e2e_close(&alice);
	e2e_close(&bob2);
}

static void test_every_connection_of_a_user_is_notified(void **state)
{
	static struct e2e_client alice, alice_b, bob;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice3", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&alice_b, server.port, "alice3", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob3", "secret-b"), 0);
	new_game(&alice, &bob, 30);
	assert_non_null(e2e_take_event(&alice_b, "game-started", E2E_TIMEOUT_MS));
	cmd_ok(&alice_b, "whoami");
	assert_contains(alice_b.reply, "connections: 2");
	cmd_ok(&alice, "debug dice 1");
	cmd_ok(&alice, "roll");
	assert_non_null(e2e_take_event(&bob, "your-turn", E2E_TIMEOUT_MS));
	cmd_ok(&bob, "debug dice 2");
	cmd_ok(&bob, "roll");
	assert_non_null(e2e_take_event(&alice, "blue rolls 2", E2E_TIMEOUT_MS));
	assert_non_null(e2e_take_event(&alice_b, "blue rolls 2", E2E_TIMEOUT_MS));
	e2e_close(&alice);
	e2e_close(&alice_b);
	e2e_close(&bob);
}

static void test_version_makes_retries_exactly_once(void **state)
{
	static struct e2e_client alice, bob;
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice4", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob4", "secret-b"), 0);
	id = new_game(&alice, &bob, 30);
	cmd_ok(&alice, "view");
	assert_contains(alice.reply, "v=1");
	cmd_ok(&alice, "debug dice 2 2");
	cmd_ok(&alice, "roll v=1");
	assert_contains(alice.final, "score 2");
	/* The same request again, as a client retrying after a lost reply. */
	cmd_err(&alice, "stale", "roll v=1");
	assert_contains(alice.final, "v=2");
	cmd_ok(&alice, "view game=%lld", (long long)id);
	assert_contains(alice.reply, "red 2, blue 0");
	cmd_err(&alice, "bad-args", "roll v=99");
	cmd_err(&alice, "bad-args", "roll v=abc");
	e2e_close(&alice);
	e2e_close(&bob);
}

static void test_json_mode_and_tags(void **state)
{
	static struct e2e_client alice, bob;
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice5", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob5", "secret-b"), 0);
	id = new_game(&alice, &bob, 30);

	cmd_ok(&alice, "@t1 ping");
	assert_string_equal(alice.final, "@t1 ok pong");
	cmd_err(&alice, "unknown-verb", "@t2 fly away");
	assert_true(strncmp(alice.final, "@t2 err unknown-verb", 20) == 0);

	cmd_ok(&bob, "mode json");
	assert_contains(bob.final, "{\"ok\":true");
	cmd_ok(&bob, "{\"tag\":\"v1\",\"cmd\":\"view\",\"game\":%lld}", (long long)id);
	assert_contains(bob.final, "\"tag\":\"v1\"");
	assert_contains(bob.final, "\"you\":\"blue\"");
	cmd_err(&bob, "not-your-turn", "{\"cmd\":\"roll\",\"game\":%lld}", (long long)id);
	assert_contains(bob.final, "\"message\":");
	cmd_err(&bob, "bad-request", "{\"cmd\":");
	cmd_ok(&alice, "debug dice 5");
	cmd_ok(&alice, "roll");
	assert_non_null(e2e_take_event(&bob, "{\"event\":\"rolled\"", E2E_TIMEOUT_MS));
	/* the JSON game member picks the game; it never ends up in the chat text */
	cmd_ok(&bob, "{\"cmd\":\"say\",\"args\":[\"hi there\"],\"game\":%lld}", (long long)id);
	assert_non_null(e2e_take_event(&alice, "<bob5> hi there", E2E_TIMEOUT_MS));
	assert_not_contains(alice.events, "game=");
	cmd_err(&bob, "stale", "{\"cmd\":\"debug\",\"args\":[\"dice\",6],\"v\":0}");
	cmd_ok(&bob, "{\"cmd\":\"mode\",\"args\":[\"text\"]}");
	cmd_ok(&bob, "ping");
	assert_string_equal(bob.final, "ok pong");
	e2e_close(&alice);
	e2e_close(&bob);
}

static void test_lobby_errors_are_clear(void **state)
{
	static struct e2e_client alice, bob, anon;
	char token[32];
	int64_t id;

	(void)state;
	assert_int_equal(e2e_connect(&anon, server.port), 0);
	cmd_err(&anon, "not-logged-in", "new race");
	cmd_err(&anon, "unknown-verb", "launch missiles");
	cmd_err(&anon, "bad-args", "register onlyname secret99 extra");
	cmd_err(&anon, "bad-name", "register 9lives secret99");
	cmd_err(&anon, "weak-password", "register validname abc");
	cmd_err(&anon, "auth-failed", "login nobody whatever");
	cmd_err(&anon, "no-game", "roll");
	cmd_err(&anon, "bad-args", "mode xml");

	assert_int_equal(e2e_login_new(&alice, server.port, "alice6", "secret-a"), 0);
	cmd_err(&alice, "name-taken", "register ALICE6 another1");
	cmd_err(&alice, "auth-failed", "password wrongold newpass1");
	cmd_err(&alice, "no-such-scenario", "new chess");
	cmd_err(&alice, "bad-option", "new race colour=green");
	cmd_err(&alice, "bad-args", "new race side=green");
	cmd_ok(&alice, "new race side=blue private");
	id = atoll(strstr(alice.reply, "game: ") + 6);
	assert_int_equal(sscanf(strstr(alice.reply, "token: ") + 7, "%31s", token), 1);
	cmd_err(&alice, "already-seated", "join %lld", (long long)id);
	cmd_err(&alice, "not-started", "roll");
	cmd_err(&alice, "no-such-game", "join 99999");
	assert_int_equal(e2e_login_new(&bob, server.port, "bob6", "secret-b"), 0);
	cmd_ok(&bob, "games open");
	assert_not_contains(bob.reply, "alice6"); /* private games are not listed */
	/* ... nor joined without their token (test_e2e_ops has the rest) */
	cmd_err(&bob, "forbidden", "join %lld", (long long)id);
	cmd_err(&bob, "side-taken", "join %lld blue %s", (long long)id, token);
	cmd_ok(&bob, "join %lld %s", (long long)id, token);
	assert_contains(bob.final, "as red");
	cmd_err(&anon, "not-logged-in", "join %lld", (long long)id);
	cmd_ok(&anon, "register carol6 secret-c");
	cmd_ok(&anon, "login carol6 secret-c");
	cmd_err(&anon, "game-full", "join %lld %s", (long long)id, token);
	cmd_ok(&anon, "watch %lld %s", (long long)id, token);
	cmd_err(&anon, "not-a-player", "roll game=%lld", (long long)id);
	e2e_close(&anon);
	e2e_close(&alice);
	e2e_close(&bob);
}

static void test_resign_ends_the_game(void **state)
{
	static struct e2e_client alice, bob;
	const char *ev;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice7", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob7", "secret-b"), 0);
	new_game(&alice, &bob, 30);
	cmd_ok(&bob, "resign");
	assert_contains(bob.final, "bob7 (blue) resigned; red wins");
	assert_non_null(e2e_take_event(&alice, "* resigned game=", E2E_TIMEOUT_MS));
	ev = e2e_take_event(&alice, "game-over", E2E_TIMEOUT_MS);
	assert_non_null(ev);
	assert_contains(ev, "resigned");
	cmd_err(&alice, "game-over", "roll");
	cmd_ok(&alice, "verify");
	assert_contains(alice.final, "verified");
	/* passwords may look like game arguments */
	cmd_ok(&alice, "password secret-a v=2game=3");
	e2e_close(&alice);
	assert_int_equal(e2e_connect(&alice, server.port), 0);
	cmd_err(&alice, "auth-failed", "login alice7 secret-a");
	cmd_ok(&alice, "login alice7 v=2game=3");
	e2e_close(&alice);
	e2e_close(&bob);
}

static void test_game_that_ended_while_away_is_announced(void **state)
{
	static struct e2e_client alice, bob;
	const char *ev;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice8", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob8", "secret-b"), 0);
	new_game(&alice, &bob, 30);
	e2e_close(&bob);
	cmd_ok(&alice, "resign");
	assert_int_equal(e2e_connect(&bob, server.port), 0);
	cmd_ok(&bob, "login bob8 secret-b");
	ev = e2e_take_event(&bob, "missed", E2E_TIMEOUT_MS);
	assert_non_null(ev);
	ev = e2e_take_event(&bob, "game-over", E2E_TIMEOUT_MS);
	assert_non_null(ev);
	assert_contains(ev, "alice8 (red) resigned; blue wins");
	assert_contains(ev, "dice seed");
	/* seen now: the next login says nothing of it */
	e2e_close(&bob);
	assert_int_equal(e2e_connect(&bob, server.port), 0);
	cmd_ok(&bob, "login bob8 secret-b");
	e2e_pump(&bob, 300);
	assert_not_contains(bob.events, "game-over");
	e2e_close(&alice);
	e2e_close(&bob);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_full_game_with_secrets_and_spectator, start_server,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_reconnect_sees_missed_events, start_server,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_every_connection_of_a_user_is_notified,
	                                    start_server, stop_server),
	    cmocka_unit_test_setup_teardown(test_version_makes_retries_exactly_once, start_server,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_json_mode_and_tags, start_server, stop_server),
	    cmocka_unit_test_setup_teardown(test_lobby_errors_are_clear, start_server, stop_server),
	    cmocka_unit_test_setup_teardown(test_resign_ends_the_game, start_server, stop_server),
	    cmocka_unit_test_setup_teardown(test_game_that_ended_while_away_is_announced,
	                                    start_server, stop_server),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
