/*
 * test_e2e_scheldt.c -- the whole of "Battle of the Scheldt: The Devil's
 * Moat" played over TCP against the shipped daemon (wargamed --allow-debug,
 * data dir data/): alice plays the Allies, bob the Germans, carol watches.
 *
 * The game is a script (see `script` below) read by the interpreter of
 * e2e_script.h (its language is described there).
 *
 * The support fire markers are drawn at random from the daemon's dice
 * stream each turn (14.0), so the hands are read from the `markers` query
 * of each player.  Every face-down marker is checked to stay hidden from the
 * other player and the spectator until the reveal (14.0: visible to its
 * owner only).  The game ends with the victory determination of 17.0 and a
 * `verify` of the dice.  A second test runs `wargamed check-scenario` on
 * the shipped scenario, the test fixtures and a deliberately broken one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "e2e.h"
#include "e2e_assert.h"
#include "e2e_script.h"

static struct e2e_server server;
static struct e2e_client alice, bob, carol;

/* clang-format off */
static const char *const script[] = {
	/* set-up: the three Allied choices (BS-18.0-10..12) */
	"! G not-your-turn end",
	"A place 3/1 3320",
	"A place 10/1 3321",
	"A place 4/2 3420",
	"A end",
	/* ---- turn 1, Allied (BS-10.1-01: the Allied player moves first) */
	"Q A the Allied player moves first | exclusive",
	"A move 44/15 3217 3118",
	"A move 46/15 to 3019",
	"A move 247/15 3218",
	"A move 3/1 to 3217",
	"A end",
	/* a bombardment of 712 in Bergen-op-Zoom (14.2: within three hexes) */
	"B Ae=NE city 0 7 A - - - - bombard 3018 $m",
	"A end",
	/* a five-step support fire combat; the German answers D2 with stiff resistance */
	"B D2 city 10 7 A $M $m $M $m attack 3018 44/15 46/15",
	"G stiff 712",
	"U allied|Mobile Movement",
	"A move 10/1 to 3117",
	/* ---- turn 1, German: the pocket is frozen (13.0); 711 enters; 712 is rebuilt */
	"U german|turn 1, Movement Phase",
	"! G BS-13.0-04 move 1037 3043",
	"G enter 711 2717",
	"G move 712 2918",
	"U german|end of your player turn",
	"! G BS-11.0-12 rebuild 1019",
	"G rebuild 712",
	/* ---- turn 2, Allied: A1 on the attack: retreats with displacement */
	"U allied|turn 2, Movement Phase",
	"A move 44/15 3018",
	"A move 46/15 2919",
	"A move 247/15 to 3118",
	"A move 3/1 to 3119",
	"A move 10/1 to 3019",
	"U allied|Combat Phase",
	"B A1 clear 10 7 A - - - - attack 2918 44/15 46/15",
	"A displace 10/1 3020",
	"A retreat 46/15 3019",
	"A displace 247/15 3218",
	"A retreat 44/15 3118",
	/* ---- turn 2, German: 719 enters; Allied stiff resistance */
	"U german|turn 2, Movement Phase",
	"G move 711 2617",
	"G enter 719 2717",
	"G move 712 2919",
	"G move 346 2920",
	"U german|Combat Phase",
	"B D2 clear 10 4 G - - - - attack 3019 712 346",
	"A stiff 46/15",
	/* ---- turn 3, Allied: D2 on 346, a retreat and an advance; 46/15 rebuilt */
	"U allied|turn 3, Movement Phase",
	"A move 46/15 3120 3220",
	"A move 3/1 to 3019",
	"U allied|Combat Phase",
	"B D2 clear 11 7 A - - - - attack 2920 10/1 3/1",
	"G retreat 346 2819 2719",
	"A advance 3/1 2920 2819",
	"U allied|end of your player turn",
	"A rebuild 46/15",
	/* ---- turn 3, German reinforcements */
	"U german|turn 3, Movement Phase",
	"G enter 59 1517 1518",
	"G enter 2_AG 1517 1417",
	"G enter 1_AG 1517 1617",
	/* ---- turn 4, Allied: the Braakman crossing (13.0: +2 MP over the all-sea hexside) */
	"U allied|turn 4, Movement Phase",
	"A move 3 2738",
	"A move 9/3 2638",
	"A move 8/3 2838",
	"A move 155/52 3143",
	"A move 7/3 3146",
	/* ---- turn 4, German: the pocket strikes across the Leopold Canal (Ae) */
	"U german|turn 4, Movement Phase",
	"G move 64 to 2941",
	"G move 1039 to 3042",
	"U german|Combat Phase",
	"B Ae city 6 5 G - $M - $M attack 3143 1037 1039",
	"B Ae city 3 4 G - $M - $M attack 3146 1038",
	/* ---- turn 5, German: 64 into a flooded hex (15.1: from adjacent, all MP) */
	"U german|turn 5, Movement Phase",
	"G move 64 2940",
	/* ---- turn 6, Allied: the engineers attack the flooded hex on the Clear line */
	"U allied|turn 6, Movement Phase",
	"A move 8/3 to 2941",
	"A move 3 to 2839",
	"A move 9/3 to 2840",
	"U allied|Combat Phase",
	"B De clear 16 7 A - - - - attack 2940 3 9/3 8/3",
	/* ---- turn 6, German: the FJ battalions enter */
	"U german|turn 6, Movement Phase",
	"G enter 1/1_FJ 1117",
	"G enter 1/2_FJ 1317",
	"G enter 1/3_FJ 1617 1717",
	"G move 346 to 2517",
	"G move 712 to 2818",
	/* ---- turn 7, Allied: the US 104th enters at Antwerp; 3/1 on the Schore road */
	"U allied|turn 7, Movement Phase",
	"A enter 413/104 3421",
	"A move 3/1 2720 2619 2520 2420 2421 2322 2221 2122 2021",
	"A move 3/1 2122",
	"A move 3/1 2123",
	"A move 3/1 2124",
	/* ---- turn 8, Allied: the road is Allied; the Walcheren Island Assault (16.2) */
	"U allied|turn 8, Movement Phase",
	"A move 3/1 2125",
	"A move 3/1 2126",
	"A move 3/1 2127",
	"A move 3/1 2128",
	"A move 3/1 2028",
	"A move 3/1 2029",
	"A move 3/1 1930",
	"A move 3/1 1830",
	"! A BS-16.1-01 land 156/52 1931",
	"A land 146/49 2042",
	"A land 147/49 2041",
	"A land 148/49 2040",
	"A land 2 2039",
	"Q A sharing the hex with a German unit | exclusive",
	"! A BS-16.3-02 move 147/49 1941",
	"U allied|Combat Phase",
	/* 146/49 landed on 1019 in Flushing: the attack on its own hex, a naval +10 */
	"B NE coastal 10 4 A A21 - - - attack 2042 146/49 147/49",
	"Q A naval +10 marker A21: used | exclusive",
	/* ---- turn 8, German: 1019 leaves Flushing; it may never come back */
	"U german|turn 8, Movement Phase",
	"G move 1019 1943",
	/* end of turn 8: the 155th is withdrawn (13.1) */
	"U allied|turn 9, Movement Phase",
	"Q A 155/52: withdrawn | exclusive",
	"A move 3/1 1831",
	"U allied|Combat Phase",
	"B De clear 5 4 A A22 - - - attack 1943 146/49",
	/* ---- turn 12, Allied: the South Beveland Flank Assault (16.1); the 155th is back */
	"U allied|turn 12, Movement Phase",
	"A land 156/52 1931",
	"A land 157/52 2032",
	"A land 155/52 2237",
	"U allied|Combat Phase",
	"B Ex city 5 4 A - - - - attack 1832 3/1",
	/* ---- turn 13, Allied: Goes falls; 3/1 is rebuilt */
	"U allied|turn 13, Movement Phase",
	"A move 156/52 to 1932",
	"U allied|Combat Phase",
	"B Ex city 5 2 A - - - - attack 1832 156/52",
	"U allied|end of your player turn",
	"A rebuild 3/1",
	/* turns 14-20 pass; the end of turn 20 decides (17.0) */
	"U over|",
};
/* clang-format on */

/* 14.1, 16.4: the +5 anti-tank and +10 naval markers are not regular ($m, $M). */
static int regular(char side, const char *id, int value)
{
	(void)id;
	return value < (side == 'A' ? 10 : 5);
}

/* 16.4: the naval markers are played face up. */
static int face_up(const char *id)
{
	return strcmp(id, "A21") == 0 || strcmp(id, "A22") == 0;
}

static void play(void)
{
	const struct e2e_script s = {&alice, &bob, &carol, regular, face_up};

	e2e_script_run(&s, script, sizeof(script) / sizeof(script[0]));
}

static int start_server(void **state)
{
	static const char *const args[] = {"--data-dir", WG_DATA_DIR, "--allow-debug", NULL};

	(void)state;
	return e2e_server_start(&server, WG_DAEMON, args);
}

static int stop_server(void **state)
{
	(void)state;
	assert_int_equal(e2e_server_stop(&server), 0);
	e2e_server_cleanup(&server);
	return 0;
}

static void test_whole_game_over_tcp(void **state)
{
	const char *r, *ev;
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob", "secret-b"), 0);
	assert_int_equal(e2e_login_new(&carol, server.port, "carol", "secret-c"), 0);

	cmd_ok(&alice, "scenarios");
	assert_contains(alice.reply, "scheldt");
	/* a module option is checked by the module (BS, AMB-55) */
	cmd_err(&alice, "bad-option", "new scheldt side=allied bs.beveland_radius=7");
	cmd_ok(&alice, "new scheldt side=allied");
	r = strstr(alice.reply, "game: ");
	assert_non_null(r);
	id = atoll(r + 6);
	cmd_ok(&bob, "join %lld", (long long)id);
	assert_non_null(e2e_take_event(&alice, "game-started", E2E_TIMEOUT_MS));
	cmd_ok(&carol, "watch %lld", (long long)id);
	/* the module's verbs have help text */
	cmd_ok(&alice, "help land");
	assert_contains(alice.reply, "land <unit> <hex>");
	cmd_ok(&alice, "help rebuild");
	assert_contains(alice.reply, "rebuild <unit>");

	play();

	ev = e2e_take_event(&carol, "game-over", E2E_TIMEOUT_MS);
	assert_non_null(ev);
	assert_contains(ev, "Allied victory");
	assert_contains(ev, "BS-17.0-01");
	assert_non_null(e2e_take_event(&bob, "game-over", E2E_TIMEOUT_MS));
	cmd_err(&bob, "game-over", "end");
	cmd_ok(&carol, "verify");
	assert_contains(carol.reply, "matches the commitment");
	assert_contains(carol.final, "verified");
	assert_contains(carol.reply, "0 mismatches");
	e2e_close(&alice);
	e2e_close(&bob);
	e2e_close(&carol);
}

static int count(const char *hay, const char *needle)
{
	int n = 0;
	for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle))
		n++;
	return n;
}

/* check-scenario reports every finding of a file, not only the first, and
 * exits 1 when there is an error. */
static void test_check_scenario_lists_every_finding(void **state)
{
	static char out[65536];

	(void)state;
	assert_int_equal(e2e_run(WG_DAEMON " check-scenario " WG_DATA_DIR "/scheldt.json 2>&1", out,
	                         sizeof(out)),
	                 0);
	assert_contains(out, "ok      ");
	assert_contains(out, "scheldt");
	assert_int_equal(e2e_run(WG_DAEMON " check-scenario " WG_TEST_DATA
	                                   "/fm-scheldt-mini.json " WG_TEST_DATA
	                                   "/fm-test.json 2>&1",
	                         out, sizeof(out)),
	                 0);
	assert_int_equal(count(out, "ok      "), 2);
	assert_int_equal(e2e_run(WG_DAEMON " check-scenario " WG_TEST_DATA
	                                   "/fm-scheldt-broken.json 2>&1",
	                         out, sizeof(out)),
	                 1);
	assert_true(count(out, "error   ") >= 10);
	assert_true(count(out, "warning ") >= 3);
	assert_contains(out, "failed  ");
	/* a few of the findings, each with its JSON path */
	assert_contains(out, "units[");
	assert_contains(out, "sea");
	assert_contains(out, "exclusive.");
	/* a good file after a broken one is still checked; the exit code is 1 */
	assert_int_equal(e2e_run(WG_DAEMON " check-scenario " WG_TEST_DATA
	                                   "/fm-scheldt-broken.json " WG_DATA_DIR
	                                   "/scheldt.json 2>&1",
	                         out, sizeof(out)),
	                 1);
	assert_contains(out, "ok      ");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_check_scenario_lists_every_finding),
	    cmocka_unit_test_setup_teardown(test_whole_game_over_tcp, start_server, stop_server),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
