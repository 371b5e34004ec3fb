/*
 * tables.c -- the quick-reference sheet's tables (the (data) lines of minis-checklist.md) and
 * the lookups the rules use.  The quality, nationality, armour and weapon tables are data
 * (data/minis/quality.json, nations.json, vehicles.json, weapons.json, compiled in by embed.cmake
 * and loaded per scenario into sc->tab by minis__tables_load); the others are transcribed here.
 * Each table names the QR- ids whose cells it holds; tests/unit/test_minis_tables.c and
 * test_minis_data.c check every cell against the sheet.
 *
 * Distances are kept at both printed scales (QR-AMB-9): the alternate figure is stored as
 * printed, never computed from the base one.
 */
#include "minis_int.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define D(b, a)                                                                                    \
	{                                                                                          \
		MINIS_IN(b), MINIS_IN(a)                                                           \
	}

const struct minis_dist MD_HIDDEN_AUTO = D(24, 36); /* QR-SETUP-37 */
const struct minis_dist MD_SURCHARGE = D(24, 36);   /* QR-CMD-23 */
const struct minis_dist MD_RECON_MAX = D(36, 54);   /* QR-RECON-1, "36" (54")" */
const struct minis_dist MD_RECON_NEAR = D(8, 12);   /* QR-RECON-6 */
const struct minis_dist MD_RECON_FAR = D(16, 24);   /* QR-RECON-4 */
const struct minis_dist MD_RECON_ENEMY = D(4, 6);   /* QR-RECON-8 */
const struct minis_dist MD_INF_LONG = D(16, 24);    /* QR-FIRE-14, QR-FIRE-23 */
const struct minis_dist MD_RETREAT_INF = D(6, 9);   /* QR-MORALE-14 */
const struct minis_dist MD_RETREAT_VEH = D(10, 15); /* QR-MORALE-14 */
const struct minis_dist MD_WIN_MOVE = D(2, 3);      /* QR-ASSAULT-42 */
const struct minis_dist MD_AIR_MISS = D(2, 3);      /* QR-AIR-5, QR-AIR-6 */
const struct minis_dist MD_AIR_ZONE = D(2, 3);      /* QR-AIR-14 */
const struct minis_dist MD_TWO = D(2, 3);           /* QR-AMB-4, -7, -39, -48 */
const struct minis_dist MD_FOUR = D(4, 6);          /* QR-AMB-13, -33 */
const struct minis_dist MD_COVER_NEAR = {100, 150}; /* QR-AMB-3, -44 */
const struct minis_dist MD_AA_MG = D(20, 30);       /* QR-AMB-22 */
const struct minis_dist MD_AA_CANNON = D(30, 45);   /* QR-AMB-22 */

const char *const minis_quality_names[MQ_COUNT] = {"elite", "veteran", "regular", "inexperienced",
                                                   "militia"};
const char *const minis_kind_names[MK_COUNT] = {"infantry", "hq",      "gun",  "afv",
                                                "softskin", "cavalry", "dummy"};
const char *const minis_move_names[MM_COUNT] = {"infantry", "slow",    "medium",    "fast",
                                                "wheeled",  "cavalry", "manhandle", "static"};
const char *const minis_test_names[MT_COUNT] = {"none",     "pinned",  "retreat",
                                                "disperse", "damaged", "destroyed"};
const char *const minis_outcome_names[MO_COUNT] = {
    "obey orders", "pinned",    "retreat",    "damaged & retreat",
    "dispersed",   "destroyed", "suppressed", "dispersed or damaged & retreat"};

/* ---- the data of data/minis/ (quality.json, nations.json, weapons.json) ---- */

static const cJSON *need(struct sdoc *d, const cJSON *o, const char *key, int (*is)(const cJSON *),
                         const char *file)
{
	const cJSON *it = sdoc_member(o, key);

	if (it == NULL || !is(it)) {
		sdoc_fail(d, "data/minis/%s (compiled in): '%s' is missing or of the wrong type",
		          file, key);
		return NULL;
	}
	return it;
}

/* An array of n small integers into out (null reads as nul). */
static int ints(struct sdoc *d, const cJSON *arr, int8_t *out, int n, int nul, const char *what)
{
	int k = 0;
	const cJSON *it;

	if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != n)
		return sdoc_fail(d, "data/minis: %s: expected %d values", what, n);
	cJSON_ArrayForEach(it, arr)
	{
		if (cJSON_IsNull(it))
			out[k++] = (int8_t)nul;
		else if (cJSON_IsNumber(it) && it->valuedouble >= -99 && it->valuedouble <= 99)
			out[k++] = (int8_t)it->valueint;
		else
			return sdoc_fail(d, "data/minis: %s: value %d is not a small integer", what,
			                 k + 1);
	}
	return 0;
}

static int quality_load(struct sdoc *d, struct minis_tables *t, const cJSON *doc)
{
	static const struct {
		const char *key;
		size_t off;
	} nums[] = {
	    {"fire", offsetof(struct minis_tables, q_fire)},
	    {"morale", offsetof(struct minis_tables, q_morale)},
	    {"rally", offsetof(struct minis_tables, q_rally)},
	    {"hidden", offsetof(struct minis_tables, q_hidden)},
	    {"ambush", offsetof(struct minis_tables, q_ambush)},
	    {"dummy", offsetof(struct minis_tables, q_dummy)},
	};
	const cJSON *ctx = need(d, doc, "contexts", cJSON_IsObject, "quality.json"), *v, *it;
	int rc, k;

	if (ctx == NULL)
		return WG_E_BAD_SCENARIO;
	for (size_t n = 0; n < sizeof(nums) / sizeof(nums[0]); n++) {
		const cJSON *c = sdoc_member(ctx, nums[n].key);
		if ((rc = ints(d, c ? sdoc_member(c, "values") : NULL,
		               (int8_t *)((char *)t + nums[n].off), MQ_COUNT, 0, nums[n].key)) != 0)
			return rc;
	}
	v = sdoc_member(sdoc_member(ctx, "result_row_11"), "values");
	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != MQ_COUNT)
		return sdoc_fail(d, "data/minis/quality.json: result_row_11 has 5 values");
	k = 0;
	cJSON_ArrayForEach(it, v) t->q_row11_disperse[k++] =
	    cJSON_IsString(it) && strcmp(it->valuestring, "disperse") == 0;
	v = sdoc_member(sdoc_member(ctx, "assault_50pct"), "values");
	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != MQ_COUNT)
		return sdoc_fail(d, "data/minis/quality.json: assault_50pct has 5 values");
	k = 0;
	cJSON_ArrayForEach(it, v) t->q_assault[k++] = !cJSON_IsString(it)                       ? 0
	                                              : strcmp(it->valuestring, "elite") == 0   ? 1
	                                              : strcmp(it->valuestring, "militia") == 0 ? -1
	                                                                                        : 0;
	return 0;
}

static const char *const nation_keys[MN_COUNT] = {"german", "british", "us",   "russian",
                                                  "early",  "axis",    "other"};

static int nation_index(const char *s)
{
	for (int k = 0; k < MN_COUNT; k++)
		if (strcmp(nation_keys[k], s) == 0)
			return k;
	return -1;
}

static int years_load(struct sdoc *d, const cJSON *doc, const char *key, struct minis_years *y)
{
	const cJSON *o = need(d, doc, key, cJSON_IsObject, "nations.json"), *rows, *r, *def;

	if (o == NULL)
		return WG_E_BAD_SCENARIO;
	memset(y, 0, sizeof(*y));
	def = sdoc_member(o, "default");
	y->def = (int8_t)(cJSON_IsNumber(def) ? def->valueint : 0);
	rows = sdoc_member(o, "rows");
	cJSON_ArrayForEach(r, rows)
	{
		int nat = nation_index(r->string);
		const cJSON *row;
		if (nat < 0 || !cJSON_IsArray(r) || cJSON_GetArraySize(r) > MINIS_MAX_YEAR_ROWS)
			return sdoc_fail(d, "data/minis/nations.json: %s: bad rows for '%s'", key,
			                 r->string);
		cJSON_ArrayForEach(row, r)
		{
			const cJSON *a = cJSON_GetArrayItem(row, 0),
			            *b = cJSON_GetArrayItem(row, 1),
			            *v = cJSON_GetArrayItem(row, 2);
			int k = y->n[nat];
			if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != 3 ||
			    !cJSON_IsNumber(a) || !cJSON_IsNumber(b) || !cJSON_IsNumber(v))
				return sdoc_fail(d,
				                 "data/minis/nations.json: %s: a row is [from, to, "
				                 "value]",
				                 key);
			y->from[nat][k] = (int16_t)a->valueint;
			y->to[nat][k] = (int16_t)b->valueint;
			y->v[nat][k] = (int8_t)v->valueint;
			y->n[nat]++;
		}
	}
	return 0;
}

static int years_get(const struct minis_years *y, int nation, int year)
{
	if (nation < 0 || nation >= MN_COUNT)
		return y->def;
	for (int k = 0; k < y->n[nation]; k++)
		if (year >= y->from[nation][k] && year <= y->to[nation][k])
			return y->v[nation][k];
	return y->def;
}

static int nations_load(struct sdoc *d, struct minis_tables *t, const cJSON *doc)
{
	const cJSON *names = need(d, doc, "names", cJSON_IsObject, "nations.json"), *it, *o;
	int rc;

	if (names == NULL)
		return WG_E_BAD_SCENARIO;
	t->nnames = 0;
	cJSON_ArrayForEach(it, names)
	{
		if (t->nnames >= 32 || !cJSON_IsString(it) || nation_index(it->valuestring) < 0 ||
		    strlen(it->string) >= sizeof(t->names[0][0]))
			return sdoc_fail(d, "data/minis/nations.json: names: bad entry '%s'",
			                 it->string);
		snprintf(t->names[t->nnames][0], sizeof(t->names[0][0]), "%s", it->string);
		snprintf(t->names[t->nnames][1], sizeof(t->names[0][1]), "%s", it->valuestring);
		t->nnames++;
	}
	if ((rc = years_load(d, doc, "air_superiority", &t->air_sup)) != 0 ||
	    (rc = years_load(d, doc, "column_a", &t->col_a)) != 0 ||
	    (rc = years_load(d, doc, "hq_modifier", &t->hq_mod)) != 0 ||
	    (rc = years_load(d, doc, "request_first_column", &t->request_first)) != 0)
		return rc;
	if ((o = need(d, doc, "air_missions", cJSON_IsObject, "nations.json")) == NULL ||
	    (rc = ints(d, sdoc_member(o, "A"), t->air_missions[0], 6, 0, "air_missions A")) ||
	    (rc = ints(d, sdoc_member(o, "B"), t->air_missions[1], 6, 0, "air_missions B")))
		return o == NULL ? WG_E_BAD_SCENARIO : rc;
	if ((o = need(d, doc, "fire_missions", cJSON_IsObject, "nations.json")) == NULL ||
	    (rc = ints(d, sdoc_member(o, "A"), t->fire_missions[0], 6, 0, "fire_missions A")) ||
	    (rc = ints(d, sdoc_member(o, "B"), t->fire_missions[1], 6, 0, "fire_missions B")))
		return o == NULL ? WG_E_BAD_SCENARIO : rc;
	if ((o = need(d, doc, "request", cJSON_IsObject, "nations.json")) == NULL ||
	    (rc = ints(d, sdoc_member(o, "artillery"), t->request_need[0], 2, 0, "request")) ||
	    (rc = ints(d, sdoc_member(o, "air"), t->request_need[1], 2, 0, "request")))
		return o == NULL ? WG_E_BAD_SCENARIO : rc;
	if ((o = need(d, doc, "group_max", cJSON_IsObject, "nations.json")) == NULL)
		return WG_E_BAD_SCENARIO;
	for (int k = 0; k < MN_COUNT; k++) {
		const cJSON *v = sdoc_member(o, nation_keys[k]);
		if (!cJSON_IsNumber(v))
			return sdoc_fail(d, "data/minis/nations.json: group_max: no '%s'",
			                 nation_keys[k]);
		t->group_max[k] = (int8_t)v->valueint;
	}
	{
		const cJSON *i = sdoc_member(o, "infantry_assault"),
		            *a = sdoc_member(o, "armoured_assault"),
		            *c = sdoc_member(o, "road_convoy");
		if (!cJSON_IsNumber(i) || !cJSON_IsNumber(a) || c == NULL)
			return sdoc_fail(d,
			                 "data/minis/nations.json: group_max: the special groups");
		t->assault_max[0] = (int8_t)i->valueint;
		t->assault_max[1] = (int8_t)a->valueint;
		t->convoy_max = (int8_t)(cJSON_IsNumber(c) ? c->valueint : -1);
	}
	return 0;
}

/* A distance [base, alternate] in inches (null: none, -1) into hundredths. */
static int dist_load(struct sdoc *d, const cJSON *it, struct minis_dist *out, const char *what)
{
	if (it == NULL || cJSON_IsNull(it)) {
		out->base = out->alt = -1;
		return 0;
	}
	if (!cJSON_IsArray(it) || cJSON_GetArraySize(it) != 2 ||
	    !cJSON_IsNumber(cJSON_GetArrayItem(it, 0)) ||
	    !cJSON_IsNumber(cJSON_GetArrayItem(it, 1)))
		return sdoc_fail(d, "data/minis/weapons.json: %s: a distance is [base, alt]", what);
	out->base = (int32_t)(cJSON_GetArrayItem(it, 0)->valuedouble * 100 + 0.5);
	out->alt = (int32_t)(cJSON_GetArrayItem(it, 1)->valuedouble * 100 + 0.5);
	return 0;
}

static const char *const range_keys[MR_COUNT] = {
    [MR_SMG] = "smg",
    [MR_RIFLE] = "rifle",
    [MR_MMG] = "mmg",
    [MR_LMORTAR] = "lmortar",
    [MR_ATRIFLE] = "atrifle",
    [MR_PZFAUST] = "pzfaust",
    [MR_GUN_SMALL] = "gun_small",
    [MR_GUN_STD] = "gun_std",
    [MR_GUN_HV] = "gun_hv",
    [MR_FLAME_VEH] = "flame_vehicle",
    [MR_BY_GUN] = "by_gun",
};

static int weapons_load(struct sdoc *d, struct minis_tables *t, const cJSON *doc)
{
	static const struct {
		const char *name;
		unsigned flag;
	} flags[] = {
	    {"small_arms", MW_SMALL_ARMS}, {"mg", MW_MG},           {"handheld", MW_HANDHELD},
	    {"atrifle", MW_ATRIFLE},       {"he", MW_HE},           {"autocannon", MW_AUTOCANNON},
	    {"flame", MW_FLAME},           {"lmortar", MW_LMORTAR}, {"bracketed", MW_BRACKETED},
	    {"mmg_hmg", MW_MMG_HMG},       {"he_75", MW_HE_75},     {"gun", MW_GUN},
	};
	const cJSON *ranges = need(d, doc, "ranges", cJSON_IsObject, "weapons.json");
	const cJSON *ws = need(d, doc, "weapons", cJSON_IsArray, "weapons.json"), *w;
	int rc;

	if (ranges == NULL || ws == NULL)
		return WG_E_BAD_SCENARIO;
	for (int r = 0; r < MR_COUNT; r++) {
		const cJSON *o = sdoc_member(ranges, range_keys[r]), *name, *rule;
		struct minis_range *rg = &t->ranges[r];
		if (!cJSON_IsObject(o))
			return sdoc_fail(d, "data/minis/weapons.json: ranges: no '%s'",
			                 range_keys[r]);
		name = sdoc_member(o, "name");
		rule = sdoc_member(o, "rule");
		snprintf(rg->name, sizeof(rg->name), "%s",
		         cJSON_GetStringValue(name) ? name->valuestring : "");
		snprintf(rg->rule, sizeof(rg->rule), "%s",
		         cJSON_GetStringValue(rule) ? rule->valuestring : "");
		if ((rc = dist_load(d, sdoc_member(o, "close"), &rg->close, range_keys[r])) != 0 ||
		    (rc = dist_load(d, sdoc_member(o, "effective"), &rg->eff, range_keys[r])) !=
		        0 ||
		    (rc = dist_load(d, sdoc_member(o, "long"), &rg->lng, range_keys[r])) != 0)
			return rc;
		rg->has_close = rg->close.base >= 0;
		if (rg->eff.base < 0)
			return sdoc_fail(d, "data/minis/weapons.json: %s has no effective band",
			                 range_keys[r]);
	}
	t->nweapons = 0;
	cJSON_ArrayForEach(w, ws)
	{
		struct minis_weapon *wp;
		const cJSON *id = sdoc_member(w, "id"), *name = sdoc_member(w, "name"),
		            *at = sdoc_member(w, "at"), *ai = sdoc_member(w, "ai"),
		            *fl = sdoc_member(w, "flags"), *rg = sdoc_member(w, "range"),
		            *aa = sdoc_member(w, "aa"), *rule = sdoc_member(w, "rule"), *f;
		int r;
		if (t->nweapons >= MINIS_MAX_WEAPON_ROWS || !cJSON_IsString(id) ||
		    !cJSON_IsString(name) || !cJSON_IsNumber(at) || !cJSON_IsNumber(ai) ||
		    !cJSON_IsArray(fl) || !cJSON_IsString(rg) || !cJSON_IsNumber(aa) ||
		    !cJSON_IsString(rule) || strlen(id->valuestring) >= sizeof(wp->id))
			return sdoc_fail(d, "data/minis/weapons.json: weapon %d is incomplete",
			                 t->nweapons + 1);
		wp = &t->weapons[t->nweapons++];
		memset(wp, 0, sizeof(*wp));
		snprintf(wp->id, sizeof(wp->id), "%s", id->valuestring);
		snprintf(wp->name, sizeof(wp->name), "%s", name->valuestring);
		snprintf(wp->rule, sizeof(wp->rule), "%s", rule->valuestring);
		wp->at = at->valueint;
		wp->ai = ai->valueint;
		wp->aa = (uint8_t)aa->valueint;
		for (r = 0; r < MR_COUNT; r++)
			if (strcmp(range_keys[r], rg->valuestring) == 0)
				break;
		if (r == MR_COUNT)
			return sdoc_fail(d, "data/minis/weapons.json: %s: no range row '%s'",
			                 wp->id, rg->valuestring);
		wp->range = (uint8_t)r;
		cJSON_ArrayForEach(f, fl)
		{
			size_t k;
			for (k = 0; k < sizeof(flags) / sizeof(flags[0]); k++)
				if (cJSON_IsString(f) && strcmp(flags[k].name, f->valuestring) == 0)
					break;
			if (k == sizeof(flags) / sizeof(flags[0]))
				return sdoc_fail(d, "data/minis/weapons.json: %s: unknown flag",
				                 wp->id);
			wp->flags |= flags[k].flag;
		}
	}
	return 0;
}

static int vehicles_load(struct sdoc *d, struct minis_tables *t, const cJSON *doc)
{
	const cJSON *cats = need(d, doc, "categories", cJSON_IsObject, "vehicles.json");
	const cJSON *exc = need(d, doc, "exceptions", cJSON_IsArray, "vehicles.json"), *e;

	if (cats == NULL || exc == NULL)
		return WG_E_BAD_SCENARIO;
	for (int c = 0; c < 8; c++) {
		char key[2] = {(char)('A' + c), '\0'};
		const cJSON *o = sdoc_member(cats, key), *f = sdoc_member(o, "front"),
		            *sd = sdoc_member(o, "side"), *p2 = sdoc_member(o, "side_p2"),
		            *w = sdoc_member(o, "weight");
		if (!cJSON_IsNumber(f) || !cJSON_IsNumber(sd) || !cJSON_IsNumber(p2) ||
		    !cJSON_IsNumber(w))
			return sdoc_fail(d, "data/minis/vehicles.json: category %s is incomplete",
			                 key);
		t->arm_front[c] = (int8_t)f->valueint;
		t->arm_side[c] = (int8_t)sd->valueint;
		t->arm_side_p2[c] = (int8_t)p2->valueint;
		t->arm_weight[c] = (int8_t)w->valueint;
	}
	t->nexc = 0;
	cJSON_ArrayForEach(e, exc)
	{
		const cJSON *c = sdoc_member(e, "category"), *m = sdoc_member(e, "model"), *v;
		if (t->nexc >= 4 || !cJSON_IsString(c) || strlen(c->valuestring) != 1 ||
		    c->valuestring[0] < 'A' || c->valuestring[0] > 'H' || !cJSON_IsString(m) ||
		    strlen(m->valuestring) >= sizeof(t->exc[0].model))
			return sdoc_fail(d, "data/minis/vehicles.json: exception %d is incomplete",
			                 t->nexc + 1);
		t->exc[t->nexc].cat = (int8_t)(c->valuestring[0] - 'A');
		snprintf(t->exc[t->nexc].model, sizeof(t->exc[0].model), "%s", m->valuestring);
		v = sdoc_member(e, "front");
		t->exc[t->nexc].front = (int8_t)(cJSON_IsNumber(v) ? v->valueint : -1);
		v = sdoc_member(e, "side");
		t->exc[t->nexc].side = (int8_t)(cJSON_IsNumber(v) ? v->valueint : -1);
		v = sdoc_member(e, "side_p2");
		t->exc[t->nexc].side_p2 = (int8_t)(cJSON_IsNumber(v) ? v->valueint : -1);
		t->nexc++;
	}
	return 0;
}

int minis__tables_load(struct sdoc *d, struct minis_tables *t)
{
	static const char *const files[4] = {"quality.json", "nations.json", "vehicles.json",
	                                     "weapons.json"};
	const char *texts[4] = {minis_quality_json, minis_nations_json, minis_vehicles_json,
	                        minis_weapons_json};
	int rc = 0;

	memset(t, 0, sizeof(*t));
	for (int k = 0; k < 4 && rc == 0; k++) {
		cJSON *doc = cJSON_Parse(texts[k]);
		if (doc == NULL)
			return sdoc_fail(d, "data/minis/%s (compiled in) is not JSON", files[k]);
		rc = k == 0   ? quality_load(d, t, doc)
		     : k == 1 ? nations_load(d, t, doc)
		     : k == 2 ? vehicles_load(d, t, doc)
		              : weapons_load(d, t, doc);
		cJSON_Delete(doc);
	}
	return rc;
}

int minis__weapon_find(const struct minis_tables *t, const char *id)
{
	for (int k = 0; k < t->nweapons; k++)
		if (strcasecmp(t->weapons[k].id, id) == 0)
			return k;
	return -1;
}

const char *const minis_afv_models[] = {
    "Tiger2",  "Jagdtiger", "Elephant",    "Tiger1",    "IS2",         "Panther",  "Churchill",
    "Matilda", "T34-85",    "KV1",         "PzIV",      "StuG",        "Cromwell", "Sherman",
    "CharB",   "T34",       "PzIII",       "Crusader",  "LeeGrant",    "M10",      "S35",
    "Stuart",  "H35",       "R35",         "PzII",      "M18",         "BT7",      "T26",
    "PzI",     "MkVIB",     "ArmouredCar", "HalfTrack", "BrenCarrier",
};
const int minis_nafv_models = (int)(sizeof(minis_afv_models) / sizeof(minis_afv_models[0]));

/* ---- nationality (QR-GEN-7..9, QR-AMB-18) ---- */

int minis__nation_parse(const struct minis_tables *t, const char *name, int year, uint8_t *out)
{
	if (strcasecmp(name, "free_french") == 0 || strcasecmp(name, "free_polish") == 0) {
		*out = year >= 1941 ? MN_BRITISH : MN_EARLY;
		return 0;
	}
	if (strcasecmp(name, "french") == 0 || strcasecmp(name, "polish") == 0 ||
	    strcasecmp(name, "belgian") == 0 || strcasecmp(name, "dutch") == 0) {
		*out = year <= 1940 ? MN_EARLY : MN_OTHER;
		return 0;
	}
	for (int k = 0; k < t->nnames; k++) /* nations.json "names" (QR-GEN-7..9) */
		if (strcasecmp(t->names[k][0], name) == 0) {
			*out = (uint8_t)nation_index(t->names[k][1]);
			return 0;
		}
	return -1;
}

/* ---- set-up flow chart (page 1) ---- */

int minis__air_sup_mod(const struct minis_tables *t, int nation, int year)
{
	return years_get(&t->air_sup, nation, year); /* QR-SETUP-3..11 */
}

int minis__column_a(const struct minis_tables *t, int nation, int year)
{
	return years_get(&t->col_a, nation, year); /* QR-SETUP-16, -17; gaps use B (-18) */
}

int minis__air_missions(const struct minis_tables *t, int score, int col_a)
{
	score = score < 1 ? 1 : score > 6 ? 6 : score; /* QR-SETUP-13..15 */
	return t->air_missions[col_a ? 0 : 1][score - 1];
}

int minis__fire_missions(const struct minis_tables *t, int score, int col_a)
{
	score = score < 1 ? 1 : score > 6 ? 6 : score; /* QR-SETUP-20..24 */
	return t->fire_missions[col_a ? 0 : 1][score - 1];
}

int minis__quality_group(int quality)
{
	return quality <= MQ_VETERAN ? 0 : quality <= MQ_INEXPERIENCED ? 1 : 2;
}

/* The rating whose value a quality group reads (quality.json holds one per rating, equal
 * within a group: test_minis_data.c checks it). */
static int group_rating(int group)
{
	return group <= 0 ? MQ_ELITE : group == 1 ? MQ_REGULAR : MQ_MILITIA;
}

int minis__hidden_mod(const struct minis_tables *t, int group)
{
	return t->q_hidden[group_rating(group)]; /* QR-SETUP-27..29 */
}

int minis__ambush_mod(const struct minis_tables *t, int group)
{
	return t->q_ambush[group_rating(group)];
}

int minis__dummy_mod(const struct minis_tables *t, int group)
{
	return t->q_dummy[group_rating(group)]; /* QR-SETUP-39..41 */
}

/* ---- command (page 3) ---- */

int minis__hq_mod(const struct minis_tables *t, int nation, int year)
{
	return years_get(&t->hq_mod, nation, year); /* QR-CMD-4..8 */
}

int minis__request_need(const struct minis_tables *t, int nation, int year, int air)
{
	int first = years_get(&t->request_first, nation, year); /* "GERMAN 1939-44/BRITISH/US" */

	return t->request_need[air ? 1 : 0][first ? 0 : 1]; /* QR-CMD-27..30 */
}

int minis__group_max(const struct minis_tables *t, int nation, int kind)
{
	if (kind == GK_INF_ASSAULT || kind == GK_ARM_ASSAULT) /* QR-CMD-35, -36 */
		return t->assault_max[kind == GK_ARM_ASSAULT];
	if (kind == GK_CONVOY) /* QR-CMD-37 */
		return t->convoy_max;
	if (nation < 0 || nation >= MN_COUNT)
		nation = MN_OTHER;
	return t->group_max[nation]; /* QR-CMD-32..34, "Treat all other armies as Russian" */
}

int minis__order_cost(int kind, int has_cmd, int n)
{
	if (kind == GK_INF_ASSAULT || kind == GK_ARM_ASSAULT || kind == GK_CONVOY)
		return 1; /* QR-CMD-19..21 */
	if (n == 1)
		return 1;       /* QR-CMD-18 */
	return has_cmd ? 1 : 2; /* QR-CMD-16, -17 */
}

/* ---- quality (QR-AMB-8) ---- */

int minis__fire_quality_mod(const struct minis_tables *t, int quality)
{
	return t->q_fire[quality]; /* QR-FIRE-3, -16 */
}

int minis__morale_quality_mod(const struct minis_tables *t, int quality)
{
	return t->q_morale[quality]; /* QR-MORALE-7, -8 */
}

int minis__rally_quality_mod(const struct minis_tables *t, int quality)
{
	return t->q_rally[quality]; /* QR-RALLY-7..9 */
}

/* ---- armour (QR-ARMOUR-2..11; page 2: QR-AIR-22..29) ---- */

static int is_model(const char *model, const char *name)
{
	return model != NULL && strncasecmp(model, name, strlen(name)) == 0;
}

int minis__armour(const struct minis_tables *t, int cat, const char *model, int side_rear)
{
	if (cat < 0 || cat > 7)
		return 0;
	for (int k = 0; k < t->nexc; k++) /* QR-ARMOUR-10, -11 */
		if (t->exc[k].cat == cat && is_model(model, t->exc[k].model) &&
		    (side_rear ? t->exc[k].side : t->exc[k].front) >= 0)
			return side_rear ? t->exc[k].side : t->exc[k].front;
	return side_rear ? t->arm_side[cat] : t->arm_front[cat];
}

int minis__armour_side_p2(const struct minis_tables *t, int cat, const char *model)
{
	if (cat < 0 || cat > 7)
		return 0;
	for (int k = 0; k < t->nexc; k++) /* "[*Panther = 2]" */
		if (t->exc[k].cat == cat && is_model(model, t->exc[k].model) &&
		    t->exc[k].side_p2 >= 0)
			return t->exc[k].side_p2;
	return t->arm_side_p2[cat];
}

int minis__weight(const struct minis_tables *t, int cat)
{
	return cat < 0 || cat > 7 ? 0 : t->arm_weight[cat]; /* QR-ARMOUR-12 */
}

/* ---- morale (QR-MORALE-2..6) ---- */

enum minis_outcome minis__morale_cell(enum minis_test t, int score)
{
#define P  MO_PINNED
#define O  MO_OBEY
#define R  MO_RETREAT
#define DI MO_DISPERSED
#define DR MO_DAMAGED_RETREAT
#define X  MO_DESTROYED
	static const enum minis_outcome cells[MT_COUNT][6] = {
	    [MT_PINNED] = {P, P, P, O, O, O},
	    [MT_RETREAT] = {MO_DISP_OR_DAMR, R, R, R, P, O},
	    [MT_DISPERSE] = {DI, DI, DI, DI, DI, R},
	    [MT_DAMAGED] = {X, DR, DR, DR, R, MO_SUPPRESSED},
	    [MT_DESTROYED] = {X, X, X, X, X, DR},
	};
#undef P
#undef O
#undef R
#undef DI
#undef DR
#undef X
	if (t <= MT_NONE || t >= MT_COUNT)
		return MO_OBEY;
	score = score < 1 ? 1 : score > 6 ? 6 : score; /* "6+" (QR-MORALE-9) */
	return cells[t][score - 1];
}

/* ---- results tables (QR-FIRE-30..36, QR-AIR-31..37) ---- */

static const struct minis_result_row result_rows[] = {
    {-99, MT_NONE, MT_NONE, MT_NONE, MT_NONE},
    {7, MT_PINNED, MT_NONE, MT_PINNED, MT_NONE},
    {8, MT_PINNED, MT_PINNED, MT_PINNED, MT_PINNED},
    {9, MT_RETREAT, MT_RETREAT, MT_RETREAT, MT_RETREAT},
    {10, MT_RETREAT, MT_DAMAGED, MT_RETREAT, MT_DAMAGED},
    {11, MT_RETREAT, MT_DAMAGED, MT_DISPERSE, MT_DESTROYED},
    {12, MT_DISPERSE, MT_DESTROYED, MT_DISPERSE, MT_DESTROYED},
};

const struct minis_result_row *minis__fire_row(int score)
{
	int k = score <= 6 ? 0 : score >= 12 ? 6 : score - 6;

	return &result_rows[k];
}

const struct minis_result_row *minis__air_row(int score)
{
	/* page 2's results table has the same rows as page 5's (the names of the tests
	 * differ only in wording, QR-MORALE-10) */
	return minis__fire_row(score);
}

int minis__flame_result(int score)
{
	return score <= 5 ? 0 : score <= 7 ? 1 : 2; /* QR-FLAME-2..4 */
}

/* ---- acquisition (QR-ACQ-1..4) ---- */

struct minis_dist minis__acq(int row, int cover)
{
	static const struct minis_dist open[3] = {D(24, 36), D(32, 48), D(50, 75)};
	static const struct minis_dist cov[3] = {D(16, 24), D(24, 36), D(32, 48)};

	row = row < 0 ? 0 : row > 2 ? 2 : row;
	return cover ? cov[row] : open[row];
}

struct minis_dist minis__acq_high(void)
{
	static const struct minis_dist h = D(4, 6);
	return h;
}

/* ---- reconnaissance (QR-RECON-4..14) ---- */

int minis__recon_dist_mod(int band)
{
	static const int m[3] = {1, 0, -2};
	return m[band < 0 ? 0 : band > 2 ? 2 : band];
}

int minis__recon_result(int score)
{
	return score <= 6 ? 0 : score == 7 ? 1 : score <= 11 ? 2 : 3;
}

/* ---- movement (QR-MOVE-3..10) ---- */

int minis__move_base(int cls, int road)
{
	static const int std[MM_COUNT] = {0, 0, 4, 6, 4, 2, 0, -1};
	static const int rd[MM_COUNT] = {2, 4, 10, 16, 16, 6, -1, -1};

	if (cls < 0 || cls >= MM_COUNT)
		return -1;
	return road ? rd[cls] : std[cls];
}

int minis__bog(int die, int wheeled, int marsh)
{
	return die - (wheeled ? 1 : 0) - (marsh ? 2 : 0) <= 1; /* QR-MOVE-27..29 */
}

/* ---- close assault (QR-ASSAULT-3..12, -31..35) ---- */

int minis__assault_factor(int type, int lower)
{
	static const int f[10][2] = {{3, 3}, {2, 2}, {4, 4}, {5, 5}, {1, 1},
	                             {6, 4}, {5, 3}, {4, 2}, {4, 2}, {2, 0}};

	if (type < 0 || type > 9)
		return 0;
	return f[type][lower ? 1 : 0];
}

int minis__assault_result(int diff)
{
	if (diff < 0)
		diff = -diff;
	return diff == 0 ? 0 : diff <= 2 ? 1 : diff <= 4 ? 2 : diff <= 7 ? 3 : 4;
}

/* ---- indirect fire (QR-ARTY-3..7, -16..20; QR-HE-2..6, -13..16) ---- */

int minis__arty_accuracy(int score)
{
	return score <= 1 ? 1 : score >= 5 ? 5 : score;
}

void minis__zone(int guns, int lmortar, struct minis_dist *depth, struct minis_dist *width)
{
	static const struct minis_dist dd[4] = {D(2, 3), D(2, 3), {300, 450}, D(4, 6)};
	static const struct minis_dist ww[4] = {D(2, 3), D(4, 6), D(4, 6), D(4, 6)};

	if (lmortar) { /* "2" X 1" (3" X 2")" */
		*depth = (struct minis_dist)D(2, 3);
		*width = (struct minis_dist)D(1, 2);
		return;
	}
	guns = guns < 1 ? 1 : guns > 4 ? 4 : guns;
	*depth = dd[guns - 1];
	*width = ww[guns - 1];
}

int minis__he_factor(int row)
{
	static const int f[6] = {0, 1, 2, 3, 4, 5};
	return row < 0 || row > 5 ? 0 : f[row];
}

int minis__he_result(int score)
{
	return score <= 6 ? 0 : score <= 8 ? 1 : score <= 11 ? 2 : 3;
}

/* ---- air (QR-AIR-5..7, -16..18; QR-AA-9..12) ---- */

int minis__aa_result(int score)
{
	return score <= 6 ? 0 : score <= 8 ? 1 : score <= 11 ? 2 : 3;
}

int minis__air_factor(int cannon, int year, int afv)
{
	if (!cannon)
		return afv ? 9 : 6; /* QR-AIR-18 */
	if (year <= 1942)
		return afv ? 5 : 4; /* QR-AIR-16 */
	return afv ? 6 : 4;         /* QR-AIR-17 */
}

int minis__air_hit(int score)
{
	return score <= 1 ? 1 : score == 2 ? 2 : 3;
}

/* ---- rallying (QR-RALLY-2..5) ---- */

int minis__rally_result(int score)
{
	return score <= 0 ? 0 : score <= 3 ? 1 : 2;
}

/* ---- severity (QR-AMB-16) ---- */

int minis__outcome_rank(enum minis_outcome o)
{
	switch (o) {
	case MO_OBEY:
		return 0;
	case MO_PINNED:
	case MO_SUPPRESSED:
		return 1;
	case MO_RETREAT:
		return 2;
	case MO_DAMAGED_RETREAT:
		return 3;
	default:
		return 4;
	}
}

int minis__test_rank(enum minis_test t)
{
	return (int)t; /* PINNED < RETREAT < DISPERSE (non-AFV); < DAMAGED < DESTROYED (AFV) */
}
