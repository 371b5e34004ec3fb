/*
 * fanout.c -- notifications to a game's audiences, formatted once per mode;
 * watchers; your-turn, game-over, chat and login notices.  See fanout.h.
 */
#include "fanout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "conn.h"
#include "games.h"
#include "log.h"
#include "notify.h"
#include "server.h"

void srv_fanout_init(struct srv_fanout *f, int64_t game, const cJSON *event)
{
	memset(f, 0, sizeof(*f));
	f->game = game;
	f->event = event;
	proto_buf_init(&f->bytes[PROTO_TEXT]);
	proto_buf_init(&f->bytes[PROTO_JSON]);
}

void srv_fanout_release(struct srv_fanout *f)
{
	proto_buf_release(&f->bytes[PROTO_TEXT]);
	proto_buf_release(&f->bytes[PROTO_JSON]);
}

void srv_fanout_send(struct srv_fanout *f, struct srv_conn *c)
{
	int m = c->mode == PROTO_JSON ? PROTO_JSON : PROTO_TEXT;

	if (c->closing)
		return;
	if (!f->ready[m]) {
		if (proto_write_event(&f->bytes[m], (enum proto_mode)m, (long long)f->game,
		                      f->event) != 0) {
			srv_conn_close(c, "out of memory");
			return;
		}
		f->ready[m] = 1;
		f->formats++;
		c->srv->event_formats++;
	}
	srv_conn_send(c, f->bytes[m].data, f->bytes[m].len);
}

/* Sends to every connection of a list (copied first: a send may close one). */
static void send_list(struct srv_fanout *f, struct srv_conn *const *list, size_t n)
{
	struct srv_conn *local[16], **copy = local;

	if (n == 0)
		return;
	if (n > sizeof(local) / sizeof(local[0]) && (copy = malloc(n * sizeof(*copy))) == NULL)
		return;
	memcpy(copy, list, n * sizeof(*copy));
	for (size_t i = 0; i < n; i++)
		srv_fanout_send(f, copy[i]);
	if (copy != local)
		free(copy);
}

void srv_fanout_user(struct srv *s, struct srv_fanout *f, int64_t user)
{
	struct srv_user *u = srv_user_get(s, user);

	if (u != NULL)
		send_list(f, u->conns, u->nconns);
}

void srv_game_deliver(struct srv *s, struct srv_game *g, unsigned audience, const cJSON *ev)
{
	struct srv_fanout f;

	srv_fanout_init(&f, g->rec.id, ev);
	for (int side = 0; side < 2; side++)
		if ((audience & RULES_AUD_SIDE(side)) && g->rec.seat[side] != 0 &&
		    !(side == 1 && g->rec.seat[1] == g->rec.seat[0]))
			srv_fanout_user(s, &f, g->rec.seat[side]);
	if (audience & RULES_AUD_SPECTATORS)
		send_list(&f, g->watchers, g->nwatchers);
	srv_fanout_release(&f);
}

void srv_game_notice(struct srv *s, struct srv_game *g, const char *type, const char *text)
{
	cJSON *ev = cJSON_CreateObject();

	cJSON_AddStringToObject(ev, "event", type);
	cJSON_AddStringToObject(ev, "text", text);
	srv_game_deliver(s, g, RULES_AUD_PUBLIC, ev);
	cJSON_Delete(ev);
}

/* The your-turn event of side (kind, decision counter, version, sentence). */
static cJSON *your_turn_event(struct srv *s, const struct srv_game *g, int side)
{
	static const struct rules_pending none;
	const struct rules_pending *p = srv_game_pending(g) ? srv_game_pending(g) : &none;
	cJSON *ev = cJSON_CreateObject();
	int64_t dl = srv_clock_deadline(s, g, side);

	cJSON_AddStringToObject(ev, "event", "your-turn");
	cJSON_AddStringToObject(ev, "side", srv_game_side_name(g, side));
	cJSON_AddNumberToObject(ev, "v", (double)g->rec.version);
	cJSON_AddStringToObject(ev, "kind", p->kind[side]);
	cJSON_AddNumberToObject(ev, "d", (double)p->decision[side]);
	if (dl > 0) { /* the clock runs: the deadline with it (docs/clocks.md) */
		char text[400], dur[32], when[40];
		cJSON_AddNumberToObject(ev, "deadline", (double)(dl / 1000));
		cJSON_AddNumberToObject(ev, "left", (double)(srv_clock_left(s, g, side) / 1000));
		snprintf(text, sizeof(text), "%s (%s left, runs out %s)", p->what[side],
		         srv_tc_duration(srv_clock_left(s, g, side), dur, sizeof(dur)),
		         srv_clock_format_time(dl, when, sizeof(when)));
		cJSON_AddStringToObject(ev, "text", text);
	} else {
		cJSON_AddStringToObject(ev, "text", p->what[side]);
	}
	return ev;
}

void srv_game_your_turn(struct srv *s, struct srv_game *g, int side)
{
	cJSON *ev = your_turn_event(s, g, side);
	struct srv_note note;

	srv_note_game(s, g, side, SRV_NOTE_YOUR_TURN, &note);
	srv_notify(s, g->rec.seat[side], g->rec.id, ev, &note);
	cJSON_Delete(ev);
}

void srv_game_turn_notices(struct srv *s, struct srv_game *g, const struct rules_pending *before)
{
	const struct rules_pending *now = &g->match.pending;

	if (g->rec.status != DB_GAME_ACTIVE)
		return;
	for (int side = 0; side < 2; side++) {
		unsigned bit = RULES_AUD_SIDE(side);
		if (!(now->sides & bit))
			continue;
		/* a side that goes on waiting for the same decision knows it already */
		if ((before->sides & bit) && strcmp(before->what[side], now->what[side]) == 0 &&
		    strcmp(before->kind[side], now->kind[side]) == 0)
			continue;
		srv_game_your_turn(s, g, side);
	}
}

/* The game-over notification of a finished game: result and revealed seed. */
static cJSON *game_over_event(const struct srv_game *g)
{
	char text[600], hex[65];
	cJSON *ev = cJSON_CreateObject();

	sodium_bin2hex(hex, sizeof(hex), g->rec.seed, sizeof(g->rec.seed));
	snprintf(text, sizeof(text), "%s; dice seed %s (verify %lld)", g->rec.result, hex,
	         (long long)g->rec.id);
	cJSON_AddStringToObject(ev, "event", "game-over");
	if (g->rec.winner >= 0)
		cJSON_AddStringToObject(ev, "winner", srv_game_side_name(g, g->rec.winner));
	cJSON_AddStringToObject(ev, "result", g->rec.result);
	cJSON_AddStringToObject(ev, "seed", hex);
	cJSON_AddStringToObject(ev, "text", text);
	return ev;
}

void srv_game_over_notice(struct srv *s, struct srv_game *g)
{
	cJSON *ev = game_over_event(g);
	struct srv_fanout f;

	/* as srv_game_deliver(RULES_AUD_PUBLIC): each player (and outside the server), then the
	 * watchers */
	srv_fanout_init(&f, g->rec.id, ev);
	for (int side = 0; side < 2; side++) {
		struct srv_note note;
		if (g->rec.seat[side] == 0 || (side == 1 && g->rec.seat[1] == g->rec.seat[0]))
			continue;
		srv_note_game(s, g, side, SRV_NOTE_GAME_OVER, &note);
		note.deadline = 0;
		note.result = g->rec.result;
		if (g->rec.winner >= 0)
			note.winner = srv_game_side_name(g, g->rec.winner);
		srv_notify_fanout(s, g->rec.seat[side], &f, &note);
	}
	send_list(&f, g->watchers, g->nwatchers);
	srv_fanout_release(&f);
	cJSON_Delete(ev);
}

void srv_game_chat(struct srv *s, struct srv_game *g, const char *from, const char *text)
{
	cJSON *ev = cJSON_CreateObject();
	char line[600];

	snprintf(line, sizeof(line), "<%s> %s", from, text);
	cJSON_AddStringToObject(ev, "event", "chat");
	cJSON_AddStringToObject(ev, "from", from);
	cJSON_AddStringToObject(ev, "text", line);
	cJSON_AddStringToObject(ev, "message", text);
	srv_game_deliver(s, g, RULES_AUD_PUBLIC, ev);
	cJSON_Delete(ev);
}

/* ---- watchers ---- */

int srv_game_watch(struct srv_game *g, struct srv_conn *c)
{
	for (size_t i = 0; i < g->nwatchers; i++)
		if (g->watchers[i] == c)
			return 0;
	if (g->nwatchers == g->capwatchers) {
		size_t ncap = g->capwatchers ? g->capwatchers * 2 : 4;
		struct srv_conn **n = realloc(g->watchers, ncap * sizeof(*n));
		if (n == NULL)
			return -1;
		g->watchers = n;
		g->capwatchers = ncap;
	}
	if (srv_conn_watch(c, g->rec.id) != 0)
		return -1;
	g->watchers[g->nwatchers++] = c;
	return 0;
}

void srv_game_unwatch(struct srv_game *g, struct srv_conn *c)
{
	srv_conn_unwatch(c, g->rec.id);
	for (size_t i = 0; i < g->nwatchers; i++) {
		if (g->watchers[i] == c) {
			g->watchers[i] = g->watchers[--g->nwatchers];
			return;
		}
	}
}

void srv_game_forget_conn(struct srv *s, struct srv_conn *c)
{
	while (c->nwatching > 0) {
		struct srv_game *g = srv_game_get(s, c->watching[c->nwatching - 1]);
		if (g != NULL)
			srv_game_unwatch(g, c);
		else
			c->nwatching--;
	}
}

/* ---- login notices ---- */

static void send_one(struct srv_conn *c, int64_t game, cJSON *ev)
{
	struct srv_fanout f;

	srv_fanout_init(&f, game, ev);
	srv_fanout_send(&f, c);
	srv_fanout_release(&f);
	cJSON_Delete(ev);
}

/* One game of the login digest: a game that waits for the user. */
struct digest_item {
	struct srv_game *g;
	int side;
	int64_t deadline; /* 0: no clock runs */
	int64_t missed;
};

static int digest_cmp(const void *a, const void *b)
{
	const struct digest_item *x = a, *y = b;

	if ((x->deadline == 0) != (y->deadline == 0))
		return x->deadline == 0 ? 1 : -1; /* games without a deadline last */
	if (x->deadline != y->deadline)
		return x->deadline < y->deadline ? -1 : 1;
	return x->g->rec.id < y->g->rec.id ? -1 : 1;
}

/* The digest at login: every game where the user must act, soonest deadline first, with
 * what happened since the user's seat last saw it. */
static void login_digest(struct srv *s, struct srv_conn *c, const int64_t *ids, size_t n)
{
	struct digest_item *items = n ? calloc(n, sizeof(*items)) : NULL;
	size_t k = 0;
	char text[640]; /* when, the scenario id and the pending sentence (240) */
	cJSON *ev;

	if (n > 0 && items == NULL)
		return;
	for (size_t i = 0; i < n; i++) {
		struct srv_game *g = srv_game_get(s, ids[i]);
		const struct rules_pending *p = g != NULL ? srv_game_pending(g) : NULL;
		int64_t seen = 0, missed = 0;
		int side;
		/* a game not loaded yet answers from its stored summary (games.h) */
		if (g == NULL || g->rec.status != DB_GAME_ACTIVE || p == NULL)
			continue;
		side = srv_game_side_of(g, c->user->id);
		if (side < 0 || !(p->sides & RULES_AUD_SIDE(side)))
			continue;
		if (db_seat_seen_get(s->store, g->rec.id, side, &seen) != 0 ||
		    db_event_count_after(s->store, g->rec.id, RULES_AUD_SIDE(side), seen,
		                         &missed) != 0)
			missed = 0;
		items[k].g = g;
		items[k].side = side;
		items[k].deadline = srv_clock_deadline(s, g, side);
		items[k].missed = missed;
		k++;
	}
	if (k == 0) {
		free(items);
		return;
	}
	qsort(items, k, sizeof(*items), digest_cmp);
	ev = cJSON_CreateObject();
	cJSON_AddStringToObject(ev, "event", "digest");
	cJSON_AddNumberToObject(ev, "count", (double)k);
	snprintf(text, sizeof(text), "%zu game%s wait%s for you, soonest deadline first", k,
	         k == 1 ? "" : "s", k == 1 ? "s" : "");
	cJSON_AddStringToObject(ev, "text", text);
	send_one(c, 0, ev);
	for (size_t i = 0; i < k && !c->closing; i++) {
		const struct digest_item *it = &items[i];
		char when[80] = "no deadline", dur[32], stamp[40];
		ev = cJSON_CreateObject();
		cJSON_AddStringToObject(ev, "event", "digest");
		cJSON_AddNumberToObject(ev, "game", (double)it->g->rec.id);
		cJSON_AddStringToObject(ev, "scenario", it->g->rec.scenario);
		cJSON_AddStringToObject(ev, "side", srv_game_side_name(it->g, it->side));
		cJSON_AddStringToObject(ev, "kind", srv_game_pending(it->g)->kind[it->side]);
		cJSON_AddNumberToObject(ev, "missed", (double)it->missed);
		if (it->deadline > 0) {
			cJSON_AddNumberToObject(ev, "deadline", (double)(it->deadline / 1000));
			snprintf(
			    when, sizeof(when), "deadline in %s (%s)",
			    srv_tc_duration(srv_clock_left(s, it->g, it->side), dur, sizeof(dur)),
			    srv_clock_format_time(it->deadline, stamp, sizeof(stamp)));
		}
		snprintf(text, sizeof(text), "%s: %s; %lld new event%s since you left: %s", when,
		         it->g->rec.scenario, (long long)it->missed, it->missed == 1 ? "" : "s",
		         srv_game_pending(it->g)->what[it->side]);
		cJSON_AddStringToObject(ev, "text", text);
		send_one(c, it->g->rec.id, ev);
	}
	free(items);
}

void srv_game_login_notices(struct srv *s, struct srv_conn *c)
{
	const int64_t *ids;
	size_t n;
	int64_t uid;

	if (c->closing || c->user == NULL) /* the login reply may have closed it */
		return;
	uid = c->user->id;
	if (c->user->nconns > 1) /* online elsewhere: what was sent there was seen */
		srv_user_mark_seen(s, uid);
	ids = srv_user_games(s, uid, &n);
	login_digest(s, c, ids, n);
	ids = srv_user_games(s, uid, &n);
	for (size_t k = 0; k < n && !c->closing; k++) {
		int64_t id = ids[k], seen = 0, missed = 0, last = 0;
		struct srv_game *g = srv_game_get(s, id);
		int side;

		if (g == NULL || g->rec.status == DB_GAME_OPEN)
			continue;
		side = srv_game_side_of(g, uid);
		if (side < 0)
			continue;
		if (db_seat_seen_get(s->store, id, side, &seen) == 0 &&
		    db_event_count_after(s->store, id, RULES_AUD_SIDE(side), seen, &missed) == 0 &&
		    missed > 0) {
			char text[200];
			cJSON *ev = cJSON_CreateObject();
			snprintf(
			    text, sizeof(text),
			    "%lld new event%s in game %lld since you were last here (log %lld)",
			    (long long)missed, missed == 1 ? "" : "s", (long long)id,
			    (long long)missed);
			cJSON_AddStringToObject(ev, "event", "missed");
			cJSON_AddNumberToObject(ev, "count", (double)missed);
			cJSON_AddStringToObject(ev, "text", text);
			send_one(c, id, ev);
			if (db_event_last_seq(s->store, id, &last) == 0)
				db_seat_seen(s->store, id, side, last);
			if (g->rec.status ==
			    DB_GAME_FINISHED) /* it ended while the player was away */
				send_one(c, id, game_over_event(g));
		}
		if (g->rec.status != DB_GAME_ACTIVE || srv_game_pending(g) == NULL)
			continue;
		if (srv_game_pending(g)->sides & RULES_AUD_SIDE(side))
			send_one(c, id, your_turn_event(s, g, side));
	}
}
