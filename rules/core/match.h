/*
 * match.h -- one hosted game as the server drives it: the ruleset, its
 * scenario and options, the engine state, the dice stream, the version,
 * who must act now (pending, with per-side decision counters) and the result
 * of a host action the engine left to the default.
 *
 * The match is where the host-side contracts of ruleset.h are kept, so that
 * neither the server nor the engines repeat them:
 *   - version counts accepted actions, player and host actions alike (the
 *     start is action 1);
 *   - a refused action leaves engine, dice, pending and events exactly as
 *     before;
 *   - every accepted action leaves its dice in m->dice.log (nlog entries)
 *     for the caller to store with it;
 *   - pending is computed once per accepted action and kept (m->pending);
 *     decision[s] grows by one exactly when side s's awaited decision
 *     changes: when s acted, or when s starts or stops being awaited or the
 *     kind of its decision changes because of another action.  A retry that
 *     names the decision it answered (d=<n>) is thus stale after its first
 *     success, and a simultaneous decision of the other side does not make it
 *     stale;
 *   - replay of a stored action re-queues its forced dice first, so the
 *     replayed game consumes exactly the numbers the live game did.
 *
 * Pauses: the PAUSE host action (side asked for arg hours, 1 to
 * RULES_PAUSE_MAX_HOURS, at most RULES_PAUSE_MAX per side and game) changes
 * nothing in the engine and never ends the game: it is recorded, counted and
 * announced by a public "paused" event; the clocks that stop are the
 * server's.  It does not change anybody's awaited decision.
 *
 * Takebacks: the match knows, for each side, the version of its last player
 * action (last_action) and the version of the last barrier (barrier, with
 * why): an action that rolled a die, an action the engine's
 * takeback_barrier() calls one, and every host action (the start, a pause,
 * a takeback...).  Side may take back its last action T when T > barrier;
 * every action after T (the opponent's, none of them a barrier by then) goes
 * with it.  The log stays append-only: the takeback is the TAKEBACK host
 * action at version K with arg T, and the actions T..K-1 stay stored,
 * marked undone by it.  A replay skips the undone actions
 * (rules_match_undone: the version counts them, nothing else changes), so
 * when it reaches the takeback the match is exactly as it was before T;
 * the host action then only counts: version K, every side's decision
 * counter lifted past every value it had before (by K - T + 1), a public
 * "taken-back" event, and the takeback is itself a barrier.  The server
 * (server/games.c) rebuilds the live game the same way, from its stored
 * actions, so a live takeback and its replay cannot differ.  No die was
 * rolled by an undone action (a die is a barrier), so the dice stream needs
 * no undoing.
 *
 *   created --start (host)--> started --apply / host--> ... --> over
 *                                          (outcome.over: the engine's, or a
 *                                           host action's default)
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
	struct rules_pending
	    pending; /* who must act now; sides 0 before the start and at the end */
	/* a host action's default result (the engine's outcome() is not asked) */
	int host_over;
	int host_winner; /* 0, 1 or -1 (draw) */
	char host_summary[256];
	/* takebacks and pauses (see above); kept in snapshots */
	uint64_t last_action[RULES_SIDES]; /* version of each side's last player action, 0: none */
	uint64_t barrier;                  /* version of the last barrier, 0: none yet */
	struct rules_error barrier_why;    /* what the barrier was: message and rule id */
	unsigned pauses[RULES_SIDES];      /* agreed pauses each side asked for */
};

#define RULES_PAUSE_MAX_HOURS 336 /* two weeks (docs/clocks.md, "Pauses") */
#define RULES_PAUSE_MAX       5   /* agreed pauses per side and game (OGS) */

/* A new match in the scenario's initial state with the dice seeded.
 * Returns 0 or a WG_E_* code with err filled; m is unchanged on failure. */
int rules_match_create(struct rules_match *m, const struct ruleset *rs,
                       const struct rules_scenario *sc, const struct rules_options *opts,
                       const uint8_t seed[32], struct rules_error *err);
/* Frees the engine state and the dice log; m may be created again afterwards. */
void rules_match_release(struct rules_match *m);

/* Starts the game (the START host action: engine start()); version becomes 1. */
int rules_match_start(struct rules_match *m, struct rules_events *ev, struct rules_error *err);

/*
 * Applies one player action of side.  verb is the action's entry (the caller
 * looked it up; NULL: looked up here from argv[0]); its arity is checked
 * here.  On success version is incremented, pending recomputed and
 * m->dice.log holds the rolls.  On failure nothing changes: the dice are put
 * back and events appended during the attempt are removed.
 */
int rules_match_apply(struct rules_match *m, const struct rules_verb *verb, int side, int argc,
                      char **argv, cJSON *reply, struct rules_events *ev, struct rules_error *err);

/*
 * A host action (RULES_HOST_START: as rules_match_start).  The engine's
 * host() decides; with none, or when it returns RULES_HOST_DEFAULT, the game
 * ends as asked (resign/timeout/forfeit: the other side wins; draw: drawn;
 * adjudicate: a->winner) and a public event says so.  Refused when the game
 * has not started or is over.  Atomic like apply.
 */
int rules_match_host(struct rules_match *m, const struct rules_host_action *a,
                     struct rules_events *ev, struct rules_error *err);

/*
 * Whether side may take back its last action now: 0 with *target the version of that
 * action (every action from it on would be undone), or a WG_E_* code with err saying why
 * not (the ruleset allows no takeback, side has no action, a barrier since: its what and
 * rule id).  Changes nothing.
 */
int rules_match_takeback_check(const struct rules_match *m, int side, uint64_t *target,
                               struct rules_error *err);

/* A stored action that a later takeback undid, met on a replay: the version counts it,
 * nothing else changes (see "Takebacks"). */
void rules_match_undone(struct rules_match *m);

/* The actions the takebacks of a log undid: ranges [from, to] of versions, in the order
 * their takebacks were met. */
struct rules_undone {
	uint64_t (*range)[2];
	size_t n, cap;
};

void rules_undone_init(struct rules_undone *u);
void rules_undone_release(struct rules_undone *u);
/* Adds [from, to]; 0 or WG_E_NO_MEMORY. */
int rules_undone_add(struct rules_undone *u, uint64_t from, uint64_t to);
/* 1 if version v lies in one of the ranges. */
int rules_undone_has(const struct rules_undone *u, uint64_t v);
/* The lowest version the ranges undo (0 when there is none). */
uint64_t rules_undone_first(const struct rules_undone *u);
/*
 * Notes one stored action (version seq, host kind, its line as argv): a takeback adds the
 * range it undid, [arg, seq - 1].  0, WG_E_NO_MEMORY, or WG_E_INTERNAL for a takeback line
 * that cannot be read or undoes nothing before it.
 */
int rules_undone_note(struct rules_undone *u, enum rules_host_kind host, uint64_t seq, int argc,
                      char **argv);

/* A read-only verb (verb NULL: looked up) as viewer sees it; arity checked here. */
int rules_match_query(const struct rules_match *m, const struct rules_verb *verb,
                      const struct rules_viewer *who, int argc, char **argv, cJSON *out,
                      struct rules_error *err);

/* The outcome: a host action's default result, else the engine's. */
void rules_match_outcome(const struct rules_match *m, struct rules_outcome *o);

/*
 * The canonical stored line of a host action: "<kind> <side> <winner> [<note>]"
 * ("resign 1 -1 bob"), and for the kinds with an argument (pause, takeback)
 * "<kind> <side> <winner> <arg> [<note>]" ("pause 0 -1 12 alice"); the note must be one
 * token.  Returns buf.
 */
char *rules_host_line(const struct rules_host_action *a, char *buf, size_t n);
/* Parses argv of a stored host line back (the note points into argv). 0 or -1. */
int rules_host_parse(enum rules_host_kind kind, int argc, char **argv, struct rules_host_action *a);

/*
 * Re-applies a stored action: host kind RULES_HOST_NONE for a player's action
 * of side, else a host action whose line is argv, with the forced values
 * among rolls re-queued first.  Returns what apply/host returned; after
 * success m->dice.log equals rolls when the store is consistent (checked,
 * WG_E_INTERNAL if not).
 */
int rules_match_replay(struct rules_match *m, enum rules_host_kind host, int side, int argc,
                       char **argv, const struct rules_roll *rolls, size_t nrolls,
                       struct rules_events *ev, struct rules_error *err);

/* The match (version, dice stream, pending decisions, host result, engine snapshot) as a
 * malloc'd JSON string; NULL on OOM. */
char *rules_match_snapshot(const struct rules_match *m);
/* Rebuilds m from a snapshot taken of a match of the same scenario/options. */
int rules_match_restore(struct rules_match *m, const struct ruleset *rs,
                        const struct rules_scenario *sc, const struct rules_options *opts,
                        const char *snapshot, struct rules_error *err);

/* Rolls as JSON [[sides,value,forced],...] (malloc'd) and back. */
char *rules_rolls_to_json(const struct rules_roll *rolls, size_t n);
/* Parses json into rolls (up to max); returns the count or -1 on bad input. */
int rules_rolls_from_json(const char *json, struct rules_roll *rolls, size_t max);
/* The number of rolls in a stored roll list (for sizing), or -1 on bad input. */
int rules_rolls_count(const char *json);

#endif
