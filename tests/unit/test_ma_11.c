/*
 * test_ma_11.c -- Meuse Argonne 11.0: the set-up sequence and areas (11.1,
 * 11.2, 11.5) and the replacements (11.3 Allied, 11.6 German; AMB-90, 91, 99,
 * 100), on the shipped scenario.  Every refusal cites its rule and leaves the
 * game unchanged (ma_no).
 *
 * Hexes: 1922 and 2022 are clear hexes of the Allied replacement edge, 1721
 * and 1620 clear hexes south of the Stellung, 0821 a woods hex; 1001 and 1601
 * hexes of the German replacement edge (1002 is next to 1001); 1805/1806 two
 * adjacent clear hexes north of the lines.
 */
#include "test_ma_util.h"

#include <stdio.h>
#include <string.h>

static struct fmt T;

static int setup(void **state)
{
	(void)state;
	ma_open(&T, NULL);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fmt_close(&T);
	return 0;
}

/* MA-11.1-02: the Allied player sets up first, then the German player. */
static void test_ma_11_1_02_allied_sets_up_first(void **state)
{
	(void)state;
	assert_int_equal(T.g->phase, FM_PH_SETUP);
	assert_int_equal(T.g->active, ALLIED);
	assert_int_not_equal(fmt_do(&T, GERMAN, "place DE-1G 0819"), 0);
	assert_int_equal(ma_where(&T, "DE-1G"), FM_W_UNPLACED);
	ma_ok(&T, ALLIED, "place US-3 1721");
}

/* MA-11.2-01: Allied divisions set up south of the Stellung line, one per hex. */
static void test_ma_11_2_01_allied_area_one_per_hex(void **state)
{
	(void)state;
	ma_no(&T, ALLIED, "place US-3 0819", WG_E_ILLEGAL_ACTION, "FM-3.0-04"); /* Stellung */
	ma_no(&T, ALLIED, "place US-3 0805", WG_E_ILLEGAL_ACTION, "FM-3.0-04");
	ma_ok(&T, ALLIED, "place US-3 1721");
	ma_no(&T, ALLIED, "place US-5 1721", WG_E_ILLEGAL_ACTION, "FM-5.3-01");
	ma_no(&T, ALLIED, "place US-BDE-1 1620", WG_E_ILLEGAL_ACTION, "FM-3.0-04");
}

/* MA-11.3-01: one Allied replacement in each Allied Movement Phase, none in the H-Hour
 * turn (15.2, AMB-78) or outside the Movement Phase. */
static void test_ma_11_3_01_one_per_movement_phase(void **state)
{
	(void)state;
	ma_at(&T, 1, ALLIED, FM_PH_MOVEMENT);
	ma_dead(&T, "US-3");
	ma_dead(&T, "US-5");
	ma_no(&T, ALLIED, "replace US-3 1922", WG_E_WRONG_PHASE, "MA-11.3-01");
	ma_at(&T, 3, ALLIED, FM_PH_COMBAT);
	ma_dead(&T, "US-3");
	ma_no(&T, ALLIED, "replace US-3 1922", WG_E_WRONG_PHASE, "MA-11.3-01");
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	ma_dead(&T, "US-3");
	ma_dead(&T, "US-5");
	assert_int_equal(ma__repl_left(T.g, ALLIED), 1);
	ma_ok(&T, ALLIED, "replace US-3 1922");
	assert_true(fmt_has_event(&T, "replacement-returned"));
	{ /* the view says what is left (public) */
		cJSON *v = fm_ruleset.view(T.m.game, &(struct rules_viewer){GERMAN, 80, 24});
		const cJSON *o = cJSON_GetObjectItemCaseSensitive(v, "meuse_argonne");
		const cJSON *left = cJSON_GetObjectItemCaseSensitive(o, "replacements_left");
		assert_int_equal(cJSON_GetObjectItemCaseSensitive(left, "allied")->valueint, 0);
		assert_int_equal(cJSON_GetObjectItemCaseSensitive(left, "german")->valueint, 1);
		cJSON_Delete(v);
	}
	ma_no(&T, ALLIED, "replace US-5 2022", WG_E_ILLEGAL_ACTION, "MA-11.3-03");
	ma_no(&T, ALLIED, "rebuild US-3", WG_E_ILLEGAL_ACTION, "MA-11.3-03");
	/* the next Allied Movement Phase brings one again, not two */
	T.g->turn = 4;
	fmt_phase(&T, ALLIED, FM_PH_MOVEMENT);
	assert_int_equal(ma__repl_left(T.g, ALLIED), 1);
	ma_ok(&T, ALLIED, "replace US-5 2022");
}

/* MA-11.3-02 (AMB-90): an eliminated unit returns at full strength, or up to two depleted
 * units are rebuilt, even in an EZOC, not in a woods hex. */
static void test_ma_11_3_02_return_or_rebuild_two(void **state)
{
	(void)state;
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	ma_dead(&T, "US-3");
	ma_ok(&T, ALLIED, "replace US-3 1922");
	assert_int_equal(fmt_step(&T, "US-3"), 0);
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	ma_put(&T, "US-3", "1806", 1);
	ma_put(&T, "DE-5G", "1805", 0); /* US-3 is in a German ZOC */
	ma_put(&T, "US-5", "1721", 1);
	ma_put(&T, "US-28", "0821", 1); /* woods */
	ma_put(&T, "US-35", "1620", 0);
	ma_put(&T, "US-37", "2022", 1);
	assert_true(fm__in_ezoc(T.g, fmt_hex(&T, "1806"), ALLIED));
	ma_no(&T, ALLIED, "rebuild US-28", WG_E_ILLEGAL_ACTION, "MA-11.3-02");
	ma_no(&T, ALLIED, "rebuild US-35", WG_E_ILLEGAL_ACTION, "MA-11.3-02");
	ma_no(&T, ALLIED, "rebuild US-3 US-5 US-37", WG_E_BAD_ARGS, "MA-11.3-02");
	ma_no(&T, ALLIED, "rebuild US-3 US-3", WG_E_BAD_ARGS, "MA-11.3-02");
	ma_no(&T, ALLIED, "rebuild DE-5G", WG_E_ILLEGAL_ACTION, "MA-11.3-02");
	assert_true(ma_offered(&T, ALLIED, "rebuild", "US-3 US-5"));
	assert_false(ma_offered(&T, ALLIED, "rebuild", "US-28"));
	ma_ok(&T, ALLIED, "rebuild US-3 US-5");
	assert_int_equal(fmt_step(&T, "US-3"), 0);
	assert_int_equal(fmt_step(&T, "US-5"), 0);
	assert_true(fmt_has_event(&T, "replacement-rebuilt"));
	ma_no(&T, ALLIED, "rebuild US-37", WG_E_ILLEGAL_ACTION, "MA-11.3-03");
}

/* MA-11.3-03: used at once or lost: `end` warns, `end force` gives it up. */
static void test_ma_11_3_03_used_at_once_or_lost(void **state)
{
	(void)state;
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	ma_put(&T, "US-5", "1721", 0);
	ma_dead(&T, "US-3");
	ma_no(&T, ALLIED, "end", WG_E_ILLEGAL_ACTION, "MA-11.3-03");
	assert_non_null(strstr(T.err.message, "US-3"));
	ma_ok(&T, ALLIED, "end force");
	assert_false(T.g->active == ALLIED && T.g->phase == FM_PH_MOVEMENT);
	assert_int_equal(ma__repl_left(T.g, ALLIED), 0);
	assert_int_equal(ma_where(&T, "US-3"), FM_W_ELIMINATED);
}

/* MA-11.3-04: with no counter able to use it, the replacement is lost without a word. */
static void test_ma_11_3_04_no_counter_lost(void **state)
{
	(void)state;
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	ma_put(&T, "US-5", "1721", 0);
	ma_put(&T, "US-3", "0821", 1); /* depleted, but in woods */
	assert_false(ma_offered(&T, ALLIED, "rebuild", NULL));
	assert_false(ma_offered(&T, ALLIED, "replace", NULL));
	ma_ok(&T, ALLIED, "end");
}

/* MA-11.3-05 (AMB-90, AMB-100): it arrives on an empty hex of the Allied replacement edge
 * (even in an EZOC), and moves no farther in that phase. */
static void test_ma_11_3_05_arrival_edge(void **state)
{
	(void)state;
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	ma_dead(&T, "US-3");
	ma_put(&T, "US-5", "2022", 0);
	ma_no(&T, ALLIED, "replace US-3 1721", WG_E_ILLEGAL_ACTION, "MA-11.3-05");
	ma_no(&T, ALLIED, "replace US-3 1001", WG_E_ILLEGAL_ACTION, "MA-11.3-05");
	ma_no(&T, ALLIED, "replace US-3 2022", WG_E_ILLEGAL_ACTION, "FM-5.3-01");
	ma_no(&T, ALLIED, "replace US-5 1922", WG_E_ILLEGAL_ACTION, "MA-11.3-02"); /* on map */
	ma_put(&T, "DE-5G", "1821", 0); /* 1922 is in a German ZOC: allowed (AMB-90) */
	assert_true(fm__in_ezoc(T.g, fmt_hex(&T, "1922"), ALLIED));
	assert_true(ma_offered(&T, ALLIED, "replace US-3", "1922"));
	ma_ok(&T, ALLIED, "replace US-3 1922");
	assert_string_equal(fmt_where(&T, "US-3"), "1922");
	assert_int_not_equal(fmt_do(&T, ALLIED, "move US-3 1821"), 0);
}

/* MA-11.3-06: never a brigade chit as a replacement. */
static void test_ma_11_3_06_never_brigades(void **state)
{
	(void)state;
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	ma_dead(&T, "US-BDE-1");
	ma_no(&T, ALLIED, "replace US-BDE-1 1922", WG_E_ILLEGAL_ACTION, "MA-11.3-06");
	assert_false(ma_offered(&T, ALLIED, "replace US-BDE-1", NULL));
}

/* MA-11.3-07 (EX-15): an eliminated three-step division returns depleted; a second
 * replacement restores it. */
static void test_ma_11_3_07_three_step_returns_depleted(void **state)
{
	(void)state;
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	ma_dead(&T, "US-4");
	ma_ok(&T, ALLIED, "replace US-4 1922");
	assert_int_equal(fmt_step(&T, "US-4"), 1);
	T.g->turn = 4;
	fmt_phase(&T, ALLIED, FM_PH_MOVEMENT);
	ma_ok(&T, ALLIED, "rebuild US-4");
	assert_int_equal(fmt_step(&T, "US-4"), 0);
}

/* MA-11.3-08 (AMB-91): the division returns while its brigade is on the map, and with no
 * brigade chit free at all. */
static void test_ma_11_3_08_brigade_not_needed(void **state)
{
	static const char *const b[] = {"US-BDE-1", "US-BDE-2", "US-BDE-3",
	                                "US-BDE-4", "US-BDE-5", "US-BDE-6"};
	static const char *const at[] = {"0221", "0321", "0421", "1521", "2121", "2221"};
	(void)state;
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	for (int k = 0; k < 6; k++)
		ma_put(&T, b[k], at[k], 0);
	ma_dead(&T, "US-33");
	ma_ok(&T, ALLIED, "replace US-33 1922");
	assert_int_equal(ma_where(&T, "US-33"), FM_W_MAP);
	assert_int_equal(ma__free_brigades(T.g, NULL), 0);
}

/* MA-11.5-01: the German player sets up after the Allied player, in or north of the
 * Stellung line. */
static void test_ma_11_5_01_german_in_or_north(void **state)
{
	(void)state;
	T.g->active = GERMAN;
	T.g->setup_idx = 1;
	ma_no(&T, GERMAN, "place DE-1G 1721", WG_E_ILLEGAL_ACTION, "FM-3.0-04");
	ma_ok(&T, GERMAN, "place DE-1G 0819");
	ma_ok(&T, GERMAN, "place DE-15A 0805");
}

/* MA-11.6-01, MA-11.6-03 (EX-50): the German replacement, once per game, in his Movement
 * Phase; he need not use it in a given turn. */
static void test_ma_11_6_01_once_per_game(void **state)
{
	(void)state;
	ma_at(&T, 3, GERMAN, FM_PH_COMBAT);
	ma_dead(&T, "DE-1G");
	ma_no(&T, GERMAN, "replace DE-1G 1601", WG_E_WRONG_PHASE, "MA-11.6-01");
	ma_at(&T, 3, GERMAN, FM_PH_MOVEMENT);
	ma_dead(&T, "DE-1G");
	ma_put(&T, "DE-5G", "0805", 0);
	ma_ok(&T, GERMAN, "end"); /* kept: no warning (11.6-03) */
	ma_at(&T, 5, GERMAN, FM_PH_MOVEMENT);
	ma_dead(&T, "DE-1G");
	ma_dead(&T, "DE-3G");
	ma_ok(&T, GERMAN, "replace DE-1G 1601");
	T.g->turn = 8;
	fmt_phase(&T, GERMAN, FM_PH_MOVEMENT);
	ma_no(&T, GERMAN, "replace DE-3G 1601", WG_E_ILLEGAL_ACTION, "MA-11.6-03");
	assert_false(ma_offered(&T, GERMAN, "replace", NULL));
}

/* MA-11.6-02: an eliminated unit returns depleted, or one depleted unit is rebuilt (even in
 * an EZOC, not in woods). */
static void test_ma_11_6_02_depleted_or_rebuild_one(void **state)
{
	(void)state;
	ma_at(&T, 5, GERMAN, FM_PH_MOVEMENT);
	ma_dead(&T, "DE-1G");
	ma_ok(&T, GERMAN, "replace DE-1G 1601");
	assert_int_equal(fmt_step(&T, "DE-1G"), 1);
	ma_at(&T, 5, GERMAN, FM_PH_MOVEMENT);
	ma_put(&T, "DE-5G", "1805", 1);
	ma_put(&T, "US-3", "1806", 0);
	ma_put(&T, "DE-3G", "0818", 1); /* woods */
	ma_put(&T, "DE-2L", "0805", 1);
	ma_no(&T, GERMAN, "rebuild DE-5G DE-2L", WG_E_BAD_ARGS, "MA-11.6-02");
	ma_no(&T, GERMAN, "rebuild DE-3G", WG_E_ILLEGAL_ACTION, "MA-11.6-02");
	ma_ok(&T, GERMAN, "rebuild DE-5G");
	assert_int_equal(fmt_step(&T, "DE-5G"), 0);
	ma_no(&T, GERMAN, "rebuild DE-2L", WG_E_ILLEGAL_ACTION, "MA-11.6-03");
}

/* MA-11.6-04 (AMB-99): it arrives on a northern or eastern edge hex not Allied-occupied and
 * not in an Allied unit's ZOC. */
static void test_ma_11_6_04_arrival_not_allied_zoc(void **state)
{
	(void)state;
	ma_at(&T, 5, GERMAN, FM_PH_MOVEMENT);
	ma_dead(&T, "DE-1G");
	ma_put(&T, "US-3", "1002", 0);
	ma_put(&T, "US-5", "1201", 0);
	ma_no(&T, GERMAN, "replace DE-1G 1001", WG_E_ILLEGAL_ACTION, "MA-11.6-04");
	ma_no(&T, GERMAN, "replace DE-1G 1201", WG_E_ILLEGAL_ACTION, "MA-11.6-04");
	ma_no(&T, GERMAN, "replace DE-1G 1922", WG_E_ILLEGAL_ACTION, "MA-11.6-04");
	ma_no(&T, GERMAN, "replace DE-1G 0805", WG_E_ILLEGAL_ACTION, "MA-11.6-04");
	assert_false(ma_offered(&T, GERMAN, "replace DE-1G", "1001"));
	ma_ok(&T, GERMAN, "replace DE-1G 1601");
	assert_string_equal(fmt_where(&T, "DE-1G"), "1601");
}

#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    T_(test_ma_11_1_02_allied_sets_up_first),
	    T_(test_ma_11_2_01_allied_area_one_per_hex),
	    T_(test_ma_11_3_01_one_per_movement_phase),
	    T_(test_ma_11_3_02_return_or_rebuild_two),
	    T_(test_ma_11_3_03_used_at_once_or_lost),
	    T_(test_ma_11_3_04_no_counter_lost),
	    T_(test_ma_11_3_05_arrival_edge),
	    T_(test_ma_11_3_06_never_brigades),
	    T_(test_ma_11_3_07_three_step_returns_depleted),
	    T_(test_ma_11_3_08_brigade_not_needed),
	    T_(test_ma_11_5_01_german_in_or_north),
	    T_(test_ma_11_6_01_once_per_game),
	    T_(test_ma_11_6_02_depleted_or_rebuild_one),
	    T_(test_ma_11_6_04_arrival_not_allied_zoc),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
