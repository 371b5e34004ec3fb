/*
 * test_camp_fire.c -- the rules of attacks and battles of The Scheldt Campaign that
 * test_camp_battle.c (the Sample Allied Player Turn, the TA matrix, support limits, hits,
 * reductions, the Funnies, the causeway) leaves: what may attack what (9.2-9.2.4), who
 * defends, one battle at a time (10.1), the fire of each side with its artillery (10.4:
 * every artillery unit in range of any nationality, not isolated; the directly involved
 * artillery without a G-4, taking hits and firing even when eliminated), Return Fire
 * (10.5.4), hits nobody can take (10.5.2i), terrain for the defender only and across
 * rivers (10.5.5), the causeway's artillery (13.3.1), attacks across water (SC-AMB-42),
 * the commitment's limits (SC-AMB-31), housekeeping (10.1.7) and what the battle shows both
 * sides (2.2.2f), on campaign-test.json.
 */
#include "test_camp_extra.h"

/* An empty map but for a far coastal battery; turn 1, side's Operations Phase. */
static void open_empty(struct ct *t, const char *opts, int side)
{
	ct_open(t, opts);
	ct_clear(t);
	ct_put(t, "CA4", "1002");
	ct_at(t, 1, side, CAMP_PH_OPS);
	ct_hand(t, ALLIED, "");
	ct_hand(t, GERMAN, "");
}

/* SC-EX-01, SC-2.2.2c, SC-10.5.2c: a 1-2-3 battalion with one hit is AF 0, DF 1, still in play;
 * at AF 0 it cannot attack (SC-9.2.4a) and defends with one die */
static void test_sc_ex_01_hits_lower_af_and_df(void **state)
{
	struct ct t;
	int sb1;

	(void)state;
	open_empty(&t, NULL, GERMAN);
	sb1 = ct_unit(&t, "SB1");
	assert_int_equal(t.g->sc->units[sb1].af, 1);
	assert_int_equal(t.g->sc->units[sb1].df, 2);
	assert_int_equal(t.g->sc->units[sb1].mf, 3);
	ct_put(&t, "SB1", "0202");
	ct_hits(&t, "SB1", 1);
	assert_int_equal(camp__eff_af(t.g, sb1), 0);
	assert_int_equal(camp__eff_df(t.g, sb1), 1);
	ct_put(&t, "157", "0302");
	ct_hand(&t, GERMAN, "G-3");
	ct_do(&t, GERMAN, "play G-3 attack SB1 0302");
	ct_refused(&t, WG_E_ILLEGAL_ATTACK, "SC-9.2.4a");
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-3");
	ct_ok(&t, ALLIED, "play G-3 attack 157 0202");
	ct_ok(&t, ALLIED, "commit none");
	ct_dice(&t, 6, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.fire[0].dice, 1); /* the German TA: SB1's DF 1 */
	assert_string_equal(ct_where(&t, "SB1"), "0202");
	ct_close(&t);
}

/* SC-9.2a, SC-2.2.1c, SC-AMB-56: a unit attacks an adjacent hex holding enemy units, in its own
 * Operations Phase; a boxed AF (the Funnies) never attacks alone */
static void test_sc_9_2a_what_may_be_attacked(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "G-3");
	ct_put(&t, "157", "0302");
	ct_put(&t, "147", "0301");
	ct_put(&t, "SB1", "0202");
	ct_do(&t, ALLIED, "play G-3 attack 157 0204");
	ct_refused(&t, WG_E_ILLEGAL_ATTACK, "SC-9.2a"); /* not next to it */
	ct_do(&t, ALLIED, "play G-3 attack 157 0303");
	ct_refused(&t, WG_E_ILLEGAL_ATTACK, "SC-9.2a"); /* empty */
	ct_do(&t, ALLIED, "play G-3 attack 157 0301");
	ct_refused(&t, WG_E_ILLEGAL_ATTACK, "SC-9.2a"); /* friendly */
	ct_put(&t, "79", "0201");
	ct_box(&t, "Funnies", "79");
	ct_do(&t, ALLIED, "play G-3 attack 79 0202 Funnies");
	ct_refused(&t, WG_E_ILLEGAL_ATTACK, "SC-9.2.4a"); /* a boxed AF alone (2.2.1c) */
	ct_at(&t, 1, ALLIED, CAMP_PH_PREP);
	ct_hand(&t, ALLIED, "G-3");
	ct_do(&t, ALLIED, "play G-3 attack 157 0202");
	ct_refused(&t, WG_E_WRONG_PHASE, "SC-9.2a");
	ct_close(&t);
}

/* SC-AMB-56, SC-13.1.1a, SC-10.5.5f: the Funnies lower the reduction only when they take part */
static void test_sc_amb_56_funnies_only_when_participating(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "G-2 G-3");
	ct_put(&t, "79", "0304");
	ct_box(&t, "Funnies", "79");
	ct_box(&t, "9CIB", "79");
	ct_put(&t, "1037", "0303");
	ct_ok(&t, ALLIED, "play G-3 attack 79 0303 9CIB");
	ct_ok(&t, ALLIED, "commit G-2");
	ct_dice(&t, 9, 1, 1, 1, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.fire[0].reduction, 2); /* forest 2, not lowered */
	ct_close(&t);
}

/* SC-9.2b, SC-9.2c, SC-9.2.1a, SC-9.2.1b, SC-9.2.1c, SC-AMB-36, SC-10.1.5c, SC-10.5.2b, SC-AMB-50:
 * the player of the G-3 is the Attacker (his units fire their AF, the Defender's their DF); he
 * attacks a hex: every defending unit in it (two Task Forces' worth and a detached unit)
 * defends and shares the hits; of the attacking Task Force only the units he names take part
 * and can be hit */
static void test_sc_9_2_1_a_hex_with_all_its_defenders(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, GERMAN);
	ct_hand(&t, GERMAN, "G-3");
	ct_hand(&t, ALLIED, "G-2");
	ct_put(&t, "70", "0403");
	ct_box(&t, "1018", "70");
	ct_box(&t, "1019", "70");
	ct_hits(&t, "1019", 2); /* AF 0 */
	ct_put(&t, "4CAD", "0503");
	ct_box(&t, "146", "4CAD");
	ct_box(&t, "147", "4CAD");
	ct_put(&t, "49", "0503");
	ct_box(&t, "9CIB", "49");
	ct_put(&t, "157", "0503");
	ct_ok(&t, GERMAN, "play G-3 attack 70 0503 1018");
	assert_int_equal(t.g->b.attacker, GERMAN); /* in the German turn, the German attacks */
	assert_int_equal(t.g->b.npart, 1);
	ct_ok(&t, ALLIED, "commit G-2");
	/* Allied TA: 146 7 + 147 7 + 9CIB 8 + 157 7 = 29 dice (146, 147: their set-up hit) */
	{
		int d[31];
		for (int k = 0; k < 31; k++)
			d[k] = k == 0 ? 6 : 1;
		for (int k = 0; k < 31; k++)
			assert_int_equal(rules_dice_force(&t.m.dice, d[k]), 0);
	}
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.ndef, 4);
	assert_int_equal(t.g->b.fire[0].dice, 29);
	/* 2 hits on the German: 1018 alone took part: it takes both */
	assert_int_equal(cx_hits(&t, "1018"), 2);
	assert_int_equal(cx_hits(&t, "1019"), 2);
	/* 1018's Return Fire: AF 2 - 2 = 0: no dice */
	assert_int_equal(t.g->b.fire[1].dice, 0);
	assert_int_equal(t.g->b.stage, CAMP_B_NONE);
	ct_close(&t);
	/* the defenders share: a German Task Force and a detached unit in the hex */
	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "G-2 G-3");
	ct_put(&t, "70", "0403");
	ct_box(&t, "1018", "70");
	ct_put(&t, "1037", "0403");
	ct_hits(&t, "1037", 0);
	ct_put(&t, "157", "0503");
	ct_ok(&t, ALLIED, "play G-3 attack 157 0403");
	ct_ok(&t, ALLIED, "commit G-2");
	ct_dice(&t, 5, 6, 5, 1, 1, 1); /* 3 hits */
	ct_ok(&t, GERMAN, "commit none");
	assert_string_equal(ct_kind(&t, GERMAN), "hits");
	ct_do(&t, GERMAN, "hits 1038=1");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-10.5.2b"); /* not in this battle */
	ct_do(&t, GERMAN, "hits 70=1");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-10.5.2h");
	ct_ok(&t, GERMAN, "hits 1037=1 1018=2");
	assert_int_equal(cx_hits(&t, "1037"), 1);
	assert_int_equal(cx_hits(&t, "1018"), 2);
	ct_close(&t);
}

/* SC-9.2.3a, SC-9.2.3b: mechanized units attack into or out of polder only along a road; a Task
 * Force leaves them out */
static void test_sc_9_2_3_mechanized_attacks(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "2xG-3");
	ct_put(&t, "4CAD", "0605");
	ct_box(&t, "146", "4CAD");
	ct_box(&t, "APC", "4CAD");
	ct_put(&t, "1Pol", "0605");
	ct_box(&t, "10PAB", "1Pol");
	ct_put(&t, "1037", "0505");
	ct_do(&t, ALLIED, "play G-3 attack 4CAD 0505 146 APC");
	ct_refused(&t, WG_E_ILLEGAL_ATTACK, "SC-9.2.3a");
	ct_do(&t, ALLIED, "play G-3 attack 1Pol 0505");
	ct_refused(&t, WG_E_ILLEGAL_ATTACK, "SC-9.2.4a"); /* nobody left to attack */
	ct_ok(&t, ALLIED, "play G-3 attack 4CAD 0505");
	assert_int_equal(t.g->b.npart, 1); /* the APC left out */
	ct_close(&t);
	/* along the road into polder */
	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "G-3");
	ct_put(&t, "1Pol", "0604");
	ct_box(&t, "10PAB", "1Pol");
	ct_put(&t, "1037", "0605");
	ct_ok(&t, ALLIED, "play G-3 attack 1Pol 0605");
	assert_int_equal(t.g->b.npart, 1);
	ct_close(&t);
}

/* SC-9.2.4b, SC-AMB-10: artillery attacked alone, or the only units of a Task Force, defend with
 * one die each; beside other units it fires its AF */
static int art_defence_dice(int in_tf, int with_infantry)
{
	struct ct t;
	int dice;

	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "G-3");
	if (in_tf) {
		ct_put(&t, "70", "0503");
		ct_box(&t, "64AR", "70");
		if (with_infantry)
			ct_box(&t, "1018", "70");
	} else {
		ct_put(&t, "64AR", "0503");
	}
	ct_put(&t, "157", "0403");
	ct_ok(&t, ALLIED, "play G-3 attack 157 0503");
	ct_ok(&t, ALLIED, "commit none");
	ct_dice(&t, 10, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit none");
	dice = t.g->b.fire[0].dice;
	ct_close(&t);
	return dice;
}

static void test_sc_9_2_4b_artillery_alone_defends_with_one_die(void **state)
{
	(void)state;
	assert_int_equal(art_defence_dice(0, 0), 1);
	assert_int_equal(art_defence_dice(1, 0), 1);
	assert_int_equal(art_defence_dice(1, 1), 3 + 2);
}

/* SC-10.1a, SC-10.1b, SC-9.2.2a, SC-10.1.6e: one battle at a time, completed before the next; the
 * defender needs no marker; one round of fire; the same unit may attack again */
static void test_sc_10_1a_one_battle_at_a_time(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "3xG-3");
	ct_put(&t, "157", "0302");
	ct_put(&t, "147", "0203");
	ct_put(&t, "SB1", "0202");
	ct_ok(&t, ALLIED, "play G-3 attack 157 0202");
	ct_do(&t, ALLIED, "play G-3 attack 147 0202");
	ct_refused(&t, WG_E_WRONG_PHASE, NULL);
	ct_ok(&t, ALLIED, "commit none");
	ct_dice(&t, 7, 1, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit none");            /* no marker to defend */
	assert_int_equal(t.g->b.stage, CAMP_B_NONE); /* one round, done */
	assert_int_equal(t.m.dice.nlog, 2 + 5);
	ct_ok(&t, ALLIED, "play G-3 attack 157 0202"); /* again */
	ct_close(&t);
}

/* SC-10.4c, SC-3.2e, SC-AMB-09, SC-2.2.1d, SC-10.1.5a, SC-10.5.1a, SC-AMB-37: a G-4 brings in
 * every friendly artillery unit within its Range of the defender's hex whatever its
 * nationality, at its AF less its hits; an Isolated one not; the dice are exactly the sum */
static void test_sc_10_4c_artillery_in_range(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "G-2 G-3 G-4");
	ct_put(&t, "157", "0302");
	ct_put(&t, "SB1", "0202");
	ct_put(&t, "2AGRA", "0104"); /* 2 hexes off, range 3 */
	ct_put(&t, "4CAD", "0305");  /* 3 off */
	ct_box(&t, "146", "4CAD");
	ct_box(&t, "4CAR", "4CAD");
	ct_hits(&t, "4CAR", 1);
	ct_ok(&t, ALLIED, "play G-3 attack 157 0202");
	ct_ok(&t, ALLIED, "commit G-2 G-4");
	ct_dice(&t, 10, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.nsup[ALLIED], 2); /* British 157 backed by Canadian guns */
	assert_int_equal(t.g->b.fire[0].dice, 5 + 3 + 1);
	ct_close(&t);
	/* the German 64AR (range 2) in 0101, 2 hexes from 0202: Isolated, then not */
	for (int iso = 1; iso >= 0; iso--) {
		open_empty(&t, NULL, ALLIED);
		ct_hand(&t, ALLIED, "G-3");
		ct_hand(&t, GERMAN, "G-4");
		ct_put(&t, "64AR", "0101");
		ct_put(&t, "146", "0102");
		ct_put(&t, "147", iso ? "0201" : "0305");
		ct_put(&t, "157", "0302");
		ct_put(&t, "SB1", "0202");
		assert_int_equal(camp__isolated(t.g, ct_hex(&t, "0101"), GERMAN), iso);
		ct_ok(&t, ALLIED, "play G-3 attack 157 0202");
		ct_ok(&t, ALLIED, "commit none");
		ct_dice(&t, 10, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
		ct_ok(&t, GERMAN, "commit G-4");
		assert_int_equal(t.g->b.nsup[GERMAN], !iso);
		ct_close(&t);
	}
}

/* SC-AMB-35: the attacking Task Force's artillery that does not take part supports with a G-4
 * when in range (support.idle_artillery=false: not) */
static void idle_case(const char *opts, int expect)
{
	struct ct t;

	open_empty(&t, opts, ALLIED);
	ct_hand(&t, ALLIED, "G-2 G-3 G-4");
	ct_put(&t, "4CAD", "0302");
	ct_box(&t, "146", "4CAD");
	ct_box(&t, "4CAR", "4CAD");
	ct_put(&t, "SB1", "0202");
	ct_ok(&t, ALLIED, "play G-3 attack 4CAD 0202 146");
	ct_ok(&t, ALLIED, "commit G-2 G-4");
	ct_dice(&t, 10, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.nsup[ALLIED], expect);
	ct_close(&t);
}

static void test_sc_amb_35_idle_artillery_of_the_attacker(void **state)
{
	(void)state;
	idle_case(NULL, 1);
	idle_case("support.idle_artillery=false", 0);
}

/* SC-10.4d: artillery firing through a G-4 takes no hits */
static void test_sc_10_4d_support_artillery_takes_no_hits(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "G-2 G-3");
	ct_hand(&t, GERMAN, "G-4");
	ct_put(&t, "64AR", "0101");
	ct_put(&t, "157", "0302");
	ct_put(&t, "SB1", "0202");
	ct_put(&t, "SB2", "0202");
	ct_ok(&t, ALLIED, "play G-3 attack 157 0202");
	ct_ok(&t, ALLIED, "commit G-2");
	ct_dice(&t, 5, 5, 5, 5, 1, 1); /* 3 hits */
	ct_ok(&t, GERMAN, "commit G-4");
	assert_int_equal(t.g->b.nsup[GERMAN], 1);
	assert_string_equal(ct_kind(&t, GERMAN), "hits");
	ct_do(&t, GERMAN, "hits 64AR=1");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-10.5.2b");
	ct_close(&t);
}

/* SC-10.4e, SC-10.4f, SC-10.5.2e, SC-10.1.6b, SC-10.5.4b: artillery directly involved fires with
 * no G-4, even Isolated; it takes hits; eliminated in First Fire it still fires back at full
 * strength */
static void test_sc_10_4e_directly_involved_artillery(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "G-3");
	ct_put(&t, "70", "0101");
	ct_box(&t, "1018", "70");
	ct_box(&t, "64AR", "70");
	ct_put(&t, "146", "0102");
	ct_put(&t, "147", "0201");
	assert_true(camp__isolated(t.g, ct_hex(&t, "0101"), GERMAN));
	ct_ok(&t, ALLIED, "play G-3 attack 146 0101");
	ct_ok(&t, ALLIED, "commit none");
	ct_dice(&t, 10, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.fire[0].dice, 3 + 2); /* 1018 DF 3, 64AR AF 2 */
	ct_close(&t);
	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "G-2 G-3");
	ct_put(&t, "70", "0101");
	ct_box(&t, "1018", "70");
	ct_box(&t, "64AR", "70");
	ct_put(&t, "146", "0102");
	ct_put(&t, "147", "0201");
	ct_ok(&t, ALLIED, "play G-3 attack 146 0101");
	ct_ok(&t, ALLIED, "commit G-2");
	ct_dice(&t, 10, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1); /* 146 (AF 5): 2 hits */
	ct_ok(&t, GERMAN, "commit none");
	ct_ok(&t, GERMAN, "hits 64AR=2");
	assert_string_equal(ct_where(&t, "64AR"), "dead");
	assert_int_equal(t.g->b.fire[1].dice, 3 + 2); /* it fires all the same */
	ct_close(&t);
}

/* SC-10.3a, SC-10.5.4a, SC-10.1.6a, SC-10.5.2d, SC-2.2.2d, SC-AMB-07: the TA side fires first;
 * units hit fire back reduced, the eliminated non-artillery ones not at all; hits equal to the
 * printed DF eliminate (SB4, DF 2, with 2) */
static void test_sc_10_5_4a_return_fire_is_not_simultaneous(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "G-2 G-3");
	ct_put(&t, "1037", "0202"); /* 3-4-3 */
	ct_hits(&t, "1037", 0);
	ct_put(&t, "SB4", "0202"); /* 2-2-3 */
	ct_put(&t, "157", "0302");
	ct_ok(&t, ALLIED, "play G-3 attack 157 0202");
	ct_ok(&t, ALLIED, "commit G-2");
	ct_dice(&t, 5, 6, 6, 1, 1, 1); /* 4 hits */
	ct_ok(&t, GERMAN, "commit none");
	ct_dice(&t, 2, 1, 1);
	ct_ok(&t, GERMAN, "hits SB4=2 1037=2"); /* SB4 eliminated, 1037 at DF 2 */
	assert_string_equal(ct_where(&t, "SB4"), "dead");
	assert_int_equal(t.g->b.fire[1].dice, 2);
	ct_close(&t);
}

/* SC-10.5.2i: hits nobody involved can take are lost */
static void test_sc_10_5_2i_surplus_hits_are_lost(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "G-2 G-3");
	ct_put(&t, "SB1", "0202");
	ct_put(&t, "157", "0302");
	ct_ok(&t, ALLIED, "play G-3 attack 157 0202");
	ct_ok(&t, ALLIED, "commit G-2");
	ct_dice(&t, 5, 6, 6, 6, 1, 1); /* 6 hits on a DF 2 battalion */
	ct_ok(&t, GERMAN, "commit none");
	assert_string_equal(ct_where(&t, "SB1"), "dead");
	assert_int_equal(t.g->b.left, 0);
	assert_string_equal(ct_kind(&t, ALLIED), "advance");
	ct_close(&t);
}

/* SC-10.5.5a, SC-10.5.5c: only the defender reduces hits; a river hexside counts for it */
static void test_sc_10_5_5_defender_only_and_rivers(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "G-2 G-3");
	ct_put(&t, "157", "0402");
	ct_put(&t, "SB1", "0502");
	ct_ok(&t, ALLIED, "play G-3 attack 157 0502");
	ct_ok(&t, ALLIED, "commit G-2");
	ct_dice(&t, 6, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.fire[0].reduction, 1); /* clear 0 + river 1 */
	ct_close(&t);
	/* an attacker in the forest gains nothing from it */
	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "G-3");
	ct_put(&t, "157", "0303");
	ct_put(&t, "SB1", "0302");
	ct_ok(&t, ALLIED, "play G-3 attack 157 0302");
	ct_ok(&t, ALLIED, "commit none");
	ct_dice(&t, 3, 6, 6, 1); /* the German TA: SB1's 2 dice, 4 hits on 157 */
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.fire[0].reduction, 0);
	assert_int_equal(t.g->b.fire[0].net, 4);
	assert_int_equal(cx_hits(&t, "157"), 4);
	ct_close(&t);
}

/* SC-13.3.1b, SC-13.3.1c, SC-AMB-43: across the causeway one non-artillery unit and any
 * artillery attack; the defender uses everything in the hex */
static void test_sc_13_3_1_causeway_artillery_and_defenders(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "G-3");
	ct_put(&t, "4CAD", "0801");
	ct_box(&t, "146", "4CAD");
	ct_box(&t, "147", "4CAD");
	ct_box(&t, "4CAR", "4CAD");
	ct_put(&t, "CA1", "0901");
	ct_put(&t, "SB1", "0901");
	ct_do(&t, ALLIED, "play G-3 attack 4CAD 0901 146 147 4CAR");
	ct_refused(&t, WG_E_ILLEGAL_ATTACK, "SC-13.3.1a");
	ct_ok(&t, ALLIED, "play G-3 attack 4CAD 0901 146 4CAR");
	assert_int_equal(t.g->b.npart, 2);
	ct_ok(&t, ALLIED, "commit none");
	ct_dice(&t, 12, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit none");
	assert_int_equal(t.g->b.ndef, 2);
	assert_int_equal(t.g->b.fire[0].dice, 1 + 2); /* CA1 DF 1, SB1 DF 2 */
	assert_int_equal(t.g->b.fire[1].dice, 5 + 2); /* 146 (1 hit) and 4CAR */
	ct_close(&t);
}

/* SC-AMB-42: no attack across an estuary hexside (attack.across_water=true: allowed); the
 * 5th Assault Regiment's group may */
static void water_case(const char *opts, const char *unit, int ok)
{
	struct ct t;
	char line[64];

	open_empty(&t, opts, ALLIED);
	ct_hand(&t, ALLIED, "G-3");
	ct_put(&t, unit, "0806");
	if (strcmp(unit, "5Aslt") == 0) {
		ct_put(&t, "4SSB", "0806");
		t.g->u[ct_unit(&t, "5Aslt")].partner = (int16_t)ct_unit(&t, "4SSB");
		t.g->u[ct_unit(&t, "4SSB")].partner = (int16_t)ct_unit(&t, "5Aslt");
	}
	ct_put(&t, "SB1", "0805");
	snprintf(line, sizeof(line), "play G-3 attack %s 0805%s", unit,
	         strcmp(unit, "5Aslt") == 0 ? " 4SSB" : "");
	ct_do(&t, ALLIED, line);
	if (ok)
		assert_int_equal(t.rc, 0);
	else
		ct_refused(&t, WG_E_ILLEGAL_ATTACK, "SC-AMB-42");
	ct_close(&t);
}

static void test_sc_amb_42_attacks_across_water(void **state)
{
	(void)state;
	water_case(NULL, "147", 0);
	water_case("attack.across_water=true", "147", 1);
	water_case(NULL, "5Aslt", 1);
}

/* SC-AMB-31, SC-10.2a: one G-2 per side and battle; nothing but G-2, G-4 (and G-3 under 15.1) */
static void test_sc_amb_31_one_g2_per_battle(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "2xG-2 G-3");
	ct_put(&t, "157", "0302");
	ct_put(&t, "SB1", "0202");
	ct_ok(&t, ALLIED, "play G-3 attack 157 0202");
	ct_do(&t, ALLIED, "commit G-2 G-2");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-AMB-31");
	ct_do(&t, ALLIED, "commit G-4");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-10.2a"); /* none in hand */
	ct_do(&t, ALLIED, "commit G-1");
	ct_refused(&t, WG_E_BAD_ARGS, "SC-10.2a");
	ct_ok(&t, ALLIED, "commit G-2");
	ct_close(&t);
}

/* SC-10.1.7a, SC-10.6a, SC-6.3c, SC-11.2a: after the battle the committed markers are back in
 * the piles, the units in their boxes or hexes, no battle marker */
static void test_sc_10_1_7a_housekeeping(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "G-2 G-3 2xG-4");
	ct_hand(&t, GERMAN, "G-2 G-4");
	ct_put(&t, "4CAD", "0302");
	ct_box(&t, "146", "4CAD");
	ct_put(&t, "SB1", "0202");
	ct_ok(&t, ALLIED, "play G-3 attack 4CAD 0202");
	ct_ok(&t, ALLIED, "commit G-2 G-4=air");
	ct_dice(&t, 12, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, GERMAN, "commit G-2 G-4");
	assert_int_equal(t.g->b.stage, CAMP_B_NONE);
	assert_false(cx_view_has(&t, RULES_SPECTATOR, "\"battle\""));
	assert_int_equal(cx_pool(&t, ALLIED, 1), 3);
	assert_int_equal(cx_pool(&t, ALLIED, 3), 3);
	assert_int_equal(cx_pool(&t, GERMAN, 1), 3);
	assert_int_equal(cx_pool(&t, GERMAN, 3), 3);
	assert_string_equal(ct_where(&t, "146"), "box:4CAD");
	assert_string_equal(ct_where(&t, "SB1"), "0202");
	ct_close(&t);
}

/* SC-2.2.2a, SC-2.2.2f, SC-10.1.1a: the battle (its hexside, the dice rolled, the hits inflicted,
 * the hits left) is shown to both sides and spectators */
static void test_sc_2_2_2f_the_battle_display(void **state)
{
	struct ct t;

	(void)state;
	open_empty(&t, NULL, ALLIED);
	ct_hand(&t, ALLIED, "G-2 G-3");
	ct_put(&t, "157", "0302");
	ct_put(&t, "SB1", "0202");
	ct_put(&t, "SB2", "0202");
	ct_ok(&t, ALLIED, "play G-3 attack 157 0202");
	ct_ok(&t, ALLIED, "commit G-2");
	ct_dice(&t, 5, 5, 5, 5, 1, 1);
	ct_ok(&t, GERMAN, "commit none");
	for (int v = 0; v <= RULES_SPECTATOR; v++) {
		assert_int_equal(ct_query(&t, v, "battle"), 0);
		assert_true(cx_query_has(&t, v, "battle", "\"from\":\"0302\",\"target\":\"0202\""));
		assert_true(cx_query_has(&t, v, "battle",
		                         "\"first_fire\":{\"side\":\"allied\","
		                         "\"dice\":5,\"fives\":3"));
		assert_true(cx_query_has(&t, v, "battle", "\"hits_left\":3"));
	}
	ct_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sc_ex_01_hits_lower_af_and_df),
	    cmocka_unit_test(test_sc_9_2a_what_may_be_attacked),
	    cmocka_unit_test(test_sc_amb_56_funnies_only_when_participating),
	    cmocka_unit_test(test_sc_9_2_1_a_hex_with_all_its_defenders),
	    cmocka_unit_test(test_sc_9_2_3_mechanized_attacks),
	    cmocka_unit_test(test_sc_9_2_4b_artillery_alone_defends_with_one_die),
	    cmocka_unit_test(test_sc_10_1a_one_battle_at_a_time),
	    cmocka_unit_test(test_sc_10_4c_artillery_in_range),
	    cmocka_unit_test(test_sc_amb_35_idle_artillery_of_the_attacker),
	    cmocka_unit_test(test_sc_10_4d_support_artillery_takes_no_hits),
	    cmocka_unit_test(test_sc_10_4e_directly_involved_artillery),
	    cmocka_unit_test(test_sc_10_5_4a_return_fire_is_not_simultaneous),
	    cmocka_unit_test(test_sc_10_5_2i_surplus_hits_are_lost),
	    cmocka_unit_test(test_sc_10_5_5_defender_only_and_rivers),
	    cmocka_unit_test(test_sc_13_3_1_causeway_artillery_and_defenders),
	    cmocka_unit_test(test_sc_amb_42_attacks_across_water),
	    cmocka_unit_test(test_sc_amb_31_one_g2_per_battle),
	    cmocka_unit_test(test_sc_10_1_7a_housekeeping),
	    cmocka_unit_test(test_sc_2_2_2f_the_battle_display),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
