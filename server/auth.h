/*
 * auth.h -- password hashing off the loop, and the failed-login brake.
 *
 * Hashes are argon2id strings from libsodium (crypto_pwhash_str, the
 * INTERACTIVE limits: 2 passes over 64 MiB).  One hash costs tens of
 * milliseconds of CPU, which would stall every client if done on the loop,
 * so hashing and verification run on libuv's thread pool (uv_queue_work);
 * the work struct carries copies of everything it needs and the connection
 * waits (its input paused) until the after-work callback runs on the loop.
 *
 * The brake: each peer address has a failure count that decays by one
 * every decay period.  From the 4th failure on, the answer to a login from
 * that address is delayed by 2^(failures-3) seconds, capped at 30; beyond
 * 30 failures logins from it are refused with rate-limited until the count
 * decays.  Successful logins do not reset the count of other connections.
 */
#ifndef SRV_AUTH_H
#define SRV_AUTH_H

#include <stddef.h>
#include <stdint.h>

#include <uv.h>

#define SRV_PASSWORD_MIN 6
#define SRV_PASSWORD_MAX 128

struct srv_auth_peer {
	char addr[64];
	int failures;
	int64_t last; /* seconds */
};

struct srv_auth {
	struct srv_auth_peer *peers; /* small LRU table */
	size_t npeers, cap;
	int decay_seconds;
};

void srv_auth_init(struct srv_auth *a);
void srv_auth_release(struct srv_auth *a);

/* Milliseconds to wait before answering a login from addr, or -1 to refuse. */
int64_t srv_auth_delay_ms(struct srv_auth *a, const char *addr, int64_t now);
void srv_auth_failed(struct srv_auth *a, const char *addr, int64_t now);
/* Decays the counts (called once a second). */
void srv_auth_tick(struct srv_auth *a, int64_t now);

/* 0 if name is 2..32 characters of [A-Za-z0-9_-] starting with a letter. */
int srv_auth_check_name(const char *name);
/* 0 if the password length is within bounds. */
int srv_auth_check_password(const char *pw);

enum srv_auth_op { SRV_AUTH_HASH, SRV_AUTH_VERIFY };

/*
 * A hash or verification on the thread pool.  The caller fills op,
 * password (and hash for VERIFY), ctx and done, then calls srv_auth_submit.
 * done runs on the loop with result 0 (hash ready in hash / password
 * matches) or -1 (hashing failed / mismatch); the struct is freed after
 * done returns.  The password copy is wiped before the free.
 */
struct srv_auth_work {
	uv_work_t req;
	enum srv_auth_op op;
	char password[SRV_PASSWORD_MAX + 1];
	char hash[128];
	int result;
	void *ctx;
	void (*done)(struct srv_auth_work *w);
};

/* Allocates a work struct (zeroed); NULL on OOM. */
struct srv_auth_work *srv_auth_work_new(void);
/* Queues w on loop; 0 or a negative libuv error (w is then freed). */
int srv_auth_submit(uv_loop_t *loop, struct srv_auth_work *w);

/* Synchronous versions for tests and tools. */
int srv_auth_hash(const char *password, char hash[128]);
int srv_auth_verify(const char *hash, const char *password);

#endif
