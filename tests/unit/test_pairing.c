/*
 * test_pairing.c -- the pairing systems (server/pairing.c): FIDE's Berger
 * tables for 4 and 6 players exactly, every round robin and double round robin
 * up to 30 players, the Swiss's properties over thousands of random tournaments
 * (no rematch, byes, side balance, never three in a row, determinism; small
 * fields checked against an exhaustive search), knockout brackets with byes and
 * two-game matches.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/pairing.h"

/* ---- Berger ---- */

static void expect_round(int n, int r, const char *want)
{
	struct srv_pair_board b[40];
	char got[200] = "";
	int nb = srv_pair_berger(n, r, b);

	assert_true(nb > 0);
	for (int i = 0; i < nb; i++)
		snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%d-%d", i ? " " : "",
		         b[i].p0, b[i].p1);
	if (strcmp(got, want) != 0)
		fail_msg("%d players, round %d: got \"%s\", want \"%s\"", n, r, got, want);
}

/* The tables as FIDE prints them (C.05 Annex 1; c.w.fox.tripod.com/chess/berger.html). */
static void test_berger_tables_for_4_and_6(void **state)
{
	(void)state;
	assert_int_equal(srv_pair_rr_rounds(4), 3);
	expect_round(4, 1, "1-4 2-3");
	expect_round(4, 2, "4-3 1-2");
	expect_round(4, 3, "2-4 3-1");
	assert_int_equal(srv_pair_rr_rounds(6), 5);
	expect_round(6, 1, "1-6 2-5 3-4");
	expect_round(6, 2, "6-4 5-3 1-2");
	expect_round(6, 3, "2-6 3-1 4-5");
	expect_round(6, 4, "6-5 1-4 2-3");
	expect_round(6, 5, "3-6 4-2 5-1");
	/* odd fields: the missing highest number is the bye, listed last */
	expect_round(5, 1, "2-5 3-4 1-0");
	expect_round(3, 2, "1-2 3-0");
	/* out of range */
	struct srv_pair_board b[4];
	assert_int_equal(srv_pair_berger(4, 0, b), -1);
	assert_int_equal(srv_pair_berger(4, 4, b), -1);
	assert_int_equal(srv_pair_berger(1, 1, b), -1);
}

/* The longest run of one side in a row over a player's games. */
static int longest_run(const signed char *s, int n)
{
	int best = 0, run = 0;

	for (int i = 0; i < n; i++) {
		run = i > 0 && s[i] == s[i - 1] ? run + 1 : 1;
		if (run > best)
			best = run;
	}
	return best;
}

static void test_every_round_robin_up_to_30(void **state)
{
	static int met[32][32];
	static signed char sides[32][64];
	struct srv_pair_board b[32];

	(void)state;
	for (int dbl = 0; dbl < 2; dbl++)
		for (int n = 2; n <= 30; n++) {
			int rounds = srv_pair_rr_rounds(n) * (dbl ? 2 : 1), nside[32] = {0};
			int byes[32] = {0};
			memset(met, 0, sizeof(met));
			for (int r = 1; r <= rounds; r++) {
				int seen[32] = {0};
				int nb = dbl ? srv_pair_double(n, r, b) : srv_pair_berger(n, r, b);
				assert_int_equal(nb, (n + 1) / 2);
				for (int i = 0; i < nb; i++) {
					int x = b[i].p0, y = b[i].p1;
					assert_true(x >= 1 && x <= n && y >= 0 && y <= n);
					assert_int_equal(seen[x]++, 0);
					if (y == 0) {
						byes[x]++;
						continue;
					}
					assert_int_equal(seen[y]++, 0);
					met[x][y]++; /* x had side 0 against y */
					sides[x][nside[x]++] = 0;
					sides[y][nside[y]++] = 1;
				}
			}
			for (int x = 1; x <= n; x++) {
				assert_int_equal(byes[x], n % 2 ? (dbl ? 2 : 1) : 0);
				for (int y = 1; y <= n; y++) {
					if (x == y)
						continue;
					if (dbl) { /* once on each side */
						assert_int_equal(met[x][y], 1);
					} else {
						assert_int_equal(met[x][y] + met[y][x], 1);
					}
				}
				/* Berger sides alternate: never three in a row, even across the
				 * two cycles (the swapped rounds), for even fields */
				if (n % 2 == 0)
					assert_true(longest_run(sides[x], nside[x]) <= 2);
			}
		}
}

/* ---- Swiss ---- */

static uint64_t rng;

static uint64_t next(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

#define MAXP 64
#define MAXR 9

struct sim {
	int n;
	struct srv_pair_player pl[MAXP];
	signed char sides[MAXP][MAXR];
	int met[MAXP][MAXR];
	int diff[MAXP];
};

static void sim_init(struct sim *s, int n)
{
	int perm[MAXP];

	memset(s, 0, sizeof(*s));
	s->n = n;
	for (int i = 0; i < n; i++)
		perm[i] = i + 1;
	for (int i = n - 1; i > 0; i--) {
		int j = (int)(next() % (uint64_t)(i + 1)), t = perm[i];
		perm[i] = perm[j];
		perm[j] = t;
	}
	for (int i = 0; i < n; i++) {
		s->pl[i].id = 100 + i;
		s->pl[i].pnum = perm[i];
		s->pl[i].sides = s->sides[i];
		s->pl[i].met = s->met[i];
	}
}

static int index_of(const struct sim *s, int id)
{
	return id - 100;
}

/* Does a perfect matching of the players in set (none of them met, priority 1 kept if three,
 * every side difference within +-1 if bal) exist?  Exhaustive: small fields only. */
static int exists(const struct sim *s, const int *set, int k, int three, int bal)
{
	int a, rest[MAXP];

	if (k == 0)
		return 1;
	a = set[0];
	for (int j = 1; j < k; j++) {
		int b = set[j], ok = 0, m = 0;
		for (int q = 0; q < s->pl[a].nmet; q++)
			if (s->pl[a].met[q] == s->pl[b].id)
				ok = -1;
		if (ok < 0)
			continue;
		for (int side = 0; side < 2 && !ok; side++) {
			int da = s->diff[a] + (side == 0 ? 1 : -1);
			int db = s->diff[b] + (side == 0 ? -1 : 1);
			int na = s->pl[a].nsides, nb = s->pl[b].nsides;
			int ta =
			    na >= 2 && s->sides[a][na - 1] == side && s->sides[a][na - 2] == side;
			int tb = nb >= 2 && s->sides[b][nb - 1] == 1 - side &&
			         s->sides[b][nb - 2] == 1 - side;
			if (three && (ta || tb))
				continue;
			if (bal && (da < -1 || da > 1 || db < -1 || db > 1))
				continue;
			ok = 1;
		}
		if (!ok)
			continue;
		for (int q = 1; q < k; q++)
			if (q != j)
				rest[m++] = set[q];
		if (exists(s, rest, m, three, bal))
			return 1;
	}
	return 0;
}

struct stats {
	long tournaments, rounds, games, byes, balance_relaxed, balance_proved, ended_early,
	    bye_not_lowest;
};

/* The rank order: score desc, pairing number asc. */
static int worse(const struct sim *s, int a, int b)
{
	if (s->pl[a].score != s->pl[b].score)
		return s->pl[a].score < s->pl[b].score;
	return s->pl[a].pnum > s->pl[b].pnum;
}

static void play_tournament(int n, int rounds, uint64_t seed, int sides_free, struct stats *st,
                            char *trace, size_t tsize)
{
	struct sim s;
	struct srv_pair_swiss_out out, again;

	sim_init(&s, n);
	st->tournaments++;
	trace[0] = '\0';
	for (int r = 1; r <= rounds; r++) {
		int seen[MAXP] = {0}, rc = srv_pair_swiss(s.pl, n, r, seed, sides_free, &out);
		/* determinism: the same input gives the same pairing (sampled: it costs a pairing)
		 */
		if (st->tournaments % 16 == 1) {
			int rc2 = srv_pair_swiss(s.pl, n, r, seed, sides_free, &again);
			assert_int_equal(rc, rc2);
			assert_memory_equal(&out, &again, sizeof(out));
		}
		if (rc == -1) {
			/* no pairing without a rematch: proved by exhaustion where feasible */
			st->ended_early++;
			if (n <= 11) {
				int set[MAXP], k = 0;
				for (int by = 0; by < n; by++) {
					if (n % 2 && s.pl[by].had_bye)
						continue;
					k = 0;
					for (int i = 0; i < n; i++)
						if (!(n % 2) || i != by)
							set[k++] = i;
					assert_false(exists(&s, set, k, 0, 0));
					if (!(n % 2))
						break;
				}
			}
			return;
		}
		assert_int_equal(rc, 0);
		st->rounds++;
		/* never a third side in a row, when sides are the pairing's */
		if (!sides_free && (out.relaxed & SRV_PAIR_RELAXED_THREE))
			fail_msg("%d players, round %d of %d: a third side in a row", n, r, rounds);
		/* the bye: only for odd fields, to someone who had none, the lowest-ranked who
		 * lets the rest be paired */
		if (n % 2) {
			int b = index_of(&s, out.bye);
			assert_true(out.bye >= 100);
			assert_false(s.pl[b].had_bye);
			seen[b]++;
			for (int i = 0; i < n; i++) {
				int set[MAXP], k = 0;
				if (i == b || s.pl[i].had_bye || !worse(&s, i, b))
					continue;
				st->bye_not_lowest++;
				/* a lower player i was passed over: without i no pairing keeps
				 * priority 1 (checked by exhaustion on small fields) */
				assert_true(n <= 11);
				for (int q = 0; q < n; q++)
					if (q != i)
						set[k++] = q;
				assert_false(exists(&s, set, k, !sides_free, 0));
			}
			s.pl[b].had_bye = 1;
			s.pl[b].score += 2;
			st->byes++;
		} else {
			assert_int_equal(out.bye, -1);
		}
		assert_int_equal(out.nboards, n / 2);
		if ((out.relaxed & SRV_PAIR_RELAXED_BALANCE) && n <= 14) {
			/* every legal pairing (with this bye) leaves someone outside +-1 */
			int set[MAXP], k = 0;
			for (int i = 0; i < n; i++)
				if (out.bye < 0 || i != index_of(&s, out.bye))
					set[k++] = i;
			assert_false(exists(&s, set, k, 1, 1));
			st->balance_proved++;
		}
		if (out.relaxed & SRV_PAIR_RELAXED_BALANCE) {
			st->balance_relaxed++;
		}
		for (int i = 0; i < out.nboards; i++) {
			int a = index_of(&s, out.boards[i].p0), b = index_of(&s, out.boards[i].p1);
			uint64_t x = next() % 100;
			assert_true(a >= 0 && a < n && b >= 0 && b < n && a != b);
			seen[a]++;
			seen[b]++;
			/* no rematch, ever */
			for (int q = 0; q < s.pl[a].nmet; q++)
				assert_int_not_equal(s.pl[a].met[q], s.pl[b].id);
			s.met[a][s.pl[a].nmet++] = s.pl[b].id;
			s.met[b][s.pl[b].nmet++] = s.pl[a].id;
			s.sides[a][s.pl[a].nsides++] = 0;
			s.sides[b][s.pl[b].nsides++] = 1;
			s.diff[a]++;
			s.diff[b]--;
			/* the better pairing number wins a bit more often; some draws */
			if (x < 10) {
				s.pl[a].score++;
				s.pl[b].score++;
			} else if ((x < 55) == (s.pl[a].pnum < s.pl[b].pnum)) {
				s.pl[a].score += 2;
			} else {
				s.pl[b].score += 2;
			}
			st->games++;
			snprintf(trace + strlen(trace), tsize - strlen(trace), "%d-%d ", a, b);
		}
		for (int i = 0; i < n; i++) {
			assert_int_equal(seen[i], 1);
			if (!sides_free) {
				assert_true(longest_run(s.sides[i], s.pl[i].nsides) <= 2);
				if (!(out.relaxed & SRV_PAIR_RELAXED_BALANCE))
					assert_true(s.diff[i] >= -1 && s.diff[i] <= 1);
			}
		}
		snprintf(trace + strlen(trace), tsize - strlen(trace), "| ");
	}
}

static void test_swiss_properties_over_random_tournaments(void **state)
{
	static char trace[20000], trace2[20000];
	struct stats st;
	int count = getenv("WG_SWISS_TOURNAMENTS") ? atoi(getenv("WG_SWISS_TOURNAMENTS")) : 1200;

	(void)state;
	memset(&st, 0, sizeof(st));
	rng = 12345;
	for (int t = 0; t < count; t++) {
		/* every other one a small field, where the limits bite and exhaustion can check */
		int n = 5 + (int)(next() % (t % 2 ? 10 : 60)), maxr = srv_pair_swiss_max_rounds(n);
		int rounds = 3 + (int)(next() % 7);
		uint64_t seed = next(), keep;
		if (rounds > maxr)
			rounds = maxr;
		/* one in eight with the sides left to bids */
		keep = rng;
		play_tournament(n, rounds, seed, t % 8 == 7, &st, trace, sizeof(trace));
		/* determinism: the same seed and results give the same tournament */
		if (t % 50 == 0) {
			uint64_t after = rng;
			struct stats st2;
			memset(&st2, 0, sizeof(st2));
			rng = keep;
			play_tournament(n, rounds, seed, t % 8 == 7, &st2, trace2, sizeof(trace2));
			assert_string_equal(trace, trace2);
			assert_int_equal(rng, after);
		}
	}
	print_message("%ld tournaments, %ld rounds, %ld games, %ld byes; side balance given up in "
	              "%ld rounds (%ld proved unavoidable by exhaustion); bye above a lower "
	              "player %ld times (proved); %ld ended early (no pairing without a "
	              "rematch)\n",
	              st.tournaments, st.rounds, st.games, st.byes, st.balance_relaxed,
	              st.balance_proved, st.bye_not_lowest, st.ended_early);
	assert_true(st.tournaments >= 1000);
	/* within srv_pair_swiss_max_rounds no round went unpaired */
	assert_int_equal(st.ended_early, 0);
}

/* Round 1: top half against bottom half, sides alternating down the boards from a coin. */
static void test_swiss_round_one_is_top_half_against_bottom_half(void **state)
{
	struct sim s;
	struct srv_pair_swiss_out out;
	int first_side = -1;

	(void)state;
	rng = 7;
	sim_init(&s, 8);
	for (int i = 0; i < 8; i++)
		s.pl[i].pnum = i + 1;
	assert_int_equal(srv_pair_swiss(s.pl, 8, 1, 99, 0, &out), 0);
	assert_int_equal(out.nboards, 4);
	for (int b = 0; b < 4; b++) {
		int a = index_of(&s, out.boards[b].p0), c = index_of(&s, out.boards[b].p1);
		int hi = s.pl[a].pnum < s.pl[c].pnum ? a : c, lo = hi == a ? c : a;
		assert_int_equal(s.pl[hi].pnum, b + 1);
		assert_int_equal(s.pl[lo].pnum, b + 5);
		if (b == 0)
			first_side = hi == a ? 0 : 1;
		else
			assert_int_equal(hi == a ? 0 : 1, (first_side + b) % 2);
	}
	/* an odd field: the bye to the lowest pairing number */
	sim_init(&s, 7);
	for (int i = 0; i < 7; i++)
		s.pl[i].pnum = i + 1;
	assert_int_equal(srv_pair_swiss(s.pl, 7, 1, 99, 0, &out), 0);
	assert_int_equal(out.bye, 106);
	/* bad input */
	assert_int_equal(srv_pair_swiss(s.pl, 1, 1, 99, 0, &out), -2);
	/* the most rounds: (n + 1) / 2 */
	assert_int_equal(srv_pair_swiss_max_rounds(2), 1);
	assert_int_equal(srv_pair_swiss_max_rounds(4), 2);
	assert_int_equal(srv_pair_swiss_max_rounds(5), 3);
	assert_int_equal(srv_pair_swiss_max_rounds(64), 32);
}

/* ---- knockout ---- */

static void test_knockout_brackets_with_byes(void **state)
{
	int slots[64];
	int want8[] = {1, 8, 4, 5, 2, 7, 3, 6};
	int want5[] = {1, 0, 4, 5, 2, 0, 3, 0};
	int want6[] = {1, 0, 4, 5, 2, 0, 3, 6};

	(void)state;
	assert_int_equal(srv_pair_bracket(8, slots, 64), 8);
	assert_memory_equal(slots, want8, sizeof(want8));
	assert_int_equal(srv_pair_bracket(5, slots, 64), 8);
	assert_memory_equal(slots, want5, sizeof(want5));
	assert_int_equal(srv_pair_bracket(6, slots, 64), 8);
	assert_memory_equal(slots, want6, sizeof(want6));
	assert_int_equal(srv_pair_bracket(2, slots, 64), 2);
	assert_int_equal(slots[0], 1);
	assert_int_equal(slots[1], 2);
	assert_int_equal(srv_pair_bracket(1, slots, 64), 1);
	assert_int_equal(srv_pair_bracket(65, slots, 64), -1);
	/* every size: the byes go to the top seeds, and seeds 1 and 2 meet only in the final */
	for (int n = 2; n <= 64; n++) {
		int p = srv_pair_bracket(n, slots, 64), nbye = 0, seen[65] = {0};
		assert_true(p >= n && p < 2 * n);
		for (int i = 0; i < p; i += 2) {
			assert_false(slots[i] == 0 && slots[i + 1] == 0);
			if (slots[i + 1] == 0) {
				nbye++;
				assert_true(slots[i] <= p - n);
			}
			seen[slots[i]]++;
			seen[slots[i + 1]]++;
		}
		assert_int_equal(nbye, p - n);
		for (int k = 1; k <= n; k++)
			assert_int_equal(seen[k], 1);
		for (int i = 0; i < p; i++)
			if (slots[i] == 2)
				assert_true(i >= p / 2);
	}
}

static void test_knockout_matches(void **state)
{
	int h0[5], h1[5];

	(void)state;
	/* one game is not a match */
	h0[0] = 2, h1[0] = 0;
	assert_int_equal(srv_pair_match_winner(h0, h1, 1, 1, 2), -1);
	/* 1.5 - 0.5 after two */
	h0[1] = 1, h1[1] = 1;
	assert_int_equal(srv_pair_match_winner(h0, h1, 2, 1, 2), 0);
	/* level: a decider, a drawn decider, another */
	h0[1] = 0, h1[1] = 2;
	assert_int_equal(srv_pair_match_winner(h0, h1, 2, 1, 2), -1);
	h0[2] = 1, h1[2] = 1;
	assert_int_equal(srv_pair_match_winner(h0, h1, 3, 1, 2), -1);
	h0[3] = 0, h1[3] = 2;
	assert_int_equal(srv_pair_match_winner(h0, h1, 4, 1, 2), 1);
	/* all drawn: the higher seed after the last decider */
	for (int i = 0; i < 5; i++)
		h0[i] = h1[i] = 1;
	assert_int_equal(srv_pair_match_winner(h0, h1, 4, 3, 2), -1);
	assert_int_equal(srv_pair_match_winner(h0, h1, 5, 3, 2), 1);
	assert_int_equal(srv_pair_match_winner(h0, h1, 5, 2, 3), 0);
	/* a double forfeit in both games: level */
	h0[0] = h1[0] = h0[1] = h1[1] = 0;
	assert_int_equal(srv_pair_match_winner(h0, h1, 2, 1, 2), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_berger_tables_for_4_and_6),
	    cmocka_unit_test(test_every_round_robin_up_to_30),
	    cmocka_unit_test(test_swiss_round_one_is_top_half_against_bottom_half),
	    cmocka_unit_test(test_swiss_properties_over_random_tournaments),
	    cmocka_unit_test(test_knockout_brackets_with_byes),
	    cmocka_unit_test(test_knockout_matches),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
