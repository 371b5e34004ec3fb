/*
 * framer.c -- cutting a byte stream into request lines (see framer.h).
 *
 * Owns the per-connection line assembly; no I/O.  Allocates only the buffer
 * of a line that is being assembled (framer.h "Memory").
 *
 * Line assembly invariants: f->len <= PROTO_LINE_MAX, except that one "\r"
 * may sit at line[PROTO_LINE_MAX] (len == PROTO_LINE_MAX + 1) waiting to
 * see whether "\n" follows (if it does, the NUL replaces it, so the buffer
 * never needs more than PROTO_LINE_MAX + 1 bytes); while f->discarding is set, f->len == 0 and
 * bytes are dropped up to and including the next "\n".  f->line is NULL
 * (and f->cap 0) between feeds whenever f->len == 0.
 */
#include "framer.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The first allocation of a line: most requests fit, and it stays in malloc's fast bins. */
#define FRAMER_CAP_MIN 128

void proto_framer_init(struct proto_framer *f)
{
	f->line = NULL;
	f->cap = 0;
	f->len = 0;
	f->discarding = 0;
	f->crlf = 0;
}

/* Wipes and frees the line buffer: a line may have held a password (framer.h "Memory"). */
static void drop_line(struct proto_framer *f)
{
	if (f->line != NULL)
		explicit_bzero(f->line, f->cap);
	free(f->line);
	f->line = NULL;
	f->cap = 0;
}

void proto_framer_release(struct proto_framer *f)
{
	drop_line(f);
	proto_framer_init(f);
}

/* Makes room for need bytes at f->line; 0 or -1 (out of memory, f unchanged). */
static int reserve(struct proto_framer *f, size_t need)
{
	size_t ncap = f->cap ? f->cap : FRAMER_CAP_MIN;
	char *n;

	if (need <= f->cap)
		return 0;
	while (ncap < need)
		ncap *= 2;
	if (ncap > PROTO_LINE_MAX + 1)
		ncap = PROTO_LINE_MAX + 1;
	/* not realloc: the old block is wiped before it is freed */
	n = malloc(ncap);
	if (n == NULL)
		return -1;
	if (f->line != NULL) {
		memcpy(n, f->line, f->len);
		explicit_bzero(f->line, f->cap);
		free(f->line);
	}
	f->line = n;
	f->cap = ncap;
	return 0;
}

/* The line crossed the limit (or its buffer could not grow): it is discarded up to its
 * "\n".  Returns the callback's verdict (0 to go on). */
static int too_long(struct proto_framer *f, const struct proto_framer_cb *cb)
{
	f->discarding = 1;
	f->len = 0;
	return cb->on_too_long != NULL ? cb->on_too_long(cb->ctx) : 0;
}

/* The "\n" of the line in f arrived: delivers it.  Returns the callback's verdict. */
static int deliver(struct proto_framer *f, const struct proto_framer_cb *cb)
{
	static char empty[1];
	char *line;
	int rc = 0;

	f->crlf = f->len > 0 && f->line[f->len - 1] == '\r';
	if (f->crlf)
		f->len--;
	line = f->line != NULL ? f->line : empty; /* the empty line needs no buffer */
	line[f->len] = '\0';
	if (cb->on_line != NULL)
		rc = cb->on_line(cb->ctx, line, f->len);
	f->len = 0;
	return rc;
}

/*
 * Appends the n line bytes at p (no "\n" among them) within the limit.  Returns how many
 * were taken: n, or fewer when the limit was crossed or memory ran out (then the byte at
 * p[returned] is the one that crossed it).
 */
static size_t append(struct proto_framer *f, const char *p, size_t n)
{
	size_t k = f->len < PROTO_LINE_MAX ? PROTO_LINE_MAX - f->len : 0;

	if (k > n)
		k = n;
	/* one "\r" is provisionally allowed at PROTO_LINE_MAX */
	if (k < n && f->len + k == PROTO_LINE_MAX && p[k] == '\r')
		k++;
	if (k == 0) /* nothing fits: no buffer may exist yet (memcpy of NULL is undefined) */
		return 0;
	if (reserve(f, f->len + k + 1 > PROTO_LINE_MAX + 1 ? PROTO_LINE_MAX + 1 : f->len + k + 1) !=
	    0)
		return 0;
	memcpy(f->line + f->len, p, k);
	f->len += k;
	return k;
}

size_t proto_framer_feed(struct proto_framer *f, const char *data, size_t len,
                         const struct proto_framer_cb *cb)
{
	size_t i = 0;
	int rc = 0;

	while (i < len && rc == 0) {
		const char *nl = memchr(data + i, '\n', len - i);
		size_t end = nl != NULL ? (size_t)(nl - data) : len, n = end - i, k;

		if (f->discarding) {
			i = end;
			if (nl != NULL) {
				f->discarding = 0;
				i++;
			}
			continue;
		}
		k = append(f, data + i, n);
		if (k < n) {
			i += k + 1; /* the byte that crossed the limit is consumed */
			rc = too_long(f, cb);
			continue;
		}
		i = end;
		if (nl != NULL) {
			i++;
			rc = deliver(f, cb);
		}
	}
	if (f->len == 0 && f->line != NULL)
		drop_line(f);
	return i;
}

int proto_line_valid(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;

	while (i < len) {
		unsigned char c = p[i];
		uint32_t cp, min;
		size_t n, k;

		if (c < 0x80) {
			if ((c < 0x20 && c != '\t') || c == 0x7f)
				return 0;
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf) {
			n = 1;
			cp = c & 0x1f;
			min = 0x80;
		} else if (c >= 0xe0 && c <= 0xef) {
			n = 2;
			cp = c & 0x0f;
			min = 0x800;
		} else if (c >= 0xf0 && c <= 0xf4) {
			n = 3;
			cp = c & 0x07;
			min = 0x10000;
		} else {
			return 0; /* continuation byte, C0/C1 overlong lead, or > U+10FFFF */
		}
		if (len - i <= n)
			return 0;
		for (k = 1; k <= n; k++) {
			if ((p[i + k] & 0xc0) != 0x80)
				return 0;
			cp = (cp << 6) | (p[i + k] & 0x3f);
		}
		if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return 0;
		if (cp >= 0x80 && cp <= 0x9f)
			return 0; /* C1 control */
		i += n + 1;
	}
	return 1;
}
