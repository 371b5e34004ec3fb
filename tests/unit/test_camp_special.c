/*
 * test_camp_special.c -- special rules and victory of The Scheldt Campaign: coastal
 * artillery (13.2.1), fortifications (13.2.3), the Breskens Pocket's surrender (13.3.2),
 * the Walcheren dikes (13.3.3, SC-EX-D10), the end of the game and every victory point
 * line (14.1-14.3, SC-EX-16, SC-EX-D11, SC-EX-D16); after a battle: the conversion of hits
 * to retreats and the retreats themselves (10.5.5g-h, 10.5.6, SC-EX-D03), the advance
 * (10.5.6g); the 1st Canadian APC Regiment (13.1.6) and the optional Tactical Reaction
 * (15.1), on campaign-test.json.
 */
#include "test_camp_extra.h"

/* An empty map but for a far coastal battery (the game goes on); turn t, side's phase. */
static void open_empty(struct ct *t, const char *opts, int turn, int side, int phase)
{
	ct_open(t, opts);
	ct_clear(t);
	ct_put(t, "CA4", "1002");
	ct_at(t, turn, side, phase);
}

/* ---- 13.2.1 coastal artillery ------------------------------------------------------------- */

/* SC-13.2.1b, SC-10.4c, SC-AMB-11: the batteries with an AF and a Range support German battles
 * through a G-4; the 0/1/0 ones never do */
static void test_sc_13_2_1b_coastal_artillery_support(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-3");
	ct_hand(&t, GERMAN, "G-4");
	ct_put(&t, "SB2", "0804");
	ct_put(&t, "157", "0704");
	ct_ok(&t, ALLIED, "play G-3 attack 157 0804");
	ct_ok(&t, ALLIED, "commit none");
	ct_dice(&t, 12, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit G-4");
	/* CA5 (1004) and CA6 (1005) are 2 hexes off, range 3; CA1-CA4 have none; 64AR (0503) is
	 * out of its range 2 */
	assert_int_equal(t.g->b.nsup[GERMAN], 2);
	assert_int_equal(t.g->b.sup[GERMAN][0], ct_unit(&t, "CA5"));
	assert_int_equal(t.g->b.sup[GERMAN][1], ct_unit(&t, "CA6"));
	assert_int_equal(t.g->b.fire[0].dice, 2 + 2 + 2); /* SB2 DF 2, CA5 2, CA6 2 */
	ct_close(&t);
}

/* SC-13.2.1d, SC-AMB-40: coastal artillery never converts hits to retreats; the units with it
 * may, and it stays in its hex */
static void test_sc_13_2_1d_coastal_artillery_never_retreats(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-3");
	ct_hand(&t, GERMAN, "G-2");
	ct_put(&t, "CA6", "1005");
	ct_put(&t, "SB1", "1005");
	ct_put(&t, "157", "1006");
	ct_ok(&t, ALLIED, "play G-3 attack 157 1005");
	ct_ok(&t, ALLIED, "commit none");
	/* German TA: SB1 DF 2 + CA6 AF 2 = 4 misses; 157: 6 6 5 1 1 = 5, less the canal 1 = 4 */
	ct_dice(&t, 9, 1, 1, 1, 1, 6, 6, 5, 1, 1);
	ct_ok(&t, GERMAN, "commit G-2");
	assert_int_equal(t.g->b.fire[1].net, 4);
	assert_string_equal(ct_kind(&t, GERMAN), "retreats");
	assert_int_equal(camp__max_retreats(t.g), 2);
	ct_ok(&t, GERMAN, "retreats 2");
	ct_ok(&t, GERMAN, "hits SB1=1 CA6=1");
	assert_string_equal(ct_kind(&t, GERMAN), "retreat");
	ct_do(&t, GERMAN, "retreat CA6 0905 0804");
	ct_refused(&t, WG_E_ILLEGAL_RETREAT, "SC-10.5.6a");
	ct_ok(&t, GERMAN, "retreat SB1 0905 0804");
	assert_string_equal(ct_where(&t, "CA6"), "1005");
	assert_int_equal(cx_hits(&t, "CA6"), 1);
	assert_int_equal(t.g->b.stage, CAMP_B_NONE); /* the hex is not empty: no advance */
	ct_close(&t);
	/* alone, it converts nothing */
	open_empty(&t, NULL, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-3");
	ct_hand(&t, GERMAN, "G-2");
	ct_put(&t, "CA6", "1005");
	ct_put(&t, "157", "1006");
	ct_ok(&t, ALLIED, "play G-3 attack 157 1005");
	ct_ok(&t, ALLIED, "commit none");
	ct_dice(&t, 6, 1, 6, 6, 5, 1, 1); /* CA6 alone: 1 die (9.2.4b) */
	ct_ok(&t, GERMAN, "commit G-2");
	assert_int_equal(t.g->b.fire[0].dice, 1);
	assert_int_equal(t.g->b.fire[1].retreats, 0);
	assert_string_equal(ct_where(&t, "CA6"), "dead");
	ct_close(&t);
}

/* ---- 13.2.3 fortifications ------------------------------------------------------------------ */

/* The reduction the defender def in target gets when att attacks it from from with the TA
 * (dice: how many both sides roll, all misses), in the last of `rounds` attacks. */
static int reduction_of(const char *att, int attacker, const char *from, const char *def,
                        const char *target, int rounds, int dice)
{
	struct ct t;
	char line[80];
	int r = -1;

	open_empty(&t, NULL, 1, attacker, CAMP_PH_OPS);
	ct_hand(&t, attacker, "2xG-2 2xG-3");
	ct_hand(&t, 1 - attacker, "");
	ct_put(&t, att, from);
	ct_put(&t, def, target);
	for (int k = 0; k < rounds; k++) {
		snprintf(line, sizeof(line), "play G-3 attack %s %s", att, target);
		ct_ok(&t, attacker, line);
		ct_ok(&t, attacker, "commit G-2");
		for (int q = 0; q < dice; q++)
			assert_int_equal(rules_dice_force(&t.m.dice, 1), 0);
		ct_ok(&t, 1 - attacker, "commit none");
		assert_int_equal(t.g->b.ta, attacker);
		r = t.g->b.fire[0].reduction;
		assert_int_equal(t.g->b.stage, CAMP_B_NONE);
		assert_int_equal(t.m.dice.nqueued, 0);
	}
	ct_close(&t);
	return r;
}

/* SC-13.2.3a, SC-13.2.3b, SC-13.2.3c, SC-13.2.3d, SC-AMB-60, SC-10.5.5d, SC-10.5.5e: 1004 is
 * polder (TM 1) with a fortification: a German defender reduces by 2 (cumulative), every
 * time; an Allied defender by 1 */
static void test_sc_13_2_3_fortifications(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	assert_true(camp__hex_fort(t.g, ct_hex(&t, "1004")));
	assert_int_equal(camp__hex_tm(t.g, ct_hex(&t, "1004")), 1); /* the +1 is not in the TM */
	ct_close(&t);
	/* 157 (AF 5) against SB1 (AF 1): 5 + 1 dice; SB1 against 157 (DF 7): 1 + 7 */
	assert_int_equal(reduction_of("157", ALLIED, "0905", "SB1", "1004", 1, 6), 2);
	assert_int_equal(reduction_of("157", ALLIED, "0905", "SB1", "1004", 2, 6), 2); /* again */
	assert_int_equal(reduction_of("SB1", GERMAN, "0905", "157", "1004", 1, 8), 1);
}

/* ---- 13.3.2 the Breskens Pocket ----------------------------------------------------------------
 */

/* The last Pocket battery (CA6 in 1005, CA5 already gone) falls to 157 from 1006 in the Allied
 * Operations Phase; the German 64 (0904) and SB1 (0905) are in the Pocket, 1037 outside. */
static void pocket_falls(struct ct *t, const char *opts)
{
	ct_open(t, opts);
	ct_at(t, 5, ALLIED, CAMP_PH_OPS);
	ct_hand(t, ALLIED, "G-2 G-3");
	ct_set(t, "CA5", CAMP_W_DEAD);
	ct_put(t, "SB1", "0905");
	ct_put(t, "157", "1006");
	ct_ok(t, ALLIED, "play G-3 attack 157 1005");
	ct_ok(t, ALLIED, "commit G-2");
	/* 157: 6 5 1 1 1 = 3, less the canal 1: CA6 (DF 2) dies; it still fires its die */
	ct_dice(t, 6, 6, 5, 1, 1, 1, 1);
	ct_ok(t, GERMAN, "commit none");
	assert_string_equal(ct_where(t, "CA6"), "dead");
	ct_ok(t, ALLIED, "advance no");
	assert_false(t->g->pocket_surrendered); /* at the end of the Operations Phase */
	ct_ok(t, ALLIED, "end");
}

/* SC-13.3.2a, SC-13.3.2b, SC-AMB-57: the German units in the Pocket surrender when its last
 * coastal artillery falls: out of the game, not the Dead Pile (surrender.dead_pile=true: the
 * Dead Pile) */
static void test_sc_13_3_2b_breskens_pocket_surrenders(void **state)
{
	struct ct t;
	int vp[2];

	(void)state;
	pocket_falls(&t, NULL);
	assert_true(t.g->pocket_surrendered);
	assert_true(ct_has_event(&t, "surrender"));
	assert_string_equal(ct_where(&t, "64"), "gone");
	assert_string_equal(ct_where(&t, "1038"), "gone");
	assert_string_equal(ct_where(&t, "SB1"), "gone");
	assert_string_equal(ct_where(&t, "1037"), "0303"); /* outside */
	assert_string_equal(ct_where(&t, "CA1"), "0901");
	camp__victory_points(t.g, vp);
	assert_int_equal(vp[ALLIED], 2 * (32 - 5)); /* no German HQ in the Dead Pile */
	assert_false(t.g->over);
	ct_close(&t);
	pocket_falls(&t, "surrender.dead_pile=true");
	assert_string_equal(ct_where(&t, "64"), "dead");
	camp__victory_points(t.g, vp);
	assert_int_equal(vp[ALLIED], 2 * (32 - 5) + 2);
	ct_close(&t);
}

/* ---- 13.3.3 the Walcheren dikes
 * ------------------------------------------------------------------ */

/* SC-EX-D10, SC-13.3.3b, SC-13.3.3d, SC-13.2.1e, SC-DATA-20: dice 5, 2, 6, 4 for the four 0/1/0
 * batteries: the 1st and 3rd are lost; 2 VP to the German */
static void test_sc_ex_d10_breaking_the_dikes(void **state)
{
	struct ct t;
	int vp0[2], vp1[2];

	(void)state;
	ct_open(&t, NULL);
	camp__victory_points(t.g, vp0);
	ct_dice(&t, 4, 5, 2, 6, 4);
	ct_ok(&t, ALLIED, "dikes");
	assert_string_equal(ct_where(&t, "CA1"), "dead");
	assert_string_equal(ct_where(&t, "CA2"), "0902");
	assert_string_equal(ct_where(&t, "CA3"), "dead");
	assert_string_equal(ct_where(&t, "CA4"), "1002");
	assert_string_equal(ct_where(&t, "CA5"), "1004"); /* not on Walcheren */
	assert_int_equal(t.m.dice.nlog, 4);
	camp__victory_points(t.g, vp1);
	assert_int_equal(vp1[GERMAN] - vp0[GERMAN], 4); /* half points */
	assert_int_equal(t.g->hand[ALLIED][0], 2);      /* no marker */
	ct_close(&t);
}

/* SC-13.3.3c, SC-AMB-47: Walcheren's polder is flooded from then on, its clear ground polder */
static void test_sc_13_3_3c_walcheren_floods(void **state)
{
	struct ct t;
	const struct camp_scenario *sc;

	(void)state;
	ct_open(&t, NULL);
	sc = t.g->sc;
	assert_true(camp__is_clear(t.g, ct_hex(&t, "1002")));
	ct_dice(&t, 4, 1, 1, 1, 1);
	ct_ok(&t, ALLIED, "dikes");
	assert_true(camp__terrain(t.g, ct_hex(&t, "0901")) & sc->flooded_mask);
	assert_false(camp__terrain(t.g, ct_hex(&t, "0901")) & sc->polder_mask);
	assert_true(camp__terrain(t.g, ct_hex(&t, "1002")) & sc->polder_mask);
	assert_false(camp__is_clear(t.g, ct_hex(&t, "1002")));
	assert_false(camp__is_clear(t.g, ct_hex(&t, "1001")));
	assert_true(camp__is_clear(t.g, ct_hex(&t, "0904"))); /* off the island: unchanged */
	assert_int_equal(camp__hex_tm(t.g, ct_hex(&t, "0901")), 2 + 1); /* flooded + town */
	assert_true(cx_query_has(&t, RULES_SPECTATOR, "hex 1002", "Polder"));
	/* no parachute drop on the former clear ground (SC-AMB-47) */
	ct_set(&t, "CA4", CAMP_W_DEAD);
	ct_do(&t, ALLIED, "play G-1 reinforce para 1002");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.1.3c");
	ct_close(&t);
}

/* SC-13.3.3a, SC-AMB-58: once, by the Allied in their own Preparation or Operations Phase, out
 * of battle, until an Allied unit enters Walcheren */
static void test_sc_13_3_3a_when_the_dikes_may_break(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 2, GERMAN, CAMP_PH_OPS);
	ct_do(&t, GERMAN, "dikes");
	ct_refused(&t, WG_E_WRONG_PHASE, "SC-AMB-58");
	ct_at(&t, 2, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-3");
	ct_put(&t, "4CAD", "0304");
	ct_ok(&t, ALLIED, "play G-3 attack 4CAD 0303");
	ct_do(&t, ALLIED, "dikes");
	ct_refused(&t, WG_E_WRONG_PHASE, NULL); /* not in a battle */
	ct_close(&t);
	/* once */
	ct_open(&t, NULL);
	ct_at(&t, 2, ALLIED, CAMP_PH_OPS);
	ct_dice(&t, 4, 1, 1, 1, 1);
	ct_ok(&t, ALLIED, "dikes");
	ct_do(&t, ALLIED, "dikes");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.3.3a");
	ct_close(&t);
	/* too late once an Allied unit has entered Walcheren (and left it again) */
	ct_open(&t, NULL);
	ct_at(&t, 2, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-3");
	ct_set(&t, "CA2", CAMP_W_DEAD);
	ct_put(&t, "157", "0801");
	assert_false(t.g->walcheren_entered);
	ct_ok(&t, ALLIED, "play G-3 move 157 0902");
	assert_true(t.g->walcheren_entered);
	ct_do(&t, ALLIED, "dikes");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-13.3.3a");
	ct_close(&t);
}

/* SC-AMB-58, SC-14.1a: the dikes take the last coastal artillery in the Preparation Phase:
 * the game ends at the end of that turn's Operations Phase */
static void test_sc_amb_58_dikes_take_the_last_battery(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 20, ALLIED, CAMP_PH_PREP);
	ct_set(&t, "CA2", CAMP_W_DEAD);
	ct_set(&t, "CA4", CAMP_W_DEAD);
	ct_set(&t, "CA5", CAMP_W_DEAD);
	ct_set(&t, "CA6", CAMP_W_DEAD);
	ct_dice(&t, 2, 5, 6);
	ct_ok(&t, ALLIED, "dikes");
	assert_int_equal(camp__coastal_left(t.g, 0), 0);
	assert_false(t.g->over);
	ct_ok(&t, ALLIED, "end");
	assert_false(t.g->over);
	ct_ok(&t, ALLIED, "end");
	assert_true(t.g->over);
	ct_close(&t);
}

/* ---- 14.1 the end -------------------------------------------------------------------------------
 */

/* SC-14.1a, SC-EX-16, SC-14.2.1a: the last battery falls in an Allied Operations Phase of turn
 * 26: the game ends at the end of that phase, on points: 6 VP for the turns left */
static void test_sc_14_1a_the_last_battery_ends_the_game(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 26, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-2 G-3");
	for (int k = 2; k <= 6; k++) {
		char id[8];
		snprintf(id, sizeof(id), "CA%d", k);
		ct_set(&t, id, CAMP_W_DEAD);
	}
	ct_put(&t, "157", "0801");
	ct_do(&t, ALLIED, "play G-3 attack 157 0901 5Aslt");
	assert_int_not_equal(t.rc, 0);
	ct_ok(&t, ALLIED, "play G-3 attack 157 0901"); /* across the causeway */
	ct_ok(&t, ALLIED, "commit G-2");
	/* 157: 6 6 1 1 1 = 4 hits, less polder 1 + town 1 + causeway 1 = 1: CA1 (DF 1) dies */
	ct_dice(&t, 5, 6, 6, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.fire[0].reduction, 3);
	assert_string_equal(ct_where(&t, "CA1"), "dead");
	ct_ok(&t, ALLIED, "advance no");
	assert_false(t.g->over);
	ct_events_clear(&t);
	ct_ok(&t, ALLIED, "end");
	assert_true(t.g->over);
	assert_true(ct_has_event(&t, "game-over"));
	/* Allied 6 (turns left); German 1: 70 on the map (64 surrendered with the Pocket) */
	assert_int_equal(t.g->vp[ALLIED], 12);
	assert_int_equal(t.g->vp[GERMAN], 2);
	assert_true(t.g->pocket_surrendered);
	assert_int_equal(t.g->winner, ALLIED);
	assert_int_equal(t.g->level, CAMP_L_SMASHING);
	assert_non_null(strstr(t.g->summary, "Allied Smashing Victory"));
	ct_close(&t);
}

/* SC-EX-D16, SC-14.1b: the last battery falls on turn 32: no VP for turns; the End of Turn 32
 * with a battery left is a German Impressive Victory whatever the points */
static void test_sc_ex_d16_turn_32(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 32, ALLIED, CAMP_PH_OPS);
	for (int k = 1; k <= 6; k++) {
		char id[8];
		snprintf(id, sizeof(id), "CA%d", k);
		ct_set(&t, id, CAMP_W_DEAD);
	}
	ct_ok(&t, ALLIED, "end");
	assert_true(t.g->over);
	assert_int_equal(t.g->vp[ALLIED], 0);
	assert_int_equal(t.g->winner, GERMAN); /* 0 v 2 */
	ct_close(&t);
	ct_open(&t, NULL);
	ct_at(&t, 32, GERMAN, CAMP_PH_PLANNING);
	ct_set(&t, "64", CAMP_W_DEAD); /* the Allied ahead on points: 2 v 0 */
	ct_set(&t, "70", CAMP_W_DEAD);
	ct_ok(&t, GERMAN, "select G-1 G-2 G-3 G-4");
	assert_true(t.g->over);
	assert_int_equal(t.g->winner, GERMAN);
	assert_int_equal(t.g->level, CAMP_L_IMPRESSIVE);
	ct_close(&t);
}

/* ---- 14.2 victory points ------------------------------------------------------------------------
 */

/* Asserts the VP moved by (da, dg) half points since base, and makes now the base. */
static void vp_delta(struct ct *t, int base[2], int da, int dg)
{
	int vp[2];

	camp__victory_points(t->g, vp);
	assert_int_equal(vp[ALLIED] - base[ALLIED], da);
	assert_int_equal(vp[GERMAN] - base[GERMAN], dg);
	memcpy(base, vp, sizeof(vp));
}

/* SC-14.2a, SC-14.2.1a..c, SC-14.2.2a..f, SC-AMB-62, SC-AMB-63, SC-DATA-21: every line, in half
 * points */
static void test_sc_14_2_every_victory_point_line(void **state)
{
	struct ct t;
	int base[2];
	char *v;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 20, ALLIED, CAMP_PH_OPS);
	camp__victory_points(t.g, base);
	assert_int_equal(base[ALLIED], 24); /* 32 - 20 = 12 (14.2.1a) */
	assert_int_equal(base[GERMAN], 4);  /* 64 and 70 on the map (14.2.2a) */
	ct_set(&t, "70", CAMP_W_DEAD);
	vp_delta(&t, base, 2, -2); /* 14.2.1b: +1 Allied; no longer on the map */
	ct_set(&t, "64", CAMP_W_GONE);
	vp_delta(&t, base, 0, -2); /* gone, not dead: nothing for the Allied */
	ct_put(&t, "157", "0706");
	vp_delta(&t, base, 4, 0); /* 14.2.1c: Rosendaal */
	ct_put(&t, "1037", "0807");
	vp_delta(&t, base, 0, 4); /* 14.2.2e: Breda */
	ct_put(&t, "146", "1008");
	ct_put(&t, "SB1", "1008");
	vp_delta(&t, base, 0, 0); /* Tilburg held by both: nobody occupies it (SC-AMB-62) */
	t.g->dikes = 1;
	vp_delta(&t, base, 0, 4); /* 14.2.2b */
	ct_set(&t, "147", CAMP_W_DEAD);
	vp_delta(&t, base, 0, 2); /* 14.2.2c */
	ct_set(&t, "52", CAMP_W_DEAD);
	vp_delta(&t, base, 0, 2); /* 14.2.2d */
	ct_set(&t, "146", CAMP_W_GONE);
	vp_delta(&t, base, 0, 4); /* Tilburg is German now */
	t.g->d51_turns = 3;
	t.g->paras = 1;
	vp_delta(&t, base, 0, 4); /* 14.2.2f: four halves */
	t.g->antwerp_vp = 1;
	vp_delta(&t, base, 0, 12); /* 14.2.2g */
	t.g->paras = 2;
	v = cx_view_text(&t, RULES_SPECTATOR);
	assert_non_null(strstr(v, "\"vp_german\":16.5")); /* SC-AMB-63 */
	free(v);
	assert_true(cx_query_has(&t, GERMAN, "vp", "german 16.5"));
	ct_close(&t);
}

/* SC-14.2.2g, SC-AMB-66: a German Task Force in an Antwerp hex at the end of an Allied Player
 * Turn: 6 VP, once; not a detached unit, not at the end of a German Player Turn */
static void test_sc_14_2_2g_antwerp(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_put(&t, "1037", "0507");
	ct_at(&t, 3, ALLIED, CAMP_PH_PLANNING);
	ct_ok(&t, ALLIED, "select 2xG-1 G-2 2xG-3 2xG-4");
	assert_false(t.g->antwerp_vp); /* detached: no Task Force */
	ct_put(&t, "70", "0508");
	ct_at(&t, 3, GERMAN, CAMP_PH_PLANNING);
	ct_ok(&t, GERMAN, "select G-1 G-2 G-3 G-4");
	assert_false(t.g->antwerp_vp); /* the end of a German Player Turn */
	ct_at(&t, 4, ALLIED, CAMP_PH_PLANNING);
	ct_events_clear(&t);
	ct_ok(&t, ALLIED, "select 2xG-1 G-2 2xG-3 2xG-4");
	assert_true(t.g->antwerp_vp);
	assert_int_equal(cx_events(&t, "antwerp"), 1);
	ct_at(&t, 5, ALLIED, CAMP_PH_PLANNING);
	ct_events_clear(&t);
	ct_ok(&t, ALLIED, "select 2xG-1 G-2 2xG-3 2xG-4");
	assert_int_equal(cx_events(&t, "antwerp"), 0); /* once per game */
	ct_close(&t);
}

/* SC-EX-D11, SC-14.3a..c, SC-AMB-64: 12 v 5 Impressive, 15 v 5 Smashing, 9 v 5 Marginal, 5 v 5 a
 * Draw, 3 v 0 Smashing; exactly twice: Impressive */
static void test_sc_ex_d11_level_of_victory(void **state)
{
	(void)state;
	assert_int_equal(camp__level(24, 10), CAMP_L_IMPRESSIVE);
	assert_int_equal(camp__level(10, 24), CAMP_L_IMPRESSIVE);
	assert_int_equal(camp__level(30, 10), CAMP_L_SMASHING);
	assert_int_equal(camp__level(18, 10), CAMP_L_MARGINAL);
	assert_int_equal(camp__level(10, 10), CAMP_L_DRAW);
	assert_int_equal(camp__level(6, 0), CAMP_L_SMASHING);
	assert_int_equal(camp__level(20, 10), CAMP_L_IMPRESSIVE);
	assert_int_equal(camp__level(11, 10), CAMP_L_MARGINAL);
	assert_string_equal(camp__level_name(CAMP_L_SMASHING), "Smashing Victory");
}

/* ---- 10.5.5 - 10.5.6 retreats and the advance
 * ----------------------------------------------------- */

/* The Canadian 4th (146, 147 fresh: 12 dice) at 0506 attacks 1037 (fresh) at 0505 in the
 * open; the German commits a G-2 (TA) or not. */
static void retreat_ground(struct ct *t, int german_ta)
{
	open_empty(t, NULL, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(t, ALLIED, german_ta ? "2xG-3" : "G-2 2xG-3");
	ct_hand(t, GERMAN, "G-2");
	ct_put(t, "4CAD", "0506");
	ct_box(t, "146", "4CAD");
	ct_box(t, "147", "4CAD");
	ct_hits(t, "146", 0);
	ct_hits(t, "147", 0);
	ct_put(t, "1037", "0505");
	ct_hits(t, "1037", 0);
	ct_ok(t, ALLIED, "play G-3 attack 4CAD 0505");
	ct_ok(t, ALLIED, german_ta ? "commit none" : "commit G-2");
}

/* German TA: 4 misses, then the Allied 12 dice with `hits` fives. */
static void german_ta_takes(struct ct *t, int hits)
{
	int d[16];

	for (int k = 0; k < 16; k++)
		d[k] = k >= 4 && k < 4 + hits ? 5 : 1;
	for (int k = 0; k < 16; k++)
		assert_int_equal(rules_dice_force(&t->m.dice, d[k]), 0);
	ct_ok(t, GERMAN, "commit G-2");
}

/* SC-EX-D03, SC-10.5.5g, SC-10.5.5h, SC-10.5.6a, SC-10.5.6e, SC-10.5.6g, SC-10.1.6d, SC-AMB-39,
 * SC-AMB-41: 5 remaining hits -> up to 3 retreats; each unit retreats that many hexes, each
 * further away, never into an uncontested enemy OZ; the attacker may advance into the empty
 * hex, which is no Tactical Movement */
static void test_sc_ex_d03_five_hits_three_retreats(void **state)
{
	struct ct t;
	int path[8], n = 3, found = 0;
	char line[120], hb[RULES_HEX_ID_MAX];
	size_t len;

	(void)state;
	retreat_ground(&t, 1);
	german_ta_takes(&t, 5);
	assert_int_equal(t.g->b.fire[1].net, 5);
	assert_string_equal(ct_kind(&t, GERMAN), "retreats");
	assert_int_equal(camp__max_retreats(t.g), 3);
	ct_do(&t, GERMAN, "retreats 4");
	ct_refused(&t, WG_E_ILLEGAL_RETREAT, "SC-10.5.5g");
	ct_ok(&t, GERMAN, "retreats 3");
	assert_int_equal(cx_hits(&t, "1037"), 2); /* the other 2 taken (one unit: no choice) */
	assert_string_equal(ct_kind(&t, GERMAN), "retreat");
	ct_do(&t, GERMAN, "retreat 1037 0504 0503");
	ct_refused(&t, WG_E_ILLEGAL_RETREAT, "SC-10.5.5h"); /* 3 hexes */
	ct_do(&t, GERMAN, "retreat 1037 0405 0404 0303");
	ct_refused(&t, WG_E_ILLEGAL_RETREAT, "SC-10.5.6a"); /* 0405: the 4th's OZ */
	ct_do(&t, GERMAN, "retreat 1037 0504 0505 0504");
	ct_refused(&t, WG_E_ILLEGAL_RETREAT, "SC-10.5.6a"); /* not further each time */
	ct_do(&t, GERMAN, "retreat 1037 0504 0503 0000");
	ct_refused(&t, WG_E_NO_SUCH_HEX, NULL); /* off the map (10.5.6e) */
	assert_true(camp__retreat_paths(t.g, ct_unit(&t, "1037"), n, NULL, NULL) > 0);
	{
		/* a path of three hexes, each one further: the first the engine accepts */
		const struct rules_hex_grid *gr = &t.g->sc->map.grid;
		int target = ct_hex(&t, "0505");
		for (int a = 0; a < 6 && !found; a++) {
			int h1 = rules_hex_neighbour(gr, target, a);
			if (h1 < 0)
				continue;
			for (int b = 0; b < 6 && !found; b++) {
				int h2 = rules_hex_neighbour(gr, h1, b);
				if (h2 < 0 || rules_hex_distance(gr, target, h2) != 2)
					continue;
				for (int c = 0; c < 6 && !found; c++) {
					int h3 = rules_hex_neighbour(gr, h2, c);
					if (h3 < 0 || rules_hex_distance(gr, target, h3) != 3)
						continue;
					path[0] = h1;
					path[1] = h2;
					path[2] = h3;
					len = (size_t)snprintf(line, sizeof(line), "retreat 1037");
					for (int k = 0; k < 3; k++)
						len += (size_t)snprintf(
						    line + len, sizeof(line) - len, " %s",
						    camp__hex_id(t.g, path[k], hb));
					if (ct_do(&t, GERMAN, line) == 0)
						found = 1;
				}
			}
		}
	}
	assert_true(found);
	assert_int_equal(rules_hex_distance(&t.g->sc->map.grid, ct_hex(&t, "0505"),
	                                    t.g->u[ct_unit(&t, "1037")].hex),
	                 3);
	assert_true(camp__uncontested_enemy_oz(t.g, path[0], GERMAN) == 0);
	/* 10.5.6g: the attacker may advance */
	assert_string_equal(ct_kind(&t, ALLIED), "advance");
	ct_do(&t, ALLIED, "advance maybe");
	ct_refused(&t, WG_E_BAD_ARGS, "SC-10.5.6g");
	ct_ok(&t, ALLIED, "advance yes");
	assert_string_equal(ct_where(&t, "4CAD"), "0505");
	ct_ok(&t, ALLIED, "play G-3 move 4CAD 0504"); /* the advance was no Tactical Movement */
	ct_close(&t);
}

/* SC-EX-D03: 1 remaining hit -> 0..1; 0 -> no conversion; a defender without the TA -> none
 * (SC-10.5.5g); SC-AMB-38, SC-10.1.6c: an attacker holding the TA converts nothing */
static void test_sc_ex_d03_small_and_no_conversions(void **state)
{
	struct ct t;

	(void)state;
	retreat_ground(&t, 1);
	german_ta_takes(&t, 1);
	assert_string_equal(ct_kind(&t, GERMAN), "retreats");
	assert_int_equal(camp__max_retreats(t.g), 1);
	ct_do(&t, GERMAN, "retreats 2");
	ct_refused(&t, WG_E_ILLEGAL_RETREAT, "SC-10.5.5g");
	ct_ok(&t, GERMAN, "retreats 0"); /* he need not */
	assert_int_equal(cx_hits(&t, "1037"), 1);
	assert_int_equal(t.g->b.stage, CAMP_B_NONE);
	ct_close(&t);
	retreat_ground(&t, 1);
	german_ta_takes(&t, 0);
	assert_int_equal(t.g->b.stage, CAMP_B_NONE); /* nothing to convert */
	ct_close(&t);
	/* the Allied hold the TA: 3 hits on 1037 with no conversion; then 1037 fires 0 dice */
	retreat_ground(&t, 0);
	ct_dice(&t, 12, 5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(cx_hits(&t, "1037"), 3);
	assert_int_equal(t.g->b.fire[0].retreats, 0);
	assert_int_equal(t.g->b.stage, CAMP_B_NONE);
	assert_string_equal(ct_where(&t, "1037"), "0505");
	ct_close(&t);
	/* the attacker with the TA takes the Return Fire hits as losses (SC-AMB-38) */
	retreat_ground(&t, 0);
	ct_dice(&t, 15, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5, 5, 5);
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.fire[1].side, GERMAN);
	assert_int_equal(t.g->b.fire[1].net, 3);
	assert_string_equal(ct_kind(&t, ALLIED), "hits");
	ct_do(&t, ALLIED, "retreats 1");
	assert_int_not_equal(t.rc, 0);
	ct_close(&t);
}

/* SC-10.5.6b, SC-3.2d, SC-10.5.6f, SC-EX-11: an Isolated defender converts nothing */
static void test_sc_10_5_6b_isolated_units_do_not_retreat(void **state)
{
	struct ct t;

	(void)state;
	retreat_ground(&t, 1);
	/* ring 0505: the 4th's OZ covers 0405 and 0605; units in 0404, 0504, 0604 */
	ct_put(&t, "157", "0404");
	ct_put(&t, "9CIB", "0504");
	ct_put(&t, "4SSB", "0604");
	assert_true(camp__isolated(t.g, ct_hex(&t, "0505"), GERMAN));
	german_ta_takes(&t, 2);
	assert_int_equal(t.g->b.fire[1].retreats, 0);
	assert_int_equal(cx_hits(&t, "1037"), 2);
	assert_int_equal(t.g->b.stage, CAMP_B_NONE);
	ct_close(&t);
}

/* SC-10.5.6d, SC-AMB-44: a motorized defender cannot retreat into unroaded polder; a foot unit
 * can */
static void motor_case(const char *unit, int retreats)
{
	struct ct t;

	open_empty(&t, NULL, 1, GERMAN, CAMP_PH_OPS);
	ct_hand(&t, GERMAN, "G-3");
	ct_hand(&t, ALLIED, "");
	ct_put(&t, unit, "0506");
	ct_hits(&t, unit, 0);
	ct_put(&t, "70", "0505"); /* its OZ: 0405, 0605 */
	ct_box(&t, "1018", "70");
	ct_box(&t, "1019", "70");
	ct_put(&t, "SB1", "0406");
	ct_put(&t, "SB2", "0507"); /* the way out left: 0606, polder without a road */
	ct_ok(&t, GERMAN, "play G-3 attack 70 0506");
	ct_ok(&t, ALLIED, "commit none");
	/* Allied TA: 8 misses; 1018 + 1019: 4 dice, 6 6 1 1 = 4 hits */
	ct_dice(&t, 12, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 1, 1);
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.fire[1].net, 4);
	assert_int_equal(camp__max_retreats(t.g), retreats);
	assert_string_equal(ct_kind(&t, ALLIED), retreats ? "retreats" : "");
	ct_close(&t);
}

static void test_sc_10_5_6d_motorized_units_and_polder(void **state)
{
	(void)state;
	motor_case("10CIB", 0);
	motor_case("146", 2);
}

/* SC-10.5.6c: never across an estuary hexside (isolation counting the far shore, so the unit is
 * not Isolated) */
static void test_sc_10_5_6c_no_retreat_across_water(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, "isolation.ignores_sea=false", 1, GERMAN, CAMP_PH_OPS);
	ct_hand(&t, GERMAN, "G-3");
	ct_hand(&t, ALLIED, "");
	ct_put(&t, "147", "0805");
	ct_put(&t, "SB1", "0705");
	ct_put(&t, "SB2", "0706");
	ct_put(&t, "SB3", "0804");
	ct_put(&t, "SB4", "0905");
	ct_put(&t, "SB6", "0906");
	assert_false(camp__isolated(t.g, ct_hex(&t, "0805"), ALLIED));
	ct_ok(&t, GERMAN, "play G-3 attack SB1 0805");
	ct_ok(&t, ALLIED, "commit none");
	ct_dice(&t, 8, 1, 1, 1, 1, 1, 1, 1, 6); /* 147: 7 misses; SB1: a 6, less the town 1 */
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.fire[1].net, 1);
	assert_int_equal(t.g->b.fire[1].retreats, 0);
	assert_int_equal(cx_hits(&t, "147"), 2);
	assert_int_equal(t.g->b.stage, CAMP_B_NONE);
	ct_close(&t);
}

/* SC-AMB-41, SC-AMB-34: a unit that crossed the Scheldt this turn attacks but does not advance */
static void test_sc_amb_41_no_advance_after_a_crossing(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-4 G-2 G-3");
	ct_put(&t, "157", "0806");
	ct_put(&t, "147", "0805");
	ct_put(&t, "SB5", "0906"); /* 1-2-2 */
	ct_ok(&t, ALLIED, "play G-4 ferry 157");
	ct_ok(&t, ALLIED, "play G-3 attack 157 0906");
	ct_ok(&t, ALLIED, "commit G-2");
	ct_dice(&t, 5, 6, 1, 1, 1, 1); /* 2 hits: SB5 dies */
	ct_ok(&t, GERMAN, "commit none");
	assert_string_equal(ct_where(&t, "SB5"), "dead");
	assert_int_equal(t.g->b.stage, CAMP_B_NONE); /* no advance offered */
	assert_string_equal(ct_where(&t, "157"), "0805");
	ct_close(&t);
}

/* ---- 13.1.6 the APC Regiment ------------------------------------------------------------------
 */

static void apc_attack(struct ct *t, int hits9)
{
	ct_open(t, NULL);
	ct_at(t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(t, ALLIED, "2xG-3");
	ct_put(t, "79", "0304");
	ct_put(t, "4CAD", "0203");
	ct_hits(t, "9CIB", hits9);
	ct_do(t, ALLIED, "play G-3 attack 79 0303 9CIB apc=Funnies");
	ct_refused(t, WG_E_ILLEGAL_ATTACK, "SC-13.1.6a"); /* not participating */
	ct_do(t, ALLIED, "play G-3 attack 79 0303 9CIB Funnies apc=Funnies");
	ct_refused(t, WG_E_ILLEGAL_ATTACK, "SC-13.1.6a"); /* not infantry-class */
	ct_do(t, ALLIED, "play G-3 attack 4CAD 0303 10CIB apc=10CIB");
	ct_refused(t, WG_E_ILLEGAL_ATTACK, "SC-13.1.6a"); /* no APC in the Canadian 4th */
	ct_ok(t, ALLIED, "play G-3 attack 79 0303 9CIB apc=9CIB");
	ct_ok(t, ALLIED, "commit none");
}

/* SC-13.1.6a, SC-13.1.6b, SC-AMB-46: the Allied designate a participating non-motorized infantry
 * unit; one hit against it is cancelled */
static void test_sc_13_1_6b_apc_cancels_a_hit(void **state)
{
	struct ct t;

	(void)state;
	apc_attack(&t, 0);
	/* German TA: 1037 DF 3: a 6 = 2 hits; one cancelled */
	ct_dice(&t, 8, 6, 1, 1, 1, 1, 1, 1, 1);
	ct_events_clear(&t);
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.fire[0].raw, 2);
	assert_int_equal(cx_hits(&t, "9CIB"), 1);
	assert_true(ct_has_event(&t, "apc"));
	ct_close(&t);
}

/* SC-13.1.6c: the designated unit eliminated, the APC Regiment is lost with it */
static void test_sc_13_1_6c_apc_lost_with_its_unit(void **state)
{
	struct ct t;

	(void)state;
	apc_attack(&t, 5);       /* AF 1 left; DF room 3, and the APC's one */
	ct_dice(&t, 3, 6, 6, 1); /* 4 hits: one cancelled, 3 eliminate it */
	ct_ok(&t, GERMAN, "commit none");
	assert_string_equal(ct_where(&t, "9CIB"), "dead");
	assert_string_equal(ct_where(&t, "APC"), "dead");
	assert_string_equal(ct_where(&t, "Funnies"), "box:79");
	ct_close(&t);
}

/* SC-13.1.6d, SC-13.1.6e, SC-13.1.1c, SC-13.1.1d, SC-2.2.1e: attacked, neither the APC nor the
 * Funnies fire (boxed DF); one hit eliminates either */
static void test_sc_13_1_6d_apc_and_funnies_in_defence(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 1, GERMAN, CAMP_PH_OPS);
	ct_hand(&t, GERMAN, "G-2 G-3");
	ct_hand(&t, ALLIED, "");
	ct_put(&t, "79", "0202");
	ct_ok(&t, GERMAN, "play G-3 attack 1037 0202");
	ct_ok(&t, ALLIED, "commit none");
	/* German TA: 1037 AF 2: 5 5 = 2 hits; the Allied fire back with 9CIB's DF 8 only */
	ct_dice(&t, 10, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit G-2");
	assert_string_equal(ct_kind(&t, ALLIED), "hits");
	ct_do(&t, ALLIED, "hits APC=2");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-10.5.2f");
	ct_ok(&t, ALLIED, "hits APC=1 Funnies=1");
	assert_string_equal(ct_where(&t, "APC"), "dead");
	assert_string_equal(ct_where(&t, "Funnies"), "dead");
	assert_int_equal(t.g->b.fire[1].dice, 8);
	ct_close(&t);
}

/* ---- 15.1 Tactical Reaction ---------------------------------------------------------------------
 */

/* SC-15.1a..d, SC-AMB-68: with reaction=on the defender (only) commits a G-3 with the others, in
 * secret: a unit next to the attacked hex, not in an enemy OZ, moves in at the reveal and
 * defends, without joining a Task Force */
static void test_sc_15_1_tactical_reaction(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, "reaction=on");
	assert_true(t.g->opt.reaction);
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-3 G-3");
	ct_hand(&t, GERMAN, "G-3 G-4");
	ct_put(&t, "4CAD", "0304");
	ct_put(&t, "SB1", "0202");
	ct_put(&t, "SB2", "0403"); /* in the 4th's OZ */
	ct_ok(&t, ALLIED, "play G-3 attack 4CAD 0303");
	ct_do(&t, ALLIED, "commit G-3=4CAD");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-15.1b");
	ct_do(&t, GERMAN, "commit G-3=SB2");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-15.1c");
	ct_do(&t, GERMAN, "commit G-3=1038");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-15.1c"); /* in a box far away */
	ct_do(&t, GERMAN, "commit G-3=SB3");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-15.1c"); /* not on the map */
	ct_events_clear(&t);
	ct_ok(&t, GERMAN, "commit G-3=SB1");
	assert_string_equal(ct_where(&t, "SB1"), "0202"); /* not before the reveal */
	assert_int_equal(ct_events_mention(&t, 1u << ALLIED, "SB1"), 0);
	assert_int_equal(ct_events_mention(&t, 1u << ALLIED, "reaction"), 0);
	/* German TA: 1037 DF 3 + SB1 DF 2 = 5; the 4th: 10CIB 6 + 4CAR 2 = 8 */
	ct_dice(&t, 13, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, ALLIED, "commit none");
	assert_string_equal(ct_where(&t, "SB1"), "0303");
	assert_int_equal(t.g->b.ndef, 2);
	assert_int_equal(t.g->b.fire[0].dice, 5);
	assert_false(t.g->u[ct_unit(&t, "SB1")].flags & CAMP_F_MOVED);
	ct_close(&t);
}

/* SC-15.1e, SC-15.1d: the Allied react too when they defend; a Task Force reacts whole */
static void test_sc_15_1e_either_side_reacts(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, "reaction=on");
	ct_at(&t, 1, GERMAN, CAMP_PH_OPS);
	ct_hand(&t, GERMAN, "G-3");
	ct_hand(&t, ALLIED, "G-3");
	ct_put(&t, "157", "0202");
	ct_put(&t, "49", "0102");
	ct_ok(&t, GERMAN, "play G-3 attack 1037 0202");
	ct_ok(&t, ALLIED, "commit G-3=49");
	ct_dice(&t, 30, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	        1, 1, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit none");
	assert_string_equal(ct_where(&t, "49"), "0202");
	assert_string_equal(ct_where(&t, "146"), "box:49");
	assert_string_equal(ct_where(&t, "157"), "0202"); /* still detached */
	assert_int_equal(t.g->b.ndef, 3);
	ct_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sc_13_2_1b_coastal_artillery_support),
	    cmocka_unit_test(test_sc_13_2_1d_coastal_artillery_never_retreats),
	    cmocka_unit_test(test_sc_13_2_3_fortifications),
	    cmocka_unit_test(test_sc_13_3_2b_breskens_pocket_surrenders),
	    cmocka_unit_test(test_sc_ex_d10_breaking_the_dikes),
	    cmocka_unit_test(test_sc_13_3_3c_walcheren_floods),
	    cmocka_unit_test(test_sc_13_3_3a_when_the_dikes_may_break),
	    cmocka_unit_test(test_sc_amb_58_dikes_take_the_last_battery),
	    cmocka_unit_test(test_sc_14_1a_the_last_battery_ends_the_game),
	    cmocka_unit_test(test_sc_ex_d16_turn_32),
	    cmocka_unit_test(test_sc_14_2_every_victory_point_line),
	    cmocka_unit_test(test_sc_14_2_2g_antwerp),
	    cmocka_unit_test(test_sc_ex_d11_level_of_victory),
	    cmocka_unit_test(test_sc_ex_d03_five_hits_three_retreats),
	    cmocka_unit_test(test_sc_ex_d03_small_and_no_conversions),
	    cmocka_unit_test(test_sc_10_5_6b_isolated_units_do_not_retreat),
	    cmocka_unit_test(test_sc_10_5_6d_motorized_units_and_polder),
	    cmocka_unit_test(test_sc_10_5_6c_no_retreat_across_water),
	    cmocka_unit_test(test_sc_amb_41_no_advance_after_a_crossing),
	    cmocka_unit_test(test_sc_13_1_6b_apc_cancels_a_hit),
	    cmocka_unit_test(test_sc_13_1_6c_apc_lost_with_its_unit),
	    cmocka_unit_test(test_sc_13_1_6d_apc_and_funnies_in_defence),
	    cmocka_unit_test(test_sc_15_1_tactical_reaction),
	    cmocka_unit_test(test_sc_15_1e_either_side_reacts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
