/*
 * cmd-notify.c -- the notify verb family: the channels outside the server a
 * user is told through (a signed webhook, e-mail one by one or as a daily
 * digest), the signing secret, the events wanted, whether also while online,
 * and a test through every channel.  notify.c delivers; the decisions are in
 * docs/notifications.md.
 *
 * Every form answers with the settings as they are afterwards (and what each
 * channel did lately).  A refusal changes nothing.  The arguments are never
 * logged: a webhook URL often holds a token.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sodium.h>

#include "clock.h"
#include "cmd.h"
#include "conn.h"
#include "notify.h"
#include "server.h"

#define DIGEST_HOUR 6 /* UTC, when a digest's hour is not given */

/* The prefs of the user, or the defaults when it never set any. */
static int load(struct srv_cmd_ctx *ctx, struct db_notify_prefs *p)
{
	int rc = db_notify_prefs_get(ctx->srv->store, ctx->conn->user->id, p);

	if (rc == WG_E_NOT_FOUND) {
		memset(p, 0, sizeof(*p));
		p->user = ctx->conn->user->id;
		p->events = SRV_NOTE_DEFAULT;
		p->digest_hour = DIGEST_HOUR;
		return 0;
	}
	if (rc != 0)
		return srv_cmd_fail(ctx, WG_E_STORAGE, "your settings could not be read: %s",
		                    db_last_error(ctx->srv->store));
	return 0;
}

static int save(struct srv_cmd_ctx *ctx, const struct db_notify_prefs *p)
{
	if (db_notify_prefs_put(ctx->srv->store, p) != 0)
		return srv_cmd_fail(ctx, WG_E_STORAGE, "your settings could not be stored: %s",
		                    db_last_error(ctx->srv->store));
	return 0;
}

/* "2 pending (next try 2026-12-02 10:01 UTC after 1 failed: HTTP 500); 5 delivered, the last
 * 2026-12-02 09:00 UTC; 0 given up" */
static void channel_status(struct srv_cmd_ctx *ctx, int channel, cJSON *data, const char *key)
{
	struct db_outbox_stats st;
	char line[600], when[40], last[40], k[40];

	if (db_outbox_stats(ctx->srv->store, ctx->conn->user->id, channel, &st) != 0) {
		cJSON_AddStringToObject(data, key, "unknown (the outbox could not be read)");
		return;
	}
	if (st.pending > 0 && st.head_attempts > 0)
		snprintf(line, sizeof(line), "%lld pending (next try %s after %d failed: %s)",
		         (long long)st.pending,
		         srv_clock_format_time(st.head_next, when, sizeof(when)), st.head_attempts,
		         st.head_error);
	else
		snprintf(line, sizeof(line), "%lld pending", (long long)st.pending);
	snprintf(line + strlen(line), sizeof(line) - strlen(line),
	         "; %lld delivered%s%s; %lld given up", (long long)st.sent,
	         st.last_sent > 0 ? ", the last " : "",
	         st.last_sent > 0 ? srv_clock_format_time(st.last_sent, last, sizeof(last)) : "",
	         (long long)st.gave_up);
	cJSON_AddStringToObject(data, key, line);
	snprintf(k, sizeof(k), "%s_pending", channel == DB_OUTBOX_WEBHOOK ? "webhook" : "email");
	cJSON_AddNumberToObject(data, k, (double)st.pending);
	if (st.pending > 0 && st.head_attempts > 0) {
		/* the oldest pending one has failed: when it is tried again (Unix seconds) */
		snprintf(k, sizeof(k), "%s_next",
		         channel == DB_OUTBOX_WEBHOOK ? "webhook" : "email");
		cJSON_AddNumberToObject(data, k, (double)(st.head_next / 1000));
	}
}

/* Answers with the settings p (secret: a new secret to show once, or NULL). */
static int reply(struct srv_cmd_ctx *ctx, const struct db_notify_prefs *p, const char *secret,
                 const char *summary)
{
	cJSON *data = cJSON_CreateObject();
	char events[200];

	cJSON_AddStringToObject(data, "webhook", p->webhook[0] ? p->webhook : "off");
	if (secret != NULL)
		cJSON_AddStringToObject(data, "secret", secret);
	else
		cJSON_AddStringToObject(data, "secret", p->secret[0] ? "set" : "none");
	cJSON_AddStringToObject(data, "email", p->email[0] ? p->email : "off");
	if (p->email[0]) {
		cJSON_AddStringToObject(data, "email_mode", p->digest ? "digest" : "each");
		if (p->digest) {
			cJSON_AddNumberToObject(data, "digest_hour", p->digest_hour);
			cJSON_AddNumberToObject(data, "digest_next",
			                        (double)(p->digest_next / 1000));
		}
	}
	cJSON_AddStringToObject(data, "events",
	                        srv_note_events_text(p->events, events, sizeof(events)));
	cJSON_AddStringToObject(data, "when", p->always ? "always" : "away");
	if (p->webhook[0])
		channel_status(ctx, DB_OUTBOX_WEBHOOK, data, "webhook_status");
	if (p->email[0])
		channel_status(ctx, DB_OUTBOX_EMAIL, data, "email_status");
	cJSON_AddStringToObject(data, "summary", summary);
	srv_conn_ok(ctx->conn, ctx->tag, data);
	cJSON_Delete(data);
	return 0;
}

static void new_secret(struct db_notify_prefs *p)
{
	unsigned char raw[DB_SECRET_MAX / 2];

	randombytes_buf(raw, sizeof(raw));
	sodium_bin2hex(p->secret, sizeof(p->secret), raw, sizeof(raw));
	sodium_memzero(raw, sizeof(raw));
}

static int do_webhook(struct srv_cmd_ctx *ctx, struct db_notify_prefs *p)
{
	struct srv *s = ctx->srv;
	char why[200], secret[DB_SECRET_MAX + 1];
	int rc, fresh = 0;

	if (ctx->argc != 3)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "notify webhook <https-or-http-url> | off");
	if (strcasecmp(ctx->argv[2], "off") == 0) {
		p->webhook[0] = '\0';
		if ((rc = save(ctx, p)) != 0)
			return rc;
		if (db_outbox_close_all(s->store, p->user, DB_OUTBOX_WEBHOOK, DB_OUTBOX_DROPPED,
		                        srv_clock_now(s), "the webhook was turned off") != 0)
			return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(s->store));
		return reply(ctx, p, NULL, "webhook off; what was pending for it is dropped");
	}
	if (srv_nf_check_url(ctx->argv[2], s->cfg.webhook_private, why, sizeof(why)) != 0)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "notify webhook: %s", why);
	snprintf(p->webhook, sizeof(p->webhook), "%s", ctx->argv[2]);
	if (p->secret[0] == '\0') {
		new_secret(p);
		fresh = 1;
	}
	if ((rc = save(ctx, p)) != 0)
		return rc;
	if (!fresh)
		return reply(
		    ctx, p, NULL,
		    "webhook set: notifications are POSTed there, signed with your secret");
	snprintf(secret, sizeof(secret), "%s", p->secret);
	rc = reply(ctx, p, secret,
	           "webhook set; the secret above signs every POST (X-Wargamed-Signature: "
	           "sha256=<hex HMAC-SHA256 of the body>): it is shown only now (notify secret "
	           "new makes another)");
	sodium_memzero(secret, sizeof(secret));
	return rc;
}

static int do_email(struct srv_cmd_ctx *ctx, struct db_notify_prefs *p)
{
	struct srv *s = ctx->srv;
	char why[200], summary[200];
	int digest, hour = p->digest_hour, rc;

	if (ctx->argc == 3 && strcasecmp(ctx->argv[2], "off") == 0) {
		p->email[0] = '\0';
		p->digest = 0;
		if ((rc = save(ctx, p)) != 0)
			return rc;
		if (db_outbox_close_all(s->store, p->user, DB_OUTBOX_EMAIL, DB_OUTBOX_DROPPED,
		                        srv_clock_now(s), "e-mail was turned off") != 0 ||
		    db_outbox_close_all(s->store, p->user, DB_OUTBOX_DIGEST, DB_OUTBOX_DROPPED,
		                        srv_clock_now(s), "e-mail was turned off") != 0)
			return srv_cmd_fail(ctx, WG_E_STORAGE, "%s", db_last_error(s->store));
		return reply(ctx, p, NULL, "e-mail off; what was pending for it is dropped");
	}
	if (ctx->argc < 4 || ctx->argc > 5)
		return srv_cmd_fail(
		    ctx, WG_E_BAD_ARGS,
		    "notify email <address> each|digest [<hour UTC>] | notify email "
		    "off");
	if (srv_nf_check_email(ctx->argv[2], why, sizeof(why)) != 0)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "notify email: %s", why);
	if (strcasecmp(ctx->argv[3], "each") == 0)
		digest = 0;
	else if (strcasecmp(ctx->argv[3], "digest") == 0)
		digest = 1;
	else
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "notify email <address> each|digest: each (one message per "
		                    "notification) or digest (one a day), not '%.20s'",
		                    ctx->argv[3]);
	if (ctx->argc == 5) {
		char *end;
		long h = strtol(ctx->argv[4], &end, 10);
		if (!digest || *end != '\0' || end == ctx->argv[4] || h < 0 || h > 23)
			return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
			                    "the hour of the digest is a whole hour from 0 to 23 "
			                    "(UTC), after digest");
		hour = (int)h;
	}
	/* items waiting for a digest are sent now when the digest stops (or moves) */
	if (p->digest && (!digest || strcmp(p->email, ctx->argv[2]) != 0) &&
	    srv_notify_flush_digest(s, p->user) != 0)
		return srv_cmd_fail(ctx, WG_E_STORAGE, "the pending digest could not be sent: %s",
		                    db_last_error(s->store));
	if ((rc = load(ctx, p)) != 0) /* the flush moved digest_next */
		return rc;
	snprintf(p->email, sizeof(p->email), "%s", ctx->argv[2]);
	p->digest = digest;
	p->digest_hour = hour;
	if (digest)
		p->digest_next = srv_nf_next_digest(srv_clock_now(s), hour);
	if ((rc = save(ctx, p)) != 0)
		return rc;
	if (digest)
		snprintf(summary, sizeof(summary),
		         "e-mail set: one digest a day at %02d:00 UTC, through sendmail", hour);
	else
		snprintf(summary, sizeof(summary),
		         "e-mail set: one message per notification, through sendmail");
	return reply(ctx, p, NULL, summary);
}

static int do_secret(struct srv_cmd_ctx *ctx, struct db_notify_prefs *p)
{
	char secret[DB_SECRET_MAX + 1];
	int rc;

	if (ctx->argc != 3 || strcasecmp(ctx->argv[2], "new") != 0)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "notify secret new");
	new_secret(p);
	if ((rc = save(ctx, p)) != 0)
		return rc;
	snprintf(secret, sizeof(secret), "%s", p->secret);
	rc = reply(ctx, p, secret,
	           "a new secret signs every POST from now on (retries too); it is shown only "
	           "now");
	sodium_memzero(secret, sizeof(secret));
	return rc;
}

static int do_events(struct srv_cmd_ctx *ctx, struct db_notify_prefs *p)
{
	unsigned mask = p->events;
	int first = 1, rc;
	char why[300];

	if (ctx->argc == 2)
		return reply(ctx, p, NULL, "the events you are told of outside the server");
	for (int i = 2; i < ctx->argc; i++) {
		/* a comma-separated list counts as words too */
		char word[64], *save_ptr = NULL, *w;
		snprintf(word, sizeof(word), "%s", ctx->argv[i]);
		for (w = strtok_r(word, ",", &save_ptr); w != NULL;
		     w = strtok_r(NULL, ",", &save_ptr))
			if (srv_note_events_word(&mask, w, &first, why, sizeof(why)) != 0)
				return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "notify events: %s", why);
	}
	p->events = mask;
	if ((rc = save(ctx, p)) != 0)
		return rc;
	return reply(ctx, p, NULL, "events set");
}

static int do_when(struct srv_cmd_ctx *ctx, struct db_notify_prefs *p)
{
	int rc;

	if (ctx->argc != 3 ||
	    (strcasecmp(ctx->argv[2], "away") != 0 && strcasecmp(ctx->argv[2], "always") != 0))
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "notify when away (only while you are not connected) | always");
	p->always = strcasecmp(ctx->argv[2], "always") == 0;
	if ((rc = save(ctx, p)) != 0)
		return rc;
	return reply(ctx, p, NULL,
	             p->always ? "you are told outside the server even while connected"
	                       : "you are told outside the server only while not connected");
}

static int do_test(struct srv_cmd_ctx *ctx, struct db_notify_prefs *p)
{
	struct srv_note note = {.type = SRV_NOTE_TEST};
	char uid[DB_NOTE_ID_MAX + 1], summary[200];
	int n;

	if (ctx->argc != 2)
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS, "notify test");
	if (p->webhook[0] == '\0' && p->email[0] == '\0')
		return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
		                    "no channel is set: notify webhook <url>, or notify email "
		                    "<address> each|digest");
	n = srv_notify_outside(ctx->srv, p->user, &note, 1, uid);
	if (n < 0)
		return srv_cmd_fail(ctx, n == WG_E_NO_MEMORY ? n : WG_E_STORAGE,
		                    "the test could not be queued: %s",
		                    db_last_error(ctx->srv->store));
	if (n == 0)
		return srv_cmd_fail(ctx, WG_E_FORBIDDEN,
		                    "you have %d notifications pending already; the test was not "
		                    "queued",
		                    SRV_NOTIFY_QUEUE);
	snprintf(summary, sizeof(summary), "test notification %s queued to your %s%s%s", uid,
	         p->webhook[0] ? "webhook" : "", p->webhook[0] && p->email[0] ? " and " : "",
	         p->email[0] ? "e-mail" : "");
	return reply(ctx, p, NULL, summary);
}

static int exec_notify(struct srv_cmd_ctx *ctx)
{
	struct db_notify_prefs p;
	const char *what = ctx->argc > 1 ? ctx->argv[1] : "";
	int rc;

	if ((rc = load(ctx, &p)) != 0)
		return rc;
	if (ctx->argc == 1)
		return reply(ctx, &p, NULL,
		             p.webhook[0] || p.email[0]
		                 ? "your notifications outside the server"
		                 : "no channel outside the server is set (notify webhook <url>, "
		                   "notify email <address> each|digest)");
	if (strcasecmp(what, "webhook") == 0)
		return do_webhook(ctx, &p);
	if (strcasecmp(what, "email") == 0)
		return do_email(ctx, &p);
	if (strcasecmp(what, "secret") == 0)
		return do_secret(ctx, &p);
	if (strcasecmp(what, "events") == 0)
		return do_events(ctx, &p);
	if (strcasecmp(what, "when") == 0)
		return do_when(ctx, &p);
	if (strcasecmp(what, "test") == 0)
		return do_test(ctx, &p);
	return srv_cmd_fail(ctx, WG_E_BAD_ARGS,
	                    "notify [webhook|email|secret|events|when|test ...], not '%.20s' "
	                    "(help notify)",
	                    what);
}

const struct srv_cmd srv_cmd_notify = {
    .name = "notify",
    .min_args = 0,
    .max_args = -1,
    .flags = SRV_CMD_LOGIN | SRV_CMD_SECRET,
    .group = "account",
    .usage = "notify [webhook <url>|off | email <address> each|digest [<hour>] | email off | "
             "secret new | events [<event>...] | when away|always | test]",
    .help = "Shows or sets how you are told of your games outside the server. notify alone "
            "shows the settings and what each channel did lately. notify webhook <url> POSTs "
            "each notification as JSON to an https:// or http:// URL, signed with a secret "
            "(the first time, the reply shows it once: X-Wargamed-Signature is sha256= and the "
            "hex HMAC-SHA256 of the body keyed with it); notify webhook off stops it. notify "
            "email <address> each sends one message per notification through sendmail, "
            "notify email <address> digest [<hour>] one a day at that hour UTC (6 unless "
            "given); notify email off stops it. notify secret new replaces the secret. notify "
            "events your-turn deadline-24h ... sets the events you want (also +name, -name, "
            "all, none, default: all but deadline-8h; the events are your-turn, "
            "deadline-24h, deadline-8h, deadline-1h, game-over, challenge, tell). notify when "
            "away (the default: only while you are not connected) or always. notify test "
            "sends a test through every channel. Each notification has an id and a time; "
            "failed deliveries are tried again for about 8 hours (docs/notifications.md).",
    .exec = exec_notify,
};
