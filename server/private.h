/*
 * private.h -- private games: who may join or watch one besides its players.
 *
 * `new <scenario> private` makes a game that is not listed (`games`, `who`, `finger`) and
 * that nobody can join, watch or read (view, log, chat, queries, verify) by guessing its
 * sequential id.  Two ways in, both durable (the game_access table, written in the loop's
 * batch before the reply):
 *
 *   a token    made at `new` (SRV_TOKEN_LEN characters of [a-z2-7], 80 random bits) and
 *              shown to the creator only (and to a player with `invite <game>`): whoever
 *              has it may `join <game> <token>` or `watch <game> <token>`;
 *   by name    a player's `invite <game> <user>`: that user may join and watch without the
 *              token, sees the game in `games`, and is told (`* invited`) if online.
 *
 * Who may see a private game (srv_private_allowed): its players, the users invited by
 * name, and a connection that watches it (it showed the token, or was invited).  Anyone
 * else gets `err forbidden game N is private: ...`, whatever the verb, and learns nothing
 * more about it.  Tokens are compared in constant time and never logged.
 */
#ifndef SRV_PRIVATE_H
#define SRV_PRIVATE_H

#include <stddef.h>
#include <stdint.h>

struct srv;
struct srv_conn;
struct srv_game;

#define SRV_TOKEN_LEN 16

/* Gives g (new, private) its token and stores it; 0 or a WG_E_* code. */
int srv_private_new(struct srv *s, struct srv_game *g);
/* Loads every token and invitation into the games (start-up, after the games). */
void srv_private_recover(struct srv *s);
/* Frees g's invitations (from srv_game_free). */
void srv_private_free(struct srv_game *g);

/* 1 if c may see g: g is public, or c's user plays in it or is invited, or c watches it. */
int srv_private_allowed(const struct srv_game *g, const struct srv_conn *c);
/* 1 if user is invited to g by name (not the players). */
int srv_private_invited(const struct srv_game *g, int64_t user);
/* 1 if token is g's. */
int srv_private_token_ok(const struct srv_game *g, const char *token);
/* Invites user to g by name and stores it (idempotent); 0 or a WG_E_* code. */
int srv_private_invite(struct srv *s, struct srv_game *g, int64_t user);
/* "game N is private: ..." into buf, the refusal for a connection without access (wrong:
 * a token was given, and it is not the game's). */
char *srv_private_refusal(const struct srv_game *g, int wrong, char *buf, size_t n);

#endif
