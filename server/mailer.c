/*
 * mailer.c -- sendmail children on the loop.  See mailer.h.
 *
 * A job has four libuv handles (process, stdin pipe, stderr pipe, timer); it
 * is freed when the last of them has closed, and its callback runs then
 * (never for a job that failed to start or was cancelled).
 */
#include "mailer.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/str.h"

struct job {
	uv_process_t proc;
	uv_pipe_t in, err;
	uv_timer_t timer;
	uv_write_t wr;
	char *msg;
	char errbuf[200];
	size_t errlen;
	char sink[256]; /* stderr beyond errbuf is read into it and dropped */
	int started, exited, killed, cancelled, failed;
	int64_t status;
	int signal;
	int open; /* handles not yet closed */
	srv_mail_cb cb;
	void *arg;
	struct srv_mailer *m; /* NULL once cancelled */
	struct job *prev, *next;
};

struct srv_mailer {
	uv_loop_t *loop;
	struct job *jobs;
	size_t running;
};

static void unlink_job(struct job *j)
{
	struct srv_mailer *m = j->m;

	if (m == NULL)
		return;
	if (j->prev != NULL)
		j->prev->next = j->next;
	else
		m->jobs = j->next;
	if (j->next != NULL)
		j->next->prev = j->prev;
	m->running--;
	j->m = NULL;
}

static void job_closed(uv_handle_t *h)
{
	struct job *j = h->data;
	struct srv_mail_result r;

	if (--j->open > 0)
		return;
	if (!j->cancelled && !j->failed) {
		memset(&r, 0, sizeof(r));
		if (j->killed) {
			r.status = -1;
			snprintf(r.error, sizeof(r.error), "killed: no answer in time");
		} else if (j->signal != 0) {
			r.status = -1;
			snprintf(r.error, sizeof(r.error), "ended by signal %d", j->signal);
		} else {
			r.status = (int)j->status;
			if (r.status != 0) {
				/* the first line of its stderr, if it said anything */
				char *nl = strchr(j->errbuf, '\n');
				if (nl != NULL)
					*nl = '\0';
				snprintf(r.error, sizeof(r.error), "exit status %d%s%.150s",
				         r.status, j->errbuf[0] ? ": " : "", j->errbuf);
			}
		}
		unlink_job(j);
		j->cb(j->arg, &r);
	} else {
		unlink_job(j);
	}
	free(j->msg);
	free(j);
}

static void close_one(uv_handle_t *h)
{
	if (!uv_is_closing(h))
		uv_close(h, job_closed);
}

static void close_all(struct job *j)
{
	uv_timer_stop(&j->timer);
	close_one((uv_handle_t *)&j->proc);
	close_one((uv_handle_t *)&j->in);
	close_one((uv_handle_t *)&j->err);
	close_one((uv_handle_t *)&j->timer);
}

static void on_exit_cb(uv_process_t *p, int64_t status, int signal)
{
	struct job *j = p->data;

	j->exited = 1;
	j->status = status;
	j->signal = j->killed ? 0 : signal;
	close_all(j);
}

static void on_timeout(uv_timer_t *t)
{
	struct job *j = t->data;

	if (j->exited)
		return;
	j->killed = 1;
	uv_process_kill(&j->proc, SIGKILL); /* the exit callback follows */
}

static void on_written(uv_write_t *w, int status)
{
	struct job *j = w->data;

	(void)status; /* a child that exits without reading: its status says what happened */
	close_one((uv_handle_t *)&j->in); /* its end of input */
}

static void alloc_cb(uv_handle_t *h, size_t suggested, uv_buf_t *buf)
{
	struct job *j = h->data;

	(void)suggested;
	if (j->errlen + 1 < sizeof(j->errbuf))
		*buf = uv_buf_init(j->errbuf + j->errlen,
		                   (unsigned)(sizeof(j->errbuf) - 1 - j->errlen));
	else
		*buf = uv_buf_init(j->sink, sizeof(j->sink));
}

static void on_stderr(uv_stream_t *s, ssize_t n, const uv_buf_t *buf)
{
	struct job *j = s->data;

	if (n > 0 && buf->base == j->errbuf + j->errlen) {
		j->errlen += (size_t)n;
		j->errbuf[j->errlen] = '\0';
	}
	if (n < 0)
		close_one((uv_handle_t *)s);
}

int srv_mailer_init(struct srv_mailer **out, uv_loop_t *loop)
{
	struct srv_mailer *m = calloc(1, sizeof(*m));

	*out = m;
	if (m == NULL)
		return -1;
	m->loop = loop;
	return 0;
}

int srv_mailer_send(struct srv_mailer *m, const char *path, const char *msg, size_t len,
                    uint64_t timeout_ms, srv_mail_cb cb, void *arg, char *err, size_t size)
{
	struct job *j = calloc(1, sizeof(*j));
	uv_process_options_t o;
	uv_stdio_container_t io[3];
	char *args[4];
	uv_buf_t buf;
	int rc;

	if (j == NULL || (j->msg = malloc(len + 1)) == NULL) {
		free(j);
		snprintf(err, size, "out of memory");
		return UV_ENOMEM;
	}
	memcpy(j->msg, msg, len);
	j->msg[len] = '\0';
	j->cb = cb;
	j->arg = arg;
	j->m = m;
	uv_pipe_init(m->loop, &j->in, 0);
	uv_pipe_init(m->loop, &j->err, 0);
	uv_timer_init(m->loop, &j->timer);
	j->proc.data = j->in.data = j->err.data = j->timer.data = j->wr.data = j;
	j->open = 4;
	memset(&o, 0, sizeof(o));
	memset(io, 0, sizeof(io));
	io[0].flags = UV_CREATE_PIPE | UV_READABLE_PIPE; /* the child reads it */
	io[0].data.stream = (uv_stream_t *)&j->in;
	io[1].flags = UV_IGNORE;
	io[2].flags = UV_CREATE_PIPE | UV_WRITABLE_PIPE;
	io[2].data.stream = (uv_stream_t *)&j->err;
	args[0] = (char *)path;
	args[1] = "-t";
	args[2] = "-i";
	args[3] = NULL;
	o.file = path;
	o.args = args;
	o.exit_cb = on_exit_cb;
	o.stdio = io;
	o.stdio_count = 3;
	/* linked first: a failed start is unlinked again when its handles have closed */
	j->next = m->jobs;
	if (m->jobs != NULL)
		m->jobs->prev = j;
	m->jobs = j;
	m->running++;
	if ((rc = uv_spawn(m->loop, &j->proc, &o)) != 0) {
		snprintf(err, size, "cannot run %.120s: %s", path, uv_strerror(rc));
		j->failed = 1;
		close_all(j); /* the process handle is closed even after a failed spawn */
		return rc;
	}
	j->started = 1;
	buf = uv_buf_init(j->msg, (unsigned)len);
	if (uv_write(&j->wr, (uv_stream_t *)&j->in, &buf, 1, on_written) != 0)
		close_one((uv_handle_t *)&j->in);
	if (uv_read_start((uv_stream_t *)&j->err, alloc_cb, on_stderr) != 0)
		close_one((uv_handle_t *)&j->err);
	uv_timer_start(&j->timer, on_timeout, timeout_ms, 0);
	return 0;
}

size_t srv_mailer_running(const struct srv_mailer *m)
{
	return m != NULL ? m->running : 0;
}

void srv_mailer_close(struct srv_mailer *m)
{
	if (m == NULL)
		return;
	while (m->jobs != NULL) {
		struct job *j = m->jobs;
		j->cancelled = 1;
		unlink_job(j);
		close_all(j);
	}
	free(m);
}
