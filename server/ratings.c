/*
 * ratings.c -- rated games, Glicko-2 ratings per scenario, side records.  See
 * ratings.h.
 */
#include "ratings.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "games.h"
#include "log.h"
#include "people.h"
#include "server.h"
#include "tourney.h"

int srv_rating_mark(struct srv *s, int64_t game)
{
	struct db_rated_game rg;

	memset(&rg, 0, sizeof(rg));
	rg.game = game;
	return db_rated_game_put(s->store, &rg);
}

int srv_rating_is_rated(struct srv *s, int64_t game)
{
	struct db_rated_game rg;

	return db_rated_game_get(s->store, game, &rg) == 0;
}

void srv_rating_get(struct srv *s, int64_t user, const char *scenario, struct srv_g2_rating *r,
                    int64_t *games, int *found)
{
	struct db_rating dr;

	*found = db_rating_get(s->store, user, scenario, &dr) == 0;
	if (!*found) {
		srv_g2_init(r);
		*games = 0;
		return;
	}
	r->r = dr.rating;
	r->rd = dr.rd;
	r->vol = dr.vol;
	*games = dr.games;
}

void srv_side_record(struct srv *s, const char *scenario, int64_t except,
                     struct srv_side_record *out)
{
	memset(out, 0, sizeof(*out));
	for (int64_t id = 1; id <= s->maxgame; id++) {
		const struct srv_game *g = srv_game_get(s, id);
		if (g == NULL || id == except || g->rec.status != DB_GAME_FINISHED ||
		    g->rec.seat[0] == 0 || g->rec.seat[1] == 0 ||
		    strcmp(g->rec.scenario, scenario) != 0)
			continue;
		out->games++;
		if (g->rec.winner == 0 || g->rec.winner == 1)
			out->wins[g->rec.winner]++;
		else
			out->draws++;
	}
}

double srv_rating_advantage(struct srv *s, const char *scenario, int64_t except)
{
	struct srv_side_record rec;

	if (!s->cfg.rating_side_advantage)
		return 0;
	srv_side_record(s, scenario, except, &rec);
	return srv_g2_side_advantage(rec.wins[0], rec.wins[1], rec.draws);
}

static int last_host(void *ctx, const struct db_action *a)
{
	*(int *)ctx = a->host;
	return 0;
}

/* Rates the finished game rec (its rated_games row rg, not done): both ratings written with
 * rg (done) in the batch, the players told.  0 or a WG_E_* code. */
static int rate(struct srv *s, const struct db_game *rec, struct db_rated_game *rg)
{
	struct srv_g2_rating pre[2], post[2];
	struct db_rating dr[2];
	int64_t now = srv_clock_now(s), games[2];
	double adv;
	int rc = 0, host = 0;

	rg->done = 1;
	if (rec->seat[0] == 0 || rec->seat[1] == 0 || rec->seat[0] == rec->seat[1])
		return db_rated_game_put(s->store, rg); /* nothing to rate */
	/* a game lost by forfeit was not played: not rated (as FIDE does) */
	if (db_action_each(s->store, rec->id, rec->version - 1, last_host, &host) == 0 &&
	    host == RULES_HOST_FORFEIT)
		return db_rated_game_put(s->store, rg);
	for (int side = 0; side < 2; side++) {
		struct db_rating old;
		if (db_rating_get(s->store, rec->seat[side], rec->scenario, &old) == 0) {
			pre[side].r = old.rating;
			pre[side].rd = old.rd;
			pre[side].vol = old.vol;
			games[side] = old.games;
			/* the RD grows with the time since the player's last rated game */
			srv_g2_idle(&pre[side], srv_g2_periods(now - old.last), &pre[side]);
		} else {
			srv_g2_init(&pre[side]);
			games[side] = 0;
		}
	}
	adv = srv_rating_advantage(s, rec->scenario, rec->id);
	for (int side = 0; side < 2; side++) {
		struct srv_g2_game game = {
		    .r = pre[1 - side].r,
		    .rd = pre[1 - side].rd,
		    .score = rec->winner < 0       ? 0.5
		             : rec->winner == side ? 1.0
		                                   : 0.0,
		    .adv = side == 0 ? adv : -adv,
		};
		if (srv_g2_update(&pre[side], &game, 1, SRV_G2_TAU, &post[side]) != 0)
			post[side] = pre[side];
		memset(&dr[side], 0, sizeof(dr[side]));
		dr[side].user = rec->seat[side];
		snprintf(dr[side].scenario, sizeof(dr[side].scenario), "%s", rec->scenario);
		dr[side].rating = post[side].r;
		dr[side].rd = post[side].rd;
		dr[side].vol = post[side].vol;
		dr[side].games = games[side] + 1;
		dr[side].last = now;
		rg->before[side] = pre[side].r;
		rg->rd_before[side] = pre[side].rd;
		rg->after[side] = post[side].r;
		rg->rd_after[side] = post[side].rd;
	}
	if ((rc = db_rating_put(s->store, &dr[0])) != 0 ||
	    (rc = db_rating_put(s->store, &dr[1])) != 0 ||
	    (rc = db_rated_game_put(s->store, rg)) != 0)
		return rc;
	for (int side = 0; side < 2; side++) {
		cJSON *ev = cJSON_CreateObject();
		char text[300];
		snprintf(text, sizeof(text),
		         "game %lld rated: your %s rating %.0f -> %.0f%s (RD %.0f), opponent %.0f",
		         (long long)rec->id, rec->scenario, pre[side].r, post[side].r,
		         srv_g2_provisional(&post[side]) ? "?" : "", post[side].rd,
		         pre[1 - side].r);
		cJSON_AddStringToObject(ev, "event", "rating");
		cJSON_AddNumberToObject(ev, "game", (double)rec->id);
		cJSON_AddStringToObject(ev, "scenario", rec->scenario);
		cJSON_AddNumberToObject(ev, "before", round(pre[side].r));
		cJSON_AddNumberToObject(ev, "after", round(post[side].r));
		cJSON_AddNumberToObject(ev, "rd", round(post[side].rd));
		cJSON_AddBoolToObject(ev, "provisional", srv_g2_provisional(&post[side]));
		cJSON_AddStringToObject(ev, "text", text);
		srv_people_send(s, rec->seat[side], ev); /* connections only */
		cJSON_Delete(ev);
	}
	log_info(0, "game %lld rated (%s): %.0f -> %.0f, %.0f -> %.0f", (long long)rec->id,
	         rec->scenario, pre[0].r, post[0].r, pre[1].r, post[1].r);
	return 0;
}

void srv_rating_game_over(struct srv *s, struct srv_game *g)
{
	struct db_rated_game rg;

	if (g->rec.status != DB_GAME_FINISHED || db_rated_game_get(s->store, g->rec.id, &rg) != 0 ||
	    rg.done)
		return;
	if (rate(s, &g->rec, &rg) != 0)
		log_warn(0, "game %lld could not be rated now (%s); it is at the next start",
		         (long long)g->rec.id, db_last_error(s->store));
}

struct pending {
	int64_t *ids;
	size_t n, cap;
};

static int collect_pending(void *ctx, const struct db_rated_game *g)
{
	struct pending *p = ctx;

	if (p->n == p->cap) {
		size_t ncap = p->cap ? p->cap * 2 : 16;
		int64_t *n = realloc(p->ids, ncap * sizeof(*n));
		if (n == NULL)
			return WG_E_NO_MEMORY;
		p->ids = n;
		p->cap = ncap;
	}
	p->ids[p->n++] = g->game;
	return 0;
}

void srv_ratings_recover(struct srv *s)
{
	struct pending p = {0};
	int rated = 0;

	if (db_rated_game_each_pending(s->store, collect_pending, &p) != 0)
		log_warn(0, "rated games: %s", db_last_error(s->store));
	for (size_t i = 0; i < p.n; i++) {
		struct srv_game *g = srv_game_get(s, p.ids[i]);
		struct db_rated_game rg;
		if (g == NULL || g->rec.status != DB_GAME_FINISHED ||
		    db_rated_game_get(s->store, p.ids[i], &rg) != 0)
			continue;
		if (rate(s, &g->rec, &rg) == 0)
			rated++;
	}
	free(p.ids);
	if (rated > 0)
		log_info(0, "%d rated games rated at start-up", rated);
}

struct finger_ctx {
	cJSON *obj;
	cJSON *lines;
	int n;
};

static int finger_one(void *arg, const struct db_rating *r)
{
	struct finger_ctx *f = arg;
	struct srv_g2_rating g = {r->rating, r->rd, r->vol};
	cJSON *o = cJSON_AddObjectToObject(f->obj, r->scenario);
	char line[200];

	cJSON_AddNumberToObject(o, "rating", round(r->rating));
	cJSON_AddNumberToObject(o, "rd", round(r->rd));
	cJSON_AddNumberToObject(o, "volatility", r->vol);
	cJSON_AddNumberToObject(o, "games", (double)r->games);
	cJSON_AddBoolToObject(o, "provisional", srv_g2_provisional(&g));
	snprintf(line, sizeof(line), "  %-24.24s %5.0f%s RD %3.0f, %lld rated game%s", r->scenario,
	         r->rating, srv_g2_provisional(&g) ? "?" : " ", r->rd, (long long)r->games,
	         r->games == 1 ? "" : "s");
	cJSON_AddItemToArray(f->lines, cJSON_CreateString(line));
	f->n++;
	return 0;
}

void srv_rating_finger(struct srv *s, int64_t user, cJSON *data, cJSON *lines)
{
	struct finger_ctx f = {.obj = cJSON_CreateObject(), .lines = cJSON_CreateArray(), .n = 0};

	db_rating_each_user(s->store, user, finger_one, &f);
	if (f.n == 0) {
		cJSON_Delete(f.obj);
		cJSON_AddNullToObject(data, "rating");
		cJSON_AddItemToArray(lines,
		                     cJSON_CreateString("rating: none (no rated games yet)"));
	} else {
		cJSON_AddItemToObject(data, "rating", f.obj);
		cJSON_AddItemToArray(lines, cJSON_CreateString("ratings (? provisional):"));
		for (cJSON *it = f.lines->child; it != NULL; it = it->next)
			cJSON_AddItemToArray(lines, cJSON_CreateString(it->valuestring));
	}
	cJSON_Delete(f.lines);
}
