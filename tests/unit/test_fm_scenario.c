/*
 * test_fm_scenario.c -- the F&M scenario loader (rules/fm/scenario.c):
 * the test scenario loads, data facts land where the engine reads them, and
 * every kind of bad document is refused naming file, JSON path and problem.
 * Also the game options (edition defaults, scenario, players).
 */
#include "test_fm_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int load(cJSON *doc, struct rules_error *err)
{
	struct rules_scenario *sc = NULL;
	int rc = fm_ruleset.scenario_load(&fm_ruleset, "bad.json", doc, &sc, err);
	if (rc == 0)
		fm_ruleset.scenario_free(sc);
	cJSON_Delete(doc);
	return rc;
}

/* Loads the base document patched by a JSON-path-ish edit and expects an error mentioning
 * every needle. */
static void expect_bad(cJSON *doc, const char *path_needle, const char *problem_needle)
{
	struct rules_error err;
	int rc = load(doc, &err);
	if (rc != WG_E_BAD_SCENARIO)
		fail_msg("expected bad-scenario, got %d (%s)", rc, err.message);
	if (strstr(err.message, "bad.json: ") != err.message)
		fail_msg("message does not start with the file: %s", err.message);
	if (strstr(err.message, path_needle) == NULL || strstr(err.message, problem_needle) == NULL)
		fail_msg("message '%s' lacks '%s' / '%s'", err.message, path_needle,
		         problem_needle);
}

static cJSON *at(cJSON *o, const char *k)
{
	cJSON *x = cJSON_GetObjectItem(o, k);
	assert_non_null(x);
	return x;
}

static void test_fm_scenario_test_file_loads(void **state)
{
	struct rules_scenario_info info;
	struct rules_error err;
	struct rules_scenario *rsc;
	const struct fm_scenario *sc;
	cJSON *doc = fmt_doc();
	int h;
	(void)state;
	assert_int_equal(fm_ruleset.scenario_load(&fm_ruleset, "fm-test.json", doc, &rsc, &err), 0);
	sc = (const struct fm_scenario *)rsc;
	fm_ruleset.scenario_info(rsc, &info);
	assert_string_equal(info.id, "fm-test");
	assert_string_equal(info.side_names[0], "allied");
	assert_int_equal(sc->map.grid.count, 144);
	assert_int_equal(sc->map.nterrain, 11);
	assert_int_equal(sc->map.nsidetypes, 7);
	assert_int_equal(sc->crt.ncols, 12);
	assert_int_equal(sc->crt.nlines, 5);
	assert_int_equal(sc->nunits, 19);
	assert_int_equal(sc->nmarkers[0], 8);
	assert_int_equal(sc->nmarkers[1], 4);
	assert_string_equal(sc->markers[0][0].id, "A1");
	assert_string_equal(sc->markers[1][3].id, "G4");
	assert_int_equal(sc->allot[1][0], 4);
	assert_int_equal(sc->allot[2][0], 3);
	assert_int_equal(sc->allot[3][1], 2);
	h = rules_hex_parse(&sc->map.grid, "0212");
	assert_string_equal(sc->map.hex_name[rules_hex_parse(&sc->map.grid, "0208")], "Testville");
	assert_true(sc->map.hex_terrain[h] & 1u); /* clear */
	assert_int_equal(sc->map.hex_terrain[rules_hex_parse(&sc->map.grid, "0505")],
	                 1u); /* default */
	/* road path hexes and hexsides */
	assert_true(sc->map.hex_flags[rules_hex_parse(&sc->map.grid, "0603")] & RULES_HF_ROAD);
	assert_true(sc->map.side_flags[rules_hex_side_between(
	                &sc->map.grid, rules_hex_parse(&sc->map.grid, "0707"),
	                rules_hex_parse(&sc->map.grid, "0607"))] &
	            RULES_HF_ROAD);
	/* zone from hex entry and zone list, edges computed */
	assert_int_equal(sc->map.zones[0].hexes.n, 2);
	assert_int_equal(sc->map.edges[0].hexes.n, 12);
	assert_int_equal(sc->map.edges[0].friendly, 0);
	assert_int_equal(sc->map.edges[2].friendly, -1);
	/* set-up kinds */
	assert_int_equal(sc->units[10].setup, FM_SETUP_CHOOSE);
	assert_int_equal(sc->units[10].where.n, 5); /* 0111 and its 4 on-map neighbours */
	assert_int_equal(sc->units[11].setup, FM_SETUP_ARRIVES);
	assert_int_equal(sc->units[11].arrive_turn, 2);
	assert_int_equal(sc->units[3].mobile, 1);
	assert_int_equal(sc->units[8].zoc, 0);
	assert_true(sc->units[6].abilities & FM_AB_ENGINEER);
	assert_int_equal(sc->checks[0].instant, 1);
	assert_int_equal(sc->otherwise, 1);
	fm_ruleset.scenario_free(rsc);
	cJSON_Delete(doc);
}

static void test_fm_scenario_unknown_terrain_names_path(void **state)
{
	cJSON *doc = fmt_doc();
	cJSON *hex0 = cJSON_GetArrayItem(at(at(doc, "map"), "hexes"), 3);
	(void)state;
	cJSON_ReplaceItemInObject(hex0, "terrain",
	                          cJSON_CreateStringArray((const char *[]){"swmp"}, 1));
	expect_bad(doc, "$.map.hexes[3].terrain[0]", "unknown terrain 'swmp'");
}

static void test_fm_scenario_unknown_member_refused(void **state)
{
	cJSON *doc = fmt_doc();
	(void)state;
	cJSON_AddStringToObject(at(doc, "turns"), "countt", "x");
	expect_bad(doc, "$.turns", "unknown member 'countt'");
}

static void test_fm_scenario_hex_off_map_refused(void **state)
{
	cJSON *doc = fmt_doc();
	cJSON *u = cJSON_GetArrayItem(at(doc, "units"), 0);
	(void)state;
	cJSON_ReplaceItemInObject(at(u, "setup"), "hex", cJSON_CreateString("1399"));
	expect_bad(doc, "$.units[0].setup.hex", "not a hex of this map");
}

static void test_fm_scenario_hexside_not_adjacent_refused(void **state)
{
	cJSON *doc = fmt_doc();
	cJSON *s = cJSON_GetArrayItem(at(at(doc, "map"), "hexsides"), 0);
	(void)state;
	cJSON_ReplaceItemInObject(s, "hexes",
	                          cJSON_CreateStringArray((const char *[]){"0606", "0608"}, 2));
	expect_bad(doc, "$.map.hexsides[0].hexes", "not adjacent");
}

static void test_fm_scenario_crt_shape_checked(void **state)
{
	cJSON *doc = fmt_doc();
	cJSON *row = cJSON_GetArrayItem(at(at(doc, "crt"), "rows"), 2);
	(void)state;
	cJSON_ReplaceItemInArray(row, 4, cJSON_CreateString("D9"));
	expect_bad(doc, "$.crt.rows[2][4]", "unknown result");
	doc = fmt_doc();
	cJSON_DeleteItemFromArray(at(at(doc, "crt"), "rows"), 5);
	expect_bad(doc, "$.crt.rows", "six rows");
	doc = fmt_doc();
	cJSON_ReplaceItemInObject(cJSON_GetArrayItem(at(at(doc, "crt"), "lines"), 1), "lowest",
	                          cJSON_CreateString("-9"));
	expect_bad(doc, "$.crt.lines[1]", "lowest '-9'");
}

static void test_fm_scenario_duplicate_units_and_setup_hexes(void **state)
{
	cJSON *doc = fmt_doc();
	cJSON *u1 = cJSON_GetArrayItem(at(doc, "units"), 1);
	(void)state;
	cJSON_ReplaceItemInObject(u1, "id", cJSON_CreateString("9/3"));
	expect_bad(doc, "$.units[1]", "duplicate unit id '9/3'");
	doc = fmt_doc();
	u1 = cJSON_GetArrayItem(at(doc, "units"), 1);
	cJSON_ReplaceItemInObject(at(u1, "setup"), "hex", cJSON_CreateString("0312"));
	expect_bad(doc, "$.units[1]", "both set up in hex 0312");
	doc = fmt_doc();
	u1 = cJSON_GetArrayItem(at(doc, "units"), 1);
	cJSON_ReplaceItemInObject(at(u1, "setup"), "hex", cJSON_CreateString("0410"));
	expect_bad(doc, "$.units[1]", "prohibited");
}

static void test_fm_scenario_steps_and_sides_checked(void **state)
{
	cJSON *doc = fmt_doc();
	cJSON *u = cJSON_GetArrayItem(at(doc, "units"), 0);
	(void)state;
	cJSON_ReplaceItemInObject(u, "steps", cJSON_CreateStringArray((const char *[]){"5-4"}, 1));
	expect_bad(doc, "$.units[0].steps[0]", "attack-defense-movement");
	doc = fmt_doc();
	u = cJSON_GetArrayItem(at(doc, "units"), 0);
	cJSON_ReplaceItemInObject(u, "side", cJSON_CreateString("soviet"));
	expect_bad(doc, "$.units[0].side", "unknown side 'soviet'");
}

static void test_fm_scenario_options_validated(void **state)
{
	cJSON *doc = fmt_doc();
	struct rules_options o = {0};
	struct rules_error err;
	struct rules_scenario *sc;
	struct rules_game *g;
	(void)state;
	cJSON_AddStringToObject(at(doc, "options"), "crt.line_alignment", "center");
	expect_bad(doc, "$.options", "left or right");
	doc = fmt_doc();
	assert_int_equal(fm_ruleset.scenario_load(&fm_ruleset, "t.json", doc, &sc, &err), 0);
	o.count = 1;
	snprintf(o.items[0].key, sizeof(o.items[0].key), "no.such");
	snprintf(o.items[0].value, sizeof(o.items[0].value), "1");
	assert_int_equal(fm_ruleset.create(sc, &o, &g, &err), WG_E_BAD_OPTION);
	assert_non_null(strstr(err.message, "no.such"));
	snprintf(o.items[0].key, sizeof(o.items[0].key), "sr.attacker_mode");
	snprintf(o.items[0].value, sizeof(o.items[0].value), "per_unit");
	assert_int_equal(fm_ruleset.create(sc, &o, &g, &err), 0);
	assert_int_equal(((struct fm_game *)g)->opt.sr_per_unit, 1);
	assert_int_equal(((struct fm_game *)g)->opt.pick_blind, 0); /* scenario option */
	fm_ruleset.destroy(g);
	fm_ruleset.scenario_free(sc);
	cJSON_Delete(doc);
}

/* AMB-02: the edition sets the defaults of every edition-dependent option. */
static void test_fm_scenario_edition_defaults(void **state)
{
	struct fm_opts o;
	struct rules_error err;
	struct rules_scenario *sc;
	cJSON *doc = fmt_doc();
	(void)state;
	cJSON_ReplaceItemInObject(doc, "edition", cJSON_CreateString("v8"));
	cJSON_ReplaceItemInObject(doc, "options", cJSON_CreateObject());
	assert_int_equal(fm_ruleset.scenario_load(&fm_ruleset, "t.json", doc, &sc, &err), 0);
	assert_int_equal(fm__opts_build((struct fm_scenario *)sc, NULL, &o, &err), 0);
	assert_int_equal(o.allot_lowest, 1);
	assert_int_equal(o.pick_blind, 1);
	assert_int_equal(o.sr_per_unit, 1);
	assert_int_equal(o.chain_check, 0);
	assert_int_equal(o.align_right, 0);
	fm_ruleset.scenario_free(sc);
	cJSON_Delete(doc);
	doc = fmt_doc();
	cJSON_ReplaceItemInObject(doc, "options", cJSON_CreateObject());
	assert_int_equal(fm_ruleset.scenario_load(&fm_ruleset, "t.json", doc, &sc, &err), 0);
	assert_int_equal(fm__opts_build((struct fm_scenario *)sc, NULL, &o, &err), 0);
	assert_int_equal(o.allot_lowest, 0);
	assert_int_equal(o.sr_per_unit, 0);
	assert_int_equal(o.chain_check, 1);
	fm_ruleset.scenario_free(sc);
	cJSON_Delete(doc);
}

static void test_fm_scenario_unknown_module_refused(void **state)
{
	cJSON *doc = fmt_doc();
	cJSON *ex = cJSON_CreateObject();
	(void)state;
	cJSON_AddStringToObject(ex, "module", "atlantis");
	cJSON_ReplaceItemInObject(doc, "exclusive", ex);
	expect_bad(doc, "$.exclusive.module", "unknown exclusive-rules module 'atlantis'");
}

static void test_fm_scenario_wrong_ruleset_and_format(void **state)
{
	cJSON *doc = fmt_doc();
	(void)state;
	cJSON_ReplaceItemInObject(doc, "format", cJSON_CreateNumber(2));
	expect_bad(doc, "$.format", "out of range");
	doc = fmt_doc();
	cJSON_DeleteItemFromObject(doc, "map");
	expect_bad(doc, "$.map", "missing");
}

/* Every provenance member is accepted on facts and never changes the data. */
static void test_fm_scenario_provenance_accepted(void **state)
{
	struct rules_error err;
	cJSON *doc = fmt_doc();
	cJSON *h = cJSON_GetArrayItem(at(at(doc, "map"), "hexes"), 0);
	(void)state;
	cJSON_AddTrueToObject(h, "verify");
	cJSON_AddStringToObject(h, "note", "checked against the printed map");
	assert_int_equal(load(doc, &err), 0);
	doc = fmt_doc();
	h = cJSON_GetArrayItem(at(at(doc, "map"), "hexes"), 0);
	cJSON_AddNumberToObject(h, "source", 3);
	expect_bad(doc, "$.map.hexes[0].source", "expected a string");
}

/* FM-ED-02/04: a no-effect cell may be written NE or as the bullet of the [v8] legend. */
static void test_fm_ed_02_no_effect_bullet(void **state)
{
	struct rules_error err;
	struct rules_scenario *sc;
	cJSON *doc = fmt_doc();
	cJSON *row =
	    cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "crt"), "rows"), 0);
	(void)state;
	cJSON_ReplaceItemInArray(row, 3, cJSON_CreateString("\xe2\x80\xa2"));
	assert_int_equal(fm_ruleset.scenario_load(&fm_ruleset, "t.json", doc, &sc, &err), 0);
	assert_int_equal(((struct fm_scenario *)sc)->crt.cell[0][3], FM_R_NE);
	fm_ruleset.scenario_free(sc);
	cJSON_Delete(doc);
}

/* FM-2.3.1-01/02: ids name units (typed with _ for spaces, any case) and nothing else; the
 * engine's id of a counter printed with a space is its typeable form (1/1_FJ), the printed
 * one stays its name, and a data id that would type like another is refused. */
static void test_fm_2_3_1_01_unit_ids(void **state)
{
	struct fmt t;
	cJSON *doc = fmt_doc(), *u;
	(void)state;
	fmt_open(&t, NULL);
	assert_int_equal(fm__unit_by_id(t.g->sc, "1_arm"), fm__unit_by_id(t.g->sc, "1 Arm"));
	assert_true(fm__unit_by_id(t.g->sc, "1/1_fj") >= 0);
	assert_string_equal(fm__def(t.g, fm__unit_by_id(t.g->sc, "1/1_fj"))->id, "1/1_FJ");
	assert_string_equal(fm__def(t.g, fm__unit_by_id(t.g->sc, "1/1 FJ"))->name, "1/1 FJ");
	assert_string_equal(fm__def(t.g, fm__unit_by_id(t.g->sc, "9/3"))->id, "9/3");
	for (int i = 0; i < t.g->nunits; i++)
		assert_null(strchr(fm__def(t.g, i)->id, ' '));
	assert_int_equal(fm__unit_by_id(t.g->sc, "1/1"), -1);
	assert_int_equal(fm__unit_by_id(t.g->sc, "nobody"), -1);
	fmt_close(&t);
	/* "1 Arm" and "1_Arm" would both be typed 1_Arm */
	u = cJSON_Duplicate(cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "units"), 0), 1);
	cJSON_ReplaceItemInObject(u, "id", cJSON_CreateString("1_Arm"));
	cJSON_AddItemToArray(cJSON_GetObjectItem(doc, "units"), u);
	expect_bad(doc, "$.units[", "duplicate unit id '1_Arm' (as typed: 1_Arm)");
}

/* The format's members that F&M leaves to each game load where the engine reads them:
 * terrain blocks_zoc_of (FM-6.0-05), fortification counters (FM-8.2.3), supply sources
 * (FM-8.3-03), support ranges (FM-8.1.1-01). */
static void test_fm_scenario_game_members_load(void **state)
{
	struct rules_error err;
	struct rules_scenario *rsc;
	const struct fm_scenario *sc;
	cJSON *doc = fmt_doc();
	int trench;
	(void)state;
	assert_int_equal(fm_ruleset.scenario_load(&fm_ruleset, "fm-test.json", doc, &rsc, &err), 0);
	sc = (const struct fm_scenario *)rsc;
	trench = rules_hexmap_terrain(&sc->map, "trench");
	assert_true(sc->zoc_block[ALLIED] & (1u << trench));
	assert_false(sc->zoc_block[GERMAN] & (1u << trench));
	assert_true(sc->map.hex_flags[rules_hex_parse(&sc->map.grid, "1005")] & FM_HF_FORT_COUNTER);
	assert_int_equal(sc->supply[ALLIED].n, 1);
	assert_int_equal(sc->supply[GERMAN].n, 0);
	assert_int_equal(sc->nranges, 1);
	assert_true(sc->ranges_given);
	assert_false(sc->ranges[0].all);
	assert_true(sc->ranges[0].sel[ALLIED][fm__marker_by_id(sc, ALLIED, "A7")]);
	assert_false(sc->ranges[0].sel[ALLIED][fm__marker_by_id(sc, ALLIED, "A6")]);
	assert_int_equal(sc->ranges[0].when, FM_RANGE_BOMBARD);
	assert_string_equal(sc->ranges[0].rule, "FM-8.1.1-01");
	assert_int_equal(sc->ranges[0].dist[rules_hex_parse(&sc->map.grid, "0506")], 0);
	assert_int_equal(sc->nsituations, 0);
	fm_ruleset.scenario_free(rsc);
	cJSON_Delete(doc);
}

struct findings {
	int n;
	char text[24][240];
};

static void collect(void *ctx, int severity, const char *path, const char *msg)
{
	struct findings *f = ctx;
	if (f->n < 24)
		snprintf(f->text[f->n++], sizeof(f->text[0]), "%s %s: %s",
		         severity == RULES_LINT_ERROR ? "error" : "warning", path, msg);
}

static void expect_finding(const struct findings *f, const char *needle1, const char *needle2)
{
	for (int k = 0; k < f->n; k++)
		if (strstr(f->text[k], needle1) != NULL && strstr(f->text[k], needle2) != NULL)
			return;
	for (int k = 0; k < f->n; k++)
		printf("  found: %s\n", f->text[k]);
	fail_msg("no finding with '%s' and '%s'", needle1, needle2);
}

/* check-scenario checks them: each bad member is an error naming its JSON path; lint mode
 * reports every one; the strict loader refuses the file with the first. */
static void test_fm_scenario_game_members_checked(void **state)
{
	struct findings f;
	cJSON *doc = fmt_doc(), *ty;
	(void)state;
	cJSON_ArrayForEach(ty, at(doc, "terrain"))
	{
		if (strcmp(at(ty, "id")->valuestring, "trench") == 0)
			cJSON_ReplaceItemInObject(
			    ty, "blocks_zoc_of",
			    cJSON_CreateStringArray((const char *[]){"alied"}, 1));
	}
	fmt_doc_put(doc, "map", "fortifications",
	            "[{\"hexes\": [\"0410\", \"1313\"]}, {\"hexes\": [\"0402\"]}]");
	fmt_doc_put(doc, "map", "supply_sources",
	            "[{\"side\": \"german\", \"hexes\": [\"1201\"]}]");
	fmt_doc_put(doc, "support", "ranges",
	            "[{\"markers\": [\"Z9\"], \"range\": 2},"
	            " {\"range\": {\"option\": \"nope\"}},"
	            " {\"range\": 2, \"from\": {\"zones\": []}},"
	            " {\"range\": 2, \"when\": \"always\"}]");
	fmt_doc_put(doc, "crt", "situations",
	            "[{\"when\": [\"beach_assault\"], \"line\": \"city\"},"
	            " {\"when\": [\"in_ezoc\"], \"line\": \"nope\"},"
	            " {\"when\": [\"in_ezoc\"], \"line\": \"city\", \"combine\": \"max\"}]");
	memset(&f, 0, sizeof(f));
	assert_true(fm_ruleset.scenario_lint(&fm_ruleset, "bad.json", doc, collect, &f) > 0);
	expect_finding(&f, "error $.terrain[10].blocks_zoc_of[0]", "unknown side 'alied'");
	expect_finding(&f, "error $.map.fortifications[0].hexes[0]", "prohibited terrain (Sea)");
	expect_finding(&f, "error $.map.fortifications[0].hexes[1]", "not a hex of this map");
	expect_finding(&f, "warning $.map.fortifications[1].hexes[0]", "printed fortification");
	expect_finding(&f, "warning $.map.supply_sources", "prohibited terrain");
	expect_finding(&f, "error $.support.ranges[0].markers[0]", "no support fire marker 'Z9'");
	expect_finding(&f, "error $.support.ranges[1].range.option", "not an option");
	expect_finding(&f, "error $.support.ranges[2].from", "counted from no hex");
	expect_finding(&f, "error $.support.ranges[3].when", "bombardment");
	expect_finding(&f, "error $.crt.situations[0].when[0]",
	               "unknown situation 'beach_assault'");
	expect_finding(&f, "error $.crt.situations[1].line", "unknown CRT line 'nope'");
	expect_finding(&f, "error $.crt.situations[2].combine", "most_favourable");
	/* the strict loader stops at the first */
	expect_bad(doc, "$.terrain[10].blocks_zoc_of[0]", "unknown side");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_fm_scenario_test_file_loads),
	    cmocka_unit_test(test_fm_scenario_unknown_terrain_names_path),
	    cmocka_unit_test(test_fm_scenario_unknown_member_refused),
	    cmocka_unit_test(test_fm_scenario_hex_off_map_refused),
	    cmocka_unit_test(test_fm_scenario_hexside_not_adjacent_refused),
	    cmocka_unit_test(test_fm_scenario_crt_shape_checked),
	    cmocka_unit_test(test_fm_scenario_duplicate_units_and_setup_hexes),
	    cmocka_unit_test(test_fm_scenario_steps_and_sides_checked),
	    cmocka_unit_test(test_fm_scenario_options_validated),
	    cmocka_unit_test(test_fm_scenario_edition_defaults),
	    cmocka_unit_test(test_fm_scenario_unknown_module_refused),
	    cmocka_unit_test(test_fm_scenario_wrong_ruleset_and_format),
	    cmocka_unit_test(test_fm_scenario_provenance_accepted),
	    cmocka_unit_test(test_fm_ed_02_no_effect_bullet),
	    cmocka_unit_test(test_fm_2_3_1_01_unit_ids),
	    cmocka_unit_test(test_fm_scenario_game_members_load),
	    cmocka_unit_test(test_fm_scenario_game_members_checked),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
