/*
 * ground.c -- the map as the Campaign's rules read it: the terrain of a hex
 * after the Walcheren dikes (13.3.3), Terrain Modifiers (10.5.5), movement
 * steps with the mechanized limits (9.1.4) and the 5th Assault Regiment's
 * amphibians (13.1.2), occupants, Operations Zones (3.4), isolation (3.2)
 * and the searches of Tactical and Strategic Movement (9.1, 11.1).
 *
 * Readings (docs/scenarios/scheldt-campaign-rules.md): an OZ covers the HQ's
 * hex and its neighbours except all-sea hexes and hexes across water
 * hexsides (SC-AMB-27, option oz.crosses_water); "vacant" is empty of every
 * unit (SC-AMB-21); isolation counts only neighbours that are land and not
 * across water (SC-AMB-20, option isolation.ignores_sea).
 */
#include "camp_int.h"

#include <stdlib.h>
#include <string.h>

uint32_t camp__terrain(const struct camp_game *g, int hex)
{
	const struct camp_scenario *sc = g->sc;
	uint32_t t = sc->map.hex_terrain[hex];

	/* 13.3.3: "All polder hexes on Walcheren Island are now considered flooded terrain.
	 * All clear terrain hexes are now considered polder hexes." */
	if (g->dikes && sc->z_walcheren >= 0 && camp__in_zone(g, hex, sc->z_walcheren)) {
		if (t & sc->polder_mask)
			t = (t & ~sc->polder_mask) | (1u << sc->t_flooded);
		else if (t & sc->clear_mask)
			t = (t & ~sc->clear_mask) | (1u << sc->t_polder);
	}
	return t;
}

int camp__is_sea(const struct camp_game *g, int hex)
{
	return (camp__terrain(g, hex) & g->sc->sea_mask) != 0;
}

int camp__is_polder(const struct camp_game *g, int hex)
{
	return (camp__terrain(g, hex) & (g->sc->polder_mask | g->sc->flooded_mask)) != 0;
}

int camp__is_clear(const struct camp_game *g, int hex)
{
	uint32_t t = camp__terrain(g, hex);

	/* clear terrain: a clear type and no other base terrain (a village on clear is clear) */
	return (t & g->sc->clear_mask) != 0 &&
	       (t & (g->sc->polder_mask | g->sc->flooded_mask | g->sc->sea_mask)) == 0;
}

static uint32_t side_feat(const struct camp_game *g, int a, int b, int *slot)
{
	int s = rules_hex_side_between(&g->sc->map.grid, a, b);

	if (slot != NULL)
		*slot = s;
	return s < 0 ? 0 : g->sc->map.side_feat[s];
}

int camp__road_side(const struct camp_game *g, int a, int b)
{
	int s;

	side_feat(g, a, b, &s);
	return s >= 0 && (g->sc->map.side_flags[s] & RULES_HF_ROAD) != 0;
}

int camp__water_side(const struct camp_game *g, int a, int b)
{
	return (side_feat(g, a, b, NULL) & g->sc->water_sides) != 0;
}

int camp__causeway_side(const struct camp_game *g, int a, int b)
{
	return (side_feat(g, a, b, NULL) & g->sc->causeway_sides) != 0;
}

int camp__in_zone(const struct camp_game *g, int hex, int z)
{
	return z >= 0 && hex >= 0 && (g->sc->map.hex_zones[hex] & (1ull << z)) != 0;
}

int camp__hex_tm(const struct camp_game *g, int hex)
{
	const struct camp_scenario *sc = g->sc;
	uint32_t t = camp__terrain(g, hex);
	int base = 0, add = 0;

	for (int k = 0; k < sc->map.nterrain; k++)
		if (t & (1u << k)) {
			if (sc->tm[k] > base)
				base = sc->tm[k];
			add += sc->tm_add[k];
		}
	return base + add;
}

int camp__hex_fort(const struct camp_game *g, int hex)
{
	const struct camp_scenario *sc = g->sc;

	for (int k = 0; k < sc->map.nterrain; k++)
		if ((sc->map.hex_terrain[hex] & (1u << k)) && sc->fort[k])
			return 1;
	return 0;
}

int camp__side_tm(const struct camp_game *g, int a, int b)
{
	uint32_t f = side_feat(g, a, b, NULL);
	int tm = 0;

	for (int k = 0; k < g->sc->map.nsidetypes; k++)
		if (f & (1u << k))
			tm += g->sc->side_tm[k];
	return tm;
}

/* ---- occupants ------------------------------------------------------------------- */

int camp__side_in(const struct camp_game *g, int hex, int side)
{
	for (int i = 0; i < g->nunits; i++)
		if (g->u[i].where == CAMP_W_MAP && g->u[i].hex == hex &&
		    g->sc->units[i].side == side)
			return 1;
	return 0;
}

int camp__occupied(const struct camp_game *g, int hex)
{
	return camp__side_in(g, hex, 0) || camp__side_in(g, hex, 1);
}

int camp__hq_in(const struct camp_game *g, int hex, int side)
{
	for (int i = 0; i < g->nunits; i++)
		if (g->u[i].where == CAMP_W_MAP && g->u[i].hex == hex && g->sc->units[i].hq &&
		    g->sc->units[i].side == side)
			return 1;
	return 0;
}

int camp__in_oz(const struct camp_game *g, int hex, int side)
{
	const struct rules_hex_grid *gr = &g->sc->map.grid;

	if (camp__is_sea(g, hex))
		return 0;
	if (camp__hq_in(g, hex, side))
		return 1;
	for (int d = 0; d < RULES_HEX_DIRS; d++) {
		int n = rules_hex_neighbour(gr, hex, d);
		if (n >= 0 && camp__hq_in(g, n, side) &&
		    (g->opt.oz_water || !camp__water_side(g, n, hex)))
			return 1;
	}
	return 0;
}

int camp__uncontested_enemy_oz(const struct camp_game *g, int hex, int side)
{
	return !camp__occupied(g, hex) && camp__in_oz(g, hex, 1 - side);
}

int camp__isolated(const struct camp_game *g, int hex, int side)
{
	const struct rules_hex_grid *gr = &g->sc->map.grid;
	int counted = 0;

	for (int d = 0; d < RULES_HEX_DIRS; d++) {
		int n = rules_hex_neighbour(gr, hex, d);
		if (n < 0)
			continue; /* off the map (SC-AMB-20) */
		if (g->opt.isolation_sea && (camp__is_sea(g, n) || camp__water_side(g, hex, n)))
			continue;
		counted++;
		if (camp__side_in(g, n, 1 - side))
			continue;
		if (!camp__occupied(g, n) && camp__in_oz(g, n, 1 - side))
			continue;
		return 0;
	}
	return counted > 0;
}

int camp__enemy_adjacent(const struct camp_game *g, int hex, int side)
{
	for (int d = 0; d < RULES_HEX_DIRS; d++) {
		int n = rules_hex_neighbour(&g->sc->map.grid, hex, d);
		if (n >= 0 && camp__side_in(g, n, 1 - side))
			return 1;
	}
	return 0;
}

int camp__unit_hex(const struct camp_game *g, int unit)
{
	const struct camp_unit *u = &g->u[unit];

	if (u->where == CAMP_W_MAP)
		return u->hex;
	if (u->where == CAMP_W_BOX && g->u[u->tf].where == CAMP_W_MAP)
		return g->u[u->tf].hex;
	return -1;
}

int camp__box_count(const struct camp_game *g, int tf)
{
	int n = 0;

	for (int i = 0; i < g->nunits; i++)
		n += g->u[i].where == CAMP_W_BOX && g->u[i].tf == tf;
	return n;
}

int camp__members(const struct camp_game *g, int unit, int16_t *out)
{
	int n = 0;

	if (g->sc->units[unit].hq) {
		for (int i = 0; i < g->nunits && n < CAMP_MAX_C2 + 2; i++)
			if (g->u[i].where == CAMP_W_BOX && g->u[i].tf == unit)
				out[n++] = (int16_t)i;
		return n;
	}
	out[n++] = (int16_t)unit;
	if (g->u[unit].partner >= 0)
		out[n++] = g->u[unit].partner;
	return n;
}

void camp__mover(const struct camp_game *g, int unit, struct camp_mover *mv)
{
	int16_t m[CAMP_MAX_C2 + 2];
	int n = camp__members(g, unit, m);

	memset(mv, 0, sizeof(*mv));
	mv->side = g->sc->units[unit].side;
	mv->mf = n > 0 ? 99 : 0;
	for (int k = 0; k < n; k++) {
		const struct camp_unit_def *d = &g->sc->units[m[k]];
		if (d->mf < mv->mf)
			mv->mf = d->mf; /* 9.1.3: the slowest */
		if (d->classes & CAMP_C_MECH)
			mv->mech = 1;
		if (d->classes & (CAMP_C_MECH | CAMP_C_MOTOR))
			mv->motor = 1;
		if (d->special == CAMP_SP_ASSAULT && g->u[m[k]].where == CAMP_W_MAP)
			mv->amphibian = 1; /* 13.1.2d: moving as a detached unit */
	}
	if (mv->amphibian && n > 1)
		mv->mf = 4; /* 13.1.2b: "treat them henceforth as one unit, with an MF of 4" */
}

int camp__step(const struct camp_game *g, const struct camp_mover *mv, int a, int b, int *half,
               struct rules_error *err)
{
	const struct camp_scenario *sc = g->sc;
	uint32_t ta = camp__terrain(g, a), tb = camp__terrain(g, b);
	char hb[RULES_HEX_ID_MAX];

	if (!rules_hex_adjacent(&sc->map.grid, a, b))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-2.1c", "hex %s is not next to hex %s",
		                  camp__hex_id(g, b, hb), camp__hex_id(g, a, (char[16]){0}));
	if (camp__side_in(g, b, 1 - mv->side))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-9.1.1c",
		                  "hex %s holds enemy units: a unit may never enter it",
		                  camp__hex_id(g, b, hb));
	if (mv->amphibian) {
		/* 13.1.2d: polder, flooded and water hexes and hexsides count as clear */
		uint32_t wet = sc->polder_mask | sc->flooded_mask | sc->sea_mask;
		uint32_t clear = sc->t_clear >= 0 ? 1u << sc->t_clear : 0;
		if (ta & wet)
			ta = (ta & ~wet) | clear;
		if (tb & wet)
			tb = (tb & ~wet) | clear;
		*half = rules_hexmap_step_cost_as(&sc->map, a, b, ta, tb);
		return 0;
	}
	if (tb & sc->sea_mask)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-9.1.6a",
		                  "hex %s is all water: no unit may enter it",
		                  camp__hex_id(g, b, hb));
	if (camp__water_side(g, a, b))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-9.1.6a",
		                  "the hexside into %s is estuary or sea: no unit may cross it",
		                  camp__hex_id(g, b, hb));
	if (rules_hexmap_hex_closed(&sc->map, b, 0) || rules_hexmap_side_closed(&sc->map, a, b, 0))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-9.1b", "hex %s may not be entered",
		                  camp__hex_id(g, b, hb));
	if (mv->mech && !camp__road_side(g, a, b)) {
		if (camp__is_polder(g, b))
			return rules_fail(
			    err, WG_E_ILLEGAL_MOVE, "SC-9.1.4b",
			    "mechanized units enter polder or flooded hex %s only along "
			    "a road",
			    camp__hex_id(g, b, hb));
		if (camp__is_polder(g, a))
			return rules_fail(
			    err, WG_E_ILLEGAL_MOVE, "SC-9.1.4b",
			    "mechanized units leave polder or flooded hex %s only along "
			    "a road",
			    camp__hex_id(g, a, hb));
	}
	*half = rules_hexmap_step_cost_as(&sc->map, a, b, ta, tb);
	if (*half < 0)
		*half = 2 * mv->mf + 1;
	return 0;
}

/* ---- searches ---------------------------------------------------------------------- */

int camp__reach(const struct camp_game *g, int unit, int strategic, int *cost, int *prev)
{
	const struct rules_hex_grid *gr = &g->sc->map.grid;
	struct camp_mover mv;
	int n = gr->count, start = camp__unit_hex(g, unit), allow;
	int *dist = malloc((size_t)n * sizeof(int));
	char *done = calloc((size_t)n, 1);
	struct rules_error e;

	if (dist == NULL || done == NULL) {
		free(dist);
		free(done);
		return WG_E_NO_MEMORY;
	}
	for (int h = 0; h < n; h++) {
		dist[h] = -1;
		cost[h] = -1;
		prev[h] = -1;
	}
	camp__mover(g, unit, &mv);
	allow = 2 * mv.mf * (strategic ? 3 : 1);
	if (start < 0)
		goto out;
	dist[start] = 0;
	for (;;) {
		int a = -1;
		for (int h = 0; h < n; h++)
			if (!done[h] && dist[h] >= 0 && (a < 0 || dist[h] < dist[a]))
				a = h;
		if (a < 0)
			break;
		done[a] = 1;
		/* 9.1.1: a unit stops on entering an uncontested enemy OZ hex */
		if (a != start && camp__uncontested_enemy_oz(g, a, mv.side))
			continue;
		for (int d = 0; d < RULES_HEX_DIRS; d++) {
			int b = rules_hex_neighbour(gr, a, d), half, nd;
			if (b < 0 || done[b] || camp__step(g, &mv, a, b, &half, &e) != 0)
				continue;
			if (strategic && camp__enemy_adjacent(g, b, mv.side))
				continue; /* 11.1: never adjacent to an enemy unit */
			nd = dist[a] + half;
			if (nd > allow) {
				if (a != start)
					continue;
				nd = allow; /* 9.1.6: a unit may always move one hex */
			}
			if (dist[b] < 0 || nd < dist[b]) {
				dist[b] = nd;
				prev[b] = a;
			}
		}
	}
	for (int h = 0; h < n; h++)
		if (h != start && dist[h] >= 0 && !(mv.amphibian && camp__is_sea(g, h)))
			cost[h] = dist[h]; /* 13.1.2e: never ending at sea */
out:
	free(dist);
	free(done);
	return 0;
}
