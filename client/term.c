/*
 * term.c -- raw mode, terminal size and signals (see term.h).
 */
#define _GNU_SOURCE /* pipe2 */
#include "term.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static struct termios saved_attr;
static int saved_fd = -1;
static int sig_pipe[2] = {-1, -1};

void cli_term_restore(void)
{
	if (saved_fd >= 0) {
		tcsetattr(saved_fd, TCSAFLUSH, &saved_attr);
		saved_fd = -1;
	}
}

int cli_term_raw(int fd)
{
	static int registered;
	struct termios raw;

	if (tcgetattr(fd, &saved_attr) != 0)
		return -1;
	raw = saved_attr;
	raw.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
	raw.c_oflag &= ~(tcflag_t)OPOST;
	raw.c_cflag |= CS8;
	raw.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
	raw.c_cc[VMIN] = 1;
	raw.c_cc[VTIME] = 0;
	if (!registered) {
		atexit(cli_term_restore);
		registered = 1;
	}
	if (tcsetattr(fd, TCSAFLUSH, &raw) != 0)
		return -1;
	saved_fd = fd;
	return 0;
}

unsigned cli_term_cols(int fd)
{
	struct winsize ws;

	if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	return 80;
}

/* Writes the signal number into the self-pipe (async-signal-safe). */
static void on_signal(int sig)
{
	unsigned char b = (unsigned char)sig;
	int saved = errno;
	ssize_t rc;

	rc = write(sig_pipe[1], &b, 1);
	(void)rc; /* a full pipe already holds enough wake-ups */
	errno = saved;
}

int cli_signals_init(void)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGWINCH};
	struct sigaction sa;
	size_t i;

	if (pipe2(sig_pipe, O_NONBLOCK | O_CLOEXEC) != 0)
		return -1;
	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART;
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		if (sigaction(sigs[i], &sa, NULL) != 0)
			return -1;
	}
	return sig_pipe[0];
}

int cli_signals_take(int fd)
{
	unsigned char b;

	if (read(fd, &b, 1) == 1)
		return b;
	return 0;
}
