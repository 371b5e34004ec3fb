/*
 * server.h -- the daemon's shared state: the loop, the store, the scenario
 * catalog, the connections, the online users and the hosted games.
 *
 * Everything here lives on the one libuv loop thread.
 *
 * One loop iteration, as far as durability goes (redis's beforeSleep):
 *
 *   poll: requests are processed; accepted steps and every other write join
 *         the open batch (db/store.h); replies and events are queued on the
 *         connections (nothing is written to a socket yet)
 *   idle (only while some connection's input waits for its turn, conn.h
 *         "Work budget"): each waiting connection gets one turn
 *   prepare (before the loop blocks again): the tournaments' due work joins
 *         the batch (tourney.h: results, pairings), the batch is committed with one
 *         fsync, then every connection's queued output is written -- so no
 *         client ever hears of a write that is not durable, and a crash
 *         before the commit loses only what nobody was told about.  The only other
 * threads are libuv's pool running password hashes (auth.c), which touch
 * nothing but their own work struct.
 *
 * Ownership: struct srv owns every connection (freed from its uv_close
 * callback only), every srv_user (freed when its last connection logs out
 * or closes) and every srv_game (freed at shutdown).
 */
#ifndef SRV_SERVER_H
#define SRV_SERVER_H

#include <stdint.h>

#include <uv.h>

#include "db/store.h"
#include "rules/core/catalog.h"

#include "admin.h"
#include "auth.h"
#include "config.h"
#include "idmap.h"
#include "notify.h"
#include "quota.h"
#include "tourney.h"
#include "tls.h"

struct srv_conn;
struct srv_game;

/* A logged-in user with the connections it is logged in on. */
struct srv_user {
	int64_t id;
	char name[DB_NAME_MAX + 1];
	struct srv_conn **conns;
	size_t nconns, capconns;
	double chat_tokens; /* the chat bucket (quota.h); chat_ms 0: full */
	int64_t chat_ms;
};

struct srv {
	uv_loop_t *loop;
	struct srv_config cfg;
	struct db_store *store;
	struct rules_catalog catalog;
	uv_tcp_t listener;
	uv_tcp_t tls_listener; /* --tls-listen (tls.h) */
	struct srv_tls *tls;   /* its certificate and settings; NULL without --tls-listen */
	int tls_listening;
	uv_signal_t sigterm, sigint, sighup;
	uv_timer_t sweep;       /* once a second: idle timeouts, rate-limit decay */
	struct srv_conn *conns; /* doubly linked list of open connections */
	int nconns;
	unsigned long next_conn_id;
	struct srv_idmap users;  /* user id -> struct srv_user (online users) */
	struct srv_idmap seats;  /* user id -> the games the user sits in (games.c) */
	struct srv_game **games; /* indexed by game id; NULL for unknown ids */
	size_t capgames;
	int64_t maxgame; /* highest game id known */
	/* group commit (server.c): the games written since the last commit, and the
	 * connections with output queued since they were last written */
	struct srv_game **batch;
	size_t nbatch, capbatch;
	struct srv_conn *wlist;
	uv_prepare_t before_sleep; /* commits the batch, then writes the output */
	/* fairness (conn.h "Work budget"): connections with input waiting for a turn */
	struct srv_conn *rlist, *rtail;
	size_t nrlist;
	uv_idle_t resume;         /* active while rlist is not empty: gives each a turn */
	unsigned long turn;       /* budget phase: bumped before the reads and before the resumes */
	unsigned long phase_reqs; /* requests processed in this phase, by every connection */
	size_t phase_bytes;       /* output they produced */
	unsigned long event_formats; /* notifications formatted (fanout.c: once per mode) */
	struct srv_auth auth;
	struct srv_quota quota;
	struct srv_admin admin;
	uint64_t actions_total;     /* actions accepted since start-up (host.c) */
	char shutdown_message[256]; /* what `shutdown` tells everyone ("": the default) */
	/* the clocks' wall time in ms (clock.c): real time, the fake time of --debug-clock, or a
	 * unit test's own function */
	int64_t (*wall_ms)(struct srv *s);
	int64_t fake_ms;             /* --debug-clock: the fake time, moved by `debug clock` */
	int64_t alive_written;       /* the last "alive" written (clock.c) */
	struct srv_idmap vacations;  /* user id -> struct srv_vac (malloc'd; clock.c) */
	struct srv_invite **invites; /* the open challenges and seeks, by id (invites.c) */
	size_t ninvites, capinvites;
	struct srv_notifier notify;   /* the outbox and its deliveries (notify.c) */
	struct srv_tourneys tourneys; /* tournament work due and deadlines (tourney.c) */
	int shutting_down;
	int listening;
	char readbuf[65536]; /* every read lands here and is framed at once */
};

/*
 * Runs the daemon until SIGTERM/SIGINT: opens the store, loads the
 * scenarios (data dir, --scenarios dirs), recovers every unfinished game,
 * listens and serves.  rulesets is the NULL-terminated table of rulesets
 * this binary ships (the test daemon adds its test ruleset).  Returns the
 * process exit code.
 */
int srv_main(int argc, char **argv, const struct ruleset *const *rulesets);

/* Seconds since the epoch (wall clock: stored timestamps). */
int64_t srv_now(struct srv *s);
/* The real wall clock in ms (s->wall_ms by default) and the fake one of --debug-clock. */
int64_t srv_real_wall_ms(struct srv *s);
int64_t srv_fake_wall_ms(struct srv *s);
/* Milliseconds of the loop's monotonic clock (timeouts). */
int64_t srv_now_ms(struct srv *s);

/* The online user id, or NULL. */
struct srv_user *srv_user_get(struct srv *s, int64_t id);
/* Marks conn as logged in as (id, name); creates the srv_user if needed. */
int srv_user_attach(struct srv *s, struct srv_conn *c, int64_t id, const char *name);
/* Records for every game user sits in that it has seen the game's events so far (a user
 * online receives them live; marks are written when it leaves, and at a login while it is
 * online elsewhere). */
void srv_user_mark_seen(struct srv *s, int64_t user);
/* Detaches conn from its user (logout or close); frees the user when it has
 * no connection left (its seen marks written first). */
void srv_user_detach(struct srv *s, struct srv_conn *c);

/* Records that g was written in the batch of this loop iteration. */
void srv_batch_touch(struct srv *s, struct srv_game *g);
/* Commits the batch now; on failure everything written since the last commit is lost and
 * srv_storage_failed runs.  Returns 0 or the store's code. */
int srv_batch_commit(struct srv *s);
/* The batch could not be made durable: every connection with output waiting is closed
 * (none of it is sent: it may report what was lost) and every game written in the batch
 * is rebuilt from the store. */
void srv_storage_failed(struct srv *s);

/* Stops the server as SIGTERM does, from the next loop iteration (the caller's reply goes
 * out first), telling everyone message as well ("" for none); 0 or -1 (out of memory). */
int srv_shutdown(struct srv *s, const char *message);

/* Loads scenario files from a directory into the catalog (logging every
 * failure); returns the number loaded. */
int srv_load_scenario_dir(struct srv *s, const char *dir);
/* The same into any catalog (`wargamed replay` loads its own). */
int srv_catalog_load_dir(struct rules_catalog *cat, const char *dir);

#endif
