/*
 * webhook.h -- HTTP POSTs to webhooks through libcurl's multi interface,
 * driven by the libuv loop: never a blocking call on the loop thread.
 *
 * The documented pattern (libcurl's multi-uv.c example, curl_multi_socket_action(3)):
 *
 *   CURLMOPT_SOCKETFUNCTION  curl says which socket to watch for what: a
 *                            uv_poll_t per socket (struct sock), started,
 *                            changed, or stopped and closed (CURL_POLL_REMOVE,
 *                            said before curl closes the socket);
 *   CURLMOPT_TIMERFUNCTION   curl says when it wants to be called back: one
 *                            uv_timer_t (stopped for -1);
 *   poll or timer fires  ->  curl_multi_socket_action, then every finished
 *                            transfer is read (curl_multi_info_read), removed,
 *                            cleaned up, and its callback called -- outside
 *                            any curl callback, so it may start another POST.
 *
 * Every transfer has a connect timeout and a total timeout, no redirects,
 * only http and https; DNS is curl's threaded resolver (AsynchDNS), so it
 * never blocks the loop either.  The caller bounds how many run at once
 * (server/notify.c).
 *
 * Ownership: struct srv_webhook owns the multi handle, its timer, the socket
 * watchers and every transfer (the body and headers are copied).  It is freed
 * by srv_webhook_close once libuv has closed its handles (the loop must run
 * after the call).  Everything runs on the loop thread.
 */
#ifndef SRV_WEBHOOK_H
#define SRV_WEBHOOK_H

#include <stddef.h>
#include <stdint.h>

#include <uv.h>

struct srv_webhook;

/* How a POST ended. */
struct srv_webhook_result {
	long status;         /* the HTTP status, 0 when no answer came */
	int64_t retry_after; /* ms the receiver asked to wait (Retry-After), 0: none */
	char error[200];     /* "" when an answer came; else what failed (curl's words) */
};

/* Called once per POST, from the loop, never from inside srv_webhook_post. */
typedef void (*srv_webhook_cb)(void *arg, const struct srv_webhook_result *r);

/* A client on loop; 0, or -1 (curl or memory could not be had).  Unless allow_private, a
 * POST connects to public addresses only: each address the name resolves to is checked
 * before its socket opens (srv_nf_addr_kind; a refused one fails the POST, saying why). */
int srv_webhook_init(struct srv_webhook **out, uv_loop_t *loop, const char *user_agent,
                     int allow_private);
/*
 * Starts a POST of body (len bytes, copied) to url with the header lines headers[0..n)
 * (copied; "Content-Type: application/json" is added), connect_ms and total_ms the
 * timeouts.  cb(arg, result) follows once it ends.  0, or -1 with nothing started (cb is
 * then never called).
 */
int srv_webhook_post(struct srv_webhook *w, const char *url, const char *const *headers, size_t n,
                     const char *body, size_t len, long connect_ms, long total_ms,
                     srv_webhook_cb cb, void *arg);
/* The POSTs running now. */
size_t srv_webhook_running(const struct srv_webhook *w);
/* Cancels every POST (their callbacks are never called) and closes the client; w is freed
 * once the loop has run the closes.  w may be NULL. */
void srv_webhook_close(struct srv_webhook *w);

#endif
