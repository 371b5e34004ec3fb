/*
 * mailer.h -- e-mail through the system's sendmail program, off the loop:
 * each message is one child process (uv_spawn of `<sendmail> -t -i`: the
 * recipients come from the message's headers, a line of one dot is text),
 * the message written to its stdin through a pipe, its stderr kept for the
 * error, its exit status the verdict (0: the MTA took the message), and a
 * timer that kills it when it takes too long.
 *
 *   srv_mailer_send -> spawn -> write stdin, close it -> exit (or killed at
 *   the timeout) -> the handles closed -> cb(status, error)
 *
 * Ownership: struct srv_mailer owns its jobs (each with its process, pipes
 * and timer).  srv_mailer_close drops the jobs' callbacks and closes their
 * handles without killing the children (a sendmail that is running delivers
 * or fails by itself; the notification is still pending in the outbox and is
 * sent again after a restart: receivers see the same Message-ID).
 */
#ifndef SRV_MAILER_H
#define SRV_MAILER_H

#include <stddef.h>
#include <stdint.h>

#include <uv.h>

struct srv_mailer;

struct srv_mail_result {
	int status;      /* the exit status; -1: killed or ended by a signal */
	char error[200]; /* "" on status 0; else why (the start of its stderr, the signal) */
};

typedef void (*srv_mail_cb)(void *arg, const struct srv_mail_result *r);

/* A mailer on loop; 0 or -1 (out of memory). */
int srv_mailer_init(struct srv_mailer **out, uv_loop_t *loop);
/*
 * Runs `path -t -i` with msg (len bytes, copied) on its stdin, killed after timeout_ms.
 * 0 and cb(arg, result) once it ended; or a negative libuv error with why in err (size
 * bytes; the program could not be started) and cb never called.
 */
int srv_mailer_send(struct srv_mailer *m, const char *path, const char *msg, size_t len,
                    uint64_t timeout_ms, srv_mail_cb cb, void *arg, char *err, size_t size);
/* The children running now. */
size_t srv_mailer_running(const struct srv_mailer *m);
/* Drops every job's callback, closes their handles (the jobs are freed once the loop has run
 * the closes) and frees m.  m may be NULL. */
void srv_mailer_close(struct srv_mailer *m);

#endif
