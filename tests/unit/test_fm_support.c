/*
 * test_fm_support.c -- support fire markers (FM-7) and the five-step
 * face-down commitment (FM-8.2.1 b), with the secrecy rules: the
 * opponent's and the spectators' views and events never hold a face-down
 * or undrawn marker's id or value before the reveal.
 *
 * Markers of fm-test.json: allied A1-A4 +2, A5 +3, A6 +4, A7 +6, A8 +1;
 * german G1 +6, G2 +2, G3 +3, G4 +1.  Turn 1 allotment 4/3, later 3/2.
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
	/* EX-01: two 4-4-10 against a 2-3-8 in clear 0505 */
	fmt_put(&T, "64", "0505");
	fmt_put(&T, "1 Arm", "0506");
	fmt_put(&T, "2 Arm", "0405");
	fmt_hand(&T, ALLIED, "A1 A2 A5");
	fmt_hand(&T, GERMAN, "G1 G2");
	fmt_events_clear(&T);
	return 0;
}

static int teardown_board(void **state)
{
	(void)state;
	fmt_close(&T);
	return 0;
}

static int count_where(struct fmt *t, int side, int where)
{
	int n = 0;
	for (int k = 0; k < t->g->sc->nmarkers[side]; k++)
		n += t->g->m[side][k].where == where;
	return n;
}

static char *view_of(struct fmt *t, int viewer)
{
	cJSON *v = fm_ruleset.view(t->m.game, &RULES_VIEWER(viewer));
	char *s = cJSON_PrintUnformatted(v);
	cJSON_Delete(v);
	return s;
}

/* FM-7.1-02/03, FM-4.1-02, FM-7.1-04, EX-11: at the start of turn 1 each side draws its
 * allotment at random from its own pool; the draw is a random pick per marker. */
static void test_fm_7_1_04_random_draw_at_turn_start(void **state)
{
	struct fmt t;
	(void)state;
	fmt_open(&t, NULL);
	assert_int_equal(count_where(&t, ALLIED, FM_M_HAND), 4);
	assert_int_equal(count_where(&t, GERMAN, FM_M_HAND), 3);
	/* the allotment consumed 7 random picks: 8,7,6,5 markers then 4,3,2 */
	assert_int_equal(t.m.dice.nlog, 7);
	assert_int_equal(t.m.dice.log[0].sides, 8);
	assert_int_equal(t.m.dice.log[3].sides, 5);
	assert_int_equal(t.m.dice.log[4].sides, 4);
	assert_int_equal(t.m.dice.log[6].sides, 2);
	/* BS-14.0-03 / AMB-59: each side's hand goes to its owner only */
	assert_true(fmt_has_event(&t, "support-allotted"));
	for (size_t k = 0; k < t.ev.count; k++) {
		cJSON *e = cJSON_GetObjectItem(t.ev.items[k].data, "event");
		if (strcmp(e->valuestring, "support-hand") == 0) {
			const char *side =
			    cJSON_GetObjectItem(t.ev.items[k].data, "side")->valuestring;
			assert_int_equal(t.ev.items[k].audience,
			                 RULES_AUD_SIDE(strcmp(side, "allied") == 0 ? 0 : 1));
		}
	}
	fmt_close(&t);
}

/* FM-7.1-04: forced picks decide exactly which markers are drawn. */
static void test_fm_7_1_04_draw_uses_the_dice_stream(void **state)
{
	struct fmt t;
	struct fm_game *g;
	(void)state;
	fmt_open_doc(&t, fmt_doc(), NULL, 1);
	/* picks are 1-based die faces: pool[0] each time; the last is moved in */
	fmt_dice(&t, 7, 1, 1, 1, 1, 1, 1, 1);
	assert_int_equal(fmt_do(&t, ALLIED, "place 10/1 0111"), 0);
	assert_int_equal(fmt_do(&t, ALLIED, "end"), 0);
	g = t.g;
	assert_int_equal(g->m[ALLIED][0].where, FM_M_HAND); /* A1 */
	assert_int_equal(g->m[ALLIED][7].where, FM_M_HAND); /* A8 moved to slot 0 */
	assert_int_equal(g->m[ALLIED][6].where, FM_M_HAND); /* A7 */
	assert_int_equal(g->m[ALLIED][5].where, FM_M_HAND); /* A6 */
	assert_int_equal(g->m[GERMAN][0].where, FM_M_HAND);
	assert_int_equal(g->m[GERMAN][3].where, FM_M_HAND);
	assert_int_equal(g->m[GERMAN][2].where, FM_M_HAND);
	assert_int_equal(t.m.dice.log[0].forced, 1);
	fmt_close(&t);
}

/* FM-7.1-05 (v8): with lowest_first the allotment takes the lowest values first. */
static void test_fm_7_1_05_lowest_first(void **state)
{
	struct fmt t;
	(void)state;
	fmt_open(&t, "support.allotment=lowest_first");
	assert_int_equal(t.g->m[ALLIED][7].where, FM_M_HAND); /* +1 */
	assert_int_equal(t.g->m[ALLIED][0].where, FM_M_HAND); /* +2 */
	assert_int_equal(t.g->m[ALLIED][1].where, FM_M_HAND);
	assert_int_equal(t.g->m[ALLIED][2].where, FM_M_HAND);
	assert_int_equal(t.g->m[ALLIED][3].where, FM_M_POOL); /* the fourth +2 is left */
	assert_int_equal(t.g->m[ALLIED][6].where, FM_M_POOL); /* +6 */
	assert_int_equal(t.g->m[GERMAN][3].where, FM_M_HAND); /* +1 */
	assert_int_equal(t.g->m[GERMAN][1].where, FM_M_HAND); /* +2 */
	assert_int_equal(t.g->m[GERMAN][2].where, FM_M_HAND); /* +3 */
	assert_int_equal(t.g->m[GERMAN][0].where, FM_M_POOL); /* +6 */
	assert_int_equal(t.m.dice.nlog, 0);                   /* no randomness */
	fmt_close(&t);
}

/* FM-7.1-06, EX-07: "8/9" gives the first player 8 and the second 9; AMB-30: an allotment
 * larger than the pool gives the whole pool. */
static void test_fm_7_1_06_two_numbers_first_then_second(void **state)
{
	struct fmt t;
	cJSON *doc = fmt_doc(), *turns = cJSON_GetObjectItem(doc, "turns");
	cJSON *a = cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "support"), "allotment");
	(void)state;
	cJSON_ReplaceItemInObject(turns, "first_player", cJSON_CreateString("german"));
	cJSON_ReplaceItemInObject(a, "default", cJSON_CreateIntArray((const int[]){8, 9}, 2));
	cJSON_DeleteItemFromObject(a, "turns");
	fmt_open_doc(&t, doc, NULL, 0);
	assert_int_equal(t.g->sc->allot[1][GERMAN], 8);
	assert_int_equal(t.g->sc->allot[1][ALLIED], 9);
	assert_int_equal(count_where(&t, ALLIED, FM_M_HAND), 8); /* pool of 8 */
	assert_int_equal(count_where(&t, GERMAN, FM_M_HAND), 4); /* pool of 4 */
	fmt_close(&t);
}

/* EX-01, FM-7.2-08, FM-8.2.1-02..06, FM-8.2.1-11/12: two 4-4-10 (8) + two +2 = 12 against a
 * 2-3-8 (3) + one +6 = 9: differential +3, column +2/+3. */
static void test_fm_8_2_1_five_steps_ex01(void **state)
{
	cJSON *res = NULL;
	(void)state;
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 1_Arm 2_Arm"), 0);
	assert_int_equal(T.g->await, FM_AW_SUPPORT);
	assert_int_equal(T.g->b.step, 1);
	fmt_do(&T, GERMAN, "support G1");
	fmt_refused(&T, WG_E_NOT_YOUR_TURN, NULL);
	assert_int_equal(fmt_do(&T, ALLIED, "support A1"), 0);
	assert_int_equal(T.g->b.step, 2);
	fmt_do(&T, ALLIED, "support A2"); /* FM-8.2.1-08: step b2 is the defender's */
	fmt_refused(&T, WG_E_NOT_YOUR_TURN, NULL);
	assert_int_equal(fmt_do(&T, GERMAN, "support G1"), 0);
	assert_int_equal(fmt_do(&T, ALLIED, "support A2"), 0);
	fmt_dice(&T, 1, 5);
	assert_int_equal(fmt_do(&T, GERMAN, "support pass"), 0);
	assert_true(fmt_has_event(&T, "support-revealed"));
	for (size_t k = 0; k < T.ev.count; k++) {
		cJSON *e = cJSON_GetObjectItem(T.ev.items[k].data, "event");
		if (strcmp(e->valuestring, "combat-result") == 0)
			res = T.ev.items[k].data;
	}
	assert_non_null(res);
	assert_int_equal(cJSON_GetObjectItem(res, "attack")->valueint, 12);
	assert_int_equal(cJSON_GetObjectItem(res, "defense")->valueint, 9);
	assert_int_equal(cJSON_GetObjectItem(res, "differential")->valueint, 3);
	assert_string_equal(cJSON_GetObjectItem(res, "column")->valuestring, "+2/+3");
	assert_int_equal(cJSON_GetObjectItem(res, "die")->valueint, 5);
	assert_string_equal(cJSON_GetObjectItem(res, "result")->valuestring, "NE");
	assert_int_equal(T.g->await, FM_AW_PHASE);
	/* FM-7.2-03/07: used markers are gone for the turn */
	assert_int_equal(T.g->m[ALLIED][0].where, FM_M_USED);
	assert_int_equal(T.g->m[GERMAN][0].where, FM_M_USED);
	fmt_put(&T, "1037", "0605");
	fmt_put(&T, "9/3", "0606");
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0605 9/3"), 0);
	fmt_do(&T, ALLIED, "support A1");
	fmt_refused(&T, WG_E_ILLEGAL_SUPPORT, "FM-7.2-07");
}

/* FM-8.2.1-03/05: the defender may place whether or not the attacker did; a side with no
 * marker passes automatically; FM-8.2.1-09 at most two per side. */
static void test_fm_8_2_1_03_defender_places_after_attacker_pass(void **state)
{
	(void)state;
	fmt_hand(&T, ALLIED, "");
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 1_Arm"), 0);
	/* the attacker has nothing: b1 passed automatically */
	assert_int_equal(T.g->b.step, 2);
	assert_true(fmt_events_mention(&T, RULES_AUD_SIDE(GERMAN), "has no support fire marker"));
	assert_int_equal(fmt_do(&T, GERMAN, "support G2"), 0);
	fmt_dice(&T, 1, 5);
	assert_int_equal(fmt_do(&T, GERMAN, "support G1"), 0);
	assert_int_equal(T.g->await, FM_AW_PHASE); /* revealed and resolved */
	assert_int_equal(T.g->b.active, 0);
	assert_int_equal(T.g->m[GERMAN][0].where, FM_M_USED);
	assert_int_equal(T.g->m[GERMAN][1].where, FM_M_USED);
}

/* FM-8.2.1-08: no verb changes an earlier step; support outside a combat is refused. */
static void test_fm_8_2_1_08_no_change_of_mind(void **state)
{
	(void)state;
	fmt_do(&T, ALLIED, "support A1");
	fmt_refused(&T, WG_E_WRONG_PHASE, NULL);
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 1_Arm"), 0);
	assert_int_equal(fmt_do(&T, ALLIED, "support pass"), 0);
	assert_int_equal(fmt_do(&T, GERMAN, "support G1"), 0);
	assert_int_equal(fmt_do(&T, ALLIED, "support A1"), 0); /* b3: one more is allowed */
	fmt_dice(&T, 1, 5); /* 4 + 2 vs 3 + 6: -3, c3, die 5: (A), one attacker: auto */
	assert_int_equal(fmt_do(&T, GERMAN, "support pass"), 0);
	assert_int_equal(T.g->await, FM_AW_PHASE);
	assert_int_equal(fmt_step(&T, "1 Arm"), 1);
	fmt_do(&T, ALLIED, "support A5"); /* there is no step after b4 */
	fmt_refused(&T, WG_E_WRONG_PHASE, NULL);
}

/* FM-8.2.1-06/07/10, FM-7.2-05, AMB-26: redaction.  Until step b5 neither the German player
 * nor a spectator sees any id or value of the Allied markers held or placed face down, in
 * views or events; undrawn markers never appear; after the reveal everyone sees them. */
static void test_fm_8_2_1_07_redaction_face_down_and_undrawn(void **state)
{
	const char *ids[] = {"\"A1\"", "\"A2\"", "\"A3\"", "\"A4\"",
	                     "\"A5\"", "\"A6\"", "\"A7\"", "\"A8\""};
	unsigned others = RULES_AUD_SIDE(GERMAN) | RULES_AUD_SPECTATORS;
	char *vg, *vs, *va;
	(void)state;
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 1_Arm 2_Arm"), 0);
	assert_int_equal(fmt_do(&T, ALLIED, "support A5"), 0);
	assert_int_equal(fmt_do(&T, GERMAN, "support G2"), 0);
	assert_int_equal(fmt_do(&T, ALLIED, "support A1"), 0);
	vg = view_of(&T, GERMAN);
	vs = view_of(&T, RULES_SPECTATOR);
	va = view_of(&T, ALLIED);
	for (int k = 0; k < 8; k++) {
		assert_null(strstr(vg, ids[k]));
		assert_null(strstr(vs, ids[k]));
		assert_int_equal(fmt_events_mention(&T, others, ids[k]), 0);
	}
	assert_non_null(strstr(vg, "face-down"));
	assert_null(strstr(vg, "\"value\":3")); /* A5's +3 */
	assert_null(strstr(vs, "\"G2\""));      /* the German face-down marker is hidden too */
	assert_non_null(strstr(vg, "\"G2\""));
	assert_non_null(strstr(va, "\"A5\""));
	assert_null(strstr(va, "\"G2\""));
	/* the owner's own events do carry his markers */
	assert_true(fmt_events_mention(&T, RULES_AUD_SIDE(ALLIED), "\"A5\"") > 0);
	free(vg);
	free(vs);
	free(va);
	fmt_dice(&T, 1, 5);
	assert_int_equal(fmt_do(&T, GERMAN, "support pass"), 0);
	/* step b5: revealed to everyone */
	assert_true(fmt_events_mention(&T, RULES_AUD_SPECTATORS, "\"A5\"") > 0);
	assert_true(fmt_events_mention(&T, RULES_AUD_SIDE(GERMAN), "\"A1\"") > 0);
	vs = view_of(&T, RULES_SPECTATOR);
	assert_non_null(strstr(vs, "\"A5\""));
	assert_null(strstr(vs, "\"A2\"")); /* held, never used: still hidden */
	free(vs);
}

/* FM-7.2-05/06, AMB-03: with support.pick=random_blind a committed marker is picked at
 * random from the allotted ones and nobody, not even its owner, sees it before b5. */
static void test_fm_7_2_05_blind_pick(void **state)
{
	struct fmt t;
	(void)state;
	fmt_open(&t, "support.pick=random_blind");
	assert_false(fmt_has_event(&t, "support-hand"));
	fmt_clear(&t);
	fmt_phase(&t, ALLIED, FM_PH_COMBAT);
	fmt_put(&t, "64", "0505");
	fmt_put(&t, "1 Arm", "0506");
	fmt_hand(&t, ALLIED, "A1 A7");
	fmt_hand(&t, GERMAN, "");
	fmt_events_clear(&t);
	assert_int_equal(fmt_do(&t, ALLIED, "attack 0505 1_Arm"), 0);
	fmt_do(&t, ALLIED, "support A1");
	fmt_refused(&t, WG_E_BAD_ARGS, "FM-7.2-05");
	fmt_dice(&t, 2, 2, 6); /* pick the second allotted marker (A7), then the die */
	assert_int_equal(fmt_do(&t, ALLIED, "support draw"), 0);
	assert_int_equal(fmt_events_mention(&t, RULES_AUD_PUBLIC, "\"A7\""), 0);
	assert_int_equal(fmt_events_mention(&t, RULES_AUD_PUBLIC, "\"value\""), 0);
	assert_int_equal(fmt_do(&t, ALLIED, "support pass"), 0);
	assert_int_equal(fmt_events_mention(&t, RULES_AUD_PUBLIC, "\"A7\""), 1); /* reveal only */
	assert_true(fmt_has_event(&t, "support-revealed"));
	/* 4 + 6 = 10 vs 3: +7, column +6/+7, die 6: Ex */
	assert_int_equal(fmt_events_mention(&t, RULES_AUD_PUBLIC, "\"result\":\"Ex\""), 1);
	assert_int_equal(t.g->m[ALLIED][6].where, FM_M_USED);
	fmt_close(&t);
}

/* FM-7.2-04, BS-14.0-05: at the end of the game turn every marker goes back to the pool;
 * FM-7.2-10 nothing else changes allotments. */
static void test_fm_7_2_04_markers_return_to_pool(void **state)
{
	(void)state;
	T.g->m[ALLIED][0].where = FM_M_USED;
	T.g->m[ALLIED][1].where = FM_M_HAND;
	T.g->m[ALLIED][2].where = FM_M_GONE;
	fm__support_return(T.g);
	assert_int_equal(T.g->m[ALLIED][0].where, FM_M_POOL);
	assert_int_equal(T.g->m[ALLIED][1].where, FM_M_POOL);
	assert_int_equal(T.g->m[ALLIED][2].where, FM_M_GONE);
	assert_int_equal(T.g->sc->allot[2][ALLIED], 3);
}

/* FM-7.0-01: markers are not units: no ZOC, never on the map, not attackable. */
static void test_fm_7_0_01_markers_are_not_units(void **state)
{
	(void)state;
	fmt_clear(&T);
	fmt_put(&T, "9/3", "0505");
	assert_false(fm__in_ezoc(T.g, fmt_hex(&T, "0506"), ALLIED));
	fmt_do(&T, ALLIED, "attack 0506 9/3");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "FM-8.2-04");
}

/* FM-7.2-09: one marker, one target hex: a committed marker cannot be placed again in
 * another combat in the same turn. */
static void test_fm_7_2_09_marker_not_split(void **state)
{
	(void)state;
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 1_Arm 2_Arm"), 0);
	assert_int_equal(fmt_do(&T, ALLIED, "support A5"), 0);
	assert_int_equal(T.g->m[ALLIED][4].where, FM_M_COMMITTED);
	assert_int_equal(fmt_do(&T, GERMAN, "support pass"), 0);
	fmt_do(&T, ALLIED, "support A5");
	fmt_refused(&T, WG_E_ILLEGAL_SUPPORT, "FM-7.2-07");
}

/* `markers` query: own markers listed with values, the opponent's only as counts. */
static void test_fm_markers_query_redacted(void **state)
{
	(void)state;
	assert_int_equal(fmt_query(&T, ALLIED, "markers"), 0);
	assert_true(fmt_reply_has(&T, "A5 +3"));
	assert_int_equal(fmt_query(&T, GERMAN, "markers"), 0);
	assert_false(fmt_reply_has(&T, "A5"));
	assert_true(fmt_reply_has(&T, "allied: 3 available"));
	assert_int_equal(fmt_query(&T, RULES_SPECTATOR, "markers"), 0);
	assert_false(fmt_reply_has(&T, "G1"));
	assert_false(fmt_reply_has(&T, "A1"));
}

#define T_(f) cmocka_unit_test_setup_teardown(f, setup_board, teardown_board)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    T_(test_fm_7_1_04_random_draw_at_turn_start),
	    T_(test_fm_7_1_04_draw_uses_the_dice_stream),
	    T_(test_fm_7_1_05_lowest_first),
	    T_(test_fm_7_1_06_two_numbers_first_then_second),
	    T_(test_fm_8_2_1_five_steps_ex01),
	    T_(test_fm_8_2_1_03_defender_places_after_attacker_pass),
	    T_(test_fm_8_2_1_08_no_change_of_mind),
	    T_(test_fm_8_2_1_07_redaction_face_down_and_undrawn),
	    T_(test_fm_7_2_05_blind_pick),
	    T_(test_fm_7_2_04_markers_return_to_pool),
	    T_(test_fm_7_0_01_markers_are_not_units),
	    T_(test_fm_7_2_09_marker_not_split),
	    T_(test_fm_markers_query_redacted),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
