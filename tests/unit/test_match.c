/*
 * test_match.c -- the host-side contracts of rules/core/match.c, proved with
 * the test-only race ruleset: atomic refusal (engine, dice and events
 * unchanged), versioning, exact replay of stored actions with their dice,
 * snapshot/restore round trips, roll logs as JSON; and the scenario catalog.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

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
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
