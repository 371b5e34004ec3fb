/*
 * migrations.h -- the numbered schema migrations of the SQLite store.
 *
 * This module owns the schema: an ordered array of SQL scripts, where script
 * N (1-based) brings a database from PRAGMA user_version N-1 to N.  It is
 * internal to db/ (store_sqlite.c runs it from db_open; the tests call it to
 * build databases at older versions).
 *
 * Invariants:
 *   - PRAGMA user_version is the number of the last migration applied; 0 is
 *     an empty database;
 *   - each migration runs in its own transaction (BEGIN IMMEDIATE ... COMMIT)
 *     together with the user_version bump, so a failed migration leaves the
 *     database exactly at the previous version;
 *   - migrations are append-only: a released script is never edited, a
 *     schema change is a new script at the end of the array;
 *   - a database whose user_version is larger than db__migration_count() was
 *     written by a newer wargamed and is refused, never touched.
 */
#ifndef DB_MIGRATIONS_H
#define DB_MIGRATIONS_H

#include <stddef.h>

#include <sqlite3.h>

/* Number of migrations known to this build (= the latest schema version). */
int db__migration_count(void);

/* Reads PRAGMA user_version of db into *version.  Returns 0 or WG_E_STORAGE
 * with the SQLite message in err (errlen bytes, always NUL-terminated). */
int db__schema_version(sqlite3 *db, int *version, char *err, size_t errlen);

/*
 * Applies migrations current+1 .. target to db, each in its own transaction.
 * target must be between 0 and db__migration_count().  A database already at
 * or past target (but not newer than the code) is left alone.
 *
 * Returns 0, or WG_E_STORAGE with a message in err (errlen bytes, always
 * NUL-terminated) when a script fails (the database stays at the last
 * version that committed), when target is out of range, or when the
 * database is newer than this build.  Must not be called inside an open
 * transaction.
 */
int db__migrate_to(sqlite3 *db, int target, char *err, size_t errlen);

#endif
