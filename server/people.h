/*
 * people.h -- users finding and talking to each other: what an online user
 * is doing (lobby, playing, watching), private messages (tell) kept in the
 * store and shown at login to a user who was away, block lists, and when a
 * user was last seen.  The verbs are cmd-people.c; docs/people.md has the
 * decisions and their sources.
 *
 * A tell is stored before anyone hears of it (it joins the loop's batch, and
 * output is written only after the batch commit, server.h): to a user online
 * it is stored as delivered and sent to every connection of theirs; to a
 * user offline it waits, undelivered, and the next login shows it on the
 * connection that logs in, then marks it delivered; the outside is told of it
 * then (srv_notify: a `tell` notification, if the user chose it).
 *
 * Blocks are read from the store when they matter (a tell, a challenge, a
 * seek): nothing about them is cached.
 */
#ifndef SRV_PEOPLE_H
#define SRV_PEOPLE_H

#include <stdint.h>

#include <cjson/cJSON.h>

#include "rules/core/ruleset.h"

struct srv;
struct srv_conn;
struct srv_user;

/* What online user u is doing, from its most recently active connection that has a
 * current game: "playing" (seated there, game active), "watching" (watching it, never a
 * private game), else "lobby"; *game gets the game (0 for the lobby and for a private game
 * played: its number is not told). */
const char *srv_people_doing(struct srv *s, const struct srv_user *u, int64_t *game);
/* The ms since u's most recently active connection last sent a request. */
int64_t srv_people_idle_ms(struct srv *s, const struct srv_user *u);

/* Sends ev (not consumed) to every connection of user, if online: srv_notify(s, user, 0, ev,
 * NULL), kept for the callers that only reach connections.  To tell a user something that
 * should also reach the channels outside the server, call srv_notify (notify.h). */
void srv_people_send(struct srv *s, int64_t user, const cJSON *ev);

/* 1 if user blocks other, else 0 (a storage failure is logged and counts as no block). */
int srv_people_blocks(struct srv *s, int64_t user, int64_t other);

/* Stores a tell from (from, from_name) to (to, to_name) and sends it to to's connections
 * when to is online.  0, or a WG_E_* code with err (blocked, storage). */
int srv_people_tell(struct srv *s, int64_t from, const char *from_name, int64_t to,
                    const char *to_name, const char *text, struct rules_error *err);

/* At login, on the connection that logged in: every tell that waited for the user, oldest
 * first, then marked delivered. */
void srv_people_login(struct srv *s, struct srv_conn *c);
/* The user's last connection went: remember when (finger's "last seen"). */
void srv_people_left(struct srv *s, int64_t user);

#endif
