/*
 * test_fm_combat.c -- bombardment (FM-8.1), ground combat declaration and
 * eligibility (FM-8.0, FM-8.2), the terrain line with the river/bridge rule
 * (FM-8.2.2), fortifications (FM-8.2.3) and the results that need no
 * retreat (FM-8.2.4: De, Ex, (A), Ae, NE).  Retreats: test_fm_retreat.
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

/* A member of the last combat-result event. */
static cJSON *res(const char *key)
{
	cJSON *r = NULL;
	for (size_t k = 0; k < T.ev.count; k++) {
		cJSON *e = T.ev.items[k].data;
		if (strcmp(cJSON_GetObjectItem(e, "event")->valuestring, "combat-result") == 0)
			r = e;
	}
	assert_non_null(r);
	assert_non_null(cJSON_GetObjectItem(r, key));
	return cJSON_GetObjectItem(r, key);
}

static void set_defense(const char *unit, int def)
{
	((struct fm_scenario *)T.g->sc)->units[fmt_unit(&T, unit)].steps[0].defense = def;
}

/* ---- bombardment ---- */

/* FM-8.1-01/02/04/06, FM-2.3.2-02/03, FM-8.1.2-01/02/04/05/06, FM-8.1.4-01: markers only, no
 * adjacency needed, the values announced publicly, the defender's hex line. */
static void test_fm_8_1_02_bombard_without_adjacency(void **state)
{
	(void)state;
	fmt_phase(&T, ALLIED, FM_PH_BOMBARD);
	fmt_hand(&T, ALLIED, "A6 A7");
	fmt_put(&T, "1037", "0505");
	fmt_put(&T, "9/3", "1010"); /* far away */
	fmt_dice(&T, 1, 5);
	assert_int_equal(fmt_do(&T, ALLIED, "bombard 0505 A7 A6"), 0);
	/* 6 + 4 = 10 vs 4: +6, +6/+7, die 5: Ex -> no effect in a bombardment */
	assert_int_equal(res("attack")->valueint, 10);
	assert_int_equal(res("defense")->valueint, 4);
	assert_string_equal(res("column")->valuestring, "+6/+7");
	assert_string_equal(res("result")->valuestring, "NE");
	assert_string_equal(res("printed_result")->valuestring, "Ex");
	/* FM-8.1.2-06: values public at once */
	assert_true(fmt_events_mention(&T, RULES_AUD_SPECTATORS, "\"A7\"") > 0);
	assert_string_equal(fmt_where(&T, "1037"), "0505");
	assert_int_equal(fmt_step(&T, "1037"), 0);
	assert_int_equal(T.g->await, FM_AW_PHASE);
	assert_int_equal(T.g->m[ALLIED][6].where, FM_M_USED); /* FM-7.2-03 */
}

/* A board like setup_board's on fm-test.json with support.ranges replaced by json. */
static void open_ranges(struct fmt *t, const char *json, int phase)
{
	cJSON *doc = fmt_doc();

	fmt_doc_put(doc, "support", "ranges", json);
	fmt_open_doc(t, doc, NULL, 0);
	fmt_clear(t);
	fmt_phase(t, ALLIED, phase);
	fmt_hand(t, ALLIED, "");
	fmt_hand(t, GERMAN, "");
}

/* FM-8.1.1-01: markers bombard anywhere (0505 from a unit 5 hexes away above) unless the
 * scenario's support.ranges say otherwise: here every marker, in a bombardment, at most 3
 * hexes from the bombarding side's nearest unit (as the Scheldt's 14.2). */
static void test_fm_8_1_1_01_bombard_range_from_nearest_unit(void **state)
{
	struct fmt t;
	(void)state;
	open_ranges(&t, "[{\"when\": \"bombardment\", \"range\": 3, \"from\": \"unit\"}]",
	            FM_PH_BOMBARD);
	fmt_hand(&t, ALLIED, "A5 A6");
	fmt_put(&t, "1037", "0505");
	fmt_put(&t, "9/3", "0509"); /* 4 hexes */
	fmt_do(&t, ALLIED, "bombard 0505 A5");
	fmt_refused(&t, WG_E_ILLEGAL_ACTION, "FM-8.1.1-01");
	assert_int_equal(t.g->m[ALLIED][fm__marker_by_id(t.g->sc, ALLIED, "A5")].where, FM_M_HAND);
	fmt_put(&t, "9/3", "0508"); /* 3 hexes */
	fmt_dice(&t, 1, 5);
	assert_int_equal(fmt_do(&t, ALLIED, "bombard 0505 A5"), 0);
	/* a bombardment range says nothing of ground combat support */
	fmt_phase(&t, ALLIED, FM_PH_COMBAT);
	fmt_put(&t, "9/3", "0506");
	fmt_put(&t, "1 Arm", "0710");
	t.g->u[fmt_unit(&t, "1037")].flags = 0;
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0505 9/3"), 0);
	assert_int_equal(fmt_do(&t, ALLIED, "support A6"), 0);
	fmt_close(&t);
}

/* FM-8.1.1-01: a range for some markers only (by id), in ground combat, counted from listed
 * hexes, citing the data's rule; with support.pick=random_blind the draw leaves out the
 * markers out of range. */
static void test_fm_8_1_1_01_range_of_some_markers_from_hexes(void **state)
{
	struct fmt t;
	(void)state;
	open_ranges(&t,
	            "[{\"markers\": [\"A7\"], \"when\": \"combat\", \"range\": 2,"
	            "  \"from\": {\"hexes\": [\"0101\"]}, \"rule\": \"TEST-8\"}]",
	            FM_PH_COMBAT);
	fmt_hand(&t, ALLIED, "A5 A7");
	fmt_put(&t, "1037", "0505");
	fmt_put(&t, "9/3", "0506");
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0505 9/3"), 0);
	fmt_do(&t, ALLIED, "support A7");
	fmt_refused(&t, WG_E_ILLEGAL_SUPPORT, "TEST-8");
	assert_int_equal(t.g->b.nmark[ALLIED], 0);
	assert_int_equal(fmt_do(&t, ALLIED, "support A5"), 0); /* not selected: anywhere */
	fmt_close(&t);
	/* within 2 hexes of 0101 the marker may be used; a bombardment is not limited */
	open_ranges(&t,
	            "[{\"markers\": [\"A7\"], \"when\": \"combat\", \"range\": 2,"
	            "  \"from\": {\"hexes\": [\"0101\"]}, \"rule\": \"TEST-8\"}]",
	            FM_PH_COMBAT);
	fmt_hand(&t, ALLIED, "A7");
	fmt_put(&t, "64", "0301");
	fmt_put(&t, "9/3", "0302");
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0301 9/3"), 0);
	assert_int_equal(fmt_do(&t, ALLIED, "support A7"), 0);
	fmt_close(&t);
	open_ranges(&t,
	            "[{\"markers\": [\"A7\"], \"when\": \"combat\", \"range\": 2,"
	            "  \"from\": {\"hexes\": [\"0101\"]}}]",
	            FM_PH_BOMBARD);
	fmt_hand(&t, ALLIED, "A7");
	fmt_put(&t, "1037", "0505");
	fmt_dice(&t, 1, 5);
	assert_int_equal(fmt_do(&t, ALLIED, "bombard 0505 A7"), 0);
	fmt_close(&t);
	/* drawn blind: only the markers in range can be drawn */
	{
		cJSON *doc = fmt_doc();
		fmt_doc_put(doc, "support", "ranges",
		            "[{\"markers\": [\"A7\"], \"range\": 2, "
		            "\"from\": {\"hexes\": [\"0101\"]}}]");
		fmt_doc_put(doc, NULL, "options", "{\"support.pick\": \"random_blind\"}");
		fmt_open_doc(&t, doc, NULL, 0);
	}
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_COMBAT);
	fmt_hand(&t, ALLIED, "A7");
	fmt_hand(&t, GERMAN, "");
	fmt_put(&t, "1037", "0505");
	fmt_put(&t, "9/3", "0506");
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0505 9/3"), 0);
	fmt_do(&t, ALLIED, "support draw");
	fmt_refused(&t, WG_E_ILLEGAL_SUPPORT, "FM-7.2-07");
	fmt_close(&t);
}

/* FM-8.2.3-01/02/03: a fortification counter (map.fortifications, 1005 in fm-test.json)
 * counts like printed fortification terrain: the defense is doubled, each attacker marker
 * halved, the defender's markers kept. */
static void test_fm_8_2_3_fortification_counter(void **state)
{
	(void)state;
	fmt_hand(&T, ALLIED, "A5 A8");
	fmt_hand(&T, GERMAN, "G1");
	fmt_put(&T, "1037", "1005");
	fmt_put(&T, "9/3", "1004");
	assert_int_equal(fmt_do(&T, ALLIED, "attack 1005 9/3"), 0);
	assert_int_equal(fmt_do(&T, ALLIED, "support A5"), 0);
	assert_int_equal(fmt_do(&T, GERMAN, "support G1"), 0);
	fmt_dice(&T, 1, 3);
	assert_int_equal(fmt_do(&T, ALLIED, "support A8"), 0);
	assert_int_equal(res("attack")->valueint, 5 + 1 + 0); /* +3 -> 1, +1 -> 0 */
	assert_int_equal(res("defense")->valueint, 8 + 6);    /* 4 doubled, +6 kept */
	assert_true(cJSON_IsTrue(res("fortification")));
}

/* FM-8.1-01: only in the Bombardment Phase; FM-8.1-04: an enemy-occupied hex. */
static void test_fm_8_1_01_bombard_only_in_bombard_phase(void **state)
{
	(void)state;
	fmt_hand(&T, ALLIED, "A6 A7");
	fmt_put(&T, "1037", "0505");
	fmt_do(&T, ALLIED, "bombard 0505 A7");
	fmt_refused(&T, WG_E_WRONG_PHASE, "FM-8.1-01");
	fmt_phase(&T, ALLIED, FM_PH_BOMBARD);
	fmt_put(&T, "9/3", "0707");
	fmt_do(&T, ALLIED, "bombard 0707 A7");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "FM-8.1-04");
	fmt_do(&T, ALLIED, "bombard 0808 A7");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "FM-8.1-04");
	fmt_do(&T, ALLIED, "bombard 0505 A1");
	fmt_refused(&T, WG_E_ILLEGAL_SUPPORT, "FM-7.2-07");
}

/* FM-8.1-05, EX-29: two markers per hex per player turn; +3 and +4 against 5 in a City: +2,
 * "+2/+3" on the City line (grid column c4 under AMB-01); FM-8.1.2-03 no defender markers. */
static void test_fm_8_1_05_two_markers_per_hex(void **state)
{
	(void)state;
	fmt_phase(&T, ALLIED, FM_PH_BOMBARD);
	fmt_hand(&T, ALLIED, "A5 A6 A7");
	fmt_hand(&T, GERMAN, "G1 G2");
	set_defense("1037", 5);
	fmt_put(&T, "1037", "0210");
	fmt_dice(&T, 1, 1);
	assert_int_equal(fmt_do(&T, ALLIED, "bombard 0210 A5 A6"), 0);
	assert_int_equal(res("differential")->valueint, 2);
	assert_string_equal(res("column")->valuestring, "+2/+3");
	assert_int_equal(res("grid_column")->valueint, 4);
	assert_string_equal(res("line")->valuestring, "city");
	assert_string_equal(res("result")->valuestring, "NE");
	assert_int_equal(T.g->m[GERMAN][0].where, FM_M_HAND); /* the defender added nothing */
	assert_int_equal(T.g->bombarded[fmt_hex(&T, "0210")], 2);
	/* a third marker on the hex this player turn: refused (another unit there now) */
	fmt_put(&T, "1037", "0909");
	fmt_put(&T, "712", "0210");
	fmt_do(&T, ALLIED, "bombard 0210 A7");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "FM-8.1-05");
	/* FM-8.0-03: the same defender is attacked once per phase */
	fmt_put(&T, "712", "1010");
	fmt_put(&T, "1037", "0210");
	T.g->bombarded[fmt_hex(&T, "0210")] = 0;
	fmt_do(&T, ALLIED, "bombard 0210 A7");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "FM-8.0-03");
}

/* FM-8.1.2-04, FM-8.1.4-02: hexside terrain is never used against a bombardment. */
static void test_fm_8_1_4_02_bombard_ignores_hexsides(void **state)
{
	(void)state;
	fmt_phase(&T, ALLIED, FM_PH_BOMBARD);
	fmt_hand(&T, ALLIED, "A7");
	fmt_put(&T, "1037", "0607"); /* behind river hexsides */
	fmt_dice(&T, 1, 4);
	assert_int_equal(fmt_do(&T, ALLIED, "bombard 0607 A7"), 0);
	assert_string_equal(res("line")->valuestring, "clear");
}

/* FM-8.1.3-01/03, FM-CRT-17: A results and Ex are no result; De applies. */
static void test_fm_8_1_3_01_attacker_results_void(void **state)
{
	(void)state;
	fmt_phase(&T, ALLIED, FM_PH_BOMBARD);
	fmt_hand(&T, ALLIED, "A8 A7 A6");
	fmt_put(&T, "1037", "0505");
	fmt_put(&T, "245", "0909");
	fmt_dice(&T, 1, 5);
	assert_int_equal(fmt_do(&T, ALLIED, "bombard 0505 A8"), 0); /* 1 vs 4: -3, die 5: (A) */
	assert_string_equal(res("printed_result")->valuestring, "(A)");
	assert_string_equal(res("result")->valuestring, "NE"); /* no allied unit adjacent */
	set_defense("245", 0);
	fmt_dice(&T, 1, 1);
	assert_int_equal(fmt_do(&T, ALLIED, "bombard 0909 A7 A6"), 0); /* +10: die 1 De */
	assert_string_equal(res("result")->valuestring, "De");
	assert_string_equal(fmt_where(&T, "245"), "eliminated");
}

/* FM-8.1.3-02, FM-CRT-18, AMB-05: (A) hits a unit of the bombarding side adjacent to the
 * target; with several, the bombarding player chooses. */
static void test_fm_8_1_3_02_friendly_fire(void **state)
{
	(void)state;
	fmt_phase(&T, ALLIED, FM_PH_BOMBARD);
	fmt_hand(&T, ALLIED, "A8 A1");
	fmt_put(&T, "1037", "0505");
	fmt_put(&T, "9/3", "0506");
	fmt_dice(&T, 1, 5);
	assert_int_equal(fmt_do(&T, ALLIED, "bombard 0505 A8"), 0);
	assert_string_equal(res("result")->valuestring, "(A)");
	assert_int_equal(fmt_step(&T, "9/3"), 1); /* the only one: reduced at once */
	fmt_put(&T, "1038", "0709");
	fmt_put(&T, "8/3", "0710");
	fmt_put(&T, "7/3", "0708");
	fmt_dice(&T, 1, 5);
	assert_int_equal(fmt_do(&T, ALLIED, "bombard 0709 A1"), 0); /* 2 vs 4: -2, die 5: (A) */
	assert_int_equal(T.g->await, FM_AW_LOSS);
	fmt_do(&T, ALLIED, "reduce 9/3");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "FM-8.1.3-02");
	fmt_do(&T, GERMAN, "reduce 8/3");
	fmt_refused(&T, WG_E_NOT_YOUR_TURN, NULL);
	assert_int_equal(fmt_do(&T, ALLIED, "reduce 7/3"), 0);
	assert_int_equal(fmt_step(&T, "7/3"), 1);
	assert_int_equal(fmt_step(&T, "8/3"), 0);
}

/* ---- ground combat ---- */

/* FM-8.2-01: adjacent units only; FM-8.2-04 an enemy-occupied hex; FM-8.0-01 own units. */
static void test_fm_8_2_01_adjacent_only(void **state)
{
	(void)state;
	fmt_put(&T, "1037", "0505");
	fmt_put(&T, "9/3", "0507");
	fmt_put(&T, "8/3", "0506");
	fmt_do(&T, ALLIED, "attack 0505 9/3");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "FM-8.2-01");
	fmt_do(&T, ALLIED, "attack 0506 8/3");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "FM-8.2-04");
	fmt_do(&T, ALLIED, "attack 0505 1037");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "FM-8.0-01");
	fmt_do(&T, ALLIED, "attack 0505 8/3 8/3");
	fmt_refused(&T, WG_E_BAD_ARGS, "FM-8.2-11");
	fmt_do(&T, GERMAN, "attack 0506 1037");
	fmt_refused(&T, WG_E_NOT_YOUR_TURN, NULL);
}

/* FM-8.2-05/08, FM-8.0-03/05, FM-8.2-02/03/07: one attack per unit per turn; a defender once
 * per phase; units that did not attack may attack another hex later; not all must attack. */
static void test_fm_8_2_05_one_attack_per_unit(void **state)
{
	(void)state;
	fmt_put(&T, "1037", "0505");
	fmt_put(&T, "1038", "0507");
	fmt_put(&T, "9/3", "0506");
	fmt_put(&T, "8/3", "0406");
	fmt_put(&T, "7/3", "0405");
	fmt_dice(&T, 1, 5); /* 5 vs 4: +1, die 5: A2 -> needs a retreat */
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 9/3"), 0);
	assert_int_equal(T.g->await, FM_AW_RETREAT);
	assert_int_equal(fmt_do(&T, ALLIED, "stiff 9/3"), 0);
	fmt_do(&T, ALLIED, "attack 0507 9/3");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "FM-8.2-05");
	fmt_do(&T, ALLIED, "attack 0505 7/3");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "FM-8.0-03");
	fmt_dice(&T, 1, 3);
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0507 8/3"), 0); /* 8/3 had not attacked */
}

/* FM-4.1-08/10, FM-2.3.2-06: the Mobile Combat Phase is for mobile units that did not attack
 * in the Combat Phase. */
static void test_fm_4_1_10_mobile_combat_phase(void **state)
{
	(void)state;
	fmt_put(&T, "1037", "0505");
	fmt_put(&T, "9/3", "0506");
	fmt_put(&T, "1 Arm", "0405");
	fmt_put(&T, "2 Arm", "0604");
	fmt_phase(&T, ALLIED, FM_PH_MOBILE_COMBAT);
	fmt_do(&T, ALLIED, "attack 0505 9/3");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "FM-4.1-10");
	T.g->u[fmt_unit(&T, "1 Arm")].flags |= FM_UF_ATT_COMBAT;
	fmt_do(&T, ALLIED, "attack 0505 1_Arm");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "FM-4.1-08");
	fmt_dice(&T, 1, 3);
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 2_Arm"), 0);
}

/* FM-8.2-06 ([v8] reading, option combat.one_attack_per_turn=false). */
static void test_fm_8_2_06_v8_attack_rule(void **state)
{
	struct fmt t;
	(void)state;
	fmt_open(&t, "combat.one_attack_per_turn=false");
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_COMBAT);
	fmt_hand(&t, ALLIED, "");
	fmt_hand(&t, GERMAN, "");
	fmt_put(&t, "1037", "0505");
	fmt_put(&t, "1038", "0507");
	fmt_put(&t, "1 Arm", "0506");
	fmt_dice(&t, 1, 3); /* 4 vs 4: 0, die 3: NE */
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0505 1_Arm"), 0);
	fmt_do(&t, ALLIED, "attack 0507 1_Arm");
	fmt_refused(&t, WG_E_ILLEGAL_ATTACK, "FM-8.2-05");
	fmt_phase(&t, ALLIED, FM_PH_MOBILE_COMBAT);
	t.g->u[fmt_unit(&t, "1 Arm")].flags |= FM_UF_ATT_COMBAT;
	fmt_do(&t, ALLIED, "attack 0507 1_Arm");
	fmt_refused(&t, WG_E_ILLEGAL_ATTACK, "FM-4.1-08");
	fmt_close(&t);
}

/* FM-8.2-09, AMB-75: no attack across a prohibited hexside or into a prohibited hex. */
static void test_fm_8_2_09_prohibited_attacks(void **state)
{
	(void)state;
	fmt_put(&T, "1037", "0110");
	fmt_put(&T, "9/3", "0109");
	fmt_do(&T, ALLIED, "attack 0110 9/3");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "FM-8.2-09");
	fmt_put(&T, "1038", "0404");
	fmt_put(&T, "1 Arm", "0405");
	fmt_do(&T, ALLIED, "attack 0404 1_Arm");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "FM-8.2-09");
	fmt_put(&T, "8/3", "0403");
	fmt_dice(&T, 1, 3);
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0404 8/3"), 0); /* a leg unit may */
	assert_string_equal(res("line")->valuestring, "swamp");
}

/* FM-8.2-10, FM-8.2.2-01: the attacker's own terrain does not matter. */
static void test_fm_8_2_10_attacker_terrain_irrelevant(void **state)
{
	(void)state;
	fmt_put(&T, "1037", "0203");
	fmt_put(&T, "9/3", "0204"); /* woods */
	fmt_put(&T, "8/3", "0202"); /* rough */
	fmt_dice(&T, 1, 3);
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0203 9/3 8/3"), 0);
	assert_string_equal(res("line")->valuestring, "clear");
	assert_int_equal(res("attack")->valueint, 10);
}

/* FM-8.2.2-02/03/06, EX-30: the river line only if every attacker is across an unbridged
 * river; across a bridge (road over the river) the bridged line. */
static void test_fm_8_2_2_02_river_and_bridge_lines(void **state)
{
	static const struct {
		const char *cmd, *line;
	} cases[] = {
	    {"attack 0607 9/3 8/3", "woods"},   /* both across the river */
	    {"attack 0607 9/3 7/3", "clear"},   /* one not across */
	    {"attack 0607 9/3 1_Arm", "swamp"}, /* one across the bridge */
	    {"attack 0607 1_Arm", "swamp"},
	};
	(void)state;
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		fmt_phase(&T, ALLIED, FM_PH_COMBAT);
		fmt_put(&T, "1037", "0607");
		T.g->u[fmt_unit(&T, "1037")].step = 0;
		fmt_put(&T, "9/3", "0606");
		fmt_put(&T, "8/3", "0507");
		fmt_put(&T, "7/3", "0608");
		fmt_put(&T, "1 Arm", "0707");
		fmt_events_clear(&T);
		fmt_dice(&T, 1, 3);
		assert_int_equal(fmt_do(&T, ALLIED, cases[k].cmd), 0);
		if (strcmp(res("line")->valuestring, cases[k].line) != 0)
			fail_msg("%s: line %s, want %s", cases[k].cmd, res("line")->valuestring,
			         cases[k].line);
	}
}

/* AMB-21 canal like a river (no bridge line); ditch; a bridged stream; FM-8.2.2-04/05. */
static void test_fm_8_2_2_05_hexside_lines(void **state)
{
	static const struct {
		const char *def, *att, *line;
	} cases[] = {
	    {"0907", "0906", "city"},  /* canal */
	    {"0904", "0903", "woods"}, /* ditch */
	    {"0910", "0909", "clear"}, /* bridged stream: no bridge line */
	    {"0406", "0405", "woods"}, /* woods + town: the better of the two */
	    {"0208", "0209", "swamp"}, /* town */
	};
	(void)state;
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		char cmd[64];
		fmt_clear(&T);
		fmt_phase(&T, ALLIED, FM_PH_COMBAT);
		fmt_put(&T, "1037", cases[k].def);
		T.g->u[fmt_unit(&T, "1037")].step = 0;
		fmt_put(&T, "9/3", cases[k].att);
		fmt_events_clear(&T);
		fmt_dice(&T, 1, 3);
		snprintf(cmd, sizeof(cmd), "attack %s 9/3", cases[k].def);
		assert_int_equal(fmt_do(&T, ALLIED, cmd), 0);
		if (strcmp(res("line")->valuestring, cases[k].line) != 0)
			fail_msg("%s from %s: line %s, want %s", cases[k].def, cases[k].att,
			         res("line")->valuestring, cases[k].line);
	}
}

/* FM-8.2.3-01/02/03, EX-27, AMB-19: in a fortification the defense is doubled, each attacker
 * marker halved (round down), defender markers untouched. */
static void test_fm_8_2_3_fortification(void **state)
{
	struct fmt t;
	(void)state;
	fmt_hand(&T, ALLIED, "A5 A8");
	fmt_hand(&T, GERMAN, "G1");
	fmt_put(&T, "1037", "0402");
	fmt_put(&T, "9/3", "0403");
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0402 9/3"), 0);
	assert_int_equal(fmt_do(&T, ALLIED, "support A5"), 0);
	assert_int_equal(fmt_do(&T, GERMAN, "support G1"), 0);
	fmt_dice(&T, 1, 3);
	assert_int_equal(fmt_do(&T, ALLIED, "support A8"), 0);
	assert_int_equal(res("attack")->valueint, 5 + 1 + 0); /* +3 -> 1, +1 -> 0 */
	assert_int_equal(res("defense")->valueint, 8 + 6);    /* 4 doubled, +6 kept */
	assert_true(cJSON_IsTrue(res("fortification")));
	/* fort.halve=total: (3 + 1) / 2 = 2 */
	fmt_open(&t, "fort.halve=total");
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_COMBAT);
	fmt_hand(&t, ALLIED, "A5 A8");
	fmt_hand(&t, GERMAN, "");
	fmt_put(&t, "1037", "0402");
	fmt_put(&t, "9/3", "0403");
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0402 9/3"), 0);
	assert_int_equal(fmt_do(&t, ALLIED, "support A5"), 0);
	fmt_dice(&t, 1, 3);
	assert_int_equal(fmt_do(&t, ALLIED, "support A8"), 0);
	assert_int_equal(t.g->u[fmt_unit(&t, "1037")].where, FM_W_MAP);
	fmt_close(&t);
}

/* FM-8.2.4-01, FM-CRT-19: De eliminates the defender, two-step units included. */
static void test_fm_8_2_4_01_de_eliminates(void **state)
{
	(void)state;
	fmt_put(&T, "712", "0505"); /* 5-7-5 two steps */
	fmt_put(&T, "245", "0909");
	set_defense("712", 1);
	fmt_put(&T, "9/3", "0506");
	fmt_put(&T, "8/3", "0405");
	fmt_dice(&T, 1, 1);
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 9/3 8/3"), 0); /* +9: die 1 De */
	assert_string_equal(res("result")->valuestring, "De");
	assert_string_equal(fmt_where(&T, "712"), "eliminated");
	assert_int_equal(T.g->await, FM_AW_PHASE); /* FM-8.5-02: no advance after De */
}

/* FM-8.2.4-04: Ex reduces the defender and the attacker's chosen unit. */
static void test_fm_8_2_4_04_exchange(void **state)
{
	(void)state;
	fmt_put(&T, "712", "0505");
	fmt_put(&T, "9/3", "0506");
	fmt_put(&T, "8/3", "0405");
	set_defense("712", 9);
	fmt_dice(&T, 1, 1);     /* 10 vs 9: +1, die 1: D2? no: c7 die 1 is D2 */
	set_defense("712", 10); /* 0: c6 die 1: Ex */
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 9/3 8/3"), 0);
	assert_string_equal(res("result")->valuestring, "Ex");
	assert_int_equal(fmt_step(&T, "712"), 1);
	assert_int_equal(T.g->await, FM_AW_LOSS);
	fmt_do(&T, ALLIED, "reduce 712");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "FM-8.2.4-04");
	assert_int_equal(fmt_do(&T, ALLIED, "reduce 8/3"), 0);
	assert_int_equal(fmt_step(&T, "8/3"), 1);
	assert_int_equal(fmt_step(&T, "9/3"), 0);
	assert_int_equal(T.g->await, FM_AW_PHASE);
}

/* FM-8.2.4-06/10: (A) reduces one attacker of the attacker's choice; a reduced unit taking
 * another loss is eliminated. */
static void test_fm_8_2_4_06_attacker_loss_choice(void **state)
{
	(void)state;
	fmt_put(&T, "712", "0505");
	fmt_put(&T, "9/3", "0506");
	fmt_put(&T, "8/3", "0405");
	T.g->u[fmt_unit(&T, "8/3")].step = 1; /* reduced: 2-2-6 */
	fmt_dice(&T, 1, 6);                   /* 5 + 2 vs 7: 0, die 6: (A) */
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 9/3 8/3"), 0);
	assert_string_equal(res("result")->valuestring, "(A)");
	assert_int_equal(fmt_do(&T, ALLIED, "reduce 8/3"), 0);
	assert_string_equal(fmt_where(&T, "8/3"), "eliminated");
	assert_int_equal(fmt_step(&T, "9/3"), 0);
}

/* FM-8.2.4-07: Ae eliminates every attacker; FM-8.2.4-08 NE changes nothing. */
static void test_fm_8_2_4_07_ae_and_ne(void **state)
{
	(void)state;
	fmt_put(&T, "245", "0505");
	fmt_put(&T, "9/3", "0506");
	fmt_put(&T, "1 Arm", "0405");
	set_defense("245", 14);
	fmt_dice(&T, 1, 6); /* 9 vs 14: -5, die 6: Ae */
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 9/3 1_Arm"), 0);
	assert_string_equal(res("result")->valuestring, "Ae");
	assert_string_equal(fmt_where(&T, "9/3"), "eliminated");
	assert_string_equal(fmt_where(&T, "1 Arm"), "eliminated");
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	fmt_put(&T, "8/3", "0506");
	fmt_events_clear(&T);
	fmt_dice(&T, 1, 3); /* 5 vs 14: -9 -> -5, die 3: (A) */
	set_defense("245", 5);
	fmt_dice(&T, 0);
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 8/3"), 0); /* 0, die 3: NE */
	assert_string_equal(res("result")->valuestring, "NE");
	assert_string_equal(fmt_where(&T, "8/3"), "0506");
	assert_string_equal(fmt_where(&T, "245"), "0505");
	assert_int_equal(fmt_step(&T, "8/3"), 0);
}

/* FM-8.0-06, FM-8.2.1-01: a declared attack runs to the end before anything else. */
static void test_fm_8_0_06_attack_resolved_before_next(void **state)
{
	(void)state;
	fmt_hand(&T, ALLIED, "A1");
	fmt_put(&T, "712", "0505");
	fmt_put(&T, "1037", "0507");
	fmt_put(&T, "9/3", "0506");
	fmt_put(&T, "8/3", "0406");
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 9/3"), 0);
	assert_int_equal(T.g->await, FM_AW_SUPPORT);
	fmt_do(&T, ALLIED, "attack 0507 8/3");
	fmt_refused(&T, WG_E_WRONG_PHASE, "FM-8.0-06");
	assert_non_null(strstr(T.err.message, "support fire step b1")); /* what it waits for */
	fmt_do(&T, ALLIED, "end"); /* would call the declared attack off */
	fmt_refused(&T, WG_E_WRONG_PHASE, "FM-8.2.1-01");
	assert_non_null(strstr(T.err.message, "cannot be called off"));
	fmt_do(&T, ALLIED, "move 8/3 0407");
	fmt_refused(&T, WG_E_WRONG_PHASE, "FM-8.0-06");
	fmt_do(&T, ALLIED, "advance 9/3 0505");
	fmt_refused(&T, WG_E_WRONG_PHASE, "FM-8.5-07");
	fmt_do(&T, ALLIED, "reduce 9/3");
	fmt_refused(&T, WG_E_WRONG_PHASE, "FM-8.2.4-04");
	fmt_do(&T, ALLIED, "retreat 9/3 0507");
	fmt_refused(&T, WG_E_WRONG_PHASE, "FM-8.3-01");
}

/* FM-2.0-02: every combat die is one d6 from the game's stream. */
static void test_fm_2_0_02_die_is_d6_from_stream(void **state)
{
	(void)state;
	fmt_put(&T, "712", "0505");
	fmt_put(&T, "9/3", "0506");
	set_defense("712", 5); /* 0: c6; every die gives a no-retreat result except 4, 5 */
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 9/3"), 0);
	assert_int_equal(T.m.dice.nlog, 1);
	assert_int_equal(T.m.dice.log[0].sides, 6);
	assert_int_equal(T.m.dice.log[0].forced, 0);
	assert_int_equal(res("die")->valueint, T.m.dice.log[0].value);
}

#define T_(f) cmocka_unit_test_setup_teardown(f, setup_board, teardown_board)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    T_(test_fm_8_1_02_bombard_without_adjacency),
	    T_(test_fm_8_1_01_bombard_only_in_bombard_phase),
	    T_(test_fm_8_1_05_two_markers_per_hex),
	    T_(test_fm_8_1_4_02_bombard_ignores_hexsides),
	    T_(test_fm_8_1_3_01_attacker_results_void),
	    T_(test_fm_8_1_3_02_friendly_fire),
	    T_(test_fm_8_2_01_adjacent_only),
	    T_(test_fm_8_2_05_one_attack_per_unit),
	    T_(test_fm_4_1_10_mobile_combat_phase),
	    T_(test_fm_8_2_06_v8_attack_rule),
	    T_(test_fm_8_2_09_prohibited_attacks),
	    T_(test_fm_8_2_10_attacker_terrain_irrelevant),
	    T_(test_fm_8_2_2_02_river_and_bridge_lines),
	    T_(test_fm_8_2_2_05_hexside_lines),
	    T_(test_fm_8_2_3_fortification),
	    T_(test_fm_8_2_3_fortification_counter),
	    T_(test_fm_8_1_1_01_bombard_range_from_nearest_unit),
	    T_(test_fm_8_1_1_01_range_of_some_markers_from_hexes),
	    T_(test_fm_8_2_4_01_de_eliminates),
	    T_(test_fm_8_2_4_04_exchange),
	    T_(test_fm_8_2_4_06_attacker_loss_choice),
	    T_(test_fm_8_2_4_07_ae_and_ne),
	    T_(test_fm_8_0_06_attack_resolved_before_next),
	    T_(test_fm_2_0_02_die_is_d6_from_stream),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
