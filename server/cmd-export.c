/*
 * cmd-export.c -- `export [<game>]`: the complete record of a finished game
 * as one JSON document (docs/records.md), for `wargamed replay FILE` or any
 * program to check independently.
 *
 * The record holds what only the end may reveal -- the dice seed, every
 * side's secret events, the secret lines of actions (a face-down marker
 * placed) -- so it is refused while the game runs.  A private game is
 * exported to its players only, as `games` lists it.
 *
 * Text mode: the document printed compact and cut into data lines of at most
 * the screen's width less the two-space prefix, never next to a blank (a
 * terminal's copy drops blanks at the ends of lines), so that no line is
 * wrapped (reply.h, "Width") and the lines joined with nothing between them
 * are the document again; the final line is short (`ok export of game N:
 * L lines`) so that it is never wrapped into data lines either.  JSON mode:
 * the document is the data object (with a summary).  A record of any size
 * is sent: one larger than --output-limit is parked and streamed as the
 * client reads (conn.h, "Large replies").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "protocol/tokenize.h"

#include "clock.h"
#include "cmd.h"
#include "conn.h"
#include "games.h"
#include "replay.h"
#include "server.h"

struct build {
	struct srv_game *g;
	cJSON *actions, *events;
	struct rules_undone undone;
	long ndice;
	int failed;
};

static int note_takeback(void *ctx, const struct db_action *a)
{
	struct build *b = ctx;
	char *line, *argv[PROTO_MAX_ARGS];
	int argc;

	if (a->host != RULES_HOST_TAKEBACK)
		return 0;
	if ((line = strdup(a->line)) == NULL)
		return WG_E_NO_MEMORY;
	if (proto_tokenize(line, argv, PROTO_MAX_ARGS, &argc) == 0)
		rules_undone_note(&b->undone, RULES_HOST_TAKEBACK, (uint64_t)a->seq, argc, argv);
	free(line);
	return 0;
}

static int add_action(void *ctx, const struct db_action *a)
{
	struct build *b = ctx;
	cJSON *o = cJSON_CreateObject(), *dice = cJSON_Parse(a->dice ? a->dice : "[]");

	if (o == NULL || !cJSON_IsArray(dice)) {
		cJSON_Delete(o);
		cJSON_Delete(dice);
		b->failed = 1;
		return WG_E_INTERNAL;
	}
	cJSON_AddNumberToObject(o, "seq", (double)a->seq);
	cJSON_AddNumberToObject(o, "side", a->side);
	cJSON_AddStringToObject(o, "host",
	                        a->host ? rules_host_name((enum rules_host_kind)a->host) : "");
	cJSON_AddStringToObject(o, "player",
	                        a->side >= 0 && a->side < 2 ? b->g->seat_name[a->side] : "");
	cJSON_AddStringToObject(o, "line", a->line);
	b->ndice += cJSON_GetArraySize(dice);
	cJSON_AddItemToObject(o, "dice", dice);
	cJSON_AddNumberToObject(o, "at", (double)a->at);
	cJSON_AddBoolToObject(o, "undone", rules_undone_has(&b->undone, (uint64_t)a->seq));
	cJSON_AddItemToArray(b->actions, o);
	return 0;
}

static int add_event(void *ctx, const struct db_event *e)
{
	struct build *b = ctx;
	cJSON *o = cJSON_CreateObject(), *aud = cJSON_CreateArray(), *ev = cJSON_Parse(e->json);

	if (ev == NULL) {
		cJSON_Delete(o);
		cJSON_Delete(aud);
		b->failed = 1;
		return WG_E_INTERNAL;
	}
	for (int s = 0; s < 2; s++)
		if (e->audience & RULES_AUD_SIDE(s))
			cJSON_AddItemToArray(aud, cJSON_CreateString(srv_game_side_name(b->g, s)));
	if (e->audience & RULES_AUD_SPECTATORS)
		cJSON_AddItemToArray(aud, cJSON_CreateString("spectators"));
	cJSON_AddNumberToObject(o, "seq", (double)e->seq);
	cJSON_AddNumberToObject(o, "action", (double)e->action);
	cJSON_AddItemToObject(o, "audience", aud);
	cJSON_AddNumberToObject(o, "at", (double)e->at);
	cJSON_AddItemToObject(o, "event", ev);
	cJSON_AddItemToArray(b->events, o);
	return 0;
}

/* The record of finished game g (docs/records.md), or NULL with err filled. */
static cJSON *record_of(struct srv *s, struct srv_game *g, long *ndice, char *err, size_t n)
{
	struct build b;
	cJSON *doc = cJSON_CreateObject(), *sc, *sides, *players, *result;
	char seed[65], spec[SRV_TC_SPEC_MAX];
	int rc;

	memset(&b, 0, sizeof(b));
	b.g = g;
	rules_undone_init(&b.undone);
	cJSON_AddStringToObject(doc, "record", SRV_RECORD_KIND);
	cJSON_AddNumberToObject(doc, "format", SRV_RECORD_FORMAT);
	cJSON_AddStringToObject(doc, "server", WG_VERSION);
	cJSON_AddNumberToObject(doc, "game", (double)g->rec.id);
	sc = cJSON_AddObjectToObject(doc, "scenario");
	cJSON_AddStringToObject(sc, "id", g->rec.scenario);
	cJSON_AddStringToObject(sc, "title", g->entry ? g->entry->info.title : "");
	cJSON_AddStringToObject(sc, "ruleset", g->entry ? g->entry->rs->name : "");
	cJSON_AddStringToObject(sc, "digest", g->rec.digest);
	cJSON_AddStringToObject(doc, "engine", g->rec.engine);
	cJSON_AddStringToObject(doc, "options", g->rec.options);
	srv_tc_format(&g->clock.tc, spec, sizeof(spec));
	cJSON_AddStringToObject(doc, "clock", spec);
	sides = cJSON_AddArrayToObject(doc, "sides");
	players = cJSON_AddArrayToObject(doc, "players");
	for (int side = 0; side < 2; side++) {
		cJSON_AddItemToArray(sides, cJSON_CreateString(srv_game_side_name(g, side)));
		cJSON_AddItemToArray(players, cJSON_CreateString(g->seat_name[side]));
	}
	cJSON_AddNumberToObject(doc, "created", (double)g->rec.created);
	sodium_bin2hex(seed, sizeof(seed), g->rec.seed, sizeof(g->rec.seed));
	cJSON_AddStringToObject(doc, "commitment", g->rec.commitment);
	cJSON_AddStringToObject(doc, "seed", seed);
	b.actions = cJSON_AddArrayToObject(doc, "actions");
	b.events = cJSON_AddArrayToObject(doc, "events");
	rc = db_action_each(s->store, g->rec.id, 0, note_takeback, &b);
	if (rc == 0)
		rc = db_action_each(s->store, g->rec.id, 0, add_action, &b);
	if (rc == 0)
		rc = db_event_each_last(s->store, g->rec.id, RULES_AUD_PUBLIC, 0, add_event, &b);
	rules_undone_release(&b.undone);
	if (rc != 0) {
		snprintf(err, n, "%s",
		         b.failed ? "a stored action or event is unreadable"
		                  : db_last_error(s->store));
		cJSON_Delete(doc);
		return NULL;
	}
	result = cJSON_AddObjectToObject(doc, "result");
	if (g->rec.winner >= 0 && g->rec.winner < 2)
		cJSON_AddStringToObject(result, "winner", srv_game_side_name(g, g->rec.winner));
	else
		cJSON_AddNullToObject(result, "winner");
	cJSON_AddStringToObject(result, "summary", g->rec.result);
	cJSON_AddNumberToObject(result, "v", (double)g->rec.version);
	*ndice = b.ndice;
	return doc;
}

/* The length in bytes of the first `cols` code points of text (or all of it). */
static size_t cut_at(const char *text, size_t len, int cols)
{
	size_t i = 0;
	int n = 0;

	while (i < len && n < cols) {
		i++;
		while (i < len && ((unsigned char)text[i] & 0xC0) == 0x80)
			i++;
		n++;
	}
	return i;
}

/* text cut into lines of at most cols code points, never inside a character, and no line
 * starting or ending with a blank where a cut in the line's second half avoids it. */
static void add_chunks(cJSON *lines, const char *text, int cols)
{
	size_t len = strlen(text), at = 0;

	while (at < len) {
		size_t n = cut_at(text + at, len - at, cols), k = n, j = n;
		char *piece;
		while (at + j < len && j > n / 2 &&
		       (text[at + j - 1] == ' ' || text[at + j] == ' ' ||
		        ((unsigned char)text[at + j] & 0xC0) == 0x80))
			j--;
		if (at + k < len && j > n / 2)
			k = j;
		if ((piece = strndup(text + at, k)) == NULL)
			return;
		cJSON_AddItemToArray(lines, cJSON_CreateString(piece));
		free(piece);
		at += k;
	}
}

static int exec_export(struct srv_cmd_ctx *ctx)
{
	struct srv *s = ctx->srv;
	struct srv_game *g;
	char err[400], summary[160];
	int64_t id = ctx->game_id;
	long ndice = 0;
	size_t size;
	cJSON *doc, *data;
	char *text;

	if (ctx->argc == 2 && srv_parse_id(ctx->argv[1], &id) != 0)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "'%.30s' is not a game id", ctx->argv[1]);
	if (id == 0)
		return srv_cmd_fail(ctx, WG_E_NO_GAME, "export <game>: which game?");
	if ((g = srv_game_get(s, id)) == NULL)
		return srv_cmd_fail(ctx, WG_E_NO_SUCH_GAME, "there is no game %lld", (long long)id);
	if (g->rec.private_game &&
	    (ctx->conn->user == NULL || srv_game_side_of(g, ctx->conn->user->id) < 0))
		return srv_cmd_fail(ctx, WG_E_FORBIDDEN,
		                    "game %lld is private: only its players may export it",
		                    (long long)id);
	if (g->rec.status != DB_GAME_FINISHED)
		return srv_cmd_fail(
		    ctx, WG_E_FORBIDDEN,
		    "game %lld is %s: its record holds the secrets of both sides and the dice "
		    "seed, "
		    "which are revealed only when the game ends; export it after the end",
		    (long long)id, srv_game_status_name(g->rec.status));
	if ((doc = record_of(s, g, &ndice, err, sizeof(err))) == NULL)
		return srv_cmd_fail(ctx, WG_E_STORAGE, "the record of game %lld: %s", (long long)id,
		                    err);
	if ((text = cJSON_PrintUnformatted(doc)) == NULL) {
		cJSON_Delete(doc);
		return srv_cmd_fail(ctx, WG_E_NO_MEMORY, "out of memory");
	}
	size = strlen(text);
	/* a record of any size: a reply larger than the connection's pause is parked and
	 * streamed as the client reads (conn.h, "Large replies") */
	if (ctx->conn->mode == PROTO_JSON) {
		snprintf(summary, sizeof(summary),
		         "export of game %lld: %d actions, %d events, %ld dice, %zu bytes",
		         (long long)id, cJSON_GetArraySize(cJSON_GetObjectItem(doc, "actions")),
		         cJSON_GetArraySize(cJSON_GetObjectItem(doc, "events")), ndice, size);
		cJSON_AddStringToObject(doc, "summary", summary);
		srv_conn_ok(ctx->conn, ctx->tag, doc);
	} else {
		int cols =
		    (ctx->conn->cols > PROTO_COLS_MIN ? ctx->conn->cols : PROTO_COLS_MIN) - 2;
		data = cJSON_CreateObject();
		add_chunks(cJSON_AddArrayToObject(data, "lines"), text, cols);
		snprintf(summary, sizeof(summary), "export of game %lld: %d lines", (long long)id,
		         cJSON_GetArraySize(cJSON_GetObjectItem(data, "lines")));
		cJSON_AddStringToObject(data, "summary", summary);
		srv_conn_ok(ctx->conn, ctx->tag, data);
		cJSON_Delete(data);
	}
	free(text);
	cJSON_Delete(doc);
	return 0;
}

const struct srv_cmd srv_cmd_export = {
    .name = "export",
    .min_args = 0,
    .max_args = 1,
    .flags = SRV_CMD_GAME | SRV_CMD_READ,
    .group = "game",
    .usage = "export [<game>] [game=<id>]",
    .help = "After a game's end: its complete record as one JSON document. It holds the "
            "scenario and its digest, the options, the dice seed and its commitment, every "
            "action with its dice, every event with its audience and the result. Text mode: "
            "data lines to join without line breaks; wargamed replay FILE checks it "
            "(docs/records.md). Refused before the end: the record holds secrets.",
    .exec = exec_export,
};
