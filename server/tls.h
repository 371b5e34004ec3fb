/*
 * tls.h -- the TLS listener's encryption (OpenSSL 3): the server's certificate and
 * settings, and one connection's TLS state between libuv's socket and the protocol.
 *
 * The protocol does not change under TLS: a TLS connection is a struct srv_conn like any
 * other (text and JSON, telnet bytes, the work budget, backpressure, the limits), with
 * c->tls set.  OpenSSL never touches the socket; two memory BIOs sit between libuv and
 * SSL (the usual pattern with an event loop):
 *
 *   socket --uv read--> readbuf --BIO_write--> rbio --SSL_read--> plaintext
 *        --> srv__conn_input (conn.c: telnet, framing, turns; as for a plain socket)
 *
 *   c->out (plaintext replies) --SSL_write--> wbio --BIO_read--> t->wire
 *        --> uv_try_write / uv_write (conn.c conn_flush, after the batch commit)
 *
 * States of a connection's TLS:
 *
 *              accept                  handshake done (SSL_is_init_finished)
 *   (none) ----------> HANDSHAKE -------------------------------------------> READY
 *                          |  a bad or plain-text ClientHello, any TLS error      |
 *                          v                                                     |
 *                       closed (logged; a plain-text client is told once, in     |
 *                       plain text, that the port speaks TLS)                    |
 *                                                close_after_flush: close_notify |
 *                                                queued after the last bytes <---+
 *
 * While HANDSHAKE, replies stay in c->out (the greeting among them) and only
 * handshake records are written; READY asks conn.c for a flush, which sends them.
 * The plaintext buffer of every read is the loop's read buffer, wiped after use as for
 * a plain connection; OpenSSL's own record buffers are cleansed by OpenSSL
 * (SSL_OP_CLEANSE_PLAINTEXT).
 *
 * Settings: TLS 1.2 and 1.3 only; TLS 1.2 with ECDHE key exchange and AEAD ciphers only
 * (forward secrecy), TLS 1.3 with OpenSSL's defaults; no renegotiation, no compression.
 * The certificate chain and key are PEM files (--tls-cert, --tls-key); SIGHUP loads them
 * again (srv_tls_reload): new connections use the new pair, open ones keep theirs, and a
 * pair that does not load leaves the old one in place, with the reason logged.
 *
 * Ownership: struct srv owns the context (s->tls, freed by srv_tls_release; an SSL_CTX
 * is reference-counted, so a context replaced by a reload lives until its last
 * connection is freed); a connection owns its struct srv_tls_conn (freed with it).
 */
#ifndef SRV_TLS_H
#define SRV_TLS_H

#include <stddef.h>

#include "protocol/buf.h"

struct srv;
struct srv_conn;
struct srv_tls;      /* the server's context: opaque */
struct srv_tls_conn; /* one connection's state: opaque */

/*
 * Loads --tls-cert and --tls-key into a new context (s->tls).  Returns 0, or -1 with a
 * message in why (the file, and OpenSSL's reason).  Logs the certificate's subject and
 * expiry (a warning when it has expired).
 */
int srv_tls_init(struct srv *s, char *why, size_t n);
/* SIGHUP: loads the files again; on success the new pair serves new connections, else
 * the old one stays.  Logs which; returns 0 or -1. */
int srv_tls_reload(struct srv *s);
/* Frees the context (shutdown). */
void srv_tls_release(struct srv *s);

/* Gives c (just accepted on the TLS listener) its TLS state; 0, or -1 (out of memory). */
int srv_tls_conn_new(struct srv *s, struct srv_conn *c);
/* Frees c's TLS state (from free_conn). */
void srv_tls_conn_free(struct srv_conn *c);
/* 1 once c's handshake is done (replies may be sent). */
int srv_tls_ready(const struct srv_conn *c);
/*
 * len bytes of ciphertext were read into buf (size cap, the loop's read buffer): hands
 * them to OpenSSL and every plaintext byte they yield to srv__conn_input, through buf
 * again.  A TLS error closes c (logged); a close_notify is the client's end of input
 * (srv__conn_eof).  Asks for a flush when there are handshake bytes or, once READY,
 * replies to send.
 */
void srv_tls_input(struct srv_conn *c, char *buf, size_t len, size_t cap);
/*
 * Encrypts c->out (emptied) once READY -- and, when c closes after the flush and nothing
 * else is left, a close_notify -- and returns the ciphertext waiting to be written (the
 * caller writes it and consumes or detaches what was written), or NULL when OpenSSL
 * failed (the caller closes c).
 */
struct proto_buf *srv_tls_seal(struct srv_conn *c);

#endif
