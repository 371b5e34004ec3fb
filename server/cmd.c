/*
 * cmd.c -- the command table and the request dispatcher.  See cmd.h.
 */
#include "cmd.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sodium.h>

#include "protocol/request.h"

#include "conn.h"
#include "games.h"
#include "log.h"
#include "server.h"

static const struct srv_cmd *const table[] = {
    &srv_cmd_help,       &srv_cmd_ping,       &srv_cmd_quit,    &srv_cmd_mode,
    &srv_cmd_register,   &srv_cmd_login,      &srv_cmd_logout,  &srv_cmd_whoami,
    &srv_cmd_password,   &srv_cmd_scenarios,  &srv_cmd_new,     &srv_cmd_games,
    &srv_cmd_join,       &srv_cmd_watch,      &srv_cmd_unwatch, &srv_cmd_use,
    &srv_cmd_view,       &srv_cmd_pending,    &srv_cmd_log,     &srv_cmd_say,
    &srv_cmd_chat,       &srv_cmd_resign,     &srv_cmd_verify,  &srv_cmd_moretime,
    &srv_cmd_vacation,   &srv_cmd_who,        &srv_cmd_finger,  &srv_cmd_tell,
    &srv_cmd_messages,   &srv_cmd_block,      &srv_cmd_unblock, &srv_cmd_challenge,
    &srv_cmd_challenges, &srv_cmd_seek,       &srv_cmd_seeks,   &srv_cmd_unseek,
    &srv_cmd_accept,     &srv_cmd_decline,    &srv_cmd_offer,   &srv_cmd_rematch,
    &srv_cmd_debug,      &srv_cmd_kick,       &srv_cmd_ban,     &srv_cmd_unban,
    &srv_cmd_stats,      &srv_cmd_shutdown,   &srv_cmd_audit,   &srv_cmd_notify,
    &srv_cmd_export,     &srv_cmd_tournament, &srv_cmd_ratings, &srv_cmd_invite,
};

const struct srv_cmd *const *srv_cmd_table(size_t *count)
{
	*count = sizeof(table) / sizeof(table[0]);
	return table;
}

const struct srv_cmd *srv_cmd_find(const char *name)
{
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		if (strcasecmp(table[i]->name, name) == 0 ||
		    (table[i]->alias != NULL && strcasecmp(table[i]->alias, name) == 0))
			return table[i];
	return NULL;
}

void srv_cmd_ctx_init(struct srv_cmd_ctx *ctx, struct srv_conn *c, const char *tag)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->srv = c->srv;
	ctx->conn = c;
	ctx->version = -1;
	ctx->decision = -1;
	snprintf(ctx->tag, sizeof(ctx->tag), "%s", tag);
}

int srv_cmd_fail(struct srv_cmd_ctx *ctx, int code, const char *fmt, ...)
{
	va_list ap;

	ctx->err.code = code;
	ctx->err.rule[0] = '\0';
	va_start(ap, fmt);
	vsnprintf(ctx->err.message, sizeof(ctx->err.message), fmt, ap);
	va_end(ap);
	return code;
}

int srv_parse_id(const char *s, int64_t *out)
{
	char *end;
	long long v;

	if (*s == '#')
		s++;
	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno != 0 || *end != '\0' || v <= 0)
		return -1;
	*out = v;
	return 0;
}

/* Parses the number of a v=<n> or d=<n> argument; 0 or -1. */
static int parse_count(const char *a, int64_t *out)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(a, &end, 10);
	if (errno != 0 || end == a || *end != '\0' || v < 0)
		return -1;
	*out = v;
	return 0;
}

/*
 * Removes game=<id>, v=<n> and d=<n> from the arguments (never argv[0]).
 * With leading_only, only those before the first other argument are taken
 * (say: the rest is free text that may contain anything).
 */
static int strip_game_args(struct srv_cmd_ctx *ctx, int leading_only)
{
	int j = 1, text = 0;

	for (int i = 1; i < ctx->argc; i++) {
		char *a = ctx->argv[i];
		if (text || (strncasecmp(a, "game=", 5) != 0 && strncasecmp(a, "v=", 2) != 0 &&
		             strncasecmp(a, "d=", 2) != 0)) {
			text = leading_only;
			ctx->argv[j++] = a;
			continue;
		}
		if (strncasecmp(a, "game=", 5) == 0) {
			if (srv_parse_id(a + 5, &ctx->game_id) != 0)
				return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "game=%s is not a game id",
				                    a + 5);
			ctx->game_given = 1;
			continue;
		}
		if (strncasecmp(a, "v=", 2) == 0) {
			if (parse_count(a + 2, &ctx->version) != 0)
				return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "v=%s is not a version",
				                    a + 2);
			continue;
		}
		if (parse_count(a + 2, &ctx->decision) != 0)
			return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "d=%s is not a decision number",
			                    a + 2);
	}
	ctx->argc = j;
	return 0;
}

static void log_request(struct srv_conn *c, const struct srv_cmd *cmd, const char *raw,
                        const char *verb)
{
	char esc[200];

	if (srv_log_get_level() > SRV_LOG_DEBUG)
		return;
	if (cmd != NULL && (cmd->flags & SRV_CMD_SECRET))
		log_debug(c->id, "request %s (arguments not logged)", cmd->name);
	else if (cmd == NULL) /* a game verb, or a misspelt `login` holding a password */
		log_debug(c->id, "request %s (not a server command; arguments not logged)",
		          srv_log_escape(verb, esc, 64));
	else
		log_debug(c->id, "request %s%s%s", srv_log_escape(verb, esc, 64),
		          raw && *raw ? " " : "",
		          srv_log_escape(raw ? raw : "", esc + 64, sizeof(esc) - 64));
}

static int arity_ok(int nargs, int min, int max)
{
	return nargs >= min && (max < 0 || nargs <= max);
}

void srv_cmd_dispatch(struct srv_conn *c, char *line, size_t len)
{
	struct srv_cmd_ctx ctx;
	struct proto_request req;
	const struct srv_cmd *cmd;
	char msg[200];
	int rc;

	srv_cmd_ctx_init(&ctx, c, "");
	if (!proto_line_valid(line, len)) {
		srv_conn_err(c, "", WG_E_BAD_REQUEST,
		             "request is not UTF-8 text (control or invalid bytes)", "");
		return;
	}
	rc = proto_request_parse(&req, line, len, msg, sizeof(msg));
	if (rc != 0) {
		srv_conn_err(c, req.tag, rc, msg, "");
		proto_request_release(&req);
		return;
	}
	if (req.argc == 0) {
		proto_request_release(&req);
		return; /* blank line: nothing to answer */
	}
	snprintf(ctx.tag, sizeof(ctx.tag), "%s", req.tag);
	for (char *p = req.argv[0]; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	ctx.argc = req.argc;
	ctx.argv = req.argv;
	ctx.raw = req.raw;
	ctx.json = req.json;
	ctx.game_id = c->current_game;
	c->last_active = srv_now_ms(c->srv);
	cmd = srv_cmd_find(req.argv[0]);
	log_request(c, cmd, req.raw, req.argv[0]);
	if (cmd == NULL || (cmd->flags & SRV_CMD_GAME))
		rc = strip_game_args(&ctx, cmd != NULL && (cmd->flags & SRV_CMD_TEXT));
	if (rc != 0)
		goto fail;
	if (cmd == NULL) {
		/* a game verb: looked up once here; arity is the match's, the turn the engine's */
		const struct rules_verb *verb = srv_cmd_find_game_verb(&ctx);
		if (verb == NULL) {
			rc = ctx.err.code != 0
			         ? ctx.err.code
			         : srv_cmd_fail(&ctx, WG_E_UNKNOWN_VERB,
			                        "unknown command '%.40s'; type help", req.argv[0]);
			goto fail;
		}
		if (c->user == NULL && verb->kind == RULES_VERB_ACTION) {
			rc = srv_cmd_fail(&ctx, WG_E_NOT_LOGGED_IN, "log in first");
			goto fail;
		}
		rc = srv_cmd_game_verb(&ctx, verb);
		goto fail;
	}
	if ((cmd->flags & SRV_CMD_LOGIN) && c->user == NULL) {
		rc = srv_cmd_fail(&ctx, WG_E_NOT_LOGGED_IN,
		                  "%s needs you to log in first "
		                  "(login <name> <password>)",
		                  cmd->name);
		goto fail;
	}
	if ((cmd->flags & SRV_CMD_DEBUG) && !c->srv->cfg.allow_debug) {
		rc = srv_cmd_fail(&ctx, WG_E_DEBUG_DISABLED,
		                  "debug verbs are disabled (start the server with --allow-debug)");
		goto fail;
	}
	if (!arity_ok(ctx.argc - 1, cmd->min_args, cmd->max_args)) {
		rc = srv_cmd_fail(&ctx, WG_E_BAD_ARGS, "usage: %s", cmd->usage);
		goto fail;
	}
	rc = cmd->exec(&ctx);
fail:
	if (rc == WG_E_RATE_LIMITED && cmd != NULL && (cmd->flags & SRV_CMD_SECRET))
		srv_cmd_account_refuse(c, ctx.tag, rc, ctx.err.message); /* the tarpit */
	else if (rc != 0)
		srv_conn_err(c, ctx.tag, rc, ctx.err.message, ctx.err.rule);
	if (cmd != NULL && (cmd->flags & SRV_CMD_SECRET)) {
		/* a password on the line: wipe every copy the request left */
		sodium_memzero(line, len);
		if (req.storage.data != NULL)
			sodium_memzero(req.storage.data, req.storage.len);
	}
	proto_request_release(&req);
}
