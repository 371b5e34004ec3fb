/*
 * cmd-people.c -- the verbs for finding and talking to people: who, finger,
 * tell, messages, block, unblock.  Presence, tells and blocks are people.c's;
 * docs/people.md has the decisions and limits.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "protocol/buf.h"

#include "clock.h"
#include "cmd.h"
#include "conn.h"
#include "games.h"
#include "people.h"
#include "ratings.h"
#include "server.h"

#define MESSAGES_MAX 200 /* messages [n]: at most this many */

static void add_linef(cJSON *lines, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add_linef(cJSON *lines, const char *fmt, ...)
{
	char buf[700];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	cJSON_AddItemToArray(lines, cJSON_CreateString(buf));
}

static void reply(struct srv_cmd_ctx *ctx, cJSON *data, const char *summary)
{
	cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
}

/* The registered user named name into *u; else fails with no-such-user. */
static int find_user(struct srv_cmd_ctx *ctx, const char *name, struct db_user *u)
{
	int rc =
	    strlen(name) > DB_NAME_MAX ? WG_E_NOT_FOUND : db_user_by_name(ctx->srv->store, name, u);

	if (rc == WG_E_NOT_FOUND)
		return srv_cmd_fail(ctx, WG_E_NO_SUCH_USER, "there is no user '%.32s'", name);
	if (rc != 0)
		return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(ctx->srv->store));
	return 0;
}

/* ---- who ---- */

struct who_ctx {
	struct srv_user **users;
	size_t n, cap;
};

static void who_collect(void *arg, int64_t id, void *value)
{
	struct who_ctx *w = arg;

	(void)id;
	if (w->n == w->cap) {
		size_t ncap = w->cap ? w->cap * 2 : 16;
		struct srv_user **nu = realloc(w->users, ncap * sizeof(*nu));
		if (nu == NULL)
			return;
		w->users = nu;
		w->cap = ncap;
	}
	w->users[w->n++] = value;
}

static int by_name(const void *a, const void *b)
{
	const struct srv_user *const *x = a, *const *y = b;

	return strcasecmp((*x)->name, (*y)->name);
}

/* The games user sits in that are being played. */
static int active_games(struct srv *s, int64_t user)
{
	size_t n;
	const int64_t *ids = srv_user_games(s, user, &n);
	int k = 0;

	for (size_t i = 0; i < n; i++) {
		const struct srv_game *g = srv_game_get(s, ids[i]);
		if (g != NULL && g->rec.status == DB_GAME_ACTIVE)
			k++;
	}
	return k;
}

static int exec_who(struct srv_cmd_ctx *ctx)
{
	struct srv *s = ctx->srv;
	struct who_ctx w = {0};
	cJSON *data = cJSON_CreateObject();
	cJSON *lines = cJSON_AddArrayToObject(data, "lines");
	cJSON *list = cJSON_AddArrayToObject(data, "users");
	char summary[64];

	srv_idmap_each(&s->users, who_collect, &w);
	if (w.n > 0)
		qsort(w.users, w.n, sizeof(w.users[0]), by_name);
	add_linef(lines, "%-16s %-20s %8s %5s", "user", "doing", "idle", "games");
	for (size_t i = 0; i < w.n; i++) {
		struct srv_user *u = w.users[i];
		int64_t game, idle = srv_people_idle_ms(s, u);
		const char *doing = srv_people_doing(s, u, &game);
		int vac = srv_vacation_on(s, u->id), games = active_games(s, u->id);
		char what[40], dur[32];
		cJSON *o = cJSON_CreateObject();

		if (game > 0)
			snprintf(what, sizeof(what), "%s game %lld", doing, (long long)game);
		else
			snprintf(what, sizeof(what), "%s", doing);
		cJSON_AddStringToObject(o, "user", u->name);
		cJSON_AddStringToObject(o, "doing", doing);
		if (game > 0)
			cJSON_AddNumberToObject(o, "game", (double)game);
		cJSON_AddNumberToObject(o, "idle", (double)(idle / 1000));
		cJSON_AddNumberToObject(o, "connections", (double)u->nconns);
		cJSON_AddNumberToObject(o, "games", (double)games);
		cJSON_AddBoolToObject(o, "vacation", vac);
		cJSON_AddItemToArray(list, o);
		add_linef(lines, "%-16s %-20s %8s %5d%s", u->name, what,
		          srv_tc_duration(idle, dur, sizeof(dur)), games, vac ? "  vacation" : "");
	}
	free(w.users);
	snprintf(summary, sizeof(summary), "%zu user%s online", w.n, w.n == 1 ? "" : "s");
	reply(ctx, data, summary);
	return 0;
}

const struct srv_cmd srv_cmd_who = {
    .name = "who",
    .min_args = 0,
    .max_args = 0,
    .group = "people",
    .usage = "who",
    .help = "Lists the users online and what each is doing. By name: lobby, playing game N or "
            "watching game N (from the connection they used last), how long since their last "
            "request, how many games they are playing, and whether they are on vacation.",
    .exec = exec_who,
};

/* ---- finger ---- */

#define FINGER_SCENARIOS 64

struct tally {
	char scenario[DB_SCENARIO_MAX];
	int played, won, lost, drawn;
	int side_played[2], side_won[2]; /* the side record of the user (ratings.h) */
	char side_name[2][32];
};

static struct tally *tally_of(struct tally *t, int *n, const char *scenario)
{
	for (int i = 0; i < *n; i++)
		if (strcmp(t[i].scenario, scenario) == 0)
			return &t[i];
	if (*n == FINGER_SCENARIOS)
		return NULL;
	memset(&t[*n], 0, sizeof(t[*n]));
	snprintf(t[*n].scenario, sizeof(t[*n].scenario), "%s", scenario);
	return &t[(*n)++];
}

static int exec_finger(struct srv_cmd_ctx *ctx)
{
	struct srv *s = ctx->srv;
	int64_t me = ctx->conn->user ? ctx->conn->user->id : 0, seen = 0, now = srv_clock_now(s);
	struct tally tallies[FINGER_SCENARIOS], total;
	struct srv_user *online;
	struct srv_vac *v;
	struct db_user u;
	cJSON *data, *lines, *stats, *sides, *games, *vac, *o;
	char when[40], dur[32], summary[120];
	int nt = 0, rc;

	if (ctx->argc < 2 && me == 0)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "usage: finger <user> (or log in)");
	if ((rc = find_user(ctx, ctx->argc > 1 ? ctx->argv[1] : ctx->conn->user->name, &u)) != 0)
		return rc;
	online = srv_user_get(s, u.id);
	data = cJSON_CreateObject();
	lines = cJSON_AddArrayToObject(data, "lines");
	cJSON_AddStringToObject(data, "user", u.name);
	cJSON_AddNumberToObject(data, "registered", (double)u.created);
	add_linef(lines, "%s, registered %s", u.name,
	          srv_clock_format_time(u.created * 1000, when, sizeof(when)));
	cJSON_AddBoolToObject(data, "online", online != NULL);
	if (online != NULL) {
		int64_t game;
		const char *doing = srv_people_doing(s, online, &game);
		cJSON_AddNumberToObject(data, "connections", (double)online->nconns);
		cJSON_AddStringToObject(data, "doing", doing);
		if (game > 0)
			cJSON_AddNumberToObject(data, "game", (double)game);
		cJSON_AddNumberToObject(data, "idle",
		                        (double)(srv_people_idle_ms(s, online) / 1000));
		if (game > 0)
			add_linef(lines, "online: %s game %lld, idle %s", doing, (long long)game,
			          srv_tc_duration(srv_people_idle_ms(s, online), dur, sizeof(dur)));
		else
			add_linef(lines, "online: %s, idle %s", doing,
			          srv_tc_duration(srv_people_idle_ms(s, online), dur, sizeof(dur)));
	} else if (db_user_seen_get(s->store, u.id, &seen) == 0) {
		cJSON_AddNumberToObject(data, "last_seen", (double)(seen / 1000));
		add_linef(lines, "last seen %s", srv_clock_format_time(seen, when, sizeof(when)));
	} else {
		cJSON_AddNullToObject(data, "last_seen");
		add_linef(lines, "never seen since this server recorded it");
	}
	vac = cJSON_AddObjectToObject(data, "vacation");
	if ((v = srv_vacation_of(s, u.id)) != NULL) {
		cJSON_AddBoolToObject(vac, "on", v->on_since > 0);
		cJSON_AddNumberToObject(vac, "bank", (double)(srv_vac_left(v, now) / 1000));
		add_linef(lines, "vacation: %s, %s in the bank", v->on_since > 0 ? "on" : "off",
		          srv_tc_duration(srv_vac_left(v, now), dur, sizeof(dur)));
	}
	srv_rating_finger(s, u.id, data, lines); /* "rating", null when none */
	/* results per scenario, and the games going on (private ones only to their players) */
	memset(&total, 0, sizeof(total));
	games = cJSON_AddArrayToObject(data, "games");
	for (int64_t id = 1; id <= s->maxgame; id++) {
		const struct srv_game *g = srv_game_get(s, id);
		int side = g != NULL ? srv_game_side_of(g, u.id) : -1;
		struct tally *t;
		if (side < 0)
			continue;
		if (g->rec.status != DB_GAME_FINISHED) {
			if (g->rec.private_game && srv_game_side_of(g, me) < 0)
				continue;
			o = cJSON_CreateObject();
			cJSON_AddNumberToObject(o, "game", (double)id);
			cJSON_AddStringToObject(o, "scenario", g->rec.scenario);
			cJSON_AddStringToObject(o, "status", srv_game_status_name(g->rec.status));
			cJSON_AddStringToObject(o, "side", srv_game_side_name(g, side));
			cJSON_AddStringToObject(o, "opponent", g->seat_name[1 - side]);
			cJSON_AddItemToArray(games, o);
			continue;
		}
		if ((t = tally_of(tallies, &nt, g->rec.scenario)) == NULL)
			continue;
		t->played++;
		total.played++;
		t->side_played[side]++;
		if (g->rec.winner == side)
			t->side_won[side]++;
		for (int k = 0; k < 2; k++)
			snprintf(t->side_name[k], sizeof(t->side_name[k]), "%s",
			         srv_game_side_name(g, k));
		if (g->rec.winner == side)
			t->won++, total.won++;
		else if (g->rec.winner < 0)
			t->drawn++, total.drawn++;
		else
			t->lost++, total.lost++;
	}
	stats = cJSON_AddArrayToObject(data, "scenarios");
	sides = cJSON_AddArrayToObject(data, "sides"); /* per scenario and side: played, won */
	add_linef(lines, "games: %d played, %d won, %d lost, %d drawn", total.played, total.won,
	          total.lost, total.drawn);
	if (nt > 0)
		add_linef(lines, "  %-24s %6s %5s %5s %5s", "scenario", "played", "won", "lost",
		          "drawn");
	for (int i = 0; i < nt; i++) {
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "scenario", tallies[i].scenario);
		cJSON_AddNumberToObject(o, "played", tallies[i].played);
		cJSON_AddNumberToObject(o, "won", tallies[i].won);
		cJSON_AddNumberToObject(o, "lost", tallies[i].lost);
		cJSON_AddNumberToObject(o, "drawn", tallies[i].drawn);
		cJSON_AddItemToArray(stats, o);
		for (int k = 0; k < 2; k++) {
			cJSON *x = cJSON_CreateObject();
			cJSON_AddStringToObject(x, "scenario", tallies[i].scenario);
			cJSON_AddStringToObject(x, "side", tallies[i].side_name[k]);
			cJSON_AddNumberToObject(x, "played", tallies[i].side_played[k]);
			cJSON_AddNumberToObject(x, "won", tallies[i].side_won[k]);
			cJSON_AddItemToArray(sides, x);
		}
		add_linef(lines, "  %-24.24s %6d %5d %5d %5d", tallies[i].scenario,
		          tallies[i].played, tallies[i].won, tallies[i].lost, tallies[i].drawn);
		add_linef(lines, "    as %.16s %d played, %d won; as %.16s %d played, %d won",
		          tallies[i].side_name[0], tallies[i].side_played[0],
		          tallies[i].side_won[0], tallies[i].side_name[1],
		          tallies[i].side_played[1], tallies[i].side_won[1]);
	}
	add_linef(lines, "current games: %d", cJSON_GetArraySize(games));
	for (cJSON *it = games->child; it != NULL; it = it->next)
		add_linef(lines, "  #%-5d %-16.16s %-8s as %s vs %s",
		          cJSON_GetObjectItem(it, "game")->valueint,
		          cJSON_GetObjectItem(it, "scenario")->valuestring,
		          cJSON_GetObjectItem(it, "status")->valuestring,
		          cJSON_GetObjectItem(it, "side")->valuestring,
		          cJSON_GetObjectItem(it, "opponent")->valuestring[0]
		              ? cJSON_GetObjectItem(it, "opponent")->valuestring
		              : "-");
	snprintf(summary, sizeof(summary), "%s", u.name);
	reply(ctx, data, summary);
	return 0;
}

const struct srv_cmd srv_cmd_finger = {
    .name = "finger",
    .min_args = 0,
    .max_args = 1,
    .group = "people",
    .usage = "finger [<user>]",
    .help = "Shows a user's profile (yours without a name). When they registered, whether they "
            "are online and what they are doing or when they were last seen, their vacation "
            "state, their rating per scenario (? provisional), games played, won, lost and "
            "drawn per scenario and per side, and the games they are in now (private games "
            "only to their players).",
    .exec = exec_finger,
};

/* ---- tell, messages ---- */

/* The text after the first argument: as typed for text requests, the remaining arguments
 * joined for JSON ones. */
static const char *text_after_name(struct srv_cmd_ctx *ctx, struct proto_buf *tmp)
{
	const char *t = ctx->raw ? ctx->raw : "";

	if (ctx->json) {
		for (int i = 2; i < ctx->argc; i++) {
			if (i > 2)
				proto_buf_addch(tmp, ' ');
			proto_buf_adds(tmp, ctx->argv[i]);
		}
		return tmp->data ? tmp->data : "";
	}
	while (*t == ' ')
		t++;
	while (*t != '\0' && *t != ' ')
		t++;
	while (*t == ' ')
		t++;
	return t;
}

static int exec_tell(struct srv_cmd_ctx *ctx)
{
	struct proto_buf tmp = PROTO_BUF_INIT;
	struct srv_user *me = ctx->conn->user;
	char summary[120], from[DB_NAME_MAX + 1];
	const char *text;
	struct db_user u;
	int rc, online;

	if ((rc = find_user(ctx, ctx->argv[1], &u)) != 0)
		return rc;
	if (u.id == me->id)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "you cannot tell yourself");
	text = text_after_name(ctx, &tmp);
	if (*text == '\0')
		rc = srv_cmd_fail(ctx, WG_E_BAD_ARGS, "usage: tell <user> <text>");
	else if (strlen(text) > DB_TELL_MAX)
		rc = srv_cmd_fail(ctx, WG_E_TOO_LONG, "tells are limited to %d bytes", DB_TELL_MAX);
	else
		rc = srv_people_tell(ctx->srv, me->id, me->name, u.id, u.name, text, &ctx->err);
	proto_buf_release(&tmp);
	if (rc != 0)
		return rc;
	online = srv_user_get(ctx->srv, u.id) != NULL;
	snprintf(from, sizeof(from), "%s", u.name);
	snprintf(summary, sizeof(summary), "told %s%s", from,
	         online ? "" : " (offline: shown when they log in)");
	{
		cJSON *data = cJSON_CreateObject();
		cJSON_AddStringToObject(data, "to", from);
		cJSON_AddBoolToObject(data, "online", online);
		reply(ctx, data, summary);
	}
	return 0;
}

const struct srv_cmd srv_cmd_tell = {
    .name = "tell",
    .min_args = 2,
    .max_args = -1,
    .flags = SRV_CMD_LOGIN,
    .group = "people",
    .usage = "tell <user> <text>",
    .help = "Sends a private message to a user. Up to 500 bytes: at once to every connection "
            "of theirs, or, when they are offline, kept and shown when they next log in. A "
            "user who blocks you does not get it (err blocked). `messages` lists your tells.",
    .exec = exec_tell,
};

struct msg_ctx {
	int64_t me;
	cJSON *lines, *list;
};

static int msg_one(void *arg, const struct db_tell *t)
{
	struct msg_ctx *mc = arg;
	cJSON *o = cJSON_CreateObject();
	char when[40];

	cJSON_AddNumberToObject(o, "id", (double)t->id);
	cJSON_AddStringToObject(o, "from", t->from_name);
	cJSON_AddStringToObject(o, "to", t->to_name);
	cJSON_AddNumberToObject(o, "at", (double)(t->at / 1000));
	cJSON_AddBoolToObject(o, "delivered", t->delivered);
	cJSON_AddStringToObject(o, "text", t->text);
	cJSON_AddItemToArray(mc->list, o);
	srv_clock_format_time(t->at, when, sizeof(when));
	if (t->to == mc->me)
		add_linef(mc->lines, "%.16s  %s: %s", when, t->from_name, t->text);
	else
		add_linef(mc->lines, "%.16s  to %s%s: %s", when, t->to_name,
		          t->delivered ? "" : " (not yet read)", t->text);
	return 0;
}

static int exec_messages(struct srv_cmd_ctx *ctx)
{
	struct msg_ctx mc;
	char summary[64], *end;
	long n = 20;
	cJSON *data;

	if (ctx->argc > 1) {
		n = strtol(ctx->argv[1], &end, 10);
		if (*end != '\0' || n < 1 || n > MESSAGES_MAX)
			return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
			                    "messages [n]: n from 1 to %d, not '%.20s'",
			                    MESSAGES_MAX, ctx->argv[1]);
	}
	data = cJSON_CreateObject();
	mc.me = ctx->conn->user->id;
	mc.lines = cJSON_AddArrayToObject(data, "lines");
	mc.list = cJSON_AddArrayToObject(data, "messages");
	if (db_tell_each(ctx->srv->store, mc.me, 0, (int)n, msg_one, &mc) != 0) {
		cJSON_Delete(data);
		return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(ctx->srv->store));
	}
	snprintf(summary, sizeof(summary), "%d message%s", cJSON_GetArraySize(mc.list),
	         cJSON_GetArraySize(mc.list) == 1 ? "" : "s");
	reply(ctx, data, summary);
	return 0;
}

const struct srv_cmd srv_cmd_messages = {
    .name = "messages",
    .min_args = 0,
    .max_args = 1,
    .flags = SRV_CMD_LOGIN,
    .group = "people",
    .usage = "messages [n]",
    .help = "Lists your last n tells, sent and received. n is 20 by default, at most 200; oldest "
            "first, with when they were sent (UTC); a tell you sent that its recipient has "
            "not seen yet says so.",
    .exec = exec_messages,
};

/* ---- block, unblock ---- */

struct block_ctx {
	cJSON *lines, *list;
};

static int block_one(void *arg, int64_t other, const char *name, int64_t since)
{
	struct block_ctx *bc = arg;
	cJSON *o = cJSON_CreateObject();
	char when[40];

	(void)other;
	cJSON_AddStringToObject(o, "user", name);
	cJSON_AddNumberToObject(o, "since", (double)(since / 1000));
	cJSON_AddItemToArray(bc->list, o);
	add_linef(bc->lines, "%-16s since %s", name,
	          srv_clock_format_time(since, when, sizeof(when)));
	return 0;
}

static int exec_block(struct srv_cmd_ctx *ctx)
{
	struct srv *s = ctx->srv;
	int64_t me = ctx->conn->user->id;
	int on = strcmp(ctx->argv[0], "block") == 0, rc;
	char summary[160];
	struct db_user u;

	if (ctx->argc < 2) { /* block: the list */
		struct block_ctx bc;
		cJSON *data = cJSON_CreateObject();
		bc.lines = cJSON_AddArrayToObject(data, "lines");
		bc.list = cJSON_AddArrayToObject(data, "blocked");
		if (db_block_each(s->store, me, block_one, &bc) != 0) {
			cJSON_Delete(data);
			return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(s->store));
		}
		snprintf(summary, sizeof(summary), "you block %d user%s",
		         cJSON_GetArraySize(bc.list), cJSON_GetArraySize(bc.list) == 1 ? "" : "s");
		reply(ctx, data, summary);
		return 0;
	}
	if ((rc = find_user(ctx, ctx->argv[1], &u)) != 0)
		return rc;
	if (u.id == me)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "you cannot %s yourself", ctx->argv[0]);
	if (srv_people_blocks(s, me, u.id) == on) {
		snprintf(summary, sizeof(summary), "you %s %s already",
		         on ? "block" : "do not block", u.name);
		srv_conn_ok_text(ctx->conn, ctx->tag, summary);
		return 0;
	}
	if (db_block_put(s->store, me, u.id, on, srv_clock_now(s)) != 0)
		return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(s->store));
	snprintf(summary, sizeof(summary),
	         on ? "blocked %s: no tells, challenges or seeks from them" : "unblocked %s",
	         u.name);
	srv_conn_ok_text(ctx->conn, ctx->tag, summary);
	return 0;
}

const struct srv_cmd srv_cmd_block = {
    .name = "block",
    .min_args = 0,
    .max_args = 1,
    .flags = SRV_CMD_LOGIN,
    .group = "people",
    .usage = "block [<user>]",
    .help = "Blocks a user: no tells, challenges or seeks from them. Their tells and challenges "
            "to you are refused (err blocked), you do not see their seeks and neither of you can "
            "accept the other's. Without a name, "
            "lists the users you block. `unblock <user>` undoes it.",
    .exec = exec_block,
};

const struct srv_cmd srv_cmd_unblock = {
    .name = "unblock",
    .min_args = 1,
    .max_args = 1,
    .flags = SRV_CMD_LOGIN,
    .group = "people",
    .usage = "unblock <user>",
    .help = "Stops blocking a user.",
    .exec = exec_block,
};
