/*
 * test_minis_geom.c -- the fixed-point geometry of the table (QR-AMB-1, QR-GEN-5): the sine
 * table against libm, bearings, rectangles, distances edge to edge, contact, polygons and
 * segments; line of sight and dead ground (QR-AMB-4); high ground (QR-AMB-5); the scale
 * option (QR-AMB-9).
 */
#include "test_minis_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_qr_amb_1_sine_table_matches_libm(void **state)
{
	(void)state;
	for (int a = -3600; a <= 7200; a += 7) {
		double want = sin(a * M_PI / 1800.0) * MINIS_TRIG_ONE;
		assert_true(fabs(minis__sin(a) - want) <= 1.0);
		assert_true(fabs(minis__cos(a) - cos(a * M_PI / 1800.0) * MINIS_TRIG_ONE) <= 1.0);
	}
}

static void test_qr_amb_1_bearings(void **state)
{
	(void)state;
	assert_int_equal(minis__bearing(0, 100), 0);
	assert_int_equal(minis__bearing(100, 0), 900);
	assert_int_equal(minis__bearing(0, -100), 1800);
	assert_int_equal(minis__bearing(-100, 0), 2700);
	assert_int_equal(minis__bearing(100, 100), 450);
	assert_int_equal(minis__bearing(-100, 100), 3150);
	assert_int_equal(minis__bearing(0, 0), 0);
	for (int a = 0; a < 3600; a += 13) { /* round trip within a tenth */
		int64_t dx = minis__sin(a), dy = minis__cos(a);
		assert_true(minis__angle_diff(minis__bearing(dx, dy), a) <= 1);
	}
	assert_int_equal(minis__angle_diff(3550, 50), 100);
	assert_int_equal(minis__angle_diff(0, 1800), 1800);
}

static void test_qr_amb_1_rounding_and_distances(void **state)
{
	struct minis_pt a = {0, 0}, b = {300, 400};

	(void)state;
	assert_int_equal(minis__pdist(a, b), 500);
	assert_int_equal(minis__isqrt_round(2), 1);
	assert_int_equal(minis__isqrt_round(3), 2); /* 1.732 */
	assert_int_equal(minis__isqrt_round(6), 2); /* 2.449 */
	assert_int_equal(minis__isqrt_round(7), 3); /* 2.646 */
	assert_int_equal(minis__isqrt_round(1000000000000ll), 1000000);
	b = minis__offset(a, 900, 1000);
	assert_int_equal(b.x, 1000), assert_int_equal(b.y, 0);
}

static void test_qr_amb_1_bases_edge_to_edge_and_contact(void **state)
{
	struct mt t;
	int a, b;

	(void)state;
	mt_open(&t, "test:minis-test.json", "");
	mt_clear(&t);
	mt_place(&t, "BRIF", 50, 50, 0);
	mt_place(&t, "GINF", 50, 51, 0); /* 1.5 x 1 bases, touching */
	a = mt_u(&t, "BRIF");
	b = mt_u(&t, "GINF");
	assert_int_equal(minis__udist(t.g, a, b), 0);
	assert_true(minis__touching(t.g, a, b));
	mt_place(&t, "GINF", 50, 51.05, 0); /* 0.05": still base to base */
	assert_int_equal(minis__udist(t.g, a, b), 5);
	assert_true(minis__touching(t.g, a, b));
	mt_place(&t, "GINF", 50, 51.06, 0);
	assert_false(minis__touching(t.g, a, b));
	mt_place(&t, "GINF", 53, 53, 0); /* corner to corner: dx 1.5, dy 2 */
	assert_int_equal(minis__udist(t.g, a, b), 250);
	mt_place(&t, "GINF", 50, 60, 45); /* rotated */
	assert_true(minis__udist(t.g, a, b) > 850 && minis__udist(t.g, a, b) < 950);
	mt_close(&t);
	/* measure.from = centre */
	mt_open(&t, "test:minis-test.json", "measure.from=centre");
	mt_clear(&t);
	mt_place(&t, "BRIF", 50, 50, 0);
	mt_place(&t, "GINF", 50, 51, 0);
	assert_int_equal(minis__udist(t.g, mt_u(&t, "BRIF"), mt_u(&t, "GINF")), 100);
	mt_close(&t);
}

static void test_qr_amb_1_polygons_and_segments(void **state)
{
	int32_t x[4] = {0, 1000, 1000, 0}, y[4] = {0, 0, 1000, 1000}, t[8];
	struct minis_pt p0 = {-500, 500}, p1 = {1500, 500};

	(void)state;
	assert_true(minis__in_poly((struct minis_pt){500, 500}, x, y, 4));
	assert_true(minis__in_poly((struct minis_pt){0, 500}, x, y, 4)); /* boundary */
	assert_false(minis__in_poly((struct minis_pt){1001, 500}, x, y, 4));
	assert_int_equal(minis__seg_inside(p0, p1, x, y, 4, t, 4), 1);
	assert_int_equal(t[0], MINIS_T_ONE / 4);
	assert_int_equal(t[1], MINIS_T_ONE * 3 / 4);
	assert_true(minis__seg_cross((struct minis_pt){0, 0}, (struct minis_pt){10, 10},
	                             (struct minis_pt){0, 10}, (struct minis_pt){10, 0}));
	assert_false(minis__seg_cross((struct minis_pt){0, 0}, (struct minis_pt){10, 0},
	                              (struct minis_pt){0, 1}, (struct minis_pt){10, 1}));
}

static void test_qr_amb_4_line_of_sight(void **state)
{
	struct mt t;
	int obscured;

	(void)state;
	mt_open(&t, "data:qr-village.json", "");
	/* over the hill T4 at level 0: blocked (DE9 in dead ground); from the hill: clear */
	assert_false(
	    minis__los_pts(t.g, (struct minis_pt){5600, 300}, (struct minis_pt){5800, 3400}, NULL));
	assert_true(minis__los_pts(t.g, (struct minis_pt){5600, 2500},
	                           (struct minis_pt){5800, 3400}, NULL));
	/* into the wood: up to 2" inside a piece holding an end */
	assert_true(minis__los_pts(t.g, (struct minis_pt){1400, 1500},
	                           (struct minis_pt){1400, 2950}, NULL));
	assert_false(minis__los_pts(t.g, (struct minis_pt){1400, 1500},
	                            (struct minis_pt){1400, 3100}, NULL));
	/* through a building: blocked; past it: clear */
	assert_false(minis__los_pts(t.g, (struct minis_pt){4150, 1000},
	                            (struct minis_pt){4150, 4000}, NULL));
	assert_true(
	    minis__los_pts(t.g, (struct minis_pt){3750, 200}, (struct minis_pt){3750, 4500}, NULL));
	/* the hedgerow obscures without blocking */
	assert_true(minis__los_pts(t.g, (struct minis_pt){1000, 1000},
	                           (struct minis_pt){1000, 2700}, &obscured));
	assert_int_equal(obscured, 1);
	mt_close(&t);
	/* los.edge_depth */
	mt_open(&t, "data:qr-village.json", "los.edge_depth=1");
	assert_false(minis__los_pts(t.g, (struct minis_pt){1400, 1500},
	                            (struct minis_pt){1400, 2950}, NULL));
	mt_close(&t);
}

static void test_qr_amb_4_limited_target_any_point(void **state)
{
	struct mt t;
	int limited = 0;

	(void)state;
	mt_open(&t, "test:minis-test.json", "los.mode=any_point");
	mt_clear(&t);
	mt_place(&t, "BRIF", 46, 30, 0);
	mt_place(&t, "GINF", 44.5, 47, 90); /* 2 of its 5 points seen past the house */
	assert_true(minis__los(t.g, mt_u(&t, "BRIF"), mt_u(&t, "GINF"), NULL, &limited));
	assert_true(limited);
	mt_close(&t);
}

static void test_qr_amb_5_high_ground(void **state)
{
	struct mt t;
	struct minis_pt hill = {5800, 2500}, low = {5800, 1000}, hill2 = {6000, 2400};

	(void)state;
	mt_open(&t, "data:qr-village.json", "");
	assert_int_equal(minis__level(t.g, hill), 1);
	assert_int_equal(minis__level(t.g, low), 0);
	assert_true(minis__on_high_ground(t.g, hill, low));
	assert_false(minis__on_high_ground(t.g, hill, hill2)); /* not higher than the target */
	mt_close(&t);
	/* a key too long for `new` (struct rules_options): a scenario file's option */
	{
		struct rules_error err;
		struct rules_scenario *sc = mt_load("data:qr-village.json", &err);
		struct minis_scenario *ms = (struct minis_scenario *)sc;
		struct minis_game *g = NULL;
		snprintf(ms->sopts[ms->nsopts].key, sizeof(ms->sopts[0].key), "%s",
		         "terrain.high_ground_needs_higher_level");
		snprintf(ms->sopts[ms->nsopts].value, sizeof(ms->sopts[0].value), "false");
		ms->nsopts++;
		assert_int_equal(minis__game_new(ms, NULL, &g, &err), 0);
		assert_true(minis__on_high_ground(g, hill, hill2));
		free(g);
		minis_ruleset.scenario_free(sc);
	}
}

/* Also QR-GEN-3 (the scale option, fixed at creation, picks the bracketed figures). */
static void test_qr_amb_9_scale_alt(void **state)
{
	struct mt t;

	(void)state;
	mt_open(&t, "data:qr-village.json", "scale=alt");
	assert_int_equal(t.g->width, 10800);
	assert_int_equal(t.g->height, 7200);
	assert_int_equal(t.g->u[mt_u(&t, "GB1")].x, 5400);
	assert_int_equal(t.g->u[mt_u(&t, "GB8")].d, 375);
	assert_int_equal(minis__d(t.g, MD_RECON_MAX), 5400);
	assert_true(
	    minis__in_piece(t.g, minis__piece_find(t.g, "T2a"), (struct minis_pt){4800, 5200}));
	mt_close(&t);
}

static void test_qr_gen_5_parse_and_print_inches(void **state)
{
	int32_t v;
	char buf[16];
	int a;

	(void)state;
	assert_int_equal(minis__parse_in("12", &v), 0), assert_int_equal(v, 1200);
	assert_int_equal(minis__parse_in("12.5", &v), 0), assert_int_equal(v, 1250);
	assert_int_equal(minis__parse_in("0.05", &v), 0), assert_int_equal(v, 5);
	assert_int_equal(minis__parse_in(".5", &v), 0), assert_int_equal(v, 50);
	assert_int_equal(minis__parse_in("-1", &v), -1);
	assert_int_equal(minis__parse_in("1.234", &v), -1);
	assert_int_equal(minis__parse_in("x", &v), -1);
	assert_int_equal(minis__parse_in("", &v), -1);
	assert_string_equal(minis__fmt_in(1225, buf, sizeof(buf)), "12.25");
	assert_string_equal(minis__fmt_in(1250, buf, sizeof(buf)), "12.5");
	assert_string_equal(minis__fmt_in(1200, buf, sizeof(buf)), "12");
	assert_int_equal(minis__parse_angle("45.5", &a), 0), assert_int_equal(a, 455);
	assert_int_equal(minis__parse_angle("360", &a), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_qr_amb_1_sine_table_matches_libm),
	    cmocka_unit_test(test_qr_amb_1_bearings),
	    cmocka_unit_test(test_qr_amb_1_rounding_and_distances),
	    cmocka_unit_test(test_qr_amb_1_bases_edge_to_edge_and_contact),
	    cmocka_unit_test(test_qr_amb_1_polygons_and_segments),
	    cmocka_unit_test(test_qr_amb_4_line_of_sight),
	    cmocka_unit_test(test_qr_amb_4_limited_target_any_point),
	    cmocka_unit_test(test_qr_amb_5_high_ground),
	    cmocka_unit_test(test_qr_amb_9_scale_alt),
	    cmocka_unit_test(test_qr_gen_5_parse_and_print_inches),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
