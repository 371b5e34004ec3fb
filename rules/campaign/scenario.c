/*
 * scenario.c -- loading and validating a Scheldt Campaign scenario document
 * (docs/data-format-campaign.md) with the shared readers of rules/core/:
 * sdoc for the members and their paths, hexmap for the grid, the terrain
 * effects chart, hexes, hexsides, roads and zones.  The Campaign adds its
 * members to the map's types (tm, tm_add, fortification), the counters, the
 * set-up, the reinforcement groups, the staff-marker mix and the special
 * places, then checks that the whole can be played (lint: C2 limits,
 * nationality, set-up hexes, entry hexes).
 */
#include "camp_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const nat_names[CAMP_NAT_COUNT] = {"canadian", "british", "polish", "us",
                                                      "german"};

const char *camp__nat_name(int nat)
{
	return nat >= 0 && nat < CAMP_NAT_COUNT ? nat_names[nat] : "?";
}

int camp__side_by_name(const struct camp_scenario *sc, const char *name)
{
	for (int s = 0; s < RULES_SIDES; s++)
		if (strcasecmp(sc->side_names[s], name) == 0)
			return s;
	return -1;
}

/* Typed and printed ids compare alike with '_' for a space, case-insensitively. */
static int id_eq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = *a == ' ' ? '_' : *a, y = *b == ' ' ? '_' : *b;
		if (x >= 'A' && x <= 'Z')
			x = (char)(x - 'A' + 'a');
		if (y >= 'A' && y <= 'Z')
			y = (char)(y - 'A' + 'a');
		if (x != y)
			return 0;
	}
	return *a == '\0' && *b == '\0';
}

int camp__unit_by_id(const struct camp_scenario *sc, const char *id)
{
	for (int i = 0; i < sc->nunits; i++)
		if (id_eq(id, sc->units[i].id))
			return i;
	return -1;
}

int camp__group_by_id(const struct camp_scenario *sc, const char *id)
{
	for (int i = 0; i < sc->ngroups; i++)
		if (strcasecmp(id, sc->groups[i].id) == 0)
			return i;
	return -1;
}

/* ---- the Campaign's members of the map's types ------------------------------ */

static int type_rules(struct sdoc *d, const cJSON *obj, int is_side, int t, void *ctx)
{
	struct camp_scenario *sc = ctx;
	int rc;

	if (is_side) {
		sc->side_tm[t] = 0;
		return sdoc_int(d, obj, "tm", &sc->side_tm[t], 0, 0, 9);
	}
	sc->tm[t] = sc->tm_add[t] = sc->fort[t] = 0;
	if ((rc = sdoc_int(d, obj, "tm", &sc->tm[t], 0, 0, 9)) != 0 ||
	    (rc = sdoc_int(d, obj, "tm_add", &sc->tm_add[t], 0, 0, 9)) != 0)
		return rc;
	return sdoc_bool(d, obj, "fortification", &sc->fort[t]);
}

static const char *const terrain_keys[] = {"tm", "tm_add", "fortification", NULL};
static const char *const side_keys[] = {"tm", NULL};

/* The flags the engine tests, by type. */
static void type_masks(struct camp_scenario *sc)
{
	struct rules_hexmap *m = &sc->map;

	sc->t_clear = sc->t_polder = sc->t_flooded = -1;
	for (int t = 0; t < m->nterrain; t++) {
		const struct rules_terrain *ty = &m->terrain[t];
		if (rules_terrain_has(ty, "clear")) {
			sc->clear_mask |= 1u << t;
			if (sc->t_clear < 0)
				sc->t_clear = t;
		}
		if (rules_terrain_has(ty, "polder")) {
			sc->polder_mask |= 1u << t;
			if (sc->t_polder < 0)
				sc->t_polder = t;
		}
		if (rules_terrain_has(ty, "flooded")) {
			sc->flooded_mask |= 1u << t;
			if (sc->t_flooded < 0)
				sc->t_flooded = t;
		}
		if (rules_terrain_has(ty, "sea"))
			sc->sea_mask |= 1u << t;
	}
	for (int t = 0; t < m->nsidetypes; t++) {
		if (rules_terrain_has(&m->sidetypes[t], "water"))
			sc->water_sides |= 1u << t;
		if (rules_terrain_has(&m->sidetypes[t], "causeway"))
			sc->causeway_sides |= 1u << t;
	}
}

/* ---- header ----------------------------------------------------------------- */

static int get_side(struct sdoc *d, struct camp_scenario *sc, const cJSON *obj, const char *key,
                    int *out)
{
	char name[CAMP_ID];
	int rc = sdoc_str(d, obj, key, name, sizeof(name), NULL);
	size_t m;

	if (rc != 0)
		return rc;
	if ((*out = camp__side_by_name(sc, name)) >= 0)
		return 0;
	m = sdoc_key(d, key);
	rc = sdoc_soft(d, "unknown side '%s' (sides are '%s' and '%s')", name, sc->side_names[0],
	               sc->side_names[1]);
	sdoc_pop(d, m);
	return rc != 0 ? rc : SDOC_SKIP;
}

static int load_header(struct sdoc *d, struct camp_scenario *sc, const cJSON *doc)
{
	const cJSON *sides = sdoc_member(doc, "sides");
	char ruleset[16];
	int format = 0, rc;
	size_t m;

	if ((rc = sdoc_str(d, doc, "ruleset", ruleset, sizeof(ruleset), NULL)) != 0)
		return rc;
	if (strcmp(ruleset, "campaign") != 0)
		return sdoc_fail(d, "ruleset is '%s', not 'campaign'", ruleset);
	if ((rc = sdoc_int(d, doc, "format", &format, 1, 1, 1)) != 0 ||
	    (rc = sdoc_str(d, doc, "id", sc->id, sizeof(sc->id), NULL)) != 0 ||
	    (rc = sdoc_str(d, doc, "title", sc->title, sizeof(sc->title), NULL)) != 0 ||
	    (rc = sdoc_str(d, doc, "description", sc->description, sizeof(sc->description),
	                   NULL)) != 0)
		return rc;
	for (const char *p = sc->id; *p; p++)
		if (*p == ' ' || (unsigned char)*p < 0x20) {
			m = sdoc_key(d, "id");
			rc = sdoc_fail(d, "a scenario id has no spaces");
			sdoc_pop(d, m);
			return rc;
		}
	if (!cJSON_IsArray(sides) || cJSON_GetArraySize(sides) != 2 ||
	    !cJSON_IsString(sides->child) || !cJSON_IsString(sides->child->next) ||
	    strcmp(sides->child->valuestring, "allied") != 0 ||
	    strcmp(sides->child->next->valuestring, "german") != 0) {
		m = sdoc_key(d, "sides");
		rc = sdoc_fail(d, "expected [\"allied\", \"german\"] (SC-1.0a)");
		sdoc_pop(d, m);
		return rc;
	}
	snprintf(sc->side_names[0], CAMP_ID, "allied");
	snprintf(sc->side_names[1], CAMP_ID, "german");
	return 0;
}

/* "c2": {"allied": 7, "german": 4} */
static int load_c2(struct sdoc *d, struct camp_scenario *sc, const cJSON *doc)
{
	static const char *const keys[] = {"allied", "german", NULL};
	const cJSON *c = sdoc_member(doc, "c2");
	size_t m = sdoc_key(d, "c2");
	int rc;

	if (c == NULL)
		rc = sdoc_fail(d, "missing: the C2 level of each side (SC-3.1)");
	else if ((rc = sdoc_keys(d, c, keys)) == 0 &&
	         (rc = sdoc_int(d, c, "allied", &sc->c2[0], 1, 1, CAMP_MAX_C2)) == 0)
		rc = sdoc_int(d, c, "german", &sc->c2[1], 1, 1, CAMP_MAX_C2);
	sdoc_pop(d, m);
	return rc;
}

static int turn_label(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	struct camp_scenario *sc = arg;

	if (!cJSON_IsString(it))
		return sdoc_soft(d, "expected a string");
	snprintf(sc->labels[i], sizeof(sc->labels[i]), "%s", it->valuestring);
	sc->nlabels = i + 1;
	return 0;
}

static int load_turns(struct sdoc *d, struct camp_scenario *sc, const cJSON *doc)
{
	static const char *const keys[] = {"count", "first_player", "setup_order", "labels", NULL};
	const cJSON *t = sdoc_member(doc, "turns");
	char first[CAMP_ID], order[RULES_SIDES][CAMP_ID];
	int n = 0, rc;
	size_t m = sdoc_key(d, "turns");

	if (t == NULL) {
		rc = sdoc_fail(d, "missing");
		goto out;
	}
	if ((rc = sdoc_keys(d, t, keys)) != 0 ||
	    (rc = sdoc_int(d, t, "count", &sc->turns, 1, 1, CAMP_MAX_TURNS)) != 0 ||
	    (rc = sdoc_str(d, t, "first_player", first, sizeof(first), "allied")) != 0 ||
	    (rc = sdoc_names(d, t, "setup_order", &order[0][0], CAMP_ID, RULES_SIDES, &n)) != 0)
		goto out;
	if (strcmp(first, "allied") != 0) {
		rc = sdoc_soft(d, "first_player: the Allied Player Turn comes first (SC-5.0a)");
		goto out;
	}
	sc->setup_order[0] = 0;
	sc->setup_order[1] = 1;
	if (n == 2) {
		for (int k = 0; k < 2; k++)
			sc->setup_order[k] = camp__side_by_name(sc, order[k]);
		if (sc->setup_order[0] < 0 || sc->setup_order[1] < 0 ||
		    sc->setup_order[0] == sc->setup_order[1]) {
			rc = sdoc_soft(d, "setup_order names each side once");
			sc->setup_order[0] = 0;
			sc->setup_order[1] = 1;
		}
	} else if (n != 0) {
		rc = sdoc_soft(d, "setup_order names both sides");
	}
	if (rc == 0)
		rc = sdoc_array(d, t, "labels", 0, 0, sc->turns, "turn labels", turn_label, sc);
out:
	sdoc_pop(d, m);
	return rc;
}

static int load_markers(struct sdoc *d, struct camp_scenario *sc, const cJSON *doc)
{
	static const char *const keys[] = {"allied", "german", NULL};
	static const char *const mkeys[] = {"G-1", "G-2", "G-3", "G-4", NULL};
	const cJSON *s = sdoc_member(doc, "staff_markers");
	size_t m = sdoc_key(d, "staff_markers");
	int rc;

	if (s == NULL) {
		rc = sdoc_fail(d, "missing: each side's staff-marker mix (SC-AMB-03)");
		goto out;
	}
	if ((rc = sdoc_keys(d, s, keys)) != 0)
		goto out;
	for (int side = 0; side < RULES_SIDES && !rc; side++) {
		const cJSON *mix = sdoc_member(s, sc->side_names[side]);
		size_t m2 = sdoc_key(d, sc->side_names[side]);
		int total = 0;
		if (mix == NULL)
			rc = sdoc_fail(d, "missing");
		else if ((rc = sdoc_keys(d, mix, mkeys)) == 0)
			for (int k = 0; k < CAMP_NMARK && !rc; k++) {
				rc = sdoc_int(d, mix, mkeys[k], &sc->markers[side][k], 1, 0, 30);
				total += sc->markers[side][k];
			}
		if (!rc && total < sc->c2[side])
			rc = sdoc_soft(d, "%d markers cannot fill a hand of %d (C2, SC-6.1a)",
			               total, sc->c2[side]);
		sdoc_pop(d, m2);
	}
out:
	sdoc_pop(d, m);
	return rc;
}

/* ---- special places ------------------------------------------------------------ */

static int zone_ref(struct sdoc *d, struct camp_scenario *sc, const cJSON *obj, const char *key,
                    int *out, int required)
{
	char id[CAMP_ID];
	int rc;
	size_t m;

	*out = -1;
	if (sdoc_member(obj, key) == NULL && !required)
		return 0;
	if ((rc = sdoc_str(d, obj, key, id, sizeof(id), NULL)) != 0)
		return rc;
	if ((*out = rules_hexmap_zone(&sc->map, id)) >= 0)
		return 0;
	m = sdoc_key(d, key);
	rc = sdoc_soft(d, "unknown zone '%s'", id);
	sdoc_pop(d, m);
	return rc;
}

static int zone_item(struct sdoc *d, const cJSON *it, struct camp_scenario *sc, int *out)
{
	*out = cJSON_IsString(it) ? rules_hexmap_zone(&sc->map, it->valuestring) : -1;
	if (*out >= 0)
		return 0;
	return sdoc_soft(d, "unknown zone '%s'", cJSON_IsString(it) ? it->valuestring : "?");
}

static int city_item(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	struct camp_scenario *sc = arg;
	int z, rc = zone_item(d, it, sc, &z);

	if (rc == 0 && z >= 0)
		sc->cities[sc->ncities++] = z;
	(void)i;
	return rc;
}

static int ferry_item(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	static const char *const keys[] = {"from", "to", NULL};
	struct camp_scenario *sc = arg;
	int a, b, rc;

	(void)i;
	if ((rc = sdoc_keys(d, it, keys)) != 0 || (rc = zone_ref(d, sc, it, "from", &a, 1)) != 0 ||
	    (rc = zone_ref(d, sc, it, "to", &b, 1)) != 0)
		return rc;
	if (a < 0 || b < 0)
		return 0;
	sc->ferry[sc->nferries][0] = a;
	sc->ferry[sc->nferries][1] = b;
	sc->nferries++;
	return 0;
}

static int load_special(struct sdoc *d, struct camp_scenario *sc, const cJSON *doc)
{
	static const char *const keys[] = {"road_mp", "walcheren",      "breskens_pocket",
	                                   "antwerp", "victory_cities", "ferries",
	                                   NULL};
	const cJSON *s = sdoc_member(doc, "special"), *road;
	size_t m = sdoc_key(d, "special");
	int rc;

	sc->road_half = 1;
	if (s == NULL) {
		rc = sdoc_fail(d, "missing");
		goto out;
	}
	if ((rc = sdoc_keys(d, s, keys)) != 0)
		goto out;
	if ((road = sdoc_member(s, "road_mp")) != NULL) {
		size_t m2 = sdoc_key(d, "road_mp");
		rc = sdoc_half(d, road, &sc->road_half);
		sdoc_pop(d, m2);
		if (rc)
			goto out;
	}
	if ((rc = zone_ref(d, sc, s, "walcheren", &sc->z_walcheren, 1)) != 0 ||
	    (rc = zone_ref(d, sc, s, "breskens_pocket", &sc->z_pocket, 1)) != 0 ||
	    (rc = zone_ref(d, sc, s, "antwerp", &sc->z_antwerp, 1)) != 0 ||
	    (rc = sdoc_array(d, s, "victory_cities", SDOC_REQUIRED, 1, CAMP_MAX_CITIES,
	                     "zone ids of the victory cities", city_item, sc)) != 0 ||
	    (rc = sdoc_array(d, s, "ferries", SDOC_REQUIRED, 0, CAMP_MAX_FERRY,
	                     "ferry pairs {from, to}", ferry_item, sc)) != 0)
		goto out;
out:
	sdoc_pop(d, m);
	return rc;
}

/* ---- hexes from zones and hexes ------------------------------------------------ */

struct hexes_ctx {
	struct camp_scenario *sc;
	struct rules_hexlist *list;
};

static int where_zone(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	struct hexes_ctx *c = arg;
	int z, rc = zone_item(d, it, c->sc, &z);

	(void)i;
	if (rc != 0 || z < 0)
		return rc;
	for (int q = 0; q < c->sc->map.zones[z].hexes.n; q++)
		if (rules_hexlist_add(c->list, c->sc->map.zones[z].hexes.h[q]) != 0)
			return sdoc_nomem(d);
	return 0;
}

/* {"zones": [...], "hexes": [...]} into list; at least one hex. */
static int load_where(struct sdoc *d, struct camp_scenario *sc, const cJSON *obj,
                      struct rules_hexlist *list)
{
	static const char *const keys[] = {"zones", "hexes", NULL};
	struct hexes_ctx c = {sc, list};
	int rc;

	if (!cJSON_IsObject(obj))
		return sdoc_fail(d, "expected {\"zones\": [...], \"hexes\": [...]}");
	if ((rc = sdoc_keys(d, obj, keys)) != 0 ||
	    (rc = rules_hexmap_read_hexes(d, &sc->map, obj, "hexes", list, 0)) != 0 ||
	    (rc = sdoc_array(d, obj, "zones", 0, 0, -1, "zone ids", where_zone, &c)) != 0)
		return rc;
	if (list->n == 0)
		return sdoc_soft(d, "no hex given (zones, hexes)");
	return 0;
}

/* ---- reinforcement groups ----------------------------------------------------------- */

static int turn_item(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	struct camp_group *g = arg;

	if (!cJSON_IsNumber(it) || it->valueint < 1 || it->valueint > CAMP_MAX_TURNS ||
	    (double)it->valueint != it->valuedouble)
		return sdoc_soft(d, "expected a turn number");
	g->turns[i] = it->valueint;
	g->nturns = i + 1;
	return 0;
}

struct group_ctx {
	struct camp_scenario *sc;
	struct camp_group *g;
};

static int town_item(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	struct group_ctx *c = arg;
	int z, rc = zone_item(d, it, c->sc, &z);

	(void)i;
	if (rc == 0 && z >= 0)
		c->g->towns[c->g->ntowns++] = z;
	return rc;
}

static int load_group(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	static const char *const keys[] = {"id",    "side",  "kind",          "turns",
	                                   "entry", "towns", "withdraw_turn", NULL};
	static const char *const kinds[] = {"normal", "parachute", "ssf", "division_51"};
	struct camp_scenario *sc = arg;
	struct camp_group *g = &sc->groups[i];
	struct group_ctx c = {sc, g};
	char kind[24];
	int rc;
	size_t m;

	sc->ngroups = i + 1;
	g->withdraw_turn = 0;
	if ((rc = sdoc_keys(d, it, keys)) != 0 ||
	    (rc = sdoc_str(d, it, "id", g->id, sizeof(g->id), NULL)) != 0)
		return rc;
	if (!sdoc_id_ok(g->id) || strchr(g->id, ' ') != NULL)
		return sdoc_fail(d, "bad group id");
	for (int q = 0; q < i; q++)
		if (strcasecmp(sc->groups[q].id, g->id) == 0)
			return sdoc_fail(d, "duplicate group id '%s'", g->id);
	if ((rc = get_side(d, sc, it, "side", &g->side)) != 0)
		return rc == SDOC_SKIP ? 0 : rc;
	if ((rc = sdoc_str(d, it, "kind", kind, sizeof(kind), "normal")) != 0)
		return rc;
	g->kind = -1;
	for (int k = 0; k < 4; k++)
		if (strcmp(kind, kinds[k]) == 0)
			g->kind = k;
	if (g->kind < 0) {
		m = sdoc_key(d, "kind");
		rc = sdoc_soft(d, "kind is one of normal, parachute, ssf, division_51");
		sdoc_pop(d, m);
		return rc;
	}
	if ((rc = sdoc_array(d, it, "turns", SDOC_REQUIRED, 1, 8, "turns", turn_item, g)) != 0)
		return rc;
	if (g->kind != CAMP_G_SSF) {
		m = sdoc_key(d, "turns");
		if (g->nturns != 2 || g->turns[0] > g->turns[1] || g->turns[1] > sc->turns)
			rc = sdoc_soft(d, "expected [first, last] within the game's %d turns",
			               sc->turns);
		sdoc_pop(d, m);
		if (rc)
			return rc;
		g->first = g->turns[0];
		g->last = g->turns[1];
	} else {
		g->first = g->turns[0];
		g->last = g->turns[g->nturns - 1];
	}
	if (g->kind == CAMP_G_NORMAL || g->kind == CAMP_G_51) {
		m = sdoc_key(d, "entry");
		rc = load_where(d, sc, sdoc_member(it, "entry"), &g->entry);
		sdoc_pop(d, m);
		if (rc)
			return rc;
	} else if (sdoc_member(it, "entry") != NULL) {
		m = sdoc_key(d, "entry");
		rc = sdoc_soft(d, "a %s group has no entry hexes (13.1.3, 13.1.4)", kind);
		sdoc_pop(d, m);
		if (rc)
			return rc;
	}
	if (g->kind == CAMP_G_SSF &&
	    (rc = sdoc_array(d, it, "towns", SDOC_REQUIRED, 1, CAMP_MAX_TOWNS, "town zones",
	                     town_item, &c)) != 0)
		return rc;
	if (g->kind == CAMP_G_51 &&
	    (rc = sdoc_int(d, it, "withdraw_turn", &g->withdraw_turn, 1, 1, sc->turns)) != 0)
		return rc;
	return 0;
}

/* ---- units ----------------------------------------------------------------------- */

static void typeable_id(const char *printed, char *out, size_t n)
{
	size_t k = 0;

	for (; printed[k] != '\0' && k + 1 < n; k++)
		out[k] = printed[k] == ' ' ? '_' : printed[k];
	out[k] = '\0';
}

static int unit_classes(struct sdoc *d, const cJSON *it, struct camp_unit_def *u)
{
	static const struct {
		const char *name;
		unsigned bit;
	} names[] = {{"mechanized", CAMP_C_MECH},   {"motorized", CAMP_C_MOTOR},
	             {"infantry", CAMP_C_INFANTRY}, {"coastal_artillery", CAMP_C_COASTAL},
	             {"scratch", CAMP_C_SCRATCH},   {"elite", CAMP_C_ELITE},
	             {"fragile", CAMP_C_FRAGILE},   {"artillery", CAMP_C_ARTILLERY}};
	char cls[8][CAMP_ID];
	int n = 0, rc = sdoc_names(d, it, "classes", &cls[0][0], CAMP_ID, 8, &n);

	for (int q = 0; !rc && q < n; q++) {
		size_t k;
		for (k = 0; k < sizeof(names) / sizeof(names[0]); k++)
			if (strcmp(cls[q], names[k].name) == 0)
				break;
		if (k == sizeof(names) / sizeof(names[0])) {
			size_t m = sdoc_key(d, "classes");
			sdoc_idx(d, q);
			rc = sdoc_soft(d, "unknown class '%s'", cls[q]);
			sdoc_pop(d, m);
		} else {
			u->classes |= names[k].bit;
		}
	}
	return rc;
}

static int unit_special(struct sdoc *d, const cJSON *it, struct camp_unit_def *u)
{
	static const char *const names[] = {"",    "funnies", "assault_carrier",
	                                    "apc", "ssf",     "parachute"};
	char sp[CAMP_ID];
	int rc = sdoc_str(d, it, "special", sp, sizeof(sp), "");
	size_t m;

	u->special = CAMP_SP_NONE;
	if (rc != 0 || sp[0] == '\0')
		return rc;
	for (int k = 1; k < 6; k++)
		if (strcmp(sp, names[k]) == 0) {
			u->special = k;
			return 0;
		}
	m = sdoc_key(d, "special");
	rc = sdoc_soft(d, "unknown special '%s' (funnies, assault_carrier, apc, ssf, parachute)",
	               sp);
	sdoc_pop(d, m);
	return rc;
}

/* The set-up object; references to HQs and groups are resolved once every unit is read. */
struct pending_ref {
	char tf[CAMP_ID];
	char group[CAMP_ID];
};

static int load_setup(struct sdoc *d, struct camp_scenario *sc, const cJSON *it,
                      struct camp_unit_def *u, struct pending_ref *ref)
{
	static const char *const keys[] = {"hex", "tf", "box", "reinforcement", "scratch", NULL};
	const cJSON *s = sdoc_member(it, "setup");
	size_t m = sdoc_key(d, "setup");
	int rc = 0, forms, flag = 0;

	ref->tf[0] = ref->group[0] = '\0';
	u->setup_tf = u->group = -1;
	u->setup = CAMP_SET_BOX;
	if (s == NULL) {
		rc = sdoc_fail(d, "missing (hex, tf, box, reinforcement or scratch)");
		goto out;
	}
	if ((rc = sdoc_keys(d, s, keys)) != 0)
		goto out;
	forms = (sdoc_member(s, "hex") != NULL) + (sdoc_member(s, "box") != NULL) +
	        (sdoc_member(s, "reinforcement") != NULL) + (sdoc_member(s, "scratch") != NULL);
	if (sdoc_member(s, "tf") != NULL && sdoc_member(s, "reinforcement") == NULL)
		forms++;
	if (forms != 1) {
		rc = sdoc_soft(d, "give exactly one of hex, tf, box, reinforcement, scratch");
		goto out;
	}
	if (sdoc_member(s, "hex") != NULL) {
		size_t m2 = sdoc_key(d, "hex");
		u->setup = CAMP_SET_HEX;
		rc = rules_hexmap_read_hex(d, &sc->map, sdoc_member(s, "hex"), &u->setup_hex);
		sdoc_pop(d, m2);
		if (rc == SDOC_SKIP) {
			u->setup = CAMP_SET_BOX;
			rc = 0;
		}
	} else if (sdoc_member(s, "box") != NULL) {
		if ((rc = sdoc_bool(d, s, "box", &flag)) == 0 && (!flag || !u->hq))
			rc = sdoc_soft(d, "box: true is the set-up of an HQ that starts empty");
		u->setup = CAMP_SET_BOX;
	} else if (sdoc_member(s, "scratch") != NULL) {
		if ((rc = sdoc_bool(d, s, "scratch", &flag)) == 0 &&
		    (!flag || !(u->classes & CAMP_C_SCRATCH)))
			rc = sdoc_soft(d, "scratch: true is the set-up of a unit of class scratch");
		u->setup = CAMP_SET_SCRATCH;
	} else {
		if (sdoc_member(s, "reinforcement") != NULL) {
			u->setup = CAMP_SET_REINF;
			rc = sdoc_str(d, s, "reinforcement", ref->group, sizeof(ref->group), NULL);
		} else {
			u->setup = CAMP_SET_TF;
		}
		if (!rc && sdoc_member(s, "tf") != NULL)
			rc = sdoc_str(d, s, "tf", ref->tf, sizeof(ref->tf), NULL);
	}
out:
	sdoc_pop(d, m);
	return rc;
}

struct units_ctx {
	struct camp_scenario *sc;
	struct pending_ref *refs;
};

static int load_unit(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	static const char *const keys[] = {
	    "id",    "name",    "side",    "nationality", "size",     "kind",
	    "type",  "af",      "df",      "mf",          "af_boxed", "df_boxed",
	    "range", "classes", "special", "hits",        "setup",    NULL};
	struct units_ctx *c = arg;
	struct camp_scenario *sc = c->sc;
	struct camp_unit_def *u = &sc->units[i];
	char printed[CAMP_ID], nat[16], kind[16];
	int rc, req;
	size_t m;

	sc->nunits = i + 1;
	memset(u, 0, sizeof(*u));
	u->setup_tf = u->group = -1;
	if ((rc = sdoc_keys(d, it, keys)) != 0 ||
	    (rc = sdoc_str(d, it, "id", printed, sizeof(printed), NULL)) != 0)
		return rc;
	if (!sdoc_id_ok(printed))
		return sdoc_fail(d, "bad unit id");
	typeable_id(printed, u->id, sizeof(u->id));
	for (int q = 0; q < i; q++)
		if (id_eq(sc->units[q].id, u->id)) {
			m = sdoc_key(d, "id");
			rc = sdoc_soft(d,
			               "duplicate unit id '%s' (ids are typed case-insensitively)",
			               printed);
			sdoc_pop(d, m);
			if (rc)
				return rc;
		}
	if ((rc = sdoc_str(d, it, "name", u->name, sizeof(u->name), printed)) != 0 ||
	    (rc = get_side(d, sc, it, "side", &u->side)) != 0 ||
	    (rc = sdoc_str(d, it, "nationality", nat, sizeof(nat), NULL)) != 0 ||
	    (rc = sdoc_str(d, it, "size", u->size, sizeof(u->size), NULL)) != 0 ||
	    (rc = sdoc_str(d, it, "kind", kind, sizeof(kind), "tactical")) != 0 ||
	    (rc = sdoc_str(d, it, "type", u->type, sizeof(u->type), "")) != 0)
		return rc == SDOC_SKIP ? 0 : rc;
	u->nat = -1;
	for (int k = 0; k < CAMP_NAT_COUNT; k++)
		if (strcmp(nat, nat_names[k]) == 0)
			u->nat = k;
	if (u->nat < 0 || (u->nat == CAMP_NAT_GERMAN) != (u->side == CAMP_GERMAN)) {
		m = sdoc_key(d, "nationality");
		rc = sdoc_soft(d, "nationality '%s' does not fit side %s (SC-1.0b)", nat,
		               sc->side_names[u->side]);
		sdoc_pop(d, m);
		if (rc)
			return rc;
		u->nat = u->side == CAMP_GERMAN ? CAMP_NAT_GERMAN : CAMP_NAT_BRITISH;
	}
	if (strcmp(kind, "hq") != 0 && strcmp(kind, "tactical") != 0) {
		m = sdoc_key(d, "kind");
		rc = sdoc_soft(d, "kind is hq or tactical");
		sdoc_pop(d, m);
		if (rc)
			return rc;
	}
	u->hq = strcmp(kind, "hq") == 0;
	if (strcmp(u->size, "XX") != 0 && strcmp(u->size, "X") != 0 &&
	    strcmp(u->size, "III") != 0 && strcmp(u->size, "II") != 0) {
		m = sdoc_key(d, "size");
		rc = sdoc_soft(d, "size is XX, X, III or II (SC-2.2.1j)");
		sdoc_pop(d, m);
		if (rc)
			return rc;
	}
	if ((strcmp(u->size, "XX") == 0) && !u->hq) {
		m = sdoc_key(d, "size");
		rc = sdoc_soft(d, "size XX is valid only for an HQ (SC-2.2.1j)");
		sdoc_pop(d, m);
		if (rc)
			return rc;
	}
	req = !u->hq;
	if (u->hq) {
		static const char *const factors[] = {"af",      "df",      "mf",   "range",
		                                      "classes", "special", "hits", NULL};
		for (int k = 0; factors[k] != NULL; k++)
			if (sdoc_member(it, factors[k]) != NULL) {
				m = sdoc_key(d, factors[k]);
				rc = sdoc_soft(d, "an HQ has no intrinsic strength (SC-3.7b)");
				sdoc_pop(d, m);
				if (rc)
					return rc;
			}
	}
	if ((rc = sdoc_int(d, it, "af", &u->af, req, 0, 20)) != 0 ||
	    (rc = sdoc_int(d, it, "df", &u->df, req, 0, 20)) != 0 ||
	    (rc = sdoc_int(d, it, "mf", &u->mf, req, 0, 20)) != 0 ||
	    (rc = sdoc_int(d, it, "range", &u->range, 0, 1, 9)) != 0 ||
	    (rc = sdoc_bool(d, it, "af_boxed", &u->af_boxed)) != 0 ||
	    (rc = sdoc_bool(d, it, "df_boxed", &u->df_boxed)) != 0 ||
	    (rc = sdoc_int(d, it, "hits", &u->hits, 0, 0, 20)) != 0 ||
	    (rc = unit_classes(d, it, u)) != 0 || (rc = unit_special(d, it, u)) != 0)
		return rc;
	if (u->range > 0)
		u->classes |= CAMP_C_ARTILLERY;
	if (!u->hq && u->df < 1) {
		m = sdoc_key(d, "df");
		rc = sdoc_soft(d, "a Tactical Unit has a DF of at least 1 (10.5.2d)");
		sdoc_pop(d, m);
		if (rc)
			return rc;
	}
	if (!u->hq && u->hits >= u->df && u->df > 0) {
		m = sdoc_key(d, "hits");
		rc = sdoc_soft(d, "%d set-up hits would eliminate a unit of DF %d", u->hits, u->df);
		sdoc_pop(d, m);
		if (rc)
			return rc;
	}
	return load_setup(d, sc, it, u, &c->refs[i]);
}

/* Resolves the tf and group names of the set-ups. */
static int resolve_refs(struct sdoc *d, struct camp_scenario *sc, const struct pending_ref *refs)
{
	size_t m = sdoc_key(d, "units");
	int rc = 0;

	for (int i = 0; i < sc->nunits && !rc; i++) {
		struct camp_unit_def *u = &sc->units[i];
		size_t m2 = sdoc_idx(d, i);
		sdoc_key(d, "setup");
		if (refs[i].tf[0] != '\0') {
			int tf = camp__unit_by_id(sc, refs[i].tf);
			if (tf < 0 || !sc->units[tf].hq || sc->units[tf].side != u->side)
				rc = sdoc_soft(d, "tf '%s' is not an HQ of the %s", refs[i].tf,
				               sc->side_names[u->side]);
			else if (u->hq)
				rc = sdoc_soft(d,
				               "an HQ may not be attached to another (SC-7.2.1c)");
			else
				u->setup_tf = tf;
		}
		if (!rc && refs[i].group[0] != '\0') {
			int gi = camp__group_by_id(sc, refs[i].group);
			if (gi < 0 || sc->groups[gi].side != u->side)
				rc = sdoc_soft(d, "no %s reinforcement group '%s'",
				               sc->side_names[u->side], refs[i].group);
			else
				u->group = gi;
		}
		sdoc_pop(d, m2);
	}
	sdoc_pop(d, m);
	return rc;
}

/* ---- set-up ------------------------------------------------------------------------ */

static int random_item(struct sdoc *d, const cJSON *it, int i, void *arg)
{
	static const char *const keys[] = {"tf", "dice", "add", NULL};
	struct camp_scenario *sc = arg;
	struct camp_random_hits *r = &sc->random[i];
	char tf[CAMP_ID];
	int rc;

	sc->nrandom = i + 1;
	r->tf = -1;
	r->add = 0;
	if ((rc = sdoc_keys(d, it, keys)) != 0 ||
	    (rc = sdoc_str(d, it, "tf", tf, sizeof(tf), NULL)) != 0 ||
	    (rc = sdoc_int(d, it, "dice", &r->dice, 1, 0, 6)) != 0 ||
	    (rc = sdoc_int(d, it, "add", &r->add, 0, -6, 20)) != 0)
		return rc;
	r->tf = camp__unit_by_id(sc, tf);
	if (r->tf < 0 || !sc->units[r->tf].hq) {
		size_t m = sdoc_key(d, "tf");
		rc = sdoc_soft(d, "'%s' is not an HQ", tf);
		sdoc_pop(d, m);
		r->tf = -1;
	}
	return rc;
}

static int load_setup_section(struct sdoc *d, struct camp_scenario *sc, const cJSON *doc)
{
	static const char *const keys[] = {"random_hits", "scratch", NULL};
	static const char *const skeys[] = {"initial_dice", "per_g1", "zones", "entry", NULL};
	const cJSON *s = sdoc_member(doc, "setup"), *sx;
	size_t m = sdoc_key(d, "setup"), m2;
	int rc;

	if (s == NULL) {
		rc = sdoc_fail(d, "missing");
		goto out;
	}
	if ((rc = sdoc_keys(d, s, keys)) != 0 ||
	    (rc = sdoc_array(d, s, "random_hits", 0, 0, CAMP_MAX_RANDOM, "random set-up hits",
	                     random_item, sc)) != 0)
		goto out;
	sx = sdoc_member(s, "scratch");
	m2 = sdoc_key(d, "scratch");
	if (sx == NULL) {
		rc = sdoc_fail(d, "missing: the scratch battalions (SC-13.2.2)");
	} else if ((rc = sdoc_keys(d, sx, skeys)) == 0 &&
	           (rc = sdoc_int(d, sx, "initial_dice", &sc->scratch_dice, 1, 0, 6)) == 0 &&
	           (rc = sdoc_int(d, sx, "per_g1", &sc->scratch_per_g1, 1, 1, 6)) == 0) {
		struct hexes_ctx c = {sc, &sc->scratch_zone};
		if ((rc = sdoc_array(d, sx, "zones", SDOC_REQUIRED, 1, -1, "zone ids", where_zone,
		                     &c)) == 0) {
			size_t m3 = sdoc_key(d, "entry");
			rc = load_where(d, sc, sdoc_member(sx, "entry"), &sc->scratch_entry);
			sdoc_pop(d, m3);
		}
	}
	sdoc_pop(d, m2);
out:
	sdoc_pop(d, m);
	return rc;
}

static int load_free(struct sdoc *d, struct camp_scenario *sc, const cJSON *doc)
{
	static const char *const keys[] = {"allied", "german", NULL};
	const cJSON *f = sdoc_member(doc, "free_setup");
	size_t m;
	int rc;

	if (f == NULL)
		return 0;
	m = sdoc_key(d, "free_setup");
	if ((rc = sdoc_keys(d, f, keys)) == 0)
		for (int s = 0; s < RULES_SIDES && !rc; s++) {
			size_t m2 = sdoc_key(d, sc->side_names[s]);
			rc =
			    load_where(d, sc, sdoc_member(f, sc->side_names[s]), &sc->free_zone[s]);
			sdoc_pop(d, m2);
		}
	sc->has_free = rc == 0;
	sdoc_pop(d, m);
	return rc;
}

/* ---- consistency (what check-scenario reports beyond the format) ----------------------- */

static void lint_unit(struct sdoc *d, struct camp_scenario *sc, int i, int *boxed)
{
	const struct camp_unit_def *u = &sc->units[i];
	char hex[RULES_HEX_ID_MAX];
	size_t m = sdoc_key(d, "units");

	sdoc_idx(d, i);
	if (u->setup == CAMP_SET_HEX) {
		uint32_t t = sc->map.hex_terrain[u->setup_hex];
		if ((t & sc->sea_mask) || rules_hexmap_hex_closed(&sc->map, u->setup_hex, 0))
			sdoc_soft(d, "%s sets up in hex %s, which no unit may enter", u->id,
			          rules_hex_format(&sc->map.grid, u->setup_hex, hex));
		for (int q = 0; q < sc->nunits; q++)
			if (sc->units[q].setup == CAMP_SET_HEX && sc->units[q].side != u->side &&
			    sc->units[q].setup_hex == u->setup_hex) {
				sdoc_soft(d, "%s and the enemy %s both set up in hex %s", u->id,
				          sc->units[q].id,
				          rules_hex_format(&sc->map.grid, u->setup_hex, hex));
				break;
			}
	}
	if ((u->classes & CAMP_C_COASTAL) && u->setup_tf >= 0)
		sdoc_soft(d, "coastal artillery is never part of a Task Force (SC-13.2.1c)");
	if (u->setup_tf >= 0) {
		const struct camp_unit_def *hq = &sc->units[u->setup_tf];
		if (hq->setup != CAMP_SET_HEX && u->setup == CAMP_SET_TF)
			sdoc_soft(d, "%s starts in the box of %s, which does not set up on the map",
			          u->id, hq->id);
		if (u->setup == CAMP_SET_REINF && hq->group != u->group)
			sdoc_soft(d, "%s arrives in the box of %s, which is not of its group",
			          u->id, hq->id);
		if ((hq->nat == CAMP_NAT_POLISH || hq->nat == CAMP_NAT_US ||
		     u->nat == CAMP_NAT_POLISH || u->nat == CAMP_NAT_US) &&
		    hq->nat != u->nat)
			sdoc_soft(d, "%s (%s) may not be in the box of %s (%s) (SC-7.2.1f)", u->id,
			          camp__nat_name(u->nat), hq->id, camp__nat_name(hq->nat));
		if (++boxed[u->setup_tf] == sc->c2[u->side] + 1)
			sdoc_soft(d, "the box of %s holds more than %d units (C2, SC-7.2.1d)",
			          hq->id, sc->c2[u->side]);
	}
	if (u->setup == CAMP_SET_SCRATCH && u->side != CAMP_GERMAN)
		sdoc_soft(d, "scratch battalions are German (SC-13.2.2)");
	sdoc_pop(d, m);
}

static void scenario_check(struct sdoc *d, struct camp_scenario *sc)
{
	int boxed[CAMP_MAX_UNITS] = {0}, coastal = 0, scratch = 0;

	for (int i = 0; i < sc->nunits; i++) {
		lint_unit(d, sc, i, boxed);
		coastal += (sc->units[i].classes & CAMP_C_COASTAL) != 0;
		scratch += sc->units[i].setup == CAMP_SET_SCRATCH;
	}
	for (int i = 0; i < sc->nunits; i++)
		if (sc->units[i].hq && sc->units[i].setup == CAMP_SET_HEX && boxed[i] == 0) {
			size_t m = sdoc_key(d, "units");
			sdoc_idx(d, i);
			sdoc_soft(d, "HQ %s sets up on the map with an empty box (SC-3.7c)",
			          sc->units[i].id);
			sdoc_pop(d, m);
		}
	if (coastal == 0)
		sdoc_finding(d, SDOC_ERROR, "$.units",
		             "no coastal artillery: the game could never end early (SC-14.1a)");
	if (scratch < sc->scratch_per_g1)
		sdoc_finding(d, SDOC_WARNING, "$.setup.scratch",
		             "fewer scratch battalions than one G-1 brings");
	if (sc->z_walcheren >= 0 && sc->map.zones[sc->z_walcheren].hexes.n == 0)
		sdoc_finding(d, SDOC_ERROR, "$.special.walcheren", "the zone has no hex");
	if (sc->z_antwerp >= 0 && sc->map.zones[sc->z_antwerp].hexes.n == 0)
		sdoc_finding(d, SDOC_ERROR, "$.special.antwerp", "the zone has no hex");
	if (sc->t_polder < 0 || sc->t_flooded < 0 || sc->t_clear < 0)
		sdoc_finding(d, SDOC_ERROR, "$.terrain",
		             "the dikes (13.3.3) need types flagged clear, polder and flooded");
	for (int k = 0; k < sc->ngroups; k++) {
		const struct camp_group *g = &sc->groups[k];
		int n = 0;
		for (int i = 0; i < sc->nunits; i++)
			n += sc->units[i].group == k;
		if (n == 0) {
			size_t m = sdoc_key(d, "reinforcements");
			sdoc_idx(d, k);
			sdoc_soft(d, "group %s has no unit", g->id);
			sdoc_pop(d, m);
		}
		for (int q = 0; q < g->entry.n; q++)
			if (sc->map.hex_terrain[g->entry.h[q]] & sc->sea_mask) {
				char hex[RULES_HEX_ID_MAX];
				size_t m = sdoc_key(d, "reinforcements");
				sdoc_idx(d, k);
				sdoc_soft(d, "entry hex %s of group %s is at sea",
				          rules_hex_format(&sc->map.grid, g->entry.h[q], hex),
				          g->id);
				sdoc_pop(d, m);
				break;
			}
	}
}

/* ---- the document --------------------------------------------------------------------- */

static void scenario_destroy(struct camp_scenario *sc)
{
	if (sc == NULL)
		return;
	rules_hexmap_release(&sc->map);
	for (int k = 0; k < sc->ngroups; k++)
		free(sc->groups[k].entry.h);
	free(sc->scratch_zone.h);
	free(sc->scratch_entry.h);
	for (int s = 0; s < RULES_SIDES; s++)
		free(sc->free_zone[s].h);
	free(sc);
}

static int scenario_parse(const char *source, const cJSON *doc, struct sdoc *d,
                          struct camp_scenario **out)
{
	static const char *const keys[] = {"ruleset",
	                                   "format",
	                                   "id",
	                                   "title",
	                                   "description",
	                                   "sides",
	                                   "c2",
	                                   "turns",
	                                   "terrain",
	                                   "hexside_types",
	                                   "map",
	                                   "special",
	                                   "units",
	                                   "setup",
	                                   "reinforcements",
	                                   "free_setup",
	                                   "staff_markers",
	                                   NULL};
	struct camp_scenario *sc = calloc(1, sizeof(*sc));
	const struct rules_hexmap_ext ext = {
	    .terrain_keys = terrain_keys,
	    .side_keys = side_keys,
	    .type = type_rules,
	    .ctx = sc,
	};
	struct pending_ref *refs = NULL;
	int rc;

	(void)source;
	*out = NULL;
	if (sc == NULL)
		return sdoc_nomem(d);
	sc->z_walcheren = sc->z_pocket = sc->z_antwerp = -1;
	if (!cJSON_IsObject(doc)) {
		rc = sdoc_fail(d, "a scenario is a JSON object");
		goto fail;
	}
	if ((rc = sdoc_keys(d, doc, keys)) != 0 || (rc = load_header(d, sc, doc)) != 0)
		goto fail;
	rules_hexmap_init(&sc->map, sc->side_names[0], sc->side_names[1]);
	if ((rc = load_c2(d, sc, doc)) != 0 || (rc = load_turns(d, sc, doc)) != 0 ||
	    (rc = load_markers(d, sc, doc)) != 0 ||
	    (rc = rules_hexmap_load_types(d, doc, &sc->map, &ext)) != 0 ||
	    (rc = rules_hexmap_load(d, doc, &sc->map, &ext)) != 0)
		goto fail;
	type_masks(sc);
	sc->map.road_half = sc->road_half;
	if ((rc = load_special(d, sc, doc)) != 0)
		goto fail;
	sc->map.road_half = sc->road_half;
	if ((rc = sdoc_array(d, doc, "reinforcements", 0, 0, CAMP_MAX_GROUPS,
	                     "reinforcement groups", load_group, sc)) != 0)
		goto fail;
	refs = calloc(CAMP_MAX_UNITS, sizeof(*refs));
	if (refs == NULL) {
		rc = sdoc_nomem(d);
		goto fail;
	}
	{
		struct units_ctx c = {sc, refs};
		if ((rc = sdoc_array(d, doc, "units", SDOC_REQUIRED, 1, CAMP_MAX_UNITS, "units",
		                     load_unit, &c)) != 0 ||
		    (rc = resolve_refs(d, sc, refs)) != 0)
			goto fail;
	}
	if ((rc = load_setup_section(d, sc, doc)) != 0 || (rc = load_free(d, sc, doc)) != 0)
		goto fail;
	scenario_check(d, sc);
	if (d->report == NULL && d->errors > 0) {
		rc = WG_E_BAD_SCENARIO;
		goto fail;
	}
	free(refs);
	*out = sc;
	return 0;
fail:
	free(refs);
	scenario_destroy(sc);
	return rc != 0 ? rc : WG_E_BAD_SCENARIO;
}

int camp__scenario_load(const struct ruleset *rs, const char *source, const cJSON *doc,
                        struct rules_scenario **out, struct rules_error *err)
{
	struct camp_scenario *sc;
	struct sdoc d;
	int rc;

	(void)rs;
	memset(err, 0, sizeof(*err));
	sdoc_init(&d, source, err, NULL, NULL);
	rc = scenario_parse(source, doc, &d, &sc);
	if (rc == 0)
		*out = (struct rules_scenario *)sc;
	else if (err->code == 0)
		rules_fail(err, rc, "", "%s: the scenario could not be loaded", d.source);
	return rc;
}

int camp__scenario_lint(const struct ruleset *rs, const char *source, const cJSON *doc,
                        void (*report)(void *ctx, int severity, const char *path,
                                       const char *message),
                        void *ctx)
{
	struct rules_error err;
	struct camp_scenario *sc;
	struct sdoc d;
	int rc;

	(void)rs;
	memset(&err, 0, sizeof(err));
	sdoc_init(&d, source, &err, report, ctx);
	rc = scenario_parse(source, doc, &d, &sc);
	if (rc == 0)
		scenario_destroy(sc);
	if (rc == WG_E_NO_MEMORY)
		return rc;
	return d.errors > 0 ? d.errors : (rc != 0 ? 1 : 0);
}

void camp__scenario_free(struct rules_scenario *rsc)
{
	scenario_destroy((struct camp_scenario *)rsc);
}

void camp__scenario_info(const struct rules_scenario *rsc, struct rules_scenario_info *info)
{
	const struct camp_scenario *sc = (const struct camp_scenario *)rsc;

	info->id = sc->id;
	info->title = sc->title;
	info->description = sc->description;
	info->side_names[0] = sc->side_names[0];
	info->side_names[1] = sc->side_names[1];
}
