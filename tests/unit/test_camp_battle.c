/*
 * test_camp_battle.c -- G-3 attacks and the battle sequence of The Scheldt Campaign
 * (9.2, 10.0-10.6, 13.1.1, 13.1.6, 13.2.1, 13.2.3, 13.3.1, 13.3.4, 15.1), with the
 * rulebook's own numbers: the Sample Allied Player Turn replayed move by move with
 * forced dice (SC-EX-02..14), the printed example of 10.5.5 (SC-EX-15) and the derived
 * examples of the checklist (SC-EX-D01..D07, D14).
 */
#include "test_camp_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the Sample Allied Player Turn ------------------------------------------------------ */

static void sample_setup(struct ct *t)
{
	ct_open(t, NULL);
	/* "The Allied Player has the following seven Staff Markers in his Hand: two G-1s, three
	 * G-3s, and two G-4s." */
	ct_hand(t, ALLIED, "2xG-1 3xG-3 2xG-4");
	ct_hand(t, GERMAN, "G-1 G-2 G-3 G-4");
}

static void test_sc_ex_sample_allied_player_turn(void **state)
{
	struct ct t;

	(void)state;
	sample_setup(&t);
	/* SC-EX-02 (7.2b, 7.2.1e, AMB-16): regroup on the Canadian 4th: the Motorized Infantry
	 * brigade to the 49th, the 49th's two Infantry brigades (one hit each) to the 4th */
	ct_ok(&t, ALLIED, "play G-1 regroup 4CAD 10CIB=49 146=4CAD 147=4CAD");
	assert_string_equal(ct_where(&t, "10CIB"), "box:49");
	assert_string_equal(ct_where(&t, "146"), "box:4CAD");
	assert_string_equal(ct_where(&t, "147"), "box:4CAD");
	assert_string_equal(ct_where(&t, "4CAD"), "0305"); /* SC-7.2d: the HQ stays */
	assert_int_equal(t.g->u[ct_unit(&t, "146")].hits, 1);
	assert_int_equal(t.g->u[ct_unit(&t, "147")].hits, 1);
	/* SC-EX-03 (7.2.1b): the empty 52nd on the detached unit north-east of Brasschaet */
	ct_ok(&t, ALLIED, "play G-1 form 52 0201 157");
	assert_string_equal(ct_where(&t, "52"), "0201");
	assert_string_equal(ct_where(&t, "157"), "box:52");
	assert_int_equal(camp__hand_size(t.g, ALLIED), 5);
	assert_int_equal(t.g->hand[ALLIED][2], 3);
	assert_int_equal(t.g->hand[ALLIED][3], 2);
	ct_ok(&t, ALLIED, "end");
	/* SC-EX-04 (9.1, 9.1.1b): the 4th into Capellen, the 52nd north to cut the retreat */
	ct_ok(&t, ALLIED, "play G-3 move 4CAD 0304");
	ct_ok(&t, ALLIED, "play G-3 move 52 0302");
	/* SC-EX-05 (10.1.1, 10.1.2, 10.3b): the third G-3 attacks the forest hex */
	ct_ok(&t, ALLIED, "play G-3 attack 4CAD 0303");
	assert_string_equal(ct_kind(&t, ALLIED), "commit");
	assert_string_equal(ct_kind(&t, GERMAN), "commit");
	ct_ok(&t, ALLIED, "commit G-4=air");
	/* SC-EX-06: "The German Player throws five dice": DF 4 - 1 hit = 3, two for the artillery;
	 * one success, a 6 */
	ct_dice(&t, 5, 6, 1, 2, 3, 4);
	ct_ok(&t, GERMAN, "commit G-4");
	assert_int_equal(t.g->b.ta, GERMAN); /* the Defender has TA: nobody played a G-2 */
	assert_int_equal(t.g->b.fire[0].dice, 5);
	assert_int_equal(t.g->b.fire[0].raw, 2);
	assert_int_equal(t.g->b.fire[0].reduction, 0); /* "the Allies ... do not benefit" */
	assert_string_equal(ct_kind(&t, ALLIED), "hits");
	/* SC-EX-07 (10.5.2b): one hit to each Infantry brigade; SC-EX-08/09: thirteen dice,
	 * three 5s and one 6: five hits; SC-EX-10: forest TM 2 leaves three */
	ct_dice(&t, 13, 5, 5, 5, 6, 1, 1, 1, 1, 2, 2, 3, 3, 4);
	ct_ok(&t, ALLIED, "hits 146=1 147=1");
	assert_int_equal(t.g->u[ct_unit(&t, "146")].hits, 2);
	assert_int_equal(t.g->u[ct_unit(&t, "147")].hits, 2);
	assert_int_equal(t.g->b.fire[1].dice, 13); /* 4 + 4 + 2 artillery + 3 air */
	assert_int_equal(t.g->b.fire[1].raw, 5);
	assert_int_equal(t.g->b.fire[1].reduction, 2);
	assert_int_equal(t.g->b.fire[1].net, 3);
	/* SC-EX-11: no retreat possible (the 52nd cut it off): all three hits are losses;
	 * SC-EX-12: 1 + 3 = 4 hits on a DF 4 regiment: eliminated */
	assert_string_equal(ct_where(&t, "1037"), "dead");
	assert_int_equal(t.g->b.fire[1].retreats, 0);
	/* SC-EX-13 (10.5.6g): the Allied player may advance into the vacated hex, and does */
	assert_string_equal(ct_kind(&t, ALLIED), "advance");
	ct_ok(&t, ALLIED, "advance yes");
	assert_string_equal(ct_where(&t, "4CAD"), "0303");
	assert_int_equal(t.g->b.stage, CAMP_B_NONE);
	/* SC-EX-14 (12.0a): one G-4 left; discard it and select seven */
	assert_int_equal(camp__hand_size(&*t.g, ALLIED), 1);
	assert_int_equal(t.g->hand[ALLIED][3], 1);
	ct_ok(&t, ALLIED, "end");
	assert_int_equal(t.g->phase, CAMP_PH_PLANNING);
	ct_ok(&t, ALLIED, "select 2xG-1 G-2 2xG-3 2xG-4");
	assert_int_equal(camp__hand_size(t.g, ALLIED), 7);
	assert_int_equal(t.g->phasing, GERMAN);
	/* the German sees 7 as the count only (SC-12.0b) */
	assert_int_equal(ct_events_mention(&t, 1u << GERMAN, "2xG-1"), 0);
	assert_true(ct_events_mention(&t, 1u << GERMAN, "\"markers\":7") > 0);
	ct_close(&t);
}

/* ---- Tactical Advantage, commitments -------------------------------------------------- */

/* A battle of the 4th (two fresh 6-8-4 brigades) against 1037 in the forest, declared. */
static void declared(struct ct *t, const char *allied_hand, const char *german_hand)
{
	ct_open(t, NULL);
	ct_at(t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(t, ALLIED, allied_hand);
	ct_hand(t, GERMAN, german_hand);
	ct_box(t, "146", "4CAD");
	ct_box(t, "147", "4CAD");
	ct_hits(t, "146", 0);
	ct_hits(t, "147", 0);
	ct_put(t, "4CAD", "0304");
	ct_ok(t, ALLIED, "play G-3 attack 4CAD 0303 146 147");
}

static int ta_of(const char *a, const char *g)
{
	struct ct t;
	char buf[64];
	int ta;

	declared(&t, "G-2 G-3 2xG-4", "G-2 G-4");
	snprintf(buf, sizeof(buf), "commit %s", a);
	ct_ok(&t, ALLIED, buf);
	ct_dice(&t, 20, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
	snprintf(buf, sizeof(buf), "commit %s", g);
	ct_ok(&t, GERMAN, buf);
	ta = t.g->b.ta;
	ct_close(&t);
	return ta;
}

/* SC-EX-D01 (SC-8.1b, 8.1c, 10.3b): the TA matrix */
static void test_sc_8_1_tactical_advantage_matrix(void **state)
{
	(void)state;
	assert_int_equal(ta_of("G-2", "none"), ALLIED);  /* 8.1b */
	assert_int_equal(ta_of("G-2", "G-2"), GERMAN);   /* 8.1c: the defender's trumps */
	assert_int_equal(ta_of("none", "none"), GERMAN); /* 10.3b */
	assert_int_equal(ta_of("none", "G-2"), GERMAN);
}

/* SC-EX-D02 (SC-10.4a, 10.4b, 10.2b): combat support limits */
static void test_sc_10_4_support_limits(void **state)
{
	struct ct t;

	(void)state;
	declared(&t, "G-2 G-3 2xG-4", "G-2 2xG-4");
	ct_do(&t, GERMAN, "commit G-4 G-4");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-10.4b");
	ct_do(&t, GERMAN, "commit G-4=air");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-10.4a");
	ct_do(&t, ALLIED, "commit G-4 G-4");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-10.4b");
	ct_ok(&t, ALLIED, "commit G-4 G-4=air");
	/* SC-10.2b: locked, and hidden from the German until both are in */
	ct_do(&t, ALLIED, "commit none");
	ct_refused(&t, WG_E_NOT_YOUR_TURN, "SC-10.2b");
	assert_int_equal(ct_events_mention(&t, 1u << GERMAN, "artillery"), 0);
	assert_int_equal(ct_events_mention(&t, 1u << GERMAN, "air"), 0);
	assert_true(ct_events_mention(&t, 1u << GERMAN, "2 markers face down") > 0);
	assert_int_equal(t.g->hand[ALLIED][3], 0);
	ct_close(&t);
}

/* ---- dice and hits --------------------------------------------------------------------- */

/* SC-10.1.5b, 10.5.2a, 10.5.3a: 5 one hit, 6 two, 1-4 a miss */
static void test_sc_10_5_2_fives_and_sixes(void **state)
{
	struct ct t;

	(void)state;
	declared(&t, "G-3", "G-1");
	ct_ok(&t, ALLIED, "commit none");
	/* German First Fire: 1037 DF 4 - 1 hit = 3 dice: 5, 6, 4 = 3 hits */
	ct_dice(&t, 3, 5, 6, 4);
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.fire[0].dice, 3);
	assert_int_equal(t.g->b.fire[0].fives, 1);
	assert_int_equal(t.g->b.fire[0].sixes, 1);
	assert_int_equal(t.g->b.fire[0].raw, 3);
	ct_close(&t);
}

/* SC-EX-D06 (SC-10.5.2f): a DF 8 unit with 5 hits takes at most 3 more; the 3rd eliminates */
static void test_sc_10_5_2f_no_unit_past_its_df(void **state)
{
	struct ct t;

	(void)state;
	declared(&t, "G-3", "G-1");
	ct_hits(&t, "146", 5);
	ct_ok(&t, ALLIED, "commit none");
	ct_dice(&t, 3, 6, 6, 1); /* 4 hits on the Allied */
	ct_ok(&t, GERMAN, "commit none");
	ct_do(&t, ALLIED, "hits 146=4");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-10.5.2f");
	assert_int_equal(t.g->u[ct_unit(&t, "146")].hits, 5); /* refused: nothing changed */
	ct_dice(&t, 20, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, ALLIED, "hits 146=3 147=1");
	assert_string_equal(ct_where(&t, "146"), "dead"); /* SC-10.5.2d */
	assert_int_equal(t.g->u[ct_unit(&t, "147")].hits, 1);
	ct_close(&t);
}

/* SC-EX-D07 (SC-10.5.2g, 10.5.2h): a German Task Force of two DF 2 units takes 4 hits: both
 * eliminated, the HQ to its box; 5 hits: the HQ takes the fifth and goes to the Dead Pile */
static void hq_case(int hits, const char *hq_where)
{
	struct ct t;
	int vp[2];

	ct_open(&t, NULL);
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-2 G-3");
	ct_hand(&t, GERMAN, "G-1");
	ct_clear(&t);
	ct_put(&t, "4CAD", "0506");
	ct_box(&t, "146", "4CAD");
	ct_put(&t, "70", "0505");
	ct_box(&t, "1018", "70");
	ct_box(&t, "1019", "70");
	assert_int_equal(t.g->sc->units[ct_unit(&t, "1018")].df, 3);
	ct_hits(&t, "1018", 1); /* DF 3 - 1: room 2 each */
	ct_hits(&t, "1019", 1);
	ct_ok(&t, ALLIED, "play G-3 attack 4CAD 0505");
	ct_ok(&t, ALLIED, "commit G-2");
	{
		/* Allied TA: 146 fires 6 dice first */
		int d6[6] = {1, 1, 1, 1, 1, 1};
		for (int k = 0; k < hits && k < 6; k++)
			d6[k] = 5;
		ct_dice(&t, 6, d6[0], d6[1], d6[2], d6[3], d6[4], d6[5]);
	}
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.ta, ALLIED);
	assert_string_equal(ct_where(&t, "1018"), "dead");
	assert_string_equal(ct_where(&t, "1019"), "dead");
	assert_string_equal(ct_where(&t, "70"), hq_where);
	camp__victory_points(t.g, vp);
	/* SC-14.2.1b: a German HQ in the Dead Pile is worth 1 VP to the Allied */
	assert_int_equal(vp[0], 2 * (32 - 1) + (strcmp(hq_where, "dead") == 0 ? 2 : 0));
	ct_close(&t);
}

static void test_sc_10_5_2gh_hq_elimination(void **state)
{
	(void)state;
	hq_case(4, "mat");
	hq_case(5, "dead");
}

/* ---- reductions (10.5.5) ------------------------------------------------------------------ */

/* SC-EX-15 (SC-10.5.5b-e): a clear hex with a village (+1) and a fortification (+1),
 * attacked across a canal (+1): 3 hits ignored.  0103 is clear with a village; the test
 * puts a fortification there through the data. */
static void test_sc_10_5_5_cumulative_reductions(void **state)
{
	struct ct t;
	cJSON *doc = ct_doc(),
	      *hexes = cJSON_GetObjectItemCaseSensitive(
	          cJSON_GetObjectItemCaseSensitive(doc, "map"), "hexes"),
	      *h;

	(void)state;
	cJSON_ArrayForEach(
	    h, hexes) if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(h, "hex")),
	                         "0103") == 0)
	    cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(h, "terrain"),
	                         cJSON_CreateString("fortification"));
	ct_open_doc(&t, doc, NULL);
	/* play the set-up as ct_open does */
	ct_ok(&t, GERMAN, "hits 1038=1");
	ct_ok(&t, GERMAN, "place SB1 0602");
	ct_ok(&t, ALLIED, "select 2xG-1 G-2 2xG-3 2xG-4");
	ct_ok(&t, GERMAN, "select G-1 G-2 G-3 G-4");
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-2 G-3");
	ct_hand(&t, GERMAN, "G-1");
	ct_clear(&t);
	ct_put(&t, "157", "0102");
	ct_put(&t, "1037", "0103");
	assert_int_equal(camp__hex_tm(t.g, ct_hex(&t, "0103")), 1);
	assert_int_equal(camp__side_tm(t.g, ct_hex(&t, "0102"), ct_hex(&t, "0103")), 1);
	ct_ok(&t, ALLIED, "play G-3 attack 157 0103");
	ct_ok(&t, ALLIED, "commit G-2");
	ct_dice(&t, 5, 5, 5, 5, 5, 1); /* 157 fires 5 dice first: 4 hits */
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.fire[0].raw, 4);
	assert_int_equal(t.g->b.fire[0].reduction, 3); /* village 1 + canal 1 + fortification 1 */
	assert_int_equal(t.g->b.fire[0].net, 1);
	ct_close(&t);
}

/* SC-EX-D05 (SC-13.3.4a, SC-AMB-59): across the double canal in a clear, unfortified hex:
 * a reduction of 2 */
static void test_sc_13_3_4_double_canal(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	assert_int_equal(camp__hex_tm(t.g, ct_hex(&t, "0906")), 0);
	assert_int_equal(camp__side_tm(t.g, ct_hex(&t, "0906"), ct_hex(&t, "0905")), 2);
	ct_close(&t);
}

/* SC-EX-D04 (SC-13.1.1a, 13.1.1b): the Funnies lower an existing reduction by one, never
 * below zero; SC-13.1.1d: one hit eliminates them */
static void funnies_case(const char *hex, int expect)
{
	struct ct t;

	ct_open(&t, NULL);
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-2 G-3");
	ct_hand(&t, GERMAN, "G-1");
	ct_clear(&t);
	ct_put(&t, "79", "0304");
	ct_box(&t, "Funnies", "79");
	ct_box(&t, "9CIB", "79");
	ct_put(&t, "1037", hex);
	ct_ok(&t, ALLIED, "play G-3 attack 79 0303 Funnies 9CIB");
	ct_ok(&t, ALLIED, "commit G-2");
	ct_dice(&t, 8, 1, 1, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.fire[0].reduction, expect);
	ct_close(&t);
}

static void test_sc_13_1_1_funnies(void **state)
{
	(void)state;
	funnies_case("0303", 1); /* forest TM 2 - 1 */
	/* a clear hex: no reduction, the Funnies add no hit */
	{
		struct ct t;
		ct_open(&t, NULL);
		ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
		ct_hand(&t, ALLIED, "G-2 G-3");
		ct_hand(&t, GERMAN, "G-1");
		ct_clear(&t);
		ct_put(&t, "79", "0506");
		ct_box(&t, "Funnies", "79");
		ct_box(&t, "9CIB", "79");
		ct_put(&t, "1037", "0505");
		ct_ok(&t, ALLIED, "play G-3 attack 79 0505");
		ct_ok(&t, ALLIED, "commit G-2");
		ct_dice(&t, 8, 5, 1, 1, 1, 1, 1, 1, 1);
		ct_ok(&t, GERMAN, "commit none");
		assert_int_equal(t.g->b.fire[0].reduction, 0);
		assert_int_equal(t.g->b.fire[0].net, 1);
		/* German Return Fire 1037 DF 4 - 1 = 3 dice, one 5: the Funnies take it and die */
		ct_close(&t);
	}
}

/* SC-EX-D14 (SC-9.2.4a, 2.2.1c): artillery alone cannot attack; nor a unit at effective
 * AF 0 */
static void test_sc_9_2_4a_artillery_cannot_attack_alone(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "3xG-3");
	ct_put(&t, "4CAD", "0304");
	ct_do(&t, ALLIED, "play G-3 attack 4CAD 0303 4CAR");
	ct_refused(&t, WG_E_ILLEGAL_ATTACK, "SC-9.2.4a");
	ct_box(&t, "146", "4CAD");
	ct_hits(&t, "146", 6);
	ct_do(&t, ALLIED, "play G-3 attack 4CAD 0303 4CAR 146");
	ct_refused(&t, WG_E_ILLEGAL_ATTACK, "SC-9.2.4a");
	assert_int_equal(t.g->hand[ALLIED][2], 3); /* a refused action spends nothing */
	ct_hits(&t, "146", 5);
	ct_ok(&t, ALLIED, "play G-3 attack 4CAD 0303 4CAR 146");
	ct_close(&t);
}

/* SC-13.3.1a: across the causeway one non-artillery unit fires */
static void test_sc_13_3_1_causeway(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "2xG-3");
	ct_clear(&t);
	ct_put(&t, "4CAD", "0801");
	ct_box(&t, "146", "4CAD");
	ct_box(&t, "147", "4CAD");
	ct_put(&t, "CA1", "0901");
	ct_do(&t, ALLIED, "play G-3 attack 4CAD 0901");
	ct_refused(&t, WG_E_ILLEGAL_ATTACK, "SC-13.3.1a");
	ct_ok(&t, ALLIED, "play G-3 attack 4CAD 0901 146");
	assert_int_equal(t.g->b.npart, 1);
	ct_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sc_ex_sample_allied_player_turn),
	    cmocka_unit_test(test_sc_8_1_tactical_advantage_matrix),
	    cmocka_unit_test(test_sc_10_4_support_limits),
	    cmocka_unit_test(test_sc_10_5_2_fives_and_sixes),
	    cmocka_unit_test(test_sc_10_5_2f_no_unit_past_its_df),
	    cmocka_unit_test(test_sc_10_5_2gh_hq_elimination),
	    cmocka_unit_test(test_sc_10_5_5_cumulative_reductions),
	    cmocka_unit_test(test_sc_13_3_4_double_canal),
	    cmocka_unit_test(test_sc_13_1_1_funnies),
	    cmocka_unit_test(test_sc_9_2_4a_artillery_cannot_attack_alone),
	    cmocka_unit_test(test_sc_13_3_1_causeway),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
