/*
 * test_fanout.c -- server/fanout.c: an event goes to exactly its audience's
 * connections (the seated users' connections, the watchers), formatted once
 * per protocol mode and shared by every recipient in that mode; and output
 * waits on the connections until the flush that follows the commit
 * (conn.h: nothing reaches a socket before srv_conns_flush).
 *
 * The connections are plain structs on a server that has no loop: queueing
 * output never touches libuv (it only appends and lists the connection).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "server/conn.h"
#include "server/fanout.h"
#include "server/games.h"
#include "server/server.h"

#define NCONN 6

struct fixture {
	struct srv s;
	struct srv_conn conn[NCONN];
	struct srv_game g;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (f == NULL)
		return -1;
	srv_config_defaults(&f->s.cfg);
	srv_idmap_init(&f->s.users);
	for (int i = 0; i < NCONN; i++) {
		f->conn[i].srv = &f->s;
		f->conn[i].id = (unsigned long)i + 1;
		proto_buf_init(&f->conn[i].out);
		proto_buf_init(&f->conn[i].in);
	}
	/* conn 0, 1: user 10 (red), text and JSON; conn 2: user 20 (blue), JSON;
	 * conn 3 (text) and conn 4 (JSON): watchers; conn 5: nobody's */
	f->conn[1].mode = PROTO_JSON;
	f->conn[2].mode = PROTO_JSON;
	f->conn[4].mode = PROTO_JSON;
	assert_int_equal(srv_user_attach(&f->s, &f->conn[0], 10, "red10"), 0);
	assert_int_equal(srv_user_attach(&f->s, &f->conn[1], 10, "red10"), 0);
	assert_int_equal(srv_user_attach(&f->s, &f->conn[2], 20, "blue20"), 0);
	f->g.rec.id = 7;
	f->g.rec.seat[0] = 10;
	f->g.rec.seat[1] = 20;
	assert_int_equal(srv_game_watch(&f->g, &f->conn[3]), 0);
	assert_int_equal(srv_game_watch(&f->g, &f->conn[4]), 0);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	for (int i = 0; i < NCONN; i++) {
		if (f->conn[i].user != NULL)
			srv_user_detach(&f->s, &f->conn[i]);
		proto_buf_release(&f->conn[i].out);
		proto_buf_release(&f->conn[i].in);
		free(f->conn[i].watching);
	}
	free(f->g.watchers);
	srv_idmap_release(&f->s.users);
	free(f);
	return 0;
}

static cJSON *event(const char *type, const char *text)
{
	cJSON *ev = cJSON_CreateObject();

	cJSON_AddStringToObject(ev, "event", type);
	cJSON_AddStringToObject(ev, "text", text);
	return ev;
}

static const char *out(struct fixture *f, int i)
{
	return f->conn[i].out.len ? f->conn[i].out.data : "";
}

static int listed(struct fixture *f, int i)
{
	for (struct srv_conn *c = f->s.wlist; c != NULL; c = c->wnext)
		if (c == &f->conn[i])
			return 1;
	return 0;
}

/* One event, five recipients in two modes: formatted twice, the same bytes per mode. */
static void test_event_is_formatted_once_per_mode(void **state)
{
	struct fixture *f = *state;
	cJSON *ev = event("moved", "9/3 moves 2637-2638");
	unsigned before = f->s.event_formats;

	srv_game_deliver(&f->s, &f->g, RULES_AUD_PUBLIC, ev);
	assert_int_equal(f->s.event_formats - before, 2);
	assert_string_equal(out(f, 0), "* moved game=7 9/3 moves 2637-2638\n");
	assert_string_equal(out(f, 3), out(f, 0));
	assert_non_null(strstr(out(f, 1), "\"event\":\"moved\",\"game\":7"));
	assert_string_equal(out(f, 2), out(f, 1));
	assert_string_equal(out(f, 4), out(f, 1));
	assert_string_equal(out(f, 5), ""); /* not in the game */
	cJSON_Delete(ev);
}

/* A secret of one side reaches that side's connections only; one mode, one formatting. */
static void test_secret_reaches_only_its_side(void **state)
{
	struct fixture *f = *state;
	cJSON *ev = event("bid-secret", "you bid 3");
	unsigned before = f->s.event_formats;

	srv_game_deliver(&f->s, &f->g, RULES_AUD_SIDE(1), ev);
	assert_int_equal(f->s.event_formats - before, 1);
	assert_non_null(strstr(out(f, 2), "you bid 3"));
	for (int i = 0; i < NCONN; i++)
		if (i != 2)
			assert_null(strstr(out(f, i), "you bid 3"));
	cJSON_Delete(ev);
}

/* A struct srv_fanout formats only for the modes it meets. */
static void test_fanout_counts_its_formats(void **state)
{
	struct fixture *f = *state;
	cJSON *ev = event("chat", "<red10> hello");
	struct srv_fanout fo;

	srv_fanout_init(&fo, 7, ev);
	for (int k = 0; k < 3; k++)
		srv_fanout_send(&fo, &f->conn[0]); /* text, three times */
	assert_int_equal(fo.formats, 1);
	srv_fanout_send(&fo, &f->conn[4]);
	assert_int_equal(fo.formats, 2);
	srv_fanout_release(&fo);
	cJSON_Delete(ev);
}

/* Queued output waits on the connection (listed once) until the flush. */
static void test_output_waits_for_the_flush(void **state)
{
	struct fixture *f = *state;
	cJSON *ev = event("your-turn", "move");

	assert_null(f->s.wlist);
	srv_game_deliver(&f->s, &f->g, RULES_AUD_SIDE(0), ev);
	srv_game_deliver(&f->s, &f->g, RULES_AUD_SIDE(0), ev);
	assert_true(listed(f, 0));
	assert_true(listed(f, 1));
	assert_false(listed(f, 2));
	/* listed once however much is queued */
	{
		int n = 0;
		for (struct srv_conn *c = f->s.wlist; c != NULL; c = c->wnext)
			n += c == &f->conn[0];
		assert_int_equal(n, 1);
	}
	assert_non_null(strstr(out(f, 0), "* your-turn game=7 move\n* your-turn game=7 move\n"));
	cJSON_Delete(ev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_event_is_formatted_once_per_mode, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_secret_reaches_only_its_side, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_fanout_counts_its_formats, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_output_waits_for_the_flush, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
