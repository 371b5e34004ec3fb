/*
 * tls.h -- `wargame --tls`: TLS (OpenSSL 3) over the connected socket.
 *
 * The server's certificate is verified against the CA file given (--ca FILE) or, without
 * one, the system's trust store, and must name the host the client connected to (its DNS
 * name, or its IP address when the host is an address).  TLS 1.2 or later.  A failure is
 * reported in one sentence that says what was wrong and what to check; nothing is sent to
 * the server before the handshake and the check have succeeded.
 *
 * Reads and writes behave as recv(2)/send(2) on the non-blocking socket: > 0 bytes, 0 at
 * the end (a close_notify, or the server closing the socket), or -1 with errno (EAGAIN
 * when nothing can be done now, EIO with the reason in cli_tls_error).
 */
#ifndef CLI_TLS_H
#define CLI_TLS_H

#include <stddef.h>
#include <sys/types.h>

struct cli_tls;

/*
 * Runs the handshake on fd (connected, non-blocking) with host (the name or address
 * connected to), within timeout_ms.  ca_file NULL: the system's store.  Returns the
 * session, or NULL with *cause set (the caller frees it).
 */
struct cli_tls *cli_tls_connect(int fd, const char *host, const char *port, const char *ca_file,
                                int timeout_ms, char **cause);
ssize_t cli_tls_read(struct cli_tls *t, void *buf, size_t n);
ssize_t cli_tls_write(struct cli_tls *t, const void *buf, size_t n);
/* Decrypted bytes waiting inside the session (poll(2) cannot see them). */
size_t cli_tls_pending(struct cli_tls *t);
/* The reason of the last EIO. */
const char *cli_tls_error(struct cli_tls *t);
/* Sends a close_notify (best effort) and frees t; the socket stays open. */
void cli_tls_close(struct cli_tls *t);

#endif
