/*
 * notifyfmt.c -- the sentence, body, messages, signature and retry schedule
 * of notifications outside the server.  See notifyfmt.h.
 */
#include "notifyfmt.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>

#include <cjson/cJSON.h>
#include <sodium.h>

#include "common/str.h"
#include "protocol/buf.h"

#include "clock.h"

const char *const srv_note_names[SRV_NOTE_NTYPES] = {
    [SRV_NOTE_YOUR_TURN] = "your-turn",
    [SRV_NOTE_DEADLINE_24H] = "deadline-24h",
    [SRV_NOTE_DEADLINE_8H] = "deadline-8h",
    [SRV_NOTE_DEADLINE_1H] = "deadline-1h",
    [SRV_NOTE_GAME_OVER] = "game-over",
    [SRV_NOTE_CHALLENGE] = "challenge",
    [SRV_NOTE_TELL] = "tell",
    [SRV_NOTE_TOURNAMENT] = "tournament",
    [SRV_NOTE_TEST] = "test",
};

int srv_note_type_by_name(const char *name)
{
	for (int t = 0; t < SRV_NOTE_TEST; t++)
		if (strcasecmp(name, srv_note_names[t]) == 0)
			return t;
	return -1;
}

int srv_note_events_word(unsigned *mask, const char *word, int *first, char *err, size_t size)
{
	int t, sign = 0;

	if (strcasecmp(word, "all") == 0 || strcasecmp(word, "none") == 0 ||
	    strcasecmp(word, "default") == 0) {
		*mask = strcasecmp(word, "all") == 0    ? SRV_NOTE_ALL
		        : strcasecmp(word, "none") == 0 ? 0u
		                                        : SRV_NOTE_DEFAULT;
		*first = 0;
		return 0;
	}
	if (word[0] == '+' || word[0] == '-')
		sign = *word++ == '+' ? 1 : -1;
	if ((t = srv_note_type_by_name(word)) < 0) {
		char names[200];
		snprintf(err, size, "no event '%.40s'; the events are %s, or all, none, default",
		         word, srv_note_events_text(SRV_NOTE_ALL, names, sizeof(names)));
		return -1;
	}
	if (sign == 0 && *first)
		*mask = 0;
	*first = 0;
	if (sign < 0)
		*mask &= ~(1u << t);
	else
		*mask |= 1u << t;
	return 0;
}

char *srv_note_events_text(unsigned mask, char *buf, size_t size)
{
	struct proto_buf b = PROTO_BUF_INIT;

	for (int t = 0; t < SRV_NOTE_TEST; t++)
		if (mask & (1u << t))
			proto_buf_addf(&b, "%s%s", b.len ? " " : "", srv_note_names[t]);
	wg_strcopy(buf, size, b.len ? b.data : "none");
	proto_buf_release(&b);
	return buf;
}

/* "game 12 (race): you play red against bob" */
static void add_game(struct proto_buf *b, const struct srv_note *n)
{
	proto_buf_addf(b, "game %lld", (long long)n->game);
	if (n->scenario != NULL)
		proto_buf_addf(b, " (%s)", n->scenario);
	if (n->side != NULL) {
		proto_buf_addf(b, ": you play %s", n->side);
		if (n->opponent != NULL)
			proto_buf_addf(b, " against %s", n->opponent);
	}
}

static void add_deadline(struct proto_buf *b, const struct srv_note *n)
{
	char when[40];

	if (n->deadline > 0)
		proto_buf_addf(b, "; your clock runs out %s",
		               srv_clock_format_time(n->deadline, when, sizeof(when)));
}

/* The sentence into b. */
static void text(struct proto_buf *b, const struct srv_note *n)
{
	switch (n->type) {
	case SRV_NOTE_YOUR_TURN:
		proto_buf_adds(b, "your turn in ");
		add_game(b, n);
		add_deadline(b, n);
		break;
	case SRV_NOTE_DEADLINE_24H:
	case SRV_NOTE_DEADLINE_8H:
	case SRV_NOTE_DEADLINE_1H:
		proto_buf_addf(b, "%s left in ",
		               n->type == SRV_NOTE_DEADLINE_24H  ? "24h"
		               : n->type == SRV_NOTE_DEADLINE_8H ? "8h"
		                                                 : "1h");
		add_game(b, n);
		add_deadline(b, n);
		break;
	case SRV_NOTE_GAME_OVER:
		proto_buf_adds(b, "over: ");
		add_game(b, n);
		proto_buf_addf(b, "; %s", n->result ? n->result : "finished");
		break;
	case SRV_NOTE_CHALLENGE:
		proto_buf_addf(b, "%s challenges you (%lld): %s; accept %lld or decline %lld",
		               n->from ? n->from : "someone", (long long)n->ref,
		               n->message ? n->message : "a game", (long long)n->ref,
		               (long long)n->ref);
		break;
	case SRV_NOTE_TELL:
		proto_buf_addf(b, "%s tells you: %s", n->from ? n->from : "someone",
		               n->message ? n->message : "");
		break;
	case SRV_NOTE_TOURNAMENT:
		proto_buf_addf(b, "%s", n->message ? n->message : "news of your tournament");
		break;
	case SRV_NOTE_TEST:
	case SRV_NOTE_NTYPES:
		proto_buf_adds(b, "a test notification from wargamed: this channel works");
		break;
	}
	/* one line: every control character becomes a blank */
	for (size_t i = 0; i < b->len; i++)
		if ((unsigned char)b->data[i] < 0x20 || b->data[i] == 0x7f)
			b->data[i] = ' ';
}

char *srv_nf_text(const struct srv_note *n, char *buf, size_t size)
{
	struct proto_buf b = PROTO_BUF_INIT;

	text(&b, n);
	wg_strcopy(buf, size, b.len ? b.data : "");
	proto_buf_release(&b);
	return buf;
}

static const char *type_name(const struct srv_note *n)
{
	return n->type < SRV_NOTE_NTYPES ? srv_note_names[n->type] : "test";
}

char *srv_nf_webhook_body(const struct srv_note *n, const char *uid, int64_t at, const char *user)
{
	struct proto_buf b = PROTO_BUF_INIT;
	cJSON *o = cJSON_CreateObject();
	char *out = NULL;

	if (o == NULL)
		return NULL;
	text(&b, n);
	cJSON_AddStringToObject(o, "id", uid);
	cJSON_AddStringToObject(o, "type", type_name(n));
	cJSON_AddNumberToObject(o, "at", (double)(at / 1000));
	cJSON_AddStringToObject(o, "user", user);
	if (n->game > 0)
		cJSON_AddNumberToObject(o, "game", (double)n->game);
	if (n->scenario != NULL)
		cJSON_AddStringToObject(o, "scenario", n->scenario);
	if (n->side != NULL)
		cJSON_AddStringToObject(o, "side", n->side);
	if (n->opponent != NULL)
		cJSON_AddStringToObject(o, "opponent", n->opponent);
	if (n->deadline > 0)
		cJSON_AddNumberToObject(o, "deadline", (double)(n->deadline / 1000));
	if (n->result != NULL)
		cJSON_AddStringToObject(o, "result", n->result);
	if (n->winner != NULL)
		cJSON_AddStringToObject(o, "winner", n->winner);
	if (n->from != NULL)
		cJSON_AddStringToObject(o, "from", n->from);
	if (n->ref > 0)
		cJSON_AddNumberToObject(o,
		                        n->type == SRV_NOTE_TELL         ? "tell"
		                        : n->type == SRV_NOTE_TOURNAMENT ? "tournament"
		                                                         : "challenge",
		                        (double)n->ref);
	if (n->message != NULL)
		cJSON_AddStringToObject(o, "message", n->message);
	cJSON_AddStringToObject(o, "text", b.len ? b.data : "");
	out = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	proto_buf_release(&b);
	return out;
}

void srv_nf_sign(const char *secret, const void *body, size_t len, char *out)
{
	crypto_auth_hmacsha256_state st;
	unsigned char mac[crypto_auth_hmacsha256_BYTES];

	crypto_auth_hmacsha256_init(&st, (const unsigned char *)secret, strlen(secret));
	crypto_auth_hmacsha256_update(&st, body, len);
	crypto_auth_hmacsha256_final(&st, mac);
	memcpy(out, "sha256=", 7);
	sodium_bin2hex(out + 7, SRV_NF_SIG_SIZE - 7, mac, sizeof(mac));
	sodium_memzero(&st, sizeof(st));
}

/* Appends s to b without control characters (keep_newlines: '\n' stays). */
static void add_clean(struct proto_buf *b, const char *s, int keep_newlines)
{
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '\n' && keep_newlines)
			proto_buf_addch(b, '\n');
		else if (c >= 0x20 && c != 0x7f)
			proto_buf_addch(b, (char)c);
		else if (c == '\t' || c == '\n')
			proto_buf_addch(b, ' ');
	}
}

/* Appends a header line "Name: value" (value cleaned, non-ASCII replaced: headers stay
 * 7-bit without encoded words). */
static void add_header(struct proto_buf *b, const char *name, const char *value)
{
	proto_buf_addf(b, "%s: ", name);
	for (const char *p = value; *p != '\0'; p++) {
		unsigned char c = (unsigned char)*p;
		if (c >= 0x20 && c < 0x7f)
			proto_buf_addch(b, (char)c);
		else if ((c & 0xc0) != 0x80 && c >= 0x80)
			proto_buf_addch(b, '?'); /* one ? per non-ASCII character */
	}
	proto_buf_addch(b, '\n');
}

char *srv_nf_mail(const char *from, const char *to, const char *uid, const char *event, int64_t at,
                  const char *subject, const char *body)
{
	struct proto_buf b = PROTO_BUF_INIT;
	char date[64], msgid[80];
	time_t t = (time_t)(at / 1000);
	struct tm tm;

	if (gmtime_r(&t, &tm) == NULL ||
	    strftime(date, sizeof(date), "%a, %d %b %Y %H:%M:%S +0000", &tm) == 0)
		wg_strcopy(date, sizeof(date), "Thu, 01 Jan 1970 00:00:00 +0000");
	snprintf(msgid, sizeof(msgid), "<%.40s@wargamed>", uid);
	add_header(&b, "From", from);
	add_header(&b, "To", to);
	add_header(&b, "Subject", subject);
	add_header(&b, "Date", date);
	add_header(&b, "Message-ID", msgid);
	add_header(&b, "MIME-Version", "1.0");
	add_header(&b, "Content-Type", "text/plain; charset=utf-8");
	add_header(&b, "Content-Transfer-Encoding", "8bit");
	add_header(&b, "Auto-Submitted", "auto-generated");
	add_header(&b, "X-Wargamed-Id", uid);
	add_header(&b, "X-Wargamed-Event", event);
	proto_buf_addch(&b, '\n');
	add_clean(&b, body, 1);
	if (b.len > 0 && b.data[b.len - 1] != '\n')
		proto_buf_addch(&b, '\n');
	return proto_buf_detach(&b, NULL);
}

static const char footer[] = "\n-- \nwargamed: `notify` shows and changes what you receive "
                             "and where.\n";

char *srv_nf_mail_note(const struct srv_note *n, const char *from, const char *to, const char *uid,
                       int64_t at, const char *user)
{
	struct proto_buf subject = PROTO_BUF_INIT, body = PROTO_BUF_INIT;
	char *out;

	proto_buf_adds(&subject, "[wargamed] ");
	switch (n->type) {
	case SRV_NOTE_YOUR_TURN:
		proto_buf_addf(&subject, "your turn in game %lld", (long long)n->game);
		break;
	case SRV_NOTE_DEADLINE_24H:
	case SRV_NOTE_DEADLINE_8H:
	case SRV_NOTE_DEADLINE_1H:
		proto_buf_addf(&subject, "%s left in game %lld",
		               n->type == SRV_NOTE_DEADLINE_24H  ? "24h"
		               : n->type == SRV_NOTE_DEADLINE_8H ? "8h"
		                                                 : "1h",
		               (long long)n->game);
		break;
	case SRV_NOTE_GAME_OVER:
		proto_buf_addf(&subject, "game %lld is over", (long long)n->game);
		break;
	case SRV_NOTE_CHALLENGE:
		proto_buf_addf(&subject, "%s challenges you", n->from ? n->from : "someone");
		break;
	case SRV_NOTE_TELL:
		proto_buf_addf(&subject, "a message from %s", n->from ? n->from : "someone");
		break;
	case SRV_NOTE_TOURNAMENT:
		proto_buf_addf(&subject, "tournament %lld", (long long)n->ref);
		break;
	case SRV_NOTE_TEST:
	case SRV_NOTE_NTYPES:
		proto_buf_adds(&subject, "test notification");
		break;
	}
	if (n->scenario != NULL)
		proto_buf_addf(&subject, " (%s)", n->scenario);
	{
		struct proto_buf line = PROTO_BUF_INIT;
		text(&line, n);
		proto_buf_addf(&body, "Hello %s,\n\n%s.\n", user, line.len ? line.data : "");
		proto_buf_release(&line);
	}
	proto_buf_adds(&body, footer);
	out = srv_nf_mail(from, to, uid, type_name(n), at, subject.len ? subject.data : "",
	                  body.len ? body.data : "");
	proto_buf_release(&subject);
	proto_buf_release(&body);
	return out;
}

char *srv_nf_digest_item(const struct srv_note *n, int64_t at)
{
	struct proto_buf b = PROTO_BUF_INIT;
	char when[40];

	proto_buf_addf(&b, "%s: ", srv_clock_format_time(at, when, sizeof(when)));
	text(&b, n);
	return proto_buf_detach(&b, NULL);
}

char *srv_nf_mail_digest(const char *from, const char *to, const char *uid, int64_t at,
                         const char *user, const char *const *items, size_t n)
{
	struct proto_buf subject = PROTO_BUF_INIT, body = PROTO_BUF_INIT;
	char *out;

	proto_buf_addf(&subject, "[wargamed] daily digest: %zu notification%s", n,
	               n == 1 ? "" : "s");
	proto_buf_addf(&body, "Hello %s,\n\nwhat happened since the last digest, oldest first:\n\n",
	               user);
	for (size_t i = 0; i < n; i++)
		proto_buf_addf(&body, "- %s\n", items[i]);
	proto_buf_adds(&body, footer);
	out = srv_nf_mail(from, to, uid, "digest", at, subject.len ? subject.data : "",
	                  body.len ? body.data : "");
	proto_buf_release(&subject);
	proto_buf_release(&body);
	return out;
}

int64_t srv_nf_next_digest(int64_t now, int hour)
{
	const int64_t day = (int64_t)86400 * 1000;
	int64_t t = now - now % day + (int64_t)hour * 3600 * 1000;

	while (t <= now)
		t += day;
	return t;
}

int64_t srv_nf_backoff(int attempt)
{
	int64_t wait = SRV_NF_FIRST_WAIT;

	for (int i = 1; i < attempt && wait < SRV_NF_MAX_WAIT; i++)
		wait *= 2;
	return wait < SRV_NF_MAX_WAIT ? wait : SRV_NF_MAX_WAIT;
}

enum srv_nf_verdict srv_nf_http_verdict(long status)
{
	if (status >= 200 && status < 300)
		return SRV_NF_DELIVERED;
	if (status >= 400 && status < 500 && status != 408 && status != 425 && status != 429)
		return SRV_NF_REFUSED;
	return SRV_NF_RETRY;
}

/* The kind of a non-public IPv4 address a (host order), or NULL. */
static const char *v4_kind(uint32_t a)
{
	static const struct {
		uint32_t net, mask;
		const char *kind;
	} ranges[] = {
	    {0x00000000u, 0xff000000u, "unspecified"}, /* 0/8, "this network" */
	    {0x0a000000u, 0xff000000u, "private"},     /* 10/8 */
	    {0x64400000u, 0xffc00000u, "shared"},      /* 100.64/10, carrier-grade NAT */
	    {0x7f000000u, 0xff000000u, "loopback"},    /* 127/8 */
	    {0xa9fe0000u, 0xffff0000u, "link-local"},  /* 169.254/16, cloud metadata too */
	    {0xac100000u, 0xfff00000u, "private"},     /* 172.16/12 */
	    {0xc0000000u, 0xffffff00u, "reserved"},    /* 192.0.0/24, protocol assignments */
	    {0xc0000200u, 0xffffff00u, "reserved"},    /* 192.0.2/24, documentation */
	    {0xc0a80000u, 0xffff0000u, "private"},     /* 192.168/16 */
	    {0xc6120000u, 0xfffe0000u, "reserved"},    /* 198.18/15, benchmarking */
	    {0xc6336400u, 0xffffff00u, "reserved"},    /* 198.51.100/24, documentation */
	    {0xcb007100u, 0xffffff00u, "reserved"},    /* 203.0.113/24, documentation */
	    {0xe0000000u, 0xf0000000u, "multicast"},   /* 224/4 */
	    {0xf0000000u, 0xf0000000u, "reserved"},    /* 240/4 and the broadcast address */
	};

	for (size_t i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++)
		if ((a & ranges[i].mask) == ranges[i].net)
			return ranges[i].kind;
	return NULL;
}

const char *srv_nf_addr_kind(const struct sockaddr *sa)
{
	static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
	static const unsigned char nat64[12] = {0, 0x64, 0xff, 0x9b};
	const unsigned char *b;

	if (sa == NULL)
		return "not IP";
	if (sa->sa_family == AF_INET)
		return v4_kind(
		    ntohl(((const struct sockaddr_in *)(const void *)sa)->sin_addr.s_addr));
	if (sa->sa_family != AF_INET6)
		return "not IP";
	b = ((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr.s6_addr;
	if (memcmp(b, mapped, 12) == 0 || memcmp(b, nat64, 12) == 0)
		return v4_kind((uint32_t)b[12] << 24 | (uint32_t)b[13] << 16 |
		               (uint32_t)b[14] << 8 | b[15]);
	if ((b[0] & 0xfe) == 0xfc || (b[0] == 0xfe && (b[1] & 0xc0) == 0xc0))
		return "private"; /* fc00::/7 unique-local, fec0::/10 site-local */
	if (b[0] == 0xfe && (b[1] & 0xc0) == 0x80)
		return "link-local"; /* fe80::/10 */
	if (b[0] == 0xff)
		return "multicast";
	if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0d && b[3] == 0xb8)
		return "reserved"; /* 2001:db8::/32, documentation */
	for (int i = 0; i < 15; i++)
		if (b[i] != 0)
			return NULL;
	return b[15] == 1 ? "loopback" : b[15] == 0 ? "unspecified" : "reserved";
}

/* The host of an http(s) URL whose authority starts at a, as an IP address in *ss, or
 * 0 when it is a name (or nothing inet_pton reads: a name to the resolver). */
static int url_ip(const char *a, struct sockaddr_storage *ss, char *text, size_t size)
{
	const char *end = a + strcspn(a, "/?#"), *at, *h = a, *stop;
	size_t n;

	memset(ss, 0, sizeof(*ss));
	for (at = a; at < end; at++) /* user:password@ before the host */
		if (*at == '@')
			h = at + 1;
	if (*h == '[') {
		h++;
		stop = memchr(h, ']', (size_t)(end - h));
		if (stop == NULL)
			return 0;
	} else {
		stop = memchr(h, ':', (size_t)(end - h));
		if (stop == NULL)
			stop = end;
	}
	n = (size_t)(stop - h);
	if (n == 0 || n >= size)
		return 0;
	memcpy(text, h, n);
	text[n] = '\0';
	if (inet_pton(AF_INET, text, &((struct sockaddr_in *)(void *)ss)->sin_addr) == 1) {
		ss->ss_family = AF_INET;
		return 1;
	}
	if (inet_pton(AF_INET6, text, &((struct sockaddr_in6 *)(void *)ss)->sin6_addr) == 1) {
		ss->ss_family = AF_INET6;
		return 1;
	}
	return 0;
}

int srv_nf_check_url(const char *url, int allow_private, char *err, size_t size)
{
	size_t len = strlen(url), skip;
	const char *host;
	struct sockaddr_storage ss;
	char ip[64];
	const char *kind;

	if (strncasecmp(url, "http://", 7) == 0)
		skip = 7;
	else if (strncasecmp(url, "https://", 8) == 0)
		skip = 8;
	else {
		snprintf(err, size, "a webhook URL starts with https:// or http://");
		return -1;
	}
	if (len > 512) {
		snprintf(err, size, "the URL is %zu bytes long; at most 512", len);
		return -1;
	}
	for (const char *p = url; *p != '\0'; p++) {
		if ((unsigned char)*p <= 0x20 || (unsigned char)*p >= 0x7f || *p == '"' ||
		    *p == '\\' || *p == '<' || *p == '>') {
			snprintf(err, size,
			         "the URL may hold printable ASCII only, without blanks, quotes, "
			         "backslashes or angle brackets (percent-encode them)");
			return -1;
		}
	}
	host = url + skip;
	if (*host == '\0' || *host == '/' || *host == ':' || *host == '?' || *host == '#' ||
	    *host == '@') {
		snprintf(err, size, "the URL names no host");
		return -1;
	}
	/* a name is checked when it is resolved, at each connect (webhook.c) */
	if (!allow_private && url_ip(host, &ss, ip, sizeof(ip)) &&
	    (kind = srv_nf_addr_kind((const struct sockaddr *)&ss)) != NULL) {
		snprintf(err, size,
		         "%s is a %s address, not a public one: this server POSTs webhooks to "
		         "public addresses only (its operator may allow others: --webhook-private)",
		         ip, kind);
		return -1;
	}
	return 0;
}

int srv_nf_check_email(const char *addr, char *err, size_t size)
{
	static const char local_ok[] = "!#$%&'*+-/=?^_`{|}~.";
	const char *at = strrchr(addr, '@');
	size_t len = strlen(addr);

	if (len > 254) {
		snprintf(err, size, "the address is %zu bytes long; at most 254", len);
		return -1;
	}
	if (at == NULL || at == addr || at[1] == '\0' || strchr(addr, '@') != at) {
		snprintf(err, size, "an e-mail address is name@domain");
		return -1;
	}
	if (addr[0] == '-' || addr[0] == '.') {
		snprintf(err, size, "an e-mail address does not start with '%c'", addr[0]);
		return -1;
	}
	for (const char *p = addr; p < at; p++)
		if (!isalnum((unsigned char)*p) || (unsigned char)*p >= 0x80) {
			if (strchr(local_ok, *p) == NULL) {
				snprintf(err, size,
				         "the address may not hold '%c' (ASCII letters, digits and "
				         "%s only before the @)",
				         isprint((unsigned char)*p) ? *p : '?', local_ok);
				return -1;
			}
		}
	for (const char *p = at + 1; *p != '\0'; p++)
		if (!(isalnum((unsigned char)*p) && (unsigned char)*p < 0x80) && *p != '.' &&
		    *p != '-') {
			snprintf(err, size,
			         "the domain may hold ASCII letters, digits, dots and dashes only");
			return -1;
		}
	if (at[1] == '.' || at[1] == '-' || addr[len - 1] == '.') {
		snprintf(err, size, "the domain is not a host name");
		return -1;
	}
	return 0;
}
