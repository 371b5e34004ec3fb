/*
 * test_standings.c -- points and tiebreaks (server/standings.c) on crosstables
 * computed by hand (the arithmetic is in the comments): byes, forfeits and a
 * withdrawal with FIDE's virtual opponent; Sonneborn-Berger and head-to-head
 * deciding ties.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "server/standings.h"

enum { A, B, C, D, E, F };

#define PLAYED(r, a, b, ha, hb)                                                                    \
	{                                                                                          \
		r, a, b, ha, hb, 1                                                                 \
	}
#define FORFEIT(r, a, b, ha, hb)                                                                   \
	{                                                                                          \
		r, a, b, ha, hb, 0                                                                 \
	}
#define BYE(r, a)                                                                                  \
	{                                                                                          \
		r, a, -1, 2, 0, 0                                                                  \
	}

/*
 * Five players, three rounds; D withdraws before round 3.
 *   R1: A beats D; B-C drawn; E bye.
 *   R2: B beats A; C wins by forfeit against E (not played); D bye.
 *   R3: A-C drawn; B beats E; D absent.
 * Points: A 1.5, B 2.5, C 2, D 1, E 1.
 * Opponents' scores for tiebreaks count their unplayed rounds as draws: A 1.5, B 2.5, C 1.5,
 * D 1 (0 + 0.5 + 0.5), E 1 (0.5 + 0.5 + 0).
 * A virtual opponent (unplayed round R of n = 3) has SPR + (1 - SfPR) + 0.5 (3 - R):
 *   C R2 (forfeit won): 0.5 + 0 + 0.5 = 1;  D R2 (bye): 0 + 0 + 0.5 = 0.5;
 *   D R3 (absent): 1 + 1 + 0 = 2;  E R1 (bye): 0 + 0 + 1 = 1;  E R2 (forfeit lost): 1 + 1 + 0.5
 * = 2.5. Buchholz: A 1 + 2.5 + 1.5 = 5; B 1.5 + 1.5 + 1 = 4; C 2.5 + 1 + 1.5 = 5; D 1.5 + 0.5 + 2 =
 * 4; E 1 + 2.5 + 2.5 = 6. Median (without highest and lowest): A 1.5; B 1.5; C 1.5; D 1.5; E 2.5.
 * Sonneborn-Berger: A 1 (D beaten) + 0.75 (C drawn) = 1.75; B 0.75 + 1.5 + 1 = 3.25;
 *                   C 1.25 + 1 (forfeit won: the virtual opponent) + 0.75 = 3;
 *                   D 0.5 (the bye's virtual opponent); E 1 (the bye).
 * Order: B 2.5, C 2, A 1.5, then E and D on 1 point: E's Buchholz 6 beats D's 4.
 */
static void test_byes_forfeits_and_a_withdrawal(void **state)
{
	const struct srv_stand_game g[] = {
	    PLAYED(1, A, D, 2, 0), PLAYED(1, B, C, 1, 1),  BYE(1, E),
	    PLAYED(2, B, A, 2, 0), FORFEIT(2, C, E, 2, 0), BYE(2, D),
	    PLAYED(3, A, C, 1, 1), PLAYED(3, B, E, 2, 0),
	};
	const int pnum[] = {1, 2, 3, 4, 5};
	struct srv_stand_row rows[5];
	/* player, points (halves), Buchholz, median, SB (quarters), in standing order */
	const int want[5][5] = {
	    {B, 5, 16, 6, 13}, {C, 4, 20, 6, 12}, {A, 3, 20, 6, 7},
	    {E, 2, 24, 10, 4}, {D, 2, 16, 6, 2},
	};
	int kind, opp, half;

	(void)state;
	assert_int_equal(srv_stand_compute(5, pnum, g, sizeof(g) / sizeof(g[0]), 3, rows), 0);
	for (int i = 0; i < 5; i++) {
		assert_int_equal(rows[i].player, want[i][0]);
		assert_int_equal(rows[i].points, want[i][1]);
		assert_int_equal(rows[i].bh, want[i][2]);
		assert_int_equal(rows[i].mbh, want[i][3]);
		assert_int_equal(rows[i].sb, want[i][4]);
		assert_int_equal(rows[i].rank, i + 1);
	}
	/* the crosstable's cells */
	srv_stand_round_of(g, 8, C, 2, &kind, &opp, &half);
	assert_int_equal(kind, SRV_STAND_FORFEIT);
	assert_int_equal(opp, E);
	assert_int_equal(half, 2);
	srv_stand_round_of(g, 8, D, 3, &kind, &opp, &half);
	assert_int_equal(kind, SRV_STAND_ABSENT);
	srv_stand_round_of(g, 8, E, 1, &kind, &opp, &half);
	assert_int_equal(kind, SRV_STAND_BYE);
	assert_int_equal(half, 2);
}

/*
 * Six players, three rounds, every game played.
 *   R1: D-F drawn; E beats B; A beats C.   R2: A beats D; F beats B; C beats E.
 *   R3: B beats A; E-F drawn; C-D drawn.
 * Points: A 2, F 2, C 1.5, E 1.5, B 1, D 1.
 * Buchholz: A (C 1.5, D 1, B 1) 3.5; F (D 1, B 1, E 1.5) 3.5; C (A 2, E 1.5, D 1) 4.5;
 *           E (B 1, C 1.5, F 2) 4.5; B (E 1.5, F 2, A 2) 5.5; D (F 2, A 2, C 1.5) 5.5.
 * Median: A 1, F 1, C 1.5, E 1.5, B 2, D 2.
 * Sonneborn-Berger: A 1.5 + 1 = 2.5; F 0.5 + 1 + 0.75 = 2.25; C 1.5 + 0.5 = 2;
 *                   E 1 + 1 = 2; B 2; D 1 + 0.75 = 1.75.
 * A and F: Sonneborn-Berger puts A first.  C and E are tied through Sonneborn-Berger: C beat E
 * (head-to-head 1 to 0), though E has the better pairing number.  B and D: B's SB.
 */
static void test_sonneborn_berger_and_head_to_head_decide(void **state)
{
	const struct srv_stand_game g[] = {
	    PLAYED(1, D, F, 1, 1), PLAYED(1, B, E, 0, 2), PLAYED(1, C, A, 0, 2),
	    PLAYED(2, D, A, 0, 2), PLAYED(2, F, B, 2, 0), PLAYED(2, C, E, 2, 0),
	    PLAYED(3, A, B, 0, 2), PLAYED(3, F, E, 1, 1), PLAYED(3, C, D, 1, 1),
	};
	const int pnum[] = {1, 2, 5, 4, 3, 6}; /* E (3) is better numbered than C (5) */
	struct srv_stand_row rows[6];
	const int want[6][6] = {
	    /* player, points, BH, MBH, SB, head-to-head (quarters) */
	    {A, 4, 14, 4, 10, 0}, {F, 4, 14, 4, 9, 0}, {C, 3, 18, 6, 8, 4},
	    {E, 3, 18, 6, 8, 0},  {B, 2, 22, 8, 8, 0}, {D, 2, 22, 8, 7, 0},
	};
	char buf[16];

	(void)state;
	assert_int_equal(srv_stand_compute(6, pnum, g, sizeof(g) / sizeof(g[0]), 3, rows), 0);
	for (int i = 0; i < 6; i++) {
		assert_int_equal(rows[i].player, want[i][0]);
		assert_int_equal(rows[i].points, want[i][1]);
		assert_int_equal(rows[i].bh, want[i][2]);
		assert_int_equal(rows[i].mbh, want[i][3]);
		assert_int_equal(rows[i].sb, want[i][4]);
		assert_int_equal(rows[i].h2h, want[i][5]);
	}
	/* a full tie (every game drawn) falls to the pairing number */
	{
		const struct srv_stand_game drawn[] = {
		    PLAYED(1, A, B, 1, 1),
		    PLAYED(1, C, D, 1, 1),
		    PLAYED(2, A, C, 1, 1),
		    PLAYED(2, B, D, 1, 1),
		};
		const int pn[] = {3, 1, 4, 2};
		assert_int_equal(srv_stand_compute(4, pn, drawn, 4, 2, rows), 0);
		assert_int_equal(rows[0].player, B);
		assert_int_equal(rows[1].player, D);
		assert_int_equal(rows[2].player, A);
		assert_int_equal(rows[3].player, C);
		assert_int_equal(rows[3].h2h, rows[0].h2h);
	}
	/* quarter-points read well */
	assert_string_equal(srv_stand_quarters(13, buf, sizeof(buf)), "3.25");
	assert_string_equal(srv_stand_quarters(8, buf, sizeof(buf)), "2");
	assert_string_equal(srv_stand_quarters(6, buf, sizeof(buf)), "1.5");
	/* bad input */
	{
		const struct srv_stand_game bad[] = {PLAYED(4, A, B, 2, 0)};
		assert_int_equal(srv_stand_compute(3, pnum, bad, 1, 3, rows), -1);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_byes_forfeits_and_a_withdrawal),
	    cmocka_unit_test(test_sonneborn_berger_and_head_to_head_decide),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
