/*
 * test_bs_10_11.c -- Battle of the Scheldt 10.1 (first player) and 11.0-11.5:
 * rebuilds by turn window, side limits, the overland trace of assault units;
 * reinforcements: the 719's first free hex north, the 104th in Antwerp and
 * never west of Woensdrecht, arrival stacking, arrival hexes, combat on
 * arrival, blocked arrival hexes.
 *
 * Fixture: tests/data/fm-scheldt-mini.json (eastern map edge = row 17).
 */
#include "test_bs_util.h"

#include <stdio.h>
#include <string.h>

static struct fmt T;

static int setup(void **state)
{
	(void)state;
	bst_open(&T, NULL);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fmt_close(&T);
	return 0;
}

/* Ends phases until side's End of Player Turn step (or the next player turn). */
static void to_turn_end(struct fmt *t, int turn, int side)
{
	bst_at(t, turn, side, FM_PH_MOBILE_COMBAT);
	bst_ok(t, side, "end");
}

static int lint_errors;
static void count_errors(void *ctx, int severity, const char *path, const char *msg)
{
	(void)ctx;
	(void)path;
	if (severity == RULES_LINT_ERROR && strstr(msg, "BS-10.1-01"))
		lint_errors++;
}

/* BS-10.1-01: the Allied player is the first player in every game turn. */
static void test_bs_10_1_01_allied_first_player(void **state)
{
	cJSON *doc;
	(void)state;
	assert_int_equal(T.g->active, ALLIED);
	assert_int_equal(T.g->player_turn, 0);
	for (int k = 0; k < 40 && T.g->active == ALLIED; k++)
		if (fmt_do(&T, ALLIED, "end") != 0)
			fail_msg("end refused: %s", T.err.message);
	assert_int_equal(T.g->active, GERMAN);
	assert_int_equal(T.g->turn, 1);
	for (int k = 0; k < 40 && T.g->active == GERMAN; k++)
		if (fmt_do(&T, GERMAN, "end") != 0)
			fail_msg("end refused: %s", T.err.message);
	assert_int_equal(T.g->turn, 2);
	assert_int_equal(T.g->active, ALLIED);
	/* a scenario that makes the German player first is refused */
	doc = bst_doc();
	cJSON_ReplaceItemInObject(cJSON_GetObjectItem(doc, "turns"), "first_player",
	                          cJSON_CreateString("german"));
	lint_errors = 0;
	assert_true(fm_ruleset.scenario_lint(&fm_ruleset, "mini", doc, count_errors, NULL) > 0);
	assert_int_equal(lint_errors, 1);
	cJSON_Delete(doc);
}

/* BS-11.0-02: the German player rebuilds one unit per player turn on Turns 1-5. */
static void test_bs_11_0_02_german_one_rebuild_turns_1_5(void **state)
{
	(void)state;
	bst_put(&T, "346", "2819", 1);
	bst_put(&T, "712", "3018", 1);
	to_turn_end(&T, 3, GERMAN);
	assert_int_equal(T.g->phase, FM_PH_TURN_END);
	bst_ok(&T, GERMAN, "rebuild 346");
	/* the one rebuild is made: the step passes by itself, turn 4 begins */
	assert_int_equal(T.g->turn, 4);
	assert_int_equal(T.g->active, ALLIED);
	/* a second rebuild in the same step is refused */
	bst_at(&T, 3, GERMAN, FM_PH_TURN_END);
	bst_state(&T)->rebuilds = 1;
	fmt_do(&T, GERMAN, "rebuild 712");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-11.0-02");
	/* turn 6: no German rebuild, the step is skipped */
	to_turn_end(&T, 6, GERMAN);
	assert_int_equal(T.g->turn, 7);
	bst_at(&T, 6, GERMAN, FM_PH_TURN_END);
	fmt_do(&T, GERMAN, "rebuild 712");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-11.0-02");
}

/* BS-11.0-03: a German rebuild only at the end of the German player turn. */
static void test_bs_11_0_03_german_rebuild_end_of_own_turn(void **state)
{
	(void)state;
	bst_put(&T, "346", "2819", 1);
	bst_at(&T, 2, GERMAN, FM_PH_MOVEMENT);
	fmt_do(&T, GERMAN, "rebuild 346");
	fmt_refused(&T, WG_E_WRONG_PHASE, "BS-11.0-03");
	bst_at(&T, 2, GERMAN, FM_PH_MOBILE_COMBAT);
	fmt_do(&T, GERMAN, "rebuild 346");
	fmt_refused(&T, WG_E_WRONG_PHASE, "BS-11.0-03");
	/* not in the Allied end-of-turn step either */
	bst_at(&T, 2, ALLIED, FM_PH_TURN_END);
	fmt_do(&T, GERMAN, "rebuild 346");
	assert_int_equal(T.rc, WG_E_NOT_YOUR_TURN);
}

/* BS-11.0-04: only a depleted non-mobile German unit. */
static void test_bs_11_0_04_german_non_mobile(void **state)
{
	(void)state;
	bst_put(&T, "1 AG", "2818", 1);
	bst_at(&T, 3, GERMAN, FM_PH_TURN_END);
	fmt_do(&T, GERMAN, "rebuild 1_AG");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-11.0-04");
	fmt_do(&T, GERMAN, "rebuild 346"); /* full strength */
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-11.0-12");
}

/* BS-11.0-05: within eight hexes of the eastern map edge (AMB-41: the edge hex is 0). */
static void test_bs_11_0_05_eight_hexes_from_east_edge(void **state)
{
	(void)state;
	bst_put(&T, "346", "2825", 1);  /* row 25: 8 hexes from row 17 */
	bst_put(&T, "1020", "1832", 1); /* Goes: 15 hexes */
	bst_at(&T, 2, GERMAN, FM_PH_TURN_END);
	fmt_do(&T, GERMAN, "rebuild 1020");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-11.0-05");
	bst_put(&T, "1020", "1826", 1); /* 9 hexes */
	fmt_do(&T, GERMAN, "rebuild 1020");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-11.0-05");
	bst_ok(&T, GERMAN, "rebuild 346");
}

/* BS-11.0-07: the Allied player rebuilds two units per player turn on Turns 1-10, one on
 * Turns 11-20 (EX-37). */
static void test_bs_11_0_07_allied_two_then_one(void **state)
{
	(void)state;
	bst_put(&T, "44/15", "3217", 1);
	bst_put(&T, "10/1", "3419", 1);
	bst_put(&T, "4/2", "3320", 1);
	bst_at(&T, 10, ALLIED, FM_PH_TURN_END);
	bst_ok(&T, ALLIED, "rebuild 44/15");
	assert_int_equal(T.g->phase, FM_PH_TURN_END); /* one left, 10/1 and 4/2 eligible */
	bst_ok(&T, ALLIED, "rebuild 10/1");           /* mobile: allowed (AMB-41) */
	assert_int_equal(T.g->active, GERMAN);        /* both made: the step passed */
	bst_at(&T, 10, ALLIED, FM_PH_TURN_END);
	bst_state(&T)->rebuilds = 2;
	fmt_do(&T, ALLIED, "rebuild 4/2");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-11.0-07");
	bst_put(&T, "44/15", "3217", 1);
	bst_put(&T, "10/1", "3419", 1);
	bst_at(&T, 11, ALLIED, FM_PH_TURN_END);
	bst_ok(&T, ALLIED, "rebuild 44/15");
	assert_int_equal(T.g->active, GERMAN);
	bst_at(&T, 11, ALLIED, FM_PH_TURN_END);
	bst_state(&T)->rebuilds = 1;
	fmt_do(&T, ALLIED, "rebuild 10/1");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-11.0-07");
}

/* Puts a German wall across South Beveland (rows 28-30 in German hands or ZOC). */
static void wall(struct fmt *t)
{
	bst_put(t, "1020", "1629", 0);
	bst_put(t, "1019", "1929", 0);
	bst_put(t, "1037", "2129", 0);
}

/* BS-11.0-08: an assault unit is rebuilt only if it traces overland to Antwerp through hexes
 * free of German units and German ZOC (AMB-42). */
static void test_bs_11_0_08_assault_unit_trace(void **state)
{
	(void)state;
	bst_put(&T, "156/52", "2134", 1);
	bst_at(&T, 13, ALLIED, FM_PH_TURN_END);
	wall(&T);
	assert_false(scheldt__trace_antwerp(T.g, fmt_unit(&T, "156/52")));
	fmt_do(&T, ALLIED, "rebuild 156/52");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-11.0-08");
	/* a gap in the wall: the trace goes round through the mainland */
	T.g->u[fmt_unit(&T, "1019")].where = FM_W_ELIMINATED;
	T.g->u[fmt_unit(&T, "1019")].hex = -1;
	assert_true(scheldt__trace_antwerp(T.g, fmt_unit(&T, "156/52")));
	bst_ok(&T, ALLIED, "rebuild 156/52");
	/* an ordinary unit needs no trace */
	bst_put(&T, "44/15", "2134", 1);
	bst_put(&T, "1019", "1929", 0);
	bst_at(&T, 13, ALLIED, FM_PH_TURN_END);
	bst_ok(&T, ALLIED, "rebuild 44/15");
}

/* BS-11.0-09: an Allied rebuild only at the end of the Allied player turn. */
static void test_bs_11_0_09_allied_rebuild_end_of_own_turn(void **state)
{
	(void)state;
	bst_put(&T, "44/15", "3217", 1);
	bst_at(&T, 4, ALLIED, FM_PH_COMBAT);
	fmt_do(&T, ALLIED, "rebuild 44/15");
	fmt_refused(&T, WG_E_WRONG_PHASE, "BS-11.0-09");
	to_turn_end(&T, 4, ALLIED);
	assert_int_equal(T.g->phase, FM_PH_TURN_END);
	bst_ok(&T, ALLIED, "rebuild 44/15");
}

/* BS-11.0-10: never next to an enemy unit, even a depleted one (EX-37). */
static void test_bs_11_0_10_not_adjacent_to_enemy(void **state)
{
	(void)state;
	bst_put(&T, "44/15", "3217", 1);
	bst_put(&T, "712", "3218", 1);
	bst_at(&T, 4, ALLIED, FM_PH_TURN_END);
	fmt_do(&T, ALLIED, "rebuild 44/15");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-11.0-10");
	bst_at(&T, 4, GERMAN, FM_PH_TURN_END);
	fmt_do(&T, GERMAN, "rebuild 712");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-11.0-10");
}

/* BS-11.0-11: an eliminated unit is never brought back. */
static void test_bs_11_0_11_eliminated_never_back(void **state)
{
	(void)state;
	T.g->u[fmt_unit(&T, "44/15")].where = FM_W_ELIMINATED;
	T.g->u[fmt_unit(&T, "44/15")].hex = -1;
	bst_at(&T, 4, ALLIED, FM_PH_TURN_END);
	fmt_do(&T, ALLIED, "rebuild 44/15");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-11.0-11");
}

/* BS-11.0-12: a rebuild flips the depleted unit to its full-strength side, in its hex. */
static void test_bs_11_0_12_flips_to_full_strength(void **state)
{
	(void)state;
	bst_put(&T, "44/15", "3217", 1);
	to_turn_end(&T, 4, ALLIED);
	assert_true(fmt_has_event(&T, "phase"));
	bst_ok(&T, ALLIED, "rebuild 44/15");
	assert_int_equal(fmt_step(&T, "44/15"), 0);
	assert_string_equal(fmt_where(&T, "44/15"), "3217");
	assert_true(fmt_has_event(&T, "unit-rebuilt"));
}

/* BS-11.1-01: rebuilds are not accumulated: an unused one is lost with the player turn, so
 * `end` refuses to throw one away (naming it and the rule); `end force` gives it up and says
 * so. */
static void test_bs_11_1_01_not_accumulated(void **state)
{
	(void)state;
	bst_put(&T, "44/15", "3217", 1);
	bst_put(&T, "10/1", "3419", 1);
	to_turn_end(&T, 10, ALLIED); /* two allowed: none used */
	fmt_do(&T, ALLIED, "end");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-11.1-01");
	assert_true(bst_msg_has(&T, "2 rebuilds"));
	assert_true(bst_msg_has(&T, "44/15, 10/1"));
	assert_true(bst_msg_has(&T, "end force"));
	assert_int_equal(T.g->phase, FM_PH_TURN_END); /* refused: nothing changed */
	fmt_do(&T, ALLIED, "end now");
	assert_int_equal(T.rc, WG_E_BAD_ARGS);
	fmt_events_clear(&T);
	bst_ok(&T, ALLIED, "end force");
	assert_int_equal(T.g->active, GERMAN);
	assert_int_equal(
	    fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"event\":\"phase-ended\",\"turn\":10"), 1);
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"forced\":true"), 1);
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_PUBLIC, "giving up: 2 rebuilds"), 1);
	assert_true(fmt_reply_has(&T, "ended: turn 10, allied End of Player Turn"));
	to_turn_end(&T, 11, ALLIED); /* one allowed, not three */
	bst_ok(&T, ALLIED, "rebuild 44/15");
	assert_int_equal(T.g->active, GERMAN); /* the one rebuild made: the step passed */
	bst_at(&T, 11, ALLIED, FM_PH_TURN_END);
	bst_state(&T)->rebuilds = 1;
	fmt_do(&T, ALLIED, "rebuild 10/1");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-11.0-07");
}

/* BS-11.1-01, BS-11.0-07: a rebuild left with no unit eligible does not wait for `end`: the
 * step passes by itself and says why, whether it is reached by `end` or by the rebuild that
 * leaves no other unit eligible. */
static void test_bs_11_1_01_no_wait_when_nothing_can_be_rebuilt(void **state)
{
	struct rules_pending p;
	(void)state;
	bst_put(&T, "44/15", "3217", 1);
	to_turn_end(&T, 10, ALLIED); /* two allowed, one eligible */
	assert_int_equal(T.g->phase, FM_PH_TURN_END);
	fm__pending((const struct rules_game *)T.g, &p);
	assert_non_null(strstr(p.what[ALLIED], "rebuild <unit> (2 left; may be rebuilt: 44/15), "
	                                       "or end force to give them up (11.1)"));
	fmt_events_clear(&T);
	bst_ok(&T, ALLIED, "rebuild 44/15");
	assert_int_equal(T.g->active, GERMAN);
	assert_int_equal(T.g->phase, FM_PH_MOVEMENT);
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_PUBLIC,
	                                    "End of Player Turn: passed, 1 rebuild left, but no "
	                                    "unit of yours may be rebuilt now (11.0)"),
	                 1);
	/* reached by `end`: the same, and the reply lists every phase that passed */
	fmt_clear(&T);
	bst_put(&T, "44/15", "3217", 0);
	bst_at(&T, 9, ALLIED, FM_PH_COMBAT);
	bst_ok(&T, ALLIED, "end");
	assert_int_equal(T.g->active, GERMAN);
	assert_true(fmt_reply_has(&T, "ended: turn 9, allied Combat Phase"));
	assert_true(fmt_reply_has(&T, "\"turn 9, allied Mobile Movement Phase: passed, no mobile "
	                              "unit can move or enter\""));
	assert_true(fmt_reply_has(&T, "\"turn 9, allied Mobile Combat Phase: passed, no unit can "
	                              "attack an enemy unit\""));
	assert_true(fmt_reply_has(&T, "\"turn 9, allied End of Player Turn: passed, 2 rebuilds "
	                              "left, but no unit of yours may be rebuilt now (11.0)\""));
	assert_true(fmt_reply_has(&T, "now: turn 9, german's Movement Phase"));
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(T.reply, "passed")), 3);
	assert_true(fmt_reply_has(&T, "3 phases passed (nothing to do); now german's Movement"));
}

/* BS-11.2-02: the 719 enters via 2717, or, if 2717 is enemy-occupied or in an EZOC, via the
 * first hex north of it that is neither (AMB-44). */
static void test_bs_11_2_02_719_first_free_hex_north(void **state)
{
	(void)state;
	bst_at(&T, 2, GERMAN, FM_PH_MOVEMENT);
	bst_put(&T, "44/15", "2817", 0); /* 2717 in its ZOC, 2617 not */
	fmt_do(&T, GERMAN, "enter 719 2717");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-11.2-02");
	assert_true(bst_msg_has(&T, "2617"));
	fmt_do(&T, GERMAN, "enter 719 2517");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-11.2-02");
	bst_ok(&T, GERMAN, "enter 719 2617");
	/* 2717 occupied by the enemy: 2617 is in its ZOC, so 2517 */
	bst_at(&T, 2, GERMAN, FM_PH_MOVEMENT);
	T.g->u[fmt_unit(&T, "719")].where = FM_W_WAITING;
	T.g->u[fmt_unit(&T, "719")].hex = -1;
	bst_put(&T, "44/15", "2717", 0);
	fmt_do(&T, GERMAN, "enter 719 2617");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-11.2-02");
	bst_ok(&T, GERMAN, "enter 719 2517");
	/* 2717 free: it must enter there */
	bst_at(&T, 2, GERMAN, FM_PH_MOVEMENT);
	T.g->u[fmt_unit(&T, "719")].where = FM_W_WAITING;
	T.g->u[fmt_unit(&T, "719")].hex = -1;
	bst_put(&T, "44/15", "3217", 0);
	fmt_do(&T, GERMAN, "enter 719 2617");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-11.2-02");
	bst_ok(&T, GERMAN, "enter 719 2717");
}

/* BS-11.2-09/10/11: the 104th enters on Turn 7 on any unoccupied Antwerp hex. */
static void test_bs_11_2_09_104th_any_antwerp_hex(void **state)
{
	(void)state;
	bst_at(&T, 6, ALLIED, FM_PH_MOVEMENT);
	fmt_do(&T, ALLIED, "enter 413/104 3421");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-3.0-05");
	bst_at(&T, 7, ALLIED, FM_PH_MOVEMENT);
	fmt_do(&T, ALLIED, "enter 413/104 3319");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-3.0-05");
	fmt_do(&T, ALLIED, "enter 413/104 3320"); /* 4/2 is there */
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.3-03");
	bst_ok(&T, ALLIED, "enter 413/104 3421");
}

static void test_bs_11_2_10_414th_same_rule(void **state)
{
	(void)state;
	bst_at(&T, 7, ALLIED, FM_PH_MOVEMENT);
	bst_ok(&T, ALLIED, "enter 413/104 3422"); /* the Docks hex too */
}

static void test_bs_11_2_11_415th_same_rule(void **state)
{
	(void)state;
	bst_at(&T, 9, ALLIED, FM_PH_MOVEMENT); /* entry may be later (AMB-43) */
	bst_ok(&T, ALLIED, "enter 413/104 3420");
}

/* BS-11.2-12: with no Antwerp hex free, the 104th stays off until a turn when one is. */
static void test_bs_11_2_12_no_antwerp_hex_waits(void **state)
{
	const char *hexes[] = {"3320", "3321", "3420", "3421", "3422"};
	const char *units[] = {"4/2", "44/15", "10/1", "346", "712"};
	(void)state;
	bst_at(&T, 7, ALLIED, FM_PH_MOVEMENT);
	for (int k = 0; k < 5; k++)
		bst_put(&T, units[k], hexes[k], 0);
	for (int k = 0; k < 5; k++) {
		char line[64];
		snprintf(line, sizeof(line), "enter 413/104 %s", hexes[k]);
		assert_true(fmt_do(&T, ALLIED, line) != 0);
	}
	assert_string_equal(fmt_where(&T, "413/104"), "off");
	bst_at(&T, 8, ALLIED, FM_PH_MOVEMENT);
	bst_put(&T, "346", "2819", 0);
	bst_ok(&T, ALLIED, "enter 413/104 3421");
}

/* BS-11.2-13: the 104th never goes west of Woensdrecht (AMB-46): move, advance, retreat. */
static void test_bs_11_2_13_104th_not_west_of_woensdrecht(void **state)
{
	int stop = 0;
	(void)state;
	bst_at(&T, 8, ALLIED, FM_PH_MOVEMENT);
	bst_put(&T, "413/104", "3321", 0);
	fmt_do(&T, ALLIED, "move 413/104 3322");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-11.2-13");
	bst_ok(&T, ALLIED, "move 413/104 3420");
	assert_int_equal(scheldt__retreat_step(T.g, fmt_unit(&T, "413/104"), fmt_hex(&T, "3321"),
	                                       fmt_hex(&T, "3322"), FM_RS_ADVANCE, &stop, &T.err),
	                 WG_E_ILLEGAL_MOVE);
	assert_string_equal(T.err.rule, "BS-11.2-13");
	assert_int_equal(scheldt__retreat_step(T.g, fmt_unit(&T, "413/104"), fmt_hex(&T, "3321"),
	                                       fmt_hex(&T, "3322"), FM_RS_RETREAT, &stop, &T.err),
	                 WG_E_ILLEGAL_RETREAT);
}

/* BS-11.2-21: the Walcheren force arrives only after the Woensdrecht-Schore road is Allied. */
static void test_bs_11_2_21_walcheren_force_condition(void **state)
{
	(void)state;
	bst_at(&T, 9, ALLIED, FM_PH_MOVEMENT);
	fmt_do(&T, ALLIED, "land 146/49 2139");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-16.2-01");
	/* the 52nd Division is not bound by it (AMB-47) */
	fmt_do(&T, ALLIED, "land 156/52 2131");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-16.1-01");
}

/* BS-11.3-01: reinforcements enter in the Movement Phase, mobile ones also in the Mobile
 * Movement Phase (AMB-43). */
static void test_bs_11_3_01_enter_in_movement_phases(void **state)
{
	(void)state;
	bst_at(&T, 3, GERMAN, FM_PH_BOMBARD);
	fmt_do(&T, GERMAN, "enter 1_AG 1517");
	assert_int_equal(T.rc, WG_E_WRONG_PHASE);
	bst_at(&T, 3, GERMAN, FM_PH_MOBILE_MOVE);
	fmt_do(&T, GERMAN, "enter 711 2717"); /* a leg unit */
	fmt_refused(&T, WG_E_WRONG_PHASE, "FM-4.1-04");
	bst_ok(&T, GERMAN, "enter 1_AG 1517");
}

/* BS-11.3-02: a reinforcement may move on in the turn it arrives. */
static void test_bs_11_3_02_move_on_arrival(void **state)
{
	(void)state;
	bst_at(&T, 1, GERMAN, FM_PH_MOVEMENT);
	bst_ok(&T, GERMAN, "enter 711 2717 2718 2719");
	assert_string_equal(fmt_where(&T, "711"), "2719");
	assert_true(fmt_has_event(&T, "entered"));
	assert_true(fmt_has_event(&T, "moved"));
}

/* BS-11.3-03: no reinforcement arrives and ends its move stacked with another unit. */
static void test_bs_11_3_03_no_stacking_on_arrival(void **state)
{
	(void)state;
	bst_at(&T, 1, GERMAN, FM_PH_MOVEMENT);
	bst_put(&T, "712", "2717", 0);
	bst_put(&T, "346", "2718", 0);
	fmt_do(&T, GERMAN, "enter 711 2717");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.3-03");
	fmt_do(&T, GERMAN, "enter 711 2717 2718"); /* ends on 346 */
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.3-03");
	assert_string_equal(fmt_where(&T, "711"), "off");
	bst_ok(&T, GERMAN, "enter 711 2717 2817"); /* passes 712 */
}

/* BS-11.4-01: only at the listed hexes. */
static void test_bs_11_4_01_listed_hexes_only(void **state)
{
	(void)state;
	bst_at(&T, 1, GERMAN, FM_PH_MOVEMENT);
	fmt_do(&T, GERMAN, "enter 711 2617");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-3.0-05");
}

/* BS-11.5-01: a reinforcement may attack in its arrival turn. */
static void test_bs_11_5_01_attack_on_arrival(void **state)
{
	(void)state;
	bst_at(&T, 1, GERMAN, FM_PH_MOVEMENT);
	bst_put(&T, "44/15", "2719", 0);
	bst_ok(&T, GERMAN, "enter 711 2717 2718");
	bst_ok(&T, GERMAN, "end"); /* Bombardment: nothing in hand */
	if (T.g->phase == FM_PH_BOMBARD)
		bst_ok(&T, GERMAN, "end");
	assert_int_equal(T.g->phase, FM_PH_COMBAT);
	fmt_dice(&T, 1, 5);
	bst_ok(&T, GERMAN, "attack 2719 711");
}

/* BS-11.5-02: an arrival hex held by the enemy: another eligible hex, or wait (AMB-45). */
static void test_bs_11_5_02_enemy_on_arrival_hex(void **state)
{
	(void)state;
	bst_at(&T, 1, GERMAN, FM_PH_MOVEMENT);
	bst_put(&T, "44/15", "2717", 0);
	fmt_do(&T, GERMAN, "enter 711 2717");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.2-06");
	bst_at(&T, 2, GERMAN, FM_PH_MOVEMENT);
	bst_put(&T, "44/15", "3217", 0);
	bst_ok(&T, GERMAN, "enter 711 2717");
}

#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    T_(test_bs_10_1_01_allied_first_player),
	    T_(test_bs_11_0_02_german_one_rebuild_turns_1_5),
	    T_(test_bs_11_0_03_german_rebuild_end_of_own_turn),
	    T_(test_bs_11_0_04_german_non_mobile),
	    T_(test_bs_11_0_05_eight_hexes_from_east_edge),
	    T_(test_bs_11_0_07_allied_two_then_one),
	    T_(test_bs_11_0_08_assault_unit_trace),
	    T_(test_bs_11_0_09_allied_rebuild_end_of_own_turn),
	    T_(test_bs_11_0_10_not_adjacent_to_enemy),
	    T_(test_bs_11_0_11_eliminated_never_back),
	    T_(test_bs_11_0_12_flips_to_full_strength),
	    T_(test_bs_11_1_01_not_accumulated),
	    T_(test_bs_11_1_01_no_wait_when_nothing_can_be_rebuilt),
	    T_(test_bs_11_2_02_719_first_free_hex_north),
	    T_(test_bs_11_2_09_104th_any_antwerp_hex),
	    T_(test_bs_11_2_10_414th_same_rule),
	    T_(test_bs_11_2_11_415th_same_rule),
	    T_(test_bs_11_2_12_no_antwerp_hex_waits),
	    T_(test_bs_11_2_13_104th_not_west_of_woensdrecht),
	    T_(test_bs_11_2_21_walcheren_force_condition),
	    T_(test_bs_11_3_01_enter_in_movement_phases),
	    T_(test_bs_11_3_02_move_on_arrival),
	    T_(test_bs_11_3_03_no_stacking_on_arrival),
	    T_(test_bs_11_4_01_listed_hexes_only),
	    T_(test_bs_11_5_01_attack_on_arrival),
	    T_(test_bs_11_5_02_enemy_on_arrival_hex),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
