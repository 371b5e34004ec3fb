/*
 * test_reply_wrap.c -- unit tests for protocol/wrap.c and the text writer
 * fitting replies to a screen width (protocol/reply.h "Width").
 *
 * Covers proto_wrap_cut (a fit, a cut at the last blank, runs of blanks,
 * an unbreakable word cut at the width, UTF-8 boundaries, the text's own
 * indentation) and the writer at 40, 80 and 132 columns: no line wider,
 * no word lost or reordered, a wrapped data line going on with a
 * four-space indent, a wrapped final line keeping "@tag ok" or "@tag err
 * <code>" and the v=/d= tokens of an ok line, an unbreakable long word,
 * lines that fit left byte for byte as they were, JSON mode and
 * notifications untouched, the minimum width.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "protocol/reply.h"
#include "protocol/wrap.h"

static const int widths[] = {40, 80, 132};

/* Every line of s fits in cols columns; returns the number of lines. */
static int check_fits(const char *s, int cols)
{
	int n = 0;

	for (const char *p = s; *p != '\0'; n++) {
		const char *nl = strchr(p, '\n');
		assert_non_null(nl); /* complete lines only */
		if ((int)proto_width(p, (size_t)(nl - p)) > cols)
			fail_msg("line wider than %d: \"%.*s\"", cols, (int)(nl - p), p);
		p = nl + 1;
	}
	return n;
}

/* s with every run of blanks and line ends made one space (and none at the ends). */
static char *words(const char *s)
{
	char *out = test_malloc(strlen(s) + 1);
	size_t n = 0;

	for (const char *p = s; *p != '\0'; p++) {
		if (*p == ' ' || *p == '\n') {
			if (n > 0 && out[n - 1] != ' ')
				out[n++] = ' ';
			continue;
		}
		out[n++] = *p;
	}
	while (n > 0 && out[n - 1] == ' ')
		n--;
	out[n] = '\0';
	return out;
}

/* The n-th line of s (0-based) into buf. */
static const char *line_of(const char *s, int n, char *buf, size_t size)
{
	for (; n > 0; n--) {
		s = strchr(s, '\n');
		assert_non_null(s);
		s++;
	}
	snprintf(buf, size, "%.*s", (int)strcspn(s, "\n"), s);
	return buf;
}

static const char *last_line(const char *s, char *buf, size_t size)
{
	size_t len = strlen(s);
	const char *p = s + len - 1; /* the final "\n" */

	while (p > s && p[-1] != '\n')
		p--;
	snprintf(buf, size, "%.*s", (int)(s + len - 1 - p), p);
	return buf;
}

static void test_wrap_cut(void **state)
{
	size_t next;

	(void)state;
	/* fits */
	assert_int_equal(proto_wrap_cut("hello world", 11, 11, &next), 11);
	assert_int_equal(next, 11);
	/* at the last blank that fits; the blanks at the cut dropped */
	assert_int_equal(proto_wrap_cut("hello big   world", 17, 12, &next), 9);
	assert_int_equal(next, 12);
	/* a blank right after the width is a fine cut */
	assert_int_equal(proto_wrap_cut("hello world", 11, 5, &next), 5);
	assert_int_equal(next, 6);
	/* one word longer than the width: cut at the width */
	assert_int_equal(proto_wrap_cut("abcdefghij klm", 14, 4, &next), 4);
	assert_int_equal(next, 4);
	/* widths count code points, and a cut never splits one */
	assert_int_equal(proto_wrap_cut("\xc3\xa9\xc3\xa9\xc3\xa9", 6, 2, &next), 4);
	assert_int_equal(next, 4);
	assert_int_equal(proto_width("caf\xc3\xa9 \xe2\x82\xac", 9), 6);
	/* the text's own indentation stays and is no place to cut */
	assert_int_equal(proto_wrap_cut("   word more", 12, 8, &next), 7);
	assert_int_equal(next, 8);
	/* ... unless it alone takes the width: then it is dropped (found by fuzz_protocol;
	 * tests/fuzz/corpus/protocol/indent-wider-than-width) */
	assert_int_equal(proto_wrap_cut("      xy", 8, 3, &next), 0);
	assert_int_equal(next, 6);
	assert_int_equal(proto_wrap_cut("xy", 2, 3, &next), 2);
	assert_int_equal(proto_wrap_cut("  xyz", 5, 3, &next), 3);
	assert_int_equal(next, 3);
	/* blanks only */
	assert_int_equal(proto_wrap_cut("   ", 3, 2, &next), 0);
	assert_int_equal(next, 3);
	/* width 0 counts as 1 */
	assert_int_equal(proto_wrap_cut("ab", 2, 0, &next), 1);
}

static const char *long_text =
    "the attack from hex 2737 into 2838 is refused because a unit that entered an enemy "
    "zone of control this movement phase may not leave it again before the combat phase";

/* ok with a long data line and a long summary ending in (v=..): every width. */
static void test_ok_fits_every_width(void **state)
{
	cJSON *d = cJSON_CreateObject(), *lines = cJSON_AddArrayToObject(d, "lines");
	char summary[400], buf[200];

	(void)state;
	cJSON_AddItemToArray(lines, cJSON_CreateString("short line"));
	cJSON_AddItemToArray(lines, cJSON_CreateString(long_text));
	snprintf(summary, sizeof(summary), "%s (v=12)", long_text);
	cJSON_AddStringToObject(d, "summary", summary);
	for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); w++) {
		struct proto_buf b = PROTO_BUF_INIT;
		char *got, *want;

		assert_int_equal(proto_write_ok(&b, PROTO_TEXT, widths[w], "t7", d), 0);
		check_fits(b.data, widths[w]);
		assert_string_equal(line_of(b.data, 0, buf, sizeof(buf)), "  short line");
		/* the wrapped data line goes on four spaces in */
		assert_true(strncmp(line_of(b.data, 2, buf, sizeof(buf)), "    ", 4) == 0);
		/* the final line keeps the tag, ok and the version */
		assert_string_equal(last_line(b.data, buf, sizeof(buf)), "@t7 ok v=12");
		/* nothing lost, nothing reordered */
		got = words(b.data);
		want = test_malloc(2 * strlen(long_text) + 64);
		sprintf(want, "short line %s %s @t7 ok v=12", long_text, long_text);
		assert_string_equal(got, want);
		test_free(got);
		test_free(want);
		/* every data line but the first of each wrapped one is four spaces in, the
		 * moved summary two */
		proto_buf_release(&b);
	}
	cJSON_Delete(d);
}

/* The exact shape at 40 columns. */
static void test_ok_at_40_exactly(void **state)
{
	cJSON *d = cJSON_CreateObject(), *lines = cJSON_AddArrayToObject(d, "lines");
	struct proto_buf b = PROTO_BUF_INIT;

	(void)state;
	cJSON_AddItemToArray(
	    lines, cJSON_CreateString("units: 1/2 Cdn 4 Cdn Armd 3 Cdn 52 UK 49 UK 1 Pol"));
	cJSON_AddStringToObject(
	    d, "summary", "moved 1/2 Cdn from 2737 to 2939 through 2838; 2 MP left (v=5, d=3)");
	assert_int_equal(proto_write_ok(&b, PROTO_TEXT, 40, NULL, d), 0);
	assert_string_equal(b.data, "  units: 1/2 Cdn 4 Cdn Armd 3 Cdn 52 UK\n"
	                            "    49 UK 1 Pol\n"
	                            "  moved 1/2 Cdn from 2737 to 2939\n"
	                            "  through 2838; 2 MP left\n"
	                            "ok v=5 d=3\n");
	proto_buf_release(&b);
	cJSON_Delete(d);
}

/* A refusal too wide: the message and rule above, "err <code>" below. */
static void test_err_fits_every_width(void **state)
{
	char buf[200];

	(void)state;
	for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); w++) {
		struct proto_buf b = PROTO_BUF_INIT;
		char *got, *want;

		assert_int_equal(proto_write_err(&b, PROTO_TEXT, widths[w], "m1", "illegal-move",
		                                 long_text, "FM-6.1"),
		                 0);
		check_fits(b.data, widths[w]);
		assert_string_equal(last_line(b.data, buf, sizeof(buf)), "@m1 err illegal-move");
		assert_true(strncmp(b.data, "  the attack", 12) == 0);
		got = words(b.data);
		want = test_malloc(strlen(long_text) + 64);
		sprintf(want, "%s (FM-6.1) @m1 err illegal-move", long_text);
		assert_string_equal(got, want);
		test_free(got);
		test_free(want);
		proto_buf_release(&b);
	}
}

/* An err line's v= belongs to its sentence: it stays there. */
static void test_err_keeps_its_sentence(void **state)
{
	struct proto_buf b = PROTO_BUF_INIT;

	(void)state;
	assert_int_equal(proto_write_err(&b, PROTO_TEXT, 40, NULL, "bad-args",
	                                 "game 12 is only at v=100, not v=105", NULL),
	                 0);
	assert_string_equal(b.data, "  game 12 is only at v=100, not v=105\n"
	                            "err bad-args\n");
	proto_buf_release(&b);
}

/* Tokens: bare or in one pair of parentheses, and only tokens. */
static void test_ok_tokens(void **state)
{
	static const struct {
		const char *summary, *want;
	} cases[] = {
	    {"bid placed face down and kept secret until both sides have bid v=4 d=3",
	     "  bid placed face down and kept secret\n  until both sides have bid\nok v=4 d=3\n"},
	    {"nothing to show here at all, see view and log for the rest (see view)",
	     "  nothing to show here at all, see view\n  and log for the rest (see view)\nok\n"},
	    {"a long summary that ends in a token that is not one of ours x=12",
	     "  a long summary that ends in a token\n  that is not one of ours x=12\nok\n"},
	    {"a long summary whose parenthesis holds more than tokens (v=3 and more)",
	     "  a long summary whose parenthesis holds\n  more than tokens (v=3 and more)\nok\n"},
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		cJSON *d = cJSON_CreateObject();
		struct proto_buf b = PROTO_BUF_INIT;

		cJSON_AddStringToObject(d, "summary", cases[i].summary);
		assert_int_equal(proto_write_ok(&b, PROTO_TEXT, 40, NULL, d), 0);
		assert_string_equal(b.data, cases[i].want);
		proto_buf_release(&b);
		cJSON_Delete(d);
	}
}

/* A word longer than the line is cut at the width. */
static void test_unbreakable_word(void **state)
{
	char word[101], buf[200];
	cJSON *d = cJSON_CreateObject();

	(void)state;
	memset(word, 'x', 100);
	word[100] = '\0';
	cJSON_AddStringToObject(d, "seed", word);
	for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); w++) {
		struct proto_buf b = PROTO_BUF_INIT;
		char *got, *want;
		int n;

		assert_int_equal(proto_write_ok(&b, PROTO_TEXT, widths[w], NULL, d), 0);
		n = check_fits(b.data, widths[w]);
		if (widths[w] < 108) {
			/* "  seed: " + 100 x: the word goes on the next lines, four spaces in,
			 * cut at the width */
			assert_int_equal(n, 1 + (100 + widths[w] - 5) / (widths[w] - 4) + 1);
			assert_string_equal(line_of(b.data, 0, buf, sizeof(buf)), "  seed:");
			line_of(b.data, 1, buf, sizeof(buf));
			assert_true(strncmp(buf, "    xxxx", 8) == 0);
			assert_int_equal(strlen(buf), widths[w]);
		} else {
			assert_int_equal(n, 2);
		}
		/* all 100 bytes arrive, in pieces */
		got = words(b.data);
		want = test_malloc(200);
		snprintf(want, 200, "seed: %s ok", word);
		{
			/* the pieces of the word are separated by the cut: join them */
			char *p = got, *q = got;
			for (; *p; p++)
				if (!(*p == ' ' && p[-1] == 'x' && p[1] == 'x'))
					*q++ = *p;
			*q = '\0';
		}
		assert_string_equal(got, want);
		test_free(got);
		test_free(want);
		proto_buf_release(&b);
	}
	/* and an err message of one long word */
	{
		struct proto_buf b = PROTO_BUF_INIT;
		assert_int_equal(proto_write_err(&b, PROTO_TEXT, 40, NULL, "bad-args", word, NULL),
		                 0);
		check_fits(b.data, 40);
		assert_string_equal(last_line(b.data, buf, sizeof(buf)), "err bad-args");
		proto_buf_release(&b);
	}
	cJSON_Delete(d);
}

/* Lines that fit are written exactly as without a limit; JSON mode and notices ignore it. */
static void test_what_fits_is_untouched(void **state)
{
	cJSON *d = cJSON_CreateObject(), *lines = cJSON_AddArrayToObject(d, "lines");
	cJSON *ev = cJSON_CreateObject();
	struct proto_buf a = PROTO_BUF_INIT, b = PROTO_BUF_INIT;
	char exact[81];

	(void)state;
	memset(exact, 'y', 78); /* "  " + 78 = 80 columns exactly */
	exact[78] = '\0';
	cJSON_AddItemToArray(lines, cJSON_CreateString(exact));
	cJSON_AddItemToArray(lines, cJSON_CreateString("  indented   with  runs of blanks"));
	cJSON_AddStringToObject(d, "summary", "created game 1; you play allied (v=0)");
	assert_int_equal(proto_write_ok(&a, PROTO_TEXT, 0, "x", d), 0);
	assert_int_equal(proto_write_ok(&b, PROTO_TEXT, 80, "x", d), 0);
	assert_string_equal(a.data, b.data);
	/* JSON mode: the same bytes whatever the width */
	proto_buf_reset(&a);
	proto_buf_reset(&b);
	cJSON_AddStringToObject(d, "long", long_text);
	assert_int_equal(proto_write_ok(&a, PROTO_JSON, 0, "x", d), 0);
	assert_int_equal(proto_write_ok(&b, PROTO_JSON, 40, "x", d), 0);
	assert_string_equal(a.data, b.data);
	proto_buf_reset(&a);
	proto_buf_reset(&b);
	assert_int_equal(proto_write_err(&a, PROTO_JSON, 0, "x", "illegal-move", long_text, "R"),
	                 0);
	assert_int_equal(proto_write_err(&b, PROTO_JSON, 40, "x", "illegal-move", long_text, "R"),
	                 0);
	assert_string_equal(a.data, b.data);
	/* a notification is one frame: never cut (it has no width to obey) */
	proto_buf_reset(&a);
	cJSON_AddStringToObject(ev, "event", "moved");
	cJSON_AddStringToObject(ev, "text", long_text);
	assert_int_equal(proto_write_event(&a, PROTO_TEXT, 3, ev), 0);
	assert_int_equal(strchr(a.data, '\n') - a.data, (long)strlen(a.data) - 1);
	proto_buf_release(&a);
	proto_buf_release(&b);
	cJSON_Delete(ev);
	cJSON_Delete(d);
}

/* A tag and code wider than the screen cannot shrink; a width below the minimum counts as it. */
static void test_limits(void **state)
{
	char tag[65], want[128];
	struct proto_buf b = PROTO_BUF_INIT;

	(void)state;
	memset(tag, 't', 64);
	tag[64] = '\0';
	assert_int_equal(proto_write_err(&b, PROTO_TEXT, 40, tag, "not-your-turn",
	                                 "the game waits for blue", NULL),
	                 0);
	snprintf(want, sizeof(want), "  the game waits for blue\n@%s err not-your-turn\n", tag);
	assert_string_equal(b.data, want);
	proto_buf_reset(&b);
	assert_int_equal(proto_write_err(&b, PROTO_TEXT, 5, NULL, "bad-args",
	                                 "one two three four five six", NULL),
	                 0);
	check_fits(b.data, PROTO_COLS_MIN);
	assert_string_equal(b.data, "  one two three four\n  five six\nerr bad-args\n");
	proto_buf_release(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_wrap_cut),
	    cmocka_unit_test(test_ok_fits_every_width),
	    cmocka_unit_test(test_ok_at_40_exactly),
	    cmocka_unit_test(test_err_fits_every_width),
	    cmocka_unit_test(test_err_keeps_its_sentence),
	    cmocka_unit_test(test_ok_tokens),
	    cmocka_unit_test(test_unbreakable_word),
	    cmocka_unit_test(test_what_fits_is_untouched),
	    cmocka_unit_test(test_limits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
