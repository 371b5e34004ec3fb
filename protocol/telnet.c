/*
 * telnet.c -- IAC parsing and option negotiation (see telnet.h).
 *
 * Parser states (t->state), one transition per byte:
 *
 *   DATA --IAC--> IAC --IAC--> DATA (a data byte 255)
 *                  |--WILL/WONT/DO/DONT--> OPT --opt--> DATA (negotiate())
 *                  |--SB--> SB_OPT --opt--> SB --IAC--> SB_IAC --SE--> DATA (subneg())
 *                  |                        ^             |--IAC--> SB (a payload 255)
 *                  |                        +-------------+--other--> SB
 *                  +--any other byte--> DATA (dropped)
 *
 * Option states change only in negotiate(), proto_telnet_echo() and
 * proto_telnet_ask_naws(), after RFC 1143 section 7 (see telnet.h).
 */
#include "telnet.h"

#include <string.h>

enum { TN_DATA = 0, TN_IAC, TN_OPT, TN_SB_OPT, TN_SB, TN_SB_IAC };

void proto_telnet_init(struct proto_telnet *t)
{
	memset(t, 0, sizeof(*t));
	t->state = TN_DATA;
}

/* Appends IAC cmd opt to out (when out is not NULL); 0 or -1. */
static int send_cmd(struct proto_buf *out, unsigned char cmd, unsigned char opt)
{
	const char b[3] = {(char)PROTO_TN_IAC, (char)cmd, (char)opt};

	return out == NULL ? 0 : proto_buf_add(out, b, sizeof(b));
}

/*
 * The client's WILL/WONT about its own option q (NAWS; want: we accept it)
 * or the client's DO/DONT about ours (ECHO; want 0: an unsolicited DO is
 * refused).  yes is 1 for WILL/DO.  no_cmd/yes_cmd are our answers
 * (DONT/DO, or WONT/WILL).
 */
static int q_receive(enum proto_tn_q *q, int yes, int want, unsigned char yes_cmd,
                     unsigned char no_cmd, unsigned char opt, struct proto_buf *out)
{
	switch (*q) {
	case PROTO_TN_NO:
		if (!yes)
			return 0;
		if (out == NULL)
			return 0; /* unanswered: still off */
		if (want) {
			*q = PROTO_TN_YES;
			return send_cmd(out, yes_cmd, opt);
		}
		return send_cmd(out, no_cmd, opt);
	case PROTO_TN_YES:
		if (yes)
			return 0;
		*q = PROTO_TN_NO;
		return send_cmd(out, no_cmd, opt);
	case PROTO_TN_WANTNO:
		*q = PROTO_TN_NO; /* an answer to our "no" (a "yes" here is an error: no) */
		return 0;
	case PROTO_TN_WANTYES:
	default:
		*q = yes ? PROTO_TN_YES : PROTO_TN_NO;
		return 0;
	}
}

static int negotiate(struct proto_telnet *t, unsigned char cmd, unsigned char opt,
                     struct proto_buf *out)
{
	int yes = cmd == PROTO_TN_WILL || cmd == PROTO_TN_DO;

	if (cmd == PROTO_TN_WILL || cmd == PROTO_TN_WONT) {
		/* about the client's side of opt */
		if (opt == PROTO_TN_NAWS)
			return q_receive(&t->naws, yes, 1, PROTO_TN_DO, PROTO_TN_DONT, opt, out);
		return yes ? send_cmd(out, PROTO_TN_DONT, opt) : 0;
	}
	/* DO / DONT: about the server's side of opt */
	if (opt == PROTO_TN_ECHO)
		return q_receive(&t->echo, yes, 0, PROTO_TN_WILL, PROTO_TN_WONT, opt, out);
	return yes ? send_cmd(out, PROTO_TN_WONT, opt) : 0;
}

/* A complete subnegotiation: NAWS reports the window size. */
static void subneg(struct proto_telnet *t)
{
	if (t->sbopt != PROTO_TN_NAWS || t->sblen != 4)
		return;
	t->cols = (unsigned)t->sb[0] << 8 | t->sb[1];
	t->rows = (unsigned)t->sb[2] << 8 | t->sb[3];
	t->resized = 1;
}

static void sb_add(struct proto_telnet *t, unsigned char c)
{
	if (t->sblen < sizeof(t->sb))
		t->sb[t->sblen] = c;
	if (t->sblen < (size_t)-1)
		t->sblen++;
}

int proto_telnet_decode(struct proto_telnet *t, char *buf, size_t len, size_t *ndata,
                        struct proto_buf *reply)
{
	size_t n = 0, i = 0;
	int rc = 0;

	if (t->state == TN_DATA) {
		/* the usual case: no IAC at all */
		const char *iac = memchr(buf, PROTO_TN_IAC, len);
		if (iac == NULL) {
			*ndata = len;
			return 0;
		}
		n = i = (size_t)(iac - buf);
	}
	for (; i < len; i++) {
		unsigned char c = (unsigned char)buf[i];

		switch (t->state) {
		case TN_DATA:
			if (c == PROTO_TN_IAC)
				t->state = TN_IAC;
			else
				buf[n++] = (char)c;
			break;
		case TN_IAC:
			t->state = TN_DATA;
			if (c == PROTO_TN_IAC) {
				buf[n++] = (char)c;
				break;
			}
			t->seen = 1;
			if (c >= PROTO_TN_WILL) {
				t->cmd = c;
				t->state = TN_OPT;
			} else if (c == PROTO_TN_SB) {
				t->state = TN_SB_OPT;
			}
			break;
		case TN_OPT:
			t->state = TN_DATA;
			if (negotiate(t, t->cmd, c, reply) != 0)
				rc = -1;
			break;
		case TN_SB_OPT:
			t->sbopt = c;
			t->sblen = 0;
			t->state = TN_SB;
			break;
		case TN_SB:
			if (c == PROTO_TN_IAC)
				t->state = TN_SB_IAC;
			else
				sb_add(t, c);
			break;
		case TN_SB_IAC:
		default:
			if (c == PROTO_TN_SE) {
				t->state = TN_DATA;
				subneg(t);
			} else {
				t->state = TN_SB;
				if (c == PROTO_TN_IAC)
					sb_add(t, c);
			}
			break;
		}
	}
	*ndata = n;
	return rc;
}

int proto_telnet_echo(struct proto_telnet *t, int on, struct proto_buf *out)
{
	/* in WANTNO our "no" is still unanswered: RFC 1143 starts nothing new then */
	if (on && t->echo == PROTO_TN_NO) {
		if (send_cmd(out, PROTO_TN_WILL, PROTO_TN_ECHO) != 0)
			return -1;
		t->echo = PROTO_TN_WANTYES;
	} else if (!on && (t->echo == PROTO_TN_YES || t->echo == PROTO_TN_WANTYES)) {
		if (send_cmd(out, PROTO_TN_WONT, PROTO_TN_ECHO) != 0)
			return -1;
		t->echo = PROTO_TN_WANTNO;
	}
	return 0;
}

int proto_telnet_echoing(const struct proto_telnet *t)
{
	return t->echo == PROTO_TN_YES || t->echo == PROTO_TN_WANTYES;
}

int proto_telnet_ask_naws(struct proto_telnet *t, struct proto_buf *out)
{
	if (t->naws_asked || t->naws != PROTO_TN_NO)
		return 0;
	if (send_cmd(out, PROTO_TN_DO, PROTO_TN_NAWS) != 0)
		return -1;
	t->naws_asked = 1;
	t->naws = PROTO_TN_WANTYES;
	return 0;
}
