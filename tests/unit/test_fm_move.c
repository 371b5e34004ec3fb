/*
 * test_fm_move.c -- set-up (FM-3.0), movement (FM-5), zones of control
 * (FM-6), reinforcements (FM-4.1-04, AMB-43), `reach` and `move ... to`.
 *
 * Geometry of the test map (even columns shifted): odd column x has
 * neighbours (x,y+-1) (x+-1,y) (x+-1,y-1); even column x has (x,y+-1)
 * (x+-1,y) (x+-1,y+1).  A German unit at 0810 has the ZOC 0809 0811 0710
 * 0910 0711 0911.
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
	fmt_phase(&T, ALLIED, FM_PH_MOVEMENT);
	fmt_events_clear(&T);
	return 0;
}

static int teardown_board(void **state)
{
	(void)state;
	fmt_close(&T);
	return 0;
}

static int mp(const char *unit)
{
	return T.g->u[fmt_unit(&T, unit)].mp_half; /* half MP */
}

/* FM-5.4-01: clear costs 1; FM-5.1-02/03/04: any direction, contiguous, MP per hex. */
static void test_fm_5_4_01_clear_hex_costs_one_mp(void **state)
{
	(void)state;
	fmt_put(&T, "9/3", "0505");
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 0506"), 0);
	assert_int_equal(mp("9/3"), 2);
	assert_string_equal(fmt_where(&T, "9/3"), "0506");
	assert_true(fmt_has_event(&T, "moved"));
	/* FM-5.1-03: a non-adjacent hex is refused */
	fmt_do(&T, ALLIED, "move 9/3 0509");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.1-03");
	assert_string_equal(fmt_where(&T, "9/3"), "0506");
}

/* FM-5.4-02: several terrain types: the most expensive (woods 2 over town 1). */
static void test_fm_5_4_02_highest_terrain_cost(void **state)
{
	(void)state;
	fmt_put(&T, "9/3", "0405");
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 0406"), 0);
	assert_int_equal(mp("9/3"), 4);
}

/* FM-5.4-03/06, EX-02: rough costs 2 MP (per-game TEC data). */
static void test_fm_5_4_06_rough_costs_two(void **state)
{
	(void)state;
	fmt_put(&T, "9/3", "0203");
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 0202"), 0);
	assert_int_equal(mp("9/3"), 4);
}

/* FM-5.4-04, EX-04: a river hexside (+1) into a clear hex (1) costs 2. */
static void test_fm_5_4_04_river_hexside_added(void **state)
{
	(void)state;
	fmt_put(&T, "9/3", "0606");
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 0607"), 0);
	assert_int_equal(mp("9/3"), 4);
}

/* FM-5.4-05, EX-05: clear (1) + village (+1) across a river (+1) = 3; rough+village = 3. */
static void test_fm_5_4_05_plus_n_terrain_added(void **state)
{
	struct fmt t;
	cJSON *doc = fmt_doc();
	(void)state;
	fmt_doc_side(doc, "0211", "0212", "river", 0);
	fmt_open_doc(&t, doc, NULL, 0);
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_MOVEMENT);
	fmt_put(&t, "9/3", "0211");
	assert_int_equal(fmt_do(&t, ALLIED, "move 9/3 0212"), 0);
	assert_int_equal(t.g->u[fmt_unit(&t, "9/3")].mp_half, 6);
	fmt_put(&t, "8/3", "0407");
	assert_int_equal(fmt_do(&t, ALLIED, "move 8/3 0408"), 0);
	assert_int_equal(t.g->u[fmt_unit(&t, "8/3")].mp_half, 6);
	fmt_close(&t);
}

/* FM-5.4.1-01: road hex to road hex through a road hexside: 1/2 MP, even across a
 * bridged river. */
static void test_fm_5_4_1_01_road_costs_half(void **state)
{
	(void)state;
	fmt_put(&T, "9/3", "0601");
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 0602 0603 0604"), 0);
	assert_int_equal(mp("9/3"), 3);
	fmt_put(&T, "8/3", "0707");
	assert_int_equal(fmt_do(&T, ALLIED, "move 8/3 0607"), 0);
	assert_int_equal(mp("8/3"), 1); /* across the river on the road */
}

/* FM-5.4.1-01, AMB-112: a hexside type whose data says mp_add_on_road keeps its "+N" on a
 * road move (the Scheldt causeway); the river here, so marked, makes 0707-0607 cost 1/2 + 1. */
static void test_fm_5_4_1_01_hexside_cost_kept_on_road_by_data(void **state)
{
	cJSON *doc = fmt_doc(), *t;
	struct fmt t2;
	(void)state;
	cJSON_ArrayForEach(t, cJSON_GetObjectItem(doc, "hexside_types"))
	{
		if (strcmp(cJSON_GetObjectItem(t, "id")->valuestring, "river") == 0)
			cJSON_AddTrueToObject(t, "mp_add_on_road");
	}
	fmt_open_doc(&t2, doc, NULL, 0);
	fmt_clear(&t2);
	fmt_phase(&t2, ALLIED, FM_PH_MOVEMENT);
	fmt_put(&t2, "8/3", "0707");
	assert_int_equal(fmt_do(&t2, ALLIED, "move 8/3 0607"), 0);
	assert_int_equal(t2.g->u[fmt_unit(&t2, "8/3")].mp_half, 1 + 2);
	fmt_close(&t2);
}

/* FM-5.4.2-01: a trail move costs 1 whatever the terrain (woods 0802 would cost 2). */
static void test_fm_5_4_2_01_trail_costs_one(void **state)
{
	(void)state;
	fmt_put(&T, "8/3", "0903");
	assert_int_equal(fmt_do(&T, ALLIED, "move 8/3 0802"), 0);
	assert_int_equal(mp("8/3"), 4); /* off the trail: woods 2 */
	fmt_put(&T, "8/3", "1212");
	fmt_put(&T, "9/3", "0801");
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 0802"), 0);
	assert_int_equal(mp("9/3"), 2);
}

/* FM-5.2-04: a unit cannot enter a hex whose cost exceeds its remaining MP; FM-5.2-02. */
static void test_fm_5_2_04_insufficient_mp_refused(void **state)
{
	(void)state;
	fmt_put(&T, "HQ", "0506"); /* MA 4 */
	assert_int_equal(fmt_do(&T, ALLIED, "move HQ 0507 0508 0509"), 0);
	fmt_do(&T, ALLIED, "move HQ 0409 0408");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.2-04");
	assert_string_equal(fmt_where(&T, "HQ"), "0509"); /* atomic: nothing moved */
	assert_int_equal(mp("HQ"), 6);
	assert_int_equal(fmt_do(&T, ALLIED, "move HQ 0409"), 0);
	fmt_do(&T, ALLIED, "move HQ 0309");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.2-04");
}

/* FM-5.2-05: no minimum move: a unit that cannot pay for any adjacent hex stays. */
static void test_fm_5_2_05_no_minimum_move(void **state)
{
	struct fmt t;
	cJSON *doc = fmt_doc();
	(void)state;
	fmt_doc_steps(doc, "HQ", "0-1-1");
	fmt_doc_hex(doc, "0101", "rough");
	fmt_doc_hex(doc, "0301", "rough");
	fmt_doc_hex(doc, "0102", "rough");
	fmt_doc_hex(doc, "0302", "rough");
	fmt_open_doc(&t, doc, NULL, 0);
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_MOVEMENT);
	fmt_put(&t, "HQ", "0201");
	assert_int_equal(fmt_query(&t, ALLIED, "reach HQ"), 0);
	assert_true(fmt_reply_has(&t, "nowhere"));
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(t.reply, "hexes")), 0);
	fmt_do(&t, ALLIED, "move HQ 0202");
	fmt_refused(&t, WG_E_ILLEGAL_MOVE, "FM-5.2-04");
	fmt_close(&t);
}

/* FM-5.2-06: no entry into an enemy hex, not even passing through. */
static void test_fm_5_2_06_enemy_hex_refused(void **state)
{
	(void)state;
	fmt_put(&T, "1 Arm", "0601");
	fmt_put(&T, "1038", "0603");
	fmt_do(&T, ALLIED, "move 1_Arm 0602 0603 0604");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.2-06");
}

/* FM-5.2-07: prohibited hex (sea), prohibited hexside (all-sea), mobile-prohibited hex. */
static void test_fm_5_2_07_prohibited_terrain_and_hexside(void **state)
{
	(void)state;
	fmt_put(&T, "9/3", "0409");
	fmt_do(&T, ALLIED, "move 9/3 0410");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.2-07");
	fmt_put(&T, "8/3", "0109");
	fmt_do(&T, ALLIED, "move 8/3 0110");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.2-07");
	fmt_put(&T, "1 Arm", "0405");
	fmt_do(&T, ALLIED, "move 1_Arm 0404");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.2-07");
}

/* FM-5.2-08: the map has no hex beyond its edge. */
static void test_fm_5_2_08_cannot_exit_map(void **state)
{
	(void)state;
	fmt_put(&T, "9/3", "0101");
	fmt_do(&T, ALLIED, "move 9/3 0100");
	fmt_refused(&T, WG_E_NO_SUCH_HEX, NULL);
	fmt_do(&T, ALLIED, "move 9/3 to 1313");
	fmt_refused(&T, WG_E_NO_SUCH_HEX, NULL);
}

/* FM-5.2-01: only the owner, only in his Movement or Mobile Movement Phase. */
static void test_fm_5_2_01_move_only_in_own_phase(void **state)
{
	(void)state;
	fmt_put(&T, "9/3", "0505");
	fmt_put(&T, "712", "0501");
	fmt_do(&T, GERMAN, "move 712 0502");
	fmt_refused(&T, WG_E_NOT_YOUR_TURN, NULL);
	fmt_do(&T, ALLIED, "move 712 0502");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.2-01");
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	fmt_do(&T, ALLIED, "move 9/3 0506");
	fmt_refused(&T, WG_E_WRONG_PHASE, NULL);
}

/* FM-5.2-02/03 and AMB-20: MP are spent over several commands of the same unit but not
 * beyond the MA; another unit's move finishes the first; FM-5.2-10. */
static void test_fm_5_2_10_finished_unit_cannot_move_again(void **state)
{
	(void)state;
	fmt_put(&T, "9/3", "0505");
	fmt_put(&T, "8/3", "0305");
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 0506"), 0);
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 0507 0508"), 0); /* continuation */
	assert_int_equal(mp("9/3"), 6);
	assert_int_equal(fmt_do(&T, ALLIED, "move 8/3 0306"), 0);
	fmt_do(&T, ALLIED, "move 9/3 0509");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.2-10");
	/* FM-5.2-03: a new phase starts with no MP spent */
	assert_int_equal(fmt_do(&T, ALLIED, "end"), 0);
	assert_int_equal(mp("8/3"), 0);
}

/* Option movement.allow_continuation=false: one command per unit. */
static void test_fm_5_1_03_no_continuation_option(void **state)
{
	struct fmt t;
	(void)state;
	fmt_open(&t, "movement.allow_continuation=false");
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_MOVEMENT);
	fmt_put(&t, "9/3", "0505");
	assert_int_equal(fmt_do(&t, ALLIED, "move 9/3 0506"), 0);
	fmt_do(&t, ALLIED, "move 9/3 0507");
	fmt_refused(&t, WG_E_ILLEGAL_MOVE, "FM-5.2-10");
	fmt_close(&t);
}

/* FM-5.3-02/03: through friendly hexes freely, never ending stacked; FM-5.3-01. */
static void test_fm_5_3_03_no_stacking_at_end(void **state)
{
	(void)state;
	fmt_put(&T, "9/3", "0601");
	fmt_put(&T, "8/3", "0602");
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 0602 0603"), 0);
	assert_int_equal(mp("9/3"), 2);
	fmt_put(&T, "7/3", "0604");
	fmt_do(&T, ALLIED, "move 7/3 0603");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.3-03");
}

/* FM-5.5-01/02/03/04, FM-4.1-05/09. */
static void test_fm_5_5_02_mobile_phase_rules(void **state)
{
	(void)state;
	fmt_put(&T, "1 Arm", "0505");
	fmt_put(&T, "2 Arm", "0305");
	fmt_put(&T, "9/3", "0705");
	assert_int_equal(fmt_do(&T, ALLIED, "move 1_Arm 0506"), 0);
	fmt_phase(&T, ALLIED, FM_PH_MOBILE_MOVE);
	T.g->u[fmt_unit(&T, "1 Arm")].flags |= FM_UF_MOVED;
	fmt_do(&T, ALLIED, "move \"1 Arm\" 0507");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.5-02");
	fmt_do(&T, ALLIED, "move 9/3 0706");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.5-03");
	assert_int_equal(fmt_do(&T, ALLIED, "move 2_Arm 0306 0307"), 0);
	assert_int_equal(mp("2 Arm"), 4); /* same costs as the Movement Phase */
}

/* FM-6.0-01/03/06/07/08: ZOC = the six adjacent hexes, in every phase, unaffected by other
 * units, coexisting; reciprocity. */
static void test_fm_6_0_01_zoc_is_six_adjacent_hexes(void **state)
{
	const char *in[] = {"0809", "0811", "0710", "0910", "0711", "0911"};
	(void)state;
	fmt_put(&T, "712", "0810");
	for (int k = 0; k < 6; k++)
		assert_true(fm__in_ezoc(T.g, fmt_hex(&T, in[k]), ALLIED));
	assert_false(fm__in_ezoc(T.g, fmt_hex(&T, "0810"), ALLIED));
	assert_false(fm__in_ezoc(T.g, fmt_hex(&T, "0812"), ALLIED));
	assert_false(fm__in_ezoc(T.g, fmt_hex(&T, "0811"), GERMAN)); /* own ZOC is no EZOC */
	/* FM-6.0-06/07: an allied unit in 0811 changes nothing; both ZOCs coexist */
	fmt_put(&T, "9/3", "0812");
	assert_true(fm__in_ezoc(T.g, fmt_hex(&T, "0811"), ALLIED));
	assert_true(fm__in_ezoc(T.g, fmt_hex(&T, "0811"), GERMAN));
	/* FM-6.0-08: reciprocity */
	fmt_put(&T, "9/3", "0811");
	assert_true(fm__in_ezoc(T.g, fmt_hex(&T, "0811"), ALLIED));
	assert_true(fm__in_ezoc(T.g, fmt_hex(&T, "0810"), GERMAN));
	/* FM-6.0-03: also in the other side's phases */
	fmt_phase(&T, GERMAN, FM_PH_COMBAT);
	assert_true(fm__in_ezoc(T.g, fmt_hex(&T, "0811"), ALLIED));
}

/* FM-6.0-02: a no-ZOC unit exerts none. */
static void test_fm_6_0_02_no_zoc_unit(void **state)
{
	(void)state;
	fmt_put(&T, "HQ", "0810");
	assert_false(fm__in_ezoc(T.g, fmt_hex(&T, "0811"), GERMAN));
	fmt_put(&T, "9/3", "0912");
	assert_true(fm__in_ezoc(T.g, fmt_hex(&T, "0911"), GERMAN));
}

/* FM-6.0-04: ZOC extends across a prohibited hexside and into prohibited terrain. */
static void test_fm_6_0_04_zoc_across_prohibited(void **state)
{
	(void)state;
	fmt_put(&T, "712", "0409");
	assert_true(fm__in_ezoc(T.g, fmt_hex(&T, "0410"), ALLIED)); /* sea hex */
	fmt_put(&T, "1037", "0109");
	assert_true(fm__in_ezoc(T.g, fmt_hex(&T, "0110"), ALLIED)); /* across all-sea side */
}

/* The trench type of fm-test.json without its blocks_zoc_of: the same map, no block. */
static void open_without_block(struct fmt *t)
{
	cJSON *doc = fmt_doc(), *ty;

	cJSON_ArrayForEach(ty, cJSON_GetObjectItem(doc, "terrain"))
	{
		if (strcmp(cJSON_GetObjectItem(ty, "id")->valuestring, "trench") == 0)
			cJSON_DeleteItemFromObject(ty, "blocks_zoc_of");
	}
	fmt_open_doc(t, doc, NULL, 0);
	fmt_clear(t);
}

/* FM-6.0-05: a terrain type may block the ZOC of one side's units from its hexes: the trench
 * hex 1007 of fm-test.json ("blocks_zoc_of": ["allied"], as Meuse Argonne's trench hexes
 * block Allied ZOC only, MA-14.2-05). */
static void test_fm_6_0_05_terrain_blocks_zoc_of_a_side(void **state)
{
	struct fmt t;
	(void)state;
	fmt_put(&T, "9/3", "1008");
	fmt_put(&T, "712", "1006");
	assert_false(fm__in_ezoc(T.g, fmt_hex(&T, "1007"), GERMAN)); /* the Allied ZOC stops */
	assert_true(fm__in_ezoc(T.g, fmt_hex(&T, "1009"), GERMAN));  /* elsewhere it extends */
	assert_true(fm__in_ezoc(T.g, fmt_hex(&T, "1007"), ALLIED));  /* the German ZOC does not */
	/* a German leg unit goes through the trench next to 9/3 without stopping (FM-6.1-01) */
	fmt_put(&T, "712", "0101");
	fmt_put(&T, "1037", "1107");
	fmt_phase(&T, GERMAN, FM_PH_MOVEMENT);
	assert_int_equal(fmt_do(&T, GERMAN, "move 1037 1007 1006"), 0);
	assert_string_equal(fmt_where(&T, "1037"), "1006");
	/* the same move stops in 1007 when the trench blocks nothing */
	open_without_block(&t);
	fmt_put(&t, "9/3", "1008");
	fmt_put(&t, "1037", "1107");
	fmt_phase(&t, GERMAN, FM_PH_MOVEMENT);
	assert_true(fm__in_ezoc(t.g, fmt_hex(&t, "1007"), GERMAN));
	fmt_do(&t, GERMAN, "move 1037 1007 1006");
	fmt_refused(&t, WG_E_ILLEGAL_MOVE, "FM-6.1-01");
	fmt_close(&t);
}

/* FM-6.1-01: a leg unit starting outside an EZOC stops on entering one. */
static void test_fm_6_1_01_leg_unit_stops_entering_ezoc(void **state)
{
	(void)state;
	fmt_put(&T, "712", "0810");
	fmt_put(&T, "9/3", "0812");
	fmt_do(&T, ALLIED, "move 9/3 0811 0711");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-6.1-01");
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 0811"), 0);
	assert_int_equal(mp("9/3"), 2); /* 5 MP left, but it stops */
	fmt_do(&T, ALLIED, "move 9/3 0812");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-6.1-01");
}

/* FM-6.1-02, EX-33: from an EZOC directly into another EZOC hex by spending the whole MA. */
static void test_fm_6_1_02_leg_ezoc_to_ezoc_costs_all_ma(void **state)
{
	(void)state;
	fmt_put(&T, "712", "0810");
	fmt_put(&T, "9/3", "0811");
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 0711"), 0);
	assert_int_equal(mp("9/3"), 12);
	assert_true(T.g->u[fmt_unit(&T, "9/3")].flags & FM_UF_STOPPED);
	/* EX-33: MA 4 into a 2-MP EZOC hex: allowed, all 4 spent; into a 5-MP one: refused */
	fmt_put(&T, "HQ", "0809");
	fmt_put(&T, "1037", "0608");
	assert_int_equal(fmt_do(&T, ALLIED, "move HQ 0709"), 0);
	assert_int_equal(mp("HQ"), 8);
}

static void test_fm_6_1_02_ezoc_to_ezoc_needs_ma_for_terrain(void **state)
{
	struct fmt t;
	cJSON *doc = fmt_doc();
	(void)state;
	fmt_doc_hex(doc, "0711", "swamp,village,village");
	fmt_doc_steps(doc, "HQ", "0-1-3");
	fmt_open_doc(&t, doc, NULL, 0);
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_MOVEMENT);
	fmt_put(&t, "712", "0810");
	fmt_put(&t, "HQ", "0811");
	fmt_do(&t, ALLIED, "move HQ 0711"); /* swamp 3 + village 1 = 4 > MA 3 */
	fmt_refused(&t, WG_E_ILLEGAL_MOVE, "FM-6.1-02");
	fmt_close(&t);
}

/* FM-6.1-03: leaving an EZOC costs the normal cost and the unit goes on. */
static void test_fm_6_1_03_leave_ezoc_normally(void **state)
{
	(void)state;
	fmt_put(&T, "712", "0810");
	fmt_put(&T, "9/3", "0811");
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 0812 0712"), 0);
	assert_int_equal(mp("9/3"), 4);
}

/* FM-6.1-04 (AMB-16): leaving an EZOC and entering another halts a leg unit; the option
 * zoc.leg_halts_on_reentry=false reads [S] literally. */
static void test_fm_6_1_04_leg_halts_on_reentering_ezoc(void **state)
{
	struct fmt t;
	(void)state;
	fmt_put(&T, "712", "0810");
	fmt_put(&T, "9/3", "0811");
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 0712 0711"), 0);
	assert_true(T.g->u[fmt_unit(&T, "9/3")].flags & FM_UF_STOPPED);
	fmt_open(&t, "zoc.leg_halts_on_reentry=false");
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_MOVEMENT);
	fmt_put(&t, "712", "0810");
	fmt_put(&t, "9/3", "0811");
	assert_int_equal(fmt_do(&t, ALLIED, "move 9/3 0712 0711"), 0);
	assert_false(t.g->u[fmt_unit(&t, "9/3")].flags & FM_UF_STOPPED);
	fmt_close(&t);
}

/* FM-6.1-05, EX-06, EX-22: a mobile unit pays half its printed MA (rounded down) plus
 * terrain to enter an EZOC: MA 7 -> 3 + 1; MA 10 -> 5 + 1; MA 5 -> 2 + 1; road 3 + 1/2. */
static void test_fm_6_1_05_mobile_pays_half_ma(void **state)
{
	(void)state;
	fmt_put(&T, "712", "0810");
	fmt_put(&T, "1 Cav", "0812");
	assert_int_equal(fmt_do(&T, ALLIED, "move 1_Cav 0811"), 0);
	assert_int_equal(mp("1 Cav"), 8);
	fmt_put(&T, "1 Arm", "1011");
	assert_int_equal(fmt_do(&T, ALLIED, "move 1_Arm 0911"), 0);
	assert_int_equal(mp("1 Arm"), 12);
	fmt_put(&T, "Recon", "0608");
	assert_int_equal(fmt_do(&T, ALLIED, "move Recon 0709 0710"), 0);
	assert_int_equal(mp("Recon"), 2 + 6);
	fmt_put(&T, "1037", "0704");
	fmt_put(&T, "2 Arm", "0602");
	T.g->u[fmt_unit(&T, "2 Arm")].step = 0;
	assert_int_equal(fmt_do(&T, ALLIED, "move 2_Arm 0603"), 0);
	assert_int_equal(mp("2 Arm"), 1 + 10); /* 1/2 road + 5 */
}

/* FM-6.1-06 (AMB-15): EZOC to EZOC for a mobile unit if it can pay; it need not stop. */
static void test_fm_6_1_06_mobile_ezoc_to_ezoc(void **state)
{
	struct fmt t;
	(void)state;
	fmt_put(&T, "712", "0810");
	fmt_put(&T, "1 Arm", "0811");
	assert_int_equal(fmt_do(&T, ALLIED, "move 1_Arm 0711 0712"), 0);
	assert_int_equal(mp("1 Arm"), 12 + 2); /* 1 + 5 into the EZOC, 1 out, no stop */
	fmt_put(&T, "1 Cav", "1011");
	fmt_do(&T, ALLIED, "move 1_Cav 0911 0910");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.2-04"); /* 4 + 4 > 7 */
	fmt_open(&t, "zoc.mobile_stops=true");
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_MOVEMENT);
	fmt_put(&t, "712", "0810");
	fmt_put(&t, "1 Arm", "0812");
	fmt_do(&t, ALLIED, "move 1_Arm 0811 0711");
	fmt_refused(&t, WG_E_ILLEGAL_MOVE, "FM-6.1-01");
	fmt_close(&t);
}

/* FM-6.1-07: no EZOC-to-EZOC move across a minefield or into a fortification;
 * FM-6.1-08: commandos are exempt and pay no EZOC cost. */
static void test_fm_6_1_07_minefield_and_fort_exception(void **state)
{
	(void)state;
	fmt_put(&T, "712", "0705");
	fmt_put(&T, "1037", "0907");
	fmt_put(&T, "9/3", "0805");
	fmt_do(&T, ALLIED, "move 9/3 0806");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-6.1-07");
	fmt_put(&T, "245", "0502");
	fmt_put(&T, "8/3", "0401");
	fmt_do(&T, ALLIED, "move 8/3 0402");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-6.1-07");
	fmt_put(&T, "No 4 Cdo", "0805");
	fmt_put(&T, "9/3", "0312");
	assert_int_equal(fmt_do(&T, ALLIED, "move No_4_Cdo 0806"), 0);
	assert_int_equal(mp("No 4 Cdo"), 2); /* normal cost, not all MA */
}

/* FM-6.1-07, FM-8.2.3: a fortification counter (map.fortifications: 1005) is a fortification
 * hex like printed terrain: no EZOC-to-EZOC move into it. */
static void test_fm_6_1_07_no_ezoc_to_ezoc_into_fort_counter(void **state)
{
	(void)state;
	assert_true(fm__hex_has_fort(T.g, fmt_hex(&T, "1005")));
	assert_false(fm__hex_has_fort(T.g, fmt_hex(&T, "1004")));
	fmt_put(&T, "245", "1105");
	fmt_put(&T, "8/3", "1004");
	fmt_do(&T, ALLIED, "move 8/3 1005");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-6.1-07");
	assert_int_equal(fmt_do(&T, ALLIED, "move 8/3 1104"), 0); /* EZOC to EZOC elsewhere */
}

static void test_fm_6_1_08_commando_pays_no_ezoc_cost(void **state)
{
	struct fmt t;
	cJSON *doc = fmt_doc();
	(void)state;
	fmt_doc_unit_flag(doc, "No 4 Cdo", "mobile", cJSON_CreateTrue());
	fmt_open_doc(&t, doc, NULL, 0);
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_MOVEMENT);
	fmt_put(&t, "712", "0810");
	fmt_put(&t, "No 4 Cdo", "0812");
	assert_int_equal(fmt_do(&t, ALLIED, "move No_4_Cdo 0811 0711"), 0);
	assert_int_equal(t.g->u[fmt_unit(&t, "No 4 Cdo")].mp_half, 4);
	fmt_close(&t);
}

/* FM-6.2-01/02 are tested with retreats and advances (test_fm_retreat). `move ... to`. */
static void test_fm_5_1_move_to_takes_cheapest_path(void **state)
{
	(void)state;
	fmt_put(&T, "9/3", "0601");
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 to 0609"), 0);
	assert_string_equal(fmt_where(&T, "9/3"), "0609");
	assert_int_equal(mp("9/3"), 9); /* by road over the bridge: 4.5 MP */
	fmt_put(&T, "8/3", "0601");
	fmt_put(&T, "1038", "0602");
	T.g->mover = -1;
	fmt_do(&T, ALLIED, "move 8/3 to 1111");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.2-04");
}

static void test_fm_5_1_reach_lists_costs(void **state)
{
	(void)state;
	fmt_put(&T, "9/3", "0601");
	assert_int_equal(fmt_query(&T, ALLIED, "reach 9/3"), 0);
	assert_true(fmt_reply_has(&T, "0609 (4.5)"));
	assert_true(fmt_reply_has(&T, "\"hex\":\"0606\",\"mp\":2.5"));
	assert_false(fmt_reply_has(&T, "\"hex\":\"0601\""));
	/* spectators may query too (public information) */
	assert_int_equal(fmt_query(&T, RULES_SPECTATOR, "reach 9/3"), 0);
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	assert_int_equal(fmt_query(&T, ALLIED, "reach 9/3"), 0);
	assert_true(fmt_reply_has(&T, "cannot move now"));
}

/* FM-3.0-04: set-up choices are validated (allowed hexes, no stacking), and the side must
 * place every unit before ending; FM-3.0-02/03 fixed units are placed by the scenario. */
static void test_fm_3_0_04_setup_placement_validated(void **state)
{
	struct fmt t;
	(void)state;
	fmt_open_doc(&t, fmt_doc(), NULL, 1);
	assert_int_equal(t.g->phase, FM_PH_SETUP);
	assert_string_equal(fmt_where(&t, "9/3"), "0312");
	assert_string_equal(fmt_where(&t, "10/1"), "off");
	fmt_do(&t, GERMAN, "end");
	fmt_refused(&t, WG_E_NOT_YOUR_TURN, NULL);
	fmt_do(&t, ALLIED, "end");
	fmt_refused(&t, WG_E_ILLEGAL_ACTION, "FM-3.0-04");
	fmt_do(&t, ALLIED, "place 10/1 0505");
	fmt_refused(&t, WG_E_ILLEGAL_ACTION, "FM-3.0-04");
	fmt_do(&t, ALLIED, "place 9/3 0111");
	fmt_refused(&t, WG_E_ILLEGAL_ACTION, "FM-3.0-04");
	fmt_put(&t, "8/3", "0112");
	fmt_do(&t, ALLIED, "place 10/1 0112");
	fmt_refused(&t, WG_E_ILLEGAL_ACTION, "FM-5.3-01");
	assert_int_equal(fmt_do(&t, ALLIED, "place 10/1 0110"), 0);
	assert_int_equal(fmt_do(&t, ALLIED, "place 10/1 0210"), 0); /* may change his mind */
	assert_int_equal(fmt_do(&t, ALLIED, "end"), 0);
	assert_int_equal(t.g->phase, FM_PH_MOVEMENT);
	assert_int_equal(t.g->turn, 1);
	fmt_do(&t, ALLIED, "place 10/1 0110");
	fmt_refused(&t, WG_E_WRONG_PHASE, NULL);
	fmt_close(&t);
}

/* FM-4.1-04, FM-3.0-05, AMB-43: reinforcements enter at their hexes from their turn on,
 * pay the entry hex's cost and may move on. */
static void test_fm_4_1_04_reinforcement_entry(void **state)
{
	(void)state;
	fmt_do(&T, ALLIED, "enter 413/104 0112");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-3.0-05");
	T.g->turn = 2;
	fmt_do(&T, ALLIED, "enter 413/104 0505");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-3.0-05");
	fmt_put(&T, "9/3", "0112");
	fmt_do(&T, ALLIED, "enter 413/104 0112");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.3-03");
	assert_int_equal(fmt_do(&T, ALLIED, "enter 413/104 0212"), 0);
	assert_int_equal(mp("413/104"), 4); /* clear + village */
	assert_int_equal(fmt_do(&T, ALLIED, "move 413/104 0211 0210"), 0);
	assert_int_equal(mp("413/104"), 8);
	fmt_do(&T, ALLIED, "enter 413/104 0112");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-3.0-05");
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	fmt_do(&T, ALLIED, "enter 413/104 0112");
	fmt_refused(&T, WG_E_WRONG_PHASE, NULL);
}

/* FM-5.2-10 / FM-8.5-12: a unit that advanced after combat cannot move in the Mobile
 * Movement Phase. */
static void test_fm_8_5_12_advanced_unit_cannot_move(void **state)
{
	(void)state;
	fmt_put(&T, "1 Arm", "0505");
	fmt_phase(&T, ALLIED, FM_PH_MOBILE_MOVE);
	T.g->u[fmt_unit(&T, "1 Arm")].flags |= FM_UF_ADVANCED;
	fmt_do(&T, ALLIED, "move 1_Arm 0506");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-8.5-12");
}

/* Atomicity: a refused path leaves position, MP and events untouched. */
static void test_fm_move_refusal_changes_nothing(void **state)
{
	char *before, *after;
	size_t nev;
	(void)state;
	fmt_put(&T, "1 Arm", "0601");
	fmt_put(&T, "1038", "0605");
	before = fm_ruleset.snapshot(T.m.game);
	nev = T.ev.count;
	fmt_do(&T, ALLIED, "move 1_Arm 0602 0603 0604 0605");
	fmt_refused(&T, WG_E_ILLEGAL_MOVE, "FM-5.2-06");
	after = fm_ruleset.snapshot(T.m.game);
	assert_string_equal(before, after);
	assert_int_equal(T.ev.count, nev);
	free(before);
	free(after);
}

#define T_(f) cmocka_unit_test_setup_teardown(f, setup_board, teardown_board)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    T_(test_fm_5_4_01_clear_hex_costs_one_mp),
	    T_(test_fm_5_4_02_highest_terrain_cost),
	    T_(test_fm_5_4_06_rough_costs_two),
	    T_(test_fm_5_4_04_river_hexside_added),
	    T_(test_fm_5_4_05_plus_n_terrain_added),
	    T_(test_fm_5_4_1_01_road_costs_half),
	    T_(test_fm_5_4_1_01_hexside_cost_kept_on_road_by_data),
	    T_(test_fm_5_4_2_01_trail_costs_one),
	    T_(test_fm_5_2_04_insufficient_mp_refused),
	    T_(test_fm_5_2_05_no_minimum_move),
	    T_(test_fm_5_2_06_enemy_hex_refused),
	    T_(test_fm_5_2_07_prohibited_terrain_and_hexside),
	    T_(test_fm_5_2_08_cannot_exit_map),
	    T_(test_fm_5_2_01_move_only_in_own_phase),
	    T_(test_fm_5_2_10_finished_unit_cannot_move_again),
	    T_(test_fm_5_1_03_no_continuation_option),
	    T_(test_fm_5_3_03_no_stacking_at_end),
	    T_(test_fm_5_5_02_mobile_phase_rules),
	    T_(test_fm_6_0_01_zoc_is_six_adjacent_hexes),
	    T_(test_fm_6_0_02_no_zoc_unit),
	    T_(test_fm_6_0_04_zoc_across_prohibited),
	    T_(test_fm_6_0_05_terrain_blocks_zoc_of_a_side),
	    T_(test_fm_6_1_01_leg_unit_stops_entering_ezoc),
	    T_(test_fm_6_1_02_leg_ezoc_to_ezoc_costs_all_ma),
	    T_(test_fm_6_1_02_ezoc_to_ezoc_needs_ma_for_terrain),
	    T_(test_fm_6_1_03_leave_ezoc_normally),
	    T_(test_fm_6_1_04_leg_halts_on_reentering_ezoc),
	    T_(test_fm_6_1_05_mobile_pays_half_ma),
	    T_(test_fm_6_1_06_mobile_ezoc_to_ezoc),
	    T_(test_fm_6_1_07_minefield_and_fort_exception),
	    T_(test_fm_6_1_07_no_ezoc_to_ezoc_into_fort_counter),
	    T_(test_fm_6_1_08_commando_pays_no_ezoc_cost),
	    T_(test_fm_5_1_move_to_takes_cheapest_path),
	    T_(test_fm_5_1_reach_lists_costs),
	    T_(test_fm_3_0_04_setup_placement_validated),
	    T_(test_fm_4_1_04_reinforcement_entry),
	    T_(test_fm_8_5_12_advanced_unit_cannot_move),
	    T_(test_fm_move_refusal_changes_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
