/*
 * legal_gen.c -- the candidates each F&M system verb offers to `options`
 * (legal.c keeps those the engine accepts).
 *
 * A generator may offer more than is legal (legal.c tries each candidate on
 * a copy of the game), never less: set-up hexes of each unplaced unit
 * (FM-3.0), every hex `reach` gives a movable unit (FM-5, known legal),
 * arrival hexes of the reinforcements due (FM-4.1), bombardment targets with
 * every single marker and pair of markers in hand (FM-8.1), attack targets
 * with every group of adjacent units (FM-8.2), support markers, losses,
 * retreat paths of the retreat's length (FM-8.3), stiff resistance (FM-8.4),
 * displacements (FM-8.3.1) and advances along the path of retreat (FM-8.5).
 * A unit placed at set-up is not offered again (re-placing it is legal, but
 * not a decision `options` lists).
 */
#include "fm_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GEN_PREFIX    96
#define GEN_CHOICE    160
#define GEN_ATTACKERS 8 /* adjacent units tried in every combination (2^8 - 1 groups) */

static int mine_on_map(const struct fm_game *g, int side, int unit)
{
	return fm__side_of(g, unit) == side && g->u[unit].where == FM_W_MAP && g->u[unit].hex >= 0;
}

int fm__legal_place(const struct fm_game *g, int side, struct fm_legal *l)
{
	char prefix[GEN_PREFIX], hex[RULES_HEX_ID_MAX];
	int rc;

	if (g->phase != FM_PH_SETUP)
		return 0;
	for (int u = 0; u < g->nunits; u++) {
		const struct fm_unit_def *d = fm__def(g, u);
		if (d->side != side || d->setup != FM_SETUP_CHOOSE ||
		    g->u[u].where != FM_W_UNPLACED || !fm__legal_wants(l, u))
			continue;
		snprintf(prefix, sizeof(prefix), "place %s", d->id);
		for (int k = 0; k < d->where.n; k++)
			if ((rc = fm__offer(l, prefix, fm__hex_id(g, d->where.h[k], hex))) != 0)
				return rc;
	}
	return 0;
}

int fm__legal_move(const struct fm_game *g, int side, struct fm_legal *l)
{
	char prefix[GEN_PREFIX], line[GEN_PREFIX + RULES_HEX_ID_MAX], hex[RULES_HEX_ID_MAX];
	int count = g->sc->map.grid.count, rc = 0;
	int *cost;

	if (g->phase != FM_PH_MOVEMENT && g->phase != FM_PH_MOBILE_MOVE)
		return 0;
	if ((cost = malloc(sizeof(int) * (size_t)count)) == NULL)
		return WG_E_NO_MEMORY;
	for (int u = 0; u < g->nunits && rc == 0; u++) {
		int first = -1;
		if (!mine_on_map(g, side, u) || !fm__legal_wants(l, u) ||
		    fm__may_move(g, u, NULL) != 0)
			continue;
		if ((rc = fm__reach(g, u, cost, NULL)) != 0)
			break;
		for (int h = 0; h < count && first < 0; h++)
			if (cost[h] >= 0)
				first = h;
		if (first < 0)
			continue;
		snprintf(prefix, sizeof(prefix), "move %s to", fm__def(g, u)->id);
		/* the unit-level conditions (module hooks, FM-5.2) are proved on one move; the
		 * hexes are those of the search that `move ... to` itself runs */
		snprintf(line, sizeof(line), "%s %s", prefix, fm__hex_id(g, first, hex));
		if (!fm__try(l, line))
			continue;
		for (int h = 0; h < count && rc == 0; h++)
			if (cost[h] >= 0)
				rc = fm__offer_known(l, prefix, fm__hex_id(g, h, hex), cost[h]);
	}
	free(cost);
	return rc;
}

int fm__legal_enter(const struct fm_game *g, int side, struct fm_legal *l)
{
	char prefix[GEN_PREFIX], hex[RULES_HEX_ID_MAX];
	int rc;

	if (g->phase != FM_PH_MOVEMENT && g->phase != FM_PH_MOBILE_MOVE)
		return 0;
	for (int u = 0; u < g->nunits; u++) {
		const struct fm_unit_def *d = fm__def(g, u);
		if (d->side != side || d->setup != FM_SETUP_ARRIVES ||
		    g->u[u].where != FM_W_WAITING || d->arrive_turn > g->turn ||
		    !fm__legal_wants(l, u))
			continue;
		snprintf(prefix, sizeof(prefix), "enter %s", d->id);
		for (int k = 0; k < d->where.n; k++)
			if ((rc = fm__offer(l, prefix, fm__hex_id(g, d->where.h[k], hex))) != 0)
				return rc;
	}
	return 0;
}

int fm__legal_end(const struct fm_game *g, int side, struct fm_legal *l)
{
	(void)g;
	(void)side;
	if (fm__try(l, "end"))
		return fm__offer_known(l, "end", NULL, -1);
	/* `end` refused: throwing a choice away takes `end force` (where the scenario has it) */
	return fm__offer(l, "end", "force");
}

/* The hexes holding a unit of the enemy of side, each once, into hexes; their count. */
static int enemy_hexes(const struct fm_game *g, int side, int *hexes)
{
	int n = 0;

	for (int u = 0; u < g->nunits; u++) {
		int h = g->u[u].hex, seen = 0;
		if (fm__side_of(g, u) == side || g->u[u].where != FM_W_MAP || h < 0)
			continue;
		for (int k = 0; k < n && !seen; k++)
			seen = hexes[k] == h;
		if (!seen)
			hexes[n++] = h;
	}
	return n;
}

int fm__legal_bombard(const struct fm_game *g, int side, struct fm_legal *l)
{
	const struct fm_scenario *sc = g->sc;
	char prefix[GEN_PREFIX], choice[GEN_CHOICE], hex[RULES_HEX_ID_MAX];
	int targets[FM_MAX_UNITS], hand[FM_MAX_MARKERS], nt, nh = 0, rc = 0;

	if (g->phase != FM_PH_BOMBARD || sc->module->bombard_step != NULL)
		return 0;
	nt = enemy_hexes(g, side, targets);
	for (int k = 0; k < sc->nmarkers[side]; k++)
		if (g->m[side][k].where == FM_M_HAND)
			hand[nh++] = k;
	for (int t = 0; t < nt && rc == 0; t++) {
		snprintf(prefix, sizeof(prefix), "bombard %s", fm__hex_id(g, targets[t], hex));
		for (int i = 0; i < nh && rc == 0; i++) {
			rc = fm__offer(l, prefix, sc->markers[side][hand[i]].id);
			for (int j = i + 1; j < nh && rc == 0; j++) {
				snprintf(choice, sizeof(choice), "%s %s",
				         sc->markers[side][hand[i]].id,
				         sc->markers[side][hand[j]].id);
				rc = fm__offer(l, prefix, choice);
			}
		}
		if (rc == 0 && nh > 0)
			rc = fm__offer(l, prefix, "draw");
		if (rc == 0 && nh > 1)
			rc = fm__offer(l, prefix, "draw draw");
	}
	return rc;
}

/* Own units that could join an attack on target: in a hex next to it, or in it (a unit
 * landed on an enemy-held hex, BS-16.3). */
static int attackers_of(const struct fm_game *g, int side, int target, int *units)
{
	int n = 0;

	for (int u = 0; u < g->nunits && n < GEN_ATTACKERS; u++)
		if (mine_on_map(g, side, u) &&
		    (g->u[u].hex == target || fm__adjacent(g, g->u[u].hex, target)))
			units[n++] = u;
	return n;
}

int fm__legal_attack(const struct fm_game *g, int side, struct fm_legal *l)
{
	char prefix[GEN_PREFIX], choice[GEN_CHOICE], hex[RULES_HEX_ID_MAX];
	int targets[FM_MAX_UNITS], units[GEN_ATTACKERS], nt, rc = 0;

	if (g->phase != FM_PH_COMBAT && g->phase != FM_PH_MOBILE_COMBAT)
		return 0;
	nt = enemy_hexes(g, side, targets);
	for (int t = 0; t < nt && rc == 0; t++) {
		int n = attackers_of(g, side, targets[t], units);
		snprintf(prefix, sizeof(prefix), "attack %s", fm__hex_id(g, targets[t], hex));
		for (unsigned mask = 1; mask < (1u << n) && rc == 0; mask++) {
			size_t len = 0;
			int wanted = 0;
			choice[0] = '\0';
			for (int k = 0; k < n; k++)
				if (mask & (1u << k)) {
					wanted |= fm__legal_wants(l, units[k]);
					len += (size_t)snprintf(choice + len, sizeof(choice) - len,
					                        "%s%s", len ? " " : "",
					                        fm__def(g, units[k])->id);
				}
			if (wanted && len < sizeof(choice))
				rc = fm__offer(l, prefix, choice);
		}
	}
	return rc;
}

int fm__legal_support(const struct fm_game *g, int side, struct fm_legal *l)
{
	const struct fm_scenario *sc = g->sc;
	int rc = 0;

	for (int k = 0; k < sc->nmarkers[side] && rc == 0; k++)
		if (g->m[side][k].where == FM_M_HAND)
			rc = fm__offer(l, "support", sc->markers[side][k].id);
	if (rc == 0)
		rc = fm__offer(l, "support", "draw");
	if (rc == 0)
		rc = fm__offer(l, "support", "pass");
	return rc;
}

int fm__legal_reduce(const struct fm_game *g, int side, struct fm_legal *l)
{
	int rc = 0;

	for (int u = 0; u < g->nunits && rc == 0; u++)
		if (mine_on_map(g, side, u) && fm__legal_wants(l, u))
			rc = fm__offer(l, "reduce", fm__def(g, u)->id);
	return rc;
}

/* Offers "prefix h1 ... hk" for every simple path of 1..left more hexes from `from`. */
static int paths(const struct fm_game *g, struct fm_legal *l, const char *prefix, int from,
                 int left, int *path, int n)
{
	char choice[GEN_CHOICE], hex[RULES_HEX_ID_MAX];
	int rc = 0;

	if (left == 0)
		return 0;
	for (int d = 0; d < RULES_HEX_DIRS && rc == 0; d++) {
		int to = rules_hex_neighbour(&g->sc->map.grid, from, d), seen = 0;
		size_t len = 0;
		if (to < 0)
			continue;
		for (int k = 0; k < n && !seen; k++)
			seen = path[k] == to;
		if (seen)
			continue;
		path[n] = to;
		choice[0] = '\0';
		for (int k = 1; k <= n; k++)
			len += (size_t)snprintf(choice + len, sizeof(choice) - len, "%s%s",
			                        len ? " " : "", fm__hex_id(g, path[k], hex));
		if ((rc = fm__offer(l, prefix, choice)) == 0)
			rc = paths(g, l, prefix, to, left - 1, path, n + 1);
	}
	return rc;
}

int fm__legal_retreat(const struct fm_game *g, int side, struct fm_legal *l)
{
	char prefix[GEN_PREFIX];
	int path[16], rc = 0;

	(void)side;
	if (g->await == FM_AW_DISPLACE)
		return 0;
	for (int k = 0; k < g->b.nretreat && rc == 0; k++) {
		const struct fm_retreat_item *r = &g->b.retreat[k];
		int dist = r->dist < 8 ? r->dist : 8;
		if (!fm__legal_wants(l, r->unit))
			continue;
		snprintf(prefix, sizeof(prefix), "retreat %s", fm__def(g, r->unit)->id);
		if ((rc = fm__offer(l, prefix, NULL)) != 0)
			break;
		path[0] = r->origin;
		rc = paths(g, l, prefix, r->origin, dist, path, 1);
	}
	return rc;
}

int fm__legal_stiff(const struct fm_game *g, int side, struct fm_legal *l)
{
	int rc = 0;

	(void)side;
	for (int k = 0; k < g->b.nretreat && rc == 0; k++)
		if (fm__legal_wants(l, g->b.retreat[k].unit))
			rc = fm__offer(l, "stiff", fm__def(g, g->b.retreat[k].unit)->id);
	return rc;
}

int fm__legal_displace(const struct fm_game *g, int side, struct fm_legal *l)
{
	char prefix[GEN_PREFIX], hex[RULES_HEX_ID_MAX];
	int rc = 0;

	for (int u = 0; u < g->nunits && rc == 0; u++) {
		int near = 0;
		if (!mine_on_map(g, side, u) || !fm__legal_wants(l, u))
			continue;
		if (g->await == FM_AW_DISPLACE) {
			near = u == g->b.displacing;
		} else {
			/* a friendly unit in the way of a retreat: within its length of the origin
			 */
			for (int k = 0; k < g->b.nretreat && !near; k++)
				near = fm__distance(g, g->u[u].hex, g->b.retreat[k].origin) <=
				       g->b.retreat[k].dist;
		}
		if (!near)
			continue;
		snprintf(prefix, sizeof(prefix), "displace %s", fm__def(g, u)->id);
		for (int d = 0; d < RULES_HEX_DIRS && rc == 0; d++) {
			int to = rules_hex_neighbour(&g->sc->map.grid, g->u[u].hex, d);
			if (to >= 0)
				rc = fm__offer(l, prefix, fm__hex_id(g, to, hex));
		}
	}
	return rc;
}

int fm__legal_advance(const struct fm_game *g, int side, struct fm_legal *l)
{
	char prefix[GEN_PREFIX], choice[GEN_CHOICE], hex[RULES_HEX_ID_MAX];
	int rc = 0;

	(void)side;
	for (int k = 0; k < g->b.natt && rc == 0; k++) {
		int u = g->b.att[k];
		size_t len = 0;
		if ((g->b.advanced & (1u << k)) || !fm__legal_wants(l, u))
			continue;
		snprintf(prefix, sizeof(prefix), "advance %s", fm__def(g, u)->id);
		choice[0] = '\0';
		for (int p = 0; p < g->b.npath && rc == 0; p++) {
			len += (size_t)snprintf(choice + len, sizeof(choice) - len, "%s%s",
			                        len ? " " : "", fm__hex_id(g, g->b.path[p], hex));
			rc = fm__offer(l, prefix, choice);
		}
	}
	if (rc == 0)
		rc = fm__offer(l, "advance", "none");
	return rc;
}
