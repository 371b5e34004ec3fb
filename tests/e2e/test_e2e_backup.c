/*
 * test_e2e_backup.c -- `wargamed backup FILE` against a running server: the copy holds what
 * was acknowledged, is a database of its own, and is readable by its owner only (issue 15).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "e2e.h"

static struct e2e_server server;

static int start_server(void **state)
{
	(void)state;
	return e2e_server_start(&server, WG_DAEMON, NULL);
}

static int stop_server(void **state)
{
	(void)state;
	assert_int_equal(e2e_server_stop(&server), 0);
	e2e_server_cleanup(&server);
	return 0;
}

static long long count_users(const char *path, const char *name)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	long long n = -1;

	assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
	assert_int_equal(
	    sqlite3_prepare_v2(db, "SELECT count(*) FROM users WHERE name = ?1", -1, &st, NULL),
	    SQLITE_OK);
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(db);
	return n;
}

static void test_backup_of_a_running_server(void **state)
{
	static struct e2e_client alice;
	char cmd[1024], out[2048], copy[400];
	struct stat sb;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice", "secret-a"), 0);
	snprintf(copy, sizeof(copy), "%s/backup.db", server.dir);
	snprintf(cmd, sizeof(cmd), "%s backup %s --db %s 2>&1", WG_DAEMON, copy, server.db);
	assert_int_equal(e2e_run(cmd, out, sizeof(out)), 0);
	assert_non_null(strstr(out, "mode 0600"));
	assert_int_equal(stat(copy, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0600);
	/* the acknowledged registration is in the copy; the server goes on */
	assert_int_equal(count_users(copy, "alice"), 1);
	assert_non_null(e2e_cmd(&alice, "whoami"));
	assert_non_null(strstr(alice.final, "ok"));
	/* errors: no file name, no database */
	snprintf(cmd, sizeof(cmd), "%s backup 2>&1", WG_DAEMON);
	assert_int_equal(e2e_run(cmd, out, sizeof(out)), 2);
	assert_non_null(strstr(out, "usage: wargamed backup FILE"));
	snprintf(cmd, sizeof(cmd), "%s backup %s/x.db --db %s/none.db 2>&1", WG_DAEMON, server.dir,
	         server.dir);
	assert_int_equal(e2e_run(cmd, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "no database at"));
	e2e_close(&alice);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_backup_of_a_running_server),
	};
	return cmocka_run_group_tests(tests, start_server, stop_server);
}
