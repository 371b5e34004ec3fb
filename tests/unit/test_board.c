/*
 * test_board.c -- the F&M board as text (rules/fm/board.c, view.c's text), on
 * the shipped Battle of the Scheldt map (data/scheldt.json): `map` around the
 * active area, `map <hex>`, corner to corner, `map all` in strips (every hex
 * drawn, the bottom row of the shifted columns too), `zoc` (FM-6.0) and
 * `roads` overlays, full unit ids, reduced units, what units did this player
 * turn and the MP they have left (FM-5, AMB-20), `units`, view()'s status and
 * board; every line within the viewer's screen for several screen sizes; and
 * a spectator's board and status that show no face-down marker (FM-8.2.1-07,
 * AMB-26).
 */
#include "test_fm_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct fmt T;

/* The Scheldt game after the Allied set-up (BS-18.0): turn 1, Allied Movement Phase. */
static int setup(void **state)
{
	(void)state;
	fmt_open_doc(&T, fmt_file_doc(WG_DATA_DIR "/scheldt.json"), NULL, 1);
	assert_int_equal(fmt_do(&T, ALLIED, "place 3/1 3320"), 0);
	assert_int_equal(fmt_do(&T, ALLIED, "place 10/1 3321"), 0);
	assert_int_equal(fmt_do(&T, ALLIED, "place 4/2 3420"), 0);
	assert_int_equal(fmt_do(&T, ALLIED, "end"), 0);
	assert_int_equal(T.g->phase, FM_PH_MOVEMENT);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fmt_close(&T);
	return 0;
}

/* A query of viewer on a screen of cols x rows, into T.reply. */
static int query(int viewer, int cols, int rows, const char *line)
{
	return fmt_query_screen(&T, viewer, cols, rows, line);
}

static cJSON *lines_of(const cJSON *o)
{
	return cJSON_GetObjectItemCaseSensitive(o, "lines");
}

static int nlines(const cJSON *o)
{
	return cJSON_GetArraySize(lines_of(o));
}

/* The widest of o's lines. */
static int widest(const cJSON *o)
{
	const cJSON *l;
	int w = 0;

	cJSON_ArrayForEach(l, lines_of(o)) if ((int)strlen(l->valuestring) > w) w =
	    (int)strlen(l->valuestring);
	return w;
}

/* 1 if a line of o contains needle. */
static int has(const cJSON *o, const char *needle)
{
	const cJSON *l;

	cJSON_ArrayForEach(l, lines_of(o)) if (strstr(l->valuestring, needle)) return 1;
	return 0;
}

/* The index of the first line of o containing needle, or -1. */
static int line_with(const cJSON *o, const char *needle)
{
	const cJSON *l;
	int k = 0;

	cJSON_ArrayForEach(l, lines_of(o))
	{
		if (strstr(l->valuestring, needle))
			return k;
		k++;
	}
	return -1;
}

/* 1 if o's lines, joined as one text (a wrapped line's indent dropped), contain needle. */
static int joined_has(const cJSON *o, const char *needle)
{
	const cJSON *l;
	char all[8192];
	size_t len = 0;
	int r;

	all[0] = '\0';
	cJSON_ArrayForEach(l, lines_of(o))
	{
		const char *p = l->valuestring;
		if (len > 0 && strncmp(p, "    ", 4) == 0) {
			while (*p == ' ')
				p++;
			all[len++] = ' ';
		} else if (len > 0) {
			all[len++] = '\n';
		}
		len += (size_t)snprintf(all + len, sizeof(all) - len, "%s", p);
		if (len >= sizeof(all) - 2)
			break;
	}
	r = strstr(all, needle) != NULL;
	return r;
}

/* The text[0] of hex id's cell: the id where a hexside character precedes it, or NULL. */
static const char *cell_of(const cJSON *o, const char *id)
{
	const cJSON *l;

	cJSON_ArrayForEach(l, lines_of(o))
	{
		for (const char *p = strstr(l->valuestring, id); p; p = strstr(p + 1, id))
			if (p > l->valuestring && strchr("/\\~=#X:*%&$@^;'+", p[-1]) != NULL)
				return p;
	}
	return NULL;
}

static const char *line_at(const cJSON *o, int k)
{
	return cJSON_GetArrayItem(lines_of(o), k)->valuestring;
}

static int window_int(const char *member, int k)
{
	cJSON *w = cJSON_GetObjectItem(T.reply, "window");
	return cJSON_GetArrayItem(cJSON_GetObjectItem(w, member), k)->valueint;
}

static const char *window_corner(int k)
{
	cJSON *w = cJSON_GetObjectItem(T.reply, "window");
	return cJSON_GetArrayItem(cJSON_GetObjectItem(w, "corners"), k)->valuestring;
}

/* `map` fits the screen (every line within cols less the two-space prefix, the reply within
 * rows less the typed line and the ok line) and shows the acting side's units. */
static void test_board_map_fits_the_screen_around_the_active_area(void **state)
{
	static const int screens[][2] = {{40, 24}, {60, 30}, {80, 24}, {100, 40}, {132, 50}};

	(void)state;
	assert_int_equal(query(RULES_SPECTATOR, 80, 24, "map"), 0);
	assert_true(widest(T.reply) <= 78);
	assert_true(nlines(T.reply) <= 22);
	assert_int_equal(
	    cJSON_GetObjectItem(cJSON_GetObjectItem(T.reply, "window"), "ncols")->valueint, 7);
	/* the Allied units around Antwerp: most of the acting side's units in one window */
	assert_true(has(T.reply, "a:247/15"));
	assert_true(has(T.reply, "a:3/1"));
	assert_true(has(T.reply, "terrain: . Clear"));
	assert_true(has(T.reply, "units: a:allied"));
	for (size_t k = 0; k < sizeof(screens) / sizeof(screens[0]); k++) {
		int cols = screens[k][0], rows = screens[k][1];
		assert_int_equal(query(ALLIED, cols, rows, "map"), 0);
		assert_true(widest(T.reply) <= cols - 2);
		assert_true(nlines(T.reply) <= rows - 2);
		assert_int_equal(query(ALLIED, cols, rows, "map 3118 zoc roads"), 0);
		assert_true(widest(T.reply) <= cols - 2);
		assert_int_equal(query(ALLIED, cols, rows, "map all"), 0);
		assert_true(widest(T.reply) <= cols - 2);
		assert_int_equal(query(ALLIED, cols, rows, "units"), 0);
		assert_true(widest(T.reply) <= cols - 2);
	}
	/* the client's screen unknown (cols 0): the default 80 x 24 */
	assert_int_equal(query(ALLIED, 0, 0, "map"), 0);
	assert_true(widest(T.reply) <= 78);
}

/* `map <hex>` centres the window on the hex, moved inside the map at its edges. */
static void test_board_map_hex_centres_on_it(void **state)
{
	(void)state;
	assert_int_equal(query(ALLIED, 80, 24, "map 2530"), 0);
	assert_int_equal(window_int("columns", 0), 22);
	assert_int_equal(window_int("columns", 1), 28);
	assert_true(window_int("rows", 0) <= 30 && window_int("rows", 1) >= 30);
	assert_true(has(T.reply, "/2530"));
	/* the bottom-right corner: the bottom row of a shifted column (36 is even) is drawn */
	assert_int_equal(query(ALLIED, 80, 24, "map 3647"), 0);
	assert_string_equal(window_corner(1), "3647");
	assert_true(has(T.reply, "/3647"));
	assert_int_equal(query(ALLIED, 80, 24, "map 1117"), 0);
	assert_string_equal(window_corner(0), "1117");
	/* two corners in either order: exactly that rectangle */
	assert_int_equal(query(ALLIED, 80, 24, "map 3420 2817"), 0);
	assert_string_equal(window_corner(0), "2817");
	assert_string_equal(window_corner(1), "3420");
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(T.reply, "hexes")), 7 * 4);
	assert_true(has(T.reply, "map 2817-3420 of 1117-3647"));
}

/* `map all`: the whole map in strips as wide as the screen; every hex is drawn. */
static void test_board_map_all_draws_every_hex_in_strips(void **state)
{
	const struct rules_hex_grid *grid = &T.g->sc->map.grid;
	char id[RULES_HEX_ID_MAX + 1];

	(void)state;
	assert_int_equal(query(RULES_SPECTATOR, 80, 24, "map all"), 0);
	assert_int_equal(
	    cJSON_GetObjectItem(cJSON_GetObjectItem(T.reply, "window"), "strips")->valueint, 4);
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(T.reply, "hexes")), grid->count);
	assert_true(has(T.reply, "columns 11-17 (part 1 of 4)"));
	assert_true(has(T.reply, "columns 32-36 (part 4 of 4)"));
	assert_true(widest(T.reply) <= 78);
	for (int h = 0; h < grid->count; h++)
		if (cell_of(T.reply, rules_hex_format(grid, h, id)) == NULL)
			fail_msg("hex %s is not drawn by map all", id);
}

/* A unit id is shown whole; a reduced unit with its reduced strengths and "r". */
static void test_board_full_unit_id_and_reduced_unit(void **state)
{
	(void)state;
	fmt_put(&T, "413/104", "2530"); /* the longest id of the scenario */
	T.g->u[fmt_unit(&T, "247/15")].step = 1;
	assert_int_equal(query(GERMAN, 80, 24, "map 2530"), 0);
	assert_true(has(T.reply, "a:413/104"));
	assert_true(has(T.reply, "5-6-6"));
	assert_int_equal(query(GERMAN, 80, 24, "map 3319"), 0);
	assert_true(has(T.reply, "a:247/15"));
	assert_true(has(T.reply, "2-2-6r")); /* its reduced step (BS counters, AMB-36) */
	assert_true(has(T.reply, "r reduced"));
	assert_int_equal(query(GERMAN, 80, 24, "units allied"), 0);
	assert_true(has(T.reply, "247/15 (2-2-6, reduced)"));
	/* the cell of a full-strength unit has no r */
	assert_int_equal(query(GERMAN, 80, 24, "map 3018"), 0);
	assert_true(has(T.reply, "g:712"));
	assert_true(has(T.reply, "5-7-5"));
	assert_false(has(T.reply, "5-7-5r"));
}

/* FM-6.0: `map zoc` marks every hex in a zone of control with the side that exerts it. */
static void test_board_zoc_marks_fm_6_0(void **state)
{
	const struct rules_hex_grid *grid = &T.g->sc->map.grid;
	int checked = 0, both = 0;

	(void)state;
	fmt_put(&T, "44/15", "3118"); /* next to 712 in 3018 */
	assert_int_equal(query(ALLIED, 80, 24, "map 3118 zoc"), 0);
	assert_true(has(T.reply, "zones of control"));
	for (int c = window_int("columns", 0); c <= window_int("columns", 1); c++)
		for (int r = window_int("rows", 0); r <= window_int("rows", 1); r++) {
			int h = rules_hex_index(grid, c, r);
			int za = fm__in_ezoc(T.g, h, GERMAN), zg = fm__in_ezoc(T.g, h, ALLIED);
			char id[RULES_HEX_ID_MAX], want;
			const char *at = cell_of(T.reply, rules_hex_format(grid, h, id));
			assert_non_null(at);
			want = za && zg ? '*' : za ? 'a' : zg ? 'g' : ' ';
			if (at[7] != want && !(want == ' ' && at[7] == '\0'))
				fail_msg("hex %s: ZOC mark '%c', expected '%c'", id, at[7], want);
			both += want == '*';
			checked++;
		}
	assert_true(checked >= 28);
	assert_true(both > 0);
	assert_true(has(T.reply, "a allied ZOC"));
	assert_true(has(T.reply, "* both ZOC"));
	/* without zoc: no mark */
	assert_int_equal(query(ALLIED, 80, 24, "map 3118"), 0);
	assert_false(has(T.reply, "allied ZOC"));
}

/* `map roads` marks the hexsides a road crosses; the hexside features show without it. */
static void test_board_roads_and_hexside_features(void **state)
{
	(void)state;
	assert_int_equal(query(ALLIED, 80, 24, "map 1838"), 0); /* the Walcheren causeway */
	assert_true(has(T.reply, "# Causeway"));
	assert_true(has(T.reply, "X Barred hexside (causeway)"));
	assert_true(has(T.reply, "~ Sea"));
	assert_true(has(T.reply, "~~~~~~~~~~")); /* a sea hex is drawn filled */
	assert_false(has(T.reply, "+ road"));
	assert_int_equal(query(ALLIED, 80, 24, "map 1838 roads"), 0);
	assert_true(has(T.reply, "+ road"));
	assert_true(has(T.reply, "roads"));
	assert_true(cJSON_IsTrue(cJSON_GetObjectItem(T.reply, "roads")));
	assert_int_equal(query(ALLIED, 80, 24, "map 3037"), 0); /* the Leopold Canal */
	assert_true(has(T.reply, "= Leopold Canal"));
}

/* FM-5 and AMB-20: a moving unit shows m and the MP it has left until another unit moves;
 * then it has finished (m only); `units` says the same in words. */
static void test_board_moved_and_mp_left_fm_5(void **state)
{
	(void)state;
	assert_int_equal(fmt_do(&T, ALLIED, "move 247/15 3218"), 0);
	assert_int_equal(query(ALLIED, 80, 24, "map 3218"), 0);
	assert_true(has(T.reply, "5-4-6 m5"));
	assert_true(has(T.reply, "m2 moved with 2 MP left"));
	assert_int_equal(query(ALLIED, 80, 24, "units allied"), 0);
	assert_true(has(T.reply, "3218; moved, 5 MP left"));
	assert_true(has(T.reply, "3318; 6 MP left")); /* 46/15 may still move */
	assert_int_equal(fmt_do(&T, ALLIED, "move 46/15 3217"), 0);
	assert_int_equal(query(ALLIED, 80, 24, "units allied"), 0);
	assert_true(has(T.reply, "3218; moved"));
	assert_false(has(T.reply, "3218; moved, 5 MP left"));
	assert_int_equal(query(ALLIED, 80, 24, "map 3218"), 0);
	assert_true(has(T.reply, "5-4-6 m "));
	/* a German unit shows no MP in the Allied player turn */
	assert_int_equal(query(ALLIED, 80, 24, "units german"), 0);
	assert_false(has(T.reply, "MP left"));
}

/* 1 if a line of o names side's marker k ("A3 +2", "A3 (", or the id alone as a word). */
static int names_marker(const cJSON *o, int side, int k)
{
	const char *id = T.g->sc->markers[side][k].id;
	const cJSON *l;

	cJSON_ArrayForEach(l, lines_of(o))
	{
		for (const char *p = strstr(l->valuestring, id); p; p = strstr(p + 1, id)) {
			char before = p == l->valuestring ? ' ' : p[-1], after = p[strlen(id)];
			if ((before == ' ' || before == '(' || before == ',') &&
			    (after == ' ' || after == '\0' || after == ',' || after == ')'))
				return 1;
		}
	}
	return 0;
}

/* FM-8.2.1-07, AMB-26: a face-down marker reaches no text of the opponent or a spectator:
 * the board is the same for every viewer, the status says only how many were committed. */
static void test_board_spectator_sees_no_secret_fm_8_2_1_07(void **state)
{
	const struct fm_scenario *sc = T.g->sc;
	char line[96], hand[64];
	cJSON *spect, *german, *allied;
	int mk = -1;

	(void)state;
	fmt_put(&T, "44/15", "3118");
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	for (int k = 0; k < sc->nmarkers[ALLIED] && mk < 0; k++)
		if (sc->markers[ALLIED][k].nflags == 0)
			mk = k;
	assert_true(mk >= 0);
	snprintf(hand, sizeof(hand), "%s", sc->markers[ALLIED][mk].id);
	fmt_hand(&T, ALLIED, hand);
	assert_int_equal(fmt_do(&T, ALLIED, "attack 3018 44/15"), 0);
	snprintf(line, sizeof(line), "support %s", hand);
	assert_int_equal(fmt_do(&T, ALLIED, line), 0); /* step b1: face down */
	assert_int_equal(T.g->b.nmark[ALLIED], 1);
	spect = fm_ruleset.view(T.m.game, &(struct rules_viewer){RULES_SPECTATOR, 80, 40});
	german = fm_ruleset.view(T.m.game, &(struct rules_viewer){GERMAN, 80, 40});
	allied = fm_ruleset.view(T.m.game, &(struct rules_viewer){ALLIED, 80, 40});
	assert_true(joined_has(spect, "battle for 3018 (712) attacked by 44/15"));
	assert_true(joined_has(spect, "markers committed: allied 1, german 0"));
	assert_true(has(spect, "!")); /* the battle's hex on the board */
	for (int k = 0; k < sc->nmarkers[ALLIED]; k++) {
		assert_false(names_marker(spect, ALLIED, k));
		assert_false(names_marker(german, ALLIED, k));
	}
	/* the same status and board for everyone */
	assert_int_equal(nlines(spect), nlines(german));
	assert_int_equal(nlines(spect), nlines(allied));
	for (int k = 0; k < nlines(spect); k++) {
		assert_string_equal(line_at(spect, k), line_at(german, k));
		assert_string_equal(line_at(spect, k), line_at(allied, k));
	}
	cJSON_Delete(spect);
	cJSON_Delete(german);
	cJSON_Delete(allied);
	assert_int_equal(query(RULES_SPECTATOR, 80, 24, "map"), 0);
	assert_true(has(T.reply, "/3018 C!")); /* centred on the battle */
	for (int k = 0; k < sc->nmarkers[ALLIED]; k++)
		assert_false(names_marker(T.reply, ALLIED, k));
}

/* view()'s text: the status (turn/turns, phase name and slug, markers, victory now) and
 * the board, within the screen; no text at all without a screen (a program). */
static void test_board_view_text_status_and_board(void **state)
{
	cJSON *v;

	(void)state;
	v = fm_ruleset.view(T.m.game, &(struct rules_viewer){GERMAN, 80, 24});
	assert_true(has(v, "turn 1/20: allied Movement Phase [movement]; markers: allied"));
	assert_true(joined_has(v, "if the game ended now: German victory: 8 German units"));
	assert_true(has(v, "terrain: "));
	assert_true(has(v, "a:247/15"));
	assert_true(widest(v) <= 78);
	assert_true(nlines(v) <= 24);
	/* "phase" is the slug, its display name beside it */
	assert_string_equal(cJSON_GetObjectItem(v, "phase")->valuestring, "movement");
	assert_string_equal(cJSON_GetObjectItem(v, "phase_text")->valuestring, "Movement Phase");
	cJSON_Delete(v);
	v = fm_ruleset.view(T.m.game, &(struct rules_viewer){GERMAN, 40, 60});
	assert_true(widest(v) <= 38);
	assert_true(nlines(v) <= 60);
	cJSON_Delete(v);
	v = fm_ruleset.view(T.m.game, &(struct rules_viewer){GERMAN, 0, 0});
	assert_null(lines_of(v));
	assert_string_equal(cJSON_GetObjectItem(v, "phase_text")->valuestring, "Movement Phase");
	cJSON_Delete(v);
}

/* `units` lines wrap at the screen's width, continuations indented. */
static void test_board_units_wrap_on_narrow_screens(void **state)
{
	int k;

	(void)state;
	assert_int_equal(fmt_do(&T, ALLIED, "move 247/15 3218"), 0);
	assert_int_equal(query(ALLIED, 40, 24, "units allied"), 0);
	assert_true(widest(T.reply) <= 38);
	k = line_with(T.reply, "247/15 (5-4-6)");
	assert_true(k >= 0);
	assert_non_null(strstr(line_at(T.reply, k), "allied 247/15 (5-4-6) 3218; moved,"));
	assert_int_equal(strncmp(line_at(T.reply, k + 1), "    ", 4), 0); /* continued */
	assert_true(joined_has(T.reply, "allied 247/15 (5-4-6) 3218; moved, 5 MP left"));
	assert_int_equal(query(ALLIED, 80, 24, "units allied"), 0);
	assert_true(has(T.reply, "allied   247/15 (5-4-6)               3218; moved, 5 MP left"));
}

static void test_board_map_bad_arguments(void **state)
{
	(void)state;
	assert_int_equal(query(ALLIED, 80, 24, "map 9999"), WG_E_NO_SUCH_HEX);
	assert_non_null(strstr(T.err.message, "no hex '9999' on this map (1117 to 3647)"));
	assert_int_equal(query(ALLIED, 80, 24, "map zocc"), WG_E_BAD_ARGS);
	assert_non_null(strstr(T.err.message, "usage: map [<hex> [<hex>] | all] [zoc] [roads]"));
	assert_int_equal(query(ALLIED, 80, 24, "map all 3118"), WG_E_BAD_ARGS);
	assert_int_equal(query(ALLIED, 80, 24, "map 3118 3119 3120"), WG_E_BAD_ARGS);
	assert_int_equal(query(ALLIED, 80, 24, "map ZOC 3118 ROADS"), 0); /* case-insensitive */
}

int main(void)
{
#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	const struct CMUnitTest tests[] = {
	    T_(test_board_map_fits_the_screen_around_the_active_area),
	    T_(test_board_map_hex_centres_on_it),
	    T_(test_board_map_all_draws_every_hex_in_strips),
	    T_(test_board_full_unit_id_and_reduced_unit),
	    T_(test_board_zoc_marks_fm_6_0),
	    T_(test_board_roads_and_hexside_features),
	    T_(test_board_moved_and_mp_left_fm_5),
	    T_(test_board_spectator_sees_no_secret_fm_8_2_1_07),
	    T_(test_board_view_text_status_and_board),
	    T_(test_board_units_wrap_on_narrow_screens),
	    T_(test_board_map_bad_arguments),
	};
#undef T_
	return cmocka_run_group_tests(tests, NULL, NULL);
}
