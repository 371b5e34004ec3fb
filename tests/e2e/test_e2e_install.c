/*
 * test_e2e_install.c -- packaging (issue 15): `DESTDIR=<tmp> cmake --install` of the build
 * under test installs the daemon, the client, the scenarios, the documentation, the
 * systemd unit and the man pages; the installed daemon, started without --data-dir, finds
 * the installed scenarios (not the source tree's) and lists them; the man pages hold every
 * option of the programs' --help and are valid roff; the unit runs the installed daemon.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "e2e.h"
#include "e2e_assert.h"

static char dest[64];
static struct e2e_server server;

/* dest + an absolute install path (the prefix's, made under DESTDIR). */
static const char *staged(const char *path, const char *leaf, char *buf, size_t n)
{
	snprintf(buf, n, "%s%s%s%s", dest, path, leaf[0] ? "/" : "", leaf);
	return buf;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = calloc(1, (size_t)n + 1);
	if (buf != NULL && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

static int setup(void **state)
{
	char cmd[1200], out[8192];

	(void)state;
	snprintf(dest, sizeof(dest), "/tmp/wg-install-XXXXXX");
	if (mkdtemp(dest) == NULL)
		return -1;
	snprintf(cmd, sizeof(cmd), "DESTDIR=%s %s --install %s 2>&1", dest, WG_CMAKE, WG_BUILD_DIR);
	if (e2e_run(cmd, out, sizeof(out)) != 0) {
		fprintf(stderr, "%s\n%s\n", cmd, out);
		return -1;
	}
	return 0;
}

static int teardown(void **state)
{
	char cmd[200], out[16];

	(void)state;
	e2e_server_cleanup(&server);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dest);
	e2e_run(cmd, out, sizeof(out));
	return 0;
}

/* The installed daemon starts with no --data-dir and serves the installed scenarios. */
static void test_the_installed_daemon_finds_its_scenarios(void **state)
{
	static struct e2e_client c;
	char bin[400], data[400], want[500];
	static const char *const none[] = {NULL};

	(void)state;
	staged(WG_BINDIR, "wargamed", bin, sizeof(bin));
	staged(WG_DATADIR, "wargamed/data", data, sizeof(data));
	assert_int_equal(access(bin, X_OK), 0);
	assert_int_equal(e2e_server_start(&server, bin, none), 0);
	snprintf(want, sizeof(want), "scenarios loaded from %s", data);
	assert_true(e2e_log_contains(&server, want));
	assert_int_equal(e2e_connect(&c, server.port), 0);
	cmd_ok(&c, "scenarios");
	assert_contains(c.reply, "scheldt");
	assert_contains(c.reply, "meuse-argonne");
	{
		/* every scenario file installed, and no other */
		char cmd[600], out[64], want_ok[64];
		snprintf(cmd, sizeof(cmd), "ls %s/*.json | wc -l", data);
		assert_int_equal(e2e_run(cmd, out, sizeof(out)), 0);
		assert_true(atoi(out) >= 2);
		snprintf(want_ok, sizeof(want_ok), "ok %d scenarios", atoi(out));
		assert_contains(c.final, want_ok);
	}
	e2e_close(&c);
	assert_int_equal(e2e_server_stop(&server), 0);
}

/* The client, the documentation, the example configuration and the unit are there; the
 * unit runs the installed daemon. */
static void test_the_client_docs_and_unit_are_installed(void **state)
{
	char path[400], cmd[600], out[256];
	char *unit;

	(void)state;
	snprintf(cmd, sizeof(cmd), "%s --version",
	         staged(WG_BINDIR, "wargame", path, sizeof(path)));
	assert_int_equal(e2e_run(cmd, out, sizeof(out)), 0);
	assert_contains(out, "wargame 0.");
	assert_int_equal(
	    access(staged(WG_DATADIR, "doc/wargamed/operations.md", path, sizeof(path)), R_OK), 0);
	assert_int_equal(
	    access(staged(WG_DATADIR, "doc/wargamed/protocol.md", path, sizeof(path)), R_OK), 0);
	assert_int_equal(
	    access(staged(WG_DATADIR, "doc/wargamed/wargamed.conf.example", path, sizeof(path)),
	           R_OK),
	    0);
	if (WG_UNITDIR[0] == '/')
		snprintf(path, sizeof(path), "%s%s/wargamed.service", dest, WG_UNITDIR);
	else
		snprintf(path, sizeof(path), "%s%s/%s/wargamed.service", dest, WG_PREFIX,
		         WG_UNITDIR);
	unit = slurp(path);
	assert_non_null(unit);
	assert_contains(unit, "ExecStart=" WG_BINDIR "/wargamed --config");
	assert_contains(unit, "ExecReload=");
	free(unit);
}

/* Every option of --help is in the man page, and groff finds nothing wrong in it. */
static void check_page(const char *program, const char *page_rel)
{
	char path[400], bin[400], cmd[900], help[16384];
	char *page;
	const char *p;
	int options = 0;

	staged(WG_MANDIR, page_rel, path, sizeof(path));
	page = slurp(path);
	assert_non_null(page);
	assert_contains(page, ".SH NAME");
	assert_contains(page, ".SH SYNOPSIS");
	assert_contains(page, ".SH OPTIONS");
	snprintf(cmd, sizeof(cmd), "%s --help", staged(WG_BINDIR, program, bin, sizeof(bin)));
	assert_int_equal(e2e_run(cmd, help, sizeof(help)), 0);
	for (p = help; (p = strstr(p, "\n  ")) != NULL; p++) {
		char flag[64], escaped[160];
		size_t k = 0;
		const char *q = p + 3;
		while (*q == ' ')
			q++;
		if (strncmp(q, "-", 1) != 0)
			continue;
		if (q[1] != '-' && strstr(q, ", --") != NULL && strstr(q, ", --") < strchr(q, '\n'))
			q = strstr(q, ", --") + 2; /* "-w, --wait": the long form */
		while (q[k] != '\0' && q[k] != ' ' && q[k] != '\n' && q[k] != '=' &&
		       k + 1 < sizeof(flag))
			k++;
		snprintf(flag, sizeof(flag), "%.*s", (int)k, q);
		/* the page writes each '-' as "\-" */
		size_t e = 0;
		for (size_t i = 0; flag[i] && e + 3 < sizeof(escaped); i++) {
			if (flag[i] == '-')
				escaped[e++] = '\\';
			escaped[e++] = flag[i];
		}
		escaped[e] = '\0';
		if (strstr(page, escaped) == NULL)
			fail_msg("%s: %s of --help is not in the man page %s", program, flag, path);
		options++;
	}
	assert_true(options >= 5);
	free(page);
	snprintf(cmd, sizeof(cmd),
	         "command -v groff >/dev/null || exit 0; groff -man -ww -z %s 2>&1", path);
	assert_int_equal(e2e_run(cmd, help, sizeof(help)), 0);
	assert_string_equal(help, "");
}

static void test_the_man_pages_are_made_from_help(void **state)
{
	(void)state;
	check_page("wargamed", "man8/wargamed.8");
	check_page("wargame", "man1/wargame.1");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_the_installed_daemon_finds_its_scenarios),
	    cmocka_unit_test(test_the_client_docs_and_unit_are_installed),
	    cmocka_unit_test(test_the_man_pages_are_made_from_help),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
