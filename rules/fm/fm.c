/*
 * fm.c -- the Fire & Movement ruleset table: verbs, create/destroy/start,
 * and apply(), which routes each action verb to its module and keeps the
 * atomicity contract by restoring a saved copy of the (plain-data) game
 * state when the action is refused.
 *
 * The verb table also lists the verbs of the exclusive-rules modules (one
 * ruleset, several games): the system forwards any verb it does not handle
 * to the scenario's module (struct fm_hooks.apply / .query), which answers
 * unknown-verb when the verb is not its own.
 */
#include "fm.h"
#include "fm_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const struct rules_verb fm_verbs[] = {
    {"place", RULES_VERB_ACTION, 2, 2, "place <unit> <hex>",
     "Set-up: put a unit whose scenario set-up is a choice on one of its allowed hexes."},
    {"move", RULES_VERB_ACTION, 2, -1, "move <unit> <hex> [<hex> ...] | move <unit> to <hex>",
     "Move a unit along the given path of adjacent hexes, or along the cheapest legal path "
     "with `to`. Costs MP per hex (FM-5), stops in enemy ZOC (FM-6.1)."},
    {"enter", RULES_VERB_ACTION, 2, -1, "enter <unit> <hex> [<hex> ...]",
     "Bring a reinforcement onto the map at one of its arrival hexes; it may move on along the "
     "hexes given (or later with `move`). It may pass a friendly unit on its arrival hex but "
     "not end there (FM-5.3)."},
    {"end", RULES_VERB_ACTION, 0, 0, "end", "Finish the current phase (or your set-up)."},
    {"bombard", RULES_VERB_ACTION, 2, 3, "bombard <hex> <marker> [<marker>]",
     "Bombardment Phase: attack the enemy unit in a hex with one or two support fire markers "
     "(`draw` for a marker picked blind when markers are not chosen)."},
    {"attack", RULES_VERB_ACTION, 2, -1, "attack <hex> <unit> [<unit> ...]",
     "Combat Phase: attack the enemy unit in a hex with adjacent units. Support fire steps "
     "follow."},
    {"support", RULES_VERB_ACTION, 1, 1, "support <marker> | support draw | support pass",
     "Support fire step of a combat: place one marker face down, or pass (FM-8.2.1)."},
    {"reduce", RULES_VERB_ACTION, 1, 1, "reduce <unit>",
     "Choose which of your units takes an Ex or (A) loss."},
    {"retreat", RULES_VERB_ACTION, 1, -1, "retreat <unit> [<hex> ...]",
     "Retreat a unit along the given path; with no hex when it cannot retreat at all."},
    {"stiff", RULES_VERB_ACTION, 1, 1, "stiff <unit>",
     "Stiff resistance: reduce the unit instead of retreating (FM-8.4)."},
    {"displace", RULES_VERB_ACTION, 2, 2, "displace <unit> <hex>",
     "Move a friendly unit one hex out of the only end hex of a retreat (FM-8.3.1)."},
    {"advance", RULES_VERB_ACTION, 1, -1, "advance <unit> <hex> [<hex> ...] | advance none",
     "Advance after combat along the path of retreat, or decline (FM-8.5)."},
    {"reach", RULES_VERB_QUERY, 1, 1, "reach <unit>",
     "Every hex the unit can move to now, with its MP cost."},
    {"map", RULES_VERB_QUERY, 0, 2, "map [<hex> <hex>]",
     "An ASCII map of the area between two corner hexes (default: the whole map)."},
    {"units", RULES_VERB_QUERY, 0, 1, "units [side]",
     "Every unit (of one side) with its hex, strengths and state."},
    {"hex", RULES_VERB_QUERY, 1, 1, "hex <hex>",
     "Terrain, features, hexsides, occupant and zones of control of one hex."},
    {"markers", RULES_VERB_QUERY, 0, 0, "markers",
     "Your support fire markers: pool, this turn's markers, what is committed and used."},
    {"crt", RULES_VERB_QUERY, 0, 1, "crt [<terrain or line>]",
     "The combat results table, or the die-roll results of one terrain line."},
    /* exclusive-rules verbs (Battle of the Scheldt, rules/fm/scheldt/) */
    {"rebuild", RULES_VERB_ACTION, 1, 1, "rebuild <unit>",
     "Battle of the Scheldt, at the end of your player turn: flip one of your depleted units "
     "back to full strength, within your side's rebuilds of the turn (BS-11.0)."},
    {"land", RULES_VERB_ACTION, 2, 2, "land <unit> <hex>",
     "Battle of the Scheldt, Allied Movement Phase: place a unit of the Beveland (16.1) or "
     "Walcheren (16.2) assault group by assault boat on a coastal hex, even one held by a "
     "German unit; the first landing declares the assault (BS-16)."},
    {"exclusive", RULES_VERB_QUERY, 0, 0, "exclusive",
     "The state of the scenario's exclusive rules: frozen units, rebuilds left, assault "
     "groups and their conditions, landed units, special markers, last-held hexes."},
};

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
	if (sc->hooks->init != NULL && (rc = sc->hooks->init(g, err)) != 0) {
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
	struct fm_game *saved = malloc(sizeof(*g));
	int rc;

	if (saved == NULL)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	*saved = *g;
	rc = rules_emit(ev, RULES_AUD_PUBLIC, "game-begins", NULL, "%s begins", g->sc->title);
	if (rc == 0)
		rc = fm__start_game(g, d, ev, err);
	if (rc == 0 && g->sc->hooks->settle != NULL)
		rc = g->sc->hooks->settle(g, ev, err);
	if (rc == 0)
		rc = fm__check_instant(g, ev);
	if (rc != 0) {
		if (err->message[0] == '\0' || err->code != rc)
			rules_fail(err, rc, "", "could not start the game");
		*g = *saved;
	}
	free(saved);
	return rc;
}

/* Which awaited decision each verb answers. */
static int verb_await(const char *verb)
{
	if (strcasecmp(verb, "support") == 0)
		return FM_AW_SUPPORT;
	if (strcasecmp(verb, "reduce") == 0)
		return FM_AW_LOSS;
	if (strcasecmp(verb, "retreat") == 0 || strcasecmp(verb, "stiff") == 0)
		return FM_AW_RETREAT;
	if (strcasecmp(verb, "displace") == 0)
		return -2; /* RETREAT or DISPLACE */
	if (strcasecmp(verb, "advance") == 0)
		return FM_AW_ADVANCE;
	return FM_AW_PHASE;
}

static int dispatch(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const char *v = argv[0];
	struct rules_pending p;
	int want = verb_await(v), acting = fm__acting_side(g);

	if (g->over)
		return rules_fail(err, WG_E_GAME_OVER, "", "the game is over: %s", g->summary);
	if (side < 0 || side >= RULES_SIDES)
		return rules_fail(err, WG_E_NOT_A_PLAYER, "", "only a seated player may act");
	fm__pending((const struct rules_game *)g, &p);
	if (side != acting)
		return rules_fail(err, WG_E_NOT_YOUR_TURN, "", "the game waits for %s: %s",
		                  g->sc->side_names[acting], p.what[acting]);
	if ((want == -2 && g->await != FM_AW_RETREAT && g->await != FM_AW_DISPLACE) ||
	    (want != -2 && want != g->await &&
	     !(want == FM_AW_RETREAT && g->await == FM_AW_DISPLACE)))
		return rules_fail(err, WG_E_WRONG_PHASE, "",
		                  "'%s' is not what the game waits for now: %s", v, p.what[side]);
	if (strcasecmp(v, "place") == 0)
		return fm__do_place(g, side, argc, argv, ev, err);
	if (strcasecmp(v, "move") == 0)
		return fm__do_move(g, side, argc, argv, reply, ev, err);
	if (strcasecmp(v, "enter") == 0)
		return fm__do_enter(g, side, argc, argv, ev, err);
	if (strcasecmp(v, "end") == 0)
		return fm__do_end(g, d, side, ev, err);
	if (strcasecmp(v, "bombard") == 0)
		return fm__do_bombard(g, d, side, argc, argv, ev, err);
	if (strcasecmp(v, "attack") == 0)
		return fm__do_attack(g, d, side, argc, argv, ev, err);
	if (strcasecmp(v, "support") == 0)
		return fm__do_support(g, d, side, argc, argv, ev, err);
	if (strcasecmp(v, "reduce") == 0)
		return fm__do_reduce(g, side, argc, argv, ev, err);
	if (strcasecmp(v, "retreat") == 0)
		return fm__do_retreat(g, side, argc, argv, ev, err);
	if (strcasecmp(v, "stiff") == 0)
		return fm__do_stiff(g, side, argc, argv, ev, err);
	if (strcasecmp(v, "displace") == 0)
		return fm__do_displace(g, side, argc, argv, ev, err);
	if (strcasecmp(v, "advance") == 0)
		return fm__do_advance(g, side, argc, argv, ev, err);
	if (g->sc->hooks->apply != NULL)
		return g->sc->hooks->apply(g, d, side, argc, argv, reply, ev, err);
	return rules_fail(err, WG_E_UNKNOWN_VERB, "", "'%s' is not an action of this game", v);
}

static int fm_apply(struct rules_game *rg, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	struct fm_game *g = (struct fm_game *)rg;
	struct fm_game *saved;
	int rc;

	if (argc < 1)
		return rules_fail(err, WG_E_BAD_ARGS, "", "no verb given");
	saved = malloc(sizeof(*g));
	if (saved == NULL)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	*saved = *g;
	err->code = 0;
	err->message[0] = '\0';
	err->rule[0] = '\0';
	rc = dispatch(g, d, side, argc, argv, reply, ev, err);
	if (rc == 0 && g->sc->hooks->settle != NULL)
		rc = g->sc->hooks->settle(g, ev, err);
	if (rc == 0 && !g->over)
		rc = fm__check_instant(g, ev);
	if (rc != 0) {
		if (err->code != rc)
			rules_fail(err, rc, "", "%s",
			           rc == WG_E_NO_MEMORY ? "out of memory" : "action refused");
		*g = *saved;
	}
	free(saved);
	return rc;
}

static int fm_query(const struct rules_game *g, int viewer, int argc, char **argv, cJSON *out,
                    struct rules_error *err)
{
	return fm__query(g, viewer, argc, argv, out, err);
}

const struct ruleset fm_ruleset = {
    .name = "fm",
    .description = "Fire & Movement system (Battle of the Scheldt, Meuse Argonne)",
    .verbs = fm_verbs,
    .nverbs = sizeof(fm_verbs) / sizeof(fm_verbs[0]),
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
    .outcome = fm__outcome,
    .snapshot = fm__snapshot,
    .restore = fm__restore,
    .scenario_lint = fm__scenario_lint,
};
