/*
 * durable.h -- the pipelined group commit: the fsync of a batch runs on a thread of its
 * own while the loop goes on taking requests into the next batch, and output waits until
 * the sync that covers it is done.
 *
 * The guarantee is the one of DESIGN.md "Persistence": nothing reaches a client (an `ok`,
 * a notification, a `view` showing a move) before every write it may report is on the
 * disk.  What changes is who waits.  Before, the loop committed with SQLite
 * synchronous=FULL, so the fsync of the write-ahead log ran inside the loop and nothing
 * else happened meanwhile; now (as redis does with appendfsync always, except that its
 * fsync blocks its loop too) a commit writes the log without waiting (db_sync_defer), the
 * sync thread fdatasyncs the log (db_sync), and meanwhile the loop reads, applies and
 * commits the requests that arrive, which the next sync covers.
 *
 * Generations: every successful commit is numbered (committed).  At most one sync is in
 * flight; it covers every commit up to `syncing` (the commit count when it began); synced
 * is the last commit known durable.  A sync begins before the loop sleeps whenever
 * synced < committed and none is in flight, and again as soon as one ends if more commits
 * came meanwhile, so one fdatasync covers all the batches committed while the previous one
 * ran.
 *
 * Output: each connection's queued output is one stream (c->out, then c->park), counted in
 * absolute bytes: c->out_base is where c->out begins, c->out_ok how far the stream may be
 * written.  Before the loop sleeps, after the iteration's commit (srv_durable_mark), each
 * connection with output waiting gets a mark at the end of its stream:
 *
 *   no sync in flight (all committed is durable)   -> out_ok = end: written now
 *   a sync in flight that covers the last commit   -> mark_sync = end
 *   commits since the sync in flight began         -> mark_next = end (the next sync)
 *
 * When a sync ends (srv_durable_sync_done): out_ok = mark_sync, mark_sync = mark_next, and
 * the output is flushed.  Output queued in the iteration under way (the open batch) has no
 * mark until the next srv_durable_mark, so it never goes out with an older sync.
 *
 *   [idle] --commit (before sleep)--> [syncing F] --sync done--> [idle]     (flush)
 *                                        |   ^
 *      commits F+1.. meanwhile (marked next) +---- sync done, synced < committed:
 *                                                  the next sync begins at once
 *
 * A failed fdatasync is fatal: the process logs it and aborts (after a failed fsync Linux
 * may have dropped the pages, so no later sync proves anything; recovery on restart
 * reads what is on the disk, and nothing not on it was acknowledged).
 *
 * Without durable on (a store without a write-ahead log, unit tests), every commit is
 * synchronous and every flush writes everything, as before.
 */
#ifndef SRV_DURABLE_H
#define SRV_DURABLE_H

#include <stdint.h>

#include <uv.h>

struct srv;

struct srv_durable {
	int on;                /* deferred syncs (db_sync_defer): output waits for its sync */
	int threaded;          /* the sync thread runs (off: tests call srv_durable_sync_done) */
	uint64_t committed;    /* successful commits so far */
	uint64_t syncing;      /* the last commit the sync in flight covers; 0: none in flight */
	uint64_t synced;       /* the last commit known durable */
	int64_t notify_commit; /* the outbox id queued at the last commit (notify.h) */
	int64_t notify_sync;   /* ... at the commit the sync in flight covers */
	/* the sync thread: want / done / result under lock */
	uv_thread_t thread;
	uv_mutex_t lock;
	uv_cond_t cond;
	uv_async_t done_async;
	int want, done, quit, result;
	uint64_t began_ns; /* uv_hrtime() when the sync in flight began */
	/* figures, logged when the server stops */
	uint64_t nsyncs, sync_ns, sync_max_ns, commits_synced, games_committed;
};

/*
 * Turns deferred syncs on (db_sync_defer) and starts the sync thread.  Returns 0; or an
 * error, after which every commit stays synchronous (logged by the caller).
 */
int srv_durable_start(struct srv *s);
/*
 * Waits for the sync in flight, syncs everything committed since, lets all queued output
 * go, stops the thread and turns deferred syncs off.  No-op when not on.
 */
void srv_durable_stop(struct srv *s);
/* After a successful commit of games batched games: a new generation. */
void srv_durable_committed(struct srv *s, size_t games);
/*
 * Before the loop sleeps, after the commit and before srv_conns_flush: begins a sync if
 * one is due, and marks the output of every connection with output waiting (above).
 */
void srv_durable_mark(struct srv *s);
/*
 * The sync in flight ended with rc (0 or an error): its output may go (flushed here) and
 * the next sync begins if commits came meanwhile.  Called by the sync thread's async
 * callback; tests (threaded off) call it by hand.  rc != 0 aborts the process.
 */
void srv_durable_sync_done(struct srv *s, int rc);

#endif
