/*
 * game.h -- hosting games: the lobby's games, seats, watchers, routing
 * actions to the rules engine, persistence and delivery of events.
 *
 * Every game the database knows has a struct srv_game (s->games[id]).  Open
 * and active games hold their rules state (match) from startup on; a
 * finished game loads it on demand (view, log, verify of old games).
 *
 * An action goes through srv_game_act:
 *
 *   rules_match_apply ----refused----> err (nothing changed anywhere)
 *        | accepted
 *        v
 *   one transaction: action + dice, events, game row, seen marks, snapshot
 *        |                        \---- storage failed: rollback, the match
 *        v                              is rebuilt from the store, err storage
 *   ok to the actor, events to their audiences, your-turn / game-over notices
 *
 * so an `ok` always follows the commit, and a restart (replay from the last
 * snapshot) reaches exactly the state the players saw.
 */
#ifndef SRV_GAME_H
#define SRV_GAME_H

#include <stdint.h>

#include "db/store.h"
#include "rules/core/catalog.h"
#include "rules/core/match.h"

struct srv;
struct srv_conn;
struct srv_cmd_ctx;

struct srv_game {
	struct db_game rec;
	const struct rules_catalog_entry *entry; /* NULL: scenario not installed */
	struct rules_match match;
	int loaded; /* match holds the state at rec.version */
	char seat_name[2][DB_NAME_MAX + 1];
	struct srv_conn **watchers;
	size_t nwatchers, capwatchers;
	int64_t last_event; /* seq of the last stored event */
};

/* Loads every game record and restores the rules state of every unfinished
 * game from its snapshot and actions.  Returns the number of games that
 * could not be restored (each logged). */
int srv_games_recover(struct srv *s);
/* Frees every game. */
void srv_games_release(struct srv *s);

/* The game with that id, or NULL. */
struct srv_game *srv_game_get(struct srv *s, int64_t id);
/* Makes sure g->match is at g->rec.version (loads finished games). */
int srv_game_ensure_loaded(struct srv *s, struct srv_game *g, char *err, size_t errsize);

/* The side (0/1) user holds in g, or -1. */
int srv_game_side_of(const struct srv_game *g, int64_t user);
/* "open", "active" or "finished". */
const char *srv_game_status_name(int status);
/* The scenario's name of side (0/1), or "?" if the scenario is missing. */
const char *srv_game_side_name(const struct srv_game *g, int side);

/* Creates a game of entry for the connection's user on side (-1: random). */
int srv_game_new(struct srv *s, struct srv_conn *c, const struct rules_catalog_entry *entry,
                 int side, int private_game, const struct rules_options *opts,
                 const char *options_text, struct srv_game **out, struct srv_cmd_ctx *ctx);
/* Seats the connection's user on side (-1: the free one); starts the game
 * when both seats are filled.  Answers the request itself on success. */
int srv_game_join(struct srv *s, struct srv_game *g, struct srv_conn *c, int side,
                  struct srv_cmd_ctx *ctx);
/* Applies a player action (see the diagram above); answers on success. */
int srv_game_act(struct srv *s, struct srv_game *g, struct srv_conn *c, int side,
                 struct srv_cmd_ctx *ctx);
/* Ends g by resignation of side; answers on success. */
int srv_game_resign(struct srv *s, struct srv_game *g, struct srv_conn *c, int side,
                    struct srv_cmd_ctx *ctx);

/* Adds / removes c as a spectator of g. */
int srv_game_watch(struct srv_game *g, struct srv_conn *c);
void srv_game_unwatch(struct srv_game *g, struct srv_conn *c);
/* Removes c from every game it watches (connection closing). */
void srv_game_forget_conn(struct srv *s, struct srv_conn *c);

/* Sends ev (with "game" added) to the audience's connections. */
void srv_game_deliver(struct srv *s, struct srv_game *g, unsigned audience, const cJSON *ev);
/* Sends chat to both players and the watchers. */
void srv_game_chat(struct srv *s, struct srv_game *g, const char *from, const char *text);

/* On login: `* your-turn` for every game waiting on the user and `* missed`
 * for games with events the user has not received. */
void srv_game_login_notices(struct srv *s, struct srv_conn *c);

/* The game verb argv[0] of the target game (or NULL with ctx->err set). */
const struct rules_verb *srv_game_find_verb(struct srv *s, struct srv_cmd_ctx *ctx);

/* Parses "k=v k=v" into opts; 0 or -1. */
int srv_options_parse(const char *text, struct rules_options *opts);

#endif
