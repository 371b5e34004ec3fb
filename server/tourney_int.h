/*
 * tourney_int.h -- internals of the server's tournaments (tourney.h) shared by
 * their files; nothing outside them includes it.
 *
 * Files (one purpose each):
 *   tourney.c         the life of a tournament: settings, loading, lookups,
 *                     notifications, creation and registration, the start and the
 *                     director's acts (pair, advance, withdraw, leave, pause), and the
 *                     work queue that moves it (due tournaments, deadlines, recovery)
 *   tourney-rounds.c  one round: who meets whom (round robin, Swiss, knockout with
 *                     its mulligan), its rows and games staged, results taken from the
 *                     games, knockout deciders, the round closed at its deadline
 *   tourney-bid.c     secret side bids: a bid, both revealed together and the game
 *                     created; the reminder at login of a bid still owed
 *   tourney-view.c    what people see: standings (points and tiebreaks, the knockout's
 *                     progress), the crosstable and bracket, the games list, show
 *
 * Invariants (tourney.h has the states and where the work is done):
 *   - a struct srv_tourney is a copy of the store's rows, loaded for one request or one
 *     piece of work; what changes a row writes it in the loop's open batch, and a pairing
 *     whose write fails drops the whole batch (srv__tourney_storage_failed): never half a
 *     round.
 *   - a new row of t->games (a leg staged) is appended to it as it is stored, so t stays
 *     what the store holds for the rest of the work.
 *   - what tells players of a tournament is srv__tourney_tell (srv_tourney_notify); the
 *     login reminder of a bid (tourney-bid.c) alone writes to the one connection.
 */
#ifndef SRV_TOURNEY_INT_H
#define SRV_TOURNEY_INT_H

#include <stddef.h>
#include <stdint.h>

#include "db/store.h"
#include "rules/core/ruleset.h"
#include "tourney.h"

/* The module's refusals: rules_fail with no rule id. */
#define fail(err, code, ...) rules_fail((err), (code), "", __VA_ARGS__)

/* ---- tourney.c ---- */

/* Appends a copy of g to t->games; 0 or -1 (no memory). */
int srv__tourney_games_push(struct srv_tourney *t, const struct db_tgame *g);
/* The name of user in t ("?" if he does not play in it); valid while t is. */
const char *srv__tourney_name_of(const struct srv_tourney *t, int64_t user);
/* The pairing number of user in t, 0 before the start or if he does not play in it. */
int srv__tourney_pnum_of(const struct srv_tourney *t, int64_t user);
/* t's seed as a number (for the lots and coins). */
uint64_t srv__tourney_seed64(const struct srv_tourney *t);
/* Half-points of player k (0, 1) in g: 2 a win or a bye, 1 a draw, 0 otherwise. */
int srv__tourney_half_of(const struct db_tgame *g, int k);
/* 1 when g was played over the board (not a bye, not a forfeit). */
int srv__tourney_played(const struct db_tgame *g);
/* The name of side 0 or 1 of t's scenario; a static or catalogue string. */
const char *srv__tourney_side_name(struct srv *s, const struct srv_tourney *t, int side);
/* The players t takes at most (its setting max, or the format's limit). */
int srv__tourney_format_max(const struct srv_tourney *t);
/* Tells user (0: nobody) about t: a "tournament" event of kind (game > 0 added) whose text
 * is t's name and id, then fmt. */
void srv__tourney_tell(struct srv *s, const struct srv_tourney *t, int64_t user, const char *kind,
                       int64_t game, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* A write of a pairing failed: the batch is rolled back (srv_storage_failed) and err set;
 * returns WG_E_STORAGE. */
int srv__tourney_storage_failed(struct srv *s, struct rules_error *err);
/* Tournament id has work due (srv_tourneys_run); 0 or -1 (no memory). */
int srv__tourney_due(struct srv *s, int64_t id);
/* 0 when t is running (paused or not), else a WG_E_FORBIDDEN refusal in err. */
int srv__tourney_check_running(const struct srv_tourney *t, struct rules_error *err);

/* ---- tourney-rounds.c ---- */

/* Creates the game of g with g->player[0] on side 0 and g->player[1] on side 1, both seated,
 * the tournament's clock and options; rated when t is.  g->game set; 0 or a WG_E_* code. */
int srv__tourney_create_game(struct srv *s, struct srv_tourney *t, struct db_tgame *g,
                             struct rules_error *err);
/* Pointers into t->players (only_active: not withdrawn) sorted by pairing number into out
 * (room for t->nplayers), *n of them. */
void srv__tourney_by_pnum(const struct srv_tourney *t, const struct db_tplayer **out,
                          int only_active, int *n);
/* The legs (indices into t->games) of board b of round r into idx (cap at most); their
 * count. */
int srv__tourney_legs_of(const struct srv_tourney *t, int r, int b, size_t *idx, int cap);
/* The winner of board b of round r: the bye's player, the match's or game's winner; 0 while
 * undecided (*more 1 when another leg is due) or for an empty board; *loser the other. */
int64_t srv__tourney_board_winner(const struct srv_tourney *t, int r, int b, int *more,
                                  int64_t *loser);
/* The highest board number of round r (0: none). */
int srv__tourney_max_board(const struct srv_tourney *t, int r);
/* Knockout rounds from n players (an estimate shown as "round r of N"). */
int srv__tourney_ko_rounds(int n, int mulligan);
/* The coin (0 or 1) of leg leg of board b of round r, from t's seed. */
int srv__tourney_coin(const struct srv_tourney *t, int r, int b, int leg);
/* Pairs round rec.round + 1 of t and stores it with the tournament row, or finishes t when
 * there is no round left.  0 or a WG_E_* code (a failed write dropped the batch). */
int srv__tourney_pair_round(struct srv *s, struct srv_tourney *t, struct rules_error *err);
/* Takes the results of t's finished games into their rows; 1 if any changed, 0, or -1 (a
 * write failed). */
int srv__tourney_reconcile(struct srv *s, struct srv_tourney *t);
/* The boards of the current round still to decide (0: complete), -1 on a failed write; with
 * create the knockout deciders due are staged (*made counts them). */
int srv__tourney_open_boards(struct srv *s, struct srv_tourney *t, int create, int *made,
                             struct rules_error *err);
/* Closes the current round as its deadline does (why: the note); returns the number of
 * running games left to the director (overdue=adjudicate). */
int srv__tourney_close_round(struct srv *s, struct srv_tourney *t, const char *why);
/* Forfeits user's unfinished games of the current round (why: the note). */
void srv__tourney_forfeit_current(struct srv *s, struct srv_tourney *t, int64_t user,
                                  const char *why);

#endif
