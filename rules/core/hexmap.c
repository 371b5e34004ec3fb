/*
 * hexmap.c -- the hex terrain map: loading the types and the map from a
 * scenario document, lookups, prohibitions and movement costs.  The text
 * map is in hexmap_text.c.  See hexmap.h.
 */
#include "hexmap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_KEYS 40

void rules_hexmap_init(struct rules_hexmap *m, const char *side0, const char *side1)
{
	memset(m, 0, sizeof(*m));
	snprintf(m->side_names[0], sizeof(m->side_names[0]), "%s", side0 ? side0 : "");
	snprintf(m->side_names[1], sizeof(m->side_names[1]), "%s", side1 ? side1 : "");
	m->road_half = 1;
	m->trail_half = 2;
}

void rules_hexmap_release(struct rules_hexmap *m)
{
	free(m->hex_terrain);
	free(m->hex_flags);
	free(m->hex_zones);
	free(m->hex_name);
	free(m->side_feat);
	free(m->side_flags);
	for (int z = 0; z < m->nzones; z++)
		free(m->zones[z].hexes.h);
	for (int e = 0; e < m->nedges; e++)
		free(m->edges[e].hexes.h);
	m->hex_terrain = NULL;
	m->hex_flags = NULL;
	m->hex_zones = NULL;
	m->hex_name = NULL;
	m->side_feat = NULL;
	m->side_flags = NULL;
	m->nzones = 0;
	m->nedges = 0;
}

/* ---- lookups ---- */

static int type_by_id(const struct rules_terrain *t, int n, const char *id)
{
	for (int k = 0; k < n; k++)
		if (strcmp(t[k].id, id) == 0)
			return k;
	return -1;
}

int rules_hexmap_terrain(const struct rules_hexmap *m, const char *id)
{
	return type_by_id(m->terrain, m->nterrain, id);
}

int rules_hexmap_sidetype(const struct rules_hexmap *m, const char *id)
{
	return type_by_id(m->sidetypes, m->nsidetypes, id);
}

int rules_hexmap_zone(const struct rules_hexmap *m, const char *id)
{
	for (int z = 0; z < m->nzones; z++)
		if (strcmp(m->zones[z].id, id) == 0)
			return z;
	return -1;
}

int rules_hexmap_side(const struct rules_hexmap *m, const char *name)
{
	for (int s = 0; s < RULES_SIDES; s++)
		if (m->side_names[s][0] && strcasecmp(m->side_names[s], name) == 0)
			return s;
	return -1;
}

int rules_terrain_has(const struct rules_terrain *t, const char *flag)
{
	if (strcmp(t->id, flag) == 0)
		return 1;
	for (int k = 0; k < t->nflags; k++)
		if (strcmp(t->flags[k], flag) == 0)
			return 1;
	return 0;
}

int rules_hexlist_add(struct rules_hexlist *list, int h)
{
	int16_t *n;

	if (rules_hexlist_has(list, h))
		return 0;
	n = realloc(list->h, sizeof(*n) * (size_t)(list->n + 1));
	if (n == NULL)
		return WG_E_NO_MEMORY;
	list->h = n;
	list->h[list->n++] = (int16_t)h;
	return 0;
}

int rules_hexlist_has(const struct rules_hexlist *list, int h)
{
	for (int k = 0; k < list->n; k++)
		if (list->h[k] == h)
			return 1;
	return 0;
}

/* ---- queries ---- */

int rules_hexmap_hex_closed(const struct rules_hexmap *m, int hex, int mobile)
{
	for (int t = 0; t < m->nterrain; t++)
		if ((m->hex_terrain[hex] & (1u << t)) &&
		    (m->terrain[t].prohibited || (mobile && m->terrain[t].mobile_prohibited)))
			return t + 1;
	return 0;
}

static int slot_closed(const struct rules_hexmap *m, int s, int mobile)
{
	for (int t = 0; t < m->nsidetypes; t++)
		if ((m->side_feat[s] & (1u << t)) &&
		    (m->sidetypes[t].prohibited || (mobile && m->sidetypes[t].mobile_prohibited)))
			return t + 1;
	return 0;
}

int rules_hexmap_side_closed(const struct rules_hexmap *m, int a, int b, int mobile)
{
	int s = rules_hex_side_between(&m->grid, a, b);

	return s < 0 ? 1 : slot_closed(m, s, mobile);
}

int rules_hexmap_step_cost(const struct rules_hexmap *m, int a, int b)
{
	return rules_hexmap_step_cost_as(m, a, b, a >= 0 ? m->hex_terrain[a] : 0,
	                                 m->hex_terrain[b]);
}

int rules_hexmap_step_cost_as(const struct rules_hexmap *m, int a, int b, uint32_t terrain_a,
                              uint32_t terrain_b)
{
	uint32_t mask = terrain_b;
	int base = -1, add = 0, s = a >= 0 ? rules_hex_side_between(&m->grid, a, b) : -1;
	int noroad = 0, side_add = 0, road_add = 0;

	for (int t = 0; t < m->nterrain; t++) {
		const struct rules_terrain *tt = &m->terrain[t];
		if (!(mask & (1u << t)))
			continue;
		if (tt->mp_all)
			return -2;
		if (tt->mp_half > base)
			base = tt->mp_half;
		add += tt->add_half;
		noroad |= tt->no_road;
	}
	if (a >= 0)
		for (int t = 0; t < m->nterrain; t++)
			if ((terrain_a & (1u << t)) && m->terrain[t].no_road)
				noroad = 1;
	if (s >= 0)
		for (int t = 0; t < m->nsidetypes; t++)
			if (m->side_feat[s] & (1u << t)) {
				side_add += m->sidetypes[t].add_half;
				if (m->sidetypes[t].add_on_road)
					road_add += m->sidetypes[t].add_half;
			}
	if (s >= 0 && !noroad) {
		if ((m->side_flags[s] & RULES_HF_ROAD) && (m->hex_flags[a] & RULES_HF_ROAD) &&
		    (m->hex_flags[b] & RULES_HF_ROAD))
			return m->road_half + road_add;
		if ((m->side_flags[s] & RULES_HF_TRAIL) && (m->hex_flags[a] & RULES_HF_TRAIL) &&
		    (m->hex_flags[b] & RULES_HF_TRAIL))
			return m->trail_half + road_add;
	}
	if (base < 0)
		base = m->terrain[m->default_terrain].mp_half >= 0
		           ? m->terrain[m->default_terrain].mp_half
		           : 2;
	return base + add + side_add;
}

int rules_hexmap_edge_distance(const struct rules_hexmap *m, int hex, int side)
{
	int best = -1;

	for (int e = 0; e < m->nedges; e++) {
		const struct rules_edge *ed = &m->edges[e];
		if (ed->friendly != side)
			continue;
		for (int k = 0; k < ed->hexes.n; k++) {
			int d = rules_hex_distance(&m->grid, hex, ed->hexes.h[k]);
			if (best < 0 || d < best)
				best = d;
		}
	}
	return best;
}

/* ---- reading the document ---- */

/* allowed + more into out (NULL-terminated). */
static const char *const *keys_join(const char **out, const char *const *allowed,
                                    const char *const *more)
{
	size_t n = 0;

	for (size_t k = 0; allowed[k] != NULL && n + 1 < MAX_KEYS; k++)
		out[n++] = allowed[k];
	for (size_t k = 0; more != NULL && more[k] != NULL && n + 1 < MAX_KEYS; k++)
		out[n++] = more[k];
	out[n] = NULL;
	return out;
}

int rules_hexmap_read_hex(struct sdoc *d, const struct rules_hexmap *m, const cJSON *it, int *out)
{
	int h, rc;

	if (!cJSON_IsString(it)) {
		rc = sdoc_soft(d, "expected a hex id string such as \"0101\"");
		return rc ? rc : SDOC_SKIP;
	}
	h = rules_hex_parse(&m->grid, it->valuestring);
	if (h < 0) {
		rc = sdoc_soft(d,
		               "hex '%s' is not a hex of this map (XXYY, %d digits each, columns "
		               "%d-%d, rows %d-%d)",
		               it->valuestring, m->grid.digits, m->grid.col_min, m->grid.col_max,
		               m->grid.row_min, m->grid.row_max);
		return rc ? rc : SDOC_SKIP;
	}
	*out = h;
	return 0;
}

struct hexes_ctx {
	const struct rules_hexmap *m;
	struct rules_hexlist *list;
};

static int read_hexes_item(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	struct hexes_ctx *c = arg;
	int h, rc = rules_hexmap_read_hex(d, c->m, it, &h);

	(void)i;
	if (rc == 0 && rules_hexlist_add(c->list, h) != 0)
		rc = sdoc_nomem(d);
	return rc;
}

int rules_hexmap_read_hexes(struct sdoc *d, const struct rules_hexmap *m, const cJSON *obj,
                            const char *key, struct rules_hexlist *list, int required)
{
	struct hexes_ctx c = {m, list};

	return sdoc_array(d, obj, key, required ? SDOC_REQUIRED : 0, 0, -1, "hex ids",
	                  read_hexes_item, &c);
}

struct types_ctx {
	struct rules_hexmap *m;
	const struct rules_hexmap_ext *ext;
	int is_side;
};

static int read_type(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	static const char *const hkeys[] = {"id",      "name",       "mp",
	                                    "mp_add",  "prohibited", "mobile_prohibited",
	                                    "no_road", "flags",      NULL};
	static const char *const skeys[] = {
	    "id",    "name", "mp_add", "mp_add_on_road", "prohibited", "mobile_prohibited",
	    "flags", NULL};
	struct types_ctx *c = arg;
	struct rules_terrain *arr = c->is_side ? c->m->sidetypes : c->m->terrain;
	struct rules_terrain *t = &arr[i];
	const char *keys[MAX_KEYS];
	const cJSON *mp;
	int rc;

	memset(t, 0, sizeof(*t));
	t->is_side = c->is_side;
	t->mp_half = -1;
	keys_join(keys, c->is_side ? skeys : hkeys,
	          c->ext == NULL ? NULL
	          : c->is_side   ? c->ext->side_keys
	                         : c->ext->terrain_keys);
	if ((rc = sdoc_keys(d, it, keys)) != 0 ||
	    (rc = sdoc_str(d, it, "id", t->id, sizeof(t->id), NULL)) != 0)
		return rc;
	if (!sdoc_id_ok(t->id))
		return sdoc_fail(d, "bad id");
	if (type_by_id(arr, i, t->id) >= 0 && (rc = sdoc_soft(d, "duplicate id '%s'", t->id)) != 0)
		return rc;
	if ((rc = sdoc_str(d, it, "name", t->name, sizeof(t->name), t->id)) != 0)
		return rc;
	if ((mp = sdoc_member(it, "mp")) != NULL) {
		size_t m3 = sdoc_key(d, "mp");
		if (cJSON_IsString(mp) && strcmp(mp->valuestring, "all") == 0)
			t->mp_all = 1;
		else if (cJSON_IsString(mp) && strcmp(mp->valuestring, "prohibited") == 0)
			t->prohibited = 1;
		else
			rc = sdoc_half(d, mp, &t->mp_half);
		sdoc_pop(d, m3);
	}
	if (!rc && (mp = sdoc_member(it, "mp_add")) != NULL) {
		size_t m3 = sdoc_key(d, "mp_add");
		rc = sdoc_half(d, mp, &t->add_half);
		sdoc_pop(d, m3);
	}
	if (!rc)
		rc = sdoc_bool(d, it, "prohibited", &t->prohibited);
	if (!rc)
		rc = sdoc_bool(d, it, "mobile_prohibited", &t->mobile_prohibited);
	if (!rc)
		rc = sdoc_bool(d, it, "no_road", &t->no_road);
	if (!rc)
		rc = sdoc_bool(d, it, "mp_add_on_road", &t->add_on_road);
	if (!rc && c->ext != NULL && c->ext->type != NULL)
		rc = c->ext->type(d, it, c->is_side, i, c->ext->ctx);
	if (!rc)
		rc = sdoc_names(d, it, "flags", &t->flags[0][0], RULES_MAP_ID, RULES_MAP_FLAGS,
		                &t->nflags);
	if (rc)
		return rc;
	if (c->is_side)
		c->m->nsidetypes = i + 1;
	else
		c->m->nterrain = i + 1;
	return 0;
}

int rules_hexmap_load_types(struct sdoc *d, const cJSON *doc, struct rules_hexmap *m,
                            const struct rules_hexmap_ext *ext)
{
	struct types_ctx c = {m, ext, 0};
	int rc;

	m->nterrain = m->nsidetypes = 0;
	rc = sdoc_array(d, doc, "terrain", SDOC_REQUIRED, 1, RULES_MAP_TERRAIN, "terrain types",
	                read_type, &c);
	if (rc)
		return rc;
	c.is_side = 1;
	return sdoc_array(d, doc, "hexside_types", SDOC_REQUIRED, 0, RULES_MAP_TERRAIN,
	                  "hexside types", read_type, &c);
}

static int read_grid(struct sdoc *d, const cJSON *map, struct rules_hexmap *m)
{
	static const char *const keys[] = {"columns", "rows", "shifted_columns", "id_digits", NULL};
	const cJSON *g = sdoc_member(map, "grid"), *c, *r;
	char par[8];
	int digits = 2, rc;
	size_t mark = sdoc_key(d, "grid");

	if (g == NULL) {
		rc = sdoc_fail(d, "missing (the hex grid is required)");
		goto out;
	}
	if ((rc = sdoc_keys(d, g, keys)) != 0)
		goto out;
	c = sdoc_member(g, "columns");
	r = sdoc_member(g, "rows");
	for (int k = 0; k < 2; k++) {
		const cJSON *x = k ? r : c;
		if (!cJSON_IsArray(x) || cJSON_GetArraySize(x) != 2 || !cJSON_IsNumber(x->child) ||
		    !cJSON_IsNumber(x->child->next)) {
			size_t m2 = sdoc_key(d, k ? "rows" : "columns");
			rc =
			    sdoc_fail(d, "expected [first, last] %s numbers", k ? "row" : "column");
			sdoc_pop(d, m2);
			goto out;
		}
	}
	if ((rc = sdoc_str(d, g, "shifted_columns", par, sizeof(par), "even")) != 0)
		goto out;
	if (strcmp(par, "even") != 0 && strcmp(par, "odd") != 0) {
		rc = sdoc_fail(d, "shifted_columns must be \"even\" or \"odd\"");
		goto out;
	}
	if ((rc = sdoc_int(d, g, "id_digits", &digits, 0, 1, 4)) != 0)
		goto out;
	if (rules_hex_grid_init(&m->grid, c->child->valueint, c->child->next->valueint,
	                        r->child->valueint, r->child->next->valueint,
	                        strcmp(par, "odd") == 0, digits) != 0) {
		rc = sdoc_fail(d,
		               "bad grid: columns and rows must be ascending, fit in %d digits and "
		               "make at most 65536 hexes",
		               digits);
		goto out;
	}
	if (m->grid.count > RULES_MAP_HEXES)
		rc = sdoc_fail(d, "the grid has %d hexes; at most %d are supported", m->grid.count,
		               RULES_MAP_HEXES);
out:
	sdoc_pop(d, mark);
	return rc;
}

static int read_zone(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	static const char *const keys[] = {"id", "name", "hexes", NULL};
	struct rules_hexmap *m = arg;
	struct rules_zone *z = &m->zones[i];
	int rc;

	if ((rc = sdoc_keys(d, it, keys)) != 0 ||
	    (rc = sdoc_str(d, it, "id", z->id, sizeof(z->id), NULL)) != 0)
		return rc;
	if (rules_hexmap_zone(m, z->id) >= 0 &&
	    (rc = sdoc_soft(d, "duplicate zone id '%s'", z->id)) != 0)
		return rc;
	if ((rc = sdoc_str(d, it, "name", z->name, sizeof(z->name), z->id)) != 0)
		return rc;
	m->nzones = i + 1; /* owned from now on, freed on failure */
	if ((rc = rules_hexmap_read_hexes(d, m, it, "hexes", &z->hexes, 0)) != 0)
		return rc;
	for (int k = 0; k < z->hexes.n; k++)
		m->hex_zones[z->hexes.h[k]] |= 1ull << i;
	return 0;
}

/* An array of type ids (terrain or hexside features) into a bit mask. */
static int read_type_refs(struct sdoc *d, const struct rules_hexmap *m, const cJSON *obj,
                          const char *key, int is_side, uint32_t *mask)
{
	const cJSON *arr = sdoc_member(obj, key), *it;
	size_t mark;
	int rc = 0, i = 0;

	if (arr == NULL)
		return 0;
	mark = sdoc_key(d, key);
	if (!cJSON_IsArray(arr)) {
		rc = sdoc_fail(d, "expected an array of %s ids",
		               is_side ? "hexside type" : "terrain");
	} else {
		cJSON_ArrayForEach(it, arr)
		{
			size_t m2 = sdoc_idx(d, i++);
			int t = -1;
			if (cJSON_IsString(it))
				t = is_side ? rules_hexmap_sidetype(m, it->valuestring)
				            : rules_hexmap_terrain(m, it->valuestring);
			if (t < 0)
				rc = sdoc_soft(d, "unknown %s '%s'",
				               is_side ? "hexside type" : "terrain",
				               cJSON_IsString(it) ? it->valuestring : "?");
			else
				*mask |= 1u << t;
			sdoc_pop(d, m2);
			if (rc)
				break;
		}
	}
	sdoc_pop(d, mark);
	return rc;
}

/* The zones an entry names (ids) get hex h. */
static int read_zone_refs(struct sdoc *d, struct rules_hexmap *m, const cJSON *obj, int h)
{
	const cJSON *zs = sdoc_member(obj, "zones"), *z;
	size_t mark;
	int rc = 0, k = 0;

	if (zs == NULL)
		return 0;
	mark = sdoc_key(d, "zones");
	if (!cJSON_IsArray(zs))
		rc = sdoc_fail(d, "expected an array of zone ids");
	for (z = rc ? NULL : zs->child; z != NULL && !rc; z = z->next) {
		size_t m2 = sdoc_idx(d, k++);
		int zi = cJSON_IsString(z) ? rules_hexmap_zone(m, z->valuestring) : -1;
		if (zi < 0) {
			rc = sdoc_soft(d, "unknown zone '%s'",
			               cJSON_IsString(z) ? z->valuestring : "?");
		} else {
			m->hex_zones[h] |= 1ull << zi;
			if (rules_hexlist_add(&m->zones[zi].hexes, h) != 0)
				rc = sdoc_nomem(d);
		}
		sdoc_pop(d, m2);
	}
	sdoc_pop(d, mark);
	return rc;
}

struct hex_entry_ctx {
	struct rules_hexmap *m;
	uint8_t *listed; /* hexes whose terrain an entry has set (bit 0) */
};

static int read_hex_entry(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	static const char *const keys[] = {"hex",  "terrain", "road", "trail",
	                                   "name", "zones",   NULL};
	struct hex_entry_ctx *c = arg;
	struct rules_hexmap *m = c->m;
	uint32_t mask = 0;
	int h = -1, road = 0, trail = 0, rc;
	char name[32] = "";

	(void)i;
	if ((rc = sdoc_keys(d, it, keys)) != 0)
		return rc;
	{
		size_t m3 = sdoc_key(d, "hex");
		rc = sdoc_member(it, "hex")
		         ? rules_hexmap_read_hex(d, m, sdoc_member(it, "hex"), &h)
		         : sdoc_fail(d, "missing (a hex id is required)");
		sdoc_pop(d, m3);
	}
	if (rc) /* SDOC_SKIP in lint mode: the entry names no hex of the map */
		return rc;
	if ((rc = read_type_refs(d, m, it, "terrain", 0, &mask)) != 0 ||
	    (rc = sdoc_bool(d, it, "road", &road)) != 0 ||
	    (rc = sdoc_bool(d, it, "trail", &trail)) != 0 ||
	    (rc = sdoc_str(d, it, "name", name, sizeof(name), "")) != 0 ||
	    (rc = read_zone_refs(d, m, it, h)) != 0)
		return rc;
	if (mask) {
		if (!(c->listed[h] & 1))
			m->hex_terrain[h] = 0;
		m->hex_terrain[h] |= mask;
		c->listed[h] |= 1;
	}
	m->hex_flags[h] |= (uint8_t)((road ? RULES_HF_ROAD : 0) | (trail ? RULES_HF_TRAIL : 0));
	if (name[0])
		snprintf(m->hex_name[h], sizeof(m->hex_name[h]), "%s", name);
	return 0;
}

/* Two adjacent hexes under key: 0, SDOC_SKIP (lint: reported, skip the entry) or <0. */
static int read_pair(struct sdoc *d, const struct rules_hexmap *m, const cJSON *obj,
                     const char *key, int *a, int *b)
{
	const cJSON *arr = sdoc_member(obj, key);
	size_t mark = sdoc_key(d, key), m2;
	int rc = 0;

	if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != 2) {
		rc = sdoc_soft(d, "expected two adjacent hex ids");
		rc = rc ? rc : SDOC_SKIP;
		goto out;
	}
	m2 = sdoc_idx(d, 0);
	rc = rules_hexmap_read_hex(d, m, arr->child, a);
	sdoc_pop(d, m2);
	if (rc)
		goto out;
	m2 = sdoc_idx(d, 1);
	rc = rules_hexmap_read_hex(d, m, arr->child->next, b);
	sdoc_pop(d, m2);
	if (rc)
		goto out;
	if (!rules_hex_adjacent(&m->grid, *a, *b)) {
		rc = sdoc_soft(d, "hexes %s and %s are not adjacent", arr->child->valuestring,
		               arr->child->next->valuestring);
		rc = rc ? rc : SDOC_SKIP;
	}
out:
	sdoc_pop(d, mark);
	return rc;
}

static int read_hexside(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	static const char *const keys[] = {"hexes", "features", "road", "trail", "bridge", NULL};
	struct rules_hexmap *m = arg;
	uint32_t mask = 0;
	int a, b, road = 0, trail = 0, bridge = 0, s, rc;

	(void)i;
	if ((rc = sdoc_keys(d, it, keys)) != 0 || (rc = read_pair(d, m, it, "hexes", &a, &b)) != 0)
		return rc;
	if ((rc = read_type_refs(d, m, it, "features", 1, &mask)) != 0 ||
	    (rc = sdoc_bool(d, it, "road", &road)) != 0 ||
	    (rc = sdoc_bool(d, it, "trail", &trail)) != 0 ||
	    (rc = sdoc_bool(d, it, "bridge", &bridge)) != 0)
		return rc;
	s = rules_hex_side_between(&m->grid, a, b);
	m->side_feat[s] |= mask;
	m->side_flags[s] |= (uint8_t)((road ? RULES_HF_ROAD : 0) | (trail ? RULES_HF_TRAIL : 0) |
	                              (bridge ? RULES_HF_BRIDGE : 0));
	if (road) {
		m->hex_flags[a] |= RULES_HF_ROAD;
		m->hex_flags[b] |= RULES_HF_ROAD;
	}
	if (trail) {
		m->hex_flags[a] |= RULES_HF_TRAIL;
		m->hex_flags[b] |= RULES_HF_TRAIL;
	}
	return 0;
}

struct path_ctx {
	struct rules_hexmap *m;
	uint8_t flag;
	int prev;
};

/* One hex of a road or trail path: adjacent to the previous one, never into prohibited
 * terrain nor across a prohibited hexside (a road that ends in the sea is inconsistent). */
static int read_path_hex(struct sdoc *d, const cJSON *h, int k, void *arg)
{
	struct path_ctx *c = arg;
	struct rules_hexmap *m = c->m;
	const char *what = c->flag == RULES_HF_ROAD ? "road" : "trail";
	char buf[RULES_HEX_ID_MAX];
	int x = -1, t, rc = rules_hexmap_read_hex(d, m, h, &x);

	(void)k;
	if (rc == SDOC_SKIP) { /* lint: the path breaks here */
		c->prev = -1;
		return 0;
	}
	if (rc)
		return rc;
	if (c->prev >= 0 && !rules_hex_adjacent(&m->grid, c->prev, x))
		rc = sdoc_soft(d, "hex %s is not adjacent to the previous hex", h->valuestring);
	else if (c->prev >= 0 && (t = rules_hexmap_side_closed(m, c->prev, x, 0)) != 0)
		rc = sdoc_soft(d, "the %s crosses the prohibited hexside %s/%s (%s)", what,
		               rules_hex_format(&m->grid, c->prev, buf), h->valuestring,
		               m->sidetypes[t - 1].name);
	if (!rc && (t = rules_hexmap_hex_closed(m, x, 0)) != 0)
		rc = sdoc_soft(d, "the %s runs into hex %s of prohibited terrain (%s)", what,
		               h->valuestring, m->terrain[t - 1].name);
	if (rc)
		return rc;
	m->hex_flags[x] |= c->flag;
	if (c->prev >= 0 && rules_hex_adjacent(&m->grid, c->prev, x))
		m->side_flags[rules_hex_side_between(&m->grid, c->prev, x)] |= c->flag;
	c->prev = x;
	return 0;
}

static int read_path(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	static const char *const keys[] = {"path", NULL};
	struct path_ctx *c = arg;
	const cJSON *p = sdoc_member(it, "path");
	int rc;

	(void)i;
	if ((rc = sdoc_keys(d, it, keys)) != 0)
		return rc;
	if (!cJSON_IsArray(p) || cJSON_GetArraySize(p) < 2) {
		size_t m3 = sdoc_key(d, "path");
		rc = sdoc_soft(d, "expected at least two hex ids");
		sdoc_pop(d, m3);
		return rc;
	}
	c->prev = -1;
	return sdoc_array(d, it, "path", 0, 2, -1, "hex ids", read_path_hex, c);
}

static int read_edge(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	static const char *const keys[] = {"name", "along", "hexes", "friendly_to", NULL};
	struct rules_hexmap *m = arg;
	struct rules_edge *e = &m->edges[i];
	const struct rules_hex_grid *g = &m->grid;
	int col = -1, row = -1, rc;
	char along[16];

	e->friendly = -1;
	m->nedges = i + 1;
	if ((rc = sdoc_keys(d, it, keys)) != 0 ||
	    (rc = sdoc_str(d, it, "name", e->name, sizeof(e->name), NULL)) != 0 ||
	    (rc = sdoc_str(d, it, "along", along, sizeof(along), NULL)) != 0)
		return rc;
	if (sdoc_member(it, "friendly_to") && !cJSON_IsNull(sdoc_member(it, "friendly_to"))) {
		char side[RULES_MAP_ID];
		if ((rc = sdoc_str(d, it, "friendly_to", side, sizeof(side), NULL)) != 0)
			return rc;
		if ((e->friendly = rules_hexmap_side(m, side)) < 0) {
			size_t m3 = sdoc_key(d, "friendly_to");
			rc = sdoc_fail(d, "unknown side '%s' (sides are '%s' and '%s')", side,
			               m->side_names[0], m->side_names[1]);
			sdoc_pop(d, m3);
			return rc;
		}
	}
	if (strcmp(along, "col_min") == 0)
		col = g->col_min;
	else if (strcmp(along, "col_max") == 0)
		col = g->col_max;
	else if (strcmp(along, "row_min") == 0)
		row = g->row_min;
	else if (strcmp(along, "row_max") == 0)
		row = g->row_max;
	else
		return sdoc_fail(d, "along must be col_min, col_max, row_min or row_max");
	if (sdoc_member(it, "hexes")) {
		if ((rc = rules_hexmap_read_hexes(d, m, it, "hexes", &e->hexes, 1)) != 0)
			return rc;
		for (int k = 0; k < e->hexes.n; k++) {
			int h = e->hexes.h[k];
			if ((col >= 0 && rules_hex_col(g, h) != col) ||
			    (row >= 0 && rules_hex_row(g, h) != row)) {
				char buf[RULES_HEX_ID_MAX];
				size_t m3 = sdoc_key(d, "hexes");
				rc = sdoc_soft(d, "hex %s is not on the %s border",
				               rules_hex_format(g, h, buf), along);
				sdoc_pop(d, m3);
				if (rc)
					return rc;
			}
		}
		return 0;
	}
	for (int h = 0; h < g->count; h++)
		if ((col >= 0 && rules_hex_col(g, h) == col) ||
		    (row >= 0 && rules_hex_row(g, h) == row))
			if (rules_hexlist_add(&e->hexes, h) != 0)
				return sdoc_nomem(d);
	return 0;
}

int rules_hexmap_load(struct sdoc *d, const cJSON *doc, struct rules_hexmap *m,
                      const struct rules_hexmap_ext *ext)
{
	static const char *const mkeys[] = {"grid",     "default_terrain", "hexes",
	                                    "hexsides", "roads",           "trails",
	                                    "edges",    "zones",           NULL};
	const cJSON *map = sdoc_member(doc, "map");
	struct hex_entry_ctx hc = {m, NULL};
	struct path_ctx pc = {m, RULES_HF_ROAD, -1};
	const char *keys[MAX_KEYS];
	char def[RULES_MAP_ID];
	size_t mark = sdoc_key(d, "map"), n;
	int rc;

	if (map == NULL) {
		rc = sdoc_fail(d, "missing (the map is required)");
		goto out;
	}
	keys_join(keys, mkeys, ext != NULL ? ext->map_keys : NULL);
	if ((rc = sdoc_keys(d, map, keys)) != 0 || (rc = read_grid(d, map, m)) != 0)
		goto out;
	n = (size_t)m->grid.count;
	m->hex_terrain = calloc(n, sizeof(*m->hex_terrain));
	m->hex_flags = calloc(n, sizeof(*m->hex_flags));
	m->hex_zones = calloc(n, sizeof(*m->hex_zones));
	m->hex_name = calloc(n, sizeof(*m->hex_name));
	m->side_feat = calloc(3 * n, sizeof(*m->side_feat));
	m->side_flags = calloc(3 * n, sizeof(*m->side_flags));
	hc.listed = calloc(n, 1);
	if (!m->hex_terrain || !m->hex_flags || !m->hex_zones || !m->hex_name || !m->side_feat ||
	    !m->side_flags || !hc.listed) {
		rc = sdoc_nomem(d);
		goto out;
	}
	if ((rc = sdoc_str(d, map, "default_terrain", def, sizeof(def), NULL)) != 0)
		goto out;
	m->default_terrain = rules_hexmap_terrain(m, def);
	if (m->default_terrain < 0) {
		size_t m2 = sdoc_key(d, "default_terrain");
		rc = sdoc_fail(d, "unknown terrain '%s'", def);
		sdoc_pop(d, m2);
		goto out;
	}
	for (size_t h = 0; h < n; h++)
		m->hex_terrain[h] = 1u << m->default_terrain;
	if ((rc = sdoc_array(d, map, "zones", 0, 0, RULES_MAP_ZONES, "zones", read_zone, m)) != 0 ||
	    (rc = sdoc_array(d, map, "hexes", 0, 0, -1, "hex entries", read_hex_entry, &hc)) != 0 ||
	    (rc = sdoc_array(d, map, "hexsides", 0, 0, -1, "hexside entries", read_hexside, m)) !=
	        0 ||
	    (rc = sdoc_array(d, map, "roads", 0, 0, -1, "{\"path\": [...]} entries", read_path,
	                     &pc)) != 0)
		goto out;
	pc.flag = RULES_HF_TRAIL;
	if ((rc = sdoc_array(d, map, "trails", 0, 0, -1, "{\"path\": [...]} entries", read_path,
	                     &pc)) != 0 ||
	    (rc = sdoc_array(d, map, "edges", 0, 0, RULES_MAP_EDGES, "edges", read_edge, m)) != 0)
		goto out;
out:
	free(hc.listed);
	sdoc_pop(d, mark);
	return rc;
}
