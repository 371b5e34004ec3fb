/*
 * test_camp_admin.c -- G-1 Administration of The Scheldt Campaign (7.0-7.3.1) and the
 * special units and situations a G-1 brings about: reinforcements with the isolation bans
 * (7.1c, 3.2b), the regroup dialogue (attach, detach, done) with C2 and nationality
 * (SC-EX-D13), placement limits (7.2e), empty HQs leaving the map, new Task Forces
 * (7.2.1b), recovery with its die (SC-EX-17 cell by cell), once per unit and turn, not
 * while isolated, not for the elite, recovering units sitting out operations (SC-EX-D15);
 * the 5th Assault Regiment's passenger (13.1.2), the parachute brigades (13.1.3,
 * SC-EX-D09), the 4th SSF (13.1.4), the 51st Division (13.1.5, SC-EX-D12), scratch
 * battalions by G-1 (13.2.2) and the German elite (13.2.4), on campaign-test.json.
 */
#include "test_camp_extra.h"

/* ---- 7.0 ------------------------------------------------------------------------------- */

/* SC-7.0a, SC-AMB-16: G-1 markers only in the owner's own Preparation Phase */
static void test_sc_7_0a_g1_only_in_the_preparation_phase(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_hits(&t, "157", 2);
	ct_do(&t, GERMAN, "play G-1 recover 1037");
	ct_refused(&t, WG_E_NOT_YOUR_TURN, NULL);
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_do(&t, ALLIED, "play G-1 recover 157");
	ct_refused(&t, WG_E_WRONG_PHASE, "SC-7.0a");
	ct_at(&t, 1, ALLIED, CAMP_PH_PREP);
	ct_dice(&t, 1, 2);
	ct_ok(&t, ALLIED, "play G-1 recover 157");
	ct_close(&t);
}

/* SC-7.0b, SC-SUMa: one G-1, one action: reinforce, regroup (form, carry) or recover */
static void test_sc_7_0b_one_g1_one_action(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_hand(&t, ALLIED, "G-1");
	ct_do(&t, ALLIED, "play G-1 supply 157");
	ct_refused(&t, WG_E_BAD_ARGS, "SC-7.0b");
	ct_hits(&t, "157", 2);
	ct_dice(&t, 1, 1);
	ct_ok(&t, ALLIED, "play G-1 recover 157");
	assert_int_equal(t.g->hand[ALLIED][0], 0);
	ct_hits(&t, "146", 2);
	ct_do(&t, ALLIED, "play G-1 recover 146");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-6.3a"); /* the one G-1 is spent */
	ct_close(&t);
}

/* ---- 7.1 reinforcements ------------------------------------------------------------------ */

/* SC-7.1a, SC-7.1b, SC-7.1d, SC-AMB-17, SC-13.2.4a: the scenario's groups enter by one G-1 each,
 * on their turns, at their entry hexes, and may operate in the same turn */
static void test_sc_7_1b_reinforcements_by_g1(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_query(&t, GERMAN, "reinforcements");
	assert_true(ct_reply_has(&t, "german 6FJ (normal, turns 2-32)"));
	ct_at(&t, 1, GERMAN, CAMP_PH_PREP);
	ct_hand(&t, GERMAN, "2xG-1 G-3");
	ct_do(&t, GERMAN, "play G-1 reinforce 6FJ 1007");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.1b"); /* turns 2-32 */
	ct_at(&t, 5, GERMAN, CAMP_PH_PREP); /* not brought in on turn 2: still available */
	ct_do(&t, GERMAN, "play G-1 reinforce 6FJ 0101");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.1b"); /* not an entry hex */
	ct_do(&t, GERMAN, "play G-1 reinforce para 0101");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.1a"); /* not his */
	ct_do(&t, GERMAN, "play G-1 reinforce nobody 1007");
	ct_refused(&t, WG_E_NOT_FOUND, "SC-7.1a");
	ct_ok(&t, GERMAN, "play G-1 reinforce 6FJ 1007");
	assert_string_equal(ct_where(&t, "6FJ"), "1007");
	ct_do(&t, GERMAN, "play G-1 reinforce 6FJ 0908");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.1b"); /* once */
	ct_ok(&t, GERMAN, "end");
	ct_ok(&t, GERMAN, "play G-3 move 6FJ 1006"); /* SC-7.1d */
	assert_string_equal(ct_where(&t, "6FJ"), "1006");
	ct_close(&t);
}

/* SC-7.1c, SC-3.2b, SC-AMB-18: reinforcements never appear where they would be Isolated, nor
 * on or next to an Isolated friendly unit */
static void test_sc_7_1c_no_reinforcement_into_isolation(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 5, GERMAN, CAMP_PH_PREP);
	ct_hand(&t, GERMAN, "G-1");
	/* 1008 holds a German battalion Isolated by 157 (0908) and the Canadian 4th's OZ (1007) */
	ct_put(&t, "SB1", "1008");
	ct_put(&t, "157", "0908");
	ct_put(&t, "4CAD", "0907");
	assert_true(camp__isolated(t.g, ct_hex(&t, "1008"), GERMAN));
	assert_false(camp__isolated(t.g, ct_hex(&t, "1007"), GERMAN));
	ct_do(&t, GERMAN, "play G-1 reinforce 6FJ 1007");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-3.2b");
	ct_do(&t, GERMAN, "play G-1 reinforce 6FJ 0908");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.1b"); /* enemy units there */
	/* with an Allied unit in 1008 instead, 1007 itself would be Isolated */
	ct_set(&t, "SB1", CAMP_W_POOL);
	ct_put(&t, "2AGRA", "1008");
	assert_true(camp__isolated(t.g, ct_hex(&t, "1007"), GERMAN));
	ct_do(&t, GERMAN, "play G-1 reinforce 6FJ 1007");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.1c");
	ct_set(&t, "2AGRA", CAMP_W_GONE);
	ct_ok(&t, GERMAN, "play G-1 reinforce 6FJ 1007");
	ct_close(&t);
}

/* SC-13.2.2c, SC-13.2.2a: the German brings a further scratch battalion, drawn at random from
 * those left, by a G-1; they are German only */
static void test_sc_13_2_2c_scratch_battalions_by_g1(void **state)
{
	struct ct t;
	int pool = 0;

	(void)state;
	ct_open(&t, NULL);
	ct_hand(&t, ALLIED, "G-1");
	ct_do(&t, ALLIED, "play G-1 reinforce scratch 0101");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.2.2a");
	ct_at(&t, 2, GERMAN, CAMP_PH_PREP);
	ct_hand(&t, GERMAN, "3xG-1");
	ct_do(&t, GERMAN, "play G-1 reinforce scratch 0101");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.2.2c"); /* not an entry hex */
	/* SB1 is in play (ct_open); the pool is SB2..SB6: a forced 4 picks the 4th, SB5 */
	ct_dice(&t, 1, 4);
	ct_ok(&t, GERMAN, "play G-1 reinforce scratch 1007");
	assert_string_equal(ct_where(&t, "SB5"), "1007");
	for (int i = 0; i < t.g->nunits; i++)
		pool += t.g->u[i].where == CAMP_W_POOL;
	assert_int_equal(pool, 4);
	/* every one drawn: refused */
	for (int i = 0; i < t.g->nunits; i++)
		if (t.g->u[i].where == CAMP_W_POOL)
			t.g->u[i].where = CAMP_W_DEAD;
	ct_do(&t, GERMAN, "play G-1 reinforce scratch 1007");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.2.2c");
	ct_close(&t);
}

/* ---- 7.2 regroup ------------------------------------------------------------------------- */

/* The regroup ground: the Canadian 4th at 0506 with 10CIB and the APC; the 49th (146, 147)
 * at 0405 and the Polish at 0505 in its OZ; 157 detached at 0605 (polder); the German 70 at
 * 0407 (its OZ reaches 0406, vacant) and 1037 at 0606. */
static void regroup_ground(struct ct *t)
{
	ct_open(t, NULL);
	ct_clear(t);
	ct_put(t, "CA1", "0901");
	ct_put(t, "4CAD", "0506");
	ct_box(t, "10CIB", "4CAD");
	ct_box(t, "APC", "4CAD");
	ct_put(t, "49", "0405");
	ct_box(t, "146", "49");
	ct_box(t, "147", "49");
	ct_put(t, "1Pol", "0505");
	ct_box(t, "10PAB", "1Pol");
	ct_put(t, "157", "0605");
	ct_put(t, "70", "0407");
	ct_box(t, "1018", "70");
	ct_put(t, "1037", "0606");
	ct_hand(t, ALLIED, "3xG-1");
}

/* SC-7.2a, SC-7.2b, SC-3.4d, SC-7.2d, SC-7.2.1e: one G-1 regroups around one HQ on the map:
 * attach and detach among the HQs in its OZ, the detached units of the OZ too; the HQ keeps
 * its hex */
static void test_sc_7_2_regroup_dialogue(void **state)
{
	struct ct t;

	(void)state;
	regroup_ground(&t);
	ct_do(&t, ALLIED, "play G-1 regroup 52");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2a"); /* 52 is off the map */
	ct_do(&t, ALLIED, "play G-1 regroup 70");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2a");
	ct_ok(&t, ALLIED, "play G-1 regroup 4CAD");
	assert_string_equal(ct_kind(&t, ALLIED), "regroup");
	assert_int_equal(t.g->hand[ALLIED][0], 2);
	ct_do(&t, ALLIED, "play G-1 recover 146");
	ct_refused(&t, WG_E_WRONG_PHASE, NULL); /* the regroup is one action: finish it */
	ct_ok(&t, ALLIED, "attach 146 4CAD");   /* from the 49th, in the OZ: British to Canadian */
	ct_ok(&t, ALLIED, "attach 157 4CAD");   /* a detached unit of the OZ */
	assert_string_equal(ct_where(&t, "146"), "box:4CAD");
	assert_string_equal(ct_where(&t, "157"), "box:4CAD");
	ct_ok(&t, ALLIED, "attach 10CIB 49"); /* among the HQs of the OZ */
	ct_do(&t, ALLIED, "attach 10PAB 49");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2.1f");
	ct_ok(&t, ALLIED, "detach 147 0505");
	assert_string_equal(ct_where(&t, "147"), "0505");
	ct_ok(&t, ALLIED, "done");
	assert_string_equal(ct_kind(&t, ALLIED), "phase");
	assert_string_equal(ct_where(&t, "4CAD"), "0506"); /* SC-7.2d */
	assert_int_equal(camp__box_count(t.g, ct_unit(&t, "4CAD")), 3);
	assert_int_equal(camp__box_count(t.g, ct_unit(&t, "49")), 1);
	ct_close(&t);
}

/* SC-7.2b: only the HQs and units of the designated HQ's OZ take part */
static void test_sc_7_2b_only_the_operations_zone(void **state)
{
	struct ct t;

	(void)state;
	regroup_ground(&t);
	ct_put(&t, "79", "0107");
	ct_box(&t, "9CIB", "79");
	ct_put(&t, "2AGRA", "0306");
	ct_ok(&t, ALLIED, "play G-1 regroup 4CAD");
	ct_do(&t, ALLIED, "attach 146 79");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2b"); /* 79 is far away */
	ct_do(&t, ALLIED, "attach 9CIB 4CAD");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2a");
	ct_do(&t, ALLIED, "attach 2AGRA 4CAD");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2a"); /* 0306 is not next to 0506 */
	ct_do(&t, ALLIED, "attach 1018 4CAD");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2a"); /* not his */
	ct_do(&t, ALLIED, "attach 146 49");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2b"); /* there already */
	ct_close(&t);
}

/* SC-7.2e, SC-AMB-22: a detached unit goes to a hex of the OZ without enemy units, not in an
 * uncontested enemy OZ, that it could enter in Tactical Movement (mechanized: 9.1.4) */
static void test_sc_7_2e_where_detached_units_go(void **state)
{
	struct ct t;

	(void)state;
	regroup_ground(&t);
	ct_ok(&t, ALLIED, "play G-1 regroup 4CAD");
	ct_do(&t, ALLIED, "detach 10CIB 0606");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2e"); /* 1037 is there */
	ct_do(&t, ALLIED, "detach 10CIB 0406");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2e"); /* vacant, next to the German 70 */
	ct_do(&t, ALLIED, "detach 10CIB 0306");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2e"); /* outside the OZ */
	ct_do(&t, ALLIED, "detach APC 0605");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-7.2e"); /* mechanized into unroaded polder */
	ct_ok(&t, ALLIED, "detach 10CIB 0605");       /* motorized is not mechanized */
	ct_ok(&t, ALLIED, "detach APC 0506");         /* in the HQ's own hex */
	assert_string_equal(ct_where(&t, "APC"), "0506");
	ct_close(&t);
}

/* SC-AMB-23: a unit is attached only if it could step into the HQ's hex (a mechanized unit
 * in unroaded polder next to the HQ cannot) */
static void test_sc_amb_23_attach_needs_a_legal_step(void **state)
{
	struct ct t;

	(void)state;
	regroup_ground(&t);
	ct_set(&t, "1037", CAMP_W_GONE);
	ct_put(&t, "APC", "0606");
	ct_ok(&t, ALLIED, "play G-1 regroup 4CAD");
	ct_do(&t, ALLIED, "attach APC 4CAD");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-9.1.4b");
	ct_ok(&t, ALLIED, "attach 157 4CAD"); /* infantry may */
	ct_close(&t);
}

/* SC-7.2.1a, SC-3.7c: an HQ stripped of every unit leaves the map for its box on the mat */
static void test_sc_7_2_1a_empty_hq_leaves_the_map(void **state)
{
	struct ct t;

	(void)state;
	regroup_ground(&t);
	ct_ok(&t, ALLIED, "play G-1 regroup 4CAD 146=4CAD 147=4CAD");
	assert_string_equal(ct_where(&t, "49"), "mat");
	assert_true(ct_has_event(&t, "hq-off-map"));
	assert_false(cx_view_has(&t, GERMAN, "\"unit\":\"49\""));
	ct_close(&t);
}

/* SC-7.2a, SC-7.2b: in the regroup dialogue a box emptied by a detach may be filled again
 * before `done` (two HQs swap their units in any order): its HQ leaves only if it is still
 * empty at `done` */
static void test_sc_7_2_swap_in_any_order(void **state)
{
	struct ct t;

	(void)state;
	regroup_ground(&t);
	ct_ok(&t, ALLIED, "play G-1 regroup 4CAD");
	ct_ok(&t, ALLIED, "detach 146 0405");
	ct_ok(&t, ALLIED, "detach 147 0405");
	assert_string_equal(ct_where(&t, "49"), "0405"); /* empty, but the dialogue is open */
	ct_ok(&t, ALLIED, "attach 10CIB 49");
	ct_ok(&t, ALLIED, "attach 146 4CAD");
	ct_ok(&t, ALLIED, "attach 147 4CAD");
	ct_ok(&t, ALLIED, "done");
	assert_string_equal(ct_where(&t, "49"), "0405");
	assert_string_equal(ct_where(&t, "10CIB"), "box:49");
	assert_false(ct_has_event(&t, "hq-off-map"));
	ct_close(&t);
}

/* SC-7.2.1b, SC-AMB-24, SC-EX-03: a G-1 puts an empty HQ on a hex of detached units: the
 * units named join (at least one, at most C2, by nationality), the rest stay detached */
static void test_sc_7_2_1b_form_a_task_force(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_hand(&t, ALLIED, "2xG-1");
	ct_put(&t, "2AGRA", "0201");
	ct_put(&t, "413", "0201");
	ct_do(&t, ALLIED, "play G-1 form 49 0201 157");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2.1b"); /* 49 is on the map, not empty */
	ct_do(&t, ALLIED, "play G-1 form 52 0201");
	ct_refused(&t, WG_E_BAD_ARGS, "SC-7.2.1b"); /* at least one unit */
	ct_do(&t, ALLIED, "play G-1 form 52 0201 4SSB");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2.1b"); /* 4SSB is not in 0201 */
	ct_do(&t, ALLIED, "play G-1 form 52 0201 157 413");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2.1f"); /* US under a British HQ */
	ct_do(&t, ALLIED, "play G-1 form 52 0201 157 157");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2.1b");
	ct_ok(&t, ALLIED, "play G-1 form 52 0201 157 2AGRA");
	assert_string_equal(ct_where(&t, "52"), "0201");
	assert_string_equal(ct_where(&t, "157"), "box:52");
	assert_string_equal(ct_where(&t, "2AGRA"), "box:52");
	assert_string_equal(ct_where(&t, "413"), "0201"); /* not named: detached */
	ct_close(&t);
}

/* SC-7.2.1c: an HQ is never attached to another HQ */
static void test_sc_7_2_1c_no_hq_in_a_box(void **state)
{
	struct ct t;

	(void)state;
	regroup_ground(&t);
	ct_ok(&t, ALLIED, "play G-1 regroup 4CAD");
	ct_do(&t, ALLIED, "attach 49 4CAD");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2.1c");
	ct_do(&t, ALLIED, "detach 49 0406");
	assert_int_not_equal(t.rc, 0);
	ct_close(&t);
}

/* SC-EX-D13, SC-7.2.1d, SC-7.2.1e, SC-7.2.1f, SC-6.1b: an 8th unit in an Allied box and a 5th
 * in a German box are refused; a Polish brigade under a Canadian HQ is refused, a British one
 * accepted */
static void test_sc_ex_d13_c2_and_nationality(void **state)
{
	static const char *const seven[] = {"10CIB", "4CAR", "146", "147", "157", "9CIB", "4SSB"};
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_clear(&t);
	ct_put(&t, "4CAD", "0506");
	for (int k = 0; k < 6; k++)
		ct_box(&t, seven[k], "4CAD");
	ct_put(&t, "4SSB", "0506");
	ct_put(&t, "2AGRA", "0506");
	ct_put(&t, "1Pol", "0505");
	ct_box(&t, "10PAB", "1Pol");
	ct_hand(&t, ALLIED, "G-1");
	ct_ok(&t, ALLIED, "play G-1 regroup 4CAD");
	ct_do(&t, ALLIED, "attach 10PAB 4CAD");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2.1f"); /* Polish under a Canadian HQ */
	ct_ok(&t, ALLIED, "attach 4SSB 4CAD");            /* the 7th: British in a Canadian box */
	assert_int_equal(camp__box_count(t.g, ct_unit(&t, "4CAD")), 7);
	ct_do(&t, ALLIED, "attach 2AGRA 4CAD");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2.1d");
	ct_do(&t, ALLIED, "attach 146 1Pol");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2.1f");
	ct_close(&t);
	/* the German C2 is 4 */
	ct_open(&t, NULL);
	ct_clear(&t);
	ct_put(&t, "70", "0702");
	ct_box(&t, "1018", "70");
	ct_box(&t, "1019", "70");
	ct_box(&t, "1038", "70");
	ct_box(&t, "1039", "70");
	ct_put(&t, "1037", "0702");
	ct_put(&t, "CA1", "0702");
	ct_at(&t, 1, GERMAN, CAMP_PH_PREP);
	ct_hand(&t, GERMAN, "G-1");
	ct_ok(&t, GERMAN, "play G-1 regroup 70");
	ct_do(&t, GERMAN, "attach 1037 70");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.2.1d");
	ct_ok(&t, GERMAN, "detach 1039 0702");
	ct_do(&t, GERMAN, "attach CA1 70");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.2.1c"); /* coastal artillery never in a box */
	ct_ok(&t, GERMAN, "attach 1037 70");
	ct_close(&t);
}

/* ---- 7.3 recovery ------------------------------------------------------------------------ */

/* SC-EX-17, SC-7.3a: the die 1..6 removes 1, 1, 2, 2, 3, 3 hits */
static void test_sc_7_3a_recovery_halves_the_die(void **state)
{
	static const int removed[6] = {1, 1, 2, 2, 3, 3};
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	for (int die = 1; die <= 6; die++) {
		ct_at(&t, 1, ALLIED, CAMP_PH_PREP);
		ct_hand(&t, ALLIED, "G-1");
		ct_hits(&t, "146", 5);
		ct_dice(&t, 1, die);
		ct_ok(&t, ALLIED, "play G-1 recover 146"); /* in the 49th's box */
		assert_int_equal(cx_hits(&t, "146"), 5 - removed[die - 1]);
	}
	/* never more than the unit has */
	ct_at(&t, 1, ALLIED, CAMP_PH_PREP);
	ct_hand(&t, ALLIED, "G-1");
	ct_hits(&t, "157", 1);
	ct_dice(&t, 1, 6);
	ct_ok(&t, ALLIED, "play G-1 recover 157");
	assert_int_equal(cx_hits(&t, "157"), 0);
	ct_close(&t);
}

/* SC-7.3b, SC-3.7b: one Tactical Unit of one's own that has hits */
static void test_sc_7_3b_a_tactical_unit_with_hits(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_hand(&t, ALLIED, "G-1");
	ct_do(&t, ALLIED, "play G-1 recover 49");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.3b"); /* an HQ */
	ct_do(&t, ALLIED, "play G-1 recover 157");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.3b"); /* no hits */
	ct_do(&t, ALLIED, "play G-1 recover 1037");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.3b"); /* German */
	ct_do(&t, ALLIED, "play G-1 recover 3Para");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.3b"); /* not in play */
	ct_close(&t);
}

/* SC-7.3.1a, SC-3.2c: no recovery while Isolated, detached or in the box of an Isolated HQ */
static void test_sc_7_3_1a_not_while_isolated(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_hand(&t, ALLIED, "G-1");
	/* 0101's neighbours: 0102 (German 1037) and 0201 (vacant, in 70's OZ at 0202) */
	ct_put(&t, "157", "0101");
	ct_hits(&t, "157", 2);
	ct_put(&t, "1037", "0102");
	ct_put(&t, "70", "0202");
	assert_true(camp__isolated(t.g, ct_hex(&t, "0101"), ALLIED));
	ct_do(&t, ALLIED, "play G-1 recover 157");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.3.1a");
	ct_put(&t, "157", "0105");
	ct_put(&t, "49", "0101");
	ct_do(&t, ALLIED, "play G-1 recover 146");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.3.1a");
	ct_close(&t);
}

/* SC-EX-D15, SC-7.3.1b: one recovery G-1 per unit and Player Turn */
static void test_sc_7_3_1b_once_per_player_turn(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_hand(&t, ALLIED, "2xG-1");
	ct_hits(&t, "146", 5);
	ct_dice(&t, 1, 1);
	ct_ok(&t, ALLIED, "play G-1 recover 146");
	ct_do(&t, ALLIED, "play G-1 recover 146");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.3.1b");
	assert_int_equal(t.g->hand[ALLIED][0], 1);
	ct_close(&t);
}

/* SC-7.3.1c, SC-7.3.1f, SC-EX-D15, SC-AMB-25: a recovering detached unit neither moves,
 * attacks nor crosses; a Task Force holding one may not move (tactically or strategically)
 * until another G-1 regroups it out, in the same Preparation Phase */
static void test_sc_7_3_1c_recovering_units_sit_out(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_hand(&t, ALLIED, "2xG-1");
	ct_hits(&t, "157", 2);
	ct_hits(&t, "147", 2);
	ct_dice(&t, 2, 1, 1);
	ct_ok(&t, ALLIED, "play G-1 recover 157");
	ct_ok(&t, ALLIED, "play G-1 recover 147");
	ct_ok(&t, ALLIED, "end");
	ct_hand(&t, ALLIED, "3xG-3 2xG-4");
	ct_put(&t, "157", "0202");
	ct_do(&t, ALLIED, "play G-3 attack 157 0303");
	ct_refused(&t, WG_E_ILLEGAL_ATTACK, "SC-7.3.1c");
	ct_do(&t, ALLIED, "play G-3 move 157 0102");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-7.3.1f");
	ct_do(&t, ALLIED, "play G-3 move 49 0406");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-7.3.1f");
	ct_do(&t, ALLIED, "play G-4 strategic 49 0406");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-7.3.1f");
	ct_close(&t);
	/* regrouped out in the same Preparation Phase, the rest of the 49th moves */
	ct_open(&t, NULL);
	ct_hand(&t, ALLIED, "2xG-1");
	ct_hits(&t, "147", 2);
	ct_dice(&t, 1, 1);
	ct_ok(&t, ALLIED, "play G-1 recover 147");
	ct_ok(&t, ALLIED, "play G-1 regroup 49 147=0406");
	assert_string_equal(ct_where(&t, "147"), "0406");
	ct_ok(&t, ALLIED, "end");
	ct_hand(&t, ALLIED, "G-3");
	ct_ok(&t, ALLIED, "play G-3 move 49 0505");
	ct_close(&t);
}

/* SC-7.3.1d, SC-7.3.1e, SC-EX-D15: the Task Force attacks without its recovering unit, which
 * still advances with it */
static void test_sc_7_3_1e_task_force_attacks_without_it(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_clear(&t);
	ct_put(&t, "CA1", "0901");
	ct_put(&t, "4CAD", "0506");
	ct_box(&t, "146", "4CAD");
	ct_box(&t, "147", "4CAD");
	ct_hits(&t, "146", 0);
	ct_hits(&t, "147", 1);
	ct_put(&t, "1037", "0505");
	ct_hits(&t, "1037", 3);
	ct_hand(&t, ALLIED, "G-1");
	ct_dice(&t, 1, 1);
	ct_ok(&t, ALLIED, "play G-1 recover 147");
	ct_ok(&t, ALLIED, "end");
	ct_hand(&t, ALLIED, "G-2 G-3");
	ct_do(&t, ALLIED, "play G-3 attack 4CAD 0505 146 147");
	ct_refused(&t, WG_E_ILLEGAL_ATTACK, "SC-7.3.1e");
	ct_ok(&t, ALLIED, "play G-3 attack 4CAD 0505");
	assert_int_equal(t.g->b.npart, 1); /* 146 alone */
	assert_int_equal(t.g->b.part[0], ct_unit(&t, "146"));
	ct_ok(&t, ALLIED, "commit G-2");
	ct_dice(&t, 6, 5, 1, 1, 1, 1, 1); /* 146's six dice: one hit kills 1037 (3 + 1 = DF 4) */
	ct_ok(&t, GERMAN, "commit none");
	assert_string_equal(ct_where(&t, "1037"), "dead");
	assert_string_equal(ct_kind(&t, ALLIED), "advance");
	ct_ok(&t, ALLIED, "advance yes");
	assert_string_equal(ct_where(&t, "4CAD"), "0505");
	assert_string_equal(ct_where(&t, "147"), "box:4CAD"); /* it went along */
	ct_close(&t);
}

/* SC-7.3.1c, SC-AMB-25: "recovering" lasts for the owner's following Operations Phase only;
 * in the enemy's turn the unit defends with its DF as it now is */
static void test_sc_amb_25_recovering_units_defend(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_put(&t, "157", "0202");
	ct_hits(&t, "157", 2);
	ct_dice(&t, 1, 1);
	ct_ok(&t, ALLIED, "play G-1 recover 157");
	assert_true(t.g->u[ct_unit(&t, "157")].flags & CAMP_F_RECOVERED);
	ct_ok(&t, ALLIED, "end");
	ct_ok(&t, ALLIED, "end");
	ct_ok(&t, ALLIED, "select 2xG-1 G-2 2xG-3 2xG-4");
	assert_false(t.g->u[ct_unit(&t, "157")].flags & CAMP_F_RECOVERED);
	ct_ok(&t, GERMAN, "end");
	ct_ok(&t, GERMAN, "play G-3 attack 1037 0202");
	ct_ok(&t, ALLIED, "commit none");
	ct_dice(&t, 8, 1, 1, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.ndef, 1);
	assert_int_equal(t.g->b.def[0], ct_unit(&t, "157"));
	assert_int_equal(t.g->b.fire[0].dice, 6); /* 5-7-4 with 1 hit left: DF 6 */
	ct_close(&t);
}

/* SC-13.2.4b, SC-13.2.4a: 6FJ (elite, an early reinforcement) never recovers by G-1 */
static void test_sc_13_2_4b_elite_cannot_recover(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	assert_true(t.g->sc->units[ct_unit(&t, "6FJ")].classes & CAMP_C_ELITE);
	assert_int_equal(t.g->sc->groups[t.g->sc->units[ct_unit(&t, "6FJ")].group].first, 2);
	ct_at(&t, 3, GERMAN, CAMP_PH_PREP);
	ct_put(&t, "6FJ", "1007");
	ct_hits(&t, "6FJ", 2);
	ct_hand(&t, GERMAN, "G-1");
	ct_do(&t, GERMAN, "play G-1 recover 6FJ");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.2.4b");
	ct_hits(&t, "1037", 1);
	ct_dice(&t, 1, 2);
	ct_ok(&t, GERMAN, "play G-1 recover 1037");
	assert_int_equal(cx_hits(&t, "1037"), 0);
	ct_close(&t);
}

/* ---- 13.1.2 the 5th Assault Regiment ----------------------------------------------------------
 */

/* SC-13.1.2a, SC-13.1.2b, SC-13.1.2c, SC-AMB-45: a G-1 groups it with one non-motorized
 * infantry-class unit in its hex: one unit of MF 4 from then on (even with a slower
 * passenger), moving together */
static void test_sc_13_1_2b_carrying_by_g1(void **state)
{
	struct ct t;
	struct camp_mover mv;
	cJSON *doc = ct_doc();

	(void)state;
	cx_set(cx_doc_unit(doc, "4SSB"), "mf", cJSON_CreateNumber(2));
	ct_open_doc(&t, doc, NULL);
	ct_ok(&t, GERMAN, "hits 1038=1");
	ct_ok(&t, GERMAN, "place SB1 0602");
	ct_ok(&t, ALLIED, "select 2xG-1 G-2 2xG-3 2xG-4");
	ct_ok(&t, GERMAN, "select G-1 G-2 G-3 G-4");
	ct_hand(&t, ALLIED, "3xG-1");
	ct_put(&t, "157", "0801");
	ct_put(&t, "10CIB", "0801");
	ct_do(&t, ALLIED, "play G-1 carry 10CIB");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.1.2a"); /* motorized */
	ct_do(&t, ALLIED, "play G-1 carry 2AGRA");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.1.2a"); /* not infantry-class */
	ct_do(&t, ALLIED, "play G-1 carry 413");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.1.2a"); /* in a box, not detached */
	ct_ok(&t, ALLIED, "play G-1 carry 4SSB");
	assert_int_equal(t.g->u[ct_unit(&t, "5Aslt")].partner, ct_unit(&t, "4SSB"));
	ct_do(&t, ALLIED, "play G-1 carry 157");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.1.2a"); /* one passenger */
	camp__mover(t.g, ct_unit(&t, "5Aslt"), &mv);
	assert_int_equal(mv.mf, 4);
	assert_true(mv.amphibian);
	ct_ok(&t, ALLIED, "end");
	ct_hand(&t, ALLIED, "G-3");
	ct_set(&t, "70", CAMP_W_GONE); /* no German OZ around 0801 */
	ct_set(&t, "1018", CAMP_W_GONE);
	ct_set(&t, "1019", CAMP_W_GONE);
	ct_ok(&t, ALLIED, "play G-3 move 4SSB 0701 0601"); /* by the passenger: both go */
	assert_string_equal(ct_where(&t, "5Aslt"), "0601");
	assert_string_equal(ct_where(&t, "4SSB"), "0601");
	ct_close(&t);
}

/* SC-13.1.2d, SC-13.1.2e: detached, the group crosses water as clear ground but may not end at
 * sea; the passenger alone may not cross */
static void test_sc_13_1_2d_amphibious_movement(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_clear(&t);
	ct_put(&t, "CA1", "0901");
	ct_put(&t, "5Aslt", "0802");
	ct_put(&t, "4SSB", "0802");
	ct_hand(&t, ALLIED, "G-1");
	ct_ok(&t, ALLIED, "play G-1 carry 4SSB");
	ct_ok(&t, ALLIED, "end");
	ct_hand(&t, ALLIED, "3xG-3");
	ct_do(&t, ALLIED, "play G-3 move 5Aslt 0903");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-13.1.2e");
	ct_ok(&t, ALLIED, "play G-3 move 5Aslt 0803 0804"); /* over the estuary hexside */
	assert_string_equal(ct_where(&t, "4SSB"), "0804");
	ct_close(&t);
	/* 4SSB alone */
	ct_open(&t, NULL);
	ct_clear(&t);
	ct_put(&t, "CA1", "0901");
	ct_put(&t, "4SSB", "0802");
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_do(&t, ALLIED, "play G-3 move 4SSB 0803");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-9.1.6a");
	ct_do(&t, ALLIED, "play G-3 move 4SSB 0903");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-9.1.6a");
	ct_close(&t);
}

/* SC-13.1.2f: the passenger eliminated in combat, the Assault Regiment is lost too */
static void test_sc_13_1_2f_lost_with_its_passenger(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_hand(&t, ALLIED, "G-1");
	ct_ok(&t, ALLIED, "play G-1 carry 4SSB"); /* both in 0801, next to the German 70 */
	ct_at(&t, 1, GERMAN, CAMP_PH_OPS);
	ct_hand(&t, GERMAN, "G-3");
	ct_hand(&t, ALLIED, "G-1");
	ct_ok(&t, GERMAN, "play G-3 attack 70 0801");
	ct_ok(&t, ALLIED, "commit none");
	/* Allied TA: 4SSB DF 5 (the carrier's DF is boxed): 5 misses; German 1018 + 1019: AF 2 +
	 * 2 = 4 dice: 6, 6, 5, 1 = 5 hits; 0801 is Isolated: no retreat */
	ct_dice(&t, 9, 1, 1, 1, 1, 1, 6, 6, 5, 1);
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.fire[0].dice, 5);
	assert_int_equal(t.g->b.fire[1].raw, 5);
	assert_string_equal(ct_kind(&t, ALLIED), "hits");
	ct_ok(&t, ALLIED, "hits 4SSB=5");
	assert_string_equal(ct_where(&t, "4SSB"), "dead");
	assert_string_equal(ct_where(&t, "5Aslt"), "dead");
	assert_int_equal(cx_hits(&t, "5Aslt"), 0); /* it took no hit */
	ct_close(&t);
}

/* ---- 13.1.3 parachute brigades ------------------------------------------------------------ */

/* SC-EX-D09, SC-13.1.3d, SC-AMB-47: landing dice (5,6) 3 hits, (1,4) none, (6,6) 4 */
static void drop_case(int a, int b, int hits)
{
	struct ct t;

	ct_open(&t, NULL);
	ct_hand(&t, ALLIED, "G-1");
	ct_dice(&t, 2, a, b);
	ct_ok(&t, ALLIED, "play G-1 reinforce 3Para 0102");
	assert_string_equal(ct_where(&t, "3Para"), "0102");
	assert_int_equal(cx_hits(&t, "3Para"), hits);
	ct_close(&t);
}

static void test_sc_ex_d09_parachute_landing_dice(void **state)
{
	(void)state;
	drop_case(5, 6, 3);
	drop_case(1, 4, 0);
	drop_case(6, 6, 4);
}

/* SC-13.1.3a, SC-13.1.3b, SC-13.1.3c, SC-13.1.3f, SC-AMB-48: two brigades, one G-1 each, on any
 * clear hex free of enemy units (an enemy OZ allowed, isolation not); each is worth 1/2 VP
 * to the German, even one lost in the drop */
static void test_sc_13_1_3_parachute_brigades(void **state)
{
	struct ct t;
	int vp0[2], vp1[2];
	cJSON *doc = ct_doc();

	(void)state;
	cx_set(cx_doc_unit(doc, "5Para"), "df", cJSON_CreateNumber(3));
	ct_open_doc(&t, doc, NULL);
	ct_ok(&t, GERMAN, "hits 1038=1");
	ct_ok(&t, GERMAN, "place SB1 0602");
	ct_ok(&t, ALLIED, "select 2xG-1 G-2 2xG-3 2xG-4");
	ct_ok(&t, GERMAN, "select G-1 G-2 G-3 G-4");
	ct_hand(&t, ALLIED, "4xG-1");
	camp__victory_points(t.g, vp0);
	ct_do(&t, ALLIED, "play G-1 reinforce para 0605");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.1.3c"); /* polder */
	ct_do(&t, ALLIED, "play G-1 reinforce para 0303");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.1b"); /* enemy units */
	/* 0101 would be Isolated: 1037 in 0102, 0201 in the 70's OZ */
	ct_put(&t, "1037", "0102");
	ct_put(&t, "70", "0202");
	ct_put(&t, "157", "0301");
	ct_do(&t, ALLIED, "play G-1 reinforce para 0101");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.1c");
	/* 0201: in the German 70's OZ, not Isolated */
	ct_dice(&t, 2, 1, 2);
	ct_ok(&t, ALLIED, "play G-1 reinforce para 0201");
	assert_string_equal(ct_where(&t, "3Para"), "0201");
	assert_string_equal(ct_where(&t, "5Para"), "waiting"); /* one brigade per G-1 */
	camp__victory_points(t.g, vp1);
	assert_int_equal(vp1[GERMAN], vp0[GERMAN] + 1);
	/* the second brigade dies in the drop (DF 3, dice 6 and 5): still 1/2 VP */
	ct_dice(&t, 2, 6, 5);
	ct_ok(&t, ALLIED, "play G-1 reinforce 5Para 0105");
	assert_string_equal(ct_where(&t, "5Para"), "dead");
	camp__victory_points(t.g, vp1);
	assert_int_equal(vp1[GERMAN], vp0[GERMAN] + 2 + 2); /* + the Allied dead unit (14.2.2c) */
	ct_do(&t, ALLIED, "play G-1 reinforce para 0105");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, NULL); /* both used */
	ct_close(&t);
}

/* SC-13.1.3e: in the following Operations Phase the brigade may attack an adjacent hex */
static void test_sc_13_1_3e_parachute_attack(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_hand(&t, ALLIED, "G-1");
	ct_dice(&t, 2, 1, 1);
	ct_ok(&t, ALLIED, "play G-1 reinforce 3Para 0202");
	ct_ok(&t, ALLIED, "end");
	ct_hand(&t, ALLIED, "G-3 G-4");
	ct_ok(&t, ALLIED, "play G-3 attack 3Para 0303");
	ct_ok(&t, ALLIED, "commit G-4=air");
	ct_close(&t);
}

/* ---- 13.1.4 the 4th Special Service Force ------------------------------------------------- */

static void ssf_landed(struct ct *t)
{
	ct_open(t, NULL);
	ct_at(t, 10, ALLIED, CAMP_PH_PREP);
	ct_hand(t, ALLIED, "G-1");
	ct_ok(t, ALLIED, "play G-1 reinforce ssf 0903"); /* at sea next to Vlissingen */
	ct_ok(t, ALLIED, "end");
}

/* SC-13.1.4a, SC-13.1.4b: on turns 10, 20, 30 only, once, next to Westkapelle, Domburg or
 * Vlissingen (at sea allowed, SC-AMB-51) */
static void test_sc_13_1_4a_ssf_turns_and_landing(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 9, ALLIED, CAMP_PH_PREP);
	ct_hand(&t, ALLIED, "2xG-1");
	ct_do(&t, ALLIED, "play G-1 reinforce ssf 0903");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.1.4a");
	ct_at(&t, 10, ALLIED, CAMP_PH_PREP);
	ct_do(&t, ALLIED, "play G-1 reinforce ssf 0105");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.1.4b");
	ct_do(&t, ALLIED, "play G-1 reinforce ssf 0902");
	assert_int_not_equal(t.rc, 0); /* the town itself (and German units in it) */
	ct_ok(&t, ALLIED, "play G-1 reinforce ssf 0903");
	assert_string_equal(ct_where(&t, "4SSF"), "0903");
	ct_at(&t, 20, ALLIED, CAMP_PH_PREP);
	ct_hand(&t, ALLIED, "G-1");
	ct_set(&t, "4SSF", CAMP_W_DEAD);
	ct_do(&t, ALLIED, "play G-1 reinforce ssf 1003");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.1.4a"); /* once */
	ct_close(&t);
}

/* SC-13.1.4c, SC-13.1.4d: an empty town it enters with a G-3; a held one it must attack */
static void test_sc_13_1_4c_enter_or_attack_the_town(void **state)
{
	struct ct t;

	(void)state;
	ssf_landed(&t);
	ct_hand(&t, ALLIED, "2xG-3");
	ct_do(&t, ALLIED, "play G-3 move 4SSF 0902");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-13.1.4d");
	ct_do(&t, ALLIED, "play G-3 move 4SSF 0904");
	ct_refused(&t, WG_E_ILLEGAL_MOVE, "SC-13.1.4c"); /* only into its town */
	ct_set(&t, "CA2", CAMP_W_GONE);
	ct_ok(&t, ALLIED, "play G-3 move 4SSF 0902");
	assert_string_equal(ct_where(&t, "4SSF"), "0902");
	ct_ok(&t, ALLIED, "end");
	assert_string_equal(ct_where(&t, "4SSF"), "0902"); /* it holds the town: it stays */
	assert_int_equal(t.g->ssf, 2);
	ct_close(&t);
}

/* SC-13.1.4e, SC-13.1.4f, SC-EX-D01: its first attack has the TA even against a German G-2;
 * it may attack again with more G-3s, then with the usual TA */
static void test_sc_13_1_4e_first_attack_has_the_advantage(void **state)
{
	struct ct t;

	(void)state;
	ssf_landed(&t);
	ct_hand(&t, ALLIED, "2xG-3");
	ct_hand(&t, GERMAN, "2xG-2");
	ct_ok(&t, ALLIED, "play G-3 attack 4SSF 0902");
	ct_ok(&t, ALLIED, "commit none");
	ct_dice(&t, 6, 1, 1, 1, 1, 1, 1); /* 4SSF fires first: 5 misses; CA2 fires back DF 1 */
	ct_ok(&t, GERMAN, "commit G-2");
	assert_int_equal(t.g->b.ta, ALLIED);
	assert_int_equal(t.g->b.stage, CAMP_B_NONE);
	ct_ok(&t, ALLIED, "play G-3 attack 4SSF 0902"); /* 9.2.2: again */
	ct_ok(&t, ALLIED, "commit none");
	ct_dice(&t, 6, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit G-2");
	assert_int_equal(t.g->b.ta, GERMAN);
	ct_close(&t);
}

/* SC-13.1.4g, SC-AMB-51: the town still held at the end of the landing turn's Operations
 * Phase, the Force is eliminated (and still at sea, too); taken, it stays; landed on the
 * shore next to a town free of the enemy, it stays too (the rule eliminates it only for a
 * town still held) */
static void test_sc_13_1_4g_eliminated_if_the_town_holds(void **state)
{
	struct ct t;

	(void)state;
	ssf_landed(&t);
	ct_events_clear(&t);
	ct_ok(&t, ALLIED, "end");
	assert_string_equal(ct_where(&t, "4SSF"), "dead");
	assert_int_equal(t.g->ssf, 3);
	ct_close(&t);
	/* taken: 4SSF's 5 dice, a 6 and a 5 = 3 hits, less polder 1 + town 1 = 1: CA2 dies */
	ssf_landed(&t);
	ct_hand(&t, ALLIED, "G-3");
	ct_ok(&t, ALLIED, "play G-3 attack 4SSF 0902");
	ct_ok(&t, ALLIED, "commit none");
	ct_dice(&t, 5, 6, 5, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit none");
	assert_string_equal(ct_where(&t, "CA2"), "dead");
	ct_ok(&t, ALLIED, "advance yes");
	assert_string_equal(ct_where(&t, "4SSF"), "0902");
	assert_true(t.g->walcheren_entered);
	ct_ok(&t, ALLIED, "end");
	assert_string_equal(ct_where(&t, "4SSF"), "0902");
	assert_int_equal(t.g->ssf, 2);
	ct_close(&t);
	/* on the shore (0801) next to Vlissingen: held, eliminated; free, it stays */
	for (int held = 1; held >= 0; held--) {
		ct_open(&t, NULL);
		ct_at(&t, 10, ALLIED, CAMP_PH_PREP);
		ct_hand(&t, ALLIED, "G-1");
		ct_ok(&t, ALLIED, "play G-1 reinforce ssf 0801 vlissingen");
		if (!held)
			ct_set(&t, "CA2", CAMP_W_DEAD);
		ct_ok(&t, ALLIED, "end");
		ct_ok(&t, ALLIED, "end");
		assert_string_equal(ct_where(&t, "4SSF"), held ? "dead" : "0801");
		assert_int_equal(t.g->ssf, held ? 3 : 2);
		ct_close(&t);
	}
}

/* SC-13.1.4b: a landing hex next to two of the towns names the one the SSF lands for */
static void test_sc_13_1_4b_two_towns_name_the_town(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 10, ALLIED, CAMP_PH_PREP);
	ct_hand(&t, ALLIED, "G-1");
	ct_do(&t, ALLIED, "play G-1 reinforce ssf 0801");
	ct_refused(&t, WG_E_BAD_ARGS, "SC-13.1.4b"); /* 0801: Westkapelle and Vlissingen */
	ct_do(&t, ALLIED, "play G-1 reinforce ssf 0801 domburg");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.1.4b");
	assert_int_equal(t.g->hand[ALLIED][0], 1); /* refused: nothing spent */
	ct_ok(&t, ALLIED, "play G-1 reinforce ssf 0801 westkapelle");
	assert_int_equal(t.g->ssf_town, rules_hexmap_zone(&t.g->sc->map, "westkapelle"));
	ct_close(&t);
}

/* ---- 13.1.5 the 51st Division -------------------------------------------------------------- */

/* SC-13.1.5a, SC-13.1.5b, SC-13.1.5c, SC-AMB-52: the whole division (HQ, three brigades, the
 * artillery) by one G-1, on turns 4-11, in Antwerp or Turnhout free of German units */
static void test_sc_13_1_5b_the_51st_by_one_g1(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 3, ALLIED, CAMP_PH_PREP);
	ct_hand(&t, ALLIED, "2xG-1");
	ct_do(&t, ALLIED, "play G-1 reinforce 51st 0507");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.1.5b");
	ct_at(&t, 12, ALLIED, CAMP_PH_PREP);
	ct_do(&t, ALLIED, "play G-1 reinforce 51st 0507");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.1.5b");
	ct_at(&t, 4, ALLIED, CAMP_PH_PREP);
	ct_put(&t, "SB1", "0507");
	ct_do(&t, ALLIED, "play G-1 reinforce 51st 0507");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.1b"); /* German units in that Antwerp hex */
	ct_do(&t, ALLIED, "play G-1 reinforce 51st 0106");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-7.1b");
	ct_ok(&t, ALLIED, "play G-1 reinforce 51st 0508"); /* the other Antwerp hex */
	assert_string_equal(ct_where(&t, "51"), "0508");
	assert_string_equal(ct_where(&t, "152"), "box:51");
	assert_string_equal(ct_where(&t, "153"), "box:51");
	assert_string_equal(ct_where(&t, "154"), "box:51");
	assert_string_equal(ct_where(&t, "51RA"), "box:51");
	assert_int_equal(t.g->hand[ALLIED][0], 1);
	ct_close(&t);
	ct_open(&t, NULL);
	ct_at(&t, 11, ALLIED, CAMP_PH_PREP);
	ct_hand(&t, ALLIED, "G-1");
	ct_ok(&t, ALLIED, "play G-1 reinforce 51st 0608"); /* Turnhout */
	ct_close(&t);
}

/* Plays whole game turns with nothing done (end, end, select for both sides). */
static void pass_turns(struct ct *t, int n)
{
	for (int k = 0; k < n && !t->g->over; k++) {
		if (t->g->phase == CAMP_PH_PREP && t->g->await == CAMP_AW_PHASE)
			ct_ok(t, t->g->phasing, "end");
		ct_ok(t, t->g->phasing, "end");
		ct_ok(t, t->g->phasing,
		      t->g->phasing == ALLIED ? "select 2xG-1 G-2 2xG-3 2xG-4"
		                              : "select G-1 G-2 G-3 G-4");
		ct_ok(t, GERMAN, "end");
		ct_ok(t, GERMAN, "end");
		ct_ok(t, GERMAN, "select G-1 G-2 G-3 G-4");
	}
}

/* SC-EX-D12, SC-13.1.5d, SC-13.1.5f, SC-AMB-54, SC-14.2.2f: entered on turn 4, withdrawn at
 * the beginning of turn 12 by force: turns 4-11, 4 VP to the German; withdrawn by choice in
 * the Allied Preparation Phase of turn 8: turns 4-7, 2 VP */
static void test_sc_ex_d12_the_51st_costs_half_a_point_a_turn(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 4, ALLIED, CAMP_PH_PREP);
	ct_ok(&t, ALLIED, "play G-1 reinforce 51st 0508");
	pass_turns(&t, 8); /* to the Allied Preparation Phase of turn 12 */
	assert_int_equal(t.g->turn, 12);
	assert_string_equal(ct_where(&t, "51"), "gone"); /* 13.1.5f: by force */
	assert_string_equal(ct_where(&t, "152"), "gone");
	assert_int_equal(t.g->d51, 2);
	assert_int_equal(t.g->d51_turns, 8);
	ct_close(&t);
	ct_open(&t, NULL);
	ct_at(&t, 4, ALLIED, CAMP_PH_PREP);
	ct_ok(&t, ALLIED, "play G-1 reinforce 51st 0508");
	pass_turns(&t, 4);
	assert_int_equal(t.g->turn, 8);
	ct_ok(&t, ALLIED, "withdraw");
	assert_string_equal(ct_where(&t, "51"), "gone");
	pass_turns(&t, 4);
	assert_int_equal(t.g->d51_turns, 4);
	{
		int vp[2];
		camp__victory_points(t.g, vp);
		t.g->d51_turns = 0;
		{
			int vp0[2];
			camp__victory_points(t.g, vp0);
			assert_int_equal(vp[GERMAN] - vp0[GERMAN], 4); /* 2 VP in half points */
		}
	}
	ct_close(&t);
}

/* SC-13.1.5e: the Allied withdraw the division in a later Preparation Phase of theirs without a
 * marker; not at other times */
static void test_sc_13_1_5e_voluntary_withdrawal(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_do(&t, ALLIED, "withdraw");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.1.5e"); /* not on the map */
	ct_at(&t, 5, ALLIED, CAMP_PH_PREP);
	ct_hand(&t, ALLIED, "G-1");
	ct_ok(&t, ALLIED, "play G-1 reinforce 51st 0508");
	ct_at(&t, 5, ALLIED, CAMP_PH_OPS);
	ct_do(&t, ALLIED, "withdraw");
	ct_refused(&t, WG_E_WRONG_PHASE, "SC-13.1.5e");
	ct_at(&t, 5, ALLIED, CAMP_PH_PREP);
	ct_do(&t, ALLIED, "withdraw"); /* "any subsequent Allied Preparation Phase" */
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.1.5e");
	ct_at(&t, 5, GERMAN, CAMP_PH_PREP);
	ct_do(&t, GERMAN, "withdraw");
	ct_refused(&t, WG_E_WRONG_PHASE, "SC-13.1.5e");
	ct_at(&t, 6, ALLIED, CAMP_PH_PREP);
	ct_hand(&t, ALLIED, "");
	ct_ok(&t, ALLIED, "withdraw"); /* no marker needed */
	assert_string_equal(ct_where(&t, "154"), "gone");
	ct_close(&t);
}

/* SC-13.1.5g, SC-AMB-53: lost components are replaced by surviving units of the same type,
 * which leave the game too */
static void test_sc_13_1_5g_substitutes_for_lost_components(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 5, ALLIED, CAMP_PH_PREP);
	ct_hand(&t, ALLIED, "G-1");
	ct_ok(&t, ALLIED, "play G-1 reinforce 51st 0508");
	ct_set(&t, "152", CAMP_W_DEAD);
	ct_set(&t, "51RA", CAMP_W_DEAD);
	ct_at(&t, 7, ALLIED, CAMP_PH_PREP);
	ct_ok(&t, ALLIED, "withdraw");
	assert_string_equal(ct_kind(&t, ALLIED), "withdraw");
	assert_string_equal(ct_where(&t, "153"), "gone");
	ct_do(&t, ALLIED, "withdraw 49");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.1.5g"); /* no HQ was lost */
	ct_do(&t, ALLIED, "end");
	ct_refused(&t, WG_E_WRONG_PHASE, NULL);
	ct_ok(&t, ALLIED, "withdraw 157"); /* an infantry brigade for 152 */
	assert_string_equal(ct_where(&t, "157"), "gone");
	ct_do(&t, ALLIED, "withdraw 146");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.1.5g"); /* no infantry owed any more */
	ct_ok(&t, ALLIED, "withdraw 4CAR");                /* artillery for 51RA */
	assert_string_equal(ct_kind(&t, ALLIED), "phase");
	assert_int_equal(t.g->d51, 2);
	ct_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sc_7_0a_g1_only_in_the_preparation_phase),
	    cmocka_unit_test(test_sc_7_0b_one_g1_one_action),
	    cmocka_unit_test(test_sc_7_1b_reinforcements_by_g1),
	    cmocka_unit_test(test_sc_7_1c_no_reinforcement_into_isolation),
	    cmocka_unit_test(test_sc_13_2_2c_scratch_battalions_by_g1),
	    cmocka_unit_test(test_sc_7_2_regroup_dialogue),
	    cmocka_unit_test(test_sc_7_2b_only_the_operations_zone),
	    cmocka_unit_test(test_sc_7_2e_where_detached_units_go),
	    cmocka_unit_test(test_sc_amb_23_attach_needs_a_legal_step),
	    cmocka_unit_test(test_sc_7_2_1a_empty_hq_leaves_the_map),
	    cmocka_unit_test(test_sc_7_2_swap_in_any_order),
	    cmocka_unit_test(test_sc_7_2_1b_form_a_task_force),
	    cmocka_unit_test(test_sc_7_2_1c_no_hq_in_a_box),
	    cmocka_unit_test(test_sc_ex_d13_c2_and_nationality),
	    cmocka_unit_test(test_sc_7_3a_recovery_halves_the_die),
	    cmocka_unit_test(test_sc_7_3b_a_tactical_unit_with_hits),
	    cmocka_unit_test(test_sc_7_3_1a_not_while_isolated),
	    cmocka_unit_test(test_sc_7_3_1b_once_per_player_turn),
	    cmocka_unit_test(test_sc_7_3_1c_recovering_units_sit_out),
	    cmocka_unit_test(test_sc_7_3_1e_task_force_attacks_without_it),
	    cmocka_unit_test(test_sc_amb_25_recovering_units_defend),
	    cmocka_unit_test(test_sc_13_2_4b_elite_cannot_recover),
	    cmocka_unit_test(test_sc_13_1_2b_carrying_by_g1),
	    cmocka_unit_test(test_sc_13_1_2d_amphibious_movement),
	    cmocka_unit_test(test_sc_13_1_2f_lost_with_its_passenger),
	    cmocka_unit_test(test_sc_ex_d09_parachute_landing_dice),
	    cmocka_unit_test(test_sc_13_1_3_parachute_brigades),
	    cmocka_unit_test(test_sc_13_1_3e_parachute_attack),
	    cmocka_unit_test(test_sc_13_1_4a_ssf_turns_and_landing),
	    cmocka_unit_test(test_sc_13_1_4c_enter_or_attack_the_town),
	    cmocka_unit_test(test_sc_13_1_4e_first_attack_has_the_advantage),
	    cmocka_unit_test(test_sc_13_1_4g_eliminated_if_the_town_holds),
	    cmocka_unit_test(test_sc_13_1_4b_two_towns_name_the_town),
	    cmocka_unit_test(test_sc_13_1_5b_the_51st_by_one_g1),
	    cmocka_unit_test(test_sc_ex_d12_the_51st_costs_half_a_point_a_turn),
	    cmocka_unit_test(test_sc_13_1_5e_voluntary_withdrawal),
	    cmocka_unit_test(test_sc_13_1_5g_substitutes_for_lost_components),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
