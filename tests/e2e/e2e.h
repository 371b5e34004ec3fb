/*
 * e2e.h -- end-to-end test harness: start the real daemon on an ephemeral
 * loopback port with a temporary database, and talk to it as a client.
 *
 * The daemon is started with --listen 127.0.0.1:0; the harness reads the
 * port from the "listening on" line of the daemon's log (a file in the
 * test's temporary directory).  Every wait is bounded (E2E_TIMEOUT_MS per
 * reply, 10 s for start-up and shutdown), so a broken server fails a test
 * instead of hanging it.
 *
 * A client keeps notifications ("* ..." lines, or JSON lines with an
 * "event" member) apart from replies: e2e_cmd returns the reply only, and
 * notifications accumulate in c->events until e2e_take_event consumes them.
 */
#ifndef E2E_H
#define E2E_H

#include <stddef.h>
#include <sys/types.h>

#define E2E_TIMEOUT_MS 10000
#define E2E_BUF        262144

struct e2e_server {
	pid_t pid;
	int port;
	char dir[256];
	char db[320];
	char log[320];
	const char *binary;
	const char *args[32];
	int nargs;
};

/* Starts binary with --listen 127.0.0.1:0 --db <tmp>/test.db plus args
 * (NULL-terminated); creates the temporary directory on first start.
 * Returns 0, or -1 if the daemon did not come up (its log is printed). */
int e2e_server_start(struct e2e_server *s, const char *binary, const char *const *args);
/* Starts the same daemon again on the same database (after stop/kill). */
int e2e_server_restart(struct e2e_server *s);
/* SIGTERM and wait; returns the exit status (or -1 on timeout, then SIGKILL). */
int e2e_server_stop(struct e2e_server *s);
/* SIGKILL and reap. */
void e2e_server_kill(struct e2e_server *s);
/* Stops if running and removes the temporary directory. */
void e2e_server_cleanup(struct e2e_server *s);
/* 1 if the daemon process is still alive. */
int e2e_server_alive(struct e2e_server *s);
/*
 * How many times needle occurs in the writable memory of process pid (/proc/PID/mem; the
 * test must be its parent, as of a daemon it started).  Regions the process has not
 * touched (Rss 0 in smaps) and huge reserved ones (a sanitizer's shadow) are skipped.  -1
 * if the memory cannot be read.  For the secrecy of freed memory (passwords, TLS).
 */
int e2e_memory_count(pid_t pid, const char *needle);
/* 1 if the daemon's log contains needle. */
int e2e_log_contains(struct e2e_server *s, const char *needle);
/* How many times needle occurs in the daemon's log. */
int e2e_log_count(struct e2e_server *s, const char *needle);
/* Runs a shell command, its stdout into out (NUL-terminated, cut to size); its exit status,
 * or -1 when it could not run or did not exit. */
int e2e_run(const char *cmd, char *out, size_t size);

struct e2e_client {
	int fd;
	char in[E2E_BUF];
	size_t inlen;
	char reply[E2E_BUF];  /* the last reply: data lines and final line */
	char final[4096];     /* the last reply's final line */
	char events[E2E_BUF]; /* notifications not yet taken */
	size_t evlen;
	int json; /* replies are JSON objects */
	int cols; /* the screen the server fits text replies to: 80 when 0 (NAWS may change it) */
};

/* Connects and reads the greeting (kept in events). 0 or -1. */
int e2e_connect(struct e2e_client *c, int port);
void e2e_close(struct e2e_client *c);
/* Sends raw bytes. 0 or -1. */
int e2e_send(struct e2e_client *c, const void *data, size_t len);
/* Sends one request line and waits for its reply; returns c->reply, or
 * NULL on timeout/EOF. */
const char *e2e_cmd(struct e2e_client *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Waits for the next reply to a request already sent. */
const char *e2e_reply(struct e2e_client *c);
/* Waits until a notification containing needle has arrived; returns it
 * (removed from events with everything before it) or NULL on timeout. */
const char *e2e_take_event(struct e2e_client *c, const char *needle, int timeout_ms);
/* Reads whatever arrives within ms into events/in; returns 0, or -1 on EOF. */
int e2e_pump(struct e2e_client *c, int ms);
/* 1 if the server closed the connection within ms. */
int e2e_closed_within(struct e2e_client *c, int ms);

/*
 * text (a reply) with its lines joined: each line end and the blanks after it become one
 * space, so a sentence the server wrapped to fit the screen (docs/protocol.md "Replies in
 * text mode") reads whole.  One of four static buffers, used in turn.
 */
const char *e2e_flat(const char *text);

/* Registers and logs in name on a fresh connection. 0 or -1. */
int e2e_login_new(struct e2e_client *c, int port, const char *name, const char *password);

#endif
