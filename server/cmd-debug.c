/*
 * cmd-debug.c -- debug verbs, enabled only with --allow-debug.
 *
 * `debug dice` queues forced die results into the current game's dice
 * stream.  The queue itself is not stored: each forced value is recorded,
 * marked forced, with the action that consumes it, so replay and `verify`
 * stay exact and honest.
 *
 * `debug host` runs a host action as the system would (a clock's timeout, a
 * draw agreed, a director's adjudication or forfeit): through the same
 * pipeline a clock or a tournament uses (host.c), with no player as actor.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <strings.h>

#include "clock.h"
#include "cmd.h"
#include "conn.h"
#include "fanout.h"
#include "games.h"
#include "invites.h"
#include "host.h"
#include "log.h"
#include "server.h"

/* A side name of g, or -2. */
static int side_arg(const struct srv_game *g, const char *name)
{
	for (int s = 0; s < RULES_SIDES; s++)
		if (strcasecmp(srv_game_side_name(g, s), name) == 0)
			return s;
	return -2;
}

/* debug host timeout|forfeit <side> | draw | adjudicate <side>|draw [note] */
static int debug_host(struct srv_cmd_ctx *ctx, struct srv_game *g)
{
	struct rules_host_action a = {.side = -1, .winner = -1, .note = ""};
	struct srv_actor who = srv_system_actor;
	struct srv_outcome out;
	int k = 3, rc;

	if (ctx->argc < 3 || (a.kind = rules_host_kind(ctx->argv[2])) == RULES_HOST_NONE ||
	    a.kind == RULES_HOST_START || a.kind == RULES_HOST_RESIGN)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "debug host timeout|forfeit <side> | draw | adjudicate "
		                    "<side>|draw [note]");
	if (a.kind == RULES_HOST_TIMEOUT || a.kind == RULES_HOST_FORFEIT ||
	    a.kind == RULES_HOST_ADJUDICATE) {
		int side = ctx->argc > 3 ? side_arg(g, ctx->argv[3]) : -2;
		if (a.kind == RULES_HOST_ADJUDICATE && ctx->argc > 3 &&
		    strcasecmp(ctx->argv[3], "draw") == 0)
			side = -1;
		if (side < -1 || (side < 0 && a.kind != RULES_HOST_ADJUDICATE))
			return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "name a side: %s or %s",
			                    srv_game_side_name(g, 0), srv_game_side_name(g, 1));
		if (a.kind == RULES_HOST_ADJUDICATE)
			a.winner = side;
		else
			a.side = side;
		k = 4;
	}
	if (ctx->argc > k)
		a.note = ctx->argv[k];
	who.version = ctx->version;
	who.via = ctx->conn->id;
	srv_outcome_init(&out);
	rc = srv_host_action(ctx->srv, g, &who, &a, &out, &ctx->err);
	if (rc != 0) {
		srv_outcome_release(&out);
		return rc;
	}
	srv_conn_ok(ctx->conn, ctx->tag, out.reply);
	srv_host_publish(ctx->srv, g, &out);
	return 0;
}

/* debug clock +<seconds> | <unix seconds>: moves the fake clock forward, then the clocks act */
static int debug_clock(struct srv_cmd_ctx *ctx)
{
	struct srv *s = ctx->srv;
	const char *a = ctx->argc > 2 ? ctx->argv[2] : "";
	char *end, summary[160], when[40];
	long long v = strtoll(a + (*a == '+'), &end, 10);
	int64_t to;

	if (s->cfg.debug_clock <= 0)
		return srv_cmd_fail(ctx, WG_E_FORBIDDEN,
		                    "the server reads real time: start it with --debug-clock "
		                    "<seconds> to move a fake one");
	if (ctx->argc != 3 || *a == '\0' || *end != '\0' || end == a + (*a == '+') || v < 0)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "debug clock +<seconds> | <seconds since the epoch>");
	to = *a == '+' ? s->fake_ms + (int64_t)v * 1000 : (int64_t)v * 1000;
	if (to < s->fake_ms)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "time only moves forward (now %lld)",
		                    (long long)(s->fake_ms / 1000));
	s->fake_ms = to;
	srv_clocks_tick(s);
	srv_invites_tick(s);
	srv_notify_tick(s); /* retries and digests that came due */
	srv_tourneys_tick(s);
	snprintf(summary, sizeof(summary), "clock at %lld (%s)", (long long)(to / 1000),
	         srv_clock_format_time(to, when, sizeof(when)));
	srv_conn_ok_text(ctx->conn, ctx->tag, summary);
	return 0;
}

/* debug hashes [hold|release]: the password work counters; hold makes the pool threads
 * wait before computing anything (tests observe queued work), release lets them go. */
static int debug_hashes(struct srv_cmd_ctx *ctx)
{
	struct srv_auth *a = &ctx->srv->auth;
	cJSON *data;
	char summary[160];

	if (ctx->argc > 3 || (ctx->argc == 3 && strcmp(ctx->argv[2], "hold") != 0 &&
	                      strcmp(ctx->argv[2], "release") != 0))
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "debug hashes [hold|release]");
	if (ctx->argc == 3)
		srv_auth_hold(strcmp(ctx->argv[2], "hold") == 0);
	data = cJSON_CreateObject();
	cJSON_AddNumberToObject(data, "done", (double)a->hashes_done);
	cJSON_AddNumberToObject(data, "cancelled", (double)a->hashes_cancelled);
	cJSON_AddNumberToObject(data, "inflight", a->ninflight);
	snprintf(summary, sizeof(summary), "hashes done %lu cancelled %lu inflight %d",
	         a->hashes_done, a->hashes_cancelled, a->ninflight);
	cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

/* debug crash pairing <n>: the server kills itself (SIGKILL) once n games of the next
 * tournament pairing are created, before they are committed (tests of tourney-rounds.c) */
static int debug_crash(struct srv_cmd_ctx *ctx)
{
	char *end;
	long n = ctx->argc == 4 ? strtol(ctx->argv[3], &end, 10) : -1;
	char summary[120];

	if (ctx->argc != 4 || strcmp(ctx->argv[2], "pairing") != 0 || *end != '\0' || n < 0 ||
	    n > 1000)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "debug crash pairing <games> (0: off)");
	ctx->srv->tourneys.kill_after = (int)n;
	snprintf(summary, sizeof(summary), "the next pairing kills the server after %ld games", n);
	srv_conn_ok_text(ctx->conn, ctx->tag, n > 0 ? summary : "no crash planned");
	return 0;
}

static int exec_debug(struct srv_cmd_ctx *ctx)
{
	struct srv_game *g;
	char summary[128], err[400];

	if (strcmp(ctx->argv[1], "clock") == 0)
		return debug_clock(ctx);
	if (strcmp(ctx->argv[1], "hashes") == 0)
		return debug_hashes(ctx);
	if (strcmp(ctx->argv[1], "crash") == 0)
		return debug_crash(ctx);

	if ((strcmp(ctx->argv[1], "dice") != 0 || ctx->argc < 3) &&
	    strcmp(ctx->argv[1], "host") != 0)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "usage: %s", srv_cmd_debug.usage);
	g = srv_game_get(ctx->srv, ctx->game_id);
	if (g == NULL)
		return srv_cmd_fail(ctx, ctx->game_id ? WG_E_NO_SUCH_GAME : WG_E_NO_GAME,
		                    "no such game; `use <game>` or game=<id>");
	if (srv_game_side_of(g, ctx->conn->user->id) < 0)
		return srv_cmd_fail(ctx, WG_E_NOT_A_PLAYER, "only a player may force dice");
	if (g->rec.status == DB_GAME_FINISHED)
		return srv_cmd_fail(ctx, WG_E_GAME_OVER, "game %lld is over", (long long)g->rec.id);
	if (srv_game_ensure_loaded(ctx->srv, g, err, sizeof(err)) != 0)
		return srv_cmd_fail(ctx, WG_E_NO_SUCH_SCENARIO, "game %lld is not loaded: %s",
		                    (long long)g->rec.id, err);
	if (strcmp(ctx->argv[1], "host") == 0)
		return debug_host(ctx, g);
	if (ctx->version >= 0 && ctx->version != g->rec.version)
		return srv_cmd_fail(ctx, ctx->version < g->rec.version ? WG_E_STALE : WG_E_BAD_ARGS,
		                    "game %lld is at v=%lld, not v=%lld", (long long)g->rec.id,
		                    (long long)g->rec.version, (long long)ctx->version);
	for (int i = 2; i < ctx->argc; i++) {
		char *end;
		long v = strtol(ctx->argv[i], &end, 10);
		if (*end != '\0' || v < 1 || v > 1000)
			return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "'%.20s' is not a die result",
			                    ctx->argv[i]);
	}
	if (g->match.dice.nqueued + (size_t)(ctx->argc - 2) > RULES_DICE_QUEUE_MAX)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "at most %d queued dice",
		                    RULES_DICE_QUEUE_MAX);
	for (int i = 2; i < ctx->argc; i++)
		rules_dice_force(&g->match.dice, atoi(ctx->argv[i]));
	log_info(ctx->conn->id, "game %lld: %d dice forced by %s", (long long)g->rec.id,
	         ctx->argc - 2, ctx->conn->user->name);
	snprintf(summary, sizeof(summary), "%zu dice queued", g->match.dice.nqueued);
	srv_conn_ok_text(ctx->conn, ctx->tag, summary);
	return 0;
}

const struct srv_cmd srv_cmd_debug = {
    .name = "debug",
    .min_args = 1,
    .max_args = -1,
    .flags = SRV_CMD_LOGIN | SRV_CMD_DEBUG | SRV_CMD_GAME,
    .group = "debug",
    .usage = "debug dice <d> [<d> ...] | debug host <action> [<side>] [note] [game=<id>] "
             "[v=<n>] | debug clock +<seconds>|<seconds> | debug hashes [hold|release] | "
             "debug crash pairing <games>",
    .help = "Queues the next die results of the current game, or runs a host action as a "
            "clock or a director would: timeout <side>, forfeit <side>, draw, adjudicate "
            "<side>|draw (server started with --allow-debug only). Forced dice are recorded "
            "as forced with the action that uses them; host actions are actions of the log. "
            "debug clock moves the fake time of --debug-clock forward; timeouts and "
            "reminders then happen as they would. debug hashes counts the password hashes "
            "computed, dropped and in flight; hold makes them wait (tests), release lets "
            "them go. debug crash pairing <n> kills the server in the middle of the next "
            "tournament pairing, once n of its games exist (tests).",
    .exec = exec_debug,
};
