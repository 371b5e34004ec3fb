/*
 * test_notifyfmt.c -- notifications outside the server, their pure half
 * (server/notifyfmt.c): the webhook signature (RFC 4231 vectors, and the
 * secret as shown to the user is the key), the retry schedule and its give-up
 * point, what an HTTP status means, the webhook body (only the note's fields),
 * the e-mail messages (headers that cannot be injected, the digest), the
 * digest's next time, the URL and address checks, and `notify events`.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <cjson/cJSON.h>
#include <sodium.h>

#include "server/notifyfmt.h"

/* Wednesday 2026-12-02 00:00 UTC, in ms */
#define T0   ((int64_t)1796169600 * 1000)
#define HOUR ((int64_t)3600 * 1000)

static void test_sign_rfc4231_vectors(void **state)
{
	char sig[SRV_NF_SIG_SIZE], key[132];
	static const char data6[] = "Test Using Larger Than Block-Size Key - Hash Key First";

	(void)state;
	/* test case 2: a short key */
	srv_nf_sign("Jefe", "what do ya want for nothing?", 28, sig);
	assert_string_equal(
	    sig, "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
	/* test case 1: 20 bytes of 0x0b */
	memset(key, 0x0b, 20);
	key[20] = '\0';
	srv_nf_sign(key, "Hi There", 8, sig);
	assert_string_equal(
	    sig, "sha256=b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
	/* test case 6: a key longer than the block (131 bytes of 0xaa) is hashed first */
	memset(key, 0xaa, 131);
	key[131] = '\0';
	srv_nf_sign(key, data6, strlen(data6), sig);
	assert_string_equal(
	    sig, "sha256=60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
}

static void test_sign_keys_with_the_secret_as_shown(void **state)
{
	const char *secret = "361af7d378287bb3bf4c7aa36e722434de360eddd119fe7b8d7efbe31087fe31";
	const char *body = "{\"id\":\"7ffcd6e3aab30a77a410e3f059f618ca\",\"type\":\"test\"}";
	unsigned char mac[crypto_auth_hmacsha256_BYTES];
	crypto_auth_hmacsha256_state st;
	char sig[SRV_NF_SIG_SIZE], hex[65], other[SRV_NF_SIG_SIZE];

	(void)state;
	assert_true(sodium_init() >= 0);
	/* the key is the 64 characters the user was shown, not the 32 bytes they spell */
	crypto_auth_hmacsha256_init(&st, (const unsigned char *)secret, 64);
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)body, strlen(body));
	crypto_auth_hmacsha256_final(&st, mac);
	sodium_bin2hex(hex, sizeof(hex), mac, sizeof(mac));
	srv_nf_sign(secret, body, strlen(body), sig);
	assert_memory_equal(sig, "sha256=", 7);
	assert_string_equal(sig + 7, hex);
	/* one byte of the body, or of the secret, changes it */
	srv_nf_sign(secret, body, strlen(body) - 1, other);
	assert_string_not_equal(sig, other);
	srv_nf_sign("461af7d378287bb3bf4c7aa36e722434de360eddd119fe7b8d7efbe31087fe31", body,
	            strlen(body), other);
	assert_string_not_equal(sig, other);
}

static void test_backoff_doubles_from_30s_to_2h_and_gives_up_after_12(void **state)
{
	static const int64_t want[] = {30,   60,   120,  240,  480,  960,
	                               1920, 3840, 7200, 7200, 7200, 7200};
	int64_t total = 0;

	(void)state;
	for (int n = 1; n <= 12; n++)
		assert_int_equal(srv_nf_backoff(n), want[n - 1] * 1000);
	assert_int_equal(srv_nf_backoff(40), SRV_NF_MAX_WAIT);
	assert_int_equal(SRV_NF_ATTEMPTS, 12);
	/* the waits between the 12 attempts: the give-up point after the first */
	for (int n = 1; n < SRV_NF_ATTEMPTS; n++)
		total += srv_nf_backoff(n);
	assert_int_equal(total, (int64_t)(8 * 3600 + 7 * 60 + 30) * 1000);
}

static void test_http_status_verdicts(void **state)
{
	static const long ok[] = {200, 201, 202, 204, 299};
	static const long retry[] = {0, 100, 301, 302, 408, 425, 429, 500, 502, 503, 504, 600};
	static const long refused[] = {400, 401, 403, 404, 405, 410, 413, 422, 499};

	(void)state;
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		assert_int_equal(srv_nf_http_verdict(ok[i]), SRV_NF_DELIVERED);
	for (size_t i = 0; i < sizeof(retry) / sizeof(retry[0]); i++)
		assert_int_equal(srv_nf_http_verdict(retry[i]), SRV_NF_RETRY);
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		assert_int_equal(srv_nf_http_verdict(refused[i]), SRV_NF_REFUSED);
}

/* 1 if every member of o is one of names. */
static int only_members(const cJSON *o, const char *const *names, size_t n)
{
	for (const cJSON *m = o->child; m != NULL; m = m->next) {
		size_t i;
		for (i = 0; i < n && strcmp(m->string, names[i]) != 0; i++)
			;
		if (i == n)
			return 0;
	}
	return 1;
}

static void test_webhook_body_has_the_note_and_nothing_else(void **state)
{
	static const char *const turn_keys[] = {"id",       "type", "at",       "user",     "game",
	                                        "scenario", "side", "opponent", "deadline", "text"};
	struct srv_note n = {.type = SRV_NOTE_YOUR_TURN,
	                     .game = 12,
	                     .scenario = "race",
	                     .side = "red",
	                     .opponent = "bob",
	                     .deadline = T0 + 24 * HOUR};
	char *body;
	cJSON *o;

	(void)state;
	body = srv_nf_webhook_body(&n, "00112233445566778899aabbccddeeff", T0 + 5000, "alice");
	assert_non_null(body);
	o = cJSON_Parse(body);
	assert_non_null(o);
	assert_true(only_members(o, turn_keys, sizeof(turn_keys) / sizeof(turn_keys[0])));
	assert_string_equal(cJSON_GetObjectItem(o, "id")->valuestring,
	                    "00112233445566778899aabbccddeeff");
	assert_string_equal(cJSON_GetObjectItem(o, "type")->valuestring, "your-turn");
	assert_int_equal((int64_t)cJSON_GetObjectItem(o, "at")->valuedouble, T0 / 1000 + 5);
	assert_int_equal((int64_t)cJSON_GetObjectItem(o, "deadline")->valuedouble,
	                 T0 / 1000 + 86400);
	assert_int_equal((int64_t)cJSON_GetObjectItem(o, "game")->valuedouble, 12);
	assert_string_equal(cJSON_GetObjectItem(o, "text")->valuestring,
	                    "your turn in game 12 (race): you play red against bob; your clock "
	                    "runs out 2026-12-03 00:00 UTC");
	cJSON_Delete(o);
	free(body);

	/* a tell: its text goes on one line */
	{
		struct srv_note t = {
		    .type = SRV_NOTE_TELL, .from = "bob", .ref = 7, .message = "hi\nthere"};
		body = srv_nf_webhook_body(&t, "ff", T0, "alice");
		o = cJSON_Parse(body);
		assert_string_equal(cJSON_GetObjectItem(o, "text")->valuestring,
		                    "bob tells you: hi there");
		assert_int_equal((int)cJSON_GetObjectItem(o, "tell")->valuedouble, 7);
		assert_null(cJSON_GetObjectItem(o, "game"));
		cJSON_Delete(o);
		free(body);
	}
}

static void test_mail_headers_cannot_be_injected(void **state)
{
	char *m;

	(void)state;
	m = srv_nf_mail("wargamed@localhost", "alice@example.org\r\nBcc: eve@example.org", "abc",
	                "tell", T0, "hi\r\nBcc: eve@example.org", "line one\nline two\r\n.\n");
	assert_non_null(m);
	assert_null(strstr(m, "\nBcc:"));
	assert_null(strchr(m, '\r'));
	assert_non_null(strstr(m, "Subject: hiBcc: eve@example.org\n"));
	assert_non_null(strstr(m, "Message-ID: <abc@wargamed>\n"));
	assert_non_null(strstr(m, "Date: Wed, 02 Dec 2026 00:00:00 +0000\n"));
	assert_non_null(strstr(m, "X-Wargamed-Event: tell\n"));
	/* the body follows one blank line, lines kept (sendmail -i: a lone dot is text) */
	assert_non_null(strstr(m, "\n\nline one\nline two\n.\n"));
	free(m);
}

static void test_mail_of_a_note_and_the_digest(void **state)
{
	struct srv_note n = {.type = SRV_NOTE_DEADLINE_1H,
	                     .game = 3,
	                     .scenario = "race",
	                     .side = "blue",
	                     .opponent = "alice",
	                     .deadline = T0 + HOUR};
	const char *items[3];
	char *m, *a, *b;

	(void)state;
	m = srv_nf_mail_note(&n, "wargamed@localhost", "bob@example.org", "u1", T0, "bob");
	assert_non_null(strstr(m, "To: bob@example.org\n"));
	assert_non_null(strstr(m, "Subject: [wargamed] 1h left in game 3 (race)\n"));
	assert_non_null(strstr(m, "\n\nHello bob,\n\n1h left in game 3 (race): you play blue "
	                          "against alice; your clock runs out 2026-12-02 01:00 UTC.\n"));
	free(m);
	a = srv_nf_digest_item(&n, T0);
	n.type = SRV_NOTE_YOUR_TURN;
	b = srv_nf_digest_item(&n, T0 + 2 * HOUR);
	assert_string_equal(a, "2026-12-02 00:00 UTC: 1h left in game 3 (race): you play blue "
	                       "against alice; your clock runs out 2026-12-02 01:00 UTC");
	items[0] = a;
	items[1] = b;
	items[2] = "2026-12-02 03:00 UTC: bob tells you: hi";
	m = srv_nf_mail_digest("wargamed@localhost", "bob@example.org", "u2", T0 + 6 * HOUR, "bob",
	                       items, 3);
	assert_non_null(strstr(m, "Subject: [wargamed] daily digest: 3 notifications\n"));
	assert_non_null(strstr(m, "X-Wargamed-Event: digest\n"));
	assert_non_null(strstr(m, "- 2026-12-02 00:00 UTC: 1h left in game 3"));
	assert_non_null(strstr(m, "- 2026-12-02 02:00 UTC: your turn in game 3"));
	assert_non_null(strstr(m, "- 2026-12-02 03:00 UTC: bob tells you: hi\n"));
	assert_true(strstr(m, "1h left") < strstr(m, "your turn")); /* oldest first */
	free(m);
	free(a);
	free(b);
}

static void test_next_digest_is_the_next_hour_mark(void **state)
{
	(void)state;
	assert_int_equal(srv_nf_next_digest(T0, 6), T0 + 6 * HOUR);
	assert_int_equal(srv_nf_next_digest(T0 + 6 * HOUR, 6), T0 + 30 * HOUR);
	assert_int_equal(srv_nf_next_digest(T0 + 7 * HOUR, 6), T0 + 30 * HOUR);
	assert_int_equal(srv_nf_next_digest(T0 + 5 * HOUR + 59 * 60 * 1000, 6), T0 + 6 * HOUR);
	assert_int_equal(srv_nf_next_digest(T0, 0), T0 + 24 * HOUR);
}

/* The kind of a webhook's address (srv_nf_addr_kind): public ones are NULL. */
static const char *kind_of(const char *text)
{
	struct sockaddr_storage ss;

	memset(&ss, 0, sizeof(ss));
	if (inet_pton(AF_INET, text, &((struct sockaddr_in *)(void *)&ss)->sin_addr) == 1)
		ss.ss_family = AF_INET;
	else if (inet_pton(AF_INET6, text, &((struct sockaddr_in6 *)(void *)&ss)->sin6_addr) == 1)
		ss.ss_family = AF_INET6;
	else
		fail_msg("not an address: %s", text);
	return srv_nf_addr_kind((const struct sockaddr *)&ss);
}

static void test_webhook_destinations_that_are_not_public(void **state)
{
	static const struct {
		const char *addr, *kind; /* kind NULL: public */
	} cases[] = {
	    {"0.0.0.0", "unspecified"},
	    {"10.0.0.1", "private"},
	    {"100.64.0.1", "shared"},
	    {"100.128.0.1", NULL}, /* just above 100.64/10 */
	    {"127.0.0.1", "loopback"},
	    {"127.255.255.254", "loopback"},
	    {"169.254.169.254", "link-local"}, /* cloud metadata */
	    {"172.15.255.255", NULL},
	    {"172.16.0.1", "private"},
	    {"172.31.255.255", "private"},
	    {"172.32.0.1", NULL},
	    {"192.0.2.1", "reserved"},
	    {"192.168.1.1", "private"},
	    {"198.18.0.1", "reserved"},
	    {"224.0.0.1", "multicast"},
	    {"255.255.255.255", "reserved"},
	    {"8.8.8.8", NULL},
	    {"93.184.215.14", NULL},
	    {"::", "unspecified"},
	    {"::1", "loopback"},
	    {"::ffff:127.0.0.1", "loopback"}, /* IPv4-mapped: the IPv4 address decides */
	    {"::ffff:8.8.8.8", NULL},
	    {"64:ff9b::a00:1", "private"}, /* NAT64 of 10.0.0.1 */
	    {"fc00::1", "private"},
	    {"fd12:3456::1", "private"},
	    {"fe80::1", "link-local"},
	    {"fec0::1", "private"},
	    {"ff02::1", "multicast"},
	    {"2001:db8::1", "reserved"},
	    {"2606:4700::1111", NULL},
	    {"2a00:1450:4001::200e", NULL},
	};
	struct sockaddr un;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *k = kind_of(cases[i].addr);
		if (cases[i].kind == NULL && k != NULL)
			fail_msg("%s: '%s', expected public", cases[i].addr, k);
		if (cases[i].kind != NULL && (k == NULL || strcmp(k, cases[i].kind) != 0))
			fail_msg("%s: '%s', expected '%s'", cases[i].addr, k ? k : "public",
			         cases[i].kind);
	}
	memset(&un, 0, sizeof(un));
	un.sa_family = AF_UNIX;
	assert_string_equal(srv_nf_addr_kind(&un), "not IP");
}

static void test_webhook_urls_and_addresses_are_checked(void **state)
{
	char err[200];
	char longurl[600];

	(void)state;
	assert_int_equal(srv_nf_check_url("https://hooks.example.org/w/abc?x=1", 1, err, 200), 0);
	assert_int_equal(srv_nf_check_url("http://127.0.0.1:8080/hook", 1, err, 200), 0);
	assert_int_equal(srv_nf_check_url("ftp://example.org/", 1, err, 200), -1);
	assert_non_null(strstr(err, "https://"));
	assert_int_equal(srv_nf_check_url("file:///etc/passwd", 1, err, 200), -1);
	assert_int_equal(srv_nf_check_url("https://", 1, err, 200), -1);
	assert_int_equal(srv_nf_check_url("https:///path", 1, err, 200), -1);
	assert_int_equal(srv_nf_check_url("https://a b/", 1, err, 200), -1);
	assert_int_equal(srv_nf_check_url("https://a/\"x", 1, err, 200), -1);
	memcpy(longurl, "https://a/", 10);
	memset(longurl + 10, 'x', 520);
	longurl[530] = '\0';
	assert_int_equal(srv_nf_check_url(longurl, 1, err, 200), -1);
	assert_non_null(strstr(err, "at most 512"));
	/* without --webhook-private, a host written as an address that is not public is
	 * refused with the reason; a name waits for the connect (webhook.c) */
	assert_int_equal(srv_nf_check_url("http://127.0.0.1:8080/hook", 0, err, 200), -1);
	assert_non_null(strstr(err, "127.0.0.1 is a loopback address"));
	assert_non_null(strstr(err, "--webhook-private"));
	assert_int_equal(srv_nf_check_url("http://u:p@10.1.2.3/x", 0, err, 200), -1);
	assert_non_null(strstr(err, "private"));
	assert_int_equal(srv_nf_check_url("http://[::1]:9/x", 0, err, 200), -1);
	assert_int_equal(srv_nf_check_url("http://[::ffff:169.254.169.254]/x", 0, err, 200), -1);
	assert_non_null(strstr(err, "link-local"));
	assert_int_equal(srv_nf_check_url("https://93.184.215.14/hook", 0, err, 200), 0);
	assert_int_equal(srv_nf_check_url("https://[2606:4700::1111]/hook", 0, err, 200), 0);
	assert_int_equal(srv_nf_check_url("https://localhost/hook", 0, err, 200), 0);

	assert_int_equal(srv_nf_check_email("alice@example.org", err, 200), 0);
	assert_int_equal(srv_nf_check_email("a.b+wg@mail-1.example.org", err, 200), 0);
	assert_int_equal(srv_nf_check_email("root@localhost", err, 200), 0);
	assert_int_equal(srv_nf_check_email("alice", err, 200), -1);
	assert_int_equal(srv_nf_check_email("@example.org", err, 200), -1);
	assert_int_equal(srv_nf_check_email("alice@", err, 200), -1);
	assert_int_equal(srv_nf_check_email("a@b@c", err, 200), -1);
	assert_int_equal(srv_nf_check_email("-t@example.org", err, 200), -1);
	assert_int_equal(srv_nf_check_email("a<b>@example.org", err, 200), -1);
	assert_int_equal(srv_nf_check_email("a b@example.org", err, 200), -1);
	assert_int_equal(srv_nf_check_email("a@exa mple.org", err, 200), -1);
	assert_int_equal(srv_nf_check_email("a@example.org\nBcc: x@y", err, 200), -1);
	assert_int_equal(srv_nf_check_email("a@.example.org", err, 200), -1);
}

static void test_events_words(void **state)
{
	unsigned mask = SRV_NOTE_DEFAULT;
	char err[300], text[200];
	int first = 1;

	(void)state;
	/* the default: everything but the 8 h reminder */
	assert_string_equal(
	    srv_note_events_text(mask, text, sizeof(text)),
	    "your-turn deadline-24h deadline-1h game-over challenge tell tournament");
	/* plain names set the list; +/- change it */
	assert_int_equal(srv_note_events_word(&mask, "game-over", &first, err, 300), 0);
	assert_int_equal(srv_note_events_word(&mask, "tell", &first, err, 300), 0);
	assert_string_equal(srv_note_events_text(mask, text, sizeof(text)), "game-over tell");
	first = 1;
	assert_int_equal(srv_note_events_word(&mask, "+deadline-8h", &first, err, 300), 0);
	assert_int_equal(srv_note_events_word(&mask, "-tell", &first, err, 300), 0);
	assert_string_equal(srv_note_events_text(mask, text, sizeof(text)),
	                    "deadline-8h game-over");
	first = 1;
	assert_int_equal(srv_note_events_word(&mask, "none", &first, err, 300), 0);
	assert_string_equal(srv_note_events_text(mask, text, sizeof(text)), "none");
	assert_int_equal(srv_note_events_word(&mask, "all", &first, err, 300), 0);
	assert_int_equal(mask, SRV_NOTE_ALL);
	assert_int_equal(srv_note_events_word(&mask, "test", &first, err, 300), -1);
	assert_int_equal(srv_note_events_word(&mask, "lunch", &first, err, 300), -1);
	assert_non_null(strstr(err, "no event 'lunch'"));
	assert_non_null(strstr(err, "your-turn"));
	assert_int_equal(mask, SRV_NOTE_ALL); /* a refusal changes nothing */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sign_rfc4231_vectors),
	    cmocka_unit_test(test_sign_keys_with_the_secret_as_shown),
	    cmocka_unit_test(test_backoff_doubles_from_30s_to_2h_and_gives_up_after_12),
	    cmocka_unit_test(test_http_status_verdicts),
	    cmocka_unit_test(test_webhook_body_has_the_note_and_nothing_else),
	    cmocka_unit_test(test_mail_headers_cannot_be_injected),
	    cmocka_unit_test(test_mail_of_a_note_and_the_digest),
	    cmocka_unit_test(test_next_digest_is_the_next_hour_mark),
	    cmocka_unit_test(test_webhook_destinations_that_are_not_public),
	    cmocka_unit_test(test_webhook_urls_and_addresses_are_checked),
	    cmocka_unit_test(test_events_words),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
