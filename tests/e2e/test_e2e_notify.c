/*
 * test_e2e_notify.c -- notifications outside the server (issue 10) against the
 * real daemon (wargamed-test, the race ruleset, the fake clock of
 * --debug-clock), with two stand-ins for the outside world written here:
 *
 *   - an HTTP/1.1 sink on 127.0.0.1 (an ephemeral port, a thread of this test)
 *     that records every request (method, path, headers, body) and answers 200,
 *     or 500 to the next N requests when told to;
 *   - a fake sendmail (a shell script in a temporary directory) that records
 *     each message it is given on stdin as a file, or fails (exit 75) while a
 *     file named "fail" is there.
 *
 * What it proves:
 *   - `notify` shows and sets the channels, refuses bad input and changes
 *     nothing then; the webhook secret is shown once and can be replaced;
 *   - every webhook POST is JSON, signed with HMAC-SHA256 of the exact body
 *     keyed with the secret (recomputed here), and carries an id; a receiver
 *     that fails gets the same notification again, same id and body, after
 *     30 s then 60 s of server time (the fake clock, no real waiting);
 *   - your-turn, the 24 h / 8 h / 1 h reminders, game-over, challenges and
 *     tells reach the webhook and the mailbox, and none of them carries a
 *     secret of the game (the face-down bid, the dice seed): only the fields a
 *     notification may have;
 *   - by default nothing goes outside while the user is connected;
 *   - e-mail one message per notification, or one digest a day at the hour
 *     chosen, through `sendmail -t -i`; a failing sendmail is tried again;
 *   - the outbox survives SIGKILL: a pending notification is delivered after
 *     the restart with its id, and a delivered one is not sent again;
 *   - without --webhook-private (a second daemon), a webhook reaches public
 *     addresses only: an address in the URL is refused by `notify webhook`, a
 *     name that resolves to loopback is refused at the connect, and nothing
 *     reaches the sink.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <sodium.h>

#include "e2e.h"
#include "e2e_assert.h"

/* Wednesday 2026-12-02 00:00 UTC */
#define T0   1796169600LL
#define HOUR 3600LL
#define DAY  86400LL
#define SEED "5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed"

static struct e2e_server server;
static char clock_arg[32], sendmail_arg[300], dir[64];

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void nap(int ms)
{
	struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};

	nanosleep(&ts, NULL);
}

/* ---- the HTTP sink ---- */

#define SINK_MAX 128

struct request {
	char method[16], path[128], id[64], sig[128], attempt[16], ctype[64];
	char *body;
	int status; /* what the sink answered */
};

static struct {
	int fd, port;
	pthread_t thread;
	pthread_mutex_t mu;
	int stop;
	int fail_next; /* answer 500 to this many more requests */
	struct request reqs[SINK_MAX];
	int n;
} sink = {.mu = PTHREAD_MUTEX_INITIALIZER};

/* The value of header name in the head (lines "Name: value\r\n"), into out. */
static void header(const char *head, const char *name, char *out, size_t size)
{
	size_t len = strlen(name);

	out[0] = '\0';
	for (const char *p = head; (p = strstr(p, "\r\n")) != NULL; p += 2) {
		if (strncasecmp(p + 2, name, len) == 0 && p[2 + len] == ':') {
			const char *v = p + 3 + len, *end;
			while (*v == ' ')
				v++;
			end = strstr(v, "\r\n");
			snprintf(out, size, "%.*s", end ? (int)(end - v) : (int)strlen(v), v);
			return;
		}
	}
}

/* Reads one request from fd (bounded by 5 s), records it and answers. */
static void serve(int fd)
{
	char buf[65536], clen[32];
	size_t n = 0;
	char *head_end = NULL;
	long want = -1;
	long long end = now_ms() + 5000;
	struct request r;
	char answer[160];

	memset(&r, 0, sizeof(r));
	while (now_ms() < end && n + 1 < sizeof(buf)) {
		struct pollfd p = {.fd = fd, .events = POLLIN};
		ssize_t got;
		if (head_end != NULL && want >= 0 &&
		    (long)(n - (size_t)(head_end + 4 - buf)) >= want)
			break;
		if (poll(&p, 1, 100) <= 0)
			continue;
		got = recv(fd, buf + n, sizeof(buf) - 1 - n, 0);
		if (got <= 0)
			break;
		n += (size_t)got;
		buf[n] = '\0';
		if (head_end == NULL && (head_end = strstr(buf, "\r\n\r\n")) != NULL) {
			*head_end = '\0';
			header(buf, "Content-Length", clen, sizeof(clen));
			want = clen[0] ? atol(clen) : 0;
			head_end[0] = '\r';
		}
	}
	if (head_end == NULL)
		return;
	sscanf(buf, "%15s %127s", r.method, r.path);
	*head_end = '\0';
	header(buf, "X-Wargamed-Id", r.id, sizeof(r.id));
	header(buf, "X-Wargamed-Signature", r.sig, sizeof(r.sig));
	header(buf, "X-Wargamed-Attempt", r.attempt, sizeof(r.attempt));
	header(buf, "Content-Type", r.ctype, sizeof(r.ctype));
	r.body = strndup(head_end + 4, (size_t)(want > 0 ? want : 0));
	pthread_mutex_lock(&sink.mu);
	r.status = sink.fail_next > 0 ? 500 : 200;
	if (sink.fail_next > 0)
		sink.fail_next--;
	if (sink.n < SINK_MAX)
		sink.reqs[sink.n++] = r;
	else
		free(r.body);
	pthread_mutex_unlock(&sink.mu);
	snprintf(answer, sizeof(answer),
	         "HTTP/1.1 %d %s\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", r.status,
	         r.status == 200 ? "OK" : "Internal Server Error");
	if (send(fd, answer, strlen(answer), MSG_NOSIGNAL) < 0)
		return;
}

static void *sink_main(void *arg)
{
	(void)arg;
	while (!__atomic_load_n(&sink.stop, __ATOMIC_SEQ_CST)) {
		struct pollfd p = {.fd = sink.fd, .events = POLLIN};
		int c;
		if (poll(&p, 1, 50) <= 0)
			continue;
		if ((c = accept(sink.fd, NULL, NULL)) < 0)
			continue;
		serve(c);
		close(c);
	}
	return NULL;
}

static int sink_start(void)
{
	struct sockaddr_in a;
	socklen_t len = sizeof(a);
	int one = 1;

	sink.fd = socket(AF_INET, SOCK_STREAM, 0);
	setsockopt(sink.fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(sink.fd, (struct sockaddr *)&a, sizeof(a)) != 0 || listen(sink.fd, 16) != 0 ||
	    getsockname(sink.fd, (struct sockaddr *)&a, &len) != 0)
		return -1;
	sink.port = ntohs(a.sin_port);
	return pthread_create(&sink.thread, NULL, sink_main, NULL);
}

static void sink_stop(void)
{
	__atomic_store_n(&sink.stop, 1, __ATOMIC_SEQ_CST);
	pthread_join(sink.thread, NULL);
	close(sink.fd);
	for (int i = 0; i < sink.n; i++)
		free(sink.reqs[i].body);
}

static int sink_count(void)
{
	int n;

	pthread_mutex_lock(&sink.mu);
	n = sink.n;
	pthread_mutex_unlock(&sink.mu);
	return n;
}

static void sink_fail(int n)
{
	pthread_mutex_lock(&sink.mu);
	sink.fail_next = n;
	pthread_mutex_unlock(&sink.mu);
}

/* Waits (at most 10 s) until the sink has n requests. */
static void sink_wait(int n)
{
	long long end = now_ms() + 10000;

	while (sink_count() < n && now_ms() < end)
		nap(10);
	if (sink_count() < n) {
		for (int i = 0; i < sink_count(); i++)
			fprintf(stderr, "sink %d: %s %s\n", i, sink.reqs[i].path,
			        sink.reqs[i].body);
		fail_msg("the sink has %d requests, not %d", sink_count(), n);
	}
}

/* Request i (its strings stay valid: requests are never removed). */
static const struct request *sink_req(int i)
{
	const struct request *r;

	pthread_mutex_lock(&sink.mu);
	r = &sink.reqs[i];
	pthread_mutex_unlock(&sink.mu);
	return r;
}

/* Every check a receiver makes: POST, JSON, the signature over the exact body, the id in the
 * header and the body.  Returns the parsed body (free it). */
static cJSON *check_request(const struct request *r, const char *secret)
{
	unsigned char mac[crypto_auth_hmacsha256_BYTES];
	crypto_auth_hmacsha256_state st;
	char hex[65], want[80];
	cJSON *o, *id;

	assert_string_equal(r->method, "POST");
	assert_string_equal(r->ctype, "application/json");
	crypto_auth_hmacsha256_init(&st, (const unsigned char *)secret, strlen(secret));
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)r->body, strlen(r->body));
	crypto_auth_hmacsha256_final(&st, mac);
	sodium_bin2hex(hex, sizeof(hex), mac, sizeof(mac));
	snprintf(want, sizeof(want), "sha256=%s", hex);
	assert_string_equal(r->sig, want);
	o = cJSON_Parse(r->body);
	assert_non_null(o);
	id = cJSON_GetObjectItem(o, "id");
	assert_true(cJSON_IsString(id));
	assert_int_equal(strlen(id->valuestring), 32);
	assert_string_equal(id->valuestring, r->id);
	assert_true(cJSON_IsNumber(cJSON_GetObjectItem(o, "at")));
	assert_true(cJSON_IsString(cJSON_GetObjectItem(o, "type")));
	return o;
}

/* ---- the fake sendmail ---- */

static void write_sendmail(void)
{
	char path[300];
	FILE *f;

	snprintf(path, sizeof(path), "%s/sendmail", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f,
	        "#!/bin/sh\n"
	        "d='%s'\n"
	        "echo \"$*\" > \"$d/args\"\n"
	        "if [ -f \"$d/fail\" ]; then cat > /dev/null; echo 'fake sendmail: try later' >&2; "
	        "exit 75; fi\n"
	        "n=$(date +%%s%%N)\n"
	        "cat > \"$d/tmp.$n.$$\" && mv \"$d/tmp.$n.$$\" \"$d/mail.$n.$$\"\n",
	        dir);
	fclose(f);
	chmod(path, 0755);
	snprintf(sendmail_arg, sizeof(sendmail_arg), "%s", path);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The messages to address (oldest first) into out[] (malloc'd; free them); their number. */
static int mails_to(const char *address, char **out, int max)
{
	char *names[256], want[300];
	int nn = 0, n = 0;
	DIR *d = opendir(dir);
	struct dirent *e;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL && nn < 256)
		if (strncmp(e->d_name, "mail.", 5) == 0)
			names[nn++] = strdup(e->d_name);
	closedir(d);
	qsort(names, (size_t)nn, sizeof(names[0]), by_name);
	snprintf(want, sizeof(want), "\nTo: %s\n", address);
	for (int i = 0; i < nn; i++) {
		char path[400], *text = NULL;
		long len;
		FILE *f;
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		free(names[i]);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		fseek(f, 0, SEEK_END);
		len = ftell(f);
		fseek(f, 0, SEEK_SET);
		text = calloc(1, (size_t)len + 2);
		text[0] = '\n';
		if (fread(text + 1, 1, (size_t)len, f) != (size_t)len)
			len = 0;
		fclose(f);
		if (strstr(text, want) != NULL && n < max)
			out[n++] = text;
		else
			free(text);
	}
	return n;
}

static void free_mails(char **m, int n)
{
	for (int i = 0; i < n; i++)
		free(m[i]);
}

/* Waits (at most 10 s) until address has n messages. */
static void mail_wait(const char *address, int n)
{
	char *m[64];
	long long end = now_ms() + 10000;
	int got = 0;

	do {
		free_mails(m, got);
		got = mails_to(address, m, 64);
		if (got >= n)
			break;
		nap(10);
	} while (now_ms() < end);
	free_mails(m, got);
	if (got < n)
		fail_msg("%s has %d messages, not %d", address, got, n);
}

/* ---- the daemon ---- */

static int start(void **state)
{
	static const char *args[16];
	int n = 0;

	(void)state;
	if (sodium_init() < 0)
		return -1;
	snprintf(dir, sizeof(dir), "/tmp/wg-notify-XXXXXX");
	if (mkdtemp(dir) == NULL)
		return -1;
	write_sendmail();
	if (sink_start() != 0)
		return -1;
	snprintf(clock_arg, sizeof(clock_arg), "%lld", T0);
	args[n++] = "--data-dir";
	args[n++] = WG_RACE_DIR;
	args[n++] = "--allow-debug";
	args[n++] = "--debug-clock";
	args[n++] = clock_arg;
	args[n++] = "--debug-seed";
	args[n++] = SEED;
	args[n++] = "--sendmail";
	args[n++] = sendmail_arg;
	args[n++] = "--mail-from";
	args[n++] = "referee@wargamed.test";
	args[n++] = "--webhook-private"; /* the sink is on 127.0.0.1 */
	args[n++] = "yes";
	args[n] = NULL;
	return e2e_server_start(&server, WG_TEST_DAEMON, args);
}

static int stop(void **state)
{
	char cmd[200];

	(void)state;
	e2e_server_cleanup(&server);
	sink_stop();
	if (getenv("E2E_KEEP") == NULL) {
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		if (system(cmd) != 0)
			fprintf(stderr, "could not remove %s\n", dir);
	}
	return 0;
}

/* The fake time now (seconds). */
static long long fake_now(struct e2e_client *c)
{
	const char *p;

	cmd_ok(c, "debug clock +0");
	p = strstr(c->final, "clock at ");
	assert_non_null(p);
	return atoll(p + 9);
}

static void advance(struct e2e_client *c, long long seconds)
{
	cmd_ok(c, "debug clock +%lld", seconds);
}

/* The value of the data line "  key: value" of the last reply, or "" (one of two static
 * buffers). */
static const char *member(struct e2e_client *c, const char *key)
{
	static char out[2][600];
	static int turn;
	char *o = out[turn++ % 2];
	size_t len = strlen(key);

	o[0] = '\0';
	for (const char *p = c->reply; p != NULL && *p != '\0';
	     p = strchr(p, '\n'), p = p ? p + 1 : p) {
		if (strncmp(p, "  ", 2) == 0 && strncmp(p + 2, key, len) == 0 &&
		    p[2 + len] == ':' && p[3 + len] == ' ') {
			const char *v = p + 4 + len, *end = strchr(v, '\n');
			snprintf(o, 600, "%.*s", end ? (int)(end - v) : (int)strlen(v), v);
			break;
		}
	}
	return o;
}

/* `notify` until member key of the reply is not "" (the server finished an attempt). */
static const char *notify_until(struct e2e_client *c, const char *key)
{
	long long end = now_ms() + 10000;

	for (;;) {
		cmd_ok(c, "notify");
		if (member(c, key)[0] != '\0')
			return member(c, key);
		if (now_ms() > end)
			fail_msg("notify never showed %s:\n%s", key, c->reply);
		nap(20);
	}
}

/* `notify` until member key reads want. */
static void notify_until_is(struct e2e_client *c, const char *key, const char *want)
{
	long long end = now_ms() + 10000;

	for (;;) {
		cmd_ok(c, "notify");
		if (strcmp(member(c, key), want) == 0)
			return;
		if (now_ms() > end)
			fail_msg("notify never showed %s: %s:\n%s", key, want, c->reply);
		nap(20);
	}
}

/* Sets a webhook on path of the sink for c; returns the secret (static, one per call site
 * copy it). */
static void set_webhook(struct e2e_client *c, const char *path, char *secret)
{
	cmd_ok(c, "notify webhook http://127.0.0.1:%d%s", sink.port, path);
	snprintf(secret, 65, "%s", member(c, "secret"));
	assert_int_equal(strlen(secret), 64);
}

static int64_t game_id(const char *reply)
{
	const char *p = strstr(reply, "game: ");

	return p ? atoll(p + 6) : 0;
}

/* ---- settings ---- */

static void test_settings_are_checked_shown_and_the_secret_shown_once(void **state)
{
	static struct e2e_client c, guest;
	char secret[65], secret2[65];

	(void)state;
	assert_int_equal(e2e_connect(&guest, server.port), 0);
	cmd_err(&guest, "not-logged-in", "notify");
	e2e_close(&guest);
	assert_int_equal(e2e_login_new(&c, server.port, "sam", "secret-s"), 0);
	cmd_ok(&c, "notify");
	assert_string_equal(member(&c, "webhook"), "off");
	assert_string_equal(member(&c, "email"), "off");
	assert_string_equal(member(&c, "when"), "away");
	assert_string_equal(
	    member(&c, "events"),
	    "your-turn deadline-24h deadline-1h game-over challenge tell tournament");
	cmd_err(&c, "bad-args", "notify test");
	assert_contains(e2e_flat(c.reply), "no channel is set");
	/* every refusal says what is wrong and changes nothing */
	cmd_err(&c, "bad-args", "notify webhook ftp://example.org/x");
	assert_contains(e2e_flat(c.reply), "https://");
	cmd_err(&c, "bad-args", "notify webhook https://");
	cmd_err(&c, "bad-args", "notify email sam each");
	assert_contains(e2e_flat(c.reply), "name@domain");
	cmd_err(&c, "bad-args", "notify email sam@example.org weekly");
	cmd_err(&c, "bad-args", "notify email sam@example.org digest 24");
	cmd_err(&c, "bad-args", "notify email sam@example.org each 6");
	cmd_err(&c, "bad-args", "notify events lunch");
	assert_contains(e2e_flat(c.reply), "no event 'lunch'");
	cmd_err(&c, "bad-args", "notify when sometimes");
	cmd_err(&c, "bad-args", "notify secret old");
	cmd_err(&c, "bad-args", "notify louder");
	cmd_ok(&c, "notify");
	assert_string_equal(member(&c, "webhook"), "off");
	assert_string_equal(member(&c, "secret"), "none");
	/* the secret: shown when the webhook is first set, never again, replaced on demand */
	set_webhook(&c, "/sam", secret);
	cmd_ok(&c, "notify webhook http://127.0.0.1:%d/sam2", sink.port);
	assert_string_equal(member(&c, "secret"), "set");
	cmd_ok(&c, "notify");
	assert_string_equal(member(&c, "secret"), "set");
	assert_not_contains(c.reply, secret);
	cmd_ok(&c, "notify secret new");
	snprintf(secret2, sizeof(secret2), "%s", member(&c, "secret"));
	assert_int_equal(strlen(secret2), 64);
	assert_string_not_equal(secret, secret2);
	/* events and when */
	cmd_ok(&c, "notify events game-over,tell");
	assert_string_equal(member(&c, "events"), "game-over tell");
	cmd_ok(&c, "notify events +deadline-8h -tell");
	assert_string_equal(member(&c, "events"), "deadline-8h game-over");
	cmd_ok(&c, "notify events default");
	cmd_ok(&c, "notify when always");
	assert_string_equal(member(&c, "when"), "always");
	cmd_ok(&c, "notify email sam@example.org digest 18");
	assert_string_equal(member(&c, "email_mode"), "digest");
	assert_string_equal(member(&c, "digest_hour"), "18");
	cmd_ok(&c, "notify webhook off");
	assert_string_equal(member(&c, "webhook"), "off");
	cmd_ok(&c, "notify email off");
	assert_string_equal(member(&c, "email"), "off");
	cmd_ok(&c, "help notify");
	assert_contains(e2e_flat(c.reply), "notify webhook <url>");
	/* the URL (which may hold a token) and the secret are never logged */
	assert_false(e2e_log_contains(&server, "/sam2"));
	assert_false(e2e_log_contains(&server, secret2));
	e2e_close(&c);
}

/* ---- the webhook: signature, ids, retries ---- */

static void test_webhook_is_signed_retried_with_backoff_and_keeps_its_id(void **state)
{
	static struct e2e_client c;
	char secret[65], id[64], next[32];
	long long t;
	int base = sink_count();
	cJSON *o;

	(void)state;
	assert_int_equal(e2e_login_new(&c, server.port, "tia", "secret-t"), 0);
	set_webhook(&c, "/tia", secret);
	sink_fail(2);
	t = fake_now(&c);
	cmd_ok(&c, "notify test");
	sink_wait(base + 1);
	o = check_request(sink_req(base), secret);
	assert_string_equal(cJSON_GetObjectItem(o, "type")->valuestring, "test");
	assert_string_equal(cJSON_GetObjectItem(o, "user")->valuestring, "tia");
	assert_int_equal((long long)cJSON_GetObjectItem(o, "at")->valuedouble, t);
	cJSON_Delete(o);
	assert_string_equal(sink_req(base)->path, "/tia");
	assert_string_equal(sink_req(base)->attempt, "1");
	snprintf(id, sizeof(id), "%s", sink_req(base)->id);
	/* the first retry 30 s (server time) after the failure */
	snprintf(next, sizeof(next), "%lld", t + 30);
	assert_string_equal(notify_until(&c, "webhook_next"), next);
	assert_contains(e2e_flat(c.reply), "after 1 failed: HTTP 500");
	advance(&c, 29);
	e2e_pump(&c, 300);
	assert_int_equal(sink_count(), base + 1);
	advance(&c, 1);
	sink_wait(base + 2);
	/* the same notification: same id, same bytes, signed again */
	o = check_request(sink_req(base + 1), secret);
	cJSON_Delete(o);
	assert_string_equal(sink_req(base + 1)->id, id);
	assert_string_equal(sink_req(base + 1)->body, sink_req(base)->body);
	assert_string_equal(sink_req(base + 1)->attempt, "2");
	/* the second wait is 60 s */
	snprintf(next, sizeof(next), "%lld", t + 30 + 60);
	notify_until_is(&c, "webhook_next", next);
	advance(&c, 60);
	sink_wait(base + 3);
	assert_string_equal(sink_req(base + 2)->id, id);
	assert_string_equal(sink_req(base + 2)->attempt, "3");
	assert_int_equal(sink_req(base + 2)->status, 200);
	notify_until_is(&c, "webhook_pending", "0");
	assert_contains(e2e_flat(c.reply), "1 delivered");
	/* a new notification has a new id */
	cmd_ok(&c, "notify test");
	sink_wait(base + 4);
	o = check_request(sink_req(base + 3), secret);
	cJSON_Delete(o);
	assert_string_not_equal(sink_req(base + 3)->id, id);
	e2e_close(&c);
}

/* ---- a game's notifications, and no secret in them ---- */

/* Every member a webhook body may have. */
static const char *const allowed[] = {
    "id",       "type",   "at",     "user", "game",      "scenario", "side",    "opponent",
    "deadline", "result", "winner", "from", "challenge", "tell",     "message", "text"};

static void check_no_secret(const char *text)
{
	assert_not_contains(text, SEED);  /* the dice seed (revealed at the end, never sent) */
	assert_not_contains(text, "bid"); /* the face-down bid and anything about it */
	/* "face down" in any spelling (not "face" alone: a notification's random hex id may
	 * hold those four letters) */
	assert_not_contains(text, "face down");
	assert_not_contains(text, "face-down");
	assert_not_contains(text, "facedown");
	assert_not_contains(text, "\"kind\"");
}

static void test_game_notifications_reach_webhook_and_mail_without_secrets(void **state)
{
	static struct e2e_client alice, bob;
	char sa[65], sb[65], *mails[64];
	const char *types_b[] = {"your-turn", "deadline-24h", "deadline-8h", "deadline-1h",
	                         "game-over"};
	int seen_b[5] = {0}, seen_a_over = 0, base = sink_count(), n, nm;
	int64_t id;

	(void)state;
	assert_int_equal(e2e_login_new(&alice, server.port, "ada", "secret-a"), 0);
	assert_int_equal(e2e_login_new(&bob, server.port, "ben", "secret-b"), 0);
	set_webhook(&alice, "/ada", sa);
	set_webhook(&bob, "/ben", sb);
	cmd_ok(&alice, "notify email ada@example.org each");
	cmd_ok(&bob, "notify email ben@example.org each");
	cmd_ok(&alice, "notify when always");
	cmd_ok(&bob, "notify when always");
	cmd_ok(&bob, "notify events all");
	cmd_ok(&alice, "new race side=red clock=days:2");
	id = game_id(alice.reply);
	cmd_ok(&alice, "debug dice 2");
	cmd_ok(&bob, "join %lld", (long long)id);
	cmd_ok(&alice, "use %lld", (long long)id);
	cmd_ok(&alice, "roll");
	cmd_ok(&bob, "roll");
	/* the secret bid: ada's 3 lies face down while ben is reminded of his deadline */
	cmd_ok(&alice, "bid 3");
	advance(&bob, DAY + 60);
	advance(&bob, 16 * HOUR);
	advance(&bob, 7 * HOUR + 30 * 60);
	cmd_ok(&bob, "resign");
	/* ada: your-turn (start), your-turn (bid), game-over; ben: your-turn (roll), your-turn
	 * (bid), the three reminders, game-over */
	sink_wait(base + 3 + 6);
	mail_wait("ben@example.org", 6);
	mail_wait("ada@example.org", 3);
	n = sink_count();
	for (int i = base; i < n; i++) {
		const struct request *r = sink_req(i);
		int ben = strcmp(r->path, "/ben") == 0;
		cJSON *o = check_request(r, ben ? sb : sa), *m;
		const char *type = cJSON_GetObjectItem(o, "type")->valuestring;
		for (m = o->child; m != NULL; m = m->next) {
			size_t k;
			for (k = 0; k < sizeof(allowed) / sizeof(allowed[0]); k++)
				if (strcmp(m->string, allowed[k]) == 0)
					break;
			if (k == sizeof(allowed) / sizeof(allowed[0]))
				fail_msg("a webhook body has \"%s\": %s", m->string, r->body);
		}
		check_no_secret(r->body);
		assert_int_equal((int64_t)cJSON_GetObjectItem(o, "game")->valuedouble, id);
		assert_string_equal(cJSON_GetObjectItem(o, "scenario")->valuestring, "race");
		if (ben) {
			assert_string_equal(cJSON_GetObjectItem(o, "side")->valuestring, "blue");
			assert_string_equal(cJSON_GetObjectItem(o, "opponent")->valuestring, "ada");
			for (int t = 0; t < 5; t++)
				seen_b[t] += strcmp(type, types_b[t]) == 0;
			if (strncmp(type, "deadline-", 9) == 0)
				assert_true(cJSON_IsNumber(cJSON_GetObjectItem(o, "deadline")));
		} else if (strcmp(type, "game-over") == 0) {
			seen_a_over++;
			assert_contains(cJSON_GetObjectItem(o, "result")->valuestring, "resign");
			assert_string_equal(cJSON_GetObjectItem(o, "winner")->valuestring, "red");
		}
		cJSON_Delete(o);
	}
	/* one id per notification: no two of them share one */
	for (int i = base; i < n; i++)
		for (int j = i + 1; j < n; j++)
			assert_string_not_equal(sink_req(i)->id, sink_req(j)->id);
	assert_int_equal(seen_b[0], 2);
	assert_int_equal(seen_b[1], 1);
	assert_int_equal(seen_b[2], 1);
	assert_int_equal(seen_b[3], 1);
	assert_int_equal(seen_b[4], 1);
	assert_int_equal(seen_a_over, 1);
	/* the mails say the same, one per notification, and no secret either */
	nm = mails_to("ben@example.org", mails, 64);
	assert_int_equal(nm, 6);
	for (int i = 0; i < nm; i++) {
		check_no_secret(mails[i]);
		assert_contains(mails[i], "\nFrom: referee@wargamed.test\n");
		assert_contains(mails[i], "\nX-Wargamed-Id: ");
	}
	assert_contains(mails[2], "X-Wargamed-Event: deadline-24h");
	assert_contains(mails[2], "Subject: [wargamed] 24h left in game");
	assert_contains(mails[5], "X-Wargamed-Event: game-over");
	free_mails(mails, nm);
	nm = mails_to("ada@example.org", mails, 64);
	for (int i = 0; i < nm; i++)
		check_no_secret(mails[i]);
	free_mails(mails, nm);
	{
		char args[100] = "";
		char path[300];
		FILE *f;
		snprintf(path, sizeof(path), "%s/args", dir);
		f = fopen(path, "r");
		assert_non_null(f);
		assert_non_null(fgets(args, sizeof(args), f));
		fclose(f);
		assert_string_equal(args, "-t -i\n");
	}
	e2e_close(&alice);
	e2e_close(&bob);
}

/* ---- away by default; challenges and tells ---- */

static void test_away_by_default_then_challenges_and_tells_reach_the_webhook(void **state)
{
	static struct e2e_client cleo, dan;
	char secret[65];
	int base;
	cJSON *o;

	(void)state;
	assert_int_equal(e2e_login_new(&cleo, server.port, "cleo", "secret-c"), 0);
	assert_int_equal(e2e_login_new(&dan, server.port, "dan", "secret-d"), 0);
	set_webhook(&dan, "/dan", secret);
	base = sink_count();
	/* dan is connected: he hears it here, nothing goes outside */
	cmd_ok(&cleo, "challenge dan race");
	assert_non_null(e2e_take_event(&dan, "* challenge", 2000));
	cmd_ok(&cleo, "tell dan are you there");
	assert_non_null(e2e_take_event(&dan, "are you there", 2000));
	cmd_ok(&dan, "logout"); /* away from here on (the reply follows the detach) */
	e2e_close(&dan);
	/* away: a tell and a challenge go outside */
	cmd_ok(&cleo, "tell dan see you later");
	cmd_ok(&cleo, "challenge dan race clock=days:3");
	sink_wait(base + 2);
	e2e_pump(&cleo, 200);
	assert_int_equal(sink_count(), base + 2);
	o = check_request(sink_req(base), secret);
	assert_string_equal(cJSON_GetObjectItem(o, "type")->valuestring, "tell");
	assert_string_equal(cJSON_GetObjectItem(o, "from")->valuestring, "cleo");
	assert_string_equal(cJSON_GetObjectItem(o, "message")->valuestring, "see you later");
	cJSON_Delete(o);
	o = check_request(sink_req(base + 1), secret);
	assert_string_equal(cJSON_GetObjectItem(o, "type")->valuestring, "challenge");
	assert_contains(cJSON_GetObjectItem(o, "text")->valuestring, "cleo challenges you");
	assert_contains(cJSON_GetObjectItem(o, "text")->valuestring, "days:3");
	cJSON_Delete(o);
	e2e_close(&cleo);
}

/* ---- e-mail: the daily digest, and a failing sendmail ---- */

static void test_digest_once_a_day_and_a_failed_sendmail_is_retried(void **state)
{
	static struct e2e_client eve, fay;
	char *mails[16], path[300];
	long long t, to_six;
	int n;
	FILE *f;

	(void)state;
	assert_int_equal(e2e_login_new(&eve, server.port, "eve", "secret-e"), 0);
	assert_int_equal(e2e_login_new(&fay, server.port, "fay", "secret-f"), 0);
	cmd_ok(&fay, "notify email fay@example.org digest 6");
	cmd_ok(&fay, "logout");
	e2e_close(&fay);
	t = fake_now(&eve);
	to_six = (t / DAY) * DAY + 6 * HOUR - t; /* seconds to the next 06:00 UTC */
	if (to_six <= 60)
		to_six += DAY;
	cmd_ok(&eve, "tell fay first");
	cmd_ok(&eve, "tell fay second");
	cmd_ok(&eve, "challenge fay race");
	advance(&eve, to_six - 60);
	e2e_pump(&eve, 300);
	n = mails_to("fay@example.org", mails, 16);
	free_mails(mails, n);
	assert_int_equal(n, 0); /* nothing before the digest's hour */
	advance(&eve, 60);
	mail_wait("fay@example.org", 1);
	n = mails_to("fay@example.org", mails, 16);
	assert_int_equal(n, 1);
	assert_contains(mails[0], "Subject: [wargamed] daily digest: 3 notifications");
	assert_contains(mails[0], "X-Wargamed-Event: digest");
	assert_contains(mails[0], "eve tells you: first");
	assert_contains(mails[0], "eve tells you: second");
	assert_contains(mails[0], "eve challenges you");
	assert_true(strstr(mails[0], "first") < strstr(mails[0], "second"));
	free_mails(mails, n);
	/* the next notification waits for the next day */
	cmd_ok(&eve, "tell fay third");
	advance(&eve, DAY - 60);
	e2e_pump(&eve, 300);
	n = mails_to("fay@example.org", mails, 16);
	free_mails(mails, n);
	assert_int_equal(n, 1);
	advance(&eve, 60);
	mail_wait("fay@example.org", 2);
	n = mails_to("fay@example.org", mails, 16);
	assert_contains(mails[1], "daily digest: 1 notification\n");
	assert_contains(mails[1], "eve tells you: third");
	free_mails(mails, n);

	/* sendmail fails (exit 75): the message waits and goes on the retry */
	snprintf(path, sizeof(path), "%s/fail", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fclose(f);
	cmd_ok(&eve, "notify email eve@example.org each");
	cmd_ok(&eve, "notify test");
	notify_until(&eve, "email_next");
	assert_contains(e2e_flat(eve.reply), "exit status 75: fake sendmail: try later");
	assert_int_equal(unlink(path), 0);
	advance(&eve, 30);
	mail_wait("eve@example.org", 1);
	n = mails_to("eve@example.org", mails, 16);
	assert_contains(mails[0], "Subject: [wargamed] test notification");
	free_mails(mails, n);
	assert_true(e2e_log_contains(&server, "by e-mail failed (attempt 1 of 12: exit status 75"));
	e2e_close(&eve);
}

/* ---- durability ---- */

static void restart_after_kill(struct e2e_client *c, const char *name, const char *pw,
                               long long later)
{
	e2e_close(c);
	e2e_server_kill(&server);
	snprintf(clock_arg, sizeof(clock_arg), "%lld", later);
	assert_int_equal(e2e_server_restart(&server), 0);
	assert_int_equal(e2e_connect(c, server.port), 0);
	cmd_ok(c, "login %s %s", name, pw);
}

/* ---- only public destinations by default (a second daemon, without --webhook-private) ---- */

static void test_webhooks_reach_only_public_addresses_by_default(void **state)
{
	static struct e2e_server plain;
	static struct e2e_client c;
	static const char *const args[] = {"--data-dir", WG_RACE_DIR, NULL};
	int base = sink_count();

	(void)state;
	assert_int_equal(e2e_server_start(&plain, WG_TEST_DAEMON, args), 0);
	assert_int_equal(e2e_login_new(&c, plain.port, "pat", "secret-p"), 0);
	/* an address written in the URL: refused at once, saying why; nothing changes */
	cmd_err(&c, "bad-args", "notify webhook http://127.0.0.1:%d/direct", sink.port);
	assert_contains(e2e_flat(c.reply), "127.0.0.1 is a loopback address, not a public one");
	assert_contains(e2e_flat(c.reply), "--webhook-private");
	cmd_err(&c, "bad-args", "notify webhook http://[::ffff:169.254.169.254]/latest/meta-data");
	assert_contains(e2e_flat(c.reply), "is a link-local address");
	cmd_err(&c, "bad-args", "notify webhook http://10.0.0.7/hook");
	assert_contains(e2e_flat(c.reply), "is a private address");
	cmd_ok(&c, "notify");
	assert_string_equal(member(&c, "webhook"), "off");
	/* a name is taken, and checked at each connect: localhost is loopback */
	cmd_ok(&c, "notify webhook http://localhost:%d/by-name", sink.port);
	cmd_ok(&c, "notify test");
	notify_until(&c, "webhook_next");
	assert_contains(e2e_flat(c.reply), "a loopback address, not a public one");
	assert_contains(e2e_flat(c.reply), "1 pending");
	e2e_pump(&c, 300);
	assert_int_equal(sink_count(), base); /* nothing reached the sink */
	e2e_close(&c);
	e2e_server_cleanup(&plain);
}

static void test_outbox_survives_sigkill_and_is_not_sent_twice(void **state)
{
	static struct e2e_client c;
	char secret[65], id[64];
	long long t;
	int base;

	(void)state;
	assert_int_equal(e2e_login_new(&c, server.port, "gus", "secret-g"), 0);
	set_webhook(&c, "/gus", secret);
	sink_fail(1000); /* the receiver is down */
	base = sink_count();
	cmd_ok(&c, "notify test");
	sink_wait(base + 1);
	snprintf(id, sizeof(id), "%s", sink_req(base)->id);
	notify_until(&c, "webhook_next");
	t = fake_now(&c);
	/* the server dies; it comes back an hour later (server time), the receiver too */
	e2e_server_kill(&server);
	sink_fail(0);
	restart_after_kill(&c, "gus", "secret-g", t + HOUR);
	sink_wait(base + 2);
	assert_string_equal(sink_req(base + 1)->id, id);
	assert_string_equal(sink_req(base + 1)->body, sink_req(base)->body);
	cJSON_Delete(check_request(sink_req(base + 1), secret));
	notify_until_is(&c, "webhook_pending", "0");
	/* delivered and committed: another SIGKILL does not send it again */
	restart_after_kill(&c, "gus", "secret-g", t + 2 * HOUR);
	cmd_ok(&c, "notify");
	assert_string_equal(member(&c, "webhook_pending"), "0");
	advance(&c, HOUR);
	e2e_pump(&c, 300);
	assert_int_equal(sink_count(), base + 2);
	e2e_close(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_settings_are_checked_shown_and_the_secret_shown_once),
	    cmocka_unit_test(test_webhook_is_signed_retried_with_backoff_and_keeps_its_id),
	    cmocka_unit_test(test_game_notifications_reach_webhook_and_mail_without_secrets),
	    cmocka_unit_test(test_away_by_default_then_challenges_and_tells_reach_the_webhook),
	    cmocka_unit_test(test_digest_once_a_day_and_a_failed_sendmail_is_retried),
	    cmocka_unit_test(test_outbox_survives_sigkill_and_is_not_sent_twice),
	    cmocka_unit_test(test_webhooks_reach_only_public_addresses_by_default),
	};
	return cmocka_run_group_tests(tests, start, stop);
}
