/*
 * migrations.c -- the schema of the SQLite store, as numbered migrations.
 *
 * db__migrations[N-1] is the script that brings the database from
 * PRAGMA user_version N-1 to N.  db__migrate_to() runs each pending script in
 * its own BEGIN IMMEDIATE transaction together with the user_version bump, so
 * the version number and the schema always agree: a script that fails rolls
 * back whole and the database stays at the version before it.
 *
 *   user_version:   0 --[1]--> 1 --[2]--> 2 --[3]--> 3 --[4]--> 4 ... db__migration_count()
 *                       users     events     engine,    clocks
 *                       games     seats_seen digest,    vacations
 *                       actions   chat       host,      server_meta
 *                       snapshots            scenario_texts
 *
 *               4 --[5]--> 5 --[6]--> 6 --[7]--> 7 --[8]--> 8
 *                   tells,     invites    bans,      notify_prefs,
 *                   blocks,    (challenges, audit    notify_outbox
 *                   users_seen  seeks)
 *
 *               8 --[9]--> 9 --[10]--> 10 --[11]--> 11 --[12]--> 12 --[13]--> 13
 *                   clocks:    ratings, rated_games,  game_access  games.pending actions,
 *                   paused_until, invites.rated,                                clocks
 *                   paused_by  tournaments, tournament_players,                 rebuilt
 *                              tournament_games                                 (CHECKs)
 *
 * Invariants:
 *   - a released script is never edited; changes are appended as new scripts;
 *   - the version is read again after the write lock is taken, so two
 *     processes opening the same file at once cannot run a script twice;
 *   - a database newer than db__migration_count() is refused untouched.
 *
 * Conventions of the schema (the backend relies on them):
 *   - ids are INTEGER PRIMARY KEYs (rowids); a user id of 0 in the C structs
 *     (empty seat, host action, no creator) is NULL in the database, so the
 *     foreign keys to users(id) hold;
 *   - actions and events are append-only: triggers refuse UPDATE and DELETE,
 *     and refuse an insert that would leave a gap in a game's seq numbers (a
 *     seq already taken fails on the primary key instead, which the backend
 *     reports as WG_E_EXISTS);
 *   - chat is append-only the same way;
 *   - CHECK constraints pin the enumerations of store.h (status, winner,
 *     side).  On tables written per action they compare (side = 0 OR side = 1), never
 *     list (side IN (0, 1)): SQLite evaluates a CHECK's IN list through an ephemeral
 *     table built for every row.  Widening one means rebuilding the table (the SQLite 12-step
 *     ALTER procedure); PRAGMA foreign_keys is a no-op inside the migration's
 *     transaction, so such a script must keep the foreign keys valid itself
 *     and may end with PRAGMA foreign_key_check.
 */
#include "migrations.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "common/errors.h"

static const char *const db__migrations[] = {
    /* 1: users, games, actions, snapshots. */
    "CREATE TABLE users (\n"
    "	id      INTEGER PRIMARY KEY,\n"
    "	name    TEXT NOT NULL UNIQUE COLLATE NOCASE,\n"
    "	pwhash  TEXT NOT NULL, -- argon2id string from crypto_pwhash_str\n"
    "	created INTEGER NOT NULL\n"
    ");\n"
    "CREATE TABLE games (\n"
    "	id         INTEGER PRIMARY KEY,\n"
    "	scenario   TEXT NOT NULL,\n"
    "	options    TEXT NOT NULL DEFAULT '',\n"
    "	seed       BLOB NOT NULL CHECK (length(seed) = 32),\n"
    "	commitment TEXT NOT NULL,\n"
    "	status     INTEGER NOT NULL CHECK (status IN (0, 1, 2)),\n"
    "	private    INTEGER NOT NULL DEFAULT 0 CHECK (private IN (0, 1)),\n"
    "	creator    INTEGER REFERENCES users(id),\n"
    "	seat0      INTEGER REFERENCES users(id),\n"
    "	seat1      INTEGER REFERENCES users(id),\n"
    "	version    INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),\n"
    "	winner     INTEGER NOT NULL DEFAULT -1 CHECK (winner IN (-1, 0, 1)),\n"
    "	result     TEXT NOT NULL DEFAULT '',\n"
    "	created    INTEGER NOT NULL,\n"
    "	updated    INTEGER NOT NULL\n"
    ");\n"
    "-- db_game_each walks games by status (recovery: open and active).\n"
    "CREATE INDEX games_status ON games(status);\n"
    "CREATE TABLE actions (\n"
    "	game INTEGER NOT NULL REFERENCES games(id),\n"
    "	seq  INTEGER NOT NULL CHECK (seq >= 1),\n"
    "	side INTEGER NOT NULL CHECK (side IN (-1, 0, 1)),\n"
    "	user INTEGER REFERENCES users(id),\n"
    "	line TEXT NOT NULL,\n"
    "	dice TEXT NOT NULL DEFAULT '[]',\n"
    "	at   INTEGER NOT NULL,\n"
    "	PRIMARY KEY (game, seq)\n"
    ") WITHOUT ROWID;\n"
    "CREATE TRIGGER actions_no_gap BEFORE INSERT ON actions\n"
    "WHEN NEW.seq > (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game = NEW.game)\n"
    "BEGIN SELECT RAISE(ABORT, 'action seq would leave a gap'); END;\n"
    "CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions\n"
    "BEGIN SELECT RAISE(ABORT, 'actions are append-only'); END;\n"
    "CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions\n"
    "BEGIN SELECT RAISE(ABORT, 'actions are append-only'); END;\n"
    "CREATE TABLE snapshots (\n"
    "	game  INTEGER NOT NULL REFERENCES games(id),\n"
    "	seq   INTEGER NOT NULL CHECK (seq >= 0),\n"
    "	state TEXT NOT NULL,\n"
    "	PRIMARY KEY (game, seq)\n"
    ");\n",

    /* 2: the per-viewer event log, what each seat has seen, chat. */
    "CREATE TABLE events (\n"
    "	game     INTEGER NOT NULL REFERENCES games(id),\n"
    "	seq      INTEGER NOT NULL CHECK (seq >= 1),\n"
    "	action   INTEGER NOT NULL DEFAULT 0 CHECK (action >= 0),\n"
    "	audience INTEGER NOT NULL CHECK (audience >= 0),\n"
    "	json     TEXT NOT NULL,\n"
    "	at       INTEGER NOT NULL,\n"
    "	PRIMARY KEY (game, seq)\n"
    ");\n"
    "CREATE TRIGGER events_no_gap BEFORE INSERT ON events\n"
    "WHEN NEW.seq > (SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE game = NEW.game)\n"
    "BEGIN SELECT RAISE(ABORT, 'event seq would leave a gap'); END;\n"
    "CREATE TRIGGER events_no_update BEFORE UPDATE ON events\n"
    "BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;\n"
    "CREATE TRIGGER events_no_delete BEFORE DELETE ON events\n"
    "BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;\n"
    "CREATE TABLE seats_seen (\n"
    "	game INTEGER NOT NULL REFERENCES games(id),\n"
    "	side INTEGER NOT NULL CHECK (side IN (0, 1)),\n"
    "	seen INTEGER NOT NULL DEFAULT 0 CHECK (seen >= 0),\n"
    "	PRIMARY KEY (game, side)\n"
    ") WITHOUT ROWID;\n"
    "CREATE TABLE chat (\n"
    "	id   INTEGER PRIMARY KEY AUTOINCREMENT,\n"
    "	game INTEGER REFERENCES games(id), -- NULL: the lobby\n"
    "	user INTEGER REFERENCES users(id),\n"
    "	name TEXT NOT NULL,\n"
    "	text TEXT NOT NULL,\n"
    "	at   INTEGER NOT NULL\n"
    ");\n"
    "-- db_chat_each_last reads the newest lines of one game.\n"
    "CREATE INDEX chat_game ON chat(game, id);\n"
    "CREATE TRIGGER chat_no_update BEFORE UPDATE ON chat\n"
    "BEGIN SELECT RAISE(ABORT, 'chat is append-only'); END;\n"
    "CREATE TRIGGER chat_no_delete BEFORE DELETE ON chat\n"
    "BEGIN SELECT RAISE(ABORT, 'chat is append-only'); END;\n",

    /* 3: games pin what they were played on; host actions are marked. */
    "-- the engine version and the scenario digest a game was created with\n"
    "-- ('' for games created before this migration: pinned at their next load)\n"
    "ALTER TABLE games ADD COLUMN engine TEXT NOT NULL DEFAULT '';\n"
    "ALTER TABLE games ADD COLUMN digest TEXT NOT NULL DEFAULT '';\n"
    "-- 0: a player's action; else enum rules_host_kind (1 start, 2 resign, ...)\n"
    "ALTER TABLE actions ADD COLUMN host INTEGER NOT NULL DEFAULT 0;\n"
    "DROP TRIGGER actions_no_update;\n"
    "UPDATE actions SET host = 1 WHERE side = -1 AND line = 'start';\n"
    "CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions\n"
    "BEGIN SELECT RAISE(ABORT, 'actions are append-only'); END;\n"
    "-- every scenario text a game was created from, by its SHA-256\n"
    "CREATE TABLE scenario_texts (\n"
    "	digest   TEXT PRIMARY KEY CHECK (length(digest) = 64),\n"
    "	scenario TEXT NOT NULL,\n"
    "	text     TEXT NOT NULL,\n"
    "	stored   INTEGER NOT NULL\n"
    ") WITHOUT ROWID;\n"
    "CREATE TRIGGER scenario_texts_no_update BEFORE UPDATE ON scenario_texts\n"
    "BEGIN SELECT RAISE(ABORT, 'scenario texts never change'); END;\n",

    /* 4: time controls (docs/clocks.md): a game's clock, users' vacation banks, the
     * server's last sign of life (time the server was down is not charged). */
    "-- one row per game with a time control: its spec and each side's clock as of `since`\n"
    "-- (ms since the epoch): the bank left, whether it runs, the reminders sent\n"
    "CREATE TABLE clocks (\n"
    "	game     INTEGER PRIMARY KEY REFERENCES games(id),\n"
    "	spec     TEXT NOT NULL,\n"
    "	left0    INTEGER NOT NULL,\n"
    "	left1    INTEGER NOT NULL,\n"
    "	running0 INTEGER NOT NULL DEFAULT 0 CHECK (running0 IN (0, 1)),\n"
    "	running1 INTEGER NOT NULL DEFAULT 0 CHECK (running1 IN (0, 1)),\n"
    "	reminded0 INTEGER NOT NULL DEFAULT 0,\n"
    "	reminded1 INTEGER NOT NULL DEFAULT 0,\n"
    "	since    INTEGER NOT NULL\n"
    ");\n"
    "-- a user's vacation bank (ms), the last credit and the start of the vacation (0: off)\n"
    "CREATE TABLE vacations (\n"
    "	user     INTEGER PRIMARY KEY REFERENCES users(id),\n"
    "	bank     INTEGER NOT NULL CHECK (bank >= 0),\n"
    "	credited INTEGER NOT NULL DEFAULT 0,\n"
    "	on_since INTEGER NOT NULL DEFAULT 0\n"
    ");\n"
    "CREATE TABLE server_meta (\n"
    "	key   TEXT PRIMARY KEY,\n"
    "	value INTEGER NOT NULL\n"
    ") WITHOUT ROWID;\n",

    /* 5: people (docs/people.md): private messages, block lists, when a user was last seen. */
    "-- tell: kept for both ends; delivered 0 until shown on a connection of the recipient\n"
    "CREATE TABLE tells (\n"
    "	id        INTEGER PRIMARY KEY,\n"
    "	sender    INTEGER NOT NULL REFERENCES users(id),\n"
    "	recipient INTEGER NOT NULL REFERENCES users(id),\n"
    "	text      TEXT NOT NULL,\n"
    "	at        INTEGER NOT NULL, -- ms since the epoch\n"
    "	delivered INTEGER NOT NULL DEFAULT 0 CHECK (delivered IN (0, 1))\n"
    ");\n"
    "CREATE INDEX tells_recipient ON tells(recipient, delivered, id);\n"
    "CREATE INDEX tells_sender ON tells(sender, id);\n"
    "-- user blocks blocked: no tells, challenges or seeks from blocked\n"
    "CREATE TABLE blocks (\n"
    "	user    INTEGER NOT NULL REFERENCES users(id),\n"
    "	blocked INTEGER NOT NULL REFERENCES users(id),\n"
    "	since   INTEGER NOT NULL, -- ms since the epoch\n"
    "	PRIMARY KEY (user, blocked)\n"
    ") WITHOUT ROWID;\n"
    "-- the last time a user's last connection went (ms since the epoch)\n"
    "CREATE TABLE users_seen (\n"
    "	user INTEGER PRIMARY KEY REFERENCES users(id),\n"
    "	at   INTEGER NOT NULL\n"
    ");\n",

    /* 6: challenges and seeks (docs/people.md), kept until answered or expired. */
    "-- kind 0 a challenge to recipient, 1 a seek (recipient NULL); side is the sender's\n"
    "-- (-1 random); state 0 open, 1 accepted (game), 2 declined, 3 withdrawn, 4 expired\n"
    "CREATE TABLE invites (\n"
    "	id        INTEGER PRIMARY KEY,\n"
    "	kind      INTEGER NOT NULL CHECK (kind IN (0, 1)),\n"
    "	sender    INTEGER NOT NULL REFERENCES users(id),\n"
    "	recipient INTEGER REFERENCES users(id),\n"
    "	scenario  TEXT NOT NULL,\n"
    "	side      INTEGER NOT NULL CHECK (side IN (-1, 0, 1)),\n"
    "	clock     TEXT NOT NULL,\n"
    "	options   TEXT NOT NULL DEFAULT '',\n"
    "	created   INTEGER NOT NULL, -- ms since the epoch\n"
    "	expires   INTEGER NOT NULL, -- ms since the epoch\n"
    "	state     INTEGER NOT NULL DEFAULT 0 CHECK (state BETWEEN 0 AND 4),\n"
    "	game      INTEGER REFERENCES games(id)\n"
    ");\n"
    "CREATE INDEX invites_open ON invites(state, id);\n",

    /* 7: operators -- bans (durable) and the audit log of what admins did */
    "CREATE TABLE bans (\n"
    "	kind    TEXT NOT NULL CHECK (kind IN ('user', 'address')),\n"
    "	target  TEXT NOT NULL COLLATE NOCASE,\n"
    "	by_user TEXT NOT NULL,\n"
    "	at      INTEGER NOT NULL,\n"
    "	PRIMARY KEY (kind, target)\n"
    ");\n"
    "CREATE TABLE audit (\n"
    "	id    INTEGER PRIMARY KEY AUTOINCREMENT,\n"
    "	at    INTEGER NOT NULL,\n"
    "	admin TEXT NOT NULL,\n"
    "	verb  TEXT NOT NULL,\n"
    "	args  TEXT NOT NULL\n"
    ");\n",

    /* 8: notifications outside the server (docs/notifications.md): each user's channels and
     * choices, and the outbox every notification waits in until it is delivered. */
    "-- a user's channels: webhook URL and its signing secret, e-mail address (digest 1: one\n"
    "-- message a day at digest_hour UTC, next at digest_next ms), the events wanted (a bit per\n"
    "-- type, server/notifyfmt.h), always 1: also while the user is online\n"
    "CREATE TABLE notify_prefs (\n"
    "	user        INTEGER PRIMARY KEY REFERENCES users(id),\n"
    "	webhook     TEXT NOT NULL DEFAULT '',\n"
    "	secret      TEXT NOT NULL DEFAULT '',\n"
    "	email       TEXT NOT NULL DEFAULT '',\n"
    "	digest      INTEGER NOT NULL DEFAULT 0 CHECK (digest IN (0, 1)),\n"
    "	digest_hour INTEGER NOT NULL DEFAULT 6 CHECK (digest_hour BETWEEN 0 AND 23),\n"
    "	events      INTEGER NOT NULL,\n"
    "	always      INTEGER NOT NULL DEFAULT 0 CHECK (always IN (0, 1)),\n"
    "	digest_next INTEGER NOT NULL DEFAULT 0\n"
    ");\n"
    "CREATE INDEX notify_prefs_digest ON notify_prefs(digest, digest_next);\n"
    "-- one row per notification and channel (0 webhook, 1 e-mail, 2 an item of the next\n"
    "-- digest); uid is the notification's id, the same on every channel and every retry;\n"
    "-- state 0 pending, 1 delivered, 2 given up, 3 dropped, 4 sent in a digest; times in ms\n"
    "CREATE TABLE notify_outbox (\n"
    "	id       INTEGER PRIMARY KEY,\n"
    "	uid      TEXT NOT NULL,\n"
    "	user     INTEGER NOT NULL REFERENCES users(id),\n"
    "	channel  INTEGER NOT NULL CHECK (channel IN (0, 1, 2)),\n"
    "	state    INTEGER NOT NULL DEFAULT 0 CHECK (state BETWEEN 0 AND 4),\n"
    "	attempts INTEGER NOT NULL DEFAULT 0,\n"
    "	created  INTEGER NOT NULL,\n"
    "	next_at  INTEGER NOT NULL,\n"
    "	done_at  INTEGER NOT NULL DEFAULT 0,\n"
    "	body     TEXT NOT NULL,\n"
    "	error    TEXT NOT NULL DEFAULT '',\n"
    "	UNIQUE (uid, channel)\n"
    ");\n"
    "CREATE INDEX notify_outbox_user ON notify_outbox(user, channel, state, id);\n"
    "CREATE INDEX notify_outbox_due ON notify_outbox(state, next_at);\n",

    /* 9: agreed pauses (docs/clocks.md, "Pauses"): both clocks of a game stop until then */
    "ALTER TABLE clocks ADD COLUMN paused_until INTEGER NOT NULL DEFAULT 0; -- ms, 0: none\n"
    "ALTER TABLE clocks ADD COLUMN paused_by INTEGER NOT NULL DEFAULT -1;  -- side, -1: none\n",

    /* 10: ratings and tournaments (docs/tournaments.md). */
    "-- Glicko-2 per user and scenario; last: ms since the epoch of the last rated game\n"
    "CREATE TABLE ratings (\n"
    "	user     INTEGER NOT NULL REFERENCES users(id),\n"
    "	scenario TEXT NOT NULL,\n"
    "	rating   REAL NOT NULL,\n"
    "	rd       REAL NOT NULL,\n"
    "	vol      REAL NOT NULL,\n"
    "	games    INTEGER NOT NULL DEFAULT 0,\n"
    "	last     INTEGER NOT NULL,\n"
    "	PRIMARY KEY (user, scenario)\n"
    ") WITHOUT ROWID;\n"
    "CREATE INDEX ratings_scenario ON ratings(scenario, rating);\n"
    "-- a rated game: marked when it is created; done 1 once rated, with both players'\n"
    "-- ratings and deviations before (r0, d0, r1, d1) and after (n0, m0, n1, m1)\n"
    "CREATE TABLE rated_games (\n"
    "	game INTEGER PRIMARY KEY REFERENCES games(id),\n"
    "	done INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),\n"
    "	r0 REAL NOT NULL DEFAULT 0, d0 REAL NOT NULL DEFAULT 0,\n"
    "	r1 REAL NOT NULL DEFAULT 0, d1 REAL NOT NULL DEFAULT 0,\n"
    "	n0 REAL NOT NULL DEFAULT 0, m0 REAL NOT NULL DEFAULT 0,\n"
    "	n1 REAL NOT NULL DEFAULT 0, m1 REAL NOT NULL DEFAULT 0\n"
    ");\n"
    "CREATE INDEX rated_games_pending ON rated_games(done, game);\n"
    "ALTER TABLE invites ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));\n"
    "-- state 0 registration, 1 running, 2 finished; round: the current one (0 before the\n"
    "-- start); deadline: ms since the epoch when the round ends (0: none)\n"
    "CREATE TABLE tournaments (\n"
    "	id       INTEGER PRIMARY KEY,\n"
    "	name     TEXT NOT NULL,\n"
    "	scenario TEXT NOT NULL,\n"
    "	director INTEGER NOT NULL REFERENCES users(id),\n"
    "	format   TEXT NOT NULL,\n"
    "	settings TEXT NOT NULL DEFAULT '',\n"
    "	clock    TEXT NOT NULL DEFAULT 'none',\n"
    "	options  TEXT NOT NULL DEFAULT '',\n"
    "	seed     BLOB NOT NULL CHECK (length(seed) = 32),\n"
    "	state    INTEGER NOT NULL DEFAULT 0 CHECK (state BETWEEN 0 AND 2),\n"
    "	paused   INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),\n"
    "	round    INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),\n"
    "	rounds   INTEGER NOT NULL DEFAULT 0 CHECK (rounds >= 0),\n"
    "	deadline INTEGER NOT NULL DEFAULT 0,\n"
    "	created  INTEGER NOT NULL,\n"
    "	note     TEXT NOT NULL DEFAULT ''\n"
    ");\n"
    "CREATE INDEX tournaments_state ON tournaments(state, id);\n"
    "-- pnum: the pairing number given at the start (1: the best rated), with the rating;\n"
    "-- withdrawn: the round a player withdrew in (0: plays on)\n"
    "CREATE TABLE tournament_players (\n"
    "	tournament INTEGER NOT NULL REFERENCES tournaments(id),\n"
    "	user       INTEGER NOT NULL REFERENCES users(id),\n"
    "	joined     INTEGER NOT NULL,\n"
    "	pnum       INTEGER NOT NULL DEFAULT 0,\n"
    "	rating     REAL NOT NULL DEFAULT 0,\n"
    "	withdrawn  INTEGER NOT NULL DEFAULT 0,\n"
    "	PRIMARY KEY (tournament, user)\n"
    ") WITHOUT ROWID;\n"
    "-- one game (or bye) of a round: player0 plays side 0 once the game exists, player1 NULL\n"
    "-- is player0's bye; result -2 pending, -1 drawn, 0 or 1 the winner, -3 both lost;\n"
    "-- how it ended; the secret bids (side, amount; -1 none) of player0 and player1\n"
    "CREATE TABLE tournament_games (\n"
    "	tournament INTEGER NOT NULL REFERENCES tournaments(id),\n"
    "	round      INTEGER NOT NULL CHECK (round >= 1),\n"
    "	board      INTEGER NOT NULL CHECK (board >= 1),\n"
    "	leg        INTEGER NOT NULL DEFAULT 1 CHECK (leg >= 1),\n"
    "	player0    INTEGER NOT NULL REFERENCES users(id),\n"
    "	player1    INTEGER REFERENCES users(id),\n"
    "	game       INTEGER REFERENCES games(id),\n"
    "	result     INTEGER NOT NULL DEFAULT -2 CHECK (result BETWEEN -3 AND 1),\n"
    "	how        TEXT NOT NULL DEFAULT '',\n"
    "	bid_side0  INTEGER NOT NULL DEFAULT -1,\n"
    "	bid0       INTEGER NOT NULL DEFAULT -1,\n"
    "	bid_side1  INTEGER NOT NULL DEFAULT -1,\n"
    "	bid1       INTEGER NOT NULL DEFAULT -1,\n"
    "	PRIMARY KEY (tournament, round, board, leg)\n"
    ") WITHOUT ROWID;\n"
    "CREATE INDEX tournament_games_game ON tournament_games(game);\n",

    /* 11: private games (server/private.h): who may join or watch one besides its players */
    "-- user 0: the game's token (join/watch <game> <token>); another user: invited by name\n"
    "CREATE TABLE game_access (\n"
    "	game  INTEGER NOT NULL REFERENCES games(id),\n"
    "	user  INTEGER NOT NULL, -- 0, or a users(id)\n"
    "	token TEXT NOT NULL DEFAULT '',\n"
    "	at    INTEGER NOT NULL, -- ms since the epoch\n"
    "	PRIMARY KEY (game, user)\n"
    ") WITHOUT ROWID;\n",

    /* 12: who must act in each game, read at start-up instead of loading every game */
    "-- the pending summary of the game after its last action (JSON written by the server,\n"
    "-- server/games.c: the sides awaited, per side the kind and sentence of the decision\n"
    "-- and its counter); NULL: not recorded yet.  An open game awaits nobody; a game of an\n"
    "-- older build is backfilled by the server, which replays it once at its first start\n"
    "-- and records it (the rules engine is not SQL)\n"
    "ALTER TABLE games ADD COLUMN pending TEXT;\n"
    "UPDATE games SET pending = '{}' WHERE status = 0;\n",

    /* 13: the enumeration CHECKs of the two tables written on every action compare instead
     * of listing: SQLite builds an ephemeral table for a CHECK's IN list on every row it
     * checks (a tenth of an action's SQL, docs/performance.md).  The same rows and the
     * same triggers, by the 12-step rebuild; nothing references either table. */
    "CREATE TABLE actions_13 (\n"
    "	game INTEGER NOT NULL REFERENCES games(id),\n"
    "	seq  INTEGER NOT NULL CHECK (seq >= 1),\n"
    "	side INTEGER NOT NULL CHECK (side = -1 OR side = 0 OR side = 1),\n"
    "	user INTEGER REFERENCES users(id),\n"
    "	line TEXT NOT NULL,\n"
    "	dice TEXT NOT NULL DEFAULT '[]',\n"
    "	at   INTEGER NOT NULL,\n"
    "	host INTEGER NOT NULL DEFAULT 0, -- 0: a player's action; else enum rules_host_kind\n"
    "	PRIMARY KEY (game, seq)\n"
    ") WITHOUT ROWID;\n"
    "INSERT INTO actions_13(game, seq, side, user, line, dice, at, host)\n"
    "	SELECT game, seq, side, user, line, dice, at, host FROM actions;\n"
    "DROP TABLE actions;\n"
    "ALTER TABLE actions_13 RENAME TO actions;\n"
    "CREATE TRIGGER actions_no_gap BEFORE INSERT ON actions\n"
    "WHEN NEW.seq > (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game = NEW.game)\n"
    "BEGIN SELECT RAISE(ABORT, 'action seq would leave a gap'); END;\n"
    "CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions\n"
    "BEGIN SELECT RAISE(ABORT, 'actions are append-only'); END;\n"
    "CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions\n"
    "BEGIN SELECT RAISE(ABORT, 'actions are append-only'); END;\n"
    "CREATE TABLE clocks_13 (\n"
    "	game     INTEGER PRIMARY KEY REFERENCES games(id),\n"
    "	spec     TEXT NOT NULL,\n"
    "	left0    INTEGER NOT NULL,\n"
    "	left1    INTEGER NOT NULL,\n"
    "	running0 INTEGER NOT NULL DEFAULT 0 CHECK (running0 = 0 OR running0 = 1),\n"
    "	running1 INTEGER NOT NULL DEFAULT 0 CHECK (running1 = 0 OR running1 = 1),\n"
    "	reminded0 INTEGER NOT NULL DEFAULT 0,\n"
    "	reminded1 INTEGER NOT NULL DEFAULT 0,\n"
    "	since    INTEGER NOT NULL,\n"
    "	paused_until INTEGER NOT NULL DEFAULT 0, -- ms, 0: none\n"
    "	paused_by INTEGER NOT NULL DEFAULT -1    -- side, -1: none\n"
    ");\n"
    "INSERT INTO clocks_13 SELECT game, spec, left0, left1, running0, running1, reminded0,\n"
    "	reminded1, since, paused_until, paused_by FROM clocks;\n"
    "DROP TABLE clocks;\n"
    "ALTER TABLE clocks_13 RENAME TO clocks;\n",
};

int db__migration_count(void)
{
	return (int)(sizeof(db__migrations) / sizeof(db__migrations[0]));
}

__attribute__((format(printf, 3, 4))) static void db__seterr(char *err, size_t errlen,
                                                             const char *fmt, ...)
{
	va_list ap;

	if (err == NULL || errlen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

int db__schema_version(sqlite3 *db, int *version, char *err, size_t errlen)
{
	sqlite3_stmt *stmt = NULL;
	int rc = sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &stmt, NULL);

	if (rc == SQLITE_OK)
		rc = sqlite3_step(stmt);
	if (rc != SQLITE_ROW) {
		db__seterr(err, errlen, "reading the schema version: %s", sqlite3_errmsg(db));
		sqlite3_finalize(stmt);
		return WG_E_STORAGE;
	}
	*version = sqlite3_column_int(stmt, 0);
	sqlite3_finalize(stmt);
	return 0;
}

/* Runs sql; on failure writes "migration <n>: <step>: <sqlite message>" to err. */
static int db__exec(sqlite3 *db, const char *sql, int n, const char *step, char *err, size_t errlen)
{
	char *msg = NULL;

	if (sqlite3_exec(db, sql, NULL, NULL, &msg) == SQLITE_OK)
		return 0;
	db__seterr(err, errlen, "migration %d: %s: %s", n, step, msg ? msg : sqlite3_errmsg(db));
	sqlite3_free(msg);
	return WG_E_STORAGE;
}

static int db__newer(char *err, size_t errlen, int version, int known)
{
	db__seterr(err, errlen,
	           "database schema version %d is newer than this wargamed supports (%d); "
	           "upgrade wargamed or restore an older backup",
	           version, known);
	return WG_E_STORAGE;
}

int db__migrate_to(sqlite3 *db, int target, char *err, size_t errlen)
{
	int known = db__migration_count();
	int version;
	int rc;

	if (target < 0 || target > known) {
		db__seterr(err, errlen, "no migration %d (this build knows %d)", target, known);
		return WG_E_STORAGE;
	}
	rc = db__schema_version(db, &version, err, errlen);
	if (rc < 0)
		return rc;
	if (version > known)
		return db__newer(err, errlen, version, known);

	while (version < target) {
		char bump[48];

		rc = db__exec(db, "BEGIN IMMEDIATE", version + 1, "begin", err, errlen);
		if (rc < 0)
			return rc;
		/* Another process may have migrated while we waited for the lock. */
		rc = db__schema_version(db, &version, err, errlen);
		if (rc < 0)
			goto rollback;
		if (version > known) {
			rc = db__newer(err, errlen, version, known);
			goto rollback;
		}
		if (version >= target)
			return db__exec(db, "COMMIT", version, "commit", err, errlen);

		rc = db__exec(db, db__migrations[version], version + 1, "script", err, errlen);
		if (rc < 0)
			goto rollback;
		snprintf(bump, sizeof(bump), "PRAGMA user_version = %d", version + 1);
		rc = db__exec(db, bump, version + 1, "user_version", err, errlen);
		if (rc < 0)
			goto rollback;
		rc = db__exec(db, "COMMIT", version + 1, "commit", err, errlen);
		if (rc < 0)
			goto rollback;
		version++;
	}
	return 0;

rollback:
	if (!sqlite3_get_autocommit(db))
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return rc;
}
