/*
 * steps.c -- the movement tables of a scenario's map and the occupancy index of a game
 * state, for the searches of move.c (reach, `move ... to`, options).
 *
 * The tables (struct fm_steps) hold, for every hex and direction, what step() asks at
 * every step and what depends only on the map: the neighbour, the hexside, the MP cost of the step
 * (fm__step_cost), whether the hexside is closed to leg or mobile units
 * (fm__side_prohibited) or holds a minefield (fm__side_has_minefield), and per hex
 * whether it is closed to leg or mobile units (fm__hex_prohibited) or holds a
 * fortification (fm__hex_has_fort).  They are built once, when the scenario has loaded
 * (the map never changes afterwards: struct fm_scenario is immutable), from those very
 * functions, so a lookup always equals the call it replaces.
 *
 * The occupancy index (struct fm_occ) lists the units on the map per hex, for one game
 * state: a search builds it once and then finds the units in a hex, and the enemy
 * zones of control, without a pass over every unit.  It is valid only while the state
 * it was built from does not change.
 */
#include "fm_int.h"

#include <stdlib.h>
#include <string.h>

void fm__steps_free(struct fm_steps *t)
{
	if (t == NULL)
		return;
	free(t->nb);
	free(t->slot);
	free(t->cost);
	free(t->side);
	free(t->hex);
	free(t);
}

int fm__steps_build(struct fm_scenario *sc)
{
	const struct rules_hex_grid *grid = &sc->map.grid;
	size_t n = grid->count > 0 ? (size_t)grid->count : 1;
	struct fm_steps *t = calloc(1, sizeof(*t));
	struct fm_game *g = calloc(1, sizeof(*g)); /* a game of sc, for the map functions */

	if (t != NULL) {
		t->nb = malloc(sizeof(*t->nb) * n * RULES_HEX_DIRS);
		t->slot = malloc(sizeof(*t->slot) * n * RULES_HEX_DIRS);
		t->cost = malloc(sizeof(*t->cost) * n * RULES_HEX_DIRS);
		t->side = calloc(n * RULES_HEX_DIRS, sizeof(*t->side));
		t->hex = calloc(n, sizeof(*t->hex));
	}
	if (g == NULL || t == NULL || t->nb == NULL || t->slot == NULL || t->cost == NULL ||
	    t->side == NULL || t->hex == NULL) {
		free(g);
		fm__steps_free(t);
		return WG_E_NO_MEMORY;
	}
	g->sc = sc;
	for (int h = 0; h < grid->count; h++) {
		/* unit -1 asks for every unit, i.e. leg units: mobile ones are asked apart */
		uint8_t hf = 0;
		hf |= rules_hexmap_hex_closed(&sc->map, h, 0) ? FM_SH_CLOSED_LEG : 0;
		hf |= rules_hexmap_hex_closed(&sc->map, h, 1) ? FM_SH_CLOSED_MOBILE : 0;
		hf |= fm__hex_has_fort(g, h) ? FM_SH_FORT : 0;
		t->hex[h] = hf;
		for (int d = 0; d < RULES_HEX_DIRS; d++) {
			size_t k = (size_t)h * RULES_HEX_DIRS + (size_t)d;
			int to = rules_hex_neighbour(grid, h, d);
			uint8_t sf = 0;
			t->nb[k] = (int16_t)to;
			t->slot[k] = rules_hex_side(grid, h, d);
			t->cost[k] =
			    (int16_t)(to >= 0 ? rules_hexmap_step_cost(&sc->map, h, to) : 0);
			if (to >= 0) {
				sf |= rules_hexmap_side_closed(&sc->map, h, to, 0)
				          ? FM_SS_CLOSED_LEG
				          : 0;
				sf |= rules_hexmap_side_closed(&sc->map, h, to, 1)
				          ? FM_SS_CLOSED_MOBILE
				          : 0;
				sf |= fm__side_has_minefield(g, h, to) ? FM_SS_MINEFIELD : 0;
			}
			t->side[k] = sf;
		}
	}
	free(g);
	sc->steps = t;
	return 0;
}

int fm__side_slot(const struct fm_game *g, int a, int b)
{
	const struct fm_steps *t = g->sc->steps;
	size_t k;

	if (a < 0 || b < 0 || a >= g->sc->map.grid.count)
		return -1;
	k = (size_t)a * RULES_HEX_DIRS;
	for (int d = 0; d < RULES_HEX_DIRS; d++)
		if (t->nb[k + (size_t)d] == b)
			return t->slot[k + (size_t)d];
	return -1;
}

void fm__occ_build(const struct fm_game *g, struct fm_occ *o)
{
	int count = g->sc->map.grid.count;

	for (int h = 0; h < count; h++)
		o->head[h] = -1;
	/* from the last unit to the first, so that each list runs in unit order */
	for (int i = g->nunits - 1; i >= 0; i--) {
		int at = g->u[i].hex;
		o->next[i] = -1;
		if (g->u[i].where != FM_W_MAP || at < 0 || at >= count)
			continue;
		o->next[i] = o->head[at];
		o->head[at] = (int16_t)i;
	}
}

int fm__occ_enemy(const struct fm_game *g, const struct fm_occ *o, int hex, int side)
{
	for (int i = o->head[hex]; i >= 0; i = o->next[i])
		if (fm__side_of(g, i) != side)
			return i;
	return -1;
}
