/*
 * private.c -- private games' tokens and invitations (see private.h).
 */
#include "private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "clock.h"
#include "conn.h"
#include "games.h"
#include "log.h"
#include "server.h"

/* A token: SRV_TOKEN_LEN characters of the RFC 4648 base32 alphabet, lower case (easy to
 * read aloud and type: no 0/o, 1/l), 5 random bits each. */
static void make_token(char out[SRV_TOKEN_LEN + 1])
{
	static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
	unsigned char raw[SRV_TOKEN_LEN];

	randombytes_buf(raw, sizeof(raw));
	for (int i = 0; i < SRV_TOKEN_LEN; i++)
		out[i] = alphabet[raw[i] & 31];
	out[SRV_TOKEN_LEN] = '\0';
	sodium_memzero(raw, sizeof(raw));
}

int srv_private_new(struct srv *s, struct srv_game *g)
{
	struct db_access a = {.game = g->rec.id, .user = 0, .at = srv_clock_now(s)};
	int rc;

	make_token(a.token);
	rc = db_access_put(s->store, &a);
	if (rc != 0)
		return rc;
	memcpy(g->token, a.token, sizeof(g->token));
	srv_batch_touch(s, g);
	return 0;
}

/* Adds user to g's invitations in memory; 0 or -1. */
static int add_guest(struct srv_game *g, int64_t user)
{
	int64_t *n;

	if (srv_private_invited(g, user))
		return 0;
	n = realloc(g->guests, (g->nguests + 1) * sizeof(*n));
	if (n == NULL)
		return -1;
	g->guests = n;
	g->guests[g->nguests++] = user;
	return 0;
}

static int recover_one(void *ctx, const struct db_access *a)
{
	struct srv_game *g = srv_game_get(ctx, a->game);

	if (g == NULL)
		return 0;
	if (a->user == 0)
		snprintf(g->token, sizeof(g->token), "%s", a->token);
	else if (add_guest(g, a->user) != 0)
		return WG_E_NO_MEMORY;
	return 0;
}

void srv_private_recover(struct srv *s)
{
	if (db_access_each(s->store, recover_one, s) != 0)
		log_error(0, "cannot read the private games' tokens and invitations: %s",
		          db_last_error(s->store));
}

void srv_private_free(struct srv_game *g)
{
	sodium_memzero(g->token, sizeof(g->token));
	free(g->guests);
	g->guests = NULL;
	g->nguests = 0;
}

int srv_private_invited(const struct srv_game *g, int64_t user)
{
	for (size_t i = 0; i < g->nguests; i++)
		if (g->guests[i] == user)
			return 1;
	return 0;
}

int srv_private_allowed(const struct srv_game *g, const struct srv_conn *c)
{
	if (!g->rec.private_game)
		return 1;
	if (c->user != NULL &&
	    (srv_game_side_of(g, c->user->id) >= 0 || srv_private_invited(g, c->user->id)))
		return 1;
	return srv_conn_watching(c, g->rec.id);
}

int srv_private_token_ok(const struct srv_game *g, const char *token)
{
	return g->token[0] != '\0' && strlen(token) == SRV_TOKEN_LEN &&
	       sodium_memcmp(g->token, token, SRV_TOKEN_LEN) == 0;
}

int srv_private_invite(struct srv *s, struct srv_game *g, int64_t user)
{
	struct db_access a = {.game = g->rec.id, .user = user, .at = srv_clock_now(s)};
	int rc;

	if (srv_private_invited(g, user))
		return 0;
	if ((rc = db_access_put(s->store, &a)) != 0)
		return rc;
	if (add_guest(g, user) != 0)
		return WG_E_NO_MEMORY;
	srv_batch_touch(s, g);
	return 0;
}

char *srv_private_refusal(const struct srv_game *g, int wrong, char *buf, size_t n)
{
	long long id = (long long)g->rec.id;

	snprintf(buf, n,
	         "game %lld is private%s: join or watch it with its token (`join %lld <token>`, "
	         "`watch %lld <token>`; its players have it), or ask a player to `invite %lld "
	         "<your name>`",
	         id, wrong ? " and that is not its token" : "", id, id, id);
	return buf;
}
