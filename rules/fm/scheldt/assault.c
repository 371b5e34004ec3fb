/*
 * assault.c -- British assault boats (16.0-16.3): the `land <unit> <hex>`
 * verb of the Allied Movement Phase and the conditions of each group.
 *
 *   16.1 South Beveland Flank Assault (52nd Division: 156/52, 157/52 and the
 *        155/52 if it was withdrawn and not eliminated, 13.1): Turn 12 or
 *        later; every German unit that started in the Breskens Pocket
 *        eliminated (AMB-64); Woensdrecht occupied, or last occupied, by an
 *        Allied unit (AMB-65); coastal hexes within 10 hexes of Terneuzen
 *        (AMB-63, option bs.beveland_radius=6).
 *   16.2 Walcheren Island Assault (49th Division, 2nd Brigade): every road
 *        hex from Woensdrecht to Schore held by the Allies (AMB-66); coastal
 *        hexes of Walcheren.
 *   Both: declared in the Allied Movement Phase, never the Mobile Movement
 *   Phase; the first landing declares the assault and every unit of the
 *   group lands in that same phase (combat.c end_check); a landing hex is a
 *   coastal hex with no Allied unit and at most one German unit (AMB-67);
 *   the units enter the map in no other way (they are "held").
 *   16.3 A unit landed on a German unit shares its hex (the only stacking of
 *   two sides, may_share): it must attack that unit (combat.c), may attack
 *   only it, and may not leave while it is there (ground.c).
 */
#include "scheldt.h"

#include <stdio.h>
#include <string.h>

static const char *const group_name[2] = {"South Beveland Flank Assault (16.1)",
                                          "Walcheren Island Assault (16.2)"};

static int group_of(const struct fm_game *g, int unit)
{
	unsigned f = scheldt__data(g)->unitf[unit];

	if (f & SCH_UF_BEVELAND)
		return SCH_GROUP_BEVELAND;
	if (f & SCH_UF_WALCHEREN)
		return SCH_GROUP_WALCHEREN;
	return -1;
}

int scheldt__group_ready(const struct fm_game *g, int group, struct rules_error *err)
{
	const struct scheldt_data *d = scheldt__data(g);
	const struct scheldt_state *st = scheldt__cstate(g);
	char buf[RULES_HEX_ID_MAX];

	if (st->declared[group])
		return rules_fail(err, WG_E_ILLEGAL_ACTION, group ? "BS-16.2-04" : "BS-16.1-07",
		                  "the %s was made on turn %d; its units all land in that turn",
		                  group_name[group], st->declared[group]);
	if (group == SCH_GROUP_BEVELAND) {
		if (g->turn < d->beveland_from)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "BS-16.1-01",
			                  "the %s comes on turn %d or later; this is turn %d",
			                  group_name[group], d->beveland_from, g->turn);
		for (int u = 0; u < g->nunits; u++)
			if ((d->unitf[u] & SCH_UF_POCKET_DE) && g->u[u].where != FM_W_ELIMINATED)
				return rules_fail(
				    err, WG_E_ILLEGAL_ACTION, "BS-16.1-02",
				    "the %s needs every German unit that started in the "
				    "Breskens Pocket eliminated; %s is not",
				    group_name[group], fm__def(g, u)->id);
		if (d->woensdrecht < 0 || !scheldt__held_by(g, d->woensdrecht, d->allied))
			return rules_fail(
			    err, WG_E_ILLEGAL_ACTION, "BS-16.1-03",
			    "the %s needs Woensdrecht (%s) occupied, or last occupied, "
			    "by an Allied unit",
			    group_name[group], scheldt__hex(g, d->woensdrecht, buf));
		return 0;
	}
	for (int k = 0; k < d->nroad; k++)
		if (!scheldt__held_by(g, d->track[d->road[k]], d->allied))
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "BS-16.2-01",
			                  "the %s needs every road hex from Woensdrecht to Schore "
			                  "occupied, or last occupied, by Allied units; %s is not",
			                  group_name[group],
			                  scheldt__hex(g, d->track[d->road[k]], buf));
	if (scheldt__opt(g, SCH_O_WALCHEREN_TIMING) &&
	    (st->road_since == 0 || st->road_since >= g->turn))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "BS-16.2-01",
		                  "the %s comes in a game turn after the road is Allied-held "
		                  "(option bs.walcheren_condition_timing=next_turn, AMB-66)",
		                  group_name[group]);
	return 0;
}

int scheldt__may_land(const struct fm_game *g, int group, int unit)
{
	const struct scheldt_data *d = scheldt__data(g);
	const struct scheldt_state *st = scheldt__cstate(g);

	if (group_of(g, unit) != group)
		return 0;
	if (st->declared[group] && st->declared[group] != g->turn)
		return 0;
	if (unit == d->withdraw_unit) /* 13.1: only after its withdrawal, never if eliminated */
		return st->withdrawn && g->u[unit].where == FM_W_REMOVED;
	return g->u[unit].where == FM_W_HELD;
}

int scheldt__land_hex_ok(const struct fm_game *g, int group, int unit, int hex,
                         struct rules_error *err)
{
	const struct scheldt_data *d = scheldt__data(g);
	const char *rule = group ? "BS-16.2-02" : "BS-16.1-05";
	int radius = scheldt__opt(g, SCH_O_BEVELAND_RADIUS) ? 6 : 10, n = 0, germans = 0;
	char buf[RULES_HEX_ID_MAX], t[RULES_HEX_ID_MAX];

	scheldt__hex(g, hex, buf);
	if (!scheldt__hex_is(g, hex, SCH_HF_COASTAL) || scheldt__hex_is(g, hex, SCH_HF_SEA))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, rule,
		                  "%s is not a coastal hex: assault boats land on coastal hexes",
		                  buf);
	if (group == SCH_GROUP_BEVELAND && d->terneuzen >= 0 &&
	    fm__distance(g, hex, d->terneuzen) > radius)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, rule,
		                  "%s is %d hexes from Terneuzen (%s): the Beveland assault lands "
		                  "within %d hexes of it (16.1, AMB-63)",
		                  buf, fm__distance(g, hex, d->terneuzen),
		                  scheldt__hex(g, d->terneuzen, t), radius);
	if (group == SCH_GROUP_WALCHEREN && !scheldt__hex_is(g, hex, SCH_HF_WALCHEREN))
		return rules_fail(
		    err, WG_E_ILLEGAL_MOVE, rule,
		    "%s is not on Walcheren Island: the Walcheren assault lands on its "
		    "coastal hexes (16.2)",
		    buf);
	if (fm__hex_prohibited(g, hex, unit) ||
	    (fm__def(g, unit)->mobile && scheldt__flooded(g, hex)))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, rule,
		                  "%s may not land in %s: its terrain is prohibited to it",
		                  fm__def(g, unit)->id, buf);
	for (int i = 0; i < g->nunits; i++) {
		if (g->u[i].where != FM_W_MAP || g->u[i].hex != hex || i == unit)
			continue;
		if (fm__side_of(g, i) == d->allied)
			return rules_fail(
			    err, WG_E_ILLEGAL_MOVE, "BS-16.3-01",
			    "%s holds the Allied unit %s: a landing hex is empty or held "
			    "by one German unit (16.3, AMB-67)",
			    buf, fm__def(g, i)->id);
		n++;
		germans++;
	}
	if (n > 1 || germans > 1)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "BS-16.3-01",
		                  "%s holds more than one unit: only one Allied unit may land on "
		                  "one German unit (16.3, AMB-67)",
		                  buf);
	return 0;
}

int scheldt__group_lander(const struct fm_game *g, int group)
{
	const struct scheldt_data *d = scheldt__data(g);

	for (int k = 0; k < d->ngroup[group]; k++) {
		int u = d->group[group][k];
		if (!scheldt__may_land(g, group, u))
			continue;
		for (int h = 0; h < g->sc->map.grid.count; h++)
			if (scheldt__land_hex_ok(g, group, u, h, NULL) == 0)
				return u;
	}
	return -1;
}

int scheldt__may_share(const struct fm_game *g, int unit, int hex)
{
	const struct scheldt_data *d = scheldt__data(g);
	int germans = 0, others = 0;

	/* 16.3-01: a beach assault is the only case of two sides in one hex */
	if (scheldt__cstate(g)->landing != unit)
		return 0;
	for (int i = 0; i < g->nunits; i++)
		if (i != unit && g->u[i].where == FM_W_MAP && g->u[i].hex == hex) {
			if (fm__side_of(g, i) == d->german)
				germans++;
			else
				others++;
		}
	return germans == 1 && others == 0;
}

int scheldt__do_land(struct fm_game *g, struct rules_dice *dice, int side, int argc, char **argv,
                     cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const struct scheldt_data *d = scheldt__data(g);
	struct scheldt_state *st = scheldt__state(g);
	char buf[RULES_HEX_ID_MAX];
	int unit, hex, group, german, rc;
	struct scheldt_landing *l;
	cJSON *f;

	(void)argc;
	unit = fm__unit_arg(g, argv[1], err);
	if (unit < 0)
		return unit;
	hex = fm__hex_parse(g, argv[2]);
	if (hex < 0)
		return rules_fail(err, WG_E_NO_SUCH_HEX, "", "no hex %s on this map", argv[2]);
	if (side != d->allied || fm__side_of(g, unit) != side)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "BS-16.0-01",
		                  "only the Allied player has assault boats, for the units of the "
		                  "Beveland and Walcheren assault groups (16.0)");
	group = group_of(g, unit);
	if (group < 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "BS-16.0-01",
		                  "%s is not a unit of an assault group (16.1, 16.2)",
		                  fm__def(g, unit)->id);
	if (g->phase != FM_PH_MOVEMENT)
		return rules_fail(
		    err, WG_E_WRONG_PHASE, group ? "BS-16.2-01" : "BS-16.1-04",
		    "this is the %s: the %s is declared and its units placed in the "
		    "Allied Movement Phase%s",
		    fm__phase_name(g->phase), group_name[group],
		    g->phase == FM_PH_MOBILE_MOVE ? ", never the Mobile Movement Phase" : "");
	if (!scheldt__may_land(g, group, unit)) {
		if (unit == d->withdraw_unit && g->u[unit].where == FM_W_ELIMINATED)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "BS-13.1-04",
			                  "%s was eliminated and does not return (13.1)",
			                  fm__def(g, unit)->id);
		if (unit == d->withdraw_unit && !st->withdrawn && g->u[unit].where == FM_W_MAP)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "BS-13.1-03",
			                  "%s is still on the map: it returns with the Beveland "
			                  "assault only after its withdrawal (13.1)",
			                  fm__def(g, unit)->id);
		if (g->u[unit].where == FM_W_MAP || scheldt__landed(g, unit) != NULL)
			return rules_fail(err, WG_E_ILLEGAL_ACTION,
			                  group ? "BS-16.2-05" : "BS-16.1-08",
			                  "%s has already landed", fm__def(g, unit)->id);
		return rules_fail(err, WG_E_ILLEGAL_ACTION, group ? "BS-16.2-04" : "BS-16.1-07",
		                  "%s can no longer land: its group's units all landed in the "
		                  "turn of the assault (turn %d)",
		                  fm__def(g, unit)->id, st->declared[group]);
	}
	if (!st->declared[group] && (rc = scheldt__group_ready(g, group, err)) != 0)
		return rc;
	if ((rc = scheldt__land_hex_ok(g, group, unit, hex, err)) != 0)
		return rc;
	if (st->nland >= SCH_MAX_LANDED)
		return rules_fail(err, WG_E_INTERNAL, "", "too many landings");
	german = fm__enemy_in(g, hex, d->allied);
	st->landing = (int16_t)unit;
	rc = fm__arrive(g, unit, hex, err);
	st->landing = -1;
	if (rc)
		return rc;
	if (unit == d->withdraw_unit) {
		g->u[unit].step = 0; /* 13.1-03: it returns at full strength */
		st->withdrawn = 0;
	}
	if (!st->declared[group]) {
		st->declared[group] = (uint8_t)g->turn;
		f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "assault", group ? "walcheren" : "beveland");
		cJSON_AddNumberToObject(f, "turn", g->turn);
		rc = rules_emit(ev, RULES_AUD_PUBLIC, "assault-declared", f,
		                "the Allied player declares the %s", group_name[group]);
		if (rc)
			return rc;
	}
	l = &st->land[st->nland++];
	l->unit = (int16_t)unit;
	l->hex = (int16_t)hex;
	l->german = (int16_t)german;
	l->turn = (uint8_t)g->turn;
	l->group = (uint8_t)group;
	l->boat = 1;
	l->shared = german >= 0;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", fm__def(g, unit)->id);
	cJSON_AddStringToObject(f, "hex", scheldt__hex(g, hex, buf));
	if (german >= 0)
		cJSON_AddStringToObject(f, "shares_with", fm__def(g, german)->id);
	if (german >= 0)
		return rules_emit(
		    ev, RULES_AUD_PUBLIC, "landed", f,
		    "%s lands by assault boat in %s, on the German unit %s: they share "
		    "the hex and %s must attack it this Combat Phase (16.3)",
		    fm__def(g, unit)->id, buf, fm__def(g, german)->id, fm__def(g, unit)->id);
	return rules_emit(ev, RULES_AUD_PUBLIC, "landed", f,
	                  "%s lands by assault boat in %s; it may not move this turn but may "
	                  "attack (16.3)",
	                  fm__def(g, unit)->id, buf);
}
