/*
 * e2e.c -- the end-to-end harness.  See e2e.h.
 */
#define _GNU_SOURCE
#include "e2e.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/str.h"

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sleep_ms(int ms)
{
	struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};

	nanosleep(&ts, NULL);
}

static char *read_log(struct e2e_server *s)
{
	FILE *f = fopen(s->log, "r");
	char *buf;
	long n;

	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	if (buf != NULL) {
		size_t got = fread(buf, 1, (size_t)n, f);
		buf[got] = '\0';
	}
	fclose(f);
	return buf;
}

int e2e_log_contains(struct e2e_server *s, const char *needle)
{
	char *log = read_log(s);
	int found = log != NULL && strstr(log, needle) != NULL;

	free(log);
	return found;
}

int e2e_log_count(struct e2e_server *s, const char *needle)
{
	char *log = read_log(s);
	int n = 0;

	for (const char *p = log; p != NULL && (p = strstr(p, needle)) != NULL; p++)
		n++;
	free(log);
	return n;
}

static int find_port(struct e2e_server *s)
{
	char *log = read_log(s);
	const char *p;
	int port = 0;

	if (log == NULL)
		return 0;
	/* the last "listening on" line: a restart appends to the same log */
	for (p = log; (p = strstr(p, "listening on 127.0.0.1:")) != NULL; p++)
		port = atoi(p + strlen("listening on 127.0.0.1:"));
	free(log);
	return port;
}

static int launch(struct e2e_server *s)
{
	const char *argv[48];
	int n = 0, fd;
	off_t before;
	struct stat st;

	argv[n++] = s->binary;
	argv[n++] = "--listen";
	argv[n++] = "127.0.0.1:0";
	argv[n++] = "--db";
	argv[n++] = s->db;
	for (int i = 0; i < s->nargs; i++)
		argv[n++] = s->args[i];
	argv[n] = NULL;
	before = stat(s->log, &st) == 0 ? st.st_size : 0;
	s->pid = fork();
	if (s->pid < 0)
		return -1;
	if (s->pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL); /* never outlive a crashed test */
		fd = open(s->log, O_WRONLY | O_CREAT | O_APPEND, 0644);
		if (fd >= 0) {
			dup2(fd, 2);
			close(fd);
		}
		fd = open("/dev/null", O_RDWR);
		if (fd >= 0) {
			dup2(fd, 0);
			dup2(fd, 1);
			close(fd);
		}
		execv(s->binary, (char *const *)argv);
		_exit(127);
	}
	for (long long end = now_ms() + 10000; now_ms() < end; sleep_ms(20)) {
		char *log;
		if (!e2e_server_alive(s))
			break;
		if (stat(s->log, &st) == 0 && st.st_size > before) {
			log = read_log(s);
			int up =
			    log != NULL && strstr(log + before, "listening on 127.0.0.1:") != NULL;
			free(log);
			if (up) {
				s->port = find_port(s);
				return s->port > 0 ? 0 : -1;
			}
		}
	}
	char *log = read_log(s);
	fprintf(stderr, "daemon did not start; its log:\n%s\n", log ? log : "(none)");
	free(log);
	return -1;
}

int e2e_server_start(struct e2e_server *s, const char *binary, const char *const *args)
{
	memset(s, 0, sizeof(*s));
	snprintf(s->dir, sizeof(s->dir), "/tmp/wg-e2e-XXXXXX");
	if (mkdtemp(s->dir) == NULL)
		return -1;
	snprintf(s->db, sizeof(s->db), "%s/test.db", s->dir);
	snprintf(s->log, sizeof(s->log), "%s/daemon.log", s->dir);
	s->binary = binary;
	for (int i = 0; args != NULL && args[i] != NULL && i < 32; i++)
		s->args[s->nargs++] = args[i];
	return launch(s);
}

int e2e_server_restart(struct e2e_server *s)
{
	return launch(s);
}

int e2e_server_alive(struct e2e_server *s)
{
	int status;

	if (s->pid <= 0)
		return 0;
	if (waitpid(s->pid, &status, WNOHANG) == s->pid) {
		s->pid = 0;
		return 0;
	}
	return 1;
}

int e2e_server_stop(struct e2e_server *s)
{
	int status;

	if (s->pid <= 0)
		return -1;
	kill(s->pid, SIGTERM);
	for (long long end = now_ms() + 10000; now_ms() < end; sleep_ms(10)) {
		if (waitpid(s->pid, &status, WNOHANG) == s->pid) {
			s->pid = 0;
			return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
		}
	}
	e2e_server_kill(s);
	return -1;
}

void e2e_server_kill(struct e2e_server *s)
{
	if (s->pid <= 0)
		return;
	kill(s->pid, SIGKILL);
	waitpid(s->pid, NULL, 0);
	s->pid = 0;
}

void e2e_server_cleanup(struct e2e_server *s)
{
	char cmd[400];

	if (s->pid > 0)
		e2e_server_stop(s);
	if (s->dir[0] != '\0' && getenv("E2E_KEEP") == NULL) {
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", s->dir);
		if (system(cmd) != 0)
			fprintf(stderr, "could not remove %s\n", s->dir);
	}
}

/* ---- client ---- */

int e2e_connect(struct e2e_client *c, int port)
{
	struct sockaddr_in a;

	memset(c, 0, sizeof(*c));
	c->fd = socket(AF_INET, SOCK_STREAM, 0);
	if (c->fd < 0)
		return -1;
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons((unsigned short)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(c->fd, (struct sockaddr *)&a, sizeof(a)) != 0) {
		close(c->fd);
		c->fd = -1;
		return -1;
	}
	/* the greeting */
	return e2e_take_event(c, "hello", E2E_TIMEOUT_MS) ? 0 : -1;
}

void e2e_close(struct e2e_client *c)
{
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
}

int e2e_send(struct e2e_client *c, const void *data, size_t len)
{
	const char *p = data;

	while (len > 0) {
		ssize_t n = send(c->fd, p, len, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Reads once (waiting up to ms); returns bytes read, 0 on timeout, -1 on EOF/error. */
static int read_some(struct e2e_client *c, int ms)
{
	struct pollfd pfd = {.fd = c->fd, .events = POLLIN};
	ssize_t n;

	if (c->inlen >= sizeof(c->in) - 1)
		return -1;
	if (poll(&pfd, 1, ms) <= 0)
		return 0;
	n = recv(c->fd, c->in + c->inlen, sizeof(c->in) - 1 - c->inlen, 0);
	if (n <= 0)
		return -1;
	c->inlen += (size_t)n;
	c->in[c->inlen] = '\0';
	return (int)n;
}

/* Takes one complete line out of c->in into line (without \n); 1 if one. */
static int take_line(struct e2e_client *c, char *line, size_t size)
{
	char *nl = memchr(c->in, '\n', c->inlen);
	size_t len;

	if (nl == NULL)
		return 0;
	len = (size_t)(nl - c->in);
	snprintf(line, size, "%.*s", (int)len, c->in);
	memmove(c->in, nl + 1, c->inlen - len - 1);
	c->inlen -= len + 1;
	c->in[c->inlen] = '\0';
	return 1;
}

const char *e2e_flat(const char *text)
{
	static char bufs[4][E2E_BUF];
	static int turn;
	char *out = bufs[turn++ % 4];
	size_t n = 0;

	for (const char *p = text; *p != '\0' && n + 1 < E2E_BUF; p++) {
		if (*p != '\n') {
			out[n++] = *p;
			continue;
		}
		while (p[1] == ' ')
			p++;
		out[n++] = ' ';
	}
	out[n] = '\0';
	return out;
}

static int is_event(const char *line)
{
	return strncmp(line, "* ", 2) == 0 || strncmp(line, "{\"event\"", 8) == 0;
}

static void add_event(struct e2e_client *c, const char *line)
{
	size_t n = strlen(line);

	if (c->evlen + n + 2 >= sizeof(c->events)) /* keep the newest */
		c->evlen = 0;
	memcpy(c->events + c->evlen, line, n);
	c->events[c->evlen + n] = '\n';
	c->evlen += n + 1;
	c->events[c->evlen] = '\0';
}

static int is_final(const char *line)
{
	const char *p = line;

	if (*p == '{')
		return strstr(line, "\"ok\":") != NULL;
	if (*p == '@') {
		p = strchr(p, ' ');
		if (p == NULL)
			return 0;
		p++;
	}
	return strncmp(p, "ok", 2) == 0 || strncmp(p, "err ", 4) == 0;
}

/* Every text reply line fits the client's screen (issue 8: no text reply line of any verb
 * is wider than 80 columns); a JSON line is exempt.  A wider one stops the suite loudly. */
static void check_width(const struct e2e_client *c, const char *line)
{
	int cols = c->cols > 0 ? c->cols : 80, width = 0;

	if (line[0] == '{')
		return;
	for (const unsigned char *p = (const unsigned char *)line; *p != '\0'; p++)
		width += (*p & 0xC0) != 0x80; /* code points, as the server counts them */
	if (width > cols) {
		fprintf(stderr, "e2e: a reply line is %d columns wide, more than %d:\n%s\n", width,
		        cols, line);
		abort();
	}
}

const char *e2e_reply(struct e2e_client *c)
{
	static char line[E2E_BUF];
	long long end = now_ms() + E2E_TIMEOUT_MS;
	size_t rlen = 0;

	c->reply[0] = '\0';
	c->final[0] = '\0';
	for (;;) {
		while (take_line(c, line, sizeof(line))) {
			if (is_event(line)) {
				add_event(c, line);
				continue;
			}
			size_t n = strlen(line);
			check_width(c, line);
			if (rlen + n + 2 < sizeof(c->reply)) {
				memcpy(c->reply + rlen, line, n);
				c->reply[rlen + n] = '\n';
				rlen += n + 1;
				c->reply[rlen] = '\0';
			}
			if (is_final(line)) {
				wg_strcopy(c->final, sizeof(c->final), line);
				return c->reply;
			}
		}
		long long left = end - now_ms();
		if (left <= 0 || read_some(c, (int)left) < 0)
			return NULL;
	}
}

const char *e2e_cmd(struct e2e_client *c, const char *fmt, ...)
{
	char line[8192];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(line) - 1)
		return NULL;
	line[n++] = '\n';
	if (e2e_send(c, line, (size_t)n) != 0)
		return NULL;
	return e2e_reply(c);
}

int e2e_pump(struct e2e_client *c, int ms)
{
	static char line[E2E_BUF];
	long long end = now_ms() + ms;
	int rc = 0;

	do {
		if (read_some(c, (int)(end - now_ms() > 0 ? end - now_ms() : 0)) < 0)
			rc = -1;
		while (take_line(c, line, sizeof(line)))
			add_event(c, line);
	} while (rc == 0 && now_ms() < end);
	return rc;
}

const char *e2e_take_event(struct e2e_client *c, const char *needle, int timeout_ms)
{
	static char found[8192];
	static char line[E2E_BUF];
	long long end = now_ms() + timeout_ms;

	for (;;) {
		while (take_line(c, line, sizeof(line)))
			add_event(c, line);
		char *hit = strstr(c->events, needle);
		if (hit != NULL) {
			char *start = hit;
			while (start > c->events && start[-1] != '\n')
				start--;
			char *stop = strchr(hit, '\n');
			size_t len = (size_t)(stop - start);
			snprintf(found, sizeof(found), "%.*s", (int)len, start);
			size_t consumed = (size_t)(stop + 1 - c->events);
			memmove(c->events, stop + 1, c->evlen - consumed + 1);
			c->evlen -= consumed;
			return found;
		}
		long long left = end - now_ms();
		if (left <= 0 || read_some(c, (int)left) < 0)
			return NULL;
	}
}

int e2e_closed_within(struct e2e_client *c, int ms)
{
	long long end = now_ms() + ms;

	for (;;) {
		long long left = end - now_ms();
		if (left <= 0)
			return 0;
		int n = read_some(c, (int)left);
		if (n < 0)
			return 1;
		c->inlen = 0; /* discard */
	}
}

int e2e_login_new(struct e2e_client *c, int port, const char *name, const char *password)
{
	const char *r;

	if (e2e_connect(c, port) != 0)
		return -1;
	r = e2e_cmd(c, "register %s %s", name, password);
	if (r == NULL ||
	    (strncmp(c->final, "ok", 2) != 0 && strstr(c->final, "name-taken") == NULL))
		return -1;
	r = e2e_cmd(c, "login %s %s", name, password);
	return r != NULL && strncmp(c->final, "ok", 2) == 0 ? 0 : -1;
}

int e2e_run(const char *cmd, char *out, size_t size)
{
	FILE *p = popen(cmd, "r");
	size_t n = 0;
	int status;

	if (size > 0)
		out[0] = '\0';
	if (p == NULL)
		return -1;
	while (n + 1 < size && fgets(out + n, (int)(size - n), p) != NULL)
		n += strlen(out + n);
	if (size > 0)
		out[n] = '\0';
	status = pclose(p);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* See e2e.h (a needle in the daemon's memory). */
int e2e_memory_count(pid_t pid, const char *needle)
{
	char path[64], line[512];
	size_t nlen = strlen(needle);
	FILE *maps;
	int fd, n = 0;
	unsigned long long lo = 0, hi = 0;
	int writable = 0;

	snprintf(path, sizeof(path), "/proc/%d/smaps", (int)pid);
	maps = fopen(path, "r");
	snprintf(path, sizeof(path), "/proc/%d/mem", (int)pid);
	fd = open(path, O_RDONLY);
	if (maps == NULL || fd < 0) {
		if (maps != NULL)
			fclose(maps);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while (fgets(line, sizeof(line), maps) != NULL) {
		unsigned long long a, b, rss;
		char perm[8];
		if (sscanf(line, "%llx-%llx %7s", &a, &b, perm) == 3) {
			lo = a;
			hi = b;
			writable = perm[0] == 'r' && perm[1] == 'w';
			continue;
		}
		if (sscanf(line, "Rss: %llu kB", &rss) != 1 || !writable || rss == 0 ||
		    hi - lo > (1ULL << 32))
			continue;
		for (unsigned long long at = lo; at < hi;) {
			static char buf[1 << 20];
			size_t want = hi - at < sizeof(buf) ? (size_t)(hi - at) : sizeof(buf);
			ssize_t got = pread(fd, buf, want, (off_t)at);
			if (got <= 0)
				break;
			for (ssize_t i = 0; i + (ssize_t)nlen <= got; i++)
				if (buf[i] == needle[0] && memcmp(buf + i, needle, nlen) == 0)
					n++;
			/* overlap the next chunk by the needle's length */
			at += (unsigned long long)got > nlen ? (unsigned long long)got - nlen + 1
			                                     : (unsigned long long)got;
		}
	}
	fclose(maps);
	close(fd);
	return n;
}
