/*
 * test_bs_14.c -- Battle of the Scheldt 14.0-14.2: support fire drawn at random
 * at the start of each game turn and played by choice, the German +5 anti-tank
 * marker, and the bombardment range.  (The redaction of drawn markers is in
 * test_bs_redaction.c; the +10 naval markers in test_bs_16.c.)
 *
 * Fixture: tests/data/fm-scheldt-mini.json: Allied pool A1-A14 plus the naval
 * N1, N2; German pool G1-G8 plus AT (+5); allotment 11/6 every turn.
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

static int in_hand(struct fmt *t, int side, const char *id)
{
	return t->g->m[side][fm__marker_by_id(t->g->sc, side, id)].where == FM_M_HAND;
}

static int hand_count(struct fmt *t, int side)
{
	return fm__markers_available(t->g, side);
}

/* Ends every phase until the next game turn begins. */
static void next_turn(struct fmt *t)
{
	int turn = t->g->turn;

	for (int k = 0; k < 40 && t->g->turn == turn; k++)
		if (fmt_do(t, t->g->active, "end") != 0)
			fail_msg("end refused: %s", t->err.message);
	assert_int_equal(t->g->turn, turn + 1);
}

/* 712 in 3018 attacked by 10/1 (mobile, 3019) and 44/15 (leg, 2918), turn 5. */
static void combat(const char *allied_hand, const char *german_hand)
{
	bst_at(&T, 5, ALLIED, FM_PH_COMBAT);
	bst_put(&T, "10/1", "3019", 0);
	bst_put(&T, "44/15", "2918", 0);
	bst_put(&T, "712", "3018", 0);
	fmt_hand(&T, ALLIED, allied_hand);
	fmt_hand(&T, GERMAN, german_hand);
}

/* BS-14.0-01: at the start of every game turn each side draws its allotment at random from
 * its whole pool (the specials stay out, AMB-33). */
static void test_bs_14_0_01_random_draw_each_turn(void **state)
{
	int hand1[16], same = 1;
	(void)state;
	for (int k = 0; k < 14; k++)
		hand1[k] = T.g->m[ALLIED][k].where == FM_M_HAND;
	assert_int_equal(hand_count(&T, ALLIED), 11 + 2);
	next_turn(&T);
	assert_int_equal(hand_count(&T, ALLIED), 11 + 2);
	assert_int_equal(hand_count(&T, GERMAN), 6 + 1);
	for (int k = 0; k < 14; k++)
		same &= hand1[k] == (T.g->m[ALLIED][k].where == FM_M_HAND);
	assert_false(same); /* another random draw (seeded stream) */
	assert_true(fmt_has_event(&T, "support-hand"));
}

/* BS-14.0-02: on Turn 1 the Allied player draws 11 markers and the German player 6. */
static void test_bs_14_0_02_turn_1_allotment(void **state)
{
	int allied = 0, german = 0;
	(void)state;
	for (int k = 0; k < T.g->sc->nmarkers[ALLIED]; k++)
		allied += T.g->m[ALLIED][k].where == FM_M_HAND &&
		          k != fm__marker_by_id(T.g->sc, ALLIED, "N1") &&
		          k != fm__marker_by_id(T.g->sc, ALLIED, "N2");
	for (int k = 0; k < T.g->sc->nmarkers[GERMAN]; k++)
		german += T.g->m[GERMAN][k].where == FM_M_HAND &&
		          k != fm__marker_by_id(T.g->sc, GERMAN, "AT");
	assert_int_equal(allied, 11);
	assert_int_equal(german, 6);
}

/* BS-14.0-03: a player sees the markers he drew; the opponent sees only their number. */
static void test_bs_14_0_03_owner_sees_his_draw(void **state)
{
	cJSON *v;
	(void)state;
	next_turn(&T);
	for (size_t k = 0; k < T.ev.count; k++) {
		cJSON *e = cJSON_GetObjectItem(T.ev.items[k].data, "event");
		if (strcmp(e->valuestring, "support-hand") == 0) {
			const char *side =
			    cJSON_GetObjectItem(T.ev.items[k].data, "side")->valuestring;
			assert_int_equal(
			    T.ev.items[k].audience,
			    RULES_AUD_SIDE(strcmp(side, "allied") == 0 ? ALLIED : GERMAN));
		}
	}
	v = fm_ruleset.view(T.m.game, &RULES_VIEWER(GERMAN));
	assert_null(cJSON_GetObjectItem(
	    cJSON_GetObjectItem(cJSON_GetObjectItem(v, "markers"), "allied"), "hand"));
	assert_int_equal(
	    cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(v, "markers"), "allied"),
	                        "available")
	        ->valueint,
	    13);
	cJSON_Delete(v);
	v = fm_ruleset.view(T.m.game, &RULES_VIEWER(ALLIED));
	assert_int_equal(
	    cJSON_GetArraySize(cJSON_GetObjectItem(
	        cJSON_GetObjectItem(cJSON_GetObjectItem(v, "markers"), "allied"), "hand")),
	    13);
	cJSON_Delete(v);
}

/* BS-14.0-04: drawn markers are played by choice under the five-step rule. */
static void test_bs_14_0_04_markers_played_by_choice(void **state)
{
	(void)state;
	combat("A3 A5", "G1");
	bst_ok(&T, ALLIED, "attack 3018 44/15");
	fmt_do(&T, ALLIED, "support draw");
	fmt_refused(&T, WG_E_BAD_ARGS, "BS-14.0-04");
	bst_ok(&T, ALLIED, "support A5");
	assert_int_equal(T.g->m[ALLIED][fm__marker_by_id(T.g->sc, ALLIED, "A5")].where,
	                 FM_M_COMMITTED);
}

/* BS-14.0-05: every marker goes back to the pool at the end of the game turn. */
static void test_bs_14_0_05_markers_return_each_turn(void **state)
{
	(void)state;
	combat("A3 A5", "");
	fmt_dice(&T, 1, 3); /* 5 + 2 vs 7: 0, die 3 NE */
	bst_ok(&T, ALLIED, "attack 3018 44/15");
	bst_ok(&T, ALLIED, "support A5");
	bst_ok(&T, ALLIED, "support pass");
	assert_int_equal(T.g->m[ALLIED][fm__marker_by_id(T.g->sc, ALLIED, "A5")].where, FM_M_USED);
	fm__support_return(T.g);
	assert_int_equal(T.g->m[ALLIED][fm__marker_by_id(T.g->sc, ALLIED, "A5")].where, FM_M_POOL);
}

/* BS-14.1-01: the +5 anti-tank marker is the German player's, not part of the draw. */
static void test_bs_14_1_01_anti_tank_outside_the_draw(void **state)
{
	(void)state;
	for (int turn = 0; turn < 3; turn++) {
		assert_true(in_hand(&T, GERMAN, "AT"));
		assert_int_equal(hand_count(&T, GERMAN), 7);
		assert_false(
		    scheldt__in_draw(T.g, GERMAN, fm__marker_by_id(T.g->sc, GERMAN, "AT")));
		next_turn(&T);
	}
}

/* BS-14.1-02: only in defence against an attack that includes an Allied mobile unit. */
static void test_bs_14_1_02_only_vs_allied_mobile_attack(void **state)
{
	(void)state;
	combat("", "G1 AT");
	bst_ok(&T, ALLIED, "attack 3018 44/15"); /* a leg unit only */
	fmt_do(&T, GERMAN, "support AT");
	fmt_refused(&T, WG_E_ILLEGAL_SUPPORT, "BS-14.1-02");
	combat("", "G1 AT");
	bst_ok(&T, ALLIED, "attack 3018 10/1 44/15");
	bst_ok(&T, GERMAN, "support AT");
	/* the German player attacking: never */
	bst_at(&T, 5, GERMAN, FM_PH_COMBAT);
	bst_put(&T, "712", "3018", 0);
	bst_put(&T, "10/1", "3019", 0);
	fmt_hand(&T, GERMAN, "AT");
	fmt_hand(&T, ALLIED, "A1");
	bst_ok(&T, GERMAN, "attack 3019 712");
	fmt_do(&T, GERMAN, "support AT");
	fmt_refused(&T, WG_E_ILLEGAL_SUPPORT, "BS-14.1-02");
}

/* BS-14.1-03: with the anti-tank marker the German defender places up to three markers, at
 * most two regular (AMB-60), the AT at b2 or b4 in addition to a regular one. */
static void test_bs_14_1_03_three_markers(void **state)
{
	(void)state;
	combat("A1", "G1 G2 G3 AT");
	bst_ok(&T, ALLIED, "attack 3018 10/1");
	bst_ok(&T, ALLIED, "support A1");
	bst_ok(&T, GERMAN, "support G1");
	assert_int_equal(T.g->b.step, 2); /* the same step: one more may follow */
	bst_ok(&T, GERMAN, "support AT");
	assert_int_equal(T.g->b.step, 4); /* b3 passed: the Allied hand is empty */
	assert_int_equal(T.g->b.nmark[GERMAN], 2);
	fmt_dice(&T, 1, 6);
	bst_ok(&T, GERMAN, "support G2"); /* the third: 7 + 1 + 5 + 2 */
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"defense\":15"), 1);
	/* two regular markers already: the third must be the AT */
	combat("", "G1 G2 G3 AT");
	bst_ok(&T, ALLIED, "attack 3018 10/1");
	bst_ok(&T, GERMAN, "support G1");
	bst_ok(&T, GERMAN, "support G2");
	assert_int_equal(T.g->b.step, 4);
	fmt_do(&T, GERMAN, "support G3");
	fmt_refused(&T, WG_E_ILLEGAL_SUPPORT, "BS-14.1-03");
	/* without an Allied mobile attacker: two */
	combat("", "G1 G2 G3 AT");
	bst_ok(&T, ALLIED, "attack 3018 44/15");
	bst_ok(&T, GERMAN, "support G1");
	assert_int_equal(T.g->b.step, 4);
	fmt_dice(&T, 1, 6);
	bst_ok(&T, GERMAN, "support G2");
	assert_int_equal(T.g->await, FM_AW_PHASE);
}

/* BS-14.1-04: once per game turn; available again the next turn. */
static void test_bs_14_1_04_once_per_turn(void **state)
{
	(void)state;
	combat("", "AT");
	fmt_dice(&T, 1, 3); /* 6 vs 12: -5 Clear, die 3: (A) on 10/1 */
	bst_ok(&T, ALLIED, "attack 3018 10/1");
	bst_ok(&T, GERMAN, "support AT");
	assert_int_equal(T.g->await, FM_AW_PHASE);
	assert_int_equal(T.g->m[GERMAN][fm__marker_by_id(T.g->sc, GERMAN, "AT")].where, FM_M_USED);
	bst_put(&T, "346", "3117", 0);
	bst_put(&T, "10/1", "3118", 0);
	bst_at(&T, 5, ALLIED, FM_PH_MOBILE_COMBAT);
	T.g->m[GERMAN][fm__marker_by_id(T.g->sc, GERMAN, "AT")].where = FM_M_USED;
	fmt_hand(&T, GERMAN, "G1");
	T.g->m[GERMAN][fm__marker_by_id(T.g->sc, GERMAN, "AT")].where = FM_M_USED;
	bst_ok(&T, ALLIED, "attack 3117 10/1");
	fmt_do(&T, GERMAN, "support AT");
	fmt_refused(&T, WG_E_ILLEGAL_SUPPORT, "BS-14.1-04");
	/* the next game turn it is back */
	fm__support_return(T.g);
	scheldt__turn_start(T.g, &T.m.dice, &T.ev, &T.err);
	assert_true(in_hand(&T, GERMAN, "AT"));
}

/* BS-14.1-05: never in a bombardment (it is never a counterbattery marker). */
static void test_bs_14_1_05_never_in_bombardment(void **state)
{
	(void)state;
	bst_at(&T, 5, GERMAN, FM_PH_BOMBARD);
	bst_put(&T, "712", "3018", 0);
	bst_put(&T, "10/1", "3019", 0);
	fmt_hand(&T, GERMAN, "G1 AT");
	fmt_do(&T, GERMAN, "bombard 3019 AT");
	fmt_refused(&T, WG_E_ILLEGAL_SUPPORT, "BS-14.1-05");
	/* an Allied bombardment has no defender markers at all (FM-8.1.2-03) */
	bst_at(&T, 5, ALLIED, FM_PH_BOMBARD);
	fmt_hand(&T, ALLIED, "A1");
	fmt_hand(&T, GERMAN, "AT");
	fmt_dice(&T, 1, 5);
	bst_ok(&T, ALLIED, "bombard 3018 A1");
	assert_int_equal(T.g->m[GERMAN][fm__marker_by_id(T.g->sc, GERMAN, "AT")].where, FM_M_HAND);
}

/* BS-14.1-06: with the anti-tank marker played, the Allied loss comes from a mobile
 * attacker (Ex; attacker stiff resistance). */
static void test_bs_14_1_06_loss_from_mobile_unit(void **state)
{
	(void)state;
	combat("", "AT");
	/* 6 + 5 = 11 vs 7 + 5 = 12: -1, Clear line: die 1 Ex */
	fmt_dice(&T, 1, 1);
	bst_ok(&T, ALLIED, "attack 3018 10/1 44/15");
	bst_ok(&T, GERMAN, "support AT");
	assert_int_equal(T.g->await, FM_AW_PHASE);
	assert_int_equal(fmt_step(&T, "10/1"), 1);  /* the mobile unit */
	assert_int_equal(fmt_step(&T, "44/15"), 0); /* not the leg unit */
	/* without the AT marker, the Allied player chooses */
	combat("", "");
	fmt_dice(&T, 1, 1);
	T.g->u[fmt_unit(&T, "10/1")].step = 0;
	((struct fm_scenario *)T.g->sc)->units[fmt_unit(&T, "712")].steps[0].defense = 12;
	bst_ok(&T, ALLIED, "attack 3018 10/1 44/15");
	assert_int_equal(T.g->await, FM_AW_LOSS);
	bst_ok(&T, ALLIED, "reduce 44/15");
}

/* BS-14.1-08: the anti-tank marker is placed face down like any other. */
static void test_bs_14_1_08_anti_tank_face_down(void **state)
{
	cJSON *v;
	char *s;
	(void)state;
	combat("A1 A2", "AT");
	bst_ok(&T, ALLIED, "attack 3018 10/1");
	bst_ok(&T, ALLIED, "support A1");
	fmt_events_clear(&T);
	bst_ok(&T, GERMAN, "support AT");
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_SIDE(ALLIED), "AT"), 0);
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_SIDE(ALLIED), "+5"), 0);
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_SPECTATORS, "AT"), 0);
	v = fm_ruleset.view(T.m.game, &RULES_VIEWER(ALLIED));
	s = cJSON_PrintUnformatted(cJSON_GetObjectItem(v, "battle"));
	assert_non_null(strstr(s, "face-down"));
	assert_null(strstr(s, "\"AT\""));
	free(s);
	cJSON_Delete(v);
}

/* The `exclusive` answer as viewer gets it, printed compactly (the caller frees). */
static char *exclusive_of(int viewer)
{
	assert_int_equal(fmt_query(&T, viewer, "exclusive"), 0);
	return cJSON_PrintUnformatted(T.reply);
}

/* BS-14.1-08, FM-8.2.1-07, AMB-190: `exclusive` does not tell the Allied player or a spectator
 * whether the marker the German player placed face down is the anti-tank marker: they read
 * the same answer when he placed a regular one; the German player reads where it is. */
static void test_bs_14_1_08_exclusive_keeps_anti_tank_secret(void **state)
{
	char *at[3], *regular[3], *s;
	(void)state;
	for (int world = 0; world < 2; world++) {
		char **out = world ? regular : at;
		fmt_close(&T);
		bst_open(&T, NULL);
		combat("A1 A2", "G1 AT");
		bst_ok(&T, ALLIED, "attack 3018 10/1");
		bst_ok(&T, ALLIED, "support A1");
		bst_ok(&T, GERMAN, world ? "support G1" : "support AT");
		out[0] = exclusive_of(ALLIED);
		out[1] = exclusive_of(RULES_SPECTATOR);
		out[2] = exclusive_of(GERMAN);
	}
	for (int k = 0; k < 2; k++) {
		assert_string_equal(at[k], regular[k]);
		assert_null(strstr(at[k], "not in hand"));
		assert_non_null(strstr(at[k], "in hand, or face down in this combat"));
	}
	assert_non_null(strstr(at[2], "AT: face down in this combat"));
	assert_non_null(strstr(regular[2], "AT: in hand"));
	for (int k = 0; k < 3; k++) {
		free(at[k]);
		free(regular[k]);
	}
	/* once revealed (b5) it is public that it was played: G1 and AT at b2 (AMB-60), the
	 * Allied pass at b3, nothing left for b4 */
	bst_ok(&T, GERMAN, "support AT");
	bst_ok(&T, ALLIED, "support pass");
	assert_true(fmt_has_event(&T, "support-revealed"));
	s = exclusive_of(ALLIED);
	assert_non_null(strstr(s, "AT: played this turn"));
	free(s);
}

/* BS-14.2-01: no bombardment more than three hexes from the nearest friendly unit (EX-36). */
static void test_bs_14_2_01_bombardment_range(void **state)
{
	(void)state;
	bst_at(&T, 5, ALLIED, FM_PH_BOMBARD);
	fmt_clear(&T);
	bst_put(&T, "712", "3018", 0);
	bst_put(&T, "44/15", "3022", 0); /* 4 hexes */
	fmt_hand(&T, ALLIED, "A1 A2");
	fmt_do(&T, ALLIED, "bombard 3018 A1");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-14.2-01");
	bst_put(&T, "44/15", "3021", 0); /* 3 hexes */
	fmt_dice(&T, 1, 5);
	bst_ok(&T, ALLIED, "bombard 3018 A1");
}

#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    T_(test_bs_14_0_01_random_draw_each_turn),
	    T_(test_bs_14_0_02_turn_1_allotment),
	    T_(test_bs_14_0_03_owner_sees_his_draw),
	    T_(test_bs_14_0_04_markers_played_by_choice),
	    T_(test_bs_14_0_05_markers_return_each_turn),
	    T_(test_bs_14_1_01_anti_tank_outside_the_draw),
	    T_(test_bs_14_1_02_only_vs_allied_mobile_attack),
	    T_(test_bs_14_1_03_three_markers),
	    T_(test_bs_14_1_04_once_per_turn),
	    T_(test_bs_14_1_05_never_in_bombardment),
	    T_(test_bs_14_1_06_loss_from_mobile_unit),
	    T_(test_bs_14_1_08_anti_tank_face_down),
	    T_(test_bs_14_1_08_exclusive_keeps_anti_tank_secret),
	    T_(test_bs_14_2_01_bombardment_range),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
