/*
 * conn.h -- where the client connects, and the connecting itself.
 *
 * A target is "host[:port]": "example.org", "example.org:4001", ":4001"
 * (default host), "[::1]:4001", or a bare IPv6 address ("::1", which has
 * more than one colon and so no port).  Defaults: 127.0.0.1 and 4000.
 */
#ifndef CLI_CONN_H
#define CLI_CONN_H

#include <stddef.h>

#define CLI_DEFAULT_HOST "127.0.0.1"
#define CLI_DEFAULT_PORT "4000"

struct cli_target {
	char host[256];
	char port[8];
};

/* Sets *cause to a formatted message the caller frees (the error convention of client/). */
void cli_set_cause(char **cause, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * Parses arg (NULL for the defaults) into t.  Returns 0, or -1 with *cause
 * set to a message the caller frees.
 */
int cli_target_parse(const char *arg, struct cli_target *t, char **cause);
/*
 * Connects to t over TCP, trying every address the name resolves to, each
 * for at most timeout_ms.  Returns a connected, non-blocking, close-on-exec
 * socket, or -1 with *cause set (the caller frees it).
 */
int cli_connect(const struct cli_target *t, int timeout_ms, char **cause);

#endif
