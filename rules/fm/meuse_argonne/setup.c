/*
 * setup.c -- the Meuse Argonne set-up limit the system data cannot state:
 * the German reserve (exclusive.reserve, 19.5) sets up not adjacent to any
 * other unit of any nationality.
 *
 * The rest of the set-up is system data, enforced by the system: the Allied
 * player sets up first (turns.setup_order, 11.1, 19.2), each unit in its set-up
 * zone (setup.choose.zones: south of the Stellung 11.2, the Stellung hexes
 * 19.4, north of the Stellung 19.5), one per hex (FM-5.3), and the 7th [R]
 * and 33rd set up depleted, the 45th [R] and 117th arrive depleted ("reduced",
 * 19.4-03, 19.6-13).
 *
 * The limit holds both ways at each `place`: a reserve division is not placed
 * next to a unit, and no unit is placed next to a reserve division already set
 * up (the reserve would then stand next to it).
 */
#include "meuse_argonne.h"

#include <stdio.h>

int ma__place_check(const struct fm_game *g, int unit, int hex, struct rules_error *err)
{
	const struct ma_data *d = ma__data(g);
	char buf[RULES_HEX_ID_MAX];
	int reserve = ma__unit_is(g, unit, MA_UF_RESERVE);

	if (!d->reserve_apart)
		return 0;
	for (int i = 0; i < g->nunits; i++) {
		if (i == unit || g->u[i].where != FM_W_MAP || !fm__adjacent(g, g->u[i].hex, hex))
			continue;
		if (reserve)
			return rules_fail(
			    err, WG_E_ILLEGAL_ACTION, "MA-19.5-01",
			    "%s is a reserve division: it sets up not adjacent to any "
			    "other unit, and %s is next to %s (19.5)",
			    fm__def(g, unit)->id, fm__def(g, i)->id, fm__hex_id(g, hex, buf));
		if (ma__unit_is(g, i, MA_UF_RESERVE))
			return rules_fail(
			    err, WG_E_ILLEGAL_ACTION, "MA-19.5-01",
			    "%s is next to the reserve division %s, which must set up "
			    "not adjacent to any other unit (19.5)",
			    fm__hex_id(g, hex, buf), fm__def(g, i)->id);
	}
	return 0;
}
