/*
 * special.c -- the sequence of play (5.0) and what happens at its seams: the
 * end of phases and player turns, the End of Turn; the special situations
 * tied to them (the 4th SSF's landing turn 13.1.4g, the 51st Division's
 * turns and withdrawal 13.1.5, the Breskens Pocket's surrender 13.3.2,
 * Antwerp 14.2.2g); the Walcheren dikes (13.3.3); and victory (14.0).
 *
 *   player turn: PREP --end--> OPS --end--> end of Operations:
 *        the SSF must hold its town (13.1.4g), the Pocket surrenders when its last
 *        coastal artillery fell (13.3.2), the game ends when the last coastal artillery
 *        fell (14.1a) --> PLANNING --select--> player turn end:
 *        Allied: a German Task Force in Antwerp scores 6 VP once (14.2.2g), German turn
 *        German: End of Turn: the 51st's half point (13.1.5d), turn + 1 or the end (14.1b)
 */
#include "camp_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const level_names[] = {"", "Draw", "Marginal Victory", "Impressive Victory",
                                          "Smashing Victory"};

const char *camp__level_name(int level)
{
	return level > 0 && level <= CAMP_L_SMASHING ? level_names[level] : "";
}

void camp__game_over(struct camp_game *g, int winner, int level, struct rules_events *ev,
                     const char *fmt, ...)
{
	char why[160];
	va_list ap;
	cJSON *f = cJSON_CreateObject();

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	camp__victory_points(g, g->vp);
	g->over = 1;
	g->winner = winner;
	g->level = level;
	g->phase = CAMP_PH_OVER;
	g->b.stage = CAMP_B_NONE;
	g->await = CAMP_AW_PHASE;
	if (winner < 0)
		snprintf(g->summary, sizeof(g->summary), "a draw, %g VP each: %s", g->vp[0] / 2.0,
		         why);
	else
		snprintf(g->summary, sizeof(g->summary), "%s %s (VP allied %g, german %g): %s",
		         winner == CAMP_ALLIED ? "Allied" : "German", camp__level_name(level),
		         g->vp[0] / 2.0, g->vp[1] / 2.0, why);
	cJSON_AddStringToObject(f, "winner", winner < 0 ? "draw" : camp__side(g, winner));
	cJSON_AddStringToObject(f, "level", camp__level_name(level));
	cJSON_AddNumberToObject(f, "vp_allied", g->vp[0] / 2.0);
	cJSON_AddNumberToObject(f, "vp_german", g->vp[1] / 2.0);
	cJSON_AddNumberToObject(f, "turn", g->turn);
	rules_emit(ev, RULES_AUD_PUBLIC, "game-over", f, "game over: %s", g->summary);
}

/* ---- counting ------------------------------------------------------------------------ */

int camp__coastal_left(const struct camp_game *g, int pocket_only)
{
	int n = 0;

	for (int i = 0; i < g->nunits; i++) {
		int w = g->u[i].where;
		if (!(g->sc->units[i].classes & CAMP_C_COASTAL) ||
		    (w != CAMP_W_MAP && w != CAMP_W_BOX && w != CAMP_W_WAITING))
			continue;
		if (pocket_only && !camp__in_zone(g, camp__unit_hex(g, i), g->sc->z_pocket))
			continue;
		n++;
	}
	return n;
}

/* The side that occupies city zone z: a unit there and none of the enemy (SC-AMB-62). */
static int occupier(const struct camp_game *g, int z)
{
	int has[RULES_SIDES] = {0, 0};

	for (int q = 0; q < g->sc->map.zones[z].hexes.n; q++)
		for (int s = 0; s < RULES_SIDES; s++)
			has[s] |= camp__side_in(g, g->sc->map.zones[z].hexes.h[q], s);
	return has[0] && !has[1] ? 0 : has[1] && !has[0] ? 1 : -1;
}

void camp__victory_points(const struct camp_game *g, int vp[RULES_SIDES])
{
	const struct camp_scenario *sc = g->sc;
	int left = sc->turns - g->turn;

	vp[0] = 2 * (left > 0 ? left : 0); /* 14.2.1a */
	vp[1] = 0;
	for (int i = 0; i < g->nunits; i++) {
		const struct camp_unit_def *d = &sc->units[i];
		int w = g->u[i].where;
		if (d->side == CAMP_GERMAN && d->hq) {
			if (w == CAMP_W_DEAD)
				vp[0] += 2; /* 14.2.1b */
			else if (w == CAMP_W_MAP)
				vp[1] += 2; /* 14.2.2a */
		}
		if (d->side == CAMP_ALLIED && w == CAMP_W_DEAD)
			vp[1] += 2; /* 14.2.2c, 14.2.2d */
	}
	for (int c = 0; c < sc->ncities; c++) {
		int s = occupier(g, sc->cities[c]);
		if (s >= 0)
			vp[s] += 4; /* 14.2.1c, 14.2.2e */
	}
	if (g->dikes)
		vp[1] += 4;               /* 14.2.2b */
	vp[1] += g->d51_turns + g->paras; /* 14.2.2f: half points */
	if (g->antwerp_vp)
		vp[1] += 12; /* 14.2.2g */
}

int camp__level(int a, int b)
{
	int hi = a > b ? a : b, lo = a > b ? b : a;

	if (hi == lo)
		return CAMP_L_DRAW;
	if (lo == 0 || hi >= 3 * lo)
		return CAMP_L_SMASHING; /* SC-AMB-64 */
	if (hi >= 2 * lo)
		return CAMP_L_IMPRESSIVE;
	return CAMP_L_MARGINAL;
}

static void end_on_points(struct camp_game *g, struct rules_events *ev, const char *why)
{
	int vp[RULES_SIDES], level;

	camp__victory_points(g, vp);
	level = camp__level(vp[0], vp[1]);
	camp__game_over(g,
	                level == CAMP_L_DRAW ? -1
	                : vp[0] > vp[1]      ? CAMP_ALLIED
	                                     : CAMP_GERMAN,
	                level, ev, "%s", why);
}

/* ---- the 51st Division (13.1.5) ------------------------------------------------------------ */

static int is_51(const struct camp_game *g, int unit)
{
	int gi = g->sc->units[unit].group;

	return gi >= 0 && g->sc->groups[gi].kind == CAMP_G_51;
}

int camp__wd_type(const struct camp_game *g, int unit)
{
	const struct camp_unit_def *d = &g->sc->units[unit];

	if (d->hq)
		return 0;
	if (d->classes & CAMP_C_ARTILLERY)
		return 2;
	if (d->classes & CAMP_C_INFANTRY)
		return 1;
	return 3;
}

int camp__wd_candidate(const struct camp_game *g, int unit)
{
	const struct camp_unit_def *d = &g->sc->units[unit];
	int t = camp__wd_type(g, unit);

	if (d->side != CAMP_ALLIED || is_51(g, unit) || g->wd_need[t] == 0)
		return 0;
	if (t == 0)
		return g->u[unit].where == CAMP_W_MAP &&
		       (d->nat == CAMP_NAT_BRITISH || d->nat == CAMP_NAT_CANADIAN);
	return g->u[unit].where == CAMP_W_MAP || g->u[unit].where == CAMP_W_BOX;
}

static int any_candidate(const struct camp_game *g)
{
	for (int i = 0; i < g->nunits; i++)
		if (camp__wd_candidate(g, i))
			return 1;
	return 0;
}

/* Removes a unit at a withdrawal: its box's units stay detached where it stood. */
static void withdraw_unit(struct camp_game *g, int unit)
{
	if (g->sc->units[unit].hq && g->u[unit].where == CAMP_W_MAP)
		for (int i = 0; i < g->nunits; i++)
			if (g->u[i].where == CAMP_W_BOX && g->u[i].tf == unit) {
				if (is_51(g, i))
					continue;
				g->u[i].where = CAMP_W_MAP;
				g->u[i].hex = g->u[unit].hex;
				g->u[i].tf = -1;
			}
	g->u[unit].where = CAMP_W_GONE;
	g->u[unit].hex = g->u[unit].tf = -1;
	g->u[unit].partner = -1;
}

static int withdrawal_done(struct camp_game *g, struct rules_events *ev)
{
	g->d51 = 2;
	g->await = CAMP_AW_PHASE;
	return rules_emit(ev, RULES_AUD_PUBLIC, "withdrawn", NULL,
	                  "the 51st Division is withdrawn from the game (13.1.5)");
}

/* Starts a withdrawal: the 51st's units in play leave; their lost components are counted. */
static int withdrawal_begin(struct camp_game *g, struct rules_events *ev)
{
	memset(g->wd_need, 0, sizeof(g->wd_need));
	for (int i = 0; i < g->nunits; i++) {
		int w = g->u[i].where;
		if (!is_51(g, i))
			continue;
		if (w == CAMP_W_DEAD)
			g->wd_need[camp__wd_type(g, i)]++;
		else if (w == CAMP_W_MAP || w == CAMP_W_BOX)
			withdraw_unit(g, i);
	}
	if (!any_candidate(g))
		return withdrawal_done(g, ev);
	g->await = CAMP_AW_WITHDRAW;
	return rules_emit(ev, RULES_AUD_PUBLIC, "withdrawal", NULL,
	                  "the 51st Division leaves; the Allied name the units that replace its "
	                  "lost components (13.1.5)");
}

int camp__do_withdraw(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                      cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int rc;

	(void)d;
	if (g->await == CAMP_AW_PHASE) {
		if (side != CAMP_ALLIED || g->phase != CAMP_PH_PREP)
			return rules_fail(
			    err, WG_E_WRONG_PHASE, "SC-13.1.5e",
			    "the 51st Division is withdrawn in an Allied Preparation Phase");
		if (g->d51 != 1)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-13.1.5e",
			                  "the 51st Division is not on the map");
		if (g->d51_entry == g->turn)
			return rules_fail(
			    err, WG_E_ILLEGAL_ACTION, "SC-13.1.5e",
			    "the 51st Division entered this turn: it may be withdrawn in a "
			    "subsequent Allied Preparation Phase");
		if ((rc = withdrawal_begin(g, ev)) != 0)
			return rc;
		camp__line(reply, "the 51st Division is withdrawn");
		if (g->await == CAMP_AW_PHASE || argc == 1)
			return 0;
	}
	for (int k = 1; k < argc; k++) {
		int unit, t;
		if ((rc = camp__parse_unit(g, argv[k], &unit, err)) != 0)
			return rc;
		if (!camp__wd_candidate(g, unit))
			return rules_fail(
			    err, WG_E_ILLEGAL_ACTION, "SC-13.1.5g",
			    "%s cannot replace a lost component of the 51st now (same type: "
			    "HQ, infantry, artillery; SC-AMB-53)",
			    argv[k]);
		t = camp__wd_type(g, unit);
		g->wd_need[t]--;
		withdraw_unit(g, unit);
		camp__line(reply, "%s is withdrawn in place of a lost component", argv[k]);
		{
			cJSON *f = cJSON_CreateObject();
			cJSON_AddStringToObject(f, "unit", camp__uid(g, unit));
			if ((rc = rules_emit(
			         ev, RULES_AUD_PUBLIC, "withdrawn", f,
			         "%s leaves the game in place of a lost 51st Division unit "
			         "(13.1.5g)",
			         camp__uid(g, unit))) != 0)
				return rc;
		}
	}
	if (!any_candidate(g))
		return withdrawal_done(g, ev);
	return 0;
}

/* ---- the sequence of play ------------------------------------------------------------------- */

static int begin_player_turn(struct camp_game *g, struct rules_events *ev)
{
	int rc;
	char label[40];

	g->phase = CAMP_PH_PREP;
	g->await = CAMP_AW_PHASE;
	g->opintel = 0;
	label[0] = '\0';
	if (g->turn - 1 < g->sc->nlabels && g->sc->labels[g->turn - 1][0])
		snprintf(label, sizeof(label), " (%s)", g->sc->labels[g->turn - 1]);
	{
		cJSON *f = cJSON_CreateObject();
		cJSON_AddNumberToObject(f, "turn", g->turn);
		cJSON_AddStringToObject(f, "side", camp__side(g, g->phasing));
		cJSON_AddStringToObject(f, "phase", "preparation");
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "phase", f,
		                     "turn %d%s: %s Player Turn, Preparation Phase", g->turn, label,
		                     g->phasing == CAMP_ALLIED ? "Allied" : "German")) != 0)
			return rc;
	}
	/* 13.1.5f: "The Division must be withdrawn at the beginning of Turn 12" */
	if (g->phasing == CAMP_ALLIED && g->d51 == 1) {
		for (int k = 0; k < g->sc->ngroups; k++)
			if (g->sc->groups[k].kind == CAMP_G_51 &&
			    g->turn >= g->sc->groups[k].withdraw_turn)
				return withdrawal_begin(g, ev);
	}
	return 0;
}

int camp__turn_begin(struct camp_game *g, struct rules_dice *d, struct rules_events *ev,
                     struct rules_error *err)
{
	(void)d;
	(void)err;
	g->turn = 1;
	g->phasing = CAMP_ALLIED;
	return begin_player_turn(g, ev);
}

/* 13.3.2: the Pocket surrenders once its last coastal artillery is gone. */
static int pocket(struct camp_game *g, struct rules_events *ev)
{
	const struct camp_scenario *sc = g->sc;
	int n = 0, had = 0;

	if (g->pocket_surrendered || sc->z_pocket < 0)
		return 0;
	for (int i = 0; i < g->nunits; i++)
		if ((sc->units[i].classes & CAMP_C_COASTAL) && sc->units[i].setup == CAMP_SET_HEX &&
		    camp__in_zone(g, sc->units[i].setup_hex, sc->z_pocket))
			had++;
	if (had == 0 || camp__coastal_left(g, 1) > 0)
		return 0;
	g->pocket_surrendered = 1;
	{
		/* find every unit first: a boxed unit's hex is its HQ's, gone once the HQ is */
		unsigned char in[CAMP_MAX_UNITS] = {0};
		for (int i = 0; i < g->nunits; i++) {
			int hex = camp__unit_hex(g, i);
			in[i] = sc->units[i].side == CAMP_GERMAN && hex >= 0 &&
			        camp__in_zone(g, hex, sc->z_pocket);
		}
		for (int i = 0; i < g->nunits; i++) {
			if (!in[i])
				continue;
			g->u[i].where = g->opt.surrender_dead ? CAMP_W_DEAD : CAMP_W_GONE;
			g->u[i].hex = g->u[i].tf = -1;
			n++;
		}
	}
	{
		cJSON *f = cJSON_CreateObject();
		cJSON_AddNumberToObject(f, "units", n);
		return rules_emit(
		    ev, RULES_AUD_PUBLIC, "surrender", f,
		    "the Breskens Pocket surrenders: its last coastal artillery is gone; "
		    "%d German units are removed from the game (13.3.2)",
		    n);
	}
}

static int end_of_operations(struct camp_game *g, struct rules_events *ev)
{
	int rc;

	/* 13.1.4g: the SSF is eliminated if its town still holds enemy forces; it may not stay
	 * at sea either (SC-AMB-51), but on land next to a town free of the enemy it stays (the
	 * rule eliminates it only for a town still held) */
	if (g->phasing == CAMP_ALLIED && g->ssf == 1) {
		for (int i = 0; i < g->nunits; i++) {
			int hex;
			if (g->sc->units[i].special != CAMP_SP_SSF || g->u[i].where != CAMP_W_MAP)
				continue;
			hex = g->u[i].hex;
			if (camp__is_sea(g, hex)) {
				camp__eliminate(g, i, ev,
				                "at the end of its landing turn, still at sea "
				                "(13.1.4)");
				g->ssf = 3;
			}
			g->u[i].flags &= (uint8_t)~CAMP_F_LANDED;
		}
		for (int q = 0; g->ssf_town >= 0 && q < g->sc->map.zones[g->ssf_town].hexes.n; q++)
			if (camp__side_in(g, g->sc->map.zones[g->ssf_town].hexes.h[q], CAMP_GERMAN))
				for (int i = 0; i < g->nunits; i++)
					if (g->sc->units[i].special == CAMP_SP_SSF &&
					    g->u[i].where == CAMP_W_MAP) {
						camp__eliminate(g, i, ev,
						                "at the end of its landing turn: "
						                "the town still "
						                "holds enemy forces (13.1.4)");
						g->ssf = 3;
					}
		if (g->ssf == 1)
			g->ssf = 2;
	}
	if ((rc = pocket(g, ev)) != 0)
		return rc;
	camp__tidy(g, ev);
	if (camp__coastal_left(g, 0) == 0) {
		end_on_points(g, ev,
		              "the last German coastal artillery has been eliminated (14.1)");
		return 0;
	}
	g->phase = CAMP_PH_PLANNING;
	g->await = CAMP_AW_PHASE;
	{
		cJSON *f = cJSON_CreateObject();
		cJSON_AddNumberToObject(f, "turn", g->turn);
		cJSON_AddStringToObject(f, "side", camp__side(g, g->phasing));
		cJSON_AddStringToObject(f, "phase", "planning");
		return rules_emit(ev, RULES_AUD_PUBLIC, "phase", f, "turn %d: %s Planning Phase",
		                  g->turn, g->phasing == CAMP_ALLIED ? "Allied" : "German");
	}
}

int camp__do_end(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                 cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	(void)argc;
	(void)argv;
	switch (g->phase) {
	case CAMP_PH_SETUP_FREE:
		camp__line(reply, "your free set-up is done");
		return camp__setup_free_end(g, d, side, ev, err);
	case CAMP_PH_PREP: {
		cJSON *f = cJSON_CreateObject();
		g->phase = CAMP_PH_OPS;
		camp__line(reply, "Operations Phase");
		cJSON_AddNumberToObject(f, "turn", g->turn);
		cJSON_AddStringToObject(f, "side", camp__side(g, g->phasing));
		cJSON_AddStringToObject(f, "phase", "operations");
		return rules_emit(ev, RULES_AUD_PUBLIC, "phase", f, "turn %d: %s Operations Phase",
		                  g->turn, g->phasing == CAMP_ALLIED ? "Allied" : "German");
	}
	case CAMP_PH_OPS:
		camp__line(reply, "Operations Phase ends");
		return end_of_operations(g, ev);
	default:
		return rules_fail(
		    err, WG_E_WRONG_PHASE, "SC-12.0a",
		    "the Planning Phase ends when you select your new hand: select ...");
	}
}

int camp__player_turn_end(struct camp_game *g, struct rules_dice *d, struct rules_events *ev,
                          struct rules_error *err)
{
	(void)d;
	(void)err;
	for (int i = 0; i < g->nunits; i++)
		if (g->sc->units[i].side == g->phasing)
			g->u[i].flags &=
			    (uint8_t) ~(CAMP_F_MOVED | CAMP_F_RECOVERED | CAMP_F_CROSSED);
	if (g->phasing == CAMP_ALLIED) {
		/* 14.2.2g: a German Task Force in Antwerp at the end of an Allied Player Turn */
		if (!g->antwerp_vp && g->sc->z_antwerp >= 0)
			for (int q = 0; q < g->sc->map.zones[g->sc->z_antwerp].hexes.n; q++)
				if (camp__hq_in(g, g->sc->map.zones[g->sc->z_antwerp].hexes.h[q],
				                CAMP_GERMAN)) {
					g->antwerp_vp = 1;
					rules_emit(ev, RULES_AUD_PUBLIC, "antwerp", NULL,
					           "a German Task Force holds Antwerp at the end "
					           "of the Allied "
					           "Player Turn: 6 VP to the German (14.2.2g)");
					break;
				}
		g->phasing = CAMP_GERMAN;
		return begin_player_turn(g, ev);
	}
	/* End of Turn (5.4) */
	for (int i = 0; i < g->nunits; i++)
		if (is_51(g, i) && (g->u[i].where == CAMP_W_MAP || g->u[i].where == CAMP_W_BOX)) {
			g->d51_turns++; /* 13.1.5d, SC-AMB-54 */
			break;
		}
	if (g->turn >= g->sc->turns) {
		camp__game_over(g, CAMP_GERMAN, CAMP_L_IMPRESSIVE, ev,
		                "turn %d ends with %d coastal artillery units surviving (14.1)",
		                g->turn, camp__coastal_left(g, 0));
		return 0;
	}
	g->turn++;
	g->phasing = CAMP_ALLIED;
	return begin_player_turn(g, ev);
}

/* ---- the dikes (13.3.3) --------------------------------------------------------------------- */

int camp__do_dikes(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const struct camp_scenario *sc = g->sc;
	int rolled = 0, lost = 0, rc;
	char text[200];
	size_t len = 0;

	(void)argc;
	(void)argv;
	if (side != CAMP_ALLIED || g->phasing != CAMP_ALLIED ||
	    (g->phase != CAMP_PH_PREP && g->phase != CAMP_PH_OPS))
		return rules_fail(
		    err, WG_E_WRONG_PHASE, "SC-AMB-58",
		    "the Allied break the dikes in their own Preparation or Operations "
		    "Phase");
	if (g->dikes)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "SC-13.3.3a",
		                  "the dikes are broken already");
	if (g->walcheren_entered)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "SC-13.3.3a",
		    "an Allied unit has entered Walcheren: too late to break the dikes");
	g->dikes = 1;
	text[0] = '\0';
	for (int i = 0; i < g->nunits; i++) {
		const struct camp_unit_def *u = &sc->units[i];
		int v;
		if (!(u->classes & CAMP_C_COASTAL) || u->af != 0 || g->u[i].where != CAMP_W_MAP ||
		    !camp__in_zone(g, g->u[i].hex, sc->z_walcheren))
			continue;
		v = rules_dice_roll(d, 6);
		rolled++;
		len += (size_t)snprintf(text + len, len < sizeof(text) ? sizeof(text) - len : 0,
		                        "%s%s %d", len ? ", " : "", u->id, v);
		if (v >= 5) {
			lost++;
			camp__eliminate(g, i, ev, "by the flooding of Walcheren (13.3.3)");
		}
	}
	camp__line(reply, "the dikes are broken: %d batteries rolled for, %d lost", rolled, lost);
	{
		cJSON *f = cJSON_CreateObject();
		cJSON_AddNumberToObject(f, "rolled", rolled);
		cJSON_AddNumberToObject(f, "eliminated", lost);
		rc = rules_emit(ev, RULES_AUD_PUBLIC, "dikes", f,
		                "the Allied destroy the Walcheren dikes: %s; Walcheren's polder is "
		                "flooded and its clear ground polder; 2 VP to the German (13.3.3)",
		                rolled ? text : "no battery to roll for");
	}
	return rc;
}
