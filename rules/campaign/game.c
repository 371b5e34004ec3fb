/*
 * game.c -- the ruleset table of The Scheldt Campaign: create, destroy,
 * start, apply (which routes each action to its verb and keeps the
 * atomicity contract by restoring a saved copy of the plain-data state when
 * the action is refused), host actions, pending() and outcome(), and the
 * small helpers every file uses.
 */
#include "campaign.h"
#include "camp_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- helpers ------------------------------------------------------------------ */

const char *camp__hex_id(const struct camp_game *g, int hex, char *buf)
{
	if (hex < 0) {
		snprintf(buf, RULES_HEX_ID_MAX, "off-map");
		return buf;
	}
	return rules_hex_format(&g->sc->map.grid, hex, buf);
}

int camp__parse_hex(const struct camp_game *g, const char *s, int *hex, struct rules_error *err)
{
	*hex = rules_hex_parse(&g->sc->map.grid, s);
	if (*hex < 0)
		return rules_fail(err, WG_E_NO_SUCH_HEX, "", "'%s' is not a hex of this map (XXYY)",
		                  s);
	return 0;
}

int camp__parse_unit(const struct camp_game *g, const char *s, int *unit, struct rules_error *err)
{
	*unit = camp__unit_by_id(g->sc, s);
	if (*unit < 0)
		return rules_fail(err, WG_E_NO_SUCH_UNIT, "",
		                  "no unit '%s' (ids as `units` shows them)", s);
	return 0;
}

const char *camp__uid(const struct camp_game *g, int unit)
{
	return g->sc->units[unit].id;
}

const char *camp__factors(const struct camp_game *g, int unit, char *buf, size_t n)
{
	const struct camp_unit_def *d = &g->sc->units[unit];
	int hits = g->u[unit].hits;

	if (d->hq) {
		snprintf(buf, n, "HQ");
		return buf;
	}
	if (d->range > 0)
		snprintf(buf, n, "%s%d%s(%d)-%s%d%s-%d", d->af_boxed ? "[" : "", d->af,
		         d->af_boxed ? "]" : "", d->range, d->df_boxed ? "[" : "", d->df,
		         d->df_boxed ? "]" : "", d->mf);
	else
		snprintf(buf, n, "%s%d%s-%s%d%s-%d", d->af_boxed ? "[" : "", d->af,
		         d->af_boxed ? "]" : "", d->df_boxed ? "[" : "", d->df,
		         d->df_boxed ? "]" : "", d->mf);
	if (hits > 0) {
		size_t len = strlen(buf);
		snprintf(buf + len, n > len ? n - len : 0, " -%d", hits);
	}
	return buf;
}

void camp__line(cJSON *reply, const char *fmt, ...)
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

int camp__emit_own(struct rules_events *ev, const struct camp_game *g, int side, const char *type,
                   cJSON *fields, const char *fmt, ...)
{
	char buf[600];
	va_list ap;

	if (fields == NULL)
		fields = cJSON_CreateObject();
	cJSON_AddStringToObject(fields, "for", camp__side(g, side));
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return rules_emit(ev, CAMP_AUD_OWN(side), type, fields, "%s", buf);
}

const char *camp__side(const struct camp_game *g, int side)
{
	return side >= 0 && side < RULES_SIDES ? g->sc->side_names[side] : "nobody";
}

/* ---- create, start ------------------------------------------------------------------ */

static int game_new(const struct camp_scenario *sc, const struct rules_options *opts,
                    struct camp_game **out, struct rules_error *err)
{
	struct camp_game *g = calloc(1, sizeof(*g));
	int rc;

	if (g == NULL)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	g->sc = sc;
	if ((rc = camp__opts_build(sc, opts, &g->opt, err)) != 0) {
		free(g);
		return rc;
	}
	g->nunits = sc->nunits;
	g->turn = 0;
	g->phasing = CAMP_ALLIED;
	g->phase = CAMP_PH_SETUP_HITS;
	g->await = CAMP_AW_PHASE;
	g->winner = -1;
	g->b.stage = CAMP_B_NONE;
	g->ssf_town = -1;
	for (int i = 0; i < g->nunits; i++) {
		const struct camp_unit_def *d = &sc->units[i];
		struct camp_unit *u = &g->u[i];
		u->hex = -1;
		u->tf = -1;
		u->partner = -1;
		u->hits = (uint8_t)d->hits;
		switch (d->setup) {
		case CAMP_SET_HEX:
			u->where = CAMP_W_MAP;
			u->hex = (int16_t)d->setup_hex;
			break;
		case CAMP_SET_TF:
			u->where = CAMP_W_BOX;
			u->tf = (int16_t)d->setup_tf;
			break;
		case CAMP_SET_BOX:
			u->where = CAMP_W_MAT;
			break;
		case CAMP_SET_REINF:
			u->where = CAMP_W_WAITING;
			break;
		default:
			u->where = CAMP_W_POOL;
			break;
		}
	}
	*out = g;
	return 0;
}

static int camp_create(const struct rules_scenario *sc, const struct rules_options *opts,
                       struct rules_game **out, struct rules_error *err)
{
	struct camp_game *g = NULL;
	int rc = game_new((const struct camp_scenario *)sc, opts, &g, err);

	if (rc == 0)
		*out = (struct rules_game *)g;
	return rc;
}

static void camp_destroy(struct rules_game *g)
{
	free(g);
}

static int camp_start(struct rules_game *rg, struct rules_dice *d, struct rules_events *ev,
                      struct rules_error *err)
{
	struct camp_game *g = (struct camp_game *)rg;
	struct camp_game *saved = malloc(sizeof(*g));
	int rc;

	if (saved == NULL)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	*saved = *g;
	{
		cJSON *f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "scenario", g->sc->id);
		cJSON_AddStringToObject(f, "title", g->sc->title);
		cJSON_AddNumberToObject(f, "turns", g->sc->turns);
		cJSON_AddBoolToObject(f, "reaction", g->opt.reaction);
		cJSON_AddBoolToObject(f, "free_setup", g->opt.free_setup);
		rc = rules_emit(ev, RULES_AUD_PUBLIC, "game-begins", f, "%s begins (%d turns)",
		                g->sc->title, g->sc->turns);
	}
	if (rc == 0)
		rc = camp__setup_begin(g, d, ev, err);
	if (rc != 0) {
		if (err->message[0] == '\0' || err->code != rc)
			rules_fail(err, rc, "", "could not start the game");
		*g = *saved;
	}
	free(saved);
	return rc;
}

/* ---- who acts ------------------------------------------------------------------------ */

int camp__acting(const struct camp_game *g, int side)
{
	struct rules_pending p;

	camp__pending((const struct rules_game *)g, &p);
	return (p.sides & RULES_AUD_SIDE(side)) != 0;
}

static void set(struct rules_pending *p, int side, const char *kind, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void set(struct rules_pending *p, int side, const char *kind, const char *fmt, ...)
{
	va_list ap;

	p->sides |= RULES_AUD_SIDE(side);
	snprintf(p->kind[side], RULES_KIND_MAX, "%s", kind);
	va_start(ap, fmt);
	vsnprintf(p->what[side], sizeof(p->what[side]), fmt, ap);
	va_end(ap);
}

void camp__pending(const struct rules_game *rg, struct rules_pending *p)
{
	const struct camp_game *g = (const struct camp_game *)rg;
	const struct camp_scenario *sc = g->sc;
	const char *who = camp__side(g, g->phasing);
	int s, att = g->b.attacker, def = 1 - g->b.attacker;
	char hex[RULES_HEX_ID_MAX];

	memset(p, 0, sizeof(*p));
	if (g->over)
		return;
	switch (g->phase) {
	case CAMP_PH_SETUP_HITS: {
		const struct camp_random_hits *r = &sc->random[g->rh_next];
		s = sc->units[r->tf].side;
		set(p, s, "setup-hits",
		    "set-up: allocate %d random hits among the units of %s (4.0): hits <unit>=<n> "
		    "...",
		    g->rh_left, sc->units[r->tf].id);
		return;
	}
	case CAMP_PH_SETUP_SCRATCH:
		set(p, CAMP_GERMAN, "setup",
		    "set-up: place each scratch battalion you drew (13.2.2): place <unit> "
		    "<hex|hq>");
		return;
	case CAMP_PH_SETUP_FREE:
		set(p, g->setup_side, "setup",
		    "free set-up (15.2): place <unit> <hex|hq> for every unit, then end");
		return;
	case CAMP_PH_HAND:
		for (s = 0; s < RULES_SIDES; s++)
			if (!g->hand_locked[s])
				set(p, s, "hand",
				    "choose your initial hand of %d staff markers (4.0): select "
				    "<marker> ...",
				    sc->c2[s]);
		return;
	case CAMP_PH_PLANNING:
		set(p, g->phasing, "planning",
		    "turn %d, %s Planning Phase: select your next hand of %d markers (12.0)",
		    g->turn, who, sc->c2[g->phasing]);
		return;
	default:
		break;
	}
	switch (g->await) {
	case CAMP_AW_PHASE:
		if (g->phase == CAMP_PH_PREP)
			set(p, g->phasing, "phase",
			    "turn %d, %s Preparation Phase: play G-1 "
			    "reinforce|regroup|form|recover|carry "
			    "...%s, then end",
			    g->turn, who, g->phasing == CAMP_ALLIED ? ", dikes, withdraw" : "");
		else
			set(p, g->phasing, "phase",
			    "turn %d, %s Operations Phase: play G-2 intel, G-3 move|attack, G-4 "
			    "strategic|ferry ...%s, then end",
			    g->turn, who, g->phasing == CAMP_ALLIED ? ", dikes" : "");
		return;
	case CAMP_AW_REGROUP:
		set(p, g->phasing, "regroup",
		    "regroup around %s (7.2): attach <unit> <hq>, detach <unit> <hex>, then done",
		    sc->units[g->rg.tf].id);
		return;
	case CAMP_AW_COMMIT:
		for (s = 0; s < RULES_SIDES; s++)
			if (!g->b.c[s].locked)
				set(p, s, "commit",
				    "battle for %s, step 2: commit markers face down (10.2): "
				    "commit none | "
				    "commit G-2 G-4 ...",
				    camp__hex_id(g, g->b.target, hex));
		return;
	case CAMP_AW_HITS:
		set(p, g->b.alloc_side, "hits",
		    "battle for %s: allocate %d hits among your units (10.5.2): hits <unit>=<n> "
		    "...",
		    camp__hex_id(g, g->b.target, hex), g->b.left);
		return;
	case CAMP_AW_RETREATS:
		set(p, def, "retreats",
		    "battle for %s: convert up to %d of %d hits to retreats (10.5.5): retreats <n>",
		    camp__hex_id(g, g->b.target, hex), camp__max_retreats(g), g->b.left);
		return;
	case CAMP_AW_RETREAT:
		set(p, def, "retreat",
		    "battle for %s: retreat each surviving unit %d hexes (10.5.6): retreat <unit> "
		    "<hex>...",
		    camp__hex_id(g, g->b.target, hex), g->b.retreat_len);
		return;
	case CAMP_AW_ADVANCE:
		set(p, att, "advance",
		    "battle for %s: the hex is empty; advance into it? advance yes|no (10.5.6)",
		    camp__hex_id(g, g->b.target, hex));
		return;
	case CAMP_AW_WITHDRAW:
		set(p, CAMP_ALLIED, "withdraw",
		    "turn %d: the 51st Division must be withdrawn (13.1.5): withdraw <unit>... "
		    "naming "
		    "the units that replace its lost components",
		    g->turn);
		return;
	default:
		return;
	}
}

/* ---- apply ----------------------------------------------------------------------------- */

static int dispatch(struct camp_game *g, struct rules_dice *d, int side, const struct camp_verb *v,
                    int argc, char **argv, cJSON *reply, struct rules_events *ev,
                    struct rules_error *err)
{
	struct rules_pending p;

	if (g->over)
		return rules_fail(err, WG_E_GAME_OVER, "", "the game is over: %s", g->summary);
	if (side < 0 || side >= RULES_SIDES)
		return rules_fail(err, WG_E_NOT_A_PLAYER, "", "only a seated player may act");
	camp__pending((const struct rules_game *)g, &p);
	if (!(p.sides & RULES_AUD_SIDE(side))) {
		int other = 1 - side;
		if (g->await == CAMP_AW_COMMIT && g->b.c[side].locked)
			return rules_fail(
			    err, WG_E_NOT_YOUR_TURN, "SC-10.2b",
			    "your commitment is locked; the game waits for the %s: %s",
			    camp__side(g, other), p.what[other]);
		return rules_fail(err, WG_E_NOT_YOUR_TURN, "", "the game waits for the %s: %s",
		                  camp__side(g, other), p.what[other]);
	}
	if (v == NULL || v->exec == NULL)
		return rules_fail(err, WG_E_UNKNOWN_VERB, "", "'%s' is not an action of this game",
		                  argv[0]);
	if (!(v->awaits & CAMP_AWAITS(g->await)))
		return rules_fail(err, WG_E_WRONG_PHASE, "",
		                  "'%s' does not answer what the game waits for: %s", argv[0],
		                  p.what[side]);
	return v->exec(g, d, side, argc, argv, reply, ev, err);
}

static int camp_apply(struct rules_game *rg, struct rules_dice *d, int side,
                      const struct rules_verb *verb, int argc, char **argv, cJSON *reply,
                      struct rules_events *ev, struct rules_error *err)
{
	struct camp_game *g = (struct camp_game *)rg;
	const struct camp_verb *v = (const struct camp_verb *)verb;
	struct camp_game *saved;
	int rc;

	if (argc < 1)
		return rules_fail(err, WG_E_BAD_ARGS, "", "no verb given");
	saved = malloc(sizeof(*g));
	if (saved == NULL)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	*saved = *g;
	err->code = 0;
	err->message[0] = err->rule[0] = '\0';
	rc = dispatch(g, d, side, v, argc, argv, reply, ev, err);
	if (rc == 0)
		camp__tidy(g, ev);
	if (rc != 0) {
		if (err->code != rc)
			rules_fail(err, rc, "", "%s",
			           rc == WG_E_NO_MEMORY ? "out of memory" : "action refused");
		*g = *saved;
	}
	free(saved);
	return rc;
}

static int camp_query(const struct rules_game *rg, const struct rules_viewer *who, int argc,
                      char **argv, cJSON *out, struct rules_error *err)
{
	const struct camp_game *g = (const struct camp_game *)rg;
	const struct camp_verb *v = camp__verb_find(argv[0]);

	if (v == NULL || v->query == NULL)
		return rules_fail(err, WG_E_UNKNOWN_VERB, "", "'%s' is not a query of this game",
		                  argv[0]);
	return v->query(g, who, argc, argv, out, err);
}

/* Host actions: a resignation ends the game at the level the option says (SC-AMB-61);
 * the rest take the default (the other side wins; a draw is a draw). */
static int camp_host(struct rules_game *rg, struct rules_dice *d, const struct rules_host_action *a,
                     struct rules_events *ev, struct rules_error *err)
{
	struct camp_game *g = (struct camp_game *)rg;

	(void)d;
	(void)err;
	if (g->over)
		return RULES_HOST_DEFAULT;
	if (a->kind == RULES_HOST_RESIGN && a->side >= 0 && a->side < RULES_SIDES) {
		camp__game_over(g, 1 - a->side,
		                g->opt.resign_smashing ? CAMP_L_SMASHING : CAMP_L_MARGINAL, ev,
		                "the %s resign (turn %d)", camp__side(g, a->side), g->turn);
		return 0;
	}
	return RULES_HOST_DEFAULT;
}

static void camp_outcome(const struct rules_game *rg, struct rules_outcome *o)
{
	const struct camp_game *g = (const struct camp_game *)rg;

	memset(o, 0, sizeof(*o));
	o->over = g->over;
	o->winner = g->winner;
	snprintf(o->summary, sizeof(o->summary), "%s", g->summary);
}

/*
 * Takebacks (ruleset.h, takeback_barrier): a die rolled is a barrier whatever this says (the
 * match checks it first: every battle, recovery, drop, draw).  Besides dice, an action is a
 * barrier when it revealed something hidden or made a choice the rules make final:
 *   - a battle commitment locked (10.2b) or revealed, the Battle Display (10.1.3);
 *   - an examination of the enemy's hand or mat (8.2: what was seen cannot be unseen);
 *   - a hand selected (the first hands at once, 4.0; a Planning Phase ends the player turn);
 *   - a phase begun, the set-up ended, the game over.
 * A move, a regroup step, a new Task Force, an attack declared (before the commitments), a
 * retreat or an advance may be taken back.
 */
static const struct {
	const char *event;
	const char *rule;
	const char *what;
} barrier_events[] = {
    {"commitments", "SC-10.2b", "revealed the battle commitments"},
    {"battle", "SC-10.1.3a", "showed the engaged units on the Battle Display"},
    {"committed", "SC-10.2b", "locked a battle commitment, which may not be changed"},
    {"intel", "SC-8.2a", "examined the enemy's hand or OOB mat"},
    {"hand-selected", "SC-6.2a", "selected a hand of staff markers"},
    {"phase", "SC-5.0a", "began a phase: play never returns to an earlier one"},
    {"setup-done", "SC-4.0k", "ended the set-up"},
    {"game-over", "SC-14.1a", "ended the game"},
};

static int camp_takeback_barrier(const struct rules_game *rg, int side, int argc, char **argv,
                                 const struct rules_events *ev, struct rules_error *why)
{
	(void)rg;
	(void)side;
	(void)argc;
	(void)argv;
	for (size_t k = 0; k < sizeof(barrier_events) / sizeof(barrier_events[0]); k++)
		for (size_t i = 0; i < ev->count; i++) {
			const cJSON *type =
			    cJSON_GetObjectItemCaseSensitive(ev->items[i].data, "event");
			if (!cJSON_IsString(type) ||
			    strcmp(type->valuestring, barrier_events[k].event))
				continue;
			snprintf(why->rule, sizeof(why->rule), "%s", barrier_events[k].rule);
			snprintf(why->message, sizeof(why->message), "%s", barrier_events[k].what);
			return 1;
		}
	return 0;
}

static const struct rules_verb *camp_verb(const struct rules_scenario *sc, size_t i)
{
	const struct camp_verb *v = camp__verb_at(i);

	(void)sc;
	return v != NULL ? &v->v : NULL;
}

const struct ruleset camp_ruleset = {
    .name = "campaign",
    .version = CAMP_ENGINE_VERSION,
    .description = "The Scheldt Campaign: staff markers, task forces, dice-pool battles",
    .verb = camp_verb,
    .scenario_load = camp__scenario_load,
    .scenario_free = camp__scenario_free,
    .scenario_info = camp__scenario_info,
    .create = camp_create,
    .destroy = camp_destroy,
    .start = camp_start,
    .apply = camp_apply,
    .host = camp_host,
    .query = camp_query,
    .pending = camp__pending,
    .view = camp__view,
    .outcome = camp_outcome,
    .snapshot = camp__snapshot,
    .restore = camp__restore,
    .scenario_lint = camp__scenario_lint,
    .picture = camp__picture,
    .secret_twin = camp__secret_twin,
    .takeback_barrier = camp_takeback_barrier,
};
