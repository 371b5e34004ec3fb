/*
 * test_bs_lint.c -- `wargamed check-scenario` reports every inconsistency of
 * a scenario file, not just the first (ruleset scenario_lint, rules/fm/lint.c
 * and the Scheldt module's checks, rules/fm/scheldt/data.c).
 *
 * tests/data/fm-scheldt-broken.json is the mini fixture with deliberate
 * errors: a unit set up on a sea hex, an entry hex off the map and one in
 * the sea, a road that ends in the sea, an unknown terrain, a hexside of two
 * hexes that are not adjacent, an unknown member, the German player first,
 * an unknown zone, marker and road hex in the exclusive object, Terneuzen in
 * the sea, an unknown marker in a support range.  Each must be reported with its JSON path; the
 * strict loader refuses the file with the first of them.  The clean fixtures report none.
 */
#include "test_bs_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FINDINGS 64

struct found {
	int n, errors, warnings;
	char path[MAX_FINDINGS][96];
	char msg[MAX_FINDINGS][200];
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

static cJSON *load(const char *file)
{
	char path[512], *buf;
	FILE *fp;
	long n;
	cJSON *doc;

	snprintf(path, sizeof(path), "%s/%s", WG_TEST_DATA, file);
	fp = fopen(path, "rb");
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

static int has(const struct found *f, const char *path, const char *needle)
{
	for (int k = 0; k < f->n; k++)
		if (strcmp(f->path[k], path) == 0 && strstr(f->msg[k], needle) != NULL)
			return 1;
	return 0;
}

static void expect(const struct found *f, const char *path, const char *needle)
{
	if (!has(f, path, needle)) {
		for (int k = 0; k < f->n; k++)
			printf("  found: %s: %s\n", f->path[k], f->msg[k]);
		fail_msg("no finding at %s mentioning '%s'", path, needle);
	}
}

/* Every problem of the broken fixture is reported, each with its path. */
static void test_bs_lint_reports_every_problem(void **state)
{
	struct found f;
	cJSON *doc = load("fm-scheldt-broken.json");
	int rc;

	(void)state;
	memset(&f, 0, sizeof(f));
	rc = fm_ruleset.scenario_lint(&fm_ruleset, "fm-scheldt-broken.json", doc, collect, &f);
	assert_int_equal(rc, f.errors);
	assert_true(f.errors >= 13);
	expect(&f, "$.units[0].setup.hex", "prohibited Sea hex 2330");
	expect(&f, "$.units[23].setup.arrives.hexes[1]", "'9917' is not a hex of this map");
	expect(&f, "$.units[24].setup.arrives", "arrival hex 2428");
	expect(&f, "$.map.roads[3].path[1]", "runs into hex 2229");
	expect(&f, "$.map.hexes[120].terrain[0]", "unknown terrain 'swamp'");
	expect(&f, "$.map.hexsides[27].hexes", "not adjacent");
	expect(&f, "$.units[5]", "unknown member 'strength'");
	expect(&f, "$.turns.first_player", "BS-10.1-01");
	expect(&f, "$.exclusive.zones.pocket", "no_such_zone");
	expect(&f, "$.exclusive.naval_markers[1]", "'N9'");
	expect(&f, "$.exclusive.walcheren_road[2]", "'9999'");
	expect(&f, "$.exclusive.hexes.terneuzen", "sea hex");
	expect(&f, "$.support.ranges[1].markers[1]", "'N9'");
	cJSON_Delete(doc);
}

/* The strict loader refuses the same file with its first error. */
static void test_bs_lint_strict_loader_refuses(void **state)
{
	struct rules_scenario *sc = NULL;
	struct rules_error err;
	cJSON *doc = load("fm-scheldt-broken.json");

	(void)state;
	assert_int_equal(
	    fm_ruleset.scenario_load(&fm_ruleset, "fm-scheldt-broken.json", doc, &sc, &err),
	    WG_E_BAD_SCENARIO);
	assert_null(sc);
	assert_non_null(strstr(err.message, "fm-scheldt-broken.json: $."));
	cJSON_Delete(doc);
}

/* The clean fixtures report nothing. */
static void test_bs_lint_clean_fixtures(void **state)
{
	const char *files[] = {"fm-scheldt-mini.json", "fm-test.json"};

	(void)state;
	for (int k = 0; k < 2; k++) {
		struct found f;
		cJSON *doc = load(files[k]);
		memset(&f, 0, sizeof(f));
		assert_int_equal(fm_ruleset.scenario_lint(&fm_ruleset, files[k], doc, collect, &f),
		                 0);
		if (f.n != 0)
			fail_msg("%s: %s: %s", files[k], f.path[0], f.msg[0]);
		cJSON_Delete(doc);
	}
}

/* A scenario whose only problem is structural (no "crt") reports it and stops there. */
static void test_bs_lint_structural_error_stops(void **state)
{
	struct found f;
	cJSON *doc = load("fm-scheldt-mini.json");

	(void)state;
	cJSON_DeleteItemFromObject(doc, "crt");
	memset(&f, 0, sizeof(f));
	assert_int_equal(fm_ruleset.scenario_lint(&fm_ruleset, "mini", doc, collect, &f), 1);
	expect(&f, "$.crt", "missing");
	cJSON_Delete(doc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_bs_lint_reports_every_problem),
	    cmocka_unit_test(test_bs_lint_strict_loader_refuses),
	    cmocka_unit_test(test_bs_lint_clean_fixtures),
	    cmocka_unit_test(test_bs_lint_structural_error_stops),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
