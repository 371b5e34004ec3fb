/*
 * script.h -- what each benchmark connection sends, step by step.  Pure.
 *
 *   ping  step k: "ping", for every k.
 *   mix   a realistic session of connection i (user "<prefix><i>"):
 *           0 register <user> <password>   (err when the name is taken:
 *           1 login <user> <password>       the login that follows covers it)
 *           2 whoami
 *           3 scenarios
 *           4 games open
 *           5 new <scenario>   (even i)  |  join <game>  (odd i: the game
 *                                           its partner i-1 created)
 *             -- step 5 only with a scenario --
 *           then view, pending, say hello, log 5, games mine,
 *           then view, pending, log 5, over and over.
 *   idle  with login: register, login, then nothing; without: nothing.
 *   set   (against redis-server only) step k: "SET key:<conn> xxx", for every
 *         k: a write that a redis-server with appendfsync always puts in its
 *         append-only file and fsyncs before its "+OK" (redis-benchmark's
 *         SET with its 3-byte value); one connection per durable client.
 *   durable  client k is one game played through two connections: 2k
 *         (seat 0, the scenario's first side) and 2k+1 (seat 1).  Each
 *         connection registers and logs in (steps 0 and 1 as above, user
 *         "<prefix><connection>"); then the client's own steps
 *         (bench_durable_*): 0 "new <scenario> side=<seat 0 side>" on seat
 *         0, 1 "join <game>" on seat 1, then a fixed list of legal actions
 *         of a real game that no die decides (set-up places, moves, the
 *         ends between phases), each on the seat that must act; after the
 *         last one the client starts over at step 0 with a new game.
 *   view  durable's clients and set-up (steps 0 and 1: new, join); then
 *         "view game=<id>" (text), over and over, on seat 0 and seat 1 in turn:
 *         what a text view of a running game costs the server, beside ping's
 *         cost in the same run (issue 14: "view as cheap as a few pings").
 */
#ifndef BENCH_SCRIPT_H
#define BENCH_SCRIPT_H

#include <stddef.h>

#include "protocol/buf.h"

/* Steps 0 and 1 of mix and idle --login (register, login) are the set-up. */
#define BENCH_LOGIN_STEPS 2

enum bench_test {
	BENCH_PING = 0,
	BENCH_MIX,
	BENCH_IDLE,
	BENCH_DURABLE,
	BENCH_FLOOD, /* ping while hostile connections (bench.h enum bench_kind) attack */
	BENCH_SET,   /* redis only: SET key:<conn> <value>, the durable comparison */
	BENCH_VIEW,  /* durable's clients, seated, then "view <game>" over and over */
	BENCH_TEST_COUNT,
};

enum bench_verb {
	BV_PING = 0,
	BV_REGISTER,
	BV_LOGIN,
	BV_WHOAMI,
	BV_SCENARIOS,
	BV_GAMES_OPEN,
	BV_NEW,
	BV_JOIN,
	BV_VIEW,
	BV_PENDING,
	BV_SAY,
	BV_LOG,
	BV_GAMES_MINE,
	BV_PLACE, /* durable actions: place, move, enter, end */
	BV_MOVE,
	BV_ENTER,
	BV_END_PHASE,
	BV_SET, /* set (redis): "SET key:<conn> xxx" */
	BV_COUNT,
	BV_END = -1, /* the script has no more steps */
};

struct bench_script {
	enum bench_test test;
	const char *user_prefix; /* e.g. "bench1000_" */
	const char *password;
	const char *scenario; /* NULL: no new/join */
	int idle_login;       /* idle: register and log in */
};

/* The verb of step for connection conn (BV_END when there is none). */
enum bench_verb bench_script_verb(const struct bench_script *s, size_t conn, size_t step);
/*
 * Appends the request line (with "\n") of verb for connection conn to out;
 * game is the game to join (BV_JOIN only).  Returns 0 or -1 (out of memory).
 */
int bench_script_line(const struct bench_script *s, enum bench_verb verb, size_t conn,
                      long long game, struct proto_buf *out);
/* A short name for reports ("games open", "log 5", ...). */
const char *bench_verb_name(enum bench_verb verb);
/*
 * The game id in a reply line to "new": a data line "  game: N" or
 * "  id: N", or the first number in an "ok" line.  Returns N > 0, or 0 if
 * the line names none.
 */
long long bench_game_id(const char *line, size_t len);
/*
 * durable: the number of steps of one game of scenario (new, join and its
 * actions), or 0 if there is no durable script for it (scheldt has one).
 */
size_t bench_durable_steps(const char *scenario);
/*
 * durable: the verb of a client's step (0 <= step < bench_durable_steps)
 * and in *seat the connection that sends it (0: the one that creates the
 * game, 1: the one that joins).  BV_END past the last step or for a
 * scenario without a durable script.
 */
enum bench_verb bench_durable_verb(const struct bench_script *s, size_t step, int *seat);
/*
 * durable: appends the request line (with "\n") of a client's step to out;
 * game is the game to join (step 1).  Returns 0, or -1 (no such step, or
 * out of memory).
 */
int bench_durable_line(const struct bench_script *s, size_t step, long long game,
                       struct proto_buf *out);
/* 1 if verb is an action of the durable test (place, move, enter, end). */
int bench_verb_is_action(enum bench_verb verb);
/* durable and view: the verbs of a client's load (counted), not of its set-up. */
int bench_verb_is_load(enum bench_verb verb);
/* durable and view: clients of two connections that create and join a game. */
int bench_test_paired(enum bench_test t);
/* Parses a list like "ping,mix" into a bit set of (1 << enum bench_test); 0 if invalid. */
unsigned bench_parse_tests(const char *list);
/* The name of a test ("ping", "mix", "idle", "durable"). */
const char *bench_test_name(enum bench_test t);

#endif
