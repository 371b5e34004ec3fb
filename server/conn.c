/*
 * conn.c -- client connections: accept, read, frame, write, close.
 * See conn.h for the state diagram and the buffering rules.
 */
#include "conn.h"

#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "cmd.h"
#include "fanout.h"
#include "log.h"
#include "server.h"
#include "tls.h"

struct write_req {
	uv_write_t req;
	struct srv_conn *conn;
	char *data;
	size_t len;
};

static void conn_flush(struct srv_conn *c);
static void start_reading(struct srv_conn *c);
static void stop_reading(struct srv_conn *c);
static void process_input(struct srv_conn *c);
static void drained(struct srv_conn *c);

static void free_conn(struct srv_conn *c)
{
	srv_tls_conn_free(c);
	proto_framer_release(&c->framer);
	proto_buf_release(&c->in);
	proto_buf_release(&c->out);
	proto_buf_release(&c->park);
	free(c->watching);
	free(c);
}

static void on_close(uv_handle_t *h)
{
	struct srv_conn *c = h->data;

	srv_conn_unref(c);
}

void srv_conn_ref(struct srv_conn *c)
{
	c->refs++;
}

void srv_conn_unref(struct srv_conn *c)
{
	if (--c->refs == 0)
		free_conn(c);
}

/* Adds c to the connections whose output the next flush writes. */
static void wlist_add(struct srv_conn *c)
{
	struct srv *s = c->srv;

	if (c->wlisted)
		return;
	c->wlisted = 1;
	c->wprev = NULL;
	c->wnext = s->wlist;
	if (s->wlist != NULL)
		s->wlist->wprev = c;
	s->wlist = c;
}

static void wlist_remove(struct srv_conn *c)
{
	struct srv *s = c->srv;

	if (!c->wlisted)
		return;
	if (c->wprev != NULL)
		c->wprev->wnext = c->wnext;
	else
		s->wlist = c->wnext;
	if (c->wnext != NULL)
		c->wnext->wprev = c->wprev;
	c->wlisted = 0;
	c->wprev = c->wnext = NULL;
}

static void resume_cb(uv_idle_t *h)
{
	srv_conns_resume(h->data);
}

/* Appends c to the connections whose waiting input gets a turn in the next iteration. */
static void rlist_add(struct srv_conn *c)
{
	struct srv *s = c->srv;

	if (c->rlisted)
		return;
	c->rlisted = 1;
	c->rnext = NULL;
	c->rprev = s->rtail;
	if (s->rtail != NULL)
		s->rtail->rnext = c;
	else
		s->rlist = c;
	s->rtail = c;
	if (s->nrlist++ == 0 && s->loop != NULL && !s->shutting_down)
		uv_idle_start(&s->resume, resume_cb);
}

static void rlist_remove(struct srv_conn *c)
{
	struct srv *s = c->srv;

	if (!c->rlisted)
		return;
	if (c->rprev != NULL)
		c->rprev->rnext = c->rnext;
	else
		s->rlist = c->rnext;
	if (c->rnext != NULL)
		c->rnext->rprev = c->rprev;
	else
		s->rtail = c->rprev;
	c->rlisted = 0;
	c->rprev = c->rnext = NULL;
	if (--s->nrlist == 0 && s->loop != NULL)
		uv_idle_stop(&s->resume);
}

void srv_conns_new_phase(struct srv *s)
{
	s->turn++;
	s->phase_reqs = 0;
	s->phase_bytes = 0;
}

/* 1 if this phase's budget, for every connection together, is spent. */
static int phase_spent(const struct srv *s)
{
	return s->phase_reqs >= SRV_PHASE_REQUESTS || s->phase_bytes >= SRV_PHASE_BYTES;
}

void srv_conns_resume(struct srv *s)
{
	/* the connections listed now, once each: one listed again waits for the next iteration */
	size_t n = s->nrlist;

	srv_conns_new_phase(s);
	while (n-- > 0 && s->rlist != NULL && !phase_spent(s)) {
		struct srv_conn *c = s->rlist;
		rlist_remove(c);
		process_input(c);
	}
}

size_t srv_conn_pause_bytes(const struct srv *s)
{
	size_t half = s->cfg.output_limit / 2;

	return half < SRV_BACKLOG_PAUSE ? half : SRV_BACKLOG_PAUSE;
}

/* Bytes queued for c and not yet taken by the kernel (a parked reply aside). */
static size_t backlog(const struct srv_conn *c)
{
	return c->out.len + c->inflight;
}

/* What the client did not ask for and has not read: the output limit's measure (conn.h
 * "Large replies"). */
static size_t unread(const struct srv_conn *c)
{
	return c->out.len + c->inflight + (c->park.len - c->park_reply);
}

/* 1 if c may take input now (conn.h "Backpressure"). */
static int accepting(const struct srv_conn *c)
{
	return !c->busy && !c->closing && !c->close_after_flush && c->park.len == 0 &&
	       !c->throttled && backlog(c) < srv_conn_pause_bytes(c->srv);
}

/* Where output queued now goes: after a parked reply, if there is one (conn.h "Large
 * replies"). */
static struct proto_buf *outbuf(struct srv_conn *c)
{
	return c->park.len > 0 ? &c->park : &c->out;
}

/* Moves the head of the parked output into c->out while the backlog is under the pause. */
static int unpark(struct srv_conn *c)
{
	size_t pause = srv_conn_pause_bytes(c->srv), n;

	if (c->park.len == 0 || backlog(c) >= pause)
		return 0;
	n = pause - backlog(c);
	if (n > c->park.len)
		n = c->park.len;
	if (proto_buf_add(&c->out, c->park.data, n) != 0)
		return -1;
	proto_buf_consume(&c->park, n);
	c->park_reply -= n < c->park_reply ? n : c->park_reply;
	if (c->park.len == 0)
		proto_buf_release(&c->park);
	return 0;
}

/* Starts c's turn, unless it already had one in this phase of the iteration. */
static void turn_begin(struct srv_conn *c)
{
	if (c->turn == c->srv->turn)
		return;
	c->turn = c->srv->turn;
	c->turn_reqs = 0;
	c->turn_out = c->out.len;
}

/* 1 if c's turn has used its budget (one request once the phase's is spent). */
static int turn_spent(const struct srv_conn *c)
{
	return c->turn_reqs >= SRV_TURN_REQUESTS ||
	       (c->out.len > c->turn_out && c->out.len - c->turn_out >= SRV_TURN_BYTES) ||
	       (c->turn_reqs > 0 && phase_spent(c->srv));
}

void srv_conns_flush(struct srv *s)
{
	while (s->wlist != NULL) {
		struct srv_conn *c = s->wlist;
		wlist_remove(c);
		conn_flush(c);
	}
}

void srv_conns_drop_waiting(struct srv *s, const char *why)
{
	while (s->wlist != NULL) {
		struct srv_conn *c = s->wlist;
		wlist_remove(c);
		srv_conn_close(c, why);
	}
}

void srv_conn_close(struct srv_conn *c, const char *why)
{
	struct srv *s = c->srv;

	if (c->closing)
		return;
	c->closing = 1;
	wlist_remove(c);
	rlist_remove(c);
	log_info(c->id, "close (%s)", why);
	srv_game_forget_conn(s, c);
	srv_cmd_account_forget(c); /* its prompt, queued hashes and brake delay */
	srv_quota_closed(s, c);
	if (c->user != NULL)
		srv_user_detach(s, c);
	if (c->prev != NULL)
		c->prev->next = c->next;
	else
		s->conns = c->next;
	if (c->next != NULL)
		c->next->prev = c->prev;
	s->nconns--;
	uv_close((uv_handle_t *)&c->tcp, on_close);
}

void srv_conn_close_after_flush(struct srv_conn *c)
{
	c->close_after_flush = 1;
	rlist_remove(c);
	stop_reading(c);
	if (c->inflight == 0 && c->out.len == 0 && c->park.len == 0)
		srv_conn_close(c, "done");
	else
		wlist_add(c); /* closes once the next flush has written everything */
}

static void on_write(uv_write_t *req, int status)
{
	struct write_req *w = (struct write_req *)req;
	struct srv_conn *c = w->conn;

	c->inflight -= w->len;
	free(w->data);
	free(w);
	if (c->closing)
		return;
	srv_quota_output(c->srv, c);
	if (status != 0) {
		srv_conn_close(c, uv_strerror(status));
		return;
	}
	/* what was queued meanwhile goes out with the next flush, after the next commit */
	if (c->out.len > 0 || c->park.len > 0 || c->close_after_flush)
		wlist_add(c);
	drained(c);
}

static void conn_flush(struct srv_conn *c)
{
	struct proto_buf *wire = &c->out;
	struct write_req *w;
	uv_buf_t buf;
	int n;

	if (c->closing || c->inflight > 0)
		return;
	if (c->tls != NULL && !srv_tls_ready(c) && c->close_after_flush) {
		/* no handshake, so nothing of c->out can go: the goodbye is the close */
		srv_conn_close(c, "done");
		return;
	}
	for (;;) {
		/* a parked reply goes out a pause's worth at a time, as the socket takes it */
		if (unpark(c) != 0) {
			srv_conn_close(c, "out of memory");
			return;
		}
		/* TLS: c->out is encrypted into the connection's wire buffer */
		wire = c->tls != NULL ? srv_tls_seal(c) : &c->out;
		if (wire == NULL) {
			srv_conn_close(c, "TLS failed");
			return;
		}
		if (wire->len == 0)
			break;
		buf = uv_buf_init(wire->data, (unsigned int)wire->len);
		n = uv_try_write((uv_stream_t *)&c->tcp, &buf, 1);
		if (n > 0 && (size_t)n == wire->len) {
			/* drained: an idle connection holds no buffer */
			proto_buf_release(wire);
			srv_quota_output(c->srv, c);
			continue;
		}
		if (n > 0) {
			proto_buf_consume(wire, (size_t)n);
			srv_quota_output(c->srv, c);
		} else if (n < 0 && n != UV_EAGAIN) {
			srv_conn_close(c, uv_strerror(n));
			return;
		}
		break;
	}
	if (wire->len > 0) {
		w = malloc(sizeof(*w));
		if (w == NULL) {
			srv_conn_close(c, "out of memory");
			return;
		}
		w->conn = c;
		w->data = proto_buf_detach(wire, &w->len);
		buf = uv_buf_init(w->data, (unsigned int)w->len);
		c->inflight += w->len;
		n = uv_write(&w->req, (uv_stream_t *)&c->tcp, &buf, 1, on_write);
		if (n != 0) {
			c->inflight -= w->len;
			free(w->data);
			free(w);
			srv_conn_close(c, uv_strerror(n));
		}
		return;
	}
	if (c->close_after_flush)
		srv_conn_close(c, "done");
	else
		drained(c);
}

/* Called after anything was appended to c->out. */
static void queued(struct srv_conn *c, int rc)
{
	if (c->closing)
		return;
	if (rc != 0) {
		srv_conn_close(c, "out of memory");
		return;
	}
	if (unread(c) > c->srv->cfg.output_limit) {
		log_warn(c->id, "output limit of %zu bytes reached: client not reading",
		         c->srv->cfg.output_limit);
		srv_conn_close(c, "output limit");
		return;
	}
	if (srv_quota_output(c->srv, c) != 0) {
		log_warn(c->id, "output budget of %zu bytes for all clients reached: cut off",
		         c->srv->cfg.output_budget);
		srv_conn_close(c, "output budget");
		return;
	}
	wlist_add(c);
}

/*
 * Called after a reply was appended to c->out from offset before: a reply that takes the
 * backlog over the pause is parked (conn.h "Large replies"), so that it does not count
 * against the output limit while the client reads it.
 */
static void replied(struct srv_conn *c, size_t before, int rc)
{
	size_t n;

	if (rc == 0 && c->park.len == 0 && c->out.len > before &&
	    backlog(c) > srv_conn_pause_bytes(c->srv)) {
		n = c->out.len - before;
		if (proto_buf_add(&c->park, c->out.data + before, n) != 0) {
			rc = -1;
		} else {
			c->out.len = before;
			c->out.data[before] = '\0';
			c->park_reply = n;
			log_debug(c->id, "a reply of %zu bytes is sent as the client reads", n);
		}
	}
	queued(c, rc);
}

void srv_conn_ok(struct srv_conn *c, const char *tag, const cJSON *data)
{
	struct proto_buf *b = outbuf(c);
	size_t before = b->len;

	if (c->closing)
		return;
	replied(c, before, proto_write_ok(b, c->mode, c->cols, tag ? tag : "", data));
}

void srv_conn_ok_text(struct srv_conn *c, const char *tag, const char *summary)
{
	cJSON *data = cJSON_CreateObject();

	if (summary != NULL)
		cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(c, tag, data);
	cJSON_Delete(data);
}

void srv_conn_err(struct srv_conn *c, const char *tag, int code, const char *message,
                  const char *rule)
{
	struct proto_buf *b = outbuf(c);
	size_t before = b->len;

	if (c->closing)
		return;
	replied(c, before,
	        proto_write_err(b, c->mode, c->cols, tag ? tag : "", wg_error_slug(code),
	                        message ? message : wg_error_desc(code), rule ? rule : ""));
}

void srv_conn_event(struct srv_conn *c, int64_t game, const cJSON *event)
{
	if (c->closing)
		return;
	queued(c, proto_write_event(outbuf(c), c->mode, (long long)game, event));
}

void srv_conn_send(struct srv_conn *c, const char *data, size_t len)
{
	if (c->closing)
		return;
	queued(c, proto_buf_add(outbuf(c), data, len));
}

void srv_conn_notice(struct srv_conn *c, int64_t game, const char *type, const char *text)
{
	cJSON *ev = cJSON_CreateObject();

	cJSON_AddStringToObject(ev, "event", type);
	cJSON_AddStringToObject(ev, "text", text);
	srv_conn_event(c, game, ev);
	cJSON_Delete(ev);
}

/* ---- prompts ---- */

/* 1 if c looks like a telnet client (conn.h "Prompts"). */
static int speaks_telnet(const struct srv_conn *c)
{
	return c->mode == PROTO_TEXT && (c->telnet.seen || c->framer.crlf);
}

void srv_conn_prompt(struct srv_conn *c, const char *text)
{
	int rc = 0;

	if (c->closing)
		return;
	if (speaks_telnet(c))
		rc = proto_telnet_echo(&c->telnet, 1, outbuf(c));
	if (rc == 0)
		rc = proto_buf_adds(outbuf(c), text);
	queued(c, rc);
}

void srv_conn_prompt_end(struct srv_conn *c)
{
	if (c->closing || !proto_telnet_echoing(&c->telnet))
		return;
	queued(c, proto_telnet_echo(&c->telnet, 0, outbuf(c)));
}

/* The line answers c's prompt: it is a secret, never parsed or logged. */
static void prompt_line(struct srv_conn *c, char *line, size_t len)
{
	c->last_active = srv_now_ms(c->srv);
	/* the client did not echo the line end either */
	if (proto_telnet_echoing(&c->telnet))
		srv_conn_send(c, "\n", 1);
	srv_cmd_prompt_answer(c, line, len);
	sodium_memzero(line, len);
	if (c->prompt == NULL)
		srv_conn_prompt_end(c);
}

/* ---- reading ---- */

static int on_line(void *ctx, char *line, size_t len)
{
	struct srv_conn *c = ctx;

	size_t before = c->out.len;

	c->turn_reqs++;
	c->srv->phase_reqs++;
	srv_quota_request(c->srv, c); /* may throttle c: this request is its last for now */
	if (c->prompt != NULL)
		prompt_line(c, line, len);
	else
		srv_cmd_dispatch(c, line, len);
	if (c->out.len > before)
		c->srv->phase_bytes += c->out.len - before;
	return !accepting(c) || turn_spent(c);
}

static int on_too_long(void *ctx)
{
	struct srv_conn *c = ctx;
	char msg[96];

	snprintf(msg, sizeof(msg), "request lines are limited to %d bytes; line discarded",
	         PROTO_LINE_MAX);
	c->turn_reqs++;
	srv_conn_err(c, "", WG_E_LINE_TOO_LONG, msg, "");
	return !accepting(c) || turn_spent(c);
}

/* Frames data as requests until the turn stops (busy, budget, backlog, closing); returns
 * how many bytes were used (the caller keeps the rest). */
static size_t feed(struct srv_conn *c, const char *data, size_t len)
{
	const struct proto_framer_cb cb = {
	    .on_line = on_line,
	    .on_too_long = on_too_long,
	    .ctx = c,
	};
	size_t used;

	c->feeding = 1;
	used = proto_framer_feed(&c->framer, data, len, &cb);
	c->feeding = 0;
	return used;
}

/* Keeps bytes read but not framed in c->in, after what waits there already. */
static void keep_input(struct srv_conn *c, const char *data, size_t len)
{
	if (len == 0 || c->closing || c->close_after_flush)
		return;
	if (proto_buf_add(&c->in, data, len) != 0)
		srv_conn_close(c, "out of memory");
}

/* All of c->in was framed: wipe it (it may have held a secret) and free it. */
static void input_done(struct srv_conn *c)
{
	if (c->in.data != NULL)
		sodium_memzero(c->in.data, c->in.len);
	proto_buf_release(&c->in);
	c->inoff = 0;
}

/*
 * The end of a turn: input waiting in c->in gets the next iteration's turn (reading
 * stopped), or reading resumes; neither while c is busy, or while its backlog is over the
 * pause (drained() takes it up); a client that has closed its side and whose input is all
 * answered is closed once its output is written.
 */
static void after_turn(struct srv_conn *c)
{
	if (c->closing || c->close_after_flush)
		return;
	if (c->busy || c->inoff < c->in.len || !accepting(c)) {
		/* a busy connection (a password hash, a brake) reads on into c->in, up to
		 * SRV_BUSY_IN_MAX, so that a reset is noticed and its work dropped */
		if (c->busy && c->in.len < SRV_BUSY_IN_MAX &&
		    backlog(c) < srv_conn_pause_bytes(c->srv))
			start_reading(c);
		else
			stop_reading(c);
		if (!c->busy && c->inoff < c->in.len && accepting(c))
			rlist_add(c);
		else if (!c->busy && c->inoff >= c->in.len && c->eof)
			srv_conn_close_after_flush(c);
		return;
	}
	if (c->eof)
		srv_conn_close_after_flush(c);
	else
		start_reading(c);
}

/* c's backlog went down: input it held back for the backlog may go on. */
static void drained(struct srv_conn *c)
{
	if (c->reading || c->rlisted || c->busy || c->closing || c->close_after_flush)
		return;
	if (backlog(c) > srv_conn_pause_bytes(c->srv) / 2)
		return;
	after_turn(c);
}

/* A turn over the input waiting in c->in (a resume, or the end of a wait). */
static void process_input(struct srv_conn *c)
{
	if (c->feeding)
		return; /* the request that ended its wait is still being framed: it goes on */
	turn_begin(c);
	while (c->inoff < c->in.len && accepting(c) && !turn_spent(c))
		c->inoff += feed(c, c->in.data + c->inoff, c->in.len - c->inoff);
	if (c->inoff >= c->in.len)
		input_done(c);
	after_turn(c);
}

static void alloc_cb(uv_handle_t *h, size_t suggested, uv_buf_t *buf)
{
	struct srv_conn *c = h->data;

	(void)suggested;
	*buf = uv_buf_init(c->srv->readbuf, sizeof(c->srv->readbuf));
}

/* The window size a client reports, within sane bounds (0 is "unknown": kept). */
static int clamp_size(unsigned v, int min, int max, int current)
{
	if (v == 0)
		return current;
	return v < (unsigned)min ? min : v > (unsigned)max ? max : (int)v;
}

/*
 * Takes the telnet commands out of the len bytes read into data (in place)
 * and acts on them; returns how many data bytes are left at data.
 */
static size_t telnet_in(struct srv_conn *c, char *data, size_t len)
{
	struct proto_buf *reply = c->mode == PROTO_TEXT ? outbuf(c) : NULL;
	size_t before = reply != NULL ? reply->len : 0, n;
	int rc;

	rc = proto_telnet_decode(&c->telnet, data, len, &n, reply);
	if (rc == 0 && c->telnet.seen && reply != NULL)
		rc = proto_telnet_ask_naws(&c->telnet, reply);
	if (c->telnet.resized) {
		c->telnet.resized = 0;
		c->cols = clamp_size(c->telnet.cols, SRV_COLS_MIN, SRV_COLS_MAX, c->cols);
		c->rows = clamp_size(c->telnet.rows, SRV_ROWS_MIN, SRV_ROWS_MAX, c->rows);
		log_debug(c->id, "window %dx%d", c->cols, c->rows);
	}
	if (rc != 0 || (reply != NULL && reply->len != before))
		queued(c, rc);
	return n;
}

void srv__conn_eof(struct srv_conn *c)
{
	/* Half-close: the client will send nothing more; answer what it sent (some of it may
	 * wait behind a busy request), then close. */
	log_debug(c->id, "eof");
	c->eof = 1;
	stop_reading(c);
	if (!c->busy && c->inoff >= c->in.len)
		srv_conn_close_after_flush(c);
}

void srv__conn_input(struct srv_conn *c, char *data, size_t len)
{
	size_t n = telnet_in(c, data, len);

	if (!c->closing) {
		turn_begin(c);
		if (c->inoff < c->in.len || !accepting(c) || turn_spent(c)) {
			keep_input(c, data, n); /* after what waits already, in order */
		} else {
			size_t used = feed(c, data, n);
			keep_input(c, data + used, n - used);
		}
	}
	/* the shared read buffer may have held a secret -- a password, or a misspelt `login`
	 * line that no verb marks as secret: wiped after every read (it is in the cache) */
	sodium_memzero(data, len);
}

void srv__conn_want_flush(struct srv_conn *c)
{
	if (!c->closing)
		wlist_add(c);
}

static void on_read(uv_stream_t *stream, ssize_t nread, const uv_buf_t *buf)
{
	struct srv_conn *c = stream->data;

	if (nread == UV_EOF) {
		srv__conn_eof(c);
		return;
	}
	if (nread < 0) {
		srv_conn_close(c, uv_strerror((int)nread));
		return;
	}
	if (nread == 0)
		return;
	if (c->tls != NULL) /* ciphertext: what it decrypts to comes back to srv__conn_input */
		srv_tls_input(c, buf->base, (size_t)nread, sizeof(c->srv->readbuf));
	else
		srv__conn_input(c, buf->base, (size_t)nread);
	if (c->closing)
		return;
	/* a busy connection reads on up to SRV_BUSY_IN_MAX, so that a reset is noticed */
	if (c->busy && c->in.len >= SRV_BUSY_IN_MAX)
		stop_reading(c);
	after_turn(c);
}

static void stop_reading(struct srv_conn *c)
{
	if (!c->reading)
		return;
	uv_read_stop((uv_stream_t *)&c->tcp);
	c->reading = 0;
}

static void start_reading(struct srv_conn *c)
{
	if (c->reading || c->closing)
		return;
	if (uv_read_start((uv_stream_t *)&c->tcp, alloc_cb, on_read) == 0)
		c->reading = 1;
	else
		srv_conn_close(c, "read failed");
}

void srv_conn_busy(struct srv_conn *c)
{
	/* reading goes on (into c->in, up to SRV_BUSY_IN_MAX) so that a reset is noticed and
	 * the work dropped */
	c->busy = 1;
	if (c->in.len >= SRV_BUSY_IN_MAX)
		stop_reading(c);
}

void srv_conn_done(struct srv_conn *c)
{
	c->busy = 0;
	/* the silence of a client waiting for a slow answer is not its own */
	c->last_active = srv_now_ms(c->srv);
	if (c->closing)
		return;
	if (c->close_after_flush) {
		wlist_add(c);
		return;
	}
	process_input(c);
}

void srv_conn_unthrottle(struct srv_conn *c)
{
	if (c->closing || c->close_after_flush)
		return;
	after_turn(c); /* reads on, or gives the input waiting in c->in a turn */
}

/* ---- the idle timeout ---- */

void srv_conns_sweep_idle(struct srv *s, int64_t now_ms)
{
	int64_t limit = (int64_t)s->cfg.idle_timeout * 1000;

	for (struct srv_conn *c = s->conns, *next; c != NULL; c = next) {
		next = c->next;
		/* users, spectators and connections waiting on the server stay */
		if (c->user != NULL || c->nwatching > 0 || c->busy || c->close_after_flush ||
		    c->closing || now_ms - c->last_active < limit)
			continue;
		log_info(c->id, "idle for %d s without being logged in or watching",
		         s->cfg.idle_timeout);
		srv_conn_notice(c, 0, "bye",
		                "idle timeout: connections that are not logged in are closed "
		                "after a silence");
		srv_conn_close_after_flush(c);
	}
}

/* ---- watching ---- */

int srv_conn_watch(struct srv_conn *c, int64_t game)
{
	for (size_t i = 0; i < c->nwatching; i++)
		if (c->watching[i] == game)
			return 0;
	if (c->nwatching == c->capwatching) {
		size_t ncap = c->capwatching ? c->capwatching * 2 : 4;
		int64_t *n = realloc(c->watching, ncap * sizeof(*n));
		if (n == NULL)
			return -1;
		c->watching = n;
		c->capwatching = ncap;
	}
	c->watching[c->nwatching++] = game;
	return 0;
}

int srv_conn_watching(const struct srv_conn *c, int64_t game)
{
	for (size_t i = 0; i < c->nwatching; i++)
		if (c->watching[i] == game)
			return 1;
	return 0;
}

int srv_conn_unwatch(struct srv_conn *c, int64_t game)
{
	for (size_t i = 0; i < c->nwatching; i++) {
		if (c->watching[i] == game) {
			c->watching[i] = c->watching[--c->nwatching];
			return 1;
		}
	}
	return 0;
}

/* ---- accepting ---- */

static void peer_address(struct srv_conn *c)
{
	struct sockaddr_storage ss;
	int len = sizeof(ss);

	snprintf(c->peer, sizeof(c->peer), "unknown");
	if (uv_tcp_getpeername(&c->tcp, (struct sockaddr *)&ss, &len) != 0)
		return;
	if (ss.ss_family == AF_INET)
		uv_ip4_name((struct sockaddr_in *)&ss, c->peer, sizeof(c->peer));
	else if (ss.ss_family == AF_INET6)
		uv_ip6_name((struct sockaddr_in6 *)&ss, c->peer, sizeof(c->peer));
}

void srv_conn_accept(struct srv *s, uv_stream_t *listener, int tls)
{
	struct srv_conn *c = calloc(1, sizeof(*c));
	char greeting[128], why[160];
	int code;

	if (c == NULL) {
		log_error(0, "accept: out of memory");
		return;
	}
	c->srv = s;
	c->id = ++s->next_conn_id;
	c->refs = 1;
	c->mode = PROTO_TEXT;
	c->cols = RULES_COLS_DEFAULT;
	c->rows = RULES_ROWS_DEFAULT;
	c->connected_at = srv_now(s);
	c->last_active = srv_now_ms(s);
	proto_telnet_init(&c->telnet);
	proto_framer_init(&c->framer);
	proto_buf_init(&c->in);
	proto_buf_secret(&c->in); /* input waiting its turn may hold a password */
	proto_buf_init(&c->out);
	if (uv_tcp_init(s->loop, &c->tcp) != 0) {
		free(c);
		return;
	}
	c->tcp.data = c;
	c->next = s->conns;
	if (s->conns != NULL)
		s->conns->prev = c;
	s->conns = c;
	s->nconns++;
	if (uv_accept(listener, (uv_stream_t *)&c->tcp) != 0) {
		srv_conn_close(c, "accept failed");
		return;
	}
	if (tls && srv_tls_conn_new(s, c) != 0) {
		srv_conn_close(c, "out of memory");
		return;
	}
	uv_tcp_nodelay(&c->tcp, 1);
	peer_address(c);
	/* counted under its address until it closes; a full or banned address refuses it */
	if ((code = srv_quota_accept(s, c, why, sizeof(why))) != 0) {
		log_warn(c->id, "refused %s: %s", c->peer, why);
		srv_conn_err(c, "", code, why, "");
		srv_conn_close_after_flush(c);
		return;
	}
	if (s->nconns > s->cfg.max_clients || s->shutting_down) {
		log_warn(c->id, "refused %s: %d clients connected (max %d)", c->peer, s->nconns - 1,
		         s->cfg.max_clients);
		srv_conn_err(c, "", WG_E_SERVER_FULL,
		             s->shutting_down ? "the server is shutting down"
		                              : "the server is full; try again later",
		             "");
		srv_conn_close_after_flush(c);
		return;
	}
	log_info(c->id, "connect from %s%s", c->peer, tls ? " (TLS)" : "");
	snprintf(greeting, sizeof(greeting), "wargamed %s ready; type help for commands",
	         WG_VERSION);
	srv_conn_notice(c, 0, "hello", greeting);
	start_reading(c);
}
