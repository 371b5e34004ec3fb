/*
 * snapshot.c -- snapshot() and restore(): the whole game state as JSON and
 * back (the server stores one every N actions for fast recovery).  Every
 * member of struct camp_game but the scenario pointer is written; restore
 * checks the ranges it reads, so a damaged snapshot is refused rather than
 * loaded (the server then replays the game from its start).
 */
#include "camp_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void add_ints(cJSON *o, const char *key, const int *v, int n)
{
	cJSON *a = cJSON_AddArrayToObject(o, key);

	for (int k = 0; k < n; k++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber(v[k]));
}

static void add_int16s(cJSON *o, const char *key, const int16_t *v, int n)
{
	cJSON *a = cJSON_AddArrayToObject(o, key);

	for (int k = 0; k < n; k++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber(v[k]));
}

#define S(o, g, f) cJSON_AddNumberToObject(o, #f, (g)->f)

static cJSON *commit_json(const struct camp_commit *c)
{
	cJSON *o = cJSON_CreateObject();

	S(o, c, locked);
	S(o, c, g2);
	S(o, c, art);
	S(o, c, air);
	S(o, c, react);
	return o;
}

static cJSON *fire_json(const struct camp_fire *f)
{
	int v[] = {f->side,     f->dice, f->raw,   f->reduction, f->net,
	           f->retreats, f->ones, f->fives, f->sixes};
	cJSON *o = cJSON_CreateObject();

	add_ints(o, "v", v, (int)(sizeof(v) / sizeof(v[0])));
	return o;
}

static cJSON *battle_json(const struct camp_game *g)
{
	const struct camp_battle *b = &g->b;
	cJSON *o = cJSON_CreateObject(), *a;
	int hits0[CAMP_MAX_UNITS];

	S(o, b, stage);
	S(o, b, attacker);
	S(o, b, unit);
	S(o, b, from);
	S(o, b, target);
	S(o, b, apc);
	S(o, b, apc_left);
	S(o, b, ta);
	S(o, b, left);
	S(o, b, alloc_side);
	S(o, b, retreat_len);
	S(o, b, hq_hits);
	add_int16s(o, "part", b->part, b->npart);
	add_int16s(o, "def", b->def, b->ndef);
	add_int16s(o, "sup0", b->sup[0], b->nsup[0]);
	add_int16s(o, "sup1", b->sup[1], b->nsup[1]);
	for (int i = 0; i < g->nunits; i++)
		hits0[i] = b->hits0[i];
	add_ints(o, "hits0", hits0, g->nunits);
	a = cJSON_AddArrayToObject(o, "commit");
	for (int s = 0; s < RULES_SIDES; s++)
		cJSON_AddItemToArray(a, commit_json(&b->c[s]));
	a = cJSON_AddArrayToObject(o, "fire");
	for (int f = 0; f < 2; f++)
		cJSON_AddItemToArray(a, fire_json(&b->fire[f]));
	return o;
}

char *camp__snapshot(const struct rules_game *rg)
{
	const struct camp_game *g = (const struct camp_game *)rg;
	cJSON *o = cJSON_CreateObject(), *units;
	char *out;

	if (o == NULL)
		return NULL;
	cJSON_AddStringToObject(o, "engine", CAMP_ENGINE_VERSION);
	S(o, g, turn);
	S(o, g, phasing);
	S(o, g, phase);
	S(o, g, await);
	S(o, g, setup_side);
	add_ints(o, "hand0", g->hand[0], CAMP_NMARK);
	add_ints(o, "hand1", g->hand[1], CAMP_NMARK);
	add_ints(o, "hand_locked", g->hand_locked, RULES_SIDES);
	S(o, g, opintel);
	S(o, g, rh_next);
	S(o, g, rh_left);
	S(o, g, rg.tf);
	cJSON_AddNumberToObject(o, "rg_hex", g->rg.hex);
	S(o, g, dikes);
	S(o, g, walcheren_entered);
	S(o, g, antwerp_vp);
	S(o, g, paras);
	S(o, g, d51_turns);
	S(o, g, d51);
	S(o, g, d51_entry);
	S(o, g, ssf);
	S(o, g, ssf_town);
	S(o, g, pocket_surrendered);
	add_ints(o, "wd_need", g->wd_need, 4);
	S(o, g, over);
	S(o, g, winner);
	S(o, g, level);
	add_ints(o, "vp", g->vp, RULES_SIDES);
	cJSON_AddStringToObject(o, "summary", g->summary);
	units = cJSON_AddArrayToObject(o, "units");
	for (int i = 0; i < g->nunits; i++) {
		const struct camp_unit *u = &g->u[i];
		int v[] = {u->where, u->flags, u->hits, u->hex, u->tf, u->partner};
		cJSON *a = cJSON_CreateArray();
		for (size_t k = 0; k < sizeof(v) / sizeof(v[0]); k++)
			cJSON_AddItemToArray(a, cJSON_CreateNumber(v[k]));
		cJSON_AddItemToArray(units, a);
	}
	cJSON_AddItemToObject(o, "battle", battle_json(g));
	out = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	return out;
}

/* ---- restore ------------------------------------------------------------------------------ */

struct rd {
	const cJSON *o;
	int bad;
};

static int geti(struct rd *r, const cJSON *o, const char *key, int lo, int hi)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	if (!cJSON_IsNumber(v) || v->valuedouble < lo || v->valuedouble > hi) {
		r->bad = 1;
		return lo;
	}
	return v->valueint;
}

static int get_ints(struct rd *r, const cJSON *o, const char *key, int *out, int max, int lo,
                    int hi)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key), *it;
	int n = 0;

	if (!cJSON_IsArray(a)) {
		r->bad = 1;
		return 0;
	}
	cJSON_ArrayForEach(it, a)
	{
		if (n >= max || !cJSON_IsNumber(it) || it->valuedouble < lo ||
		    it->valuedouble > hi) {
			r->bad = 1;
			return n;
		}
		out[n++] = it->valueint;
	}
	return n;
}

static int get_int16s(struct rd *r, const cJSON *o, const char *key, int16_t *out, int max, int lo,
                      int hi)
{
	int tmp[CAMP_MAX_UNITS], n = get_ints(r, o, key, tmp, max, lo, hi);

	for (int k = 0; k < n; k++)
		out[k] = (int16_t)tmp[k];
	return n;
}

static void restore_battle(struct rd *r, struct camp_game *g, const cJSON *o)
{
	struct camp_battle *b = &g->b;
	int nu = g->nunits, h0[CAMP_MAX_UNITS] = {0}, n;
	const cJSON *a, *it;
	int k = 0;

	if (!cJSON_IsObject(o)) {
		r->bad = 1;
		return;
	}
	b->stage = geti(r, o, "stage", CAMP_B_NONE, CAMP_B_ADVANCE);
	b->attacker = geti(r, o, "attacker", 0, 1);
	b->unit = geti(r, o, "unit", 0, nu - 1);
	b->from = geti(r, o, "from", -1, 65535);
	b->target = geti(r, o, "target", -1, 65535);
	b->apc = geti(r, o, "apc", -1, nu - 1);
	b->apc_left = geti(r, o, "apc_left", 0, 1);
	b->ta = geti(r, o, "ta", 0, 1);
	b->left = geti(r, o, "left", 0, 999);
	b->alloc_side = geti(r, o, "alloc_side", 0, 1);
	b->retreat_len = geti(r, o, "retreat_len", 0, 8);
	b->hq_hits = geti(r, o, "hq_hits", 0, 999);
	b->npart = get_int16s(r, o, "part", b->part, CAMP_MAX_C2 + 2, 0, nu - 1);
	b->ndef = get_int16s(r, o, "def", b->def, CAMP_MAX_BATTLE, 0, nu - 1);
	b->nsup[0] = get_int16s(r, o, "sup0", b->sup[0], CAMP_MAX_BATTLE, 0, nu - 1);
	b->nsup[1] = get_int16s(r, o, "sup1", b->sup[1], CAMP_MAX_BATTLE, 0, nu - 1);
	n = get_ints(r, o, "hits0", h0, CAMP_MAX_UNITS, 0, 255);
	for (int i = 0; i < n; i++)
		b->hits0[i] = (uint8_t)h0[i];
	a = cJSON_GetObjectItemCaseSensitive(o, "commit");
	cJSON_ArrayForEach(it, a)
	{
		if (k >= RULES_SIDES)
			break;
		b->c[k].locked = geti(r, it, "locked", 0, 1);
		b->c[k].g2 = geti(r, it, "g2", 0, 9);
		b->c[k].art = geti(r, it, "art", 0, 9);
		b->c[k].air = geti(r, it, "air", 0, 9);
		b->c[k].react = geti(r, it, "react", -1, nu - 1);
		k++;
	}
	k = 0;
	a = cJSON_GetObjectItemCaseSensitive(o, "fire");
	cJSON_ArrayForEach(it, a)
	{
		int v[9] = {0};
		if (k >= 2)
			break;
		if (get_ints(r, it, "v", v, 9, -1, 9999) == 9) {
			struct camp_fire *f = &b->fire[k];
			f->side = v[0];
			f->dice = v[1];
			f->raw = v[2];
			f->reduction = v[3];
			f->net = v[4];
			f->retreats = v[5];
			f->ones = v[6];
			f->fives = v[7];
			f->sixes = v[8];
		}
		k++;
	}
}

int camp__restore(const struct rules_scenario *rsc, const struct rules_options *opts,
                  const char *snapshot, struct rules_game **out, struct rules_error *err)
{
	const struct camp_scenario *sc = (const struct camp_scenario *)rsc;
	cJSON *o = cJSON_Parse(snapshot);
	struct camp_game *g;
	struct rd r = {o, 0};
	const cJSON *units, *it, *summary;
	int rc, i = 0, count = sc->map.grid.count;

	if (o == NULL)
		return rules_fail(err, WG_E_INTERNAL, "", "the snapshot is not JSON");
	g = calloc(1, sizeof(*g));
	if (g == NULL) {
		cJSON_Delete(o);
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	}
	g->sc = sc;
	g->nunits = sc->nunits;
	if ((rc = camp__opts_build(sc, opts, &g->opt, err)) != 0) {
		free(g);
		cJSON_Delete(o);
		return rc;
	}
	g->turn = geti(&r, o, "turn", 0, sc->turns);
	g->phasing = geti(&r, o, "phasing", 0, 1);
	g->phase = geti(&r, o, "phase", CAMP_PH_SETUP_HITS, CAMP_PH_OVER);
	g->await = geti(&r, o, "await", CAMP_AW_PHASE, CAMP_AW_WITHDRAW);
	g->setup_side = geti(&r, o, "setup_side", 0, 1);
	get_ints(&r, o, "hand0", g->hand[0], CAMP_NMARK, 0, 30);
	get_ints(&r, o, "hand1", g->hand[1], CAMP_NMARK, 0, 30);
	get_ints(&r, o, "hand_locked", g->hand_locked, RULES_SIDES, 0, 1);
	g->opintel = geti(&r, o, "opintel", 0, 9);
	g->rh_next = geti(&r, o, "rh_next", 0, CAMP_MAX_RANDOM - 1);
	g->rh_left = geti(&r, o, "rh_left", 0, 999);
	g->rg.tf = geti(&r, o, "rg.tf", 0, sc->nunits);
	g->rg.hex = geti(&r, o, "rg_hex", 0, count);
	g->dikes = geti(&r, o, "dikes", 0, 1);
	g->walcheren_entered = geti(&r, o, "walcheren_entered", 0, 1);
	g->antwerp_vp = geti(&r, o, "antwerp_vp", 0, 1);
	g->paras = geti(&r, o, "paras", 0, 99);
	g->d51_turns = geti(&r, o, "d51_turns", 0, 99);
	g->d51 = geti(&r, o, "d51", 0, 2);
	g->d51_entry = geti(&r, o, "d51_entry", 0, CAMP_MAX_TURNS);
	g->ssf = geti(&r, o, "ssf", 0, 3);
	g->ssf_town = geti(&r, o, "ssf_town", -1, RULES_MAP_ZONES);
	g->pocket_surrendered = geti(&r, o, "pocket_surrendered", 0, 1);
	get_ints(&r, o, "wd_need", g->wd_need, 4, 0, 99);
	g->over = geti(&r, o, "over", 0, 1);
	g->winner = geti(&r, o, "winner", -1, 1);
	g->level = geti(&r, o, "level", 0, CAMP_L_SMASHING);
	get_ints(&r, o, "vp", g->vp, RULES_SIDES, 0, 9999);
	summary = cJSON_GetObjectItemCaseSensitive(o, "summary");
	if (cJSON_IsString(summary))
		snprintf(g->summary, sizeof(g->summary), "%s", summary->valuestring);
	units = cJSON_GetObjectItemCaseSensitive(o, "units");
	if (cJSON_GetArraySize(units) != sc->nunits)
		r.bad = 1;
	cJSON_ArrayForEach(it, units)
	{
		int v[6] = {0};
		{
			const cJSON *x;
			int k = 0;
			cJSON_ArrayForEach(x, it)
			{
				if (k < 6 && cJSON_IsNumber(x))
					v[k] = x->valueint;
				k++;
			}
			if (k != 6)
				r.bad = 1;
		}
		if (i < sc->nunits) {
			struct camp_unit *u = &g->u[i];
			if (v[0] < CAMP_W_MAP || v[0] > CAMP_W_GONE || v[3] < -1 || v[3] >= count ||
			    v[4] < -1 || v[4] >= sc->nunits || v[5] < -1 || v[5] >= sc->nunits)
				r.bad = 1;
			u->where = (int8_t)v[0];
			u->flags = (uint8_t)v[1];
			u->hits = (uint8_t)v[2];
			u->hex = (int16_t)v[3];
			u->tf = (int16_t)v[4];
			u->partner = (int16_t)v[5];
		}
		i++;
	}
	restore_battle(&r, g, cJSON_GetObjectItemCaseSensitive(o, "battle"));
	cJSON_Delete(o);
	if (r.bad) {
		free(g);
		return rules_fail(err, WG_E_INTERNAL, "", "the snapshot is damaged");
	}
	*out = (struct rules_game *)g;
	return 0;
}
