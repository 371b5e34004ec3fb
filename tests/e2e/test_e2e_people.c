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
 *   - block refuses tells from the blocked user; unblock lets them through;
 *   - challenge: told at once or at login, declined (sender told), accepted
 *     (the game made with both seated); block refuses challenges and hides
 *     seeks; a seek accepted by anyone; both expire after 10 days (fake
 *     clock) and are durable across a SIGKILL;
 *   - offer draw: declined, lapsing with the next action, kept across a
 *     SIGKILL, accepted as the draw host action (log, verify); rematch is a
 *     challenge with the sides swapped.
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

static void test_who_does_not_name_a_private_game(void **state)
{
	static struct e2e_client qia, ray, sal;
	int64_t id;
	char want[64];

	(void)state;
	assert_int_equal(e2e_login_new(&qia, server.port, "qia", "secret-q"), 0);
	assert_int_equal(e2e_login_new(&ray, server.port, "ray", "secret-r"), 0);
	assert_int_equal(e2e_login_new(&sal, server.port, "sal", "secret-s"), 0);
	cmd_ok(&qia, "new race side=red private");
	id = game_id(qia.reply);
	cmd_ok(&qia, "invite %lld ray", (long long)id); /* a private game is joined by invitation */
	cmd_ok(&ray, "join %lld", (long long)id);
	cmd_ok(&sal, "who");
	snprintf(want, sizeof(want), "game %lld", (long long)id);
	assert_not_contains(strstr(sal.reply, "qia "), want);
	assert_contains(strstr(sal.reply, "qia "), "playing ");
	cmd_ok(&sal, "finger qia");
	assert_contains(sal.reply, "current games: 0");
	cmd_ok(&ray, "finger qia");
	assert_contains(ray.reply, "current games: 1");
	e2e_close(&qia);
	e2e_close(&ray);
	e2e_close(&sal);
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

/* ---- challenges and seeks ---- */

static int64_t number_after(const char *text, const char *word)
{
	const char *p = strstr(text, word);

	return p ? atoll(p + strlen(word)) : 0;
}

static void test_challenge_told_at_login_accept_and_decline(void **state)
{
	static struct e2e_client ida, jon;
	const char *ev;
	int64_t c1, c2, game;

	(void)state;
	assert_int_equal(e2e_login_new(&ida, server.port, "ida", "secret-i"), 0);
	assert_int_equal(e2e_login_new(&jon, server.port, "jon", "secret-j"), 0);
	e2e_close(&jon);
	/* refusals say what is wrong */
	cmd_err(&ida, "no-such-scenario", "challenge jon chess");
	cmd_err(&ida, "bad-args", "challenge jon race side=green");
	cmd_err(&ida, "bad-option", "challenge jon race clock=days:0");
	cmd_err(&ida, "no-such-user", "challenge nobody race");
	cmd_err(&ida, "bad-args", "challenge ida race");
	/* jon is offline: told at login */
	cmd_ok(&ida, "challenge jon race side=red clock=days:3");
	c1 = number_after(ida.reply, "id: ");
	assert_true(c1 > 0);
	assert_contains(e2e_flat(ida.reply), "ida plays red, clock days:3");
	assert_int_equal(e2e_connect(&jon, server.port), 0);
	cmd_ok(&jon, "login jon secret-j");
	ev = e2e_take_event(&jon, "* challenge ida challenges you", 2000);
	assert_non_null(ev);
	assert_contains(ev, "race, ida plays red, clock days:3");
	/* online: told at once; declined, ida told */
	cmd_ok(&ida, "challenge jon race");
	c2 = number_after(ida.reply, "id: ");
	assert_non_null(e2e_take_event(&jon, "* challenge ida challenges you", 2000));
	cmd_ok(&jon, "challenges");
	assert_contains(jon.reply, "ida -> jon");
	cmd_err(&ida, "forbidden", "accept %lld", (long long)c2);
	cmd_err(&jon, "not-found", "accept seek %lld", (long long)c2);
	cmd_ok(&jon, "decline challenge %lld", (long long)c2);
	assert_non_null(e2e_take_event(&ida, "* declined jon declined challenge", 2000));
	cmd_err(&jon, "not-found", "accept %lld", (long long)c2);
	/* accepted: the game is made with both seated, ida on red */
	cmd_ok(&jon, "accept %lld", (long long)c1);
	assert_contains(jon.reply, "side: blue");
	assert_contains(jon.reply, "opponent: ida");
	game = number_after(jon.reply, "game: ");
	assert_true(game > 0);
	assert_non_null(e2e_take_event(&ida, "jon accepted your challenge", 2000));
	assert_non_null(e2e_take_event(&ida, "* game-started", 2000));
	cmd_ok(&jon, "games mine");
	assert_contains(jon.reply, "ida (red) vs jon (blue)");
	assert_contains(jon.reply, "days:3");
	cmd_err(&jon, "not-found", "accept %lld", (long long)c1);
	e2e_close(&ida);
	e2e_close(&jon);
}

static void test_block_refuses_challenges_and_hides_seeks(void **state)
{
	static struct e2e_client kim, leo;
	int64_t seek;

	(void)state;
	assert_int_equal(e2e_login_new(&kim, server.port, "kim", "secret-k"), 0);
	assert_int_equal(e2e_login_new(&leo, server.port, "leo", "secret-l"), 0);
	cmd_ok(&kim, "block leo");
	cmd_err(&leo, "blocked", "challenge kim race");
	assert_contains(leo.final, "kim does not accept challenges from you");
	cmd_ok(&leo, "seek race");
	seek = number_after(leo.reply, "id: ");
	cmd_ok(&kim, "seeks");
	assert_not_contains(kim.reply, "leo plays");
	cmd_err(&kim, "blocked", "accept %lld", (long long)seek);
	cmd_ok(&leo, "unseek");
	assert_contains(leo.final, "1 seek withdrawn");
	cmd_ok(&kim, "unblock leo");
	e2e_close(&kim);
	e2e_close(&leo);
}

static void test_seek_accepted_expiry_and_restart(void **state)
{
	static struct e2e_client mia, ned, mia_json;
	int64_t s1, s2, s3;
	const char *ev;

	(void)state;
	assert_int_equal(e2e_login_new(&mia, server.port, "mia", "secret-m"), 0);
	assert_int_equal(e2e_login_new(&ned, server.port, "ned", "secret-n"), 0);
	cmd_ok(&mia, "seek race side=blue clock=fischer:72+12/120");
	s1 = number_after(mia.reply, "id: ");
	cmd_ok(&mia, "seek race");
	s2 = number_after(mia.reply, "id: ");
	cmd_ok(&ned, "challenge mia race");
	s3 = number_after(ned.reply, "id: ");
	cmd_ok(&ned, "seeks");
	assert_contains(ned.reply, "mia plays blue, clock fischer:72+12/120");
	assert_fits_80(&ned);
	assert_int_equal(e2e_connect(&mia_json, server.port), 0);
	cmd_ok(&mia_json, "mode json");
	cmd_ok(&mia_json, "seeks");
	assert_contains(mia_json.reply, "\"kind\":\"seek\",\"from\":\"mia\",\"scenario\":\"race\","
	                                "\"side\":\"blue\",\"clock\":\"fischer:72+12/120\"");
	assert_contains(mia_json.reply, "\"expires\":");
	e2e_close(&mia_json);
	/* durable: after a SIGKILL the seeks and the challenge are there */
	e2e_server_kill(&server);
	assert_int_equal(e2e_server_restart(&server), 0);
	relogin(&mia, "mia", "secret-m");
	assert_non_null(e2e_take_event(&mia, "* challenge ned challenges you", 2000));
	relogin(&ned, "ned", "secret-n");
	cmd_ok(&ned, "seeks");
	assert_contains(ned.final, "2 open seeks");
	/* a seek accepted: mia on blue as she asked, told */
	cmd_err(&mia, "forbidden", "accept %lld", (long long)s1);
	cmd_ok(&ned, "accept seek %lld", (long long)s1);
	assert_contains(ned.reply, "side: red");
	ev = e2e_take_event(&mia, "ned accepted your seek", 2000);
	assert_non_null(ev);
	assert_contains(ev, "you play blue");
	cmd_ok(&ned, "seeks");
	assert_contains(ned.final, "1 open seek");
	/* expiry: 10 days after they were made, both ends told */
	cmd_ok(&mia, "debug clock +%lld", 10 * DAY - HOUR);
	cmd_ok(&ned, "seeks");
	assert_contains(ned.final, "1 open seek");
	cmd_ok(&mia, "debug clock +%lld", 2 * HOUR);
	assert_non_null(e2e_take_event(&mia, "* expired seek", 2000));
	assert_non_null(e2e_take_event(&mia, "* expired challenge", 2000));
	assert_non_null(e2e_take_event(&ned, "* expired challenge", 2000));
	cmd_ok(&ned, "seeks");
	assert_contains(ned.final, "0 open seeks");
	cmd_err(&mia, "not-found", "accept %lld", (long long)s3);
	cmd_err(&ned, "not-found", "accept %lld", (long long)s2);
	/* and they stay expired after a restart */
	e2e_server_kill(&server);
	assert_int_equal(e2e_server_restart(&server), 0);
	relogin(&ned, "ned", "secret-n");
	cmd_ok(&ned, "seeks");
	assert_contains(ned.final, "0 open seeks");
	e2e_close(&mia);
	e2e_close(&ned);
}

/* ---- draw offers and rematch ---- */

static void test_draw_offer_declined_lapses_accepted_and_rematch(void **state)
{
	static struct e2e_client oli, pat;
	int64_t id, re, game2;

	(void)state;
	assert_int_equal(e2e_login_new(&oli, server.port, "oli", "secret-o"), 0);
	assert_int_equal(e2e_login_new(&pat, server.port, "pat", "secret-p"), 0);
	cmd_ok(&oli, "new race side=red clock=days:2");
	id = game_id(oli.reply);
	cmd_ok(&oli, "debug dice 2"); /* red rolls first */
	cmd_ok(&pat, "join %lld", (long long)id);
	cmd_ok(&oli, "use %lld", (long long)id);
	cmd_err(&oli, "bad-args", "offer peace");
	cmd_err(&oli, "forbidden", "rematch");
	/* declined: both told, logged; nothing else changes */
	cmd_ok(&oli, "offer draw");
	assert_non_null(e2e_take_event(&pat, "* draw-offered game=", 2000));
	cmd_err(&oli, "bad-args", "offer draw");
	cmd_err(&oli, "not-found", "accept draw");
	cmd_ok(&pat, "decline draw game=%lld", (long long)id);
	assert_non_null(e2e_take_event(&oli, "declines the draw", 2000));
	cmd_err(&pat, "not-found", "accept draw game=%lld", (long long)id);
	/* an offer lapses with the next action */
	cmd_ok(&oli, "offer draw");
	cmd_ok(&oli, "roll");
	cmd_err(&pat, "not-found", "accept draw game=%lld", (long long)id);
	/* an offer survives a SIGKILL, and its acceptance is the draw host action */
	cmd_ok(&pat, "offer draw game=%lld", (long long)id);
	e2e_server_kill(&server);
	assert_int_equal(e2e_server_restart(&server), 0);
	relogin(&oli, "oli", "secret-o");
	relogin(&pat, "pat", "secret-p");
	cmd_ok(&oli, "accept draw game=%lld", (long long)id);
	assert_contains(oli.final, "drawn by agreement: oli and pat agreed");
	assert_non_null(e2e_take_event(&pat, "* game-over", 2000));
	cmd_ok(&oli, "log game=%lld", (long long)id);
	assert_contains(oli.reply, "draw-offered: oli (red)");
	assert_contains(oli.reply, "draw-declined: pat (blue)");
	assert_contains(oli.reply, "drawn: drawn by agreement");
	cmd_ok(&oli, "verify game=%lld", (long long)id);
	cmd_ok(&pat, "finger oli");
	assert_contains(pat.reply, "1 drawn");
	/* rematch: a challenge with the sides swapped, same clock */
	cmd_ok(&oli, "rematch game=%lld", (long long)id);
	re = number_after(oli.reply, "id: ");
	assert_contains(e2e_flat(oli.reply), "oli plays blue, clock days:2");
	assert_non_null(e2e_take_event(&pat, "oli offers a rematch of game", 2000));
	cmd_ok(&pat, "accept %lld", (long long)re);
	game2 = number_after(pat.reply, "game: ");
	assert_contains(pat.reply, "side: red");
	cmd_ok(&pat, "games mine");
	{
		char want[80];
		snprintf(want, sizeof(want), "#%-5lld race", (long long)game2);
		assert_contains(pat.reply, want);
	}
	assert_contains(pat.reply, "pat (red) vs oli (blue)");
	e2e_close(&oli);
	e2e_close(&pat);
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
	    cmocka_unit_test(test_who_does_not_name_a_private_game),
	    cmocka_unit_test(test_tell_online_offline_at_login_and_after_restart),
	    cmocka_unit_test(test_block_refuses_tells),
	    cmocka_unit_test(test_challenge_told_at_login_accept_and_decline),
	    cmocka_unit_test(test_block_refuses_challenges_and_hides_seeks),
	    cmocka_unit_test(test_seek_accepted_expiry_and_restart),
	    cmocka_unit_test(test_draw_offer_declined_lapses_accepted_and_rematch),
	    cmocka_unit_test(test_help_of_people_verbs),
	};
	return cmocka_run_group_tests(tests, start, stop);
}
