/*
 * framer.c -- cutting a byte stream into request lines (see framer.h).
 *
 * Owns the per-connection line assembly; no allocation, no I/O.
 *
 * Line assembly invariants: f->len <= PROTO_LINE_MAX, except that one "\r"
 * may sit at line[PROTO_LINE_MAX] (len == PROTO_LINE_MAX + 1) waiting to
 * see whether "\n" follows (if it does, the NUL replaces it, so the array
 * never needs more than PROTO_LINE_MAX + 1 bytes); while f->discarding is set, f->len == 0 and
 * bytes are dropped up to and including the next "\n".
 */
#include "framer.h"

#include <stdint.h>

void proto_framer_init(struct proto_framer *f)
{
	f->len = 0;
	f->discarding = 0;
	f->crlf = 0;
	f->line[0] = '\0';
}

/* Adds one data byte to the line.  Returns the callback's verdict (0 to go on). */
static int add_byte(struct proto_framer *f, char c, const struct proto_framer_cb *cb)
{
	int rc = 0;

	if (c == '\n') {
		if (f->discarding) {
			f->discarding = 0;
			return 0;
		}
		f->crlf = f->len > 0 && f->line[f->len - 1] == '\r';
		if (f->crlf)
			f->len--;
		f->line[f->len] = '\0';
		if (cb->on_line != NULL)
			rc = cb->on_line(cb->ctx, f->line, f->len);
		f->len = 0;
		f->line[0] = '\0';
		return rc;
	}
	if (f->discarding)
		return 0;
	/* A trailing "\r" at PROTO_LINE_MAX is only provisionally allowed. */
	if (f->len > PROTO_LINE_MAX || (f->len == PROTO_LINE_MAX && c != '\r')) {
		f->discarding = 1;
		f->len = 0;
		f->line[0] = '\0';
		if (cb->on_too_long != NULL)
			rc = cb->on_too_long(cb->ctx);
		return rc;
	}
	f->line[f->len++] = c;
	return 0;
}

size_t proto_framer_feed(struct proto_framer *f, const char *data, size_t len,
                         const struct proto_framer_cb *cb)
{
	for (size_t i = 0; i < len; i++) {
		if (add_byte(f, data[i], cb) != 0)
			return i + 1;
	}
	return len;
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
