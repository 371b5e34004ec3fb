/*
 * test_framer.c -- unit tests for protocol/framer.c.
 *
 * Covers line delivery ("\n", "\r\n", empty lines, bytes after the last
 * newline kept for later), split and merged reads (every split point of a
 * stream, one byte at a time), every byte but the line end passed through
 * (255 included: telnet is taken out before the framer, test_telnet.c), the
 * crlf flag, the PROTO_LINE_MAX limit (exactly MAX accepted with "\n" and "\r\n", MAX+1
 * refused with exactly one on_too_long reported when the limit is crossed,
 * the following line intact), the stop-feeding contract for both
 * callbacks, NULL callbacks, and proto_line_valid (UTF-8 forms, overlongs,
 * surrogates, range, truncation, control characters).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "protocol/framer.h"

#define MAXLINES 64

struct sink {
	char *lines[MAXLINES];
	size_t lens[MAXLINES];
	int nlines;
	int ntoo_long;
	int stop_on_line;          /* return 1 from on_line */
	int stop_on_too_long;      /* return 1 from on_too_long */
	char events[MAXLINES * 2]; /* 'L' line, 'T' too long, in order */
	int nevents;
};

static int on_line(void *ctx, char *line, size_t len)
{
	struct sink *s = ctx;

	assert_true(s->nlines < MAXLINES);
	assert_true(len <= PROTO_LINE_MAX);
	assert_int_equal(line[len], '\0'); /* NUL-terminated */
	s->lines[s->nlines] = test_malloc(len + 1);
	memcpy(s->lines[s->nlines], line, len + 1);
	s->lens[s->nlines++] = len;
	s->events[s->nevents++] = 'L';
	line[0] = 'X'; /* the line is writable; must not leak into the next one */
	return s->stop_on_line;
}

static int on_too_long(void *ctx)
{
	struct sink *s = ctx;

	s->ntoo_long++;
	s->events[s->nevents++] = 'T';
	return s->stop_on_too_long;
}

static void sink_free(struct sink *s)
{
	int i;

	for (i = 0; i < s->nlines; i++)
		test_free(s->lines[i]);
	memset(s, 0, sizeof(*s));
}

static struct proto_framer_cb cb_for(struct sink *s)
{
	struct proto_framer_cb cb = {.on_line = on_line, .on_too_long = on_too_long, .ctx = s};

	return cb;
}

/* Feeds data[0..len) in chunks of step bytes (0: all at once). */
static void feed_all(struct proto_framer *f, struct sink *s, const char *data, size_t len,
                     size_t step)
{
	struct proto_framer_cb cb = cb_for(s);
	size_t off = 0, n;

	while (off < len) {
		n = step == 0 || len - off < step ? len - off : step;
		assert_int_equal(proto_framer_feed(f, data + off, n, &cb), n);
		off += n;
	}
}

static void expect_line(const struct sink *s, int i, const char *want, size_t len)
{
	assert_true(i < s->nlines);
	assert_int_equal(s->lens[i], len);
	assert_memory_equal(s->lines[i], want, len);
}

static void test_lf_and_crlf(void **state)
{
	struct proto_framer f;
	struct sink s = {0};
	const char in[] = "look\nmove 1 2\r\n\n\r\nlast";

	(void)state;
	proto_framer_init(&f);
	feed_all(&f, &s, in, sizeof(in) - 1, 0);
	assert_int_equal(s.nlines, 4);
	expect_line(&s, 0, "look", 4);
	expect_line(&s, 1, "move 1 2", 8);
	expect_line(&s, 2, "", 0);
	expect_line(&s, 3, "", 0);
	/* "last" waits for its newline */
	feed_all(&f, &s, "\n", 1, 0);
	assert_int_equal(s.nlines, 5);
	expect_line(&s, 4, "last", 4);
	assert_int_equal(s.ntoo_long, 0);
	sink_free(&s);
}

static void test_only_one_cr_dropped(void **state)
{
	struct proto_framer f;
	struct sink s = {0};
	const char in[] = "a\r\r\nb\rc\n\r\n";

	(void)state;
	proto_framer_init(&f);
	feed_all(&f, &s, in, sizeof(in) - 1, 0);
	assert_int_equal(s.nlines, 3);
	expect_line(&s, 0, "a\r", 2);
	expect_line(&s, 1, "b\rc", 3); /* a lone CR is not a line end */
	expect_line(&s, 2, "", 0);
	sink_free(&s);
}

static void test_nul_bytes_delivered_with_length(void **state)
{
	struct proto_framer f;
	struct sink s = {0};
	const char in[] = "a\0b\n";

	(void)state;
	proto_framer_init(&f);
	feed_all(&f, &s, in, sizeof(in) - 1, 0);
	assert_int_equal(s.nlines, 1);
	expect_line(&s, 0, "a\0b", 3);
	sink_free(&s);
}

/* A stream of lines with "\n" and "\r\n" ends and bytes a telnet client could send. */
static const char mixed[] = "\xff\xfb\x01lo\r\n"
                            "say \xff\xff!\n"
                            "\r\n"
                            "a\xf2"
                            "b\n";

static void check_mixed(const struct sink *s)
{
	assert_int_equal(s->nlines, 4);
	expect_line(s, 0, "\xff\xfb\x01lo", 5);
	expect_line(s, 1, "say \xff\xff!", 7);
	expect_line(s, 2, "", 0);
	expect_line(s, 3,
	            "a\xf2"
	            "b",
	            3);
	assert_int_equal(s->ntoo_long, 0);
}

static void test_every_split_gives_the_same_lines(void **state)
{
	size_t n = sizeof(mixed) - 1, cut, step;

	(void)state;
	for (cut = 0; cut <= n; cut++) {
		struct proto_framer f;
		struct sink s = {0};
		struct proto_framer_cb cb = cb_for(&s);

		proto_framer_init(&f);
		assert_int_equal(proto_framer_feed(&f, mixed, cut, &cb), cut);
		assert_int_equal(proto_framer_feed(&f, mixed + cut, n - cut, &cb), n - cut);
		check_mixed(&s);
		sink_free(&s);
	}
	for (step = 0; step < 12; step++) {
		struct proto_framer f;
		struct sink s = {0};

		proto_framer_init(&f);
		feed_all(&f, &s, mixed, n, step);
		check_mixed(&s);
		sink_free(&s);
	}
}

/* Records the crlf flag at each line. */
static int crlf_seen[8], ncrlf;
static struct proto_framer *crlf_framer;

static int on_line_crlf(void *ctx, char *line, size_t len)
{
	(void)ctx;
	(void)line;
	(void)len;
	crlf_seen[ncrlf++] = crlf_framer->crlf;
	return 0;
}

static void test_crlf_flag_tells_the_line_end(void **state)
{
	struct proto_framer f;
	struct proto_framer_cb cb = {.on_line = on_line_crlf, .ctx = NULL};
	const char in[] = "a\r\nb\n\r\n\nc\r\r\n";

	(void)state;
	proto_framer_init(&f);
	assert_int_equal(f.crlf, 0);
	crlf_framer = &f;
	ncrlf = 0;
	assert_int_equal(proto_framer_feed(&f, in, sizeof(in) - 1, &cb), sizeof(in) - 1);
	assert_int_equal(ncrlf, 5);
	assert_int_equal(crlf_seen[0], 1);
	assert_int_equal(crlf_seen[1], 0);
	assert_int_equal(crlf_seen[2], 1);
	assert_int_equal(crlf_seen[3], 0);
	assert_int_equal(crlf_seen[4], 1); /* "c\r": only the last CR is the line end */
	assert_int_equal(f.crlf, 1);       /* still there after the callback */
}

static void test_many_lines_one_feed(void **state)
{
	struct proto_framer f;
	struct sink s = {0};
	char in[MAXLINES * 8];
	size_t n = 0;
	int i;

	(void)state;
	for (i = 0; i < 50; i++) {
		in[n++] = 'l';
		in[n++] = (char)('0' + i / 10);
		in[n++] = (char)('0' + i % 10);
		if (i % 2)
			in[n++] = '\r';
		in[n++] = '\n';
	}
	proto_framer_init(&f);
	feed_all(&f, &s, in, n, 0);
	assert_int_equal(s.nlines, 50);
	expect_line(&s, 0, "l00", 3);
	expect_line(&s, 37, "l37", 3);
	expect_line(&s, 49, "l49", 3);
	sink_free(&s);
}

static void test_zero_length_feed(void **state)
{
	struct proto_framer f;
	struct sink s = {0};
	struct proto_framer_cb cb = cb_for(&s);

	(void)state;
	proto_framer_init(&f);
	assert_int_equal(proto_framer_feed(&f, NULL, 0, &cb), 0);
	assert_int_equal(proto_framer_feed(&f, "", 0, &cb), 0);
	assert_int_equal(s.nlines, 0);
}

/* Builds n bytes of 'a' + suffix into a fresh allocation. */
static char *repeat(size_t n, const char *suffix, size_t *len)
{
	size_t sl = strlen(suffix);
	char *p = test_malloc(n + sl);

	memset(p, 'a', n);
	memcpy(p + n, suffix, sl);
	*len = n + sl;
	return p;
}

static void test_exactly_max_accepted(void **state)
{
	const char *ends[] = {"\n", "\r\n"};
	size_t e, len;

	(void)state;
	for (e = 0; e < 2; e++) {
		struct proto_framer f;
		struct sink s = {0};
		char *in = repeat(PROTO_LINE_MAX, ends[e], &len);

		proto_framer_init(&f);
		feed_all(&f, &s, in, len, 0);
		assert_int_equal(s.ntoo_long, 0);
		assert_int_equal(s.nlines, 1);
		assert_int_equal(s.lens[0], PROTO_LINE_MAX);
		assert_int_equal(s.lines[0][PROTO_LINE_MAX - 1], 'a');
		/* the same, byte at a time */
		sink_free(&s);
		proto_framer_init(&f);
		feed_all(&f, &s, in, len, 1);
		assert_int_equal(s.ntoo_long, 0);
		assert_int_equal(s.nlines, 1);
		assert_int_equal(s.lens[0], PROTO_LINE_MAX);
		sink_free(&s);
		test_free(in);
	}
}

static void test_max_minus_one_with_two_crs(void **state)
{
	struct proto_framer f;
	struct sink s = {0};
	size_t len;
	char *in = repeat(PROTO_LINE_MAX - 1, "\r\r\n", &len);

	(void)state;
	proto_framer_init(&f);
	feed_all(&f, &s, in, len, 0);
	assert_int_equal(s.ntoo_long, 0);
	assert_int_equal(s.nlines, 1);
	assert_int_equal(s.lens[0], PROTO_LINE_MAX); /* the first CR is content */
	assert_int_equal(s.lines[0][PROTO_LINE_MAX - 1], '\r');
	sink_free(&s);
	test_free(in);
}

static void test_over_max_refused_once_and_next_line_intact(void **state)
{
	/* MAX+1 bytes; MAX bytes + CR + byte; MAX bytes + CR CR LF; 3*MAX bytes */
	struct {
		size_t n;
		const char *suffix;
	} cases[] = {
	    {PROTO_LINE_MAX + 1, "\n"}, {PROTO_LINE_MAX + 1, "\r\n"}, {PROTO_LINE_MAX, "\rx\n"},
	    {PROTO_LINE_MAX, "\r\r\n"}, {3 * PROTO_LINE_MAX, "\r\n"},
	};
	size_t c, step;

	(void)state;
	for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		for (step = 0; step <= 1; step++) {
			struct proto_framer f;
			struct sink s = {0};
			size_t len;
			char *in = repeat(cases[c].n, cases[c].suffix, &len);

			proto_framer_init(&f);
			feed_all(&f, &s, "before\n", 7, 0);
			feed_all(&f, &s, in, len, step);
			feed_all(&f, &s, "after 1\r\nafter 2\n", 17, step);
			assert_int_equal(s.ntoo_long, 1);
			assert_int_equal(s.nlines, 3);
			expect_line(&s, 0, "before", 6);
			expect_line(&s, 1, "after 1", 7);
			expect_line(&s, 2, "after 2", 7);
			assert_memory_equal(s.events, "LTLL", 4);
			sink_free(&s);
			test_free(in);
		}
	}
}

static void test_too_long_reported_when_crossed(void **state)
{
	struct proto_framer f;
	struct sink s = {0};
	size_t len;
	char *in = repeat(PROTO_LINE_MAX, "", &len);

	(void)state;
	proto_framer_init(&f);
	feed_all(&f, &s, in, len, 0);
	assert_int_equal(s.ntoo_long, 0);
	feed_all(&f, &s, "b", 1, 0); /* crosses the limit, no newline yet */
	assert_int_equal(s.ntoo_long, 1);
	feed_all(&f, &s, in, len, 0); /* still the same line: no second report */
	feed_all(&f, &s, in, len, 0);
	assert_int_equal(s.ntoo_long, 1);
	assert_int_equal(s.nlines, 0);
	feed_all(&f, &s, "\nok\n", 4, 0);
	assert_int_equal(s.ntoo_long, 1);
	assert_int_equal(s.nlines, 1);
	expect_line(&s, 0, "ok", 2);
	/* two over-long lines in a row: two reports */
	feed_all(&f, &s, in, len, 0);
	feed_all(&f, &s, "b\n", 2, 0);
	feed_all(&f, &s, in, len, 0);
	feed_all(&f, &s, "bc\n", 3, 0);
	assert_int_equal(s.ntoo_long, 3);
	assert_int_equal(s.nlines, 1);
	sink_free(&s);
	test_free(in);
}

static void test_stop_on_line_and_resume(void **state)
{
	struct proto_framer f;
	struct sink s = {0};
	struct proto_framer_cb cb = cb_for(&s);
	const char in[] = "one\r\ntwo\nthree\nfour";
	size_t n = sizeof(in) - 1, off = 0, got;

	(void)state;
	s.stop_on_line = 1;
	proto_framer_init(&f);
	got = proto_framer_feed(&f, in, n, &cb);
	assert_int_equal(got, 5); /* up to and including the first "\n" */
	assert_int_equal(s.nlines, 1);
	off += got;
	got = proto_framer_feed(&f, in + off, n - off, &cb);
	assert_int_equal(got, 4);
	assert_int_equal(s.nlines, 2);
	off += got;
	got = proto_framer_feed(&f, in + off, n - off, &cb);
	assert_int_equal(got, 6);
	off += got;
	/* no newline left: everything is consumed and kept */
	got = proto_framer_feed(&f, in + off, n - off, &cb);
	assert_int_equal(got, 4);
	assert_int_equal(s.nlines, 3);
	expect_line(&s, 0, "one", 3);
	expect_line(&s, 1, "two", 3);
	expect_line(&s, 2, "three", 5);
	got = proto_framer_feed(&f, "\n", 1, &cb);
	assert_int_equal(got, 1);
	expect_line(&s, 3, "four", 4);
	sink_free(&s);
}

static void test_stop_on_too_long_and_resume(void **state)
{
	struct proto_framer f;
	struct sink s = {0};
	struct proto_framer_cb cb = cb_for(&s);
	size_t len, got;
	char *in = repeat(PROTO_LINE_MAX + 10, "\nnext\n", &len);

	(void)state;
	s.stop_on_too_long = 1;
	proto_framer_init(&f);
	got = proto_framer_feed(&f, in, len, &cb);
	assert_int_equal(got, PROTO_LINE_MAX + 1); /* the byte that crossed */
	assert_int_equal(s.ntoo_long, 1);
	assert_int_equal(s.nlines, 0);
	got += proto_framer_feed(&f, in + got, len - got, &cb);
	assert_int_equal(got, len);
	assert_int_equal(s.ntoo_long, 1);
	assert_int_equal(s.nlines, 1);
	expect_line(&s, 0, "next", 4);
	sink_free(&s);
	test_free(in);
}

static void test_null_callbacks(void **state)
{
	struct proto_framer f;
	struct proto_framer_cb cb = {.on_line = NULL, .on_too_long = NULL, .ctx = NULL};
	struct sink s = {0};
	size_t len;
	char *in = repeat(PROTO_LINE_MAX + 5, "\nx\n", &len);

	(void)state;
	proto_framer_init(&f);
	assert_int_equal(proto_framer_feed(&f, in, len, &cb), len);
	/* the framer is in a clean state afterwards */
	feed_all(&f, &s, "ok\n", 3, 0);
	assert_int_equal(s.nlines, 1);
	expect_line(&s, 0, "ok", 2);
	sink_free(&s);
	test_free(in);
}

static void test_release_discards_partial_state(void **state)
{
	struct proto_framer f;
	struct sink s = {0};

	(void)state;
	proto_framer_init(&f);
	feed_all(&f, &s, "partial\r", 8, 0);
	proto_framer_release(&f);
	feed_all(&f, &s, "new\n", 4, 0);
	assert_int_equal(s.nlines, 1);
	expect_line(&s, 0, "new", 3);
	assert_int_equal(f.crlf, 0);
	sink_free(&s);
}

/* framer.h "Memory": storage only while a partial line waits, so an idle connection's
 * framer costs its struct alone. */
static void test_storage_only_while_a_line_is_partial(void **state)
{
	static char big[PROTO_LINE_MAX + 2];
	struct proto_framer f;
	struct sink s = {0};

	(void)state;
	proto_framer_init(&f);
	assert_null(f.line);
	feed_all(&f, &s, "ping\nping\n", 10, 0);
	assert_int_equal(s.nlines, 2);
	assert_null(f.line); /* whole lines only: nothing kept */
	feed_all(&f, &s, "pi", 2, 0);
	assert_non_null(f.line);
	assert_true(f.cap >= 2 && f.cap <= PROTO_LINE_MAX + 1);
	feed_all(&f, &s, "ng\n", 3, 0);
	expect_line(&s, 2, "ping", 4);
	assert_null(f.line);
	assert_int_equal(f.cap, 0);
	/* a line at the limit, in two pieces, grows the buffer to the limit and no further */
	memset(big, 'x', PROTO_LINE_MAX);
	big[PROTO_LINE_MAX] = '\r';
	big[PROTO_LINE_MAX + 1] = '\n';
	feed_all(&f, &s, big, PROTO_LINE_MAX + 1, 0);
	assert_int_equal(f.cap, PROTO_LINE_MAX + 1);
	feed_all(&f, &s, big + PROTO_LINE_MAX + 1, 1, 0);
	assert_int_equal(s.nlines, 4);
	assert_int_equal(s.lens[3], PROTO_LINE_MAX);
	assert_null(f.line);
	/* an over-long line being discarded keeps nothing */
	memset(big, 'y', sizeof(big));
	feed_all(&f, &s, big, sizeof(big), 0);
	assert_int_equal(s.ntoo_long, 1);
	assert_null(f.line);
	proto_framer_release(&f);
	sink_free(&s);
}

static void test_line_valid_ascii_and_controls(void **state)
{
	char c[2];
	int i;

	(void)state;
	assert_int_equal(proto_line_valid("", 0), 1);
	assert_int_equal(proto_line_valid("move 1 2", 8), 1);
	assert_int_equal(proto_line_valid("a\tb", 3), 1);
	assert_int_equal(proto_line_valid("~ !\"#", 5), 1);
	for (i = 0; i < 0x20; i++) {
		c[0] = (char)i;
		c[1] = 'x';
		assert_int_equal(proto_line_valid(c, 2), i == '\t' ? 1 : 0);
	}
	assert_int_equal(proto_line_valid("a\x7f", 2), 0);
	assert_int_equal(proto_line_valid("a\0b", 3), 0);
	assert_int_equal(proto_line_valid("ab\0", 2), 1); /* only len bytes count */
	assert_int_equal(proto_line_valid("say \x1b[31mred", 12), 0);
}

#define VALID(s) proto_line_valid(s, sizeof(s) - 1)

static void test_line_valid_utf8(void **state)
{
	(void)state;
	/* well-formed, boundaries included */
	assert_int_equal(VALID("caf\xc3\xa9"), 1);      /* U+00E9 */
	assert_int_equal(VALID("\xc2\xa0"), 1);         /* U+00A0 */
	assert_int_equal(VALID("\xdf\xbf"), 1);         /* U+07FF */
	assert_int_equal(VALID("\xe0\xa0\x80"), 1);     /* U+0800 */
	assert_int_equal(VALID("\xe2\x82\xac"), 1);     /* U+20AC */
	assert_int_equal(VALID("\xed\x9f\xbf"), 1);     /* U+D7FF */
	assert_int_equal(VALID("\xee\x80\x80"), 1);     /* U+E000 */
	assert_int_equal(VALID("\xef\xbf\xbf"), 1);     /* U+FFFF */
	assert_int_equal(VALID("\xf0\x90\x80\x80"), 1); /* U+10000 */
	assert_int_equal(VALID("\xf0\x9d\x84\x9e"), 1); /* U+1D11E */
	assert_int_equal(VALID("\xf4\x8f\xbf\xbf"), 1); /* U+10FFFF */
	/* overlong forms */
	assert_int_equal(VALID("\xc0\xaf"), 0);
	assert_int_equal(VALID("\xc1\xbf"), 0);
	assert_int_equal(VALID("\xc0\x80"), 0);
	assert_int_equal(VALID("\xe0\x80\xaf"), 0);
	assert_int_equal(VALID("\xe0\x9f\xbf"), 0);
	assert_int_equal(VALID("\xf0\x80\x80\xaf"), 0);
	assert_int_equal(VALID("\xf0\x8f\xbf\xbf"), 0);
	/* surrogates */
	assert_int_equal(VALID("\xed\xa0\x80"), 0);             /* U+D800 */
	assert_int_equal(VALID("\xed\xbf\xbf"), 0);             /* U+DFFF */
	assert_int_equal(VALID("\xed\xa0\xbd\xed\xb2\xa9"), 0); /* CESU pair */
	/* beyond U+10FFFF and impossible bytes */
	assert_int_equal(VALID("\xf4\x90\x80\x80"), 0);
	assert_int_equal(VALID("\xf5\x80\x80\x80"), 0);
	assert_int_equal(VALID("\xf8\x88\x80\x80\x80"), 0);
	assert_int_equal(VALID("\xfe"), 0);
	assert_int_equal(VALID("\xff"), 0);
	/* truncated and malformed sequences */
	assert_int_equal(VALID("\xc3"), 0);
	assert_int_equal(VALID("ab\xe2\x82"), 0);
	assert_int_equal(VALID("\xf0\x9d\x84"), 0);
	assert_int_equal(VALID("\x80"), 0);
	assert_int_equal(VALID("a\xbf"), 0);
	assert_int_equal(VALID("\xc3\x28"), 0);
	assert_int_equal(VALID("\xe2\x28\xa1"), 0);
	assert_int_equal(VALID("\xe2\x82\x28"), 0);
	assert_int_equal(VALID("\xf0\x9d\x28\x9e"), 0);
	/* length cuts a sequence */
	assert_int_equal(proto_line_valid("\xc3\xa9", 1), 0);
	/* C1 controls */
	assert_int_equal(VALID("\xc2\x80"), 0);
	assert_int_equal(VALID("\xc2\x85"), 0); /* NEL */
	assert_int_equal(VALID("\xc2\x9b"), 0); /* CSI */
	assert_int_equal(VALID("\xc2\x9f"), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_lf_and_crlf),
	    cmocka_unit_test(test_only_one_cr_dropped),
	    cmocka_unit_test(test_nul_bytes_delivered_with_length),
	    cmocka_unit_test(test_every_split_gives_the_same_lines),
	    cmocka_unit_test(test_crlf_flag_tells_the_line_end),
	    cmocka_unit_test(test_many_lines_one_feed),
	    cmocka_unit_test(test_zero_length_feed),
	    cmocka_unit_test(test_exactly_max_accepted),
	    cmocka_unit_test(test_max_minus_one_with_two_crs),
	    cmocka_unit_test(test_over_max_refused_once_and_next_line_intact),
	    cmocka_unit_test(test_too_long_reported_when_crossed),
	    cmocka_unit_test(test_stop_on_line_and_resume),
	    cmocka_unit_test(test_stop_on_too_long_and_resume),
	    cmocka_unit_test(test_null_callbacks),
	    cmocka_unit_test(test_release_discards_partial_state),
	    cmocka_unit_test(test_storage_only_while_a_line_is_partial),
	    cmocka_unit_test(test_line_valid_ascii_and_controls),
	    cmocka_unit_test(test_line_valid_utf8),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
