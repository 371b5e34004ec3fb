/*
 * tls.c -- the TLS listener's encryption through memory BIOs.  See tls.h for the data
 * path, the states and the settings.
 */
#include "tls.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include "conn.h"
#include "log.h"
#include "server.h"

/* TLS 1.2: ECDHE key exchange and AEAD ciphers only (forward secrecy; Mozilla's
 * "intermediate" list without the finite-field DHE suites).  TLS 1.3 keeps OpenSSL's
 * default suites (AES-GCM and ChaCha20-Poly1305). */
#define TLS12_CIPHERS                                                                              \
	"ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:"                               \
	"ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:"                               \
	"ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305"

struct srv_tls {
	SSL_CTX *ctx; /* the pair new connections get */
};

struct srv_tls_conn {
	SSL *ssl;
	BIO *rbio;             /* ciphertext from the client (owned by ssl) */
	BIO *wbio;             /* ciphertext for the client (owned by ssl) */
	struct proto_buf wire; /* ciphertext taken from wbio, not yet written */
	int ready;             /* the handshake is done */
	int shut;              /* close_notify queued */
};

/* OpenSSL's first queued error as text (the queue is emptied); "unknown error" if none. */
static const char *ssl_reason(char *buf, size_t n)
{
	unsigned long e = ERR_get_error(), more;

	if (e == 0) {
		snprintf(buf, n, "unknown error");
		return buf;
	}
	ERR_error_string_n(e, buf, n);
	while ((more = ERR_get_error()) != 0)
		;
	return buf;
}

/* Logs the subject and expiry of ctx's certificate; a warning when it has expired. */
static void log_certificate(SSL_CTX *ctx, const char *what)
{
	X509 *x = SSL_CTX_get0_certificate(ctx);
	BIO *b = BIO_new(BIO_s_mem());
	char subject[256] = "?", until[64] = "?";
	char *p;
	long n;

	if (x == NULL || b == NULL) {
		BIO_free(b);
		return;
	}
	X509_NAME_oneline(X509_get_subject_name(x), subject, sizeof(subject));
	if (ASN1_TIME_print(b, X509_get0_notAfter(x)) == 1 && (n = BIO_get_mem_data(b, &p)) > 0)
		snprintf(until, sizeof(until), "%.*s", (int)(n < 63 ? n : 63), p);
	BIO_free(b);
	if (X509_cmp_current_time(X509_get0_notAfter(x)) < 0)
		log_warn(0, "%s: %s, EXPIRED on %s: clients that check it will refuse it", what,
		         subject, until);
	else
		log_info(0, "%s: %s, valid until %s", what, subject, until);
}

/* A context with the settings of tls.h and the configured pair; NULL with why filled. */
static SSL_CTX *new_context(const struct srv_config *cfg, char *why, size_t n)
{
	SSL_CTX *ctx = SSL_CTX_new(TLS_server_method());
	char reason[256];

	if (ctx == NULL) {
		snprintf(why, n, "cannot make a TLS context: %s",
		         ssl_reason(reason, sizeof(reason)));
		return NULL;
	}
	SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
	SSL_CTX_set_options(ctx, SSL_OP_NO_RENEGOTIATION | SSL_OP_NO_COMPRESSION |
	                             SSL_OP_CLEANSE_PLAINTEXT);
	SSL_CTX_set_mode(ctx, SSL_MODE_RELEASE_BUFFERS);
	if (SSL_CTX_set_cipher_list(ctx, TLS12_CIPHERS) != 1) {
		snprintf(why, n, "cannot set the TLS 1.2 ciphers: %s",
		         ssl_reason(reason, sizeof(reason)));
		goto fail;
	}
	if (SSL_CTX_use_certificate_chain_file(ctx, cfg->tls_cert) != 1) {
		snprintf(why, n, "--tls-cert %s: %s", cfg->tls_cert,
		         ssl_reason(reason, sizeof(reason)));
		goto fail;
	}
	if (SSL_CTX_use_PrivateKey_file(ctx, cfg->tls_key, SSL_FILETYPE_PEM) != 1) {
		if (ERR_GET_REASON(ERR_peek_last_error()) == X509_R_KEY_VALUES_MISMATCH)
			snprintf(why, n,
			         "--tls-key %s does not match the certificate of --tls-cert %s",
			         cfg->tls_key, cfg->tls_cert);
		else
			snprintf(why, n, "--tls-key %s: %s", cfg->tls_key,
			         ssl_reason(reason, sizeof(reason)));
		ERR_clear_error();
		goto fail;
	}
	if (SSL_CTX_check_private_key(ctx) != 1) {
		snprintf(why, n, "--tls-key %s does not match the certificate of --tls-cert %s: %s",
		         cfg->tls_key, cfg->tls_cert, ssl_reason(reason, sizeof(reason)));
		goto fail;
	}
	return ctx;
fail:
	SSL_CTX_free(ctx);
	return NULL;
}

int srv_tls_init(struct srv *s, char *why, size_t n)
{
	struct srv_tls *t = calloc(1, sizeof(*t));

	if (t == NULL) {
		snprintf(why, n, "out of memory");
		return -1;
	}
	t->ctx = new_context(&s->cfg, why, n);
	if (t->ctx == NULL) {
		free(t);
		return -1;
	}
	log_certificate(t->ctx, "TLS certificate");
	s->tls = t;
	return 0;
}

int srv_tls_reload(struct srv *s)
{
	char why[600];
	SSL_CTX *ctx;

	if (s->tls == NULL)
		return -1;
	ctx = new_context(&s->cfg, why, sizeof(why));
	if (ctx == NULL) {
		log_error(0, "SIGHUP: the TLS certificate was not reloaded, the old one stays: %s",
		          why);
		return -1;
	}
	SSL_CTX_free(s->tls->ctx); /* open connections hold their own references */
	s->tls->ctx = ctx;
	log_certificate(ctx, "SIGHUP: TLS certificate reloaded");
	return 0;
}

void srv_tls_release(struct srv *s)
{
	if (s->tls == NULL)
		return;
	SSL_CTX_free(s->tls->ctx);
	free(s->tls);
	s->tls = NULL;
}

/* ---- connections ---- */

int srv_tls_conn_new(struct srv *s, struct srv_conn *c)
{
	struct srv_tls_conn *t = calloc(1, sizeof(*t));

	if (t == NULL)
		return -1;
	t->ssl = SSL_new(s->tls->ctx);
	t->rbio = BIO_new(BIO_s_mem());
	t->wbio = BIO_new(BIO_s_mem());
	if (t->ssl == NULL || t->rbio == NULL || t->wbio == NULL) {
		BIO_free(t->rbio);
		BIO_free(t->wbio);
		SSL_free(t->ssl);
		free(t);
		ERR_clear_error();
		return -1;
	}
	SSL_set_bio(t->ssl, t->rbio, t->wbio); /* ssl owns both now */
	SSL_set_accept_state(t->ssl);
	proto_buf_init(&t->wire);
	c->tls = t;
	return 0;
}

void srv_tls_conn_free(struct srv_conn *c)
{
	struct srv_tls_conn *t = c->tls;

	if (t == NULL)
		return;
	SSL_free(t->ssl);
	proto_buf_release(&t->wire);
	free(t);
	c->tls = NULL;
}

int srv_tls_ready(const struct srv_conn *c)
{
	return c->tls != NULL && c->tls->ready;
}

/* The handshake is done: say so, and let the replies held back (the greeting) go. */
static void handshake_done(struct srv_conn *c)
{
	struct srv_tls_conn *t = c->tls;

	t->ready = 1;
	log_info(c->id, "TLS established: %s, %s", SSL_get_version(t->ssl),
	         SSL_CIPHER_get_name(SSL_get_current_cipher(t->ssl)));
}

/*
 * A TLS error: the connection closes.  A client that spoke plain text to the TLS port (the
 * first bytes were a letter) is told so once, in plain text, before the close.
 */
static void tls_failed(struct srv_conn *c, int first_byte)
{
	char reason[256];
	static const char hint[] = "err bad-request this port speaks TLS: connect with "
	                           "`wargame --tls` (or `openssl s_client`), or use the plain "
	                           "port\n";

	char alert[512];
	int n;

	ssl_reason(reason, sizeof(reason));
	log_info(c->id, "TLS %s failed: %s", c->tls->ready ? "connection" : "handshake", reason);
	if (!c->tls->ready && first_byte >= 0 && isalpha(first_byte)) {
		uv_buf_t b = uv_buf_init((char *)hint, sizeof(hint) - 1);
		uv_try_write((uv_stream_t *)&c->tcp, &b, 1); /* best effort: the close follows */
	} else if ((n = BIO_read(c->tls->wbio, alert, sizeof(alert))) > 0) {
		/* the alert OpenSSL wrote (e.g. protocol_version), so the client learns why */
		uv_buf_t b = uv_buf_init(alert, (unsigned)n);
		uv_try_write((uv_stream_t *)&c->tcp, &b, 1);
	}
	srv_conn_close(c, c->tls->ready ? "TLS error" : "TLS handshake failed");
}

void srv_tls_input(struct srv_conn *c, char *buf, size_t len, size_t cap)
{
	struct srv_tls_conn *t = c->tls;
	int first = !t->ready && len > 0 && BIO_ctrl_pending(t->rbio) == 0 &&
	                    SSL_get_state(t->ssl) == TLS_ST_BEFORE
	                ? (unsigned char)buf[0]
	                : -1;

	if (BIO_write(t->rbio, buf, (int)len) != (int)len) {
		srv_conn_close(c, "out of memory");
		return;
	}
	for (;;) {
		int n, err;
		if (c->closing || c->eof)
			return;
		n = SSL_read(t->ssl, buf, (int)(cap > 65536 ? 65536 : cap));
		if (n > 0) {
			if (!t->ready)
				handshake_done(c);
			srv__conn_input(c, buf, (size_t)n);
			continue;
		}
		err = SSL_get_error(t->ssl, n);
		if (err == SSL_ERROR_WANT_READ || err == SSL_ERROR_WANT_WRITE)
			break;
		if (err == SSL_ERROR_ZERO_RETURN) { /* close_notify: the client sends no more */
			srv__conn_eof(c);
			return;
		}
		tls_failed(c, first);
		return;
	}
	if (!t->ready && SSL_is_init_finished(t->ssl))
		handshake_done(c);
	if (BIO_ctrl_pending(t->wbio) > 0 || (t->ready && (c->out.len > 0 || c->park.len > 0)))
		srv__conn_want_flush(c);
}

struct proto_buf *srv_tls_seal(struct srv_conn *c)
{
	struct srv_tls_conn *t = c->tls;
	size_t pending;

	if (t->ready && c->out.len > 0) {
		/* a memory BIO takes everything: SSL_write writes it all or fails */
		if (SSL_write(t->ssl, c->out.data, (int)c->out.len) != (int)c->out.len) {
			char reason[256];
			log_info(c->id, "TLS write failed: %s", ssl_reason(reason, sizeof(reason)));
			return NULL;
		}
		proto_buf_release(&c->out);
	}
	if (t->ready && !t->shut && c->close_after_flush && c->out.len == 0 && c->park.len == 0) {
		t->shut = 1;
		SSL_shutdown(t->ssl); /* queues close_notify; the client's is not waited for */
		ERR_clear_error();
	}
	pending = BIO_ctrl_pending(t->wbio);
	if (pending > 0) {
		if (proto_buf_grow(&t->wire, pending) != 0)
			return NULL;
		if (BIO_read(t->wbio, t->wire.data + t->wire.len, (int)pending) != (int)pending)
			return NULL;
		t->wire.len += pending;
		t->wire.data[t->wire.len] = '\0';
	}
	return &t->wire;
}
