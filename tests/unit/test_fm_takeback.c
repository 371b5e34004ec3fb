/*
 * test_fm_takeback.c -- the barriers of Fire & Movement to a takeback (rules/fm/takeback.c,
 * the match's "Takebacks" in rules/core/match.h): a plain move may be taken back and the
 * unit is back where it stood; a support step's decision (FM-8.2.1-08), the reveal of the
 * support fire markers (FM-8.2.1-06), a die roll and the end of a phase (FM-4.1-03) may
 * not.
 *
 * The server rebuilds a game for a takeback by replaying its stored actions; these white-
 * box fixtures set the board directly, so the test stands in for that replay with a
 * snapshot taken just before the action taken back (the same state), then runs the
 * TAKEBACK host action on it as the server does.
 */
#include "test_fm_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct fmt T;

static int setup_board(void **state)
{
	(void)state;
	fmt_open(&T, NULL);
	fmt_clear(&T);
	fmt_phase(&T, ALLIED, FM_PH_MOVEMENT);
	fmt_put(&T, "9/3", "0505");
	fmt_put(&T, "8/3", "0408");
	fmt_events_clear(&T);
	return 0;
}

static int teardown_board(void **state)
{
	(void)state;
	fmt_close(&T);
	return 0;
}

/* Side's takeback now: 0 and the match replaced by the state before its last action, or
 * the refusal's code (T.err filled).  before: a snapshot taken just before that action. */
static int take_back(int side, const char *before)
{
	struct rules_host_action a = {RULES_HOST_TAKEBACK, side, -1, "ann", 0};
	struct rules_match m2;
	uint64_t target;
	int rc;

	if ((rc = rules_match_takeback_check(&T.m, side, &target, &T.err)) != 0)
		return rc;
	assert_int_equal(rules_match_restore(&m2, T.m.rs, T.m.sc, &T.m.opts, before, &T.err), 0);
	assert_int_equal((int)m2.version, (int)target - 1);
	while (m2.version < T.m.version) /* the undone actions, counted */
		rules_match_undone(&m2);
	assert_memory_equal(m2.dice.s, T.m.dice.s, sizeof(T.m.dice.s)); /* no die rolled */
	a.arg = (int64_t)target;
	fmt_events_clear(&T);
	if ((rc = rules_match_host(&m2, &a, &T.ev, &T.err)) != 0) {
		rules_match_release(&m2);
		return rc;
	}
	rules_match_release(&T.m);
	T.m = m2;
	T.g = (struct fm_game *)T.m.game;
	return 0;
}

/* A plain move is taken back: the unit stands where it stood, with its movement points. */
static void test_fm_takeback_plain_move_unit_is_back(void **state)
{
	char *before, *after;
	int mp;

	(void)state;
	assert_int_equal(fmt_do(&T, ALLIED, "move 8/3 0409"), 0);
	before = rules_match_snapshot(&T.m);
	mp = T.g->u[fmt_unit(&T, "9/3")].mp_half;
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 0506"), 0);
	assert_string_equal(fmt_where(&T, "9/3"), "0506");
	assert_int_equal(take_back(ALLIED, before), 0);
	assert_string_equal(fmt_where(&T, "9/3"), "0505");
	assert_int_equal(T.g->u[fmt_unit(&T, "9/3")].mp_half, mp);
	assert_string_equal(fmt_where(&T, "8/3"), "0409"); /* the move before stays */
	assert_true(fmt_has_event(&T, "taken-back"));
	assert_true(fmt_events_mention(&T, RULES_AUD_SPECTATORS, "ann (allied) takes back"));
	/* the engine state is the one before the move */
	after = rules_match_snapshot(&T.m);
	{
		cJSON *a = cJSON_Parse(before), *b = cJSON_Parse(after);
		assert_string_equal(cJSON_GetObjectItem(a, "game")->valuestring,
		                    cJSON_GetObjectItem(b, "game")->valuestring);
		cJSON_Delete(a);
		cJSON_Delete(b);
	}
	/* and the unit may move again, elsewhere */
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 0504"), 0);
	assert_string_equal(fmt_where(&T, "9/3"), "0504");
	free(before);
	free(after);
}

/* FM-4.1-03: ending the Movement Phase is final. */
static void test_fm_takeback_refused_after_a_phase_ends(void **state)
{
	(void)state;
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 0506"), 0);
	assert_int_equal(fmt_do(&T, ALLIED, "end"), 0);
	assert_int_equal(take_back(ALLIED, NULL), WG_E_FORBIDDEN);
	assert_string_equal(T.err.rule, "FM-4.1-03");
	assert_non_null(strstr(T.err.message, "play never returns to an earlier phase"));
	assert_non_null(strstr(T.err.message, "allied's last action"));
}

/* FM-8.2.1-08: a support step's decision may not be changed, so not taken back either;
 * FM-8.2.1-06: nor the reveal; a die: nor the combat's roll. */
static void test_fm_takeback_refused_after_support_reveal_and_roll(void **state)
{
	(void)state;
	fmt_clear(&T);
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	fmt_put(&T, "64", "0505");
	fmt_put(&T, "1 Arm", "0506");
	fmt_hand(&T, ALLIED, "A1 A2 A5");
	fmt_hand(&T, GERMAN, "G1 G2");
	/* declaring the attack may be taken back: nothing hidden was shown, no die rolled */
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 1_Arm"), 0);
	{
		uint64_t target;
		assert_int_equal(rules_match_takeback_check(&T.m, ALLIED, &target, &T.err), 0);
		assert_int_equal((int)target, (int)T.m.version);
	}
	/* a support step */
	assert_int_equal(fmt_do(&T, ALLIED, "support A1"), 0);
	assert_int_equal(take_back(ALLIED, NULL), WG_E_FORBIDDEN);
	assert_string_equal(T.err.rule, "FM-8.2.1-08");
	/* the defender's last step reveals the markers and rolls the die */
	assert_int_equal(fmt_do(&T, GERMAN, "support G1"), 0);
	assert_int_equal(fmt_do(&T, ALLIED, "support pass"), 0);
	fmt_dice(&T, 1, 5);
	assert_int_equal(fmt_do(&T, GERMAN, "support pass"), 0);
	assert_true(fmt_has_event(&T, "support-revealed"));
	assert_int_equal(take_back(GERMAN, NULL), WG_E_FORBIDDEN);
	assert_string_equal(T.err.rule, "FM-8.2.1-06");
	assert_non_null(strstr(T.err.message, "revealed the support fire markers"));
	/* the attacker's decisions before it are behind the barrier too */
	assert_int_equal(take_back(ALLIED, NULL), WG_E_FORBIDDEN);
	assert_non_null(strstr(T.err.message, "german's action"));
}

/* An attack whose steps all pass by themselves rolls its die at once: refused. */
static void test_fm_takeback_refused_after_a_die_roll(void **state)
{
	(void)state;
	fmt_clear(&T);
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	fmt_put(&T, "64", "0505");
	fmt_put(&T, "1 Arm", "0506");
	fmt_hand(&T, ALLIED, "");
	fmt_hand(&T, GERMAN, "");
	fmt_dice(&T, 1, 5);
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 1_Arm"), 0);
	assert_int_equal((int)T.m.dice.nlog, 1); /* the combat die */
	assert_int_equal(take_back(ALLIED, NULL), WG_E_FORBIDDEN);
	assert_non_null(strstr(T.err.message, "allied's last action cannot be taken back"));
	assert_string_equal(T.err.rule, "FM-8.2.1-06");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_fm_takeback_plain_move_unit_is_back, setup_board,
	                                    teardown_board),
	    cmocka_unit_test_setup_teardown(test_fm_takeback_refused_after_a_phase_ends,
	                                    setup_board, teardown_board),
	    cmocka_unit_test_setup_teardown(test_fm_takeback_refused_after_support_reveal_and_roll,
	                                    setup_board, teardown_board),
	    cmocka_unit_test_setup_teardown(test_fm_takeback_refused_after_a_die_roll, setup_board,
	                                    teardown_board),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
