/*
 * conn.c -- parsing "host[:port]" and connecting (see conn.h).
 */
#include "conn.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "protocol/buf.h"

void cli_set_cause(char **cause, const char *fmt, ...)
{
	struct proto_buf b = PROTO_BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	proto_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	*cause = proto_buf_detach(&b, NULL);
}

/* Copies s[0..n) into dst of size sz; 0, or -1 if it does not fit or is empty. */
static int copy_part(char *dst, size_t sz, const char *s, size_t n)
{
	if (n == 0 || n >= sz)
		return -1;
	memcpy(dst, s, n);
	dst[n] = '\0';
	return 0;
}

int cli_target_parse(const char *arg, struct cli_target *t, char **cause)
{
	const char *colon, *close, *port = NULL;
	size_t hostlen;
	char *end;
	long p;

	strcpy(t->host, CLI_DEFAULT_HOST);
	strcpy(t->port, CLI_DEFAULT_PORT);
	if (arg == NULL || *arg == '\0')
		return 0;
	if (arg[0] == '[') {
		close = strchr(arg, ']');
		if (close == NULL || (close[1] != '\0' && close[1] != ':')) {
			cli_set_cause(cause, "bad address '%s' (expected [ipv6]:port)", arg);
			return -1;
		}
		if (copy_part(t->host, sizeof(t->host), arg + 1, (size_t)(close - arg - 1)) != 0) {
			cli_set_cause(cause, "bad host in '%s'", arg);
			return -1;
		}
		if (close[1] == ':')
			port = close + 2;
	} else {
		colon = strchr(arg, ':');
		if (colon != NULL && strchr(colon + 1, ':') != NULL) {
			colon = NULL; /* a bare IPv6 address */
		}
		hostlen = colon != NULL ? (size_t)(colon - arg) : strlen(arg);
		if (hostlen > 0 && copy_part(t->host, sizeof(t->host), arg, hostlen) != 0) {
			cli_set_cause(cause, "host name too long in '%s'", arg);
			return -1;
		}
		if (colon != NULL)
			port = colon + 1;
	}
	if (port != NULL) {
		errno = 0;
		p = strtol(port, &end, 10);
		if (*port == '\0' || *end != '\0' || errno != 0 || p < 1 || p > 65535) {
			cli_set_cause(cause, "bad port '%s' (expected 1..65535)", port);
			return -1;
		}
		snprintf(t->port, sizeof(t->port), "%ld", p);
	}
	return 0;
}

/* Connects fd to ai within timeout_ms; 0 or an errno value. */
static int connect_one(int fd, const struct addrinfo *ai, int timeout_ms)
{
	struct pollfd pfd = {.fd = fd, .events = POLLOUT};
	socklen_t len = sizeof(int);
	int err = 0, rc;

	if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
		return 0;
	if (errno != EINPROGRESS)
		return errno;
	do
		rc = poll(&pfd, 1, timeout_ms);
	while (rc < 0 && errno == EINTR);
	if (rc == 0)
		return ETIMEDOUT;
	if (rc < 0)
		return errno;
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0)
		return errno;
	return err;
}

int cli_connect(const struct cli_target *t, int timeout_ms, char **cause)
{
	struct addrinfo hints, *res = NULL, *ai;
	int fd = -1, rc, err = 0, one = 1;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV;
	rc = getaddrinfo(t->host, t->port, &hints, &res);
	if (rc != 0) {
		cli_set_cause(cause, "cannot resolve %s: %s", t->host, gai_strerror(rc));
		return -1;
	}
	for (ai = res; ai != NULL; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
		            ai->ai_protocol);
		if (fd < 0) {
			err = errno;
			continue;
		}
		err = connect_one(fd, ai, timeout_ms);
		if (err == 0)
			break;
		close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0) {
		cli_set_cause(cause, "cannot connect to %s port %s: %s", t->host, t->port,
		              strerror(err != 0 ? err : ECONNREFUSED));
		return -1;
	}
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	return fd;
}
