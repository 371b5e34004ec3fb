/*
 * test_e2e_people.c -- finding and talking to people against the real
 * daemon (wargamed-test, the race ruleset), with the fake clock of
 * --debug-clock:
 *
 *   - who lists the users online and what each is doing (lobby, playing,
 *     watching); finger shows a profile with results per scenario, the
 *     games going on, last seen and vacation state;
 *   - tell reaches every connection of a user online; a tell to a user
 *     offline is kept and shown at the next login (once), also after a
 *     restart; messages lists them;
 *   - block refuses tells from the blocked user; unblock lets them through.
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

static void relogin(struct e2e_client *c, const char *name, const char *pw)
{
	e2e_close(c);
	assert_int_equal(e2e_connect(c, server.port), 0);
	cmd_ok(c, "login %s %s", name, pw);
}

/* Every line of the last reply fits 80 columns. */
static void assert_fits_80(const struct e2e_client *c)
{
	const char *p = c->reply;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (n > 80)
			fail_msg("line wider than 80 columns (%zu): %.*s", n, (int)n, p);
		p += nl ? n + 1 + (p[n] == '\r') : n;
	}
}

/* ---- who, finger ---- */

static void test_who_and_finger(void **state)
{
	static struct e2e_client ann, ben, cat, cat_json;
	int64_t id, done;

	(void)state;
	assert_int_equal(e2e_login_new(&ann, server.port, "ann", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&ben, server.port, "ben", "secret-b"), 0);
	assert_int_equal(e2e_login_new(&cat, server.port, "cat", "secret-c"), 0);
	/* a finished game: ann resigns, ben wins */
	cmd_ok(&ann, "new race side=red");
	done = game_id(ann.reply);
	cmd_ok(&ben, "join %lld", (long long)done);
	cmd_ok(&ann, "resign game=%lld", (long long)done);
	/* a game being played, and cat watching it */
	cmd_ok(&ann, "new race side=red");
	id = game_id(ann.reply);
	cmd_ok(&ben, "join %lld", (long long)id);
	cmd_ok(&ann, "use %lld", (long long)id);
	cmd_ok(&cat, "watch %lld", (long long)id);
	cmd_ok(&cat, "who");
	assert_fits_80(&cat);
	{
		char want[64];
		snprintf(want, sizeof(want), "playing game %lld", (long long)id);
		assert_contains(strstr(cat.reply, "ann "), want);
		assert_contains(strstr(cat.reply, "ben "), want);
		snprintf(want, sizeof(want), "watching game %lld", (long long)id);
		assert_contains(strstr(cat.reply, "cat "), want);
	}
	assert_contains(cat.final, "3 users online");
	/* JSON mode has every field */
	assert_int_equal(e2e_connect(&cat_json, server.port), 0);
	cmd_ok(&cat_json, "login cat secret-c");
	cmd_ok(&cat_json, "mode json");
	cmd_ok(&cat_json, "who");
	assert_contains(cat_json.reply, "\"user\":\"ann\",\"doing\":\"playing\"");
	assert_contains(cat_json.reply, "\"idle\":");
	assert_contains(cat_json.reply, "\"connections\":");
	assert_contains(cat_json.reply, "\"vacation\":false");
	/* finger: results per scenario, current games, online state, vacation, no rating */
	cmd_ok(&cat, "finger ben");
	assert_fits_80(&cat);
	assert_contains(cat.reply, "ben, registered");
	assert_contains(cat.reply, "online: playing game");
	assert_contains(cat.reply, "vacation: off, 20d in the bank");
	assert_contains(cat.reply, "rating: none");
	assert_contains(cat.reply, "games: 1 played, 1 won, 0 lost, 0 drawn");
	assert_contains(cat.reply, "race                          1     1     0     0");
	assert_contains(cat.reply, "current games: 1");
	assert_contains(cat.reply, "active   as blue vs ann");
	cmd_ok(&cat_json, "finger ann");
	assert_contains(cat_json.reply, "\"scenarios\":[{\"scenario\":\"race\",\"played\":1,"
	                                "\"won\":0,\"lost\":1,\"drawn\":0}]");
	assert_contains(cat_json.reply, "\"rating\":null");
	assert_contains(cat_json.reply, "\"vacation\":{\"on\":false");
	cmd_err(&cat, "no-such-user", "finger nobody");
	/* last seen once offline (the fake clock) */
	cmd_ok(&ann, "debug clock +%lld", HOUR);
	e2e_close(&ben);
	cmd_ok(&cat, "ping");
	cmd_ok(&cat, "finger ben");
	assert_contains(cat.reply, "last seen 2026-12-02 01:00 UTC");
	cmd_ok(&cat_json, "finger ben");
	assert_contains(cat_json.reply, "\"last_seen\":1796173200");
	e2e_close(&ann);
	e2e_close(&cat);
	e2e_close(&cat_json);
}

/* ---- tell, messages, block ---- */

static void test_tell_online_offline_at_login_and_after_restart(void **state)
{
	static struct e2e_client dan, eve, eve2;
	const char *ev;

	(void)state;
	assert_int_equal(e2e_login_new(&dan, server.port, "dan", "secret-d"), 0);
	assert_int_equal(e2e_login_new(&eve, server.port, "eve", "secret-e"), 0);
	assert_int_equal(e2e_connect(&eve2, server.port), 0);
	cmd_ok(&eve2, "login eve secret-e");
	cmd_ok(&eve2, "mode json");
	/* online: every connection of eve hears it */
	cmd_ok(&dan, "tell eve hello \"there\" eve");
	assert_contains(dan.final, "told eve");
	assert_non_null(e2e_take_event(&eve, "* tell dan tells you: hello \"there\" eve", 2000));
	ev = e2e_take_event(&eve2, "\"event\":\"tell\"", 2000);
	assert_non_null(ev);
	assert_contains(ev, "\"from\":\"dan\"");
	assert_contains(ev, "\"message\":\"hello \\\"there\\\" eve\"");
	/* refusals change nothing and say why */
	cmd_err(&dan, "no-such-user", "tell nobody hi");
	cmd_err(&dan, "bad-args", "tell dan hi");
	cmd_err(&dan, "bad-args", "tell eve");
	/* offline: kept, shown at the next login, once */
	e2e_close(&eve);
	e2e_close(&eve2);
	cmd_ok(&dan, "debug clock +%lld", 2 * HOUR);
	cmd_ok(&dan, "tell eve are you there?");
	assert_contains(dan.final, "offline");
	cmd_ok(&dan, "tell eve second one");
	cmd_ok(&dan, "messages");
	assert_contains(dan.reply, "to eve (not yet read): are you there?");
	/* a restart in between: the tells are durable */
	e2e_server_kill(&server);
	assert_int_equal(e2e_server_restart(&server), 0);
	assert_int_equal(e2e_login_new(&dan, server.port, "fay", "secret-f"), 0);
	relogin(&eve, "eve", "secret-e");
	ev = e2e_take_event(&eve, "* tell dan told you", 2000);
	assert_non_null(ev);
	assert_contains(ev, "are you there?");
	assert_non_null(e2e_take_event(&eve, "second one", 2000));
	cmd_ok(&eve, "messages");
	assert_contains(eve.reply, "dan: hello \"there\" eve");
	assert_contains(eve.reply, "dan: are you there?");
	relogin(&eve, "eve", "secret-e");
	e2e_pump(&eve, 300);
	assert_not_contains(eve.events, "* tell");
	cmd_err(&eve, "bad-args", "messages 0");
	e2e_close(&dan);
	e2e_close(&eve);
}

static void test_block_refuses_tells(void **state)
{
	static struct e2e_client gus, hal;

	(void)state;
	assert_int_equal(e2e_login_new(&gus, server.port, "gus", "secret-g"), 0);
	assert_int_equal(e2e_login_new(&hal, server.port, "hal", "secret-h"), 0);
	cmd_ok(&hal, "block gus");
	assert_contains(hal.final, "blocked gus");
	cmd_ok(&hal, "block");
	assert_contains(hal.reply, "gus ");
	cmd_err(&gus, "blocked", "tell hal let me in");
	assert_contains(gus.final, "hal does not accept tells from you");
	e2e_pump(&hal, 300);
	assert_not_contains(hal.events, "let me in");
	/* the refused tell was not stored either */
	cmd_ok(&hal, "messages");
	assert_not_contains(hal.reply, "let me in");
	cmd_err(&hal, "bad-args", "block hal");
	cmd_err(&hal, "no-such-user", "block nobody");
	cmd_ok(&hal, "unblock gus");
	cmd_ok(&gus, "tell hal now?");
	assert_non_null(e2e_take_event(&hal, "* tell gus tells you: now?", 2000));
	e2e_close(&gus);
	e2e_close(&hal);
}

static void test_help_of_people_verbs(void **state)
{
	static struct e2e_client c;

	(void)state;
	assert_int_equal(e2e_connect(&c, server.port), 0);
	cmd_ok(&c, "help");
	assert_contains(c.reply, "people commands:");
	assert_fits_80(&c);
	cmd_ok(&c, "help tell");
	assert_contains(c.reply, "tell <user> <text>");
	cmd_ok(&c, "help finger");
	cmd_ok(&c, "help block");
	cmd_ok(&c, "help who");
	cmd_ok(&c, "help messages");
	cmd_ok(&c, "help unblock");
	cmd_err(&c, "not-logged-in", "tell ann hi");
	e2e_close(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_who_and_finger),
	    cmocka_unit_test(test_tell_online_offline_at_login_and_after_restart),
	    cmocka_unit_test(test_block_refuses_tells),
	    cmocka_unit_test(test_help_of_people_verbs),
	};
	return cmocka_run_group_tests(tests, start, stop);
}
