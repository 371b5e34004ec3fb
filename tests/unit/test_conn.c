/*
 * test_conn.c -- server/conn.c on a real libuv loop: replies are coalesced (the replies to
 * N pipelined requests leave in one write, at the flush), a connection's work is cut into
 * turns (conn.h "Work budget": a client that pipelines many requests gets SRV_TURN_REQUESTS
 * of them per turn, the rest wait in order for the next iteration while another client's
 * request is answered at once), an idle connection holds no buffers, and a connection whose
 * backlog reaches the pause takes no more input until it drains.
 *
 * Each connection's socket is one end of a SOCK_SEQPACKET socketpair, so that every write
 * the server makes arrives as one record: recv() counts the writes.  The loop is run with
 * UV_RUN_NOWAIT, and the flush that server.c runs before the loop sleeps is called by hand,
 * so the steps are exact and nothing depends on time.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "server/conn.h"
#include "server/server.h"

struct fixture {
	struct srv s;
	uv_loop_t loop;
};

/* A connection on one end of a socketpair; *peer is the other end (the client). */
static struct srv_conn *conn_new(struct fixture *f, int *peer)
{
	struct srv_conn *c = calloc(1, sizeof(*c));
	int sv[2];

	assert_non_null(c);
	assert_int_equal(socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK, 0, sv), 0);
	c->srv = &f->s;
	c->id = ++f->s.next_conn_id;
	c->refs = 1;
	c->mode = PROTO_TEXT;
	c->cols = RULES_COLS_DEFAULT;
	c->rows = RULES_ROWS_DEFAULT;
	proto_telnet_init(&c->telnet);
	proto_framer_init(&c->framer);
	proto_buf_init(&c->in);
	proto_buf_init(&c->out);
	assert_int_equal(uv_tcp_init(&f->loop, &c->tcp), 0);
	assert_int_equal(uv_tcp_open(&c->tcp, sv[0]), 0);
	c->tcp.data = c;
	c->next = f->s.conns;
	if (f->s.conns != NULL)
		f->s.conns->prev = c;
	f->s.conns = c;
	f->s.nconns++;
	srv_conn_done(c); /* not busy: starts reading */
	assert_true(c->reading);
	*peer = sv[1];
	return c;
}

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (f == NULL || uv_loop_init(&f->loop) != 0)
		return -1;
	srv_config_defaults(&f->s.cfg);
	srv_idmap_init(&f->s.users);
	f->s.loop = &f->loop;
	uv_idle_init(&f->loop, &f->s.resume);
	f->s.resume.data = &f->s;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	while (f->s.conns != NULL)
		srv_conn_close(f->s.conns, "test over");
	uv_idle_stop(&f->s.resume);
	uv_close((uv_handle_t *)&f->s.resume, NULL);
	for (int i = 0; i < 100 && uv_loop_alive(&f->loop); i++)
		uv_run(&f->loop, UV_RUN_NOWAIT);
	assert_int_equal(uv_loop_close(&f->loop), 0);
	srv_idmap_release(&f->s.users);
	free(f);
	return 0;
}

/* One loop iteration as the daemon runs it: the phase's reads, the resume list, then the
 * flush (server.c before_sleep_cb, without a store). */
static void iteration(struct fixture *f)
{
	uv_run(&f->loop, UV_RUN_NOWAIT);
	srv_conns_flush(&f->s);
	srv_conns_new_phase(&f->s);
}

/* Sends n copies of line (ending in "\n") in one record. */
static void send_lines(int fd, const char *line, int n)
{
	static char buf[65536];
	size_t len = strlen(line), off = 0;

	for (int i = 0; i < n; i++, off += len)
		memcpy(buf + off, line, len);
	assert_int_equal(send(fd, buf, off, 0), (ssize_t)off);
}

/* Receives one record (one write of the server) into buf; its length, or 0 if none. */
static size_t recv_record(int fd, char *buf, size_t size)
{
	ssize_t n = recv(fd, buf, size - 1, 0);

	if (n < 0) {
		assert_true(errno == EAGAIN || errno == EWOULDBLOCK);
		return 0;
	}
	buf[n] = '\0';
	return (size_t)n;
}

/* The number of times needle occurs in s. */
static int count(const char *s, const char *needle)
{
	int n = 0;

	for (const char *p = s; (p = strstr(p, needle)) != NULL; p += strlen(needle))
		n++;
	return n;
}

static void test_pipelined_replies_leave_in_one_write(void **state)
{
	struct fixture *f = *state;
	static char rec[65536];
	int peer;
	struct srv_conn *c = conn_new(f, &peer);

	send_lines(peer, "ping\n", 16);
	uv_run(&f->loop, UV_RUN_NOWAIT);
	/* answered, but nothing is written before the flush (after the commit) */
	assert_int_equal(recv_record(peer, rec, sizeof(rec)), 0);
	assert_true(c->out.len > 0);
	srv_conns_flush(&f->s);
	assert_int_equal(recv_record(peer, rec, sizeof(rec)), 16 * strlen("ok pong\n"));
	assert_int_equal(count(rec, "ok pong\n"), 16);
	assert_int_equal(recv_record(peer, rec, sizeof(rec)), 0); /* one write, no second */
	/* drained: the connection holds no buffer */
	assert_null(c->out.data);
	assert_null(c->in.data);
	assert_null(c->framer.line);
	close(peer);
}

static void test_a_long_pipeline_waits_its_turns_while_others_are_answered(void **state)
{
	struct fixture *f = *state;
	static char rec[65536];
	const int n = 3 * SRV_TURN_REQUESTS + 5;
	int hog_fd, other_fd, got = 0, turns = 0, i;
	struct srv_conn *hog = conn_new(f, &hog_fd);

	conn_new(f, &other_fd);
	send_lines(hog_fd, "@h ping\n", n);
	send_lines(other_fd, "@o ping\n", 1);
	iteration(f);
	/* the other client is answered in the first iteration... */
	assert_true(recv_record(other_fd, rec, sizeof(rec)) > 0);
	assert_string_equal(rec, "@o ok pong\n");
	/* ...while the hog got one turn's worth, and the rest of its requests wait, in order */
	assert_int_equal(count(rec, "ok"), 1);
	assert_true(recv_record(hog_fd, rec, sizeof(rec)) > 0);
	assert_int_equal(count(rec, "@h ok pong\n"), SRV_TURN_REQUESTS);
	got += SRV_TURN_REQUESTS;
	assert_true(hog->rlisted);
	assert_false(hog->reading);
	assert_true(hog->in.len - hog->inoff > 0);
	/* the next iterations give it a turn each until nothing is left; nothing is lost */
	for (i = 0; i < 10 && got < n; i++) {
		iteration(f);
		size_t len = recv_record(hog_fd, rec, sizeof(rec));
		assert_true(len > 0);
		assert_int_equal(recv_record(hog_fd, rec + len, sizeof(rec) - len), 0);
		int k = count(rec, "@h ok pong\n");
		assert_true(k >= 1 && k <= SRV_TURN_REQUESTS);
		got += k;
		turns++;
	}
	assert_int_equal(got, n);
	assert_int_equal(turns, 3);
	assert_false(hog->rlisted);
	assert_true(hog->reading);
	assert_null(hog->in.data);
	close(hog_fd);
	close(other_fd);
}

static void test_a_backlog_over_the_pause_stops_input_until_it_drains(void **state)
{
	struct fixture *f = *state;
	static char rec[65536];
	int peer;
	struct srv_conn *c = conn_new(f, &peer);
	size_t pause = srv_conn_pause_bytes(&f->s);
	char *junk = malloc(pause);

	assert_non_null(junk);
	memset(junk, '.', pause);
	/* output the client has not taken yet (as if it did not read) */
	srv_conn_send(c, junk, pause);
	send_lines(peer, "ping\n", 3);
	uv_run(&f->loop, UV_RUN_NOWAIT);
	/* over the pause: not read, or read and kept, but not answered */
	assert_int_equal(count(c->out.data, "ok pong"), 0);
	assert_false(c->reading);
	/* the client reads: the backlog drains, and its requests are answered, in order */
	for (int i = 0; i < 20 && count(rec, "ok pong") < 3; i++) {
		iteration(f);
		while (recv_record(peer, rec, sizeof(rec)) > 0 && count(rec, "ok pong") == 0)
			;
	}
	assert_int_equal(count(rec, "ok pong"), 3);
	free(junk);
	close(peer);
}

/* With a small --output-limit, a `help` reply several times that size is parked and goes out
 * a pause's worth at a time as the client reads; the client is not cut off, input waits for
 * the reply, and a notification queued meanwhile comes after the reply's last line. */
static void test_a_reply_larger_than_the_limit_is_streamed(void **state)
{
	struct fixture *f = *state;
	static char rec[65536], all[262144];
	size_t total = 0, len;
	int peer, writes = 0;
	struct srv_conn *c;

	f->s.cfg.output_limit = 4096;
	c = conn_new(f, &peer);
	send_lines(peer, "help\nping\n", 1);
	uv_run(&f->loop, UV_RUN_NOWAIT);
	assert_false(c->closing);
	assert_true(c->park.len > 4096); /* help is about 10 KB */
	assert_int_equal(count(c->out.data ? c->out.data : "", "ok pong"), 0); /* ping waits */
	srv_conn_notice(c, 0, "note", "after the reply");
	for (int i = 0; i < 100 && strstr(all, "\nok pong") == NULL; i++) {
		iteration(f);
		while ((len = recv_record(peer, rec, sizeof(rec))) > 0) {
			assert_true(total + len < sizeof(all));
			memcpy(all + total, rec, len + 1);
			total += len;
			writes++;
			assert_true(len <= srv_conn_pause_bytes(&f->s));
		}
		assert_false(c->closing);
	}
	assert_true(writes > 2);
	assert_non_null(strstr(all, "\nok pong"));
	/* the reply whole, then the notification, then the next reply */
	assert_non_null(strstr(all, "\nok "));
	assert_true(strstr(all, "\nok ") < strstr(all, "* note after the reply"));
	assert_true(strstr(all, "* note after the reply") < strstr(all, "\nok pong"));
	assert_int_equal(c->park.len, 0);
	assert_null(c->park.data);
	close(peer);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_pipelined_replies_leave_in_one_write, setup,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(
	        test_a_long_pipeline_waits_its_turns_while_others_are_answered, setup, teardown),
	    cmocka_unit_test_setup_teardown(
	        test_a_backlog_over_the_pause_stops_input_until_it_drains, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_a_reply_larger_than_the_limit_is_streamed, setup,
	                                    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
