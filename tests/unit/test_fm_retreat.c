/*
 * test_fm_retreat.c -- retreat (FM-8.3), displacement (FM-8.3.1), stiff
 * resistance (FM-8.4), advance after combat (FM-8.5), bombardment retreat
 * (FM-8.1.5) and ZOC on retreat/advance (FM-6.2), including retreats at the
 * map edge and between zones of control.
 *
 * German retreats prefer the north edge (row 01), Allied ones the south.
 * A D2 against 1037 (3-4-5) attacked by 9/3 (5): +1, die 1.
 */
#include "test_fm_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct fmt T;

static int setup_board(void **state)
{
	(void)state;
	fmt_open(&T, NULL);
	fmt_clear(&T);
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	fmt_hand(&T, ALLIED, "");
	fmt_hand(&T, GERMAN, "");
	fmt_events_clear(&T);
	return 0;
}

static int teardown_board(void **state)
{
	(void)state;
	fmt_close(&T);
	return 0;
}

/* 9/3 in 0506 attacks 1037 in 0505: D2. */
static void d2_at_0505(struct fmt *t)
{
	fmt_put(t, "1037", "0505");
	fmt_put(t, "9/3", "0506");
	fmt_dice(t, 1, 1);
	assert_int_equal(fmt_do(t, ALLIED, "attack 0505 9/3"), 0);
	assert_int_equal(t->g->await, FM_AW_RETREAT);
	assert_int_equal(t->g->b.retreat_side, GERMAN);
}

/* FM-8.3-01/05, FM-6.2-01, FM-8.2.4-03/11, AMB-09: the owner gives the path; each hex one
 * farther away; never into an enemy hex or an EZOC. */
static void test_fm_8_3_01_defender_retreat_path(void **state)
{
	(void)state;
	d2_at_0505(&T);
	fmt_do(&T, ALLIED, "retreat 1037 0504 0503");
	fmt_refused(&T, WG_E_NOT_YOUR_TURN, NULL);
	fmt_do(&T, GERMAN, "retreat 1037 0506");
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.3-05");
	fmt_do(&T, GERMAN, "retreat 1037 0405 0305");
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.3-05");
	fmt_do(&T, GERMAN, "retreat 1037 0504 0505");
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.3-01");
	fmt_do(&T, GERMAN, "retreat 1037 0504 0604");
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.3-01");
	fmt_do(&T, GERMAN, "retreat 1037 0504");
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.3-08");
	fmt_do(&T, GERMAN, "retreat 1037 0504 0503 0502");
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.3-08");
	assert_int_equal(fmt_do(&T, GERMAN, "retreat 1037 0504 0503"), 0);
	assert_string_equal(fmt_where(&T, "1037"), "0503");
	assert_int_equal(fmt_step(&T, "1037"), 0);
	assert_true(fmt_has_event(&T, "retreated"));
	assert_int_equal(T.g->await, FM_AW_ADVANCE);
}

/* FM-8.3-03, AMB-10: the retreat must end closer to the friendly edge when it can. */
static void test_fm_8_3_03_friendly_edge_preference(void **state)
{
	struct fmt t;
	(void)state;
	d2_at_0505(&T);
	fmt_do(&T, GERMAN, "retreat 1037 0604 0705");
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.3-03");
	assert_int_equal(fmt_do(&T, GERMAN, "retreat 1037 0604 0603"), 0);
	fmt_open(&t, "retreat.edge_preference=ignore");
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_COMBAT);
	fmt_hand(&t, ALLIED, "");
	fmt_hand(&t, GERMAN, "");
	d2_at_0505(&t);
	assert_int_equal(fmt_do(&t, GERMAN, "retreat 1037 0604 0705"), 0);
	fmt_close(&t);
}

/* FM-8.3-03, AMB-10: "a friendly map edge (or in some games a friendly supply source)": the
 * retreat must end closer to the nearest of the side's friendly edges and supply sources
 * (map.supply_sources).  Here the north edge is nobody's and 0707 a German supply source. */
static void test_fm_8_3_03_friendly_supply_source_preference(void **state)
{
	struct fmt t;
	cJSON *doc = fmt_doc(), *e;
	(void)state;
	/* fm-test.json: the Allied depot 0612 lies on the Allied edge, so it changes nothing */
	assert_int_equal(fm__goal_distance(T.g, fmt_hex(&T, "0505"), ALLIED),
	                 fm__edge_distance(T.g, fmt_hex(&T, "0505"), ALLIED));
	cJSON_ArrayForEach(e, cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "map"), "edges"))
	{
		if (strcmp(cJSON_GetObjectItem(e, "name")->valuestring, "north") == 0)
			cJSON_ReplaceItemInObject(e, "friendly_to", cJSON_CreateNull());
	}
	fmt_doc_put(doc, "map", "supply_sources",
	            "[{\"side\": \"german\", \"hexes\": [\"0707\"]}]");
	fmt_open_doc(&t, doc, NULL, 0);
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_COMBAT);
	fmt_hand(&t, ALLIED, "");
	fmt_hand(&t, GERMAN, "");
	assert_int_equal(fm__edge_distance(t.g, fmt_hex(&t, "0505"), GERMAN), -1);
	assert_int_equal(fm__goal_distance(t.g, fmt_hex(&t, "0505"), GERMAN), 3);
	assert_int_equal(fm__goal_distance(t.g, fmt_hex(&t, "0705"), GERMAN), 2);
	d2_at_0505(&t);
	fmt_do(&t, GERMAN, "retreat 1037 0604 0603"); /* toward the old edge, away from 0707 */
	fmt_refused(&t, WG_E_ILLEGAL_RETREAT, "FM-8.3-03");
	assert_int_equal(fmt_do(&t, GERMAN, "retreat 1037 0604 0705"), 0);
	fmt_close(&t);
}

/* FM-8.3-04: vacant hexes first; through friendly units only when no vacant route exists. */
static void test_fm_8_3_04_vacant_path_first(void **state)
{
	(void)state;
	fmt_put(&T, "712", "0504");
	d2_at_0505(&T);
	fmt_do(&T, GERMAN, "retreat 1037 0504 0503");
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.3-04");
	assert_int_equal(fmt_do(&T, GERMAN, "retreat 1037 0604 0603"), 0);
}

/* FM-8.3-05: a friendly ZOC in the hex does not cancel the EZOC (between two ZOCs). */
static void test_fm_8_3_05_friendly_zoc_does_not_negate(void **state)
{
	(void)state;
	fmt_put(&T, "8/3", "0503"); /* allied: 0504 in its ZOC */
	fmt_put(&T, "712", "0604"); /* german: 0504 in its ZOC too */
	fmt_put(&T, "7/3", "0702"); /* allied: 0603 in its ZOC */
	d2_at_0505(&T);
	fmt_do(&T, GERMAN, "retreat 1037 0504 0403");
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.3-05");
	assert_int_equal(fmt_do(&T, GERMAN, "retreat 1037 0404 0304"), 0);
}

/* FM-8.3-06: never into prohibited terrain. */
static void test_fm_8_3_06_no_prohibited_terrain(void **state)
{
	(void)state;
	fmt_put(&T, "1037", "0409");
	fmt_put(&T, "9/3", "0408");
	fmt_dice(&T, 1, 1);
	/* rough+village defender: hill line; 5 vs 4 +1 -> c6 on 9 columns? no: left c4 */
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0409 9/3"), 0);
	if (T.g->await == FM_AW_RETREAT) {
		fmt_do(&T, GERMAN, "retreat 1037 0410 0411");
		fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.3-06");
	}
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	fmt_put(&T, "1037", "0110");
	fmt_put(&T, "9/3", "0111");
	T.g->u[fmt_unit(&T, "1037")].step = 0;
	fmt_dice(&T, 1, 1);
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0110 9/3"), 0);
	assert_int_equal(T.g->await, FM_AW_RETREAT);
	fmt_do(&T, GERMAN, "retreat 1037 0109 0108"); /* across the all-sea hexside */
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.3-06");
}

/* FM-8.3-02/09, AMB-13: at the map edge with no legal hex the unit is eliminated; the
 * vacated hex is a path of retreat. */
static void test_fm_8_3_02_no_retreat_at_map_edge_eliminates(void **state)
{
	(void)state;
	fmt_put(&T, "1037", "0101");
	fmt_put(&T, "9/3", "0102");
	fmt_dice(&T, 1, 1);
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0101 9/3"), 0);
	fmt_do(&T, GERMAN, "retreat 1037 0201");
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.3-05");
	assert_int_equal(fmt_do(&T, GERMAN, "retreat 1037"), 0);
	assert_string_equal(fmt_where(&T, "1037"), "eliminated");
	assert_int_equal(T.g->await, FM_AW_ADVANCE);
	assert_int_equal(fmt_do(&T, ALLIED, "advance 9/3 0101"), 0);
	assert_string_equal(fmt_where(&T, "9/3"), "0101");
}

/* FM-8.3-08, EX-31: only one hex reachable: retreat 1 and be reduced; already reduced:
 * eliminated. */
static void test_fm_8_3_08_short_retreat_reduces(void **state)
{
	(void)state;
	fmt_put(&T, "1037", "0201");
	fmt_put(&T, "9/3", "0202");
	fmt_put(&T, "8/3", "0402");
	fmt_dice(&T, 1, 1);
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0201 9/3"), 0);
	fmt_do(&T, GERMAN, "retreat 1037");
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.3-01");
	assert_int_equal(fmt_do(&T, GERMAN, "retreat 1037 0101"), 0);
	assert_string_equal(fmt_where(&T, "1037"), "0101");
	assert_int_equal(fmt_step(&T, "1037"), 1);
	assert_int_equal(T.g->await, FM_AW_ADVANCE);
	assert_int_equal(fmt_do(&T, ALLIED, "advance none"), 0);
	/* FM-8.5-07: declined, there is no later advance */
	fmt_do(&T, ALLIED, "advance 9/3 0201");
	fmt_refused(&T, WG_E_WRONG_PHASE, "FM-8.5-07");
	assert_non_null(strstr(T.err.message, "at once after the retreat"));
	/* already reduced: eliminated */
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	fmt_put(&T, "1037", "0201");
	fmt_put(&T, "7/3", "0202");
	fmt_put(&T, "9/3", "0505");
	fmt_dice(&T, 1, 1);
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0201 7/3"), 0); /* 5 vs 2: +3, die 1: D2 */
	assert_int_equal(fmt_do(&T, GERMAN, "retreat 1037 0301"), 0);
	assert_string_equal(fmt_where(&T, "1037"), "eliminated");
}

/* Corridor map: 0305 can only retreat 0304-0303 (sea around); extra: one more sea hex. */
static void corridor_sea(struct fmt *t, const char *extra)
{
	cJSON *doc = fmt_doc();
	const char *sea[] = {"0204", "0205", "0404", "0405", "0203", "0403"};
	for (int k = 0; k < 6; k++)
		fmt_doc_hex(doc, sea[k], "sea");
	/* the road 0403-0404-0405 would now run into the sea: a map error (check-scenario) */
	cJSON_DeleteItemFromArray(cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "map"), "roads"), 1);
	if (extra != NULL) {
		cJSON *at = cJSON_CreateObject();
		cJSON_AddStringToObject(at, "hex", "1010");
		fmt_doc_hex(doc, extra, "sea");
		fmt_doc_unit_flag(doc, "64", "setup", at); /* 64 sets up in 0301 */
	}
	fmt_open_doc(t, doc, NULL, 0);
	fmt_clear(t);
	fmt_phase(t, ALLIED, FM_PH_COMBAT);
	fmt_hand(t, ALLIED, "");
	fmt_hand(t, GERMAN, "");
	fmt_put(t, "1037", "0305");
	fmt_put(t, "9/3", "0306");
}

static void corridor(struct fmt *t)
{
	corridor_sea(t, NULL);
}

/* FM-8.3.1-01/03/04/06: the only end hex holds a friendly unit: it is displaced one hex,
 * not into an EZOC, and the retreating unit moves in. */
static void test_fm_8_3_1_01_displacement(void **state)
{
	struct fmt t;
	(void)state;
	corridor(&t);
	fmt_put(&t, "712", "0303");
	fmt_put(&t, "1038", "0502");
	fmt_put(&t, "8/3", "0201"); /* allied ZOC on 0202 and 0302 */
	fmt_dice(&t, 1, 1);
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0305 9/3"), 0);
	fmt_do(&t, GERMAN, "retreat 1037 0304 0303");
	fmt_refused(&t, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-01");
	fmt_do(&t, GERMAN, "displace 1038 0501");
	fmt_refused(&t, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-03");
	fmt_do(&t, GERMAN, "displace 712 0302");
	fmt_refused(&t, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-04");
	fmt_do(&t, GERMAN, "displace 712 0203");
	fmt_refused(&t, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-04");
	assert_int_equal(fmt_do(&t, GERMAN, "displace 712 0402"), 0);
	assert_string_equal(fmt_where(&t, "712"), "0402");
	assert_false(t.g->u[fmt_unit(&t, "712")].flags & FM_UF_DISPLACED); /* not attacker's */
	assert_int_equal(fmt_do(&t, GERMAN, "retreat 1037 0304 0303"), 0);
	assert_string_equal(fmt_where(&t, "1037"), "0303");
	assert_int_equal(fmt_step(&t, "1037"), 0);
	/* FM-8.5-05, AMB-24: the path of retreat ends in the displaced unit's former hex */
	assert_int_equal(t.g->b.npath, 3);
	fmt_close(&t);
}

/* FM-8.3.1-01, FM-8.5-05 (AMB-111): the displaced unit may not be put on a hex the retreat
 * then passes through (0304, between 0305 and the freed 0303): the retreat leaves a path of
 * vacant hexes and the attacker may advance along all of it, up to the retreated unit.  With
 * displace.keep_path_vacant=false it may, and the advance is cut short there. */
static void test_fm_8_3_1_01_displacement_keeps_path_of_retreat_vacant(void **state)
{
	struct fmt t;
	(void)state;
	corridor(&t);
	assert_true(t.g->opt.keep_path); /* the default of both editions */
	fmt_put(&t, "712", "0303");
	fmt_dice(&t, 1, 1);
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0305 9/3"), 0); /* D2 */
	fmt_do(&t, GERMAN, "displace 712 0304");
	fmt_refused(&t, WG_E_ILLEGAL_RETREAT, "FM-8.5-05");
	assert_non_null(strstr(t.err.message, "0304 lies between 1037 and 0303"));
	assert_string_equal(fmt_where(&t, "712"), "0303");
	assert_int_equal(fmt_do(&t, GERMAN, "displace 712 0302"), 0);
	assert_int_equal(fmt_do(&t, GERMAN, "retreat 1037 0304 0303"), 0);
	assert_int_equal(t.g->await, FM_AW_ADVANCE);
	assert_int_equal(fmt_do(&t, ALLIED, "advance 9/3 0305 0304"), 0); /* the whole path */
	assert_string_equal(fmt_where(&t, "9/3"), "0304");
	fmt_close(&t);
	/* the other reading: the displaced unit blocks the path of retreat */
	corridor(&t);
	t.g->opt.keep_path = 0;
	fmt_put(&t, "712", "0303");
	fmt_dice(&t, 1, 1);
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0305 9/3"), 0);
	assert_int_equal(fmt_do(&t, GERMAN, "displace 712 0304"), 0);
	assert_int_equal(fmt_do(&t, GERMAN, "retreat 1037 0304 0303"), 0);
	fmt_do(&t, ALLIED, "advance 9/3 0305 0304");
	fmt_refused(&t, WG_E_ILLEGAL_MOVE, "FM-8.5-10");
	assert_int_equal(fmt_do(&t, ALLIED, "advance 9/3 0305"), 0);
	fmt_close(&t);
	fmt_open(&t, "displace.keep_path_vacant=false");
	assert_false(t.g->opt.keep_path);
	fmt_close(&t);
}

/* FM-8.3.1-02: displacement is voluntary: a shorter retreat with a reduction instead. */
static void test_fm_8_3_1_02_displacement_voluntary(void **state)
{
	struct fmt t;
	(void)state;
	corridor(&t);
	fmt_put(&t, "712", "0303");
	fmt_dice(&t, 1, 1);
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0305 9/3"), 0);
	assert_int_equal(fmt_do(&t, GERMAN, "retreat 1037 0304"), 0);
	assert_int_equal(fmt_step(&t, "1037"), 1);
	assert_string_equal(fmt_where(&t, "712"), "0303");
	fmt_close(&t);
}

/* FM-8.3.1-05/07/08/10: a displaced unit displaces another (the chain), each one hex; a
 * unit passed through is not displaced. */
static void test_fm_8_3_1_07_displacement_chain(void **state)
{
	struct fmt t;
	(void)state;
	corridor(&t);
	fmt_put(&t, "1/1 FJ", "0304"); /* passed through */
	fmt_put(&t, "712", "0303");    /* the only end hex */
	fmt_put(&t, "1038", "0302");
	fmt_put(&t, "8/3", "0102"); /* ZOC: 0202, 0201 */
	fmt_put(&t, "7/3", "0503"); /* ZOC: 0402 */
	fmt_dice(&t, 1, 1);
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0305 9/3"), 0);
	assert_int_equal(fmt_do(&t, GERMAN, "displace 712 0302"), 0);
	assert_int_equal(t.g->await, FM_AW_DISPLACE);
	fmt_do(&t, GERMAN, "retreat 1037 0304 0303");
	fmt_refused(&t, WG_E_WRONG_PHASE, NULL);
	fmt_do(&t, GERMAN, "displace 712 0303");
	fmt_refused(&t, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-07");
	fmt_do(&t, GERMAN, "displace 1038 0201");
	fmt_refused(&t, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-04");
	fmt_do(&t, GERMAN, "displace 1038 0303");
	fmt_refused(&t, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-06");
	assert_int_equal(fmt_do(&t, GERMAN, "displace 1038 0401"), 0);
	assert_int_equal(t.g->await, FM_AW_RETREAT);
	assert_int_equal(fmt_do(&t, GERMAN, "retreat 1037 0304 0303"), 0);
	assert_string_equal(fmt_where(&t, "1/1 FJ"), "0304");
	assert_string_equal(fmt_where(&t, "712"), "0302");
	assert_string_equal(fmt_where(&t, "1038"), "0401");
	assert_string_equal(fmt_where(&t, "1037"), "0303");
	fmt_close(&t);
}

/* FM-8.3.1-05 [S]: no displacement into a friendly unit that has no valid hex itself. */
static void test_fm_8_3_1_05_chain_needs_valid_hex(void **state)
{
	struct fmt t;
	(void)state;
	corridor_sea(&t, "0301");
	fmt_put(&t, "1/1 FJ", "0304");
	fmt_put(&t, "712", "0303");
	fmt_put(&t, "1038", "0302");
	fmt_put(&t, "8/3", "0102"); /* ZOC: 0202, 0201 */
	fmt_put(&t, "7/3", "0502"); /* ZOC: 0402 and 0401 */
	fmt_dice(&t, 1, 1);
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0305 9/3"), 0);
	fmt_do(&t, GERMAN, "displace 712 0302");
	fmt_refused(&t, WG_E_ILLEGAL_RETREAT, "FM-8.3.1-05");
	fmt_close(&t);
}

/* FM-8.3-07: a seaborne unit that cannot retreat is reduced instead of eliminated. */
static void test_fm_8_3_07_seaborne_reduced_instead(void **state)
{
	(void)state;
	fmt_phase(&T, GERMAN, FM_PH_COMBAT);
	fmt_put(&T, "Recon", "0101");
	fmt_put(&T, "712", "0102");
	fmt_put(&T, "1037", "0301"); /* its ZOC covers 0201 */
	fmt_dice(&T, 1, 1);          /* 5 vs 2: +3, die 1: D2 */
	assert_int_equal(fmt_do(&T, GERMAN, "attack 0101 712"), 0);
	assert_int_equal(fmt_do(&T, ALLIED, "retreat Recon"), 0);
	assert_string_equal(fmt_where(&T, "Recon"), "0101");
	assert_int_equal(fmt_step(&T, "Recon"), 1);
}

/* FM-8.3.1-08: the same unit may be displaced again later in the phase. */
static void test_fm_8_3_1_08_displaced_more_than_once(void **state)
{
	struct fmt t;
	(void)state;
	corridor(&t);
	fmt_put(&t, "712", "0303");
	fmt_dice(&t, 1, 1);
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0305 9/3"), 0);
	assert_int_equal(fmt_do(&t, GERMAN, "displace 712 0302"), 0);
	assert_int_equal(fmt_do(&t, GERMAN, "retreat 1037 0304 0303"), 0);
	assert_int_equal(fmt_do(&t, ALLIED, "advance none"), 0);
	/* a second combat in the same phase: 712 is again the only end hex */
	fmt_put(&t, "1037", "0101");
	fmt_put(&t, "712", "0303");
	fmt_put(&t, "9/3", "1010");
	fmt_put(&t, "1038", "0305");
	fmt_put(&t, "7/3", "0306");
	fmt_dice(&t, 1, 1); /* 5 vs 4: +1, die 1: D2 */
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0305 7/3"), 0);
	assert_int_equal(fmt_do(&t, GERMAN, "displace 712 0402"), 0);
	assert_int_equal(fmt_do(&t, GERMAN, "retreat 1038 0304 0303"), 0);
	assert_string_equal(fmt_where(&t, "712"), "0402");
	fmt_close(&t);
}

/* FM-8.3.1-09: an attacker's displaced unit may not attack for the rest of the turn. */
static void test_fm_8_3_1_09_displaced_attacker_cannot_attack(void **state)
{
	(void)state;
	fmt_put(&T, "1037", "0505");
	fmt_put(&T, "8/3", "0506");
	T.g->u[fmt_unit(&T, "8/3")].flags |= FM_UF_DISPLACED;
	fmt_do(&T, ALLIED, "attack 0505 8/3");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "FM-8.3.1-09");
}

/* FM-8.4-01/02/04/05/09, EX-32: the defender's stiff resistance: reduced, stays, and the
 * attacker may not advance. */
static void test_fm_8_4_01_defender_stiff_resistance(void **state)
{
	(void)state;
	d2_at_0505(&T);
	fmt_do(&T, ALLIED, "stiff 1037");
	fmt_refused(&T, WG_E_NOT_YOUR_TURN, NULL);
	assert_int_equal(fmt_do(&T, GERMAN, "stiff 1037"), 0);
	assert_string_equal(fmt_where(&T, "1037"), "0505");
	assert_int_equal(fmt_step(&T, "1037"), 1);
	assert_int_equal(T.g->await, FM_AW_PHASE);
	assert_true(fmt_has_event(&T, "stiff-resistance"));
}

/* FM-8.4-08: a one-step (or reduced) unit may offer stiff resistance and is eliminated. */
static void test_fm_8_4_08_one_step_stiff_eliminated(void **state)
{
	(void)state;
	fmt_put(&T, "1038", "0505");
	fmt_put(&T, "9/3", "0506");
	fmt_dice(&T, 1, 1);
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 9/3"), 0);
	assert_int_equal(fmt_do(&T, GERMAN, "stiff 1038"), 0);
	assert_string_equal(fmt_where(&T, "1038"), "eliminated");
	assert_int_equal(T.g->await, FM_AW_PHASE); /* AMB-07: still no advance */
}

/* AMB-08: stiff resistance also when no retreat is possible; the option forbids it. */
static void test_fm_8_4_01_stiff_when_retreat_impossible(void **state)
{
	struct fmt t;
	(void)state;
	fmt_put(&T, "1037", "0101");
	fmt_put(&T, "9/3", "0102");
	fmt_dice(&T, 1, 1);
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0101 9/3"), 0);
	assert_int_equal(fmt_do(&T, GERMAN, "stiff 1037"), 0);
	assert_int_equal(fmt_step(&T, "1037"), 1);
	fmt_open(&t, "sr.when_retreat_impossible=false");
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_COMBAT);
	fmt_hand(&t, ALLIED, "");
	fmt_hand(&t, GERMAN, "");
	fmt_put(&t, "1037", "0101");
	fmt_put(&t, "9/3", "0102");
	fmt_dice(&t, 1, 1);
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0101 9/3"), 0);
	fmt_do(&t, GERMAN, "stiff 1037");
	fmt_refused(&t, WG_E_ILLEGAL_ACTION, "FM-8.4-01");
	fmt_close(&t);
}

/* FM-8.2.4-05, FM-8.4-06 [S], EX-32: on A2 the attacker may take stiff resistance: exactly
 * one attacker reduced, none retreats. */
static void test_fm_8_4_06_attacker_stiff_one_unit(void **state)
{
	(void)state;
	fmt_put(&T, "245", "0505");
	fmt_put(&T, "9/3", "0506");
	fmt_put(&T, "8/3", "0405");
	fmt_put(&T, "7/3", "0605");
	((struct fm_scenario *)T.g->sc)->units[fmt_unit(&T, "245")].steps[0].defense = 15;
	fmt_dice(&T, 1, 1); /* 15 vs 15: 0, die 1: Ex; die 4: A2 */
	fmt_dice(&T, 0);
	T.m.dice.nqueued = 0;
	fmt_dice(&T, 1, 4);
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 9/3 8/3 7/3"), 0);
	assert_int_equal(T.g->await, FM_AW_RETREAT);
	assert_int_equal(T.g->b.retreat_side, ALLIED);
	assert_int_equal(T.g->b.nretreat, 3);
	assert_int_equal(fmt_do(&T, ALLIED, "stiff 8/3"), 0);
	assert_int_equal(fmt_step(&T, "8/3"), 1);
	assert_int_equal(fmt_step(&T, "9/3"), 0);
	assert_string_equal(fmt_where(&T, "9/3"), "0506");
	assert_string_equal(fmt_where(&T, "7/3"), "0605");
	assert_int_equal(T.g->await, FM_AW_PHASE); /* FM-8.5-03: no defender advance */
}

/* FM-8.4-07 [v8] (sr.attacker_mode=per_unit), AMB-06, AMB-12: each attacker retreats or
 * stands and is reduced; the attacker retreats them one by one. */
static void test_fm_8_4_07_attacker_stiff_per_unit(void **state)
{
	struct fmt t;
	(void)state;
	fmt_open(&t, "sr.attacker_mode=per_unit");
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_COMBAT);
	fmt_hand(&t, ALLIED, "");
	fmt_hand(&t, GERMAN, "");
	fmt_put(&t, "245", "0505");
	fmt_put(&t, "9/3", "0506");
	fmt_put(&t, "8/3", "0405");
	((struct fm_scenario *)t.g->sc)->units[fmt_unit(&t, "245")].steps[0].defense = 10;
	fmt_dice(&t, 1, 4); /* 10 vs 10: 0, die 4: A2 */
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0505 9/3 8/3"), 0);
	assert_int_equal(fmt_do(&t, ALLIED, "stiff 8/3"), 0);
	assert_int_equal(t.g->await, FM_AW_RETREAT);
	assert_int_equal(fmt_do(&t, ALLIED, "retreat 9/3 0507 0508"), 0);
	assert_string_equal(fmt_where(&t, "9/3"), "0508");
	assert_string_equal(fmt_where(&t, "8/3"), "0405");
	assert_int_equal(t.g->await, FM_AW_PHASE);
	fmt_close(&t);
}

/* FM-8.1.5-01/02/04, FM-8.5-04: a bombarded unit retreats away from the closest enemy,
 * may take stiff resistance, and nobody advances. */
static void test_fm_8_1_5_02_bombard_retreat_away_from_enemy(void **state)
{
	(void)state;
	fmt_phase(&T, ALLIED, FM_PH_BOMBARD);
	fmt_hand(&T, ALLIED, "A5");
	fmt_put(&T, "1037", "0505");
	fmt_put(&T, "9/3", "0508");
	fmt_dice(&T, 1, 2); /* 3 vs 4: -1, die 2: NE... */
	T.m.dice.nqueued = 0;
	((struct fm_scenario *)T.g->sc)->units[fmt_unit(&T, "1037")].steps[0].defense = 1;
	fmt_dice(&T, 1, 1); /* 3 vs 1: +2, die 1: D2 */
	assert_int_equal(fmt_do(&T, ALLIED, "bombard 0505 A5"), 0);
	assert_int_equal(T.g->await, FM_AW_RETREAT);
	fmt_do(&T, GERMAN, "retreat 1037 0506 0507");
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.3-05");
	fmt_do(&T, GERMAN, "retreat 1037 0405 0406");
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.1.5-02");
	assert_int_equal(fmt_do(&T, GERMAN, "retreat 1037 0504 0503"), 0);
	assert_int_equal(T.g->await, FM_AW_PHASE);
}

/* FM-8.1.5-03: with no enemy on the map, toward the closest friendly unit. */
static void test_fm_8_1_5_03_bombard_retreat_toward_friends(void **state)
{
	(void)state;
	fmt_phase(&T, ALLIED, FM_PH_BOMBARD);
	fmt_hand(&T, ALLIED, "A5");
	fmt_put(&T, "1037", "0505");
	fmt_put(&T, "712", "0508");
	((struct fm_scenario *)T.g->sc)->units[fmt_unit(&T, "1037")].steps[0].defense = 1;
	fmt_dice(&T, 1, 1);
	assert_int_equal(fmt_do(&T, ALLIED, "bombard 0505 A5"), 0);
	fmt_do(&T, GERMAN, "retreat 1037 0504 0503");
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.1.5-02");
	assert_int_equal(fmt_do(&T, GERMAN, "stiff 1037"), 0); /* FM-8.1.5-04 */
	assert_int_equal(fmt_step(&T, "1037"), 1);
}

/* FM-8.5-01/05/06/08/09/10/11/12/13, FM-6.2-02, AMB-29: advance along the path of retreat. */
static void test_fm_8_5_advance_after_combat(void **state)
{
	(void)state;
	fmt_put(&T, "1037", "0505");
	fmt_put(&T, "9/3", "0506");
	fmt_put(&T, "7/3", "0405");
	fmt_put(&T, "8/3", "0605");
	fmt_put(&T, "712", "0602"); /* its ZOC covers 0503 */
	fmt_dice(&T, 1, 1);
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 9/3 7/3"), 0); /* 10 vs 4: +6: D3 */
	assert_int_equal(fmt_do(&T, GERMAN, "retreat 1037 0504 0403 0402"), 0);
	assert_int_equal(T.g->await, FM_AW_ADVANCE);
	fmt_do(&T, GERMAN, "advance 1037 0505");
	fmt_refused(&T, WG_E_NOT_YOUR_TURN, NULL);
	fmt_do(&T, ALLIED, "attack 0402 9/3");
	fmt_refused(&T, WG_E_WRONG_PHASE, "FM-8.0-06"); /* FM-8.5-07: decide now */
	fmt_do(&T, ALLIED, "end");
	fmt_refused(&T, WG_E_WRONG_PHASE, "FM-8.0-06");
	fmt_do(&T, ALLIED, "advance 8/3 0505");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-8.5-06");
	fmt_do(&T, ALLIED, "advance 9/3 0504");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-8.5-10");
	fmt_do(&T, ALLIED, "advance 9/3 0505 0504 0403 0402");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-8.5-10"); /* 0402 holds the enemy */
	assert_int_equal(fmt_do(&T, ALLIED, "advance 9/3 0505 0504 0403"), 0); /* EZOC ignored */
	assert_string_equal(fmt_where(&T, "9/3"), "0403");
	assert_int_equal(T.g->await, FM_AW_ADVANCE);
	fmt_do(&T, ALLIED, "advance 7/3 0505 0504 0403");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-8.5-11");
	assert_int_equal(fmt_do(&T, ALLIED, "advance 7/3 0505 0504"), 0);
	assert_int_equal(T.g->await, FM_AW_PHASE);
	fmt_do(&T, ALLIED, "advance 8/3 0505"); /* FM-8.5-07: no later advance */
	fmt_refused(&T, WG_E_WRONG_PHASE, "FM-8.5-07");
	fmt_put(&T, "1038", "0503");
	fmt_do(&T, ALLIED, "attack 0503 9/3");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "FM-8.5-12");
	/* FM-8.5-13: the advanced unit may be attacked in the next enemy combat phase */
	fmt_phase(&T, GERMAN, FM_PH_COMBAT);
	fmt_dice(&T, 1, 3);
	assert_int_equal(fmt_do(&T, GERMAN, "attack 0403 1038"), 0);
}

/* FM-8.5-02: no advance after Ex. */
static void test_fm_8_5_02_no_advance_after_ex(void **state)
{
	(void)state;
	fmt_put(&T, "1037", "0505");
	fmt_put(&T, "9/3", "0506");
	((struct fm_scenario *)T.g->sc)->units[fmt_unit(&T, "1037")].steps[0].defense = 5;
	fmt_dice(&T, 1, 1); /* 0: die 1: Ex */
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 9/3"), 0);
	assert_int_equal(T.g->await, FM_AW_PHASE);
	fmt_do(&T, ALLIED, "advance 9/3 0505");
	fmt_refused(&T, WG_E_WRONG_PHASE, NULL);
}

/* A refused retreat changes nothing (atomicity) and `pending` names the decision. */
static void test_fm_8_3_refused_retreat_is_atomic(void **state)
{
	struct rules_pending p;
	char *before, *after;
	(void)state;
	d2_at_0505(&T);
	fm_ruleset.pending(T.m.game, &p);
	assert_int_equal(p.sides, RULES_AUD_SIDE(GERMAN));
	assert_non_null(strstr(p.what[GERMAN], "retreat 1037 2 hexes from 0505"));
	{
		cJSON *v = fm_ruleset.view(T.m.game, &RULES_VIEWER(RULES_SPECTATOR));
		char *txt = cJSON_PrintUnformatted(v);
		assert_non_null(strstr(txt, "1037 retreats 2: 0504-0503"));
		assert_null(strstr(txt, "0604-0705")); /* not toward the friendly edge */
		free(txt);
		cJSON_Delete(v);
	}
	before = fm_ruleset.snapshot(T.m.game);
	fmt_do(&T, GERMAN, "retreat 1037 0405 0305");
	after = fm_ruleset.snapshot(T.m.game);
	assert_string_equal(before, after);
	free(before);
	free(after);
}

#define T_(f) cmocka_unit_test_setup_teardown(f, setup_board, teardown_board)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    T_(test_fm_8_3_01_defender_retreat_path),
	    T_(test_fm_8_3_03_friendly_edge_preference),
	    T_(test_fm_8_3_03_friendly_supply_source_preference),
	    T_(test_fm_8_3_04_vacant_path_first),
	    T_(test_fm_8_3_05_friendly_zoc_does_not_negate),
	    T_(test_fm_8_3_06_no_prohibited_terrain),
	    T_(test_fm_8_3_02_no_retreat_at_map_edge_eliminates),
	    T_(test_fm_8_3_08_short_retreat_reduces),
	    T_(test_fm_8_3_1_01_displacement),
	    cmocka_unit_test(test_fm_8_3_1_01_displacement_keeps_path_of_retreat_vacant),
	    T_(test_fm_8_3_1_02_displacement_voluntary),
	    T_(test_fm_8_3_1_07_displacement_chain),
	    T_(test_fm_8_3_1_05_chain_needs_valid_hex),
	    T_(test_fm_8_3_07_seaborne_reduced_instead),
	    T_(test_fm_8_3_1_08_displaced_more_than_once),
	    T_(test_fm_8_3_1_09_displaced_attacker_cannot_attack),
	    T_(test_fm_8_4_01_defender_stiff_resistance),
	    T_(test_fm_8_4_08_one_step_stiff_eliminated),
	    T_(test_fm_8_4_01_stiff_when_retreat_impossible),
	    T_(test_fm_8_4_06_attacker_stiff_one_unit),
	    T_(test_fm_8_4_07_attacker_stiff_per_unit),
	    T_(test_fm_8_1_5_02_bombard_retreat_away_from_enemy),
	    T_(test_fm_8_1_5_03_bombard_retreat_toward_friends),
	    T_(test_fm_8_5_advance_after_combat),
	    T_(test_fm_8_5_02_no_advance_after_ex),
	    T_(test_fm_8_3_refused_retreat_is_atomic),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
