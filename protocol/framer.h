/*
 * framer.h -- cutting a byte stream from a socket into request lines.
 *
 * Bytes arrive in arbitrary pieces (split and merged reads).  The framer
 * delivers each complete line without its "\n" and without a preceding
 * "\r", and says whether that "\r" was there (crlf).  It sees data bytes
 * only: a server connection takes telnet commands out first (telnet.h).
 *
 * A line longer than PROTO_LINE_MAX bytes is not
 * delivered: the framer reports it once through on_too_long when the limit
 * is crossed, then discards bytes up to and including the next "\n" and
 * carries on with the following line, so the connection stays usable.
 *
 * Memory: the framer holds no storage while no partial line waits (the
 * idle state of a connection): a line is assembled in a buffer allocated
 * when its first byte arrives, grown as it needs (at most PROTO_LINE_MAX + 2
 * bytes) and freed when a feed ends with no partial line left.  Its bytes
 * are wiped whenever it is freed or outgrown (a line may be a password), so
 * no line outlives its delivery in freed memory.  If that
 * buffer cannot be allocated, the line is dropped and reported as if it were
 * too long.  proto_framer_release frees a partial line's buffer (a closed
 * connection).
 *
 * Ownership: the line pointer given to on_line points into the framer and is
 * valid only during the callback; the callback may modify it in place (it
 * is NUL-terminated and writable).  A callback may ask the framer to stop
 * (return non-zero): the rest of the input stays buffered (pending bytes)
 * and proto_framer_feed returns the count of bytes consumed so far, so a
 * caller can pause a client (e.g. until a reply has been flushed).
 */
#ifndef PROTO_FRAMER_H
#define PROTO_FRAMER_H

#include <stddef.h>

#define PROTO_LINE_MAX 4096

struct proto_framer {
	char *line; /* NULL while no line is being assembled */
	size_t cap; /* bytes allocated at line */
	size_t len;
	int discarding; /* inside an over-long line */
	int crlf;       /* the line being delivered (or the last one) ended in "\r\n" */
};

struct proto_framer_cb {
	/* A complete line; return 0 to continue, non-zero to stop feeding. */
	int (*on_line)(void *ctx, char *line, size_t len);
	/* The current line crossed PROTO_LINE_MAX; return as on_line. */
	int (*on_too_long)(void *ctx);
	void *ctx;
};

/* Sets f to "no partial line", holding no storage. */
void proto_framer_init(struct proto_framer *f);
/* Drops a partial line and frees its storage; f is as after proto_framer_init. */
void proto_framer_release(struct proto_framer *f);
/*
 * Feeds len bytes of data (not kept; may be NULL when len is 0), calling
 * cb->on_line for every complete line and cb->on_too_long once per
 * over-long line, in stream order (either callback may be NULL, which
 * counts as returning 0).  Returns how many bytes were consumed:
 * len unless a callback asked to stop, in which case the count includes the
 * byte that completed the line (or crossed the limit) and the caller must
 * feed data[returned..len) later.
 */
size_t proto_framer_feed(struct proto_framer *f, const char *data, size_t len,
                         const struct proto_framer_cb *cb);

/* 1 if s[0..len) is valid UTF-8 (no overlong forms, surrogates or code
 * points above U+10FFFF) with no control characters other than tab (C0,
 * DEL and C1 U+0080..U+009F are refused; NUL too), else 0.  A request line
 * must be valid; the empty line is. */
int proto_line_valid(const char *s, size_t len);

#endif
