/*
 * tourney-bid.c -- secret side bids (sides=bid): a player's bid for the side he
 * wants in his game waiting for bids, kept secret until both are in, then both
 * revealed together, the sides given and the game created with the bids in its
 * chat; and the reminder at login of a bid a running tournament waits for.  Who
 * may see a bid before that is tourney-view.c's.  See tourney.h and
 * tourney_int.h.
 */
#include "tourney_int.h"

#include <stdio.h>
#include <string.h>

#include "conn.h"
#include "fanout.h"
#include "games.h"
#include "server.h"

int srv_tourney_bid(struct srv *s, struct srv_tourney *t, int64_t user, int side, int amount,
                    char *summary, size_t size, struct rules_error *err)
{
	struct db_tgame *g = NULL;
	int k = -1, rc, first, applied;
	char text[400], chat[400];

	if ((rc = srv__tourney_check_running(t, err)) != 0)
		return rc;
	if (!t->set.bid)
		return fail(err, WG_E_FORBIDDEN,
		            "tournament %lld gives sides without bids (sides=balanced)",
		            (long long)t->rec.id);
	for (size_t i = 0; i < t->ngames && g == NULL; i++) {
		struct db_tgame *x = &t->games[i];
		if (x->round != t->rec.round || x->game != 0 || x->result != DB_TRESULT_PENDING)
			continue;
		if (x->player[0] == user)
			g = x, k = 0;
		else if (x->player[1] == user)
			g = x, k = 1;
	}
	if (g == NULL)
		return fail(err, WG_E_NOT_FOUND,
		            "no game of yours in round %d of tournament %lld waits for a bid",
		            t->rec.round, (long long)t->rec.id);
	if (g->bid[k] >= 0)
		return fail(err, WG_E_EXISTS, "you bid already in round %d (bids are final)",
		            t->rec.round);
	g->bid_side[k] = side;
	g->bid[k] = amount;
	if (g->bid[1 - k] < 0) {
		if (db_tgame_put(s->store, g) != 0)
			return fail(err, WG_E_STORAGE, "%s", db_last_error(s->store));
		srv__tourney_tell(
		    s, t, g->player[1 - k], "bid", 0,
		    "round %d: %s has bid; your bid decides the sides with it (tournament bid %lld "
		    "<side> <amount>)",
		    g->round, srv__tourney_name_of(t, user), (long long)t->rec.id);
		snprintf(summary, size, "your bid of %d for %s is in, secret until %s bids", amount,
		         srv__tourney_side_name(s, t, side),
		         srv__tourney_name_of(t, g->player[1 - k]));
		return 0;
	}
	/* both bids are in: revealed together */
	if (g->bid_side[0] != g->bid_side[1]) {
		first = g->bid_side[0] == 0 ? 0 : 1; /* who takes side 0 */
		applied = -1;
	} else {
		int w = g->bid[0] > g->bid[1] ? 0
		        : g->bid[1] > g->bid[0]
		            ? 1
		            : srv__tourney_coin(t, g->round, g->board, g->leg + 10);
		first = g->bid_side[0] == 0 ? w : 1 - w;
		applied = w;
	}
	snprintf(text, sizeof(text), "bids: %s %d for %s, %s %d for %s; ",
	         srv__tourney_name_of(t, g->player[0]), g->bid[0],
	         srv__tourney_side_name(s, t, g->bid_side[0]),
	         srv__tourney_name_of(t, g->player[1]), g->bid[1],
	         srv__tourney_side_name(s, t, g->bid_side[1]));
	if (applied < 0)
		snprintf(text + strlen(text), sizeof(text) - strlen(text),
		         "each has the side he wanted; no bid applies");
	else
		snprintf(text + strlen(text), sizeof(text) - strlen(text),
		         "%s plays %s with a bid of %d%s",
		         srv__tourney_name_of(t, g->player[applied]),
		         srv__tourney_side_name(s, t, g->bid_side[applied]), g->bid[applied],
		         g->bid[0] == g->bid[1] ? " (equal bids: the lot)" : "");
	if (first == 1) {
		int64_t x = g->player[0];
		int bs = g->bid_side[0], bv = g->bid[0];
		g->player[0] = g->player[1];
		g->player[1] = x;
		g->bid_side[0] = g->bid_side[1];
		g->bid[0] = g->bid[1];
		g->bid_side[1] = bs;
		g->bid[1] = bv;
	}
	if ((rc = srv__tourney_create_game(s, t, g, err)) != 0 || db_tgame_put(s->store, g) != 0) {
		if (rc == 0)
			fail(err, WG_E_STORAGE, "%s", db_last_error(s->store));
		return srv__tourney_storage_failed(s, err);
	}
	{
		/* the bid recorded with the game: a line of its chat from the tournament */
		struct srv_game *game = srv_game_get(s, g->game);
		struct db_chat c;
		memset(&c, 0, sizeof(c));
		snprintf(chat, sizeof(chat), "tournament %lld round %d: %.340s",
		         (long long)t->rec.id, g->round, text);
		c.game = g->game;
		c.user = 0;
		snprintf(c.name, sizeof(c.name), "tournament");
		c.text = chat;
		c.at = srv_now(s);
		if (db_chat_append(s->store, &c) != 0)
			return srv__tourney_storage_failed(s, err);
		if (game != NULL)
			srv_game_chat(s, game, "tournament", chat);
	}
	for (int j = 0; j < 2; j++)
		srv__tourney_tell(s, t, g->player[j], "bids", g->game,
		                  "round %d: %s; you play %s in game %lld", g->round, text,
		                  srv__tourney_side_name(s, t, j), (long long)g->game);
	snprintf(summary, size, "both bids are in: you play %s in game %lld",
	         srv__tourney_side_name(s, t, g->player[0] == user ? 0 : 1), (long long)g->game);
	return 0;
}

/* ---- reminders ---- */

struct login_walk {
	struct srv *s;
	struct srv_conn *c;
};

static int login_one(void *ctx, const struct db_tourney *rec)
{
	struct login_walk *w = ctx;
	int64_t me = w->c->user != NULL ? w->c->user->id : 0;
	struct srv_tourney t;

	if (me == 0 || srv_tourney_load(w->s, rec->id, &t) != 0)
		return 0;
	for (size_t i = 0; i < t.ngames && !w->c->closing; i++) {
		const struct db_tgame *g = &t.games[i];
		int k = g->player[0] == me ? 0 : g->player[1] == me ? 1 : -1;
		char text[400];
		struct srv_fanout out;
		cJSON *ev;
		if (k < 0 || g->round != t.rec.round || g->game != 0 ||
		    g->result != DB_TRESULT_PENDING || g->bid[k] >= 0)
			continue;
		snprintf(text, sizeof(text),
		         "%s (%lld): round %d: you meet %s; bid in secret for the side you want: "
		         "tournament bid %lld <side> <amount>",
		         t.rec.name, (long long)t.rec.id, g->round,
		         srv__tourney_name_of(&t, g->player[1 - k]), (long long)t.rec.id);
		ev = cJSON_CreateObject();
		cJSON_AddStringToObject(ev, "event", "tournament");
		cJSON_AddNumberToObject(ev, "tournament", (double)t.rec.id);
		cJSON_AddStringToObject(ev, "name", t.rec.name);
		cJSON_AddStringToObject(ev, "kind", "bid");
		cJSON_AddNumberToObject(ev, "round", g->round);
		cJSON_AddStringToObject(ev, "text", text);
		srv_fanout_init(&out, 0, ev);
		srv_fanout_send(&out, w->c);
		srv_fanout_release(&out);
		cJSON_Delete(ev);
	}
	srv_tourney_release(&t);
	return 0;
}

void srv_tourney_login(struct srv *s, struct srv_conn *c)
{
	struct login_walk w = {.s = s, .c = c};

	db_tourney_each(s->store, 1u << DB_TOURNEY_RUNNING, login_one, &w);
}
