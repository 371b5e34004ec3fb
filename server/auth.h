/*
 * auth.h -- password hashing off the loop, and the failed-login brake.
 *
 * Hashes are argon2id strings from libsodium (crypto_pwhash_str, the
 * INTERACTIVE limits: 2 passes over 64 MiB).  One hash costs tens of
 * milliseconds of CPU, which would stall every client if done on the loop,
 * so hashing and verification run on libuv's thread pool (uv_queue_work);
 * the work struct carries copies of everything it needs and the connection
 * waits (its input paused) until the after-work callback runs on the loop.
 * The pool threads hash at nice SRV_AUTH_NICE (the loop thread at the
 * process's own): on a machine with fewer cores than --login-threads + 1,
 * a storm of logins takes the CPU the loop leaves, not the loop's (measured
 * with `wg-bench -t flood --bruteforce`, docs/performance.md).
 *
 * The brake: each peer address has a failure count that decays by one
 * every decay period.  A login (or a `password` check) counts as a failure
 * when it starts and is refunded when its password proves right, so N
 * simultaneous guesses are all counted before any is checked.  From the 4th
 * failure on, the answer to a login from that address is delayed by
 * 2^(failures-3) seconds, capped at 30; beyond 30 failures logins from it
 * are refused with rate-limited until the count decays.  Registrations have
 * a count of their own (never refunded) with the same shape, starting after
 * register_free of them.
 *
 * Hashes in flight: every work struct from srv_auth_submit until its done
 * callback is on a list in struct srv_auth; srv_auth_admit refuses a new one
 * past inflight_max overall or inflight_per_addr for one address, so a storm
 * can neither fill the thread pool's queue nor its memory (64 MiB a hash).
 * srv_auth_cancel drops the work of an owner (a connection that closed): work
 * not started is never computed (uv_cancel, or a flag the thread checks).
 *
 * Invariants: ninflight is the length of the list; hashes_done counts the
 * hashes and verifications actually computed, hashes_cancelled the ones
 * dropped before they ran.
 */
#ifndef SRV_AUTH_H
#define SRV_AUTH_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include <uv.h>

#define SRV_PASSWORD_MIN 6
#define SRV_PASSWORD_MAX 128
/* The nice value of the hashing threads, above the loop's (0 under the unit). */
#define SRV_AUTH_NICE 10
/* How long a password verb refused with rate-limited waits for its answer (the tarpit:
 * cmd.h srv_cmd_account_refuse). */
#define SRV_AUTH_TARPIT_MS 1000

struct srv_auth_peer {
	char addr[64];
	int failures;
	int registers;
	int64_t last; /* seconds */
};

struct srv_auth_work;

struct srv_auth {
	struct srv_auth_peer *peers; /* small LRU table */
	size_t npeers, cap;
	int decay_seconds;
	int register_free;              /* registrations per address before the brake */
	int inflight_max;               /* hashes queued or running at once, overall */
	int inflight_per_addr;          /* ... and from one address */
	struct srv_auth_work *inflight; /* doubly linked */
	int ninflight;
	unsigned long hashes_done, hashes_cancelled;
	char dummy_hash[128]; /* verified for unknown users: srv_auth_init computes it */
};

/* Sets the defaults and the dummy hash (a constant made with this libsodium's interactive
 * limits; computed on the caller's thread, one hash, only when the library's limits differ);
 * 0, or -1 when hashing is unavailable. */
int srv_auth_init(struct srv_auth *a);
void srv_auth_release(struct srv_auth *a);

/* Milliseconds to wait before answering a login from addr, or -1 to refuse. */
int64_t srv_auth_delay_ms(struct srv_auth *a, const char *addr, int64_t now);
/* Counts one failure (an attempt that starts) for addr. */
void srv_auth_failed(struct srv_auth *a, const char *addr, int64_t now);
/* Gives back the failure an attempt counted when it started (its password was right). */
void srv_auth_refund(struct srv_auth *a, const char *addr);
/* The same for registrations: the wait before the next one from addr (-1: refuse),
 * and counting one. */
int64_t srv_auth_register_delay_ms(struct srv_auth *a, const char *addr);
void srv_auth_registered(struct srv_auth *a, const char *addr, int64_t now);
/* 0 if one more hash from addr may be queued now, -1 if the caps are reached. */
int srv_auth_admit(const struct srv_auth *a, const char *addr);
/* Drops the queued work of owner (its connection closed): it will not be computed
 * (done still runs, with result -1). */
void srv_auth_cancel(struct srv_auth *a, const void *owner);
/* Debug (tests): while held, the pool threads wait before computing anything, so
 * queued work can be observed; release lets them go. */
void srv_auth_hold(int on);
/* Decays the counts (called once a second). */
void srv_auth_tick(struct srv_auth *a, int64_t now);

/* 0 if name is 2..32 characters of [A-Za-z0-9_-] starting with a letter. */
int srv_auth_check_name(const char *name);
/* 0 if the password length is within bounds. */
int srv_auth_check_password(const char *pw);

enum srv_auth_op { SRV_AUTH_HASH, SRV_AUTH_VERIFY };

/*
 * A hash or verification on the thread pool.  The caller fills op,
 * password (and hash for VERIFY), addr, owner, ctx and done, then calls
 * srv_auth_submit.  done runs on the loop with result 0 (hash ready in hash
 * / password matches) or -1 (hashing failed / mismatch / cancelled); the
 * struct is freed after done returns.  The password copy is wiped before
 * the free.
 */
struct srv_auth_work {
	uv_work_t req;
	enum srv_auth_op op;
	char password[SRV_PASSWORD_MAX + 1];
	char hash[128];
	char addr[64];     /* the client's address: the per-address cap */
	const void *owner; /* what srv_auth_cancel names (the connection) */
	int result;
	int computed;         /* set by the thread once it has hashed */
	atomic_int cancelled; /* set on the loop, read by the thread */
	void *ctx;
	void (*done)(struct srv_auth_work *w);
	struct srv_auth *auth;
	struct srv_auth_work *prev, *next;
};

/* Allocates a work struct (zeroed); NULL on OOM. */
struct srv_auth_work *srv_auth_work_new(void);
/* Queues w on loop and lists it in a; 0 or a negative libuv error (w is then freed). */
int srv_auth_submit(uv_loop_t *loop, struct srv_auth *a, struct srv_auth_work *w);

/* Synchronous versions for tests and tools. */
int srv_auth_hash(const char *password, char hash[128]);
int srv_auth_verify(const char *hash, const char *password);

#endif
