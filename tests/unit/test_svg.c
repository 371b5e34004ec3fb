/*
 * test_svg.c -- the ruleset-neutral SVG writer (rules/core/svg.h, svg_hex.h):
 * escaping, line length, nesting, numbers, the coordinate space, NATO
 * symbols and the hex geometry.  (Well-formedness of whole pictures is
 * checked by tests/svg_check.py in test_e2e_svg.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/core/svg.h"
#include "rules/core/svg_hex.h"
#include "svg_util.h"

static const struct rules_svg_space unit_space = {1.0, 0, 0};

/* Asserts that the normalised doc contains needle. */
#define assert_has(doc, needle)                                                                    \
	do {                                                                                       \
		char *n_ = svgt_norm(doc);                                                         \
		if (strstr(n_, (needle)) == NULL)                                                  \
			fail_msg("expected \"%s\" in:\n%s", (needle), (doc));                      \
		free(n_);                                                                          \
	} while (0)

static void test_svg_escapes_text_and_attributes(void **state)
{
	struct rules_svg s;
	char *doc;

	(void)state;
	rules_svg_begin(&s, &unit_space, 10, 10, "a <title> & \"more\"");
	rules_svg_open(&s, "text");
	rules_svg_attr(&s, "data-x", "it's <\"quoted\"> & done");
	rules_svg_text(&s, "Bergen-op-Zoom & <Woensdrecht>\x01 caf\xc3\xa9 \xff");
	rules_svg_close(&s);
	doc = rules_svg_finish(&s);
	assert_non_null(doc);
	assert_has(doc, "<title>a &lt;title&gt; &amp; &quot;more&quot;</title>");
	assert_has(doc, "data-x=\"it&apos;s &lt;&quot;quoted&quot;&gt; &amp; done\"");
	/* a control byte and invalid UTF-8 become '?'; valid UTF-8 stays */
	assert_has(doc, "&lt;Woensdrecht&gt;? caf\xc3\xa9 ?</text>");
	assert_null(strchr(doc, '\x01'));
	assert_null(strstr(doc, "\xff"));
	assert_non_null(strstr(doc, "</svg>\n"));
	free(doc);
}

static void test_svg_lines_stay_short(void **state)
{
	struct rules_svg s;
	char text[600], *doc;

	(void)state;
	rules_svg_begin(&s, &unit_space, 1000, 1000, NULL);
	rules_svg_group(&s, "a-rather-long-group-identifier", "with several classes here");
	rules_svg_open(&s, "path");
	rules_svg_attr(&s, "class", "road");
	rules_svg_value_begin(&s, "d");
	for (int k = 0; k < 200; k++) {
		rules_svg_value_word(&s, k ? "L" : "M");
		rules_svg_value_pt(&s, 100.25 + k, 200.75 + k);
	}
	rules_svg_value_end(&s);
	rules_svg_close(&s);
	text[0] = '\0';
	for (int k = 0; k < 60; k++)
		strcat(text, k ? " word" : "word");
	rules_svg_label(&s, 1, 2, "pt", text);
	memset(text, 'x', 200);
	text[200] = '\0';
	rules_svg_label(&s, 1, 2, "pt", text); /* one word longer than a line */
	doc = rules_svg_finish(&s);
	assert_non_null(doc);
	assert_true(svgt_longest_line(doc) <= RULES_SVG_COLUMNS);
	/* the words are all there, in order, as a reader joins the lines */
	assert_has(doc, "d=\"M 100.3,200.8 L 101.3,201.8 L");
	assert_has(doc, "L 299.3,399.8\"");
	assert_has(doc, ">word word word");
	free(doc);
}

static void test_svg_closes_what_is_open(void **state)
{
	struct rules_svg s;
	char *doc;

	(void)state;
	rules_svg_begin(&s, &unit_space, 10, 10, NULL);
	rules_svg_group(&s, "outer", NULL);
	rules_svg_group(&s, "inner", NULL);
	rules_svg_rect(&s, 1, 2, 3, 4, "r", "c");
	doc = rules_svg_finish(&s); /* outer and inner are still open */
	assert_non_null(doc);
	assert_has(doc, "<rect id=\"r\" class=\"c\" x=\"1\" y=\"2\" width=\"3\" height=\"4\"/>");
	assert_has(doc, "height=\"4\"/> </g> </g> </svg> ");
	free(doc);
}

static void test_svg_space_and_numbers(void **state)
{
	const struct rules_svg_space sp = {36.0, 14.0, 14.0};
	struct rules_svg s;
	char *doc;

	(void)state;
	rules_svg_begin(&s, &sp, 10, 5, NULL);
	assert_true(fabs(rules_svg_ux(&s, 1) - 50) < 1e-9);
	assert_true(fabs(rules_svg_uy(&s, 0.5) - 32) < 1e-9);
	assert_true(fabs(rules_svg_ulen(&s, 2) - 72) < 1e-9);
	rules_svg_circle(&s, 0.5, -0.01, 0.25, NULL, NULL);
	doc = rules_svg_finish(&s);
	/* the margin on every side: 2 * 14 + 10 * 36 by 2 * 14 + 5 * 36 */
	assert_has(doc, "width=\"388\" height=\"208\"");
	assert_has(doc, "viewBox=\"0 0 388 208\"");
	/* one decimal at most */
	assert_has(doc, "cx=\"32\" cy=\"13.6\" r=\"9\"");
	free(doc);
}

static void test_svg_symbols_of_unit_types(void **state)
{
	(void)state;
	assert_int_equal(rules_svg_symbol_of("infantry"), RULES_SVG_SYM_INFANTRY);
	assert_int_equal(rules_svg_symbol_of("Armoured Brigade"), RULES_SVG_SYM_ARMOUR);
	assert_int_equal(rules_svg_symbol_of("armor"), RULES_SVG_SYM_ARMOUR);
	assert_int_equal(rules_svg_symbol_of("mechanized infantry"), RULES_SVG_SYM_MECHANIZED);
	assert_int_equal(rules_svg_symbol_of("artillery"), RULES_SVG_SYM_ARTILLERY);
	assert_int_equal(rules_svg_symbol_of("assault gun"), RULES_SVG_SYM_SP_GUN);
	assert_int_equal(rules_svg_symbol_of("engineer"), RULES_SVG_SYM_ENGINEER);
	assert_int_equal(rules_svg_symbol_of("recon"), RULES_SVG_SYM_RECON);
	assert_int_equal(rules_svg_symbol_of("cavalry"), RULES_SVG_SYM_RECON);
	assert_int_equal(rules_svg_symbol_of("hq"), RULES_SVG_SYM_HQ);
	assert_int_equal(rules_svg_symbol_of("paratroops"), RULES_SVG_SYM_AIRBORNE);
	assert_int_equal(rules_svg_symbol_of("paratroop"), RULES_SVG_SYM_AIRBORNE);
	assert_int_equal(rules_svg_symbol_of("commando"), RULES_SVG_SYM_AMPHIBIOUS);
	assert_int_equal(rules_svg_symbol_of("marines"), RULES_SVG_SYM_AMPHIBIOUS);
	assert_int_equal(rules_svg_symbol_of("balloon"), RULES_SVG_SYM_NONE);
	assert_int_equal(rules_svg_symbol_of(NULL), RULES_SVG_SYM_NONE);
	assert_string_equal(rules_svg_symbol_name(RULES_SVG_SYM_ENGINEER), "engineer");
}

static void test_svg_counter_is_one_group(void **state)
{
	const struct rules_svg_space sp = {36.0, 0, 0};
	struct rules_svg s;
	struct rules_svg_counter c = {
	    .id = "u3",
	    .cls = "side1",
	    .data_id = "1/1 FJ",
	    .title = "1/1 FJ, paratroops",
	    .label = "1/1 FJ",
	    .size = "II",
	    .type = "paratroops",
	    .sym = RULES_SVG_SYM_AIRBORNE,
	    .values = "1-3-4",
	    .fill = "#a9bccb",
	    .reduced = 1,
	};
	char *doc;

	(void)state;
	rules_svg_begin(&s, &sp, 4, 4, NULL);
	rules_svg_counter(&s, 2, 2, 1, &c);
	doc = rules_svg_finish(&s);
	assert_has(doc, "<g id=\"u3\" class=\"counter side1 reduced\"");
	assert_has(doc, "transform=\"translate(72,72)\" data-id=\"1/1 FJ\"");
	assert_has(doc, ">1/1 FJ</text>");
	assert_has(doc, ">II</text>");
	assert_has(doc, ">1-3-4</text>");
	assert_has(doc, "class=\"cdep\""); /* the band of a reduced unit */
	assert_has(doc, "fill=\"#a9bccb\"");
	free(doc);
}

/* Adjacent hexes are sqrt(3) apart, share their hexside's two corners, and the map extent
 * holds every hex. */
static void test_svg_hex_geometry(void **state)
{
	struct rules_hex_grid g;
	double w, h;

	(void)state;
	assert_int_equal(rules_hex_grid_init(&g, 11, 36, 17, 47, 0, 2), 0);
	rules_svg_hex_extent(&g, &w, &h);
	assert_true(fabs(w - (2 + 1.5 * 25)) < 1e-9);
	assert_true(fabs(h - RULES_SVG_SQRT3 * 31.5) < 1e-9);
	for (int i = 0; i < g.count; i++) {
		double x, y;
		rules_svg_hex_center(&g, i, &x, &y);
		assert_true(x >= 1 - 1e-9 && x <= w - 1 + 1e-9);
		assert_true(y >= RULES_SVG_SQRT3 / 2 - 1e-9 && y <= h - RULES_SVG_SQRT3 / 2 + 1e-9);
		for (int d = 0; d < RULES_HEX_DIRS; d++) {
			int n = rules_hex_neighbour(&g, i, d);
			double nx, ny, a[4], b[4];
			if (n < 0)
				continue;
			rules_svg_hex_center(&g, n, &nx, &ny);
			assert_true(fabs(hypot(nx - x, ny - y) - RULES_SVG_SQRT3) < 1e-9);
			rules_svg_hex_side(&g, i, d, a);
			rules_svg_hex_side(&g, n, (d + 3) % 6, b);
			assert_true(fabs(a[0] - b[2]) < 1e-9 && fabs(a[1] - b[3]) < 1e-9);
			assert_true(fabs(a[2] - b[0]) < 1e-9 && fabs(a[3] - b[1]) < 1e-9);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_svg_escapes_text_and_attributes),
	    cmocka_unit_test(test_svg_lines_stay_short),
	    cmocka_unit_test(test_svg_closes_what_is_open),
	    cmocka_unit_test(test_svg_space_and_numbers),
	    cmocka_unit_test(test_svg_symbols_of_unit_types),
	    cmocka_unit_test(test_svg_counter_is_one_group),
	    cmocka_unit_test(test_svg_hex_geometry),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
