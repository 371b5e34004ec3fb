/*
 * test_ma_17.c -- the World War One artillery bombardment and H-Hour of Meuse Argonne
 * (rules/fm/meuse_argonne/bombard.c) on the shipped scenario data/meuse-argonne.json:
 * H-Hour (MA-15.2-01), the bombardment retreat (MA-16.0-01, MA-17.5-03), the Artillery
 * Track and its limits (MA-11.1-03, MA-17.1, MA-17.2), observation by adjacency and by
 * aircraft (MA-11.1-04, MA-17.3), the roll (MA-17.4, MA-17.5), breaching (MA-14.2-09,
 * MA-17.6), gas and friendly fire (MA-17.7), the Artillery Bombardment Modifiers cell by cell
 * (MA-BMOD-01..11) and the World War One Bombardment Results Table for modified rolls -1..9
 * (MA-BRT-01, 02); the module state's snapshot round trip, a refused action changing nothing,
 * and `options` in the bombardment step listing only actions the engine accepts.
 *
 * Positions are set white-box (the board is cleared and units put on hexes found by their
 * terrain); dice are forced from the game's dice stream.
 */
#include "test_fm_util.h"
#include "rules/fm/meuse_argonne/meuse_argonne.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct fmt T;

static cJSON *data_doc(void)
{
	return fmt_file_doc(WG_DATA_DIR "/meuse-argonne.json");
}

static void open_with(cJSON *doc, const char *opts)
{
	fmt_open_doc(&T, doc, opts, 1);
}

static int setup(void **state)
{
	(void)state;
	open_with(data_doc(), NULL);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fmt_close(&T);
	return 0;
}

static const struct ma_data *MD(void)
{
	return T.g->sc->ex_data;
}

static struct ma_state *ST(void)
{
	return (struct ma_state *)(void *)T.g->ex;
}

/* ---- the board ---------------------------------------------------------------------------- */

#define TERRAIN_FLAGS (MA_HF_TRENCH | MA_HF_FORTRESS | MA_HF_WOODS | MA_HF_RISE | MA_HF_TOWN)

/* An inner hex (all its neighbours two deep on the map) whose terrain flags are exactly want. */
static int terrain_hex(uint32_t want)
{
	const struct rules_hex_grid *g = &T.g->sc->map.grid;

	for (int h = 0; h < g->count; h++) {
		int ok = (MD()->hexf[h] & TERRAIN_FLAGS) == want;
		for (int d = 0; ok && d < RULES_HEX_DIRS; d++) {
			int n = rules_hex_neighbour(g, h, d);
			ok =
			    n >= 0 && rules_hex_neighbour(g, n, d) >= 0 &&
			    rules_hex_neighbour(g, rules_hex_neighbour(g, n, d), d) >= 0 &&
			    rules_hex_neighbour(
			        g, rules_hex_neighbour(g, rules_hex_neighbour(g, n, d), d), d) >= 0;
		}
		if (ok)
			return h;
	}
	fail_msg("no inner hex with terrain flags %x", want);
	return -1;
}

/* The hex k steps from h in direction d. */
static int step(int h, int d, int k)
{
	while (k-- > 0) {
		h = rules_hex_neighbour(&T.g->sc->map.grid, h, d);
		assert_true(h >= 0);
	}
	return h;
}

static const char *id(int h)
{
	static char buf[4][RULES_HEX_ID_MAX];
	static int i;
	i = (i + 1) % 4;
	return fm__hex_id(T.g, h, buf[i]);
}

static void put(const char *unit, int hex)
{
	int u = fmt_unit(&T, unit);
	T.g->u[u].where = FM_W_MAP;
	T.g->u[u].hex = (int16_t)hex;
	T.g->u[u].step = 0;
}

/* An empty board in side's phase of turn, the bombardment state cleared. */
static void board(int turn, int side, int phase)
{
	fmt_clear(&T);
	T.g->turn = turn;
	fmt_phase(&T, side, phase);
	ma__bombard_init(T.g);
	memset(ST()->breached, 0, sizeof(ST()->breached));
	fmt_events_clear(&T);
}

static void ok(int side, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void ok(int side, const char *fmt, ...)
{
	char line[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (fmt_do(&T, side, line) != 0)
		fail_msg("%s: %s [%s]", line, T.err.message, T.err.rule);
}

static int act(int side, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int act(int side, const char *fmt, ...)
{
	char line[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	return fmt_do(&T, side, line);
}

/* The n-th (0-based) event of type since the last clear, or NULL. */
static const cJSON *event(const char *type, int n)
{
	for (size_t k = 0; k < T.ev.count; k++) {
		const cJSON *e = T.ev.items[k].data;
		const cJSON *t = cJSON_GetObjectItem(e, "event");
		if (t && strcmp(t->valuestring, type) == 0 && n-- == 0)
			return e;
	}
	return NULL;
}

static int num(const cJSON *e, const char *key)
{
	const cJSON *v = cJSON_GetObjectItem(e, key);
	if (!cJSON_IsNumber(v))
		fail_msg("no number %s", key);
	return v->valueint;
}

static const char *str(const cJSON *e, const char *key)
{
	const cJSON *v = cJSON_GetObjectItem(e, key);
	if (!cJSON_IsString(v))
		fail_msg("no string %s", key);
	return v->valuestring;
}

static int mod(int side, int hex)
{
	return ma__art_modifier(T.g, side, hex, NULL);
}

/* A German unit on target with an Allied observer next to it (direction 0); the Allied
 * bombardment step of turn. */
static void duel(int turn, int target)
{
	board(turn, ALLIED, FM_PH_BOMBARD);
	put("DE-1G", target);
	put("US-3", step(target, 0, 1));
}

/* ---- H-Hour (15.2) -------------------------------------------------------------------- */

static void set_up_both(void)
{
	const struct rules_hex_grid *g = &T.g->sc->map.grid;
	static const char *const reserve[] = {"DE-15A 0404", "DE-106A 0804", "DE-108 1204",
	                                      "DE-236 1604"};
	const struct fm_scenario *sc = T.g->sc;
	char line[64], buf[RULES_HEX_ID_MAX];
	int h = 0;

	for (int u = 0; u < sc->nunits; u++) {
		if (sc->units[u].side != ALLIED || sc->units[u].setup != FM_SETUP_CHOOSE)
			continue;
		while (!(MD()->hexf[h] & MA_HF_ALLIED_SETUP))
			h++;
		snprintf(line, sizeof(line), "place %s %s", sc->units[u].id,
		         rules_hex_format(g, h++, buf));
		ok(ALLIED, "%s", line);
	}
	ok(ALLIED, "end");
	h = 0;
	for (int u = 0; u < sc->nunits; u++) {
		if (sc->units[u].side != GERMAN || sc->units[u].setup != FM_SETUP_CHOOSE ||
		    (MD()->unitf[u] & MA_UF_RESERVE))
			continue;
		while (!(MD()->hexf[h] & MA_HF_STELLUNG_ZONE))
			h++;
		snprintf(line, sizeof(line), "place %s %s", sc->units[u].id,
		         rules_hex_format(g, h++, buf));
		ok(GERMAN, "%s", line);
	}
	for (int k = 0; k < 4; k++)
		ok(GERMAN, "place %s", reserve[k]);
	fmt_events_clear(&T);
	ok(GERMAN, "end");
}

/* MA-15.2-01, AMB-78: the game begins in the Allied bombardment step of turn 1: the Allied
 * Movement Phase passes (H-Hour), no move or entry; the German turn 1 has its movement. */
static void test_ma_15_2_01_h_hour_begins_with_the_bombardment_step(void **state)
{
	const cJSON *e;
	(void)state;
	set_up_both();
	assert_int_equal(T.g->turn, 1);
	assert_int_equal(T.g->active, ALLIED);
	e = event("phase-skipped", 0);
	assert_non_null(e);
	assert_string_equal(str(e, "phase"), "movement");
	assert_non_null(strstr(str(e, "reason"), "MA-15.2-01"));
	assert_int_equal(T.g->phase, FM_PH_BOMBARD); /* the Allied units observe the Stellung */
	(void)act(ALLIED, "move US-3 0121");
	assert_int_not_equal(T.rc, 0); /* no Allied movement in turn 1 */
	(void)act(ALLIED, "enter US-1 2122");
	assert_int_not_equal(T.rc, 0);
	/* ending the step and the combat phase gives the German player turn with movement */
	ok(ALLIED, "end");
	assert_int_equal(T.g->phase, FM_PH_COMBAT);
	ok(ALLIED, "end");
	assert_int_equal(T.g->active, GERMAN);
	assert_int_equal(T.g->phase, FM_PH_MOVEMENT);
}

/* MA-15.2-01: h_hour.begins_with "combat" starts the Allied turn in the Combat Phase. */
static void test_ma_15_2_01_h_hour_begins_with_combat(void **state)
{
	cJSON *doc = data_doc();
	cJSON *hh = cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "exclusive"), "h_hour");
	(void)state;
	fmt_close(&T);
	cJSON_ReplaceItemInObject(hh, "begins_with", cJSON_CreateString("combat"));
	open_with(doc, NULL);
	set_up_both();
	assert_int_equal(T.g->active, ALLIED);
	assert_int_equal(T.g->phase, FM_PH_COMBAT);
	assert_null(event("barrage-placed", 0));
}

/* ---- 17.1 the Artillery Track --------------------------------------------------------- */

/* MA-17.1-01, AMB-80: the system's support-fire bombardment is never used. */
static void test_ma_17_1_01_support_markers_never_bombard(void **state)
{
	int t = terrain_hex(0);
	const cJSON *groups;
	const cJSON *g;
	(void)state;
	duel(2, t);
	T.g->m[ALLIED][0].where = FM_M_HAND;
	(void)act(ALLIED, "bombard %s %s", id(t), T.g->sc->markers[ALLIED][0].id);
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "MA-17.1-01");
	assert_int_equal(fmt_query(&T, ALLIED, "options"), 0);
	groups = cJSON_GetObjectItem(T.reply, "groups");
	cJSON_ArrayForEach(g, groups) assert_string_not_equal(str(g, "verb"), "bombard");
}

/* MA-17.1-02, MA-11.1-03: each side gets the track's markers of the turn (turn 1: 8/4), and
 * no more; both sides draw on the 12 markers. */
static void test_ma_17_1_02_markers_from_the_track(void **state)
{
	int t = terrain_hex(0);
	const cJSON *b;
	(void)state;
	for (int k = 1; k <= T.g->sc->turns; k++)
		assert_true(MD()->art_track[k][ALLIED] + MD()->art_track[k][GERMAN] <=
		            MD()->art_markers);
	assert_int_equal(MD()->art_track[1][ALLIED], 8);
	assert_int_equal(MD()->art_track[1][GERMAN], 4);
	duel(1, t);
	assert_int_equal(fmt_query(&T, ALLIED, "artillery"), 0);
	b = cJSON_GetObjectItem(T.reply, "bombardment");
	assert_int_equal(num(b, "left"), 8);
	ST()->art_used = 7;
	ok(ALLIED, "barrage %s", id(t));
	(void)act(ALLIED, "barrage %s", id(t));
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "MA-17.1-02");
	board(1, GERMAN, FM_PH_BOMBARD);
	put("US-3", t);
	put("DE-1G", step(t, 0, 1));
	assert_int_equal(fmt_query(&T, GERMAN, "artillery"), 0);
	assert_int_equal(num(cJSON_GetObjectItem(T.reply, "bombardment"), "left"), 4);
}

/* MA-17.1-03: markers are used only in the side's own player turn. */
static void test_ma_17_1_03_own_player_turn_only(void **state)
{
	int t = terrain_hex(0);
	(void)state;
	duel(2, t);
	(void)act(GERMAN, "barrage %s", id(step(t, 0, 1)));
	fmt_refused(&T, WG_E_NOT_YOUR_TURN, NULL);
	assert_int_equal(ST()->nplaced, 0);
}

/* MA-17.1-04, MA-17.2-03: the allotment is renewed each turn; unplaced markers are lost. */
static void test_ma_17_1_04_allotment_renewed_each_turn(void **state)
{
	int t = terrain_hex(0);
	(void)state;
	duel(1, t);
	ok(ALLIED, "barrage %s", id(t));
	fmt_dice(&T, 1, 6);
	ok(ALLIED, "fire");
	assert_int_equal(ST()->art_used, 1);
	/* the end of the player turn loses the 7 others; turn 2 gives the track's 6 */
	ma__bombard_turn_end(T.g);
	T.g->turn = 2;
	fmt_phase(&T, ALLIED, FM_PH_BOMBARD);
	assert_int_equal(fmt_query(&T, ALLIED, "artillery"), 0);
	assert_int_equal(num(cJSON_GetObjectItem(T.reply, "bombardment"), "left"),
	                 MD()->art_track[2][ALLIED]);
	assert_int_equal(MD()->art_track[2][ALLIED], 6);
}

/* MA-17.1-05, MA-17.3-01: only observed units: adjacent to a unit of the bombarding side. */
static void test_ma_17_1_05_only_observed_units(void **state)
{
	int t = terrain_hex(0);
	(void)state;
	board(2, ALLIED, FM_PH_BOMBARD);
	put("DE-1G", t);
	put("US-3", step(t, 0, 2));
	(void)act(ALLIED, "barrage %s", id(t));
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "MA-17.3-04"); /* within aircraft range, none placed */
	put("US-3", step(t, 0, 1));
	ok(ALLIED, "barrage %s", id(t));
	(void)act(ALLIED, "barrage %s", id(step(t, 3, 1)));
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "MA-17.2-01"); /* no enemy unit there */
}

/* MA-17.3-01: a German bombardment needs a German unit adjacent (no aircraft). */
static void test_ma_17_3_01_adjacent_units_observe(void **state)
{
	int t = terrain_hex(0);
	(void)state;
	board(2, GERMAN, FM_PH_BOMBARD);
	put("US-3", t);
	put("DE-1G", step(t, 0, 2));
	(void)act(GERMAN, "barrage %s", id(t));
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "MA-17.3-01");
	put("DE-1G", step(t, 0, 1));
	ok(GERMAN, "barrage %s", id(t));
}

/* MA-17.3-02: no line of sight: two hexes away over clear ground is not observed. */
static void test_ma_17_3_02_no_line_of_sight(void **state)
{
	int t = terrain_hex(0);
	(void)state;
	board(2, GERMAN, FM_PH_BOMBARD);
	put("US-3", t);
	put("DE-1G", step(t, 3, 2));
	assert_int_not_equal(ma__observed(T.g, GERMAN, t, NULL), 0);
	put("DE-1G", step(t, 3, 1));
	assert_int_equal(ma__observed(T.g, GERMAN, t, NULL), 0);
}

/* ---- 17.2 placing and resolving -------------------------------------------------------- */

/* MA-17.2-01, AMB-103: at most two markers per enemy unit. */
static void test_ma_17_2_01_two_markers_per_unit(void **state)
{
	int t = terrain_hex(0);
	(void)state;
	duel(2, t);
	ok(ALLIED, "barrage %s", id(t));
	ok(ALLIED, "barrage %s", id(t));
	(void)act(ALLIED, "barrage %s", id(t));
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "MA-17.2-01");
	assert_int_equal(ST()->nplaced, 2);
}

/* MA-17.2-02, AMB-77: every marker is placed first, then resolved one at a time in the
 * order placed; `end` is refused while markers wait, nothing is placed after `fire`. */
static void test_ma_17_2_02_placed_first_then_resolved_in_order(void **state)
{
	int a = terrain_hex(0), b = step(a, 3, 2);
	(void)state;
	duel(2, a);
	put("DE-5G", b);
	put("US-4", step(b, 3, 1));
	ok(ALLIED, "barrage %s", id(a));
	ok(ALLIED, "barrage %s", id(b));
	ok(ALLIED, "barrage %s", id(a));
	assert_null(event("barrage-roll", 0));
	(void)act(ALLIED, "end");
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "MA-17.2-02");
	fmt_dice(&T, 3, 6, 5, 4);
	ok(ALLIED, "fire");
	assert_string_equal(str(event("barrage-roll", 0), "hex"), id(a));
	assert_int_equal(num(event("barrage-roll", 0), "die"), 6);
	assert_string_equal(str(event("barrage-roll", 1), "hex"), id(b));
	assert_int_equal(num(event("barrage-roll", 1), "die"), 5);
	assert_string_equal(str(event("barrage-roll", 2), "hex"), id(a));
	assert_int_equal(num(event("barrage-roll", 2), "die"), 4);
	assert_non_null(event("barrage-over", 0));
	assert_int_equal(T.g->phase, FM_PH_COMBAT);
	(void)act(ALLIED, "barrage %s", id(a));
	fmt_refused(&T, WG_E_WRONG_PHASE, "MA-17.2-05");
}

/* MA-17.2-03: a player need not place any marker: `end` passes to the Combat Phase. */
static void test_ma_17_2_03_none_need_be_placed(void **state)
{
	int t = terrain_hex(0);
	(void)state;
	duel(2, t);
	ok(ALLIED, "end");
	assert_int_equal(T.g->phase, FM_PH_COMBAT);
	assert_null(event("barrage-roll", 0));
	(void)act(ALLIED, "fire");
	fmt_refused(&T, WG_E_WRONG_PHASE, "MA-17.2-05");
}

/* MA-17.2-04: no support of a land attack, no response by the enemy: the fire is resolved
 * without any support step or decision of the other side (when no hit lands). */
static void test_ma_17_2_04_enemy_never_responds(void **state)
{
	int t = terrain_hex(0);
	(void)state;
	duel(2, t);
	ok(ALLIED, "barrage %s", id(t));
	fmt_dice(&T, 1, 5);
	ok(ALLIED, "fire");
	assert_null(event("support-step", 0));
	assert_int_equal(T.g->await, FM_AW_PHASE);
	assert_int_equal(fm__acting_side(T.g), ALLIED);
	assert_int_equal(T.g->b.active, 0);
}

/* MA-17.2-05: bombardment only at the end of the movement phase, before combat. */
static void test_ma_17_2_05_only_at_the_end_of_movement(void **state)
{
	int t = terrain_hex(0);
	(void)state;
	duel(2, t);
	fmt_phase(&T, ALLIED, FM_PH_MOVEMENT);
	(void)act(ALLIED, "barrage %s", id(t));
	fmt_refused(&T, WG_E_WRONG_PHASE, "MA-17.2-05");
	fmt_phase(&T, ALLIED, FM_PH_COMBAT);
	(void)act(ALLIED, "barrage %s", id(t));
	fmt_refused(&T, WG_E_WRONG_PHASE, "MA-17.2-05");
	/* the Movement Phase's `end` leads to the bombardment step */
	fmt_phase(&T, ALLIED, FM_PH_MOVEMENT);
	ok(ALLIED, "end");
	assert_int_equal(T.g->phase, FM_PH_BOMBARD);
}

/* MA-17.2-06, MA-17.5-01: one die plus the modifiers read on the WWI table. */
static void test_ma_17_2_06_resolved_on_the_wwi_table(void **state)
{
	int t = terrain_hex(MA_HF_WOODS);
	const cJSON *e;
	(void)state;
	duel(2, t);
	ok(ALLIED, "barrage %s", id(t));
	ok(ALLIED, "barrage %s", id(t));
	fmt_dice(&T, 2, 3, 2);
	ok(ALLIED, "fire");
	e = event("barrage-roll", 0);
	assert_int_equal(num(e, "die"), 3);
	assert_int_equal(num(e, "modifier"), 1);
	assert_int_equal(num(e, "roll"), 4);
	assert_string_equal(str(e, "result"), "none");
	e = event("barrage-roll", 1);
	assert_int_equal(num(e, "roll"), 3);
	assert_string_equal(str(e, "result"), "hit");
	assert_int_equal(num(cJSON_GetObjectItem(e, "modifiers"), "terrain"), 1);
	assert_string_equal(str(cJSON_GetObjectItem(e, "modifiers"), "terrain_type"), "woods");
}

/* MA-17.5-01: the die roll plus every applicable modifier. */
static void test_ma_17_5_01_die_plus_modifiers(void **state)
{
	int t = terrain_hex(MA_HF_TOWN);
	const cJSON *e;
	(void)state;
	duel(1, t);
	ok(ALLIED, "aircraft %s", id(t));
	ok(ALLIED, "barrage %s gas", id(t));
	fmt_dice(&T, 1, 3);
	ok(ALLIED, "fire");
	e = event("barrage-roll", 0);
	assert_int_equal(num(e, "modifier"), 2 - 1 - 1);
	assert_int_equal(num(e, "roll"), 3);
	assert_string_equal(str(e, "result"), "hit");
}

/* MA-17.4-02: one die per marker, from the game's dice stream. */
static void test_ma_17_4_02_one_die_per_marker(void **state)
{
	int t = terrain_hex(0);
	(void)state;
	duel(2, t);
	ok(ALLIED, "barrage %s", id(t));
	ok(ALLIED, "barrage %s", id(t));
	fmt_dice(&T, 2, 6, 5);
	ok(ALLIED, "fire");
	assert_non_null(event("barrage-roll", 1));
	assert_null(event("barrage-roll", 2));
	assert_int_equal(rules_dice_force(&T.m.dice, 1), 0); /* the queue was used up */
}

/* MA-17.5-02: a hit depletes the unit, eliminates it if already depleted. */
static void test_ma_17_5_02_hit_depletes_or_eliminates(void **state)
{
	int t = terrain_hex(0);
	(void)state;
	duel(2, t);
	ok(ALLIED, "barrage %s", id(t));
	fmt_dice(&T, 1, 1);
	ok(ALLIED, "fire");
	assert_int_equal(T.g->await, FM_AW_MODULE);
	ok(GERMAN, "hits take");
	assert_int_equal(fmt_step(&T, "DE-1G"), 1);
	assert_non_null(event("unit-reduced", 0));
	(void)act(ALLIED, "hits take"); /* nothing pending any more */
	fmt_refused(&T, WG_E_WRONG_PHASE, "MA-17.5-03");
	duel(2, t);
	T.g->u[fmt_unit(&T, "DE-1G")].step = 1;
	ok(ALLIED, "barrage %s", id(t));
	fmt_dice(&T, 1, 2);
	ok(ALLIED, "fire");
	ok(GERMAN, "hits take");
	assert_string_equal(fmt_where(&T, "DE-1G"), "eliminated");
	assert_int_equal(T.g->await, FM_AW_PHASE);
}

/* MA-17.5-03, AMB-76, AMB-107: after all markers on the hex, the owner may retreat one hex
 * instead (away from the closest enemy, not into an EZOC or an occupied hex); the two hits
 * are cancelled (ma.hit_retreat_cancels=all). */
static void test_ma_17_5_03_retreat_one_hex_instead(void **state)
{
	int t = terrain_hex(0), away = step(t, 3, 1), side = step(t, 1, 1);
	struct rules_pending p;
	(void)state;
	duel(2, t);
	ok(ALLIED, "barrage %s", id(t));
	ok(ALLIED, "barrage %s", id(t));
	fmt_dice(&T, 2, 1, 1);
	ok(ALLIED, "fire");
	assert_int_equal(num(event("barrage-hits", 0), "hits"), 2);
	assert_null(event("barrage-hits-taken", 0));
	fm__pending((const struct rules_game *)T.g, &p);
	assert_string_equal(p.kind[GERMAN], "bombard-hits");
	(void)act(ALLIED, "hits take");
	fmt_refused(&T, WG_E_NOT_YOUR_TURN, NULL);
	(void)act(GERMAN, "hits retreat %s", id(step(t, 3, 2)));
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "MA-17.5-03"); /* one hex only */
	(void)act(GERMAN, "hits retreat %s", id(side));
	fmt_refused(&T, WG_E_ILLEGAL_RETREAT, "FM-8.3-05"); /* next to US-3: its ZOC */
	(void)act(GERMAN, "end");
	fmt_refused(&T, WG_E_WRONG_PHASE, "MA-17.5-03");
	ok(GERMAN, "hits retreat %s", id(away));
	assert_string_equal(fmt_where(&T, "DE-1G"), id(away));
	assert_int_equal(fmt_step(&T, "DE-1G"), 0);
	assert_int_equal(num(event("barrage-retreat", 0), "cancelled"), 2);
	/* the bombardment is over; nothing adjacent to attack: the German turn begins */
	assert_non_null(event("barrage-over", 0));
	assert_int_equal(T.g->active, GERMAN);
	assert_int_equal(T.g->phase, FM_PH_MOVEMENT);
}

/* MA-17.5-03, AMB-77 option one: the retreat cancels one hit; the other is taken. */
static void test_ma_17_5_03_retreat_cancels_one(void **state)
{
	int t = terrain_hex(0);
	(void)state;
	fmt_close(&T);
	open_with(data_doc(), "ma.hit_retreat_cancels=one");
	duel(2, t);
	ok(ALLIED, "barrage %s", id(t));
	ok(ALLIED, "barrage %s", id(t));
	fmt_dice(&T, 2, 1, 1);
	ok(ALLIED, "fire");
	ok(GERMAN, "hits retreat %s", id(step(t, 3, 1)));
	assert_int_equal(fmt_step(&T, "DE-1G"), 1);
	assert_int_equal(num(event("barrage-retreat", 0), "taken"), 1);
}

/* MA-17.5-03, AMB-107: with no hex to retreat to, the retreat is not offered. */
static void test_ma_17_5_03_no_retreat_hex_no_choice(void **state)
{
	static const char *const ring[] = {"US-4", "US-5", "US-28", "US-32", "US-33"};
	int t = terrain_hex(0);
	(void)state;
	duel(2, t);
	for (int d = 1; d < RULES_HEX_DIRS; d++)
		put(ring[d - 1], step(t, d, 1));
	ok(ALLIED, "barrage %s", id(t));
	fmt_dice(&T, 1, 1);
	ok(ALLIED, "fire");
	assert_int_equal(T.g->await, FM_AW_PHASE);
	assert_int_equal(
	    cJSON_GetArraySize(cJSON_GetObjectItem(event("barrage-hits", 0), "retreat_hexes")), 0);
	assert_int_equal(fmt_step(&T, "DE-1G"), 1);
}

/* MA-16.0-01, AMB-76: artillery.hit_retreat_hexes 0 (16.0 read literally): no retreat, the
 * step loss is taken. */
static void test_ma_16_0_01_no_retreat_when_the_data_says_so(void **state)
{
	cJSON *doc = data_doc();
	cJSON *art = cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "exclusive"), "artillery");
	int t;
	(void)state;
	fmt_close(&T);
	cJSON_ReplaceItemInObject(art, "hit_retreat_hexes", cJSON_CreateNumber(0));
	open_with(doc, NULL);
	t = terrain_hex(0);
	duel(2, t);
	ok(ALLIED, "barrage %s", id(t));
	fmt_dice(&T, 1, 1);
	ok(ALLIED, "fire");
	assert_int_equal(T.g->await, FM_AW_PHASE);
	assert_int_equal(fmt_step(&T, "DE-1G"), 1);
	assert_int_equal(T.g->phase, FM_PH_COMBAT);
}

/* ---- 17.3 aircraft ---------------------------------------------------------------------- */

/* MA-17.3-03, EX-45: a target 3 hexes from the nearest Allied unit is observed by an
 * aircraft in or next to its hex; at 4 hexes it is not, and no aircraft goes there. */
static void test_ma_17_3_03_aircraft_within_three_hexes(void **state)
{
	int t = terrain_hex(0);
	(void)state;
	board(2, ALLIED, FM_PH_BOMBARD);
	put("DE-1G", t);
	put("US-3", step(t, 0, 3));
	ok(ALLIED, "aircraft %s", id(step(t, 0, 1)));
	ok(ALLIED, "barrage %s", id(t));
	assert_int_equal(mod(ALLIED, t), 0); /* the aircraft is next to it: no -1 */
	board(2, ALLIED, FM_PH_BOMBARD);
	put("DE-1G", t);
	put("US-3", step(t, 0, 4));
	(void)act(ALLIED, "aircraft %s", id(t));
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "MA-17.3-03");
	ok(ALLIED, "aircraft %s", id(step(t, 0, 1)));
	(void)act(ALLIED, "barrage %s", id(t));
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "MA-17.3-03");
}

/* MA-17.3-04, AMB-81: aircraft are placed in the Allied movement phase (or the step), observe
 * their hex and the adjacent ones; not in the German turn. */
static void test_ma_17_3_04_aircraft_placed_in_the_movement_phase(void **state)
{
	int t = terrain_hex(MA_HF_WOODS);
	(void)state;
	board(2, ALLIED, FM_PH_MOVEMENT);
	put("DE-1G", t);
	put("US-3", step(t, 0, 2));
	ok(ALLIED, "aircraft %s", id(t));
	assert_non_null(event("aircraft-placed", 0));
	ok(ALLIED, "end");
	assert_int_equal(T.g->phase, FM_PH_BOMBARD);
	ok(ALLIED, "barrage %s", id(t));
	assert_int_equal(mod(ALLIED, t), 1 - 1);
	board(2, GERMAN, FM_PH_MOVEMENT);
	put("US-3", t);
	put("DE-1G", step(t, 0, 1));
	(void)act(GERMAN, "aircraft %s", id(t));
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "MA-11.1-04");
}

/* MA-11.1-04, AMB-81: the count comes from the data (2); they return each Allied turn. */
static void test_ma_11_1_04_aircraft_count_and_reuse(void **state)
{
	int t = terrain_hex(0);
	(void)state;
	assert_int_equal(MD()->air_count, 2);
	duel(2, t);
	ok(ALLIED, "aircraft %s", id(t));
	(void)act(ALLIED, "aircraft %s", id(t));
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "MA-BMOD-02"); /* one per hex */
	ok(ALLIED, "aircraft %s", id(step(t, 3, 1)));
	(void)act(ALLIED, "aircraft %s", id(step(t, 3, 2)));
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "MA-11.1-04");
	ma__bombard_turn_end(T.g);
	ok(ALLIED, "aircraft %s", id(step(t, 3, 2)));
}

/* ---- 17.6 breaching ------------------------------------------------------------------- */

/* MA-17.6-01, MA-17.6-02, MA-17.6-03, EX-44: a hit on a unit in a non-breached Stellung hex
 * breaches it for the rest of the game, the unit unharmed; the second marker then reads the
 * other terrain (clear, 0). */
static void test_ma_17_6_01_hit_breaches_a_trench(void **state)
{
	int t = terrain_hex(MA_HF_STELLUNG);
	const cJSON *e;
	(void)state;
	duel(2, t);
	ok(ALLIED, "barrage %s", id(t));
	ok(ALLIED, "barrage %s", id(t));
	fmt_dice(&T, 2, 1, 3);
	ok(ALLIED, "fire");
	e = event("barrage-roll", 0);
	assert_int_equal(num(e, "modifier"), 2);
	assert_string_equal(str(e, "result"), "breach");
	assert_non_null(event("trench-breached", 0));
	assert_true(ma__breached(T.g, t));
	e = event("barrage-roll", 1);
	assert_int_equal(num(e, "modifier"), 0);
	assert_string_equal(str(e, "result"), "hit");
	assert_int_equal(num(event("barrage-hits", 0), "hits"), 1);
	ok(GERMAN, "hits take");
	assert_int_equal(fmt_step(&T, "DE-1G"), 1);
	/* the breach lasts: the next turn's bombardment there reads clear */
	ma__bombard_turn_end(T.g);
	assert_true(ma__breached(T.g, t));
	assert_int_equal(mod(ALLIED, t), 0);
}

/* MA-17.6-04, AMB-84 literal: a German hit on an Allied unit in a 2nd Tier Trench hex
 * (+1 +1) breaches it and spares the unit. */
static void test_ma_17_6_04_german_bombardment_breaches(void **state)
{
	int t = terrain_hex(MA_HF_TIER2);
	(void)state;
	board(2, GERMAN, FM_PH_BOMBARD);
	put("US-3", t);
	put("DE-1G", step(t, 0, 1));
	assert_int_equal(mod(GERMAN, t), 2);
	ok(GERMAN, "barrage %s", id(t));
	fmt_dice(&T, 1, 1);
	ok(GERMAN, "fire");
	assert_true(ma__breached(T.g, t));
	assert_int_equal(fmt_step(&T, "US-3"), 0);
	assert_null(event("barrage-hits", 0));
}

/* MA-17.6-04, AMB-84 no_benefit: the Allied unit gets the other terrain's modifier, and the
 * hit both breaches the hex and counts against the unit. */
static void test_ma_17_6_04_no_benefit_option(void **state)
{
	int t;
	(void)state;
	fmt_close(&T);
	open_with(data_doc(), "ma.allied_in_trench_bombardment=no_benefit");
	t = terrain_hex(MA_HF_STELLUNG);
	board(2, GERMAN, FM_PH_BOMBARD);
	put("US-3", t);
	put("DE-1G", step(t, 0, 1));
	assert_int_equal(mod(GERMAN, t), 0 + 1);
	ok(GERMAN, "barrage %s", id(t));
	fmt_dice(&T, 1, 2);
	ok(GERMAN, "fire");
	assert_true(ma__breached(T.g, t));
	assert_string_equal(str(event("barrage-roll", 0), "result"), "both");
	ok(ALLIED, "hits take");
	assert_int_equal(fmt_step(&T, "US-3"), 1);
}

/* MA-14.2-09, MA-BMOD-11: a fortress is never breached: a hit there (Verdun, +3 -1 gas -1
 * aircraft) depletes the unit, and the hex keeps its +3. */
static void test_ma_14_2_09_fortress_never_breached(void **state)
{
	int t = MD()->verdun;
	struct ma_art_mod m;
	(void)state;
	duel(1, t);
	ok(ALLIED, "aircraft %s", id(t));
	ok(ALLIED, "barrage %s gas", id(t));
	assert_int_equal(mod(ALLIED, t), 3 - 1 - 1);
	fmt_dice(&T, 1, 1);
	ok(ALLIED, "fire");
	assert_false(ma__breached(T.g, t));
	assert_null(event("trench-breached", 0));
	assert_int_equal(num(event("barrage-hits", 0), "hits"), 1);
	ok(GERMAN, "hits take");
	assert_int_equal(fmt_step(&T, "DE-1G"), 1);
	ma__breach(T.g, t);
	assert_false(ma__breached(T.g, t));
	ma__art_modifier(T.g, ALLIED, t, &m);
	assert_int_equal(m.terrain, 3);
}

/* ---- 17.7 gas, friendly fire ---------------------------------------------------------- */

/* MA-17.7-01, AMB-83: gas in turn 1 only, Allied only, per target hex: -1 on every marker of
 * that hex, also one placed before gas was declared. */
static void test_ma_17_7_01_gas_on_turn_one(void **state)
{
	int t = terrain_hex(0);
	(void)state;
	duel(1, t);
	ok(ALLIED, "barrage %s", id(t));
	ok(ALLIED, "barrage %s gas", id(t));
	assert_true(ST()->gas[0] && ST()->gas[1]);
	fmt_dice(&T, 2, 4, 5);
	ok(ALLIED, "fire");
	assert_int_equal(num(cJSON_GetObjectItem(event("barrage-roll", 0), "modifiers"), "gas"),
	                 -1);
	assert_int_equal(num(event("barrage-roll", 0), "roll"), 3);
	assert_int_equal(num(event("barrage-roll", 1), "roll"), 4);
	duel(2, t);
	(void)act(ALLIED, "barrage %s gas", id(t));
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "MA-17.7-01");
	board(1, GERMAN, FM_PH_BOMBARD);
	put("US-3", t);
	put("DE-1G", step(t, 0, 1));
	(void)act(GERMAN, "barrage %s gas", id(t));
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "MA-17.7-01");
}

/* MA-17.7-02: no friendly fire: a hit never touches the bombarding side's adjacent unit. */
static void test_ma_17_7_02_no_friendly_fire(void **state)
{
	int t = terrain_hex(0);
	(void)state;
	duel(2, t);
	ok(ALLIED, "barrage %s", id(t));
	ok(ALLIED, "barrage %s", id(t));
	fmt_dice(&T, 2, 1, 1);
	ok(ALLIED, "fire");
	ok(GERMAN, "hits take");
	assert_int_equal(fmt_step(&T, "US-3"), 0);
	assert_string_equal(fmt_where(&T, "US-3"), id(step(t, 0, 1)));
	assert_int_not_equal(T.g->await, FM_AW_LOSS);
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_PUBLIC, "US-3 is reduced"), 0);
}

/* ---- the charts ------------------------------------------------------------------------- */

/* MA-BMOD-01: -1 for Allied gas, cumulative. */
static void test_ma_bmod_01_gas(void **state)
{
	int t = terrain_hex(MA_HF_WOODS);
	(void)state;
	duel(1, t);
	ok(ALLIED, "barrage %s gas", id(t));
	assert_int_equal(mod(ALLIED, t), 1 - 1);
}

/* MA-BMOD-02: -1 for an aircraft in the hex within three hexes of an Allied unit; none for
 * one next to it; one aircraft per hex. */
static void test_ma_bmod_02_aircraft(void **state)
{
	int t = terrain_hex(0);
	struct ma_art_mod m;
	(void)state;
	duel(2, t);
	ok(ALLIED, "aircraft %s", id(step(t, 3, 1)));
	ma__art_modifier(T.g, ALLIED, t, &m);
	assert_int_equal(m.aircraft, 0);
	ok(ALLIED, "aircraft %s", id(t));
	ma__art_modifier(T.g, ALLIED, t, &m);
	assert_int_equal(m.aircraft, -1);
	assert_int_equal(m.total, -1);
	put("US-3", step(t, 0, 4)); /* the Allied unit moves off: out of range, no -1 */
	ma__art_modifier(T.g, ALLIED, t, &m);
	assert_int_equal(m.aircraft, 0);
}

/* MA-BMOD-03: 0 for a clear hex (rivers on its hexsides do not count). */
static void test_ma_bmod_03_clear(void **state)
{
	int t = terrain_hex(0);
	struct ma_art_mod m;
	(void)state;
	duel(2, t);
	ma__art_modifier(T.g, ALLIED, t, &m);
	assert_int_equal(m.terrain, 0);
	assert_int_equal(m.total, 0);
	for (int s = 0; s < 3 * MD()->count; s++)
		if (MD()->sidef[s] & MA_SF_RIVER) {
			int a = s / 3;
			if ((MD()->hexf[a] & TERRAIN_FLAGS) == 0) {
				board(2, ALLIED, FM_PH_BOMBARD);
				put("DE-1G", a);
				assert_int_equal(mod(ALLIED, a), 0);
				break;
			}
		}
}

/* MA-BMOD-04: +1 for any German bombardment. */
static void test_ma_bmod_04_german(void **state)
{
	int t = terrain_hex(0), w = terrain_hex(MA_HF_WOODS), town = terrain_hex(MA_HF_TOWN);
	(void)state;
	board(2, GERMAN, FM_PH_BOMBARD);
	put("US-3", t);
	put("US-4", w);
	put("US-5", town);
	assert_int_equal(mod(GERMAN, t), 1);    /* EX-43: clear, die + 1 */
	assert_int_equal(mod(GERMAN, w), 2);    /* woods */
	assert_int_equal(mod(GERMAN, town), 3); /* a town: never hits */
	put("US-28", terrain_hex(MA_HF_STELLUNG));
	assert_int_equal(mod(GERMAN, terrain_hex(MA_HF_STELLUNG)), 3); /* AMB-84 literal */
}

/* MA-BMOD-05: +1 for woods and/or rise, not cumulative. */
static void test_ma_bmod_05_woods_and_rise(void **state)
{
	int w = terrain_hex(MA_HF_WOODS), r = terrain_hex(MA_HF_RISE);
	int wr = terrain_hex(MA_HF_WOODS | MA_HF_RISE);
	(void)state;
	board(2, ALLIED, FM_PH_BOMBARD);
	put("DE-1G", w);
	put("DE-5G", r);
	put("DE-3G", wr);
	assert_int_equal(mod(ALLIED, w), 1);
	assert_int_equal(mod(ALLIED, r), 1);
	assert_int_equal(mod(ALLIED, wr), 1);
}

/* MA-BMOD-06: +1 for a 2nd Tier Trench hex. */
static void test_ma_bmod_06_tier2(void **state)
{
	int t = terrain_hex(MA_HF_TIER2);
	(void)state;
	duel(2, t);
	assert_int_equal(mod(ALLIED, t), 1);
}

/* MA-BMOD-07: +2 for a town. */
static void test_ma_bmod_07_town(void **state)
{
	int t = terrain_hex(MA_HF_TOWN);
	(void)state;
	duel(2, t);
	assert_int_equal(mod(ALLIED, t), 2);
}

/* MA-BMOD-08: +2 for a Stellung hex. */
static void test_ma_bmod_08_stellung(void **state)
{
	int t = terrain_hex(MA_HF_STELLUNG);
	(void)state;
	duel(2, t);
	assert_int_equal(mod(ALLIED, t), 2);
}

/* MA-BMOD-09: +3 for a Fortifications or a Fortress hex. */
static void test_ma_bmod_09_fortification_and_fortress(void **state)
{
	int f = terrain_hex(MA_HF_FORTIFICATION);
	(void)state;
	board(2, ALLIED, FM_PH_BOMBARD);
	put("DE-1G", f);
	put("DE-5G", MD()->sedan);
	put("DE-3G", MD()->verdun);
	assert_int_equal(mod(ALLIED, f), 3);
	assert_int_equal(mod(ALLIED, MD()->sedan), 3);
	assert_int_equal(mod(ALLIED, MD()->verdun), 3);
}

/* MA-BMOD-10, EX-13: several terrains: only the highest (town + woods: +2; fortification,
 * rise, town and woods: +3), then gas and aircraft are added. */
static void test_ma_bmod_10_highest_terrain_only(void **state)
{
	int tw = -1, all = fmt_hex(&T, "1115");
	struct ma_art_mod m;
	(void)state;
	for (int k = 0; k < MD()->count && tw < 0; k++)
		if ((MD()->hexf[k] & TERRAIN_FLAGS) == (MA_HF_TOWN | MA_HF_WOODS))
			tw = k;
	assert_true(tw >= 0);
	assert_int_equal(MD()->hexf[all] & TERRAIN_FLAGS,
	                 MA_HF_FORTIFICATION | MA_HF_RISE | MA_HF_TOWN | MA_HF_WOODS);
	board(1, ALLIED, FM_PH_BOMBARD);
	put("DE-1G", tw);
	put("US-3", step(tw, 0, 1));
	put("DE-5G", all);
	assert_int_equal(mod(ALLIED, tw), 2);
	assert_int_equal(mod(ALLIED, all), 3);
	ok(ALLIED, "aircraft %s", id(tw));
	ok(ALLIED, "barrage %s gas", id(tw));
	ma__art_modifier(T.g, ALLIED, tw, &m);
	assert_int_equal(m.terrain, 2);
	assert_int_equal(m.total, 2 - 1 - 1);
	ma__breach(T.g, all); /* MA-BMOD-11: the town is then the highest */
	assert_int_equal(mod(ALLIED, all), 2);
}

/* MA-BMOD-11, MA-17.6-03: a breached hex ignores its trench modifier: a Fortification hex
 * with woods reads woods (+1), one with nothing else reads clear. */
static void test_ma_bmod_11_breached_hex(void **state)
{
	int f = terrain_hex(MA_HF_FORTIFICATION), s = terrain_hex(MA_HF_STELLUNG);
	int t2 = terrain_hex(MA_HF_TIER2);
	(void)state;
	board(2, ALLIED, FM_PH_BOMBARD);
	put("DE-1G", f);
	put("DE-5G", s);
	put("DE-3G", t2);
	ma__breach(T.g, f);
	ma__breach(T.g, s);
	ma__breach(T.g, t2);
	assert_int_equal(mod(ALLIED, f), 0);
	assert_int_equal(mod(ALLIED, s), 0);
	assert_int_equal(mod(ALLIED, t2), 0);
	for (int h = 0; h < MD()->count; h++)
		if ((MD()->hexf[h] & TERRAIN_FLAGS) == (MA_HF_FORTIFICATION | MA_HF_WOODS)) {
			put("DE-1G", h);
			assert_int_equal(mod(ALLIED, h), 3);
			ma__breach(T.g, h);
			assert_int_equal(mod(ALLIED, h), 1);
			break;
		}
}

/* MA-BRT-01, MA-BRT-02, AMB-82: modified rolls -1..9: 3 or less hits, 4 or more does not. */
static void test_ma_brt_01_02_results_table(void **state)
{
	(void)state;
	for (int r = -1; r <= 9; r++)
		assert_int_equal(ma__art_hits(T.g, r), r <= 3);
}

/* MA-BRT-01 through the game: a modified 0 (die 1, gas, aircraft, clear) hits. */
static void test_ma_brt_01_modified_below_one_hits(void **state)
{
	int t = terrain_hex(0);
	(void)state;
	duel(1, t);
	ok(ALLIED, "aircraft %s", id(t));
	ok(ALLIED, "barrage %s gas", id(t));
	fmt_dice(&T, 1, 1);
	ok(ALLIED, "fire");
	assert_int_equal(num(event("barrage-roll", 0), "roll"), -1);
	assert_string_equal(str(event("barrage-roll", 0), "result"), "hit");
}

/* ---- state, atomicity, options ---------------------------------------------------------- */

static char *snap(void)
{
	return fm_ruleset.snapshot(T.m.game);
}

/* The module state survives snapshot and restore, mid-resolution (a hit decision pending). */
static void test_ma_17_snapshot_round_trip(void **state)
{
	int a = terrain_hex(MA_HF_STELLUNG), b = terrain_hex(0);
	struct rules_game *back = NULL;
	char *s1, *s2;
	(void)state;
	duel(1, b);
	put("DE-5G", a);
	put("US-4", step(a, 0, 1));
	ok(ALLIED, "aircraft %s", id(step(b, 3, 1)));
	ok(ALLIED, "barrage %s gas", id(a));
	ok(ALLIED, "barrage %s", id(b));
	ok(ALLIED, "barrage %s", id(a));
	fmt_dice(&T, 2, 1, 1);
	ok(ALLIED, "fire"); /* a breached, b hit: its owner decides, marker 3 waits */
	assert_int_equal(T.g->await, FM_AW_MODULE);
	s1 = snap();
	assert_int_equal(fm_ruleset.restore(T.sc, &(struct rules_options){0}, s1, &back, &T.err),
	                 0);
	assert_memory_equal(((struct fm_game *)back)->ex, T.g->ex, sizeof(struct ma_state));
	s2 = fm_ruleset.snapshot(back);
	assert_string_equal(s1, s2);
	fm_ruleset.destroy(back);
	free(s1);
	free(s2);
}

/* A refused action changes nothing. */
static void test_ma_17_refusal_changes_nothing(void **state)
{
	int t = terrain_hex(0);
	struct fm_game *before = malloc(sizeof(*before));
	(void)state;
	duel(1, t);
	ok(ALLIED, "barrage %s gas", id(t));
	ok(ALLIED, "barrage %s", id(t));
	memcpy(before, T.g, sizeof(*before));
	(void)act(ALLIED, "barrage %s", id(t));
	fmt_refused(&T, WG_E_ILLEGAL_ACTION, "MA-17.2-01");
	assert_memory_equal(before, T.g, sizeof(*before));
	(void)act(ALLIED, "aircraft %s", id(step(t, 3, 4)));
	assert_int_not_equal(T.rc, 0);
	assert_memory_equal(before, T.g, sizeof(*before));
	free(before);
}

/* `options` in the bombardment step: every action it lists is accepted; a bot picking the
 * first, then the last, reaches the Combat Phase with no refusal. */
static void test_ma_17_options_are_all_legal(void **state)
{
	int t = terrain_hex(0);
	(void)state;
	for (int pick = 0; pick < 2; pick++) {
		duel(1, t);
		put("DE-5G", step(t, 3, 2));
		for (int n = 0; n < 40 && T.g->phase == FM_PH_BOMBARD; n++) {
			const cJSON *groups, *grp, *choices;
			int side = fm__acting_side(T.g), count;
			char line[128];
			assert_int_equal(fmt_query(&T, side, "options"), 0);
			groups = cJSON_GetObjectItem(T.reply, "groups");
			count = cJSON_GetArraySize(groups);
			assert_true(count > 0);
			grp = cJSON_GetArrayItem(groups, pick ? count - 1 : 0);
			choices = cJSON_GetObjectItem(grp, "choices");
			if (cJSON_GetArraySize(choices) == 0)
				snprintf(line, sizeof(line), "%s", str(grp, "prefix"));
			else
				snprintf(line, sizeof(line), "%s %s", str(grp, "prefix"),
				         cJSON_GetArrayItem(
				             choices, pick ? cJSON_GetArraySize(choices) - 1 : 0)
				             ->valuestring);
			fmt_dice(&T, 1, 1);
			ok(side, "%s", line);
		}
		assert_int_not_equal(T.g->phase, FM_PH_BOMBARD);
	}
}

/* A bot that picks uniformly among `options` from H-Hour through turn 2 is never refused,
 * and meets the bombardment on the way (random dice from the game's stream). */
static void test_ma_17_random_play_from_options(void **state)
{
	unsigned seed = 12345;
	int barrages = 0, fires = 0;
	(void)state;
	set_up_both();
	for (int n = 0; n < 600 && !T.g->over && T.g->turn <= 2; n++) {
		const cJSON *groups, *grp;
		int side = fm__acting_side(T.g), total = 0, pick;
		char line[160] = "";
		assert_int_equal(fmt_query(&T, side, "options all"), 0);
		groups = cJSON_GetObjectItem(T.reply, "groups");
		cJSON_ArrayForEach(grp, groups)
		{
			int nc = cJSON_GetArraySize(cJSON_GetObjectItem(grp, "choices"));
			total += nc ? nc : 1;
		}
		assert_true(total > 0);
		seed = seed * 1103515245u + 12345u;
		pick = (int)((seed >> 8) % (unsigned)total);
		cJSON_ArrayForEach(grp, groups)
		{
			const cJSON *ch = cJSON_GetObjectItem(grp, "choices");
			int nc = cJSON_GetArraySize(ch);
			if (pick < (nc ? nc : 1)) {
				if (nc)
					snprintf(line, sizeof(line), "%s %s", str(grp, "prefix"),
					         cJSON_GetArrayItem(ch, pick)->valuestring);
				else
					snprintf(line, sizeof(line), "%s", str(grp, "prefix"));
				break;
			}
			pick -= nc ? nc : 1;
		}
		barrages += strncmp(line, "barrage", 7) == 0;
		fires += strcmp(line, "fire") == 0;
		ok(side, "%s", line);
	}
	assert_true(T.g->turn > 2 || T.g->over);
	assert_true(barrages > 0);
	assert_true(fires > 0);
}

/* The view shows the step's markers, the aircraft and the breached hexes to everyone. */
static void test_ma_17_view_shows_the_bombardment(void **state)
{
	int t = terrain_hex(MA_HF_STELLUNG);
	cJSON *v, *b;
	(void)state;
	duel(1, t);
	ok(ALLIED, "aircraft %s", id(t));
	ok(ALLIED, "barrage %s", id(t));
	ma__breach(T.g, terrain_hex(MA_HF_TIER2));
	v = fm_ruleset.view(T.m.game, &(struct rules_viewer){RULES_SPECTATOR, 80, 24});
	b = cJSON_GetObjectItem(v, "bombardment");
	assert_non_null(b);
	assert_int_equal(num(b, "left"), 7);
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(b, "placed")), 1);
	assert_string_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(b, "aircraft"), 0)->valuestring,
	                    id(t));
	assert_string_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(b, "breached"), 0)->valuestring,
	                    id(terrain_hex(MA_HF_TIER2)));
	cJSON_Delete(v);
}

int main(void)
{
#define T_(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
	const struct CMUnitTest tests[] = {
	    T_(test_ma_15_2_01_h_hour_begins_with_the_bombardment_step),
	    T_(test_ma_15_2_01_h_hour_begins_with_combat),
	    T_(test_ma_16_0_01_no_retreat_when_the_data_says_so),
	    T_(test_ma_17_1_01_support_markers_never_bombard),
	    T_(test_ma_17_1_02_markers_from_the_track),
	    T_(test_ma_17_1_03_own_player_turn_only),
	    T_(test_ma_17_1_04_allotment_renewed_each_turn),
	    T_(test_ma_17_1_05_only_observed_units),
	    T_(test_ma_17_2_01_two_markers_per_unit),
	    T_(test_ma_17_2_02_placed_first_then_resolved_in_order),
	    T_(test_ma_17_2_03_none_need_be_placed),
	    T_(test_ma_17_2_04_enemy_never_responds),
	    T_(test_ma_17_2_05_only_at_the_end_of_movement),
	    T_(test_ma_17_2_06_resolved_on_the_wwi_table),
	    T_(test_ma_17_3_01_adjacent_units_observe),
	    T_(test_ma_17_3_02_no_line_of_sight),
	    T_(test_ma_17_3_03_aircraft_within_three_hexes),
	    T_(test_ma_17_3_04_aircraft_placed_in_the_movement_phase),
	    T_(test_ma_11_1_04_aircraft_count_and_reuse),
	    T_(test_ma_17_4_02_one_die_per_marker),
	    T_(test_ma_17_5_01_die_plus_modifiers),
	    T_(test_ma_17_5_02_hit_depletes_or_eliminates),
	    T_(test_ma_17_5_03_retreat_one_hex_instead),
	    T_(test_ma_17_5_03_retreat_cancels_one),
	    T_(test_ma_17_5_03_no_retreat_hex_no_choice),
	    T_(test_ma_17_6_01_hit_breaches_a_trench),
	    T_(test_ma_17_6_04_german_bombardment_breaches),
	    T_(test_ma_17_6_04_no_benefit_option),
	    T_(test_ma_14_2_09_fortress_never_breached),
	    T_(test_ma_17_7_01_gas_on_turn_one),
	    T_(test_ma_17_7_02_no_friendly_fire),
	    T_(test_ma_bmod_01_gas),
	    T_(test_ma_bmod_02_aircraft),
	    T_(test_ma_bmod_03_clear),
	    T_(test_ma_bmod_04_german),
	    T_(test_ma_bmod_05_woods_and_rise),
	    T_(test_ma_bmod_06_tier2),
	    T_(test_ma_bmod_07_town),
	    T_(test_ma_bmod_08_stellung),
	    T_(test_ma_bmod_09_fortification_and_fortress),
	    T_(test_ma_bmod_10_highest_terrain_only),
	    T_(test_ma_bmod_11_breached_hex),
	    T_(test_ma_brt_01_02_results_table),
	    T_(test_ma_brt_01_modified_below_one_hits),
	    T_(test_ma_17_snapshot_round_trip),
	    T_(test_ma_17_refusal_changes_nothing),
	    T_(test_ma_17_options_are_all_legal),
	    T_(test_ma_17_view_shows_the_bombardment),
	    T_(test_ma_17_random_play_from_options),
	};
#undef T_
	return cmocka_run_group_tests(tests, NULL, NULL);
}
