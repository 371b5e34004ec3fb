/*
 * test_camp_data.c -- the data of The Scheldt Campaign: the shipped scenario
 * data/scheldt-campaign.json against every fact the rulebook gives (the SC-DATA lines of
 * the checklist and the data rules: sides, C2, 32 turns, the terrain the rules name and
 * the modifiers they give, the places, victory cities, ferries, the Breskens Pocket bounded
 * by column 10, the ten coastal batteries, 25 scratch battalions, the named formations,
 * the optional reinforcements, the marker mix), and the loader's refusals of broken
 * documents, each named by its JSON path (check-scenario, scenario_lint).
 */
#include "test_camp_extra.h"

/* The shipped scenario, loaded (caller frees with close_shipped). */
static struct camp_scenario *shipped(cJSON **doc)
{
	struct rules_scenario *sc = NULL;
	struct rules_error err;

	*doc = ct_file_doc(WG_DATA_DIR "/scheldt-campaign.json");
	if (camp_ruleset.scenario_load(&camp_ruleset, "scheldt-campaign.json", *doc, &sc, &err))
		fail_msg("load: %s", err.message);
	return (struct camp_scenario *)sc;
}

static void close_shipped(struct camp_scenario *sc, cJSON *doc)
{
	camp_ruleset.scenario_free((struct rules_scenario *)sc);
	cJSON_Delete(doc);
}

static int unit_of(const struct camp_scenario *sc, const char *id)
{
	int u = camp__unit_by_id(sc, id);

	if (u < 0)
		fail_msg("no unit %s in the shipped scenario", id);
	return u;
}

static int zone_of(const struct camp_scenario *sc, const char *id)
{
	int z = rules_hexmap_zone(&sc->map, id);

	if (z < 0)
		fail_msg("no zone %s in the shipped scenario", id);
	return z;
}

static int terrain_of(const struct camp_scenario *sc, const char *id)
{
	for (int k = 0; k < sc->map.nterrain; k++)
		if (strcmp(sc->map.terrain[k].id, id) == 0)
			return k;
	fail_msg("no terrain type %s", id);
	return -1;
}

static int side_type_of(const struct camp_scenario *sc, const char *id)
{
	for (int k = 0; k < sc->map.nsidetypes; k++)
		if (strcmp(sc->map.sidetypes[k].id, id) == 0)
			return k;
	fail_msg("no hexside type %s", id);
	return -1;
}

static int col_of(const struct camp_scenario *sc, int hex)
{
	char id[RULES_HEX_ID_MAX];

	rules_hex_format(&sc->map.grid, hex, id);
	return (id[0] - '0') * 10 + (id[1] - '0');
}

/* ---- check-scenario on the shipped file --------------------------------------------------- */

static int findings;

static void count_finding(void *ctx, int severity, const char *path, const char *message)
{
	(void)ctx;
	(void)severity;
	printf("# %s: %s\n", path, message);
	findings++;
}

/* The shipped scenario loads and check-scenario finds nothing (SC-AMB-01, SC-AMB-06) */
static void test_sc_data_shipped_scenario_checks_clean(void **state)
{
	cJSON *doc = ct_file_doc(WG_DATA_DIR "/scheldt-campaign.json");

	(void)state;
	findings = 0;
	assert_int_equal(camp_ruleset.scenario_lint(&camp_ruleset, "scheldt-campaign.json", doc,
	                                            count_finding, NULL),
	                 0);
	assert_int_equal(findings, 0);
	cJSON_Delete(doc);
}

/* SC-DATA-01, SC-1.0a, SC-1.0b, SC-DATA-02, SC-3.1a, SC-3.1b, SC-DATA-03, SC-2.2.2b, SC-DATA-16,
 * SC-4.0c: two sides, nationalities by side, C2 7 and 4, 32 turns of October-November 1944,
 * the Allied first to set up and to play */
static void test_sc_data_01_sides_c2_turns(void **state)
{
	cJSON *doc;
	struct camp_scenario *sc = shipped(&doc);
	int nat[CAMP_NAT_COUNT] = {0};

	(void)state;
	assert_string_equal(sc->side_names[0], "allied");
	assert_string_equal(sc->side_names[1], "german");
	for (int i = 0; i < sc->nunits; i++) {
		nat[sc->units[i].nat]++;
		assert_int_equal(sc->units[i].nat == CAMP_NAT_GERMAN, sc->units[i].side == 1);
	}
	for (int k = 0; k < CAMP_NAT_COUNT; k++)
		assert_true(nat[k] > 0); /* Canadian, British, Polish, US, German */
	assert_int_equal(sc->c2[0], 7);
	assert_int_equal(sc->c2[1], 4);
	assert_int_equal(sc->turns, 32);
	assert_int_equal(sc->nlabels, 32);
	assert_non_null(strstr(sc->labels[0], "Oct"));
	assert_non_null(strstr(sc->labels[31], "Nov"));
	assert_int_equal(sc->setup_order[0], 0);
	assert_int_equal(sc->setup_order[1], 1);
	close_shipped(sc, doc);
}

/* SC-DATA-05, SC-DATA-06, SC-2.1b, SC-3.5a, SC-9.1b, SC-13.3.4a, SC-AMB-59, SC-13.2.3a: the terrain
 * the rules name, with the modifiers they give: forest 2, village +1, canal +1, the double canal
 * both canals, a fortification (German only, +1); roads; fortifications on the map */
static void test_sc_data_05_terrain_and_modifiers(void **state)
{
	static const char *const types[] = {"clear", "polder", "flooded",       "forest", "village",
	                                    "town",  "city",   "fortification", "sea"};
	cJSON *doc;
	struct camp_scenario *sc = shipped(&doc);
	int roads = 0, forts = 0, polder = 0;

	(void)state;
	for (size_t k = 0; k < sizeof(types) / sizeof(types[0]); k++)
		terrain_of(sc, types[k]);
	assert_int_equal(sc->tm[terrain_of(sc, "forest")], 2);
	assert_int_equal(sc->tm[terrain_of(sc, "clear")], 0);
	assert_int_equal(sc->tm_add[terrain_of(sc, "village")], 1);
	assert_true(sc->fort[terrain_of(sc, "fortification")]);
	assert_true(sc->map.terrain[terrain_of(sc, "sea")].prohibited);
	assert_int_equal(sc->side_tm[side_type_of(sc, "canal")], 1);
	assert_int_equal(sc->side_tm[side_type_of(sc, "double_canal")], 2);
	assert_true(sc->side_tm[side_type_of(sc, "river")] >= 1);
	assert_true(sc->side_tm[side_type_of(sc, "causeway")] >= 0);
	assert_true(sc->water_sides & (1u << side_type_of(sc, "water")));
	assert_true(sc->causeway_sides & (1u << side_type_of(sc, "causeway")));
	assert_true(sc->t_clear >= 0 && sc->t_polder >= 0 && sc->t_flooded >= 0);
	for (int s = 0; s < rules_hex_side_count(&sc->map.grid); s++)
		roads += (sc->map.side_flags[s] & RULES_HF_ROAD) != 0;
	for (int h = 0; h < sc->map.grid.count; h++) {
		forts += (sc->map.hex_terrain[h] & (1u << terrain_of(sc, "fortification"))) != 0;
		polder += (sc->map.hex_terrain[h] & sc->polder_mask) != 0;
	}
	assert_true(roads > 10);
	assert_true(forts >= 4);
	assert_true(polder > 20);
	close_shipped(sc, doc);
}

/* SC-DATA-07, SC-2.1a: the places and regions the rules name; the map runs from Knokke (the
 * west) to Tilburg (the east); Antwerp has two hexes */
static void test_sc_data_07_places(void **state)
{
	static const char *const places[] = {
	    "knokke",      "tilburg",   "antwerp",        "turnhout",       "breda",
	    "rosendaal",   "breskens",  "vlissingen",     "terneuzen",      "hoedenskerke",
	    "westkapelle", "domburg",   "eede",           "brasschaet",     "merxem",
	    "capellen",    "walcheren", "south_beveland", "breskens_pocket"};
	cJSON *doc;
	struct camp_scenario *sc = shipped(&doc);
	int west = 99, east = 0;

	(void)state;
	for (size_t k = 0; k < sizeof(places) / sizeof(places[0]); k++)
		assert_true(sc->map.zones[zone_of(sc, places[k])].hexes.n >= 1);
	assert_int_equal(sc->map.zones[zone_of(sc, "antwerp")].hexes.n, 2);
	assert_int_equal(sc->z_antwerp, zone_of(sc, "antwerp"));
	for (int h = 0; h < sc->map.grid.count; h++)
		if (!(sc->map.hex_terrain[h] & sc->sea_mask)) {
			int c = col_of(sc, h);
			west = c < west ? c : west;
			east = c > east ? c : east;
		}
	assert_true(col_of(sc, sc->map.zones[zone_of(sc, "knokke")].hexes.h[0]) <= west + 1);
	assert_true(col_of(sc, sc->map.zones[zone_of(sc, "tilburg")].hexes.h[0]) >= east - 1);
	close_shipped(sc, doc);
}

/* SC-DATA-08, SC-14.2.1c, SC-14.2.2e, SC-DATA-09, SC-11.1.1a: the victory cities and the two
 * ferries */
static void test_sc_data_08_cities_and_ferries(void **state)
{
	cJSON *doc;
	struct camp_scenario *sc = shipped(&doc);

	(void)state;
	assert_int_equal(sc->ncities, 3);
	assert_int_equal(sc->cities[0], zone_of(sc, "rosendaal"));
	assert_int_equal(sc->cities[1], zone_of(sc, "breda"));
	assert_int_equal(sc->cities[2], zone_of(sc, "tilburg"));
	assert_int_equal(sc->nferries, 2);
	assert_int_equal(sc->ferry[0][0], zone_of(sc, "breskens"));
	assert_int_equal(sc->ferry[0][1], zone_of(sc, "vlissingen"));
	assert_int_equal(sc->ferry[1][0], zone_of(sc, "terneuzen"));
	assert_int_equal(sc->ferry[1][1], zone_of(sc, "hoedenskerke"));
	close_shipped(sc, doc);
}

/* SC-DATA-10, SC-13.3.2a, SC-AMB-57: the Pocket holds Breskens, lies in columns up to 10, and
 * every way out of it but eastward (column 11) crosses water or a canal */
static void test_sc_data_10_the_breskens_pocket(void **state)
{
	cJSON *doc;
	struct camp_scenario *sc = shipped(&doc);
	const struct rules_hexlist *p;
	int coastal = 0;

	(void)state;
	assert_int_equal(sc->z_pocket, zone_of(sc, "breskens_pocket"));
	p = &sc->map.zones[sc->z_pocket].hexes;
	assert_true(rules_hexlist_has(p, sc->map.zones[zone_of(sc, "breskens")].hexes.h[0]));
	for (int q = 0; q < p->n; q++) {
		int h = p->h[q];
		assert_true(col_of(sc, h) <= 10);
		assert_false(sc->map.hex_terrain[h] & sc->sea_mask);
		for (int d = 0; d < RULES_HEX_DIRS; d++) {
			int n = rules_hex_neighbour(&sc->map.grid, h, d), s;
			uint32_t f;
			if (n < 0 || rules_hexlist_has(p, n) ||
			    (sc->map.hex_terrain[n] & sc->sea_mask) || col_of(sc, n) > 10)
				continue;
			s = rules_hex_side_between(&sc->map.grid, h, n);
			f = sc->map.side_feat[s];
			if (!(f & ((1u << side_type_of(sc, "water")) |
			           (1u << side_type_of(sc, "canal")) |
			           (1u << side_type_of(sc, "double_canal")))))
				fail_msg("the Pocket is open between %s and %s",
				         rules_hex_format(&sc->map.grid, h, (char[8]){0}),
				         rules_hex_format(&sc->map.grid, n, (char[8]){0}));
		}
	}
	for (int i = 0; i < sc->nunits; i++)
		coastal += (sc->units[i].classes & CAMP_C_COASTAL) &&
		           sc->units[i].setup == CAMP_SET_HEX &&
		           rules_hexlist_has(p, sc->units[i].setup_hex);
	assert_true(coastal >= 1); /* its surrender has a trigger */
	close_shipped(sc, doc);
}

/* SC-DATA-11, SC-2.2.1a, SC-2.2.1b, SC-2.2.1h, SC-2.2.1j, SC-3.7b: HQs (kind "hq") are size XX
 * with no factors; Tactical Units brigade to battalion with AF, DF, MF; the scratch battalions
 * are a class of their own (test_sc_data_14) */
static void test_sc_data_11_unit_sizes(void **state)
{
	cJSON *doc;
	struct camp_scenario *sc = shipped(&doc);

	(void)state;
	for (int i = 0; i < sc->nunits; i++) {
		const struct camp_unit_def *u = &sc->units[i];
		if (u->hq) {
			assert_string_equal(u->size, "XX");
			assert_int_equal(u->af + u->df + u->mf + u->range, 0);
		} else {
			assert_true(strcmp(u->size, "X") == 0 || strcmp(u->size, "III") == 0 ||
			            strcmp(u->size, "II") == 0);
			assert_true(u->df >= 1);
		}
	}
	close_shipped(sc, doc);
}

/* SC-DATA-12, SC-17.1a, SC-17.1b, SC-AMB-65, SC-AMB-06, SC-AMB-12: the 6-8-4 brigades; the 52nd's
 * and 104th's one point lower (5-7-4); a 1-2-3 German battalion; a German regiment of DF 4;
 * artillery of AF 2 on both sides; artillery exactly the units with a Range; the Polish
 * brigades weaker than 6-8-4 */
static void test_sc_data_12_counter_values(void **state)
{
	static const char *const lower[] = {"155Bde", "156Bde", "157Bde", "413", "414", "415"};
	cJSON *doc;
	struct camp_scenario *sc = shipped(&doc);
	int b123 = 0, df4 = 0, art[2] = {0, 0}, polish = 0;

	(void)state;
	for (int k = 0; k < 3; k++) {
		char id[8];
		const struct camp_unit_def *u;
		snprintf(id, sizeof(id), "15%dBde", 2 + k);
		u = &sc->units[unit_of(sc, id)];
		assert_true(u->af == 6 && u->df == 8 && u->mf == 4);
	}
	for (size_t k = 0; k < sizeof(lower) / sizeof(lower[0]); k++) {
		const struct camp_unit_def *u = &sc->units[unit_of(sc, lower[k])];
		assert_true(u->af == 5 && u->df == 7 && u->mf == 4);
	}
	for (int i = 0; i < sc->nunits; i++) {
		const struct camp_unit_def *u = &sc->units[i];
		if (u->hq)
			continue;
		assert_int_equal((u->classes & CAMP_C_ARTILLERY) != 0, u->range > 0);
		b123 += u->side == 1 && u->af == 1 && u->df == 2 && u->mf == 3;
		df4 += u->side == 1 && u->df == 4 && strcmp(u->size, "III") == 0;
		art[u->side] += u->range > 0 && u->af == 2;
		polish += u->nat == CAMP_NAT_POLISH && !(u->classes & CAMP_C_ARTILLERY);
	}
	assert_true(b123 > 0);
	assert_true(df4 > 0);
	assert_true(art[0] > 0 && art[1] > 0);
	assert_int_equal(polish, 2);
	/* weaker than the like Canadian brigades: the armour than 4 CAB, the rifles than 10 CIB */
	{
		const struct camp_unit_def *p1 = &sc->units[unit_of(sc, "10PACB")],
		                           *c1 = &sc->units[unit_of(sc, "4CAB")],
		                           *p2 = &sc->units[unit_of(sc, "3PRB")],
		                           *c2 = &sc->units[unit_of(sc, "10CIB")];
		assert_true(p1->af <= c1->af && p1->df <= c1->df &&
		            p1->af + p1->df < c1->af + c1->df);
		assert_true(p2->af <= c2->af && p2->df <= c2->df &&
		            p2->af + p2->df < c2->af + c2->df);
	}
	close_shipped(sc, doc);
}

/* SC-DATA-13, SC-13.1.5a, SC-17.1c, SC-17.1d, SC-13.1.3a, SC-2.2.1f: the Allied formations named,
 * the 51st's five counters, the 79th's two detachments and the special units */
static void test_sc_data_13_allied_formations(void **state)
{
	static const struct {
		const char *id;
		int special;
	} special[] = {{"Funnies", CAMP_SP_FUNNIES}, {"5ARRE", CAMP_SP_ASSAULT},
	               {"1CAPC", CAMP_SP_APC},       {"4SSF", CAMP_SP_SSF},
	               {"3Para", CAMP_SP_PARA},      {"5Para", CAMP_SP_PARA}};
	static const char *const hqs[] = {"4CAD", "49", "52", "51", "104", "1PAD"};
	static const char *const d51[] = {"51", "152Bde", "153Bde", "154Bde", "51_Arty"};
	cJSON *doc;
	struct camp_scenario *sc = shipped(&doc);
	int g51, n51 = 0, special79 = 0;

	(void)state;
	for (size_t k = 0; k < sizeof(hqs) / sizeof(hqs[0]); k++)
		assert_true(sc->units[unit_of(sc, hqs[k])].hq);
	for (size_t k = 0; k < sizeof(special) / sizeof(special[0]); k++)
		assert_int_equal(sc->units[unit_of(sc, special[k].id)].special, special[k].special);
	g51 = sc->units[unit_of(sc, "51")].group;
	assert_int_equal(sc->groups[g51].kind, CAMP_G_51);
	for (size_t k = 0; k < sizeof(d51) / sizeof(d51[0]); k++)
		assert_int_equal(sc->units[unit_of(sc, d51[k])].group, g51);
	for (int i = 0; i < sc->nunits; i++) {
		n51 += sc->units[i].group == g51;
		special79 += sc->units[i].special == CAMP_SP_FUNNIES ||
		             sc->units[i].special == CAMP_SP_ASSAULT;
	}
	assert_int_equal(n51, 5);
	assert_int_equal(special79, 2);
	assert_true(sc->units[unit_of(sc, "51_Arty")].classes & CAMP_C_ARTILLERY);
	assert_true(sc->units[unit_of(sc, "1CAPC")].classes & CAMP_C_MECH);
	assert_true(sc->units[unit_of(sc, "Funnies")].df_boxed); /* SC-AMB-55 */
	assert_true(sc->units[unit_of(sc, "1CAPC")].df_boxed);
	close_shipped(sc, doc);
}

/* SC-DATA-14, SC-13.2.1a, SC-13.2.1c, SC-AMB-11, SC-13.2.2a, SC-13.2.4a, SC-17.2b, SC-17.2c,
 * SC-4.0d, SC-AMB-02, SC-AMB-04, SC-DATA-20: ten coastal batteries, detached, four of them 0/1/0
 * on Walcheren, the rest with an AF and a Range; 25 scratch battalions; 6FJ and HG elite and
 * early; German units detached at the start; random hits for the German divisions */
static void test_sc_data_14_german_forces(void **state)
{
	cJSON *doc;
	struct camp_scenario *sc = shipped(&doc);
	int coastal = 0, zero = 0, scratch = 0, detached = 0;

	(void)state;
	for (int i = 0; i < sc->nunits; i++) {
		const struct camp_unit_def *u = &sc->units[i];
		if (u->classes & CAMP_C_COASTAL) {
			coastal++;
			assert_int_equal(u->side, 1);
			assert_int_equal(u->setup, CAMP_SET_HEX);
			assert_int_equal(u->mf, 0);
			if (u->af == 0) {
				zero++;
				assert_int_equal(u->df, 1);
				assert_int_equal(u->range, 0);
				assert_true(camp__in_zone(&(struct camp_game){.sc = sc},
				                          u->setup_hex, sc->z_walcheren));
			} else {
				assert_true(u->range > 0);
			}
		}
		if (u->setup == CAMP_SET_SCRATCH) {
			scratch++;
			assert_true(u->classes & CAMP_C_SCRATCH);
			assert_int_equal(u->side, 1);
		}
		detached += u->side == 1 && !u->hq && u->setup == CAMP_SET_HEX &&
		            !(u->classes & CAMP_C_COASTAL);
	}
	assert_int_equal(coastal, 10);
	assert_int_equal(zero, 4);
	assert_int_equal(scratch, 25);
	assert_true(detached > 0);
	assert_true(sc->scratch_dice >= 1);
	assert_true(sc->scratch_per_g1 >= 1);
	for (int k = 0; k < 2; k++) {
		const struct camp_unit_def *u = &sc->units[unit_of(sc, k ? "HG" : "6FJ")];
		assert_true(u->classes & CAMP_C_ELITE);
		assert_int_equal(u->setup, CAMP_SET_REINF);
		assert_true(sc->groups[u->group].first <= 6); /* early */
	}
	for (int i = 0; i < sc->nunits; i++)
		if (sc->units[i].hq && sc->units[i].side == 1 &&
		    sc->units[i].setup == CAMP_SET_HEX) {
			int has = 0;
			for (int r = 0; r < sc->nrandom; r++)
				has |= sc->random[r].tf == i && sc->random[r].dice >= 1;
			assert_true(has);
		}
	close_shipped(sc, doc);
}

/* SC-DATA-15, SC-13.1.3b, SC-13.1.4a, SC-13.1.4b, SC-13.1.5b, SC-13.1.5c, SC-13.1.5f, SC-AMB-52,
 * SC-AMB-08: the optional reinforcements: two parachute brigades, the 4th SSF on turns 10, 20
 * and 30 next to Westkapelle, Domburg or Vlissingen, the 51st on turns 4-11 in Turnhout or
 * Antwerp, withdrawn at the beginning of turn 12 */
static void test_sc_data_15_optional_reinforcements(void **state)
{
	cJSON *doc;
	struct camp_scenario *sc = shipped(&doc);
	int para = camp__group_by_id(sc, "para"), ssf = camp__group_by_id(sc, "ssf"),
	    d51 = camp__group_by_id(sc, "51st"), np = 0;

	(void)state;
	assert_true(para >= 0 && ssf >= 0 && d51 >= 0);
	assert_int_equal(sc->groups[para].kind, CAMP_G_PARA);
	for (int i = 0; i < sc->nunits; i++)
		np += sc->units[i].group == para;
	assert_int_equal(np, 2);
	assert_int_equal(sc->groups[ssf].kind, CAMP_G_SSF);
	assert_int_equal(sc->groups[ssf].nturns, 3);
	assert_int_equal(sc->groups[ssf].turns[0], 10);
	assert_int_equal(sc->groups[ssf].turns[1], 20);
	assert_int_equal(sc->groups[ssf].turns[2], 30);
	assert_int_equal(sc->groups[ssf].ntowns, 3);
	assert_int_equal(sc->groups[ssf].towns[0], zone_of(sc, "westkapelle"));
	assert_int_equal(sc->groups[ssf].towns[1], zone_of(sc, "domburg"));
	assert_int_equal(sc->groups[ssf].towns[2], zone_of(sc, "vlissingen"));
	assert_int_equal(sc->groups[d51].first, 4);
	assert_int_equal(sc->groups[d51].last, 11);
	assert_int_equal(sc->groups[d51].withdraw_turn, 12);
	for (int q = 0; q < sc->groups[d51].entry.n; q++) {
		int h = sc->groups[d51].entry.h[q];
		assert_true(rules_hexlist_has(&sc->map.zones[zone_of(sc, "turnhout")].hexes, h) ||
		            rules_hexlist_has(&sc->map.zones[zone_of(sc, "antwerp")].hexes, h));
	}
	assert_int_equal(sc->groups[d51].entry.n, 3);
	close_shipped(sc, doc);
}

/* SC-AMB-03, SC-17.2a, SC-6.0a, SC-2.3a: each side's mix of the four marker types: the Allied
 * at least the sample turn's two G-1, three G-3, two G-4; both at least a full hand; the German
 * mix slightly different */
static void test_sc_amb_03_marker_mix(void **state)
{
	cJSON *doc;
	struct camp_scenario *sc = shipped(&doc);
	int total[2] = {0, 0}, differ = 0;

	(void)state;
	assert_true(sc->markers[0][0] >= 2 && sc->markers[0][2] >= 3 && sc->markers[0][3] >= 2);
	for (int k = 0; k < CAMP_NMARK; k++) {
		total[0] += sc->markers[0][k];
		total[1] += sc->markers[1][k];
		differ += sc->markers[0][k] != sc->markers[1][k];
		assert_true(sc->markers[0][k] >= 1 && sc->markers[1][k] >= 1);
	}
	assert_true(total[0] >= sc->c2[0]);
	assert_true(total[1] >= sc->c2[1]);
	assert_true(differ > 0);
	close_shipped(sc, doc);
}

/* SC-15.2a, SC-15.1a: both optional rules are offered on the shipped scenario */
static void test_sc_15_options_on_the_shipped_scenario(void **state)
{
	struct ct t;

	(void)state;
	ct_open_doc(&t, ct_file_doc(WG_DATA_DIR "/scheldt-campaign.json"),
	            "setup=free reaction=on");
	assert_int_equal(t.g->phase, CAMP_PH_SETUP_FREE);
	assert_true(t.g->opt.reaction);
	assert_true(t.g->sc->has_free);
	assert_true(t.g->sc->free_zone[0].n > 0 && t.g->sc->free_zone[1].n > 0);
	ct_close(&t);
}

/* ---- the loader's refusals -------------------------------------------------------------- */

#define MAXF 32

struct found {
	int n, errors;
	char path[MAXF][96];
	char msg[MAXF][320];
};

static void collect(void *ctx, int severity, const char *path, const char *message)
{
	struct found *f = ctx;

	f->errors += severity == RULES_LINT_ERROR;
	if (f->n < MAXF) {
		snprintf(f->path[f->n], sizeof(f->path[0]), "%s", path);
		snprintf(f->msg[f->n], sizeof(f->msg[0]), "%s", message);
		f->n++;
	}
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

static int unit_index(cJSON *doc, const char *id)
{
	int k = 0;
	cJSON *u;

	cJSON_ArrayForEach(u, cJSON_GetObjectItemCaseSensitive(doc, "units"))
	{
		if (strcmp(cJSON_GetObjectItemCaseSensitive(u, "id")->valuestring, id) == 0)
			return k;
		k++;
	}
	fail_msg("no unit %s", id);
	return -1;
}

/* One broken document per check, each reported at its path with its rule */
static void test_sc_data_loader_reports_each_problem_at_its_path(void **state)
{
	struct found f;
	cJSON *doc = ct_doc();
	char path[64];

	(void)state;
	/* units */
	cx_set(cx_doc_unit(doc, "146"), "size", cJSON_CreateString("XX"));
	cx_set(cx_doc_unit(doc, "49"), "af", cJSON_CreateNumber(3));
	cx_set(cx_doc_unit(doc, "413"), "setup", cJSON_Parse("{\"tf\":\"4CAD\"}"));
	cx_set(cx_doc_unit(doc, "CA5"), "setup", cJSON_Parse("{\"tf\":\"64\"}"));
	cx_set(cx_doc_unit(doc, "1037"), "nationality", cJSON_CreateString("british"));
	cx_set(cx_doc_unit(doc, "1038"), "hits", cJSON_CreateNumber(4));
	memset(&f, 0, sizeof(f));
	{
		int rc = camp_ruleset.scenario_lint(&camp_ruleset, "t", doc, collect, &f);
		assert_int_equal(rc, f.errors);
	}
	snprintf(path, sizeof(path), "$.units[%d].size", unit_index(doc, "146"));
	expect(&f, path, "SC-2.2.1j");
	snprintf(path, sizeof(path), "$.units[%d].af", unit_index(doc, "49"));
	expect(&f, path, "SC-3.7b");
	snprintf(path, sizeof(path), "$.units[%d]", unit_index(doc, "413"));
	expect(&f, path, "SC-7.2.1f");
	snprintf(path, sizeof(path), "$.units[%d]", unit_index(doc, "CA5"));
	expect(&f, path, "SC-13.2.1c");
	snprintf(path, sizeof(path), "$.units[%d].nationality", unit_index(doc, "1037"));
	expect(&f, path, "SC-1.0b");
	snprintf(path, sizeof(path), "$.units[%d].hits", unit_index(doc, "1038"));
	expect(&f, path, "would eliminate");
	snprintf(path, sizeof(path), "$.units[%d]", unit_index(doc, "104US"));
	expect(&f, path, "SC-3.7c"); /* its 413 moved away: an empty HQ on the map */
	assert_int_equal(f.errors, 7);
	cJSON_Delete(doc);
}

static void expect_one(cJSON *doc, const char *path, const char *needle)
{
	struct found f;

	memset(&f, 0, sizeof(f));
	camp_ruleset.scenario_lint(&camp_ruleset, "t", doc, collect, &f);
	expect(&f, path, needle);
	assert_true(f.errors >= 1);
	cJSON_Delete(doc);
}

/* The header, C2, the markers, the box limit, the turn order, the coastal artillery, HQs in
 * boxes, scratch battalions */
static void test_sc_data_loader_refuses_broken_rules(void **state)
{
	cJSON *doc;
	char path[64];

	(void)state;
	doc = ct_doc();
	cx_set(doc, "sides", cJSON_Parse("[\"german\", \"allied\"]"));
	expect_one(doc, "$.sides", "SC-1.0a");
	doc = ct_doc();
	cJSON_DeleteItemFromObjectCaseSensitive(doc, "c2");
	expect_one(doc, "$.c2", "SC-3.1");
	doc = ct_doc();
	cx_set(cJSON_GetObjectItemCaseSensitive(doc, "staff_markers"), "german",
	       cJSON_Parse("{\"G-1\": 1, \"G-2\": 1, \"G-3\": 0, \"G-4\": 1}"));
	expect_one(doc, "$.staff_markers.german", "SC-6.1a");
	doc = ct_doc();
	cx_set(cJSON_GetObjectItemCaseSensitive(doc, "turns"), "first_player",
	       cJSON_CreateString("german"));
	expect_one(doc, "$.turns", "SC-5.0a");
	doc = ct_doc();
	{
		static const char *const more[] = {"146", "147", "157", "9CIB", "4SSB", "2AGRA"};
		for (size_t k = 0; k < sizeof(more) / sizeof(more[0]); k++)
			cx_set(cx_doc_unit(doc, more[k]), "setup",
			       cJSON_Parse("{\"tf\":\"4CAD\"}"));
		snprintf(path, sizeof(path), "$.units[%d]", unit_index(doc, "2AGRA"));
	}
	expect_one(doc, path, "SC-7.2.1d"); /* the 8th unit in the Canadian 4th's box */
	doc = ct_doc();
	cx_set(cx_doc_unit(doc, "52"), "setup", cJSON_Parse("{\"tf\":\"4CAD\"}"));
	snprintf(path, sizeof(path), "$.units[%d].setup", unit_index(doc, "52"));
	expect_one(doc, path, "SC-7.2.1c");
	doc = ct_doc();
	cx_set(cx_doc_unit(doc, "SB1"), "classes", cJSON_Parse("[\"infantry\"]"));
	snprintf(path, sizeof(path), "$.units[%d].setup", unit_index(doc, "SB1"));
	expect_one(doc, path, "scratch: true");
	doc = ct_doc();
	{
		cJSON *units = cJSON_GetObjectItemCaseSensitive(doc, "units"), *u;
		int k = 0;
		cJSON_ArrayForEach(u, units)
		{
			cJSON *cl = cJSON_GetObjectItemCaseSensitive(u, "classes");
			if (cl != NULL)
				cJSON_ReplaceItemInObjectCaseSensitive(
				    u, "classes", cJSON_Parse("[\"infantry\"]"));
			k++;
		}
		(void)k;
	}
	expect_one(doc, "$.units", "SC-14.1a"); /* no coastal artillery left */
	doc = ct_doc();
	cx_set(cx_doc_unit(doc, "146"), "classes", cJSON_Parse("[\"heroic\"]"));
	snprintf(path, sizeof(path), "$.units[%d].classes[0]", unit_index(doc, "146"));
	expect_one(doc, path, "unknown class");
}

/* The daemon's strict loader refuses with the first problem, named by file and path */
static void test_sc_data_strict_loader_refuses(void **state)
{
	struct rules_scenario *sc = NULL;
	struct rules_error err;
	cJSON *doc = ct_doc();

	(void)state;
	cx_set(doc, "sides", cJSON_Parse("[\"allied\"]"));
	assert_int_equal(
	    camp_ruleset.scenario_load(&camp_ruleset, "campaign-test.json", doc, &sc, &err),
	    WG_E_BAD_SCENARIO);
	assert_null(sc);
	assert_non_null(strstr(err.message, "campaign-test.json: $.sides: "));
	cJSON_Delete(doc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sc_data_shipped_scenario_checks_clean),
	    cmocka_unit_test(test_sc_data_01_sides_c2_turns),
	    cmocka_unit_test(test_sc_data_05_terrain_and_modifiers),
	    cmocka_unit_test(test_sc_data_07_places),
	    cmocka_unit_test(test_sc_data_08_cities_and_ferries),
	    cmocka_unit_test(test_sc_data_10_the_breskens_pocket),
	    cmocka_unit_test(test_sc_data_11_unit_sizes),
	    cmocka_unit_test(test_sc_data_12_counter_values),
	    cmocka_unit_test(test_sc_data_13_allied_formations),
	    cmocka_unit_test(test_sc_data_14_german_forces),
	    cmocka_unit_test(test_sc_data_15_optional_reinforcements),
	    cmocka_unit_test(test_sc_amb_03_marker_mix),
	    cmocka_unit_test(test_sc_15_options_on_the_shipped_scenario),
	    cmocka_unit_test(test_sc_data_loader_reports_each_problem_at_its_path),
	    cmocka_unit_test(test_sc_data_loader_refuses_broken_rules),
	    cmocka_unit_test(test_sc_data_strict_loader_refuses),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
