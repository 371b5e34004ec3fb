/*
 * fanout.h -- delivering a game's notifications to the people who may see
 * them: the connections of the seated users an event's audience names, and
 * the game's watchers (spectators).  Also the server's own notices built
 * from a game (your-turn, game-started, game-over, chat) and the notices a
 * user gets at login.
 *
 * Each event is formatted once per protocol mode (text, JSON) and the same
 * bytes are queued to every recipient in that mode (struct srv_fanout), not
 * formatted again per connection.  Sending may close a connection (output
 * limit), which removes it from the very lists being walked, so the lists
 * are copied first; a closed connection stays allocated until its uv_close
 * callback and ignores what is sent meanwhile.
 *
 * What a viewer may see is decided by the engine (the audience of each
 * event), never here.
 */
#ifndef SRV_FANOUT_H
#define SRV_FANOUT_H

#include <stdint.h>

#include <cjson/cJSON.h>

#include "protocol/buf.h"
#include "rules/core/ruleset.h"

struct srv;
struct srv_conn;
struct srv_game;

/* One notification formatted at most once per mode. */
struct srv_fanout {
	int64_t game;
	const cJSON *event;        /* not owned */
	struct proto_buf bytes[2]; /* per enum proto_mode */
	int ready[2];
	unsigned formats; /* how many times it was formatted (tests) */
};

void srv_fanout_init(struct srv_fanout *f, int64_t game, const cJSON *event);
void srv_fanout_release(struct srv_fanout *f);
/* Queues the notification to c, formatting it for c's mode the first time. */
void srv_fanout_send(struct srv_fanout *f, struct srv_conn *c);
/* Queues it to every connection of user (none when user is offline).  This is the connection
 * half of srv_notify (notify.h), which also tells the outside: use that to tell a user. */
void srv_fanout_user(struct srv *s, struct srv_fanout *f, int64_t user);

/* Sends ev (with "game" added) to the audience's connections of g. */
void srv_game_deliver(struct srv *s, struct srv_game *g, unsigned audience, const cJSON *ev);
/* A public notice {"event": type, "text": text}. */
void srv_game_notice(struct srv *s, struct srv_game *g, const char *type, const char *text);
/* `* your-turn` to side (its decision counter and kind with it), and outside the server
 * (srv_notify). */
void srv_game_your_turn(struct srv *s, struct srv_game *g, int side);
/* your-turn for each side whose awaited decision changed since before. */
void srv_game_turn_notices(struct srv *s, struct srv_game *g, const struct rules_pending *before);
/* The game-over notification (result and revealed seed) to everyone; the players are told
 * outside the server too (srv_notify: the result, never the seed). */
void srv_game_over_notice(struct srv *s, struct srv_game *g);
/* Sends chat to both players and the watchers. */
void srv_game_chat(struct srv *s, struct srv_game *g, const char *from, const char *text);

/* Adds / removes c as a spectator of g. */
int srv_game_watch(struct srv_game *g, struct srv_conn *c);
void srv_game_unwatch(struct srv_game *g, struct srv_conn *c);
/* Removes c from every game it watches (connection closing). */
void srv_game_forget_conn(struct srv *s, struct srv_conn *c);

/* On login: `* missed` for games with events the user has not received (and `* game-over`
 * for those that ended meanwhile), `* your-turn` for every game waiting on the user.  Walks
 * only the games the user sits in. */
void srv_game_login_notices(struct srv *s, struct srv_conn *c);

#endif
