/*
 * test_bs_13.c -- Battle of the Scheldt 13.0 and 13.1: the Breskens Pocket
 * freeze on Turns 1-3, the Turn 4 Braakman crossing, the German Leopold Canal
 * restriction, and the 155th Regiment's withdrawal and return.
 *
 * Fixture: tests/data/fm-scheldt-mini.json.  The pocket is columns 26-30,
 * rows 38-45; the Braakman hexes 2637, 2737, 2837 face it across all-sea
 * hexsides; the Leopold Canal is the pocket's other boundary.  Frozen units:
 * 9/3, 3, 8/3, 155/52, 7/3 and the Germans 64, 1037, 1039.
 */
#include "test_bs_util.h"

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

/* BS-13.0-01: the pocket is a named zone of the map data. */
static void test_bs_13_0_01_pocket_zone(void **state)
{
	(void)state;
	assert_true(scheldt__hex_is(T.g, fmt_hex(&T, "2642"), SCH_HF_POCKET));
	assert_true(scheldt__hex_is(T.g, fmt_hex(&T, "2738"), SCH_HF_POCKET));
	assert_false(scheldt__hex_is(T.g, fmt_hex(&T, "2737"), SCH_HF_POCKET));
	assert_false(scheldt__hex_is(T.g, fmt_hex(&T, "3142"), SCH_HF_POCKET));
}

/* BS-13.0-02: frozen units neither move nor fight on Turns 1-3, bombardment included. */
static void test_bs_13_0_02_frozen_turns_1_to_3(void **state)
{
	(void)state;
	fmt_do(&T, ALLIED, "move 9/3 2636");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-13.0-02");
	bst_ok(&T, ALLIED, "move 44/15 3218"); /* others move */
	/* no bombardment of a frozen unit, even in range */
	bst_at(&T, 3, ALLIED, FM_PH_BOMBARD);
	fmt_hand(&T, ALLIED, "A1");
	bst_put(&T, "44/15", "2641", 0);
	fmt_do(&T, ALLIED, "bombard 2642 A1");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-13.0-02");
	/* no attack on it, and frozen units do not attack */
	bst_at(&T, 3, ALLIED, FM_PH_COMBAT);
	fmt_do(&T, ALLIED, "attack 2642 44/15");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "BS-13.0-02");
	bst_put(&T, "712", "3143", 0);
	fmt_do(&T, ALLIED, "attack 3143 155/52");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "BS-13.0-02");
	/* turn 4: free */
	bst_at(&T, 4, ALLIED, FM_PH_COMBAT);
	fmt_dice(&T, 1, 4);
	bst_ok(&T, ALLIED, "attack 2642 44/15");
}

/* BS-13.0-02 with bs.frozen_immune=false (AMB-55): frozen units may be attacked. */
static void test_bs_13_0_02_frozen_not_immune_option(void **state)
{
	(void)state;
	fmt_close(&T);
	bst_open(&T, "bs.frozen_immune=false");
	bst_at(&T, 2, ALLIED, FM_PH_COMBAT);
	bst_put(&T, "44/15", "2641", 0);
	fmt_dice(&T, 1, 4);
	bst_ok(&T, ALLIED, "attack 2642 44/15");
	fmt_do(&T, ALLIED, "end");
	bst_at(&T, 2, GERMAN, FM_PH_COMBAT);
	fmt_do(&T, GERMAN, "attack 2641 64");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "BS-13.0-04");
}

/* BS-13.0-03: on Turn 4 a unit on a Braakman hex crosses west over the all-sea hexside
 * for +2 MP; not before (frozen), not after (AMB-56), not by another route. */
static void test_bs_13_0_03_braakman_crossing(void **state)
{
	(void)state;
	bst_at(&T, 4, ALLIED, FM_PH_MOVEMENT);
	bst_ok(&T, ALLIED, "move 3 2738"); /* EX-20 */
	assert_int_equal(T.g->u[fmt_unit(&T, "3")].mp_half, 2 * (1 + 2));
	bst_ok(&T, ALLIED, "move 9/3 2638");
	/* a unit that does not begin its move on the Braakman hex may not */
	bst_at(&T, 4, ALLIED, FM_PH_MOVEMENT);
	bst_put(&T, "44/15", "2736", 0);
	fmt_do(&T, ALLIED, "move 44/15 2737 2738");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-13.0-03");
	/* turn 5: the crossing is over */
	bst_at(&T, 5, ALLIED, FM_PH_MOVEMENT);
	bst_put(&T, "8/3", "2837", 0);
	fmt_do(&T, ALLIED, "move 8/3 2838");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-13.0-03");
	/* turn 3: frozen */
	bst_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	fmt_do(&T, ALLIED, "move 8/3 2838");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-13.0-02");
}

/* BS-13.0-03, AMB-56: a refused crossing names the condition that fails, not "begins its
 * move on a Braakman Inlet hex" for a unit that did (the 8/3 on 2837). */
static void test_bs_13_0_03_braakman_refusal_names_the_reason(void **state)
{
	(void)state;
	/* turn 5: the unit began on 2837, the turn is the reason */
	bst_at(&T, 5, ALLIED, FM_PH_MOVEMENT);
	fmt_do(&T, ALLIED, "move 8/3 2838");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-13.0-03");
	assert_true(bst_msg_has(&T, "on turn 5"));
	assert_true(bst_msg_has(&T, "Turn 4 only"));
	assert_false(bst_msg_has(&T, "begin"));
	/* turn 4: 8/3 leaves 2837 through 2737 (the 3 is there) and then tries to cross */
	bst_at(&T, 4, ALLIED, FM_PH_MOVEMENT);
	fmt_do(&T, ALLIED, "move 8/3 2737 2738");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-13.0-03");
	assert_true(bst_msg_has(&T, "began its move on the Braakman Inlet hex 2837"));
	assert_true(bst_msg_has(&T, "first step"));
	/* a unit from elsewhere: where it began, and the Braakman hexes of the data */
	bst_put(&T, "44/15", "2736", 0);
	fmt_do(&T, ALLIED, "move 44/15 2737 2738");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-13.0-03");
	assert_true(bst_msg_has(&T, "began its move on 2736"));
	assert_true(bst_msg_has(&T, "2637, 2737, 2837"));
	/* nothing moved */
	assert_string_equal(fmt_where(&T, "8/3"), "2837");
	assert_string_equal(fmt_where(&T, "44/15"), "2736");
}

/* BS-13.0-03 with bs.braakman_crossing_turns=4+ (AMB-56). */
static void test_bs_13_0_03_braakman_from_turn_4_option(void **state)
{
	(void)state;
	fmt_close(&T);
	bst_open(&T, "bs.braakman_crossing_turns=4+");
	bst_at(&T, 7, ALLIED, FM_PH_MOVEMENT);
	bst_ok(&T, ALLIED, "move 8/3 2838");
}

/* BS-13.0-04: the pocket's German units may not move or attack until Turn 4; German
 * reinforcements move on Turns 1-3 (AMB-57). */
static void test_bs_13_0_04_german_pocket_units(void **state)
{
	(void)state;
	bst_at(&T, 2, GERMAN, FM_PH_MOVEMENT);
	fmt_do(&T, GERMAN, "move 64 2641");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-13.0-04");
	bst_ok(&T, GERMAN, "move 712 3118");
	bst_ok(&T, GERMAN, "enter 711 2717");
	bst_at(&T, 4, GERMAN, FM_PH_MOVEMENT);
	bst_ok(&T, GERMAN, "move 64 2641");
}

/* BS-13.0-04 with bs.german_freeze_scope=all: every German unit waits for Turn 4. */
static void test_bs_13_0_04_freeze_all_option(void **state)
{
	(void)state;
	fmt_close(&T);
	bst_open(&T, "bs.german_freeze_scope=all");
	bst_at(&T, 2, GERMAN, FM_PH_MOVEMENT);
	fmt_do(&T, GERMAN, "move 712 3118");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-13.0-02");
}

/* BS-13.0-05: German units never move or advance across the Leopold Canal; they may attack
 * and (AMB-57) retreat across it; Allied units cross it (+1 MP). */
static void test_bs_13_0_05_leopold_canal(void **state)
{
	(void)state;
	bst_at(&T, 5, GERMAN, FM_PH_MOVEMENT);
	fmt_do(&T, GERMAN, "move 1037 3143");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-13.0-05");
	assert_true(bst_msg_has(&T, "Leopold"));
	/* attack across it: allowed, on the City/Across Canal line */
	bst_at(&T, 5, GERMAN, FM_PH_COMBAT);
	fmt_clear(&T);
	bst_put(&T, "1037", "3043", 0);
	bst_put(&T, "7/3", "3143", 0);
	fmt_dice(&T, 1, 6);
	bst_ok(&T, GERMAN, "attack 3143 1037");
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"line\":\"city\""), 1);
	/* Allied units cross, at +1 MP */
	bst_at(&T, 5, ALLIED, FM_PH_MOVEMENT);
	fmt_clear(&T);
	bst_put(&T, "7/3", "3143", 0);
	bst_ok(&T, ALLIED, "move 7/3 3042");
	assert_int_equal(T.g->u[fmt_unit(&T, "7/3")].mp_half, 4);
}

/* BS-13.0-05: a German advance across the canal is refused; a retreat across it is allowed
 * (bs.leopold_retreat_across, AMB-57) or refused with the option off. */
static void test_bs_13_0_05_leopold_advance_and_retreat(void **state)
{
	(void)state;
	bst_at(&T, 5, GERMAN, FM_PH_COMBAT);
	fmt_clear(&T);
	bst_put(&T, "1037", "3043", 0);
	bst_put(&T, "7/3", "3143", 0);
	bst_put(&T, "9/3", "3041", 0);
	fmt_dice(&T, 1, 1); /* 3 vs 4 = -1: die 1 Ex on the city line (left) */
	((struct fm_scenario *)T.g->sc)->units[fmt_unit(&T, "1037")].steps[0].attack =
	    12; /* +8: D2 */
	bst_ok(&T, GERMAN, "attack 3143 1037");
	assert_int_equal(T.g->await, FM_AW_RETREAT);
	bst_ok(&T, ALLIED, "retreat 7/3 3243 3343");
	/* the only path of retreat crosses the canal: no advance is offered */
	assert_int_equal(T.g->await, FM_AW_PHASE);
	assert_int_equal(scheldt__retreat_step(T.g, fmt_unit(&T, "1037"), fmt_hex(&T, "3043"),
	                                       fmt_hex(&T, "3143"), FM_RS_ADVANCE, &(int){0},
	                                       &T.err),
	                 WG_E_ILLEGAL_MOVE);
	assert_string_equal(T.err.rule, "BS-13.0-05");
	((struct fm_scenario *)T.g->sc)->units[fmt_unit(&T, "1037")].steps[0].attack = 3;
	/* a German retreat across the canal is allowed (AMB-57) */
	assert_int_equal(scheldt__retreat_step(T.g, fmt_unit(&T, "1037"), fmt_hex(&T, "3043"),
	                                       fmt_hex(&T, "3143"), FM_RS_RETREAT, &(int){0},
	                                       &T.err),
	                 0);
	fmt_close(&T);
	bst_open(&T, "bs.leopold_retreat_across=false");
	assert_int_equal(scheldt__retreat_step(T.g, fmt_unit(&T, "1037"), fmt_hex(&T, "3043"),
	                                       fmt_hex(&T, "3143"), FM_RS_RETREAT, &(int){0},
	                                       &T.err),
	                 WG_E_ILLEGAL_RETREAT);
	assert_string_equal(T.err.rule, "BS-13.0-05");
}

/* BS-13.1-01: the 155th starts on the map and is frozen like the pocket units. */
static void test_bs_13_1_01_155th_frozen(void **state)
{
	(void)state;
	assert_string_equal(fmt_where(&T, "155/52"), "3142");
	fmt_do(&T, ALLIED, "move 155/52 3242");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "BS-13.0-02");
}

/* BS-13.1-02: withdrawn at the end of an Allied player turn in which it is depleted (before
 * the rebuilds: it cannot be rebuilt), or at the end of Turn 8. */
static void test_bs_13_1_02_withdrawal(void **state)
{
	(void)state;
	bst_at(&T, 5, ALLIED, FM_PH_MOBILE_COMBAT);
	T.g->u[fmt_unit(&T, "155/52")].step = 1;
	bst_ok(&T, ALLIED, "end");
	assert_string_equal(fmt_where(&T, "155/52"), "off");
	assert_true(fmt_has_event(&T, "unit-withdrawn"));
	assert_int_equal(bst_state(&T)->withdrawn, 1);
	/* never depleted: withdrawn at the end of turn 8 */
	fmt_close(&T);
	bst_open(&T, NULL);
	bst_at(&T, 8, ALLIED, FM_PH_MOBILE_COMBAT);
	bst_ok(&T, ALLIED, "end");
	if (T.g->phase == FM_PH_TURN_END)
		bst_ok(&T, ALLIED, "end");
	assert_string_equal(fmt_where(&T, "155/52"), "3142"); /* still there for the German turn */
	bst_at(&T, 8, GERMAN, FM_PH_MOBILE_COMBAT);
	bst_ok(&T, GERMAN, "end");
	if (T.g->phase == FM_PH_TURN_END)
		bst_ok(&T, GERMAN, "end");
	assert_int_equal(T.g->turn, 9);
	assert_string_equal(fmt_where(&T, "155/52"), "off");
	assert_int_equal(bst_state(&T)->withdrawn, 1);
}

/* BS-13.1-03: the withdrawn 155th returns at full strength with the Beveland assault. */
static void test_bs_13_1_03_returns_full_strength(void **state)
{
	(void)state;
	bst_at(&T, 12, ALLIED, FM_PH_MOVEMENT);
	T.g->u[fmt_unit(&T, "155/52")].where = FM_W_REMOVED;
	T.g->u[fmt_unit(&T, "155/52")].hex = -1;
	T.g->u[fmt_unit(&T, "155/52")].step = 1;
	bst_state(&T)->withdrawn = 1;
	for (const char *const *u = (const char *const[]){"64", "1037", "1039", NULL}; *u; u++)
		T.g->u[fmt_unit(&T, *u)].where = FM_W_ELIMINATED, T.g->u[fmt_unit(&T, *u)].hex = -1;
	bst_put(&T, "44/15", "2021", 0);
	bst_ok(&T, ALLIED, "land 155/52 2131");
	assert_string_equal(fmt_where(&T, "155/52"), "2131");
	assert_int_equal(fmt_step(&T, "155/52"), 0);
}

/* BS-13.1-04: eliminated before its withdrawal, the 155th never returns. */
static void test_bs_13_1_04_eliminated_never_returns(void **state)
{
	(void)state;
	bst_at(&T, 12, ALLIED, FM_PH_MOVEMENT);
	T.g->u[fmt_unit(&T, "155/52")].where = FM_W_ELIMINATED;
	T.g->u[fmt_unit(&T, "155/52")].hex = -1;
	for (const char *const *u = (const char *const[]){"64", "1037", "1039", NULL}; *u; u++)
		T.g->u[fmt_unit(&T, *u)].where = FM_W_ELIMINATED, T.g->u[fmt_unit(&T, *u)].hex = -1;
	bst_put(&T, "44/15", "2021", 0);
	fmt_do(&T, ALLIED, "land 155/52 2131");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-13.1-04");
	/* the rest of the group lands without it, and may end the phase */
	bst_ok(&T, ALLIED, "land 156/52 2131");
	bst_ok(&T, ALLIED, "land 157/52 2132");
	bst_ok(&T, ALLIED, "end");
}

#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    T_(test_bs_13_0_01_pocket_zone),
	    T_(test_bs_13_0_02_frozen_turns_1_to_3),
	    T_(test_bs_13_0_02_frozen_not_immune_option),
	    T_(test_bs_13_0_03_braakman_crossing),
	    T_(test_bs_13_0_03_braakman_refusal_names_the_reason),
	    T_(test_bs_13_0_03_braakman_from_turn_4_option),
	    T_(test_bs_13_0_04_german_pocket_units),
	    T_(test_bs_13_0_04_freeze_all_option),
	    T_(test_bs_13_0_05_leopold_canal),
	    T_(test_bs_13_0_05_leopold_advance_and_retreat),
	    T_(test_bs_13_1_01_155th_frozen),
	    T_(test_bs_13_1_02_withdrawal),
	    T_(test_bs_13_1_03_returns_full_strength),
	    T_(test_bs_13_1_04_eliminated_never_returns),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
