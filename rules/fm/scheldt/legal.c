/*
 * legal.c -- the candidates the Battle of the Scheldt's own verbs offer to
 * `options` (rules/fm/legal.c keeps those the engine accepts): a rebuild of
 * each of the side's units (BS-11.0), and a landing of each assault-group
 * unit that may still land on each hex its group may land on (BS-16.1, 16.2).
 */
#include "scheldt.h"

#include <stdio.h>

int scheldt__legal_rebuild(const struct fm_game *g, int side, struct fm_legal *l)
{
	int rc = 0;

	for (int u = 0; u < g->nunits && rc == 0; u++)
		if (fm__side_of(g, u) == side && fm__legal_wants(l, u) &&
		    scheldt__rebuild_ok(g, u, NULL) == 0)
			rc = fm__offer(l, "rebuild", fm__def(g, u)->id);
	return rc;
}

int scheldt__legal_land(const struct fm_game *g, int side, struct fm_legal *l)
{
	char prefix[64], hex[RULES_HEX_ID_MAX];
	int rc = 0;

	if (side != scheldt__data(g)->allied || g->phase != FM_PH_MOVEMENT)
		return 0;
	for (int group = 0; group < 2; group++)
		for (int u = 0; u < g->nunits && rc == 0; u++) {
			if (!fm__legal_wants(l, u) || !scheldt__may_land(g, group, u))
				continue;
			snprintf(prefix, sizeof(prefix), "land %s", fm__def(g, u)->id);
			for (int h = 0; h < g->sc->map.grid.count && rc == 0; h++)
				if (scheldt__land_hex_ok(g, group, u, h, NULL) == 0)
					rc = fm__offer(l, prefix, fm__hex_id(g, h, hex));
		}
	return rc;
}
