/*
 * quota.c -- connections per address, the output budget, open games and chat rate per
 * user, the guest lifetime.  See quota.h.
 */
#include "quota.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conn.h"
#include "games.h"
#include "log.h"
#include "server.h"

void srv_quota_init(struct srv_quota *l)
{
	memset(l, 0, sizeof(*l));
}

void srv_quota_release(struct srv_quota *l)
{
	for (size_t i = 0; i < SRV_QUOTA_BUCKETS; i++) {
		while (l->buckets[i] != NULL) {
			struct srv_quota_addr *a = l->buckets[i];
			l->buckets[i] = a->next;
			free(a);
		}
	}
	memset(l, 0, sizeof(*l));
}

/* FNV-1a of the address, reduced to a bucket. */
static size_t bucket_of(const char *addr)
{
	uint32_t h = 2166136261u;

	for (const unsigned char *p = (const unsigned char *)addr; *p; p++)
		h = (h ^ *p) * 16777619u;
	return h % SRV_QUOTA_BUCKETS;
}

static struct srv_quota_addr **find(struct srv_quota *l, const char *addr)
{
	struct srv_quota_addr **pp = &l->buckets[bucket_of(addr)];

	while (*pp != NULL && strcmp((*pp)->addr, addr) != 0)
		pp = &(*pp)->next;
	return pp;
}

int srv_quota_conns_from(const struct srv *s, const char *addr)
{
	struct srv_quota_addr **pp = find((struct srv_quota *)&s->quota, addr);

	return *pp != NULL ? (*pp)->conns : 0;
}

int srv_quota_accept(struct srv *s, struct srv_conn *c, char *why, size_t n)
{
	struct srv_quota_addr **pp = find(&s->quota, c->peer);

	c->guest_since = srv_now_ms(s);
	if (*pp == NULL) {
		*pp = calloc(1, sizeof(**pp));
		if (*pp == NULL) {
			snprintf(why, n, "the server is out of memory; try again later");
			c->peer_counted = 0;
			return WG_E_SERVER_FULL;
		}
		snprintf((*pp)->addr, sizeof((*pp)->addr), "%s", c->peer);
	}
	(*pp)->conns++;
	c->peer_counted = 1;
	c->qaddr = *pp;
	if (srv_admin_banned(s, "address", c->peer)) {
		snprintf(why, n, "your address is banned from this server");
		return WG_E_FORBIDDEN;
	}
	if ((*pp)->conns > s->cfg.max_per_address) {
		snprintf(why, n,
		         "too many connections from your address (%d at most); close one and try "
		         "again",
		         s->cfg.max_per_address);
		return WG_E_SERVER_FULL;
	}
	return 0;
}

void srv_quota_closed(struct srv *s, struct srv_conn *c)
{
	s->quota.out_total -= c->budgeted;
	c->budgeted = 0;
	if (c->throttled) {
		c->throttled = 0;
		if (--s->quota.nthrottled == 0 && s->quota.throttle_ready)
			uv_timer_stop(&s->quota.throttle);
	}
	c->qaddr = NULL;
	if (c->peer_counted) {
		struct srv_quota_addr **pp = find(&s->quota, c->peer);
		c->peer_counted = 0;
		if (*pp != NULL && --(*pp)->conns <= 0) {
			struct srv_quota_addr *a = *pp;
			*pp = a->next;
			free(a);
		}
	}
}

int srv_quota_output(struct srv *s, struct srv_conn *c)
{
	size_t queued = c->closing ? 0 : c->out.len + c->inflight + c->park.len;

	s->quota.out_total = s->quota.out_total - c->budgeted + queued;
	c->budgeted = queued;
	return s->quota.out_total > s->cfg.output_budget ? -1 : 0;
}

/* Refills a's request bucket up to one second's worth; returns the tokens. */
static double refill(struct srv *s, struct srv_quota_addr *a, int64_t now)
{
	double rate = s->cfg.requests_per_address / 1000.0; /* tokens per ms */

	if (a->req_ms == 0)
		a->req_tokens = s->cfg.requests_per_address;
	else
		a->req_tokens += (double)(now - a->req_ms) * rate;
	if (a->req_tokens > s->cfg.requests_per_address)
		a->req_tokens = s->cfg.requests_per_address;
	a->req_ms = now;
	return a->req_tokens;
}

/* Every SRV_THROTTLE_MS while a connection is throttled: those whose address has a request
 * in its bucket again go on. */
static void throttle_cb(uv_timer_t *t)
{
	struct srv *s = t->data;
	int64_t now = srv_now_ms(s);

	for (struct srv_conn *c = s->conns, *next; c != NULL && s->quota.nthrottled > 0; c = next) {
		next = c->next;
		if (!c->throttled || c->closing || c->qaddr == NULL ||
		    refill(s, c->qaddr, now) < 1.0)
			continue;
		c->throttled = 0;
		if (--s->quota.nthrottled == 0)
			uv_timer_stop(&s->quota.throttle);
		srv_conn_unthrottle(c);
	}
}

void srv_quota_start(struct srv *s)
{
	uv_timer_init(s->loop, &s->quota.throttle);
	s->quota.throttle.data = s;
	s->quota.throttle_ready = 1;
}

int srv_quota_request(struct srv *s, struct srv_conn *c)
{
	struct srv_quota_addr *a = c->qaddr;

	if (s->cfg.requests_per_address <= 0 || a == NULL)
		return 0;
	refill(s, a, srv_now_ms(s));
	a->req_tokens -= 1.0;
	if (a->req_tokens >= 1.0 || c->throttled)
		return 0;
	c->throttled = 1;
	log_debug(c->id, "%s: %d requests a second reached; throttled", c->peer,
	          s->cfg.requests_per_address);
	if (s->quota.nthrottled++ == 0 && s->quota.throttle_ready)
		uv_timer_start(&s->quota.throttle, throttle_cb, SRV_THROTTLE_MS, SRV_THROTTLE_MS);
	return 1;
}

int srv_quota_open_game(struct srv *s, int64_t user, char *why, size_t n)
{
	size_t ngames, open = 0;
	const int64_t *ids = srv_user_games(s, user, &ngames);

	for (size_t i = 0; i < ngames; i++) {
		struct srv_game *g = srv_game_get(s, ids[i]);
		if (g != NULL && g->rec.status == DB_GAME_OPEN)
			open++;
	}
	if (open < (size_t)s->cfg.max_open_games)
		return 0;
	snprintf(why, n,
	         "you have %zu games waiting for an opponent (%d at most); wait for them to start "
	         "or resign one",
	         open, s->cfg.max_open_games);
	return WG_E_RATE_LIMITED;
}

int srv_quota_chat(struct srv *s, struct srv_user *u, char *why, size_t n)
{
	double rate = s->cfg.chat_per_minute / 60000.0; /* tokens per ms */
	int64_t now = srv_now_ms(s);

	if (u->chat_ms == 0)
		u->chat_tokens = s->cfg.chat_per_minute;
	else
		u->chat_tokens += (double)(now - u->chat_ms) * rate;
	if (u->chat_tokens > s->cfg.chat_per_minute)
		u->chat_tokens = s->cfg.chat_per_minute;
	u->chat_ms = now;
	if (u->chat_tokens >= 1.0) {
		u->chat_tokens -= 1.0;
		return 0;
	}
	snprintf(why, n, "you may post %d chat messages a minute; wait %.0f s",
	         s->cfg.chat_per_minute,
	         rate > 0 ? (1.0 - u->chat_tokens) / rate / 1000.0 + 0.5 : 60.0);
	return WG_E_RATE_LIMITED;
}

void srv_quota_sweep(struct srv *s, int64_t now_ms)
{
	int64_t limit = (int64_t)s->cfg.guest_timeout * 1000;

	for (struct srv_conn *c = s->conns, *next; c != NULL; c = next) {
		next = c->next;
		if (c->user != NULL || c->nwatching > 0 || c->busy || c->close_after_flush ||
		    c->closing || now_ms - c->guest_since < limit)
			continue;
		log_info(c->id, "guest for %d s without logging in: closed", s->cfg.guest_timeout);
		srv_conn_notice(c, 0, "bye", "guest time limit: log in to stay connected longer");
		srv_conn_close_after_flush(c);
	}
}
