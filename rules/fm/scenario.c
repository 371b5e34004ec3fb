/*
 * scenario.c -- loads and validates an F&M scenario document
 * (docs/data-format.md) into an immutable struct fm_scenario: the F&M
 * content (sides, edition, CRT, units and their set-up, turn track, support
 * fire markers, victory, options, the exclusive module).  The map and its
 * terrain types are read by rules/core/hexmap.c, with F&M's own members of a
 * type (CRT line, fortification, minefield) through the hexmap extension
 * below; the reader itself is rules/core/sdoc.c.  Game options are built in
 * options.c; consistency checks of the loaded scenario are in lint.c.
 *
 * Every error names the file, the JSON path and the problem:
 *   "test.json: $.map.hexes[3].terrain[0]: unknown terrain 'swmp'".
 * The loader is strict: unknown members are errors.  On failure nothing
 * leaks: the half-built scenario is freed.  In lint mode (check-scenario)
 * every finding is reported and loading goes on past the recoverable ones
 * (sdoc.h).
 */
#include "fm_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int fm__side_by_name(const struct fm_scenario *sc, const char *name)
{
	for (int s = 0; s < RULES_SIDES; s++)
		if (strcasecmp(sc->side_names[s], name) == 0)
			return s;
	return -1;
}

int fm__line_by_id(const struct fm_scenario *sc, const char *id)
{
	for (int k = 0; k < sc->crt.nlines; k++)
		if (strcmp(sc->crt.lines[k].id, id) == 0)
			return k;
	return -1;
}

static const char *const result_names[FM_R_COUNT] = {
    [FM_R_NE] = "NE", [FM_R_EX] = "Ex",  [FM_R_D1] = "D1", [FM_R_D2] = "D2",
    [FM_R_D3] = "D3", [FM_R_DE] = "De",  [FM_R_A1] = "A1", [FM_R_A2] = "A2",
    [FM_R_A3] = "A3", [FM_R_AA] = "(A)", [FM_R_AE] = "Ae",
};

const char *fm__result_name(int r)
{
	return r >= 0 && r < FM_R_COUNT ? result_names[r] : "?";
}

static int result_parse(const char *s)
{
	if (strcmp(s, "\xe2\x80\xa2") == 0 || strcmp(s, "-") == 0)
		return FM_R_NE;
	for (int r = 0; r < FM_R_COUNT; r++)
		if (strcasecmp(s, result_names[r]) == 0)
			return r;
	return -1;
}

/* A side name member (required, or optional: *out untouched when absent or ""). */
static int get_side(struct sdoc *d, const struct fm_scenario *sc, const cJSON *obj, const char *key,
                    int *out, int required)
{
	char name[FM_ID];
	size_t m;
	int rc = sdoc_str(d, obj, key, name, sizeof(name), required ? NULL : "");

	if (rc)
		return rc;
	if (!required && name[0] == '\0')
		return 0;
	*out = fm__side_by_name(sc, name);
	if (*out < 0) {
		m = sdoc_key(d, key);
		rc = sdoc_fail(d, "unknown side '%s' (sides are '%s' and '%s')", name,
		               sc->side_names[0], sc->side_names[1]);
		sdoc_pop(d, m);
	}
	return rc;
}

/* ---- the CRT ----------------------------------------------------------- */

static int parse_label(const char *s, int *lo, int *hi)
{
	char *end;
	long a = strtol(s, &end, 10), b;

	if (end == s)
		return -1;
	if (*end == '\0') {
		*lo = *hi = (int)a;
		return 0;
	}
	if (*end != '/')
		return -1;
	b = strtol(end + 1, &end, 10);
	if (*end != '\0' || b < a)
		return -1;
	*lo = (int)a;
	*hi = (int)b;
	return 0;
}

static int crt_column(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	struct fm_crt *crt = arg;

	if (!cJSON_IsString(it) || strlen(it->valuestring) >= sizeof(crt->labels[0]) ||
	    parse_label(it->valuestring, &crt->lo[i], &crt->hi[i]) != 0)
		return sdoc_fail(d, "expected a label such as \"-5\", \"0\" or \"+2/+3\"");
	if (i > 0 && crt->lo[i] != crt->hi[i - 1] + 1)
		return sdoc_fail(d, "label '%s' does not follow the previous column",
		                 it->valuestring);
	snprintf(crt->labels[i], sizeof(crt->labels[i]), "%s", it->valuestring);
	crt->ncols = i + 1;
	return 0;
}

struct crt_row {
	struct fm_crt *crt;
	int row;
};

static int crt_cell(struct sdoc *d, const cJSON *cell, int j, void *arg)
{
	struct crt_row *r = arg;
	int result = cJSON_IsString(cell) ? result_parse(cell->valuestring) : -1;

	if (result < 0)
		return sdoc_fail(
		    d, "unknown result (use NE, Ex, D1, D2, D3, De, A1, A2, A3, (A), Ae)");
	r->crt->cell[r->row][j] = (uint8_t)result;
	return 0;
}

static int crt_rowfn(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	struct fm_crt *crt = arg;
	struct crt_row r = {crt, i};

	if (!cJSON_IsArray(it) || cJSON_GetArraySize(it) != crt->ncols)
		return sdoc_fail(d, "expected %d results (one per column)", crt->ncols);
	return sdoc_items(d, it, 0, -1, "results", crt_cell, &r);
}

static int crt_line(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	static const char *const keys[] = {"id", "name", "lowest", NULL};
	struct fm_crt *crt = arg;
	struct fm_line *ln = &crt->lines[i];
	char low[8];
	int rc;

	if ((rc = sdoc_keys(d, it, keys)) != 0 ||
	    (rc = sdoc_str(d, it, "id", ln->id, sizeof(ln->id), NULL)) != 0 ||
	    (rc = sdoc_str(d, it, "name", ln->name, sizeof(ln->name), ln->id)) != 0 ||
	    (rc = sdoc_str(d, it, "lowest", low, sizeof(low), NULL)) != 0)
		return rc;
	ln->first = -1;
	for (int j = 0; j < crt->ncols; j++)
		if (strcmp(crt->labels[j], low) == 0)
			ln->first = j;
	if (ln->first < 0)
		return sdoc_fail(d, "lowest '%s' is not one of the column labels", low);
	for (int k = 0; k < i; k++)
		if (strcmp(crt->lines[k].id, ln->id) == 0)
			return sdoc_fail(d, "duplicate line id '%s'", ln->id);
	crt->nlines = i + 1;
	return 0;
}

static int load_crt(struct sdoc *d, struct fm_scenario *sc, const cJSON *doc)
{
	static const char *const keys[] = {"columns",      "rows",       "lines",
	                                   "default_line", "situations", NULL};
	struct fm_crt *crt = &sc->crt;
	const cJSON *c = sdoc_member(doc, "crt");
	char def[FM_ID];
	size_t m = sdoc_key(d, "crt"), m2;
	int rc;

	if (c == NULL) {
		rc = sdoc_fail(d, "missing (the combat results table is required)");
		goto out;
	}
	if ((rc = sdoc_keys(d, c, keys)) != 0 ||
	    (rc = sdoc_array(d, c, "columns", SDOC_REQUIRED, 1, FM_MAX_COLS, "differential labels",
	                     crt_column, crt)) != 0)
		goto out;
	sc->situations_given = sdoc_member(c, "situations") != NULL; /* read by load_situations */
	if (!cJSON_IsArray(sdoc_member(c, "rows")) ||
	    cJSON_GetArraySize(sdoc_member(c, "rows")) != 6) {
		m2 = sdoc_key(d, "rows");
		rc = sdoc_fail(d, "expected six rows (die rolls 1 to 6)");
		sdoc_pop(d, m2);
		goto out;
	}
	if ((rc = sdoc_array(d, c, "rows", SDOC_REQUIRED, 6, 6, "rows", crt_rowfn, crt)) != 0 ||
	    (rc = sdoc_array(d, c, "lines", SDOC_REQUIRED, 1, FM_MAX_LINES, "terrain lines",
	                     crt_line, crt)) != 0 ||
	    (rc = sdoc_str(d, c, "default_line", def, sizeof(def), NULL)) != 0)
		goto out;
	crt->default_line = fm__line_by_id(sc, def);
	if (crt->default_line < 0) {
		m2 = sdoc_key(d, "default_line");
		rc = sdoc_fail(d, "unknown line '%s'", def);
		sdoc_pop(d, m2);
	}
out:
	sdoc_pop(d, m);
	return rc;
}

/* ---- F&M's members of the map's types (rules_hexmap_ext) ---------------- */

static int get_line_ref(struct sdoc *d, const struct fm_scenario *sc, const cJSON *obj,
                        const char *key, int *out)
{
	const cJSON *it = sdoc_member(obj, key);
	size_t m;
	int rc = 0;

	*out = -1;
	if (it == NULL || cJSON_IsNull(it))
		return 0;
	m = sdoc_key(d, key);
	if (!cJSON_IsString(it))
		rc = sdoc_fail(d, "expected a CRT line id or null");
	else if ((*out = fm__line_by_id(sc, it->valuestring)) < 0)
		rc = sdoc_fail(d, "unknown CRT line '%s'", it->valuestring);
	sdoc_pop(d, m);
	return rc;
}

/* FM-6.0-05: "blocks_zoc_of": the sides whose units exert no ZOC into hexes of type t. */
static int zoc_blocks(struct sdoc *d, struct fm_scenario *sc, const cJSON *obj, int t)
{
	char names[RULES_SIDES][FM_ID];
	int n = 0, rc = sdoc_names(d, obj, "blocks_zoc_of", &names[0][0], FM_ID, RULES_SIDES, &n);

	for (int k = 0; !rc && k < n; k++) {
		int side = fm__side_by_name(sc, names[k]);
		if (side < 0) {
			size_t m = sdoc_key(d, "blocks_zoc_of");
			sdoc_idx(d, k);
			rc = sdoc_soft(d, "unknown side '%s' (sides are '%s' and '%s')", names[k],
			               sc->side_names[0], sc->side_names[1]);
			sdoc_pop(d, m);
		} else {
			sc->zoc_block[side] |= 1u << t;
		}
	}
	return rc;
}

static int type_rules(struct sdoc *d, const cJSON *obj, int is_side, int t, void *ctx)
{
	struct fm_scenario *sc = ctx;
	struct fm_type_rules *r = is_side ? &sc->sx[t] : &sc->tx[t];
	int rc;

	memset(r, 0, sizeof(*r));
	r->bridge_line = -1;
	if ((rc = get_line_ref(d, sc, obj, "crt_line", &r->line)) != 0)
		return rc;
	if (is_side) {
		if ((rc = get_line_ref(d, sc, obj, "bridge_line", &r->bridge_line)) != 0)
			return rc;
		return sdoc_bool(d, obj, "minefield", &r->minefield);
	}
	if ((rc = sdoc_bool(d, obj, "fortification", &r->fortification)) != 0)
		return rc;
	return zoc_blocks(d, sc, obj, t);
}

static const char *const fm_terrain_keys[] = {"crt_line", "fortification", "blocks_zoc_of", NULL};
static const char *const fm_side_keys[] = {"crt_line", "bridge_line", "minefield", NULL};
static const char *const fm_map_keys[] = {"supply_sources", "fortifications", NULL};

/* ---- units --------------------------------------------------------------- */

static int parse_step(struct sdoc *d, const cJSON *it, struct fm_step *st)
{
	int v[3];

	if (cJSON_IsString(it)) {
		const char *p = it->valuestring;
		for (int k = 0; k < 3; k++) {
			char *end;
			long x = strtol(p, &end, 10);
			if (end == p || *end != (k < 2 ? '-' : '\0') || x < 0 || x > 99)
				goto bad;
			v[k] = (int)x;
			p = end + 1;
		}
	} else if (cJSON_IsArray(it) && cJSON_GetArraySize(it) == 3) {
		const cJSON *x;
		int k = 0;
		cJSON_ArrayForEach(x, it)
		{
			if (!cJSON_IsNumber(x) || x->valuedouble != floor(x->valuedouble) ||
			    x->valuedouble < 0 || x->valuedouble > 99)
				goto bad;
			v[k++] = x->valueint;
		}
	} else {
		goto bad;
	}
	st->attack = v[0];
	st->defense = v[1];
	st->ma = v[2];
	return 0;
bad:
	return sdoc_soft(d, "expected \"attack-defense-movement\" such as \"5-4-6\" or [5, 4, 6]");
}

struct zone_hexes {
	const struct fm_scenario *sc;
	struct rules_hexlist *list;
};

/* One zone id of a set-up: all its hexes join the list. */
static int setup_zone(struct sdoc *d, const cJSON *z, int k, void *arg)
{
	struct zone_hexes *c = arg;
	int zi = cJSON_IsString(z) ? rules_hexmap_zone(&c->sc->map, z->valuestring) : -1;

	(void)k;
	if (zi < 0)
		return sdoc_soft(d, "unknown zone '%s'", cJSON_IsString(z) ? z->valuestring : "?");
	for (int q = 0; q < c->sc->map.zones[zi].hexes.n; q++)
		if (rules_hexlist_add(c->list, c->sc->map.zones[zi].hexes.h[q]) != 0)
			return sdoc_nomem(d);
	return 0;
}

/* "choose" or "arrives": the hexes, zones and (choose) near/radius of a set-up. */
static int setup_where(struct sdoc *d, struct fm_scenario *sc, const cJSON *x, int arrives,
                       struct fm_unit_def *u)
{
	static const char *const ckeys[] = {"hexes", "zones", "near", "radius", NULL};
	static const char *const akeys[] = {"turn", "hexes", "zones", NULL};
	struct zone_hexes zc = {sc, &u->where};
	int rc;

	if ((rc = sdoc_keys(d, x, arrives ? akeys : ckeys)) != 0 ||
	    (arrives && (rc = sdoc_int(d, x, "turn", &u->arrive_turn, 1, 1, sc->turns)) != 0) ||
	    (rc = rules_hexmap_read_hexes(d, &sc->map, x, "hexes", &u->where, 0)) != 0 ||
	    (rc = sdoc_array(d, x, "zones", 0, 0, -1, "zone ids", setup_zone, &zc)) != 0)
		return rc;
	if (!arrives && sdoc_member(x, "near")) {
		struct rules_hexlist near = {0, NULL};
		int radius = 1;
		rc = rules_hexmap_read_hexes(d, &sc->map, x, "near", &near, 1);
		if (!rc)
			rc = sdoc_int(d, x, "radius", &radius, 0, 0, 20);
		for (int h = 0; !rc && h < sc->map.grid.count; h++)
			for (int q = 0; q < near.n; q++)
				if (rules_hex_distance(&sc->map.grid, h, near.h[q]) <= radius) {
					if (rules_hexlist_add(&u->where, h) != 0)
						rc = sdoc_nomem(d);
					break;
				}
		free(near.h);
		if (rc)
			return rc;
	}
	if (u->where.n == 0)
		return sdoc_soft(d, "no hex of the map given (hexes, zones%s)",
		                 arrives ? "" : " or near");
	return 0;
}

static int load_setup(struct sdoc *d, struct fm_scenario *sc, const cJSON *it,
                      struct fm_unit_def *u)
{
	static const char *const skeys[] = {"hex", "choose", "arrives", "held", NULL};
	const cJSON *s = sdoc_member(it, "setup"), *x;
	size_t m = sdoc_key(d, "setup"), m2;
	int rc = 0, forms;

	if (s == NULL) {
		rc = sdoc_fail(d, "missing (hex, choose, arrives or held)");
		goto out;
	}
	if ((rc = sdoc_keys(d, s, skeys)) != 0)
		goto out;
	forms = (sdoc_member(s, "hex") != NULL) + (sdoc_member(s, "choose") != NULL) +
	        (sdoc_member(s, "arrives") != NULL) + (sdoc_member(s, "held") != NULL);
	if (forms != 1) {
		rc = sdoc_soft(d, "give exactly one of hex, choose, arrives, held");
		u->setup = FM_SETUP_HELD; /* lint mode: checked as if held off the map */
		goto out;
	}
	if ((x = sdoc_member(s, "hex")) != NULL) {
		u->setup = FM_SETUP_HEX;
		m2 = sdoc_key(d, "hex");
		rc = rules_hexmap_read_hex(d, &sc->map, x, &u->setup_hex);
		sdoc_pop(d, m2);
		if (rc == SDOC_SKIP) {
			u->setup = FM_SETUP_HELD;
			rc = 0;
		}
	} else if ((x = sdoc_member(s, "held")) != NULL) {
		u->setup = FM_SETUP_HELD;
		if (!cJSON_IsString(x)) {
			m2 = sdoc_key(d, "held");
			rc = sdoc_fail(d, "expected a string saying which rule brings it in");
			sdoc_pop(d, m2);
		}
	} else {
		int arrives = sdoc_member(s, "arrives") != NULL;
		u->setup = arrives ? FM_SETUP_ARRIVES : FM_SETUP_CHOOSE;
		m2 = sdoc_key(d, arrives ? "arrives" : "choose");
		rc = setup_where(d, sc, sdoc_member(s, arrives ? "arrives" : "choose"), arrives, u);
		sdoc_pop(d, m2);
	}
out:
	sdoc_pop(d, m);
	return rc;
}

static int unit_abilities(struct sdoc *d, const cJSON *it, struct fm_unit_def *u)
{
	char abil[FM_MAX_FLAGS * 2][FM_ID];
	int nab = 0,
	    rc = sdoc_names(d, it, "abilities", &abil[0][0], FM_ID, FM_MAX_FLAGS * 2, &nab);

	for (int q = 0; !rc && q < nab; q++) {
		if (strcmp(abil[q], "commando") == 0)
			u->abilities |= FM_AB_COMMANDO;
		else if (strcmp(abil[q], "engineer") == 0)
			u->abilities |= FM_AB_ENGINEER;
		else if (strcmp(abil[q], "armored_brigade") == 0)
			u->abilities |= FM_AB_ARMOR;
		else if (strcmp(abil[q], "seaborne") == 0)
			u->abilities |= FM_AB_SEABORNE;
		else if (u->nextra < FM_MAX_FLAGS)
			snprintf(u->extra[u->nextra++], FM_ID, "%.*s", FM_ID - 1, abil[q]);
		else
			rc = sdoc_fail(d, "too many abilities");
	}
	return rc;
}

struct unit_steps {
	struct fm_unit_def *u;
	int rc; /* the first soft error (parse_step goes on past it) */
};

static int unit_step(struct sdoc *d, const cJSON *st, int k, void *arg)
{
	struct unit_steps *c = arg;

	if (c->rc == 0)
		c->rc = parse_step(d, st, &c->u->steps[k]);
	c->u->nsteps = k + 1;
	return 0;
}

/* The id players type and the engine prints for a counter's printed id: each space
 * written '_' (the protocol splits arguments at spaces), so "2 AG" is 2_AG. */
static void typeable_id(const char *printed, char *out, size_t n)
{
	size_t k = 0;

	for (; printed[k] != '\0' && k + 1 < n; k++)
		out[k] = printed[k] == ' ' ? '_' : printed[k];
	out[k] = '\0';
}

static int load_unit(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	static const char *const keys[] = {
	    "id",  "side",      "nationality", "size",    "type",  "formation", "mobile",
	    "zoc", "abilities", "steps",       "reduced", "setup", NULL};
	struct fm_scenario *sc = arg;
	struct fm_unit_def *u = &sc->units[i];
	struct unit_steps steps = {u, 0};
	int reduced = 0, rc;

	sc->nunits = i + 1;
	u->zoc = 1;
	if ((rc = sdoc_keys(d, it, keys)) != 0 ||
	    (rc = sdoc_str(d, it, "id", u->name, sizeof(u->name), NULL)) != 0)
		return rc;
	if (!sdoc_id_ok(u->name))
		return sdoc_fail(d, "bad unit id");
	typeable_id(u->name, u->id, sizeof(u->id));
	for (int q = 0; q < i; q++)
		if (strcmp(sc->units[q].id, u->id) == 0 &&
		    (rc = sdoc_soft(d, "duplicate unit id '%s' (as typed: %s)", u->name, u->id)) !=
		        0)
			return rc;
	if ((rc = get_side(d, sc, it, "side", &u->side, 1)) != 0 ||
	    (rc = sdoc_str(d, it, "nationality", u->nationality, sizeof(u->nationality), "")) !=
	        0 ||
	    (rc = sdoc_str(d, it, "size", u->size, sizeof(u->size), "")) != 0 ||
	    (rc = sdoc_str(d, it, "type", u->type, sizeof(u->type), "")) != 0 ||
	    (rc = sdoc_str(d, it, "formation", u->formation, sizeof(u->formation), "")) != 0 ||
	    (rc = sdoc_bool(d, it, "mobile", &u->mobile)) != 0 ||
	    (rc = sdoc_bool(d, it, "zoc", &u->zoc)) != 0 || (rc = unit_abilities(d, it, u)) != 0)
		return rc;
	rc = sdoc_array(d, it, "steps", SDOC_REQUIRED, 1, FM_MAX_STEPS,
	                "steps, full strength first", unit_step, &steps);
	if (rc == 0)
		rc = steps.rc;
	if (rc || (rc = sdoc_bool(d, it, "reduced", &reduced)) != 0)
		return rc;
	if (reduced) {
		if (u->nsteps < 2 &&
		    (rc = sdoc_soft(d, "a one-step unit cannot start reduced")) != 0)
			return rc;
		if (u->nsteps >= 2)
			u->start_step = 1;
	}
	return load_setup(d, sc, it, u);
}

/* FM-5.3-01, FM-5.2-07: fixed set-up hexes are distinct and not prohibited. */
static int check_fixed_hexes(struct sdoc *d, const struct fm_scenario *sc)
{
	char buf[RULES_HEX_ID_MAX];
	int rc = 0;

	for (int a = 0; a < sc->nunits && !rc; a++) {
		const struct fm_unit_def *u = &sc->units[a];
		size_t m2;
		int t;
		if (u->setup != FM_SETUP_HEX)
			continue;
		m2 = sdoc_idx(d, a);
		sdoc_key(d, "setup");
		sdoc_key(d, "hex");
		for (int b = 0; b < a && !rc; b++)
			if (sc->units[b].setup == FM_SETUP_HEX &&
			    sc->units[b].setup_hex == u->setup_hex)
				rc = sdoc_soft(d, "units %s and %s both set up in hex %s",
				               sc->units[b].id, u->id,
				               rules_hex_format(&sc->map.grid, u->setup_hex, buf));
		if (!rc && (t = rules_hexmap_hex_closed(&sc->map, u->setup_hex, u->mobile)) != 0)
			rc = sdoc_soft(d, "unit %s sets up in prohibited %s hex %s", u->id,
			               sc->map.terrain[t - 1].name,
			               rules_hex_format(&sc->map.grid, u->setup_hex, buf));
		sdoc_pop(d, m2);
	}
	return rc;
}

static int load_units(struct sdoc *d, struct fm_scenario *sc, const cJSON *doc)
{
	const cJSON *list = sdoc_member(doc, "units");
	size_t m;
	int rc;

	if (cJSON_IsArray(list) && cJSON_GetArraySize(list) >= 1 &&
	    cJSON_GetArraySize(list) <= FM_MAX_UNITS) {
		sc->units = calloc((size_t)cJSON_GetArraySize(list), sizeof(*sc->units));
		if (sc->units == NULL)
			return sdoc_nomem(d);
	}
	rc = sdoc_array(d, doc, "units", SDOC_REQUIRED, 1, FM_MAX_UNITS, "units", load_unit, sc);
	if (rc)
		return rc;
	m = sdoc_key(d, "units");
	rc = check_fixed_hexes(d, sc);
	sdoc_pop(d, m);
	return rc;
}

/* ---- the map's F&M members: supply sources, fortification counters ------- */

/* FM-8.3-03: {"side": name, "hexes": [...], "zones": [...]}: hexes a side's retreats prefer
 * to end closer to, like its friendly map edges. */
static int supply_source(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	static const char *const keys[] = {"side", "hexes", "zones", NULL};
	struct fm_scenario *sc = arg;
	struct zone_hexes zc = {sc, NULL};
	int side = -1, before, rc;

	(void)i;
	if ((rc = sdoc_keys(d, it, keys)) != 0 || (rc = get_side(d, sc, it, "side", &side, 1)) != 0)
		return rc;
	zc.list = &sc->supply[side];
	before = sc->supply[side].n;
	if ((rc = rules_hexmap_read_hexes(d, &sc->map, it, "hexes", zc.list, 0)) != 0 ||
	    (rc = sdoc_array(d, it, "zones", 0, 0, -1, "zone ids", setup_zone, &zc)) != 0)
		return rc;
	if (sdoc_member(it, "hexes") == NULL && sdoc_member(it, "zones") == NULL)
		return sdoc_soft(d, "give the source's hexes, zones or both");
	if (sc->supply[side].n == before && sdoc_member(it, "zones") != NULL)
		return sdoc_warn(d, "the supply source has no hex (its zones are empty)");
	return 0;
}

/* One hex of a fortification counter entry: on the map (read_hex), not prohibited. */
static int fort_hex(struct sdoc *d, const cJSON *it, int k, void *arg)
{
	struct fm_scenario *sc = arg;
	struct rules_hexmap *m = &sc->map;
	char buf[RULES_HEX_ID_MAX];
	int h, t, rc = rules_hexmap_read_hex(d, m, it, &h);

	(void)k;
	if (rc)
		return rc;
	if ((t = rules_hexmap_hex_closed(m, h, 0)) != 0)
		return sdoc_soft(d, "a fortification counter on hex %s, of prohibited terrain (%s)",
		                 rules_hex_format(&m->grid, h, buf), m->terrain[t - 1].name);
	for (t = 0; t < m->nterrain; t++)
		if ((m->hex_terrain[h] & (1u << t)) && sc->tx[t].fortification)
			sdoc_warn(d, "hex %s already has printed fortification terrain (%s)",
			          rules_hex_format(&m->grid, h, buf), m->terrain[t].name);
	m->hex_flags[h] |= FM_HF_FORT_COUNTER;
	return 0;
}

/* FM-8.2.3: {"hexes": [...]}: hexes holding a fortification counter from the start. */
static int fort_counter(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	static const char *const keys[] = {"hexes", NULL};
	int rc;

	(void)i;
	if ((rc = sdoc_keys(d, it, keys)) != 0)
		return rc;
	return sdoc_array(d, it, "hexes", SDOC_REQUIRED, 1, -1, "hex ids", fort_hex, arg);
}

static int load_map_extra(struct sdoc *d, struct fm_scenario *sc, const cJSON *doc)
{
	const cJSON *map = sdoc_member(doc, "map");
	size_t m = sdoc_key(d, "map");
	int rc;

	if ((rc = sdoc_array(d, map, "supply_sources", 0, 0, -1, "supply sources", supply_source,
	                     sc)) == 0)
		rc = sdoc_array(d, map, "fortifications", 0, 0, -1, "fortification counters",
		                fort_counter, sc);
	sdoc_pop(d, m);
	return rc;
}

/* ---- turns, support, victory -------------------------------------------- */

static int setup_side(struct sdoc *d, const cJSON *it, int k, void *arg)
{
	struct fm_scenario *sc = arg;
	int s = cJSON_IsString(it) ? fm__side_by_name(sc, it->valuestring) : -1;

	if (s < 0)
		return sdoc_fail(d, "unknown side");
	if (k == 1 && sc->setup_order[0] == s)
		return sdoc_fail(d, "side listed twice");
	sc->setup_order[k] = s;
	sc->nsetup = k + 1;
	return 0;
}

static int load_turns(struct sdoc *d, struct fm_scenario *sc, const cJSON *doc)
{
	static const char *const keys[] = {"count", "first_player", "setup_order", "labels", NULL};
	const cJSON *t = sdoc_member(doc, "turns"), *arr, *it;
	size_t m = sdoc_key(d, "turns");
	int rc = 0;

	if (t == NULL) {
		rc = sdoc_fail(d, "missing (the turn track is required)");
		goto out;
	}
	if ((rc = sdoc_keys(d, t, keys)) != 0 ||
	    (rc = sdoc_int(d, t, "count", &sc->turns, 1, 1, FM_MAX_TURNS)) != 0 ||
	    (rc = get_side(d, sc, t, "first_player", &sc->first_player, 1)) != 0)
		goto out;
	if (sc->turns < 1) { /* lint mode went on past a bad count */
		size_t m2 = sdoc_key(d, "count");
		rc = sdoc_fail(d, "the game needs at least one turn");
		sdoc_pop(d, m2);
		goto out;
	}
	if (sdoc_member(t, "setup_order") != NULL) {
		sc->nsetup = 0;
		if ((rc = sdoc_array(d, t, "setup_order", 0, 0, RULES_SIDES, "side names",
		                     setup_side, sc)) != 0)
			goto out;
	} else {
		sc->nsetup = 2;
		sc->setup_order[0] = sc->first_player;
		sc->setup_order[1] = 1 - sc->first_player;
	}
	if ((arr = sdoc_member(t, "labels")) != NULL) {
		size_t m2 = sdoc_key(d, "labels");
		int k = 1;
		if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != sc->turns)
			rc = sdoc_soft(d, "expected one label per turn (%d)", sc->turns);
		else
			cJSON_ArrayForEach(it, arr)
			{
				if (!rc && (!cJSON_IsString(it) || strlen(it->valuestring) >= 24))
					rc = sdoc_soft(
					    d, "labels are strings of at most 23 characters");
				if (!rc && k <= FM_MAX_TURNS && cJSON_IsString(it))
					snprintf(sc->labels[k++], 24, "%.23s", it->valuestring);
			}
		sdoc_pop(d, m2);
	}
out:
	sdoc_pop(d, m);
	return rc;
}

static int get_allot_pair(struct sdoc *d, struct fm_scenario *sc, const cJSON *it, int turn)
{
	int first = sc->first_player;

	if (!cJSON_IsArray(it) || cJSON_GetArraySize(it) != 2 || !cJSON_IsNumber(it->child) ||
	    !cJSON_IsNumber(it->child->next) || it->child->valueint < 0 ||
	    it->child->next->valueint < 0 || it->child->valueint > FM_MAX_MARKERS ||
	    it->child->next->valueint > FM_MAX_MARKERS)
		return sdoc_soft(d, "expected [first player, second player] marker counts");
	sc->allot[turn][first] = it->child->valueint;
	sc->allot[turn][1 - first] = it->child->next->valueint;
	return 0;
}

static int allot_turn(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	return get_allot_pair(d, arg, it, i + 1);
}

static int load_allotment(struct sdoc *d, struct fm_scenario *sc, const cJSON *s)
{
	static const char *const akeys[] = {"default", "turns", NULL};
	const cJSON *a = sdoc_member(s, "allotment"), *it;
	size_t m = sdoc_key(d, "allotment");
	int rc = 0;

	if (cJSON_IsArray(a)) {
		sdoc_pop(d, m);
		return sdoc_array(d, s, "allotment", 0, sc->turns, sc->turns,
		                  "[first, second] pairs, one per turn", allot_turn, sc);
	}
	if (cJSON_IsObject(a)) {
		const cJSON *def = sdoc_member(a, "default"), *turns = sdoc_member(a, "turns");
		rc = sdoc_keys(d, a, akeys);
		if (!rc) {
			size_t m3 = sdoc_key(d, "default");
			if (def == NULL)
				rc = sdoc_fail(d, "missing");
			for (int t = 1; !rc && t <= sc->turns; t++)
				rc = get_allot_pair(d, sc, def, t);
			sdoc_pop(d, m3);
		}
		if (!rc && turns != NULL) {
			size_t m3 = sdoc_key(d, "turns");
			if (!cJSON_IsObject(turns))
				rc = sdoc_fail(d, "expected an object {\"turn\": [first, second]}");
			cJSON_ArrayForEach(it, turns)
			{
				char *end;
				long t = strtol(it->string, &end, 10);
				size_t m4 = sdoc_key(d, it->string);
				if (!rc && (*end != '\0' || t < 1 || t > sc->turns))
					rc = sdoc_fail(d, "not a turn number 1..%d", sc->turns);
				if (!rc)
					rc = get_allot_pair(d, sc, it, (int)t);
				sdoc_pop(d, m4);
			}
			sdoc_pop(d, m3);
		}
	} else {
		rc = sdoc_fail(d, "expected {\"default\": [first, second]} or one pair per turn");
	}
	sdoc_pop(d, m);
	return rc;
}

struct pool {
	struct fm_scenario *sc;
	int side;
};

static int pool_marker(struct sdoc *d, const cJSON *mk, int i, void *arg)
{
	static const char *const mkeys[] = {"id", "value", "kind", "count", "flags", NULL};
	struct pool *p = arg;
	struct fm_scenario *sc = p->sc;
	int side = p->side, count = 1, value = -1, nflags = 0, rc;
	char id[16] = "", kind[16] = "", flags[2][FM_ID];

	(void)i;
	if ((rc = sdoc_keys(d, mk, mkeys)) != 0 ||
	    (rc = sdoc_int(d, mk, "value", &value, 1, 0, 99)) != 0 ||
	    (rc = sdoc_int(d, mk, "count", &count, 0, 1, FM_MAX_MARKERS)) != 0 ||
	    (rc = sdoc_str(d, mk, "id", id, sizeof(id), "")) != 0 ||
	    (rc = sdoc_str(d, mk, "kind", kind, sizeof(kind), "")) != 0 ||
	    (rc = sdoc_names(d, mk, "flags", &flags[0][0], FM_ID, 2, &nflags)) != 0)
		return rc;
	if (id[0] && count != 1)
		return sdoc_fail(d, "a marker with an id must have count 1");
	for (int c = 0; c < count; c++) {
		struct fm_marker_def *md;
		if (sc->nmarkers[side] >= FM_MAX_MARKERS)
			return sdoc_fail(d, "more than %d markers", FM_MAX_MARKERS);
		md = &sc->markers[side][sc->nmarkers[side]];
		if (id[0])
			snprintf(md->id, sizeof(md->id), "%s", id);
		else
			snprintf(md->id, sizeof(md->id), "%c%d",
			         (char)(sc->side_names[side][0] & ~0x20), sc->nmarkers[side] + 1);
		for (int q = 0; q < sc->nmarkers[side]; q++)
			if (strcasecmp(sc->markers[side][q].id, md->id) == 0 &&
			    (rc = sdoc_soft(d, "duplicate marker id '%s'", md->id)) != 0)
				return rc;
		md->value = value;
		snprintf(md->kind, sizeof(md->kind), "%s", kind);
		md->nflags = nflags;
		for (int q = 0; q < nflags; q++)
			memcpy(md->flags[q], flags[q], FM_ID);
		sc->nmarkers[side]++;
	}
	return 0;
}

static int load_support(struct sdoc *d, struct fm_scenario *sc, const cJSON *doc)
{
	static const char *const keys[] = {"allotment", "pools", "ranges", NULL};
	const cJSON *s = sdoc_member(doc, "support"), *pools, *it;
	size_t m = sdoc_key(d, "support"), m2;
	int rc;

	if (s == NULL) {
		rc = sdoc_fail(d,
		               "missing (support: allotment and pools; use empty pools for none)");
		goto out;
	}
	if ((rc = sdoc_keys(d, s, keys)) != 0 || (rc = load_allotment(d, sc, s)) != 0)
		goto out;
	sc->ranges_given = sdoc_member(s, "ranges") != NULL; /* read by load_ranges */
	pools = sdoc_member(s, "pools");
	m2 = sdoc_key(d, "pools");
	if (!cJSON_IsObject(pools)) {
		rc = sdoc_fail(d, "expected an object with a marker list per side");
		sdoc_pop(d, m2);
		goto out;
	}
	cJSON_ArrayForEach(it, pools)
	{
		struct pool p = {sc, fm__side_by_name(sc, it->string)};
		if (p.side < 0) {
			size_t m3 = sdoc_key(d, it->string);
			rc = sdoc_fail(d, "unknown side '%s'", it->string);
			sdoc_pop(d, m3);
		} else {
			rc = sdoc_array(d, pools, it->string, 0, 0, -1, "markers", pool_marker, &p);
		}
		if (rc)
			break;
	}
	sdoc_pop(d, m2);
out:
	sdoc_pop(d, m);
	return rc;
}

static int victory_check(struct sdoc *d, const cJSON *it, int k, void *arg)
{
	static const char *const ckeys[] = {"winner",   "when",    "no_units_of",
	                                    "units_of", "in_zone", NULL};
	struct fm_scenario *sc = arg;
	struct fm_check *c = &sc->checks[k];
	char when[16], zone[FM_ID];
	int rc;

	sc->nchecks = k + 1;
	c->zone = -1;
	if ((rc = sdoc_keys(d, it, ckeys)) != 0 ||
	    (rc = get_side(d, sc, it, "winner", &c->winner, 1)) != 0 ||
	    (rc = sdoc_str(d, it, "when", when, sizeof(when), "end")) != 0)
		return rc;
	if (strcmp(when, "end") && strcmp(when, "instant") &&
	    (rc = sdoc_soft(d, "when must be \"end\" or \"instant\"")) != 0)
		return rc;
	c->instant = strcmp(when, "instant") == 0;
	if ((sdoc_member(it, "no_units_of") != NULL) == (sdoc_member(it, "units_of") != NULL))
		return sdoc_fail(d, "give exactly one of no_units_of, units_of");
	c->absent = sdoc_member(it, "no_units_of") != NULL;
	if ((rc = get_side(d, sc, it, c->absent ? "no_units_of" : "units_of", &c->side, 1)) != 0 ||
	    (rc = sdoc_str(d, it, "in_zone", zone, sizeof(zone), "")) != 0)
		return rc;
	if (zone[0] && (c->zone = rules_hexmap_zone(&sc->map, zone)) < 0) {
		size_t m4 = sdoc_key(d, "in_zone");
		rc = sdoc_soft(d, "unknown zone '%s'", zone);
		sdoc_pop(d, m4);
	}
	return rc;
}

static int load_victory(struct sdoc *d, struct fm_scenario *sc, const cJSON *doc)
{
	static const char *const keys[] = {"checks", "otherwise", NULL};
	const cJSON *v = sdoc_member(doc, "victory");
	char other[FM_ID];
	size_t m = sdoc_key(d, "victory");
	int rc = 0;

	sc->otherwise = -1;
	if (v == NULL)
		goto out;
	if ((rc = sdoc_keys(d, v, keys)) != 0 ||
	    (rc = sdoc_array(d, v, "checks", 0, 0, FM_MAX_CHECKS, "checks", victory_check, sc)) !=
	        0 ||
	    (rc = sdoc_str(d, v, "otherwise", other, sizeof(other), "draw")) != 0)
		goto out;
	if (strcmp(other, "draw") != 0 && (sc->otherwise = fm__side_by_name(sc, other)) < 0) {
		size_t m2 = sdoc_key(d, "otherwise");
		rc = sdoc_fail(d, "unknown side '%s' (or \"draw\")", other);
		sdoc_pop(d, m2);
	}
out:
	sdoc_pop(d, m);
	return rc;
}

/* ---- options and the exclusive module ---------------------------------- */

/* The scenario's game options; checked after the exclusive module is known (its options). */
static int load_options(struct sdoc *d, struct fm_scenario *sc, const cJSON *doc)
{
	const cJSON *o = sdoc_member(doc, "options"), *it;
	size_t m = sdoc_key(d, "options");
	int rc = 0;

	if (o == NULL)
		goto out;
	if (!cJSON_IsObject(o)) {
		rc = sdoc_fail(d, "expected an object of \"key\": \"value\" strings");
		goto out;
	}
	cJSON_ArrayForEach(it, o)
	{
		struct rules_error why;
		const char *value =
		    cJSON_IsString(it) ? it->valuestring : (cJSON_IsTrue(it) ? "true" : "false");
		size_t m2 = sdoc_key(d, it->string);
		memset(&why, 0, sizeof(why));
		if (!cJSON_IsString(it) && !cJSON_IsBool(it))
			rc = sdoc_soft(d, "expected a string value");
		else if (sc->sopts.count >= RULES_MAX_OPTIONS)
			rc = sdoc_fail(d, "too many options");
		else if (strlen(it->string) >= sizeof(sc->sopts.items[0].key) ||
		         strlen(value) >= sizeof(sc->sopts.items[0].value))
			rc = sdoc_soft(d, "option key or value too long");
		else if (fm__opt_check(sc, it->string, value, &why) != 0)
			rc = sdoc_soft(d, "%s", why.message);
		else {
			size_t n = sc->sopts.count++;
			snprintf(sc->sopts.items[n].key, sizeof(sc->sopts.items[n].key), "%s",
			         it->string);
			snprintf(sc->sopts.items[n].value, sizeof(sc->sopts.items[n].value), "%s",
			         value);
		}
		sdoc_pop(d, m2);
		if (rc)
			goto out;
	}
out:
	sdoc_pop(d, m);
	return rc;
}

static int load_exclusive(struct sdoc *d, struct fm_scenario *sc, const cJSON *doc,
                          const struct fm_modules *modules)
{
	const cJSON *ex = sdoc_member(doc, "exclusive"), *mod;
	size_t m = sdoc_key(d, "exclusive");
	int rc = 0;

	sc->module = &fm__module_system;
	if (ex == NULL || cJSON_IsNull(ex))
		goto out;
	mod = sdoc_member(ex, "module");
	if (!cJSON_IsObject(ex) || !cJSON_IsString(mod)) {
		rc = sdoc_fail(d, "expected null or {\"module\": \"name\", ...}");
		goto out;
	}
	sc->module = fm__module_find(modules, mod->valuestring);
	if (sc->module == NULL) {
		size_t m2 = sdoc_key(d, "module");
		sc->module = &fm__module_system;
		rc = sdoc_soft(d, "unknown exclusive-rules module '%s'", mod->valuestring);
		sdoc_pop(d, m2);
		goto out;
	}
	/* a module's verb may not hide a system verb (verbs.c lists the system's first) */
	for (size_t k = 0; k < sc->module->nverbs; k++) {
		const struct fm_verb *v = fm__verb_find(sc, sc->module->verbs[k].v.name);
		if (v != &sc->module->verbs[k] &&
		    (rc = sdoc_soft(d, "module '%s' redefines the system verb '%s'",
		                    sc->module->name, v->v.name)) != 0)
			goto out;
	}
	/* the module reports its own findings, with full paths ($.exclusive...) */
	if (sc->module->load != NULL)
		rc = sc->module->load(sc, ex, d);
out:
	sdoc_pop(d, m);
	return rc;
}

/* ---- support ranges and CRT situations ------------------------------------ */

int fm__range_add(struct fm_scenario *sc, const struct fm_range *r,
                  const struct rules_hexlist *from)
{
	struct fm_range *out;
	int n = sc->map.grid.count;

	if (sc->nranges >= FM_MAX_RANGES)
		return WG_E_BAD_SCENARIO;
	out = &sc->ranges[sc->nranges];
	*out = *r;
	out->dist = NULL;
	if (!r->from_unit) {
		out->dist = malloc((size_t)n * sizeof(*out->dist));
		if (out->dist == NULL)
			return WG_E_NO_MEMORY;
		for (int h = 0; h < n; h++) {
			int best = -1;
			for (int k = 0; from != NULL && k < from->n; k++) {
				int dd = rules_hex_distance(&sc->map.grid, h, from->h[k]);
				if (best < 0 || dd < best)
					best = dd;
			}
			out->dist[h] = (int16_t)best;
		}
	}
	sc->nranges++;
	return 0;
}

int fm__situation_add(struct fm_scenario *sc, const struct fm_situation *st)
{
	if (sc->nsituations >= FM_MAX_SITUATIONS)
		return WG_E_BAD_SCENARIO;
	sc->situations[sc->nsituations++] = *st;
	return 0;
}

/* The markers of the sides in mask (bit s) whose id is id: selected in r; the count. */
static int select_id(const struct fm_scenario *sc, unsigned mask, const char *id,
                     struct fm_range *r)
{
	int n = 0, k;

	for (int s = 0; s < RULES_SIDES; s++)
		if ((mask & (1u << s)) && (k = fm__marker_by_id(sc, s, id)) >= 0) {
			r->sel[s][k] = 1;
			n++;
		}
	return n;
}

/* The markers of the sides in mask carrying flag: selected in r; the count. */
static int select_flag(const struct fm_scenario *sc, unsigned mask, const char *flag,
                       struct fm_range *r)
{
	int n = 0;

	for (int s = 0; s < RULES_SIDES; s++)
		for (int k = 0; (mask & (1u << s)) && k < sc->nmarkers[s]; k++)
			for (int q = 0; q < sc->markers[s][k].nflags; q++)
				if (strcmp(sc->markers[s][k].flags[q], flag) == 0) {
					r->sel[s][k] = 1;
					n++;
				}
	return n;
}

/* "markers", "flags", "side": which markers a range selects. */
static int range_markers(struct sdoc *d, const struct fm_scenario *sc, const cJSON *it,
                         struct fm_range *r)
{
	char ids[FM_MAX_MARKERS][FM_ID], flags[FM_MAX_FLAGS][FM_ID];
	unsigned mask = (1u << RULES_SIDES) - 1;
	int side = -1, nids = 0, nflags = 0, rc;
	size_t m;

	if ((rc = get_side(d, sc, it, "side", &side, 0)) != 0 ||
	    (rc = sdoc_names(d, it, "markers", &ids[0][0], FM_ID, FM_MAX_MARKERS, &nids)) != 0 ||
	    (rc = sdoc_names(d, it, "flags", &flags[0][0], FM_ID, FM_MAX_FLAGS, &nflags)) != 0)
		return rc;
	if (side >= 0)
		mask = 1u << side;
	if (nids == 0 && nflags == 0) {
		r->all = side < 0;
		for (int k = 0; side >= 0 && k < sc->nmarkers[side]; k++)
			r->sel[side][k] = 1;
		return 0;
	}
	for (int k = 0; k < nids; k++)
		if (select_id(sc, mask, ids[k], r) == 0) {
			m = sdoc_key(d, "markers");
			sdoc_idx(d, k);
			rc = sdoc_soft(d, "no support fire marker '%s'%s%s", ids[k],
			               side >= 0 ? " of " : "",
			               side >= 0 ? sc->side_names[side] : "");
			sdoc_pop(d, m);
			if (rc)
				return rc;
		}
	for (int k = 0; k < nflags; k++)
		if (select_flag(sc, mask, flags[k], r) == 0) {
			m = sdoc_key(d, "flags");
			sdoc_idx(d, k);
			sdoc_warn(d, "no marker carries the flag '%s': the range applies to none",
			          flags[k]);
			sdoc_pop(d, m);
		}
	return 0;
}

/* "range": a number of hexes, or {"option": key} naming a module option whose two values
 * are numbers of hexes (a game may choose the range, as the Scheldt's AMB-62). */
static int range_value(struct sdoc *d, const struct fm_scenario *sc, const cJSON *it,
                       struct fm_range *r)
{
	static const char *const okeys[] = {"option", NULL};
	const cJSON *v = sdoc_member(it, "range");
	const struct fm_module *mod = sc->module;
	char key[32];
	size_t m;
	int rc;

	r->opt = -1;
	if (v == NULL || cJSON_IsNumber(v))
		return sdoc_int(d, it, "range", &r->range, 1, 0, 99);
	m = sdoc_key(d, "range");
	if (!cJSON_IsObject(v)) {
		rc = sdoc_soft(d, "expected a number of hexes or {\"option\": key}");
		goto out;
	}
	if ((rc = sdoc_keys(d, v, okeys)) != 0 ||
	    (rc = sdoc_str(d, v, "option", key, sizeof(key), NULL)) != 0)
		goto out;
	for (int k = 0; mod != NULL && k < mod->noptions && k < FM_MAX_EXOPTS; k++)
		if (strcmp(mod->options[k].key, key) == 0)
			r->opt = k;
	sdoc_key(d, "option");
	if (r->opt < 0) {
		rc = sdoc_soft(d, "'%s' is not an option of the module '%s' of this scenario", key,
		               mod->name ? mod->name : "system");
		goto out;
	}
	for (int q = 0; q < 2; q++) {
		const char *txt = mod->options[r->opt].values[q];
		char *end;
		long x = strtol(txt, &end, 10);
		if (end == txt || *end != '\0' || x < 0 || x > 99) {
			rc = sdoc_soft(d, "option %s has the value '%s', not a number of hexes",
			               key, txt);
			goto out;
		}
		r->opt_range[q] = (int)x;
	}
out:
	sdoc_pop(d, m);
	return rc;
}

/* "from": "unit" (the marker owner's nearest unit on the map) or {"zones", "hexes"}. */
static int range_from(struct sdoc *d, const struct fm_scenario *sc, const cJSON *it,
                      struct fm_range *r, struct rules_hexlist *from)
{
	static const char *const fkeys[] = {"zones", "hexes", NULL};
	const cJSON *f = sdoc_member(it, "from"), *zs, *z;
	struct zone_hexes zc = {sc, from};
	size_t m, len = 0;
	int rc;

	if (f == NULL || (cJSON_IsString(f) && strcmp(f->valuestring, "unit") == 0)) {
		r->from_unit = 1;
		snprintf(r->from_name, sizeof(r->from_name), "your nearest unit");
		return 0;
	}
	m = sdoc_key(d, "from");
	if (!cJSON_IsObject(f)) {
		rc = sdoc_soft(d, "expected \"unit\" or {\"zones\": [...], \"hexes\": [...]}");
		goto out;
	}
	if ((rc = sdoc_keys(d, f, fkeys)) != 0 ||
	    (rc = rules_hexmap_read_hexes(d, &sc->map, f, "hexes", from, 0)) != 0 ||
	    (rc = sdoc_array(d, f, "zones", 0, 0, -1, "zone ids", setup_zone, &zc)) != 0)
		goto out;
	zs = sdoc_member(f, "zones");
	cJSON_ArrayForEach(z, zs)
	{
		int zi = cJSON_IsString(z) ? rules_hexmap_zone(&sc->map, z->valuestring) : -1;
		if (zi >= 0 && len < sizeof(r->from_name))
			len += (size_t)snprintf(r->from_name + len, sizeof(r->from_name) - len,
			                        "%s%s", len ? " or " : "", sc->map.zones[zi].name);
	}
	if (len == 0)
		snprintf(r->from_name, sizeof(r->from_name), "the hexes of the range");
	if (from->n == 0)
		rc = sdoc_soft(d, "the range is counted from no hex: the markers could never be "
		                  "used");
out:
	sdoc_pop(d, m);
	return rc;
}

/* FM-8.1.1-01: one entry of support.ranges. */
static int range_item(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	static const char *const keys[] = {"markers", "flags", "side", "when",
	                                   "range",   "from",  "rule", NULL};
	struct fm_scenario *sc = arg;
	struct rules_hexlist from = {0, NULL};
	struct fm_range r;
	char when[16];
	int rc;

	(void)i;
	memset(&r, 0, sizeof(r));
	if ((rc = sdoc_keys(d, it, keys)) != 0 || (rc = range_markers(d, sc, it, &r)) != 0 ||
	    (rc = sdoc_str(d, it, "when", when, sizeof(when), "both")) != 0 ||
	    (rc = range_value(d, sc, it, &r)) != 0 ||
	    (rc = sdoc_str(d, it, "rule", r.rule, sizeof(r.rule), "FM-8.1.1-01")) != 0 ||
	    (rc = range_from(d, sc, it, &r, &from)) != 0)
		goto out;
	r.when = strcmp(when, "bombardment") == 0 ? FM_RANGE_BOMBARD
	         : strcmp(when, "combat") == 0    ? FM_RANGE_COMBAT
	         : strcmp(when, "both") == 0      ? FM_RANGE_BOMBARD | FM_RANGE_COMBAT
	                                          : 0;
	if (r.when == 0) {
		size_t m = sdoc_key(d, "when");
		rc = sdoc_soft(d, "when must be \"bombardment\", \"combat\" or \"both\"");
		sdoc_pop(d, m);
		goto out;
	}
	if (sc->nranges >= FM_MAX_RANGES) {
		rc = sdoc_fail(d, "at most %d support ranges", FM_MAX_RANGES);
		goto out;
	}
	if ((rc = fm__range_add(sc, &r, &from)) != 0)
		rc = sdoc_nomem(d);
out:
	free(from.h);
	return rc;
}

static int load_ranges(struct sdoc *d, struct fm_scenario *sc, const cJSON *doc)
{
	size_t m = sdoc_key(d, "support");
	int rc = sdoc_array(d, sdoc_member(doc, "support"), "ranges", 0, 0, FM_MAX_RANGES,
	                    "support ranges", range_item, sc);

	sdoc_pop(d, m);
	return rc;
}

/* One name of a situation's "when": a system fact or one of the module's situations. */
static int situation_name(const struct fm_scenario *sc, const char *name)
{
	if (strcmp(name, "in_ezoc") == 0)
		return FM_SIT_IN_EZOC;
	if (strcmp(name, "not_in_ezoc") == 0)
		return FM_SIT_NOT_IN_EZOC;
	for (size_t k = 0; k < sc->module->nsituations && sc->module->situations != NULL; k++)
		if (strcmp(sc->module->situations[k], name) == 0)
			return (int)k;
	return -100;
}

static int situation_item(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	static const char *const keys[] = {"when", "line", "terrain", "combine", NULL};
	struct fm_scenario *sc = arg;
	char when[FM_MAX_WHEN][FM_ID], combine[24], line[FM_ID];
	struct fm_situation st;
	int rc;

	(void)i;
	memset(&st, 0, sizeof(st));
	if ((rc = sdoc_keys(d, it, keys)) != 0 ||
	    (rc = sdoc_names(d, it, "when", &when[0][0], FM_ID, FM_MAX_WHEN, &st.nwhen)) != 0 ||
	    (rc = sdoc_str(d, it, "line", line, sizeof(line), NULL)) != 0 ||
	    (rc = sdoc_str(d, it, "combine", combine, sizeof(combine), "most_favourable")) != 0)
		return rc;
	if ((st.line = fm__line_by_id(sc, line)) < 0) {
		size_t m = sdoc_key(d, "line");
		rc = sdoc_soft(d, "unknown CRT line '%s'", line);
		sdoc_pop(d, m);
		return rc ? rc : SDOC_SKIP;
	}
	if (st.nwhen == 0) {
		size_t m = sdoc_key(d, "when");
		rc = sdoc_soft(d, "missing: the situations that must hold (e.g. [\"in_ezoc\"])");
		sdoc_pop(d, m);
		return rc;
	}
	for (int k = 0; k < st.nwhen; k++)
		if ((st.when[k] = situation_name(sc, when[k])) == -100) {
			char known[200] = "in_ezoc, not_in_ezoc";
			size_t len = strlen(known), m;
			for (size_t q = 0; q < sc->module->nsituations && len < sizeof(known); q++)
				len += (size_t)snprintf(known + len, sizeof(known) - len, ", %s",
				                        sc->module->situations[q]);
			m = sdoc_key(d, "when");
			sdoc_idx(d, k);
			rc = sdoc_soft(
			    d, "unknown situation '%s' (the rules of this scenario know %s)",
			    when[k], known);
			sdoc_pop(d, m);
			if (rc)
				return rc;
			return SDOC_SKIP;
		}
	if (strcmp(combine, "most_favourable") != 0 && strcmp(combine, "replace") != 0) {
		size_t m = sdoc_key(d, "combine");
		rc = sdoc_soft(d, "combine must be \"most_favourable\" or \"replace\"");
		sdoc_pop(d, m);
		return rc;
	}
	st.replace = strcmp(combine, "replace") == 0;
	if (sdoc_member(it, "terrain") != NULL) {
		char ts[RULES_MAP_TERRAIN][FM_ID];
		int nt = 0;
		if ((rc = sdoc_names(d, it, "terrain", &ts[0][0], FM_ID, RULES_MAP_TERRAIN, &nt)) !=
		    0)
			return rc;
		for (int k = 0; k < nt; k++) {
			int t = rules_hexmap_terrain(&sc->map, ts[k]);
			if (t < 0) {
				size_t m = sdoc_key(d, "terrain");
				sdoc_idx(d, k);
				rc = sdoc_soft(d, "unknown terrain '%s'", ts[k]);
				sdoc_pop(d, m);
				if (rc)
					return rc;
				continue;
			}
			st.terrain |= 1u << t;
		}
	}
	if (sc->nsituations >= FM_MAX_SITUATIONS)
		return sdoc_fail(d, "at most %d situations", FM_MAX_SITUATIONS);
	return fm__situation_add(sc, &st);
}

static int load_situations(struct sdoc *d, struct fm_scenario *sc, const cJSON *doc)
{
	size_t m = sdoc_key(d, "crt");
	int rc = sdoc_array(d, sdoc_member(doc, "crt"), "situations", 0, 0, FM_MAX_SITUATIONS,
	                    "situations", situation_item, sc);

	sdoc_pop(d, m);
	return rc;
}

/* ---- the document --------------------------------------------------------- */

static void scenario_destroy(struct fm_scenario *sc)
{
	if (sc == NULL)
		return;
	if (sc->module != NULL && sc->module->free != NULL)
		sc->module->free(sc);
	rules_hexmap_release(&sc->map);
	fm__steps_free(sc->steps);
	for (int k = 0; k < sc->nranges; k++)
		free(sc->ranges[k].dist);
	for (int s = 0; s < RULES_SIDES; s++)
		free(sc->supply[s].h);
	for (int u = 0; u < sc->nunits; u++)
		free(sc->units[u].where.h);
	free(sc->units);
	free(sc);
}

/* id, title, description, edition and the two side names. */
static int load_header(struct sdoc *d, struct fm_scenario *sc, const cJSON *doc)
{
	const cJSON *sides = sdoc_member(doc, "sides");
	char ruleset[16], edition[8];
	int format = 0, rc;
	size_t m;

	if ((rc = sdoc_str(d, doc, "ruleset", ruleset, sizeof(ruleset), NULL)) != 0)
		return rc;
	if (strcmp(ruleset, "fm") != 0)
		return sdoc_fail(d, "ruleset is '%s', not 'fm'", ruleset);
	if ((rc = sdoc_int(d, doc, "format", &format, 1, 1, 1)) != 0 ||
	    (rc = sdoc_str(d, doc, "id", sc->id, sizeof(sc->id), NULL)) != 0 ||
	    (rc = sdoc_str(d, doc, "title", sc->title, sizeof(sc->title), NULL)) != 0 ||
	    (rc = sdoc_str(d, doc, "description", sc->description, sizeof(sc->description),
	                   NULL)) != 0 ||
	    (rc = sdoc_str(d, doc, "edition", edition, sizeof(edition), "S")) != 0)
		return rc;
	for (const char *p = sc->id; *p; p++)
		if (*p == ' ' || (unsigned char)*p < 0x20) {
			m = sdoc_key(d, "id");
			rc = sdoc_fail(d, "a scenario id has no spaces");
			sdoc_pop(d, m);
			return rc;
		}
	if (strcmp(edition, "S") != 0 && strcmp(edition, "v8") != 0) {
		m = sdoc_key(d, "edition");
		rc = sdoc_fail(d, "edition must be \"S\" or \"v8\"");
		sdoc_pop(d, m);
		return rc;
	}
	sc->edition_v8 = strcmp(edition, "v8") == 0;
	if (!cJSON_IsArray(sides) || cJSON_GetArraySize(sides) != 2 ||
	    !cJSON_IsString(sides->child) || !cJSON_IsString(sides->child->next) ||
	    strlen(sides->child->valuestring) >= FM_ID ||
	    strlen(sides->child->next->valuestring) >= FM_ID ||
	    !sdoc_id_ok(sides->child->valuestring) ||
	    !sdoc_id_ok(sides->child->next->valuestring) ||
	    strcasecmp(sides->child->valuestring, sides->child->next->valuestring) == 0) {
		m = sdoc_key(d, "sides");
		rc = sdoc_fail(d, "expected two distinct side names");
		sdoc_pop(d, m);
		return rc;
	}
	snprintf(sc->side_names[0], FM_ID, "%s", sides->child->valuestring);
	snprintf(sc->side_names[1], FM_ID, "%s", sides->child->next->valuestring);
	return 0;
}

int fm__scenario_parse(const struct fm_modules *modules, const char *source, const cJSON *doc,
                       struct sdoc *d, struct fm_scenario **out)
{
	static const char *const keys[] = {
	    "ruleset", "format",  "id",        "title",   "description", "sides",
	    "edition", "options", "exclusive", "map",     "terrain",     "hexside_types",
	    "crt",     "units",   "turns",     "support", "victory",     NULL};
	struct fm_scenario *sc = calloc(1, sizeof(*sc));
	const struct rules_hexmap_ext ext = {
	    .terrain_keys = fm_terrain_keys,
	    .side_keys = fm_side_keys,
	    .map_keys = fm_map_keys,
	    .type = type_rules,
	    .ctx = sc,
	};
	int rc;

	*out = NULL;
	if (sc == NULL)
		return sdoc_nomem(d);
	snprintf(sc->source, sizeof(sc->source), "%s", source ? source : "scenario");
	sc->module = &fm__module_system;
	if (!cJSON_IsObject(doc)) {
		rc = sdoc_fail(d, "a scenario is a JSON object");
		goto fail;
	}
	if ((rc = sdoc_keys(d, doc, keys)) != 0 || (rc = load_header(d, sc, doc)) != 0)
		goto fail;
	rules_hexmap_init(&sc->map, sc->side_names[0], sc->side_names[1]);
	if ((rc = load_crt(d, sc, doc)) != 0 ||
	    (rc = rules_hexmap_load_types(d, doc, &sc->map, &ext)) != 0 ||
	    (rc = rules_hexmap_load(d, doc, &sc->map, &ext)) != 0 ||
	    (rc = load_map_extra(d, sc, doc)) != 0 || (rc = load_turns(d, sc, doc)) != 0 ||
	    (rc = load_units(d, sc, doc)) != 0 || (rc = load_support(d, sc, doc)) != 0 ||
	    (rc = load_victory(d, sc, doc)) != 0 ||
	    (rc = load_exclusive(d, sc, doc, modules)) != 0 || (rc = load_options(d, sc, doc)) != 0)
		goto fail;
	/* the members that name the module's options and situations, once it is known */
	if ((rc = load_ranges(d, sc, doc)) != 0 || (rc = load_situations(d, sc, doc)) != 0)
		goto fail;
	/* the facts are read; now their consistency (lint.c and the module's lint) */
	fm__scenario_check(sc, d);
	if (d->report == NULL && d->errors > 0) {
		rc = WG_E_BAD_SCENARIO;
		goto fail;
	}
	/* the map is final: its movement tables (steps.c) */
	if (fm__steps_build(sc) != 0) {
		rc = sdoc_nomem(d);
		goto fail;
	}
	*out = sc;
	return 0;
fail:
	scenario_destroy(sc);
	return rc;
}

int fm__scenario_load(const struct ruleset *rs, const char *source, const cJSON *doc,
                      struct rules_scenario **out, struct rules_error *err)
{
	struct fm_scenario *sc;
	struct sdoc d;
	int rc;

	memset(err, 0, sizeof(*err));
	sdoc_init(&d, source, err, NULL, NULL);
	rc = fm__scenario_parse(rs->data, source, doc, &d, &sc);
	if (rc == 0)
		*out = (struct rules_scenario *)sc;
	else if (err->code == 0)
		rules_fail(err, rc, "", "%s: the scenario could not be loaded", d.source);
	return rc;
}

int fm__scenario_lint(const struct ruleset *rs, const char *source, const cJSON *doc,
                      void (*report)(void *ctx, int severity, const char *path, const char *msg),
                      void *ctx)
{
	struct rules_error err;
	struct fm_scenario *sc;
	struct sdoc d;
	int rc;

	memset(&err, 0, sizeof(err));
	sdoc_init(&d, source, &err, report, ctx);
	rc = fm__scenario_parse(rs->data, source, doc, &d, &sc);
	if (rc == 0)
		scenario_destroy(sc);
	if (rc == WG_E_NO_MEMORY)
		return rc;
	return d.errors > 0 ? d.errors : (rc != 0 ? 1 : 0);
}

void fm__scenario_free(struct rules_scenario *rsc)
{
	scenario_destroy((struct fm_scenario *)rsc);
}

void fm__scenario_info(const struct rules_scenario *rsc, struct rules_scenario_info *info)
{
	const struct fm_scenario *sc = (const struct fm_scenario *)rsc;

	info->id = sc->id;
	info->title = sc->title;
	info->description = sc->description;
	info->side_names[0] = sc->side_names[0];
	info->side_names[1] = sc->side_names[1];
}
