/*
 * fm.c -- the Fire & Movement ruleset table: create/destroy/start, and
 * apply(), which routes each action to its verb's handler (verbs.c: the
 * system's table, then the scenario module's) and keeps the atomicity
 * contract by restoring a saved copy of the (plain-data) game state when the
 * action is refused.
 */
#include "fm.h"
#include "fm_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void fm__line(cJSON *reply, const char *fmt, ...)
{
	char buf[512];
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

const char *fm__unit_label(const struct fm_game *g, int unit, char *buf, size_t n)
{
	const struct fm_step *s = fm__cur(g, unit);

	snprintf(buf, n, "%s (%d-%d-%d%s)", fm__def(g, unit)->id, s->attack, s->defense, s->ma,
	         g->u[unit].step ? ", reduced" : "");
	return buf;
}

cJSON *fm__json_hexes(const struct fm_game *g, const int16_t *hexes, int n)
{
	char buf[RULES_HEX_ID_MAX];
	cJSON *arr = cJSON_CreateArray();

	for (int k = 0; k < n; k++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(fm__hex_id(g, hexes[k], buf)));
	return arr;
}

int fm__game_new(const struct fm_scenario *sc, const struct rules_options *opts,
                 struct fm_game **out, struct rules_error *err)
{
	struct fm_game *g;
	int rc;

	if (sc->nunits > FM_MAX_UNITS)
		return rules_fail(err, WG_E_BAD_SCENARIO, "", "too many units");
	g = calloc(1, sizeof(*g));
	if (g == NULL)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	g->sc = sc;
	if ((rc = fm__opts_build(sc, opts, &g->opt, err)) != 0) {
		free(g);
		return rc;
	}
	g->nunits = sc->nunits;
	g->phase = FM_PH_SETUP;
	g->await = FM_AW_PHASE;
	g->mover = -1;
	g->winner = -1;
	g->b.displacing = -1;
	g->b.freed = -1;
	g->b.displace_for = -1;
	fm__last_clear(g);
	for (int i = 0; i < g->nunits; i++) {
		const struct fm_unit_def *d = &sc->units[i];
		struct fm_unit *u = &g->u[i];
		u->hex = -1;
		u->move_start = -1;
		u->step = (uint8_t)d->start_step;
		switch (d->setup) {
		case FM_SETUP_HEX:
			u->where = FM_W_MAP;
			u->hex = (int16_t)d->setup_hex;
			break;
		case FM_SETUP_CHOOSE:
			u->where = FM_W_UNPLACED;
			break;
		case FM_SETUP_ARRIVES:
			u->where = FM_W_WAITING;
			break;
		default:
			u->where = FM_W_HELD;
			break;
		}
	}
	if (sc->module->init != NULL && (rc = sc->module->init(g, err)) != 0) {
		free(g);
		return rc;
	}
	*out = g;
	return 0;
}

static int fm_create(const struct rules_scenario *sc, const struct rules_options *opts,
                     struct rules_game **out, struct rules_error *err)
{
	struct fm_game *g;
	int rc = fm__game_new((const struct fm_scenario *)sc, opts, &g, err);

	if (rc == 0)
		*out = (struct rules_game *)g;
	return rc;
}

static void fm_destroy(struct rules_game *g)
{
	free(g);
}

static int fm_start(struct rules_game *rg, struct rules_dice *d, struct rules_events *ev,
                    struct rules_error *err)
{
	struct fm_game *g = (struct fm_game *)rg;
	struct fm_game saved_copy, *saved = &saved_copy; /* see fm_apply */
	size_t nev = ev->count;
	int rc;

	*saved = *g;
	{
		cJSON *f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "scenario", g->sc->id);
		cJSON_AddStringToObject(f, "title", g->sc->title);
		cJSON_AddNumberToObject(f, "turns", g->sc->turns);
		rc = rules_emit(ev, RULES_AUD_PUBLIC, "game-begins", f, "%s begins", g->sc->title);
	}
	if (rc == 0)
		rc = fm__start_game(g, d, ev, err);
	if (rc == 0 && g->sc->module->settle != NULL)
		rc = g->sc->module->settle(g, ev, err);
	if (rc == 0)
		rc = fm__check_instant(g, ev);
	if (rc != 0) {
		if (err->message[0] == '\0' || err->code != rc)
			rules_fail(err, rc, "", "could not start the game");
		*g = *saved;
	} else {
		fm__last_record(g, saved, ev, nev);
	}
	return rc;
}

/*
 * Routes one action to its verb's handler.  The match has looked the verb
 * up and checked its arity; here the game must wait for side (the turn) and
 * the action must answer the decision awaited now (FM_AW_*: a phase action, a
 * support step, a loss, a retreat, an advance).
 */
static int dispatch(struct fm_game *g, struct rules_dice *d, int side, const struct fm_verb *v,
                    int argc, char **argv, cJSON *reply, struct rules_events *ev,
                    struct rules_error *err)
{
	struct rules_pending p;
	int acting = fm__acting_side(g);

	if (g->over)
		return rules_fail(err, WG_E_GAME_OVER, "", "the game is over: %s", g->summary);
	if (side < 0 || side >= RULES_SIDES)
		return rules_fail(err, WG_E_NOT_A_PLAYER, "", "only a seated player may act");
	if (side != acting) {
		fm__pending((const struct rules_game *)g, &p);
		return rules_fail(err, WG_E_NOT_YOUR_TURN, "", "the game waits for %s: %s",
		                  g->sc->side_names[acting], p.what[acting]);
	}
	if (v == NULL || v->exec == NULL)
		return rules_fail(err, WG_E_UNKNOWN_VERB, "", "'%s' is not an action of this game",
		                  argv[0]);
	if (!(v->awaits & FM_AWAITS(g->await)))
		return fm__not_awaited(g, v, argv[0], err);
	return v->exec(g, d, side, argc, argv, reply, ev, err);
}

int fm__act(struct fm_game *g, struct rules_dice *d, int side, const struct fm_verb *v, int argc,
            char **argv, cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int rc;

	err->code = 0;
	err->message[0] = '\0';
	err->rule[0] = '\0';
	rc = dispatch(g, d, side, v, argc, argv, reply, ev, err);
	if (rc == 0)
		rc = fm__turn_end_settle(g, d, ev, err);
	if (rc == 0 && g->sc->module->settle != NULL)
		rc = g->sc->module->settle(g, ev, err);
	if (rc == 0 && !g->over)
		rc = fm__check_instant(g, ev);
	return rc;
}

static int fm_apply(struct rules_game *rg, struct rules_dice *d, int side,
                    const struct rules_verb *verb, int argc, char **argv, cJSON *reply,
                    struct rules_events *ev, struct rules_error *err)
{
	struct fm_game *g = (struct fm_game *)rg;
	/* every verb this ruleset hands out is the first member of an fm_verb (verbs.c) */
	const struct fm_verb *v = (const struct fm_verb *)verb;
	/*
	 * The copy to restore on a refusal lives on the stack (about 15 KB): a malloc of it per
	 * action made glibc consolidate its fast bins on every apply, a fifth of the server's
	 * CPU per durable action (docs/performance.md, "CPU per durable action").
	 */
	struct fm_game saved_copy, *saved = &saved_copy;
	size_t nev = ev->count;
	int rc;

	if (argc < 1)
		return rules_fail(err, WG_E_BAD_ARGS, "", "no verb given");
	*saved = *g;
	rc = fm__act(g, d, side, v, argc, argv, reply, ev, err);
	if (rc != 0) {
		if (err->code != rc)
			rules_fail(err, rc, "", "%s",
			           rc == WG_E_NO_MEMORY ? "out of memory" : "action refused");
		*g = *saved;
	} else {
		/* after the action, from its events: it cannot change what the action did */
		fm__last_record(g, saved, ev, nev);
	}
	return rc;
}

static int fm_query(const struct rules_game *rg, const struct rules_viewer *who, int argc,
                    char **argv, cJSON *out, struct rules_error *err)
{
	const struct fm_game *g = (const struct fm_game *)rg;
	const struct fm_verb *v = fm__verb_find(g->sc, argv[0]);

	if (v == NULL || v->query == NULL)
		return rules_fail(err, WG_E_UNKNOWN_VERB, "", "'%s' is not a query of this game",
		                  argv[0]);
	return v->query(g, who, argc, argv, out, err);
}

static const struct rules_verb *fm_verb(const struct rules_scenario *sc, size_t i)
{
	const struct fm_verb *v = fm__verb_at((const struct fm_scenario *)sc, i);

	return v != NULL ? &v->v : NULL;
}

void fm_ruleset_with(struct ruleset *out, const struct fm_modules *modules)
{
	*out = fm_ruleset;
	out->data = modules;
}

const struct ruleset fm_ruleset = {
    .name = "fm",
    .version = FM_ENGINE_VERSION,
    .description = "Fire & Movement system (Battle of the Scheldt, Meuse Argonne)",
    .data = &fm_shipped_modules,
    .verb = fm_verb,
    .scenario_load = fm__scenario_load,
    .scenario_free = fm__scenario_free,
    .scenario_info = fm__scenario_info,
    .create = fm_create,
    .destroy = fm_destroy,
    .start = fm_start,
    .apply = fm_apply,
    .query = fm_query,
    .pending = fm__pending,
    .view = fm__view,
    .view_lines = fm__view_lines,
    .outcome = fm__outcome,
    .snapshot = fm__snapshot,
    .restore = fm__restore,
    .scenario_lint = fm__scenario_lint,
    .picture = fm__picture,
    .secret_twin = fm__secret_twin,
    .takeback_barrier = fm__takeback_barrier,
};
