/*
 * test_e2e_board.c -- `view` and `map` of a Battle of the Scheldt game over
 * TCP in text mode against the shipped daemon (wargamed, data dir data/):
 * alice plays the Allies, bob the Germans, carol watches.
 *
 * Checked: the status block of `view` (the header, who must act on what,
 * turn/turns, phase name and slug, markers, the victory if the game ended
 * now) and its board, every line within the default 80-column screen and the
 * reply within 24 lines; "since your last action" for a player who has not
 * acted yet, for one who just acted ("nothing new") and for one whose
 * opponent acted since (capped with "... and N more (log N)", and `log N`
 * then shows exactly those N); nothing of the kind for a spectator; and a
 * JSON view that carries no board and no event text.
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

static struct e2e_server server;
static struct e2e_client alice, bob, carol;

static int start_server(void **state)
{
	static const char *const args[] = {"--data-dir", WG_DATA_DIR, NULL};

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

/* Every line of the last reply fits 80 columns, and the reply 24 lines (with the typed
 * line above it). */
static void assert_fits_80x24(const struct e2e_client *c)
{
	const char *p = c->reply;
	int n = 0;

	while (*p) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len > 80)
			fail_msg("a line of %zu characters:\n%.*s\nin:\n%s", len, (int)len, p,
			         c->reply);
		n++;
		p += len + (e != NULL);
	}
	if (n > 23)
		fail_msg("%d lines:\n%s", n, c->reply);
}

/* N of "... and N more (log N)" in the last reply, or -1. */
static int more_count(const struct e2e_client *c)
{
	const char *p = strstr(c->reply, "... and ");
	int n, m;

	if (p == NULL || sscanf(p, "... and %d more (log %d)", &n, &m) != 2)
		return -1;
	assert_int_equal(n, m);
	return n;
}

/* Lines of the last reply that start with "  #" (log entries). */
static int log_entries(const struct e2e_client *c)
{
	int n = 0;

	for (const char *p = c->reply; (p = strstr(p, "  #")) != NULL; p += 3)
		if (p == c->reply || p[-1] == '\n')
			n++;
	return n;
}

static void test_view_text_status_board_and_since(void **state)
{
	const char *r;
	int64_t id;
	int n;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob", "secret-b"), 0);
	assert_int_equal(e2e_login_new(&carol, server.port, "carol", "secret-c"), 0);
	cmd_ok(&alice, "new scheldt side=allied");
	r = strstr(alice.reply, "game: ");
	assert_non_null(r);
	id = atoll(r + 6);
	cmd_ok(&bob, "join %lld", (long long)id);
	cmd_ok(&alice, "use %lld", (long long)id);
	cmd_ok(&bob, "use %lld", (long long)id);
	cmd_ok(&carol, "watch %lld", (long long)id);
	cmd_ok(&carol, "use %lld", (long long)id);

	/* set-up (BS-18.0): the board is centred on the hexes to place on */
	cmd_ok(&alice, "view");
	assert_contains(alice.reply, "set-up: allied places units [setup]");
	assert_contains(alice.reply, "/3320 C");
	assert_fits_80x24(&alice);
	cmd_ok(&alice, "place 3/1 3320");
	cmd_ok(&alice, "place 10/1 3321");
	cmd_ok(&alice, "place 4/2 3420");
	cmd_ok(&alice, "end");
	cmd_ok(&alice, "move 44/15 3217 3118");
	cmd_ok(&alice, "move 247/15 3218"); /* v=7 */

	/* the player who just acted: nothing new since */
	cmd_ok(&alice, "view");
	assert_contains(alice.reply, "waiting for allied (alice): turn 1, Movement Phase");
	assert_contains(alice.reply,
	                "turn 1/20: allied Movement Phase [movement]; markers: allied");
	assert_contains(alice.reply, "if the game ended now: German victory");
	assert_contains(alice.reply, "a:247/15");
	assert_contains(alice.reply, "5-4-6 m5"); /* moved, 5 MP left (FM-5) */
	assert_contains(alice.reply, "terrain: . Clear");
	assert_contains(alice.reply, "since your last action (v=7): nothing new");
	assert_fits_80x24(&alice);

	/* the player who has not acted: everything since the start, capped */
	cmd_ok(&bob, "view");
	assert_contains(bob.reply, "you: german");
	assert_contains(bob.reply, "since the start (you have not acted yet):");
	assert_contains(bob.reply, "Battle of the Scheldt: The Devil's Moat begins");
	assert_fits_80x24(&bob);
	n = more_count(&bob);
	assert_true(n > 0);
	cmd_ok(&bob, "log %d", n); /* `log N` shows exactly the N not listed */
	assert_int_equal(log_entries(&bob), n);
	assert_contains(bob.reply, "247/15 moves 3319-3218");
	assert_not_contains(bob.reply, "The Devil's Moat begins"); /* listed in view */

	/* a spectator: the status and the board, no "since" */
	cmd_ok(&carol, "view");
	assert_contains(carol.reply, "you: spectator");
	assert_contains(carol.reply, "a:44/15");
	assert_not_contains(carol.reply, "since ");
	assert_fits_80x24(&carol);

	/* alice ends her player turn; bob enters a reinforcement (BS-11.2) */
	for (int k = 0; k < 12; k++) {
		cmd_ok(&alice, "pending");
		if (strstr(alice.reply, "waiting for german") != NULL)
			break;
		cmd_ok(&alice, "end");
	}
	assert_contains(alice.reply, "waiting for german");
	cmd_ok(&bob, "enter 711 2717");
	cmd_ok(&bob, "view");
	assert_contains(bob.reply, "since your last action (v=");
	assert_contains(bob.reply, "): nothing new");
	assert_contains(bob.reply, "turn 1/20: german Movement Phase [movement]");
	assert_contains(bob.reply, "g:711");
	assert_fits_80x24(&bob);

	/* alice: what bob did since her last `end` (the events of her own action are not
	 * listed: they are what she did) */
	cmd_ok(&alice, "view");
	assert_contains(alice.reply, "since your last action (v=");
	assert_contains(alice.reply, "):\n    711 enters the map at 2717");
	assert_not_contains(alice.reply, "Bombardment Phase");
	assert_fits_80x24(&alice);
	assert_int_equal(more_count(&alice), -1);

	/* the map in text mode fits the screen too */
	cmd_ok(&alice, "map 2717 zoc");
	assert_contains(alice.reply, "g:711");
	assert_contains(alice.reply, "zones of control");
	assert_fits_80x24(&alice);
	cmd_ok(&alice, "map all");
	assert_contains(alice.reply, "columns 32-36 (part 4 of 4)");
	assert_contains(alice.reply, "/3647");

	/* JSON mode: members only; no board lines, no event texts */
	cmd_ok(&carol, "mode json");
	cmd_ok(&carol, "view");
	assert_contains(carol.reply, "\"state\":{");
	assert_contains(carol.reply, "\"phase\":\"movement\",\"phase_text\":\"Movement Phase\"");
	assert_not_contains(carol.reply, "terrain: ");
	assert_not_contains(carol.reply, "since ");
	cmd_ok(&carol, "map 2717");
	assert_contains(carol.reply, "\"window\":{\"corners\":[");
	assert_contains(carol.reply, "g:711");
	e2e_close(&alice);
	e2e_close(&bob);
	e2e_close(&carol);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_view_text_status_board_and_since, start_server,
	                                    stop_server),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
