/*
 * main.c -- wargame, the terminal client of wargamed.
 *
 * One poll(2) loop over three inputs: the signal self-pipe, the server
 * socket and standard input.  Two ways to read standard input:
 *
 *   editor mode  stdin and stdout are terminals: raw mode and the line
 *                editor (lineedit.h); server lines are printed above the
 *                line being typed; history in ~/.wargame_history.
 *   pipe mode    anything else: each input line is sent as it is.
 *
 * Run states (app->stdin_open, app->done):
 *
 *   RUNNING --stdin EOF / ^D--> DRAINING --last reply--> DONE (exit 0)
 *      |                           |--no reply for --wait s--> DONE (exit 3)
 *      |--^C on an empty line----------------------------> DONE (exit 0)
 *      |--server closed (also from DRAINING)-------------> DONE (0 if nothing
 *      |                                                     was unanswered, else 3)
 *      +--SIGINT/SIGTERM/SIGHUP--------------------------> DONE (128 + signal)
 *
 * The client knows the protocol's framing only (classify.h): it counts
 * requests sent and final reply lines received; it never interprets verbs.
 * One convention of notifications it honours: a notification with the word
 * "hide-after=N" (a Campaign game's examination of the enemy's OOB mat, 8.2)
 * asks it to hide what was shown after N seconds; in editor mode it then
 * clears the screen and says so.
 *
 * Prompted passwords (`login <name>`, `register <name>`, `password`): once
 * such a request is sent the client holds every later line back until the
 * server has answered it, and each prompt the server sends meanwhile
 * ("password: ") lets exactly one line go as the secret: not counted as a
 * request, never in the history, and in editor mode typed after the
 * server's prompt without being drawn.  So a piped "login ann\npw\n" works,
 * and a refusal that comes before any prompt sends the held lines as the
 * requests they then are.
 */
#define _GNU_SOURCE /* memmem */
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "classify.h"
#include "conn.h"
#include "history.h"
#include "lineedit.h"
#include "protocol/buf.h"
#include "term.h"
#include "tls.h"

#define CLI_PROMPT          "wargame> "
#define CLI_OUT_HIGH        (256 * 1024) /* stop reading stdin above this much unsent */
#define CLI_READ_CHUNK      65536
#define CLI_CONNECT_TIMEOUT 10000 /* ms */

enum {
	CLI_EXIT_OK = 0,
	CLI_EXIT_USAGE = 1,
	CLI_EXIT_CONNECT = 2,
	CLI_EXIT_LOST = 3,
};

struct cli_app {
	int sock;
	struct cli_tls *tls; /* --tls: the session over sock (tls.h); NULL: plain TCP */
	int sigfd;
	int edit;       /* the line editor owns the terminal */
	int color;      /* colour err and notification lines */
	int sanitize;   /* stdout is a terminal: neutralise control characters */
	int greeted;    /* the greeting line has arrived */
	int stdin_open; /* 0 once stdin reached EOF */
	int done;
	int exit_code;
	size_t outstanding;      /* requests sent and not yet answered */
	int64_t wait_ms;         /* how long to wait for a reply after EOF */
	int64_t deadline;        /* DRAINING: give up at this monotonic time (ms) */
	struct proto_buf in;     /* server bytes not yet forming a line */
	struct proto_buf out;    /* bytes for the server */
	struct proto_buf screen; /* bytes for stdout */
	struct proto_buf typed;  /* pipe mode: stdin bytes not yet forming a line */
	struct proto_buf tmp;
	struct proto_buf held;  /* lines held back while a prompted request is answered */
	int holding;            /* a prompted request is unanswered */
	size_t hold_skip;       /* ... behind this many unanswered requests sent before it */
	int secrets;            /* prompts received: the next lines sent are secrets */
	char server_prompt[32]; /* the editor's prompt while a secret is typed */
	struct cli_le le;
	struct cli_history hist;
	char *hist_path;
	int hist_dirty;  /* lines were added: save the history at exit */
	int64_t hide_at; /* editor mode: clear the screen at this monotonic time (0: never) */
};

static void usage(FILE *f)
{
	fprintf(f,
	        "usage: wargame [options] [host[:port]]\n"
	        "\n"
	        "A terminal client for wargamed (default server %s:%s).\n"
	        "On a terminal it offers line editing and history (~/.wargame_history);\n"
	        "otherwise it sends each line of standard input as one request and exits\n"
	        "once the server has answered the last one.\n"
	        "\n"
	        "options:\n"
	        "  -w, --wait SECONDS  after end of input, wait at most this long for each\n"
	        "                      outstanding reply (default 5)\n"
	        "      --tls           connect with TLS (the server's --tls-listen port); the\n"
	        "                      server's certificate must be valid for the host and\n"
	        "                      signed by a CA of the system's store or of --ca\n"
	        "      --ca FILE       trust the CA certificates in FILE (PEM) instead\n"
	        "  -h, --help          show this help\n"
	        "  -V, --version       show the version\n"
	        "\n"
	        "keys: arrows, Home/End, ^A ^E ^B ^F ^U ^K ^W ^L, Up/Down or ^P/^N for\n"
	        "history, ^D on an empty line to quit (^C cancels a line, quits on an\n"
	        "empty one).  Colours follow NO_COLOR.\n"
	        "\n"
	        "exit status: 0 done, 1 usage, 2 cannot connect (or TLS refused), 3 connection "
	        "lost or\n"
	        "requests left unanswered, 128+N killed by signal N.\n",
	        CLI_DEFAULT_HOST, CLI_DEFAULT_PORT);
}

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Writes all of app->screen to stdout (an unwritable stdout drops it). */
static void flush_screen(struct cli_app *app)
{
	size_t off = 0;
	ssize_t n;

	while (off < app->screen.len) {
		n = write(STDOUT_FILENO, app->screen.data + off, app->screen.len - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		off += (size_t)n;
	}
	proto_buf_reset(&app->screen);
}

/* Gives the terminal back: hides the prompt line and leaves raw mode. */
static void leave_editor(struct cli_app *app, int keep_line)
{
	if (!app->edit)
		return;
	if (keep_line)
		proto_buf_adds(&app->screen, "\r\n");
	else
		cli_le_hide(&app->le, &app->screen);
	flush_screen(app);
	cli_term_restore();
	app->edit = 0;
}

/* Ends the run with code; msg (may be NULL) goes to stderr after the terminal is restored. */
static void finish(struct cli_app *app, int code, const char *msg)
{
	leave_editor(app, 0);
	flush_screen(app);
	if (msg != NULL)
		fprintf(stderr, "wargame: %s\n", msg);
	app->exit_code = code;
	app->done = 1;
}

/* Appends s[0..len) to b, replacing control characters by '?' (terminal-safe). */
static void add_sanitized(struct proto_buf *b, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i;

	for (i = 0; i < len; i++) {
		if ((p[i] < 0x20 && p[i] != '\t') || p[i] == 0x7f) {
			proto_buf_addch(b, '?');
		} else if (p[i] == 0xc2 && i + 1 < len && p[i + 1] >= 0x80 && p[i + 1] <= 0x9f) {
			proto_buf_addch(b, '?'); /* a C1 control in UTF-8 */
			i++;
		} else {
			proto_buf_addch(b, (char)p[i]);
		}
	}
}

static void send_line(struct cli_app *app, const char *line, size_t len);
static void release_held(struct cli_app *app, int as_secret);

/* The server asks for a secret with prompt[0..len) (counted only while a prompted request
 * is the oldest unanswered one). */
static void server_prompt(struct cli_app *app, const char *prompt, size_t len)
{
	if (app->holding && app->hold_skip == 0)
		app->secrets++;
	proto_buf_reset(&app->tmp);
	add_sanitized(&app->tmp, prompt, len);
	if (app->edit && app->secrets > 0) {
		/* typed after the server's prompt, not drawn */
		snprintf(app->server_prompt, sizeof(app->server_prompt), "%s", app->tmp.data);
		cli_le_set_prompt(&app->le, app->server_prompt, 1, &app->screen);
	} else if (app->edit) {
		cli_le_print_above(&app->le, app->tmp.data, app->tmp.len, &app->screen);
	} else {
		proto_buf_add(&app->screen, app->tmp.data, app->tmp.len);
		proto_buf_addch(&app->screen, '\n');
	}
	release_held(app, 1);
}

/* Handles one complete line from the server. */
static void server_line(struct cli_app *app, const char *line, size_t len)
{
	enum cli_line_kind kind;
	const char *color = NULL;
	size_t plen = app->greeted ? cli_prompt_len(line, len) : 0;

	if (plen > 0) {
		/* a prompt, and a line that came after it without a line end between */
		server_prompt(app, line, plen);
		line += plen;
		len -= plen;
	}
	kind = cli_classify(line, len);
	if (!app->greeted) {
		app->greeted = 1; /* the greeting answers no request */
	} else if (cli_line_is_final(kind) && app->outstanding > 0) {
		app->outstanding--;
		app->deadline = now_ms() + app->wait_ms;
		if (app->holding && app->hold_skip > 0) {
			app->hold_skip--; /* the answer to a request sent before the prompted one */
		} else if (app->holding) {
			/* the prompted request is answered: what was held is requests again */
			app->holding = 0;
			app->secrets = 0;
			if (app->edit)
				cli_le_set_prompt(&app->le, CLI_PROMPT, 0, &app->screen);
		}
	}
	if (kind == CLI_LINE_NOTICE && app->edit) {
		const char *h = memmem(line, len, "hide-after=", 11);
		if (h != NULL)
			app->hide_at = now_ms() + 1000 * (int64_t)atoi(h + 11);
	}
	if (app->color && kind == CLI_LINE_ERR)
		color = "\x1b[31m";
	else if (app->color && kind == CLI_LINE_NOTICE)
		color = "\x1b[36m";

	proto_buf_reset(&app->tmp);
	if (color != NULL)
		proto_buf_adds(&app->tmp, color);
	if (app->sanitize)
		add_sanitized(&app->tmp, line, len);
	else
		proto_buf_add(&app->tmp, line, len);
	if (color != NULL)
		proto_buf_adds(&app->tmp, "\x1b[0m");
	if (app->edit) {
		cli_le_print_above(&app->le, app->tmp.data, app->tmp.len, &app->screen);
	} else {
		proto_buf_add(&app->screen, app->tmp.data, app->tmp.len);
		proto_buf_addch(&app->screen, '\n');
	}
	if (!app->holding)
		release_held(app, 0);
}

/* Sends the held lines: one as a secret (as_secret), or all until one holds again. */
static void release_held(struct cli_app *app, int as_secret)
{
	const char *nl;
	size_t n;

	while (app->held.len > 0 && (as_secret ? app->secrets > 0 : !app->holding)) {
		nl = memchr(app->held.data, '\n', app->held.len);
		n = (size_t)(nl - app->held.data);
		proto_buf_reset(&app->tmp);
		proto_buf_add(&app->tmp, app->held.data, n);
		explicit_bzero(app->held.data, n);
		proto_buf_consume(&app->held, n + 1);
		send_line(app, app->tmp.data, app->tmp.len);
		explicit_bzero(app->tmp.data, app->tmp.len);
		if (as_secret)
			break;
	}
}

/* Queues one request line for the server (blank lines are not sent). */
static void send_line(struct cli_app *app, const char *line, size_t len)
{
	if (len > 0 && line[len - 1] == '\r')
		len--;
	if (app->secrets > 0) {
		/* the answer to a prompt: not a request, not history, whatever it holds */
		proto_buf_add(&app->out, line, len);
		proto_buf_addch(&app->out, '\n');
		app->secrets--;
		if (app->edit)
			cli_le_set_prompt(&app->le, CLI_PROMPT, 0, &app->screen);
		return;
	}
	if (cli_line_is_blank(line, len))
		return;
	if (app->holding) {
		proto_buf_add(&app->held, line, len);
		proto_buf_addch(&app->held, '\n');
		return;
	}
	proto_buf_add(&app->out, line, len);
	proto_buf_addch(&app->out, '\n');
	if (cli_line_prompts(line, len) > 0) {
		app->holding = 1;
		app->hold_skip = app->outstanding;
	}
	app->outstanding++;
	if (app->hist_path != NULL) {
		cli_history_add(&app->hist, line, len, !cli_line_is_secret(line, len));
		app->hist_dirty = 1;
	}
}

/* Enters DRAINING: no more input, wait for the outstanding replies. */
static void stdin_done(struct cli_app *app)
{
	app->stdin_open = 0;
	app->deadline = now_ms() + app->wait_ms;
}

/* Reads what the server sent; handles complete lines and a close. */
static void read_server(struct cli_app *app)
{
	char buf[CLI_READ_CHUNK];
	char msg[256];
	const char *nl;
	size_t start = 0, len;
	ssize_t n;

	n = app->tls != NULL ? cli_tls_read(app->tls, buf, sizeof(buf))
	                     : recv(app->sock, buf, sizeof(buf), 0);
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
		return;
	if (n > 0 && proto_buf_add(&app->in, buf, (size_t)n) != 0) {
		finish(app, CLI_EXIT_USAGE, "out of memory");
		return;
	}
	while (app->in.len > start &&
	       (nl = memchr(app->in.data + start, '\n', app->in.len - start)) != NULL) {
		len = (size_t)(nl - (app->in.data + start));
		if (len > 0 && app->in.data[start + len - 1] == '\r')
			len--;
		server_line(app, app->in.data + start, len);
		start = (size_t)(nl - app->in.data) + 1;
	}
	proto_buf_consume(&app->in, start);
	if (app->greeted && app->in.len > 0 &&
	    cli_prompt_len(app->in.data, app->in.len) == app->in.len) {
		/* a prompt waits for the secret without a line end */
		server_prompt(app, app->in.data, app->in.len);
		proto_buf_reset(&app->in);
	}
	if (n > 0)
		return;
	if (app->in.len > 0) /* a last line without "\n" */
		server_line(app, app->in.data, app->in.len);
	proto_buf_reset(&app->in);
	if (n == 0 && app->outstanding == 0) {
		finish(app, CLI_EXIT_OK, "connection closed by server");
		return;
	}
	if (n == 0)
		snprintf(msg, sizeof(msg),
		         "connection closed by server with %zu request%s unanswered",
		         app->outstanding, app->outstanding == 1 ? "" : "s");
	else if (app->tls != NULL && errno == EIO)
		snprintf(msg, sizeof(msg), "connection lost: TLS: %s", cli_tls_error(app->tls));
	else
		snprintf(msg, sizeof(msg), "connection lost: %s", strerror(errno));
	finish(app, CLI_EXIT_LOST, msg);
}

/* Sends as much of app->out as the socket takes. */
static void write_server(struct cli_app *app)
{
	char msg[256];
	ssize_t n;

	while (app->out.len > 0) {
		n = app->tls != NULL ? cli_tls_write(app->tls, app->out.data, app->out.len)
		                     : send(app->sock, app->out.data, app->out.len, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		if (n < 0) {
			snprintf(msg, sizeof(msg), "connection lost: %s",
			         app->tls != NULL && errno == EIO ? cli_tls_error(app->tls)
			                                          : strerror(errno));
			finish(app, CLI_EXIT_LOST, msg);
			return;
		}
		proto_buf_consume(&app->out, (size_t)n);
	}
}

/* Editor mode: feeds typed bytes to the line editor. */
static void edit_input(struct cli_app *app, const char *buf, size_t n)
{
	const char *line;
	size_t i, len;

	for (i = 0; i < n && app->edit && !app->done; i++) {
		switch (cli_le_feed(&app->le, (unsigned char)buf[i], &app->screen)) {
		case CLI_LE_LINE:
			line = cli_le_accepted(&app->le, &len);
			if (app->le.secret) {
				send_line(app, line, len);
				cli_le_wipe(&app->le);
				break;
			}
			send_line(app, line, len);
			break;
		case CLI_LE_EOF:
			leave_editor(app, 1);
			stdin_done(app);
			break;
		case CLI_LE_INTERRUPT:
			leave_editor(app, 1);
			finish(app, CLI_EXIT_OK, NULL);
			break;
		default:
			break;
		}
	}
}

/* Pipe mode: sends every complete line of app->typed. */
static void pipe_input(struct cli_app *app)
{
	const char *nl;
	size_t start = 0;

	while (app->typed.len > start &&
	       (nl = memchr(app->typed.data + start, '\n', app->typed.len - start)) != NULL) {
		send_line(app, app->typed.data + start, (size_t)(nl - (app->typed.data + start)));
		start = (size_t)(nl - app->typed.data) + 1;
	}
	proto_buf_consume(&app->typed, start);
}

static void read_stdin(struct cli_app *app)
{
	char buf[4096];
	ssize_t n;

	n = read(STDIN_FILENO, buf, sizeof(buf));
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		if (app->typed.len > 0) /* a last line without "\n" */
			send_line(app, app->typed.data, app->typed.len);
		proto_buf_reset(&app->typed);
		leave_editor(app, 1);
		stdin_done(app);
		return;
	}
	if (app->edit) {
		edit_input(app, buf, (size_t)n);
	} else {
		proto_buf_add(&app->typed, buf, (size_t)n);
		pipe_input(app);
	}
}

static void handle_signals(struct cli_app *app)
{
	int sig;

	while ((sig = cli_signals_take(app->sigfd)) != 0) {
		if (sig == SIGWINCH) {
			if (app->edit)
				cli_le_set_cols(&app->le, cli_term_cols(STDOUT_FILENO),
				                &app->screen);
			continue;
		}
		finish(app, 128 + sig, NULL);
		return;
	}
}

/* Sets up editor mode: raw terminal, history, prompt. */
static void start_editor(struct cli_app *app)
{
	const char *home = getenv("HOME");
	struct proto_buf path = PROTO_BUF_INIT;

	if (cli_term_raw(STDIN_FILENO) != 0)
		return; /* stays in pipe mode */
	app->edit = 1;
	cli_history_init(&app->hist, CLI_HISTORY_MAX);
	if (home != NULL && *home != '\0' &&
	    proto_buf_addf(&path, "%s/.wargame_history", home) == 0) {
		app->hist_path = proto_buf_detach(&path, NULL);
		cli_history_load(&app->hist, app->hist_path); /* missing or unreadable: empty */
	}
	cli_le_init(&app->le, CLI_PROMPT, &app->hist);
	cli_le_set_cols(&app->le, cli_term_cols(STDOUT_FILENO), &app->screen);
	cli_le_show(&app->le, &app->screen);
}

/* One pass of the poll loop. */
static void poll_once(struct cli_app *app)
{
	struct pollfd fds[3];
	int64_t timeout = -1;
	nfds_t nfds = 2;
	int rc;

	fds[0] = (struct pollfd){.fd = app->sigfd, .events = POLLIN};
	fds[1] = (struct pollfd){.fd = app->sock, .events = POLLIN};
	if (app->out.len > 0)
		fds[1].events |= POLLOUT;
	if (app->stdin_open && app->out.len < CLI_OUT_HIGH) {
		fds[2] = (struct pollfd){.fd = STDIN_FILENO, .events = POLLIN};
		nfds = 3;
	}
	if (!app->stdin_open) {
		timeout = app->deadline - now_ms();
		if (timeout < 0)
			timeout = 0;
	}
	if (app->hide_at > 0) {
		int64_t left = app->hide_at - now_ms();
		if (left <= 0) {
			/* the time to look is over: clear what the screen shows */
			static const char notice[] =
			    "* the examined information is hidden: its time is over";
			app->hide_at = 0;
			proto_buf_adds(&app->screen, "\x1b[2J\x1b[H");
			cli_le_print_above(&app->le, notice, sizeof(notice) - 1, &app->screen);
			flush_screen(app);
			left = -1;
		}
		if (left >= 0 && (timeout < 0 || left < timeout))
			timeout = left;
	}
	if (cli_tls_pending(app->tls) > 0)
		timeout = 0; /* decrypted bytes wait inside the TLS session: poll cannot see them */
	rc = poll(fds, nfds, (int)timeout);
	if (rc < 0 && errno != EINTR) {
		finish(app, CLI_EXIT_USAGE, strerror(errno));
		return;
	}
	if (rc > 0) {
		if (fds[0].revents & POLLIN)
			handle_signals(app);
		if (!app->done && ((fds[1].revents & (POLLIN | POLLHUP | POLLERR)) ||
		                   cli_tls_pending(app->tls) > 0))
			read_server(app);
		if (!app->done && (fds[1].revents & POLLOUT))
			write_server(app);
		if (!app->done && nfds == 3 && (fds[2].revents & (POLLIN | POLLHUP | POLLERR)))
			read_stdin(app);
		if (!app->done && app->out.len > 0)
			write_server(app);
	}
	if (app->done || app->stdin_open)
		return;
	if (app->outstanding == 0 && app->out.len == 0 && app->held.len == 0) {
		finish(app, CLI_EXIT_OK, NULL);
	} else if (now_ms() >= app->deadline) {
		char msg[128];

		snprintf(msg, sizeof(msg), "gave up waiting for %zu repl%s", app->outstanding,
		         app->outstanding == 1 ? "y" : "ies");
		finish(app, CLI_EXIT_LOST, msg);
	}
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
	    {"help", no_argument, NULL, 'h'},       {"version", no_argument, NULL, 'V'},
	    {"wait", required_argument, NULL, 'w'}, {"tls", no_argument, NULL, 'T'},
	    {"ca", required_argument, NULL, 'C'},   {NULL, 0, NULL, 0},
	};
	struct cli_app app;
	struct cli_target target;
	const char *nc, *ca = NULL;
	char *cause = NULL, *end;
	int tls = 0;
	double wait;
	int c;

	memset(&app, 0, sizeof(app));
	app.wait_ms = 5000;
	while ((c = getopt_long(argc, argv, "hVw:", longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			return CLI_EXIT_OK;
		case 'V':
			printf("wargame %s\n", WG_VERSION);
			return CLI_EXIT_OK;
		case 'w':
			wait = strtod(optarg, &end);
			if (*optarg == '\0' || *end != '\0' || !(wait >= 0 && wait <= 86400)) {
				fprintf(stderr, "wargame: bad --wait '%s'\n", optarg);
				return CLI_EXIT_USAGE;
			}
			app.wait_ms = (int64_t)(wait * 1000);
			break;
		case 'T':
			tls = 1;
			break;
		case 'C':
			ca = optarg;
			break;
		default:
			usage(stderr);
			return CLI_EXIT_USAGE;
		}
	}
	if (argc - optind > 1) {
		usage(stderr);
		return CLI_EXIT_USAGE;
	}
	if (ca != NULL && !tls) {
		fprintf(stderr, "wargame: --ca is for --tls connections\n");
		return CLI_EXIT_USAGE;
	}
	if (cli_target_parse(optind < argc ? argv[optind] : NULL, &target, &cause) != 0) {
		fprintf(stderr, "wargame: %s\n", cause);
		free(cause);
		return CLI_EXIT_USAGE;
	}
	app.sigfd = cli_signals_init();
	if (app.sigfd < 0) {
		fprintf(stderr, "wargame: cannot set up signals: %s\n", strerror(errno));
		return CLI_EXIT_USAGE;
	}
	app.sock = cli_connect(&target, CLI_CONNECT_TIMEOUT, &cause);
	if (app.sock < 0) {
		fprintf(stderr, "wargame: %s\n", cause);
		free(cause);
		return CLI_EXIT_CONNECT;
	}
	if (tls && (app.tls = cli_tls_connect(app.sock, target.host, target.port, ca,
	                                      CLI_CONNECT_TIMEOUT, &cause)) == NULL) {
		fprintf(stderr, "wargame: %s\n", cause);
		free(cause);
		close(app.sock);
		return CLI_EXIT_CONNECT;
	}
	nc = getenv("NO_COLOR");
	app.sanitize = isatty(STDOUT_FILENO);
	app.color = app.sanitize && (nc == NULL || *nc == '\0');
	app.stdin_open = 1;
	if (isatty(STDIN_FILENO) && app.sanitize &&
	    (getenv("TERM") == NULL || strcmp(getenv("TERM"), "dumb") != 0))
		start_editor(&app);

	while (!app.done) {
		poll_once(&app);
		flush_screen(&app);
	}

	leave_editor(&app, 0);
	if (app.hist_dirty)
		cli_history_save(&app.hist, app.hist_path); /* unwritable: ignored */
	cli_term_restore();
	cli_tls_close(app.tls);
	close(app.sock);
	cli_le_release(&app.le);
	cli_history_release(&app.hist);
	free(app.hist_path);
	proto_buf_release(&app.in);
	proto_buf_release(&app.out);
	proto_buf_release(&app.screen);
	proto_buf_release(&app.typed);
	proto_buf_release(&app.tmp);
	proto_buf_release(&app.held);
	return app.exit_code;
}
