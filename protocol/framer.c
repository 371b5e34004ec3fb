/*
 * framer.c -- cutting a byte stream into request lines (see framer.h).
 *
 * Owns the per-connection line assembly and telnet stripping; no
 * allocation, no I/O.  Every byte goes through two stages:
 *
 *   bytes --> telnet filter --> line assembly --> on_line / on_too_long
 *
 * Telnet filter states (f->telnet), one transition per byte:
 *
 *   DATA --255--> IAC --255--> DATA (emits a literal 255)
 *                  |--251..254 (WILL/WONT/DO/DONT)--> OPT --any--> DATA
 *                  |--250 (SB)--> SB --255--> SB_IAC --240 (SE)--> DATA
 *                  |               ^            |--other--> SB
 *                  |               +--other-----+ (SB stays in SB)
 *                  +--any other command--> DATA
 *
 * Line assembly invariants: f->len <= PROTO_LINE_MAX, except that one "\r"
 * may sit at line[PROTO_LINE_MAX] (len == PROTO_LINE_MAX + 1) waiting to
 * see whether "\n" follows (if it does, the NUL replaces it, so the array
 * never needs more than PROTO_LINE_MAX + 1 bytes); while f->discarding is set, f->len == 0 and
 * bytes are dropped up to and including the next "\n".
 */
#include "framer.h"

#include <stdint.h>

enum {
	TN_DATA = 0,
	TN_IAC,
	TN_OPT,
	TN_SB,
	TN_SB_IAC,
};

enum {
	TEL_SE = 240,
	TEL_SB = 250,
	TEL_WILL = 251,
	TEL_DONT = 254,
	TEL_IAC = 255,
};

void proto_framer_init(struct proto_framer *f)
{
	f->len = 0;
	f->discarding = 0;
	f->telnet = TN_DATA;
	f->line[0] = '\0';
}

/*
 * Runs one byte through the telnet filter.  Returns 1 and sets *out when
 * the byte (or the IAC IAC pair) yields a data byte, else 0.
 */
static int telnet_filter(struct proto_framer *f, unsigned char c, char *out)
{
	switch (f->telnet) {
	case TN_DATA:
		if (c == TEL_IAC) {
			f->telnet = TN_IAC;
			return 0;
		}
		*out = (char)c;
		return 1;
	case TN_IAC:
		if (c == TEL_IAC) {
			f->telnet = TN_DATA;
			*out = (char)c;
			return 1;
		}
		if (c >= TEL_WILL && c <= TEL_DONT)
			f->telnet = TN_OPT;
		else if (c == TEL_SB)
			f->telnet = TN_SB;
		else
			f->telnet = TN_DATA;
		return 0;
	case TN_OPT:
		f->telnet = TN_DATA;
		return 0;
	case TN_SB:
		if (c == TEL_IAC)
			f->telnet = TN_SB_IAC;
		return 0;
	case TN_SB_IAC:
	default:
		f->telnet = c == TEL_SE ? TN_DATA : TN_SB;
		return 0;
	}
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
		if (f->len > 0 && f->line[f->len - 1] == '\r')
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
	size_t i;
	char c;

	for (i = 0; i < len; i++) {
		if (!telnet_filter(f, (unsigned char)data[i], &c))
			continue;
		if (add_byte(f, c, cb) != 0)
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
