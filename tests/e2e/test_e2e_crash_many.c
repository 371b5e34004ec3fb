/*
 * test_e2e_crash_many.c -- no acknowledged action is lost when the daemon is
 * SIGKILLed while many games are played at once.
 *
 * One test process drives WG_CRASH_GAMES (default 16) race games at once:
 * WG_CRASH_USERS users (default 6) with WG_CRASH_CONNS connections each
 * (default 1: a password check costs ~66 ms and every connection logs in
 * again after each kill; a user holds seats in several games, never both
 * seats of one, and one connection carries the requests of several games),
 * and WG_CRASH_SPECTATORS guest spectators (default 2) watching every other
 * game.  tests/soak/crash-soak.sh runs it long (100 kills, more of all).  Every connection is in
 * JSON mode and non-blocking, behind one poll(): a game's next action goes out as soon as its
 * previous one is answered, and the two secret bids of a round often go out together, so the daemon
 * reads requests of many games on many connections in the same loop iteration.
 *
 * The test keeps a model of every game (the rules of tests/rulesets/race.c)
 * fed by `ok` replies only, and every acknowledged action by version.  At a
 * random moment (after a random number of acknowledgements, then 0-3 ms)
 * it SIGKILLs the daemon, reads what the daemon wrote before it died (a
 * reply that arrived counts as acknowledged) and keeps the requests without
 * a reply as "unknown".  After the restart on the same database, for every
 * game:
 *
 *   - the stored version is >= the highest acknowledged version and >= any
 *     version a view or a your-turn notice showed (both show committed
 *     state);
 *   - both players' logs hold every acknowledged action at its version: the
 *     die the roller was told, the secret bid in its bidder's log only;
 *   - every version above the acknowledged ones is one of the unknown
 *     requests (its events say which one): it was applied and goes into the
 *     model.  An unknown request sent with v=<n> is then sent again exactly
 *     so: `stale` if it was applied, accepted if not;
 *   - both players' and the spectator's views agree with the model and with
 *     each other (version, status, round, phase, scores, who must act, bids
 *     face down to everyone but their bidder);
 *   - the daemon's recovery line counts exactly the unfinished games.
 *
 * Unknown requests found applied are expected: against SIGKILL (not a power
 * cut) a transaction already holds once SQLite has written its WAL frames,
 * while the fsync that the reply waits for may still be running.
 *
 * Finished games are replaced by new ones after the next restart; two
 * "marathon" games (target 1000) live through every kill of a default run.
 * After WG_CRASH_KILLS kills (default 10) the games are played on until
 * three more finish, every log is checked once more from the start, the
 * games still running are resigned, and `verify` of every game must replay
 * from its seed exactly the dice the players were told.
 *
 * WG_CRASH_SEED sets the PRNG seed (printed at the start and in every
 * failure): the decisions (users, targets, bids, kill points) repeat with
 * the same seed, the timing of the daemon does not.  WG_CRASH_VERBOSE=1
 * prints the cost of each restart.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "e2e.h"

#define MAX_USERS    64 /* users (WG_CRASH_USERS, default 6) */
#define MAX_PER_USER 4  /* connections per user (WG_CRASH_CONNS, default 1) */
#define MAX_SPECT    16 /* guest spectators (WG_CRASH_SPECTATORS, default 2) */
#define MAX_CONNS    (MAX_USERS * MAX_PER_USER + MAX_SPECT)
#define MAX_SLOTS    64
#define FIFO_MAX     256
#define MARATHON     1000 /* target of the games that live through every kill */
/* bound of every wait for replies: a liveness bound, not a speed figure (logins hash on
 * niced threads, slow under ASan on a busy machine) */
#define WAIT_MS     120000
#define CYCLE_MS    5000      /* longest play between two kills */
#define FINAL_MS    60000     /* longest play after the last kill */
#define IN_MAX      (8 << 20) /* bytes read but not yet framed, per connection */
#define LOG_MAX     10000     /* the daemon's limit of `log n` */
#define SWEEP_MAX_V 3000      /* longer games are not swept again (reply size) */

enum phase { PH_ROLL, PH_BID, PH_OVER };

static const char *const side_name[2] = {"red", "blue"};

/* A race game as the test knows it (race.c's rules, fed by replies only). */
struct model {
	long long v;
	int target, first, to_move, round;
	int score[2], rolled[2], bid[2];
	enum phase phase;
};

/* One version of a game: the start (side -1), a roll or a bid. */
struct act {
	int known;
	int side;
	int bid; /* 0: a roll */
	int die;
	int acked; /* 1: its ok arrived; 0: found applied after a kill */
};

enum req_kind { RQ_ACTION, RQ_SYNC, RQ_PEEK };
enum retry { RT_NONE, RT_STALE, RT_OK };

struct game;

struct req {
	unsigned long tag;
	enum req_kind kind;
	struct game *g;
	int side, bid;
	long long v; /* v= sent, or -1 */
	int raced;   /* the other side's action went out while this one was in flight */
	enum retry retry;
	int matched; /* unknown after a kill: found applied */
	cJSON **dst; /* RQ_SYNC: the reply goes there (the caller frees it) */
};

struct game {
	long long id;
	int user[2], conn[2], spect;
	struct model m;
	struct act *acts; /* by version */
	long long capacts;
	long long log_checked; /* versions up to this one were checked in both logs */
	long long seen_v;      /* highest version shown by a view or a your-turn */
	long long spect_v;     /* the spectator's last view */
	unsigned long inflight[2];
	struct req unknown[2];
	int nunknown;
	int kills; /* kills survived unfinished */
};

struct conn {
	int fd;
	int user; /* -1: a guest spectator */
	char *in;
	size_t inlen, incap;
	char *out;
	size_t outlen, outcap;
	struct req fifo[FIFO_MAX];
	unsigned head, count;
	int eof; /* the killed daemon's end of the connection is closed */
};

static struct {
	struct e2e_server server;
	uint64_t seed, rng;
	int ngames, kills, cycle;
	int nusers, per_user, nspect, nconns;
	struct conn conns[MAX_CONNS];
	struct game *slot[MAX_SLOTS];
	struct game **byid;
	long long capid, maxid;
	unsigned long next_tag;
	int down; /* the daemon was killed: nothing is sent */
	int verbose;
	int final; /* after the last kill */
	long long last_progress;
	int rec_restored, rec_failed;
	long long rec_total;
	long cycle_acks, acked, late_acked, recovered, not_applied, retry_stale, retry_ok, races,
	    peeks, done_final, verified, swept, max_inflight;
} T;

/* ---- failures, time, randomness ---- */

static void fail_here(int line, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#define CHECK(cond, ...)                                                                           \
	do {                                                                                       \
		if (!(cond))                                                                       \
			fail_here(__LINE__, __VA_ARGS__);                                          \
	} while (0)

static void fail_here(int line, const char *fmt, ...)
{
	char msg[4096];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fail_msg("crash-many line %d (WG_CRASH_SEED=%llu, kill %d of %d): %s", line,
	         (unsigned long long)T.seed, T.cycle, T.kills, msg);
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sleep_us(long us)
{
	struct timespec ts = {us / 1000000, (us % 1000000) * 1000};

	nanosleep(&ts, NULL);
}

/* splitmix64 */
static uint64_t rng_next(void)
{
	uint64_t z = (T.rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int rng_below(int n)
{
	return (int)(rng_next() % (uint64_t)n);
}

static long env_long(const char *name, long dflt, long lo, long hi)
{
	const char *s = getenv(name);
	char *end;
	long v;

	if (s == NULL || *s == '\0')
		return dflt;
	v = strtol(s, &end, 10);
	CHECK(*end == '\0' && v >= lo && v <= hi, "%s=%s: a number from %ld to %ld", name, s, lo,
	      hi);
	return v;
}

/* ---- JSON ---- */

static const cJSON *jget(const cJSON *o, const char *key)
{
	return o != NULL ? cJSON_GetObjectItemCaseSensitive(o, key) : NULL;
}

static long long jnum(const cJSON *o, const char *key, long long dflt)
{
	const cJSON *n = jget(o, key);

	return cJSON_IsNumber(n) ? (long long)n->valuedouble : dflt;
}

static const char *jstr(const cJSON *o, const char *key)
{
	const cJSON *s = jget(o, key);

	return cJSON_IsString(s) ? s->valuestring : "";
}

static int jok(const cJSON *reply)
{
	return cJSON_IsTrue(jget(reply, "ok"));
}

static const char *jcode(const cJSON *reply)
{
	return jstr(jget(reply, "error"), "code");
}

static char *jprint(const cJSON *o, char *buf, size_t n)
{
	char *s = o != NULL ? cJSON_PrintUnformatted(o) : NULL;

	snprintf(buf, n, "%s", s != NULL ? s : "(null)");
	free(s);
	return buf;
}

/* A reply that must be ok: its data. */
static const cJSON *ok_data(const cJSON *reply, const char *what)
{
	char buf[600];

	CHECK(reply != NULL, "%s: no reply", what);
	CHECK(jok(reply), "%s: %s", what, jprint(reply, buf, sizeof(buf)));
	return jget(reply, "data");
}

/* ---- games ---- */

static struct game *game_by_id(long long id)
{
	return id > 0 && id < T.capid ? T.byid[id] : NULL;
}

static void game_index(struct game *g)
{
	if (g->id >= T.capid) {
		long long ncap = T.capid ? T.capid : 64;
		while (ncap <= g->id)
			ncap *= 2;
		T.byid = realloc(T.byid, (size_t)ncap * sizeof(*T.byid));
		CHECK(T.byid != NULL, "out of memory");
		memset(T.byid + T.capid, 0, (size_t)(ncap - T.capid) * sizeof(*T.byid));
		T.capid = ncap;
	}
	CHECK(T.byid[g->id] == NULL, "game id %lld given twice", g->id);
	T.byid[g->id] = g;
	if (g->id > T.maxid)
		T.maxid = g->id;
}

static struct act *act_at(struct game *g, long long v)
{
	if (v >= g->capacts) {
		long long ncap = g->capacts ? g->capacts : 64;
		while (ncap <= v)
			ncap *= 2;
		g->acts = realloc(g->acts, (size_t)ncap * sizeof(*g->acts));
		CHECK(g->acts != NULL, "out of memory");
		memset(g->acts + g->capacts, 0, (size_t)(ncap - g->capacts) * sizeof(*g->acts));
		g->capacts = ncap;
	}
	return &g->acts[v];
}

static const char *describe_act(const struct act *a, char *buf, size_t n)
{
	if (a->side < 0)
		snprintf(buf, n, "the start");
	else if (a->bid == 0)
		snprintf(buf, n, "%s rolls %d", side_name[a->side], a->die);
	else
		snprintf(buf, n, "%s bids %d", side_name[a->side], a->bid);
	return buf;
}

static void model_check_over(struct model *m)
{
	if (m->score[0] >= m->target || m->score[1] >= m->target)
		m->phase = PH_OVER;
}

/* Applies an accepted action to the model (race.c, do_roll and do_bid). */
static void model_apply(struct game *g, int side, int bid, int die)
{
	struct model *m = &g->m;

	if (bid == 0) {
		CHECK(m->phase == PH_ROLL && m->to_move == side,
		      "game %lld: a roll by %s was accepted out of turn", g->id, side_name[side]);
		m->score[side] += die;
		m->rolled[side] = 1;
		model_check_over(m);
		if (m->phase == PH_OVER)
			return;
		if (m->rolled[0] && m->rolled[1]) {
			m->phase = PH_BID;
			m->bid[0] = m->bid[1] = 0;
		} else {
			m->to_move = 1 - side;
		}
		return;
	}
	CHECK(m->phase == PH_BID && m->bid[side] == 0,
	      "game %lld: a bid by %s was accepted out of turn", g->id, side_name[side]);
	m->bid[side] = bid;
	if (m->bid[1 - side] == 0)
		return;
	if (m->bid[0] != m->bid[1]) {
		int w = m->bid[0] > m->bid[1] ? 0 : 1;
		m->score[w] += m->bid[w];
	}
	model_check_over(m);
	if (m->phase == PH_OVER)
		return;
	m->phase = PH_ROLL;
	m->round++;
	m->rolled[0] = m->rolled[1] = 0;
	m->bid[0] = m->bid[1] = 0;
	m->to_move = m->first;
}

/* Records what version v of g was; every version is known at most once. */
static void record_act(struct game *g, long long v, int side, int bid, int die, int acked)
{
	struct act *a = act_at(g, v);
	char buf[64];

	CHECK(v >= 2, "game %lld: an action at v=%lld", g->id, v);
	CHECK(!a->known, "game %lld: two actions answered with v=%lld (%s first)", g->id, v,
	      describe_act(a, buf, sizeof(buf)));
	a->known = 1;
	a->side = side;
	a->bid = bid;
	a->die = die;
	a->acked = acked;
	model_apply(g, side, bid, die);
	if (v > g->m.v)
		g->m.v = v;
}

/* ---- connections ---- */

static void conn_close(struct conn *c)
{
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
	c->inlen = c->outlen = 0;
	c->head = c->count = 0;
	c->eof = 0;
}

static void grow(char **buf, size_t *cap, size_t need)
{
	size_t ncap = *cap ? *cap : 65536;

	if (need <= *cap)
		return;
	while (ncap < need)
		ncap *= 2;
	CHECK(ncap <= IN_MAX, "a connection buffer would exceed %d bytes", IN_MAX);
	*buf = realloc(*buf, ncap);
	CHECK(*buf != NULL, "out of memory");
	*cap = ncap;
}

static void conn_flush(struct conn *c)
{
	while (c->fd >= 0 && c->outlen > 0) {
		ssize_t n = send(c->fd, c->out, c->outlen, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n > 0) {
			memmove(c->out, c->out + n, c->outlen - (size_t)n);
			c->outlen -= (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		CHECK(T.down, "send: %s", strerror(errno));
		c->outlen = 0;
	}
}

/* Queues a request whose JSON members (without tag and braces) are given;
 * returns its entry in the connection's queue. */
static struct req *send_req(int ci, enum req_kind kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static struct req *send_req(int ci, enum req_kind kind, const char *fmt, ...)
{
	struct conn *c = &T.conns[ci];
	char body[512], line[600];
	struct req *r;
	va_list ap;
	int n;

	CHECK(c->fd >= 0 && !T.down, "a request on a closed connection");
	CHECK(c->count < FIFO_MAX, "connection %d has %d requests waiting", ci, FIFO_MAX);
	va_start(ap, fmt);
	vsnprintf(body, sizeof(body), fmt, ap);
	va_end(ap);
	r = &c->fifo[(c->head + c->count++) % FIFO_MAX];
	memset(r, 0, sizeof(*r));
	r->tag = ++T.next_tag;
	r->kind = kind;
	r->v = -1;
	n = snprintf(line, sizeof(line), "{\"tag\":\"t%lu\",%s}\n", r->tag, body);
	grow(&c->out, &c->outcap, c->outlen + (size_t)n);
	memcpy(c->out + c->outlen, line, (size_t)n);
	c->outlen += (size_t)n;
	conn_flush(c);
	return r;
}

static struct req *find_req(int ci, unsigned long tag)
{
	struct conn *c = &T.conns[ci];

	for (unsigned i = 0; i < c->count; i++) {
		struct req *r = &c->fifo[(c->head + i) % FIFO_MAX];
		if (r->tag == tag)
			return r;
	}
	return NULL;
}

static long pending_count(void)
{
	long n = 0;

	for (int i = 0; i < T.nconns; i++)
		n += T.conns[i].count;
	return n;
}

static void on_action(struct req *r, const cJSON *reply);
static void on_peek(struct req *r, const cJSON *reply);

static void on_event(const cJSON *ev)
{
	struct game *g = game_by_id(jnum(ev, "game", 0));
	long long v = jnum(ev, "v", -1);

	/* your-turn carries the version at which the decision is awaited:
	 * the daemon sends it after the commit, so it can never go back */
	if (g != NULL && strcmp(jstr(ev, "event"), "your-turn") == 0 && v > g->seen_v)
		g->seen_v = v;
}

static void handle_line(int ci, char *line)
{
	struct conn *c = &T.conns[ci];
	char want[32], buf[600];
	struct req r;
	cJSON *j;

	if (*line == '\0')
		return;
	j = cJSON_Parse(line);
	CHECK(j != NULL, "connection %d: not a JSON line: %.300s", ci, line);
	if (jget(j, "event") != NULL) {
		on_event(j);
		cJSON_Delete(j);
		return;
	}
	CHECK(jget(j, "ok") != NULL, "connection %d: neither a reply nor an event: %.300s", ci,
	      line);
	CHECK(c->count > 0, "connection %d: a reply nobody asked for: %.300s", ci, line);
	r = c->fifo[c->head];
	c->head = (c->head + 1) % FIFO_MAX;
	c->count--;
	snprintf(want, sizeof(want), "t%lu", r.tag);
	CHECK(strcmp(jstr(j, "tag"), want) == 0, "connection %d: reply %s while %s was next: %s",
	      ci, jstr(j, "tag"), want, jprint(j, buf, sizeof(buf)));
	T.last_progress = now_ms();
	switch (r.kind) {
	case RQ_ACTION:
		on_action(&r, j);
		break;
	case RQ_PEEK:
		on_peek(&r, j);
		break;
	case RQ_SYNC:
		CHECK(*r.dst == NULL, "two replies for one slot");
		*r.dst = j;
		return;
	}
	cJSON_Delete(j);
}

/* Reads what is there and handles every complete line. */
static void conn_read(int ci)
{
	struct conn *c = &T.conns[ci];
	size_t start = 0;

	while (c->fd >= 0) {
		ssize_t n;
		grow(&c->in, &c->incap, c->inlen + 65536);
		n = recv(c->fd, c->in + c->inlen, c->incap - c->inlen - 1, MSG_DONTWAIT);
		if (n > 0) {
			c->inlen += (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			break;
		CHECK(T.down, "connection %d closed by the daemon (%s)", ci,
		      n == 0 ? "EOF" : strerror(errno));
		c->eof = 1;
		break;
	}
	c->in[c->inlen] = '\0';
	for (;;) {
		char *nl = memchr(c->in + start, '\n', c->inlen - start);
		if (nl == NULL)
			break;
		*nl = '\0';
		handle_line(ci, c->in + start);
		start = (size_t)(nl + 1 - c->in);
	}
	memmove(c->in, c->in + start, c->inlen - start);
	c->inlen -= start;
}

static void pump(int timeout_ms)
{
	struct pollfd p[MAX_CONNS];
	int idx[MAX_CONNS], n = 0, rc;

	for (int i = 0; i < T.nconns; i++) {
		if (T.conns[i].fd < 0 || T.conns[i].eof)
			continue;
		p[n].fd = T.conns[i].fd;
		p[n].events = POLLIN | (T.conns[i].outlen > 0 ? POLLOUT : 0);
		p[n].revents = 0;
		idx[n++] = i;
	}
	rc = poll(p, (nfds_t)n, timeout_ms);
	if (rc < 0 && errno == EINTR)
		return;
	CHECK(rc >= 0, "poll: %s", strerror(errno));
	for (int k = 0; k < n; k++) {
		if (p[k].revents & POLLOUT)
			conn_flush(&T.conns[idx[k]]);
		if (p[k].revents & (POLLIN | POLLHUP | POLLERR))
			conn_read(idx[k]);
	}
}

/* Waits for every reply of every connection. */
static void wait_idle(const char *what)
{
	long long end = now_ms() + WAIT_MS;

	while (pending_count() > 0) {
		CHECK(now_ms() < end, "%s: %ld replies missing after %d ms", what, pending_count(),
		      WAIT_MS);
		pump(50);
	}
}

/* A request whose reply the caller takes from *dst after wait_idle. */
#define sync_req(ci, where, ...)                                                                   \
	do {                                                                                       \
		*(where) = NULL;                                                                   \
		send_req((ci), RQ_SYNC, __VA_ARGS__)->dst = (where);                               \
	} while (0)

/* Connects, takes the greeting, switches to JSON mode (reply waited later). */
static void conn_open(int ci, cJSON **mode_reply)
{
	struct conn *c = &T.conns[ci];
	struct sockaddr_in a;
	long long end = now_ms() + WAIT_MS;
	int one = 1;
	char *nl;

	c->fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	CHECK(c->fd >= 0, "socket: %s", strerror(errno));
	/* each user from its own loopback address (127.0.3.<user + 1>; spectators
	 * 127.0.3.<100 + n>), as players come from their own hosts: the failed-login brake
	 * counts the logins in flight from one address, and all of a restart's logins go out
	 * at once */
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(
	    0x7f000300u + (c->user >= 0 ? (unsigned)c->user + 1 : 100u + (unsigned)ci % 100u));
	CHECK(bind(c->fd, (struct sockaddr *)&a, sizeof(a)) == 0, "bind: %s", strerror(errno));
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons((unsigned short)T.server.port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	CHECK(connect(c->fd, (struct sockaddr *)&a, sizeof(a)) == 0, "connect: %s",
	      strerror(errno));
	setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	while ((nl = c->inlen ? memchr(c->in, '\n', c->inlen) : NULL) == NULL) {
		struct pollfd p = {.fd = c->fd, .events = POLLIN};
		ssize_t n;
		CHECK(now_ms() < end, "no greeting on connection %d", ci);
		if (poll(&p, 1, 100) <= 0)
			continue;
		grow(&c->in, &c->incap, c->inlen + 4096);
		n = recv(c->fd, c->in + c->inlen, c->incap - c->inlen - 1, 0);
		CHECK(n > 0, "connection %d closed before the greeting", ci);
		c->inlen += (size_t)n;
	}
	CHECK(strncmp(c->in, "* hello", 7) == 0, "greeting: %.*s", (int)(nl - c->in), c->in);
	c->inlen -= (size_t)(nl + 1 - c->in);
	memmove(c->in, nl + 1, c->inlen);
	fcntl(c->fd, F_SETFL, fcntl(c->fd, F_GETFL) | O_NONBLOCK);
	sync_req(ci, mode_reply, "\"cmd\":\"mode\",\"args\":[\"json\"]");
}

static void user_name(int u, char *buf, size_t n)
{
	snprintf(buf, n, "crash%d", u);
}

/* Opens every connection; users log in (and register first if asked). */
static void connect_all(int first_time)
{
	static cJSON *mode[MAX_CONNS], *reg[MAX_USERS], *login[MAX_CONNS];
	char name[32];

	for (int ci = 0; ci < T.nconns; ci++)
		conn_open(ci, &mode[ci]);
	if (first_time) {
		for (int u = 0; u < T.nusers; u++) {
			user_name(u, name, sizeof(name));
			sync_req(u * T.per_user, &reg[u],
			         "\"cmd\":\"register\",\"args\":[\"%s\",\"pw-%s\"]", name, name);
		}
		wait_idle("register");
		for (int u = 0; u < T.nusers; u++) {
			ok_data(reg[u], "register");
			cJSON_Delete(reg[u]);
		}
	}
	for (int ci = 0; ci < T.nconns; ci++) {
		if (T.conns[ci].user < 0)
			continue;
		user_name(T.conns[ci].user, name, sizeof(name));
		sync_req(ci, &login[ci], "\"cmd\":\"login\",\"args\":[\"%s\",\"pw-%s\"]", name,
		         name);
	}
	wait_idle("login");
	for (int ci = 0; ci < T.nconns; ci++) {
		ok_data(mode[ci], "mode json");
		cJSON_Delete(mode[ci]);
		if (T.conns[ci].user < 0)
			continue;
		ok_data(login[ci], "login");
		cJSON_Delete(login[ci]);
	}
}

/* ---- playing ---- */

static void send_action(struct game *g, int side, int bid, long long v)
{
	char vpart[32] = "";
	struct req *r;

	if (v >= 0)
		snprintf(vpart, sizeof(vpart), ",\"v\":%lld", v);
	if (bid == 0)
		r = send_req(g->conn[side], RQ_ACTION, "\"cmd\":\"roll\",\"game\":%lld%s", g->id,
		             vpart);
	else
		r = send_req(g->conn[side], RQ_ACTION,
		             "\"cmd\":\"bid\",\"args\":[%d],\"game\":%lld%s", bid, g->id, vpart);
	r->g = g;
	r->side = side;
	r->bid = bid;
	r->v = v;
	if (g->inflight[1 - side] != 0) {
		struct req *other = find_req(g->conn[1 - side], g->inflight[1 - side]);
		if (other != NULL)
			other->raced = 1;
	}
	g->inflight[side] = r->tag;
}

/*
 * Sends g's next actions.  v=<n> goes with an action only when nothing else
 * of the game is in flight (then the version is known exactly); the second
 * bid of a round may go out while the first is in flight, without v=.
 */
static void issue(struct game *g)
{
	struct model *m = &g->m;

	if (g->m.phase == PH_OVER)
		return;
	if (m->phase == PH_ROLL) {
		if (g->inflight[0] == 0 && g->inflight[1] == 0)
			send_action(g, m->to_move, 0, m->v);
		return;
	}
	for (int k = 0, pick = rng_below(2); k < 2; k++) {
		int s = (pick + k) % 2;
		if (m->bid[s] != 0 || g->inflight[s] != 0)
			continue;
		if (g->inflight[1 - s] != 0 && rng_below(2) == 0)
			continue; /* sometimes wait for the other bid's reply */
		send_action(g, s, 1 + rng_below(3), g->inflight[1 - s] != 0 ? -1 : m->v);
	}
}

static void on_action(struct req *r, const cJSON *reply)
{
	struct game *g = r->g;
	const cJSON *data;
	char buf[600];
	long long v;
	int die = 0;

	if (g->inflight[r->side] == r->tag)
		g->inflight[r->side] = 0;
	if (!jok(reply)) {
		/* only a request with v= can be stale: the other bid of its round
		 * was applied first, or (a retry) it was applied before the kill */
		if (strcmp(jcode(reply), "stale") == 0 && r->v >= 0 &&
		    (r->raced || r->retry == RT_STALE)) {
			if (r->retry == RT_STALE)
				T.retry_stale++;
			else
				T.races++;
			return;
		}
		CHECK(0, "game %lld: %s by %s (v=%lld) refused: %s", g->id, r->bid ? "bid" : "roll",
		      side_name[r->side], r->v, jprint(reply, buf, sizeof(buf)));
	}
	CHECK(r->retry != RT_STALE,
	      "game %lld: the retry of a %s by %s with v=%lld that was applied before the kill "
	      "was applied again: %s",
	      g->id, r->bid ? "bid" : "roll", side_name[r->side], r->v,
	      jprint(reply, buf, sizeof(buf)));
	data = jget(reply, "data");
	v = jnum(data, "v", -1);
	CHECK(r->v < 0 || v == r->v + 1, "game %lld: sent with v=%lld, answered v=%lld", g->id,
	      r->v, v);
	if (r->bid == 0) {
		die = (int)jnum(data, "die", 0);
		CHECK(die >= 1 && die <= 6, "game %lld: a roll without its die: %s", g->id,
		      jprint(reply, buf, sizeof(buf)));
	}
	record_act(g, v, r->side, r->bid, die, 1);
	T.acked++;
	T.cycle_acks++;
	if (T.down)
		T.late_acked++;
	if (r->retry == RT_OK)
		T.retry_ok++;
	if (g->m.phase == PH_OVER && T.final)
		T.done_final++;
}

static void on_peek(struct req *r, const cJSON *reply)
{
	struct game *g = r->g;
	const cJSON *data = ok_data(reply, "a spectator's view"), *bids, *b;
	long long v = jnum(data, "v", -1);

	CHECK(v >= g->spect_v, "game %lld: the spectator saw v=%lld, then v=%lld", g->id,
	      g->spect_v, v);
	g->spect_v = v;
	if (v > g->seen_v)
		g->seen_v = v;
	CHECK(strcmp(jstr(data, "you"), "spectator") == 0, "game %lld: the spectator is %s", g->id,
	      jstr(data, "you"));
	bids = jget(jget(data, "state"), "bids");
	cJSON_ArrayForEach(b, bids)
	{
		CHECK(cJSON_IsString(b), "game %lld: the spectator sees a secret bid", g->id);
	}
	T.peeks++;
}

/* A spectator looks at one of its games now and then. */
static void maybe_peek(void)
{
	struct game *g;

	if (rng_below(8) != 0)
		return;
	g = T.slot[rng_below(T.ngames)];
	if (g == NULL || g->spect < 0 || T.conns[g->spect].count >= 4)
		return;
	send_req(g->spect, RQ_PEEK, "\"cmd\":\"view\",\"game\":%lld", g->id)->g = g;
}

static long inflight_actions(void)
{
	long n = 0;

	for (int i = 0; i < T.ngames; i++)
		if (T.slot[i] != NULL)
			n += (T.slot[i]->inflight[0] != 0) + (T.slot[i]->inflight[1] != 0);
	return n;
}

/* Plays every game until acks_goal replies, final_goal games finished
 * (final phase) or max_ms; requests are left in flight. */
static void play(long acks_goal, int final_goal, long long max_ms)
{
	long long start = now_ms();
	int off = 0;

	T.cycle_acks = 0;
	T.last_progress = start;
	for (;;) {
		long n;
		off = (off + 1) % T.ngames;
		for (int k = 0; k < T.ngames; k++)
			if (T.slot[(off + k) % T.ngames] != NULL)
				issue(T.slot[(off + k) % T.ngames]);
		maybe_peek();
		n = inflight_actions();
		if (n > T.max_inflight)
			T.max_inflight = n;
		if (T.cycle_acks >= acks_goal || (final_goal > 0 && T.done_final >= final_goal))
			return;
		if (now_ms() - start > max_ms || n == 0)
			return;
		CHECK(now_ms() - T.last_progress < WAIT_MS, "no reply for %d ms (%ld in flight)",
		      WAIT_MS, n);
		pump(20);
	}
}

/* ---- creating games ---- */

/* The spectators watch those of the games (one per slot) they follow. */
static void watch_games(struct game *const *games)
{
	static cJSON *rep[MAX_SLOTS];

	for (int i = 0; i < T.ngames; i++) {
		rep[i] = NULL;
		if (games[i] != NULL && games[i]->spect >= 0)
			sync_req(games[i]->spect, &rep[i], "\"cmd\":\"watch\",\"args\":[%lld]",
			         games[i]->id);
	}
	wait_idle("watch");
	for (int i = 0; i < T.ngames; i++) {
		if (rep[i] == NULL)
			continue;
		ok_data(rep[i], "watch");
		cJSON_Delete(rep[i]);
	}
}

static void new_games(void)
{
	static cJSON *rep[MAX_SLOTS];
	struct game *fresh[MAX_SLOTS] = {0};
	char name[32];

	for (int i = 0; i < T.ngames; i++) {
		struct game *g;
		int red, blue, target;
		if (T.slot[i] != NULL)
			continue;
		g = calloc(1, sizeof(*g));
		CHECK(g != NULL, "out of memory");
		red = rng_below(T.nusers);
		blue = (red + 1 + rng_below(T.nusers - 1)) % T.nusers;
		target = i < 2 && T.ngames >= 4 ? MARATHON : 15 + rng_below(40);
		g->user[0] = red;
		g->user[1] = blue;
		for (int s = 0; s < 2; s++)
			g->conn[s] = g->user[s] * T.per_user + (i + s) % T.per_user;
		g->spect = i % 2 == 0 ? T.nusers * T.per_user + (i / 2) % T.nspect : -1;
		g->m.target = target;
		g->spect_v = 0;
		fresh[i] = g;
		sync_req(g->conn[0], &rep[i],
		         "\"cmd\":\"new\",\"args\":[\"race\",\"side=red\",\"target=%d\"]", target);
	}
	wait_idle("new");
	for (int i = 0; i < T.ngames; i++) {
		if (fresh[i] == NULL)
			continue;
		fresh[i]->id = jnum(ok_data(rep[i], "new"), "game", 0);
		CHECK(fresh[i]->id > 0, "new: no game id");
		cJSON_Delete(rep[i]);
		game_index(fresh[i]);
		sync_req(fresh[i]->conn[1], &rep[i], "\"cmd\":\"join\",\"args\":[%lld]",
		         fresh[i]->id);
	}
	wait_idle("join");
	for (int i = 0; i < T.ngames; i++) {
		if (fresh[i] == NULL)
			continue;
		user_name(fresh[i]->user[0], name, sizeof(name));
		CHECK(strcmp(jstr(ok_data(rep[i], "join"), "opponent"), name) == 0,
		      "join: the opponent is not %s", name);
		cJSON_Delete(rep[i]);
		sync_req(fresh[i]->conn[0], &rep[i], "\"cmd\":\"view\",\"game\":%lld",
		         fresh[i]->id);
	}
	wait_idle("the first views");
	for (int i = 0; i < T.ngames; i++) {
		struct game *g = fresh[i];
		const cJSON *data, *pend;
		struct act *a;
		if (g == NULL)
			continue;
		data = ok_data(rep[i], "view");
		pend = jget(data, "pending");
		CHECK(jnum(data, "v", -1) == 1 && cJSON_GetArraySize(pend) == 1,
		      "a new game is not at v=1 waiting for one side");
		g->m.first = strcmp(pend->child->string, "red") == 0 ? 0 : 1;
		g->m.to_move = g->m.first;
		g->m.round = 1;
		g->m.v = 1;
		g->m.phase = PH_ROLL;
		a = act_at(g, 1);
		a->known = a->acked = 1;
		a->side = -1;
		cJSON_Delete(rep[i]);
		T.slot[i] = g;
	}
	watch_games(fresh);
}

/* ---- checking one game against the daemon ---- */

/* The events of one version in both players' logs. */
struct bucket {
	const cJSON *e[2][4];
	int n[2];
};

static const cJSON *find_ev(const struct bucket *b, int side, const char *type)
{
	for (int i = 0; i < b->n[side]; i++)
		if (strcmp(jstr(b->e[side][i], "event"), type) == 0)
			return b->e[side][i];
	return NULL;
}

/* The stored events of version k say what a is. */
static void check_events(struct game *g, long long k, const struct act *a, const struct bucket *b)
{
	char buf[64];
	const cJSON *e;

	describe_act(a, buf, sizeof(buf));
	for (int s = 0; s < 2; s++) {
		if (a->side < 0) {
			e = find_ev(b, s, "first-player");
			CHECK(e != NULL && strcmp(jstr(e, "first"), side_name[g->m.first]) == 0,
			      "game %lld: %s's log lacks the start (%s first)", g->id, side_name[s],
			      side_name[g->m.first]);
		} else if (a->bid == 0) {
			e = find_ev(b, s, "rolled");
			CHECK(e != NULL && strcmp(jstr(e, "side"), side_name[a->side]) == 0 &&
			          jnum(e, "die", 0) == a->die,
			      "game %lld: v=%lld (%s, %s) is not in %s's log", g->id, k, buf,
			      a->acked ? "acknowledged" : "found applied", side_name[s]);
		} else if (s == a->side) {
			e = find_ev(b, s, "bid-secret");
			CHECK(e != NULL && jnum(e, "bid", 0) == a->bid,
			      "game %lld: v=%lld (%s, %s) is not in the bidder's log", g->id, k,
			      buf, a->acked ? "acknowledged" : "found applied");
		} else {
			e = find_ev(b, s, "bid-placed");
			CHECK(e != NULL && strcmp(jstr(e, "side"), side_name[a->side]) == 0,
			      "game %lld: v=%lld (%s) is not in the opponent's log", g->id, k, buf);
			CHECK(find_ev(b, s, "bid-secret") == NULL,
			      "game %lld: v=%lld (%s): the opponent's log shows the secret", g->id,
			      k, buf);
		}
	}
}

/* Version k is not acknowledged: it must be one of the unknown requests. */
static void identify(struct game *g, long long k, const struct bucket *b)
{
	const cJSON *rolled = find_ev(b, 0, "rolled");
	int side = -1, bid = 0, die = 0;

	if (rolled != NULL) {
		side = strcmp(jstr(rolled, "side"), "red") == 0 ? 0 : 1;
		die = (int)jnum(rolled, "die", 0);
	} else {
		for (int s = 0; s < 2; s++) {
			const cJSON *sec = find_ev(b, s, "bid-secret");
			if (sec != NULL) {
				side = s;
				bid = (int)jnum(sec, "bid", 0);
			}
		}
	}
	CHECK(side >= 0, "game %lld: v=%lld is neither a roll nor a bid in the logs", g->id, k);
	for (int u = 0; u < g->nunknown; u++) {
		struct req *r = &g->unknown[u];
		if (r->matched || r->side != side || r->bid != bid)
			continue;
		r->matched = 1;
		record_act(g, k, side, bid, die, 0);
		T.recovered++;
		return;
	}
	CHECK(0,
	      "game %lld: v=%lld is a %s by %s that was neither acknowledged nor in flight at "
	      "the kill",
	      g->id, k, bid ? "bid" : "roll", side_name[side]);
}

/*
 * Checks versions log_checked+1 .. V of g in both players' logs (replies
 * to `log n`): every acknowledged one is there as it was acknowledged, every
 * other one is identified among the unknown requests and put in the model.
 */
static void check_logs(struct game *g, cJSON *const logs[2], int n, long long V)
{
	long long from = g->log_checked + 1, span = V - g->log_checked;
	struct bucket *bk;
	const cJSON *e;

	if (span <= 0)
		return;
	bk = calloc((size_t)span, sizeof(*bk));
	CHECK(bk != NULL, "out of memory");
	for (int s = 0; s < 2; s++) {
		const cJSON *events = jget(ok_data(logs[s], "log"), "events");
		int count = cJSON_GetArraySize(events);
		CHECK(count > 0, "game %lld: %s's log is empty", g->id, side_name[s]);
		CHECK(count < n || jnum(events->child, "action", 0) < from,
		      "game %lld: log %d does not reach back to v=%lld", g->id, n, from);
		cJSON_ArrayForEach(e, events)
		{
			long long k = jnum(e, "action", -1);
			struct bucket *b;
			CHECK(k >= 0 && k <= V,
			      "game %lld: %s's log has an event of v=%lld at v=%lld", g->id,
			      side_name[s], k, V);
			if (k < from)
				continue;
			b = &bk[k - from];
			CHECK(b->n[s] < 4, "game %lld: too many events at v=%lld", g->id, k);
			b->e[s][b->n[s]++] = e;
		}
	}
	for (long long k = from; k <= V; k++) {
		struct bucket *b = &bk[k - from];
		CHECK(b->n[0] > 0 && b->n[1] > 0, "game %lld: no event of v=%lld in %s's log",
		      g->id, k, b->n[0] == 0 ? "red" : "blue");
		if (!act_at(g, k)->known)
			identify(g, k, b);
		check_events(g, k, act_at(g, k), b);
	}
	free(bk);
	g->log_checked = V;
}

static const char *phase_name(enum phase p)
{
	return p == PH_ROLL ? "roll" : p == PH_BID ? "bid" : "over";
}

/* One view (viewer 0 red, 1 blue, 2 spectator) against the model. */
static void check_view(struct game *g, int viewer, const cJSON *reply)
{
	static const char *const you[3] = {"red", "blue", "spectator"};
	const cJSON *data = ok_data(reply, "view"), *state = jget(data, "state");
	const cJSON *pend = jget(data, "pending"), *bids = jget(state, "bids");
	const struct model *m = &g->m;
	char name[32], buf[1200];

	jprint(data, buf, sizeof(buf));
	CHECK(jnum(data, "v", -1) == m->v && strcmp(jstr(data, "you"), you[viewer]) == 0,
	      "game %lld: the model is at v=%lld; %s's view: %s", g->id, m->v, you[viewer], buf);
	for (int s = 0; s < 2; s++) {
		user_name(g->user[s], name, sizeof(name));
		CHECK(strcmp(jstr(jget(data, "seats"), side_name[s]), name) == 0,
		      "game %lld: %s is not %s: %s", g->id, side_name[s], name, buf);
	}
	CHECK(strcmp(jstr(data, "status"), m->phase == PH_OVER ? "finished" : "active") == 0 &&
	          strcmp(jstr(state, "phase"), phase_name(m->phase)) == 0 &&
	          jnum(state, "round", -1) == m->round && jnum(state, "target", -1) == m->target,
	      "game %lld: the model is in round %d, %s phase, target %d; %s's view: %s", g->id,
	      m->round, phase_name(m->phase), m->target, you[viewer], buf);
	for (int s = 0; s < 2; s++) {
		const cJSON *bid = jget(bids, side_name[s]);
		int face_up = m->phase == PH_BID && m->bid[s] != 0 && viewer == s;
		const char *want = m->phase != PH_BID || m->bid[s] == 0 ? "none" : "face-down";
		CHECK(jnum(jget(state, "scores"), side_name[s], -1) == m->score[s],
		      "game %lld: the model has %s at %d; %s's view: %s", g->id, side_name[s],
		      m->score[s], you[viewer], buf);
		if (face_up)
			CHECK(cJSON_IsNumber(bid) && bid->valueint == m->bid[s],
			      "game %lld: %s bid %d; its view: %s", g->id, side_name[s], m->bid[s],
			      buf);
		else
			CHECK(cJSON_IsString(bid) && strcmp(bid->valuestring, want) == 0,
			      "game %lld: %s's bid should show %s to %s: %s", g->id, side_name[s],
			      want, you[viewer], buf);
		int waits = m->phase == PH_ROLL  ? m->to_move == s
		            : m->phase == PH_BID ? m->bid[s] == 0
		                                 : 0;
		CHECK((jget(pend, side_name[s]) != NULL) == waits,
		      "game %lld: the model %s for %s; %s's view: %s", g->id,
		      waits ? "waits" : "does not wait", side_name[s], you[viewer], buf);
	}
}

/* The stored version against what was acknowledged and seen. */
static void check_durable(struct game *g, long long V)
{
	char lost[2048] = "", buf[64];
	size_t len = 0;

	if (V >= g->m.v) {
		CHECK(V >= g->seen_v,
		      "game %lld: at v=%lld after the restart, v=%lld was shown before", g->id, V,
		      g->seen_v);
		return;
	}
	for (long long k = V + 1; k <= g->m.v && len < sizeof(lost) - 80; k++)
		if (act_at(g, k)->known)
			len += (size_t)snprintf(lost + len, sizeof(lost) - len, " v=%lld (%s)", k,
			                        describe_act(act_at(g, k), buf, sizeof(buf)));
	CHECK(0,
	      "game %lld: LOST acknowledged actions: the daemon is at v=%lld after the restart;%s",
	      g->id, V, lost);
}

/*
 * Checks every game in a slot: views of both players (and the spectator),
 * logs since the last check, recovery of unknown requests.
 */
static void check_all(void)
{
	static cJSON *views[MAX_SLOTS][3], *logs[MAX_SLOTS][2];
	int nlog[MAX_SLOTS];

	for (int i = 0; i < T.ngames; i++) {
		struct game *g = T.slot[i];
		memset(views[i], 0, sizeof(views[i]));
		if (g == NULL)
			continue;
		for (int s = 0; s < 2; s++)
			sync_req(g->conn[s], &views[i][s], "\"cmd\":\"view\",\"game\":%lld", g->id);
		if (g->spect >= 0)
			sync_req(g->spect, &views[i][2], "\"cmd\":\"view\",\"game\":%lld", g->id);
	}
	wait_idle("views");
	for (int i = 0; i < T.ngames; i++) {
		struct game *g = T.slot[i];
		long long V, span;
		if (g == NULL)
			continue;
		V = jnum(ok_data(views[i][0], "view"), "v", -1);
		check_durable(g, V);
		span = V - g->log_checked;
		CHECK(span >= 0 && span < LOG_MAX / 3 - 10, "game %lld: %lld versions to check",
		      g->id, span);
		nlog[i] = (int)(3 * span + 12);
		for (int s = 0; s < 2; s++)
			sync_req(g->conn[s], &logs[i][s],
			         "\"cmd\":\"log\",\"args\":[%d],\"game\":%lld", nlog[i], g->id);
	}
	wait_idle("logs");
	for (int i = 0; i < T.ngames; i++) {
		struct game *g = T.slot[i];
		long long V;
		if (g == NULL)
			continue;
		V = jnum(jget(views[i][0], "data"), "v", -1);
		check_logs(g, logs[i], nlog[i], V);
		for (int u = 0; u < g->nunknown; u++)
			T.not_applied += !g->unknown[u].matched;
		CHECK(g->m.v == V, "game %lld: the model is at v=%lld, the daemon at v=%lld", g->id,
		      g->m.v, V);
		for (int j = 0; j < 3; j++)
			if (views[i][j] != NULL)
				check_view(g, j, views[i][j]);
		for (int j = 0; j < 3; j++)
			cJSON_Delete(views[i][j]);
		for (int s = 0; s < 2; s++)
			cJSON_Delete(logs[i][s]);
	}
}

/* ---- the kill and the restart ---- */

static void kill_daemon(void)
{
	int mode = rng_below(3);

	CHECK(e2e_server_alive(&T.server), "the daemon died by itself (see %s)", T.server.log);
	if (mode == 1)
		sleep_us(rng_below(1000));
	else if (mode == 2)
		sleep_us(1000 + rng_below(2000));
	e2e_server_kill(&T.server);
	T.down = 1;
	/* What the daemon wrote before it died is on its way to the sockets,
	 * ahead of the end of each connection: read up to that end. */
	for (long long end = now_ms() + 2000; now_ms() < end;) {
		int open = 0;
		for (int ci = 0; ci < T.nconns; ci++)
			open += T.conns[ci].fd >= 0 && !T.conns[ci].eof;
		if (open == 0)
			break;
		pump(10);
	}
	for (int ci = 0; ci < T.nconns; ci++) {
		struct conn *c = &T.conns[ci];
		for (unsigned k = 0; k < c->count; k++) {
			struct req *r = &c->fifo[(c->head + k) % FIFO_MAX];
			if (r->kind != RQ_ACTION)
				continue;
			CHECK(r->g->nunknown < 2, "game %lld: more than two actions in flight",
			      r->g->id);
			r->g->unknown[r->g->nunknown++] = *r;
			r->g->inflight[r->side] = 0;
		}
		conn_close(c);
	}
	for (int i = 0; i < T.ngames; i++)
		if (T.slot[i] != NULL && T.slot[i]->m.phase != PH_OVER)
			T.slot[i]->kills++;
}

/* The daemon's own account of the recovery: its last "recovered" line. */
static void read_recovery_line(void)
{
	FILE *f = fopen(T.server.log, "r");
	char line[1024];

	CHECK(f != NULL, "no daemon log");
	T.rec_restored = T.rec_failed = -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		const char *p = strstr(line, "recovered ");
		if (p != NULL)
			CHECK(sscanf(p,
			             "recovered %d unfinished games (%d failed), %lld games in all",
			             &T.rec_restored, &T.rec_failed, &T.rec_total) == 3,
			      "recovery line: %s", line);
	}
	fclose(f);
	CHECK(T.rec_restored >= 0, "no recovery line in %s", T.server.log);
	CHECK(T.rec_failed == 0, "%d games could not be restored (see %s)", T.rec_failed,
	      T.server.log);
}

/* Sends every unknown request that carried v= again, exactly so. */
static void retry_unknown(void)
{
	for (int i = 0; i < T.ngames; i++) {
		struct game *g = T.slot[i];
		if (g == NULL)
			continue;
		for (int u = 0; u < g->nunknown; u++) {
			struct req *r = &g->unknown[u];
			if (r->v < 0)
				continue;
			CHECK(g->inflight[0] == 0 && g->inflight[1] == 0,
			      "game %lld: two unknown requests with v=", g->id);
			send_action(g, r->side, r->bid, r->v);
			find_req(g->conn[r->side], g->inflight[r->side])->retry =
			    r->matched || g->m.v != r->v ? RT_STALE : RT_OK;
		}
	}
	wait_idle("retries");
	for (int i = 0; i < T.ngames; i++)
		if (T.slot[i] != NULL)
			T.slot[i]->nunknown = 0;
}

static void kill_and_check(void)
{
	long long t0 = now_ms(), t1, t2, t3;
	int unfinished = 0;

	kill_daemon();
	CHECK(e2e_server_restart(&T.server) == 0, "the daemon did not restart (see %s)",
	      T.server.log);
	T.down = 0;
	t1 = now_ms();
	read_recovery_line();
	connect_all(0);
	watch_games(T.slot);
	t2 = now_ms();
	check_all();
	t3 = now_ms();
	for (int i = 0; i < T.ngames; i++)
		unfinished += T.slot[i] != NULL && T.slot[i]->m.phase != PH_OVER;
	CHECK(T.rec_restored == unfinished && T.rec_total == T.maxid,
	      "the daemon recovered %d unfinished games of %lld, the test knows %d of %lld",
	      T.rec_restored, T.rec_total, unfinished, T.maxid);
	retry_unknown();
	for (int i = 0; i < T.ngames; i++)
		if (T.slot[i] != NULL && T.slot[i]->m.phase == PH_OVER)
			T.slot[i] = NULL; /* kept in T.byid for the end */
	new_games();
	if (T.verbose)
		printf("crash-many: kill %d after %ld acks: restart %lld ms, login %lld ms, "
		       "checks %lld ms, retries and new games %lld ms\n",
		       T.cycle, T.cycle_acks, t1 - t0, t2 - t1, t3 - t2, now_ms() - t3);
}

/* ---- the end: full logs, resignations, verify ---- */

/* Every game's log once more from v=1 (short enough for one reply). */
static void sweep_logs(void)
{
	static cJSON *logs[2];

	for (long long id = 1; id <= T.maxid; id++) {
		struct game *g = game_by_id(id);
		int n;
		if (g == NULL || g->m.v > SWEEP_MAX_V)
			continue;
		n = (int)(3 * g->m.v + 12);
		for (int s = 0; s < 2; s++)
			sync_req(g->conn[s], &logs[s],
			         "\"cmd\":\"log\",\"args\":[%d],\"game\":%lld", n, id);
		wait_idle("the last logs");
		g->log_checked = 0;
		g->nunknown = 0;
		check_logs(g, logs, n, g->m.v);
		for (int s = 0; s < 2; s++)
			cJSON_Delete(logs[s]);
		T.swept++;
	}
}

static void resign_running(void)
{
	static cJSON *rep[MAX_SLOTS];

	for (int i = 0; i < T.ngames; i++) {
		struct game *g = T.slot[i];
		rep[i] = NULL;
		if (g != NULL && g->m.phase != PH_OVER)
			sync_req(g->conn[0], &rep[i], "\"cmd\":\"resign\",\"game\":%lld,\"v\":%lld",
			         g->id, g->m.v);
	}
	wait_idle("resign");
	for (int i = 0; i < T.ngames; i++) {
		if (rep[i] == NULL)
			continue;
		ok_data(rep[i], "resign");
		cJSON_Delete(rep[i]);
	}
}

/* verify of every game: the rolls are exactly those the players were told. */
static void verify_all(void)
{
	static cJSON *rep;
	char buf[300];

	for (long long id = 1; id <= T.maxid; id++) {
		struct game *g = game_by_id(id);
		const cJSON *data, *roll;
		long nrolls = 1, checked = 0;
		if (g == NULL)
			continue;
		sync_req(g->spect >= 0 ? g->spect : g->conn[1], &rep,
		         "\"cmd\":\"verify\",\"game\":%lld", id);
		wait_idle("verify");
		data = ok_data(rep, "verify");
		snprintf(buf, sizeof(buf), "%s, commitment_ok %d, %lld mismatches, %lld forced",
		         jstr(data, "summary"), cJSON_IsTrue(jget(data, "commitment_ok")),
		         jnum(data, "mismatches", -1), jnum(data, "forced", -1));
		CHECK(strcmp(jstr(data, "summary"), "verified") == 0 &&
		          cJSON_IsTrue(jget(data, "commitment_ok")) &&
		          jnum(data, "mismatches", -1) == 0 && jnum(data, "forced", -1) == 0,
		      "game %lld: verify: %s", id, buf);
		cJSON_ArrayForEach(roll, jget(data, "rolls"))
		{
			long long k = (long long)cJSON_GetArrayItem(roll, 0)->valuedouble;
			int value = cJSON_GetArrayItem(roll, 2)->valueint;
			struct act *a;
			CHECK(k >= 1 && k <= g->m.v, "game %lld: a roll at v=%lld", id, k);
			a = act_at(g, k);
			CHECK(a->known && a->bid == 0,
			      "game %lld: a roll at v=%lld, which is no roll", id, k);
			if (a->side < 0)
				CHECK((value <= 3) == (g->m.first == 0),
				      "game %lld: the start die %d, and %s went first", id, value,
				      side_name[g->m.first]);
			else
				CHECK(a->die == value,
				      "game %lld: v=%lld rolled %d, verify says %d", id, k, a->die,
				      value);
			checked++;
		}
		for (long long k = 2; k <= g->m.v; k++)
			nrolls += act_at(g, k)->known && act_at(g, k)->bid == 0;
		CHECK(checked == nrolls && jnum(data, "checked", -1) == nrolls,
		      "game %lld: %ld rolls known, verify lists %ld", id, nrolls, checked);
		cJSON_Delete(rep);
		T.verified++;
	}
}

static void check_daemon_log(void)
{
	static const char *const bad[] = {"Z error ", "Z fatal ", "AddressSanitizer",
	                                  "runtime error", "LeakSanitizer"};
	FILE *f = fopen(T.server.log, "r");
	char line[1024];

	CHECK(f != NULL, "no daemon log");
	while (fgets(line, sizeof(line), f) != NULL)
		for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
			CHECK(strstr(line, bad[i]) == NULL, "the daemon logged: %s", line);
	fclose(f);
}

/* ---- the suite ---- */

static int setup(void **state)
{
	/* every connection logs in at once after each restart, a user's from one loopback
	 * address (conn_open): the caps on hashes and connections are lifted
	 * (test_e2e_limits proves them) */
	static const char *const args[] = {"--data-dir",
	                                   WG_RACE_DIR,
	                                   "--snapshot-every",
	                                   "3",
	                                   "--max-hashes-per-address",
	                                   "1000",
	                                   "--max-hashes",
	                                   "1000",
	                                   "--max-per-address",
	                                   "1000",
	                                   "--register-burst",
	                                   "1000",
	                                   NULL};

	(void)state;
	memset(&T, 0, sizeof(T));
	T.nusers = (int)env_long("WG_CRASH_USERS", 6, 2, MAX_USERS);
	T.per_user = (int)env_long("WG_CRASH_CONNS", 1, 1, MAX_PER_USER);
	T.nspect = (int)env_long("WG_CRASH_SPECTATORS", 2, 1, MAX_SPECT);
	T.nconns = T.nusers * T.per_user + T.nspect;
	for (int ci = 0; ci < T.nconns; ci++) {
		T.conns[ci].fd = -1;
		T.conns[ci].user = ci < T.nusers * T.per_user ? ci / T.per_user : -1;
	}
	return e2e_server_start(&T.server, WG_TEST_DAEMON, args);
}

static int teardown(void **state)
{
	(void)state;
	e2e_server_cleanup(&T.server);
	for (int ci = 0; ci < T.nconns; ci++) {
		conn_close(&T.conns[ci]);
		free(T.conns[ci].in);
		free(T.conns[ci].out);
	}
	for (long long id = 0; id < T.capid; id++) {
		if (T.byid[id] != NULL)
			free(T.byid[id]->acts);
		free(T.byid[id]);
	}
	free(T.byid);
	return 0;
}

static void test_sigkill_many_games_loses_no_acknowledged_action(void **state)
{
	long long start = now_ms();
	int most_kills = 0, short_games;
	char *seed_env = getenv("WG_CRASH_SEED");

	(void)state;
	T.seed = seed_env != NULL && *seed_env ? strtoull(seed_env, NULL, 10)
	                                       : (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
	T.rng = T.seed;
	T.kills = (int)env_long("WG_CRASH_KILLS", 10, 0, 100000);
	T.ngames = (int)env_long("WG_CRASH_GAMES", 16, 1, MAX_SLOTS);
	T.verbose = (int)env_long("WG_CRASH_VERBOSE", 0, 0, 1);
	printf("crash-many: WG_CRASH_SEED=%llu WG_CRASH_KILLS=%d WG_CRASH_GAMES=%d "
	       "WG_CRASH_USERS=%d WG_CRASH_CONNS=%d WG_CRASH_SPECTATORS=%d (%d connections)\n",
	       (unsigned long long)T.seed, T.kills, T.ngames, T.nusers, T.per_user, T.nspect,
	       T.nconns);
	fflush(stdout);

	connect_all(1);
	new_games();
	for (T.cycle = 1; T.cycle <= T.kills; T.cycle++) {
		play(T.ngames * 2 + rng_below(T.ngames * 12), 0, CYCLE_MS);
		kill_and_check();
	}
	T.final = 1;
	short_games = T.ngames >= 4 ? T.ngames - 2 : T.ngames;
	play(LONG_MAX, short_games < 3 ? short_games : 3, FINAL_MS);
	wait_idle("the last actions");
	CHECK(T.done_final >= (short_games < 3 ? short_games : 3),
	      "only %ld games finished in %d ms after the last kill", T.done_final, FINAL_MS);
	check_all();
	sweep_logs();
	for (long long id = 1; id <= T.maxid; id++)
		if (game_by_id(id) != NULL && game_by_id(id)->kills > most_kills)
			most_kills = game_by_id(id)->kills;
	resign_running();
	verify_all();
	CHECK(e2e_server_alive(&T.server), "the daemon died by itself (see %s)", T.server.log);
	check_daemon_log();
	printf("crash-many: %d kills, %lld games (%d at once), %ld acknowledged actions (%ld "
	       "read after a kill), %ld in flight at a kill found applied, %ld not applied, "
	       "retries %ld stale / %ld applied, %ld stale bid races, %ld spectator views, "
	       "at most %ld actions in flight, a game lived through %d kills, %ld finished after "
	       "the last; %ld logs swept, %ld games verified; lost = 0; %.1f s\n",
	       T.kills, T.maxid, T.ngames, T.acked, T.late_acked, T.recovered, T.not_applied,
	       T.retry_stale, T.retry_ok, T.races, T.peeks, T.max_inflight, most_kills,
	       T.done_final, T.swept, T.verified, (double)(now_ms() - start) / 1000.0);
	fflush(stdout);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_sigkill_many_games_loses_no_acknowledged_action,
	                                    setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
