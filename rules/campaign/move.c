/*
 * move.c -- movement by staff marker: G-3 Tactical Movement (9.1), G-4
 * Strategic Movement (11.1) and Cross-Scheldt ferrying (11.1.1).
 *
 * A move names the whole path at once (9.1.2), or `to <hex>` for the
 * cheapest path the search of ground.c finds.  Tactical Movement: once per
 * unit and player turn, stop on entering an uncontested enemy OZ hex, never
 * into an enemy hex, one hex always (9.1.1, 9.1.6).  Strategic: three times
 * the MF, never adjacent to an enemy unit (11.1; SC-AMB-33: not limited per
 * turn, not the unit's Tactical Movement).  A unit with MF 0 (the coastal
 * batteries) never moves (docs/scenarios/scheldt-campaign-rules.md).
 */
#include "camp_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int camp__may_move(const struct camp_game *g, int side, int unit, int strategic,
                   struct rules_error *err)
{
	const struct camp_unit_def *u = &g->sc->units[unit];
	int16_t m[CAMP_MAX_C2 + 2];
	int n, hex;

	if (g->phase != CAMP_PH_OPS || g->phasing != side)
		return rules_fail(err, WG_E_WRONG_PHASE, strategic ? "SC-11.1a" : "SC-9.1a",
		                  "units move in your own Operations Phase");
	if (u->side != side)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-3.8a", "%s is not yours", u->id);
	if (g->u[unit].where == CAMP_W_BOX)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-3.7a",
		                  "%s is in the box of %s: move the Task Force", u->id,
		                  camp__uid(g, g->u[unit].tf));
	if (g->u[unit].where != CAMP_W_MAP)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-3.8a", "%s is not on the map", u->id);
	n = camp__members(g, unit, m);
	for (int k = 0; k < n; k++) {
		const struct camp_unit *s = &g->u[m[k]];
		if (s->flags & CAMP_F_RECOVERED)
			return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-7.3.1f",
			                  "%s recovered this turn and may not move%s",
			                  camp__uid(g, m[k]),
			                  u->hq ? ": regroup it out of the Task Force first" : "");
		if (s->flags & CAMP_F_CROSSED)
			return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-11.1.1e",
			                  "%s crossed the Scheldt this turn and must stay put",
			                  camp__uid(g, m[k]));
		if (!strategic && (s->flags & CAMP_F_MOVED))
			return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-9.1.1a",
			                  "%s has made its Tactical Movement this player turn",
			                  camp__uid(g, m[k]));
		if (g->sc->units[m[k]].mf == 0)
			return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-9.1b",
			                  "%s has a Movement Factor of 0 and never moves",
			                  camp__uid(g, m[k]));
	}
	if (!strategic && (g->u[unit].flags & CAMP_F_MOVED))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-9.1.1a",
		                  "%s has made its Tactical Movement this player turn", u->id);
	hex = g->u[unit].hex;
	if (strategic && camp__enemy_adjacent(g, hex, side))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-11.1b",
		                  "%s begins next to enemy units: no Strategic Movement", u->id);
	return 0;
}

/* The SSF still at sea after landing: one hex into its town (SC-AMB-51). */
static int ssf_at_sea(const struct camp_game *g, int unit)
{
	return g->sc->units[unit].special == CAMP_SP_SSF && g->u[unit].where == CAMP_W_MAP &&
	       camp__is_sea(g, g->u[unit].hex);
}

static int check_path(const struct camp_game *g, int unit, int strategic, const int *path, int n,
                      int *spent, struct rules_error *err)
{
	struct camp_mover mv;
	char hb[RULES_HEX_ID_MAX];
	int total = 0, allow;

	camp__mover(g, unit, &mv);
	allow = 2 * mv.mf * (strategic ? 3 : 1);
	if (ssf_at_sea(g, unit)) {
		if (n != 2 || !camp__in_zone(g, path[1], g->ssf_town) ||
		    !rules_hex_adjacent(&g->sc->map.grid, path[0], path[1]))
			return rules_fail(
			    err, WG_E_ILLEGAL_MOVE, "SC-13.1.4c",
			    "from the sea the 4th SSF moves one hex into the town it landed "
			    "next to");
		if (camp__side_in(g, path[1], 1 - mv.side))
			return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-13.1.4d",
			                  "the town holds enemy units: the 4th SSF must attack it");
		*spent = 0;
		return 0;
	}
	for (int k = 1; k < n; k++) {
		int half, rc = camp__step(g, &mv, path[k - 1], path[k], &half, err);
		if (rc != 0)
			return rc;
		if (strategic && camp__enemy_adjacent(g, path[k], mv.side))
			return rules_fail(
			    err, WG_E_ILLEGAL_MOVE, "SC-11.1b",
			    "hex %s is next to enemy units: Strategic Movement never comes "
			    "adjacent to them",
			    camp__hex_id(g, path[k], hb));
		total += half;
		if (total > allow && !(k == 1 && n == 2))
			return rules_fail(err, WG_E_ILLEGAL_MOVE,
			                  strategic ? "SC-11.1a" : "SC-9.1c",
			                  "the path costs %g MP by hex %s; %s has %d", total / 2.0,
			                  camp__hex_id(g, path[k], hb), camp__uid(g, unit),
			                  mv.mf * (strategic ? 3 : 1));
		if (k < n - 1 && camp__uncontested_enemy_oz(g, path[k], mv.side))
			return rules_fail(
			    err, WG_E_ILLEGAL_MOVE, "SC-9.1.1b",
			    "hex %s is an uncontested enemy Operations Zone: the unit must "
			    "stop there",
			    camp__hex_id(g, path[k], hb));
	}
	if (mv.amphibian && camp__is_sea(g, path[n - 1]))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-13.1.2e",
		                  "the 5th Assault Regiment may not end its move at sea");
	*spent = total;
	return 0;
}

int camp__play_move(struct camp_game *g, int side, int unit, int strategic, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const struct rules_hex_grid *gr = &g->sc->map.grid;
	int path[64], n = 0, spent = 0, rc;
	char text[400], hb[RULES_HEX_ID_MAX];
	size_t len = 0;

	if ((rc = camp__may_move(g, side, unit, strategic, err)) != 0 ||
	    (rc = camp__spend(g, side, strategic ? 3 : 2, err)) != 0)
		return rc;
	path[n++] = g->u[unit].hex;
	if (argc == 2 && strcasecmp(argv[0], "to") == 0) {
		int dest, *cost = malloc((size_t)gr->count * sizeof(int)),
		          *prev = malloc((size_t)gr->count * sizeof(int));
		int rev[64], nr = 0;
		if (cost == NULL || prev == NULL) {
			free(cost);
			free(prev);
			return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
		}
		if ((rc = camp__parse_hex(g, argv[1], &dest, err)) == 0 &&
		    (rc = camp__reach(g, unit, strategic, cost, prev)) == 0 && cost[dest] < 0 &&
		    !ssf_at_sea(g, unit))
			rc = rules_fail(err, WG_E_ILLEGAL_MOVE, strategic ? "SC-11.1a" : "SC-9.1c",
			                "%s cannot reach %s now (`reach %s` lists where it can)",
			                camp__uid(g, unit), camp__hex_id(g, dest, hb),
			                camp__uid(g, unit));
		if (rc == 0 && ssf_at_sea(g, unit))
			path[n++] = dest;
		else if (rc == 0) {
			for (int h = dest; h >= 0 && h != path[0] && nr < 63; h = prev[h])
				rev[nr++] = h;
			while (nr > 0 && n < 64)
				path[n++] = rev[--nr];
		}
		free(cost);
		free(prev);
		if (rc != 0)
			return rc;
	} else {
		for (int k = 0; k < argc && n < 64; k++)
			if ((rc = camp__parse_hex(g, argv[k], &path[n++], err)) != 0)
				return rc;
		if (path[1] == path[0])
			return rules_fail(
			    err, WG_E_BAD_ARGS, "SC-9.1a",
			    "give the hexes the unit enters, not the one it stands in");
	}
	if ((rc = check_path(g, unit, strategic, path, n, &spent, err)) != 0)
		return rc;
	camp__put(g, unit, path[n - 1]);
	{
		int16_t m[CAMP_MAX_C2 + 2];
		int nm = camp__members(g, unit, m);
		if (!strategic) {
			g->u[unit].flags |= CAMP_F_MOVED;
			for (int k = 0; k < nm; k++)
				g->u[m[k]].flags |= CAMP_F_MOVED;
		}
	}
	for (int k = 0; k < n; k++)
		len += (size_t)snprintf(text + len, len < sizeof(text) ? sizeof(text) - len : 0,
		                        "%s%s", k ? "-" : "", camp__hex_id(g, path[k], hb));
	camp__line(reply, "%s moves %s (%g MP)", camp__uid(g, unit), text, spent / 2.0);
	{
		cJSON *f = cJSON_CreateObject(), *p = cJSON_AddArrayToObject(f, "path");
		cJSON_AddStringToObject(f, "unit", camp__uid(g, unit));
		cJSON_AddStringToObject(f, "side", camp__side(g, side));
		cJSON_AddStringToObject(f, "kind", strategic ? "strategic" : "tactical");
		for (int k = 0; k < n; k++)
			cJSON_AddItemToArray(p, cJSON_CreateString(camp__hex_id(g, path[k], hb)));
		cJSON_AddNumberToObject(f, "mp", spent / 2.0);
		return rules_emit(ev, RULES_AUD_PUBLIC, "moved", f, "the %s play %s: %s moves %s%s",
		                  camp__side(g, side), strategic ? "G-4" : "G-3",
		                  camp__uid(g, unit), text,
		                  strategic ? " (Strategic Movement)" : "");
	}
}

int camp__ferry_dest(const struct camp_game *g, int side, int unit, int *dest_hex,
                     struct rules_error *err)
{
	const struct camp_scenario *sc = g->sc;
	int hex = g->u[unit].hex;

	for (int f = 0; f < sc->nferries; f++)
		for (int dir = 0; dir < 2; dir++) {
			int from = sc->ferry[f][dir], to = sc->ferry[f][1 - dir];
			if (!camp__in_zone(g, hex, from))
				continue;
			for (int q = 0; q < sc->map.zones[to].hexes.n; q++) {
				int h = sc->map.zones[to].hexes.h[q];
				if (camp__side_in(g, h, side) && !camp__side_in(g, h, 1 - side)) {
					*dest_hex = h;
					return to;
				}
			}
			return rules_fail(
			    err, WG_E_ILLEGAL_MOVE, "SC-11.1.1c",
			    "you need units in both towns to ferry across (none of yours in "
			    "%s)",
			    sc->map.zones[to].name);
		}
	return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-11.1.1a",
	                  "%s is not in a ferry town (Breskens, Vlissingen, Terneuzen, "
	                  "Hoedenskerke)",
	                  sc->units[unit].id);
}

int camp__play_ferry(struct camp_game *g, int side, int unit, cJSON *reply, struct rules_events *ev,
                     struct rules_error *err)
{
	const struct camp_unit_def *u = &g->sc->units[unit];
	int dest, from, rc;
	char a[RULES_HEX_ID_MAX], b[RULES_HEX_ID_MAX];

	if (g->phase != CAMP_PH_OPS || g->phasing != side)
		return rules_fail(err, WG_E_WRONG_PHASE, "SC-11.1.1b",
		                  "ferries cross in your own Operations Phase");
	if (u->side != side || u->hq || g->u[unit].where != CAMP_W_MAP)
		return rules_fail(
		    err, WG_E_ILLEGAL_MOVE, "SC-11.1.1b",
		    "only one of your detached Tactical Units crosses (SC-AMB-34), not "
		    "%s",
		    u->id);
	if (g->u[unit].flags & (CAMP_F_RECOVERED | CAMP_F_CROSSED))
		return rules_fail(err, WG_E_ILLEGAL_MOVE,
		                  (g->u[unit].flags & CAMP_F_RECOVERED) ? "SC-7.3.1c"
		                                                        : "SC-11.1.1e",
		                  "%s may not cross now", u->id);
	if (u->mf == 0)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-9.1b", "%s never moves", u->id);
	if ((rc = camp__ferry_dest(g, side, unit, &dest, err)) < 0)
		return rc;
	if ((rc = camp__spend(g, side, 3, err)) != 0)
		return rc;
	from = g->u[unit].hex;
	camp__put(g, unit, dest);
	g->u[unit].flags |= CAMP_F_CROSSED | CAMP_F_MOVED;
	camp__hex_id(g, from, a);
	camp__hex_id(g, dest, b);
	camp__line(reply, "%s crosses the Scheldt %s-%s and stops there (11.1.1)", u->id, a, b);
	{
		cJSON *f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "unit", u->id);
		cJSON_AddStringToObject(f, "side", camp__side(g, side));
		cJSON_AddStringToObject(f, "from", a);
		cJSON_AddStringToObject(f, "to", b);
		return rules_emit(ev, RULES_AUD_PUBLIC, "ferried", f,
		                  "the %s play G-4: %s crosses the Scheldt %s-%s (11.1.1)",
		                  camp__side(g, side), u->id, a, b);
	}
}
