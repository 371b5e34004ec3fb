/*
 * test_bs_17_18.c -- Battle of the Scheldt 17.0 (victory) and 18.0-22 (set-up
 * placements); the CRT and TEM lines the engine enforces (BS-CRT-07..09,
 * BS-TEM-05/06); the editor's note on stiff resistance (BS-ED-01); the
 * Commonwealth column shift of the system CRT page (AMB-22); module state in
 * snapshots.  The data lines of 18.0, the CRT and the TEM are checked on
 * data/scheldt.json in test_bs_data.c.
 *
 * Fixture: tests/data/fm-scheldt-mini.json: the victory area is every land hex
 * of rows 22+ (columns up to 26) and rows 20+ (columns 27+).
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

/* Moves every German unit off the map except those listed (in their hexes). */
static void only_germans(struct fmt *t, const char *const *keep)
{
	for (int i = 0; i < t->g->nunits; i++) {
		int k = 0;
		if (fm__side_of(t->g, i) != GERMAN || t->g->u[i].where != FM_W_MAP)
			continue;
		while (keep[k] != NULL && strcmp(keep[k], fm__def(t->g, i)->id) != 0)
			k++;
		if (keep[k] == NULL) {
			t->g->u[i].where = FM_W_ELIMINATED;
			t->g->u[i].hex = -1;
		}
	}
}

/* Ends the German player turn of the last game turn. */
static void end_last_turn(struct fmt *t)
{
	bst_at(t, 20, GERMAN, FM_PH_MOBILE_COMBAT);
	bst_ok(t, GERMAN, "end");
	if (t->g->phase == FM_PH_TURN_END)
		bst_ok(t, GERMAN, "end");
	assert_true(t->g->over);
}

/* BS-17.0-01: the Allied player wins if no German unit is west of the 2022-3217 line,
 * checked at the end of the last turn only (AMB-72). */
static void test_bs_17_0_01_allied_victory_at_end(void **state)
{
	(void)state;
	only_germans(&T, (const char *const[]){"245", "712", NULL}); /* 1917, 3018: east */
	bst_at(&T, 10, GERMAN, FM_PH_MOBILE_COMBAT);
	bst_ok(&T, GERMAN, "end");
	assert_false(T.g->over); /* no sudden death */
	end_last_turn(&T);
	assert_int_equal(T.g->winner, ALLIED);
	assert_non_null(strstr(T.g->summary, "BS-17.0-01"));
}

/* BS-17.0-02: any other result is a German victory. */
static void test_bs_17_0_02_german_victory_otherwise(void **state)
{
	(void)state;
	only_germans(&T, (const char *const[]){"245", "1020", NULL}); /* 1020 in Goes */
	end_last_turn(&T);
	assert_int_equal(T.g->winner, GERMAN);
	assert_non_null(strstr(T.g->summary, "1020"));
	assert_non_null(strstr(T.g->summary, "BS-17.0-02"));
}

/* BS-18.0-22: the choice units take distinct empty hexes of the allowed area (AMB-38). */
static void test_bs_18_0_22_setup_distinct_hexes(void **state)
{
	cJSON *doc = bst_doc();
	(void)state;
	fmt_close(&T);
	fmt_open_doc(&T, doc, NULL, 1);
	assert_int_equal(T.g->phase, FM_PH_SETUP);
	assert_int_equal(T.g->active, ALLIED);
	fmt_do(&T, ALLIED, "place 4/2 3324"); /* not next to 3320/3321 */
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "FM-3.0-04");
	bst_put(&T, "44/15", "3220", 0);
	fmt_do(&T, ALLIED, "place 4/2 3220");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "FM-5.3-01");
	fmt_do(&T, ALLIED, "end");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "FM-3.0-04");
	bst_ok(&T, ALLIED, "place 4/2 3321");
	bst_ok(&T, ALLIED, "end");
	assert_int_equal(T.g->turn, 1);
}

/* BS-CRT-07: bombardment results (8.1.3): attacker results are no effect; (A) only with a
 * bombarding unit adjacent. */
static void test_bs_crt_07_bombardment_results(void **state)
{
	(void)state;
	bst_at(&T, 5, ALLIED, FM_PH_BOMBARD);
	bst_put(&T, "712", "3018", 0);
	bst_put(&T, "44/15", "3021", 0);
	fmt_hand(&T, ALLIED, "A1");
	fmt_dice(&T, 1, 6); /* 1 vs 7: -6 Clear c1: die 6 Ae -> no effect */
	bst_ok(&T, ALLIED, "bombard 3018 A1");
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"printed_result\":\"Ae\""), 1);
	assert_int_equal(fmt_step(&T, "44/15"), 0);
}

/* BS-CRT-08: the results are those of system 8.2.4 (an Ex on both sides). */
static void test_bs_crt_08_results_as_system(void **state)
{
	(void)state;
	bst_at(&T, 5, ALLIED, FM_PH_COMBAT);
	bst_put(&T, "712", "3018", 0);
	bst_put(&T, "44/15", "2918", 0);
	((struct fm_scenario *)T.g->sc)->units[fmt_unit(&T, "712")].steps[0].defense = 5;
	fmt_dice(&T, 1, 1); /* 5 vs 5: 0, die 1 Ex */
	bst_ok(&T, ALLIED, "attack 3018 44/15");
	assert_int_equal(fmt_step(&T, "712"), 1);
	assert_int_equal(fmt_step(&T, "44/15"), 1);
}

/* BS-CRT-09: only the five Integrated CRT lines; terrain without a line uses its mapped line,
 * Clear by default (AMB-23): Goes (city) -> City line, a plain hex -> Clear. */
static void test_bs_crt_09_five_lines(void **state)
{
	(void)state;
	assert_int_equal(T.g->sc->crt.nlines, 5);
	assert_string_equal(T.g->sc->crt.lines[fm__hex_line(T.g, fmt_hex(&T, "1832"))].id, "city");
	assert_string_equal(T.g->sc->crt.lines[fm__hex_line(T.g, fmt_hex(&T, "2930"))].id, "clear");
	assert_string_equal(T.g->sc->crt.lines[fm__hex_line(T.g, fmt_hex(&T, "3422"))].id,
	                    "antwerp_docks");
}

/* BS-TEM-05: flooded, inlet and river hexes cost all MP from an adjacent start. */
static void test_bs_tem_05_all_mp(void **state)
{
	(void)state;
	bst_at(&T, 5, ALLIED, FM_PH_MOVEMENT);
	bst_put(&T, "44/15", "3324", 0);
	bst_ok(&T, ALLIED, "move 44/15 3325");
	assert_int_equal(T.g->u[fmt_unit(&T, "44/15")].mp_half, 12);
}

/* BS-TEM-06: sea hexes and sea hexsides are prohibited. */
static void test_bs_tem_06_sea_prohibited(void **state)
{
	(void)state;
	assert_true(fm__hex_prohibited(T.g, fmt_hex(&T, "2330"), -1));
	assert_true(fm__side_prohibited(T.g, fmt_hex(&T, "2737"), fmt_hex(&T, "2738"), -1));
}

/* BS-ED-01: 16.3's "rule 7.8" is stiff resistance, 8.4: the German unit in an assault hex
 * may offer it and stays. */
static void test_bs_ed_01_stiff_resistance_is_8_4(void **state)
{
	(void)state;
	bst_at(&T, 9, ALLIED, FM_PH_MOVEMENT);
	for (int k = 0; k < scheldt__data(T.g)->ntrack; k++)
		bst_state(&T)->last[k] = ALLIED;
	bst_put(&T, "1019", "2140", 0);
	bst_ok(&T, ALLIED, "land 146/49 2140");
	bst_put(&T, "44/15", "2141", 0);
	bst_at(&T, 9, ALLIED, FM_PH_COMBAT);
	((struct fm_scenario *)T.g->sc)->units[fmt_unit(&T, "1019")].steps[0].defense = 2;
	fmt_dice(&T, 1, 1); /* 10 vs 2: Coastal +8/+9: die 1 D2 */
	bst_ok(&T, ALLIED, "attack 2140 146/49 44/15");
	bst_ok(&T, GERMAN, "stiff 1019");
	assert_true(fmt_has_event(&T, "stiff-resistance"));
	assert_true(scheldt__sharing(T.g, fmt_unit(&T, "146/49")));
}

/* AMB-22 (FM-CRT-11 on the Scheldt booklet's CRT page): off by default; with
 * crt.commonwealth_armor_shift=true a Commonwealth attack without an armoured brigade is
 * one column left, the 104th (US) is not Commonwealth. */
static void test_bs_amb_22_commonwealth_shift(void **state)
{
	(void)state;
	fmt_close(&T);
	bst_open(&T, "crt.commonwealth_armor_shift=true");
	bst_at(&T, 8, ALLIED, FM_PH_COMBAT);
	bst_put(&T, "712", "3018", 0);
	bst_put(&T, "44/15", "2918", 0);
	fmt_dice(&T, 1, 3);
	bst_ok(&T, ALLIED, "attack 3018 44/15");
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"column_shift\":true"), 1);
	bst_at(&T, 8, ALLIED, FM_PH_COMBAT);
	bst_put(&T, "712", "3018", 0);
	bst_put(&T, "10/1", "3019", 0);
	fmt_dice(&T, 1, 3);
	bst_ok(&T, ALLIED, "attack 3018 44/15 10/1"); /* with the armoured brigade */
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"column_shift\":true"), 0);
	bst_at(&T, 8, ALLIED, FM_PH_COMBAT);
	bst_put(&T, "712", "3018", 0);
	bst_put(&T, "413/104", "3118", 0);
	fmt_dice(&T, 1, 3);
	bst_ok(&T, ALLIED, "attack 3018 413/104"); /* US */
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"column_shift\":true"), 0);
}

/* The module state survives snapshot and restore unchanged (landings, closed hexes, naval
 * targets, last occupants), and a replayed game equals the live one. */
static void test_bs_module_state_snapshot(void **state)
{
	struct rules_game *g2;
	struct rules_error err;
	char *a, *b;
	(void)state;
	bst_at(&T, 9, ALLIED, FM_PH_MOVEMENT);
	for (int k = 0; k < scheldt__data(T.g)->ntrack; k++)
		bst_state(&T)->last[k] = ALLIED;
	bst_put(&T, "1019", "2140", 0);
	bst_ok(&T, ALLIED, "land 146/49 2140");
	bst_state(&T)->naval_target[0] = (int16_t)fmt_hex(&T, "2036");
	bst_state(&T)->barred[bst_state(&T)->nbarred++] = (int16_t)fmt_hex(&T, "2141");
	a = fm_ruleset.snapshot(T.m.game);
	assert_non_null(a);
	assert_int_equal(fm_ruleset.restore(T.sc, NULL, a, &g2, &err), 0);
	b = fm_ruleset.snapshot(g2);
	assert_string_equal(a, b);
	assert_int_equal(memcmp(((struct fm_game *)g2)->ex, T.g->ex, sizeof(struct scheldt_state)),
	                 0);
	fm_ruleset.destroy(g2);
	free(a);
	free(b);
}

#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    T_(test_bs_17_0_01_allied_victory_at_end),
	    T_(test_bs_17_0_02_german_victory_otherwise),
	    T_(test_bs_18_0_22_setup_distinct_hexes),
	    T_(test_bs_crt_07_bombardment_results),
	    T_(test_bs_crt_08_results_as_system),
	    T_(test_bs_crt_09_five_lines),
	    T_(test_bs_tem_05_all_mp),
	    T_(test_bs_tem_06_sea_prohibited),
	    T_(test_bs_ed_01_stiff_resistance_is_8_4),
	    T_(test_bs_amb_22_commonwealth_shift),
	    T_(test_bs_module_state_snapshot),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
