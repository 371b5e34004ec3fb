/*
 * test_auth.c -- password hashing (argon2id via libsodium), name and
 * password rules, and the failed-login brake with its decay.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include <sodium.h>

#include "server/auth.h"

static void test_hash_and_verify(void **state)
{
	char h1[128], h2[128];

	(void)state;
	assert_true(sodium_init() >= 0);
	assert_int_equal(srv_auth_hash("correct horse", h1), 0);
	assert_int_equal(srv_auth_hash("correct horse", h2), 0);
	assert_true(strncmp(h1, "$argon2id$", 10) == 0);
	assert_string_not_equal(h1, h2); /* salted */
	assert_null(strstr(h1, "correct horse"));
	assert_int_equal(srv_auth_verify(h1, "correct horse"), 0);
	assert_int_equal(srv_auth_verify(h1, "correct horsf"), -1);
	assert_int_equal(srv_auth_verify(h1, ""), -1);
	assert_int_equal(srv_auth_verify("not a hash", "correct horse"), -1);
}

static void test_names(void **state)
{
	(void)state;
	assert_int_equal(srv_auth_check_name("alice"), 0);
	assert_int_equal(srv_auth_check_name("Al"), 0);
	assert_int_equal(srv_auth_check_name("a_b-c9"), 0);
	assert_int_equal(srv_auth_check_name("a"), -1);
	assert_int_equal(srv_auth_check_name("9lives"), -1);
	assert_int_equal(srv_auth_check_name("_x"), -1);
	assert_int_equal(srv_auth_check_name("has space"), -1);
	assert_int_equal(srv_auth_check_name("caf\xc3\xa9"), -1);
	assert_int_equal(srv_auth_check_name("abcdefghijabcdefghijabcdefghij12"), 0);   /* 32 */
	assert_int_equal(srv_auth_check_name("abcdefghijabcdefghijabcdefghij123"), -1); /* 33 */
}

static void test_passwords(void **state)
{
	char longpw[SRV_PASSWORD_MAX + 2];

	(void)state;
	assert_int_equal(srv_auth_check_password("123456"), 0);
	assert_int_equal(srv_auth_check_password("12345"), -1);
	memset(longpw, 'x', SRV_PASSWORD_MAX);
	longpw[SRV_PASSWORD_MAX] = '\0';
	assert_int_equal(srv_auth_check_password(longpw), 0);
	longpw[SRV_PASSWORD_MAX] = 'x';
	longpw[SRV_PASSWORD_MAX + 1] = '\0';
	assert_int_equal(srv_auth_check_password(longpw), -1);
}

static void test_brake_grows_caps_and_refuses(void **state)
{
	struct srv_auth a;

	(void)state;
	srv_auth_init(&a);
	assert_int_equal(srv_auth_delay_ms(&a, "10.0.0.1", 100), 0);
	for (int i = 0; i < 3; i++)
		srv_auth_failed(&a, "10.0.0.1", 100);
	assert_int_equal(srv_auth_delay_ms(&a, "10.0.0.1", 100), 0);
	srv_auth_failed(&a, "10.0.0.1", 100);
	assert_int_equal(srv_auth_delay_ms(&a, "10.0.0.1", 100), 2000);
	srv_auth_failed(&a, "10.0.0.1", 100);
	assert_int_equal(srv_auth_delay_ms(&a, "10.0.0.1", 100), 4000);
	for (int i = 0; i < 5; i++)
		srv_auth_failed(&a, "10.0.0.1", 100);
	assert_int_equal(srv_auth_delay_ms(&a, "10.0.0.1", 100), 30000);
	/* other addresses are not affected */
	assert_int_equal(srv_auth_delay_ms(&a, "10.0.0.2", 100), 0);
	for (int i = 0; i < 30; i++)
		srv_auth_failed(&a, "10.0.0.1", 100);
	assert_int_equal(srv_auth_delay_ms(&a, "10.0.0.1", 100), -1);
	srv_auth_release(&a);
}

static void test_brake_decays(void **state)
{
	struct srv_auth a;

	(void)state;
	srv_auth_init(&a);
	for (int i = 0; i < 5; i++)
		srv_auth_failed(&a, "::1", 1000);
	assert_int_equal(srv_auth_delay_ms(&a, "::1", 1000), 4000);
	srv_auth_tick(&a, 1000 + a.decay_seconds);
	assert_int_equal(srv_auth_delay_ms(&a, "::1", 1000), 2000);
	srv_auth_tick(&a, 1000 + 10 * a.decay_seconds);
	assert_int_equal(srv_auth_delay_ms(&a, "::1", 1000), 0);
	assert_int_equal((int)a.npeers, 0);
	srv_auth_release(&a);
}

static void test_refund_and_register_brake(void **state)
{
	struct srv_auth a;

	(void)state;
	assert_int_equal(srv_auth_init(&a), 0);
	assert_int_equal(srv_auth_verify(a.dummy_hash, "no such user, no such password"), 0);
	/* an attempt counts when it starts and is given back when right */
	for (int i = 0; i < 5; i++)
		srv_auth_failed(&a, "10.0.0.1", 100);
	srv_auth_refund(&a, "10.0.0.1");
	assert_int_equal(srv_auth_delay_ms(&a, "10.0.0.1", 100), 2000);
	/* registrations: register_free of them, then the same brake; never refunded */
	a.register_free = 2;
	assert_int_equal(srv_auth_register_delay_ms(&a, "10.0.0.3"), 0);
	srv_auth_registered(&a, "10.0.0.3", 100);
	assert_int_equal(srv_auth_register_delay_ms(&a, "10.0.0.3"), 0);
	srv_auth_registered(&a, "10.0.0.3", 100);
	assert_int_equal(srv_auth_register_delay_ms(&a, "10.0.0.3"), 2000);
	srv_auth_refund(&a, "10.0.0.3");
	assert_int_equal(srv_auth_register_delay_ms(&a, "10.0.0.3"), 2000);
	for (int i = 0; i < 27; i++)
		srv_auth_registered(&a, "10.0.0.3", 100);
	assert_int_equal(srv_auth_register_delay_ms(&a, "10.0.0.3"), -1);
	assert_int_equal(srv_auth_delay_ms(&a, "10.0.0.3", 100), 0);
	/* nothing in flight: admitted */
	assert_int_equal(srv_auth_admit(&a, "10.0.0.3"), 0);
	a.inflight_max = 0;
	assert_int_equal(srv_auth_admit(&a, "10.0.0.3"), -1);
	srv_auth_release(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_hash_and_verify),
	    cmocka_unit_test(test_names),
	    cmocka_unit_test(test_refund_and_register_brake),
	    cmocka_unit_test(test_passwords),
	    cmocka_unit_test(test_brake_grows_caps_and_refuses),
	    cmocka_unit_test(test_brake_decays),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
