/*
 * test_camp_intel.c -- G-2 Intelligence of The Scheldt Campaign (8.0-8.2): what is open
 * (the HQs and detached units on the map, the size of each hand) and what is hidden (the
 * contents of every holding box and how many, the markers in a hand); Tactical
 * Intelligence only in a battle's Commitment step; Operational Intelligence once per
 * player turn in one's own Operations Phase, the enemy hand or the enemy OOB mat shown to
 * the examining player only, the mat with `expires_in` (SC-AMB-29, SC-AMB-30).
 */
#include "test_camp_extra.h"

/* SC-8.0a, SC-8.0b, SC-8.0c: open and hidden information in the view */
static void test_sc_8_0_open_and_hidden(void **state)
{
	struct ct t;
	char *v;

	(void)state;
	ct_open(&t, NULL);
	for (int viewer = GERMAN; viewer <= RULES_SPECTATOR; viewer++) {
		v = cx_view_text(&t, viewer);
		/* open: the HQs and the detached units on the map, the hand sizes */
		assert_non_null(strstr(v, "\"unit\":\"4CAD\""));
		assert_non_null(strstr(v, "\"unit\":\"157\""));
		assert_non_null(strstr(v, "\"allied\":{\"count\":7}"));
		/* hidden: what the boxes hold, and the markers */
		assert_null(strstr(v, "10CIB"));
		assert_null(strstr(v, "4CAR"));
		assert_null(strstr(v, "\"146\""));
		assert_null(strstr(v, "\"allied\":{\"count\":7,"));
		free(v);
	}
	v = cx_view_text(&t, ALLIED);
	assert_non_null(strstr(v, "10CIB"));
	assert_non_null(strstr(v, "\"G-3\":2"));
	assert_null(strstr(v, "1038")); /* the German boxes */
	free(v);
	/* the box contents by query: refused or left out */
	assert_false(cx_query_has(&t, GERMAN, "oob", "10CIB")); /* his own mat only */
	assert_true(cx_query_has(&t, GERMAN, "oob", "1038"));
	ct_query(&t, RULES_SPECTATOR, "oob");
	ct_refused(&t, WG_E_FORBIDDEN, "SC-8.0b");
	assert_false(cx_query_has(&t, GERMAN, "units", "10CIB"));
	assert_true(cx_query_has(&t, GERMAN, "units", "4CAD"));
	assert_false(cx_query_has(&t, GERMAN, "hex 0305", "with 2 units"));
	assert_true(cx_query_has(&t, ALLIED, "hex 0305", "with 2 units"));
	assert_true(cx_query_has(&t, GERMAN, "hand", "the allied hold 7 markers"));
	assert_false(cx_query_has(&t, GERMAN, "hand", "\"allied\":{\"count\":7,"));
	ct_close(&t);
}

/* SC-8.0d, SC-8.1a, SC-SUMb: one G-2 does one thing: Tactical Intelligence, committed in a
 * battle, or Operational Intelligence */
static void test_sc_8_0d_one_g2_one_thing(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-2 G-3");
	ct_do(&t, ALLIED, "play G-2 tactical");
	ct_refused(&t, WG_E_WRONG_PHASE, "SC-8.1a");
	ct_do(&t, ALLIED, "play G-2 intel");
	ct_refused(&t, WG_E_BAD_ARGS, "SC-8.2b");
	ct_do(&t, ALLIED, "play G-2 intel mind");
	ct_refused(&t, WG_E_BAD_ARGS, "SC-8.2b");
	ct_put(&t, "4CAD", "0304");
	ct_ok(&t, ALLIED, "play G-3 attack 4CAD 0303");
	ct_ok(&t, ALLIED, "commit G-2"); /* Tactical Intelligence */
	assert_int_equal(t.g->hand[ALLIED][1], 0);
	ct_close(&t);
}

/* SC-8.2a, SC-8.2b, SC-8.2c, SC-AMB-29: once per player turn, in one's own Operations Phase:
 * the enemy hand to the examiner alone; the German sees that it was examined */
static void test_sc_8_2c_examine_the_enemy_hand(void **state)
{
	struct ct t;
	const cJSON *e;

	(void)state;
	ct_open(&t, NULL);
	ct_hand(&t, ALLIED, "2xG-2");
	ct_hand(&t, GERMAN, "2xG-3 G-4 G-1");
	ct_do(&t, ALLIED, "play G-2 intel hand");
	ct_refused(&t, WG_E_WRONG_PHASE, "SC-8.2a"); /* Preparation */
	ct_ok(&t, ALLIED, "end");
	ct_events_clear(&t);
	ct_ok(&t, ALLIED, "play G-2 intel hand");
	assert_true(ct_reply_has(&t, "the german hand: G-1 2xG-3 G-4"));
	e = cx_event(&t, "intel-hand", 1u << ALLIED);
	assert_non_null(e);
	assert_int_equal(
	    cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(e, "hand"), "G-3")
	        ->valueint,
	    2);
	assert_null(cx_event(&t, "intel-hand", 1u << GERMAN));
	assert_null(cx_event(&t, "intel-hand", RULES_AUD_SPECTATORS));
	assert_non_null(cx_event(&t, "intel", 1u << GERMAN)); /* that it happened is open */
	assert_int_equal(ct_events_mention(&t, 1u << GERMAN, "2xG-3"), 0);
	assert_int_equal(ct_events_mention(&t, RULES_AUD_SPECTATORS, "2xG-3"), 0);
	assert_int_equal(camp__hand_size(t.g, GERMAN), 4); /* "then return it" */
	ct_do(&t, ALLIED, "play G-2 intel oob");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-8.2a"); /* once in his player turn */
	/* the German may in his own turn */
	ct_at(&t, 1, GERMAN, CAMP_PH_OPS);
	ct_hand(&t, GERMAN, "G-2");
	ct_ok(&t, GERMAN, "play G-2 intel hand");
	ct_close(&t);
}

/* SC-8.2d, SC-AMB-30: the enemy OOB mat: which units in which boxes, with their hits, to the
 * examiner only, to be hidden again after expires_in seconds */
static void test_sc_8_2d_examine_the_enemy_mat(void **state)
{
	struct ct t;
	const cJSON *e, *boxes, *b;
	char *s;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 1, GERMAN, CAMP_PH_OPS);
	ct_hand(&t, GERMAN, "G-2");
	ct_events_clear(&t);
	ct_ok(&t, GERMAN, "play G-2 intel oob");
	e = cx_event(&t, "intel-oob", 1u << GERMAN);
	assert_non_null(e);
	assert_int_equal(cJSON_GetObjectItemCaseSensitive(e, "expires_in")->valueint, 30);
	boxes = cJSON_GetObjectItemCaseSensitive(e, "boxes");
	b = cx_doc_find((cJSON *)boxes, "hq", "49");
	assert_non_null(b);
	s = cJSON_PrintUnformatted(b);
	assert_non_null(strstr(s, "{\"unit\":\"146\",\"hits\":1}"));
	assert_non_null(strstr(s, "{\"unit\":\"147\",\"hits\":1}"));
	free(s);
	assert_non_null(cx_doc_find((cJSON *)boxes, "hq", "52")); /* the empty one on the mat */
	assert_true(ct_reply_has(&t, "4CAD: 10CIB"));
	assert_true(ct_reply_has(&t, "30 seconds"));
	/* to nobody else */
	assert_null(cx_event(&t, "intel-oob", 1u << ALLIED));
	assert_null(cx_event(&t, "intel-oob", RULES_AUD_SPECTATORS));
	assert_int_equal(ct_events_mention(&t, RULES_AUD_SPECTATORS, "10CIB"), 0);
	assert_int_equal(ct_events_mention(&t, 1u << ALLIED, "10CIB"), 0);
	/* the view afterwards shows the German nothing of it (the reveal was the event) */
	assert_false(cx_view_has(&t, GERMAN, "10CIB"));
	ct_close(&t);
	/* the options */
	ct_open(&t, "intel.exam_seconds=45 intel.exam_hits=false");
	ct_at(&t, 1, GERMAN, CAMP_PH_OPS);
	ct_hand(&t, GERMAN, "G-2");
	ct_events_clear(&t);
	ct_ok(&t, GERMAN, "play G-2 intel oob");
	e = cx_event(&t, "intel-oob", 1u << GERMAN);
	assert_int_equal(cJSON_GetObjectItemCaseSensitive(e, "expires_in")->valueint, 45);
	s = cJSON_PrintUnformatted(e);
	assert_non_null(strstr(s, "{\"unit\":\"146\"}"));
	assert_null(strstr(s, "hits"));
	free(s);
	ct_close(&t);
}

/* SC-8.2a: a new player turn allows a new examination */
static void test_sc_8_2a_once_in_each_player_turn(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "3xG-2 G-1 G-3 2xG-4");
	ct_ok(&t, ALLIED, "play G-2 intel oob");
	ct_do(&t, ALLIED, "play G-2 intel hand");
	ct_refused(&t, WG_E_ILLEGAL_ACTION, "SC-8.2a");
	ct_ok(&t, ALLIED, "end");
	ct_ok(&t, ALLIED, "select 3xG-2 G-1 G-3 2xG-4");
	ct_ok(&t, GERMAN, "end");
	ct_ok(&t, GERMAN, "end");
	ct_ok(&t, GERMAN, "select G-1 G-2 G-3 G-4");
	ct_ok(&t, ALLIED, "end");
	ct_ok(&t, ALLIED, "play G-2 intel hand");
	ct_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sc_8_0_open_and_hidden),
	    cmocka_unit_test(test_sc_8_0d_one_g2_one_thing),
	    cmocka_unit_test(test_sc_8_2c_examine_the_enemy_hand),
	    cmocka_unit_test(test_sc_8_2d_examine_the_enemy_mat),
	    cmocka_unit_test(test_sc_8_2a_once_in_each_player_turn),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
