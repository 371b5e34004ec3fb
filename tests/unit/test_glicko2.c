/*
 * test_glicko2.c -- Glicko-2 (server/glicko2.c) against Glickman's worked
 * example, the no-game period, RD growth with time, the provisional mark and
 * the side advantage estimate.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "server/glicko2.h"

#define assert_near(a, b, tol)                                                                     \
	do {                                                                                       \
		double a_ = (a), b_ = (b);                                                         \
		if (!(fabs(a_ - b_) <= (tol)))                                                     \
			fail_msg("%s = %.6f, expected %.6f within %g", #a, a_, b_, (double)(tol)); \
	} while (0)

/* Glickman, "Example of the Glicko-2 system": 1500/200/0.06, tau 0.5, against 1400/30 (won),
 * 1550/100 (lost) and 1700/300 (lost) gives 1464.06, 151.52, 0.05999. */
static void test_glickman_worked_example(void **state)
{
	struct srv_g2_rating p = {1500, 200, 0.06}, out;
	struct srv_g2_game games[] = {
	    {.r = 1400, .rd = 30, .score = 1},
	    {.r = 1550, .rd = 100, .score = 0},
	    {.r = 1700, .rd = 300, .score = 0},
	};

	(void)state;
	assert_int_equal(srv_g2_update(&p, games, 3, 0.5, &out), 0);
	assert_near(out.r, 1464.06, 0.01);
	assert_near(out.rd, 151.52, 0.01);
	assert_near(out.vol, 0.05999, 0.01);
	/* tighter than the issue asks: the paper's own digits */
	assert_near(out.vol, 0.05999, 0.00001);
	/* in place */
	assert_int_equal(srv_g2_update(&p, games, 3, 0.5, &p), 0);
	assert_near(p.r, 1464.06, 0.01);
}

/* A period without games: only step 6, RD 200 -> 200.27 (sigma 0.06). */
static void test_no_game_period(void **state)
{
	struct srv_g2_rating p = {1500, 200, 0.06}, out;

	(void)state;
	srv_g2_idle(&p, 1.0, &out);
	assert_near(out.rd, 200.27, 0.01);
	assert_near(out.r, 1500, 1e-9);
	assert_near(out.vol, 0.06, 1e-12);
	/* never above a new player's RD */
	p.rd = 349.9;
	srv_g2_idle(&p, 1000.0, &out);
	assert_near(out.rd, 350.0, 1e-9);
	/* no time, no growth */
	p.rd = 80;
	srv_g2_idle(&p, srv_g2_periods(-5), &out);
	assert_near(out.rd, 80, 1e-9);
}

/* A year away takes a typical RD from 60 to about 110 (lichess's calibration). */
static void test_rd_grows_with_time_away(void **state)
{
	struct srv_g2_rating p = {1700, 60, 0.06}, out;
	int64_t year = (int64_t)365 * 86400 * 1000;

	(void)state;
	assert_near(srv_g2_periods(86400000), 0.21436, 1e-9);
	srv_g2_idle(&p, srv_g2_periods(year), &out);
	assert_near(out.rd, 110, 1.0);
	assert_false(srv_g2_provisional(&p));
	assert_true(srv_g2_provisional(&out));
}

/* New players, a single game as its own period: symmetric, and the winner gains. */
static void test_new_players_one_game(void **state)
{
	struct srv_g2_rating a, b, a2, b2;
	struct srv_g2_game ga = {.r = 1500, .rd = 350, .score = 1};
	struct srv_g2_game gb = {.r = 1500, .rd = 350, .score = 0};

	(void)state;
	srv_g2_init(&a);
	srv_g2_init(&b);
	assert_near(a.r, 1500, 0);
	assert_near(a.rd, 350, 0);
	assert_near(a.vol, 0.06, 0);
	assert_true(srv_g2_provisional(&a));
	assert_int_equal(srv_g2_update(&a, &ga, 1, SRV_G2_TAU, &a2), 0);
	assert_int_equal(srv_g2_update(&b, &gb, 1, SRV_G2_TAU, &b2), 0);
	assert_true(a2.r > 1600);
	assert_near(a2.r - 1500, 1500 - b2.r, 1e-6);
	assert_near(a2.rd, b2.rd, 1e-9);
	assert_true(a2.rd < 350);
	/* nothing to rate, or nonsense in: refused */
	assert_int_equal(srv_g2_update(&a, &ga, 0, SRV_G2_TAU, &a2), -1);
	ga.score = NAN;
	assert_int_equal(srv_g2_update(&a, &ga, 1, SRV_G2_TAU, &a2), -1);
}

/* The side advantage: the expected score moves with it, and the estimate from a record. */
static void test_side_advantage(void **state)
{
	struct srv_g2_rating p = {1500, 50, 0.06}, q = {1500, 50, 0.06}, out0, out1;
	struct srv_g2_game g = {.r = 1500, .rd = 50, .score = 1, .adv = 0};
	double adv;

	(void)state;
	assert_near(srv_g2_expected(&p, &q, 0), 0.5, 1e-12);
	assert_true(srv_g2_expected(&p, &q, 100) > 0.6);
	/* an even record (or none) says nothing */
	assert_near(srv_g2_side_advantage(0, 0, 0), 0, 1e-12);
	assert_near(srv_g2_side_advantage(10, 10, 4), 0, 1e-12);
	/* Hannibal at WBC 2022: Carthage 26 wins, Rome 16: p = 31/52, A = 400 log10(31/21) */
	adv = srv_g2_side_advantage(26, 16, 0);
	assert_near(adv, 400 * log10(31.0 / 21.0), 1e-9);
	assert_near(adv, 67.7, 0.1);
	assert_near(srv_g2_side_advantage(16, 26, 0), -adv, 1e-9);
	/* capped */
	assert_near(srv_g2_side_advantage(100000, 0, 0), 400, 1e-9);
	/* winning on the favoured side gains less than on the other */
	g.adv = adv;
	assert_int_equal(srv_g2_update(&p, &g, 1, SRV_G2_TAU, &out0), 0);
	g.adv = -adv;
	assert_int_equal(srv_g2_update(&p, &g, 1, SRV_G2_TAU, &out1), 0);
	assert_true(out0.r - 1500 < out1.r - 1500);
	assert_true(out0.r > 1500);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_glickman_worked_example),
	    cmocka_unit_test(test_no_game_period),
	    cmocka_unit_test(test_rd_grows_with_time_away),
	    cmocka_unit_test(test_new_players_one_game),
	    cmocka_unit_test(test_side_advantage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
