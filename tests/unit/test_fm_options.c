/*
 * test_fm_options.c -- `options`, the legal actions of the awaited decision
 * (rules/fm/legal.c, legal_gen.c, scheldt/legal.c).
 *
 * The bot test plays Battle of the Scheldt (data/scheldt.json) from `options`
 * alone: at every decision it picks uniformly among the listed actions with
 * a seeded generator of its own, the dice are the game's own stream (nothing
 * forced), and every action must be accepted, for 20 game turns or to the
 * end.  The other tests pin the shapes and prove, on a decision small enough
 * to enumerate by brute force, that the list is exactly the legal set.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_bs_util.h"

static void bot_open(struct fmt_bot *b, uint8_t seed_byte)
{
	fmt_bot_open(b, "scheldt.json", seed_byte);
}

/* side's options (the query as the server runs it), owned by the caller. */
static cJSON *options_of(struct rules_match *m, int side, const char *args)
{
	char buf[128], *argv[4];
	int argc = 0;
	struct rules_error err;
	cJSON *out = cJSON_CreateObject();

	snprintf(buf, sizeof(buf), "options%s%s", args ? " " : "", args ? args : "");
	for (char *p = strtok(buf, " "); p != NULL && argc < 4; p = strtok(NULL, " "))
		argv[argc++] = p;
	if (rules_match_query(m, NULL, &RULES_VIEWER(side), argc, argv, out, &err) != 0)
		fail_msg("options: %s", err.message);
	return out;
}

static int count_of(const cJSON *opts)
{
	return cJSON_GetObjectItemCaseSensitive(opts, "count")->valueint;
}

/* 1 if the options reply lists the action line. */
static int lists(const cJSON *opts, const char *want)
{
	char line[256];

	for (int i = 0; i < count_of(opts); i++) {
		fmt_action_at(opts, i, line, sizeof(line));
		if (strcmp(line, want) == 0)
			return 1;
	}
	return 0;
}

/* The event types the bot games emitted, with the union of their members' names
 * ("a,b,c,") and a phase value that is not a slug, if any. */
struct census {
	char type[64][32];
	char keys[64][256];
	char bad_phase[64][64];
	int text_only[64]; /* an instance carried nothing but its type and text */
	int n;
};

static struct census *census; /* the bot test's, while it runs */

static void census_add(const cJSON *data)
{
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(data, "event"), *k;
	int i;

	if (census == NULL || !cJSON_IsString(t))
		return;
	for (i = 0; i < census->n && strcmp(census->type[i], t->valuestring) != 0; i++)
		;
	if (i == census->n) {
		if (census->n == 64)
			return;
		snprintf(census->type[census->n++], sizeof(census->type[0]), "%s", t->valuestring);
	}
	{
		int members = 0;
		cJSON_ArrayForEach(k, data) members +=
		    strcmp(k->string, "event") != 0 && strcmp(k->string, "text") != 0;
		census->text_only[i] |= members == 0;
	}
	cJSON_ArrayForEach(k, data)
	{
		char key[40];
		snprintf(key, sizeof(key), ",%s,", k->string);
		if (strstr(census->keys[i], key) == NULL &&
		    strlen(census->keys[i]) + strlen(key) < sizeof(census->keys[0]))
			strcat(census->keys[i], key + (census->keys[i][0] != '\0')); /* ",a,b," */
		if (strcmp(k->string, "phase") == 0 && cJSON_IsString(k) &&
		    strspn(k->valuestring, "abcdefghijklmnopqrstuvwxyz-") != strlen(k->valuestring))
			snprintf(census->bad_phase[i], sizeof(census->bad_phase[0]), "%s",
			         k->valuestring);
	}
}

/* Applies line for side through the match; the WG_E code (err filled). */
static int act(struct rules_match *m, int side, const char *line, struct rules_error *err)
{
	char buf[256], *argv[32];
	int argc = 0, rc;
	struct rules_events ev;

	snprintf(buf, sizeof(buf), "%s", line);
	for (char *p = strtok(buf, " "); p != NULL && argc < 32; p = strtok(NULL, " "))
		argv[argc++] = p;
	cJSON *reply = cJSON_CreateObject();

	rules_events_init(&ev);
	rc = rules_match_apply(m, NULL, side, argc, argv, reply, &ev, err);
	for (size_t k = 0; rc == 0 && k < ev.count; k++)
		census_add(ev.items[k].data);
	rules_events_release(&ev);
	cJSON_Delete(reply);
	return rc;
}

/* The verbs a bot game used, counted by name. */
struct verb_counts {
	char name[16][16];
	int n[16];
	int count;
};

static void count_verb(struct verb_counts *vc, const char *line)
{
	char verb[16];
	int k;

	snprintf(verb, sizeof(verb), "%.*s", (int)strcspn(line, " "), line);
	for (k = 0; k < vc->count && strcmp(vc->name[k], verb) != 0; k++)
		;
	if (k == vc->count && vc->count < 16)
		snprintf(vc->name[vc->count++], sizeof(vc->name[0]), "%s", verb);
	if (k < 16)
		vc->n[k]++;
}

static int used(const struct verb_counts *vc, const char *verb)
{
	for (int k = 0; k < vc->count; k++)
		if (strcmp(vc->name[k], verb) == 0)
			return vc->n[k];
	return 0;
}

/* Plays from options until the game ends or turn `turns` is over; returns the actions. */
static int bot_play(struct fmt_bot *b, int turns, int budget, struct verb_counts *vc)
{
	const struct fm_game *g = (const struct fm_game *)b->m.game;
	struct rules_error err;
	int actions = 0;

	while (!g->over && g->turn <= turns && actions < budget) {
		const struct rules_pending *pp = &b->m.pending;
		int side = -1, n;
		char line[256];
		cJSON *opts;

		for (int s = 0; s < RULES_SIDES; s++)
			if (pp->sides & RULES_AUD_SIDE(s))
				side = s;
		assert_true(side >= 0);
		opts = options_of(&b->m, side, NULL);
		n = count_of(opts);
		if (n == 0)
			fail_msg("turn %d, %s: no options while the game waits for: %s", g->turn,
			         g->sc->side_names[side], pp->what[side]);
		fmt_action_at(opts, (int)(fmt_bot_next(b) % (uint64_t)n), line, sizeof(line));
		cJSON_Delete(opts);
		count_verb(vc, line);
		if (act(&b->m, side, line, &err) != 0)
			fail_msg("turn %d, %s: the listed action '%s' was refused: %s [%s]",
			         g->turn, g->sc->side_names[side], line, err.message, err.rule);
		actions++;
	}
	return actions;
}

/* Whether reach's costs (the bucketed search) are those of the search that `move ... to`
 * makes its paths with (the scanned one, prev kept) for every unit of g, FM-5.2: 0, or
 * fails the test naming the unit and hex that differ.  Returns the units compared. */
static int reach_matches_path_search(const struct fm_game *g)
{
	static int fast[RULES_MAP_HEXES], slow[RULES_MAP_HEXES], prev[3 * RULES_MAP_HEXES];
	char hex[RULES_HEX_ID_MAX];
	int units = 0;

	for (int u = 0; u < g->nunits; u++) {
		if (g->u[u].where != FM_W_MAP)
			continue;
		assert_int_equal(fm__reach(g, u, fast, NULL), 0);
		assert_int_equal(fm__reach(g, u, slow, prev), 0);
		for (int h = 0; h < g->sc->map.grid.count; h++)
			if (fast[h] != slow[h])
				fail_msg(
				    "turn %d: %s to %s costs %d half MP in reach, %d on a path",
				    g->turn, g->sc->units[u].id, fm__hex_id(g, h, hex), fast[h],
				    slow[h]);
		units++;
	}
	return units;
}

/* reach finds its costs with a bucket per half MP spent (Dial), `move ... to` its paths
 * with the scanned frontier: both give every hex the same least cost to end a move in
 * (FM-5.2-04, FM-6.1), at every Movement Phase decision of two Scheldt games and one Meuse
 * Argonne game played from options. */
static void test_reach_costs_are_the_path_search_costs(void **state)
{
	static const struct {
		const char *file;
		uint8_t seed;
	} games[] = {{"scheldt.json", 1}, {"scheldt.json", 2}, {"meuse-argonne.json", 1}};
	long compared = 0;

	(void)state;
	for (size_t k = 0; k < sizeof(games) / sizeof(games[0]); k++) {
		struct fmt_bot b;
		const struct fm_game *g;
		struct rules_error err;
		int actions = 0;

		fmt_bot_open(&b, games[k].file, games[k].seed);
		g = (const struct fm_game *)b.m.game;
		while (!g->over && g->turn <= 12 && actions < 6000) {
			int side = -1, n;
			char line[256];
			cJSON *opts;
			for (int s = 0; s < RULES_SIDES; s++)
				if (b.m.pending.sides & RULES_AUD_SIDE(s))
					side = s;
			assert_true(side >= 0);
			if (g->phase == FM_PH_MOVEMENT || g->phase == FM_PH_MOBILE_MOVE)
				compared += reach_matches_path_search(g);
			opts = options_of(&b.m, side, NULL);
			n = count_of(opts);
			assert_true(n > 0);
			fmt_action_at(opts, (int)(fmt_bot_next(&b) % (uint64_t)n), line,
			              sizeof(line));
			cJSON_Delete(opts);
			if (act(&b.m, side, line, &err) != 0)
				fail_msg("'%s' was refused: %s", line, err.message);
			actions++;
		}
		fmt_bot_close(&b);
	}
	print_message("reach compared for %ld units in Movement Phases\n", compared);
	assert_true(compared > 1000);
}

static void test_options_bot_plays_scheldt_from_options_alone(void **state)
{
	(void)state;
	struct verb_counts vc;
	static struct census seen;

	memset(&vc, 0, sizeof(vc));
	memset(&seen, 0, sizeof(seen));
	census = &seen;
	for (uint8_t seed = 1; seed <= 3; seed++) {
		struct fmt_bot b;
		const struct fm_game *g;
		int n;

		bot_open(&b, seed);
		g = (const struct fm_game *)b.m.game;
		n = bot_play(&b, 20, 20000, &vc);
		print_message("seed %u: %d actions, turn %d, %s\n", seed, n, g->turn,
		              g->over ? g->summary : "running");
		assert_true(g->over || g->turn > 20); /* the game got through, never stuck */
		fmt_bot_close(&b);
	}
	for (int k = 0; k < vc.count; k++)
		print_message("  %-10s %d\n", vc.name[k], vc.n[k]);
	/* the games went through every kind of decision, not only moves and ends */
	assert_true(used(&vc, "place") > 0);
	assert_true(used(&vc, "move") > 0);
	assert_true(used(&vc, "attack") > 0);
	assert_true(used(&vc, "support") > 0);
	assert_true(used(&vc, "bombard") > 0);
	assert_true(used(&vc, "retreat") + used(&vc, "stiff") > 0);
	census = NULL;
	/* every event carries structured members besides its type and text, and a phase is a
	 * slug (its display name goes beside it) */
	{
		int bad = 0;
		for (int i = 0; i < seen.n; i++) {
			if (getenv("WG_EVENT_CENSUS") != NULL) /* for docs/games/fm.md */
				print_message("  census %s: %s\n", seen.type[i], seen.keys[i]);
			if (seen.text_only[i] || seen.bad_phase[i][0] != '\0')
				print_message("  event %-20s %s%s%s\n", seen.type[i],
				              seen.text_only[i] ? "text only " : "",
				              seen.bad_phase[i][0] ? "phase not a slug: " : "",
				              seen.bad_phase[i]);
			bad += seen.text_only[i] || seen.bad_phase[i][0] != '\0';
		}
		assert_int_equal(bad, 0);
	}
}

/* Meuse Argonne from `options` alone: two whole games (24 turns or to the Allied victory),
 * every listed action accepted, the exclusive rules' decisions among them; every event
 * structured (the census). */
static void test_options_bot_plays_meuse_from_options_alone(void **state)
{
	struct verb_counts vc;
	static struct census seen;
	(void)state;

	memset(&vc, 0, sizeof(vc));
	memset(&seen, 0, sizeof(seen));
	census = &seen;
	for (uint8_t seed = 1; seed <= 2; seed++) {
		struct fmt_bot b;
		const struct fm_game *g;
		int n;

		fmt_bot_open(&b, "meuse-argonne.json", seed);
		g = (const struct fm_game *)b.m.game;
		n = bot_play(&b, 24, 40000, &vc);
		print_message("meuse seed %u: %d actions, turn %d, %s\n", seed, n, g->turn,
		              g->over ? g->summary : "running");
		assert_true(g->over);
		fmt_bot_close(&b);
	}
	for (int k = 0; k < vc.count; k++)
		print_message("  %-16s %d\n", vc.name[k], vc.n[k]);
	assert_true(used(&vc, "place") > 0);
	assert_true(used(&vc, "move") > 0);
	assert_true(used(&vc, "attack") > 0);
	assert_true(used(&vc, "retreat") + used(&vc, "stiff") > 0);
	census = NULL;
	for (int i = 0; i < seen.n; i++)
		if (seen.text_only[i] || seen.bad_phase[i][0] != '\0')
			fail_msg("event %s is text only or its phase is not a slug", seen.type[i]);
}

/* FM-3.0-04: set-up lists, per unplaced unit, the hexes its set-up allows (the
 * benchmark's Allied placements among them) and nothing for the other side. */
static void test_options_setup_lists_each_unplaced_units_hexes(void **state)
{
	struct fmt_bot b;
	cJSON *opts;

	(void)state;
	bot_open(&b, 1);
	opts = options_of(&b.m, ALLIED, NULL);
	assert_string_equal(cJSON_GetObjectItem(opts, "kind")->valuestring, "setup");
	assert_true(lists(opts, "place 3/1 3320"));
	assert_true(lists(opts, "place 10/1 3321"));
	assert_true(lists(opts, "place 4/2 3420"));
	assert_false(lists(opts, "end")); /* FM-3.0: every choice unit must be placed first */
	cJSON_Delete(opts);
	opts = options_of(&b.m, GERMAN, NULL);
	assert_int_equal(count_of(opts), 0);
	assert_string_equal(cJSON_GetObjectItem(opts, "waits_for")->valuestring, "allied");
	cJSON_Delete(opts);
	opts = options_of(&b.m, RULES_SPECTATOR, NULL);
	assert_int_equal(count_of(opts), 0);
	cJSON_Delete(opts);
	fmt_bot_close(&b);
}

/* FM-5.1: in the Movement Phase every hex `reach` gives is a listed move, with its MP;
 * `options <unit>` narrows the list to that unit. */
static void test_options_movement_lists_reach_and_end(void **state)
{
	struct fmt_bot b;
	struct rules_error err;
	cJSON *opts, *grp;
	int found = 0;

	(void)state;
	bot_open(&b, 1);
	assert_int_equal(act(&b.m, ALLIED, "place 3/1 3320", &err), 0);
	assert_int_equal(act(&b.m, ALLIED, "place 10/1 3321", &err), 0);
	assert_int_equal(act(&b.m, ALLIED, "place 4/2 3420", &err), 0);
	assert_int_equal(act(&b.m, ALLIED, "end", &err), 0);
	opts = options_of(&b.m, ALLIED, NULL);
	assert_true(lists(opts, "move 46/15 to 3019")); /* the e2e script's move */
	assert_true(lists(opts, "move 3/1 to 3217"));
	assert_true(lists(opts, "end"));
	cJSON_ArrayForEach(
	    grp, cJSON_GetObjectItem(
	             opts, "groups")) if (strcmp(cJSON_GetObjectItem(grp, "prefix")->valuestring,
	                                         "move 46/15 to") == 0)
	{
		assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(grp, "mp")),
		                 cJSON_GetArraySize(cJSON_GetObjectItem(grp, "choices")));
		found = 1;
	}
	assert_true(found);
	cJSON_Delete(opts);
	opts = options_of(&b.m, ALLIED, "46/15");
	assert_true(lists(opts, "move 46/15 to 3019"));
	assert_false(lists(opts, "move 3/1 to 3217"));
	assert_string_equal(cJSON_GetObjectItem(opts, "unit")->valuestring, "46/15");
	cJSON_Delete(opts);
	fmt_bot_close(&b);
}

/* The list is the legal set: at set-up, `place <unit> <hex>` for every unit and every hex
 * of the map is accepted exactly when options lists it (FM-3.0-04). */
static void test_options_setup_is_exactly_the_legal_set(void **state)
{
	struct fmt_bot b;
	const struct fm_game *g;
	cJSON *opts;
	int listed = 0, legal = 0;
	char line[128], hex[RULES_HEX_ID_MAX];

	(void)state;
	bot_open(&b, 1);
	g = (const struct fm_game *)b.m.game;
	opts = options_of(&b.m, ALLIED, NULL);
	for (int u = 0; u < g->nunits; u++) {
		if (g->sc->units[u].side != ALLIED || g->u[u].where != FM_W_UNPLACED)
			continue;
		for (int h = 0; h < g->sc->map.grid.count; h++) {
			struct rules_error err;
			struct rules_match copy;
			int ok;
			snprintf(line, sizeof(line), "place %s %s", g->sc->units[u].id,
			         fm__hex_id(g, h, hex));
			/* try it on a throwaway copy of the match */
			assert_int_equal(
			    rules_match_create(&copy, &fm_ruleset, b.sc, &b.m.opts, b.seed, &err),
			    0);
			{
				struct rules_events ev;
				rules_events_init(&ev);
				assert_int_equal(rules_match_start(&copy, &ev, &err), 0);
				rules_events_release(&ev);
			}
			ok = act(&copy, ALLIED, line, &err) == 0;
			rules_match_release(&copy);
			legal += ok;
			listed += lists(opts, line);
			if (ok != lists(opts, line))
				fail_msg("%s: %s but %s", line, ok ? "legal" : "refused",
				         ok ? "not listed" : "listed");
		}
	}
	assert_int_equal(listed, legal);
	assert_true(legal > 0);
	cJSON_Delete(opts);
	fmt_bot_close(&b);
}

/* FM-3.0-04: `units` shows each unplaced unit the hexes it may set up in (the same ones
 * `options` lists) and each reinforcement its entry hexes (FM-4.1-04). */
static void test_units_shows_setup_and_entry_hexes(void **state)
{
	struct fmt_bot b;
	struct rules_error err;
	char verb[] = "units", *argv[] = {verb};
	cJSON *out = cJSON_CreateObject(), *u, *opts;
	int seen_setup = 0, seen_entry = 0;

	(void)state;
	bot_open(&b, 1);
	assert_int_equal(rules_match_query(&b.m, NULL, &RULES_VIEWER(ALLIED), 1, argv, out, &err),
	                 0);
	opts = options_of(&b.m, ALLIED, NULL);
	cJSON_ArrayForEach(u, cJSON_GetObjectItem(out, "units"))
	{
		const cJSON *setup = cJSON_GetObjectItem(u, "setup_hexes"), *h;
		const char *id = cJSON_GetObjectItem(u, "id")->valuestring;
		if (setup != NULL) {
			char line[128];
			assert_true(cJSON_GetArraySize(setup) > 0);
			cJSON_ArrayForEach(h, setup)
			{
				snprintf(line, sizeof(line), "place %s %s", id, h->valuestring);
				assert_true(lists(opts, line));
			}
			seen_setup++;
		}
		if (cJSON_GetObjectItem(u, "entry_hexes") != NULL)
			seen_entry++;
	}
	assert_int_equal(seen_setup, 3); /* 3/1, 10/1, 4/2 */
	assert_true(seen_entry > 0);
	{
		char *lines = cJSON_PrintUnformatted(cJSON_GetObjectItem(out, "lines"));
		assert_non_null(strstr(lines, "sets up in 3219"));
		free(lines);
	}
	cJSON_Delete(opts);
	cJSON_Delete(out);
	fmt_bot_close(&b);
}

/* 1 if the engine accepts line from side on a copy of g (g itself is not touched). */
static int accepted_on_copy(const struct fm_game *g, int side, const char *line)
{
	static const uint8_t seed[32];
	struct fm_game *copy = malloc(sizeof(*g));
	struct rules_dice dice;
	struct rules_events ev;
	struct rules_error err;
	char buf[256], *argv[32];
	int argc = 0, rc;
	cJSON *reply = cJSON_CreateObject();
	const struct rules_verb *v;

	assert_non_null(copy);
	*copy = *g;
	snprintf(buf, sizeof(buf), "%s", line);
	for (char *p = strtok(buf, " "); p != NULL && argc < 32; p = strtok(NULL, " "))
		argv[argc++] = p;
	v = rules_verb_find(&fm_ruleset, (const struct rules_scenario *)g->sc, argv[0]);
	assert_non_null(v);
	rules_dice_seed(&dice, seed);
	rules_events_init(&ev);
	rc = fm_ruleset.apply((struct rules_game *)copy, &dice, side, v, argc, argv, reply, &ev,
	                      &err);
	rules_events_release(&ev);
	rules_dice_release(&dice);
	cJSON_Delete(reply);
	free(copy);
	return rc == 0;
}

/* The list is the legal set in the Movement Phase too (FM-5): for every Allied unit and
 * every hex of the map, `move <unit> to <hex>` is accepted exactly when options lists it. */
static void test_options_moves_are_exactly_the_legal_set(void **state)
{
	struct fmt_bot b;
	struct rules_error err;
	const struct fm_game *g;
	cJSON *opts;
	int legal = 0;
	char line[128], hex[RULES_HEX_ID_MAX];

	(void)state;
	bot_open(&b, 1);
	g = (const struct fm_game *)b.m.game;
	assert_int_equal(act(&b.m, ALLIED, "place 3/1 3320", &err), 0);
	assert_int_equal(act(&b.m, ALLIED, "place 10/1 3321", &err), 0);
	assert_int_equal(act(&b.m, ALLIED, "place 4/2 3420", &err), 0);
	assert_int_equal(act(&b.m, ALLIED, "end", &err), 0);
	opts = options_of(&b.m, ALLIED, NULL);
	for (int u = 0; u < g->nunits; u++) {
		if (g->sc->units[u].side != ALLIED || g->u[u].where != FM_W_MAP)
			continue;
		for (int h = 0; h < g->sc->map.grid.count; h++) {
			int ok;
			snprintf(line, sizeof(line), "move %s to %s", g->sc->units[u].id,
			         fm__hex_id(g, h, hex));
			ok = accepted_on_copy(g, ALLIED, line);
			legal += ok;
			if (ok != lists(opts, line))
				fail_msg("%s: %s but %s", line, ok ? "legal" : "refused",
				         ok ? "not listed" : "listed");
		}
	}
	assert_true(legal > 100);
	cJSON_Delete(opts);
	fmt_bot_close(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_options_setup_lists_each_unplaced_units_hexes),
	    cmocka_unit_test(test_options_movement_lists_reach_and_end),
	    cmocka_unit_test(test_options_setup_is_exactly_the_legal_set),
	    cmocka_unit_test(test_options_moves_are_exactly_the_legal_set),
	    cmocka_unit_test(test_units_shows_setup_and_entry_hexes),
	    cmocka_unit_test(test_reach_costs_are_the_path_search_costs),
	    cmocka_unit_test(test_options_bot_plays_scheldt_from_options_alone),
	    cmocka_unit_test(test_options_bot_plays_meuse_from_options_alone),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
