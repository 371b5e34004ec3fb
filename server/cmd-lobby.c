/*
 * cmd-lobby.c -- lobby verbs: scenarios, new, games, join, watch, unwatch,
 * use.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "protocol/tokenize.h"

#include "clock.h"
#include "cmd.h"
#include "conn.h"
#include "fanout.h"
#include "games.h"
#include "host.h"
#include "private.h"
#include "ratings.h"
#include "server.h"

static void add_linef(cJSON *lines, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add_linef(cJSON *lines, const char *fmt, ...)
{
	char buf[600];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	cJSON_AddItemToArray(lines, cJSON_CreateString(buf));
}

static int exec_scenarios(struct srv_cmd_ctx *ctx)
{
	const struct rules_catalog *cat = &ctx->srv->catalog;
	cJSON *data = cJSON_CreateObject();
	cJSON *lines = cJSON_AddArrayToObject(data, "lines");
	cJSON *list = cJSON_AddArrayToObject(data, "scenarios");
	cJSON *failed = cJSON_AddArrayToObject(data, "failed");
	char summary[64];

	for (size_t i = 0; i < cat->count; i++) {
		const struct rules_catalog_entry *e = cat->entries[i];
		cJSON *o = cJSON_CreateObject();
		cJSON *sides = cJSON_AddArrayToObject(o, "sides");
		cJSON_AddStringToObject(o, "id", e->info.id);
		cJSON_AddStringToObject(o, "ruleset", e->rs->name);
		cJSON_AddStringToObject(o, "title", e->info.title);
		cJSON_AddStringToObject(o, "description", e->info.description);
		for (int s = 0; s < RULES_SIDES; s++)
			cJSON_AddItemToArray(sides, cJSON_CreateString(e->info.side_names[s]));
		cJSON_AddItemToArray(list, o);
		add_linef(lines, "%-16s %-9s %s (%s vs %s)", e->info.id, e->rs->name, e->info.title,
		          e->info.side_names[0], e->info.side_names[1]);
		add_linef(lines, "%-16s %-9s %s", "", "", e->info.description);
		{
			/* the side record: games, wins per side (ratings.h) */
			struct srv_side_record rec;
			cJSON *r = cJSON_AddObjectToObject(o, "record"), *rs;
			srv_side_record(ctx->srv, e->info.id, 0, &rec);
			cJSON_AddNumberToObject(r, "games", (double)rec.games);
			cJSON_AddNumberToObject(r, "draws", (double)rec.draws);
			rs = cJSON_AddArrayToObject(r, "sides");
			for (int s = 0; s < RULES_SIDES; s++) {
				cJSON *x = cJSON_CreateObject();
				cJSON_AddStringToObject(x, "side", e->info.side_names[s]);
				cJSON_AddNumberToObject(x, "wins", (double)rec.wins[s]);
				cJSON_AddItemToArray(rs, x);
			}
			if (rec.games > 0)
				add_linef(lines,
				          "%-16s %-9s record: %ld games, %s won %ld, %s won %ld, "
				          "%ld drawn",
				          "", "", rec.games, e->info.side_names[0], rec.wins[0],
				          e->info.side_names[1], rec.wins[1], rec.draws);
		}
	}
	for (size_t i = 0; i < cat->nfailures; i++) {
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "source", cat->failures[i].source);
		cJSON_AddStringToObject(o, "message", cat->failures[i].message);
		cJSON_AddItemToArray(failed, o);
		add_linef(lines, "not loaded: %s", cat->failures[i].message);
	}
	snprintf(summary, sizeof(summary), "%zu scenarios", cat->count);
	cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

const struct srv_cmd srv_cmd_scenarios = {
    .name = "scenarios",
    .min_args = 0,
    .max_args = 0,
    .group = "lobby",
    .usage = "scenarios",
    .help = "Lists the installed scenarios with their ruleset, sides and a one-line "
            "description, the side record of the games finished (games, wins per side, draws), "
            "and every scenario file that failed validation with the reason.",
    .exec = exec_scenarios,
};

static int side_index(const struct rules_scenario_info *info, const char *name)
{
	for (int s = 0; s < RULES_SIDES; s++)
		if (strcasecmp(info->side_names[s], name) == 0)
			return s;
	return -2;
}

void srv_new_args_release(struct srv_new_args *a)
{
	proto_buf_release(&a->optext);
}

int srv_new_args_parse(struct srv_cmd_ctx *ctx, const struct rules_catalog_entry *e, int first,
                       int allow_private, struct srv_new_args *a)
{
	memset(a, 0, sizeof(*a));
	a->side = -1;
	proto_buf_init(&a->optext);
	for (int i = first; i < ctx->argc; i++) {
		const char *arg = ctx->argv[i];
		const char *eq = strchr(arg, '=');
		if (strncasecmp(arg, "clock=", 6) == 0 || strncasecmp(arg, "weekends=", 9) == 0 ||
		    strncasecmp(arg, "vacation=", 9) == 0) {
			/* the server's time control (clock.h), not an option of the rules */
			char why[200];
			if (srv_tc_parse_token(&a->tc,
			                       strncasecmp(arg, "clock=", 6) == 0 ? arg + 6 : arg,
			                       why, sizeof(why)) != 0)
				return srv_cmd_fail(ctx, WG_E_BAD_OPTION, "%s", why);
		} else if (allow_private && strcasecmp(arg, "private") == 0) {
			a->private_game = 1;
		} else if (strcasecmp(arg, "rated") == 0 || strcasecmp(arg, "unrated") == 0) {
			a->rated = strcasecmp(arg, "rated") == 0; /* ratings.h */
		} else if (strcasecmp(arg, "random") == 0 || strcasecmp(arg, "side=random") == 0) {
			a->side = -1;
		} else if (strncasecmp(arg, "side=", 5) == 0) {
			a->side = side_index(&e->info, arg + 5);
			if (a->side < 0)
				return srv_cmd_fail(
				    ctx, WG_E_BAD_ARGS, "side is %s, %s or random, not '%.30s'",
				    e->info.side_names[0], e->info.side_names[1], arg + 5);
		} else if (side_index(&e->info, arg) >= 0 && eq == NULL) {
			a->side = side_index(&e->info, arg);
		} else if (eq != NULL && eq != arg && a->opts.count < RULES_MAX_OPTIONS &&
		           (size_t)(eq - arg) < sizeof(a->opts.items[0].key) &&
		           strlen(eq + 1) < sizeof(a->opts.items[0].value)) {
			size_t k = a->opts.count++;
			snprintf(a->opts.items[k].key, sizeof(a->opts.items[k].key), "%.*s",
			         (int)(eq - arg), arg);
			snprintf(a->opts.items[k].value, sizeof(a->opts.items[k].value), "%s",
			         eq + 1);
			if (a->optext.len > 0)
				proto_buf_addch(&a->optext, ' ');
			proto_quote(&a->optext, arg);
		} else {
			return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
			                    "'%.40s' is not side=<side>,%s or option=value", arg,
			                    allow_private ? " private" : "");
		}
	}
	if (a->optext.len >= DB_OPTIONS_MAX)
		return srv_cmd_fail(ctx, WG_E_TOO_LONG, "options too long");
	{
		char why[200];
		srv_tc_format(&a->tc, a->spec, sizeof(a->spec));
		if (srv_tc_parse(&a->tc, a->spec, why, sizeof(why)) !=
		    0) /* flags that fit no kind */
			return srv_cmd_fail(ctx, WG_E_BAD_OPTION, "%s", why);
	}
	return 0;
}

static int exec_new(struct srv_cmd_ctx *ctx)
{
	const struct rules_catalog_entry *e = rules_catalog_find(&ctx->srv->catalog, ctx->argv[1]);
	struct srv_new_args a;
	struct srv_game *g = NULL;
	int side, rc;
	char summary[200];
	cJSON *data;

	if (e == NULL)
		return srv_cmd_fail(ctx, WG_E_NO_SUCH_SCENARIO,
		                    "no scenario '%.40s'; `scenarios` lists them", ctx->argv[1]);
	if ((rc = srv_quota_open_game(ctx->srv, ctx->conn->user->id, summary, sizeof(summary))) !=
	    0)
		return srv_cmd_fail(ctx, rc, "%s", summary);
	if ((rc = srv_new_args_parse(ctx, e, 2, 1, &a)) != 0) {
		srv_new_args_release(&a);
		return rc;
	}
	{
		struct srv_actor who = {.user = ctx->conn->user->id,
		                        .name = ctx->conn->user->name,
		                        .via = ctx->conn->id,
		                        .version = -1,
		                        .decision = -1};
		rc = srv_host_create(ctx->srv, e, &who, a.side, a.private_game, &a.opts,
		                     a.optext.data ? a.optext.data : "", &a.tc, &g, &ctx->err);
	}
	srv_new_args_release(&a);
	if (rc == 0 && a.rated && srv_rating_mark(ctx->srv, g->rec.id) != 0)
		rc = srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(ctx->srv->store));
	if (rc != 0)
		return rc;
	if (a.private_game && (rc = srv_private_new(ctx->srv, g)) != 0)
		return srv_cmd_fail(ctx, rc, "game %lld was created, but not its token: %s",
		                    (long long)g->rec.id, db_last_error(ctx->srv->store));
	side = srv_game_side_of(g, ctx->conn->user->id);
	ctx->conn->current_game = g->rec.id;
	data = cJSON_CreateObject();
	cJSON_AddNumberToObject(data, "game", (double)g->rec.id);
	cJSON_AddStringToObject(data, "scenario", e->info.id);
	cJSON_AddStringToObject(data, "side", e->info.side_names[side]);
	cJSON_AddBoolToObject(data, "private", a.private_game);
	if (a.private_game)
		cJSON_AddStringToObject(data, "token", g->token);
	cJSON_AddStringToObject(data, "commitment", g->rec.commitment);
	cJSON_AddStringToObject(data, "clock", a.spec);
	if (a.rated) /* only then: the member is new (docs/tournaments.md) */
		cJSON_AddBoolToObject(data, "rated", 1);
	if (a.private_game)
		snprintf(summary, sizeof(summary),
		         "private game %lld created%s; you play %s; opponent: join %lld %s",
		         (long long)g->rec.id, a.rated ? " (rated)" : "", e->info.side_names[side],
		         (long long)g->rec.id, g->token);
	else
		snprintf(summary, sizeof(summary),
		         "game %lld created%s; you play %s; waiting for an opponent",
		         (long long)g->rec.id, a.rated ? " (rated)" : "", e->info.side_names[side]);
	cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

const struct srv_cmd srv_cmd_new = {
    .name = "new",
    .min_args = 1,
    .max_args = -1,
    .flags = SRV_CMD_LOGIN,
    .group = "lobby",
    .usage = "new <scenario> [side=<side>|random] [private] [rated|unrated] [clock=<clock>] "
             "[weekends=pause] [vacation=no] [option=value ...]",
    .help = "Creates a game of a scenario and seats you on the side you name (random if "
            "none). A private game is not listed, and only those with its token (in the "
            "reply: `join <game> <token>`, `watch <game> <token>`) or invited by name "
            "(invite) may join, watch or read it. clock= is the "
            "time control: none (default), live:<minutes>+<seconds>, days:<n> or "
            "fischer:<hours>+<hours>/<cap hours>; weekends=pause stops a correspondence "
            "clock from Saturday to Monday 00:00 UTC; vacation=no keeps it running through "
            "vacations (docs/clocks.md). rated: the game changes both players' ratings in the "
            "scenario (unrated by default). Other options are passed to the rules (see docs/ "
            "for each ruleset). The reply carries the SHA-256 commitment to the game's dice "
            "seed, revealed when the game ends.",
    .exec = exec_new,
};

static int exec_games(struct srv_cmd_ctx *ctx)
{
	const char *filter = ctx->argc > 1 ? ctx->argv[1] : "all";
	int64_t me = ctx->conn->user ? ctx->conn->user->id : 0;
	cJSON *data, *lines, *list;
	char summary[64];
	int n = 0, hidden;

	if (strcasecmp(filter, "mine") == 0)
		filter = "mine";
	else if (strcasecmp(filter, "open") == 0)
		filter = "open";
	else if (strcasecmp(filter, "live") == 0)
		filter = "live";
	else if (strcasecmp(filter, "all") == 0)
		filter = "all";
	else
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "games mine|open|live|all");
	if (strcmp(filter, "mine") == 0 && me == 0)
		return srv_cmd_fail(ctx, WG_E_NOT_LOGGED_IN, "log in to list your games");
	data = cJSON_CreateObject();
	lines = cJSON_AddArrayToObject(data, "lines");
	list = cJSON_AddArrayToObject(data, "games");
	for (int64_t id = ctx->srv->maxgame; id >= 1 && n < 200; id--) {
		struct srv_game *g = srv_game_get(ctx->srv, id);
		int mine, side;
		if (g == NULL)
			continue;
		side = srv_game_side_of(g, me);
		mine = side >= 0;
		/* a private game: listed to its players and to the users invited to it */
		hidden = g->rec.private_game && !mine && !srv_private_invited(g, me);
		if (strcmp(filter, "mine") == 0 && !mine)
			continue;
		if (strcmp(filter, "open") == 0 &&
		    (g->rec.status != DB_GAME_OPEN || hidden || mine))
			continue;
		if (strcmp(filter, "live") == 0 && (g->rec.status != DB_GAME_ACTIVE || hidden))
			continue;
		if (strcmp(filter, "all") == 0 && hidden)
			continue;
		cJSON *o = cJSON_CreateObject();
		cJSON_AddNumberToObject(o, "game", (double)id);
		cJSON_AddStringToObject(o, "scenario", g->rec.scenario);
		cJSON_AddStringToObject(o, "status", srv_game_status_name(g->rec.status));
		cJSON_AddNumberToObject(o, "v", (double)g->rec.version);
		cJSON *seats = cJSON_AddObjectToObject(o, "seats");
		for (int s = 0; s < 2; s++)
			cJSON_AddStringToObject(seats, srv_game_side_name(g, s),
			                        g->seat_name[s][0] ? g->seat_name[s] : "");
		if (mine)
			cJSON_AddStringToObject(o, "you", srv_game_side_name(g, side));
		cJSON_AddBoolToObject(o, "private", g->rec.private_game);
		cJSON_AddItemToArray(list, o);
		{
			char spec[SRV_TC_SPEC_MAX + 16], cl[300];
			srv_clock_describe(ctx->srv, g, o, cl, sizeof(cl));
			srv_tc_format(&g->clock.tc, spec, sizeof(spec));
			if (g->clock.paused_until > 0) /* an agreed pause runs (clock.h) */
				snprintf(spec + strlen(spec), sizeof(spec) - strlen(spec),
				         " paused");
			add_linef(
			    lines, "#%-5lld %-14s %-8s %s (%s) vs %s (%s)  v=%lld%s%s%s%s",
			    (long long)id, g->rec.scenario, srv_game_status_name(g->rec.status),
			    g->seat_name[0][0] ? g->seat_name[0] : "-", srv_game_side_name(g, 0),
			    g->seat_name[1][0] ? g->seat_name[1] : "-", srv_game_side_name(g, 1),
			    (long long)g->rec.version, g->clock.tc.kind != SRV_TC_NONE ? "  " : "",
			    g->clock.tc.kind != SRV_TC_NONE ? spec : "",
			    g->rec.private_game ? "  private" : "",
			    g->rec.status == DB_GAME_FINISHED ? "" : (mine ? "  (yours)" : ""));
		}
		n++;
	}
	snprintf(summary, sizeof(summary), "%d games (%s)", n, filter);
	cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

const struct srv_cmd srv_cmd_games = {
    .name = "games",
    .min_args = 0,
    .max_args = 1,
    .group = "lobby",
    .usage = "games [mine|open|live|all]",
    .help = "Lists games, newest first (at most 200): mine (where you hold a seat), open "
            "(waiting for an opponent), live (being played) or all (default). Private games "
            "are listed only to their players and to the users invited to them.",
    .exec = exec_games,
};

static struct srv_game *target_game(struct srv_cmd_ctx *ctx, const char *arg)
{
	int64_t id;
	struct srv_game *g;

	if (srv_parse_id(arg, &id) != 0) {
		srv_cmd_fail(ctx, WG_E_BAD_ARGS, "'%.30s' is not a game id", arg);
		return NULL;
	}
	g = srv_game_get(ctx->srv, id);
	if (g == NULL)
		srv_cmd_fail(ctx, WG_E_NO_SUCH_GAME, "there is no game %lld", (long long)id);
	return g;
}

/*
 * A private game's door (private.h): 0 if c may go in -- the game is public, c may see it
 * already, or token (NULL: none given) is the game's -- else the refusal.
 */
static int private_door(struct srv_cmd_ctx *ctx, const struct srv_game *g, const char *token)
{
	char why[300];

	if (srv_private_allowed(g, ctx->conn) || (token != NULL && srv_private_token_ok(g, token)))
		return 0;
	return srv_cmd_fail(ctx, WG_E_FORBIDDEN, "%s",
	                    srv_private_refusal(g, token != NULL, why, sizeof(why)));
}

static int exec_join(struct srv_cmd_ctx *ctx)
{
	struct srv_game *g = target_game(ctx, ctx->argv[1]);
	const char *token = NULL;
	int side = -1;

	if (g == NULL)
		return ctx->err.code;
	for (int i = 2; i < ctx->argc; i++) {
		const char *name = ctx->argv[i];
		int s;
		if (strncasecmp(name, "side=", 5) == 0)
			name += 5;
		s = g->entry != NULL ? side_index(&g->entry->info, name) : -2;
		if (s >= 0 && side < 0)
			side = s;
		else if (g->rec.private_game && token == NULL && name == ctx->argv[i])
			token = name; /* not a side: the token of a private game */
		else
			return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "side is %s or %s, not '%.30s'",
			                    srv_game_side_name(g, 0), srv_game_side_name(g, 1),
			                    name);
	}
	if (private_door(ctx, g, token) != 0)
		return ctx->err.code;
	{
		struct srv_actor who = {.user = ctx->conn->user->id,
		                        .name = ctx->conn->user->name,
		                        .via = ctx->conn->id,
		                        .version = -1,
		                        .decision = -1};
		struct srv_outcome out;
		int rc;
		srv_outcome_init(&out);
		rc = srv_host_seat(ctx->srv, g, &who, side, &out, &ctx->err);
		if (rc != 0) {
			srv_outcome_release(&out);
			return rc;
		}
		srv_game_unwatch(g, ctx->conn);
		ctx->conn->current_game = g->rec.id;
		if (ctx->conn->mode == PROTO_JSON) {
			cJSON_AddNumberToObject(out.reply, "v", (double)out.version);
			cJSON_AddNumberToObject(out.reply, "d", (double)out.decision);
		}
		srv_conn_ok(ctx->conn, ctx->tag, out.reply);
		srv_host_publish(ctx->srv, g, &out);
		return 0;
	}
}

const struct srv_cmd srv_cmd_join = {
    .name = "join",
    .min_args = 1,
    .max_args = 3,
    .flags = SRV_CMD_LOGIN | SRV_CMD_SECRET,
    .group = "lobby",
    .usage = "join <game> [side] [token]",
    .help = "Takes the free seat of an open game (or the side you name); the game starts at "
            "once and becomes your current game. A private game needs its token (its "
            "creator has it) unless a player invited you.",
    .exec = exec_join,
};

static int exec_watch(struct srv_cmd_ctx *ctx)
{
	struct srv_game *g = target_game(ctx, ctx->argv[1]);
	char summary[128];

	if (g == NULL)
		return ctx->err.code;
	if (private_door(ctx, g, ctx->argc > 2 ? ctx->argv[2] : NULL) != 0)
		return ctx->err.code;
	if (ctx->conn->user != NULL && srv_game_side_of(g, ctx->conn->user->id) >= 0)
		return srv_cmd_fail(ctx, WG_E_ALREADY_SEATED,
		                    "you play in game %lld and already receive its events",
		                    (long long)g->rec.id);
	if (srv_game_watch(g, ctx->conn) != 0)
		return srv_cmd_fail(ctx, WG_E_NO_MEMORY, "out of memory");
	ctx->conn->current_game = g->rec.id;
	snprintf(summary, sizeof(summary), "watching game %lld", (long long)g->rec.id);
	srv_conn_ok_text(ctx->conn, ctx->tag, summary);
	return 0;
}

const struct srv_cmd srv_cmd_watch = {
    .name = "watch",
    .min_args = 1,
    .max_args = 2,
    .flags = SRV_CMD_SECRET,
    .group = "lobby",
    .usage = "watch <game> [token]",
    .help = "Follows a game as a spectator: you receive its public events (never a side's "
            "secrets) and it becomes your current game. A private game needs its token "
            "unless a player invited you.",
    .exec = exec_watch,
};

static int exec_unwatch(struct srv_cmd_ctx *ctx)
{
	struct srv_game *g = target_game(ctx, ctx->argv[1]);

	if (g == NULL)
		return ctx->err.code;
	if (!srv_conn_watching(ctx->conn, g->rec.id)) {
		srv_conn_ok_text(ctx->conn, ctx->tag, "you were not watching that game");
		return 0;
	}
	srv_game_unwatch(g, ctx->conn);
	srv_conn_ok_text(ctx->conn, ctx->tag, "stopped watching");
	return 0;
}

const struct srv_cmd srv_cmd_unwatch = {
    .name = "unwatch",
    .min_args = 1,
    .max_args = 1,
    .group = "lobby",
    .usage = "unwatch <game>",
    .help = "Stops following a game you watch.",
    .exec = exec_unwatch,
};

static int exec_use(struct srv_cmd_ctx *ctx)
{
	struct srv_game *g = target_game(ctx, ctx->argv[1]);
	char summary[128];

	if (g == NULL)
		return ctx->err.code;
	if (private_door(ctx, g, NULL) != 0)
		return ctx->err.code;
	ctx->conn->current_game = g->rec.id;
	snprintf(summary, sizeof(summary), "current game is %lld", (long long)g->rec.id);
	srv_conn_ok_text(ctx->conn, ctx->tag, summary);
	return 0;
}

const struct srv_cmd srv_cmd_use = {
    .name = "use",
    .min_args = 1,
    .max_args = 1,
    .group = "lobby",
    .usage = "use <game>",
    .help = "Makes a game the current game of this connection; game verbs without game=<id> "
            "go to it.",
    .exec = exec_use,
};
