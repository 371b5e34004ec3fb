/*
 * cmd-offer.c -- offers between the two players of a game: `offer draw`,
 * answered with `accept draw` / `decline draw` (cmd-invite.c hands those
 * on), and `rematch` after the game (a challenge of the same scenario,
 * clock and options with the sides swapped).  docs/people.md has the
 * decisions.
 *
 * A draw offer stands for the game's version it was made at: any accepted
 * action of the game lets it lapse (the offer answered by playing on).  It
 * is kept in the store (server_meta "draw-offer:<game>" = version * 2 + side
 * + 1, 0 for none) and logged as an event of no action (like moretime: `log`
 * shows it, replay skips it); an accepted offer is the DRAW host action of
 * the system, recorded in the game's log and replayed like any other.
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
#include "host.h"
#include "invites.h"
#include "log.h"
#include "people.h"
#include "ratings.h"
#include "server.h"

static void offer_key(const struct srv_game *g, char *key, size_t size)
{
	snprintf(key, size, "draw-offer:%lld", (long long)g->rec.id);
}

/* The side whose draw offer stands in g now, or -1. */
static int standing_offer(struct srv *s, const struct srv_game *g)
{
	char key[48];
	int64_t v = 0;

	offer_key(g, key, sizeof(key));
	if (db_meta_get(s->store, key, &v) != 0 || v <= 0)
		return -1;
	v--;
	return v / 2 == g->rec.version ? (int)(v % 2) : -1;
}

/* Stores the offer of side (-1: none) and logs ev as an event of no action; delivers it. */
static int record(struct srv_cmd_ctx *ctx, struct srv_game *g, int side, cJSON *ev)
{
	struct srv *s = ctx->srv;
	struct db_event e;
	char key[48];
	int64_t seq = 0;
	int rc;

	offer_key(g, key, sizeof(key));
	memset(&e, 0, sizeof(e));
	e.game = g->rec.id;
	e.action = 0; /* no action of the rules: the log shows it, replay skips it */
	e.audience = RULES_AUD_PUBLIC;
	e.at = srv_now(s);
	e.json = cJSON_PrintUnformatted(ev);
	rc = e.json == NULL
	         ? WG_E_NO_MEMORY
	         : db_meta_put(s->store, key, side < 0 ? 0 : g->rec.version * 2 + side + 1);
	if (rc == 0)
		rc = db_event_append(s->store, &e, &seq);
	free(e.json);
	if (rc != 0)
		return srv_cmd_fail(ctx, WG_E_STORAGE, "the offer could not be stored: %s",
		                    db_last_error(s->store));
	g->last_event = seq;
	srv_batch_touch(s, g);
	return 0;
}

/* The target game, active, with the caller seated (*side). */
static struct srv_game *my_active_game(struct srv_cmd_ctx *ctx, int *side)
{
	struct srv_game *g;

	if (ctx->game_id == 0) {
		srv_cmd_fail(ctx, WG_E_NO_GAME, "no current game: `use <game>` or add game=<id>");
		return NULL;
	}
	if ((g = srv_game_get(ctx->srv, ctx->game_id)) == NULL) {
		srv_cmd_fail(ctx, WG_E_NO_SUCH_GAME, "there is no game %lld",
		             (long long)ctx->game_id);
		return NULL;
	}
	if ((*side = srv_game_side_of(g, ctx->conn->user->id)) < 0) {
		srv_cmd_fail(ctx, WG_E_NOT_A_PLAYER, "you do not play in game %lld",
		             (long long)g->rec.id);
		return NULL;
	}
	if (ctx->version >= 0 && ctx->version != g->rec.version) {
		srv_cmd_fail(ctx, ctx->version < g->rec.version ? WG_E_STALE : WG_E_BAD_ARGS,
		             "game %lld is at v=%lld, not v=%lld; nothing was done",
		             (long long)g->rec.id, (long long)g->rec.version,
		             (long long)ctx->version);
		return NULL;
	}
	return g;
}

static int running(struct srv_cmd_ctx *ctx, const struct srv_game *g)
{
	if (g->rec.status == DB_GAME_ACTIVE)
		return 0;
	return srv_cmd_fail(ctx, g->rec.status == DB_GAME_OPEN ? WG_E_NOT_STARTED : WG_E_GAME_OVER,
	                    "game %lld is %s", (long long)g->rec.id,
	                    srv_game_status_name(g->rec.status));
}

static cJSON *offer_event(const struct srv_game *g, const char *type, int side, const char *text)
{
	cJSON *ev = cJSON_CreateObject();

	cJSON_AddStringToObject(ev, "event", type);
	cJSON_AddStringToObject(ev, "side", srv_game_side_name(g, side));
	cJSON_AddNumberToObject(ev, "v", (double)g->rec.version);
	cJSON_AddStringToObject(ev, "text", text);
	return ev;
}

static int exec_offer(struct srv_cmd_ctx *ctx)
{
	struct srv_game *g;
	char text[300];
	cJSON *ev;
	int side, rc;

	if (strcasecmp(ctx->argv[1], "draw") != 0)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "offer draw: '%.20s' is not an offer",
		                    ctx->argv[1]);
	if ((g = my_active_game(ctx, &side)) == NULL)
		return ctx->err.code;
	if ((rc = running(ctx, g)) != 0)
		return rc;
	srv_clock_check_game(ctx->srv, g); /* a clock that ran out ends the game first */
	if ((rc = running(ctx, g)) != 0)
		return rc;
	if (standing_offer(ctx->srv, g) == side)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "your draw offer in game %lld stands already",
		                    (long long)g->rec.id);
	if (standing_offer(ctx->srv, g) == 1 - side)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "%s offers you a draw already: accept draw or decline draw",
		                    g->seat_name[1 - side]);
	snprintf(text, sizeof(text),
	         "%s (%s) offers a draw: accept draw or decline draw (it lapses with the next "
	         "action)",
	         g->seat_name[side], srv_game_side_name(g, side));
	ev = offer_event(g, "draw-offered", side, text);
	if ((rc = record(ctx, g, side, ev)) != 0) {
		cJSON_Delete(ev);
		return rc;
	}
	log_info(ctx->conn->id, "game %lld: %s", (long long)g->rec.id, text);
	srv_conn_ok_text(ctx->conn, ctx->tag, "draw offered");
	srv_game_deliver(ctx->srv, g, RULES_AUD_PUBLIC, ev);
	cJSON_Delete(ev);
	return 0;
}

const struct srv_cmd srv_cmd_offer = {
    .name = "offer",
    .min_args = 1,
    .max_args = 1,
    .flags = SRV_CMD_LOGIN | SRV_CMD_GAME,
    .group = "game",
    .usage = "offer draw [game=<id>] [v=<n>]",
    .help = "Offers your opponent a draw in the current game. Both players and the "
            "spectators are told and the log shows it; the opponent answers with accept draw "
            "(the game ends drawn: the draw host action) or decline draw, and the offer lapses "
            "with the game's next action.",
    .exec = exec_offer,
};

int srv_offer_answer(struct srv_cmd_ctx *ctx, int accept)
{
	struct srv_game *g;
	char text[300];
	int side, rc;

	if (ctx->argc != 2)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "usage: %s draw [game=<id>]", ctx->argv[0]);
	if ((g = my_active_game(ctx, &side)) == NULL)
		return ctx->err.code;
	if ((rc = running(ctx, g)) != 0)
		return rc;
	srv_clock_check_game(ctx->srv, g);
	if ((rc = running(ctx, g)) != 0)
		return rc;
	if (standing_offer(ctx->srv, g) != 1 - side)
		return srv_cmd_fail(
		    ctx, WG_E_NOT_FOUND, "%s has no draw offer standing in game %lld (v=%lld)",
		    g->seat_name[1 - side], (long long)g->rec.id, (long long)g->rec.version);
	if (!accept) {
		cJSON *ev;
		snprintf(text, sizeof(text), "%s (%s) declines the draw", g->seat_name[side],
		         srv_game_side_name(g, side));
		ev = offer_event(g, "draw-declined", side, text);
		if ((rc = record(ctx, g, -1, ev)) != 0) {
			cJSON_Delete(ev);
			return rc;
		}
		srv_conn_ok_text(ctx->conn, ctx->tag, "draw declined");
		srv_game_deliver(ctx->srv, g, RULES_AUD_PUBLIC, ev);
		cJSON_Delete(ev);
		return 0;
	}
	{
		struct rules_host_action a;
		struct srv_outcome out;
		char note[2 * DB_NAME_MAX + 20], key[48];
		memset(&a, 0, sizeof(a));
		a.kind = RULES_HOST_DRAW;
		a.side = -1;
		a.winner = -1;
		snprintf(note, sizeof(note), "%s and %s agreed", g->seat_name[0], g->seat_name[1]);
		a.note = note;
		srv_outcome_init(&out);
		/* the system records the agreement (host.h: a player may only resign himself) */
		if ((rc = srv_host_action(ctx->srv, g, &srv_system_actor, &a, &out, &ctx->err)) !=
		    0) {
			srv_outcome_release(&out);
			return rc;
		}
		offer_key(g, key, sizeof(key));
		if (db_meta_put(ctx->srv->store, key, 0) != 0)
			log_warn(ctx->conn->id, "game %lld: clearing the draw offer: %s",
			         (long long)g->rec.id, db_last_error(ctx->srv->store));
		if (ctx->conn->mode == PROTO_JSON)
			cJSON_AddNumberToObject(out.reply, "v", (double)out.version);
		srv_conn_ok(ctx->conn, ctx->tag, out.reply);
		srv_host_publish(ctx->srv, g, &out);
	}
	return 0;
}

/* ---- rematch ---- */

static int exec_rematch(struct srv_cmd_ctx *ctx)
{
	struct srv *s = ctx->srv;
	struct srv_user *me = ctx->conn->user;
	struct srv_invite *iv;
	struct db_invite rec;
	struct srv_game *g;
	char what[400], text[700], summary[520], when[40];
	int side, rc;
	cJSON *ev, *data;

	if ((g = my_active_game(ctx, &side)) == NULL)
		return ctx->err.code;
	if (g->rec.status != DB_GAME_FINISHED)
		return srv_cmd_fail(ctx, WG_E_FORBIDDEN,
		                    "game %lld is %s: a rematch is offered after the game",
		                    (long long)g->rec.id, srv_game_status_name(g->rec.status));
	if (g->rec.seat[1 - side] == 0)
		return srv_cmd_fail(ctx, WG_E_FORBIDDEN, "game %lld had no opponent",
		                    (long long)g->rec.id);
	if (rules_catalog_find(&s->catalog, g->rec.scenario) == NULL)
		return srv_cmd_fail(ctx, WG_E_NO_SUCH_SCENARIO, "scenario %s is not installed",
		                    g->rec.scenario);
	if (srv_people_blocks(s, g->rec.seat[1 - side], me->id))
		return srv_cmd_fail(ctx, WG_E_BLOCKED, "%s does not accept challenges from you",
		                    g->seat_name[1 - side]);
	if (srv_invites_of(s, me->id) >= SRV_INVITE_MAX_PER_USER)
		return srv_cmd_fail(ctx, WG_E_FORBIDDEN,
		                    "you have %d open challenges and seeks already (the most)",
		                    SRV_INVITE_MAX_PER_USER);
	memset(&rec, 0, sizeof(rec));
	rec.kind = DB_INVITE_CHALLENGE;
	rec.from = me->id;
	rec.to = g->rec.seat[1 - side];
	snprintf(rec.scenario, sizeof(rec.scenario), "%s", g->rec.scenario);
	rec.side = 1 - side; /* the sides swapped */
	srv_tc_format(&g->clock.tc, rec.clock, sizeof(rec.clock));
	snprintf(rec.options, sizeof(rec.options), "%s", g->rec.options);
	rec.rated = srv_rating_is_rated(s, g->rec.id); /* a rated game's rematch is rated */
	rec.created = srv_clock_now(s);
	rec.expires = rec.created + SRV_INVITE_TTL_MS;
	if ((rc = srv_invite_add(s, &rec, me->name, g->seat_name[1 - side], &iv)) != 0)
		return srv_cmd_fail(ctx, rc, "the rematch could not be stored: %s",
		                    db_last_error(s->store));
	srv_invite_describe(s, iv, what, sizeof(what));
	srv_clock_format_time(iv->rec.expires, when, sizeof(when));
	snprintf(summary, sizeof(summary),
	         "rematch of game %lld offered to %s as challenge %lld: %s", (long long)g->rec.id,
	         iv->to_name, (long long)iv->rec.id, what);
	data = srv_invite_event(s, iv, "invite", summary);
	cJSON_DeleteItemFromObject(data, "event");
	cJSON_DeleteItemFromObject(data, "text");
	cJSON_AddNumberToObject(data, "rematch_of", (double)g->rec.id);
	cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	snprintf(text, sizeof(text),
	         "%s offers a rematch of game %lld (%lld): %s; accept %lld or decline %lld; "
	         "expires %s",
	         me->name, (long long)g->rec.id, (long long)iv->rec.id, what, (long long)iv->rec.id,
	         (long long)iv->rec.id, when);
	ev = srv_invite_event(s, iv, "challenge", text);
	cJSON_AddNumberToObject(ev, "rematch_of", (double)g->rec.id);
	srv_people_send(s, rec.to, ev);
	cJSON_Delete(ev);
	return 0;
}

const struct srv_cmd srv_cmd_rematch = {
    .name = "rematch",
    .min_args = 0,
    .max_args = 0,
    .flags = SRV_CMD_LOGIN | SRV_CMD_GAME,
    .group = "game",
    .usage = "rematch [game=<id>]",
    .help = "After a game: challenges your opponent to the same scenario, clock and options "
            "with the sides swapped. It is a challenge like any other (accept <id>, decline "
            "<id>, expires after 10 days).",
    .exec = exec_rematch,
};
