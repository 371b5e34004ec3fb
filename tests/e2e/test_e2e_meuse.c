/*
 * test_e2e_meuse.c -- Meuse Argonne: The Final Offensive played over TCP
 * against the shipped daemon (wargamed --allow-debug, data dir data/):
 * alice plays the Allies, bob the Germans, carol watches.  The script
 * (e2e_script.h) goes from the set-up to the Allied victory at Sedan with
 * forced dice through every exclusive rule of note: H-Hour's bombardment
 * step with gas and an aircraft, a breach of the Stellung and a hit on the
 * breached hex, the German bombardment that reduces a three-step division to
 * its brigade, a voluntary breakdown, Allied and German replacements, the
 * Lost Battalion, a D2 downgraded by combat experience, the Allied ZOC kept
 * out of the trench hexes, and the entry into Sedan (12.1).  Support fire
 * markers are drawn blind (AMB-03): the script passes its support steps, and
 * one attack commits a blind draw, checked hidden from the other player and
 * the watcher until the reveal.  The game ends with `verify` of the dice.
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
#include "e2e_script.h"

static struct e2e_server server;
static struct e2e_client alice, bob, carol;

/* clang-format off */
static const char *const script[] = {
	/* ---- set-up (11.1: the Allied player first; 11.2 south of the Stellung) */
	"! G not-your-turn end",
	"! A FM-3.0-04 place US-3 1219",
	"A place US-77 1020",
	"A place US-5 1121",
	"A place US-3 1221",
	"A place US-4 1321",
	"A place US-28 1320",
	"A place US-33 1719",
	"A place US-32 1619",
	"A place US-35 1520",
	"A place US-37 1420",
	"A place US-78 0920",
	"A place US-80 0820",
	"A place US-91 0720",
	"A place US-92 2019",
	"A place FR-Belrupt 2119",
	"A end",
	/* 19.4: the Stellung divisions one per Stellung hex; 19.5: reserves apart */
	"G place DE-1A 0120",
	"G place DE-1G 0219",
	"G place DE-2L 0319",
	"G place DE-3G 0419",
	"G place DE-5BR 0519",
	"G place DE-5G 0619",
	"G place DE-9L 0719",
	"G place DE-5L 1120",
	"G place DE-7R 1219",
	"G place DE-8L 1319",
	"G place DE-13L 1418",
	"G place DE-15 1518",
	"G place DE-35A 1617",
	"G place DE-33 1718",
	"G place DE-37 1817",
	"G place DE-76R 1917",
	"G place DE-115 2017",
	"G place DE-123 2118",
	"G place DE-255 2217",
	"G place DE-AR 2318",
	"G place DE-15A 0210",
	"! G MA-19.5 place DE-106A 0311",
	"G place DE-106A 0410",
	"G place DE-108 2010",
	"G place DE-236 2210",
	"G end",
	/* ---- turn 1, Allied: H-Hour (15.2, AMB-78): the bombardment step first */
	"Q A bombardment step | pending",
	"! A FM-5.2-01 move US-77 1019",
	"A aircraft 1120",
	"A barrage 1120 gas",
	"A barrage 1120",
	/* 1120 Stellung and rise: +2 -1 gas -1 aircraft: die 3 -> 3 hits and breaches (17.6);
	 * the second marker reads the breached hex (rise +1): die 2 -> 1, a hit */
	"A debug dice 3 2",
	"A fire",
	"Q A 1120 | artillery",
	"G hits take",
	/* the breached hex: the Rise line (17.6-03); De */
	"B De tier2 16 3 A d - - - attack 1120 US-77 US-5",
	/* ---- turn 1, German: DE-7R into the woods; the German bombardment of US-33 */
	"U german|turn 1, Movement Phase",
	"G move DE-7R 1220",
	"U german|bombardment step",
	"G barrage 1719",
	"G barrage 1719",
	/* clear, German +1: die 1 -> 2 and die 2 -> 3, two hits (BRT) */
	"G debug dice 1 2",
	"G fire",
	"A hits take",
	"Q A US-BDE | units allied",
	/* ---- turn 2, Allied: a breakdown, a replacement, the Lost Battalion, a D1 */
	"U allied|turn 2, Movement Phase",
	"A breakdown US-4",
	"A replace US-33 1722",
	"A move US-77 1120",
	"U allied|Combat Phase",
	/* the Lost Battalion (18.1): DE-7R in the woods-only 1220; at +6 a die 1 reads D2 on the
	 * Woods line and Ex on the Woods (Lost Battalion) line */
	"B Ex fortress 8 2 A - - - - attack 1220 US-3 ; G lost-battalion declare",
	"B D2 stellung 8 4 A - - - - attack 1319 US-28",
	"G experience DE-8L",
	"! G MA-18.2-02 stiff DE-8L",
	"G retreat DE-8L 1318",
	"A advance US-28 1319",
	/* ---- turn 2, German: the German replacement (11.6), once per game */
	"U german|turn 2, Movement Phase",
	"G replace DE-5L 2401",
	"! G MA-11.6 replace DE-7R 2402",
	/* ---- turn 3 on: US-77 marches on Sedan */
	"U allied|turn 3, Movement Phase",
	"A move US-77 to 1116",
	"U allied|turn 4, Movement Phase",
	"Q A 1116 | units allied",
	"A move US-77 to 1013",
	"U allied|turn 5, Movement Phase",
	"A move US-77 to 1009",
	"U allied|turn 6, Movement Phase",
	"A move US-77 to 0806",
	"U allied|turn 7, Movement Phase",
	"A move US-77 to 0803",
	"U allied|turn 8, Movement Phase",
	/* 12.1: an Allied unit enters Sedan: the Allies win at once */
	"A move US-77 to 0802",
	"U over|",
};
/* clang-format on */

static void play(void)
{
	const struct e2e_script s = {&alice, &bob, &carol, NULL, NULL};

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
	assert_contains(alice.reply, "meuse-argonne");
	cmd_err(&alice, "bad-option", "new meuse-argonne side=allied ma.fort_ezoc_rule=all");
	cmd_ok(&alice, "new meuse-argonne side=allied");
	r = strstr(alice.reply, "game: ");
	assert_non_null(r);
	id = atoll(r + 6);
	cmd_ok(&bob, "join %lld", (long long)id);
	assert_non_null(e2e_take_event(&alice, "game-started", E2E_TIMEOUT_MS));
	cmd_ok(&carol, "watch %lld", (long long)id);
	/* the module's verbs have help text */
	cmd_ok(&alice, "help barrage");
	assert_contains(alice.reply, "barrage <hex> [gas]");
	cmd_ok(&alice, "help lost-battalion");
	assert_contains(alice.reply, "lost-battalion declare|pass");

	play();

	ev = e2e_take_event(&carol, "game-over", E2E_TIMEOUT_MS);
	assert_non_null(ev);
	assert_contains(ev, "Sedan");
	assert_non_null(e2e_take_event(&bob, "game-over", E2E_TIMEOUT_MS));
	cmd_ok(&carol, "verify");
	assert_contains(carol.reply, "matches the commitment");
	assert_contains(carol.reply, "0 mismatches");
	e2e_close(&alice);
	e2e_close(&bob);
	e2e_close(&carol);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_whole_game_over_tcp, start_server, stop_server),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
