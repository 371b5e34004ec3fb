/*
 * race.c -- "dice race", a test-only ruleset that exercises everything the
 * server must host without knowing the game: sequential turns, dice at the
 * start and during play, simultaneous secret commitments with a later
 * reveal, per-viewer views, queries, options, snapshots and an outcome.
 * It is compiled into the test daemon (wargamed-test) and the unit tests
 * only; the shipped wargamed does not know it.
 *
 * Rules (RACE-n ids are used in refusals like a real ruleset's ids):
 *   RACE-1  At the start one d6 decides who rolls first (1-3: side 0).
 *   RACE-2  In the roll phase the side to move must `roll`: one d6 is added
 *           to its score; then the other side rolls.  When both have rolled
 *           the round goes to the bid phase.
 *   RACE-3  In the bid phase both sides, in any order, `bid <1..3>` in
 *           secret.  Nobody but the bidder learns the value until both have
 *           bid; then both bids are revealed and the higher bidder adds its
 *           bid to its score (ties: nothing).  A new round begins with the
 *           first player rolling.
 *   RACE-4  When a score reaches the target (option target=N, default from
 *           the scenario) the game ends: the higher score wins, equal
 *           scores draw.
 *   RACE-5  A draw by agreement (host action) is refused while a bid lies
 *           face down; in the roll phase it ends the game as a draw.
 *   RACE-6  A side whose time runs out (host action) in the bid phase bids 1
 *           instead and the race goes on; in the roll phase it loses.
 *   Takebacks: a bid may be taken back until both bids are revealed (the
 *           action that reveals them is a barrier, RACE-3); a roll never
 *           (a die).
 *
 *   start --> ROLL(first) --roll--> ROLL(other) --roll--> BID(both)
 *                ^                                          |
 *                +------------- both bids revealed ---------+
 *   any step that brings a score to the target --> OVER
 */
#include "race.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct rules_scenario {
	char id[32];
	char title[64];
	char description[128];
	char sides[2][16];
	int target;
};

enum race_phase { RACE_ROLL, RACE_BID, RACE_OVER };

struct rules_game {
	const struct rules_scenario *sc;
	int target;
	int first;
	int to_move;
	int round;
	int score[2];
	enum race_phase phase;
	int rolled[2];
	int bid[2]; /* 0: not yet */
	int winner; /* -1 draw */
};

static int load(const struct ruleset *rs, const char *source, const cJSON *doc,
                struct rules_scenario **out, struct rules_error *err)
{
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(doc, "id");
	const cJSON *title = cJSON_GetObjectItemCaseSensitive(doc, "title");
	const cJSON *desc = cJSON_GetObjectItemCaseSensitive(doc, "description");
	const cJSON *sides = cJSON_GetObjectItemCaseSensitive(doc, "sides");
	const cJSON *target = cJSON_GetObjectItemCaseSensitive(doc, "target");
	struct rules_scenario *sc;

	(void)rs;
	if (!cJSON_IsString(id) || !cJSON_IsString(title) || !cJSON_IsString(desc))
		return rules_fail(err, WG_E_BAD_SCENARIO, "",
		                  "%s: $.id, $.title, $.description: "
		                  "strings required",
		                  source);
	if (!cJSON_IsArray(sides) || cJSON_GetArraySize(sides) != 2 ||
	    !cJSON_IsString(cJSON_GetArrayItem(sides, 0)) ||
	    !cJSON_IsString(cJSON_GetArrayItem(sides, 1)))
		return rules_fail(err, WG_E_BAD_SCENARIO, "", "%s: $.sides: two names required",
		                  source);
	if (!cJSON_IsNumber(target) || target->valueint < 1)
		return rules_fail(err, WG_E_BAD_SCENARIO, "", "%s: $.target: a positive number",
		                  source);
	sc = calloc(1, sizeof(*sc));
	if (sc == NULL)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	snprintf(sc->id, sizeof(sc->id), "%s", id->valuestring);
	snprintf(sc->title, sizeof(sc->title), "%s", title->valuestring);
	snprintf(sc->description, sizeof(sc->description), "%s", desc->valuestring);
	for (int i = 0; i < 2; i++)
		snprintf(sc->sides[i], sizeof(sc->sides[i]), "%s",
		         cJSON_GetArrayItem(sides, i)->valuestring);
	sc->target = target->valueint;
	*out = sc;
	return 0;
}

static void scenario_free(struct rules_scenario *sc)
{
	free(sc);
}

static void info(const struct rules_scenario *sc, struct rules_scenario_info *i)
{
	i->id = sc->id;
	i->title = sc->title;
	i->description = sc->description;
	i->side_names[0] = sc->sides[0];
	i->side_names[1] = sc->sides[1];
}

static int create(const struct rules_scenario *sc, const struct rules_options *opts,
                  struct rules_game **out, struct rules_error *err)
{
	struct rules_game *g;
	int target = sc->target;

	for (size_t i = 0; opts != NULL && i < opts->count; i++) {
		if (strcmp(opts->items[i].key, "target") != 0)
			return rules_fail(err, WG_E_BAD_OPTION, "",
			                  "unknown option '%s' (race "
			                  "knows target=N)",
			                  opts->items[i].key);
		target = atoi(opts->items[i].value);
		if (target < 1 || target > 1000)
			return rules_fail(err, WG_E_BAD_OPTION, "", "target is 1..1000");
	}
	g = calloc(1, sizeof(*g));
	if (g == NULL)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	g->sc = sc;
	g->target = target;
	g->winner = -1;
	*out = g;
	return 0;
}

static void destroy(struct rules_game *g)
{
	free(g);
}

static int start(struct rules_game *g, struct rules_dice *dice, struct rules_events *ev,
                 struct rules_error *err)
{
	int d = rules_dice_roll(dice, 6);
	cJSON *f = cJSON_CreateObject();

	(void)err;
	g->first = d <= 3 ? 0 : 1;
	g->to_move = g->first;
	g->round = 1;
	g->phase = RACE_ROLL;
	cJSON_AddNumberToObject(f, "die", d);
	cJSON_AddStringToObject(f, "first", g->sc->sides[g->first]);
	return rules_emit(ev, RULES_AUD_PUBLIC, "first-player", f,
	                  "die %d: %s rolls first (RACE-1); first to %d wins", d,
	                  g->sc->sides[g->first], g->target);
}

static void check_over(struct rules_game *g, struct rules_events *ev)
{
	if (g->score[0] < g->target && g->score[1] < g->target)
		return;
	g->phase = RACE_OVER;
	g->winner = g->score[0] == g->score[1] ? -1 : g->score[0] > g->score[1] ? 0 : 1;
	rules_emit(ev, RULES_AUD_PUBLIC, "race-over", NULL, "%s %d, %s %d: %s", g->sc->sides[0],
	           g->score[0], g->sc->sides[1], g->score[1],
	           g->winner < 0    ? "a draw"
	           : g->winner == 0 ? "side 0 wins"
	                            : "side 1 wins");
}

static int do_roll(struct rules_game *g, struct rules_dice *dice, int side, cJSON *reply,
                   struct rules_events *ev, struct rules_error *err)
{
	int d;

	if (g->phase != RACE_ROLL)
		return rules_fail(err, WG_E_WRONG_PHASE, "RACE-2",
		                  "it is the bid phase: bid <1..3>");
	if (side != g->to_move)
		return rules_fail(err, WG_E_NOT_YOUR_TURN, "RACE-2", "%s rolls now",
		                  g->sc->sides[g->to_move]);
	d = rules_dice_roll(dice, 6);
	g->score[side] += d;
	g->rolled[side] = 1;
	if (reply != NULL) {
		char s[64];
		snprintf(s, sizeof(s), "rolled %d; score %d", d, g->score[side]);
		cJSON_AddStringToObject(reply, "summary", s);
		cJSON_AddNumberToObject(reply, "die", d);
	}
	cJSON *f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "side", g->sc->sides[side]);
	cJSON_AddNumberToObject(f, "die", d);
	cJSON_AddNumberToObject(f, "score", g->score[side]);
	rules_emit(ev, RULES_AUD_PUBLIC, "rolled", f, "%s rolls %d: score %d", g->sc->sides[side],
	           d, g->score[side]);
	check_over(g, ev);
	if (g->phase == RACE_OVER)
		return 0;
	if (g->rolled[0] && g->rolled[1]) {
		g->phase = RACE_BID;
		g->bid[0] = g->bid[1] = 0;
		rules_emit(ev, RULES_AUD_PUBLIC, "bidding", NULL,
		           "round %d: both sides bid 1..3 in secret (RACE-3)", g->round);
	} else {
		g->to_move = 1 - side;
	}
	return 0;
}

static int do_bid(struct rules_game *g, int side, const char *arg, cJSON *reply,
                  struct rules_events *ev, struct rules_error *err)
{
	char *end;
	long b = strtol(arg, &end, 10);

	if (g->phase != RACE_BID)
		return rules_fail(err, WG_E_WRONG_PHASE, "RACE-3",
		                  "bids come after both sides "
		                  "rolled; now %s must roll",
		                  g->sc->sides[g->to_move]);
	if (*end != '\0' || b < 1 || b > 3)
		return rules_fail(err, WG_E_BAD_ARGS, "RACE-3", "a bid is 1, 2 or 3");
	if (g->bid[side] != 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "RACE-3",
		                  "you already bid this round; bids cannot change");
	g->bid[side] = (int)b;
	if (reply != NULL)
		cJSON_AddStringToObject(reply, "summary", "bid placed face down");
	cJSON *mine = cJSON_CreateObject();
	cJSON_AddNumberToObject(mine, "bid", (double)b);
	rules_emit(ev, RULES_AUD_SIDE(side), "bid-secret", mine,
	           "you bid %ld (secret until both "
	           "bid)",
	           b);
	cJSON *pub = cJSON_CreateObject();
	cJSON_AddStringToObject(pub, "side", g->sc->sides[side]);
	rules_emit(ev, RULES_AUD_SIDE(1 - side) | RULES_AUD_SPECTATORS, "bid-placed", pub,
	           "%s has bid face down", g->sc->sides[side]);
	if (g->bid[0] == 0 || g->bid[1] == 0)
		return 0;
	int w = g->bid[0] == g->bid[1] ? -1 : g->bid[0] > g->bid[1] ? 0 : 1;
	if (w >= 0)
		g->score[w] += g->bid[w];
	cJSON *rev = cJSON_CreateObject();
	cJSON_AddNumberToObject(rev, g->sc->sides[0], g->bid[0]);
	cJSON_AddNumberToObject(rev, g->sc->sides[1], g->bid[1]);
	rules_emit(ev, RULES_AUD_PUBLIC, "bids-revealed", rev, "bids revealed: %s %d, %s %d; %s",
	           g->sc->sides[0], g->bid[0], g->sc->sides[1], g->bid[1],
	           w < 0    ? "tie, no gain"
	           : w == 0 ? "side 0 gains"
	                    : "side 1 gains");
	check_over(g, ev);
	if (g->phase == RACE_OVER)
		return 0;
	g->phase = RACE_ROLL;
	g->round++;
	g->rolled[0] = g->rolled[1] = 0;
	g->bid[0] = g->bid[1] = 0;
	g->to_move = g->first;
	return 0;
}

static void pending(const struct rules_game *g, struct rules_pending *p);

static int apply(struct rules_game *g, struct rules_dice *dice, int side,
                 const struct rules_verb *verb, int argc, char **argv, cJSON *reply,
                 struct rules_events *ev, struct rules_error *err)
{
	struct rules_pending p;

	(void)argc;
	if (g->phase == RACE_OVER)
		return rules_fail(err, WG_E_GAME_OVER, "RACE-4", "the race is over");
	if (side < 0 || side > 1)
		return rules_fail(err, WG_E_NOT_A_PLAYER, "", "only a seated player may act");
	pending(g, &p);
	if (!(p.sides & RULES_AUD_SIDE(side)))
		return rules_fail(
		    err, WG_E_NOT_YOUR_TURN, g->phase == RACE_BID ? "RACE-3" : "RACE-2",
		    "the game waits for %s: %s", g->sc->sides[1 - side], p.what[1 - side]);
	if (strcmp(verb->name, "roll") == 0)
		return do_roll(g, dice, side, reply, ev, err);
	return do_bid(g, side, argv[1], reply, ev, err);
}

/* RACE-5, RACE-6: the race's own answer to a draw offer and to a timeout. */
static int host(struct rules_game *g, struct rules_dice *dice, const struct rules_host_action *a,
                struct rules_events *ev, struct rules_error *err)
{
	char one[] = "1";

	(void)dice;
	if (a->kind == RULES_HOST_DRAW && g->phase == RACE_BID && (g->bid[0] || g->bid[1]))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "RACE-5",
		                  "no draw while a bid lies face down");
	if (a->kind == RULES_HOST_TIMEOUT && g->phase == RACE_BID && a->side >= 0 && a->side < 2 &&
	    g->bid[a->side] == 0) {
		int rc =
		    rules_emit(ev, RULES_AUD_PUBLIC, "timed-bid", NULL,
		               "%s ran out of time: it bids 1 (RACE-6)", g->sc->sides[a->side]);
		return rc ? rc : do_bid(g, a->side, one, NULL, ev, err);
	}
	return RULES_HOST_DEFAULT;
}

/* Takebacks: the action that revealed both bids is a barrier (RACE-3); rolls are dice. */
static int barrier(const struct rules_game *g, int side, int argc, char **argv,
                   const struct rules_events *ev, struct rules_error *why)
{
	(void)g;
	(void)side;
	(void)argc;
	(void)argv;
	for (size_t i = 0; i < ev->count; i++) {
		const cJSON *type = cJSON_GetObjectItemCaseSensitive(ev->items[i].data, "event");
		if (cJSON_IsString(type) && strcmp(type->valuestring, "bids-revealed") == 0) {
			snprintf(why->rule, sizeof(why->rule), "RACE-3");
			snprintf(why->message, sizeof(why->message), "revealed both bids");
			return 1;
		}
	}
	return 0;
}

static cJSON *view(const struct rules_game *g, const struct rules_viewer *who)
{
	int viewer = who->side;
	cJSON *v = cJSON_CreateObject();
	cJSON *lines = cJSON_AddArrayToObject(v, "lines");
	char buf[160];

	cJSON_AddNumberToObject(v, "round", g->round);
	cJSON_AddNumberToObject(v, "target", g->target);
	cJSON_AddStringToObject(v, "phase",
	                        g->phase == RACE_ROLL  ? "roll"
	                        : g->phase == RACE_BID ? "bid"
	                                               : "over");
	cJSON *scores = cJSON_AddObjectToObject(v, "scores");
	cJSON *bids = cJSON_AddObjectToObject(v, "bids");
	for (int s = 0; s < 2; s++) {
		cJSON_AddNumberToObject(scores, g->sc->sides[s], g->score[s]);
		if (g->phase != RACE_BID || g->bid[s] == 0)
			cJSON_AddStringToObject(bids, g->sc->sides[s], "none");
		else if (viewer == s)
			cJSON_AddNumberToObject(bids, g->sc->sides[s], g->bid[s]);
		else
			cJSON_AddStringToObject(bids, g->sc->sides[s], "face-down");
	}
	snprintf(buf, sizeof(buf), "round %d, %s phase; %s %d, %s %d (target %d)", g->round,
	         g->phase == RACE_ROLL  ? "roll"
	         : g->phase == RACE_BID ? "bid"
	                                : "final",
	         g->sc->sides[0], g->score[0], g->sc->sides[1], g->score[1], g->target);
	cJSON_AddItemToArray(lines, cJSON_CreateString(buf));
	if (g->phase == RACE_BID) {
		char b[2][16];
		for (int s = 0; s < 2; s++) {
			if (g->bid[s] == 0)
				snprintf(b[s], sizeof(b[s]), "none");
			else if (viewer == s)
				snprintf(b[s], sizeof(b[s]), "%d", g->bid[s]);
			else
				snprintf(b[s], sizeof(b[s]), "face-down");
		}
		snprintf(buf, sizeof(buf), "bids: %s %s, %s %s", g->sc->sides[0], b[0],
		         g->sc->sides[1], b[1]);
		cJSON_AddItemToArray(lines, cJSON_CreateString(buf));
	}
	if (g->phase == RACE_BID && viewer >= 0 && viewer < 2 && g->bid[viewer] != 0) {
		snprintf(buf, sizeof(buf), "your bid: %d (face down)", g->bid[viewer]);
		cJSON_AddItemToArray(lines, cJSON_CreateString(buf));
	}
	return v;
}

static int query(const struct rules_game *g, const struct rules_viewer *who, int argc, char **argv,
                 cJSON *out, struct rules_error *err)
{
	int viewer = who->side;
	char buf[96];

	(void)viewer;
	(void)argc;
	(void)argv;
	(void)err;
	snprintf(buf, sizeof(buf), "%s %d, %s %d", g->sc->sides[0], g->score[0], g->sc->sides[1],
	         g->score[1]);
	cJSON_AddStringToObject(out, "summary", buf);
	cJSON_AddNumberToObject(out, g->sc->sides[0], g->score[0]);
	cJSON_AddNumberToObject(out, g->sc->sides[1], g->score[1]);
	return 0;
}

static void pending(const struct rules_game *g, struct rules_pending *p)
{
	memset(p, 0, sizeof(*p));
	if (g->phase == RACE_ROLL && g->round > 0) {
		p->sides = RULES_AUD_SIDE(g->to_move);
		snprintf(p->kind[g->to_move], sizeof(p->kind[0]), "roll");
		snprintf(p->what[g->to_move], sizeof(p->what[0]), "roll (round %d)", g->round);
	} else if (g->phase == RACE_BID) {
		for (int s = 0; s < 2; s++) {
			if (g->bid[s] != 0)
				continue;
			p->sides |= RULES_AUD_SIDE(s);
			snprintf(p->kind[s], sizeof(p->kind[0]), "bid");
			snprintf(p->what[s], sizeof(p->what[0]), "bid 1..3 in secret (round %d)",
			         g->round);
		}
	}
}

static void outcome(const struct rules_game *g, struct rules_outcome *o)
{
	memset(o, 0, sizeof(*o));
	if (g->phase != RACE_OVER) {
		o->winner = -1;
		return;
	}
	o->over = 1;
	o->winner = g->winner;
	if (g->winner < 0)
		snprintf(o->summary, sizeof(o->summary), "draw at %d-%d", g->score[0], g->score[1]);
	else
		snprintf(o->summary, sizeof(o->summary), "%s wins the race %d-%d",
		         g->sc->sides[g->winner], g->score[g->winner], g->score[1 - g->winner]);
}

static char *snapshot(const struct rules_game *g)
{
	char *s = malloc(160);

	if (s != NULL)
		snprintf(s, 160, "%d %d %d %d %d %d %d %d %d %d %d %d %d", g->target, g->first,
		         g->to_move, g->round, g->score[0], g->score[1], (int)g->phase,
		         g->rolled[0], g->rolled[1], g->bid[0], g->bid[1], g->winner, 7);
	return s;
}

static int restore(const struct rules_scenario *sc, const struct rules_options *opts,
                   const char *snap, struct rules_game **out, struct rules_error *err)
{
	struct rules_game *g;
	int phase, check = 0, rc = create(sc, opts, &g, err);

	if (rc != 0)
		return rc;
	if (sscanf(snap, "%d %d %d %d %d %d %d %d %d %d %d %d %d", &g->target, &g->first,
	           &g->to_move, &g->round, &g->score[0], &g->score[1], &phase, &g->rolled[0],
	           &g->rolled[1], &g->bid[0], &g->bid[1], &g->winner, &check) != 13 ||
	    check != 7) {
		free(g);
		return rules_fail(err, WG_E_INTERNAL, "", "bad race snapshot");
	}
	g->phase = (enum race_phase)phase;
	*out = g;
	return 0;
}

static const struct rules_verb verbs[] = {
    {"roll", RULES_VERB_ACTION, 0, 0, "roll", "Rolls one die and adds it to your score (RACE-2)."},
    {"bid", RULES_VERB_ACTION, 1, 1, "bid <1..3>",
     "Bids in secret; both bids are revealed together (RACE-3)."},
    {"score", RULES_VERB_QUERY, 0, 0, "score", "Shows both scores."},
};

static const struct rules_verb *verb(const struct rules_scenario *sc, size_t i)
{
	(void)sc;
	return i < sizeof(verbs) / sizeof(verbs[0]) ? &verbs[i] : NULL;
}

const struct ruleset race_ruleset = {
    .name = "race",
    .description = "dice race (test-only ruleset)",
    .version = "race-1",
    .verb = verb,
    .host = host,
    .takeback_barrier = barrier,
    .scenario_load = load,
    .scenario_free = scenario_free,
    .scenario_info = info,
    .create = create,
    .destroy = destroy,
    .start = start,
    .apply = apply,
    .query = query,
    .pending = pending,
    .view = view,
    .outcome = outcome,
    .snapshot = snapshot,
    .restore = restore,
};
