/*
 * auth.c -- argon2id hashing on the thread pool and the failed-login brake.
 * See auth.h.
 */
#include "auth.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#define AUTH_PEERS_MAX    4096
#define AUTH_REFUSE_AFTER 30

void srv_auth_init(struct srv_auth *a)
{
	memset(a, 0, sizeof(*a));
	a->decay_seconds = 60;
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

int64_t srv_auth_delay_ms(struct srv_auth *a, const char *addr, int64_t now)
{
	struct srv_auth_peer *p = find_peer(a, addr);
	int64_t delay;

	(void)now;
	if (p == NULL || p->failures <= 3)
		return 0;
	if (p->failures > AUTH_REFUSE_AFTER)
		return -1;
	delay = p->failures - 3 >= 5 ? 30 : (int64_t)1 << (p->failures - 3);
	return (delay > 30 ? 30 : delay) * 1000;
}

void srv_auth_failed(struct srv_auth *a, const char *addr, int64_t now)
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
				return;
			a->peers = n;
			a->cap = ncap;
		}
		p = &a->peers[a->npeers++];
		memset(p, 0, sizeof(*p));
	fill:
		strncpy(p->addr, addr, sizeof(p->addr) - 1);
	}
	p->failures++;
	p->last = now;
}

void srv_auth_tick(struct srv_auth *a, int64_t now)
{
	for (size_t i = 0; i < a->npeers;) {
		struct srv_auth_peer *p = &a->peers[i];
		while (p->failures > 0 && now - p->last >= a->decay_seconds) {
			p->failures--;
			p->last += a->decay_seconds;
		}
		if (p->failures == 0)
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

static void work_cb(uv_work_t *req)
{
	struct srv_auth_work *w = req->data;

	if (w->op == SRV_AUTH_HASH)
		w->result = srv_auth_hash(w->password, w->hash);
	else
		w->result = srv_auth_verify(w->hash, w->password);
}

static void after_work_cb(uv_work_t *req, int status)
{
	struct srv_auth_work *w = req->data;

	if (status != 0)
		w->result = -1;
	sodium_memzero(w->password, sizeof(w->password));
	w->done(w);
	free(w);
}

int srv_auth_submit(uv_loop_t *loop, struct srv_auth_work *w)
{
	int rc;

	w->req.data = w;
	rc = uv_queue_work(loop, &w->req, work_cb, after_work_cb);
	if (rc != 0) {
		sodium_memzero(w->password, sizeof(w->password));
		free(w);
	}
	return rc;
}
