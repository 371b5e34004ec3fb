/*
 * test_e2e_svg.c -- pictures end to end: `map svg` over TCP in text and JSON
 * mode against the shipped daemon (a Battle of the Scheldt game), and the
 * command line `wargamed render FILE` and `wargamed check-scenario --svg`.
 * Every picture is checked by tests/svg_check.py (python3's xml.etree):
 * well-formed, one element per hex with its number, one per counter, the
 * reach= and hexes= highlights, no line longer than 78 columns.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "e2e.h"
#include "e2e_assert.h"

#define SCHELDT_HEXES    "806" /* columns 11-36, rows 17-47 */
#define SCHELDT_COUNTERS "38"

static struct e2e_server server;
static struct e2e_client alice, bob, carol;

/* Runs tests/svg_check.py on file with the options; fails the test with its report. */
static void check_svg(const char *file, const char *options)
{
	char cmd[2048], out[8192];

	snprintf(cmd, sizeof(cmd), "%s %s %s %s 2>&1", WG_PYTHON3, WG_SVG_CHECK, file, options);
	if (e2e_run(cmd, out, sizeof(out)) != 0)
		fail_msg("svg_check.py %s %s:\n%s", file, options, out);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
}

/* 0 if the shell command cmd, formatted, succeeds. */
static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int sh(const char *fmt, ...)
{
	char cmd[2048], out[4096];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	return e2e_run(cmd, out, sizeof(out));
}

/* The SVG of the last text-mode reply: its data lines less their two leading spaces. */
static char *text_svg(const struct e2e_client *c)
{
	const char *p = c->reply;
	char *out = malloc(strlen(p) + 1), *o = out;

	assert_non_null(out);
	while (*p) {
		size_t n = strcspn(p, "\n");
		if (strncmp(p, "  ", 2) == 0) {
			memcpy(o, p + 2, n - 2);
			o += n - 2;
			*o++ = '\n';
		}
		p += n + (p[n] == '\n');
	}
	*o = '\0';
	return out;
}

static int start_server(void **state)
{
	static const char *const args[] = {"--data-dir", WG_DATA_DIR, NULL};

	(void)state;
	return e2e_server_start(&server, WG_DAEMON, args);
}

static int stop_server(void **state)
{
	(void)state;
	e2e_close(&alice);
	e2e_close(&bob);
	e2e_close(&carol);
	assert_int_equal(e2e_server_stop(&server), 0);
	e2e_server_cleanup(&server);
	return 0;
}

static void test_map_svg_text_and_json(void **state)
{
	char path[400], jpath[400], *svg, *spectator;
	cJSON *reply, *data;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "alice", "s3cret-pw"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "bob", "s3cret-pw"), 0);
	assert_int_equal(e2e_login_new(&carol, server.port, "carol", "s3cret-pw"), 0);
	cmd_ok(&alice, "new scheldt side=allied");
	cmd_ok(&bob, "join 1");
	cmd_ok(&carol, "watch 1");

	/* text mode: the SVG as data lines, then ok */
	cmd_ok(&alice, "map svg");
	assert_contains(alice.final, "ok svg: ");
	svg = text_svg(&alice);
	assert_true(strncmp(svg, "<?xml", 5) == 0);
	snprintf(path, sizeof(path), "%s/setup.svg", server.dir);
	write_file(path, svg);
	check_svg(path, "--hexes " SCHELDT_HEXES " --counters " SCHELDT_COUNTERS);
	free(svg);

	/* the Allied set-up, then turn 1: the reach of 44/15 and two marked hexes */
	cmd_ok(&alice, "place 3/1 3320");
	cmd_ok(&alice, "place 10/1 3321");
	cmd_ok(&alice, "place 4/2 3420");
	cmd_ok(&alice, "end");
	cmd_ok(&alice, "map svg reach=44/15 hexes=3317,3118");
	svg = text_svg(&alice);
	snprintf(path, sizeof(path), "%s/reach.svg", server.dir);
	write_file(path, svg);
	check_svg(path, "--hexes " SCHELDT_HEXES " --counters " SCHELDT_COUNTERS
	                " --reach-min 2 --marks 2");
	/* a spectator's picture of the same request */
	cmd_ok(&carol, "map svg reach=44/15 hexes=3317,3118");
	spectator = text_svg(&carol);
	assert_contains(spectator, "You are a spectator");

	/* the options refused, with what was wrong */
	cmd_err(&alice, "bad-args", "map svg colour=red");
	assert_contains(e2e_flat(alice.reply), "reach=<unit>"); /* a long refusal wraps */
	cmd_err(&alice, "no-such-unit", "map svg reach=nobody");
	cmd_err(&alice, "no-such-hex", "map svg hexes=9999");
	cmd_ok(&alice, "map 3317 3320"); /* the text map is still the map query */

	/* JSON mode: {"svg": "..."}, the same document */
	cmd_ok(&alice, "mode json");
	alice.json = 1;
	cmd_ok(&alice, "map svg reach=44/15 hexes=3317,3118");
	reply = cJSON_Parse(alice.reply); /* final keeps only 4096 bytes */
	assert_non_null(reply);
	data = cJSON_GetObjectItem(reply, "data");
	assert_true(cJSON_IsString(cJSON_GetObjectItem(data, "svg")));
	assert_string_equal(cJSON_GetObjectItem(data, "svg")->valuestring, svg);
	snprintf(jpath, sizeof(jpath), "%s/reach-json.svg", server.dir);
	write_file(jpath, cJSON_GetObjectItem(data, "svg")->valuestring);
	check_svg(jpath, "--reach-min 2 --marks 2");
	cJSON_Delete(reply);
	cmd_err(&alice, "bad-args", "map svg png");
	unlink(path);
	unlink(jpath);
	snprintf(path, sizeof(path), "%s/setup.svg", server.dir);
	unlink(path);
	free(spectator);
	free(svg);
}

static void test_render_and_check_scenario_svg(void **state)
{
	static char out[65536];
	char dir[] = "/tmp/wg-svg-XXXXXX", cmd[2048], path[600];

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(e2e_run(WG_DAEMON " --help", out, sizeof(out)), 0);
	assert_contains(out, "render FILE.json");
	assert_contains(out, "check-scenario [--svg[=DIR]] FILE...");
	/* render: the set-up as a spectator sees it, on stdout */
	snprintf(path, sizeof(path), "%s/scheldt.svg", dir);
	assert_int_equal(sh("%s render %s/scheldt.json > %s", WG_DAEMON, WG_DATA_DIR, path), 0);
	check_svg(path, "--hexes " SCHELDT_HEXES " --counters " SCHELDT_COUNTERS);
	assert_int_equal(sh("grep -q 'You are a spectator' %s && grep -q 'Set-up' %s", path, path),
	                 0);
	/* the same picture twice: rendering is deterministic */
	assert_int_equal(
	    sh("%s render %s/scheldt.json | cmp -s - %s", WG_DAEMON, WG_DATA_DIR, path), 0);
	/* what cannot be rendered says why */
	assert_int_equal(e2e_run(WG_DAEMON " render 2>&1", out, sizeof(out)), 2);
	assert_contains(out, "usage: wargamed render FILE.json");
	snprintf(cmd, sizeof(cmd), "%s render %s/fm-scheldt-broken.json 2>&1", WG_DAEMON,
	         WG_TEST_DATA);
	assert_int_equal(e2e_run(cmd, out, sizeof(out)), 1);
	assert_contains(out, "fm-scheldt-broken.json");
	snprintf(cmd, sizeof(cmd), "%s render %s/race.json 2>&1", WG_TEST_DAEMON, WG_RACE_DIR);
	assert_int_equal(e2e_run(cmd, out, sizeof(out)), 1);
	assert_contains(out, "the race ruleset draws no pictures");

	/* check-scenario --svg=DIR: one picture per valid file, named after it, render's own */
	assert_int_equal(sh("mkdir %s/pics", dir), 0);
	snprintf(cmd, sizeof(cmd),
	         "%s check-scenario --svg=%s/pics %s/scheldt.json %s/fm-test.json 2>&1", WG_DAEMON,
	         dir, WG_DATA_DIR, WG_TEST_DATA);
	assert_int_equal(e2e_run(cmd, out, sizeof(out)), 0);
	snprintf(cmd, sizeof(cmd), "picture %s/scheldt.json: %s/pics/scheldt.svg", WG_DATA_DIR,
	         dir);
	assert_contains(out, cmd);
	assert_int_equal(sh("cmp -s %s %s/pics/scheldt.svg", path, dir), 0);
	snprintf(path, sizeof(path), "%s/pics/fm-test.svg", dir);
	check_svg(path, "--hexes 144 --counters 19");
	/* --svg alone: next to the file */
	snprintf(cmd, sizeof(cmd),
	         "cp %s/fm-test.json %s/copy.json && %s check-scenario --svg %s/copy.json 2>&1",
	         WG_TEST_DATA, dir, WG_DAEMON, dir);
	assert_int_equal(e2e_run(cmd, out, sizeof(out)), 0);
	snprintf(path, sizeof(path), "%s/copy.svg", dir);
	check_svg(path, "--hexes 144");
	/* a ruleset without pictures: the file is valid, its picture is an error */
	snprintf(cmd, sizeof(cmd), "%s check-scenario --svg=%s %s/race.json 2>&1", WG_TEST_DAEMON,
	         dir, WG_RACE_DIR);
	assert_int_equal(e2e_run(cmd, out, sizeof(out)), 1);
	assert_contains(out, "ok      ");
	assert_contains(out, "picture: the race ruleset draws no pictures");
	assert_int_equal(sh("rm -r %s", dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_map_svg_text_and_json, start_server, stop_server),
	    cmocka_unit_test(test_render_and_check_scenario_svg),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
