/*
 * tourney.c -- tournaments on the server: the life of a tournament.  Its
 * settings, loading it from the store, the lookups and notifications the other
 * files share, creation and registration, the start (pairing numbers, round 1)
 * and the director's acts, and the work queue that moves a tournament on (due
 * tournaments, round deadlines, recovery at start-up).  See tourney.h for the
 * life of a tournament and where its work is done, tourney_int.h for its files.
 */
#include "tourney.h"
#include "tourney_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sodium.h>

#include "clock.h"
#include "games.h"
#include "glicko2.h"
#include "log.h"
#include "notify.h"
#include "pairing.h"
#include "ratings.h"
#include "server.h"

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
int srv__tourney_games_push(struct srv_tourney *t, const struct db_tgame *g)
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
	return srv__tourney_games_push(ctx, g) == 0 ? 0 : WG_E_NO_MEMORY;
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

const char *srv__tourney_name_of(const struct srv_tourney *t, int64_t user)
{
	const struct db_tplayer *p = srv_tourney_player(t, user);

	return p != NULL ? p->name : "?";
}

int srv__tourney_pnum_of(const struct srv_tourney *t, int64_t user)
{
	const struct db_tplayer *p = srv_tourney_player(t, user);

	return p != NULL ? p->pnum : 0;
}

uint64_t srv__tourney_seed64(const struct srv_tourney *t)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v |= (uint64_t)t->rec.seed[i] << (8 * i);
	return v;
}

const char *srv__tourney_side_name(struct srv *s, const struct srv_tourney *t, int side)
{
	const struct rules_catalog_entry *e = rules_catalog_find(&s->catalog, t->rec.scenario);

	if (e == NULL || side < 0 || side > 1)
		return side == 0 ? "side 0" : "side 1";
	return e->info.side_names[side];
}

/* ---- results ---- */

/* Half-points of player k (0, 1) in g. */
int srv__tourney_half_of(const struct db_tgame *g, int k)
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
int srv__tourney_played(const struct db_tgame *g)
{
	return g->game != 0 && strcmp(g->how, "forfeit") != 0;
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

void srv__tourney_tell(struct srv *s, const struct srv_tourney *t, int64_t user, const char *kind,
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

/* ---- storing ---- */

/* A write of a pairing failed: the whole batch is dropped (never half a round). */
int srv__tourney_storage_failed(struct srv *s, struct rules_error *err)
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

int srv__tourney_due(struct srv *s, int64_t id)
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

int srv__tourney_format_max(const struct srv_tourney *t)
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
	if ((int)t->nplayers >= srv__tourney_format_max(t))
		return fail(err, WG_E_FORBIDDEN, "tournament %lld is full (%d players)",
		            (long long)t->rec.id, srv__tourney_format_max(t));
	memset(&p, 0, sizeof(p));
	p.tourney = t->rec.id;
	p.user = user;
	p.joined = srv_clock_now(s);
	if (db_tplayer_put(s->store, &p) != 0)
		return fail(err, WG_E_STORAGE, "the registration could not be stored: %s",
		            db_last_error(s->store));
	return 0;
}

/* ---- the work: due tournaments, deadlines ---- */

/* Looks at t: results in, deciders made, the round's deadline, the next round paired (not
 * when paused), the end.  0 or a WG_E_* code (storage: the batch was dropped). */
static int process(struct srv *s, struct srv_tourney *t, struct rules_error *err)
{
	int made, open;

	if (t->rec.state != DB_TOURNEY_RUNNING)
		return 0;
	if (srv__tourney_reconcile(s, t) < 0)
		return srv__tourney_storage_failed(s, err);
	if (t->rec.paused)
		return 0;
	open = srv__tourney_open_boards(s, t, 1, &made, err);
	if (open < 0)
		return srv__tourney_storage_failed(s, err);
	if (open > 0) {
		if (t->rec.deadline > 0 && srv_clock_now(s) >= t->rec.deadline) {
			char why[64];
			snprintf(why, sizeof(why), "round %d deadline", t->rec.round);
			t->rec.deadline = 0;
			if (db_tourney_update(s->store, &t->rec) != 0)
				return srv__tourney_storage_failed(s, err);
			srv__tourney_close_round(s, t,
			                         why); /* the games that end make t due again */
			srv__tourney_due(s, t->rec.id);
		}
		return 0;
	}
	return srv__tourney_pair_round(s, t, err);
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
		srv__tourney_due(s, tg.tourney);
}

struct deadline_walk {
	struct srv *s;
	int64_t now;
};

static int deadline_due(void *ctx, const struct db_tourney *t)
{
	struct deadline_walk *w = ctx;

	if (t->deadline > 0 && !t->paused && t->deadline <= w->now)
		srv__tourney_due(w->s, t->id);
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
	srv__tourney_due(ctx, t->id);
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
		t->rec.rounds = srv__tourney_ko_rounds(n, t->set.mulligan);
		break;
	}
	/* pairing numbers: the best rated first; equal ratings by a lot drawn from the seed */
	for (int i = 0; i < n; i++) {
		struct srv_g2_rating r;
		int64_t games;
		int found;
		srv_rating_get(s, t->players[i].user, t->rec.scenario, &r, &games, &found);
		key[i].rating = r.r;
		key[i].lot = srv_pair_mix(srv__tourney_seed64(t), (uint64_t)t->players[i].user);
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
			return srv__tourney_storage_failed(s, err);
	}
	t->rec.state = DB_TOURNEY_RUNNING;
	t->rec.round = 0;
	for (size_t i = 0; i < t->nplayers; i++)
		srv__tourney_tell(s, t, t->players[i].user, "started", 0,
		                  "started: %d players, %s, %d round%s; your pairing number is %d",
		                  n, srv_tformat_name(t->format), t->rec.rounds,
		                  t->rec.rounds == 1 ? "" : "s", t->players[i].pnum);
	log_info(0, "tournament %lld started: %d players", (long long)t->rec.id, n);
	return srv__tourney_pair_round(s, t, err);
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

int srv__tourney_check_running(const struct srv_tourney *t, struct rules_error *err)
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

	if ((rc = srv__tourney_check_running(t, err)) != 0)
		return rc;
	if (srv__tourney_reconcile(s, t) < 0)
		return srv__tourney_storage_failed(s, err);
	open = srv__tourney_open_boards(s, t, 1, &made, err);
	if (open < 0)
		return srv__tourney_storage_failed(s, err);
	if (open > 0) {
		unfinished(t, list, sizeof(list));
		return fail(err, WG_E_FORBIDDEN,
		            "round %d is not decided yet (%s); tournament advance %lld closes it",
		            t->rec.round, list[0] ? list : "deciding games were just created",
		            (long long)t->rec.id);
	}
	return srv__tourney_pair_round(s, t, err);
}

int srv_tourney_advance(struct srv *s, struct srv_tourney *t, struct rules_error *err)
{
	char why[64], list[300];
	int rc;

	if ((rc = srv__tourney_check_running(t, err)) != 0)
		return rc;
	if (srv__tourney_reconcile(s, t) < 0)
		return srv__tourney_storage_failed(s, err);
	snprintf(why, sizeof(why), "round %d closed by the director", t->rec.round);
	if (srv__tourney_close_round(s, t, why) > 0) {
		unfinished(t, list, sizeof(list));
		return fail(err, WG_E_FORBIDDEN,
		            "round %d has unfinished games and overdue=adjudicate: %s; tournament "
		            "adjudicate <game> <side>|draw decides each",
		            t->rec.round, list);
	}
	srv__tourney_due(s, t->rec.id);
	srv_tourneys_run(s);
	return 0;
}

int srv_tourney_withdraw(struct srv *s, struct srv_tourney *t, int64_t user,
                         struct rules_error *err)
{
	struct db_tplayer *p = (struct db_tplayer *)srv_tourney_player(t, user);
	int rc;

	if (p == NULL)
		return fail(err, WG_E_NOT_FOUND, "that user does not play in tournament %lld",
		            (long long)t->rec.id);
	if ((rc = srv__tourney_check_running(t, err)) != 0)
		return rc;
	if (p->withdrawn > 0)
		return fail(err, WG_E_EXISTS, "%s withdrew in round %d already", p->name,
		            p->withdrawn);
	p->withdrawn = t->rec.round > 0 ? t->rec.round : 1;
	if (db_tplayer_put(s->store, p) != 0)
		return srv__tourney_storage_failed(s, err);
	srv__tourney_forfeit_current(s, t, user, "withdrawn");
	srv__tourney_tell(s, t, user, "withdrawn", 0, "you are withdrawn from round %d on",
	                  p->withdrawn);
	log_info(0, "tournament %lld: %s withdrawn", (long long)t->rec.id, p->name);
	srv__tourney_due(s, t->rec.id);
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

	if ((rc = srv__tourney_check_running(t, err)) != 0)
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
		srv__tourney_tell(s, t, t->players[i].user, on ? "paused" : "resumed", 0,
		                  on ? "paused by the director: no new round until it resumes"
		                     : "resumed by the director");
	deadlines_again(s);
	if (!on) {
		srv__tourney_due(s, t->rec.id);
		srv_tourneys_run(s);
	}
	return 0;
}
