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
/* Parses a list like "ping,mix" into a bit set of (1 << enum bench_test); 0 if invalid. */
unsigned bench_parse_tests(const char *list);
/* The name of a test ("ping", "mix", "idle"). */
const char *bench_test_name(enum bench_test t);

#endif
