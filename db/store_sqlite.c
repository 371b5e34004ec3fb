/*
 * store_sqlite.c -- the SQLite backend of store.h.
 *
 * This file owns one sqlite3 connection per struct db_store, every prepared
 * statement run on it, and the text of the last failure.  The schema itself
 * belongs to migrations.c; this file only runs it from db_open.
 *
 * Connection setup (db_open), in this order:
 *   1. open the file (created if missing), extended result codes on, busy
 *      timeout DB__BUSY_TIMEOUT_MS (another process holding the write lock,
 *      e.g. a backup tool, is waited for rather than failed);
 *   2. refuse a database whose user_version is newer than the code, before
 *      anything is written to it;
 *   3. PRAGMA journal_mode=WAL, synchronous=FULL, foreign_keys=ON, and
 *      temp_store=MEMORY: a step's savepoint and each statement in it journal the pages
 *      they change, and past 64 KiB SQLite spills that sub-journal to a temporary file,
 *      written page by page on every step of a batch (a fifth of a step's CPU; it is
 *      emptied at each step's RELEASE, so it stays small in memory);
 *   4. run the pending migrations (each in its own transaction);
 *   5. prepare every statement of DB__STATEMENTS once (PERSISTENT); they are
 *      reset after each use and finalised in db_close.
 *
 *   db_open --> [open] --db_begin--> [in transaction] --db_commit/rollback--> [open]
 *                 |                        | (any write without db_begin is
 *                 |                        |  its own implicit transaction)
 *                 +--------db_close--------+--> rollback if needed, finalise,
 *                                               checkpoint(TRUNCATE), close
 *
 * Invariants:
 *   - a cached statement is in use (busy) only while a store function runs;
 *     a callback of an *_each function that re-enters the same query gets a
 *     private statement, prepared and finalised on the spot, so callbacks may
 *     call any store function (recovery reads actions from inside
 *     db_game_each);
 *   - every failure leaves the SQLite message in st->err before the
 *     statement is reset (reset would change sqlite3_errmsg);
 *   - a user id 0 in the structs is NULL in the database (foreign keys);
 *   - text parameters are bound SQLITE_STATIC: they are only read during
 *     the call, and the bindings are cleared before the function returns;
 *   - db_backup refuses to run inside a transaction (it would copy pages
 *     not yet committed).
 *
 * Durability and its cost (read this before benchmarking).  WAL with
 * synchronous=FULL fsyncs the WAL file on every COMMIT, so an `ok` is only
 * sent for an action that survives power loss.  That fsync is the dominant
 * cost of a write: one implicit transaction per write means one fsync per
 * write (on the order of 0.1-1 ms on an SSD, up to 10 ms or more on a
 * spinning disk or a cloud volume; a cache-only tmpfs hides it entirely, so
 * never benchmark on tmpfs and call it real).  Grouping the writes of one
 * loop iteration in db_begin/db_commit pays one fsync per group, which is
 * how throughput should be scaled.  Measured once on the 2-core development
 * VM (ext4 on a virtio disk): about 330 us per action appended in its own
 * transaction, about 15 us per action when 500 share one db_begin/db_commit.
 * synchronous=NORMAL would skip the per-commit fsync (WAL then syncs only at
 * checkpoints: still no corruption, but the last commits can be lost on
 * power failure after their `ok` was sent), which is why it is not used.
 * To measure: time N single-action commits versus N actions in one
 * db_begin/db_commit, on the target disk.
 */
#include "backend.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "migrations.h"

#define DB__BUSY_TIMEOUT_MS 5000
#define DB__ERR_MAX         512
#define DB__STATUS_COUNT    3 /* enum db_game_status */

#define DB__GAME_COLS                                                                              \
	"id, scenario, options, seed, commitment, status, private, creator, seat0, seat1, "        \
	"version, winner, result, created, updated, engine, digest"

#define DB__CLOCK_COLS                                                                             \
	"game, spec, left0, left1, running0, running1, reminded0, reminded1, since, "              \
	"paused_until, "                                                                           \
	"paused_by"

#define DB__NPREFS_COLS                                                                            \
	"user, webhook, secret, email, digest, digest_hour, events, always, digest_next"
#define DB__OUTBOX_COLS                                                                            \
	"o.id, o.uid, o.user, o.channel, o.state, o.attempts, o.created, o.next_at, o.done_at, "   \
	"o.body, o.error"

#define DB__RATING_COLS                                                                            \
	"r.user, r.scenario, u.name, r.rating, r.rd, r.vol, r.games, r.last FROM ratings r "       \
	"JOIN users u ON u.id = r.user"
#define DB__RATED_COLS "game, done, r0, d0, r1, d1, n0, m0, n1, m1"
#define DB__TOURNEY_COLS                                                                           \
	"t.id, t.name, t.scenario, t.director, u.name, t.format, t.settings, t.clock, t.options, " \
	"t.seed, t.state, t.paused, t.round, t.rounds, t.deadline, t.created, t.note "             \
	"FROM tournaments t JOIN users u ON u.id = t.director"
#define DB__TGAME_COLS                                                                             \
	"g.tournament, g.round, g.board, g.leg, g.player0, u0.name, g.player1, u1.name, g.game, "  \
	"g.result, g.how, g.bid_side0, g.bid0, g.bid_side1, g.bid1 FROM tournament_games g "       \
	"JOIN users u0 ON u0.id = g.player0 LEFT JOIN users u1 ON u1.id = g.player1"

/* Every statement the store runs: X(id, sql). */
#define DB__STATEMENTS(X)                                                                          \
	X(BEGIN, "BEGIN IMMEDIATE")                                                                \
	X(COMMIT, "COMMIT")                                                                        \
	X(ROLLBACK, "ROLLBACK")                                                                    \
	X(SAVEPOINT, "SAVEPOINT step")                                                             \
	X(RELEASE, "RELEASE step")                                                                 \
	X(ROLLBACK_TO, "ROLLBACK TO step")                                                         \
	X(USER_CREATE, "INSERT INTO users(name, pwhash, created) VALUES (?1, ?2, ?3)")             \
	X(USER_BY_NAME, "SELECT id, name, pwhash, created FROM users WHERE name = ?1")             \
	X(USER_BY_ID, "SELECT id, name, pwhash, created FROM users WHERE id = ?1")                 \
	X(USER_SET_PASSWORD, "UPDATE users SET pwhash = ?2 WHERE id = ?1")                         \
	X(GAME_CREATE, "INSERT INTO games(scenario, options, seed, commitment, status, private, "  \
	               "creator, seat0, seat1, version, winner, result, created, updated, "        \
	               "engine, digest) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, "    \
	               "?12, ?13, ?14, ?15, ?16)")                                                 \
	X(GAME_UPDATE, "UPDATE games SET status = ?2, private = ?3, seat0 = ?4, seat1 = ?5, "      \
	               "version = ?6, winner = ?7, result = ?8, updated = ?9, engine = ?10, "      \
	               "digest = ?11 WHERE id = ?1")                                               \
	X(GAME_PROGRESS, "UPDATE games SET version = ?2, updated = ?3, "                           \
	                 "pending = coalesce(?4, pending) WHERE id = ?1")                          \
	X(GAME_PENDING_PUT, "UPDATE games SET pending = ?2 WHERE id = ?1")                         \
	X(GAME_PENDING_EACH, "SELECT id, pending FROM games WHERE pending IS NOT NULL "            \
	                     "AND status IN (?1, ?2, ?3) ORDER BY id")                             \
	X(GAME_GET, "SELECT " DB__GAME_COLS " FROM games WHERE id = ?1")                           \
	X(GAME_EACH, "SELECT " DB__GAME_COLS " FROM games WHERE status IN (?1, ?2, ?3) "           \
	             "ORDER BY id")                                                                \
	X(ACTION_APPEND, "INSERT INTO actions(game, seq, side, user, line, dice, at, host) "       \
	                 "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")                                \
	X(ACTION_EACH, "SELECT game, seq, side, user, line, dice, at, host FROM actions "          \
	               "WHERE game = ?1 AND seq > ?2 ORDER BY seq")                                \
	X(SNAPSHOT_PUT, "INSERT INTO snapshots(game, seq, state) VALUES (?1, ?2, ?3) "             \
	                "ON CONFLICT(game, seq) DO UPDATE SET state = excluded.state")             \
	X(SNAPSHOT_LATEST, "SELECT seq, state FROM snapshots WHERE game = ?1 AND seq <= ?2 "       \
	                   "ORDER BY seq DESC LIMIT 1")                                            \
	X(EVENT_APPEND,                                                                            \
	  "INSERT INTO events(game, seq, action, audience, json, at) VALUES (?1, "                 \
	  "(SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE game = ?1), ?2, ?3, ?4, ?5) "       \
	  "RETURNING seq")                                                                         \
	X(EVENT_APPEND_AT, "INSERT INTO events(game, seq, action, audience, json, at) "            \
	                   "VALUES (?1, ?2, ?3, ?4, ?5, ?6)")                                      \
	X(EVENT_EACH_LAST,                                                                         \
	  "SELECT game, seq, action, audience, json, at FROM (SELECT * FROM events "               \
	  "WHERE game = ?1 AND (audience & ?2) != 0 ORDER BY seq DESC LIMIT ?3) "                  \
	  "ORDER BY seq")                                                                          \
	X(EVENT_EACH_SINCE,                                                                        \
	  "SELECT game, seq, action, audience, json, at FROM events "                              \
	  "WHERE game = ?1 AND seq > ?5 AND action > ?3 AND (audience & ?2) != 0 "                 \
	  "ORDER BY seq LIMIT ?4")                                                                 \
	X(EVENT_LAST_UPTO, "SELECT COALESCE(MAX(seq), 0) FROM events "                             \
	                   "WHERE game = ?1 AND action >= 1 AND action <= ?2")                     \
	X(ACTION_LAST_OF, "SELECT COALESCE(MAX(seq), 0) FROM actions "                             \
	                  "WHERE game = ?1 AND side = ?2 AND host = 0")                            \
	X(EVENT_COUNT_AFTER, "SELECT count(*) FROM events "                                        \
	                     "WHERE game = ?1 AND seq > ?3 AND (audience & ?2) != 0")              \
	X(EVENT_LAST_SEQ, "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game = ?1")              \
	X(SEAT_SEEN, "INSERT INTO seats_seen(game, side, seen) VALUES (?1, ?2, ?3) "               \
	             "ON CONFLICT(game, side) DO UPDATE SET seen = max(seen, excluded.seen)")      \
	X(SEAT_SEEN_GET, "SELECT seen FROM seats_seen WHERE game = ?1 AND side = ?2")              \
	X(SCENARIO_PUT, "INSERT INTO scenario_texts(digest, scenario, text, stored) "              \
	                "VALUES (?1, ?2, ?3, ?4) ON CONFLICT(digest) DO NOTHING")                  \
	X(SCENARIO_GET, "SELECT text FROM scenario_texts WHERE digest = ?1")                       \
	X(CLOCK_PUT,                                                                               \
	  "INSERT OR REPLACE INTO clocks(game, spec, left0, left1, running0, running1, "           \
	  "reminded0, reminded1, since, paused_until, paused_by) "                                 \
	  "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)")                                 \
	X(CLOCK_GET, "SELECT " DB__CLOCK_COLS " FROM clocks WHERE game = ?1")                      \
	X(CLOCK_EACH, "SELECT " DB__CLOCK_COLS " FROM clocks ORDER BY game")                       \
	X(VACATION_PUT, "INSERT OR REPLACE INTO vacations(user, bank, credited, on_since) "        \
	                "VALUES (?1, ?2, ?3, ?4)")                                                 \
	X(VACATION_EACH, "SELECT user, bank, credited, on_since FROM vacations ORDER BY user")     \
	X(META_GET, "SELECT value FROM server_meta WHERE key = ?1")                                \
	X(META_PUT, "INSERT OR REPLACE INTO server_meta(key, value) VALUES (?1, ?2)")              \
	X(TELL_APPEND, "INSERT INTO tells(sender, recipient, text, at, delivered) "                \
	               "VALUES (?1, ?2, ?3, ?4, ?5)")                                              \
	X(TELL_EACH,                                                                               \
	  "SELECT id, sender, sn, recipient, rn, text, at, delivered FROM (SELECT t.*, "           \
	  "s.name AS sn, r.name AS rn FROM tells t JOIN users s ON s.id = t.sender "               \
	  "JOIN users r ON r.id = t.recipient WHERE (t.recipient = ?1 AND (?2 = 0 OR "             \
	  "t.delivered = 0)) OR (?2 = 0 AND t.sender = ?1) ORDER BY t.id DESC LIMIT ?3) "          \
	  "ORDER BY id")                                                                           \
	X(TELL_DELIVERED, "UPDATE tells SET delivered = 1 WHERE recipient = ?1 AND id <= ?2 "      \
	                  "AND delivered = 0")                                                     \
	X(BLOCK_ADD, "INSERT OR IGNORE INTO blocks(user, blocked, since) VALUES (?1, ?2, ?3)")     \
	X(BLOCK_DEL, "DELETE FROM blocks WHERE user = ?1 AND blocked = ?2")                        \
	X(BLOCK_HAS, "SELECT 1 FROM blocks WHERE user = ?1 AND blocked = ?2")                      \
	X(BLOCK_EACH, "SELECT b.blocked, u.name, b.since FROM blocks b JOIN users u "              \
	              "ON u.id = b.blocked WHERE b.user = ?1 ORDER BY u.name")                     \
	X(SEEN_GET, "SELECT at FROM users_seen WHERE user = ?1")                                   \
	X(SEEN_PUT, "INSERT OR REPLACE INTO users_seen(user, at) VALUES (?1, ?2)")                 \
	X(INVITE_CREATE, "INSERT INTO invites(kind, sender, recipient, scenario, side, clock, "    \
	                 "options, created, expires, rated) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, "  \
	                 "?8, ?9, ?10)")                                                           \
	X(INVITE_CLOSE, "UPDATE invites SET state = ?2, game = ?3 WHERE id = ?1 AND state = 0")    \
	X(INVITE_EACH_OPEN, "SELECT id, kind, sender, recipient, scenario, side, clock, options, " \
	                    "created, expires, state, game, rated FROM invites WHERE state = 0 "   \
	                    "ORDER BY id")                                                         \
	X(CHAT_APPEND, "INSERT INTO chat(game, user, name, text, at) "                             \
	               "VALUES (?1, ?2, ?3, ?4, ?5)")                                              \
	X(CHAT_EACH_LAST, "SELECT id, game, user, name, text, at FROM (SELECT * FROM chat "        \
	                  "WHERE game IS ?1 ORDER BY id DESC LIMIT ?2) ORDER BY id")               \
	X(BAN_PUT,                                                                                 \
	  "INSERT OR REPLACE INTO bans(kind, target, by_user, at) VALUES (?1, ?2, ?3, ?4)")        \
	X(BAN_DELETE, "DELETE FROM bans WHERE kind = ?1 AND target = ?2")                          \
	X(BAN_EACH, "SELECT kind, target, by_user, at FROM bans ORDER BY at, rowid")               \
	X(ACCESS_PUT, "INSERT OR REPLACE INTO game_access(game, user, token, at) "                 \
	              "VALUES (?1, ?2, ?3, ?4)")                                                   \
	X(ACCESS_EACH, "SELECT game, user, token, at FROM game_access ORDER BY game, user")        \
	X(AUDIT_APPEND, "INSERT INTO audit(at, admin, verb, args) VALUES (?1, ?2, ?3, ?4)")        \
	X(AUDIT_EACH_LAST, "SELECT id, at, admin, verb, args FROM (SELECT * FROM audit "           \
	                   "ORDER BY id DESC LIMIT ?1) ORDER BY id")                               \
	X(NPREFS_GET, "SELECT " DB__NPREFS_COLS " FROM notify_prefs WHERE user = ?1")              \
	X(NPREFS_PUT, "INSERT OR REPLACE INTO notify_prefs(" DB__NPREFS_COLS ") "                  \
	              "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")                               \
	X(NPREFS_DIGEST_DUE, "SELECT " DB__NPREFS_COLS " FROM notify_prefs WHERE digest = 1 "      \
	                     "AND email != '' AND digest_next <= ?1 ORDER BY user")                \
	X(OUTBOX_ADD, "INSERT INTO notify_outbox(uid, user, channel, created, next_at, body) "     \
	              "VALUES (?1, ?2, ?3, ?4, ?5, ?6)")                                           \
	X(OUTBOX_DUE,                                                                              \
	  "SELECT " DB__OUTBOX_COLS " FROM notify_outbox o WHERE o.state = 0 AND o.channel "       \
	  "IN (0, 1) AND o.next_at <= ?1 AND o.id <= ?2 AND o.id = (SELECT min(i.id) FROM "        \
	  "notify_outbox i WHERE i.user = o.user AND i.channel = o.channel AND i.state = 0) "      \
	  "ORDER BY o.next_at, o.id LIMIT ?3")                                                     \
	X(OUTBOX_UPDATE, "UPDATE notify_outbox SET state = ?2, attempts = ?3, next_at = ?4, "      \
	                 "done_at = ?5, error = ?6 WHERE id = ?1")                                 \
	X(OUTBOX_CLOSE_ALL, "UPDATE notify_outbox SET state = ?3, done_at = ?4, error = ?5 "       \
	                    "WHERE user = ?1 AND channel = ?2 AND state = 0")                      \
	X(OUTBOX_PENDING, "SELECT " DB__OUTBOX_COLS " FROM notify_outbox o WHERE user = ?1 AND "   \
	                  "channel = ?2 AND state = 0 ORDER BY id LIMIT ?3")                       \
	X(OUTBOX_STATS, "SELECT count(*) FILTER (WHERE state = 0), count(*) FILTER (WHERE "        \
	                "state = 1), count(*) FILTER (WHERE state = 2), COALESCE(max(done_at) "    \
	                "FILTER (WHERE state = 1), 0) FROM notify_outbox WHERE user = ?1 AND "     \
	                "channel = ?2")                                                            \
	X(OUTBOX_HEAD, "SELECT attempts, next_at, error FROM notify_outbox WHERE user = ?1 AND "   \
	               "channel = ?2 AND state = 0 ORDER BY id LIMIT 1")                           \
	X(OUTBOX_COUNT_PENDING, "SELECT count(*) FROM notify_outbox WHERE user = ?1 AND "          \
	                        "state = 0")                                                       \
	X(OUTBOX_PURGE, "DELETE FROM notify_outbox WHERE state != 0 AND done_at < ?1")             \
	X(OUTBOX_MAX_ID, "SELECT COALESCE(max(id), 0) FROM notify_outbox")                         \
	X(RATING_GET, "SELECT " DB__RATING_COLS " WHERE r.user = ?1 AND r.scenario = ?2")          \
	X(RATING_PUT, "INSERT OR REPLACE INTO ratings(user, scenario, rating, rd, vol, games, "    \
	              "last) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")                                 \
	X(RATING_EACH_SCENARIO, "SELECT " DB__RATING_COLS " WHERE r.scenario = ?1 "                \
	                        "ORDER BY r.rating DESC, u.name")                                  \
	X(RATING_EACH_USER, "SELECT " DB__RATING_COLS " WHERE r.user = ?1 ORDER BY r.scenario")    \
	X(RATED_PUT, "INSERT OR REPLACE INTO rated_games(game, done, r0, d0, r1, d1, n0, m0, n1, " \
	             "m1) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")                       \
	X(RATED_GET, "SELECT " DB__RATED_COLS " FROM rated_games WHERE game = ?1")                 \
	X(RATED_EACH_PENDING, "SELECT " DB__RATED_COLS " FROM rated_games WHERE done = 0 "         \
	                      "ORDER BY game")                                                     \
	X(TOURNEY_CREATE, "INSERT INTO tournaments(name, scenario, director, format, settings, "   \
	                  "clock, options, seed, state, paused, round, rounds, deadline, "         \
	                  "created, note) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, "  \
	                  "?12, ?13, ?14, ?15)")                                                   \
	X(TOURNEY_UPDATE, "UPDATE tournaments SET settings = ?2, state = ?3, paused = ?4, "        \
	                  "round = ?5, rounds = ?6, deadline = ?7, note = ?8 WHERE id = ?1")       \
	X(TOURNEY_GET, "SELECT " DB__TOURNEY_COLS " WHERE t.id = ?1")                              \
	X(TOURNEY_EACH, "SELECT " DB__TOURNEY_COLS " WHERE t.state IN (?1, ?2, ?3) ORDER BY t.id") \
	X(TPLAYER_PUT,                                                                             \
	  "INSERT OR REPLACE INTO tournament_players(tournament, user, joined, pnum, "             \
	  "rating, withdrawn) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")                                    \
	X(TPLAYER_DELETE, "DELETE FROM tournament_players WHERE tournament = ?1 AND user = ?2")    \
	X(TPLAYER_EACH, "SELECT p.tournament, p.user, u.name, p.joined, p.pnum, p.rating, "        \
	                "p.withdrawn FROM tournament_players p JOIN users u ON u.id = p.user "     \
	                "WHERE p.tournament = ?1 ORDER BY p.joined, p.user")                       \
	X(TGAME_PUT, "INSERT OR REPLACE INTO tournament_games(tournament, round, board, leg, "     \
	             "player0, player1, game, result, how, bid_side0, bid0, bid_side1, bid1) "     \
	             "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)")            \
	X(TGAME_EACH, "SELECT " DB__TGAME_COLS " WHERE g.tournament = ?1 "                         \
	              "ORDER BY g.round, g.board, g.leg")                                          \
	X(TGAME_BY_GAME, "SELECT " DB__TGAME_COLS " WHERE g.game = ?1")

enum db__stmt_id {
#define DB__STMT_ENUM(id, sql) DB__S_##id,
	DB__STATEMENTS(DB__STMT_ENUM)
#undef DB__STMT_ENUM
	/* the number of statements */
	DB__S_COUNT
};

static const char *const db__sql[DB__S_COUNT] = {
#define DB__STMT_SQL(id, sql) [DB__S_##id] = sql,
    DB__STATEMENTS(DB__STMT_SQL)
#undef DB__STMT_SQL
};

struct db__stmt {
	sqlite3_stmt *stmt;
	int busy;
};

struct db_store {
	struct db__head head; /* backend.h: the ops table, set by db_open */
	sqlite3 *db;
	struct db__stmt stmts[DB__S_COUNT];
	int batch; /* batch mode: writes open (or join) the batch transaction */
	char err[DB__ERR_MAX];
};

/* ---- errors ---- */

/* Formats the failure into st->err and returns code. */
__attribute__((format(printf, 3, 4))) static int db__errf(struct db_store *st, int code,
                                                          const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(st->err, sizeof(st->err), fmt, ap);
	va_end(ap);
	return code;
}

/* "<what>: <sqlite message>" into st->err; returns WG_E_STORAGE, or
 * WG_E_EXISTS when the failure is a primary-key or unique conflict. */
static int db__sqlerr(struct db_store *st, const char *what)
{
	int ext = sqlite3_extended_errcode(st->db);
	int code = WG_E_STORAGE;

	if (ext == SQLITE_CONSTRAINT_PRIMARYKEY || ext == SQLITE_CONSTRAINT_UNIQUE)
		code = WG_E_EXISTS;
	return db__errf(st, code, "%s: %s", what, sqlite3_errmsg(st->db));
}

/* WG_E_BAD_ARGS unless s is a string of fewer than size bytes (so it reads
 * back whole into a char[size]). */
static int db__check_str(struct db_store *st, const char *what, const char *s, size_t size)
{
	if (s == NULL)
		return db__errf(st, WG_E_BAD_ARGS, "%s is NULL", what);
	if (strnlen(s, size) >= size)
		return db__errf(st, WG_E_BAD_ARGS, "%s is longer than %zu bytes", what, size - 1);
	return 0;
}

/* ---- statements ---- */

/* The statement for id, ready to bind: the cached one, or a private copy if
 * the cached one is in use further up the stack.  NULL on failure (st->err
 * set).  Give it back with db__release. */
static sqlite3_stmt *db__acquire(struct db_store *st, enum db__stmt_id id)
{
	struct db__stmt *s = &st->stmts[id];
	sqlite3_stmt *stmt = NULL;

	if (!s->busy) {
		s->busy = 1;
		return s->stmt;
	}
	if (sqlite3_prepare_v2(st->db, db__sql[id], -1, &stmt, NULL) != SQLITE_OK) {
		db__sqlerr(st, "preparing a nested query");
		sqlite3_finalize(stmt);
		return NULL;
	}
	return stmt;
}

static void db__release(struct db_store *st, enum db__stmt_id id, sqlite3_stmt *stmt)
{
	struct db__stmt *s = &st->stmts[id];

	if (stmt == s->stmt) {
		sqlite3_reset(stmt);
		sqlite3_clear_bindings(stmt);
		s->busy = 0;
	} else {
		sqlite3_finalize(stmt);
	}
}

/* Runs a statement that returns no rows; 0, WG_E_EXISTS or WG_E_STORAGE. */
static int db__run(struct db_store *st, enum db__stmt_id id, sqlite3_stmt *stmt, const char *what)
{
	int rc = 0;

	if (sqlite3_step(stmt) != SQLITE_DONE)
		rc = db__sqlerr(st, what);
	db__release(st, id, stmt);
	return rc;
}

/* Binds a user id: 0 (nobody) is NULL. */
static int db__bind_user(sqlite3_stmt *stmt, int idx, int64_t user)
{
	if (user == 0)
		return sqlite3_bind_null(stmt, idx);
	return sqlite3_bind_int64(stmt, idx, user);
}

static int db__bind_text(sqlite3_stmt *stmt, int idx, const char *s)
{
	return sqlite3_bind_text(stmt, idx, s, -1, SQLITE_STATIC);
}

/* Copies a text column into dst[size], truncating (never overflowing). */
static void db__copy(char *dst, size_t size, sqlite3_stmt *stmt, int col)
{
	const unsigned char *t = sqlite3_column_text(stmt, col);
	size_t n = t ? (size_t)sqlite3_column_bytes(stmt, col) : 0;

	if (n >= size)
		n = size - 1;
	if (n > 0)
		memcpy(dst, t, n);
	dst[n] = '\0';
}

/* A NOT NULL text column handed to a callback; NULL only when SQLite ran out
 * of memory converting it. */
static char *db__text(sqlite3_stmt *stmt, int col)
{
	return (char *)sqlite3_column_text(stmt, col);
}

/* ---- open, close, backup ---- */

/* Runs a pragma (or any statement) and, if value is non-NULL, copies the
 * first column of its first row there. */
static int db__pragma(struct db_store *st, const char *sql, char *value, size_t size)
{
	sqlite3_stmt *stmt = NULL;
	int rc = sqlite3_prepare_v2(st->db, sql, -1, &stmt, NULL);

	if (rc == SQLITE_OK) {
		while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
			if (value != NULL) {
				db__copy(value, size, stmt, 0);
				value = NULL;
			}
		}
	}
	if (rc != SQLITE_DONE) {
		rc = db__sqlerr(st, sql);
		sqlite3_finalize(stmt);
		return rc;
	}
	sqlite3_finalize(stmt);
	if (value != NULL)
		return db__errf(st, WG_E_STORAGE, "%s: returned nothing", sql);
	return 0;
}

static int db__setup(struct db_store *st, const char *path)
{
	char value[32];
	int version;
	int rc;

	rc = sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
	if (rc != SQLITE_OK) {
		if (st->db == NULL)
			return db__errf(st, WG_E_STORAGE, "opening %s: %s", path,
			                sqlite3_errstr(rc));
		return db__errf(st, WG_E_STORAGE, "opening %s: %s", path, sqlite3_errmsg(st->db));
	}
	sqlite3_extended_result_codes(st->db, 1);
	sqlite3_busy_timeout(st->db, DB__BUSY_TIMEOUT_MS);

	/* Refuse a newer database before writing anything to it. */
	rc = db__schema_version(st->db, &version, st->err, sizeof(st->err));
	if (rc < 0)
		return rc;
	if (version > db__migration_count())
		return db__migrate_to(st->db, db__migration_count(), st->err, sizeof(st->err));

	rc = db__pragma(st, "PRAGMA journal_mode = WAL", value, sizeof(value));
	if (rc < 0)
		return rc;
	rc = db__pragma(st, "PRAGMA synchronous = FULL", NULL, 0);
	if (rc < 0)
		return rc;
	rc = db__pragma(st, "PRAGMA foreign_keys = ON", NULL, 0);
	if (rc < 0)
		return rc;
	rc = db__pragma(st, "PRAGMA temp_store = MEMORY", NULL, 0);
	if (rc < 0)
		return rc;
	rc = db__pragma(st, "PRAGMA foreign_keys", value, sizeof(value));
	if (rc < 0)
		return rc;
	if (strcmp(value, "1") != 0)
		return db__errf(st, WG_E_STORAGE, "this SQLite cannot enforce foreign keys");

	rc = db__migrate_to(st->db, db__migration_count(), st->err, sizeof(st->err));
	if (rc < 0)
		return rc;

	for (int i = 0; i < DB__S_COUNT; i++) {
		if (sqlite3_prepare_v3(st->db, db__sql[i], -1, SQLITE_PREPARE_PERSISTENT,
		                       &st->stmts[i].stmt, NULL) != SQLITE_OK)
			return db__errf(st, WG_E_STORAGE, "preparing \"%s\": %s", db__sql[i],
			                sqlite3_errmsg(st->db));
	}
	return 0;
}

static void sq_close(struct db_store *st);

static int sq_open(const char *path, struct db_store **out, char *err, size_t errlen)
{
	struct db_store *st;
	int rc;

	*out = NULL;
	st = calloc(1, sizeof(*st));
	if (st == NULL) {
		snprintf(err, errlen, "db_open: out of memory");
		return WG_E_NO_MEMORY;
	}
	rc = db__setup(st, path);
	if (rc < 0) {
		snprintf(err, errlen, "%s", st->err);
		sq_close(st);
		return rc;
	}
	*out = st;
	return 0;
}

static void sq_close(struct db_store *st)
{
	if (st == NULL)
		return;
	if (st->db != NULL) {
		for (int i = 0; i < DB__S_COUNT; i++)
			sqlite3_finalize(st->stmts[i].stmt);
		if (!sqlite3_get_autocommit(st->db))
			sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
		/* Fold the WAL into the database and truncate it, so a closed
		 * store is one self-contained file (a no-op if not in WAL). */
		sqlite3_wal_checkpoint_v2(st->db, NULL, SQLITE_CHECKPOINT_TRUNCATE, NULL, NULL);
		sqlite3_close_v2(st->db);
	}
	free(st);
}

static const char *sq_last_error(const struct db_store *st)
{
	return st->err;
}

static int sq_schema_version(struct db_store *st)
{
	int version;
	int rc = db__schema_version(st->db, &version, st->err, sizeof(st->err));

	return rc < 0 ? rc : version;
}

static int sq_backup(struct db_store *st, const char *path)
{
	sqlite3 *dst = NULL;
	sqlite3_backup *bk;
	int rc, tries = 0;

	if (path == NULL)
		return db__errf(st, WG_E_BAD_ARGS, "db_backup: path is NULL");
	/* The backup reads through this connection's pager: inside a write
	 * transaction it would copy uncommitted pages. */
	if (!sqlite3_get_autocommit(st->db))
		return db__errf(st, WG_E_STORAGE, "db_backup: called inside a transaction");
	/* The copy holds password hashes and the dice seeds of running games: it is created
	 * (or an older copy made) readable by the owner only, before SQLite writes to it. */
	{
		int fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0 || fchmod(fd, 0600) != 0) {
			int e = errno;
			if (fd >= 0)
				close(fd);
			return db__errf(st, WG_E_STORAGE, "db_backup: unable to open %s: %s", path,
			                strerror(e));
		}
		close(fd);
	}
	rc = sqlite3_open_v2(path, &dst, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
	if (rc != SQLITE_OK) {
		db__errf(st, WG_E_STORAGE, "db_backup: opening %s: %s", path,
		         dst ? sqlite3_errmsg(dst) : sqlite3_errstr(rc));
		sqlite3_close(dst);
		return WG_E_STORAGE;
	}
	sqlite3_busy_timeout(dst, DB__BUSY_TIMEOUT_MS);
	bk = sqlite3_backup_init(dst, "main", st->db, "main");
	if (bk == NULL) {
		db__errf(st, WG_E_STORAGE, "db_backup: %s: %s", path, sqlite3_errmsg(dst));
		sqlite3_close(dst);
		return WG_E_STORAGE;
	}
	/* One step copies everything; BUSY/LOCKED (another process writing
	 * the destination) is retried for about the busy timeout. */
	do {
		rc = sqlite3_backup_step(bk, -1);
		if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
			sqlite3_sleep(10);
	} while ((rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED) &&
	         ++tries < DB__BUSY_TIMEOUT_MS / 10);
	sqlite3_backup_finish(bk);
	if (rc != SQLITE_DONE) {
		db__errf(st, WG_E_STORAGE, "db_backup: %s: %s", path,
		         sqlite3_errcode(dst) != SQLITE_OK ? sqlite3_errmsg(dst)
		                                           : sqlite3_errstr(rc));
		sqlite3_close(dst);
		return WG_E_STORAGE;
	}
	if (sqlite3_close(dst) != SQLITE_OK)
		return db__errf(st, WG_E_STORAGE, "db_backup: closing %s", path);
	return 0;
}

/* ---- transactions ---- */

static int db__simple(struct db_store *st, enum db__stmt_id id, const char *what)
{
	sqlite3_stmt *stmt = db__acquire(st, id);

	if (stmt == NULL)
		return WG_E_STORAGE;
	return db__run(st, id, stmt, what);
}

static int sq_begin(struct db_store *st)
{
	return db__simple(st, DB__S_BEGIN, "db_begin");
}

static int sq_commit(struct db_store *st)
{
	return db__simple(st, DB__S_COMMIT, "db_commit");
}

static int sq_rollback(struct db_store *st)
{
	if (sqlite3_get_autocommit(st->db))
		return 0; /* nothing open (or SQLite already rolled back) */
	return db__simple(st, DB__S_ROLLBACK, "db_rollback");
}

/* ---- batches: group commit ---- */

static int sq_batch_commit(struct db_store *st);

/* Before a write in batch mode: the batch transaction is open (or opened now). */
static int db__write(struct db_store *st)
{
	if (!st->batch || !sqlite3_get_autocommit(st->db))
		return 0;
	return db__simple(st, DB__S_BEGIN, "opening the batch");
}

static int sq_batch_mode(struct db_store *st, int on)
{
	int rc = 0;

	if (!on && st->batch)
		rc = sq_batch_commit(st);
	st->batch = on != 0;
	return rc;
}

static int sq_batch_pending(const struct db_store *st)
{
	return !sqlite3_get_autocommit(st->db);
}

static int sq_batch_commit(struct db_store *st)
{
	int rc;

	if (sqlite3_get_autocommit(st->db))
		return 0;
	rc = db__simple(st, DB__S_COMMIT, "committing the batch");
	if (rc != 0 && !sqlite3_get_autocommit(st->db))
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
	return rc;
}

/* ---- users ---- */

static int sq_user_create(struct db_store *st, const char *name, const char *pwhash, int64_t now,
                          int64_t *id)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__check_str(st, "user name", name, DB_NAME_MAX + 1)) < 0 ||
	    (rc = db__check_str(st, "password hash", pwhash, DB_HASH_MAX)) < 0)
		return rc;
	if ((rc = db__write(st)) < 0)
		return rc;
	stmt = db__acquire(st, DB__S_USER_CREATE);
	if (stmt == NULL)
		return WG_E_STORAGE;
	db__bind_text(stmt, 1, name);
	db__bind_text(stmt, 2, pwhash);
	sqlite3_bind_int64(stmt, 3, now);
	rc = db__run(st, DB__S_USER_CREATE, stmt, "db_user_create");
	if (rc == WG_E_EXISTS)
		return db__errf(st, rc, "db_user_create: the name \"%s\" is taken", name);
	if (rc == 0 && id != NULL)
		*id = sqlite3_last_insert_rowid(st->db);
	return rc;
}

/* Runs a users query bound by the caller and reads its one row into out. */
static int db__user_read(struct db_store *st, enum db__stmt_id id, sqlite3_stmt *stmt,
                         struct db_user *out, const char *what)
{
	int rc = sqlite3_step(stmt);

	if (rc == SQLITE_ROW) {
		memset(out, 0, sizeof(*out));
		out->id = sqlite3_column_int64(stmt, 0);
		db__copy(out->name, sizeof(out->name), stmt, 1);
		db__copy(out->pwhash, sizeof(out->pwhash), stmt, 2);
		out->created = sqlite3_column_int64(stmt, 3);
		rc = 0;
	} else if (rc == SQLITE_DONE) {
		rc = db__errf(st, WG_E_NOT_FOUND, "%s: no such user", what);
	} else {
		rc = db__sqlerr(st, what);
	}
	db__release(st, id, stmt);
	return rc;
}

static int sq_user_by_name(struct db_store *st, const char *name, struct db_user *out)
{
	sqlite3_stmt *stmt;

	if (name == NULL)
		return db__errf(st, WG_E_BAD_ARGS, "db_user_by_name: name is NULL");
	stmt = db__acquire(st, DB__S_USER_BY_NAME);
	if (stmt == NULL)
		return WG_E_STORAGE;
	db__bind_text(stmt, 1, name);
	return db__user_read(st, DB__S_USER_BY_NAME, stmt, out, "db_user_by_name");
}

static int sq_user_by_id(struct db_store *st, int64_t id, struct db_user *out)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_USER_BY_ID);

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, id);
	return db__user_read(st, DB__S_USER_BY_ID, stmt, out, "db_user_by_id");
}

static int sq_user_set_password(struct db_store *st, int64_t id, const char *pwhash)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__check_str(st, "password hash", pwhash, DB_HASH_MAX)) < 0)
		return rc;
	if ((rc = db__write(st)) < 0)
		return rc;
	stmt = db__acquire(st, DB__S_USER_SET_PASSWORD);
	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, id);
	db__bind_text(stmt, 2, pwhash);
	rc = db__run(st, DB__S_USER_SET_PASSWORD, stmt, "db_user_set_password");
	if (rc == 0 && sqlite3_changes(st->db) == 0)
		rc = db__errf(st, WG_E_NOT_FOUND, "db_user_set_password: no user %lld",
		              (long long)id);
	return rc;
}

/* ---- games ---- */

static int db__game_check(struct db_store *st, const struct db_game *g)
{
	int rc;

	if ((rc = db__check_str(st, "scenario", g->scenario, sizeof(g->scenario))) < 0 ||
	    (rc = db__check_str(st, "engine", g->engine, sizeof(g->engine))) < 0 ||
	    (rc = db__check_str(st, "digest", g->digest, sizeof(g->digest))) < 0 ||
	    (rc = db__check_str(st, "options", g->options, sizeof(g->options))) < 0 ||
	    (rc = db__check_str(st, "commitment", g->commitment, sizeof(g->commitment))) < 0 ||
	    (rc = db__check_str(st, "result", g->result, sizeof(g->result))) < 0)
		return rc;
	return 0;
}

static int sq_game_create(struct db_store *st, struct db_game *g)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__game_check(st, g)) < 0)
		return rc;
	if ((rc = db__write(st)) < 0)
		return rc;
	stmt = db__acquire(st, DB__S_GAME_CREATE);
	if (stmt == NULL)
		return WG_E_STORAGE;
	db__bind_text(stmt, 1, g->scenario);
	db__bind_text(stmt, 2, g->options);
	sqlite3_bind_blob(stmt, 3, g->seed, (int)sizeof(g->seed), SQLITE_STATIC);
	db__bind_text(stmt, 4, g->commitment);
	sqlite3_bind_int(stmt, 5, g->status);
	sqlite3_bind_int(stmt, 6, g->private_game ? 1 : 0);
	db__bind_user(stmt, 7, g->creator);
	db__bind_user(stmt, 8, g->seat[0]);
	db__bind_user(stmt, 9, g->seat[1]);
	sqlite3_bind_int64(stmt, 10, g->version);
	sqlite3_bind_int(stmt, 11, g->winner);
	db__bind_text(stmt, 12, g->result);
	sqlite3_bind_int64(stmt, 13, g->created);
	sqlite3_bind_int64(stmt, 14, g->updated);
	db__bind_text(stmt, 15, g->engine);
	db__bind_text(stmt, 16, g->digest);
	rc = db__run(st, DB__S_GAME_CREATE, stmt, "db_game_create");
	if (rc == 0)
		g->id = sqlite3_last_insert_rowid(st->db);
	return rc;
}

static int sq_game_update(struct db_store *st, const struct db_game *g)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__check_str(st, "result", g->result, sizeof(g->result))) < 0 ||
	    (rc = db__check_str(st, "engine", g->engine, sizeof(g->engine))) < 0 ||
	    (rc = db__check_str(st, "digest", g->digest, sizeof(g->digest))) < 0)
		return rc;
	if ((rc = db__write(st)) < 0)
		return rc;
	stmt = db__acquire(st, DB__S_GAME_UPDATE);
	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, g->id);
	sqlite3_bind_int(stmt, 2, g->status);
	sqlite3_bind_int(stmt, 3, g->private_game ? 1 : 0);
	db__bind_user(stmt, 4, g->seat[0]);
	db__bind_user(stmt, 5, g->seat[1]);
	sqlite3_bind_int64(stmt, 6, g->version);
	sqlite3_bind_int(stmt, 7, g->winner);
	db__bind_text(stmt, 8, g->result);
	sqlite3_bind_int64(stmt, 9, g->updated);
	db__bind_text(stmt, 10, g->engine);
	db__bind_text(stmt, 11, g->digest);
	rc = db__run(st, DB__S_GAME_UPDATE, stmt, "db_game_update");
	if (rc == 0 && sqlite3_changes(st->db) == 0)
		rc = db__errf(st, WG_E_NOT_FOUND, "db_game_update: no game %lld", (long long)g->id);
	return rc;
}

/* Reads a row of DB__GAME_COLS into g. */
static void db__game_row(sqlite3_stmt *stmt, struct db_game *g)
{
	const void *seed;

	memset(g, 0, sizeof(*g));
	g->id = sqlite3_column_int64(stmt, 0);
	db__copy(g->scenario, sizeof(g->scenario), stmt, 1);
	db__copy(g->options, sizeof(g->options), stmt, 2);
	seed = sqlite3_column_blob(stmt, 3);
	if (seed != NULL && sqlite3_column_bytes(stmt, 3) == (int)sizeof(g->seed))
		memcpy(g->seed, seed, sizeof(g->seed));
	db__copy(g->commitment, sizeof(g->commitment), stmt, 4);
	g->status = sqlite3_column_int(stmt, 5);
	g->private_game = sqlite3_column_int(stmt, 6);
	g->creator = sqlite3_column_int64(stmt, 7); /* NULL reads as 0 */
	g->seat[0] = sqlite3_column_int64(stmt, 8);
	g->seat[1] = sqlite3_column_int64(stmt, 9);
	g->version = sqlite3_column_int64(stmt, 10);
	g->winner = sqlite3_column_int(stmt, 11);
	db__copy(g->result, sizeof(g->result), stmt, 12);
	g->created = sqlite3_column_int64(stmt, 13);
	g->updated = sqlite3_column_int64(stmt, 14);
	db__copy(g->engine, sizeof(g->engine), stmt, 15);
	db__copy(g->digest, sizeof(g->digest), stmt, 16);
}

static int sq_game_get(struct db_store *st, int64_t id, struct db_game *out)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_GAME_GET);
	int rc;

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, id);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		db__game_row(stmt, out);
		rc = 0;
	} else if (rc == SQLITE_DONE) {
		rc = db__errf(st, WG_E_NOT_FOUND, "db_game_get: no game %lld", (long long)id);
	} else {
		rc = db__sqlerr(st, "db_game_get");
	}
	db__release(st, DB__S_GAME_GET, stmt);
	return rc;
}

static int sq_game_each(struct db_store *st, unsigned status_mask,
                        int (*fn)(void *ctx, const struct db_game *g), void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_GAME_EACH);
	struct db_game *g;
	int rc, ret = 0;

	if (stmt == NULL)
		return WG_E_STORAGE;
	/* struct db_game is over 2 KB: keep it off the stack of a walk whose
	 * callback may itself walk. */
	g = malloc(sizeof(*g));
	if (g == NULL) {
		db__release(st, DB__S_GAME_EACH, stmt);
		return db__errf(st, WG_E_NO_MEMORY, "db_game_each: out of memory");
	}
	for (int s = 0; s < DB__STATUS_COUNT; s++)
		sqlite3_bind_int(stmt, s + 1, (status_mask & (1u << s)) ? s : -1);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		db__game_row(stmt, g);
		ret = fn(ctx, g);
		if (ret != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_DONE)
		ret = db__sqlerr(st, "db_game_each");
	db__release(st, DB__S_GAME_EACH, stmt);
	free(g);
	return ret;
}

static int sq_game_pending_put(struct db_store *st, int64_t game, const char *pending)
{
	sqlite3_stmt *stmt;
	int rc;

	if (pending == NULL)
		return db__errf(st, WG_E_BAD_ARGS, "db_game_pending_put: pending is NULL");
	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_GAME_PENDING_PUT)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, game);
	db__bind_text(stmt, 2, pending);
	rc = db__run(st, DB__S_GAME_PENDING_PUT, stmt, "db_game_pending_put");
	if (rc == 0 && sqlite3_changes(st->db) == 0)
		rc = db__errf(st, WG_E_NOT_FOUND, "db_game_pending_put: no game %lld",
		              (long long)game);
	return rc;
}

static int sq_game_pending_each(struct db_store *st, unsigned status_mask,
                                int (*fn)(void *ctx, int64_t game, const char *pending), void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_GAME_PENDING_EACH);
	int rc, ret = 0;

	if (stmt == NULL)
		return WG_E_STORAGE;
	for (int s = 0; s < DB__STATUS_COUNT; s++)
		sqlite3_bind_int(stmt, s + 1, (status_mask & (1u << s)) ? s : -1);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		const char *text = (const char *)sqlite3_column_text(stmt, 1);
		ret = fn(ctx, sqlite3_column_int64(stmt, 0), text != NULL ? text : "");
		if (ret != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_DONE)
		ret = db__sqlerr(st, "db_game_pending_each");
	db__release(st, DB__S_GAME_PENDING_EACH, stmt);
	return ret;
}

/* ---- actions ---- */

static int sq_action_append(struct db_store *st, const struct db_action *a)
{
	sqlite3_stmt *stmt;
	int rc;

	if (a->line == NULL)
		return db__errf(st, WG_E_BAD_ARGS, "db_action_append: line is NULL");
	if ((rc = db__write(st)) < 0)
		return rc;
	stmt = db__acquire(st, DB__S_ACTION_APPEND);
	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, a->game);
	sqlite3_bind_int64(stmt, 2, a->seq);
	sqlite3_bind_int(stmt, 3, a->side);
	db__bind_user(stmt, 4, a->user);
	db__bind_text(stmt, 5, a->line);
	db__bind_text(stmt, 6, a->dice != NULL ? a->dice : "[]");
	sqlite3_bind_int64(stmt, 7, a->at);
	sqlite3_bind_int(stmt, 8, a->host);
	rc = db__run(st, DB__S_ACTION_APPEND, stmt, "db_action_append");
	if (rc == WG_E_EXISTS)
		return db__errf(st, rc, "db_action_append: game %lld already has action %lld",
		                (long long)a->game, (long long)a->seq);
	return rc;
}

static int sq_action_each(struct db_store *st, int64_t game, int64_t after,
                          int (*fn)(void *ctx, const struct db_action *a), void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_ACTION_EACH);
	int rc, ret = 0;

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, game);
	sqlite3_bind_int64(stmt, 2, after);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		struct db_action a = {
		    .game = sqlite3_column_int64(stmt, 0),
		    .seq = sqlite3_column_int64(stmt, 1),
		    .side = sqlite3_column_int(stmt, 2),
		    .user = sqlite3_column_int64(stmt, 3),
		    .line = db__text(stmt, 4),
		    .dice = db__text(stmt, 5),
		    .at = sqlite3_column_int64(stmt, 6),
		    .host = sqlite3_column_int(stmt, 7),
		};

		if (a.line == NULL || a.dice == NULL) {
			ret = db__errf(st, WG_E_NO_MEMORY, "db_action_each: out of memory");
			break;
		}
		ret = fn(ctx, &a);
		if (ret != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = db__sqlerr(st, "db_action_each");
	db__release(st, DB__S_ACTION_EACH, stmt);
	return ret;
}

/* ---- snapshots ---- */

static int sq_snapshot_put(struct db_store *st, int64_t game, int64_t seq, const char *state)
{
	sqlite3_stmt *stmt;
	int rc;

	if (state == NULL)
		return db__errf(st, WG_E_BAD_ARGS, "db_snapshot_put: state is NULL");
	if ((rc = db__write(st)) < 0)
		return rc;
	stmt = db__acquire(st, DB__S_SNAPSHOT_PUT);
	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, game);
	sqlite3_bind_int64(stmt, 2, seq);
	db__bind_text(stmt, 3, state);
	return db__run(st, DB__S_SNAPSHOT_PUT, stmt, "db_snapshot_put");
}

static int sq_snapshot_latest(struct db_store *st, int64_t game, int64_t max, int64_t *seq,
                              char **state)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_SNAPSHOT_LATEST);
	int rc;

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, game);
	sqlite3_bind_int64(stmt, 2, max);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		const unsigned char *t = sqlite3_column_text(stmt, 1);
		size_t n = (size_t)sqlite3_column_bytes(stmt, 1);
		char *copy = t ? malloc(n + 1) : NULL;

		if (copy == NULL) {
			rc = db__errf(st, WG_E_NO_MEMORY, "db_snapshot_latest: out of memory");
		} else {
			memcpy(copy, t, n);
			copy[n] = '\0';
			*seq = sqlite3_column_int64(stmt, 0);
			*state = copy;
			rc = 0;
		}
	} else if (rc == SQLITE_DONE) {
		rc = db__errf(st, WG_E_NOT_FOUND,
		              "db_snapshot_latest: no snapshot of game %lld at or before %lld",
		              (long long)game, (long long)max);
	} else {
		rc = db__sqlerr(st, "db_snapshot_latest");
	}
	db__release(st, DB__S_SNAPSHOT_LATEST, stmt);
	return rc;
}

/* ---- events ---- */

static int sq_event_append(struct db_store *st, const struct db_event *e, int64_t *seq)
{
	sqlite3_stmt *stmt;
	int64_t got = 0;
	int rc;

	if (e->json == NULL)
		return db__errf(st, WG_E_BAD_ARGS, "db_event_append: json is NULL");
	if ((rc = db__write(st)) < 0)
		return rc;
	stmt = db__acquire(st, DB__S_EVENT_APPEND);
	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, e->game);
	sqlite3_bind_int64(stmt, 2, e->action);
	sqlite3_bind_int64(stmt, 3, (sqlite3_int64)e->audience);
	db__bind_text(stmt, 4, e->json);
	sqlite3_bind_int64(stmt, 5, e->at);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		got = sqlite3_column_int64(stmt, 0);
		rc = sqlite3_step(stmt);
	}
	if (rc == SQLITE_DONE && got > 0) {
		rc = 0;
		if (seq != NULL)
			*seq = got;
	} else {
		rc = db__sqlerr(st, "db_event_append");
	}
	db__release(st, DB__S_EVENT_APPEND, stmt);
	return rc;
}

/* Steps a bound event query (columns game, seq, action, audience, json, at), calling fn per
 * row, and releases it. */
static int db__event_walk(struct db_store *st, enum db__stmt_id id, sqlite3_stmt *stmt,
                          int (*fn)(void *ctx, const struct db_event *e), void *ctx,
                          const char *what)
{
	int rc, ret = 0;

	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		struct db_event e = {
		    .game = sqlite3_column_int64(stmt, 0),
		    .seq = sqlite3_column_int64(stmt, 1),
		    .action = sqlite3_column_int64(stmt, 2),
		    .audience = (unsigned)sqlite3_column_int64(stmt, 3),
		    .json = db__text(stmt, 4),
		    .at = sqlite3_column_int64(stmt, 5),
		};

		if (e.json == NULL) {
			ret = db__errf(st, WG_E_NO_MEMORY, "%s: out of memory", what);
			break;
		}
		ret = fn(ctx, &e);
		if (ret != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = db__sqlerr(st, what);
	db__release(st, id, stmt);
	return ret;
}

static int sq_event_each_last(struct db_store *st, int64_t game, unsigned mask, int limit,
                              int (*fn)(void *ctx, const struct db_event *e), void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_EVENT_EACH_LAST);

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, game);
	sqlite3_bind_int64(stmt, 2, (sqlite3_int64)mask);
	sqlite3_bind_int(stmt, 3, limit > 0 ? limit : -1); /* -1: no LIMIT */
	return db__event_walk(st, DB__S_EVENT_EACH_LAST, stmt, fn, ctx, "db_event_each_last");
}

static int sq_event_each_since(struct db_store *st, int64_t game, unsigned mask, int64_t action,
                               int64_t after_seq, int limit,
                               int (*fn)(void *ctx, const struct db_event *e), void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_EVENT_EACH_SINCE);

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, game);
	sqlite3_bind_int64(stmt, 2, (sqlite3_int64)mask);
	sqlite3_bind_int64(stmt, 3, action);
	sqlite3_bind_int(stmt, 4, limit > 0 ? limit : -1);
	sqlite3_bind_int64(stmt, 5, after_seq);
	return db__event_walk(st, DB__S_EVENT_EACH_SINCE, stmt, fn, ctx, "db_event_each_since");
}

/* Runs a bound query whose one row has one integer column, into *value. */
static int db__int_query(struct db_store *st, enum db__stmt_id id, sqlite3_stmt *stmt,
                         int64_t *value, int64_t none, const char *what)
{
	int rc = sqlite3_step(stmt);

	if (rc == SQLITE_ROW) {
		*value = sqlite3_column_int64(stmt, 0);
		rc = 0;
	} else if (rc == SQLITE_DONE) {
		*value = none;
		rc = 0;
	} else {
		rc = db__sqlerr(st, what);
	}
	db__release(st, id, stmt);
	return rc;
}

static int sq_event_count_after(struct db_store *st, int64_t game, unsigned mask, int64_t after,
                                int64_t *count)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_EVENT_COUNT_AFTER);

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, game);
	sqlite3_bind_int64(stmt, 2, (sqlite3_int64)mask);
	sqlite3_bind_int64(stmt, 3, after);
	return db__int_query(st, DB__S_EVENT_COUNT_AFTER, stmt, count, 0, "db_event_count_after");
}

static int sq_event_last_upto(struct db_store *st, int64_t game, int64_t action, int64_t *seq)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_EVENT_LAST_UPTO);

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, game);
	sqlite3_bind_int64(stmt, 2, action);
	return db__int_query(st, DB__S_EVENT_LAST_UPTO, stmt, seq, 0, "db_event_last_upto");
}

static int sq_action_last_of(struct db_store *st, int64_t game, int side, int64_t *seq)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_ACTION_LAST_OF);

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, game);
	sqlite3_bind_int(stmt, 2, side);
	return db__int_query(st, DB__S_ACTION_LAST_OF, stmt, seq, 0, "db_action_last_of");
}

static int sq_event_last_seq(struct db_store *st, int64_t game, int64_t *seq)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_EVENT_LAST_SEQ);

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, game);
	return db__int_query(st, DB__S_EVENT_LAST_SEQ, stmt, seq, 0, "db_event_last_seq");
}

/* ---- seats ---- */

static int sq_seat_seen(struct db_store *st, int64_t game, int side, int64_t seq)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__write(st)) < 0)
		return rc;
	stmt = db__acquire(st, DB__S_SEAT_SEEN);
	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, game);
	sqlite3_bind_int(stmt, 2, side);
	sqlite3_bind_int64(stmt, 3, seq);
	return db__run(st, DB__S_SEAT_SEEN, stmt, "db_seat_seen");
}

static int sq_seat_seen_get(struct db_store *st, int64_t game, int side, int64_t *seq)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_SEAT_SEEN_GET);

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, game);
	sqlite3_bind_int(stmt, 2, side);
	return db__int_query(st, DB__S_SEAT_SEEN_GET, stmt, seq, 0, "db_seat_seen_get");
}

/* ---- chat ---- */

static int sq_chat_append(struct db_store *st, const struct db_chat *c)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__check_str(st, "chat name", c->name, sizeof(c->name))) < 0)
		return rc;
	if (c->text == NULL)
		return db__errf(st, WG_E_BAD_ARGS, "db_chat_append: text is NULL");
	if ((rc = db__write(st)) < 0)
		return rc;
	stmt = db__acquire(st, DB__S_CHAT_APPEND);
	if (stmt == NULL)
		return WG_E_STORAGE;
	db__bind_user(stmt, 1, c->game); /* 0: the lobby, NULL like a user 0 */
	db__bind_user(stmt, 2, c->user);
	db__bind_text(stmt, 3, c->name);
	db__bind_text(stmt, 4, c->text);
	sqlite3_bind_int64(stmt, 5, c->at);
	return db__run(st, DB__S_CHAT_APPEND, stmt, "db_chat_append");
}

static int sq_chat_each_last(struct db_store *st, int64_t game, int limit,
                             int (*fn)(void *ctx, const struct db_chat *c), void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_CHAT_EACH_LAST);
	int rc, ret = 0;

	if (stmt == NULL)
		return WG_E_STORAGE;
	db__bind_user(stmt, 1, game);
	sqlite3_bind_int(stmt, 2, limit > 0 ? limit : -1);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		struct db_chat c = {
		    .id = sqlite3_column_int64(stmt, 0),
		    .game = sqlite3_column_int64(stmt, 1),
		    .user = sqlite3_column_int64(stmt, 2),
		    .text = db__text(stmt, 4),
		    .at = sqlite3_column_int64(stmt, 5),
		};

		db__copy(c.name, sizeof(c.name), stmt, 3);
		if (c.text == NULL) {
			ret = db__errf(st, WG_E_NO_MEMORY, "db_chat_each_last: out of memory");
			break;
		}
		ret = fn(ctx, &c);
		if (ret != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = db__sqlerr(st, "db_chat_each_last");
	db__release(st, DB__S_CHAT_EACH_LAST, stmt);
	return ret;
}

/* ---- operators: bans and the audit log ---- */

static int sq_ban_put(struct db_store *st, const struct db_ban *b)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_BAN_PUT)) == NULL)
		return WG_E_STORAGE;
	db__bind_text(stmt, 1, b->kind);
	db__bind_text(stmt, 2, b->target);
	db__bind_text(stmt, 3, b->by);
	sqlite3_bind_int64(stmt, 4, b->at);
	return db__run(st, DB__S_BAN_PUT, stmt, "db_ban_put");
}

static int sq_ban_delete(struct db_store *st, const char *kind, const char *target)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_BAN_DELETE)) == NULL)
		return WG_E_STORAGE;
	db__bind_text(stmt, 1, kind);
	db__bind_text(stmt, 2, target);
	return db__run(st, DB__S_BAN_DELETE, stmt, "db_ban_delete");
}

static int sq_ban_each(struct db_store *st, int (*fn)(void *ctx, const struct db_ban *b), void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_BAN_EACH);
	int rc, ret = 0;

	if (stmt == NULL)
		return WG_E_STORAGE;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		struct db_ban b = {.at = sqlite3_column_int64(stmt, 3)};

		db__copy(b.kind, sizeof(b.kind), stmt, 0);
		db__copy(b.target, sizeof(b.target), stmt, 1);
		db__copy(b.by, sizeof(b.by), stmt, 2);
		if ((ret = fn(ctx, &b)) != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = db__sqlerr(st, "db_ban_each");
	db__release(st, DB__S_BAN_EACH, stmt);
	return ret;
}

/* ---- private games ---- */

static int sq_access_put(struct db_store *st, const struct db_access *a)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_ACCESS_PUT)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, a->game);
	sqlite3_bind_int64(stmt, 2, a->user);
	db__bind_text(stmt, 3, a->token);
	sqlite3_bind_int64(stmt, 4, a->at);
	return db__run(st, DB__S_ACCESS_PUT, stmt, "db_access_put");
}

static int sq_access_each(struct db_store *st, int (*fn)(void *ctx, const struct db_access *a),
                          void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_ACCESS_EACH);
	int rc, ret = 0;

	if (stmt == NULL)
		return WG_E_STORAGE;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		struct db_access a = {.game = sqlite3_column_int64(stmt, 0),
		                      .user = sqlite3_column_int64(stmt, 1),
		                      .at = sqlite3_column_int64(stmt, 3)};

		db__copy(a.token, sizeof(a.token), stmt, 2);
		if ((ret = fn(ctx, &a)) != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = db__sqlerr(st, "db_access_each");
	db__release(st, DB__S_ACCESS_EACH, stmt);
	return ret;
}

static int sq_audit_append(struct db_store *st, const struct db_audit *a)
{
	sqlite3_stmt *stmt;
	int rc;

	if (a->verb == NULL || a->args == NULL)
		return db__errf(st, WG_E_BAD_ARGS, "db_audit_append: verb or args is NULL");
	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_AUDIT_APPEND)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, a->at);
	db__bind_text(stmt, 2, a->admin);
	db__bind_text(stmt, 3, a->verb);
	db__bind_text(stmt, 4, a->args);
	return db__run(st, DB__S_AUDIT_APPEND, stmt, "db_audit_append");
}

static int sq_audit_each_last(struct db_store *st, int limit,
                              int (*fn)(void *ctx, const struct db_audit *a), void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_AUDIT_EACH_LAST);
	int rc, ret = 0;

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int(stmt, 1, limit > 0 ? limit : -1);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		struct db_audit a = {
		    .id = sqlite3_column_int64(stmt, 0),
		    .at = sqlite3_column_int64(stmt, 1),
		    .verb = db__text(stmt, 3),
		    .args = db__text(stmt, 4),
		};

		db__copy(a.admin, sizeof(a.admin), stmt, 2);
		if (a.verb == NULL || a.args == NULL) {
			ret = db__errf(st, WG_E_NO_MEMORY, "db_audit_each_last: out of memory");
			break;
		}
		if ((ret = fn(ctx, &a)) != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = db__sqlerr(st, "db_audit_each_last");
	db__release(st, DB__S_AUDIT_EACH_LAST, stmt);
	return ret;
}

/* ---- people: tells, blocks, last seen ---- */

static int sq_tell_append(struct db_store *st, const struct db_tell *t, int64_t *id)
{
	sqlite3_stmt *stmt;
	int rc;

	if (t->text == NULL || strlen(t->text) > DB_TELL_MAX)
		return db__errf(st, WG_E_BAD_ARGS, "db_tell_append: text is NULL or too long");
	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_TELL_APPEND)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, t->from);
	sqlite3_bind_int64(stmt, 2, t->to);
	db__bind_text(stmt, 3, t->text);
	sqlite3_bind_int64(stmt, 4, t->at);
	sqlite3_bind_int(stmt, 5, t->delivered ? 1 : 0);
	rc = db__run(st, DB__S_TELL_APPEND, stmt, "db_tell_append");
	if (rc == 0 && id != NULL)
		*id = sqlite3_last_insert_rowid(st->db);
	return rc;
}

static int sq_tell_each(struct db_store *st, int64_t user, int undelivered_only, int limit,
                        int (*fn)(void *ctx, const struct db_tell *t), void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_TELL_EACH);
	int rc, ret = 0;

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, user);
	sqlite3_bind_int(stmt, 2, undelivered_only ? 1 : 0);
	sqlite3_bind_int(stmt, 3, limit > 0 ? limit : -1);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		struct db_tell t = {
		    .id = sqlite3_column_int64(stmt, 0),
		    .from = sqlite3_column_int64(stmt, 1),
		    .to = sqlite3_column_int64(stmt, 3),
		    .text = db__text(stmt, 5),
		    .at = sqlite3_column_int64(stmt, 6),
		    .delivered = sqlite3_column_int(stmt, 7),
		};

		db__copy(t.from_name, sizeof(t.from_name), stmt, 2);
		db__copy(t.to_name, sizeof(t.to_name), stmt, 4);
		if (t.text == NULL) {
			ret = db__errf(st, WG_E_NO_MEMORY, "db_tell_each: out of memory");
			break;
		}
		if ((ret = fn(ctx, &t)) != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = db__sqlerr(st, "db_tell_each");
	db__release(st, DB__S_TELL_EACH, stmt);
	return ret;
}

static int sq_tell_delivered(struct db_store *st, int64_t user, int64_t upto)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_TELL_DELIVERED)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, user);
	sqlite3_bind_int64(stmt, 2, upto);
	return db__run(st, DB__S_TELL_DELIVERED, stmt, "db_tell_delivered");
}

static int sq_block_put(struct db_store *st, int64_t user, int64_t other, int on, int64_t since)
{
	enum db__stmt_id id = on ? DB__S_BLOCK_ADD : DB__S_BLOCK_DEL;
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, id)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, user);
	sqlite3_bind_int64(stmt, 2, other);
	if (on)
		sqlite3_bind_int64(stmt, 3, since);
	return db__run(st, id, stmt, "db_block_put");
}

static int sq_block_has(struct db_store *st, int64_t user, int64_t other, int *yes)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_BLOCK_HAS);
	int rc;

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, user);
	sqlite3_bind_int64(stmt, 2, other);
	rc = sqlite3_step(stmt);
	*yes = rc == SQLITE_ROW;
	rc = rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : db__sqlerr(st, "db_block_has");
	db__release(st, DB__S_BLOCK_HAS, stmt);
	return rc;
}

static int sq_block_each(struct db_store *st, int64_t user,
                         int (*fn)(void *ctx, int64_t other, const char *name, int64_t since),
                         void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_BLOCK_EACH);
	int rc, ret = 0;

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, user);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		char name[DB_NAME_MAX + 1];
		db__copy(name, sizeof(name), stmt, 1);
		if ((ret = fn(ctx, sqlite3_column_int64(stmt, 0), name,
		              sqlite3_column_int64(stmt, 2))) != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = db__sqlerr(st, "db_block_each");
	db__release(st, DB__S_BLOCK_EACH, stmt);
	return ret;
}

static int sq_user_seen_get(struct db_store *st, int64_t user, int64_t *at)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_SEEN_GET);
	int rc;

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, user);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		*at = sqlite3_column_int64(stmt, 0);
		rc = 0;
	} else if (rc == SQLITE_DONE) {
		rc = db__errf(st, WG_E_NOT_FOUND, "db_user_seen_get: user %lld never seen",
		              (long long)user);
	} else {
		rc = db__sqlerr(st, "db_user_seen_get");
	}
	db__release(st, DB__S_SEEN_GET, stmt);
	return rc;
}

static int sq_user_seen_put(struct db_store *st, int64_t user, int64_t at)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_SEEN_PUT)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, user);
	sqlite3_bind_int64(stmt, 2, at);
	return db__run(st, DB__S_SEEN_PUT, stmt, "db_user_seen_put");
}

/* ---- challenges and seeks ---- */

static int sq_invite_create(struct db_store *st, struct db_invite *iv)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__check_str(st, "invite scenario", iv->scenario, sizeof(iv->scenario))) < 0 ||
	    (rc = db__check_str(st, "invite clock", iv->clock, sizeof(iv->clock))) < 0 ||
	    (rc = db__check_str(st, "invite options", iv->options, sizeof(iv->options))) < 0)
		return rc;
	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_INVITE_CREATE)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int(stmt, 1, iv->kind);
	sqlite3_bind_int64(stmt, 2, iv->from);
	db__bind_user(stmt, 3, iv->to);
	db__bind_text(stmt, 4, iv->scenario);
	sqlite3_bind_int(stmt, 5, iv->side);
	db__bind_text(stmt, 6, iv->clock);
	db__bind_text(stmt, 7, iv->options);
	sqlite3_bind_int64(stmt, 8, iv->created);
	sqlite3_bind_int64(stmt, 9, iv->expires);
	sqlite3_bind_int(stmt, 10, iv->rated ? 1 : 0);
	rc = db__run(st, DB__S_INVITE_CREATE, stmt, "db_invite_create");
	if (rc == 0) {
		iv->id = sqlite3_last_insert_rowid(st->db);
		iv->state = DB_INVITE_OPEN;
		iv->game = 0;
	}
	return rc;
}

static int sq_invite_close(struct db_store *st, int64_t id, int state, int64_t game)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_INVITE_CLOSE)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, id);
	sqlite3_bind_int(stmt, 2, state);
	db__bind_user(stmt, 3, game); /* 0: NULL */
	rc = db__run(st, DB__S_INVITE_CLOSE, stmt, "db_invite_close");
	if (rc == 0 && sqlite3_changes(st->db) == 0)
		rc = db__errf(st, WG_E_NOT_FOUND, "db_invite_close: no open invite %lld",
		              (long long)id);
	return rc;
}

static int sq_invite_each_open(struct db_store *st,
                               int (*fn)(void *ctx, const struct db_invite *iv), void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_INVITE_EACH_OPEN);
	struct db_invite iv;
	int rc, ret = 0;

	if (stmt == NULL)
		return WG_E_STORAGE;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		memset(&iv, 0, sizeof(iv));
		iv.id = sqlite3_column_int64(stmt, 0);
		iv.kind = sqlite3_column_int(stmt, 1);
		iv.from = sqlite3_column_int64(stmt, 2);
		iv.to = sqlite3_column_int64(stmt, 3);
		db__copy(iv.scenario, sizeof(iv.scenario), stmt, 4);
		iv.side = sqlite3_column_int(stmt, 5);
		db__copy(iv.clock, sizeof(iv.clock), stmt, 6);
		db__copy(iv.options, sizeof(iv.options), stmt, 7);
		iv.created = sqlite3_column_int64(stmt, 8);
		iv.expires = sqlite3_column_int64(stmt, 9);
		iv.state = sqlite3_column_int(stmt, 10);
		iv.game = sqlite3_column_int64(stmt, 11);
		iv.rated = sqlite3_column_int(stmt, 12);
		if ((ret = fn(ctx, &iv)) != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = db__sqlerr(st, "db_invite_each_open");
	db__release(st, DB__S_INVITE_EACH_OPEN, stmt);
	return ret;
}

/* ---- clocks, vacations, the server's values ---- */

static int sq_clock_put(struct db_store *st, const struct db_clock *c)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__check_str(st, "clock spec", c->spec, sizeof(c->spec))) < 0)
		return rc;
	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_CLOCK_PUT)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, c->game);
	db__bind_text(stmt, 2, c->spec);
	sqlite3_bind_int64(stmt, 3, c->left[0]);
	sqlite3_bind_int64(stmt, 4, c->left[1]);
	sqlite3_bind_int(stmt, 5, c->running[0] ? 1 : 0);
	sqlite3_bind_int(stmt, 6, c->running[1] ? 1 : 0);
	sqlite3_bind_int64(stmt, 7, (sqlite3_int64)c->reminded[0]);
	sqlite3_bind_int64(stmt, 8, (sqlite3_int64)c->reminded[1]);
	sqlite3_bind_int64(stmt, 9, c->since);
	sqlite3_bind_int64(stmt, 10, c->paused_until);
	sqlite3_bind_int(stmt, 11, c->paused_by);
	return db__run(st, DB__S_CLOCK_PUT, stmt, "db_clock_put");
}

static void db__clock_row(sqlite3_stmt *stmt, struct db_clock *c)
{
	memset(c, 0, sizeof(*c));
	c->game = sqlite3_column_int64(stmt, 0);
	db__copy(c->spec, sizeof(c->spec), stmt, 1);
	for (int s = 0; s < 2; s++) {
		c->left[s] = sqlite3_column_int64(stmt, 2 + s);
		c->running[s] = sqlite3_column_int(stmt, 4 + s);
		c->reminded[s] = (unsigned)sqlite3_column_int64(stmt, 6 + s);
	}
	c->since = sqlite3_column_int64(stmt, 8);
	c->paused_until = sqlite3_column_int64(stmt, 9);
	c->paused_by = sqlite3_column_int(stmt, 10);
}

static int sq_clock_get(struct db_store *st, int64_t game, struct db_clock *out)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_CLOCK_GET);
	int rc;

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, game);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		db__clock_row(stmt, out);
		rc = 0;
	} else if (rc == SQLITE_DONE) {
		rc = db__errf(st, WG_E_NOT_FOUND, "db_clock_get: game %lld has no clock",
		              (long long)game);
	} else {
		rc = db__sqlerr(st, "db_clock_get");
	}
	db__release(st, DB__S_CLOCK_GET, stmt);
	return rc;
}

static int sq_clock_each(struct db_store *st, int (*fn)(void *ctx, const struct db_clock *c),
                         void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_CLOCK_EACH);
	struct db_clock c;
	int rc, ret = 0;

	if (stmt == NULL)
		return WG_E_STORAGE;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		db__clock_row(stmt, &c);
		if ((ret = fn(ctx, &c)) != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = db__sqlerr(st, "db_clock_each");
	db__release(st, DB__S_CLOCK_EACH, stmt);
	return ret;
}

static int sq_vacation_put(struct db_store *st, const struct db_vacation *v)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_VACATION_PUT)) == NULL)
		return WG_E_STORAGE;
	db__bind_user(stmt, 1, v->user);
	sqlite3_bind_int64(stmt, 2, v->bank);
	sqlite3_bind_int64(stmt, 3, v->credited);
	sqlite3_bind_int64(stmt, 4, v->on_since);
	return db__run(st, DB__S_VACATION_PUT, stmt, "db_vacation_put");
}

static int sq_vacation_each(struct db_store *st, int (*fn)(void *ctx, const struct db_vacation *v),
                            void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_VACATION_EACH);
	int rc, ret = 0;

	if (stmt == NULL)
		return WG_E_STORAGE;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		struct db_vacation v = {
		    .user = sqlite3_column_int64(stmt, 0),
		    .bank = sqlite3_column_int64(stmt, 1),
		    .credited = sqlite3_column_int64(stmt, 2),
		    .on_since = sqlite3_column_int64(stmt, 3),
		};
		if ((ret = fn(ctx, &v)) != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = db__sqlerr(st, "db_vacation_each");
	db__release(st, DB__S_VACATION_EACH, stmt);
	return ret;
}

static int sq_meta_get(struct db_store *st, const char *key, int64_t *value)
{
	sqlite3_stmt *stmt;
	int rc;

	if (key == NULL)
		return db__errf(st, WG_E_BAD_ARGS, "db_meta_get: key is NULL");
	if ((stmt = db__acquire(st, DB__S_META_GET)) == NULL)
		return WG_E_STORAGE;
	db__bind_text(stmt, 1, key);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		*value = sqlite3_column_int64(stmt, 0);
		rc = 0;
	} else if (rc == SQLITE_DONE) {
		rc = db__errf(st, WG_E_NOT_FOUND, "db_meta_get: no value %.40s", key);
	} else {
		rc = db__sqlerr(st, "db_meta_get");
	}
	db__release(st, DB__S_META_GET, stmt);
	return rc;
}

static int sq_meta_put(struct db_store *st, const char *key, int64_t value)
{
	sqlite3_stmt *stmt;
	int rc;

	if (key == NULL)
		return db__errf(st, WG_E_BAD_ARGS, "db_meta_put: key is NULL");
	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_META_PUT)) == NULL)
		return WG_E_STORAGE;
	db__bind_text(stmt, 1, key);
	sqlite3_bind_int64(stmt, 2, value);
	return db__run(st, DB__S_META_PUT, stmt, "db_meta_put");
}

/* ---- one accepted step ---- */

/* The game row's version and updated only, and pending when it is not NULL (the rest is as
 * stored). */
static int db__game_progress(struct db_store *st, const struct db_game *g, const char *pending)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_GAME_PROGRESS);
	int rc;

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, g->id);
	sqlite3_bind_int64(stmt, 2, g->version);
	sqlite3_bind_int64(stmt, 3, g->updated);
	if (pending != NULL)
		db__bind_text(stmt, 4, pending);
	rc = db__run(st, DB__S_GAME_PROGRESS, stmt, "db_step_stage: game row");
	if (rc == 0 && sqlite3_changes(st->db) == 0)
		rc = db__errf(st, WG_E_NOT_FOUND, "db_step_stage: no game %lld", (long long)g->id);
	return rc;
}

/* One event at a seq the caller knows (the trigger still refuses a gap). */
static int db__event_at(struct db_store *st, const struct db_event *e, int64_t seq)
{
	sqlite3_stmt *stmt;

	if (e->json == NULL)
		return db__errf(st, WG_E_BAD_ARGS, "db_step_stage: event json is NULL");
	stmt = db__acquire(st, DB__S_EVENT_APPEND_AT);
	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, e->game);
	sqlite3_bind_int64(stmt, 2, seq);
	sqlite3_bind_int64(stmt, 3, e->action);
	sqlite3_bind_int64(stmt, 4, (sqlite3_int64)e->audience);
	db__bind_text(stmt, 5, e->json);
	sqlite3_bind_int64(stmt, 6, e->at);
	return db__run(st, DB__S_EVENT_APPEND_AT, stmt, "db_step_stage: event");
}

static int db__step_writes(struct db_store *st, const struct db_step *step, int64_t *last)
{
	const struct db_action *a = step->action;
	int rc = sq_action_append(st, a);

	for (size_t i = 0; rc == 0 && i < step->nevents; i++) {
		struct db_event e = step->events[i];
		e.game = a->game;
		e.action = a->seq;
		if (step->first_event > 0) {
			rc = db__event_at(st, &e, step->first_event + (int64_t)i);
			if (rc == 0)
				*last = step->first_event + (int64_t)i;
		} else {
			rc = sq_event_append(st, &e, last);
		}
	}
	if (rc == 0)
		rc = step->progress_only ? db__game_progress(st, step->row, step->pending)
		                         : sq_game_update(st, step->row);
	if (rc == 0 && !step->progress_only && step->pending != NULL)
		rc = sq_game_pending_put(st, a->game, step->pending);
	for (int side = 0; rc == 0 && side < 2; side++)
		if ((step->seen & (1u << side)) && *last > 0)
			rc = sq_seat_seen(st, a->game, side, *last);
	if (rc == 0 && step->snapshot != NULL)
		rc = sq_snapshot_put(st, a->game, a->seq, step->snapshot);
	if (rc == 0 && step->clock != NULL)
		rc = sq_clock_put(st, step->clock);
	return rc;
}

static int sq_step_stage(struct db_store *st, const struct db_step *step, int64_t *last_event)
{
	int64_t last = last_event != NULL ? *last_event : 0;
	char err[DB__ERR_MAX];
	int rc;

	if (step->action == NULL || step->row == NULL)
		return db__errf(st, WG_E_BAD_ARGS, "db_step_stage: no action or no game row");
	if ((rc = db__write(st)) < 0)
		return rc;
	/* a savepoint: the step is atomic inside the batch (or its own transaction) */
	if ((rc = db__simple(st, DB__S_SAVEPOINT, "db_step_stage")) < 0)
		return rc;
	rc = db__step_writes(st, step, &last);
	if (rc != 0) {
		memcpy(err, st->err, sizeof(err));
		db__simple(st, DB__S_ROLLBACK_TO, "db_step_stage: rolling back");
		db__simple(st, DB__S_RELEASE, "db_step_stage: releasing");
		memcpy(st->err, err, sizeof(err));
		return rc;
	}
	rc = db__simple(st, DB__S_RELEASE, "db_step_stage: committing");
	if (rc == 0 && last_event != NULL)
		*last_event = last;
	return rc;
}

/* ---- scenario texts ---- */

static int sq_scenario_put(struct db_store *st, const char *digest, const char *scenario,
                           const char *text, int64_t now)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__check_str(st, "digest", digest, DB_DIGEST_MAX)) < 0 ||
	    (rc = db__check_str(st, "scenario", scenario, DB_SCENARIO_MAX)) < 0)
		return rc;
	if (text == NULL)
		return db__errf(st, WG_E_BAD_ARGS, "db_scenario_put: text is NULL");
	if ((rc = db__write(st)) < 0)
		return rc;
	stmt = db__acquire(st, DB__S_SCENARIO_PUT);
	if (stmt == NULL)
		return WG_E_STORAGE;
	db__bind_text(stmt, 1, digest);
	db__bind_text(stmt, 2, scenario);
	db__bind_text(stmt, 3, text);
	sqlite3_bind_int64(stmt, 4, now);
	return db__run(st, DB__S_SCENARIO_PUT, stmt, "db_scenario_put");
}

static int sq_scenario_get(struct db_store *st, const char *digest, char **text)
{
	sqlite3_stmt *stmt;
	int rc;

	if (digest == NULL)
		return db__errf(st, WG_E_BAD_ARGS, "db_scenario_get: digest is NULL");
	stmt = db__acquire(st, DB__S_SCENARIO_GET);
	if (stmt == NULL)
		return WG_E_STORAGE;
	db__bind_text(stmt, 1, digest);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		const unsigned char *t = sqlite3_column_text(stmt, 0);
		size_t n = (size_t)sqlite3_column_bytes(stmt, 0);
		char *copy = t ? malloc(n + 1) : NULL;
		if (copy == NULL) {
			rc = db__errf(st, WG_E_NO_MEMORY, "db_scenario_get: out of memory");
		} else {
			memcpy(copy, t, n);
			copy[n] = '\0';
			*text = copy;
			rc = 0;
		}
	} else if (rc == SQLITE_DONE) {
		rc = db__errf(st, WG_E_NOT_FOUND, "db_scenario_get: no scenario text %.16s...",
		              digest);
	} else {
		rc = db__sqlerr(st, "db_scenario_get");
	}
	db__release(st, DB__S_SCENARIO_GET, stmt);
	return rc;
}

/* ---- notifications: prefs and the outbox ---- */

static void db__read_prefs(sqlite3_stmt *stmt, struct db_notify_prefs *p)
{
	memset(p, 0, sizeof(*p));
	p->user = sqlite3_column_int64(stmt, 0);
	db__copy(p->webhook, sizeof(p->webhook), stmt, 1);
	db__copy(p->secret, sizeof(p->secret), stmt, 2);
	db__copy(p->email, sizeof(p->email), stmt, 3);
	p->digest = sqlite3_column_int(stmt, 4);
	p->digest_hour = sqlite3_column_int(stmt, 5);
	p->events = (unsigned)sqlite3_column_int64(stmt, 6);
	p->always = sqlite3_column_int(stmt, 7);
	p->digest_next = sqlite3_column_int64(stmt, 8);
}

static int sq_notify_prefs_get(struct db_store *st, int64_t user, struct db_notify_prefs *out)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_NPREFS_GET);
	int rc;

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, user);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		db__read_prefs(stmt, out);
		rc = 0;
	} else if (rc == SQLITE_DONE) {
		rc = db__errf(st, WG_E_NOT_FOUND, "db_notify_prefs_get: user %lld has none",
		              (long long)user);
	} else {
		rc = db__sqlerr(st, "db_notify_prefs_get");
	}
	db__release(st, DB__S_NPREFS_GET, stmt);
	return rc;
}

static int sq_notify_prefs_put(struct db_store *st, const struct db_notify_prefs *p)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__check_str(st, "webhook", p->webhook, sizeof(p->webhook))) < 0 ||
	    (rc = db__check_str(st, "secret", p->secret, sizeof(p->secret))) < 0 ||
	    (rc = db__check_str(st, "email", p->email, sizeof(p->email))) < 0)
		return rc;
	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_NPREFS_PUT)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, p->user);
	db__bind_text(stmt, 2, p->webhook);
	db__bind_text(stmt, 3, p->secret);
	db__bind_text(stmt, 4, p->email);
	sqlite3_bind_int(stmt, 5, p->digest ? 1 : 0);
	sqlite3_bind_int(stmt, 6, p->digest_hour);
	sqlite3_bind_int64(stmt, 7, (int64_t)p->events);
	sqlite3_bind_int(stmt, 8, p->always ? 1 : 0);
	sqlite3_bind_int64(stmt, 9, p->digest_next);
	return db__run(st, DB__S_NPREFS_PUT, stmt, "db_notify_prefs_put");
}

static int sq_notify_digest_due(struct db_store *st, int64_t now,
                                int (*fn)(void *ctx, const struct db_notify_prefs *p), void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_NPREFS_DIGEST_DUE);
	struct db_notify_prefs p;
	int rc, ret = 0;

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, now);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		db__read_prefs(stmt, &p);
		if ((ret = fn(ctx, &p)) != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = db__sqlerr(st, "db_notify_digest_due");
	db__release(st, DB__S_NPREFS_DIGEST_DUE, stmt);
	return ret;
}

static int sq_outbox_add(struct db_store *st, struct db_outbox *o)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__check_str(st, "outbox uid", o->uid, sizeof(o->uid))) < 0)
		return rc;
	if (o->body == NULL)
		return db__errf(st, WG_E_BAD_ARGS, "db_outbox_add: body is NULL");
	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_OUTBOX_ADD)) == NULL)
		return WG_E_STORAGE;
	db__bind_text(stmt, 1, o->uid);
	sqlite3_bind_int64(stmt, 2, o->user);
	sqlite3_bind_int(stmt, 3, o->channel);
	sqlite3_bind_int64(stmt, 4, o->created);
	sqlite3_bind_int64(stmt, 5, o->next_at);
	db__bind_text(stmt, 6, o->body);
	rc = db__run(st, DB__S_OUTBOX_ADD, stmt, "db_outbox_add");
	if (rc == 0)
		o->id = sqlite3_last_insert_rowid(st->db);
	return rc;
}

/* Walks the rows of an outbox query (DB__OUTBOX_COLS) already bound. */
static int db__outbox_walk(struct db_store *st, enum db__stmt_id id, sqlite3_stmt *stmt,
                           const char *what, int (*fn)(void *ctx, const struct db_outbox *o),
                           void *ctx)
{
	struct db_outbox o;
	int rc, ret = 0;

	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		memset(&o, 0, sizeof(o));
		o.id = sqlite3_column_int64(stmt, 0);
		db__copy(o.uid, sizeof(o.uid), stmt, 1);
		o.user = sqlite3_column_int64(stmt, 2);
		o.channel = sqlite3_column_int(stmt, 3);
		o.state = sqlite3_column_int(stmt, 4);
		o.attempts = sqlite3_column_int(stmt, 5);
		o.created = sqlite3_column_int64(stmt, 6);
		o.next_at = sqlite3_column_int64(stmt, 7);
		o.done_at = sqlite3_column_int64(stmt, 8);
		o.body = db__text(stmt, 9);
		db__copy(o.error, sizeof(o.error), stmt, 10);
		if (o.body == NULL) {
			ret = db__errf(st, WG_E_NO_MEMORY, "%s: out of memory", what);
			break;
		}
		if ((ret = fn(ctx, &o)) != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = db__sqlerr(st, what);
	db__release(st, id, stmt);
	return ret;
}

static int sq_outbox_due(struct db_store *st, int64_t now, int64_t upto, int limit,
                         int (*fn)(void *ctx, const struct db_outbox *o), void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_OUTBOX_DUE);

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, now);
	sqlite3_bind_int64(stmt, 2, upto);
	sqlite3_bind_int(stmt, 3, limit > 0 ? limit : -1);
	return db__outbox_walk(st, DB__S_OUTBOX_DUE, stmt, "db_outbox_due", fn, ctx);
}

static int sq_outbox_update(struct db_store *st, const struct db_outbox *o)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__check_str(st, "outbox error", o->error, sizeof(o->error))) < 0)
		return rc;
	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_OUTBOX_UPDATE)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, o->id);
	sqlite3_bind_int(stmt, 2, o->state);
	sqlite3_bind_int(stmt, 3, o->attempts);
	sqlite3_bind_int64(stmt, 4, o->next_at);
	sqlite3_bind_int64(stmt, 5, o->done_at);
	db__bind_text(stmt, 6, o->error);
	return db__run(st, DB__S_OUTBOX_UPDATE, stmt, "db_outbox_update");
}

static int sq_outbox_close_all(struct db_store *st, int64_t user, int channel, int state,
                               int64_t now, const char *error)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__check_str(st, "outbox error", error, DB_OUTBOX_ERR_MAX + 1)) < 0)
		return rc;
	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_OUTBOX_CLOSE_ALL)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, user);
	sqlite3_bind_int(stmt, 2, channel);
	sqlite3_bind_int(stmt, 3, state);
	sqlite3_bind_int64(stmt, 4, now);
	db__bind_text(stmt, 5, error);
	return db__run(st, DB__S_OUTBOX_CLOSE_ALL, stmt, "db_outbox_close_all");
}

static int sq_outbox_pending(struct db_store *st, int64_t user, int channel, int limit,
                             int (*fn)(void *ctx, const struct db_outbox *o), void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_OUTBOX_PENDING);

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, user);
	sqlite3_bind_int(stmt, 2, channel);
	sqlite3_bind_int(stmt, 3, limit > 0 ? limit : -1);
	return db__outbox_walk(st, DB__S_OUTBOX_PENDING, stmt, "db_outbox_pending", fn, ctx);
}

static int sq_outbox_stats(struct db_store *st, int64_t user, int channel,
                           struct db_outbox_stats *out)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_OUTBOX_STATS);
	int rc;

	memset(out, 0, sizeof(*out));
	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, user);
	sqlite3_bind_int(stmt, 2, channel);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		out->pending = sqlite3_column_int64(stmt, 0);
		out->sent = sqlite3_column_int64(stmt, 1);
		out->gave_up = sqlite3_column_int64(stmt, 2);
		out->last_sent = sqlite3_column_int64(stmt, 3);
		rc = 0;
	} else {
		rc = db__sqlerr(st, "db_outbox_stats");
	}
	db__release(st, DB__S_OUTBOX_STATS, stmt);
	if (rc != 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_OUTBOX_HEAD)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, user);
	sqlite3_bind_int(stmt, 2, channel);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		out->head_attempts = sqlite3_column_int(stmt, 0);
		out->head_next = sqlite3_column_int64(stmt, 1);
		db__copy(out->head_error, sizeof(out->head_error), stmt, 2);
		rc = 0;
	} else {
		rc = rc == SQLITE_DONE ? 0 : db__sqlerr(st, "db_outbox_stats");
	}
	db__release(st, DB__S_OUTBOX_HEAD, stmt);
	return rc;
}

/* Runs a query of one integer (bound to ?1 = arg when has_arg) into *out. */
static int db__one_int(struct db_store *st, enum db__stmt_id id, int has_arg, int64_t arg,
                       int64_t *out, const char *what)
{
	sqlite3_stmt *stmt = db__acquire(st, id);
	int rc;

	if (stmt == NULL)
		return WG_E_STORAGE;
	if (has_arg)
		sqlite3_bind_int64(stmt, 1, arg);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		*out = sqlite3_column_int64(stmt, 0);
		rc = 0;
	} else {
		rc = db__sqlerr(st, what);
	}
	db__release(st, id, stmt);
	return rc;
}

static int sq_outbox_count_pending(struct db_store *st, int64_t user, int64_t *count)
{
	return db__one_int(st, DB__S_OUTBOX_COUNT_PENDING, 1, user, count,
	                   "db_outbox_count_pending");
}

static int sq_outbox_purge(struct db_store *st, int64_t before)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_OUTBOX_PURGE)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, before);
	return db__run(st, DB__S_OUTBOX_PURGE, stmt, "db_outbox_purge");
}

static int sq_outbox_max_id(struct db_store *st, int64_t *id)
{
	return db__one_int(st, DB__S_OUTBOX_MAX_ID, 0, 0, id, "db_outbox_max_id");
}

/* ---- ratings ---- */

static void db__rating_row(sqlite3_stmt *stmt, struct db_rating *r)
{
	memset(r, 0, sizeof(*r));
	r->user = sqlite3_column_int64(stmt, 0);
	db__copy(r->scenario, sizeof(r->scenario), stmt, 1);
	db__copy(r->name, sizeof(r->name), stmt, 2);
	r->rating = sqlite3_column_double(stmt, 3);
	r->rd = sqlite3_column_double(stmt, 4);
	r->vol = sqlite3_column_double(stmt, 5);
	r->games = sqlite3_column_int64(stmt, 6);
	r->last = sqlite3_column_int64(stmt, 7);
}

static int sq_rating_get(struct db_store *st, int64_t user, const char *scenario,
                         struct db_rating *out)
{
	sqlite3_stmt *stmt;
	int rc;

	if (scenario == NULL)
		return db__errf(st, WG_E_BAD_ARGS, "db_rating_get: scenario is NULL");
	if ((stmt = db__acquire(st, DB__S_RATING_GET)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, user);
	db__bind_text(stmt, 2, scenario);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		db__rating_row(stmt, out);
		rc = 0;
	} else if (rc == SQLITE_DONE) {
		rc = db__errf(st, WG_E_NOT_FOUND, "db_rating_get: no rating");
	} else {
		rc = db__sqlerr(st, "db_rating_get");
	}
	db__release(st, DB__S_RATING_GET, stmt);
	return rc;
}

static int sq_rating_put(struct db_store *st, const struct db_rating *r)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__check_str(st, "rating scenario", r->scenario, sizeof(r->scenario))) < 0)
		return rc;
	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_RATING_PUT)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, r->user);
	db__bind_text(stmt, 2, r->scenario);
	sqlite3_bind_double(stmt, 3, r->rating);
	sqlite3_bind_double(stmt, 4, r->rd);
	sqlite3_bind_double(stmt, 5, r->vol);
	sqlite3_bind_int64(stmt, 6, r->games);
	sqlite3_bind_int64(stmt, 7, r->last);
	return db__run(st, DB__S_RATING_PUT, stmt, "db_rating_put");
}

/* Walks the rows of a bound ratings query. */
static int db__rating_walk(struct db_store *st, enum db__stmt_id id, sqlite3_stmt *stmt,
                           int (*fn)(void *ctx, const struct db_rating *r), void *ctx,
                           const char *what)
{
	struct db_rating r;
	int rc, ret = 0;

	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		db__rating_row(stmt, &r);
		if ((ret = fn(ctx, &r)) != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = db__sqlerr(st, what);
	db__release(st, id, stmt);
	return ret;
}

static int sq_rating_each_scenario(struct db_store *st, const char *scenario,
                                   int (*fn)(void *ctx, const struct db_rating *r), void *ctx)
{
	sqlite3_stmt *stmt;

	if (scenario == NULL)
		return db__errf(st, WG_E_BAD_ARGS, "db_rating_each_scenario: scenario is NULL");
	if ((stmt = db__acquire(st, DB__S_RATING_EACH_SCENARIO)) == NULL)
		return WG_E_STORAGE;
	db__bind_text(stmt, 1, scenario);
	return db__rating_walk(st, DB__S_RATING_EACH_SCENARIO, stmt, fn, ctx,
	                       "db_rating_each_scenario");
}

static int sq_rating_each_user(struct db_store *st, int64_t user,
                               int (*fn)(void *ctx, const struct db_rating *r), void *ctx)
{
	sqlite3_stmt *stmt;

	if ((stmt = db__acquire(st, DB__S_RATING_EACH_USER)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, user);
	return db__rating_walk(st, DB__S_RATING_EACH_USER, stmt, fn, ctx, "db_rating_each_user");
}

static void db__rated_row(sqlite3_stmt *stmt, struct db_rated_game *g)
{
	memset(g, 0, sizeof(*g));
	g->game = sqlite3_column_int64(stmt, 0);
	g->done = sqlite3_column_int(stmt, 1);
	g->before[0] = sqlite3_column_double(stmt, 2);
	g->rd_before[0] = sqlite3_column_double(stmt, 3);
	g->before[1] = sqlite3_column_double(stmt, 4);
	g->rd_before[1] = sqlite3_column_double(stmt, 5);
	g->after[0] = sqlite3_column_double(stmt, 6);
	g->rd_after[0] = sqlite3_column_double(stmt, 7);
	g->after[1] = sqlite3_column_double(stmt, 8);
	g->rd_after[1] = sqlite3_column_double(stmt, 9);
}

static int sq_rated_game_put(struct db_store *st, const struct db_rated_game *g)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_RATED_PUT)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, g->game);
	sqlite3_bind_int(stmt, 2, g->done ? 1 : 0);
	sqlite3_bind_double(stmt, 3, g->before[0]);
	sqlite3_bind_double(stmt, 4, g->rd_before[0]);
	sqlite3_bind_double(stmt, 5, g->before[1]);
	sqlite3_bind_double(stmt, 6, g->rd_before[1]);
	sqlite3_bind_double(stmt, 7, g->after[0]);
	sqlite3_bind_double(stmt, 8, g->rd_after[0]);
	sqlite3_bind_double(stmt, 9, g->after[1]);
	sqlite3_bind_double(stmt, 10, g->rd_after[1]);
	return db__run(st, DB__S_RATED_PUT, stmt, "db_rated_game_put");
}

static int sq_rated_game_get(struct db_store *st, int64_t game, struct db_rated_game *out)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_RATED_GET);
	int rc;

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, game);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		db__rated_row(stmt, out);
		rc = 0;
	} else if (rc == SQLITE_DONE) {
		rc = db__errf(st, WG_E_NOT_FOUND, "db_rated_game_get: game %lld is not rated",
		              (long long)game);
	} else {
		rc = db__sqlerr(st, "db_rated_game_get");
	}
	db__release(st, DB__S_RATED_GET, stmt);
	return rc;
}

static int sq_rated_game_each_pending(struct db_store *st,
                                      int (*fn)(void *ctx, const struct db_rated_game *g),
                                      void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_RATED_EACH_PENDING);
	struct db_rated_game g;
	int rc, ret = 0;

	if (stmt == NULL)
		return WG_E_STORAGE;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		db__rated_row(stmt, &g);
		if ((ret = fn(ctx, &g)) != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = db__sqlerr(st, "db_rated_game_each_pending");
	db__release(st, DB__S_RATED_EACH_PENDING, stmt);
	return ret;
}

/* ---- tournaments ---- */

static void db__tourney_row(sqlite3_stmt *stmt, struct db_tourney *t)
{
	const void *seed;

	memset(t, 0, sizeof(*t));
	t->id = sqlite3_column_int64(stmt, 0);
	db__copy(t->name, sizeof(t->name), stmt, 1);
	db__copy(t->scenario, sizeof(t->scenario), stmt, 2);
	t->director = sqlite3_column_int64(stmt, 3);
	db__copy(t->director_name, sizeof(t->director_name), stmt, 4);
	db__copy(t->format, sizeof(t->format), stmt, 5);
	db__copy(t->settings, sizeof(t->settings), stmt, 6);
	db__copy(t->clock, sizeof(t->clock), stmt, 7);
	db__copy(t->options, sizeof(t->options), stmt, 8);
	seed = sqlite3_column_blob(stmt, 9);
	if (seed != NULL && sqlite3_column_bytes(stmt, 9) == (int)sizeof(t->seed))
		memcpy(t->seed, seed, sizeof(t->seed));
	t->state = sqlite3_column_int(stmt, 10);
	t->paused = sqlite3_column_int(stmt, 11);
	t->round = sqlite3_column_int(stmt, 12);
	t->rounds = sqlite3_column_int(stmt, 13);
	t->deadline = sqlite3_column_int64(stmt, 14);
	t->created = sqlite3_column_int64(stmt, 15);
	db__copy(t->note, sizeof(t->note), stmt, 16);
}

static int db__tourney_check(struct db_store *st, const struct db_tourney *t)
{
	int rc;

	if ((rc = db__check_str(st, "tournament name", t->name, sizeof(t->name))) < 0 ||
	    (rc = db__check_str(st, "tournament scenario", t->scenario, sizeof(t->scenario))) < 0 ||
	    (rc = db__check_str(st, "tournament format", t->format, sizeof(t->format))) < 0 ||
	    (rc = db__check_str(st, "tournament settings", t->settings, sizeof(t->settings))) < 0 ||
	    (rc = db__check_str(st, "tournament clock", t->clock, sizeof(t->clock))) < 0 ||
	    (rc = db__check_str(st, "tournament options", t->options, sizeof(t->options))) < 0 ||
	    (rc = db__check_str(st, "tournament note", t->note, sizeof(t->note))) < 0)
		return rc;
	return 0;
}

static int sq_tourney_create(struct db_store *st, struct db_tourney *t)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__tourney_check(st, t)) < 0 || (rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_TOURNEY_CREATE)) == NULL)
		return WG_E_STORAGE;
	db__bind_text(stmt, 1, t->name);
	db__bind_text(stmt, 2, t->scenario);
	sqlite3_bind_int64(stmt, 3, t->director);
	db__bind_text(stmt, 4, t->format);
	db__bind_text(stmt, 5, t->settings);
	db__bind_text(stmt, 6, t->clock);
	db__bind_text(stmt, 7, t->options);
	sqlite3_bind_blob(stmt, 8, t->seed, (int)sizeof(t->seed), SQLITE_STATIC);
	sqlite3_bind_int(stmt, 9, t->state);
	sqlite3_bind_int(stmt, 10, t->paused ? 1 : 0);
	sqlite3_bind_int(stmt, 11, t->round);
	sqlite3_bind_int(stmt, 12, t->rounds);
	sqlite3_bind_int64(stmt, 13, t->deadline);
	sqlite3_bind_int64(stmt, 14, t->created);
	db__bind_text(stmt, 15, t->note);
	rc = db__run(st, DB__S_TOURNEY_CREATE, stmt, "db_tourney_create");
	if (rc == 0)
		t->id = sqlite3_last_insert_rowid(st->db);
	return rc;
}

static int sq_tourney_update(struct db_store *st, const struct db_tourney *t)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__tourney_check(st, t)) < 0 || (rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_TOURNEY_UPDATE)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, t->id);
	db__bind_text(stmt, 2, t->settings);
	sqlite3_bind_int(stmt, 3, t->state);
	sqlite3_bind_int(stmt, 4, t->paused ? 1 : 0);
	sqlite3_bind_int(stmt, 5, t->round);
	sqlite3_bind_int(stmt, 6, t->rounds);
	sqlite3_bind_int64(stmt, 7, t->deadline);
	db__bind_text(stmt, 8, t->note);
	rc = db__run(st, DB__S_TOURNEY_UPDATE, stmt, "db_tourney_update");
	if (rc == 0 && sqlite3_changes(st->db) == 0)
		rc = db__errf(st, WG_E_NOT_FOUND, "db_tourney_update: no tournament %lld",
		              (long long)t->id);
	return rc;
}

static int sq_tourney_get(struct db_store *st, int64_t id, struct db_tourney *out)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_TOURNEY_GET);
	int rc;

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, id);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		db__tourney_row(stmt, out);
		rc = 0;
	} else if (rc == SQLITE_DONE) {
		rc = db__errf(st, WG_E_NOT_FOUND, "db_tourney_get: no tournament %lld",
		              (long long)id);
	} else {
		rc = db__sqlerr(st, "db_tourney_get");
	}
	db__release(st, DB__S_TOURNEY_GET, stmt);
	return rc;
}

static int sq_tourney_each(struct db_store *st, unsigned state_mask,
                           int (*fn)(void *ctx, const struct db_tourney *t), void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_TOURNEY_EACH);
	struct db_tourney t;
	int rc, ret = 0;

	if (stmt == NULL)
		return WG_E_STORAGE;
	for (int i = 0; i < 3; i++) /* a state not in the mask binds -1: no row has it */
		sqlite3_bind_int(stmt, i + 1, (state_mask & (1u << i)) ? i : -1);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		db__tourney_row(stmt, &t);
		if ((ret = fn(ctx, &t)) != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = db__sqlerr(st, "db_tourney_each");
	db__release(st, DB__S_TOURNEY_EACH, stmt);
	return ret;
}

static int sq_tplayer_put(struct db_store *st, const struct db_tplayer *p)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_TPLAYER_PUT)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, p->tourney);
	sqlite3_bind_int64(stmt, 2, p->user);
	sqlite3_bind_int64(stmt, 3, p->joined);
	sqlite3_bind_int(stmt, 4, p->pnum);
	sqlite3_bind_double(stmt, 5, p->rating);
	sqlite3_bind_int(stmt, 6, p->withdrawn);
	return db__run(st, DB__S_TPLAYER_PUT, stmt, "db_tplayer_put");
}

static int sq_tplayer_delete(struct db_store *st, int64_t tourney, int64_t user)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_TPLAYER_DELETE)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, tourney);
	sqlite3_bind_int64(stmt, 2, user);
	rc = db__run(st, DB__S_TPLAYER_DELETE, stmt, "db_tplayer_delete");
	if (rc == 0 && sqlite3_changes(st->db) == 0)
		rc = db__errf(st, WG_E_NOT_FOUND, "db_tplayer_delete: not registered");
	return rc;
}

static int sq_tplayer_each(struct db_store *st, int64_t tourney,
                           int (*fn)(void *ctx, const struct db_tplayer *p), void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_TPLAYER_EACH);
	struct db_tplayer p;
	int rc, ret = 0;

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, tourney);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		memset(&p, 0, sizeof(p));
		p.tourney = sqlite3_column_int64(stmt, 0);
		p.user = sqlite3_column_int64(stmt, 1);
		db__copy(p.name, sizeof(p.name), stmt, 2);
		p.joined = sqlite3_column_int64(stmt, 3);
		p.pnum = sqlite3_column_int(stmt, 4);
		p.rating = sqlite3_column_double(stmt, 5);
		p.withdrawn = sqlite3_column_int(stmt, 6);
		if ((ret = fn(ctx, &p)) != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = db__sqlerr(st, "db_tplayer_each");
	db__release(st, DB__S_TPLAYER_EACH, stmt);
	return ret;
}

static void db__tgame_row(sqlite3_stmt *stmt, struct db_tgame *g)
{
	memset(g, 0, sizeof(*g));
	g->tourney = sqlite3_column_int64(stmt, 0);
	g->round = sqlite3_column_int(stmt, 1);
	g->board = sqlite3_column_int(stmt, 2);
	g->leg = sqlite3_column_int(stmt, 3);
	g->player[0] = sqlite3_column_int64(stmt, 4);
	db__copy(g->name[0], sizeof(g->name[0]), stmt, 5);
	g->player[1] = sqlite3_column_int64(stmt, 6);
	db__copy(g->name[1], sizeof(g->name[1]), stmt, 7);
	g->game = sqlite3_column_int64(stmt, 8);
	g->result = sqlite3_column_int(stmt, 9);
	db__copy(g->how, sizeof(g->how), stmt, 10);
	g->bid_side[0] = sqlite3_column_int(stmt, 11);
	g->bid[0] = sqlite3_column_int(stmt, 12);
	g->bid_side[1] = sqlite3_column_int(stmt, 13);
	g->bid[1] = sqlite3_column_int(stmt, 14);
}

static int sq_tgame_put(struct db_store *st, const struct db_tgame *g)
{
	sqlite3_stmt *stmt;
	int rc;

	if ((rc = db__check_str(st, "tournament result", g->how, sizeof(g->how))) < 0 ||
	    (rc = db__write(st)) < 0)
		return rc;
	if ((stmt = db__acquire(st, DB__S_TGAME_PUT)) == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, g->tourney);
	sqlite3_bind_int(stmt, 2, g->round);
	sqlite3_bind_int(stmt, 3, g->board);
	sqlite3_bind_int(stmt, 4, g->leg);
	sqlite3_bind_int64(stmt, 5, g->player[0]);
	db__bind_user(stmt, 6, g->player[1]);
	db__bind_user(stmt, 7, g->game); /* 0: NULL */
	sqlite3_bind_int(stmt, 8, g->result);
	db__bind_text(stmt, 9, g->how);
	sqlite3_bind_int(stmt, 10, g->bid_side[0]);
	sqlite3_bind_int(stmt, 11, g->bid[0]);
	sqlite3_bind_int(stmt, 12, g->bid_side[1]);
	sqlite3_bind_int(stmt, 13, g->bid[1]);
	return db__run(st, DB__S_TGAME_PUT, stmt, "db_tgame_put");
}

static int sq_tgame_each(struct db_store *st, int64_t tourney,
                         int (*fn)(void *ctx, const struct db_tgame *g), void *ctx)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_TGAME_EACH);
	struct db_tgame g;
	int rc, ret = 0;

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, tourney);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		db__tgame_row(stmt, &g);
		if ((ret = fn(ctx, &g)) != 0)
			break;
	}
	if (ret == 0 && rc != SQLITE_ROW && rc != SQLITE_DONE)
		ret = db__sqlerr(st, "db_tgame_each");
	db__release(st, DB__S_TGAME_EACH, stmt);
	return ret;
}

static int sq_tgame_by_game(struct db_store *st, int64_t game, struct db_tgame *out)
{
	sqlite3_stmt *stmt = db__acquire(st, DB__S_TGAME_BY_GAME);
	int rc;

	if (stmt == NULL)
		return WG_E_STORAGE;
	sqlite3_bind_int64(stmt, 1, game);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		db__tgame_row(stmt, out);
		rc = 0;
	} else if (rc == SQLITE_DONE) {
		rc = db__errf(st, WG_E_NOT_FOUND, "db_tgame_by_game: game %lld is no tournament's",
		              (long long)game);
	} else {
		rc = db__sqlerr(st, "db_tgame_by_game");
	}
	db__release(st, DB__S_TGAME_BY_GAME, stmt);
	return rc;
}

const struct db_backend db__sqlite = {
    .scheme = "sqlite",
    .open = sq_open,
    .close = sq_close,
    .last_error = sq_last_error,
    .schema_version = sq_schema_version,
    .backup = sq_backup,
    .begin = sq_begin,
    .commit = sq_commit,
    .rollback = sq_rollback,
    .batch_mode = sq_batch_mode,
    .batch_pending = sq_batch_pending,
    .batch_commit = sq_batch_commit,
    .user_create = sq_user_create,
    .user_by_name = sq_user_by_name,
    .user_by_id = sq_user_by_id,
    .user_set_password = sq_user_set_password,
    .game_create = sq_game_create,
    .game_update = sq_game_update,
    .game_get = sq_game_get,
    .game_each = sq_game_each,
    .game_pending_put = sq_game_pending_put,
    .game_pending_each = sq_game_pending_each,
    .action_append = sq_action_append,
    .action_each = sq_action_each,
    .snapshot_put = sq_snapshot_put,
    .snapshot_latest = sq_snapshot_latest,
    .event_append = sq_event_append,
    .event_each_last = sq_event_each_last,
    .event_each_since = sq_event_each_since,
    .event_last_upto = sq_event_last_upto,
    .action_last_of = sq_action_last_of,
    .event_count_after = sq_event_count_after,
    .event_last_seq = sq_event_last_seq,
    .seat_seen = sq_seat_seen,
    .seat_seen_get = sq_seat_seen_get,
    .step_stage = sq_step_stage,
    .scenario_put = sq_scenario_put,
    .scenario_get = sq_scenario_get,
    .clock_put = sq_clock_put,
    .clock_get = sq_clock_get,
    .clock_each = sq_clock_each,
    .vacation_put = sq_vacation_put,
    .vacation_each = sq_vacation_each,
    .meta_get = sq_meta_get,
    .meta_put = sq_meta_put,
    .tell_append = sq_tell_append,
    .tell_each = sq_tell_each,
    .tell_delivered = sq_tell_delivered,
    .block_put = sq_block_put,
    .block_has = sq_block_has,
    .block_each = sq_block_each,
    .user_seen_get = sq_user_seen_get,
    .user_seen_put = sq_user_seen_put,
    .invite_create = sq_invite_create,
    .invite_close = sq_invite_close,
    .invite_each_open = sq_invite_each_open,
    .chat_append = sq_chat_append,
    .chat_each_last = sq_chat_each_last,
    .ban_put = sq_ban_put,
    .ban_delete = sq_ban_delete,
    .ban_each = sq_ban_each,
    .audit_append = sq_audit_append,
    .audit_each_last = sq_audit_each_last,
    .notify_prefs_get = sq_notify_prefs_get,
    .notify_prefs_put = sq_notify_prefs_put,
    .notify_digest_due = sq_notify_digest_due,
    .outbox_add = sq_outbox_add,
    .outbox_due = sq_outbox_due,
    .outbox_update = sq_outbox_update,
    .outbox_close_all = sq_outbox_close_all,
    .outbox_pending = sq_outbox_pending,
    .outbox_stats = sq_outbox_stats,
    .outbox_count_pending = sq_outbox_count_pending,
    .outbox_purge = sq_outbox_purge,
    .outbox_max_id = sq_outbox_max_id,
    .rating_get = sq_rating_get,
    .rating_put = sq_rating_put,
    .rating_each_scenario = sq_rating_each_scenario,
    .rating_each_user = sq_rating_each_user,
    .rated_game_put = sq_rated_game_put,
    .rated_game_get = sq_rated_game_get,
    .rated_game_each_pending = sq_rated_game_each_pending,
    .tourney_create = sq_tourney_create,
    .tourney_update = sq_tourney_update,
    .tourney_get = sq_tourney_get,
    .tourney_each = sq_tourney_each,
    .tplayer_put = sq_tplayer_put,
    .tplayer_delete = sq_tplayer_delete,
    .tplayer_each = sq_tplayer_each,
    .tgame_put = sq_tgame_put,
    .tgame_each = sq_tgame_each,
    .tgame_by_game = sq_tgame_by_game,
    .access_put = sq_access_put,
    .access_each = sq_access_each,
};
