/*
 * test_buf.c -- unit tests for protocol/buf.c (the growable byte buffer).
 *
 * Covers the buf.h invariants: data NULL iff cap == 0, data[len] == '\0'
 * and len < cap after every operation, appends all-or-nothing (including
 * the size overflow case), consume/reset/detach/release semantics.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "protocol/buf.h"

static void check_invariants(const struct proto_buf *b)
{
	if (b->cap == 0) {
		assert_null(b->data);
		assert_int_equal(b->len, 0);
		return;
	}
	assert_non_null(b->data);
	assert_true(b->len < b->cap);
	assert_int_equal(b->data[b->len], '\0');
}

static void test_init_is_empty(void **state)
{
	struct proto_buf a = PROTO_BUF_INIT, b;

	(void)state;
	memset(&b, 0x5a, sizeof(b));
	proto_buf_init(&b);
	check_invariants(&a);
	check_invariants(&b);
	assert_null(b.data);
	assert_int_equal(b.len, 0);
	assert_int_equal(b.cap, 0);
	proto_buf_release(&b); /* releasing an empty buffer is harmless */
	check_invariants(&b);
}

static void test_add_variants(void **state)
{
	struct proto_buf b = PROTO_BUF_INIT;

	(void)state;
	assert_int_equal(proto_buf_adds(&b, "hello"), 0);
	check_invariants(&b);
	assert_int_equal(proto_buf_addch(&b, ' '), 0);
	assert_int_equal(proto_buf_add(&b, "worldXXX", 5), 0);
	assert_int_equal(proto_buf_addf(&b, " %d-%s", 42, "x"), 0);
	check_invariants(&b);
	assert_string_equal(b.data, "hello world 42-x");
	assert_int_equal(b.len, strlen("hello world 42-x"));
	/* Zero-length appends keep the contents and the invariants. */
	assert_int_equal(proto_buf_add(&b, NULL, 0), 0);
	assert_int_equal(proto_buf_adds(&b, ""), 0);
	assert_int_equal(proto_buf_addf(&b, "%s", ""), 0);
	assert_string_equal(b.data, "hello world 42-x");
	proto_buf_release(&b);
	check_invariants(&b);
}

static void test_add_zero_to_empty_allocates_string(void **state)
{
	struct proto_buf b = PROTO_BUF_INIT;

	(void)state;
	assert_int_equal(proto_buf_adds(&b, ""), 0);
	check_invariants(&b);
	assert_non_null(b.data);
	assert_string_equal(b.data, "");
	proto_buf_release(&b);
}

static void test_embedded_nul_bytes(void **state)
{
	struct proto_buf b = PROTO_BUF_INIT;

	(void)state;
	assert_int_equal(proto_buf_add(&b, "a\0b", 3), 0);
	assert_int_equal(b.len, 3);
	assert_memory_equal(b.data, "a\0b", 4);
	proto_buf_release(&b);
}

static void test_growth_keeps_contents(void **state)
{
	struct proto_buf b = PROTO_BUF_INIT;
	size_t i;

	(void)state;
	for (i = 0; i < 10000; i++) {
		assert_int_equal(proto_buf_addch(&b, (char)('a' + i % 26)), 0);
		check_invariants(&b);
	}
	assert_int_equal(b.len, 10000);
	for (i = 0; i < 10000; i++)
		assert_int_equal(b.data[i], 'a' + i % 26);
	proto_buf_release(&b);
}

static void test_addf_long_output(void **state)
{
	struct proto_buf b = PROTO_BUF_INIT;
	char big[5000];

	(void)state;
	memset(big, 'q', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(proto_buf_adds(&b, "<"), 0);
	assert_int_equal(proto_buf_addf(&b, "%s>%d", big, 7), 0);
	check_invariants(&b);
	assert_int_equal(b.len, 1 + 4999 + 2);
	assert_int_equal(b.data[0], '<');
	assert_int_equal(b.data[5000], '>');
	assert_int_equal(b.data[5001], '7');
	proto_buf_release(&b);
}

static void test_grow_overflow_fails_unchanged(void **state)
{
	struct proto_buf b = PROTO_BUF_INIT;
	char *before;
	size_t cap;

	(void)state;
	assert_int_equal(proto_buf_adds(&b, "keep"), 0);
	before = b.data;
	cap = b.cap;
	assert_int_equal(proto_buf_grow(&b, SIZE_MAX), -1);
	assert_int_equal(proto_buf_grow(&b, SIZE_MAX - 4), -1);
	assert_ptr_equal(b.data, before);
	assert_int_equal(b.cap, cap);
	assert_string_equal(b.data, "keep");
	check_invariants(&b);
	/* grow then a fitting append does not move the storage */
	assert_int_equal(proto_buf_grow(&b, 1000), 0);
	before = b.data;
	assert_true(b.cap >= b.len + 1000 + 1);
	{
		char fill[1000];

		memset(fill, 'z', sizeof(fill));
		assert_int_equal(proto_buf_add(&b, fill, sizeof(fill)), 0);
	}
	assert_ptr_equal(b.data, before);
	proto_buf_release(&b);
}

static void test_consume(void **state)
{
	struct proto_buf b = PROTO_BUF_INIT;
	size_t cap;

	(void)state;
	assert_int_equal(proto_buf_adds(&b, "line one\nline two\n"), 0);
	cap = b.cap;
	proto_buf_consume(&b, 9);
	check_invariants(&b);
	assert_string_equal(b.data, "line two\n");
	proto_buf_consume(&b, 0);
	assert_string_equal(b.data, "line two\n");
	proto_buf_consume(&b, b.len);
	check_invariants(&b);
	assert_int_equal(b.len, 0);
	assert_string_equal(b.data, "");
	assert_int_equal(b.cap, cap); /* storage kept */
	proto_buf_release(&b);
}

static void test_reset_keeps_storage(void **state)
{
	struct proto_buf b = PROTO_BUF_INIT;
	char *data;

	(void)state;
	proto_buf_reset(&b); /* on an empty buffer */
	check_invariants(&b);
	assert_int_equal(proto_buf_adds(&b, "abc"), 0);
	data = b.data;
	proto_buf_reset(&b);
	check_invariants(&b);
	assert_ptr_equal(b.data, data);
	assert_string_equal(b.data, "");
	assert_int_equal(proto_buf_adds(&b, "x"), 0);
	assert_string_equal(b.data, "x");
	proto_buf_release(&b);
}

static void test_detach(void **state)
{
	struct proto_buf b = PROTO_BUF_INIT;
	size_t len = 99;
	char *s;

	(void)state;
	s = proto_buf_detach(&b, &len);
	assert_null(s);
	assert_int_equal(len, 0);

	assert_int_equal(proto_buf_adds(&b, "mine now"), 0);
	s = proto_buf_detach(&b, &len);
	assert_non_null(s);
	assert_string_equal(s, "mine now");
	assert_int_equal(len, 8);
	check_invariants(&b);
	assert_null(b.data);
	/* the buffer is reusable and independent of the detached storage */
	assert_int_equal(proto_buf_adds(&b, "new"), 0);
	assert_string_equal(s, "mine now");
	free(s);
	s = proto_buf_detach(&b, NULL);
	assert_string_equal(s, "new");
	free(s);
}

/* A secret buffer: growth keeps the bytes, what consume and reset leave behind is zero, the
 * mark survives release; an ordinary buffer is unchanged by the mark's existence. */
static void test_secret_buffers_leave_no_bytes_behind(void **state)
{
	struct proto_buf b = PROTO_BUF_INIT;
	char big[300];

	(void)state;
	assert_int_equal(b.secret, 0);
	proto_buf_secret(&b);
	assert_int_equal(proto_buf_adds(&b, "login ann hunter2-hunter2"), 0);
	memset(big, 'x', sizeof(big));
	assert_int_equal(proto_buf_add(&b, big, sizeof(big)), 0); /* grows: a new block */
	check_invariants(&b);
	assert_memory_equal(b.data, "login ann hunter2-hunter2", 25);
	proto_buf_consume(&b, 10);
	check_invariants(&b);
	assert_memory_equal(b.data, "hunter2-hunter2", 15);
	for (size_t i = b.len; i < b.len + 10; i++)
		assert_int_equal(b.data[i], 0); /* the tail the move left */
	proto_buf_reset(&b);
	for (size_t i = 0; i < 15 + sizeof(big); i++)
		assert_int_equal(b.data[i], 0);
	proto_buf_release(&b);
	assert_null(b.data);
	assert_int_equal(b.secret, 1);
	assert_int_equal(proto_buf_adds(&b, "again"), 0);
	proto_buf_release(&b);
	proto_buf_init(&b);
	assert_int_equal(b.secret, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_init_is_empty),
	    cmocka_unit_test(test_add_variants),
	    cmocka_unit_test(test_add_zero_to_empty_allocates_string),
	    cmocka_unit_test(test_embedded_nul_bytes),
	    cmocka_unit_test(test_growth_keeps_contents),
	    cmocka_unit_test(test_addf_long_output),
	    cmocka_unit_test(test_grow_overflow_fails_unchanged),
	    cmocka_unit_test(test_consume),
	    cmocka_unit_test(test_reset_keeps_storage),
	    cmocka_unit_test(test_detach),
	    cmocka_unit_test(test_secret_buffers_leave_no_bytes_behind),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
