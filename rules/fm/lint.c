/*
 * lint.c -- findings of scenario validation and the consistency checks of a
 * loaded scenario.
 *
 * scenario.c reads the facts of a scenario document; the checks here look at
 * them together: a unit whose arrival hex is in the sea, a choice of set-up
 * hexes none of which is usable, an empty zone, a marker pool smaller than
 * the allotment, a named place or a supply source in prohibited terrain.
 * (Findings about one member, such as a fortification counter at sea or a
 * support range counted from an empty zone, are the loader's, scenario.c.)  Then the exclusive
 * module checks the facts its rules rely on (struct fm_module.lint).
 *
 * Findings (struct sdoc) go to a callback in lint mode (`wargamed
 * check-scenario`, every problem reported) or stop the loader at the first
 * error in strict mode (scenario_load).  Errors make a scenario unloadable;
 * warnings are reported by check-scenario only.
 */
#include "fm_int.h"

#include <stdio.h>
#include <string.h>

/* The name of the first terrain type of hex that is prohibited to a unit (mobile or not),
 * or NULL. */
static const char *closed_to(const struct fm_scenario *sc, int hex, int mobile)
{
	int t = rules_hexmap_hex_closed(&sc->map, hex, mobile);

	return t ? sc->map.terrain[t - 1].name : NULL;
}

static void check_units(const struct fm_scenario *sc, struct sdoc *f)
{
	char path[96], buf[RULES_HEX_ID_MAX];

	for (int i = 0; i < sc->nunits; i++) {
		const struct fm_unit_def *u = &sc->units[i];
		int usable = 0;
		const char *why;
		if (u->setup != FM_SETUP_ARRIVES && u->setup != FM_SETUP_CHOOSE)
			continue;
		snprintf(path, sizeof(path), "$.units[%d].setup.%s", i,
		         u->setup == FM_SETUP_ARRIVES ? "arrives" : "choose");
		for (int k = 0; k < u->where.n; k++) {
			int h = u->where.h[k], taken = 0;
			why = closed_to(sc, h, u->mobile);
			for (int q = 0; q < sc->nunits; q++)
				taken |= sc->units[q].setup == FM_SETUP_HEX &&
				         sc->units[q].setup_hex == h;
			if (why == NULL && (u->setup == FM_SETUP_ARRIVES || !taken))
				usable++;
			/* FM-4.1-04: an arrival hex the unit can never enter is a data error */
			if (why != NULL && u->setup == FM_SETUP_ARRIVES)
				sdoc_finding(
				    f, SDOC_ERROR, path,
				    "arrival hex %s of unit %s is %s terrain, prohibited to it",
				    rules_hex_format(&sc->map.grid, h, buf), u->id, why);
		}
		if (u->setup == FM_SETUP_CHOOSE && usable == 0 && u->where.n > 0)
			sdoc_finding(f, SDOC_ERROR, path,
			             "unit %s has no set-up hex it may use: every allowed hex is "
			             "prohibited to it or holds a unit with a fixed set-up",
			             u->id);
	}
}

static void check_map(const struct fm_scenario *sc, struct sdoc *f)
{
	char path[96], buf[RULES_HEX_ID_MAX];

	for (int z = 0; z < sc->map.nzones; z++) {
		int open = 0;
		snprintf(path, sizeof(path), "$.map.zones[%d]", z);
		for (int k = 0; k < sc->map.zones[z].hexes.n; k++)
			open += closed_to(sc, sc->map.zones[z].hexes.h[k], 0) == NULL;
		if (sc->map.zones[z].hexes.n == 0)
			sdoc_finding(f, SDOC_WARNING, path, "zone '%s' has no hexes",
			             sc->map.zones[z].id);
		else if (open == 0)
			sdoc_finding(f, SDOC_WARNING, path,
			             "every hex of zone '%s' is prohibited terrain",
			             sc->map.zones[z].id);
	}
	for (int h = 0; h < sc->map.grid.count; h++) {
		const char *why = closed_to(sc, h, 0);
		if (sc->map.hex_name[h][0] && why != NULL)
			sdoc_finding(f, SDOC_WARNING, "$.map.hexes",
			             "hex %s is named '%s' but its terrain (%s) is prohibited",
			             rules_hex_format(&sc->map.grid, h, buf), sc->map.hex_name[h],
			             why);
	}
	for (int t = 0; t < sc->map.nterrain; t++)
		if (sc->map.terrain[t].mp_all && sc->map.terrain[t].prohibited) {
			snprintf(path, sizeof(path), "$.terrain[%d]", t);
			sdoc_finding(
			    f, SDOC_WARNING, path,
			    "terrain '%s' costs all MP and is prohibited: one of the two is "
			    "never used",
			    sc->map.terrain[t].id);
		}
	for (int s = 0; s < RULES_SIDES; s++) /* FM-8.3-03 */
		for (int k = 0; k < sc->supply[s].n; k++) {
			const char *why = closed_to(sc, sc->supply[s].h[k], 0);
			if (why != NULL)
				sdoc_finding(
				    f, SDOC_WARNING, "$.map.supply_sources",
				    "supply source %s of %s is prohibited terrain (%s)",
				    rules_hex_format(&sc->map.grid, sc->supply[s].h[k], buf),
				    sc->side_names[s], why);
		}
	for (int k = 0; k < sc->nchecks; k++) {
		const struct fm_check *c = &sc->checks[k];
		snprintf(path, sizeof(path), "$.victory.checks[%d].in_zone", k);
		if (c->zone >= 0 && sc->map.zones[c->zone].hexes.n == 0)
			sdoc_finding(f, SDOC_ERROR, path,
			             "the victory check's zone '%s' has no hexes",
			             sc->map.zones[c->zone].id);
	}
}

static void check_support(const struct fm_scenario *sc, struct sdoc *f)
{
	char path[96];

	for (int s = 0; s < RULES_SIDES; s++) {
		int most = 0, turn = 0;
		for (int t = 1; t <= sc->turns; t++)
			if (sc->allot[t][s] > most)
				most = sc->allot[t][s], turn = t;
		snprintf(path, sizeof(path), "$.support.pools.%s", sc->side_names[s]);
		if (most > sc->nmarkers[s]) /* AMB-30: the whole pool is given */
			sdoc_finding(f, SDOC_WARNING, path,
			             "%s is allotted %d markers on turn %d but its pool holds %d",
			             sc->side_names[s], most, turn, sc->nmarkers[s]);
	}
}

void fm__scenario_check(const struct fm_scenario *sc, struct sdoc *f)
{
	check_units(sc, f);
	check_map(sc, f);
	check_support(sc, f);
	if (sc->module != NULL && sc->module->lint != NULL)
		sc->module->lint(sc, f);
}
