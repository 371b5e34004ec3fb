/*
 * test_hexmap.c -- the shared scenario reader (rules/core/sdoc.c) and hex
 * terrain map (rules/core/hexmap.c, hexmap_text.c), used alone: no F&M code
 * is linked into the expectations, as the Campaign engine will use them.
 *
 * A small map of 4x4 hexes with clear, woods, town and sea terrain, a river
 * hexside, a road and a trail, two zones, a named place and two friendly
 * edges; an engine extension member ("cover") on the terrain types.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/core/hexmap.h"
#include "rules/core/sdoc.h"

static const char *const MAP =
    "{\"terrain\": ["
    "  {\"id\": \"clear\", \"name\": \"Clear\", \"mp\": 1, \"cover\": 0},"
    "  {\"id\": \"woods\", \"name\": \"Woods\", \"mp\": 2, \"cover\": 2,"
    "   \"flags\": [\"forest\"]},"
    "  {\"id\": \"town\", \"name\": \"Town\", \"mp\": 1, \"no_road\": false, \"cover\": 1},"
    "  {\"id\": \"marsh\", \"name\": \"Marsh\", \"mp\": \"all\", \"mobile_prohibited\": true},"
    "  {\"id\": \"sea\", \"name\": \"Sea\", \"mp\": \"prohibited\"}],"
    " \"hexside_types\": ["
    "  {\"id\": \"river\", \"name\": \"River\", \"mp_add\": 1.5},"
    "  {\"id\": \"cliff\", \"name\": \"Cliff\", \"prohibited\": true}],"
    " \"map\": {"
    "  \"grid\": {\"columns\": [1, 4], \"rows\": [1, 4]},"
    "  \"default_terrain\": \"clear\","
    "  \"zones\": [{\"id\": \"west\", \"hexes\": [\"0101\", \"0102\"]},"
    "            {\"id\": \"port\", \"name\": \"The port\"}],"
    "  \"hexes\": [{\"hex\": \"0202\", \"terrain\": [\"woods\"]},"
    "            {\"hex\": \"0303\", \"terrain\": [\"town\"], \"name\": \"Ville\","
    "             \"zones\": [\"port\"]},"
    "            {\"hex\": \"0404\", \"terrain\": [\"sea\"]},"
    "            {\"hex\": \"0104\", \"terrain\": [\"marsh\"]}],"
    "  \"hexsides\": [{\"hexes\": [\"0201\", \"0202\"], \"features\": [\"river\"]},"
    "               {\"hexes\": [\"0301\", \"0302\"], \"features\": [\"cliff\"]}],"
    "  \"roads\": [{\"path\": [\"0101\", \"0201\", \"0301\"]}],"
    "  \"trails\": [{\"path\": [\"0102\", \"0103\"]}],"
    "  \"edges\": [{\"name\": \"west\", \"along\": \"col_min\", \"friendly_to\": \"blue\"},"
    "            {\"name\": \"east\", \"along\": \"col_max\", \"friendly_to\": \"red\","
    "             \"hexes\": [\"0401\"]}]}}";

struct ext_seen {
	int cover[RULES_MAP_TERRAIN];
};

static int read_cover(struct sdoc *d, const cJSON *obj, int is_side, int t, void *ctx)
{
	struct ext_seen *e = ctx;

	if (is_side)
		return 0;
	e->cover[t] = -1;
	return sdoc_int(d, obj, "cover", &e->cover[t], 0, 0, 9);
}

static const char *const cover_keys[] = {"cover", NULL};

struct found {
	int n;
	char path[16][96];
	char msg[16][200];
};

static void record(void *ctx, int severity, const char *path, const char *message)
{
	struct found *f = ctx;

	(void)severity;
	if (f->n < 16) {
		snprintf(f->path[f->n], sizeof(f->path[0]), "%s", path);
		snprintf(f->msg[f->n], sizeof(f->msg[0]), "%s", message);
		f->n++;
	}
}

static int load(const char *text, struct rules_hexmap *m, struct ext_seen *e,
                struct rules_error *err, struct found *lint)
{
	struct rules_hexmap_ext ext = {.terrain_keys = cover_keys, .type = read_cover, .ctx = e};
	cJSON *doc = cJSON_Parse(text);
	struct sdoc d;
	int rc;

	assert_non_null(doc);
	memset(err, 0, sizeof(*err));
	sdoc_init(&d, "map.json", err, lint ? record : NULL, lint);
	rules_hexmap_init(m, "blue", "red");
	rc = rules_hexmap_load_types(&d, doc, m, &ext);
	if (rc == 0)
		rc = rules_hexmap_load(&d, doc, m, &ext);
	cJSON_Delete(doc);
	if (lint != NULL && rc == 0 && d.errors > 0)
		rc = WG_E_BAD_SCENARIO;
	return rc;
}

static int hex(const struct rules_hexmap *m, const char *id)
{
	int h = rules_hex_parse(&m->grid, id);

	assert_true(h >= 0);
	return h;
}

static void test_hexmap_loads_types_terrain_and_extension(void **state)
{
	struct rules_hexmap m;
	struct ext_seen e;
	struct rules_error err;

	(void)state;
	assert_int_equal(load(MAP, &m, &e, &err, NULL), 0);
	assert_int_equal(m.nterrain, 5);
	assert_int_equal(m.nsidetypes, 2);
	assert_int_equal(m.grid.count, 16);
	assert_int_equal(e.cover[rules_hexmap_terrain(&m, "woods")], 2);
	assert_int_equal(e.cover[rules_hexmap_terrain(&m, "marsh")], -1);
	assert_true(rules_terrain_has(&m.terrain[1], "forest"));
	assert_true(rules_terrain_has(&m.terrain[1], "woods")); /* the id counts as a flag */
	assert_int_equal(m.hex_terrain[hex(&m, "0202")], 1u << 1);
	assert_int_equal(m.hex_terrain[hex(&m, "0101")], 1u << 0); /* default terrain */
	assert_string_equal(m.hex_name[hex(&m, "0303")], "Ville");
	assert_true(m.hex_zones[hex(&m, "0303")] & (1ull << rules_hexmap_zone(&m, "port")));
	assert_int_equal(m.zones[rules_hexmap_zone(&m, "port")].hexes.n, 1);
	assert_int_equal(m.zones[rules_hexmap_zone(&m, "west")].hexes.n, 2);
	assert_int_equal(rules_hexmap_side(&m, "RED"), 1);
	rules_hexmap_release(&m);
}

static void test_hexmap_costs_and_prohibitions(void **state)
{
	struct rules_hexmap m;
	struct ext_seen e;
	struct rules_error err;

	(void)state;
	assert_int_equal(load(MAP, &m, &e, &err, NULL), 0);
	/* road along the road: 1/2 MP; trail: 1 MP */
	assert_int_equal(rules_hexmap_step_cost(&m, hex(&m, "0101"), hex(&m, "0201")), 1);
	assert_int_equal(rules_hexmap_step_cost(&m, hex(&m, "0102"), hex(&m, "0103")), 2);
	/* woods 2 MP, plus the river hexside's +1.5 */
	assert_int_equal(rules_hexmap_step_cost(&m, hex(&m, "0102"), hex(&m, "0202")), 4);
	assert_int_equal(rules_hexmap_step_cost(&m, hex(&m, "0201"), hex(&m, "0202")), 7);
	/* off-map entry pays the terrain only */
	assert_int_equal(rules_hexmap_step_cost(&m, -1, hex(&m, "0202")), 4);
	assert_int_equal(rules_hexmap_step_cost(&m, hex(&m, "0103"), hex(&m, "0104")), -2);
	assert_int_equal(rules_hexmap_hex_closed(&m, hex(&m, "0404"), 0),
	                 rules_hexmap_terrain(&m, "sea") + 1);
	assert_int_equal(rules_hexmap_hex_closed(&m, hex(&m, "0104"), 0), 0);
	assert_true(rules_hexmap_hex_closed(&m, hex(&m, "0104"), 1) != 0); /* mobile only */
	assert_true(rules_hexmap_side_closed(&m, hex(&m, "0301"), hex(&m, "0302"), 0) != 0);
	assert_int_equal(rules_hexmap_side_closed(&m, hex(&m, "0201"), hex(&m, "0202"), 0), 0);
	assert_int_equal(rules_hexmap_side_closed(&m, hex(&m, "0101"), hex(&m, "0404"), 0), 1);
	/* friendly edges: blue's is the whole west column, red's one listed hex */
	assert_int_equal(rules_hexmap_edge_distance(&m, hex(&m, "0303"), 0), 2);
	assert_int_equal(rules_hexmap_edge_distance(&m, hex(&m, "0104"), 1),
	                 rules_hex_distance(&m.grid, hex(&m, "0104"), hex(&m, "0401")));
	rules_hexmap_release(&m);
}

struct lines {
	int n;
	char text[32][200];
};

static void collect(void *ctx, const char *text)
{
	struct lines *l = ctx;

	if (l->n < 32)
		snprintf(l->text[l->n++], sizeof(l->text[0]), "%s", text);
}

/* An engine's cell text: a unit in 0303. */
static void mark_town(void *ctx, int h, char text[3][RULES_TEXTMAP_LINE])
{
	(void)ctx;
	if (h == 10) /* 0303 in column-major order */
		snprintf(text[1], RULES_TEXTMAP_LINE, "x:1/1");
}

static void test_hexmap_text_map(void **state)
{
	struct rules_hexmap m;
	struct ext_seen e;
	struct rules_error err;
	struct lines l = {0};
	struct rules_hexmap_view v;
	struct rules_legend lg;
	char letters[RULES_MAP_TERRAIN];
	int town = -1;

	(void)state;
	assert_int_equal(load(MAP, &m, &e, &err, NULL), 0);
	assert_int_equal(hex(&m, "0303"), 10);
	rules_hexmap_letters(&m, letters);
	assert_int_equal(letters[0], '.');
	assert_int_equal(letters[1], 'W');
	assert_int_equal(letters[2], 'T');
	assert_int_equal(letters[4], '~'); /* water */
	assert_int_equal(rules_hexmap_letter(&m, letters, hex(&m, "0202")), 'W');
	rules_hexmap_view_init(&v, &m, 8);
	v.c1 = v.r1 = 1;
	v.c2 = v.r2 = 4;
	v.cell = mark_town;
	assert_int_equal(rules_hexmap_draw(&v, collect, &l), 0);
	assert_int_equal(l.n, 4 * 4 + 3); /* four rows of cells, the shifted columns lower */
	rules_legend_init(&lg);
	rules_hexmap_legend(&v, &lg);
	rules_legend_lines(&lg, 60, collect, &l);
	assert_int_equal(l.n, 19 + 2); /* the legend in two lines of at most 60 characters */
	assert_non_null(strstr(l.text[19], "terrain: . Clear, W Woods"));
	assert_non_null(strstr(l.text[19], "~ Sea;"));
	assert_non_null(strstr(l.text[20], "hexsides: : River, X Cliff"));
	for (int k = 0; k < 19; k++) {
		if (strstr(l.text[k], "0404 ~~~") != NULL) /* no unit enters the sea: filled */
			assert_non_null(strstr(l.text[k + 1], "~~~~~~~~~~"));
		if (strstr(l.text[k], "0303 T") != NULL)
			town = k;
	}
	assert_true(town >= 0);
	assert_non_null(strstr(l.text[town + 1], "x:1/1"));
	rules_hexmap_release(&m);
}

static void test_hexmap_strict_mode_names_file_path_problem(void **state)
{
	char *bad = strdup(MAP);
	char *p = strstr(bad, "\"woods\"]},");
	struct rules_hexmap m;
	struct ext_seen e;
	struct rules_error err;

	(void)state;
	memcpy(p, "\"wodos\"", 7);
	assert_int_equal(load(bad, &m, &e, &err, NULL), WG_E_BAD_SCENARIO);
	assert_string_equal(err.message,
	                    "map.json: $.map.hexes[0].terrain[0]: unknown terrain 'wodos'");
	rules_hexmap_release(&m);
	free(bad);
}

static void test_hexmap_lint_mode_reports_every_finding(void **state)
{
	/* three problems: an unknown member, a hexside of two hexes that are not adjacent, a
	 * road into the sea; lint goes on past each one */
	const char *bad = "{\"terrain\": [{\"id\": \"clear\", \"mp\": 1, \"colour\": \"green\"},"
	                  "              {\"id\": \"sea\", \"mp\": \"prohibited\"}],"
	                  " \"hexside_types\": [],"
	                  " \"map\": {\"grid\": {\"columns\": [1, 3], \"rows\": [1, 3]},"
	                  "  \"default_terrain\": \"clear\","
	                  "  \"hexes\": [{\"hex\": \"0303\", \"terrain\": [\"sea\"]}],"
	                  "  \"hexsides\": [{\"hexes\": [\"0101\", \"0303\"]}],"
	                  "  \"roads\": [{\"path\": [\"0202\", \"0303\"]}]}}";
	struct rules_hexmap m;
	struct ext_seen e;
	struct rules_error err;
	struct found f = {0};

	(void)state;
	assert_int_equal(load(bad, &m, &e, &err, &f), WG_E_BAD_SCENARIO);
	assert_int_equal(f.n, 3);
	assert_string_equal(f.path[0], "$.terrain[0]");
	assert_string_equal(f.msg[0], "unknown member 'colour'");
	assert_string_equal(f.path[1], "$.map.hexsides[0].hexes");
	assert_non_null(strstr(f.msg[1], "not adjacent"));
	assert_string_equal(f.path[2], "$.map.roads[0].path[1]");
	assert_non_null(strstr(f.msg[2], "prohibited terrain (sea)"));
	rules_hexmap_release(&m);
}

static int walk_ints(struct sdoc *d, const cJSON *it, int i, void *ctx)
{
	int *sum = ctx;

	if (!cJSON_IsNumber(it))
		return sdoc_soft(d, "item %d is not a number", i);
	*sum += it->valueint;
	return 0;
}

static void test_sdoc_array_and_getters(void **state)
{
	cJSON *doc = cJSON_Parse("{\"a\": [1, 2, \"x\", 4], \"n\": 7, \"s\": \"abc\", "
	                         "\"b\": true, \"source\": \"rules 1.0\"}");
	const char *const keys[] = {"a", "n", "s", "b", NULL};
	struct rules_error err;
	struct found f = {0};
	struct sdoc d;
	char buf[4];
	int sum = 0, n = 0, b = 0;

	(void)state;
	sdoc_init(&d, "t.json", &err, record, &f);
	assert_int_equal(sdoc_keys(&d, doc, keys), 0); /* provenance is always allowed */
	assert_int_equal(sdoc_array(&d, doc, "a", SDOC_REQUIRED, 1, 8, "numbers", walk_ints, &sum),
	                 0);
	assert_int_equal(sum, 7); /* lint mode went past the bad item */
	assert_int_equal(f.n, 1);
	assert_string_equal(f.path[0], "$.a[2]");
	assert_string_equal(d.path, "$"); /* every mark popped */
	assert_int_equal(sdoc_int(&d, doc, "n", &n, 1, 0, 5), 0);
	assert_int_equal(n, 0); /* out of range: reported, not taken */
	assert_string_equal(f.path[1], "$.n");
	assert_int_equal(sdoc_str(&d, doc, "s", buf, sizeof(buf), NULL), 0);
	assert_string_equal(buf, "abc");
	assert_int_equal(sdoc_bool(&d, doc, "b", &b), 0);
	assert_int_equal(b, 1);
	assert_int_equal(sdoc_array(&d, doc, "zz", SDOC_REQUIRED, 0, -1, "things", walk_ints, &sum),
	                 WG_E_BAD_SCENARIO); /* structural: stops in lint mode too */
	assert_string_equal(f.path[f.n - 1], "$.zz");
	assert_int_equal(d.errors, 3);
	cJSON_Delete(doc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_hexmap_loads_types_terrain_and_extension),
	    cmocka_unit_test(test_hexmap_costs_and_prohibitions),
	    cmocka_unit_test(test_hexmap_text_map),
	    cmocka_unit_test(test_hexmap_strict_mode_names_file_path_problem),
	    cmocka_unit_test(test_hexmap_lint_mode_reports_every_finding),
	    cmocka_unit_test(test_sdoc_array_and_getters),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
