/*
 * match.h -- one hosted game as the server drives it: the ruleset, its
 * scenario and options, the engine state, the dice stream and the version.
 *
 * The match is where the host-side contracts of ruleset.h are kept, so that
 * neither the server nor the engines repeat them:
 *   - version counts accepted actions (the start counts as one);
 *   - a refused action leaves engine, dice and events exactly as before;
 *   - every accepted action leaves its dice in m->dice.log (nlog entries)
 *     for the caller to store with it;
 *   - replay of a stored action re-queues its forced dice first, so the
 *     replayed game consumes exactly the numbers the live game did.
 *
 *   created --start()--> started --apply()/replay()--> ... (outcome.over)
 *
 * Pure: no I/O, no clock.
 */
#ifndef RULES_MATCH_H
#define RULES_MATCH_H

#include "ruleset.h"

struct rules_match {
	const struct ruleset *rs;
	const struct rules_scenario *sc;
	struct rules_options opts;
	struct rules_game *game;
	struct rules_dice dice;
	uint64_t version;
	int started;
};

/* A new match in the scenario's initial state with the dice seeded.
 * Returns 0 or a WG_E_* code with err filled; m is unchanged on failure. */
int rules_match_create(struct rules_match *m, const struct ruleset *rs,
                       const struct rules_scenario *sc, const struct rules_options *opts,
                       const uint8_t seed[32], struct rules_error *err);
/* Frees the engine state; m may be created again afterwards. */
void rules_match_release(struct rules_match *m);

/* Starts the game (engine start()); version becomes 1. */
int rules_match_start(struct rules_match *m, struct rules_events *ev, struct rules_error *err);

/*
 * Applies one action of side.  argv[0] must be an action verb of the
 * ruleset; arity is checked here.  On success version is incremented and
 * m->dice.log holds the rolls.  On failure nothing changes: the dice are put
 * back and events appended during the attempt are removed.
 */
int rules_match_apply(struct rules_match *m, int side, int argc, char **argv, cJSON *reply,
                      struct rules_events *ev, struct rules_error *err);

/*
 * Re-applies a stored action (side RULES_SYSTEM with argv {"start"} is the
 * start) with the forced values among rolls re-queued first.  Returns what
 * apply returned; after success m->dice.log equals rolls when the store is
 * consistent (checked, WG_E_INTERNAL if not).
 */
int rules_match_replay(struct rules_match *m, int side, int argc, char **argv,
                       const struct rules_roll *rolls, size_t nrolls, struct rules_events *ev,
                       struct rules_error *err);

/* The match (version, dice stream, engine snapshot) as a malloc'd JSON
 * string; NULL on OOM. */
char *rules_match_snapshot(const struct rules_match *m);
/* Rebuilds m from a snapshot taken of a match of the same scenario/options. */
int rules_match_restore(struct rules_match *m, const struct ruleset *rs,
                        const struct rules_scenario *sc, const struct rules_options *opts,
                        const char *snapshot, struct rules_error *err);

/* Rolls as JSON [[sides,value,forced],...] (malloc'd) and back. */
char *rules_rolls_to_json(const struct rules_roll *rolls, size_t n);
/* Parses json into rolls (up to max); returns the count or -1 on bad input. */
int rules_rolls_from_json(const char *json, struct rules_roll *rolls, size_t max);

#endif
