/*
 * test_timectl.c -- the clock arithmetic (server/timectl.c): specs, the
 * Fischer cap, days reset, the weekend pause and its deadlines, reminders,
 * and the vacation bank (start, accrual with play, cap, draw).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "server/timectl.h"

#define H SRV_TC_HOUR
#define D SRV_TC_DAY
/* Friday 2026-12-04 12:00 UTC, Saturday 00:00 and Monday 00:00 after it */
#define FRI_NOON ((int64_t)1796385600 * 1000)
#define SAT      ((int64_t)1796428800 * 1000)
#define MON      ((int64_t)1796601600 * 1000)

static struct srv_tc parse_ok(const char *spec)
{
	struct srv_tc tc;
	char err[200] = "";

	if (srv_tc_parse(&tc, spec, err, sizeof(err)) != 0)
		fail_msg("'%s' refused: %s", spec, err);
	return tc;
}

static void test_specs_parse_and_print_canonically(void **state)
{
	struct srv_tc tc;
	char buf[SRV_TC_SPEC_MAX], err[200];

	(void)state;
	tc = parse_ok("fischer:72+12/120");
	assert_int_equal(tc.kind, SRV_TC_FISCHER);
	assert_int_equal(tc.base, 72 * H);
	assert_int_equal(tc.inc, 12 * H);
	assert_int_equal(tc.cap, 120 * H);
	tc = parse_ok("DAYS:3 weekends=pause vacation=no");
	assert_string_equal(srv_tc_format(&tc, buf, sizeof(buf)),
	                    "days:3 weekends=pause vacation=no");
	tc = parse_ok("live:5+3");
	assert_int_equal(tc.base, 5 * SRV_TC_MINUTE);
	assert_int_equal(tc.inc, 3 * SRV_TC_SECOND);
	assert_string_equal(srv_tc_format(&tc, buf, sizeof(buf)), "live:5+3");
	tc = parse_ok("");
	assert_int_equal(tc.kind, SRV_TC_NONE);
	assert_string_equal(srv_tc_format(&tc, buf, sizeof(buf)), "none");
	/* refusals say what is expected */
	assert_int_equal(srv_tc_parse(&tc, "days:0", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "days:<n>"));
	assert_int_equal(srv_tc_parse(&tc, "fischer:72+12/48", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "cap"));
	assert_int_equal(srv_tc_parse(&tc, "live:5", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "live:<minutes>+<seconds>"));
	assert_int_equal(srv_tc_parse(&tc, "live:5+3 weekends=pause", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "correspondence"));
	assert_int_equal(srv_tc_parse(&tc, "hourglass", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no clock"));
}

static void test_fischer_increment_is_capped(void **state)
{
	struct srv_tc tc = parse_ok("fischer:72+12/120");

	(void)state;
	assert_int_equal(srv_tc_initial(&tc), 72 * H);
	assert_int_equal(srv_tc_after_action(&tc, 72 * H), 84 * H);
	assert_int_equal(srv_tc_after_action(&tc, 115 * H), 120 * H); /* capped */
	assert_int_equal(srv_tc_after_action(&tc, 120 * H), 120 * H);
	/* above the cap (moretime): kept, never cut */
	assert_int_equal(srv_tc_after_action(&tc, 130 * H), 130 * H);
}

static void test_days_reset_and_live_increment(void **state)
{
	struct srv_tc days = parse_ok("days:3"), live = parse_ok("live:10+5");

	(void)state;
	assert_int_equal(srv_tc_after_action(&days, 1 * H), 3 * D);
	assert_int_equal(srv_tc_after_action(&live, 60 * SRV_TC_SECOND), 65 * SRV_TC_SECOND);
	assert_int_equal(srv_tc_charge(&live, 1000, 4000), 3000);
	assert_int_equal(srv_tc_charge(&live, 4000, 1000), 0);
}

static void test_weekend_pause_is_not_charged(void **state)
{
	struct srv_tc paused = parse_ok("days:3 weekends=pause"), counted = parse_ok("days:3");

	(void)state;
	assert_int_equal(srv_tc_weekend_overlap(FRI_NOON, MON + 12 * H), 2 * D);
	assert_int_equal(srv_tc_weekend_overlap(SAT + H, SAT + 3 * H), 2 * H);
	/* Friday noon to Monday noon: 24 h charged when weekends pause, 72 h otherwise */
	assert_int_equal(srv_tc_charge(&paused, FRI_NOON, MON + 12 * H), 24 * H);
	assert_int_equal(srv_tc_charge(&counted, FRI_NOON, MON + 12 * H), 72 * H);
	/* all inside a weekend: nothing */
	assert_int_equal(srv_tc_charge(&paused, SAT + H, SAT + 40 * H), 0);
	/* the deadline skips the weekend: 24 h from Friday noon is Monday noon */
	assert_int_equal(srv_tc_deadline(&paused, FRI_NOON, 24 * H), MON + 12 * H);
	assert_int_equal(srv_tc_deadline(&counted, FRI_NOON, 24 * H), SAT + 12 * H);
	/* exactly at the start of the weekend */
	assert_int_equal(srv_tc_deadline(&paused, FRI_NOON, 12 * H), SAT);
	/* started inside the weekend: the clock starts on Monday */
	assert_int_equal(srv_tc_deadline(&paused, SAT + 5 * H, 3 * H), MON + 3 * H);
	/* a whole week later: 5 working days per week */
	assert_int_equal(srv_tc_deadline(&paused, MON, 5 * D), MON + 5 * D);
	assert_int_equal(srv_tc_deadline(&paused, MON, 5 * D + H), MON + 7 * D + H);
	/* deadline and charge agree */
	for (int64_t left = H; left < 20 * D; left += 7 * H) {
		int64_t t = srv_tc_deadline(&paused, FRI_NOON, left);
		assert_int_equal(srv_tc_charge(&paused, FRI_NOON, t), left);
	}
}

static void test_reminders_fire_once_nearest_first(void **state)
{
	unsigned mask = srv_tc_reminded_for(3 * D), next = 0;

	(void)state;
	assert_int_equal(mask, 0);
	assert_int_equal(srv_tc_reminder_due(30 * H, mask, &next), -1);
	assert_int_equal(srv_tc_reminder_due(23 * H, mask, &next), 0);
	assert_int_equal(next, 1u);
	mask = next;
	assert_int_equal(srv_tc_reminder_due(20 * H, mask, &next), -1);
	/* a jump past two thresholds sends only the nearest (1 h) */
	assert_int_equal(srv_tc_reminder_due(30 * SRV_TC_MINUTE, mask, &next), 2);
	assert_int_equal(next, 7u);
	/* a decision that begins with 5 h left gets no 24 h or 8 h reminder */
	assert_int_equal(srv_tc_reminded_for(5 * H), 3u);
}

static void test_vacation_bank_accrues_with_play_up_to_the_cap(void **state)
{
	struct srv_vac v;
	int64_t t = FRI_NOON;

	(void)state;
	srv_vac_init(&v);
	assert_int_equal(srv_vac_left(&v, t), 20 * D);
	srv_vac_credit(&v, t); /* the first play starts the accrual */
	assert_int_equal(v.bank, 20 * D);
	srv_vac_credit(&v, t + 8 * D); /* 8 days of play: one day */
	assert_int_equal(v.bank, 21 * D);
	srv_vac_credit(&v, t + 8 * D + 800 * D); /* capped at 30 days */
	assert_int_equal(v.bank, 30 * D);
	/* a vacation draws the bank by its length */
	t += 808 * D;
	assert_int_equal(srv_vac_start(&v, t), 0);
	assert_int_equal(srv_vac_start(&v, t), -1);
	assert_int_equal(srv_vac_left(&v, t + 2 * D), 28 * D);
	assert_int_equal(srv_vac_ends(&v), t + 30 * D);
	srv_vac_credit(&v, t + 2 * D); /* no accrual while on vacation */
	srv_vac_stop(&v, t + 2 * D);
	assert_int_equal(v.bank, 28 * D);
	assert_int_equal(v.on_since, 0);
	/* an emptied bank refuses a vacation */
	assert_int_equal(srv_vac_start(&v, t + 3 * D), 0);
	assert_int_equal(srv_vac_left(&v, t + 40 * D), 0);
	srv_vac_stop(&v, t + 40 * D);
	assert_int_equal(srv_vac_start(&v, t + 40 * D), -1);
}

static void test_durations_read_well(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(srv_tc_duration(3 * D + 4 * H, buf, sizeof(buf)), "3d 4h");
	assert_string_equal(srv_tc_duration(8 * H, buf, sizeof(buf)), "8h");
	assert_string_equal(srv_tc_duration(8 * H + 5 * SRV_TC_MINUTE, buf, sizeof(buf)), "8h 05m");
	assert_string_equal(srv_tc_duration(245 * SRV_TC_SECOND, buf, sizeof(buf)), "4m 05s");
	assert_string_equal(srv_tc_duration(-5, buf, sizeof(buf)), "0s");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_specs_parse_and_print_canonically),
	    cmocka_unit_test(test_fischer_increment_is_capped),
	    cmocka_unit_test(test_days_reset_and_live_increment),
	    cmocka_unit_test(test_weekend_pause_is_not_charged),
	    cmocka_unit_test(test_reminders_fire_once_nearest_first),
	    cmocka_unit_test(test_vacation_bank_accrues_with_play_up_to_the_cap),
	    cmocka_unit_test(test_durations_read_well),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
