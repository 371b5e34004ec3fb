/*
 * test_hex.c -- the shared hex grid (rules/core/hex.c): ids, neighbours of
 * both column parities, directions, distance, hexside identity, paths.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rules/core/hex.h"

static struct rules_hex_grid scheldt(void)
{
	struct rules_hex_grid g;
	assert_int_equal(rules_hex_grid_init(&g, 11, 36, 17, 47, 0, 2), 0);
	return g;
}

static int H(const struct rules_hex_grid *g, const char *id)
{
	int i = rules_hex_parse(g, id);
	assert_true(i >= 0);
	return i;
}

static void test_hex_init_rejects_bad_ranges(void **state)
{
	struct rules_hex_grid g;
	(void)state;
	assert_int_equal(rules_hex_grid_init(&g, 5, 4, 1, 2, 0, 2), -1);
	assert_int_equal(rules_hex_grid_init(&g, 1, 100, 1, 2, 0, 2), -1);
	assert_int_equal(rules_hex_grid_init(&g, 1, 10, 1, 2, 2, 2), -1);
	assert_int_equal(rules_hex_grid_init(&g, 1, 10, 1, 2, 0, 0), -1);
	assert_int_equal(rules_hex_grid_init(&g, 11, 36, 17, 47, 0, 2), 0);
	assert_int_equal(g.count, 26 * 31); /* 806 hexes, as geo/README.md says */
}

static void test_hex_parse_format_round_trip(void **state)
{
	struct rules_hex_grid g = scheldt();
	char buf[RULES_HEX_ID_MAX];
	(void)state;
	for (int i = 0; i < g.count; i++) {
		rules_hex_format(&g, i, buf);
		assert_int_equal(rules_hex_parse(&g, buf), i);
	}
	assert_string_equal(rules_hex_format(&g, H(&g, "2637"), buf), "2637");
	assert_int_equal(rules_hex_parse(&g, "1016"), -1); /* off the grid */
	assert_int_equal(rules_hex_parse(&g, "263"), -1);
	assert_int_equal(rules_hex_parse(&g, "26a7"), -1);
	assert_int_equal(rules_hex_parse(&g, "26377"), -1);
	assert_int_equal(rules_hex_parse(&g, NULL), -1);
}

/* geo/README.md: even XX: (x,y+-1) (x+-1,y) (x+-1,y+1); odd XX: (x,y+-1) (x+-1,y) (x+-1,y-1). */
static void test_hex_neighbours_even_shifted(void **state)
{
	struct rules_hex_grid g = scheldt();
	const char *even[6] = {"2636", "2737", "2738", "2638", "2538", "2537"};
	const char *odd[6] = {"2736", "2836", "2837", "2738", "2637", "2636"};
	(void)state;
	for (int d = 0; d < 6; d++) {
		assert_int_equal(rules_hex_neighbour(&g, H(&g, "2637"), d), H(&g, even[d]));
		assert_int_equal(rules_hex_neighbour(&g, H(&g, "2737"), d), H(&g, odd[d]));
	}
	/* the causeway rule needs 1739, 1839 and 1939 all adjacent to 1838 */
	assert_true(rules_hex_adjacent(&g, H(&g, "1838"), H(&g, "1739")));
	assert_true(rules_hex_adjacent(&g, H(&g, "1838"), H(&g, "1839")));
	assert_true(rules_hex_adjacent(&g, H(&g, "1838"), H(&g, "1939")));
	/* the Braakman hexes 2637, 2737, 2837 and 2738 */
	assert_true(rules_hex_adjacent(&g, H(&g, "2737"), H(&g, "2637")));
	assert_true(rules_hex_adjacent(&g, H(&g, "2737"), H(&g, "2837")));
	assert_true(rules_hex_adjacent(&g, H(&g, "2737"), H(&g, "2738")));
	assert_false(rules_hex_adjacent(&g, H(&g, "2737"), H(&g, "2638")));
}

static void test_hex_neighbours_odd_shifted(void **state)
{
	struct rules_hex_grid g;
	(void)state;
	assert_int_equal(rules_hex_grid_init(&g, 1, 10, 1, 10, 1, 2), 0);
	/* odd columns shifted: odd XX neighbours are (x+-1,y) (x+-1,y+1) */
	assert_true(
	    rules_hex_adjacent(&g, rules_hex_parse(&g, "0505"), rules_hex_parse(&g, "0606")));
	assert_true(
	    rules_hex_adjacent(&g, rules_hex_parse(&g, "0505"), rules_hex_parse(&g, "0406")));
	assert_false(
	    rules_hex_adjacent(&g, rules_hex_parse(&g, "0505"), rules_hex_parse(&g, "0604")));
	assert_true(
	    rules_hex_adjacent(&g, rules_hex_parse(&g, "0606"), rules_hex_parse(&g, "0505")));
	assert_true(
	    rules_hex_adjacent(&g, rules_hex_parse(&g, "0606"), rules_hex_parse(&g, "0705")));
}

static void test_hex_neighbours_symmetric_and_directions_opposite(void **state)
{
	struct rules_hex_grid g = scheldt();
	(void)state;
	for (int i = 0; i < g.count; i++)
		for (int d = 0; d < 6; d++) {
			int n = rules_hex_neighbour(&g, i, d);
			if (n < 0)
				continue;
			assert_int_equal(rules_hex_neighbour(&g, n, (d + 3) % 6), i);
			assert_int_equal(rules_hex_direction(&g, i, n), d);
			assert_int_equal(rules_hex_distance(&g, i, n), 1);
			assert_int_equal(rules_hex_side(&g, i, d),
			                 rules_hex_side(&g, n, (d + 3) % 6));
			/* two steps the same way is no direction */
			if (rules_hex_neighbour(&g, n, d) >= 0)
				assert_int_equal(
				    rules_hex_direction(&g, i, rules_hex_neighbour(&g, n, d)), -1);
		}
	assert_int_equal(rules_hex_direction(&g, 0, 0), -1);
	assert_int_equal(rules_hex_direction(&g, 0, g.count), -1);
}

static void test_hex_edges_have_no_offmap_neighbours(void **state)
{
	struct rules_hex_grid g = scheldt();
	(void)state;
	assert_int_equal(rules_hex_neighbour(&g, H(&g, "1117"), 0), -1);
	assert_int_equal(rules_hex_side(&g, H(&g, "1117"), 0), -1);
	assert_true(rules_hex_on_edge(&g, H(&g, "2717")));
	assert_true(rules_hex_on_edge(&g, H(&g, "3647")));
	assert_false(rules_hex_on_edge(&g, H(&g, "2637")));
}

/* Distance equals the breadth-first step count on the grid, for every pair from some hexes. */
static void test_hex_distance_matches_bfs(void **state)
{
	struct rules_hex_grid g = scheldt();
	int *dist = malloc(sizeof(int) * (size_t)g.count);
	int *queue = malloc(sizeof(int) * (size_t)g.count);
	const char *starts[] = {"1117", "2637", "2738", "3647", "1838"};
	(void)state;
	for (size_t s = 0; s < sizeof(starts) / sizeof(starts[0]); s++) {
		int head = 0, tail = 0, src = H(&g, starts[s]);
		for (int i = 0; i < g.count; i++)
			dist[i] = -1;
		dist[src] = 0;
		queue[tail++] = src;
		while (head < tail) {
			int h = queue[head++];
			for (int d = 0; d < 6; d++) {
				int n = rules_hex_neighbour(&g, h, d);
				if (n >= 0 && dist[n] < 0) {
					dist[n] = dist[h] + 1;
					queue[tail++] = n;
				}
			}
		}
		for (int i = 0; i < g.count; i++)
			assert_int_equal(rules_hex_distance(&g, src, i), dist[i]);
	}
	free(dist);
	free(queue);
}

static void test_hex_side_identity(void **state)
{
	struct rules_hex_grid g = scheldt();
	int a, b, seen = 0;
	(void)state;
	int s = rules_hex_side_between(&g, H(&g, "2737"), H(&g, "2738"));
	assert_true(s >= 0);
	assert_int_equal(s, rules_hex_side_between(&g, H(&g, "2738"), H(&g, "2737")));
	assert_int_equal(rules_hex_side_hexes(&g, s, &a, &b), 0);
	assert_true((a == H(&g, "2737") && b == H(&g, "2738")) ||
	            (b == H(&g, "2737") && a == H(&g, "2738")));
	assert_int_equal(rules_hex_side_between(&g, H(&g, "2737"), H(&g, "2739")), -1);
	/* every valid side slot names exactly one adjacent pair */
	for (int k = 0; k < rules_hex_side_count(&g); k++)
		if (rules_hex_side_hexes(&g, k, &a, &b) == 0) {
			assert_int_equal(rules_hex_side_between(&g, a, b), k);
			seen++;
		}
	/* interior edges of a 26x31 flat-topped grid: 3*n - (border terms) */
	assert_true(seen > 2 * g.count && seen < 3 * g.count);
}

static void test_hex_path_check(void **state)
{
	struct rules_hex_grid g = scheldt();
	int good[3], bad[3];
	(void)state;
	good[0] = H(&g, "2637");
	good[1] = H(&g, "2638");
	good[2] = H(&g, "2739");
	bad[0] = H(&g, "2637");
	bad[1] = H(&g, "2638");
	bad[2] = H(&g, "2640");
	assert_int_equal(rules_hex_path_check(&g, good, 3), -1);
	assert_int_equal(rules_hex_path_check(&g, bad, 3), 2);
	bad[0] = -1;
	assert_int_equal(rules_hex_path_check(&g, bad, 3), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_hex_init_rejects_bad_ranges),
	    cmocka_unit_test(test_hex_parse_format_round_trip),
	    cmocka_unit_test(test_hex_neighbours_even_shifted),
	    cmocka_unit_test(test_hex_neighbours_odd_shifted),
	    cmocka_unit_test(test_hex_neighbours_symmetric_and_directions_opposite),
	    cmocka_unit_test(test_hex_edges_have_no_offmap_neighbours),
	    cmocka_unit_test(test_hex_distance_matches_bfs),
	    cmocka_unit_test(test_hex_side_identity),
	    cmocka_unit_test(test_hex_path_check),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
