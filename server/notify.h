/*
 * notify.h -- "tell user U that X happened": the one entry point for every
 * notice the server gives a user about a game or about people, on the user's
 * connections (as fanout.h always did) and outside the server through the
 * channels the user set with `notify` (a signed webhook, e-mail one by one or
 * as a daily digest).  docs/notifications.md has the decisions and numbers.
 *
 *   srv_notify(s, user, game, ev, note)
 *     ev   -> every connection of user, formatted once per mode (fanout.h)
 *     note -> if the user chose that type (and is away, or chose `always`):
 *             one outbox row per channel, in the loop iteration's batch
 *                 |  committed with everything else before the loop sleeps
 *                 v  (server.h); only then may a delivery start
 *             webhook: a signed JSON POST (webhook.h), e-mail: sendmail
 *             (mailer.h), digest item: waits for the user's daily digest
 *                 |
 *             delivered -> row sent; failed -> tried again after the back-off
 *             (notifyfmt.h, from the server's clock: the fake one in tests),
 *             given up after SRV_NF_ATTEMPTS
 *
 * Callers that tell a user something: use srv_notify (connections and
 * outside), or srv_notify_fanout with a struct srv_fanout shared by several
 * users; fill a struct srv_note with srv_note_game for a game's facts.
 * srv_people_send (people.h) and srv_game_deliver (fanout.h) still reach
 * connections only: code that should also reach the outside calls srv_notify.
 *
 * Delivery: at least once.  The outbox row is durable before anything is
 * sent; a crash after a delivery but before its "sent" is committed sends it
 * again after the restart, with the same id (the webhook body's "id", the
 * e-mail's Message-ID), so receivers drop duplicates.  Per user and channel
 * the oldest pending notification goes first and alone (a receiver that
 * fails holds the ones behind it); at most SRV_NOTIFY_WEBHOOKS POSTs and
 * SRV_NOTIFY_MAILERS sendmail processes run at once; a user has at most
 * SRV_NOTIFY_QUEUE notifications pending (more are dropped and logged).
 *
 * Secrecy: what leaves the server is built from a struct srv_note alone
 * (notifyfmt.h), never from the event sent to the connections.
 */
#ifndef SRV_NOTIFY_H
#define SRV_NOTIFY_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "notifyfmt.h"

struct srv;
struct srv_fanout;
struct srv_game;

#define SRV_NOTIFY_WEBHOOKS   8   /* POSTs at once, all users */
#define SRV_NOTIFY_MAILERS    2   /* sendmail processes at once */
#define SRV_NOTIFY_QUEUE      100 /* notifications one user may have pending */
#define SRV_NOTIFY_CONNECT_MS 5000
#define SRV_NOTIFY_POST_MS    10000                       /* a POST's whole time */
#define SRV_NOTIFY_MAIL_MS    30000                       /* a sendmail's whole time */
#define SRV_NOTIFY_KEEP_MS    ((int64_t)7 * 86400 * 1000) /* finished rows kept */

struct srv_delivery;

/* The notifier's state (struct srv owns one). */
struct srv_notifier {
	struct srv_webhook *web;
	struct srv_mailer *mail;
	int64_t queued;    /* the highest outbox row written */
	int64_t committed; /* the highest row known to be committed: deliveries go up to it */
	struct srv_delivery *running; /* the deliveries under way */
	int64_t purged;               /* the last purge (server clock, ms) */
	int started;                  /* between srv_notify_start and srv_notify_stop */
	int curl;                     /* curl_global_init was called */
};

/*
 * Tells user that something happened: ev (may be NULL; not consumed) goes to every
 * connection of user as a notification of game (0: none), and note (may be NULL) to the
 * channels outside the server, if the user wants it (notify.h above).
 */
void srv_notify(struct srv *s, int64_t user, int64_t game, const cJSON *ev,
                const struct srv_note *note);
/* The same with a fan-out shared by several users (f formats once per mode). */
void srv_notify_fanout(struct srv *s, int64_t user, struct srv_fanout *f,
                       const struct srv_note *note);
/* Only the outside: queues note for user as srv_notify would; force: whatever the user
 * chose (`notify test`).  Fills uid (DB_NOTE_ID_MAX + 1 bytes, may be NULL) with the
 * notification's id and returns the number of channels it was queued on (0: none), or a
 * negative WG_E_* code (storage). */
int srv_notify_outside(struct srv *s, int64_t user, const struct srv_note *note, int force,
                       char *uid);

/* n for side of g: the game's id and scenario, the side's name, the opponent's name, the
 * side's deadline when its clock runs; the strings point into g. */
void srv_note_game(struct srv *s, const struct srv_game *g, int side, enum srv_note_type type,
                   struct srv_note *n);

/* Start-up (after the store is open and the loop exists): curl, the mailer, the outbox's
 * high-water mark.  0 or -1. */
int srv_notify_start(struct srv *s);
/* The batch committed: the rows queued so far may be delivered (starts them). */
void srv_notify_committed(struct srv *s);
/* The batch was lost: the rows queued since the last commit are gone. */
void srv_notify_lost(struct srv *s);
/* Once a second and when the debug clock moves: deliveries that are due, digests that are
 * due, the purge of old rows. */
void srv_notify_tick(struct srv *s);
/* Makes a user's pending digest items into one e-mail now (mode changes); 0 or WG_E_*. */
int srv_notify_flush_digest(struct srv *s, int64_t user);
/* Shutdown: every delivery under way is dropped (its row stays pending: sent after the
 * restart) and the handles are closed.  Safe to call twice. */
void srv_notify_stop(struct srv *s);
/* After the loop has closed: curl's global state. */
void srv_notify_release(struct srv *s);

#endif
