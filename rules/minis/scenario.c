/*
 * scenario.c -- a miniatures scenario document (docs/games/minis.md, "Scenario files") read
 * through the shared reader (rules/core/sdoc.h): the header, the table, the two sides with
 * their zones and off-board assets, the terrain pieces (types from data/minis/terrain.json,
 * compiled in: minis_terrain_json), the units, the victory condition and the scenario's
 * options.  Then the consistency checks (positions on the table and in their zone, bases
 * apart, zones apart, ids unique).  The same code serves scenario_load (strict: the first
 * error stops) and scenario_lint (every finding reported).
 */
#include "minis_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- small readers ---- */

/* A distance in inches (at most two decimals) at the current path into hundredths. */
static int read_in(struct sdoc *d, const cJSON *it, int32_t lo, int32_t hi, int32_t *out)
{
	double v100;

	if (!cJSON_IsNumber(it))
		return sdoc_soft(d, "expected a number of inches");
	v100 = it->valuedouble * 100.0;
	if (fabs(v100 - floor(v100 + 0.5)) > 1e-6)
		return sdoc_soft(d, "%g: at most two decimals (hundredths of an inch)",
		                 it->valuedouble);
	if (floor(v100 + 0.5) < lo || floor(v100 + 0.5) > hi)
		return sdoc_soft(d, "%g is out of range %g..%g", it->valuedouble, lo / 100.0,
		                 hi / 100.0);
	*out = (int32_t)floor(v100 + 0.5);
	return 0;
}

static int member_in(struct sdoc *d, const cJSON *obj, const char *key, int required, int32_t lo,
                     int32_t hi, int32_t *out)
{
	const cJSON *it = sdoc_member(obj, key);
	size_t m;
	int rc;

	if (it == NULL) {
		if (!required)
			return 0;
		m = sdoc_key(d, key);
		rc = sdoc_fail(d, "missing (a number of inches is required)");
		sdoc_pop(d, m);
		return rc;
	}
	m = sdoc_key(d, key);
	rc = read_in(d, it, lo, hi, out);
	sdoc_pop(d, m);
	return rc;
}

/* A string member that must be one of names (index into *out); absent: *out unchanged. */
static int member_enum(struct sdoc *d, const cJSON *obj, const char *key, const char *const *names,
                       int n, int *out)
{
	const cJSON *it = sdoc_member(obj, key);
	size_t m;
	int rc = 0;

	if (it == NULL)
		return 0;
	m = sdoc_key(d, key);
	if (!cJSON_IsString(it)) {
		rc = sdoc_soft(d, "expected a string");
	} else {
		int k;
		for (k = 0; k < n; k++)
			if (strcasecmp(names[k], it->valuestring) == 0)
				break;
		if (k < n) {
			*out = k;
		} else {
			char list[400] = "";
			size_t len = 0;
			for (k = 0; k < n && len < sizeof(list); k++)
				len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%s",
				                        k ? ", " : "", names[k]);
			rc = sdoc_soft(d, "'%.40s' is not one of %s", it->valuestring, list);
		}
	}
	sdoc_pop(d, m);
	return rc;
}

/* ---- terrain attributes (terrain.json types and piece overrides, QR-AMB-3) ---- */

static const char *const attr_keys[] = {
    "road",        "building",   "woods",       "bunker_or_cellar",
    "strongpoint", "wire",       "high_ground", "marsh",
    "linear",      "fire_cover", "acq",         "los",
    "height",      "capacity",   "move",        NULL};
static const uint32_t attr_flags[] = {MINIS_T_ROAD,        MINIS_T_BUILDING,    MINIS_T_WOODS,
                                      MINIS_T_BUNKER,      MINIS_T_STRONGPOINT, MINIS_T_WIRE,
                                      MINIS_T_HIGH_GROUND, MINIS_T_MARSH,       MINIS_T_LINEAR};
#define NFLAGS 9

static int read_attr(struct sdoc *d, const cJSON *o, struct minis_tattr *a)
{
	static const char *const covers[] = {"none", "cover", "hard", "strongpoint"};
	static const char *const acqs[] = {"open", "cover"};
	static const char *const loss[] = {"none", "obscures", "blocks"};
	static const char *const goings[] = {"clear", "difficult", "hazardous", "impassable"};
	static const char *const moves[] = {"infantry", "tracked", "wheeled", NULL};
	const cJSON *mv;
	int rc = 0, v;

	for (int k = 0; k < NFLAGS && rc == 0; k++) {
		int b = (a->flags & attr_flags[k]) != 0;
		rc = sdoc_bool(d, o, attr_keys[k], &b);
		a->flags = b ? a->flags | attr_flags[k] : a->flags & ~attr_flags[k];
	}
	v = a->cover;
	if (rc == 0 && (rc = member_enum(d, o, "fire_cover", covers, 4, &v)) == 0)
		a->cover = (uint8_t)v;
	v = a->acq;
	if (rc == 0 && (rc = member_enum(d, o, "acq", acqs, 2, &v)) == 0)
		a->acq = (uint8_t)v;
	v = a->los;
	if (rc == 0 && (rc = member_enum(d, o, "los", loss, 3, &v)) == 0)
		a->los = (uint8_t)v;
	v = a->height;
	if (rc == 0 && (rc = sdoc_int(d, o, "height", &v, 0, 0, 9)) == 0)
		a->height = (uint8_t)v;
	v = a->capacity;
	if (rc == 0 && (rc = sdoc_int(d, o, "capacity", &v, 0, 0, 20)) == 0)
		a->capacity = (uint8_t)v;
	if (rc == 0 && (mv = sdoc_member(o, "move")) != NULL) {
		size_t m = sdoc_key(d, "move");
		if ((rc = sdoc_keys(d, mv, moves)) == 0)
			for (int k = 0; k < MV_COUNT && rc == 0; k++) {
				v = a->move[k];
				if ((rc = member_enum(d, mv, moves[k], goings, 4, &v)) == 0)
					a->move[k] = (uint8_t)v;
			}
		sdoc_pop(d, m);
	}
	return rc;
}

int minis__terrain_types(struct sdoc *d, struct minis_scenario *sc)
{
	static const char *const top[] = {"types", NULL};
	cJSON *doc = cJSON_Parse(minis_terrain_json);
	const cJSON *types, *t;
	int rc = 0;

	if (doc == NULL)
		return sdoc_fail(d, "data/minis/terrain.json (compiled in) is not JSON");
	if ((rc = sdoc_keys(d, doc, top)) != 0)
		goto out;
	types = sdoc_member(doc, "types");
	if (!cJSON_IsObject(types)) {
		rc = sdoc_fail(d, "data/minis/terrain.json: types is not an object");
		goto out;
	}
	cJSON_ArrayForEach(t, types)
	{
		struct minis_ttype *ty;
		size_t m;
		if (sc->ntypes >= MINIS_MAX_TYPES || strlen(t->string) >= sizeof(ty->id)) {
			rc = sdoc_fail(d, "data/minis/terrain.json: too many types or a long name");
			goto out;
		}
		ty = &sc->types[sc->ntypes++];
		memset(ty, 0, sizeof(*ty));
		snprintf(ty->id, sizeof(ty->id), "%s", t->string);
		m = sdoc_key(d, t->string);
		if ((rc = sdoc_keys(d, t, attr_keys)) == 0)
			rc = read_attr(d, t, &ty->a);
		sdoc_pop(d, m);
		if (rc)
			goto out;
	}
out:
	cJSON_Delete(doc);
	return rc;
}

/* ---- the header and the sides ---- */

static int read_zone(struct sdoc *d, const cJSON *side, struct minis_scenario *sc,
                     struct minis_zone *z)
{
	static const char *const keys[] = {"x0", "x1", "y0", "y1", NULL};
	const cJSON *o = sdoc_member(side, "zone");
	size_t m;
	int rc;

	z->x0 = 0;
	z->x1 = sc->width;
	z->y0 = 0;
	z->y1 = sc->height;
	if (o == NULL) {
		m = sdoc_key(d, "zone");
		rc = sdoc_fail(d, "missing (the deployment zone {x0, x1, y0, y1} is required)");
		sdoc_pop(d, m);
		return rc;
	}
	m = sdoc_key(d, "zone");
	if ((rc = sdoc_keys(d, o, keys)) == 0 &&
	    (rc = member_in(d, o, "x0", 0, 0, sc->width, &z->x0)) == 0 &&
	    (rc = member_in(d, o, "x1", 0, 0, sc->width, &z->x1)) == 0 &&
	    (rc = member_in(d, o, "y0", 0, 0, sc->height, &z->y0)) == 0 &&
	    (rc = member_in(d, o, "y1", 0, 0, sc->height, &z->y1)) == 0 &&
	    (z->x1 <= z->x0 || z->y1 <= z->y0))
		rc = sdoc_soft(d, "an empty zone (x0 < x1 and y0 < y1)");
	sdoc_pop(d, m);
	return rc;
}

static int read_battery(struct sdoc *d, const cJSON *side, struct minis_battery *b)
{
	static const char *const keys[] = {"name", "guns", "he", "calibre", "rocket", NULL};
	static const char *const hes[] = {"light_mortar", "medium_mortar", "75-85",
	                                  "88-100",       "105-139",       "150+"};
	const cJSON *o = sdoc_member(side, "battery");
	size_t m;
	int rc;

	if (o == NULL)
		return 0;
	m = sdoc_key(d, "battery");
	b->present = 1;
	b->guns = 1;
	b->he = 3;
	b->calibre = 88;
	if ((rc = sdoc_keys(d, o, keys)) == 0 &&
	    (rc = sdoc_str(d, o, "name", b->name, sizeof(b->name), "battery")) == 0 &&
	    (rc = sdoc_int(d, o, "guns", &b->guns, 0, 1, 24)) == 0 &&
	    (rc = member_enum(d, o, "he", hes, 6, &b->he)) == 0 &&
	    (rc = sdoc_int(d, o, "calibre", &b->calibre, 0, 20, 420)) == 0)
		rc = sdoc_bool(d, o, "rocket", &b->rocket);
	sdoc_pop(d, m);
	return rc;
}

static int read_aircraft(struct sdoc *d, const cJSON *side, struct minis_aircraft *a)
{
	static const char *const keys[] = {"name", "attack", "stuka", NULL};
	static const char *const attacks[] = {"rockets", "bombs", "cannon"};
	const cJSON *o = sdoc_member(side, "aircraft");
	size_t m;
	int rc, at = 0;

	if (o == NULL)
		return 0;
	m = sdoc_key(d, "aircraft");
	a->present = 1;
	if ((rc = sdoc_keys(d, o, keys)) == 0 &&
	    (rc = sdoc_str(d, o, "name", a->name, sizeof(a->name), "aircraft")) == 0 &&
	    (rc = member_enum(d, o, "attack", attacks, 3, &at)) == 0)
		rc = sdoc_bool(d, o, "stuka", &a->stuka);
	a->cannon = at == 2;
	sdoc_pop(d, m);
	return rc;
}

struct side_ctx {
	struct minis_scenario *sc;
};

static int side_fn(struct sdoc *d, const cJSON *it, int i, void *ctx)
{
	static const char *const keys[] = {"name", "nation",  "role",     "edge",
	                                   "zone", "battery", "aircraft", NULL};
	static const char *const roles[] = {"defender", "attacker"};
	static const char *const edges[] = {"south", "north"};
	struct minis_scenario *sc = ((struct side_ctx *)ctx)->sc;
	struct minis_side_def *s = &sc->sides[i];
	int rc, role = i == 0, edge = i;

	if ((rc = sdoc_keys(d, it, keys)) != 0 ||
	    (rc = sdoc_str(d, it, "name", s->name, sizeof(s->name), NULL)) != 0)
		return rc;
	if (!sdoc_id_ok(s->name) || strchr(s->name, ' ') != NULL) {
		size_t m = sdoc_key(d, "name");
		rc = sdoc_fail(d, "a side name is one word");
		sdoc_pop(d, m);
		return rc;
	}
	if ((rc = sdoc_str(d, it, "nation", s->nation_name, sizeof(s->nation_name), NULL)) != 0)
		return rc;
	if (minis__nation_parse(&sc->tab, s->nation_name, sc->year, &s->nation) != 0) {
		size_t m = sdoc_key(d, "nation");
		rc = sdoc_soft(d,
		               "unknown nation '%s' (german, finnish, british, commonwealth, us, "
		               "russian, french, polish, free_french, free_polish, italian, "
		               "romanian, hungarian, other, ...)",
		               s->nation_name);
		sdoc_pop(d, m);
		s->nation = MN_OTHER;
		if (rc)
			return rc;
	}
	if ((rc = member_enum(d, it, "role", roles, 2, &role)) != 0 ||
	    (rc = member_enum(d, it, "edge", edges, 2, &edge)) != 0)
		return rc;
	s->attacker = role;
	s->north = edge;
	if ((rc = read_zone(d, it, sc, &s->zone)) != 0 ||
	    (rc = read_battery(d, it, &s->battery)) != 0)
		return rc;
	return read_aircraft(d, it, &s->aircraft);
}

/* ---- terrain pieces ---- */

static int read_points(struct sdoc *d, const cJSON *arr, struct minis_scenario *sc,
                       struct minis_piece_def *p, int min)
{
	const cJSON *pt;
	int n = 0, rc = 0;

	if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) < min ||
	    cJSON_GetArraySize(arr) > MINIS_MAX_PTS)
		return sdoc_soft(d, "expected %d..%d points [x, y]", min, MINIS_MAX_PTS);
	cJSON_ArrayForEach(pt, arr)
	{
		size_t m = sdoc_idx(d, n);
		if (!cJSON_IsArray(pt) || cJSON_GetArraySize(pt) != 2)
			rc = sdoc_soft(d, "expected a point [x, y]");
		else if ((rc = read_in(d, cJSON_GetArrayItem(pt, 0), 0, sc->width, &p->x[n])) == 0)
			rc = read_in(d, cJSON_GetArrayItem(pt, 1), 0, sc->height, &p->y[n]);
		sdoc_pop(d, m);
		if (rc)
			return rc;
		n++;
	}
	p->npts = n;
	return 0;
}

static int piece_fn(struct sdoc *d, const cJSON *it, int i, void *ctx)
{
	static const char *const keys[] = {
	    "id",          "name", "type",        "rect",   "polygon",
	    "line",        "road", "building",    "woods",  "bunker_or_cellar",
	    "strongpoint", "wire", "high_ground", "marsh",  "linear",
	    "fire_cover",  "acq",  "los",         "height", "capacity",
	    "move",        NULL};
	struct minis_scenario *sc = ctx;
	struct minis_piece_def *p = &sc->pieces[sc->npieces];
	const cJSON *g;
	char type[MINIS_ID_MAX + 8];
	int rc, given = 0;

	(void)i;
	memset(p, 0, sizeof(*p));
	p->type = -1;
	if ((rc = sdoc_keys(d, it, keys)) != 0 ||
	    (rc = sdoc_str(d, it, "id", p->id, sizeof(p->id), NULL)) != 0 ||
	    (rc = sdoc_str(d, it, "name", p->name, sizeof(p->name), p->id)) != 0 ||
	    (rc = sdoc_str(d, it, "type", type, sizeof(type), NULL)) != 0)
		return rc;
	if (!sdoc_id_ok(p->id) || strchr(p->id, ' ') != NULL || strchr(p->id, ',') != NULL) {
		size_t m = sdoc_key(d, "id");
		rc = sdoc_soft(d, "a piece id is one word without commas");
		sdoc_pop(d, m);
		return rc ? rc : SDOC_SKIP;
	}
	for (int k = 0; k < sc->ntypes; k++)
		if (strcasecmp(sc->types[k].id, type) == 0)
			p->type = k;
	if (p->type < 0) {
		size_t m = sdoc_key(d, "type");
		rc = sdoc_soft(d, "unknown terrain type '%s' (data/minis/terrain.json)", type);
		sdoc_pop(d, m);
		return rc ? rc : SDOC_SKIP;
	}
	p->a = sc->types[p->type].a;
	if ((g = sdoc_member(it, "rect")) != NULL) {
		size_t m = sdoc_key(d, "rect");
		int32_t v[4] = {0, 0, 0, 0};
		given++;
		if (!cJSON_IsArray(g) || cJSON_GetArraySize(g) != 4) {
			rc = sdoc_soft(d, "expected [x0, x1, y0, y1]");
		} else {
			for (int k = 0; k < 4 && rc == 0; k++) {
				size_t m2 = sdoc_idx(d, k);
				rc = read_in(d, cJSON_GetArrayItem(g, k), 0,
				             k < 2 ? sc->width : sc->height, &v[k]);
				sdoc_pop(d, m2);
			}
			if (rc == 0 && (v[1] <= v[0] || v[3] <= v[2]))
				rc = sdoc_soft(d, "an empty rectangle (x0 < x1 and y0 < y1)");
		}
		sdoc_pop(d, m);
		if (rc)
			return rc;
		p->geom = MG_POLYGON;
		p->npts = 4;
		p->x[0] = v[0], p->y[0] = v[2];
		p->x[1] = v[1], p->y[1] = v[2];
		p->x[2] = v[1], p->y[2] = v[3];
		p->x[3] = v[0], p->y[3] = v[3];
	}
	if ((g = sdoc_member(it, "polygon")) != NULL) {
		size_t m = sdoc_key(d, "polygon");
		given++;
		p->geom = MG_POLYGON;
		rc = read_points(d, g, sc, p, 3);
		sdoc_pop(d, m);
		if (rc)
			return rc;
	}
	if ((g = sdoc_member(it, "line")) != NULL) {
		size_t m = sdoc_key(d, "line");
		given++;
		p->geom = MG_LINE;
		rc = read_points(d, g, sc, p, 2);
		sdoc_pop(d, m);
		if (rc)
			return rc;
	}
	if (given != 1)
		return sdoc_soft(d, "a piece has exactly one of rect, polygon and line");
	if (p->npts == 0)
		return SDOC_SKIP; /* lint: its geometry was bad (reported) */
	p->x0 = p->x1 = p->x[0];
	p->y0 = p->y1 = p->y[0];
	for (int k = 1; k < p->npts; k++) {
		p->x0 = p->x[k] < p->x0 ? p->x[k] : p->x0;
		p->x1 = p->x[k] > p->x1 ? p->x[k] : p->x1;
		p->y0 = p->y[k] < p->y0 ? p->y[k] : p->y0;
		p->y1 = p->y[k] > p->y1 ? p->y[k] : p->y1;
	}
	if ((rc = read_attr(d, it, &p->a)) != 0)
		return rc;
	for (int k = 0; k < sc->npieces; k++)
		if (strcasecmp(sc->pieces[k].id, p->id) == 0) {
			size_t m = sdoc_key(d, "id");
			rc = sdoc_soft(d, "duplicate piece id '%s'", p->id);
			sdoc_pop(d, m);
			return rc ? rc : SDOC_SKIP;
		}
	sc->npieces++;
	return 0;
}

/* ---- units ---- */

static const char *const role_names[] = {
    "company_command",    "afv_command",   "foo",        "fac",
    "observer",           "smg",           "engineers",  "at_gun",
    "artillery",          "small_vehicle", "wheeled",    "single_man_turret",
    "russian_afv",        "has_mgs",       "has_wheels", "flame",
    "recon_armoured_car", "open_top",      "tow",        "dug_in",
    "human_wave",         "rocket",        "recon",      "battalion_hq",
    "hull_down",          "limited",       "mortar",     NULL};
static const uint32_t role_flags[] = {
    MINIS_F_INF_CMD,     MINIS_F_AFV_CMD,   MINIS_F_FOO,        MINIS_F_FAC,
    MINIS_F_OBSERVER,    MINIS_F_SMG,       MINIS_F_ENGINEERS,  MINIS_F_AT_GUN,
    MINIS_F_ARTILLERY,   MINIS_F_SMALL_VEH, MINIS_F_WHEELED,    MINIS_F_SMT,
    MINIS_F_RUSSIAN_AFV, MINIS_F_HAS_MGS,   MINIS_F_HAS_WHEELS, MINIS_F_FLAME,
    MINIS_F_RECON_AC,    MINIS_F_OPEN_TOP,  MINIS_F_TOW,        MINIS_F_DUG_IN,
    MINIS_F_HUMAN_WAVE,  MINIS_F_ROCKET,    MINIS_F_RECON,      MINIS_F_BATTALION,
    MINIS_F_HULL_DOWN,   MINIS_F_LIMITED,   MINIS_F_MORTAR};

static int side_of(const struct minis_scenario *sc, const char *name)
{
	for (int s = 0; s < RULES_SIDES; s++)
		if (strcasecmp(sc->sides[s].name, name) == 0)
			return s;
	return -1;
}

static int unit_fn(struct sdoc *d, const cJSON *it, int i, void *ctx)
{
	static const char *const keys[] = {"id",   "name",  "model",   "side",   "quality",
	                                   "kind", "roles", "weapons", "armour", "move",
	                                   "base", "at",    "facing",  "arc",    "calibre",
	                                   "guns", "he",    "hq",      NULL};
	static const char *const armours[] = {"A", "B", "C", "D", "E", "F", "G", "H"};
	static const char *const hes[] = {"light_mortar", "medium_mortar", "75-85",
	                                  "88-100",       "105-139",       "150+"};
	struct minis_scenario *sc = ctx;
	struct minis_unit_def *u = &sc->units[sc->nunits];
	const cJSON *arr, *e;
	char side[16];
	int rc, q = MQ_REGULAR, kind = MK_INFANTRY, arm = -1, mv = -1, he = -1, v;
	size_t m;

	(void)i;
	memset(u, 0, sizeof(*u));
	u->hq = -1;
	u->he = -1;
	u->arc = 3600;
	u->guns = 1;
	if ((rc = sdoc_keys(d, it, keys)) != 0 ||
	    (rc = sdoc_str(d, it, "id", u->id, sizeof(u->id), NULL)) != 0 ||
	    (rc = sdoc_str(d, it, "name", u->name, sizeof(u->name), u->id)) != 0 ||
	    (rc = sdoc_str(d, it, "model", u->model, sizeof(u->model), "")) != 0 ||
	    (rc = sdoc_str(d, it, "side", side, sizeof(side), NULL)) != 0)
		return rc;
	m = sdoc_key(d, "id");
	if (!sdoc_id_ok(u->id) || strpbrk(u->id, " ,") != NULL ||
	    strncasecmp(u->id, "dummy", 5) == 0 || strchr("0123456789.-", u->id[0]) != NULL)
		rc = sdoc_soft(d, "a unit id is one word without commas, not starting with a digit "
		                  "or 'dummy'");
	sdoc_pop(d, m);
	if (rc)
		return rc;
	if ((u->side = side_of(sc, side)) < 0) {
		m = sdoc_key(d, "side");
		rc = sdoc_soft(d, "unknown side '%s'", side);
		sdoc_pop(d, m);
		return rc ? rc : SDOC_SKIP;
	}
	if ((rc = member_enum(d, it, "quality", minis_quality_names, MQ_COUNT, &q)) != 0 ||
	    (rc = member_enum(d, it, "kind", minis_kind_names, MK_DUMMY, &kind)) != 0 ||
	    (rc = member_enum(d, it, "armour", armours, 8, &arm)) != 0 ||
	    (rc = member_enum(d, it, "move", minis_move_names, MM_COUNT, &mv)) != 0 ||
	    (rc = member_enum(d, it, "he", hes, 6, &he)) != 0)
		return rc;
	u->quality = (uint8_t)q;
	u->kind = (uint8_t)kind;
	u->armour = (int8_t)arm;
	u->he = (int8_t)he;
	if (kind == MK_AFV && arm < 0) {
		m = sdoc_key(d, "armour");
		rc = sdoc_soft(d, "an AFV needs its armour category A..H (QR-ARMOUR-13)");
		sdoc_pop(d, m);
		if (rc)
			return rc;
		u->armour = 3;
	}
	if (kind != MK_AFV && arm >= 0) {
		m = sdoc_key(d, "armour");
		rc = sdoc_soft(d, "only an AFV has an armour category");
		sdoc_pop(d, m);
		if (rc)
			return rc;
		u->armour = -1;
	}
	if ((arr = sdoc_member(it, "roles")) != NULL) {
		int k = 0;
		m = sdoc_key(d, "roles");
		if (!cJSON_IsArray(arr))
			rc = sdoc_soft(d, "expected an array of roles");
		cJSON_ArrayForEach(e, (cJSON_IsArray(arr) ? arr : (const cJSON *)NULL))
		{
			size_t m2 = sdoc_idx(d, k++);
			int r = -1;
			for (int j = 0; cJSON_IsString(e) && role_names[j] != NULL; j++)
				if (strcasecmp(role_names[j], e->valuestring) == 0)
					r = j;
			if (r < 0)
				rc = sdoc_soft(
				    d, "unknown role (company_command, afv_command, foo, "
				       "fac, observer, smg, engineers, at_gun, artillery, "
				       "small_vehicle, wheeled, has_mgs, has_wheels, flame, "
				       "open_top, tow, dug_in, recon, battalion_hq, ...)");
			else
				u->flags |= role_flags[r];
			sdoc_pop(d, m2);
			if (rc)
				break;
		}
		sdoc_pop(d, m);
		if (rc)
			return rc;
	}
	if ((arr = sdoc_member(it, "weapons")) != NULL) {
		int k = 0;
		m = sdoc_key(d, "weapons");
		if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) > MINIS_MAX_WEAPONS)
			rc = sdoc_soft(d, "expected an array of 0..%d weapon rows",
			               MINIS_MAX_WEAPONS);
		cJSON_ArrayForEach(e, (rc == 0 ? arr : (const cJSON *)NULL))
		{
			size_t m2 = sdoc_idx(d, k++);
			int w =
			    cJSON_IsString(e) ? minis__weapon_find(&sc->tab, e->valuestring) : -1;
			if (w < 0)
				rc = sdoc_soft(
				    d, "unknown weapon row (docs/games/minis.md lists them: "
				       "rifles, smg, lmg, vmg, mmg, hmg, lmortar, atrifle, "
				       "pzfaust, g20 .. g122, autocannon, he75 .. heat150, "
				       "flame)");
			else
				u->weapons[u->nweapons++] = (uint8_t)w;
			sdoc_pop(d, m2);
			if (rc)
				break;
		}
		sdoc_pop(d, m);
		if (rc)
			return rc;
	}
	if ((arr = sdoc_member(it, "base")) != NULL) {
		m = sdoc_key(d, "base");
		if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != 2)
			rc = sdoc_soft(d, "expected [width, depth] in inches");
		else if ((rc = read_in(d, cJSON_GetArrayItem(arr, 0), 10, 1200, &u->w)) == 0)
			rc = read_in(d, cJSON_GetArrayItem(arr, 1), 10, 1200, &u->d);
		sdoc_pop(d, m);
		if (rc)
			return rc;
	}
	arr = sdoc_member(it, "at");
	m = sdoc_key(d, "at");
	if (arr == NULL)
		rc = sdoc_fail(d, "missing (the start position [x, y] is required)");
	else if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != 2)
		rc = sdoc_soft(d, "expected [x, y] in inches");
	else if ((rc = read_in(d, cJSON_GetArrayItem(arr, 0), 0, sc->width, &u->x)) == 0)
		rc = read_in(d, cJSON_GetArrayItem(arr, 1), 0, sc->height, &u->y);
	sdoc_pop(d, m);
	if (rc)
		return rc;
	v = sc->sides[u->side].north ? 180 : 0;
	if ((rc = sdoc_int(d, it, "facing", &v, 0, 0, 359)) != 0)
		return rc;
	u->facing = (int16_t)(v * 10);
	v = 360;
	if ((rc = sdoc_int(d, it, "arc", &v, 0, 10, 360)) != 0)
		return rc;
	u->arc = (int16_t)(v * 10);
	v = 0;
	if ((rc = sdoc_int(d, it, "calibre", &v, 0, 0, 420)) != 0)
		return rc;
	u->calibre = (int16_t)v;
	v = 1;
	if ((rc = sdoc_int(d, it, "guns", &v, 0, 1, 24)) != 0)
		return rc;
	u->guns = (int8_t)v;
	if (mv < 0) { /* QR-AMB-31: by armour when the data omits it */
		if (kind == MK_AFV)
			mv = minis__weight(&sc->tab, u->armour) == 2   ? MM_SLOW
			     : minis__weight(&sc->tab, u->armour) == 1 ? MM_MEDIUM
			                                               : MM_FAST;
		else if (kind == MK_SOFTSKIN)
			mv = MM_WHEELED;
		else if (kind == MK_CAVALRY)
			mv = MM_CAVALRY;
		else if (kind == MK_GUN)
			mv = (u->flags & MINIS_F_HAS_WHEELS) ? MM_MANHANDLE : MM_STATIC;
		else
			mv = MM_INFANTRY;
	}
	u->move = (uint8_t)mv;
	{
		char hq[MINIS_ID_MAX] = "";
		if ((rc = sdoc_str(d, it, "hq", hq, sizeof(hq), "")) != 0)
			return rc;
		if (hq[0] != '\0')
			u->hq = -2; /* resolved once every unit is read */
	}
	for (int k = 0; k < sc->nunits; k++)
		if (strcasecmp(sc->units[k].id, u->id) == 0) {
			m = sdoc_key(d, "id");
			rc = sdoc_soft(d, "duplicate unit id '%s'", u->id);
			sdoc_pop(d, m);
			return rc ? rc : SDOC_SKIP;
		}
	for (int k = 0; k < sc->npieces; k++)
		if (strcasecmp(sc->pieces[k].id, u->id) == 0) {
			m = sdoc_key(d, "id");
			rc = sdoc_soft(d, "unit id '%s' is also a terrain piece's", u->id);
			sdoc_pop(d, m);
			return rc ? rc : SDOC_SKIP;
		}
	sc->nunits++;
	return 0;
}

/* The hq members, once every unit is known. */
static int resolve_hqs(struct sdoc *d, struct minis_scenario *sc, const cJSON *doc)
{
	const cJSON *arr = sdoc_member(doc, "units"), *it;
	int k = 0, rc = 0;
	size_t m = sdoc_key(d, "units");

	cJSON_ArrayForEach(it, arr)
	{
		const cJSON *h = sdoc_member(it, "hq"), *id = sdoc_member(it, "id");
		int u = -1, t = -1;
		if (cJSON_IsString(id))
			for (int j = 0; j < sc->nunits; j++)
				if (strcasecmp(sc->units[j].id, id->valuestring) == 0)
					u = j;
		if (u >= 0 && cJSON_IsString(h) && h->valuestring[0] != '\0') {
			size_t m2 = sdoc_idx(d, k), m3 = sdoc_key(d, "hq");
			for (int j = 0; j < sc->nunits; j++)
				if (strcasecmp(sc->units[j].id, h->valuestring) == 0)
					t = j;
			if (t < 0 || sc->units[t].kind != MK_HQ ||
			    sc->units[t].side != sc->units[u].side)
				rc = sdoc_soft(d, "'%s' is not an HQ of the same side",
				               h->valuestring);
			else
				sc->units[u].hq = (int8_t)t;
			sdoc_pop(d, m3);
			sdoc_pop(d, m2);
			if (rc)
				break;
		}
		if (u >= 0 && sc->units[u].hq == -2)
			sc->units[u].hq = -1;
		k++;
	}
	sdoc_pop(d, m);
	return rc;
}

static int read_victory(struct sdoc *d, struct minis_scenario *sc, const cJSON *doc)
{
	static const char *const keys[] = {"kind", "side", "pieces", NULL};
	const cJSON *o = sdoc_member(doc, "victory"), *arr, *e;
	char kind[32], side[16];
	size_t m;
	int rc, k = 0;

	sc->victory.side = -1;
	if (o == NULL)
		return 0;
	m = sdoc_key(d, "victory");
	if ((rc = sdoc_keys(d, o, keys)) != 0 ||
	    (rc = sdoc_str(d, o, "kind", kind, sizeof(kind), NULL)) != 0 ||
	    (rc = sdoc_str(d, o, "side", side, sizeof(side), NULL)) != 0)
		goto out;
	if (strcmp(kind, "hold_buildings") != 0) {
		size_t m2 = sdoc_key(d, "kind");
		rc = sdoc_soft(d, "the only victory kind is hold_buildings (QR-SCN-8)");
		sdoc_pop(d, m2);
		goto out;
	}
	if ((sc->victory.side = side_of(sc, side)) < 0) {
		size_t m2 = sdoc_key(d, "side");
		rc = sdoc_soft(d, "unknown side '%s'", side);
		sdoc_pop(d, m2);
		goto out;
	}
	arr = sdoc_member(o, "pieces");
	{
		size_t m2 = sdoc_key(d, "pieces");
		if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) < 1 ||
		    cJSON_GetArraySize(arr) > 8)
			rc = sdoc_soft(d, "expected 1..8 building piece ids");
		cJSON_ArrayForEach(e, (rc == 0 ? arr : (const cJSON *)NULL))
		{
			size_t m3 = sdoc_idx(d, k++);
			int p = -1;
			for (int j = 0; cJSON_IsString(e) && j < sc->npieces; j++)
				if (strcasecmp(sc->pieces[j].id, e->valuestring) == 0)
					p = j;
			if (p < 0 || !(sc->pieces[p].a.flags & MINIS_T_BUILDING))
				rc = sdoc_soft(d, "not the id of a building piece");
			else
				sc->victory.pieces[sc->victory.npieces++] = p;
			sdoc_pop(d, m3);
			if (rc)
				break;
		}
		sdoc_pop(d, m2);
	}
out:
	sdoc_pop(d, m);
	if (sc->victory.npieces == 0)
		sc->victory.side = -1;
	return rc;
}

static int read_options(struct sdoc *d, struct minis_scenario *sc, const cJSON *doc)
{
	const cJSON *o = sdoc_member(doc, "options"), *it;
	size_t m;
	int rc = 0;

	if (o == NULL)
		return 0;
	m = sdoc_key(d, "options");
	if (!cJSON_IsObject(o))
		rc = sdoc_fail(d, "expected an object of key: value");
	cJSON_ArrayForEach(it, (rc == 0 ? o : (const cJSON *)NULL))
	{
		char value[32], why[300];
		size_t m2 = sdoc_key(d, it->string);
		if (cJSON_IsString(it))
			snprintf(value, sizeof(value), "%s", it->valuestring);
		else if (cJSON_IsBool(it))
			snprintf(value, sizeof(value), "%s", cJSON_IsTrue(it) ? "true" : "false");
		else if (cJSON_IsNumber(it))
			snprintf(value, sizeof(value), "%g", it->valuedouble);
		else
			value[0] = '\0';
		if (sc->nsopts >= MINIS_MAX_SOPTS || strlen(it->string) >= sizeof(sc->sopts[0].key))
			rc = sdoc_soft(d, "too many options or a key too long");
		else if (minis__opt_check(it->string, value, why, sizeof(why)) != 0)
			rc = sdoc_soft(d, "%s", why);
		else {
			snprintf(sc->sopts[sc->nsopts].key, sizeof(sc->sopts[0].key), "%s",
			         it->string);
			snprintf(sc->sopts[sc->nsopts].value, sizeof(sc->sopts[0].value), "%s",
			         value);
			sc->nsopts++;
		}
		sdoc_pop(d, m2);
		if (rc)
			break;
	}
	sdoc_pop(d, m);
	return rc;
}

/* ---- consistency (lint) ---- */

static int in_zone(const struct minis_zone *z, int32_t x, int32_t y)
{
	return x >= z->x0 && x <= z->x1 && y >= z->y0 && y <= z->y1;
}

static void check(struct sdoc *d, struct minis_scenario *sc)
{
	char path[64];
	const struct minis_zone *a = &sc->sides[0].zone, *b = &sc->sides[1].zone;

	if (strcasecmp(sc->sides[0].name, sc->sides[1].name) == 0)
		sdoc_finding(d, SDOC_ERROR, "$.sides[1].name", "the two sides have the same name");
	if (sc->sides[0].attacker == sc->sides[1].attacker)
		sdoc_finding(d, SDOC_ERROR, "$.sides",
		             "one side is the attacker and the other the defender (QR-SETUP-38)");
	if (a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1)
		sdoc_finding(d, SDOC_ERROR, "$.sides[1].zone",
		             "the deployment zones overlap (deployment is secret, QR-AMB-13)");
	for (int s = 0; s < RULES_SIDES; s++) {
		int n = 0;
		for (int u = 0; u < sc->nunits; u++)
			n += sc->units[u].side == s;
		if (n == 0)
			sdoc_finding(d, SDOC_ERROR, "$.units", "side %s has no unit",
			             sc->sides[s].name);
	}
	for (int u = 0; u < sc->nunits; u++) {
		const struct minis_unit_def *ud = &sc->units[u];
		snprintf(path, sizeof(path), "$.units[%d].at", u);
		if (!in_zone(&sc->sides[ud->side].zone, ud->x, ud->y))
			sdoc_finding(d, SDOC_ERROR, path,
			             "unit %s starts outside its side's deployment zone", ud->id);
		if (ud->w > 0 && ud->d > 0) {
			struct minis_pt c[4], cu = {ud->x, ud->y};
			minis__rect(cu, ud->facing, ud->w, ud->d, c);
			for (int k = 0; k < 4; k++)
				if (c[k].x < 0 || c[k].y < 0 || c[k].x > sc->width ||
				    c[k].y > sc->height) {
					sdoc_finding(d, SDOC_ERROR, path,
					             "unit %s's base is partly off the table",
					             ud->id);
					break;
				}
			for (int v = 0; v < u; v++) {
				const struct minis_unit_def *vd = &sc->units[v];
				struct minis_pt e[4], cv = {vd->x, vd->y};
				if (vd->w <= 0 || vd->d <= 0)
					continue;
				minis__rect(cv, vd->facing, vd->w, vd->d, e);
				if (minis__poly_overlap(c, 4, e, 4))
					sdoc_finding(d, SDOC_ERROR, path,
					             "unit %s's base overlaps %s's", ud->id,
					             vd->id);
			}
		}
		for (int k = 0; k < sc->npieces; k++) {
			const struct minis_piece_def *p = &sc->pieces[k];
			struct minis_pt c = {ud->x, ud->y};
			int tm = ud->kind == MK_AFV || ud->kind == MK_SOFTSKIN
			             ? ((ud->flags & MINIS_F_WHEELED) || ud->move == MM_WHEELED
			                    ? MV_WHEELED
			                    : MV_TRACKED)
			             : MV_INFANTRY;
			if (p->geom == MG_POLYGON && p->a.move[tm] == MG_IMPASSABLE &&
			    minis__in_poly(c, p->x, p->y, p->npts))
				sdoc_finding(d, SDOC_ERROR, path,
				             "unit %s starts in %s, impassable to it", ud->id,
				             p->id);
		}
		if (ud->nweapons == 0 && ud->kind != MK_SOFTSKIN)
			sdoc_finding(d, SDOC_WARNING, path, "unit %s has no weapon: it cannot fire",
			             ud->id);
	}
	if (sc->victory.side < 0)
		sdoc_finding(d, SDOC_WARNING, "$.victory",
		             "no victory condition: the game ends a draw after the last turn");
}

/* ---- the document ---- */

static int parse(const char *source, const cJSON *doc, struct sdoc *d, struct minis_scenario **out)
{
	static const char *const keys[] = {"ruleset", "format",      "id",
	                                   "title",   "description", "year",
	                                   "turns",   "large_game",  "opening_bombardment",
	                                   "table",   "sides",       "terrain",
	                                   "units",   "victory",     "options",
	                                   NULL};
	static const char *const tkeys[] = {"width", "height", NULL};
	struct minis_scenario *sc = calloc(1, sizeof(*sc));
	struct side_ctx sctx = {sc};
	const cJSON *t;
	int rc;

	*out = NULL;
	if (sc == NULL)
		return sdoc_nomem(d);
	snprintf(sc->source, sizeof(sc->source), "%s", source ? source : "scenario");
	sc->year = 1944;
	sc->turns = 8;
	sc->width = MINIS_IN(72);
	sc->height = MINIS_IN(48);
	if (!cJSON_IsObject(doc)) {
		rc = sdoc_fail(d, "a scenario is a JSON object");
		goto fail;
	}
	if ((rc = sdoc_keys(d, doc, keys)) != 0 ||
	    (rc = sdoc_str(d, doc, "id", sc->id, sizeof(sc->id), NULL)) != 0 ||
	    (rc = sdoc_str(d, doc, "title", sc->title, sizeof(sc->title), sc->id)) != 0 ||
	    (rc = sdoc_str(d, doc, "description", sc->description, sizeof(sc->description),
	                   "a miniatures game")) != 0 ||
	    (rc = sdoc_int(d, doc, "year", &sc->year, 1, 1939, 1945)) != 0 ||
	    (rc = sdoc_int(d, doc, "turns", &sc->turns, 1, 1, 50)) != 0 ||
	    (rc = sdoc_bool(d, doc, "large_game", &sc->large_game)) != 0 ||
	    (rc = sdoc_bool(d, doc, "opening_bombardment", &sc->opening_bombardment)) != 0)
		goto fail;
	if ((t = sdoc_member(doc, "table")) == NULL) {
		size_t m = sdoc_key(d, "table");
		rc = sdoc_fail(d, "missing (the table {width, height} in inches is required)");
		sdoc_pop(d, m);
		goto fail;
	} else {
		size_t m = sdoc_key(d, "table");
		if ((rc = sdoc_keys(d, t, tkeys)) == 0 &&
		    (rc = member_in(d, t, "width", 1, MINIS_IN(12), MINIS_TABLE_MAX, &sc->width)) ==
		        0)
			rc = member_in(d, t, "height", 1, MINIS_IN(12), MINIS_TABLE_MAX,
			               &sc->height);
		sdoc_pop(d, m);
		if (rc)
			goto fail;
	}
	if ((rc = minis__tables_load(d, &sc->tab)) != 0 ||
	    (rc = sdoc_array(d, doc, "sides", SDOC_REQUIRED, 2, 2, "sides", side_fn, &sctx)) != 0)
		goto fail;
	sc->side_names[0] = sc->sides[0].name;
	sc->side_names[1] = sc->sides[1].name;
	if ((rc = minis__terrain_types(d, sc)) != 0 ||
	    (rc = sdoc_array(d, doc, "terrain", 0, 0, MINIS_MAX_PIECES, "terrain pieces", piece_fn,
	                     sc)) != 0 ||
	    (rc = sdoc_array(d, doc, "units", SDOC_REQUIRED, 2, MINIS_MAX_UNITS, "units", unit_fn,
	                     sc)) != 0 ||
	    (rc = resolve_hqs(d, sc, doc)) != 0 || (rc = read_victory(d, sc, doc)) != 0 ||
	    (rc = read_options(d, sc, doc)) != 0)
		goto fail;
	check(d, sc);
	sc->rubble = -1;
	for (int k = 0; k < sc->ntypes; k++)
		if (strcmp(sc->types[k].id, "rubble") == 0)
			sc->rubble = k;
	{
		struct minis_unit_def *u = &sc->dummy;
		memset(u, 0, sizeof(*u));
		snprintf(u->id, sizeof(u->id), "dummy");
		snprintf(u->name, sizeof(u->name), "dummy");
		u->side = sc->sides[0].attacker ? 1 : 0;
		u->quality = MQ_REGULAR;
		u->kind = MK_DUMMY;
		u->armour = -1;
		u->move = MM_STATIC;
		u->w = MINIS_IN(1.5);
		u->d = MINIS_IN(1);
		u->arc = 3600;
		u->hq = -1;
		u->he = -1;
	}
	if (d->report == NULL && d->errors > 0) {
		rc = WG_E_BAD_SCENARIO;
		goto fail;
	}
	*out = sc;
	return 0;
fail:
	free(sc);
	return rc;
}

int minis__scenario_load(const struct ruleset *rs, const char *source, const cJSON *doc,
                         struct rules_scenario **out, struct rules_error *err)
{
	struct minis_scenario *sc;
	struct sdoc d;
	int rc;

	(void)rs;
	memset(err, 0, sizeof(*err));
	sdoc_init(&d, source, err, NULL, NULL);
	rc = parse(source, doc, &d, &sc);
	if (rc == 0)
		*out = (struct rules_scenario *)sc;
	else if (err->code == 0)
		rules_fail(err, rc, "", "%s: the scenario could not be loaded", d.source);
	return rc;
}

int minis__scenario_lint(const struct ruleset *rs, const char *source, const cJSON *doc,
                         void (*report)(void *ctx, int severity, const char *path,
                                        const char *message),
                         void *ctx)
{
	struct rules_error err;
	struct minis_scenario *sc;
	struct sdoc d;
	int rc;

	(void)rs;
	memset(&err, 0, sizeof(err));
	sdoc_init(&d, source, &err, report, ctx);
	rc = parse(source, doc, &d, &sc);
	if (rc == 0)
		free(sc);
	if (rc == WG_E_NO_MEMORY)
		return rc;
	return d.errors > 0 ? d.errors : (rc != 0 ? 1 : 0);
}

void minis__scenario_free(struct rules_scenario *sc)
{
	free(sc);
}

void minis__scenario_info(const struct rules_scenario *rsc, struct rules_scenario_info *info)
{
	const struct minis_scenario *sc = (const struct minis_scenario *)rsc;

	info->id = sc->id;
	info->title = sc->title;
	info->description = sc->description;
	info->side_names[0] = sc->side_names[0];
	info->side_names[1] = sc->side_names[1];
}
