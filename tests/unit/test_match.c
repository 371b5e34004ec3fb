/*
 * test_match.c -- the host-side contracts of rules/core/match.c, proved with
 * the test-only race ruleset: atomic refusal (engine, dice and events
 * unchanged), versioning, exact replay of stored actions with their dice,
 * snapshot/restore round trips, roll logs as JSON; and the scenario catalog.
 * Pauses and takebacks: the barrier of a die and of the engine's hook (RACE-3), no takeback
 * without the hook, the state after a takeback exactly the state before the undone action,
 * a replay of the log with the takeback reaching the same match, pause bounds and counts.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/core/catalog.h"
#include "rules/core/match.h"
#include "rulesets/race.h"

static const char race_json[] =
    "{\"ruleset\":\"race\",\"id\":\"race\",\"title\":\"Dice race\","
    "\"description\":\"test\",\"sides\":[\"red\",\"blue\"],\"target\":30}";

static const struct ruleset *const table[] = {&race_ruleset, NULL};

static const uint8_t seed[32] = {42, 7, 9};

struct fixture {
	struct rules_catalog cat;
	const struct rules_catalog_entry *e;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct rules_error err;

	rules_catalog_init(&f->cat, table);
	if (rules_catalog_add(&f->cat, "race.json", race_json, strlen(race_json), "", &err) != 0)
		return -1;
	f->e = rules_catalog_find(&f->cat, "RACE");
	*state = f;
	return f->e ? 0 : -1;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	rules_catalog_release(&f->cat);
	free(f);
	return 0;
}

static char *view_of(struct rules_match *m, int viewer)
{
	cJSON *v = m->rs->view(m->game, &RULES_VIEWER(viewer));
	char *s = cJSON_PrintUnformatted(v);

	cJSON_Delete(v);
	return s;
}

static int act(struct rules_match *m, int side, const char *a, const char *b,
               struct rules_events *ev, struct rules_error *err)
{
	char *argv[2] = {(char *)a, (char *)b};

	return rules_match_apply(m, NULL, side, b ? 2 : 1, argv, NULL, ev, err);
}

static void test_start_and_version(void **state)
{
	struct fixture *f = *state;
	struct rules_match m;
	struct rules_events ev;
	struct rules_error err;

	rules_events_init(&ev);
	assert_int_equal(rules_match_create(&m, f->e->rs, f->e->sc, NULL, seed, &err), 0);
	assert_int_equal(act(&m, 0, "roll", NULL, &ev, &err), WG_E_NOT_STARTED);
	rules_dice_force(&m.dice, 5); /* blue first (RACE-1) */
	assert_int_equal(rules_match_start(&m, &ev, &err), 0);
	assert_int_equal((int)m.version, 1);
	assert_int_equal((int)m.dice.nlog, 1);
	assert_int_equal(m.dice.log[0].forced, 1);
	assert_int_equal(rules_match_start(&m, &ev, &err), WG_E_ILLEGAL_ACTION);
	assert_int_equal((int)ev.count, 1);
	assert_non_null(
	    strstr(cJSON_GetObjectItem(ev.items[0].data, "text")->valuestring, "blue rolls first"));
	rules_events_release(&ev);
	rules_match_release(&m);
}

static void test_refusal_changes_nothing(void **state)
{
	struct fixture *f = *state;
	struct rules_match m;
	struct rules_events ev;
	struct rules_error err;
	char *before, *after;
	struct rules_dice dice_before;

	rules_events_init(&ev);
	assert_int_equal(rules_match_create(&m, f->e->rs, f->e->sc, NULL, seed, &err), 0);
	rules_dice_force(&m.dice, 1);
	assert_int_equal(rules_match_start(&m, &ev, &err), 0);
	rules_events_release(&ev);
	before = view_of(&m, 0);
	dice_before = m.dice;
	/* out of turn, wrong phase, bad arity, unknown verb */
	assert_int_equal(act(&m, 1, "roll", NULL, &ev, &err), WG_E_NOT_YOUR_TURN);
	assert_string_equal(err.rule, "RACE-2");
	assert_int_equal(act(&m, 0, "bid", "2", &ev, &err), WG_E_WRONG_PHASE);
	assert_int_equal(act(&m, 0, "roll", "extra", &ev, &err), WG_E_BAD_ARGS);
	assert_int_equal(act(&m, 0, "score", NULL, &ev, &err), WG_E_UNKNOWN_VERB);
	assert_int_equal(act(&m, 0, "fly", NULL, &ev, &err), WG_E_UNKNOWN_VERB);
	after = view_of(&m, 0);
	assert_string_equal(before, after);
	assert_int_equal((int)ev.count, 0);
	assert_int_equal((int)m.version, 1);
	assert_memory_equal(m.dice.s, dice_before.s, sizeof(dice_before.s));
	free(before);
	free(after);
	rules_match_release(&m);
}

struct recorded {
	int side;
	char line[2][16];
	int argc;
	struct rules_roll rolls[8];
	size_t nrolls;
};

static void test_replay_reaches_the_same_state(void **state)
{
	struct fixture *f = *state;
	struct rules_match live, replayed;
	struct rules_events ev;
	struct rules_error err;
	struct recorded rec[40];
	int n = 0;

	rules_events_init(&ev);
	assert_int_equal(rules_match_create(&live, f->e->rs, f->e->sc, NULL, seed, &err), 0);
	rules_dice_force(&live.dice, 2); /* a forced start die */
	assert_int_equal(rules_match_start(&live, &ev, &err), 0);
	rec[n].side = RULES_SYSTEM;
	strcpy(rec[n].line[0], "start");
	rec[n].argc = 1;
	memcpy(rec[n].rolls, live.dice.log, live.dice.nlog * sizeof(struct rules_roll));
	rec[n++].nrolls = live.dice.nlog;
	/* three rounds from the stream, bids 3/1, 1/2, 2/2 */
	const char *bids[3][2] = {{"3", "1"}, {"1", "2"}, {"2", "2"}};
	for (int r = 0; r < 3; r++) {
		const char *steps[4][2] = {
		    {"roll", NULL}, {"roll", NULL}, {"bid", bids[r][0]}, {"bid", bids[r][1]}};
		int sides[4] = {0, 1, 0, 1};
		for (int s = 0; s < 4; s++) {
			assert_int_equal(act(&live, sides[s], steps[s][0], steps[s][1], &ev, &err),
			                 0);
			rec[n].side = sides[s];
			strcpy(rec[n].line[0], steps[s][0]);
			rec[n].argc = 1;
			if (steps[s][1]) {
				strcpy(rec[n].line[1], steps[s][1]);
				rec[n].argc = 2;
			}
			memcpy(rec[n].rolls, live.dice.log,
			       live.dice.nlog * sizeof(struct rules_roll));
			rec[n++].nrolls = live.dice.nlog;
		}
	}
	rules_events_release(&ev);

	assert_int_equal(rules_match_create(&replayed, f->e->rs, f->e->sc, NULL, seed, &err), 0);
	for (int i = 0; i < n; i++) {
		char *argv[2] = {rec[i].line[0], rec[i].line[1]};
		assert_int_equal(
		    rules_match_replay(
		        &replayed, rec[i].side == RULES_SYSTEM ? RULES_HOST_START : RULES_HOST_NONE,
		        rec[i].side, rec[i].argc, argv, rec[i].rolls, rec[i].nrolls, &ev, &err),
		    0);
	}
	rules_events_release(&ev);
	char *a = rules_match_snapshot(&live), *b = rules_match_snapshot(&replayed);
	assert_string_equal(a, b);
	free(a);
	free(b);

	/* A store whose dice disagree with the stream is detected. */
	struct rules_match bad;
	struct rules_roll wrong = {.sides = 6, .value = 0, .forced = 0};
	char *argv[1] = {"start"};
	assert_int_equal(rules_match_create(&bad, f->e->rs, f->e->sc, NULL, seed, &err), 0);
	assert_int_equal(
	    rules_match_replay(&bad, RULES_HOST_START, RULES_SYSTEM, 1, argv, &wrong, 1, &ev, &err),
	    WG_E_INTERNAL);
	rules_events_release(&ev);
	rules_match_release(&bad);
	rules_match_release(&live);
	rules_match_release(&replayed);
}

static void test_snapshot_restore_continues_identically(void **state)
{
	struct fixture *f = *state;
	struct rules_match m, r;
	struct rules_events ev;
	struct rules_error err;
	char *snap, *again;

	rules_events_init(&ev);
	assert_int_equal(rules_match_create(&m, f->e->rs, f->e->sc, NULL, seed, &err), 0);
	assert_int_equal(rules_match_start(&m, &ev, &err), 0);
	cJSON *view = m.rs->view(m.game, &RULES_VIEWER(0)); /* just exercise view */
	assert_non_null(view);
	cJSON_Delete(view);
	snap = rules_match_snapshot(&m);
	assert_non_null(snap);
	assert_int_equal(rules_match_restore(&r, f->e->rs, f->e->sc, NULL, snap, &err), 0);
	again = rules_match_snapshot(&r);
	assert_string_equal(snap, again);
	assert_int_equal((int)r.version, (int)m.version);
	/* both continue with the same dice */
	struct rules_pending p;
	m.rs->pending(m.game, &p);
	int mover = (p.sides & 1) ? 0 : 1;
	assert_int_equal(act(&m, mover, "roll", NULL, &ev, &err), 0);
	assert_int_equal(act(&r, mover, "roll", NULL, &ev, &err), 0);
	assert_int_equal(m.dice.log[0].value, r.dice.log[0].value);
	free(snap);
	free(again);
	assert_int_equal(rules_match_restore(&r, f->e->rs, f->e->sc, NULL, "{nonsense", &err),
	                 WG_E_INTERNAL);
	rules_events_release(&ev);
	rules_match_release(&m);
	rules_match_release(&r);
}

static void test_rolls_json_round_trip(void **state)
{
	struct rules_roll in[3] = {{6, 4, 0}, {6, 6, 1}, {10, 9, 0}}, out[3];
	char *json = rules_rolls_to_json(in, 3);

	(void)state;
	assert_string_equal(json, "[[6,4,0],[6,6,1],[10,9,0]]");
	assert_int_equal(rules_rolls_from_json(json, out, 3), 3);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(in[i].sides, out[i].sides);
		assert_int_equal(in[i].value, out[i].value);
		assert_int_equal(in[i].forced, out[i].forced);
	}
	assert_int_equal(rules_rolls_from_json(json, out, 2), -1);
	assert_int_equal(rules_rolls_from_json("{}", out, 3), -1);
	assert_int_equal(rules_rolls_from_json("[[1,2]]", out, 3), -1);
	free(json);
	json = rules_rolls_to_json(NULL, 0);
	assert_string_equal(json, "[]");
	assert_int_equal(rules_rolls_from_json(json, out, 3), 0);
	free(json);
}

static void test_catalog_reports_failures(void **state)
{
	struct rules_catalog cat;
	struct rules_error err;
	const char *broken = "{\n\"ruleset\": \"race\",\n\"id\": }";

	(void)state;
	rules_catalog_init(&cat, table);
	assert_int_equal(rules_catalog_add(&cat, "a.json", race_json, strlen(race_json), "", &err),
	                 0);
	assert_int_equal(rules_catalog_add(&cat, "b.json", race_json, strlen(race_json), "", &err),
	                 WG_E_BAD_SCENARIO);
	assert_non_null(strstr(err.message, "already installed from a.json"));
	assert_int_equal(rules_catalog_add(&cat, "c.json", broken, strlen(broken), "", &err),
	                 WG_E_BAD_SCENARIO);
	assert_non_null(strstr(err.message, "c.json: line 3"));
	assert_int_equal(rules_catalog_add(&cat, "d.json", "{\"ruleset\":\"chess\"}", 19, "", &err),
	                 WG_E_BAD_SCENARIO);
	assert_non_null(strstr(err.message, "unknown ruleset 'chess'"));
	assert_int_equal(rules_catalog_add(&cat, "e.json", "{}", 2, "", &err), WG_E_BAD_SCENARIO);
	assert_non_null(strstr(err.message, "$.ruleset"));
	assert_int_equal(rules_catalog_add(&cat, "f.json", "{\"ruleset\":\"race\"}", 18, "", &err),
	                 WG_E_BAD_SCENARIO);
	assert_non_null(strstr(err.message, "f.json"));
	rules_catalog_fail(&cat, "g.json", "g.json: cannot read");
	assert_int_equal((int)cat.count, 1);
	assert_int_equal((int)cat.nfailures, 6); /* b, c, d, e, f and g */
	assert_string_equal(cat.failures[5].source, "g.json");
	assert_null(rules_catalog_find(&cat, "chess"));
	assert_non_null(rules_catalog_ruleset(&cat, "race"));
	assert_null(rules_catalog_ruleset(&cat, "fm-not-here"));
	rules_catalog_release(&cat);
}

static void test_options_are_validated_by_the_engine(void **state)
{
	struct fixture *f = *state;
	struct rules_options o;
	struct rules_match m;
	struct rules_error err;

	memset(&o, 0, sizeof(o));
	o.count = 1;
	strcpy(o.items[0].key, "target");
	strcpy(o.items[0].value, "12");
	assert_string_equal(rules_option(&o, "target"), "12");
	assert_null(rules_option(&o, "other"));
	assert_int_equal(rules_match_create(&m, f->e->rs, f->e->sc, &o, seed, &err), 0);
	rules_match_release(&m);
	strcpy(o.items[0].key, "speed");
	assert_int_equal(rules_match_create(&m, f->e->rs, f->e->sc, &o, seed, &err),
	                 WG_E_BAD_OPTION);
	assert_non_null(strstr(err.message, "speed"));
}

/* ---- takebacks and pauses (match.h "Pauses", "Takebacks") ---- */

/* A game's log as the server stores it: per action its host kind, side, line and dice. */
struct log_entry {
	enum rules_host_kind host;
	int side;
	char line[64];
	struct rules_roll rolls[8];
	size_t nrolls;
};

struct tlog {
	struct log_entry e[64];
	int n;
};

/* Splits line (copied into buf) into argv at spaces; returns argc. */
static int split(const char *line, char *buf, size_t size, char **argv, int max)
{
	int argc = 0;

	snprintf(buf, size, "%s", line);
	for (char *t = strtok(buf, " "); t != NULL && argc < max; t = strtok(NULL, " "))
		argv[argc++] = t;
	return argc;
}

static void logged(struct tlog *l, const struct rules_match *m, enum rules_host_kind host, int side,
                   const char *line)
{
	struct log_entry *e = &l->e[l->n++];

	assert_true(l->n <= 64);
	e->host = host;
	e->side = side;
	snprintf(e->line, sizeof(e->line), "%s", line);
	assert_true(m->dice.nlog <= 8);
	memcpy(e->rolls, m->dice.log, m->dice.nlog * sizeof(struct rules_roll));
	e->nrolls = m->dice.nlog;
}

/* A player's action, applied and logged; returns what apply returned. */
static int play(struct tlog *l, struct rules_match *m, int side, const char *line,
                struct rules_events *ev, struct rules_error *err)
{
	char buf[64], *argv[4];
	int argc = split(line, buf, sizeof(buf), argv, 4);
	int rc = rules_match_apply(m, NULL, side, argc, argv, NULL, ev, err);

	if (rc == 0)
		logged(l, m, RULES_HOST_NONE, side, line);
	return rc;
}

/* The game rebuilt from the log as the server does: fresh, every action replayed except
 * those the log's takebacks undid and those from undo_from on (0: none). */
static void rebuild(const struct fixture *f, const struct tlog *l, uint64_t undo_from,
                    struct rules_match *m)
{
	struct rules_undone u;
	struct rules_events ev;
	struct rules_error err;
	char buf[64], *argv[8];

	rules_undone_init(&u);
	rules_events_init(&ev);
	for (int i = 0; i < l->n; i++) {
		int argc = split(l->e[i].line, buf, sizeof(buf), argv, 8);
		assert_int_equal(rules_undone_note(&u, l->e[i].host, (uint64_t)i + 1, argc, argv),
		                 0);
	}
	if (undo_from > 0)
		assert_int_equal(rules_undone_add(&u, undo_from, (uint64_t)l->n), 0);
	assert_int_equal(rules_match_create(m, f->e->rs, f->e->sc, NULL, seed, &err), 0);
	for (int i = 0; i < l->n; i++) {
		int argc = split(l->e[i].line, buf, sizeof(buf), argv, 8);
		if (rules_undone_has(&u, (uint64_t)i + 1)) {
			assert_int_equal((int)l->e[i].nrolls, 0);
			rules_match_undone(m);
			continue;
		}
		assert_int_equal(rules_match_replay(m, l->e[i].host, l->e[i].side, argc, argv,
		                                    l->e[i].rolls, l->e[i].nrolls, &ev, &err),
		                 0);
	}
	rules_events_release(&ev);
	rules_undone_release(&u);
	assert_int_equal((int)m->version, l->n);
}

/* The live takeback of side: check, rebuild without its last action and what followed, the
 * host action; *m becomes the rebuilt match and the takeback is logged. */
static int take_back(const struct fixture *f, struct tlog *l, struct rules_match *m, int side,
                     struct rules_events *ev, struct rules_error *err)
{
	struct rules_host_action a = {RULES_HOST_TAKEBACK, side, -1, "alice", 0};
	struct rules_match m2;
	uint64_t target;
	char line[64];
	int rc;

	if ((rc = rules_match_takeback_check(m, side, &target, err)) != 0)
		return rc;
	rebuild(f, l, target, &m2);
	/* no die was rolled since: the stream is where the live game left it */
	assert_memory_equal(m2.dice.s, m->dice.s, sizeof(m->dice.s));
	a.arg = (int64_t)target;
	if ((rc = rules_match_host(&m2, &a, ev, err)) != 0) {
		rules_match_release(&m2);
		return rc;
	}
	rules_match_release(m);
	*m = m2;
	logged(l, m, RULES_HOST_TAKEBACK, RULES_SYSTEM, rules_host_line(&a, line, sizeof(line)));
	return 0;
}

/* A race at the bid of round 1: red rolled first (forced start die 2), blue rolled. */
static void race_to_bids(const struct fixture *f, struct tlog *l, struct rules_match *m)
{
	struct rules_events ev;
	struct rules_error err;

	rules_events_init(&ev);
	l->n = 0;
	assert_int_equal(rules_match_create(m, f->e->rs, f->e->sc, NULL, seed, &err), 0);
	rules_dice_force(&m->dice, 2);
	assert_int_equal(rules_match_start(m, &ev, &err), 0);
	logged(l, m, RULES_HOST_START, RULES_SYSTEM, "start");
	assert_int_equal(play(l, m, 0, "roll", &ev, &err), 0);
	assert_int_equal(play(l, m, 1, "roll", &ev, &err), 0);
	rules_events_release(&ev);
}

static const char *event_type(const struct rules_events *ev, size_t i)
{
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(ev->items[i].data, "event");

	return cJSON_IsString(t) ? t->valuestring : "";
}

static void test_takeback_undoes_a_secret_bid_exactly(void **state)
{
	struct fixture *f = *state;
	struct rules_match m, replayed;
	struct rules_events ev;
	struct rules_error err;
	struct tlog l;
	char *before, *after, *live_snap, *replay_snap;
	uint32_t dec[2];
	uint64_t target;

	race_to_bids(f, &l, &m);
	rules_events_init(&ev);
	before = rules_match_snapshot(&m);
	/* a roll is a die: never taken back */
	assert_int_equal(rules_match_takeback_check(&m, 0, &target, &err), WG_E_FORBIDDEN);
	assert_non_null(strstr(err.message, "red's last action (v=2) can no longer be taken back"));
	assert_non_null(strstr(err.message, "blue's action v=3 rolled a die"));
	/* red bids in secret: that may be taken back */
	assert_int_equal(play(&l, &m, 0, "bid 3", &ev, &err), 0);
	assert_int_equal(rules_match_takeback_check(&m, 0, &target, &err), 0);
	assert_int_equal((int)target, 4);
	memcpy(dec, m.pending.decision, sizeof(dec));
	rules_events_release(&ev);
	assert_int_equal(take_back(f, &l, &m, 0, &ev, &err), 0);
	/* one public event says what was undone */
	assert_int_equal((int)ev.count, 1);
	assert_string_equal(event_type(&ev, 0), "taken-back");
	assert_int_equal((int)ev.items[0].audience, RULES_AUD_PUBLIC);
	assert_int_equal(cJSON_GetObjectItem(ev.items[0].data, "from")->valueint, 4);
	assert_int_equal(cJSON_GetObjectItem(ev.items[0].data, "to")->valueint, 4);
	assert_non_null(strstr(cJSON_GetObjectItem(ev.items[0].data, "text")->valuestring,
	                       "alice (red) takes back v=4"));
	/* the game is as before the bid: same engine state and dice, the version counts on,
	 * every decision counter past what it was */
	assert_int_equal((int)m.version, 5);
	for (int s = 0; s < 2; s++)
		assert_true(m.pending.decision[s] > dec[s]);
	assert_int_equal((int)m.pending.sides, 3); /* both bid again */
	after = rules_match_snapshot(&m);
	{
		cJSON *a = cJSON_Parse(before), *b = cJSON_Parse(after);
		assert_string_equal(cJSON_GetObjectItem(a, "game")->valuestring,
		                    cJSON_GetObjectItem(b, "game")->valuestring);
		assert_true(cJSON_Compare(cJSON_GetObjectItem(a, "dice"),
		                          cJSON_GetObjectItem(b, "dice"), 1));
		cJSON_Delete(a);
		cJSON_Delete(b);
	}
	/* a takeback is a barrier: nothing before it can be taken back again */
	assert_int_equal(rules_match_takeback_check(&m, 0, &target, &err), WG_E_FORBIDDEN);
	assert_non_null(strstr(err.message, "the takeback at v=5"));
	/* replaying the whole log (the undone bid skipped) reaches the same match */
	rebuild(f, &l, 0, &replayed);
	live_snap = rules_match_snapshot(&m);
	replay_snap = rules_match_snapshot(&replayed);
	assert_string_equal(live_snap, replay_snap);
	/* the game goes on from there: red bids 1 this time, blue 2 */
	rules_events_release(&ev);
	assert_int_equal(play(&l, &m, 0, "bid 1", &ev, &err), 0);
	assert_int_equal(play(&l, &m, 1, "bid 2", &ev, &err), 0);
	{
		int revealed = 0;
		for (size_t i = 0; i < ev.count; i++)
			revealed += strcmp(event_type(&ev, i), "bids-revealed") == 0;
		assert_int_equal(revealed, 1);
	}
	/* the reveal is a barrier of the engine's (RACE-3), also for the side that bid first */
	assert_int_equal(rules_match_takeback_check(&m, 0, &target, &err), WG_E_FORBIDDEN);
	assert_string_equal(err.rule, "RACE-3");
	assert_non_null(strstr(err.message, "blue's action v=7 revealed both bids"));
	rules_events_release(&ev);
	free(before);
	free(after);
	free(live_snap);
	free(replay_snap);
	rules_match_release(&replayed);
	rules_match_release(&m);
}

static void test_takeback_refused_without_the_engine_hook(void **state)
{
	struct fixture *f = *state;
	struct ruleset no_hook = *f->e->rs;
	struct rules_match m;
	struct rules_events ev;
	struct rules_error err;
	struct tlog l;
	uint64_t target = 99;

	race_to_bids(f, &l, &m);
	rules_events_init(&ev);
	assert_int_equal(play(&l, &m, 0, "bid 3", &ev, &err), 0);
	no_hook.takeback_barrier = NULL;
	m.rs = &no_hook;
	assert_int_equal(rules_match_takeback_check(&m, 0, &target, &err), WG_E_FORBIDDEN);
	assert_non_null(strstr(err.message, "the rules of race allow no takeback"));
	assert_int_equal((int)target, 99);
	m.rs = f->e->rs;
	/* blue has not acted since the start's barrier... but did roll */
	assert_int_equal(rules_match_takeback_check(&m, 1, &target, &err), WG_E_FORBIDDEN);
	/* a takeback line that names an impossible version is refused by the match */
	{
		struct rules_host_action a = {RULES_HOST_TAKEBACK, 0, -1, "", 2};
		char *before = rules_match_snapshot(&m), *after;
		assert_int_equal(rules_match_host(&m, &a, &ev, &err), WG_E_BAD_ARGS);
		a.arg = 9;
		assert_int_equal(rules_match_host(&m, &a, &ev, &err), WG_E_BAD_ARGS);
		after = rules_match_snapshot(&m);
		assert_string_equal(before, after);
		free(before);
		free(after);
	}
	rules_events_release(&ev);
	rules_match_release(&m);
}

static void test_pause_is_counted_and_the_game_goes_on(void **state)
{
	struct fixture *f = *state;
	struct rules_match m;
	struct rules_events ev;
	struct rules_error err;
	struct rules_host_action a = {RULES_HOST_PAUSE, 1, -1, "bob", 12}, back;
	struct rules_outcome o;
	struct rules_pending p;
	struct tlog l;
	char line[64], buf[64], *argv[8];
	uint64_t target;
	int argc;

	race_to_bids(f, &l, &m);
	rules_events_init(&ev);
	assert_int_equal(play(&l, &m, 0, "bid 3", &ev, &err), 0);
	rules_events_release(&ev);
	p = m.pending;
	/* the stored line carries the hours before the note, and reads back */
	assert_string_equal(rules_host_line(&a, line, sizeof(line)), "pause 1 -1 12 bob");
	argc = split(line, buf, sizeof(buf), argv, 8);
	assert_int_equal(rules_host_parse(RULES_HOST_PAUSE, argc, argv, &back), 0);
	assert_int_equal((int)back.arg, 12);
	assert_int_equal(back.side, 1);
	assert_string_equal(back.note, "bob");
	assert_int_equal(rules_host_parse(RULES_HOST_PAUSE, 3, argv, &back), -1);
	/* bounds */
	a.arg = 0;
	assert_int_equal(rules_match_host(&m, &a, &ev, &err), WG_E_BAD_ARGS);
	a.arg = RULES_PAUSE_MAX_HOURS + 1;
	assert_int_equal(rules_match_host(&m, &a, &ev, &err), WG_E_BAD_ARGS);
	assert_non_null(strstr(err.message, "1 to 336 hours"));
	assert_int_equal((int)ev.count, 0);
	assert_int_equal((int)m.version, 4);
	/* an agreed pause: recorded, announced, nothing else changes */
	a.arg = 12;
	assert_int_equal(rules_match_host(&m, &a, &ev, &err), 0);
	assert_int_equal((int)m.version, 5);
	assert_int_equal((int)ev.count, 1);
	assert_string_equal(event_type(&ev, 0), "paused");
	assert_non_null(
	    strstr(cJSON_GetObjectItem(ev.items[0].data, "text")->valuestring, "bob (blue)"));
	assert_int_equal(cJSON_GetObjectItem(ev.items[0].data, "hours")->valueint, 12);
	rules_match_outcome(&m, &o);
	assert_false(o.over);
	assert_int_equal((int)m.pending.sides, (int)p.sides);
	assert_memory_equal(m.pending.decision, p.decision, sizeof(p.decision));
	/* a host action is a barrier: red's bid before the pause stays */
	assert_int_equal(rules_match_takeback_check(&m, 0, &target, &err), WG_E_FORBIDDEN);
	assert_non_null(strstr(err.message, "the pause at v=5"));
	/* at most RULES_PAUSE_MAX pauses per side */
	for (int i = 1; i < RULES_PAUSE_MAX; i++)
		assert_int_equal(rules_match_host(&m, &a, &ev, &err), 0);
	assert_int_equal(rules_match_host(&m, &a, &ev, &err), WG_E_FORBIDDEN);
	assert_non_null(strstr(err.message, "blue has had 5 pauses"));
	a.side = 0;
	assert_int_equal(rules_match_host(&m, &a, &ev, &err), 0);
	/* the counts survive a snapshot */
	{
		struct rules_match r;
		char *snap = rules_match_snapshot(&m), *again;
		assert_int_equal(rules_match_restore(&r, f->e->rs, f->e->sc, NULL, snap, &err), 0);
		assert_int_equal((int)r.pauses[1], RULES_PAUSE_MAX);
		assert_int_equal((int)r.pauses[0], 1);
		assert_int_equal((int)r.barrier, (int)m.barrier);
		assert_string_equal(r.barrier_why.message, m.barrier_why.message);
		again = rules_match_snapshot(&r);
		assert_string_equal(snap, again);
		free(snap);
		free(again);
		rules_match_release(&r);
	}
	rules_events_release(&ev);
	rules_match_release(&m);
}

static void test_old_snapshot_allows_no_takeback_before_it(void **state)
{
	struct fixture *f = *state;
	struct rules_match m, r;
	struct rules_events ev;
	struct rules_error err;
	struct tlog l;
	uint64_t target;
	cJSON *doc;
	char *snap, *old;

	race_to_bids(f, &l, &m);
	rules_events_init(&ev);
	assert_int_equal(play(&l, &m, 0, "bid 3", &ev, &err), 0);
	snap = rules_match_snapshot(&m);
	doc = cJSON_Parse(snap);
	cJSON_DeleteItemFromObject(doc, "takeback");
	cJSON_DeleteItemFromObject(doc, "pauses");
	old = cJSON_PrintUnformatted(doc);
	assert_int_equal(rules_match_restore(&r, f->e->rs, f->e->sc, NULL, old, &err), 0);
	assert_int_equal(rules_match_takeback_check(&r, 0, &target, &err), WG_E_FORBIDDEN);
	assert_non_null(strstr(err.message, "red has made no action to take back"));
	assert_int_equal((int)r.barrier, 4);
	assert_non_null(strstr(r.barrier_why.message, "stored by an older server at v=4"));
	cJSON_Delete(doc);
	free(snap);
	free(old);
	rules_events_release(&ev);
	rules_match_release(&r);
	rules_match_release(&m);
}

static void test_undone_ranges(void **state)
{
	struct rules_undone u;
	char l1[] = "takeback", l2[] = "0", l3[] = "-1", l4[] = "7", l5[] = "alice";
	char *argv[5] = {l1, l2, l3, l4, l5};

	(void)state;
	rules_undone_init(&u);
	assert_int_equal(rules_undone_note(&u, RULES_HOST_NONE, 3, 1, argv), 0);
	assert_int_equal((int)u.n, 0);
	assert_int_equal(rules_undone_note(&u, RULES_HOST_TAKEBACK, 9, 5, argv), 0);
	assert_false(rules_undone_has(&u, 6));
	assert_true(rules_undone_has(&u, 7));
	assert_true(rules_undone_has(&u, 8));
	assert_false(rules_undone_has(&u, 9));
	assert_int_equal((int)rules_undone_first(&u), 7);
	/* a takeback that undoes itself or later actions is unreadable */
	assert_int_equal(rules_undone_note(&u, RULES_HOST_TAKEBACK, 7, 5, argv), WG_E_INTERNAL);
	assert_int_equal(rules_undone_note(&u, RULES_HOST_TAKEBACK, 9, 4, argv), 0);
	rules_undone_release(&u);
}

/* A race whose actions emit no event (the Campaign's `end` of a free set-up, SC-15.2, is
 * one), and a takeback hook that notes the events it was given. */
static int quiet_apply(struct rules_game *g, struct rules_dice *dice, int side,
                       const struct rules_verb *verb, int argc, char **argv, cJSON *reply,
                       struct rules_events *ev, struct rules_error *err)
{
	struct rules_events scratch;
	int rc;

	(void)ev;
	rules_events_init(&scratch);
	rc = race_ruleset.apply(g, dice, side, verb, argc, argv, reply, &scratch, err);
	rules_events_release(&scratch);
	return rc;
}

static size_t hook_count = 99;
static const struct rules_event *hook_items = (const struct rules_event *)&hook_count;

static int spy_barrier(const struct rules_game *g, int side, int argc, char **argv,
                       const struct rules_events *ev, struct rules_error *why)
{
	(void)g;
	(void)side;
	(void)argc;
	(void)argv;
	(void)why;
	hook_count = ev->count;
	hook_items = ev->items;
	return 0;
}

/* An accepted action that emitted nothing into an empty event list: the takeback hook gets
 * an empty list (no arithmetic on its NULL items, which clang's UBSan refused in
 * fuzz_engine; tests/fuzz/corpus/engine/campaign-free-setup-end-emits-nothing). */
static void test_silent_action_gives_the_hook_an_empty_list(void **state)
{
	struct fixture *f = *state;
	struct ruleset quiet = *f->e->rs;
	struct rules_match m;
	struct rules_events ev;
	struct rules_error err;
	char roll[] = "roll", *argv[] = {roll};

	quiet.apply = quiet_apply;
	quiet.takeback_barrier = spy_barrier;
	rules_events_init(&ev);
	assert_int_equal(rules_match_create(&m, &quiet, f->e->sc, NULL, seed, &err), 0);
	assert_int_equal(rules_match_start(&m, &ev, &err), 0);
	rules_events_release(&ev);
	rules_events_init(&ev);
	assert_int_equal(rules_match_apply(&m, NULL, 0, 1, argv, NULL, &ev, &err), 0);
	assert_int_equal(ev.count, 0);
	assert_int_equal(hook_count, 0);
	assert_null(hook_items);
	assert_int_equal(m.version, 2);
	rules_events_release(&ev);
	rules_match_release(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_start_and_version, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_refusal_changes_nothing, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_replay_reaches_the_same_state, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_snapshot_restore_continues_identically, setup,
	                                    teardown),
	    cmocka_unit_test(test_rolls_json_round_trip),
	    cmocka_unit_test(test_catalog_reports_failures),
	    cmocka_unit_test_setup_teardown(test_options_are_validated_by_the_engine, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_takeback_undoes_a_secret_bid_exactly, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_takeback_refused_without_the_engine_hook, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_pause_is_counted_and_the_game_goes_on, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_old_snapshot_allows_no_takeback_before_it, setup,
	                                    teardown),
	    cmocka_unit_test(test_undone_ranges),
	    cmocka_unit_test_setup_teardown(test_silent_action_gives_the_hook_an_empty_list, setup,
	                                    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
