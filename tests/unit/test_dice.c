/*
 * test_dice.c -- the dice stream: determinism from the seed, fairness of
 * every face, the forced-value queue and the roll log, copy semantics.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "rules/core/dice.h"

static const uint8_t seed_a[32] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,
                                   17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};

static void test_same_seed_same_stream(void **state)
{
	struct rules_dice a, b;

	(void)state;
	rules_dice_seed(&a, seed_a);
	rules_dice_seed(&b, seed_a);
	for (int i = 0; i < 1000; i++)
		assert_int_equal(rules_dice_roll(&a, 6), rules_dice_roll(&b, 6));
	assert_true(a.draws >= 1000);
	rules_dice_release(&a);
	rules_dice_release(&b);
}

static void test_different_seeds_differ(void **state)
{
	struct rules_dice a, b;
	uint8_t seed_b[32];
	int same = 0;

	(void)state;
	memcpy(seed_b, seed_a, 32);
	seed_b[31] ^= 1;
	rules_dice_seed(&a, seed_a);
	rules_dice_seed(&b, seed_b);
	for (int i = 0; i < 100; i++)
		same += rules_dice_roll(&a, 6) == rules_dice_roll(&b, 6);
	assert_true(same < 40); /* about 17 expected by chance */
	rules_dice_release(&a);
	rules_dice_release(&b);
}

static void test_known_first_outputs(void **state)
{
	/* xoshiro256** reference: state {1,2,3,4} gives 11520, 0, 1509978240,
	 * 1215971899390074240 (Blackman & Vigna's reference implementation). */
	struct rules_dice d;
	uint8_t seed[32] = {0};

	(void)state;
	seed[0] = 1;
	seed[8] = 2;
	seed[16] = 3;
	seed[24] = 4;
	rules_dice_seed(&d, seed);
	assert_true(rules_dice_next64(&d) == 11520ULL);
	assert_true(rules_dice_next64(&d) == 0ULL);
	assert_true(rules_dice_next64(&d) == 1509978240ULL);
	assert_true(rules_dice_next64(&d) == 1215971899390074240ULL);
	rules_dice_release(&d);
}

static void test_all_zero_seed_is_usable(void **state)
{
	struct rules_dice d;
	uint8_t zero[32] = {0};
	int seen[7] = {0};

	(void)state;
	rules_dice_seed(&d, zero);
	for (int i = 0; i < 600; i++)
		seen[rules_dice_roll(&d, 6)]++;
	for (int f = 1; f <= 6; f++)
		assert_true(seen[f] > 0);
	rules_dice_release(&d);
}

static void test_faces_are_fair(void **state)
{
	struct rules_dice d;
	long counts[7] = {0};
	const long n = 600000;

	(void)state;
	rules_dice_seed(&d, seed_a);
	for (long i = 0; i < n; i++) {
		int v = rules_dice_roll(&d, 6);
		assert_true(v >= 1 && v <= 6);
		counts[v]++;
	}
	/* chi-square with 5 degrees of freedom; 20.5 is the 0.999 quantile */
	double chi = 0;
	for (int f = 1; f <= 6; f++) {
		double e = n / 6.0, diff = counts[f] - e;
		chi += diff * diff / e;
	}
	assert_true(chi < 20.5);
	rules_dice_release(&d);
}

static void test_pick_is_in_range(void **state)
{
	struct rules_dice d;
	int seen[5] = {0};

	(void)state;
	rules_dice_seed(&d, seed_a);
	for (int i = 0; i < 500; i++) {
		int p = rules_dice_pick(&d, 5);
		assert_true(p >= 0 && p < 5);
		seen[p]++;
	}
	for (int i = 0; i < 5; i++)
		assert_true(seen[i] > 0);
	assert_int_equal(rules_dice_pick(&d, 1), 0);
	rules_dice_release(&d);
}

static void test_forced_values_come_first_and_are_logged(void **state)
{
	struct rules_dice d, ref;
	int first_free;

	(void)state;
	rules_dice_seed(&d, seed_a);
	rules_dice_seed(&ref, seed_a);
	assert_int_equal(rules_dice_force(&d, 6), 0);
	assert_int_equal(rules_dice_force(&d, 1), 0);
	assert_int_equal(rules_dice_force(&d, 9), 0); /* folded: 1 + 8 % 6 = 3 */
	assert_int_equal(rules_dice_force(&d, 0), -1);
	rules_dice_clear_log(&d);
	assert_int_equal(rules_dice_roll(&d, 6), 6);
	assert_int_equal(rules_dice_roll(&d, 6), 1);
	assert_int_equal(rules_dice_roll(&d, 6), 3);
	/* forced values do not consume the stream */
	assert_true(d.draws == 0);
	first_free = rules_dice_roll(&d, 6);
	assert_int_equal(first_free, rules_dice_roll(&ref, 6));
	assert_int_equal((int)d.nlog, 4);
	assert_int_equal(d.log[0].forced, 1);
	assert_int_equal(d.log[2].value, 3);
	assert_int_equal(d.log[3].forced, 0);
	assert_int_equal(d.log[3].value, first_free);
	rules_dice_clear_log(&d);
	assert_int_equal((int)d.nlog, 0);
	rules_dice_release(&d);
	rules_dice_release(&ref);
}

static void test_queue_limit(void **state)
{
	struct rules_dice d;

	(void)state;
	rules_dice_seed(&d, seed_a);
	for (int i = 0; i < RULES_DICE_QUEUE_MAX; i++)
		assert_int_equal(rules_dice_force(&d, 2), 0);
	assert_int_equal(rules_dice_force(&d, 2), -1);
	rules_dice_release(&d);
}

static void test_copy_is_a_checkpoint(void **state)
{
	struct rules_dice d, saved;
	int a, b;

	(void)state;
	rules_dice_seed(&d, seed_a);
	rules_dice_roll(&d, 6);
	saved = d;
	a = rules_dice_roll(&d, 6);
	d = saved;
	b = rules_dice_roll(&d, 6);
	assert_int_equal(a, b);
	rules_dice_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_same_seed_same_stream),
	    cmocka_unit_test(test_different_seeds_differ),
	    cmocka_unit_test(test_known_first_outputs),
	    cmocka_unit_test(test_all_zero_seed_is_usable),
	    cmocka_unit_test(test_faces_are_fair),
	    cmocka_unit_test(test_pick_is_in_range),
	    cmocka_unit_test(test_forced_values_come_first_and_are_logged),
	    cmocka_unit_test(test_queue_limit),
	    cmocka_unit_test(test_copy_is_a_checkpoint),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
