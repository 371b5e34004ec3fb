/*
 * tls.c -- `wargame --tls` (see tls.h).
 */
#include "tls.h"

#include <arpa/inet.h>
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include "conn.h"

struct cli_tls {
	SSL_CTX *ctx;
	SSL *ssl;
	char error[256];
};

/* OpenSSL's first queued error, the queue emptied. */
static const char *reason(char *buf, size_t n)
{
	unsigned long e = ERR_get_error();

	if (e == 0)
		snprintf(buf, n, "the connection was closed");
	else
		ERR_error_string_n(e, buf, n);
	ERR_clear_error();
	return buf;
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void free_tls(struct cli_tls *t)
{
	SSL_free(t->ssl);
	SSL_CTX_free(t->ctx);
	free(t);
}

/* Why the handshake failed, in one sentence for a person. */
static void handshake_cause(struct cli_tls *t, const char *host, const char *port,
                            const char *ca_file, char **cause)
{
	long v = SSL_get_verify_result(t->ssl);
	char why[256];

	if (v != X509_V_OK) {
		cli_set_cause(
		    cause, "TLS with %s port %s: the server's certificate was refused: %s (%s)",
		    host, port, X509_verify_cert_error_string(v),
		    v == X509_V_ERR_HOSTNAME_MISMATCH || v == X509_V_ERR_IP_ADDRESS_MISMATCH
		        ? "it is not for this host name or address"
		    : ca_file != NULL ? "is --ca the CA that signed it?"
		                      : "the system's trust store does not know its CA; give "
		                        "the CA with --ca FILE");
		ERR_clear_error();
		return;
	}
	reason(why, sizeof(why));
	cli_set_cause(cause, "TLS with %s port %s failed: %s%s", host, port, why,
	              strstr(why, "wrong version number") || strstr(why, "packet length")
	                  ? " (is it the server's TLS port? --tls-listen)"
	                  : "");
}

struct cli_tls *cli_tls_connect(int fd, const char *host, const char *port, const char *ca_file,
                                int timeout_ms, char **cause)
{
	struct cli_tls *t = calloc(1, sizeof(*t));
	unsigned char addr[16];
	long long end = now_ms() + timeout_ms;
	char why[256];
	int is_ip;

	if (t == NULL) {
		cli_set_cause(cause, "out of memory");
		return NULL;
	}
	t->ctx = SSL_CTX_new(TLS_client_method());
	if (t->ctx == NULL) {
		cli_set_cause(cause, "cannot set up TLS: %s", reason(why, sizeof(why)));
		free_tls(t);
		return NULL;
	}
	SSL_CTX_set_min_proto_version(t->ctx, TLS1_2_VERSION);
	SSL_CTX_set_verify(t->ctx, SSL_VERIFY_PEER, NULL);
	/* the protocol is lines: a server that closes without close_notify has just closed */
	SSL_CTX_set_options(t->ctx, SSL_OP_IGNORE_UNEXPECTED_EOF | SSL_OP_NO_RENEGOTIATION);
	SSL_CTX_set_mode(t->ctx,
	                 SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
	if (ca_file != NULL ? SSL_CTX_load_verify_locations(t->ctx, ca_file, NULL) != 1
	                    : SSL_CTX_set_default_verify_paths(t->ctx) != 1) {
		if (ca_file != NULL)
			cli_set_cause(cause, "--ca %s: cannot read the CA certificates: %s",
			              ca_file, reason(why, sizeof(why)));
		else
			cli_set_cause(cause, "cannot read the system's trust store: %s",
			              reason(why, sizeof(why)));
		free_tls(t);
		return NULL;
	}
	t->ssl = SSL_new(t->ctx);
	if (t->ssl == NULL || SSL_set_fd(t->ssl, fd) != 1) {
		cli_set_cause(cause, "cannot set up TLS: %s", reason(why, sizeof(why)));
		free_tls(t);
		return NULL;
	}
	/* the certificate must name what was connected to: an address, or a host name */
	is_ip = inet_pton(AF_INET, host, addr) == 1 || inet_pton(AF_INET6, host, addr) == 1;
	if (is_ip
	        ? X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(t->ssl), host) != 1
	        : SSL_set1_host(t->ssl, host) != 1 || SSL_set_tlsext_host_name(t->ssl, host) != 1) {
		cli_set_cause(cause, "cannot set up TLS for %s: %s", host,
		              reason(why, sizeof(why)));
		free_tls(t);
		return NULL;
	}
	for (;;) {
		int rc = SSL_connect(t->ssl), err, left;
		struct pollfd pfd = {.fd = fd};
		if (rc == 1)
			return t;
		err = SSL_get_error(t->ssl, rc);
		if (err == SSL_ERROR_WANT_READ)
			pfd.events = POLLIN;
		else if (err == SSL_ERROR_WANT_WRITE)
			pfd.events = POLLOUT;
		else
			break;
		left = (int)(end - now_ms());
		if (left <= 0) {
			cli_set_cause(cause, "TLS with %s port %s: no handshake within %d s", host,
			              port, timeout_ms / 1000);
			free_tls(t);
			return NULL;
		}
		if (poll(&pfd, 1, left) < 0 && errno != EINTR) {
			cli_set_cause(cause, "poll: %s", strerror(errno));
			free_tls(t);
			return NULL;
		}
	}
	handshake_cause(t, host, port, ca_file, cause);
	free_tls(t);
	return NULL;
}

/* recv/send-like result of an SSL_read or SSL_write that returned rc. */
static ssize_t result(struct cli_tls *t, int rc)
{
	int err;

	if (rc > 0)
		return rc;
	err = SSL_get_error(t->ssl, rc);
	switch (err) {
	case SSL_ERROR_WANT_READ:
	case SSL_ERROR_WANT_WRITE:
		errno = EAGAIN;
		return -1;
	case SSL_ERROR_ZERO_RETURN:
		return 0;
	case SSL_ERROR_SYSCALL:
		if (errno != 0 && ERR_peek_error() == 0) {
			snprintf(t->error, sizeof(t->error), "%s", strerror(errno));
			return -1;
		}
		/* fall through */
	default:
		reason(t->error, sizeof(t->error));
		errno = EIO;
		return -1;
	}
}

ssize_t cli_tls_read(struct cli_tls *t, void *buf, size_t n)
{
	errno = 0;
	return result(t, SSL_read(t->ssl, buf, n > 65536 ? 65536 : (int)n));
}

ssize_t cli_tls_write(struct cli_tls *t, const void *buf, size_t n)
{
	errno = 0;
	return result(t, SSL_write(t->ssl, buf, n > 65536 ? 65536 : (int)n));
}

size_t cli_tls_pending(struct cli_tls *t)
{
	return t != NULL ? (size_t)SSL_pending(t->ssl) : 0;
}

const char *cli_tls_error(struct cli_tls *t)
{
	return t->error[0] ? t->error : "TLS error";
}

void cli_tls_close(struct cli_tls *t)
{
	if (t == NULL)
		return;
	SSL_shutdown(t->ssl); /* one try: a close_notify if the socket takes it */
	ERR_clear_error();
	free_tls(t);
}
