/*
 * snapshot.c -- the full game state as JSON and back.
 *
 * Every member of struct fm_game except the scenario pointer and the
 * options (rebuilt from scenario + options at restore) is written, so that
 * restore(snapshot(g)) is the same state as g: the same view, pending,
 * snapshot and future behaviour.  Values are range-checked on restore; a
 * snapshot that does not fit the scenario is refused (WG_E_INTERNAL).
 * Format version "v": 1.  "lastmove" and "lastcombat" (the last move and
 * combat for pictures, last.c) came later: a snapshot without them
 * restores them empty.
 */
#include "fm_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void add_ints(cJSON *o, const char *key, const int *v, int n)
{
	cJSON_AddItemToObject(o, key, cJSON_CreateIntArray(v, n));
}

static cJSON *battle_out(const struct fm_battle *b)
{
	cJSON *o = cJSON_CreateObject();
	int v[64], n;

	n = 0;
	v[n++] = b->active;
	v[n++] = b->bombard;
	v[n++] = b->target;
	v[n++] = b->step;
	v[n++] = b->att_total;
	v[n++] = b->def_total;
	v[n++] = b->diff;
	v[n++] = b->line;
	v[n++] = b->column;
	v[n++] = b->die;
	v[n++] = b->result;
	v[n++] = b->def_stiff;
	v[n++] = b->loss_side;
	v[n++] = b->ff;
	v[n++] = b->retreat_side;
	v[n++] = b->retreat_attacker;
	v[n++] = b->displacing;
	v[n++] = b->displace_for;
	v[n++] = b->advanced;
	v[n++] = b->marker_side_flags;
	v[n++] = b->passed[0];
	v[n++] = b->passed[1];
	v[n++] = b->label;
	v[n++] = b->freed;
	add_ints(o, "s", v, n);
	for (int k = 0; k < b->natt; k++)
		v[k] = b->att[k];
	add_ints(o, "att", v, b->natt);
	for (int k = 0; k < b->ndef; k++)
		v[k] = b->def[k];
	add_ints(o, "def", v, b->ndef);
	for (int s = 0; s < RULES_SIDES; s++) {
		for (int k = 0; k < b->nmark[s]; k++)
			v[k] = b->mark[s][k];
		add_ints(o, s ? "mark1" : "mark0", v, b->nmark[s]);
	}
	n = 0;
	for (int k = 0; k < b->nretreat; k++) {
		v[n++] = b->retreat[k].unit;
		v[n++] = b->retreat[k].origin;
		v[n++] = b->retreat[k].dist;
	}
	add_ints(o, "retreat", v, n);
	for (int k = 0; k < b->npath; k++)
		v[k] = b->path[k];
	add_ints(o, "path", v, b->npath);
	return o;
}

/* ---- the last move and combat (last.c) ---- */

#define LAST_INTS (8 + FM_MAX_IN_BATTLE + FM_LAST_LEGS * (3 + FM_LAST_PATH))

/* Writes p as unit, kind, n, hexes into v from v[n]; returns the new length. */
static int path_out(const struct fm_last_path *p, int *v, int n)
{
	v[n++] = p->unit;
	v[n++] = p->kind;
	v[n++] = p->n;
	for (int k = 0; k < p->n; k++)
		v[n++] = p->h[k];
	return n;
}

static void last_out(const struct fm_game *g, cJSON *o)
{
	const struct fm_last_combat *c = &g->last_combat;
	int v[LAST_INTS], n = 0;

	v[n++] = g->last_move.turn;
	n = path_out(&g->last_move.p, v, n);
	add_ints(o, "lastmove", v, n);
	n = 0;
	v[n++] = c->target;
	v[n++] = c->turn;
	v[n++] = c->bombard;
	v[n++] = c->result;
	v[n++] = c->die;
	v[n++] = c->natt;
	for (int k = 0; k < c->natt; k++)
		v[n++] = c->att[k];
	v[n++] = c->nlegs;
	for (int k = 0; k < c->nlegs; k++)
		n = path_out(&c->legs[k], v, n);
	add_ints(o, "lastcombat", v, n);
}

/* Reads a path written by path_out from v[*at..n-1]; 0 or -1 when it does not fit. */
static int path_in(const struct fm_game *g, struct fm_last_path *p, const int *v, int n, int *at)
{
	int k = *at, nh = g->sc->map.grid.count - 1;

	if (k + 3 > n || !fm__in(v[k], -1, g->nunits - 1) || !fm__in(v[k + 1], 0, FM_LEG_ADVANCE) ||
	    !fm__in(v[k + 2], 0, FM_LAST_PATH) || k + 3 + v[k + 2] > n)
		return -1;
	p->unit = (int16_t)v[k];
	p->kind = (uint8_t)v[k + 1];
	p->n = (uint8_t)v[k + 2];
	for (int q = 0; q < p->n; q++) {
		if (!fm__in(v[k + 3 + q], 0, nh))
			return -1;
		p->h[q] = (int16_t)v[k + 3 + q];
	}
	*at = k + 3 + p->n;
	return 0;
}

/* Restores lastmove and lastcombat when the snapshot has them; 0 or -1. */
static int last_in(struct fm_game *g, const cJSON *o)
{
	struct fm_last_combat *c = &g->last_combat;
	int v[LAST_INTS], n, at = 1, nh = g->sc->map.grid.count - 1;

	fm__last_clear(g);
	if (cJSON_GetObjectItemCaseSensitive(o, "lastmove") != NULL) {
		if ((n = fm__json_ints(o, "lastmove", v, LAST_INTS)) < 1 ||
		    !fm__in(v[0], 0, FM_MAX_TURNS) || path_in(g, &g->last_move.p, v, n, &at) != 0 ||
		    at != n)
			return -1;
		g->last_move.turn = (uint8_t)v[0];
	}
	if (cJSON_GetObjectItemCaseSensitive(o, "lastcombat") == NULL)
		return 0;
	if ((n = fm__json_ints(o, "lastcombat", v, LAST_INTS)) < 7 || !fm__in(v[0], -1, nh) ||
	    !fm__in(v[1], 0, FM_MAX_TURNS) || !fm__in(v[2], 0, 1) ||
	    !fm__in(v[3], 0, FM_R_COUNT - 1) || !fm__in(v[4], 0, 6) ||
	    !fm__in(v[5], 0, FM_MAX_IN_BATTLE) || 6 + v[5] + 1 > n)
		return -1;
	c->target = (int16_t)v[0];
	c->turn = (uint8_t)v[1];
	c->bombard = (uint8_t)v[2];
	c->result = (uint8_t)v[3];
	c->die = (uint8_t)v[4];
	c->natt = (uint8_t)v[5];
	for (int k = 0; k < c->natt; k++) {
		if (!fm__in(v[6 + k], 0, nh))
			return -1;
		c->att[k] = (int16_t)v[6 + k];
	}
	at = 6 + c->natt;
	if (!fm__in(v[at], 0, FM_LAST_LEGS))
		return -1;
	c->nlegs = (uint8_t)v[at++];
	for (int k = 0; k < c->nlegs; k++)
		if (path_in(g, &c->legs[k], v, n, &at) != 0)
			return -1;
	return at == n ? 0 : -1;
}

char *fm__snapshot(const struct rules_game *rg)
{
	const struct fm_game *g = (const struct fm_game *)rg;
	cJSON *o = cJSON_CreateObject(), *units, *bomb;
	char *out;
	int v[16];

	if (o == NULL)
		return NULL;
	cJSON_AddNumberToObject(o, "v", 1);
	v[0] = g->turn;
	v[1] = g->phase;
	v[2] = g->active;
	v[3] = g->player_turn;
	v[4] = g->setup_idx;
	v[5] = g->await;
	v[6] = g->over;
	v[7] = g->winner;
	v[8] = g->mover;
	add_ints(o, "g", v, 9);
	cJSON_AddStringToObject(o, "summary", g->summary);
	units = cJSON_AddArrayToObject(o, "units");
	for (int i = 0; i < g->nunits; i++) {
		const struct fm_unit *u = &g->u[i];
		v[0] = u->hex;
		v[1] = u->where;
		v[2] = u->step;
		v[3] = u->flags;
		v[4] = u->mp_half;
		v[5] = u->move_start;
		v[6] = u->start_ezoc;
		v[7] = u->left_ezoc;
		cJSON_AddItemToArray(units, cJSON_CreateIntArray(v, 8));
	}
	for (int s = 0; s < RULES_SIDES; s++) {
		char buf[FM_MAX_MARKERS * 2 + 1];
		int n = g->sc->nmarkers[s];
		for (int k = 0; k < n; k++) {
			buf[2 * k] = (char)('0' + g->m[s][k].where);
			buf[2 * k + 1] = (char)('0' + g->m[s][k].revealed);
		}
		buf[2 * n] = '\0';
		cJSON_AddStringToObject(o, s ? "markers1" : "markers0", buf);
	}
	bomb = cJSON_AddArrayToObject(o, "bombarded");
	for (int h = 0; h < g->sc->map.grid.count; h++)
		if (g->bombarded[h]) {
			v[0] = h;
			v[1] = g->bombarded[h];
			cJSON_AddItemToArray(bomb, cJSON_CreateIntArray(v, 2));
		}
	cJSON_AddItemToObject(o, "battle", battle_out(&g->b));
	last_out(g, o);
	if (g->sc->module->snapshot != NULL) {
		cJSON_AddItemToObject(o, "ex", g->sc->module->snapshot(g));
	} else if (g->sc->module != &fm__module_system) {
		/* a module without its own serialiser: its plain-data state as hex */
		char *hex = malloc(2 * FM_EX_STATE + 1);
		if (hex != NULL) {
			for (int k = 0; k < FM_EX_STATE; k++)
				snprintf(hex + 2 * k, 3, "%02x", g->ex[k]);
			cJSON_AddStringToObject(o, "exbytes", hex);
			free(hex);
		}
	}
	out = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	return out;
}

int fm__json_ints(const cJSON *o, const char *key, int *v, int max)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key), *x;
	int n = 0;

	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) > max)
		return -1;
	cJSON_ArrayForEach(x, a)
	{
		if (!cJSON_IsNumber(x))
			return -1;
		v[n++] = x->valueint;
	}
	return n;
}

int fm__in(int v, int lo, int hi)
{
	return v >= lo && v <= hi;
}

static int battle_in(struct fm_game *g, const cJSON *o)
{
	struct fm_battle *b = &g->b;
	int v[64], n, nu = g->nunits - 1, nh = g->sc->map.grid.count - 1;

	if (!cJSON_IsObject(o) || fm__json_ints(o, "s", v, 64) != 24)
		return -1;
	b->active = (uint8_t)v[0];
	b->bombard = (uint8_t)v[1];
	b->target = (int16_t)v[2];
	b->step = (uint8_t)v[3];
	b->att_total = (int16_t)v[4];
	b->def_total = (int16_t)v[5];
	b->diff = (int16_t)v[6];
	b->line = (int8_t)v[7];
	b->column = (int8_t)v[8];
	b->die = (int8_t)v[9];
	b->result = (uint8_t)v[10];
	b->def_stiff = (uint8_t)v[11];
	b->loss_side = (uint8_t)v[12];
	b->ff = (uint8_t)v[13];
	b->retreat_side = (uint8_t)v[14];
	b->retreat_attacker = (uint8_t)v[15];
	b->displacing = (int16_t)v[16];
	b->displace_for = (int16_t)v[17];
	b->advanced = (uint8_t)v[18];
	b->marker_side_flags = (uint8_t)v[19];
	b->passed[0] = (uint8_t)v[20];
	b->passed[1] = (uint8_t)v[21];
	b->label = (int8_t)v[22];
	b->freed = (int16_t)v[23];
	if (!fm__in(v[23], -1, nh))
		return -1;
	if (!fm__in(v[22], 0, g->sc->crt.ncols - 1))
		return -1;
	if (!fm__in(v[2], 0, nh) && v[0])
		return -1;
	if (!fm__in(v[7], -1, g->sc->crt.nlines - 1) || !fm__in(v[8], 0, g->sc->crt.ncols - 1) ||
	    !fm__in(v[10], 0, FM_R_COUNT - 1) || !fm__in(v[16], -1, nu) || !fm__in(v[17], -1, nu) ||
	    !fm__in(v[9], 0, 6) || !fm__in(v[3], 0, 5))
		return -1;
	if ((n = fm__json_ints(o, "att", v, FM_MAX_IN_BATTLE)) < 0)
		return -1;
	b->natt = (uint8_t)n;
	for (int k = 0; k < n; k++) {
		if (!fm__in(v[k], 0, nu))
			return -1;
		b->att[k] = (int16_t)v[k];
	}
	if ((n = fm__json_ints(o, "def", v, FM_MAX_IN_BATTLE)) < 0)
		return -1;
	b->ndef = (uint8_t)n;
	for (int k = 0; k < n; k++) {
		if (!fm__in(v[k], 0, nu))
			return -1;
		b->def[k] = (int16_t)v[k];
	}
	for (int s = 0; s < RULES_SIDES; s++) {
		if ((n = fm__json_ints(o, s ? "mark1" : "mark0", v, FM_MAX_BATTLE_MARKERS)) < 0)
			return -1;
		b->nmark[s] = (uint8_t)n;
		for (int k = 0; k < n; k++) {
			if (!fm__in(v[k], 0, g->sc->nmarkers[s] - 1))
				return -1;
			b->mark[s][k] = (int16_t)v[k];
		}
	}
	if ((n = fm__json_ints(o, "retreat", v, 3 * FM_MAX_IN_BATTLE)) < 0 || n % 3)
		return -1;
	b->nretreat = (uint8_t)(n / 3);
	for (int k = 0; k < n / 3; k++) {
		if (!fm__in(v[3 * k], 0, nu) || !fm__in(v[3 * k + 1], 0, nh) ||
		    !fm__in(v[3 * k + 2], 1, 9))
			return -1;
		b->retreat[k].unit = (int16_t)v[3 * k];
		b->retreat[k].origin = (int16_t)v[3 * k + 1];
		b->retreat[k].dist = (uint8_t)v[3 * k + 2];
	}
	if ((n = fm__json_ints(o, "path", v, 8)) < 0)
		return -1;
	b->npath = (uint8_t)n;
	for (int k = 0; k < n; k++) {
		if (!fm__in(v[k], 0, nh))
			return -1;
		b->path[k] = (int16_t)v[k];
	}
	return 0;
}

int fm__restore(const struct rules_scenario *rsc, const struct rules_options *opts,
                const char *snap, struct rules_game **out, struct rules_error *err)
{
	const struct fm_scenario *sc = (const struct fm_scenario *)rsc;
	struct fm_game *g = NULL;
	cJSON *o = cJSON_Parse(snap), *units, *bomb, *x, *sum;
	int v[16], rc, k = 0;

	if (o == NULL)
		return rules_fail(err, WG_E_INTERNAL, "", "snapshot is not JSON");
	if ((rc = fm__game_new(sc, opts, &g, err)) != 0) {
		cJSON_Delete(o);
		return rc;
	}
	if (fm__json_ints(o, "g", v, 16) != 9)
		goto bad;
	g->turn = v[0];
	g->phase = v[1];
	g->active = v[2];
	g->player_turn = v[3];
	g->setup_idx = v[4];
	g->await = v[5];
	g->over = v[6];
	g->winner = v[7];
	g->mover = v[8];
	if (!fm__in(g->turn, 0, sc->turns) || !fm__in(g->phase, 0, FM_PH_TURN_END) ||
	    !fm__in(g->active, 0, 1) || !fm__in(g->player_turn, 0, 1) ||
	    !fm__in(g->await, 0, FM_AW_MODULE) || !fm__in(g->mover, -1, g->nunits - 1) ||
	    !fm__in(g->winner, -1, 1) || !fm__in(g->setup_idx, 0, RULES_SIDES - 1))
		goto bad;
	sum = cJSON_GetObjectItemCaseSensitive(o, "summary");
	if (!cJSON_IsString(sum))
		goto bad;
	snprintf(g->summary, sizeof(g->summary), "%s", sum->valuestring);
	units = cJSON_GetObjectItemCaseSensitive(o, "units");
	if (!cJSON_IsArray(units) || cJSON_GetArraySize(units) != g->nunits)
		goto bad;
	cJSON_ArrayForEach(x, units)
	{
		struct fm_unit *u = &g->u[k];
		int n = 0;
		const cJSON *y;
		cJSON_ArrayForEach(y, x)
		{
			if (n >= 8 || !cJSON_IsNumber(y))
				goto bad;
			v[n++] = y->valueint;
		}
		if (n != 8 || !fm__in(v[0], -1, sc->map.grid.count - 1) ||
		    !fm__in(v[1], 0, FM_W_REMOVED) || !fm__in(v[2], 0, sc->units[k].nsteps - 1) ||
		    !fm__in(v[5], -1, sc->map.grid.count - 1))
			goto bad;
		u->hex = (int16_t)v[0];
		u->where = (uint8_t)v[1];
		u->step = (uint8_t)v[2];
		u->flags = (uint16_t)v[3];
		u->mp_half = (int16_t)v[4];
		u->move_start = (int16_t)v[5];
		u->start_ezoc = (uint8_t)v[6];
		u->left_ezoc = (uint8_t)v[7];
		if ((u->where == FM_W_MAP) != (u->hex >= 0))
			goto bad;
		k++;
	}
	for (int s = 0; s < RULES_SIDES; s++) {
		const cJSON *m = cJSON_GetObjectItemCaseSensitive(o, s ? "markers1" : "markers0");
		if (!cJSON_IsString(m) || strlen(m->valuestring) != (size_t)(2 * sc->nmarkers[s]))
			goto bad;
		for (int q = 0; q < sc->nmarkers[s]; q++) {
			int w = m->valuestring[2 * q] - '0', r = m->valuestring[2 * q + 1] - '0';
			if (!fm__in(w, 0, FM_M_GONE) || !fm__in(r, 0, 1))
				goto bad;
			g->m[s][q].where = (uint8_t)w;
			g->m[s][q].revealed = (uint8_t)r;
		}
	}
	bomb = cJSON_GetObjectItemCaseSensitive(o, "bombarded");
	if (!cJSON_IsArray(bomb))
		goto bad;
	cJSON_ArrayForEach(x, bomb)
	{
		if (cJSON_GetArraySize(x) != 2 || !cJSON_IsNumber(x->child) ||
		    !cJSON_IsNumber(x->child->next) ||
		    !fm__in(x->child->valueint, 0, sc->map.grid.count - 1) ||
		    !fm__in(x->child->next->valueint, 0, 255))
			goto bad;
		g->bombarded[x->child->valueint] = (uint8_t)x->child->next->valueint;
	}
	if (battle_in(g, cJSON_GetObjectItemCaseSensitive(o, "battle")) != 0)
		goto bad;
	if (last_in(g, o) != 0)
		goto bad;
	if (sc->module->restore != NULL) {
		if ((rc = sc->module->restore(g, cJSON_GetObjectItemCaseSensitive(o, "ex"), err)) !=
		    0) {
			free(g);
			cJSON_Delete(o);
			return rc;
		}
	} else if (cJSON_GetObjectItemCaseSensitive(o, "exbytes") != NULL) {
		const cJSON *hx = cJSON_GetObjectItemCaseSensitive(o, "exbytes");
		if (!cJSON_IsString(hx) || strlen(hx->valuestring) != 2 * FM_EX_STATE)
			goto bad;
		for (int q = 0; q < FM_EX_STATE; q++) {
			unsigned b;
			if (sscanf(hx->valuestring + 2 * q, "%2x", &b) != 1)
				goto bad;
			g->ex[q] = (unsigned char)b;
		}
	}
	cJSON_Delete(o);
	*out = (struct rules_game *)g;
	return 0;
bad:
	free(g);
	cJSON_Delete(o);
	return rules_fail(err, WG_E_INTERNAL, "", "the snapshot does not fit scenario %s", sc->id);
}
