/*
 * test_ma_13.c -- Meuse Argonne 13.0 (units): the three-step divisions and
 * the brigade chit that is their third step (13.1), voluntary breakdown into
 * brigades and stacked brigades acting as one unit (13.2, AMB-92), German
 * divisions (13.3), on the shipped scenario with forced dice.  Every refusal
 * cites its rule and leaves the game unchanged (ma_no).  Also: the module's
 * state of these rules survives snapshot and restore.
 *
 * The board: the clear hexes around 1806 (neighbours 1805 1807 1706 1906
 * 1707 1907, all clear, no hexside feature) and 1721 (south of the Stellung).
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
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fmt_close(&T);
	return 0;
}

static int brigade_count(const char *hex)
{
	int n = 0;
	for (int u = 0; u < T.g->nunits; u++)
		n += T.g->u[u].where == FM_W_MAP && T.g->u[u].hex == fmt_hex(&T, hex) &&
		     ma__unit_is(T.g, u, MA_UF_BRIGADE);
	return n;
}

/* German attack on the US unit in 1806 from 1805, 1706 and 1906 (31 attack). */
static void german_attack_1806(int die)
{
	ma_put(&T, "DE-52R", "1805", 0);
	ma_put(&T, "DE-28R", "1706", 0);
	ma_put(&T, "DE-3G", "1906", 0);
	fmt_dice(&T, 1, die);
	ma_ok(&T, GERMAN, "attack 1806 DE-52R DE-28R DE-3G");
}

/* MA-13.1-01: every division is two-sided (full, depleted); brigades have one side. */
static void test_ma_13_1_01_divisions_two_sided(void **state)
{
	(void)state;
	for (int u = 0; u < T.g->nunits; u++) {
		const struct fm_unit_def *d = fm__def(T.g, u);
		if (ma__unit_is(T.g, u, MA_UF_BRIGADE)) {
			assert_int_equal(d->nsteps, 1);
			continue;
		}
		assert_int_equal(d->nsteps, 2);
		assert_true(d->steps[1].attack <= d->steps[0].attack);
		assert_true(d->steps[1].defense <= d->steps[0].defense);
	}
}

/* MA-13.1-02: a depleted division is flipped and works the same with lower ratings. */
static void test_ma_13_1_02_depleted_flipped(void **state)
{
	int u;
	(void)state;
	ma_at(&T, 3, GERMAN, FM_PH_COMBAT);
	ma_put(&T, "US-3", "1806", 0);
	ma_put(&T, "DE-5G", "1805", 0); /* 6 attack against 8: -2, Clear line */
	u = fmt_unit(&T, "US-3");
	assert_int_equal(fm__reduce(T.g, u, "test", &T.ev), 0);
	assert_int_equal(T.g->u[u].where, FM_W_MAP);
	assert_int_equal(T.g->u[u].step, 1);
	assert_int_equal(fm__cur(T.g, u)->defense, fm__def(T.g, u)->steps[1].defense);
}

/* MA-13.1-03: the 4th, 32nd, 33rd (US) and 79th are the three-step divisions (AMB-102). */
static void test_ma_13_1_03_three_step_divisions(void **state)
{
	static const char *const ids[] = {"US-4", "US-32", "US-33", "US-79"};
	int n = 0;
	(void)state;
	for (int k = 0; k < 4; k++)
		assert_true(ma__three_index(T.g, fmt_unit(&T, ids[k])) >= 0);
	for (int u = 0; u < T.g->nunits; u++)
		n += ma__three_index(T.g, u) >= 0;
	assert_int_equal(n, 4);
	assert_int_equal(ma__three_index(T.g, fmt_unit(&T, "FR-33")), -1);
	assert_int_equal(ma__three_index(T.g, fmt_unit(&T, "DE-33")), -1);
}

/* MA-13.1-04: a depleted three-step division depleted again (Ex) leaves a brigade. */
static void test_ma_13_1_04_depleted_again_leaves_brigade(void **state)
{
	(void)state;
	ma_at(&T, 3, GERMAN, FM_PH_COMBAT);
	ma_put(&T, "US-4", "1806", 1);  /* 6-6-4 */
	ma_put(&T, "DE-5G", "1805", 0); /* 6-8-4: differential 0, die 1: Ex */
	fmt_dice(&T, 1, 1);
	ma_ok(&T, GERMAN, "attack 1806 DE-5G");
	assert_int_equal(T.g->last_combat.result, FM_R_EX);
	assert_int_equal(ma_where(&T, "US-4"), FM_W_ELIMINATED);
	assert_int_equal(brigade_count("1806"), 1);
	assert_true(fmt_has_event(&T, "brigade-placed"));
	/* the brigade was attacked in this phase with the division (FM-8.0-03) */
	assert_true(T.g->u[fm__occupant(T.g, fmt_hex(&T, "1806"), -1)].flags & FM_UF_DEFENDED);
}

/* MA-13.1-04, AMB-91: a retreat impossible eliminates the division; the brigade stays in
 * its hex, and no brigade is placed when none is free. */
static void test_ma_13_1_04_every_cause_and_no_free_chit(void **state)
{
	static const char *const b[] = {"US-BDE-1", "US-BDE-2", "US-BDE-3",
	                                "US-BDE-4", "US-BDE-5", "US-BDE-6"};
	static const char *const at[] = {"0221", "0321", "0421", "1521", "2121", "2221"};
	(void)state;
	ma_at(&T, 3, GERMAN, FM_PH_COMBAT);
	ma_put(&T, "US-4", "1806", 1);
	ma_put(&T, "DE-5G", "1805", 0);
	ma_put(&T, "DE-1G", "1807", 0);
	ma_put(&T, "DE-2L", "1707", 0);
	ma_put(&T, "DE-8L", "1907", 0); /* every hex away from 1806 is in a German ZOC */
	fmt_dice(&T, 1, 1);             /* 6+8+4+4 = 22 against 6: +10, die 1: De */
	ma_ok(&T, GERMAN, "attack 1806 DE-5G DE-1G DE-2L DE-8L");
	assert_int_equal(T.g->last_combat.result, FM_R_DE);
	assert_int_equal(brigade_count("1806"), 1);
	/* now with every chit on the map: US-32 eliminated, no brigade */
	ma_at(&T, 3, GERMAN, FM_PH_COMBAT);
	for (int k = 0; k < 6; k++)
		ma_put(&T, b[k], at[k], 0);
	ma_put(&T, "US-32", "1806", 1);
	german_attack_1806(1);
	assert_int_equal(ma_where(&T, "US-32"), FM_W_ELIMINATED);
	assert_int_equal(ma_count(&T, "1806"), 0);
	assert_true(fmt_has_event(&T, "no-brigade"));
	assert_false(fmt_has_event(&T, "brigade-placed"));
}

/* MA-13.1-05 (EX-16): De on a full or a depleted 4th eliminates the divisional chit only;
 * the brigade is placed in the hex. */
static void test_ma_13_1_05_de_leaves_brigade(void **state)
{
	(void)state;
	for (int step = 0; step < 2; step++) {
		ma_at(&T, 3, GERMAN, FM_PH_COMBAT);
		for (int u = 0; u < T.g->nunits; u++)
			if (ma__unit_is(T.g, u, MA_UF_BRIGADE))
				T.g->u[u].where = FM_W_HELD;
		ma_put(&T, "US-4", "1806", step);
		german_attack_1806(1); /* 31 against 9 or 6: +10, die 1: De */
		assert_int_equal(T.g->last_combat.result, FM_R_DE);
		assert_int_equal(ma_where(&T, "US-4"), FM_W_ELIMINATED);
		assert_int_equal(ma_count(&T, "1806"), 1);
		assert_int_equal(brigade_count("1806"), 1);
	}
}

/* MA-13.1-06: a brigade is reduced by elimination; no other brigade replaces it. */
static void test_ma_13_1_06_brigade_reduced_eliminated(void **state)
{
	(void)state;
	ma_at(&T, 3, GERMAN, FM_PH_COMBAT);
	ma_put(&T, "US-BDE-1", "1806", 0); /* 3-3-4 */
	ma_put(&T, "DE-2L", "1805", 0);    /* 4 against 3: +1, die 2: Ex */
	fmt_dice(&T, 1, 2);
	ma_ok(&T, GERMAN, "attack 1806 DE-2L");
	assert_int_equal(T.g->last_combat.result, FM_R_EX);
	assert_int_equal(ma_where(&T, "US-BDE-1"), FM_W_ELIMINATED);
	assert_int_equal(ma_count(&T, "1806"), 0);
	assert_false(fmt_has_event(&T, "brigade-placed"));
}

/* MA-13.2-01: breakdown at the beginning of a US Movement Phase, also right after entry. */
static void test_ma_13_2_01_breakdown_when(void **state)
{
	(void)state;
	ma_at(&T, 3, ALLIED, FM_PH_COMBAT);
	ma_put(&T, "US-4", "1721", 0);
	ma_no(&T, ALLIED, "breakdown US-4", WG_E_WRONG_PHASE, "MA-13.2-01");
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	ma_put(&T, "US-4", "1721", 0);
	ma_ok(&T, ALLIED, "move US-4 1720");
	ma_no(&T, ALLIED, "breakdown US-4", WG_E_ILLEGAL_ACTION, "MA-13.2-01");
	/* the 79th on its turn of arrival (19.3: turn 13), after entering */
	ma_at(&T, 13, ALLIED, FM_PH_MOVEMENT);
	T.g->u[fmt_unit(&T, "US-79")].where = FM_W_WAITING;
	ma_ok(&T, ALLIED, "enter US-79 1922");
	assert_true(ma_offered(&T, ALLIED, "breakdown", "US-79"));
	ma_ok(&T, ALLIED, "breakdown US-79");
	assert_int_equal(brigade_count("1922"), 3);
	/* the brigades have spent what the division spent to enter */
	for (int u = 0; u < T.g->nunits; u++)
		if (ma__unit_is(T.g, u, MA_UF_BRIGADE) && T.g->u[u].where == FM_W_MAP)
			assert_int_equal(T.g->u[u].mp_half, T.g->u[fmt_unit(&T, "US-79")].mp_half);
	ma_ok(&T, ALLIED, "move US-BDE-1 1821"); /* with the MP left after the entry */
	assert_int_equal(T.g->u[fmt_unit(&T, "US-BDE-1")].mp_half, 4);
}

/* MA-13.2-02 (EX-14): a full division becomes three brigades, a depleted one two; the
 * division goes out of play. */
static void test_ma_13_2_02_three_or_two_brigades(void **state)
{
	(void)state;
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	ma_put(&T, "US-4", "1721", 0);
	ma_put(&T, "US-32", "1620", 1);
	ma_ok(&T, ALLIED, "breakdown US-4");
	assert_int_equal(ma_where(&T, "US-4"), FM_W_REMOVED);
	assert_int_equal(brigade_count("1721"), 3);
	assert_true(fmt_has_event(&T, "division-broken-down"));
	ma_ok(&T, ALLIED, "breakdown US-32");
	assert_int_equal(brigade_count("1620"), 2);
	assert_int_equal(ma__free_brigades(T.g, NULL), 1);
	assert_int_equal(ma__cstate(T.g)->broken[ma__three_index(T.g, fmt_unit(&T, "US-4"))], 1);
}

/* MA-13.2-03 (EX-46): two or three brigades stack, never a fourth, never with a division. */
static void test_ma_13_2_03_stacking(void **state)
{
	(void)state;
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	ma_put(&T, "US-BDE-1", "1721", 0);
	ma_put(&T, "US-BDE-2", "1721", 0);
	ma_put(&T, "US-BDE-3", "1720", 0);
	ma_put(&T, "US-BDE-4", "1620", 0);
	ma_put(&T, "US-3", "1621", 0);
	ma_ok(&T, ALLIED, "move US-BDE-3 1721");
	assert_int_equal(brigade_count("1721"), 3);
	ma_no(&T, ALLIED, "move US-BDE-4 1721", WG_E_ILLEGAL_MOVE, NULL);
	ma_no(&T, ALLIED, "move US-BDE-4 1621", WG_E_ILLEGAL_MOVE, NULL);
	ma_no(&T, ALLIED, "move US-3 1620", WG_E_ILLEGAL_MOVE, NULL);
	assert_int_equal(ma__may_share(T.g, fmt_unit(&T, "US-3"), fmt_hex(&T, "1620")), 0);
}

/* MA-13.2-04 (AMB-92): stacked brigades act as one unit: they attack together, their
 * strengths are summed, an Ex costs the stack one brigade, a retreat moves the stack. */
static void test_ma_13_2_04_stack_acts_as_one(void **state)
{
	(void)state;
	ma_at(&T, 3, ALLIED, FM_PH_COMBAT);
	ma_put(&T, "US-BDE-1", "1806", 0);
	ma_put(&T, "US-BDE-2", "1806", 0);
	ma_put(&T, "DE-2L", "1805", 0);
	ma_no(&T, ALLIED, "attack 1805 US-BDE-1", WG_E_ILLEGAL_ATTACK, "MA-13.2-04");
	fmt_dice(&T, 1, 1); /* 3 + 3 against 6: 0, die 1 on the Clear line: Ex */
	ma_ok(&T, ALLIED, "attack 1805 US-BDE-1 US-BDE-2");
	assert_int_equal(T.g->last_combat.result, FM_R_EX);
	assert_int_equal(T.g->await, FM_AW_LOSS); /* the owner picks the brigade */
	ma_ok(&T, ALLIED, "reduce US-BDE-2");
	assert_int_equal(ma_where(&T, "US-BDE-2"), FM_W_ELIMINATED);
	assert_int_equal(brigade_count("1806"), 1);
	/* as defenders: defense summed, Ex costs one brigade */
	ma_at(&T, 3, GERMAN, FM_PH_COMBAT);
	ma_put(&T, "US-BDE-1", "1806", 0);
	ma_put(&T, "US-BDE-2", "1806", 0);
	ma_put(&T, "US-BDE-3", "1806", 0);
	ma_put(&T, "DE-1G", "1805", 0); /* 8 against 9: -1, die 1: Ex */
	fmt_dice(&T, 1, 1);
	ma_ok(&T, GERMAN, "attack 1806 DE-1G");
	assert_int_equal(T.g->last_combat.result, FM_R_EX);
	assert_int_equal(T.g->await, FM_AW_LOSS); /* the owner picks the brigade */
	assert_int_equal(T.g->b.loss_side, ALLIED);
	ma_no(&T, ALLIED, "reduce DE-1G", WG_E_ILLEGAL_ACTION, "FM-8.2.4-04");
	ma_ok(&T, ALLIED, "reduce US-BDE-3");
	assert_int_equal(ma_where(&T, "US-BDE-3"), FM_W_ELIMINATED);
	assert_int_equal(brigade_count("1806"), 2);
	assert_int_equal(fmt_step(&T, "DE-1G"), 1); /* then the attacker's loss */
	assert_int_not_equal(T.g->await, FM_AW_LOSS);
	/* a retreat: the path given for one moves both */
	ma_at(&T, 3, GERMAN, FM_PH_COMBAT);
	ma_put(&T, "US-BDE-1", "1806", 0);
	ma_put(&T, "US-BDE-2", "1806", 0);
	german_attack_1806(4); /* 31 against 6: +10, die 4 on the Clear line: D2 */
	assert_int_equal(T.g->last_combat.result, FM_R_D2);
	assert_int_equal(T.g->await, FM_AW_RETREAT);
	ma_ok(&T, ALLIED, "retreat US-BDE-1 1807 1808");
	assert_int_equal(brigade_count("1808"), 2);
	assert_int_not_equal(T.g->await, FM_AW_RETREAT);
	/* stiff resistance: one brigade for the stack, the other stays */
	ma_at(&T, 3, GERMAN, FM_PH_COMBAT);
	ma_put(&T, "US-BDE-1", "1806", 0);
	ma_put(&T, "US-BDE-2", "1806", 0);
	german_attack_1806(4);
	ma_ok(&T, ALLIED, "stiff US-BDE-2");
	assert_int_equal(ma_where(&T, "US-BDE-2"), FM_W_ELIMINATED);
	assert_int_equal(brigade_count("1806"), 1);
	assert_int_not_equal(T.g->await, FM_AW_RETREAT);
	/* De eliminates every brigade of the stack */
	ma_at(&T, 3, GERMAN, FM_PH_COMBAT);
	ma_put(&T, "US-BDE-1", "1806", 0);
	ma_put(&T, "US-BDE-2", "1806", 0);
	german_attack_1806(1);
	assert_int_equal(T.g->last_combat.result, FM_R_DE);
	assert_int_equal(ma_count(&T, "1806"), 0);
}

/* MA-13.2-05: brigades split during movement and stack again. */
static void test_ma_13_2_05_split_and_restack(void **state)
{
	(void)state;
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	ma_put(&T, "US-BDE-1", "1721", 0);
	ma_put(&T, "US-BDE-2", "1721", 0);
	ma_ok(&T, ALLIED, "move US-BDE-1 1720");
	assert_int_equal(ma_count(&T, "1721"), 1);
	ma_ok(&T, ALLIED, "move US-BDE-2 1720");
	assert_int_equal(brigade_count("1720"), 2);
}

/* MA-13.2-06: too few chits: only those free are placed, and none is added later. */
static void test_ma_13_2_06_too_few_chits(void **state)
{
	static const char *const b[] = {"US-BDE-1", "US-BDE-2", "US-BDE-3", "US-BDE-4", "US-BDE-5"};
	static const char *const at[] = {"0221", "0321", "0421", "1521", "2121"};
	(void)state;
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	for (int k = 0; k < 5; k++)
		ma_put(&T, b[k], at[k], 0);
	ma_put(&T, "US-4", "1721", 0);
	ma_ok(&T, ALLIED, "breakdown US-4");
	assert_int_equal(brigade_count("1721"), 1);
	ma_dead(&T, "US-BDE-1"); /* a chit comes free: nothing joins the 4th's hex */
	fmt_phase(&T, ALLIED, FM_PH_MOVEMENT);
	assert_int_equal(brigade_count("1721"), 1);
	ma_no(&T, ALLIED, "breakdown US-BDE-6", WG_E_ILLEGAL_ACTION, "MA-13.2-07");
}

/* MA-13.2-07: only three-step divisions break down. */
static void test_ma_13_2_07_only_three_step(void **state)
{
	(void)state;
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	ma_put(&T, "US-3", "1721", 0);
	ma_put(&T, "FR-33", "1620", 0);
	ma_no(&T, ALLIED, "breakdown US-3", WG_E_ILLEGAL_ACTION, "MA-13.2-07");
	ma_no(&T, ALLIED, "breakdown FR-33", WG_E_ILLEGAL_ACTION, "MA-13.2-07");
}

/* MA-13.2-08: no re-forming: nothing puts the division back on its brigades' hex. */
static void test_ma_13_2_08_no_reform(void **state)
{
	(void)state;
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	ma_put(&T, "US-4", "1721", 0);
	ma_ok(&T, ALLIED, "breakdown US-4");
	assert_null(fm__verb_find(T.g->sc, "reform"));
	ma_no(&T, ALLIED, "breakdown US-BDE-1", WG_E_ILLEGAL_ACTION, "MA-13.2-07");
	fmt_phase(&T, ALLIED, FM_PH_MOVEMENT);
	T.g->turn = 4;
	ma_no(&T, ALLIED, "replace US-4 1721", WG_E_ILLEGAL_ACTION, "MA-11.3-05");
	assert_int_equal(ma_where(&T, "US-4"), FM_W_REMOVED);
}

/* MA-13.2-09 (AMB-181): a broken-down division returns only with three free chits per
 * such division in play. */
static void test_ma_13_2_09_return_needs_free_chits(void **state)
{
	(void)state;
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	ma_put(&T, "US-4", "1721", 0);
	ma_put(&T, "US-32", "1620", 0);
	ma_ok(&T, ALLIED, "breakdown US-4");
	ma_ok(&T, ALLIED, "breakdown US-32"); /* 6 brigades on the map, none free */
	T.g->turn = 4;
	fmt_phase(&T, ALLIED, FM_PH_MOVEMENT);
	ma_no(&T, ALLIED, "replace US-4 1922", WG_E_ILLEGAL_ACTION, "MA-13.2-09");
	ma_dead(&T, "US-BDE-1");
	ma_dead(&T, "US-BDE-2");
	ma_no(&T, ALLIED, "replace US-4 1922", WG_E_ILLEGAL_ACTION, "MA-13.2-09");
	ma_dead(&T, "US-BDE-3");
	ma_ok(&T, ALLIED, "replace US-4 1922"); /* 3 free: one broken-down division */
	assert_int_equal(T.g->u[fmt_unit(&T, "US-4")].step, 1);
	T.g->turn = 5;
	fmt_phase(&T, ALLIED, FM_PH_MOVEMENT);
	ma_dead(&T, "US-BDE-4");
	ma_dead(&T, "US-BDE-5"); /* 5 free: a second needs 6 */
	ma_no(&T, ALLIED, "replace US-32 2022", WG_E_ILLEGAL_ACTION, "MA-13.2-09");
	ma_dead(&T, "US-BDE-6");
	ma_ok(&T, ALLIED, "replace US-32 2022");
}

/* MA-13.2-10: other divisions return however many chits are in play. */
static void test_ma_13_2_10_others_return_regardless(void **state)
{
	static const char *const b[] = {"US-BDE-1", "US-BDE-2", "US-BDE-3",
	                                "US-BDE-4", "US-BDE-5", "US-BDE-6"};
	static const char *const at[] = {"0221", "0321", "0421", "1521", "2121", "2221"};
	(void)state;
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	for (int k = 0; k < 6; k++)
		ma_put(&T, b[k], at[k], 0);
	ma_dead(&T, "US-3");
	ma_ok(&T, ALLIED, "replace US-3 1922");
	assert_int_equal(ma_where(&T, "US-3"), FM_W_MAP);
}

/* MA-13.3-01: German units are identified by division (their formation). */
static void test_ma_13_3_01_german_divisions(void **state)
{
	(void)state;
	for (int u = 0; u < T.g->nunits; u++)
		if (fm__side_of(T.g, u) == GERMAN)
			assert_non_null(strstr(fm__def(T.g, u)->formation, "Division"));
}

/* MA-13.3-02: no German division breaks down; all are two-step units. */
static void test_ma_13_3_02_no_german_breakdown(void **state)
{
	(void)state;
	ma_at(&T, 3, GERMAN, FM_PH_MOVEMENT);
	ma_put(&T, "DE-33", "0805", 0);
	ma_no(&T, GERMAN, "breakdown DE-33", WG_E_ILLEGAL_ACTION, "MA-13.3-02");
	for (int u = 0; u < T.g->nunits; u++)
		if (fm__side_of(T.g, u) == GERMAN)
			assert_int_equal(fm__def(T.g, u)->nsteps, 2);
}

/* The state of 13.2 and 11.3/11.6 survives snapshot and restore. */
static void test_ma_units_state_snapshot(void **state)
{
	struct rules_game *g2;
	struct rules_error err;
	char *a, *b;
	(void)state;
	ma_at(&T, 3, ALLIED, FM_PH_MOVEMENT);
	ma_put(&T, "US-4", "1721", 0);
	ma_ok(&T, ALLIED, "breakdown US-4");
	ma_dead(&T, "US-3");
	ma_ok(&T, ALLIED, "replace US-3 1922");
	ma__state(T.g)->repl_total[GERMAN] = 1;
	a = fm_ruleset.snapshot(T.m.game);
	assert_non_null(a);
	assert_int_equal(fm_ruleset.restore(T.sc, NULL, a, &g2, &err), 0);
	b = fm_ruleset.snapshot(g2);
	assert_string_equal(a, b);
	assert_int_equal(memcmp(((struct fm_game *)g2)->ex, T.g->ex, sizeof(struct ma_state)), 0);
	fm_ruleset.destroy(g2);
	free(a);
	free(b);
}

#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    T_(test_ma_13_1_01_divisions_two_sided),
	    T_(test_ma_13_1_02_depleted_flipped),
	    T_(test_ma_13_1_03_three_step_divisions),
	    T_(test_ma_13_1_04_depleted_again_leaves_brigade),
	    T_(test_ma_13_1_04_every_cause_and_no_free_chit),
	    T_(test_ma_13_1_05_de_leaves_brigade),
	    T_(test_ma_13_1_06_brigade_reduced_eliminated),
	    T_(test_ma_13_2_01_breakdown_when),
	    T_(test_ma_13_2_02_three_or_two_brigades),
	    T_(test_ma_13_2_03_stacking),
	    T_(test_ma_13_2_04_stack_acts_as_one),
	    T_(test_ma_13_2_05_split_and_restack),
	    T_(test_ma_13_2_06_too_few_chits),
	    T_(test_ma_13_2_07_only_three_step),
	    T_(test_ma_13_2_08_no_reform),
	    T_(test_ma_13_2_09_return_needs_free_chits),
	    T_(test_ma_13_2_10_others_return_regardless),
	    T_(test_ma_13_3_01_german_divisions),
	    T_(test_ma_13_3_02_no_german_breakdown),
	    T_(test_ma_units_state_snapshot),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
