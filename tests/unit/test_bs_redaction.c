/*
 * test_bs_redaction.c -- no drawn support fire marker leaks to the wrong
 * viewer (BS-14.0-03, BS-14.1-08, BS-16.4-07, AMB-26, AMB-59).
 *
 * In every event addressed to the German player or to spectators, in the
 * German and spectator views, and in the `markers` query as they see it,
 * no Allied marker's id or value appears before it is revealed (step b5 of a
 * combat, or announced in a bombardment), and vice versa.  A play of several
 * turns with combats and special markers is checked event by event.
 *
 * Fixture: tests/data/fm-scheldt-mini.json.
 */
#include "test_bs_util.h"

#include <stdio.h>
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

/* 1 if text names side's marker k by id ("id":"A3", "A3 +2", "(A3"). */
static int names_marker(const char *text, const struct fm_game *g, int side, int k)
{
	const char *id = g->sc->markers[side][k].id;
	char pat[3][40];

	snprintf(pat[0], sizeof(pat[0]), "\"id\":\"%s\"", id);
	snprintf(pat[1], sizeof(pat[1]), "%s +", id);
	snprintf(pat[2], sizeof(pat[2]), "\"marker\":\"%s\"", id);
	for (int p = 0; p < 3; p++)
		if (strstr(text, pat[p]) != NULL)
			return 1;
	return 0;
}

/*
 * Checks the events of T since the last clear: an event seen by viewer (a side or the
 * spectators) names no unrevealed marker of the other side (owner), unless it is the reveal
 * or an announced bombardment (which reveal by themselves).
 */
static void check_events(int owner)
{
	unsigned aud = RULES_AUD_SIDE(1 - owner) | RULES_AUD_SPECTATORS;

	for (size_t e = 0; e < T.ev.count; e++) {
		const char *type = cJSON_GetObjectItem(T.ev.items[e].data, "event")->valuestring;
		char *s;
		if (!(T.ev.items[e].audience & aud))
			continue;
		if (strcmp(type, "support-revealed") == 0 ||
		    strcmp(type, "bombard-declared") == 0 || strcmp(type, "marker-removed") == 0)
			continue;
		s = cJSON_PrintUnformatted(T.ev.items[e].data);
		for (int k = 0; k < T.g->sc->nmarkers[owner]; k++)
			if (names_marker(s, T.g, owner, k))
				fail_msg(
				    "event seen by the %s names %s's marker %s: %s",
				    owner == ALLIED ? "German/spectators" : "Allied/spectators",
				    T.g->sc->side_names[owner], T.g->sc->markers[owner][k].id, s);
		free(s);
	}
}

/* Checks the views and the markers query of the opponent and of a spectator. */
static void check_views(int owner)
{
	int viewers[2] = {1 - owner, RULES_SPECTATOR};

	for (int v = 0; v < 2; v++) {
		cJSON *view = fm_ruleset.view(T.m.game, &RULES_VIEWER(viewers[v]));
		char *s = cJSON_PrintUnformatted(view);
		for (int k = 0; k < T.g->sc->nmarkers[owner]; k++)
			if (!T.g->m[owner][k].revealed && names_marker(s, T.g, owner, k))
				fail_msg("view of %d names unrevealed marker %s", viewers[v],
				         T.g->sc->markers[owner][k].id);
		free(s);
		cJSON_Delete(view);
		assert_int_equal(fmt_query(&T, viewers[v], "markers"), 0);
		s = cJSON_PrintUnformatted(T.reply);
		for (int k = 0; k < T.g->sc->nmarkers[owner]; k++)
			if (!T.g->m[owner][k].revealed && names_marker(s, T.g, owner, k))
				fail_msg("markers query of %d names marker %s", viewers[v],
				         T.g->sc->markers[owner][k].id);
		free(s);
	}
}

static void check_all(void)
{
	check_events(ALLIED);
	check_events(GERMAN);
	check_views(ALLIED);
	check_views(GERMAN);
}

/* The hands drawn at the start: each owner only. */
static void test_bs_redaction_drawn_hands(void **state)
{
	cJSON *view;
	(void)state;
	fmt_close(&T);
	fmt_open_doc(&T, bst_doc(), NULL, 1);
	bst_ok(&T, ALLIED, "place 4/2 3320");
	bst_ok(&T, ALLIED, "end"); /* turn 1 begins: the draw */
	assert_true(fmt_has_event(&T, "support-hand"));
	check_all();
	/* the owner does see his hand, specials included */
	view = fm_ruleset.view(T.m.game, &RULES_VIEWER(ALLIED));
	assert_int_equal(
	    cJSON_GetArraySize(cJSON_GetObjectItem(
	        cJSON_GetObjectItem(cJSON_GetObjectItem(view, "markers"), "allied"), "hand")),
	    13);
	cJSON_Delete(view);
	/* AT is not drawn into the hand: the one event naming it is the special markers' own
	 * (support-special, to the German only: its text and its "markers" member) */
	assert_true(fmt_events_mention(&T, RULES_AUD_SIDE(GERMAN), "\"AT\"") == 1);
	assert_true(fmt_events_mention(&T, RULES_AUD_SIDE(GERMAN), "AT (+5") == 1);
	assert_true(
	    fmt_events_mention(&T, RULES_AUD_SIDE(GERMAN), "\"event\":\"support-special\"") == 1);
	assert_true(fmt_events_mention(&T, RULES_AUD_SIDE(ALLIED), "\"AT\"") == 0);
}

/* A five-step combat with the naval and anti-tank markers: nothing before b5. */
static void test_bs_redaction_five_steps(void **state)
{
	(void)state;
	bst_at(&T, 9, ALLIED, FM_PH_COMBAT);
	fmt_clear(&T);
	bst_put(&T, "1020", "2036", 0);
	bst_put(&T, "10/1", "2035", 0);
	bst_put(&T, "44/15", "1936", 0);
	fmt_hand(&T, ALLIED, "A3 N1 A9");
	fmt_hand(&T, GERMAN, "G4 AT G8");
	bst_ok(&T, ALLIED, "attack 2036 10/1 44/15");
	bst_ok(&T, ALLIED, "support N1"); /* b1 */
	check_all();
	bst_ok(&T, GERMAN, "support AT"); /* b2 */
	check_all();
	bst_ok(&T, GERMAN, "support G4"); /* b2 again */
	check_all();
	bst_ok(&T, ALLIED, "support A9"); /* b3 */
	check_all();
	fmt_events_clear(&T);
	fmt_dice(&T, 1, 4);
	bst_ok(&T, GERMAN, "support G8"); /* b4, then b5: revealed to everyone */
	assert_true(fmt_has_event(&T, "support-revealed"));
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_SPECTATORS, "\"id\":\"N1\""), 1);
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_SIDE(ALLIED), "\"id\":\"AT\""), 1);
	check_views(ALLIED);
	check_views(GERMAN);
}

/* A whole game turn played by both sides, checked after every action. */
static void test_bs_redaction_game_turns(void **state)
{
	(void)state;
	for (int step = 0; step < 60 && T.g->turn < 3; step++) {
		int side = fm__acting_side(T.g);
		fmt_events_clear(&T);
		bst_ok(&T, side, T.g->await == FM_AW_SUPPORT ? "support pass" : "end");
		check_all();
	}
	assert_int_equal(T.g->turn, 3);
}

#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    T_(test_bs_redaction_drawn_hands),
	    T_(test_bs_redaction_five_steps),
	    T_(test_bs_redaction_game_turns),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
