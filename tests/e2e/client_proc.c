/*
 * client_proc.c -- running a program under test (see client_proc.h).
 */
#define _GNU_SOURCE /* pipe2 */
#include "client_proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long proc_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

/* Appends what fd has to *buf; returns 0 at EOF/error, 1 if still open. */
static int drain(int fd, char **buf, size_t *len)
{
	char chunk[4096];
	ssize_t n;
	char *nb;

	n = read(fd, chunk, sizeof(chunk));
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return 1;
	if (n <= 0)
		return 0;
	nb = realloc(*buf, *len + (size_t)n + 1);
	if (nb == NULL)
		return 0;
	memcpy(nb + *len, chunk, (size_t)n);
	*len += (size_t)n;
	nb[*len] = '\0';
	*buf = nb;
	return 1;
}

int client_proc_run(char *const argv[], const char *input, int timeout_ms,
                    struct client_proc_result *r)
{
	int in[2], out[2], err[2], wstatus, open_out = 1, open_err = 1;
	size_t in_off = 0, in_len = input != NULL ? strlen(input) : 0;
	long start = proc_now_ms(), left;
	struct pollfd fds[3];
	nfds_t n;
	pid_t pid;
	ssize_t w;

	memset(r, 0, sizeof(*r));
	r->out = calloc(1, 1);
	r->err = calloc(1, 1);
	if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0)
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		dup2(err[1], 2);
		execv(argv[0], argv);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	close(err[1]);
	fcntl(in[1], F_SETFL, O_NONBLOCK);
	if (in_len == 0) {
		close(in[1]);
		in[1] = -1;
	}
	while (open_out || open_err || in[1] >= 0) {
		left = timeout_ms - (proc_now_ms() - start);
		if (left <= 0)
			break;
		n = 0;
		fds[n++] = (struct pollfd){.fd = open_out ? out[0] : -1, .events = POLLIN};
		fds[n++] = (struct pollfd){.fd = open_err ? err[0] : -1, .events = POLLIN};
		fds[n++] = (struct pollfd){.fd = in[1], .events = POLLOUT};
		if (poll(fds, n, (int)left) < 0 && errno != EINTR)
			break;
		if (fds[0].revents)
			open_out = drain(out[0], &r->out, &r->out_len);
		if (fds[1].revents)
			open_err = drain(err[0], &r->err, &r->err_len);
		if (in[1] >= 0 && fds[2].revents) {
			w = write(in[1], input + in_off, in_len - in_off);
			if (w > 0)
				in_off += (size_t)w;
			if (w < 0 && errno != EAGAIN && errno != EINTR)
				in_off = in_len;
			if (in_off == in_len) {
				close(in[1]);
				in[1] = -1;
			}
		}
	}
	if (in[1] >= 0)
		close(in[1]);
	close(out[0]);
	close(err[0]);
	/* bounded wait for the exit itself */
	for (;;) {
		pid_t got = waitpid(pid, &wstatus, WNOHANG);

		if (got == pid) {
			if (WIFEXITED(wstatus))
				r->status = WEXITSTATUS(wstatus);
			else
				r->status = 128 + WTERMSIG(wstatus);
			break;
		}
		if (proc_now_ms() - start >= timeout_ms) {
			kill(pid, SIGKILL);
			waitpid(pid, &wstatus, 0);
			r->status = -1;
			break;
		}
		usleep(5000);
	}
	r->elapsed_ms = proc_now_ms() - start;
	return 0;
}

void client_proc_free(struct client_proc_result *r)
{
	free(r->out);
	free(r->err);
	r->out = NULL;
	r->err = NULL;
}
