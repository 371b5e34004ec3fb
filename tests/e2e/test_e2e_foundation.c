/*
 * test_e2e_foundation.c -- the seams the next rule systems build on, proved
 * against the real daemon (wargamed-test):
 *
 *   - host actions (resignation, a clock's timeout, a draw, an
 *     adjudication) are actions of the game's log, handed to the engine,
 *     which may refuse (RACE-5) or react (RACE-6), and replayed exactly
 *     after a SIGKILL;
 *   - simultaneous secret decisions with per-side decision counters: the
 *     second bid of a round, sent with the d= its player saw, is accepted
 *     although the game moved on; a retry of an answered decision is stale;
 *   - games pin what they were played on: a scenario file edited between two
 *     runs leaves running games on the text they started with, while new
 *     games take the new file; a game stored by another engine version is
 *     upgraded only when its replay gives exactly the stored events, and
 *     refused with a clear message when it does not;
 *   - a game stored without the summary of who must act (before migration
 *     12) is loaded at the first start and its summary recorded; later starts
 *     leave it to its first use;
 *   - a scenario module's own verb is listed and accepted only in the games
 *     of its scenarios (the test-only F&M module "probe").
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "e2e.h"
#include "e2e_assert.h"

static struct e2e_server server;
static char scen_dir[256];

/* A race scenario file "pinrace" with that target in scen_dir. */
static void write_pinrace(int target)
{
	char path[320];
	FILE *f;

	snprintf(path, sizeof(path), "%s/pinrace.json", scen_dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f,
	        "{\"ruleset\": \"race\", \"id\": \"pinrace\", \"title\": \"Pinned race\", "
	        "\"description\": \"a race whose file is edited between runs\", "
	        "\"sides\": [\"red\", \"blue\"], \"target\": %d}\n",
	        target);
	fclose(f);
}

static int start_race(void **state)
{
	static const char *const args[] = {"--data-dir",       WG_RACE_DIR, "--allow-debug",
	                                   "--snapshot-every", "3",         NULL};

	(void)state;
	return e2e_server_start(&server, WG_TEST_DAEMON, args);
}

static int start_pinned(void **state)
{
	static char dir_arg[256];
	static const char *args[] = {"--data-dir", dir_arg, "--allow-debug", NULL};

	(void)state;
	snprintf(scen_dir, sizeof(scen_dir), "/tmp/wg-pin.XXXXXX");
	if (mkdtemp(scen_dir) == NULL)
		return -1;
	snprintf(dir_arg, sizeof(dir_arg), "%s", scen_dir);
	write_pinrace(40);
	return e2e_server_start(&server, WG_TEST_DAEMON, args);
}

static int start_probe(void **state)
{
	static const char *const args[] = {"--data-dir", WG_PROBE_DIR, NULL};

	(void)state;
	return e2e_server_start(&server, WG_TEST_DAEMON, args);
}

static int stop_server(void **state)
{
	char path[320];

	(void)state;
	e2e_server_cleanup(&server);
	if (scen_dir[0]) {
		snprintf(path, sizeof(path), "%s/pinrace.json", scen_dir);
		unlink(path);
		rmdir(scen_dir);
		scen_dir[0] = '\0';
	}
	return 0;
}

static int64_t game_id(const char *reply)
{
	const char *p = strstr(reply, "game: ");

	return p ? atoll(p + 6) : 0;
}

/* alice (red) and bob (blue) start a race of scenario with the start die forced to 2 (red
 * first); returns the game id. */
static int64_t start_game(struct e2e_client *alice, struct e2e_client *bob, const char *scenario,
                          const char *options)
{
	int64_t id;

	cmd_ok(alice, "new %s side=red %s", scenario, options);
	id = game_id(alice->reply);
	assert_true(id > 0);
	cmd_ok(alice, "debug dice 2");
	cmd_ok(bob, "join %lld", (long long)id);
	return id;
}

/* The version a text-mode view reports ("v=N;"). */
static long long view_version(struct e2e_client *c)
{
	const char *p;

	cmd_ok(c, "view");
	p = strstr(c->reply, ", v=");
	assert_non_null(p);
	return atoll(p + 4);
}

static void restart_after_kill(void)
{
	e2e_server_kill(&server);
	assert_int_equal(e2e_server_restart(&server), 0);
}

static void relogin(struct e2e_client *c, const char *name, const char *pw, int64_t game)
{
	e2e_close(c);
	assert_int_equal(e2e_connect(c, server.port), 0);
	cmd_ok(c, "login %s %s", name, pw);
	cmd_ok(c, "use %lld", (long long)game);
}

/* ---- host actions ---- */

static void test_resignation_is_an_action_replayed_after_sigkill(void **state)
{
	static struct e2e_client alice, bob;
	static char view_before[E2E_BUF], log_before[E2E_BUF];
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob", "secret-b"), 0);
	id = start_game(&alice, &bob, "race", "");
	cmd_ok(&alice, "roll");
	assert_int_equal(view_version(&alice), 2);
	/* a stale retry is refused before anything else */
	cmd_err(&bob, "stale", "resign v=1");
	cmd_ok(&bob, "resign v=2");
	assert_contains(bob.final, "bob (blue) resigned; red wins");
	/* it is action 3 of the log, with its event */
	assert_int_equal(view_version(&alice), 3);
	cmd_ok(&alice, "log 3");
	assert_contains(alice.reply, "resigned: bob (blue) resigned; red wins");
	cmd_ok(&alice, "view");
	snprintf(view_before, sizeof(view_before), "%s", alice.reply);
	cmd_ok(&alice, "log 50");
	snprintf(log_before, sizeof(log_before), "%s", alice.reply);
	cmd_err(&bob, "game-over", "resign");

	restart_after_kill();
	relogin(&alice, "alice", "secret-a", id);
	cmd_ok(&alice, "view");
	assert_string_equal(alice.reply, view_before);
	cmd_ok(&alice, "log 50");
	assert_string_equal(alice.reply, log_before);
	cmd_ok(&alice, "verify");
	assert_contains(alice.final, "verified");
}

static void test_host_actions_are_handed_to_the_engine(void **state)
{
	static struct e2e_client alice, bob;
	static char view_before[E2E_BUF];
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice2", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob2", "secret-b"), 0);
	id = start_game(&alice, &bob, "race", "");
	cmd_ok(&alice, "debug dice 3");
	cmd_ok(&alice, "roll");
	cmd_ok(&bob, "debug dice 4");
	cmd_ok(&bob, "roll");
	cmd_ok(&alice, "bid 2");
	/* RACE-5: the engine refuses a draw while a bid lies face down; nothing changes */
	cmd_err(&alice, "illegal-action", "debug host draw");
	assert_contains(alice.final, "(RACE-5)");
	assert_int_equal(view_version(&alice), 4);
	/* RACE-6: a timeout in the bid phase is the engine's to handle: blue bids 1 */
	cmd_ok(&alice, "debug host timeout blue clock");
	assert_int_equal(view_version(&alice), 5);
	cmd_ok(&alice, "log 4");
	assert_contains(alice.reply, "blue ran out of time: it bids 1 (RACE-6)");
	assert_contains(alice.reply, "bids revealed: red 2, blue 1");
	cmd_ok(&alice, "view");
	assert_contains(alice.reply, "active");
	assert_contains(alice.reply, "red 5, blue 4");
	snprintf(view_before, sizeof(view_before), "%s", alice.reply);

	restart_after_kill();
	relogin(&alice, "alice2", "secret-a", id);
	cmd_ok(&alice, "view");
	assert_string_equal(alice.reply, view_before);
	/* in the roll phase the default applies: a draw ends the game */
	cmd_ok(&alice, "debug host draw agreed");
	assert_contains(alice.final, "drawn by agreement: agreed");
	cmd_ok(&alice, "view");
	assert_contains(alice.reply, "finished");
	snprintf(view_before, sizeof(view_before), "%s", alice.reply);
	cmd_err(&alice, "game-over", "debug host adjudicate red");

	restart_after_kill();
	relogin(&alice, "alice2", "secret-a", id);
	cmd_ok(&alice, "view");
	assert_string_equal(alice.reply, view_before);
}

/* ---- simultaneous decisions ---- */

/* The decision counter of side in a JSON pending reply. */
static long long decision_of(struct e2e_client *c, const char *side)
{
	char key[64];
	const char *p;

	cmd_ok(c, "{\"cmd\":\"pending\"}");
	snprintf(key, sizeof(key), "\"%s\":{\"d\":", side);
	p = strstr(c->reply, key);
	assert_non_null(p);
	return atoll(p + strlen(key));
}

static void test_simultaneous_bids_with_decision_counters(void **state)
{
	static struct e2e_client alice, bob;
	long long da, db, v;
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice3", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob3", "secret-b"), 0);
	id = start_game(&alice, &bob, "race", "");
	(void)id;
	cmd_ok(&alice, "roll");
	cmd_ok(&bob, "roll");
	cmd_ok(&alice, "mode json");
	cmd_ok(&bob, "mode json");
	/* both must bid now: kind "bid" for each */
	cmd_ok(&alice, "{\"cmd\":\"pending\"}");
	assert_contains(alice.reply, "\"kind\":\"bid\"");
	da = decision_of(&alice, "red");
	db = decision_of(&bob, "blue");
	v = view_version(&alice);
	/* red bids; the game moves on */
	cmd_ok(&alice, "{\"cmd\":\"bid\",\"args\":[\"2\"],\"d\":%lld}", da);
	assert_contains(alice.reply, "\"v\":");
	/* a retry of the same decision is stale: exactly once */
	cmd_err(&alice, "stale", "{\"cmd\":\"bid\",\"args\":[\"2\"],\"d\":%lld}", da);
	assert_contains(alice.final, "was answered already");
	/* with the old version blue's bid would be refused as stale ... */
	cmd_err(&bob, "stale", "{\"cmd\":\"bid\",\"args\":[\"3\"],\"v\":%lld}", v);
	/* ... but blue's decision did not change: its d= is still current */
	assert_int_equal(decision_of(&bob, "blue"), db);
	cmd_ok(&bob, "{\"cmd\":\"bid\",\"args\":[\"3\"],\"d\":%lld}", db);
	assert_non_null(e2e_take_event(&alice, "bids revealed: red 2, blue 3", E2E_TIMEOUT_MS));
	/* the round is over: both decisions moved on, red must roll */
	assert_true(decision_of(&alice, "red") > da);
	assert_true(decision_of(&bob, "blue") > db);
	cmd_ok(&alice, "{\"cmd\":\"pending\"}");
	assert_contains(alice.reply, "\"kind\":\"roll\"");
	/* a d= of the future is a bad argument, not a retry */
	cmd_err(&alice, "bad-args", "{\"cmd\":\"roll\",\"d\":%lld}",
	        decision_of(&alice, "red") + 5);
}

/* ---- games pin what they were played on ---- */

/* Runs sql on the stopped daemon's database. */
static void tamper(const char *sql)
{
	sqlite3 *db = NULL;
	char *msg = NULL;

	assert_int_equal(sqlite3_open(server.db, &db), SQLITE_OK);
	if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
		fail_msg("tamper: %s: %s", sql, msg ? msg : sqlite3_errmsg(db));
	sqlite3_close(db);
}

static long long count_rows(const char *sql)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	long long n = -1;

	assert_int_equal(sqlite3_open(server.db, &db), SQLITE_OK);
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(db);
	return n;
}

static void test_scenario_edited_between_runs(void **state)
{
	static struct e2e_client alice, bob;
	static char view_before[E2E_BUF];
	int64_t old_game, new_game;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice4", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob4", "secret-b"), 0);
	old_game = start_game(&alice, &bob, "pinrace", "");
	cmd_ok(&alice, "debug dice 6");
	cmd_ok(&alice, "roll");
	cmd_ok(&bob, "debug dice 6");
	cmd_ok(&bob, "roll");
	cmd_ok(&alice, "view");
	assert_contains(alice.reply, "(target 40)");
	snprintf(view_before, sizeof(view_before), "%s", alice.reply);

	/* between two runs the file is corrected: a target of 5 would have ended the race */
	assert_int_equal(e2e_server_stop(&server), 0);
	write_pinrace(5);
	assert_int_equal(e2e_server_restart(&server), 0);
	assert_true(e2e_log_contains(&server, "replays on its own copy of scenario pinrace"));
	relogin(&alice, "alice4", "secret-a", old_game);
	relogin(&bob, "bob4", "secret-b", old_game);
	cmd_ok(&alice, "view");
	assert_string_equal(alice.reply, view_before);
	cmd_ok(&alice, "bid 1");
	cmd_ok(&bob, "bid 1");
	cmd_ok(&alice, "view");
	assert_contains(alice.reply, "active");
	assert_contains(alice.reply, "(target 40)");
	/* a new game takes the corrected file */
	cmd_ok(&alice, "new pinrace side=red");
	new_game = game_id(alice.reply);
	cmd_ok(&alice, "view game=%lld", (long long)new_game);
	assert_contains(alice.reply, "(target 5)");
	assert_int_equal(
	    count_rows("SELECT count(*) FROM scenario_texts WHERE scenario = 'pinrace'"), 2);
	assert_int_equal(
	    count_rows("SELECT count(DISTINCT digest) FROM games WHERE scenario = 'pinrace'"), 2);
}

static void test_engine_version_is_pinned(void **state)
{
	static struct e2e_client alice, bob;
	static char view_before[E2E_BUF];
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice5", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob5", "secret-b"), 0);
	id = start_game(&alice, &bob, "race", "");
	cmd_ok(&alice, "roll");
	cmd_ok(&bob, "roll");
	cmd_ok(&alice, "bid 3");
	cmd_ok(&alice, "view");
	snprintf(view_before, sizeof(view_before), "%s", alice.reply);
	assert_int_equal(count_rows("SELECT count(*) FROM games WHERE engine = 'race-1'"), 1);

	/* the game claims an older engine: its replay gives the stored events, so it is upgraded */
	assert_int_equal(e2e_server_stop(&server), 0);
	tamper("UPDATE games SET engine = 'race-0'");
	assert_int_equal(e2e_server_restart(&server), 0);
	assert_true(e2e_log_contains(&server, "replays identically on engine race-1 (created on "
	                                      "race-0): upgraded"));
	relogin(&alice, "alice5", "secret-a", id);
	cmd_ok(&alice, "view");
	assert_string_equal(alice.reply, view_before);
	assert_int_equal(count_rows("SELECT count(*) FROM games WHERE engine = 'race-1'"), 1);

	/* an older engine whose game the new one would replay differently: refused, never a
	 * silent divergence (a stored event that this engine does not give) */
	assert_int_equal(e2e_server_stop(&server), 0);
	tamper("UPDATE games SET engine = 'race-0'; DROP TRIGGER events_no_update; "
	       "UPDATE events SET json = replace(json, 'die 2', 'die 9') WHERE seq = 1");
	assert_int_equal(e2e_server_restart(&server), 0);
	assert_true(e2e_log_contains(&server, "was played on engine race-0 and does not replay "
	                                      "identically on engine race-1"));
	relogin(&alice, "alice5", "secret-a", id);
	cmd_err(&alice, "internal", "view");
	assert_contains(e2e_flat(alice.reply), "race-0");
	assert_contains(e2e_flat(alice.reply), "race-1");
	cmd_err(&alice, "internal", "bid 1");
	/* the game is kept as it was */
	assert_int_equal(count_rows("SELECT version FROM games WHERE id = 1"), 4);
	assert_int_equal(count_rows("SELECT count(*) FROM games WHERE engine = 'race-0'"), 1);
}

/* A game stored before migration 12 has no summary of who must act: the first start loads it
 * (the backfill) and records its summary; the next start leaves it to its first use, and it
 * is the same game (server/games.h, "Lazy loading"). */
static void test_game_without_a_pending_summary_is_backfilled(void **state)
{
	static struct e2e_client alice, bob;
	static char view_before[E2E_BUF];
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice7", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob7", "secret-b"), 0);
	id = start_game(&alice, &bob, "race", "");
	cmd_ok(&alice, "roll");
	cmd_ok(&bob, "roll");
	cmd_ok(&alice, "view");
	snprintf(view_before, sizeof(view_before), "%s", alice.reply);
	assert_int_equal(count_rows("SELECT count(*) FROM games WHERE pending IS NULL"), 0);

	assert_int_equal(e2e_server_stop(&server), 0);
	tamper("UPDATE games SET pending = NULL");
	assert_int_equal(e2e_server_restart(&server), 0);
	assert_int_equal(e2e_log_count(&server, "games: 0 load on first use, 1 loaded at start-up"),
	                 1);
	assert_int_equal(count_rows("SELECT count(*) FROM games WHERE pending IS NULL"), 0);

	assert_int_equal(e2e_server_stop(&server), 0);
	assert_int_equal(e2e_server_restart(&server), 0);
	assert_int_equal(e2e_log_count(&server, "games: 1 load on first use, 0 loaded at start-up"),
	                 1);
	relogin(&alice, "alice7", "secret-a", id);
	cmd_ok(&alice, "view");
	assert_string_equal(alice.reply, view_before);
	assert_false(e2e_log_contains(&server, "summary of who must act differed"));
	e2e_close(&alice);
	e2e_close(&bob);
}

/* ---- a module's own verbs ---- */

static void test_module_verb_only_in_its_games(void **state)
{
	static struct e2e_client alice, bob;
	int64_t probe_game, plain_game;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice6", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob6", "secret-b"), 0);
	cmd_ok(&alice, "new fm-probe side=allied");
	probe_game = game_id(alice.reply);
	cmd_ok(&bob, "join %lld", (long long)probe_game);
	cmd_ok(&alice, "new fm-test side=allied");
	plain_game = game_id(alice.reply);
	cmd_ok(&bob, "join %lld", (long long)plain_game);

	cmd_ok(&alice, "use %lld", (long long)probe_game);
	cmd_ok(&alice, "help");
	assert_contains(alice.reply, "probe");
	assert_contains(alice.reply, "move <unit>");
	cmd_ok(&alice, "use %lld", (long long)plain_game);
	cmd_ok(&alice, "help");
	assert_not_contains(alice.reply, "probe");
	assert_contains(alice.reply, "move <unit>");
	/* no module verb of the shipped modules shows in either game */
	assert_not_contains(alice.reply, "rebuild");
	cmd_ok(&alice, "probe game=%lld", (long long)probe_game);
	assert_contains(alice.reply, "probe module of scenario fm-probe");
	cmd_err(&alice, "unknown-verb", "probe game=%lld", (long long)plain_game);
	assert_contains(alice.final, "not a verb of fm-test games");
	cmd_ok(&alice, "help probe");
	assert_contains(alice.reply, "(fm-probe games)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_resignation_is_an_action_replayed_after_sigkill,
	                                    start_race, stop_server),
	    cmocka_unit_test_setup_teardown(test_host_actions_are_handed_to_the_engine, start_race,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_simultaneous_bids_with_decision_counters,
	                                    start_race, stop_server),
	    cmocka_unit_test_setup_teardown(test_scenario_edited_between_runs, start_pinned,
	                                    stop_server),
	    cmocka_unit_test_setup_teardown(test_engine_version_is_pinned, start_race, stop_server),
	    cmocka_unit_test_setup_teardown(test_game_without_a_pending_summary_is_backfilled,
	                                    start_race, stop_server),
	    cmocka_unit_test_setup_teardown(test_module_verb_only_in_its_games, start_probe,
	                                    stop_server),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
