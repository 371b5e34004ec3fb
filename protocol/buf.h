/*
 * buf.h -- a growable byte buffer (modelled on git's strbuf).
 *
 * Invariants: data is NULL when cap == 0; otherwise data[len] == '\0' and
 * len < cap, so data is always a C string when non-NULL.  Appends either
 * succeed completely or return -1 leaving the buffer unchanged (out of
 * memory); the buffer never shrinks except through proto_buf_consume.
 *
 * A secret buffer (proto_buf_secret: one that may hold a password) never
 * lets a byte it held reach freed or unused memory: its storage is wiped
 * before it is freed (release) or moved (growth: a new block, the old one
 * wiped and freed, never realloc), and the bytes consume and reset leave
 * behind are wiped too.  The mark survives release and detach (the detached
 * storage is the caller's to wipe).
 */
#ifndef PROTO_BUF_H
#define PROTO_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct proto_buf {
	char *data;
	size_t len;
	size_t cap;
	int secret; /* wipe every byte before its memory is let go */
};

#define PROTO_BUF_INIT                                                                             \
	{                                                                                          \
		NULL, 0, 0, 0                                                                      \
	}

/* Empties b (no storage) and clears its secret mark. */
void proto_buf_init(struct proto_buf *b);
/* Marks b as holding secrets (see above); b may be empty or not. */
void proto_buf_secret(struct proto_buf *b);
/* Frees the storage (wiped first if b is secret); b is empty and reusable, still secret. */
void proto_buf_release(struct proto_buf *b);
/* Returns the storage (NUL-terminated, possibly NULL): you now own it; b is empty. */
char *proto_buf_detach(struct proto_buf *b, size_t *len);
/* Makes room for at least extra more bytes; 0 or -1. */
int proto_buf_grow(struct proto_buf *b, size_t extra);
int proto_buf_add(struct proto_buf *b, const void *data, size_t len);
int proto_buf_adds(struct proto_buf *b, const char *s);
int proto_buf_addch(struct proto_buf *b, char c);
int proto_buf_addf(struct proto_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int proto_buf_vaddf(struct proto_buf *b, const char *fmt, va_list ap);
/* Drops the first n bytes (n <= len), keeping the rest. */
void proto_buf_consume(struct proto_buf *b, size_t n);
void proto_buf_reset(struct proto_buf *b); /* len = 0, storage kept */

#endif
