/*
 * test_ma_18.c -- Meuse Argonne's special rules (18.0) and instant victory
 * (12.1) on the shipped scenario: the Lost Battalion's decision before the
 * die roll, its line and its single use; German combat experience (D2/D3
 * to D1, never with stiff resistance, the advance after it); the Allied
 * victory on entering Sedan, even in passing; the module state across
 * snapshot and restore.  Dice are forced through the game's dice stream.
 *
 * Numbers: US-3 (8-8-4) against DE-13L (2-3-4) is +5, column "+4/+5".  With
 * the left line alignment (AMB-01) die 1 reads D2 on the Woods (Stellung,
 * -3) line and Ex on the Fortress / Lost Battalion (-1) line; on the Clear
 * line die 1 at +5 is D2 and US-1 (10-9-4) at +7 is D3.
 */
#include "test_ma_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct fmt T;

static int setup(void **state)
{
	(void)state;
	ma_open(&T, NULL);
	ma_at(&T, 2, ALLIED, FM_PH_COMBAT);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fmt_close(&T);
	return 0;
}

static int woods_only(int n)
{
	return mat_find(&T, MA_HF_WOODS, MA_HF_TOWN | MA_HF_TRENCH | MA_HF_RISE | MA_HF_FORTRESS,
	                n);
}

/* US-3 attacks DE-13L in hex from a plain neighbour (the board is set up anew). */
static int lb_attack(int hex)
{
	char line[64];
	ma_at(&T, 2, ALLIED, FM_PH_COMBAT);
	mat_put(&T, "DE-13L", hex);
	mat_put(&T, "US-3", mat_clear_neighbour(&T, hex, -1));
	snprintf(line, sizeof(line), "attack %s US-3", mat_id(&T, hex));
	return fmt_do(&T, ALLIED, line);
}

/* MA-18.1-01, MA-18.1-02, MA-18.1-06: an Allied attack on a woods-only hex waits, after
 * the support fire (none here) and before the roll, for the German decision; declared, the
 * attack uses the Woods (Lost Battalion) line: die 1 at +5 is Ex instead of D2. */
static void test_ma_18_1_06_lost_battalion_line(void **state)
{
	(void)state;
	assert_int_equal(lb_attack(woods_only(0)), 0);
	assert_int_equal(T.g->await, FM_AW_BEFORE_ROLL);
	assert_int_equal(fm__acting_side(T.g), GERMAN);
	assert_false(fmt_has_event(&T, "combat-result"));
	fmt_dice(&T, 1, 1);
	assert_int_equal(fmt_do(&T, GERMAN, "lost-battalion declare"), 0);
	assert_true(fmt_has_event(&T, "lost-battalion"));
	assert_true(mat_line_was(&T, "fortress"));
	assert_true(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"result\":\"Ex\"") > 0);
}

/* MA-18.1-01: 'pass' rolls on the normal Woods line (D2 at +5, die 1), and the Lost
 * Battalion stays available for a later attack. */
static void test_ma_18_1_01_pass_keeps_it(void **state)
{
	(void)state;
	assert_int_equal(lb_attack(woods_only(0)), 0);
	fmt_dice(&T, 1, 1);
	assert_int_equal(fmt_do(&T, GERMAN, "lost-battalion pass"), 0);
	assert_true(mat_line_was(&T, "stellung"));
	assert_true(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"result\":\"D2\"") > 0);
	assert_int_equal(ma__cstate(T.g)->lb_used, 0);
	assert_int_equal(lb_attack(woods_only(1)), 0);
	assert_int_equal(T.g->await, FM_AW_BEFORE_ROLL);
}

/* MA-18.1-03: once used, the rule never applies again: the next attack on woods rolls at
 * once on the normal line. */
static void test_ma_18_1_03_once_per_game(void **state)
{
	(void)state;
	assert_int_equal(lb_attack(woods_only(0)), 0);
	fmt_dice(&T, 1, 4);
	assert_int_equal(fmt_do(&T, GERMAN, "lost-battalion declare"), 0);
	assert_int_equal(ma__cstate(T.g)->lb_used, 1);
	fmt_dice(&T, 1, 4);
	assert_int_equal(lb_attack(woods_only(1)), 0);
	assert_int_not_equal(T.g->await, FM_AW_BEFORE_ROLL);
	assert_true(mat_line_was(&T, "stellung"));
	assert_int_not_equal(fmt_do(&T, GERMAN, "lost-battalion declare"), 0);
}

/* MA-18.1-05: the Allied player may not call the attack off (nor do anything else) while
 * the German decision is pending; the refusal changes nothing. */
static void test_ma_18_1_05_no_cancel(void **state)
{
	(void)state;
	assert_int_equal(lb_attack(woods_only(0)), 0);
	assert_int_equal(fmt_do(&T, ALLIED, "end"), WG_E_NOT_YOUR_TURN);
	assert_int_equal(T.g->await, FM_AW_BEFORE_ROLL);
	assert_true(T.g->b.active);
}

/* MA-18.1-01 (AMB-94): not a woods-only hex (woods and town, or rise), or a German attack:
 * no decision is asked. */
static void test_ma_18_1_01_only_allied_attacks_on_woods_only(void **state)
{
	int c = mat_find(&T, 0, 0x7f, 0);
	char line[64];
	(void)state;
	fmt_dice(&T, 1, 4);
	assert_int_equal(lb_attack(c), 0);
	assert_int_not_equal(T.g->await, FM_AW_BEFORE_ROLL);
	ma_at(&T, 2, GERMAN, FM_PH_COMBAT);
	mat_put(&T, "US-92", woods_only(0));
	mat_put(&T, "DE-1G", mat_clear_neighbour(&T, woods_only(0), -1));
	fmt_dice(&T, 1, 4);
	snprintf(line, sizeof(line), "attack %s DE-1G", mat_id(&T, woods_only(0)));
	assert_int_equal(fmt_do(&T, GERMAN, line), 0);
	assert_int_not_equal(T.g->await, FM_AW_BEFORE_ROLL);
}

/* MA-18.1-04: support fire is placed normally first: with an Allied marker in hand the
 * support steps come before the German decision. */
static void test_ma_18_1_04_support_before_decision(void **state)
{
	const char *id = T.g->sc->markers[ALLIED][0].id;
	(void)state;
	ma_at(&T, 2, ALLIED, FM_PH_COMBAT);
	fmt_hand(&T, ALLIED, id);
	mat_put(&T, "DE-13L", woods_only(0));
	mat_put(&T, "US-3", mat_clear_neighbour(&T, woods_only(0), -1));
	{
		char line[64];
		snprintf(line, sizeof(line), "attack %s US-3", mat_id(&T, woods_only(0)));
		assert_int_equal(fmt_do(&T, ALLIED, line), 0);
	}
	assert_int_equal(T.g->await, FM_AW_SUPPORT);
	assert_int_equal(fmt_do(&T, ALLIED, "support pass"), 0); /* b1; the German has none */
	assert_int_equal(T.g->await, FM_AW_SUPPORT);
	assert_int_equal(fmt_do(&T, ALLIED, "support pass"), 0); /* b3 */
	assert_int_equal(T.g->await, FM_AW_BEFORE_ROLL);
	fmt_dice(&T, 1, 4);
	assert_int_equal(fmt_do(&T, GERMAN, "lost-battalion pass"), 0);
	assert_true(fmt_has_event(&T, "combat-result"));
}

/* A D2 (die 1) or D3 against DE-13L on clear ground, from US-3 or US-1. */
static int retreat_result(const char *attacker, int *from)
{
	int c = mat_find(&T, 0, 0x7f, 0);
	char line[64];
	ma_at(&T, 2, ALLIED, FM_PH_COMBAT);
	mat_put(&T, "DE-13L", c);
	*from = mat_clear_neighbour(&T, c, -1);
	mat_put(&T, attacker, *from);
	fmt_dice(&T, 1, 1);
	snprintf(line, sizeof(line), "attack %s %s", mat_id(&T, c), attacker);
	assert_int_equal(fmt_do(&T, ALLIED, line), 0);
	assert_int_equal(T.g->await, FM_AW_RETREAT);
	return c;
}

/* MA-18.2-01: a D2 on a German unit may be downgraded to a one-hex retreat; the attacker
 * may then advance along the one-hex path (AMB-93). */
static void test_ma_18_2_01_d2_to_d1(void **state)
{
	const struct ma_data *d = T.g->sc->ex_data;
	int from, c = retreat_result("US-3", &from), to = -1;
	char line[64];
	(void)state;
	assert_int_equal(T.g->b.result, FM_R_D2);
	assert_int_equal(fmt_do(&T, GERMAN, "experience DE-13L"), 0);
	assert_true(fmt_has_event(&T, "combat-experience"));
	assert_int_equal(T.g->b.retreat[0].dist, 1);
	for (int h = 0; h < d->count && to < 0; h++)
		if (fm__adjacent(T.g, c, h) && fm__distance(T.g, h, from) == 2 &&
		    !fm__hex_prohibited(T.g, h, -1))
			to = h;
	assert_true(to >= 0);
	snprintf(line, sizeof(line), "retreat DE-13L %s", mat_id(&T, to));
	assert_int_equal(fmt_do(&T, GERMAN, line), 0);
	assert_string_equal(fmt_where(&T, "DE-13L"), mat_id(&T, to));
	assert_int_equal(T.g->await, FM_AW_ADVANCE);
	snprintf(line, sizeof(line), "advance US-3 %s", mat_id(&T, c));
	assert_int_equal(fmt_do(&T, ALLIED, line), 0);
	assert_string_equal(fmt_where(&T, "US-3"), mat_id(&T, c));
}

/* MA-18.2-01: a D3 too; the German player may also keep the full retreat (he is not asked
 * twice: the downgrade of one unit is refused once made). */
static void test_ma_18_2_01_d3_and_once(void **state)
{
	int from;
	(void)state;
	retreat_result("US-1", &from);
	assert_int_equal(T.g->b.result, FM_R_D3);
	assert_int_equal(T.g->b.retreat[0].dist, 3);
	assert_int_equal(fmt_do(&T, GERMAN, "experience DE-13L"), 0);
	assert_int_equal(T.g->b.retreat[0].dist, 1);
	assert_int_not_equal(fmt_do(&T, GERMAN, "experience DE-13L"), 0);
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "MA-18.2-01");
}

/* MA-18.2-02: a downgraded unit may not also declare stiff resistance; without the
 * downgrade it may. */
static void test_ma_18_2_02_not_with_stiff_resistance(void **state)
{
	int from;
	(void)state;
	retreat_result("US-3", &from);
	assert_int_equal(fmt_do(&T, GERMAN, "experience DE-13L"), 0);
	assert_int_not_equal(fmt_do(&T, GERMAN, "stiff DE-13L"), 0);
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "MA-18.2-02");
	assert_int_equal(fmt_step(&T, "DE-13L"), 0);
	retreat_result("US-3", &from);
	assert_int_equal(fmt_do(&T, GERMAN, "stiff DE-13L"), 0);
}

/* MA-18.2-01: only for German units (an Allied defender's D2 stays). */
static void test_ma_18_2_01_german_units_only(void **state)
{
	int c = mat_find(&T, 0, 0x7f, 0);
	char line[64];
	(void)state;
	ma_at(&T, 2, GERMAN, FM_PH_COMBAT);
	mat_put(&T, "US-92", c);                               /* 5-6-4 */
	mat_put(&T, "DE-52R", mat_clear_neighbour(&T, c, -1)); /* 11-11-4: +5 */
	fmt_dice(&T, 1, 1);
	snprintf(line, sizeof(line), "attack %s DE-52R", mat_id(&T, c));
	assert_int_equal(fmt_do(&T, GERMAN, line), 0);
	assert_int_equal(T.g->await, FM_AW_RETREAT);
	assert_int_not_equal(fmt_do(&T, ALLIED, "experience US-92"), 0);
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "MA-18.2-01");
	assert_int_equal(T.g->b.retreat[0].dist, 2);
}

/* MA-12.1-01 (AMB-95): an Allied unit that moves through Sedan and out of it wins at once. */
static void test_ma_12_1_01_entering_sedan_even_briefly(void **state)
{
	const struct ma_data *d = T.g->sc->ex_data;
	int a = mat_clear_neighbour(&T, d->sedan, -1), b = mat_neighbour(&T, d->sedan, 0, a);
	char line[64];
	struct rules_outcome o;
	(void)state;
	assert_true(a >= 0 && b >= 0);
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	mat_put(&T, "US-3", a);
	snprintf(line, sizeof(line), "move US-3 %s %s", mat_id(&T, d->sedan), mat_id(&T, b));
	assert_int_equal(fmt_do(&T, ALLIED, line), 0);
	assert_string_equal(fmt_where(&T, "US-3"), mat_id(&T, b));
	fm__outcome((const struct rules_game *)T.g, &o);
	assert_true(o.over);
	assert_int_equal(o.winner, ALLIED);
	assert_non_null(strstr(o.summary, "Sedan"));
}

/* MA-12.1-02: a German unit in Sedan wins nothing; the game goes on. */
static void test_ma_12_1_02_german_in_sedan(void **state)
{
	const struct ma_data *d = T.g->sc->ex_data;
	int a = mat_clear_neighbour(&T, d->sedan, -1);
	char line[64];
	(void)state;
	ma_at(&T, 3, GERMAN, FM_PH_MOVEMENT);
	mat_put(&T, "DE-1G", a);
	snprintf(line, sizeof(line), "move DE-1G %s", mat_id(&T, d->sedan));
	assert_int_equal(fmt_do(&T, GERMAN, line), 0);
	assert_false(T.g->over);
}

/* The special rules' state survives a snapshot and a restore. */
static void test_ma_18_state_round_trip(void **state)
{
	struct rules_game *g2;
	struct rules_error err;
	int h = mat_find(&T, MA_HF_STELLUNG, 0, 0);
	char *a, *b;
	(void)state;
	assert_int_equal(lb_attack(woods_only(0)), 0);
	fmt_dice(&T, 1, 4);
	assert_int_equal(fmt_do(&T, GERMAN, "lost-battalion declare"), 0);
	ma__breach(T.g, h);
	a = fm_ruleset.snapshot(T.m.game);
	assert_non_null(a);
	assert_int_equal(fm_ruleset.restore(T.sc, NULL, a, &g2, &err), 0);
	b = fm_ruleset.snapshot(g2);
	assert_string_equal(a, b);
	assert_int_equal(ma__cstate((struct fm_game *)g2)->lb_used, 1);
	assert_true(ma__breached((struct fm_game *)g2, h));
	assert_int_equal(memcmp(((struct fm_game *)g2)->ex, T.g->ex, sizeof(struct ma_state)), 0);
	fm_ruleset.destroy(g2);
	free(a);
	free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_ma_18_1_06_lost_battalion_line, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_18_1_01_pass_keeps_it, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_18_1_03_once_per_game, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_18_1_05_no_cancel, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_18_1_01_only_allied_attacks_on_woods_only,
	                                    setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_18_1_04_support_before_decision, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_ma_18_2_01_d2_to_d1, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_18_2_01_d3_and_once, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_18_2_02_not_with_stiff_resistance, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_ma_18_2_01_german_units_only, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_12_1_01_entering_sedan_even_briefly, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_ma_12_1_02_german_in_sedan, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_18_state_round_trip, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
