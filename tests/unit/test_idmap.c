/*
 * test_idmap.c -- the id -> pointer map: insert, replace, delete with
 * tombstones, growth, and the walk.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "server/idmap.h"

static void count_cb(void *ctx, int64_t id, void *value)
{
	int64_t *sum = ctx;

	assert_true((intptr_t)value == id * 10);
	*sum += id;
}

static void test_put_get_del(void **state)
{
	struct srv_idmap m;
	int64_t sum = 0;

	(void)state;
	srv_idmap_init(&m);
	assert_null(srv_idmap_get(&m, 1));
	for (int64_t id = 1; id <= 5000; id++)
		assert_int_equal(srv_idmap_put(&m, id, (void *)(intptr_t)(id * 10)), 0);
	assert_int_equal((int)m.count, 5000);
	for (int64_t id = 1; id <= 5000; id++)
		assert_true((intptr_t)srv_idmap_get(&m, id) == id * 10);
	for (int64_t id = 1; id <= 5000; id += 2)
		srv_idmap_del(&m, id);
	assert_int_equal((int)m.count, 2500);
	assert_null(srv_idmap_get(&m, 1));
	assert_true((intptr_t)srv_idmap_get(&m, 2) == 20);
	srv_idmap_del(&m, 1); /* absent: no-op */
	srv_idmap_each(&m, count_cb, &sum);
	assert_true(sum == 2 * (2500LL * 2501 / 2));
	/* replace keeps the count */
	assert_int_equal(srv_idmap_put(&m, 2, (void *)(intptr_t)20), 0);
	assert_int_equal((int)m.count, 2500);
	/* churn through tombstones without growing forever */
	for (int round = 0; round < 20; round++) {
		for (int64_t id = 100001; id <= 101000; id++)
			srv_idmap_put(&m, id, (void *)(intptr_t)(id * 10));
		for (int64_t id = 100001; id <= 101000; id++)
			srv_idmap_del(&m, id);
	}
	assert_int_equal((int)m.count, 2500);
	assert_true(m.cap <= 16384);
	srv_idmap_release(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_put_get_del),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
