/*
 * notify.c -- telling users: their connections, and the outbox with its
 * webhook and e-mail deliveries, retries and daily digests.  See notify.h.
 */
#include "notify.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>
#include <sodium.h>

#include "common/str.h"

#include "clock.h"
#include "fanout.h"
#include "games.h"
#include "log.h"
#include "mailer.h"
#include "server.h"
#include "webhook.h"

/* One delivery under way: a POST or a sendmail of one outbox row. */
struct srv_delivery {
	struct srv *s;
	int64_t row, user;
	int channel, attempts;
	char uid[DB_NOTE_ID_MAX + 1];
	struct srv_delivery *next;
};

static const char *const channel_names[] = {"webhook", "e-mail", "digest"};

/* ---- the connections ---- */

void srv_notify_fanout(struct srv *s, int64_t user, struct srv_fanout *f,
                       const struct srv_note *note)
{
	if (f != NULL)
		srv_fanout_user(s, f, user);
	if (note != NULL)
		srv_notify_outside(s, user, note, 0, NULL);
}

void srv_notify(struct srv *s, int64_t user, int64_t game, const cJSON *ev,
                const struct srv_note *note)
{
	struct srv_fanout f;

	if (ev == NULL) {
		srv_notify_fanout(s, user, NULL, note);
		return;
	}
	srv_fanout_init(&f, game, ev);
	srv_notify_fanout(s, user, &f, note);
	srv_fanout_release(&f);
}

void srv_note_game(struct srv *s, const struct srv_game *g, int side, enum srv_note_type type,
                   struct srv_note *n)
{
	memset(n, 0, sizeof(*n));
	n->type = type;
	n->game = g->rec.id;
	n->scenario = g->rec.scenario;
	if (side == 0 || side == 1) {
		n->side = srv_game_side_name(g, side);
		if (g->seat_name[1 - side][0] != '\0')
			n->opponent = g->seat_name[1 - side];
		n->deadline = srv_clock_deadline(s, g, side);
	}
}

/* ---- queueing ---- */

static void make_uid(char *uid)
{
	unsigned char raw[DB_NOTE_ID_MAX / 2];

	randombytes_buf(raw, sizeof(raw));
	sodium_bin2hex(uid, DB_NOTE_ID_MAX + 1, raw, sizeof(raw));
}

/* Adds one row; 0 or the store's code. */
static int add_row(struct srv *s, const char *uid, int64_t user, int channel, int64_t now,
                   char *body)
{
	struct db_outbox o;
	int rc;

	if (body == NULL)
		return WG_E_NO_MEMORY;
	memset(&o, 0, sizeof(o));
	wg_strcopy(o.uid, sizeof(o.uid), uid);
	o.user = user;
	o.channel = channel;
	o.created = now;
	o.next_at = now;
	o.body = body;
	rc = db_outbox_add(s->store, &o);
	free(body);
	if (rc == 0 && o.id > s->notify.queued)
		s->notify.queued = o.id;
	return rc;
}

/* The name of user (online, or from the store); "" when unknown. */
static void user_name(struct srv *s, int64_t user, char *name, size_t size)
{
	struct srv_user *u = srv_user_get(s, user);
	struct db_user row;

	if (u != NULL)
		wg_strcopy(name, size, u->name);
	else if (db_user_by_id(s->store, user, &row) == 0)
		wg_strcopy(name, size, row.name);
	else
		name[0] = '\0';
}

int srv_notify_outside(struct srv *s, int64_t user, const struct srv_note *note, int force,
                       char *uid_out)
{
	struct db_notify_prefs p;
	char uid[DB_NOTE_ID_MAX + 1], name[DB_NAME_MAX + 1];
	int64_t now, pending = 0;
	int rc, n = 0;

	if (uid_out != NULL)
		uid_out[0] = '\0';
	if (s->store == NULL || user <= 0) /* a server of unit tests, the system */
		return 0;
	if ((rc = db_notify_prefs_get(s->store, user, &p)) != 0) {
		if (rc != WG_E_NOT_FOUND)
			log_warn(0, "notify: the settings of user %lld: %s", (long long)user,
			         db_last_error(s->store));
		return rc == WG_E_NOT_FOUND ? 0 : rc;
	}
	if (p.webhook[0] == '\0' && p.email[0] == '\0')
		return 0;
	if (!force && (note->type >= SRV_NOTE_TEST || !(p.events & (1u << note->type)) ||
	               (!p.always && srv_user_get(s, user) != NULL)))
		return 0;
	if ((rc = db_outbox_count_pending(s->store, user, &pending)) != 0)
		return rc;
	if (pending >= SRV_NOTIFY_QUEUE) {
		log_warn(0, "notify: user %lld has %lld notifications pending: %s dropped",
		         (long long)user, (long long)pending, srv_note_names[note->type]);
		return 0;
	}
	make_uid(uid);
	user_name(s, user, name, sizeof(name));
	now = srv_clock_now(s);
	if (p.webhook[0] != '\0') {
		if ((rc = add_row(s, uid, user, DB_OUTBOX_WEBHOOK, now,
		                  srv_nf_webhook_body(note, uid, now, name))) != 0)
			goto fail;
		n++;
	}
	if (p.email[0] != '\0') {
		if (p.digest && !force)
			rc = add_row(s, uid, user, DB_OUTBOX_DIGEST, now,
			             srv_nf_digest_item(note, now));
		else
			rc = add_row(
			    s, uid, user, DB_OUTBOX_EMAIL, now,
			    srv_nf_mail_note(note, s->cfg.mail_from, p.email, uid, now, name));
		if (rc != 0)
			goto fail;
		n++;
	}
	if (uid_out != NULL)
		wg_strcopy(uid_out, DB_NOTE_ID_MAX + 1, uid);
	log_debug(0, "notify: %s %s for user %lld queued on %d channel%s",
	          srv_note_names[note->type], uid, (long long)user, n, n == 1 ? "" : "s");
	return n;
fail:
	log_warn(0, "notify: %s for user %lld not queued: %s", srv_note_names[note->type],
	         (long long)user, db_last_error(s->store));
	return rc;
}

/* ---- deliveries ---- */

static void dispatch(struct srv *s);

static struct srv_delivery *running_row(struct srv *s, int64_t row)
{
	for (struct srv_delivery *d = s->notify.running; d != NULL; d = d->next)
		if (d->row == row)
			return d;
	return NULL;
}

static void forget(struct srv *s, struct srv_delivery *d)
{
	for (struct srv_delivery **p = &s->notify.running; *p != NULL; p = &(*p)->next)
		if (*p == d) {
			*p = d->next;
			break;
		}
	free(d);
}

/*
 * A delivery ended: delivered (ok), refused for good (refused), or failed with error; wait
 * is what the receiver asked for (0: none).  The row is written in the batch; then the next
 * deliveries start.
 */
static void finish(struct srv_delivery *d, int ok, int refused, const char *error, int64_t wait,
                   int again)
{
	struct srv *s = d->s;
	int64_t now = srv_clock_now(s);
	struct db_outbox o;
	char when[40];

	memset(&o, 0, sizeof(o));
	o.id = d->row;
	o.attempts = d->attempts + 1;
	if (ok) {
		o.state = DB_OUTBOX_SENT;
		o.done_at = now;
		log_info(0, "notify: %s to user %lld by %s delivered (attempt %d)", d->uid,
		         (long long)d->user, channel_names[d->channel], o.attempts);
	} else {
		wg_strcopy(o.error, sizeof(o.error), error);
		if (refused || o.attempts >= SRV_NF_ATTEMPTS) {
			o.state = DB_OUTBOX_GAVE_UP;
			o.done_at = now;
			log_warn(0, "notify: %s to user %lld by %s given up after attempt %d: %s",
			         d->uid, (long long)d->user, channel_names[d->channel], o.attempts,
			         error);
		} else {
			int64_t back = srv_nf_backoff(o.attempts);
			if (wait > SRV_NF_MAX_WAIT)
				wait = SRV_NF_MAX_WAIT;
			o.state = DB_OUTBOX_PENDING;
			o.next_at = now + (wait > back ? wait : back);
			log_warn(
			    0,
			    "notify: %s to user %lld by %s failed (attempt %d of %d: %s); next %s",
			    d->uid, (long long)d->user, channel_names[d->channel], o.attempts,
			    SRV_NF_ATTEMPTS, error,
			    srv_clock_format_time(o.next_at, when, sizeof(when)));
		}
	}
	if (db_outbox_update(s->store, &o) != 0)
		log_error(0, "notify: the outbox row of %s not updated: %s", d->uid,
		          db_last_error(s->store));
	else if (o.state == DB_OUTBOX_GAVE_UP) {
		char why[DB_OUTBOX_ERR_MAX + 1];
		/* the receiver has failed for hours (or refuses): what waits behind goes too */
		snprintf(why, sizeof(why), "given up with %.32s: %.150s", d->uid, error);
		if (db_outbox_close_all(s->store, d->user, d->channel, DB_OUTBOX_GAVE_UP, now,
		                        why) != 0)
			log_error(0, "notify: outbox: %s", db_last_error(s->store));
	}
	forget(s, d);
	if (again) /* not when called from dispatch's own walk */
		dispatch(s);
}

static void webhook_done(void *arg, const struct srv_webhook_result *r)
{
	struct srv_delivery *d = arg;
	enum srv_nf_verdict v = r->status > 0 ? srv_nf_http_verdict(r->status) : SRV_NF_RETRY;
	char error[DB_OUTBOX_ERR_MAX + 1];

	if (r->status > 0)
		snprintf(error, sizeof(error), "HTTP %ld", r->status);
	else
		snprintf(error, sizeof(error), "%.190s", r->error[0] ? r->error : "no answer");
	finish(d, v == SRV_NF_DELIVERED, v == SRV_NF_REFUSED, error, r->retry_after, 1);
}

static void mail_done(void *arg, const struct srv_mail_result *r)
{
	struct srv_delivery *d = arg;

	finish(d, r->status == 0, 0, r->error, 0, 1);
}

/* Marks a row dropped (its channel was turned off meanwhile). */
static void drop_row(struct srv *s, const struct db_outbox *row, const char *why)
{
	struct db_outbox o = *row;

	o.state = DB_OUTBOX_DROPPED;
	o.done_at = srv_clock_now(s);
	wg_strcopy(o.error, sizeof(o.error), why);
	if (db_outbox_update(s->store, &o) != 0)
		log_error(0, "notify: outbox: %s", db_last_error(s->store));
}

/* Starts the delivery of one due row, if a slot is free (the walk of dispatch). */
static int start_one(void *arg, const struct db_outbox *row)
{
	struct srv *s = arg;
	struct srv_notifier *nt = &s->notify;
	struct db_notify_prefs p;
	struct srv_delivery *d;
	char err[200];
	int rc;

	if (running_row(s, row->id) != NULL)
		return 0;
	if (row->channel == DB_OUTBOX_WEBHOOK ? srv_webhook_running(nt->web) >= SRV_NOTIFY_WEBHOOKS
	                                      : srv_mailer_running(nt->mail) >= SRV_NOTIFY_MAILERS)
		return 0;
	if (db_notify_prefs_get(s->store, row->user, &p) != 0)
		memset(&p, 0, sizeof(p));
	if (row->channel == DB_OUTBOX_WEBHOOK && p.webhook[0] == '\0') {
		drop_row(s, row, "the webhook was turned off");
		return 0;
	}
	if (row->channel == DB_OUTBOX_EMAIL && p.email[0] == '\0') {
		drop_row(s, row, "e-mail was turned off");
		return 0;
	}
	if ((d = calloc(1, sizeof(*d))) == NULL)
		return 1;
	d->s = s;
	d->row = row->id;
	d->user = row->user;
	d->channel = row->channel;
	d->attempts = row->attempts;
	wg_strcopy(d->uid, sizeof(d->uid), row->uid);
	d->next = nt->running;
	nt->running = d;
	if (row->channel == DB_OUTBOX_WEBHOOK) {
		char h_id[64], h_sig[32 + SRV_NF_SIG_SIZE], h_try[48], sig[SRV_NF_SIG_SIZE];
		const char *headers[3] = {h_id, h_sig, h_try};
		size_t len = strlen(row->body);
		srv_nf_sign(p.secret, row->body, len, sig);
		snprintf(h_id, sizeof(h_id), "X-Wargamed-Id: %s", row->uid);
		snprintf(h_sig, sizeof(h_sig), "X-Wargamed-Signature: %s", sig);
		snprintf(h_try, sizeof(h_try), "X-Wargamed-Attempt: %d", row->attempts + 1);
		if (srv_webhook_post(nt->web, p.webhook, headers, 3, row->body, len,
		                     SRV_NOTIFY_CONNECT_MS, SRV_NOTIFY_POST_MS, webhook_done,
		                     d) != 0)
			finish(d, 0, 0, "the POST could not be started (out of memory?)", 0, 0);
		return 0;
	}
	rc = srv_mailer_send(nt->mail, s->cfg.sendmail, row->body, strlen(row->body),
	                     SRV_NOTIFY_MAIL_MS, mail_done, d, err, sizeof(err));
	if (rc != 0)
		finish(d, 0, 0, err, 0, 0);
	return 0;
}

/* Starts the deliveries that are due, committed, and have a free slot. */
static void dispatch(struct srv *s)
{
	struct srv_notifier *nt = &s->notify;
	size_t busy = 0;

	if (!nt->started || s->shutting_down || nt->committed <= 0)
		return;
	if (srv_webhook_running(nt->web) >= SRV_NOTIFY_WEBHOOKS &&
	    srv_mailer_running(nt->mail) >= SRV_NOTIFY_MAILERS)
		return;
	for (struct srv_delivery *d = nt->running; d != NULL; d = d->next)
		busy++;
	/* every running delivery may come back in the walk: room for them and for new ones */
	if (db_outbox_due(s->store, srv_clock_now(s), nt->committed,
	                  (int)busy + SRV_NOTIFY_WEBHOOKS + SRV_NOTIFY_MAILERS + 16, start_one,
	                  s) < 0)
		log_error(0, "notify: reading the outbox: %s", db_last_error(s->store));
}

/* ---- digests ---- */

struct digest_ctx {
	char **items;
	int64_t *rows;
	size_t n;
};

static int collect_item(void *arg, const struct db_outbox *o)
{
	struct digest_ctx *c = arg;

	if ((c->items[c->n] = strdup(o->body)) == NULL)
		return WG_E_NO_MEMORY;
	c->rows[c->n++] = o->id;
	return 0;
}

/* Sends p's pending digest items as one message (nothing when none) and sets the next
 * digest time. */
static int flush_digest(struct srv *s, struct db_notify_prefs *p, int64_t now)
{
	char *items[SRV_NOTIFY_QUEUE];
	int64_t rows[SRV_NOTIFY_QUEUE];
	struct digest_ctx c = {.items = items, .rows = rows, .n = 0};
	int rc;

	rc = db_outbox_pending(s->store, p->user, DB_OUTBOX_DIGEST, SRV_NOTIFY_QUEUE, collect_item,
	                       &c);
	if (rc == 0 && c.n > 0) {
		char uid[DB_NOTE_ID_MAX + 1], name[DB_NAME_MAX + 1];
		make_uid(uid);
		user_name(s, p->user, name, sizeof(name));
		rc = add_row(s, uid, p->user, DB_OUTBOX_EMAIL, now,
		             srv_nf_mail_digest(s->cfg.mail_from, p->email, uid, now, name,
		                                (const char *const *)items, c.n));
		for (size_t i = 0; i < c.n && rc == 0; i++) {
			struct db_outbox o;
			memset(&o, 0, sizeof(o));
			o.id = rows[i];
			o.state = DB_OUTBOX_DIGESTED;
			o.done_at = now;
			rc = db_outbox_update(s->store, &o);
		}
		if (rc == 0)
			log_info(0, "notify: digest %s of %zu item%s for user %lld queued", uid,
			         c.n, c.n == 1 ? "" : "s", (long long)p->user);
	}
	for (size_t i = 0; i < c.n; i++)
		free(items[i]);
	if (rc != 0)
		return rc;
	p->digest_next = srv_nf_next_digest(now, p->digest_hour);
	return db_notify_prefs_put(s->store, p);
}

int srv_notify_flush_digest(struct srv *s, int64_t user)
{
	struct db_notify_prefs p;
	int rc = db_notify_prefs_get(s->store, user, &p);

	if (rc == WG_E_NOT_FOUND || (rc == 0 && (!p.digest || p.email[0] == '\0')))
		return 0;
	return rc != 0 ? rc : flush_digest(s, &p, srv_clock_now(s));
}

struct due_ctx {
	int64_t users[64];
	size_t n;
};

static int due_user(void *arg, const struct db_notify_prefs *p)
{
	struct due_ctx *c = arg;

	c->users[c->n++] = p->user;
	return c->n == sizeof(c->users) / sizeof(c->users[0]);
}

static void digests(struct srv *s, int64_t now)
{
	struct due_ctx c = {.n = 0};

	if (db_notify_digest_due(s->store, now, due_user, &c) < 0) {
		log_error(0, "notify: reading the digests due: %s", db_last_error(s->store));
		return;
	}
	for (size_t i = 0; i < c.n; i++) {
		struct db_notify_prefs p;
		if (db_notify_prefs_get(s->store, c.users[i], &p) != 0 ||
		    flush_digest(s, &p, now) != 0)
			log_error(0, "notify: the digest of user %lld: %s", (long long)c.users[i],
			          db_last_error(s->store));
	}
}

void srv_notify_tick(struct srv *s)
{
	struct srv_notifier *nt = &s->notify;
	int64_t now;

	if (!nt->started || s->shutting_down)
		return;
	now = srv_clock_now(s);
	digests(s, now);
	if (now - nt->purged >= 3600 * 1000) {
		if (db_outbox_purge(s->store, now - SRV_NOTIFY_KEEP_MS) != 0)
			log_error(0, "notify: purging the outbox: %s", db_last_error(s->store));
		nt->purged = now;
	}
	dispatch(s);
}

/* ---- life ---- */

int srv_notify_start(struct srv *s)
{
	struct srv_notifier *nt = &s->notify;
	char agent[64];
	int64_t max = 0;

	if (!nt->curl && curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
		return -1;
	nt->curl = 1;
	snprintf(agent, sizeof(agent), "wargamed/%s", WG_VERSION);
	if (srv_webhook_init(&nt->web, s->loop, agent, s->cfg.webhook_private) != 0 ||
	    srv_mailer_init(&nt->mail, s->loop) != 0) {
		srv_webhook_close(nt->web);
		srv_mailer_close(nt->mail);
		nt->web = NULL;
		nt->mail = NULL;
		return -1;
	}
	if (db_outbox_max_id(s->store, &max) != 0)
		log_error(0, "notify: reading the outbox: %s", db_last_error(s->store));
	nt->queued = nt->committed = max;
	nt->purged = srv_clock_now(s);
	nt->started = 1;
	dispatch(s); /* what a restart found pending goes now, not at the first tick */
	return 0;
}

void srv_notify_committed(struct srv *s)
{
	struct srv_notifier *nt = &s->notify;

	if (nt->queued > nt->committed) {
		nt->committed = nt->queued;
		dispatch(s);
	}
}

void srv_notify_lost(struct srv *s)
{
	s->notify.queued = s->notify.committed;
}

void srv_notify_stop(struct srv *s)
{
	struct srv_notifier *nt = &s->notify;

	if (!nt->started)
		return;
	nt->started = 0;
	srv_webhook_close(nt->web); /* no callback runs after this */
	srv_mailer_close(nt->mail);
	nt->web = NULL;
	nt->mail = NULL;
	while (nt->running != NULL) {
		struct srv_delivery *d = nt->running;
		nt->running = d->next;
		free(d);
	}
}

void srv_notify_release(struct srv *s)
{
	if (s->notify.curl)
		curl_global_cleanup();
	s->notify.curl = 0;
}
