/*
 * ruleset.h -- the interface every game system implements.
 *
 * A ruleset (Fire & Movement, The Scheldt Campaign, miniatures, the test
 * ruleset of tests/) is one `const struct ruleset` of function pointers.  The
 * server never knows which game it hosts: it loads scenarios through
 * scenario_load, creates games, routes player verbs to apply/query, asks
 * pending() who must act, delivers the events apply() addressed, and shows
 * view() to each viewer.  Everything a game system needs -- sequential turns,
 * F&M's five-step face-down support commitment, the Campaign's simultaneous
 * secret commitment, hidden and dummy miniatures -- is expressed through:
 *
 *   - pending(): a mask of the sides that must act now (one, both, or none)
 *     and a sentence per side saying what decision is awaited;
 *   - events with an audience mask: each event goes to side 0, side 1 and/or
 *     spectators.  A secret is sent only to its owner; a reveal is a later
 *     event addressed to everyone;
 *   - view(viewer): the state as that viewer may see it, redacted by the
 *     engine.
 *
 * Determinism contract (DESIGN.md): given the scenario, the options, the dice
 * seed and the ordered list of accepted actions, the state is always the
 * same.  Engines use no clock, no I/O, no global state and no randomness
 * except through struct rules_dice.
 *
 * Atomicity contract: apply() either accepts the action (state changed,
 * events appended, returns 0) or rejects it (returns a negative WG_E_* code,
 * fills err, and leaves the game exactly as it was; events it may have
 * appended are discarded by the caller).  The caller restores the dice
 * stream after a rejection, so an engine may roll before it knows the action
 * is legal, but it must not leave its own state half-changed.
 *
 * Memory: every cJSON* handed to the engine stays owned by the caller; every
 * cJSON* an engine returns (view, events) is owned by the caller afterwards.
 *
 * Sides are 0 and 1 in the order of the scenario's side_names; viewer 2
 * (RULES_SPECTATOR) is anyone who is not seated.
 */
#ifndef RULES_RULESET_H
#define RULES_RULESET_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "dice.h"
#include "common/errors.h"

#define RULES_SIDES     2
#define RULES_SPECTATOR 2    /* viewer id of a spectator */
#define RULES_SYSTEM    (-1) /* "side" of host-generated actions (start) */

/* Audience masks of events. */
#define RULES_AUD_SIDE(s)    (1u << (s))
#define RULES_AUD_SPECTATORS 4u
#define RULES_AUD_PUBLIC     7u /* both sides and spectators */

struct rules_scenario; /* ruleset-owned, immutable once loaded */
struct rules_game;     /* ruleset-owned */

/*
 * Why an action was refused: a WG_E_* code, a sentence a person
 * understands ("hex 2737 is a sea hex") and the rule id that forbids it
 * ("BS-15.0-01" or "FM-6.1").  rule may be empty for non-rule errors such as
 * bad arguments.
 */
struct rules_error {
	int code;
	char message[320];
	char rule[40];
};

/* Fills err and returns code, so engines can write
 * `return rules_fail(err, WG_E_ILLEGAL_MOVE, "FM-5.3", "hex %s is ...", id);` */
int rules_fail(struct rules_error *err, int code, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/*
 * One event: an audience mask and a JSON object with at least
 *   "event": a short type slug ("moved", "combat", "support-revealed"...),
 *   "text":  one human sentence ("9/3 moves 2637-2638 (2 MP)").
 * The server adds "game" when it delivers the event.
 */
struct rules_event {
	unsigned audience;
	cJSON *data;
};

struct rules_events {
	struct rules_event *items;
	size_t count;
	size_t cap;
};

void rules_events_init(struct rules_events *ev);
/* Frees every event's data and the array; ev is empty and reusable after. */
void rules_events_release(struct rules_events *ev);
/*
 * Appends an event of type `type` for `audience`.  `fields` (may be NULL) is
 * an object whose members are moved into the event; it is consumed (freed)
 * in every case.  The text is printf-formatted.  Returns 0 or WG_E_NO_MEMORY.
 */
int rules_emit(struct rules_events *ev, unsigned audience, const char *type, cJSON *fields,
               const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Game options from `new <scenario> key=value ...`. Keys and values are
 * copied; the engine validates them in create() and refuses unknown keys
 * with WG_E_BAD_OPTION. */
#define RULES_MAX_OPTIONS 16
struct rules_options {
	size_t count;
	struct {
		char key[32];
		char value[96];
	} items[RULES_MAX_OPTIONS];
};

/* The value of option key, or NULL if not given. */
const char *rules_option(const struct rules_options *opts, const char *key);

enum rules_verb_kind {
	RULES_VERB_ACTION, /* changes the game: routed to apply(), recorded */
	RULES_VERB_QUERY,  /* read-only: routed to query(), allowed to spectators */
};

/* One game verb, for routing, arity checks and `help`. */
struct rules_verb {
	const char *name;
	enum rules_verb_kind kind;
	int min_args;
	int max_args;      /* -1: unbounded */
	const char *usage; /* "move <unit> <hex> [<hex> ...]" */
	const char *help;  /* one or more sentences */
};

struct rules_scenario_info {
	const char *id;                      /* "scheldt": what `new` takes */
	const char *title;                   /* "Battle of the Scheldt: The Devil's Moat" */
	const char *description;             /* one line for `scenarios` */
	const char *side_names[RULES_SIDES]; /* "allied", "german" */
};

/* Who must act now.  sides == 0 means nobody (the game is over). */
struct rules_pending {
	unsigned sides; /* RULES_AUD_SIDE(0) | RULES_AUD_SIDE(1) */
	char what[RULES_SIDES][240];
};

struct rules_outcome {
	int over;   /* 0 while the game runs */
	int winner; /* 0 or 1, or -1 for a draw */
	char summary[256];
};

/* Severity of a check-scenario finding (scenario_lint). */
#define RULES_LINT_ERROR   0 /* the scenario is inconsistent: it is not loaded */
#define RULES_LINT_WARNING 1 /* suspicious, loaded anyway */

struct ruleset {
	const char *name;        /* "fm" */
	const char *description; /* one line */
	const struct rules_verb *verbs;
	size_t nverbs;

	/*
	 * Builds a scenario from a parsed scenario document.  source is the file
	 * name used in error messages; errors name the file, the JSON path and
	 * the problem ("scheldt.json: $.hexes[12].terrain: unknown terrain
	 * 'swmp'").  On success *out is owned by the caller (scenario_free).
	 */
	int (*scenario_load)(const char *source, const cJSON *doc, struct rules_scenario **out,
	                     struct rules_error *err);
	void (*scenario_free)(struct rules_scenario *sc);
	/* Strings in info live as long as the scenario. */
	void (*scenario_info)(const struct rules_scenario *sc, struct rules_scenario_info *info);

	/* A new game in its initial state; the scenario outlives the game. */
	int (*create)(const struct rules_scenario *sc, const struct rules_options *opts,
	              struct rules_game **out, struct rules_error *err);
	void (*destroy)(struct rules_game *g);

	/* Called once when both seats are filled; may roll dice and emit. */
	int (*start)(struct rules_game *g, struct rules_dice *dice, struct rules_events *ev,
	             struct rules_error *err);

	/*
	 * One player action: argv[0] is the verb (a RULES_VERB_ACTION of the
	 * table, arity already checked), side the acting side.  reply is an
	 * object the engine may fill for the actor only ("lines": [..] are shown
	 * in text mode).  See the atomicity contract above.
	 */
	int (*apply)(struct rules_game *g, struct rules_dice *dice, int side, int argc, char **argv,
	             cJSON *reply, struct rules_events *ev, struct rules_error *err);

	/* A read-only verb (RULES_VERB_QUERY) as seen by viewer, into out. */
	int (*query)(const struct rules_game *g, int viewer, int argc, char **argv, cJSON *out,
	             struct rules_error *err);

	void (*pending)(const struct rules_game *g, struct rules_pending *p);
	/* The state as viewer (0, 1, RULES_SPECTATOR) may see it; NULL on OOM. */
	cJSON *(*view)(const struct rules_game *g, int viewer);
	void (*outcome)(const struct rules_game *g, struct rules_outcome *o);

	/* Full state as a malloc'd NUL-terminated string, or NULL on OOM. */
	char *(*snapshot)(const struct rules_game *g);
	int (*restore)(const struct rules_scenario *sc, const struct rules_options *opts,
	               const char *snapshot, struct rules_game **out, struct rules_error *err);

	/*
	 * Optional (NULL: scenario_load is the only check).  Validates a parsed scenario
	 * document and reports EVERY problem it finds through report(ctx, severity, path,
	 * message), going on past each one wherever it can (`wargamed check-scenario`):
	 * severity RULES_LINT_*, path the JSON path concerned ("$.units[3].setup.hex", "$"
	 * for the whole file), message a sentence; the strings live only during the call.
	 * Returns the number of errors (0: scenario_load accepts the document), or
	 * WG_E_NO_MEMORY.
	 */
	int (*scenario_lint)(const char *source, const cJSON *doc,
	                     void (*report)(void *ctx, int severity, const char *path,
	                                    const char *message),
	                     void *ctx);
};

/* The verb entry of rs named name (case-insensitive), or NULL. */
const struct rules_verb *rules_verb_find(const struct ruleset *rs, const char *name);

#endif
