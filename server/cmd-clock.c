/*
 * cmd-clock.c -- the clock verbs: moretime (extra time for the opponent)
 * and vacation (a user's correspondence games paused, drawn from a bank).
 * The clocks themselves are clock.c's; docs/clocks.md has the rules.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "clock.h"
#include "cmd.h"
#include "conn.h"
#include "games.h"
#include "server.h"

#define MORETIME_HOURS_MAX 240

static int exec_moretime(struct srv_cmd_ctx *ctx)
{
	struct srv_game *g;
	char *end, summary[200], dur[32];
	long hours = strtol(ctx->argv[1], &end, 10);
	int side;

	if (*end != '\0' || end == ctx->argv[1] || hours < 1 || hours > MORETIME_HOURS_MAX)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "moretime <hours>: a whole number of hours from 1 to %d, not "
		                    "'%.20s'",
		                    MORETIME_HOURS_MAX, ctx->argv[1]);
	if (ctx->game_id == 0)
		return srv_cmd_fail(ctx, WG_E_NO_GAME,
		                    "no current game: `use <game>` or add game=<id>");
	if ((g = srv_game_get(ctx->srv, ctx->game_id)) == NULL)
		return srv_cmd_fail(ctx, WG_E_NO_SUCH_GAME, "there is no game %lld",
		                    (long long)ctx->game_id);
	/* who plays first: a private game's version is for its players only */
	if ((side = srv_game_side_of(g, ctx->conn->user->id)) < 0)
		return srv_cmd_fail(ctx, WG_E_NOT_A_PLAYER, "you do not play in game %lld",
		                    (long long)g->rec.id);
	if (ctx->version >= 0 && ctx->version != g->rec.version)
		return srv_cmd_fail(ctx, ctx->version < g->rec.version ? WG_E_STALE : WG_E_BAD_ARGS,
		                    "game %lld is at v=%lld, not v=%lld; nothing was done",
		                    (long long)g->rec.id, (long long)g->rec.version,
		                    (long long)ctx->version);
	if (g->rec.status != DB_GAME_ACTIVE)
		return srv_cmd_fail(
		    ctx, g->rec.status == DB_GAME_OPEN ? WG_E_NOT_STARTED : WG_E_GAME_OVER,
		    "game %lld is %s", (long long)g->rec.id, srv_game_status_name(g->rec.status));
	if (srv_clock_moretime(ctx->srv, g, side, hours * SRV_TC_HOUR, &ctx->err) != 0)
		return ctx->err.code;
	snprintf(summary, sizeof(summary), "%s (%s) has %s left", g->seat_name[1 - side],
	         srv_game_side_name(g, 1 - side),
	         srv_tc_duration(srv_clock_left(ctx->srv, g, 1 - side), dur, sizeof(dur)));
	srv_conn_ok_text(ctx->conn, ctx->tag, summary);
	return 0;
}

const struct srv_cmd srv_cmd_moretime = {
    .name = "moretime",
    .min_args = 1,
    .max_args = 1,
    .flags = SRV_CMD_LOGIN | SRV_CMD_GAME,
    .group = "game",
    .usage = "moretime <hours> [game=<id>] [v=<n>]",
    .help = "Gives your opponent <hours> (1 to 240) more on their clock in the current game "
            "(a days: clock: for the decision awaited now). Both players and the log are "
            "told. See docs/clocks.md.",
    .exec = exec_moretime,
};

static int exec_vacation(struct srv_cmd_ctx *ctx)
{
	struct srv_user *u = ctx->conn->user;
	int64_t now = srv_clock_now(ctx->srv);
	struct srv_vac *v;
	char summary[300], left[32], until[40];
	cJSON *data;

	if (ctx->argc > 1) {
		int on;
		if (strcasecmp(ctx->argv[1], "on") == 0)
			on = 1;
		else if (strcasecmp(ctx->argv[1], "off") == 0)
			on = 0;
		else
			return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "vacation [on|off], not '%.20s'",
			                    ctx->argv[1]);
		if (srv_vacation_set(ctx->srv, u->id, u->name, on, &ctx->err) != 0)
			return ctx->err.code;
	}
	if ((v = srv_vacation_of(ctx->srv, u->id)) == NULL)
		return srv_cmd_fail(ctx, WG_E_NO_MEMORY, "out of memory");
	srv_tc_duration(srv_vac_left(v, now), left, sizeof(left));
	data = cJSON_CreateObject();
	cJSON_AddBoolToObject(data, "on", v->on_since > 0);
	cJSON_AddNumberToObject(data, "bank", (double)(srv_vac_left(v, now) / 1000));
	cJSON_AddNumberToObject(data, "cap", (double)(SRV_VAC_CAP / 1000));
	if (v->on_since > 0) {
		cJSON_AddNumberToObject(data, "since", (double)(v->on_since / 1000));
		cJSON_AddNumberToObject(data, "ends", (double)(srv_vac_ends(v) / 1000));
		snprintf(summary, sizeof(summary),
		         "on vacation: your correspondence clocks are stopped; %s left in the "
		         "bank (ends %s)",
		         left, srv_clock_format_time(srv_vac_ends(v), until, sizeof(until)));
	} else {
		snprintf(summary, sizeof(summary),
		         "not on vacation; %s in the bank (1 day per %d days of play, up to %lldd)",
		         left, SRV_VAC_RATE, (long long)(SRV_VAC_CAP / SRV_TC_DAY));
	}
	cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

const struct srv_cmd srv_cmd_vacation = {
    .name = "vacation",
    .min_args = 0,
    .max_args = 1,
    .flags = SRV_CMD_LOGIN,
    .group = "account",
    .usage = "vacation [on|off]",
    .help = "Shows your vacation bank, or starts (on) or ends (off) a vacation: the clocks of "
            "all your correspondence games stop (except games created with vacation=no) and "
            "the bank is drawn while it lasts; it ends by itself when the bank is empty. The "
            "bank starts at 20 days and grows by one day per 8 days of play, up to 30 days "
            "(docs/clocks.md).",
    .exec = exec_vacation,
};
