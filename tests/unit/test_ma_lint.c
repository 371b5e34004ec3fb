/*
 * test_ma_lint.c -- `wargamed check-scenario` reports every inconsistency of
 * a Meuse Argonne scenario, each with its JSON path (ruleset scenario_lint;
 * the module's reader rules/fm/meuse_argonne/data.c and its checks lint.c).
 *
 * tests/data/ma-broken.json is a 6x6 map with one mistake per check, each
 * named in a note: Sedan not a fortress, a Verdun hex off the map, an unknown
 * zone, side, terrain, unit, CRT line and result, an H-Hour that is neither,
 * an Artillery Track one turn short and over the 12 markers, a missing German
 * replacement, an Allied reserve division, a gap in the Stellung line, an
 * entry hex that is not an edge town, a brigade on the map, no Sedan victory,
 * a trench that lets Allied ZOC in, the German player first.  Every one is
 * reported, and nothing else; the strict loader refuses the file with the
 * first.  Then the shipped file, broken in memory, shows the checks of the
 * areas and of the line that a gap in the fixture's line hides.
 */
#include "test_fm_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FINDINGS 64

struct found {
	int n, errors, warnings;
	char path[MAX_FINDINGS][96];
	char msg[MAX_FINDINGS][320];
};

static void collect(void *ctx, int severity, const char *path, const char *message)
{
	struct found *f = ctx;

	if (severity == RULES_LINT_ERROR)
		f->errors++;
	else
		f->warnings++;
	if (f->n < MAX_FINDINGS) {
		snprintf(f->path[f->n], sizeof(f->path[0]), "%s", path);
		snprintf(f->msg[f->n], sizeof(f->msg[0]), "%s", message);
		f->n++;
	}
}

static cJSON *load(const char *path)
{
	char *buf;
	FILE *fp = fopen(path, "rb");
	long n;
	cJSON *doc;

	assert_non_null(fp);
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, fp), (size_t)n);
	buf[n] = '\0';
	fclose(fp);
	doc = cJSON_Parse(buf);
	free(buf);
	assert_non_null(doc);
	return doc;
}

static void expect(const struct found *f, const char *path, const char *needle)
{
	for (int k = 0; k < f->n; k++)
		if (strcmp(f->path[k], path) == 0 && strstr(f->msg[k], needle) != NULL)
			return;
	for (int k = 0; k < f->n; k++)
		printf("  found: %s: %s\n", f->path[k], f->msg[k]);
	fail_msg("no finding at %s mentioning '%s'", path, needle);
}

static void lint(cJSON *doc, const char *name, struct found *f)
{
	int rc;

	memset(f, 0, sizeof(*f));
	rc = fm_ruleset.scenario_lint(&fm_ruleset, name, doc, collect, f);
	assert_int_equal(rc, f->errors); /* the number of errors, 0 when there are none */
}

/* Every mistake of the broken fixture is reported with its path, and nothing else. */
static void test_ma_lint_reports_every_problem(void **state)
{
	static const struct {
		const char *path, *needle;
	} want[] = {
	    {"$.exclusive.hexes.verdun", "'0699' is not a hex of this map"},
	    {"$.exclusive.hexes.sedan", "not a fortress hex"},
	    {"$.exclusive.zones.argonne", "no zone 'forest_zone'"},
	    {"$.exclusive.h_hour.begins_with", "\"bombardment\" or \"combat\""},
	    {"$.exclusive.trenches.benefit_side", "'french' is not a side"},
	    {"$.exclusive.artillery.track", "3 pairs for a game of 4 turns"},
	    {"$.exclusive.artillery.track[1]", "turn 2 gives 13 bombardment markers"},
	    {"$.exclusive.artillery.terrain_modifiers.swamp", "no terrain type 'swamp'"},
	    {"$.exclusive.three_step.divisions[1]", "no unit 'US-99'"},
	    {"$.exclusive.replacements.german", "missing"},
	    {"$.exclusive.reserve.units[0]", "US-4 is not a german unit"},
	    {"$.exclusive.lost_battalion.line", "no CRT line 'woods_lb'"},
	    {"$.exclusive.combat_experience.to", "'D9' is not a CRT result"},
	    {"$.exclusive.zones.stellung", "not one continuous line"},
	    {"$.map.zones[7]", "hex 0303 is not a town on the northern or eastern map edge"},
	    {"$.victory.checks", "MA-12.1-01"},
	    {"$.terrain[5]", "must block Allied ZOC"},
	    {"$.units[1]", "US-BDE-1 must be a one-step unit held off the map"},
	    {"$.turns.first_player", "MA-15.1-01"},
	};
	struct found f;
	cJSON *doc = load(WG_TEST_DATA "/ma-broken.json");

	(void)state;
	lint(doc, "ma-broken.json", &f);
	for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++)
		expect(&f, want[k].path, want[k].needle);
	assert_int_equal(f.errors, (int)(sizeof(want) / sizeof(want[0])));
	/* the warnings: an FM-8.2.3 fortification (AMB-87), one three-step division, 4 turns */
	expect(&f, "$.terrain[6]", "AMB-87");
	expect(&f, "$.exclusive.three_step.divisions", "not 1");
	expect(&f, "$.turns.count", "not 4");
	assert_int_equal(f.warnings, 3);
	cJSON_Delete(doc);
}

/* The strict loader (the daemon) refuses the same file with its first error. */
static void test_ma_lint_strict_loader_refuses(void **state)
{
	struct rules_scenario *sc = NULL;
	struct rules_error err;
	cJSON *doc = load(WG_TEST_DATA "/ma-broken.json");

	(void)state;
	assert_int_equal(fm_ruleset.scenario_load(&fm_ruleset, "ma-broken.json", doc, &sc, &err),
	                 WG_E_BAD_SCENARIO);
	assert_null(sc);
	assert_non_null(strstr(err.message, "ma-broken.json: $.exclusive.hexes.verdun: "));
	cJSON_Delete(doc);
}

static cJSON *zone_hexes(cJSON *doc, const char *id)
{
	cJSON *z;
	cJSON_ArrayForEach(z, cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "map"), "zones"))
	{
		if (strcmp(cJSON_GetObjectItem(z, "id")->valuestring, id) == 0)
			return cJSON_GetObjectItem(z, "hexes");
	}
	fail_msg("no zone %s", id);
	return NULL;
}

static void drop_hex(cJSON *arr, const char *hex)
{
	int k = 0;
	cJSON *it;
	cJSON_ArrayForEach(it, arr)
	{
		if (strcmp(it->valuestring, hex) == 0) {
			cJSON_DeleteItemFromArray(arr, k);
			return;
		}
		k++;
	}
	fail_msg("no hex %s", hex);
}

/* MA-11.2-01, MA-12.1-01, MA-10.3-02 on the shipped file broken in memory: a hex north of the
 * Stellung in the Allied set-up area (Sedan, too), a mobile unit. */
static void test_ma_lint_areas_of_the_shipped_file(void **state)
{
	struct found f;
	cJSON *doc = load(WG_DATA_DIR "/meuse-argonne.json"), *u;

	(void)state;
	cJSON_AddItemToArray(zone_hexes(doc, "south_of_stellung"), cJSON_CreateString("0101"));
	cJSON_AddItemToArray(zone_hexes(doc, "south_of_stellung"), cJSON_CreateString("0802"));
	u = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "units"), 0);
	cJSON_AddBoolToObject(u, "mobile", 1);
	lint(doc, "meuse-argonne.json", &f);
	expect(&f, "$.map.zones[3]",
	       "hex 0101 of the Allied set-up area is not south of the "
	       "Stellung line (MA-11.2-01)");
	expect(&f, "$.exclusive.hexes.sedan", "Sedan is in the Allied set-up area");
	expect(&f, "$.units[0]", "MA-10.3-02");
	assert_int_equal(f.errors, 3);
	cJSON_Delete(doc);
}

/* MA-14.2-01: a Stellung that stops short of the eastern edge, or has a hole, is found. */
static void test_ma_lint_stellung_line_broken(void **state)
{
	struct found f;
	cJSON *doc = load(WG_DATA_DIR "/meuse-argonne.json");

	(void)state;
	drop_hex(zone_hexes(doc, "stellung"), "2418");
	lint(doc, "meuse-argonne.json", &f);
	expect(&f, "$.exclusive.zones.stellung", "does not run from the western to the eastern");
	cJSON_Delete(doc);
	doc = load(WG_DATA_DIR "/meuse-argonne.json");
	drop_hex(zone_hexes(doc, "stellung"), "1019");
	lint(doc, "meuse-argonne.json", &f);
	expect(&f, "$.exclusive.zones.stellung", "not one continuous line");
	expect(&f, "$.map.hexes", "hex 1019: its trench terrain and the trench zones");
	cJSON_Delete(doc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_ma_lint_reports_every_problem),
	    cmocka_unit_test(test_ma_lint_strict_loader_refuses),
	    cmocka_unit_test(test_ma_lint_areas_of_the_shipped_file),
	    cmocka_unit_test(test_ma_lint_stellung_line_broken),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
