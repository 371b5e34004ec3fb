/*
 * quota.h -- what one address, one user or all clients together may take:
 * connections per client address, the global output budget, games a user
 * has open (waiting for an opponent), the chat rate of a user, and the
 * lifetime of a guest connection.  The brake on passwords is auth.h's.
 *
 *   connections per address  every accepted connection is counted under its
 *                            address (srv_quota_accept) until it closes
 *                            (srv_quota_closed); past --max-per-address, or
 *                            from a banned address (admin.h), it is refused
 *                            with one err line
 *   output budget            the bytes queued for every client together
 *                            (out plus in flight); a connection whose output
 *                            would take them past --output-budget is treated
 *                            as over its own --output-limit (cut off)
 *   open games               `new` is refused past --max-open-games games of
 *                            the user that wait for an opponent
 *   chat rate                a bucket of --chat-per-minute messages per user,
 *                            refilled at that rate; `say` is refused when empty
 *   guest lifetime           a connection that is not logged in and watches
 *                            nothing is closed --guest-timeout seconds after it
 *                            connected or logged out, even if it keeps talking
 *   requests per address     with --requests-per-address N, a bucket of N
 *                            requests per address (all its connections together),
 *                            refilled at N a second: a connection that empties
 *                            it is throttled -- its request is answered, then it
 *                            takes no more input (its bytes wait, in order, as
 *                            over the backlog pause) until the bucket has a
 *                            request again; a timer (every SRV_THROTTLE_MS, only
 *                            while a connection is throttled) lets it go on.
 *                            Nothing is refused or lost: the address is slowed
 *                            to its rate, and stalls only itself.
 *
 * Invariants: struct srv_quota.out_total is the sum of every open
 * connection's c->budgeted; an address's count is the number of open
 * connections with that peer (entries at 0 are removed).
 */
#ifndef SRV_QUOTA_H
#define SRV_QUOTA_H

#include <stddef.h>
#include <stdint.h>

#include <uv.h>

struct srv;
struct srv_conn;
struct srv_user;

struct srv_quota_addr {
	char addr[64];
	int conns;
	double req_tokens; /* the request bucket (--requests-per-address) */
	int64_t req_ms;    /* loop ms of its last refill; 0: full */
	struct srv_quota_addr *next;
};

/* How often throttled connections are looked at again (ms). */
#define SRV_THROTTLE_MS 50

#define SRV_QUOTA_BUCKETS 1024

struct srv_quota {
	struct srv_quota_addr *buckets[SRV_QUOTA_BUCKETS]; /* address -> open connections */
	size_t out_total;                                  /* bytes queued for all clients */
	uv_timer_t throttle; /* runs while nthrottled > 0 (srv_quota_start) */
	int throttle_ready;
	int nthrottled; /* connections waiting for their address's bucket */
};

void srv_quota_init(struct srv_quota *l);
/* Readies the throttle timer on s->loop (start-up, once the loop exists). */
void srv_quota_start(struct srv *s);
void srv_quota_release(struct srv_quota *l);

/*
 * Counts the new connection c under its address (c->peer) and says whether it may stay:
 * 0, or a WG_E_* code with why (size n) filled when it is refused (a full address, a
 * banned one).  Every connection counted is uncounted by srv_quota_closed.
 */
int srv_quota_accept(struct srv *s, struct srv_conn *c, char *why, size_t n);
/* c closes: its address count and its share of the output budget are given back. */
void srv_quota_closed(struct srv *s, struct srv_conn *c);
/* The open connections from addr. */
int srv_quota_conns_from(const struct srv *s, const char *addr);

/* c's queued output changed: the budget is brought up to date; -1 if all clients together
 * now pass --output-budget (c is then to be cut off as over its own limit), else 0. */
int srv_quota_output(struct srv *s, struct srv_conn *c);

/* One request of c was read: counted in its address's bucket.  Returns 0, or 1 when the
 * bucket is now empty: c is throttled (c->throttled set; srv_conn_unthrottle lets it go
 * on once the bucket refills). */
int srv_quota_request(struct srv *s, struct srv_conn *c);

/* 0 if user may open one more game, else a WG_E_* code with why filled. */
int srv_quota_open_game(struct srv *s, int64_t user, char *why, size_t n);
/* 0 if u may post one chat message now (it is counted), else a WG_E_* code with why. */
int srv_quota_chat(struct srv *s, struct srv_user *u, char *why, size_t n);

/* Once a second: closes the guests past --guest-timeout. */
void srv_quota_sweep(struct srv *s, int64_t now_ms);

#endif
