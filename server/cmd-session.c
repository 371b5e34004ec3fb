/*
 * cmd-session.c -- session verbs: help, ping, quit, mode.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cmd.h"
#include "conn.h"
#include "games.h"
#include "help.h"
#include "server.h"

/* The width help lays its text out for: the screen in text mode, none in JSON mode. */
static int help_cols(const struct srv_cmd_ctx *ctx)
{
	return ctx->conn->mode == PROTO_TEXT ? ctx->conn->cols : 0;
}

/* Sends data as the reply (summary added when given), or fails with no-memory. */
static int help_reply(struct srv_cmd_ctx *ctx, cJSON *data, int rc, const char *summary)
{
	if (rc == 0 && summary != NULL && cJSON_AddStringToObject(data, "summary", summary) == NULL)
		rc = -1;
	if (rc == 0)
		srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return rc == 0 ? 0 : srv_cmd_fail(ctx, WG_E_NO_MEMORY, "out of memory");
}

static int help_one(struct srv_cmd_ctx *ctx, const char *name, const char *subname)
{
	const struct srv_cmd *cmd = srv_cmd_find(name);
	struct srv_game *g = srv_game_get(ctx->srv, ctx->game_id);
	int cols = help_cols(ctx);
	cJSON *data = cJSON_CreateObject(), *lines;

	if (data == NULL)
		return srv_cmd_fail(ctx, WG_E_NO_MEMORY, "out of memory");
	if (strcasecmp(name, "errors") == 0) {
		lines = cJSON_AddArrayToObject(data, "lines");
		return help_reply(ctx, data, lines == NULL ? -1 : srv_help_errors(lines, cols),
		                  "error codes");
	}
	if (cmd != NULL && subname != NULL) { /* help tournament create */
		for (const struct srv_cmd *sub = cmd->subs; sub != NULL && sub->name != NULL; sub++)
			if (strcasecmp(sub->name, subname) == 0)
				return help_reply(ctx, data, srv_help_command(data, sub, cols),
				                  NULL);
		cJSON_Delete(data);
		return srv_cmd_fail(ctx, WG_E_UNKNOWN_VERB,
		                    "%s has no verb '%.40s'; help %s lists them", cmd->name,
		                    subname, cmd->name);
	}
	if (cmd != NULL)
		return help_reply(ctx, data, srv_help_command(data, cmd, cols), NULL);
	/* A game verb: the current game's scenario first, then every installed scenario. */
	for (size_t i = 0; i <= ctx->srv->catalog.count; i++) {
		const struct rules_catalog_entry *e =
		    i == 0 ? (g != NULL ? g->entry : NULL) : ctx->srv->catalog.entries[i - 1];
		const struct rules_verb *v;
		if (e == NULL || (v = rules_verb_find(e->rs, e->sc, name)) == NULL)
			continue;
		return help_reply(ctx, data, srv_help_verb(data, v, e->info.id, e->rs, cols), NULL);
	}
	cJSON_Delete(data);
	return srv_cmd_fail(ctx, WG_E_UNKNOWN_VERB, "no command '%.40s'; type help for the list",
	                    name);
}

static int exec_help(struct srv_cmd_ctx *ctx)
{
	struct srv_game *g = srv_game_get(ctx->srv, ctx->game_id);
	const struct srv_cmd *const *table;
	int cols = help_cols(ctx), rc;
	cJSON *data, *lines;
	size_t n;

	if (ctx->argc > 1)
		return help_one(ctx, ctx->argv[1], ctx->argc > 2 ? ctx->argv[2] : NULL);
	table = srv_cmd_table(&n);
	data = cJSON_CreateObject();
	lines = cJSON_AddArrayToObject(data, "lines");
	if (lines == NULL) {
		cJSON_Delete(data);
		return srv_cmd_fail(ctx, WG_E_NO_MEMORY, "out of memory");
	}
	rc = srv_help_commands(lines, table, n, ctx->srv->cfg.allow_debug, cols);
	if (rc == 0 && g != NULL && g->entry != NULL)
		rc = srv_help_verbs(lines, g->entry->rs, g->entry->sc, (long long)g->rec.id,
		                    g->entry->info.id, cols);
	else if (rc == 0)
		rc = srv_help_text(lines, "game verbs: `use <game>` then `help` lists them", cols);
	if (rc == 0)
		rc =
		    srv_help_text(lines, "help <command> for details; help errors for codes", cols);
	return help_reply(ctx, data, rc, "help");
}

const struct srv_cmd srv_cmd_help = {
    .name = "help",
    .alias = "?",
    .min_args = 0,
    .max_args = 2,
    .group = "session",
    .usage = "help [command [verb]|errors]",
    .help = "Lists the commands, or explains one command (server or game verb) or one verb of a "
            "family (help tournament create), or lists the error codes with `help errors`.",
    .exec = exec_help,
};

static int exec_ping(struct srv_cmd_ctx *ctx)
{
	srv_conn_ok_text(ctx->conn, ctx->tag, "pong");
	return 0;
}

const struct srv_cmd srv_cmd_ping = {
    .name = "ping",
    .min_args = 0,
    .max_args = 0,
    .group = "session",
    .usage = "ping",
    .help = "Answers ok pong. Use it to check that the connection is alive.",
    .exec = exec_ping,
};

static int exec_quit(struct srv_cmd_ctx *ctx)
{
	srv_conn_ok_text(ctx->conn, ctx->tag, "bye");
	srv_conn_close_after_flush(ctx->conn);
	return 0;
}

const struct srv_cmd srv_cmd_quit = {
    .name = "quit",
    .alias = "exit",
    .min_args = 0,
    .max_args = 0,
    .group = "session",
    .usage = "quit",
    .help = "Closes the connection after the reply. Your games go on; log in again later.",
    .exec = exec_quit,
};

static int exec_mode(struct srv_cmd_ctx *ctx)
{
	if (strcasecmp(ctx->argv[1], "text") == 0)
		ctx->conn->mode = PROTO_TEXT;
	else if (strcasecmp(ctx->argv[1], "json") == 0)
		ctx->conn->mode = PROTO_JSON;
	else
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "mode is text or json, not '%.20s'",
		                    ctx->argv[1]);
	srv_conn_ok_text(ctx->conn, ctx->tag, ctx->conn->mode == PROTO_JSON ? "json" : "text");
	return 0;
}

const struct srv_cmd srv_cmd_mode = {
    .name = "mode",
    .min_args = 1,
    .max_args = 1,
    .group = "session",
    .usage = "mode text|json",
    .help = "Switches this connection between text replies (for people) and one JSON object "
            "per line (for programs). The reply comes in the new mode.",
    .exec = exec_mode,
};
