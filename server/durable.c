/*
 * durable.c -- the pipelined group commit (see durable.h).
 */
#include "durable.h"

#include <stdlib.h>

#include "conn.h"
#include "log.h"
#include "notify.h"
#include "server.h"

/* The sync thread: one db_sync per request, its result handed back through the async. */
static void sync_thread(void *arg)
{
	struct srv *s = arg;
	struct srv_durable *d = &s->durable;
	int rc;

	uv_mutex_lock(&d->lock);
	for (;;) {
		while (!d->want && !d->quit)
			uv_cond_wait(&d->cond, &d->lock);
		if (!d->want)
			break; /* quit, nothing asked */
		d->want = 0;
		uv_mutex_unlock(&d->lock);
		rc = db_sync(s->store);
		uv_mutex_lock(&d->lock);
		d->result = rc;
		d->done = 1;
		uv_async_send(&d->done_async);
	}
	uv_mutex_unlock(&d->lock);
}

static void done_cb(uv_async_t *h)
{
	struct srv *s = h->data;
	struct srv_durable *d = &s->durable;
	int done, rc;

	uv_mutex_lock(&d->lock);
	done = d->done;
	rc = d->result;
	d->done = 0;
	uv_mutex_unlock(&d->lock);
	if (done)
		srv_durable_sync_done(s, rc);
}

/* Begins the sync of everything committed so far (none in flight). */
static void begin_sync(struct srv *s)
{
	struct srv_durable *d = &s->durable;

	d->syncing = d->committed;
	d->notify_sync = d->notify_commit;
	d->began_ns = uv_hrtime();
	if (!d->threaded)
		return; /* a test ends it with srv_durable_sync_done */
	uv_mutex_lock(&d->lock);
	d->want = 1;
	uv_cond_signal(&d->cond);
	uv_mutex_unlock(&d->lock);
}

int srv_durable_start(struct srv *s)
{
	struct srv_durable *d = &s->durable;
	int rc;

	if (d->on)
		return 0;
	rc = db_sync_defer(s->store, 1);
	if (rc != 0)
		return rc;
	if (uv_mutex_init(&d->lock) != 0)
		goto fail;
	if (uv_cond_init(&d->cond) != 0) {
		uv_mutex_destroy(&d->lock);
		goto fail;
	}
	d->done_async.data = s;
	if (uv_async_init(s->loop, &d->done_async, done_cb) != 0) {
		uv_cond_destroy(&d->cond);
		uv_mutex_destroy(&d->lock);
		goto fail;
	}
	d->want = d->done = d->quit = 0;
	if (uv_thread_create(&d->thread, sync_thread, s) != 0) {
		uv_close((uv_handle_t *)&d->done_async, NULL);
		uv_cond_destroy(&d->cond);
		uv_mutex_destroy(&d->lock);
		goto fail;
	}
	d->threaded = 1;
	d->on = 1;
	d->syncing = 0;
	d->synced = d->committed;
	d->notify_commit = d->notify_sync = s->notify.queued;
	return 0;
fail:
	db_sync_defer(s->store, 0);
	return WG_E_INTERNAL;
}

/* out_ok = mark_sync, mark_sync = mark_next for every connection with output waiting. */
static void promote_marks(struct srv *s)
{
	for (struct srv_conn *c = s->wlist; c != NULL; c = c->wnext) {
		if (c->mark_sync > c->out_ok)
			c->out_ok = c->mark_sync;
		c->mark_sync = c->mark_next;
		c->mark_next = 0;
	}
}

void srv_durable_stop(struct srv *s)
{
	struct srv_durable *d = &s->durable;
	int rc;

	if (!d->on)
		return;
	uv_mutex_lock(&d->lock);
	d->quit = 1;
	uv_cond_signal(&d->cond);
	uv_mutex_unlock(&d->lock);
	if (d->threaded) {
		uv_thread_join(&d->thread); /* a sync in flight ends first */
		d->threaded = 0;
		uv_close((uv_handle_t *)&d->done_async, NULL);
		uv_cond_destroy(&d->cond);
		uv_mutex_destroy(&d->lock);
	}
	rc = db_sync(s->store); /* everything committed, the sync in flight's and after */
	if (rc != 0) {
		log_fatal(0, "storage failed: the write-ahead log could not be synced to the disk; "
		             "stopping at once (what was not acknowledged may be lost)");
		abort();
	}
	d->synced = d->committed;
	d->syncing = 0;
	srv_notify_durable(s, d->notify_commit);
	d->on = 0; /* every flush writes everything again */
	db_sync_defer(s->store, 0);
	if (d->nsyncs > 0)
		log_info(0,
		         "durable: %llu syncs of the log, %.2f ms each on average (max %.2f ms), "
		         "%.2f commits and %.1f games written per sync",
		         (unsigned long long)d->nsyncs,
		         (double)d->sync_ns / 1e6 / (double)d->nsyncs, (double)d->sync_max_ns / 1e6,
		         (double)d->commits_synced / (double)d->nsyncs,
		         (double)d->games_committed / (double)d->nsyncs);
}

void srv_durable_committed(struct srv *s, size_t games)
{
	struct srv_durable *d = &s->durable;

	d->committed++;
	d->games_committed += games;
	d->notify_commit = s->notify.queued;
}

void srv_durable_mark(struct srv *s)
{
	struct srv_durable *d = &s->durable;

	if (!d->on)
		return;
	if (d->syncing == 0 && d->synced < d->committed)
		begin_sync(s);
	for (struct srv_conn *c = s->wlist; c != NULL; c = c->wnext) {
		uint64_t end = c->out_base + c->out.len + c->park.len;

		if (d->syncing == 0)
			c->out_ok = end; /* everything committed is durable */
		else if (d->committed > d->syncing)
			c->mark_next = end;
		else
			c->mark_sync = end;
	}
	if (d->syncing == 0 && d->synced == d->committed)
		srv_notify_durable(s, d->notify_commit);
}

void srv_durable_sync_done(struct srv *s, int rc)
{
	struct srv_durable *d = &s->durable;
	uint64_t ns = uv_hrtime() - d->began_ns;

	if (rc != 0) {
		log_fatal(0, "storage failed: the write-ahead log could not be synced to the disk; "
		             "stopping at once (what was not acknowledged may be lost)");
		abort();
	}
	d->nsyncs++;
	d->sync_ns += ns;
	if (ns > d->sync_max_ns)
		d->sync_max_ns = ns;
	d->commits_synced += d->syncing - d->synced;
	d->synced = d->syncing;
	d->syncing = 0;
	srv_notify_durable(s, d->notify_sync);
	promote_marks(s);
	/* what was committed meanwhile (marked next) goes with the next sync, begun now */
	if (d->synced < d->committed)
		begin_sync(s);
	srv_conns_flush(s);
}
