/*
 * ground.c -- where Battle of the Scheldt units may go and whom they may
 * attack: the move_step, retreat_step, may_act and attack_check hooks.
 *
 * Movement (move_step, every step of `move`, `reach`, `enter`):
 *   16.3-12  no German unit enters a hex closed to Germans after an assault
 *   15.0-01  no unit enters a sea hex (assault boats are `land`, assault.c)
 *   11.2-13  the 104th never moves west of Woensdrecht (AMB-46)
 *   15.2-01  no crossing of the hexsides barred at the causeway (1838/1839,
 *            1838/1939): Walcheren is reached only over 1739/1838
 *   13.0-05  no German unit moves across the Leopold Canal
 *   15.0-02  no crossing of an all-sea hexside (2737/2738 is one, 15.1-04),
 *   13.0-03  except by an Allied unit that begins its move on 2637, 2737 or
 *            2837 on Turn 4, at +2 MP (AMB-56)
 *   12.0     flooded hexes, and inlet and Scheldt River hexes (15.1, AMB-52):
 *            no mobile unit; only as the first hex of a move, from an
 *            adjacent hex, for all MP (AMB-50); no EZOC to EZOC ("infiltrate",
 *            AMB-49); the road rate never applies (terrain data: no_road)
 *   11.2-02  the 719 enters at 2717, or the first hex north of it that is
 *            neither enemy-occupied nor in an EZOC (AMB-44)
 * Retreat, advance, displacement (retreat_step) follow the same map limits;
 * leg units stop in the first flooded hex (12.0-07/08, AMB-48); Germans may
 * retreat across the Leopold Canal but not advance (AMB-57).
 * Frozen units (13.0-02, AMB-54/55) and landed units (16.3-02/08) are held
 * by may_act; attack limits (AMB-73, AMB-75, 16.3-05) by attack_check.
 */
#include "scheldt.h"

#include <stdio.h>
#include <string.h>

static int is_german(const struct fm_game *g, int unit)
{
	return fm__side_of(g, unit) == scheldt__data(g)->german;
}

/* The rule of the flooded-type terrain of hex: inlet 15.1, flooded 12.0. */
static const char *flooded_rule(const struct fm_game *g, int hex)
{
	return scheldt__hex_is(g, hex, SCH_HF_INLET) && !scheldt__hex_is(g, hex, SCH_HF_FLOODED)
	           ? "BS-15.1-02"
	           : "BS-12.0-02";
}

/* 1 if the Braakman crossing (13.0) is open on this turn. */
static int braakman_open(const struct fm_game *g)
{
	const struct scheldt_data *d = scheldt__data(g);

	return g->turn == d->braakman_turn ||
	       (scheldt__opt(g, SCH_O_BRAAKMAN_TURNS) && g->turn > d->braakman_turn);
}

/* The Braakman Inlet hexes, "2637, 2737, 2837", into list (for a refusal's text). */
static const char *braakman_hexes(const struct fm_game *g, char *list, size_t size)
{
	const struct scheldt_data *d = scheldt__data(g);
	char c[RULES_HEX_ID_MAX];
	size_t len = 0;

	list[0] = '\0';
	for (int h = 0; h < d->count && len + RULES_HEX_ID_MAX + 2 < size; h++)
		if (d->hexf[h] & SCH_HF_BRAAKMAN)
			len += (size_t)snprintf(list + len, size - len, "%s%s", len ? ", " : "",
			                        scheldt__hex(g, h, c));
	return list;
}

/*
 * 13.0 (AMB-56): 0 if unit may cross the Braakman all-sea hexside from-to now (from is
 * adjacent, first = no step taken yet this phase), else the refusal naming the condition
 * that fails: an Allied unit, Turn 4, starting on a Braakman Inlet hex, as the first step.
 * Hexes are named only for a refusal's text (err != NULL): searches pass NULL.
 */
static int braakman_refusal(const struct fm_game *g, int unit, int from, int to, int first,
                            struct rules_error *err)
{
	const struct scheldt_data *d = scheldt__data(g);
	const char *id = fm__def(g, unit)->id;
	/* where this phase's move began: here, its recorded start, or (a path being checked
	 * before it is made) the hex it stands on */
	int began = first                        ? from
	            : g->u[unit].move_start >= 0 ? g->u[unit].move_start
	                                         : g->u[unit].hex;
	char a[RULES_HEX_ID_MAX], b[RULES_HEX_ID_MAX], c[RULES_HEX_ID_MAX], list[64];

	if (is_german(g, unit))
		return RULES_FAIL(err, WG_E_ILLEGAL_MOVE, "BS-15.1-04",
		                  "%s cannot cross the all-sea hexside %s/%s: no unit crosses an "
		                  "all-sea hexside; only Allied units on the Braakman Inlet hexes "
		                  "cross it, on Turn %d (13.0, 15.1)",
		                  id, scheldt__hex(g, from, a), scheldt__hex(g, to, b),
		                  d->braakman_turn);
	if (!braakman_open(g))
		return RULES_FAIL(err, WG_E_ILLEGAL_MOVE, "BS-13.0-03",
		                  "%s cannot cross the all-sea hexside %s/%s on turn %d: the "
		                  "Braakman crossing is made on Turn %d%s (13.0, AMB-56)",
		                  id, scheldt__hex(g, from, a), scheldt__hex(g, to, b), g->turn,
		                  d->braakman_turn,
		                  scheldt__opt(g, SCH_O_BRAAKMAN_TURNS) ? " or later" : " only");
	if (began < 0 || !scheldt__hex_is(g, began, SCH_HF_BRAAKMAN))
		return RULES_FAIL(
		    err, WG_E_ILLEGAL_MOVE, "BS-13.0-03",
		    "%s cannot cross the all-sea hexside %s/%s: it began its move on "
		    "%s, and only units that begin their move on a Braakman Inlet hex "
		    "(%s) cross (13.0)",
		    id, scheldt__hex(g, from, a), scheldt__hex(g, to, b),
		    scheldt__hex(g, began >= 0 ? began : from, c),
		    braakman_hexes(g, list, sizeof(list)));
	if (!first || !scheldt__hex_is(g, from, SCH_HF_BRAAKMAN))
		return RULES_FAIL(err, WG_E_ILLEGAL_MOVE, "BS-13.0-03",
		                  "%s began its move on the Braakman Inlet hex %s but has moved "
		                  "since: the crossing is the first step of its move, from that "
		                  "hex (13.0, AMB-56)",
		                  id, scheldt__hex(g, began, c));
	return 0;
}

/* 11.2-02 (AMB-44): the hex where a first-free-north unit must enter now, or -1. */
static int north_entry(const struct fm_game *g, int unit)
{
	const struct fm_unit_def *def = fm__def(g, unit);
	int side = def->side;

	for (int k = 0; k < def->where.n; k++) {
		int h = def->where.h[k];
		if (fm__enemy_in(g, h, side) < 0 && !fm__in_ezoc(g, h, side))
			return h;
	}
	return -1;
}

int scheldt__move_step(const struct fm_game *g, int unit, int from, int to, int side,
                       int spent_half, int first, int *cost_half, int *must_stop,
                       struct rules_error *err)
{
	const struct scheldt_data *d = scheldt__data(g);
	const struct fm_unit_def *def = fm__def(g, unit);
	char a[RULES_HEX_ID_MAX], b[RULES_HEX_ID_MAX];
	/* the hexside's flags, looked up once (0 off the map or entering from off it) */
	unsigned sf = side >= 0 ? d->sidef[side] : 0;
	int allow = 0;

	(void)must_stop;
	if (is_german(g, unit) && scheldt__barred(g, to))
		return RULES_FAIL(err, WG_E_ILLEGAL_MOVE, "BS-16.3-12",
		                  "%s cannot enter %s: a German unit left that assault hex, and no "
		                  "German unit may ever enter it again (16.3)",
		                  def->id, scheldt__hex(g, to, b));
	if (scheldt__hex_is(g, to, SCH_HF_SEA))
		return rules_fail(
		    err, WG_E_ILLEGAL_MOVE, "BS-15.0-01",
		    "%s cannot enter %s: it is a sea hex, entered only by assault boat "
		    "(15.0)",
		    def->id, scheldt__hex(g, to, b));
	if ((d->unitf[unit] & SCH_UF_US104) && scheldt__hex_is(g, to, SCH_HF_US104_OFF))
		return RULES_FAIL(err, WG_E_ILLEGAL_MOVE, "BS-11.2-13",
		                  "%s cannot enter %s: the units of the US 104th Division may not "
		                  "move west of Woensdrecht (11.2)",
		                  def->id, scheldt__hex(g, to, b));
	if (from < 0 && (d->unitf[unit] & SCH_UF_NORTH)) {
		int h = north_entry(g, unit);
		char c[RULES_HEX_ID_MAX];
		if (h < 0)
			return rules_fail(
			    err, WG_E_ILLEGAL_MOVE, "BS-11.2-02",
			    "%s cannot enter now: its entry hex and every hex north of "
			    "it are enemy-occupied or in an enemy zone of control; it "
			    "waits (11.2, AMB-44)",
			    def->id);
		if (h != to)
			return rules_fail(
			    err, WG_E_ILLEGAL_MOVE, "BS-11.2-02",
			    "%s must enter at %s: the first of its entry hexes (going "
			    "north) that is neither enemy-occupied nor in an enemy zone "
			    "of control (11.2)",
			    def->id, scheldt__hex(g, h, c));
	}
	if ((sf & SCH_SF_BARRED))
		return RULES_FAIL(err, WG_E_ILLEGAL_MOVE, "BS-15.2-01",
		                  "%s cannot cross from %s to %s: the causeway is entered only "
		                  "between 1838 and 1739 (15.2)",
		                  def->id, scheldt__hex(g, from, a), scheldt__hex(g, to, b));
	if (is_german(g, unit) && (sf & SCH_SF_LEOPOLD))
		return RULES_FAIL(err, WG_E_ILLEGAL_MOVE, "BS-13.0-05",
		                  "%s cannot cross the Leopold Canal (%s/%s): German units may "
		                  "not move or advance across it (13.0)",
		                  def->id, scheldt__hex(g, from, a), scheldt__hex(g, to, b));
	if ((sf & SCH_SF_SEA)) {
		if (!(sf & SCH_SF_BRAAKMAN))
			return RULES_FAIL(err, WG_E_ILLEGAL_MOVE, "BS-15.0-02",
			                  "%s cannot cross the all-sea hexside %s/%s (15.0)",
			                  def->id, scheldt__hex(g, from, a),
			                  scheldt__hex(g, to, b));
		int rc = braakman_refusal(g, unit, from, to, first, err);
		if (rc)
			return rc;
		if (*cost_half >= 0)
			*cost_half += d->braakman_mp_half; /* +2 MP: Terrapins and Buffaloes */
		allow = FM_HOOK_ALLOW;
	}
	if (scheldt__hex_is(g, to, SCH_HF_FLOODED | SCH_HF_INLET | SCH_HF_RIVER)) {
		const char *rule = flooded_rule(g, to);
		if (def->mobile && scheldt__flooded(g, to))
			return rules_fail(
			    err, WG_E_ILLEGAL_MOVE, "BS-12.0-06",
			    "%s is a mobile unit: mobile units may not move into flooded "
			    "hexes (%s, 12.0)",
			    def->id, scheldt__hex(g, to, b));
		if (from >= 0 && (!first || spent_half != 0))
			return rules_fail(
			    err, WG_E_ILLEGAL_MOVE, rule,
			    "%s can enter %s only by starting its move next to it and "
			    "spending all its MP: it must be the first hex of the move "
			    "(%s)",
			    def->id, scheldt__hex(g, to, b), rule + 3);
		if (from >= 0 && scheldt__opt(g, SCH_O_NO_INFILTRATION) &&
		    scheldt__flooded(g, to) && fm__in_ezoc(g, from, def->side) &&
		    fm__in_ezoc(g, to, def->side))
			return rules_fail(
			    err, WG_E_ILLEGAL_MOVE, "BS-12.0-04",
			    "%s may not infiltrate into the flooded hex %s: no move from "
			    "an enemy zone of control into a flooded hex in one "
			    "(12.0, AMB-49)",
			    def->id, scheldt__hex(g, to, b));
		*cost_half = -2; /* all MP, and the unit stops there (12.0, 15.1) */
	}
	return allow;
}

int scheldt__retreat_step(const struct fm_game *g, int unit, int from, int to, enum fm_rs mode,
                          int *stop, struct rules_error *err)
{
	const struct scheldt_data *d = scheldt__data(g);
	const struct fm_unit_def *def = fm__def(g, unit);
	const char *what = mode == FM_RS_ADVANCE    ? "advance"
	                   : mode == FM_RS_DISPLACE ? "be displaced"
	                                            : "retreat";
	int code = mode == FM_RS_ADVANCE ? WG_E_ILLEGAL_MOVE : WG_E_ILLEGAL_RETREAT;
	char a[RULES_HEX_ID_MAX], b[RULES_HEX_ID_MAX];

	scheldt__hex(g, from, a);
	scheldt__hex(g, to, b);
	if (mode == FM_RS_DISPLACE && scheldt__frozen(g, unit))
		return rules_fail(
		    err, code, "BS-13.0-02",
		    "%s is frozen in the Breskens Pocket until turn %d and may not be "
		    "displaced (13.0)",
		    def->id, d->frozen_until + 1);
	if (mode != FM_RS_RETREAT && scheldt__sharing(g, unit))
		return rules_fail(
		    err, code, "BS-16.3-08",
		    "%s shares its hex with a German unit and may not leave it (16.3)", def->id);
	if (mode == FM_RS_ADVANCE && !scheldt__opt(g, SCH_O_LANDED_ADVANCE) &&
	    scheldt__landed(g, unit) && scheldt__landed(g, unit)->turn == g->turn)
		return rules_fail(err, code, "BS-16.3-02",
		                  "%s landed this turn and may not advance (16.3, AMB-70)",
		                  def->id);
	if (is_german(g, unit) && scheldt__barred(g, to))
		return rules_fail(
		    err, code, "BS-16.3-12",
		    "%s may not %s into %s: no German unit may enter that assault hex "
		    "again (16.3)",
		    def->id, what, b);
	if (scheldt__hex_is(g, to, SCH_HF_SEA))
		return rules_fail(err, code, "BS-15.0-01",
		                  "%s may not %s into the sea hex %s (15.0)", def->id, what, b);
	if ((d->unitf[unit] & SCH_UF_US104) && scheldt__hex_is(g, to, SCH_HF_US104_OFF))
		return rules_fail(err, code, "BS-11.2-13",
		                  "%s may not %s into %s, west of Woensdrecht (11.2, AMB-46)",
		                  def->id, what, b);
	if (scheldt__side_is(g, from, to, SCH_SF_BARRED))
		return rules_fail(err, code, "BS-15.2-01",
		                  "%s may not %s from %s to %s across the barred causeway hexside "
		                  "(15.2, AMB-73)",
		                  def->id, what, a, b);
	if (scheldt__side_is(g, from, to, SCH_SF_SEA))
		return rules_fail(err, code, "BS-15.0-02",
		                  "%s may not %s across the all-sea hexside %s/%s (15.0)", def->id,
		                  what, a, b);
	if (is_german(g, unit) && scheldt__side_is(g, from, to, SCH_SF_LEOPOLD) &&
	    (mode == FM_RS_ADVANCE || !scheldt__opt(g, SCH_O_LEOPOLD_RETREAT)))
		return rules_fail(err, code, "BS-13.0-05",
		                  "%s may not %s across the Leopold Canal (13.0)", def->id, what);
	if (scheldt__flooded(g, to)) {
		if (def->mobile)
			return rules_fail(
			    err, code, "BS-12.0-06",
			    "%s is a mobile unit and may not %s into the flooded hex %s "
			    "(12.0)",
			    def->id, what, b);
		/* the reason of a stop goes to err (not a refusal): the system cites it when the
		 * path given goes on */
		if (mode == FM_RS_ADVANCE) {
			*stop = 1; /* 12.0-08: the advance ends in the first flooded hex */
			rules_fail(err, code, "BS-12.0-08",
			           "%s is flooded: an advance after combat ends in the first "
			           "flooded hex the attacker enters (12.0)",
			           b);
		} else if (mode == FM_RS_RETREAT && !scheldt__opt(g, SCH_O_FLOODED_RETREAT) &&
		           scheldt__opt(g, SCH_O_FLOODED_COMPLETE)) {
			*stop = 1; /* 12.0-07: the retreat ends there and counts as complete */
			rules_fail(err, code, "BS-12.0-07",
			           "%s is flooded: a retreat stops in the first flooded hex it "
			           "enters, and counts as complete (12.0, AMB-48)",
			           b);
		}
	}
	/* AMB-48 with bs.flooded_stop_counts_complete=false: the retreat ends in the first
	 * flooded hex, short of its length (and the unit is reduced, FM-8.3-08) */
	if (mode == FM_RS_RETREAT && !scheldt__opt(g, SCH_O_FLOODED_RETREAT) &&
	    !scheldt__opt(g, SCH_O_FLOODED_COMPLETE) && from != g->u[unit].hex &&
	    scheldt__flooded(g, from))
		return rules_fail(err, code, "BS-12.0-07",
		                  "%s stops in the first flooded hex it enters (%s) (12.0)",
		                  def->id, a);
	return 0;
}

int scheldt__may_act(const struct fm_game *g, int unit, enum fm_act act, struct rules_error *err)
{
	const struct scheldt_data *d = scheldt__data(g);
	const struct fm_unit_def *def = fm__def(g, unit);
	const struct scheldt_landing *l;

	if (scheldt__frozen(g, unit)) {
		const char *rule =
		    (d->unitf[unit] & SCH_UF_POCKET_DE) ? "BS-13.0-04" : "BS-13.0-02";
		if (act == FM_ACT_MOVE || act == FM_ACT_ATTACK)
			return rules_fail(
			    err, act == FM_ACT_MOVE ? WG_E_ILLEGAL_MOVE : WG_E_ILLEGAL_ATTACK, rule,
			    "%s is frozen in the Breskens Pocket: no movement or combat "
			    "before turn %d (13.0)",
			    def->id, d->frozen_until + 1);
		if ((act == FM_ACT_BE_ATTACKED || act == FM_ACT_BE_BOMBARDED) &&
		    scheldt__opt(g, SCH_O_FROZEN_IMMUNE))
			return rules_fail(
			    err,
			    act == FM_ACT_BE_ATTACKED ? WG_E_ILLEGAL_ATTACK : WG_E_ILLEGAL_ACTION,
			    "BS-13.0-02",
			    "%s is frozen in the Breskens Pocket until turn %d: no combat there, "
			    "bombardment included (13.0, AMB-55)",
			    def->id, d->frozen_until + 1);
	}
	if (act == FM_ACT_MOVE && (l = scheldt__landed(g, unit)) != NULL) {
		if (scheldt__sharing(g, unit))
			return rules_fail(
			    err, WG_E_ILLEGAL_MOVE, "BS-16.3-08",
			    "%s shares its hex with a German unit: it may not leave the "
			    "hex while the German unit is there (16.3)",
			    def->id);
		if (l->turn == g->turn)
			return rules_fail(
			    err, WG_E_ILLEGAL_MOVE, "BS-16.3-02",
			    "%s landed this turn and may not move until the next turn "
			    "(16.3)",
			    def->id);
	}
	return 0;
}

int scheldt__attack_check(const struct fm_game *g, int unit, int hex, struct rules_error *err)
{
	const struct fm_unit_def *def = fm__def(g, unit);
	int from = g->u[unit].hex;
	char a[RULES_HEX_ID_MAX], b[RULES_HEX_ID_MAX];

	scheldt__hex(g, from, a);
	scheldt__hex(g, hex, b);
	if (scheldt__sharing(g, unit) && hex != from)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "BS-16.3-05",
		                  "%s landed in %s on a German unit: it may attack only that unit, "
		                  "in its own hex (16.3)",
		                  def->id, a);
	if (hex != from && scheldt__side_is(g, from, hex, SCH_SF_BARRED))
		return rules_fail(
		    err, WG_E_ILLEGAL_ATTACK, "BS-15.2-01",
		    "%s cannot attack across the barred causeway hexside %s/%s (15.2, "
		    "AMB-73)",
		    def->id, a, b);
	if (hex != from && scheldt__side_is(g, from, hex, SCH_SF_SEA))
		return rules_fail(
		    err, WG_E_ILLEGAL_ATTACK,
		    scheldt__side_is(g, from, hex, SCH_SF_BRAAKMAN) ? "BS-15.1-04" : "BS-15.0-02",
		    "%s cannot attack across the all-sea hexside %s/%s (15.0, AMB-75)", def->id, a,
		    b);
	if (def->mobile && scheldt__flooded(g, hex))
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "BS-12.0-06",
		                  "%s is a mobile unit: it may not attack into the flooded hex %s, "
		                  "which it may not enter (12.0, AMB-75)",
		                  def->id, b);
	return 0;
}
