/*
 * map.c -- terrain and position queries of an F&M game: hex ids, occupancy,
 * unit lookup, zones of control, MP costs, prohibitions, CRT lines of
 * terrain, edge and unit distances.  Read-only: nothing here changes a game.
 */
#include "fm_int.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

const char *fm__hex_id(const struct fm_game *g, int hex, char *buf)
{
	if (hex < 0) {
		snprintf(buf, RULES_HEX_ID_MAX, "off-map");
		return buf;
	}
	return rules_hex_format(&g->sc->map.grid, hex, buf);
}

int fm__hex_parse(const struct fm_game *g, const char *id)
{
	return rules_hex_parse(&g->sc->map.grid, id);
}

int fm__adjacent(const struct fm_game *g, int a, int b)
{
	return rules_hex_adjacent(&g->sc->map.grid, a, b);
}

int fm__distance(const struct fm_game *g, int a, int b)
{
	return rules_hex_distance(&g->sc->map.grid, a, b);
}

int fm__occupant(const struct fm_game *g, int hex, int except)
{
	for (int i = 0; i < g->nunits; i++)
		if (i != except && g->u[i].where == FM_W_MAP && g->u[i].hex == hex)
			return i;
	return -1;
}

int fm__occupants(const struct fm_game *g, int hex)
{
	int n = 0;

	for (int i = 0; i < g->nunits; i++)
		n += g->u[i].where == FM_W_MAP && g->u[i].hex == hex;
	return n;
}

int fm__enemy_in(const struct fm_game *g, int hex, int side)
{
	for (int i = 0; i < g->nunits; i++)
		if (g->u[i].where == FM_W_MAP && g->u[i].hex == hex && fm__side_of(g, i) != side)
			return i;
	return -1;
}

/* Compares two forms of a unit id: case-insensitive, '_' and ' ' alike. */
static int id_eq(const char *typed, const char *printed)
{
	for (; *typed && *printed; typed++, printed++) {
		char a = *typed == ' ' ? '_' : *typed;
		char b = *printed == ' ' ? '_' : *printed;
		if (a >= 'A' && a <= 'Z')
			a = (char)(a + 32);
		if (b >= 'A' && b <= 'Z')
			b = (char)(b + 32);
		if (a != b)
			return 0;
	}
	return *typed == '\0' && *printed == '\0';
}

int fm__unit_by_id(const struct fm_scenario *sc, const char *id)
{
	for (int i = 0; i < sc->nunits; i++)
		if (strcmp(sc->units[i].id, id) == 0)
			return i;
	for (int i = 0; i < sc->nunits; i++)
		if (id_eq(id, sc->units[i].id))
			return i;
	return -1;
}

int fm__unit_arg(const struct fm_game *g, const char *id, struct rules_error *err)
{
	int unit = fm__unit_by_id(g->sc, id);

	if (unit < 0)
		return rules_fail(err, WG_E_NO_SUCH_UNIT, "", "no unit '%s' in this scenario", id);
	return unit;
}

int fm__unit_has(const struct fm_game *g, int unit, const char *ability)
{
	const struct fm_unit_def *d = fm__def(g, unit);

	if (strcmp(ability, "commando") == 0)
		return (d->abilities & FM_AB_COMMANDO) != 0;
	if (strcmp(ability, "engineer") == 0)
		return (d->abilities & FM_AB_ENGINEER) != 0;
	if (strcmp(ability, "armored_brigade") == 0)
		return (d->abilities & FM_AB_ARMOR) != 0;
	if (strcmp(ability, "seaborne") == 0)
		return (d->abilities & FM_AB_SEABORNE) != 0;
	for (int k = 0; k < d->nextra; k++)
		if (strcmp(d->extra[k], ability) == 0)
			return 1;
	return 0;
}

/* 0 if side's enemy exerts no ZOC into hex for its terrain (FM-6.0-05). */
static int zoc_terrain_open(const struct fm_game *g, int hex, int side)
{
	const struct fm_scenario *sc = g->sc;
	int enemy = 1 - side;

	return !(sc->map.hex_terrain[hex] & sc->zoc_block[enemy]) ||
	       (sc->module->zoc_unblocked && sc->module->zoc_unblocked(g, hex, enemy));
}

/* 1 if unit i (on the map, next to hex) puts hex in an EZOC for side. */
static int exerts_zoc(const struct fm_game *g, int i, int hex, int side)
{
	if (fm__side_of(g, i) == side || !fm__def(g, i)->zoc)
		return 0;
	return !(g->sc->module->zoc_blocked && g->sc->module->zoc_blocked(g, i, hex));
}

/*
 * FM-6.0: the six hexes around a unit are its ZOC, across every hexside and
 * into every terrain (FM-6.0-04), whatever other units stand there
 * (FM-6.0-06); units marked no-ZOC exert none (FM-6.0-02).  FM-6.0-05: the
 * scenario's terrain may block the ZOC of one side's units from its hexes
 * ("blocks_zoc_of"; the module may lift that block in the current state, a
 * breached trench), and the module may block a ZOC for its own reasons.  A
 * unit sharing the hex (beach assault) does not put it in its ZOC (AMB-71).
 */
int fm__in_ezoc(const struct fm_game *g, int hex, int side)
{
	const int16_t *nb = &g->sc->steps->nb[(size_t)hex * RULES_HEX_DIRS];

	if (!zoc_terrain_open(g, hex, side))
		return 0;
	/* one pass over the units, each compared with the six neighbours */
	for (int i = 0; i < g->nunits; i++) {
		int at = g->u[i].hex, next = 0;
		if (g->u[i].where != FM_W_MAP || at < 0)
			continue;
		for (int d = 0; d < RULES_HEX_DIRS && !next; d++)
			next = nb[d] == at;
		if (next && exerts_zoc(g, i, hex, side))
			return 1;
	}
	return 0;
}

int fm__in_ezoc_occ(const struct fm_game *g, const struct fm_occ *o, int hex, int side)
{
	const int16_t *nb = &g->sc->steps->nb[(size_t)hex * RULES_HEX_DIRS];

	if (!zoc_terrain_open(g, hex, side))
		return 0;
	for (int d = 0; d < RULES_HEX_DIRS; d++)
		for (int i = nb[d] >= 0 ? o->head[nb[d]] : -1; i >= 0; i = o->next[i])
			if (exerts_zoc(g, i, hex, side))
				return 1;
	return 0;
}

int fm__hex_prohibited(const struct fm_game *g, int hex, int unit)
{
	return rules_hexmap_hex_closed(&g->sc->map, hex, unit >= 0 && fm__def(g, unit)->mobile) !=
	       0;
}

int fm__side_prohibited(const struct fm_game *g, int a, int b, int unit)
{
	return rules_hexmap_side_closed(&g->sc->map, a, b, unit >= 0 && fm__def(g, unit)->mobile) !=
	       0;
}

int fm__hex_has_fort(const struct fm_game *g, int hex)
{
	const struct fm_scenario *sc = g->sc;

	if (sc->map.hex_flags[hex] & FM_HF_FORT_COUNTER) /* a counter counts as printed */
		return 1;
	for (int t = 0; t < sc->map.nterrain; t++)
		if ((sc->map.hex_terrain[hex] & (1u << t)) && sc->tx[t].fortification)
			return 1;
	return 0;
}

int fm__side_has_minefield(const struct fm_game *g, int a, int b)
{
	const struct fm_scenario *sc = g->sc;
	int s = rules_hex_side_between(&sc->map.grid, a, b);

	if (s < 0)
		return 0;
	for (int t = 0; t < sc->map.nsidetypes; t++)
		if ((sc->map.side_feat[s] & (1u << t)) && sc->sx[t].minefield)
			return 1;
	return 0;
}

/*
 * AMB-17: road (FM-5.4.1) and trail (FM-5.4.2) moves replace everything;
 * otherwise the highest base cost of the hex's types (FM-5.4-02) plus every
 * "+N" feature (FM-5.4-05) plus the hexside features crossed (FM-5.4-04);
 * "all MP" terrain (-2) replaces everything.  a < 0: entry from off map
 * (no hexside, no road rate; AMB-43).  The map computes it (hexmap.c) with
 * the F&M road and trail rates (1/2 and 1 MP, the map's defaults).
 */
int fm__step_cost(const struct fm_game *g, int unit, int a, int b)
{
	(void)unit;
	return rules_hexmap_step_cost(&g->sc->map, a, b);
}

int fm__line_cols(const struct fm_game *g, int line)
{
	return g->sc->crt.ncols - g->sc->crt.lines[line].first;
}

int fm__line_better(const struct fm_game *g, int a, int b)
{
	if (a < 0)
		return b;
	if (b < 0)
		return a;
	return fm__line_cols(g, b) < fm__line_cols(g, a) ? b : a;
}

/* FM-8.2.2-05: of several terrain types, the line most favourable to the defender (the types
 * the module's crt_terrain_ignored names do not count). */
int fm__hex_line(const struct fm_game *g, int hex)
{
	const struct fm_scenario *sc = g->sc;
	uint32_t terrain = sc->map.hex_terrain[hex];
	int line = -1;

	if (sc->module->crt_terrain_ignored != NULL)
		terrain &= ~sc->module->crt_terrain_ignored(g, hex);
	for (int t = 0; t < sc->map.nterrain; t++)
		if ((terrain & (1u << t)) && sc->tx[t].line >= 0)
			line = fm__line_better(g, line, sc->tx[t].line);
	return line >= 0 ? line : sc->crt.default_line;
}

int fm__edge_distance(const struct fm_game *g, int hex, int side)
{
	return rules_hexmap_edge_distance(&g->sc->map, hex, side);
}

/* FM-8.3-03: "a friendly map edge (or in some games a friendly supply source)". */
int fm__goal_distance(const struct fm_game *g, int hex, int side)
{
	const struct rules_hexlist *src = &g->sc->supply[side];
	int best = fm__edge_distance(g, hex, side);

	for (int k = 0; k < src->n; k++) {
		int d = fm__distance(g, hex, src->h[k]);
		if (best < 0 || d < best)
			best = d;
	}
	return best;
}

int fm__nearest_unit(const struct fm_game *g, int hex, int side, int except)
{
	int best = -1;

	for (int i = 0; i < g->nunits; i++) {
		int d;
		if (i == except || g->u[i].where != FM_W_MAP || fm__side_of(g, i) != side)
			continue;
		d = fm__distance(g, hex, g->u[i].hex);
		if (best < 0 || d < best)
			best = d;
	}
	return best;
}

int fm__group(const struct fm_game *g, int unit, int16_t *out, const char **rule)
{
	int n = 0;

	*rule = "";
	if (g->sc->module->group != NULL)
		n = g->sc->module->group(g, unit, out, rule);
	if (n < 1) {
		out[0] = (int16_t)unit;
		n = 1;
	}
	return n;
}
