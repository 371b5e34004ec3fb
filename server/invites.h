/*
 * invites.h -- challenges (an invitation to one user) and seeks (an open
 * invitation to anyone): kept in the store until accepted, declined,
 * withdrawn or expired, and in memory while open (s->invites).  Accepting
 * one creates the game with both players seated (host.c).  The verbs are
 * cmd-invite.c; docs/people.md has the decisions and their sources.
 *
 * Life of an invite:
 *
 *   challenge / seek ---> OPEN --accept--> ACCEPTED (the game it created)
 *                          |  \--decline (the challenged user)--> DECLINED
 *                          |  \--decline / unseek (its sender)--> WITHDRAWN
 *                          \-- SRV_INVITE_TTL_MS after creation --> EXPIRED
 *
 * Every transition is written in the loop's batch before anyone is told.
 * Expiry reads the clocks' wall time (srv_clock_now: the fake time of
 * --debug-clock in tests) once a second and when the debug clock moves.
 */
#ifndef SRV_INVITES_H
#define SRV_INVITES_H

#include <stddef.h>
#include <stdint.h>

#include "db/store.h"

#include "timectl.h"

struct srv;
struct srv_conn;

/* An open challenge or seek expires this long after it was made (Rally the Troops purges
 * open games not filled in 10 days: docs/people.md). */
#define SRV_INVITE_TTL_MS (10 * SRV_TC_DAY)
/* Open challenges and seeks one user may have out at once. */
#define SRV_INVITE_MAX_PER_USER 20

struct srv_invite {
	struct db_invite rec;
	char from_name[DB_NAME_MAX + 1];
	char to_name[DB_NAME_MAX + 1]; /* "" for a seek */
};

/* Loads every open invite (start-up, after the games). */
void srv_invites_recover(struct srv *s);
/* Frees them (shutdown). */
void srv_invites_release(struct srv *s);
/* Expires the open invites whose time has come; both ends are told. */
void srv_invites_tick(struct srv *s);

/* The open invite id, or NULL. */
struct srv_invite *srv_invite_get(struct srv *s, int64_t id);
/* The number of open invites user sent. */
int srv_invites_of(struct srv *s, int64_t user);
/* Stores *rec as a new open invite (its id set) and keeps it; *out is the kept copy.
 * 0 or a WG_E_* code. */
int srv_invite_add(struct srv *s, struct db_invite *rec, const char *from_name, const char *to_name,
                   struct srv_invite **out);
/* Closes iv with state (and game) in the store, then forgets and frees it.  0 or a WG_E_*
 * code (iv is then kept). */
int srv_invite_close(struct srv *s, struct srv_invite *iv, int state, int64_t game);

/* "race, ann plays red, clock days:3, foo=bar" into buf; returns buf. */
char *srv_invite_describe(struct srv *s, const struct srv_invite *iv, char *buf, size_t size);
/* The `* challenge` event of iv (for its recipient); caller frees. */
struct cJSON *srv_invite_event(struct srv *s, const struct srv_invite *iv, const char *type,
                               const char *text);
/* At login, on the connection that logged in: every open challenge to the user. */
void srv_invites_login(struct srv *s, struct srv_conn *c);

#endif
