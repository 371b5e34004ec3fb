/*
 * admin.c -- G-1 Administration (7.0) and the set-up (4.0).
 *
 * G-1 markers are played only in the owner's Preparation Phase (SC-7.0a), one
 * action each: reinforcements (7.1; the parachute brigades 13.1.3, the 4th
 * SSF 13.1.4, the 51st Division 13.1.5, scratch battalions 13.2.2), a regroup
 * around one HQ (7.2, a small dialogue: attach, detach, done), an empty HQ
 * placed on detached units to form a Task Force (7.2.1), recovery (7.3) and
 * the 5th Assault Regiment taking on its passenger (13.1.2).
 *
 * The set-up runs: [free set-up, 15.2] -> random set-up hits per Task Force
 * (4.0, SC-AMB-02) -> the scratch battalions drawn and placed (13.2.2) ->
 * both hands chosen in secret (hand.c).
 *
 * Secrecy: a holding box's contents are the owner's (8.0).  Events about a
 * box go to the owner; the public hears what the table shows: a marker
 * played, a die rolled, a counter leaving or reaching the map.
 */
#include "camp_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- helpers ------------------------------------------------------------------- */

static int emit_pub(struct rules_events *ev, const char *type, cJSON *f, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int emit_pub(struct rules_events *ev, const char *type, cJSON *f, const char *fmt, ...)
{
	char buf[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return rules_emit(ev, RULES_AUD_PUBLIC, type, f, "%s", buf);
}

static cJSON *unit_fields(const struct camp_game *g, int unit, int hex)
{
	cJSON *f = cJSON_CreateObject();
	char hb[RULES_HEX_ID_MAX];

	cJSON_AddStringToObject(f, "unit", camp__uid(g, unit));
	cJSON_AddStringToObject(f, "side", camp__side(g, g->sc->units[unit].side));
	if (hex >= 0)
		cJSON_AddStringToObject(f, "hex", camp__hex_id(g, hex, hb));
	return f;
}

/* 7.2.1e/f: may unit serve in HQ tf's box (with what is there already)? */
static int nationality_ok(const struct camp_game *g, int unit, int tf, struct rules_error *err)
{
	const struct camp_unit_def *u = &g->sc->units[unit], *h = &g->sc->units[tf];
	int strict = u->nat == CAMP_NAT_POLISH || u->nat == CAMP_NAT_US;

	if ((strict || h->nat == CAMP_NAT_POLISH || h->nat == CAMP_NAT_US) && u->nat != h->nat)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "SC-7.2.1f",
		    "%s (%s) may not serve under %s (%s): Polish and US units form Task "
		    "Forces only with their own",
		    u->id, camp__nat_name(u->nat), h->id, camp__nat_name(h->nat));
	for (int i = 0; i < g->nunits; i++)
		if (g->u[i].where == CAMP_W_BOX && g->u[i].tf == tf && i != unit) {
			int n = g->sc->units[i].nat;
			if ((strict || n == CAMP_NAT_POLISH || n == CAMP_NAT_US) && n != u->nat)
				return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.2.1f",
				                  "%s (%s) may not join %s (%s) in the box of %s",
				                  u->id, camp__nat_name(u->nat), g->sc->units[i].id,
				                  camp__nat_name(n), h->id);
		}
	return 0;
}

/* The common checks of putting unit into tf's box (C2, coastal artillery, HQs). */
static int box_ok(const struct camp_game *g, int unit, int tf, struct rules_error *err)
{
	const struct camp_unit_def *u = &g->sc->units[unit], *h = &g->sc->units[tf];

	if (u->hq)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.2.1c",
		                  "%s is an HQ: HQs may not be attached to other HQs", u->id);
	if (!h->hq || h->side != u->side)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-3.3a", "%s is not an HQ of yours",
		                  h->id);
	if (u->classes & CAMP_C_COASTAL)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "SC-13.2.1c",
		    "coastal artillery always acts detached and may never be part of a "
		    "Task Force");
	if (!(g->u[unit].where == CAMP_W_BOX && g->u[unit].tf == tf) &&
	    camp__box_count(g, tf) >= g->sc->c2[u->side])
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.2.1d",
		                  "the box of %s is full: a Task Force holds at most %d units (C2)",
		                  h->id, g->sc->c2[u->side]);
	return nationality_ok(g, unit, tf, err);
}

static void unpair(struct camp_game *g, int unit)
{
	int p = g->u[unit].partner;

	if (p >= 0)
		g->u[p].partner = -1;
	g->u[unit].partner = -1;
}

void camp__put(struct camp_game *g, int unit, int hex)
{
	g->u[unit].where = CAMP_W_MAP;
	g->u[unit].hex = (int16_t)hex;
	g->u[unit].tf = -1;
	if (g->u[unit].partner >= 0) {
		int p = g->u[unit].partner;
		g->u[p].where = CAMP_W_MAP;
		g->u[p].hex = (int16_t)hex;
	}
	/* 13.3.3: the dikes may be broken only until an Allied unit enters Walcheren */
	if (g->sc->units[unit].side == CAMP_ALLIED && camp__in_zone(g, hex, g->sc->z_walcheren) &&
	    !camp__is_sea(g, hex))
		g->walcheren_entered = 1;
}

void camp__hqs_off(struct camp_game *g, struct rules_events *ev)
{
	for (int i = 0; i < g->nunits; i++) {
		struct camp_unit *u = &g->u[i];
		if (g->sc->units[i].hq && u->where == CAMP_W_MAP && camp__box_count(g, i) == 0) {
			char hb[RULES_HEX_ID_MAX];
			/* 3.7c, 10.5.2g: an HQ without units goes to its box on the OOB mat */
			emit_pub(
			    ev, "hq-off-map", unit_fields(g, i, u->hex),
			    "%s leaves the map from %s: its Task Force has no units left (3.7c)",
			    camp__uid(g, i), camp__hex_id(g, u->hex, hb));
			u->where = CAMP_W_MAT;
			u->hex = -1;
		}
	}
}

void camp__tidy(struct camp_game *g, struct rules_events *ev)
{
	/* a regroup may empty a box and fill it again: its HQ leaves only at `done` */
	if (g->phase == CAMP_PH_SETUP_FREE || g->b.stage != CAMP_B_NONE ||
	    g->await == CAMP_AW_REGROUP)
		return;
	for (int i = 0; i < g->nunits; i++) {
		struct camp_unit *u = &g->u[i];
		if (u->partner >= 0) {
			const struct camp_unit *p = &g->u[u->partner];
			if (u->where != CAMP_W_MAP || p->where != CAMP_W_MAP || p->hex != u->hex)
				unpair(g, i);
		}
	}
	camp__hqs_off(g, ev);
}

/* ---- reinforcements (7.1, 13.1.3-5, 13.2.2) ------------------------------------------- */

int camp__group_due(const struct camp_game *g, int gi)
{
	const struct camp_group *gr = &g->sc->groups[gi];
	int waiting = 0;

	for (int i = 0; i < g->nunits; i++)
		waiting += g->sc->units[i].group == gi && g->u[i].where == CAMP_W_WAITING;
	if (!waiting)
		return 0;
	if (gr->kind == CAMP_G_SSF) {
		if (g->ssf != 0)
			return 0;
		for (int k = 0; k < gr->nturns; k++)
			if (gr->turns[k] == g->turn)
				return 1;
		return 0;
	}
	if (gr->kind == CAMP_G_51 && g->d51 != 0)
		return 0;
	return g->turn >= gr->first && g->turn <= gr->last;
}

static int adjacent_to_zone(const struct camp_game *g, int hex, int z)
{
	for (int d = 0; d < RULES_HEX_DIRS; d++) {
		int n = rules_hex_neighbour(&g->sc->map.grid, hex, d);
		if (n >= 0 && camp__in_zone(g, n, z))
			return 1;
	}
	return 0;
}

int camp__entry_check(const struct camp_game *g, int gi, int unit, int hex, struct rules_error *err)
{
	const struct camp_group *gr = gi >= 0 ? &g->sc->groups[gi] : NULL;
	int side = g->sc->units[unit].side, kind = gr != NULL ? gr->kind : CAMP_G_NORMAL;
	char hb[RULES_HEX_ID_MAX];

	camp__hex_id(g, hex, hb);
	if (camp__side_in(g, hex, 1 - side))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.1b",
		                  "hex %s holds enemy units: reinforcements cannot appear there",
		                  hb);
	if (kind == CAMP_G_SSF) {
		/* 13.1.4b: adjacent to Westkapelle, Domburg or Vlissingen (sea allowed, SC-AMB-51)
		 */
		for (int k = 0; k < gr->ntowns; k++)
			if (adjacent_to_zone(g, hex, gr->towns[k]) &&
			    !camp__in_zone(g, hex, gr->towns[k]))
				return 0;
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-13.1.4b",
		                  "hex %s is not next to one of the landing towns", hb);
	}
	if (camp__is_sea(g, hex))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.1b", "hex %s is all water", hb);
	if (kind == CAMP_G_PARA) {
		if (!camp__is_clear(g, hex))
			return rules_fail(
			    err, WG_E_ILLEGAL_ACTION, "SC-13.1.3c",
			    "a parachute brigade lands on a clear terrain hex, not %s", hb);
	} else if (gi >= 0 && !rules_hexlist_has(&gr->entry, hex)) {
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.1b",
		                  "hex %s is not an entry hex of reinforcement %s", hb, gr->id);
	} else if (gi < 0 && !rules_hexlist_has(&g->sc->scratch_entry, hex)) {
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-13.2.2c",
		                  "hex %s is not an entry hex of the scratch battalions", hb);
	}
	if (camp__isolated(g, hex, side))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.1c",
		                  "units appearing in hex %s would be Isolated", hb);
	for (int d = -1; d < RULES_HEX_DIRS; d++) {
		int n = d < 0 ? hex : rules_hex_neighbour(&g->sc->map.grid, hex, d);
		if (n >= 0 && camp__side_in(g, n, side) && camp__isolated(g, n, side))
			return rules_fail(
			    err, WG_E_ILLEGAL_ACTION, "SC-3.2b",
			    "reinforcements cannot appear on or next to the Isolated units "
			    "in hex %s",
			    camp__hex_id(g, n, (char[RULES_HEX_ID_MAX]){0}));
	}
	return 0;
}

/* 13.1.3d: two dice, 5 one hit, 6 two (SC-AMB-47). */
static int para_drop(struct camp_game *g, struct rules_dice *d, int unit, int hex,
                     struct rules_events *ev)
{
	int a = rules_dice_roll(d, 6), b = rules_dice_roll(d, 6);
	int hits = (a == 5) + 2 * (a == 6) + (b == 5) + 2 * (b == 6);
	const struct camp_unit_def *u = &g->sc->units[unit];
	char hb[RULES_HEX_ID_MAX];
	cJSON *f = unit_fields(g, unit, hex);
	int rc;

	camp__put(g, unit, hex);
	g->paras++;
	cJSON_AddNumberToObject(f, "die1", a);
	cJSON_AddNumberToObject(f, "die2", b);
	cJSON_AddNumberToObject(f, "hits", hits);
	if ((rc = emit_pub(ev, "parachute-drop", f,
	                   "%s drops on %s: dice %d and %d, %d hit%s (13.1.3)", u->id,
	                   camp__hex_id(g, hex, hb), a, b, hits, hits == 1 ? "" : "s")) != 0)
		return rc;
	if (hits >= u->df) {
		camp__eliminate(g, unit, ev, "in the drop (13.1.3)");
	} else {
		g->u[unit].hits = (uint8_t)hits;
	}
	return 0;
}

/* Draws a scratch battalion at random among those not drawn (13.2.2). */
static int scratch_draw(struct camp_game *g, struct rules_dice *d)
{
	int pool[CAMP_MAX_UNITS], n = 0;

	for (int i = 0; i < g->nunits; i++)
		if (g->u[i].where == CAMP_W_POOL)
			pool[n++] = i;
	return n == 0 ? -1 : pool[rules_dice_pick(d, n)];
}

/* The town the 4th SSF lands for (13.1.4b): the one named, or the only one next to hex. */
static int ssf_town(const struct camp_game *g, int gi, int hex, const char *name, int *town,
                    struct rules_error *err)
{
	const struct camp_group *gr = &g->sc->groups[gi];
	int n = 0;

	*town = -1;
	for (int k = 0; k < gr->ntowns; k++) {
		int z = gr->towns[k];
		if (!adjacent_to_zone(g, hex, z) || camp__in_zone(g, hex, z))
			continue;
		if (name != NULL && strcasecmp(name, g->sc->map.zones[z].id) != 0 &&
		    strcasecmp(name, g->sc->map.zones[z].name) != 0)
			continue;
		*town = z;
		n++;
	}
	if (n == 1)
		return 0;
	if (name != NULL)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-13.1.4b",
		                  "hex %s is not next to the landing town '%s'",
		                  camp__hex_id(g, hex, (char[RULES_HEX_ID_MAX]){0}), name);
	return rules_fail(err, WG_E_BAD_ARGS, "SC-13.1.4b",
	                  "hex %s is next to more than one landing town: name the town (play "
	                  "G-1 reinforce ssf <hex> <town>)",
	                  camp__hex_id(g, hex, (char[RULES_HEX_ID_MAX]){0}));
}

static int reinforce(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                     cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const struct camp_scenario *sc = g->sc;
	char hb[RULES_HEX_ID_MAX];
	int hex, gi, unit = -1, rc, town = -1;

	if (argc != 5 && argc != 6)
		return rules_fail(err, WG_E_BAD_ARGS, "SC-7.1b",
		                  "play G-1 reinforce <group|unit|scratch> <hex> (`reinforcements` "
		                  "lists them; the 4th SSF: ssf <hex> [<town>])");
	if ((rc = camp__parse_hex(g, argv[4], &hex, err)) != 0)
		return rc;
	camp__hex_id(g, hex, hb);
	if (strcasecmp(argv[3], "scratch") == 0) {
		int placed = 0;
		if (side != CAMP_GERMAN)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-13.2.2a",
			                  "scratch battalions are German");
		for (int k = 0; k < sc->scratch_per_g1; k++) {
			int u = scratch_draw(g, d);
			if (u < 0)
				break;
			if (k == 0 && (rc = camp__entry_check(g, -1, u, hex, err)) != 0)
				return rc;
			camp__put(g, u, hex);
			placed++;
			if ((rc = emit_pub(ev, "reinforcement", unit_fields(g, u, hex),
			                   "scratch battalion %s (%s) enters at %s (13.2.2)",
			                   camp__uid(g, u), camp__factors(g, u, (char[32]){0}, 32),
			                   hb)) != 0)
				return rc;
			camp__line(reply, "%s enters at %s", camp__uid(g, u), hb);
		}
		if (placed == 0)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-13.2.2c",
			                  "every scratch battalion has been drawn");
		return 0;
	}
	gi = camp__group_by_id(sc, argv[3]);
	if (gi < 0) {
		unit = camp__unit_by_id(sc, argv[3]);
		if (unit < 0 || sc->units[unit].group < 0)
			return rules_fail(err, WG_E_NOT_FOUND, "SC-7.1a",
			                  "no reinforcement '%s' (`reinforcements` lists them)",
			                  argv[3]);
		gi = sc->units[unit].group;
	}
	if (sc->groups[gi].side != side)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.1a",
		                  "reinforcement %s is not yours", sc->groups[gi].id);
	if (!camp__group_due(g, gi)) {
		const struct camp_group *gr = &sc->groups[gi];
		if (gr->kind == CAMP_G_SSF)
			return rules_fail(
			    err, WG_E_ILLEGAL_ACTION, "SC-13.1.4a",
			    "the 4th Special Service Force enters only on turns 10, 20 and "
			    "30, once");
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, gr->kind == CAMP_G_51 ? "SC-13.1.5b" : "SC-7.1b",
		    "reinforcement %s is not available on turn %d (turns %d-%d, not yet "
		    "entered)",
		    gr->id, g->turn, gr->first, gr->last);
	}
	if (sc->groups[gi].kind == CAMP_G_PARA) {
		/* one brigade per G-1 (13.1.3b): the unit named, or the first waiting */
		if (unit < 0 || sc->units[unit].group != gi)
			for (int i = 0; i < g->nunits && unit < 0; i++)
				if (sc->units[i].group == gi && g->u[i].where == CAMP_W_WAITING)
					unit = i;
		if (g->u[unit].where != CAMP_W_WAITING)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-13.1.3b",
			                  "%s has entered already", sc->units[unit].id);
		if ((rc = camp__entry_check(g, gi, unit, hex, err)) != 0)
			return rc;
		return para_drop(g, d, unit, hex, ev);
	}
	for (int i = 0; i < g->nunits; i++)
		if (sc->units[i].group == gi && g->u[i].where == CAMP_W_WAITING &&
		    (rc = camp__entry_check(g, gi, i, hex, err)) != 0)
			return rc;
	if (sc->groups[gi].kind == CAMP_G_SSF &&
	    (rc = ssf_town(g, gi, hex, argc == 6 ? argv[5] : NULL, &town, err)) != 0)
		return rc;
	else if (sc->groups[gi].kind != CAMP_G_SSF && argc == 6)
		return rules_fail(
		    err, WG_E_BAD_ARGS, "SC-7.1b",
		    "play G-1 reinforce <group> <hex>: a town is named for the 4th SSF "
		    "only");
	{
		cJSON *f = cJSON_CreateObject(), *units = cJSON_AddArrayToObject(f, "units");
		char list[300];
		size_t len = 0;
		int boxed = 0;
		cJSON_AddStringToObject(f, "group", sc->groups[gi].id);
		cJSON_AddStringToObject(f, "side", camp__side(g, side));
		cJSON_AddStringToObject(f, "hex", hb);
		list[0] = '\0';
		for (int i = 0; i < g->nunits; i++) {
			if (sc->units[i].group != gi || g->u[i].where != CAMP_W_WAITING)
				continue;
			if (sc->units[i].setup_tf >= 0) {
				g->u[i].where = CAMP_W_BOX;
				g->u[i].tf = (int16_t)sc->units[i].setup_tf;
				boxed++;
				continue;
			}
			camp__put(g, i, hex);
			cJSON_AddItemToArray(units, cJSON_CreateString(sc->units[i].id));
			len += (size_t)snprintf(list + len,
			                        len < sizeof(list) ? sizeof(list) - len : 0, "%s%s",
			                        len ? ", " : "", sc->units[i].id);
			if (sc->units[i].special == CAMP_SP_SSF) {
				g->ssf = 1;
				g->u[i].flags |= CAMP_F_LANDED;
				g->ssf_town = town;
			}
		}
		if (sc->groups[gi].kind == CAMP_G_51) {
			g->d51 = 1;
			g->d51_entry = g->turn;
		}
		if ((rc = emit_pub(ev, "reinforcement", f, "reinforcement %s enters at %s: %s%s",
		                   sc->groups[gi].id, hb, list[0] ? list : "(HQs only)",
		                   boxed ? " with units in its boxes" : "")) != 0)
			return rc;
		camp__line(reply, "%s enters at %s", sc->groups[gi].id, hb);
		if (boxed) {
			cJSON *o = cJSON_CreateObject(), *b = cJSON_AddArrayToObject(o, "boxed");
			for (int i = 0; i < g->nunits; i++)
				if (sc->units[i].group == gi && g->u[i].where == CAMP_W_BOX)
					cJSON_AddItemToArray(b,
					                     cJSON_CreateString(sc->units[i].id));
			if ((rc = camp__emit_own(ev, g, side, "reinforcement-boxes", o,
			                         "%d units of %s arrive in their HQs' boxes", boxed,
			                         sc->groups[gi].id)) != 0)
				return rc;
		}
	}
	return 0;
}

/* ---- regroup (7.2) ------------------------------------------------------------------------- */

/* 1 if hex is in the Operations Zone of the HQ being regrouped (3.4a). */
static int in_rg_oz(const struct camp_game *g, int hex)
{
	if (hex == g->rg.hex)
		return 1;
	if (!rules_hex_adjacent(&g->sc->map.grid, hex, g->rg.hex) || camp__is_sea(g, hex))
		return 0;
	return g->opt.oz_water || !camp__water_side(g, g->rg.hex, hex);
}

/* unit is a friendly Tactical Unit in the regroup's OZ (detached there, or in the box of an
 * HQ there). */
static int rg_unit_ok(const struct camp_game *g, int unit, struct rules_error *err)
{
	const struct camp_unit_def *u = &g->sc->units[unit];
	int hex = camp__unit_hex(g, unit);

	if (u->side != g->phasing || u->hq)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.2a",
		                  "%s is not one of your Tactical "
		                  "Units",
		                  u->id);
	if ((g->u[unit].where != CAMP_W_MAP && g->u[unit].where != CAMP_W_BOX) || hex < 0 ||
	    !in_rg_oz(g, hex))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.2a",
		                  "%s is not in the Operations Zone of %s", u->id,
		                  g->sc->units[g->rg.tf].id);
	return 0;
}

int camp__attach_check(const struct camp_game *g, int unit, int tf, struct rules_error *err)
{
	int rc, from, to;
	struct camp_mover mv;
	int half;

	if (g->sc->units[unit].hq)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.2.1c",
		                  "%s is an HQ: HQs may not be attached to other HQs",
		                  g->sc->units[unit].id);
	if ((rc = rg_unit_ok(g, unit, err)) != 0)
		return rc;
	if (!g->sc->units[tf].hq || g->sc->units[tf].side != g->phasing ||
	    g->u[tf].where != CAMP_W_MAP || !in_rg_oz(g, g->u[tf].hex))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.2b",
		                  "%s is not an HQ of yours in the Operations Zone of %s",
		                  g->sc->units[tf].id, g->sc->units[g->rg.tf].id);
	if (g->u[unit].where == CAMP_W_BOX && g->u[unit].tf == tf)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.2b",
		                  "%s is in the box of %s already", g->sc->units[unit].id,
		                  g->sc->units[tf].id);
	if ((rc = box_ok(g, unit, tf, err)) != 0)
		return rc;
	from = camp__unit_hex(g, unit);
	to = g->u[tf].hex;
	if (from != to) {
		/* SC-AMB-23: it could legally move one hex into the HQ's hex */
		camp__mover(g, unit, &mv);
		mv.amphibian = 0;
		if ((rc = camp__step(g, &mv, from, to, &half, err)) != 0)
			return rc;
	}
	return 0;
}

int camp__detach_check(const struct camp_game *g, int unit, int hex, struct rules_error *err)
{
	struct camp_mover mv;
	char hb[RULES_HEX_ID_MAX];
	int rc, half;

	if ((rc = rg_unit_ok(g, unit, err)) != 0)
		return rc;
	camp__hex_id(g, hex, hb);
	if (!in_rg_oz(g, hex))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.2e",
		                  "hex %s is not in the Operations Zone of %s", hb,
		                  g->sc->units[g->rg.tf].id);
	if (g->u[unit].where == CAMP_W_MAP && g->u[unit].hex == hex)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.2e",
		                  "%s is detached in %s already", g->sc->units[unit].id, hb);
	if (camp__side_in(g, hex, 1 - g->phasing))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.2e", "hex %s holds enemy units",
		                  hb);
	if (camp__uncontested_enemy_oz(g, hex, g->phasing))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.2e",
		                  "hex %s is in an uncontested enemy Operations Zone (SC-AMB-22)",
		                  hb);
	if (hex != g->rg.hex) {
		camp__mover(g, unit, &mv);
		mv.amphibian = 0;
		if ((rc = camp__step(g, &mv, g->rg.hex, hex, &half, err)) != 0) {
			err->rule[0] = '\0';
			snprintf(err->rule, sizeof(err->rule), "SC-7.2e");
			return rc;
		}
	}
	return 0;
}

int camp__do_attach(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int unit, tf, rc, was_map, hex;
	char hb[RULES_HEX_ID_MAX];

	(void)d;
	(void)argc;
	if ((rc = camp__parse_unit(g, argv[1], &unit, err)) != 0 ||
	    (rc = camp__parse_unit(g, argv[2], &tf, err)) != 0 ||
	    (rc = camp__attach_check(g, unit, tf, err)) != 0)
		return rc;
	was_map = g->u[unit].where == CAMP_W_MAP;
	hex = camp__unit_hex(g, unit);
	unpair(g, unit);
	g->u[unit].where = CAMP_W_BOX;
	g->u[unit].tf = (int16_t)tf;
	g->u[unit].hex = -1;
	camp__line(reply, "%s goes into the box of %s", camp__uid(g, unit), camp__uid(g, tf));
	if (was_map && (rc = emit_pub(ev, "regroup", unit_fields(g, unit, hex),
	                              "%s leaves %s for a holding box (7.2)", camp__uid(g, unit),
	                              camp__hex_id(g, hex, hb))) != 0)
		return rc;
	{
		cJSON *f = unit_fields(g, unit, -1);
		cJSON_AddStringToObject(f, "hq", camp__uid(g, tf));
		return camp__emit_own(ev, g, side, "attached", f, "%s goes into the box of %s",
		                      camp__uid(g, unit), camp__uid(g, tf));
	}
}

int camp__do_detach(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int unit, hex, rc;
	char hb[RULES_HEX_ID_MAX], fac[32];

	(void)d;
	(void)argc;
	(void)side;
	if ((rc = camp__parse_unit(g, argv[1], &unit, err)) != 0 ||
	    (rc = camp__parse_hex(g, argv[2], &hex, err)) != 0 ||
	    (rc = camp__detach_check(g, unit, hex, err)) != 0)
		return rc;
	unpair(g, unit);
	camp__put(g, unit, hex);
	camp__line(reply, "%s is detached in %s", camp__uid(g, unit), camp__hex_id(g, hex, hb));
	{
		cJSON *f = unit_fields(g, unit, hex);
		cJSON_AddStringToObject(f, "factors", camp__factors(g, unit, fac, sizeof(fac)));
		return emit_pub(ev, "detached", f, "%s (%s) is detached in %s (7.2)",
		                camp__uid(g, unit), fac, hb);
	}
}

int camp__do_done(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                  cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	(void)d;
	(void)argc;
	(void)argv;
	(void)err;
	camp__line(reply, "the regroup around %s is done", camp__uid(g, g->rg.tf));
	g->await = CAMP_AW_PHASE;
	return emit_pub(ev, "regroup-done", unit_fields(g, g->rg.tf, g->rg.hex),
	                "the %s finish regrouping around %s", camp__side(g, side),
	                camp__uid(g, g->rg.tf));
}

static int regroup(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int tf, rc;
	char hb[RULES_HEX_ID_MAX];

	if (argc < 4)
		return rules_fail(err, WG_E_BAD_ARGS, "SC-7.2a",
		                  "play G-1 regroup <hq> [<unit>=<hq|hex> ...]");
	if ((rc = camp__parse_unit(g, argv[3], &tf, err)) != 0)
		return rc;
	if (!g->sc->units[tf].hq || g->sc->units[tf].side != side || g->u[tf].where != CAMP_W_MAP)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.2a",
		                  "%s is not one of your HQs on the map", g->sc->units[tf].id);
	g->rg.tf = tf;
	g->rg.hex = g->u[tf].hex;
	g->await = CAMP_AW_REGROUP;
	if ((rc = emit_pub(ev, "regroup", unit_fields(g, tf, g->rg.hex),
	                   "the %s play G-1: regroup around %s in %s (7.2)", camp__side(g, side),
	                   camp__uid(g, tf), camp__hex_id(g, g->rg.hex, hb))) != 0)
		return rc;
	for (int k = 4; k < argc; k++) {
		char arg[64], *eq, *sub[3];
		int dest;
		snprintf(arg, sizeof(arg), "%s", argv[k]);
		eq = strchr(arg, '=');
		if (eq == NULL)
			return rules_fail(
			    err, WG_E_BAD_ARGS, "SC-7.2b",
			    "'%s': write <unit>=<hq> to attach or <unit>=<hex> to detach", argv[k]);
		*eq = '\0';
		sub[0] = (char *)"";
		sub[1] = arg;
		sub[2] = eq + 1;
		dest = camp__unit_by_id(g->sc, eq + 1);
		rc = dest >= 0 ? camp__do_attach(g, d, side, 3, sub, reply, ev, err)
		               : camp__do_detach(g, d, side, 3, sub, reply, ev, err);
		if (rc != 0)
			return rc;
	}
	if (argc > 4)
		return camp__do_done(g, d, side, 1, argv, reply, ev, err);
	camp__line(reply,
	           "regrouping around %s: attach <unit> <hq>, detach <unit> <hex>, then done",
	           camp__uid(g, tf));
	return 0;
}

/* play G-1 form <hq> <hex> <unit>... (7.2.1b, SC-AMB-24) */
static int form(struct camp_game *g, int side, int argc, char **argv, cJSON *reply,
                struct rules_events *ev, struct rules_error *err)
{
	int tf, hex, rc, n = 0;
	int16_t joined[CAMP_MAX_C2];
	char hb[RULES_HEX_ID_MAX];

	if (argc < 6)
		return rules_fail(err, WG_E_BAD_ARGS, "SC-7.2.1b",
		                  "play G-1 form <hq> <hex> <unit> [<unit> ...]");
	if ((rc = camp__parse_unit(g, argv[3], &tf, err)) != 0 ||
	    (rc = camp__parse_hex(g, argv[4], &hex, err)) != 0)
		return rc;
	camp__hex_id(g, hex, hb);
	if (!g->sc->units[tf].hq || g->sc->units[tf].side != side || g->u[tf].where != CAMP_W_MAT)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.2.1b",
		                  "%s is not an empty HQ of yours on the OOB mat",
		                  g->sc->units[tf].id);
	if (argc - 5 > g->sc->c2[side])
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.2.1d",
		                  "a Task Force holds at most %d units (C2)", g->sc->c2[side]);
	for (int k = 5; k < argc; k++) {
		int unit;
		if ((rc = camp__parse_unit(g, argv[k], &unit, err)) != 0)
			return rc;
		if (g->sc->units[unit].side != side || g->sc->units[unit].hq ||
		    g->u[unit].where != CAMP_W_MAP || g->u[unit].hex != hex)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.2.1b",
			                  "%s is not one of your detached units in %s",
			                  g->sc->units[unit].id, hb);
		for (int q = 0; q < n; q++)
			if (joined[q] == unit)
				return rules_fail(err, WG_E_BAD_ARGS, "SC-7.2.1b",
				                  "%s is named twice", g->sc->units[unit].id);
		if ((rc = box_ok(g, unit, tf, err)) != 0)
			return rc;
		unpair(g, unit);
		g->u[unit].where = CAMP_W_BOX;
		g->u[unit].tf = (int16_t)tf;
		g->u[unit].hex = -1;
		joined[n++] = (int16_t)unit;
	}
	camp__put(g, tf, hex);
	{
		cJSON *f = unit_fields(g, tf, hex), *units = cJSON_AddArrayToObject(f, "units");
		char list[300];
		size_t len = 0;
		list[0] = '\0';
		for (int q = 0; q < n; q++) {
			cJSON_AddItemToArray(units, cJSON_CreateString(camp__uid(g, joined[q])));
			len += (size_t)snprintf(list + len,
			                        len < sizeof(list) ? sizeof(list) - len : 0, "%s%s",
			                        len ? ", " : "", camp__uid(g, joined[q]));
		}
		camp__line(reply, "%s takes command in %s of %s", camp__uid(g, tf), hb, list);
		/* the detached units leave the map for the new HQ's box: the table shows it */
		return emit_pub(ev, "task-force-formed", f,
		                "the %s play G-1: %s takes command in %s of %s (7.2.1)",
		                camp__side(g, side), camp__uid(g, tf), hb, list);
	}
}

/* play G-1 recover <unit> (7.3) */
static int recover(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int unit, rc, die, removed, hex;
	const struct camp_unit_def *u;
	struct camp_unit *s;

	if (argc != 4)
		return rules_fail(err, WG_E_BAD_ARGS, "SC-7.3a", "play G-1 recover <unit>");
	if ((rc = camp__parse_unit(g, argv[3], &unit, err)) != 0)
		return rc;
	u = &g->sc->units[unit];
	s = &g->u[unit];
	hex = camp__unit_hex(g, unit);
	if (u->side != side || u->hq || (s->where != CAMP_W_MAP && s->where != CAMP_W_BOX))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.3b",
		                  "%s is not one of your Tactical Units in play", u->id);
	if (s->hits == 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.3b", "%s has no hits to recover",
		                  u->id);
	if (u->classes & CAMP_C_ELITE)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-13.2.4b",
		                  "%s cannot recover from hits through G-1 markers (elite)", u->id);
	if (s->flags & CAMP_F_RECOVERED)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.3.1b",
		                  "%s has recovered this player turn already (one G-1 per unit)",
		                  u->id);
	if (hex < 0 || camp__isolated(g, hex, side))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-7.3.1a",
		                  "%s is Isolated and cannot recover", u->id);
	die = rules_dice_roll(d, 6);
	removed = (die + 1) / 2;
	if (removed > s->hits)
		removed = s->hits;
	s->hits = (uint8_t)(s->hits - removed);
	s->flags |= CAMP_F_RECOVERED;
	camp__line(reply,
	           "%s recovers: die %d, %d hit%s removed (7.3); it sits out this "
	           "Operations Phase",
	           u->id, die, removed, removed == 1 ? "" : "s");
	{
		cJSON *f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "side", camp__side(g, side));
		cJSON_AddNumberToObject(f, "die", die);
		if (s->where == CAMP_W_MAP) {
			char hb[RULES_HEX_ID_MAX];
			cJSON_AddStringToObject(f, "unit", u->id);
			cJSON_AddNumberToObject(f, "removed", removed);
			return emit_pub(
			    ev, "recovery", f,
			    "the %s play G-1: %s in %s recovers, die %d, %d hit%s removed "
			    "(7.3)",
			    camp__side(g, side), u->id, camp__hex_id(g, hex, hb), die, removed,
			    removed == 1 ? "" : "s");
		}
		if ((rc =
		         emit_pub(ev, "recovery", f,
		                  "the %s play G-1: a unit in a holding box recovers (die %d, 7.3)",
		                  camp__side(g, side), die)) != 0)
			return rc;
		f = unit_fields(g, unit, -1);
		cJSON_AddNumberToObject(f, "die", die);
		cJSON_AddNumberToObject(f, "removed", removed);
		return camp__emit_own(ev, g, side, "recovered", f, "%s recovers %d hit%s", u->id,
		                      removed, removed == 1 ? "" : "s");
	}
}

/* play G-1 carry <unit>: the 5th Assault Regiment takes on a passenger (13.1.2b) */
static int carry(struct camp_game *g, int side, int argc, char **argv, cJSON *reply,
                 struct rules_events *ev, struct rules_error *err)
{
	int unit, carrier = -1, rc;
	const struct camp_unit_def *u;
	char hb[RULES_HEX_ID_MAX];

	if (argc != 4)
		return rules_fail(err, WG_E_BAD_ARGS, "SC-13.1.2b", "play G-1 carry <unit>");
	if ((rc = camp__parse_unit(g, argv[3], &unit, err)) != 0)
		return rc;
	u = &g->sc->units[unit];
	if (u->side != side || g->u[unit].where != CAMP_W_MAP)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-13.1.2a",
		                  "%s is not one of your detached units", u->id);
	if (!(u->classes & CAMP_C_INFANTRY) || (u->classes & (CAMP_C_MOTOR | CAMP_C_MECH)))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-13.1.2a",
		                  "the 5th Assault Regiment carries only non-motorized "
		                  "infantry-class units, not %s",
		                  u->id);
	for (int i = 0; i < g->nunits; i++)
		if (g->sc->units[i].special == CAMP_SP_ASSAULT && g->sc->units[i].side == side &&
		    g->u[i].where == CAMP_W_MAP && g->u[i].hex == g->u[unit].hex)
			carrier = i;
	if (carrier < 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-13.1.2b",
		                  "no detached 5th Assault Regiment of yours in %s",
		                  camp__hex_id(g, g->u[unit].hex, hb));
	if (g->u[carrier].partner >= 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-13.1.2a",
		                  "the 5th Assault Regiment carries %s already",
		                  camp__uid(g, g->u[carrier].partner));
	unpair(g, unit);
	g->u[carrier].partner = (int16_t)unit;
	g->u[unit].partner = (int16_t)carrier;
	camp__line(reply, "%s carries %s: they move as one unit, MF 4", camp__uid(g, carrier),
	           u->id);
	{
		cJSON *f = unit_fields(g, unit, g->u[unit].hex);
		cJSON_AddStringToObject(f, "carrier", camp__uid(g, carrier));
		return emit_pub(ev, "carried", f, "the %s play G-1: %s carries %s in %s (13.1.2)",
		                camp__side(g, side), camp__uid(g, carrier), u->id,
		                camp__hex_id(g, g->u[unit].hex, hb));
	}
}

int camp__play_g1(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                  cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const char *a = argv[2];
	int rc;

	if (g->phase != CAMP_PH_PREP || g->phasing != side)
		return rules_fail(err, WG_E_WRONG_PHASE, "SC-7.0a",
		                  "G-1 markers are played only in your own Preparation Phase");
	if ((rc = camp__spend(g, side, 0, err)) != 0)
		return rc;
	if (strcasecmp(a, "reinforce") == 0)
		return reinforce(g, d, side, argc, argv, reply, ev, err);
	if (strcasecmp(a, "regroup") == 0)
		return regroup(g, d, side, argc, argv, reply, ev, err);
	if (strcasecmp(a, "form") == 0)
		return form(g, side, argc, argv, reply, ev, err);
	if (strcasecmp(a, "recover") == 0)
		return recover(g, d, side, argc, argv, reply, ev, err);
	if (strcasecmp(a, "carry") == 0)
		return carry(g, side, argc, argv, reply, ev, err);
	return rules_fail(err, WG_E_BAD_ARGS, "SC-7.0b",
	                  "a G-1 does one of: reinforce, regroup, form, recover, carry");
}

/* ---- set-up (4.0) -------------------------------------------------------------------------- */

/* The k-th random-hits entry in set-up order (the sides in setup_order), or -1. */
static int rh_entry(const struct camp_game *g, int k)
{
	const struct camp_scenario *sc = g->sc;

	for (int o = 0; o < RULES_SIDES; o++)
		for (int i = 0; i < sc->nrandom; i++)
			if (sc->random[i].tf >= 0 &&
			    sc->units[sc->random[i].tf].side == sc->setup_order[o] && k-- == 0)
				return i;
	return -1;
}

/* Rolls the next random-hits entry with hits to give; 1 when there is one. */
static int rh_next(struct camp_game *g, struct rules_dice *d, struct rules_events *ev, int from)
{
	const struct camp_scenario *sc = g->sc;

	for (int k = from;; k++) {
		int i = rh_entry(g, k), hits = 0, room = 0;
		const struct camp_random_hits *r;
		if (i < 0)
			return 0;
		r = &sc->random[i];
		if (g->u[r->tf].where != CAMP_W_MAP)
			continue;
		for (int q = 0; q < r->dice; q++)
			hits += rules_dice_roll(d, 6);
		hits += r->add;
		for (int u = 0; u < g->nunits; u++)
			if (g->u[u].where == CAMP_W_BOX && g->u[u].tf == r->tf)
				room += sc->units[u].df - g->u[u].hits;
		{
			cJSON *f = cJSON_CreateObject();
			cJSON_AddStringToObject(f, "hq", sc->units[r->tf].id);
			cJSON_AddStringToObject(f, "side", camp__side(g, sc->units[r->tf].side));
			cJSON_AddNumberToObject(f, "hits", hits < 0 ? 0 : hits);
			rules_emit(ev, RULES_AUD_PUBLIC, "setup-hits", f,
			           "set-up: %s roll %d random hits for %s's Task Force (4.0)",
			           camp__side(g, sc->units[r->tf].side), hits < 0 ? 0 : hits,
			           sc->units[r->tf].id);
		}
		if (hits <= 0 || room == 0)
			continue;
		g->rh_next = i;
		g->rh_left = hits;
		/* remember where we are in the order: the entry index is found again from i */
		return 1;
	}
}

static int rh_position(const struct camp_game *g)
{
	for (int k = 0;; k++) {
		int i = rh_entry(g, k);
		if (i < 0 || i == g->rh_next)
			return k;
	}
}

static int begin_scratch(struct camp_game *g, struct rules_dice *d, struct rules_events *ev)
{
	int n = 0, drawn = 0;
	cJSON *f, *list;

	for (int q = 0; q < g->sc->scratch_dice; q++)
		n += rules_dice_roll(d, 6);
	f = cJSON_CreateObject();
	list = cJSON_AddArrayToObject(f, "units");
	for (int k = 0; k < n; k++) {
		int u = scratch_draw(g, d);
		if (u < 0)
			break;
		g->u[u].where = CAMP_W_DRAWN;
		cJSON_AddItemToArray(list, cJSON_CreateString(camp__uid(g, u)));
		drawn++;
	}
	{
		cJSON *p = cJSON_CreateObject();
		cJSON_AddNumberToObject(p, "count", drawn);
		rules_emit(ev, RULES_AUD_PUBLIC, "scratch-drawn", p,
		           "set-up: the german draw %d scratch battalions at random (13.2.2)",
		           drawn);
	}
	camp__emit_own(ev, g, CAMP_GERMAN, "scratch-drawn", f,
	               "your scratch battalions: place each with place <unit> <hex|hq>");
	return drawn;
}

/* Goes on to the next set-up step from where the game stands. */
int camp__setup_next(struct camp_game *g, struct rules_dice *d, struct rules_events *ev,
                     struct rules_error *err)
{
	(void)err;
	if (g->phase == CAMP_PH_SETUP_FREE) {
		if (g->setup_side == g->sc->setup_order[0]) {
			g->setup_side = g->sc->setup_order[1];
			return 0;
		}
		g->phase = CAMP_PH_SETUP_HITS;
		if (rh_next(g, d, ev, 0))
			return 0;
	} else if (g->phase == CAMP_PH_SETUP_HITS) {
		if (rh_next(g, d, ev, rh_position(g) + 1))
			return 0;
	}
	if (g->phase == CAMP_PH_SETUP_HITS) {
		g->phase = CAMP_PH_SETUP_SCRATCH;
		if (begin_scratch(g, d, ev) > 0)
			return 0;
	}
	if (g->phase == CAMP_PH_SETUP_SCRATCH) {
		for (int i = 0; i < g->nunits; i++)
			if (g->u[i].where == CAMP_W_DRAWN)
				return 0;
		g->phase = CAMP_PH_HAND;
		camp__tidy(g, ev);
		rules_emit(ev, RULES_AUD_PUBLIC, "setup-done", NULL,
		           "set-up done: both sides now choose their hands in secret (4.0)");
	}
	return 0;
}

int camp__setup_begin(struct camp_game *g, struct rules_dice *d, struct rules_events *ev,
                      struct rules_error *err)
{
	if (g->opt.free_setup) {
		/* 15.2: every unit of a fixed set-up is placed by its owner */
		for (int i = 0; i < g->nunits; i++) {
			int s = g->sc->units[i].setup;
			if (s == CAMP_SET_HEX || s == CAMP_SET_TF || s == CAMP_SET_BOX) {
				g->u[i].where = CAMP_W_DRAWN;
				g->u[i].hex = g->u[i].tf = -1;
			}
		}
		g->phase = CAMP_PH_SETUP_FREE;
		g->setup_side = g->sc->setup_order[0];
		return 0;
	}
	g->phase = CAMP_PH_SETUP_HITS;
	if (rh_next(g, d, ev, 0))
		return 0;
	return camp__setup_next(g, d, ev, err);
}

int camp__setup_hits(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                     cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const struct camp_scenario *sc = g->sc;
	int tf = sc->random[g->rh_next].tf, alloc[CAMP_MAX_UNITS] = {0}, total = 0, room = 0;
	int rc;

	for (int k = 1; k < argc; k++) {
		char arg[64], *eq;
		int unit, n;
		snprintf(arg, sizeof(arg), "%s", argv[k]);
		if ((eq = strchr(arg, '=')) == NULL || eq[1] < '0' || eq[1] > '9')
			return rules_fail(err, WG_E_BAD_ARGS, "SC-4.0f",
			                  "'%s': write <unit>=<hits>", argv[k]);
		*eq = '\0';
		n = atoi(eq + 1);
		if ((rc = camp__parse_unit(g, arg, &unit, err)) != 0)
			return rc;
		if (g->u[unit].where != CAMP_W_BOX || g->u[unit].tf != tf)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-4.0f",
			                  "%s is not in the Task Force of %s", sc->units[unit].id,
			                  sc->units[tf].id);
		alloc[unit] += n;
		total += n;
		if (g->u[unit].hits + alloc[unit] > sc->units[unit].df)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-4.0f",
			                  "%s can take at most %d more hits (DF %d)",
			                  sc->units[unit].id, sc->units[unit].df - g->u[unit].hits,
			                  sc->units[unit].df);
	}
	if (total > g->rh_left)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-4.0f",
		                  "%d hits are left to allocate, not %d", g->rh_left, total);
	if (total == 0)
		return rules_fail(err, WG_E_BAD_ARGS, "SC-4.0f", "allocate at least one hit");
	g->rh_left -= total;
	for (int u = 0; u < g->nunits; u++) {
		if (alloc[u] == 0)
			continue;
		g->u[u].hits = (uint8_t)(g->u[u].hits + alloc[u]);
		if (g->u[u].hits >= sc->units[u].df) {
			/* 4.0: "removed from the game completely", not the Dead Pile (SC-4.0g) */
			g->u[u].where = CAMP_W_GONE;
			g->u[u].tf = -1;
			g->u[u].hits = 0;
			camp__line(reply, "%s is eliminated at set-up: out of the game",
			           sc->units[u].id);
		} else {
			camp__line(reply, "%s takes %d hit%s", sc->units[u].id, alloc[u],
			           alloc[u] == 1 ? "" : "s");
		}
	}
	{
		cJSON *f = cJSON_CreateObject(), *a = cJSON_AddObjectToObject(f, "hits");
		for (int u = 0; u < g->nunits; u++)
			if (alloc[u])
				cJSON_AddNumberToObject(a, sc->units[u].id, alloc[u]);
		cJSON_AddStringToObject(f, "hq", sc->units[tf].id);
		if ((rc = camp__emit_own(ev, g, side, "setup-hits-allocated", f,
		                         "you allocate %d set-up hits in %s's Task Force", total,
		                         sc->units[tf].id)) != 0)
			return rc;
	}
	for (int u = 0; u < g->nunits; u++)
		if (g->u[u].where == CAMP_W_BOX && g->u[u].tf == tf)
			room += sc->units[u].df - g->u[u].hits;
	if (g->rh_left > 0 && room > 0)
		return 0;
	camp__tidy(g, ev);
	return camp__setup_next(g, d, ev, err);
}

/* place <unit> <hex|hq>: a scratch battalion drawn (13.2.2), or a unit in free set-up (15.2) */
int camp__do_place(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const struct camp_scenario *sc = g->sc;
	const struct rules_hexlist *zone;
	int unit, dest, hex = -1, rc;
	char hb[RULES_HEX_ID_MAX];

	(void)argc;
	if (g->phase != CAMP_PH_SETUP_SCRATCH && g->phase != CAMP_PH_SETUP_FREE)
		return rules_fail(err, WG_E_WRONG_PHASE, "SC-4.0b",
		                  "units are placed at set-up only");
	if ((rc = camp__parse_unit(g, argv[1], &unit, err)) != 0)
		return rc;
	if (sc->units[unit].side != side || g->u[unit].where != CAMP_W_DRAWN)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-4.0b",
		                  "%s is not one of your units waiting to be placed",
		                  sc->units[unit].id);
	zone = g->phase == CAMP_PH_SETUP_FREE ? &sc->free_zone[side] : &sc->scratch_zone;
	dest = camp__unit_by_id(sc, argv[2]);
	if (dest >= 0 && !sc->units[unit].hq) {
		if (g->u[dest].where != CAMP_W_MAP || !rules_hexlist_has(zone, g->u[dest].hex))
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-4.0b",
			                  "%s is not an HQ placed in your set-up area",
			                  sc->units[dest].id);
		if ((rc = box_ok(g, unit, dest, err)) != 0)
			return rc;
		g->u[unit].where = CAMP_W_BOX;
		g->u[unit].tf = (int16_t)dest;
		camp__line(reply, "%s goes into the box of %s", sc->units[unit].id,
		           sc->units[dest].id);
		{
			cJSON *f = cJSON_CreateObject();
			cJSON_AddStringToObject(f, "side", camp__side(g, side));
			if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "placed", f,
			                     "the %s place a unit in a holding box",
			                     camp__side(g, side))) != 0)
				return rc;
			f = unit_fields(g, unit, -1);
			cJSON_AddStringToObject(f, "hq", sc->units[dest].id);
			if ((rc = camp__emit_own(ev, g, side, "placed-in-box", f,
			                         "%s goes into the box of %s", sc->units[unit].id,
			                         sc->units[dest].id)) != 0)
				return rc;
		}
	} else {
		if ((rc = camp__parse_hex(g, argv[2], &hex, err)) != 0)
			return rc;
		camp__hex_id(g, hex, hb);
		if (!rules_hexlist_has(zone, hex) || camp__is_sea(g, hex))
			return rules_fail(err, WG_E_ILLEGAL_ACTION,
			                  g->phase == CAMP_PH_SETUP_FREE ? "SC-15.2a"
			                                                 : "SC-13.2.2b",
			                  "hex %s is not in your set-up area", hb);
		if (camp__side_in(g, hex, 1 - side))
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-4.0b",
			                  "hex %s holds enemy units", hb);
		camp__put(g, unit, hex);
		camp__line(reply, "%s is placed in %s", sc->units[unit].id, hb);
		{
			cJSON *f = unit_fields(g, unit, hex);
			char fac[32];
			cJSON_AddStringToObject(f, "factors",
			                        camp__factors(g, unit, fac, sizeof(fac)));
			if ((rc = emit_pub(ev, "placed", f, "%s (%s) is placed in %s",
			                   sc->units[unit].id, fac, hb)) != 0)
				return rc;
		}
	}
	if (g->phase == CAMP_PH_SETUP_SCRATCH)
		return camp__setup_next(g, d, ev, err);
	return 0;
}

/* `end` of a free set-up: every Tactical Unit placed, every HQ on the map commanding one. */
int camp__setup_free_end(struct camp_game *g, struct rules_dice *d, int side,
                         struct rules_events *ev, struct rules_error *err)
{
	const struct camp_scenario *sc = g->sc;

	for (int i = 0; i < g->nunits; i++) {
		if (sc->units[i].side != side)
			continue;
		if (g->u[i].where == CAMP_W_DRAWN && !sc->units[i].hq)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-15.2a",
			                  "%s is not placed yet (place <unit> <hex|hq>)",
			                  sc->units[i].id);
	}
	for (int i = 0; i < g->nunits; i++) {
		if (sc->units[i].side != side)
			continue;
		if (g->u[i].where == CAMP_W_DRAWN)
			g->u[i].where = CAMP_W_MAT; /* HQs left off the map */
		if (sc->units[i].hq && g->u[i].where == CAMP_W_MAP && camp__box_count(g, i) == 0) {
			/* 3.7c: an HQ without units stays in its box on the OOB mat */
			g->u[i].where = CAMP_W_MAT;
			g->u[i].hex = -1;
		}
	}
	return camp__setup_next(g, d, ev, err);
}
