/*
 * terrain.c -- Meuse Argonne's terrain rules (14.0): what the German trench
 * hexes (Stellung, 2nd Tier Trench, Fortification) do on the CRT, to zones
 * of control and to Allied movement, and how a breach (17.6) ends that.
 *
 *   - CRT lines (crt_terrain_ignored): a trench hex's line serves only a
 *     German defender in a hex not breached (14.2-02/03/04/06/08, 17.6-03);
 *     an Allied defender in a fortress uses the Fortress line unless the
 *     option ma.allied_fortress_benefit is false (AMB-106).  The system then
 *     takes the line most favourable of the other terrain types (AMB-85 d).
 *   - ZOC (zoc_unblocked): the terrain's blocks_zoc_of stops Allied ZOC from
 *     entering a trench hex (14.2-05); a breach lifts it, and so does the
 *     option ma.trench_blocks_allied_zoc=false (AMB-86).
 *   - Movement (move_step): Allied movement into a Fortification hex costs
 *     the exclusive.fortification_mp extra (14.3, also when breached unless
 *     ma.breach_removes_fort_mp, AMB-89), and an Allied unit may not move
 *     from an EZOC hex into a Fortification hex in an EZOC (FM-6.1-07 applied
 *     to the machine-gun outposts of 14.3, AMB-88; ma.fort_ezoc_rule=none
 *     turns it off).
 *   - The board (hex_mark): a breached hex is marked 'b' on the text board.
 */
#include "meuse_argonne.h"

/* The terrain types (bits of map.hex_terrain) whose MA_HF_* flags include flags. */
static uint32_t terrain_with(const struct fm_game *g, uint32_t flags)
{
	const struct fm_scenario *sc = g->sc;
	uint32_t mask = 0;

	for (int t = 0; t < sc->map.nterrain; t++)
		if (ma__terrain_flags(&sc->map.terrain[t]) & flags)
			mask |= 1u << t;
	return mask;
}

/* The side of the units in hex, or -1 when it is empty. */
static int occupant_side(const struct fm_game *g, int hex)
{
	int u = fm__occupant(g, hex, -1);

	return u >= 0 ? fm__side_of(g, u) : -1;
}

uint32_t ma__crt_terrain_ignored(const struct fm_game *g, int hex)
{
	const struct ma_data *d = ma__data(g);
	int side = occupant_side(g, hex);
	uint32_t ignored = 0;

	/* MA-14.2-04, MA-17.6-03: a breached hex's trench gives no benefit from any direction */
	if (ma__breached(g, hex))
		ignored |= d->trench_terrain;
	/* MA-14.2-03, MA-14.2-08: the trenches never serve an Allied defender */
	if (side >= 0 && side != d->trench_side)
		ignored |= d->trench_terrain;
	/* AMB-106: an Allied defender in a fortress (Verdun) */
	if (side == d->allied && !ma__opt(g, MA_O_FORTRESS_ALLIED))
		ignored |= terrain_with(g, MA_HF_FORTRESS);
	return ignored;
}

int ma__zoc_unblocked(const struct fm_game *g, int hex, int side)
{
	(void)side;
	/* MA-14.2-05 (unless breached, 17.6); AMB-86 */
	return !ma__opt(g, MA_O_TRENCH_ZOC) || ma__breached(g, hex);
}

int ma__terrain_move_step(const struct fm_game *g, int unit, int from, int to, int spent_half,
                          int first, int *cost_half, int *must_stop, struct rules_error *err)
{
	const struct ma_data *d = ma__data(g);
	char a[RULES_HEX_ID_MAX], b[RULES_HEX_ID_MAX];
	int side = fm__side_of(g, unit);

	(void)spent_half;
	(void)first;
	(void)must_stop;
	if (d->fort_side < 0 || side != d->fort_side || !ma__hex_is(g, to, MA_HF_FORTIFICATION))
		return 0;
	if (ma__breached(g, to) && ma__opt(g, MA_O_BREACH_FORT_MP))
		return 0;
	/* AMB-88: FM-6.1-07 for the outposts of every Fortification hex */
	if (from >= 0 && ma__opt(g, MA_O_FORT_EZOC) && fm__in_ezoc(g, from, side) &&
	    fm__in_ezoc(g, to, side))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "MA-14.3-01",
		                  "%s cannot move from the enemy ZOC in %s into the Fortification "
		                  "hex %s, also in an enemy ZOC: German outposts man every "
		                  "Fortification hex (14.3, FM-6.1 exception, AMB-88)",
		                  fm__def(g, unit)->id, fm__hex_id(g, from, a),
		                  fm__hex_id(g, to, b));
	/* MA-14.3-01: +1 MP on top of the other terrain (not for all-MP terrain) */
	if (*cost_half >= 0)
		*cost_half += d->fort_mp_half;
	return 0;
}

const char *ma__hex_mark(const struct fm_game *g, int hex, char *mark)
{
	if (!ma__breached(g, hex))
		return NULL;
	*mark = 'b';
	return "breached trench (17.6)";
}
