/*
 * reader.h -- cutting what wargamed sends into lines and telling their
 * kinds apart, for the load generator.  Pure: no I/O, no allocation.
 *
 * Lines are cut by protocol/framer.h (split and merged reads, "\r\n" or
 * "\n").  The first line of a connection is the greeting; after it (text
 * mode, DESIGN.md "Protocol"):
 *
 *   "  ..."                        BENCH_LINE_DATA    part of a reply
 *   "* ..."                        BENCH_LINE_NOTICE  notification
 *   ["@" tag " "] "ok" [" " ...]   BENCH_LINE_OK      ends a reply
 *   ["@" tag " "] "err" [" " ...]  BENCH_LINE_ERR     ends a reply
 *   anything else                  BENCH_LINE_DATA
 *
 * Against redis-server (bench_reader_init_redis, for the comparison runs)
 * there is no greeting, and a line starting "+" is BENCH_LINE_OK, "-"
 * BENCH_LINE_ERR, anything else BENCH_LINE_DATA: the inline PING's "+PONG".
 *
 * A line longer than PROTO_LINE_MAX is reported once as BENCH_LINE_DATA
 * with an empty text (its content is dropped: a data line never ends a
 * reply, so counting stays right).
 */
#ifndef BENCH_READER_H
#define BENCH_READER_H

#include <stddef.h>

#include "protocol/framer.h"

enum bench_line_kind {
	BENCH_LINE_GREETING = 0,
	BENCH_LINE_DATA,
	BENCH_LINE_NOTICE,
	BENCH_LINE_OK,
	BENCH_LINE_ERR,
};

/* Called once per line; line is valid during the call only. */
typedef void (*bench_line_fn)(void *ctx, enum bench_line_kind kind, const char *line, size_t len);

struct bench_reader {
	struct proto_framer fr;
	int greeted;
	int redis; /* the peer is a redis-server: no greeting, "+..." / "-..." end a reply */
	bench_line_fn on_line;
	void *ctx;
};

void bench_reader_init(struct bench_reader *r, bench_line_fn on_line, void *ctx);
/* The same for a redis-server peer (see above). */
void bench_reader_init_redis(struct bench_reader *r, bench_line_fn on_line, void *ctx);
/* Frees a partial line (the connection is closed); r is as after init. */
void bench_reader_release(struct bench_reader *r);
/* Feeds len bytes read from the server; calls on_line for each complete line. */
void bench_reader_feed(struct bench_reader *r, const char *data, size_t len);
/* The kind of a line after the greeting. */
enum bench_line_kind bench_line_classify(const char *line, size_t len);
/*
 * The error code of an "err" final line (after an optional "@tag "): sets
 * *code to its first byte and returns its length (0 if there is none).
 */
size_t bench_err_code(const char *line, size_t len, const char **code);

#endif
