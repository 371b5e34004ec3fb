/*
 * last.c -- the last move and the last combat of a game, for pictures (AMB-131).
 *
 * They are read from the public events an accepted action emitted ("moved",
 * "entered", "landed", "attack-declared", "combat-result", "retreated",
 * "displaced", "advanced"), after the action was applied, so recording them
 * can never change what an action does, emits or is refused for, and a
 * replay records them again exactly.  Only events addressed to everyone
 * are read: nothing secret can reach a picture this way.
 *
 * The last move is the path of the last unit that moved, entered or
 * landed (a move continued under AMB-20 extends it); the last combat is the
 * last bombardment or ground combat rolled: its hex, its attackers' hexes,
 * the result and the die, then the retreats, displacements and advances
 * that followed it.
 */
#include "fm_int.h"

#include <string.h>

void fm__last_clear(struct fm_game *g)
{
	memset(&g->last_move, 0, sizeof(g->last_move));
	memset(&g->last_combat, 0, sizeof(g->last_combat));
	g->last_move.p.unit = -1;
	g->last_combat.target = -1;
}

/* Appends hex to p (a full path drops its first hex). */
static void push(struct fm_last_path *p, int hex)
{
	if (hex < 0)
		return;
	if (p->n == FM_LAST_PATH) {
		memmove(p->h, p->h + 1, sizeof(p->h[0]) * (FM_LAST_PATH - 1));
		p->n--;
	}
	p->h[p->n++] = (int16_t)hex;
}

/* The hex named by the string member key of o, or -1. */
static int hex_of(const struct fm_game *g, const cJSON *o, const char *key)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(x) ? fm__hex_parse(g, x->valuestring) : -1;
}

/* Appends the hexes of the string array member key of o to p; the last one, or -1. */
static int push_hexes(const struct fm_game *g, struct fm_last_path *p, const cJSON *o,
                      const char *key)
{
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(o, key), *x;
	int last = -1;

	cJSON_ArrayForEach(x, arr)
	{
		if (cJSON_IsString(x) && (last = fm__hex_parse(g, x->valuestring)) >= 0)
			push(p, last);
	}
	return last;
}

static int result_of(const cJSON *o)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, "result");

	for (int r = 0; cJSON_IsString(x) && r < FM_R_COUNT; r++)
		if (strcmp(fm__result_name(r), x->valuestring) == 0)
			return r;
	return FM_R_NE;
}

/* A new leg of the last combat for unit from hex from, or NULL when there is no room. */
static struct fm_last_path *leg(struct fm_game *g, int unit, int kind, int from)
{
	struct fm_last_combat *c = &g->last_combat;
	struct fm_last_path *p;

	if (c->target < 0 || c->nlegs >= FM_LAST_LEGS)
		return NULL;
	p = &c->legs[c->nlegs++];
	memset(p, 0, sizeof(*p));
	p->unit = (int16_t)unit;
	p->kind = (uint8_t)kind;
	push(p, from);
	return p;
}

void fm__last_record(struct fm_game *g, const struct fm_game *before, const struct rules_events *ev,
                     size_t from)
{
	int16_t pos[FM_MAX_UNITS];
	int16_t att[FM_MAX_IN_BATTLE];
	int natt = -1, moving = -1; /* attackers declared, the unit moved in this action */

	for (int i = 0; i < g->nunits; i++)
		pos[i] = before->u[i].where == FM_W_MAP ? before->u[i].hex : -1;
	for (size_t k = from; k < ev->count; k++) {
		const cJSON *o = ev->items[k].data, *x;
		const char *type;
		int unit = -1, to;
		if (ev->items[k].audience != RULES_AUD_PUBLIC || o == NULL)
			continue;
		x = cJSON_GetObjectItemCaseSensitive(o, "event");
		if (!cJSON_IsString(x))
			continue;
		type = x->valuestring;
		x = cJSON_GetObjectItemCaseSensitive(o, "unit");
		if (cJSON_IsString(x))
			unit = fm__unit_by_id(g->sc, x->valuestring);
		if (strcmp(type, "moved") == 0 && unit >= 0) {
			struct fm_last_path *p = &g->last_move.p;
			int start = pos[unit];
			/* the same move goes on (AMB-20): its path grows */
			int goes_on = moving == unit || (before->mover == unit && p->unit == unit &&
			                                 p->n > 0 && p->h[p->n - 1] == start);
			if (!goes_on) {
				memset(p, 0, sizeof(*p));
				p->unit = (int16_t)unit;
				push(p, start);
			}
			g->last_move.turn = (uint8_t)g->turn;
			if ((to = push_hexes(g, p, o, "path")) >= 0)
				pos[unit] = (int16_t)to;
			moving = unit;
		} else if ((strcmp(type, "entered") == 0 || strcmp(type, "landed") == 0) &&
		           unit >= 0 && (to = hex_of(g, o, "hex")) >= 0) {
			struct fm_last_path *p = &g->last_move.p;
			memset(p, 0, sizeof(*p));
			p->unit = (int16_t)unit;
			push(p, to);
			g->last_move.turn = (uint8_t)g->turn;
			pos[unit] = (int16_t)to;
			moving = unit;
		} else if (strcmp(type, "attack-declared") == 0) {
			const cJSON *arr = cJSON_GetObjectItemCaseSensitive(o, "attackers");
			natt = 0;
			cJSON_ArrayForEach(x, arr)
			{
				int a =
				    cJSON_IsString(x) ? fm__unit_by_id(g->sc, x->valuestring) : -1;
				if (a >= 0 && natt < FM_MAX_IN_BATTLE && pos[a] >= 0)
					att[natt++] = pos[a];
			}
		} else if (strcmp(type, "combat-result") == 0 && (to = hex_of(g, o, "hex")) >= 0) {
			struct fm_last_combat *c = &g->last_combat;
			const cJSON *die = cJSON_GetObjectItemCaseSensitive(o, "die");
			const cJSON *bomb = cJSON_GetObjectItemCaseSensitive(o, "bombardment");
			memset(c, 0, sizeof(*c));
			c->target = (int16_t)to;
			c->turn = (uint8_t)g->turn;
			c->bombard = (uint8_t)cJSON_IsTrue(bomb);
			c->result = (uint8_t)result_of(o);
			c->die = (uint8_t)(cJSON_IsNumber(die) && fm__in(die->valueint, 1, 6)
			                       ? die->valueint
			                       : 0);
			if (natt < 0 && before->b.active && !before->b.bombard) {
				/* declared in an earlier action: the battle as it stood */
				natt = 0;
				for (int q = 0; q < before->b.natt && natt < FM_MAX_IN_BATTLE; q++)
					if (pos[before->b.att[q]] >= 0)
						att[natt++] = pos[before->b.att[q]];
			}
			for (int q = 0; !c->bombard && q < natt; q++)
				c->att[c->natt++] = att[q];
		} else if (strcmp(type, "retreated") == 0 && unit >= 0) {
			struct fm_last_path *p = leg(g, unit, FM_LEG_RETREAT, hex_of(g, o, "from"));
			struct fm_last_path scratch;
			if (p == NULL)
				p = &scratch, memset(p, 0, sizeof(*p));
			if ((to = push_hexes(g, p, o, "path")) >= 0)
				pos[unit] = (int16_t)to;
		} else if (strcmp(type, "displaced") == 0 && unit >= 0 &&
		           (to = hex_of(g, o, "to")) >= 0) {
			struct fm_last_path *p =
			    leg(g, unit, FM_LEG_DISPLACE, hex_of(g, o, "from"));
			if (p != NULL)
				push(p, to);
			pos[unit] = (int16_t)to;
		} else if (strcmp(type, "advanced") == 0 && unit >= 0 &&
		           (to = hex_of(g, o, "to")) >= 0) {
			struct fm_last_path *p = leg(g, unit, FM_LEG_ADVANCE, pos[unit]);
			if (p != NULL)
				push(p, to);
			pos[unit] = (int16_t)to;
		}
	}
}
