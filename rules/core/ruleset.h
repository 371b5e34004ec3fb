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
 *   - pending(): a mask of the sides that must act now (one, both, or none),
 *     per side a stable kind of decision ("phase", "support-step", "commit")
 *     and a sentence saying what is awaited;
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
 * Host actions: whatever is not a player's move -- the start, resignation,
 * a clock's timeout, a draw by agreement, a director's adjudication, a
 * tournament forfeit -- is an action of the game's log like a player's, with
 * side RULES_SYSTEM, handed to the engine (host(), which may refuse or react)
 * and replayed like any other.  match.c keeps the default (the game ends as
 * asked) for engines that leave host() NULL.  Two host actions never reach
 * the engine and never end the game: an agreed pause (the clocks are the
 * server's) and an agreed takeback (match.h, "Takebacks"); an engine's only
 * part in a takeback is to say which of its actions are barriers
 * (takeback_barrier below).
 *
 * Versions: `version` names the engine's behaviour; a change that can alter
 * the replay of a stored game (a rules fix, a new die roll, another event)
 * bumps it.  Stored games record the version and the scenario digest they
 * were created with (server/games.c decides what an old game replays on).
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

/* Who asks (view, query): a side or RULES_SPECTATOR, and the size in character cells of the
 * screen the answer is for (a text map fits it): 80 x 24 when the client has not said.
 * cols 0 means no screen: a program reads the answer (view in JSON mode), and view() may
 * leave out the text lines it would build for a person.  Queries always give their lines
 * (fitted to 80 x 24 when cols is 0). */
struct rules_viewer {
	int side;
	int cols;
	int rows;
};
#define RULES_COLS_DEFAULT 80
#define RULES_ROWS_DEFAULT 24
/* A viewer of side s on the default screen, as an lvalue: `&RULES_VIEWER(0)`. */
#define RULES_VIEWER(s) ((struct rules_viewer){(s), RULES_COLS_DEFAULT, RULES_ROWS_DEFAULT})
struct rules_game; /* ruleset-owned */

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
/* rules_fail for hot paths that are often asked only whether (err NULL, a search): the
 * message's arguments are evaluated only when err is not NULL.  The same result. */
#define RULES_FAIL(err, code, ...) ((err) != NULL ? rules_fail((err), (code), __VA_ARGS__) : (code))

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

/* One game verb, for routing, arity checks and `help`.  Engines may embed it as the first
 * member of their own verb entry (struct fm_verb). */
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

/*
 * Who must act now.  sides == 0 means nobody (the game is over).  For each
 * side that must act, kind is a stable slug of the decision awaited (a
 * program or a clock acts on it: "setup", "phase", "support-step", "loss",
 * "retreat", "advance", "commit", "orders", "roll", "bid", ...) and what the
 * sentence a person reads.  decision is filled by the match, not the engine
 * (match.h): it changes exactly when that side's awaited decision changes.
 */
#define RULES_KIND_MAX 24
struct rules_pending {
	unsigned sides; /* RULES_AUD_SIDE(0) | RULES_AUD_SIDE(1) */
	char kind[RULES_SIDES][RULES_KIND_MAX];
	char what[RULES_SIDES][240];
	uint32_t decision[RULES_SIDES];
};

/* Host actions (their numbers are stored with the game's actions: never renumber). */
enum rules_host_kind {
	RULES_HOST_NONE = 0,       /* a player's action */
	RULES_HOST_START = 1,      /* both seats are filled: start() */
	RULES_HOST_RESIGN = 2,     /* side concedes */
	RULES_HOST_TIMEOUT = 3,    /* side's clock ran out */
	RULES_HOST_DRAW = 4,       /* both sides agreed to a draw */
	RULES_HOST_ADJUDICATE = 5, /* a director decides: winner (-1 a draw) */
	RULES_HOST_FORFEIT = 6,    /* a tournament director forfeits side */
	RULES_HOST_PAUSE = 7,      /* both agreed to stop the clocks for arg hours (side asked) */
	RULES_HOST_TAKEBACK = 8,   /* both agreed to undo side's actions from version arg on */
	RULES_HOST_COUNT
};

struct rules_host_action {
	enum rules_host_kind kind;
	int side;         /* the side concerned (resign, timeout, forfeit; who asked: pause,
	                   * takeback), else -1 */
	int winner;       /* adjudicate: 0, 1 or -1 (draw) */
	const char *note; /* who or why, for the result ("alice"), may be "" */
	int64_t arg;      /* pause: hours; takeback: the version of the first action undone;
	                   * else 0 (match.h: the stored line) */
};

/* host() returns this to leave the action to the default: the game ends as asked. */
#define RULES_HOST_DEFAULT 1

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
	const char *version;     /* "fm-3": bumped whenever a change can alter a replay */
	const void *data;        /* the ruleset's own (F&M: its module list) */

	/* The i-th verb (0, 1, ...) of games of scenario sc, NULL past the last: the
	 * system's verbs, then those of the scenario's own rules.  Static storage. */
	const struct rules_verb *(*verb)(const struct rules_scenario *sc, size_t i);

	/*
	 * Builds a scenario from a parsed scenario document.  rs is this ruleset;
	 * source is the file name used in error messages; errors name the file,
	 * the JSON path and the problem ("scheldt.json: $.hexes[12].terrain:
	 * unknown terrain 'swmp'").  On success *out is owned by the caller
	 * (scenario_free).
	 */
	int (*scenario_load)(const struct ruleset *rs, const char *source, const cJSON *doc,
	                     struct rules_scenario **out, struct rules_error *err);
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
	 * One player action: verb is the engine's own entry for argv[0] (one of
	 * verb(sc, i): a RULES_VERB_ACTION, looked up and arity-checked once by
	 * the caller), side the acting side.  The engine checks that the game
	 * waits for side (the turn) and for this verb.  reply is an object the
	 * engine may fill for the actor only ("lines": [..] are shown in text
	 * mode).  See the atomicity contract above.
	 */
	int (*apply)(struct rules_game *g, struct rules_dice *dice, int side,
	             const struct rules_verb *verb, int argc, char **argv, cJSON *reply,
	             struct rules_events *ev, struct rules_error *err);

	/*
	 * Optional: a host action other than the start (resign, timeout, draw,
	 * adjudicate, forfeit).  Returns 0 when the engine carried it out (its
	 * outcome() says what became of the game: it may, say, refuse a loss on
	 * time at that point and award a draw), RULES_HOST_DEFAULT to let the
	 * game end as asked, or a negative WG_E_* to refuse it (atomicity as for
	 * apply).  NULL: always the default.
	 */
	int (*host)(struct rules_game *g, struct rules_dice *dice,
	            const struct rules_host_action *a, struct rules_events *ev,
	            struct rules_error *err);

	/* A read-only verb (RULES_VERB_QUERY) as seen by viewer, into out. */
	int (*query)(const struct rules_game *g, const struct rules_viewer *who, int argc,
	             char **argv, cJSON *out, struct rules_error *err);

	void (*pending)(const struct rules_game *g, struct rules_pending *p);
	/* The state as viewer (0, 1, RULES_SPECTATOR) may see it; NULL on OOM. */
	cJSON *(*view)(const struct rules_game *g, const struct rules_viewer *who);
	/*
	 * Optional (NULL: the caller takes view()'s "lines").  The text of view() alone, for a
	 * person's screen: an object whose only member is "lines", the very strings view(g, who)
	 * puts in its "lines" (none when who->cols is 0), without building the rest of the
	 * state.  The caller owns it; NULL on OOM.
	 */
	cJSON *(*view_lines)(const struct rules_game *g, const struct rules_viewer *who);
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
	int (*scenario_lint)(const struct ruleset *rs, const char *source, const cJSON *doc,
	                     void (*report)(void *ctx, int severity, const char *path,
	                                    const char *message),
	                     void *ctx);

	/*
	 * Optional (NULL: the ruleset draws no pictures; the server says so to `map svg`).
	 * A picture of the game as viewer who may see it, as a malloc'd NUL-terminated SVG
	 * document the caller frees: never a secret the viewer may not see (the same
	 * redaction as view()), and no line longer than 78 columns, so that it can be sent
	 * as text-mode data lines (rules/core/svg.h writes such documents).  argv[0] names
	 * the picture ("svg", the only kind so far: refuse others), argv[1..argc-1] are its
	 * options as the player typed them (F&M: reach=<unit>, hexes=<hex>,<hex>...).
	 * Returns NULL with err filled (a bad option: WG_E_BAD_ARGS, an unknown unit or hex,
	 * WG_E_NO_MEMORY).  Read-only, pure and deterministic like query().
	 */
	char *(*picture)(const struct rules_game *g, const struct rules_viewer *who, int argc,
	                 char **argv, struct rules_error *err);

	/*
	 * Optional (NULL: the ruleset says it has no secret a twin could differ in), for the
	 * differential secrecy test (tests/unit/test_secrecy_diff.c): a copy of g that differs
	 * only in what side keeps secret -- another hand drawn, another marker placed face down,
	 * a hidden unit elsewhere -- and that the rules could have reached by the same public
	 * history, so that nobody but side can tell the two apart: every answer to the other
	 * side and to spectators (view, every query, pictures, refusals, the events of the same
	 * next action) must be byte-identical in both.  variant picks one twin (modulo their
	 * number, so every variant gives one when there is any); what (n bytes) receives a
	 * sentence naming the difference; *lasting is 1 when the difference outlives any next
	 * action (0: the next action may reveal it by the rules, as step b5 reveals face-down
	 * markers).  Returns the twin, which the caller destroys, or NULL when side has no
	 * secret another world could hold now (or out of memory).  Pure and deterministic.
	 */
	struct rules_game *(*secret_twin)(const struct rules_game *g, int side, unsigned variant,
	                                  char *what, size_t n, int *lasting);

	/*
	 * Optional (NULL: no action of this ruleset can ever be taken back: `offer takeback` is
	 * refused).  Called by the match right after apply() accepted an action of side (argv as
	 * for apply; g is now the state after it; ev holds the events of that action only):
	 * returns 1 when the action is a barrier no takeback may cross -- it revealed something
	 * hidden, or made a decision the rules make final (a phase ended, a face-down commitment
	 * that may not be changed) -- with why->message saying what, as the words that complete
	 * "blue's action v=19 ..." ("revealed the support fire markers"), and why->rule the rule
	 * id; 0 when it may be taken back.  A die rolled
	 * is a barrier whatever the engine says (when the engine names no reason, the match
	 * says "rolled a die").
	 * Pure and deterministic: it is asked again, with the same answer, when the game is
	 * replayed.
	 */
	int (*takeback_barrier)(const struct rules_game *g, int side, int argc, char **argv,
	                        const struct rules_events *ev, struct rules_error *why);
};

/* The verb of games of scenario sc named name (case-insensitive), or NULL. */
const struct rules_verb *rules_verb_find(const struct ruleset *rs, const struct rules_scenario *sc,
                                         const char *name);
/* The stored name of a host action kind ("resign"), or NULL. */
const char *rules_host_name(enum rules_host_kind kind);
/* The kind named name, or RULES_HOST_NONE. */
enum rules_host_kind rules_host_kind(const char *name);

#endif
