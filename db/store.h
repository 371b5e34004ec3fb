/*
 * store.h -- the only way the server touches the database.
 *
 * The store keeps users, games, seats, the append-only list of accepted
 * actions (with the dice each consumed), snapshots, the per-viewer event log,
 * chat, and the text of every scenario a game was created from.  A store is
 * opened on a backend named by the path's scheme (db_open("sqlite:FILE") or
 * a plain FILE): the backend is a table of operations (db/backend.h), so a
 * second one (PostgreSQL) is added there without touching the server.  The
 * SQLite backend (db/store_sqlite.c) runs in WAL mode; its schema is created
 * and upgraded by numbered migrations, recorded in PRAGMA user_version.
 *
 * Invariants:
 *   - a game's actions have seq 1, 2, 3 ... with no gaps; (game, seq) is
 *     unique, so an action can never be stored twice;
 *   - events have seq 1, 2, 3 ... per game;
 *   - nothing is ever deleted from actions, events or chat;
 *   - every function returns 0 or a negative WG_E_* code (WG_E_NOT_FOUND,
 *     WG_E_EXISTS, WG_E_STORAGE; WG_E_BAD_ARGS for a NULL string or one too
 *     long for the struct field it is read back into, WG_E_NO_MEMORY); the
 *     message of the last failure is available from db_last_error();
 *   - user id 0 means "nobody" (empty seat, host action) and is stored as
 *     NULL; any other user id must exist (foreign keys are enforced, a
 *     dangling id fails with WG_E_STORAGE).
 *
 * Transactions: db_begin/db_commit/db_rollback wrap a group of writes.
 * Without an explicit transaction each write is its own transaction.  If
 * db_commit fails the transaction may still be open: call db_rollback, which
 * is a no-op returning 0 when no transaction is open.
 *
 * Group commit (the server): in batch mode (db_batch_mode) the first write
 * opens a transaction that every later write joins, until db_batch_commit
 * commits them all with one fsync.  The server commits once per loop
 * iteration and sends the `ok`s of that iteration only afterwards, so an
 * accepted action is durable (synchronous=FULL) before its client hears of
 * it, and N clients cost one fsync, not N.  Everything one accepted action
 * writes is one db_step_stage: atomic inside the batch (a failed step leaves
 * the batch as it was).  If db_batch_commit fails, every write since the
 * last commit is gone.
 *
 * Callbacks: the *_each functions call fn once per row; a non-zero return
 * from fn stops the walk and is returned.  fn may call any store function
 * (including the same *_each) and may write.
 *
 * Strings passed in are copied; strings returned in structs are owned by the
 * struct (fixed arrays) unless a comment says "malloc'd: you free it".
 * Times are Unix seconds given by the caller (the store reads no clock).
 */
#ifndef DB_STORE_H
#define DB_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "common/errors.h"

struct db_store;

/* Opens (creating if needed) the database at path and runs pending
 * migrations.  ":memory:" gives a private in-memory database.  A database
 * written by a newer wargamed (schema version above this build's) is
 * refused untouched.  On failure *out is NULL and db_last_error(NULL) says
 * why. */
int db_open(const char *path, struct db_store **out);
/* Closes the database (checkpointing the WAL); st may be NULL. */
void db_close(struct db_store *st);
/* Text of the last failure on st (valid until the next call on st); with st
 * NULL, why the last db_open of the calling thread failed. */
const char *db_last_error(const struct db_store *st);
/* The schema version after migrations (number of the last migration), or
 * a negative WG_E_* code. */
int db_schema_version(struct db_store *st);
/* Copies the live database to path with the SQLite online backup API.  A
 * database already at path is overwritten; the copy is a complete database
 * (open it with db_open).  Call it outside db_begin/db_commit. */
int db_backup(struct db_store *st, const char *path);

int db_begin(struct db_store *st);
int db_commit(struct db_store *st);
int db_rollback(struct db_store *st);

/* Batch mode on (1) or off (0); off commits a batch still open first. */
int db_batch_mode(struct db_store *st, int on);
/* 1 if writes since the last commit wait in an open batch. */
int db_batch_pending(const struct db_store *st);
/* Commits the open batch (no-op: 0 when none is open).  On failure the batch is rolled
 * back: every write since the last commit is lost. */
int db_batch_commit(struct db_store *st);

/* ---- users ---- */

#define DB_NAME_MAX 32
#define DB_HASH_MAX 128 /* crypto_pwhash_STRBYTES */

struct db_user {
	int64_t id;
	char name[DB_NAME_MAX + 1];
	char pwhash[DB_HASH_MAX];
	int64_t created;
};

/* WG_E_EXISTS if the name (case-insensitive, ASCII letters only) is taken;
 * sets *id if non-NULL.  WG_E_BAD_ARGS if name is longer than DB_NAME_MAX
 * or pwhash does not fit DB_HASH_MAX with its NUL. */
int db_user_create(struct db_store *st, const char *name, const char *pwhash, int64_t now,
                   int64_t *id);
/* Case-insensitive lookup by name; WG_E_NOT_FOUND if none. */
int db_user_by_name(struct db_store *st, const char *name, struct db_user *out);
/* WG_E_NOT_FOUND if no user has that id. */
int db_user_by_id(struct db_store *st, int64_t id, struct db_user *out);
/* WG_E_NOT_FOUND if no user has that id. */
int db_user_set_password(struct db_store *st, int64_t id, const char *pwhash);

/* ---- games ---- */

enum db_game_status {
	DB_GAME_OPEN = 0,     /* waiting for a second player */
	DB_GAME_ACTIVE = 1,   /* both seats filled, being played */
	DB_GAME_FINISHED = 2, /* ended by the rules, resignation or abandonment */
};

#define DB_SCENARIO_MAX 64
#define DB_OPTIONS_MAX  2048
#define DB_RESULT_MAX   256
#define DB_ENGINE_MAX   32
#define DB_DIGEST_MAX   65 /* hex SHA-256 and its NUL */

struct db_game {
	int64_t id;
	char scenario[DB_SCENARIO_MAX];
	char options[DB_OPTIONS_MAX]; /* "key=value key=value", as given to new */
	uint8_t seed[32];
	char commitment[65]; /* hex SHA-256 of seed */
	int status;          /* enum db_game_status */
	int private_game;    /* 1: not listed in `games open` */
	int64_t creator;     /* user id */
	int64_t seat[2];     /* user id per side, 0 when empty */
	int64_t version;     /* accepted actions */
	int winner;          /* -1 none/draw, 0 or 1 */
	char result[DB_RESULT_MAX];
	int64_t created;
	int64_t updated;
	char engine[DB_ENGINE_MAX]; /* ruleset version the game was created with, "" if older */
	char
	    digest[DB_DIGEST_MAX]; /* SHA-256 of its scenario text (db_scenario_put), "" if older */
};

/* Inserts g (id ignored) and sets g->id. */
int db_game_create(struct db_store *st, struct db_game *g);
/* Writes status, private flag, seats, version, winner, result, updated, engine and
 * digest of game g->id; WG_E_NOT_FOUND if there is no such game. */
int db_game_update(struct db_store *st, const struct db_game *g);
/* WG_E_NOT_FOUND if there is no such game. */
int db_game_get(struct db_store *st, int64_t id, struct db_game *out);
/* Calls fn for every game with status in the mask (1 << status), in id
 * order; a non-zero return from fn stops the walk and is returned. */
int db_game_each(struct db_store *st, unsigned status_mask,
                 int (*fn)(void *ctx, const struct db_game *g), void *ctx);

/*
 * A game's pending summary: who must act after its last action, as a text the server
 * writes and reads (server/games.c), so that start-up knows it without loading the game.
 * Written with each step (db_step.pending) or by db_game_pending_put (WG_E_NOT_FOUND: no
 * such game); NULL in the store until the first of these.
 */
int db_game_pending_put(struct db_store *st, int64_t game, const char *pending);
/* Calls fn for every game with status in the mask that has a summary, in id order; pending
 * is valid during the call.  A non-zero return from fn stops the walk and is returned. */
int db_game_pending_each(struct db_store *st, unsigned status_mask,
                         int (*fn)(void *ctx, int64_t game, const char *pending), void *ctx);

/* ---- actions ---- */

struct db_action {
	int64_t game;
	int64_t seq;  /* 1-based, = version after the action */
	int side;     /* 0, 1, or -1 for host actions */
	int64_t user; /* acting user id, 0 for host actions */
	int host;     /* 0: a player's action, else its enum rules_host_kind (1 start, ...) */
	char *line;   /* canonical action line ("move 9/3 2638", "resign 1 -1 bob") */
	char *dice;   /* JSON [[sides,value,forced],...] */
	int64_t at;
};

/* Appends; WG_E_EXISTS if (game, seq) is already stored (nothing changes);
 * WG_E_STORAGE if seq would leave a gap (seq > last seq of the game + 1).
 * dice NULL is stored as "[]". */
int db_action_append(struct db_store *st, const struct db_action *a);
/* The seq of side's last player action (host 0) in game in *seq, 0 if side has none. */
int db_action_last_of(struct db_store *st, int64_t game, int side, int64_t *seq);
/* Calls fn for each action of game with seq > after, in seq order.  The
 * strings in *a are valid only during the call (do not free them). */
int db_action_each(struct db_store *st, int64_t game, int64_t after,
                   int (*fn)(void *ctx, const struct db_action *a), void *ctx);

/* ---- snapshots ---- */

/* Stores the full state of game after action seq (replacing a snapshot
 * already stored at that seq). */
int db_snapshot_put(struct db_store *st, int64_t game, int64_t seq, const char *state);
/* The latest snapshot of game: *seq and *state (malloc'd: you free it).
 * WG_E_NOT_FOUND if there is none. */
int db_snapshot_latest(struct db_store *st, int64_t game, int64_t *seq, char **state);
/* The latest snapshot of game taken after an action seq <= max, as db_snapshot_latest. */
int db_snapshot_at_most(struct db_store *st, int64_t game, int64_t max, int64_t *seq, char **state);

/* ---- event log (what each viewer may read back with `log`) ---- */

struct db_event {
	int64_t game;
	int64_t seq;       /* 1-based per game */
	int64_t action;    /* action seq that produced it, 0 for host events */
	unsigned audience; /* RULES_AUD_* mask */
	char *json;        /* the event object */
	int64_t at;
};

/* Appends with seq = last seq of the game + 1 (e->seq is ignored); sets
 * *seq if non-NULL. */
int db_event_append(struct db_store *st, const struct db_event *e, int64_t *seq);
/* The last `limit` events of game whose audience intersects mask
 * ((audience & mask) != 0), oldest first; limit <= 0 means all of them.
 * fn as for actions. */
int db_event_each_last(struct db_store *st, int64_t game, unsigned mask, int limit,
                       int (*fn)(void *ctx, const struct db_event *e), void *ctx);
/* The first `limit` events of game visible to mask that actions after action seq `action`
 * produced (e->action > action: 0 gives them all), oldest first; limit <= 0 means all of
 * them.  after_seq is a bound the caller knows (db_event_last_upto): every such event has
 * a seq above it, so only those are read (0: read the game's events from the first).
 * fn as for actions. */
int db_event_each_since(struct db_store *st, int64_t game, unsigned mask, int64_t action,
                        int64_t after_seq, int limit,
                        int (*fn)(void *ctx, const struct db_event *e), void *ctx);
/* The seq of the last event that the actions 1..action of game produced in *seq (0: none):
 * the after_seq of db_event_each_since for that action. */
int db_event_last_upto(struct db_store *st, int64_t game, int64_t action, int64_t *seq);
/* Number of events of game with seq > after visible to mask. */
int db_event_count_after(struct db_store *st, int64_t game, unsigned mask, int64_t after,
                         int64_t *count);
/* Highest event seq of game (0 if none). */
int db_event_last_seq(struct db_store *st, int64_t game, int64_t *seq);

/* ---- seats: what each player has seen ---- */

/* Records that the user holding side of game has seen events up to seq.
 * The mark only moves forward: a seq below the stored one is ignored. */
int db_seat_seen(struct db_store *st, int64_t game, int side, int64_t seq);
/* The mark of side in game; 0 if none was ever recorded. */
int db_seat_seen_get(struct db_store *st, int64_t game, int side, int64_t *seq);

/* ---- clocks (docs/clocks.md) ---- */

#define DB_CLOCK_SPEC_MAX 64

/* A game's time control and both sides' clocks as of `since` (ms since the epoch). */
struct db_clock {
	int64_t game;
	char spec[DB_CLOCK_SPEC_MAX]; /* canonical: "fischer:72+12/120 weekends=pause" */
	int64_t left[2];              /* ms left at since */
	int running[2];               /* 1: charged from since on */
	unsigned reminded[2];         /* reminders sent for the current deadline (bits) */
	int64_t since;
	int64_t paused_until; /* an agreed pause stops both clocks until then (ms); 0: none */
	int paused_by;        /* the side that asked for the pause, -1: none */
};

/* Writes (inserts or replaces) the clock of c->game. */
int db_clock_put(struct db_store *st, const struct db_clock *c);
/* The clock of game; WG_E_NOT_FOUND if the game has none. */
int db_clock_get(struct db_store *st, int64_t game, struct db_clock *out);
/* Calls fn for every stored clock in game order. */
int db_clock_each(struct db_store *st, int (*fn)(void *ctx, const struct db_clock *c), void *ctx);

/* A user's vacation bank (ms; times in ms since the epoch). */
struct db_vacation {
	int64_t user;
	int64_t bank;
	int64_t credited; /* 0: never */
	int64_t on_since; /* 0: not on vacation */
};

/* Writes (inserts or replaces) the bank of v->user. */
int db_vacation_put(struct db_store *st, const struct db_vacation *v);
/* Calls fn for every stored bank. */
int db_vacation_each(struct db_store *st, int (*fn)(void *ctx, const struct db_vacation *v),
                     void *ctx);

/* The server's own values by key ("alive": the last instant the server was known to run).
 * WG_E_NOT_FOUND if the key was never written. */
int db_meta_get(struct db_store *st, const char *key, int64_t *value);
int db_meta_put(struct db_store *st, const char *key, int64_t value);

/* ---- people: private messages, blocks, last seen (docs/people.md) ---- */

#define DB_TELL_MAX 500 /* bytes of a tell's text */

struct db_tell {
	int64_t id;
	int64_t from, to; /* user ids */
	char from_name[DB_NAME_MAX + 1];
	char to_name[DB_NAME_MAX + 1];
	char *text;
	int64_t at; /* ms since the epoch */
	int delivered;
};

/* Appends a tell as delivered or not (t->id, names ignored; text at most DB_TELL_MAX bytes, else
 * WG_E_BAD_ARGS); sets *id if non-NULL. */
int db_tell_append(struct db_store *st, const struct db_tell *t, int64_t *id);
/* The last `limit` tells user sent or received (undelivered_only: only those to user not
 * yet delivered), oldest first; limit <= 0 means all.  Strings valid during the call. */
int db_tell_each(struct db_store *st, int64_t user, int undelivered_only, int limit,
                 int (*fn)(void *ctx, const struct db_tell *t), void *ctx);
/* Marks every tell to user with id <= upto delivered. */
int db_tell_delivered(struct db_store *st, int64_t user, int64_t upto);

/* user blocks other (on 1; since: ms) or no longer does (on 0; nothing when it did not). */
int db_block_put(struct db_store *st, int64_t user, int64_t other, int on, int64_t since);
/* *yes = 1 if user blocks other, else 0. */
int db_block_has(struct db_store *st, int64_t user, int64_t other, int *yes);
/* Calls fn for every user that user blocks, by name (name valid during the call). */
int db_block_each(struct db_store *st, int64_t user,
                  int (*fn)(void *ctx, int64_t other, const char *name, int64_t since), void *ctx);

/* When user's last connection went (ms); WG_E_NOT_FOUND if never recorded. */
int db_user_seen_get(struct db_store *st, int64_t user, int64_t *at);
int db_user_seen_put(struct db_store *st, int64_t user, int64_t at);

/* ---- challenges and seeks (docs/people.md) ---- */

enum db_invite_kind { DB_INVITE_CHALLENGE = 0, DB_INVITE_SEEK = 1 };
enum db_invite_state {
	DB_INVITE_OPEN = 0,
	DB_INVITE_ACCEPTED = 1,
	DB_INVITE_DECLINED = 2,
	DB_INVITE_WITHDRAWN = 3,
	DB_INVITE_EXPIRED = 4,
};

struct db_invite {
	int64_t id;
	int kind;     /* enum db_invite_kind */
	int64_t from; /* the user who challenges or seeks */
	int64_t to;   /* the challenged user; 0 for a seek */
	char scenario[DB_SCENARIO_MAX];
	int side; /* from's side, -1 random */
	char clock[DB_CLOCK_SPEC_MAX];
	char options[DB_OPTIONS_MAX];
	int64_t created; /* ms since the epoch */
	int64_t expires; /* ms since the epoch */
	int state;       /* enum db_invite_state */
	int64_t game;    /* the game an accepted one created, else 0 */
	int rated;       /* 1: the game it creates is rated (docs/tournaments.md) */
};

/* Inserts iv (id ignored) open, and sets iv->id. */
int db_invite_create(struct db_store *st, struct db_invite *iv);
/* Closes invite id with state (not open) and game (0: none); WG_E_NOT_FOUND if no open one. */
int db_invite_close(struct db_store *st, int64_t id, int state, int64_t game);
/* Calls fn for every open invite in id order. */
int db_invite_each_open(struct db_store *st, int (*fn)(void *ctx, const struct db_invite *iv),
                        void *ctx);

/* ---- ratings (docs/tournaments.md) ---- */

/* A user's Glicko-2 rating in one scenario. */
struct db_rating {
	int64_t user;
	char scenario[DB_SCENARIO_MAX];
	char name[DB_NAME_MAX + 1]; /* the user's name (read back; ignored when written) */
	double rating, rd, vol;
	int64_t games; /* rated games played */
	int64_t last;  /* ms since the epoch of the last rated game */
};

/* The rating of user in scenario; WG_E_NOT_FOUND if the user has none there. */
int db_rating_get(struct db_store *st, int64_t user, const char *scenario, struct db_rating *out);
/* Writes (inserts or replaces) r. */
int db_rating_put(struct db_store *st, const struct db_rating *r);
/* Calls fn for every rating of scenario, the best first (then by name). */
int db_rating_each_scenario(struct db_store *st, const char *scenario,
                            int (*fn)(void *ctx, const struct db_rating *r), void *ctx);
/* Calls fn for every rating of user, by scenario. */
int db_rating_each_user(struct db_store *st, int64_t user,
                        int (*fn)(void *ctx, const struct db_rating *r), void *ctx);

/* A rated game: marked (done 0) when created, rated (done 1) once over. */
struct db_rated_game {
	int64_t game;
	int done;
	double before[2], rd_before[2]; /* per side, before the game */
	double after[2], rd_after[2];   /* after it */
};

/* Writes (inserts or replaces) g. */
int db_rated_game_put(struct db_store *st, const struct db_rated_game *g);
/* WG_E_NOT_FOUND if game is not rated. */
int db_rated_game_get(struct db_store *st, int64_t game, struct db_rated_game *out);
/* Calls fn for every rated game not rated yet (done 0), in game order. */
int db_rated_game_each_pending(struct db_store *st,
                               int (*fn)(void *ctx, const struct db_rated_game *g), void *ctx);

/* ---- tournaments (docs/tournaments.md) ---- */

#define DB_TNAME_MAX     40
#define DB_TFORMAT_MAX   16
#define DB_TSETTINGS_MAX 200
#define DB_THOW_MAX      16

enum db_tourney_state {
	DB_TOURNEY_OPEN = 0,     /* registration */
	DB_TOURNEY_RUNNING = 1,  /* rounds being played */
	DB_TOURNEY_FINISHED = 2, /* over (note says why when it ended early) */
};

struct db_tourney {
	int64_t id;
	char name[DB_TNAME_MAX + 1];
	char scenario[DB_SCENARIO_MAX];
	int64_t director;
	char director_name[DB_NAME_MAX + 1]; /* read back; ignored when written */
	char format[DB_TFORMAT_MAX];         /* rr, double-rr, swiss, knockout */
	char settings[DB_TSETTINGS_MAX];     /* "rounds=5 max=16 sides=bid ...", canonical */
	char clock[DB_CLOCK_SPEC_MAX];       /* the games' time control, canonical */
	char options[DB_OPTIONS_MAX];        /* the rules' options, as typed */
	uint8_t seed[32];
	int state; /* enum db_tourney_state */
	int paused;
	int round, rounds;
	int64_t deadline; /* ms since the epoch when the current round ends, 0: none */
	int64_t created;  /* ms since the epoch */
	char note[DB_RESULT_MAX];
};

/* Inserts t (id ignored) and sets t->id. */
int db_tourney_create(struct db_store *st, struct db_tourney *t);
/* Writes settings, state, paused, round, rounds, deadline and note of t->id; WG_E_NOT_FOUND
 * if there is no such tournament. */
int db_tourney_update(struct db_store *st, const struct db_tourney *t);
/* WG_E_NOT_FOUND if there is no such tournament. */
int db_tourney_get(struct db_store *st, int64_t id, struct db_tourney *out);
/* Calls fn for every tournament with state in the mask (1 << state), in id order. */
int db_tourney_each(struct db_store *st, unsigned state_mask,
                    int (*fn)(void *ctx, const struct db_tourney *t), void *ctx);

/* A registration. */
struct db_tplayer {
	int64_t tourney, user;
	char name[DB_NAME_MAX + 1]; /* read back; ignored when written */
	int64_t joined;             /* ms since the epoch */
	int pnum;                   /* pairing number (0 before the start) */
	double rating;              /* at the start */
	int withdrawn;              /* the round he withdrew in, 0: plays on */
};

/* Writes (inserts or replaces) p. */
int db_tplayer_put(struct db_store *st, const struct db_tplayer *p);
/* Removes user's registration (WG_E_NOT_FOUND if none). */
int db_tplayer_delete(struct db_store *st, int64_t tourney, int64_t user);
/* Calls fn for every player of tourney, in the order they joined. */
int db_tplayer_each(struct db_store *st, int64_t tourney,
                    int (*fn)(void *ctx, const struct db_tplayer *p), void *ctx);

#define DB_TRESULT_PENDING (-2)
#define DB_TRESULT_DRAW    (-1)
#define DB_TRESULT_NONE    (-3) /* both lost (a double forfeit) */

/* One game (or bye) of a round. */
struct db_tgame {
	int64_t tourney;
	int round, board, leg;
	int64_t player[2];             /* player[1] 0: player[0]'s bye */
	char name[2][DB_NAME_MAX + 1]; /* read back; ignored when written */
	int64_t game;                  /* 0: no game (yet) */
	int result;                    /* DB_TRESULT_*, or 0 / 1 the winner */
	char how[DB_THOW_MAX];         /* "", played, resign, timeout, forfeit, adjudicate,
	                                * draw, bye */
	int bid_side[2], bid[2];       /* the players' bids, -1: none */
};

/* Writes (inserts or replaces) g. */
int db_tgame_put(struct db_store *st, const struct db_tgame *g);
/* Calls fn for every game of tourney by round, board and leg. */
int db_tgame_each(struct db_store *st, int64_t tourney,
                  int (*fn)(void *ctx, const struct db_tgame *g), void *ctx);
/* The tournament game that is game; WG_E_NOT_FOUND if game is no tournament's. */
int db_tgame_by_game(struct db_store *st, int64_t game, struct db_tgame *out);

/* ---- one accepted step ---- */

/*
 * Everything one accepted action writes: the action with its dice, its
 * events with their audiences (seq and action set by the store), the game
 * row after it, the seen marks of the sides in `seen` (moved to the step's
 * last event), a snapshot when snapshot is not NULL and the game's clock when
 * clock is not NULL.
 */
struct db_step {
	const struct db_action *action;
	const struct db_event *events;
	size_t nevents;
	int64_t first_event; /* the seq of events[0] when the caller knows it (the game's last
	                      * event + 1), else 0: the store counts */
	const struct db_game *row;
	int progress_only;            /* 1: only the row's version and updated changed */
	unsigned seen;                /* bit per side */
	const char *snapshot;         /* NULL: none at this step (stored at action->seq) */
	const struct db_clock *clock; /* NULL: the game's clock is not written */
	const char *pending;          /* the game's pending summary after the step
	                               * (db_game_pending_put); NULL: not written */
};

/* Writes the step atomically (in the open batch, or as its own transaction); *last_event
 * (may be NULL) receives the seq of its last event, unchanged when it has none.  On
 * failure nothing of it is written. */
int db_step_stage(struct db_store *st, const struct db_step *step, int64_t *last_event);

/* ---- scenario texts ---- */

/* Stores the text of scenario `scenario` under its digest (nothing when it is there). */
int db_scenario_put(struct db_store *st, const char *digest, const char *scenario, const char *text,
                    int64_t now);
/* The text stored under digest (malloc'd: you free it); WG_E_NOT_FOUND if none. */
int db_scenario_get(struct db_store *st, const char *digest, char **text);

/* ---- chat ---- */

struct db_chat {
	int64_t game;
	int64_t id;
	int64_t user;
	char name[DB_NAME_MAX + 1];
	char *text;
	int64_t at;
};

/* Appends a chat line (c->id is ignored; ids grow with time).  game 0 is the
 * lobby; user 0 is the host. */
int db_chat_append(struct db_store *st, const struct db_chat *c);
/* The last `limit` chat lines of game, oldest first; limit <= 0 means all.
 * fn as for actions. */
int db_chat_each_last(struct db_store *st, int64_t game, int limit,
                      int (*fn)(void *ctx, const struct db_chat *c), void *ctx);

/* ---- operators: bans and the audit log (server/admin.c) ---- */

struct db_ban {
	char kind[8];    /* "user" or "address" */
	char target[64]; /* the user name as registered, or the address */
	char by[DB_NAME_MAX + 1];
	int64_t at;
};

/* Records a ban (one per kind and target: a second replaces the first). */
int db_ban_put(struct db_store *st, const struct db_ban *b);
/* Lifts the ban of kind on target (nothing when there is none). */
int db_ban_delete(struct db_store *st, const char *kind, const char *target);
/* Every ban, oldest first; fn as for actions. */
int db_ban_each(struct db_store *st, int (*fn)(void *ctx, const struct db_ban *b), void *ctx);

struct db_audit {
	int64_t id;
	int64_t at;
	char admin[DB_NAME_MAX + 1];
	const char *verb; /* kick, ban, unban, shutdown */
	const char *args; /* what followed the verb */
};

/* ---- private games: their tokens and invitations (server/private.h) ---- */

#define DB_TOKEN_MAX 32

struct db_access {
	int64_t game;
	int64_t user;                 /* 0: the row holds the game's token; else an invited user */
	char token[DB_TOKEN_MAX + 1]; /* "" for an invitation */
	int64_t at;                   /* ms since the epoch */
};

/* Records a game's token (user 0) or an invitation (a second one replaces the first). */
int db_access_put(struct db_store *st, const struct db_access *a);
/* Every row, by game then user; fn as for actions. */
int db_access_each(struct db_store *st, int (*fn)(void *ctx, const struct db_access *a), void *ctx);

/* Appends an entry to the audit log (a->id is ignored; ids grow with time). */
int db_audit_append(struct db_store *st, const struct db_audit *a);
/* The last `limit` entries, oldest first; fn as for actions (the strings live until it
 * returns). */
int db_audit_each_last(struct db_store *st, int limit,
                       int (*fn)(void *ctx, const struct db_audit *a), void *ctx);

/* ---- notifications outside the server (docs/notifications.md, server/notify.h) ---- */

#define DB_URL_MAX        512 /* bytes of a webhook URL */
#define DB_EMAIL_MAX      254 /* bytes of an e-mail address (RFC 5321 path limit) */
#define DB_SECRET_MAX     64  /* a webhook signing secret: 64 hex digits */
#define DB_NOTE_ID_MAX    32  /* a notification id: 32 hex digits */
#define DB_OUTBOX_ERR_MAX 200 /* bytes of a delivery's last error */

/* A user's channels and choices (times in ms since the epoch). */
struct db_notify_prefs {
	int64_t user;
	char webhook[DB_URL_MAX + 1]; /* "": no webhook */
	char secret[DB_SECRET_MAX + 1];
	char email[DB_EMAIL_MAX + 1]; /* "": no e-mail */
	int digest;                   /* 1: e-mail as a daily digest, 0: one message each */
	int digest_hour;              /* 0..23, UTC */
	unsigned events;              /* a bit per notification type (server/notifyfmt.h) */
	int always;                   /* 1: also while the user is online */
	int64_t digest_next;          /* when the next digest goes (digest only) */
};

/* The prefs of user; WG_E_NOT_FOUND when the user never set any. */
int db_notify_prefs_get(struct db_store *st, int64_t user, struct db_notify_prefs *out);
/* Writes (inserts or replaces) the prefs of p->user. */
int db_notify_prefs_put(struct db_store *st, const struct db_notify_prefs *p);
/* Calls fn for the prefs of every user with an e-mail digest due (digest_next <= now). */
int db_notify_digest_due(struct db_store *st, int64_t now,
                         int (*fn)(void *ctx, const struct db_notify_prefs *p), void *ctx);

enum db_outbox_channel { DB_OUTBOX_WEBHOOK = 0, DB_OUTBOX_EMAIL = 1, DB_OUTBOX_DIGEST = 2 };
enum db_outbox_state {
	DB_OUTBOX_PENDING = 0,
	DB_OUTBOX_SENT = 1,
	DB_OUTBOX_GAVE_UP = 2,
	DB_OUTBOX_DROPPED = 3,
	DB_OUTBOX_DIGESTED = 4,
};

/* One notification on one channel (times in ms since the epoch). */
struct db_outbox {
	int64_t id; /* the row */
	char uid[DB_NOTE_ID_MAX + 1];
	int64_t user;
	int channel; /* enum db_outbox_channel */
	int state;   /* enum db_outbox_state */
	int attempts;
	int64_t created;
	int64_t next_at; /* pending: not tried before */
	int64_t done_at; /* when it left the pending state */
	char *body;      /* webhook: the JSON body; e-mail: the whole message; digest: an item */
	char error[DB_OUTBOX_ERR_MAX + 1];
};

/* Appends o pending with no attempt (id, state, attempts, done_at, error ignored); sets o->id.
 * WG_E_EXISTS when (uid, channel) is stored already. */
int db_outbox_add(struct db_store *st, struct db_outbox *o);
/* The oldest pending row of every (user, channel) of the webhook and e-mail channels whose
 * next_at <= now and id <= upto, soonest next_at first, at most limit.  Strings valid during
 * the call. */
int db_outbox_due(struct db_store *st, int64_t now, int64_t upto, int limit,
                  int (*fn)(void *ctx, const struct db_outbox *o), void *ctx);
/* Writes the state, attempts, next_at, done_at and error of row o->id. */
int db_outbox_update(struct db_store *st, const struct db_outbox *o);
/* Every pending row of user on channel leaves the pending state as state, at now, with
 * error. */
int db_outbox_close_all(struct db_store *st, int64_t user, int channel, int state, int64_t now,
                        const char *error);
/* The pending rows of user on channel, oldest first, at most limit (<= 0: all). */
int db_outbox_pending(struct db_store *st, int64_t user, int channel, int limit,
                      int (*fn)(void *ctx, const struct db_outbox *o), void *ctx);

/* What a user's channel did (rows kept until purged). */
struct db_outbox_stats {
	int64_t pending, sent, gave_up;
	int64_t last_sent; /* done_at of the last delivery, 0: none */
	/* the oldest pending row: its attempts so far, next try and last error */
	int head_attempts;
	int64_t head_next;
	char head_error[DB_OUTBOX_ERR_MAX + 1];
};

int db_outbox_stats(struct db_store *st, int64_t user, int channel, struct db_outbox_stats *out);
/* The rows of user pending on any channel. */
int db_outbox_count_pending(struct db_store *st, int64_t user, int64_t *count);
/* Deletes the rows that left the pending state before `before`. */
int db_outbox_purge(struct db_store *st, int64_t before);
/* The highest row id (0: none). */
int db_outbox_max_id(struct db_store *st, int64_t *id);

#endif
