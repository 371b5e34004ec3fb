/*
 * test_hexmap_text.c -- the ASCII hex cells of rules/core/textmap.c, used
 * alone (no engine): the exact picture of a small grid (cells, the shifted
 * columns half a hex lower with their bottom row whole, hexside glyphs and
 * marks drawn once for both hexes of a hexside), the width of every line
 * never above the screen for several cell widths and screens, whole and cut
 * cell text, windows centred and moved inside the grid, the legend and the
 * wrapping of text.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "rules/core/textmap.h"

struct lines {
	int n;
	char text[160][300];
};

static void collect(void *ctx, const char *text)
{
	struct lines *l = ctx;

	if (l->n < 160)
		snprintf(l->text[l->n++], sizeof(l->text[0]), "%s", text);
}

/* Cells: the id, "abcdef", the dense index. */
static void id_cell(void *ctx, int hex, char text[3][RULES_TEXTMAP_LINE])
{
	const struct rules_hex_grid *g = ctx;
	char b[RULES_HEX_ID_MAX];

	snprintf(text[0], RULES_TEXTMAP_LINE, "%s", rules_hex_format(g, hex, b));
	snprintf(text[1], RULES_TEXTMAP_LINE, "abcdef");
	snprintf(text[2], RULES_TEXTMAP_LINE, "%d", hex);
}

/* Hexsides: 0101/0201 is a river ('~'), 0201/0202 a canal ('=') crossed by a road ('+'). */
static char two_sides(void *ctx, int hex, int dir, char *mark)
{
	const struct rules_hex_grid *g = ctx;
	int s = rules_hex_side(g, hex, dir), a, b;

	*mark = '\0';
	if (s < 0 || rules_hex_side_hexes(g, s, &a, &b) != 0)
		return '\0';
	if (a == rules_hex_parse(g, "0101") && b == rules_hex_parse(g, "0201"))
		return '~';
	if (a == rules_hex_parse(g, "0201") && b == rules_hex_parse(g, "0202")) {
		*mark = '+';
		return '=';
	}
	return '\0';
}

static void test_textmap_small_grid_picture(void **state)
{
	static const char *const want[] = {
	    "  ______",
	    " /0101  \\        /0301  \\",
	    "/abcdef  \\______/abcdef  \\",
	    "\\0       ~0201  \\4       /",
	    " \\______~abcdef  \\______/",
	    " /0102  \\2       /0302  \\",
	    "/abcdef  \\===+==/abcdef  \\",
	    "\\1       /0202  \\5       /",
	    " \\______/abcdef  \\______/",
	    "        \\3       /",
	    "         \\______/",
	};
	struct rules_hex_grid g;
	struct lines l = {0};
	struct rules_textmap t = {.c1 = 1,
	                          .c2 = 3,
	                          .r1 = 1,
	                          .r2 = 2,
	                          .width = 6,
	                          .cell = id_cell,
	                          .side = two_sides,
	                          .ctx = &g};

	(void)state;
	assert_int_equal(rules_hex_grid_init(&g, 1, 3, 1, 2, 0, 2), 0);
	t.grid = &g;
	assert_int_equal(rules_textmap_draw(&t, collect, &l), 0);
	/* the first line: 0101's and 0301's N hexsides; 0201 (shifted) starts two lines lower */
	assert_int_equal(l.n, (int)(sizeof(want) / sizeof(want[0])));
	assert_int_equal(l.n, rules_textmap_height(2, 1));
	assert_string_equal(l.text[0], "  ______          ______");
	for (int k = 1; k < l.n; k++)
		assert_string_equal(l.text[k], want[k]);
	for (int k = 0; k < l.n; k++)
		assert_true((int)strlen(l.text[k]) <= rules_textmap_width(6, 3));
}

/* One shifted column alone is not lowered: nothing above its first hex is drawn. */
static void test_textmap_one_shifted_column_and_bottom_row(void **state)
{
	struct rules_hex_grid g;
	struct lines l = {0};
	struct rules_textmap t = {.c1 = 2,
	                          .c2 = 2,
	                          .r1 = 1,
	                          .r2 = 2,
	                          .width = 6,
	                          .cell = id_cell,
	                          .side = two_sides,
	                          .ctx = &g};

	(void)state;
	assert_int_equal(rules_hex_grid_init(&g, 1, 3, 1, 2, 0, 2), 0);
	t.grid = &g;
	assert_int_equal(rules_textmap_draw(&t, collect, &l), 0);
	assert_int_equal(l.n, rules_textmap_height(2, 0));
	assert_string_equal(l.text[0], "  ______");
	assert_string_equal(l.text[1], " ~0201  \\"); /* the river seen from 0201 (its NW) */
	assert_string_equal(l.text[2], "~abcdef  \\");
	assert_string_equal(l.text[4], " \\===+==/"); /* the canal with its road */
	assert_string_equal(l.text[5], " /0202  \\");
	assert_string_equal(l.text[7], "\\3       /"); /* the bottom row is whole */
	assert_string_equal(l.text[8], " \\______/");
	/* odd columns shifted instead (parity 1): 0101 is lower than 0201 */
	assert_int_equal(rules_hex_grid_init(&g, 1, 3, 1, 2, 1, 2), 0);
	memset(&l, 0, sizeof(l));
	t.c1 = 1;
	t.c2 = 2;
	t.side = NULL;
	assert_int_equal(rules_textmap_draw(&t, collect, &l), 0);
	assert_int_equal(l.n, rules_textmap_height(2, 1));
	assert_string_equal(l.text[1], "         /0201  \\");
	assert_string_equal(l.text[3], " /0101  \\2       /");
	assert_string_equal(l.text[l.n - 1], " \\______/"); /* the bottom of 0102 */
}

/* Text of a cell: text[0] up to w characters, text[1] and text[2] up to w + 2, cut after. */
static void long_cell(void *ctx, int hex, char text[3][RULES_TEXTMAP_LINE])
{
	(void)ctx;
	(void)hex;
	snprintf(text[0], RULES_TEXTMAP_LINE, "12345678XYZ");
	snprintf(text[1], RULES_TEXTMAP_LINE, "a:413/104Q");
	snprintf(text[2], RULES_TEXTMAP_LINE, "5-4-6r m2.5");
}

static void test_textmap_cell_text_whole_or_cut(void **state)
{
	struct rules_hex_grid g;
	struct lines l = {0};
	struct rules_textmap t = {
	    .c1 = 1, .c2 = 1, .r1 = 1, .r2 = 1, .width = 8, .cell = long_cell, .ctx = NULL};

	(void)state;
	assert_int_equal(rules_hex_grid_init(&g, 1, 1, 1, 1, 0, 2), 0);
	t.grid = &g;
	assert_int_equal(rules_textmap_draw(&t, collect, &l), 0);
	assert_int_equal(l.n, 5);
	assert_string_equal(l.text[1], " /12345678\\");
	assert_string_equal(l.text[2], "/a:413/104Q\\"); /* w + 2 = 10 characters: whole */
	assert_string_equal(l.text[3], "\\5-4-6r m2./"); /* 11: cut */
}

static int wider(const struct lines *l)
{
	int w = 0;

	for (int k = 0; k < l->n; k++)
		if ((int)strlen(l->text[k]) > w)
			w = (int)strlen(l->text[k]);
	return w;
}

/* For every cell width and screen: the columns that fit never draw a line wider than the
 * screen, and one column more would not fit. */
static void test_textmap_width_never_above_cols(void **state)
{
	static const int widths[] = {4, 8, 10, 16, 24};
	static const int screens[] = {16, 20, 38, 40, 60, 78, 80, 100, 132, 200};
	struct rules_hex_grid g;

	(void)state;
	assert_int_equal(rules_hex_grid_init(&g, 1, 40, 1, 3, 0, 2), 0);
	for (size_t i = 0; i < sizeof(widths) / sizeof(widths[0]); i++)
		for (size_t j = 0; j < sizeof(screens) / sizeof(screens[0]); j++) {
			int w = widths[i], cols = screens[j], n = rules_textmap_fit_cols(w, cols);
			struct lines l = {0};
			struct rules_textmap t = {.grid = &g,
			                          .c1 = 1,
			                          .c2 = n,
			                          .r1 = 1,
			                          .r2 = 3,
			                          .width = w,
			                          .cell = id_cell,
			                          .ctx = &g};
			assert_int_equal(rules_textmap_draw(&t, collect, &l), 0);
			assert_int_equal(wider(&l), rules_textmap_width(w, n));
			if (rules_textmap_width(w, 1) <= cols) {
				assert_true(wider(&l) <= cols);
				assert_true(rules_textmap_width(w, n + 1) > cols);
			} else {
				assert_int_equal(n, 1); /* one column at least */
			}
		}
	/* rows: the most that fit, one at least */
	assert_int_equal(rules_textmap_fit_rows(19), 4);
	assert_int_equal(rules_textmap_fit_rows(22), 4);
	assert_int_equal(rules_textmap_fit_rows(23), 5);
	assert_int_equal(rules_textmap_fit_rows(2), 1);
	assert_true(rules_textmap_height(rules_textmap_fit_rows(23), 1) <= 23);
}

static void test_textmap_refuses_bad_windows(void **state)
{
	struct rules_hex_grid g;
	struct lines l = {0};
	struct rules_textmap t = {.c1 = 1, .c2 = 2, .r1 = 1, .r2 = 2, .width = 3};

	(void)state;
	assert_int_equal(rules_hex_grid_init(&g, 1, 3, 1, 2, 0, 2), 0);
	t.grid = &g;
	assert_int_equal(rules_textmap_draw(&t, collect, &l), -1); /* too narrow */
	t.width = RULES_TEXTMAP_W_MAX + 1;
	assert_int_equal(rules_textmap_draw(&t, collect, &l), -1);
	t.width = 8;
	t.c1 = 5; /* off the grid */
	t.c2 = 6;
	assert_int_equal(rules_textmap_draw(&t, collect, &l), -1);
	assert_int_equal(l.n, 0);
	t.c1 = 0; /* a window larger than the grid is cut to it */
	t.c2 = 9;
	assert_int_equal(rules_textmap_draw(&t, collect, &l), 0);
	assert_int_equal(l.n, rules_textmap_height(2, 1));
}

static void test_textmap_window_around_a_hex(void **state)
{
	struct rules_hex_grid g;
	int c1, c2, r1, r2;

	(void)state;
	assert_int_equal(rules_hex_grid_init(&g, 11, 36, 17, 47, 0, 2), 0);
	rules_textmap_around(&g, rules_hex_parse(&g, "2530"), 7, 4, &c1, &c2, &r1, &r2);
	assert_int_equal(c1, 22); /* centred */
	assert_int_equal(c2, 28);
	assert_int_equal(r1, 29);
	assert_int_equal(r2, 32);
	rules_textmap_around(&g, rules_hex_parse(&g, "1117"), 7, 4, &c1, &c2, &r1, &r2);
	assert_int_equal(c1, 11); /* moved back inside at the corner */
	assert_int_equal(r1, 17);
	assert_int_equal(c2, 17);
	rules_textmap_around(&g, rules_hex_parse(&g, "3647"), 7, 4, &c1, &c2, &r1, &r2);
	assert_int_equal(c2, 36);
	assert_int_equal(r2, 47);
	assert_int_equal(c1, 30);
	assert_int_equal(r1, 44);
	rules_textmap_around(&g, -1, 100, 100, &c1, &c2, &r1, &r2); /* larger: the whole grid */
	assert_int_equal(c1, 11);
	assert_int_equal(c2, 36);
	assert_int_equal(r1, 17);
	assert_int_equal(r2, 47);
}

static void test_text_wrap(void **state)
{
	struct lines l = {0};

	(void)state;
	rules_text_wrap("short", 20, 4, collect, &l);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.text[0], "short");
	l.n = 0;
	rules_text_wrap("the quick brown fox jumps over the lazy dog", 16, 4, collect, &l);
	assert_string_equal(l.text[0], "the quick brown");
	assert_string_equal(l.text[1], "    fox jumps");
	for (int k = 0; k < l.n; k++)
		assert_true(strlen(l.text[k]) <= 16);
	assert_string_equal(l.text[2], "    over the");
	assert_string_equal(l.text[3], "    lazy dog");
	assert_int_equal(l.n, 4);
	l.n = 0;
	rules_text_wrap("abcdefghijklmnopqrstuvwxyz", 10, 2, collect, &l); /* a word is cut */
	assert_string_equal(l.text[0], "abcdefghij");
	assert_string_equal(l.text[1], "  klmnopqr");
	assert_string_equal(l.text[2], "  stuvwxyz");
}

static void test_legend_lines(void **state)
{
	struct rules_legend lg;
	struct lines l = {0};

	(void)state;
	rules_legend_init(&lg);
	rules_legend_add(&lg, "terrain:", "%c %s", '.', "Clear");
	rules_legend_add(&lg, "terrain:", "%c %s", 'C', "City");
	rules_legend_add(&lg, "units:", "a:allied");
	rules_legend_add(&lg, "terrain:", "%c %s", '~', "Sea");
	rules_legend_add(&lg, "terrain:", "%c %s", 'C', "City"); /* once only */
	rules_legend_add(&lg, "units:", "attack-defense-MA");
	rules_legend_lines(&lg, 80, collect, &l);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.text[0],
	                    "terrain: . Clear, C City, ~ Sea; units: a:allied, attack-defense-MA");
	l.n = 0;
	rules_legend_lines(&lg, 30, collect, &l); /* broken between entries, indented */
	for (int k = 0; k < l.n; k++)
		assert_true(strlen(l.text[k]) <= 30);
	assert_string_equal(l.text[0], "terrain: . Clear, C City,");
	assert_string_equal(l.text[1], "    ~ Sea; units: a:allied,");
	assert_string_equal(l.text[2], "    attack-defense-MA");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_textmap_small_grid_picture),
	    cmocka_unit_test(test_textmap_one_shifted_column_and_bottom_row),
	    cmocka_unit_test(test_textmap_cell_text_whole_or_cut),
	    cmocka_unit_test(test_textmap_width_never_above_cols),
	    cmocka_unit_test(test_textmap_refuses_bad_windows),
	    cmocka_unit_test(test_textmap_window_around_a_hex),
	    cmocka_unit_test(test_text_wrap),
	    cmocka_unit_test(test_legend_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
