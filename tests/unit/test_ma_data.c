/*
 * test_ma_data.c -- the data lines of the Meuse Argonne checklist (tag
 * "data", shared/rules/fm-checklist.md section 1.3 and 3.2), checked on the
 * shipped scenario data/meuse-argonne.json with its module loaded
 * (rules/fm/meuse_argonne/): the orders of battle of 19.2-19.6 with every
 * printed value, the depleted set-ups, the three-step divisions and their
 * brigade chits (13.1), the turn track (19.1), the Artillery Track and the
 * bombardment chart (17.x), Sedan and Verdun (12.1, the CRT), the Stellung
 * line from edge to edge and the set-up areas on its two sides (11.2, 11.5,
 * 19.4, 19.5), the entry edges (19.3, 19.6), the Integrated CRT's lines and
 * the terrain that uses them (14.x).  Also: the file passes check-scenario
 * with no finding, and a game of it is created and set up to turn 1.
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

static int setup(void **state)
{
	(void)state;
	fmt_open_doc(&T, data_doc(), NULL, 1);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fmt_close(&T);
	return 0;
}

static const struct fm_scenario *SC(void)
{
	return T.g->sc;
}

static const struct ma_data *MD(void)
{
	return SC()->ex_data;
}

static const struct fm_unit_def *def(const char *id)
{
	int u = fm__unit_by_id(SC(), id);
	if (u < 0)
		fail_msg("no unit %s", id);
	return &SC()->units[u];
}

static int hex(const char *id)
{
	return fmt_hex(&T, id);
}

static int zone(const char *id)
{
	int z = rules_hexmap_zone(&SC()->map, id);
	if (z < 0)
		fail_msg("no zone %s", id);
	return z;
}

static int zone_same(const struct rules_hexlist *a, int z)
{
	const struct rules_hexlist *b = &SC()->map.zones[z].hexes;
	if (a->n != b->n)
		return 0;
	for (int k = 0; k < a->n; k++)
		if (!rules_hexlist_has(b, a->h[k]))
			return 0;
	return 1;
}

/* The printed A-D-M of the unit's full-strength side. */
static void printed(const char *id, int a, int d, int m)
{
	const struct fm_unit_def *u = def(id);
	if (u->steps[0].attack != a || u->steps[0].defense != d || u->steps[0].ma != m)
		fail_msg("%s is %d-%d-%d, the rules print %d-%d-%d", id, u->steps[0].attack,
		         u->steps[0].defense, u->steps[0].ma, a, d, m);
}

static int has_terrain(int h, const char *terrain)
{
	int t = rules_hexmap_terrain(&SC()->map, terrain);
	assert_true(t >= 0);
	return (SC()->map.hex_terrain[h] & (1u << t)) != 0;
}

static int lint_count;
static void count(void *ctx, int severity, const char *path, const char *msg)
{
	(void)ctx;
	printf("  %s %s: %s\n", severity == RULES_LINT_ERROR ? "error" : "warning", path, msg);
	lint_count++;
}

/* The shipped scenario passes check-scenario with no finding at all, under its module. */
static void test_ma_data_check_scenario_clean(void **state)
{
	cJSON *doc = data_doc();
	(void)state;
	lint_count = 0;
	assert_int_equal(
	    fm_ruleset.scenario_lint(&fm_ruleset, "data/meuse-argonne.json", doc, count, NULL), 0);
	assert_int_equal(lint_count, 0);
	cJSON_Delete(doc);
	assert_string_equal(SC()->module->name, "meuse_argonne");
	assert_string_equal(SC()->id, "meuse-argonne");
	assert_true(SC()->edition_v8); /* AMB-02 */
}

/* AMB-80: support fire markers never bombard; a scenario that asks for it is refused. */
static void test_ma_amb_80_support_markers_never_bombard(void **state)
{
	cJSON *doc = data_doc(), *art;
	struct rules_scenario *sc = NULL;
	struct rules_error err;
	(void)state;
	art = cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "exclusive"), "artillery");
	assert_non_null(art);
	cJSON_ReplaceItemInObject(art, "support_markers", cJSON_CreateTrue());
	assert_int_not_equal(fm_ruleset.scenario_load(&fm_ruleset, "ma.json", doc, &sc, &err), 0);
	assert_non_null(strstr(err.message, "AMB-80"));
	cJSON_Delete(doc);
}

/* MA-19.2-02, MA-11.2-01: the 14 Allied starting divisions, each set up south of the Stellung
 * line; MA-10.3-02: every unit is leg infantry. */
static void test_ma_19_2_02_allied_starting_units(void **state)
{
	static const char *const ids[] = {"US-3",  "US-4",  "US-5",  "US-28",     "US-32",
	                                  "US-33", "US-35", "US-37", "US-77",     "US-78",
	                                  "US-80", "US-91", "US-92", "FR-Belrupt"};
	int south = zone("south_of_stellung"), allied = 0;
	(void)state;
	for (size_t k = 0; k < sizeof(ids) / sizeof(ids[0]); k++) {
		const struct fm_unit_def *u = def(ids[k]);
		assert_int_equal(u->side, ALLIED);
		assert_int_equal(u->setup, FM_SETUP_CHOOSE);
		assert_true(zone_same(&u->where, south));
		assert_int_equal(u->nsteps, 2);
		assert_int_equal(u->start_step, 0);
	}
	for (int u = 0; u < SC()->nunits; u++) {
		assert_false(SC()->units[u].mobile);
		allied += SC()->units[u].side == ALLIED && SC()->units[u].setup == FM_SETUP_CHOOSE;
	}
	assert_int_equal(allied, 14);
	assert_string_equal(def("FR-Belrupt")->nationality, "french");
}

/* MA-19.3-01..08: the Allied reinforcements on their turns, on the southern edge. */
static void test_ma_19_3_allied_reinforcements(void **state)
{
	static const struct {
		const char *id;
		int turn;
	} r[] = {{"US-1", 4},   {"US-42", 5},  {"FR-29", 6},  {"FR-33", 6},
	         {"US-82", 6},  {"US-26", 10}, {"US-89", 12}, {"US-79", 13},
	         {"US-90", 13}, {"US-81", 19}, {"US-2", 19}};
	int edge = zone("south_edge"), n = 0;
	(void)state;
	for (size_t k = 0; k < sizeof(r) / sizeof(r[0]); k++) {
		const struct fm_unit_def *u = def(r[k].id);
		assert_int_equal(u->side, ALLIED);
		assert_int_equal(u->setup, FM_SETUP_ARRIVES);
		assert_int_equal(u->arrive_turn, r[k].turn);
		assert_true(zone_same(&u->where, edge));
	}
	for (int k = 0; k < SC()->map.zones[edge].hexes.n; k++)
		assert_int_equal(rules_hex_row(&SC()->map.grid, SC()->map.zones[edge].hexes.h[k]),
		                 SC()->map.grid.row_max);
	assert_int_equal(SC()->map.zones[edge].hexes.n, SC()->map.grid.ncols);
	for (int u = 0; u < SC()->nunits; u++)
		n += SC()->units[u].side == ALLIED && SC()->units[u].setup == FM_SETUP_ARRIVES;
	assert_int_equal(n, 11);
}

/* MA-19.4-02, MA-19.4-03: the 20 Stellung divisions with their printed values, one per
 * Stellung hex; the 7th [R] and the 33rd set up depleted. */
static void test_ma_19_4_stellung_divisions(void **state)
{
	static const struct {
		const char *id;
		int a, d, m;
	} g[] = {{"DE-1A", 4, 5, 4},  {"DE-1G", 8, 9, 4},  {"DE-2L", 4, 6, 4},  {"DE-3G", 10, 6, 4},
	         {"DE-5BR", 7, 6, 4}, {"DE-5G", 6, 8, 4},  {"DE-5L", 2, 6, 4},  {"DE-7R", 7, 5, 4},
	         {"DE-8L", 4, 4, 4},  {"DE-9L", 4, 5, 4},  {"DE-13L", 2, 3, 4}, {"DE-15", 7, 8, 4},
	         {"DE-33", 7, 9, 3},  {"DE-35A", 4, 4, 4}, {"DE-37", 9, 9, 5},  {"DE-76R", 6, 8, 4},
	         {"DE-115", 5, 6, 4}, {"DE-123", 6, 7, 4}, {"DE-255", 6, 6, 4}, {"DE-AR", 4, 4, 4}};
	int st = zone("stellung");
	(void)state;
	for (size_t k = 0; k < sizeof(g) / sizeof(g[0]); k++) {
		const struct fm_unit_def *u = def(g[k].id);
		printed(g[k].id, g[k].a, g[k].d, g[k].m);
		assert_int_equal(u->side, GERMAN);
		assert_int_equal(u->nsteps, 2);
		assert_int_equal(u->setup, FM_SETUP_CHOOSE);
		assert_true(zone_same(&u->where, st));
		assert_int_equal(u->start_step,
		                 strcmp(g[k].id, "DE-7R") == 0 || strcmp(g[k].id, "DE-33") == 0);
	}
	assert_true(SC()->map.zones[st].hexes.n >= 20);
	assert_int_equal(fmt_step(&T, "DE-7R"), 1);
	assert_int_equal(fmt_step(&T, "DE-33"), 1);
	assert_string_equal(def("DE-1A")->nationality, "austro-hungarian");
}

/* MA-19.5-02: the four reserve divisions, north of the Stellung line, not adjacent to any
 * unit (the module's reserve list). */
static void test_ma_19_5_reserve(void **state)
{
	static const struct {
		const char *id;
		int a, d, m;
	} g[] = {
	    {"DE-15A", 4, 4, 4}, {"DE-106A", 4, 4, 4}, {"DE-108", 6, 5, 4}, {"DE-236", 6, 6, 4}};
	int north = zone("north_of_stellung");
	(void)state;
	for (size_t k = 0; k < 4; k++) {
		const struct fm_unit_def *u = def(g[k].id);
		printed(g[k].id, g[k].a, g[k].d, g[k].m);
		assert_int_equal(u->setup, FM_SETUP_CHOOSE);
		assert_true(zone_same(&u->where, north));
		assert_true(MD()->unitf[fm__unit_by_id(SC(), g[k].id)] & MA_UF_RESERVE);
	}
	assert_int_equal(MD()->nreserve, 4);
	assert_true(MD()->reserve_apart);
}

/* MA-19.6-02..13: the German reinforcements with their printed values and turns, through
 * the towns of the northern and eastern edges; the 45th [R] and the 117th arrive depleted. */
static void test_ma_19_6_german_reinforcements(void **state)
{
	static const struct {
		const char *id;
		int a, d, m, turn;
	} g[] = {{"DE-52R", 11, 11, 4, 2}, {"DE-53R", 4, 5, 2, 2}, {"DE-28R", 10, 10, 5, 4},
	         {"DE-37A", 2, 3, 4, 4},   {"DE-195", 9, 9, 4, 5}, {"DE-38A", 3, 4, 4, 5},
	         {"DE-228", 5, 6, 4, 6},   {"DE-41", 6, 8, 4, 6},  {"DE-204", 3, 5, 4, 6},
	         {"DE-45R", 6, 5, 3, 7},   {"DE-192", 5, 5, 4, 7}, {"DE-32", 4, 5, 3, 7},
	         {"DE-199", 8, 8, 4, 7},   {"DE-107", 5, 5, 8, 9}, {"DE-1L", 5, 5, 4, 10},
	         {"DE-88", 6, 6, 4, 13},   {"DE-31", 5, 6, 4, 18}, {"DE-25", 8, 5, 3, 19},
	         {"DE-117", 7, 6, 3, 19},  {"DE-10", 4, 3, 3, 20}};
	int towns = zone("german_entry_towns"), german = 0;
	const struct rules_hexlist *tl = &SC()->map.zones[towns].hexes;
	(void)state;
	for (size_t k = 0; k < sizeof(g) / sizeof(g[0]); k++) {
		const struct fm_unit_def *u = def(g[k].id);
		printed(g[k].id, g[k].a, g[k].d, g[k].m);
		assert_int_equal(u->setup, FM_SETUP_ARRIVES);
		assert_int_equal(u->arrive_turn, g[k].turn);
		assert_true(zone_same(&u->where, towns));
		assert_int_equal(u->start_step,
		                 strcmp(g[k].id, "DE-45R") == 0 || strcmp(g[k].id, "DE-117") == 0);
	}
	assert_true(tl->n >= 4); /* up to four arrive in one turn (Oct 8-9) */
	for (int k = 0; k < tl->n; k++) {
		int h = tl->h[k];
		assert_true(has_terrain(h, "town"));
		assert_true(rules_hex_row(&SC()->map.grid, h) == SC()->map.grid.row_min ||
		            rules_hex_col(&SC()->map.grid, h) == SC()->map.grid.col_max);
	}
	for (int u = 0; u < SC()->nunits; u++)
		german += SC()->units[u].side == GERMAN;
	assert_int_equal(german, 44);
}

/* MA-13.1-03, MA-13.3-02: the four three-step US divisions (two steps on the counter) and the
 * brigade chits, one-step and held off the map; every German counter has two steps. */
static void test_ma_13_1_three_step_divisions(void **state)
{
	static const char *const ids[] = {"US-4", "US-32", "US-33", "US-79"};
	(void)state;
	assert_int_equal(MD()->nthree, 4);
	for (int k = 0; k < 4; k++) {
		int u = fm__unit_by_id(SC(), ids[k]);
		assert_true(MD()->unitf[u] & MA_UF_THREE_STEP);
		assert_int_equal(SC()->units[u].nsteps, 2);
	}
	assert_true(MD()->nbrig >= 4); /* one per division eliminated in the normal course */
	for (int k = 0; k < MD()->nbrig; k++) {
		const struct fm_unit_def *b = &SC()->units[MD()->brig[k]];
		assert_int_equal(b->side, ALLIED);
		assert_int_equal(b->nsteps, 1);
		assert_int_equal(b->setup, FM_SETUP_HELD);
		assert_int_equal(T.g->u[MD()->brig[k]].where, FM_W_HELD);
	}
	assert_int_equal(MD()->stack_max, 3);
	for (int u = 0; u < SC()->nunits; u++)
		if (SC()->units[u].side == GERMAN)
			assert_int_equal(SC()->units[u].nsteps, 2);
	assert_false(MD()->unitf[fm__unit_by_id(SC(), "US-1")] & MA_UF_THREE_STEP);
}

/* MA-19.1-02, MA-11.1-01, MA-15.1-01, MA-11.1-02: 24 turns from Sep 26/27 to Nov 11, the
 * Allied player first and setting up first. */
static void test_ma_19_1_turn_track(void **state)
{
	static const char *const dates[24] = {
	    "Sep 26/27", "Sep 28-29", "Sep 30-Oct 1", "Oct 2-3",   "Oct 4-5",   "Oct 6-7",
	    "Oct 8-9",   "Oct 10-11", "Oct 12-13",    "Oct 14-15", "Oct 16-17", "Oct 18-19",
	    "Oct 20-21", "Oct 22-23", "Oct 24-25",    "Oct 26-27", "Oct 28-29", "Oct 30-31",
	    "Nov 1-2",   "Nov 3-4",   "Nov 5-6",      "Nov 7-8",   "Nov 9-10",  "Nov 11"};
	(void)state;
	assert_int_equal(SC()->turns, 24);
	for (int t = 1; t <= 24; t++)
		assert_string_equal(SC()->labels[t], dates[t - 1]);
	assert_int_equal(SC()->first_player, ALLIED);
	assert_int_equal(SC()->nsetup, 2);
	assert_int_equal(SC()->setup_order[0], ALLIED);
	assert_int_equal(SC()->setup_order[1], GERMAN);
	assert_int_equal(MD()->hh_turn, 1); /* MA-15.2-01, AMB-78 */
	assert_true(MD()->hh_bombard);
}

/* MA-17.1-02, MA-11.1-03, MA-17.2-01, MA-BRT, MA-BMOD, MA-17.7-01, MA-17.3-03: the Artillery
 * Track (turn 1 is 8/4, never more than the 12 markers), two markers per unit, hits on 1-3,
 * the modifiers, gas on turn 1, the aircraft. */
static void test_ma_17_1_artillery_track_and_chart(void **state)
{
	static const struct {
		const char *terrain;
		int mod;
	} mods[] = {{"clear", 0}, {"woods", 1},    {"rise", 1},          {"tier2_trench", 1},
	            {"town", 2},  {"stellung", 2}, {"fortification", 3}, {"fortress", 3}};
	const struct ma_data *d = MD();
	(void)state;
	assert_int_equal(d->art_track[1][ALLIED], 8);
	assert_int_equal(d->art_track[1][GERMAN], 4);
	assert_int_equal(d->art_markers, 12);
	for (int t = 1; t <= 24; t++) {
		assert_true(d->art_track[t][ALLIED] + d->art_track[t][GERMAN] <= 12);
		assert_true(d->art_track[t][ALLIED] > 0 && d->art_track[t][GERMAN] > 0);
	}
	assert_int_equal(d->art_per_unit, 2);
	for (int r = 1; r <= 6; r++)
		assert_int_equal(d->art_hit[r], r <= 3);
	for (size_t k = 0; k < sizeof(mods) / sizeof(mods[0]); k++)
		assert_int_equal(d->art_terrain[rules_hexmap_terrain(&SC()->map, mods[k].terrain)],
		                 mods[k].mod);
	assert_int_equal(d->art_german_mod, 1);
	assert_int_equal(d->gas_side, ALLIED);
	assert_int_equal(d->gas_mod, -1);
	assert_true(d->gas_turn[1]);
	assert_false(d->gas_turn[2]);
	assert_int_equal(d->air_side, ALLIED);
	assert_true(d->air_count >= 1);
	assert_int_equal(d->air_range, 3);
	assert_int_equal(d->air_mod, -1);
	assert_int_equal(d->air_per_hex, 1);
	assert_int_equal(d->art_observe, 1);
	assert_false(d->art_support); /* AMB-80 */
	assert_int_equal(d->art_retreat, 1);
}

/* MA-12.1-01, MA-CRT-01: Sedan and Verdun are fortress hexes; an Allied unit entering Sedan
 * wins at once, any other result is German; Sedan lies north of the Stellung, Verdun south. */
static void test_ma_12_1_sedan_and_verdun(void **state)
{
	int sedan = MD()->sedan, verdun = MD()->verdun, win = 0;
	(void)state;
	assert_int_equal(sedan, hex("0802"));
	assert_int_equal(verdun, hex("1921"));
	assert_string_equal(SC()->map.hex_name[sedan], "Sedan");
	assert_string_equal(SC()->map.hex_name[verdun], "Verdun");
	assert_true(has_terrain(sedan, "fortress"));
	assert_true(has_terrain(verdun, "fortress"));
	assert_true(MD()->hexf[sedan] & MA_HF_RESERVE);
	assert_true(MD()->hexf[verdun] & MA_HF_ALLIED_SETUP);
	for (int k = 0; k < SC()->nchecks; k++)
		win |= SC()->checks[k].instant && SC()->checks[k].winner == ALLIED &&
		       !SC()->checks[k].absent && SC()->checks[k].side == ALLIED &&
		       rules_hexlist_has(&SC()->map.zones[SC()->checks[k].zone].hexes, sedan) &&
		       SC()->map.zones[SC()->checks[k].zone].hexes.n == 1;
	assert_true(win);
	assert_int_equal(SC()->otherwise, GERMAN);
	for (int h = 0; h < SC()->map.grid.count; h++)
		if (h != sedan && h != verdun)
			assert_false(MD()->hexf[h] & MA_HF_FORTRESS);
}

/* The hexes reached from the southern edge without entering a Stellung hex (south[] 1). */
static void south_of_line(uint8_t *south)
{
	const struct rules_hex_grid *g = &SC()->map.grid;
	int n = g->count, *todo = malloc(sizeof(int) * (size_t)n), top = 0;

	assert_non_null(todo);
	memset(south, 0, (size_t)n);
	for (int h = 0; h < n; h++)
		if (rules_hex_row(g, h) == g->row_max && !has_terrain(h, "stellung"))
			south[h] = 1, todo[top++] = h;
	while (top > 0) {
		int h = todo[--top];
		for (int d = 0; d < RULES_HEX_DIRS; d++) {
			int nb = rules_hex_neighbour(g, h, d);
			if (nb >= 0 && !south[nb] && !has_terrain(nb, "stellung"))
				south[nb] = 1, todo[top++] = nb;
		}
	}
	free(todo);
}

/* MA-14.2-01, AMB-85: the Stellung is one continuous line of hexes from the western to the
 * eastern map edge, its zigzag hexside line in front of them: it closes the map, so nothing
 * south of it reaches the northern edge. */
static void test_ma_14_2_01_stellung_line_continuous(void **state)
{
	const struct rules_hex_grid *g = &SC()->map.grid;
	int n = g->count, total = 0, reached = 0, first = -1, west = 0, east = 0, line = 0;
	int *todo = malloc(sizeof(int) * (size_t)n), top = 0,
	    st = rules_hexmap_sidetype(&SC()->map, "stellung_line");
	uint8_t *seen = calloc((size_t)n, 1), *south = malloc((size_t)n);
	(void)state;
	assert_non_null(todo);
	assert_non_null(seen);
	assert_non_null(south);
	for (int h = 0; h < n; h++)
		if (has_terrain(h, "stellung")) {
			total++;
			first = first < 0 ? h : first;
			west |= rules_hex_col(g, h) == g->col_min;
			east |= rules_hex_col(g, h) == g->col_max;
			assert_true(MD()->hexf[h] & MA_HF_STELLUNG_ZONE);
		}
	assert_true(west && east);
	seen[first] = 1;
	todo[top++] = first;
	while (top > 0) {
		int h = todo[--top];
		reached++;
		for (int d = 0; d < RULES_HEX_DIRS; d++) {
			int nb = rules_hex_neighbour(g, h, d);
			if (nb >= 0 && !seen[nb] && has_terrain(nb, "stellung"))
				seen[nb] = 1, todo[top++] = nb;
		}
	}
	assert_int_equal(reached, total);
	south_of_line(south);
	for (int h = 0; h < n; h++) {
		if (south[h])
			assert_true(rules_hex_row(g, h) != g->row_min);
		/* every column has its Stellung hexes, and the line's hexsides face south */
	}
	assert_true(st >= 0);
	for (int s = 0; s < 3 * n; s++) {
		int a, b;
		if (!(SC()->map.side_feat[s] & (1u << st)) || rules_hex_side_hexes(g, s, &a, &b))
			continue;
		line++;
		assert_true(has_terrain(a, "stellung") != has_terrain(b, "stellung"));
		assert_true(south[has_terrain(a, "stellung") ? b : a]);
	}
	assert_true(line >= g->ncols);
	free(todo);
	free(seen);
	free(south);
}

/* MA-11.2-01, MA-11.5-01, MA-19.5-01, MA-11.3-05, MA-11.6-04, AMB-100: the set-up and arrival
 * areas are not empty and lie where the rules put them. */
static void test_ma_setup_areas_where_the_rules_put_them(void **state)
{
	const struct rules_hex_grid *g = &SC()->map.grid;
	uint8_t *south = malloc((size_t)g->count);
	int allied = 0, german = 0, reserve = 0, arepl = 0, grepl = 0;
	(void)state;
	assert_non_null(south);
	south_of_line(south);
	for (int h = 0; h < g->count; h++) {
		uint32_t f = MD()->hexf[h];
		int edge = rules_hex_on_edge(g, h);
		assert_int_equal((f & MA_HF_ALLIED_SETUP) != 0, south[h]);
		assert_int_equal((f & MA_HF_GERMAN_SETUP) != 0, !south[h]);
		assert_int_equal((f & MA_HF_RESERVE) != 0,
		                 !south[h] && !has_terrain(h, "stellung"));
		if (f & MA_HF_ALLIED_REPL)
			assert_true(south[h] && edge);
		if (f & MA_HF_GERMAN_REPL)
			assert_true(!south[h] && (rules_hex_row(g, h) == g->row_min ||
			                          rules_hex_col(g, h) == g->col_max));
		allied += (f & MA_HF_ALLIED_SETUP) != 0;
		german += (f & MA_HF_GERMAN_SETUP) != 0;
		reserve += (f & MA_HF_RESERVE) != 0;
		arepl += (f & MA_HF_ALLIED_REPL) != 0;
		grepl += (f & MA_HF_GERMAN_REPL) != 0;
	}
	assert_true(allied >= 14 && reserve >= 4 && german > reserve && arepl > 0 && grepl > 0);
	assert_true(MD()->hexf[hex("0101")] & MA_HF_GERMAN_REPL);
	assert_true(MD()->hexf[hex("0122")] & MA_HF_ALLIED_REPL);
	free(south);
}

/* MA-CRT-01..05, MA-14.1-01, MA-CRT-09, AMB-23, AMB-104, AMB-108: the five lines of the
 * Integrated CRT, and the terrain and hexsides that use them. */
static void test_ma_crt_lines_and_terrain(void **state)
{
	static const struct {
		const char *line, *lowest;
	} lines[] = {{"fortress", "-1"},
	             {"fortification", "-2"},
	             {"stellung", "-3"},
	             {"tier2", "-4"},
	             {"clear", "-5"}};
	static const struct {
		const char *terrain, *line;
	} tl[] = {{"clear", "clear"},        {"woods", "stellung"},
	          {"rise", "tier2"},         {"town", "stellung"},
	          {"fortress", "fortress"},  {"stellung", "stellung"},
	          {"tier2_trench", "tier2"}, {"fortification", "fortification"}};
	const struct fm_crt *c = &SC()->crt;
	int meuse = rules_hexmap_sidetype(&SC()->map, "meuse_river"),
	    river = rules_hexmap_sidetype(&SC()->map, "river");
	(void)state;
	assert_int_equal(c->nlines, 5);
	assert_int_equal(c->ncols, 12);
	for (size_t k = 0; k < 5; k++) {
		int l = fm__line_by_id(SC(), lines[k].line);
		assert_true(l >= 0);
		assert_string_equal(c->labels[c->lines[l].first], lines[k].lowest);
	}
	for (size_t k = 0; k < sizeof(tl) / sizeof(tl[0]); k++)
		assert_int_equal(SC()->tx[rules_hexmap_terrain(&SC()->map, tl[k].terrain)].line,
		                 fm__line_by_id(SC(), tl[k].line));
	assert_int_equal(SC()->sx[meuse].line, fm__line_by_id(SC(), "fortification"));
	assert_int_equal(SC()->sx[river].line, fm__line_by_id(SC(), "tier2"));
	assert_int_equal(SC()->sx[meuse].bridge_line, fm__line_by_id(SC(), "clear"));
	assert_int_equal(SC()->sx[river].bridge_line, fm__line_by_id(SC(), "clear"));
	assert_int_equal(MD()->lb_line, fm__line_by_id(SC(), "fortress")); /* 18.1 */
	assert_int_equal(MD()->lb_side, GERMAN);
	/* AMB-87: no FM-8.2.3 doubling on any Meuse terrain */
	for (int t = 0; t < SC()->map.nterrain; t++)
		assert_false(SC()->tx[t].fortification);
}

/* MA-14.2-05, AMB-86, MA-14.3-01: trench hexes block Allied ZOC only; Allied units pay +1 MP
 * into Fortification hexes (exclusive data, not a system cost). */
static void test_ma_14_2_05_trench_terrain_blocks_allied_zoc(void **state)
{
	static const char *const tr[] = {"stellung", "tier2_trench", "fortification"};
	(void)state;
	for (int k = 0; k < 3; k++) {
		int t = rules_hexmap_terrain(&SC()->map, tr[k]);
		assert_true(SC()->zoc_block[ALLIED] & (1u << t));
		assert_false(SC()->zoc_block[GERMAN] & (1u << t));
		assert_true(MD()->trench_terrain & (1u << t));
		assert_int_equal(SC()->map.terrain[t].mp_half, -1); /* no MP of their own */
	}
	assert_int_equal(MD()->trench_side, GERMAN);
	assert_int_equal(MD()->fort_side, ALLIED);
	assert_int_equal(MD()->fort_mp_half, 2);
	assert_int_equal(MD()->fort_terrain, rules_hexmap_terrain(&SC()->map, "fortification"));
}

/* MA-11.3, MA-11.6, MA-18.2-01: the replacement and combat-experience data. */
static void test_ma_11_3_replacements_and_18_2(void **state)
{
	const struct ma_data *d = MD();
	(void)state;
	assert_int_equal(d->repl[ALLIED].per_turn, 1);
	assert_int_equal(d->repl[ALLIED].rebuilds, 2);
	assert_true(d->repl[ALLIED].full);
	assert_false(d->repl[ALLIED].brigades);
	assert_int_equal(d->repl[GERMAN].per_game, 1);
	assert_int_equal(d->repl[GERMAN].rebuilds, 1);
	assert_false(d->repl[GERMAN].full);
	assert_true(d->repl_barred_terrain & (1u << rules_hexmap_terrain(&SC()->map, "woods")));
	assert_int_equal(d->ce_side, GERMAN);
	assert_true(d->ce_from[FM_R_D2] && d->ce_from[FM_R_D3] && !d->ce_from[FM_R_DE]);
	assert_int_equal(d->ce_to, FM_R_D1);
}

/* `new meuse-argonne` creates a game that the system engine sets up: the Allied player
 * places his 14 divisions south of the Stellung, the German player 20 in the Stellung hexes
 * and 4 reserves north of it, and turn 1 begins with the Allied player. */
static void test_ma_game_is_created_and_set_up(void **state)
{
	const struct rules_hex_grid *g = &SC()->map.grid;
	static const char *const reserve[] = {"DE-15A 0404", "DE-106A 0804", "DE-108 1204",
	                                      "DE-236 1604"};
	char line[64], buf[RULES_HEX_ID_MAX];
	int h = 0;
	(void)state;
	assert_int_equal(T.g->phase, FM_PH_SETUP);
	assert_int_equal(T.g->active, ALLIED);
	assert_int_not_equal(fmt_do(&T, ALLIED, "end"), 0); /* FM-3.0-04: everything first */
	for (int u = 0; u < SC()->nunits; u++) {
		if (SC()->units[u].side != ALLIED || SC()->units[u].setup != FM_SETUP_CHOOSE)
			continue;
		while (!(MD()->hexf[h] & MA_HF_ALLIED_SETUP))
			h++;
		snprintf(line, sizeof(line), "place %s %s", SC()->units[u].id,
		         rules_hex_format(g, h++, buf));
		if (fmt_do(&T, ALLIED, line) != 0)
			fail_msg("%s: %s", line, T.err.message);
	}
	assert_int_equal(fmt_do(&T, ALLIED, "end"), 0);
	assert_int_equal(T.g->active, GERMAN);
	/* a Stellung division may not set up outside the Stellung (MA-19.4-01) */
	assert_int_not_equal(fmt_do(&T, GERMAN, "place DE-1G 0404"), 0);
	h = 0;
	for (int u = 0; u < SC()->nunits; u++) {
		if (SC()->units[u].side != GERMAN || SC()->units[u].setup != FM_SETUP_CHOOSE ||
		    (MD()->unitf[u] & MA_UF_RESERVE))
			continue;
		while (!(MD()->hexf[h] & MA_HF_STELLUNG_ZONE))
			h++;
		snprintf(line, sizeof(line), "place %s %s", SC()->units[u].id,
		         rules_hex_format(g, h++, buf));
		if (fmt_do(&T, GERMAN, line) != 0)
			fail_msg("%s: %s", line, T.err.message);
	}
	for (int k = 0; k < 4; k++) {
		snprintf(line, sizeof(line), "place %s", reserve[k]);
		if (fmt_do(&T, GERMAN, line) != 0)
			fail_msg("%s: %s", line, T.err.message);
	}
	assert_int_equal(fmt_do(&T, GERMAN, "end"), 0);
	assert_int_equal(T.g->turn, 1);
	assert_int_equal(T.g->active, ALLIED);
	assert_int_not_equal(T.g->phase, FM_PH_SETUP);
	assert_int_equal(T.g->u[fmt_unit(&T, "DE-52R")].where, FM_W_WAITING);
	assert_int_equal(T.g->u[fmt_unit(&T, "US-BDE-1")].where, FM_W_HELD);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_ma_data_check_scenario_clean, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_amb_80_support_markers_never_bombard, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_ma_19_2_02_allied_starting_units, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_19_3_allied_reinforcements, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_19_4_stellung_divisions, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_19_5_reserve, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_19_6_german_reinforcements, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_13_1_three_step_divisions, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_19_1_turn_track, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_17_1_artillery_track_and_chart, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_ma_12_1_sedan_and_verdun, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_14_2_01_stellung_line_continuous, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_ma_setup_areas_where_the_rules_put_them, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_ma_crt_lines_and_terrain, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_14_2_05_trench_terrain_blocks_allied_zoc, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_ma_11_3_replacements_and_18_2, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ma_game_is_created_and_set_up, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
