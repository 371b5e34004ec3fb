/*
 * engine.h -- wg-engine, the rules engine's speed on one core (issue 14, "Engine speed").
 *
 * wg-engine needs no server and no database: it links the rules library, the protocol
 * library (the tokenizer and reply writer the server uses) and cJSON.  Three parts:
 *
 *   - play (engine_play.c): N whole games of a scenario (Battle of the Scheldt by default)
 *     played from the engine's own `options` list, one listed action picked by a seeded
 *     generator at each decision, the dice the game's own seeded stream; every accepted
 *     action is recorded as the server stores it (host kind, side, line, dice as JSON).
 *   - replay (engine_play.c): the recorded games re-applied through the path the server
 *     takes when it loads a game (server/games.c replay_one): rolls parsed from JSON, the
 *     line copied and tokenized, rules_match_replay; actions per second of CPU time.
 *   - probes (engine_probe.c): on states met along the recorded games, `reach` for every
 *     unit that may move (the search alone and the whole query with its reply), `view` in
 *     text mode (the engine's lines and the reply written as the server writes it) beside
 *     the reply path of a `ping`; per call, microseconds, median and p99.
 *
 * Everything is deterministic but the clock: the same options give the same games.
 */
#ifndef BENCH_ENGINE_H
#define BENCH_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "rules/core/match.h"
#include "rules/core/ruleset.h"

/* One stored action, as the server's action table holds it. */
struct eng_action {
	int host; /* enum rules_host_kind; RULES_HOST_NONE for a player's action */
	int side;
	char *line; /* malloc'd */
	char *dice; /* malloc'd JSON [[sides,value,forced],...] */
};

/* One recorded game: its seed and its actions, the start first. */
struct eng_game {
	uint8_t seed[32];
	struct eng_action *a;
	size_t n, cap;
	int over; /* the game ended (else max_actions stopped it) */
};

/* What the games are played on. */
struct eng_setup {
	const struct ruleset *rs;
	struct rules_scenario *sc;
	cJSON *doc; /* the scenario document (scenario_load keeps no pointer into it) */
	const char *scenario;
};

/* Loads <data_dir>/<scenario>.json with the shipped ruleset named in it.  0 or -1 (a
 * message on stderr). */
int eng_setup_load(struct eng_setup *s, const char *data_dir, const char *scenario);
void eng_setup_release(struct eng_setup *s);

/* Plays one game from `options` with seed byte seed (the game's dice and the picker's
 * generator), at most max_actions actions; the record into *out (released by
 * eng_game_release).  *play_secs receives the CPU seconds the play took.  0 or -1. */
int eng_play(const struct eng_setup *s, unsigned seed, size_t max_actions, struct eng_game *out,
             double *play_secs);
void eng_game_release(struct eng_game *gm);

/* A fresh match of the game's seed, not started. 0 or -1. */
int eng_match_new(const struct eng_setup *s, const struct eng_game *gm, struct rules_match *m);
/* Replays action k of gm on m as server/games.c does (parse the rolls, tokenize a copy of
 * the line, rules_match_replay).  0 or -1 (a message on stderr). */
int eng_replay_one(struct rules_match *m, const struct eng_game *gm, size_t k);

/* CPU seconds of this thread (CLOCK_THREAD_CPUTIME_ID). */
double eng_cpu_now(void);
/* The same clock in nanoseconds. */
uint64_t eng_cpu_ns(void);

/* Per-call samples in nanoseconds, for medians and percentiles. */
struct eng_samples {
	double *v;
	size_t n, cap;
};

void eng_samples_add(struct eng_samples *s, double ns);
/* The p-th percentile (0..100) in microseconds; sorts the samples. 0 when empty. */
double eng_samples_us(struct eng_samples *s, double p);
void eng_samples_release(struct eng_samples *s);

/* The probes' figures (engine_probe.c). */
struct eng_probe_result {
	struct eng_samples reach_search;   /* fm__reach alone */
	struct eng_samples reach_query;    /* the reach query with its JSON reply */
	struct eng_samples view_text;      /* text view: engine lines + the reply written */
	struct eng_samples view_text_full; /* the same through view()'s whole state */
	struct eng_samples view_json;      /* JSON view (cols 0) + the reply written */
	struct eng_samples ping;           /* a ping's request parse and reply written */
	size_t states;                     /* game states probed */
};

/* Probes the states met along gm (every `every`-th action, and every movement decision
 * for reach) into r.  0 or -1. */
int eng_probe_game(const struct eng_setup *s, const struct eng_game *gm, size_t every,
                   struct eng_probe_result *r);
/* Times the ping reply path n times into r->ping (per call, in batches). */
void eng_probe_ping(struct eng_probe_result *r, size_t n);
void eng_probe_release(struct eng_probe_result *r);

#endif
