/*
 * cmd-game.c -- verbs about one game: view, pending, log, say, chat,
 * resign, verify, and the routing of the ruleset's own verbs.
 *
 * Every verb here targets game=<id> if given, else the connection's
 * current game.  The viewer is the side the user holds, else a spectator;
 * what a viewer may see is decided by the engine (view, query, event
 * audiences), never here.  Actions and resignations go through the action
 * pipeline (host.c); this file answers with what it returns.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sodium.h>

#include "clock.h"
#include "cmd.h"
#include "conn.h"
#include "fanout.h"
#include "games.h"
#include "host.h"
#include "private.h"
#include "rules/core/textmap.h"
#include "server.h"

static int check_version(struct srv_cmd_ctx *ctx, const struct srv_game *g, int reads);

/*
 * The target game of the request (game=<id> or the current game), with v=
 * checked unless the action pipeline checks it (actions: check_v 0).
 * need_state: the verb needs the rules state (view, queries, actions); log,
 * chat, say and verify work from the store alone, so they still work for a
 * game whose scenario is no longer installed.
 */
static struct srv_game *current_game(struct srv_cmd_ctx *ctx, int need_state, int check_v,
                                     int reads)
{
	struct srv_game *g;
	char err[400];

	if (ctx->game_id == 0) {
		srv_cmd_fail(ctx, WG_E_NO_GAME,
		             "no current game: `use <game>`, `join`, `watch`, or add game=<id>");
		return NULL;
	}
	g = srv_game_get(ctx->srv, ctx->game_id);
	if (g == NULL) {
		srv_cmd_fail(ctx, WG_E_NO_SUCH_GAME, "there is no game %lld",
		             (long long)ctx->game_id);
		return NULL;
	}
	if (!srv_private_allowed(g, ctx->conn)) {
		char why[300];
		srv_cmd_fail(ctx, WG_E_FORBIDDEN, "%s",
		             srv_private_refusal(g, 0, why, sizeof(why)));
		return NULL;
	}
	if (check_v && check_version(ctx, g, reads) != 0)
		return NULL;
	if (need_state && srv_game_ensure_loaded(ctx->srv, g, err, sizeof(err)) != 0) {
		srv_cmd_fail(ctx, g->entry == NULL ? WG_E_NO_SUCH_SCENARIO : WG_E_INTERNAL,
		             "game %lld cannot be used: %s", (long long)g->rec.id, err);
		return NULL;
	}
	return g;
}

/* The target game of a server verb of this file (a read unless the entry says not). */
static struct srv_game *current(struct srv_cmd_ctx *ctx, int need_state)
{
	const struct srv_cmd *cmd = srv_cmd_find(ctx->argv[0]);

	return current_game(ctx, need_state, 1, cmd == NULL || (cmd->flags & SRV_CMD_READ));
}

static int viewer_of(struct srv_cmd_ctx *ctx, const struct srv_game *g)
{
	int side = ctx->conn->user ? srv_game_side_of(g, ctx->conn->user->id) : -1;

	return side >= 0 ? side : RULES_SPECTATOR;
}

static int check_version(struct srv_cmd_ctx *ctx, const struct srv_game *g, int reads)
{
	if (ctx->version < 0 || ctx->version == g->rec.version)
		return 0;
	if (ctx->version < g->rec.version)
		return srv_cmd_fail(ctx, WG_E_STALE, "game %lld is at v=%lld, past your v=%lld%s",
		                    (long long)g->rec.id, (long long)g->rec.version,
		                    (long long)ctx->version,
		                    reads ? "" : "; nothing was done (see view and log)");
	return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "game %lld is only at v=%lld, not v=%lld",
	                    (long long)g->rec.id, (long long)g->rec.version,
	                    (long long)ctx->version);
}

/* The optional count argument of log and chat: 1..10000, default dflt; a
 * negative error code (ctx->err filled) when it is not a count. */
static long count_arg(struct srv_cmd_ctx *ctx, long dflt)
{
	char *end;
	long n;

	if (ctx->argc < 2)
		return dflt;
	n = strtol(ctx->argv[1], &end, 10);
	if (*end != '\0' || end == ctx->argv[1] || n < 1 || n > 10000)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "%s [n] with n from 1 to 10000",
		                    ctx->argv[0]);
	return n;
}

static void add_line(cJSON *lines, const char *s)
{
	cJSON_AddItemToArray(lines, cJSON_CreateString(s));
}

/* Header facts of a game for view/pending (object members and text lines). */
static void describe(struct srv *srv, struct srv_game *g, int viewer, cJSON *data, cJSON *lines)
{
	char buf[600];
	struct rules_pending p;

	cJSON_AddNumberToObject(data, "game", (double)g->rec.id);
	cJSON_AddStringToObject(data, "scenario", g->rec.scenario);
	cJSON_AddStringToObject(data, "status", srv_game_status_name(g->rec.status));
	cJSON_AddNumberToObject(data, "v", (double)g->rec.version);
	cJSON *seats = cJSON_AddObjectToObject(data, "seats");
	for (int s = 0; s < 2; s++)
		cJSON_AddStringToObject(seats, srv_game_side_name(g, s), g->seat_name[s]);
	cJSON_AddStringToObject(
	    data, "you", viewer == RULES_SPECTATOR ? "spectator" : srv_game_side_name(g, viewer));
	cJSON_AddStringToObject(data, "commitment", g->rec.commitment);
	snprintf(buf, sizeof(buf), "game %lld: %s, %s, v=%lld; %s (%s) vs %s (%s); you: %s",
	         (long long)g->rec.id, g->entry ? g->entry->info.title : g->rec.scenario,
	         srv_game_status_name(g->rec.status), (long long)g->rec.version,
	         g->seat_name[0][0] ? g->seat_name[0] : "-", srv_game_side_name(g, 0),
	         g->seat_name[1][0] ? g->seat_name[1] : "-", srv_game_side_name(g, 1),
	         viewer == RULES_SPECTATOR ? "spectator" : srv_game_side_name(g, viewer));
	add_line(lines, buf);
	srv_clock_describe(srv, g, data, buf, sizeof(buf));
	if (buf[0])
		add_line(lines, buf);
	if (g->rec.status == DB_GAME_FINISHED) {
		char hex[65];
		sodium_bin2hex(hex, sizeof(hex), g->rec.seed, sizeof(g->rec.seed));
		cJSON_AddStringToObject(data, "result", g->rec.result);
		cJSON_AddStringToObject(data, "seed", hex);
		snprintf(buf, sizeof(buf), "result: %s; dice seed %s", g->rec.result, hex);
		add_line(lines, buf);
		return;
	}
	if (g->rec.status == DB_GAME_OPEN) {
		add_line(lines, "waiting for a second player (join)");
		return;
	}
	if (srv_game_pending(g) != NULL)
		p = *srv_game_pending(g);
	else
		memset(&p, 0, sizeof(p));
	cJSON *pend = cJSON_AddObjectToObject(data, "pending");
	cJSON *dec = cJSON_AddObjectToObject(data, "decisions");
	for (int s = 0; s < 2; s++) {
		cJSON *d = cJSON_AddObjectToObject(dec, srv_game_side_name(g, s));
		cJSON_AddNumberToObject(d, "d", (double)p.decision[s]);
		cJSON_AddBoolToObject(d, "awaited", (p.sides & RULES_AUD_SIDE(s)) != 0);
		if (!(p.sides & RULES_AUD_SIDE(s)))
			continue;
		cJSON_AddStringToObject(d, "kind", p.kind[s]);
		cJSON_AddStringToObject(d, "what", p.what[s]);
		cJSON_AddStringToObject(pend, srv_game_side_name(g, s), p.what[s]);
		snprintf(buf, sizeof(buf), "waiting for %s (%s): %s [%s, d=%u]",
		         srv_game_side_name(g, s), g->seat_name[s], p.what[s], p.kind[s],
		         p.decision[s]);
		add_line(lines, buf);
	}
}

/* Lines view keeps for the engine's text (a status of about four lines, a board of two rows
 * with its legend) and the two lines around the events it lists. */
#define VIEW_ROOM 19

/* What view's text mode builds its lines with: the screen, and (events) the lines of
 * "since your last action" gathered before the board is fitted below them. */
struct view_text {
	cJSON *lines;
	int cols;      /* a line's characters: the screen less the two-space prefix */
	int n;         /* events listed */
	int64_t first; /* the seq of the first */
};

static void view_line(void *arg, const char *text)
{
	add_line(((struct view_text *)arg)->lines, text);
}

/* Adds text to vt's lines wrapped at the screen's width. */
static void view_add(struct view_text *vt, const char *text)
{
	rules_text_wrap(text, vt->cols, 4, view_line, vt);
}

static int since_one(void *arg, const struct db_event *e)
{
	struct view_text *vt = arg;
	cJSON *ev = cJSON_Parse(e->json), *text;
	char buf[700];

	if (vt->n++ == 0)
		vt->first = e->seq;
	text = cJSON_GetObjectItemCaseSensitive(ev, "text");
	snprintf(buf, sizeof(buf), "  %s", cJSON_IsString(text) ? text->valuestring : "?");
	view_add(vt, buf);
	cJSON_Delete(ev);
	return 0;
}

/*
 * "Since your last action": the texts of the events visible to viewer's side since its
 * last accepted action (every event when it has none yet), the first `cap` of them,
 * then "... and N more (log N)" (`log N` shows exactly those).  Nothing for a
 * spectator, who has no actions.  0 or a storage error (ctx->err filled).
 */
static int since_last_action(struct srv_cmd_ctx *ctx, struct srv_game *g, int viewer, int cap,
                             struct view_text *vt)
{
	struct db_store *st = ctx->srv->store;
	unsigned mask = RULES_AUD_SIDE(viewer);
	struct srv_acted *acted;
	int64_t last, total = 0;
	struct view_text items = {NULL, vt->cols, 0, 0};
	char buf[200];
	cJSON *it;
	int rc = 0;

	/* a spectator (RULES_SPECTATOR) has no last action; an open game no events yet */
	if (viewer < 0 || viewer > 1 || g->rec.status == DB_GAME_OPEN)
		return 0;
	acted = &g->acted[viewer];
	if (!acted->known) { /* once after a load or a takeback; then each action sets it */
		rc = db_action_last_of(st, g->rec.id, viewer, &acted->action);
		if (rc == 0)
			rc = db_event_last_upto(st, g->rec.id, acted->action, &acted->event);
		acted->known = rc == 0;
	}
	last = acted->action;
	items.lines = cJSON_CreateArray();
	if (rc == 0)
		rc = db_event_each_since(st, g->rec.id, mask, last, acted->event, cap, since_one,
		                         &items);
	if (rc == 0 && items.n > 0)
		rc = db_event_count_after(st, g->rec.id, mask, items.first - 1, &total);
	if (rc != 0) {
		cJSON_Delete(items.lines);
		return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(st));
	}
	if (last > 0)
		snprintf(buf, sizeof(buf), "since your last action (v=%lld):%s", (long long)last,
		         items.n ? "" : " nothing new");
	else
		snprintf(buf, sizeof(buf), "since the start (you have not acted yet):%s",
		         items.n ? "" : " nothing");
	view_add(vt, buf);
	cJSON_ArrayForEach(it, items.lines) add_line(vt->lines, it->valuestring);
	if (total > items.n) {
		snprintf(buf, sizeof(buf), "  ... and %lld more (log %lld)",
		         (long long)(total - items.n), (long long)(total - items.n));
		view_add(vt, buf);
	}
	cJSON_Delete(items.lines);
	return 0;
}

/*
 * view: the header facts (describe) and the engine's view object; in text mode also the
 * engine's text for a person (status and board, fitted to the rows the other lines leave)
 * and what happened since the viewer's last action, every line within the screen's width.
 * JSON mode asks the engine for no text (cols 0) and reads no events: it stays cheap.  Text
 * mode shows only the lines, so it asks an engine that has view_lines for them alone.
 */
static int exec_view(struct srv_cmd_ctx *ctx)
{
	struct srv_game *g = current(ctx, 1);
	cJSON *data, *lines, *head, *state, *slines, *item;
	struct rules_viewer who;
	struct view_text vt, since;
	int text = ctx->conn->mode != PROTO_JSON, cap;

	if (g == NULL)
		return ctx->err.code;
	who.side = viewer_of(ctx, g);
	who.cols = text ? ctx->conn->cols : 0;
	who.rows = text ? ctx->conn->rows : 0;
	data = cJSON_CreateObject();
	lines = cJSON_AddArrayToObject(data, "lines");
	head = cJSON_CreateArray();
	describe(ctx->srv, g, who.side, data, head);
	vt.lines = lines;
	vt.cols = (who.cols > 22 ? who.cols : 22) - 2;
	since = vt;
	since.lines = cJSON_CreateArray();
	cJSON_ArrayForEach(item, head)
	{
		if (text)
			view_add(&vt, item->valuestring);
		else
			add_line(lines, item->valuestring);
	}
	cJSON_Delete(head);
	/* as many events as leave room for the engine's status and a board of two rows */
	cap = who.rows - 2 - cJSON_GetArraySize(lines) - VIEW_ROOM;
	cap = cap < 2 ? 2 : cap > 8 ? 8 : cap;
	if (text && since_last_action(ctx, g, who.side, cap, &since) != 0) {
		cJSON_Delete(since.lines);
		cJSON_Delete(data);
		return ctx->err.code;
	}
	/* the engine's lines get the rows left by the typed line, the ok line and ours */
	if (text)
		who.rows -= 2 + cJSON_GetArraySize(lines) + cJSON_GetArraySize(since.lines);
	if (text && who.rows < 1)
		who.rows = 1;
	/* text mode shows the engine's lines only: an engine that can give them alone does */
	if (text && g->entry->rs->view_lines != NULL)
		state = g->entry->rs->view_lines(g->match.game, &who);
	else
		state = g->entry->rs->view(g->match.game, &who);
	if (state == NULL) {
		cJSON_Delete(since.lines);
		cJSON_Delete(data);
		return srv_cmd_fail(ctx, WG_E_NO_MEMORY, "out of memory");
	}
	slines = cJSON_DetachItemFromObjectCaseSensitive(state, "lines");
	if (cJSON_IsArray(slines)) {
		cJSON_ArrayForEach(item, slines)
		{
			if (cJSON_IsString(item))
				add_line(lines, item->valuestring);
		}
	}
	cJSON_Delete(slines);
	cJSON_ArrayForEach(item, since.lines) add_line(lines, item->valuestring);
	cJSON_Delete(since.lines);
	cJSON_AddItemToObject(data, "state", state); /* text mode writes the lines alone */
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

const struct srv_cmd srv_cmd_view = {
    .name = "view",
    .min_args = 0,
    .max_args = 0,
    .flags = SRV_CMD_GAME | SRV_CMD_READ,
    .group = "game",
    .usage = "view [game=<id>] [v=<n>]",
    .help = "Shows the game as you may see it: players, status, version v, dice commitment, "
            "who must act on what. In text mode also the game's status (F&M: turn, phase, "
            "battle, markers, who wins if it ended now), the board around the active area "
            "fitted to your screen, and the events since your last action (a few, then ... "
            "and N more (log N)). JSON: members only. Spectators see public information only.",
    .exec = exec_view,
};

static int exec_pending(struct srv_cmd_ctx *ctx)
{
	struct srv_game *g = current(ctx, 1);
	cJSON *data, *lines;

	if (g == NULL)
		return ctx->err.code;
	data = cJSON_CreateObject();
	lines = cJSON_AddArrayToObject(data, "lines");
	describe(ctx->srv, g, viewer_of(ctx, g), data, lines);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

const struct srv_cmd srv_cmd_pending = {
    .name = "pending",
    .min_args = 0,
    .max_args = 0,
    .flags = SRV_CMD_GAME | SRV_CMD_READ,
    .group = "game",
    .usage = "pending [game=<id>] [v=<n>]",
    .help = "Says who must act in the game and what decision is awaited.",
    .exec = exec_pending,
};

struct log_ctx {
	cJSON *lines;
	cJSON *events;
};

static int log_one(void *arg, const struct db_event *e)
{
	struct log_ctx *l = arg;
	cJSON *ev = cJSON_Parse(e->json);

	if (ev == NULL)
		return 0;
	cJSON_AddNumberToObject(ev, "seq", (double)e->seq);
	cJSON_AddNumberToObject(ev, "action", (double)e->action);
	cJSON_AddItemToArray(l->events, ev);
	return 0;
}

/* The number member name of ev, or -1. */
static double number_of(const cJSON *ev, const char *name)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(ev, name);

	return cJSON_IsNumber(n) ? n->valuedouble : -1;
}

/* 1 if action a was undone by a takeback among the events listed (a takeback's public
 * "taken-back" event names the actions it undid, from..to; it comes after them). */
static int undone_in(const cJSON *events, double a)
{
	const cJSON *ev;

	if (a <= 0)
		return 0;
	cJSON_ArrayForEach(ev, events)
	{
		const cJSON *type = cJSON_GetObjectItemCaseSensitive(ev, "event");
		if (cJSON_IsString(type) && strcmp(type->valuestring, "taken-back") == 0 &&
		    a >= number_of(ev, "from") && a <= number_of(ev, "to"))
			return 1;
	}
	return 0;
}

/* The text lines of the events, those of undone actions marked so (JSON: "undone": true). */
static void log_lines(struct log_ctx *l)
{
	cJSON *ev;
	char buf[700];

	cJSON_ArrayForEach(ev, l->events)
	{
		const cJSON *text = cJSON_GetObjectItemCaseSensitive(ev, "text");
		const cJSON *type = cJSON_GetObjectItemCaseSensitive(ev, "event");
		int undone = undone_in(l->events, number_of(ev, "action"));
		snprintf(buf, sizeof(buf), "#%.0f %s%s: %s", number_of(ev, "seq"),
		         cJSON_IsString(type) ? type->valuestring : "?", undone ? " (undone)" : "",
		         cJSON_IsString(text) ? text->valuestring : "");
		add_line(l->lines, buf);
		if (undone)
			cJSON_AddBoolToObject(ev, "undone", 1);
	}
}

static int exec_log(struct srv_cmd_ctx *ctx)
{
	struct srv_game *g = current(ctx, 0);
	struct log_ctx l;
	long n;
	int viewer, rc;
	cJSON *data;
	char summary[64];

	if (g == NULL)
		return ctx->err.code;
	if ((n = count_arg(ctx, 20)) < 0)
		return (int)n;
	viewer = viewer_of(ctx, g);
	data = cJSON_CreateObject();
	l.lines = cJSON_AddArrayToObject(data, "lines");
	l.events = cJSON_AddArrayToObject(data, "events");
	rc = db_event_each_last(ctx->srv->store, g->rec.id,
	                        viewer == RULES_SPECTATOR ? RULES_AUD_SPECTATORS
	                                                  : RULES_AUD_SIDE(viewer),
	                        (int)n, log_one, &l);
	if (rc != 0) {
		cJSON_Delete(data);
		return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(ctx->srv->store));
	}
	log_lines(&l);
	if (viewer != RULES_SPECTATOR) {
		int64_t last = 0;
		if (db_event_last_seq(ctx->srv->store, g->rec.id, &last) == 0)
			db_seat_seen(ctx->srv->store, g->rec.id, viewer, last);
	}
	snprintf(summary, sizeof(summary), "%d events", cJSON_GetArraySize(l.events));
	cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

const struct srv_cmd srv_cmd_log = {
    .name = "log",
    .min_args = 0,
    .max_args = 1,
    .flags = SRV_CMD_GAME | SRV_CMD_READ,
    .group = "game",
    .usage = "log [n] [game=<id>] [v=<n>]",
    .help = "Shows the last n (default 20) events of the game that you may see: your own "
            "secrets and the public history, never the opponent's secrets before their reveal. "
            "The events of actions a takeback undid stay, marked (undone).",
    .exec = exec_log,
};

/* The chat text: as typed for text requests (minus leading game=/v=
 * arguments), the remaining arguments for JSON ones. */
static const char *chat_text(struct srv_cmd_ctx *ctx, struct proto_buf *tmp)
{
	const char *t = ctx->raw ? ctx->raw : "";

	if (ctx->json) {
		for (int i = 1; i < ctx->argc; i++) {
			if (i > 1)
				proto_buf_addch(tmp, ' ');
			proto_buf_adds(tmp, ctx->argv[i]);
		}
		return tmp->data ? tmp->data : "";
	}
	while (!strncmp(t, "game=", 5) || !strncmp(t, "v=", 2)) {
		const char *sp = strchr(t, ' ');
		t = sp ? sp + 1 : t + strlen(t);
		while (*t == ' ')
			t++;
	}
	return t;
}

static int exec_say(struct srv_cmd_ctx *ctx)
{
	struct srv_game *g = current(ctx, 0);
	struct proto_buf tmp = PROTO_BUF_INIT;
	struct db_chat chat;
	const char *text;

	if (g == NULL)
		return ctx->err.code;
	if (srv_game_side_of(g, ctx->conn->user->id) < 0 &&
	    !srv_conn_watching(ctx->conn, g->rec.id))
		return srv_cmd_fail(ctx, WG_E_FORBIDDEN,
		                    "only the players and the spectators of game %lld may chat "
		                    "there (watch %lld first)",
		                    (long long)g->rec.id, (long long)g->rec.id);
	text = chat_text(ctx, &tmp);
	if (*text == '\0') {
		proto_buf_release(&tmp);
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "say <text>");
	}
	if (strlen(text) > 500) {
		proto_buf_release(&tmp);
		return srv_cmd_fail(ctx, WG_E_TOO_LONG, "chat lines are limited to 500 bytes");
	}
	{
		char why[160];
		int rc = srv_quota_chat(ctx->srv, ctx->conn->user, why, sizeof(why));
		if (rc != 0) {
			proto_buf_release(&tmp);
			return srv_cmd_fail(ctx, rc, "%s", why);
		}
	}
	memset(&chat, 0, sizeof(chat));
	chat.game = g->rec.id;
	chat.user = ctx->conn->user->id;
	snprintf(chat.name, sizeof(chat.name), "%s", ctx->conn->user->name);
	chat.text = (char *)text;
	chat.at = srv_now(ctx->srv);
	if (db_chat_append(ctx->srv->store, &chat) != 0) {
		proto_buf_release(&tmp);
		return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(ctx->srv->store));
	}
	/* the reply may close the connection (and detach its user): chat.name
	 * is a copy */
	srv_conn_ok_text(ctx->conn, ctx->tag, "said");
	srv_game_chat(ctx->srv, g, chat.name, text);
	proto_buf_release(&tmp);
	return 0;
}

const struct srv_cmd srv_cmd_say = {
    .name = "say",
    .min_args = 1,
    .max_args = -1,
    .flags = SRV_CMD_LOGIN | SRV_CMD_GAME | SRV_CMD_TEXT,
    .group = "game",
    .usage = "say [game=<id>] [v=<n>] <text>",
    .help = "Sends a chat line to the players and spectators of the game (stored; `chat` "
            "shows the history). Players and spectators (watch) of the game may chat; "
            "game=<id> and v=<n> are taken only before the text.",
    .exec = exec_say,
};

struct chat_ctx {
	cJSON *lines, *list;
};

static int chat_one(void *arg, const struct db_chat *c)
{
	struct chat_ctx *cc = arg;
	char buf[600];
	cJSON *o = cJSON_CreateObject();

	snprintf(buf, sizeof(buf), "<%s> %s", c->name, c->text);
	add_line(cc->lines, buf);
	cJSON_AddStringToObject(o, "from", c->name);
	cJSON_AddStringToObject(o, "text", c->text);
	cJSON_AddNumberToObject(o, "at", (double)c->at);
	cJSON_AddItemToArray(cc->list, o);
	return 0;
}

static int exec_chat(struct srv_cmd_ctx *ctx)
{
	struct srv_game *g = current(ctx, 0);
	struct chat_ctx cc;
	long n;
	cJSON *data;

	if (g == NULL)
		return ctx->err.code;
	if ((n = count_arg(ctx, 20)) < 0)
		return (int)n;
	data = cJSON_CreateObject();
	cc.lines = cJSON_AddArrayToObject(data, "lines");
	cc.list = cJSON_AddArrayToObject(data, "chat");
	if (db_chat_each_last(ctx->srv->store, g->rec.id, (int)n, chat_one, &cc) != 0) {
		cJSON_Delete(data);
		return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(ctx->srv->store));
	}
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

const struct srv_cmd srv_cmd_chat = {
    .name = "chat",
    .min_args = 0,
    .max_args = 1,
    .flags = SRV_CMD_GAME | SRV_CMD_READ,
    .group = "game",
    .usage = "chat [n] [game=<id>] [v=<n>]",
    .help = "Shows the last n (default 20) chat lines of the game.",
    .exec = exec_chat,
};

/* The connection's user as the action pipeline's actor. */
static struct srv_actor actor_of(struct srv_cmd_ctx *ctx)
{
	struct srv_actor a = {
	    .user = ctx->conn->user->id,
	    .name = ctx->conn->user->name,
	    .via = ctx->conn->id,
	    .version = ctx->version,
	    .decision = ctx->decision,
	};
	return a;
}

/* Answers the actor with the outcome (JSON: with "v" and "d"), then publishes it. */
static void answer(struct srv_cmd_ctx *ctx, struct srv_game *g, struct srv_outcome *out)
{
	if (ctx->conn->mode == PROTO_JSON) {
		cJSON_AddNumberToObject(out->reply, "v", (double)out->version);
		cJSON_AddNumberToObject(out->reply, "d", (double)out->decision);
	}
	srv_conn_ok(ctx->conn, ctx->tag, out->reply);
	srv_host_publish(ctx->srv, g, out);
}

static int exec_resign(struct srv_cmd_ctx *ctx)
{
	struct srv_game *g = current_game(ctx, 1, 0, 0);
	struct srv_actor who;
	struct srv_outcome out;
	struct rules_host_action a;
	int rc;

	if (g == NULL)
		return ctx->err.code;
	who = actor_of(ctx);
	memset(&a, 0, sizeof(a));
	a.kind = RULES_HOST_RESIGN;
	a.side = srv_game_side_of(g, who.user);
	a.winner = -1;
	a.note = who.name;
	srv_outcome_init(&out);
	rc = srv_host_action(ctx->srv, g, &who, &a, &out, &ctx->err);
	if (rc != 0) {
		srv_outcome_release(&out);
		return rc;
	}
	answer(ctx, g, &out);
	return 0;
}

const struct srv_cmd srv_cmd_resign = {
    .name = "resign",
    .min_args = 0,
    .max_args = 0,
    .flags = SRV_CMD_LOGIN | SRV_CMD_GAME,
    .group = "game",
    .usage = "resign [game=<id>] [v=<n>]",
    .help = "Concedes the game; your opponent wins and the dice seed is revealed. The "
            "resignation is an action of the game's log (log shows it).",
    .exec = exec_resign,
};

struct verify_ctx {
	struct rules_dice dice;
	cJSON *rolls;
	long checked, forced, bad;
	int64_t first_bad;
};

static int verify_one(void *arg, const struct db_action *a)
{
	struct verify_ctx *v = arg;
	int count = rules_rolls_count(a->dice), n = -1;
	struct rules_roll *rolls = count >= 0 ? malloc(sizeof(*rolls) * (size_t)(count + 1)) : NULL;

	if (rolls != NULL)
		n = rules_rolls_from_json(a->dice, rolls, (size_t)count + 1);
	if (n < 0) {
		free(rolls);
		v->bad++;
		return 0;
	}
	for (int i = 0; i < n; i++) {
		cJSON *r = cJSON_CreateArray();
		cJSON_AddItemToArray(r, cJSON_CreateNumber((double)a->seq));
		cJSON_AddItemToArray(r, cJSON_CreateNumber(rolls[i].sides));
		cJSON_AddItemToArray(r, cJSON_CreateNumber(rolls[i].value));
		cJSON_AddItemToArray(r, cJSON_CreateBool(rolls[i].forced));
		cJSON_AddItemToArray(v->rolls, r);
		if (rolls[i].forced) {
			v->forced++;
			continue;
		}
		if (rules_dice_roll(&v->dice, rolls[i].sides) != rolls[i].value) {
			if (v->bad++ == 0)
				v->first_bad = a->seq;
		}
		v->checked++;
	}
	rules_dice_clear_log(&v->dice);
	free(rolls);
	return 0;
}

static int exec_verify(struct srv_cmd_ctx *ctx)
{
	struct srv_game *g = current(ctx, 0);
	unsigned char digest[crypto_hash_sha256_BYTES];
	char hex[65], seed[65], text[300];
	struct verify_ctx v;
	cJSON *data, *lines;
	int commit_ok;

	if (g == NULL)
		return ctx->err.code;
	data = cJSON_CreateObject();
	lines = cJSON_AddArrayToObject(data, "lines");
	cJSON_AddNumberToObject(data, "game", (double)g->rec.id);
	cJSON_AddStringToObject(data, "commitment", g->rec.commitment);
	if (g->rec.status != DB_GAME_FINISHED) {
		snprintf(text, sizeof(text),
		         "game %lld commits to the dice seed with sha256 %s; the seed is revealed "
		         "when the game ends",
		         (long long)g->rec.id, g->rec.commitment);
		add_line(lines, text);
		cJSON_AddStringToObject(data, "summary", "seed not yet revealed");
		srv_conn_ok(ctx->conn, ctx->tag, data);
		cJSON_Delete(data);
		return 0;
	}
	crypto_hash_sha256(digest, g->rec.seed, sizeof(g->rec.seed));
	sodium_bin2hex(hex, sizeof(hex), digest, sizeof(digest));
	sodium_bin2hex(seed, sizeof(seed), g->rec.seed, sizeof(g->rec.seed));
	commit_ok = strcmp(hex, g->rec.commitment) == 0;
	memset(&v, 0, sizeof(v));
	rules_dice_seed(&v.dice, g->rec.seed);
	v.rolls = cJSON_AddArrayToObject(data, "rolls");
	if (db_action_each(ctx->srv->store, g->rec.id, 0, verify_one, &v) != 0) {
		rules_dice_release(&v.dice);
		cJSON_Delete(data);
		return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(ctx->srv->store));
	}
	rules_dice_release(&v.dice);
	cJSON_AddStringToObject(data, "seed", seed);
	cJSON_AddBoolToObject(data, "commitment_ok", commit_ok);
	cJSON_AddNumberToObject(data, "checked", (double)v.checked);
	cJSON_AddNumberToObject(data, "forced", (double)v.forced);
	cJSON_AddNumberToObject(data, "mismatches", (double)v.bad);
	snprintf(text, sizeof(text), "seed %s", seed);
	add_line(lines, text);
	snprintf(text, sizeof(text), "sha256(seed) %s the commitment %s",
	         commit_ok ? "matches" : "DOES NOT MATCH", g->rec.commitment);
	add_line(lines, text);
	snprintf(text, sizeof(text),
	         "%ld rolls replayed from the seed, %ld mismatches; %ld forced by debug dice "
	         "(not from the seed)",
	         v.checked, v.bad, v.forced);
	add_line(lines, text);
	add_line(lines, "rolls as [action, sides, value, forced] are in the JSON reply; "
	                "scripts/verify-dice.py checks them independently");
	cJSON_AddStringToObject(data, "summary",
	                        commit_ok && v.bad == 0 ? "verified" : "VERIFICATION FAILED");
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

const struct srv_cmd srv_cmd_verify = {
    .name = "verify",
    .min_args = 0,
    .max_args = 0,
    .flags = SRV_CMD_GAME | SRV_CMD_READ,
    .group = "game",
    .usage = "verify [game=<id>] [v=<n>]",
    .help = "For a finished game: reveals the dice seed, checks it against the commitment "
            "published at creation and replays every die from it (debug-forced dice are "
            "reported as such). For a running game: shows the commitment.",
    .exec = exec_verify,
};

const struct rules_verb *srv_cmd_find_game_verb(struct srv_cmd_ctx *ctx)
{
	struct srv *s = ctx->srv;
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
		const struct rules_catalog_entry *e = s->catalog.entries[i];
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
			             "%s is not a verb of %s games (game %lld); "
			             "type help",
			             ctx->argv[0], g->entry->info.id, (long long)g->rec.id);
		return NULL;
	}
	return NULL;
}

/* 1 if the request is `map svg ...`: the picture of the game, not the ruleset's map query. */
static int wants_picture(const struct srv_cmd_ctx *ctx, const struct rules_verb *verb)
{
	return verb->kind == RULES_VERB_QUERY && strcasecmp(verb->name, "map") == 0 &&
	       ctx->argc >= 2 && strcasecmp(ctx->argv[1], "svg") == 0;
}

/*
 * `map svg [options]`: the ruleset's picture of the game as the viewer may see it (ruleset.h,
 * picture), the options passed as typed.  Text mode: the SVG's lines as data lines, then ok;
 * JSON: {"svg": "<the document>"}.
 */
static int exec_picture(struct srv_cmd_ctx *ctx, struct srv_game *g,
                        const struct rules_viewer *viewer)
{
	const struct ruleset *rs = g->entry->rs;
	cJSON *data;
	char *svg;

	if (rs->picture == NULL)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "%s games have no pictures: map svg is not available (the %s "
		                    "ruleset draws none)",
		                    g->entry->info.id, rs->name);
	svg = rs->picture(g->match.game, viewer, ctx->argc - 1, ctx->argv + 1, &ctx->err);
	if (svg == NULL)
		return ctx->err.code != 0
		           ? ctx->err.code
		           : srv_cmd_fail(ctx, WG_E_INTERNAL, "no picture was drawn");
	data = cJSON_CreateObject();
	if (ctx->conn->mode == PROTO_JSON) {
		cJSON_AddStringToObject(data, "svg", svg);
	} else {
		cJSON *lines = cJSON_AddArrayToObject(data, "lines");
		char summary[64];
		size_t n = 0;
		for (char *line = svg, *end; *line != '\0'; line = end + 1) {
			end = strchr(line, '\n');
			if (end != NULL)
				*end = '\0';
			add_line(lines, line);
			n++;
			if (end == NULL)
				break;
		}
		snprintf(summary, sizeof(summary), "svg: %zu lines", n);
		cJSON_AddStringToObject(data, "summary", summary);
	}
	free(svg);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

int srv_cmd_game_verb(struct srv_cmd_ctx *ctx, const struct rules_verb *verb)
{
	int action = verb->kind == RULES_VERB_ACTION;
	struct srv_game *g = current_game(ctx, 1, !action, !action);
	struct srv_actor who;
	struct srv_outcome out;
	int rc;

	if (g == NULL)
		return ctx->err.code;
	if (!action) {
		struct rules_viewer viewer = {viewer_of(ctx, g), ctx->conn->cols, ctx->conn->rows};
		cJSON *data;
		if (wants_picture(ctx, verb))
			return exec_picture(ctx, g, &viewer);
		data = cJSON_CreateObject();
		rc = rules_match_query(&g->match, verb, &viewer, ctx->argc, ctx->argv, data,
		                       &ctx->err);
		if (rc == 0) {
			/* what the answer reflects: the game's version, and the asker's decision
			 * counter when it is awaited (d= of an action answering it) */
			const struct rules_pending *p = &g->match.pending;
			cJSON_AddNumberToObject(data, "v", (double)g->match.version);
			if (viewer.side >= 0 && viewer.side < RULES_SIDES &&
			    (p->sides & RULES_AUD_SIDE(viewer.side)))
				cJSON_AddNumberToObject(data, "d",
				                        (double)p->decision[viewer.side]);
			srv_conn_ok(ctx->conn, ctx->tag, data);
		}
		cJSON_Delete(data);
		return rc;
	}
	who = actor_of(ctx);
	srv_outcome_init(&out);
	rc = srv_host_act(ctx->srv, g, &who, verb, ctx->argc, ctx->argv, &out, &ctx->err);
	if (rc != 0) {
		srv_outcome_release(&out);
		return rc;
	}
	answer(ctx, g, &out);
	return 0;
}
