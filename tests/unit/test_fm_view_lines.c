/*
 * test_fm_view_lines.c -- view_lines (rules/fm/view.c), view()'s text alone for text mode
 * (issue 14), gives exactly the lines view() gives, and those are the bytes view() gave
 * before the engine-speed work.
 *
 * Seeded bots play Battle of the Scheldt and Meuse Argonne from `options` (the dice the
 * game's own seeded stream); at every state along the games, for both sides and a
 * spectator and for screens from 20 x 6 to 132 x 50:
 *   - view_lines(who) is an object whose only member is "lines", and those lines are
 *     byte for byte view(who)'s "lines";
 *   - the digest (FNV-1a 64) of all of view()'s lines over the games equals the digest
 *     the same games gave at commit 8556979, before the movement tables, the occupancy
 *     index and the board drawn once (the bots' games themselves, chosen from `options`
 *     whose moves come from reach, are the same games only if those give the same
 *     answers).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_bs_util.h"

/* The digests of view()'s lines over the games at commit 8556979 (computed there by this
 * file with view() in place of view_lines). */
#define VL_SCHELDT_1 0x83fecbc3238f289bull
#define VL_SCHELDT_2 0x0db92b30aa8dfd16ull
#define VL_MEUSE_1   0x257b8f12be04bf7dull

/* The screens a viewer may have (cols x rows). */
static const int screens[][2] = {{80, 24}, {80, 16}, {132, 50}, {40, 20}, {20, 6}};
#define NSCREENS (sizeof(screens) / sizeof(screens[0]))

struct vl_bot {
	struct fmt_bot g;
	uint64_t digest;
	int states;
};

static void vl_open(struct vl_bot *b, const char *file, uint8_t seed_byte)
{
	memset(b, 0, sizeof(*b));
	fmt_bot_open(&b->g, file, seed_byte);
	b->digest = 0xcbf29ce484222325ull;
}

static void vl_close(struct vl_bot *b)
{
	fmt_bot_close(&b->g);
}

static void vl_hash(struct vl_bot *b, const char *s)
{
	for (; *s; s++) {
		b->digest ^= (unsigned char)*s;
		b->digest *= 0x100000001b3ull;
	}
	b->digest ^= '\n';
	b->digest *= 0x100000001b3ull;
}

/* Every viewer and screen on the current state: the two paths agree; view()'s lines
 * go into the digest. */
static void vl_check_state(struct vl_bot *b)
{
	for (int side = 0; side <= RULES_SPECTATOR; side++)
		for (size_t k = 0; k < NSCREENS; k++) {
			struct rules_viewer who = {side, screens[k][0], screens[k][1]};
			cJSON *full = fm_ruleset.view(b->g.m.game, &who);
			cJSON *text = fm_ruleset.view_lines(b->g.m.game, &who);
			const cJSON *fl = cJSON_GetObjectItemCaseSensitive(full, "lines");
			const cJSON *tl = cJSON_GetObjectItemCaseSensitive(text, "lines");
			const cJSON *item;
			char *a, *c;

			assert_non_null(fl);
			assert_non_null(tl);
			assert_int_equal(cJSON_GetArraySize(text), 1); /* "lines" alone */
			a = cJSON_PrintUnformatted(fl);
			c = cJSON_PrintUnformatted(tl);
			if (strcmp(a, c) != 0)
				fail_msg("state %d, viewer %d, %dx%d: view_lines gave\n%s\nview "
				         "gave\n%s",
				         b->states, side, who.cols, who.rows, c, a);
			free(a);
			free(c);
			cJSON_ArrayForEach(item, fl) vl_hash(b, item->valuestring);
			cJSON_Delete(full);
			cJSON_Delete(text);
		}
	b->states++;
}

/* Plays up to budget actions from options, checking every state on the way. */
static void vl_play(struct vl_bot *b, int budget)
{
	struct rules_outcome o;

	vl_check_state(b);
	for (int n = 0; n < budget; n++) {
		char line[256], buf[256], *argv[32], opt[] = "options", *oargv[1] = {opt};
		struct rules_viewer who = {-1, 0, 0};
		struct rules_events ev;
		struct rules_error err;
		cJSON *opts;
		int argc = 0, count;

		rules_match_outcome(&b->g.m, &o);
		if (o.over)
			break;
		for (int s = 0; s < RULES_SIDES; s++)
			if (b->g.m.pending.sides & RULES_AUD_SIDE(s))
				who.side = s;
		assert_true(who.side >= 0);
		opts = cJSON_CreateObject();
		assert_int_equal(rules_match_query(&b->g.m, NULL, &who, 1, oargv, opts, &err), 0);
		count = cJSON_GetObjectItemCaseSensitive(opts, "count")->valueint;
		assert_true(count > 0);
		fmt_action_at(opts, (int)(fmt_bot_next(&b->g) % (uint64_t)count), line,
		              sizeof(line));
		cJSON_Delete(opts);
		snprintf(buf, sizeof(buf), "%s", line);
		for (char *p = strtok(buf, " "); p != NULL && argc < 32; p = strtok(NULL, " "))
			argv[argc++] = p;
		rules_events_init(&ev);
		if (rules_match_apply(&b->g.m, NULL, who.side, argc, argv, NULL, &ev, &err) != 0)
			fail_msg("the listed action '%s' was refused: %s", line, err.message);
		rules_events_release(&ev);
		vl_check_state(b);
	}
}

/* Battle of the Scheldt, two whole games: the two paths agree everywhere, and view()'s
 * text is what it was before the engine-speed work. */
static void test_view_lines_scheldt_same_as_view_and_as_before(void **state)
{
	static const uint64_t before[] = {VL_SCHELDT_1, VL_SCHELDT_2};
	(void)state;

	for (uint8_t seed = 1; seed <= 2; seed++) {
		struct vl_bot b;
		vl_open(&b, "scheldt.json", seed);
		vl_play(&b, 5000);
		print_message("scheldt seed %u: %d states, digest %016llx\n", seed, b.states,
		              (unsigned long long)b.digest);
		assert_int_equal(b.digest, before[seed - 1]);
		vl_close(&b);
	}
}

/* Meuse Argonne (the module marks hexes on the board): the first 600 actions of a game. */
static void test_view_lines_meuse_same_as_view_and_as_before(void **state)
{
	struct vl_bot b;
	(void)state;

	vl_open(&b, "meuse-argonne.json", 1);
	vl_play(&b, 600);
	print_message("meuse seed 1: %d states, digest %016llx\n", b.states,
	              (unsigned long long)b.digest);
	assert_int_equal(b.digest, VL_MEUSE_1);
	vl_close(&b);
}

/* A screen of 0 columns (JSON mode): no text at all, as view() gives none. */
static void test_view_lines_without_screen_is_empty(void **state)
{
	struct vl_bot b;
	struct rules_viewer who = {0, 0, 0};
	cJSON *text, *full;
	(void)state;

	vl_open(&b, "scheldt.json", 1);
	text = fm_ruleset.view_lines(b.g.m.game, &who);
	full = fm_ruleset.view(b.g.m.game, &who);
	assert_non_null(text);
	assert_int_equal(cJSON_GetArraySize(text), 0);
	assert_null(cJSON_GetObjectItemCaseSensitive(full, "lines"));
	cJSON_Delete(text);
	cJSON_Delete(full);
	vl_close(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_view_lines_scheldt_same_as_view_and_as_before),
	    cmocka_unit_test(test_view_lines_meuse_same_as_view_and_as_before),
	    cmocka_unit_test(test_view_lines_without_screen_is_empty),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
