/*
 * cmd-offer.c -- offers between the two players of a game: `offer draw`,
 * `offer pause <hours>` and `offer takeback`, answered with `accept <offer>`
 * / `decline <offer>` (cmd-invite.c hands those on), and `rematch` after the
 * game (a challenge of the same scenario, clock and options with the sides
 * swapped).  docs/people.md and docs/clocks.md have the decisions.
 *
 * An offer stands for the game's version it was made at: any accepted
 * action of the game lets it lapse (the offer answered by playing on).  It
 * is kept in the store (server_meta "<offer>-offer:<game>", see
 * offer_value; 0 for none) and logged as an event of no action (like
 * moretime: `log` shows it, replay skips it); an accepted offer is a host
 * action of the system -- DRAW, PAUSE (which also stops the clocks,
 * clock.h) or TAKEBACK (host.c rebuilds the game without the undone
 * actions) -- recorded in the game's log and replayed like any other.  One
 * offer of each kind at a time.
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
#include "notify.h"
#include "people.h"
#include "ratings.h"
#include "server.h"

/* The offers of a game, by the word after offer / accept / decline. */
enum offer_kind { OFFER_DRAW, OFFER_PAUSE, OFFER_TAKEBACK, OFFER_COUNT };

static const char *const offer_names[OFFER_COUNT] = {"draw", "pause", "takeback"};

/* The kind named word, or -1. */
static int offer_kind(const char *word)
{
	for (int k = 0; k < OFFER_COUNT; k++)
		if (strcasecmp(word, offer_names[k]) == 0)
			return k;
	return -1;
}

int srv_offer_is(const char *word)
{
	return word != NULL && offer_kind(word) >= 0;
}

static void offer_key(const struct srv_game *g, int kind, char *key, size_t size)
{
	snprintf(key, size, "%s-offer:%lld", offer_names[kind], (long long)g->rec.id);
}

/*
 * The stored value of an offer: a draw offer keeps the first form, version * 2 + side + 1;
 * the others carry an argument (a pause's hours) in 16 low bits:
 * ((version * 2 + side) << 16 | arg) + 1.  0: none.
 */
static int64_t offer_value(int kind, int64_t version, int side, int arg)
{
	if (kind == OFFER_DRAW)
		return version * 2 + side + 1;
	return (((version * 2 + side) << 16) | (arg & 0xffff)) + 1;
}

/* The side whose offer of kind stands in g now (its argument in *arg), or -1. */
static int standing_offer(struct srv *s, const struct srv_game *g, int kind, int *arg)
{
	char key[48];
	int64_t v = 0;

	offer_key(g, kind, key, sizeof(key));
	if (db_meta_get(s->store, key, &v) != 0 || v <= 0)
		return -1;
	v--;
	if (kind != OFFER_DRAW) {
		if (arg != NULL)
			*arg = (int)(v & 0xffff);
		v >>= 16;
	}
	return v / 2 == g->rec.version ? (int)(v % 2) : -1;
}

/* Stores the offer of side (-1: none) and logs ev as an event of no action; delivers it. */
static int record(struct srv_cmd_ctx *ctx, struct srv_game *g, int kind, int side, int arg,
                  cJSON *ev)
{
	struct srv *s = ctx->srv;
	char key[48];
	int rc;

	offer_key(g, kind, key, sizeof(key));
	rc =
	    db_meta_put(s->store, key, side < 0 ? 0 : offer_value(kind, g->rec.version, side, arg));
	if (rc == 0)
		rc = srv_game_note(s, g, ev);
	if (rc != 0)
		return srv_cmd_fail(ctx, WG_E_STORAGE, "the offer could not be stored: %s",
		                    db_last_error(s->store));
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

/* The game is active and its rules state loaded (on first use: games.h). */
static int running(struct srv_cmd_ctx *ctx, struct srv_game *g)
{
	char why[400];

	if (g->rec.status == DB_GAME_ACTIVE && g->loaded)
		return 0;
	if (g->rec.status == DB_GAME_ACTIVE &&
	    srv_game_ensure_loaded(ctx->srv, g, why, sizeof(why)) == 0)
		return 0;
	if (g->rec.status == DB_GAME_ACTIVE)
		return srv_cmd_fail(ctx, WG_E_INTERNAL, "game %lld is not loaded: %s",
		                    (long long)g->rec.id, why);
	return srv_cmd_fail(ctx, g->rec.status == DB_GAME_OPEN ? WG_E_NOT_STARTED : WG_E_GAME_OVER,
	                    "game %lld is %s", (long long)g->rec.id,
	                    srv_game_status_name(g->rec.status));
}

/* The target game, active after any clock that ran out had its say. */
static struct srv_game *offer_game(struct srv_cmd_ctx *ctx, int *side)
{
	struct srv_game *g = my_active_game(ctx, side);

	if (g == NULL || running(ctx, g) != 0)
		return NULL;
	srv_clock_check_game(ctx->srv, g); /* a clock that ran out ends the game first */
	return running(ctx, g) == 0 ? g : NULL;
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

/* Whether side may make an offer of kind now (the rules and clocks agree): 0, or a WG_E_*
 * code with ctx->err (the rule id too).  *target: a takeback's first version. */
static int offer_allowed(struct srv_cmd_ctx *ctx, struct srv_game *g, int kind, int side,
                         uint64_t *target)
{
	if (kind == OFFER_PAUSE) {
		if (srv_clock_pause_check(ctx->srv, g, &ctx->err) != 0)
			return ctx->err.code;
		if (g->match.pauses[side] >= RULES_PAUSE_MAX)
			return srv_cmd_fail(
			    ctx, WG_E_FORBIDDEN,
			    "you have had %d pauses in game %lld, the most a side may "
			    "ask for",
			    RULES_PAUSE_MAX, (long long)g->rec.id);
	}
	if (kind == OFFER_TAKEBACK &&
	    rules_match_takeback_check(&g->match, side, target, &ctx->err) != 0)
		return ctx->err.code;
	return 0;
}

/* The hours of `offer pause <hours>`: 1 to RULES_PAUSE_MAX_HOURS, or -1 (ctx->err). */
static int pause_hours(struct srv_cmd_ctx *ctx)
{
	char *end;
	long h;

	if (ctx->argc != 3)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "usage: offer pause <hours>, 1 to %d (two weeks)",
		                    RULES_PAUSE_MAX_HOURS);
	h = strtol(ctx->argv[2], &end, 10);
	if (*end != '\0' || end == ctx->argv[2] || h < 1 || h > RULES_PAUSE_MAX_HOURS)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "offer pause: '%.20s' is not a number of hours from 1 to %d",
		                    ctx->argv[2], RULES_PAUSE_MAX_HOURS);
	return (int)h;
}

static int exec_offer(struct srv_cmd_ctx *ctx)
{
	struct srv_game *g;
	uint64_t target = 0;
	char text[300], summary[120];
	const char *name;
	cJSON *ev;
	int kind = offer_kind(ctx->argv[1]), side, rc, arg = 0, arg2;

	if (kind < 0)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "offer draw|pause <hours>|takeback: '%.20s' is not an offer",
		                    ctx->argv[1]);
	if (kind == OFFER_PAUSE && (arg = pause_hours(ctx)) < 0)
		return arg;
	if (kind != OFFER_PAUSE && ctx->argc != 2)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "usage: offer %s", offer_names[kind]);
	if ((g = offer_game(ctx, &side)) == NULL)
		return ctx->err.code;
	name = offer_names[kind];
	if (standing_offer(ctx->srv, g, kind, &arg2) == side)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "your %s offer in game %lld stands already",
		                    name, (long long)g->rec.id);
	if (standing_offer(ctx->srv, g, kind, &arg2) == 1 - side)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "%s offers you a %s already: accept %s or decline %s",
		                    g->seat_name[1 - side], name, name, name);
	if ((rc = offer_allowed(ctx, g, kind, side, &target)) != 0)
		return rc;
	switch (kind) {
	case OFFER_PAUSE:
		snprintf(text, sizeof(text),
		         "%s (%s) asks for a pause of %d h (both clocks stop): accept pause or "
		         "decline pause (it lapses with the next action)",
		         g->seat_name[side], srv_game_side_name(g, side), arg);
		snprintf(summary, sizeof(summary), "pause of %d h offered", arg);
		break;
	case OFFER_TAKEBACK:
		snprintf(text, sizeof(text),
		         "%s (%s) asks to take back v=%llu%s: accept takeback or decline takeback "
		         "(it lapses with the next action)",
		         g->seat_name[side], srv_game_side_name(g, side),
		         (unsigned long long)target,
		         target < (uint64_t)g->rec.version ? " and every action after it" : "");
		snprintf(summary, sizeof(summary), "takeback of v=%llu offered",
		         (unsigned long long)target);
		break;
	default:
		snprintf(text, sizeof(text),
		         "%s (%s) offers a draw: accept draw or decline draw (it lapses with the "
		         "next action)",
		         g->seat_name[side], srv_game_side_name(g, side));
		snprintf(summary, sizeof(summary), "draw offered");
	}
	{
		char type[32];
		snprintf(type, sizeof(type), "%s-offered", name);
		ev = offer_event(g, type, side, text);
	}
	if (kind == OFFER_PAUSE)
		cJSON_AddNumberToObject(ev, "hours", arg);
	if (kind == OFFER_TAKEBACK)
		cJSON_AddNumberToObject(ev, "from", (double)target);
	if ((rc = record(ctx, g, kind, side, arg, ev)) != 0) {
		cJSON_Delete(ev);
		return rc;
	}
	log_info(ctx->conn->id, "game %lld: %s", (long long)g->rec.id, text);
	srv_conn_ok_text(ctx->conn, ctx->tag, summary);
	srv_game_deliver(ctx->srv, g, RULES_AUD_PUBLIC, ev);
	cJSON_Delete(ev);
	return 0;
}

const struct srv_cmd srv_cmd_offer = {
    .name = "offer",
    .min_args = 1,
    .max_args = 2,
    .flags = SRV_CMD_LOGIN | SRV_CMD_GAME,
    .group = "game",
    .usage = "offer draw|pause <hours>|takeback [game=<id>] [v=<n>]",
    .help = "Offers your opponent a draw, a pause or a takeback in the current game. draw: "
            "accepted, the game ends drawn. pause <hours>: 1 to 336 hours in which both clocks "
            "stop; it ends early when you act again. takeback: undoes your last action and any "
            "after it, refused when a die was rolled or something hidden revealed since. The "
            "opponent answers accept <offer> or decline <offer>; an offer lapses with the "
            "game's next action.",
    .exec = exec_offer,
};

/* The host action an accepted offer of kind (made by side, argument arg) becomes. */
static void offer_action(const struct srv_game *g, int kind, int side, int arg,
                         struct rules_host_action *a, char *note, size_t n)
{
	memset(a, 0, sizeof(*a));
	a->winner = -1;
	a->note = note;
	if (kind == OFFER_DRAW) {
		a->kind = RULES_HOST_DRAW;
		a->side = -1;
		snprintf(note, n, "%s and %s agreed", g->seat_name[0], g->seat_name[1]);
		return;
	}
	a->kind = kind == OFFER_PAUSE ? RULES_HOST_PAUSE : RULES_HOST_TAKEBACK;
	a->side = side;
	a->arg = kind == OFFER_PAUSE ? arg : 0;
	snprintf(note, n, "%s", g->seat_name[side]);
}

int srv_offer_answer(struct srv_cmd_ctx *ctx, int accept)
{
	struct srv_game *g;
	char text[300];
	int kind = ctx->argc == 2 ? offer_kind(ctx->argv[1]) : -1, side, rc, arg = 0;

	if (kind < 0)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "usage: %s draw|pause|takeback [game=<id>]",
		                    ctx->argv[0]);
	if ((g = offer_game(ctx, &side)) == NULL)
		return ctx->err.code;
	if (standing_offer(ctx->srv, g, kind, &arg) != 1 - side)
		return srv_cmd_fail(ctx, WG_E_NOT_FOUND,
		                    "%s has no %s offer standing in game %lld (v=%lld)",
		                    g->seat_name[1 - side], offer_names[kind], (long long)g->rec.id,
		                    (long long)g->rec.version);
	if (!accept) {
		char type[32], summary[40];
		cJSON *ev;
		snprintf(text, sizeof(text), "%s (%s) declines the %s", g->seat_name[side],
		         srv_game_side_name(g, side), offer_names[kind]);
		snprintf(type, sizeof(type), "%s-declined", offer_names[kind]);
		ev = offer_event(g, type, side, text);
		if ((rc = record(ctx, g, kind, -1, 0, ev)) != 0) {
			cJSON_Delete(ev);
			return rc;
		}
		snprintf(summary, sizeof(summary), "%s declined", offer_names[kind]);
		srv_conn_ok_text(ctx->conn, ctx->tag, summary);
		srv_game_deliver(ctx->srv, g, RULES_AUD_PUBLIC, ev);
		cJSON_Delete(ev);
		return 0;
	}
	{
		struct rules_host_action a;
		struct srv_outcome out;
		char note[2 * DB_NAME_MAX + 20], key[48];
		offer_action(g, kind, 1 - side, arg, &a, note, sizeof(note));
		srv_outcome_init(&out);
		/* the system records the agreement (host.h: a player may only resign himself) */
		if ((rc = srv_host_action(ctx->srv, g, &srv_system_actor, &a, &out, &ctx->err)) !=
		    0) {
			srv_outcome_release(&out);
			return rc;
		}
		offer_key(g, kind, key, sizeof(key));
		if (db_meta_put(ctx->srv->store, key, 0) != 0)
			log_warn(ctx->conn->id, "game %lld: clearing the %s offer: %s",
			         (long long)g->rec.id, offer_names[kind],
			         db_last_error(ctx->srv->store));
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
	{
		struct srv_note note = {.type = SRV_NOTE_CHALLENGE,
		                        .scenario = iv->rec.scenario,
		                        .from = me->name,
		                        .ref = iv->rec.id,
		                        .message = what};
		srv_notify(s, rec.to, 0, ev, &note);
	}
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
