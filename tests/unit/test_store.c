/*
 * test_store.c -- unit tests for db/store.h on the SQLite backend
 * (db/store_sqlite.c) and for the numbered migrations (db/migrations.c).
 *
 * Covers every function of store.h: users (case-insensitive names,
 * WG_E_EXISTS, NOT_FOUND, BAD_ARGS), games (round trip of every field, the
 * status mask and id order of db_game_each, early stop, re-entrant walks),
 * actions (seq order, `after`, WG_E_EXISTS changing nothing, gaps refused),
 * snapshots (latest selection, replacement, malloc'd state), events (per-game
 * seq, last-N visible to an audience mask, oldest first, counts; those after a
 * side's last player action, db_action_last_of), seats seen,
 * chat (last N per game, lobby), transactions (rollback discards, commit
 * keeps, a refused write inside a transaction leaves it usable),
 * persistence across close/reopen of a temporary file, WAL mode and the
 * checkpoint on close, db_backup, the upgrade of a schema-1 database built
 * with the first migration only, the refusal of a newer database, a failed
 * migration rolling back whole, and errors on unusable paths; one accepted
 * step written whole or not at all (db_step_stage), batch mode (group commit:
 * many steps, one transaction), stored scenario texts, host actions marked
 * in the log, and the backend named by the path's scheme.
 *
 * Temporary databases live under /tmp (mkstemp) and are removed with their
 * -wal/-shm/-journal files by each test.  Strings returned by the store with
 * malloc are freed with free(): the library is not built with cmocka's
 * allocators, so leaks are caught by the sanitizer build (WG_SANITIZE).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "db/migrations.h"
#include "db/store.h"

#define MAXROWS 64

/* ---- helpers ---- */

/* A fresh empty file /tmp/wg-test-store-XXXXXX; path holds its name. */
static void tmp_path(char *path, size_t size)
{
	int fd;

	snprintf(path, size, "/tmp/wg-test-store-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
}

/* Removes a database file and its companions. */
static void rm_db(const char *path)
{
	static const char *const suffix[] = {"", "-wal", "-shm", "-journal"};
	char name[256];

	for (size_t i = 0; i < sizeof(suffix) / sizeof(suffix[0]); i++) {
		snprintf(name, sizeof(name), "%s%s", path, suffix[i]);
		unlink(name);
	}
}

static int file_exists(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0;
}

static off_t file_size(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0 ? sb.st_size : -1;
}

static int64_t add_user(struct db_store *st, const char *name)
{
	int64_t id = 0;

	assert_int_equal(db_user_create(st, name, "$argon2id$v=19$m=65536,t=2,p=1$x$y", 100, &id),
	                 0);
	assert_true(id > 0);
	return id;
}

static void fill_game(struct db_game *g, int status, int64_t creator)
{
	memset(g, 0, sizeof(*g));
	snprintf(g->scenario, sizeof(g->scenario), "scheldt");
	snprintf(g->options, sizeof(g->options), "clock=3d variant=historical");
	for (int i = 0; i < 32; i++)
		g->seed[i] = (uint8_t)(i * 7 + 1);
	memset(g->commitment, 'a', 64);
	g->status = status;
	g->creator = creator;
	g->seat[0] = creator;
	g->winner = -1;
	g->created = 1000;
	g->updated = 1000;
}

static int64_t add_game(struct db_store *st, int status, int64_t creator)
{
	struct db_game g;

	fill_game(&g, status, creator);
	assert_int_equal(db_game_create(st, &g), 0);
	assert_true(g.id > 0);
	return g.id;
}

static void add_action(struct db_store *st, int64_t game, int64_t seq, const char *line)
{
	struct db_action a = {
	    .game = game,
	    .seq = seq,
	    .side = (int)(seq % 2),
	    .user = 0,
	    .line = (char *)line,
	    .dice = "[[6,3,0]]",
	    .at = 2000 + seq,
	};

	assert_int_equal(db_action_append(st, &a), 0);
}

static int64_t add_event(struct db_store *st, int64_t game, unsigned audience, const char *json)
{
	struct db_event e = {
	    .game = game, .action = 1, .audience = audience, .json = (char *)json, .at = 3000};
	int64_t seq = -1;

	assert_int_equal(db_event_append(st, &e, &seq), 0);
	return seq;
}

static void add_chat(struct db_store *st, int64_t game, int64_t user, const char *name,
                     const char *text)
{
	struct db_chat c = {.game = game, .user = user, .text = (char *)text, .at = 4000};

	snprintf(c.name, sizeof(c.name), "%s", name);
	assert_int_equal(db_chat_append(st, &c), 0);
}

/* Rows collected by the walk callbacks. */
struct rows {
	int n;
	int stop_after; /* return 99 after this many rows; 0: never */
	int64_t id[MAXROWS];
	char text[MAXROWS][128];
	unsigned aud[MAXROWS];
};

static int rows_add(struct rows *r, int64_t id, const char *text)
{
	assert_true(r->n < MAXROWS);
	r->id[r->n] = id;
	snprintf(r->text[r->n], sizeof(r->text[0]), "%s", text ? text : "");
	r->n++;
	return r->stop_after > 0 && r->n >= r->stop_after ? 99 : 0;
}

static int on_game(void *ctx, const struct db_game *g)
{
	return rows_add(ctx, g->id, g->scenario);
}

static int on_action(void *ctx, const struct db_action *a)
{
	return rows_add(ctx, a->seq, a->line);
}

/* Rows of (host kind, line). */
static int on_host(void *ctx, const struct db_action *a)
{
	return rows_add(ctx, a->host, a->line);
}

static int on_event(void *ctx, const struct db_event *e)
{
	struct rows *r = ctx;

	r->aud[r->n] = e->audience;
	return rows_add(ctx, e->seq, e->json);
}

static int on_chat(void *ctx, const struct db_chat *c)
{
	return rows_add(ctx, c->id, c->text);
}

static struct db_store *open_ok(const char *path)
{
	struct db_store *st = NULL;
	int rc = db_open(path, &st);

	if (rc != 0)
		print_error("db_open(%s): %s\n", path, db_last_error(NULL));
	assert_int_equal(rc, 0);
	assert_non_null(st);
	return st;
}

/* Runs a one-value query on a raw connection and returns the text. */
static void raw_query(sqlite3 *db, const char *sql, char *out, size_t size)
{
	sqlite3_stmt *stmt = NULL;

	assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &stmt, NULL), SQLITE_OK);
	out[0] = '\0';
	if (sqlite3_step(stmt) == SQLITE_ROW && sqlite3_column_text(stmt, 0) != NULL)
		snprintf(out, size, "%s", (const char *)sqlite3_column_text(stmt, 0));
	sqlite3_finalize(stmt);
}

static void raw_exec(sqlite3 *db, const char *sql)
{
	char *msg = NULL;
	int rc = sqlite3_exec(db, sql, NULL, NULL, &msg);

	if (rc != SQLITE_OK)
		print_error("%s: %s\n", sql, msg ? msg : "?");
	sqlite3_free(msg);
	assert_int_equal(rc, SQLITE_OK);
}

/* ---- fixture: a fresh in-memory store per test ---- */

static int setup_mem(void **state)
{
	struct db_store *st = NULL;

	if (db_open(":memory:", &st) != 0)
		return -1;
	*state = st;
	return 0;
}

static int teardown_mem(void **state)
{
	db_close(*state);
	return 0;
}

/* ---- open, version, pragmas ---- */

static void test_open_memory_is_latest(void **state)
{
	struct db_store *st = *state;

	assert_true(db__migration_count() >= 2);
	assert_int_equal(db_schema_version(st), db__migration_count());
	assert_string_equal(db_last_error(st), "");
	db_close(NULL); /* allowed */
}

static void test_open_file_wal_and_checkpoint_on_close(void **state)
{
	char path[64], wal[80], mode[32];
	struct db_store *st;
	sqlite3 *raw;

	(void)state;
	tmp_path(path, sizeof(path));
	snprintf(wal, sizeof(wal), "%s-wal", path);
	st = open_ok(path);
	add_user(st, "alice");
	assert_true(file_exists(wal));

	/* journal_mode is stored in the file: a second connection sees WAL. */
	assert_int_equal(sqlite3_open(path, &raw), SQLITE_OK);
	raw_query(raw, "PRAGMA journal_mode", mode, sizeof(mode));
	assert_string_equal(mode, "wal");
	/* The write above is visible to another connection (it committed). */
	raw_query(raw, "SELECT name FROM users", mode, sizeof(mode));
	assert_string_equal(mode, "alice");
	sqlite3_close(raw);

	db_close(st);
	/* Checkpointed: the WAL is gone or empty, the data is in the file. */
	assert_true(!file_exists(wal) || file_size(wal) == 0);
	assert_true(file_size(path) > 0);
	rm_db(path);
}

/* ---- users ---- */

static void test_user_create_and_lookup(void **state)
{
	struct db_store *st = *state;
	struct db_user u;
	int64_t id, id2 = 0;

	id = add_user(st, "Alice");
	assert_int_equal(db_user_create(st, "bob", "hash-b", 200, &id2), 0);
	assert_true(id2 > id);
	assert_int_equal(db_user_create(st, "carol", "hash-c", 300, NULL), 0);

	memset(&u, 0x55, sizeof(u));
	assert_int_equal(db_user_by_name(st, "alice", &u), 0);
	assert_int_equal(u.id, id);
	assert_string_equal(u.name, "Alice"); /* stored as given */
	assert_string_equal(u.pwhash, "$argon2id$v=19$m=65536,t=2,p=1$x$y");
	assert_int_equal(u.created, 100);
	assert_int_equal(db_user_by_name(st, "ALICE", &u), 0);
	assert_int_equal(u.id, id);

	assert_int_equal(db_user_by_id(st, id2, &u), 0);
	assert_string_equal(u.name, "bob");
	assert_int_equal(u.created, 200);

	assert_int_equal(db_user_by_name(st, "nobody", &u), WG_E_NOT_FOUND);
	assert_int_equal(db_user_by_id(st, 9999, &u), WG_E_NOT_FOUND);
}

static void test_user_name_taken_in_other_case(void **state)
{
	struct db_store *st = *state;
	struct db_user u;
	int64_t id = 0, other = -7;

	id = add_user(st, "Alice");
	assert_int_equal(db_user_create(st, "aLICE", "other", 5, &other), WG_E_EXISTS);
	assert_int_equal(other, -7); /* untouched */
	assert_non_null(strstr(db_last_error(st), "taken"));
	assert_int_equal(db_user_create(st, "Alice", "other", 5, NULL), WG_E_EXISTS);
	/* Nothing changed. */
	assert_int_equal(db_user_by_name(st, "alice", &u), 0);
	assert_int_equal(u.id, id);
	assert_int_equal(u.created, 100);
}

static void test_user_set_password(void **state)
{
	struct db_store *st = *state;
	struct db_user u;
	int64_t id = add_user(st, "dave");

	assert_int_equal(db_user_set_password(st, id, "new-hash"), 0);
	assert_int_equal(db_user_by_id(st, id, &u), 0);
	assert_string_equal(u.pwhash, "new-hash");
	assert_int_equal(db_user_set_password(st, id + 100, "x"), WG_E_NOT_FOUND);
}

static void test_user_strings_too_long(void **state)
{
	struct db_store *st = *state;
	char name[DB_NAME_MAX + 2], hash[DB_HASH_MAX + 1];
	struct db_user u;
	int64_t id = add_user(st, "erin");

	memset(name, 'n', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0'; /* DB_NAME_MAX + 1 characters */
	assert_int_equal(db_user_create(st, name, "h", 1, NULL), WG_E_BAD_ARGS);
	name[DB_NAME_MAX] = '\0'; /* exactly DB_NAME_MAX: fits */
	assert_int_equal(db_user_create(st, name, "h", 1, NULL), 0);
	assert_int_equal(db_user_by_name(st, name, &u), 0);
	assert_string_equal(u.name, name);

	memset(hash, 'h', sizeof(hash) - 1);
	hash[sizeof(hash) - 1] = '\0'; /* DB_HASH_MAX characters: no room for NUL */
	assert_int_equal(db_user_create(st, "frank", hash, 1, NULL), WG_E_BAD_ARGS);
	assert_int_equal(db_user_set_password(st, id, hash), WG_E_BAD_ARGS);
	assert_int_equal(db_user_create(st, NULL, "h", 1, NULL), WG_E_BAD_ARGS);
}

/* ---- games ---- */

static void test_game_round_trip_and_update(void **state)
{
	struct db_store *st = *state;
	int64_t a = add_user(st, "alice"), b = add_user(st, "bob");
	struct db_game g, r;

	fill_game(&g, DB_GAME_OPEN, a);
	g.private_game = 1;
	assert_int_equal(db_game_create(st, &g), 0);
	assert_true(g.id > 0);

	assert_int_equal(db_game_get(st, g.id, &r), 0);
	assert_int_equal(r.id, g.id);
	assert_string_equal(r.scenario, "scheldt");
	assert_string_equal(r.options, "clock=3d variant=historical");
	assert_memory_equal(r.seed, g.seed, 32);
	assert_string_equal(r.commitment, g.commitment);
	assert_int_equal(r.status, DB_GAME_OPEN);
	assert_int_equal(r.private_game, 1);
	assert_int_equal(r.creator, a);
	assert_int_equal(r.seat[0], a);
	assert_int_equal(r.seat[1], 0); /* empty seat reads back as 0 */
	assert_int_equal(r.version, 0);
	assert_int_equal(r.winner, -1);
	assert_string_equal(r.result, "");
	assert_int_equal(r.created, 1000);
	assert_int_equal(r.updated, 1000);

	r.status = DB_GAME_FINISHED;
	r.private_game = 0;
	r.seat[0] = 0;
	r.seat[1] = b;
	r.version = 42;
	r.winner = 1;
	snprintf(r.result, sizeof(r.result), "side 1 wins on victory points");
	r.updated = 5000;
	/* Fields update does not write stay as created. */
	snprintf(r.scenario, sizeof(r.scenario), "changed");
	r.created = 1;
	assert_int_equal(db_game_update(st, &r), 0);

	assert_int_equal(db_game_get(st, g.id, &r), 0);
	assert_int_equal(r.status, DB_GAME_FINISHED);
	assert_int_equal(r.private_game, 0);
	assert_int_equal(r.seat[0], 0);
	assert_int_equal(r.seat[1], b);
	assert_int_equal(r.version, 42);
	assert_int_equal(r.winner, 1);
	assert_string_equal(r.result, "side 1 wins on victory points");
	assert_int_equal(r.updated, 5000);
	assert_string_equal(r.scenario, "scheldt");
	assert_int_equal(r.created, 1000);
	assert_memory_equal(r.seed, g.seed, 32);

	assert_int_equal(db_game_get(st, g.id + 1, &r), WG_E_NOT_FOUND);
	r.id = g.id + 1;
	assert_int_equal(db_game_update(st, &r), WG_E_NOT_FOUND);
}

static void test_game_foreign_keys_and_checks(void **state)
{
	struct db_store *st = *state;
	struct db_game g;

	/* A seat held by a user that does not exist. */
	fill_game(&g, DB_GAME_OPEN, 0);
	g.seat[1] = 777;
	assert_int_equal(db_game_create(st, &g), WG_E_STORAGE);
	assert_non_null(strstr(db_last_error(st), "FOREIGN KEY"));
	assert_non_null(strstr(db_last_error(st), "db_game_create"));

	/* A status outside the enum. */
	fill_game(&g, 7, 0);
	assert_int_equal(db_game_create(st, &g), WG_E_STORAGE);
	assert_non_null(strstr(db_last_error(st), "CHECK"));

	/* A string without its NUL. */
	fill_game(&g, DB_GAME_OPEN, 0);
	memset(g.result, 'r', sizeof(g.result));
	assert_int_equal(db_game_create(st, &g), WG_E_BAD_ARGS);

	/* Creator 0 (host-made game) is allowed. */
	fill_game(&g, DB_GAME_OPEN, 0);
	g.seat[0] = 0;
	assert_int_equal(db_game_create(st, &g), 0);
}

static void test_game_each_status_mask(void **state)
{
	struct db_store *st = *state;
	int64_t u = add_user(st, "alice");
	int64_t id[6];
	struct rows r;
	static const int status[6] = {DB_GAME_OPEN,   DB_GAME_ACTIVE, DB_GAME_FINISHED,
	                              DB_GAME_ACTIVE, DB_GAME_OPEN,   DB_GAME_FINISHED};

	for (int i = 0; i < 6; i++)
		id[i] = add_game(st, status[i], u);

	memset(&r, 0, sizeof(r));
	assert_int_equal(db_game_each(st, 1u << DB_GAME_OPEN | 1u << DB_GAME_ACTIVE, on_game, &r),
	                 0);
	assert_int_equal(r.n, 4);
	assert_int_equal(r.id[0], id[0]);
	assert_int_equal(r.id[1], id[1]);
	assert_int_equal(r.id[2], id[3]);
	assert_int_equal(r.id[3], id[4]);

	memset(&r, 0, sizeof(r));
	assert_int_equal(db_game_each(st, 1u << DB_GAME_FINISHED, on_game, &r), 0);
	assert_int_equal(r.n, 2);
	assert_int_equal(r.id[0], id[2]);
	assert_int_equal(r.id[1], id[5]);

	memset(&r, 0, sizeof(r));
	assert_int_equal(db_game_each(st, 0, on_game, &r), 0);
	assert_int_equal(r.n, 0);

	memset(&r, 0, sizeof(r));
	assert_int_equal(db_game_each(st, ~0u, on_game, &r), 0);
	assert_int_equal(r.n, 6);
	for (int i = 0; i < 6; i++)
		assert_int_equal(r.id[i], id[i]);

	/* Early stop: fn's value comes back, no more rows are visited. */
	memset(&r, 0, sizeof(r));
	r.stop_after = 2;
	assert_int_equal(db_game_each(st, ~0u, on_game, &r), 99);
	assert_int_equal(r.n, 2);
	/* The statement was reset: a new walk starts from the beginning. */
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_game_each(st, 1u << DB_GAME_OPEN, on_game, &r), 0);
	assert_int_equal(r.n, 2);
	assert_int_equal(r.id[0], id[0]);
}

/* Recovery pattern: inside db_game_each, read each game's actions and walk
 * the games again (same statement re-entered), and write. */
struct nested {
	struct db_store *st;
	int games, actions, inner_games, updates;
};

static int on_nested_action(void *ctx, const struct db_action *a)
{
	((struct nested *)ctx)->actions++;
	return 0;
}

static int on_nested_inner(void *ctx, const struct db_game *g)
{
	((struct nested *)ctx)->inner_games++;
	return 0;
}

static int on_nested_game(void *ctx, const struct db_game *g)
{
	struct nested *n = ctx;
	struct db_game copy = *g;

	n->games++;
	assert_int_equal(db_action_each(n->st, g->id, 0, on_nested_action, n), 0);
	assert_int_equal(db_game_each(n->st, ~0u, on_nested_inner, n), 0);
	copy.version = 100;
	assert_int_equal(db_game_update(n->st, &copy), 0);
	n->updates++;
	return 0;
}

static void test_game_each_reentrant(void **state)
{
	struct db_store *st = *state;
	struct nested n = {.st = st};
	struct db_game g;
	int64_t g1 = add_game(st, DB_GAME_ACTIVE, 0), g2 = add_game(st, DB_GAME_ACTIVE, 0);

	add_action(st, g1, 1, "start");
	add_action(st, g1, 2, "move 9/3 2638");
	add_action(st, g2, 1, "start");
	assert_int_equal(db_game_each(st, 1u << DB_GAME_ACTIVE, on_nested_game, &n), 0);
	assert_int_equal(n.games, 2);
	assert_int_equal(n.actions, 3);
	assert_int_equal(n.inner_games, 4);
	assert_int_equal(n.updates, 2);
	assert_int_equal(db_game_get(st, g2, &g), 0);
	assert_int_equal(g.version, 100);
}

/* ---- actions ---- */

struct action_check {
	int n;
	int64_t user[4];
	int side[4];
	char dice[4][32];
	int64_t at[4];
	int64_t game[4];
};

static int on_action_fields(void *ctx, const struct db_action *a)
{
	struct action_check *c = ctx;

	c->user[c->n] = a->user;
	c->side[c->n] = a->side;
	c->game[c->n] = a->game;
	c->at[c->n] = a->at;
	snprintf(c->dice[c->n], sizeof(c->dice[0]), "%s", a->dice);
	c->n++;
	return 0;
}

static void test_action_append_and_each(void **state)
{
	struct db_store *st = *state;
	int64_t u = add_user(st, "alice");
	int64_t g = add_game(st, DB_GAME_ACTIVE, u), h = add_game(st, DB_GAME_ACTIVE, u);
	struct db_action host = {
	    .game = g, .seq = 1, .side = -1, .user = 0, .line = "start", .dice = NULL, .at = 10};
	struct db_action mine = {.game = g,
	                         .seq = 2,
	                         .side = 0,
	                         .user = u,
	                         .line = "move 9/3 2638",
	                         .dice = "[[6,4,0],[6,1,1]]",
	                         .at = 11};
	struct action_check c = {0};
	struct rows r;

	assert_int_equal(db_action_append(st, &host), 0);
	assert_int_equal(db_action_append(st, &mine), 0);
	add_action(st, g, 3, "end-phase");
	add_action(st, h, 1, "start"); /* another game: its own seq */

	assert_int_equal(db_action_each(st, g, 0, on_action_fields, &c), 0);
	assert_int_equal(c.n, 3);
	assert_int_equal(c.game[0], g);
	assert_int_equal(c.side[0], -1);
	assert_int_equal(c.user[0], 0);
	assert_string_equal(c.dice[0], "[]"); /* NULL dice */
	assert_int_equal(c.at[0], 10);
	assert_int_equal(c.side[1], 0);
	assert_int_equal(c.user[1], u);
	assert_string_equal(c.dice[1], "[[6,4,0],[6,1,1]]");
	assert_int_equal(c.at[1], 11);

	memset(&r, 0, sizeof(r));
	assert_int_equal(db_action_each(st, g, 0, on_action, &r), 0);
	assert_int_equal(r.n, 3);
	assert_int_equal(r.id[0], 1);
	assert_int_equal(r.id[1], 2);
	assert_int_equal(r.id[2], 3);
	assert_string_equal(r.text[0], "start");
	assert_string_equal(r.text[1], "move 9/3 2638");
	assert_string_equal(r.text[2], "end-phase");

	/* after: only later actions. */
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_action_each(st, g, 2, on_action, &r), 0);
	assert_int_equal(r.n, 1);
	assert_int_equal(r.id[0], 3);
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_action_each(st, g, 3, on_action, &r), 0);
	assert_int_equal(r.n, 0);

	/* Early stop. */
	memset(&r, 0, sizeof(r));
	r.stop_after = 1;
	assert_int_equal(db_action_each(st, g, 0, on_action, &r), 99);
	assert_int_equal(r.n, 1);

	/* Unknown game: no rows, no error. */
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_action_each(st, 9999, 0, on_action, &r), 0);
	assert_int_equal(r.n, 0);
}

static void test_action_duplicate_changes_nothing(void **state)
{
	struct db_store *st = *state;
	int64_t g = add_game(st, DB_GAME_ACTIVE, 0);
	struct db_action dup = {
	    .game = g, .seq = 2, .side = 1, .line = "resign", .dice = "[]", .at = 99};
	struct rows r = {0};

	add_action(st, g, 1, "start");
	add_action(st, g, 2, "move 1 2");
	assert_int_equal(db_action_append(st, &dup), WG_E_EXISTS);
	assert_non_null(strstr(db_last_error(st), "already"));
	dup.seq = 1;
	assert_int_equal(db_action_append(st, &dup), WG_E_EXISTS);

	assert_int_equal(db_action_each(st, g, 0, on_action, &r), 0);
	assert_int_equal(r.n, 2);
	assert_string_equal(r.text[0], "start");
	assert_string_equal(r.text[1], "move 1 2");
}

static void test_action_gap_and_bad_game_refused(void **state)
{
	struct db_store *st = *state;
	int64_t g = add_game(st, DB_GAME_ACTIVE, 0);
	struct db_action a = {.game = g, .seq = 2, .line = "move", .at = 1};
	struct rows r = {0};

	/* seq 2 before seq 1 would leave a gap. */
	assert_int_equal(db_action_append(st, &a), WG_E_STORAGE);
	assert_non_null(strstr(db_last_error(st), "gap"));
	a.seq = 0;
	assert_int_equal(db_action_append(st, &a), WG_E_STORAGE);
	/* A game that does not exist. */
	a.seq = 1;
	a.game = g + 50;
	assert_int_equal(db_action_append(st, &a), WG_E_STORAGE);
	assert_non_null(strstr(db_last_error(st), "FOREIGN KEY"));
	/* A user that does not exist. */
	a.game = g;
	a.user = 4242;
	assert_int_equal(db_action_append(st, &a), WG_E_STORAGE);
	/* NULL line. */
	a.user = 0;
	a.line = NULL;
	assert_int_equal(db_action_append(st, &a), WG_E_BAD_ARGS);

	assert_int_equal(db_action_each(st, g, 0, on_action, &r), 0);
	assert_int_equal(r.n, 0);
}

/* ---- snapshots ---- */

static void test_snapshot_latest(void **state)
{
	struct db_store *st = *state;
	int64_t g = add_game(st, DB_GAME_ACTIVE, 0), h = add_game(st, DB_GAME_ACTIVE, 0);
	int64_t seq = -1;
	char *s = NULL;
	char *big;

	assert_int_equal(db_snapshot_latest(st, g, &seq, &s), WG_E_NOT_FOUND);
	assert_null(s);
	assert_int_equal(seq, -1);

	assert_int_equal(db_snapshot_put(st, g, 0, "{\"v\":0}"), 0);
	assert_int_equal(db_snapshot_put(st, g, 20, "{\"v\":20}"), 0);
	assert_int_equal(db_snapshot_put(st, g, 10, "{\"v\":10}"), 0); /* older, put later */
	assert_int_equal(db_snapshot_put(st, h, 30, "{\"h\":30}"), 0);

	assert_int_equal(db_snapshot_latest(st, g, &seq, &s), 0);
	assert_int_equal(seq, 20);
	assert_string_equal(s, "{\"v\":20}");
	free(s);

	/* Same seq again replaces. */
	assert_int_equal(db_snapshot_put(st, g, 20, "{\"v\":\"20b\"}"), 0);
	assert_int_equal(db_snapshot_latest(st, g, &seq, &s), 0);
	assert_int_equal(seq, 20);
	assert_string_equal(s, "{\"v\":\"20b\"}");
	free(s);

	assert_int_equal(db_snapshot_latest(st, h, &seq, &s), 0);
	assert_int_equal(seq, 30);
	assert_string_equal(s, "{\"h\":30}");
	free(s);

	/* The latest at or before a seq (a takeback rebuilds from before the undone action). */
	assert_int_equal(db_snapshot_at_most(st, g, 19, &seq, &s), 0);
	assert_int_equal(seq, 10);
	assert_string_equal(s, "{\"v\":10}");
	free(s);
	assert_int_equal(db_snapshot_at_most(st, g, 20, &seq, &s), 0);
	assert_int_equal(seq, 20);
	free(s);
	s = NULL;
	assert_int_equal(db_snapshot_at_most(st, h, 29, &seq, &s), WG_E_NOT_FOUND);
	assert_null(s);

	/* A large state survives whole. */
	big = malloc(1 << 20);
	assert_non_null(big);
	memset(big, 'x', (1 << 20) - 1);
	big[(1 << 20) - 1] = '\0';
	assert_int_equal(db_snapshot_put(st, g, 40, big), 0);
	assert_int_equal(db_snapshot_latest(st, g, &seq, &s), 0);
	assert_int_equal(seq, 40);
	assert_int_equal(strlen(s), (1 << 20) - 1);
	assert_string_equal(s, big);
	free(s);
	free(big);

	assert_int_equal(db_snapshot_put(st, g, 50, NULL), WG_E_BAD_ARGS);
	assert_int_equal(db_snapshot_put(st, g + 99, 1, "{}"), WG_E_STORAGE);
}

/* ---- events ---- */

#define AUD_A    1u /* RULES_AUD_SIDE(0) */
#define AUD_B    2u /* RULES_AUD_SIDE(1) */
#define AUD_SPEC 4u
#define AUD_ALL  7u

static void test_event_seq_per_game(void **state)
{
	struct db_store *st = *state;
	int64_t g = add_game(st, DB_GAME_ACTIVE, 0), h = add_game(st, DB_GAME_ACTIVE, 0);
	struct db_event e = {.game = g, .seq = 77, .audience = AUD_ALL, .json = "{}", .at = 1};
	int64_t last = -1;

	assert_int_equal(db_event_last_seq(st, g, &last), 0);
	assert_int_equal(last, 0);
	assert_int_equal(add_event(st, g, AUD_ALL, "{\"e\":1}"), 1);
	assert_int_equal(add_event(st, h, AUD_ALL, "{\"h\":1}"), 1);
	assert_int_equal(add_event(st, g, AUD_A, "{\"e\":2}"), 2);
	assert_int_equal(add_event(st, h, AUD_B, "{\"h\":2}"), 2);
	/* e.seq is ignored; seq NULL allowed. */
	assert_int_equal(db_event_append(st, &e, NULL), 0);
	assert_int_equal(db_event_last_seq(st, g, &last), 0);
	assert_int_equal(last, 3);
	assert_int_equal(db_event_last_seq(st, h, &last), 0);
	assert_int_equal(last, 2);

	e.json = NULL;
	assert_int_equal(db_event_append(st, &e, NULL), WG_E_BAD_ARGS);
	e.json = "{}";
	e.game = h + 10;
	assert_int_equal(db_event_append(st, &e, NULL), WG_E_STORAGE);
	assert_int_equal(db_event_last_seq(st, h + 10, &last), 0);
	assert_int_equal(last, 0);
}

static void test_event_last_n_with_masks(void **state)
{
	struct db_store *st = *state;
	int64_t g = add_game(st, DB_GAME_ACTIVE, 0), h = add_game(st, DB_GAME_ACTIVE, 0);
	/* seq:        1        2      3      4        5       6      7      8 */
	static const unsigned aud[8] = {
	    AUD_ALL, AUD_A, AUD_B, AUD_ALL, AUD_A, AUD_B, AUD_A | AUD_SPEC, AUD_B | AUD_SPEC};
	struct rows r;
	int64_t count = -1;

	for (int i = 0; i < 8; i++) {
		char json[32];

		snprintf(json, sizeof(json), "{\"n\":%d}", i + 1);
		assert_int_equal(add_event(st, g, aud[i], json), i + 1);
	}
	add_event(st, h, AUD_ALL, "{\"other\":1}");

	/* Side A sees 1 2 4 5 7; the last 3 are 4 5 7, oldest first. */
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_event_each_last(st, g, AUD_A, 3, on_event, &r), 0);
	assert_int_equal(r.n, 3);
	assert_int_equal(r.id[0], 4);
	assert_int_equal(r.id[1], 5);
	assert_int_equal(r.id[2], 7);
	assert_string_equal(r.text[0], "{\"n\":4}");
	assert_int_equal(r.aud[2], AUD_A | AUD_SPEC);

	/* Side B sees 1 3 4 6 8; the last 2 are 6 8. */
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_event_each_last(st, g, AUD_B, 2, on_event, &r), 0);
	assert_int_equal(r.n, 2);
	assert_int_equal(r.id[0], 6);
	assert_int_equal(r.id[1], 8);

	/* Spectators see 1 4 7 8; a limit above the count gives all. */
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_event_each_last(st, g, AUD_SPEC, 100, on_event, &r), 0);
	assert_int_equal(r.n, 4);
	assert_int_equal(r.id[0], 1);
	assert_int_equal(r.id[1], 4);
	assert_int_equal(r.id[2], 7);
	assert_int_equal(r.id[3], 8);

	/* limit <= 0: all visible events. */
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_event_each_last(st, g, AUD_A, 0, on_event, &r), 0);
	assert_int_equal(r.n, 5);
	assert_int_equal(r.id[0], 1);
	assert_int_equal(r.id[4], 7);

	/* A mask of several bits: the union. */
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_event_each_last(st, g, AUD_A | AUD_B, -1, on_event, &r), 0);
	assert_int_equal(r.n, 8);

	/* An empty mask sees nothing. */
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_event_each_last(st, g, 0, 10, on_event, &r), 0);
	assert_int_equal(r.n, 0);

	/* Early stop after the oldest of the last 4. */
	memset(&r, 0, sizeof(r));
	r.stop_after = 1;
	assert_int_equal(db_event_each_last(st, g, AUD_ALL, 4, on_event, &r), 99);
	assert_int_equal(r.n, 1);
	assert_int_equal(r.id[0], 5);

	/* Counts after a seq. */
	assert_int_equal(db_event_count_after(st, g, AUD_A, 0, &count), 0);
	assert_int_equal(count, 5);
	assert_int_equal(db_event_count_after(st, g, AUD_A, 4, &count), 0);
	assert_int_equal(count, 2);
	assert_int_equal(db_event_count_after(st, g, AUD_B, 8, &count), 0);
	assert_int_equal(count, 0);
	assert_int_equal(db_event_count_after(st, g, AUD_SPEC, 1, &count), 0);
	assert_int_equal(count, 3);
	assert_int_equal(db_event_count_after(st, h, AUD_SPEC, 0, &count), 0);
	assert_int_equal(count, 1);
}

/* What `view` lists "since your last action": a side's last player action (host actions
 * do not count) and the events visible to it that later actions produced. */
static void test_events_since_a_sides_last_action(void **state)
{
	struct db_store *st = *state;
	int64_t g = add_game(st, DB_GAME_ACTIVE, 0), h = add_game(st, DB_GAME_ACTIVE, 0);
	/* action:  1 start (host), 2 side 0, 3 side 1, 4 side 1, 5 side 0 resigns (host) */
	static const struct {
		int side, host;
	} acts[5] = {{-1, 1}, {0, 0}, {1, 0}, {1, 0}, {0, 2}};
	/* events: seq 1..7 with the action that produced each and its audience */
	static const struct {
		int64_t action;
		unsigned aud;
	} evs[7] = {{1, AUD_ALL}, {2, AUD_A},   {2, AUD_ALL}, {3, AUD_B},
	            {3, AUD_ALL}, {4, AUD_ALL}, {5, AUD_ALL}};
	struct rows r;
	int64_t last = -1;

	for (int i = 0; i < 5; i++) {
		struct db_action a = {.game = g,
		                      .seq = i + 1,
		                      .side = acts[i].side,
		                      .host = acts[i].host,
		                      .line = "x",
		                      .at = 10};
		assert_int_equal(db_action_append(st, &a), 0);
	}
	for (int i = 0; i < 7; i++) {
		char json[32];
		struct db_event e = {.game = g,
		                     .action = evs[i].action,
		                     .audience = evs[i].aud,
		                     .json = json,
		                     .at = 20};
		snprintf(json, sizeof(json), "{\"n\":%d}", i + 1);
		assert_int_equal(db_event_append(st, &e, NULL), 0);
	}
	add_event(st, h, AUD_ALL, "{\"other\":1}");

	/* the last player action of each side; a host action (5) is not one */
	assert_int_equal(db_action_last_of(st, g, 0, &last), 0);
	assert_int_equal(last, 2);
	assert_int_equal(db_action_last_of(st, g, 1, &last), 0);
	assert_int_equal(last, 4);
	assert_int_equal(db_action_last_of(st, h, 0, &last), 0);
	assert_int_equal(last, 0);

	/* side 0 after action 2: 5, 6, 7 (4 is side 1's secret); the first two, oldest first */
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_event_each_since(st, g, AUD_A, 2, 0, 2, on_event, &r), 0);
	assert_int_equal(r.n, 2);
	assert_int_equal(r.id[0], 5);
	assert_int_equal(r.id[1], 6);
	assert_string_equal(r.text[0], "{\"n\":5}");
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_event_each_since(st, g, AUD_A, 2, 0, 0, on_event, &r), 0);
	assert_int_equal(r.n, 3);
	assert_int_equal(r.id[2], 7);
	/* side 1 after action 4: only 7 */
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_event_each_since(st, g, AUD_B, 4, 0, -1, on_event, &r), 0);
	assert_int_equal(r.n, 1);
	assert_int_equal(r.id[0], 7);
	/* a side that never acted: everything it may see, and nothing of another game */
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_event_each_since(st, g, AUD_B, 0, 0, 0, on_event, &r), 0);
	assert_int_equal(r.n, 6);
	assert_int_equal(r.id[0], 1);
	assert_int_equal(r.id[1], 3);
	/* after the last action: nothing; early stop returns the callback's code */
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_event_each_since(st, g, AUD_ALL, 5, 0, 0, on_event, &r), 0);
	assert_int_equal(r.n, 0);
	memset(&r, 0, sizeof(r));
	r.stop_after = 1;
	assert_int_equal(db_event_each_since(st, g, AUD_A, 0, 0, 0, on_event, &r), 99);
	assert_int_equal(r.n, 1);

	/* the bound view keeps in memory: the last event of the actions up to a side's last */
	assert_int_equal(db_event_last_upto(st, g, 2, &last), 0);
	assert_int_equal(last, 3);
	assert_int_equal(db_event_last_upto(st, g, 4, &last), 0);
	assert_int_equal(last, 6);
	assert_int_equal(db_event_last_upto(st, g, 0, &last), 0);
	assert_int_equal(last, 0);
	assert_int_equal(db_event_last_upto(st, h, 9, &last), 0);
	assert_int_equal(last, 1); /* h's own event (its seq 1, action 1), none of g's */
	/* with the bound the same events come back (side 0 after action 2: 5, 6, 7) */
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_event_each_since(st, g, AUD_A, 2, 3, 0, on_event, &r), 0);
	assert_int_equal(r.n, 3);
	assert_int_equal(r.id[0], 5);
	assert_int_equal(r.id[2], 7);
	/* the bound is only a narrowing: events at or below it are not read */
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_event_each_since(st, g, AUD_A, 2, 6, 0, on_event, &r), 0);
	assert_int_equal(r.n, 1);
	assert_int_equal(r.id[0], 7);
}

/* ---- seats ---- */

static void test_seat_seen(void **state)
{
	struct db_store *st = *state;
	int64_t g = add_game(st, DB_GAME_ACTIVE, 0), h = add_game(st, DB_GAME_ACTIVE, 0);
	int64_t seq = -1;

	assert_int_equal(db_seat_seen_get(st, g, 0, &seq), 0);
	assert_int_equal(seq, 0);
	assert_int_equal(db_seat_seen(st, g, 0, 5), 0);
	assert_int_equal(db_seat_seen(st, g, 1, 2), 0);
	assert_int_equal(db_seat_seen(st, h, 0, 9), 0);
	assert_int_equal(db_seat_seen_get(st, g, 0, &seq), 0);
	assert_int_equal(seq, 5);
	assert_int_equal(db_seat_seen_get(st, g, 1, &seq), 0);
	assert_int_equal(seq, 2);
	/* Only moves forward. */
	assert_int_equal(db_seat_seen(st, g, 0, 3), 0);
	assert_int_equal(db_seat_seen_get(st, g, 0, &seq), 0);
	assert_int_equal(seq, 5);
	assert_int_equal(db_seat_seen(st, g, 0, 8), 0);
	assert_int_equal(db_seat_seen_get(st, g, 0, &seq), 0);
	assert_int_equal(seq, 8);
	assert_int_equal(db_seat_seen_get(st, h, 0, &seq), 0);
	assert_int_equal(seq, 9);

	assert_int_equal(db_seat_seen(st, g, 2, 1), WG_E_STORAGE); /* no side 2 */
	assert_int_equal(db_seat_seen(st, h + 5, 0, 1), WG_E_STORAGE);
}

/* ---- chat ---- */

struct chat_check {
	int n;
	int64_t game[8], user[8];
	char name[8][DB_NAME_MAX + 1];
};

static int on_chat_fields(void *ctx, const struct db_chat *c)
{
	struct chat_check *k = ctx;

	k->game[k->n] = c->game;
	k->user[k->n] = c->user;
	snprintf(k->name[k->n], sizeof(k->name[0]), "%s", c->name);
	k->n++;
	return 0;
}

static void test_chat_last_n(void **state)
{
	struct db_store *st = *state;
	int64_t u = add_user(st, "alice"), v = add_user(st, "bob");
	int64_t g = add_game(st, DB_GAME_ACTIVE, u), h = add_game(st, DB_GAME_ACTIVE, u);
	struct chat_check k = {0};
	struct db_chat bad = {.game = g, .user = u, .text = NULL};
	struct rows r;

	add_chat(st, g, u, "alice", "hello");
	add_chat(st, h, v, "bob", "elsewhere");
	add_chat(st, g, v, "bob", "hi");
	add_chat(st, 0, u, "alice", "lobby line");
	add_chat(st, g, u, "alice", "gl hf");
	add_chat(st, g, 0, "server", "deadline in 1h");

	memset(&r, 0, sizeof(r));
	assert_int_equal(db_chat_each_last(st, g, 2, on_chat, &r), 0);
	assert_int_equal(r.n, 2);
	assert_string_equal(r.text[0], "gl hf");
	assert_string_equal(r.text[1], "deadline in 1h");
	assert_true(r.id[0] < r.id[1]);

	memset(&r, 0, sizeof(r));
	assert_int_equal(db_chat_each_last(st, g, 0, on_chat, &r), 0);
	assert_int_equal(r.n, 4);
	assert_string_equal(r.text[0], "hello");
	assert_string_equal(r.text[1], "hi");
	for (int i = 1; i < r.n; i++)
		assert_true(r.id[i - 1] < r.id[i]);

	memset(&r, 0, sizeof(r));
	r.stop_after = 1;
	assert_int_equal(db_chat_each_last(st, g, 3, on_chat, &r), 99);
	assert_int_equal(r.n, 1);
	assert_string_equal(r.text[0], "hi");

	/* The lobby (game 0) is its own channel. */
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_chat_each_last(st, 0, 10, on_chat, &r), 0);
	assert_int_equal(r.n, 1);
	assert_string_equal(r.text[0], "lobby line");

	assert_int_equal(db_chat_each_last(st, g, 10, on_chat_fields, &k), 0);
	assert_int_equal(k.n, 4);
	assert_int_equal(k.game[0], g);
	assert_int_equal(k.user[0], u);
	assert_string_equal(k.name[1], "bob");
	assert_int_equal(k.user[1], v);
	assert_int_equal(k.user[3], 0);
	assert_string_equal(k.name[3], "server");

	assert_int_equal(db_chat_append(st, &bad), WG_E_BAD_ARGS);
}

/* ---- transactions ---- */

static void test_transactions(void **state)
{
	struct db_store *st = *state;
	struct db_user u;
	struct rows r = {0};
	int64_t g = add_game(st, DB_GAME_ACTIVE, 0);

	/* Rollback discards. */
	assert_int_equal(db_begin(st), 0);
	add_user(st, "ghost");
	add_action(st, g, 1, "start");
	assert_int_equal(db_user_by_name(st, "ghost", &u), 0); /* visible inside */
	assert_int_equal(db_rollback(st), 0);
	assert_int_equal(db_user_by_name(st, "ghost", &u), WG_E_NOT_FOUND);
	assert_int_equal(db_action_each(st, g, 0, on_action, &r), 0);
	assert_int_equal(r.n, 0);

	/* Commit keeps. */
	assert_int_equal(db_begin(st), 0);
	add_user(st, "kept");
	add_action(st, g, 1, "start");
	add_action(st, g, 2, "move");
	assert_int_equal(db_commit(st), 0);
	assert_int_equal(db_user_by_name(st, "kept", &u), 0);
	assert_int_equal(db_action_each(st, g, 0, on_action, &r), 0);
	assert_int_equal(r.n, 2);

	/* A refused write inside a transaction leaves the rest of it intact. */
	assert_int_equal(db_begin(st), 0);
	add_action(st, g, 3, "a");
	assert_int_equal(db_user_create(st, "KEPT", "h", 1, NULL), WG_E_EXISTS);
	add_action(st, g, 4, "b");
	assert_int_equal(db_commit(st), 0);
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_action_each(st, g, 0, on_action, &r), 0);
	assert_int_equal(r.n, 4);

	/* Misuse is an error with a message, and the store stays usable. */
	assert_int_equal(db_commit(st), WG_E_STORAGE);
	assert_true(strlen(db_last_error(st)) > 0);
	assert_int_equal(db_rollback(st), 0); /* nothing open: no-op */
	assert_int_equal(db_begin(st), 0);
	assert_int_equal(db_begin(st), WG_E_STORAGE);
	assert_non_null(strstr(db_last_error(st), "db_begin"));
	assert_int_equal(db_rollback(st), 0);
	add_user(st, "after");
}

/* ---- persistence ---- */

static void test_persistence_across_reopen(void **state)
{
	char path[64];
	struct db_store *st;
	struct db_user u;
	struct db_game g;
	struct rows r;
	int64_t uid, gid, seq = 0, count = 0;
	char *snap = NULL;

	(void)state;
	tmp_path(path, sizeof(path));
	st = open_ok(path);
	uid = add_user(st, "alice");
	gid = add_game(st, DB_GAME_ACTIVE, uid);
	assert_int_equal(db_begin(st), 0);
	add_action(st, gid, 1, "start");
	add_action(st, gid, 2, "move 9/3 2638");
	assert_int_equal(db_commit(st), 0);
	assert_int_equal(db_snapshot_put(st, gid, 2, "{\"state\":2}"), 0);
	add_event(st, gid, AUD_A, "{\"ev\":1}");
	add_event(st, gid, AUD_B, "{\"ev\":2}");
	assert_int_equal(db_seat_seen(st, gid, 0, 1), 0);
	add_chat(st, gid, uid, "alice", "persist me");
	/* An uncommitted transaction at close is lost. */
	assert_int_equal(db_begin(st), 0);
	add_action(st, gid, 3, "lost");
	db_close(st);

	st = open_ok(path);
	assert_int_equal(db_schema_version(st), db__migration_count());
	assert_int_equal(db_user_by_id(st, uid, &u), 0);
	assert_string_equal(u.name, "alice");
	assert_int_equal(db_game_get(st, gid, &g), 0);
	assert_int_equal(g.creator, uid);
	assert_int_equal(g.seed[31], (uint8_t)(31 * 7 + 1));
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_action_each(st, gid, 0, on_action, &r), 0);
	assert_int_equal(r.n, 2);
	assert_string_equal(r.text[1], "move 9/3 2638");
	assert_int_equal(db_snapshot_latest(st, gid, &seq, &snap), 0);
	assert_int_equal(seq, 2);
	assert_string_equal(snap, "{\"state\":2}");
	free(snap);
	assert_int_equal(db_event_last_seq(st, gid, &seq), 0);
	assert_int_equal(seq, 2);
	assert_int_equal(db_event_count_after(st, gid, AUD_B, 0, &count), 0);
	assert_int_equal(count, 1);
	assert_int_equal(db_seat_seen_get(st, gid, 0, &seq), 0);
	assert_int_equal(seq, 1);
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_chat_each_last(st, gid, 5, on_chat, &r), 0);
	assert_int_equal(r.n, 1);
	assert_string_equal(r.text[0], "persist me");
	/* Appending continues where the log left off. */
	add_action(st, gid, 3, "next");
	assert_int_equal(add_event(st, gid, AUD_ALL, "{}"), 3);
	db_close(st);
	rm_db(path);
}

/* ---- backup ---- */

static void test_backup(void **state)
{
	char path[64], copy[64];
	struct db_store *st, *bk;
	struct db_user u;
	struct rows r = {0};
	int64_t uid, gid, seq = 0;
	char *snap = NULL;

	(void)state;
	tmp_path(path, sizeof(path));
	tmp_path(copy, sizeof(copy));
	st = open_ok(path);
	uid = add_user(st, "alice");
	gid = add_game(st, DB_GAME_ACTIVE, uid);
	add_action(st, gid, 1, "start");
	assert_int_equal(db_snapshot_put(st, gid, 1, "{\"s\":1}"), 0);
	add_event(st, gid, AUD_ALL, "{\"e\":1}");

	assert_int_equal(db_backup(st, copy), 0);
	/* It holds password hashes and seeds: readable by the owner only. */
	{
		struct stat sb;
		assert_int_equal(stat(copy, &sb), 0);
		assert_int_equal(sb.st_mode & 0777, 0600);
	}
	/* Writes after the backup are not in the copy. */
	add_action(st, gid, 2, "after backup");

	bk = open_ok(copy);
	assert_int_equal(db_schema_version(bk), db__migration_count());
	assert_int_equal(db_user_by_name(bk, "ALICE", &u), 0);
	assert_int_equal(u.id, uid);
	assert_int_equal(db_action_each(bk, gid, 0, on_action, &r), 0);
	assert_int_equal(r.n, 1);
	assert_string_equal(r.text[0], "start");
	assert_int_equal(db_snapshot_latest(bk, gid, &seq, &snap), 0);
	assert_string_equal(snap, "{\"s\":1}");
	free(snap);
	assert_int_equal(db_event_last_seq(bk, gid, &seq), 0);
	assert_int_equal(seq, 1);
	/* The copy is a working database of its own. */
	add_action(bk, gid, 2, "in the copy");
	db_close(bk);

	/* A second backup overwrites the first, and makes an older, readable copy private. */
	assert_int_equal(chmod(copy, 0644), 0);
	assert_int_equal(db_backup(st, copy), 0);
	{
		struct stat sb;
		assert_int_equal(stat(copy, &sb), 0);
		assert_int_equal(sb.st_mode & 0777, 0600);
	}
	bk = open_ok(copy);
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_action_each(bk, gid, 0, on_action, &r), 0);
	assert_int_equal(r.n, 2);
	assert_string_equal(r.text[1], "after backup");
	db_close(bk);

	/* Not inside a transaction (it would copy uncommitted pages). */
	assert_int_equal(db_begin(st), 0);
	assert_int_equal(db_backup(st, copy), WG_E_STORAGE);
	assert_non_null(strstr(db_last_error(st), "transaction"));
	assert_int_equal(db_rollback(st), 0);

	/* An unwritable destination fails with a message. */
	assert_int_equal(db_backup(st, "/nonexistent-wg-dir/backup.db"), WG_E_STORAGE);
	assert_non_null(strstr(db_last_error(st), "db_backup"));
	assert_non_null(strstr(db_last_error(st), "unable to open"));
	/* ... and the store is still fine. */
	add_action(st, gid, 3, "still fine");

	db_close(st);
	rm_db(path);
	rm_db(copy);
}

static void test_backup_of_memory_store(void **state)
{
	struct db_store *st = *state, *bk;
	char copy[64];
	struct db_user u;

	tmp_path(copy, sizeof(copy));
	add_user(st, "mem");
	assert_int_equal(db_backup(st, copy), 0);
	bk = open_ok(copy);
	assert_int_equal(db_user_by_name(bk, "mem", &u), 0);
	db_close(bk);
	rm_db(copy);
}

/* ---- migrations ---- */

static void test_migration_upgrade_from_v1(void **state)
{
	char path[64], text[64], err[256];
	sqlite3 *raw;
	struct db_store *st;
	struct db_user u;
	struct db_game g;
	struct rows r = {0};
	int64_t seq = 0;
	char *snap = NULL;
	int v = -1;

	(void)state;
	tmp_path(path, sizeof(path));
	assert_int_equal(sqlite3_open(path, &raw), SQLITE_OK);
	assert_int_equal(db__migrate_to(raw, 1, err, sizeof(err)), 0);
	assert_int_equal(db__schema_version(raw, &v, err, sizeof(err)), 0);
	assert_int_equal(v, 1);
	/* Migration 2's tables are not there yet. */
	raw_query(raw, "SELECT count(*) FROM sqlite_master WHERE name = 'events'", text,
	          sizeof(text));
	assert_string_equal(text, "0");
	/* Migrating to the version it has is a no-op. */
	assert_int_equal(db__migrate_to(raw, 1, err, sizeof(err)), 0);
	assert_int_equal(db__migrate_to(raw, 0, err, sizeof(err)), 0);

	raw_exec(raw, "INSERT INTO users(id, name, pwhash, created) VALUES (7, 'Old', 'h', 1)");
	raw_exec(raw, "INSERT INTO games(id, scenario, options, seed, commitment, status, creator, "
	              "seat0, version, created, updated) VALUES (3, 'meuse-argonne', 'x=1', "
	              "zeroblob(32), 'c0ffee', 1, 7, 7, 2, 10, 20)");
	raw_exec(raw,
	         "INSERT INTO actions(game, seq, side, user, line, dice, at) VALUES "
	         "(3, 1, -1, NULL, 'start', '[]', 11), (3, 2, 0, 7, 'move a b', '[[6,2,0]]', 12)");
	raw_exec(raw, "INSERT INTO snapshots(game, seq, state) VALUES (3, 2, '{\"old\":true}')");
	/* Append-only: the schema refuses edits of the action log. */
	assert_int_not_equal(sqlite3_exec(raw, "DELETE FROM actions", NULL, NULL, NULL), SQLITE_OK);
	assert_int_not_equal(sqlite3_exec(raw, "UPDATE actions SET line = 'x'", NULL, NULL, NULL),
	                     SQLITE_OK);
	sqlite3_close(raw);

	st = open_ok(path);
	assert_int_equal(db_schema_version(st), db__migration_count());
	assert_int_equal(db_user_by_name(st, "old", &u), 0);
	assert_int_equal(u.id, 7);
	assert_int_equal(db_game_get(st, 3, &g), 0);
	assert_string_equal(g.scenario, "meuse-argonne");
	assert_int_equal(g.status, DB_GAME_ACTIVE);
	assert_int_equal(g.seat[0], 7);
	assert_int_equal(g.seat[1], 0);
	assert_int_equal(g.winner, -1); /* column default */
	assert_int_equal(db_action_each(st, 3, 0, on_action, &r), 0);
	assert_int_equal(r.n, 2);
	assert_string_equal(r.text[1], "move a b");
	/* migration 3 marked the old start as a host action; the game is not pinned yet */
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_action_each(st, 3, 0, on_host, &r), 0);
	assert_int_equal(r.id[0], 1);
	assert_int_equal(r.id[1], 0);
	assert_string_equal(g.engine, "");
	assert_string_equal(g.digest, "");
	assert_int_equal(db_snapshot_latest(st, 3, &seq, &snap), 0);
	assert_int_equal(seq, 2);
	assert_string_equal(snap, "{\"old\":true}");
	free(snap);
	/* The tables of the later migrations work. */
	assert_int_equal(add_event(st, 3, AUD_ALL, "{}"), 1);
	add_chat(st, 3, 7, "Old", "upgraded");
	assert_int_equal(db_seat_seen(st, 3, 0, 1), 0);
	db_close(st);

	/* Reopening a current database runs nothing and changes nothing. */
	st = open_ok(path);
	assert_int_equal(db_schema_version(st), db__migration_count());
	assert_int_equal(db_event_last_seq(st, 3, &seq), 0);
	assert_int_equal(seq, 1);
	db_close(st);
	rm_db(path);
}

/* How many times the program of sql opens an ephemeral table (SQLite's EXPLAIN). */
static int ephemeral_opens(sqlite3 *db, const char *sql)
{
	char explain[512];
	sqlite3_stmt *stmt = NULL;
	int n = 0;

	snprintf(explain, sizeof(explain), "EXPLAIN %s", sql);
	assert_int_equal(sqlite3_prepare_v2(db, explain, -1, &stmt, NULL), SQLITE_OK);
	while (sqlite3_step(stmt) == SQLITE_ROW)
		n += strcmp((const char *)sqlite3_column_text(stmt, 1), "OpenEphemeral") == 0;
	sqlite3_finalize(stmt);
	return n;
}

/* Migration 13 rebuilds actions and clocks with CHECKs that compare instead of listing: the
 * rows of a version-12 database come through, the triggers and CHECKs still refuse what
 * they refused, and writing an action or a clock builds no ephemeral table any more. */
static void test_migration_13_checks_compare(void **state)
{
	static const char *const action =
	    "INSERT INTO actions(game, seq, side, user, line, dice, at, host) "
	    "VALUES (3, 3, 1, NULL, 'end', '[]', 13, 0)";
	static const char *const clock =
	    "INSERT OR REPLACE INTO clocks(game, spec, left0, left1, running0, running1, "
	    "reminded0, reminded1, since, paused_until, paused_by) "
	    "VALUES (3, 'fischer:60+5', 1, 2, 1, 0, 0, 0, 9, 0, -1)";
	char path[64], text[128], err[256];
	sqlite3 *raw;
	struct db_store *st;
	struct db_clock c;
	struct rows r = {0};

	(void)state;
	tmp_path(path, sizeof(path));
	assert_int_equal(sqlite3_open(path, &raw), SQLITE_OK);
	assert_int_equal(db__migrate_to(raw, 12, err, sizeof(err)), 0);
	assert_true(ephemeral_opens(raw, action) > 0); /* the IN list of version 12 */
	raw_exec(raw, "INSERT INTO users(id, name, pwhash, created) VALUES (7, 'Old', 'h', 1)");
	raw_exec(raw, "INSERT INTO games(id, scenario, seed, commitment, status, seat0, version, "
	              "created, updated) VALUES (3, 'scheldt', zeroblob(32), 'c', 1, 7, 2, 1, 2)");
	raw_exec(raw, "INSERT INTO actions(game, seq, side, user, line, dice, at, host) VALUES "
	              "(3, 1, -1, NULL, 'start', '[]', 11, 1), (3, 2, 0, 7, 'move a b', "
	              "'[[6,2,0]]', 12, 0)");
	raw_exec(raw, "INSERT INTO clocks(game, spec, left0, left1, running0, running1, reminded0, "
	              "reminded1, since, paused_until, paused_by) VALUES (3, 'fischer:60+5', "
	              "60000, 55000, 0, 1, 1, 0, 1000, 5000, 0)");
	sqlite3_close(raw);

	st = open_ok(path); /* migrates to the last version */
	assert_int_equal(db_schema_version(st), db__migration_count());
	assert_int_equal(db_action_each(st, 3, 0, on_action, &r), 0);
	assert_int_equal(r.n, 2);
	assert_string_equal(r.text[0], "start");
	assert_string_equal(r.text[1], "move a b");
	memset(&r, 0, sizeof(r));
	assert_int_equal(db_action_each(st, 3, 0, on_host, &r), 0);
	assert_int_equal(r.id[0], 1);
	assert_int_equal(r.id[1], 0);
	assert_int_equal(db_clock_get(st, 3, &c), 0);
	assert_string_equal(c.spec, "fischer:60+5");
	assert_int_equal(c.left[0], 60000);
	assert_int_equal(c.left[1], 55000);
	assert_int_equal(c.running[0], 0);
	assert_int_equal(c.running[1], 1);
	assert_int_equal(c.reminded[0], 1u);
	assert_int_equal(c.since, 1000);
	assert_int_equal(c.paused_until, 5000);
	assert_int_equal(c.paused_by, 0);
	db_close(st);

	assert_int_equal(sqlite3_open(path, &raw), SQLITE_OK);
	assert_int_equal(ephemeral_opens(raw, action), 0);
	assert_int_equal(ephemeral_opens(raw, clock), 0);
	/* the triggers came back: no edit, no delete, no gap */
	assert_int_not_equal(sqlite3_exec(raw, "DELETE FROM actions", NULL, NULL, NULL), SQLITE_OK);
	assert_int_not_equal(sqlite3_exec(raw, "UPDATE actions SET line = 'x'", NULL, NULL, NULL),
	                     SQLITE_OK);
	assert_int_not_equal(sqlite3_exec(raw,
	                                  "INSERT INTO actions(game, seq, side, line, at) "
	                                  "VALUES (3, 5, 0, 'gap', 1)",
	                                  NULL, NULL, NULL),
	                     SQLITE_OK);
	/* the CHECKs refuse what the lists refused, and take what they took */
	assert_int_not_equal(sqlite3_exec(raw,
	                                  "INSERT INTO actions(game, seq, side, line, at) "
	                                  "VALUES (3, 3, 2, 'x', 1)",
	                                  NULL, NULL, NULL),
	                     SQLITE_OK);
	assert_int_not_equal(sqlite3_exec(raw, "UPDATE clocks SET running0 = 2", NULL, NULL, NULL),
	                     SQLITE_OK);
	assert_int_not_equal(sqlite3_exec(raw, "UPDATE clocks SET running1 = -1", NULL, NULL, NULL),
	                     SQLITE_OK);
	raw_exec(raw, action);
	raw_exec(raw, clock);
	raw_query(raw, "SELECT group_concat(side) FROM actions WHERE game = 3", text, sizeof(text));
	assert_string_equal(text, "-1,0,1");
	raw_query(raw, "PRAGMA foreign_key_check", text, sizeof(text));
	assert_string_equal(text, "");
	sqlite3_close(raw);
	rm_db(path);
}

static void test_migration_failure_rolls_back(void **state)
{
	char path[64], text[64], err[256];
	struct db_store *st = (struct db_store *)&st;
	sqlite3 *raw;

	(void)state;
	tmp_path(path, sizeof(path));
	assert_int_equal(sqlite3_open(path, &raw), SQLITE_OK);
	assert_int_equal(db__migrate_to(raw, 1, err, sizeof(err)), 0);
	/* Something in the way of migration 2 (its last table). */
	raw_exec(raw, "CREATE TABLE chat (x)");
	sqlite3_close(raw);

	assert_int_equal(db_open(path, &st), WG_E_STORAGE);
	assert_null(st);
	assert_non_null(strstr(db_last_error(NULL), "migration 2"));
	assert_non_null(strstr(db_last_error(NULL), "chat"));

	/* Still at version 1, with none of migration 2's other tables. */
	assert_int_equal(sqlite3_open(path, &raw), SQLITE_OK);
	raw_query(raw, "PRAGMA user_version", text, sizeof(text));
	assert_string_equal(text, "1");
	raw_query(raw, "SELECT count(*) FROM sqlite_master WHERE name IN ('events', 'seats_seen')",
	          text, sizeof(text));
	assert_string_equal(text, "0");
	/* Out-of-range targets are refused. */
	assert_int_equal(db__migrate_to(raw, db__migration_count() + 1, err, sizeof(err)),
	                 WG_E_STORAGE);
	assert_int_equal(db__migrate_to(raw, -1, err, sizeof(err)), WG_E_STORAGE);
	sqlite3_close(raw);
	rm_db(path);
}

static void test_newer_database_refused(void **state)
{
	char path[64], sql[64], text[64], err[256];
	struct db_store *st = (struct db_store *)&st;
	sqlite3 *raw;
	int newer = db__migration_count() + 1;

	(void)state;
	tmp_path(path, sizeof(path));
	assert_int_equal(sqlite3_open(path, &raw), SQLITE_OK);
	raw_exec(raw, "CREATE TABLE future (x)");
	snprintf(sql, sizeof(sql), "PRAGMA user_version = %d", newer);
	raw_exec(raw, sql);
	/* The migration function refuses it too. */
	assert_int_equal(db__migrate_to(raw, db__migration_count(), err, sizeof(err)),
	                 WG_E_STORAGE);
	assert_non_null(strstr(err, "newer"));
	sqlite3_close(raw);

	assert_int_equal(db_open(path, &st), WG_E_STORAGE);
	assert_null(st);
	assert_non_null(strstr(db_last_error(NULL), "newer"));
	snprintf(sql, sizeof(sql), "version %d", newer);
	assert_non_null(strstr(db_last_error(NULL), sql));

	/* Untouched: same version, not switched to WAL, no tables added. */
	assert_int_equal(sqlite3_open(path, &raw), SQLITE_OK);
	raw_query(raw, "PRAGMA user_version", text, sizeof(text));
	assert_int_equal(atoi(text), newer);
	raw_query(raw, "PRAGMA journal_mode", text, sizeof(text));
	assert_string_equal(text, "delete");
	raw_query(raw, "SELECT count(*) FROM sqlite_master WHERE name = 'users'", text,
	          sizeof(text));
	assert_string_equal(text, "0");
	sqlite3_close(raw);
	rm_db(path);
}

/* ---- unusable paths ---- */

static void expect_open_fails(const char *path, const char *needle)
{
	struct db_store *st = (struct db_store *)&st;

	assert_int_equal(db_open(path, &st), WG_E_STORAGE);
	assert_null(st);
	assert_true(strlen(db_last_error(NULL)) > 0);
	if (needle != NULL && strstr(db_last_error(NULL), needle) == NULL)
		fail_msg("db_open(%s): \"%s\" lacks \"%s\"", path, db_last_error(NULL), needle);
}

static void test_open_errors(void **state)
{
	char path[64], dir[64];
	FILE *f;

	(void)state;
	expect_open_fails("/nonexistent-wg-dir/store.db", "unable to open");
	expect_open_fails("/proc/wg-test-store.db", NULL);
	snprintf(dir, sizeof(dir), "/tmp/wg-test-store-dir-XXXXXX");
	assert_non_null(mkdtemp(dir));
	expect_open_fails(dir, NULL);
	rmdir(dir);

	/* A file that is not a database is refused, not overwritten. */
	tmp_path(path, sizeof(path));
	f = fopen(path, "w");
	assert_non_null(f);
	for (int i = 0; i < 200; i++)
		fputs("this is not an SQLite database\n", f);
	fclose(f);
	expect_open_fails(path, "not a database");
	assert_int_equal(file_size(path), 200 * 31);
	rm_db(path);

	/* A read-only file (permissions do not bind root, who skips this). */
	if (geteuid() != 0) {
		struct db_store *st;

		tmp_path(path, sizeof(path));
		st = open_ok(path);
		db_close(st);
		assert_int_equal(chmod(path, 0444), 0);
		expect_open_fails(path, NULL);
		rm_db(path);
	}

	assert_int_equal(db_open(NULL, &(struct db_store *){NULL}), WG_E_BAD_ARGS);
}

/* ---- one step, batches, scenario texts, backends ---- */

/* A step of game g at seq with two events and the game row. */
static int stage_step(struct db_store *st, struct db_game *row, int64_t seq, unsigned seen,
                      const char *snap, int64_t *last)
{
	struct db_action a = {.game = row->id,
	                      .seq = seq,
	                      .side = 0,
	                      .host = seq == 1 ? 1 : 0,
	                      .line = seq == 1 ? "start" : "roll",
	                      .dice = "[[6,4,0]]",
	                      .at = 5000 + seq};
	struct db_event ev[2] = {
	    {.audience = AUD_ALL, .json = "{\"event\":\"rolled\"}", .at = 5000},
	    {.audience = AUD_A, .json = "{\"event\":\"secret\"}", .at = 5000}};
	struct db_step step = {
	    .action = &a, .events = ev, .nevents = 2, .row = row, .seen = seen, .snapshot = snap};

	row->version = seq;
	return db_step_stage(st, &step, last);
}

static void test_step_is_written_whole_or_not_at_all(void **state)
{
	struct db_store *st = *state;
	int64_t user = add_user(st, "Stepper"), last = 0, seen = -1;
	struct db_game g, back;
	struct rows r = {0};
	char *snap = NULL;

	fill_game(&g, DB_GAME_ACTIVE, user);
	assert_int_equal(db_game_create(st, &g), 0);
	assert_int_equal(stage_step(st, &g, 1, 1u, NULL, &last), 0);
	assert_int_equal(last, 2);
	assert_int_equal(stage_step(st, &g, 2, 1u, "{\"s\":2}", &last), 0);
	assert_int_equal(last, 4);
	assert_int_equal(db_game_get(st, g.id, &back), 0);
	assert_int_equal(back.version, 2);
	assert_int_equal(db_seat_seen_get(st, g.id, 0, &seen), 0);
	assert_int_equal(seen, 4);
	assert_int_equal(db_snapshot_latest(st, g.id, &seen, &snap), 0);
	assert_int_equal(seen, 2);
	free(snap);
	/* a step that cannot be written (seq 4 would leave a gap) leaves nothing behind:
	 * its events and the row update are rolled back with it */
	snprintf(g.result, sizeof(g.result), "should not stick");
	assert_int_equal(stage_step(st, &g, 4, 1u, NULL, &last), WG_E_STORAGE);
	assert_int_equal(last, 4);
	assert_int_equal(db_event_last_seq(st, g.id, &seen), 0);
	assert_int_equal(seen, 4);
	assert_int_equal(db_game_get(st, g.id, &back), 0);
	assert_int_equal(back.version, 2);
	assert_string_equal(back.result, "");
	assert_int_equal(db_action_each(st, g.id, 0, on_action, &r), 0);
	assert_int_equal(r.n, 2);
	assert_string_equal(r.text[0], "start");
}

/* The summaries db_game_pending_each gives, by game id (at most 8 games). */
struct pendings {
	int64_t id[8];
	char text[8][64];
	int n;
};

static int on_pending(void *ctx, int64_t game, const char *pending)
{
	struct pendings *p = ctx;

	assert_true(p->n < 8);
	p->id[p->n] = game;
	snprintf(p->text[p->n++], sizeof(p->text[0]), "%s", pending);
	return 0;
}

/* The pending summary (migration 12): written with a step or alone, read back by status,
 * never written by a failed step; a game without one is not listed. */
static void test_pending_summary_with_the_step(void **state)
{
	struct db_store *st = *state;
	int64_t user = add_user(st, "Pender"), last = 0;
	int64_t open = add_game(st, DB_GAME_OPEN, user),
	        done = add_game(st, DB_GAME_FINISHED, user);
	struct db_game g;
	struct pendings p = {0};
	struct db_action a = {.side = 0, .line = "roll", .dice = "[]", .at = 1};
	struct db_step step = {.action = &a, .row = &g, .progress_only = 1};

	fill_game(&g, DB_GAME_ACTIVE, user);
	assert_int_equal(db_game_create(st, &g), 0);
	assert_int_equal(db_game_pending_each(st, 0x7, on_pending, &p), 0);
	assert_int_equal(p.n, 0); /* none recorded yet */
	/* the start (not progress only) and a progress step, each with its summary */
	assert_int_equal(stage_step(st, &g, 1, 0, NULL, &last), 0);
	a.game = g.id;
	a.seq = g.version = 2;
	step.pending = "{\"sides\":1}";
	assert_int_equal(db_step_stage(st, &step, &last), 0);
	assert_int_equal(db_game_pending_put(st, open, "{}"), 0);
	assert_int_equal(db_game_pending_put(st, done, "{\"sides\":0}"), 0);
	assert_int_equal(db_game_pending_put(st, 999, "{}"), WG_E_NOT_FOUND);
	assert_int_equal(
	    db_game_pending_each(st, (1u << DB_GAME_OPEN) | (1u << DB_GAME_ACTIVE), on_pending, &p),
	    0);
	assert_int_equal(p.n, 2);
	assert_int_equal(p.id[0], open);
	assert_string_equal(p.text[0], "{}");
	assert_int_equal(p.id[1], g.id);
	assert_string_equal(p.text[1], "{\"sides\":1}");
	/* a step without a summary keeps the one stored; a failed step writes none */
	a.seq = g.version = 3;
	step.pending = NULL;
	assert_int_equal(db_step_stage(st, &step, &last), 0);
	a.seq = g.version = 5; /* a gap: refused */
	step.pending = "{\"sides\":2}";
	assert_int_equal(db_step_stage(st, &step, &last), WG_E_STORAGE);
	memset(&p, 0, sizeof(p));
	assert_int_equal(db_game_pending_each(st, 1u << DB_GAME_ACTIVE, on_pending, &p), 0);
	assert_int_equal(p.n, 1);
	assert_string_equal(p.text[0], "{\"sides\":1}");
	/* a non-progress step writes it too */
	a.seq = g.version = 4;
	step.progress_only = 0;
	step.pending = "{\"sides\":3}";
	assert_int_equal(db_step_stage(st, &step, &last), 0);
	memset(&p, 0, sizeof(p));
	assert_int_equal(db_game_pending_each(st, 1u << DB_GAME_ACTIVE, on_pending, &p), 0);
	assert_string_equal(p.text[0], "{\"sides\":3}");
}

static int count_clock(void *ctx, const struct db_clock *c)
{
	(*(int *)ctx)++;
	assert_true(c->game > 0);
	return 0;
}

static int find_vacation(void *ctx, const struct db_vacation *v)
{
	struct db_vacation *want = ctx;
	if (v->user == want->user)
		*want = *v;
	return 0;
}

static void test_clocks_vacations_and_meta(void **state)
{
	struct db_store *st = *state;
	int64_t user = add_user(st, "Clocker"), last = 0, alive = 0;
	struct db_clock c = {.left = {1000, 2000},
	                     .running = {1, 0},
	                     .reminded = {1, 6},
	                     .since = 777},
	                back;
	struct db_vacation v = {.bank = 5000, .credited = 40, .on_since = 0}, got = {0};
	struct db_game g;
	int n = 0;

	fill_game(&g, DB_GAME_ACTIVE, user);
	assert_int_equal(db_game_create(st, &g), 0);
	assert_int_equal(db_clock_get(st, g.id, &back), WG_E_NOT_FOUND);
	c.game = g.id;
	snprintf(c.spec, sizeof(c.spec), "days:3 weekends=pause");
	assert_int_equal(db_clock_put(st, &c), 0);
	assert_int_equal(db_clock_get(st, g.id, &back), 0);
	assert_string_equal(back.spec, "days:3 weekends=pause");
	assert_int_equal(back.left[1], 2000);
	assert_int_equal(back.running[0], 1);
	assert_int_equal(back.running[1], 0);
	assert_int_equal(back.reminded[1], 6);
	assert_int_equal(back.since, 777);
	assert_int_equal(back.paused_until, 0);
	/* an agreed pause is part of the clock */
	c.paused_until = 999000;
	c.paused_by = 1;
	assert_int_equal(db_clock_put(st, &c), 0);
	assert_int_equal(db_clock_get(st, g.id, &back), 0);
	assert_int_equal(back.paused_until, 999000);
	assert_int_equal(back.paused_by, 1);
	/* a step carries the clock with it, and a refused step does not write it */
	c.left[0] = 500;
	c.since = 888;
	{
		struct db_action a = {.game = g.id,
		                      .seq = 1,
		                      .side = -1,
		                      .host = 1,
		                      .line = "start",
		                      .dice = "[]",
		                      .at = 1};
		struct db_step step = {.action = &a, .row = &g, .clock = &c};
		g.version = 1;
		assert_int_equal(db_step_stage(st, &step, &last), 0);
		assert_int_equal(db_clock_get(st, g.id, &back), 0);
		assert_int_equal(back.left[0], 500);
		assert_int_equal(back.since, 888);
		c.left[0] = 1;
		a.seq = 3; /* a gap: refused whole */
		assert_int_equal(db_step_stage(st, &step, &last), WG_E_STORAGE);
		assert_int_equal(db_clock_get(st, g.id, &back), 0);
		assert_int_equal(back.left[0], 500);
	}
	assert_int_equal(db_clock_each(st, count_clock, &n), 0);
	assert_int_equal(n, 1);
	v.user = user;
	assert_int_equal(db_vacation_put(st, &v), 0);
	v.on_since = 99;
	assert_int_equal(db_vacation_put(st, &v), 0); /* replaced */
	got.user = user;
	assert_int_equal(db_vacation_each(st, find_vacation, &got), 0);
	assert_int_equal(got.bank, 5000);
	assert_int_equal(got.on_since, 99);
	v.bank = -1; /* a bank is never negative */
	assert_int_equal(db_vacation_put(st, &v), WG_E_STORAGE);
	assert_int_equal(db_meta_get(st, "alive", &alive), WG_E_NOT_FOUND);
	assert_int_equal(db_meta_put(st, "alive", 123456), 0);
	assert_int_equal(db_meta_put(st, "alive", 123457), 0);
	assert_int_equal(db_meta_get(st, "alive", &alive), 0);
	assert_int_equal(alive, 123457);
}

static void test_batch_commits_many_steps_at_once(void **state)
{
	char path[64];
	struct db_store *st, *other;
	struct db_game g, back;
	struct rows r = {0};
	int64_t user, last = 0;

	(void)state;
	tmp_path(path, sizeof(path));
	st = open_ok(path);
	user = add_user(st, "Batcher");
	fill_game(&g, DB_GAME_ACTIVE, user);
	assert_int_equal(db_game_create(st, &g), 0);
	assert_int_equal(db_batch_pending(st), 0);
	assert_int_equal(db_batch_mode(st, 1), 0);
	for (int64_t seq = 1; seq <= 5; seq++)
		assert_int_equal(stage_step(st, &g, seq, 0, NULL, &last), 0);
	add_chat(st, g.id, user, "Batcher", "in the batch too");
	assert_int_equal(db_batch_pending(st), 1);
	/* nothing is visible to another connection before the commit */
	other = open_ok(path);
	assert_int_equal(db_game_get(other, g.id, &back), 0);
	assert_int_equal(back.version, 0);
	/* a failed step inside the batch leaves the batch (and what it holds) alone */
	assert_int_equal(stage_step(st, &g, 9, 0, NULL, &last), WG_E_STORAGE);
	assert_int_equal(db_batch_pending(st), 1);
	assert_int_equal(db_batch_commit(st), 0);
	assert_int_equal(db_batch_pending(st), 0);
	assert_int_equal(db_game_get(other, g.id, &back), 0);
	assert_int_equal(back.version, 5);
	assert_int_equal(db_action_each(other, g.id, 0, on_host, &r), 0);
	assert_int_equal(r.n, 5);
	assert_int_equal(r.id[0], 1); /* the start is marked a host action */
	assert_int_equal(r.id[1], 0);
	assert_int_equal(db_batch_commit(st), 0); /* nothing open: no-op */
	db_close(other);
	assert_int_equal(db_batch_mode(st, 0), 0);
	db_close(st);
	rm_db(path);
}

static void test_scenario_texts(void **state)
{
	struct db_store *st = *state;
	char digest[65], *text = NULL;

	memset(digest, 'b', 64);
	digest[64] = '\0';
	assert_int_equal(db_scenario_get(st, digest, &text), WG_E_NOT_FOUND);
	assert_int_equal(db_scenario_put(st, digest, "race", "{\"id\":\"race\"}", 10), 0);
	/* the same digest again changes nothing */
	assert_int_equal(db_scenario_put(st, digest, "race", "{\"other\":1}", 11), 0);
	assert_int_equal(db_scenario_get(st, digest, &text), 0);
	assert_string_equal(text, "{\"id\":\"race\"}");
	free(text);
	assert_int_equal(db_scenario_put(st, "short", "race", "{}", 10), WG_E_STORAGE);
}

static void test_game_pins_engine_and_digest(void **state)
{
	struct db_store *st = *state;
	int64_t user = add_user(st, "Pinner");
	struct db_game g, back;

	fill_game(&g, DB_GAME_OPEN, user);
	snprintf(g.engine, sizeof(g.engine), "fm-1");
	memset(g.digest, 'c', 64);
	assert_int_equal(db_game_create(st, &g), 0);
	assert_int_equal(db_game_get(st, g.id, &back), 0);
	assert_string_equal(back.engine, "fm-1");
	assert_string_equal(back.digest, g.digest);
	snprintf(back.engine, sizeof(back.engine), "fm-2");
	assert_int_equal(db_game_update(st, &back), 0);
	assert_int_equal(db_game_get(st, g.id, &g), 0);
	assert_string_equal(g.engine, "fm-2");
}

static void test_backend_by_scheme(void **state)
{
	char path[64], url[80];
	struct db_store *st = NULL;

	(void)state;
	tmp_path(path, sizeof(path));
	snprintf(url, sizeof(url), "sqlite:%s", path);
	st = open_ok(url);
	add_user(st, "Schemer");
	db_close(st);
	st = open_ok(path); /* the same file without the scheme */
	assert_int_equal(db_schema_version(st), db__migration_count());
	db_close(st);
	assert_int_equal(db_open("postgres:dbname=x", &st), WG_E_BAD_ARGS);
	assert_null(st);
	assert_non_null(strstr(db_last_error(NULL), "unknown storage backend 'postgres'"));
	rm_db(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define MEM(t) cmocka_unit_test_setup_teardown(t, setup_mem, teardown_mem)
	    MEM(test_open_memory_is_latest),
	    cmocka_unit_test(test_open_file_wal_and_checkpoint_on_close),
	    MEM(test_user_create_and_lookup),
	    MEM(test_user_name_taken_in_other_case),
	    MEM(test_user_set_password),
	    MEM(test_user_strings_too_long),
	    MEM(test_game_round_trip_and_update),
	    MEM(test_game_foreign_keys_and_checks),
	    MEM(test_game_each_status_mask),
	    MEM(test_game_each_reentrant),
	    MEM(test_action_append_and_each),
	    MEM(test_action_duplicate_changes_nothing),
	    MEM(test_action_gap_and_bad_game_refused),
	    MEM(test_snapshot_latest),
	    MEM(test_event_seq_per_game),
	    MEM(test_event_last_n_with_masks),
	    MEM(test_events_since_a_sides_last_action),
	    MEM(test_seat_seen),
	    MEM(test_chat_last_n),
	    MEM(test_transactions),
	    cmocka_unit_test(test_persistence_across_reopen),
	    cmocka_unit_test(test_backup),
	    MEM(test_backup_of_memory_store),
	    cmocka_unit_test(test_migration_upgrade_from_v1),
	    cmocka_unit_test(test_migration_13_checks_compare),
	    cmocka_unit_test(test_migration_failure_rolls_back),
	    cmocka_unit_test(test_newer_database_refused),
	    cmocka_unit_test(test_open_errors),
	    MEM(test_step_is_written_whole_or_not_at_all),
	    cmocka_unit_test(test_batch_commits_many_steps_at_once),
	    MEM(test_clocks_vacations_and_meta),
	    MEM(test_scenario_texts),
	    MEM(test_game_pins_engine_and_digest),
	    cmocka_unit_test(test_backend_by_scheme),
	    MEM(test_pending_summary_with_the_step),
#undef MEM
	};

	return cmocka_run_group_tests_name("store", tests, NULL, NULL);
}
