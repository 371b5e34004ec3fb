/*
 * data.c -- the scenario's "exclusive" object of the Meuse Argonne module
 * (docs/scenarios/meuse-argonne.md lists every member): parsing into
 * struct ma_data.
 *
 * The map facts come from the ordinary scenario data: the terrain types
 * flagged "stellung", "tier2", "fortification" (with "trench"), "fortress",
 * "woods", "rise", "town", the hexside types flagged "meuse", "river" and
 * "trench", and the zones that the exclusive object names by role (the
 * Stellung hexes, the set-up and arrival areas).  The exclusive object adds
 * what the format cannot say: Sedan and Verdun, H-Hour, the trenches' side
 * and breaching, the Allied Fortification MP, the Artillery Track and the
 * bombardment chart, gas, aircraft, the three-step divisions and brigade
 * chits, replacements, the reserve's set-up limit, the Lost Battalion and
 * German combat experience.
 *
 * The object is read with the scenario reader (rules/core/sdoc.h): every
 * problem is a finding with its JSON path ("$.exclusive.artillery.track[3]");
 * a bad item is reported and skipped, so check-scenario sees every problem;
 * in strict mode the first error stops the loading.
 */
#include "meuse_argonne.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small readers ---------------------------------------------------------------------- */

/* The object member key of obj with its allowed members, the path pushed to it (pop with
 * *mark); NULL (reported) when it is missing or not an object. */
static const cJSON *section(struct sdoc *d, const cJSON *obj, const char *key,
                            const char *const *keys, const char *what, size_t *mark)
{
	const cJSON *it = sdoc_member(obj, key);

	*mark = sdoc_key(d, key);
	if (it == NULL) {
		sdoc_soft(d, "missing: %s", what);
		return NULL;
	}
	if (!cJSON_IsObject(it)) {
		sdoc_soft(d, "expected an object: %s", what);
		return NULL;
	}
	sdoc_keys(d, it, keys);
	return it;
}

/* The integer member key of obj in lo..hi; def when absent (reported when required) or
 * bad (reported). */
static int int_in(struct sdoc *d, const cJSON *obj, const char *key, int def, int required, int lo,
                  int hi)
{
	int v = def;

	if (obj != NULL && sdoc_member(obj, key) == NULL && required) {
		size_t m = sdoc_key(d, key);
		sdoc_soft(d, "missing (an integer %d..%d is required)", lo, hi);
		sdoc_pop(d, m);
		return def;
	}
	if (sdoc_int(d, obj, key, &v, 0, lo, hi) != 0)
		return def;
	return v;
}

static int bool_in(struct sdoc *d, const cJSON *obj, const char *key, int def)
{
	int v = def;

	if (sdoc_bool(d, obj, key, &v) != 0)
		return def;
	return v;
}

/* The side named by the string member key of obj, or -1 (reported). */
static int side_in(struct sdoc *d, const struct fm_scenario *sc, const cJSON *obj, const char *key)
{
	const cJSON *it = sdoc_member(obj, key);
	size_t m = sdoc_key(d, key);
	int s = cJSON_IsString(it) ? fm__side_by_name(sc, it->valuestring) : -1;

	if (it == NULL)
		sdoc_soft(d, "missing (a side name is required)");
	else if (s < 0)
		sdoc_soft(d, "'%s' is not a side of this scenario",
		          cJSON_IsString(it) ? it->valuestring : "?");
	sdoc_pop(d, m);
	return s;
}

/* The terrain type named by the string at the current path, or -1 (reported). */
static int terrain_at(struct sdoc *d, const struct fm_scenario *sc, const cJSON *it)
{
	int t = cJSON_IsString(it) ? rules_hexmap_terrain(&sc->map, it->valuestring) : -1;

	if (t < 0)
		sdoc_soft(d, "no terrain type '%s' in $.terrain",
		          cJSON_IsString(it) ? it->valuestring : "?");
	return t;
}

static int terrain_in(struct sdoc *d, const struct fm_scenario *sc, const cJSON *obj,
                      const char *key)
{
	size_t m = sdoc_key(d, key);
	int t = terrain_at(d, sc, sdoc_member(obj, key));

	sdoc_pop(d, m);
	return t;
}

/* The terrain types named in the array member key of obj, as a bit mask. */
static uint32_t terrain_mask(struct sdoc *d, const struct fm_scenario *sc, const cJSON *obj,
                             const char *key)
{
	const cJSON *arr = sdoc_member(obj, key), *it;
	size_t m = sdoc_key(d, key);
	uint32_t mask = 0;
	int k = 0;

	if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) == 0) {
		sdoc_soft(d, "expected a list of terrain type ids");
		sdoc_pop(d, m);
		return 0;
	}
	cJSON_ArrayForEach(it, arr)
	{
		size_t m2 = sdoc_idx(d, k++);
		int t = terrain_at(d, sc, it);
		if (t >= 0)
			mask |= 1u << t;
		sdoc_pop(d, m2);
	}
	sdoc_pop(d, m);
	return mask;
}

/* The hex of the string member key of obj, or -1 (reported). */
static int hex_in(struct sdoc *d, const struct fm_scenario *sc, const cJSON *obj, const char *key)
{
	const cJSON *it = sdoc_member(obj, key);
	size_t m = sdoc_key(d, key);
	int h = -1;

	if (it == NULL)
		sdoc_soft(d, "missing (a hex id is required)");
	else if (rules_hexmap_read_hex(d, &sc->map, it, &h) != 0)
		h = -1;
	sdoc_pop(d, m);
	return h;
}

/* The units named in the array member key of obj: each of side (or any side when side < 0),
 * flagged with flag and appended to list (at most max; more is reported). */
static int units_in(struct sdoc *d, const struct fm_scenario *sc, struct ma_data *dd,
                    const cJSON *obj, const char *key, int side, unsigned flag, int16_t *list,
                    int max)
{
	const cJSON *arr = sdoc_member(obj, key), *it;
	size_t m = sdoc_key(d, key);
	int n = 0, k = 0;

	if (!cJSON_IsArray(arr)) {
		sdoc_soft(d, "expected a list of unit ids");
		sdoc_pop(d, m);
		return 0;
	}
	cJSON_ArrayForEach(it, arr)
	{
		size_t m2 = sdoc_idx(d, k++);
		int u = cJSON_IsString(it) ? fm__unit_by_id(sc, it->valuestring) : -1;
		if (u < 0)
			sdoc_soft(d, "no unit '%s' in this scenario",
			          cJSON_IsString(it) ? it->valuestring : "?");
		else if (side >= 0 && sc->units[u].side != side)
			sdoc_soft(d, "unit %s is not a %s unit", sc->units[u].id,
			          sc->side_names[side]);
		else if (dd->unitf[u] & flag)
			sdoc_soft(d, "unit %s is listed twice", sc->units[u].id);
		else if (n >= max)
			sdoc_soft(d, "at most %d units", max);
		else {
			dd->unitf[u] |= (uint8_t)flag;
			list[n++] = (int16_t)u;
		}
		sdoc_pop(d, m2);
	}
	sdoc_pop(d, m);
	return n;
}

/* ---- terrain and hexside flags ---------------------------------------------------------- */

uint32_t ma__terrain_flags(const struct rules_terrain *t)
{
	static const struct {
		const char *flag;
		uint32_t bit;
	} map[] = {
	    {"stellung", MA_HF_STELLUNG},  {"tier2", MA_HF_TIER2},
	    {"tier2_trench", MA_HF_TIER2}, {"fortification", MA_HF_FORTIFICATION},
	    {"fortress", MA_HF_FORTRESS},  {"woods", MA_HF_WOODS},
	    {"forest", MA_HF_WOODS},       {"rise", MA_HF_RISE},
	    {"town", MA_HF_TOWN},
	};
	uint32_t f = 0;

	for (size_t k = 0; k < sizeof(map) / sizeof(map[0]); k++)
		if (rules_terrain_has(t, map[k].flag))
			f |= map[k].bit;
	return f;
}

static unsigned side_type_flags(const struct rules_terrain *t)
{
	unsigned f = 0;

	if (rules_terrain_has(t, "meuse") || rules_terrain_has(t, "meuse_river"))
		f |= MA_SF_MEUSE;
	else if (rules_terrain_has(t, "river"))
		f |= MA_SF_RIVER;
	if (rules_terrain_has(t, "trench"))
		f |= MA_SF_TRENCH;
	return f;
}

static void terrain_flags(const struct fm_scenario *sc, struct ma_data *dd)
{
	int n = sc->map.grid.count;

	for (int h = 0; h < n; h++)
		for (int t = 0; t < sc->map.nterrain; t++)
			if (sc->map.hex_terrain[h] & (1u << t))
				dd->hexf[h] |= ma__terrain_flags(&sc->map.terrain[t]);
	for (int s = 0; s < 3 * n; s++)
		for (int t = 0; t < sc->map.nsidetypes; t++)
			if (sc->map.side_feat[s] & (1u << t))
				dd->sidef[s] |= (uint8_t)side_type_flags(&sc->map.sidetypes[t]);
}

/* ---- the members ------------------------------------------------------------------------ */

static const struct {
	const char *role;
	uint32_t flag;
	const char *what;
} zone_roles[MA_Z_COUNT] = {
    [MA_Z_STELLUNG] = {"stellung", MA_HF_STELLUNG_ZONE, "the Stellung hexes (19.4)"},
    [MA_Z_TIER2] = {"tier2_trench", MA_HF_TIER2_ZONE, "the 2nd Tier Trench hexes (14.2)"},
    [MA_Z_FORTIFICATION] = {"fortification", MA_HF_FORT_ZONE, "the Fortification hexes (14.2)"},
    [MA_Z_ALLIED_SETUP] = {"allied_setup", MA_HF_ALLIED_SETUP,
                           "the Allied set-up area south of the Stellung (11.2)"},
    [MA_Z_GERMAN_SETUP] = {"german_setup", MA_HF_GERMAN_SETUP,
                           "the German set-up area in or north of the Stellung (11.5)"},
    [MA_Z_GERMAN_RESERVE] = {"german_reserve", MA_HF_RESERVE,
                             "the reserve's area north of the Stellung (19.5)"},
    [MA_Z_ALLIED_ENTRY] = {"allied_entry", MA_HF_ALLIED_ENTRY,
                           "the southern edge, where Allied reinforcements enter (19.3)"},
    [MA_Z_ALLIED_REPL] = {"allied_replacement", MA_HF_ALLIED_REPL,
                          "the map edge where Allied replacements arrive (11.3)"},
    [MA_Z_GERMAN_ENTRY] = {"german_entry", MA_HF_GERMAN_ENTRY,
                           "the edge towns where German reinforcements enter (19.6)"},
    [MA_Z_GERMAN_REPL] = {"german_replacement", MA_HF_GERMAN_REPL,
                          "the edge where the German replacement arrives (11.6)"},
    [MA_Z_ARGONNE] = {"argonne", MA_HF_ARGONNE, "the Argonne Forest (10.1)"},
};

static void zones(struct sdoc *d, const struct fm_scenario *sc, struct ma_data *dd, const cJSON *ex)
{
	const char *keys[MA_Z_COUNT + 1];
	const cJSON *zs;
	size_t m;

	for (int k = 0; k < MA_Z_COUNT; k++)
		keys[k] = zone_roles[k].role;
	keys[MA_Z_COUNT] = NULL;
	for (int k = 0; k < MA_Z_COUNT; k++)
		dd->zone[k] = -1;
	zs = section(d, ex, "zones", keys, "the zones of the rules' areas, by role (AMB-100)", &m);
	for (int k = 0; zs != NULL && k < MA_Z_COUNT; k++) {
		const cJSON *it = sdoc_member(zs, zone_roles[k].role);
		size_t m2 = sdoc_key(d, zone_roles[k].role);
		int z = cJSON_IsString(it) ? rules_hexmap_zone(&sc->map, it->valuestring) : -1;
		if (it == NULL)
			sdoc_soft(d, "missing: the zone of %s", zone_roles[k].what);
		else if (z < 0)
			sdoc_soft(d, "no zone '%s' in $.map.zones (%s)",
			          cJSON_IsString(it) ? it->valuestring : "?", zone_roles[k].what);
		dd->zone[k] = z;
		for (int q = 0; z >= 0 && q < sc->map.zones[z].hexes.n; q++)
			dd->hexf[sc->map.zones[z].hexes.h[q]] |= zone_roles[k].flag;
		sdoc_pop(d, m2);
	}
	sdoc_pop(d, m);
}

static void hexes(struct sdoc *d, const struct fm_scenario *sc, struct ma_data *dd, const cJSON *ex)
{
	static const char *const keys[] = {"sedan", "verdun", NULL};
	size_t m;
	const cJSON *hs = section(d, ex, "hexes", keys, "the hexes of Sedan and Verdun", &m);

	dd->sedan = dd->verdun = -1;
	if (hs != NULL) {
		dd->sedan = hex_in(d, sc, hs, "sedan");
		dd->verdun = hex_in(d, sc, hs, "verdun");
	}
	sdoc_pop(d, m);
}

static void h_hour(struct sdoc *d, const struct fm_scenario *sc, struct ma_data *dd,
                   const cJSON *ex)
{
	static const char *const keys[] = {"turn", "begins_with", NULL};
	size_t m;
	const cJSON *hh = section(d, ex, "h_hour", keys, "H-Hour (15.2)", &m), *b;

	dd->hh_turn = 1;
	dd->hh_bombard = 1;
	if (hh != NULL) {
		dd->hh_turn = int_in(d, hh, "turn", 1, 1, 1, sc->turns > 0 ? sc->turns : 1);
		b = sdoc_member(hh, "begins_with");
		if (cJSON_IsString(b) && strcmp(b->valuestring, "combat") == 0) {
			dd->hh_bombard = 0;
		} else if (!cJSON_IsString(b) || strcmp(b->valuestring, "bombardment") != 0) {
			size_t m2 = sdoc_key(d, "begins_with");
			sdoc_soft(d, "expected \"bombardment\" or \"combat\" (15.2, AMB-78)");
			sdoc_pop(d, m2);
		}
	}
	sdoc_pop(d, m);
}

static void trenches(struct sdoc *d, const struct fm_scenario *sc, struct ma_data *dd,
                     const cJSON *ex)
{
	static const char *const keys[] = {"terrain", "benefit_side", "breachable", NULL};
	static const char *const fkeys[] = {"terrain", "side", "mp_add", NULL};
	size_t m;
	const cJSON *tr = section(d, ex, "trenches", keys, "the trench hexes of 14.2", &m), *fm;

	dd->trench_side = dd->german;
	dd->breachable = 1;
	if (tr != NULL) {
		dd->trench_terrain = terrain_mask(d, sc, tr, "terrain");
		dd->trench_side = side_in(d, sc, tr, "benefit_side");
		dd->breachable = bool_in(d, tr, "breachable", 1);
	}
	sdoc_pop(d, m);
	fm = section(d, ex, "fortification_mp", fkeys,
	             "the Allied +1 MP into Fortifications (14.3)", &m);
	dd->fort_terrain = dd->fort_side = -1;
	if (fm != NULL) {
		const cJSON *mp = sdoc_member(fm, "mp_add");
		dd->fort_terrain = terrain_in(d, sc, fm, "terrain");
		dd->fort_side = side_in(d, sc, fm, "side");
		if (mp == NULL) {
			size_t m2 = sdoc_key(d, "mp_add");
			sdoc_soft(d, "missing: the MP added (14.3: 1)");
			sdoc_pop(d, m2);
		} else {
			size_t m2 = sdoc_key(d, "mp_add");
			sdoc_half(d, mp, &dd->fort_mp_half);
			sdoc_pop(d, m2);
		}
	}
	sdoc_pop(d, m);
}

/* artillery.track: one [allied, german] pair per game turn (17.1). */
static void track(struct sdoc *d, const struct fm_scenario *sc, struct ma_data *dd,
                  const cJSON *art)
{
	const cJSON *arr = sdoc_member(art, "track"), *it;
	size_t m = sdoc_key(d, "track");
	int k = 0;

	if (!cJSON_IsArray(arr)) {
		sdoc_soft(d, "%s: one [allied, german] pair per game turn (17.1)",
		          arr == NULL ? "missing" : "expected a list");
		sdoc_pop(d, m);
		return;
	}
	if (cJSON_GetArraySize(arr) != sc->turns)
		sdoc_soft(
		    d, "%d pairs for a game of %d turns: give one [allied, german] pair per turn",
		    cJSON_GetArraySize(arr), sc->turns);
	cJSON_ArrayForEach(it, arr)
	{
		size_t m2 = sdoc_idx(d, k++);
		const cJSON *a = cJSON_GetArrayItem(it, 0), *g = cJSON_GetArrayItem(it, 1);
		if (!cJSON_IsArray(it) || cJSON_GetArraySize(it) != 2 || !cJSON_IsNumber(a) ||
		    !cJSON_IsNumber(g) || a->valuedouble < 0 || g->valuedouble < 0 ||
		    a->valuedouble > 99 || g->valuedouble > 99)
			sdoc_soft(d, "expected [allied, german]: two numbers of markers 0..99");
		else if (k <= FM_MAX_TURNS && dd->allied >= 0 && dd->german >= 0) {
			dd->art_track[k][dd->allied] = (int8_t)a->valueint;
			dd->art_track[k][dd->german] = (int8_t)g->valueint;
		}
		sdoc_pop(d, m2);
	}
	sdoc_pop(d, m);
}

static void hit_rolls(struct sdoc *d, struct ma_data *dd, const cJSON *art)
{
	const cJSON *arr = sdoc_member(art, "hit_rolls"), *it;
	size_t m = sdoc_key(d, "hit_rolls");
	int k = 0;

	if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) == 0)
		sdoc_soft(d, "expected the list of modified rolls that hit (the World War One "
		             "Bombardment Results Table: 1, 2, 3)");
	else
		cJSON_ArrayForEach(it, arr)
		{
			size_t m2 = sdoc_idx(d, k++);
			if (!cJSON_IsNumber(it) || it->valueint < 1 || it->valueint > 6 ||
			    it->valuedouble != it->valueint)
				sdoc_soft(d, "expected a roll 1..6");
			else
				dd->art_hit[it->valueint] = 1;
			sdoc_pop(d, m2);
		}
	sdoc_pop(d, m);
}

static void terrain_mods(struct sdoc *d, const struct fm_scenario *sc, struct ma_data *dd,
                         const cJSON *art)
{
	const cJSON *obj = sdoc_member(art, "terrain_modifiers"), *it;
	size_t m = sdoc_key(d, "terrain_modifiers");

	if (!cJSON_IsObject(obj)) {
		sdoc_soft(d, "expected {\"terrain id\": modifier, ...} (Artillery Bombardment "
		             "Modifiers)");
		sdoc_pop(d, m);
		return;
	}
	cJSON_ArrayForEach(it, obj)
	{
		size_t m2 = sdoc_key(d, it->string);
		int t = rules_hexmap_terrain(&sc->map, it->string);
		if (t < 0)
			sdoc_soft(d, "no terrain type '%s' in $.terrain", it->string);
		else if (!cJSON_IsNumber(it) || it->valuedouble != it->valueint ||
		         it->valueint < -9 || it->valueint > 9)
			sdoc_soft(d, "expected a die-roll modifier -9..9");
		else {
			dd->art_terrain[t] = (int8_t)it->valueint;
			dd->art_terrain_given |= 1u << t;
		}
		sdoc_pop(d, m2);
	}
	sdoc_pop(d, m);
}

static void artillery(struct sdoc *d, const struct fm_scenario *sc, struct ma_data *dd,
                      const cJSON *ex)
{
	static const char *const keys[] = {"markers",           "track",
	                                   "per_unit",          "hit_rolls",
	                                   "german_modifier",   "terrain_modifiers",
	                                   "observation_range", "support_markers",
	                                   "hit_retreat_hexes", NULL};
	static const char *const gkeys[] = {"side", "turns", "modifier", NULL};
	static const char *const akeys[] = {"side", "count", "range", "modifier", "per_hex", NULL};
	size_t m;
	const cJSON *art = section(d, ex, "artillery", keys,
	                           "the Artillery Track and the bombardment chart (17.0)", &m),
	            *gas, *air;

	if (art != NULL) {
		dd->art_markers = int_in(d, art, "markers", 12, 1, 1, 99);
		track(d, sc, dd, art);
		dd->art_per_unit = int_in(d, art, "per_unit", 2, 1, 1, 9);
		hit_rolls(d, dd, art);
		dd->art_german_mod = int_in(d, art, "german_modifier", 1, 1, -9, 9);
		terrain_mods(d, sc, dd, art);
		dd->art_observe = int_in(d, art, "observation_range", 1, 1, 1, 9);
		dd->art_support = bool_in(d, art, "support_markers", 0);
		if (dd->art_support) /* AMB-80: the server has no such bombardment */
			sdoc_finding(d, SDOC_ERROR, "$.exclusive.artillery.support_markers",
			             "support fire markers never bombard in Meuse Argonne (17.1, "
			             "AMB-80): only false is supported");
		dd->art_retreat = int_in(d, art, "hit_retreat_hexes", 1, 0, 0, 3);
	}
	sdoc_pop(d, m);
	gas = section(d, ex, "gas", gkeys, "Allied gas on the first turn (17.7)", &m);
	if (gas != NULL) {
		const cJSON *turns = sdoc_member(gas, "turns"), *it;
		size_t m2 = sdoc_key(d, "turns");
		int k = 0;
		dd->gas_side = side_in(d, sc, gas, "side");
		if (!cJSON_IsArray(turns))
			sdoc_soft(d, "expected the list of turns with gas (17.7: [1])");
		else
			cJSON_ArrayForEach(it, turns)
			{
				size_t m3 = sdoc_idx(d, k++);
				if (!cJSON_IsNumber(it) || it->valueint < 1 ||
				    it->valueint > sc->turns)
					sdoc_soft(d, "expected a turn 1..%d", sc->turns);
				else
					dd->gas_turn[it->valueint] = 1;
				sdoc_pop(d, m3);
			}
		sdoc_pop(d, m2);
		dd->gas_mod = int_in(d, gas, "modifier", -1, 1, -9, 9);
	}
	sdoc_pop(d, m);
	air = section(d, ex, "aircraft", akeys, "the US aircraft markers (11.1, 17.3)", &m);
	if (air != NULL) {
		dd->air_side = side_in(d, sc, air, "side");
		dd->air_count = int_in(d, air, "count", 0, 1, 0, 9);
		dd->air_range = int_in(d, air, "range", 3, 1, 0, 99);
		dd->air_mod = int_in(d, air, "modifier", -1, 1, -9, 9);
		dd->air_per_hex = int_in(d, air, "per_hex", 1, 1, 1, 9);
	}
	sdoc_pop(d, m);
}

static void three_step(struct sdoc *d, const struct fm_scenario *sc, struct ma_data *dd,
                       const cJSON *ex)
{
	static const char *const keys[] = {"divisions", "brigades", "stack", NULL};
	size_t m;
	const cJSON *ts =
	    section(d, ex, "three_step", keys, "the three-step divisions and brigades (13.1)", &m);

	if (ts != NULL) {
		dd->nthree = units_in(d, sc, dd, ts, "divisions", dd->allied, MA_UF_THREE_STEP,
		                      dd->three, MA_MAX_THREE);
		dd->nbrig = units_in(d, sc, dd, ts, "brigades", dd->allied, MA_UF_BRIGADE, dd->brig,
		                     MA_MAX_BRIGADES);
		dd->stack_max = int_in(d, ts, "stack", 3, 1, 1, 9);
	}
	sdoc_pop(d, m);
}

static void repl_side(struct sdoc *d, struct ma_repl *r, const cJSON *obj)
{
	static const char *const keys[] = {"per_turn", "per_game", "rebuilds",
	                                   "returns",  "brigades", NULL};
	const cJSON *ret = sdoc_member(obj, "returns");

	if (!cJSON_IsObject(obj)) {
		sdoc_soft(d, "expected {\"per_turn\" or \"per_game\", \"rebuilds\", \"returns\"}");
		return;
	}
	sdoc_keys(d, obj, keys);
	r->per_turn = int_in(d, obj, "per_turn", 0, 0, 0, 9);
	r->per_game = int_in(d, obj, "per_game", 0, 0, 0, 99);
	if (r->per_turn == 0 && r->per_game == 0)
		sdoc_soft(d, "give per_turn or per_game (11.3, 11.6)");
	r->rebuilds = int_in(d, obj, "rebuilds", 1, 1, 0, 9);
	r->brigades = bool_in(d, obj, "brigades", 0);
	if (cJSON_IsString(ret) && strcmp(ret->valuestring, "full") == 0) {
		r->full = 1;
	} else if (!cJSON_IsString(ret) || strcmp(ret->valuestring, "depleted") != 0) {
		size_t m = sdoc_key(d, "returns");
		sdoc_soft(d,
		          "expected \"full\" or \"depleted\": the step an eliminated unit returns "
		          "with");
		sdoc_pop(d, m);
	}
}

static void replacements(struct sdoc *d, const struct fm_scenario *sc, struct ma_data *dd,
                         const cJSON *ex)
{
	const char *keys[RULES_SIDES + 2];
	size_t m;
	const cJSON *rp;

	for (int s = 0; s < RULES_SIDES; s++)
		keys[s] = sc->side_names[s];
	keys[RULES_SIDES] = "not_in_terrain";
	keys[RULES_SIDES + 1] = NULL;
	rp = section(d, ex, "replacements", keys, "the replacements of 11.3 and 11.6", &m);
	for (int s = 0; rp != NULL && s < RULES_SIDES; s++) {
		size_t m2 = sdoc_key(d, sc->side_names[s]);
		if (sdoc_member(rp, sc->side_names[s]) == NULL)
			sdoc_soft(d, "missing: the %s replacements", sc->side_names[s]);
		else
			repl_side(d, &dd->repl[s], sdoc_member(rp, sc->side_names[s]));
		sdoc_pop(d, m2);
	}
	if (rp != NULL)
		dd->repl_barred_terrain = terrain_mask(d, sc, rp, "not_in_terrain");
	sdoc_pop(d, m);
}

static void reserve(struct sdoc *d, const struct fm_scenario *sc, struct ma_data *dd,
                    const cJSON *ex)
{
	static const char *const keys[] = {"units", "not_adjacent", NULL};
	size_t m;
	const cJSON *rs = section(d, ex, "reserve", keys, "the German reserve (19.5)", &m);

	if (rs != NULL) {
		dd->nreserve = units_in(d, sc, dd, rs, "units", dd->german, MA_UF_RESERVE,
		                        dd->reserve, MA_MAX_RESERVE);
		dd->reserve_apart = bool_in(d, rs, "not_adjacent", 1);
	}
	sdoc_pop(d, m);
}

/* The CRT result named by the string at the current path, or -1 (reported). */
static int result_at(struct sdoc *d, const cJSON *it)
{
	for (int r = 0; cJSON_IsString(it) && r < FM_R_COUNT; r++)
		if (strcmp(fm__result_name(r), it->valuestring) == 0)
			return r;
	sdoc_soft(d, "'%s' is not a CRT result (De, D3, D2, D1, Ex, ...)",
	          cJSON_IsString(it) ? it->valuestring : "?");
	return -1;
}

static void specials(struct sdoc *d, const struct fm_scenario *sc, struct ma_data *dd,
                     const cJSON *ex)
{
	static const char *const lkeys[] = {"side", "uses", "line", "terrain", NULL};
	static const char *const ckeys[] = {"side", "results", "to", NULL};
	size_t m;
	const cJSON *lb = section(d, ex, "lost_battalion", lkeys, "the Lost Battalion (18.1)", &m),
	            *ce, *arr, *it;

	dd->lb_side = dd->lb_line = -1;
	if (lb != NULL) {
		const cJSON *line = sdoc_member(lb, "line");
		size_t m2;
		dd->lb_side = side_in(d, sc, lb, "side");
		dd->lb_uses = int_in(d, lb, "uses", 1, 1, 1, 9);
		m2 = sdoc_key(d, "line");
		dd->lb_line = cJSON_IsString(line) ? fm__line_by_id(sc, line->valuestring) : -1;
		if (dd->lb_line < 0)
			sdoc_soft(
			    d,
			    "no CRT line '%s' in $.crt.lines (18.1: the Woods (Lost Battalion) "
			    "line)",
			    cJSON_IsString(line) ? line->valuestring : "?");
		sdoc_pop(d, m2);
		dd->lb_terrain = terrain_mask(d, sc, lb, "terrain");
	}
	sdoc_pop(d, m);
	ce = section(d, ex, "combat_experience", ckeys, "German combat experience (18.2)", &m);
	dd->ce_side = dd->ce_to = -1;
	if (ce != NULL) {
		size_t m2;
		int k = 0;
		dd->ce_side = side_in(d, sc, ce, "side");
		arr = sdoc_member(ce, "results");
		m2 = sdoc_key(d, "results");
		if (!cJSON_IsArray(arr))
			sdoc_soft(d, "expected the results that may be downgraded (18.2: D2, D3)");
		else
			cJSON_ArrayForEach(it, arr)
			{
				size_t m3 = sdoc_idx(d, k++);
				int r = result_at(d, it);
				if (r >= 0)
					dd->ce_from[r] = 1;
				sdoc_pop(d, m3);
			}
		sdoc_pop(d, m2);
		m2 = sdoc_key(d, "to");
		dd->ce_to = result_at(d, sdoc_member(ce, "to"));
		sdoc_pop(d, m2);
	}
	sdoc_pop(d, m);
}

int ma__load(struct fm_scenario *sc, const cJSON *ex, struct sdoc *d)
{
	static const char *const keys[] = {"module",
	                                   "hexes",
	                                   "zones",
	                                   "h_hour",
	                                   "trenches",
	                                   "fortification_mp",
	                                   "artillery",
	                                   "gas",
	                                   "aircraft",
	                                   "three_step",
	                                   "replacements",
	                                   "reserve",
	                                   "lost_battalion",
	                                   "combat_experience",
	                                   NULL};
	struct ma_data *dd = calloc(1, sizeof(*dd));
	int n = sc->map.grid.count, before = d->errors;

	if (dd == NULL)
		return sdoc_nomem(d);
	sc->ex_data = dd;
	dd->count = n;
	dd->hexf = calloc((size_t)n, sizeof(*dd->hexf));
	dd->sidef = calloc((size_t)(3 * n), sizeof(*dd->sidef));
	dd->unitf = calloc((size_t)sc->nunits + 1, sizeof(*dd->unitf));
	if (!dd->hexf || !dd->sidef || !dd->unitf)
		return sdoc_nomem(d);
	if (ex == NULL)
		return sdoc_finding(d, SDOC_ERROR, "$.exclusive",
		                    "the meuse_argonne module needs its exclusive object");
	sdoc_keys(d, ex, keys);
	/* MA-19.1-01: the sides are the American (Allied) and the German player */
	dd->allied = fm__side_by_name(sc, "allied");
	dd->german = fm__side_by_name(sc, "german");
	if (dd->allied < 0 || dd->german < 0) {
		sdoc_finding(
		    d, SDOC_ERROR, "$.sides",
		    "Meuse Argonne needs the sides \"allied\" and \"german\" (MA-19.1-01)");
		return d->report == NULL ? WG_E_BAD_SCENARIO : 0;
	}
	if (n > MA_MAX_HEXES)
		return sdoc_finding(d, SDOC_ERROR, "$.map",
		                    "a Meuse Argonne map has at most %d hexes", MA_MAX_HEXES);
	terrain_flags(sc, dd);
	hexes(d, sc, dd, ex);
	zones(d, sc, dd, ex);
	h_hour(d, sc, dd, ex);
	trenches(d, sc, dd, ex);
	artillery(d, sc, dd, ex);
	three_step(d, sc, dd, ex);
	replacements(d, sc, dd, ex);
	reserve(d, sc, dd, ex);
	specials(d, sc, dd, ex);
	if (d->report == NULL && d->errors > before)
		return WG_E_BAD_SCENARIO;
	return 0;
}

void ma__free(struct fm_scenario *sc)
{
	struct ma_data *d = sc->ex_data;

	if (d == NULL)
		return;
	free(d->hexf);
	free(d->sidef);
	free(d->unitf);
	free(d);
	sc->ex_data = NULL;
}
