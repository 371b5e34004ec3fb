/*
 * test_e2e_offers.c -- pauses, takebacks and game records against the real daemon
 * (wargamed-test, the race ruleset), over TCP, with the fake clock of --debug-clock:
 *
 *   - offer takeback / accept / decline: refused after a die (the roll) and after a
 *     reveal (RACE-3, the rule named), accepted for a secret bid, which is then gone from
 *     the game; the undone action stays in the log marked (undone); spectators see the
 *     public event, never the secret; an offer lapses with the next action;
 *   - offer pause / accept / decline: both clocks stop while it runs, `view` and `games`
 *     show it, it ends at its end (the clocks charged from then on) or when the player who
 *     asked for it acts again, and never while the other plays;
 *   - a game with a takeback and a pause in its log replays exactly after a SIGKILL;
 *   - export is refused before the end; after it, the record round-trips through
 *     `wargamed-test replay` (text capture and JSON reply), and a changed die, action or
 *     seed is named by the replay, which exits 1.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "e2e.h"
#include "e2e_assert.h"

/* Wednesday 2026-12-02 00:00 UTC */
#define T0   1796169600LL
#define HOUR 3600LL

static struct e2e_server server;
static char clock_arg[32];

static int start(void **state)
{
	static const char *const args[] = {"--data-dir",
	                                   WG_RACE_DIR,
	                                   "--allow-debug",
	                                   "--debug-clock",
	                                   clock_arg,
	                                   "--snapshot-every",
	                                   "3",
	                                   NULL};

	(void)state;
	snprintf(clock_arg, sizeof(clock_arg), "%lld", T0);
	return e2e_server_start(&server, WG_TEST_DAEMON, args);
}

static int stop(void **state)
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

/* red (a) and blue (b) start a race with options; the start die is forced to 2: red
 * rolls first.  Both connections use the game. */
static int64_t start_game(struct e2e_client *a, struct e2e_client *b, const char *options)
{
	int64_t id;

	cmd_ok(a, "new race side=red %s", options);
	id = game_id(a->reply);
	assert_true(id > 0);
	cmd_ok(a, "debug dice 2");
	cmd_ok(b, "join %lld", (long long)id);
	cmd_ok(a, "use %lld", (long long)id);
	cmd_ok(b, "use %lld", (long long)id);
	return id;
}

/* The clock line of a text view. */
static const char *clock_line(struct e2e_client *c)
{
	static char line[400];
	const char *p, *end;

	cmd_ok(c, "view");
	p = strstr(e2e_flat(c->reply), "clock ");
	assert_non_null(p);
	end = strstr(p, " waiting for");
	snprintf(line, sizeof(line), "%.*s", end ? (int)(end - p) : 300, p);
	return line;
}

/* The engine's lines of a text view: from "round" to "since your last action". */
static const char *engine_lines(struct e2e_client *c)
{
	static char lines[2048];
	const char *p, *end;

	cmd_ok(c, "view");
	p = strstr(c->reply, "  round ");
	assert_non_null(p);
	end = strstr(p, "since ");
	snprintf(lines, sizeof(lines), "%.*s", end ? (int)(end - p) : 1000, p);
	return lines;
}

static int count(const char *hay, const char *needle)
{
	int n = 0;

	for (const char *p = strstr(hay, needle); p != NULL; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* ---- takebacks ---- */

static void test_takeback_offers_barriers_and_the_log(void **state)
{
	static struct e2e_client alice, bob, carol;
	static char before[4096];
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob", "secret-b"), 0);
	assert_int_equal(e2e_login_new(&carol, server.port, "carol", "secret-c"), 0);
	id = start_game(&alice, &bob, "");
	cmd_ok(&carol, "watch %lld", (long long)id);
	/* nothing to take back yet; a game without a clock cannot be paused */
	cmd_err(&alice, "forbidden", "offer takeback");
	assert_contains(e2e_flat(alice.reply), "red has made no action to take back");
	cmd_err(&alice, "bad-args", "offer pause 5");
	assert_contains(e2e_flat(alice.reply), "has no clock");
	/* a roll is a die: never taken back */
	cmd_ok(&alice, "roll");
	cmd_err(&alice, "forbidden", "offer takeback");
	assert_contains(e2e_flat(alice.reply),
	                "red's last action cannot be taken back: red's action v=2 rolled a die");
	cmd_ok(&bob, "roll");
	/* a secret bid may be taken back, by agreement */
	snprintf(before, sizeof(before), "%s", engine_lines(&alice));
	cmd_ok(&alice, "bid 2");
	cmd_ok(&alice, "offer takeback");
	assert_contains(alice.final, "takeback of v=4 offered");
	assert_non_null(e2e_take_event(&bob, "takeback-offered", 2000));
	cmd_err(&alice, "bad-args", "offer takeback");   /* one at a time */
	cmd_err(&alice, "not-found", "accept takeback"); /* not one's own */
	cmd_ok(&bob, "decline takeback");
	assert_non_null(e2e_take_event(&alice, "takeback-declined", 2000));
	cmd_err(&bob, "not-found", "accept takeback");
	cmd_ok(&alice, "offer takeback");
	cmd_ok(&bob, "accept takeback");
	assert_contains(e2e_flat(bob.final), "took back v=4..4");
	assert_non_null(e2e_take_event(&alice, "taken-back", 2000));
	assert_non_null(e2e_take_event(&carol, "taken-back", 2000));
	/* the bid is gone: red's view of the game is the one before it */
	assert_string_equal(engine_lines(&alice), before);
	assert_contains(before, "bids: red none, blue none");
	/* the log keeps the undone action, marked; the spectator never saw the bid's value */
	cmd_ok(&alice, "log");
	assert_contains(alice.reply, "bid-secret (undone): you bid 2");
	assert_contains(alice.reply, "taken-back: alice (red) takes back v=4");
	cmd_ok(&carol, "log");
	assert_contains(carol.reply, "bid-placed (undone): red has bid face down");
	assert_not_contains(carol.reply, "you bid 2");
	/* the takeback is a barrier: no second one across it */
	cmd_err(&alice, "forbidden", "offer takeback");
	assert_contains(e2e_flat(alice.reply), "the takeback at v=5");
	/* an offer lapses with the next action */
	cmd_ok(&alice, "bid 3");
	cmd_ok(&alice, "offer takeback");
	cmd_ok(&bob, "bid 1"); /* reveals both bids */
	cmd_err(&bob, "not-found", "accept takeback");
	/* the reveal is a barrier of the rules (RACE-3), named */
	cmd_err(&alice, "forbidden", "offer takeback");
	assert_contains(e2e_flat(alice.reply), "(RACE-3)");
	assert_contains(e2e_flat(alice.reply), "blue's action v=7 revealed both bids");
	e2e_close(&alice);
	e2e_close(&bob);
	e2e_close(&carol);
}

/* ---- pauses ---- */

static void test_pause_stops_both_clocks_and_ends(void **state)
{
	static struct e2e_client alice, bob;
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "amy", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "ben", "secret-b"), 0);
	id = start_game(&alice, &bob, "clock=days:2");
	/* red must roll: red's clock runs */
	assert_contains(clock_line(&alice), "red 2d left, runs out");
	cmd_err(&bob, "bad-args", "offer pause 0");
	cmd_err(&bob, "bad-args", "offer pause 337");
	assert_contains(e2e_flat(bob.reply), "1 to 336");
	cmd_ok(&bob, "offer pause 10");
	assert_non_null(e2e_take_event(&alice, "pause-offered", 2000));
	cmd_ok(&alice, "decline pause");
	assert_non_null(e2e_take_event(&bob, "pause-declined", 2000));
	cmd_ok(&bob, "offer pause 10");
	cmd_ok(&alice, "accept pause");
	assert_contains(e2e_flat(alice.final),
	                "paused for 10 h: both clocks stop until 2026-12-02 10:00");
	assert_non_null(e2e_take_event(&bob, "* paused", 2000));
	assert_contains(clock_line(&alice), "paused until 2026-12-02 10:00 UTC (asked by blue)");
	cmd_ok(&alice, "games mine");
	assert_contains(alice.reply, "paused");
	cmd_err(&alice, "forbidden", "offer pause 3");
	assert_contains(e2e_flat(alice.reply), "paused already");
	/* 5 h later nothing was charged; red may play during the pause, which goes on */
	cmd_ok(&alice, "debug clock +%lld", 5 * HOUR);
	assert_contains(clock_line(&alice), "red 2d left; blue 2d left");
	cmd_ok(&alice, "roll");
	assert_contains(clock_line(&alice), "paused until");
	/* the pause ends at 10:00; at 11:00 blue (to roll) has been charged 1 h only */
	cmd_ok(&alice, "debug clock +%lld", 6 * HOUR);
	assert_non_null(e2e_take_event(&alice, "pause-over", 2000));
	assert_non_null(e2e_take_event(&bob, "pause-over", 2000));
	assert_contains(clock_line(&alice), "blue 1d 23h left, runs out");
	/* a pause ends early when the player who asked for it plays again */
	cmd_ok(&bob, "offer pause 24");
	cmd_ok(&alice, "accept pause");
	cmd_ok(&alice, "debug clock +%lld", 2 * HOUR);
	assert_contains(clock_line(&alice), "blue 1d 23h left");
	cmd_ok(&bob, "roll"); /* bob asked: he is back */
	assert_non_null(e2e_take_event(&alice, "who asked for the pause, plays again", 2000));
	assert_not_contains(clock_line(&alice), "paused");
	/* both bid now: both clocks run again */
	assert_int_equal(count(clock_line(&alice), "runs out"), 2);
	cmd_ok(&alice, "log 3");
	assert_contains(alice.reply, "pause-over");
	(void)id;
	e2e_close(&alice);
	e2e_close(&bob);
}

/* ---- durability ---- */

static void test_takeback_and_pause_replayed_after_sigkill(void **state)
{
	static struct e2e_client alice, bob;
	static char view_a[E2E_BUF], view_b[E2E_BUF], log_a[E2E_BUF];
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "ann", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bill", "secret-b"), 0);
	id = start_game(&alice, &bob, "clock=days:3");
	cmd_ok(&alice, "roll");
	cmd_ok(&bob, "roll");
	cmd_ok(&alice, "bid 3");
	cmd_ok(&alice, "offer takeback");
	cmd_ok(&bob, "accept takeback");
	cmd_ok(&alice, "bid 1");
	cmd_ok(&alice, "offer pause 48");
	cmd_ok(&bob, "accept pause");
	cmd_ok(&alice, "debug clock +%lld", HOUR);
	cmd_ok(&alice, "view");
	snprintf(view_a, sizeof(view_a), "%s", alice.reply);
	cmd_ok(&bob, "view");
	snprintf(view_b, sizeof(view_b), "%s", bob.reply);
	cmd_ok(&alice, "log 50");
	snprintf(log_a, sizeof(log_a), "%s", alice.reply);
	assert_contains(view_a, "your bid: 1 (face down)");
	assert_contains(view_a, "paused until");
	/* restarted at the fake time it was killed at (the clocks: test_e2e_clocks) */
	cmd_ok(&alice, "debug clock +0");
	assert_non_null(strstr(alice.final, "clock at "));
	snprintf(clock_arg, sizeof(clock_arg), "%lld", atoll(strstr(alice.final, "clock at ") + 9));
	e2e_server_kill(&server);
	assert_int_equal(e2e_server_restart(&server), 0);
	e2e_close(&alice);
	e2e_close(&bob);
	assert_int_equal(e2e_connect(&alice, server.port), 0);
	cmd_ok(&alice, "login ann secret-a");
	cmd_ok(&alice, "use %lld", (long long)id);
	assert_int_equal(e2e_connect(&bob, server.port), 0);
	cmd_ok(&bob, "login bill secret-b");
	cmd_ok(&bob, "use %lld", (long long)id);
	/* the same game, the same clocks, paused still, the same log */
	cmd_ok(&alice, "view");
	assert_string_equal(alice.reply, view_a);
	cmd_ok(&bob, "view");
	assert_string_equal(bob.reply, view_b);
	cmd_ok(&alice, "log 50");
	assert_string_equal(alice.reply, log_a);
	/* and it goes on: the pause ends, blue bids, red's bid 1 is the one revealed */
	cmd_ok(&alice, "debug clock +%lld", 48 * HOUR);
	assert_non_null(e2e_take_event(&alice, "pause-over", 2000));
	cmd_ok(&bob, "bid 2");
	assert_non_null(e2e_take_event(&alice, "bids revealed: red 1, blue 2", 2000));
	e2e_close(&alice);
	e2e_close(&bob);
}

/* ---- records ---- */

/* The awaited decision kind of side ("roll", "bid") in a pending reply, or NULL. */
static const char *awaited(const char *pending, const char *side)
{
	char needle[64];
	const char *p;

	snprintf(needle, sizeof(needle), "waiting for %s (", side);
	if ((p = strstr(pending, needle)) == NULL)
		return NULL;
	p = strstr(p, " [");
	return p == NULL ? NULL : strncmp(p + 2, "roll", 4) == 0 ? "roll" : "bid";
}

/* Plays the race of a and b to its end (both in text mode), red bidding 3 and blue 1. */
static void play_to_the_end(struct e2e_client *a, struct e2e_client *b)
{
	for (int step = 0; step < 400; step++) {
		const char *ka, *kb;
		static char pend[E2E_BUF];
		cmd_ok(a, "pending");
		snprintf(pend, sizeof(pend), "%s", a->reply);
		if (strstr(pend, "result:") != NULL)
			return;
		ka = awaited(pend, "red");
		kb = awaited(pend, "blue");
		if (ka != NULL)
			cmd_ok(a, "%s", strcmp(ka, "roll") == 0 ? "roll" : "bid 3");
		else if (kb != NULL)
			cmd_ok(b, "%s", strcmp(kb, "roll") == 0 ? "roll" : "bid 1");
		else
			fail_msg("nobody is awaited:\n%s", pend);
	}
	fail_msg("the race did not end in 400 steps");
}

/* Runs the replay on path; its exit status, the output in out. */
static int replay(const char *path, char *out, size_t size)
{
	char cmd[1200];

	snprintf(cmd, sizeof(cmd), "'%s' replay '%s' --data-dir '%s' 2>&1", WG_TEST_DAEMON, path,
	         WG_RACE_DIR);
	return e2e_run(cmd, out, size);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_true(fputs(text, f) >= 0);
	assert_int_equal(fclose(f), 0);
}

/* The record with one change (edit on the parsed document) written to path. */
static void tampered(const cJSON *rec, const char *path, void (*edit)(cJSON *))
{
	cJSON *copy = cJSON_Duplicate(rec, 1);
	char *text;

	edit(copy);
	text = cJSON_PrintUnformatted(copy);
	write_file(path, text);
	free(text);
	cJSON_Delete(copy);
}

/* The first action that rolled a die, after the start. */
static cJSON *rolling_action(cJSON *rec)
{
	cJSON *a;

	cJSON_ArrayForEach(a, cJSON_GetObjectItem(rec, "actions"))
	{
		if (cJSON_GetObjectItem(a, "seq")->valueint > 1 &&
		    cJSON_GetArraySize(cJSON_GetObjectItem(a, "dice")) > 0)
			return a;
	}
	fail_msg("no die in the record");
	return NULL;
}

static void change_a_die(cJSON *rec)
{
	cJSON *die = cJSON_GetArrayItem(cJSON_GetObjectItem(rolling_action(rec), "dice"), 0);
	int v = cJSON_GetArrayItem(die, 1)->valueint;

	cJSON_ReplaceItemInArray(die, 1, cJSON_CreateNumber(v == 6 ? 5 : v + 1));
}

static void change_a_bid(cJSON *rec)
{
	cJSON *a;

	cJSON_ArrayForEach(a, cJSON_GetObjectItem(rec, "actions"))
	{
		const char *line = cJSON_GetObjectItem(a, "line")->valuestring;
		if (strcmp(line, "bid 3") == 0 && !cJSON_IsTrue(cJSON_GetObjectItem(a, "undone"))) {
			cJSON_ReplaceItemInObject(a, "line", cJSON_CreateString("bid 2"));
			return;
		}
	}
	fail_msg("no bid 3 in the record");
}

static void change_the_seed(cJSON *rec)
{
	char seed[65];

	snprintf(seed, sizeof(seed), "%s", cJSON_GetObjectItem(rec, "seed")->valuestring);
	seed[0] = seed[0] == '0' ? '1' : '0';
	cJSON_ReplaceItemInObject(rec, "seed", cJSON_CreateString(seed));
}

/* Plays a new race of a (red) and b from the seed (no forced die) to its bid phase. */
static int64_t start_unforced(struct e2e_client *a, struct e2e_client *b, const char *options)
{
	int64_t id;

	cmd_ok(a, "new race side=red %s", options);
	id = game_id(a->reply);
	assert_true(id > 0);
	cmd_ok(b, "join %lld", (long long)id);
	cmd_ok(a, "use %lld", (long long)id);
	cmd_ok(b, "use %lld", (long long)id);
	for (int step = 0; step < 4; step++) {
		const char *ka, *kb;
		cmd_ok(a, "pending");
		ka = awaited(a->reply, "red");
		kb = awaited(a->reply, "blue");
		if (ka != NULL && kb != NULL)
			return id; /* both bid */
		if (ka != NULL)
			cmd_ok(a, "roll");
		else if (kb != NULL)
			cmd_ok(b, "roll");
	}
	fail_msg("no bid phase after two rolls");
	return id;
}

static void test_export_refused_before_the_end_then_replayed(void **state)
{
	static struct e2e_client alice, bob, json, dave;
	static char out[8192], path[400], capture[E2E_BUF + 200];
	cJSON *root, *rec, *other_root, *other;
	int64_t id, id2;
	int rc;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "ada", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bo", "secret-b"), 0);
	assert_int_equal(e2e_login_new(&dave, server.port, "dave", "secret-d"), 0);
	/* a game from its seed alone (no debug die: every die must come from the seed) */
	id = start_unforced(&alice, &bob, "target=12 clock=days:5");
	/* before the end the record would leak secrets: refused, with why */
	cmd_err(&alice, "forbidden", "export %lld", (long long)id);
	assert_contains(e2e_flat(alice.reply), "revealed only when the game ends");
	cmd_err(&dave, "forbidden", "export %lld", (long long)id);
	/* a takeback and a pause in it, then played to its end */
	cmd_ok(&alice, "bid 2");
	cmd_ok(&alice, "offer takeback");
	cmd_ok(&bob, "accept takeback");
	cmd_ok(&bob, "offer pause 2");
	cmd_ok(&alice, "accept pause");
	play_to_the_end(&alice, &bob);
	/* text mode: the reply captured as a telnet user would, notices and all */
	cmd_ok(&dave, "export %lld", (long long)id);
	assert_contains(dave.final, "ok export of game");
	snprintf(capture, sizeof(capture), "* hello wargamed\nexport %lld\n%s\n* tell x\n",
	         (long long)id, dave.reply);
	snprintf(path, sizeof(path), "%s/record.txt", server.dir);
	write_file(path, capture);
	rc = replay(path, out, sizeof(out));
	assert_contains(out, ": OK");
	assert_int_equal(rc, 0);
	assert_contains(out, "1 undone by takebacks");
	assert_contains(out, "every die from the seed");
	/* JSON mode: the reply line itself */
	assert_int_equal(e2e_connect(&json, server.port), 0);
	cmd_ok(&json, "mode json");
	json.json = 1;
	cmd_ok(&json, "export %lld", (long long)id);
	snprintf(path, sizeof(path), "%s/record.json", server.dir);
	write_file(path, json.reply);
	rc = replay(path, out, sizeof(out));
	assert_contains(out, ": OK");
	assert_int_equal(rc, 0);
	root = cJSON_Parse(json.reply);
	rec = cJSON_GetObjectItem(root, "data");
	assert_non_null(rec);
	assert_non_null(cJSON_GetObjectItem(rec, "seed"));
	assert_true(cJSON_GetArraySize(cJSON_GetObjectItem(rec, "events")) > 10);
	/* tampering is named */
	snprintf(path, sizeof(path), "%s/die.json", server.dir);
	tampered(rec, path, change_a_die);
	assert_int_equal(replay(path, out, sizeof(out)), 1);
	assert_contains(out, "FAILED: action");
	assert_contains(out, "die 1 of the action: the replay rolled");
	snprintf(path, sizeof(path), "%s/bid.json", server.dir);
	tampered(rec, path, change_a_bid);
	assert_int_equal(replay(path, out, sizeof(out)), 1);
	assert_contains(out, "(bid 2) gives the event");
	snprintf(path, sizeof(path), "%s/seed.json", server.dir);
	tampered(rec, path, change_the_seed);
	assert_int_equal(replay(path, out, sizeof(out)), 1);
	assert_contains(out, "the dice seed does not match its commitment");
	/* another game's seed with its own commitment: the dice are not that seed's */
	id2 = start_game(&alice, &bob, "");
	cmd_ok(&alice, "resign");
	cmd_ok(&json, "export %lld", (long long)id2);
	other_root = cJSON_Parse(json.reply);
	other = cJSON_GetObjectItem(other_root, "data");
	assert_non_null(other);
	{
		cJSON *copy = cJSON_Duplicate(rec, 1);
		char *text;
		cJSON_ReplaceItemInObject(copy, "seed",
		                          cJSON_Duplicate(cJSON_GetObjectItem(other, "seed"), 1));
		cJSON_ReplaceItemInObject(
		    copy, "commitment",
		    cJSON_Duplicate(cJSON_GetObjectItem(other, "commitment"), 1));
		text = cJSON_PrintUnformatted(copy);
		snprintf(path, sizeof(path), "%s/reseeded.json", server.dir);
		write_file(path, text);
		free(text);
		cJSON_Delete(copy);
	}
	assert_int_equal(replay(path, out, sizeof(out)), 1);
	assert_contains(out, "does not replay: die 1 of the action: the replay rolled");
	/* the debug dice of that game are no dice of a seed */
	snprintf(path, sizeof(path), "%s/forced.json", server.dir);
	write_file(path, json.reply);
	assert_int_equal(replay(path, out, sizeof(out)), 1);
	assert_contains(out, "forced by the debug dice queue");
	cJSON_Delete(root);
	cJSON_Delete(other_root);
	e2e_close(&alice);
	e2e_close(&bob);
	e2e_close(&json);
	e2e_close(&dave);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_takeback_offers_barriers_and_the_log),
	    cmocka_unit_test(test_pause_stops_both_clocks_and_ends),
	    cmocka_unit_test(test_takeback_and_pause_replayed_after_sigkill),
	    cmocka_unit_test(test_export_refused_before_the_end_then_replayed),
	};

	return cmocka_run_group_tests(tests, start, stop);
}
