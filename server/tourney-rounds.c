/*
 * tourney-rounds.c -- one round of a tournament: who meets whom (the round
 * robin's Berger tables, the Swiss, the knockout's bracket with its mulligan,
 * from pairing.h), the round's rows stored with their games created (or waiting
 * for bids), the results taken from the finished games, the knockout's deciders,
 * and the round closed at its deadline or by the director.  See tourney.h and
 * tourney_int.h.
 */
#include "tourney_int.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "games.h"
#include "host.h"
#include "log.h"
#include "pairing.h"
#include "ratings.h"
#include "server.h"

/* ---- games ---- */

/* Creates the game of g with g->player[0] on side 0 and g->player[1] on side 1, both seated,
 * the tournament's clock and options; rated when the tournament is.  g->game set. */
int srv__tourney_create_game(struct srv *s, struct srv_tourney *t, struct db_tgame *g,
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
	creator.name = srv__tourney_name_of(t, g->player[0]);
	who.user = g->player[1];
	who.name = srv__tourney_name_of(t, g->player[1]);
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

/* Tells both players of g (just stored) what they play. */
static void tell_board(struct srv *s, const struct srv_tourney *t, const struct db_tgame *g)
{
	if (g->player[1] == 0) {
		srv__tourney_tell(s, t, g->player[0], "bye", 0,
		                  "round %d: you have a bye (1 point)", g->round);
		return;
	}
	if (g->result != DB_TRESULT_PENDING) {
		for (int k = 0; k < 2; k++)
			srv__tourney_tell(
			    s, t, g->player[k], "forfeit", 0, "round %d: %s against %s (withdrawn)",
			    g->round,
			    srv__tourney_half_of(g, k) ? "you win by forfeit"
			                               : "you lose by forfeit",
			    srv__tourney_name_of(
			        t, g->player[srv__tourney_half_of(g, k) ? 1 - k : k]));
		return;
	}
	if (g->game == 0) {
		for (int k = 0; k < 2; k++)
			srv__tourney_tell(
			    s, t, g->player[k], "bid", 0,
			    "round %d: you meet %s; bid in secret for the side you want: "
			    "tournament "
			    "bid %lld <%s|%s> <amount>",
			    g->round, srv__tourney_name_of(t, g->player[1 - k]),
			    (long long)t->rec.id, srv__tourney_side_name(s, t, 0),
			    srv__tourney_side_name(s, t, 1));
		return;
	}
	for (int k = 0; k < 2; k++)
		srv__tourney_tell(s, t, g->player[k], "paired", g->game,
		                  "round %d%s: you play %s as %s in game %lld", g->round,
		                  g->leg > 1 ? (g->leg > 2 ? " (deciding game)" : " (second game)")
		                             : "",
		                  srv__tourney_name_of(t, g->player[1 - k]),
		                  srv__tourney_side_name(s, t, k), (long long)g->game);
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
void srv__tourney_by_pnum(const struct srv_tourney *t, const struct db_tplayer **out,
                          int only_active, int *n)
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
int srv__tourney_legs_of(const struct srv_tourney *t, int r, int b, size_t *idx, int cap)
{
	int n = 0;

	for (size_t i = 0; i < t->ngames && n < cap; i++)
		if (t->games[i].round == r && t->games[i].board == b)
			idx[n++] = i;
	return n;
}

/* The winner of board b of round r: the bye's player, the match's or game's winner; 0 while
 * undecided (*more 1 when another leg is due) or for an empty board; *loser the other. */
int64_t srv__tourney_board_winner(const struct srv_tourney *t, int r, int b, int *more,
                                  int64_t *loser)
{
	size_t idx[SRV_PAIR_MATCH_LEGS + 1];
	int n = srv__tourney_legs_of(t, r, b, idx, SRV_PAIR_MATCH_LEGS), h[2][SRV_PAIR_MATCH_LEGS];
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
		h[0][i] = srv__tourney_half_of(g, k);
		h[1][i] = srv__tourney_half_of(g, 1 - k);
	}
	if (t->format != SRV_TF_KNOCKOUT) {
		w = t->games[idx[0]].result;
		if (w != 0 && w != 1)
			return 0;
	} else {
		w = srv_pair_match_winner(h[0], h[1], n, srv__tourney_pnum_of(t, a),
		                          srv__tourney_pnum_of(t, c));
		if (w < 0) {
			*more = 1;
			return 0;
		}
	}
	*loser = w == 0 ? c : a;
	return w == 0 ? a : c;
}

int srv__tourney_max_board(const struct srv_tourney *t, int r)
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
		while (j >= 0 && srv__tourney_pnum_of(t, list[j]) > srv__tourney_pnum_of(t, x)) {
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
		srv__tourney_by_pnum(t, ps, 1, &n);
		for (int i = 0; i < n; i++)
			list[i] = ps[i]->user;
		return seeded(list, n, slots, cap);
	}
	if (t->set.mulligan && (r == 2 || r == 3)) {
		int nb1 = srv__tourney_max_board(t, 1);
		for (int b = 1; b <= nb1; b++) {
			int64_t w = srv__tourney_board_winner(t, 1, b, &more, &loser);
			int64_t who = r == 2 ? loser : w;
			if (who != 0 && !withdrawn(t, who))
				list[n++] = who;
		}
		if (r == 3) {
			int nb2 = srv__tourney_max_board(t, 2);
			for (int b = 1; b <= nb2; b++) {
				int64_t w = srv__tourney_board_winner(t, 2, b, &more, &loser);
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
		int64_t w = srv__tourney_board_winner(t, r - 1, b, &more, &loser);
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
		srv__tourney_by_pnum(t, ps, 0, &n);
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
		srv__tourney_by_pnum(t, ps, 1, &n);
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
				pl[i].score += srv__tourney_half_of(g, me);
				if (g->player[1] == 0) {
					pl[i].had_bye = 1;
					continue;
				}
				for (int j = 0; j < n; j++)
					if (ps[j]->user == g->player[1 - me])
						mi[pl[i].nmet++] = j;
				if (srv__tourney_played(g))
					si[pl[i].nsides++] = (signed char)me;
			}
		}
		rc = srv_pair_swiss(pl, n, r, srv__tourney_seed64(t), t->set.bid, out);
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
int srv__tourney_ko_rounds(int n, int mulligan)
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
int srv__tourney_coin(const struct srv_tourney *t, int r, int b, int leg)
{
	return (int)(srv_pair_mix(srv__tourney_seed64(t),
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
		int64_t hi = srv__tourney_pnum_of(t, a) <= srv__tourney_pnum_of(t, c) ? a : c;
		int side =
		    leg == 2 ? 1 - srv__tourney_coin(t, r, b, 1) : srv__tourney_coin(t, r, b, leg);
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
		if (srv__tourney_pnum_of(t, g.player[0]) > srv__tourney_pnum_of(t, g.player[1])) {
			int64_t x = g.player[0];
			g.player[0] = g.player[1];
			g.player[1] = x;
		}
	} else if ((rc = srv__tourney_create_game(s, t, &g, err)) != 0) {
		return rc;
	}
	if (db_tgame_put(s->store, &g) != 0 || srv__tourney_games_push(t, &g) != 0)
		return fail(err, WG_E_STORAGE, "%s", db_last_error(s->store));
	tell_board(s, t, &g);
	return 0;
}

/* Pairs round r = rec.round + 1 of t and stores it with the tournament row, or finishes t
 * when there is no round left.  Any failure drops the batch (storage_failed). */
int srv__tourney_pair_round(struct srv *s, struct srv_tourney *t, struct rules_error *err)
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
			return srv__tourney_storage_failed(s, err);
		for (size_t i = 0; i < t->nplayers; i++)
			srv__tourney_tell(
			    s, t, t->players[i].user, "finished", 0,
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
		return srv__tourney_storage_failed(s, err);
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
				return srv__tourney_storage_failed(s, err);
			}
		}
	}
	free(plans);
	log_info(0, "tournament %lld: round %d paired", (long long)t->rec.id, r);
	srv__tourney_due(s, t->rec.id); /* a round of byes and forfeits only is decided at once */
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
int srv__tourney_reconcile(struct srv *s, struct srv_tourney *t)
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
			srv__tourney_tell(s, t, g->player[k], "result", g->game,
			                  "round %d: game %lld against %s: %s (%s)", g->round,
			                  (long long)g->game,
			                  srv__tourney_name_of(t, g->player[1 - k]),
			                  srv__tourney_half_of(g, k) == 2   ? "you won"
			                  : srv__tourney_half_of(g, k) == 1 ? "drawn"
			                                                    : "you lost",
			                  g->how);
	}
	return changed;
}

/* The boards of the current round still to decide; the knockout deciders due are created
 * (*made counts them).  0: the round is complete. */
int srv__tourney_open_boards(struct srv *s, struct srv_tourney *t, int create, int *made,
                             struct rules_error *err)
{
	int r = t->rec.round, nb = srv__tourney_max_board(t, r), open = 0;

	*made = 0;
	for (int b = 1; b <= nb; b++) {
		size_t idx[SRV_PAIR_MATCH_LEGS + 1];
		int n = srv__tourney_legs_of(t, r, b, idx, SRV_PAIR_MATCH_LEGS), more;
		int64_t loser, w;
		if (n == 0)
			continue;
		w = srv__tourney_board_winner(t, r, b, &more, &loser);
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
int srv__tourney_close_round(struct srv *s, struct srv_tourney *t, const char *why)
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
				srv__tourney_tell(
				    s, t, g->player[k], "forfeit", 0, "round %d (%s): %s", g->round,
				    why,
				    srv__tourney_half_of(g, k)
				        ? "you win by forfeit: your opponent did not bid"
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
		srv__tourney_tell(
		    s, t, t->rec.director, "adjudicate", 0,
		    "round %d (%s): games %s are unfinished; tournament adjudicate <game> "
		    "<side>|draw decides each",
		    t->rec.round, why, list);
	return left;
}

/* Forfeits user's unfinished games of the current round (why: the note). */
void srv__tourney_forfeit_current(struct srv *s, struct srv_tourney *t, int64_t user,
                                  const char *why)
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
			srv__tourney_tell(s, t, g->player[1 - k], "forfeit", 0,
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
