/*
 * telnet.h -- the telnet layer of a connection: IAC commands taken out of
 * the byte stream, option negotiation, the window size a client reports.
 *
 * Bytes from the socket pass through proto_telnet_decode before the
 * framer (framer.h), which then sees data bytes only.  In the stream, IAC
 * (255) starts a command:
 *
 *   IAC IAC                   a data byte 255
 *   IAC WILL|WONT|DO|DONT opt option negotiation (answered, see below)
 *   IAC SB opt ... IAC SE     subnegotiation; inside it IAC IAC is a 255
 *                             of the payload; NAWS (31) carries the window
 *                             size as width and height, 16 bits each
 *   IAC <any other byte>      a command without argument (NOP, AYT, GA,
 *                             ...), dropped
 * A command may be split across reads: the parser state is kept.
 *
 * Options, negotiated after RFC 1143 (the "Q method", without its queue
 * bit, so a request is never answered twice and no loop can start):
 *   ECHO (1) on the server's side: the server offers it (WILL ECHO) only
 *     when asked to by proto_telnet_echo, while a password is typed, and
 *     withdraws it (WONT ECHO) afterwards; a client's unsolicited DO ECHO
 *     is refused.  "The server echoes" means the client stops echoing, and
 *     the server echoes nothing of the line.
 *   NAWS (31) on the client's side: accepted when the client offers it
 *     (WILL NAWS is answered DO NAWS), and asked for by proto_telnet_ask_naws.
 *   Every other option is refused (WILL x gets DONT x, DO x gets WONT x);
 *   WONT and DONT of an option that is off get no answer.
 *
 * Answers go to the reply buffer given to proto_telnet_decode; with NULL
 * nothing is sent (a JSON-mode connection never receives an IAC byte) and
 * the states stay as they were (an offer left unanswered is an offer
 * refused).  Pure: no I/O; the only allocation is the reply buffer's.
 */
#ifndef PROTO_TELNET_H
#define PROTO_TELNET_H

#include <stddef.h>

#include "buf.h"

#define PROTO_TN_IAC  255
#define PROTO_TN_DONT 254
#define PROTO_TN_DO   253
#define PROTO_TN_WONT 252
#define PROTO_TN_WILL 251
#define PROTO_TN_SB   250
#define PROTO_TN_SE   240

#define PROTO_TN_ECHO 1
#define PROTO_TN_NAWS 31

/* Q-method states of one side of an option. */
enum proto_tn_q { PROTO_TN_NO = 0, PROTO_TN_YES, PROTO_TN_WANTNO, PROTO_TN_WANTYES };

struct proto_telnet {
	int state;            /* parser state (telnet.c) */
	unsigned char cmd;    /* WILL/WONT/DO/DONT awaiting its option byte */
	unsigned char sbopt;  /* the option of the subnegotiation being read */
	unsigned char sb[8];  /* its payload (longer payloads are not kept) */
	size_t sblen;         /* payload bytes seen, also beyond sizeof(sb) */
	enum proto_tn_q echo; /* the server's ECHO */
	enum proto_tn_q naws; /* the client's NAWS */
	int naws_asked;       /* DO NAWS was sent once: never asked again */
	int seen;             /* the peer has sent a telnet command (not IAC IAC) */
	unsigned cols, rows;  /* last size reported through NAWS (0: none or unknown) */
	int resized;          /* set when a NAWS report arrives; the caller clears it */
};

/* Resets t: no command in progress, every option off, no size. */
void proto_telnet_init(struct proto_telnet *t);

/*
 * Decodes buf[0..len) in place: telnet commands are taken out and acted
 * on, the data bytes are moved to the front of buf and their count is
 * stored in *ndata.  Answers are appended to reply (NULL: none sent).
 * Returns 0, or -1 when reply could not grow (the data is decoded anyway).
 */
int proto_telnet_decode(struct proto_telnet *t, char *buf, size_t len, size_t *ndata,
                        struct proto_buf *reply);

/*
 * Turns the server's ECHO on (IAC WILL ECHO) or off (IAC WONT ECHO),
 * appending what must be sent to out; nothing when it is already in (or
 * on its way to) that state, and no "on" while an earlier "off" is
 * unanswered (RFC 1143).  0 or -1 (out of memory).
 */
int proto_telnet_echo(struct proto_telnet *t, int on, struct proto_buf *out);
/* 1 while the server has said it echoes (WILL ECHO sent and not refused). */
int proto_telnet_echoing(const struct proto_telnet *t);
/* Asks the client for its window size (IAC DO NAWS) unless NAWS is on or was asked for. */
int proto_telnet_ask_naws(struct proto_telnet *t, struct proto_buf *out);

#endif
