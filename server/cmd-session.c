/*
 * cmd-session.c -- session verbs: help, ping, quit, mode.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cmd.h"
#include "conn.h"
#include "games.h"
#include "server.h"

static void add_line(cJSON *lines, const char *fmt, const char *a, const char *b)
{
	char buf[400];

	snprintf(buf, sizeof(buf), fmt, a, b);
	cJSON_AddItemToArray(lines, cJSON_CreateString(buf));
}

/* Length of the first sentence of help text (up to ". " or the end). */
static int first_sentence(const char *help)
{
	const char *end = strstr(help, ". ");

	if (end == NULL) {
		size_t n = strlen(help);
		return n > 0 && help[n - 1] == '.' ? (int)n - 1 : (int)n;
	}
	return (int)(end - help);
}

static const char *const groups[] = {"session", "account", "lobby", "game", "debug"};

static int help_one(struct srv_cmd_ctx *ctx, const char *name)
{
	const struct srv_cmd *cmd = srv_cmd_find(name);
	struct srv_game *g = srv_game_get(ctx->srv, ctx->game_id);
	cJSON *data, *lines;

	data = cJSON_CreateObject();
	lines = cJSON_AddArrayToObject(data, "lines");
	if (strcasecmp(name, "errors") == 0) {
		for (int code = -1; code >= WG_E_INTERNAL; code--)
			add_line(lines, "%-18s %s", wg_error_slug(code), wg_error_desc(code));
		cJSON_AddStringToObject(data, "summary", "error codes");
		srv_conn_ok(ctx->conn, ctx->tag, data);
		cJSON_Delete(data);
		return 0;
	}
	if (cmd != NULL) {
		add_line(lines, "usage: %s%s", cmd->usage, "");
		if (cmd->alias != NULL)
			add_line(lines, "alias: %s%s", cmd->alias, "");
		add_line(lines, "%s%s", cmd->help, "");
		cJSON_AddStringToObject(data, "usage", cmd->usage);
		cJSON_AddStringToObject(data, "help", cmd->help);
		srv_conn_ok(ctx->conn, ctx->tag, data);
		cJSON_Delete(data);
		return 0;
	}
	/* A game verb: the current game's scenario first, then every installed scenario. */
	for (size_t i = 0; i <= ctx->srv->catalog.count; i++) {
		const struct rules_catalog_entry *e =
		    i == 0 ? (g != NULL ? g->entry : NULL) : ctx->srv->catalog.entries[i - 1];
		const struct ruleset *rs;
		const struct rules_verb *v;
		if (e == NULL || (v = rules_verb_find(e->rs, e->sc, name)) == NULL)
			continue;
		rs = e->rs;
		add_line(lines, "usage: %s   (%s games)", v->usage, e->info.id);
		add_line(lines, "%s%s", v->help, "");
		add_line(
		    lines, "%s%s",
		    v->kind == RULES_VERB_ACTION
		        ? "An action of the current game; accepts game=<id> and v=<version>."
		        : "A read-only query; accepts game=<id> and v=<version>; spectators may "
		          "use it.",
		    "");
		cJSON_AddStringToObject(data, "usage", v->usage);
		cJSON_AddStringToObject(data, "help", v->help);
		cJSON_AddStringToObject(data, "ruleset", rs->name);
		srv_conn_ok(ctx->conn, ctx->tag, data);
		cJSON_Delete(data);
		return 0;
	}
	cJSON_Delete(data);
	return srv_cmd_fail(ctx, WG_E_UNKNOWN_VERB, "no command '%.40s'; type help for the list",
	                    name);
}

static int exec_help(struct srv_cmd_ctx *ctx)
{
	struct srv_game *g = srv_game_get(ctx->srv, ctx->game_id);
	const struct srv_cmd *const *table;
	cJSON *data, *lines;
	size_t n;

	if (ctx->argc > 1)
		return help_one(ctx, ctx->argv[1]);
	table = srv_cmd_table(&n);
	data = cJSON_CreateObject();
	lines = cJSON_AddArrayToObject(data, "lines");
	for (size_t gi = 0; gi < sizeof(groups) / sizeof(groups[0]); gi++) {
		if (strcmp(groups[gi], "debug") == 0 && !ctx->srv->cfg.allow_debug)
			continue;
		add_line(lines, "%s commands:%s", groups[gi], "");
		for (size_t i = 0; i < n; i++) {
			char left[80];
			if (strcmp(table[i]->group, groups[gi]) != 0)
				continue;
			snprintf(left, sizeof(left), "%s", table[i]->usage);
			char buf[400];
			int len = first_sentence(table[i]->help);
			if (strlen(left) > 36) { /* usage on its own line */
				snprintf(buf, sizeof(buf), "  %s", left);
				cJSON_AddItemToArray(lines, cJSON_CreateString(buf));
				left[0] = '\0';
			}
			snprintf(buf, sizeof(buf), "  %-36s %.*s", left, len, table[i]->help);
			cJSON_AddItemToArray(lines, cJSON_CreateString(buf));
		}
	}
	if (g != NULL && g->entry != NULL) {
		const struct ruleset *rs = g->entry->rs;
		char head[128];
		snprintf(head, sizeof(head), "game %lld (%s) verbs:", (long long)g->rec.id,
		         g->entry->info.id);
		cJSON_AddItemToArray(lines, cJSON_CreateString(head));
		const struct rules_verb *v;
		for (size_t i = 0; (v = rs->verb(g->entry->sc, i)) != NULL; i++) {
			char buf[400];
			int len = first_sentence(v->help);
			snprintf(buf, sizeof(buf), "  %-36s %.*s", v->usage, len, v->help);
			cJSON_AddItemToArray(lines, cJSON_CreateString(buf));
		}
	} else {
		cJSON_AddItemToArray(
		    lines, cJSON_CreateString("game verbs: `use <game>` then `help` lists them"));
	}
	cJSON_AddItemToArray(
	    lines, cJSON_CreateString("help <command> for details; help errors for codes"));
	cJSON_AddStringToObject(data, "summary", "help");
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

const struct srv_cmd srv_cmd_help = {
    .name = "help",
    .alias = "?",
    .min_args = 0,
    .max_args = 1,
    .group = "session",
    .usage = "help [command|errors]",
    .help = "Lists the commands, or explains one command (server or game verb), or lists the "
            "error codes with `help errors`.",
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
