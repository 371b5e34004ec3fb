/*
 * test_minis_data.c -- the data of the miniatures ruleset: the files of data/minis/ compiled
 * into the engine (pinned to the engine version; quality.json, nations.json and weapons.json
 * checked cell by cell as loaded against the sheet), the terrain types, the qr-village scenario
 * (QR-SCN), the scenario loader and check-scenario (every finding, and the lint agreeing with the
 * loader), the configuration keys of section 2 (defaults, values, unknown keys refused),
 * and the replay and snapshot equality of whole games.
 */
#include "test_minis_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The FNV-1a digests of the files of data/minis/ as compiled in with MINIS_ENGINE_VERSION. A
 * change to a file changes the engine: bump the version, then these digests. */
#define DATA_VERSION "minis-2"
static const struct {
	const char *file;
	const char *text;
	uint64_t digest;
} data_files[] = {
    {"terrain.json", minis_terrain_json, 0x67d620236052eb10ull},
    {"quality.json", minis_quality_json, 0x44d7e09b2b1f0c4cull},
    {"nations.json", minis_nations_json, 0x2265ae72ee9071d8ull},
    {"vehicles.json", minis_vehicles_json, 0x311c87da592bafb9ull},
    {"weapons.json", minis_weapons_json, 0xcc7abcf8c2fb1804ull},
};

static void test_data_files_pinned_to_the_engine_version(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof(data_files) / sizeof(data_files[0]); k++) {
		uint64_t h = 1469598103934665603ull;
		for (const char *p = data_files[k].text; *p; p++) {
			h ^= (unsigned char)*p;
			h *= 1099511628211ull;
		}
		if (h != data_files[k].digest || strcmp(MINIS_ENGINE_VERSION, DATA_VERSION) != 0)
			fail_msg("data/minis/%s changed (digest %016llx): bump "
			         "MINIS_ENGINE_VERSION (rules/minis/minis.h) and update its digest "
			         "and DATA_VERSION here",
			         data_files[k].file, (unsigned long long)h);
	}
}

/* data/minis/quality.json as loaded, cell by cell against the sheet (QR-AMB-8's table:
 * QR-FIRE-3, QR-FIRE-16, QR-MORALE-7, QR-MORALE-8, QR-RALLY-7..9, QR-SETUP-27..29,
 * QR-SETUP-39..41, QR-FIRE-37, QR-ASSAULT-18, QR-ASSAULT-19). */
static void test_qr_amb_8_quality_json_loaded_cells(void **state)
{
	static const int8_t fire[MQ_COUNT] = {1, 0, 0, 0, -1}, morale[MQ_COUNT] = {1, 0, 0, 0, 0},
	                    rally[MQ_COUNT] = {1, 1, 0, -1, -1}, hidden[MQ_COUNT] = {2, 2, 1, 1, 0},
	                    ambush[MQ_COUNT] = {-3, -3, -4, -4, -5},
	                    dummy[MQ_COUNT] = {-1, -1, -2, -2, -3},
	                    row11[MQ_COUNT] = {0, 0, 0, 1, 1}, assault[MQ_COUNT] = {1, 0, 0, 0, -1};
	const struct minis_tables *t = TAB;

	(void)state;
	for (int q = 0; q < MQ_COUNT; q++) {
		assert_int_equal(t->q_fire[q], fire[q]);
		assert_int_equal(t->q_morale[q], morale[q]);
		assert_int_equal(t->q_rally[q], rally[q]);
		assert_int_equal(t->q_hidden[q], hidden[q]);
		assert_int_equal(t->q_ambush[q], ambush[q]);
		assert_int_equal(t->q_dummy[q], dummy[q]);
		assert_int_equal(t->q_row11_disperse[q], row11[q]);
		assert_int_equal(t->q_assault[q], assault[q]);
		/* the set-up rows read one value per group: equal within each group */
		assert_int_equal(minis__hidden_mod(t, minis__quality_group(q)), hidden[q]);
		assert_int_equal(minis__ambush_mod(t, minis__quality_group(q)), ambush[q]);
		assert_int_equal(minis__dummy_mod(t, minis__quality_group(q)), dummy[q]);
	}
}

/* data/minis/nations.json as loaded, cell by cell, every year 1939-1945 of every nation
 * category (QR-SETUP-3..24, QR-CMD-4..8, QR-CMD-27..30, QR-CMD-32..37, QR-GEN-7..9). */
static void test_qr_setup_and_cmd_nations_json_loaded_cells(void **state)
{
	/* [nation][year - 1939] */
	static const int air[MN_COUNT][7] = {
	    {1, 1, 1, 1, 0, -1, -1},      /* German: 1939-42 +1, 1943 0, 1944-5 -1 */
	    {0, 0, 0, 1, 1, 2, 2},        /* British: 1939-41 0, 1942-43 +1, 1944-45 +2 */
	    {0, 0, 0, 1, 1, 2, 2},        /* US */
	    {-1, -1, -1, -1, -1, 1, 1},   /* Russian: 1939-43 -1, 1944-45 +1 */
	    {-1, -1, -1, -1, -1, -1, -1}, /* Other 1939-45 -1 (early, axis, other) */
	    {-1, -1, -1, -1, -1, -1, -1}, {-1, -1, -1, -1, -1, -1, -1}};
	static const int cola[MN_COUNT][7] = {
	    {1, 1, 1, 1, 1, 0, 0}, /* A = GERMAN 1939-43 */
	    {0, 0, 1, 1, 1, 1, 1}, /* BRITISH 1941-45 (1939 and 1940: B, QR-SETUP-18) */
	    {0, 0, 1, 1, 1, 1, 1}, /* US 1941-45 */
	    {0, 0, 0, 0, 0, 1, 1}, /* RUSSIAN 1944-5 */
	    {0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0}};
	static const int hq[MN_COUNT][7] = {
	    {2, 2, 2, 2, 2, 2, 1},                        /* GERMAN HQ 1939-44 +2, 1945 +1 */
	    {0, 0, 1, 1, 1, 1, 1},                        /* BRITISH or US HQ 1941-45 +1 */
	    {0, 0, 1, 1, 1, 1, 1}, {0, 0, 0, 0, 1, 1, 1}, /* RUSSIAN HQ 1943-45 +1 */
	    {0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0}};
	static const int first[MN_COUNT][7] = {
	    {1, 1, 1, 1, 1, 1, 0}, /* GERMAN 1939-44 / BRITISH / US */
	    {1, 1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1, 1}, {0, 0, 0, 0, 0, 0, 0},
	    {0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0}};
	static const int air_a[6] = {0, 0, 1, 1, 2, 2}, air_b[6] = {0, 0, 1, 1, 1, 1};
	static const int fire_a[6] = {1, 1, 2, 3, 4, 6}, fire_b[6] = {0, 0, 1, 2, 3, 4};
	static const int gmax[MN_COUNT] = {5, 5, 5, 4, 4, 4, 4};
	const struct minis_tables *t = TAB;
	uint8_t n;

	(void)state;
	for (int nat = 0; nat < MN_COUNT; nat++) {
		for (int y = 1939; y <= 1945; y++) {
			assert_int_equal(minis__air_sup_mod(t, nat, y), air[nat][y - 1939]);
			assert_int_equal(minis__column_a(t, nat, y), cola[nat][y - 1939]);
			assert_int_equal(minis__hq_mod(t, nat, y), hq[nat][y - 1939]);
			assert_int_equal(minis__request_need(t, nat, y, 0),
			                 first[nat][y - 1939] ? 3 : 4); /* QR-CMD-27, -28 */
			assert_int_equal(minis__request_need(t, nat, y, 1),
			                 first[nat][y - 1939] ? 4 : 5); /* QR-CMD-29, -30 */
		}
		assert_int_equal(minis__group_max(t, nat, GK_STANDARD), gmax[nat]);
		assert_int_equal(minis__group_max(t, nat, GK_INF_ASSAULT), 8);
		assert_int_equal(minis__group_max(t, nat, GK_ARM_ASSAULT), 8);
		assert_int_equal(minis__group_max(t, nat, GK_CONVOY), -1);
	}
	for (int score = 1; score <= 6; score++) {
		assert_int_equal(minis__air_missions(t, score, 1), air_a[score - 1]);
		assert_int_equal(minis__air_missions(t, score, 0), air_b[score - 1]);
		assert_int_equal(minis__fire_missions(t, score, 1), fire_a[score - 1]);
		assert_int_equal(minis__fire_missions(t, score, 0), fire_b[score - 1]);
	}
	/* the nationality notes: Commonwealth as British, Finns as Germans */
	assert_int_equal(minis__nation_parse(t, "canadian", 1944, &n), 0);
	assert_int_equal(n, MN_BRITISH);
	assert_int_equal(minis__nation_parse(t, "finnish", 1942, &n), 0);
	assert_int_equal(n, MN_GERMAN);
	assert_int_equal(minis__nation_parse(t, "italian", 1942, &n), 0);
	assert_int_equal(n, MN_AXIS);
	assert_int_equal(minis__nation_parse(t, "klingon", 1942, &n), -1);
}

/* data/minis/vehicles.json as loaded, cell by cell against the sheet's AFV armour defence
 * factors: page 4 front and side/rear (QR-ARMOUR-2..9, the exceptions QR-ARMOUR-10 "[*Panther
 * = 2]" and QR-ARMOUR-11 "[*KV1= 6]", the weight classes QR-ARMOUR-12) and page 2's side/rear
 * column (QR-AIR-22..29). */
static void test_qr_armour_vehicles_json_loaded_cells(void **state)
{
	static const int front[8] = {8, 7, 5, 4, 3, 2, 1, 0}, side[8] = {5, 4, 3, 2, 1, 1, 0, 0},
	                 weight[8] = {2, 2, 1, 1, 1, 1, 0, 0};
	const struct minis_tables *t = TAB;

	(void)state;
	for (int c = 0; c < 8; c++) {
		assert_int_equal(t->arm_front[c], front[c]);
		assert_int_equal(t->arm_side[c], side[c]);
		assert_int_equal(t->arm_side_p2[c], side[c]);
		assert_int_equal(t->arm_weight[c], weight[c]);
		assert_int_equal(minis__armour(t, c, "Sherman", 0), front[c]);
		assert_int_equal(minis__armour(t, c, "Sherman", 1), side[c]);
		assert_int_equal(minis__armour_side_p2(t, c, "Sherman"), side[c]);
		assert_int_equal(minis__weight(t, c), weight[c]);
	}
	assert_int_equal(minis__armour(t, 1, "Panther", 1), 2);
	assert_int_equal(minis__armour(t, 1, "Panther", 0), 7);
	assert_int_equal(minis__armour_side_p2(t, 1, "Panther"), 2);
	assert_int_equal(minis__armour(t, 2, "KV1", 0), 6);
	assert_int_equal(minis__armour(t, 2, "KV1", 1), 3);
	assert_int_equal(minis__armour(t, 2, "Panther", 1), 3); /* only in category B */
}

/* data/minis/weapons.json as loaded, cell by cell against page 5's weapons factor table
 * (QR-WEAPON-1..35, the bracketed AT factors QR-WEAPON-37) and page 4's ranges
 * (QR-RANGE-1..9), both printed scales (QR-AMB-9). */
static void test_qr_weapon_and_range_weapons_json_loaded_cells(void **state)
{
	static const struct {
		const char *id;
		int at, ai;
		const char *rule;
	} rows[] = {
	    {"g20", 1, 1, "QR-WEAPON-1"},         {"g37", 2, 1, "QR-WEAPON-2"},
	    {"g45", 3, 1, "QR-WEAPON-3"},         {"g50s", 3, 1, "QR-WEAPON-4"},
	    {"g50l", 4, 1, "QR-WEAPON-5"},        {"g57", 4, 1, "QR-WEAPON-6"},
	    {"g75s", 3, 2, "QR-WEAPON-7"},        {"g75e", 4, 2, "QR-WEAPON-8"},
	    {"g75", 5, 2, "QR-WEAPON-9"},         {"g75l", 6, 2, "QR-WEAPON-10"},
	    {"g75hv", 8, 2, "QR-WEAPON-11"},      {"g17pdr", 8, 2, "QR-WEAPON-12"},
	    {"g85", 7, 2, "QR-WEAPON-13"},        {"g88", 8, 3, "QR-WEAPON-14"},
	    {"g88hv", 10, 3, "QR-WEAPON-15"},     {"g90", 8, 3, "QR-WEAPON-16"},
	    {"g100", 8, 3, "QR-WEAPON-17"},       {"g122", 9, 4, "QR-WEAPON-18"},
	    {"rifles", -2, 0, "QR-WEAPON-19"},    {"smg", -2, 0, "QR-WEAPON-19"},
	    {"lmg", -2, 1, "QR-WEAPON-20"},       {"vmg", -2, 1, "QR-WEAPON-20"},
	    {"mmg", -2, 2, "QR-WEAPON-21"},       {"hmg", 0, 2, "QR-WEAPON-22"},
	    {"lmortar", -2, 0, "QR-WEAPON-23"},   {"atrifle", 0, 0, "QR-WEAPON-24"},
	    {"autocannon", 1, 2, "QR-WEAPON-25"}, {"autocannon_quad", 3, 4, "QR-WEAPON-26"},
	    {"pzfaust", 5, 0, "QR-WEAPON-27"},    {"he75", 2, 2, "QR-WEAPON-28"},
	    {"he88", 2, 3, "QR-WEAPON-29"},       {"he105", 3, 4, "QR-WEAPON-30"},
	    {"he150", 4, 5, "QR-WEAPON-31"},      {"heat95", 4, 3, "QR-WEAPON-32"},
	    {"heat105", 4, 4, "QR-WEAPON-33"},    {"heat122", 5, 4, "QR-WEAPON-34"},
	    {"heat150", 7, 5, "QR-WEAPON-35"},
	};
	/* close, effective, long upper limits, base and alt, hundredths (-1: "-") */
	static const int32_t rg[9][6] = {
	    {400, 600, 800, 1200, -1, -1},       /* SMGs */
	    {400, 600, 1200, 1800, -1, -1},      /* Rifles, LMGs & Vehicle mounted MGs */
	    {400, 600, 1600, 2400, 2000, 3000},  /* MMG & HMGs */
	    {400, 600, 1200, 1800, -1, -1},      /* Light Mortar */
	    {-1, -1, 800, 1200, -1, -1},         /* AT Rifles */
	    {-1, -1, 400, 600, -1, -1},          /* Panzerfaust, Bazooka, PIAT etc. */
	    {800, 1200, 1600, 2400, 3000, 4500}, /* Small & Low Velocity Guns */
	    {800, 1200, 2200, 3300, 3600, 5400}, /* Standard Guns */
	    {800, 1200, 2200, 3300, 4200, 6300}, /* High Velocity Guns */
	};
	const struct minis_tables *t = TAB;

	(void)state;
	assert_int_equal(t->nweapons, 39);
	for (size_t k = 0; k < sizeof(rows) / sizeof(rows[0]); k++) {
		int w = minis__weapon_find(t, rows[k].id);
		assert_true(w >= 0);
		assert_int_equal(t->weapons[w].at, rows[k].at);
		assert_int_equal(t->weapons[w].ai, rows[k].ai);
		assert_string_equal(t->weapons[w].rule, rows[k].rule);
	}
	/* "(-2)": the AT factors printed in round brackets (QR-WEAPON-37) */
	assert_true(t->weapons[minis__weapon_find(t, "rifles")].flags & MW_BRACKETED);
	assert_true(t->weapons[minis__weapon_find(t, "lmg")].flags & MW_BRACKETED);
	assert_true(t->weapons[minis__weapon_find(t, "lmortar")].flags & MW_BRACKETED);
	assert_false(t->weapons[minis__weapon_find(t, "mmg")].flags & MW_BRACKETED);
	for (int r = 0; r < 9; r++) {
		const struct minis_range *x = &t->ranges[r];
		assert_int_equal(x->has_close, rg[r][0] >= 0);
		if (x->has_close) {
			assert_int_equal(x->close.base, rg[r][0]);
			assert_int_equal(x->close.alt, rg[r][1]);
		}
		assert_int_equal(x->eff.base, rg[r][2]);
		assert_int_equal(x->eff.alt, rg[r][3]);
		assert_int_equal(x->lng.base, rg[r][4]);
		assert_int_equal(x->lng.alt, rg[r][5]);
	}
}

static void test_qr_amb_3_terrain_types(void **state)
{
	struct mt t;
	const struct minis_scenario *sc;
	int building = -1, wood = -1, bunker = -1, marsh = -1;

	(void)state;
	mt_open(&t, "data:qr-village.json", "");
	sc = t.g->sc;
	for (int k = 0; k < sc->ntypes; k++) {
		if (strcmp(sc->types[k].id, "building") == 0)
			building = k;
		if (strcmp(sc->types[k].id, "wood") == 0)
			wood = k;
		if (strcmp(sc->types[k].id, "bunker") == 0)
			bunker = k;
		if (strcmp(sc->types[k].id, "marsh") == 0)
			marsh = k;
	}
	assert_true(building >= 0 && wood >= 0 && bunker >= 0 && marsh >= 0);
	assert_int_equal(sc->types[building].a.cover, MC_HARD);
	assert_int_equal(sc->types[building].a.los, ML_BLOCKS);
	assert_int_equal(sc->types[building].a.height, 2);
	assert_int_equal(sc->types[building].a.move[MV_TRACKED], MG_IMPASSABLE);
	assert_int_equal(sc->types[wood].a.cover, MC_COVER);
	assert_int_equal(sc->types[bunker].a.cover, MC_STRONGPOINT);
	assert_true(sc->types[bunker].a.flags & MINIS_T_BUNKER);
	assert_int_equal(sc->types[bunker].a.capacity, 1);
	assert_true(sc->types[marsh].a.flags & MINIS_T_MARSH);
	assert_int_equal(sc->types[marsh].a.move[MV_WHEELED], MG_HAZARDOUS);
	assert_int_equal(sc->types[marsh].a.move[MV_INFANTRY], MG_DIFFICULT);
	mt_close(&t);
}

/* ---- qr-village (QR-SCN) ---- */

/* QR-SCN-1, QR-SCN-2 (the table), QR-SCN-3 (the terrain pieces), QR-SCN-4 and QR-SCN-5 (the
 * battlegroups), QR-AMB-40 (each vehicle's armour category is scenario data) and QR-AMB-54
 * (the scenario facts the sheet does not give). */
static void test_qr_scn_1_5_the_village_scenario(void **state)
{
	struct mt t;
	const struct minis_scenario *sc;

	(void)state;
	mt_open(&t, "data:qr-village.json", "");
	sc = t.g->sc;
	assert_string_equal(sc->id, "qr-village");
	assert_int_equal(sc->year, 1944);
	assert_int_equal(sc->turns, 8);
	assert_int_equal(sc->width, 7200);
	assert_int_equal(sc->height, 4800);
	assert_int_equal(sc->npieces, 10);
	assert_int_equal(sc->nunits, 20);
	assert_true(sc->sides[0].attacker);
	assert_false(sc->sides[0].north);
	assert_true(sc->sides[1].north);
	assert_int_equal(sc->sides[0].battery.guns, 4);
	assert_int_equal(sc->sides[0].battery.he, 3);
	assert_int_equal(sc->sides[1].battery.guns, 3);
	assert_int_equal(sc->sides[1].battery.he, 4);
	assert_false(sc->sides[0].aircraft.cannon);
	assert_true(sc->sides[1].aircraft.cannon);
	/* QR-SCN-6: the sheet values the units use */
	assert_string_equal(TAB->weapons[minis__def(t.g, mt_u(&t, "GB10"))->weapons[0]].id,
	                    "g17pdr");
	assert_string_equal(TAB->weapons[minis__def(t.g, mt_u(&t, "DE10"))->weapons[0]].id,
	                    "autocannon");
	assert_int_equal(minis__def(t.g, mt_u(&t, "DE8"))->armour, 3);
	mt_close(&t);
}

static void test_qr_scn_8_victory(void **state)
{
	struct mt t;

	(void)state;
	/* British infantry not pinned in B1, no German in any building: British win */
	mt_open(&t, "data:qr-village.json", "");
	mt_clear(&t);
	mt_place(&t, "GB4", 31.5, 34.5, 0);
	t.g->turn = 8;
	assert_int_equal(minis__victory_check(t.g, &t.ev, 1), 0);
	assert_true(t.g->over);
	assert_int_equal(t.g->winner, MT_BRIT);
	assert_non_null(strstr(t.g->summary, "GB4"));
	mt_close(&t);
	/* a German unit in B3 (hidden or not): German win */
	mt_open(&t, "data:qr-village.json", "");
	mt_clear(&t);
	mt_place(&t, "GB4", 31.5, 34.5, 0);
	mt_place(&t, "DE1", 41.5, 41.5, 180);
	t.g->u[mt_u(&t, "DE1")].flags |= MU_HIDDEN;
	minis__victory_check(t.g, &t.ev, 1);
	assert_int_equal(t.g->winner, MT_GERMAN);
	assert_non_null(strstr(t.g->summary, "DE1"));
	assert_true(mt_event(&t, "all-revealed", "DE1"));
	mt_close(&t);
	/* a pinned British section does not hold */
	mt_open(&t, "data:qr-village.json", "");
	mt_clear(&t);
	mt_place(&t, "GB4", 31.5, 34.5, 0);
	t.g->u[mt_u(&t, "GB4")].flags |= MU_PINNED;
	minis__victory_check(t.g, &t.ev, 1);
	assert_int_equal(t.g->winner, MT_GERMAN);
	mt_close(&t);
}

/* ---- check-scenario ---- */

struct findings {
	int errors, warnings;
	char text[4096];
	size_t len;
};

static void collect(void *ctx, int severity, const char *path, const char *message)
{
	struct findings *f = ctx;

	if (severity == RULES_LINT_ERROR)
		f->errors++;
	else
		f->warnings++;
	assert_true(path[0] == '$');
	f->len += (size_t)snprintf(f->text + f->len,
	                           f->len < sizeof(f->text) ? sizeof(f->text) - f->len : 0,
	                           "%s: %s\n", path, message);
}

/* Lints the village with one edit (a JSON pointer-like path and a new value); the findings. */
static void lint_edit(const char *member, const char *unit_key, const char *json,
                      struct findings *f)
{
	char path[512], *text;
	FILE *fp;
	long n;
	cJSON *doc, *target;
	struct rules_scenario *sc = NULL;
	struct rules_error err;
	int rc;

	snprintf(path, sizeof(path), "%s/qr-village.json", WG_DATA_DIR);
	fp = fopen(path, "rb");
	assert_non_null(fp);
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	text = malloc((size_t)n + 1);
	assert_int_equal(fread(text, 1, (size_t)n, fp), (size_t)n);
	text[n] = '\0';
	fclose(fp);
	doc = cJSON_Parse(text);
	free(text);
	target = doc;
	if (member != NULL) {
		/* "units.3" or "sides.1" or "terrain.0" or "" */
		char m[64], *dot;
		snprintf(m, sizeof(m), "%s", member);
		dot = strchr(m, '.');
		if (dot != NULL) {
			*dot = '\0';
			target = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(doc, m),
			                            atoi(dot + 1));
		}
		cJSON_DeleteItemFromObjectCaseSensitive(target, unit_key);
		if (json != NULL)
			cJSON_AddItemToObject(target, unit_key, cJSON_Parse(json));
	}
	memset(f, 0, sizeof(*f));
	rc = minis_ruleset.scenario_lint(&minis_ruleset, "qr-village.json", doc, collect, f);
	assert_int_equal(rc, f->errors);
	/* the lint and the loader agree */
	if (minis_ruleset.scenario_load(&minis_ruleset, "qr-village.json", doc, &sc, &err) == 0) {
		assert_int_equal(f->errors, 0);
		minis_ruleset.scenario_free(sc);
	} else {
		assert_true(f->errors > 0);
	}
	cJSON_Delete(doc);
}

static void test_check_scenario_every_finding(void **state)
{
	struct findings f;

	(void)state;
	lint_edit(NULL, NULL, NULL, &f);
	assert_int_equal(f.errors, 0);
	lint_edit("terrain.2", "type", "\"swamp\"", &f);
	assert_true(f.errors >= 1), assert_non_null(strstr(f.text, "unknown terrain type 'swamp'"));
	lint_edit("units.3", "at", "[14, 20]", &f);
	assert_non_null(strstr(f.text, "outside its side's deployment zone"));
	lint_edit("units.3", "at", "[20, 3.5]", &f);
	assert_non_null(strstr(f.text, "overlaps"));
	lint_edit("units.3", "weapons", "[\"phaser\"]", &f);
	assert_non_null(strstr(f.text, "unknown weapon row"));
	lint_edit("units.3", "quality", "\"heroic\"", &f);
	assert_non_null(strstr(f.text, "'heroic' is not one of"));
	lint_edit("units.8", "armour", "\"Z\"", &f);
	assert_true(f.errors >= 1);
	lint_edit("units.3", "colour", "\"red\"", &f);
	assert_non_null(strstr(f.text, "unknown member 'colour'"));
	lint_edit("sides.1", "zone", "{\"x0\": 0, \"x1\": 72, \"y0\": 2, \"y1\": 48}", &f);
	assert_non_null(strstr(f.text, "zones overlap"));
	lint_edit("sides.1", "role", "\"attacker\"", &f);
	assert_non_null(strstr(f.text, "one side is the attacker"));
	lint_edit("sides.0", "nation", "\"klingon\"", &f);
	assert_non_null(strstr(f.text, "unknown nation"));
	lint_edit("units.10", "at", "[42, 34]", &f); /* DE1 moved onto DE4 */
	assert_true(f.errors >= 1);
	lint_edit("units.17", "at", "[31, 34]", &f); /* a tank in building B1 */
	assert_non_null(strstr(f.text, "impassable"));
	lint_edit("", "options", "{\"morale.timing\": \"later\"}", &f);
	assert_non_null(strstr(f.text, "immediate, phase4"));
	lint_edit("", "options", "{\"laser.guns\": true}", &f);
	assert_non_null(strstr(f.text, "unknown"));
	lint_edit("", "options", "{\"terrain.high_ground_needs_higher_level\": false}", &f);
	assert_int_equal(f.errors, 0);
	lint_edit("", "victory",
	          "{\"kind\": \"hold_buildings\", \"side\": \"british\", \"pieces\": [\"T3\"]}",
	          &f);
	assert_non_null(strstr(f.text, "building piece"));
	lint_edit("", "victory", NULL, &f);
	assert_int_equal(f.errors, 0);
	assert_true(f.warnings >= 1);
}

/* ---- options (section 2's configuration keys) ---- */

static void test_options_defaults_values_unknown(void **state)
{
	struct mt t;
	struct rules_error err;
	struct rules_scenario *sc = mt_load("data:qr-village.json", &err);
	struct minis_opts o;
	struct rules_options ro;
	char why[300];

	(void)state;
	memset(&ro, 0, sizeof(ro));
	assert_int_equal(minis__opts_build((struct minis_scenario *)sc, &ro, &o, &err), 0);
	/* the checklist's defaults */
	assert_false(o.alt);
	assert_int_equal(o.unprinted_x2, 2);
	assert_int_equal(o.contact_tol, 5);
	assert_int_equal(o.front_arc, 900);
	assert_true(o.turn_after_arc);
	assert_true(o.hg_needs_higher);
	assert_true(o.hidden_move_reveals);
	assert_int_equal(o.hidden_prox, -1);
	assert_int_equal(o.ambush_prox, 0);
	assert_true(o.dsix_auto);
	assert_true(o.wreck_leave);
	assert_true(o.aa_reveals);
	assert_int_equal(o.smoke_turns, 1);
	assert_int_equal(o.crowded_min, 2);
	assert_int_equal(o.size_inf[0], 150);
	assert_int_equal(o.size_inf[1], 100);
	/* values */
	assert_int_equal(minis__opt_check("scale", "alt", why, sizeof(why)), 0);
	assert_int_equal(minis__opt_check("scale", "huge", why, sizeof(why)), -1);
	assert_int_equal(minis__opt_check("measure.contact_tolerance", "0.1", why, sizeof(why)), 0);
	assert_int_equal(minis__opt_check("hidden.proximity_reveal", "off", why, sizeof(why)), 0);
	assert_int_equal(minis__opt_check("base.size.infantry", "2x1", why, sizeof(why)), 0);
	assert_int_equal(minis__opt_check("base.size.infantry", "2", why, sizeof(why)), -1);
	assert_int_equal(minis__opt_check("los.limited_fraction", "0.25", why, sizeof(why)), 0);
	assert_int_equal(minis__opt_check("armour.front_arc_deg", "120", why, sizeof(why)), 0);
	/* every value the checklist names is played (QR-AMB-10, -12, -13, -28, -45) */
	assert_int_equal(minis__opt_check("morale.timing", "phase4", why, sizeof(why)), 0);
	assert_int_equal(
	    minis__opt_check("turn.deffire", "after_each_activation", why, sizeof(why)), 0);
	assert_int_equal(minis__opt_check("init.holder_chooses", "true", why, sizeof(why)), 0);
	assert_int_equal(minis__opt_check("dummy.can_move", "true", why, sizeof(why)), 0);
	assert_int_equal(minis__opt_check("rally.compulsory", "false", why, sizeof(why)), 0);
	assert_int_equal(minis__opt_check("morale.timing", "later", why, sizeof(why)), -1);
	assert_non_null(strstr(why, "immediate, phase4"));
	/* unknown keys */
	assert_int_equal(minis__opt_check("side.colour", "red", why, sizeof(why)), -1);
	ro.count = 1;
	snprintf(ro.items[0].key, sizeof(ro.items[0].key), "fire.laser");
	snprintf(ro.items[0].value, sizeof(ro.items[0].value), "on");
	assert_int_equal(minis__opts_build((struct minis_scenario *)sc, &ro, &o, &err),
	                 WG_E_BAD_OPTION);
	minis_ruleset.scenario_free(sc);
	/* a game option changes the game */
	mt_open(&t, "data:qr-village.json", "scale=alt base.size.infantry=2x1");
	assert_int_equal(t.g->u[mt_u(&t, "GB4")].w, 150 * 3 / 2); /* the scenario gives its base */
	mt_close(&t);
}

/* ---- replay and snapshots ---- */

static int split(char *buf, char **argv, int max)
{
	int argc = 0;

	for (char *p = strtok(buf, " "); p != NULL && argc < max; p = strtok(NULL, " "))
		argv[argc++] = p;
	return argc;
}

/* The k-th action of an options answer. */
static int nth(const cJSON *o, int k, char *line, size_t n)
{
	const cJSON *grp;

	cJSON_ArrayForEach(grp, cJSON_GetObjectItemCaseSensitive(o, "groups"))
	{
		const char *pre =
		    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(grp, "prefix"));
		const cJSON *ch = cJSON_GetObjectItemCaseSensitive(grp, "choices");
		int c = cJSON_GetArraySize(ch);
		if (c == 0) {
			if (k-- == 0) {
				snprintf(line, n, "%s", pre);
				return 1;
			}
			continue;
		}
		if (k < c) {
			snprintf(line, n, "%s %s", pre, cJSON_GetArrayItem(ch, k)->valuestring);
			return 1;
		}
		k -= c;
	}
	return 0;
}

/* The configuration keys of minis-checklist.md section 2 with their proposed defaults
 * (QR-AMB-n): each key exists, its default value is accepted, and setting it explicitly
 * gives the same options as leaving it out.  A default given as "2 [3]" is the scale's
 * figure: the key holds -1 ("the sheet's figure at this scale") and is checked apart. */
static void test_qr_amb_configuration_defaults(void **state)
{
	static const struct {
		const char *amb, *key, *def;
		int scaled; /* "2 [3]": the default follows the scale */
	} k[] = {
	    {"QR-AMB-9", "scale", "base", 0},
	    {"QR-AMB-9", "scale.unprinted_factor", "1.0", 0},
	    {"QR-AMB-1", "measure.from", "edge", 0},
	    {"QR-AMB-1", "measure.contact_tolerance", "0.05", 0},
	    {"QR-AMB-2", "range.band_rule", "upper_bound", 0},
	    {"QR-AMB-4", "los.mode", "centre", 0},
	    {"QR-AMB-4", "los.edge_depth", "2", 1},
	    {"QR-AMB-4", "los.limited_fraction", "0.5", 0},
	    {"QR-AMB-5", "terrain.high_ground_needs_higher_level", "true", 0},
	    {"QR-AMB-6", "armour.front_arc_deg", "90", 0},
	    {"QR-AMB-6", "fire.out_of_arc", "penalty", 0},
	    {"QR-AMB-6", "fire.turn_after_out_of_arc", "true", 0},
	    {"QR-AMB-7", "fire.support_radius", "2", 1},
	    {"QR-AMB-7", "fire.support_mode", "forgo", 0},
	    {"QR-AMB-10", "morale.timing", "immediate", 0},
	    {"QR-AMB-11", "cmd.left_to_right", "strict", 0},
	    {"QR-AMB-11", "cmd.ltr_key", "leftmost_unit", 0},
	    {"QR-AMB-12", "init.compare", "modified", 0},
	    {"QR-AMB-12", "init.draw_without_german", "reroll", 0},
	    {"QR-AMB-12", "init.holder_chooses", "false", 0},
	    {"QR-AMB-13", "hidden.display", "none", 0},
	    {"QR-AMB-13", "hidden.proximity_reveal", "4", 1},
	    {"QR-AMB-13", "ambush.proximity_reveal", "off", 0},
	    {"QR-AMB-13", "hidden.move_reveals", "true", 0},
	    {"QR-AMB-13", "dummy.can_move", "false", 0},
	    {"QR-AMB-14", "cmd.battalion_hq_replaces_nationality", "false", 0},
	    {"QR-AMB-15", "cmd.dispersed_hq", "roll_minus_1", 0},
	    {"QR-AMB-16", "dsix.auto_on_target", "true", 0},
	    {"QR-AMB-16", "dsix.assault_tie", "as_winner", 0},
	    {"QR-AMB-17", "air.superiority_tie", "none", 0},
	    {"QR-AMB-19", "setup.majority_tie", "lower", 0},
	    {"QR-AMB-19", "setup.large_game", "false", 0},
	    {"QR-AMB-20", "missions.refused_uses_mission", "false", 0},
	    {"QR-AMB-20", "missions.observer", "hq_foo_fac_observer", 0},
	    {"QR-AMB-21", "air.zone_shape", "square", 0},
	    {"QR-AMB-21", "air.cannon_area", "false", 0},
	    {"QR-AMB-22", "aa.range", "weapon_long", 0},
	    {"QR-AMB-22", "aa.allow_pinned", "false", 0},
	    {"QR-AMB-22", "aa.reveals", "true", 0},
	    {"QR-AMB-23", "aa.fail_rule", "named_or_worse", 0},
	    {"QR-AMB-24", "cmd.company_order_scope", "own_group", 0},
	    {"QR-AMB-24", "cmd.carry_over", "false", 0},
	    {"QR-AMB-25", "cmd.surcharge_measure", "nearest", 0},
	    {"QR-AMB-26", "special.infantry_assault.no_vehicles", "true", 0},
	    {"QR-AMB-26", "special.assault_requires_contact", "true", 0},
	    {"QR-AMB-26", "special.convoy_no_fire", "true", 0},
	    {"QR-AMB-27", "cmd.group_radius", "off", 0},
	    {"QR-AMB-27", "cmd.activation", "move_and_fire", 0},
	    {"QR-AMB-28", "turn.deffire", "after_phase", 0},
	    {"QR-AMB-30", "move.roll_per", "group", 0},
	    {"QR-AMB-31", "move.class_default", "by_armour", 0},
	    {"QR-AMB-32", "bogged.units", "vehicles", 0},
	    {"QR-AMB-32", "bogged.unbog", "retest", 0},
	    {"QR-AMB-32", "wire.tracked_ignore", "true", 0},
	    {"QR-AMB-32", "wire.fail_position", "at_wire", 0},
	    {"QR-AMB-33", "recon.who", "any", 0},
	    {"QR-AMB-33", "recon.cost", "instead_of_fire", 0},
	    {"QR-AMB-33", "recon.open_area_radius", "4", 1},
	    {"QR-AMB-33", "recon.proximity_counts_hidden", "false", 0},
	    {"QR-AMB-34", "lmortar.he_factor", "0", 0},
	    {"QR-AMB-34", "engineers.demolition", "off", 0},
	    {"QR-AMB-36", "fire.softskin_factor", "ai", 0},
	    {"QR-AMB-37", "weapons.bracketed_at", "as_printed", 0},
	    {"QR-AMB-38", "fire.difficult_cumulative", "false", 0},
	    {"QR-AMB-38", "fire.fast_vehicle", "moved_last_activation", 0},
	    {"QR-AMB-38", "fire.crowded_min_neighbours", "2", 0},
	    {"QR-AMB-39", "fire.point_blank", "2", 1},
	    {"QR-AMB-39", "pinned.can_move", "false", 0},
	    {"QR-AMB-41", "results.crewed_as_artillery", "true", 0},
	    {"QR-AMB-42", "damaged.second", "destroyed", 0},
	    {"QR-AMB-43", "retreat.blocked", "disperse", 0},
	    {"QR-AMB-43", "retreat.off_table", "disperse", 0},
	    {"QR-AMB-44", "wreck.leave", "true", 0},
	    {"QR-AMB-45", "rally.compulsory", "true", 0},
	    {"QR-AMB-47", "acq.indirect_observer", "other_row", 0},
	    {"QR-AMB-48", "assault.requires_assault_order", "false", 0},
	    {"QR-AMB-48", "assault.support_radius", "2", 1},
	    {"QR-AMB-49", "assault.stubborn_chooser", "attacker_then_defender", 0},
	    {"QR-AMB-49", "assault.overrun_damaged_retreats", "true", 0},
	    {"QR-AMB-50", "arty.zone_orientation", "depth_width", 0},
	    {"QR-AMB-50", "arty.same_area", "inside_previous_zone", 0},
	    {"QR-AMB-51", "smoke.turns", "1", 0},
	    {"QR-AMB-51", "smoke.los", "obscures", 0},
	    {"QR-AMB-52", "he.light_mortar_factor", "0", 0},
	    {"QR-AMB-52", "he.type_and_position_add", "true", 0},
	};
	struct rules_error err;
	struct minis_scenario *sc = (struct minis_scenario *)mt_load("data:qr-village.json", &err);
	struct minis_opts plain, set, scaled;
	char why[300];

	(void)state;
	assert_non_null(sc);
	assert_int_equal(sc->nsopts, 0);
	assert_int_equal(minis__opts_build(sc, NULL, &plain, &err), 0);
	for (size_t i = 0; i < sizeof(k) / sizeof(k[0]); i++) {
		if (minis__opt_check(k[i].key, k[i].def, why, sizeof(why)) != 0)
			fail_msg("%s (%s) default %s refused: %s", k[i].key, k[i].amb, k[i].def,
			         why);
		sc->nsopts = 1;
		snprintf(sc->sopts[0].key, sizeof(sc->sopts[0].key), "%s", k[i].key);
		snprintf(sc->sopts[0].value, sizeof(sc->sopts[0].value), "%s", k[i].def);
		assert_int_equal(minis__opts_build(sc, NULL, &set, &err), 0);
		if (!k[i].scaled && memcmp(&plain, &set, sizeof(plain)) != 0)
			fail_msg("%s=%s (%s) is not the default", k[i].key, k[i].def, k[i].amb);
		if (k[i].scaled) {
			/* explicit 2 differs from the default only in that field; at the base scale
			 * the default means the same distance */
			snprintf(sc->sopts[0].value, sizeof(sc->sopts[0].value), "9");
			assert_int_equal(minis__opts_build(sc, NULL, &scaled, &err), 0);
			assert_true(memcmp(&plain, &scaled, sizeof(plain)) != 0);
		}
		sc->nsopts = 0;
	}
	assert_int_equal(plain.los_edge_depth, -1);
	assert_int_equal(plain.support_radius, -1);
	assert_int_equal(plain.hidden_prox, -1);
	assert_int_equal(plain.recon_radius, -1);
	assert_int_equal(plain.point_blank, -1);
	assert_int_equal(plain.assault_radius, -1);
	minis_ruleset.scenario_free((struct rules_scenario *)sc);
}

#define REPLAY_STEPS 120

static void test_replay_and_snapshot_equality(void **state)
{
	struct rules_error err;
	struct rules_scenario *sc = mt_load("data:qr-village.json", &err);
	struct rules_options opts = {0};
	struct rules_match a, b;
	struct rules_events ev;
	uint8_t seed[32] = {42};
	uint64_t rng = 99;
	char lines[REPLAY_STEPS][256], *rolls[REPLAY_STEPS];
	int sides[REPLAY_STEPS], n = 0;
	char *end_a, *end_b;

	(void)state;
	assert_int_equal(rules_match_create(&a, &minis_ruleset, sc, &opts, seed, &err), 0);
	rules_events_init(&ev);
	assert_int_equal(rules_match_start(&a, &ev, &err), 0);
	rules_events_release(&ev);
	while (n < REPLAY_STEPS && a.pending.sides != 0) {
		int side = (a.pending.sides & 1) ? 0 : 1, argc, count;
		char verb[] = "options", *qa[] = {verb}, buf[256], *argv[40];
		cJSON *o = cJSON_CreateObject(), *reply;
		assert_int_equal(rules_match_query(&a, NULL, &RULES_VIEWER(side), 1, qa, o, &err),
		                 0);
		count = cJSON_GetObjectItemCaseSensitive(o, "count")->valueint;
		assert_true(count > 0);
		rng = rng * 6364136223846793005ull + 1442695040888963407ull;
		assert_true(
		    nth(o, (int)((rng >> 33) % (uint64_t)count), lines[n], sizeof(lines[n])));
		cJSON_Delete(o);
		snprintf(buf, sizeof(buf), "%s", lines[n]);
		argc = split(buf, argv, 40);
		reply = cJSON_CreateObject();
		rules_events_init(&ev);
		if (rules_match_apply(&a, NULL, side, argc, argv, reply, &ev, &err) != 0)
			fail_msg("step %d '%s': %s", n, lines[n], err.message);
		rules_events_release(&ev);
		cJSON_Delete(reply);
		rolls[n] = rules_rolls_to_json(a.dice.log, a.dice.nlog);
		sides[n] = side;
		/* the snapshot restores into the same state */
		{
			char *s1 = rules_match_snapshot(&a), *s2, *again;
			struct rules_match c;
			cJSON *parsed = cJSON_Parse(s1);
			/* the snapshot is the text cJSON itself prints for it */
			assert_non_null(parsed);
			again = cJSON_PrintUnformatted(parsed);
			assert_string_equal(again, s1);
			free(again);
			cJSON_Delete(parsed);
			assert_int_equal(
			    rules_match_restore(&c, &minis_ruleset, sc, &opts, s1, &err), 0);
			s2 = rules_match_snapshot(&c);
			assert_string_equal(s1, s2);
			free(s1);
			free(s2);
			rules_match_release(&c);
		}
		n++;
	}
	/* the replay from the seed with the stored rolls reaches the same state */
	assert_int_equal(rules_match_create(&b, &minis_ruleset, sc, &opts, seed, &err), 0);
	rules_events_init(&ev);
	assert_int_equal(rules_match_start(&b, &ev, &err), 0);
	rules_events_release(&ev);
	for (int k = 0; k < n; k++) {
		struct rules_roll rl[256];
		int nr = rules_rolls_from_json(rolls[k], rl, 256), argc;
		char buf[256], *argv[40];
		assert_true(nr >= 0);
		snprintf(buf, sizeof(buf), "%s", lines[k]);
		argc = split(buf, argv, 40);
		rules_events_init(&ev);
		assert_int_equal(rules_match_replay(&b, RULES_HOST_NONE, sides[k], argc, argv, rl,
		                                    (size_t)nr, &ev, &err),
		                 0);
		rules_events_release(&ev);
		free(rolls[k]);
	}
	end_a = rules_match_snapshot(&a);
	end_b = rules_match_snapshot(&b);
	assert_string_equal(end_a, end_b);
	free(end_a);
	free(end_b);
	rules_match_release(&a);
	rules_match_release(&b);
	minis_ruleset.scenario_free(sc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_data_files_pinned_to_the_engine_version),
	    cmocka_unit_test(test_qr_amb_8_quality_json_loaded_cells),
	    cmocka_unit_test(test_qr_setup_and_cmd_nations_json_loaded_cells),
	    cmocka_unit_test(test_qr_weapon_and_range_weapons_json_loaded_cells),
	    cmocka_unit_test(test_qr_armour_vehicles_json_loaded_cells),
	    cmocka_unit_test(test_qr_amb_3_terrain_types),
	    cmocka_unit_test(test_qr_scn_1_5_the_village_scenario),
	    cmocka_unit_test(test_qr_scn_8_victory),
	    cmocka_unit_test(test_check_scenario_every_finding),
	    cmocka_unit_test(test_options_defaults_values_unknown),
	    cmocka_unit_test(test_qr_amb_configuration_defaults),
	    cmocka_unit_test(test_replay_and_snapshot_equality),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
