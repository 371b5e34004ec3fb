/*
 * cmd-debug.c -- debug verbs, enabled only with --allow-debug.
 *
 * `debug dice` queues forced die results into the current game's dice
 * stream.  The queue itself is not stored: each forced value is recorded,
 * marked forced, with the action that consumes it, so replay and `verify`
 * stay exact and honest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "conn.h"
#include "games.h"
#include "fanout.h"
#include "log.h"
#include "server.h"

static int exec_debug(struct srv_cmd_ctx *ctx)
{
	struct srv_game *g;
	char summary[128];

	if (strcmp(ctx->argv[1], "dice") != 0 || ctx->argc < 3)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "usage: %s", srv_cmd_debug.usage);
	g = srv_game_get(ctx->srv, ctx->game_id);
	if (g == NULL)
		return srv_cmd_fail(ctx, ctx->game_id ? WG_E_NO_SUCH_GAME : WG_E_NO_GAME,
		                    "no such game; `use <game>` or game=<id>");
	if (srv_game_side_of(g, ctx->conn->user->id) < 0)
		return srv_cmd_fail(ctx, WG_E_NOT_A_PLAYER, "only a player may force dice");
	if (g->rec.status == DB_GAME_FINISHED)
		return srv_cmd_fail(ctx, WG_E_GAME_OVER, "game %lld is over", (long long)g->rec.id);
	if (!g->loaded)
		return srv_cmd_fail(ctx, WG_E_NO_SUCH_SCENARIO,
		                    "game %lld is not loaded: its scenario %s is not installed",
		                    (long long)g->rec.id, g->rec.scenario);
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
    .min_args = 2,
    .max_args = -1,
    .flags = SRV_CMD_LOGIN | SRV_CMD_DEBUG | SRV_CMD_GAME,
    .group = "debug",
    .usage = "debug dice <d> [<d> ...] [game=<id>] [v=<n>]",
    .help = "Queues the next die results of the current game (server started with "
            "--allow-debug only). Each is recorded as forced with the action that uses it.",
    .exec = exec_debug,
};
