/*
 * test_matching.c -- maximum-weight matching (server/matching.c) against an
 * exhaustive search on thousands of random small graphs, with and without
 * maximum cardinality, and a few graphs whose answer needs blossoms.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "server/matching.h"

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint64_t next(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Best (cardinality, weight) over every matching of the graph: exhaustive. */
static void brute(int nv, const struct srv_mwm_edge *e, int ne, int k, unsigned used, int card,
                  int64_t w, int maxcard, int *bcard, int64_t *bw)
{
	if (k == ne) {
		if (maxcard ? (card > *bcard || (card == *bcard && w > *bw)) : w > *bw) {
			*bcard = card;
			*bw = w;
		}
		return;
	}
	brute(nv, e, ne, k + 1, used, card, w, maxcard, bcard, bw);
	if (!(used & (1u << e[k].i)) && !(used & (1u << e[k].j)))
		brute(nv, e, ne, k + 1, used | (1u << e[k].i) | (1u << e[k].j), card + 1,
		      w + e[k].w, maxcard, bcard, bw);
}

static void check(int nv, const struct srv_mwm_edge *e, int ne, int maxcard)
{
	int mate[16], bcard = 0, card = 0;
	int64_t bw = 0, w = 0;

	assert_int_equal(srv_mwm(nv, e, (size_t)ne, maxcard, mate), 0);
	for (int v = 0; v < nv; v++) {
		if (mate[v] < 0)
			continue;
		assert_int_equal(mate[mate[v]], v);
		if (mate[v] > v) {
			int found = 0;
			card++;
			for (int k = 0; k < ne && !found; k++)
				if ((e[k].i == v && e[k].j == mate[v]) ||
				    (e[k].j == v && e[k].i == mate[v])) {
					found = 1; /* the graphs have no parallel edges */
					w += e[k].w;
				}
			assert_true(found);
		}
	}
	brute(nv, e, ne, 0, 0, 0, 0, maxcard, &bcard, &bw);
	if (maxcard)
		assert_int_equal(card, bcard);
	assert_int_equal(w, bw);
}

static void test_random_graphs_match_exhaustive_search(void **state)
{
	struct srv_mwm_edge e[40];

	(void)state;
	for (int trial = 0; trial < 3000; trial++) {
		int nv = 2 + (int)(next() % 9), ne = 0;
		int density = 20 + (int)(next() % 80);
		for (int i = 0; i < nv; i++)
			for (int j = i + 1; j < nv && ne < 22; j++)
				if ((int)(next() % 100) < density) {
					e[ne].i = (next() & 1) ? i : j;
					e[ne].j = e[ne].i == i ? j : i;
					/* small weights make ties and blossoms common */
					e[ne].w = (int64_t)(next() % ((trial & 1) ? 5 : 1000));
					ne++;
				}
		check(nv, e, ne, trial % 3 != 0);
	}
}

/* Van Rantwijk's own cases: an S-blossom, nested blossoms, a blossom expanded mid-stage. */
static void test_blossom_cases(void **state)
{
	struct srv_mwm_edge c1[] = {{1, 2, 8}, {1, 3, 9}, {2, 3, 10}, {3, 4, 7}};
	struct srv_mwm_edge c2[] = {{1, 2, 9}, {1, 3, 9},  {2, 3, 10}, {2, 4, 8},
	                            {3, 5, 8}, {4, 5, 10}, {5, 6, 6}};
	struct srv_mwm_edge c3[] = {{1, 2, 23}, {1, 5, 22}, {1, 6, 15}, {2, 3, 25},
	                            {3, 4, 22}, {4, 5, 25}, {4, 8, 14}, {5, 7, 13}};
	struct srv_mwm_edge c4[] = {{1, 2, 19}, {1, 3, 20}, {1, 8, 8}, {2, 3, 25}, {2, 4, 18},
	                            {3, 5, 18}, {4, 5, 13}, {4, 7, 7}, {5, 6, 7}};
	int mate[10];

	(void)state;
	assert_int_equal(srv_mwm(5, c1, 4, 0, mate), 0);
	assert_int_equal(mate[1], 2);
	assert_int_equal(mate[3], 4);
	assert_int_equal(srv_mwm(7, c2, 7, 0, mate), 0);
	assert_int_equal(mate[1], 3);
	assert_int_equal(mate[2], 4);
	assert_int_equal(mate[5], 6);
	assert_int_equal(srv_mwm(9, c3, 8, 0, mate), 0);
	assert_int_equal(mate[1], 6);
	assert_int_equal(mate[2], 3);
	assert_int_equal(mate[4], 8);
	assert_int_equal(mate[5], 7);
	assert_int_equal(srv_mwm(9, c4, 9, 0, mate), 0);
	assert_int_equal(mate[1], 8);
	assert_int_equal(mate[2], 3);
	assert_int_equal(mate[4], 7);
	assert_int_equal(mate[5], 6);
	/* bad input changes nothing */
	c1[0].j = 9;
	mate[0] = 42;
	assert_int_equal(srv_mwm(5, c1, 4, 0, mate), -1);
	assert_int_equal(mate[0], 42);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_random_graphs_match_exhaustive_search),
	    cmocka_unit_test(test_blossom_cases),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
