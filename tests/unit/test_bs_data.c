/*
 * test_bs_data.c -- the data lines of the Battle of the Scheldt checklist
 * (tag "data"), checked on the shipped scenario data/scheldt.json with the
 * module loaded: set-up (18.0), reinforcements (11.2), assault groups (16.x),
 * support fire (14.x), map facts (12.0, 13.0, 15.1), the Integrated CRT and
 * the Terrain Effects on Movement, editor's notes.  Also: the shipped file
 * passes check-scenario with no finding, and a game of it starts.
 */
#include "test_bs_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct fmt T;

static cJSON *data_doc(void)
{
	FILE *f = fopen(WG_DATA_DIR "/scheldt.json", "rb");
	char *buf;
	long n;
	cJSON *doc;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	doc = cJSON_Parse(buf);
	free(buf);
	assert_non_null(doc);
	return doc;
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

static const struct fm_unit_def *def(const char *id)
{
	return fm__def(T.g, fmt_unit(&T, id));
}

static const char *hexid(int h)
{
	static char buf[RULES_HEX_ID_MAX];
	return fm__hex_id(T.g, h, buf);
}

static void setup_at(const char *unit, const char *hex)
{
	const struct fm_unit_def *d = def(unit);
	assert_int_equal(d->setup, FM_SETUP_HEX);
	assert_string_equal(hexid(d->setup_hex), hex);
	assert_string_equal(fmt_where(&T, unit), hex);
}

static void strength(const char *unit, int a, int d, int m)
{
	assert_int_equal(def(unit)->steps[0].attack, a);
	assert_int_equal(def(unit)->steps[0].defense, d);
	assert_int_equal(def(unit)->steps[0].ma, m);
}

static void arrives(const char *unit, int turn, const char *hex)
{
	const struct fm_unit_def *d = def(unit);
	int ok = 0;
	assert_int_equal(d->setup, FM_SETUP_ARRIVES);
	assert_int_equal(d->arrive_turn, turn);
	for (int k = 0; k < d->where.n; k++)
		ok |= strcmp(hexid(d->where.h[k]), hex) == 0;
	assert_true(ok);
}

static int lint_count;
static void count(void *ctx, int severity, const char *path, const char *msg)
{
	(void)ctx;
	printf("  %s %s: %s\n", severity == RULES_LINT_ERROR ? "error" : "warning", path, msg);
	lint_count++;
}

/* The shipped scenario passes check-scenario with no finding at all. */
static void test_bs_data_check_scenario_clean(void **state)
{
	cJSON *doc = data_doc();
	(void)state;
	lint_count = 0;
	assert_int_equal(
	    fm_ruleset.scenario_lint(&fm_ruleset, "data/scheldt.json", doc, count, NULL), 0);
	assert_int_equal(lint_count, 0);
	cJSON_Delete(doc);
	assert_string_equal(T.g->sc->module->name, "scheldt");
}

/* BS-10.0-01: the background; no rules effect. */
static void test_bs_10_0_01_background(void **state)
{
	(void)state;
	assert_string_equal(T.g->sc->title, "Battle of the Scheldt: The Devil's Moat");
	assert_string_equal(T.g->sc->side_names[0], "allied");
	assert_string_equal(T.g->sc->side_names[1], "german");
}

/* BS-11.0-01, BS-11.2-01..08: the German reinforcements. */
static void test_bs_11_0_01_german_reinforcements(void **state)
{
	(void)state;
	arrives("711", 1, "2717");
	arrives("719", 2, "2717");
	arrives("59", 3, "1517");
	arrives("2 AG", 3, "1517");
	arrives("1 AG", 3, "1517");
	arrives("1/1 FJ", 6, "1117");
}

static void test_bs_11_2_01_711(void **state)
{
	(void)state;
	arrives("711", 1, "2717");
	strength("711", 5, 7, 5);
}

static void test_bs_11_2_02_719_and_its_fallback(void **state)
{
	(void)state;
	arrives("719", 2, "2717");
	arrives("719", 2, "2617"); /* computed north chain (AMB-44) */
	arrives("719", 2, "1117");
	assert_true(scheldt__data(T.g)->unitf[fmt_unit(&T, "719")] & SCH_UF_NORTH);
}

static void test_bs_11_2_03_59(void **state)
{
	(void)state;
	arrives("59", 3, "1517");
	strength("59", 8, 9, 5);
}

static void test_bs_11_2_04_2_ag(void **state)
{
	(void)state;
	arrives("2 AG", 3, "1517");
	strength("2 AG", 6, 6, 7);
}

static void test_bs_11_2_05_1_ag(void **state)
{
	(void)state;
	arrives("1 AG", 3, "1517");
	strength("1 AG", 6, 6, 7);
}

static void fj(const char *unit)
{
	const char *hexes[] = {"1117", "1217", "1317", "1417", "1517", "1617"};
	for (int k = 0; k < 6; k++)
		arrives(unit, 6, hexes[k]);
	assert_int_equal(def(unit)->where.n, 6);
	strength(unit, 3, 6, 4);
}

static void test_bs_11_2_06_1_1_fj(void **state)
{
	(void)state;
	fj("1/1 FJ");
}

static void test_bs_11_2_07_1_2_fj(void **state)
{
	(void)state;
	fj("1/2 FJ");
}

static void test_bs_11_2_08_1_3_fj(void **state)
{
	(void)state;
	fj("1/3 FJ");
}

/* BS-11.0-06: the Allied reinforcements: the US 104th and the two assault groups. */
static void test_bs_11_0_06_allied_reinforcements(void **state)
{
	const struct scheldt_data *d = scheldt__data(T.g);
	(void)state;
	for (const char *const *u = (const char *const[]){"413/104", "414/104", "415/104", NULL};
	     *u; u++) {
		assert_int_equal(def(*u)->arrive_turn, 7);
		assert_true(d->unitf[fmt_unit(&T, *u)] & SCH_UF_US104);
		for (int k = 0; k < def(*u)->where.n; k++)
			assert_true(scheldt__hex_is(T.g, def(*u)->where.h[k], SCH_HF_ANTWERP));
	}
	strength("413/104", 5, 6, 6);
	strength("414/104", 5, 5, 6);
	strength("415/104", 3, 4, 6);
	assert_int_equal(d->ngroup[SCH_GROUP_BEVELAND], 3);
	assert_int_equal(d->ngroup[SCH_GROUP_WALCHEREN], 4);
}

static void held(const char *unit, int group, int a, int dd, int m)
{
	const struct scheldt_data *d = scheldt__data(T.g);
	unsigned flag = group ? SCH_UF_WALCHEREN : SCH_UF_BEVELAND;
	assert_true(d->unitf[fmt_unit(&T, unit)] & flag);
	if (strcmp(unit, "155/52") != 0)
		assert_int_equal(def(unit)->setup, FM_SETUP_HELD);
	strength(unit, a, dd, m);
}

static void test_bs_11_2_14_155(void **state)
{
	(void)state;
	held("155/52", 0, 6, 5, 6);
	assert_true(scheldt__data(T.g)->unitf[fmt_unit(&T, "155/52")] & SCH_UF_WITHDRAW);
}

static void test_bs_11_2_15_156(void **state)
{
	(void)state;
	held("156/52", 0, 5, 4, 6);
}

static void test_bs_11_2_16_157(void **state)
{
	(void)state;
	held("157/52", 0, 5, 4, 6);
}

static void test_bs_11_2_17_146(void **state)
{
	(void)state;
	held("146/49", 1, 5, 4, 6);
}

static void test_bs_11_2_18_147(void **state)
{
	(void)state;
	held("147/49", 1, 5, 4, 6);
}

static void test_bs_11_2_19_148(void **state)
{
	(void)state;
	held("148/49", 1, 5, 4, 6);
}

static void test_bs_11_2_20_2nd_brigade(void **state)
{
	(void)state;
	held("2", 1, 6, 3, 6);
}

/* BS-12.0-01: the flooded hexes of the map (Walcheren after the 1944 bombing). */
static void test_bs_12_0_01_flooded_hexes(void **state)
{
	int n = 0, walcheren = 0;
	(void)state;
	for (int h = 0; h < T.g->sc->map.grid.count; h++)
		if (scheldt__hex_is(T.g, h, SCH_HF_FLOODED)) {
			n++;
			walcheren += scheldt__hex_is(T.g, h, SCH_HF_WALCHEREN);
		}
	assert_true(n > 10);
	assert_true(walcheren > 0);
}

/* BS-13.0-01: the Breskens Pocket zone. */
static void test_bs_13_0_01_pocket_zone(void **state)
{
	(void)state;
	for (const char *const *h = (const char *const[]){"2642", "3043", "3044", "3045", NULL}; *h;
	     h++)
		assert_true(scheldt__hex_is(T.g, fmt_hex(&T, *h), SCH_HF_POCKET));
	assert_false(scheldt__hex_is(T.g, fmt_hex(&T, "2737"), SCH_HF_POCKET));
}

/* BS-14.0-02: Turn 1 allots 11 Allied and 6 German markers. */
static void test_bs_14_0_02_turn_1_allotment(void **state)
{
	(void)state;
	assert_int_equal(T.g->sc->allot[1][ALLIED], 11);
	assert_int_equal(T.g->sc->allot[1][GERMAN], 6);
}

/* BS-14.1-01: one German +5 anti-tank marker, outside the draw. */
static void test_bs_14_1_01_anti_tank_marker(void **state)
{
	const struct scheldt_data *d = scheldt__data(T.g);
	(void)state;
	assert_true(d->at_marker >= 0);
	assert_int_equal(T.g->sc->markers[GERMAN][d->at_marker].value, 5);
	assert_false(scheldt__in_draw(T.g, GERMAN, d->at_marker));
}

/* BS-14.1-07: two Allied +10 naval markers. */
static void test_bs_14_1_07_naval_markers(void **state)
{
	const struct scheldt_data *d = scheldt__data(T.g);
	(void)state;
	assert_true(d->naval[0] >= 0 && d->naval[1] >= 0 && d->naval[0] != d->naval[1]);
	assert_int_equal(T.g->sc->markers[ALLIED][d->naval[0]].value, 10);
	assert_int_equal(T.g->sc->markers[ALLIED][d->naval[1]].value, 10);
}

/* BS-15.1-01: the inlets 3523, 1536, 1623 (neither sea nor river). */
static void test_bs_15_1_01_inlets(void **state)
{
	(void)state;
	for (const char *const *h = (const char *const[]){"3523", "1536", "1623", NULL}; *h; h++) {
		assert_true(scheldt__hex_is(T.g, fmt_hex(&T, *h), SCH_HF_INLET));
		assert_false(scheldt__hex_is(T.g, fmt_hex(&T, *h), SCH_HF_SEA | SCH_HF_RIVER));
	}
}

/* BS-16.0-01, BS-16.1-09, BS-16.2-06: the assault groups. */
static void test_bs_16_0_01_assault_groups(void **state)
{
	const struct scheldt_data *d = scheldt__data(T.g);
	(void)state;
	assert_int_equal(d->ngroup[0] + d->ngroup[1], 7);
	assert_true(scheldt__data(T.g)->wc_dist != NULL);
}

static void test_bs_16_1_09_beveland_group(void **state)
{
	(void)state;
	held("156/52", 0, 5, 4, 6);
	held("157/52", 0, 5, 4, 6);
	held("155/52", 0, 6, 5, 6);
}

static void test_bs_16_2_06_walcheren_group(void **state)
{
	(void)state;
	held("146/49", 1, 5, 4, 6);
	held("147/49", 1, 5, 4, 6);
	held("148/49", 1, 5, 4, 6);
	held("2", 1, 6, 3, 6);
}

/* BS-18.0-01 .. BS-18.0-21: the printed set-up. */
#define SETUP(name, unit, hex, a, d, m)                                                            \
	static void name(void **state)                                                             \
	{                                                                                          \
		(void)state;                                                                       \
		setup_at(unit, hex);                                                               \
		strength(unit, a, d, m);                                                           \
	}
SETUP(test_bs_18_0_01_9_3_at_2637, "9/3", "2637", 5, 4, 6)
SETUP(test_bs_18_0_02_3_at_2737, "3", "2737", 6, 2, 6)
SETUP(test_bs_18_0_03_8_3_at_2837, "8/3", "2837", 5, 4, 6)
SETUP(test_bs_18_0_04_10_4_at_3038, "10/4", "3038", 5, 4, 6)
SETUP(test_bs_18_0_05_155_52_at_3142, "155/52", "3142", 6, 5, 6)
SETUP(test_bs_18_0_06_7_3_at_3147, "7/3", "3147", 5, 4, 6)
SETUP(test_bs_18_0_07_44_15_at_3317, "44/15", "3317", 5, 4, 6)
SETUP(test_bs_18_0_08_46_15_at_3318, "46/15", "3318", 5, 4, 6)
SETUP(test_bs_18_0_09_247_15_at_3319, "247/15", "3319", 5, 4, 6)
SETUP(test_bs_18_0_13_1020_at_goes, "1020", "1832", 3, 4, 5)
SETUP(test_bs_18_0_14_1019_at_flushing, "1019", "2042", 3, 4, 5)
SETUP(test_bs_18_0_15_245_at_esschen, "245", "1917", 8, 9, 5)
SETUP(test_bs_18_0_16_346_at_kapellen, "346", "2819", 5, 7, 5)
SETUP(test_bs_18_0_17_712_at_brasschaet, "712", "3018", 5, 7, 5)
SETUP(test_bs_18_0_18_64_at_schoondike, "64", "2642", 5, 7, 5)
SETUP(test_bs_18_0_19_1037_at_3043, "1037", "3043", 3, 4, 5)
SETUP(test_bs_18_0_20_1039_at_3044, "1039", "3044", 3, 4, 5)
SETUP(test_bs_18_0_21_1038_at_3045, "1038", "3045", 3, 4, 5)

/* BS-18.0-10/11/12: on or adjacent to 3320 or 3321, the player choosing. */
static void choice(const char *unit, int a, int d, int m)
{
	const struct fm_unit_def *u = def(unit);
	assert_int_equal(u->setup, FM_SETUP_CHOOSE);
	for (int k = 0; k < u->where.n; k++)
		assert_true(fm__distance(T.g, u->where.h[k], fmt_hex(&T, "3320")) <= 1 ||
		            fm__distance(T.g, u->where.h[k], fmt_hex(&T, "3321")) <= 1);
	strength(unit, a, d, m);
}

static void test_bs_18_0_10_3_1_choice(void **state)
{
	(void)state;
	choice("3/1", 5, 4, 6);
	bst_ok(&T, ALLIED, "place 3/1 3321");
}

static void test_bs_18_0_11_10_1_choice(void **state)
{
	(void)state;
	choice("10/1", 6, 3, 6);
	bst_ok(&T, ALLIED, "place 10/1 3320");
}

static void test_bs_18_0_12_4_2_choice(void **state)
{
	(void)state;
	choice("4/2", 5, 4, 6);
	bst_ok(&T, ALLIED, "place 4/2 3420");
	/* then the game starts with the Allied player (BS-10.1-01) */
	bst_ok(&T, ALLIED, "place 3/1 3321");
	bst_ok(&T, ALLIED, "place 10/1 3320");
	bst_ok(&T, ALLIED, "end");
	assert_int_equal(T.g->turn, 1);
	assert_int_equal(T.g->active, ALLIED);
}

/* BS-CRT-01..05: the five Integrated CRT lines read their columns (left alignment, AMB-01). */
static void line(const char *id, const char *lowest, int ncols)
{
	int l = fm__line_by_id(T.g->sc, id);
	assert_true(l >= 0);
	assert_string_equal(T.g->sc->crt.labels[T.g->sc->crt.lines[l].first], lowest);
	assert_int_equal(fm__line_cols(T.g, l), ncols);
}

static void test_bs_crt_01_coastal(void **state)
{
	(void)state;
	line(scheldt__data(T.g)->line_coastal >= 0
	         ? T.g->sc->crt.lines[scheldt__data(T.g)->line_coastal].id
	         : "coastal",
	     "-1", 8);
}

static void test_bs_crt_02_antwerp_docks(void **state)
{
	(void)state;
	line("docks", "-2", 9);
	assert_string_equal(T.g->sc->crt.lines[fm__hex_line(T.g, fmt_hex(&T, "3321"))].id, "docks");
}

static void test_bs_crt_03_city_across_canal(void **state)
{
	(void)state;
	line("city", "-3", 10);
	assert_string_equal(T.g->sc->crt.lines[fm__hex_line(T.g, fmt_hex(&T, "1832"))].id, "city");
}

static void test_bs_crt_04_flooded(void **state)
{
	(void)state;
	line("flooded", "-4", 11);
	assert_string_equal(T.g->sc->crt.lines[fm__hex_line(T.g, fmt_hex(&T, "3523"))].id,
	                    "flooded");
}

static void test_bs_crt_05_clear(void **state)
{
	(void)state;
	line("clear", "-5", 12);
	assert_int_equal(scheldt__data(T.g)->line_clear, fm__line_by_id(T.g->sc, "clear"));
}

/* BS-CRT-06, BS-ED-03: the die-roll cells are the system CRT's, NE restored. */
static void test_bs_crt_06_cells_as_system(void **state)
{
	static const char *const row1[] = {"(A)", "A3", "A2", "NE", "Ex", "Ex",
	                                   "D2",  "D2", "D2", "D3", "De", "De"};
	(void)state;
	for (int c = 0; c < 12; c++)
		assert_string_equal(fm__result_name(T.g->sc->crt.cell[0][c]), row1[c]);
	assert_string_equal(fm__result_name(T.g->sc->crt.cell[5][8]), "NE");
}

static void test_bs_ed_03_ne_cells(void **state)
{
	int ne = 0;
	(void)state;
	for (int r = 0; r < 6; r++)
		for (int c = 0; c < 12; c++)
			ne += T.g->sc->crt.cell[r][c] == FM_R_NE;
	assert_int_equal(ne, 6); /* one per die roll, on the diagonal */
}

/* BS-ED-04: the system CRT lines that no Scheldt rule uses are not in the scenario. */
static void test_bs_ed_04_only_integrated_lines(void **state)
{
	(void)state;
	assert_int_equal(T.g->sc->crt.nlines, 5);
	assert_int_equal(fm__line_by_id(T.g->sc, "bocage"), -1);
	assert_int_equal(fm__line_by_id(T.g->sc, "hill"), -1);
}

/* BS-ED-02: the four uncertain Allied set-up pairings are flagged for verification. */
static void test_bs_ed_02_pairings_flagged(void **state)
{
	cJSON *doc = data_doc(), *u;
	int flagged = 0;
	(void)state;
	cJSON_ArrayForEach(u, cJSON_GetObjectItem(doc, "units"))
	{
		const char *id = cJSON_GetObjectItem(u, "id")->valuestring;
		if (strcmp(id, "9/3") == 0 || strcmp(id, "3") == 0 || strcmp(id, "8/3") == 0 ||
		    strcmp(id, "155/52") == 0)
			flagged += cJSON_IsTrue(cJSON_GetObjectItem(u, "verify"));
	}
	assert_int_equal(flagged, 4);
	cJSON_Delete(doc);
}

/* BS-TEM-01..04, 07: movement costs. */
static int terrain_mp(const char *id)
{
	for (int t = 0; t < T.g->sc->map.nterrain; t++)
		if (strcmp(T.g->sc->map.terrain[t].id, id) == 0)
			return T.g->sc->map.terrain[t].mp_all ? -2
			                                      : T.g->sc->map.terrain[t].mp_half;
	fail_msg("no terrain %s", id);
	return 0;
}

static void test_bs_tem_01_clear(void **state)
{
	(void)state;
	assert_int_equal(terrain_mp("clear"), 2);
}

static void test_bs_tem_02_city(void **state)
{
	(void)state;
	assert_int_equal(terrain_mp("city"), 2);
}

static void test_bs_tem_03_road(void **state)
{
	(void)state;
	/* Woensdrecht 2021 to 2122 along the road: 1/2 MP */
	assert_int_equal(
	    fm__step_cost(T.g, fmt_unit(&T, "245"), fmt_hex(&T, "2021"), fmt_hex(&T, "2122")), 1);
}

static void test_bs_tem_04_canal_causeway(void **state)
{
	int plus = -1;
	(void)state;
	for (int t = 0; t < T.g->sc->map.nsidetypes; t++)
		if (strcmp(T.g->sc->map.sidetypes[t].id, "causeway") == 0)
			plus = T.g->sc->map.sidetypes[t].add_half;
	assert_int_equal(plus, 2);
	assert_true(
	    scheldt__side_is(T.g, fmt_hex(&T, "1739"), fmt_hex(&T, "1838"), SCH_SF_CAUSEWAY));
	assert_true(scheldt__side_is(T.g, fmt_hex(&T, "1838"), fmt_hex(&T, "1839"), SCH_SF_BARRED));
}

static void test_bs_tem_07_antwerp_docks_cost(void **state)
{
	(void)state;
	assert_int_equal(terrain_mp("antwerp_docks"), 2);
}

#define T_(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    T_(test_bs_data_check_scenario_clean),
	    T_(test_bs_10_0_01_background),
	    T_(test_bs_11_0_01_german_reinforcements),
	    T_(test_bs_11_2_01_711),
	    T_(test_bs_11_2_02_719_and_its_fallback),
	    T_(test_bs_11_2_03_59),
	    T_(test_bs_11_2_04_2_ag),
	    T_(test_bs_11_2_05_1_ag),
	    T_(test_bs_11_2_06_1_1_fj),
	    T_(test_bs_11_2_07_1_2_fj),
	    T_(test_bs_11_2_08_1_3_fj),
	    T_(test_bs_11_0_06_allied_reinforcements),
	    T_(test_bs_11_2_14_155),
	    T_(test_bs_11_2_15_156),
	    T_(test_bs_11_2_16_157),
	    T_(test_bs_11_2_17_146),
	    T_(test_bs_11_2_18_147),
	    T_(test_bs_11_2_19_148),
	    T_(test_bs_11_2_20_2nd_brigade),
	    T_(test_bs_12_0_01_flooded_hexes),
	    T_(test_bs_13_0_01_pocket_zone),
	    T_(test_bs_14_0_02_turn_1_allotment),
	    T_(test_bs_14_1_01_anti_tank_marker),
	    T_(test_bs_14_1_07_naval_markers),
	    T_(test_bs_15_1_01_inlets),
	    T_(test_bs_16_0_01_assault_groups),
	    T_(test_bs_16_1_09_beveland_group),
	    T_(test_bs_16_2_06_walcheren_group),
	    T_(test_bs_18_0_01_9_3_at_2637),
	    T_(test_bs_18_0_02_3_at_2737),
	    T_(test_bs_18_0_03_8_3_at_2837),
	    T_(test_bs_18_0_04_10_4_at_3038),
	    T_(test_bs_18_0_05_155_52_at_3142),
	    T_(test_bs_18_0_06_7_3_at_3147),
	    T_(test_bs_18_0_07_44_15_at_3317),
	    T_(test_bs_18_0_08_46_15_at_3318),
	    T_(test_bs_18_0_09_247_15_at_3319),
	    T_(test_bs_18_0_10_3_1_choice),
	    T_(test_bs_18_0_11_10_1_choice),
	    T_(test_bs_18_0_12_4_2_choice),
	    T_(test_bs_18_0_13_1020_at_goes),
	    T_(test_bs_18_0_14_1019_at_flushing),
	    T_(test_bs_18_0_15_245_at_esschen),
	    T_(test_bs_18_0_16_346_at_kapellen),
	    T_(test_bs_18_0_17_712_at_brasschaet),
	    T_(test_bs_18_0_18_64_at_schoondike),
	    T_(test_bs_18_0_19_1037_at_3043),
	    T_(test_bs_18_0_20_1039_at_3044),
	    T_(test_bs_18_0_21_1038_at_3045),
	    T_(test_bs_crt_01_coastal),
	    T_(test_bs_crt_02_antwerp_docks),
	    T_(test_bs_crt_03_city_across_canal),
	    T_(test_bs_crt_04_flooded),
	    T_(test_bs_crt_05_clear),
	    T_(test_bs_crt_06_cells_as_system),
	    T_(test_bs_ed_02_pairings_flagged),
	    T_(test_bs_ed_03_ne_cells),
	    T_(test_bs_ed_04_only_integrated_lines),
	    T_(test_bs_tem_01_clear),
	    T_(test_bs_tem_02_city),
	    T_(test_bs_tem_03_road),
	    T_(test_bs_tem_04_canal_causeway),
	    T_(test_bs_tem_07_antwerp_docks_cost),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
