/*
 * test_telnet.c -- unit tests for protocol/telnet.c, alone and in front of
 * the framer as a server connection uses them.
 *
 * Covers: taking commands out of the data (WILL/WONT/DO/DONT + option,
 * SB ... SE with LFs and IAC IAC inside, IAC IAC as data, commands without
 * argument), the same lines from every split of a mixed stream and one byte
 * at a time, state across feeds (a lone IAC, an option byte that is "\n"),
 * telnet bytes not counting toward the line limit; the answers (NAWS
 * accepted, every other offer refused, nothing for WONT/DONT of an option
 * that is off, nothing at all without a reply buffer); NAWS reports
 * (sizes, IAC IAC in the payload, other and malformed subnegotiations
 * ignored); the server's ECHO (offered once, accepted, refused, withdrawn,
 * no new offer while a withdrawal is unanswered); asking for NAWS once.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "protocol/framer.h"
#include "protocol/telnet.h"

#define IAC  "\xff"
#define WILL "\xfb"
#define WONT "\xfc"
#define DO   "\xfd"
#define DONT "\xfe"
#define SB   "\xfa"
#define SE   "\xf0"

/* Decodes s[0..len) (copied: decoding is in place); returns the data as a new string. */
static char *decode(struct proto_telnet *t, const char *s, size_t len, struct proto_buf *reply,
                    size_t *ndata)
{
	char *buf = test_malloc(len + 1);

	memcpy(buf, s, len);
	assert_int_equal(proto_telnet_decode(t, buf, len, ndata, reply), 0);
	assert_true(*ndata <= len);
	buf[*ndata] = '\0';
	return buf;
}

/* Asserts that decoding s gives data want and answers answer (both with lengths). */
static void expect(struct proto_telnet *t, const char *s, size_t len, const char *want, size_t wlen,
                   const char *answer, size_t alen)
{
	struct proto_buf reply = PROTO_BUF_INIT;
	size_t n;
	char *got = decode(t, s, len, &reply, &n);

	assert_int_equal(n, wlen);
	assert_memory_equal(got, want, wlen);
	assert_int_equal(reply.len, alen);
	if (alen > 0)
		assert_memory_equal(reply.data, answer, alen);
	test_free(got);
	proto_buf_release(&reply);
}

#define EXPECT(t, in, want, answer)                                                                \
	expect(t, in, sizeof(in) - 1, want, sizeof(want) - 1, answer, sizeof(answer) - 1)

static void test_plain_data_passes_untouched(void **state)
{
	struct proto_telnet t;

	(void)state;
	proto_telnet_init(&t);
	EXPECT(&t, "look\r\nmove 1 2\n", "look\r\nmove 1 2\n", "");
	assert_int_equal(t.seen, 0);
	/* IAC IAC is a data byte 255, and not a sign of telnet */
	EXPECT(&t, "say " IAC IAC "!\n", "say \xff!\n", "");
	assert_int_equal(t.seen, 0);
}

static void test_commands_are_taken_out(void **state)
{
	struct proto_telnet t;

	(void)state;
	proto_telnet_init(&t);
	/* NOP and DM (commands without argument) mid-line */
	EXPECT(&t,
	       "a" IAC "\xf1"
	       "b" IAC "\xf2"
	       "c\n",
	       "abc\n", "");
	assert_int_equal(t.seen, 1);
	/* a subnegotiation holding LFs and IAC IAC */
	EXPECT(&t, "x" IAC SB "\x18\n" IAC IAC "\n" IAC SE "y\n", "xy\n", "");
	/* the option byte after DO is 10 ('\n'): it is no line end */
	EXPECT(&t, "ab" IAC DONT "\ncd\n", "abcd\n", "");
}

/* One line sink for the framer. */
struct lines {
	char text[16][64];
	int n;
	int too_long;
};

static int on_line(void *ctx, char *line, size_t len)
{
	struct lines *l = ctx;

	assert_true(l->n < 16 && len < 64);
	memcpy(l->text[l->n], line, len + 1);
	l->n++;
	return 0;
}

static int on_too_long(void *ctx)
{
	((struct lines *)ctx)->too_long++;
	return 0;
}

/* Feeds s[0..len) in pieces of step bytes (0: whole) through telnet then the framer. */
static void pipeline(struct proto_telnet *t, struct proto_framer *f, struct lines *l,
                     struct proto_buf *reply, const char *s, size_t len, size_t step)
{
	struct proto_framer_cb cb = {.on_line = on_line, .on_too_long = on_too_long, .ctx = l};
	size_t off = 0;

	while (off < len) {
		size_t n = step == 0 || len - off < step ? len - off : step, nd;
		char *buf = decode(t, s + off, n, reply, &nd);
		assert_int_equal(proto_framer_feed(f, buf, nd, &cb), nd);
		test_free(buf);
		off += n;
	}
}

/* Lines, CRLF and negotiation mixed; its lines and its answers. */
static const char mixed[] =
    IAC WILL "\x01" /* WILL ECHO: refused */
             "lo" IAC DO "\x03"
             "ok\r\n"                                         /* DO SGA mid-line: refused */
    IAC SB "\x18\x00xterm" IAC SE                             /* SB TTYPE IS xterm */
             "say " IAC IAC "!\n"                             /* literal 255 */
    IAC "\xf1" IAC WONT "\x22" IAC DONT "\x0a"                /* NOP, WONT 34, DONT 10 */
             "move 1 2\n" IAC SB "\x1f\n" IAC IAC "\n" IAC SE /* NAWS, malformed */
             "\r\n"
             "a" IAC "\xf2"
             "b\n";
static const char mixed_answers[] = IAC DONT "\x01" IAC WONT "\x03";

static void check_mixed(const struct lines *l, const struct proto_buf *reply)
{
	assert_int_equal(l->n, 5);
	assert_string_equal(l->text[0], "look");
	assert_string_equal(l->text[1], "say \xff!");
	assert_string_equal(l->text[2], "move 1 2");
	assert_string_equal(l->text[3], "");
	assert_string_equal(l->text[4], "ab");
	assert_int_equal(l->too_long, 0);
	assert_int_equal(reply->len, sizeof(mixed_answers) - 1);
	assert_memory_equal(reply->data, mixed_answers, reply->len);
}

static void test_mixed_stream_every_split(void **state)
{
	size_t n = sizeof(mixed) - 1;

	(void)state;
	for (size_t cut = 0; cut <= n; cut++) {
		struct proto_telnet t;
		struct proto_framer f;
		struct lines l = {0};
		struct proto_buf reply = PROTO_BUF_INIT;

		proto_telnet_init(&t);
		proto_framer_init(&f);
		pipeline(&t, &f, &l, &reply, mixed, cut, 0);
		pipeline(&t, &f, &l, &reply, mixed + cut, n - cut, 0);
		check_mixed(&l, &reply);
		assert_int_equal(t.resized, 0); /* a 2-byte NAWS payload is no size */
		proto_framer_release(&f);
		proto_buf_release(&reply);
	}
	for (size_t step = 1; step < 12; step++) {
		struct proto_telnet t;
		struct proto_framer f;
		struct lines l = {0};
		struct proto_buf reply = PROTO_BUF_INIT;

		proto_telnet_init(&t);
		proto_framer_init(&f);
		pipeline(&t, &f, &l, &reply, mixed, n, step);
		check_mixed(&l, &reply);
		proto_framer_release(&f);
		proto_buf_release(&reply);
	}
}

static void test_state_across_feeds(void **state)
{
	struct proto_telnet t;
	struct proto_framer f;
	struct lines l = {0};
	struct proto_buf reply = PROTO_BUF_INIT;

	(void)state;
	proto_telnet_init(&t);
	proto_framer_init(&f);
	pipeline(&t, &f, &l, &reply, "x" IAC, 2, 0);
	pipeline(&t, &f, &l, &reply, WONT, 1, 0);
	pipeline(&t, &f, &l, &reply, "\x0a", 1, 0); /* option byte, not a newline */
	pipeline(&t, &f, &l, &reply, "y" IAC SB, 3, 0);
	pipeline(&t, &f, &l, &reply, "in sb\n" IAC, 7, 0);
	pipeline(&t, &f, &l, &reply, SE "z\n", 3, 0);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.text[0], "xyz");
	/* a trailing lone IAC waits for its command byte */
	pipeline(&t, &f, &l, &reply, "q" IAC, 2, 0);
	pipeline(&t, &f, &l, &reply, IAC "\n", 2, 0);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.text[1], "q\xff");
	assert_int_equal(reply.len, 0); /* WONT of an option that is off: no answer */
	proto_framer_release(&f);
	proto_buf_release(&reply);
}

static void test_telnet_bytes_do_not_count_toward_the_limit(void **state)
{
	struct proto_telnet t;
	struct proto_framer f;
	struct lines l = {0};
	struct proto_buf reply = PROTO_BUF_INIT;
	char chunk[1024];

	(void)state;
	memset(chunk, 'a', sizeof(chunk));
	proto_telnet_init(&t);
	proto_framer_init(&f);
	/* PROTO_LINE_MAX data bytes interleaved with commands, then "\n": one line */
	for (int i = 0; i < PROTO_LINE_MAX / 1024; i++) {
		pipeline(&t, &f, &l, &reply, chunk, sizeof(chunk), 0);
		pipeline(&t, &f, &l, &reply, IAC "\xf1" IAC DONT "\x05", 5, 0);
	}
	pipeline(&t, &f, &l, &reply, IAC IAC, 2, 0); /* one data byte more: too long */
	pipeline(&t, &f, &l, &reply, "\nok\n", 4, 0);
	assert_int_equal(l.too_long, 1);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.text[0], "ok");
	proto_framer_release(&f);
	proto_buf_release(&reply);
}

static void test_offers_are_answered(void **state)
{
	struct proto_telnet t;

	(void)state;
	proto_telnet_init(&t);
	/* the client's NAWS is wanted; its TTYPE, and our SGA and ECHO, are not */
	EXPECT(&t, IAC WILL "\x1f", "", IAC DO "\x1f");
	assert_int_equal(t.naws, PROTO_TN_YES);
	EXPECT(&t, IAC WILL "\x18" IAC DO "\x03" IAC DO "\x01", "",
	       IAC DONT "\x18" IAC WONT "\x03" IAC WONT "\x01");
	assert_int_equal(proto_telnet_echoing(&t), 0);
	/* a repeated WILL NAWS gets no second answer; WONT NAWS turns it off, answered once */
	EXPECT(&t, IAC WILL "\x1f", "", "");
	EXPECT(&t, IAC WONT "\x1f", "", IAC DONT "\x1f");
	EXPECT(&t, IAC WONT "\x1f" IAC DONT "\x01" IAC DONT "\x03", "", "");
	assert_int_equal(t.naws, PROTO_TN_NO);
}

static void test_no_answers_without_a_reply_buffer(void **state)
{
	struct proto_telnet t;
	char buf[] = IAC WILL "\x1f" IAC DO "\x01"
	                      "hi";
	size_t n;

	(void)state;
	proto_telnet_init(&t);
	assert_int_equal(proto_telnet_decode(&t, buf, sizeof(buf) - 1, &n, NULL), 0);
	assert_int_equal(n, 2);
	assert_memory_equal(buf, "hi", 2);
	assert_int_equal(t.seen, 1);
	assert_int_equal(t.naws, PROTO_TN_NO); /* an offer left unanswered is refused */
	assert_int_equal(proto_telnet_echoing(&t), 0);
}

static void test_naws_reports_the_window(void **state)
{
	struct proto_telnet t;

	(void)state;
	proto_telnet_init(&t);
	EXPECT(&t, IAC WILL "\x1f" IAC SB "\x1f\x00\x64\x00\x1e" IAC SE "x", "x", IAC DO "\x1f");
	assert_int_equal(t.resized, 1);
	assert_int_equal(t.cols, 100);
	assert_int_equal(t.rows, 30);
	t.resized = 0;
	/* 255 columns: the payload doubles the IAC; split across feeds */
	EXPECT(&t, IAC SB "\x1f\x00" IAC, "", "");
	EXPECT(&t, IAC "\x01\x2c" IAC, "", "");
	assert_int_equal(t.resized, 0);
	EXPECT(&t, SE, "", "");
	assert_int_equal(t.resized, 1);
	assert_int_equal(t.cols, 255);
	assert_int_equal(t.rows, 300);
	t.resized = 0;
	/* too long, too short and other options: no report */
	EXPECT(&t, IAC SB "\x1f\x00\x50\x00\x18\x00" IAC SE, "", "");
	EXPECT(&t, IAC SB "\x1f\x00\x50\x00" IAC SE, "", "");
	EXPECT(&t, IAC SB "\x18\x00\x50\x00\x18" IAC SE, "", "");
	EXPECT(&t,
	       IAC SB "\x1f"
	              "0123456789abcdef" IAC SE,
	       "", "");
	assert_int_equal(t.resized, 0);
	assert_int_equal(t.cols, 255);
}

static void test_echo_offered_accepted_and_withdrawn(void **state)
{
	struct proto_telnet t;
	struct proto_buf out = PROTO_BUF_INIT;

	(void)state;
	proto_telnet_init(&t);
	assert_int_equal(proto_telnet_echo(&t, 1, &out), 0);
	assert_int_equal(out.len, 3);
	assert_memory_equal(out.data, IAC WILL "\x01", 3);
	assert_int_equal(proto_telnet_echoing(&t), 1);
	/* asked again before the answer: nothing more */
	assert_int_equal(proto_telnet_echo(&t, 1, &out), 0);
	assert_int_equal(out.len, 3);
	/* the client agrees: no answer to an answer */
	EXPECT(&t, IAC DO "\x01", "", "");
	assert_int_equal(t.echo, PROTO_TN_YES);
	assert_int_equal(proto_telnet_echo(&t, 1, &out), 0);
	assert_int_equal(out.len, 3);
	/* withdrawn */
	assert_int_equal(proto_telnet_echo(&t, 0, &out), 0);
	assert_int_equal(out.len, 6);
	assert_memory_equal(out.data + 3, IAC WONT "\x01", 3);
	assert_int_equal(proto_telnet_echoing(&t), 0);
	/* no new offer while the withdrawal is unanswered (RFC 1143) */
	assert_int_equal(proto_telnet_echo(&t, 1, &out), 0);
	assert_int_equal(out.len, 6);
	EXPECT(&t, IAC DONT "\x01", "", "");
	assert_int_equal(t.echo, PROTO_TN_NO);
	assert_int_equal(proto_telnet_echo(&t, 0, &out), 0);
	assert_int_equal(out.len, 6);
	/* offered again, refused by the client: off, without an answer */
	assert_int_equal(proto_telnet_echo(&t, 1, &out), 0);
	assert_int_equal(out.len, 9);
	EXPECT(&t, IAC DONT "\x01", "", "");
	assert_int_equal(proto_telnet_echoing(&t), 0);
	assert_int_equal(proto_telnet_echo(&t, 0, &out), 0);
	assert_int_equal(out.len, 9);
	proto_buf_release(&out);
}

static void test_echo_withdrawn_before_the_answer(void **state)
{
	struct proto_telnet t;
	struct proto_buf out = PROTO_BUF_INIT;

	(void)state;
	proto_telnet_init(&t);
	assert_int_equal(proto_telnet_echo(&t, 1, &out), 0);
	assert_int_equal(proto_telnet_echo(&t, 0, &out), 0);
	assert_int_equal(out.len, 6);
	assert_memory_equal(out.data, IAC WILL "\x01" IAC WONT "\x01", 6);
	/* the client's DO (to the WILL) then DONT (to the WONT): both off, nothing sent */
	EXPECT(&t, IAC DO "\x01" IAC DONT "\x01", "", "");
	assert_int_equal(t.echo, PROTO_TN_NO);
	proto_buf_release(&out);
}

static void test_naws_asked_once(void **state)
{
	struct proto_telnet t;
	struct proto_buf out = PROTO_BUF_INIT;

	(void)state;
	proto_telnet_init(&t);
	assert_int_equal(proto_telnet_ask_naws(&t, &out), 0);
	assert_int_equal(out.len, 3);
	assert_memory_equal(out.data, IAC DO "\x1f", 3);
	/* the client's WILL answers it: no answer to an answer */
	EXPECT(&t, IAC WILL "\x1f", "", "");
	assert_int_equal(t.naws, PROTO_TN_YES);
	assert_int_equal(proto_telnet_ask_naws(&t, &out), 0);
	assert_int_equal(out.len, 3);
	/* refused: never asked again */
	proto_telnet_init(&t);
	proto_buf_reset(&out);
	assert_int_equal(proto_telnet_ask_naws(&t, &out), 0);
	EXPECT(&t, IAC WONT "\x1f", "", "");
	assert_int_equal(t.naws, PROTO_TN_NO);
	assert_int_equal(proto_telnet_ask_naws(&t, &out), 0);
	assert_int_equal(out.len, 3);
	proto_buf_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_plain_data_passes_untouched),
	    cmocka_unit_test(test_commands_are_taken_out),
	    cmocka_unit_test(test_mixed_stream_every_split),
	    cmocka_unit_test(test_state_across_feeds),
	    cmocka_unit_test(test_telnet_bytes_do_not_count_toward_the_limit),
	    cmocka_unit_test(test_offers_are_answered),
	    cmocka_unit_test(test_no_answers_without_a_reply_buffer),
	    cmocka_unit_test(test_naws_reports_the_window),
	    cmocka_unit_test(test_echo_offered_accepted_and_withdrawn),
	    cmocka_unit_test(test_echo_withdrawn_before_the_answer),
	    cmocka_unit_test(test_naws_asked_once),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
