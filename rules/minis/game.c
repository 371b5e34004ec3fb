/*
 * game.c -- the miniatures ruleset table: create/destroy/start, apply() (which routes an
 * action to its verb after checking that the game waits for that side and that decision, and
 * keeps the atomicity contract by restoring a saved copy of the plain-data state when the
 * action is refused), query(), pending() and outcome().
 */
#include "minis_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void minis__line(cJSON *reply, const char *fmt, ...)
{
	char buf[600];
	cJSON *lines;
	va_list ap;

	if (reply == NULL)
		return;
	lines = cJSON_GetObjectItemCaseSensitive(reply, "lines");
	if (lines == NULL)
		lines = cJSON_AddArrayToObject(reply, "lines");
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	cJSON_AddItemToArray(lines, cJSON_CreateString(buf));
}

static int32_t scaled(const struct minis_game *g, int32_t v)
{
	return g->opt.alt ? v * 3 / 2 : v;
}

int minis__game_new(const struct minis_scenario *sc, const struct rules_options *opts,
                    struct minis_game **out, struct rules_error *err)
{
	struct minis_game *g;
	int rc, defender = sc->sides[0].attacker ? 1 : 0, ndummy = 0;

	if (sc->nunits > MINIS_MAX_UNITS)
		return rules_fail(err, WG_E_BAD_SCENARIO, "", "too many units");
	g = calloc(1, sizeof(*g));
	if (g == NULL)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	g->sc = sc;
	if ((rc = minis__opts_build(sc, opts, &g->opt, err)) != 0) {
		free(g);
		return rc;
	}
	g->width = scaled(g, sc->width);
	g->height = scaled(g, sc->height);
	g->nslots = sc->nunits + MINIS_MAX_DUMMIES;
	g->phase = MP_DEPLOY;
	g->acting = (int8_t)defender;
	g->phasing = (int8_t)defender;
	g->turn = 0;
	g->air_sup = -1;
	g->winner = -1;
	g->act.payer = -1;
	g->air.target = -1;
	g->recon.unit = -1;
	for (int k = 0; k < MINIS_MAX_SLOTS; k++)
		g->rally_bonus[k] = -1;
	for (int u = 0; u < g->nslots; u++) {
		const struct minis_unit_def *d = minis__def(g, u);
		struct minis_unit *x = &g->u[u];
		int32_t w = d->w, dd = d->d;
		if (w <= 0 || dd <= 0) { /* base.size.<type> (QR-AMB-1) */
			const int32_t *sz = d->kind == MK_AFV || d->kind == MK_SOFTSKIN
			                        ? g->opt.size_veh
			                    : d->kind == MK_GUN ? g->opt.size_gun
			                                        : g->opt.size_inf;
			w = sz[0];
			dd = sz[1];
		}
		x->w = scaled(g, w);
		x->d = scaled(g, dd);
		x->roll = -1;
		x->model = -1;
		if (u < sc->nunits) {
			x->status = MS_ON;
			x->x = scaled(g, d->x);
			x->y = scaled(g, d->y);
			x->facing = d->facing;
			if (d->kind == MK_GUN && (d->flags & MINIS_F_TOW))
				x->flags |= 0; /* towed guns start unlimbered, ready to fire */
		} else {
			x->status = MS_UNPLACED;
			x->facing = sc->sides[defender].north ? 1800 : 0;
			ndummy++;
		}
	}
	(void)ndummy;
	*out = g;
	return 0;
}

static int minis_create(const struct rules_scenario *sc, const struct rules_options *opts,
                        struct rules_game **out, struct rules_error *err)
{
	struct minis_game *g;
	int rc = minis__game_new((const struct minis_scenario *)sc, opts, &g, err);

	if (rc == 0)
		*out = (struct rules_game *)g;
	return rc;
}

static void minis_destroy(struct rules_game *g)
{
	free(g);
}

static int minis_start(struct rules_game *rg, struct rules_dice *d, struct rules_events *ev,
                       struct rules_error *err)
{
	struct minis_game *g = (struct minis_game *)rg, *saved = malloc(sizeof(*g));
	int rc;

	if (saved == NULL)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	*saved = *g;
	{
		cJSON *f = cJSON_CreateObject();
		char w[16], h[16];
		cJSON_AddStringToObject(f, "scenario", g->sc->id);
		cJSON_AddStringToObject(f, "title", g->sc->title);
		cJSON_AddNumberToObject(f, "turns", g->sc->turns);
		cJSON_AddStringToObject(f, "scale", g->opt.alt ? "alt" : "base");
		cJSON_AddItemToObject(f, "width", minis__num_in(g->width));
		cJSON_AddItemToObject(f, "height", minis__num_in(g->height));
		rc = rules_emit(ev, RULES_AUD_PUBLIC, "game-begins", f,
		                "%s begins: a table of %s x %s inches, %d turns", g->sc->title,
		                minis__fmt_in(g->width, w, sizeof(w)),
		                minis__fmt_in(g->height, h, sizeof(h)), g->sc->turns);
	}
	if (rc == 0)
		rc = minis__setup_rolls(g, d, ev);
	if (rc != 0) {
		*g = *saved;
		rules_fail(err, rc, "", "could not start the game");
	}
	free(saved);
	return rc;
}

/* ---- who acts ---- */

int minis__awaits(const struct minis_game *g, int side)
{
	if (g->over || side < 0 || side >= RULES_SIDES)
		return 0;
	if (g->intr != MI_NONE)
		return side == g->intr_side;
	if (g->phase == MP_RALLY)
		return !g->rally_done[side];
	return side == g->acting;
}

int minis__acting_side(const struct minis_game *g)
{
	if (g->over)
		return -1;
	if (g->intr != MI_NONE)
		return g->intr_side;
	if (g->phase == MP_RALLY)
		return -1;
	return g->acting;
}

static const char *phase_text(const struct minis_game *g, char *buf, size_t n)
{
	const char *me = g->sc->side_names[g->acting];

	switch (g->phase) {
	case MP_DEPLOY:
		snprintf(buf, n, "set-up: %s deploys", me);
		break;
	case MP_ORDERS:
		snprintf(buf, n, "turn %d, %s: %s command orders", g->turn,
		         g->acting == g->phasing ? "2A" : "3A", me);
		break;
	case MP_DEFFIRE:
		snprintf(buf, n, "turn %d, %s: %s defensive fire", g->turn,
		         g->acting != g->phasing ? "2B" : "3B", me);
		break;
	case MP_RALLY:
		snprintf(buf, n, "turn %d, 4: rally and morale", g->turn);
		break;
	default:
		snprintf(buf, n, "game over");
		break;
	}
	return buf;
}

static void orders_text(const struct minis_game *g, int side, char *buf, size_t n)
{
	size_t len = 0;
	int any = 0;

	buf[0] = '\0';
	for (int u = 0; u < g->sc->nunits && len < n; u++) {
		if (minis__side(g, u) != side || g->u[u].orders == 0)
			continue;
		/* every viewer reads this: a hidden command unit that is no HQ is left out
		 * (an HQ's identity and orders are public, QR-CMD-2; its position is not) */
		if (minis__def(g, u)->kind != MK_HQ && !minis__visible(g, u, 1 - side))
			continue;
		len += (size_t)snprintf(buf + len, n - len, "%s%s %d", any ? ", " : "",
		                        minis__uid(g, u), g->u[u].orders);
		any = 1;
	}
	if (!any)
		snprintf(buf, n, "none");
}

void minis__pending(const struct rules_game *rg, struct rules_pending *p)
{
	const struct minis_game *g = (const struct minis_game *)rg;
	char ph[80], ord[160];

	memset(p, 0, sizeof(*p));
	if (g->over)
		return;
	phase_text(g, ph, sizeof(ph));
	for (int s = 0; s < RULES_SIDES; s++) {
		if (!minis__awaits(g, s))
			continue;
		p->sides |= RULES_AUD_SIDE(s);
		switch (g->intr) {
		case MI_AA:
			snprintf(p->kind[s], RULES_KIND_MAX, "anti-aircraft");
			snprintf(p->what[s], sizeof(p->what[s]),
			         "%s: anti-aircraft fire at the %s (fire <unit> air), then end", ph,
			         g->sc->sides[g->air.side].aircraft.name);
			continue;
		case MI_REVEAL:
			snprintf(p->kind[s], RULES_KIND_MAX, "reveal");
			snprintf(p->what[s], sizeof(p->what[s]),
			         "%s: answer the %s reconnaissance (score %d): reveal ...", ph,
			         g->sc->side_names[g->recon.side], g->recon.score);
			continue;
		case MI_STUBBORN:
			snprintf(p->kind[s], RULES_KIND_MAX, "stubborn");
			snprintf(p->what[s], sizeof(p->what[s]),
			         "%s: stubborn resistance: stubborn fight or stubborn retreat", ph);
			continue;
		case MI_INIT:
			snprintf(p->kind[s], RULES_KIND_MAX, "initiative");
			snprintf(p->what[s], sizeof(p->what[s]),
			         "turn %d, 1: you hold the initiative: initiative first (you are "
			         "phasing) or initiative second (QR-AMB-12)",
			         g->turn);
			continue;
		case MI_ADVANCE:
			snprintf(p->kind[s], RULES_KIND_MAX, "advance");
			snprintf(p->what[s], sizeof(p->what[s]),
			         "%s: close assault won: advance <unit> occupy, advance <unit> <x> "
			         "<y> (2\" [3\"] at most), or advance none (QR-ASSAULT-42)",
			         ph);
			continue;
		case MI_CASUALTY:
			snprintf(p->kind[s], RULES_KIND_MAX, "casualty");
			snprintf(p->what[s], sizeof(p->what[s]),
			         "%s: close assault: choose which of your units suffers (casualty "
			         "<unit>)",
			         ph);
			continue;
		default:
			break;
		}
		switch (g->phase) {
		case MP_DEPLOY:
			snprintf(p->kind[s], RULES_KIND_MAX, "deploy");
			snprintf(p->what[s], sizeof(p->what[s]),
			         "%s: deploy <unit> <x> <y> [facing] [hidden|ambush|open], deploy "
			         "dummy <x> <y>, then end",
			         ph);
			break;
		case MP_ORDERS:
			orders_text(g, s, ord, sizeof(ord));
			snprintf(p->kind[s], RULES_KIND_MAX, "orders");
			snprintf(p->what[s], sizeof(p->what[s]),
			         "%.60s (orders left: %.110s): order, move, fire, recon, assault, "
			         "call, end",
			         ph, ord);
			break;
		case MP_DEFFIRE:
			snprintf(p->kind[s], RULES_KIND_MAX, "defensive-fire");
			snprintf(p->what[s], sizeof(p->what[s]),
			         "%s: fire <unit> <target>, then end", ph);
			break;
		case MP_RALLY:
			snprintf(p->kind[s], RULES_KIND_MAX, "rally");
			snprintf(
			    p->what[s], sizeof(p->what[s]),
			    "%s: give each command unit's +1 (rally <unit> <command unit>), then "
			    "end",
			    ph);
			break;
		default:
			break;
		}
	}
}

void minis__outcome(const struct rules_game *rg, struct rules_outcome *o)
{
	const struct minis_game *g = (const struct minis_game *)rg;

	memset(o, 0, sizeof(*o));
	o->over = g->over;
	o->winner = g->over ? g->winner : -1;
	snprintf(o->summary, sizeof(o->summary), "%s", g->summary);
}

/* ---- actions ---- */

/* The decision each verb answers. */
static int verb_allowed(const struct minis_game *g, const char *name)
{
	static const struct {
		const char *verb;
		int phase; /* enum minis_phase, or -1 */
		int intr;  /* enum minis_intr */
	} table[] = {
	    {"deploy", MP_DEPLOY, MI_NONE},
	    {"end", MP_DEPLOY, MI_NONE},
	    {"order", MP_ORDERS, MI_NONE},
	    {"move", MP_ORDERS, MI_NONE},
	    {"fire", MP_ORDERS, MI_NONE},
	    {"recon", MP_ORDERS, MI_NONE},
	    {"assault", MP_ORDERS, MI_NONE},
	    {"call", MP_ORDERS, MI_NONE},
	    {"end", MP_ORDERS, MI_NONE},
	    {"fire", MP_DEFFIRE, MI_NONE},
	    {"end", MP_DEFFIRE, MI_NONE},
	    {"rally", MP_RALLY, MI_NONE},
	    {"end", MP_RALLY, MI_NONE},
	    {"fire", -1, MI_AA},
	    {"end", -1, MI_AA},
	    {"reveal", -1, MI_REVEAL},
	    {"stubborn", -1, MI_STUBBORN},
	    {"casualty", -1, MI_CASUALTY},
	    {"advance", -1, MI_ADVANCE},
	    {"initiative", -1, MI_INIT},
	    {"end", -1, MI_ADVANCE},
	};

	for (size_t k = 0; k < sizeof(table) / sizeof(table[0]); k++) {
		if (strcasecmp(table[k].verb, name) != 0)
			continue;
		if (g->intr != MI_NONE ? table[k].intr == g->intr
		                       : table[k].intr == MI_NONE && table[k].phase == g->phase)
			return 1;
	}
	return 0;
}

int minis__act(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
               cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const struct minis_verb *v;
	struct rules_pending p;
	int rc;

	err->code = 0;
	err->message[0] = '\0';
	err->rule[0] = '\0';
	if (argc < 1)
		return rules_fail(err, WG_E_BAD_ARGS, "", "no verb given");
	if (g->over)
		return rules_fail(err, WG_E_GAME_OVER, "", "the game is over: %s", g->summary);
	if (side < 0 || side >= RULES_SIDES)
		return rules_fail(err, WG_E_NOT_A_PLAYER, "", "only a seated player may act");
	v = minis__verb_find(argv[0]);
	if (v == NULL || v->exec == NULL)
		return rules_fail(err, WG_E_UNKNOWN_VERB, "",
		                  "'%.30s' is not an action of this game", argv[0]);
	if (!minis__awaits(g, side)) {
		int other = 1 - side;
		minis__pending((const struct rules_game *)g, &p);
		return rules_fail(err, WG_E_NOT_YOUR_TURN, "QR-TURN-1", "the game waits for %s: %s",
		                  g->sc->side_names[other], p.what[other]);
	}
	if (!verb_allowed(g, v->v.name)) {
		minis__pending((const struct rules_game *)g, &p);
		return rules_fail(err, WG_E_WRONG_PHASE, "QR-TURN-1", "not now: %s", p.what[side]);
	}
	rc = v->exec(g, d, side, argc, argv, reply, ev, err);
	if (rc == 0)
		rc = minis__after_action(g, d, ev);
	return rc;
}

static int minis_apply(struct rules_game *rg, struct rules_dice *d, int side,
                       const struct rules_verb *verb, int argc, char **argv, cJSON *reply,
                       struct rules_events *ev, struct rules_error *err)
{
	struct minis_game *g = (struct minis_game *)rg, *saved;
	int rc;

	(void)verb;
	saved = malloc(sizeof(*g));
	if (saved == NULL)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	*saved = *g;
	rc = minis__act(g, d, side, argc, argv, reply, ev, err);
	if (rc != 0) {
		if (err->code != rc)
			rules_fail(err, rc, "", "%s",
			           rc == WG_E_NO_MEMORY ? "out of memory" : "action refused");
		*g = *saved;
	}
	free(saved);
	return rc;
}

/* A host action ends the game as asked; the engine carries it out itself so that every
 * hidden unit and dummy is revealed at the end (QR-AMB-13). */
static int minis_host(struct rules_game *rg, struct rules_dice *d,
                      const struct rules_host_action *a, struct rules_events *ev,
                      struct rules_error *err)
{
	struct minis_game *g = (struct minis_game *)rg;
	static const char *const what[RULES_HOST_COUNT] = {
	    [RULES_HOST_RESIGN] = "resigns",
	    [RULES_HOST_TIMEOUT] = "loses on time",
	    [RULES_HOST_FORFEIT] = "forfeits",
	};
	char summary[256];
	int winner;

	(void)d;
	if (g->over)
		return rules_fail(err, WG_E_GAME_OVER, "", "the game is over: %s", g->summary);
	switch (a->kind) {
	case RULES_HOST_RESIGN:
	case RULES_HOST_TIMEOUT:
	case RULES_HOST_FORFEIT:
		if (a->side < 0 || a->side >= RULES_SIDES)
			return RULES_HOST_DEFAULT;
		winner = 1 - a->side;
		snprintf(summary, sizeof(summary), "%s %s; %s wins", g->sc->side_names[a->side],
		         what[a->kind], g->sc->side_names[winner]);
		break;
	case RULES_HOST_DRAW:
		winner = -1;
		snprintf(summary, sizeof(summary), "drawn by agreement");
		break;
	case RULES_HOST_ADJUDICATE:
		winner = a->winner >= 0 && a->winner < RULES_SIDES ? a->winner : -1;
		snprintf(summary, sizeof(summary), "adjudicated: %s",
		         winner < 0 ? "a draw" : g->sc->side_names[winner]);
		break;
	default:
		return RULES_HOST_DEFAULT;
	}
	return minis__game_over(g, winner, summary, ev);
}

static int minis_query(const struct rules_game *rg, const struct rules_viewer *who, int argc,
                       char **argv, cJSON *out, struct rules_error *err)
{
	const struct minis_game *g = (const struct minis_game *)rg;
	const struct minis_verb *v = minis__verb_find(argv[0]);

	if (v == NULL || v->query == NULL)
		return rules_fail(err, WG_E_UNKNOWN_VERB, "", "'%.30s' is not a query of this game",
		                  argv[0]);
	return v->query(g, who, argc, argv, out, err);
}

static const struct rules_verb *minis_verb(const struct rules_scenario *sc, size_t i)
{
	const struct minis_verb *v = minis__verb_at(i);

	(void)sc;
	return v != NULL ? &v->v : NULL;
}

const struct ruleset minis_ruleset = {
    .name = "minis",
    .version = MINIS_ENGINE_VERSION,
    .description = "WWII miniatures quick reference (a continuous table in inches)",
    .data = NULL,
    .verb = minis_verb,
    .scenario_load = minis__scenario_load,
    .scenario_free = minis__scenario_free,
    .scenario_info = minis__scenario_info,
    .create = minis_create,
    .destroy = minis_destroy,
    .start = minis_start,
    .apply = minis_apply,
    .host = minis_host,
    .query = minis_query,
    .pending = minis__pending,
    .view = minis__view,
    .outcome = minis__outcome,
    .snapshot = minis__snapshot,
    .restore = minis__restore,
    .scenario_lint = minis__scenario_lint,
    .picture = minis__picture,
    .secret_twin = minis__secret_twin,
};
