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
 * The object is read with the scenario reader (rules/core/sdoc.h): every
 * problem is a finding with its JSON path ("$.exclusive.zones.pocket"); in
 * strict mode the first error stops the loading.
 */
#include "scheldt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define P "$.exclusive"

/* The hex id member key of obj: its index, or -1 (reported unless absent and optional). */
static int hex_in(struct sdoc *d, const struct fm_scenario *sc, const cJSON *obj, const char *key,
                  int required)
{
	const cJSON *it = sdoc_member(obj, key);
	size_t m;
	int h = -1;

	if (it == NULL) {
		if (required) {
			m = sdoc_key(d, key);
			sdoc_soft(d, "missing (a hex id is required)");
			sdoc_pop(d, m);
		}
		return -1;
	}
	m = sdoc_key(d, key);
	if (rules_hexmap_read_hex(d, &sc->map, it, &h) != 0)
		h = -1;
	sdoc_pop(d, m);
	return h;
}

/* The integer member key of obj in lo..hi, or def when absent or bad (reported). */
static int int_in(struct sdoc *d, const cJSON *obj, const char *key, int def, int lo, int hi)
{
	int v = def;

	if (sdoc_int(d, obj, key, &v, 0, lo, hi) != 0)
		return def;
	return v;
}

struct unit_refs {
	const struct fm_scenario *sc;
	struct scheldt_data *dd;
	unsigned flag;
	int side; /* -1: any */
	int16_t *list;
	int *n, max;
};

static int unit_ref(struct sdoc *d, const cJSON *it, int k, void *arg)
{
	struct unit_refs *c = arg;
	const struct fm_scenario *sc = c->sc;
	int u = cJSON_IsString(it) ? fm__unit_by_id(sc, it->valuestring) : -1;

	(void)k;
	if (u < 0)
		return sdoc_soft(d, "no unit '%s' in this scenario",
		                 cJSON_IsString(it) ? it->valuestring : "?");
	if (c->side >= 0 && sc->units[u].side != c->side)
		return sdoc_soft(d, "unit %s is not a%s %s unit", sc->units[u].id,
		                 c->side == c->dd->allied ? "n" : "", sc->side_names[c->side]);
	c->dd->unitf[u] |= (uint8_t)c->flag;
	if (c->list != NULL && *c->n < c->max)
		c->list[(*c->n)++] = (int16_t)u;
	return 0;
}

/* Flags the units named in the array member key of obj with flag, checking their side;
 * appends them to list (up to max) when list is given. */
static int units_in(struct sdoc *d, const struct fm_scenario *sc, struct scheldt_data *dd,
                    const cJSON *obj, const char *key, unsigned flag, int side, int16_t *list,
                    int *n, int max)
{
	struct unit_refs c = {sc, dd, flag, side, list, n, max};

	return sdoc_array(d, obj, key, 0, 0, -1, "unit ids", unit_ref, &c);
}

/* The zone named by zones.<role> (default: role's usual id), or -1. */
static int zone_in(struct sdoc *d, const struct fm_scenario *sc, const cJSON *zones,
                   const char *role, const char *def, int required)
{
	const cJSON *it = sdoc_member(zones, role);
	const char *id = def;
	size_t m = sdoc_key(d, "zones"), m2 = sdoc_key(d, role);
	int z = -1;

	if (it != NULL && !cJSON_IsString(it)) {
		sdoc_soft(d, "expected a zone id");
		goto out;
	}
	if (it != NULL)
		id = it->valuestring;
	z = rules_hexmap_zone(&sc->map, id);
	if (z < 0 && (required || it != NULL))
		sdoc_soft(d, "no zone '%s' in $.map.zones (%s)", id,
		          it != NULL ? "named here" : "the default id");
out:
	sdoc_pop(d, m2);
	sdoc_pop(d, m);
	return z;
}

static void zone_flags(const struct fm_scenario *sc, struct scheldt_data *dd, int z, unsigned flag)
{
	if (z < 0)
		return;
	for (int k = 0; k < sc->map.zones[z].hexes.n; k++)
		dd->hexf[sc->map.zones[z].hexes.h[k]] |= (uint16_t)flag;
}

struct side_refs {
	const struct fm_scenario *sc;
	struct scheldt_data *dd;
	unsigned flag;
};

static int side_ref(struct sdoc *d, const cJSON *it, int k, void *arg)
{
	struct side_refs *c = arg;
	const struct rules_hexmap *map = &c->sc->map;
	int a = -1, b = -1;

	(void)k;
	if (!cJSON_IsArray(it) || cJSON_GetArraySize(it) != 2)
		return sdoc_soft(d, "expected [hex, hex]");
	if (rules_hexmap_read_hex(d, map, it->child, &a) != 0 ||
	    rules_hexmap_read_hex(d, map, it->child->next, &b) != 0)
		return d->report != NULL ? 0 : WG_E_BAD_SCENARIO;
	if (!rules_hex_adjacent(&map->grid, a, b))
		return sdoc_soft(d, "the two hexes are not adjacent");
	c->dd->sidef[rules_hex_side_between(&map->grid, a, b)] |= (uint8_t)c->flag;
	return 0;
}

/* Sets SCH_SF_* flag on the hexside pairs listed in the array member key of obj. */
static int sides_in(struct sdoc *d, const struct fm_scenario *sc, struct scheldt_data *dd,
                    const cJSON *obj, const char *key, unsigned flag)
{
	struct side_refs c = {sc, dd, flag};

	return sdoc_array(d, obj, key, 0, 0, -1, "[hex, hex] pairs", side_ref, &c);
}

/* The SCH_HF_* flag of a hex terrain type: an inlet or Scheldt River type counts as such even
 * when it also carries the "flooded" flag (AMB-52 decides which flooded rules they follow). */
unsigned scheldt__terrain_flag(const struct rules_terrain *t)
{
	if (rules_terrain_has(t, "sea"))
		return SCH_HF_SEA;
	if (rules_terrain_has(t, "inlet"))
		return SCH_HF_INLET;
	if (rules_terrain_has(t, "scheldt_river"))
		return SCH_HF_RIVER;
	if (rules_terrain_has(t, "flooded"))
		return SCH_HF_FLOODED;
	return 0;
}

/* The SCH_SF_* flags of a hexside type. */
static unsigned side_type_flags(const struct rules_terrain *t)
{
	unsigned f = 0;

	if (rules_terrain_has(t, "sea") || rules_terrain_has(t, "all_sea"))
		f |= SCH_SF_SEA;
	if (rules_terrain_has(t, "braakman"))
		f |= SCH_SF_SEA | SCH_SF_BRAAKMAN;
	if (rules_terrain_has(t, "leopold_canal"))
		f |= SCH_SF_LEOPOLD;
	if (rules_terrain_has(t, "causeway"))
		f |= SCH_SF_CAUSEWAY;
	if (rules_terrain_has(t, "causeway_barred"))
		f |= SCH_SF_BARRED;
	return f;
}

/* Terrain and hexside flags, read from the types of the map. */
static void terrain_flags(const struct fm_scenario *sc, struct scheldt_data *dd)
{
	int n = sc->map.grid.count;

	for (int h = 0; h < n; h++)
		for (int t = 0; t < sc->map.nterrain; t++)
			if (sc->map.hex_terrain[h] & (1u << t))
				dd->hexf[h] |= (uint16_t)scheldt__terrain_flag(&sc->map.terrain[t]);
	for (int s = 0; s < 3 * n; s++)
		for (int t = 0; t < sc->map.nsidetypes; t++)
			if (sc->map.side_feat[s] & (1u << t))
				dd->sidef[s] |= (uint8_t)side_type_flags(&sc->map.sidetypes[t]);
}

/* Coastal hexes when the scenario has no coastal zone: land hexes touching the sea. */
static void compute_coast(const struct fm_scenario *sc, struct scheldt_data *dd)
{
	for (int h = 0; h < sc->map.grid.count; h++) {
		if (dd->hexf[h] & SCH_HF_SEA)
			continue;
		for (int dir = 0; dir < RULES_HEX_DIRS; dir++) {
			int nb = rules_hex_neighbour(&sc->map.grid, h, dir);
			if (nb < 0)
				continue;
			if ((dd->hexf[nb] & SCH_HF_SEA) ||
			    (dd->sidef[rules_hex_side_between(&sc->map.grid, h, nb)] & SCH_SF_SEA))
				dd->hexf[h] |= SCH_HF_COASTAL;
		}
	}
}

static int border_hex(const struct fm_scenario *sc, int border, int h)
{
	const struct rules_hex_grid *g = &sc->map.grid;

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

/* Distances to the eastern map edge (11.0, AMB-41). */
static void distances(const struct fm_scenario *sc, struct scheldt_data *dd)
{
	int n = sc->map.grid.count;

	for (int h = 0; h < n; h++) {
		int e = 32767;
		for (int x = 0; x < n; x++) {
			int dist;
			if (!border_hex(sc, dd->east_border, x))
				continue;
			dist = rules_hex_distance(&sc->map.grid, h, x);
			if (dist < e)
				e = dist;
		}
		dd->east_dist[h] = (int16_t)e;
	}
}

/* The crossable all-sea hexsides of the Braakman hexes when the data does not list them:
 * every all-sea hexside toward the west (higher rows, AMB-35) leading to a land hex. */
static void compute_braakman(const struct fm_scenario *sc, struct scheldt_data *dd)
{
	static const int west[] = {2, 3, 4};

	for (int h = 0; h < sc->map.grid.count; h++) {
		if (!(dd->hexf[h] & SCH_HF_BRAAKMAN))
			continue;
		for (int k = 0; k < 3; k++) {
			int nb = rules_hex_neighbour(&sc->map.grid, h, west[k]), s;
			if (nb < 0 || (dd->hexf[nb] & SCH_HF_SEA))
				continue;
			s = rules_hex_side_between(&sc->map.grid, h, nb);
			if (dd->sidef[s] & SCH_SF_SEA)
				dd->sidef[s] |= SCH_SF_BRAAKMAN;
		}
	}
}

struct windows {
	const struct fm_scenario *sc;
	struct scheldt_data *dd;
};

static int rebuild_window(struct sdoc *d, const cJSON *it, int k, void *arg)
{
	struct windows *c = arg;
	const cJSON *side = sdoc_member(it, "side"), *turns = sdoc_member(it, "turns");
	struct scheldt_window w;

	(void)k;
	if (c->dd->nwin >= SCH_MAX_WINDOWS)
		return sdoc_fail(d, "at most %d windows", SCH_MAX_WINDOWS);
	w.side = cJSON_IsString(side) ? fm__side_by_name(c->sc, side->valuestring) : -1;
	if (w.side < 0 || !cJSON_IsArray(turns) || cJSON_GetArraySize(turns) != 2 ||
	    !cJSON_IsNumber(turns->child) || !cJSON_IsNumber(turns->child->next))
		return sdoc_soft(d, "expected {\"side\": name, \"turns\": [first, last], "
		                    "\"per_turn\": n}");
	w.from = turns->child->valueint;
	w.to = turns->child->next->valueint;
	w.per_turn = int_in(d, it, "per_turn", 1, 0, 9);
	c->dd->win[c->dd->nwin++] = w;
	return 0;
}

static int rebuild_windows(struct sdoc *d, const struct fm_scenario *sc, struct scheldt_data *dd,
                           const cJSON *ex)
{
	struct windows c = {sc, dd};

	if (sdoc_member(ex, "rebuilds") == NULL) { /* 11.0 with AMB-40 */
		struct scheldt_window w[3] = {
		    {dd->german, 1, 5, 1}, {dd->allied, 1, 10, 2}, {dd->allied, 11, 20, 1}};
		dd->nwin = 3;
		memcpy(dd->win, w, sizeof(w));
		return 0;
	}
	return sdoc_array(d, ex, "rebuilds", 0, 0, -1, "windows", rebuild_window, &c);
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

static int naval_marker(struct sdoc *d, const cJSON *it, int k, void *arg)
{
	struct windows *c = arg;
	int side = c->dd->allied;

	c->dd->naval[k] = cJSON_IsString(it) ? fm__marker_by_id(c->sc, side, it->valuestring) : -1;
	if (c->dd->naval[k] < 0)
		return sdoc_soft(d, "no %s support fire marker '%s'", c->sc->side_names[side],
		                 cJSON_IsString(it) ? it->valuestring : "?");
	return 0;
}

/* The German +5 anti-tank marker and the two Allied +10 naval markers: named by id in the
 * exclusive object, or found by their flags ("anti_tank"/"at_plus5", "naval_plus10"). */
static int markers(struct sdoc *d, const struct fm_scenario *sc, struct scheldt_data *dd,
                   const cJSON *ex)
{
	const cJSON *at = sdoc_member(ex, "anti_tank_marker");
	struct windows c = {sc, dd};
	int rc = 0;

	dd->at_marker = marker_by_flag(sc, dd->german, "anti_tank", "at_plus5", -1);
	dd->naval[0] = marker_by_flag(sc, dd->allied, "naval_plus10", NULL, -1);
	dd->naval[1] = marker_by_flag(sc, dd->allied, "naval_plus10", NULL, dd->naval[0]);
	if (at != NULL) {
		dd->at_marker =
		    cJSON_IsString(at) ? fm__marker_by_id(sc, dd->german, at->valuestring) : -1;
		if (dd->at_marker < 0) {
			size_t m = sdoc_key(d, "anti_tank_marker");
			rc = sdoc_soft(d, "no %s support fire marker '%s'",
			               sc->side_names[dd->german],
			               cJSON_IsString(at) ? at->valuestring : "?");
			sdoc_pop(d, m);
			if (rc)
				return rc;
		}
	}
	if (sdoc_member(ex, "naval_markers") == NULL)
		return 0;
	dd->naval[0] = dd->naval[1] = -1;
	return sdoc_array(d, ex, "naval_markers", 0, 0, 2, "marker ids (at most two)", naval_marker,
	                  &c);
}

static int road_hex(struct sdoc *d, const cJSON *it, int k, void *arg)
{
	struct windows *c = arg;
	struct scheldt_data *dd = c->dd;
	int h = -1, t = -1, rc;

	(void)k;
	if ((rc = rules_hexmap_read_hex(d, &c->sc->map, it, &h)) != 0)
		return rc;
	for (int q = 0; q < dd->ntrack; q++)
		if (dd->track[q] == h)
			t = q;
	if (t < 0 && dd->ntrack >= SCH_MAX_TRACK)
		return sdoc_fail(d, "at most %d road hexes", SCH_MAX_TRACK - 1);
	if (t < 0) {
		t = dd->ntrack;
		dd->track[dd->ntrack++] = (int16_t)h;
	}
	dd->road[dd->nroad++] = (int16_t)t;
	return 0;
}

/* Woensdrecht, then the Woensdrecht-Schore road hexes, as the tracked hexes. */
static int tracked(struct sdoc *d, const struct fm_scenario *sc, struct scheldt_data *dd,
                   const cJSON *ex)
{
	struct windows c = {sc, dd};

	dd->ntrack = 0;
	if (dd->woensdrecht >= 0)
		dd->track[dd->ntrack++] = (int16_t)dd->woensdrecht;
	if (sdoc_member(ex, "walcheren_road") == NULL) {
		size_t m = sdoc_key(d, "walcheren_road");
		int rc = sdoc_soft(d, "missing: the road hexes from Woensdrecht to Schore (16.2, "
		                      "AMB-66)");
		sdoc_pop(d, m);
		return rc;
	}
	return sdoc_array(d, ex, "walcheren_road", 0, 0, -1, "hex ids", road_hex, &c);
}

/*
 * 11.2-02 (AMB-44): a unit entering "via hex X (if enemy occupied or in EZOC, first non-EZOC
 * hex north)" whose data lists only X gets the hexes north of X along the same map edge
 * (lower columns, AMB-35) as further arrival hexes, in order; ground.c picks the first free
 * one.  A scenario may list the whole chain itself.
 */
static int north_chain(struct fm_scenario *sc, struct fm_unit_def *u)
{
	const struct rules_hex_grid *g = &sc->map.grid;
	int first, row;

	if (u->setup != FM_SETUP_ARRIVES || u->where.n != 1)
		return 0;
	first = u->where.h[0];
	row = rules_hex_row(g, first);
	for (int col = rules_hex_col(g, first) - 1; col >= g->col_min; col--) {
		int h = rules_hex_index(g, col, row);
		if (rules_hexmap_hex_closed(&sc->map, h, 0))
			continue;
		if (rules_hexlist_add(&u->where, h) != 0)
			return WG_E_NO_MEMORY;
	}
	return 0;
}

/* The zones of the pocket, Antwerp, Walcheren, the victory area, the coast and the 104th's
 * barred area (AMB-46). */
static int zones(struct sdoc *d, struct fm_scenario *sc, struct scheldt_data *dd, const cJSON *ex,
                 int *us104_barred)
{
	const cJSON *zs = sdoc_member(ex, "zones");
	int z;

	zone_flags(sc, dd, zone_in(d, sc, zs, "pocket", "breskens_pocket", 1), SCH_HF_POCKET);
	zone_flags(sc, dd, zone_in(d, sc, zs, "antwerp", "antwerp", 1), SCH_HF_ANTWERP);
	zone_flags(sc, dd, zone_in(d, sc, zs, "walcheren", "walcheren", 1), SCH_HF_WALCHEREN);
	zone_flags(sc, dd, zone_in(d, sc, zs, "victory", "victory", 1), SCH_HF_VICTORY);
	z = zone_in(d, sc, zs, "coastal", "coastal", 0);
	if (z >= 0)
		zone_flags(sc, dd, z, SCH_HF_COASTAL);
	else
		compute_coast(sc, dd);
	z = *us104_barred = zone_in(d, sc, zs, "us104_barred", "west_of_woensdrecht", 0);
	for (int k = 0; z >= 0 && k < sc->map.zones[z].hexes.n; k++)
		if (dd->hexf[sc->map.zones[z].hexes.h[k]] & SCH_HF_ANTWERP) {
			sdoc_finding(
			    d, SDOC_WARNING, P ".zones.us104_barred",
			    "zone '%s' includes Antwerp hexes, where the 104th enters: they "
			    "stay open to it (11.2)",
			    sc->map.zones[z].id);
			break;
		}
	return 0;
}

/* BS-11.0-05: the eastern edge; AMB-35: the row xx17, the grid's row_min. */
static void east_edge(struct sdoc *d, struct scheldt_data *dd, const cJSON *ex)
{
	static const char *const names[] = {"col_min", "col_max", "row_min", "row_max"};
	const cJSON *it = sdoc_member(ex, "east_edge");

	dd->east_border = 2;
	if (it == NULL)
		return;
	dd->east_border = -1;
	for (int k = 0; k < 4; k++)
		if (cJSON_IsString(it) && strcmp(it->valuestring, names[k]) == 0)
			dd->east_border = k;
	if (dd->east_border < 0) {
		size_t m = sdoc_key(d, "east_edge");
		sdoc_soft(d, "expected col_min, col_max, row_min or row_max");
		sdoc_pop(d, m);
		dd->east_border = 2;
	}
}

/* 13.0: the frozen units and the pocket Germans (AMB-54, AMB-64), the Braakman crossing. */
static void pocket(struct sdoc *d, const struct fm_scenario *sc, struct scheldt_data *dd,
                   const cJSON *ex)
{
	const cJSON *fr = sdoc_member(ex, "frozen"), *bk = sdoc_member(ex, "braakman");
	size_t m = sdoc_key(d, "frozen");

	units_in(d, sc, dd, fr, "units", SCH_UF_FROZEN, -1, NULL, NULL, 0);
	dd->frozen_until = int_in(d, fr, "until_turn", 3, 0, FM_MAX_TURNS);
	sdoc_pop(d, m);
	if (sdoc_member(fr, "units") == NULL) /* default: every unit set up in the pocket */
		for (int u = 0; u < sc->nunits; u++)
			if (sc->units[u].setup == FM_SETUP_HEX &&
			    (dd->hexf[sc->units[u].setup_hex] & SCH_HF_POCKET))
				dd->unitf[u] |= SCH_UF_FROZEN;
	if (sdoc_member(ex, "pocket_germans") != NULL)
		units_in(d, sc, dd, ex, "pocket_germans", SCH_UF_POCKET_DE, dd->german, NULL, NULL,
		         0);
	else
		for (int u = 0; u < sc->nunits; u++)
			if ((dd->unitf[u] & SCH_UF_FROZEN) && sc->units[u].side == dd->german)
				dd->unitf[u] |= SCH_UF_POCKET_DE;
	m = sdoc_key(d, "braakman");
	if (cJSON_IsArray(sdoc_member(bk, "hexes"))) {
		struct rules_hexlist hexes = {0, NULL};
		if (rules_hexmap_read_hexes(d, &sc->map, bk, "hexes", &hexes, 1) == 0)
			for (int k = 0; k < hexes.n; k++)
				dd->hexf[hexes.h[k]] |= SCH_HF_BRAAKMAN;
		free(hexes.h);
	} else {
		size_t m2 = sdoc_key(d, "hexes");
		sdoc_soft(d, "missing: the Braakman Inlet hexes 2637, 2737, 2837 (13.0)");
		sdoc_pop(d, m2);
	}
	dd->braakman_turn = int_in(d, bk, "turn", 4, 1, FM_MAX_TURNS);
	dd->braakman_mp_half = 2 * int_in(d, bk, "mp_add", 2, 0, 20);
	if (sdoc_member(bk, "hexsides") != NULL)
		sides_in(d, sc, dd, bk, "hexsides", SCH_SF_BRAAKMAN);
	else
		compute_braakman(sc, dd);
	sdoc_pop(d, m);
}

/* 15.2: the causeway and its barred hexsides; 13.0 the Leopold Canal. */
static void causeway(struct sdoc *d, const struct fm_scenario *sc, struct scheldt_data *dd,
                     const cJSON *ex)
{
	const cJSON *cw = sdoc_member(ex, "causeway"), *one = sdoc_member(cw, "hexside");
	size_t m = sdoc_key(d, "causeway");

	if (one != NULL) {
		struct side_refs c = {sc, dd, SCH_SF_CAUSEWAY};
		size_t m2 = sdoc_key(d, "hexside");
		side_ref(d, one, 0, &c);
		sdoc_pop(d, m2);
	}
	sides_in(d, sc, dd, cw, "barred", SCH_SF_BARRED);
	sdoc_pop(d, m);
	sides_in(d, sc, dd, ex, "leopold_canal", SCH_SF_LEOPOLD);
}

/* 16.1, 16.2: the assault groups; 13.1 the 155th; 11.2 the 104th and the 719's entry. */
static int groups(struct sdoc *d, struct fm_scenario *sc, struct scheldt_data *dd, const cJSON *ex)
{
	const cJSON *it = sdoc_member(ex, "beveland");
	size_t m = sdoc_key(d, "beveland");

	units_in(d, sc, dd, it, "units", SCH_UF_BEVELAND, dd->allied, dd->group[SCH_GROUP_BEVELAND],
	         &dd->ngroup[SCH_GROUP_BEVELAND], SCH_MAX_GROUP);
	dd->beveland_from = int_in(d, it, "from_turn", 12, 1, FM_MAX_TURNS);
	sdoc_pop(d, m);
	it = sdoc_member(ex, "walcheren_assault");
	m = sdoc_key(d, "walcheren_assault");
	units_in(d, sc, dd, it, "units", SCH_UF_WALCHEREN, dd->allied,
	         dd->group[SCH_GROUP_WALCHEREN], &dd->ngroup[SCH_GROUP_WALCHEREN], SCH_MAX_GROUP);
	sdoc_pop(d, m);
	dd->withdraw_unit = -1;
	if ((it = sdoc_member(ex, "withdraw")) != NULL) {
		const cJSON *u = sdoc_member(it, "unit");
		m = sdoc_key(d, "withdraw");
		dd->withdraw_unit = cJSON_IsString(u) ? fm__unit_by_id(sc, u->valuestring) : -1;
		if (dd->withdraw_unit < 0) {
			size_t m2 = sdoc_key(d, "unit");
			sdoc_soft(d, "no unit '%s'", cJSON_IsString(u) ? u->valuestring : "?");
			sdoc_pop(d, m2);
		} else {
			dd->unitf[dd->withdraw_unit] |= SCH_UF_WITHDRAW;
		}
		dd->withdraw_turn = int_in(d, it, "turn", 8, 1, FM_MAX_TURNS);
		sdoc_pop(d, m);
	}
	units_in(d, sc, dd, ex, "us104", SCH_UF_US104, dd->allied, NULL, NULL, 0);
	units_in(d, sc, dd, ex, "first_free_north", SCH_UF_NORTH, -1, NULL, NULL, 0);
	for (int u = 0; u < sc->nunits; u++)
		if ((dd->unitf[u] & SCH_UF_NORTH) && north_chain(sc, &sc->units[u]) != 0)
			return WG_E_NO_MEMORY;
	return 0;
}

/*
 * The CRT lines the module names: the engineers' Clear line (12.0).  The Coastal line of a
 * beach assault (BS-CRT-01) is data of the system, crt.situations with the module's situation
 * "beach_assault"; a scenario text without crt.situations (format of 2026-11) names it in the
 * deprecated lines.coastal (default "coastal"), which gives it the same entry here.
 */
static void lines(struct sdoc *d, struct fm_scenario *sc, struct scheldt_data *dd, const cJSON *ex)
{
	const cJSON *it = sdoc_member(ex, "lines"), *cl = sdoc_member(it, "clear"),
	            *co = sdoc_member(it, "coastal");
	struct fm_situation st = {.nwhen = 1, .when = {SCH_SIT_BEACH_ASSAULT}};

	dd->line_clear = fm__line_by_id(sc, cJSON_IsString(cl) ? cl->valuestring : "clear");
	if (dd->line_clear < 0)
		sdoc_finding(d, SDOC_ERROR, P ".lines.clear",
		             "no CRT line for the engineers' Clear line (12.0)");
	if (sc->situations_given) {
		if (co != NULL)
			sdoc_finding(
			    d, SDOC_ERROR, P ".lines.coastal",
			    "deprecated member given with crt.situations: remove it (the "
			    "Coastal line is the crt.situations entry of \"beach_assault\")");
		return;
	}
	st.line = fm__line_by_id(sc, cJSON_IsString(co) ? co->valuestring : "coastal");
	if (st.line < 0) {
		sdoc_finding(d, SDOC_ERROR, P ".lines.coastal",
		             "no CRT line \"Coastal (if during a Beach Assault)\" (BS-CRT-01)");
		return;
	}
	sdoc_finding(d, SDOC_WARNING, co != NULL ? P ".lines.coastal" : "$.crt",
	             "deprecated: the Coastal line of a beach assault (BS-CRT-01) is now data: "
	             "give crt.situations [{\"when\": [\"beach_assault\"], \"line\": \"%s\"}] "
	             "and remove lines.coastal",
	             sc->crt.lines[st.line].id);
	if (fm__situation_add(sc, &st) != 0)
		sdoc_finding(d, SDOC_ERROR, "$.crt.situations", "too many situations");
}

/*
 * The support ranges of 14.2 (bombardment up to bombard_range hexes from the nearest
 * friendly unit, AMB-61) and 16.4 (a +10 only against a target within range of a Walcheren
 * coastal hex, bs.naval_range_max_distance, AMB-62) are data of the system: support.ranges.
 * A scenario text without it (format of 2026-11) had them from this module's code; it gets
 * the same ranges here, from its deprecated bombard_range (default 3), its naval markers
 * and its Walcheren coastal hexes.
 */
static void ranges(struct sdoc *d, struct fm_scenario *sc, const struct scheldt_data *dd,
                   const cJSON *ex)
{
	const unsigned wc = SCH_HF_COASTAL | SCH_HF_WALCHEREN;
	struct fm_range r;
	struct rules_hexlist from = {0, NULL};
	int rc = 0;

	if (sc->ranges_given) {
		if (sdoc_member(ex, "bombard_range") != NULL)
			sdoc_finding(d, SDOC_ERROR, P ".bombard_range",
			             "deprecated member given with support.ranges: remove it (the "
			             "14.2 range is a support.ranges entry)");
		return;
	}
	memset(&r, 0, sizeof(r));
	r.when = FM_RANGE_BOMBARD;
	r.all = 1;
	r.opt = -1;
	r.range = int_in(d, ex, "bombard_range", 3, 0, 99);
	r.from_unit = 1;
	snprintf(r.from_name, sizeof(r.from_name), "your nearest unit");
	snprintf(r.rule, sizeof(r.rule), "BS-14.2-01");
	sdoc_finding(d, SDOC_WARNING,
	             sdoc_member(ex, "bombard_range") != NULL ? P ".bombard_range" : "$.support",
	             "deprecated: the 14.2 bombardment range is now data: give support.ranges "
	             "[{\"when\": \"bombardment\", \"range\": %d, \"from\": \"unit\", \"rule\": "
	             "\"BS-14.2-01\"}] and remove bombard_range",
	             r.range);
	rc = fm__range_add(sc, &r, NULL);
	if (rc == 0 && (dd->naval[0] >= 0 || dd->naval[1] >= 0)) {
		memset(&r, 0, sizeof(r));
		r.when = FM_RANGE_BOMBARD | FM_RANGE_COMBAT;
		for (int k = 0; k < 2; k++)
			if (dd->naval[k] >= 0)
				r.sel[dd->allied][dd->naval[k]] = 1;
		r.opt = SCH_O_NAVAL_RANGE; /* its values "3" and "4" (scheldt.c) are the ranges */
		for (int q = 0; q < 2; q++)
			r.opt_range[q] = atoi(sc->module->options[SCH_O_NAVAL_RANGE].values[q]);
		snprintf(r.from_name, sizeof(r.from_name), "the nearest Walcheren coastal hex");
		snprintf(r.rule, sizeof(r.rule), "BS-16.4-01");
		for (int h = 0; rc == 0 && h < dd->count; h++)
			if ((dd->hexf[h] & wc) == wc)
				rc = rules_hexlist_add(&from, h);
		if (rc == 0)
			rc = fm__range_add(sc, &r, &from);
		free(from.h);
		sdoc_finding(
		    d, SDOC_WARNING, "$.support",
		    "deprecated: the 16.4 range of the +10 naval markers is now data: give "
		    "support.ranges [{\"flags\": [\"naval_plus10\"], \"side\": \"%s\", "
		    "\"range\": {\"option\": \"bs.naval_range_max_distance\"}, \"from\": "
		    "{\"zones\": [the Walcheren coastal hexes]}, \"rule\": \"BS-16.4-01\"}]",
		    sc->side_names[dd->allied]);
	}
	if (rc != 0)
		sdoc_finding(d, SDOC_ERROR, "$.support.ranges", "the ranges do not fit");
}

int scheldt__load(struct fm_scenario *sc, const cJSON *ex, struct sdoc *d)
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
	                                   NULL};
	const cJSON *hexes = sdoc_member(ex, "hexes");
	struct scheldt_data *dd = calloc(1, sizeof(*dd));
	int n = sc->map.grid.count, z, before = d->errors, rc;
	size_t m;

	if (dd == NULL)
		return WG_E_NO_MEMORY;
	sc->ex_data = dd;
	dd->count = n;
	dd->hexf = calloc((size_t)n, sizeof(*dd->hexf));
	dd->sidef = calloc((size_t)(3 * n), sizeof(*dd->sidef));
	dd->east_dist = calloc((size_t)n, sizeof(*dd->east_dist));
	dd->unitf = calloc((size_t)sc->nunits + 1, sizeof(*dd->unitf));
	if (!dd->hexf || !dd->sidef || !dd->east_dist || !dd->unitf)
		return WG_E_NO_MEMORY;
	if ((rc = sdoc_keys(d, ex, keys)) != 0)
		return rc;
	/* BS-10.1-01: the sides are the Allied and the German player */
	dd->allied = fm__side_by_name(sc, "allied");
	dd->german = fm__side_by_name(sc, "german");
	if (dd->allied < 0 || dd->german < 0) {
		sdoc_finding(d, SDOC_ERROR, "$.sides",
		             "the Battle of the Scheldt needs the sides \"allied\" and \"german\"");
		return d->report == NULL ? WG_E_BAD_SCENARIO : 0;
	}
	terrain_flags(sc, dd);
	zones(d, sc, dd, ex, &z);
	east_edge(d, dd, ex);
	m = sdoc_key(d, "hexes");
	dd->woensdrecht = hex_in(d, sc, hexes, "woensdrecht", 1);
	dd->terneuzen = hex_in(d, sc, hexes, "terneuzen", 1);
	sdoc_pop(d, m);
	/* AMB-46: every hex west of Woensdrecht (a higher row), or the data's zone; Antwerp, where
	 * the 104th enters (11.2), is never part of it */
	if (z >= 0)
		zone_flags(sc, dd, z, SCH_HF_US104_OFF);
	else if (dd->woensdrecht >= 0)
		for (int h = 0; h < n; h++)
			if (rules_hex_row(&sc->map.grid, h) >
			    rules_hex_row(&sc->map.grid, dd->woensdrecht))
				dd->hexf[h] |= SCH_HF_US104_OFF;
	for (int h = 0; h < n; h++)
		if (dd->hexf[h] & SCH_HF_ANTWERP)
			dd->hexf[h] &= (uint16_t)~SCH_HF_US104_OFF;
	tracked(d, sc, dd, ex);
	pocket(d, sc, dd, ex);
	causeway(d, sc, dd, ex);
	if ((rc = groups(d, sc, dd, ex)) != 0)
		return rc;
	rebuild_windows(d, sc, dd, ex);
	dd->german_edge_distance = int_in(d, ex, "german_rebuild_edge_distance", 8, 0, 99);
	markers(d, sc, dd, ex);
	ranges(d, sc, dd, ex);
	lines(d, sc, dd, ex);
	distances(sc, dd);
	if (d->report == NULL && d->errors > before)
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
	free(d->east_dist);
	free(d->unitf);
	free(d);
	sc->ex_data = NULL;
}

/* ---- consistency of the map facts (lint) --------------------------------- */

static int count_flag(const struct scheldt_data *d, unsigned flag)
{
	int n = 0;

	for (int h = 0; h < d->count; h++)
		n += (d->hexf[h] & flag) == flag;
	return n;
}

static void lint_units(const struct fm_scenario *sc, const struct scheldt_data *d, struct sdoc *f)
{
	for (int g = 0; g < 2; g++)
		for (int k = 0; k < d->ngroup[g]; k++) {
			const struct fm_unit_def *u = &sc->units[d->group[g][k]];
			if (u->setup != FM_SETUP_HELD && d->group[g][k] != d->withdraw_unit)
				sdoc_finding(
				    f, SDOC_ERROR,
				    g ? P ".walcheren_assault.units" : P ".beveland.units",
				    "unit %s must be held off the map (\"setup\": {\"held\": "
				    "...}): it enters only by its assault (BS-16.%d)",
				    u->id, g ? 2 : 1);
		}
	if (d->withdraw_unit >= 0 && !(d->unitf[d->withdraw_unit] & SCH_UF_BEVELAND))
		sdoc_finding(f, SDOC_WARNING, P ".withdraw.unit",
		             "the withdrawn unit %s is not in the Beveland group: it never returns "
		             "(13.1)",
		             sc->units[d->withdraw_unit].id);
	for (int u = 0; u < sc->nunits; u++) {
		char p[80];
		snprintf(p, sizeof(p), "$.units[%d].setup", u);
		if ((d->unitf[u] & SCH_UF_US104) && sc->units[u].setup == FM_SETUP_ARRIVES)
			for (int k = 0; k < sc->units[u].where.n; k++)
				if (!(d->hexf[sc->units[u].where.h[k]] & SCH_HF_ANTWERP))
					sdoc_finding(f, SDOC_WARNING, p,
					             "the 104th unit %s may enter outside Antwerp "
					             "(BS-11.2-09)",
					             sc->units[u].id);
		if ((d->unitf[u] & SCH_UF_NORTH) && sc->units[u].setup != FM_SETUP_ARRIVES)
			sdoc_finding(f, SDOC_ERROR, P ".first_free_north",
			             "unit %s is not a reinforcement", sc->units[u].id);
	}
}

static void lint_map(const struct fm_scenario *sc, const struct scheldt_data *d, struct sdoc *f)
{
	char buf[RULES_HEX_ID_MAX], p[80];
	int radius_ok = 0;

	if (count_flag(d, SCH_HF_POCKET) == 0)
		sdoc_finding(f, SDOC_ERROR, P ".zones.pocket",
		             "the Breskens Pocket has no hexes (BS-13.0-01)");
	if (count_flag(d, SCH_HF_ANTWERP) == 0)
		sdoc_finding(f, SDOC_ERROR, P ".zones.antwerp",
		             "Antwerp has no hexes (BS-11.0-08, BS-11.2-09)");
	if (count_flag(d, SCH_HF_VICTORY) == 0)
		sdoc_finding(f, SDOC_ERROR, P ".zones.victory",
		             "the victory area west of 2022-3217 has no hexes (BS-17.0-01)");
	if (count_flag(d, SCH_HF_COASTAL | SCH_HF_WALCHEREN) == 0)
		sdoc_finding(f, SDOC_ERROR, P ".zones.walcheren",
		             "Walcheren has no coastal hex: the Walcheren assault could never land "
		             "(BS-16.2-02)");
	for (int h = 0; h < d->count; h++) {
		if ((d->hexf[h] & SCH_HF_COASTAL) && (d->hexf[h] & SCH_HF_SEA))
			sdoc_finding(f, SDOC_ERROR, P ".zones.coastal",
			             "coastal hex %s is a sea hex",
			             rules_hex_format(&sc->map.grid, h, buf));
		if ((d->hexf[h] & SCH_HF_COASTAL) && !(d->hexf[h] & SCH_HF_SEA) &&
		    d->terneuzen >= 0 && rules_hex_distance(&sc->map.grid, h, d->terneuzen) <= 10)
			radius_ok = 1;
		if ((d->hexf[h] & SCH_HF_ANTWERP) && (d->hexf[h] & SCH_HF_SEA))
			sdoc_finding(f, SDOC_WARNING, P ".zones.antwerp",
			             "Antwerp hex %s is a sea hex",
			             rules_hex_format(&sc->map.grid, h, buf));
	}
	if (!radius_ok && d->terneuzen >= 0)
		sdoc_finding(
		    f, SDOC_ERROR, P ".zones.coastal",
		    "no coastal hex within 10 hexes of Terneuzen: the Beveland assault could "
		    "never land (BS-16.1-05)");
	if (d->woensdrecht >= 0 && (d->hexf[d->woensdrecht] & SCH_HF_SEA))
		sdoc_finding(f, SDOC_ERROR, P ".hexes.woensdrecht", "Woensdrecht is a sea hex");
	if (d->terneuzen >= 0 && (d->hexf[d->terneuzen] & SCH_HF_SEA))
		sdoc_finding(f, SDOC_ERROR, P ".hexes.terneuzen", "Terneuzen is a sea hex");
	for (int k = 0; k < d->nroad; k++) {
		int h = d->track[d->road[k]];
		snprintf(p, sizeof(p), P ".walcheren_road[%d]", k);
		if (!(sc->map.hex_flags[h] & RULES_HF_ROAD))
			sdoc_finding(f, SDOC_WARNING, p, "hex %s is not a road hex of the map",
			             rules_hex_format(&sc->map.grid, h, buf));
		if (k > 0 && !rules_hex_adjacent(&sc->map.grid, d->track[d->road[k - 1]], h))
			sdoc_finding(f, SDOC_WARNING, p,
			             "hex %s does not follow the previous road hex",
			             rules_hex_format(&sc->map.grid, h, buf));
	}
	if (d->woensdrecht >= 0 && d->nroad > 0 && d->track[d->road[0]] != d->woensdrecht)
		sdoc_finding(f, SDOC_WARNING, P ".walcheren_road[0]",
		             "the road should begin in Woensdrecht (16.2)");
	for (int s = 0; s < 3 * d->count; s++) {
		int a, b;
		if (!(d->sidef[s] & SCH_SF_BARRED) ||
		    rules_hex_side_hexes(&sc->map.grid, s, &a, &b))
			continue;
		if (!rules_hexmap_side_closed(&sc->map, a, b, 0))
			sdoc_finding(
			    f, SDOC_WARNING, P ".causeway.barred",
			    "hexside %s/%s is barred by 15.2 but not a prohibited hexside in "
			    "the map (the module enforces it)",
			    rules_hex_format(&sc->map.grid, a, buf),
			    rules_hex_format(&sc->map.grid, b, p));
	}
	if (count_flag(d, SCH_HF_BRAAKMAN) > 0) {
		int any = 0;
		for (int s = 0; s < 3 * d->count; s++)
			any |= (d->sidef[s] & SCH_SF_BRAAKMAN) != 0;
		if (!any)
			sdoc_finding(f, SDOC_WARNING, P ".braakman",
			             "no all-sea hexside west of the Braakman hexes: the Turn 4 "
			             "crossing has no use (BS-13.0-03)");
	}
}

/* The flooded-type terrain types must carry what 12.0 and 15.1 say of them. */
static void lint_terrain(const struct fm_scenario *sc, struct sdoc *f)
{
	for (int t = 0; t < sc->map.nterrain; t++) {
		const struct rules_terrain *tt = &sc->map.terrain[t];
		unsigned fl = scheldt__terrain_flag(tt);
		char p[64];
		snprintf(p, sizeof(p), "$.terrain[%d]", t);
		if (fl == SCH_HF_SEA && !tt->prohibited)
			sdoc_finding(f, SDOC_ERROR, p,
			             "sea terrain '%s' must be prohibited (BS-15.0-01)", tt->id);
		if (fl & (SCH_HF_FLOODED | SCH_HF_INLET | SCH_HF_RIVER)) {
			if (!tt->mp_all)
				sdoc_finding(f, SDOC_WARNING, p,
				             "'%s' should cost \"all\" MP (BS-TEM-05; the module "
				             "enforces it)",
				             tt->id);
			if (!tt->no_road)
				sdoc_finding(
				    f, SDOC_WARNING, p,
				    "'%s' should be no_road: roads there give no road rate "
				    "(BS-12.0-03)",
				    tt->id);
			if (!tt->mobile_prohibited)
				sdoc_finding(
				    f, SDOC_WARNING, p,
				    "'%s' should be mobile_prohibited (BS-12.0-06; the module "
				    "enforces it)",
				    tt->id);
		}
	}
}

static void lint_turns(const struct fm_scenario *sc, const struct scheldt_data *d, struct sdoc *f)
{
	if (sc->first_player != d->allied)
		sdoc_finding(
		    f, SDOC_ERROR, "$.turns.first_player",
		    "the Allied player is the first player throughout the game (BS-10.1-01)");
	if (sc->turns != 20)
		sdoc_finding(f, SDOC_WARNING, "$.turns.count",
		             "the game has %d turns; the rules imply 20 (AMB-31)", sc->turns);
	if (sc->turns >= 1 && (sc->allot[1][d->allied] != 11 || sc->allot[1][d->german] != 6))
		sdoc_finding(f, SDOC_WARNING, "$.support.allotment",
		             "Turn 1 allots %d Allied and %d German markers; 14.0 says 11 and 6 "
		             "(BS-14.0-02)",
		             sc->allot[1][d->allied], sc->allot[1][d->german]);
	if (d->at_marker < 0)
		sdoc_finding(f, SDOC_WARNING, P ".anti_tank_marker",
		             "no German +5 anti-tank marker (BS-14.1-01)");
	else if (sc->markers[d->german][d->at_marker].value != 5)
		sdoc_finding(f, SDOC_WARNING, P ".anti_tank_marker",
		             "the anti-tank marker is +%d, not +5 (BS-14.1-01)",
		             sc->markers[d->german][d->at_marker].value);
	for (int k = 0; k < 2; k++)
		if (d->naval[k] >= 0 && sc->markers[d->allied][d->naval[k]].value != 10)
			sdoc_finding(f, SDOC_WARNING, P ".naval_markers",
			             "naval marker %s is +%d, not +10 (BS-16.4-01)",
			             sc->markers[d->allied][d->naval[k]].id,
			             sc->markers[d->allied][d->naval[k]].value);
	if (d->naval[0] < 0 || d->naval[1] < 0)
		sdoc_finding(f, SDOC_WARNING, P ".naval_markers",
		             "the two Allied +10 naval markers are not both named (BS-16.4-01)");
}

/* The data of 14.2, 16.4 and BS-CRT-01 that the system reads: a bombardment range for every
 * marker, a range for each naval marker, and a situation entry of the beach assault. */
static void lint_system_data(const struct fm_scenario *sc, const struct scheldt_data *d,
                             struct sdoc *f)
{
	int bombard = 0, naval[2] = {d->naval[0] < 0, d->naval[1] < 0}, coastal = 0;

	for (int k = 0; k < sc->nranges; k++) {
		bombard |= sc->ranges[k].all && (sc->ranges[k].when & FM_RANGE_BOMBARD);
		for (int q = 0; q < 2; q++)
			naval[q] |= d->naval[q] >= 0 && sc->ranges[k].sel[d->allied][d->naval[q]] &&
			            sc->ranges[k].when == (FM_RANGE_BOMBARD | FM_RANGE_COMBAT);
	}
	for (int k = 0; k < sc->nsituations; k++)
		for (int q = 0; q < sc->situations[k].nwhen; q++)
			coastal |= sc->situations[k].when[q] == SCH_SIT_BEACH_ASSAULT;
	if (!bombard)
		sdoc_finding(
		    f, SDOC_WARNING, "$.support.ranges",
		    "no range of every marker in a bombardment: 14.2 limits bombardment to "
		    "3 hexes from the nearest friendly unit (BS-14.2-01)");
	if (!naval[0] || !naval[1])
		sdoc_finding(f, SDOC_WARNING, "$.support.ranges",
		             "a +10 naval marker has no range for both attacks and bombardments: "
		             "16.4 limits it to targets near a Walcheren coastal hex (BS-16.4-01)");
	if (!coastal)
		sdoc_finding(f, SDOC_WARNING, "$.crt.situations",
		             "no line for a beach assault: the Integrated CRT has \"Coastal (if "
		             "during a Beach Assault)\" (BS-CRT-01)");
}

void scheldt__lint(const struct fm_scenario *sc, struct sdoc *f)
{
	const struct scheldt_data *d = sc->ex_data;

	if (d == NULL || d->allied < 0 || d->german < 0)
		return;
	lint_units(sc, d, f);
	lint_map(sc, d, f);
	lint_terrain(sc, f);
	lint_turns(sc, d, f);
	lint_system_data(sc, d, f);
}
