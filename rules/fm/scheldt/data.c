/*
 * data.c -- the scenario's "exclusive" object of the Battle of the Scheldt
 * module (docs/scenarios/scheldt-rules.md lists every member): parsing into
 * struct scheldt_data, and the consistency checks of the map facts the exclusive
 * rules rely on (scheldt__lint, run by the loader and by check-scenario).
 *
 * Map facts come from the ordinary scenario data: zones (pocket, Antwerp,
 * Walcheren, coastal hexes, victory area), terrain types flagged "flooded",
 * "inlet", "scheldt_river", "sea", hexside types flagged "sea",
 * "leopold_canal", "causeway", "causeway_barred" (a type whose id is one of
 * those names counts as flagged).  The exclusive object names the zones, the
 * units and markers of each rule, and the hexes the text gives (Woensdrecht,
 * Terneuzen, the Braakman hexes, the causeway, the Woensdrecht-Schore road).
 *
 * Every problem is a finding with its JSON path ("$.exclusive.zones.pocket");
 * in strict mode the first error stops the loading (struct fm_findings).
 */
#include "scheldt.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define P "$.exclusive"

/* The unit index of a printed id (case-insensitive, '_' for ' '), or -1. */
static int unit_by_id(const struct fm_scenario *sc, const char *id)
{
	for (int i = 0; i < sc->nunits; i++)
		if (strcmp(sc->units[i].id, id) == 0)
			return i;
	for (int i = 0; i < sc->nunits; i++) {
		const char *a = id, *b = sc->units[i].id;
		for (; *a && *b; a++, b++) {
			char x = *a == '_' ? ' ' : *a;
			if ((x | 0x20) != (*b | 0x20) && x != *b)
				break;
		}
		if (*a == '\0' && *b == '\0')
			return i;
	}
	return -1;
}

static int marker_by_id(const struct fm_scenario *sc, int side, const char *id)
{
	for (int k = 0; k < sc->nmarkers[side]; k++)
		if (strcasecmp(sc->markers[side][k].id, id) == 0)
			return k;
	return -1;
}

static int has_flag(const struct fm_terrain *t, const char *flag)
{
	if (strcmp(t->id, flag) == 0)
		return 1;
	for (int k = 0; k < t->nflags; k++)
		if (strcmp(t->flags[k], flag) == 0)
			return 1;
	return 0;
}

/* A member that must be an object/array/string/number when present. */
static const cJSON *get(const cJSON *obj, const char *key)
{
	return obj != NULL ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;
}

/* A hex id at path: the index, or -1 with a finding (unless the member is absent and not
 * required). */
static int hex_at(const struct fm_scenario *sc, const cJSON *it, const char *path, int required,
                  struct fm_findings *f)
{
	int h;

	if (it == NULL) {
		if (required)
			fm__finding(f, FM_LINT_ERROR, path, "missing (a hex id is required)");
		return -1;
	}
	if (!cJSON_IsString(it) || (h = rules_hex_parse(&sc->grid, it->valuestring)) < 0) {
		fm__finding(f, FM_LINT_ERROR, path, "'%s' is not a hex of this map",
		            cJSON_IsString(it) ? it->valuestring : "?");
		return -1;
	}
	return h;
}

/* An integer at path in lo..hi, or def when absent. */
static int int_at(const cJSON *it, const char *path, int def, int lo, int hi, struct fm_findings *f)
{
	if (it == NULL)
		return def;
	if (!cJSON_IsNumber(it) || it->valuedouble < lo || it->valuedouble > hi ||
	    it->valuedouble != (double)it->valueint) {
		fm__finding(f, FM_LINT_ERROR, path, "expected an integer in %d..%d", lo, hi);
		return def;
	}
	return it->valueint;
}

/* Flags the units named in the array at key (path) with flag, checking their side. */
static void units_at(const struct fm_scenario *sc, struct scheldt_data *d, const cJSON *arr,
                     const char *path, unsigned flag, int side, int16_t *list, int *n, int max,
                     struct fm_findings *f)
{
	const cJSON *it;
	char p[200];
	int k = 0;

	if (arr == NULL)
		return;
	if (!cJSON_IsArray(arr)) {
		fm__finding(f, FM_LINT_ERROR, path, "expected an array of unit ids");
		return;
	}
	cJSON_ArrayForEach(it, arr)
	{
		int u = cJSON_IsString(it) ? unit_by_id(sc, it->valuestring) : -1;
		snprintf(p, sizeof(p), "%s[%d]", path, k++);
		if (u < 0) {
			fm__finding(f, FM_LINT_ERROR, p, "no unit '%s' in this scenario",
			            cJSON_IsString(it) ? it->valuestring : "?");
			continue;
		}
		if (side >= 0 && sc->units[u].side != side) {
			fm__finding(f, FM_LINT_ERROR, p, "unit %s is not a%s %s unit",
			            sc->units[u].id, side == d->allied ? "n" : "",
			            sc->side_names[side]);
			continue;
		}
		d->unitf[u] |= (uint8_t)flag;
		if (list != NULL && *n < max)
			list[(*n)++] = (int16_t)u;
	}
}

/* The zone named by $.exclusive.zones.<role> (default: role's usual id), or -1. */
static int zone_at(const struct fm_scenario *sc, const cJSON *zones, const char *role,
                   const char *def, int required, struct fm_findings *f)
{
	const cJSON *it = get(zones, role);
	const char *id = def;
	char p[120];
	int z;

	snprintf(p, sizeof(p), P ".zones.%s", role);
	if (it != NULL) {
		if (!cJSON_IsString(it)) {
			fm__finding(f, FM_LINT_ERROR, p, "expected a zone id");
			return -1;
		}
		id = it->valuestring;
	}
	z = fm__zone_by_id(sc, id);
	if (z < 0 && (required || it != NULL))
		fm__finding(f, FM_LINT_ERROR, p, "no zone '%s' in $.map.zones (%s)", id,
		            it != NULL ? "named here" : "the default id");
	return z;
}

static void zone_flags(const struct fm_scenario *sc, struct scheldt_data *d, int z, unsigned flag)
{
	if (z < 0)
		return;
	for (int k = 0; k < sc->zones[z].hexes.n; k++)
		d->hexf[sc->zones[z].hexes.h[k]] |= (uint16_t)flag;
}

/* Sets SCH_SF_* on the hexside pairs listed in arr ([[a, b], ...]). */
static void sides_at(const struct fm_scenario *sc, struct scheldt_data *d, const cJSON *arr,
                     const char *path, unsigned flag, struct fm_findings *f)
{
	const cJSON *it;
	char p[200];
	int k = 0;

	if (arr == NULL)
		return;
	if (!cJSON_IsArray(arr)) {
		fm__finding(f, FM_LINT_ERROR, path, "expected an array of [hex, hex] pairs");
		return;
	}
	cJSON_ArrayForEach(it, arr)
	{
		int a, b;
		snprintf(p, sizeof(p), "%s[%d]", path, k++);
		if (!cJSON_IsArray(it) || cJSON_GetArraySize(it) != 2) {
			fm__finding(f, FM_LINT_ERROR, p, "expected [hex, hex]");
			continue;
		}
		a = hex_at(sc, it->child, p, 1, f);
		b = hex_at(sc, it->child->next, p, 1, f);
		if (a < 0 || b < 0)
			continue;
		if (!rules_hex_adjacent(&sc->grid, a, b)) {
			fm__finding(f, FM_LINT_ERROR, p, "the two hexes are not adjacent");
			continue;
		}
		d->sidef[rules_hex_side_between(&sc->grid, a, b)] |= (uint8_t)flag;
	}
}

/* The SCH_HF_* flag of a hex terrain type: an inlet or Scheldt River type counts as such even
 * when it also carries the "flooded" flag (AMB-52 decides which flooded rules they follow). */
unsigned scheldt__terrain_flag(const struct fm_terrain *t)
{
	if (has_flag(t, "sea"))
		return SCH_HF_SEA;
	if (has_flag(t, "inlet"))
		return SCH_HF_INLET;
	if (has_flag(t, "scheldt_river"))
		return SCH_HF_RIVER;
	if (has_flag(t, "flooded"))
		return SCH_HF_FLOODED;
	return 0;
}

/* The SCH_SF_* flags of a hexside type. */
static unsigned side_type_flags(const struct fm_terrain *t)
{
	unsigned f = 0;

	if (has_flag(t, "sea") || has_flag(t, "all_sea"))
		f |= SCH_SF_SEA;
	if (has_flag(t, "braakman"))
		f |= SCH_SF_SEA | SCH_SF_BRAAKMAN;
	if (has_flag(t, "leopold_canal"))
		f |= SCH_SF_LEOPOLD;
	if (has_flag(t, "causeway"))
		f |= SCH_SF_CAUSEWAY;
	if (has_flag(t, "causeway_barred"))
		f |= SCH_SF_BARRED;
	return f;
}

/* Terrain and hexside flags, read from the types of the map. */
static void terrain_flags(const struct fm_scenario *sc, struct scheldt_data *d)
{
	int n = sc->grid.count;

	for (int h = 0; h < n; h++)
		for (int t = 0; t < sc->nterrain; t++)
			if (sc->hex_terrain[h] & (1u << t))
				d->hexf[h] |= (uint16_t)scheldt__terrain_flag(&sc->terrain[t]);
	for (int s = 0; s < 3 * n; s++)
		for (int t = 0; t < sc->nsidetypes; t++)
			if (sc->side_feat[s] & (1u << t))
				d->sidef[s] |= (uint8_t)side_type_flags(&sc->sidetypes[t]);
}

/* Coastal hexes when the scenario has no coastal zone: land hexes touching the sea. */
static void compute_coast(const struct fm_scenario *sc, struct scheldt_data *d)
{
	for (int h = 0; h < sc->grid.count; h++) {
		if (d->hexf[h] & SCH_HF_SEA)
			continue;
		for (int dir = 0; dir < RULES_HEX_DIRS; dir++) {
			int nb = rules_hex_neighbour(&sc->grid, h, dir);
			if (nb < 0)
				continue;
			if ((d->hexf[nb] & SCH_HF_SEA) ||
			    (d->sidef[rules_hex_side_between(&sc->grid, h, nb)] & SCH_SF_SEA))
				d->hexf[h] |= SCH_HF_COASTAL;
		}
	}
}

static int border_hex(const struct fm_scenario *sc, int border, int h)
{
	const struct rules_hex_grid *g = &sc->grid;

	switch (border) {
	case 0:
		return rules_hex_col(g, h) == g->col_min;
	case 1:
		return rules_hex_col(g, h) == g->col_max;
	case 2:
		return rules_hex_row(g, h) == g->row_min;
	default:
		return rules_hex_row(g, h) == g->row_max;
	}
}

/* Distances to the eastern map edge (11.0, AMB-41) and to Walcheren's coast (16.4). */
static void distances(const struct fm_scenario *sc, struct scheldt_data *d)
{
	int n = sc->grid.count;

	for (int h = 0; h < n; h++) {
		int e = 32767, w = 32767;
		for (int x = 0; x < n; x++) {
			int dist;
			if (!border_hex(sc, d->east_border, x) &&
			    (d->hexf[x] & (SCH_HF_COASTAL | SCH_HF_WALCHEREN)) !=
			        (SCH_HF_COASTAL | SCH_HF_WALCHEREN))
				continue;
			dist = rules_hex_distance(&sc->grid, h, x);
			if (border_hex(sc, d->east_border, x) && dist < e)
				e = dist;
			if ((d->hexf[x] & (SCH_HF_COASTAL | SCH_HF_WALCHEREN)) ==
			        (SCH_HF_COASTAL | SCH_HF_WALCHEREN) &&
			    dist < w)
				w = dist;
		}
		d->east_dist[h] = (int16_t)e;
		d->wc_dist[h] = (int16_t)w;
	}
}

/* The crossable all-sea hexsides of the Braakman hexes when the data does not list them:
 * every all-sea hexside toward the west (higher rows, AMB-35) leading to a land hex. */
static void compute_braakman(const struct fm_scenario *sc, struct scheldt_data *d)
{
	static const int west[] = {2, 3, 4};

	for (int h = 0; h < sc->grid.count; h++) {
		if (!(d->hexf[h] & SCH_HF_BRAAKMAN))
			continue;
		for (int k = 0; k < 3; k++) {
			int nb = rules_hex_neighbour(&sc->grid, h, west[k]), s;
			if (nb < 0 || (d->hexf[nb] & SCH_HF_SEA))
				continue;
			s = rules_hex_side_between(&sc->grid, h, nb);
			if (d->sidef[s] & SCH_SF_SEA)
				d->sidef[s] |= SCH_SF_BRAAKMAN;
		}
	}
}

static void rebuild_windows(const struct fm_scenario *sc, struct scheldt_data *d, const cJSON *arr,
                            struct fm_findings *f)
{
	const cJSON *it;
	char p[120];
	int k = 0;

	if (arr == NULL) { /* 11.0 with AMB-40 */
		struct scheldt_window w[3] = {
		    {d->german, 1, 5, 1}, {d->allied, 1, 10, 2}, {d->allied, 11, 20, 1}};
		d->nwin = 3;
		memcpy(d->win, w, sizeof(w));
		return;
	}
	if (!cJSON_IsArray(arr)) {
		fm__finding(f, FM_LINT_ERROR, P ".rebuilds", "expected an array of windows");
		return;
	}
	cJSON_ArrayForEach(it, arr)
	{
		const cJSON *side = get(it, "side"), *turns = get(it, "turns");
		struct scheldt_window w;
		snprintf(p, sizeof(p), P ".rebuilds[%d]", k++);
		if (d->nwin >= SCH_MAX_WINDOWS) {
			fm__finding(f, FM_LINT_ERROR, p, "at most %d windows", SCH_MAX_WINDOWS);
			break;
		}
		w.side = cJSON_IsString(side) ? fm__side_by_name(sc, side->valuestring) : -1;
		if (w.side < 0 || !cJSON_IsArray(turns) || cJSON_GetArraySize(turns) != 2 ||
		    !cJSON_IsNumber(turns->child) || !cJSON_IsNumber(turns->child->next)) {
			fm__finding(f, FM_LINT_ERROR, p,
			            "expected {\"side\": name, \"turns\": [first, last], "
			            "\"per_turn\": n}");
			continue;
		}
		w.from = turns->child->valueint;
		w.to = turns->child->next->valueint;
		w.per_turn = int_at(get(it, "per_turn"), p, 1, 0, 9, f);
		d->win[d->nwin++] = w;
	}
}

/* The first marker of side carrying one of the flags, or -1 (skip: an index to pass over). */
static int marker_by_flag(const struct fm_scenario *sc, int side, const char *a, const char *b,
                          int skip)
{
	for (int k = 0; k < sc->nmarkers[side]; k++)
		for (int q = 0; k != skip && q < sc->markers[side][k].nflags; q++)
			if (strcmp(sc->markers[side][k].flags[q], a) == 0 ||
			    (b != NULL && strcmp(sc->markers[side][k].flags[q], b) == 0))
				return k;
	return -1;
}

/* The German +5 anti-tank marker and the two Allied +10 naval markers: named by id in the
 * exclusive object, or found by their flags ("anti_tank"/"at_plus5", "naval_plus10"). */
static void markers(const struct fm_scenario *sc, struct scheldt_data *d, const cJSON *ex,
                    struct fm_findings *f)
{
	const cJSON *at = get(ex, "anti_tank_marker"), *nav = get(ex, "naval_markers"), *it;
	int k = 0;

	d->at_marker = marker_by_flag(sc, d->german, "anti_tank", "at_plus5", -1);
	d->naval[0] = marker_by_flag(sc, d->allied, "naval_plus10", NULL, -1);
	d->naval[1] = marker_by_flag(sc, d->allied, "naval_plus10", NULL, d->naval[0]);
	if (at != NULL) {
		d->at_marker =
		    cJSON_IsString(at) ? marker_by_id(sc, d->german, at->valuestring) : -1;
		if (d->at_marker < 0)
			fm__finding(f, FM_LINT_ERROR, P ".anti_tank_marker",
			            "no %s support fire marker '%s'", sc->side_names[d->german],
			            cJSON_IsString(at) ? at->valuestring : "?");
	}
	if (nav == NULL)
		return;
	if (!cJSON_IsArray(nav) || cJSON_GetArraySize(nav) > 2) {
		fm__finding(f, FM_LINT_ERROR, P ".naval_markers",
		            "expected at most two marker ids");
		return;
	}
	d->naval[0] = d->naval[1] = -1;
	cJSON_ArrayForEach(it, nav)
	{
		char p[80];
		snprintf(p, sizeof(p), P ".naval_markers[%d]", k);
		d->naval[k] =
		    cJSON_IsString(it) ? marker_by_id(sc, d->allied, it->valuestring) : -1;
		if (d->naval[k] < 0)
			fm__finding(f, FM_LINT_ERROR, p, "no %s support fire marker '%s'",
			            sc->side_names[d->allied],
			            cJSON_IsString(it) ? it->valuestring : "?");
		k++;
	}
}

/* Woensdrecht, then the Woensdrecht-Schore road hexes, as the tracked hexes. */
static void tracked(const struct fm_scenario *sc, struct scheldt_data *d, const cJSON *road,
                    struct fm_findings *f)
{
	const cJSON *it;
	int k = 0;

	d->ntrack = 0;
	if (d->woensdrecht >= 0)
		d->track[d->ntrack++] = (int16_t)d->woensdrecht;
	if (road == NULL) {
		fm__finding(f, FM_LINT_ERROR, P ".walcheren_road",
		            "missing: the road hexes from Woensdrecht to Schore (16.2, AMB-66)");
		return;
	}
	if (!cJSON_IsArray(road)) {
		fm__finding(f, FM_LINT_ERROR, P ".walcheren_road", "expected an array of hex ids");
		return;
	}
	cJSON_ArrayForEach(it, road)
	{
		char p[80];
		int h, t = -1;
		snprintf(p, sizeof(p), P ".walcheren_road[%d]", k++);
		if ((h = hex_at(sc, it, p, 1, f)) < 0)
			continue;
		for (int q = 0; q < d->ntrack; q++)
			if (d->track[q] == h)
				t = q;
		if (t < 0 && d->ntrack >= SCH_MAX_TRACK) {
			fm__finding(f, FM_LINT_ERROR, p, "at most %d road hexes",
			            SCH_MAX_TRACK - 1);
			break;
		}
		if (t < 0) {
			t = d->ntrack;
			d->track[d->ntrack++] = (int16_t)h;
		}
		d->road[d->nroad++] = (int16_t)t;
	}
}

/*
 * 11.2-02 (AMB-44): a unit entering "via hex X (if enemy occupied or in EZOC, first non-EZOC
 * hex north)" whose data lists only X gets the hexes north of X along the same map edge
 * (lower columns, AMB-35) as further arrival hexes, in order; ground.c picks the first free
 * one.  A scenario may list the whole chain itself.
 */
static int north_chain(struct fm_scenario *sc, struct fm_unit_def *u)
{
	const struct rules_hex_grid *g = &sc->grid;
	int first, row;

	if (u->setup != FM_SETUP_ARRIVES || u->where.n != 1)
		return 0;
	first = u->where.h[0];
	row = rules_hex_row(g, first);
	for (int col = rules_hex_col(g, first) - 1; col >= g->col_min; col--) {
		int h = rules_hex_index(g, col, row), closed = 0;
		int16_t *n;
		for (int t = 0; t < sc->nterrain; t++)
			closed |= (sc->hex_terrain[h] & (1u << t)) && sc->terrain[t].prohibited;
		if (closed)
			continue;
		n = realloc(u->where.h, sizeof(*n) * (size_t)(u->where.n + 1));
		if (n == NULL)
			return -1;
		u->where.h = n;
		u->where.h[u->where.n++] = (int16_t)h;
	}
	return 0;
}

int scheldt__load(struct fm_scenario *sc, const cJSON *ex, struct fm_findings *f)
{
	static const char *const keys[] = {"module",
	                                   "zones",
	                                   "hexes",
	                                   "walcheren_road",
	                                   "east_edge",
	                                   "frozen",
	                                   "pocket_germans",
	                                   "braakman",
	                                   "causeway",
	                                   "leopold_canal",
	                                   "beveland",
	                                   "walcheren_assault",
	                                   "withdraw",
	                                   "us104",
	                                   "first_free_north",
	                                   "rebuilds",
	                                   "german_rebuild_edge_distance",
	                                   "anti_tank_marker",
	                                   "naval_markers",
	                                   "bombard_range",
	                                   "lines",
	                                   "source",
	                                   "note",
	                                   "verify",
	                                   NULL};
	const cJSON *zones = get(ex, "zones"), *hexes = get(ex, "hexes"), *it;
	struct scheldt_data *d = calloc(1, sizeof(*d));
	int n = sc->grid.count, z, before = f->errors;
	char p[120];

	if (d == NULL)
		return WG_E_NO_MEMORY;
	sc->ex_data = d;
	d->count = n;
	d->hexf = calloc((size_t)n, sizeof(*d->hexf));
	d->sidef = calloc((size_t)(3 * n), sizeof(*d->sidef));
	d->wc_dist = calloc((size_t)n, sizeof(*d->wc_dist));
	d->east_dist = calloc((size_t)n, sizeof(*d->east_dist));
	d->unitf = calloc((size_t)sc->nunits + 1, sizeof(*d->unitf));
	if (!d->hexf || !d->sidef || !d->wc_dist || !d->east_dist || !d->unitf)
		return WG_E_NO_MEMORY;
	cJSON_ArrayForEach(it, ex)
	{
		int ok = 0;
		for (size_t k = 0; keys[k] != NULL; k++)
			ok |= strcmp(it->string, keys[k]) == 0;
		if (!ok) {
			snprintf(p, sizeof(p), P ".%s", it->string);
			fm__finding(f, FM_LINT_ERROR, p, "unknown member '%s'", it->string);
		}
	}
	/* BS-10.1-01: the sides are the Allied and the German player */
	d->allied = fm__side_by_name(sc, "allied");
	d->german = fm__side_by_name(sc, "german");
	if (d->allied < 0 || d->german < 0) {
		fm__finding(f, FM_LINT_ERROR, "$.sides",
		            "the Battle of the Scheldt needs the sides \"allied\" and \"german\"");
		return f->report == NULL ? WG_E_BAD_SCENARIO : 0;
	}
	terrain_flags(sc, d);
	zone_flags(sc, d, zone_at(sc, zones, "pocket", "breskens_pocket", 1, f), SCH_HF_POCKET);
	zone_flags(sc, d, zone_at(sc, zones, "antwerp", "antwerp", 1, f), SCH_HF_ANTWERP);
	zone_flags(sc, d, zone_at(sc, zones, "walcheren", "walcheren", 1, f), SCH_HF_WALCHEREN);
	zone_flags(sc, d, zone_at(sc, zones, "victory", "victory", 1, f), SCH_HF_VICTORY);
	z = zone_at(sc, zones, "coastal", "coastal", 0, f);
	if (z >= 0)
		zone_flags(sc, d, z, SCH_HF_COASTAL);
	else
		compute_coast(sc, d);
	z = zone_at(sc, zones, "us104_barred", "west_of_woensdrecht", 0, f);
	for (int k = 0; z >= 0 && k < sc->zones[z].hexes.n; k++)
		if (d->hexf[sc->zones[z].hexes.h[k]] & SCH_HF_ANTWERP) {
			fm__finding(
			    f, FM_LINT_WARNING, P ".zones.us104_barred",
			    "zone '%s' includes Antwerp hexes, where the 104th enters: they "
			    "stay open to it (11.2)",
			    sc->zones[z].id);
			break;
		}
	/* BS-11.0-05: the eastern edge; AMB-35: the row xx17, the grid's row_min */
	d->east_border = 2;
	if ((it = get(ex, "east_edge")) != NULL) {
		static const char *const names[] = {"col_min", "col_max", "row_min", "row_max"};
		d->east_border = -1;
		for (int k = 0; k < 4; k++)
			if (cJSON_IsString(it) && strcmp(it->valuestring, names[k]) == 0)
				d->east_border = k;
		if (d->east_border < 0) {
			fm__finding(f, FM_LINT_ERROR, P ".east_edge",
			            "expected col_min, col_max, row_min or row_max");
			d->east_border = 2;
		}
	}
	d->woensdrecht = hex_at(sc, get(hexes, "woensdrecht"), P ".hexes.woensdrecht", 1, f);
	d->terneuzen = hex_at(sc, get(hexes, "terneuzen"), P ".hexes.terneuzen", 1, f);
	/* AMB-46: every hex west of Woensdrecht (a higher row), or the data's zone; Antwerp, where
	 * the 104th enters (11.2), is never part of it */
	if (z >= 0)
		zone_flags(sc, d, z, SCH_HF_US104_OFF);
	else if (d->woensdrecht >= 0)
		for (int h = 0; h < n; h++)
			if (rules_hex_row(&sc->grid, h) > rules_hex_row(&sc->grid, d->woensdrecht))
				d->hexf[h] |= SCH_HF_US104_OFF;
	for (int h = 0; h < n; h++)
		if (d->hexf[h] & SCH_HF_ANTWERP)
			d->hexf[h] &= (uint16_t)~SCH_HF_US104_OFF;
	tracked(sc, d, get(ex, "walcheren_road"), f);
	/* 13.0: the frozen units and the pocket Germans (AMB-54, AMB-64) */
	it = get(ex, "frozen");
	units_at(sc, d, get(it, "units"), P ".frozen.units", SCH_UF_FROZEN, -1, NULL, NULL, 0, f);
	d->frozen_until =
	    int_at(get(it, "until_turn"), P ".frozen.until_turn", 3, 0, FM_MAX_TURNS, f);
	if (get(it, "units") == NULL) /* default: every unit set up in the pocket */
		for (int u = 0; u < sc->nunits; u++)
			if (sc->units[u].setup == FM_SETUP_HEX &&
			    (d->hexf[sc->units[u].setup_hex] & SCH_HF_POCKET))
				d->unitf[u] |= SCH_UF_FROZEN;
	if (get(ex, "pocket_germans") != NULL)
		units_at(sc, d, get(ex, "pocket_germans"), P ".pocket_germans", SCH_UF_POCKET_DE,
		         d->german, NULL, NULL, 0, f);
	else
		for (int u = 0; u < sc->nunits; u++)
			if ((d->unitf[u] & SCH_UF_FROZEN) && sc->units[u].side == d->german)
				d->unitf[u] |= SCH_UF_POCKET_DE;
	/* 13.0: the Braakman crossing */
	it = get(ex, "braakman");
	if (get(it, "hexes") != NULL && cJSON_IsArray(get(it, "hexes"))) {
		const cJSON *h;
		int k = 0;
		cJSON_ArrayForEach(h, get(it, "hexes"))
		{
			int x;
			snprintf(p, sizeof(p), P ".braakman.hexes[%d]", k++);
			if ((x = hex_at(sc, h, p, 1, f)) >= 0)
				d->hexf[x] |= SCH_HF_BRAAKMAN;
		}
	} else {
		fm__finding(f, FM_LINT_ERROR, P ".braakman.hexes",
		            "missing: the Braakman Inlet hexes 2637, 2737, 2837 (13.0)");
	}
	d->braakman_turn = int_at(get(it, "turn"), P ".braakman.turn", 4, 1, FM_MAX_TURNS, f);
	d->braakman_mp_half = 2 * int_at(get(it, "mp_add"), P ".braakman.mp_add", 2, 0, 20, f);
	if (get(it, "hexsides") != NULL)
		sides_at(sc, d, get(it, "hexsides"), P ".braakman.hexsides", SCH_SF_BRAAKMAN, f);
	else
		compute_braakman(sc, d);
	/* 15.2: the causeway and its barred hexsides */
	it = get(ex, "causeway");
	if (get(it, "hexside") != NULL) {
		cJSON *one = cJSON_CreateArray();
		cJSON_AddItemReferenceToArray(one, (cJSON *)get(it, "hexside"));
		sides_at(sc, d, one, P ".causeway.hexside", SCH_SF_CAUSEWAY, f);
		cJSON_Delete(one);
	}
	sides_at(sc, d, get(it, "barred"), P ".causeway.barred", SCH_SF_BARRED, f);
	sides_at(sc, d, get(ex, "leopold_canal"), P ".leopold_canal", SCH_SF_LEOPOLD, f);
	/* 16.1, 16.2: the assault groups; 13.1 the 155th */
	it = get(ex, "beveland");
	units_at(sc, d, get(it, "units"), P ".beveland.units", SCH_UF_BEVELAND, d->allied,
	         d->group[SCH_GROUP_BEVELAND], &d->ngroup[SCH_GROUP_BEVELAND], SCH_MAX_GROUP, f);
	d->beveland_from =
	    int_at(get(it, "from_turn"), P ".beveland.from_turn", 12, 1, FM_MAX_TURNS, f);
	it = get(ex, "walcheren_assault");
	units_at(sc, d, get(it, "units"), P ".walcheren_assault.units", SCH_UF_WALCHEREN, d->allied,
	         d->group[SCH_GROUP_WALCHEREN], &d->ngroup[SCH_GROUP_WALCHEREN], SCH_MAX_GROUP, f);
	d->withdraw_unit = -1;
	it = get(ex, "withdraw");
	if (it != NULL) {
		const cJSON *u = get(it, "unit");
		d->withdraw_unit = cJSON_IsString(u) ? unit_by_id(sc, u->valuestring) : -1;
		if (d->withdraw_unit < 0)
			fm__finding(f, FM_LINT_ERROR, P ".withdraw.unit", "no unit '%s'",
			            cJSON_IsString(u) ? u->valuestring : "?");
		else
			d->unitf[d->withdraw_unit] |= SCH_UF_WITHDRAW;
		d->withdraw_turn =
		    int_at(get(it, "turn"), P ".withdraw.turn", 8, 1, FM_MAX_TURNS, f);
	}
	units_at(sc, d, get(ex, "us104"), P ".us104", SCH_UF_US104, d->allied, NULL, NULL, 0, f);
	units_at(sc, d, get(ex, "first_free_north"), P ".first_free_north", SCH_UF_NORTH, -1, NULL,
	         NULL, 0, f);
	for (int u = 0; u < sc->nunits; u++)
		if ((d->unitf[u] & SCH_UF_NORTH) && north_chain(sc, &sc->units[u]) != 0)
			return WG_E_NO_MEMORY;
	rebuild_windows(sc, d, get(ex, "rebuilds"), f);
	d->german_edge_distance = int_at(get(ex, "german_rebuild_edge_distance"),
	                                 P ".german_rebuild_edge_distance", 8, 0, 99, f);
	d->bombard_range = int_at(get(ex, "bombard_range"), P ".bombard_range", 3, 0, 99, f);
	markers(sc, d, ex, f);
	it = get(ex, "lines");
	d->line_clear = fm__line_by_id(
	    sc, cJSON_IsString(get(it, "clear")) ? get(it, "clear")->valuestring : "clear");
	d->line_coastal = fm__line_by_id(
	    sc, cJSON_IsString(get(it, "coastal")) ? get(it, "coastal")->valuestring : "coastal");
	if (d->line_clear < 0)
		fm__finding(f, FM_LINT_ERROR, P ".lines.clear",
		            "no CRT line for the engineers' Clear line (12.0)");
	if (d->line_coastal < 0)
		fm__finding(f, FM_LINT_ERROR, P ".lines.coastal",
		            "no CRT line \"Coastal (if during a Beach Assault)\" (BS-CRT-01)");
	distances(sc, d);
	if (f->report == NULL && f->errors > before)
		return WG_E_BAD_SCENARIO;
	return 0;
}

void scheldt__free(struct fm_scenario *sc)
{
	struct scheldt_data *d = sc->ex_data;

	if (d == NULL)
		return;
	free(d->hexf);
	free(d->sidef);
	free(d->wc_dist);
	free(d->east_dist);
	free(d->unitf);
	free(d);
	sc->ex_data = NULL;
}

/* ---- consistency of the map facts (lint) --------------------------------- */

/* 1 if hexside slot s carries a hexside type prohibited to every unit. */
static int side_prohibited(const struct fm_scenario *sc, int s)
{
	for (int t = 0; t < sc->nsidetypes; t++)
		if ((sc->side_feat[s] & (1u << t)) && sc->sidetypes[t].prohibited)
			return 1;
	return 0;
}

static int count_flag(const struct scheldt_data *d, unsigned flag)
{
	int n = 0;

	for (int h = 0; h < d->count; h++)
		n += (d->hexf[h] & flag) == flag;
	return n;
}

static void lint_units(const struct fm_scenario *sc, const struct scheldt_data *d,
                       struct fm_findings *f)
{
	for (int g = 0; g < 2; g++)
		for (int k = 0; k < d->ngroup[g]; k++) {
			const struct fm_unit_def *u = &sc->units[d->group[g][k]];
			if (u->setup != FM_SETUP_HELD && d->group[g][k] != d->withdraw_unit)
				fm__finding(
				    f, FM_LINT_ERROR,
				    g ? P ".walcheren_assault.units" : P ".beveland.units",
				    "unit %s must be held off the map (\"setup\": {\"held\": "
				    "...}): it enters only by its assault (BS-16.%d)",
				    u->id, g ? 2 : 1);
		}
	if (d->withdraw_unit >= 0 && !(d->unitf[d->withdraw_unit] & SCH_UF_BEVELAND))
		fm__finding(f, FM_LINT_WARNING, P ".withdraw.unit",
		            "the withdrawn unit %s is not in the Beveland group: it never returns "
		            "(13.1)",
		            sc->units[d->withdraw_unit].id);
	for (int u = 0; u < sc->nunits; u++) {
		char p[80];
		snprintf(p, sizeof(p), "$.units[%d].setup", u);
		if ((d->unitf[u] & SCH_UF_US104) && sc->units[u].setup == FM_SETUP_ARRIVES)
			for (int k = 0; k < sc->units[u].where.n; k++)
				if (!(d->hexf[sc->units[u].where.h[k]] & SCH_HF_ANTWERP))
					fm__finding(f, FM_LINT_WARNING, p,
					            "the 104th unit %s may enter outside Antwerp "
					            "(BS-11.2-09)",
					            sc->units[u].id);
		if ((d->unitf[u] & SCH_UF_NORTH) && sc->units[u].setup != FM_SETUP_ARRIVES)
			fm__finding(f, FM_LINT_ERROR, P ".first_free_north",
			            "unit %s is not a reinforcement", sc->units[u].id);
	}
}

static void lint_map(const struct fm_scenario *sc, const struct scheldt_data *d,
                     struct fm_findings *f)
{
	char buf[RULES_HEX_ID_MAX], p[80];
	int radius_ok = 0;

	if (count_flag(d, SCH_HF_POCKET) == 0)
		fm__finding(f, FM_LINT_ERROR, P ".zones.pocket",
		            "the Breskens Pocket has no hexes (BS-13.0-01)");
	if (count_flag(d, SCH_HF_ANTWERP) == 0)
		fm__finding(f, FM_LINT_ERROR, P ".zones.antwerp",
		            "Antwerp has no hexes (BS-11.0-08, BS-11.2-09)");
	if (count_flag(d, SCH_HF_VICTORY) == 0)
		fm__finding(f, FM_LINT_ERROR, P ".zones.victory",
		            "the victory area west of 2022-3217 has no hexes (BS-17.0-01)");
	if (count_flag(d, SCH_HF_COASTAL | SCH_HF_WALCHEREN) == 0)
		fm__finding(f, FM_LINT_ERROR, P ".zones.walcheren",
		            "Walcheren has no coastal hex: the Walcheren assault could never land "
		            "(BS-16.2-02)");
	for (int h = 0; h < d->count; h++) {
		if ((d->hexf[h] & SCH_HF_COASTAL) && (d->hexf[h] & SCH_HF_SEA))
			fm__finding(f, FM_LINT_ERROR, P ".zones.coastal",
			            "coastal hex %s is a sea hex",
			            rules_hex_format(&sc->grid, h, buf));
		if ((d->hexf[h] & SCH_HF_COASTAL) && !(d->hexf[h] & SCH_HF_SEA) &&
		    d->terneuzen >= 0 && rules_hex_distance(&sc->grid, h, d->terneuzen) <= 10)
			radius_ok = 1;
		if ((d->hexf[h] & SCH_HF_ANTWERP) && (d->hexf[h] & SCH_HF_SEA))
			fm__finding(f, FM_LINT_WARNING, P ".zones.antwerp",
			            "Antwerp hex %s is a sea hex",
			            rules_hex_format(&sc->grid, h, buf));
	}
	if (!radius_ok && d->terneuzen >= 0)
		fm__finding(
		    f, FM_LINT_ERROR, P ".zones.coastal",
		    "no coastal hex within 10 hexes of Terneuzen: the Beveland assault could "
		    "never land (BS-16.1-05)");
	if (d->woensdrecht >= 0 && (d->hexf[d->woensdrecht] & SCH_HF_SEA))
		fm__finding(f, FM_LINT_ERROR, P ".hexes.woensdrecht", "Woensdrecht is a sea hex");
	if (d->terneuzen >= 0 && (d->hexf[d->terneuzen] & SCH_HF_SEA))
		fm__finding(f, FM_LINT_ERROR, P ".hexes.terneuzen", "Terneuzen is a sea hex");
	for (int k = 0; k < d->nroad; k++) {
		int h = d->track[d->road[k]];
		snprintf(p, sizeof(p), P ".walcheren_road[%d]", k);
		if (!(sc->hex_flags[h] & FM_HF_ROAD))
			fm__finding(f, FM_LINT_WARNING, p, "hex %s is not a road hex of the map",
			            rules_hex_format(&sc->grid, h, buf));
		if (k > 0 && !rules_hex_adjacent(&sc->grid, d->track[d->road[k - 1]], h))
			fm__finding(f, FM_LINT_WARNING, p,
			            "hex %s does not follow the previous road hex",
			            rules_hex_format(&sc->grid, h, buf));
	}
	if (d->woensdrecht >= 0 && d->nroad > 0 && d->track[d->road[0]] != d->woensdrecht)
		fm__finding(f, FM_LINT_WARNING, P ".walcheren_road[0]",
		            "the road should begin in Woensdrecht (16.2)");
	for (int s = 0; s < 3 * d->count; s++) {
		int a, b;
		if (!(d->sidef[s] & SCH_SF_BARRED) || rules_hex_side_hexes(&sc->grid, s, &a, &b))
			continue;
		if (!side_prohibited(sc, s))
			fm__finding(
			    f, FM_LINT_WARNING, P ".causeway.barred",
			    "hexside %s/%s is barred by 15.2 but not a prohibited hexside in "
			    "the map (the module enforces it)",
			    rules_hex_format(&sc->grid, a, buf), rules_hex_format(&sc->grid, b, p));
	}
	if (count_flag(d, SCH_HF_BRAAKMAN) > 0) {
		int any = 0;
		for (int s = 0; s < 3 * d->count; s++)
			any |= (d->sidef[s] & SCH_SF_BRAAKMAN) != 0;
		if (!any)
			fm__finding(f, FM_LINT_WARNING, P ".braakman",
			            "no all-sea hexside west of the Braakman hexes: the Turn 4 "
			            "crossing has no use (BS-13.0-03)");
	}
}

/* The flooded-type terrain types must carry what 12.0 and 15.1 say of them. */
static void lint_terrain(const struct fm_scenario *sc, struct fm_findings *f)
{
	for (int t = 0; t < sc->nterrain; t++) {
		const struct fm_terrain *tt = &sc->terrain[t];
		unsigned fl = scheldt__terrain_flag(tt);
		char p[64];
		snprintf(p, sizeof(p), "$.terrain[%d]", t);
		if (fl == SCH_HF_SEA && !tt->prohibited)
			fm__finding(f, FM_LINT_ERROR, p,
			            "sea terrain '%s' must be prohibited (BS-15.0-01)", tt->id);
		if (fl & (SCH_HF_FLOODED | SCH_HF_INLET | SCH_HF_RIVER)) {
			if (!tt->mp_all)
				fm__finding(f, FM_LINT_WARNING, p,
				            "'%s' should cost \"all\" MP (BS-TEM-05; the module "
				            "enforces it)",
				            tt->id);
			if (!tt->no_road)
				fm__finding(f, FM_LINT_WARNING, p,
				            "'%s' should be no_road: roads there give no road rate "
				            "(BS-12.0-03)",
				            tt->id);
			if (!tt->mobile_prohibited)
				fm__finding(
				    f, FM_LINT_WARNING, p,
				    "'%s' should be mobile_prohibited (BS-12.0-06; the module "
				    "enforces it)",
				    tt->id);
		}
	}
}

static void lint_turns(const struct fm_scenario *sc, const struct scheldt_data *d,
                       struct fm_findings *f)
{
	if (sc->first_player != d->allied)
		fm__finding(
		    f, FM_LINT_ERROR, "$.turns.first_player",
		    "the Allied player is the first player throughout the game (BS-10.1-01)");
	if (sc->turns != 20)
		fm__finding(f, FM_LINT_WARNING, "$.turns.count",
		            "the game has %d turns; the rules imply 20 (AMB-31)", sc->turns);
	if (sc->turns >= 1 && (sc->allot[1][d->allied] != 11 || sc->allot[1][d->german] != 6))
		fm__finding(f, FM_LINT_WARNING, "$.support.allotment",
		            "Turn 1 allots %d Allied and %d German markers; 14.0 says 11 and 6 "
		            "(BS-14.0-02)",
		            sc->allot[1][d->allied], sc->allot[1][d->german]);
	if (d->at_marker < 0)
		fm__finding(f, FM_LINT_WARNING, P ".anti_tank_marker",
		            "no German +5 anti-tank marker (BS-14.1-01)");
	else if (sc->markers[d->german][d->at_marker].value != 5)
		fm__finding(f, FM_LINT_WARNING, P ".anti_tank_marker",
		            "the anti-tank marker is +%d, not +5 (BS-14.1-01)",
		            sc->markers[d->german][d->at_marker].value);
	for (int k = 0; k < 2; k++)
		if (d->naval[k] >= 0 && sc->markers[d->allied][d->naval[k]].value != 10)
			fm__finding(f, FM_LINT_WARNING, P ".naval_markers",
			            "naval marker %s is +%d, not +10 (BS-16.4-01)",
			            sc->markers[d->allied][d->naval[k]].id,
			            sc->markers[d->allied][d->naval[k]].value);
	if (d->naval[0] < 0 || d->naval[1] < 0)
		fm__finding(f, FM_LINT_WARNING, P ".naval_markers",
		            "the two Allied +10 naval markers are not both named (BS-16.4-01)");
}

void scheldt__lint(const struct fm_scenario *sc, struct fm_findings *f)
{
	const struct scheldt_data *d = sc->ex_data;

	if (d == NULL || d->allied < 0 || d->german < 0)
		return;
	lint_units(sc, d, f);
	lint_map(sc, d, f);
	lint_terrain(sc, f);
	lint_turns(sc, d, f);
}
