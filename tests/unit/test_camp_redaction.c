/*
 * test_camp_redaction.c -- the secrets of The Scheldt Campaign kept from the other side and
 * from spectators (issue 11's redaction tests): a hand's markers, what a holding box holds
 * (which units and how many), a committed marker before the reveal, a scratch battalion
 * drawn into a box -- through every channel a viewer has: view() with its text lines and
 * board, the query verbs (units, hex, oob, hand, battle, options, map, reinforcements, vp,
 * reach), the SVG picture and the events addressed to the viewer.  The Operational
 * Intelligence reveals go to the examining player alone.  (tests/unit/test_secrecy_diff.c
 * compares whole games with their secret twins; these are the targeted cases.)
 */
#include "test_camp_extra.h"

/* Everything viewer may read now, as one string (caller frees): the view, each query (its
 * reply or its refusal), the picture, and the events since the last clear that reach it. */
static char *all_seen(struct ct *t, int viewer)
{
	static const char *const queries[] = {
	    "units",          "units allied", "units german", "oob",     "hand",
	    "battle",         "options",      "options all",  "map all", "map",
	    "reinforcements", "vp",           "tec"};
	size_t cap = 1 << 16, len = 0;
	char *all = malloc(cap);
	unsigned aud = viewer == RULES_SPECTATOR ? RULES_AUD_SPECTATORS : RULES_AUD_SIDE(viewer);

	assert_non_null(all);
	all[0] = '\0';
#define ADD(str)                                                                                   \
	do {                                                                                       \
		const char *s_ = (str);                                                            \
		size_t n_ = strlen(s_);                                                            \
		while (len + n_ + 2 > cap) {                                                       \
			cap *= 2;                                                                  \
			all = realloc(all, cap);                                                   \
			assert_non_null(all);                                                      \
		}                                                                                  \
		memcpy(all + len, s_, n_);                                                         \
		len += n_;                                                                         \
		all[len++] = '\n';                                                                 \
		all[len] = '\0';                                                                   \
	} while (0)
	{
		char *v = cx_view_text(t, viewer);
		ADD(v);
		free(v);
	}
	for (size_t k = 0; k < sizeof(queries) / sizeof(queries[0]); k++) {
		char *r;
		ct_query(t, viewer, queries[k]);
		r = cJSON_PrintUnformatted(t->reply);
		ADD(r);
		ADD(t->err.message);
		free(r);
	}
	/* every hex with a unit, and the reach of every unit on the map */
	for (int i = 0; i < t->g->nunits; i++) {
		char line[64], hb[RULES_HEX_ID_MAX], *r;
		if (t->g->u[i].where != CAMP_W_MAP)
			continue;
		snprintf(line, sizeof(line), "hex %s", camp__hex_id(t->g, t->g->u[i].hex, hb));
		ct_query(t, viewer, line);
		r = cJSON_PrintUnformatted(t->reply);
		ADD(r);
		free(r);
		snprintf(line, sizeof(line), "reach %s", camp__uid(t->g, i));
		ct_query(t, viewer, line);
		r = cJSON_PrintUnformatted(t->reply);
		ADD(r);
		ADD(t->err.message);
		free(r);
	}
	{
		char *argv[] = {(char *)"svg"};
		struct rules_error e;
		char *svg = camp_ruleset.picture(t->m.game, &RULES_VIEWER(viewer), 1, argv, &e);
		assert_non_null(svg);
		ADD(svg);
		free(svg);
	}
	for (size_t k = 0; k < t->ev.count; k++) {
		char *s;
		if (!(t->ev.items[k].audience & aud))
			continue;
		s = cJSON_PrintUnformatted(t->ev.items[k].data);
		ADD(s);
		free(s);
	}
#undef ADD
	return all;
}

/* Fails when viewer can read any of the needles (NULL-terminated). */
static void hidden_from(struct ct *t, int viewer, const char *const *needles)
{
	char *all = all_seen(t, viewer);

	for (int k = 0; needles[k] != NULL; k++)
		if (strstr(all, needles[k]) != NULL) {
			const char *at = strstr(all, needles[k]);
			fail_msg("the %s sees '%s': ...%.120s...",
			         viewer == RULES_SPECTATOR ? "spectator" : camp__side(t->g, viewer),
			         needles[k], at > all + 60 ? at - 60 : all);
		}
	free(all);
}

static void shown_to(struct ct *t, int viewer, const char *needle)
{
	char *all = all_seen(t, viewer);

	if (strstr(all, needle) == NULL)
		fail_msg("'%s' is not shown to viewer %d", needle, viewer);
	free(all);
}

/* SC-4.0j, SC-8.0b, SC-13.2.2d, SC-AMB-04: at set-up the German draws two scratch battalions and
 * puts one in a box: the Allied and the spectators learn how many were drawn, the one placed
 * on the map, nothing of the one in the box; nor of any box */
static void test_sc_13_2_2d_scratch_battalion_drawn_into_a_box(void **state)
{
	static const char *const secret[] = {"SB1", "10CIB", "4CAR", "1038", "1018", NULL};
	static const char *const allied[] = {"1038", "1018", "SB1", NULL};
	struct ct t;
	int dice[] = {1, 2, 3, 1}; /* 1 hit; two battalions: SB3 then SB1 */

	(void)state;
	cx_open_dice(&t, ct_doc(), NULL, 4, dice);
	ct_ok(&t, GERMAN, "hits 1039=1");
	hidden_from(&t, ALLIED, allied); /* the draw: its count only */
	shown_to(&t, ALLIED, "\"count\":2");
	ct_ok(&t, GERMAN, "place SB1 70");
	ct_ok(&t, GERMAN, "place SB3 0602");
	assert_int_equal(t.g->phase, CAMP_PH_HAND);
	hidden_from(&t, ALLIED, allied);
	hidden_from(&t, RULES_SPECTATOR, secret);
	shown_to(&t, ALLIED, "SB3"); /* on the map: open (8.0a) */
	shown_to(&t, GERMAN, "SB1");
	ct_close(&t);
}

/* SC-4.0i, SC-8.0c, SC-12.0b, SC-AMB-15: a hand's markers: the size only, at set-up, in play
 * and after the Planning Phase */
static void test_sc_8_0c_hands_are_secret(void **state)
{
	static const char *const allied_hand[] = {"4xG-1", "\"G-1\":4", NULL};
	static const char *const german_hand[] = {"3xG-3 G-4", "\"G-3\":3,\"G-4\":1", NULL};
	struct ct t;

	(void)state;
	ct_open_doc(&t, ct_doc(), NULL);
	ct_ok(&t, GERMAN, "hits 1038=1");
	ct_ok(&t, GERMAN, "place SB1 0602");
	ct_events_clear(&t);
	ct_ok(&t, ALLIED, "select 4xG-1 3xG-3");
	hidden_from(&t, GERMAN, allied_hand);
	hidden_from(&t, RULES_SPECTATOR, allied_hand);
	shown_to(&t, GERMAN, "\"markers\":7");
	ct_ok(&t, GERMAN, "select 3xG-3 G-4");
	hidden_from(&t, ALLIED, german_hand);
	hidden_from(&t, RULES_SPECTATOR, german_hand);
	shown_to(&t, ALLIED, "the german hold 4 markers");
	/* a new hand in the Planning Phase */
	ct_ok(&t, ALLIED, "end");
	ct_ok(&t, ALLIED, "end");
	ct_events_clear(&t);
	ct_ok(&t, ALLIED, "select 4xG-1 3xG-3");
	hidden_from(&t, GERMAN, allied_hand);
	hidden_from(&t, RULES_SPECTATOR, allied_hand);
	shown_to(&t, ALLIED, "4xG-1");
	ct_close(&t);
}

/* SC-8.0b, SC-7.2c, SC-4.0j, SC-3.3a: the boxes' contents and their number: at the start,
 * after a regroup, after reinforcements arrive in their boxes */
static void test_sc_8_0b_boxes_are_secret(void **state)
{
	/* which units, and how many (the owner's `hex` and `units` lines say "with N units") */
	static const char *const boxes[] = {"10CIB",
	                                    "4CAR",
	                                    "\"unit\":\"146\"",
	                                    "\"unit\":\"147\"",
	                                    "+ 146",
	                                    "allied 4CAD with",
	                                    "allied 49 with",
	                                    "allied 51 with",
	                                    "4CAD     0305       HQ with",
	                                    "49       0405       HQ with",
	                                    "51       0508       HQ with",
	                                    NULL};
	/* the 51st's units are open while they wait to arrive (the rules list them), not once
	 * in their HQ's box */
	static const char *const d51[] = {"\"unit\":\"152\"", "\"unit\":\"51RA\"", "+ 152", NULL};
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	hidden_from(&t, GERMAN, boxes);
	hidden_from(&t, RULES_SPECTATOR, boxes);
	shown_to(&t, ALLIED, "allied 4CAD with 2 units");
	shown_to(&t, ALLIED, "4CAD     0305       HQ with 2 units");
	ct_events_clear(&t);
	ct_ok(&t, ALLIED, "play G-1 regroup 4CAD");
	ct_ok(&t, ALLIED, "attach 146 4CAD"); /* from the 49th's box to the 4th's */
	ct_ok(&t, ALLIED, "done");
	hidden_from(&t, GERMAN, boxes);
	hidden_from(&t, RULES_SPECTATOR, boxes);
	shown_to(&t, ALLIED, "allied 4CAD with 3 units");
	ct_at(&t, 4, ALLIED, CAMP_PH_PREP);
	ct_hand(&t, ALLIED, "G-1");
	ct_events_clear(&t);
	ct_ok(&t, ALLIED, "play G-1 reinforce 51st 0508");
	hidden_from(&t, GERMAN, boxes);
	hidden_from(&t, RULES_SPECTATOR, boxes);
	hidden_from(&t, GERMAN, d51);
	hidden_from(&t, RULES_SPECTATOR, d51);
	shown_to(&t, GERMAN, "\"unit\":\"51\""); /* the HQ on the map is open */
	shown_to(&t, ALLIED, "\"unit\":\"152\"");
	ct_close(&t);
}

/* SC-10.1.2a, SC-10.2b, SC-6.3b: a committed marker is the committer's until both are locked;
 * then both are revealed at once */
static void test_sc_10_2b_commitments_until_the_reveal(void **state)
{
	static const char *const committed[] = {"G-4 (air)", "\"air\":1",
	                                        "\"allied_commit\":{\"locked\":true,\"G-2\"",
	                                        "G-2, G-4", NULL};
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-2 G-3 G-4");
	ct_hand(&t, GERMAN, "G-2 G-4");
	ct_put(&t, "4CAD", "0304");
	ct_ok(&t, ALLIED, "play G-3 attack 4CAD 0303 10CIB");
	ct_events_clear(&t);
	ct_ok(&t, ALLIED, "commit G-2 G-4=air");
	hidden_from(&t, GERMAN, committed);
	hidden_from(&t, RULES_SPECTATOR, committed);
	shown_to(&t, GERMAN, "\"allied_commit\":{\"locked\":true,\"markers\":2}");
	shown_to(&t, ALLIED, "\"air\":1");
	/* the German's commitment does not tell the Allied either, while the German waits */
	ct_close(&t);
	ct_open(&t, NULL);
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-2 G-3 G-4");
	ct_hand(&t, GERMAN, "G-2 G-4");
	ct_put(&t, "4CAD", "0304");
	ct_ok(&t, ALLIED, "play G-3 attack 4CAD 0303 10CIB");
	ct_events_clear(&t);
	ct_ok(&t, GERMAN, "commit G-4");
	{
		static const char *const german[] = {"G-4 (artillery)", "\"artillery\":1", NULL};
		hidden_from(&t, ALLIED, german);
		hidden_from(&t, RULES_SPECTATOR, german);
	}
	/* the reveal: both, to everyone */
	ct_dice(&t, 20, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
	ct_ok(&t, ALLIED, "commit G-2 G-4=air");
	shown_to(&t, RULES_SPECTATOR, "G-4 (air)");
	shown_to(&t, RULES_SPECTATOR, "G-4 (artillery)");
	ct_close(&t);
}

/* SC-10.1.3a, SC-AMB-49: the Battle Display shows the engaged units to both; the attacking Task
 * Force's units that stay out remain hidden */
static void test_sc_amb_49_battle_display(void **state)
{
	static const char *const out[] = {"4CAR", NULL};
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-3");
	ct_put(&t, "4CAD", "0304");
	ct_ok(&t, ALLIED, "play G-3 attack 4CAD 0303 10CIB");
	hidden_from(&t, GERMAN, out);
	hidden_from(&t, GERMAN, (const char *const[]){"10CIB", NULL}); /* before the reveal */
	ct_ok(&t, ALLIED, "commit none");
	ct_dice(&t, 3, 6, 6, 1); /* the German TA: 4 hits on 10CIB */
	ct_ok(&t, GERMAN, "commit none");
	shown_to(&t, GERMAN, "10CIB");
	shown_to(&t, RULES_SPECTATOR, "10CIB");
	hidden_from(&t, GERMAN, out);
	hidden_from(&t, RULES_SPECTATOR, out);
	ct_close(&t);
}

/* SC-8.2c, SC-8.2d, SC-AMB-30: the Operational Intelligence reveals go to the examiner only */
static void test_sc_8_2_intel_to_the_examiner_only(void **state)
{
	static const char *const reveal[] = {"intel-oob", "intel-hand", "1038", "expires_in", NULL};
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_at(&t, 1, ALLIED, CAMP_PH_OPS);
	ct_hand(&t, ALLIED, "G-2");
	ct_events_clear(&t);
	ct_ok(&t, ALLIED, "play G-2 intel oob");
	hidden_from(&t, RULES_SPECTATOR, reveal);
	hidden_from(&t, GERMAN, (const char *const[]){"intel-oob", "expires_in", NULL});
	shown_to(&t, ALLIED, "1038");
	shown_to(&t, ALLIED, "expires_in");
	ct_close(&t);
	ct_open(&t, NULL);
	ct_at(&t, 1, GERMAN, CAMP_PH_OPS);
	ct_hand(&t, GERMAN, "G-2");
	ct_hand(&t, ALLIED, "4xG-1 3xG-3");
	ct_events_clear(&t);
	ct_ok(&t, GERMAN, "play G-2 intel hand");
	hidden_from(&t, RULES_SPECTATOR, (const char *const[]){"intel-hand", "4xG-1", NULL});
	hidden_from(&t, ALLIED, (const char *const[]){"intel-hand", NULL});
	shown_to(&t, GERMAN, "4xG-1 3xG-3");
	ct_close(&t);
}

/* SC-8.0b: how far a Task Force moves tells its slowest unit: reach is its owner's */
static void test_sc_8_0b_reach_is_the_owners(void **state)
{
	struct ct t;

	(void)state;
	ct_open(&t, NULL);
	ct_query(&t, GERMAN, "reach 4CAD");
	ct_refused(&t, WG_E_FORBIDDEN, "SC-8.0b");
	ct_query(&t, RULES_SPECTATOR, "reach 4CAD");
	ct_refused(&t, WG_E_FORBIDDEN, "SC-8.0b");
	assert_int_equal(ct_query(&t, ALLIED, "reach 4CAD"), 0);
	ct_close(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sc_13_2_2d_scratch_battalion_drawn_into_a_box),
	    cmocka_unit_test(test_sc_8_0c_hands_are_secret),
	    cmocka_unit_test(test_sc_8_0b_boxes_are_secret),
	    cmocka_unit_test(test_sc_10_2b_commitments_until_the_reveal),
	    cmocka_unit_test(test_sc_amb_49_battle_display),
	    cmocka_unit_test(test_sc_8_2_intel_to_the_examiner_only),
	    cmocka_unit_test(test_sc_8_0b_reach_is_the_owners),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
