/*
 * cmd-tourney.c -- the tournament verbs: `tournament <verb> ...` (create,
 * list, join, leave, start, show, standings, games, pair, advance, bid, and
 * the director's adjudicate, withdraw, forfeit, pause), each a sub-verb with
 * its own usage and help (`help tournament <verb>`).  The work is tourney.c's
 * and its sibling files' (tourney_int.h); docs/tournaments.md has the rules
 * and decisions.
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
#include "pairing.h"
#include "server.h"
#include "tourney.h"

/* ---- helpers ---- */

static void reply(struct srv_cmd_ctx *ctx, cJSON *data, const char *summary)
{
	cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
}

static int64_t me(const struct srv_cmd_ctx *ctx)
{
	return ctx->conn->user != NULL ? ctx->conn->user->id : 0;
}

static int need_login(struct srv_cmd_ctx *ctx)
{
	if (ctx->conn->user == NULL)
		return srv_cmd_fail(ctx, WG_E_NOT_LOGGED_IN,
		                    "tournament %s needs you to log in first", ctx->argv[1]);
	return 0;
}

/* Loads the tournament named by argv[at]. */
static int load(struct srv_cmd_ctx *ctx, int at, struct srv_tourney *t)
{
	int64_t id;
	int rc;

	if (srv_parse_id(ctx->argv[at], &id) != 0)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "'%.30s' is not a tournament id",
		                    ctx->argv[at]);
	rc = srv_tourney_load(ctx->srv, id, t);
	if (rc == WG_E_NOT_FOUND)
		return srv_cmd_fail(ctx, WG_E_NOT_FOUND,
		                    "there is no tournament %lld; tournament list shows them",
		                    (long long)id);
	if (rc != 0)
		return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(ctx->srv->store));
	return 0;
}

static int director_only(struct srv_cmd_ctx *ctx, const struct srv_tourney *t)
{
	if (t->rec.director != me(ctx))
		return srv_cmd_fail(ctx, WG_E_FORBIDDEN,
		                    "only the director of tournament %lld (%s) may do that",
		                    (long long)t->rec.id, t->rec.director_name);
	return 0;
}

/* Fails with the tourney module's error. */
static int failed(struct srv_cmd_ctx *ctx, const struct rules_error *err)
{
	ctx->err = *err;
	return err->code;
}

/* ---- create, list ---- */

static int is_tourney_key(const char *a)
{
	static const char *const keys[] = {
	    "format=", "rounds=", "max=", "sides=", "deadline=", "overdue=", NULL};

	for (int i = 0; keys[i] != NULL; i++)
		if (strncasecmp(a, keys[i], strlen(keys[i])) == 0)
			return 1;
	return strcasecmp(a, "mulligan") == 0;
}

static int exec_create(struct srv_cmd_ctx *ctx)
{
	struct srv *s = ctx->srv;
	const struct rules_catalog_entry *e;
	struct srv_tsettings set;
	struct srv_new_args a;
	struct db_tourney rec;
	struct rules_match m;
	struct rules_error err;
	char settings[DB_TSETTINGS_MAX], why[300], summary[300];
	char **rest, **saved_argv = ctx->argv;
	int format = -1, nrest = 0, saved_argc = ctx->argc, rc;
	uint8_t seed[32] = {0};
	cJSON *data;

	if ((rc = need_login(ctx)) != 0)
		return rc;
	if (strlen(ctx->argv[2]) > DB_TNAME_MAX || ctx->argv[2][0] == '\0')
		return srv_cmd_fail(ctx, WG_E_TOO_LONG, "a tournament's name has 1 to %d bytes",
		                    DB_TNAME_MAX);
	for (const char *p = ctx->argv[2]; *p; p++)
		if ((unsigned char)*p < 0x20)
			return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
			                    "a tournament's name is printable text");
	if ((e = rules_catalog_find(&s->catalog, ctx->argv[3])) == NULL)
		return srv_cmd_fail(ctx, WG_E_NO_SUCH_SCENARIO,
		                    "no scenario '%.40s'; `scenarios` lists them", ctx->argv[3]);
	/* the tournament's own settings; the rest is new's (clock, vacation, rated, options) */
	settings[0] = '\0';
	rest = calloc((size_t)ctx->argc + 1, sizeof(*rest));
	if (rest == NULL)
		return srv_cmd_fail(ctx, WG_E_NO_MEMORY, "out of memory");
	rest[nrest++] = ctx->argv[0];
	for (int i = 4; i < ctx->argc; i++) {
		const char *arg = ctx->argv[i];
		if (strncasecmp(arg, "format=", 7) == 0) {
			if ((format = srv_tformat_parse(arg + 7)) < 0) {
				free(rest);
				return srv_cmd_fail(
				    ctx, WG_E_BAD_ARGS,
				    "format is rr, double-rr, swiss or knockout, not "
				    "'%.20s'",
				    arg + 7);
			}
		} else if (is_tourney_key(arg) || strcasecmp(arg, "rated") == 0 ||
		           strcasecmp(arg, "unrated") == 0) {
			size_t at = strlen(settings);
			if (at + strlen(arg) + 2 >= sizeof(settings)) {
				free(rest);
				return srv_cmd_fail(ctx, WG_E_TOO_LONG, "settings too long");
			}
			snprintf(settings + at, sizeof(settings) - at, "%s%s", at ? " " : "", arg);
		} else if (strncasecmp(arg, "side=", 5) == 0 || strcasecmp(arg, "random") == 0 ||
		           strcasecmp(arg, "private") == 0) {
			free(rest);
			return srv_cmd_fail(
			    ctx, WG_E_BAD_ARGS,
			    "'%.20s': the tournament gives the sides (sides=balanced or "
			    "sides=bid) and its games are public",
			    arg);
		} else {
			rest[nrest++] = ctx->argv[i];
		}
	}
	if (format < 0) {
		free(rest);
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "name the format: format=rr|double-rr|swiss|knockout");
	}
	if (srv_tsettings_parse(settings, &set, why, sizeof(why)) != 0) {
		free(rest);
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "%s", why);
	}
	if (set.rounds > 0 && format != SRV_TF_SWISS) {
		free(rest);
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "rounds= is for a Swiss; a %s's rounds follow from its players",
		                    srv_tformat_name(format));
	}
	if (set.mulligan && format != SRV_TF_KNOCKOUT) {
		free(rest);
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "mulligan is for a knockout");
	}
	if (set.bid && format == SRV_TF_DOUBLE) {
		free(rest);
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "a double round robin plays each pair once on each side: there "
		                    "is nothing to bid for (sides=balanced)");
	}
	if (set.max > 0 && (format == SRV_TF_RR || format == SRV_TF_DOUBLE) &&
	    set.max > SRV_TOURNEY_MAX_RR_PLAYERS) {
		free(rest);
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "a round robin has %d players at most",
		                    SRV_TOURNEY_MAX_RR_PLAYERS);
	}
	ctx->argv = rest;
	ctx->argc = nrest;
	rc = srv_new_args_parse(ctx, e, 1, 0, &a);
	ctx->argv = saved_argv;
	ctx->argc = saved_argc;
	free(rest);
	if (rc != 0) {
		srv_new_args_release(&a);
		return rc;
	}
	if (a.rated)
		set.rated = 1;
	/* the rules check their options now, not when the first round is paired */
	memset(&m, 0, sizeof(m));
	if ((rc = rules_match_create(&m, e->rs, e->sc, &a.opts, seed, &ctx->err)) != 0) {
		srv_new_args_release(&a);
		return rc;
	}
	rules_match_release(&m);
	memset(&rec, 0, sizeof(rec));
	snprintf(rec.name, sizeof(rec.name), "%s", ctx->argv[2]);
	snprintf(rec.scenario, sizeof(rec.scenario), "%s", e->info.id);
	rec.director = me(ctx);
	snprintf(rec.format, sizeof(rec.format), "%s", srv_tformat_name(format));
	srv_tsettings_format(&set, rec.settings, sizeof(rec.settings));
	snprintf(rec.clock, sizeof(rec.clock), "%s", a.spec);
	snprintf(rec.options, sizeof(rec.options), "%s", a.optext.data ? a.optext.data : "");
	srv_new_args_release(&a);
	memset(&err, 0, sizeof(err));
	if (srv_tourney_create(s, &rec, &err) != 0)
		return failed(ctx, &err);
	data = cJSON_CreateObject();
	cJSON_AddNumberToObject(data, "tournament", (double)rec.id);
	cJSON_AddStringToObject(data, "name", rec.name);
	cJSON_AddStringToObject(data, "scenario", rec.scenario);
	cJSON_AddStringToObject(data, "format", rec.format);
	cJSON_AddStringToObject(data, "settings", rec.settings);
	cJSON_AddStringToObject(data, "clock", rec.clock);
	cJSON_AddStringToObject(data, "options", rec.options);
	snprintf(summary, sizeof(summary),
	         "tournament %lld created: %s (%s, %s); players join with tournament join %lld",
	         (long long)rec.id, rec.name, rec.scenario, rec.format, (long long)rec.id);
	reply(ctx, data, summary);
	return 0;
}

struct list_ctx {
	cJSON *arr, *lines;
	int n;
};

static int list_one(void *arg, const struct db_tourney *t)
{
	static const char *const states[] = {"registration", "running", "finished"};
	struct list_ctx *l = arg;
	cJSON *o;
	char line[300];

	if (l->n >= 100)
		return 1;
	o = cJSON_CreateObject();
	cJSON_AddNumberToObject(o, "tournament", (double)t->id);
	cJSON_AddStringToObject(o, "name", t->name);
	cJSON_AddStringToObject(o, "scenario", t->scenario);
	cJSON_AddStringToObject(o, "format", t->format);
	cJSON_AddStringToObject(o, "director", t->director_name);
	cJSON_AddStringToObject(o, "state",
	                        t->state >= 0 && t->state <= 2 ? states[t->state] : "?");
	cJSON_AddNumberToObject(o, "round", t->round);
	cJSON_AddNumberToObject(o, "rounds", t->rounds);
	cJSON_AddItemToArray(l->arr, o);
	if (t->state == DB_TOURNEY_OPEN)
		snprintf(line, sizeof(line), "#%-4lld %-20.20s %-12.12s %-9s registration",
		         (long long)t->id, t->name, t->scenario, t->format);
	else
		snprintf(line, sizeof(line), "#%-4lld %-20.20s %-12.12s %-9s %s, round %d of %d",
		         (long long)t->id, t->name, t->scenario, t->format,
		         t->state == DB_TOURNEY_RUNNING ? (t->paused ? "paused" : "running")
		                                        : "finished",
		         t->round, t->rounds);
	cJSON_AddItemToArray(l->lines, cJSON_CreateString(line));
	l->n++;
	return 0;
}

static int exec_list(struct srv_cmd_ctx *ctx)
{
	const char *f = ctx->argc > 2 ? ctx->argv[2] : "all";
	unsigned mask;
	struct list_ctx l;
	cJSON *data = cJSON_CreateObject();
	char summary[64];

	if (strcasecmp(f, "open") == 0)
		mask = 1u << DB_TOURNEY_OPEN;
	else if (strcasecmp(f, "running") == 0)
		mask = 1u << DB_TOURNEY_RUNNING;
	else if (strcasecmp(f, "finished") == 0)
		mask = 1u << DB_TOURNEY_FINISHED;
	else if (strcasecmp(f, "all") == 0)
		mask = 7u;
	else {
		cJSON_Delete(data);
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "tournament list [open|running|finished|all]");
	}
	l.lines = cJSON_AddArrayToObject(data, "lines");
	l.arr = cJSON_AddArrayToObject(data, "tournaments");
	l.n = 0;
	db_tourney_each(ctx->srv->store, mask, list_one, &l);
	snprintf(summary, sizeof(summary), "%d tournament%s", l.n, l.n == 1 ? "" : "s");
	reply(ctx, data, summary);
	return 0;
}

/* ---- players ---- */

static int exec_join(struct srv_cmd_ctx *ctx)
{
	struct srv_tourney t;
	struct rules_error err;
	char summary[200];
	int rc;

	if ((rc = need_login(ctx)) != 0 || (rc = load(ctx, 2, &t)) != 0)
		return rc;
	memset(&err, 0, sizeof(err));
	rc = srv_tourney_join(ctx->srv, &t, me(ctx), &err);
	if (rc == 0)
		snprintf(summary, sizeof(summary),
		         "you are registered in tournament %lld (%s): %zu player%s so far",
		         (long long)t.rec.id, t.rec.name, t.nplayers + 1, t.nplayers ? "s" : "");
	srv_tourney_release(&t);
	if (rc != 0)
		return failed(ctx, &err);
	srv_conn_ok_text(ctx->conn, ctx->tag, summary);
	return 0;
}

static int exec_leave(struct srv_cmd_ctx *ctx)
{
	struct srv_tourney t;
	struct rules_error err;
	char summary[200];
	int rc, started;

	if ((rc = need_login(ctx)) != 0 || (rc = load(ctx, 2, &t)) != 0)
		return rc;
	memset(&err, 0, sizeof(err));
	started = t.rec.state != DB_TOURNEY_OPEN;
	rc = srv_tourney_leave(ctx->srv, &t, me(ctx), &err);
	snprintf(summary, sizeof(summary),
	         started ? "you withdrew from tournament %lld: your unfinished games are forfeited"
	                 : "you left tournament %lld",
	         (long long)t.rec.id);
	srv_tourney_release(&t);
	if (rc != 0)
		return failed(ctx, &err);
	srv_conn_ok_text(ctx->conn, ctx->tag, summary);
	return 0;
}

static int exec_bid(struct srv_cmd_ctx *ctx)
{
	const struct rules_catalog_entry *e;
	struct srv_tourney t;
	struct rules_error err;
	char *end, summary[200];
	long amount = strtol(ctx->argv[4], &end, 10);
	int rc, side = -1;

	if ((rc = need_login(ctx)) != 0 || (rc = load(ctx, 2, &t)) != 0)
		return rc;
	e = rules_catalog_find(&ctx->srv->catalog, t.rec.scenario);
	for (int k = 0; e != NULL && k < 2; k++)
		if (strcasecmp(e->info.side_names[k], ctx->argv[3]) == 0)
			side = k;
	if (side < 0) {
		srv_tourney_release(&t);
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "bid for a side of %s: %s or %s",
		                    t.rec.scenario, e ? e->info.side_names[0] : "?",
		                    e ? e->info.side_names[1] : "?");
	}
	if (*ctx->argv[4] == '\0' || *end != '\0' || amount < 0 || amount > SRV_TOURNEY_MAX_BID) {
		srv_tourney_release(&t);
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "a bid is a whole number from 0 to %d",
		                    SRV_TOURNEY_MAX_BID);
	}
	memset(&err, 0, sizeof(err));
	rc = srv_tourney_bid(ctx->srv, &t, me(ctx), side, (int)amount, summary, sizeof(summary),
	                     &err);
	srv_tourney_release(&t);
	if (rc != 0)
		return failed(ctx, &err);
	srv_conn_ok_text(ctx->conn, ctx->tag, summary);
	return 0;
}

/* ---- what anyone may see ---- */

static int exec_show(struct srv_cmd_ctx *ctx)
{
	struct srv_tourney t;
	cJSON *data;
	char summary[120];
	int rc;

	if ((rc = load(ctx, 2, &t)) != 0)
		return rc;
	data = cJSON_CreateObject();
	srv_tourney_show(ctx->srv, &t, me(ctx), data, cJSON_AddArrayToObject(data, "lines"));
	snprintf(summary, sizeof(summary), "tournament %lld", (long long)t.rec.id);
	srv_tourney_release(&t);
	reply(ctx, data, summary);
	return 0;
}

static int exec_standings(struct srv_cmd_ctx *ctx)
{
	struct srv_tourney t;
	cJSON *data;
	char summary[120];
	int rc, cross = 0;

	if (ctx->argc > 3) {
		if (strcasecmp(ctx->argv[3], "crosstable") != 0)
			return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
			                    "tournament standings <id> [crosstable]");
		cross = 1;
	}
	if ((rc = load(ctx, 2, &t)) != 0)
		return rc;
	if (t.rec.state == DB_TOURNEY_OPEN) {
		srv_tourney_release(&t);
		return srv_cmd_fail(ctx, WG_E_FORBIDDEN, "tournament %lld has not started",
		                    (long long)t.rec.id);
	}
	data = cJSON_CreateObject();
	cJSON_AddNumberToObject(data, "tournament", (double)t.rec.id);
	srv_tourney_standings(ctx->srv, &t, data, cJSON_AddArrayToObject(data, "lines"), cross);
	snprintf(summary, sizeof(summary), "standings of tournament %lld", (long long)t.rec.id);
	srv_tourney_release(&t);
	reply(ctx, data, summary);
	return 0;
}

static int exec_games(struct srv_cmd_ctx *ctx)
{
	struct srv_tourney t;
	cJSON *data;
	char summary[120];
	int64_t round = 0;
	int rc;

	if (ctx->argc > 3 && srv_parse_id(ctx->argv[3], &round) != 0)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "tournament games <id> [round]");
	if ((rc = load(ctx, 2, &t)) != 0)
		return rc;
	data = cJSON_CreateObject();
	cJSON_AddNumberToObject(data, "tournament", (double)t.rec.id);
	srv_tourney_games(ctx->srv, &t, (int)round, me(ctx), data,
	                  cJSON_AddArrayToObject(data, "lines"));
	snprintf(summary, sizeof(summary), "%d games of tournament %lld%s",
	         cJSON_GetArraySize(cJSON_GetObjectItem(data, "games")), (long long)t.rec.id,
	         round > 0 ? " in that round" : "");
	srv_tourney_release(&t);
	reply(ctx, data, summary);
	return 0;
}

/* ---- the director ---- */

/* start, pair, advance, pause: load, check the director, act, report the round. */
static int director_act(struct srv_cmd_ctx *ctx, const char *what)
{
	struct srv_tourney t;
	struct rules_error err;
	char summary[300];
	int rc, on = 1;

	if ((rc = need_login(ctx)) != 0 || (rc = load(ctx, 2, &t)) != 0)
		return rc;
	if ((rc = director_only(ctx, &t)) != 0) {
		srv_tourney_release(&t);
		return rc;
	}
	if (strcmp(what, "pause") == 0 && ctx->argc > 3) {
		if (strcasecmp(ctx->argv[3], "off") == 0)
			on = 0;
		else if (strcasecmp(ctx->argv[3], "on") != 0) {
			srv_tourney_release(&t);
			return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "tournament pause <id> [on|off]");
		}
	}
	memset(&err, 0, sizeof(err));
	if (strcmp(what, "start") == 0)
		rc = srv_tourney_start(ctx->srv, &t, &err);
	else if (strcmp(what, "pair") == 0)
		rc = srv_tourney_pair(ctx->srv, &t, &err);
	else if (strcmp(what, "advance") == 0)
		rc = srv_tourney_advance(ctx->srv, &t, &err);
	else
		rc = srv_tourney_pause(ctx->srv, &t, on, &err);
	srv_tourney_release(&t);
	if (rc != 0)
		return failed(ctx, &err);
	/* what it came to, read back */
	if (load(ctx, 2, &t) != 0)
		return ctx->err.code;
	if (t.rec.state == DB_TOURNEY_FINISHED)
		snprintf(summary, sizeof(summary), "tournament %lld is over: %s",
		         (long long)t.rec.id, t.rec.note);
	else if (strcmp(what, "pause") == 0)
		snprintf(summary, sizeof(summary), "tournament %lld %s", (long long)t.rec.id,
		         on ? "paused: no round is paired until tournament pause <id> off"
		            : "resumed");
	else
		snprintf(summary, sizeof(summary), "tournament %lld: round %d of %d%s",
		         (long long)t.rec.id, t.rec.round, t.rec.rounds,
		         strcmp(what, "advance") == 0 ? " (the round closed)" : " paired");
	{
		cJSON *data = cJSON_CreateObject();
		cJSON_AddNumberToObject(data, "tournament", (double)t.rec.id);
		cJSON_AddNumberToObject(data, "round", t.rec.round);
		cJSON_AddNumberToObject(data, "rounds", t.rec.rounds);
		srv_tourney_games(ctx->srv, &t, t.rec.round, me(ctx), data,
		                  cJSON_AddArrayToObject(data, "lines"));
		srv_tourney_release(&t);
		reply(ctx, data, summary);
	}
	return 0;
}

static int exec_start(struct srv_cmd_ctx *ctx)
{
	return director_act(ctx, "start");
}

static int exec_pair(struct srv_cmd_ctx *ctx)
{
	return director_act(ctx, "pair");
}

static int exec_advance(struct srv_cmd_ctx *ctx)
{
	return director_act(ctx, "advance");
}

static int exec_pause(struct srv_cmd_ctx *ctx)
{
	return director_act(ctx, "pause");
}

static int exec_withdraw(struct srv_cmd_ctx *ctx)
{
	struct srv_tourney t;
	struct rules_error err;
	struct db_user u;
	char summary[200];
	int rc;

	if ((rc = need_login(ctx)) != 0 || (rc = load(ctx, 2, &t)) != 0)
		return rc;
	if ((rc = director_only(ctx, &t)) != 0) {
		srv_tourney_release(&t);
		return rc;
	}
	if (strlen(ctx->argv[3]) > DB_NAME_MAX ||
	    db_user_by_name(ctx->srv->store, ctx->argv[3], &u) != 0) {
		srv_tourney_release(&t);
		return srv_cmd_fail(ctx, WG_E_NO_SUCH_USER, "there is no user '%.32s'",
		                    ctx->argv[3]);
	}
	memset(&err, 0, sizeof(err));
	rc = srv_tourney_withdraw(ctx->srv, &t, u.id, &err);
	snprintf(summary, sizeof(summary),
	         "%s is withdrawn from tournament %lld: unfinished games forfeited, no more "
	         "pairings",
	         u.name, (long long)t.rec.id);
	srv_tourney_release(&t);
	if (rc != 0)
		return failed(ctx, &err);
	srv_conn_ok_text(ctx->conn, ctx->tag, summary);
	return 0;
}

/* adjudicate and forfeit: a host action on a tournament game by its director. */
static int game_verdict(struct srv_cmd_ctx *ctx, enum rules_host_kind kind)
{
	struct srv *s = ctx->srv;
	struct srv_tourney t;
	struct db_tgame tg;
	struct srv_game *g;
	struct srv_outcome out;
	struct rules_host_action a = {.kind = kind, .side = -1, .winner = -1, .note = ""};
	struct srv_actor who = srv_system_actor;
	char note[200], err[300];
	int64_t id;
	int rc, side = -2;

	if ((rc = need_login(ctx)) != 0)
		return rc;
	if (srv_parse_id(ctx->argv[2], &id) != 0)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "'%.30s' is not a game id", ctx->argv[2]);
	if ((g = srv_game_get(s, id)) == NULL)
		return srv_cmd_fail(ctx, WG_E_NO_SUCH_GAME, "there is no game %lld", (long long)id);
	if (db_tgame_by_game(s->store, id, &tg) != 0)
		return srv_cmd_fail(ctx, WG_E_FORBIDDEN, "game %lld is no tournament's game",
		                    (long long)id);
	if ((rc = srv_tourney_load(s, tg.tourney, &t)) != 0)
		return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(s->store));
	rc = director_only(ctx, &t);
	srv_tourney_release(&t);
	if (rc != 0)
		return rc;
	if (srv_game_side_of(g, me(ctx)) >= 0)
		return srv_cmd_fail(ctx, WG_E_FORBIDDEN,
		                    "you play in game %lld: a director does not judge his own game "
		                    "(the round's deadline does)",
		                    (long long)id);
	if (srv_game_ensure_loaded(s, g, err, sizeof(err)) != 0)
		return srv_cmd_fail(ctx, WG_E_NO_SUCH_SCENARIO, "game %lld is not loaded: %s",
		                    (long long)id, err);
	/* the verdict: a side, a player of the game, or (adjudicate) draw */
	for (int k = 0; k < 2; k++)
		if (strcasecmp(ctx->argv[3], srv_game_side_name(g, k)) == 0 ||
		    strcasecmp(ctx->argv[3], g->seat_name[k]) == 0)
			side = k;
	if (kind == RULES_HOST_ADJUDICATE && strcasecmp(ctx->argv[3], "draw") == 0)
		side = -1;
	if (side < -1)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "name %s or %s (or %s or %s)%s",
		                    srv_game_side_name(g, 0), srv_game_side_name(g, 1),
		                    g->seat_name[0], g->seat_name[1],
		                    kind == RULES_HOST_ADJUDICATE ? ", or draw" : "");
	snprintf(note, sizeof(note), "the director%s%s", ctx->argc > 4 ? ": " : "",
	         ctx->argc > 4 ? ctx->argv[4] : "");
	a.note = note;
	if (kind == RULES_HOST_ADJUDICATE)
		a.winner = side;
	else
		a.side = side;
	who.via = ctx->conn->id;
	who.version = ctx->version;
	srv_outcome_init(&out);
	if ((rc = srv_host_action(s, g, &who, &a, &out, &ctx->err)) != 0) {
		srv_outcome_release(&out);
		return rc;
	}
	srv_conn_ok(ctx->conn, ctx->tag, out.reply);
	srv_host_publish(s, g, &out);
	srv_tourneys_run(s); /* the round may be complete: the next one is paired now */
	return 0;
}

static int exec_adjudicate(struct srv_cmd_ctx *ctx)
{
	return game_verdict(ctx, RULES_HOST_ADJUDICATE);
}

static int exec_forfeit(struct srv_cmd_ctx *ctx)
{
	return game_verdict(ctx, RULES_HOST_FORFEIT);
}

/* ---- the sub-verbs ---- */

/* min/max count the arguments after `tournament <verb>`. */
static const struct srv_cmd subs[] = {
    {.name = "create",
     .min_args = 2,
     .max_args = -1,
     .usage = "tournament create <name> <scenario> format=rr|double-rr|swiss|knockout "
              "[rounds=N] [clock=..] [rated] [vacation=no] [max=N] [sides=balanced|bid] "
              "[mulligan] [deadline=<days>] [overdue=forfeit|adjudicate] [option=value ...]",
     .help = "Creates a tournament of a scenario that you direct. format: rr (a round robin by "
             "Berger tables), double-rr (each pair once on each side), swiss (rounds=N, by "
             "default enough for a winner) or knockout (two-game matches, mulligan: losers of "
             "round 1 get a second chance). clock=, weekends=, vacation=no and options are "
             "new's, for every game; rated rates the games; max= caps the players; sides=bid "
             "lets players bid in secret for their side; deadline= gives each round so many "
             "days, after which unfinished games are forfeited by the side awaited "
             "(overdue=forfeit) or left to you (overdue=adjudicate).",
     .exec = exec_create},
    {.name = "list",
     .min_args = 0,
     .max_args = 1,
     .usage = "tournament list [open|running|finished|all]",
     .help = "Lists the tournaments (at most 100, oldest first): id, name, scenario, format, "
             "state and round.",
     .exec = exec_list},
    {.name = "join",
     .min_args = 1,
     .max_args = 1,
     .usage = "tournament join <id>",
     .help = "Registers you in a tournament that has not started (up to its max=).",
     .exec = exec_join},
    {.name = "leave",
     .min_args = 1,
     .max_args = 1,
     .usage = "tournament leave <id>",
     .help = "Unregisters you before the start; after it, withdraws you: your unfinished games "
             "of the round are forfeited and you are not paired again.",
     .exec = exec_leave},
    {.name = "start",
     .min_args = 1,
     .max_args = 1,
     .usage = "tournament start <id>",
     .help = "Director: closes registration, gives pairing numbers by rating (the best rated "
             "1; equal ratings by a lot from the tournament's seed) and pairs round 1. Its "
             "games are created with both players seated and they are told.",
     .exec = exec_start},
    {.name = "show",
     .min_args = 1,
     .max_args = 1,
     .usage = "tournament show <id>",
     .help = "The tournament: scenario, format, settings, clock, director, state and round, "
             "its players with pairing numbers and ratings, and the current round's games.",
     .exec = exec_show},
    {.name = "standings",
     .min_args = 1,
     .max_args = 2,
     .usage = "tournament standings <id> [crosstable]",
     .help = "The standings after the last round decided: points (a win or a bye 1, a draw "
             "1/2), then Buchholz, median Buchholz, Sonneborn-Berger and head-to-head; with "
             "crosstable every player's rounds too (the JSON reply always has both). A "
             "knockout shows who is out in which round, and its bracket.",
     .exec = exec_standings},
    {.name = "games",
     .min_args = 1,
     .max_args = 2,
     .usage = "tournament games <id> [round]",
     .help = "The games of every round (or one): board, game id, players and sides, result "
             "and how it came (played, resign, timeout, draw, forfeit, adjudicate, bye). A "
             "bid is shown once both players' bids are in.",
     .exec = exec_games},
    {.name = "pair",
     .min_args = 1,
     .max_args = 1,
     .usage = "tournament pair <id>",
     .help = "Director: pairs the next round now. The server does it by itself when the last "
             "game of a round ends, unless the tournament is paused; every game of the "
             "round must be decided.",
     .exec = exec_pair},
    {.name = "advance",
     .min_args = 1,
     .max_args = 1,
     .usage = "tournament advance <id>",
     .help = "Director: closes the current round now, as its deadline would: each unfinished "
             "game is forfeited by the side the game waits for (a draw when it waits for "
             "both), missing bids lose; with overdue=adjudicate you must adjudicate the "
             "unfinished games first. Then the next round is paired.",
     .exec = exec_advance},
    {.name = "bid",
     .min_args = 3,
     .max_args = 3,
     .usage = "tournament bid <id> <side> <amount>",
     .help = "In a sides=bid tournament: your secret bid (0 to 999, victory points or the "
             "scenario's handicap) for the side you want in your game of the round. Nobody "
             "sees it until both bids are in; then both are shown, the higher bid takes the "
             "side (equal bids: a lot), the bid is recorded with the game and it starts.",
     .exec = exec_bid},
    {.name = "adjudicate",
     .min_args = 2,
     .max_args = 3,
     .usage = "tournament adjudicate <game> <side>|<player>|draw [note]",
     .help = "Director: decides an unfinished game of the tournament (an adjudication in the "
             "game's log). Not a game you play in.",
     .exec = exec_adjudicate},
    {.name = "withdraw",
     .min_args = 2,
     .max_args = 2,
     .usage = "tournament withdraw <id> <user>",
     .help = "Director: withdraws a player: his unfinished games of the round are forfeited; "
             "he is not paired again (in a round robin his later games are forfeits, in a "
             "knockout he is out).",
     .exec = exec_withdraw},
    {.name = "forfeit",
     .min_args = 2,
     .max_args = 3,
     .usage = "tournament forfeit <game> <side>|<player> [note]",
     .help = "Director: the player (or side) named loses the game by forfeit; a forfeit "
             "counts as not played for the tiebreaks.",
     .exec = exec_forfeit},
    {.name = "pause",
     .min_args = 1,
     .max_args = 2,
     .usage = "tournament pause <id> [on|off]",
     .help = "Director: pauses the tournament (no new round, no round deadline) or resumes "
             "it (off), pairing the next round if it is due.",
     .exec = exec_pause},
    {.name = NULL},
};

static int exec_tournament(struct srv_cmd_ctx *ctx)
{
	for (const struct srv_cmd *c = subs; c->name != NULL; c++) {
		int nargs = ctx->argc - 2;
		if (strcasecmp(c->name, ctx->argv[1]) != 0)
			continue;
		if (nargs < c->min_args || (c->max_args >= 0 && nargs > c->max_args))
			return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "usage: %s", c->usage);
		return c->exec(ctx);
	}
	return srv_cmd_fail(
	    ctx, WG_E_BAD_ARGS,
	    "tournament create|list|join|leave|start|show|standings|games|pair|"
	    "advance|bid|adjudicate|withdraw|forfeit|pause; help tournament <verb>");
}

const struct srv_cmd srv_cmd_tournament = {
    .name = "tournament",
    .alias = "tourney",
    .min_args = 1,
    .max_args = -1,
    .flags = SRV_CMD_GAME,
    .group = "tournament",
    .usage = "tournament <verb> ...",
    .help = "Round robins, Swiss and knockout tournaments run by the server: create, list, "
            "join, leave, start, show, standings, games, pair, advance, bid, and the "
            "director's adjudicate, withdraw, forfeit and pause. help tournament <verb> "
            "explains each.",
    .exec = exec_tournament,
    .subs = subs,
};
