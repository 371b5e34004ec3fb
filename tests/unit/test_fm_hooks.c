/*
 * test_fm_hooks.c -- the exclusive-rules plug-in points (struct fm_module).
 *
 * A test module, written like the Scheldt and Meuse modules will be, is
 * installed in a loaded scenario and every hook is shown to be called at its
 * point with its effect: frozen units (may_act), extra MP (move_step), ZOC
 * blocked into a hex (zoc_blocked), an engineer's CRT line (crt_line), a
 * third marker at one step (max_markers, step_again), bombardment range
 * (bombard_check), a turn-start marker (turn_start), a marker removed for
 * good (battle_end), a retreat stopping in a flooded hex (retreat_step),
 * losses from mobile units (loss_ok), module state in snapshots, views and
 * victory.  FM-1.0-01, FM-6.0-05, FM-7.1-01, FM-7.2-11, FM-8.1.1-01.
 *
 * A second test module shows the hooks added for the Scheldt rules: a module
 * verb (apply) that lands a unit on an enemy unit (may_share, fm__arrive), an
 * attack refused by the module (attack_check), a phase end refused until a
 * mandatory attack is made (end_check), the End of Player Turn step
 * (turn_closing, end_step, player_turn_end), a result changed after the roll
 * (after_roll), a marker kept out of the draw (in_draw), bookkeeping after
 * every action (settle) and a module query.
 */
#include "test_fm_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is(const struct fm_game *g, int unit, const char *id)
{
	return fm__unit_by_id(g->sc, id) == unit;
}

static int h_may_act(const struct fm_game *g, int unit, enum fm_act act, struct rules_error *err)
{
	if (g->ex[0] && is(g, unit, "9/3") && (act == FM_ACT_MOVE || act == FM_ACT_ATTACK))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "BS-13.0-02",
		                  "9/3 is frozen in the Breskens Pocket until turn 4");
	return 0;
}

static int h_move_step(const struct fm_game *g, int unit, int from, int to, int side, int spent,
                       int first, int *cost, int *stop, struct rules_error *err)
{
	char a[RULES_HEX_ID_MAX], b[RULES_HEX_ID_MAX];
	/* the hexside crossed, as the map's tables name it (none when entering the map) */
	assert_int_equal(side, from >= 0 ? fm__side_slot(g, from, to) : -1);
	(void)unit;
	(void)stop;
	(void)err;
	(void)spent;
	(void)first;
	if (from >= 0 && strcmp(fm__hex_id(g, from, a), "1103") == 0 &&
	    strcmp(fm__hex_id(g, to, b), "1104") == 0)
		*cost += 4; /* +2 MP */
	return 0;
}

static int h_zoc_blocked(const struct fm_game *g, int unit, int hex)
{
	char b[RULES_HEX_ID_MAX];
	return fm__side_of(g, unit) == ALLIED && strcmp(fm__hex_id(g, hex, b), "0505") == 0;
}

static int h_crt_line(const struct fm_game *g, int line)
{
	for (int k = 0; k < g->b.natt; k++)
		if (fm__unit_has(g, g->b.att[k], "engineer") &&
		    line == fm__line_by_id(g->sc, "swamp"))
			return fm__line_by_id(g->sc, "clear");
	return line;
}

static int h_max_markers(const struct fm_game *g, int side)
{
	return side != g->active ? 3 : 2;
}

static int h_step_again(const struct fm_game *g, int side)
{
	return side != g->active && g->b.nmark[side] == 1;
}

static int h_bombard_check(const struct fm_game *g, int hex, struct rules_error *err)
{
	int d = fm__nearest_unit(g, hex, g->active, -1);
	if (d < 0 || d > 3)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "BS-14.2-01",
		                  "bombardment more than three hexes from a friendly unit");
	return 0;
}

static int h_turn_start(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                        struct rules_error *err)
{
	(void)d;
	(void)err;
	if (g->m[GERMAN][0].where != FM_M_GONE)
		g->m[GERMAN][0].where = FM_M_HAND; /* the "+6" is always available */
	return rules_emit(ev, RULES_AUD_PUBLIC, "module-turn-start", NULL, "module turn start");
}

static int h_battle_end(struct fm_game *g, struct rules_events *ev, struct rules_error *err)
{
	(void)ev;
	(void)err;
	if (g->m[ALLIED][6].where == FM_M_USED)
		g->m[ALLIED][6].where = FM_M_GONE; /* the +6 naval marker: once per game */
	return 0;
}

static int h_retreat_step(const struct fm_game *g, int unit, int from, int to, enum fm_rs mode,
                          int *stop, struct rules_error *err)
{
	(void)unit;
	(void)from;
	(void)mode;
	(void)err;
	for (int t = 0; t < g->sc->map.nterrain; t++)
		if ((g->sc->map.hex_terrain[to] & (1u << t)) && g->sc->map.terrain[t].nflags &&
		    strcmp(g->sc->map.terrain[t].flags[0], "flooded") == 0)
			*stop = 1;
	return 0;
}

static int h_loss_ok(const struct fm_game *g, int unit)
{
	return fm__def(g, unit)->mobile;
}

static int h_victory(const struct fm_game *g, int at_end, int *winner, char *summary, size_t n)
{
	if (!at_end || !g->ex[1])
		return 0;
	*winner = ALLIED;
	snprintf(summary, n, "module victory");
	return 1;
}

static cJSON *h_snapshot(const struct fm_game *g)
{
	cJSON *o = cJSON_CreateObject();
	cJSON_AddNumberToObject(o, "frozen", g->ex[0]);
	cJSON_AddNumberToObject(o, "win", g->ex[1]);
	return o;
}

static int h_restore(struct fm_game *g, const cJSON *in, struct rules_error *err)
{
	const cJSON *f = cJSON_GetObjectItem(in, "frozen"), *w = cJSON_GetObjectItem(in, "win");
	if (!cJSON_IsNumber(f) || !cJSON_IsNumber(w))
		return rules_fail(err, WG_E_INTERNAL, "", "bad module state");
	g->ex[0] = (unsigned char)f->valueint;
	g->ex[1] = (unsigned char)w->valueint;
	return 0;
}

static void h_view(const struct fm_game *g, int viewer, cJSON *out)
{
	(void)viewer;
	cJSON_AddBoolToObject(out, "frozen", g->ex[0]);
}

static const struct fm_module test_hooks = {
    .name = "test",
    .may_act = h_may_act,
    .move_step = h_move_step,
    .zoc_blocked = h_zoc_blocked,
    .crt_line = h_crt_line,
    .max_markers = h_max_markers,
    .step_again = h_step_again,
    .bombard_check = h_bombard_check,
    .turn_start = h_turn_start,
    .battle_end = h_battle_end,
    .retreat_step = h_retreat_step,
    .loss_ok = h_loss_ok,
    .victory = h_victory,
    .snapshot = h_snapshot,
    .restore = h_restore,
    .view = h_view,
};

/* ---- the second test module: the hooks added for the Scheldt rules ------------------- */

/* g->ex: [2] unit index + 1 being landed, [3] a mandatory attack is pending, [4] rebuilds
 * used, [5] settle calls, [6] turn_closing calls, [7] player_turn_end calls, [8] after_roll
 * turns the result into NE */

static int s_apply(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int unit = argc > 1 ? fm__unit_by_id(g->sc, argv[1]) : -1, rc;

	(void)d;
	(void)side;
	(void)reply;
	if (strcmp(argv[0], "land") == 0 && argc == 3 && unit >= 0) {
		char buf[RULES_HEX_ID_MAX];
		int hex = -1;
		for (int h = 0; h < g->sc->map.grid.count; h++)
			if (strcmp(fm__hex_id(g, h, buf), argv[2]) == 0)
				hex = h;
		g->ex[2] = (unsigned char)(unit + 1);
		rc = fm__arrive(g, unit, hex, err);
		g->ex[2] = 0;
		if (rc == 0 && fm__enemy_in(g, hex, fm__side_of(g, unit)) >= 0)
			g->ex[3] = 1;
		return rc ? rc : rules_emit(ev, RULES_AUD_PUBLIC, "landed", NULL, "landed");
	}
	if (strcmp(argv[0], "rebuild") == 0 && g->phase == FM_PH_TURN_END && unit >= 0) {
		g->ex[4]++;
		g->u[unit].step = 0;
		return 0;
	}
	return rules_fail(err, WG_E_ILLEGAL_ACTION, "TEST-1", "not now");
}

static int s_may_share(const struct fm_game *g, int unit, int hex)
{
	int n = 0;
	for (int i = 0; i < g->nunits; i++)
		n += i != unit && g->u[i].where == FM_W_MAP && g->u[i].hex == hex;
	/* the unit being landed, on a hex with one enemy unit only */
	return g->ex[2] == unit + 1 && n == 1 && fm__enemy_in(g, hex, fm__side_of(g, unit)) >= 0;
}

static int s_attack_check(const struct fm_game *g, int unit, int hex, struct rules_error *err)
{
	char buf[RULES_HEX_ID_MAX];
	if (is(g, unit, "1 Arm") && strcmp(fm__hex_id(g, hex, buf), "0505") == 0)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "TEST-2", "1 Arm may not attack 0505");
	return 0;
}

static int s_end_check(const struct fm_game *g, struct rules_error *err)
{
	if (g->ex[3] && g->phase == FM_PH_COMBAT)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "TEST-3",
		                  "the landed unit must attack");
	return 0;
}

static int s_turn_closing(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                          struct rules_error *err)
{
	(void)d;
	(void)err;
	g->ex[6]++;
	return rules_emit(ev, RULES_AUD_PUBLIC, "closing", NULL, "player turn closing");
}

static int s_end_step(const struct fm_game *g, char *what, size_t n)
{
	if (g->active != ALLIED || g->ex[4] >= 1)
		return 0;
	if (what != NULL)
		snprintf(what, n, "rebuild <unit>, or end");
	return 1;
}

/* The test module's once-only choice: its rebuild, while unused. */
static int s_end_forfeit(const struct fm_game *g, char *what, size_t n, char *rule)
{
	if (g->phase != FM_PH_TURN_END || !s_end_step(g, NULL, 0))
		return 0;
	snprintf(what, n, "the test rebuild");
	snprintf(rule, FM_ID, "TEST-4");
	return 1;
}

static int s_player_turn_end(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                             struct rules_error *err)
{
	(void)d;
	(void)ev;
	(void)err;
	g->ex[7]++;
	return 0;
}

static int s_settle(struct fm_game *g, struct rules_events *ev, struct rules_error *err)
{
	(void)ev;
	(void)err;
	g->ex[5]++;
	return 0;
}

static int s_after_roll(struct fm_game *g, struct rules_events *ev, struct rules_error *err)
{
	(void)ev;
	(void)err;
	if (g->ex[8])
		g->b.result = FM_R_NE;
	if (g->b.target >= 0 && fm__enemy_in(g, g->b.target, g->active) >= 0)
		g->ex[3] = 0; /* the mandatory attack was made */
	return 0;
}

static int s_in_draw(const struct fm_game *g, int side, int marker)
{
	(void)g;
	return !(side == GERMAN && marker == 0);
}

static int s_query(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
                   cJSON *out, struct rules_error *err)
{
	int viewer = who->side;
	(void)viewer;
	(void)argc;
	if (strcmp(argv[0], "exclusive") != 0)
		return rules_fail(err, WG_E_UNKNOWN_VERB, "", "no such query");
	fm__line(out, "settled %d times", g->ex[5]);
	return 0;
}

/* The module's verbs: land and rebuild (s_apply), exclusive (s_query). */
static const struct fm_verb share_verbs[] = {
    {.v = {"land", RULES_VERB_ACTION, 2, 2, "land <unit> <hex>", "test landing"},
     .awaits = FM_AWAITS(FM_AW_PHASE),
     .exec = s_apply},
    {.v = {"rebuild", RULES_VERB_ACTION, 1, 1, "rebuild <unit>", "test rebuild"},
     .awaits = FM_AWAITS(FM_AW_PHASE),
     .exec = s_apply},
    {.v = {"exclusive", RULES_VERB_QUERY, 0, 0, "exclusive", "test query"}, .query = s_query},
};

static const struct fm_module share_hooks = {
    .name = "share",
    .verbs = share_verbs,
    .nverbs = sizeof(share_verbs) / sizeof(share_verbs[0]),
    .may_share = s_may_share,
    .attack_check = s_attack_check,
    .end_check = s_end_check,
    .turn_closing = s_turn_closing,
    .end_step = s_end_step,
    .end_forfeit = s_end_forfeit,
    .player_turn_end = s_player_turn_end,
    .settle = s_settle,
    .after_roll = s_after_roll,
    .in_draw = s_in_draw,
};

/* ---- the third test module: hooks that work with the data's members ------------------ */

/* g->ex: [10] the trench blocks are lifted (a breached trench) */

static int d_zoc_unblocked(const struct fm_game *g, int hex, int side)
{
	(void)hex;
	return g->ex[10] && side == ALLIED;
}

/* A module option whose values are ranges in hexes (as the Scheldt's AMB-62). */
static const struct fm_exopt d_options[] = {{"test.range", {"2", "4"}, 0, "TEST"}};

static const struct fm_module data_hooks = {
    .name = "datahooks",
    .options = d_options,
    .noptions = 1,
    .zoc_unblocked = d_zoc_unblocked,
};

static const struct fm_module *const data_list[] = {&data_hooks, NULL};
static const struct fm_modules data_modules = {data_list, &fm_shipped_modules};

/* fm-test.json with module "datahooks" (found through fm_ruleset_with) and patches. */
static void open_datahooks(struct fmt *t, struct ruleset *rs, cJSON *doc, const char *opts)
{
	fm_ruleset_with(rs, &data_modules);
	fmt_doc_put(doc, NULL, "exclusive", "{\"module\": \"datahooks\"}");
	fmt_open_rs(t, rs, doc, opts, 0);
	fmt_clear(t);
	fmt_phase(t, ALLIED, FM_PH_BOMBARD);
	fmt_hand(t, ALLIED, "");
	fmt_hand(t, GERMAN, "");
}

static struct fmt T;

static int setup_board(void **state)
{
	(void)state;
	fmt_open(&T, NULL);
	((struct fm_scenario *)T.g->sc)->module = &test_hooks;
	fmt_clear(&T);
	fmt_phase(&T, ALLIED, FM_PH_MOVEMENT);
	fmt_hand(&T, ALLIED, "");
	fmt_hand(&T, GERMAN, "");
	fmt_events_clear(&T);
	return 0;
}

static int teardown_board(void **state)
{
	(void)state;
	((struct fm_scenario *)T.g->sc)->module = &fm__module_system;
	fmt_close(&T);
	return 0;
}

/* FM-1.0-01: exclusive rules override system rules through the hooks (may_act). */
static void test_fm_1_0_01_module_freezes_unit(void **state)
{
	(void)state;
	T.g->ex[0] = 1;
	fmt_put(&T, "9/3", "0505");
	fmt_do(&T, ALLIED, "move 9/3 0506");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-13.0-02");
	T.g->ex[0] = 0;
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 0506"), 0);
}

static void test_fm_hooks_move_step_adds_mp(void **state)
{
	(void)state;
	fmt_put(&T, "9/3", "1103");
	assert_int_equal(fmt_do(&T, ALLIED, "move 9/3 1104"), 0);
	assert_int_equal(T.g->u[fmt_unit(&T, "9/3")].mp_half, 2 + 2 + 4); /* clear+causeway+2 */
}

/* FM-6.0-05: a module blocks a ZOC from particular hexes. */
static void test_fm_6_0_05_zoc_blocked_by_module(void **state)
{
	(void)state;
	fmt_put(&T, "9/3", "0506");
	assert_false(fm__in_ezoc(T.g, fmt_hex(&T, "0505"), GERMAN));
	assert_true(fm__in_ezoc(T.g, fmt_hex(&T, "0507"), GERMAN));
}

static void test_fm_hooks_crt_line_and_loss(void **state)
{
	(void)state;
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	fmt_put(&T, "712", "0206");
	fmt_put(&T, "1 Eng", "0207");
	fmt_put(&T, "1 Arm", "0106");
	fmt_put(&T, "9/3", "0306");
	fmt_dice(&T, 1, 1);
	/* 3 + 4 + 5 = 12 vs 7: +5; clear line instead of swamp; die 1 c9 D2 */
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0206 1_Eng 1_Arm 9/3"), 0);
	assert_true(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"line\":\"clear\"") == 1);
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	fmt_put(&T, "712", "0206");
	T.g->u[fmt_unit(&T, "712")].step = 0;
	((struct fm_scenario *)T.g->sc)->units[fmt_unit(&T, "712")].steps[0].defense = 12;
	fmt_events_clear(&T);
	fmt_dice(&T, 1, 1); /* 0: die 1 Ex: the loss must come from the mobile 1 Arm */
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0206 1_Eng 1_Arm 9/3"), 0);
	assert_int_equal(T.g->await, FM_AW_PHASE);
	assert_int_equal(fmt_step(&T, "1 Arm"), 1);
	assert_int_equal(fmt_step(&T, "9/3"), 0);
}

/* FM-7.1-01: a module changes marker availability (turn_start, step_again, max_markers). */
static void test_fm_7_1_01_module_marker_rules(void **state)
{
	(void)state;
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	fmt_hand(&T, GERMAN, "G1 G2 G3");
	fmt_put(&T, "712", "0505");
	fmt_put(&T, "9/3", "0506");
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 9/3"), 0); /* b1 auto-passed */
	assert_int_equal(fmt_do(&T, GERMAN, "support G2"), 0);
	assert_int_equal(T.g->b.step, 2); /* step_again: one more at b2 */
	assert_int_equal(fmt_do(&T, GERMAN, "support G1"), 0);
	assert_int_equal(T.g->b.step, 4); /* b3 auto-passed (no allied marker) */
	fmt_dice(&T, 1, 3);
	assert_int_equal(fmt_do(&T, GERMAN, "support G3"), 0); /* the third marker */
	assert_int_equal(T.g->m[GERMAN][2].where, FM_M_USED);
	assert_true(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"defense\":18") == 1);
}

/* FM-8.1.1-01: ranges set by the module (bombard_check). */
static void test_fm_8_1_1_01_bombard_range_by_module(void **state)
{
	(void)state;
	fmt_phase(&T, ALLIED, FM_PH_BOMBARD);
	fmt_hand(&T, ALLIED, "A1 A2");
	fmt_put(&T, "712", "0505");
	fmt_put(&T, "9/3", "0509");
	fmt_do(&T, ALLIED, "bombard 0505 A1");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "BS-14.2-01");
	fmt_put(&T, "9/3", "0508");
	fmt_dice(&T, 1, 3);
	assert_int_equal(fmt_do(&T, ALLIED, "bombard 0505 A1"), 0);
}

/* FM-6.0-05: a module lifts a block of the data in the current game state (zoc_unblocked):
 * the trench 1007 blocks the Allied ZOC until the module says it is breached. */
static void test_fm_6_0_05_module_lifts_terrain_block(void **state)
{
	struct ruleset rs;
	struct fmt t;
	(void)state;
	open_datahooks(&t, &rs, fmt_doc(), NULL);
	fmt_put(&t, "9/3", "1008");
	assert_false(fm__in_ezoc(t.g, fmt_hex(&t, "1007"), GERMAN));
	t.g->ex[10] = 1;
	assert_true(fm__in_ezoc(t.g, fmt_hex(&t, "1007"), GERMAN));
	fmt_close(&t);
}

/* FM-8.1.1-01: a range whose value is a module option (test.range=2|4): 0508 is 3 hexes from
 * the hex 0505 the range of A5 is counted from. */
static void test_fm_8_1_1_01_range_from_module_option(void **state)
{
	static const char *ranges = "[{\"markers\": [\"A5\"], \"range\": {\"option\": "
	                            "\"test.range\"}, \"from\": {\"hexes\": [\"0505\"]}}]";
	struct ruleset rs;
	struct fmt t;
	cJSON *doc = fmt_doc();
	(void)state;
	fmt_doc_put(doc, "support", "ranges", ranges);
	open_datahooks(&t, &rs, doc, NULL);
	fmt_hand(&t, ALLIED, "A5");
	fmt_put(&t, "712", "0508");
	fmt_do(&t, ALLIED, "bombard 0508 A5");
	fmt_refused(&t, WG_E_ILLEGAL_SUPPORT, "FM-8.1.1-01");
	fmt_close(&t);
	doc = fmt_doc();
	fmt_doc_put(doc, "support", "ranges", ranges);
	open_datahooks(&t, &rs, doc, "test.range=4");
	fmt_hand(&t, ALLIED, "A5");
	fmt_put(&t, "712", "0508");
	fmt_dice(&t, 1, 3);
	assert_int_equal(fmt_do(&t, ALLIED, "bombard 0508 A5"), 0);
	fmt_close(&t);
}

/* FM-7.2-11: reuse per the module (battle_end removes a marker for good; turn_start). */
static void test_fm_7_2_11_marker_removed_for_good(void **state)
{
	(void)state;
	fmt_phase(&T, ALLIED, FM_PH_BOMBARD);
	fmt_hand(&T, ALLIED, "A7");
	fmt_put(&T, "712", "0505");
	fmt_put(&T, "9/3", "0507");
	fmt_dice(&T, 1, 3);
	assert_int_equal(fmt_do(&T, ALLIED, "bombard 0505 A7"), 0);
	assert_int_equal(T.g->m[ALLIED][6].where, FM_M_GONE);
	fm__support_return(T.g);
	assert_int_equal(T.g->m[ALLIED][6].where, FM_M_GONE);
	/* turn_start is called after the system allotment */
	fmt_phase(&T, GERMAN, FM_PH_MOBILE_COMBAT);
	T.g->player_turn = 1;
	fmt_hand(&T, GERMAN, "");
	fmt_events_clear(&T);
	assert_int_equal(fmt_do(&T, GERMAN, "end"), 0);
	assert_true(fmt_has_event(&T, "module-turn-start"));
	assert_int_equal(T.g->m[GERMAN][0].where, FM_M_HAND);
}

/* retreat_step: a retreat that enters a flooded hex stops there and counts as complete. */
static void test_fm_hooks_retreat_stops_in_flooded(void **state)
{
	(void)state;
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	fmt_put(&T, "1037", "0405");
	fmt_put(&T, "9/3", "0406");
	fmt_dice(&T, 1, 1); /* 5 vs 4: +1, die 1: D2 */
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0405 9/3"), 0);
	fmt_do(&T, GERMAN, "retreat 1037 0404 0403");
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.3-01");
	assert_int_equal(fmt_do(&T, GERMAN, "retreat 1037 0404"), 0);
	assert_int_equal(fmt_step(&T, "1037"), 0); /* complete: not reduced */
}

/* Module state in snapshots and views; a module's victory decides. */
static void test_fm_hooks_state_view_victory(void **state)
{
	struct rules_game *g2;
	struct rules_error err;
	char *a, *b;
	cJSON *v;
	(void)state;
	T.g->ex[0] = 1;
	T.g->ex[1] = 1;
	a = fm_ruleset.snapshot(T.m.game);
	assert_non_null(strstr(a, "\"frozen\":1"));
	assert_int_equal(fm_ruleset.restore(T.sc, NULL, a, &g2, &err), 0);
	assert_int_equal(((struct fm_game *)g2)->ex[0], 1);
	b = fm_ruleset.snapshot(g2);
	assert_string_equal(a, b);
	fm_ruleset.destroy(g2);
	free(a);
	free(b);
	v = fm_ruleset.view(T.m.game, &RULES_VIEWER(RULES_SPECTATOR));
	assert_true(cJSON_IsTrue(cJSON_GetObjectItem(v, "frozen")));
	cJSON_Delete(v);
	T.g->ex[0] = 0;
	T.g->turn = 3;
	fmt_phase(&T, GERMAN, FM_PH_MOBILE_COMBAT);
	T.g->player_turn = 1;
	assert_int_equal(fmt_do(&T, GERMAN, "end"), 0);
	assert_true(T.g->over);
	assert_string_equal(T.g->summary, "module victory");
}

static int setup_share(void **state)
{
	setup_board(state);
	((struct fm_scenario *)T.g->sc)->module = &share_hooks;
	memset(T.g->ex, 0, 16);
	return 0;
}

/* may_share, fm__arrive: a module puts a unit on an enemy unit; the hex is enemy-occupied
 * for everyone else; the landed unit attacks its own hex; end_check holds the phase until
 * it has; after_roll changes the result; settle runs after each action; query. */
static void test_fm_hooks_shared_hex(void **state)
{
	int arm, u712;
	(void)state;
	fmt_put(&T, "712", "0505");
	fmt_put(&T, "1037", "0703");
	arm = fmt_unit(&T, "9/3");
	u712 = fmt_unit(&T, "712");
	T.g->u[arm].where = FM_W_HELD;
	T.g->u[arm].hex = -1;
	assert_int_equal(fmt_do(&T, ALLIED, "land 9/3 0505"), 0);
	assert_int_equal(T.g->u[arm].hex, fmt_hex(&T, "0505"));
	assert_int_equal(T.g->u[u712].hex, fmt_hex(&T, "0505"));
	assert_int_equal(fm__enemy_in(T.g, fmt_hex(&T, "0505"), ALLIED), u712);
	assert_int_equal(fm__enemy_in(T.g, fmt_hex(&T, "0505"), GERMAN), arm);
	/* without the module's consent nothing else shares: 1 Arm cannot land there too */
	fmt_put(&T, "1 Arm", "0707");
	T.g->u[fmt_unit(&T, "1 Arm")].where = FM_W_HELD;
	T.g->u[fmt_unit(&T, "1 Arm")].hex = -1;
	assert_int_not_equal(fmt_do(&T, ALLIED, "land 1_Arm 0505"), 0);
	assert_true(T.g->ex[5] >= 1); /* settle ran after the accepted landing */
	/* the phase cannot end before the landed unit attacked (end_check) */
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	fmt_do(&T, ALLIED, "end");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "TEST-3");
	/* the landed unit attacks its own hex; after_roll makes it NE: both stay */
	T.g->ex[8] = 1;
	fmt_dice(&T, 1, 1);
	assert_int_equal(fmt_do(&T, ALLIED, "attack 0505 9/3"), 0);
	assert_int_equal(T.g->await, FM_AW_PHASE);
	assert_true(fmt_events_mention(&T, RULES_AUD_PUBLIC, "NE") == 1);
	assert_int_equal(T.g->u[u712].where, FM_W_MAP);
	assert_int_equal(T.g->u[arm].hex, T.g->u[u712].hex);
	assert_int_equal(fmt_do(&T, ALLIED, "end"), 0);
	assert_int_equal(fmt_query(&T, ALLIED, "exclusive"), 0);
}

/* attack_check: the module refuses one attacker, with its own rule id. */
static void test_fm_hooks_attack_check(void **state)
{
	(void)state;
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	fmt_put(&T, "712", "0505");
	fmt_put(&T, "1 Arm", "0506");
	fmt_do(&T, ALLIED, "attack 0505 1_Arm");
	fmt_refused(&T, WG_E_ILLEGAL_ATTACK, "TEST-2");
	assert_int_equal(T.g->b.active, 0);
}

/* turn_closing, end_step, player_turn_end, end_forfeit: the End of Player Turn step waits
 * for the module's decisions (a module verb), passes by itself once none is left (the last
 * one made) or when there are none; `end` refuses to give the choice up, `end force` does. */
static void test_fm_hooks_end_of_player_turn(void **state)
{
	struct rules_pending p;
	(void)state;
	fmt_put(&T, "9/3", "0306");
	fmt_phase(&T, ALLIED, FM_PH_MOBILE_COMBAT);
	assert_int_equal(fmt_do(&T, ALLIED, "end"), 0);
	assert_int_equal(T.g->phase, FM_PH_TURN_END);
	assert_int_equal(T.g->ex[6], 1);
	assert_true(fmt_has_event(&T, "closing"));
	fm__pending((const struct rules_game *)T.g, &p);
	assert_non_null(strstr(p.what[ALLIED], "end of your player turn: rebuild <unit>, or end"));
	fmt_do(&T, ALLIED, "move 9/3 0307");
	assert_int_not_equal(T.err.code, 0);
	fmt_do(&T, ALLIED, "end");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "TEST-4");
	assert_non_null(strstr(T.err.message, "the test rebuild"));
	assert_int_equal(T.g->phase, FM_PH_TURN_END);
	assert_int_equal(fmt_do(&T, ALLIED, "rebuild 9/3"), 0);
	/* the last decision made: no `end` needed */
	assert_int_equal(T.g->ex[7], 1);
	assert_int_equal(T.g->active, GERMAN);
	assert_int_equal(T.g->phase, FM_PH_MOVEMENT);
	/* end force gives the choice up, and its event says what was given up */
	fmt_phase(&T, ALLIED, FM_PH_TURN_END);
	T.g->player_turn = 0;
	T.g->ex[4] = 0;
	fmt_events_clear(&T);
	assert_int_equal(fmt_do(&T, ALLIED, "end force"), 0);
	assert_int_equal(T.g->active, GERMAN);
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_PUBLIC, "giving up: the test rebuild"),
	                 1);
	/* the German player has nothing at the end of his player turn: no wait */
	fmt_phase(&T, GERMAN, FM_PH_MOBILE_COMBAT);
	T.g->player_turn = 1;
	assert_int_equal(fmt_do(&T, GERMAN, "end"), 0);
	assert_int_equal(T.g->ex[6], 2);
	assert_int_equal(T.g->ex[7], 3); /* the two Allied player turn ends, then this one */
	assert_int_not_equal(T.g->phase, FM_PH_TURN_END);
}

/* in_draw: a marker the module keeps out of the random draw is never drawn. */
static void test_fm_hooks_in_draw(void **state)
{
	(void)state;
	struct rules_error err;
	int drawn = 0;
	T.g->opt.allot_lowest = 0; /* a random draw */
	T.g->turn = 1;
	for (int k = 0; k < 20; k++) {
		for (int side = 0; side < RULES_SIDES; side++)
			for (int j = 0; j < T.g->sc->nmarkers[side]; j++)
				T.g->m[side][j].where = FM_M_POOL;
		assert_int_equal(fm__support_allot(T.g, &T.m.dice, &T.ev, &err), 0);
		assert_int_equal(T.g->m[GERMAN][0].where, FM_M_POOL);
		for (int j = 1; j < T.g->sc->nmarkers[GERMAN]; j++)
			drawn += T.g->m[GERMAN][j].where == FM_M_HAND;
	}
	assert_true(drawn > 0);
}

#define T_(f) cmocka_unit_test_setup_teardown(f, setup_board, teardown_board)
#define S_(f) cmocka_unit_test_setup_teardown(f, setup_share, teardown_board)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    T_(test_fm_1_0_01_module_freezes_unit),
	    T_(test_fm_hooks_move_step_adds_mp),
	    T_(test_fm_6_0_05_zoc_blocked_by_module),
	    T_(test_fm_hooks_crt_line_and_loss),
	    T_(test_fm_7_1_01_module_marker_rules),
	    T_(test_fm_8_1_1_01_bombard_range_by_module),
	    cmocka_unit_test(test_fm_6_0_05_module_lifts_terrain_block),
	    cmocka_unit_test(test_fm_8_1_1_01_range_from_module_option),
	    T_(test_fm_7_2_11_marker_removed_for_good),
	    T_(test_fm_hooks_retreat_stops_in_flooded),
	    T_(test_fm_hooks_state_view_victory),
	    S_(test_fm_hooks_shared_hex),
	    S_(test_fm_hooks_attack_check),
	    S_(test_fm_hooks_end_of_player_turn),
	    S_(test_fm_hooks_in_draw),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
