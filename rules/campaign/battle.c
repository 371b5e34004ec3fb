/*
 * battle.c -- G-3 Attack (9.2) and the battle sequence of 10.1:
 *
 *   play G-3 attack --> COMMIT (both sides at once, secret) --reveal--> placement,
 *   Tactical Advantage, First Fire (rolled) --> FIRST_HITS (the TDA side allocates)
 *   --> Return Fire (rolled) --> [CONVERT: the defender with TA converts hits to
 *   retreats] --> RETURN_HITS (the TA side allocates) --> [RETREAT: each surviving
 *   defender retreats] --> [ADVANCE: the attacker may enter the empty hex]
 *   --> housekeeping
 *
 * Dice (10.1.5): each firing non-artillery unit's effective AF (attacker) or DF
 * (defender), each firing artillery unit's AF as it came into the battle
 * (SC-AMB-09: its First Fire losses do not lower its Return Fire, 10.5.4), the
 * G-4 artillery in range (10.4c), three for Allied air (10.4g); 5 = one hit,
 * 6 = two (10.5.2a).  The defender's hits are reduced by the hex's Terrain
 * Modifier, the battle hexside's and a German fortification's (10.5.5), less
 * one when the Funnies attack (13.1.1).  Readings: SC-AMB-09, 10, 35-46, 49, 50
 * in docs/scenarios/scheldt-campaign-rules.md.
 */
#include "camp_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int after_allocation(struct camp_game *g, struct rules_dice *d, struct rules_events *ev,
                            struct rules_error *err);

/* ---- small facts ---------------------------------------------------------------- */

int camp__eff_af(const struct camp_game *g, int unit)
{
	int v = g->sc->units[unit].af - g->u[unit].hits;
	return v < 0 ? 0 : v;
}

int camp__eff_df(const struct camp_game *g, int unit)
{
	int v = g->sc->units[unit].df - g->u[unit].hits;
	return v < 0 ? 0 : v;
}

static int is_art(const struct camp_game *g, int unit)
{
	return (g->sc->units[unit].classes & CAMP_C_ARTILLERY) != 0;
}

static int alive(const struct camp_game *g, int unit)
{
	return g->u[unit].where == CAMP_W_MAP || g->u[unit].where == CAMP_W_BOX;
}

static int defender(const struct camp_game *g)
{
	return 1 - g->b.attacker;
}

void camp__eliminate(struct camp_game *g, int unit, struct rules_events *ev, const char *why)
{
	struct camp_unit *u = &g->u[unit];
	int partner = u->partner;
	cJSON *f = cJSON_CreateObject();

	u->where = CAMP_W_DEAD;
	u->hex = u->tf = -1;
	u->partner = -1;
	cJSON_AddStringToObject(f, "unit", camp__uid(g, unit));
	cJSON_AddStringToObject(f, "side", camp__side(g, g->sc->units[unit].side));
	rules_emit(ev, RULES_AUD_PUBLIC, "eliminated", f, "%s is eliminated %s", camp__uid(g, unit),
	           why);
	if (partner >= 0) {
		g->u[partner].partner = -1;
		/* 13.1.2f: the passenger lost, the Assault Regiment is lost too */
		if (g->sc->units[partner].special == CAMP_SP_ASSAULT && alive(g, partner))
			camp__eliminate(g, partner, ev, "with the unit it carried (13.1.2)");
	}
	/* 13.1.6c: the designated unit lost, the APC Regiment is lost too */
	if (g->b.stage != CAMP_B_NONE && g->b.apc == unit) {
		for (int i = 0; i < g->nunits; i++)
			if (g->sc->units[i].special == CAMP_SP_APC &&
			    g->sc->units[i].side == g->sc->units[unit].side && alive(g, i) &&
			    camp__unit_hex(g, i) == g->b.from)
				camp__eliminate(g, i, ev, "with the unit it protected (13.1.6)");
		g->b.apc = -1;
	}
}

/* ---- the attack ------------------------------------------------------------------ */

static int mech_left_out(const struct camp_game *g, int unit, int from, int target)
{
	/* 9.2.3: no attack into or out of polder or flooded hexes but along a road */
	return (g->sc->units[unit].classes & CAMP_C_MECH) &&
	       (camp__is_polder(g, from) || camp__is_polder(g, target)) &&
	       !camp__road_side(g, from, target);
}

int camp__attack_check(const struct camp_game *g, int side, int unit, int target, int nnamed,
                       char **named, int16_t *part, int *npart, int *apc, struct rules_error *err)
{
	const struct camp_unit_def *u = &g->sc->units[unit];
	int16_t m[CAMP_MAX_C2 + 2], cand[CAMP_MAX_C2 + 2];
	int n, ncand = 0, from, causeway, fighters = 0, nonart = 0;
	char hb[RULES_HEX_ID_MAX];

	*npart = 0;
	*apc = -1;
	if (g->phase != CAMP_PH_OPS || g->phasing != side)
		return rules_fail(err, WG_E_WRONG_PHASE, "SC-9.2a",
		                  "attacks are made in your own Operations Phase");
	if (u->side != side || g->u[unit].where != CAMP_W_MAP)
		return rules_fail(
		    err, WG_E_ILLEGAL_ATTACK, "SC-3.8a",
		    "%s is not one of your units on the map (a Task Force attacks as a "
		    "whole, by its HQ)",
		    u->id);
	from = g->u[unit].hex;
	camp__hex_id(g, target, hb);
	if (!rules_hex_adjacent(&g->sc->map.grid, from, target))
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "SC-9.2a", "hex %s is not next to %s",
		                  hb, u->id);
	if (!camp__side_in(g, target, 1 - side))
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "SC-9.2a",
		                  "hex %s holds no enemy unit to attack", hb);
	if (camp__water_side(g, from, target) && !g->opt.attack_water &&
	    !(u->special == CAMP_SP_SSF && (g->u[unit].flags & CAMP_F_LANDED))) {
		struct camp_mover mv;
		camp__mover(g, unit, &mv);
		if (!mv.amphibian)
			return rules_fail(
			    err, WG_E_ILLEGAL_ATTACK, "SC-AMB-42",
			    "attacks do not cross estuary or sea hexsides (but the 4th SSF "
			    "from its landing and the 5th Assault Regiment)");
	}
	n = camp__members(g, unit, m);
	if (!u->hq && (g->u[unit].flags & CAMP_F_RECOVERED))
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "SC-7.3.1c",
		                  "%s recovered this turn and may not attack", u->id);
	for (int k = 0; k < n; k++) {
		if (g->u[m[k]].flags & CAMP_F_RECOVERED)
			continue; /* 7.3.1e: recovering units stay out */
		if (mech_left_out(g, m[k], from, target))
			continue; /* 9.2.3b */
		cand[ncand++] = m[k];
	}
	if (nnamed > 0) {
		for (int q = 0; q < nnamed; q++) {
			int x = camp__unit_by_id(g->sc, named[q]), ok = 0;
			if (x < 0)
				return rules_fail(err, WG_E_NO_SUCH_UNIT, "", "no unit '%s'",
				                  named[q]);
			for (int k = 0; k < ncand; k++)
				ok |= cand[k] == x;
			for (int k = 0; k < *npart; k++)
				if (part[k] == x)
					return rules_fail(err, WG_E_BAD_ARGS, "SC-9.2.1b",
					                  "%s is named twice", named[q]);
			if (!ok) {
				if (mech_left_out(g, x, from, target))
					return rules_fail(
					    err, WG_E_ILLEGAL_ATTACK, "SC-9.2.3a",
					    "mechanized %s may not attack into or out of polder "
					    "or flooded hexes but along a road",
					    named[q]);
				if (g->u[x].flags & CAMP_F_RECOVERED)
					return rules_fail(
					    err, WG_E_ILLEGAL_ATTACK, "SC-7.3.1e",
					    "%s recovered this turn and stays out of battles",
					    named[q]);
				return rules_fail(err, WG_E_ILLEGAL_ATTACK, "SC-9.2.1b",
				                  "%s is not a unit of the attacking %s", named[q],
				                  u->id);
			}
			part[(*npart)++] = (int16_t)x;
		}
	} else {
		for (int k = 0; k < ncand; k++)
			part[(*npart)++] = cand[k];
	}
	causeway = camp__causeway_side(g, from, target);
	for (int k = 0; k < *npart; k++) {
		const struct camp_unit_def *p = &g->sc->units[part[k]];
		if (!is_art(g, part[k])) {
			nonart++;
			if (!p->af_boxed && camp__eff_af(g, part[k]) > 0)
				fighters++;
		}
	}
	if (causeway && nonart != 1)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "SC-13.3.1a",
		                  "across the causeway only one non-artillery unit fires: name it "
		                  "(and any artillery) after the hex");
	if (fighters == 0)
		return rules_fail(
		    err, WG_E_ILLEGAL_ATTACK, "SC-9.2.4a",
		    "at least one participating non-artillery unit with an unboxed AF "
		    "above 0 must attack (2.2.1c, 9.2.4)");
	return 0;
}

/* The APC designation "apc=<unit>" (13.1.6a, SC-AMB-46). */
static int apc_check(const struct camp_game *g, int unit, const int16_t *part, int npart,
                     const char *name, int *apc, struct rules_error *err)
{
	int16_t m[CAMP_MAX_C2 + 2];
	int n = camp__members(g, unit, m), present = 0, x = camp__unit_by_id(g->sc, name), in = 0;

	for (int k = 0; k < n; k++)
		if (g->sc->units[m[k]].special == CAMP_SP_APC &&
		    !(g->u[m[k]].flags & CAMP_F_RECOVERED))
			present = 1;
	if (!present || !g->sc->units[unit].hq)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "SC-13.1.6a",
		                  "the APC Regiment is not in the attacking Task Force");
	for (int k = 0; k < npart; k++)
		in |= part[k] == x;
	if (x < 0 || !in)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "SC-13.1.6a",
		                  "'%s' is not a participating unit", name);
	if (!(g->sc->units[x].classes & CAMP_C_INFANTRY) ||
	    (g->sc->units[x].classes & (CAMP_C_MOTOR | CAMP_C_MECH)))
		return rules_fail(
		    err, WG_E_ILLEGAL_ATTACK, "SC-13.1.6a",
		    "the APC Regiment protects a non-motorized infantry-class unit, not "
		    "%s",
		    name);
	*apc = x;
	return 0;
}

int camp__play_attack(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                      cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	struct camp_battle *b = &g->b;
	int unit, target, rc, nnamed = 0, apc = -1;
	char *named[16], *apcname = NULL, hb[RULES_HEX_ID_MAX], fb[RULES_HEX_ID_MAX];

	(void)d;
	if (argc < 5)
		return rules_fail(err, WG_E_BAD_ARGS, "SC-9.2a",
		                  "play G-3 attack <unit> <hex> [<unit> ...] [apc=<unit>]");
	if ((rc = camp__parse_unit(g, argv[3], &unit, err)) != 0 ||
	    (rc = camp__parse_hex(g, argv[4], &target, err)) != 0)
		return rc;
	for (int k = 5; k < argc && nnamed < 16; k++) {
		if (strncasecmp(argv[k], "apc=", 4) == 0)
			apcname = argv[k] + 4;
		else
			named[nnamed++] = argv[k];
	}
	memset(b, 0, sizeof(*b));
	b->apc = -1;
	if ((rc = camp__attack_check(g, side, unit, target, nnamed, named, b->part, &b->npart, &apc,
	                             err)) != 0)
		return rc;
	if (apcname != NULL &&
	    (rc = apc_check(g, unit, b->part, b->npart, apcname, &apc, err)) != 0)
		return rc;
	if ((rc = camp__spend(g, side, 2, err)) != 0)
		return rc;
	b->stage = CAMP_B_COMMIT;
	b->attacker = side;
	b->unit = unit;
	b->from = g->u[unit].hex;
	b->target = target;
	b->apc = apc;
	b->apc_left = apc >= 0;
	for (int s = 0; s < RULES_SIDES; s++)
		b->c[s].react = -1;
	for (int i = 0; i < g->nunits; i++)
		b->hits0[i] = g->u[i].hits;
	g->await = CAMP_AW_COMMIT;
	camp__hex_id(g, target, hb);
	camp__hex_id(g, b->from, fb);
	camp__line(reply, "%s attacks %s from %s: both sides now commit markers (commit ...)",
	           camp__uid(g, unit), hb, fb);
	{
		cJSON *f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "unit", camp__uid(g, unit));
		cJSON_AddStringToObject(f, "side", camp__side(g, side));
		cJSON_AddStringToObject(f, "from", fb);
		cJSON_AddStringToObject(f, "target", hb);
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "attack", f,
		                     "the %s play G-3: %s attacks %s from %s (10.1.1)",
		                     camp__side(g, side), camp__uid(g, unit), hb, fb)) != 0)
			return rc;
	}
	{
		cJSON *f = cJSON_CreateObject(), *p = cJSON_AddArrayToObject(f, "participants");
		for (int k = 0; k < b->npart; k++)
			cJSON_AddItemToArray(p, cJSON_CreateString(camp__uid(g, b->part[k])));
		if (apc >= 0)
			cJSON_AddStringToObject(f, "apc", camp__uid(g, apc));
		return camp__emit_own(ev, g, side, "attack-participants", f,
		                      "%d of your units take part", b->npart);
	}
}

/* ---- commitment (10.2) ------------------------------------------------------------ */

int camp__commit_check(const struct camp_game *g, int side, const struct camp_commit *c,
                       struct rules_error *err)
{
	const struct camp_battle *b = &g->b;
	int need[CAMP_NMARK] = {0, c->g2, c->react >= 0, c->art + c->air};

	for (int k = 0; k < CAMP_NMARK; k++)
		if (need[k] > g->hand[side][k])
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-10.2a",
			                  "you hold %d %s marker%s, not %d", g->hand[side][k],
			                  camp__marker_name(k), g->hand[side][k] == 1 ? "" : "s",
			                  need[k]);
	if (c->g2 > 1)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "SC-AMB-31",
		    "one G-2 per side and battle gives the Tactical Advantage; a second "
		    "has no effect");
	if (side == CAMP_GERMAN && c->air)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-10.4a",
		                  "the German commits a G-4 only as artillery support");
	if (c->art > 1 || c->air > 1)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-10.4b",
		                  "at most one G-4 for artillery%s",
		                  side == CAMP_ALLIED ? " and one for air" : "");
	if (c->react >= 0) {
		const struct camp_unit_def *u = &g->sc->units[c->react];
		int hex = g->u[c->react].hex, half;
		struct camp_mover mv;
		if (!g->opt.reaction)
			return rules_fail(
			    err, WG_E_ILLEGAL_ACTION, "SC-15.1a",
			    "Tactical Reaction is an optional rule this game does not use "
			    "(new ... reaction=on)");
		if (side == b->attacker)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-15.1b",
			                  "only the defender reacts with a G-3");
		if (u->side != side || g->u[c->react].where != CAMP_W_MAP ||
		    !rules_hex_adjacent(&g->sc->map.grid, hex, b->target))
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-15.1c",
			                  "%s is not one of your units next to the attacked hex",
			                  u->id);
		if (camp__in_oz(g, hex, 1 - side))
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-15.1c",
			                  "%s stands in an enemy Operations Zone (SC-AMB-68)",
			                  u->id);
		/* a whole Task Force may react: its units' MF (an HQ has none of its own) */
		camp__mover(g, c->react, &mv);
		{
			int16_t m[CAMP_MAX_C2 + 2];
			int n = camp__members(g, c->react, m), busy = 0;
			for (int k = 0; k < n; k++)
				busy |= (g->u[m[k]].flags & CAMP_F_RECOVERED) != 0;
			if (busy || mv.mf == 0)
				return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-15.1c",
				                  "%s may not move now", u->id);
		}
		if (camp__step(g, &mv, hex, b->target, &half, err) != 0) {
			snprintf(err->rule, sizeof(err->rule), "SC-AMB-68");
			return err->code;
		}
	}
	return 0;
}

static int parse_commit(const struct camp_game *g, int argc, char **argv, int side,
                        struct camp_commit *c, struct rules_error *err)
{
	memset(c, 0, sizeof(*c));
	c->react = -1;
	if (argc == 2 && strcasecmp(argv[1], "none") == 0)
		return 0;
	for (int k = 1; k < argc; k++) {
		char arg[48], *eq;
		int m;
		snprintf(arg, sizeof(arg), "%s", argv[k]);
		eq = strchr(arg, '=');
		if (eq != NULL)
			*eq++ = '\0';
		m = camp__marker_parse(arg);
		if (m == 1 && eq == NULL)
			c->g2++;
		else if (m == 3 && (eq == NULL || strcasecmp(eq, "artillery") == 0 ||
		                    strcasecmp(eq, "art") == 0))
			c->art++;
		else if (m == 3 && strcasecmp(eq, "air") == 0)
			c->air++;
		else if (m == 2 && eq != NULL) {
			if ((c->react = camp__unit_by_id(g->sc, eq)) < 0)
				return rules_fail(err, WG_E_NO_SUCH_UNIT, "", "no unit '%s'", eq);
		} else
			return rules_fail(err, WG_E_BAD_ARGS, "SC-10.2a",
			                  "'%s': commit none | G-2 | G-4 (artillery) | G-4=air | "
			                  "G-3=<unit> (reaction)",
			                  argv[k]);
	}
	(void)side;
	return 0;
}

static void commit_text(const struct camp_commit *c, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	if (c->g2)
		len += (size_t)snprintf(buf + len, n - len, "G-2");
	if (c->art)
		len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%sG-4 (artillery)",
		                        len ? ", " : "");
	if (c->air)
		len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%sG-4 (air)",
		                        len ? ", " : "");
	if (c->react >= 0)
		snprintf(buf + len, len < n ? n - len : 0, "%sG-3 (reaction)", len ? ", " : "");
	if (buf[0] == '\0')
		snprintf(buf, n, "nothing");
}

static int commit_count(const struct camp_commit *c)
{
	return c->g2 + c->art + c->air + (c->react >= 0);
}

static cJSON *commit_json(const struct camp_game *g, const struct camp_commit *c)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddNumberToObject(o, "G-2", c->g2);
	cJSON_AddNumberToObject(o, "artillery", c->art);
	cJSON_AddNumberToObject(o, "air", c->air);
	if (c->react >= 0)
		cJSON_AddStringToObject(o, "reaction", camp__uid(g, c->react));
	return o;
}

static int reveal(struct camp_game *g, struct rules_dice *d, struct rules_events *ev,
                  struct rules_error *err);

int camp__do_commit(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	struct camp_commit c;
	char text[96];
	int rc;

	if (g->b.c[side].locked)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-10.2b",
		                  "your commitment is locked");
	if ((rc = parse_commit(g, argc, argv, side, &c, err)) != 0 ||
	    (rc = camp__commit_check(g, side, &c, err)) != 0)
		return rc;
	g->hand[side][1] -= c.g2;
	g->hand[side][2] -= c.react >= 0;
	g->hand[side][3] -= c.art + c.air;
	c.locked = 1;
	g->b.c[side] = c;
	commit_text(&c, text, sizeof(text));
	camp__line(reply, "you commit %s face down", text);
	{
		cJSON *f = commit_json(g, &c);
		cJSON_AddStringToObject(f, "side", camp__side(g, side));
		if ((rc = camp__emit_own(ev, g, side, "committed", f, "you commit %s", text)) != 0)
			return rc;
	}
	{
		cJSON *f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "side", camp__side(g, side));
		cJSON_AddNumberToObject(f, "markers", commit_count(&c));
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC & ~CAMP_AUD_OWN(side), "committed", f,
		                     "the %s commit %d marker%s face down", camp__side(g, side),
		                     commit_count(&c), commit_count(&c) == 1 ? "" : "s")) != 0)
			return rc;
	}
	if (!g->b.c[1 - side].locked)
		return 0;
	return reveal(g, d, ev, err);
}

/* ---- placement, Tactical Advantage, fire ---------------------------------------------- */

/* The defenders (10.5.2: all in the hex) and the G-4 artillery of each side (10.4c). */
static void placement(struct camp_game *g)
{
	struct camp_battle *b = &g->b;
	int def = defender(g);

	b->ndef = 0;
	for (int i = 0; i < g->nunits && b->ndef < CAMP_MAX_BATTLE; i++)
		if (!g->sc->units[i].hq && g->sc->units[i].side == def && alive(g, i) &&
		    camp__unit_hex(g, i) == b->target)
			b->def[b->ndef++] = (int16_t)i;
	for (int s = 0; s < RULES_SIDES; s++) {
		b->nsup[s] = 0;
		if (!b->c[s].art)
			continue;
		for (int i = 0; i < g->nunits && b->nsup[s] < CAMP_MAX_BATTLE; i++) {
			const struct camp_unit_def *u = &g->sc->units[i];
			int hex = camp__unit_hex(g, i), involved = 0;
			if (u->side != s || !is_art(g, i) || !alive(g, i) || hex < 0 ||
			    camp__eff_af(g, i) == 0 || (g->u[i].flags & CAMP_F_RECOVERED))
				continue;
			for (int k = 0; k < b->npart; k++)
				involved |= b->part[k] == i;
			for (int k = 0; k < b->ndef; k++)
				involved |= b->def[k] == i;
			if (involved)
				continue; /* SC-AMB-35: no double use */
			if (s == b->attacker && !g->opt.idle_artillery) {
				int16_t m[CAMP_MAX_C2 + 2];
				int n = camp__members(g, b->unit, m), mine = 0;
				for (int k = 0; k < n; k++)
					mine |= m[k] == i;
				if (mine)
					continue;
			}
			if (rules_hex_distance(&g->sc->map.grid, hex, b->target) > u->range)
				continue;
			if (camp__isolated(g, hex, s))
				continue; /* 3.2e */
			b->sup[s][b->nsup[s]++] = (int16_t)i;
		}
	}
}

static cJSON *engaged_json(const struct camp_game *g, const int16_t *list, int n)
{
	cJSON *a = cJSON_CreateArray();
	char fac[32];

	for (int k = 0; k < n; k++) {
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "unit", camp__uid(g, list[k]));
		cJSON_AddStringToObject(o, "factors", camp__factors(g, list[k], fac, sizeof(fac)));
		cJSON_AddNumberToObject(o, "hits", g->u[list[k]].hits);
		cJSON_AddItemToArray(a, o);
	}
	return a;
}

static void engaged_text(const struct camp_game *g, const int16_t *list, int n, char *buf,
                         size_t size)
{
	size_t len = 0;
	char fac[32];

	buf[0] = '\0';
	for (int k = 0; k < n; k++)
		len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%s%s %s",
		                        k ? ", " : "", camp__uid(g, list[k]),
		                        camp__factors(g, list[k], fac, sizeof(fac)));
	if (n == 0)
		snprintf(buf, size, "none");
}

/* 1 if the box of HQ tf holds only artillery (9.2.4b: it defends with one die each). */
static int box_all_art(const struct camp_game *g, int tf)
{
	for (int i = 0; i < g->nunits; i++)
		if (g->u[i].where == CAMP_W_BOX && g->u[i].tf == tf && !is_art(g, i))
			return 0;
	return 1;
}

/* Dice of side's fire now (10.1.5, 10.5.4). */
static int fire_dice(const struct camp_game *g, int side)
{
	const struct camp_battle *b = &g->b;
	int dice = 0, all_art = 1;
	const int16_t *list = side == b->attacker ? b->part : b->def;
	int n = side == b->attacker ? b->npart : b->ndef;

	for (int k = 0; k < b->ndef; k++)
		all_art &= is_art(g, b->def[k]);
	for (int k = 0; k < n; k++) {
		int u = list[k];
		const struct camp_unit_def *d = &g->sc->units[u];
		if (is_art(g, u)) {
			/* 10.5.2e, 10.5.4: artillery fires even when eliminated, at its entry
			 * strength (SC-AMB-09); attacked alone, or the only units of a Task Force,
			 * one die each (9.2.4b, SC-AMB-10) */
			int af = d->af - b->hits0[u];
			int alone = side != b->attacker &&
			            (all_art ||
			             (g->u[u].where == CAMP_W_BOX && box_all_art(g, g->u[u].tf)));
			dice += alone ? 1 : (af > 0 ? af : 0);
			continue;
		}
		if (!alive(g, u))
			continue; /* 10.5.4: eliminated units do not fire back */
		if (side == b->attacker)
			dice += camp__eff_af(g, u);
		else if (!d->df_boxed)
			dice += camp__eff_df(g, u);
	}
	for (int k = 0; k < b->nsup[side]; k++)
		dice += camp__eff_af(g, b->sup[side][k]);
	if (side == CAMP_ALLIED && b->c[side].air)
		dice += 3; /* 10.4g */
	return dice;
}

/* The defender's reduction of hits (10.5.5, 13.1.1, 13.2.3). */
static int reduction(const struct camp_game *g)
{
	const struct camp_battle *b = &g->b;
	int r = camp__hex_tm(g, b->target) + camp__side_tm(g, b->from, b->target);

	if (defender(g) == CAMP_GERMAN && camp__hex_fort(g, b->target))
		r += 1; /* 13.2.3: German defenders only, counted once (SC-AMB-60) */
	if (b->attacker == CAMP_ALLIED) {
		int funnies = 0;
		for (int k = 0; k < b->npart; k++)
			funnies |= g->sc->units[b->part[k]].special == CAMP_SP_FUNNIES;
		if (funnies && r > 0)
			r -= 1; /* 13.1.1b: only an existing reduction */
	}
	return r;
}

static int roll_fire(struct camp_game *g, struct rules_dice *d, int which, struct rules_events *ev)
{
	struct camp_battle *b = &g->b;
	struct camp_fire *f = &b->fire[which];
	int side = which == 0 ? b->ta : 1 - b->ta, rc;
	cJSON *o = cJSON_CreateObject(), *dice = cJSON_AddArrayToObject(o, "dice");
	char list[400], red[96];
	size_t len = 0;

	memset(f, 0, sizeof(*f));
	f->side = side;
	f->dice = fire_dice(g, side);
	list[0] = '\0';
	for (int k = 0; k < f->dice; k++) {
		int v = rules_dice_roll(d, 6);
		cJSON_AddItemToArray(dice, cJSON_CreateNumber(v));
		if (v == 5)
			f->fives++;
		else if (v == 6)
			f->sixes++;
		len += (size_t)snprintf(list + len, len < sizeof(list) ? sizeof(list) - len : 0,
		                        " %d", v);
	}
	f->raw = f->fives + 2 * f->sixes;
	f->reduction = side == b->attacker ? reduction(g) : 0;
	f->net = f->raw > f->reduction ? f->raw - f->reduction : 0;
	cJSON_AddStringToObject(o, "side", camp__side(g, side));
	cJSON_AddStringToObject(o, "fire", which == 0 ? "first" : "return");
	cJSON_AddNumberToObject(o, "count", f->dice);
	cJSON_AddNumberToObject(o, "hits", f->raw);
	cJSON_AddNumberToObject(o, "reduction", f->reduction);
	cJSON_AddNumberToObject(o, "net", f->net);
	b->left = f->net;
	b->alloc_side = 1 - side;
	red[0] = '\0';
	if (f->reduction > 0)
		snprintf(red, sizeof(red),
		         "; the defender's terrain reduces them by %d to %d (10.5.5)", f->reduction,
		         f->net);
	rc = rules_emit(ev, RULES_AUD_PUBLIC, "fire", o,
	                "%s Fire: the %s roll %d dice:%s = %d hit%s%s",
	                which == 0 ? "First" : "Return", camp__side(g, side), f->dice,
	                f->dice ? list : " none", f->raw, f->raw == 1 ? "" : "s", red);
	return rc;
}

/* ---- hits (10.5.2) --------------------------------------------------------------------- */

/* The units the allocating side has in the battle, and its HQs that may take a hit. */
static int involved(const struct camp_game *g, int unit)
{
	const struct camp_battle *b = &g->b;

	if (g->sc->units[unit].side == b->attacker) {
		for (int k = 0; k < b->npart; k++)
			if (b->part[k] == unit)
				return 1;
		return g->sc->units[unit].hq && unit == b->unit;
	}
	for (int k = 0; k < b->ndef; k++)
		if (b->def[k] == unit)
			return 1;
	return g->sc->units[unit].hq && camp__unit_hex(g, unit) == b->target;
}

static int tu_room(const struct camp_game *g, int unit)
{
	const struct camp_unit_def *d = &g->sc->units[unit];
	int room;

	if (!alive(g, unit) || !involved(g, unit) || d->hq)
		return 0;
	if (d->classes & CAMP_C_FRAGILE)
		return 1; /* 13.1.1d, 13.1.6e: eliminated by any hit */
	room = d->df - g->u[unit].hits;
	if (g->b.apc == unit && g->b.apc_left)
		room++; /* SC-AMB-46 */
	return room > 0 ? room : 0;
}

static int side_tu_room(const struct camp_game *g, int side)
{
	int room = 0;

	for (int i = 0; i < g->nunits; i++)
		if (g->sc->units[i].side == side)
			room += tu_room(g, i);
	return room;
}

int camp__hit_room(const struct camp_game *g, int unit)
{
	const struct camp_unit_def *d = &g->sc->units[unit];

	if (d->side != g->b.alloc_side)
		return 0;
	if (d->hq) {
		/* 10.5.2h: only when its Task Force has no unit left and hits remain */
		if (g->u[unit].where != CAMP_W_MAP || !involved(g, unit))
			return 0;
		return camp__box_count(g, unit) == 0 && side_tu_room(g, d->side) == 0;
	}
	return tu_room(g, unit);
}

/* 1 if unit belongs to a defending unit that cannot retreat the hexes converted and so
 * must be eliminated by the hits left (SC-AMB-39). */
static int is_pathless(const struct camp_game *g, int unit)
{
	int16_t r[CAMP_MAX_BATTLE];
	int n;

	if (g->b.retreat_len == 0 || g->b.alloc_side != defender(g))
		return 0;
	n = camp__retreaters(g, r);
	for (int k = 0; k < n; k++) {
		int16_t m[CAMP_MAX_C2 + 2];
		int nm = camp__members(g, r[k], m), in = 0;
		for (int q = 0; q < nm; q++)
			in |= m[q] == unit;
		if (in)
			return !camp__can_retreat(g, r[k], g->b.retreat_len);
	}
	return 0;
}

static int pathless_room(const struct camp_game *g)
{
	int room = 0;

	for (int i = 0; i < g->nunits; i++)
		if (g->sc->units[i].side == g->b.alloc_side && is_pathless(g, i))
			room += tu_room(g, i);
	return room;
}

int camp__hit_ok(const struct camp_game *g, int unit)
{
	int need;

	if (camp__hit_room(g, unit) <= 0)
		return 0;
	need = pathless_room(g);
	/* a hit elsewhere must leave enough for the units that must be eliminated */
	return need == 0 || is_pathless(g, unit) || g->b.left - 1 >= need;
}

/* Gives one hit to unit (checked). */
static void give_hit(struct camp_game *g, int unit, struct rules_events *ev)
{
	const struct camp_unit_def *d = &g->sc->units[unit];
	struct camp_unit *u = &g->u[unit];

	g->b.left--;
	if (d->hq) {
		cJSON *f = cJSON_CreateObject();
		g->b.hq_hits++;
		u->where = CAMP_W_DEAD;
		u->hex = -1;
		cJSON_AddStringToObject(f, "unit", d->id);
		cJSON_AddStringToObject(f, "side", camp__side(g, d->side));
		rules_emit(ev, RULES_AUD_PUBLIC, "eliminated", f,
		           "HQ %s takes a hit with no unit left: eliminated, it cannot be rebuilt "
		           "(10.5.2)",
		           d->id);
		return;
	}
	if (g->b.apc == unit && g->b.apc_left) {
		g->b.apc_left = 0; /* 13.1.6b: the APC cancels one hit */
		rules_emit(ev, RULES_AUD_PUBLIC, "apc", NULL,
		           "the APC Regiment's protection cancels one hit on %s (13.1.6)", d->id);
		return;
	}
	u->hits++;
	if ((d->classes & CAMP_C_FRAGILE) || u->hits >= d->df) {
		u->hits = 0;
		camp__eliminate(g, unit, ev, "in battle (10.5.2)");
	}
}

/* Allocates while the allocation is forced (every unit that can take hits dies, or one
 * unit alone can take them): 1 when nothing is left to allocate (hits nobody can absorb
 * are lost, 10.5.2i), 0 when the owner must choose the rest. */
static int auto_allocate(struct camp_game *g, struct rules_events *ev)
{
	int side = g->b.alloc_side;

	while (g->b.left > 0) {
		int total = 0, takers = 0, best = -1;
		for (int i = 0; i < g->nunits; i++) {
			int room = g->sc->units[i].side == side ? camp__hit_room(g, i) : 0;
			if (room <= 0)
				continue;
			total += room;
			takers++;
			if (camp__hit_ok(g, i) && (best < 0 || room > camp__hit_room(g, best)))
				best = i;
		}
		if (takers == 0) {
			g->b.left = 0;
			break;
		}
		if ((takers > 1 && total > g->b.left) || best < 0)
			return 0;
		give_hit(g, best, ev);
	}
	return 1;
}

/* ---- retreats (10.5.5, 10.5.6) ------------------------------------------------------------ */

int camp__retreaters(const struct camp_game *g, int16_t *out)
{
	int n = 0;

	for (int i = 0; i < g->nunits && n < CAMP_MAX_BATTLE; i++) {
		const struct camp_unit_def *d = &g->sc->units[i];
		if (d->side != defender(g) || g->u[i].where != CAMP_W_MAP ||
		    g->u[i].hex != g->b.target || (d->classes & CAMP_C_COASTAL))
			continue;
		if (!d->hq && g->u[i].partner >= 0 && g->sc->units[i].special == CAMP_SP_ASSAULT)
			continue; /* the passenger leads the pair */
		out[n++] = (int16_t)i;
	}
	return n;
}

struct rpath {
	const struct camp_game *g;
	struct camp_mover mv;
	int n;
	int path[8];
	void (*fn)(void *ctx, const int *path, int n);
	void *ctx;
	int count;
};

static void rsearch(struct rpath *r, int depth)
{
	const struct camp_game *g = r->g;
	int at = depth == 0 ? g->b.target : r->path[depth - 1];
	struct rules_error e;

	if (depth == r->n) {
		r->count++;
		if (r->fn != NULL)
			r->fn(r->ctx, r->path, r->n);
		return;
	}
	for (int d = 0; d < RULES_HEX_DIRS; d++) {
		int b = rules_hex_neighbour(&g->sc->map.grid, at, d), half;
		if (b < 0 || rules_hex_distance(&g->sc->map.grid, g->b.target, b) != depth + 1)
			continue;
		if (camp__step(g, &r->mv, at, b, &half, &e) != 0 || camp__is_sea(g, b))
			continue;
		if (camp__uncontested_enemy_oz(g, b, r->mv.side))
			continue; /* 10.5.6a */
		r->path[depth] = b;
		rsearch(r, depth + 1);
		if (r->fn == NULL && r->count > 0)
			return;
	}
}

int camp__retreat_paths(const struct camp_game *g, int unit, int n,
                        void (*fn)(void *ctx, const int *path, int n), void *ctx)
{
	struct rpath r;

	memset(&r, 0, sizeof(r));
	if (n <= 0 || n > 8)
		return 0;
	if (camp__isolated(g, g->b.target, defender(g)))
		return 0; /* 3.2d */
	r.g = g;
	camp__mover(g, unit, &r.mv);
	r.mv.amphibian = 0;
	r.mv.mech = r.mv.motor; /* 10.5.6d: motorized units too (SC-AMB-44) */
	if (r.mv.mf == 0)
		return 0;
	r.n = n;
	r.fn = fn;
	r.ctx = ctx;
	rsearch(&r, 0);
	return r.count;
}

int camp__can_retreat(const struct camp_game *g, int unit, int n)
{
	return camp__retreat_paths(g, unit, n, NULL, NULL) > 0;
}

int camp__max_retreats(const struct camp_game *g)
{
	const struct camp_battle *b = &g->b;
	int16_t r[CAMP_MAX_BATTLE];
	int nr, max = (b->left + 1) / 2, best = 0;

	if (b->stage != CAMP_B_CONVERT || b->ta != defender(g))
		return 0;
	nr = camp__retreaters(g, r);
	if (nr == 0)
		return 0; /* coastal artillery alone: no conversion (SC-AMB-40) */
	for (int n = 1; n <= max && n <= 8; n++) {
		int need = 0;
		for (int k = 0; k < nr; k++) {
			int16_t m[CAMP_MAX_C2 + 2];
			int nm;
			if (camp__can_retreat(g, r[k], n))
				continue;
			nm = camp__members(g, r[k], m);
			for (int q = 0; q < nm; q++)
				need += (g->sc->units[m[q]].classes & CAMP_C_FRAGILE)
				            ? 1 /* 13.1.1d, 13.1.6e: one hit kills it */
				            : g->sc->units[m[q]].df - g->u[m[q]].hits;
		}
		/* the hits left after conversion must eliminate every unit that cannot retreat */
		if (need <= b->left - n)
			best = n;
	}
	return best;
}

/* ---- the stages ------------------------------------------------------------------------- */

static int housekeeping(struct camp_game *g, struct rules_events *ev)
{
	struct camp_battle *b = &g->b;
	char hb[RULES_HEX_ID_MAX];
	int rc;

	if (g->sc->units[b->unit].special == CAMP_SP_SSF)
		g->u[b->unit].flags &= (uint8_t)~CAMP_F_LANDED; /* 13.1.4e: the first attack only */
	rc = rules_emit(ev, RULES_AUD_PUBLIC, "battle-over", NULL,
	                "the battle for %s is over (10.1.7)", camp__hex_id(g, b->target, hb));
	b->stage = CAMP_B_NONE;
	g->await = CAMP_AW_PHASE;
	camp__tidy(g, ev);
	return rc;
}

static int go_advance(struct camp_game *g, struct rules_events *ev)
{
	struct rules_error e;

	if (camp__occupied(g, g->b.target) || camp__advance_check(g, &e) != 0)
		return housekeeping(g, ev);
	g->b.stage = CAMP_B_ADVANCE;
	g->await = CAMP_AW_ADVANCE;
	return 0;
}

static int go_retreat(struct camp_game *g, struct rules_events *ev)
{
	int16_t r[CAMP_MAX_BATTLE];

	if (g->b.retreat_len > 0 && camp__retreaters(g, r) > 0) {
		g->b.stage = CAMP_B_RETREAT;
		g->await = CAMP_AW_RETREAT;
		return 0;
	}
	return go_advance(g, ev);
}

static int go_alloc(struct camp_game *g, struct rules_dice *d, struct rules_events *ev,
                    struct rules_error *err)
{
	if (g->b.left > 0 && !auto_allocate(g, ev)) {
		g->await = CAMP_AW_HITS;
		return 0;
	}
	return after_allocation(g, d, ev, err);
}

static int return_fire(struct camp_game *g, struct rules_dice *d, struct rules_events *ev,
                       struct rules_error *err)
{
	int rc;

	if ((rc = roll_fire(g, d, 1, ev)) != 0)
		return rc;
	g->b.stage = CAMP_B_CONVERT;
	if (g->b.left > 0 && camp__max_retreats(g) > 0) {
		g->await = CAMP_AW_RETREATS;
		return 0;
	}
	g->b.stage = CAMP_B_RETURN_HITS;
	return go_alloc(g, d, ev, err);
}

static int after_allocation(struct camp_game *g, struct rules_dice *d, struct rules_events *ev,
                            struct rules_error *err)
{
	camp__hqs_off(g, ev); /* 10.5.2g: no hits left, the empty HQs go to the mat */
	if (g->b.stage == CAMP_B_FIRST_HITS)
		return return_fire(g, d, ev, err);
	return go_retreat(g, ev);
}

static int reveal(struct camp_game *g, struct rules_dice *d, struct rules_events *ev,
                  struct rules_error *err)
{
	struct camp_battle *b = &g->b;
	char a[96], c[96], att[600], def[600], sup[300];
	int rc, defs = defender(g);

	commit_text(&b->c[b->attacker], a, sizeof(a));
	commit_text(&b->c[defs], c, sizeof(c));
	{
		cJSON *f = cJSON_CreateObject();
		cJSON_AddItemToObject(f, camp__side(g, b->attacker),
		                      commit_json(g, &b->c[b->attacker]));
		cJSON_AddItemToObject(f, camp__side(g, defs), commit_json(g, &b->c[defs]));
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "commitments", f,
		                     "commitments revealed: the %s %s; the %s %s (10.2)",
		                     camp__side(g, b->attacker), a, camp__side(g, defs), c)) != 0)
			return rc;
	}
	if (b->c[defs].react >= 0) {
		/* 15.1: one unit moves into the attacked hex and defends with the others */
		int u = b->c[defs].react;
		char from[RULES_HEX_ID_MAX], to[RULES_HEX_ID_MAX];
		camp__hex_id(g, g->u[u].hex, from);
		camp__put(g, u, b->target);
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "reaction", NULL,
		                     "Tactical Reaction: %s moves %s-%s into the battle (15.1)",
		                     camp__uid(g, u), from, camp__hex_id(g, b->target, to))) != 0)
			return rc;
	}
	placement(g);
	/* 10.3, 8.1: the defender keeps TA unless only the attacker committed a G-2 */
	b->ta = b->c[b->attacker].g2 > 0 && b->c[defs].g2 == 0 ? b->attacker : defs;
	if (g->sc->units[b->unit].special == CAMP_SP_SSF && (g->u[b->unit].flags & CAMP_F_LANDED))
		b->ta = b->attacker; /* 13.1.4e */
	engaged_text(g, b->part, b->npart, att, sizeof(att));
	engaged_text(g, b->def, b->ndef, def, sizeof(def));
	{
		cJSON *f = cJSON_CreateObject();
		size_t len = 0;
		cJSON_AddItemToObject(f, "attackers", engaged_json(g, b->part, b->npart));
		cJSON_AddItemToObject(f, "defenders", engaged_json(g, b->def, b->ndef));
		sup[0] = '\0';
		for (int s = 0; s < RULES_SIDES; s++) {
			char t[200];
			cJSON_AddItemToObject(
			    f, s == b->attacker ? "attacker_support" : "defender_support",
			    engaged_json(g, b->sup[s], b->nsup[s]));
			if (b->nsup[s] == 0)
				continue;
			engaged_text(g, b->sup[s], b->nsup[s], t, sizeof(t));
			len +=
			    (size_t)snprintf(sup + len, len < sizeof(sup) ? sizeof(sup) - len : 0,
			                     "; %s artillery support: %s", camp__side(g, s), t);
		}
		cJSON_AddStringToObject(f, "tactical_advantage", camp__side(g, b->ta));
		if ((rc = rules_emit(
		         ev, RULES_AUD_PUBLIC, "battle", f,
		         "battle display: %s attack with %s; the %s defend with %s%s. The "
		         "%s have the Tactical Advantage",
		         camp__side(g, b->attacker), att, camp__side(g, defs), def, sup,
		         camp__side(g, b->ta))) != 0)
			return rc;
	}
	if ((rc = roll_fire(g, d, 0, ev)) != 0)
		return rc;
	b->stage = CAMP_B_FIRST_HITS;
	return go_alloc(g, d, ev, err);
}

int camp__do_hits(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                  cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int rc, gave = 0;
	char text[300];
	size_t len = 0;
	cJSON *f, *alloc;

	if (g->phase == CAMP_PH_SETUP_HITS)
		return camp__setup_hits(g, d, side, argc, argv, reply, ev, err);
	if (g->await != CAMP_AW_HITS)
		return rules_fail(err, WG_E_WRONG_PHASE, "SC-10.5.2b", "no hits to allocate now");
	f = cJSON_CreateObject();
	alloc = cJSON_AddObjectToObject(f, "hits");
	text[0] = '\0';
	for (int k = 1; k < argc; k++) {
		char arg[64], *eq;
		int unit, n;
		snprintf(arg, sizeof(arg), "%s", argv[k]);
		eq = strchr(arg, '=');
		if (eq == NULL) {
			n = 1;
		} else {
			*eq = '\0';
			n = atoi(eq + 1);
			if (eq[1] < '0' || eq[1] > '9' || n < 1) {
				cJSON_Delete(f);
				return rules_fail(err, WG_E_BAD_ARGS, "SC-10.5.2b",
				                  "'%s': write <unit>=<hits>", argv[k]);
			}
		}
		if ((rc = camp__parse_unit(g, arg, &unit, err)) != 0) {
			cJSON_Delete(f);
			return rc;
		}
		for (int q = 0; q < n; q++) {
			const struct camp_unit_def *u = &g->sc->units[unit];
			rc = 0;
			if (g->b.left == 0)
				rc = rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-10.5.2b",
				                "only %d hits were to be allocated", gave);
			else if (camp__hit_room(g, unit) <= 0) {
				if (u->side != side || !involved(g, unit))
					rc = rules_fail(
					    err, WG_E_ILLEGAL_ACTION, "SC-10.5.2b",
					    "%s is not one of your units in this battle", u->id);
				else if (u->hq)
					rc = rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-10.5.2h",
					                "HQ %s takes a hit only when its Task "
					                "Force has no unit "
					                "left and no other unit can take it",
					                u->id);
				else
					rc = rules_fail(
					    err, WG_E_ILLEGAL_ACTION, "SC-10.5.2f",
					    "%s cannot take more hits than its DF; others must",
					    u->id);
			} else if (!camp__hit_ok(g, unit))
				rc = rules_fail(
				    err, WG_E_ILLEGAL_ACTION, "SC-AMB-39",
				    "the units that cannot retreat must take the hits first "
				    "(retreats were converted)");
			if (rc != 0) {
				cJSON_Delete(f);
				return rc;
			}
			give_hit(g, unit, ev);
			gave++;
		}
		cJSON_AddNumberToObject(alloc, camp__uid(g, unit), n);
		len += (size_t)snprintf(text + len, len < sizeof(text) ? sizeof(text) - len : 0,
		                        "%s%s %d", len ? ", " : "", camp__uid(g, unit), n);
	}
	camp__line(reply, "%d hit%s allocated, %d left", gave, gave == 1 ? "" : "s", g->b.left);
	cJSON_AddStringToObject(f, "side", camp__side(g, side));
	cJSON_AddNumberToObject(f, "left", g->b.left);
	if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "hits", f, "the %s allocate hits: %s (%d left)",
	                     camp__side(g, side), text, g->b.left)) != 0)
		return rc;
	if (g->b.left > 0 && auto_allocate(g, ev) == 0)
		return 0;
	return after_allocation(g, d, ev, err);
}

int camp__do_retreats(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                      cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int n = atoi(argv[1]), max = camp__max_retreats(g), rc;

	(void)argc;
	if (argv[1][0] < '0' || argv[1][0] > '9' || n < 0)
		return rules_fail(err, WG_E_BAD_ARGS, "SC-10.5.5g", "retreats <n>");
	if (n > max)
		return rules_fail(err, WG_E_ILLEGAL_RETREAT,
		                  n > (g->b.left + 1) / 2 ? "SC-10.5.5g" : "SC-10.5.6f",
		                  "you may convert at most %d hits to retreats now", max);
	g->b.left -= n;
	g->b.retreat_len = n;
	g->b.fire[1].retreats = n;
	g->b.stage = CAMP_B_RETURN_HITS;
	camp__line(reply, "%d hit%s converted to retreats; %d to allocate", n, n == 1 ? "" : "s",
	           g->b.left);
	{
		cJSON *f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "side", camp__side(g, side));
		cJSON_AddNumberToObject(f, "retreats", n);
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "retreats", f,
		                     "the %s convert %d hit%s to retreats (10.5.5)",
		                     camp__side(g, side), n, n == 1 ? "" : "s")) != 0)
			return rc;
	}
	return go_alloc(g, d, ev, err);
}

struct path_match {
	const int *want;
	int n, found;
};

static void match_path(void *ctx, const int *path, int n)
{
	struct path_match *m = ctx;

	if (n == m->n && memcmp(path, m->want, (size_t)n * sizeof(int)) == 0)
		m->found = 1;
}

int camp__do_retreat(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                     cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int16_t r[CAMP_MAX_BATTLE];
	int unit, path[8], n = argc - 2, nr = camp__retreaters(g, r), ok = 0, rc;
	struct path_match m;
	char text[120], hb[RULES_HEX_ID_MAX];
	size_t len = 0;

	(void)d;
	if ((rc = camp__parse_unit(g, argv[1], &unit, err)) != 0)
		return rc;
	for (int k = 0; k < nr; k++)
		ok |= r[k] == unit;
	if (!ok)
		return rules_fail(
		    err, WG_E_ILLEGAL_RETREAT, "SC-10.5.6a",
		    "%s is not one of your units still to retreat (HQs retreat with their "
		    "boxes)",
		    argv[1]);
	if (n != g->b.retreat_len)
		return rules_fail(err, WG_E_ILLEGAL_RETREAT, "SC-10.5.5h",
		                  "each unit retreats exactly %d hex%s", g->b.retreat_len,
		                  g->b.retreat_len == 1 ? "" : "es");
	for (int k = 0; k < n; k++)
		if ((rc = camp__parse_hex(g, argv[2 + k], &path[k], err)) != 0)
			return rc;
	m.want = path;
	m.n = n;
	m.found = 0;
	camp__retreat_paths(g, unit, n, match_path, &m);
	if (!m.found)
		return rules_fail(
		    err, WG_E_ILLEGAL_RETREAT, "SC-10.5.6a",
		    "that is no legal retreat: each hex further from the battle, never "
		    "into enemy units or an uncontested enemy Operations Zone, over ground "
		    "the unit may cross");
	camp__put(g, unit, path[n - 1]);
	for (int k = 0; k < n; k++)
		len += (size_t)snprintf(text + len, len < sizeof(text) ? sizeof(text) - len : 0,
		                        "%s%s", k ? "-" : "", camp__hex_id(g, path[k], hb));
	camp__line(reply, "%s retreats to %s", camp__uid(g, unit), text);
	{
		cJSON *f = cJSON_CreateObject(), *p = cJSON_AddArrayToObject(f, "path");
		cJSON_AddStringToObject(f, "unit", camp__uid(g, unit));
		cJSON_AddStringToObject(f, "side", camp__side(g, side));
		for (int k = 0; k < n; k++)
			cJSON_AddItemToArray(p, cJSON_CreateString(camp__hex_id(g, path[k], hb)));
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "retreat", f,
		                     "%s retreats %s-%s (10.5.6)", camp__uid(g, unit),
		                     camp__hex_id(g, g->b.target, hb), text)) != 0)
			return rc;
	}
	if (camp__retreaters(g, r) > 0)
		return 0;
	return go_advance(g, ev);
}

int camp__advance_check(const struct camp_game *g, struct rules_error *err)
{
	const struct camp_battle *b = &g->b;
	int16_t m[CAMP_MAX_C2 + 2];
	int n, half;
	struct camp_mover mv;

	if (camp__occupied(g, b->target))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-10.5.6g", "the hex is not empty");
	if (g->u[b->unit].where != CAMP_W_MAP || g->u[b->unit].hex != b->from)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "SC-10.5.6g",
		                  "the attacking unit is no longer there");
	n = camp__members(g, b->unit, m);
	for (int k = 0; k < n; k++)
		if ((g->u[m[k]].flags & CAMP_F_CROSSED) || g->sc->units[m[k]].mf == 0)
			return rules_fail(
			    err, WG_E_ILLEGAL_MOVE, "SC-AMB-41",
			    "%s may not advance (it crossed the Scheldt or never moves)",
			    camp__uid(g, m[k]));
	if (g->sc->units[b->unit].special == CAMP_SP_SSF && camp__is_sea(g, b->from))
		return 0; /* the SSF lands in the town it took (SC-AMB-51) */
	camp__mover(g, b->unit, &mv);
	return camp__step(g, &mv, b->from, b->target, &half, err);
}

int camp__do_advance(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                     cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int rc;
	char hb[RULES_HEX_ID_MAX];

	(void)d;
	(void)argc;
	if (strcasecmp(argv[1], "no") == 0) {
		camp__line(reply, "no advance");
		return housekeeping(g, ev);
	}
	if (strcasecmp(argv[1], "yes") != 0)
		return rules_fail(err, WG_E_BAD_ARGS, "SC-10.5.6g", "advance yes | advance no");
	if ((rc = camp__advance_check(g, err)) != 0)
		return rc;
	camp__put(g, g->b.unit, g->b.target);
	camp__line(reply, "%s advances into %s", camp__uid(g, g->b.unit),
	           camp__hex_id(g, g->b.target, hb));
	{
		cJSON *f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "unit", camp__uid(g, g->b.unit));
		cJSON_AddStringToObject(f, "side", camp__side(g, side));
		cJSON_AddStringToObject(f, "hex", hb);
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "advance", f,
		                     "%s advances into %s (10.5.6)", camp__uid(g, g->b.unit),
		                     hb)) != 0)
			return rc;
	}
	return housekeeping(g, ev);
}
