/*
 * client_fake_server.c -- a tiny stand-in for wargamed (see client_fake_server.h).
 */
#define _GNU_SOURCE /* accept4, pipe2 */
#include "client_fake_server.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "common/str.h"

#define FAKE_IN_MAX  8192
#define FAKE_OUT_MAX 65536
#define FAKE_DELAYED 4

struct fake_delayed {
	int64_t due; /* ms; 0 = unused */
	char text[64];
};

struct fake_client {
	int fd; /* -1 = free slot */
	char in[FAKE_IN_MAX];
	size_t in_len;
	char out[FAKE_OUT_MAX];
	size_t out_len;
	int greeting_held;
	int64_t greeting_due; /* FAKE_MERGE: send the held greeting alone at this time */
	int close_after_flush;
	struct fake_delayed delayed[FAKE_DELAYED];
};

struct fake_server {
	enum fake_mode mode;
	int listen_fd;
	int port;
	int stop_pipe[2];
	pthread_t thread;
	pthread_mutex_t lock;
	size_t requests;
	size_t accepted;
	unsigned registers;
	struct fake_client clients[FAKE_MAX_CLIENTS];
};

static int64_t fake_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void out_add(struct fake_client *c, const char *s)
{
	size_t n = strlen(s);

	if (c->out_len + n <= FAKE_OUT_MAX) {
		memcpy(c->out + c->out_len, s, n);
		c->out_len += n;
	}
}

static void close_client(struct fake_client *c)
{
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
}

/* Sends the queued output (byte by byte in split mode); closes on error. */
static void flush_client(struct fake_server *s, struct fake_client *c)
{
	size_t off = 0, chunk;
	ssize_t n;

	while (off < c->out_len) {
		chunk = s->mode == FAKE_SPLIT ? 1 : c->out_len - off;
		n = send(c->fd, c->out + off, chunk, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			close_client(c);
			return;
		}
		off += (size_t)n;
	}
	c->out_len = 0;
	if (c->close_after_flush)
		close_client(c);
}

static void add_delayed(struct fake_client *c, int64_t after_ms, const char *text)
{
	size_t i;

	for (i = 0; i < FAKE_DELAYED; i++) {
		if (c->delayed[i].due == 0) {
			c->delayed[i].due = fake_now_ms() + after_ms;
			wg_strcopy(c->delayed[i].text, sizeof(c->delayed[i].text), text);
			return;
		}
	}
}

/* Appends "[@tag ]rest\n" to the client's output. */
static void final_line(struct fake_client *c, const char *tag, const char *rest)
{
	if (tag != NULL) {
		out_add(c, tag);
		out_add(c, " ");
	}
	out_add(c, rest);
	out_add(c, "\n");
}

/* Answers one request line. */
static void handle_line(struct fake_server *s, struct fake_client *c, char *line)
{
	char *tag = NULL, *verb = line, *sp;
	char buf[128];
	unsigned reg;

	pthread_mutex_lock(&s->lock);
	s->requests++;
	pthread_mutex_unlock(&s->lock);
	if (line[0] == '@' && (sp = strchr(line, ' ')) != NULL) {
		*sp = '\0';
		tag = line;
		verb = sp + 1;
	}
	sp = strchr(verb, ' ');
	if (sp != NULL)
		*sp = '\0';

	if (strcasecmp(verb, "ping") == 0) {
		final_line(c, tag, "ok pong");
	} else if (strcasecmp(verb, "help") == 0) {
		out_add(c, "  line one\n  line two\n");
		final_line(c, tag, "ok");
	} else if (strcasecmp(verb, "boom") == 0) {
		final_line(c, tag, "err bad-verb no such verb");
	} else if (strcasecmp(verb, "notify") == 0) {
		out_add(c, "* something happened\n");
		final_line(c, tag, "ok");
	} else if (strcasecmp(verb, "later") == 0) {
		final_line(c, tag, "ok");
		add_delayed(c, 300, "* later event\n");
	} else if (strcasecmp(verb, "examine") == 0) {
		/* a Campaign examination (8.2): the reply shows, the notice says how long */
		out_add(c, "  64: 1037 1038\n");
		final_line(c, tag, "ok");
		out_add(c, "* intel-oob game=1 the german OOB mat is in the reply; clients hide it "
		           "after 1 seconds: hide-after=1\n");
	} else if (strcasecmp(verb, "slow") == 0) {
		snprintf(buf, sizeof(buf), "%s%sok slow\n", tag != NULL ? tag : "",
		         tag != NULL ? " " : "");
		add_delayed(c, 500, buf);
	} else if (strcasecmp(verb, "hang") == 0) {
		/* no reply */
	} else if (strcasecmp(verb, "quit") == 0) {
		final_line(c, tag, "ok bye");
		c->close_after_flush = 1;
	} else if (strcasecmp(verb, "drop") == 0) {
		c->close_after_flush = 1; /* earlier replies still go out */
	} else if (strcasecmp(verb, "json") == 0) {
		out_add(c,
		        "{\"event\":\"x\",\"game\":1}\n{\"tag\":\"j\",\"ok\":true,\"data\":{}}\n");
	} else if (strcasecmp(verb, "new") == 0) {
		out_add(c, "  game: 7\n");
		final_line(c, tag, "ok game 7 created");
	} else if (strcasecmp(verb, "pending") == 0) {
		final_line(c, tag, "err no-game no current game");
	} else if (strcasecmp(verb, "register") == 0) {
		pthread_mutex_lock(&s->lock);
		reg = s->registers++;
		pthread_mutex_unlock(&s->lock);
		final_line(c, tag, reg % 2 ? "err name-taken that name is taken" : "ok registered");
	} else {
		final_line(c, tag, "ok");
	}
}

/* Reads what a client sent and answers every complete line. */
static void read_client(struct fake_server *s, struct fake_client *c)
{
	ssize_t n;
	char *nl;
	size_t start = 0;

	n = recv(c->fd, c->in + c->in_len, FAKE_IN_MAX - c->in_len, 0);
	if (n <= 0) {
		if (n < 0 && errno == EINTR)
			return;
		close_client(c);
		return;
	}
	c->in_len += (size_t)n;
	if (s->mode == FAKE_SILENT) {
		c->in_len = 0;
		return;
	}
	while (!c->close_after_flush &&
	       (nl = memchr(c->in + start, '\n', c->in_len - start)) != NULL) {
		*nl = '\0';
		if (nl > c->in + start && nl[-1] == '\r')
			nl[-1] = '\0';
		if (c->greeting_held) {
			out_add(c, "fake-wargamed 0 ready\n");
			c->greeting_held = 0;
		}
		handle_line(s, c, c->in + start);
		start = (size_t)(nl - c->in) + 1;
	}
	memmove(c->in, c->in + start, c->in_len - start);
	c->in_len -= start;
	if (c->in_len == FAKE_IN_MAX)
		c->in_len = 0; /* an over-long line: dropped */
	flush_client(s, c);
}

static void accept_client(struct fake_server *s)
{
	struct timeval tv = {.tv_sec = 2, .tv_usec = 0};
	int fd, one = 1;
	size_t i;

	fd = accept4(s->listen_fd, NULL, NULL, SOCK_CLOEXEC);
	if (fd < 0)
		return;
	for (i = 0; i < FAKE_MAX_CLIENTS; i++) {
		if (s->clients[i].fd < 0)
			break;
	}
	if (i == FAKE_MAX_CLIENTS) {
		close(fd);
		return;
	}
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	memset(&s->clients[i], 0, sizeof(s->clients[i]));
	s->clients[i].fd = fd;
	pthread_mutex_lock(&s->lock);
	s->accepted++;
	pthread_mutex_unlock(&s->lock);
	if (s->mode == FAKE_SILENT)
		return;
	if (s->mode == FAKE_MERGE) {
		s->clients[i].greeting_held = 1;
		s->clients[i].greeting_due = fake_now_ms() + 200;
	} else {
		out_add(&s->clients[i], "fake-wargamed 0 ready\n");
		flush_client(s, &s->clients[i]);
	}
}

/* Sends the delayed lines that are due; returns ms until the next one (-1: none). */
static int run_delayed(struct fake_server *s)
{
	int64_t now = fake_now_ms(), next = -1, left;
	size_t i, k;
	struct fake_client *c;

	for (i = 0; i < FAKE_MAX_CLIENTS; i++) {
		c = &s->clients[i];
		if (c->fd >= 0 && c->greeting_held) {
			if (c->greeting_due <= now) {
				c->greeting_held = 0;
				out_add(c, "fake-wargamed 0 ready\n");
				flush_client(s, c);
			} else if (next < 0 || c->greeting_due - now < next) {
				next = c->greeting_due - now;
			}
		}
		for (k = 0; c->fd >= 0 && k < FAKE_DELAYED; k++) {
			if (c->delayed[k].due == 0)
				continue;
			if (c->delayed[k].due <= now) {
				c->delayed[k].due = 0;
				out_add(c, c->delayed[k].text);
				flush_client(s, c);
				continue;
			}
			left = c->delayed[k].due - now;
			if (next < 0 || left < next)
				next = left;
		}
	}
	return (int)next;
}

static void *fake_thread(void *arg)
{
	struct fake_server *s = arg;
	struct pollfd fds[FAKE_MAX_CLIENTS + 2];
	int idx[FAKE_MAX_CLIENTS + 2];
	nfds_t n, k;
	int timeout;
	size_t i;

	for (;;) {
		timeout = run_delayed(s);
		n = 0;
		fds[n++] = (struct pollfd){.fd = s->stop_pipe[0], .events = POLLIN};
		fds[n++] = (struct pollfd){.fd = s->listen_fd, .events = POLLIN};
		for (i = 0; i < FAKE_MAX_CLIENTS; i++) {
			if (s->clients[i].fd >= 0) {
				idx[n] = (int)i;
				fds[n++] =
				    (struct pollfd){.fd = s->clients[i].fd, .events = POLLIN};
			}
		}
		if (poll(fds, n, timeout) < 0 && errno != EINTR)
			break;
		if (fds[0].revents)
			break;
		if (fds[1].revents & POLLIN)
			accept_client(s);
		for (k = 2; k < n; k++) {
			if (fds[k].revents & (POLLIN | POLLHUP | POLLERR))
				read_client(s, &s->clients[idx[k]]);
		}
	}
	return NULL;
}

struct fake_server *fake_server_start(enum fake_mode mode)
{
	struct sockaddr_in sin;
	socklen_t len = sizeof(sin);
	struct fake_server *s;
	int one = 1;
	size_t i;

	s = calloc(1, sizeof(*s));
	if (s == NULL)
		return NULL;
	s->mode = mode;
	for (i = 0; i < FAKE_MAX_CLIENTS; i++)
		s->clients[i].fd = -1;
	pthread_mutex_init(&s->lock, NULL);
	s->listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (s->listen_fd < 0 || pipe2(s->stop_pipe, O_CLOEXEC) != 0)
		goto fail;
	setsockopt(s->listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(s->listen_fd, (struct sockaddr *)&sin, sizeof(sin)) != 0 ||
	    listen(s->listen_fd, 128) != 0 ||
	    getsockname(s->listen_fd, (struct sockaddr *)&sin, &len) != 0)
		goto fail;
	s->port = ntohs(sin.sin_port);
	if (pthread_create(&s->thread, NULL, fake_thread, s) != 0)
		goto fail;
	return s;
fail:
	if (s->listen_fd >= 0)
		close(s->listen_fd);
	pthread_mutex_destroy(&s->lock);
	free(s);
	return NULL;
}

int fake_server_port(const struct fake_server *s)
{
	return s->port;
}

void fake_server_stop(struct fake_server *s)
{
	size_t i;
	ssize_t rc;

	rc = write(s->stop_pipe[1], "x", 1);
	(void)rc;
	pthread_join(s->thread, NULL);
	for (i = 0; i < FAKE_MAX_CLIENTS; i++)
		close_client(&s->clients[i]);
	close(s->listen_fd);
	close(s->stop_pipe[0]);
	close(s->stop_pipe[1]);
	pthread_mutex_destroy(&s->lock);
	free(s);
}

size_t fake_server_requests(struct fake_server *s)
{
	size_t n;

	pthread_mutex_lock(&s->lock);
	n = s->requests;
	pthread_mutex_unlock(&s->lock);
	return n;
}

size_t fake_server_accepted(struct fake_server *s)
{
	size_t n;

	pthread_mutex_lock(&s->lock);
	n = s->accepted;
	pthread_mutex_unlock(&s->lock);
	return n;
}

int fake_unused_port(void)
{
	struct sockaddr_in sin;
	socklen_t len = sizeof(sin);
	int fd, port = -1;

	fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)&sin, sizeof(sin)) == 0 &&
	    getsockname(fd, (struct sockaddr *)&sin, &len) == 0)
		port = ntohs(sin.sin_port);
	close(fd);
	return port;
}
