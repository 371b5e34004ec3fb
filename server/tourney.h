/*
 * tourney.h -- tournaments on the server: registration, rounds paired by the
 * pure pairing systems (pairing.h), each game created by the server with both
 * players seated and the tournament's clock and options (host.c), results taken
 * from the games' outcomes, round deadlines, secret side bids, standings
 * (standings.h).  The verbs are cmd-tourney.c; docs/tournaments.md has the
 * rules, the decisions and their sources; tourney_int.h lists the files that
 * implement this header and what each owns.
 *
 * Everything lives in the store (tournaments, tournament_players,
 * tournament_games): a tournament is loaded from it for each request and each
 * piece of work.  In memory are only the ids of tournaments with work due and
 * the soonest round deadline.
 *
 *   OPEN --start (director)--> RUNNING --last round complete--> FINISHED
 *   (join, leave)               |   ^                           (or no pairing
 *                               |   |                            left: Swiss)
 *                       round r |   | all of round r decided, not paused:
 *                       games   |   | round r + 1 paired (pair_round)
 *                               v   |
 *             a game ends (host.c: srv_tourney_game_over) -> due
 *             the round's deadline passes (srv_tourneys_tick) -> unfinished
 *               games forfeited or left to the director (overdue=)
 *
 * Work is done in srv_tourneys_run, called before the loop iteration's batch
 * is committed (server.c): a game's last action, its result in the tournament,
 * the next round's pairing and its games are one transaction.  A pairing that
 * cannot be stored rolls the whole batch back (srv_storage_failed): never half
 * a round.  After a crash the round is paired again from the stored results at
 * start-up (srv_tourneys_recover), once: the round number in the tournament row
 * and the games of the round are written together.
 *
 * Notifications to players all go through srv_tourney_notify (one place).
 */
#ifndef SRV_TOURNEY_H
#define SRV_TOURNEY_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "db/store.h"
#include "rules/core/ruleset.h"

struct srv;
struct srv_conn;
struct srv_game;

/* The server's tournament work (in struct srv). */
struct srv_tourneys {
	int64_t *due; /* tournaments to look at before the loop sleeps */
	size_t ndue, capdue;
	int64_t next_deadline; /* the soonest round deadline (ms), 0: none */
	int kill_after;        /* debug: SIGKILL once this many games of a pairing exist */
	int running;           /* inside srv_tourneys_run */
};

enum srv_tformat { SRV_TF_RR = 0, SRV_TF_DOUBLE = 1, SRV_TF_SWISS = 2, SRV_TF_KNOCKOUT = 3 };

#define SRV_TOURNEY_MAX_PLAYERS    256 /* a Swiss or knockout */
#define SRV_TOURNEY_MAX_RR_PLAYERS 64  /* a round robin */
#define SRV_TOURNEY_MAX_BID        999

/* A tournament's settings (db_tourney.settings, canonical text). */
struct srv_tsettings {
	int rounds;             /* Swiss: asked for (0: the default at the start) */
	int max;                /* players at most (0: the format's limit) */
	int bid;                /* sides=bid */
	int rated;              /* the games are rated */
	int mulligan;           /* knockout: a mulligan first round */
	int deadline_days;      /* days per round (0: none) */
	int overdue_adjudicate; /* overdue=adjudicate: unfinished games wait for the director */
};

/* A tournament as loaded from the store. */
struct srv_tourney {
	struct db_tourney rec;
	int format; /* enum srv_tformat */
	struct srv_tsettings set;
	struct db_tplayer *players; /* by joining order */
	size_t nplayers;
	struct db_tgame *games; /* by round, board, leg */
	size_t ngames, capgames;
};

/* "rr", "double-rr", "swiss", "knockout" -> enum srv_tformat, or -1. */
int srv_tformat_parse(const char *name);
const char *srv_tformat_name(int format);
/* Parses settings text; 0, or -1 with err. */
int srv_tsettings_parse(const char *text, struct srv_tsettings *set, char *err, size_t errsize);
/* The canonical text of set into buf; returns buf. */
char *srv_tsettings_format(const struct srv_tsettings *set, char *buf, size_t size);

/* Loads tournament id into *t (srv_tourney_release it).  0, WG_E_NOT_FOUND or WG_E_STORAGE. */
int srv_tourney_load(struct srv *s, int64_t id, struct srv_tourney *t);
void srv_tourney_release(struct srv_tourney *t);
/* The player entry of user in t, or NULL. */
const struct db_tplayer *srv_tourney_player(const struct srv_tourney *t, int64_t user);

/* Creates a tournament from rec (name, scenario, director, format, settings, clock, options
 * filled); the seed, state and times are set here.  0 or a WG_E_* code with err. */
int srv_tourney_create(struct srv *s, struct db_tourney *rec, struct rules_error *err);
/* Registers user (name) in t; 0 or a WG_E_* code with err. */
int srv_tourney_join(struct srv *s, struct srv_tourney *t, int64_t user, struct rules_error *err);
/* user leaves t: unregistered before the start, withdrawn after it.  0 or a WG_E_* code. */
int srv_tourney_leave(struct srv *s, struct srv_tourney *t, int64_t user, struct rules_error *err);
/* The director starts t: pairing numbers from the ratings, round 1 paired. */
int srv_tourney_start(struct srv *s, struct srv_tourney *t, struct rules_error *err);
/* The director pairs the next round now (the current one must be decided). */
int srv_tourney_pair(struct srv *s, struct srv_tourney *t, struct rules_error *err);
/* The director closes the current round now as its deadline would, then pairs the next. */
int srv_tourney_advance(struct srv *s, struct srv_tourney *t, struct rules_error *err);
/* The director withdraws user: his unfinished games forfeited, no more pairings. */
int srv_tourney_withdraw(struct srv *s, struct srv_tourney *t, int64_t user,
                         struct rules_error *err);
/* The director pauses (on 1) or resumes (on 0) t. */
int srv_tourney_pause(struct srv *s, struct srv_tourney *t, int on, struct rules_error *err);
/* user bids amount for side in his game of the current round waiting for bids; what came of
 * it (kept secret, or both revealed and the game started) in summary. */
int srv_tourney_bid(struct srv *s, struct srv_tourney *t, int64_t user, int side, int amount,
                    char *summary, size_t size, struct rules_error *err);

/* The standings of t into data (JSON "standings", "crosstable") and lines (text within 80
 * columns; the crosstable only when crosstable is 1). */
void srv_tourney_standings(struct srv *s, const struct srv_tourney *t, cJSON *data, cJSON *lines,
                           int crosstable);
/* The games of t (round 0: all) into data["games"] and lines, as viewer may see them (a bid
 * is shown to others only once revealed). */
void srv_tourney_games(struct srv *s, const struct srv_tourney *t, int round, int64_t viewer,
                       cJSON *data, cJSON *lines);
/* The summary of t into data and lines (show). */
void srv_tourney_show(struct srv *s, const struct srv_tourney *t, int64_t viewer, cJSON *data,
                      cJSON *lines);

/* A game ended (host.c): its tournament, if any, has work due. */
void srv_tourney_game_over(struct srv *s, struct srv_game *g);
/* Does the work due: results, deciders, pairings, finishes (server.c, before the commit). */
void srv_tourneys_run(struct srv *s);
/* Round deadlines that passed: once a second, and when the debug clock moves. */
void srv_tourneys_tick(struct srv *s);
/* At start-up, after the games and clocks: every running tournament looked at. */
void srv_tourneys_recover(struct srv *s);
void srv_tourneys_release(struct srv *s);

/* The one way tournaments and ratings tell a player something: ev (not consumed) to every
 * connection of user now online. */
void srv_tourney_notify(struct srv *s, int64_t user, const cJSON *ev);
/* At login, on the connection that logged in: every bid a running tournament waits for from
 * the user (a game waiting for it is told by the games' own login notices). */
void srv_tourney_login(struct srv *s, struct srv_conn *c);

#endif
