/*
 * bombard.c -- the World War One artillery bombardment of Meuse Argonne (17.0, replacing the
 * system's FM-8.1 bombardment: MA-17.1-01, AMB-80) and H-Hour (15.2, AMB-78).
 *
 * Each player turn the active side has the Artillery Track's markers of the turn
 * (exclusive.artillery.track[turn-1] = [allied, german], MA-17.1-02..04), usable only in its
 * own Bombardment Phase, the step between its Movement and Combat Phases (MA-17.2-05);
 * unused ones are lost at the end of the player turn (MA-17.2-03).  The step, in state:
 *
 *   Bombardment Phase (FM_AW_PHASE) --barrage <hex> [gas]--> (placed, same state)
 *        |  aircraft <hex> (Allied, also in the Movement Phase)          |
 *        | end (nothing placed)                                          | fire
 *        v                                                               v
 *   Combat Phase <-------------------------- resolve: one die per marker in placement
 *        ^                                   order (MA-17.2-02, AMB-77); after a hex's
 *        |                                   last marker, when hits landed there and a
 *        +--- hits take | hits retreat <hex> retreat hex exists: FM_AW_MODULE, the
 *             (the owner, MA-17.5-03) <----- owner decides (AMB-76, AMB-107)
 *
 * Only observed enemy units may be bombarded: adjacent to a unit of the bombarding side, or
 * (Allied) in or next to an aircraft marker's hex within three hexes of an Allied unit
 * (MA-17.3, AMB-81); observation is checked at placement (AMB-103).  At most two markers per
 * enemy unit (MA-17.2-01, AMB-103).  The roll: one d6 from the game's dice stream, plus the
 * highest terrain modifier of the hex (MA-BMOD-03..10; a breached hex's trench modifier is
 * ignored, MA-BMOD-11), gas, the aircraft of the hex, +1 for a German bombardment; a modified
 * 1-3 or less hits, 4 or more has no effect (MA-BRT, AMB-82).  A hit on a unit in a
 * non-breached trench hex breaches the hex and spares the unit (MA-17.6-01, 04, AMB-84); a
 * fortress is never breached (MA-14.2-09).  Other hits are counted and, after the hex's last
 * marker, taken as step losses through the system's fm__reduce (the path ground combat
 * takes), unless the owner retreats one hex instead (cancelling all of them or one,
 * ma.hit_retreat_cancels, AMB-77).  No friendly fire (MA-17.7-02), no response of the enemy
 * (MA-17.2-04): the system's support-fire bombardment is refused (bombard_rule).
 *
 * H-Hour: the first Allied player turn begins with this step (h_hour.begins_with
 * "bombardment"), or with the Combat Phase ("combat"): no Allied movement, entry or
 * replacement in it (MA-15.2-01).
 */
#include "meuse_argonne.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* ---- small helpers --------------------------------------------------------------------- */

static const char *hexid(const struct fm_game *g, int hex, char *buf)
{
	return fm__hex_id(g, hex, buf);
}

/* Markers side may still place this player turn (the Artillery Track less those placed; 0
 * outside its own player turn or once fired). */
static int markers_left(const struct fm_game *g, int side)
{
	const struct ma_data *d = ma__data(g);
	int n = g->turn >= 1 && g->turn <= FM_MAX_TURNS ? d->art_track[g->turn][side] : 0;

	if (side != g->active || ma__cstate(g)->art_fired)
		return 0;
	n -= ma__cstate(g)->art_used;
	if (n > MA_MAX_PLACED - ma__cstate(g)->nplaced)
		n = MA_MAX_PLACED - ma__cstate(g)->nplaced;
	return n > 0 ? n : 0;
}

static int markers_on(const struct ma_state *st, int hex)
{
	int n = 0;

	for (int k = 0; k < st->nplaced; k++)
		n += st->placed[k] == hex;
	return n;
}

static int gassed(const struct ma_state *st, int hex)
{
	for (int k = 0; k < st->nplaced; k++)
		if (st->placed[k] == hex && st->gas[k])
			return 1;
	return 0;
}

static int gas_allowed(const struct fm_game *g, int side)
{
	const struct ma_data *d = ma__data(g);

	return side == d->gas_side && g->turn >= 1 && g->turn <= FM_MAX_TURNS &&
	       d->gas_turn[g->turn];
}

/* The aircraft placed on hex this player turn, or -1. */
static int air_on(const struct ma_state *st, int hex)
{
	for (int k = 0; k < st->nair; k++)
		if (st->air[k] == hex)
			return k;
	return -1;
}

/* 1 if hex is within the aircraft range of a unit of side (MA-17.3-03: counting the target
 * hex, not the unit's). */
static int air_in_range(const struct fm_game *g, int side, int hex)
{
	int dist = fm__nearest_unit(g, hex, side, -1);

	return dist >= 0 && dist <= ma__data(g)->air_range;
}

/* The enemy unit side would bombard in hex, or -1. */
static int target_unit(const struct fm_game *g, int side, int hex)
{
	return hex >= 0 ? fm__enemy_in(g, hex, side) : -1;
}

/* 1 if a trench of hex benefits unit against a bombardment now: a non-breached trench hex,
 * and unit of the side the trenches serve, or any unit under AMB-84 literal. */
static int trench_counts(const struct fm_game *g, int hex, int unit)
{
	if (!ma__trench_intact(g, hex))
		return 0;
	if (unit >= 0 && fm__side_of(g, unit) != ma__data(g)->trench_side &&
	    ma__opt(g, MA_O_ALLIED_IN_TRENCH) == 1) /* AMB-84 no_benefit */
		return 0;
	return 1;
}

/* ---- the chart ------------------------------------------------------------------------- */

int ma__art_modifier(const struct fm_game *g, int side, int hex, struct ma_art_mod *out)
{
	const struct fm_scenario *sc = g->sc;
	const struct ma_data *d = ma__data(g);
	const struct ma_state *st = ma__cstate(g);
	struct ma_art_mod m = {0, -1, 0, 0, 0, 0};
	int trench = trench_counts(g, hex, target_unit(g, side, hex)), have = 0;

	/* MA-BMOD-10: only the highest terrain modifier; MA-BMOD-11: not a breached trench's */
	for (int t = 0; t < sc->map.nterrain; t++) {
		if (!(sc->map.hex_terrain[hex] & (1u << t)) || !(d->art_terrain_given & (1u << t)))
			continue;
		if (!trench && (ma__terrain_flags(&sc->map.terrain[t]) & MA_HF_TRENCH))
			continue;
		if (!have || d->art_terrain[t] > m.terrain) {
			m.terrain = d->art_terrain[t];
			m.terrain_type = t;
			have = 1;
		}
	}
	if (!have) /* MA-BMOD-03: no other feature is clear terrain (AMB-85) */
		m.terrain = 0;
	if (gas_allowed(g, side) && gassed(st, hex)) /* MA-BMOD-01 */
		m.gas = d->gas_mod;
	if (side == d->air_side && air_on(st, hex) >= 0 && air_in_range(g, side, hex))
		m.aircraft = d->air_mod; /* MA-BMOD-02 */
	if (side == d->german)           /* MA-BMOD-04 */
		m.german = d->art_german_mod;
	m.total = m.terrain + m.gas + m.aircraft + m.german;
	if (out != NULL)
		*out = m;
	return m.total;
}

int ma__art_hits(const struct fm_game *g, int roll)
{
	if (roll < 1) /* AMB-82: the table is monotone */
		return 1;
	if (roll > 6)
		return 0;
	return ma__data(g)->art_hit[roll] != 0; /* MA-BRT-01, 02 */
}

/* ---- observation (17.3) ---------------------------------------------------------------- */

int ma__observed(const struct fm_game *g, int side, int hex, struct rules_error *err)
{
	const struct ma_data *d = ma__data(g);
	const struct ma_state *st = ma__cstate(g);
	char buf[RULES_HEX_ID_MAX];
	int dist = fm__nearest_unit(g, hex, side, -1);

	if (target_unit(g, side, hex) < 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "MA-17.2-01",
		                  "hex %s holds no enemy unit to bombard (17.2)",
		                  hexid(g, hex, buf));
	if (dist >= 0 && dist <= d->art_observe) /* MA-17.3-01: adjacency, no LOS (17.3-02) */
		return 0;
	if (side == d->air_side && dist >= 0 && dist <= d->air_range)
		for (int k = 0; k < st->nair; k++)
			if (st->air[k] == hex || fm__adjacent(g, st->air[k], hex))
				return 0; /* MA-17.3-03, 04 */
	if (side == d->air_side && d->air_count > 0)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION,
		    dist >= 0 && dist <= d->air_range ? "MA-17.3-04" : "MA-17.3-03",
		    "the enemy unit in %s is not observed: no %s unit is adjacent, and "
		    "%s (17.3)",
		    hexid(g, hex, buf), g->sc->side_names[side],
		    dist >= 0 && dist <= d->air_range
		        ? "no aircraft marker is in or next to its hex (aircraft <hex>)"
		        : "it is more than three hexes from every Allied unit, too far "
		          "for aircraft");
	return rules_fail(err, WG_E_ILLEGAL_ACTION, "MA-17.3-01",
	                  "the enemy unit in %s is not observed: no %s unit is adjacent to it, and "
	                  "only adjacent units observe for bombardment (17.3)",
	                  hexid(g, hex, buf), g->sc->side_names[side]);
}

/* ---- checks of the verbs --------------------------------------------------------------- */

/* 0 if side is in its bombardment step with the markers not fired yet. */
static int in_step(const struct fm_game *g, int side, const char *verb, struct rules_error *err)
{
	if (g->phase != FM_PH_BOMBARD || side != g->active)
		return rules_fail(err, WG_E_WRONG_PHASE, "MA-17.2-05",
		                  "%s: bombardment happens only at the end of your own movement "
		                  "phase, before your combat phase (17.2); this is %s's %s",
		                  verb, g->sc->side_names[g->active], fm__phase_name(g->phase));
	if (ma__cstate(g)->art_fired)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "MA-17.2-02",
		                  "%s: this turn's bombardment has been fired already (17.2)",
		                  verb);
	return 0;
}

/* 0 if side may place a marker on hex now (gas: declaring gas there). */
static int barrage_ok(const struct fm_game *g, int side, int hex, int gas, struct rules_error *err)
{
	const struct ma_data *d = ma__data(g);
	const struct ma_state *st = ma__cstate(g);
	char buf[RULES_HEX_ID_MAX];
	int rc, unit;

	if ((rc = in_step(g, side, "barrage", err)) != 0)
		return rc;
	if (markers_left(g, side) == 0)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "MA-17.1-02",
		    "no bombardment marker left: the Artillery Track gives %s %d this "
		    "turn and %d %s placed (17.1); fire them, or end",
		    g->sc->side_names[side], d->art_track[g->turn][side], st->art_used,
		    st->art_used == 1 ? "is" : "are");
	if (gas && !gas_allowed(g, side))
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "MA-17.7-01",
		    "gas: only the %s player, and only in the first game turn, may use "
		    "gas (17.7)",
		    d->gas_side >= 0 ? g->sc->side_names[d->gas_side] : "Allied");
	if ((rc = ma__observed(g, side, hex, err)) != 0)
		return rc;
	if (markers_on(st, hex) >= d->art_per_unit)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "MA-17.2-01",
		    "no more than %d bombardment markers per enemy unit; %s already has "
		    "%d (17.2, AMB-103)",
		    d->art_per_unit, hexid(g, hex, buf), markers_on(st, hex));
	unit = target_unit(g, side, hex);
	if (g->sc->module->may_act != NULL &&
	    (rc = g->sc->module->may_act(g, unit, FM_ACT_BE_BOMBARDED, err)) != 0)
		return rc;
	return 0;
}

/* 0 if side may place an aircraft marker on hex now. */
static int aircraft_ok(const struct fm_game *g, int side, int hex, struct rules_error *err)
{
	const struct ma_data *d = ma__data(g);
	const struct ma_state *st = ma__cstate(g);
	char buf[RULES_HEX_ID_MAX];

	if (side != d->air_side || d->air_count == 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "MA-11.1-04",
		                  "the aircraft markers are %s (11.1, 17.3)",
		                  d->air_side >= 0 ? g->sc->side_names[d->air_side] : "nobody's");
	if (side != g->active || (g->phase != FM_PH_MOVEMENT && g->phase != FM_PH_BOMBARD))
		return rules_fail(err, WG_E_WRONG_PHASE, "MA-17.3-04",
		                  "aircraft are placed during your own movement phase or its "
		                  "bombardment step (17.3, AMB-81); this is %s's %s",
		                  g->sc->side_names[g->active], fm__phase_name(g->phase));
	if (st->art_fired)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "MA-17.2-02",
		    "aircraft: this turn's bombardment has been fired already (17.2)");
	if (st->nair >= d->air_count || st->nair >= MA_MAX_AIR)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "MA-11.1-04",
		                  "all %d aircraft markers are placed this turn (11.1, AMB-81)",
		                  d->air_count);
	if (air_on(st, hex) >= 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "MA-BMOD-02",
		                  "an aircraft is in %s already: at most one per hex (Artillery "
		                  "Bombardment Modifiers)",
		                  hexid(g, hex, buf));
	if (!air_in_range(g, side, hex))
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "MA-17.3-03",
		    "%s is more than %d hexes from every %s unit: aircraft observe only "
		    "within %d hexes of one (17.3, AMB-81)",
		    hexid(g, hex, buf), d->air_range, g->sc->side_names[side], d->air_range);
	return 0;
}

/* ---- the hit retreat (17.5, AMB-107) --------------------------------------------------- */

/* The units of owner in hex (a brigade stack acts as one unit, 13.2), into out. */
static int owner_units(const struct fm_game *g, int hex, int owner, int *out)
{
	int n = 0;

	for (int u = 0; u < g->nunits && n < FM_MAX_IN_BATTLE; u++)
		if (g->u[u].where == FM_W_MAP && g->u[u].hex == hex && fm__side_of(g, u) == owner)
			out[n++] = u;
	return n;
}

/* 0 if the units of hex may step into to, leaving the preference aside (AMB-107); err may
 * be NULL. */
static int retreat_step_bad(const struct fm_game *g, int hex, int to, struct rules_error *err)
{
	char buf[RULES_HEX_ID_MAX], hb[RULES_HEX_ID_MAX];
	int units[FM_MAX_IN_BATTLE], n, stop = 0, rc, occ = fm__occupant(g, hex, -1);

	n = occ >= 0 ? owner_units(g, hex, fm__side_of(g, occ), units) : 0;
	if (n == 0)
		return rules_fail(err, WG_E_ILLEGAL_RETREAT, "MA-17.5-03", "no unit in %s",
		                  hexid(g, hex, buf));
	if (to < 0 || !fm__adjacent(g, hex, to))
		return rules_fail(
		    err, WG_E_ILLEGAL_RETREAT, "MA-17.5-03",
		    "the retreat instead of bombardment hits is one hex (only): %s is "
		    "not adjacent to %s (17.5)",
		    to < 0 ? "that" : hexid(g, to, hb), hexid(g, hex, buf));
	hexid(g, to, hb);
	for (int k = 0; k < n; k++) {
		if (g->sc->module->retreat_step != NULL &&
		    (rc = g->sc->module->retreat_step(g, units[k], hex, to, FM_RS_RETREAT, &stop,
		                                      err)) != 0)
			return rc;
		if (fm__hex_prohibited(g, to, units[k]) ||
		    fm__side_prohibited(g, hex, to, units[k]))
			return rules_fail(err, WG_E_ILLEGAL_RETREAT, "FM-8.3-06",
			                  "%s is prohibited terrain or behind a prohibited hexside "
			                  "(FM-8.3)",
			                  hb);
	}
	if (fm__occupant(g, to, -1) >= 0)
		return rules_fail(err, WG_E_ILLEGAL_RETREAT, "MA-17.5-03",
		                  "%s is occupied: the one-hex retreat instead of hits goes to a "
		                  "vacant hex (17.5, AMB-107)",
		                  hb);
	if (fm__in_ezoc(g, to, fm__side_of(g, occ)))
		return rules_fail(err, WG_E_ILLEGAL_RETREAT, "FM-8.3-05",
		                  "%s is in an enemy zone of control: no retreat into it (FM-8.3, "
		                  "AMB-107)",
		                  hb);
	return 0;
}

/* 0 if the units of hex may retreat one hex into to: a legal step that leads away from the
 * closest enemy unit when some legal step does (FM-8.1.5, AMB-107); err may be NULL. */
static int retreat_bad(const struct fm_game *g, int hex, int to, struct rules_error *err)
{
	char hb[RULES_HEX_ID_MAX];
	int rc, occ = fm__occupant(g, hex, -1);

	if ((rc = retreat_step_bad(g, hex, to, err)) != 0)
		return rc;
	if (fm__retreat_preferred(g, occ, hex, to, 1))
		return 0;
	for (int dir = 0; dir < RULES_HEX_DIRS; dir++) {
		int nb = rules_hex_neighbour(&g->sc->map.grid, hex, dir);
		if (nb >= 0 && nb != to && fm__retreat_preferred(g, occ, hex, nb, 1) &&
		    retreat_step_bad(g, hex, nb, NULL) == 0)
			return rules_fail(err, WG_E_ILLEGAL_RETREAT, "FM-8.1.5-02",
			                  "%s does not lead away from the closest enemy unit, and "
			                  "another retreat hex does (FM-8.1.5, AMB-107)",
			                  hexid(g, to, hb));
	}
	return 0;
}

/* The hexes the units of hex may retreat to, into out (RULES_HEX_DIRS); their count. */
static int retreat_hexes(const struct fm_game *g, int hex, int *out)
{
	int n = 0;

	for (int dir = 0; dir < RULES_HEX_DIRS; dir++) {
		int nb = rules_hex_neighbour(&g->sc->map.grid, hex, dir);
		if (nb >= 0 && retreat_bad(g, hex, nb, NULL) == 0)
			out[n++] = nb;
	}
	return n;
}

/* The hits landed on hex by this player turn's markers (MA_ART_HIT or MA_ART_BOTH). */
static int hits_on(const struct ma_state *st, int hex)
{
	int n = 0;

	for (int k = 0; k < st->nplaced; k++)
		n += st->placed[k] == hex &&
		     (st->result[k] == MA_ART_HIT || st->result[k] == MA_ART_BOTH);
	return n;
}

/* The units of hex take hits step losses, the system's step-loss path (fm__reduce). */
static int take_hits(struct fm_game *g, int hex, int hits, struct rules_events *ev)
{
	int units[FM_MAX_IN_BATTLE], n, rc = 0, k = 0;
	char buf[RULES_HEX_ID_MAX];
	cJSON *f;

	n = owner_units(g, hex, fm__side_of(g, fm__occupant(g, hex, -1)), units);
	if (n == 0 || hits <= 0)
		return 0;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "hex", hexid(g, hex, buf));
	cJSON_AddStringToObject(f, "unit", fm__def(g, units[0])->id);
	cJSON_AddNumberToObject(f, "hits", hits);
	if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "barrage-hits-taken", f,
	                     "%s in %s takes %d bombardment hit%s (17.5)", fm__def(g, units[0])->id,
	                     buf, hits, hits == 1 ? "" : "s")) != 0)
		return rc;
	for (int h = 0; h < hits && k < n && rc == 0; h++) {
		rc = fm__reduce(g, units[k], "bombardment hit (MA-17.5-02)", ev);
		if (g->u[units[k]].where != FM_W_MAP || g->u[units[k]].hex != hex)
			k++; /* eliminated (or replaced): the next unit of the stack */
	}
	return rc;
}

/* ---- resolution ------------------------------------------------------------------------ */

static int resolve(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                   struct rules_error *err);

/* Marker k: one die plus the modifiers (MA-17.4-02, MA-17.5-01), its effect (17.5, 17.6). */
static int roll_one(struct fm_game *g, struct rules_dice *d, int k, struct rules_events *ev)
{
	struct ma_state *st = ma__state(g);
	const struct ma_data *md = ma__data(g);
	int side = g->active, hex = st->placed[k], unit = target_unit(g, side, hex), die, roll, hit;
	int breach = 0, harm = 0, rc;
	struct ma_art_mod m;
	char buf[RULES_HEX_ID_MAX];
	const char *res;
	cJSON *f, *mods;

	if (unit < 0) { /* the unit is gone (AMB-77 applies hits at the end, so it cannot be) */
		st->result[k] = MA_ART_NONE;
		return 0;
	}
	ma__art_modifier(g, side, hex, &m);
	die = rules_dice_roll(d, 6);
	roll = die + m.total;
	hit = ma__art_hits(g, roll);
	if (hit) {
		/* MA-17.6-01, 04: a non-breached trench hex is breached, the unit spared (AMB-84
		 * no_benefit: an Allied unit gets no trench benefit, the hit counts too) */
		if (md->breachable && ma__trench_intact(g, hex)) {
			breach = 1;
			harm = !trench_counts(g, hex, unit);
		} else {
			harm = 1;
		}
	}
	st->result[k] = (uint8_t)(!hit      ? MA_ART_NONE
	                          : !breach ? MA_ART_HIT
	                          : harm    ? MA_ART_BOTH
	                                    : MA_ART_BREACH);
	res = !hit ? "no effect" : breach && harm ? "hit and breach" : breach ? "breach" : "hit";
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "side", g->sc->side_names[side]);
	cJSON_AddNumberToObject(f, "marker", k + 1);
	cJSON_AddStringToObject(f, "hex", hexid(g, hex, buf));
	cJSON_AddStringToObject(f, "unit", fm__def(g, unit)->id);
	cJSON_AddNumberToObject(f, "die", die);
	mods = cJSON_AddObjectToObject(f, "modifiers");
	cJSON_AddNumberToObject(mods, "terrain", m.terrain);
	cJSON_AddStringToObject(mods, "terrain_type",
	                        m.terrain_type >= 0 ? g->sc->map.terrain[m.terrain_type].id
	                                            : "clear");
	cJSON_AddNumberToObject(mods, "gas", m.gas);
	cJSON_AddNumberToObject(mods, "aircraft", m.aircraft);
	cJSON_AddNumberToObject(mods, "german", m.german);
	cJSON_AddNumberToObject(f, "modifier", m.total);
	cJSON_AddNumberToObject(f, "roll", roll);
	cJSON_AddStringToObject(f, "result",
	                        !hit             ? "none"
	                        : breach && harm ? "both"
	                        : breach         ? "breach"
	                                         : "hit");
	rc = rules_emit(ev, RULES_AUD_PUBLIC, "barrage-roll", f,
	                "bombardment %d on %s (%s): die %d %+d = %d: %s", k + 1, buf,
	                fm__def(g, unit)->id, die, m.total, roll, res);
	if (rc || !breach)
		return rc;
	ma__breach(g, hex);
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "hex", buf);
	cJSON_AddStringToObject(f, "by", g->sc->side_names[side]);
	return rules_emit(ev, RULES_AUD_PUBLIC, "trench-breached", f,
	                  "%s is breached for the rest of the game (17.6)", buf);
}

/* The last marker on hex is resolved: its hits are taken, or its owner is asked. */
static int hex_done(struct fm_game *g, int hex, struct rules_events *ev)
{
	struct ma_state *st = ma__state(g);
	const struct ma_data *md = ma__data(g);
	int hits = hits_on(st, hex), nr, to[RULES_HEX_DIRS], occ = fm__occupant(g, hex, -1), rc;
	char buf[RULES_HEX_ID_MAX], list[64] = "";
	size_t len = 0;
	cJSON *f, *arr;

	if (hits == 0 || occ < 0)
		return 0;
	/* MA-16.0-01 / MA-17.5-03: a retreat instead, when the data gives one (AMB-76) and a
	 * hex exists (AMB-107) */
	nr = md->art_retreat > 0 ? retreat_hexes(g, hex, to) : 0;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "hex", hexid(g, hex, buf));
	cJSON_AddStringToObject(f, "unit", fm__def(g, occ)->id);
	cJSON_AddStringToObject(f, "owner", g->sc->side_names[fm__side_of(g, occ)]);
	cJSON_AddNumberToObject(f, "hits", hits);
	arr = cJSON_AddArrayToObject(f, "retreat_hexes");
	for (int k = 0; k < nr; k++) {
		char hb[RULES_HEX_ID_MAX];
		cJSON_AddItemToArray(arr, cJSON_CreateString(hexid(g, to[k], hb)));
		len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%s", k ? ", " : "", hb);
	}
	rc = rules_emit(ev, RULES_AUD_PUBLIC, "barrage-hits", f, "%s in %s is hit %d time%s%s%s%s",
	                fm__def(g, occ)->id, buf, hits, hits == 1 ? "" : "s",
	                nr ? "; it may retreat one hex instead (" : "", list, nr ? ")" : "");
	if (rc)
		return rc;
	if (nr == 0)
		return take_hits(g, hex, hits, ev);
	st->hit_hex = (int16_t)hex;
	g->await = FM_AW_MODULE;
	return 0;
}

/* Resolves the placed markers from art_next on, pausing for an owner's choice; when all are
 * resolved the bombardment is over and the Combat Phase begins. */
static int resolve(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                   struct rules_error *err)
{
	struct ma_state *st = ma__state(g);
	int rc;
	cJSON *f;

	while (st->art_next < st->nplaced) {
		int k = st->art_next++, hex = st->placed[k], last = 1;
		if ((rc = roll_one(g, d, k, ev)) != 0)
			return rc;
		for (int j = k + 1; j < st->nplaced; j++)
			if (st->placed[j] == hex)
				last = 0;
		if (last && (rc = hex_done(g, hex, ev)) != 0)
			return rc;
		if (g->await == FM_AW_MODULE)
			return 0;
	}
	st->art_fired = 1;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "side", g->sc->side_names[g->active]);
	cJSON_AddNumberToObject(f, "markers", st->nplaced);
	if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "barrage-over", f,
	                     "%s's bombardment is over (%d marker%s)", g->sc->side_names[g->active],
	                     st->nplaced, st->nplaced == 1 ? "" : "s")) != 0)
		return rc;
	return fm__enter_phase(g, FM_PH_COMBAT, d, ev, err);
}

/* ---- the verbs ------------------------------------------------------------------------- */

int ma__do_barrage(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	struct ma_state *st = ma__state(g);
	int hex = fm__hex_parse(g, argv[1]), gas = argc == 3, rc, k;
	char buf[RULES_HEX_ID_MAX];
	cJSON *f;

	(void)d;
	if (argc == 3 && strcasecmp(argv[2], "gas") != 0)
		return rules_fail(err, WG_E_BAD_ARGS, "MA-17.7-01",
		                  "usage: barrage <hex> [gas]; '%s' is not gas", argv[2]);
	if (hex < 0)
		return rules_fail(err, WG_E_NO_SUCH_HEX, "", "no hex %s on this map", argv[1]);
	if ((rc = barrage_ok(g, side, hex, gas, err)) != 0)
		return rc;
	gas = gas || gassed(st, hex); /* AMB-83: gas is declared per target hex */
	k = st->nplaced++;
	st->placed[k] = (int16_t)hex;
	st->result[k] = MA_ART_PENDING;
	st->art_used++;
	for (int j = 0; j <= k; j++)
		if (st->placed[j] == hex)
			st->gas[j] = (uint8_t)gas;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "side", g->sc->side_names[side]);
	cJSON_AddNumberToObject(f, "marker", k + 1);
	cJSON_AddStringToObject(f, "hex", hexid(g, hex, buf));
	cJSON_AddStringToObject(f, "unit", fm__def(g, target_unit(g, side, hex))->id);
	cJSON_AddBoolToObject(f, "gas", gas);
	cJSON_AddNumberToObject(f, "on_hex", markers_on(st, hex));
	cJSON_AddNumberToObject(f, "left", markers_left(g, side));
	fm__line(reply, "bombardment marker %d on %s (%s)%s; %d left; fire to resolve", k + 1, buf,
	         fm__def(g, target_unit(g, side, hex))->id, gas ? " with gas" : "",
	         markers_left(g, side));
	return rules_emit(ev, RULES_AUD_PUBLIC, "barrage-placed", f,
	                  "%s places bombardment marker %d on %s (%s)%s", g->sc->side_names[side],
	                  k + 1, buf, fm__def(g, target_unit(g, side, hex))->id,
	                  gas ? " with gas" : "");
}

int ma__do_aircraft(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	struct ma_state *st = ma__state(g);
	int hex = fm__hex_parse(g, argv[1]), rc;
	char buf[RULES_HEX_ID_MAX];
	cJSON *f;

	(void)d;
	(void)argc;
	if (hex < 0)
		return rules_fail(err, WG_E_NO_SUCH_HEX, "", "no hex %s on this map", argv[1]);
	if ((rc = aircraft_ok(g, side, hex, err)) != 0)
		return rc;
	st->air[st->nair++] = (int16_t)hex;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "side", g->sc->side_names[side]);
	cJSON_AddStringToObject(f, "hex", hexid(g, hex, buf));
	cJSON_AddNumberToObject(f, "left", ma__data(g)->air_count - st->nair);
	fm__line(reply, "aircraft over %s: it and the adjacent hexes are observed (17.3)", buf);
	return rules_emit(ev, RULES_AUD_PUBLIC, "aircraft-placed", f,
	                  "%s places an aircraft over %s", g->sc->side_names[side], buf);
}

int ma__do_fire(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	struct ma_state *st = ma__state(g);
	int rc;
	cJSON *f;

	(void)argc;
	(void)argv;
	if ((rc = in_step(g, side, "fire", err)) != 0)
		return rc;
	if (st->nplaced == 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "MA-17.2-02",
		                  "no bombardment marker is placed: barrage <hex> first, or end to "
		                  "bombard nothing (17.2)");
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "side", g->sc->side_names[side]);
	cJSON_AddNumberToObject(f, "markers", st->nplaced);
	if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "barrage-fired", f,
	                     "%s fires %d bombardment marker%s", g->sc->side_names[side],
	                     st->nplaced, st->nplaced == 1 ? "" : "s")) != 0)
		return rc;
	fm__line(reply, "%d bombardment marker%s resolved in the order placed", st->nplaced,
	         st->nplaced == 1 ? "" : "s");
	return resolve(g, d, ev, err);
}

int ma__do_hits(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	struct ma_state *st = ma__state(g);
	int hex = st->hit_hex, hits = hits_on(st, hex), units[FM_MAX_IN_BATTLE], n, to, rc, taken;
	char buf[RULES_HEX_ID_MAX], hb[RULES_HEX_ID_MAX];
	cJSON *f;

	(void)side;
	if (hex < 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "MA-17.5-03",
		                  "no bombardment hit waits for a decision");
	if (strcasecmp(argv[1], "take") == 0 && argc == 2) {
		st->hit_hex = -1;
		g->await = FM_AW_PHASE;
		fm__line(reply, "%d hit%s taken in %s", hits, hits == 1 ? "" : "s",
		         hexid(g, hex, buf));
		if ((rc = take_hits(g, hex, hits, ev)) != 0)
			return rc;
		return resolve(g, d, ev, err);
	}
	if (strcasecmp(argv[1], "retreat") != 0 || argc != 3)
		return rules_fail(err, WG_E_BAD_ARGS, "MA-17.5-03",
		                  "usage: hits take, or hits retreat <hex> (one hex, 17.5)");
	to = fm__hex_parse(g, argv[2]);
	if (to < 0)
		return rules_fail(err, WG_E_NO_SUCH_HEX, "", "no hex %s on this map", argv[2]);
	if ((rc = retreat_bad(g, hex, to, err)) != 0)
		return rc;
	n = owner_units(g, hex, fm__side_of(g, fm__occupant(g, hex, -1)), units);
	for (int k = 0; k < n; k++)
		g->u[units[k]].hex = (int16_t)to;
	/* AMB-77: the retreat cancels every hit (all) or one (one) */
	taken = ma__opt(g, MA_O_RETREAT_CANCELS) == 1 ? hits - 1 : 0;
	st->hit_hex = -1;
	g->await = FM_AW_PHASE;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", fm__def(g, units[0])->id);
	cJSON_AddStringToObject(f, "from", hexid(g, hex, buf));
	cJSON_AddStringToObject(f, "to", hexid(g, to, hb));
	cJSON_AddNumberToObject(f, "cancelled", hits - taken);
	cJSON_AddNumberToObject(f, "taken", taken);
	fm__line(reply, "%s retreats from %s to %s instead of %d hit%s", fm__def(g, units[0])->id,
	         buf, hb, hits - taken, hits - taken == 1 ? "" : "s");
	if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "barrage-retreat", f,
	                     "%s retreats from %s to %s instead of %d bombardment hit%s (17.5)",
	                     fm__def(g, units[0])->id, buf, hb, hits - taken,
	                     hits - taken == 1 ? "" : "s")) != 0)
		return rc;
	if (taken > 0 && (rc = take_hits(g, to, taken, ev)) != 0)
		return rc;
	return resolve(g, d, ev, err);
}

/* ---- options ------------------------------------------------------------------------------ */

int ma__legal_barrage(const struct fm_game *g, int side, struct fm_legal *l)
{
	char hex[RULES_HEX_ID_MAX];
	int rc = 0, gas = gas_allowed(g, side);

	if (in_step(g, side, "barrage", NULL) != 0 || markers_left(g, side) == 0)
		return 0;
	for (int h = 0; h < g->sc->map.grid.count && rc == 0; h++) {
		if (barrage_ok(g, side, h, 0, NULL) != 0)
			continue;
		rc = fm__offer_known(l, "barrage", hexid(g, h, hex), -1);
		if (rc == 0 && gas) {
			char choice[RULES_HEX_ID_MAX + 8];
			snprintf(choice, sizeof(choice), "%s gas", hex);
			rc = fm__offer_known(l, "barrage", choice, -1);
		}
	}
	return rc;
}

int ma__legal_aircraft(const struct fm_game *g, int side, struct fm_legal *l)
{
	const struct ma_data *d = ma__data(g);
	char hex[RULES_HEX_ID_MAX];
	int rc = 0;

	if (side != d->air_side || side != g->active || ma__cstate(g)->art_fired ||
	    ma__cstate(g)->nair >= d->air_count ||
	    (g->phase != FM_PH_MOVEMENT && g->phase != FM_PH_BOMBARD))
		return 0;
	for (int h = 0; h < g->sc->map.grid.count && rc == 0; h++)
		if (aircraft_ok(g, side, h, NULL) == 0)
			rc = fm__offer_known(l, "aircraft", hexid(g, h, hex), -1);
	return rc;
}

int ma__legal_fire(const struct fm_game *g, int side, struct fm_legal *l)
{
	if (in_step(g, side, "fire", NULL) != 0 || ma__cstate(g)->nplaced == 0)
		return 0;
	return fm__offer(l, "fire", NULL);
}

int ma__legal_hits(const struct fm_game *g, int side, struct fm_legal *l)
{
	const struct ma_state *st = ma__cstate(g);
	int to[RULES_HEX_DIRS], n, rc;
	char hex[RULES_HEX_ID_MAX];

	(void)side;
	if (g->await != FM_AW_MODULE || st->hit_hex < 0)
		return 0;
	rc = fm__offer(l, "hits", "take");
	n = retreat_hexes(g, st->hit_hex, to);
	for (int k = 0; k < n && rc == 0; k++) {
		char choice[RULES_HEX_ID_MAX + 10];
		snprintf(choice, sizeof(choice), "retreat %s", hexid(g, to[k], hex));
		rc = fm__offer(l, "hits", choice);
	}
	return rc;
}

/* ---- hooks ------------------------------------------------------------------------------- */

int ma__turn_phase(const struct fm_game *g, char *why, size_t n)
{
	const struct ma_data *d = ma__data(g);

	if (g->turn != d->hh_turn || g->active != d->allied)
		return FM_PH_MOVEMENT;
	snprintf(why, n,
	         "H-Hour: the game begins with the Allied %s; no Allied movement, entry or "
	         "replacement this turn (MA-15.2-01, AMB-78)",
	         d->hh_bombard ? "bombardment step (the end of the movement phase)"
	                       : "combat phase");
	return d->hh_bombard ? FM_PH_BOMBARD : FM_PH_COMBAT;
}

/* 1 if side could target some enemy unit with an aircraft's help. */
static int air_could_help(const struct fm_game *g, int side)
{
	const struct ma_data *d = ma__data(g);

	if (side != d->air_side || ma__cstate(g)->nair >= d->air_count)
		return 0;
	for (int u = 0; u < g->nunits; u++)
		if (g->u[u].where == FM_W_MAP && fm__side_of(g, u) != side &&
		    air_in_range(g, side, g->u[u].hex))
			return 1;
	return 0;
}

int ma__bombard_step(const struct fm_game *g, char *what, size_t n)
{
	const struct ma_state *st = ma__cstate(g);
	int side = g->active, left = markers_left(g, side), targets = 0;

	for (int h = 0; left > 0 && h < g->sc->map.grid.count; h++)
		if (barrage_ok(g, side, h, 0, NULL) == 0)
			targets++;
	if (st->nplaced > 0 && !st->art_fired) {
		snprintf(what, n,
		         "turn %d, bombardment: %d marker%s placed; barrage <hex>%s (%d left)%s, "
		         "then fire (MA-17.2)",
		         g->turn, st->nplaced, st->nplaced == 1 ? "" : "s",
		         gas_allowed(g, side) ? " [gas]" : "", left,
		         air_could_help(g, side) ? ", aircraft <hex>" : "");
		return 1;
	}
	if (st->art_fired) {
		snprintf(what, n, "the bombardment of this player turn is over");
		return 0;
	}
	if (left == 0) {
		snprintf(what, n,
		         "no bombardment marker on the Artillery Track for %s this turn "
		         "(MA-17.1-02)",
		         g->sc->side_names[side]);
		return 0;
	}
	if (targets == 0 && !air_could_help(g, side)) {
		snprintf(what, n, "no observed enemy unit to bombard (MA-17.3-01)");
		return 0;
	}
	snprintf(what, n,
	         "turn %d, bombardment step: barrage <hex>%s (%d marker%s, %d target%s "
	         "observed)%s, then fire; or end (MA-17.2)",
	         g->turn, gas_allowed(g, side) ? " [gas]" : "", left, left == 1 ? "" : "s", targets,
	         targets == 1 ? "" : "s", air_could_help(g, side) ? ", aircraft <hex>" : "");
	return 1;
}

int ma__bombard_decision(const struct fm_game *g, const char **kind, char *what, size_t n,
                         const char **rule)
{
	const struct ma_state *st = ma__cstate(g);
	int occ = st->hit_hex >= 0 ? fm__occupant(g, st->hit_hex, -1) : -1;
	int to[RULES_HEX_DIRS], nr, hits;
	char buf[RULES_HEX_ID_MAX], hb[RULES_HEX_ID_MAX];
	size_t len;

	*kind = "bombard-hits";
	*rule = "MA-17.5-03";
	if (occ < 0)
		return -1;
	hits = hits_on(st, st->hit_hex);
	nr = retreat_hexes(g, st->hit_hex, to);
	len = (size_t)snprintf(what, n,
	                       "%s in %s is hit %d time%s by bombardment: hits take, or hits "
	                       "retreat <hex> (",
	                       fm__def(g, occ)->id, hexid(g, st->hit_hex, buf), hits,
	                       hits == 1 ? "" : "s");
	for (int k = 0; k < nr && len < n; k++)
		len += (size_t)snprintf(what + len, n - len, "%s%s", k ? ", " : "",
		                        hexid(g, to[k], hb));
	if (len < n)
		snprintf(what + len, n - len, ") instead (MA-17.5-03)");
	return fm__side_of(g, occ);
}

int ma__bombard_end_check(const struct fm_game *g, struct rules_error *err)
{
	const struct ma_state *st = ma__cstate(g);

	if (g->phase == FM_PH_BOMBARD && st->nplaced > 0 && !st->art_fired)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "MA-17.2-02",
		    "%d bombardment marker%s placed: fire them first (all markers are "
		    "placed, then resolved, 17.2)",
		    st->nplaced, st->nplaced == 1 ? " is" : "s are");
	return 0;
}

void ma__bombard_init(struct fm_game *g)
{
	struct ma_state *st = ma__state(g);

	st->art_used = st->art_fired = st->art_next = st->nplaced = st->nair = 0;
	memset(st->placed, 0, sizeof(st->placed));
	memset(st->gas, 0, sizeof(st->gas));
	memset(st->result, 0, sizeof(st->result));
	memset(st->air, 0, sizeof(st->air));
	st->hit_hex = -1;
}

void ma__bombard_turn_end(struct fm_game *g)
{
	ma__bombard_init(g); /* MA-17.2-03: unused markers are lost; AMB-81: aircraft return */
}

/* ---- view, query, snapshot ----------------------------------------------------------------- */

static cJSON *hex_list(const struct fm_game *g, const int16_t *hexes, int n)
{
	return fm__json_hexes(g, hexes, n);
}

void ma__bombard_view(const struct fm_game *g, int viewer, cJSON *out)
{
	const struct ma_state *st = ma__cstate(g);
	const struct ma_data *d = ma__data(g);
	int16_t br[MA_MAX_HEXES];
	int nb = 0;
	cJSON *o = cJSON_AddObjectToObject(out, "bombardment"), *arr;
	char buf[RULES_HEX_ID_MAX];

	(void)viewer; /* all public: positions, the track and placed markers are open */
	cJSON_AddStringToObject(o, "side", g->sc->side_names[g->active]);
	cJSON_AddNumberToObject(
	    o, "markers",
	    g->turn >= 1 && g->turn <= FM_MAX_TURNS ? d->art_track[g->turn][g->active] : 0);
	cJSON_AddNumberToObject(o, "left", markers_left(g, g->active));
	cJSON_AddBoolToObject(o, "fired", st->art_fired);
	arr = cJSON_AddArrayToObject(o, "placed");
	for (int k = 0; k < st->nplaced; k++) {
		cJSON *x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "hex", hexid(g, st->placed[k], buf));
		cJSON_AddBoolToObject(x, "gas", st->gas[k]);
		cJSON_AddStringToObject(x, "result",
		                        st->result[k] == MA_ART_PENDING ? "pending"
		                        : st->result[k] == MA_ART_NONE  ? "none"
		                        : st->result[k] == MA_ART_HIT   ? "hit"
		                        : st->result[k] == MA_ART_BOTH  ? "both"
		                                                        : "breach");
		cJSON_AddItemToArray(arr, x);
	}
	cJSON_AddItemToObject(o, "aircraft", hex_list(g, st->air, st->nair));
	cJSON_AddNumberToObject(o, "aircraft_left",
	                        g->active == d->air_side ? d->air_count - st->nair : 0);
	for (int h = 0; h < d->count; h++)
		if (ma__breached(g, h))
			br[nb++] = (int16_t)h;
	cJSON_AddItemToObject(o, "breached", hex_list(g, br, nb));
	if (st->hit_hex >= 0)
		cJSON_AddStringToObject(o, "hits_pending", hexid(g, st->hit_hex, buf));
}

int ma__q_artillery(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
                    cJSON *out, struct rules_error *err)
{
	const struct ma_state *st = ma__cstate(g);
	const struct ma_data *d = ma__data(g);
	int cols = fm__text_cols(who), side = g->active;
	char buf[RULES_HEX_ID_MAX], line[400];
	size_t len;

	if (argc == 2) {
		struct ma_art_mod m;
		int hex = fm__hex_parse(g, argv[1]);
		if (hex < 0)
			return rules_fail(err, WG_E_NO_SUCH_HEX, "", "no hex %s on this map",
			                  argv[1]);
		ma__art_modifier(g, side, hex, &m);
		ma__bombard_view(g, who->side, out);
		fm__wrapped(
		    out, cols,
		    "%s bombarding %s: terrain %+d (%s), gas %+d, aircraft %+d, German %+d: "
		    "%+d; a modified 1-3 hits (MA-BMOD, MA-BRT)%s",
		    g->sc->side_names[side], hexid(g, hex, buf), m.terrain,
		    m.terrain_type >= 0 ? g->sc->map.terrain[m.terrain_type].name : "clear", m.gas,
		    m.aircraft, m.german, m.total, ma__breached(g, hex) ? "; breached" : "");
		return 0;
	}
	ma__bombard_view(g, who->side, out);
	fm__wrapped(out, cols, "turn %d, %s: %d bombardment marker%s, %d left%s (MA-17.1)", g->turn,
	            g->sc->side_names[side],
	            g->turn >= 1 && g->turn <= FM_MAX_TURNS ? d->art_track[g->turn][side] : 0,
	            d->art_track[g->turn >= 1 && g->turn <= FM_MAX_TURNS ? g->turn : 0][side] == 1
	                ? ""
	                : "s",
	            markers_left(g, side), st->art_fired ? ", fired" : "");
	len = (size_t)snprintf(line, sizeof(line), "placed:");
	for (int k = 0; k < st->nplaced && len < sizeof(line); k++)
		len += (size_t)snprintf(line + len, sizeof(line) - len, " %s%s",
		                        hexid(g, st->placed[k], buf), st->gas[k] ? "(gas)" : "");
	fm__wrapped(out, cols, "%s%s", line, st->nplaced ? "" : " none");
	len = (size_t)snprintf(line, sizeof(line), "aircraft:");
	for (int k = 0; k < st->nair && len < sizeof(line); k++)
		len += (size_t)snprintf(line + len, sizeof(line) - len, " %s",
		                        hexid(g, st->air[k], buf));
	fm__wrapped(out, cols, "%s%s", line, st->nair ? "" : " none");
	len = (size_t)snprintf(line, sizeof(line), "breached:");
	for (int h = 0; h < d->count && len < sizeof(line); h++)
		if (ma__breached(g, h))
			len += (size_t)snprintf(line + len, sizeof(line) - len, " %s",
			                        hexid(g, h, buf));
	fm__wrapped(out, cols, "%s%s", line, len == strlen("breached:") ? " none" : "");
	return 0;
}

void ma__bombard_snapshot(const struct fm_game *g, cJSON *o)
{
	const struct ma_state *st = ma__cstate(g);
	int v[MA_MAX_PLACED];
	cJSON *b = cJSON_AddObjectToObject(o, "bombard");

	v[0] = st->art_used;
	v[1] = st->art_fired;
	v[2] = st->art_next;
	v[3] = st->hit_hex;
	cJSON_AddItemToObject(b, "state", cJSON_CreateIntArray(v, 4));
	for (int k = 0; k < st->nplaced; k++)
		v[k] = st->placed[k];
	cJSON_AddItemToObject(b, "placed", cJSON_CreateIntArray(v, st->nplaced));
	for (int k = 0; k < st->nplaced; k++)
		v[k] = st->gas[k];
	cJSON_AddItemToObject(b, "gas", cJSON_CreateIntArray(v, st->nplaced));
	for (int k = 0; k < st->nplaced; k++)
		v[k] = st->result[k];
	cJSON_AddItemToObject(b, "result", cJSON_CreateIntArray(v, st->nplaced));
	for (int k = 0; k < st->nair; k++)
		v[k] = st->air[k];
	cJSON_AddItemToObject(b, "air", cJSON_CreateIntArray(v, st->nair));
}

int ma__bombard_restore(struct fm_game *g, const cJSON *o)
{
	struct ma_state *st = ma__state(g);
	const cJSON *b = cJSON_GetObjectItemCaseSensitive(o, "bombard");
	int v[MA_MAX_PLACED], s[4], n, nh = ma__data(g)->count - 1;

	ma__bombard_init(g);
	if (b == NULL) /* a snapshot from before the bombardment: nothing placed */
		return 0;
	if (fm__json_ints(b, "state", s, 4) != 4 || !fm__in(s[0], 0, MA_MAX_PLACED) ||
	    !fm__in(s[1], 0, 1) || !fm__in(s[3], -1, nh))
		return -1;
	if ((n = fm__json_ints(b, "placed", v, MA_MAX_PLACED)) < 0 || !fm__in(s[2], 0, n))
		return -1;
	st->art_used = (uint8_t)s[0];
	st->art_fired = (uint8_t)s[1];
	st->art_next = (uint8_t)s[2];
	st->hit_hex = (int16_t)s[3];
	st->nplaced = (uint8_t)n;
	for (int k = 0; k < n; k++) {
		if (!fm__in(v[k], 0, nh))
			return -1;
		st->placed[k] = (int16_t)v[k];
	}
	if (fm__json_ints(b, "gas", v, MA_MAX_PLACED) != n)
		return -1;
	for (int k = 0; k < n; k++) {
		if (!fm__in(v[k], 0, 1))
			return -1;
		st->gas[k] = (uint8_t)v[k];
	}
	if (fm__json_ints(b, "result", v, MA_MAX_PLACED) != n)
		return -1;
	for (int k = 0; k < n; k++) {
		if (!fm__in(v[k], MA_ART_PENDING, MA_ART_BOTH))
			return -1;
		st->result[k] = (uint8_t)v[k];
	}
	if ((n = fm__json_ints(b, "air", v, MA_MAX_AIR)) < 0)
		return -1;
	st->nair = (uint8_t)n;
	for (int k = 0; k < n; k++) {
		if (!fm__in(v[k], 0, nh))
			return -1;
		st->air[k] = (int16_t)v[k];
	}
	return 0;
}
