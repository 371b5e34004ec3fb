/*
 * test_client_pipe.c -- end-to-end tests of the client `wargame` against a
 * fake server (client_fake_server.h) on an ephemeral loopback port.
 *
 * Pipe mode: commands piped on stdin, replies checked on stdout, exit
 * codes checked, including the cannot-connect case.  Editor mode: the client
 * runs on a pseudo-terminal; keys are typed into it and the screen output is
 * checked (a notification arriving while a line is being typed is printed
 * above it and the line is redrawn), as is the terminal mode after exit and
 * the history file.  Every wait is bounded.
 */
#define _GNU_SOURCE /* posix_openpt, ptsname */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "e2e/client_fake_server.h"
#include "e2e/client_proc.h"

#define RUN_TIMEOUT_MS 10000

static char addr[64];

static int setup_normal(void **state)
{
	struct fake_server *s = fake_server_start(FAKE_NORMAL);

	if (s == NULL)
		return -1;
	snprintf(addr, sizeof(addr), "127.0.0.1:%d", fake_server_port(s));
	*state = s;
	return 0;
}

static int setup_split(void **state)
{
	struct fake_server *s = fake_server_start(FAKE_SPLIT);

	if (s == NULL)
		return -1;
	snprintf(addr, sizeof(addr), "127.0.0.1:%d", fake_server_port(s));
	*state = s;
	return 0;
}

static int setup_merge(void **state)
{
	struct fake_server *s = fake_server_start(FAKE_MERGE);

	if (s == NULL)
		return -1;
	snprintf(addr, sizeof(addr), "127.0.0.1:%d", fake_server_port(s));
	*state = s;
	return 0;
}

static int teardown(void **state)
{
	fake_server_stop(*state);
	return 0;
}

/* Runs wargame with up to two extra arguments and the given stdin. */
static void run(const char *input, const char *a1, const char *a2, struct client_proc_result *r)
{
	char *argv[5];
	int n = 0;

	argv[n++] = (char *)WARGAME_BIN;
	if (a1 != NULL)
		argv[n++] = (char *)a1;
	if (a2 != NULL)
		argv[n++] = (char *)a2;
	argv[n] = NULL;
	assert_int_equal(client_proc_run(argv, input, RUN_TIMEOUT_MS, r), 0);
}

static void check_basic_transcript(void)
{
	struct client_proc_result r;

	run("ping\nhelp\n\nboom\nnotify\n", addr, NULL, &r);
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out, "fake-wargamed 0 ready\n"
	                           "ok pong\n"
	                           "  line one\n"
	                           "  line two\n"
	                           "ok\n"
	                           "err bad-verb no such verb\n"
	                           "* something happened\n"
	                           "ok\n");
	assert_string_equal(r.err, "");
	client_proc_free(&r);
}

static void test_pipe_transcript(void **state)
{
	check_basic_transcript();
}

/* The same transcript when every byte arrives in its own read. */
static void test_pipe_split_reads(void **state)
{
	check_basic_transcript();
}

/* The same transcript when the greeting and replies arrive merged. */
static void test_pipe_merged_reads(void **state)
{
	check_basic_transcript();
}

/* EOF on stdin does not cut off a reply that takes a while. */
static void test_pipe_waits_for_slow_reply(void **state)
{
	struct client_proc_result r;

	run("slow\n", addr, NULL, &r);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "ok slow\n"));
	assert_true(r.elapsed_ms >= 400);
	client_proc_free(&r);
}

static void test_pipe_last_line_without_newline(void **state)
{
	struct client_proc_result r;

	run("help\nping", addr, NULL, &r);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "  line two\nok\nok pong\n"));
	client_proc_free(&r);
}

/* Tagged replies and JSON-mode replies end a request; JSON events do not. */
static void test_pipe_tags_and_json(void **state)
{
	struct client_proc_result r;

	run("@t1 ping\r\njson\n@t2 slow\n", addr, NULL, &r);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "@t1 ok pong\n"));
	assert_non_null(strstr(r.out, "{\"event\":\"x\",\"game\":1}\n{\"tag\":\"j\""));
	assert_non_null(strstr(r.out, "@t2 ok slow\n"));
	client_proc_free(&r);
}

/* A request that is never answered: bounded wait, then exit 3. */
static void test_pipe_gives_up(void **state)
{
	struct client_proc_result r;

	run("ping\nhang\n", "--wait=0.5", addr, &r);
	assert_int_equal(r.status, 3);
	assert_non_null(strstr(r.out, "ok pong\n"));
	assert_non_null(strstr(r.err, "gave up waiting for 1 reply"));
	assert_true(r.elapsed_ms < 5000);
	client_proc_free(&r);
}

/* quit: the server answers and closes; everything was answered: exit 0. */
static void test_server_closes_after_quit(void **state)
{
	struct client_proc_result r;

	run("quit\n", addr, NULL, &r);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "ok bye\n"));
	client_proc_free(&r);
}

/* The server hangs up with a request unanswered: message, exit 3. */
static void test_server_drops_connection(void **state)
{
	struct client_proc_result r;

	run("ping\ndrop\n", addr, NULL, &r);
	assert_int_equal(r.status, 3);
	assert_non_null(strstr(r.out, "ok pong\n"));
	assert_non_null(strstr(r.err, "connection closed by server with 1 request unanswered"));
	client_proc_free(&r);
}

static void test_cannot_connect(void **state)
{
	struct client_proc_result r;
	char target[64];
	int port = fake_unused_port();

	assert_true(port > 0);
	snprintf(target, sizeof(target), "127.0.0.1:%d", port);
	run("ping\n", target, NULL, &r);
	assert_int_equal(r.status, 2);
	assert_non_null(strstr(r.err, "wargame: cannot connect to 127.0.0.1 port"));
	assert_non_null(strstr(r.err, "refused"));
	assert_string_equal(r.out, "");
	client_proc_free(&r);
}

static void test_usage(void **state)
{
	struct client_proc_result r;

	run(NULL, "--version", NULL, &r);
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out, "wargame " WG_VERSION "\n");
	client_proc_free(&r);

	run(NULL, "--help", NULL, &r);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "usage: wargame"));
	client_proc_free(&r);

	run(NULL, "a", "b", &r);
	assert_int_equal(r.status, 1);
	client_proc_free(&r);

	run(NULL, "127.0.0.1:99999", NULL, &r);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.err, "bad port"));
	client_proc_free(&r);

	run(NULL, "--bogus", NULL, &r);
	assert_int_equal(r.status, 1);
	client_proc_free(&r);
}

/* ---- editor mode on a pseudo-terminal ---- */

struct pty_run {
	int master;
	int slave;             /* kept open to read the terminal mode after the client exits */
	struct termios before; /* the mode before the client started (read before fork) */
	pid_t pid;
	char screen[65536];
	size_t len;
};

static long mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

/* Reads screen output until needle appears after offset from (or timeout). */
static int pty_wait_for(struct pty_run *p, size_t from, const char *needle, int timeout_ms)
{
	long deadline = mono_ms() + timeout_ms;
	struct pollfd pfd = {.fd = p->master, .events = POLLIN};
	ssize_t n;

	for (;;) {
		if (p->len > from && strstr(p->screen + from, needle) != NULL)
			return 1;
		if (mono_ms() >= deadline || p->len + 1 >= sizeof(p->screen))
			return 0;
		if (poll(&pfd, 1, 50) <= 0)
			continue;
		n = read(p->master, p->screen + p->len, sizeof(p->screen) - 1 - p->len);
		if (n <= 0)
			return 0;
		p->len += (size_t)n;
		p->screen[p->len] = '\0';
	}
}

static void pty_type(struct pty_run *p, const char *keys)
{
	size_t len = strlen(keys);

	assert_int_equal(write(p->master, keys, len), (ssize_t)len);
}

/* Waits (bounded) for the client to exit; returns its exit code or -1. */
static int pty_wait_exit(struct pty_run *p)
{
	long deadline = mono_ms() + RUN_TIMEOUT_MS;
	int st;

	while (mono_ms() < deadline) {
		pty_wait_for(p, p->len, "\x01never", 20); /* keep draining output */
		if (waitpid(p->pid, &st, WNOHANG) == p->pid)
			return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	}
	kill(p->pid, SIGKILL);
	waitpid(p->pid, &st, 0);
	return -1;
}

static void pty_start(struct pty_run *p, const char *home)
{
	struct winsize ws = {.ws_row = 24, .ws_col = 60};
	char *name;

	memset(p, 0, sizeof(*p));
	p->master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
	assert_true(p->master >= 0);
	assert_int_equal(grantpt(p->master), 0);
	assert_int_equal(unlockpt(p->master), 0);
	name = ptsname(p->master);
	assert_non_null(name);
	p->slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
	assert_true(p->slave >= 0);
	ioctl(p->master, TIOCSWINSZ, &ws);
	assert_int_equal(tcgetattr(p->slave, &p->before), 0);
	p->pid = fork();
	assert_true(p->pid >= 0);
	if (p->pid == 0) {
		int fd;

		setsid();
		fd = open(name, O_RDWR);
		if (fd < 0)
			_exit(127);
		ioctl(fd, TIOCSCTTY, 0);
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		setenv("HOME", home, 1);
		setenv("TERM", "xterm", 1);
		unsetenv("NO_COLOR");
		execl(WARGAME_BIN, WARGAME_BIN, addr, (char *)NULL);
		_exit(127);
	}
}

static void test_editor_on_a_terminal(void **state)
{
	char home[] = "/tmp/wg-cli-test-XXXXXX";
	char path[256], hist[1024];
	struct termios before, after;
	struct pty_run p;
	size_t mark;
	FILE *f;
	size_t n;

	assert_non_null(mkdtemp(home));
	snprintf(path, sizeof(path), "%s/.wargame_history", home);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("old command\n", f);
	fclose(f);

	pty_start(&p, home);
	before = p.before;
	assert_true(pty_wait_for(&p, 0, "fake-wargamed 0 ready\r\n", 5000));
	assert_true(pty_wait_for(&p, 0, "wargame> ", 5000));

	/* a request, typed in two pieces */
	pty_type(&p, "pi");
	pty_type(&p, "ng\r");
	assert_true(pty_wait_for(&p, 0, "ok pong\r\n", 5000));

	/* an err line is coloured */
	mark = p.len;
	pty_type(&p, "boom\r");
	assert_true(pty_wait_for(&p, mark, "\x1b[31merr bad-verb no such verb\x1b[0m\r\n", 5000));

	/* a notification arrives while "abc" is being typed: printed above, line redrawn */
	pty_type(&p, "later\r");
	assert_true(pty_wait_for(&p, mark, "ok\r\n", 5000));
	pty_type(&p, "abc");
	mark = p.len;
	assert_true(pty_wait_for(&p, mark, "\x1b[36m* later event\x1b[0m\r\n", 5000));
	assert_true(pty_wait_for(&p, mark,
	                         "* later event\x1b[0m\r\n\rwargame> abc\x1b[0K\r\x1b[12C", 5000));

	/* history: Up twice recalls "later" then "boom"; the typed "abc" comes back */
	mark = p.len;
	pty_type(&p, "\x1b[A");
	assert_true(pty_wait_for(&p, mark, "\rwargame> later\x1b[0K", 5000));
	pty_type(&p, "\x1b[A");
	assert_true(pty_wait_for(&p, mark, "\rwargame> boom\x1b[0K", 5000));
	pty_type(&p, "\x1b[B\x1b[B");
	assert_true(pty_wait_for(&p, mark, "\rwargame> abc\x1b[0K", 5000));

	/* a password line is sent but not saved; ^U clears; ^D on empty line exits */
	pty_type(&p, "\x15login bob secret\r");
	mark = p.len;
	pty_type(&p, "ping\r");
	assert_true(pty_wait_for(&p, mark, "ok pong\r\n", 5000));
	pty_type(&p, "\x04");
	assert_int_equal(pty_wait_exit(&p), 0);

	assert_int_equal(tcgetattr(p.slave, &after), 0);
	assert_int_equal(after.c_lflag & (ICANON | ECHO | ISIG),
	                 before.c_lflag & (ICANON | ECHO | ISIG));
	assert_true(after.c_lflag & ICANON);

	f = fopen(path, "r");
	assert_non_null(f);
	n = fread(hist, 1, sizeof(hist) - 1, f);
	hist[n] = '\0';
	fclose(f);
	assert_string_equal(hist, "old command\nping\nboom\nlater\nping\n");
	unlink(path);
	rmdir(home);
	close(p.master);
	close(p.slave);
}

/* A notification with hide-after=N: after N seconds the editor clears the screen and says
 * so (a Campaign examination of the enemy's OOB mat, SC-8.2d, SC-AMB-30). */
static void test_editor_hides_after(void **state)
{
	char home[] = "/tmp/wg-cli-test-XXXXXX";
	struct pty_run p;
	size_t mark;

	(void)state;
	assert_non_null(mkdtemp(home));
	pty_start(&p, home);
	assert_true(pty_wait_for(&p, 0, "wargame> ", 5000));
	pty_type(&p, "examine\r");
	assert_true(pty_wait_for(&p, 0, "64: 1037 1038", 5000));
	assert_true(pty_wait_for(&p, 0, "hide-after=1", 5000));
	mark = p.len;
	/* not at once: the screen is cleared only when the second is over */
	assert_false(pty_wait_for(&p, mark, "\x1b[2J", 300));
	assert_true(pty_wait_for(&p, mark, "\x1b[2J\x1b[H", 5000));
	assert_true(pty_wait_for(&p, mark, "the examined information is hidden", 5000));
	pty_type(&p, "\x04");
	assert_int_equal(pty_wait_exit(&p), 0);
	rmdir(home);
	close(p.master);
	close(p.slave);
}

/* A narrower terminal (SIGWINCH) scrolls the line so the cursor stays visible. */
static void test_editor_resize(void **state)
{
	char home[] = "/tmp/wg-cli-test-XXXXXX";
	struct winsize ws = {.ws_row = 24, .ws_col = 20};
	struct pty_run p;
	size_t mark;

	assert_non_null(mkdtemp(home));
	pty_start(&p, home);
	assert_true(pty_wait_for(&p, 0, "wargame> ", 5000));
	pty_type(&p, "abcdefghijklmnopqrstuvwxyz0123456789");
	assert_true(
	    pty_wait_for(&p, 0, "wargame> abcdefghijklmnopqrstuvwxyz0123456789\x1b[0K", 5000));
	mark = p.len;
	ioctl(p.master, TIOCSWINSZ, &ws); /* the kernel sends SIGWINCH to the client */
	/* 20 columns: 9 for the prompt, 10 for text, 1 kept free for the cursor */
	assert_true(pty_wait_for(&p, mark, "\rwargame> 0123456789\x1b[0K\r\x1b[19C", 5000));
	pty_type(&p, "\x15\x04");
	assert_int_equal(pty_wait_exit(&p), 0);
	close(p.master);
	close(p.slave);
	assert_int_equal(rmdir(home), 0); /* nothing was sent: no history file written */
}

/* SIGTERM while in raw mode: terminal restored, exit 128 + 15. */
static void test_editor_sigterm_restores_terminal(void **state)
{
	char home[] = "/tmp/wg-cli-test-XXXXXX";
	struct termios after;
	struct pty_run p;

	assert_non_null(mkdtemp(home));
	pty_start(&p, home);
	assert_true(pty_wait_for(&p, 0, "wargame> ", 5000));
	pty_type(&p, "half typed");
	assert_true(pty_wait_for(&p, 0, "half typed", 5000));
	kill(p.pid, SIGTERM);
	assert_int_equal(pty_wait_exit(&p), 128 + SIGTERM);
	assert_int_equal(tcgetattr(p.slave, &after), 0);
	assert_true(after.c_lflag & ICANON);
	assert_true(after.c_lflag & ECHO);
	close(p.master);
	close(p.slave);
	assert_int_equal(rmdir(home), 0); /* nothing was sent: no history file written */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_pipe_transcript, setup_normal, teardown),
	    cmocka_unit_test_setup_teardown(test_pipe_split_reads, setup_split, teardown),
	    cmocka_unit_test_setup_teardown(test_pipe_merged_reads, setup_merge, teardown),
	    cmocka_unit_test_setup_teardown(test_pipe_waits_for_slow_reply, setup_normal, teardown),
	    cmocka_unit_test_setup_teardown(test_pipe_last_line_without_newline, setup_normal,
	                                    teardown),
	    cmocka_unit_test_setup_teardown(test_pipe_tags_and_json, setup_normal, teardown),
	    cmocka_unit_test_setup_teardown(test_pipe_gives_up, setup_normal, teardown),
	    cmocka_unit_test_setup_teardown(test_server_closes_after_quit, setup_normal, teardown),
	    cmocka_unit_test_setup_teardown(test_server_drops_connection, setup_normal, teardown),
	    cmocka_unit_test(test_cannot_connect),
	    cmocka_unit_test(test_usage),
	    cmocka_unit_test_setup_teardown(test_editor_on_a_terminal, setup_normal, teardown),
	    cmocka_unit_test_setup_teardown(test_editor_resize, setup_normal, teardown),
	    cmocka_unit_test_setup_teardown(test_editor_hides_after, setup_normal, teardown),
	    cmocka_unit_test_setup_teardown(test_editor_sigterm_restores_terminal, setup_normal,
	                                    teardown),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
