/*
 * test_camp_move.c -- movement in The Scheldt Campaign: isolation (3.2), Operations Zones
 * and "uncontested" (3.4), Task Forces and units (3.7, 3.8), G-3 Tactical Movement
 * (9.0-9.1.6: MF and MP costs, once per player turn, the stop in an uncontested enemy OZ,
 * never into enemy hexes, a Task Force at its slowest unit's MF (SC-EX-D08), mechanized
 * units and polder/flooded hexes with roads, the one-hex minimum, no stacking limit), G-4
 * Strategic Movement (11.1: triple MF, never adjacent to the enemy) and the cross-Scheldt
 * ferries (11.1.1), on campaign-test.json.
 */
#include "test_camp_extra.h"

/* An empty map but for one far coastal battery (the game goes on), the Allied in their
 * Operations Phase with the hand given. */
static void open_empty(struct ct *t, const char *opts, const char *hand)
{
	ct_open(t, opts);
	ct_clear(t);
	ct_put(t, "CA4", "1002");
	ct_at(t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(t, ALLIED, hand);
}

/* The cost in MP of the cheapest move of unit to hex (-1 unreachable). */
static double cost_to(struct ct *t, const char *unit, const char *hex, int strategic)
{
	int n = t->g->sc->map.grid.count, *cost = malloc(sizeof(int) * (size_t)n),
	    *prev = malloc(sizeof(int) * (size_t)n);
	double c;

	assert_int_equal(camp__reach(t->g, ct_unit(t, unit), strategic, cost, prev), 0);
	c = cost[ct_hex(t, hex)] < 0 ? -1 : cost[ct_hex(t, hex)] / 2.0;
	free(cost);
	free(prev);
	return c;
}

/* The largest cost (half MP) of any hex unit reaches. */
static int max_cost(struct ct *t, const char *unit, int strategic)
{
	int n = t->g->sc->map.grid.count, *cost = malloc(sizeof(int) * (size_t)n),
	    *prev = malloc(sizeof(int) * (size_t)n), m = -1;

	assert_int_equal(camp__reach(t->g, ct_unit(t, unit), strategic, cost, prev), 0);
	for (int h = 0; h < n; h++)
		if (cost[h] > m)
			m = cost[h];
	free(cost);
	free(prev);
	return m;
}

/* ---- 3.2 isolation ------------------------------------------------------------------------ */

/* SC-3.2a, SC-AMB-21: Isolated when every neighbour holds an enemy unit or is vacant in an
 * enemy OZ; a friendly unit next door breaks it */
static void test_sc_3_2a_isolation(void **state)
{
	static const char *const ring[] = {"0404", "0405", "0504", "0506", "0604", "0605"};
	struct ct t;
	char sb[8];

	(void)state;
	open_empty(&t, NULL, "");
	ct_put(&t, "157", "0505");
	for (int k = 0; k < 6; k++) {
		snprintf(sb, sizeof(sb), "SB%d", k + 1);
		ct_put(&t, sb, ring[k]);
	}
	assert_true(camp__isolated(t.g, ct_hex(&t, "0505"), ALLIED));
	ct_set(&t, "SB6", CAMP_W_POOL); /* 0605 vacant */
	assert_false(camp__isolated(t.g, ct_hex(&t, "0505"), ALLIED));
	ct_put(&t, "70", "0606"); /* ... and in the German 70's OZ */
	ct_box(&t, "1018", "70");
	assert_true(camp__isolated(t.g, ct_hex(&t, "0505"), ALLIED));
	ct_put(&t, "147", "0605"); /* a friendly unit there: not vacant (SC-AMB-21) */
	assert_false(camp__isolated(t.g, ct_hex(&t, "0505"), ALLIED));
	ct_close(&t);
}

/* SC-AMB-20: at the map edge only the neighbours on the map count; all-sea neighbours and those
 * across water hexsides do not (isolation.ignores_sea=true), or do (false) */
static void test_sc_amb_20_isolation_at_edges_and_coasts(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, "");
	ct_put(&t, "157", "0101"); /* two neighbours on the map */
	ct_put(&t, "SB1", "0102");
	ct_put(&t, "SB2", "0201");
	assert_true(camp__isolated(t.g, ct_hex(&t, "0101"), ALLIED));
	/* CA4 in 1002: land neighbours 0902 and 1001, sea 0903 and 1003 */
	ct_put(&t, "147", "0902");
	ct_put(&t, "146", "1001");
	assert_true(camp__isolated(t.g, ct_hex(&t, "1002"), GERMAN));
	ct_close(&t);
	open_empty(&t, "isolation.ignores_sea=false", "");
	ct_put(&t, "147", "0902");
	ct_put(&t, "146", "1001");
	assert_false(camp__isolated(t.g, ct_hex(&t, "1002"), GERMAN));
	ct_close(&t);
}

/* ---- 3.4 Operations Zones -------------------------------------------------------------------- */

/* SC-3.4a, SC-3.4b, SC-AMB-21, SC-AMB-27: a Task Force's OZ is its hex and the neighbours (not
 * all-sea hexes, not across water unless oz.crosses_water); detached units have none;
 * "uncontested" is vacant of every unit */
static void test_sc_3_4_operations_zones(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, "");
	ct_put(&t, "70", "0702");
	ct_box(&t, "1018", "70");
	ct_put(&t, "1037", "0303");
	ct_put(&t, "64", "0904");
	ct_box(&t, "1038", "64");
	ct_put(&t, "49", "0806");
	ct_box(&t, "146", "49");
	assert_true(camp__in_oz(t.g, ct_hex(&t, "0702"), GERMAN));
	assert_true(camp__in_oz(t.g, ct_hex(&t, "0601"), GERMAN));
	assert_false(camp__in_oz(t.g, ct_hex(&t, "0704"), GERMAN)); /* two hexes off */
	assert_false(camp__in_oz(t.g, ct_hex(&t, "0304"), GERMAN)); /* 1037 is detached */
	assert_false(camp__in_oz(t.g, ct_hex(&t, "0903"), GERMAN)); /* all sea */
	assert_false(camp__in_oz(t.g, ct_hex(&t, "0805"), ALLIED)); /* across the estuary */
	assert_true(camp__in_oz(t.g, ct_hex(&t, "0807"), ALLIED));
	assert_true(camp__uncontested_enemy_oz(t.g, ct_hex(&t, "0601"), ALLIED));
	ct_put(&t, "157", "0601");
	assert_false(camp__uncontested_enemy_oz(t.g, ct_hex(&t, "0601"), ALLIED));
	assert_false(camp__uncontested_enemy_oz(t.g, ct_hex(&t, "0601"), GERMAN));
	ct_close(&t);
	open_empty(&t, "oz.crosses_water=true", "");
	ct_put(&t, "49", "0806");
	ct_box(&t, "146", "49");
	assert_true(camp__in_oz(t.g, ct_hex(&t, "0805"), ALLIED));
	ct_close(&t);
}

/* SC-3.4c, SC-9.1.1b, SC-AMB-21: a unit stops on entering a vacant hex of an enemy OZ; one
 * held by a friendly unit it may cross */
static void test_sc_9_1_1b_stop_in_an_uncontested_enemy_oz(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, "2xG-3");
	ct_put(&t, "70", "0702");
	ct_box(&t, "1018", "70");
	ct_put(&t, "157", "0501");
	ct_do(&t, ALLIED, "play G-3 move 157 0601 0502");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-9.1.1b");
	assert_int_equal(cost_to(&t, "157", "0502", 0), 1); /* not through 0601 */
	ct_put(&t, "147", "0601");
	ct_ok(&t, ALLIED, "play G-3 move 157 0601 0502");
	assert_string_equal(ct_where(&t, "157"), "0502");
	ct_ok(&t, ALLIED, "play G-3 move 147 0701"); /* ending there is fine */
	ct_close(&t);
}

/* ---- 9.1 Tactical Movement ------------------------------------------------------------------- */

/* SC-9.1b, SC-9.1c, SC-AMB-19: MP per the terrain chart: clear 1, forest 2, polder 2, canal
 * hexside +1, a road hexside 1/2 whatever the hex; no path above the MF */
static void test_sc_9_1b_movement_point_costs(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, "2xG-3");
	ct_put(&t, "157", "0102");
	assert_true(cost_to(&t, "157", "0202", 0) == 1);
	assert_true(cost_to(&t, "157", "0103", 0) == 2); /* clear + canal */
	assert_true(cost_to(&t, "157", "0303", 0) == 3); /* clear, then forest */
	ct_put(&t, "157", "0604");
	assert_true(cost_to(&t, "157", "0605", 0) == 0.5); /* along the road */
	assert_true(cost_to(&t, "157", "0706", 0) == 1.5);
	ct_put(&t, "157", "0506");
	assert_true(cost_to(&t, "157", "0606", 0) == 2); /* polder, no road */
	ct_do(&t, ALLIED, "play G-3 move 157 0606 0707 0807 0808");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-9.1c"); /* 2 + 1 + 1 + 1 > 4 */
	ct_ok(&t, ALLIED, "play G-3 move 157 0505");  /* voluntary: as far as he likes */
	ct_close(&t);
}

/* SC-9.1a, SC-2.1c, SC-9.1.1d: hex to adjacent hex, on the map */
static void test_sc_9_1a_hex_to_adjacent_hex(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, "G-3");
	ct_put(&t, "157", "0505");
	ct_do(&t, ALLIED, "play G-3 move 157 0507");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-2.1c");
	ct_do(&t, ALLIED, "play G-3 move 157 0505");
	ct_refused(&t, WG_E_BAD_ARGS, "SC-9.1a");
	ct_put(&t, "157", "0101");
	ct_do(&t, ALLIED, "play G-3 move 157 0100");
	ct_refused(&t, WG_E_NO_SUCH_HEX, NULL);
	ct_do(&t, ALLIED, "play G-3 move 157 1101");
	ct_refused(&t, WG_E_NO_SUCH_HEX, NULL);
	ct_close(&t);
}

/* SC-9.1.1a, SC-9.1.2a, SC-9.1d, SC-AMB-33: one Tactical Movement per unit and player turn, the
 * whole path at once; the MF is whole again next turn; Strategic Movement is no Tactical
 * Movement */
static void test_sc_9_1_1a_once_per_player_turn(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, "2xG-3 G-4");
	ct_put(&t, "157", "0505");
	ct_ok(&t, ALLIED, "play G-3 move 157 0504");
	ct_do(&t, ALLIED, "play G-3 move 157 0503");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-9.1.1a"); /* the 3 MP left are lost */
	ct_ok(&t, ALLIED, "play G-4 strategic 157 0503 0502");
	ct_at(&t, 2, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-3");
	ct_ok(&t, ALLIED, "play G-3 move 157 0401 0301 0201 0101"); /* 4 MP again */
	ct_close(&t);
}

/* SC-9.1.1c: never into a hex with an enemy unit */
static void test_sc_9_1_1c_never_into_enemy_hexes(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, "G-3");
	ct_put(&t, "157", "0505");
	ct_put(&t, "SB1", "0506");
	ct_do(&t, ALLIED, "play G-3 move 157 0506");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-9.1.1c");
	ct_do(&t, ALLIED, "play G-3 move 157 to 0506");
	assert_int_not_equal(t.rc, 0);
	assert_true(cost_to(&t, "157", "0506", 0) < 0);
	ct_close(&t);
}

/* SC-3.7a, SC-3.8a: a Task Force moves as one unit (its box goes along); a unit in a box does
 * not move alone; only one's own units on the map move */
static void test_sc_3_7a_a_task_force_is_one_unit(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, "2xG-3");
	ct_put(&t, "49", "0505");
	ct_box(&t, "146", "49");
	ct_box(&t, "147", "49");
	ct_put(&t, "SB1", "0303");
	ct_do(&t, ALLIED, "play G-3 move 146 0504");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-3.7a");
	ct_do(&t, ALLIED, "play G-3 move SB1 0304");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-3.8a");
	ct_do(&t, ALLIED, "play G-3 move 52 0504");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-3.8a"); /* on the OOB mat */
	ct_ok(&t, ALLIED, "play G-3 move 49 0504");
	assert_int_equal(camp__unit_hex(t.g, ct_unit(&t, "146")), ct_hex(&t, "0504"));
	assert_int_equal(camp__unit_hex(t.g, ct_unit(&t, "147")), ct_hex(&t, "0504"));
	assert_int_equal(t.g->hand[ALLIED][2], 1); /* one marker for the whole Task Force */
	ct_close(&t);
}

/* SC-EX-D08, SC-9.1.3a, SC-11.1a: a Task Force of MF 4, 4 and 3 moves 3 MP tactically, 9
 * strategically */
static void test_sc_ex_d08_task_force_at_its_slowest(void **state)
{
	struct ct t;
	struct camp_mover mv;

	(void)state;
	open_empty(&t, NULL, "");
	ct_put(&t, "4CAD", "0101");
	ct_box(&t, "146", "4CAD");
	ct_box(&t, "147", "4CAD");
	ct_box(&t, "2AGRA", "4CAD"); /* MF 3 */
	camp__mover(t.g, ct_unit(&t, "4CAD"), &mv);
	assert_int_equal(mv.mf, 3);
	assert_int_equal(max_cost(&t, "4CAD", 0), 6);  /* half MP */
	assert_int_equal(max_cost(&t, "4CAD", 1), 18); /* 9 MP */
	ct_close(&t);
}

/* SC-9.1.4a, SC-9.1.4b, SC-AMB-28: a mechanized unit (or a Task Force holding one) enters and
 * leaves polder and flooded hexes only across road hexsides; it may stop in polder it entered
 * by road */
static void test_sc_9_1_4b_mechanized_and_polder(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, "3xG-3");
	assert_true(t.g->sc->units[ct_unit(&t, "APC")].classes & CAMP_C_MECH);
	assert_true(t.g->sc->units[ct_unit(&t, "10PAB")].classes & CAMP_C_MECH);
	assert_false(t.g->sc->units[ct_unit(&t, "10CIB")].classes & CAMP_C_MECH);
	ct_put(&t, "APC", "0505");
	ct_do(&t, ALLIED, "play G-3 move APC 0605");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-9.1.4b");
	ct_put(&t, "APC", "0604");
	ct_ok(&t, ALLIED, "play G-3 move APC 0605"); /* along the road, and stops there */
	ct_at(&t, 2, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "3xG-3");
	ct_do(&t, ALLIED, "play G-3 move APC 0505");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-9.1.4b"); /* leaving not by a road */
	ct_do(&t, ALLIED, "play G-3 move APC 0606 0607");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-9.1.4b"); /* flooded, no road */
	ct_ok(&t, ALLIED, "play G-3 move APC 0606 0706");
	/* a Task Force with a mechanized unit */
	ct_at(&t, 3, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-3");
	ct_put(&t, "4CAD", "0505");
	ct_box(&t, "146", "4CAD");
	ct_box(&t, "APC", "4CAD");
	ct_do(&t, ALLIED, "play G-3 move 4CAD 0605");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-9.1.4b");
	ct_close(&t);
}

/* SC-9.1.5a: no limit on the units in a hex */
static void test_sc_9_1_5a_no_stacking_limit(void **state)
{
	static const char *const many[] = {"146",   "147",  "157", "9CIB",    "4SSB", "2AGRA",
	                                   "10CIB", "4CAR", "413", "Funnies", "APC",  "10PAB"};
	struct ct t;

	(void)state;
	open_empty(&t, NULL, "G-3");
	for (size_t k = 0; k < sizeof(many) / sizeof(many[0]); k++)
		ct_put(&t, many[k], "0505");
	ct_put(&t, "49", "0504");
	ct_box(&t, "3Para", "49");
	ct_ok(&t, ALLIED, "play G-3 move 49 0505");
	ct_close(&t);
}

/* SC-9.1.6a: one hex always, whatever its cost, but never across estuary or into sea, never
 * mechanized into unroaded polder, never into enemy units */
static void test_sc_9_1_6a_minimum_move(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, "");
	ct_at(&t, 1, GERMAN, CAMP_PH_OPS);
	ct_hand(&t, GERMAN, "3xG-3");
	ct_put(&t, "SB5", "0606"); /* MF 2 */
	ct_put(&t, "SB4", "0805");
	ct_do(&t, GERMAN, "play G-3 move SB5 0607 0608");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-9.1c");
	ct_ok(&t, GERMAN, "play G-3 move SB5 0607"); /* flooded: 3 MP > 2 */
	ct_do(&t, GERMAN, "play G-3 move SB4 0806");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-9.1.6a"); /* the estuary */
	ct_do(&t, GERMAN, "play G-3 move CA4 0902");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-9.1b"); /* MF 0 never moves */
	ct_close(&t);
}

/* SC-AMB-26, SC-9.0a: one G-3 moves or attacks; a unit may move and attack, with two */
static void test_sc_amb_26_move_then_attack(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, "2xG-3");
	ct_put(&t, "157", "0305");
	ct_put(&t, "SB1", "0303");
	ct_ok(&t, ALLIED, "play G-3 move 157 0304");
	ct_ok(&t, ALLIED, "play G-3 attack 157 0303");
	assert_int_equal(t.g->hand[ALLIED][2], 0);
	ct_close(&t);
}

/* ---- 11.1 Strategic Movement --------------------------------------------------------------- */

/* SC-11.1a, SC-11.0a, SC-AMB-33: one G-4, one unit, three times its MF, as often as G-4s allow */
static void test_sc_11_1a_strategic_movement(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, "2xG-4 G-3");
	ct_put(&t, "157", "0101");
	assert_int_equal(max_cost(&t, "157", 0), 8);                              /* 4 MP */
	assert_true(max_cost(&t, "157", 1) > 16 && max_cost(&t, "157", 1) <= 24); /* 12 MP */
	ct_ok(&t, ALLIED,
	      "play G-4 strategic 157 0201 0301 0401 0501 0601 0701 0702 0703 0704 "
	      "0705"); /* 10 MP */
	assert_string_equal(ct_where(&t, "157"), "0705");
	ct_ok(&t, ALLIED, "play G-4 strategic 157 0604"); /* again */
	ct_ok(&t, ALLIED, "play G-3 move 157 0504");      /* and its Tactical Movement */
	ct_close(&t);
}

/* SC-11.1b: never beginning, passing or ending next to an enemy unit */
static void test_sc_11_1b_never_adjacent_to_the_enemy(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, "3xG-4");
	ct_put(&t, "SB1", "0303");
	ct_put(&t, "157", "0304");
	ct_do(&t, ALLIED, "play G-4 strategic 157 0305 0306");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-11.1b"); /* begins next to SB1 */
	ct_put(&t, "157", "0305");
	ct_do(&t, ALLIED, "play G-4 strategic 157 0204 0203 0103");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-11.1b"); /* 0203 is next to 0303 */
	ct_do(&t, ALLIED, "play G-4 strategic 157 0404 0403");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-11.1b"); /* ends next to it */
	assert_true(cost_to(&t, "157", "0203", 1) < 0);
	assert_true(cost_to(&t, "157", "0203", 0) > 0); /* Tactical Movement may */
	ct_ok(&t, ALLIED, "play G-4 strategic 157 0306 0206 0106");
	ct_close(&t);
}

/* ---- 11.1.1 Cross-Scheldt Movement ---------------------------------------------------------- */

/* SC-11.1.1a..e, SC-AMB-34: one detached Tactical Unit per G-4 between Terneuzen and
 * Hoedenskerke (or Breskens and Vlissingen) when the owner holds both towns, whatever the
 * enemy around; it may have moved there first, and stops in the town it reaches (it may still
 * attack) */
static void test_sc_11_1_1_ferries(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, "3xG-4 2xG-3");
	assert_int_equal(t.g->sc->nferries, 2);
	ct_put(&t, "49", "0806");
	ct_box(&t, "146", "49");
	ct_put(&t, "2AGRA", "0807");
	ct_put(&t, "157", "0505");
	ct_do(&t, ALLIED, "play G-4 ferry 157");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-11.1.1a"); /* not in a ferry town */
	ct_do(&t, ALLIED, "play G-4 ferry 49");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-11.1.1b"); /* never a Task Force */
	ct_ok(&t, ALLIED, "play G-3 move 2AGRA 0806");   /* Tactical Movement into the town first */
	ct_do(&t, ALLIED, "play G-4 ferry 2AGRA");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-11.1.1c"); /* nobody in Hoedenskerke */
	ct_put(&t, "147", "0805");
	/* the German all around: next to both towns, their OZ on both */
	ct_put(&t, "70", "0706");
	ct_box(&t, "1018", "70");
	ct_ok(&t, ALLIED, "play G-4 ferry 2AGRA");
	assert_string_equal(ct_where(&t, "2AGRA"), "0805");
	ct_do(&t, ALLIED, "play G-3 move 2AGRA 0804");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-11.1.1e");
	ct_do(&t, ALLIED, "play G-4 ferry 2AGRA");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-11.1.1e");
	ct_do(&t, ALLIED, "play G-4 strategic 2AGRA 0804");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-11.1.1e");
	ct_ok(&t, ALLIED, "play G-4 ferry 147"); /* 2AGRA holds Hoedenskerke now */
	assert_string_equal(ct_where(&t, "147"), "0806");
	ct_ok(&t, ALLIED, "play G-3 attack 147 0706"); /* an attack is no movement */
	ct_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sc_3_2a_isolation),
	    cmocka_unit_test(test_sc_amb_20_isolation_at_edges_and_coasts),
	    cmocka_unit_test(test_sc_3_4_operations_zones),
	    cmocka_unit_test(test_sc_9_1_1b_stop_in_an_uncontested_enemy_oz),
	    cmocka_unit_test(test_sc_9_1b_movement_point_costs),
	    cmocka_unit_test(test_sc_9_1a_hex_to_adjacent_hex),
	    cmocka_unit_test(test_sc_9_1_1a_once_per_player_turn),
	    cmocka_unit_test(test_sc_9_1_1c_never_into_enemy_hexes),
	    cmocka_unit_test(test_sc_3_7a_a_task_force_is_one_unit),
	    cmocka_unit_test(test_sc_ex_d08_task_force_at_its_slowest),
	    cmocka_unit_test(test_sc_9_1_4b_mechanized_and_polder),
	    cmocka_unit_test(test_sc_9_1_5a_no_stacking_limit),
	    cmocka_unit_test(test_sc_9_1_6a_minimum_move),
	    cmocka_unit_test(test_sc_amb_26_move_then_attack),
	    cmocka_unit_test(test_sc_11_1a_strategic_movement),
	    cmocka_unit_test(test_sc_11_1b_never_adjacent_to_the_enemy),
	    cmocka_unit_test(test_sc_11_1_1_ferries),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
