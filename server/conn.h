/*
 * conn.h -- one client connection: reading and framing requests, queueing
 * replies and notifications, backpressure, timeouts, closing.
 *
 * State of a connection:
 *
 *        accept                      login ok                logout
 *   ---------------> GUEST ------------------------> USER ------------> GUEST
 *                      |  idle timeout (not watching)  |  quit / EOF / error
 *                      |  / quit / EOF                 |
 *                      v                               v
 *                   DRAINING (close_after_flush: output is flushed, then)
 *                      |
 *                      v  uv_close()          refs reach 0
 *                   CLOSING ------------------------------------> freed
 *
 * TLS: a connection accepted on the TLS listener has c->tls; its bytes pass
 * through OpenSSL between the socket and what follows (tls.h), and nothing
 * else changes.
 *
 * Reading: libuv reads into one loop-wide buffer (struct srv.readbuf);
 * telnet commands are taken out there (protocol/telnet.h: answered in
 * text mode, never in JSON mode; a NAWS report sets cols/rows) and the
 * data bytes are framed at once.  While a request waits on asynchronous work
 * (a password hash, a login delay) the connection is "busy": unframed bytes
 * wait in c->in, so requests on one connection are always answered in order;
 * reading goes on until SRV_BUSY_IN_MAX bytes wait (so a reset or an error is
 * noticed at once, and the connection's queued work dropped), then stops.  A
 * client that sends faster than it is answered is throttled by TCP, not by
 * memory.
 *
 * Writing: replies and notifications are appended to c->out and the
 * connection joins the server's list of connections with output waiting
 * (s->wlist).  Nothing is written to the socket then: once per loop
 * iteration, after the batch of writes is committed (server.c),
 * srv_conns_flush writes each waiting connection's output with one
 * uv_try_write (the rest handed to uv_write), so a client never hears of
 * anything before it is durable, and a pipelined client gets its replies in
 * one write.  When the bytes queued for a client (c->out plus bytes in
 * flight) exceed --output-limit the client is cut off at once: a client that
 * does not read cannot make the server buffer without bound or slow anyone
 * else (what it asked for aside: "Large replies").
 *
 * Work budget (fairness): a connection's requests are processed in turns,
 * at most SRV_TURN_REQUESTS requests and about SRV_TURN_BYTES bytes of
 * output per turn, and at most one turn per phase of a loop iteration (its
 * read callbacks, then the resume list).  When a turn's budget is spent
 * the unframed rest waits in c->in, reading stops, and the connection joins
 * the server's resume list (s->rlist, FIFO): the next loop iteration gives
 * it another turn (server.c runs the list from a uv_idle handle, which
 * also keeps the loop from sleeping while the list is not empty), after
 * every other connection's input of that iteration.  Each phase also has a
 * budget for all connections together (SRV_PHASE_REQUESTS requests,
 * SRV_PHASE_BYTES of output): once it is spent, a connection that reads in
 * that phase gets one request and no more, and the resume list stops (the
 * rest keep their places for the next iteration).  So however many clients
 * pipeline expensive requests (300 of them sending 6,000 `help` each, say),
 * one loop iteration does a bounded amount of their work and a client that
 * sends one request is answered in the next iteration; replies keep their
 * order, and nothing is lost.
 *
 * Backpressure: a connection whose backlog (c->out plus bytes in flight)
 * reaches srv_conn_pause_bytes() -- SRV_BACKLOG_PAUSE, or half of
 * --output-limit if that is less -- takes no more input: it is not read
 * and its waiting input gets no turn, until the backlog falls to half of
 * that (a write completes).  A client that sends requests and does not read
 * its replies therefore stalls only itself, long before the cap; the cap
 * (--output-limit, cut off at once) is left for what the client did not ask
 * for: notifications piling up unread.
 *
 * Large replies: a reply that would take the backlog over the pause (a long
 * `chat` or `log`, a big `map`, `help` under a small --output-limit) is
 * parked (c->park) instead of queued, and moved into c->out a pause's worth
 * at a time as the kernel takes the bytes (each flush, and after each
 * uv_write completes); whatever is queued while a reply is parked (its
 * notifications) goes after it, so nothing is interleaved inside a reply.
 * The parked reply is not unread backlog -- the client asked for it -- so
 * it never counts against --output-limit; what follows it does.  A
 * connection with a parked reply takes no more input (as over the pause),
 * so a client has at most one; the parked bytes count in the global output
 * budget (quota.h), the memory they are.  A client that reads gets a reply
 * of any size; one that does not stalls only itself.
 *
 * Prompts: `login <name>` and the other prompted forms of the account verbs
 * (cmd-account.c) leave a prompt pending (c->prompt): the next line is
 * not a request but the secret, handed to srv_cmd_prompt_answer without
 * being parsed or logged, then wiped from the framer, the read buffer and
 * c->in.
 *
 * Secrets in memory: every buffer a request line passes through is wiped
 * before its memory is let go -- the shared read buffer after every read,
 * the framer's line buffer, c->in (a secret proto_buf), the request's
 * tokens and the strings of a JSON request (protocol/request.c) -- so a
 * password (or a misspelt `login` line) does not linger in freed memory.  While a prompt is out, a
 * client that speaks telnet -- it has sent a telnet command, or the line that asked for the prompt
 * ended in "\r\n" as telnet sends it (netcat, the bundled client and programs send "\n") -- is told
 * IAC WILL ECHO so that it stops echoing, and IAC WONT ECHO after; the server echoes only the line
 * end.  A client seen speaking telnet is asked once for its window size (IAC DO NAWS).
 *
 * Idle timeout (srv_conns_sweep_idle, once a second): a connection that is
 * not logged in, not watching a game and not waiting on the server is
 * closed once it has sent no request for --idle-timeout seconds.
 *
 * Ownership: a connection is freed only from its uv_close callback, and only
 * when no asynchronous work still refers to it (refs).  Write paths never
 * free.
 */
#ifndef SRV_CONN_H
#define SRV_CONN_H

#include <stdint.h>

#include <cjson/cJSON.h>
#include <uv.h>

#include "protocol/buf.h"
#include "protocol/framer.h"
#include "protocol/reply.h"
#include "protocol/telnet.h"

/* The screen sizes a NAWS report is clamped to (0, "unknown", is ignored). */
#define SRV_COLS_MIN 32
#define SRV_COLS_MAX 1000
#define SRV_ROWS_MIN 8
#define SRV_ROWS_MAX 1000

/* The work budget of one turn and the backlog that pauses input (conn.h "Work budget"). */
#define SRV_TURN_REQUESTS  32
#define SRV_TURN_BYTES     16384
#define SRV_PHASE_REQUESTS 4096
#define SRV_PHASE_BYTES    262144
#define SRV_BACKLOG_PAUSE  65536
/* Bytes read and kept while the connection is busy before reading stops. */
#define SRV_BUSY_IN_MAX 8192

struct srv;
struct srv_user;
struct srv_prompt;   /* cmd-account.c */
struct srv_tls_conn; /* tls.c */

struct srv_conn {
	uv_tcp_t tcp;
	struct srv *srv;
	struct srv_tls_conn *tls; /* NULL: plain TCP (tls.h) */
	unsigned long id;
	char peer[64]; /* "127.0.0.1" without the port: the rate-limit key */
	struct proto_telnet telnet;
	struct proto_framer framer;
	struct proto_buf in;   /* read but not yet framed (busy, budget spent, backlog) */
	size_t inoff;          /* bytes of in already framed */
	struct proto_buf out;  /* not yet handed to libuv */
	size_t inflight;       /* bytes in uv_write requests */
	struct proto_buf park; /* a large reply, and what was queued after it ("Large replies") */
	size_t park_reply;     /* the bytes at the head of park that are that reply's */
	enum proto_mode mode;
	int cols, rows;            /* the client's screen in cells (80 x 24 until NAWS says) */
	struct srv_prompt *prompt; /* the next line is a secret for it; NULL: a request */
	struct srv_user *user;     /* NULL: not logged in */
	int64_t current_game;      /* 0: none */
	int64_t *watching;         /* games this connection watches */
	size_t nwatching, capwatching;
	int busy;
	int reading;
	int feeding; /* inside feed(): a request that ends its wait at once must not re-enter */
	int eof;     /* the client closed its sending side */
	int close_after_flush;
	int closing;
	int refs;
	int64_t connected_at;
	int64_t last_active;          /* loop milliseconds: last request, answer, login or logout */
	uv_timer_t *delay;            /* login brake timer, allocated on demand */
	int peer_counted;             /* counted under its address (quota.h) */
	struct srv_quota_addr *qaddr; /* that count (quota.h), while peer_counted */
	int throttled;                /* its address's request bucket is empty (quota.h) */
	size_t budgeted;              /* its share of the output budget (quota.h) */
	int64_t guest_since;          /* loop ms: connect or logout (the guest lifetime, quota.h) */
	struct srv_conn *prev, *next;
	struct srv_conn *wprev, *wnext; /* s->wlist: output waiting for the next flush */
	int wlisted;
	struct srv_conn *rprev, *rnext; /* s->rlist: input waiting for its next turn */
	int rlisted;
	unsigned long turn; /* s->turn of the current turn's budget */
	unsigned turn_reqs; /* requests processed in it */
	size_t turn_out;    /* c->out.len when it began */
};

/* Accepts a pending connection on listener (the connection callback); tls: the TLS
 * listener's (the connection speaks TLS: tls.h). */
void srv_conn_accept(struct srv *s, uv_stream_t *listener, int tls);

/* Replies to the current request (tag may be "" or NULL). */
void srv_conn_ok(struct srv_conn *c, const char *tag, const cJSON *data);
void srv_conn_ok_text(struct srv_conn *c, const char *tag, const char *summary);
void srv_conn_err(struct srv_conn *c, const char *tag, int code, const char *message,
                  const char *rule);
/* Sends a notification (event object not consumed); game 0 for none. */
void srv_conn_event(struct srv_conn *c, int64_t game, const cJSON *event);
/* Queues bytes already formatted for c's mode (a notification shared by several). */
void srv_conn_send(struct srv_conn *c, const char *data, size_t len);
/* Writes the queued output of every connection that has some (after the batch commit). */
void srv_conns_flush(struct srv *s);
/* Gives the connections on the resume list a turn each, in order, while the phase's budget
 * lasts (conn.h "Work budget"). */
void srv_conns_resume(struct srv *s);
/* Starts a budget phase: fresh turns, the phase's budget untouched. */
void srv_conns_new_phase(struct srv *s);
/* The backlog at which a connection takes no more input. */
size_t srv_conn_pause_bytes(const struct srv *s);
/* Closes every connection with output waiting, dropping it (storage failure). */
void srv_conns_drop_waiting(struct srv *s, const char *why);
/* Convenience: a notification {"event":type,"text":text}. */
void srv_conn_notice(struct srv_conn *c, int64_t game, const char *type, const char *text);

/*
 * Prompts for a secret (text mode): sends text (no line end) after telling a
 * telnet client that the server echoes (conn.h "Prompts").  The caller sets
 * c->prompt; the next line goes to srv_cmd_prompt_answer.
 */
void srv_conn_prompt(struct srv_conn *c, const char *text);
/* The last secret was read: a telnet client echoes again (IAC WONT ECHO). */
void srv_conn_prompt_end(struct srv_conn *c);

/* Closes, with * bye, the connections the idle timeout is for (conn.h "Idle timeout"). */
void srv_conns_sweep_idle(struct srv *s, int64_t now_ms);

/* Closes after everything queued has been written. */
void srv_conn_close_after_flush(struct srv_conn *c);
/* Closes now, dropping queued output. */
void srv_conn_close(struct srv_conn *c, const char *why);

/* Marks the connection busy (input paused) / done (input resumed and the
 * requests that arrived meanwhile are processed). */
void srv_conn_busy(struct srv_conn *c);
void srv_conn_done(struct srv_conn *c);
/*
 * The TLS seam (tls.h): what tls.c hands back to the connection.  srv__conn_input takes
 * len plaintext bytes at data (telnet, framing, turns, as read from a plain socket; data
 * is wiped after); srv__conn_eof is the end of the client's input; srv__conn_want_flush
 * asks for c's output to be written at the next flush.
 */
void srv__conn_input(struct srv_conn *c, char *data, size_t len);
void srv__conn_eof(struct srv_conn *c);
void srv__conn_want_flush(struct srv_conn *c);

/* c's address has requests in its bucket again (quota.h): its input goes on. */
void srv_conn_unthrottle(struct srv_conn *c);

/* Takes / drops a reference held by asynchronous work. */
void srv_conn_ref(struct srv_conn *c);
void srv_conn_unref(struct srv_conn *c);

/* Removes game from this connection's watch list (no-op if absent);
 * returns 1 if it was there. */
int srv_conn_unwatch(struct srv_conn *c, int64_t game);
int srv_conn_watch(struct srv_conn *c, int64_t game);
/* 1 if c watches game. */
int srv_conn_watching(const struct srv_conn *c, int64_t game);

#endif
