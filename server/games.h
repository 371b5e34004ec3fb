/*
 * games.h -- the hosted games: the index of every game the database knows,
 * each game's seats and rules state, who sits where (user -> games), and
 * recovery: rebuilding a game's rules state from its snapshot and actions on
 * the data and rules it was played on.
 *
 * Every game the database knows has a struct srv_game (s->games[id]).  A
 * game's rules state (match) is built on first use -- a request that needs it,
 * an action, a clock's timeout, a tournament's verdict (srv_game_ensure_loaded,
 * and host.c for every action) -- from its latest snapshot and the actions
 * after it; an unfinished game keeps it from then on, a finished one is
 * released again when it has not been used for a while (srv_games_sweep).
 *
 * Lazy loading (issue 14, "Recovery at scale"): start-up reads the game rows
 * and each unfinished game's pending summary (who must act, the kind and
 * sentence of each awaited decision, the decision counters), which the store
 * keeps beside the row (games.pending, written with every step: host.c), and
 * loads no game.  Everything that runs on games nobody is looking at -- the
 * clocks and their reminders, the login digest and your-turn notices, `who`,
 * `games`, `finger`, tournament deadlines -- works from the row, the clock and
 * that summary (srv_game_pending); what must change the game (a timeout, a
 * forfeit) loads it first.  An active game whose summary was never recorded
 * (written by a build before migration 12) is loaded at start-up as before
 * and its summary recorded then: the backfill.
 *
 *   start-up --> [not loaded: rec, clock, pend] --first use: snapshot + actions-->
 *                [loaded: match] --finished and idle (sweep)--> [not loaded]
 *                       |
 *                       +-- cannot be built --> [refused: why]
 *
 * What a game replays on (ruleset.h, "Versions"):
 *
 *   scenario: the stored game records the digest of the scenario text it
 *     was created from; the installed file if its digest is the same, else
 *     the text stored in the database under that digest (a pinned scenario:
 *     a map correction never changes a running game).  Games created before
 *     digests were recorded replay on the installed file and are pinned to it.
 *   engine: the game records the ruleset version it was created with.  On
 *     the same version it loads from its last snapshot.  On another version
 *     it replays from the first action and every event the replay gives must
 *     equal the stored one: then the game is upgraded (new version
 *     recorded); else it is refused -- kept, but not playable -- with a
 *     message naming the game, both versions and the first action that
 *     differs.  Never a silent divergence.
 *
 * Takebacks: the actions a takeback undid stay stored; every replay (recovery, a takeback's
 * rebuild) counts them without applying them (rules/core/match.h, "Takebacks").
 *
 * Invariants: a loaded game's match is at rec.version; g->entry is never
 * freed while g lives (catalog entries never move); a refused game
 * (g->refused) answers every request with g->why.
 */
#ifndef SRV_GAMES_H
#define SRV_GAMES_H

#include <stdint.h>

#include "db/store.h"
#include "rules/core/catalog.h"
#include "rules/core/match.h"

#include "clock.h"

struct srv;
struct srv_conn;

struct srv_game {
	struct db_game rec;
	const struct rules_catalog_entry *entry; /* NULL: scenario not installed nor stored */
	struct rules_match match;
	int loaded;  /* match holds the state at rec.version */
	int refused; /* cannot be loaded: why says so */
	/* who must act while the match is not loaded: the store's summary (srv_game_pending) */
	struct rules_pending pend;
	int pend_known; /* pend was read from the store */
	char why[400];
	char seat_name[2][DB_NAME_MAX + 1];
	struct srv_conn **watchers;
	size_t nwatchers, capwatchers;
	int64_t last_event; /* seq of the last stored event */
	/*
	 * What `view` lists "since your last action" (cmd-game.c), per side: the seq of its
	 * last player action and the seq of the last event stored by then (every event of a
	 * later action is above it).  Set by each of its actions (host.c); known 0: read from
	 * the store at the next view (after a load or a takeback).
	 */
	struct srv_acted {
		int64_t action, event;
		int known;
	} acted[2];
	int64_t used_ms;              /* loop time of the last request that needed the state */
	int in_batch;                 /* written in the uncommitted batch (server.c) */
	struct srv_gclock clock;      /* the time control and both clocks (clock.c) */
	char token[DB_TOKEN_MAX + 1]; /* a private game's token ("": none; private.h) */
	int64_t *guests;              /* users invited to it by name (private.h) */
	size_t nguests;
};

/* Loads every game record and the pending summary of every unfinished game; loads the
 * rules state only of the active games without a summary (and records theirs).  Returns
 * the number of those that could not be restored (each logged). */
int srv_games_recover(struct srv *s);
/* Frees every game. */
void srv_games_release(struct srv *s);
/* Releases the rules state of finished games unused for idle_ms (their record stays). */
void srv_games_sweep(struct srv *s, int64_t idle_ms);

/* The game with that id, or NULL. */
struct srv_game *srv_game_get(struct srv *s, int64_t id);
/* Adds a new game to the index; 0 or -1 (out of memory). */
int srv_game_index(struct srv *s, struct srv_game *g);
/* Frees one game (not in the index). */
void srv_game_free(struct srv_game *g);
/* Makes sure g->match is at g->rec.version (loads finished games); 0 or a WG_E_* code
 * with the reason in err. */
int srv_game_ensure_loaded(struct srv *s, struct srv_game *g, char *err, size_t errsize);
/*
 * A takeback (rules/core/match.h, "Takebacks"): builds into *out (empty; the caller releases
 * it) the match of loaded game g as its stored actions give it with every action from
 * undo_from on undone -- the latest snapshot before undo_from, then the stored actions,
 * those earlier takebacks undid and those from undo_from on counted, not applied: the very
 * replay of recovery.  out is then at g's version and in the state before action undo_from.
 * 0, or a WG_E_* code with err filled.
 */
int srv_game_rebuild(struct srv *s, struct srv_game *g, int64_t undo_from, struct rules_match *out,
                     char *err, size_t errsize);
/* Rebuilds g->match (and g->rec) from the store after a failed write (logged).  Returns 1
 * when the game's row is not in the store at all (created in a lost batch): g is then
 * removed from the index and freed. */
int srv_game_resync(struct srv *s, struct srv_game *g);

/* Logs the public event ev of g as an event of no action (an offer, a pause's end: `log`
 * shows it, a replay skips it) in the loop's batch.  0 or a WG_E_* code. */
int srv_game_note(struct srv *s, struct srv_game *g, const cJSON *ev);

/*
 * Who must act in g: the match's pending when it is loaded, else the summary the store
 * keeps; NULL when neither is known (the scenario is missing, the game could not be
 * loaded, or its summary was never recorded).  Valid until g changes.
 */
const struct rules_pending *srv_game_pending(const struct srv_game *g);
/* The stored text of a pending summary (malloc'd: you free it), or NULL (out of memory). */
char *srv_pending_encode(const struct rules_pending *p);
/* Reads a stored summary into p (members missing: nobody, empty); 0 or -1 (not one). */
int srv_pending_decode(const char *text, struct rules_pending *p);

/* The side (0/1) user holds in g, or -1. */
int srv_game_side_of(const struct srv_game *g, int64_t user);
/* "open", "active" or "finished". */
const char *srv_game_status_name(int status);
/* The scenario's name of side (0/1), or "?" if the scenario is missing. */
const char *srv_game_side_name(const struct srv_game *g, int side);
/* Parses "k=v k=v" into opts; 0 or -1. */
int srv_options_parse(const char *text, struct rules_options *opts);

/* The games user holds a seat in (ids, *n of them; valid until the next seat change). */
const int64_t *srv_user_games(struct srv *s, int64_t user, size_t *n);
/* Records that user sits in game; 0 or -1. */
int srv_user_games_add(struct srv *s, int64_t user, int64_t game);

/* Hex SHA-256 of a scenario text (digest, 65 bytes). */
void srv_scenario_digest(const char *text, size_t len, char *digest);

#endif
