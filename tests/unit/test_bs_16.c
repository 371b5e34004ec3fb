/*
 * test_bs_16.c -- Battle of the Scheldt 16.0-16.4: the South Beveland and
 * Walcheren assaults (`land`), the shared hex of a beach assault and its
 * special results, and the +10 naval support markers.
 *
 * Fixture: tests/data/fm-scheldt-mini.json: Terneuzen 2736; South Beveland's
 * coast faces the estuary along column 21 (2129 is 10 hexes from Terneuzen,
 * 2128 is 11); Walcheren is columns 17-21, rows 39-45 (2140 a coastal hex);
 * the Woensdrecht-Schore road is 2021-2026.
 */
#include "test_bs_util.h"

#include <stdlib.h>
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

static void gone(struct fmt *t, const char *unit, int where)
{
	t->g->u[fmt_unit(t, unit)].where = (uint8_t)where;
	t->g->u[fmt_unit(t, unit)].hex = -1;
}

/* Turn 12, Allied Movement Phase, the Beveland conditions met; the 155th eliminated (so the
 * group is 156/52 and 157/52) unless keep155. */
static void beveland_ready(struct fmt *t, int keep155)
{
	bst_at(t, 12, ALLIED, FM_PH_MOVEMENT);
	gone(t, "64", FM_W_ELIMINATED);
	gone(t, "1037", FM_W_ELIMINATED);
	gone(t, "1039", FM_W_ELIMINATED);
	if (keep155) {
		gone(t, "155/52", FM_W_REMOVED);
		bst_state(t)->withdrawn = 1;
	} else {
		gone(t, "155/52", FM_W_ELIMINATED);
	}
	bst_put(t, "44/15", "2021", 0);
}

/* The Walcheren condition met: every road hex last occupied by an Allied unit. */
static void walcheren_ready(struct fmt *t, int turn)
{
	const struct scheldt_data *d = scheldt__data(t->g);
	bst_at(t, turn, ALLIED, FM_PH_MOVEMENT);
	for (int k = 0; k < d->ntrack; k++)
		bst_state(t)->last[k] = ALLIED;
}

/* BS-16.0-01: two assault groups arrive by assault boat. */
static void test_bs_16_0_01_two_assault_groups(void **state)
{
	const struct scheldt_data *d;
	(void)state;
	d = scheldt__data(T.g);
	assert_int_equal(d->ngroup[SCH_GROUP_BEVELAND], 3);
	assert_int_equal(d->ngroup[SCH_GROUP_WALCHEREN], 4);
	fmt_do(&T, ALLIED, "land 44/15 2131");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-16.0-01");
	bst_at(&T, 12, GERMAN, FM_PH_MOVEMENT);
	fmt_do(&T, GERMAN, "land 156/52 2131");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-16.0-01");
}

/* BS-16.1-01: Turn 12 or later (EX-39). */
static void test_bs_16_1_01_turn_12_or_later(void **state)
{
	(void)state;
	beveland_ready(&T, 0);
	T.g->turn = 11;
	fmt_do(&T, ALLIED, "land 156/52 2131");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-16.1-01");
	T.g->turn = 12;
	bst_ok(&T, ALLIED, "land 156/52 2131");
	assert_true(fmt_has_event(&T, "assault-declared"));
}

/* BS-16.1-02: every German unit that started in the pocket eliminated (AMB-64). */
static void test_bs_16_1_02_pocket_germans_eliminated(void **state)
{
	(void)state;
	beveland_ready(&T, 0);
	bst_put(&T, "1037", "2827", 0); /* alive, far from the pocket: it still counts */
	fmt_do(&T, ALLIED, "land 156/52 2131");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-16.1-02");
	assert_true(bst_msg_has(&T, "1037"));
}

/* BS-16.1-03: Woensdrecht occupied, or last occupied, by an Allied unit (AMB-65). */
static void test_bs_16_1_03_woensdrecht_allied(void **state)
{
	(void)state;
	beveland_ready(&T, 0);
	bst_put(&T, "44/15", "3217", 0);
	bst_state(&T)->last[0] = -1;
	fmt_do(&T, ALLIED, "land 156/52 2131");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-16.1-03");
	/* an Allied unit moves in and out: the hex is Allied-held by last occupation */
	bst_put(&T, "44/15", "2020", 0);
	bst_ok(&T, ALLIED, "move 44/15 2021");
	bst_at(&T, 12, ALLIED, FM_PH_MOVEMENT);
	bst_ok(&T, ALLIED, "move 44/15 2121");
	assert_int_equal(bst_state(&T)->last[0], ALLIED);
	bst_ok(&T, ALLIED, "land 156/52 2131");
	/* a German unit there later takes it back */
	assert_true(scheldt__held_by(T.g, fmt_hex(&T, "2021"), ALLIED));
	bst_put(&T, "245", "2021", 0);
	assert_false(scheldt__held_by(T.g, fmt_hex(&T, "2021"), ALLIED));
}

/* BS-16.1-04: declared in the Allied Movement Phase, never the Mobile Movement Phase. */
static void test_bs_16_1_04_movement_phase_only(void **state)
{
	(void)state;
	beveland_ready(&T, 0);
	T.g->phase = FM_PH_MOBILE_MOVE;
	fmt_do(&T, ALLIED, "land 156/52 2131");
	fmt_refused(&T, WG_E_WRONG_PHASE, "BS-16.1-04");
	assert_true(bst_msg_has(&T, "never the Mobile Movement Phase"));
	/* in the Combat Phase the refusal names the Combat Phase, not the Mobile Movement one */
	T.g->phase = FM_PH_COMBAT;
	fmt_do(&T, ALLIED, "land 156/52 2131");
	fmt_refused(&T, WG_E_WRONG_PHASE, "BS-16.1-04");
	assert_true(bst_msg_has(&T, "this is the Combat Phase"));
	assert_false(bst_msg_has(&T, "Mobile"));
}

/* BS-16.1-05: on coastal hexes within 10 hexes of Terneuzen, German-held ones included;
 * bs.beveland_radius=6 (AMB-63, EX-39); not necessarily on South Beveland. */
static void test_bs_16_1_05_coastal_within_radius(void **state)
{
	(void)state;
	beveland_ready(&T, 0);
	fmt_do(&T, ALLIED, "land 156/52 2128"); /* 11 hexes */
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-16.1-05");
	fmt_do(&T, ALLIED, "land 156/52 2031"); /* inland */
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-16.1-05");
	fmt_do(&T, ALLIED, "land 156/52 2231"); /* sea */
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-16.1-05");
	bst_ok(&T, ALLIED, "land 156/52 2129"); /* 10 hexes */
	bst_put(&T, "1020", "2736", 0);         /* German, in Terneuzen on the south shore */
	bst_ok(&T, ALLIED, "land 157/52 2736");
	assert_true(scheldt__sharing(T.g, fmt_unit(&T, "157/52")));
	fmt_close(&T);
	bst_open(&T, "bs.beveland_radius=6");
	beveland_ready(&T, 0);
	fmt_do(&T, ALLIED, "land 156/52 2129");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-16.1-05");
	bst_ok(&T, ALLIED, "land 156/52 2136"); /* 6 hexes */
}

/* BS-16.1-06: an Assault Boat marker is placed with each landing unit (AMB-67). */
static void test_bs_16_1_06_assault_boat_marker(void **state)
{
	cJSON *v, *boats;
	(void)state;
	beveland_ready(&T, 0);
	bst_ok(&T, ALLIED, "land 156/52 2131");
	v = fm_ruleset.view(T.m.game, &RULES_VIEWER(GERMAN));
	boats = cJSON_GetObjectItem(cJSON_GetObjectItem(v, "scheldt"), "assault_boats");
	assert_int_equal(cJSON_GetArraySize(boats), 1);
	assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(boats, 0), "hex")->valuestring,
	                    "2131");
	cJSON_Delete(v);
	/* the next turn the boat of a landing on an empty hex is gone */
	bst_ok(&T, ALLIED, "land 157/52 2132");
	T.g->turn = 13;
	bst_ok(&T, ALLIED, "end");
	v = fm_ruleset.view(T.m.game, &RULES_VIEWER(GERMAN));
	boats = cJSON_GetObjectItem(cJSON_GetObjectItem(v, "scheldt"), "assault_boats");
	assert_int_equal(cJSON_GetArraySize(boats), 0);
	cJSON_Delete(v);
}

/* BS-16.1-07: all units of the group land in the same game turn. */
static void test_bs_16_1_07_all_in_one_turn(void **state)
{
	(void)state;
	beveland_ready(&T, 1); /* the withdrawn 155th is part of the group */
	bst_ok(&T, ALLIED, "land 156/52 2131");
	fmt_do(&T, ALLIED, "end");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-16.1-07");
	bst_ok(&T, ALLIED, "land 157/52 2132");
	fmt_do(&T, ALLIED, "end");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-16.1-07");
	bst_ok(&T, ALLIED, "land 155/52 2133");
	bst_ok(&T, ALLIED, "end");
	/* a landing in a later turn is refused */
	fmt_close(&T);
	bst_open(&T, NULL);
	beveland_ready(&T, 0);
	bst_ok(&T, ALLIED, "land 156/52 2131");
	T.g->turn = 13;
	fmt_do(&T, ALLIED, "land 157/52 2130");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-16.1-07");
}

/* BS-16.1-08: the 52nd Division enters only by the Beveland assault. */
static void test_bs_16_1_08_52nd_only_by_assault(void **state)
{
	(void)state;
	beveland_ready(&T, 0);
	fmt_do(&T, ALLIED, "enter 156/52 3421");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-3.0-05");
	fmt_do(&T, ALLIED, "move 156/52 3421");
	assert_true(T.rc < 0);
	bst_ok(&T, ALLIED, "land 156/52 2131");
	fmt_do(&T, ALLIED, "land 156/52 2132");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-16.1-08");
}

/* BS-16.1-09: the group is 156/52, 157/52 and the 155/52 if withdrawn and not eliminated. */
static void test_bs_16_1_09_group_members(void **state)
{
	(void)state;
	beveland_ready(&T, 1);
	assert_true(scheldt__may_land(T.g, SCH_GROUP_BEVELAND, fmt_unit(&T, "155/52")));
	assert_true(scheldt__may_land(T.g, SCH_GROUP_BEVELAND, fmt_unit(&T, "156/52")));
	assert_false(scheldt__may_land(T.g, SCH_GROUP_BEVELAND, fmt_unit(&T, "146/49")));
	beveland_ready(&T, 0);
	assert_false(scheldt__may_land(T.g, SCH_GROUP_BEVELAND, fmt_unit(&T, "155/52")));
}

/* BS-16.2-01: the Walcheren assault needs every Woensdrecht-Schore road hex Allied-held,
 * in the Movement Phase only; option next_turn (AMB-66). */
static void test_bs_16_2_01_road_condition(void **state)
{
	(void)state;
	walcheren_ready(&T, 9);
	bst_state(&T)->last[3] = GERMAN;
	fmt_do(&T, ALLIED, "land 146/49 2140");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-16.2-01");
	bst_state(&T)->last[3] = ALLIED;
	T.g->phase = FM_PH_MOBILE_MOVE;
	fmt_do(&T, ALLIED, "land 146/49 2140");
	fmt_refused(&T, WG_E_WRONG_PHASE, "BS-16.2-01");
	T.g->phase = FM_PH_MOVEMENT;
	bst_ok(&T, ALLIED, "land 146/49 2140");
	/* next_turn: the road must have been Allied since an earlier turn */
	fmt_close(&T);
	bst_open(&T, "bs.walcheren_condition_timing=next_turn");
	walcheren_ready(&T, 9);
	bst_state(&T)->road_since = 9;
	fmt_do(&T, ALLIED, "land 146/49 2140");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-16.2-01");
	bst_state(&T)->road_since = 8;
	bst_ok(&T, ALLIED, "land 146/49 2140");
}

/* BS-16.2-01, BS-16.1-01: an assault is declared only in an Allied Movement Phase, so ending
 * the last game turn's with an assault still possible gives it up for good: `end` refuses
 * and names it, `end force` gives it up; on an earlier turn `end` is enough. */
static void test_bs_16_2_01_last_chance_needs_end_force(void **state)
{
	(void)state;
	walcheren_ready(&T, 19);
	bst_ok(&T, ALLIED, "end"); /* turn 19: there is a turn 20 */
	walcheren_ready(&T, 20);
	fmt_do(&T, ALLIED, "end");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-16.2-01");
	assert_true(bst_msg_has(&T, "Walcheren Island Assault"));
	assert_true(bst_msg_has(&T, "last game turn"));
	assert_true(bst_msg_has(&T, "end force"));
	assert_int_equal(T.g->phase, FM_PH_MOVEMENT);
	fmt_events_clear(&T);
	bst_ok(&T, ALLIED, "end force");
	assert_int_not_equal(T.g->phase, FM_PH_MOVEMENT);
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_PUBLIC, "giving up: the Walcheren"), 1);
	/* the Beveland assault the same way (BS-16.1-01), the road now German */
	for (int k = 0; k < scheldt__data(T.g)->ntrack; k++)
		bst_state(&T)->last[k] = GERMAN;
	beveland_ready(&T, 0);
	T.g->turn = 20;
	fmt_do(&T, ALLIED, "end");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-16.1-01");
	/* once declared and landed there is nothing to give up */
	bst_ok(&T, ALLIED, "land 156/52 2131");
	bst_ok(&T, ALLIED, "land 157/52 2129");
	bst_ok(&T, ALLIED, "end");
}

/* BS-16.2-02: on coastal hexes of Walcheren, German-held ones included. */
static void test_bs_16_2_02_walcheren_coast(void **state)
{
	(void)state;
	walcheren_ready(&T, 9);
	fmt_do(&T, ALLIED, "land 146/49 2131"); /* South Beveland */
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-16.2-02");
	fmt_do(&T, ALLIED, "land 146/49 1940"); /* inland Walcheren */
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-16.2-02");
	bst_put(&T, "1019", "2140", 0);
	bst_ok(&T, ALLIED, "land 146/49 2140");
	assert_true(scheldt__sharing(T.g, fmt_unit(&T, "146/49")));
}

/* BS-16.2-03: an Assault Boat marker with each landing unit. */
static void test_bs_16_2_03_assault_boat_marker(void **state)
{
	(void)state;
	walcheren_ready(&T, 9);
	bst_ok(&T, ALLIED, "land 147/49 2141");
	assert_non_null(scheldt__landed(T.g, fmt_unit(&T, "147/49")));
	assert_true(scheldt__landed(T.g, fmt_unit(&T, "147/49"))->boat);
}

/* BS-16.2-04: the Walcheren units land in the same game turn. */
static void test_bs_16_2_04_same_turn(void **state)
{
	(void)state;
	walcheren_ready(&T, 9);
	bst_ok(&T, ALLIED, "land 146/49 2140");
	bst_ok(&T, ALLIED, "land 147/49 2141");
	bst_ok(&T, ALLIED, "land 148/49 2142");
	fmt_do(&T, ALLIED, "end");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-16.2-04");
	bst_ok(&T, ALLIED, "land 2 2143");
	bst_ok(&T, ALLIED, "end");
}

/* BS-16.2-05: the 49th Division and 2nd Brigade enter only by the Walcheren assault. */
static void test_bs_16_2_05_49th_only_by_assault(void **state)
{
	(void)state;
	walcheren_ready(&T, 9);
	fmt_do(&T, ALLIED, "enter 146/49 3421");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-3.0-05");
	bst_ok(&T, ALLIED, "land 146/49 2140");
	fmt_do(&T, ALLIED, "land 146/49 2141");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-16.2-05");
}

/* BS-16.2-06: the Walcheren group. */
static void test_bs_16_2_06_group_members(void **state)
{
	(void)state;
	walcheren_ready(&T, 9);
	for (const char *const *u = (const char *const[]){"146/49", "147/49", "148/49", "2", NULL};
	     *u; u++)
		assert_true(scheldt__may_land(T.g, SCH_GROUP_WALCHEREN, fmt_unit(&T, *u)));
	assert_false(scheldt__may_land(T.g, SCH_GROUP_WALCHEREN, fmt_unit(&T, "156/52")));
}

/* Lands 146/49 on 1019 in 2140 (turn 9). */
static void shared(struct fmt *t)
{
	walcheren_ready(t, 9);
	bst_put(t, "1019", "2140", 0);
	bst_ok(t, ALLIED, "land 146/49 2140");
}

/* BS-16.3-01: only a beach assault puts two sides in one hex; one unit per landing hex. */
static void test_bs_16_3_01_only_shared_case(void **state)
{
	(void)state;
	shared(&T);
	assert_int_equal(fm__occupants(T.g, fmt_hex(&T, "2140")), 2);
	fmt_do(&T, ALLIED, "land 147/49 2140");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-16.3-01");
	bst_put(&T, "44/15", "2141", 0);
	fmt_do(&T, ALLIED, "land 147/49 2141");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-16.3-01");
	/* no ordinary move into an enemy hex */
	bst_put(&T, "712", "2041", 0);
	fmt_do(&T, ALLIED, "move 44/15 2041");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.2-06");
}

/* BS-16.3-02: a unit landed on an empty hex may not move that turn, but may attack
 * (AMB-70: and advance). */
static void test_bs_16_3_02_landed_empty_hex(void **state)
{
	(void)state;
	walcheren_ready(&T, 9);
	bst_ok(&T, ALLIED, "land 146/49 2141");
	fmt_do(&T, ALLIED, "move 146/49 2041");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-16.3-02");
	T.g->phase = FM_PH_MOBILE_MOVE;
	assert_true(fm__may_move(T.g, fmt_unit(&T, "146/49"), NULL) != 0);
	bst_at(&T, 9, ALLIED, FM_PH_COMBAT);
	bst_put(&T, "1019", "2041", 0);
	fmt_dice(&T, 1, 5);
	bst_ok(&T, ALLIED, "attack 2041 146/49");
	bst_at(&T, 10, ALLIED, FM_PH_MOVEMENT);
	T.g->u[fmt_unit(&T, "1019")].where = FM_W_REMOVED;
	T.g->u[fmt_unit(&T, "1019")].hex = -1;
	bst_ok(&T, ALLIED, "move 146/49 2041");
}

/* BS-16.3-03: a unit landed on a German unit must attack it this Combat Phase. */
static void test_bs_16_3_03_mandatory_attack(void **state)
{
	(void)state;
	shared(&T);
	bst_ok(&T, ALLIED, "land 147/49 2142");
	bst_ok(&T, ALLIED, "land 148/49 2143");
	bst_ok(&T, ALLIED, "land 2 2144");
	bst_ok(&T, ALLIED, "end"); /* Movement */
	while (T.g->phase != FM_PH_COMBAT)
		bst_ok(&T, ALLIED, "end");
	fmt_do(&T, ALLIED, "end");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-16.3-03");
	fmt_dice(&T, 1, 3);
	bst_ok(&T, ALLIED, "attack 2140 146/49");
	while (T.g->await != FM_AW_PHASE)
		bst_ok(&T,
		       T.g->await == FM_AW_SUPPORT ? fm__support_side(T.g, T.g->b.step) : ALLIED,
		       "support pass");
	bst_ok(&T, ALLIED, "end");
}

/* BS-16.3-04: other adjacent Allied units may join that attack; the Coastal line applies
 * during the landing turn (AMB-68). */
static void test_bs_16_3_04_combined_attack_coastal_line(void **state)
{
	(void)state;
	shared(&T);
	bst_put(&T, "44/15", "2141", 0);
	bst_at(&T, 9, ALLIED, FM_PH_COMBAT);
	fmt_dice(&T, 1, 3);
	bst_ok(&T, ALLIED, "attack 2140 146/49 44/15");
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"line\":\"coastal\""), 1);
	/* the next turn the hex's own line again (AMB-68 landing_turn) */
	bst_at(&T, 10, ALLIED, FM_PH_COMBAT);
	fmt_dice(&T, 1, 3);
	bst_ok(&T, ALLIED, "attack 2140 146/49");
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"line\":\"clear\""), 1);
}

/* BS-16.3-05: the landed unit may attack only the German unit in its own hex. */
static void test_bs_16_3_05_attacks_only_own_hex(void **state)
{
	(void)state;
	shared(&T);
	bst_put(&T, "1020", "2040", 0);
	bst_at(&T, 9, ALLIED, FM_PH_COMBAT);
	fmt_do(&T, ALLIED, "attack 2040 146/49");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "BS-16.3-05");
}

/* An attack on the shared hex 2140 by 146/49 (and 44/15 from 2141) with a forced die and
 * 1019's defence set to get the result wanted. */
static void assault(int defense, int die, int with44)
{
	shared(&T);
	if (with44)
		bst_put(&T, "44/15", "2141", 0);
	bst_at(&T, 9, ALLIED, FM_PH_COMBAT);
	((struct fm_scenario *)T.g->sc)->units[fmt_unit(&T, "1019")].steps[0].defense = defense;
	fmt_dice(&T, 1, die);
	bst_ok(&T, ALLIED, with44 ? "attack 2140 146/49 44/15" : "attack 2140 146/49");
}

/* BS-16.3-06: Ae, (A), A1, A2, A3 eliminate the landed unit at once (AMB-69: on (A) that is
 * the loss; on A1-A3 the others retreat). */
static void test_bs_16_3_06_attacker_results_eliminate(void **state)
{
	(void)state;
	/* Coastal line (-1..+10, left: c1..c8). 5 vs 6: -1 c1: die 1 (A) */
	assault(6, 1, 0);
	assert_string_equal(fmt_where(&T, "146/49"), "eliminated");
	assert_int_equal(T.g->await, FM_AW_PHASE);
	fmt_close(&T);
	bst_open(&T, NULL);
	/* 10 vs 9: +1 c3: die 4 (A)?; use 10 vs 11 = -1: die 3 (A) with two attackers */
	assault(11, 3, 1);
	assert_string_equal(fmt_where(&T, "146/49"), "eliminated");
	assert_int_equal(fmt_step(&T, "44/15"), 0); /* the (A) loss was the landed unit */
	fmt_close(&T);
	bst_open(&T, NULL);
	/* 10 vs 10: 0 c2: die 1 A3: the landed unit eliminated, 44/15 retreats */
	assault(10, 1, 1);
	assert_string_equal(fmt_where(&T, "146/49"), "eliminated");
	assert_int_equal(T.g->await, FM_AW_RETREAT);
	bst_ok(&T, ALLIED, "stiff 44/15");
}

/* BS-16.3-07: no effect, or a retreat the German unit avoids by stiff resistance (rule 8.4,
 * printed "7.8", BS-ED-01): the landed unit stays in the hex. */
static void test_bs_16_3_07_ne_or_stiff_resistance(void **state)
{
	(void)state;
	assault(2, 1, 0); /* 5 vs 2: +2/+3 c4: die 1 NE */
	assert_true(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"result\":\"NE\"") == 1);
	assert_true(scheldt__sharing(T.g, fmt_unit(&T, "146/49")));
	fmt_close(&T);
	bst_open(&T, NULL);
	assault(2, 1, 1); /* 10 vs 2: +8/+9 c7: die 1 D2 */
	assert_int_equal(T.g->await, FM_AW_RETREAT);
	bst_ok(&T, GERMAN, "stiff 1019");
	assert_true(scheldt__sharing(T.g, fmt_unit(&T, "146/49")));
	assert_string_equal(fmt_where(&T, "1019"), "2140");
}

/* BS-16.3-08: later, the landed unit may attack only that hex and may not leave it. */
static void test_bs_16_3_08_stays_while_german_there(void **state)
{
	(void)state;
	shared(&T);
	bst_at(&T, 10, ALLIED, FM_PH_MOVEMENT);
	fmt_do(&T, ALLIED, "move 146/49 2141");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-16.3-08");
	bst_put(&T, "1020", "2040", 0);
	bst_at(&T, 10, ALLIED, FM_PH_COMBAT);
	fmt_do(&T, ALLIED, "attack 2040 146/49");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "BS-16.3-05");
	fmt_dice(&T, 1, 3);
	bst_ok(&T, ALLIED, "attack 2140 146/49");
}

/* BS-16.3-09: the German unit in the hex and other adjacent German units may attack it. */
static void test_bs_16_3_09_germans_attack_landed_unit(void **state)
{
	(void)state;
	shared(&T);
	bst_put(&T, "1020", "2040", 0);
	bst_at(&T, 9, GERMAN, FM_PH_COMBAT);
	fmt_dice(&T, 1, 3);
	bst_ok(&T, GERMAN, "attack 2140 1019 1020");
	assert_true(fmt_has_event(&T, "combat-result"));
}

/* BS-16.3-10: both stay until one is eliminated or retreats. */
static void test_bs_16_3_10_share_until_one_leaves(void **state)
{
	(void)state;
	assault(2, 1, 1);                   /* D2 */
	bst_ok(&T, GERMAN, "retreat 1019"); /* surrounded by 146/49's ZOC: eliminated */
	assert_string_equal(fmt_where(&T, "1019"), "eliminated");
	assert_false(scheldt__sharing(T.g, fmt_unit(&T, "146/49")));
	assert_int_equal(fm__occupants(T.g, fmt_hex(&T, "2140")), 1);
}

/* BS-16.3-11: no evacuation: a landed unit retreats overland like any unit, if it can. */
static void test_bs_16_3_11_no_evacuation(void **state)
{
	(void)state;
	shared(&T);
	bst_at(&T, 9, GERMAN, FM_PH_COMBAT);
	((struct fm_scenario *)T.g->sc)->units[fmt_unit(&T, "1019")].steps[0].attack = 9;
	fmt_dice(&T, 1, 1); /* 9 vs 4: +4/+5 Clear c9: die 1 D2 */
	bst_ok(&T, GERMAN, "attack 2140 1019");
	assert_int_equal(T.g->await, FM_AW_RETREAT);
	fmt_do(&T, ALLIED, "retreat 146/49 2240"); /* the sea */
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "BS-15.0-01");
	bst_ok(&T, ALLIED, "retreat 146/49"); /* every land hex is in the German ZOC */
	assert_string_equal(fmt_where(&T, "146/49"), "eliminated");
}

/* BS-16.3-12: a German unit that leaves the shared hex closes it to every German unit, for
 * good (AMB-71). */
static void test_bs_16_3_12_no_german_reentry(void **state)
{
	(void)state;
	shared(&T);
	bst_at(&T, 9, GERMAN, FM_PH_MOVEMENT);
	bst_ok(&T, GERMAN, "move 1019 2040");
	assert_true(fmt_has_event(&T, "hex-closed"));
	assert_true(scheldt__barred(T.g, fmt_hex(&T, "2140")));
	T.g->u[fmt_unit(&T, "146/49")].where = FM_W_ELIMINATED; /* the hex is empty again */
	T.g->u[fmt_unit(&T, "146/49")].hex = -1;
	bst_at(&T, 10, GERMAN, FM_PH_MOVEMENT);
	fmt_do(&T, GERMAN, "move 1019 2140");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-16.3-12");
	bst_put(&T, "1020", "2139", 0);
	fmt_do(&T, GERMAN, "move 1020 2140");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-16.3-12");
}

/* Turn 9 Allied combat on the German 1020 in target (in naval range or not) from 44/15. */
static void naval_combat(const char *target, const char *from, const char *hand)
{
	bst_at(&T, 9, ALLIED, FM_PH_COMBAT);
	fmt_clear(&T);
	bst_put(&T, "1020", target, 0);
	bst_put(&T, "44/15", from, 0);
	fmt_hand(&T, ALLIED, hand);
	fmt_hand(&T, GERMAN, "G1");
}

/* BS-16.4-01: a +10 on a target within four hexes of a Walcheren coastal hex, counting it
 * (distance <= 3, AMB-62; option 4). */
static void test_bs_16_4_01_naval_range(void **state)
{
	const int n1 = fm__marker_by_id(T.g->sc, ALLIED, "N1");
	const struct fm_range *r = bst_range_of(T.g->sc, ALLIED, n1);
	(void)state;
	/* the distance to the nearest Walcheren coastal hex (support.ranges, FM-8.1.1-01) */
	assert_non_null(r);
	assert_true(r->dist[fmt_hex(&T, "2036")] == 3);
	assert_true(r->dist[fmt_hex(&T, "2035")] == 4);
	naval_combat("2035", "2034", "N1 A1");
	bst_ok(&T, ALLIED, "attack 2035 44/15");
	fmt_do(&T, ALLIED, "support N1");
	fmt_refused(&T, WG_E_ILLEGAL_SUPPORT, "BS-16.4-01");
	naval_combat("2036", "2035", "N1 A1");
	bst_ok(&T, ALLIED, "attack 2036 44/15");
	bst_ok(&T, ALLIED, "support N1");
	fmt_close(&T);
	bst_open(&T, "bs.naval_range_max_distance=4");
	naval_combat("2035", "2034", "N1 A1");
	bst_ok(&T, ALLIED, "attack 2035 44/15");
	bst_ok(&T, ALLIED, "support N1");
}

/* BS-16.4-02: the two +10s never in one attack, and against different target hexes. */
static void test_bs_16_4_02_different_targets(void **state)
{
	(void)state;
	naval_combat("2036", "2035", "N1 N2");
	bst_ok(&T, ALLIED, "attack 2036 44/15");
	bst_ok(&T, ALLIED, "support N1");
	bst_ok(&T, GERMAN, "support pass");
	fmt_do(&T, ALLIED, "support N2");
	fmt_refused(&T, WG_E_ILLEGAL_SUPPORT, "BS-16.4-02");
	fmt_dice(&T, 1, 6);
	bst_ok(&T, ALLIED, "support pass");
	while (T.g->await != FM_AW_PHASE)
		bst_ok(&T,
		       T.g->await == FM_AW_SUPPORT ? fm__support_side(T.g, T.g->b.step) : ALLIED,
		       T.g->await == FM_AW_SUPPORT ? "support pass" : "advance none");
	assert_int_equal(bst_state(&T)->naval_target[0], fmt_hex(&T, "2036"));
	/* a later turn, the same hex: refused; another hex: allowed */
	naval_combat("2036", "2035", "N2");
	bst_ok(&T, ALLIED, "attack 2036 44/15");
	fmt_do(&T, ALLIED, "support N2");
	fmt_refused(&T, WG_E_ILLEGAL_SUPPORT, "BS-16.4-02");
	naval_combat("2037", "2036", "N2");
	bst_ok(&T, ALLIED, "attack 2037 44/15");
	bst_ok(&T, ALLIED, "support N2");
}

/* BS-16.4-03: never in defence. */
static void test_bs_16_4_03_never_in_defence(void **state)
{
	(void)state;
	bst_at(&T, 9, GERMAN, FM_PH_COMBAT);
	fmt_clear(&T);
	bst_put(&T, "1020", "2036", 0);
	bst_put(&T, "44/15", "2035", 0);
	fmt_hand(&T, ALLIED, "N1");
	bst_ok(&T, GERMAN, "attack 2035 1020");
	fmt_do(&T, ALLIED, "support N1");
	fmt_refused(&T, WG_E_ILLEGAL_SUPPORT, "BS-16.4-03");
}

/* BS-16.4-04: a +10 is one of the two markers of an attack or a bombardment. */
static void test_bs_16_4_04_one_of_two_markers(void **state)
{
	(void)state;
	naval_combat("2036", "2035", "N1 A1 A2");
	bst_ok(&T, ALLIED, "attack 2036 44/15");
	bst_ok(&T, ALLIED, "support N1");
	bst_ok(&T, GERMAN, "support pass");
	bst_ok(&T, ALLIED, "support A1");
	assert_int_equal(T.g->b.nmark[ALLIED], 2);
	/* in a bombardment too: +10 and one more, never a third */
	bst_at(&T, 10, ALLIED, FM_PH_BOMBARD);
	fmt_clear(&T);
	bst_put(&T, "1020", "2036", 0);
	bst_put(&T, "44/15", "2034", 0);
	fmt_hand(&T, ALLIED, "N2 A1 A2");
	fmt_do(&T, ALLIED, "bombard 2036 N2 A1 A2");
	assert_int_equal(T.rc, WG_E_BAD_ARGS); /* arity: at most two markers */
	fmt_dice(&T, 1, 6);
	bst_ok(&T, ALLIED, "bombard 2036 N2 A1");
}

/* BS-16.4-05: once played, a +10 leaves the game for good. */
static void test_bs_16_4_05_removed_for_good(void **state)
{
	(void)state;
	bst_at(&T, 10, ALLIED, FM_PH_BOMBARD);
	fmt_clear(&T);
	bst_put(&T, "1020", "2036", 0);
	bst_put(&T, "44/15", "2034", 0);
	fmt_hand(&T, ALLIED, "N1");
	fmt_dice(&T, 1, 6);
	bst_ok(&T, ALLIED, "bombard 2036 N1");
	assert_int_equal(T.g->m[ALLIED][fm__marker_by_id(T.g->sc, ALLIED, "N1")].where, FM_M_GONE);
	assert_true(fmt_has_event(&T, "marker-removed"));
	fm__support_return(T.g);
	scheldt__turn_start(T.g, &T.m.dice, &T.ev, &T.err);
	assert_int_equal(T.g->m[ALLIED][fm__marker_by_id(T.g->sc, ALLIED, "N1")].where, FM_M_GONE);
	assert_int_equal(T.g->m[ALLIED][fm__marker_by_id(T.g->sc, ALLIED, "N2")].where, FM_M_HAND);
	bst_at(&T, 11, ALLIED, FM_PH_BOMBARD);
	T.g->m[ALLIED][fm__marker_by_id(T.g->sc, ALLIED, "N1")].where = FM_M_GONE;
	bst_put(&T, "1020", "2037", 0);
	fmt_do(&T, ALLIED, "bombard 2037 N1");
	fmt_refused(&T, WG_E_ILLEGAL_SUPPORT, "BS-16.4-05");
}

/* BS-16.4-06: otherwise a normal marker: the bombardment range applies (BS-14.2-01). */
static void test_bs_16_4_06_normal_otherwise(void **state)
{
	(void)state;
	bst_at(&T, 10, ALLIED, FM_PH_BOMBARD);
	fmt_clear(&T);
	bst_put(&T, "1020", "2036", 0);
	bst_put(&T, "44/15", "2032", 0); /* 4 hexes away */
	fmt_hand(&T, ALLIED, "N1");
	fmt_do(&T, ALLIED, "bombard 2036 N1");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-14.2-01");
}

/* BS-16.4-07: committed face down in ground combat, announced in a bombardment. */
static void test_bs_16_4_07_face_down_then_revealed(void **state)
{
	(void)state;
	naval_combat("2036", "2035", "N1 A1");
	bst_ok(&T, ALLIED, "attack 2036 44/15");
	fmt_events_clear(&T);
	bst_ok(&T, ALLIED, "support N1");
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_SIDE(GERMAN), "N1"), 0);
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_SIDE(GERMAN), "+10"), 0);
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_SIDE(ALLIED), "N1"), 1);
	bst_at(&T, 10, ALLIED, FM_PH_BOMBARD);
	fmt_clear(&T);
	bst_put(&T, "1020", "2036", 0);
	bst_put(&T, "44/15", "2034", 0);
	fmt_hand(&T, ALLIED, "N2");
	fmt_dice(&T, 1, 6);
	bst_ok(&T, ALLIED, "bombard 2036 N2");
	assert_true(fmt_events_mention(&T, RULES_AUD_SIDE(GERMAN), "+10") > 0);
}

#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    T_(test_bs_16_0_01_two_assault_groups),
	    T_(test_bs_16_1_01_turn_12_or_later),
	    T_(test_bs_16_1_02_pocket_germans_eliminated),
	    T_(test_bs_16_1_03_woensdrecht_allied),
	    T_(test_bs_16_1_04_movement_phase_only),
	    T_(test_bs_16_1_05_coastal_within_radius),
	    T_(test_bs_16_1_06_assault_boat_marker),
	    T_(test_bs_16_1_07_all_in_one_turn),
	    T_(test_bs_16_1_08_52nd_only_by_assault),
	    T_(test_bs_16_1_09_group_members),
	    T_(test_bs_16_2_01_road_condition),
	    T_(test_bs_16_2_01_last_chance_needs_end_force),
	    T_(test_bs_16_2_02_walcheren_coast),
	    T_(test_bs_16_2_03_assault_boat_marker),
	    T_(test_bs_16_2_04_same_turn),
	    T_(test_bs_16_2_05_49th_only_by_assault),
	    T_(test_bs_16_2_06_group_members),
	    T_(test_bs_16_3_01_only_shared_case),
	    T_(test_bs_16_3_02_landed_empty_hex),
	    T_(test_bs_16_3_03_mandatory_attack),
	    T_(test_bs_16_3_04_combined_attack_coastal_line),
	    T_(test_bs_16_3_05_attacks_only_own_hex),
	    T_(test_bs_16_3_06_attacker_results_eliminate),
	    T_(test_bs_16_3_07_ne_or_stiff_resistance),
	    T_(test_bs_16_3_08_stays_while_german_there),
	    T_(test_bs_16_3_09_germans_attack_landed_unit),
	    T_(test_bs_16_3_10_share_until_one_leaves),
	    T_(test_bs_16_3_11_no_evacuation),
	    T_(test_bs_16_3_12_no_german_reentry),
	    T_(test_bs_16_4_01_naval_range),
	    T_(test_bs_16_4_02_different_targets),
	    T_(test_bs_16_4_03_never_in_defence),
	    T_(test_bs_16_4_04_one_of_two_markers),
	    T_(test_bs_16_4_05_removed_for_good),
	    T_(test_bs_16_4_06_normal_otherwise),
	    T_(test_bs_16_4_07_face_down_then_revealed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
