/*
 * ratings.h -- rated games and the players' Glicko-2 ratings on the server,
 * one rating per user and scenario (glicko2.h does the arithmetic), and each
 * scenario's side record.  docs/tournaments.md has the rules and sources.
 *
 * Life of a rated game:
 *
 *   new/challenge/seek ... rated, or a rated tournament's game
 *     --> srv_rating_mark: a rated_games row, not done
 *   the game ends (host.c publishes it)
 *     --> srv_rating_game_over: both players' ratings before the game, their RD
 *         grown with the time since their last rated game, each updated against
 *         the other's (the game is its own rating period), written with the
 *         rated_games row (done) in the loop's batch -- the same transaction as
 *         the game's last step -- and both players told
 *   a restart finds a rated game over but not done (its rating write failed)
 *     --> srv_ratings_recover rates it then, in game order
 *
 * A game is rated only when two different users played it.  The side record
 * of a scenario is counted from the finished games the server knows (games.h).
 */
#ifndef SRV_RATINGS_H
#define SRV_RATINGS_H

#include <stdint.h>

#include <cjson/cJSON.h>

#include "db/store.h"

#include "glicko2.h"

struct srv;
struct srv_game;

/* A scenario's finished games with both seats: how many, won by each side, drawn. */
struct srv_side_record {
	long games;
	long wins[2];
	long draws;
};

/* Marks game as rated (it is rated when it ends).  0 or a WG_E_* code. */
int srv_rating_mark(struct srv *s, int64_t game);
/* 1 if game is marked rated. */
int srv_rating_is_rated(struct srv *s, int64_t game);
/* g ended: rates it if it is a rated game not rated yet (see above). */
void srv_rating_game_over(struct srv *s, struct srv_game *g);
/* At start-up, after the games: rates every rated game that ended without being rated. */
void srv_ratings_recover(struct srv *s);

/* user's rating in scenario (a new player's when he has none: *found 0). */
void srv_rating_get(struct srv *s, int64_t user, const char *scenario, struct srv_g2_rating *r,
                    int64_t *games, int *found);
/* The side record of scenario from the finished games, without game `except` (0: none). */
void srv_side_record(struct srv *s, const char *scenario, int64_t except,
                     struct srv_side_record *out);
/* Side 0's advantage in scenario in rating points: the estimate from its record when the
 * server runs with rating-side-advantage, else 0. */
double srv_rating_advantage(struct srv *s, const char *scenario, int64_t except);

/* finger: data["rating"] (an object by scenario, null when the user has no rating) and a line
 * per scenario in lines. */
void srv_rating_finger(struct srv *s, int64_t user, cJSON *data, cJSON *lines);

#endif
