/*
 * match.c -- host-side driver of one game: atomic player and host actions,
 * pending with decision counters, exact replay, snapshots of engine state
 * plus dice stream.  See match.h.
 */
#include "match.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rules_match_create(struct rules_match *m, const struct ruleset *rs,
                       const struct rules_scenario *sc, const struct rules_options *opts,
                       const uint8_t seed[32], struct rules_error *err)
{
	struct rules_game *g = NULL;
	int rc = rs->create(sc, opts, &g, err);

	if (rc != 0)
		return rc;
	memset(m, 0, sizeof(*m));
	m->rs = rs;
	m->sc = sc;
	if (opts != NULL)
		m->opts = *opts;
	m->game = g;
	m->host_winner = -1;
	rules_dice_seed(&m->dice, seed);
	return 0;
}

void rules_match_release(struct rules_match *m)
{
	if (m->game != NULL)
		m->rs->destroy(m->game);
	m->game = NULL;
	rules_dice_release(&m->dice);
}

static void events_truncate(struct rules_events *ev, size_t count)
{
	while (ev->count > count) {
		ev->count--;
		cJSON_Delete(ev->items[ev->count].data);
	}
}

/* Who must act after the action just accepted, and the decision counters: actor (a side,
 * or RULES_SYSTEM) answered its decision; any other side's decision changed when it starts
 * or stops being awaited or its kind changes. */
static void settle_pending(struct rules_match *m, int actor)
{
	struct rules_pending now;
	struct rules_outcome o;

	memset(&now, 0, sizeof(now));
	rules_match_outcome(m, &o);
	if (!o.over)
		m->rs->pending(m->game, &now);
	for (int s = 0; s < RULES_SIDES; s++) {
		unsigned bit = RULES_AUD_SIDE(s);
		int changed = s == actor || (now.sides & bit) != (m->pending.sides & bit) ||
		              ((now.sides & bit) && strcmp(now.kind[s], m->pending.kind[s]) != 0);
		now.decision[s] = m->pending.decision[s] + (changed ? 1u : 0u);
	}
	m->pending = now;
}

/* The dice stream and events as they were before an attempt that failed. */
static void undo(struct rules_match *m, const struct rules_dice *saved, struct rules_events *ev,
                 size_t nev)
{
	rules_dice_rewind(&m->dice, saved);
	events_truncate(ev, nev);
}

/* A roll of the attempt could not be logged: the action cannot be stored faithfully. */
static int dice_failed(struct rules_match *m, struct rules_error *err)
{
	return m->dice.failed ? rules_fail(err, WG_E_NO_MEMORY, "",
	                                   "out of memory while recording the dice of the action")
	                      : 0;
}

/* The scenario's name of side s. */
static const char *side_name(const struct rules_match *m, int s)
{
	struct rules_scenario_info info;

	memset(&info, 0, sizeof(info));
	m->rs->scenario_info(m->sc, &info);
	if (s < 0 || s >= RULES_SIDES || info.side_names[s] == NULL)
		return s ? "side 1" : "side 0";
	return info.side_names[s];
}

/* The action at m->version is a barrier to takebacks: what (printf) and the rule id. */
static void set_barrier(struct rules_match *m, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void set_barrier(struct rules_match *m, const char *rule, const char *fmt, ...)
{
	va_list ap;

	m->barrier = m->version;
	va_start(ap, fmt);
	vsnprintf(m->barrier_why.message, sizeof(m->barrier_why.message), fmt, ap);
	va_end(ap);
	snprintf(m->barrier_why.rule, sizeof(m->barrier_why.rule), "%s", rule ? rule : "");
}

/* After side's action (now m->version, its events from ev->items[nev] on): its takeback
 * facts. */
static void note_action(struct rules_match *m, int side, int argc, char **argv,
                        const struct rules_events *ev, size_t nev)
{
	struct rules_events mine;
	struct rules_error why;

	if (side < 0 || side >= RULES_SIDES)
		return;
	m->last_action[side] = m->version;
	/* the engine's reason first (it names a rule), then the dice, a barrier in any case */
	/* an action may emit nothing into an empty list (items NULL: no pointer arithmetic
	 * on it, C11 6.5.6) */
	mine.items = ev->count > nev ? ev->items + nev : NULL;
	mine.count = ev->count - nev;
	mine.cap = mine.count;
	memset(&why, 0, sizeof(why));
	if (m->rs->takeback_barrier != NULL &&
	    m->rs->takeback_barrier(m->game, side, argc, argv, &mine, &why) == 1)
		set_barrier(m, why.rule, "%s's action v=%llu %s", side_name(m, side),
		            (unsigned long long)m->version, why.message);
	else if (m->dice.nlog > 0)
		set_barrier(m, "", "%s's action v=%llu rolled %s", side_name(m, side),
		            (unsigned long long)m->version, m->dice.nlog > 1 ? "dice" : "a die");
}

int rules_match_start(struct rules_match *m, struct rules_events *ev, struct rules_error *err)
{
	struct rules_dice saved = m->dice;
	size_t nev = ev->count;
	int rc;

	if (m->started)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "", "the game has already started");
	rules_dice_clear_log(&m->dice);
	rc = m->rs->start(m->game, &m->dice, ev, err);
	if (rc == 0)
		rc = dice_failed(m, err);
	if (rc != 0) {
		undo(m, &saved, ev, nev);
		return rc;
	}
	m->started = 1;
	m->version++;
	set_barrier(m, "", "the start of the game (v=%llu)", (unsigned long long)m->version);
	settle_pending(m, RULES_SYSTEM);
	return 0;
}

static int arity(const struct rules_verb *verb, int argc, struct rules_error *err)
{
	if (argc - 1 < verb->min_args || (verb->max_args >= 0 && argc - 1 > verb->max_args))
		return rules_fail(err, WG_E_BAD_ARGS, "", "usage: %s", verb->usage);
	return 0;
}

int rules_match_apply(struct rules_match *m, const struct rules_verb *verb, int side, int argc,
                      char **argv, cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	struct rules_dice *saved;
	struct rules_outcome o;
	size_t nev = ev->count;
	int rc;

	if (argc < 1)
		return rules_fail(err, WG_E_BAD_ARGS, "", "no verb given");
	if (verb == NULL)
		verb = rules_verb_find(m->rs, m->sc, argv[0]);
	if (verb == NULL || verb->kind != RULES_VERB_ACTION)
		return rules_fail(err, WG_E_UNKNOWN_VERB, "", "'%s' is not an action of this game",
		                  argv[0]);
	if ((rc = arity(verb, argc, err)) != 0)
		return rc;
	if (!m->started)
		return rules_fail(err, WG_E_NOT_STARTED, "", "the game has not started");
	rules_match_outcome(m, &o);
	if (o.over)
		return rules_fail(err, WG_E_GAME_OVER, "", "the game is over: %s", o.summary);
	saved = malloc(sizeof(*saved));
	if (saved == NULL)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	*saved = m->dice;
	rules_dice_clear_log(&m->dice);
	rc = m->rs->apply(m->game, &m->dice, side, verb, argc, argv, reply, ev, err);
	if (rc == 0)
		rc = dice_failed(m, err);
	if (rc != 0) {
		undo(m, saved, ev, nev);
	} else {
		m->version++;
		note_action(m, side, argc, argv, ev, nev);
		settle_pending(m, side);
	}
	free(saved);
	return rc;
}

/* The event type of each host action's default. */
static const char *const event_names[RULES_HOST_COUNT] = {
    [RULES_HOST_RESIGN] = "resigned",   [RULES_HOST_TIMEOUT] = "timed-out",
    [RULES_HOST_DRAW] = "drawn",        [RULES_HOST_ADJUDICATE] = "adjudicated",
    [RULES_HOST_FORFEIT] = "forfeited",
};

/* The default of a host action: the game ends as asked, with a public event. */
static int host_default(struct rules_match *m, const struct rules_host_action *a,
                        struct rules_events *ev, struct rules_error *err)
{
	struct rules_scenario_info info;
	cJSON *fields;
	const char *name[RULES_SIDES], *note = a->note != NULL ? a->note : "";
	char who[96] = "";
	int side = a->side;

	memset(&info, 0, sizeof(info));
	m->rs->scenario_info(m->sc, &info);
	for (int s = 0; s < RULES_SIDES; s++)
		name[s] =
		    info.side_names[s] != NULL ? info.side_names[s] : (s ? "side 1" : "side 0");
	if (a->kind != RULES_HOST_DRAW && a->kind != RULES_HOST_ADJUDICATE &&
	    (side < 0 || side >= RULES_SIDES))
		return rules_fail(err, WG_E_BAD_ARGS, "", "a %s names the side it concerns",
		                  rules_host_name(a->kind));
	if (side >= 0 && side < RULES_SIDES && note[0])
		snprintf(who, sizeof(who), "%s (%s)", note, name[side]);
	else if (side >= 0 && side < RULES_SIDES)
		snprintf(who, sizeof(who), "%s", name[side]);
	switch (a->kind) {
	case RULES_HOST_RESIGN:
		m->host_winner = 1 - side;
		snprintf(m->host_summary, sizeof(m->host_summary), "%s resigned; %s wins", who,
		         name[1 - side]);
		break;
	case RULES_HOST_TIMEOUT:
		m->host_winner = 1 - side;
		snprintf(m->host_summary, sizeof(m->host_summary), "%s lost on time; %s wins", who,
		         name[1 - side]);
		break;
	case RULES_HOST_FORFEIT:
		m->host_winner = 1 - side;
		snprintf(m->host_summary, sizeof(m->host_summary), "%s forfeits%s%s; %s wins",
		         name[side], note[0] ? ": " : "", note, name[1 - side]);
		break;
	case RULES_HOST_DRAW:
		m->host_winner = -1;
		snprintf(m->host_summary, sizeof(m->host_summary), "drawn by agreement%s%s",
		         note[0] ? ": " : "", note);
		break;
	case RULES_HOST_ADJUDICATE:
		if (a->winner < -1 || a->winner >= RULES_SIDES)
			return rules_fail(err, WG_E_BAD_ARGS, "",
			                  "an adjudication names a winner or a draw");
		m->host_winner = a->winner;
		if (a->winner < 0)
			snprintf(m->host_summary, sizeof(m->host_summary), "adjudicated a draw%s%s",
			         note[0] ? ": " : "", note);
		else
			snprintf(m->host_summary, sizeof(m->host_summary),
			         "adjudicated: %s wins%s%s", name[a->winner], note[0] ? ": " : "",
			         note);
		break;
	default:
		return rules_fail(err, WG_E_BAD_ARGS, "", "unknown host action");
	}
	m->host_over = 1;
	fields = cJSON_CreateObject();
	if (side >= 0 && side < RULES_SIDES)
		cJSON_AddStringToObject(fields, "side", name[side]);
	if (m->host_winner >= 0)
		cJSON_AddStringToObject(fields, "winner", name[m->host_winner]);
	return rules_emit(ev, RULES_AUD_PUBLIC, event_names[a->kind], fields, "%s",
	                  m->host_summary);
}

/* "alice (red)", or "red" without a note. */
static void who_asked(const struct rules_match *m, const struct rules_host_action *a, char *buf,
                      size_t n)
{
	if (a->note != NULL && a->note[0])
		snprintf(buf, n, "%s (%s)", a->note, side_name(m, a->side));
	else
		snprintf(buf, n, "%s", side_name(m, a->side));
}

/* PAUSE: counted and announced; the engine is not asked, the game goes on. */
static int host_pause(struct rules_match *m, const struct rules_host_action *a,
                      struct rules_events *ev, struct rules_error *err)
{
	char who[128];
	cJSON *f;
	int rc;

	if (a->side < 0 || a->side >= RULES_SIDES)
		return rules_fail(err, WG_E_BAD_ARGS, "",
		                  "a pause names the side that asked for it");
	if (a->arg < 1 || a->arg > RULES_PAUSE_MAX_HOURS)
		return rules_fail(err, WG_E_BAD_ARGS, "", "a pause lasts 1 to %d hours, not %lld",
		                  RULES_PAUSE_MAX_HOURS, (long long)a->arg);
	if (m->pauses[a->side] >= RULES_PAUSE_MAX)
		return rules_fail(err, WG_E_FORBIDDEN, "",
		                  "%s has had %d pauses in this game, the most a side may ask for",
		                  side_name(m, a->side), RULES_PAUSE_MAX);
	who_asked(m, a, who, sizeof(who));
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "side", side_name(m, a->side));
	cJSON_AddNumberToObject(f, "hours", (double)a->arg);
	cJSON_AddNumberToObject(f, "pause", m->pauses[a->side] + 1);
	rc = rules_emit(ev, RULES_AUD_PUBLIC, "paused", f,
	                "paused for %lld h, as %s asked and the opponent agreed: both clocks "
	                "stop (pause %u of %d for %s)",
	                (long long)a->arg, who, m->pauses[a->side] + 1, RULES_PAUSE_MAX,
	                side_name(m, a->side));
	if (rc != 0)
		return rc;
	m->pauses[a->side]++;
	return 0;
}

/*
 * TAKEBACK: the match is already as it was before action a->arg (the replay skipped the
 * undone actions, or the server rebuilt it so); this counts and announces it.
 */
static int host_takeback(struct rules_match *m, const struct rules_host_action *a,
                         struct rules_events *ev, struct rules_error *err)
{
	uint64_t from = (uint64_t)a->arg, n;
	char who[128];
	cJSON *f;
	int rc;

	if (a->side < 0 || a->side >= RULES_SIDES)
		return rules_fail(err, WG_E_BAD_ARGS, "", "a takeback names the side that asked");
	if (a->arg < 1 || from > m->version || from <= m->barrier)
		return rules_fail(err, WG_E_BAD_ARGS, "",
		                  "a takeback from v=%lld is impossible here (the game is at "
		                  "v=%llu, its last barrier at v=%llu)",
		                  (long long)a->arg, (unsigned long long)m->version,
		                  (unsigned long long)m->barrier);
	n = m->version - from + 1;
	who_asked(m, a, who, sizeof(who));
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "side", side_name(m, a->side));
	cJSON_AddNumberToObject(f, "from", (double)from);
	cJSON_AddNumberToObject(f, "to", (double)m->version);
	cJSON_AddNumberToObject(f, "undone", (double)n);
	if (n == 1)
		rc = rules_emit(ev, RULES_AUD_PUBLIC, "taken-back", f,
		                "%s takes back v=%llu, agreed: the game is as it was at v=%llu "
		                "(log marks it undone)",
		                who, (unsigned long long)from, (unsigned long long)(from - 1));
	else
		rc = rules_emit(ev, RULES_AUD_PUBLIC, "taken-back", f,
		                "%s takes back v=%llu to v=%llu (%llu actions), agreed: the game "
		                "is as it was at v=%llu (log marks them undone)",
		                who, (unsigned long long)from, (unsigned long long)m->version,
		                (unsigned long long)n, (unsigned long long)(from - 1));
	if (rc != 0)
		return rc;
	/* every side's decision moves past every number it had before the takeback: each of
	 * the n undone actions moved it by one at most */
	for (int s = 0; s < RULES_SIDES; s++)
		m->pending.decision[s] += (uint32_t)n + 1u;
	return 0;
}

int rules_match_host(struct rules_match *m, const struct rules_host_action *a,
                     struct rules_events *ev, struct rules_error *err)
{
	struct rules_dice *saved;
	struct rules_outcome o;
	size_t nev = ev->count;
	int rc = RULES_HOST_DEFAULT;

	if (a->kind == RULES_HOST_START)
		return rules_match_start(m, ev, err);
	if (rules_host_name(a->kind) == NULL)
		return rules_fail(err, WG_E_BAD_ARGS, "", "unknown host action %d", (int)a->kind);
	if (!m->started)
		return rules_fail(err, WG_E_NOT_STARTED, "", "the game has not started");
	rules_match_outcome(m, &o);
	if (o.over)
		return rules_fail(err, WG_E_GAME_OVER, "", "the game is over: %s", o.summary);
	if (a->kind == RULES_HOST_PAUSE || a->kind == RULES_HOST_TAKEBACK) {
		rules_dice_clear_log(&m->dice);
		rc = a->kind == RULES_HOST_PAUSE ? host_pause(m, a, ev, err)
		                                 : host_takeback(m, a, ev, err);
		if (rc != 0) {
			events_truncate(ev, nev);
			return rc;
		}
		m->version++;
		set_barrier(m, "", "the %s at v=%llu", rules_host_name(a->kind),
		            (unsigned long long)m->version);
		if (a->kind == RULES_HOST_PAUSE) {
			settle_pending(m, RULES_SYSTEM); /* nothing awaited changes */
		} else { /* what the engine awaits now, under the lifted counters */
			uint32_t before[RULES_SIDES];
			memcpy(before, m->pending.decision, sizeof(before));
			memset(&m->pending, 0, sizeof(m->pending));
			m->rs->pending(m->game, &m->pending);
			memcpy(m->pending.decision, before, sizeof(before));
		}
		return 0;
	}
	saved = malloc(sizeof(*saved));
	if (saved == NULL)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	*saved = m->dice;
	rules_dice_clear_log(&m->dice);
	if (m->rs->host != NULL)
		rc = m->rs->host(m->game, &m->dice, a, ev, err);
	if (rc == RULES_HOST_DEFAULT) {
		/* the engine did nothing: throw away any roll it made, end as asked */
		rules_dice_rewind(&m->dice, saved);
		events_truncate(ev, nev);
		rc = host_default(m, a, ev, err);
	}
	if (rc == 0)
		rc = dice_failed(m, err);
	if (rc != 0) {
		m->host_over = 0;
		m->host_winner = -1;
		m->host_summary[0] = '\0';
		undo(m, saved, ev, nev);
	} else {
		m->version++;
		set_barrier(m, "", "the %s at v=%llu", rules_host_name(a->kind),
		            (unsigned long long)m->version);
		settle_pending(m, RULES_SYSTEM);
	}
	free(saved);
	return rc;
}

int rules_match_takeback_check(const struct rules_match *m, int side, uint64_t *target,
                               struct rules_error *err)
{
	struct rules_outcome o;
	uint64_t t;

	if (m->rs->takeback_barrier == NULL)
		return rules_fail(err, WG_E_FORBIDDEN, "",
		                  "the rules of %s allow no takeback: no action of theirs can be "
		                  "taken back",
		                  m->rs->name);
	if (!m->started)
		return rules_fail(err, WG_E_NOT_STARTED, "", "the game has not started");
	rules_match_outcome(m, &o);
	if (o.over)
		return rules_fail(err, WG_E_GAME_OVER, "", "the game is over: %s", o.summary);
	if (side < 0 || side >= RULES_SIDES)
		return rules_fail(err, WG_E_BAD_ARGS, "", "no side %d", side);
	t = m->last_action[side];
	if (t == 0)
		return rules_fail(err, WG_E_FORBIDDEN, "", "%s has made no action to take back",
		                  side_name(m, side));
	if (t == m->barrier)
		return rules_fail(err, WG_E_FORBIDDEN, m->barrier_why.rule,
		                  "%s's last action cannot be taken back: %s", side_name(m, side),
		                  m->barrier_why.message);
	if (t < m->barrier)
		return rules_fail(err, WG_E_FORBIDDEN, m->barrier_why.rule,
		                  "%s's last action (v=%llu) can no longer be taken back: %s",
		                  side_name(m, side), (unsigned long long)t,
		                  m->barrier_why.message);
	*target = t;
	return 0;
}

void rules_match_undone(struct rules_match *m)
{
	m->version++;
}

void rules_undone_init(struct rules_undone *u)
{
	memset(u, 0, sizeof(*u));
}

void rules_undone_release(struct rules_undone *u)
{
	free(u->range);
	memset(u, 0, sizeof(*u));
}

int rules_undone_add(struct rules_undone *u, uint64_t from, uint64_t to)
{
	if (u->n == u->cap) {
		size_t ncap = u->cap ? 2 * u->cap : 8;
		uint64_t(*r)[2] = realloc(u->range, ncap * sizeof(*r));
		if (r == NULL)
			return WG_E_NO_MEMORY;
		u->range = r;
		u->cap = ncap;
	}
	u->range[u->n][0] = from;
	u->range[u->n][1] = to;
	u->n++;
	return 0;
}

int rules_undone_has(const struct rules_undone *u, uint64_t v)
{
	for (size_t i = 0; i < u->n; i++)
		if (v >= u->range[i][0] && v <= u->range[i][1])
			return 1;
	return 0;
}

uint64_t rules_undone_first(const struct rules_undone *u)
{
	uint64_t first = 0;

	for (size_t i = 0; i < u->n; i++)
		if (first == 0 || u->range[i][0] < first)
			first = u->range[i][0];
	return first;
}

int rules_undone_note(struct rules_undone *u, enum rules_host_kind host, uint64_t seq, int argc,
                      char **argv)
{
	struct rules_host_action a;

	if (host != RULES_HOST_TAKEBACK)
		return 0;
	if (rules_host_parse(host, argc, argv, &a) != 0 || a.arg < 1 || (uint64_t)a.arg >= seq)
		return WG_E_INTERNAL;
	return rules_undone_add(u, (uint64_t)a.arg, seq - 1);
}

int rules_match_query(const struct rules_match *m, const struct rules_verb *verb,
                      const struct rules_viewer *who, int argc, char **argv, cJSON *out,
                      struct rules_error *err)
{
	int rc;

	if (argc < 1)
		return rules_fail(err, WG_E_BAD_ARGS, "", "no verb given");
	if (verb == NULL)
		verb = rules_verb_find(m->rs, m->sc, argv[0]);
	if (verb == NULL || verb->kind != RULES_VERB_QUERY)
		return rules_fail(err, WG_E_UNKNOWN_VERB, "", "'%s' is not a query of this game",
		                  argv[0]);
	if ((rc = arity(verb, argc, err)) != 0)
		return rc;
	return m->rs->query(m->game, who, argc, argv, out, err);
}

void rules_match_outcome(const struct rules_match *m, struct rules_outcome *o)
{
	memset(o, 0, sizeof(*o));
	if (m->host_over) {
		o->over = 1;
		o->winner = m->host_winner;
		snprintf(o->summary, sizeof(o->summary), "%s", m->host_summary);
		return;
	}
	o->winner = -1;
	m->rs->outcome(m->game, o);
}

/* The kinds whose stored line carries an argument before the note. */
static int has_arg(enum rules_host_kind kind)
{
	return kind == RULES_HOST_PAUSE || kind == RULES_HOST_TAKEBACK;
}

char *rules_host_line(const struct rules_host_action *a, char *buf, size_t n)
{
	const char *name = rules_host_name(a->kind);
	char arg[32] = "";

	if (has_arg(a->kind))
		snprintf(arg, sizeof(arg), " %lld", (long long)a->arg);
	snprintf(buf, n, "%s %d %d%s%s%s", name != NULL ? name : "?", a->side, a->winner, arg,
	         a->note != NULL && a->note[0] ? " " : "", a->note != NULL ? a->note : "");
	return buf;
}

int rules_host_parse(enum rules_host_kind kind, int argc, char **argv, struct rules_host_action *a)
{
	char *end;

	memset(a, 0, sizeof(*a));
	a->kind = kind;
	a->side = -1;
	a->winner = -1;
	a->note = "";
	if (argc < 1 || rules_host_name(kind) == NULL ||
	    strcmp(argv[0], rules_host_name(kind)) != 0)
		return -1;
	if (kind == RULES_HOST_START)
		return argc == 1 || argc >= 3 ? 0 : -1;
	if (argc < 3)
		return -1;
	a->side = (int)strtol(argv[1], &end, 10);
	if (*end != '\0')
		return -1;
	a->winner = (int)strtol(argv[2], &end, 10);
	if (*end != '\0')
		return -1;
	if (has_arg(kind)) {
		if (argc < 4)
			return -1;
		a->arg = strtoll(argv[3], &end, 10);
		if (*end != '\0' || end == argv[3])
			return -1;
		argc--, argv++;
	}
	if (argc > 3)
		a->note = argv[3];
	return 0;
}

int rules_match_replay(struct rules_match *m, enum rules_host_kind host, int side, int argc,
                       char **argv, const struct rules_roll *rolls, size_t nrolls,
                       struct rules_events *ev, struct rules_error *err)
{
	struct rules_host_action a;
	int rc;

	m->dice.nqueued = 0;
	for (size_t i = 0; i < nrolls; i++)
		if (rolls[i].forced)
			rules_dice_force(&m->dice, rolls[i].value);
	if (host != RULES_HOST_NONE) {
		if (rules_host_parse(host, argc, argv, &a) != 0)
			rc = rules_fail(err, WG_E_INTERNAL, "",
			                "stored host action '%s' is unreadable",
			                argc > 0 ? argv[0] : "");
		else
			rc = rules_match_host(m, &a, ev, err);
	} else {
		rc = rules_match_apply(m, NULL, side, argc, argv, NULL, ev, err);
	}
	m->dice.nqueued = 0;
	if (rc != 0)
		return rc;
	if (m->dice.nlog != nrolls)
		return rules_fail(err, WG_E_INTERNAL, "",
		                  "replay consumed %zu dice where %zu were stored", m->dice.nlog,
		                  nrolls);
	for (size_t i = 0; i < nrolls; i++)
		if (m->dice.log[i].sides != rolls[i].sides ||
		    m->dice.log[i].value != rolls[i].value)
			return rules_fail(err, WG_E_INTERNAL, "",
			                  "die %zu of the action: the replay rolled %u (d%u) where "
			                  "%u (d%u) was stored",
			                  i + 1, m->dice.log[i].value, m->dice.log[i].sides,
			                  rolls[i].value, rolls[i].sides);
	return 0;
}

char *rules_match_snapshot(const struct rules_match *m)
{
	char buf[32];
	cJSON *root = cJSON_CreateObject();
	cJSON *state = cJSON_AddArrayToObject(root, "dice");
	cJSON *dec = cJSON_AddArrayToObject(root, "decision");
	char *game, *out;

	for (int i = 0; i < 4; i++) {
		snprintf(buf, sizeof(buf), "%016" PRIx64, m->dice.s[i]);
		cJSON_AddItemToArray(state, cJSON_CreateString(buf));
	}
	snprintf(buf, sizeof(buf), "%" PRIu64, m->dice.draws);
	cJSON_AddStringToObject(root, "draws", buf);
	snprintf(buf, sizeof(buf), "%" PRIu64, m->version);
	cJSON_AddStringToObject(root, "version", buf);
	cJSON_AddBoolToObject(root, "started", m->started);
	for (int s = 0; s < RULES_SIDES; s++)
		cJSON_AddItemToArray(dec, cJSON_CreateNumber(m->pending.decision[s]));
	if (m->host_over) {
		cJSON *h = cJSON_AddObjectToObject(root, "host_result");
		cJSON_AddNumberToObject(h, "winner", m->host_winner);
		cJSON_AddStringToObject(h, "summary", m->host_summary);
	}
	{
		cJSON *t = cJSON_AddObjectToObject(root, "takeback");
		cJSON *last = cJSON_AddArrayToObject(t, "last");
		cJSON *pauses = cJSON_AddArrayToObject(root, "pauses");
		for (int s = 0; s < RULES_SIDES; s++) {
			snprintf(buf, sizeof(buf), "%" PRIu64, m->last_action[s]);
			cJSON_AddItemToArray(last, cJSON_CreateString(buf));
			cJSON_AddItemToArray(pauses, cJSON_CreateNumber(m->pauses[s]));
		}
		snprintf(buf, sizeof(buf), "%" PRIu64, m->barrier);
		cJSON_AddStringToObject(t, "barrier", buf);
		cJSON_AddStringToObject(t, "why", m->barrier_why.message);
		cJSON_AddStringToObject(t, "rule", m->barrier_why.rule);
	}
	game = m->rs->snapshot(m->game);
	if (game == NULL) {
		cJSON_Delete(root);
		return NULL;
	}
	cJSON_AddStringToObject(root, "game", game);
	free(game);
	out = cJSON_PrintUnformatted(root);
	cJSON_Delete(root);
	return out;
}

/* The takeback facts and pause counts of a snapshot; a snapshot of an older build has none:
 * nothing before it can be taken back then. */
static void restore_takeback(struct rules_match *m, const cJSON *root)
{
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(root, "takeback");
	const cJSON *pauses = cJSON_GetObjectItemCaseSensitive(root, "pauses");
	const cJSON *last = cJSON_GetObjectItemCaseSensitive(t, "last");
	const cJSON *barrier = cJSON_GetObjectItemCaseSensitive(t, "barrier");
	const cJSON *why = cJSON_GetObjectItemCaseSensitive(t, "why");
	const cJSON *rule = cJSON_GetObjectItemCaseSensitive(t, "rule");

	for (int s = 0; s < RULES_SIDES; s++) {
		const cJSON *p = cJSON_GetArrayItem(pauses, s);
		const cJSON *l = cJSON_GetArrayItem(last, s);
		m->pauses[s] = cJSON_IsNumber(p) ? (unsigned)p->valuedouble : 0;
		m->last_action[s] = cJSON_IsString(l) ? strtoull(l->valuestring, NULL, 10) : 0;
	}
	if (cJSON_IsString(barrier) && cJSON_IsString(why)) {
		m->barrier = strtoull(barrier->valuestring, NULL, 10);
		snprintf(m->barrier_why.message, sizeof(m->barrier_why.message), "%s",
		         why->valuestring);
		snprintf(m->barrier_why.rule, sizeof(m->barrier_why.rule), "%s",
		         cJSON_IsString(rule) ? rule->valuestring : "");
	} else {
		m->barrier = m->version;
		snprintf(m->barrier_why.message, sizeof(m->barrier_why.message),
		         "the game was stored by an older server at v=%llu",
		         (unsigned long long)m->version);
		m->barrier_why.rule[0] = '\0';
	}
}

int rules_match_restore(struct rules_match *m, const struct ruleset *rs,
                        const struct rules_scenario *sc, const struct rules_options *opts,
                        const char *snapshot, struct rules_error *err)
{
	cJSON *root = cJSON_Parse(snapshot);
	cJSON *dice, *draws, *version, *started, *game, *dec, *host;
	struct rules_game *g = NULL;
	int rc;

	if (root == NULL)
		return rules_fail(err, WG_E_INTERNAL, "", "snapshot is not JSON");
	dice = cJSON_GetObjectItemCaseSensitive(root, "dice");
	draws = cJSON_GetObjectItemCaseSensitive(root, "draws");
	version = cJSON_GetObjectItemCaseSensitive(root, "version");
	started = cJSON_GetObjectItemCaseSensitive(root, "started");
	game = cJSON_GetObjectItemCaseSensitive(root, "game");
	dec = cJSON_GetObjectItemCaseSensitive(root, "decision");
	host = cJSON_GetObjectItemCaseSensitive(root, "host_result");
	if (!cJSON_IsArray(dice) || cJSON_GetArraySize(dice) != 4 || !cJSON_IsString(draws) ||
	    !cJSON_IsString(version) || !cJSON_IsString(game) ||
	    (dec != NULL && (!cJSON_IsArray(dec) || cJSON_GetArraySize(dec) != RULES_SIDES))) {
		cJSON_Delete(root);
		return rules_fail(err, WG_E_INTERNAL, "", "snapshot lacks dice, version or game");
	}
	rc = rs->restore(sc, opts, game->valuestring, &g, err);
	if (rc != 0) {
		cJSON_Delete(root);
		return rc;
	}
	memset(m, 0, sizeof(*m));
	m->rs = rs;
	m->sc = sc;
	if (opts != NULL)
		m->opts = *opts;
	m->game = g;
	m->host_winner = -1;
	for (int i = 0; i < 4; i++) {
		cJSON *w = cJSON_GetArrayItem(dice, i);
		m->dice.s[i] = cJSON_IsString(w) ? strtoull(w->valuestring, NULL, 16) : 0;
	}
	m->dice.draws = strtoull(draws->valuestring, NULL, 10);
	m->version = strtoull(version->valuestring, NULL, 10);
	m->started = cJSON_IsTrue(started);
	if (cJSON_IsObject(host)) {
		cJSON *w = cJSON_GetObjectItemCaseSensitive(host, "winner");
		cJSON *s = cJSON_GetObjectItemCaseSensitive(host, "summary");
		m->host_over = 1;
		m->host_winner = cJSON_IsNumber(w) ? w->valueint : -1;
		snprintf(m->host_summary, sizeof(m->host_summary), "%s",
		         cJSON_IsString(s) ? s->valuestring : "");
	}
	if (m->started) {
		struct rules_outcome o;
		rules_match_outcome(m, &o);
		if (!o.over)
			rs->pending(g, &m->pending);
	}
	for (int s = 0; dec != NULL && s < RULES_SIDES; s++)
		m->pending.decision[s] = (uint32_t)cJSON_GetArrayItem(dec, s)->valuedouble;
	restore_takeback(m, root);
	cJSON_Delete(root);
	return 0;
}

char *rules_rolls_to_json(const struct rules_roll *rolls, size_t n)
{
	size_t cap = 3 + n * 24;
	char *out = malloc(cap);
	size_t len = 0;

	if (out == NULL)
		return NULL;
	out[len++] = '[';
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(out + len, cap - len, "%s[%u,%u,%u]", i ? "," : "",
		                        rolls[i].sides, rolls[i].value, rolls[i].forced);
	out[len++] = ']';
	out[len] = '\0';
	return out;
}

int rules_rolls_from_json(const char *json, struct rules_roll *rolls, size_t max)
{
	cJSON *root = cJSON_Parse(json);
	cJSON *item;
	int n = 0;

	if (!cJSON_IsArray(root)) {
		cJSON_Delete(root);
		return -1;
	}
	cJSON_ArrayForEach(item, root)
	{
		if ((size_t)n >= max || !cJSON_IsArray(item) || cJSON_GetArraySize(item) != 3) {
			cJSON_Delete(root);
			return -1;
		}
		rolls[n].sides = (uint16_t)cJSON_GetArrayItem(item, 0)->valueint;
		rolls[n].value = (uint16_t)cJSON_GetArrayItem(item, 1)->valueint;
		rolls[n].forced = (uint8_t)cJSON_GetArrayItem(item, 2)->valueint;
		n++;
	}
	cJSON_Delete(root);
	return n;
}

int rules_rolls_count(const char *json)
{
	cJSON *root = cJSON_Parse(json);
	int n = cJSON_IsArray(root) ? cJSON_GetArraySize(root) : -1;

	cJSON_Delete(root);
	return n;
}
