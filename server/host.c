/*
 * host.c -- the action pipeline (create, seat, act, host actions) with one
 * store step per accepted step, and the publication of its events.  See
 * host.h for the diagram.
 */
#include "host.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "protocol/tokenize.h"

#include "clock.h"
#include "fanout.h"
#include "games.h"
#include "log.h"
#include "ratings.h"
#include "server.h"
#include "tourney.h"

const struct srv_actor srv_system_actor = {
    .user = 0, .name = "", .via = 0, .version = -1, .decision = -1};

void srv_outcome_init(struct srv_outcome *out)
{
	memset(out, 0, sizeof(*out));
	rules_events_init(&out->ev);
}

void srv_outcome_release(struct srv_outcome *out)
{
	cJSON_Delete(out->reply);
	out->reply = NULL;
	rules_events_release(&out->ev);
}

static int fail(struct rules_error *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(struct rules_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	err->code = code;
	err->rule[0] = '\0';
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof(err->message), fmt, ap);
	va_end(ap);
	return code;
}

/* ---- checks ---- */

/* Builds g's rules state when it is not loaded yet (games.h, "Lazy loading"). */
static int need_state(struct srv *s, struct srv_game *g, struct rules_error *err)
{
	char why[400];

	if (g->loaded)
		return 0;
	if (srv_game_ensure_loaded(s, g, why, sizeof(why)) != 0)
		return fail(err, WG_E_INTERNAL, "game %lld is not loaded: %s", (long long)g->rec.id,
		            why);
	return 0;
}

/* The actor saw the game's current version (v=; checked first: a retry of an action that
 * was applied is stale even when that action ended the game), and the game is running
 * (its rules state loaded). */
static int check_running(struct srv *s, struct srv_game *g, const struct srv_actor *who,
                         struct rules_error *err)
{
	if (who->version >= 0 && who->version < g->rec.version)
		return fail(
		    err, WG_E_STALE,
		    "game %lld is at v=%lld, past your v=%lld; nothing was done (see view and "
		    "log)",
		    (long long)g->rec.id, (long long)g->rec.version, (long long)who->version);
	if (who->version > g->rec.version)
		return fail(err, WG_E_BAD_ARGS, "game %lld is only at v=%lld, not v=%lld",
		            (long long)g->rec.id, (long long)g->rec.version,
		            (long long)who->version);
	if (g->rec.status == DB_GAME_OPEN)
		return fail(err, WG_E_NOT_STARTED, "game %lld waits for a second player",
		            (long long)g->rec.id);
	if (g->rec.status == DB_GAME_FINISHED)
		return fail(err, WG_E_GAME_OVER, "game %lld is over: %s", (long long)g->rec.id,
		            g->rec.result);
	return need_state(s, g, err);
}

/* The actor's seat in a running game, with d= checked against its decision counter. */
static int seated(struct srv *s, struct srv_game *g, const struct srv_actor *who, int *side,
                  struct rules_error *err)
{
	int rc;
	uint32_t d;

	*side = srv_game_side_of(g, who->user);
	if (*side < 0)
		return fail(err, WG_E_NOT_A_PLAYER, "you do not play in game %lld",
		            (long long)g->rec.id);
	if ((rc = check_running(s, g, who, err)) != 0)
		return rc;
	d = g->match.pending.decision[*side];
	if (who->decision >= 0 && who->decision < (int64_t)d)
		return fail(
		    err, WG_E_STALE,
		    "your decision %lld in game %lld was answered already (now d=%u); nothing "
		    "was done (see pending)",
		    (long long)who->decision, (long long)g->rec.id, d);
	if (who->decision > (int64_t)d)
		return fail(err, WG_E_BAD_ARGS,
		            "your decision in game %lld is only d=%u, not d=%lld",
		            (long long)g->rec.id, d, (long long)who->decision);
	return 0;
}

/* ---- one step to the store ---- */

/* After a failed step: the game is rebuilt, or every write of the batch is lost. */
static void step_failed(struct srv *s, struct srv_game *g, int had_batch)
{
	if (had_batch && !db_batch_pending(s->store)) {
		srv_storage_failed(s); /* the whole batch went with it */
		return;
	}
	srv_game_resync(s, g);
}

/* row: the game row after the step (outcome applied); marks the game as written.  credit: the
 * side whose clock is credited for an action (the actor; a timeout's side), or -1. */
static int stage(struct srv *s, struct srv_game *g, enum rules_host_kind host, int side, int credit,
                 int64_t user, const char *line, const struct rules_events *ev, struct db_game *row,
                 int force_snapshot)
{
	struct db_clock clock;
	struct rules_outcome o;
	struct db_action a;
	struct db_event *events = NULL;
	struct db_step step;
	char *dice = rules_rolls_to_json(g->match.dice.log, g->match.dice.nlog), *snap = NULL;
	char *pending = srv_pending_encode(&g->match.pending); /* start-up reads it (games.h) */
	int64_t last = g->last_event;
	int rc = 0, had_batch = db_batch_pending(s->store);

	rules_match_outcome(&g->match, &o);
	if (o.over) {
		row->status = DB_GAME_FINISHED;
		row->winner = o.winner;
		snprintf(row->result, sizeof(row->result), "%s", o.summary);
	}
	row->version = (int64_t)g->match.version;
	row->updated = srv_now(s);
	memset(&a, 0, sizeof(a));
	a.game = g->rec.id;
	a.seq = (int64_t)g->match.version;
	a.side = side;
	a.user = user;
	a.host = (int)host;
	a.line = (char *)line;
	a.dice = dice;
	a.at = row->updated;
	if (ev->count > 0 && (events = calloc(ev->count, sizeof(*events))) == NULL)
		rc = WG_E_NO_MEMORY;
	for (size_t i = 0; rc == 0 && i < ev->count; i++) {
		events[i].audience = ev->items[i].audience;
		events[i].at = a.at;
		if ((events[i].json = cJSON_PrintUnformatted(ev->items[i].data)) == NULL)
			rc = WG_E_NO_MEMORY;
	}
	if (rc == 0 && (force_snapshot || row->version % s->cfg.snapshot_every == 0) &&
	    (snap = rules_match_snapshot(&g->match)) == NULL)
		rc = WG_E_NO_MEMORY;
	memset(&step, 0, sizeof(step));
	step.action = &a;
	step.events = events;
	step.nevents = ev->count;
	step.first_event = g->last_event + 1;
	step.row = row;
	step.progress_only =
	    row->status == g->rec.status && row->seat[0] == g->rec.seat[0] &&
	    row->seat[1] == g->rec.seat[1] && row->winner == g->rec.winner &&
	    row->private_game == g->rec.private_game && strcmp(row->result, g->rec.result) == 0 &&
	    strcmp(row->engine, g->rec.engine) == 0 && strcmp(row->digest, g->rec.digest) == 0;
	step.snapshot = snap;
	step.pending = pending;
	if (srv_clock_step(s, g, row, credit, host == RULES_HOST_NONE, &clock))
		step.clock = &clock;
	/* the seen marks of online players are written when they leave (server.c) */
	if (dice == NULL || pending == NULL)
		rc = WG_E_NO_MEMORY;
	if (rc == 0)
		rc = db_step_stage(s->store, &step, &last);
	for (size_t i = 0; events != NULL && i < ev->count; i++)
		free(events[i].json);
	free(events);
	free(dice);
	free(snap);
	free(pending);
	if (rc != 0) {
		step_failed(s, g, had_batch);
		return rc;
	}
	g->last_event = last;
	if (host == RULES_HOST_NONE && side >= 0 && side < 2) { /* `view`'s "since" (games.h) */
		g->acted[side].action = a.seq;
		g->acted[side].event = last;
		g->acted[side].known = 1;
	} else if (host == RULES_HOST_TAKEBACK) {
		memset(g->acted, 0, sizeof(g->acted)); /* the store says what counts now */
	}
	srv_batch_touch(s, g);
	return 0;
}

/* The summary of an accepted step for people, with the new version. */
static void finish_reply(struct srv_outcome *out, const struct srv_game *g, int side)
{
	cJSON *summary = cJSON_GetObjectItemCaseSensitive(out->reply, "summary");
	char text[400];

	if (cJSON_IsString(summary) && summary->valuestring[0])
		snprintf(text, sizeof(text), "%s (v=%lld)", summary->valuestring,
		         (long long)g->rec.version);
	else
		snprintf(text, sizeof(text), "v=%lld", (long long)g->rec.version);
	cJSON_DeleteItemFromObjectCaseSensitive(out->reply, "summary");
	cJSON_AddStringToObject(out->reply, "summary", text);
	out->version = g->rec.version;
	out->decision = side >= 0 && side < 2 ? g->match.pending.decision[side] : 0;
	out->ended = g->rec.status == DB_GAME_FINISHED;
}

/* ---- creating and seating ---- */

int srv_host_create(struct srv *s, const struct rules_catalog_entry *entry,
                    const struct srv_actor *creator, int side, int private_game,
                    const struct rules_options *opts, const char *options_text,
                    const struct srv_tc *tc, struct srv_game **out, struct rules_error *err)
{
	struct srv_game *g = calloc(1, sizeof(*g));
	unsigned char digest[crypto_hash_sha256_BYTES];
	int rc;

	if (g == NULL)
		return fail(err, WG_E_NO_MEMORY, "out of memory");
	if (side < 0)
		side = (int)randombytes_uniform(2);
	g->entry = entry;
	snprintf(g->rec.scenario, sizeof(g->rec.scenario), "%s", entry->info.id);
	snprintf(g->rec.options, sizeof(g->rec.options), "%s", options_text);
	snprintf(g->rec.engine, sizeof(g->rec.engine), "%s", entry->rs->version);
	snprintf(g->rec.digest, sizeof(g->rec.digest), "%s", entry->digest);
	if (s->cfg.debug_seed_set) /* --allow-debug --debug-seed: reproducible games */
		memcpy(g->rec.seed, s->cfg.debug_seed, sizeof(g->rec.seed));
	else
		randombytes_buf(g->rec.seed, sizeof(g->rec.seed));
	crypto_hash_sha256(digest, g->rec.seed, sizeof(g->rec.seed));
	sodium_bin2hex(g->rec.commitment, sizeof(g->rec.commitment), digest, sizeof(digest));
	g->rec.status = DB_GAME_OPEN;
	g->rec.private_game = private_game;
	g->rec.creator = creator->user;
	g->rec.seat[side] = creator->user;
	g->rec.winner = -1;
	g->rec.created = g->rec.updated = srv_now(s);
	rc = rules_match_create(&g->match, entry->rs, entry->sc, opts, g->rec.seed, err);
	if (rc != 0) {
		free(g);
		return rc;
	}
	g->loaded = 1;
	g->used_ms = srv_now_ms(s);
	rc = 0;
	if (!entry->stored) {
		rc = db_scenario_put(s->store, entry->digest, entry->info.id, entry->text,
		                     srv_now(s));
		if (rc == 0)
			((struct rules_catalog_entry *)entry)->stored = 1;
	}
	if (rc == 0)
		rc = db_game_create(s->store, &g->rec);
	if (rc == 0 && tc != NULL)
		rc = srv_clock_create(s, g, tc);
	if (rc != 0) {
		rules_match_release(&g->match);
		free(g);
		return fail(err, WG_E_STORAGE, "could not store the game: %s",
		            db_last_error(s->store));
	}
	snprintf(g->seat_name[side], sizeof(g->seat_name[side]), "%s", creator->name);
	if (srv_game_index(s, g) != 0) {
		srv_game_free(g);
		return fail(err, WG_E_NO_MEMORY, "out of memory");
	}
	srv_batch_touch(s, g);
	log_info(creator->via, "game %lld created: %s by %s as %s", (long long)g->rec.id,
	         entry->info.id, creator->name, entry->info.side_names[side]);
	*out = g;
	return 0;
}

int srv_host_seat(struct srv *s, struct srv_game *g, const struct srv_actor *who, int side,
                  struct srv_outcome *out, struct rules_error *err)
{
	struct db_game row = g->rec;
	char text[300];
	int rc;

	if (g->rec.status != DB_GAME_OPEN)
		return fail(err, g->rec.status == DB_GAME_ACTIVE ? WG_E_GAME_FULL : WG_E_GAME_OVER,
		            "game %lld is %s", (long long)g->rec.id,
		            srv_game_status_name(g->rec.status));
	if (srv_game_side_of(g, who->user) >= 0)
		return fail(err, WG_E_ALREADY_SEATED, "you already play %s in game %lld",
		            srv_game_side_name(g, srv_game_side_of(g, who->user)),
		            (long long)g->rec.id);
	if (g->entry != NULL && !g->loaded) { /* an open game loads when it is joined */
		char why[400];
		if (srv_game_ensure_loaded(s, g, why, sizeof(why)) != 0)
			return fail(err, WG_E_INTERNAL, "game %lld is not loaded: %s",
			            (long long)g->rec.id, why);
	}
	if (g->entry == NULL || !g->loaded)
		return fail(err, WG_E_NO_SUCH_SCENARIO,
		            "scenario %s is not installed on this server", g->rec.scenario);
	if (side < 0)
		side = g->rec.seat[0] == 0 ? 0 : 1;
	if (g->rec.seat[side] != 0)
		return fail(err, WG_E_SIDE_TAKEN, "%s is taken by %s", srv_game_side_name(g, side),
		            g->seat_name[side]);
	/* Both seats are now filled: the game starts as action 1. */
	out->before = g->match.pending;
	row.seat[side] = who->user;
	row.status = DB_GAME_ACTIVE;
	rc = rules_match_start(&g->match, &out->ev, err);
	if (rc != 0)
		return rc;
	/* the seen marks of the step are the row's seats: the joiner's included */
	rc = stage(s, g, RULES_HOST_START, RULES_SYSTEM, -1, 0, "start", &out->ev, &row, 0);
	if (rc != 0)
		return fail(err, WG_E_STORAGE, "could not store the join: %s",
		            db_last_error(s->store));
	g->rec = row;
	snprintf(g->seat_name[side], sizeof(g->seat_name[side]), "%s", who->name);
	srv_user_games_add(s, who->user, g->rec.id);
	log_info(who->via, "game %lld: %s joins as %s; game starts", (long long)g->rec.id,
	         who->name, srv_game_side_name(g, side));
	out->started = 1;
	out->reply = cJSON_CreateObject();
	cJSON_AddNumberToObject(out->reply, "game", (double)g->rec.id);
	cJSON_AddStringToObject(out->reply, "side", srv_game_side_name(g, side));
	cJSON_AddStringToObject(out->reply, "opponent", g->seat_name[1 - side]);
	cJSON_AddStringToObject(out->reply, "commitment", g->rec.commitment);
	snprintf(text, sizeof(text), "joined game %lld as %s", (long long)g->rec.id,
	         srv_game_side_name(g, side));
	cJSON_AddStringToObject(out->reply, "summary", text);
	out->version = g->rec.version;
	out->decision = g->match.pending.decision[side];
	out->ended = g->rec.status == DB_GAME_FINISHED;
	return 0;
}

/* ---- actions ---- */

int srv_host_act(struct srv *s, struct srv_game *g, const struct srv_actor *who,
                 const struct rules_verb *verb, int argc, char **argv, struct srv_outcome *out,
                 struct rules_error *err)
{
	struct db_game row = g->rec;
	struct proto_buf line = PROTO_BUF_INIT;
	int side, rc;

	srv_clock_check_game(s, g); /* a clock that ran out ends the game before the action */
	if ((rc = seated(s, g, who, &side, err)) != 0)
		return rc;
	if (proto_join(&line, argc, argv) != 0)
		return fail(err, WG_E_NO_MEMORY, "out of memory");
	out->before = g->match.pending;
	out->reply = cJSON_CreateObject();
	rc = rules_match_apply(&g->match, verb, side, argc, argv, out->reply, &out->ev, err);
	if (rc == 0) {
		rc = stage(s, g, RULES_HOST_NONE, side, side, who->user, line.data, &out->ev, &row,
		           0);
		if (rc != 0)
			fail(err, WG_E_STORAGE,
			     "the action could not be stored and was not applied: %s",
			     db_last_error(s->store));
	}
	proto_buf_release(&line);
	if (rc != 0)
		return rc;
	g->rec = row;
	s->actions_total++; /* stats: actions a second (admin.h) */
	finish_reply(out, g, side);
	if (out->ended)
		log_info(who->via, "game %lld over: %s", (long long)g->rec.id, g->rec.result);
	return 0;
}

/*
 * A takeback (rules/core/match.h, "Takebacks"): the game is rebuilt from the store without
 * a's side's last action and whatever followed it (srv_game_rebuild: the replay of recovery),
 * then the TAKEBACK host action is run on the rebuilt match, which replaces the live one once
 * the step is staged (with a snapshot, so that later loads start after the undone range).
 * a->arg: the version the taker back saw as its last action (0: whatever it is now).
 */
static int takeback(struct srv *s, struct srv_game *g, const struct srv_actor *who,
                    const struct rules_host_action *req, struct srv_outcome *out,
                    struct rules_error *err, char *line, size_t size)
{
	struct rules_host_action a = *req;
	struct db_game row = g->rec;
	struct rules_match m2, old;
	uint64_t target;
	char why[700];
	int rc;

	if ((rc = rules_match_takeback_check(&g->match, a.side, &target, err)) != 0)
		return rc;
	if (a.arg != 0 && (uint64_t)a.arg != target)
		return fail(
		    err, WG_E_STALE,
		    "the takeback was asked for v=%lld, but %s's last action is now v=%llu; "
		    "nothing was done",
		    (long long)a.arg, srv_game_side_name(g, a.side), (unsigned long long)target);
	a.arg = (int64_t)target;
	if ((rc = srv_game_rebuild(s, g, a.arg, &m2, why, sizeof(why))) != 0)
		return fail(
		    err, rc == WG_E_NO_MEMORY ? rc : WG_E_INTERNAL,
		    "game %lld could not be rebuilt as it was before v=%lld: %s; nothing was "
		    "done",
		    (long long)g->rec.id, (long long)a.arg, why);
	/* no die was rolled since (a die is a barrier): the stream must be where it is */
	if (memcmp(m2.dice.s, g->match.dice.s, sizeof(m2.dice.s)) != 0 ||
	    m2.dice.draws != g->match.dice.draws) {
		rules_match_release(&m2);
		return fail(err, WG_E_INTERNAL,
		            "game %lld rebuilt before v=%lld has another dice stream; nothing was "
		            "done",
		            (long long)g->rec.id, (long long)a.arg);
	}
	m2.dice.nqueued = g->match.dice.nqueued; /* the debug dice queued stay queued */
	memcpy(m2.dice.queued, g->match.dice.queued, sizeof(m2.dice.queued));
	rules_host_line(&a, line, size);
	out->before = g->match.pending;
	if ((rc = rules_match_host(&m2, &a, &out->ev, err)) != 0) {
		rules_match_release(&m2);
		return rc;
	}
	old = g->match;
	g->match = m2;
	rc = stage(s, g, a.kind, RULES_SYSTEM, -1, who->user, line, &out->ev, &row, 1);
	rules_match_release(&old); /* on failure the game was rebuilt from the store */
	if (rc != 0)
		return fail(err, WG_E_STORAGE, "the takeback could not be stored: %s",
		            db_last_error(s->store));
	g->rec = row;
	return 0;
}

/* The summary of an accepted host action that leaves the game running. */
static void host_summary(const struct srv_game *g, const struct rules_host_action *a,
                         const char *line, char *text, size_t n)
{
	struct rules_host_action back;
	char copy[160], *argv[8], when[40];
	int argc = 0;

	snprintf(copy, sizeof(copy), "%s", line);
	for (char *t = strtok(copy, " "); t != NULL && argc < 8; t = strtok(NULL, " "))
		argv[argc++] = t;
	if (rules_host_parse(a->kind, argc, argv, &back) != 0)
		back = *a;
	if (a->kind == RULES_HOST_PAUSE)
		snprintf(text, n, "paused for %lld h: both clocks stop until %s (v=%lld)",
		         (long long)back.arg,
		         srv_clock_format_time(g->clock.paused_until, when, sizeof(when)),
		         (long long)g->rec.version);
	else if (a->kind == RULES_HOST_TAKEBACK)
		snprintf(text, n,
		         "took back v=%lld..%lld: the game is as it was at v=%lld (v=%lld)",
		         (long long)back.arg, (long long)g->rec.version - 1,
		         (long long)back.arg - 1, (long long)g->rec.version);
	else
		snprintf(text, n, "%s recorded; the rules go on with the game (v=%lld)",
		         rules_host_name(a->kind), (long long)g->rec.version);
}

int srv_host_action(struct srv *s, struct srv_game *g, const struct srv_actor *who,
                    const struct rules_host_action *a, struct srv_outcome *out,
                    struct rules_error *err)
{
	struct db_game row = g->rec;
	char line[160];
	int side = -1, rc;

	if (who->user != 0) { /* a player may only concede for himself */
		if ((rc = seated(s, g, who, &side, err)) != 0)
			return rc;
		if (a->kind != RULES_HOST_RESIGN || a->side != side)
			return fail(err, WG_E_FORBIDDEN, "a player may only resign his own side");
	} else if ((rc = check_running(s, g, who, err)) != 0) {
		return rc;
	}
	if (a->kind == RULES_HOST_TAKEBACK) {
		if ((rc = takeback(s, g, who, a, out, err, line, sizeof(line))) != 0)
			return rc;
	} else {
		if (a->kind == RULES_HOST_PAUSE && (rc = srv_clock_pause_check(s, g, err)) != 0)
			return rc;
		rules_host_line(a, line, sizeof(line));
		out->before = g->match.pending;
		rc = rules_match_host(&g->match, a, &out->ev, err);
		if (rc != 0)
			return rc;
		if (a->kind == RULES_HOST_PAUSE) /* the step writes the stopped clocks */
			srv_clock_pause(s, g, a->side, a->arg);
		rc =
		    stage(s, g, a->kind, RULES_SYSTEM, a->kind == RULES_HOST_TIMEOUT ? a->side : -1,
		          who->user, line, &out->ev, &row, 0);
		if (rc != 0)
			return fail(err, WG_E_STORAGE, "the %s could not be stored: %s",
			            rules_host_name(a->kind), db_last_error(s->store));
		g->rec = row;
	}
	out->reply = cJSON_CreateObject();
	if (g->rec.status == DB_GAME_FINISHED) {
		cJSON_AddStringToObject(out->reply, "summary", g->rec.result);
	} else {
		char text[300];
		host_summary(g, a, line, text, sizeof(text));
		cJSON_AddStringToObject(out->reply, "summary", text);
	}
	out->version = g->rec.version;
	out->decision = side >= 0 ? g->match.pending.decision[side] : 0;
	out->ended = g->rec.status == DB_GAME_FINISHED;
	log_info(who->via, "game %lld: %s%s%s", (long long)g->rec.id, line, out->ended ? ": " : "",
	         out->ended ? g->rec.result : "");
	return 0;
}

void srv_host_publish(struct srv *s, struct srv_game *g, struct srv_outcome *out)
{
	char text[400];

	if (out->started) {
		snprintf(text, sizeof(text), "%s: %s (%s) vs %s (%s); dice commitment sha256 %s",
		         g->entry->info.title, g->seat_name[0], srv_game_side_name(g, 0),
		         g->seat_name[1], srv_game_side_name(g, 1), g->rec.commitment);
		srv_game_notice(s, g, "game-started", text);
	}
	for (size_t i = 0; i < out->ev.count; i++)
		srv_game_deliver(s, g, out->ev.items[i].audience, out->ev.items[i].data);
	srv_clock_pause_notice(s, g); /* the player who asked for a pause is back */
	if (g->rec.status == DB_GAME_FINISHED)
		srv_game_over_notice(s, g);
	else
		srv_game_turn_notices(s, g, &out->before);
	if (out->ended) { /* in the step's batch: its rating, its tournament's work */
		srv_rating_game_over(s, g);
		srv_tourney_game_over(s, g);
	}
	srv_outcome_release(out);
}
