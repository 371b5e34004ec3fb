/*
 * lint.c -- consistency checks of the Meuse Argonne facts that the exclusive
 * rules rely on (the module's lint hook, run by the loader and by
 * `wargamed check-scenario`): what data.c cannot see member by member.
 *
 *   - the Stellung (14.2) is one line of hexes from the western to the eastern
 *     edge with no gap: the hexes south of it, reached from the southern edge
 *     without crossing it, never touch the northern edge;
 *   - the Allied set-up area (11.2) lies south of it, the German areas (11.5,
 *     19.5) in or north of it, and each has room for its divisions, one per
 *     hex (19.4: twenty Stellung hexes at least);
 *   - the arrival areas are on their edges (19.3, 19.6, 11.3, 11.6), the
 *     German entry hexes towns;
 *   - Sedan and Verdun are fortress hexes, Sedan the hex of an instant Allied
 *     victory check (12.1);
 *   - the trench terrain carries what 14.2 says of it: its own CRT line, no
 *     Allied ZOC into it (blocks_zoc_of), no FM-8.2.3 doubling (AMB-87);
 *   - the Artillery Track: 8/4 on turn 1 (17.1), never more than the markers
 *     (11.1); the chart gives every terrain type a modifier;
 *   - the counters: all leg units (10.3), the four three-step divisions of two
 *     steps each and their brigade chits one-step and held off the map (13.1);
 *   - the turn track: 24 turns, the Allied player first and setting up first.
 *
 * Every finding names its path and the rule (MA-...) or decision (AMB-...).
 */
#include "meuse_argonne.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define P "$.exclusive"

static char *hexs(const struct fm_scenario *sc, int h, char *buf)
{
	return rules_hex_format(&sc->map.grid, h, buf);
}

static int count_flag(const struct ma_data *d, uint32_t flag)
{
	int n = 0;

	for (int h = 0; h < d->count; h++)
		n += (d->hexf[h] & flag) != 0;
	return n;
}

/* The path of the zone of role k in $.map.zones, or of its role in the exclusive object. */
static const char *zone_path(const struct ma_data *d, int k, const char *role, char *buf, size_t n)
{
	if (d->zone[k] >= 0)
		snprintf(buf, n, "$.map.zones[%d]", d->zone[k]);
	else
		snprintf(buf, n, P ".zones.%s", role);
	return buf;
}

/*
 * MA-14.2-01, AMB-100: the Stellung hexes form one line from the western to the eastern map
 * edge.  south[] receives the hexes reached from the southern edge without entering a
 * Stellung hex; returns 0 when the line is whole.
 */
static int stellung_line(const struct fm_scenario *sc, const struct ma_data *d, uint8_t *south,
                         struct sdoc *f)
{
	const struct rules_hex_grid *g = &sc->map.grid;
	int n = d->count, *todo = malloc(sizeof(int) * (size_t)n), top = 0, west = 0, east = 0;
	int first = -1, reached = 0, total = 0, bad = 0;
	uint8_t *seen = calloc((size_t)n, 1);
	char buf[RULES_HEX_ID_MAX];

	if (todo == NULL || seen == NULL) {
		free(todo);
		free(seen);
		return -1;
	}
	for (int h = 0; h < n; h++)
		if (d->hexf[h] & MA_HF_STELLUNG_ZONE) {
			total++;
			if (first < 0)
				first = h;
			west |= rules_hex_col(g, h) == g->col_min;
			east |= rules_hex_col(g, h) == g->col_max;
		}
	if (first < 0) {
		sdoc_finding(f, SDOC_ERROR, P ".zones.stellung",
		             "the Stellung line has no hexes (MA-14.2-01, MA-19.4-01)");
		free(todo);
		free(seen);
		return -1;
	}
	/* one connected line of hexes */
	seen[first] = 1;
	todo[top++] = first;
	while (top > 0) {
		int h = todo[--top];
		reached++;
		for (int dir = 0; dir < RULES_HEX_DIRS; dir++) {
			int nb = rules_hex_neighbour(g, h, dir);
			if (nb >= 0 && !seen[nb] && (d->hexf[nb] & MA_HF_STELLUNG_ZONE)) {
				seen[nb] = 1;
				todo[top++] = nb;
			}
		}
	}
	if (reached != total) {
		sdoc_finding(f, SDOC_ERROR, P ".zones.stellung",
		             "the Stellung hexes are not one continuous line: %d of %d are "
		             "connected to %s (MA-14.2-01)",
		             reached, total, hexs(sc, first, buf));
		bad = 1;
	}
	if (!west || !east) {
		sdoc_finding(f, SDOC_ERROR, P ".zones.stellung",
		             "the Stellung line does not run from the western to the eastern map "
		             "edge: the areas south and north of it are not closed (MA-11.2-01, "
		             "AMB-100)");
		bad = 1;
	}
	/* south of it: reached from the southern edge without crossing it */
	memset(south, 0, (size_t)n);
	top = 0;
	for (int h = 0; h < n; h++)
		if (rules_hex_row(g, h) == g->row_max && !(d->hexf[h] & MA_HF_STELLUNG_ZONE)) {
			south[h] = 1;
			todo[top++] = h;
		}
	while (top > 0) {
		int h = todo[--top];
		for (int dir = 0; dir < RULES_HEX_DIRS; dir++) {
			int nb = rules_hex_neighbour(g, h, dir);
			if (nb >= 0 && !south[nb] && !(d->hexf[nb] & MA_HF_STELLUNG_ZONE)) {
				south[nb] = 1;
				todo[top++] = nb;
			}
		}
	}
	for (int h = 0; h < n && !bad; h++)
		if (south[h] && rules_hex_row(g, h) == g->row_min) {
			sdoc_finding(f, SDOC_ERROR, P ".zones.stellung",
			             "the Stellung line has a gap: hex %s of the northern edge is "
			             "reached from the southern edge without crossing it "
			             "(MA-14.2-01, AMB-100)",
			             hexs(sc, h, buf));
			bad = 1;
		}
	free(todo);
	free(seen);
	return bad;
}

/* The units that choose their set-up in zone z, one per hex: the zone must have room. */
static int choosing(const struct fm_scenario *sc, int z)
{
	int n = 0;

	for (int u = 0; z >= 0 && u < sc->nunits; u++)
		if (sc->units[u].setup == FM_SETUP_CHOOSE) {
			const struct rules_zone *zz = &sc->map.zones[z];
			int all = sc->units[u].where.n == zz->hexes.n;
			for (int k = 0; all && k < zz->hexes.n; k++)
				all = rules_hexlist_has(&sc->units[u].where, zz->hexes.h[k]);
			n += all;
		}
	return n;
}

static void lint_areas(const struct fm_scenario *sc, const struct ma_data *d, struct sdoc *f)
{
	const struct rules_hex_grid *g = &sc->map.grid;
	uint8_t *south = malloc((size_t)d->count);
	char p[96], buf[RULES_HEX_ID_MAX];
	int bad;
	static const struct {
		int zone;
		const char *role, *rule;
	} room[] = {
	    {MA_Z_STELLUNG, "stellung", "MA-19.4-01"},
	    {MA_Z_ALLIED_SETUP, "allied_setup", "MA-11.2-01"},
	    {MA_Z_GERMAN_RESERVE, "german_reserve", "MA-19.5-01"},
	};

	if (south == NULL)
		return;
	bad = stellung_line(sc, d, south, f);
	for (int k = 0; k < (int)(sizeof(room) / sizeof(room[0])); k++) {
		int z = d->zone[room[k].zone], units = choosing(sc, z);
		if (z >= 0 && units > sc->map.zones[z].hexes.n)
			sdoc_finding(
			    f, SDOC_ERROR, zone_path(d, room[k].zone, room[k].role, p, sizeof(p)),
			    "%d divisions set up here one per hex, but the zone has %d hexes "
			    "(%s)",
			    units, sc->map.zones[z].hexes.n, room[k].rule);
	}
	for (int h = 0; bad == 0 && h < d->count; h++) {
		uint32_t fl = d->hexf[h];
		hexs(sc, h, buf);
		if ((fl & MA_HF_ALLIED_SETUP) && !south[h])
			sdoc_finding(
			    f, SDOC_ERROR,
			    zone_path(d, MA_Z_ALLIED_SETUP, "allied_setup", p, sizeof(p)),
			    "hex %s of the Allied set-up area is not south of the Stellung "
			    "line (MA-11.2-01)",
			    buf);
		if ((fl & MA_HF_GERMAN_SETUP) && south[h])
			sdoc_finding(
			    f, SDOC_ERROR,
			    zone_path(d, MA_Z_GERMAN_SETUP, "german_setup", p, sizeof(p)),
			    "hex %s of the German set-up area is south of the Stellung line "
			    "(MA-11.5-01)",
			    buf);
		if ((fl & MA_HF_RESERVE) && (south[h] || (fl & MA_HF_STELLUNG_ZONE)))
			sdoc_finding(
			    f, SDOC_ERROR,
			    zone_path(d, MA_Z_GERMAN_RESERVE, "german_reserve", p, sizeof(p)),
			    "hex %s of the German reserve area is not north of the Stellung "
			    "line (MA-19.5-01)",
			    buf);
		if ((fl & MA_HF_ALLIED_REPL) && (!south[h] || !rules_hex_on_edge(g, h)))
			sdoc_finding(
			    f, SDOC_ERROR,
			    zone_path(d, MA_Z_ALLIED_REPL, "allied_replacement", p, sizeof(p)),
			    "hex %s is not a map-edge hex south of the Stellung line "
			    "(MA-11.3-05)",
			    buf);
	}
	for (int h = 0; h < d->count; h++) {
		uint32_t fl = d->hexf[h];
		int north = rules_hex_row(g, h) == g->row_min,
		    eastern = rules_hex_col(g, h) == g->col_max;
		hexs(sc, h, buf);
		if ((fl & MA_HF_ALLIED_ENTRY) && rules_hex_row(g, h) != g->row_max)
			sdoc_finding(f, SDOC_ERROR,
			             zone_path(d, MA_Z_ALLIED_ENTRY, "allied_entry", p, sizeof(p)),
			             "hex %s is not on the southern map edge (MA-19.3-01)", buf);
		if ((fl & MA_HF_GERMAN_ENTRY) && (!(north || eastern) || !(fl & MA_HF_TOWN)))
			sdoc_finding(f, SDOC_ERROR,
			             zone_path(d, MA_Z_GERMAN_ENTRY, "german_entry", p, sizeof(p)),
			             "hex %s is not a town on the northern or eastern map edge "
			             "(MA-19.6-01, AMB-98)",
			             buf);
		if ((fl & MA_HF_GERMAN_REPL) && !(north || eastern))
			sdoc_finding(
			    f, SDOC_ERROR,
			    zone_path(d, MA_Z_GERMAN_REPL, "german_replacement", p, sizeof(p)),
			    "hex %s is not on the northern or eastern map edge (MA-11.6-04)", buf);
		if ((fl & MA_HF_ARGONNE) && !(fl & MA_HF_WOODS))
			sdoc_finding(f, SDOC_WARNING,
			             zone_path(d, MA_Z_ARGONNE, "argonne", p, sizeof(p)),
			             "hex %s of the Argonne Forest is not woods", buf);
		if (((fl & MA_HF_STELLUNG_ZONE) != 0) != ((fl & MA_HF_STELLUNG) != 0) ||
		    ((fl & MA_HF_TIER2_ZONE) != 0) != ((fl & MA_HF_TIER2) != 0) ||
		    ((fl & MA_HF_FORT_ZONE) != 0) != ((fl & MA_HF_FORTIFICATION) != 0))
			sdoc_finding(f, SDOC_WARNING, "$.map.hexes",
			             "hex %s: its trench terrain and the trench zones of %s.zones "
			             "differ (MA-14.2-01)",
			             buf, P);
	}
	for (int k = 0; k < MA_Z_COUNT; k++)
		if (d->zone[k] >= 0 && sc->map.zones[d->zone[k]].hexes.n == 0)
			sdoc_finding(
			    f, SDOC_ERROR, zone_path(d, k, "", p, sizeof(p)),
			    "zone '%s' has no hexes: the exclusive rules need it (AMB-100)",
			    sc->map.zones[d->zone[k]].id);
	free(south);
}

static void lint_places(const struct fm_scenario *sc, const struct ma_data *d, struct sdoc *f)
{
	int victory = 0;

	if (d->sedan >= 0 && !(d->hexf[d->sedan] & MA_HF_FORTRESS))
		sdoc_finding(f, SDOC_ERROR, P ".hexes.sedan",
		             "Sedan is not a fortress hex (Integrated CRT 'Fortress (Sedan, "
		             "Verdun)', MA-CRT-01)");
	if (d->verdun >= 0 && !(d->hexf[d->verdun] & MA_HF_FORTRESS))
		sdoc_finding(f, SDOC_ERROR, P ".hexes.verdun",
		             "Verdun is not a fortress hex (MA-CRT-01)");
	if (d->sedan >= 0 && (d->hexf[d->sedan] & MA_HF_ALLIED_SETUP))
		sdoc_finding(f, SDOC_ERROR, P ".hexes.sedan",
		             "Sedan is in the Allied set-up area: the game would be won before it "
		             "begins (MA-12.1-01)");
	for (int k = 0; k < sc->nchecks; k++) {
		const struct fm_check *c = &sc->checks[k];
		victory |= c->instant && !c->absent && c->winner == d->allied &&
		           c->side == d->allied && c->zone >= 0 && d->sedan >= 0 &&
		           rules_hexlist_has(&sc->map.zones[c->zone].hexes, d->sedan);
	}
	if (d->sedan >= 0 && !victory)
		sdoc_finding(f, SDOC_ERROR, "$.victory.checks",
		             "no instant Allied victory when an Allied unit enters Sedan: give "
		             "{\"winner\": \"%s\", \"when\": \"instant\", \"units_of\": \"%s\", "
		             "\"in_zone\": <a zone holding Sedan>} (MA-12.1-01)",
		             sc->side_names[d->allied], sc->side_names[d->allied]);
	if (sc->otherwise != d->german)
		sdoc_finding(f, SDOC_ERROR, "$.victory.otherwise",
		             "any other result is a German victory (MA-12.1-02)");
}

static void lint_terrain(const struct fm_scenario *sc, const struct ma_data *d, struct sdoc *f)
{
	char p[64];

	for (int t = 0; t < sc->map.nterrain; t++) {
		const struct rules_terrain *tt = &sc->map.terrain[t];
		uint32_t fl = ma__terrain_flags(tt);
		snprintf(p, sizeof(p), "$.terrain[%d]", t);
		if (fl & MA_HF_TRENCH) {
			if (!(d->trench_terrain & (1u << t)))
				sdoc_finding(f, SDOC_WARNING, P ".trenches.terrain",
				             "trench terrain '%s' is not listed (MA-14.2-01)",
				             tt->id);
			if (d->allied >= 0 && !(sc->zoc_block[d->allied] & (1u << t)))
				sdoc_finding(
				    f, SDOC_ERROR, p,
				    "'%s' must block Allied ZOC: \"blocks_zoc_of\": [\"%s\"] "
				    "(MA-14.2-05, AMB-86)",
				    tt->id, sc->side_names[d->allied]);
			if (sc->tx[t].line < 0)
				sdoc_finding(f, SDOC_ERROR, p,
				             "'%s' needs its own CRT line (MA-14.2-07)", tt->id);
		}
		if ((fl & (MA_HF_TRENCH | MA_HF_FORTRESS)) && sc->tx[t].fortification)
			sdoc_finding(
			    f, SDOC_WARNING, p,
			    "'%s' is an FM-8.2.3 fortification (doubled defence, halved "
			    "markers): Meuse Argonne's trenches and fortresses work by their "
			    "CRT lines only (AMB-87)",
			    tt->id);
		if (!(d->art_terrain_given & (1u << t)))
			sdoc_finding(
			    f, SDOC_WARNING, P ".artillery.terrain_modifiers",
			    "no bombardment modifier for terrain '%s' (Artillery Bombardment "
			    "Modifiers, MA-BMOD-03)",
			    tt->id);
	}
	if (d->fort_terrain >= 0 &&
	    !(ma__terrain_flags(&sc->map.terrain[d->fort_terrain]) & MA_HF_FORTIFICATION))
		sdoc_finding(f, SDOC_WARNING, P ".fortification_mp.terrain",
		             "'%s' is not Fortification terrain (MA-14.3-01)",
		             sc->map.terrain[d->fort_terrain].id);
	if (d->fort_mp_half != 2)
		sdoc_finding(f, SDOC_WARNING, P ".fortification_mp.mp_add",
		             "14.3 adds 1 MP, not %g (MA-14.3-01)", d->fort_mp_half / 2.0);
	if (count_flag(d, MA_HF_FORTRESS) == 0)
		sdoc_finding(f, SDOC_ERROR, "$.map.hexes",
		             "no fortress hex: the CRT's Fortress line is Sedan and Verdun "
		             "(MA-CRT-01)");
}

static void lint_artillery(const struct fm_scenario *sc, const struct ma_data *d, struct sdoc *f)
{
	char p[64];

	if (sc->turns >= 1 && (d->art_track[1][d->allied] != 8 || d->art_track[1][d->german] != 4))
		sdoc_finding(f, SDOC_WARNING, P ".artillery.track[0]",
		             "turn 1 gives %d/%d bombardment markers; the Artillery Track prints "
		             "8/4 (MA-17.1-02)",
		             d->art_track[1][d->allied], d->art_track[1][d->german]);
	for (int t = 1; t <= sc->turns && t <= FM_MAX_TURNS; t++) {
		int sum = d->art_track[t][d->allied] + d->art_track[t][d->german];
		snprintf(p, sizeof(p), P ".artillery.track[%d]", t - 1);
		if (sum > d->art_markers)
			sdoc_finding(
			    f, SDOC_ERROR, p,
			    "turn %d gives %d bombardment markers, more than the %d of the "
			    "counter mix (MA-11.1-03, AMB-79)",
			    t, sum, d->art_markers);
	}
	if (d->art_markers != 12)
		sdoc_finding(f, SDOC_WARNING, P ".artillery.markers",
		             "11.1 places 12 bombardment markers, not %d (MA-11.1-03)",
		             d->art_markers);
	if (!d->art_hit[1] || !d->art_hit[2] || !d->art_hit[3] || d->art_hit[4] || d->art_hit[5] ||
	    d->art_hit[6])
		sdoc_finding(f, SDOC_WARNING, P ".artillery.hit_rolls",
		             "the World War One Bombardment Results Table hits on 1, 2 and 3 "
		             "(MA-BRT-01)");
	if (d->gas_side >= 0 && !d->gas_turn[1])
		sdoc_finding(f, SDOC_WARNING, P ".gas.turns",
		             "17.7 allows gas on the first game turn (MA-17.7-01)");
	if (d->hh_turn != 1)
		sdoc_finding(f, SDOC_WARNING, P ".h_hour.turn",
		             "the game begins on the Sep 26/27 turn (MA-15.2-01)");
}

static void lint_units(const struct fm_scenario *sc, const struct ma_data *d, struct sdoc *f)
{
	char p[96];

	for (int u = 0; u < sc->nunits; u++) {
		const struct fm_unit_def *ud = &sc->units[u];
		snprintf(p, sizeof(p), "$.units[%d]", u);
		if (ud->mobile)
			sdoc_finding(f, SDOC_WARNING, p,
			             "unit %s is mobile: every unit is leg infantry (MA-10.3-02, "
			             "AMB-105)",
			             ud->id);
		if ((d->unitf[u] & MA_UF_THREE_STEP) && ud->nsteps != 2)
			sdoc_finding(
			    f, SDOC_ERROR, p,
			    "three-step division %s must have two steps on its counter, the "
			    "brigade chit being the third (MA-13.1-03)",
			    ud->id);
		if ((d->unitf[u] & MA_UF_BRIGADE) &&
		    (ud->nsteps != 1 || ud->setup != FM_SETUP_HELD))
			sdoc_finding(f, SDOC_ERROR, p,
			             "brigade chit %s must be a one-step unit held off the map "
			             "(\"setup\": {\"held\": ...}): the exclusive rules place it "
			             "(MA-13.1-04, MA-13.1-06)",
			             ud->id);
		if ((d->unitf[u] & MA_UF_RESERVE) &&
		    (ud->setup != FM_SETUP_CHOOSE || d->zone[MA_Z_GERMAN_RESERVE] < 0 ||
		     choosing(sc, d->zone[MA_Z_GERMAN_RESERVE]) == 0))
			sdoc_finding(
			    f, SDOC_WARNING, p,
			    "reserve division %s should choose its hex in the reserve zone "
			    "(MA-19.5-01)",
			    ud->id);
		if (ud->side == d->german && ud->nsteps != 2)
			sdoc_finding(f, SDOC_WARNING, p,
			             "German division %s: every German counter is a two-step unit "
			             "(MA-13.3-02)",
			             ud->id);
	}
	if (d->nthree != 4)
		sdoc_finding(f, SDOC_WARNING, P ".three_step.divisions",
		             "13.1 names four three-step divisions (the US 4th, 32nd, 33rd and "
		             "79th), not %d (MA-13.1-03)",
		             d->nthree);
	if (d->nthree > 0 && d->nbrig == 0)
		sdoc_finding(f, SDOC_ERROR, P ".three_step.brigades",
		             "no brigade chits: a three-step division's third step is one "
		             "(MA-13.1-04)");
}

static void lint_turns(const struct fm_scenario *sc, const struct ma_data *d, struct sdoc *f)
{
	if (sc->first_player != d->allied)
		sdoc_finding(f, SDOC_ERROR, "$.turns.first_player",
		             "the American (Allied) player moves first throughout (MA-15.1-01, "
		             "MA-19.1-01)");
	if (sc->nsetup < 1 || sc->setup_order[0] != d->allied)
		sdoc_finding(f, SDOC_ERROR, "$.turns.setup_order",
		             "the Allied player sets up all his units first (MA-11.1-02)");
	if (sc->turns != 24)
		sdoc_finding(f, SDOC_WARNING, "$.turns.count",
		             "the game has 24 turns, not %d (MA-19.1-02)", sc->turns);
}

void ma__lint(const struct fm_scenario *sc, struct sdoc *f)
{
	const struct ma_data *d = sc->ex_data;

	if (d == NULL || d->allied < 0 || d->german < 0)
		return;
	lint_areas(sc, d, f);
	lint_places(sc, d, f);
	lint_terrain(sc, d, f);
	lint_artillery(sc, d, f);
	lint_units(sc, d, f);
	lint_turns(sc, d, f);
}
