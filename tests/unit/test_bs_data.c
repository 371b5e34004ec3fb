/*
 * test_bs_data.c -- the data lines of the Battle of the Scheldt checklist
 * (tag "data"), checked on the shipped scenario data/scheldt.json with the
 * module loaded: set-up (18.0), reinforcements (11.2), assault groups (16.x),
 * support fire (14.x), map facts (12.0, 13.0, 15.1), the Integrated CRT and
 * the Terrain Effects on Movement, editor's notes.  Also: the shipped file
 * passes check-scenario with no finding, and a game of it starts; the text of
 * the file as stored by older games (tests/data/scheldt-format1-2026-11.json)
 * still loads and behaves as the shipped file for the rules that moved from
 * the module's code to the data (14.2, 16.4, BS-CRT-01).
 */
#include "test_bs_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct fmt T;

static cJSON *file_doc(const char *path)
{
	FILE *f = fopen(path, "rb");
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

static cJSON *data_doc(void)
{
	return file_doc(WG_DATA_DIR "/scheldt.json");
}

/* The text of data/scheldt.json as stored by games created before support.ranges and
 * crt.situations (git 2268dc5): games pin their scenario text and replay on it. */
#define FORMAT1_TEXT WG_TEST_DATA "/scheldt-format1-2026-11.json"

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

/* ---- the stored text of the 2026-11 format behaves as the shipped file ------------------ */

struct found {
	int errors, warnings;
	char text[16][300];
	int n;
};

static void collect(void *ctx, int severity, const char *path, const char *msg)
{
	struct found *f = ctx;
	if (severity == RULES_LINT_ERROR)
		f->errors++;
	else
		f->warnings++;
	if (f->n < 16)
		snprintf(f->text[f->n++], sizeof(f->text[0]), "%s: %s", path, msg);
}

static int found(const struct found *f, const char *path, const char *needle)
{
	for (int k = 0; k < f->n; k++)
		if (strncmp(f->text[k], path, strlen(path)) == 0 &&
		    strstr(f->text[k], needle) != NULL)
			return 1;
	return 0;
}

/* The old text still loads (strict), and check-scenario says, as warnings, what replaces each
 * deprecated member: exclusive.bombard_range, exclusive.lines.coastal and the naval range the
 * module's code gave it. */
static void test_bs_data_format1_text_loads_with_deprecation_warnings(void **state)
{
	struct fmt t;
	struct found f;
	cJSON *doc = file_doc(FORMAT1_TEXT);
	(void)state;
	memset(&f, 0, sizeof(f));
	assert_int_equal(fm_ruleset.scenario_lint(&fm_ruleset, "old.json", doc, collect, &f), 0);
	cJSON_Delete(doc);
	assert_int_equal(f.errors, 0);
	assert_int_equal(f.warnings, 3);
	assert_true(found(&f, "$.exclusive.bombard_range: deprecated", "support.ranges"));
	assert_true(found(&f, "$.support: deprecated", "bs.naval_range_max_distance"));
	assert_true(found(&f, "$.exclusive.lines.coastal: deprecated", "crt.situations"));
	fmt_open_doc(&t, file_doc(FORMAT1_TEXT), NULL, 1);
	assert_int_equal(t.g->sc->nranges, 2);
	assert_int_equal(t.g->sc->nsituations, 1);
	fmt_close(&t);
	/* a deprecated member given with its replacement is refused */
	doc = data_doc();
	cJSON_AddNumberToObject(cJSON_GetObjectItem(doc, "exclusive"), "bombard_range", 3);
	memset(&f, 0, sizeof(f));
	assert_true(fm_ruleset.scenario_lint(&fm_ruleset, "both.json", doc, collect, &f) > 0);
	assert_true(found(&f, "$.exclusive.bombard_range", "remove it"));
	cJSON_Delete(doc);
}

/* A board of path at turn 5, the side's Bombardment Phase, nobody on the map. */
static void open_board(struct fmt *t, const char *path, const char *opts, int phase)
{
	fmt_open_doc(t, file_doc(path), opts, 1);
	fmt_clear(t);
	bst_at(t, 5, ALLIED, phase);
}

/* A land hex whose support-range distance (of range r) is dist, with a land neighbour. */
static int hex_at(struct fmt *t, const struct fm_range *r, int dist, int *next)
{
	for (int h = 0; h < t->g->sc->map.grid.count; h++) {
		if (r->dist[h] != dist || fm__hex_prohibited(t->g, h, -1))
			continue;
		for (int d = 0; d < RULES_HEX_DIRS; d++) {
			int n = rules_hex_neighbour(&t->g->sc->map.grid, h, d);
			if (n >= 0 && !fm__hex_prohibited(t->g, n, -1) &&
			    !fm__side_prohibited(t->g, h, n, -1)) {
				*next = n;
				return h;
			}
		}
	}
	fail_msg("no land hex at distance %d", dist);
	return -1;
}

/* BS-14.2-01 on both texts: no bombardment more than 3 hexes from the nearest friendly unit. */
static void test_bs_14_2_01_format1_text_same_range(void **state)
{
	const char *files[] = {WG_DATA_DIR "/scheldt.json", FORMAT1_TEXT};
	(void)state;
	for (int k = 0; k < 2; k++) {
		struct fmt t;
		open_board(&t, files[k], NULL, FM_PH_BOMBARD);
		fmt_hand(&t, ALLIED, "A1 A2");
		bst_put(&t, "712", "3018", 0);
		bst_put(&t, "44/15", "3022", 0); /* 4 hexes */
		fmt_do(&t, ALLIED, "bombard 3018 A1");
		fmt_refused(&t, WG_E_ILLEGAL_ACTION, "BS-14.2-01");
		bst_put(&t, "44/15", "3021", 0); /* 3 hexes */
		fmt_dice(&t, 1, 5);
		bst_ok(&t, ALLIED, "bombard 3018 A1");
		fmt_close(&t);
	}
}

/* BS-16.4-01 on both texts: the same distances to the Walcheren coastal hexes, the same
 * refusal at 4 hexes, and bs.naval_range_max_distance=4 (AMB-62) still allows it. */
static void test_bs_16_4_01_format1_text_same_naval_range(void **state)
{
	const char *files[] = {WG_DATA_DIR "/scheldt.json", FORMAT1_TEXT};
	struct fmt t, old;
	const struct fm_range *r, *ro;
	int naval;
	(void)state;
	fmt_open_doc(&t, data_doc(), NULL, 1);
	fmt_open_doc(&old, file_doc(FORMAT1_TEXT), NULL, 1);
	naval = scheldt__data(t.g)->naval[0];
	for (int q = 0; q < 2; q++) {
		r = bst_range_of(t.g->sc, ALLIED, scheldt__data(t.g)->naval[q]);
		ro = bst_range_of(old.g->sc, ALLIED, scheldt__data(old.g)->naval[q]);
		assert_non_null(r);
		assert_non_null(ro);
		assert_false(r->all || ro->all);
		assert_int_equal(r->when, ro->when);
		assert_string_equal(r->rule, ro->rule);
		for (int o = 0; o < 2; o++) {
			t.g->opt.ex[SCH_O_NAVAL_RANGE] = old.g->opt.ex[SCH_O_NAVAL_RANGE] = o;
			assert_int_equal(fm__range_value(t.g, r), 3 + o);
			assert_int_equal(fm__range_value(old.g, ro), 3 + o);
		}
		for (int h = 0; h < t.g->sc->map.grid.count; h++)
			assert_int_equal(r->dist[h], ro->dist[h]);
	}
	r = bst_range_of(t.g->sc, ALLIED, naval);
	fmt_close(&old);
	for (int k = 0; k < 4; k++) {
		char line[64], buf[RULES_HEX_ID_MAX], nb[RULES_HEX_ID_MAX];
		int next = -1, far;
		struct fmt b;
		open_board(&b, files[k % 2], k < 2 ? NULL : "bs.naval_range_max_distance=4",
		           FM_PH_BOMBARD);
		far = hex_at(&b, bst_range_of(b.g->sc, ALLIED, naval), 4, &next);
		fmt_hand(&b, ALLIED, b.g->sc->markers[ALLIED][naval].id);
		bst_put(&b, "712", fm__hex_id(b.g, far, buf), 0);
		bst_put(&b, "44/15", fm__hex_id(b.g, next, nb), 0);
		snprintf(line, sizeof(line), "bombard %s %s", buf,
		         b.g->sc->markers[ALLIED][naval].id);
		fmt_dice(&b, 1, 6);
		if (k < 2) {
			fmt_do(&b, ALLIED, line);
			fmt_refused(&b, WG_E_ILLEGAL_SUPPORT, "BS-16.4-01");
		} else {
			bst_ok(&b, ALLIED, line);
		}
		fmt_close(&b);
	}
	fmt_close(&t);
}

/* BS-CRT-01 on both texts: the Coastal line in an attack on a coastal hex that includes a
 * unit landed this turn (AMB-68), the hex's own line otherwise. */
static void test_bs_crt_01_format1_text_same_coastal_line(void **state)
{
	const char *files[] = {WG_DATA_DIR "/scheldt.json", FORMAT1_TEXT};
	(void)state;
	for (int k = 0; k < 4; k++) {
		char line[64], buf[RULES_HEX_ID_MAX], nb[RULES_HEX_ID_MAX];
		struct scheldt_state *st;
		struct fmt t;
		int z, h = -1, next = -1;
		open_board(&t, files[k % 2], NULL, FM_PH_COMBAT);
		z = rules_hexmap_zone(&t.g->sc->map, "coastal");
		for (int q = 0; h < 0 && q < t.g->sc->map.zones[z].hexes.n; q++) {
			int c = t.g->sc->map.zones[z].hexes.h[q];
			if (strcmp(t.g->sc->crt.lines[fm__hex_line(t.g, c)].id, "clear") != 0)
				continue;
			for (int d = 0; next < 0 && d < RULES_HEX_DIRS; d++) {
				int n = rules_hex_neighbour(&t.g->sc->map.grid, c, d);
				if (n >= 0 && !fm__hex_prohibited(t.g, n, -1) &&
				    !fm__side_prohibited(t.g, c, n, -1) &&
				    rules_hex_side_between(&t.g->sc->map.grid, c, n) >= 0 &&
				    t.g->sc->map.side_feat[rules_hex_side_between(
				        &t.g->sc->map.grid, c, n)] == 0)
					next = n;
			}
			if (next >= 0)
				h = c;
		}
		assert_true(h >= 0);
		bst_put(&t, "712", fm__hex_id(t.g, h, buf), 0);
		bst_put(&t, "44/15", fm__hex_id(t.g, next, nb), 0);
		if (k >= 2) { /* 44/15 landed this turn (white-box: the module's landing record) */
			st = bst_state(&t);
			st->land[0].unit = (int16_t)fmt_unit(&t, "44/15");
			st->land[0].hex = (int16_t)next;
			st->land[0].german = -1;
			st->land[0].turn = (uint8_t)t.g->turn;
			st->land[0].group = SCH_GROUP_WALCHEREN;
			st->nland = 1;
		}
		snprintf(line, sizeof(line), "attack %s 44/15", buf);
		fmt_dice(&t, 1, 3);
		bst_ok(&t, ALLIED, line);
		assert_int_equal(
		    fmt_events_mention(&t, RULES_AUD_PUBLIC,
		                       k >= 2 ? "\"line\":\"coastal\"" : "\"line\":\"clear\""),
		    1);
		fmt_close(&t);
	}
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

/* FM-2.3.1-01, BS-11.2-04/05/06: the counters printed "2 AG", "1 AG", "1/1 FJ" ... are shown
 * and typed 2_AG, 1_AG, 1/1_FJ everywhere (events, JSON "unit" fields, `units`, refusals);
 * the printed id stays their name. */
static void test_bs_11_2_04_unit_ids_typeable_as_shown(void **state)
{
	(void)state;
	for (int i = 0; i < T.g->nunits; i++) {
		assert_null(strchr(def(fm__def(T.g, i)->name)->id, ' '));
		assert_int_equal(fm__unit_by_id(T.g->sc, fm__def(T.g, i)->id), i);
	}
	assert_string_equal(def("2 AG")->id, "2_AG");
	assert_string_equal(def("2_AG")->name, "2 AG");
	assert_string_equal(def("1/3 FJ")->id, "1/3_FJ");
	T.g->turn = 3;
	fmt_phase(&T, GERMAN, FM_PH_MOVEMENT);
	fmt_events_clear(&T);
	assert_int_equal(fmt_do(&T, GERMAN, "enter 2_AG 1517"), 0);
	assert_true(fmt_events_mention(&T, RULES_AUD_PUBLIC, "\"unit\":\"2_AG\"") > 0);
	assert_true(fmt_events_mention(&T, RULES_AUD_PUBLIC, "2_AG enters") > 0);
	assert_int_equal(fmt_events_mention(&T, RULES_AUD_PUBLIC, "2 AG"), 0);
	/* a refusal names the unit as it is typed */
	fmt_do(&T, GERMAN, "enter 1_AG 1517");
	assert_int_equal(T.rc, WG_E_ILLEGAL_MOVE);
	assert_non_null(strstr(T.err.message, "1_AG"));
	assert_null(strstr(T.err.message, "1 AG"));
	/* units: the id shown is the id typed; the JSON keeps the printed name beside it */
	assert_int_equal(fmt_query(&T, GERMAN, "units german"), 0);
	assert_true(fmt_reply_has(&T, "2_AG (6-6-7)"));
	assert_true(fmt_reply_has(&T, "\"id\":\"2_AG\",\"name\":\"2 AG\""));
	assert_false(fmt_reply_has(&T, "1/1 FJ ("));
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
	assert_true(bst_range_of(T.g->sc, ALLIED, scheldt__data(T.g)->naval[0]) != NULL &&
	            bst_range_of(T.g->sc, ALLIED, scheldt__data(T.g)->naval[0])->dist != NULL);
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
	line(bst_situation_line(T.g->sc, SCH_SIT_BEACH_ASSAULT) >= 0
	         ? T.g->sc->crt.lines[bst_situation_line(T.g->sc, SCH_SIT_BEACH_ASSAULT)].id
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

/* BS-15.2-03, BS-TEM-04 (AMB-112): the causeway 1838/1739 costs +1 MP also when the
 * Woensdrecht-Flushing road runs over it: the road rate (1/2 MP, FM-5.4.1) does not
 * swallow it, 1/2 + 1 = 1 1/2 MP; the road on either side still costs 1/2. */
static void test_bs_15_2_03_causeway_plus_one_on_the_road(void **state)
{
	int h1837 = fmt_hex(&T, "1837"), h1838 = fmt_hex(&T, "1838"), h1739 = fmt_hex(&T, "1739"),
	    h1740 = fmt_hex(&T, "1740"), u = fmt_unit(&T, "1020");
	const int road[4] = {h1837, h1838, h1739, h1740}; /* the road runs through them */
	(void)state;
	for (int k = 0; k < 4; k++)
		assert_true(T.g->sc->map.hex_flags[road[k]] & RULES_HF_ROAD);
	assert_true(
	    T.g->sc->map.side_flags[rules_hex_side_between(&T.g->sc->map.grid, h1838, h1739)] &
	    RULES_HF_ROAD);
	assert_int_equal(fm__step_cost(T.g, u, h1838, h1739), 1 + 2);
	assert_int_equal(fm__step_cost(T.g, u, h1739, h1838), 1 + 2);
	assert_int_equal(fm__step_cost(T.g, u, h1837, h1838), 1);
	assert_int_equal(fm__step_cost(T.g, u, h1739, h1740), 1);
	/* a move of the 1020 (MA 5) from Goes side over the causeway to Middelburg */
	fmt_clear(&T);
	T.g->turn = 5;
	fmt_phase(&T, GERMAN, FM_PH_MOVEMENT);
	fmt_put(&T, "1020", "1837");
	assert_int_equal(fmt_do(&T, GERMAN, "move 1020 1838 1739 1740"), 0);
	assert_int_equal(T.g->u[u].mp_half, 1 + 3 + 1); /* 2 1/2 MP */
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
	    cmocka_unit_test(test_bs_data_format1_text_loads_with_deprecation_warnings),
	    cmocka_unit_test(test_bs_14_2_01_format1_text_same_range),
	    cmocka_unit_test(test_bs_16_4_01_format1_text_same_naval_range),
	    cmocka_unit_test(test_bs_crt_01_format1_text_same_coastal_line),
	    T_(test_bs_10_0_01_background),
	    T_(test_bs_11_0_01_german_reinforcements),
	    T_(test_bs_11_2_01_711),
	    T_(test_bs_11_2_02_719_and_its_fallback),
	    T_(test_bs_11_2_03_59),
	    T_(test_bs_11_2_04_2_ag),
	    T_(test_bs_11_2_04_unit_ids_typeable_as_shown),
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
	    T_(test_bs_15_2_03_causeway_plus_one_on_the_road),
	    T_(test_bs_tem_07_antwerp_docks_cost),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
