/*
 * auth.c -- argon2id hashing on the thread pool and the failed-login brake.
 * See auth.h.
 */
#include "auth.h"

#include <ctype.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <sodium.h>

/* What an unknown user's login is checked against (srv_auth_init): the argon2id hash of
 * AUTH_DUMMY_PASSWORD with crypto_pwhash_OPSLIMIT_INTERACTIVE (t=2) and
 * crypto_pwhash_MEMLIMIT_INTERACTIVE (64 MiB).  Not a secret: no login of an unknown
 * user succeeds, whatever the check says (cmd-account.c). */
#define AUTH_DUMMY_PASSWORD "no such user, no such password"
#define AUTH_DUMMY_HASH                                                                            \
	"$argon2id$v=19$m=65536,t=2,p=1$xBY3U1sYmnzSwFQmsJ2FFg$"                                   \
	"XA1xenDBFGzBgYOdo+pr4A7I1KEIGYzxZEnpSiGH7gA"
#define AUTH_PEERS_MAX    4096
#define AUTH_REFUSE_AFTER 30

/* The debug gate of srv_auth_hold (threads wait on it before any work). */
static pthread_mutex_t hold_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t hold_cond = PTHREAD_COND_INITIALIZER;
static int held;

int srv_auth_init(struct srv_auth *a)
{
	memset(a, 0, sizeof(*a));
	a->decay_seconds = 60;
	a->register_free = 10;
	a->inflight_max = 16;
	a->inflight_per_addr = 2;
	/* the hash of the dummy password, made once with libsodium's interactive limits: a
	 * start-up costs no hash (issue 14: a hash is 60 ms of a core and 64 MiB).  Computed
	 * here only when this libsodium's limits are others, so that an unknown user's
	 * login always costs what a known one's does. */
	snprintf(a->dummy_hash, sizeof(a->dummy_hash), "%s", AUTH_DUMMY_HASH);
	if (crypto_pwhash_str_needs_rehash(a->dummy_hash, crypto_pwhash_OPSLIMIT_INTERACTIVE,
	                                   crypto_pwhash_MEMLIMIT_INTERACTIVE) == 0)
		return 0;
	return srv_auth_hash(AUTH_DUMMY_PASSWORD, a->dummy_hash);
}

void srv_auth_release(struct srv_auth *a)
{
	free(a->peers);
	memset(a, 0, sizeof(*a));
}

static struct srv_auth_peer *find_peer(struct srv_auth *a, const char *addr)
{
	for (size_t i = 0; i < a->npeers; i++)
		if (strcmp(a->peers[i].addr, addr) == 0)
			return &a->peers[i];
	return NULL;
}

/* The brake's wait for the next attempt after count of them, the first free ones free:
 * 2^(count-free) s up to 30 s, then -1 (refused) past AUTH_REFUSE_AFTER - 3 more. */
static int64_t brake_ms(int count, int free_ones)
{
	int over = count - free_ones;

	if (over <= 0)
		return 0;
	if (over > AUTH_REFUSE_AFTER - 3)
		return -1;
	return (over >= 5 ? 30 : (int64_t)1 << over) * 1000;
}

int64_t srv_auth_delay_ms(struct srv_auth *a, const char *addr, int64_t now)
{
	struct srv_auth_peer *p = find_peer(a, addr);

	(void)now;
	return p == NULL ? 0 : brake_ms(p->failures, 3);
}

int64_t srv_auth_register_delay_ms(struct srv_auth *a, const char *addr)
{
	struct srv_auth_peer *p = find_peer(a, addr);

	return brake_ms(p == NULL ? 1 : p->registers + 1, a->register_free);
}

void srv_auth_refund(struct srv_auth *a, const char *addr)
{
	struct srv_auth_peer *p = find_peer(a, addr);

	if (p != NULL && p->failures > 0)
		p->failures--;
}

/* The entry of addr, made when missing (the stalest forgotten when the table is full);
 * NULL when out of memory. */
static struct srv_auth_peer *get_peer(struct srv_auth *a, const char *addr)
{
	struct srv_auth_peer *p = find_peer(a, addr);

	if (p == NULL) {
		if (a->npeers == a->cap) {
			size_t ncap = a->cap ? a->cap * 2 : 16;
			if (ncap > AUTH_PEERS_MAX) {
				/* Table full: forget the stalest entry. */
				size_t old = 0;
				for (size_t i = 1; i < a->npeers; i++)
					if (a->peers[i].last < a->peers[old].last)
						old = i;
				p = &a->peers[old];
				memset(p, 0, sizeof(*p));
				goto fill;
			}
			struct srv_auth_peer *n = realloc(a->peers, ncap * sizeof(*n));
			if (n == NULL)
				return NULL;
			a->peers = n;
			a->cap = ncap;
		}
		p = &a->peers[a->npeers++];
		memset(p, 0, sizeof(*p));
	fill:
		strncpy(p->addr, addr, sizeof(p->addr) - 1);
	}
	return p;
}

void srv_auth_failed(struct srv_auth *a, const char *addr, int64_t now)
{
	struct srv_auth_peer *p = get_peer(a, addr);

	if (p == NULL)
		return;
	p->failures++;
	p->last = now;
}

void srv_auth_registered(struct srv_auth *a, const char *addr, int64_t now)
{
	struct srv_auth_peer *p = get_peer(a, addr);

	if (p == NULL)
		return;
	p->registers++;
	p->last = now;
}

void srv_auth_tick(struct srv_auth *a, int64_t now)
{
	for (size_t i = 0; i < a->npeers;) {
		struct srv_auth_peer *p = &a->peers[i];
		while ((p->failures > 0 || p->registers > 0) && now - p->last >= a->decay_seconds) {
			if (p->failures > 0)
				p->failures--;
			if (p->registers > 0)
				p->registers--;
			p->last += a->decay_seconds;
		}
		if (p->failures == 0 && p->registers == 0)
			a->peers[i] = a->peers[--a->npeers];
		else
			i++;
	}
}

int srv_auth_check_name(const char *name)
{
	size_t n = strlen(name);

	if (n < 2 || n > 32 || !isalpha((unsigned char)name[0]))
		return -1;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)name[i]) && name[i] != '_' && name[i] != '-')
			return -1;
	return 0;
}

int srv_auth_check_password(const char *pw)
{
	size_t n = strlen(pw);

	return n >= SRV_PASSWORD_MIN && n <= SRV_PASSWORD_MAX ? 0 : -1;
}

int srv_auth_hash(const char *password, char hash[128])
{
	return crypto_pwhash_str(hash, password, strlen(password),
	                         crypto_pwhash_OPSLIMIT_INTERACTIVE,
	                         crypto_pwhash_MEMLIMIT_INTERACTIVE) == 0
	           ? 0
	           : -1;
}

int srv_auth_verify(const char *hash, const char *password)
{
	return crypto_pwhash_str_verify(hash, password, strlen(password)) == 0 ? 0 : -1;
}

struct srv_auth_work *srv_auth_work_new(void)
{
	return calloc(1, sizeof(struct srv_auth_work));
}

void srv_auth_hold(int on)
{
	pthread_mutex_lock(&hold_lock);
	held = on;
	pthread_cond_broadcast(&hold_cond);
	pthread_mutex_unlock(&hold_lock);
}

static void work_cb(uv_work_t *req)
{
	static _Thread_local int lowered;
	struct srv_auth_work *w = req->data;

	if (!lowered) {
		/* this pool thread hashes at a lower priority than the loop thread: a storm of
		 * logins (a brute force, a restart) takes the CPU the loop leaves, and never
		 * makes everyone else wait for it (Linux: the nice value of one thread) */
		lowered = 1;
		setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), SRV_AUTH_NICE);
	}
	pthread_mutex_lock(&hold_lock);
	while (held && !atomic_load(&w->cancelled))
		pthread_cond_wait(&hold_cond, &hold_lock);
	pthread_mutex_unlock(&hold_lock);
	if (atomic_load(&w->cancelled)) {
		w->result = -1;
		return;
	}
	if (w->op == SRV_AUTH_HASH)
		w->result = srv_auth_hash(w->password, w->hash);
	else
		w->result = srv_auth_verify(w->hash, w->password);
	w->computed = 1;
}

static void unlist(struct srv_auth_work *w)
{
	struct srv_auth *a = w->auth;

	if (w->prev != NULL)
		w->prev->next = w->next;
	else
		a->inflight = w->next;
	if (w->next != NULL)
		w->next->prev = w->prev;
	a->ninflight--;
}

static void after_work_cb(uv_work_t *req, int status)
{
	struct srv_auth_work *w = req->data;

	unlist(w);
	if (w->computed)
		w->auth->hashes_done++;
	else
		w->auth->hashes_cancelled++;
	if (status != 0 || !w->computed)
		w->result = -1;
	sodium_memzero(w->password, sizeof(w->password));
	w->done(w);
	free(w);
}

int srv_auth_admit(const struct srv_auth *a, const char *addr)
{
	int mine = 0;

	if (a->ninflight >= a->inflight_max)
		return -1;
	for (const struct srv_auth_work *w = a->inflight; w != NULL; w = w->next)
		if (strcmp(w->addr, addr) == 0 && ++mine >= a->inflight_per_addr)
			return -1;
	return 0;
}

void srv_auth_cancel(struct srv_auth *a, const void *owner)
{
	int woke = 0;

	for (struct srv_auth_work *w = a->inflight; w != NULL; w = w->next) {
		if (w->owner != owner || atomic_load(&w->cancelled))
			continue;
		atomic_store(&w->cancelled, 1);
		/* not started: dropped from the queue (after_work_cb gets UV_ECANCELED); else
		 * the thread sees the flag before it hashes */
		if (uv_cancel((uv_req_t *)&w->req) != 0)
			woke = 1;
	}
	if (woke) {
		pthread_mutex_lock(&hold_lock);
		pthread_cond_broadcast(&hold_cond);
		pthread_mutex_unlock(&hold_lock);
	}
}

int srv_auth_submit(uv_loop_t *loop, struct srv_auth *a, struct srv_auth_work *w)
{
	sigset_t term, was;
	int rc;

	w->req.data = w;
	w->auth = a;
	/* the first call starts libuv's pool threads, which inherit this thread's signal mask:
	 * SIGTERM, SIGINT and SIGHUP blocked there keep them on the loop thread, so that the
	 * stop can shut them out while it takes the handlers away (server.c, stop) */
	sigemptyset(&term);
	sigaddset(&term, SIGTERM);
	sigaddset(&term, SIGINT);
	sigaddset(&term, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &term, &was);
	rc = uv_queue_work(loop, &w->req, work_cb, after_work_cb);
	pthread_sigmask(SIG_SETMASK, &was, NULL);
	if (rc != 0) {
		sodium_memzero(w->password, sizeof(w->password));
		free(w);
		return rc;
	}
	w->prev = NULL;
	w->next = a->inflight;
	if (a->inflight != NULL)
		a->inflight->prev = w;
	a->inflight = w;
	a->ninflight++;
	return 0;
}
