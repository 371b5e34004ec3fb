/*
 * tourney.c -- tournaments on the server.  See tourney.h for the life of a
 * tournament and where its work is done.
 */
#include "tourney.h"

#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sodium.h>

#include "clock.h"
#include "conn.h"
#include "fanout.h"
#include "games.h"
#include "glicko2.h"
#include "host.h"
#include "log.h"
#include "pairing.h"
#include "notify.h"
#include "people.h"
#include "ratings.h"
#include "server.h"
#include "standings.h"

/* The module's refusals: rules_fail with no rule id. */
#define fail(err, code, ...) rules_fail((err), (code), "", __VA_ARGS__)

static void add_line(cJSON *lines, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add_line(cJSON *lines, const char *fmt, ...)
{
	char buf[600];
	va_list ap;

	if (lines == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	cJSON_AddItemToArray(lines, cJSON_CreateString(buf));
}

/* ---- settings ---- */

static const char *const format_names[] = {"rr", "double-rr", "swiss", "knockout"};

int srv_tformat_parse(const char *name)
{
	for (int i = 0; i < 4; i++)
		if (strcasecmp(name, format_names[i]) == 0)
			return i;
	return -1;
}

const char *srv_tformat_name(int format)
{
	return format >= 0 && format < 4 ? format_names[format] : "?";
}

static int parse_num(const char *v, int lo, int hi, int *out)
{
	char *end;
	long x = strtol(v, &end, 10);

	if (*v == '\0' || *end != '\0' || x < lo || x > hi)
		return -1;
	*out = (int)x;
	return 0;
}

int srv_tsettings_parse(const char *text, struct srv_tsettings *set, char *err, size_t errsize)
{
	char buf[DB_TSETTINGS_MAX], *save = NULL;

	memset(set, 0, sizeof(*set));
	snprintf(buf, sizeof(buf), "%s", text ? text : "");
	for (char *w = strtok_r(buf, " ", &save); w != NULL; w = strtok_r(NULL, " ", &save)) {
		if (strncasecmp(w, "rounds=", 7) == 0) {
			if (parse_num(w + 7, 1, SRV_PAIR_MAX_ROUNDS, &set->rounds) != 0)
				goto bad;
		} else if (strncasecmp(w, "max=", 4) == 0) {
			if (parse_num(w + 4, 2, SRV_TOURNEY_MAX_PLAYERS, &set->max) != 0)
				goto bad;
		} else if (strcasecmp(w, "sides=balanced") == 0) {
			set->bid = 0;
		} else if (strcasecmp(w, "sides=bid") == 0) {
			set->bid = 1;
		} else if (strcasecmp(w, "rated") == 0) {
			set->rated = 1;
		} else if (strcasecmp(w, "unrated") == 0) {
			set->rated = 0;
		} else if (strcasecmp(w, "mulligan") == 0) {
			set->mulligan = 1;
		} else if (strncasecmp(w, "deadline=", 9) == 0) {
			if (parse_num(w + 9, 1, 365, &set->deadline_days) != 0)
				goto bad;
		} else if (strcasecmp(w, "overdue=forfeit") == 0) {
			set->overdue_adjudicate = 0;
		} else if (strcasecmp(w, "overdue=adjudicate") == 0) {
			set->overdue_adjudicate = 1;
		} else {
			goto bad;
		}
		continue;
	bad:
		snprintf(err, errsize,
		         "'%.40s' is not rounds=<1..%d>, max=<2..%d>, sides=balanced|bid, rated, "
		         "mulligan, deadline=<days 1..365> or overdue=forfeit|adjudicate",
		         w, SRV_PAIR_MAX_ROUNDS, SRV_TOURNEY_MAX_PLAYERS);
		return -1;
	}
	return 0;
}

char *srv_tsettings_format(const struct srv_tsettings *set, char *buf, size_t size)
{
	size_t n = 0;

#define PUT(...)                                                                                   \
	do {                                                                                       \
		int k_ = snprintf(buf + n, size > n ? size - n : 0, __VA_ARGS__);                  \
		if (k_ > 0)                                                                        \
			n += (size_t)k_;                                                           \
	} while (0)
	buf[0] = '\0';
	if (set->rounds > 0)
		PUT("rounds=%d ", set->rounds);
	if (set->max > 0)
		PUT("max=%d ", set->max);
	PUT("sides=%s", set->bid ? "bid" : "balanced");
	if (set->deadline_days > 0)
		PUT(" deadline=%d overdue=%s", set->deadline_days,
		    set->overdue_adjudicate ? "adjudicate" : "forfeit");
	if (set->rated)
		PUT(" rated");
	if (set->mulligan)
		PUT(" mulligan");
#undef PUT
	return buf;
}

/* ---- loading ---- */

static int collect_player(void *ctx, const struct db_tplayer *p)
{
	struct srv_tourney *t = ctx;
	struct db_tplayer *n = realloc(t->players, (t->nplayers + 1) * sizeof(*n));

	if (n == NULL)
		return WG_E_NO_MEMORY;
	t->players = n;
	t->players[t->nplayers++] = *p;
	return 0;
}

/* Appends g to t's games; 0 or -1. */
static int games_push(struct srv_tourney *t, const struct db_tgame *g)
{
	if (t->ngames == t->capgames) {
		size_t ncap = t->capgames ? t->capgames * 2 : 32;
		struct db_tgame *n = realloc(t->games, ncap * sizeof(*n));
		if (n == NULL)
			return -1;
		t->games = n;
		t->capgames = ncap;
	}
	t->games[t->ngames++] = *g;
	return 0;
}

static int collect_game(void *ctx, const struct db_tgame *g)
{
	return games_push(ctx, g) == 0 ? 0 : WG_E_NO_MEMORY;
}

int srv_tourney_load(struct srv *s, int64_t id, struct srv_tourney *t)
{
	char why[200];
	int rc;

	memset(t, 0, sizeof(*t));
	if ((rc = db_tourney_get(s->store, id, &t->rec)) != 0)
		return rc;
	t->format = srv_tformat_parse(t->rec.format);
	if (srv_tsettings_parse(t->rec.settings, &t->set, why, sizeof(why)) != 0)
		log_warn(0, "tournament %lld: settings '%s': %s", (long long)id, t->rec.settings,
		         why);
	if ((rc = db_tplayer_each(s->store, id, collect_player, t)) != 0 ||
	    (rc = db_tgame_each(s->store, id, collect_game, t)) != 0) {
		srv_tourney_release(t);
		return rc;
	}
	return 0;
}

void srv_tourney_release(struct srv_tourney *t)
{
	free(t->players);
	free(t->games);
	t->players = NULL;
	t->games = NULL;
	t->nplayers = t->ngames = t->capgames = 0;
}

const struct db_tplayer *srv_tourney_player(const struct srv_tourney *t, int64_t user)
{
	for (size_t i = 0; i < t->nplayers; i++)
		if (t->players[i].user == user)
			return &t->players[i];
	return NULL;
}

static const char *name_of(const struct srv_tourney *t, int64_t user)
{
	const struct db_tplayer *p = srv_tourney_player(t, user);

	return p != NULL ? p->name : "?";
}

static int pnum_of(const struct srv_tourney *t, int64_t user)
{
	const struct db_tplayer *p = srv_tourney_player(t, user);

	return p != NULL ? p->pnum : 0;
}

static uint64_t seed64(const struct srv_tourney *t)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v |= (uint64_t)t->rec.seed[i] << (8 * i);
	return v;
}

/* ---- results ---- */

/* Half-points of player k (0, 1) in g. */
static int half_of(const struct db_tgame *g, int k)
{
	if (g->player[1] == 0)
		return k == 0 && g->result == 0 ? 2 : 0; /* a bye */
	switch (g->result) {
	case 0:
	case 1:
		return g->result == k ? 2 : 0;
	case DB_TRESULT_DRAW:
		return 1;
	default:
		return 0;
	}
}

/* A game played over the board (not a bye, not a forfeit). */
static int played(const struct db_tgame *g)
{
	return g->game != 0 && strcmp(g->how, "forfeit") != 0;
}

static const char *result_text(const struct db_tgame *g)
{
	switch (g->result) {
	case 0:
		return "1-0";
	case 1:
		return "0-1";
	case DB_TRESULT_DRAW:
		return "1/2-1/2";
	case DB_TRESULT_NONE:
		return "0-0";
	default:
		return g->game != 0 ? "playing" : "bidding";
	}
}

/* ---- notifications: the one place ---- */

void srv_tourney_notify(struct srv *s, int64_t user, const cJSON *ev)
{
	struct srv_note n;
	const cJSON *text = cJSON_GetObjectItemCaseSensitive(ev, "text");
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(ev, "tournament");
	const cJSON *game = cJSON_GetObjectItemCaseSensitive(ev, "game");

	/* connections, and the user's channels outside (notify.h): the text is public */
	memset(&n, 0, sizeof(n));
	n.type = SRV_NOTE_TOURNAMENT;
	n.message = cJSON_IsString(text) ? text->valuestring : NULL;
	n.ref = cJSON_IsNumber(id) ? (int64_t)id->valuedouble : 0;
	n.game = cJSON_IsNumber(game) ? (int64_t)game->valuedouble : 0;
	srv_notify(s, user, 0, ev, &n);
}

static void tell(struct srv *s, const struct srv_tourney *t, int64_t user, const char *kind,
                 int64_t game, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

static void tell(struct srv *s, const struct srv_tourney *t, int64_t user, const char *kind,
                 int64_t game, const char *fmt, ...)
{
	char body[500], text[600];
	cJSON *ev;
	va_list ap;

	if (user == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(body, sizeof(body), fmt, ap);
	va_end(ap);
	snprintf(text, sizeof(text), "%s (%lld): %s", t->rec.name, (long long)t->rec.id, body);
	ev = cJSON_CreateObject();
	cJSON_AddStringToObject(ev, "event", "tournament");
	cJSON_AddNumberToObject(ev, "tournament", (double)t->rec.id);
	cJSON_AddStringToObject(ev, "name", t->rec.name);
	cJSON_AddStringToObject(ev, "kind", kind);
	cJSON_AddNumberToObject(ev, "round", t->rec.round);
	if (game > 0)
		cJSON_AddNumberToObject(ev, "game", (double)game);
	cJSON_AddStringToObject(ev, "text", text);
	srv_tourney_notify(s, user, ev);
	cJSON_Delete(ev);
}

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
		         t.rec.name, (long long)t.rec.id, g->round, name_of(&t, g->player[1 - k]),
		         (long long)t.rec.id);
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

/* ---- storing ---- */

/* A write of a pairing failed: the whole batch is dropped (never half a round). */
static int storage_failed(struct srv *s, struct rules_error *err)
{
	char why[200];

	snprintf(why, sizeof(why), "%.190s", db_last_error(s->store));
	if (err->code != WG_E_STORAGE && err->code != 0)
		snprintf(why, sizeof(why), "%.190s", err->message);
	db_rollback(s->store);
	srv_storage_failed(s);
	return fail(err, WG_E_STORAGE, "the tournament could not be stored (%s); nothing was done",
	            why);
}

static int due(struct srv *s, int64_t id)
{
	struct srv_tourneys *q = &s->tourneys;

	for (size_t i = 0; i < q->ndue; i++)
		if (q->due[i] == id)
			return 0;
	if (q->ndue == q->capdue) {
		size_t ncap = q->capdue ? q->capdue * 2 : 8;
		int64_t *n = realloc(q->due, ncap * sizeof(*n));
		if (n == NULL)
			return -1;
		q->due = n;
		q->capdue = ncap;
	}
	q->due[q->ndue++] = id;
	return 0;
}

/* The soonest deadline of the running tournaments, again. */
static int deadline_of(void *ctx, const struct db_tourney *t)
{
	int64_t *next = ctx;

	if (t->deadline > 0 && !t->paused && (*next == 0 || t->deadline < *next))
		*next = t->deadline;
	return 0;
}

static void deadlines_again(struct srv *s)
{
	int64_t next = 0;

	db_tourney_each(s->store, 1u << DB_TOURNEY_RUNNING, deadline_of, &next);
	s->tourneys.next_deadline = next;
}

/* ---- creating, joining ---- */

int srv_tourney_create(struct srv *s, struct db_tourney *rec, struct rules_error *err)
{
	if (s->cfg.debug_seed_set)
		memcpy(rec->seed, s->cfg.debug_seed, sizeof(rec->seed));
	else
		randombytes_buf(rec->seed, sizeof(rec->seed));
	rec->state = DB_TOURNEY_OPEN;
	rec->paused = 0;
	rec->round = rec->rounds = 0;
	rec->deadline = 0;
	rec->created = srv_clock_now(s);
	rec->note[0] = '\0';
	if (db_tourney_create(s->store, rec) != 0)
		return fail(err, WG_E_STORAGE, "the tournament could not be stored: %s",
		            db_last_error(s->store));
	log_info(0, "tournament %lld created: %s (%s, %s) by user %lld", (long long)rec->id,
	         rec->name, rec->scenario, rec->format, (long long)rec->director);
	return 0;
}

static int format_max(const struct srv_tourney *t)
{
	int cap = t->format == SRV_TF_RR || t->format == SRV_TF_DOUBLE ? SRV_TOURNEY_MAX_RR_PLAYERS
	                                                               : SRV_TOURNEY_MAX_PLAYERS;

	return t->set.max > 0 && t->set.max < cap ? t->set.max : cap;
}

int srv_tourney_join(struct srv *s, struct srv_tourney *t, int64_t user, struct rules_error *err)
{
	struct db_tplayer p;

	if (t->rec.state != DB_TOURNEY_OPEN)
		return fail(err, WG_E_FORBIDDEN,
		            "tournament %lld has started: registration is closed",
		            (long long)t->rec.id);
	if (srv_tourney_player(t, user) != NULL)
		return fail(err, WG_E_EXISTS, "you are registered in tournament %lld already",
		            (long long)t->rec.id);
	if ((int)t->nplayers >= format_max(t))
		return fail(err, WG_E_FORBIDDEN, "tournament %lld is full (%d players)",
		            (long long)t->rec.id, format_max(t));
	memset(&p, 0, sizeof(p));
	p.tourney = t->rec.id;
	p.user = user;
	p.joined = srv_clock_now(s);
	if (db_tplayer_put(s->store, &p) != 0)
		return fail(err, WG_E_STORAGE, "the registration could not be stored: %s",
		            db_last_error(s->store));
	return 0;
}

/* ---- games ---- */

/* Creates the game of g with g->player[0] on side 0 and g->player[1] on side 1, both seated,
 * the tournament's clock and options; rated when the tournament is.  g->game set. */
static int create_game(struct srv *s, struct srv_tourney *t, struct db_tgame *g,
                       struct rules_error *err)
{
	const struct rules_catalog_entry *e = rules_catalog_find(&s->catalog, t->rec.scenario);
	struct srv_actor creator = srv_system_actor, who = srv_system_actor;
	struct rules_options opts;
	struct srv_outcome out;
	struct srv_game *game;
	struct srv_tc tc;
	char why[200];
	int rc;

	if (e == NULL)
		return fail(err, WG_E_NO_SUCH_SCENARIO, "scenario %s is not installed",
		            t->rec.scenario);
	if (srv_options_parse(t->rec.options, &opts) != 0 ||
	    srv_tc_parse(&tc, t->rec.clock, why, sizeof(why)) != 0)
		return fail(err, WG_E_INTERNAL, "the tournament's options are unreadable");
	creator.user = g->player[0];
	creator.name = name_of(t, g->player[0]);
	who.user = g->player[1];
	who.name = name_of(t, g->player[1]);
	if ((rc = srv_host_create(s, e, &creator, 0, 0, &opts, t->rec.options, &tc, &game, err)) !=
	    0)
		return rc;
	srv_outcome_init(&out);
	if ((rc = srv_host_seat(s, game, &who, 1, &out, err)) != 0) {
		srv_outcome_release(&out);
		return rc;
	}
	g->game = game->rec.id;
	if (t->set.rated && srv_rating_mark(s, g->game) != 0) {
		srv_outcome_release(&out);
		return fail(err, WG_E_STORAGE, "%s", db_last_error(s->store));
	}
	srv_host_publish(s, game, &out);
	if (s->cfg.allow_debug && s->tourneys.kill_after > 0 && --s->tourneys.kill_after == 0) {
		/* debug crash pairing: a crash with the pairing half written (tests) */
		log_warn(0, "debug: killing the server in the middle of a pairing");
		raise(SIGKILL);
	}
	return 0;
}

/* The side letters of the scenario (for the crosstable). */
static void side_letters(struct srv *s, const struct srv_tourney *t, char letters[2])
{
	const struct rules_catalog_entry *e = rules_catalog_find(&s->catalog, t->rec.scenario);

	letters[0] = '0';
	letters[1] = '1';
	if (e != NULL && e->info.side_names[0][0] && e->info.side_names[1][0] &&
	    e->info.side_names[0][0] != e->info.side_names[1][0]) {
		letters[0] = e->info.side_names[0][0];
		letters[1] = e->info.side_names[1][0];
	}
}

static const char *side_name(struct srv *s, const struct srv_tourney *t, int side)
{
	const struct rules_catalog_entry *e = rules_catalog_find(&s->catalog, t->rec.scenario);

	if (e == NULL || side < 0 || side > 1)
		return side == 0 ? "side 0" : "side 1";
	return e->info.side_names[side];
}

/* Tells both players of g (just stored) what they play. */
static void tell_board(struct srv *s, const struct srv_tourney *t, const struct db_tgame *g)
{
	if (g->player[1] == 0) {
		tell(s, t, g->player[0], "bye", 0, "round %d: you have a bye (1 point)", g->round);
		return;
	}
	if (g->result != DB_TRESULT_PENDING) {
		for (int k = 0; k < 2; k++)
			tell(s, t, g->player[k], "forfeit", 0,
			     "round %d: %s against %s (withdrawn)", g->round,
			     half_of(g, k) ? "you win by forfeit" : "you lose by forfeit",
			     name_of(t, g->player[half_of(g, k) ? 1 - k : k]));
		return;
	}
	if (g->game == 0) {
		for (int k = 0; k < 2; k++)
			tell(s, t, g->player[k], "bid", 0,
			     "round %d: you meet %s; bid in secret for the side you want: "
			     "tournament "
			     "bid %lld <%s|%s> <amount>",
			     g->round, name_of(t, g->player[1 - k]), (long long)t->rec.id,
			     side_name(s, t, 0), side_name(s, t, 1));
		return;
	}
	for (int k = 0; k < 2; k++)
		tell(s, t, g->player[k], "paired", g->game,
		     "round %d%s: you play %s as %s in game %lld", g->round,
		     g->leg > 1 ? (g->leg > 2 ? " (deciding game)" : " (second game)") : "",
		     name_of(t, g->player[1 - k]), side_name(s, t, k), (long long)g->game);
}

/* ---- pairing ---- */

struct plan {
	int64_t p[2]; /* p[1] 0: a bye */
	int forfeit;  /* -1 none, 0 / 1 the winner, DB_TRESULT_NONE both lost */
	int legs;     /* 2: a knockout match (two games, sides swapped) */
};

static int withdrawn(const struct srv_tourney *t, int64_t user)
{
	const struct db_tplayer *p = srv_tourney_player(t, user);

	return p == NULL || p->withdrawn > 0;
}

/* Players sorted by pairing number into out (n of them). */
static void by_pnum(const struct srv_tourney *t, const struct db_tplayer **out, int only_active,
                    int *n)
{
	*n = 0;
	for (size_t i = 0; i < t->nplayers; i++)
		if (!only_active || t->players[i].withdrawn == 0)
			out[(*n)++] = &t->players[i];
	for (int i = 1; i < *n; i++) {
		const struct db_tplayer *x = out[i];
		int j = i - 1;
		while (j >= 0 && out[j]->pnum > x->pnum) {
			out[j + 1] = out[j];
			j--;
		}
		out[j + 1] = x;
	}
}

/* The legs (indices into t->games) of board b of round r; their count. */
static int legs_of(const struct srv_tourney *t, int r, int b, size_t *idx, int cap)
{
	int n = 0;

	for (size_t i = 0; i < t->ngames && n < cap; i++)
		if (t->games[i].round == r && t->games[i].board == b)
			idx[n++] = i;
	return n;
}

/* The winner of board b of round r: the bye's player, the match's or game's winner; 0 while
 * undecided (*more 1 when another leg is due) or for an empty board; *loser the other. */
static int64_t board_winner(const struct srv_tourney *t, int r, int b, int *more, int64_t *loser)
{
	size_t idx[SRV_PAIR_MATCH_LEGS + 1];
	int n = legs_of(t, r, b, idx, SRV_PAIR_MATCH_LEGS), h[2][SRV_PAIR_MATCH_LEGS];
	int64_t a, c;
	int w;

	*more = 0;
	*loser = 0;
	if (n == 0)
		return 0;
	a = t->games[idx[0]].player[0];
	c = t->games[idx[0]].player[1];
	if (c == 0)
		return t->games[idx[0]].result == 0 ? a : 0;
	for (int i = 0; i < n; i++) {
		const struct db_tgame *g = &t->games[idx[i]];
		int k = g->player[0] == a ? 0 : 1;
		if (g->result == DB_TRESULT_PENDING)
			return 0;
		h[0][i] = half_of(g, k);
		h[1][i] = half_of(g, 1 - k);
	}
	if (t->format != SRV_TF_KNOCKOUT) {
		w = t->games[idx[0]].result;
		if (w != 0 && w != 1)
			return 0;
	} else {
		w = srv_pair_match_winner(h[0], h[1], n, pnum_of(t, a), pnum_of(t, c));
		if (w < 0) {
			*more = 1;
			return 0;
		}
	}
	*loser = w == 0 ? c : a;
	return w == 0 ? a : c;
}

static int max_board(const struct srv_tourney *t, int r)
{
	int b = 0;

	for (size_t i = 0; i < t->ngames; i++)
		if (t->games[i].round == r && t->games[i].board > b)
			b = t->games[i].board;
	return b;
}

/* Seeded bracket of the users in list (sorted by pairing number): slots (users, 0 empty). */
static int seeded(const int64_t *list, int n, int64_t *slots, int cap)
{
	int seeds[SRV_TOURNEY_MAX_PLAYERS * 2];
	int p = n > 0 ? srv_pair_bracket(n, seeds, cap) : 0;

	for (int i = 0; i < p; i++)
		slots[i] = seeds[i] > 0 ? list[seeds[i] - 1] : 0;
	return p;
}

static void sort_by_pnum(const struct srv_tourney *t, int64_t *list, int n)
{
	for (int i = 1; i < n; i++) {
		int64_t x = list[i];
		int j = i - 1;
		while (j >= 0 && pnum_of(t, list[j]) > pnum_of(t, x)) {
			list[j + 1] = list[j];
			j--;
		}
		list[j + 1] = x;
	}
}

/*
 * The slots of knockout round r (users; 0 an empty slot; a withdrawn player is empty), a power
 * of two of them, or -1.  Round 1: the seeded bracket of everyone.  With a mulligan, round 2 is
 * the seeded bracket of round 1's losers, round 3 that of round 1's winners with round 2's.
 * Otherwise the winners of the previous round in board order.
 */
static int ko_slots(const struct srv_tourney *t, int r, int64_t *slots, int cap)
{
	int64_t list[SRV_TOURNEY_MAX_PLAYERS], prev[SRV_TOURNEY_MAX_PLAYERS * 2];
	int n = 0, more, np;
	int64_t loser;

	if (r <= 1) {
		const struct db_tplayer *ps[SRV_TOURNEY_MAX_PLAYERS];
		by_pnum(t, ps, 1, &n);
		for (int i = 0; i < n; i++)
			list[i] = ps[i]->user;
		return seeded(list, n, slots, cap);
	}
	if (t->set.mulligan && (r == 2 || r == 3)) {
		int nb1 = max_board(t, 1);
		for (int b = 1; b <= nb1; b++) {
			int64_t w = board_winner(t, 1, b, &more, &loser);
			int64_t who = r == 2 ? loser : w;
			if (who != 0 && !withdrawn(t, who))
				list[n++] = who;
		}
		if (r == 3) {
			int nb2 = max_board(t, 2);
			for (int b = 1; b <= nb2; b++) {
				int64_t w = board_winner(t, 2, b, &more, &loser);
				if (w != 0 && !withdrawn(t, w))
					list[n++] = w;
			}
		}
		sort_by_pnum(t, list, n);
		return seeded(list, n, slots, cap);
	}
	np = ko_slots(t, r - 1, prev, SRV_TOURNEY_MAX_PLAYERS * 2);
	if (np < 2)
		return np < 0 ? -1 : 0;
	for (int b = 1; b <= np / 2; b++) {
		int64_t w = board_winner(t, r - 1, b, &more, &loser);
		slots[b - 1] = w != 0 && !withdrawn(t, w) ? w : 0;
	}
	return np / 2;
}

static int count_nonzero(const int64_t *v, int n)
{
	int k = 0;

	for (int i = 0; i < n; i++)
		k += v[i] != 0;
	return k;
}

/* The planned boards of round r into plans (*nplans); 1 when there is no round r to play (the
 * tournament is over: *why says why), 0, or -1 (no memory). */
static int plan_round(struct srv *s, const struct srv_tourney *t, int r, struct plan *plans,
                      int *nplans, char *why, size_t whysize)
{
	const struct db_tplayer *ps[SRV_TOURNEY_MAX_PLAYERS];
	int n;

	(void)s;
	*nplans = 0;
	if (t->format == SRV_TF_RR || t->format == SRV_TF_DOUBLE) {
		struct srv_pair_board b[SRV_TOURNEY_MAX_RR_PLAYERS];
		int nb;
		by_pnum(t, ps, 0, &n);
		if (r > t->rec.rounds) {
			snprintf(why, whysize, "all %d rounds played", t->rec.rounds);
			return 1;
		}
		nb = t->format == SRV_TF_RR ? srv_pair_berger(n, r, b) : srv_pair_double(n, r, b);
		if (nb < 0)
			return -1;
		for (int i = 0; i < nb; i++) {
			struct plan *p = &plans[(*nplans)++];
			int64_t u0 = ps[b[i].p0 - 1]->user,
			        u1 = b[i].p1 ? ps[b[i].p1 - 1]->user : 0;
			int w0 = withdrawn(t, u0), w1 = u1 != 0 && withdrawn(t, u1);
			p->p[0] = u0;
			p->p[1] = u1;
			p->legs = 1;
			p->forfeit = -1;
			if (u1 == 0 && w0)
				(*nplans)--; /* a withdrawn player's bye: nothing */
			else if (w0 && w1)
				p->forfeit = DB_TRESULT_NONE;
			else if (w0 || w1)
				p->forfeit = w0 ? 1 : 0;
		}
		return 0;
	}
	if (t->format == SRV_TF_SWISS) {
		struct srv_pair_player pl[SRV_TOURNEY_MAX_PLAYERS];
		struct srv_pair_swiss_out *out;
		signed char *sides;
		int *met, rc;
		if (r > t->rec.rounds) {
			snprintf(why, whysize, "all %d rounds played", t->rec.rounds);
			return 1;
		}
		by_pnum(t, ps, 1, &n);
		if (n < 2) {
			snprintf(why, whysize, "fewer than two players left");
			return 1;
		}
		out = malloc(sizeof(*out));
		sides = malloc((size_t)n * (t->ngames + 1));
		met = malloc(sizeof(int) * (size_t)n * (t->ngames + 1));
		if (out == NULL || sides == NULL || met == NULL) {
			free(out);
			free(sides);
			free(met);
			return -1;
		}
		for (int i = 0; i < n; i++) {
			signed char *si = sides + (size_t)i * (t->ngames + 1);
			int *mi = met + (size_t)i * (t->ngames + 1);
			memset(&pl[i], 0, sizeof(pl[i]));
			pl[i].id = i;
			pl[i].pnum = ps[i]->pnum;
			pl[i].sides = si;
			pl[i].met = mi;
			for (size_t k = 0; k < t->ngames; k++) {
				const struct db_tgame *g = &t->games[k];
				int me = g->player[0] == ps[i]->user   ? 0
				         : g->player[1] == ps[i]->user ? 1
				                                       : -1;
				if (me < 0 || g->result == DB_TRESULT_PENDING)
					continue;
				pl[i].score += half_of(g, me);
				if (g->player[1] == 0) {
					pl[i].had_bye = 1;
					continue;
				}
				for (int j = 0; j < n; j++)
					if (ps[j]->user == g->player[1 - me])
						mi[pl[i].nmet++] = j;
				if (played(g))
					si[pl[i].nsides++] = (signed char)me;
			}
		}
		rc = srv_pair_swiss(pl, n, r, seed64(t), t->set.bid, out);
		if (rc == 0) {
			for (int i = 0; i < out->nboards; i++) {
				struct plan *p = &plans[(*nplans)++];
				p->p[0] = ps[out->boards[i].p0]->user;
				p->p[1] = ps[out->boards[i].p1]->user;
				p->legs = 1;
				p->forfeit = -1;
			}
			if (out->bye >= 0) {
				struct plan *p = &plans[(*nplans)++];
				p->p[0] = ps[out->bye]->user;
				p->p[1] = 0;
				p->legs = 1;
				p->forfeit = -1;
			}
			if (out->relaxed)
				log_info(0, "tournament %lld round %d: the pairing gave up %s",
				         (long long)t->rec.id, r,
				         (out->relaxed & SRV_PAIR_RELAXED_THREE)
				             ? "a third side in a row for someone"
				             : "the side balance of someone");
		}
		free(out);
		free(sides);
		free(met);
		if (rc == -1) {
			snprintf(why, whysize,
			         "no pairing for round %d without a rematch (the tournament ends "
			         "after round %d)",
			         r, r - 1);
			return 1;
		}
		return rc == 0 ? 0 : -1;
	}
	/* knockout */
	{
		int64_t slots[SRV_TOURNEY_MAX_PLAYERS * 2];
		int ns = ko_slots(t, r, slots, SRV_TOURNEY_MAX_PLAYERS * 2);
		if (ns < 0)
			return -1;
		if (count_nonzero(slots, ns) <= 1 && !(t->set.mulligan && r == 2)) {
			snprintf(why, whysize, "the knockout has its winner");
			return 1;
		}
		for (int i = 0; i + 1 < ns; i += 2) {
			struct plan *p = &plans[(*nplans)++];
			p->p[0] = slots[i];
			p->p[1] = slots[i + 1];
			p->legs = 2;
			p->forfeit = -1;
			if (p->p[0] == 0 && p->p[1] == 0) {
				/* an empty board keeps its number: a row-less placeholder */
				p->legs = 0;
			} else if (p->p[0] == 0) {
				p->p[0] = p->p[1];
				p->p[1] = 0;
			}
		}
		if (ns == 1) { /* a mulligan's losers' round of one: a bye */
			struct plan *p = &plans[(*nplans)++];
			p->p[0] = slots[0];
			p->p[1] = 0;
			p->legs = slots[0] != 0 ? 2 : 0;
			p->forfeit = -1;
		}
		return 0;
	}
}

/* Knockout rounds from n players (an estimate shown as "round r of N"). */
static int ko_rounds(int n, int mulligan)
{
	int p = 1, rounds = 0, main;

	while (p < n)
		p *= 2, rounds++;
	if (!mulligan)
		return rounds;
	{
		int losers = n - p / 2, pl = 1;
		while (pl < losers)
			pl *= 2;
		main = p / 2 + (losers > 0 ? pl / 2 : 0);
		for (p = 1, rounds = 0; p < main; p *= 2)
			rounds++;
		return 2 + rounds;
	}
}

/* The coin of a board (0 or 1): which side the first player takes when nothing else says. */
static int coin(const struct srv_tourney *t, int r, int b, int leg)
{
	return (int)(srv_pair_mix(seed64(t),
	                          ((uint64_t)r << 40) ^ ((uint64_t)b << 16) ^ (uint64_t)leg) &
	             1);
}

/* Stores leg `leg` of board b (players in plan order, sides by the format) and creates its
 * game (or waits for bids).  The new row is appended to t->games. */
static int stage_leg(struct srv *s, struct srv_tourney *t, int r, int b, int leg, int64_t a,
                     int64_t c, int forfeit, struct rules_error *err)
{
	struct db_tgame g;
	int swap = 0, rc;

	memset(&g, 0, sizeof(g));
	g.tourney = t->rec.id;
	g.round = r;
	g.board = b;
	g.leg = leg;
	g.result = DB_TRESULT_PENDING;
	g.bid_side[0] = g.bid_side[1] = g.bid[0] = g.bid[1] = -1;
	if (t->format == SRV_TF_KNOCKOUT && c != 0) {
		/* leg 1: the higher seed's side by the coin; leg 2 swapped; deciders by coin */
		int64_t hi = pnum_of(t, a) <= pnum_of(t, c) ? a : c;
		int side = leg == 2 ? 1 - coin(t, r, b, 1) : coin(t, r, b, leg);
		swap = (hi == a) != (side == 0);
	}
	g.player[0] = swap ? c : a;
	g.player[1] = swap ? a : c;
	if (c == 0) {
		g.result = 0;
		snprintf(g.how, sizeof(g.how), "bye");
	} else if (forfeit != -1) {
		g.result =
		    forfeit == DB_TRESULT_NONE ? DB_TRESULT_NONE : (swap ? 1 - forfeit : forfeit);
		snprintf(g.how, sizeof(g.how), "forfeit");
	} else if (t->set.bid && (t->format != SRV_TF_KNOCKOUT || leg > 2)) {
		/* sides by secret bids: the game waits for both; player0 the higher seed */
		if (pnum_of(t, g.player[0]) > pnum_of(t, g.player[1])) {
			int64_t x = g.player[0];
			g.player[0] = g.player[1];
			g.player[1] = x;
		}
	} else if ((rc = create_game(s, t, &g, err)) != 0) {
		return rc;
	}
	if (db_tgame_put(s->store, &g) != 0 || games_push(t, &g) != 0)
		return fail(err, WG_E_STORAGE, "%s", db_last_error(s->store));
	tell_board(s, t, &g);
	return 0;
}

/* Pairs round r = rec.round + 1 of t and stores it with the tournament row, or finishes t
 * when there is no round left.  Any failure drops the batch (storage_failed). */
static int pair_round(struct srv *s, struct srv_tourney *t, struct rules_error *err)
{
	struct plan *plans = calloc(SRV_TOURNEY_MAX_PLAYERS, sizeof(*plans));
	int r = t->rec.round + 1, nplans = 0, rc;
	char why[200] = "";

	if (plans == NULL)
		return fail(err, WG_E_NO_MEMORY, "out of memory");
	/* what the games need, checked before anything is written: a scenario uninstalled since
	 * leaves the tournament waiting (told in the log), not a dropped batch */
	{
		struct rules_options opts;
		struct srv_tc tc;
		if (rules_catalog_find(&s->catalog, t->rec.scenario) == NULL ||
		    srv_options_parse(t->rec.options, &opts) != 0 ||
		    srv_tc_parse(&tc, t->rec.clock, why, sizeof(why)) != 0) {
			free(plans);
			log_warn(0,
			         "tournament %lld: round %d cannot be paired: scenario %s is not "
			         "installed or its options are unreadable",
			         (long long)t->rec.id, r, t->rec.scenario);
			return fail(err, WG_E_NO_SUCH_SCENARIO,
			            "round %d cannot be paired: scenario %s is not installed", r,
			            t->rec.scenario);
		}
	}
	rc = plan_round(s, t, r, plans, &nplans, why, sizeof(why));
	if (rc < 0) {
		free(plans);
		return fail(err, WG_E_NO_MEMORY, "out of memory pairing round %d", r);
	}
	if (rc == 1) {
		free(plans);
		t->rec.state = DB_TOURNEY_FINISHED;
		t->rec.deadline = 0;
		snprintf(t->rec.note, sizeof(t->rec.note), "%s", why);
		if (db_tourney_update(s->store, &t->rec) != 0)
			return storage_failed(s, err);
		for (size_t i = 0; i < t->nplayers; i++)
			tell(s, t, t->players[i].user, "finished", 0,
			     "finished (%s); tournament standings %lld shows the result", why,
			     (long long)t->rec.id);
		log_info(0, "tournament %lld finished: %s", (long long)t->rec.id, why);
		return 0;
	}
	t->rec.round = r;
	t->rec.deadline = t->set.deadline_days > 0
	                      ? srv_clock_now(s) + (int64_t)t->set.deadline_days * SRV_TC_DAY
	                      : 0;
	t->rec.note[0] = '\0';
	/* the round number first: the games below are in the same transaction */
	if (db_tourney_update(s->store, &t->rec) != 0) {
		free(plans);
		return storage_failed(s, err);
	}
	for (int i = 0; i < nplans; i++) {
		const struct plan *p = &plans[i];
		for (int leg = 1; leg <= (p->p[1] != 0 ? p->legs : (p->legs > 0)); leg++) {
			rc = stage_leg(s, t, r, i + 1, leg, leg == 2 ? p->p[1] : p->p[0],
			               leg == 2 ? p->p[0] : p->p[1],
			               p->forfeit == -1 || p->forfeit == DB_TRESULT_NONE
			                   ? p->forfeit
			                   : (leg == 2 ? 1 - p->forfeit : p->forfeit),
			               err);
			if (rc != 0) {
				free(plans);
				return storage_failed(s, err);
			}
		}
	}
	free(plans);
	log_info(0, "tournament %lld: round %d paired", (long long)t->rec.id, r);
	due(s, t->rec.id); /* a round of byes and forfeits only is decided at once */
	if (t->rec.deadline > 0 &&
	    (s->tourneys.next_deadline == 0 || t->rec.deadline < s->tourneys.next_deadline))
		s->tourneys.next_deadline = t->rec.deadline;
	return 0;
}

/* ---- results from the games ---- */

static int last_host(void *ctx, const struct db_action *a)
{
	*(int *)ctx = a->host;
	return 0;
}

/* Takes the results of t's finished games into their rows; 1 if any changed, -1 storage. */
static int reconcile(struct srv *s, struct srv_tourney *t)
{
	int changed = 0;

	for (size_t i = 0; i < t->ngames; i++) {
		struct db_tgame *g = &t->games[i];
		struct srv_game *game;
		int host = 0;
		if (g->result != DB_TRESULT_PENDING || g->game == 0)
			continue;
		game = srv_game_get(s, g->game);
		if (game == NULL || game->rec.status != DB_GAME_FINISHED)
			continue;
		g->result = game->rec.winner == 0 || game->rec.winner == 1 ? game->rec.winner
		                                                           : DB_TRESULT_DRAW;
		db_action_each(s->store, g->game, game->rec.version - 1, last_host, &host);
		snprintf(g->how, sizeof(g->how), "%s",
		         host == RULES_HOST_NONE ? "played"
		         : rules_host_name((enum rules_host_kind)host) != NULL
		             ? rules_host_name((enum rules_host_kind)host)
		             : "played");
		if (db_tgame_put(s->store, g) != 0)
			return -1;
		changed = 1;
		for (int k = 0; k < 2; k++)
			tell(s, t, g->player[k], "result", g->game,
			     "round %d: game %lld against %s: %s (%s)", g->round,
			     (long long)g->game, name_of(t, g->player[1 - k]),
			     half_of(g, k) == 2   ? "you won"
			     : half_of(g, k) == 1 ? "drawn"
			                          : "you lost",
			     g->how);
	}
	return changed;
}

/* The boards of the current round still to decide; the knockout deciders due are created
 * (*made counts them).  0: the round is complete. */
static int open_boards(struct srv *s, struct srv_tourney *t, int create, int *made,
                       struct rules_error *err)
{
	int r = t->rec.round, nb = max_board(t, r), open = 0;

	*made = 0;
	for (int b = 1; b <= nb; b++) {
		size_t idx[SRV_PAIR_MATCH_LEGS + 1];
		int n = legs_of(t, r, b, idx, SRV_PAIR_MATCH_LEGS), more;
		int64_t loser, w;
		if (n == 0)
			continue;
		w = board_winner(t, r, b, &more, &loser);
		if (w != 0)
			continue;
		for (int i = 0; i < n; i++)
			if (t->games[idx[i]].result == DB_TRESULT_PENDING)
				more = -1;
		if (more == 1 && create && n < SRV_PAIR_MATCH_LEGS) {
			int64_t a = t->games[idx[0]].player[0], c = t->games[idx[0]].player[1];
			if (stage_leg(s, t, r, b, n + 1, a, c, -1, err) != 0)
				return -1;
			(*made)++;
		}
		if (t->format == SRV_TF_KNOCKOUT || more != 0)
			open++;
		else if (t->games[idx[0]].result == DB_TRESULT_PENDING)
			open++;
	}
	return open;
}

/* Runs host action a on game (of tournament t) for the system and publishes it; a refusal is
 * logged (the game goes on). */
static void system_verdict(struct srv *s, const struct srv_tourney *t, struct srv_game *game,
                           const struct rules_host_action *a)
{
	struct rules_error err;
	struct srv_outcome out;

	memset(&err, 0, sizeof(err));
	srv_outcome_init(&out);
	if (srv_host_action(s, game, &srv_system_actor, a, &out, &err) != 0) {
		srv_outcome_release(&out);
		log_warn(0, "tournament %lld: game %lld: %s", (long long)t->rec.id,
		         (long long)game->rec.id, err.message);
		return;
	}
	srv_host_publish(s, game, &out);
}

/* Applies the round's deadline (or the director's advance): unfinished games forfeited by
 * the side awaited (both awaited: adjudicated a draw); games waiting for bids forfeited by
 * who did not bid.  With overdue=adjudicate running games are left to the director (told).
 * Returns the number of games left to the director. */
static int close_round(struct srv *s, struct srv_tourney *t, const char *why)
{
	int left = 0;
	char list[300] = "";

	for (size_t i = 0; i < t->ngames; i++) {
		struct db_tgame *g = &t->games[i];
		struct srv_game *game;
		if (g->round != t->rec.round || g->result != DB_TRESULT_PENDING)
			continue;
		if (g->game == 0) {
			int b0 = g->bid[0] >= 0, b1 = g->bid[1] >= 0;
			g->result = b0 && !b1 ? 0 : b1 && !b0 ? 1 : DB_TRESULT_NONE;
			snprintf(g->how, sizeof(g->how), "forfeit");
			if (db_tgame_put(s->store, g) != 0)
				log_warn(0, "tournament %lld: %s", (long long)t->rec.id,
				         db_last_error(s->store));
			for (int k = 0; k < 2; k++)
				tell(s, t, g->player[k], "forfeit", 0, "round %d (%s): %s",
				     g->round, why,
				     half_of(g, k) ? "you win by forfeit: your opponent did not bid"
				                   : "you lose by forfeit: you did not bid");
			continue;
		}
		game = srv_game_get(s, g->game);
		if (game == NULL || game->rec.status == DB_GAME_FINISHED)
			continue;
		if (t->set.overdue_adjudicate) {
			size_t at = strlen(list);
			snprintf(list + at, sizeof(list) - at, "%s%lld", at ? ", " : "",
			         (long long)g->game);
			left++;
			continue;
		}
		{
			struct rules_host_action a = {
			    .kind = RULES_HOST_FORFEIT, .side = -1, .winner = -1, .note = why};
			/* the stored summary of a game not loaded yet; the verdict loads it */
			const struct rules_pending *p = srv_game_pending(game);
			unsigned awaited = p != NULL ? p->sides : 0;
			if (awaited == RULES_AUD_SIDE(0) || awaited == RULES_AUD_SIDE(1)) {
				a.side = awaited == RULES_AUD_SIDE(0) ? 0 : 1;
			} else {
				a.kind = RULES_HOST_ADJUDICATE;
				a.winner = -1;
			}
			system_verdict(s, t, game, &a);
		}
	}
	if (left > 0)
		tell(s, t, t->rec.director, "adjudicate", 0,
		     "round %d (%s): games %s are unfinished; tournament adjudicate <game> "
		     "<side>|draw decides each",
		     t->rec.round, why, list);
	return left;
}

/* Looks at t: results in, deciders made, the round's deadline, the next round paired (not
 * when paused), the end.  0 or a WG_E_* code (storage: the batch was dropped). */
static int process(struct srv *s, struct srv_tourney *t, struct rules_error *err)
{
	int made, open;

	if (t->rec.state != DB_TOURNEY_RUNNING)
		return 0;
	if (reconcile(s, t) < 0)
		return storage_failed(s, err);
	if (t->rec.paused)
		return 0;
	open = open_boards(s, t, 1, &made, err);
	if (open < 0)
		return storage_failed(s, err);
	if (open > 0) {
		if (t->rec.deadline > 0 && srv_clock_now(s) >= t->rec.deadline) {
			char why[64];
			snprintf(why, sizeof(why), "round %d deadline", t->rec.round);
			t->rec.deadline = 0;
			if (db_tourney_update(s->store, &t->rec) != 0)
				return storage_failed(s, err);
			close_round(s, t, why); /* the games that end make t due again */
			due(s, t->rec.id);
		}
		return 0;
	}
	return pair_round(s, t, err);
}

static int process_id(struct srv *s, int64_t id)
{
	struct srv_tourney t;
	struct rules_error err;
	int rc;

	memset(&err, 0, sizeof(err));
	if (srv_tourney_load(s, id, &t) != 0)
		return 0;
	rc = process(s, &t, &err);
	if (rc != 0)
		log_warn(0, "tournament %lld: %s", (long long)id, err.message);
	srv_tourney_release(&t);
	return rc;
}

void srv_tourneys_run(struct srv *s)
{
	struct srv_tourneys *q = &s->tourneys;

	if (q->running)
		return;
	q->running = 1;
	/* each pass may end games (deadlines) that make a tournament due again: bounded */
	for (int pass = 0; pass < 64 && q->ndue > 0; pass++) {
		int64_t id = q->due[0];
		memmove(q->due, q->due + 1, (q->ndue - 1) * sizeof(*q->due));
		q->ndue--;
		if (process_id(s, id) == WG_E_STORAGE)
			break;
	}
	q->running = 0;
}

void srv_tourney_game_over(struct srv *s, struct srv_game *g)
{
	struct db_tgame tg;

	if (db_tgame_by_game(s->store, g->rec.id, &tg) == 0)
		due(s, tg.tourney);
}

struct deadline_walk {
	struct srv *s;
	int64_t now;
};

static int deadline_due(void *ctx, const struct db_tourney *t)
{
	struct deadline_walk *w = ctx;

	if (t->deadline > 0 && !t->paused && t->deadline <= w->now)
		due(w->s, t->id);
	return 0;
}

void srv_tourneys_tick(struct srv *s)
{
	struct deadline_walk w = {.s = s, .now = srv_clock_now(s)};

	if (s->tourneys.next_deadline == 0 || s->tourneys.next_deadline > w.now)
		return;
	db_tourney_each(s->store, 1u << DB_TOURNEY_RUNNING, deadline_due, &w);
	srv_tourneys_run(s);
	deadlines_again(s);
}

static int recover_one(void *ctx, const struct db_tourney *t)
{
	due(ctx, t->id);
	return 0;
}

void srv_tourneys_recover(struct srv *s)
{
	db_tourney_each(s->store, 1u << DB_TOURNEY_RUNNING, recover_one, s);
	deadlines_again(s);
	if (s->tourneys.ndue > 0)
		log_info(0, "%zu running tournaments", s->tourneys.ndue);
}

void srv_tourneys_release(struct srv *s)
{
	free(s->tourneys.due);
	s->tourneys.due = NULL;
	s->tourneys.ndue = s->tourneys.capdue = 0;
}

/* ---- the director's and the players' acts ---- */

int srv_tourney_start(struct srv *s, struct srv_tourney *t, struct rules_error *err)
{
	int n = (int)t->nplayers, maxr;
	struct {
		double rating;
		uint64_t lot;
	} key[SRV_TOURNEY_MAX_PLAYERS];
	int order[SRV_TOURNEY_MAX_PLAYERS];

	if (t->rec.state != DB_TOURNEY_OPEN)
		return fail(err, WG_E_FORBIDDEN, "tournament %lld has started already",
		            (long long)t->rec.id);
	if (n < 2)
		return fail(err, WG_E_FORBIDDEN, "tournament %lld has %d player%s: two at least",
		            (long long)t->rec.id, n, n == 1 ? "" : "s");
	if (rules_catalog_find(&s->catalog, t->rec.scenario) == NULL)
		return fail(err, WG_E_NO_SUCH_SCENARIO, "scenario %s is not installed",
		            t->rec.scenario);
	switch (t->format) {
	case SRV_TF_RR:
		t->rec.rounds = srv_pair_rr_rounds(n);
		break;
	case SRV_TF_DOUBLE:
		t->rec.rounds = 2 * srv_pair_rr_rounds(n);
		break;
	case SRV_TF_SWISS:
		maxr = srv_pair_swiss_max_rounds(n);
		if (t->set.rounds > maxr)
			return fail(
			    err, WG_E_FORBIDDEN,
			    "a Swiss of %d players has at most %d rounds (rounds=%d asked): "
			    "beyond that pairings run out; format=rr plays everyone",
			    n, maxr, t->set.rounds);
		if (t->set.rounds > 0) {
			t->rec.rounds = t->set.rounds;
		} else {
			int lg = 0;
			while ((1 << lg) < n)
				lg++;
			t->rec.rounds = lg < 3 ? 3 : lg;
			if (t->rec.rounds > maxr)
				t->rec.rounds = maxr;
		}
		break;
	default:
		t->rec.rounds = ko_rounds(n, t->set.mulligan);
		break;
	}
	/* pairing numbers: the best rated first; equal ratings by a lot drawn from the seed */
	for (int i = 0; i < n; i++) {
		struct srv_g2_rating r;
		int64_t games;
		int found;
		srv_rating_get(s, t->players[i].user, t->rec.scenario, &r, &games, &found);
		key[i].rating = r.r;
		key[i].lot = srv_pair_mix(seed64(t), (uint64_t)t->players[i].user);
		order[i] = i;
	}
	for (int i = 1; i < n; i++) {
		int x = order[i], j = i - 1;
		while (j >= 0 && (key[order[j]].rating < key[x].rating ||
		                  (key[order[j]].rating == key[x].rating &&
		                   key[order[j]].lot > key[x].lot))) {
			order[j + 1] = order[j];
			j--;
		}
		order[j + 1] = x;
	}
	for (int k = 0; k < n; k++) {
		struct db_tplayer *p = &t->players[order[k]];
		p->pnum = k + 1;
		p->rating = key[order[k]].rating;
		if (db_tplayer_put(s->store, p) != 0)
			return storage_failed(s, err);
	}
	t->rec.state = DB_TOURNEY_RUNNING;
	t->rec.round = 0;
	for (size_t i = 0; i < t->nplayers; i++)
		tell(s, t, t->players[i].user, "started", 0,
		     "started: %d players, %s, %d round%s; your pairing number is %d", n,
		     srv_tformat_name(t->format), t->rec.rounds, t->rec.rounds == 1 ? "" : "s",
		     t->players[i].pnum);
	log_info(0, "tournament %lld started: %d players", (long long)t->rec.id, n);
	return pair_round(s, t, err);
}

/* The unfinished boards of the current round as "12, 14" (games, or "board 3" awaiting bids). */
static void unfinished(const struct srv_tourney *t, char *buf, size_t size)
{
	buf[0] = '\0';
	for (size_t i = 0; i < t->ngames; i++) {
		const struct db_tgame *g = &t->games[i];
		size_t at = strlen(buf);
		if (g->round != t->rec.round || g->result != DB_TRESULT_PENDING || at + 24 > size)
			continue;
		if (g->game != 0)
			snprintf(buf + at, size - at, "%sgame %lld", at ? ", " : "",
			         (long long)g->game);
		else
			snprintf(buf + at, size - at, "%sboard %d (bids)", at ? ", " : "",
			         g->board);
	}
}

static int check_running(const struct srv_tourney *t, struct rules_error *err)
{
	if (t->rec.state == DB_TOURNEY_OPEN)
		return fail(err, WG_E_FORBIDDEN, "tournament %lld has not started",
		            (long long)t->rec.id);
	if (t->rec.state == DB_TOURNEY_FINISHED)
		return fail(err, WG_E_FORBIDDEN, "tournament %lld is over", (long long)t->rec.id);
	return 0;
}

int srv_tourney_pair(struct srv *s, struct srv_tourney *t, struct rules_error *err)
{
	char list[300];
	int made, open, rc;

	if ((rc = check_running(t, err)) != 0)
		return rc;
	if (reconcile(s, t) < 0)
		return storage_failed(s, err);
	open = open_boards(s, t, 1, &made, err);
	if (open < 0)
		return storage_failed(s, err);
	if (open > 0) {
		unfinished(t, list, sizeof(list));
		return fail(err, WG_E_FORBIDDEN,
		            "round %d is not decided yet (%s); tournament advance %lld closes it",
		            t->rec.round, list[0] ? list : "deciding games were just created",
		            (long long)t->rec.id);
	}
	return pair_round(s, t, err);
}

int srv_tourney_advance(struct srv *s, struct srv_tourney *t, struct rules_error *err)
{
	char why[64], list[300];
	int rc;

	if ((rc = check_running(t, err)) != 0)
		return rc;
	if (reconcile(s, t) < 0)
		return storage_failed(s, err);
	snprintf(why, sizeof(why), "round %d closed by the director", t->rec.round);
	if (close_round(s, t, why) > 0) {
		unfinished(t, list, sizeof(list));
		return fail(err, WG_E_FORBIDDEN,
		            "round %d has unfinished games and overdue=adjudicate: %s; tournament "
		            "adjudicate <game> <side>|draw decides each",
		            t->rec.round, list);
	}
	due(s, t->rec.id);
	srv_tourneys_run(s);
	return 0;
}

/* Forfeits user's unfinished games of the current round (why: the note). */
static void forfeit_current(struct srv *s, struct srv_tourney *t, int64_t user, const char *why)
{
	for (size_t i = 0; i < t->ngames; i++) {
		struct db_tgame *g = &t->games[i];
		int k = g->player[0] == user ? 0 : g->player[1] == user ? 1 : -1;
		if (k < 0 || g->round != t->rec.round || g->result != DB_TRESULT_PENDING)
			continue;
		if (g->game == 0) {
			g->result = 1 - k;
			snprintf(g->how, sizeof(g->how), "forfeit");
			if (db_tgame_put(s->store, g) != 0)
				log_warn(0, "tournament %lld: %s", (long long)t->rec.id,
				         db_last_error(s->store));
			tell(s, t, g->player[1 - k], "forfeit", 0,
			     "round %d: you win by forfeit (%s)", g->round, why);
			continue;
		}
		{
			struct srv_game *game = srv_game_get(s, g->game);
			struct rules_host_action a = {
			    .kind = RULES_HOST_FORFEIT, .side = k, .winner = -1, .note = why};
			if (game == NULL || game->rec.status == DB_GAME_FINISHED)
				continue;
			system_verdict(s, t, game, &a);
		}
	}
}

int srv_tourney_withdraw(struct srv *s, struct srv_tourney *t, int64_t user,
                         struct rules_error *err)
{
	struct db_tplayer *p = (struct db_tplayer *)srv_tourney_player(t, user);
	int rc;

	if (p == NULL)
		return fail(err, WG_E_NOT_FOUND, "that user does not play in tournament %lld",
		            (long long)t->rec.id);
	if ((rc = check_running(t, err)) != 0)
		return rc;
	if (p->withdrawn > 0)
		return fail(err, WG_E_EXISTS, "%s withdrew in round %d already", p->name,
		            p->withdrawn);
	p->withdrawn = t->rec.round > 0 ? t->rec.round : 1;
	if (db_tplayer_put(s->store, p) != 0)
		return storage_failed(s, err);
	forfeit_current(s, t, user, "withdrawn");
	tell(s, t, user, "withdrawn", 0, "you are withdrawn from round %d on", p->withdrawn);
	log_info(0, "tournament %lld: %s withdrawn", (long long)t->rec.id, p->name);
	due(s, t->rec.id);
	srv_tourneys_run(s);
	return 0;
}

int srv_tourney_leave(struct srv *s, struct srv_tourney *t, int64_t user, struct rules_error *err)
{
	if (srv_tourney_player(t, user) == NULL)
		return fail(err, WG_E_NOT_FOUND, "you are not registered in tournament %lld",
		            (long long)t->rec.id);
	if (t->rec.state == DB_TOURNEY_OPEN) {
		if (db_tplayer_delete(s->store, t->rec.id, user) != 0)
			return fail(err, WG_E_STORAGE, "%s", db_last_error(s->store));
		return 0;
	}
	return srv_tourney_withdraw(s, t, user, err);
}

int srv_tourney_pause(struct srv *s, struct srv_tourney *t, int on, struct rules_error *err)
{
	int rc;

	if ((rc = check_running(t, err)) != 0)
		return rc;
	if (t->rec.paused == on)
		return fail(err, WG_E_EXISTS, "tournament %lld is %s already", (long long)t->rec.id,
		            on ? "paused" : "running");
	t->rec.paused = on;
	/* a round deadline that passed during the pause starts again from the resumption */
	if (!on && t->rec.deadline > 0 && t->rec.deadline <= srv_clock_now(s))
		t->rec.deadline = srv_clock_now(s) + (int64_t)t->set.deadline_days * SRV_TC_DAY;
	if (db_tourney_update(s->store, &t->rec) != 0)
		return fail(err, WG_E_STORAGE, "%s", db_last_error(s->store));
	for (size_t i = 0; i < t->nplayers; i++)
		tell(s, t, t->players[i].user, on ? "paused" : "resumed", 0,
		     on ? "paused by the director: no new round until it resumes"
		        : "resumed by the director");
	deadlines_again(s);
	if (!on) {
		due(s, t->rec.id);
		srv_tourneys_run(s);
	}
	return 0;
}

int srv_tourney_bid(struct srv *s, struct srv_tourney *t, int64_t user, int side, int amount,
                    char *summary, size_t size, struct rules_error *err)
{
	struct db_tgame *g = NULL;
	int k = -1, rc, first, applied;
	char text[400], chat[400];

	if ((rc = check_running(t, err)) != 0)
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
		tell(
		    s, t, g->player[1 - k], "bid", 0,
		    "round %d: %s has bid; your bid decides the sides with it (tournament bid %lld "
		    "<side> <amount>)",
		    g->round, name_of(t, user), (long long)t->rec.id);
		snprintf(summary, size, "your bid of %d for %s is in, secret until %s bids", amount,
		         side_name(s, t, side), name_of(t, g->player[1 - k]));
		return 0;
	}
	/* both bids are in: revealed together */
	if (g->bid_side[0] != g->bid_side[1]) {
		first = g->bid_side[0] == 0 ? 0 : 1; /* who takes side 0 */
		applied = -1;
	} else {
		int w = g->bid[0] > g->bid[1]   ? 0
		        : g->bid[1] > g->bid[0] ? 1
		                                : coin(t, g->round, g->board, g->leg + 10);
		first = g->bid_side[0] == 0 ? w : 1 - w;
		applied = w;
	}
	snprintf(text, sizeof(text), "bids: %s %d for %s, %s %d for %s; ", name_of(t, g->player[0]),
	         g->bid[0], side_name(s, t, g->bid_side[0]), name_of(t, g->player[1]), g->bid[1],
	         side_name(s, t, g->bid_side[1]));
	if (applied < 0)
		snprintf(text + strlen(text), sizeof(text) - strlen(text),
		         "each has the side he wanted; no bid applies");
	else
		snprintf(text + strlen(text), sizeof(text) - strlen(text),
		         "%s plays %s with a bid of %d%s", name_of(t, g->player[applied]),
		         side_name(s, t, g->bid_side[applied]), g->bid[applied],
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
	if ((rc = create_game(s, t, g, err)) != 0 || db_tgame_put(s->store, g) != 0) {
		if (rc == 0)
			fail(err, WG_E_STORAGE, "%s", db_last_error(s->store));
		return storage_failed(s, err);
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
			return storage_failed(s, err);
		if (game != NULL)
			srv_game_chat(s, game, "tournament", chat);
	}
	for (int j = 0; j < 2; j++)
		tell(s, t, g->player[j], "bids", g->game, "round %d: %s; you play %s in game %lld",
		     g->round, text, side_name(s, t, j), (long long)g->game);
	snprintf(summary, size, "both bids are in: you play %s in game %lld",
	         side_name(s, t, g->player[0] == user ? 0 : 1), (long long)g->game);
	return 0;
}

/* ---- what people see ---- */

static void player_json(cJSON *o, const struct db_tplayer *p)
{
	cJSON_AddStringToObject(o, "user", p->name);
	cJSON_AddNumberToObject(o, "pnum", p->pnum);
	cJSON_AddNumberToObject(o, "rating", round(p->rating));
	cJSON_AddBoolToObject(o, "withdrawn", p->withdrawn > 0);
}

/* The rounds standings count: the current one once all of it is decided. */
static int rounds_done(struct srv *s, const struct srv_tourney *t)
{
	int r = t->rec.round;

	(void)s;
	for (size_t i = 0; i < t->ngames; i++)
		if (t->games[i].round == r && t->games[i].result == DB_TRESULT_PENDING)
			return r - 1;
	return r;
}

static void knockout_standings(struct srv *s, const struct srv_tourney *t, cJSON *data,
                               cJSON *lines, int crosstable)
{
	int n = (int)t->nplayers, order[SRV_TOURNEY_MAX_PLAYERS], reached[SRV_TOURNEY_MAX_PLAYERS];
	int out[SRV_TOURNEY_MAX_PLAYERS], champion = -1,
	                                  finished = t->rec.state == DB_TOURNEY_FINISHED;
	cJSON *rows = cJSON_AddArrayToObject(data, "standings");

	for (int i = 0; i < n; i++) {
		int64_t u = t->players[i].user;
		reached[i] = 0;
		out[i] = 0;
		order[i] = i;
		for (size_t k = 0; k < t->ngames; k++) {
			const struct db_tgame *g = &t->games[k];
			int more;
			int64_t loser;
			if (g->player[0] != u && g->player[1] != u)
				continue;
			if (g->round > reached[i])
				reached[i] = g->round;
			board_winner(t, g->round, g->board, &more, &loser);
			/* a mulligan round's loser goes on */
			if (loser == u && !(t->set.mulligan && g->round == 1))
				out[i] = g->round;
		}
		if (t->players[i].withdrawn > 0 && out[i] == 0)
			out[i] = t->players[i].withdrawn;
	}
	if (finished)
		for (int i = 0; i < n; i++)
			if (out[i] == 0 && t->players[i].withdrawn == 0)
				champion = i;
	for (int i = 1; i < n; i++) {
		int x = order[i], j = i - 1;
		while (j >= 0) {
			int y = order[j];
			int kx = x == champion ? 1 << 20 : (out[x] == 0 ? 1 << 19 : 0) + reached[x];
			int ky = y == champion ? 1 << 20 : (out[y] == 0 ? 1 << 19 : 0) + reached[y];
			if (ky > kx || (ky == kx && t->players[y].pnum < t->players[x].pnum))
				break;
			order[j + 1] = order[j];
			j--;
		}
		order[j + 1] = x;
	}
	add_line(lines, "%s after round %d of %d (knockout%s, %d players)",
	         finished ? "final standings" : "standings", t->rec.round, t->rec.rounds,
	         t->set.mulligan ? " with a mulligan round" : "", n);
	add_line(lines, "  #  %-16s %4s  %s", "player", "seed", "result");
	for (int k = 0; k < n; k++) {
		int i = order[k];
		cJSON *o = cJSON_CreateObject();
		char res[80];
		if (i == champion)
			snprintf(res, sizeof(res), "winner");
		else if (out[i] > 0)
			snprintf(res, sizeof(res), "%s in round %d",
			         t->players[i].withdrawn == out[i] ? "withdrew" : "out", out[i]);
		else
			snprintf(res, sizeof(res), "in (round %d)", reached[i]);
		cJSON_AddNumberToObject(o, "rank", k + 1);
		player_json(o, &t->players[i]);
		cJSON_AddNumberToObject(o, "reached", reached[i]);
		if (out[i] > 0)
			cJSON_AddNumberToObject(o, "out", out[i]);
		else
			cJSON_AddNullToObject(o, "out");
		cJSON_AddBoolToObject(o, "winner", i == champion);
		cJSON_AddItemToArray(rows, o);
		add_line(lines, "%3d  %-16.16s %4d  %s", k + 1, t->players[i].name,
		         t->players[i].pnum, res);
	}
	if (crosstable) {
		cJSON *ct = cJSON_AddArrayToObject(data, "crosstable");
		add_line(lines, "bracket:");
		for (int r = 1; r <= t->rec.round; r++) {
			int nb = max_board(t, r);
			for (int b = 1; b <= nb; b++) {
				size_t idx[SRV_PAIR_MATCH_LEGS + 1];
				int nl = legs_of(t, r, b, idx, SRV_PAIR_MATCH_LEGS), more,
				    h[2] = {0, 0};
				int64_t a, c, loser, w;
				cJSON *o;
				if (nl == 0)
					continue;
				a = t->games[idx[0]].player[0];
				c = t->games[idx[0]].player[1];
				for (int l = 0; l < nl; l++) {
					const struct db_tgame *g = &t->games[idx[l]];
					int kk = g->player[0] == a ? 0 : 1;
					h[0] += half_of(g, kk);
					h[1] += half_of(g, 1 - kk);
				}
				w = board_winner(t, r, b, &more, &loser);
				o = cJSON_CreateObject();
				cJSON_AddNumberToObject(o, "round", r);
				cJSON_AddNumberToObject(o, "board", b);
				cJSON_AddStringToObject(o, "player0", name_of(t, a));
				if (c != 0)
					cJSON_AddStringToObject(o, "player1", name_of(t, c));
				else
					cJSON_AddNullToObject(o, "player1");
				cJSON_AddNumberToObject(o, "points0", h[0] / 2.0);
				cJSON_AddNumberToObject(o, "points1", h[1] / 2.0);
				if (w != 0)
					cJSON_AddStringToObject(o, "winner", name_of(t, w));
				else
					cJSON_AddNullToObject(o, "winner");
				cJSON_AddItemToArray(ct, o);
				if (c == 0)
					add_line(lines, "  R%d.%d %s: bye", r, b, name_of(t, a));
				else
					add_line(lines, "  R%d.%d %s %g - %g %s (%d game%s)%s%s", r,
					         b, name_of(t, a), h[0] / 2.0, h[1] / 2.0,
					         name_of(t, c), nl, nl == 1 ? "" : "s",
					         w ? ": " : "", w ? name_of(t, w) : "");
			}
		}
	}
	(void)s;
}

void srv_tourney_standings(struct srv *s, const struct srv_tourney *t, cJSON *data, cJSON *lines,
                           int crosstable)
{
	int n = (int)t->nplayers, rounds = rounds_done(s, t), pnum[SRV_TOURNEY_MAX_PLAYERS];
	struct srv_stand_game *sg = calloc(t->ngames + 1, sizeof(*sg));
	struct srv_stand_row rows[SRV_TOURNEY_MAX_PLAYERS];
	char q[5][16], letters[2];
	size_t ng = 0;
	cJSON *arr;

	if (t->format == SRV_TF_KNOCKOUT) {
		free(sg);
		knockout_standings(s, t, data, lines, crosstable);
		return;
	}
	if (sg == NULL)
		return;
	for (int i = 0; i < n; i++)
		pnum[i] = t->players[i].pnum > 0 ? t->players[i].pnum : i + 1;
	for (size_t k = 0; k < t->ngames; k++) {
		const struct db_tgame *g = &t->games[k];
		int a = -1, b = -1;
		if (g->round > rounds || g->result == DB_TRESULT_PENDING)
			continue;
		for (int i = 0; i < n; i++) {
			if (t->players[i].user == g->player[0])
				a = i;
			if (g->player[1] != 0 && t->players[i].user == g->player[1])
				b = i;
		}
		if (a < 0 || (g->player[1] != 0 && b < 0))
			continue;
		sg[ng].round = g->round;
		sg[ng].a = a;
		sg[ng].b = b;
		sg[ng].ha = half_of(g, 0);
		sg[ng].hb = half_of(g, 1);
		sg[ng].played = played(g);
		ng++;
	}
	if (srv_stand_compute(n, pnum, sg, ng, rounds, rows) != 0) {
		free(sg);
		return;
	}
	side_letters(s, t, letters);
	add_line(lines, "%s after round %d of %d (%s, %d players)",
	         t->rec.state == DB_TOURNEY_FINISHED ? "final standings" : "standings", rounds,
	         t->rec.rounds, srv_tformat_name(t->format), n);
	add_line(lines, "  #  %-16s %5s %6s %6s %6s %5s %6s", "player", "pts", "BH", "MBH", "SB",
	         "H2H", "rating");
	arr = cJSON_AddArrayToObject(data, "standings");
	for (int k = 0; k < n; k++) {
		const struct db_tplayer *p = &t->players[rows[k].player];
		cJSON *o = cJSON_CreateObject();
		char name[24];
		cJSON_AddNumberToObject(o, "rank", rows[k].rank);
		player_json(o, p);
		cJSON_AddNumberToObject(o, "points", rows[k].points / 2.0);
		cJSON_AddNumberToObject(o, "buchholz", rows[k].bh / 4.0);
		cJSON_AddNumberToObject(o, "median_buchholz", rows[k].mbh / 4.0);
		cJSON_AddNumberToObject(o, "sonneborn_berger", rows[k].sb / 4.0);
		cJSON_AddNumberToObject(o, "head_to_head", rows[k].h2h / 4.0);
		cJSON_AddItemToArray(arr, o);
		snprintf(name, sizeof(name), "%.14s%s", p->name, p->withdrawn ? " w" : "");
		add_line(lines, "%3d  %-16s %5s %6s %6s %6s %5s %6.0f", rows[k].rank, name,
		         srv_stand_quarters(rows[k].points * 2, q[0], sizeof(q[0])),
		         srv_stand_quarters(rows[k].bh, q[1], sizeof(q[1])),
		         srv_stand_quarters(rows[k].mbh, q[2], sizeof(q[2])),
		         srv_stand_quarters(rows[k].sb, q[3], sizeof(q[3])),
		         srv_stand_quarters(rows[k].h2h, q[4], sizeof(q[4])), p->rating);
	}
	add_line(lines, "BH Buchholz, MBH median Buchholz, SB Sonneborn-Berger, H2H head-to-head");
	for (int i = 0; i < n; i++)
		if (t->players[i].withdrawn > 0) {
			add_line(lines, "w: withdrawn");
			break;
		}
	/* the crosstable: every player's rounds (JSON always, text on demand) */
	{
		cJSON *ct = cJSON_AddArrayToObject(data, "crosstable");
		int place[SRV_TOURNEY_MAX_PLAYERS];
		for (int k = 0; k < n; k++)
			place[rows[k].player] = k + 1;
		if (crosstable) {
			add_line(lines, "crosstable (+ won, = drawn, - lost against that place; F "
			                "forfeit;");
			add_line(lines, "%c %.20s, %c %.20s; . not paired):", letters[0],
			         side_name(s, t, 0), letters[1], side_name(s, t, 1));
		}
		for (int k = 0; k < n; k++) {
			int p = rows[k].player;
			cJSON *o = cJSON_CreateObject(), *rs;
			char line[600], cell[16];
			int at;
			cJSON_AddNumberToObject(o, "rank", k + 1);
			cJSON_AddStringToObject(o, "user", t->players[p].name);
			rs = cJSON_AddArrayToObject(o, "rounds");
			at = snprintf(line, sizeof(line), "%3d  %-14.14s %5s ", k + 1,
			              t->players[p].name,
			              srv_stand_quarters(rows[k].points * 2, q[0], sizeof(q[0])));
			for (int r = 1; r <= rounds; r++) {
				int kind, opp, half, side = -1;
				cJSON *c = cJSON_CreateObject();
				const char *res;
				srv_stand_round_of(sg, ng, p, r, &kind, &opp, &half);
				for (size_t x = 0; x < t->ngames; x++) {
					const struct db_tgame *g = &t->games[x];
					if (g->round == r && g->player[1] != 0 &&
					    (g->player[0] == t->players[p].user ||
					     g->player[1] == t->players[p].user))
						side = g->player[0] == t->players[p].user ? 0 : 1;
				}
				res = kind == SRV_STAND_ABSENT ? "absent"
				      : kind == SRV_STAND_BYE  ? "bye"
				      : half == 2              ? "win"
				      : half == 1              ? "draw"
				                               : "loss";
				cJSON_AddNumberToObject(c, "round", r);
				cJSON_AddStringToObject(c, "result", res);
				cJSON_AddBoolToObject(c, "forfeit", kind == SRV_STAND_FORFEIT);
				if (opp >= 0)
					cJSON_AddStringToObject(c, "opponent",
					                        t->players[opp].name);
				else
					cJSON_AddNullToObject(c, "opponent");
				if (kind == SRV_STAND_PLAYED && side >= 0)
					cJSON_AddStringToObject(c, "side", side_name(s, t, side));
				else
					cJSON_AddNullToObject(c, "side");
				cJSON_AddItemToArray(rs, c);
				if (kind == SRV_STAND_ABSENT)
					snprintf(cell, sizeof(cell), "  .");
				else if (kind == SRV_STAND_BYE)
					snprintf(cell, sizeof(cell), "bye");
				else
					snprintf(cell, sizeof(cell), "%c%s%d%.1s",
					         half == 2   ? '+'
					         : half == 1 ? '='
					                     : '-',
					         kind == SRV_STAND_FORFEIT ? "F" : "", place[opp],
					         kind == SRV_STAND_PLAYED && side >= 0
					             ? &letters[side]
					             : "");
				/* 78 columns: a new line indented under the first cell */
				if (at + 6 > 78) {
					if (crosstable)
						add_line(lines, "%s", line);
					at = snprintf(line, sizeof(line), "%26s", "");
				}
				at += snprintf(line + at, sizeof(line) - (size_t)at, " %5s", cell);
			}
			cJSON_AddItemToArray(ct, o);
			if (crosstable)
				add_line(lines, "%s", line);
		}
	}
	free(sg);
}

static void game_json(struct srv *s, const struct srv_tourney *t, const struct db_tgame *g,
                      int64_t viewer, cJSON *arr, cJSON *lines)
{
	cJSON *o = cJSON_CreateObject(), *ps = cJSON_AddArrayToObject(o, "players");
	int revealed = g->game != 0 || g->result != DB_TRESULT_PENDING;
	char bids[200] = "", label[24];

	cJSON_AddNumberToObject(o, "round", g->round);
	cJSON_AddNumberToObject(o, "board", g->board);
	cJSON_AddNumberToObject(o, "leg", g->leg);
	if (g->game != 0)
		cJSON_AddNumberToObject(o, "game", (double)g->game);
	else
		cJSON_AddNullToObject(o, "game");
	for (int k = 0; k < 2; k++) {
		cJSON *p;
		if (g->player[k] == 0)
			continue;
		p = cJSON_CreateObject();
		cJSON_AddStringToObject(p, "user", name_of(t, g->player[k]));
		if (g->game != 0)
			cJSON_AddStringToObject(p, "side", side_name(s, t, k));
		else
			cJSON_AddNullToObject(p, "side");
		/* a bid is secret until both are in: its maker alone sees it before */
		if (g->bid[k] >= 0 && (revealed || viewer == g->player[k])) {
			cJSON *b = cJSON_AddObjectToObject(p, "bid");
			cJSON_AddStringToObject(b, "side", side_name(s, t, g->bid_side[k]));
			cJSON_AddNumberToObject(b, "amount", g->bid[k]);
		} else if (!revealed) {
			cJSON_AddBoolToObject(p, "bid_made", g->bid[k] >= 0);
		}
		cJSON_AddItemToArray(ps, p);
	}
	cJSON_AddBoolToObject(o, "bye", g->player[1] == 0);
	if (g->result == DB_TRESULT_PENDING)
		cJSON_AddNullToObject(o, "result");
	else
		cJSON_AddStringToObject(o, "result", g->player[1] == 0 ? "bye" : result_text(g));
	cJSON_AddStringToObject(o, "how", g->how);
	cJSON_AddItemToArray(arr, o);
	if (t->format == SRV_TF_KNOCKOUT)
		snprintf(label, sizeof(label), "R%d.%d/%d", g->round, g->board, g->leg);
	else
		snprintf(label, sizeof(label), "R%d.%d", g->round, g->board);
	if (g->player[1] == 0) {
		add_line(lines, "%-8s %6s  %s: bye (1 point)", label, "", name_of(t, g->player[0]));
		return;
	}
	if (g->game == 0 && g->result == DB_TRESULT_PENDING) {
		for (int k = 0; k < 2; k++) {
			size_t at = strlen(bids);
			if (viewer == g->player[k] && g->bid[k] >= 0)
				snprintf(bids + at, sizeof(bids) - at, "%syour bid %d for %s",
				         k ? ", " : "", g->bid[k], side_name(s, t, g->bid_side[k]));
			else
				snprintf(bids + at, sizeof(bids) - at, "%s%s %s", k ? ", " : "",
				         name_of(t, g->player[k]),
				         g->bid[k] >= 0 ? "has bid" : "has not bid");
		}
		add_line(lines, "%-8s %6s  %s - %s: bidding (%s)", label, "",
		         name_of(t, g->player[0]), name_of(t, g->player[1]), bids);
		return;
	}
	if (g->bid[0] >= 0 && g->bid[1] >= 0)
		snprintf(bids, sizeof(bids), "; bids %s %d %s, %s %d %s", name_of(t, g->player[0]),
		         g->bid[0], side_name(s, t, g->bid_side[0]), name_of(t, g->player[1]),
		         g->bid[1], side_name(s, t, g->bid_side[1]));
	if (g->game != 0) {
		char gid[24];
		snprintf(gid, sizeof(gid), "#%lld", (long long)g->game);
		add_line(lines, "%-8s %6s  %s (%s) - %s (%s)  %s%s%s%s", label, gid,
		         name_of(t, g->player[0]), side_name(s, t, 0), name_of(t, g->player[1]),
		         side_name(s, t, 1), result_text(g), g->how[0] ? " " : "", g->how, bids);
	} else {
		add_line(lines, "%-8s %6s  %s - %s  %s %s", label, "", name_of(t, g->player[0]),
		         name_of(t, g->player[1]), result_text(g), g->how);
	}
}

void srv_tourney_games(struct srv *s, const struct srv_tourney *t, int round, int64_t viewer,
                       cJSON *data, cJSON *lines)
{
	cJSON *arr = cJSON_AddArrayToObject(data, "games");

	for (size_t i = 0; i < t->ngames; i++)
		if (round == 0 || t->games[i].round == round)
			game_json(s, t, &t->games[i], viewer, arr, lines);
}

void srv_tourney_show(struct srv *s, const struct srv_tourney *t, int64_t viewer, cJSON *data,
                      cJSON *lines)
{
	static const char *const states[] = {"registration", "running", "finished"};
	const char *state = t->rec.state >= 0 && t->rec.state <= 2 ? states[t->rec.state] : "?";
	cJSON *ps;
	char when[40], set[DB_TSETTINGS_MAX];

	cJSON_AddNumberToObject(data, "tournament", (double)t->rec.id);
	cJSON_AddStringToObject(data, "name", t->rec.name);
	cJSON_AddStringToObject(data, "scenario", t->rec.scenario);
	cJSON_AddStringToObject(data, "format", t->rec.format);
	cJSON_AddStringToObject(data, "director", t->rec.director_name);
	cJSON_AddStringToObject(data, "settings", srv_tsettings_format(&t->set, set, sizeof(set)));
	cJSON_AddStringToObject(data, "clock", t->rec.clock);
	cJSON_AddStringToObject(data, "options", t->rec.options);
	cJSON_AddStringToObject(data, "state", state);
	cJSON_AddBoolToObject(data, "paused", t->rec.paused);
	cJSON_AddNumberToObject(data, "round", t->rec.round);
	cJSON_AddNumberToObject(data, "rounds", t->rec.rounds);
	if (t->rec.deadline > 0)
		cJSON_AddNumberToObject(data, "deadline", (double)(t->rec.deadline / 1000));
	else
		cJSON_AddNullToObject(data, "deadline");
	cJSON_AddStringToObject(data, "note", t->rec.note);
	add_line(lines, "tournament %lld: %s", (long long)t->rec.id, t->rec.name);
	add_line(lines, "%s, %s, clock %s%s%s; %s", t->rec.scenario, t->rec.format, t->rec.clock,
	         t->rec.options[0] ? ", options " : "", t->rec.options, set);
	if (t->rec.state == DB_TOURNEY_OPEN)
		add_line(lines, "director %s; %s (%zu of %d players)", t->rec.director_name, state,
		         t->nplayers, format_max(t));
	else
		add_line(lines, "director %s; %s, round %d of %d%s%s%s", t->rec.director_name,
		         state, t->rec.round, t->rec.rounds, t->rec.paused ? ", paused" : "",
		         t->rec.deadline > 0 ? ", deadline " : "",
		         t->rec.deadline > 0
		             ? srv_clock_format_time(t->rec.deadline, when, sizeof(when))
		             : "");
	if (t->rec.note[0])
		add_line(lines, "%s", t->rec.note);
	ps = cJSON_AddArrayToObject(data, "players");
	add_line(lines, "players:");
	{
		/* by pairing number once started, else in the order they joined */
		const struct db_tplayer *order[SRV_TOURNEY_MAX_PLAYERS];
		int n;
		by_pnum(t, order, 0, &n);
		for (int i = 0; i < n; i++) {
			const struct db_tplayer *p = order[i];
			cJSON *o = cJSON_CreateObject();
			player_json(o, p);
			cJSON_AddItemToArray(ps, o);
			if (p->pnum > 0)
				add_line(lines, "  %3d  %-16s %5.0f%s", p->pnum, p->name, p->rating,
				         p->withdrawn ? "  withdrawn" : "");
			else
				add_line(lines, "       %s", p->name);
		}
	}
	if (t->rec.round > 0) {
		add_line(lines, "round %d:", t->rec.round);
		srv_tourney_games(s, t, t->rec.round, viewer, data, lines);
	}
}
