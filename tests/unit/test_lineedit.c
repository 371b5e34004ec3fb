/*
 * test_lineedit.c -- the client's line editor and history as pure code:
 * key bytes in, line, cursor, history and terminal output out (no terminal).
 * client/history.c is compiled into this test with UNIT_TESTING, so its
 * allocations go through cmocka's allocators and leaks fail the test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "client/history.h"
#include "client/lineedit.h"

struct fixture {
	struct cli_le le;
	struct cli_history hist;
	struct proto_buf out;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (f == NULL)
		return -1;
	cli_history_init(&f->hist, 10);
	cli_le_init(&f->le, "> ", &f->hist);
	proto_buf_init(&f->out);
	cli_le_show(&f->le, &f->out);
	proto_buf_reset(&f->out);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	cli_le_release(&f->le);
	cli_history_release(&f->hist);
	proto_buf_release(&f->out);
	free(f);
	return 0;
}

/* Feeds the bytes of keys; returns the last non-NONE event (or NONE). */
static enum cli_le_event type(struct fixture *f, const char *keys)
{
	enum cli_le_event ev = CLI_LE_NONE, e;

	for (; *keys != '\0'; keys++) {
		e = cli_le_feed(&f->le, (unsigned char)*keys, &f->out);
		if (e != CLI_LE_NONE)
			ev = e;
	}
	return ev;
}

static void assert_line(struct fixture *f, const char *line, size_t cursor)
{
	size_t len;

	assert_string_equal(cli_le_line(&f->le, &len), line);
	assert_int_equal(len, strlen(line));
	assert_int_equal(cli_le_cursor(&f->le), cursor);
}

/* The output ends with exactly this redraw. */
static void assert_redraw_ends(struct fixture *f, const char *tail)
{
	size_t n = strlen(tail);

	assert_true(f->out.len >= n);
	assert_string_equal(f->out.data + f->out.len - n, tail);
}

static void test_insert_and_redraw(void **state)
{
	struct fixture *f = *state;

	type(f, "a");
	assert_line(f, "a", 1);
	assert_string_equal(f->out.data, "\r> a\x1b[0K\r\x1b[3C");
	type(f, "bc");
	assert_line(f, "abc", 3);
	assert_redraw_ends(f, "\r> abc\x1b[0K\r\x1b[5C");
}

static void test_cursor_movement(void **state)
{
	struct fixture *f = *state;

	type(f, "hello");
	type(f, "\x1b[D\x1b[D");
	assert_line(f, "hello", 3);
	assert_redraw_ends(f, "\r> hello\x1b[0K\r\x1b[5C");
	type(f, "\x01"); /* ^A */
	assert_int_equal(cli_le_cursor(&f->le), 0);
	assert_redraw_ends(f, "\r> hello\x1b[0K\r\x1b[2C");
	type(f, "\x05"); /* ^E */
	assert_int_equal(cli_le_cursor(&f->le), 5);
	type(f, "\x1b[H");
	assert_int_equal(cli_le_cursor(&f->le), 0);
	type(f, "\x1b[F");
	assert_int_equal(cli_le_cursor(&f->le), 5);
	type(f, "\x1b[1~");
	assert_int_equal(cli_le_cursor(&f->le), 0);
	type(f, "\x1b[4~");
	assert_int_equal(cli_le_cursor(&f->le), 5);
	type(f, "\x1bOH");
	assert_int_equal(cli_le_cursor(&f->le), 0);
	type(f, "\x1bOF");
	assert_int_equal(cli_le_cursor(&f->le), 5);
	type(f, "\x02\x02"); /* ^B ^B */
	assert_int_equal(cli_le_cursor(&f->le), 3);
	type(f, "\x06"); /* ^F */
	assert_int_equal(cli_le_cursor(&f->le), 4);
	type(f, "\x1b[C\x1b[C\x1b[C"); /* right past the end stays at the end */
	assert_int_equal(cli_le_cursor(&f->le), 5);
	type(f, "\x1bOD");
	assert_int_equal(cli_le_cursor(&f->le), 4);
}

static void test_word_movement(void **state)
{
	struct fixture *f = *state;

	type(f, "move  A12 B13");
	type(f, "\x1b[1;5D");
	assert_int_equal(cli_le_cursor(&f->le), 10);
	type(f, "\x1b"
	        "b");
	assert_int_equal(cli_le_cursor(&f->le), 6);
	type(f, "\x1b"
	        "b");
	assert_int_equal(cli_le_cursor(&f->le), 0);
	type(f, "\x1b"
	        "f");
	assert_int_equal(cli_le_cursor(&f->le), 4);
	type(f, "\x1b[1;5C");
	assert_int_equal(cli_le_cursor(&f->le), 9);
}

static void test_insert_in_the_middle_and_delete(void **state)
{
	struct fixture *f = *state;

	type(f, "pong");
	type(f, "\x01\x1b[C");
	type(f, "i");
	assert_line(f, "piong", 2);
	type(f, "\x1b[3~"); /* Delete: the 'o' under the cursor */
	assert_line(f, "ping", 2);
	type(f, "\x7f"); /* Backspace */
	assert_line(f, "png", 1);
	type(f, "\x08"); /* ^H */
	assert_line(f, "ng", 0);
	type(f, "\x7f"); /* at the start: nothing */
	assert_line(f, "ng", 0);
	type(f, "\x04"); /* ^D on a non-empty line deletes under the cursor */
	assert_line(f, "g", 0);
	type(f, "\x05\x04"); /* at the end: nothing */
	assert_line(f, "g", 1);
}

static void test_kill_keys(void **state)
{
	struct fixture *f = *state;

	type(f, "say hello there");
	type(f, "\x17"); /* ^W */
	assert_line(f, "say hello ", 10);
	type(f, "\x17");
	assert_line(f, "say ", 4);
	type(f, "you");
	type(f, "\x1b[D\x1b[D");
	type(f, "\x0b"); /* ^K */
	assert_line(f, "say y", 5);
	type(f, "\x1b[D\x1b[D");
	type(f, "\x15"); /* ^U */
	assert_line(f, " y", 0);
	type(f, "\x05\x1b\x7f"); /* M-Backspace */
	assert_line(f, " ", 1);
}

static void test_enter_accepts(void **state)
{
	struct fixture *f = *state;
	size_t len;

	type(f, "view");
	type(f, "\x01");
	proto_buf_reset(&f->out);
	assert_int_equal(type(f, "\r"), CLI_LE_LINE);
	assert_string_equal(cli_le_accepted(&f->le, &len), "view");
	assert_int_equal(len, 4);
	assert_line(f, "", 0);
	/* the cursor goes after the text, the screen line ends, a fresh prompt follows */
	assert_string_equal(f->out.data, "\r> view\x1b[0K\r\x1b[6C\r\n\r> \x1b[0K\r\x1b[2C");
	/* not added to the history by the editor */
	assert_int_equal(cli_history_count(&f->hist), 0);
	assert_int_equal(type(f, "\n"), CLI_LE_LINE);
	assert_string_equal(cli_le_accepted(&f->le, NULL), "");
}

static void test_ctrl_c_and_ctrl_d(void **state)
{
	struct fixture *f = *state;

	type(f, "oops");
	proto_buf_reset(&f->out);
	assert_int_equal(type(f, "\x03"), CLI_LE_NONE);
	assert_line(f, "", 0);
	assert_non_null(strstr(f->out.data, "oops\x1b[0K\r\x1b[6C^C\r\n"));
	assert_int_equal(type(f, "\x03"), CLI_LE_INTERRUPT);
	assert_int_equal(type(f, "\x04"), CLI_LE_EOF);
}

static void test_clear_screen(void **state)
{
	struct fixture *f = *state;

	type(f, "ab");
	proto_buf_reset(&f->out);
	type(f, "\x0c");
	assert_string_equal(f->out.data, "\x1b[H\x1b[2J\r> ab\x1b[0K\r\x1b[4C");
}

static void test_utf8_cursor(void **state)
{
	struct fixture *f = *state;

	type(f, "h\xc3\xa9!"); /* hé! */
	assert_line(f, "h\xc3\xa9!", 4);
	type(f, "\x1b[D");
	assert_int_equal(cli_le_cursor(&f->le), 3);
	type(f, "\x1b[D");
	assert_int_equal(cli_le_cursor(&f->le), 1); /* over both bytes of é */
	assert_redraw_ends(f, "\r> h\xc3\xa9!\x1b[0K\r\x1b[3C");
	type(f, "\x1b[C\x7f");
	assert_line(f, "h!", 1);
}

static void test_utf8_wide_and_combining(void **state)
{
	struct fixture *f = *state;

	/* 日本 are two columns each; e + U+0301 is one column, one character */
	type(f, "\xe6\x97\xa5\xe6\x9c\xac"
	        "e\xcc\x81");
	assert_int_equal(cli_le_cursor(&f->le), 9);
	assert_redraw_ends(f, "\x1b[0K\r\x1b[7C"); /* 2 + 4 + 1 */
	type(f, "\x1b[D");
	assert_int_equal(cli_le_cursor(&f->le), 6); /* before the e, not between e and accent */
	assert_redraw_ends(f, "\x1b[0K\r\x1b[6C");
	type(f, "\x1b[D");
	assert_int_equal(cli_le_cursor(&f->le), 3);
	assert_redraw_ends(f, "\x1b[0K\r\x1b[4C");
	type(f, "\x7f");
	assert_line(f,
	            "\xe6\x9c\xac"
	            "e\xcc\x81",
	            0);
	type(f, "\x04"); /* deletes 本 */
	type(f, "\x04"); /* deletes e and its accent together */
	assert_line(f, "", 0);
	assert_int_equal(cli_utf8_width("\xf0\x9f\x8e\xb2 a", 6), 4); /* 🎲 is wide */
}

static void test_utf8_invalid_input_dropped(void **state)
{
	struct fixture *f = *state;

	type(f, "a\xff"
	        "b"); /* never valid */
	type(f, "\x80"
	        "c"); /* stray continuation */
	type(f, "\xc0\x80"
	        "d"); /* overlong NUL */
	type(f, "\xe0\x80\x80"
	        "e"); /* overlong */
	type(f, "\xed\xa0\x80"
	        "f"); /* surrogate */
	type(f, "\xc2\x9b"
	        "g"); /* C1 control (CSI) */
	type(f, "\xe6\x97"
	        "h"); /* truncated by an ASCII byte */
	type(f, "\x07\x09\x1a"
	        "i"); /* BEL, TAB, ^Z ignored */
	assert_line(f, "abcdefghi", 9);
}

static void test_unknown_escapes_ignored(void **state)
{
	struct fixture *f = *state;

	type(f, "ab");
	proto_buf_reset(&f->out);
	type(f, "\x1b[200~");                  /* bracketed paste start */
	type(f, "\x1b[12;34;56;78;90;12;34Z"); /* long parameters */
	type(f, "\x1bOP");                     /* F1 */
	type(f, "\x1bx");                      /* M-x */
	assert_line(f, "ab", 2);
	assert_int_equal(f->out.len, 0);
	type(f, "c");
	assert_line(f, "abc", 3);
}

static void test_history_walk(void **state)
{
	struct fixture *f = *state;

	cli_history_add(&f->hist, "first", 5, 1);
	cli_history_add(&f->hist, "second", 6, 1);
	type(f, "draft");
	type(f, "\x1b[A");
	assert_line(f, "second", 6);
	assert_redraw_ends(f, "\r> second\x1b[0K\r\x1b[8C");
	type(f, "\x10"); /* ^P */
	assert_line(f, "first", 5);
	type(f, "\x1b[A"); /* at the oldest: stays */
	assert_line(f, "first", 5);
	type(f, "\x1b[B");
	assert_line(f, "second", 6);
	type(f, "\x0e"); /* ^N: back to the draft */
	assert_line(f, "draft", 5);
	type(f, "\x1b[B"); /* already on the new line: stays */
	assert_line(f, "draft", 5);
	/* an accepted line resets the walk */
	type(f, "\x1b[A\r");
	assert_string_equal(cli_le_accepted(&f->le, NULL), "second");
	type(f, "\x1b[A");
	assert_line(f, "second", 6);
	cli_history_release(&f->hist); /* cmocka checks for leaks before teardown */
}

static void test_history_without_history(void **state)
{
	struct cli_le le;
	struct proto_buf out = PROTO_BUF_INIT;

	cli_le_init(&le, "$ ", NULL);
	cli_le_feed(&le, 0x10, &out);
	cli_le_feed(&le, 'x', &out);
	assert_string_equal(cli_le_line(&le, NULL), "x");
	assert_int_equal(out.len, 0); /* never shown: nothing drawn */
	cli_le_release(&le);
	proto_buf_release(&out);
}

static void test_print_above(void **state)
{
	struct fixture *f = *state;

	type(f, "mov");
	type(f, "\x1b[D");
	proto_buf_reset(&f->out);
	cli_le_print_above(&f->le, "* your-turn game=3", 18, &f->out);
	assert_string_equal(f->out.data, "\r\x1b[0K* your-turn game=3\r\n\r> mov\x1b[0K\r\x1b[4C");
	assert_line(f, "mov", 2);

	proto_buf_reset(&f->out);
	cli_le_hide(&f->le, &f->out);
	assert_string_equal(f->out.data, "\r\x1b[0K");
	proto_buf_reset(&f->out);
	cli_le_print_above(&f->le, "ok", 2, &f->out);
	assert_string_equal(f->out.data, "ok\r\n");
	proto_buf_reset(&f->out);
	cli_le_show(&f->le, &f->out);
	assert_string_equal(f->out.data, "\r> mov\x1b[0K\r\x1b[4C");
}

static void test_horizontal_scroll(void **state)
{
	struct fixture *f = *state;
	char line[40];

	/* 12 columns: "> " leaves 9 columns of text (one kept free for the cursor) */
	cli_le_set_cols(&f->le, 12, &f->out);
	strcpy(line, "abcdefghijklmnopqrstuvwxyz");
	type(f, line);
	assert_redraw_ends(f, "\r> rstuvwxyz\x1b[0K\r\x1b[11C");
	type(f, "\x01");
	assert_redraw_ends(f, "\r> abcdefghi\x1b[0K\r\x1b[2C");
	type(f, "\x1b[C\x1b[C");
	assert_redraw_ends(f, "\r> abcdefghi\x1b[0K\r\x1b[4C");
	type(f, "\x05\x1b[D\x1b[D\x1b[D");
	assert_redraw_ends(f, "\r> rstuvwxyz\x1b[0K\r\x1b[8C");
	/* widening the terminal redraws the whole line */
	proto_buf_reset(&f->out);
	cli_le_set_cols(&f->le, 80, &f->out);
	assert_string_equal(f->out.data, "\r> abcdefghijklmnopqrstuvwxyz\x1b[0K\r\x1b[25C");
	/* wide characters never split at the edge */
	type(f, "\x15\x0b");
	cli_le_set_cols(&f->le, 8, &f->out);             /* 5 columns of text */
	type(f, "\xe6\x97\xa5\xe6\x97\xa5\xe6\x97\xa5"); /* 日日日 = 6 columns */
	assert_redraw_ends(f, "\r> \xe6\x97\xa5\xe6\x97\xa5\x1b[0K\r\x1b[6C");
}

static void test_history_cap_and_dups(void **state)
{
	struct cli_history h;
	char line[16];
	int i;

	cli_history_init(&h, CLI_HISTORY_MAX);
	for (i = 0; i < CLI_HISTORY_MAX + 20; i++) {
		snprintf(line, sizeof(line), "cmd %d", i);
		assert_int_equal(cli_history_add(&h, line, strlen(line), 1), 0);
	}
	assert_int_equal(cli_history_count(&h), CLI_HISTORY_MAX);
	assert_string_equal(cli_history_get(&h, 0), "cmd 20");
	assert_string_equal(cli_history_get(&h, CLI_HISTORY_MAX - 1), "cmd 519");
	assert_null(cli_history_get(&h, CLI_HISTORY_MAX));
	cli_history_add(&h, "cmd 519", 7, 1);
	cli_history_add(&h, "", 0, 1);
	cli_history_add(&h, "two\nlines", 9, 1);
	assert_int_equal(cli_history_count(&h), CLI_HISTORY_MAX);
	cli_history_release(&h);
	assert_int_equal(cli_history_count(&h), 0);
}

static void test_history_file(void **state)
{
	char dir[] = "/tmp/wg-hist-XXXXXX";
	char path[128], bad[160], text[256];
	struct cli_history h, back;
	FILE *f;
	size_t n;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/hist", dir);
	snprintf(bad, sizeof(bad), "%s/no/such/dir/hist", dir);

	cli_history_init(&h, 3);
	cli_history_add(&h, "ping", 4, 1);
	cli_history_add(&h, "login bob pw", 12, 0);
	cli_history_add(&h, "view", 4, 1);
	cli_history_add(&h, "log 5", 5, 1);
	assert_int_equal(cli_history_save(&h, path), 0);
	assert_int_equal(cli_history_save(&h, bad), -1); /* unwritable: reported, harmless */

	f = fopen(path, "r");
	assert_non_null(f);
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = '\0';
	fclose(f);
	assert_string_equal(text, "view\nlog 5\n"); /* ping dropped by the cap, login never saved */

	cli_history_init(&back, 3);
	cli_history_add(&back, "earlier", 7, 1);
	assert_int_equal(cli_history_load(&back, path), 0);
	assert_int_equal(cli_history_count(&back), 3);
	assert_string_equal(cli_history_get(&back, 0), "earlier");
	assert_string_equal(cli_history_get(&back, 2), "log 5");
	assert_int_equal(cli_history_load(&back, bad), -1);

	cli_history_release(&h);
	cli_history_release(&back);
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_insert_and_redraw, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_cursor_movement, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_word_movement, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_insert_in_the_middle_and_delete, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_kill_keys, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_enter_accepts, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_ctrl_c_and_ctrl_d, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_clear_screen, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_utf8_cursor, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_utf8_wide_and_combining, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_utf8_invalid_input_dropped, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_unknown_escapes_ignored, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_history_walk, setup, teardown),
	    cmocka_unit_test(test_history_without_history),
	    cmocka_unit_test_setup_teardown(test_print_above, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_horizontal_scroll, setup, teardown),
	    cmocka_unit_test(test_history_cap_and_dups),
	    cmocka_unit_test(test_history_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
