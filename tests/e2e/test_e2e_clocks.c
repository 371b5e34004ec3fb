/*
 * test_e2e_clocks.c -- the games' clocks against the real daemon
 * (wargamed-test, the race ruleset), with the fake clock of --debug-clock:
 * no test waits for real time, `debug clock +<seconds>` moves it.
 *
 *   - clock= is checked, stored and shown by new, view and games; a side's
 *     clock runs only while pending awaits it (both in the race's secret bid);
 *   - a deadline that passes is a timeout host action: a loss on time, or
 *     what the engine decides (RACE-6: a timed-out bid is a bid of 1), in
 *     the log and replayed exactly after a SIGKILL;
 *   - after a restart every clock resumes where it was, the time the server
 *     was down not charged;
 *   - vacation stops a user's correspondence clocks (not those of a
 *     vacation=no game) and draws the bank; moretime gives the opponent time;
 *   - reminders at 24 h, 8 h and 1 h before a deadline reach every
 *     connection of that player (text and JSON), your-turn carries the
 *     deadline, and a login starts with a digest, soonest deadline first.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"
#include "e2e_assert.h"

/* Wednesday 2026-12-02 00:00 UTC */
#define T0   1796169600LL
#define HOUR 3600LL
#define DAY  86400LL

static struct e2e_server server;
static char clock_arg[32];

static int start(void **state)
{
	static const char *const args[] = {"--data-dir",    WG_RACE_DIR, "--allow-debug",
	                                   "--debug-clock", clock_arg,   NULL};

	(void)state;
	snprintf(clock_arg, sizeof(clock_arg), "%lld", T0);
	return e2e_server_start(&server, WG_TEST_DAEMON, args);
}

static int stop(void **state)
{
	(void)state;
	e2e_server_cleanup(&server);
	return 0;
}

static int64_t game_id(const char *reply)
{
	const char *p = strstr(reply, "game: ");

	return p ? atoll(p + 6) : 0;
}

/* alice (red) and bob (blue) start a race with options; the start die is forced to 2 (red
 * rolls first).  Returns the game id; both connections use it. */
static int64_t start_game(struct e2e_client *alice, struct e2e_client *bob, const char *options)
{
	int64_t id;

	cmd_ok(alice, "new race side=red %s", options);
	id = game_id(alice->reply);
	assert_true(id > 0);
	cmd_ok(alice, "debug dice 2");
	cmd_ok(bob, "join %lld", (long long)id);
	cmd_ok(alice, "use %lld", (long long)id);
	return id;
}

static void advance(struct e2e_client *c, long long seconds)
{
	cmd_ok(c, "debug clock +%lld", seconds);
}

/* The clock line of a text view. */
static const char *clock_line(struct e2e_client *c)
{
	static char line[400];
	const char *p, *end;

	cmd_ok(c, "view");
	p = strstr(e2e_flat(c->reply), "clock ");
	assert_non_null(p);
	end = strstr(p, " waiting for");
	snprintf(line, sizeof(line), "%.*s", end ? (int)(end - p) : 300, p);
	return line;
}

static void restart_after_kill(long long fake_now)
{
	e2e_server_kill(&server);
	snprintf(clock_arg, sizeof(clock_arg), "%lld", fake_now);
	assert_int_equal(e2e_server_restart(&server), 0);
}

static void relogin(struct e2e_client *c, const char *name, const char *pw, int64_t game)
{
	e2e_close(c);
	assert_int_equal(e2e_connect(c, server.port), 0);
	cmd_ok(c, "login %s %s", name, pw);
	if (game > 0)
		cmd_ok(c, "use %lld", (long long)game);
}

/* ---- time controls ---- */

static void test_clock_is_checked_stored_and_shown(void **state)
{
	static struct e2e_client alice, bob;
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob", "secret-b"), 0);
	/* every refusal says what is expected */
	cmd_err(&alice, "bad-option", "new race clock=days:0");
	assert_contains(e2e_flat(alice.reply), "days:<n>");
	cmd_err(&alice, "bad-option", "new race clock=fischer:72+12");
	assert_contains(e2e_flat(alice.reply), "fischer:<hours>+<hours>/<cap hours>");
	cmd_err(&alice, "bad-option", "new race clock=live:5+3 weekends=pause");
	assert_contains(e2e_flat(alice.reply), "correspondence");
	cmd_err(&alice, "bad-option", "new race clock=sundial");
	/* a clock stored with the game and shown */
	id = start_game(&alice, &bob, "clock=fischer:72+12/120 weekends=pause");
	cmd_ok(&alice, "games mine");
	assert_contains(alice.reply, "fischer:72+12/120 weekends=pause");
	/* Wednesday: red's clock runs (red rolls first), blue's does not */
	advance(&alice, 2 * HOUR);
	assert_contains(clock_line(&alice), "red 2d 22h left, runs out");
	assert_contains(clock_line(&alice), "blue 3d left");
	/* red rolls: charged 2 h, credited 12 h; now blue's clock runs */
	cmd_ok(&alice, "roll");
	advance(&alice, HOUR);
	assert_contains(clock_line(&alice), "red 3d 10h left;");
	assert_contains(clock_line(&alice), "blue 2d 23h left, runs out");
	/* bob rolls: the secret bid awaits both, and both clocks run */
	cmd_ok(&bob, "use %lld", (long long)id);
	cmd_ok(&bob, "roll");
	advance(&alice, HOUR);
	assert_contains(clock_line(&alice), "red 3d 9h left, runs out");
	assert_contains(clock_line(&alice), "blue 3d 10h left, runs out");
	/* red bids: + 12 h (under the 120 h cap; the cap itself: test_timectl) */
	cmd_ok(&alice, "bid 2");
	assert_contains(clock_line(&alice), "red 3d 21h left;");
	/* JSON mode has every field */
	cmd_ok(&alice, "mode json");
	cmd_ok(&alice, "view");
	assert_contains(alice.reply, "\"clock\":{\"spec\":\"fischer:72+12/120 weekends=pause\"");
	assert_contains(alice.reply, "\"running\":true");
	cmd_ok(&alice, "mode text");
	/* weekends pause: from Wednesday 04:00 to Sunday 04:00 blue is charged Wednesday to
	 * Friday only (68 h), and its deadline stays Monday 14:00 */
	advance(&alice, 4 * DAY);
	assert_contains(clock_line(&alice), "blue 14h left, runs out 2026-12-07 14:00 UTC");
	e2e_close(&alice);
	e2e_close(&bob);
}

/* ---- timeouts ---- */

static void test_deadline_passes_loss_on_time_replayed_after_sigkill(void **state)
{
	static struct e2e_client alice, bob;
	static char view_before[E2E_BUF], log_before[E2E_BUF];
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "carol", "secret-c"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "dave", "secret-d"), 0);
	id = start_game(&alice, &bob, "clock=days:1");
	advance(&alice, DAY - 60);
	cmd_ok(&alice, "view");
	assert_contains(alice.reply, "active");
	advance(&bob, 61);
	assert_non_null(e2e_take_event(&bob, "carol (red) lost on time; blue wins", 2000));
	cmd_ok(&alice, "view");
	assert_contains(alice.reply, "result: carol (red) lost on time; blue wins");
	cmd_ok(&alice, "log 5");
	assert_contains(alice.reply, "timed-out");
	cmd_err(&alice, "game-over", "roll");
	snprintf(view_before, sizeof(view_before), "%s", clock_line(&alice));
	cmd_ok(&alice, "log 50");
	snprintf(log_before, sizeof(log_before), "%s", alice.reply);

	restart_after_kill(T0 + 30 * DAY);
	relogin(&alice, "carol", "secret-c", id);
	assert_string_equal(clock_line(&alice), view_before);
	cmd_ok(&alice, "log 50");
	assert_string_equal(alice.reply, log_before);
	cmd_ok(&alice, "verify");
	assert_contains(alice.final, "verified");
	e2e_close(&alice);
	e2e_close(&bob);
}

static void test_engine_decides_a_timeout_in_the_secret_bid(void **state)
{
	static struct e2e_client alice, bob;
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "erin", "secret-e"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "frank", "secret-f"), 0);
	id = start_game(&alice, &bob, "clock=days:1");
	cmd_ok(&bob, "use %lld", (long long)id);
	cmd_ok(&alice, "debug dice 3");
	cmd_ok(&alice, "roll");
	cmd_ok(&bob, "debug dice 4");
	cmd_ok(&bob, "roll");
	cmd_ok(&alice, "bid 3");
	/* blue never bids: its timeout is a bid of 1 (RACE-6) and the race goes on */
	advance(&alice, DAY + 1);
	cmd_ok(&alice, "view");
	assert_contains(alice.reply, "active");
	cmd_ok(&alice, "log 6");
	assert_contains(e2e_flat(alice.reply), "ran out of time: it bids 1");
	/* blue starts again as after an action: a full day */
	assert_contains(clock_line(&alice), "blue 1d left");
	e2e_close(&alice);
	e2e_close(&bob);
}

/* ---- durable deadlines ---- */

static void test_clocks_resume_after_restart_downtime_not_charged(void **state)
{
	static struct e2e_client alice, bob;
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "gina", "secret-g"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "hank", "secret-h"), 0);
	id = start_game(&alice, &bob, "clock=days:2");
	advance(&alice, 5 * HOUR);
	assert_contains(clock_line(&alice), "red 1d 19h left");
	/* the server dies; it comes back ten days later (fake time) */
	restart_after_kill(T0 + 40 * DAY);
	assert_true(e2e_log_contains(&server, "not charged"));
	relogin(&alice, "gina", "secret-g", id);
	assert_contains(clock_line(&alice), "red 1d 19h left");
	advance(&alice, HOUR);
	assert_contains(clock_line(&alice), "red 1d 18h left");
	/* and a clean stop charges nothing either */
	assert_int_equal(e2e_server_stop(&server), 0);
	snprintf(clock_arg, sizeof(clock_arg), "%lld", T0 + 50 * DAY);
	assert_int_equal(e2e_server_restart(&server), 0);
	relogin(&alice, "gina", "secret-g", id);
	assert_contains(clock_line(&alice), "red 1d 18h left");
	e2e_close(&alice);
	e2e_close(&bob);
}

/* ---- vacation and moretime ---- */

static void test_vacation_stops_correspondence_clocks_and_draws_the_bank(void **state)
{
	static struct e2e_client alice, bob;
	int64_t id, strict;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "ivy", "secret-i"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "jack", "secret-j"), 0);
	id = start_game(&alice, &bob, "clock=days:3");
	strict = start_game(&alice, &bob, "clock=days:3 vacation=no");
	cmd_ok(&alice, "vacation");
	assert_contains(e2e_flat(alice.reply), "not on vacation; 20d in the bank");
	cmd_err(&alice, "bad-args", "vacation off");
	cmd_err(&alice, "bad-args", "vacation maybe");
	cmd_ok(&alice, "vacation on");
	assert_contains(e2e_flat(alice.reply), "on vacation");
	cmd_err(&alice, "bad-args", "vacation on");
	assert_non_null(e2e_take_event(&bob, "ivy is on vacation", 2000));
	advance(&alice, 2 * DAY);
	cmd_ok(&alice, "use %lld", (long long)id);
	assert_contains(clock_line(&alice), "red 3d left (on vacation)");
	cmd_ok(&alice, "use %lld", (long long)strict);
	assert_contains(clock_line(&alice), "red 1d left, runs out");
	cmd_ok(&alice, "vacation");
	assert_contains(e2e_flat(alice.reply), "18d left in the bank");
	cmd_ok(&alice, "vacation off");
	assert_contains(e2e_flat(alice.reply), "not on vacation; 18d in the bank");
	cmd_ok(&alice, "use %lld", (long long)id);
	advance(&alice, HOUR);
	assert_contains(clock_line(&alice), "red 2d 23h left, runs out");
	/* a vacation ends by itself when the bank is empty */
	cmd_ok(&alice, "vacation on");
	advance(&alice, 18 * DAY + 1);
	assert_non_null(e2e_take_event(&alice, "your vacation bank is empty", 2000));
	cmd_ok(&alice, "vacation");
	assert_contains(e2e_flat(alice.reply), "not on vacation; 0s in the bank");
	cmd_err(&alice, "forbidden", "vacation on");
	/* meanwhile the vacation=no game timed out */
	cmd_ok(&alice, "use %lld", (long long)strict);
	cmd_ok(&alice, "view");
	assert_contains(alice.reply, "ivy (red) lost on time");
	e2e_close(&alice);
	e2e_close(&bob);
}

static void test_moretime_gives_the_opponent_time(void **state)
{
	static struct e2e_client alice, bob, eve;
	int64_t id, untimed;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "kate", "secret-k"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "liam", "secret-l"), 0);
	assert_int_equal(e2e_login_new(&eve, server.port, "mona", "secret-m"), 0);
	untimed = start_game(&alice, &bob, "");
	cmd_err(&bob, "bad-args", "moretime 5 game=%lld", (long long)untimed);
	assert_contains(e2e_flat(bob.reply), "has no clock");
	id = start_game(&alice, &bob, "clock=days:1");
	cmd_ok(&bob, "use %lld", (long long)id);
	cmd_err(&bob, "bad-args", "moretime 0");
	cmd_err(&bob, "bad-args", "moretime soon");
	cmd_err(&eve, "not-a-player", "moretime 5 game=%lld", (long long)id);
	advance(&alice, 2 * HOUR);
	cmd_ok(&bob, "moretime 5");
	assert_contains(bob.final, "kate (red) has 1d 3h left");
	assert_non_null(e2e_take_event(&alice, "liam (blue) gives kate (red) 5h more", 2000));
	assert_contains(clock_line(&alice), "red 1d 3h left");
	cmd_ok(&alice, "log 5");
	assert_contains(alice.reply, "gives kate (red) 5h more");
	e2e_close(&alice);
	e2e_close(&bob);
	e2e_close(&eve);
}

/* ---- reminders and the digest ---- */

static void test_reminders_before_the_deadline_on_every_connection(void **state)
{
	static struct e2e_client alice, alice_json, bob;
	int64_t id;
	const char *ev;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "nora", "secret-n"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "otto", "secret-o"), 0);
	id = start_game(&alice, &bob, "clock=days:2");
	assert_int_equal(e2e_connect(&alice_json, server.port), 0);
	cmd_ok(&alice_json, "login nora secret-n");
	cmd_ok(&alice_json, "mode json");
	advance(&bob, DAY + 60);
	ev = e2e_take_event(&alice, "* deadline game=", 2000);
	assert_non_null(ev);
	assert_contains(ev, "in 24h: red (nora) has 23h 59m left");
	assert_non_null(e2e_take_event(&alice_json, "\"event\":\"deadline\"", 2000));
	advance(&bob, 16 * HOUR);
	assert_non_null(e2e_take_event(&alice, "in 8h:", 2000));
	assert_non_null(e2e_take_event(&alice_json, "\"in\":\"8h\"", 2000));
	/* a jump past the 1 h mark sends one reminder, not a flood */
	advance(&bob, 7 * HOUR + 30 * 60);
	assert_non_null(e2e_take_event(&alice, "in 1h:", 2000));
	e2e_pump(&alice, 200);
	assert_null(strstr(alice.events, "* deadline"));
	/* the waiting side is never reminded; bob hears of his turn with its deadline */
	e2e_pump(&bob, 200);
	assert_null(strstr(bob.events, "* deadline"));
	cmd_ok(&alice, "roll");
	ev = e2e_take_event(&bob, "* your-turn", 2000);
	assert_non_null(ev);
	assert_contains(ev, "(2d left, runs out");
	(void)id;
	e2e_close(&alice);
	e2e_close(&alice_json);
	e2e_close(&bob);
}

static void test_login_digest_soonest_deadline_first(void **state)
{
	static struct e2e_client alice, bob;
	int64_t slow, fast, untimed;
	const char *ev;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "pia", "secret-p"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "quin", "secret-q"), 0);
	slow = start_game(&alice, &bob, "clock=days:5");
	untimed = start_game(&alice, &bob, "");
	fast = start_game(&alice, &bob, "clock=days:2");
	e2e_close(&bob);
	/* red rolls in all three: now blue (quin, away) must act in each */
	cmd_ok(&alice, "roll game=%lld", (long long)slow);
	cmd_ok(&alice, "roll game=%lld", (long long)untimed);
	cmd_ok(&alice, "roll game=%lld", (long long)fast);
	advance(&alice, HOUR);
	relogin(&bob, "quin", "secret-q", 0);
	assert_non_null(e2e_take_event(&bob, "* digest 3 games wait for you", 2000));
	ev = e2e_take_event(&bob, "* digest game=", 2000);
	assert_non_null(ev);
	assert_contains(ev, "game=");
	{
		char want[64];
		snprintf(want, sizeof(want), "game=%lld deadline in 1d 23h", (long long)fast);
		assert_contains(ev, want);
		assert_contains(ev, "new event");
		ev = e2e_take_event(&bob, "* digest game=", 2000);
		snprintf(want, sizeof(want), "game=%lld deadline in 4d 23h", (long long)slow);
		assert_contains(ev, want);
		ev = e2e_take_event(&bob, "* digest game=", 2000);
		snprintf(want, sizeof(want), "game=%lld no deadline", (long long)untimed);
		assert_contains(ev, want);
	}
	e2e_close(&alice);
	e2e_close(&bob);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_clock_is_checked_stored_and_shown),
	    cmocka_unit_test(test_deadline_passes_loss_on_time_replayed_after_sigkill),
	    cmocka_unit_test(test_engine_decides_a_timeout_in_the_secret_bid),
	    cmocka_unit_test(test_clocks_resume_after_restart_downtime_not_charged),
	    cmocka_unit_test(test_vacation_stops_correspondence_clocks_and_draws_the_bank),
	    cmocka_unit_test(test_moretime_gives_the_opponent_time),
	    cmocka_unit_test(test_reminders_before_the_deadline_on_every_connection),
	    cmocka_unit_test(test_login_digest_soonest_deadline_first),
	};
	return cmocka_run_group_tests(tests, start, stop);
}
