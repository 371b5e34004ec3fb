/*
 * webhook.c -- HTTP POSTs through libcurl's multi interface on the libuv
 * loop.  See webhook.h for the pattern.
 *
 * A socket watcher (struct sock) is created when curl first names a socket,
 * and stopped and closed at CURL_POLL_REMOVE; its memory goes in the
 * uv_close callback.  At shutdown the watchers are closed first, while their
 * sockets are still open, and only then are the transfers and the multi
 * handle cleaned up (curl's later REMOVE calls find them closing and are
 * ignored).
 */
#include "webhook.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <curl/curl.h>

#include "common/str.h"
#include "notifyfmt.h"

struct sock {
	uv_poll_t poll;
	curl_socket_t fd;
	struct srv_webhook *w;
	int closing;
	struct sock *prev, *next;
};

struct xfer {
	CURL *easy;
	struct curl_slist *headers;
	char *body;
	srv_webhook_cb cb;
	void *arg;
	char errbuf[CURL_ERROR_SIZE];
	char refused[200]; /* why an address was not connected to ("": none was refused) */
	struct xfer *prev, *next;
};

struct srv_webhook {
	uv_loop_t *loop;
	CURLM *multi;
	uv_timer_t timer;
	char user_agent[64];
	struct sock *socks;
	struct xfer *xfers;
	size_t running;
	int handles; /* libuv handles not yet closed (the timer, the watchers) */
	int closing;
	int allow_private; /* 1: any address; 0: public ones only (each POST gets open_socket) */
};

static void maybe_free(struct srv_webhook *w)
{
	if (w->closing && w->handles == 0)
		free(w);
}

static void sock_closed(uv_handle_t *h)
{
	struct sock *k = h->data;
	struct srv_webhook *w = k->w;

	if (k->prev != NULL)
		k->prev->next = k->next;
	else
		w->socks = k->next;
	if (k->next != NULL)
		k->next->prev = k->prev;
	free(k);
	w->handles--;
	maybe_free(w);
}

static void sock_close(struct sock *k)
{
	if (k->closing)
		return;
	k->closing = 1;
	uv_poll_stop(&k->poll);
	uv_close((uv_handle_t *)&k->poll, sock_closed);
}

static void xfer_free(struct srv_webhook *w, struct xfer *x)
{
	curl_multi_remove_handle(w->multi, x->easy);
	curl_easy_cleanup(x->easy);
	curl_slist_free_all(x->headers);
	free(x->body);
	if (x->prev != NULL)
		x->prev->next = x->next;
	else
		w->xfers = x->next;
	if (x->next != NULL)
		x->next->prev = x->prev;
	w->running--;
	free(x);
}

/* Every finished transfer: removed, cleaned up, then its callback. */
static void check_done(struct srv_webhook *w)
{
	CURLMsg *m;
	int left;

	while (!w->closing && (m = curl_multi_info_read(w->multi, &left)) != NULL) {
		struct srv_webhook_result r;
		struct xfer *x = NULL;
		curl_off_t after = 0;
		srv_webhook_cb cb;
		void *arg;

		if (m->msg != CURLMSG_DONE)
			continue;
		memset(&r, 0, sizeof(r));
		curl_easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, (char **)&x);
		if (x == NULL)
			continue;
		curl_easy_getinfo(x->easy, CURLINFO_RESPONSE_CODE, &r.status);
		if (curl_easy_getinfo(x->easy, CURLINFO_RETRY_AFTER, &after) == CURLE_OK &&
		    after > 0)
			r.retry_after = (int64_t)after * 1000;
		if (m->data.result != CURLE_OK) {
			r.status = 0;
			wg_strcopy(r.error, sizeof(r.error),
			           x->refused[0]  ? x->refused
			           : x->errbuf[0] ? x->errbuf
			                          : curl_easy_strerror(m->data.result));
		}
		cb = x->cb;
		arg = x->arg;
		xfer_free(w, x); /* m is not valid after this */
		cb(arg, &r);
	}
}

static void on_poll(uv_poll_t *p, int status, int events)
{
	struct sock *k = p->data;
	struct srv_webhook *w = k->w;
	int flags = 0, running;

	if (status < 0)
		flags = CURL_CSELECT_ERR;
	if (events & UV_READABLE)
		flags |= CURL_CSELECT_IN;
	if (events & UV_WRITABLE)
		flags |= CURL_CSELECT_OUT;
	curl_multi_socket_action(w->multi, k->fd, flags, &running);
	check_done(w);
}

static void on_timer(uv_timer_t *t)
{
	struct srv_webhook *w = t->data;
	int running;

	curl_multi_socket_action(w->multi, CURL_SOCKET_TIMEOUT, 0, &running);
	check_done(w);
}

/* CURLMOPT_TIMERFUNCTION: -1 stops the timer; 0 means "as soon as possible" (the next loop
 * iteration: socket_action may not be called from here). */
static int timer_fn(CURLM *multi, long ms, void *arg)
{
	struct srv_webhook *w = arg;

	(void)multi;
	if (w->closing)
		return 0;
	if (ms < 0)
		uv_timer_stop(&w->timer);
	else
		uv_timer_start(&w->timer, on_timer, (uint64_t)ms, 0);
	return 0;
}

/* CURLMOPT_SOCKETFUNCTION. */
static int socket_fn(CURL *easy, curl_socket_t fd, int what, void *arg, void *socketp)
{
	struct srv_webhook *w = arg;
	struct sock *k = socketp;
	int events = 0;

	(void)easy;
	if (w->closing)
		return 0;
	if (what == CURL_POLL_REMOVE) {
		if (k != NULL) {
			sock_close(k);
			curl_multi_assign(w->multi, fd, NULL);
		}
		return 0;
	}
	if (k == NULL) {
		if ((k = calloc(1, sizeof(*k))) == NULL)
			return -1;
		if (uv_poll_init_socket(w->loop, &k->poll, fd) != 0) {
			free(k);
			return -1;
		}
		k->fd = fd;
		k->w = w;
		k->poll.data = k;
		k->next = w->socks;
		if (w->socks != NULL)
			w->socks->prev = k;
		w->socks = k;
		w->handles++;
		curl_multi_assign(w->multi, fd, k);
	}
	if (what == CURL_POLL_IN || what == CURL_POLL_INOUT)
		events |= UV_READABLE;
	if (what == CURL_POLL_OUT || what == CURL_POLL_INOUT)
		events |= UV_WRITABLE;
	uv_poll_start(&k->poll, events, on_poll);
	return 0;
}

/*
 * Every socket curl opens for a POST (CURLOPT_OPENSOCKETFUNCTION, set unless any address
 * is allowed): the address is the one resolved for this connect, so a name that resolves
 * to a private address, or changes to one after `notify webhook` took it, is refused here.
 * curl goes on to the name's next address, if any.
 */
static curl_socket_t open_socket(void *clientp, curlsocktype purpose, struct curl_sockaddr *a)
{
	struct xfer *x = clientp;
	const char *kind = srv_nf_addr_kind(&a->addr);
	char ip[64] = "?";

	(void)purpose;
	if (kind != NULL) {
		uv_ip_name(&a->addr, ip, sizeof(ip));
		snprintf(x->refused, sizeof(x->refused),
		         "not connected to %s: a %s address, not a public one (the operator may "
		         "allow it: --webhook-private)",
		         ip, kind);
		return CURL_SOCKET_BAD;
	}
	return socket(a->family, a->socktype | SOCK_CLOEXEC, a->protocol);
}

static size_t discard(char *ptr, size_t size, size_t n, void *arg)
{
	(void)ptr;
	(void)arg;
	return size * n;
}

int srv_webhook_init(struct srv_webhook **out, uv_loop_t *loop, const char *user_agent,
                     int allow_private)
{
	struct srv_webhook *w = calloc(1, sizeof(*w));

	*out = NULL;
	if (w == NULL)
		return -1;
	if ((w->multi = curl_multi_init()) == NULL) {
		free(w);
		return -1;
	}
	w->loop = loop;
	w->allow_private = allow_private != 0;
	wg_strcopy(w->user_agent, sizeof(w->user_agent), user_agent);
	uv_timer_init(loop, &w->timer);
	w->timer.data = w;
	w->handles = 1;
	curl_multi_setopt(w->multi, CURLMOPT_SOCKETFUNCTION, socket_fn);
	curl_multi_setopt(w->multi, CURLMOPT_SOCKETDATA, w);
	curl_multi_setopt(w->multi, CURLMOPT_TIMERFUNCTION, timer_fn);
	curl_multi_setopt(w->multi, CURLMOPT_TIMERDATA, w);
	*out = w;
	return 0;
}

int srv_webhook_post(struct srv_webhook *w, const char *url, const char *const *headers, size_t n,
                     const char *body, size_t len, long connect_ms, long total_ms,
                     srv_webhook_cb cb, void *arg)
{
	struct xfer *x;
	CURL *e;
	int bad = 0;

	if (w == NULL || w->closing || (x = calloc(1, sizeof(*x))) == NULL)
		return -1;
	if ((e = curl_easy_init()) == NULL || (x->body = malloc(len + 1)) == NULL) {
		curl_easy_cleanup(e);
		free(x);
		return -1;
	}
	memcpy(x->body, body, len);
	x->body[len] = '\0';
	x->easy = e;
	x->cb = cb;
	x->arg = arg;
	{
		struct curl_slist *l = curl_slist_append(NULL, "Content-Type: application/json");
		/* no "Expect: 100-continue" round trip before the body */
		struct curl_slist *m = l ? curl_slist_append(l, "Expect:") : NULL;
		x->headers = m ? m : l;
		bad = m == NULL;
		for (size_t i = 0; i < n && !bad; i++) {
			struct curl_slist *t = curl_slist_append(x->headers, headers[i]);
			if (t == NULL)
				bad = 1;
			else
				x->headers = t;
		}
	}
	bad = bad || curl_easy_setopt(e, CURLOPT_URL, url) != CURLE_OK ||
	      curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK ||
	      curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L) != CURLE_OK ||
	      curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 0L) != CURLE_OK ||
	      curl_easy_setopt(e, CURLOPT_POST, 1L) != CURLE_OK ||
	      curl_easy_setopt(e, CURLOPT_POSTFIELDS, x->body) != CURLE_OK ||
	      curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len) != CURLE_OK ||
	      curl_easy_setopt(e, CURLOPT_HTTPHEADER, x->headers) != CURLE_OK ||
	      curl_easy_setopt(e, CURLOPT_USERAGENT, w->user_agent) != CURLE_OK ||
	      curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, connect_ms) != CURLE_OK ||
	      curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, total_ms) != CURLE_OK ||
	      curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, discard) != CURLE_OK ||
	      curl_easy_setopt(e, CURLOPT_ERRORBUFFER, x->errbuf) != CURLE_OK ||
	      curl_easy_setopt(e, CURLOPT_PRIVATE, (void *)x) != CURLE_OK;
	bad = bad || (!w->allow_private &&
	              (curl_easy_setopt(e, CURLOPT_OPENSOCKETFUNCTION, open_socket) != CURLE_OK ||
	               curl_easy_setopt(e, CURLOPT_OPENSOCKETDATA, (void *)x) != CURLE_OK));
	if (bad || curl_multi_add_handle(w->multi, e) != CURLM_OK) {
		curl_easy_cleanup(e);
		curl_slist_free_all(x->headers);
		free(x->body);
		free(x);
		return -1;
	}
	x->next = w->xfers;
	if (w->xfers != NULL)
		w->xfers->prev = x;
	w->xfers = x;
	w->running++;
	return 0;
}

size_t srv_webhook_running(const struct srv_webhook *w)
{
	return w != NULL ? w->running : 0;
}

static void timer_closed(uv_handle_t *h)
{
	struct srv_webhook *w = h->data;

	w->handles--;
	maybe_free(w);
}

void srv_webhook_close(struct srv_webhook *w)
{
	if (w == NULL || w->closing)
		return;
	w->closing = 1;
	/* the watchers first, while curl's sockets are still open */
	for (struct sock *k = w->socks; k != NULL; k = k->next)
		sock_close(k);
	while (w->xfers != NULL)
		xfer_free(w, w->xfers);
	curl_multi_cleanup(w->multi);
	w->multi = NULL;
	uv_timer_stop(&w->timer);
	uv_close((uv_handle_t *)&w->timer, timer_closed);
}
