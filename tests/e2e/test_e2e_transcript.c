/*
 * test_e2e_transcript.c -- the documented transcripts are real (issue 8).
 *
 * Plays a fixed script of Battle of the Scheldt over TCP against the shipped
 * daemon, started with --allow-debug --debug-seed (so the dice, the support
 * fire hands and the commitment are the same on every run), records what each
 * connection sends and receives, and compares the record with the transcript
 * between the markers of docs/games/fm-session.md.  When they differ the test
 * fails and says how to regenerate the page:
 *
 *   WG_UPDATE_TRANSCRIPTS=1 ctest --test-dir build -R test_e2e_transcript
 *
 * (then read the diff before committing it: it is the protocol as players see it).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "e2e.h"

#define SEED  "5ce1d7a5ce1d7a5ce1d7a5ce1d7a5ce1d7a5ce1d7a5ce1d7a5ce1d7a5ce1d7a5"
#define BEGIN "<!-- transcript begin: written by tests/e2e/test_e2e_transcript.c -->\n"
#define END   "<!-- transcript end -->\n"

static struct e2e_server server;

/* The session: "<who> <line>", who is ann, ben (text mode) or ann-json (JSON mode).  The
 * dice of the battle are forced (debug dice), everything else is the seed's. */
static const char *const script[] = {
    "ann new scheldt side=allied",
    "ben join 1",
    "ann options",
    "ann place 3/1 3320",
    "ann place 10/1 3321",
    "ann place 4/2 3420",
    "ann end",
    "ann view",
    "ann options 46/15",
    "ann move 44/15 3217 3118",
    "ann move 46/15 to 3019",
    "ann move 247/15 3218",
    "ann move 3/1 to 3217",
    "ann end",
    "ann end",
    "ann options",
    "ann debug dice 6",
    "ann attack 3018 44/15 46/15",
    "ann support pass",
    "ben options",
    "ben support G5",
    "ann-json {\"cmd\":\"options\",\"game\":1}",
    "ann support A9",
    "ben support pass",
    "ben options",
    "ann options",
    "ann reduce 46/15",
    "ann end",
    "ann units german",
    "ann log 8",
};

struct conn {
	const char *name;
	struct e2e_client c;
	int json;
};

static struct conn conns[3] = {{"ann", {0}, 0}, {"ben", {0}, 0}, {"ann-json", {0}, 1}};

static int start_server(void **state)
{
	static const char *const args[] = {"--data-dir",   WG_DATA_DIR, "--allow-debug",
	                                   "--debug-seed", SEED,        NULL};

	(void)state;
	return e2e_server_start(&server, WG_DAEMON, args);
}

static int stop_server(void **state)
{
	(void)state;
	assert_int_equal(e2e_server_stop(&server), 0);
	e2e_server_cleanup(&server);
	return 0;
}

struct out {
	char *buf;
	size_t len, cap;
};

static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(o->buf + o->len, o->cap - o->len, fmt, ap);
		va_end(ap);
		assert_true(n >= 0);
		if (o->len + (size_t)n < o->cap)
			break;
		o->cap = o->cap * 2 + (size_t)n + 1024;
		o->buf = realloc(o->buf, o->cap);
		assert_non_null(o->buf);
	}
	o->len += (size_t)n;
}

/* Each line of text (lines separated by \n) as "<name> | <line>". */
static void put_lines(struct out *o, const char *name, const char *text)
{
	while (*text != '\0') {
		size_t n = strcspn(text, "\n");
		if (n > 0)
			put(o, "%-8s | %.*s\n", name, (int)n, text);
		text += n;
		if (*text == '\n')
			text++;
	}
}

/* The notifications every connection has received by now, in connection order. */
static void drain(struct out *o)
{
	for (int k = 0; k < 3; k++) {
		e2e_pump(&conns[k].c, 40);
		conns[k].c.events[conns[k].c.evlen] = '\0';
		put_lines(o, conns[k].name, conns[k].c.events);
		conns[k].c.evlen = 0;
		conns[k].c.events[0] = '\0';
	}
}

static struct conn *conn_named(const char *name, size_t len)
{
	for (int k = 0; k < 3; k++)
		if (strlen(conns[k].name) == len && strncmp(conns[k].name, name, len) == 0)
			return &conns[k];
	fail_msg("no connection %.*s", (int)len, name);
	return NULL;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long n;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	text = malloc((size_t)n + 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
	text[n] = '\0';
	fclose(f);
	return text;
}

static void test_documented_session_is_what_the_server_says(void **state)
{
	struct out o = {NULL, 0, 0};
	char *page, *begin, *end;
	const char *path = WG_SOURCE_DIR "/docs/games/fm-session.md";

	(void)state;
	assert_int_equal(e2e_login_new(&conns[0].c, server.port, "ann", "ann-secret"), 0);
	assert_int_equal(e2e_login_new(&conns[1].c, server.port, "ben", "ben-secret"), 0);
	assert_int_equal(e2e_login_new(&conns[2].c, server.port, "ann", "ann-secret"), 0);
	assert_non_null(e2e_cmd(&conns[2].c, "mode json"));
	conns[2].c.json = 1;
	for (int k = 0; k < 3; k++) {
		e2e_pump(&conns[k].c, 40);
		conns[k].c.evlen = 0; /* the login notices are not part of the session */
	}
	put(&o, "```text\n");
	for (size_t i = 0; i < sizeof(script) / sizeof(script[0]); i++) {
		const char *line = script[i], *sp = strchr(line, ' ');
		struct conn *c = conn_named(line, (size_t)(sp - line));
		put(&o, "%-8s > %s\n", c->name, sp + 1);
		if (e2e_cmd(&c->c, "%s", sp + 1) == NULL)
			fail_msg("%s: no reply", line);
		put_lines(&o, c->name, c->c.reply);
		drain(&o);
	}
	put(&o, "```\n");
	page = slurp(path);
	begin = strstr(page, BEGIN);
	end = strstr(page, END);
	assert_non_null(begin);
	assert_non_null(end);
	begin += strlen(BEGIN);
	if (getenv("WG_UPDATE_TRANSCRIPTS") != NULL) {
		FILE *f = fopen(path, "wb");
		assert_non_null(f);
		fwrite(page, 1, (size_t)(begin - page), f);
		fwrite(o.buf, 1, o.len, f);
		fputs(end, f);
		fclose(f);
	} else if ((size_t)(end - begin) != o.len || memcmp(begin, o.buf, o.len) != 0) {
		fprintf(stderr, "%.*s", (int)o.len, o.buf);
		fail_msg("docs/games/fm-session.md is not what the server says now; regenerate it "
		         "with WG_UPDATE_TRANSCRIPTS=1 ctest --test-dir build -R "
		         "test_e2e_transcript and read the diff");
	}
	free(page);
	free(o.buf);
	for (int k = 0; k < 3; k++)
		e2e_close(&conns[k].c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_documented_session_is_what_the_server_says),
	};
	return cmocka_run_group_tests(tests, start_server, stop_server);
}
