/*
 * cmd-invite.c -- the verbs of challenges and seeks: challenge, challenges,
 * seek, seeks, unseek, accept, decline; and invite, to a private game (its
 * token, or a user by name: private.h).  The open invites are invites.c's;
 * docs/people.md has the decisions.
 *
 * accept and decline name what they answer: `accept <id>` (a challenge or a
 * seek: both are numbered from one sequence, so an id is never both), or
 * `accept challenge <id>` / `accept seek <id>`, which also check the kind.
 * draw, pause and takeback are the offers of a game (cmd-offer.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "clock.h"
#include "cmd.h"
#include "conn.h"
#include "games.h"
#include "host.h"
#include "invites.h"
#include "notify.h"
#include "people.h"
#include "private.h"
#include "ratings.h"
#include "server.h"

static void add_linef(cJSON *lines, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add_linef(cJSON *lines, const char *fmt, ...)
{
	char buf[700];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	cJSON_AddItemToArray(lines, cJSON_CreateString(buf));
}

/* Checks the scenario and the arguments after it (argv[first..]) and fills rec with them. */
static int invite_args(struct srv_cmd_ctx *ctx, const char *scenario, int first,
                       struct db_invite *rec)
{
	const struct rules_catalog_entry *e = rules_catalog_find(&ctx->srv->catalog, scenario);
	struct srv_new_args a;
	struct rules_match m;
	uint8_t seed[32] = {0};
	int rc;

	if (e == NULL)
		return srv_cmd_fail(ctx, WG_E_NO_SUCH_SCENARIO,
		                    "no scenario '%.40s'; `scenarios` lists them", scenario);
	if ((rc = srv_new_args_parse(ctx, e, first, 0, &a)) != 0) {
		srv_new_args_release(&a);
		return rc;
	}
	/* the rules check their options now, not when the game is made */
	memset(&m, 0, sizeof(m));
	if ((rc = rules_match_create(&m, e->rs, e->sc, &a.opts, seed, &ctx->err)) != 0) {
		srv_new_args_release(&a);
		return rc;
	}
	rules_match_release(&m);
	snprintf(rec->scenario, sizeof(rec->scenario), "%s", e->info.id);
	rec->side = a.side;
	snprintf(rec->clock, sizeof(rec->clock), "%s", a.spec);
	snprintf(rec->options, sizeof(rec->options), "%s", a.optext.data ? a.optext.data : "");
	rec->rated = a.rated;
	srv_new_args_release(&a);
	rec->created = srv_clock_now(ctx->srv);
	rec->expires = rec->created + SRV_INVITE_TTL_MS;
	rec->from = ctx->conn->user->id;
	if (srv_invites_of(ctx->srv, rec->from) >= SRV_INVITE_MAX_PER_USER)
		return srv_cmd_fail(ctx, WG_E_FORBIDDEN,
		                    "you have %d open challenges and seeks already (the most); "
		                    "unseek or decline one first",
		                    SRV_INVITE_MAX_PER_USER);
	return 0;
}

static int user_by_name(struct srv_cmd_ctx *ctx, const char *name, struct db_user *u)
{
	int rc =
	    strlen(name) > DB_NAME_MAX ? WG_E_NOT_FOUND : db_user_by_name(ctx->srv->store, name, u);

	if (rc == WG_E_NOT_FOUND)
		return srv_cmd_fail(ctx, WG_E_NO_SUCH_USER, "there is no user '%.32s'", name);
	if (rc != 0)
		return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(ctx->srv->store));
	return 0;
}

static void reply_invite(struct srv_cmd_ctx *ctx, const struct srv_invite *iv, const char *summary)
{
	cJSON *data = srv_invite_event(ctx->srv, iv, "invite", summary);

	cJSON_DeleteItemFromObject(data, "event");
	cJSON_DeleteItemFromObject(data, "text");
	cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
}

/* ---- challenge, challenges ---- */

static int exec_challenge(struct srv_cmd_ctx *ctx)
{
	struct srv *s = ctx->srv;
	struct srv_user *me = ctx->conn->user;
	struct db_invite rec;
	struct srv_invite *iv;
	struct db_user u;
	char what[400], text[700], summary[520], when[40];
	cJSON *ev;
	int rc;

	memset(&rec, 0, sizeof(rec));
	if ((rc = user_by_name(ctx, ctx->argv[1], &u)) != 0)
		return rc;
	if (u.id == me->id)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "you cannot challenge yourself (seek instead)");
	if (srv_people_blocks(s, u.id, me->id))
		return srv_cmd_fail(ctx, WG_E_BLOCKED, "%s does not accept challenges from you",
		                    u.name);
	if ((rc = invite_args(ctx, ctx->argv[2], 3, &rec)) != 0)
		return rc;
	rec.kind = DB_INVITE_CHALLENGE;
	rec.to = u.id;
	if ((rc = srv_invite_add(s, &rec, me->name, u.name, &iv)) != 0)
		return srv_cmd_fail(ctx, rc, "the challenge could not be stored: %s",
		                    db_last_error(s->store));
	srv_invite_describe(s, iv, what, sizeof(what));
	srv_clock_format_time(iv->rec.expires, when, sizeof(when));
	snprintf(summary, sizeof(summary), "challenge %lld to %s: %s; expires %s",
	         (long long)iv->rec.id, u.name, what, when);
	reply_invite(ctx, iv, summary);
	snprintf(text, sizeof(text),
	         "%s challenges you (%lld): %s; accept %lld or decline %lld; expires %s", me->name,
	         (long long)iv->rec.id, what, (long long)iv->rec.id, (long long)iv->rec.id, when);
	ev = srv_invite_event(s, iv, "challenge", text);
	{
		struct srv_note note = {.type = SRV_NOTE_CHALLENGE,
		                        .scenario = iv->rec.scenario,
		                        .from = me->name,
		                        .ref = iv->rec.id,
		                        .message = what};
		srv_notify(s, u.id, 0, ev, &note);
	}
	cJSON_Delete(ev);
	return 0;
}

const struct srv_cmd srv_cmd_challenge = {
    .name = "challenge",
    .min_args = 2,
    .max_args = -1,
    .flags = SRV_CMD_LOGIN,
    .group = "people",
    .usage = "challenge <user> <scenario> [side=<side>|random] [rated|unrated] "
             "[clock=<clock>] [weekends=pause] [vacation=no] [option=value ...]",
    .help = "Invites one user to a game: the side is yours (random if none), rated, the clock "
            "and options as for new. The user is told on every connection, or at login if "
            "offline, and answers with accept <id> or decline <id>; accepting creates the game "
            "with both of you seated. You withdraw it with decline <id>. A challenge expires "
            "10 days after it was made; a user who blocks you cannot be challenged.",
    .exec = exec_challenge,
};

/* One line of a challenge or seek list. */
static void list_line(struct srv_cmd_ctx *ctx, cJSON *lines, cJSON *list,
                      const struct srv_invite *iv)
{
	char what[400], when[40];
	cJSON *o = srv_invite_event(ctx->srv, iv, "invite", "");

	cJSON_DeleteItemFromObject(o, "event");
	cJSON_DeleteItemFromObject(o, "text");
	cJSON_AddItemToArray(list, o);
	srv_invite_describe(ctx->srv, iv, what, sizeof(what));
	srv_clock_format_time(iv->rec.expires, when, sizeof(when));
	if (iv->rec.kind == DB_INVITE_CHALLENGE)
		add_linef(lines, "#%-4lld %s -> %s: %s (expires %.16s)", (long long)iv->rec.id,
		          iv->from_name, iv->to_name, what, when);
	else
		add_linef(lines, "#%-4lld %s (expires %.16s)", (long long)iv->rec.id, what, when);
}

static int exec_challenges(struct srv_cmd_ctx *ctx)
{
	int64_t me = ctx->conn->user->id;
	cJSON *data = cJSON_CreateObject();
	cJSON *lines = cJSON_AddArrayToObject(data, "lines");
	cJSON *list = cJSON_AddArrayToObject(data, "challenges");
	char summary[64];

	for (size_t i = 0; i < ctx->srv->ninvites; i++) {
		const struct srv_invite *iv = ctx->srv->invites[i];
		if (iv->rec.kind == DB_INVITE_CHALLENGE && (iv->rec.from == me || iv->rec.to == me))
			list_line(ctx, lines, list, iv);
	}
	snprintf(summary, sizeof(summary), "%d open challenge%s", cJSON_GetArraySize(list),
	         cJSON_GetArraySize(list) == 1 ? "" : "s");
	cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

const struct srv_cmd srv_cmd_challenges = {
    .name = "challenges",
    .min_args = 0,
    .max_args = 0,
    .flags = SRV_CMD_LOGIN,
    .group = "people",
    .usage = "challenges",
    .help = "Lists the open challenges you made and those made to you, oldest first.",
    .exec = exec_challenges,
};

/* ---- seek, seeks, unseek ---- */

static int exec_seek(struct srv_cmd_ctx *ctx)
{
	struct srv *s = ctx->srv;
	struct db_invite rec;
	struct srv_invite *iv;
	char what[400], summary[520], when[40];
	int rc;

	memset(&rec, 0, sizeof(rec));
	if ((rc = invite_args(ctx, ctx->argv[1], 2, &rec)) != 0)
		return rc;
	rec.kind = DB_INVITE_SEEK;
	if ((rc = srv_invite_add(s, &rec, ctx->conn->user->name, "", &iv)) != 0)
		return srv_cmd_fail(ctx, rc, "the seek could not be stored: %s",
		                    db_last_error(s->store));
	srv_invite_describe(s, iv, what, sizeof(what));
	srv_clock_format_time(iv->rec.expires, when, sizeof(when));
	snprintf(summary, sizeof(summary), "seek %lld: %s; expires %s", (long long)iv->rec.id, what,
	         when);
	reply_invite(ctx, iv, summary);
	return 0;
}

const struct srv_cmd srv_cmd_seek = {
    .name = "seek",
    .min_args = 1,
    .max_args = -1,
    .flags = SRV_CMD_LOGIN,
    .group = "people",
    .usage = "seek <scenario> [side=<side>|random] [rated|unrated] [clock=<clock>] "
             "[weekends=pause] [vacation=no] [option=value ...]",
    .help = "Offers a game to anyone. It is listed by seeks, and the first user who runs "
            "accept <id> plays you, both seated at once (you are told). The side is yours "
            "(random if none), rated, the clock and options as for new. unseek withdraws it; it "
            "expires 10 days after it was made. Users you block do not see it.",
    .exec = exec_seek,
};

/* 1 if me may see (and accept) iv: neither blocks the other. */
static int visible(struct srv *s, const struct srv_invite *iv, int64_t me)
{
	if (me == 0 || iv->rec.from == me)
		return 1;
	return !srv_people_blocks(s, me, iv->rec.from) && !srv_people_blocks(s, iv->rec.from, me);
}

static int exec_seeks(struct srv_cmd_ctx *ctx)
{
	int64_t me = ctx->conn->user ? ctx->conn->user->id : 0;
	cJSON *data = cJSON_CreateObject();
	cJSON *lines = cJSON_AddArrayToObject(data, "lines");
	cJSON *list = cJSON_AddArrayToObject(data, "seeks");
	char summary[64];

	for (size_t i = 0; i < ctx->srv->ninvites; i++) {
		const struct srv_invite *iv = ctx->srv->invites[i];
		if (iv->rec.kind == DB_INVITE_SEEK && visible(ctx->srv, iv, me))
			list_line(ctx, lines, list, iv);
	}
	snprintf(summary, sizeof(summary), "%d open seek%s", cJSON_GetArraySize(list),
	         cJSON_GetArraySize(list) == 1 ? "" : "s");
	cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

const struct srv_cmd srv_cmd_seeks = {
    .name = "seeks",
    .min_args = 0,
    .max_args = 0,
    .group = "people",
    .usage = "seeks",
    .help = "Lists the open seeks, oldest first. Not those of users you block or who block "
            "you; id, scenario, who seeks and their side, clock, options and expiry.",
    .exec = exec_seeks,
};

static int exec_unseek(struct srv_cmd_ctx *ctx)
{
	struct srv *s = ctx->srv;
	int64_t me = ctx->conn->user->id, id = 0;
	char summary[80];
	int n = 0;

	if (ctx->argc > 1 && srv_parse_id(ctx->argv[1], &id) != 0)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "'%.30s' is not a seek id", ctx->argv[1]);
	if (id > 0) {
		struct srv_invite *iv = srv_invite_get(s, id);
		if (iv == NULL || iv->rec.kind != DB_INVITE_SEEK)
			return srv_cmd_fail(ctx, WG_E_NOT_FOUND, "there is no open seek %lld",
			                    (long long)id);
		if (iv->rec.from != me)
			return srv_cmd_fail(ctx, WG_E_FORBIDDEN, "seek %lld is %s's, not yours",
			                    (long long)id, iv->from_name);
	}
	for (size_t i = 0; i < s->ninvites;) {
		struct srv_invite *iv = s->invites[i];
		if (iv->rec.kind != DB_INVITE_SEEK || iv->rec.from != me ||
		    (id > 0 && iv->rec.id != id)) {
			i++;
			continue;
		}
		if (srv_invite_close(s, iv, DB_INVITE_WITHDRAWN, 0) != 0)
			return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(s->store));
		n++;
	}
	snprintf(summary, sizeof(summary), "%d seek%s withdrawn", n, n == 1 ? "" : "s");
	srv_conn_ok_text(ctx->conn, ctx->tag, summary);
	return 0;
}

const struct srv_cmd srv_cmd_unseek = {
    .name = "unseek",
    .min_args = 0,
    .max_args = 1,
    .flags = SRV_CMD_LOGIN,
    .group = "people",
    .usage = "unseek [<id>]",
    .help = "Withdraws your seek <id>, or all your open seeks.",
    .exec = exec_unseek,
};

/* ---- accept, decline ---- */

/* The invite named by argv[1..]: [challenge|seek] <id>. */
static struct srv_invite *named_invite(struct srv_cmd_ctx *ctx)
{
	int kind = -1;
	int64_t id;
	int at = 1;
	struct srv_invite *iv;

	if (ctx->argc == 3) {
		if (strcasecmp(ctx->argv[1], "challenge") == 0)
			kind = DB_INVITE_CHALLENGE;
		else if (strcasecmp(ctx->argv[1], "seek") == 0)
			kind = DB_INVITE_SEEK;
		else {
			srv_cmd_fail(ctx, WG_E_BAD_ARGS,
			             "%s [challenge|seek] <id>: '%.20s' is not challenge or seek",
			             ctx->argv[0], ctx->argv[1]);
			return NULL;
		}
		at = 2;
	}
	if (srv_parse_id(ctx->argv[at], &id) != 0) {
		srv_cmd_fail(ctx, WG_E_BAD_ARGS, "%s [challenge|seek] <id>: '%.20s' is not an id",
		             ctx->argv[0], ctx->argv[at]);
		return NULL;
	}
	srv_invites_tick(ctx->srv); /* one that has just expired cannot be answered */
	iv = srv_invite_get(ctx->srv, id);
	if (iv == NULL || (kind >= 0 && iv->rec.kind != kind)) {
		srv_cmd_fail(ctx, WG_E_NOT_FOUND,
		             "there is no open %s %lld (answered, withdrawn or expired?)",
		             kind == DB_INVITE_SEEK        ? "seek"
		             : kind == DB_INVITE_CHALLENGE ? "challenge"
		                                           : "challenge or seek",
		             (long long)id);
		return NULL;
	}
	return iv;
}

static int accept_invite(struct srv_cmd_ctx *ctx);
static int decline_invite(struct srv_cmd_ctx *ctx);

/* accept draw|pause|takeback / decline ... are the offers of a game (cmd-offer.c). */
static int is_offer(const struct srv_cmd_ctx *ctx)
{
	return ctx->argc >= 2 && srv_offer_is(ctx->argv[1]);
}

static int exec_accept(struct srv_cmd_ctx *ctx)
{
	return is_offer(ctx) ? srv_offer_answer(ctx, 1) : accept_invite(ctx);
}

static int exec_decline(struct srv_cmd_ctx *ctx)
{
	return is_offer(ctx) ? srv_offer_answer(ctx, 0) : decline_invite(ctx);
}

static int accept_invite(struct srv_cmd_ctx *ctx)
{
	struct srv *s = ctx->srv;
	struct srv_user *me = ctx->conn->user;
	struct srv_invite *iv = named_invite(ctx);
	const struct rules_catalog_entry *e;
	struct rules_options opts;
	struct srv_outcome out;
	struct srv_game *g;
	struct srv_tc tc;
	char why[200], text[400], from[DB_NAME_MAX + 1];
	int64_t from_id, id;
	int rc, kind;

	if (iv == NULL)
		return ctx->err.code;
	if (iv->rec.from == me->id)
		return srv_cmd_fail(ctx, WG_E_FORBIDDEN,
		                    "%lld is your own; decline %lld (or unseek) withdraws it",
		                    (long long)iv->rec.id, (long long)iv->rec.id);
	if (iv->rec.kind == DB_INVITE_CHALLENGE && iv->rec.to != me->id)
		return srv_cmd_fail(ctx, WG_E_FORBIDDEN, "challenge %lld is for %s, not you",
		                    (long long)iv->rec.id, iv->to_name);
	if (!visible(s, iv, me->id))
		return srv_cmd_fail(ctx, WG_E_BLOCKED, "you and %s block each other's games",
		                    iv->from_name);
	if ((e = rules_catalog_find(&s->catalog, iv->rec.scenario)) == NULL)
		return srv_cmd_fail(ctx, WG_E_NO_SUCH_SCENARIO,
		                    "scenario %s is no longer installed", iv->rec.scenario);
	if (srv_options_parse(iv->rec.options, &opts) != 0 ||
	    srv_tc_parse(&tc, iv->rec.clock, why, sizeof(why)) != 0)
		return srv_cmd_fail(ctx, WG_E_INTERNAL, "the stored options are unreadable");
	{
		struct srv_actor creator = {.user = iv->rec.from,
		                            .name = iv->from_name,
		                            .via = ctx->conn->id,
		                            .version = -1,
		                            .decision = -1};
		struct srv_actor who = {.user = me->id,
		                        .name = me->name,
		                        .via = ctx->conn->id,
		                        .version = -1,
		                        .decision = -1};
		if ((rc = srv_host_create(s, e, &creator, iv->rec.side, 0, &opts, iv->rec.options,
		                          &tc, &g, &ctx->err)) != 0)
			return rc;
		srv_outcome_init(&out);
		if ((rc = srv_host_seat(s, g, &who, -1, &out, &ctx->err)) != 0) {
			srv_outcome_release(&out);
			return rc;
		}
		if (iv->rec.rated && srv_rating_mark(s, g->rec.id) != 0) {
			srv_outcome_release(&out);
			return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(s->store));
		}
	}
	id = iv->rec.id;
	kind = iv->rec.kind;
	from_id = iv->rec.from;
	snprintf(from, sizeof(from), "%s", iv->from_name);
	if (srv_invite_close(s, iv, DB_INVITE_ACCEPTED, g->rec.id) != 0) {
		srv_outcome_release(&out);
		return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(s->store));
	}
	ctx->conn->current_game = g->rec.id;
	cJSON_AddNumberToObject(out.reply, "invite", (double)id);
	if (ctx->conn->mode == PROTO_JSON) {
		cJSON_AddNumberToObject(out.reply, "v", (double)out.version);
		cJSON_AddNumberToObject(out.reply, "d", (double)out.decision);
	}
	srv_conn_ok(ctx->conn, ctx->tag, out.reply);
	{
		cJSON *ev = cJSON_CreateObject();
		snprintf(text, sizeof(text), "%s accepted your %s %lld: game %lld, you play %s",
		         me->name, kind == DB_INVITE_SEEK ? "seek" : "challenge", (long long)id,
		         (long long)g->rec.id, srv_game_side_name(g, srv_game_side_of(g, from_id)));
		cJSON_AddStringToObject(ev, "event", "accepted");
		cJSON_AddNumberToObject(ev, "id", (double)id);
		cJSON_AddStringToObject(ev, "kind", kind == DB_INVITE_SEEK ? "seek" : "challenge");
		cJSON_AddStringToObject(ev, "by", me->name);
		cJSON_AddNumberToObject(ev, "game", (double)g->rec.id);
		cJSON_AddStringToObject(ev, "text", text);
		srv_notify(s, from_id, 0, ev, NULL);
		cJSON_Delete(ev);
	}
	srv_host_publish(s, g, &out);
	return 0;
}

const struct srv_cmd srv_cmd_accept = {
    .name = "accept",
    .min_args = 1,
    .max_args = 2,
    .flags = SRV_CMD_LOGIN | SRV_CMD_GAME,
    .group = "people",
    .usage = "accept [challenge|seek] <id> | accept draw|pause|takeback [game=<id>]",
    .help = "Accepts a challenge made to you or an open seek. The game is created at once "
            "with both players seated, and becomes your current game. Challenges and seeks "
            "share one numbering, so the id alone is enough; the word checks the kind. accept "
            "draw, pause or takeback accepts what your opponent offers in the current game "
            "(offer).",
    .exec = exec_accept,
};

static int decline_invite(struct srv_cmd_ctx *ctx)
{
	struct srv *s = ctx->srv;
	struct srv_user *me = ctx->conn->user;
	struct srv_invite *iv = named_invite(ctx);
	int64_t id, other;
	int own, kind;
	char text[200], summary[120];
	cJSON *ev;

	if (iv == NULL)
		return ctx->err.code;
	own = iv->rec.from == me->id;
	if (!own && (iv->rec.kind != DB_INVITE_CHALLENGE || iv->rec.to != me->id))
		return srv_cmd_fail(ctx, WG_E_FORBIDDEN,
		                    "%s %lld is not yours to decline (a seek you do not want needs "
		                    "no answer)",
		                    iv->rec.kind == DB_INVITE_SEEK ? "seek" : "challenge",
		                    (long long)iv->rec.id);
	id = iv->rec.id;
	kind = iv->rec.kind;
	other = own ? iv->rec.to : iv->rec.from;
	snprintf(text, sizeof(text),
	         own ? "%s withdrew challenge %lld" : "%s declined challenge %lld", me->name,
	         (long long)id);
	ev = srv_invite_event(s, iv, own ? "withdrawn" : "declined", text);
	if (srv_invite_close(s, iv, own ? DB_INVITE_WITHDRAWN : DB_INVITE_DECLINED, 0) != 0) {
		cJSON_Delete(ev);
		return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(s->store));
	}
	snprintf(summary, sizeof(summary), "%s %lld %s",
	         kind == DB_INVITE_SEEK ? "seek" : "challenge", (long long)id,
	         own ? "withdrawn" : "declined");
	srv_conn_ok_text(ctx->conn, ctx->tag, summary);
	if (other != 0)
		srv_notify(s, other, 0, ev, NULL);
	cJSON_Delete(ev);
	return 0;
}

const struct srv_cmd srv_cmd_decline = {
    .name = "decline",
    .min_args = 1,
    .max_args = 2,
    .flags = SRV_CMD_LOGIN | SRV_CMD_GAME,
    .group = "people",
    .usage = "decline [challenge|seek] <id> | decline draw|pause|takeback [game=<id>]",
    .help = "Declines a challenge made to you (its sender is told), or withdraws a challenge "
            "or seek of your own. decline draw, pause or takeback declines your opponent's "
            "offer in the current game.",
    .exec = exec_decline,
};

/* ---- invite: a private game's token, or an invitation by name (private.h) ---- */

static int exec_invite(struct srv_cmd_ctx *ctx)
{
	struct srv *s = ctx->srv;
	struct srv_user *me = ctx->conn->user;
	struct srv_game *g;
	struct db_user u;
	char summary[300], text[400];
	cJSON *data, *ev;
	int64_t id;
	int rc;

	if (srv_parse_id(ctx->argv[1], &id) != 0)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "'%.30s' is not a game id", ctx->argv[1]);
	if ((g = srv_game_get(s, id)) == NULL || !srv_private_allowed(g, ctx->conn))
		return srv_cmd_fail(ctx, WG_E_NO_SUCH_GAME, "there is no game %lld of yours",
		                    (long long)id);
	if (srv_game_side_of(g, me->id) < 0)
		return srv_cmd_fail(ctx, WG_E_NOT_A_PLAYER, "only the players of game %lld invite",
		                    (long long)id);
	if (!g->rec.private_game)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "game %lld is not private: anyone may join or watch it",
		                    (long long)id);
	if (ctx->argc < 3) {
		/* the token, for a player to pass on */
		data = cJSON_CreateObject();
		cJSON_AddNumberToObject(data, "game", (double)id);
		cJSON_AddStringToObject(data, "token", g->token);
		snprintf(summary, sizeof(summary), "join %lld %s or watch %lld %s", (long long)id,
		         g->token, (long long)id, g->token);
		cJSON_AddStringToObject(data, "summary", summary);
		srv_conn_ok(ctx->conn, ctx->tag, data);
		cJSON_Delete(data);
		return 0;
	}
	if ((rc = user_by_name(ctx, ctx->argv[2], &u)) != 0)
		return rc;
	if (u.id == me->id)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "you play in game %lld already",
		                    (long long)id);
	if (srv_people_blocks(s, u.id, me->id))
		return srv_cmd_fail(ctx, WG_E_BLOCKED, "%s does not accept invitations from you",
		                    u.name);
	if ((rc = srv_private_invite(s, g, u.id)) != 0)
		return srv_cmd_fail(ctx, rc, "the invitation could not be stored: %s",
		                    db_last_error(s->store));
	data = cJSON_CreateObject();
	cJSON_AddNumberToObject(data, "game", (double)id);
	cJSON_AddStringToObject(data, "user", u.name);
	snprintf(summary, sizeof(summary),
	         "invited %s to private game %lld: %s may join or watch it", u.name, (long long)id,
	         u.name);
	cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	/* the invited user hears of it now if online; `games` lists the game to them anyway */
	snprintf(text, sizeof(text),
	         "%s invites you to private game %lld (%s): join %lld or watch %lld", me->name,
	         (long long)id, g->rec.scenario, (long long)id, (long long)id);
	ev = cJSON_CreateObject();
	cJSON_AddStringToObject(ev, "event", "invited");
	cJSON_AddNumberToObject(ev, "game", (double)id);
	cJSON_AddStringToObject(ev, "from", me->name);
	cJSON_AddStringToObject(ev, "scenario", g->rec.scenario);
	cJSON_AddStringToObject(ev, "text", text);
	srv_people_send(s, u.id, ev);
	cJSON_Delete(ev);
	return 0;
}

const struct srv_cmd srv_cmd_invite = {
    .name = "invite",
    .min_args = 1,
    .max_args = 2,
    .flags = SRV_CMD_LOGIN,
    .group = "lobby",
    .usage = "invite <game> [user]",
    .help = "Lets a user into a private game you play in. The user, invited by name, may "
            "join or watch it without its token, and is told if online. Without a user, "
            "shows the game's token to pass on (`join <game> <token>`, `watch <game> "
            "<token>`).",
    .exec = exec_invite,
};
