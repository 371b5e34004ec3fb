/*
 * gamesdb_probe.c -- `wg-gamesdb probe`: starts the daemon on a database that
 * wg-gamesdb built and measures its recovery (bench/README.md, "recovery").
 *
 *   wg-gamesdb probe -p PORT -n GAMES [--samples K] [--seed N] [--all] -- CMD [ARGS...]
 *
 * Runs CMD (wargamed ... --listen 127.0.0.1:PORT --db DB) and measures, on the
 * loopback, with one connection:
 *   - start to first reply: from the fork to the `ok` of the first `ping`
 *     (the listener is bound before recovery, so a connect succeeds at once;
 *     what counts is when the daemon answers);
 *   - first request of a game: `view game=<id>` for K games picked at random
 *     (1..GAMES, each once), the first time the game is asked for, then the
 *     same request again (the game is loaded then): median and max of both;
 *   - with --all: `pending game=<id>` for every game 1..GAMES in turn (each
 *     game's first touch loads it), the total time, and the daemon's resident
 *     memory (VmRSS) before and after.
 * Then it stops the daemon with SIGTERM.  Replies with `err` are counted and
 * reported (a game that cannot be loaded), never hidden.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "reader.h"

#include "gamesdb.h"

static double mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

struct probe_conn {
	int fd;
	struct bench_reader r;
	int done, err; /* the reply ended (ok / err) */
	char last[256];
};

static void on_line(void *ctx, enum bench_line_kind kind, const char *line, size_t len)
{
	struct probe_conn *c = ctx;

	if (kind != BENCH_LINE_OK && kind != BENCH_LINE_ERR)
		return;
	c->done = 1;
	c->err = kind == BENCH_LINE_ERR;
	snprintf(c->last, sizeof(c->last), "%.*s", (int)(len < 255 ? len : 255), line);
}

/* Sends line and reads up to the end of its reply; 0, or -1 (the connection failed). */
static int request(struct probe_conn *c, const char *line)
{
	char buf[65536];
	size_t n = strlen(line), off = 0;

	while (off < n) {
		ssize_t w = write(c->fd, line + off, n - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		off += (size_t)w;
	}
	c->done = 0;
	while (!c->done) {
		ssize_t got = read(c->fd, buf, sizeof(buf));
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return -1;
		bench_reader_feed(&c->r, buf, (size_t)got);
	}
	return 0;
}

static int dial(int port)
{
	struct sockaddr_in a;
	int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;

	if (fd < 0)
		return -1;
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons((uint16_t)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(fd, (struct sockaddr *)&a, sizeof(a)) != 0) {
		close(fd);
		return -1;
	}
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	return fd;
}

static long rss_kb(pid_t pid)
{
	char path[64], line[256];
	long kb = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "VmRSS: %ld kB", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

/* The CPU time (user + system) pid has used, in ms, or -1. */
static double cpu_ms(pid_t pid)
{
	char path[64], buf[1024], *p;
	unsigned long long ut = 0, st = 0;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* after "pid (comm) ": state is field 3, utime 14, stime 15 */
	if ((p = strrchr(buf, ')')) == NULL ||
	    sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut, &st) != 2)
		return -1;
	return (double)(ut + st) * 1e3 / (double)sysconf(_SC_CLK_TCK);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static uint64_t next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void probe_usage(void)
{
	fprintf(stderr, "usage: wg-gamesdb probe -p PORT -n GAMES [--samples K] [--seed N] [--all] "
	                "-- CMD [ARGS...]\n");
}

int gdb_probe_main(int argc, char **argv)
{
	long port = 0, games = 0, samples = 20, all = 0, errs = 0;
	unsigned long long seed = 1;
	char **cmd = NULL, line[128];
	struct probe_conn c;
	double t0, t_ready, *first, *again;
	uint64_t rng;
	pid_t pid;
	int status, rc = 0;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0) {
			cmd = argv + i + 1;
			break;
		}
		if (strcmp(argv[i], "--all") == 0) {
			all = 1;
			continue;
		}
		if (i + 1 >= argc) {
			probe_usage();
			return 2;
		}
		if (strcmp(argv[i], "-p") == 0)
			port = atol(argv[++i]);
		else if (strcmp(argv[i], "-n") == 0)
			games = atol(argv[++i]);
		else if (strcmp(argv[i], "--samples") == 0)
			samples = atol(argv[++i]);
		else if (strcmp(argv[i], "--seed") == 0)
			seed = strtoull(argv[++i], NULL, 10);
		else {
			probe_usage();
			return 2;
		}
	}
	if (cmd == NULL || cmd[0] == NULL || port <= 0 || port > 65535 || games < 1 ||
	    samples < 1) {
		probe_usage();
		return 2;
	}
	if (samples > games)
		samples = games;
	first = calloc((size_t)samples, sizeof(*first));
	again = calloc((size_t)samples, sizeof(*again));
	if (first == NULL || again == NULL)
		return 1;
	t0 = mono_ms();
	if ((pid = fork()) < 0) {
		perror("wg-gamesdb probe: fork");
		return 1;
	}
	if (pid == 0) {
		execvp(cmd[0], cmd);
		perror("wg-gamesdb probe: exec");
		_exit(127);
	}
	/* start to first reply: connect (the listener is bound early) and ping */
	memset(&c, 0, sizeof(c));
	bench_reader_init(&c.r, on_line, &c);
	for (;;) {
		if (waitpid(pid, &status, WNOHANG) == pid) {
			fprintf(stderr, "wg-gamesdb probe: %s exited before it answered\n", cmd[0]);
			return 1;
		}
		if (mono_ms() - t0 > 600e3) {
			fprintf(stderr, "wg-gamesdb probe: no answer after 600 s\n");
			kill(pid, SIGTERM);
			waitpid(pid, &status, 0);
			return 1;
		}
		if ((c.fd = dial((int)port)) < 0) {
			usleep(1000);
			continue;
		}
		if (request(&c, "ping\n") == 0 && !c.err)
			break;
		close(c.fd);
		bench_reader_release(&c.r);
		bench_reader_init(&c.r, on_line, &c);
		usleep(1000);
	}
	t_ready = mono_ms() - t0;
	printf("RECOVERY start-to-first-reply %.1f ms (fork to the ok of the first ping); daemon "
	       "CPU %.0f ms\n",
	       t_ready, cpu_ms(pid));
	printf("RECOVERY rss-after-start %ld kB\n", rss_kb(pid));
	/* the first request of random games, then the same again */
	rng = 0x9e3779b97f4a7c15ull ^ seed;
	{
		char *used = calloc((size_t)games + 1, 1);
		if (used == NULL)
			return 1;
		for (long k = 0; k < samples; k++) {
			long id;
			double t;
			do
				id = (long)(next(&rng) % (uint64_t)games) + 1;
			while (used[id]);
			used[id] = 1;
			snprintf(line, sizeof(line), "view game=%ld\n", id);
			t = mono_ms();
			if (request(&c, line) != 0) {
				rc = 1;
				break;
			}
			first[k] = mono_ms() - t;
			if (c.err) {
				errs++;
				fprintf(stderr, "wg-gamesdb probe: game %ld: %s\n", id, c.last);
			}
			t = mono_ms();
			if (request(&c, line) != 0) {
				rc = 1;
				break;
			}
			again[k] = mono_ms() - t;
		}
		free(used);
	}
	if (rc == 0) {
		qsort(first, (size_t)samples, sizeof(*first), cmp_double);
		qsort(again, (size_t)samples, sizeof(*again), cmp_double);
		printf("RECOVERY first-view %ld games: median %.2f ms, max %.2f ms (%ld err)\n",
		       samples, first[samples / 2], first[samples - 1], errs);
		printf("RECOVERY second-view same games: median %.2f ms, max %.2f ms\n",
		       again[samples / 2], again[samples - 1]);
	}
	if (rc == 0 && all) {
		long before = rss_kb(pid), bad = 0;
		double t = mono_ms(), cpu = cpu_ms(pid);
		for (long id = 1; id <= games && rc == 0; id++) {
			snprintf(line, sizeof(line), "pending game=%ld\n", id);
			if (request(&c, line) != 0)
				rc = 1;
			else if (c.err && bad++ < 5)
				fprintf(stderr, "wg-gamesdb probe: game %ld: %s\n", id, c.last);
		}
		t = mono_ms() - t;
		cpu = cpu_ms(pid) - cpu;
		if (rc == 0)
			printf("RECOVERY touch-all %ld games: %.2f s (%.2f ms a game, %ld err); "
			       "daemon "
			       "CPU %.2f s; rss %ld -> %ld kB\n",
			       games, t / 1e3, t / (double)games, bad, cpu / 1e3, before,
			       rss_kb(pid));
	}
	if (rc != 0)
		fprintf(stderr, "wg-gamesdb probe: the connection failed\n");
	close(c.fd);
	bench_reader_release(&c.r);
	kill(pid, SIGTERM);
	waitpid(pid, &status, 0);
	free(first);
	free(again);
	return rc;
}
