/*
 * game.c -- game hosting: creation, seating, actions, persistence,
 * recovery and event delivery.  See game.h for the action pipeline.
 */
#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sodium.h>

#include "protocol/tokenize.h"

#include "cmd.h"
#include "conn.h"
#include "log.h"
#include "server.h"

/* ---- the game index ---- */

struct srv_game *srv_game_get(struct srv *s, int64_t id)
{
	if (id <= 0 || (size_t)id >= s->capgames)
		return NULL;
	return s->games[id];
}

static int index_game(struct srv *s, struct srv_game *g)
{
	size_t id = (size_t)g->rec.id;

	if (id >= s->capgames) {
		size_t ncap = s->capgames ? s->capgames : 64;
		while (ncap <= id)
			ncap *= 2;
		struct srv_game **n = realloc(s->games, ncap * sizeof(*n));
		if (n == NULL)
			return -1;
		memset(n + s->capgames, 0, (ncap - s->capgames) * sizeof(*n));
		s->games = n;
		s->capgames = ncap;
	}
	s->games[id] = g;
	if (g->rec.id > s->maxgame)
		s->maxgame = g->rec.id;
	return 0;
}

static void free_game(struct srv_game *g)
{
	if (g->loaded)
		rules_match_release(&g->match);
	free(g->watchers);
	free(g);
}

void srv_games_release(struct srv *s)
{
	for (size_t i = 0; i < s->capgames; i++)
		if (s->games[i] != NULL)
			free_game(s->games[i]);
	free(s->games);
	s->games = NULL;
	s->capgames = 0;
}

int srv_game_side_of(const struct srv_game *g, int64_t user)
{
	if (user <= 0)
		return -1;
	if (g->rec.seat[0] == user)
		return 0;
	if (g->rec.seat[1] == user)
		return 1;
	return -1;
}

const char *srv_game_status_name(int status)
{
	switch (status) {
	case DB_GAME_OPEN:
		return "open";
	case DB_GAME_ACTIVE:
		return "active";
	default:
		return "finished";
	}
}

const char *srv_game_side_name(const struct srv_game *g, int side)
{
	if (g->entry == NULL || side < 0 || side > 1)
		return "?";
	return g->entry->info.side_names[side];
}

int srv_options_parse(const char *text, struct rules_options *opts)
{
	char copy[DB_OPTIONS_MAX];
	char *argv[PROTO_MAX_ARGS];
	int argc;

	memset(opts, 0, sizeof(*opts));
	snprintf(copy, sizeof(copy), "%s", text);
	if (proto_tokenize(copy, argv, PROTO_MAX_ARGS, &argc) != 0)
		return -1;
	for (int i = 0; i < argc; i++) {
		char *eq = strchr(argv[i], '=');
		if (eq == NULL || opts->count >= RULES_MAX_OPTIONS)
			return -1;
		*eq = '\0';
		snprintf(opts->items[opts->count].key, sizeof(opts->items[0].key), "%s", argv[i]);
		snprintf(opts->items[opts->count].value, sizeof(opts->items[0].value), "%s",
		         eq + 1);
		opts->count++;
	}
	return 0;
}

/* ---- loading: snapshot + replay ---- */

struct replay_ctx {
	struct srv_game *g;
	char err[700];
	int64_t count;
};

static int replay_one(void *ctx, const struct db_action *a)
{
	struct replay_ctx *r = ctx;
	int count = rules_rolls_count(a->dice);
	struct rules_roll *rolls = malloc(sizeof(*rolls) * (size_t)(count > 0 ? count : 1));
	struct rules_events ev;
	struct rules_error err;
	char *argv[PROTO_MAX_ARGS];
	char *line = strdup(a->line);
	int argc, nrolls, rc;

	if (line == NULL || rolls == NULL) {
		free(line);
		free(rolls);
		return WG_E_NO_MEMORY;
	}
	nrolls = count < 0 ? -1 : rules_rolls_from_json(a->dice, rolls, (size_t)count);
	if (nrolls < 0 || proto_tokenize(line, argv, PROTO_MAX_ARGS, &argc) != 0 || argc < 1) {
		snprintf(r->err, sizeof(r->err), "action %lld is unreadable", (long long)a->seq);
		free(line);
		free(rolls);
		return WG_E_INTERNAL;
	}
	memset(&err, 0, sizeof(err));
	rules_events_init(&ev);
	rc = rules_match_replay(
	    &r->g->match, a->side == RULES_SYSTEM ? rules_host_kind(argv[0]) : RULES_HOST_NONE,
	    a->side, argc, argv, rolls, (size_t)nrolls, &ev, &err);
	rules_events_release(&ev);
	free(line);
	free(rolls);
	if (rc != 0) {
		snprintf(r->err, sizeof(r->err), "action %lld (%s) failed on replay: %s",
		         (long long)a->seq, a->line, err.message);
		return rc;
	}
	r->count++;
	return 0;
}

/* Builds g->match from the store: latest snapshot, then the actions after it. */
static int load_match(struct srv *s, struct srv_game *g, char *errbuf, size_t errsize)
{
	struct rules_options opts;
	struct rules_error err;
	struct replay_ctx r;
	int64_t snap_seq = 0;
	char *snap = NULL;
	int rc;

	if (g->loaded) {
		rules_match_release(&g->match);
		g->loaded = 0;
	}
	if (g->entry == NULL) {
		snprintf(errbuf, errsize, "scenario '%s' is not installed on this server",
		         g->rec.scenario);
		return WG_E_NO_SUCH_SCENARIO;
	}
	if (srv_options_parse(g->rec.options, &opts) != 0) {
		snprintf(errbuf, errsize, "stored options are unreadable");
		return WG_E_INTERNAL;
	}
	memset(&err, 0, sizeof(err));
	rc = db_snapshot_latest(s->store, g->rec.id, &snap_seq, &snap);
	if (rc == 0) {
		rc = rules_match_restore(&g->match, g->entry->rs, g->entry->sc, &opts, snap, &err);
		free(snap);
		if (rc != 0)
			log_warn(0,
			         "game %lld: snapshot %lld unusable (%s); replaying from the start",
			         (long long)g->rec.id, (long long)snap_seq, err.message);
	}
	if (rc != 0) {
		snap_seq = 0;
		rc = rules_match_create(&g->match, g->entry->rs, g->entry->sc, &opts, g->rec.seed,
		                        &err);
		if (rc != 0) {
			snprintf(errbuf, errsize, "cannot create the game: %s", err.message);
			return rc;
		}
	}
	memset(&r, 0, sizeof(r));
	r.g = g;
	g->loaded = 1;
	rc = db_action_each(s->store, g->rec.id, snap_seq, replay_one, &r);
	if (rc == 0 && g->match.version != (uint64_t)g->rec.version) {
		snprintf(r.err, sizeof(r.err), "replay reached version %llu, the store says %lld",
		         (unsigned long long)g->match.version, (long long)g->rec.version);
		rc = WG_E_INTERNAL;
	}
	if (rc != 0) {
		snprintf(errbuf, errsize, "%s", r.err[0] ? r.err : db_last_error(s->store));
		rules_match_release(&g->match);
		g->loaded = 0;
		return rc;
	}
	db_event_last_seq(s->store, g->rec.id, &g->last_event);
	return 0;
}

int srv_game_ensure_loaded(struct srv *s, struct srv_game *g, char *err, size_t errsize)
{
	if (g->loaded)
		return 0;
	return load_match(s, g, err, errsize);
}

static void fill_seat_names(struct srv *s, struct srv_game *g)
{
	for (int i = 0; i < 2; i++) {
		struct db_user u;
		g->seat_name[i][0] = '\0';
		if (g->rec.seat[i] != 0 && db_user_by_id(s->store, g->rec.seat[i], &u) == 0)
			snprintf(g->seat_name[i], sizeof(g->seat_name[i]), "%s", u.name);
	}
}

static int recover_one(void *ctx, const struct db_game *rec)
{
	struct srv *s = ctx;
	struct srv_game *g = calloc(1, sizeof(*g));

	if (g == NULL)
		return WG_E_NO_MEMORY;
	g->rec = *rec;
	g->entry = rules_catalog_find(&s->catalog, rec->scenario);
	fill_seat_names(s, g);
	if (index_game(s, g) != 0) {
		free(g);
		return WG_E_NO_MEMORY;
	}
	return 0;
}

int srv_games_recover(struct srv *s)
{
	int failed = 0, restored = 0;
	char err[400];

	if (db_game_each(s->store, 0x7, recover_one, s) != 0) {
		log_error(0, "cannot read the games: %s", db_last_error(s->store));
		return -1;
	}
	for (int64_t id = 1; id <= s->maxgame; id++) {
		struct srv_game *g = srv_game_get(s, id);
		if (g == NULL || g->rec.status == DB_GAME_FINISHED)
			continue;
		if (load_match(s, g, err, sizeof(err)) != 0) {
			log_error(0, "game %lld (%s) cannot be restored: %s", (long long)id,
			          g->rec.scenario, err);
			failed++;
		} else {
			restored++;
		}
	}
	log_info(0, "recovered %d unfinished games (%d failed), %lld games in all", restored,
	         failed, (long long)s->maxgame);
	return failed;
}

/* ---- delivery ---- */

/*
 * Sends ev to every connection of a list.  Sending may close a connection
 * (output limit, write error), which removes it from the very list (a
 * user's connections, a game's watchers) and may free the user; so the
 * pointers are copied first.  A closed connection stays allocated until its
 * uv_close callback, and srv_conn_event ignores it meanwhile.
 */
static void send_to_all(struct srv_conn *const *list, size_t n, int64_t game, const cJSON *ev)
{
	struct srv_conn *local[16], **copy = local;

	if (n == 0)
		return;
	if (n > sizeof(local) / sizeof(local[0]) && (copy = malloc(n * sizeof(*copy))) == NULL)
		return;
	memcpy(copy, list, n * sizeof(*copy));
	for (size_t i = 0; i < n; i++)
		srv_conn_event(copy[i], game, ev);
	if (copy != local)
		free(copy);
}

static void send_to_user(struct srv *s, int64_t user, int64_t game, const cJSON *ev)
{
	struct srv_user *u = srv_user_get(s, user);

	if (u != NULL)
		send_to_all(u->conns, u->nconns, game, ev);
}

void srv_game_deliver(struct srv *s, struct srv_game *g, unsigned audience, const cJSON *ev)
{
	for (int side = 0; side < 2; side++)
		if ((audience & RULES_AUD_SIDE(side)) && g->rec.seat[side] != 0 &&
		    !(side == 1 && g->rec.seat[1] == g->rec.seat[0]))
			send_to_user(s, g->rec.seat[side], g->rec.id, ev);
	if (audience & RULES_AUD_SPECTATORS)
		send_to_all(g->watchers, g->nwatchers, g->rec.id, ev);
}

static void notice_all(struct srv *s, struct srv_game *g, const char *type, const char *text)
{
	cJSON *ev = cJSON_CreateObject();

	cJSON_AddStringToObject(ev, "event", type);
	cJSON_AddStringToObject(ev, "text", text);
	srv_game_deliver(s, g, RULES_AUD_PUBLIC, ev);
	cJSON_Delete(ev);
}

static void your_turn(struct srv *s, struct srv_game *g, int side, const char *what)
{
	cJSON *ev = cJSON_CreateObject();

	cJSON_AddStringToObject(ev, "event", "your-turn");
	cJSON_AddStringToObject(ev, "side", srv_game_side_name(g, side));
	cJSON_AddNumberToObject(ev, "v", (double)g->rec.version);
	cJSON_AddStringToObject(ev, "text", what);
	send_to_user(s, g->rec.seat[side], g->rec.id, ev);
	cJSON_Delete(ev);
}

void srv_game_chat(struct srv *s, struct srv_game *g, const char *from, const char *text)
{
	cJSON *ev = cJSON_CreateObject();
	char line[600];

	snprintf(line, sizeof(line), "<%s> %s", from, text);
	cJSON_AddStringToObject(ev, "event", "chat");
	cJSON_AddStringToObject(ev, "from", from);
	cJSON_AddStringToObject(ev, "text", line);
	cJSON_AddStringToObject(ev, "message", text);
	srv_game_deliver(s, g, RULES_AUD_PUBLIC, ev);
	cJSON_Delete(ev);
}

int srv_game_watch(struct srv_game *g, struct srv_conn *c)
{
	for (size_t i = 0; i < g->nwatchers; i++)
		if (g->watchers[i] == c)
			return 0;
	if (g->nwatchers == g->capwatchers) {
		size_t ncap = g->capwatchers ? g->capwatchers * 2 : 4;
		struct srv_conn **n = realloc(g->watchers, ncap * sizeof(*n));
		if (n == NULL)
			return -1;
		g->watchers = n;
		g->capwatchers = ncap;
	}
	if (srv_conn_watch(c, g->rec.id) != 0)
		return -1;
	g->watchers[g->nwatchers++] = c;
	return 0;
}

void srv_game_unwatch(struct srv_game *g, struct srv_conn *c)
{
	srv_conn_unwatch(c, g->rec.id);
	for (size_t i = 0; i < g->nwatchers; i++) {
		if (g->watchers[i] == c) {
			g->watchers[i] = g->watchers[--g->nwatchers];
			return;
		}
	}
}

void srv_game_forget_conn(struct srv *s, struct srv_conn *c)
{
	while (c->nwatching > 0) {
		struct srv_game *g = srv_game_get(s, c->watching[c->nwatching - 1]);
		if (g != NULL)
			srv_game_unwatch(g, c);
		else
			c->nwatching--;
	}
}

/* ---- persistence of one accepted step ---- */

/*
 * Stores what the match just accepted (version g->match.version) with its
 * events, and the game row; one transaction.  On failure everything is
 * rolled back and the game row in memory is left as it was.
 */
static int persist_step(struct srv *s, struct srv_game *g, int side, int64_t user, const char *line,
                        const struct rules_events *ev, struct db_game *row)
{
	struct db_action a;
	char *dice = rules_rolls_to_json(g->match.dice.log, g->match.dice.nlog);
	int64_t last = g->last_event;
	int rc;

	if (dice == NULL)
		return WG_E_NO_MEMORY;
	rc = db_begin(s->store);
	if (rc != 0)
		goto out;
	memset(&a, 0, sizeof(a));
	a.game = g->rec.id;
	a.seq = (int64_t)g->match.version;
	a.side = side;
	a.user = user;
	a.line = (char *)line;
	a.dice = dice;
	a.at = srv_now(s);
	rc = db_action_append(s->store, &a);
	for (size_t i = 0; rc == 0 && i < ev->count; i++) {
		struct db_event e = {
		    .game = g->rec.id,
		    .action = a.seq,
		    .audience = ev->items[i].audience,
		    .at = a.at,
		};
		e.json = cJSON_PrintUnformatted(ev->items[i].data);
		if (e.json == NULL) {
			rc = WG_E_NO_MEMORY;
			break;
		}
		rc = db_event_append(s->store, &e, &last);
		free(e.json);
	}
	row->version = (int64_t)g->match.version;
	row->updated = a.at;
	if (rc == 0)
		rc = db_game_update(s->store, row);
	for (int i = 0; rc == 0 && i < 2; i++)
		if (row->seat[i] != 0 && srv_user_get(s, row->seat[i]) != NULL)
			rc = db_seat_seen(s->store, g->rec.id, i, last);
	if (rc == 0 && row->version % s->cfg.snapshot_every == 0) {
		char *snap = rules_match_snapshot(&g->match);
		rc = snap ? db_snapshot_put(s->store, g->rec.id, row->version, snap)
		          : WG_E_NO_MEMORY;
		free(snap);
	}
	if (rc == 0)
		rc = db_commit(s->store);
	if (rc != 0)
		db_rollback(s->store);
	else
		g->last_event = last;
out:
	free(dice);
	return rc;
}

/* After a storage failure: the match is ahead of the store; rebuild it. */
static void resync(struct srv *s, struct srv_game *g)
{
	char err[400];

	log_error(0, "game %lld: storage failed (%s); rebuilding from the store",
	          (long long)g->rec.id, db_last_error(s->store));
	if (load_match(s, g, err, sizeof(err)) != 0)
		log_error(0, "game %lld: cannot rebuild: %s", (long long)g->rec.id, err);
}

static void reveal_text(const struct srv_game *g, char *out, size_t n)
{
	char hex[65];

	sodium_bin2hex(hex, sizeof(hex), g->rec.seed, sizeof(g->rec.seed));
	snprintf(out, n, "%s; dice seed %s (verify %lld)", g->rec.result, hex,
	         (long long)g->rec.id);
}

static void deliver_events(struct srv *s, struct srv_game *g, const struct rules_events *ev)
{
	for (size_t i = 0; i < ev->count; i++)
		srv_game_deliver(s, g, ev->items[i].audience, ev->items[i].data);
}

/* your-turn for each side that must act now, unless it was already waiting
 * for exactly the same decision before this step (then it knows). */
static void turn_notices(struct srv *s, struct srv_game *g, const struct rules_pending *before)
{
	struct rules_pending now;

	if (g->rec.status != DB_GAME_ACTIVE)
		return;
	g->entry->rs->pending(g->match.game, &now);
	for (int side = 0; side < 2; side++) {
		unsigned bit = RULES_AUD_SIDE(side);
		if (!(now.sides & bit))
			continue;
		if ((before->sides & bit) && strcmp(before->what[side], now.what[side]) == 0)
			continue;
		your_turn(s, g, side, now.what[side]);
	}
}

/* The game-over notification of a finished game: result and revealed seed. */
static cJSON *game_over_event(const struct srv_game *g)
{
	char text[600];
	cJSON *ev = cJSON_CreateObject();
	char hex[65];

	sodium_bin2hex(hex, sizeof(hex), g->rec.seed, sizeof(g->rec.seed));
	reveal_text(g, text, sizeof(text));
	cJSON_AddStringToObject(ev, "event", "game-over");
	if (g->rec.winner >= 0)
		cJSON_AddStringToObject(ev, "winner", srv_game_side_name(g, g->rec.winner));
	cJSON_AddStringToObject(ev, "result", g->rec.result);
	cJSON_AddStringToObject(ev, "seed", hex);
	cJSON_AddStringToObject(ev, "text", text);
	return ev;
}

static void game_over_notice(struct srv *s, struct srv_game *g)
{
	cJSON *ev = game_over_event(g);

	srv_game_deliver(s, g, RULES_AUD_PUBLIC, ev);
	cJSON_Delete(ev);
}

/* Applies outcome() to row: finished, winner and result when over. */
static void check_outcome(struct srv_game *g, struct db_game *row)
{
	struct rules_outcome o;

	memset(&o, 0, sizeof(o));
	g->entry->rs->outcome(g->match.game, &o);
	if (!o.over)
		return;
	row->status = DB_GAME_FINISHED;
	row->winner = o.winner;
	snprintf(row->result, sizeof(row->result), "%s", o.summary);
}

/* ---- creating and joining ---- */

int srv_game_new(struct srv *s, struct srv_conn *c, const struct rules_catalog_entry *entry,
                 int side, int private_game, const struct rules_options *opts,
                 const char *options_text, struct srv_game **out, struct srv_cmd_ctx *ctx)
{
	struct srv_game *g = calloc(1, sizeof(*g));
	int rc;

	if (g == NULL)
		return srv_cmd_fail(ctx, WG_E_NO_MEMORY, "out of memory");
	if (side < 0)
		side = (int)randombytes_uniform(2);
	g->entry = entry;
	snprintf(g->rec.scenario, sizeof(g->rec.scenario), "%s", entry->info.id);
	snprintf(g->rec.options, sizeof(g->rec.options), "%s", options_text);
	randombytes_buf(g->rec.seed, sizeof(g->rec.seed));
	{
		unsigned char digest[crypto_hash_sha256_BYTES];
		crypto_hash_sha256(digest, g->rec.seed, sizeof(g->rec.seed));
		sodium_bin2hex(g->rec.commitment, sizeof(g->rec.commitment), digest,
		               sizeof(digest));
	}
	g->rec.status = DB_GAME_OPEN;
	g->rec.private_game = private_game;
	g->rec.creator = c->user->id;
	g->rec.seat[side] = c->user->id;
	g->rec.winner = -1;
	g->rec.created = g->rec.updated = srv_now(s);
	rc = rules_match_create(&g->match, entry->rs, entry->sc, opts, g->rec.seed, &ctx->err);
	if (rc != 0) {
		free(g);
		return rc;
	}
	g->loaded = 1;
	rc = db_game_create(s->store, &g->rec);
	if (rc != 0) {
		rules_match_release(&g->match);
		free(g);
		return srv_cmd_fail(ctx, WG_E_STORAGE, "could not store the game: %s",
		                    db_last_error(s->store));
	}
	snprintf(g->seat_name[side], sizeof(g->seat_name[side]), "%s", c->user->name);
	if (index_game(s, g) != 0) {
		free_game(g);
		return srv_cmd_fail(ctx, WG_E_NO_MEMORY, "out of memory");
	}
	log_info(c->id, "game %lld created: %s by %s as %s", (long long)g->rec.id, entry->info.id,
	         c->user->name, entry->info.side_names[side]);
	*out = g;
	return 0;
}

int srv_game_join(struct srv *s, struct srv_game *g, struct srv_conn *c, int side,
                  struct srv_cmd_ctx *ctx)
{
	struct db_game row = g->rec;
	struct rules_events ev;
	struct rules_pending none = {0};
	char text[300];
	cJSON *reply;
	int rc;

	if (g->rec.status != DB_GAME_OPEN)
		return srv_cmd_fail(
		    ctx, g->rec.status == DB_GAME_ACTIVE ? WG_E_GAME_FULL : WG_E_GAME_OVER,
		    "game %lld is %s", (long long)g->rec.id, srv_game_status_name(g->rec.status));
	if (srv_game_side_of(g, c->user->id) >= 0)
		return srv_cmd_fail(ctx, WG_E_ALREADY_SEATED, "you already play %s in game %lld",
		                    srv_game_side_name(g, srv_game_side_of(g, c->user->id)),
		                    (long long)g->rec.id);
	if (g->entry == NULL || !g->loaded)
		return srv_cmd_fail(ctx, WG_E_NO_SUCH_SCENARIO,
		                    "scenario %s is not installed on this server", g->rec.scenario);
	if (side < 0)
		side = g->rec.seat[0] == 0 ? 0 : 1;
	if (g->rec.seat[side] != 0)
		return srv_cmd_fail(ctx, WG_E_SIDE_TAKEN, "%s is taken by %s",
		                    srv_game_side_name(g, side), g->seat_name[side]);

	/* Both seats are now filled: start the game as action 1. */
	row.seat[side] = c->user->id;
	row.status = DB_GAME_ACTIVE;
	rules_events_init(&ev);
	rc = rules_match_start(&g->match, &ev, &ctx->err);
	if (rc != 0) {
		rules_events_release(&ev);
		return rc;
	}
	g->rec.seat[side] = c->user->id; /* so the seen marks include the joiner */
	check_outcome(g, &row);
	rc = persist_step(s, g, RULES_SYSTEM, 0, "start", &ev, &row);
	if (rc != 0) {
		g->rec.seat[side] = 0;
		rules_events_release(&ev);
		resync(s, g);
		return srv_cmd_fail(ctx, WG_E_STORAGE, "could not store the join: %s",
		                    db_last_error(s->store));
	}
	g->rec = row;
	snprintf(g->seat_name[side], sizeof(g->seat_name[side]), "%s", c->user->name);
	srv_game_unwatch(g, c);
	log_info(c->id, "game %lld: %s joins as %s; game starts", (long long)g->rec.id,
	         c->user->name, srv_game_side_name(g, side));

	c->current_game = g->rec.id;
	reply = cJSON_CreateObject();
	cJSON_AddNumberToObject(reply, "game", (double)g->rec.id);
	cJSON_AddStringToObject(reply, "side", srv_game_side_name(g, side));
	cJSON_AddStringToObject(reply, "opponent", g->seat_name[1 - side]);
	cJSON_AddStringToObject(reply, "commitment", g->rec.commitment);
	snprintf(text, sizeof(text), "joined game %lld as %s", (long long)g->rec.id,
	         srv_game_side_name(g, side));
	cJSON_AddStringToObject(reply, "summary", text);
	srv_conn_ok(c, ctx->tag, reply);
	cJSON_Delete(reply);

	snprintf(text, sizeof(text), "%s: %s (%s) vs %s (%s); dice commitment sha256 %s",
	         g->entry->info.title, g->seat_name[0], srv_game_side_name(g, 0), g->seat_name[1],
	         srv_game_side_name(g, 1), g->rec.commitment);
	notice_all(s, g, "game-started", text);
	deliver_events(s, g, &ev);
	rules_events_release(&ev);
	if (g->rec.status == DB_GAME_FINISHED)
		game_over_notice(s, g);
	else
		turn_notices(s, g, &none);
	return 0;
}

/* ---- actions ---- */

int srv_game_act(struct srv *s, struct srv_game *g, struct srv_conn *c, int side,
                 struct srv_cmd_ctx *ctx)
{
	struct db_game row = g->rec;
	struct rules_pending before;
	struct rules_events ev;
	struct proto_buf line = PROTO_BUF_INIT;
	cJSON *reply;
	int rc;

	g->entry->rs->pending(g->match.game, &before);
	if (!(before.sides & RULES_AUD_SIDE(side)))
		return srv_cmd_fail(
		    ctx, WG_E_NOT_YOUR_TURN, "the game waits for %s: %s",
		    before.sides & RULES_AUD_SIDE(1 - side) ? srv_game_side_name(g, 1 - side)
		                                            : "nobody",
		    before.sides & RULES_AUD_SIDE(1 - side) ? before.what[1 - side] : "");
	if (proto_join(&line, ctx->argc, ctx->argv) != 0)
		return srv_cmd_fail(ctx, WG_E_NO_MEMORY, "out of memory");
	reply = cJSON_CreateObject();
	rules_events_init(&ev);
	rc = rules_match_apply(&g->match, NULL, side, ctx->argc, ctx->argv, reply, &ev, &ctx->err);
	if (rc != 0)
		goto out;
	check_outcome(g, &row);
	rc = persist_step(s, g, side, c->user->id, line.data, &ev, &row);
	if (rc != 0) {
		resync(s, g);
		rc = srv_cmd_fail(ctx, WG_E_STORAGE,
		                  "the action could not be stored and was not applied: %s",
		                  db_last_error(s->store));
		goto out;
	}
	g->rec = row;
	{
		/* the new version: a member for programs, in the summary for people */
		cJSON *summary = cJSON_GetObjectItemCaseSensitive(reply, "summary");
		char text[400];
		if (cJSON_IsString(summary))
			snprintf(text, sizeof(text), "%s (v=%lld)", summary->valuestring,
			         (long long)g->rec.version);
		else
			snprintf(text, sizeof(text), "v=%lld", (long long)g->rec.version);
		cJSON_DeleteItemFromObjectCaseSensitive(reply, "summary");
		cJSON_AddStringToObject(reply, "summary", text);
		if (c->mode == PROTO_JSON)
			cJSON_AddNumberToObject(reply, "v", (double)g->rec.version);
	}
	srv_conn_ok(c, ctx->tag, reply);
	deliver_events(s, g, &ev);
	if (g->rec.status == DB_GAME_FINISHED) {
		log_info(c->id, "game %lld over: %s", (long long)g->rec.id, g->rec.result);
		game_over_notice(s, g);
	} else {
		turn_notices(s, g, &before);
	}
out:
	cJSON_Delete(reply);
	rules_events_release(&ev);
	proto_buf_release(&line);
	return rc;
}

int srv_game_resign(struct srv *s, struct srv_game *g, struct srv_conn *c, int side,
                    struct srv_cmd_ctx *ctx)
{
	struct db_game row = g->rec;
	struct db_event e;
	char text[300];
	cJSON *ev;
	int64_t seq = 0;
	int rc;

	if (g->entry == NULL) /* the result names the sides */
		return srv_cmd_fail(ctx, WG_E_NO_SUCH_SCENARIO,
		                    "game %lld is of scenario %s, which is not installed on this "
		                    "server; it cannot be resigned until it is",
		                    (long long)g->rec.id, g->rec.scenario);
	row.status = DB_GAME_FINISHED;
	row.winner = 1 - side;
	snprintf(row.result, sizeof(row.result), "%s (%s) resigned; %s wins", c->user->name,
	         srv_game_side_name(g, side), srv_game_side_name(g, 1 - side));
	row.updated = srv_now(s);
	ev = cJSON_CreateObject();
	cJSON_AddStringToObject(ev, "event", "resigned");
	cJSON_AddStringToObject(ev, "side", srv_game_side_name(g, side));
	cJSON_AddStringToObject(ev, "text", row.result);
	memset(&e, 0, sizeof(e));
	e.game = g->rec.id;
	e.audience = RULES_AUD_PUBLIC;
	e.json = cJSON_PrintUnformatted(ev);
	e.at = row.updated;
	rc = db_begin(s->store);
	if (rc == 0)
		rc = db_event_append(s->store, &e, &seq);
	if (rc == 0)
		rc = db_game_update(s->store, &row);
	for (int i = 0; rc == 0 && i < 2; i++) /* online players see it live */
		if (row.seat[i] != 0 && srv_user_get(s, row.seat[i]) != NULL)
			rc = db_seat_seen(s->store, g->rec.id, i, seq);
	if (rc == 0)
		rc = db_commit(s->store);
	free(e.json);
	if (rc != 0) {
		cJSON_Delete(ev);
		db_rollback(s->store);
		return srv_cmd_fail(ctx, WG_E_STORAGE, "could not store the resignation: %s",
		                    db_last_error(s->store));
	}
	g->rec = row;
	g->last_event = seq;
	log_info(c->id, "game %lld: %s", (long long)g->rec.id, row.result);
	snprintf(text, sizeof(text), "%s", row.result);
	srv_conn_ok_text(c, ctx->tag, text);
	srv_game_deliver(s, g, RULES_AUD_PUBLIC, ev);
	cJSON_Delete(ev);
	game_over_notice(s, g);
	return 0;
}

/* ---- login notices ---- */

void srv_game_login_notices(struct srv *s, struct srv_conn *c)
{
	int64_t uid;

	if (c->closing || c->user == NULL) /* the login reply may have closed it */
		return;
	uid = c->user->id;

	for (int64_t id = 1; id <= s->maxgame; id++) {
		struct srv_game *g = srv_game_get(s, id);
		struct rules_pending p;
		int64_t seen = 0, missed = 0, last = 0;
		int side;

		if (g == NULL || g->rec.status == DB_GAME_OPEN)
			continue;
		side = srv_game_side_of(g, uid);
		if (side < 0)
			continue;
		if (db_seat_seen_get(s->store, id, side, &seen) == 0 &&
		    db_event_count_after(s->store, id, RULES_AUD_SIDE(side), seen, &missed) == 0 &&
		    missed > 0) {
			char text[200];
			snprintf(
			    text, sizeof(text),
			    "%lld new event%s in game %lld since you were last here (log %lld)",
			    (long long)missed, missed == 1 ? "" : "s", (long long)id,
			    (long long)missed);
			cJSON *ev = cJSON_CreateObject();
			cJSON_AddStringToObject(ev, "event", "missed");
			cJSON_AddNumberToObject(ev, "count", (double)missed);
			cJSON_AddStringToObject(ev, "text", text);
			srv_conn_event(c, id, ev);
			cJSON_Delete(ev);
			if (db_event_last_seq(s->store, id, &last) == 0)
				db_seat_seen(s->store, id, side, last);
			if (g->rec.status == DB_GAME_FINISHED) {
				/* it ended while the player was away */
				ev = game_over_event(g);
				srv_conn_event(c, id, ev);
				cJSON_Delete(ev);
			}
		}
		if (g->rec.status != DB_GAME_ACTIVE || !g->loaded)
			continue;
		g->entry->rs->pending(g->match.game, &p);
		if (p.sides & RULES_AUD_SIDE(side)) {
			cJSON *ev = cJSON_CreateObject();
			cJSON_AddStringToObject(ev, "event", "your-turn");
			cJSON_AddStringToObject(ev, "side", srv_game_side_name(g, side));
			cJSON_AddNumberToObject(ev, "v", (double)g->rec.version);
			cJSON_AddStringToObject(ev, "text", p.what[side]);
			srv_conn_event(c, id, ev);
			cJSON_Delete(ev);
		}
	}
}

/* ---- routing game verbs ---- */

const struct rules_verb *srv_game_find_verb(struct srv *s, struct srv_cmd_ctx *ctx)
{
	struct srv_game *g = srv_game_get(s, ctx->game_id);
	const struct rules_verb *verb;

	if (g != NULL && g->entry != NULL) {
		verb = rules_verb_find(g->entry->rs, g->entry->sc, ctx->argv[0]);
		if (verb != NULL)
			return verb;
	}
	if (g != NULL && g->entry == NULL) {
		srv_cmd_fail(ctx, WG_E_NO_SUCH_SCENARIO,
		             "game %lld is of scenario %s, which is not installed on this server",
		             (long long)g->rec.id, g->rec.scenario);
		return NULL;
	}
	for (size_t i = 0; i < s->catalog.count; i++) {
		const struct rules_catalog_entry *e = &s->catalog.entries[i];
		if (rules_verb_find(e->rs, e->sc, ctx->argv[0]) == NULL)
			continue;
		if (ctx->game_id != 0 && g == NULL)
			srv_cmd_fail(ctx, WG_E_NO_SUCH_GAME, "there is no game %lld",
			             (long long)ctx->game_id);
		else if (g == NULL)
			srv_cmd_fail(ctx, WG_E_NO_GAME,
			             "%s is a game verb: choose a game first with `use <game>` or "
			             "add game=<id>",
			             ctx->argv[0]);
		else
			srv_cmd_fail(ctx, WG_E_UNKNOWN_VERB,
			             "%s is not a verb of %s games (game %lld); type help",
			             ctx->argv[0], g->entry ? g->entry->rs->name : "?",
			             (long long)g->rec.id);
		return NULL;
	}
	return NULL;
}
