/*
 * run.c -- the libuv driver of one benchmark test (see bench.h).
 *
 * Connection states (conn->state), one transition per event:
 *
 *   NEW --uv_tcp_connect--> CONNECTING --connect ok--> GREETING
 *                              |--connect error--> CLOSING (failed)
 *   GREETING --greeting line--> READY (ping, idle without login)
 *            \--greeting line--> LOGIN (mix, idle --login): register and
 *                                login, measured apart --login reply--> READY
 *   READY --(all connections ready: load starts)--> fill(): up to pipeline
 *          requests in flight; each final reply records its latency and
 *          sends the next request.
 *   any --EOF / error--> CLOSING (failed before READY, lost after)
 *   any --run ends--> CLOSING --close callback--> CLOSED
 *
 * durable pairs the connections: client k is conns[2k] (seat 0) and
 * conns[2k+1] (seat 1), with one request in flight on one of them at a
 * time (durable_next()).  Once both are logged in, the client creates its
 * game on seat 0 and joins it on seat 1, still in the set-up; the join's
 * reply settles both as ready.  In the load each action goes out on the
 * connection of the seat that must act, its reply sends the next one, and
 * after the last action the client creates and joins a new game (counted
 * apart, not as actions).  A client whose connection is gone, or whose
 * new or join is refused, plays no more (in the set-up both its
 * connections fail).
 *
 * flood: after the -c honest connections (they ping, as in the ping test,
 * after register and login with --login; their latency is the figure) come
 * the hostile ones, by kind (enum bench_kind, in this order): --attackers
 * stop reading once the load starts and send --attack-lines "help" lines in
 * one burst (written as the server takes them), never reading a reply;
 * --idlers connect and send nothing; --slowloris send a partial line, one
 * byte every --slow-secs, never its end; --bruteforce send `login
 * <victim> <a wrong password>`, the next one when the answer arrives (the
 * victim is the first honest user).  With --sources K the hostile
 * connections are spread over K loopback addresses (127.1.x.y, bound
 * before the connect), so that they fit the server's limits per address.
 *
 * Run phases (run->phase): CONNECT (connections opening) -> LOAD (the
 * clock runs; idle: holding) -> STOP (closing handles; uv_run returns when
 * every handle is closed).  Requests in flight when a run stops by
 * duration are not counted.
 *
 * Writes: a connection's requests of one fill() go out in one
 * uv_try_write(); what the socket does not take is copied into a
 * bench_write and queued with uv_write() (freed in its callback, also when
 * cancelled by a close).  Reads use one shared buffer: every line is
 * handled inside the read callback.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uv.h>

#include "bench.h"
#include "reader.h"

enum conn_state {
	CS_NEW = 0,
	CS_CONNECTING,
	CS_GREETING,
	CS_LOGIN,
	CS_READY,
	CS_CLOSING,
	CS_CLOSED,
};

enum run_phase {
	PH_CONNECT = 0,
	PH_LOAD,
	PH_STOP,
};

struct bench_run;

struct bench_conn {
	uv_tcp_t tcp;
	uv_connect_t creq;
	struct bench_run *run;
	struct bench_reader rd;
	size_t id;
	enum conn_state state;
	size_t step;     /* next script step */
	size_t inflight; /* requests sent, not answered */
	size_t head;     /* ring index of the oldest in-flight request */
	uint64_t sent_at[BENCH_PIPE_MAX];
	signed char verb[BENCH_PIPE_MAX];
	long long game;       /* from its own "new": > 0 id, 0 unknown yet, -1 none */
	long long new_seen;   /* game id seen in the data lines of a "new" reply */
	int parked;           /* waiting for the partner's game id */
	int settled;          /* counted as ready or failed */
	int attacker;         /* flood: one of the hostile connections */
	enum bench_kind kind; /* flood: what it does */
	uint64_t started;     /* uv_now() when its connect began */
};

/* durable: one game played on two connections (see the top of this file). */
struct bench_client {
	size_t step;    /* next step of bench_durable_verb() in the current game */
	long long game; /* the current game, from the reply to its new */
	int logged_in;  /* its connections logged in: the game is created at 2 */
	int seated;     /* the set-up (first new and join) is done */
	int busy;       /* a request in flight */
	int done;       /* plays no more */
};

struct bench_write {
	uv_write_t req;
	size_t len;
	char data[];
};

struct bench_run {
	uv_loop_t loop;
	const struct bench_opts *o;
	struct bench_result *r;
	struct bench_script script;
	char prefix[64];
	struct bench_conn *conns;
	size_t n;
	size_t next_connect; /* next connection to start */
	int warming;         /* idle: only the warm-up connections may connect yet */
	size_t connecting;   /* connects in flight */
	size_t settled;      /* ready + failed */
	size_t open;         /* not closed by the server or an error */
	size_t handles;      /* handles not yet closed (connections and timers) */
	enum run_phase phase;
	uint64_t issued;
	uint64_t abandoned;              /* requests in flight on connections that were lost */
	uint64_t t_first, t_load, t_end; /* uv_hrtime() */
	double cpu_load;                 /* the server's CPU seconds when the load began; -1 */
	uv_timer_t duration_timer;
	uv_timer_t hard_timer;
	uv_timer_t ready_timer; /* PH_CONNECT: gives up on connections slow to get ready */
	uint64_t last_progress; /* uv_now() of the last progress line on stderr */
	struct proto_buf wbuf;
	char rbuf[65536];
	int rbuf_busy;

	struct bench_client *clients; /* durable: n / 2 of them; NULL otherwise */
	size_t active;                /* durable, in the load: clients still playing */
	char *attack;          /* flood: an attacker's burst of help lines (the same for all) */
	uv_timer_t slow_timer; /* flood: a byte for every slowloris */
	uint64_t brute_n;      /* flood: wrong passwords tried so far */
};

static void stop_run(struct bench_run *run);
static void fill(struct bench_conn *c);
static void on_duration(uv_timer_t *t);
static void durable_next(struct bench_run *run, struct bench_client *cl);
static void conn_gone(struct bench_conn *c, int why, int err);
static void send_wbuf(struct bench_conn *c);

/* durable: the client that connection c belongs to. */
static struct bench_client *client_of(struct bench_conn *c)
{
	return &c->run->clients[c->id / 2];
}

long bench_vmrss_kb(long pid)
{
	return bench_status_kb(pid, "VmRSS:");
}

long bench_status_kb(long pid, const char *key)
{
	char path[64], line[256];
	long kb = -1;
	FILE *f;

	if (pid <= 0)
		return -1;
	snprintf(path, sizeof(path), "/proc/%ld/status", pid);
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, key, strlen(key)) == 0) {
			kb = strtol(line + strlen(key), NULL, 10);
			break;
		}
	}
	fclose(f);
	return kb;
}

double bench_cpu_secs(long pid)
{
	char path[64], buf[1024], *p;
	unsigned long long utime, stime;
	size_t n;
	FILE *f;

	if (pid <= 0)
		return -1;
	snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* the name (field 2) may hold spaces: fields 14 and 15 count from its ")" */
	p = strrchr(buf, ')');
	if (p == NULL || sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu",
	                        &utime, &stime) != 2)
		return -1;
	return (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
}

static void on_handle_closed(uv_handle_t *h)
{
	struct bench_run *run = h->data;

	if (h->type == UV_TCP) {
		struct bench_conn *c = (struct bench_conn *)h;

		c->state = CS_CLOSED;
		bench_reader_release(&c->rd);
	}
	run->handles--;
}

static void close_conn(struct bench_conn *c)
{
	if (c->state == CS_CLOSING || c->state == CS_CLOSED || c->state == CS_NEW)
		return;
	c->state = CS_CLOSING;
	uv_close((uv_handle_t *)&c->tcp, on_handle_closed);
}

static void on_attack_written(uv_write_t *req, int status)
{
	struct bench_conn *c = req->data;

	free(req);
	if (status == 0) /* else cancelled by a close, or the connection is gone */
		c->run->r->attack_requests += c->run->o->attack_lines;
}

/* flood: the attacker's burst, queued whole (libuv writes it as the server takes it). */
static void attack(struct bench_conn *c)
{
	uv_write_t *req = malloc(sizeof(*req));
	uv_buf_t b = uv_buf_init(c->run->attack, (unsigned)(c->run->o->attack_lines * 5));

	if (req == NULL)
		return;
	req->data = c;
	if (uv_write(req, (uv_stream_t *)&c->tcp, &b, 1, on_attack_written) != 0)
		free(req);
}

/* flood: the next wrong password of a brute-force connection. */
static void brute(struct bench_conn *c)
{
	struct bench_run *run = c->run;

	proto_buf_reset(&run->wbuf);
	if (proto_buf_addf(&run->wbuf, "login %s0 wrong-%llu\n", run->prefix,
	                   (unsigned long long)++run->brute_n) == 0)
		send_wbuf(c);
}

/* flood: the answer to a brute-force try. */
static void brute_answer(struct bench_conn *c, int ok, const char *line, size_t len)
{
	struct bench_result *r = c->run->r;
	const char *code;
	size_t n = bench_err_code(line, len, &code);

	r->brute_tries++;
	if (!ok && n == 12 && memcmp(code, "rate-limited", 12) == 0)
		r->brute_refused++;
	else if (ok || n != 11 || memcmp(code, "auth-failed", 11) != 0)
		r->brute_other++;
	if (c->run->phase == PH_LOAD)
		brute(c);
}

/* flood: a byte of the partial line of every slowloris. */
static void on_slow(uv_timer_t *t)
{
	struct bench_run *run = t->data;
	uv_buf_t b = uv_buf_init((char *)"x", 1);

	for (size_t i = 0; i < run->n; i++) {
		struct bench_conn *c = &run->conns[i];
		if (c->kind == BENCH_SLOW && c->state == CS_READY &&
		    uv_try_write((uv_stream_t *)&c->tcp, &b, 1) == 1)
			run->r->slow_bytes++;
	}
}

/* flood: the attackers start: help without reading, slowloris, brute force. */
static void start_attack(struct bench_run *run)
{
	size_t i;

	run->attack = malloc(run->o->attack_lines * 5 + 1);
	if (run->attack == NULL)
		return;
	for (i = 0; i < run->o->attack_lines; i++)
		memcpy(run->attack + 5 * i, "help\n", 5);
	for (i = 0; i < run->n && run->phase == PH_LOAD; i++) {
		struct bench_conn *c = &run->conns[i];
		if (!c->attacker || c->state != CS_READY)
			continue;
		run->r->hostile[c->kind]++;
		if (c->kind == BENCH_UNREAD) {
			run->r->attackers++;
			uv_read_stop((uv_stream_t *)&c->tcp);
			attack(c);
		} else if (c->kind == BENCH_BRUTE) {
			brute(c);
		}
	}
	if (run->o->slowloris > 0)
		uv_timer_start(
		    &run->slow_timer, on_slow, 0,
		    (uint64_t)(run->o->slow_secs * 1000 > 1 ? run->o->slow_secs * 1000 : 1));
}

/* The load starts once every connection is ready or has failed. */
static void maybe_start_load(struct bench_run *run)
{
	size_t i;

	if (run->phase != PH_CONNECT || run->settled < run->n)
		return;
	run->phase = PH_LOAD;
	run->t_load = uv_hrtime();
	run->cpu_load = bench_cpu_secs(run->o->server_pid);
	uv_timer_stop(&run->ready_timer);
	run->r->connect_secs = (double)(run->t_load - run->t_first) / 1e9;
	if (run->r->ready == 0) {
		stop_run(run);
		return;
	}
	if (run->r->test == BENCH_IDLE) {
		run->r->rss_after_kb = bench_vmrss_kb(run->o->server_pid);
		if (!run->o->quiet)
			fprintf(stderr, "wg-bench: %zu connections open, holding for %.1f s\n",
			        run->r->ready, run->o->duration);
	}
	if (run->o->duration > 0)
		uv_timer_start(&run->duration_timer, on_duration,
		               (uint64_t)(run->o->duration * 1000), 0);
	if (run->clients != NULL) {
		for (i = 0; i < run->n / 2; i++)
			run->active += !run->clients[i].done;
		for (i = 0; i < run->n / 2 && run->phase == PH_LOAD; i++)
			durable_next(run, &run->clients[i]);
		return;
	}
	if (run->r->test == BENCH_FLOOD)
		start_attack(run);
	for (i = 0; i < run->n && run->phase == PH_LOAD; i++) {
		if (run->conns[i].state == CS_READY && !run->conns[i].attacker)
			fill(&run->conns[i]);
	}
}

static void start_connects(struct bench_run *run);

static void settle(struct bench_conn *c, int ok)
{
	struct bench_run *run = c->run;

	c->settled = 1;
	if (ok)
		run->r->ready++;
	else
		run->r->failed++;
	run->settled++;
	if (run->warming && run->settled == run->o->warmup) {
		/* idle: the warm-up connections are open (and logged in): the server's fixed
		 * costs (login threads, caches) are paid; the memory per connection counts
		 * from here */
		run->warming = 0;
		run->r->warm_ready = run->r->ready;
		run->r->rss_before_kb = bench_vmrss_kb(run->o->server_pid);
		start_connects(run);
	}
	maybe_start_load(run);
}

/* The partner (odd connection) of c waits for c's game id. */
static void wake_partner(struct bench_conn *c)
{
	struct bench_run *run = c->run;
	struct bench_conn *p;

	if (c->id % 2 != 0 || c->id + 1 >= run->n)
		return;
	p = &run->conns[c->id + 1];
	if (p->parked && p->state == CS_READY) {
		p->parked = 0;
		fill(p);
	}
}

/* durable: the client plays no more; the load ends when no client plays. */
static void client_done(struct bench_run *run, struct bench_client *cl)
{
	if (cl->done)
		return;
	cl->done = 1;
	if (run->phase != PH_LOAD)
		return;
	run->r->clients_done++;
	if (--run->active == 0)
		stop_run(run);
}

/*
 * The connection is gone: why is BENCH_FAIL_* (it failed before the load
 * started) or, when it was serving the load, counted as lost.  err is the
 * libuv error of a failed connect (0 otherwise).
 */
static void conn_gone(struct bench_conn *c, int why, int err)
{
	struct bench_run *run = c->run;
	struct bench_result *r = run->r;
	enum conn_state was = c->state;
	enum run_phase phase = run->phase; /* settle() below may start the load */

	if (was == CS_CLOSING || was == CS_CLOSED)
		return;
	close_conn(c);
	run->open--;
	if (c->game == 0)
		c->game = -1;
	if (was == CS_READY && phase != PH_CONNECT && c->attacker) {
		r->hostile_lost[c->kind]++;
		if (c->kind == BENCH_UNREAD)
			r->attackers_lost++;
		return;
	} else if (was == CS_READY && phase != PH_CONNECT) {
		r->lost++;
	} else {
		r->fail_why[why]++;
		if (why == BENCH_FAIL_CONNECT && r->connect_error[0] == '\0')
			snprintf(r->connect_error, sizeof(r->connect_error), "%s",
			         uv_strerror(err));
		if (c->settled) { /* closed after it was ready, before the load began */
			r->ready--;
			r->failed++;
		} else {
			settle(c, 0);
		}
	}
	if (run->clients != NULL) {
		client_done(run, client_of(c));
		/* in the set-up, its partner cannot play either (a partner not yet
		 * connecting fails in start_connects) */
		if (phase == PH_CONNECT && run->conns[c->id ^ 1].state != CS_NEW)
			conn_gone(&run->conns[c->id ^ 1], BENCH_FAIL_PARTNER, 0);
	}
	if (phase == PH_LOAD) {
		/* durable: a new or join in flight is not part of the budget */
		if (run->clients == NULL ||
		    (c->inflight > 0 && bench_verb_is_load(c->verb[c->head])))
			run->abandoned += c->inflight;
		c->inflight = 0;
		wake_partner(c);
		if (run->open == 0 ||
		    (run->o->requests > 0 && r->completed + run->abandoned >= run->o->requests))
			stop_run(run);
	}
}

static void free_write(uv_write_t *req, int status)
{
	free(req);
}

/* Sends run->wbuf on c. */
static void send_wbuf(struct bench_conn *c)
{
	struct bench_run *run = c->run;
	struct bench_write *w;
	uv_buf_t b = uv_buf_init(run->wbuf.data, (unsigned)run->wbuf.len);
	int n;
	uv_buf_t rest;

	n = uv_try_write((uv_stream_t *)&c->tcp, &b, 1);
	if (n == (int)run->wbuf.len)
		return;
	if (n < 0 && n != UV_EAGAIN) {
		conn_gone(c, BENCH_FAIL_CLOSED, 0);
		return;
	}
	if (n < 0)
		n = 0;
	w = malloc(sizeof(*w) + run->wbuf.len - (size_t)n);
	if (w == NULL) {
		conn_gone(c, BENCH_FAIL_CLOSED, 0);
		return;
	}
	w->len = run->wbuf.len - (size_t)n;
	memcpy(w->data, run->wbuf.data + n, w->len);
	rest = uv_buf_init(w->data, (unsigned)w->len);
	if (uv_write(&w->req, (uv_stream_t *)&c->tcp, &rest, 1, free_write) != 0) {
		free(w);
		conn_gone(c, BENCH_FAIL_CLOSED, 0);
	}
}

/* 1 if c may send another request now. */
static int may_issue(const struct bench_conn *c)
{
	const struct bench_run *run = c->run;

	if (run->phase == PH_STOP)
		return 0;
	if (c->state == CS_LOGIN)
		return 1; /* set-up requests are not part of the budget */
	if (run->phase != PH_LOAD)
		return 0;
	return run->o->requests == 0 || run->issued < run->o->requests;
}

/* Issues requests until the pipeline is full, the script waits, or the budget is spent. */
static void fill(struct bench_conn *c)
{
	struct bench_run *run = c->run;
	size_t pipeline = run->o->pipeline;
	enum bench_verb verb;
	long long game = 0;
	size_t slot;

	if (c->state != CS_READY && c->state != CS_LOGIN)
		return;
	proto_buf_reset(&run->wbuf);
	while (c->inflight < pipeline && may_issue(c)) {
		if (c->state == CS_LOGIN && c->step >= BENCH_LOGIN_STEPS)
			break; /* set-up done once the login is answered */
		verb = bench_script_verb(&run->script, c->id, c->step);
		if (verb == BV_END)
			break;
		if (verb == BV_JOIN) {
			game = run->conns[c->id - 1].game;
			if (game == 0) {
				c->parked = 1; /* the partner has not created its game yet */
				break;
			}
			if (game < 0) { /* no game to join: skip the step */
				c->step++;
				continue;
			}
		}
		if (bench_script_line(&run->script, verb, c->id, game, &run->wbuf) != 0)
			break;
		slot = (c->head + c->inflight) % BENCH_PIPE_MAX;
		c->sent_at[slot] = uv_hrtime();
		c->verb[slot] = (signed char)verb;
		c->inflight++;
		c->step++;
		if (c->state == CS_READY)
			run->issued++;
	}
	if (run->wbuf.len > 0)
		send_wbuf(c);
}

static void count_err_code(struct bench_result *r, const char *line, size_t len)
{
	const char *code;
	size_t n = bench_err_code(line, len, &code), i;

	if (n == 0) {
		code = "(none)";
		n = 6;
	}
	if (n >= BENCH_CODE_LEN)
		n = BENCH_CODE_LEN - 1;
	for (i = 0; i < r->ncodes; i++) {
		if (strlen(r->codes[i].code) == n && memcmp(r->codes[i].code, code, n) == 0) {
			r->codes[i].count++;
			return;
		}
	}
	if (r->ncodes < BENCH_ERR_CODES) {
		memcpy(r->codes[r->ncodes].code, code, n);
		r->codes[r->ncodes].code[n] = '\0';
		r->codes[r->ncodes].count = 1;
		r->ncodes++;
	}
}

/*
 * durable: sends the client's next step on the connection of its seat, unless
 * it has a request in flight, plays no more, waits for the load to start, or
 * the budget of actions (-n) is spent.
 */
static void durable_next(struct bench_run *run, struct bench_client *cl)
{
	size_t k = (size_t)(cl - run->clients), slot;
	struct bench_conn *c;
	enum bench_verb verb;
	int seat;

	if (cl->done || cl->busy || run->phase == PH_STOP)
		return;
	if (cl->seated && run->phase != PH_LOAD)
		return;
	verb = bench_durable_verb(&run->script, cl->step, &seat);
	if (verb == BV_END) { /* no script for the scenario (main checks it) */
		client_done(run, cl);
		return;
	}
	if (bench_verb_is_load(verb) && run->o->requests > 0 && run->issued >= run->o->requests)
		return;
	c = &run->conns[2 * k + (size_t)seat];
	if (c->state != CS_READY)
		return;
	proto_buf_reset(&run->wbuf);
	if (bench_durable_line(&run->script, cl->step, cl->game, &run->wbuf) != 0) {
		client_done(run, cl);
		return;
	}
	slot = (c->head + c->inflight) % BENCH_PIPE_MAX;
	c->sent_at[slot] = uv_hrtime();
	c->verb[slot] = (signed char)verb;
	c->inflight++;
	cl->busy = 1;
	if (bench_verb_is_load(verb))
		run->issued++;
	send_wbuf(c);
}

/*
 * durable: the reply to a client's new or join (set-up, counted apart from
 * the actions, in the set-up errors when refused).  The first join of a
 * client settles both its connections as ready.
 */
static void durable_seat_reply(struct bench_conn *c, enum bench_verb verb, uint64_t us, int ok,
                               const char *line, size_t len)
{
	struct bench_run *run = c->run;
	struct bench_result *r = run->r;
	struct bench_client *cl = client_of(c);
	long long id = 0;

	bench_hist_add(&r->verb[verb], us);
	if (verb == BV_NEW) {
		id = ok ? (c->new_seen > 0 ? c->new_seen : bench_game_id(line, len)) : 0;
		c->new_seen = 0;
	}
	if (!ok || (verb == BV_NEW && id <= 0)) {
		r->login_errors++;
		r->verb_errors[verb]++;
		count_err_code(r, ok ? "err no-game-id" : line, ok ? 14 : len);
		if (cl->seated)
			client_done(run, cl);
		else
			conn_gone(c, BENCH_FAIL_SETUP, 0); /* and its partner */
		return;
	}
	if (verb == BV_NEW)
		cl->game = id;
	cl->step++;
	if (verb == BV_JOIN && !cl->seated) {
		cl->seated = 1;
		settle(&run->conns[c->id ^ 1], 1);
		settle(c, 1); /* the last one starts the load */
		return;
	}
	durable_next(run, cl);
}

/*
 * durable: a final line on c, which had the client's request in flight.
 * An action's reply counts in the figures; after an err the client gives
 * the game up and starts a new one (the script would be out of step).
 */
static void durable_reply(struct bench_conn *c, enum bench_verb verb, uint64_t us, int ok,
                          const char *line, size_t len)
{
	struct bench_run *run = c->run;
	struct bench_result *r = run->r;
	struct bench_client *cl = client_of(c);

	cl->busy = 0;
	if (cl->done || run->phase == PH_STOP)
		return;
	if (!bench_verb_is_load(verb)) {
		durable_seat_reply(c, verb, us, ok, line, len);
		return;
	}
	r->completed++;
	bench_hist_add(&r->all, us);
	bench_hist_add(&r->verb[verb], us);
	if (!ok) {
		r->errors++;
		r->verb_errors[verb]++;
		count_err_code(r, line, len);
		r->games_dropped++;
		cl->step = 0;
	} else if (run->script.test == BENCH_VIEW) {
		cl->step = cl->step == 2 ? 3 : 2; /* seat 0, seat 1, seat 0, ... */
	} else if (++cl->step >= bench_durable_steps(run->script.scenario)) {
		r->games++;
		cl->step = 0;
	}
	if (run->o->requests > 0 && r->completed + run->abandoned >= run->o->requests) {
		stop_run(run);
		return;
	}
	durable_next(run, cl);
}

/* A final line: the oldest in-flight request is answered. */
static void on_reply(struct bench_conn *c, int ok, const char *line, size_t len)
{
	struct bench_run *run = c->run;
	struct bench_result *r = run->r;
	enum bench_verb verb;
	uint64_t us;
	long long id;

	if (c->inflight == 0)
		return; /* an answer to nothing we asked: ignore */
	verb = (enum bench_verb)c->verb[c->head];
	us = (uv_hrtime() - c->sent_at[c->head]) / 1000;
	c->head = (c->head + 1) % BENCH_PIPE_MAX;
	c->inflight--;

	if (c->state == CS_LOGIN) { /* set-up: measured apart from the load */
		bench_hist_add(&r->verb[verb], us);
		if (!ok) {
			r->login_errors++;
			r->verb_errors[verb]++;
			count_err_code(r, line, len);
		}
		if (verb == BV_LOGIN && run->clients != NULL) {
			c->state = CS_READY; /* settled once its client is seated */
			if (++client_of(c)->logged_in == 2)
				durable_next(run, client_of(c));
		} else if (verb == BV_LOGIN) {
			c->state = CS_READY;
			settle(c, 1);
		} else {
			fill(c);
		}
		return;
	}
	if (run->clients != NULL) {
		durable_reply(c, verb, us, ok, line, len);
		return;
	}
	if (run->phase != PH_LOAD)
		return;
	r->completed++;
	bench_hist_add(&r->all, us);
	bench_hist_add(&r->verb[verb], us);
	if (!ok) {
		r->errors++;
		r->verb_errors[verb]++;
		count_err_code(r, line, len);
	}
	if (verb == BV_NEW) {
		id = ok ? (c->new_seen > 0 ? c->new_seen : bench_game_id(line, len)) : 0;
		c->game = id > 0 ? id : -1;
		c->new_seen = 0;
		wake_partner(c);
	}
	if (run->o->requests > 0 && r->completed + run->abandoned >= run->o->requests) {
		stop_run(run);
		return;
	}
	fill(c);
}

static void on_line(void *ctx, enum bench_line_kind kind, const char *line, size_t len)
{
	struct bench_conn *c = ctx;
	struct bench_run *run = c->run;

	switch (kind) {
	case BENCH_LINE_GREETING:
		if (c->state != CS_GREETING)
			return;
		if (run->script.test == BENCH_MIX || bench_test_paired(run->script.test) ||
		    ((run->script.test == BENCH_IDLE || run->script.test == BENCH_FLOOD) &&
		     run->script.idle_login && !c->attacker)) {
			c->state = CS_LOGIN;
			fill(c);
		} else {
			c->state = CS_READY;
			settle(c, 1);
		}
		break;
	case BENCH_LINE_NOTICE:
		run->r->notices++;
		break;
	case BENCH_LINE_DATA:
		if (c->inflight > 0 && c->verb[c->head] == BV_NEW && c->new_seen == 0)
			c->new_seen = bench_game_id(line, len);
		break;
	case BENCH_LINE_OK:
	case BENCH_LINE_ERR:
		if (c->kind == BENCH_BRUTE)
			brute_answer(c, kind == BENCH_LINE_OK, line, len);
		else if (!c->attacker)
			on_reply(c, kind == BENCH_LINE_OK, line, len);
		break;
	}
}

static void on_alloc(uv_handle_t *h, size_t suggested, uv_buf_t *buf)
{
	struct bench_conn *c = (struct bench_conn *)h;
	struct bench_run *run = c->run;

	*buf = uv_buf_init(run->rbuf, sizeof(run->rbuf));
}

static void on_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf)
{
	struct bench_conn *c = (struct bench_conn *)s;

	if (nread > 0) {
		if (c->state != CS_CLOSING && c->state != CS_CLOSED)
			bench_reader_feed(&c->rd, buf->base, (size_t)nread);
		return;
	}
	if (nread < 0)
		conn_gone(c, BENCH_FAIL_CLOSED, 0);
}

static void on_connect(uv_connect_t *req, int status)
{
	struct bench_conn *c = req->data;
	struct bench_run *run = c->run;
	int rc;

	run->connecting--;
	if (c->state == CS_CONNECTING) {
		if (status < 0) {
			conn_gone(c, BENCH_FAIL_CONNECT, status);
		} else {
			c->state = CS_GREETING;
			rc = uv_read_start((uv_stream_t *)&c->tcp, on_alloc, on_read);
			if (rc != 0) {
				conn_gone(c, BENCH_FAIL_CONNECT, rc);
			} else if (run->o->redis) { /* redis-server sends no greeting */
				c->state = CS_READY;
				settle(c, 1);
			}
		}
	}
	if (run->phase != PH_STOP)
		start_connects(run);
}

/* flood: the kind of connection id (the honest ones first, then the hostile by kind). */
static enum bench_kind kind_of(const struct bench_opts *o, size_t id)
{
	size_t k = id - o->conns;

	if (k < o->attackers)
		return BENCH_UNREAD;
	k -= o->attackers;
	if (k < o->idlers)
		return BENCH_IDLER;
	k -= o->idlers;
	if (k < o->slowloris)
		return BENCH_SLOW;
	return BENCH_BRUTE;
}

/* --sources: binds hostile connection c (flood) or c's client (durable) to its loopback
 * address 127.1.x.y. */
static int source_bind(const struct bench_opts *o, struct bench_conn *c)
{
	size_t k = (c->attacker ? c->id - o->conns : c->id / 2) % o->sources;
	char ip[32];
	struct sockaddr_in a;

	snprintf(ip, sizeof(ip), "127.1.%zu.%zu", k / 250, k % 250 + 1);
	if (uv_ip4_addr(ip, 0, &a) != 0)
		return -1;
	return uv_tcp_bind(&c->tcp, (const struct sockaddr *)&a, 0);
}

/* Starts connects while fewer than connect_burst are in flight. */
static void start_connects(struct bench_run *run)
{
	struct sockaddr_storage addr;
	struct bench_conn *c;
	int rc;

	if (uv_ip4_addr(run->o->host, run->o->port, (struct sockaddr_in *)&addr) != 0 &&
	    uv_ip6_addr(run->o->host, run->o->port, (struct sockaddr_in6 *)&addr) != 0)
		return; /* checked in main */
	while (run->next_connect < (run->warming ? run->o->warmup : run->n) &&
	       run->connecting < run->o->connect_burst) {
		c = &run->conns[run->next_connect++];
		c->run = run;
		c->id = (size_t)(c - run->conns);
		c->attacker = run->r->test == BENCH_FLOOD && c->id >= run->o->conns;
		c->kind = c->attacker ? kind_of(run->o, c->id) : BENCH_HONEST;
		if (run->o->redis)
			bench_reader_init_redis(&c->rd, on_line, c);
		else
			bench_reader_init(&c->rd, on_line, c);
		if (run->clients != NULL && client_of(c)->done) { /* its partner failed */
			run->open--;
			run->r->fail_why[BENCH_FAIL_PARTNER]++;
			settle(c, 0);
			continue;
		}
		rc = uv_tcp_init(&run->loop, &c->tcp);
		if (rc != 0) {
			run->open--;
			run->r->fail_why[BENCH_FAIL_CONNECT]++;
			snprintf(run->r->connect_error, sizeof(run->r->connect_error), "%s",
			         uv_strerror(rc));
			if (run->clients != NULL)
				client_done(run, client_of(c));
			settle(c, 0);
			continue;
		}
		c->tcp.data = run;
		run->handles++;
		if ((c->attacker || run->clients != NULL) && run->o->sources > 0 &&
		    source_bind(run->o, c) != 0) {
			conn_gone(c, BENCH_FAIL_CONNECT, UV_EADDRNOTAVAIL);
			continue;
		}
		c->state = CS_CONNECTING;
		c->started = uv_now(&run->loop);
		uv_tcp_nodelay(&c->tcp, 1);
		c->creq.data = c;
		rc = uv_tcp_connect(&c->creq, &c->tcp, (struct sockaddr *)&addr, on_connect);
		if (rc != 0) {
			conn_gone(c, BENCH_FAIL_CONNECT, rc);
			continue;
		}
		run->connecting++;
	}
}

static void stop_run(struct bench_run *run)
{
	double now_cpu;
	size_t i;

	if (run->phase == PH_STOP)
		return;
	if (run->phase == PH_CONNECT)
		run->t_load = uv_hrtime();
	run->phase = PH_STOP;
	run->t_end = uv_hrtime();
	if (run->cpu_load >= 0 && (now_cpu = bench_cpu_secs(run->o->server_pid)) >= 0)
		run->r->server_cpu_secs = now_cpu - run->cpu_load;
	uv_timer_stop(&run->duration_timer);
	uv_timer_stop(&run->hard_timer);
	uv_timer_stop(&run->ready_timer);
	uv_timer_stop(&run->slow_timer);
	if (run->r->test == BENCH_FLOOD)
		for (i = 0; i < run->n; i++)
			run->r->hostile_failed += run->conns[i].attacker && !run->conns[i].settled;
	if (run->r->test == BENCH_IDLE) {
		run->r->rss_end_kb = bench_vmrss_kb(run->o->server_pid);
		run->r->rss_peak_kb = bench_status_kb(run->o->server_pid, "VmHWM:");
		run->r->open_at_end = 0;
		for (i = 0; i < run->n; i++)
			run->r->open_at_end += run->conns[i].state == CS_READY;
	}
	for (i = 0; i < run->n; i++)
		close_conn(&run->conns[i]);
	uv_close((uv_handle_t *)&run->duration_timer, on_handle_closed);
	uv_close((uv_handle_t *)&run->hard_timer, on_handle_closed);
	uv_close((uv_handle_t *)&run->ready_timer, on_handle_closed);
	uv_close((uv_handle_t *)&run->slow_timer, on_handle_closed);
}

static void on_hard_timeout(uv_timer_t *t)
{
	struct bench_run *run = t->data;

	run->r->timed_out = 1;
	stop_run(run);
}

static void on_duration(uv_timer_t *t)
{
	stop_run(t->data);
}

/*
 * A connection without a greeting ready_timeout seconds after its connect
 * began (e.g. its handshake was dropped by a full accept queue) counts as
 * failed, so one stuck connection cannot hold the load back until the hard
 * timeout.  Logins are not limited here: password hashing is slow by design.
 */
static void on_ready_check(uv_timer_t *t)
{
	struct bench_run *run = t->data;
	uint64_t now = uv_now(&run->loop), limit = (uint64_t)(run->o->ready_timeout * 1000);
	struct bench_conn *c;
	size_t i;

	if (!run->o->quiet && now - run->last_progress >= 5000) {
		run->last_progress = now;
		fprintf(stderr, "wg-bench: %s: %zu of %zu connections ready, %zu failed\n",
		        bench_test_name(run->r->test), run->r->ready, run->n, run->r->failed);
	}
	for (i = 0; i < run->next_connect && run->phase == PH_CONNECT; i++) {
		c = &run->conns[i];
		if ((c->state == CS_CONNECTING || c->state == CS_GREETING) &&
		    now - c->started > limit)
			conn_gone(c, BENCH_FAIL_TIMEOUT, 0);
	}
}

int bench_run(const struct bench_opts *o, enum bench_test test, struct bench_result *r)
{
	struct bench_run *run;
	size_t i;

	memset(r, 0, sizeof(*r));
	r->test = test;
	r->conns = o->conns;
	r->connections = bench_test_paired(test) ? 2 * o->conns : o->conns;
	if (test == BENCH_FLOOD)
		r->connections += o->attackers + o->idlers + o->slowloris + o->bruteforce;
	r->rss_start_kb = r->rss_before_kb = r->rss_after_kb = r->rss_end_kb = -1;
	r->rss_peak_kb = -1;
	r->server_cpu_secs = -1;
	bench_hist_init(&r->all);
	for (i = 0; i < BV_COUNT; i++)
		bench_hist_init(&r->verb[i]);

	run = calloc(1, sizeof(*run));
	if (run == NULL)
		return -1;
	run->n = r->connections;
	run->conns = calloc(run->n, sizeof(*run->conns));
	if (bench_test_paired(test))
		run->clients = calloc(o->conns, sizeof(*run->clients));
	if (run->conns == NULL || (bench_test_paired(test) && run->clients == NULL) ||
	    uv_loop_init(&run->loop) != 0) {
		free(run->clients);
		free(run->conns);
		free(run);
		return -1;
	}
	run->o = o;
	run->r = r;
	run->cpu_load = -1;
	run->open = run->n;
	proto_buf_init(&run->wbuf);
	if (o->user_prefix != NULL)
		snprintf(run->prefix, sizeof(run->prefix), "%s", o->user_prefix);
	else
		snprintf(run->prefix, sizeof(run->prefix), "%s%zu_",
		         bench_test_paired(test) ? "durable" : "bench", o->conns);
	run->script = (struct bench_script){
	    .test = test,
	    .user_prefix = run->prefix,
	    .password = o->password,
	    .scenario = o->scenario,
	    .idle_login = o->idle_login,
	};
	uv_timer_init(&run->loop, &run->duration_timer);
	uv_timer_init(&run->loop, &run->hard_timer);
	uv_timer_init(&run->loop, &run->ready_timer);
	uv_timer_init(&run->loop, &run->slow_timer);
	run->duration_timer.data = run;
	run->hard_timer.data = run;
	run->ready_timer.data = run;
	run->slow_timer.data = run;
	run->handles = 4;
	run->last_progress = uv_now(&run->loop);
	uv_timer_start(&run->ready_timer, on_ready_check, 250, 250);
	uv_timer_start(&run->hard_timer, on_hard_timeout, (uint64_t)(o->timeout * 1000), 0);

	if (test == BENCH_IDLE) {
		r->rss_start_kb = r->rss_before_kb = bench_vmrss_kb(o->server_pid);
		run->warming = o->warmup > 0 && o->warmup < run->n;
	}
	run->t_first = uv_hrtime();
	start_connects(run);
	maybe_start_load(run); /* zero connections */
	uv_run(&run->loop, UV_RUN_DEFAULT);

	r->load_secs = (double)(run->t_end - run->t_load) / 1e9;
	if (uv_loop_close(&run->loop) != 0)
		fprintf(stderr, "wg-bench: libuv loop did not close cleanly\n");
	proto_buf_release(&run->wbuf);
	free(run->attack);
	free(run->clients);
	free(run->conns);
	free(run);
	return 0;
}
