/*
 * test_e2e_shipped.c -- the shipped daemon `wargamed`: its command line
 * (--version, --help with the fixed flag names, check-scenario), and that
 * it does not know the test-only ruleset: a race scenario given to it is
 * reported as not loaded instead of being offered.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "e2e.h"
#include "e2e_assert.h"

static void test_version_and_help(void **state)
{
	static char out[16384];
	static const char *const flags[] = {
	    "--listen", "--db",     "--log-level", "--max-clients",  "--allow-debug", "--version",
	    "--help",   "--config", "--scenarios", "--output-limit", "--idle-timeout"};

	(void)state;
	assert_int_equal(e2e_run(WG_DAEMON " --version", out, sizeof(out)), 0);
	assert_true(strncmp(out, "wargamed ", 9) == 0);
	assert_int_equal(e2e_run(WG_DAEMON " --help", out, sizeof(out)), 0);
	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		assert_contains(out, flags[i]);
	assert_contains(out, "check-scenario");
	assert_int_equal(e2e_run(WG_DAEMON " --no-such-flag 2>&1", out, sizeof(out)), 2);
	assert_contains(out, "unknown option '--no-such-flag'");
}

static void test_check_scenario_reports_and_exits_nonzero(void **state)
{
	static char out[16384];

	(void)state;
	/* the shipped daemon has no race ruleset */
	assert_int_equal(
	    e2e_run(WG_DAEMON " check-scenario " WG_RACE_DIR "/race.json 2>&1", out, sizeof(out)),
	    1);
	assert_contains(out, "unknown ruleset 'race'");
	assert_int_equal(
	    e2e_run(WG_DAEMON " check-scenario /nonexistent.json 2>&1", out, sizeof(out)), 1);
	assert_contains(out, "cannot read");
	/* the test daemon knows it */
	assert_int_equal(e2e_run(WG_TEST_DAEMON " check-scenario " WG_RACE_DIR "/race.json 2>&1",
	                         out, sizeof(out)),
	                 0);
	assert_contains(out, "ok    ");
	assert_contains(out, "scenario 'race'");
}

static void test_shipped_daemon_does_not_offer_the_test_ruleset(void **state)
{
	static const char *const args[] = {"--data-dir", WG_RACE_DIR, NULL};
	static struct e2e_server server;
	static struct e2e_client c;

	(void)state;
	assert_int_equal(e2e_server_start(&server, WG_DAEMON, args), 0);
	assert_int_equal(e2e_login_new(&c, server.port, "alice", "secret-a"), 0);
	cmd_ok(&c, "scenarios");
	assert_contains(c.reply, "not loaded:");
	assert_contains(e2e_flat(c.reply), "unknown ruleset 'race'");
	assert_not_contains(c.reply, "Dice race");
	cmd_err(&c, "no-such-scenario", "new race");
	cmd_err(&c, "unknown-verb", "roll");
	e2e_close(&c);
	assert_int_equal(e2e_server_stop(&server), 0);
	e2e_server_cleanup(&server);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_version_and_help),
	    cmocka_unit_test(test_check_scenario_reports_and_exits_nonzero),
	    cmocka_unit_test(test_shipped_daemon_does_not_offer_the_test_ruleset),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
