/*
 * lineedit.c -- the client's line editor (see lineedit.h for the keys and
 * the invariants).
 *
 * Key decoder states (le->esc), one transition per input byte:
 *
 *   NONE --ESC--> ESC --'['--> CSI --param bytes (0x20..0x3f)--> CSI
 *                  |                  \--final byte (0x40..0x7e)--> NONE, run_csi()
 *                  |--'O'--> SS3 --any--> NONE, run_ss3()
 *                  +--other--> NONE, run_meta()   (Alt/Meta + key)
 *
 * A UTF-8 lead byte (0xc2..0xf4) starts a multi-byte character that is
 * inserted once its continuation bytes have arrived (u8_have == u8_need);
 * anything else in between drops the partial character.
 *
 * Every edit ends with refresh(), which redraws the whole screen line:
 * "\r" prompt visible-text "\x1b[0K" "\r" "\x1b[<col>C".
 */
#include "lineedit.h"

#include <stdint.h>
#include <string.h>

enum {
	ESC_NONE = 0,
	ESC_ESC,
	ESC_CSI,
	ESC_SS3,
};

/* Decodes the code point at s[0..len) (valid UTF-8); returns its byte length. */
static size_t utf8_decode(const char *s, size_t len, uint32_t *cp)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n, i;

	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	if (p[0] >= 0xf0) {
		n = 4;
		*cp = p[0] & 0x07;
	} else if (p[0] >= 0xe0) {
		n = 3;
		*cp = p[0] & 0x0f;
	} else if (p[0] >= 0xc0) {
		n = 2;
		*cp = p[0] & 0x1f;
	} else {
		*cp = 0xfffd; /* stray continuation byte: one column */
		return 1;
	}
	if (n > len)
		n = len;
	for (i = 1; i < n; i++)
		*cp = (*cp << 6) | (p[i] & 0x3f);
	return n;
}

/* Display columns of one code point. */
static unsigned cp_width(uint32_t cp)
{
	static const uint32_t zero[][2] = {
	    {0x0300, 0x036f}, {0x0483, 0x0489},   {0x0591, 0x05bd}, {0x0610, 0x061a},
	    {0x064b, 0x065f}, {0x0e31, 0x0e31},   {0x0e34, 0x0e3a}, {0x1ab0, 0x1aff},
	    {0x1dc0, 0x1dff}, {0x200b, 0x200f},   {0x20d0, 0x20ff}, {0xfe00, 0xfe0f},
	    {0xfe20, 0xfe2f}, {0xe0100, 0xe01ef},
	};
	static const uint32_t wide[][2] = {
	    {0x1100, 0x115f},   {0x231a, 0x231b},   {0x2329, 0x232a},   {0x23e9, 0x23ec},
	    {0x2e80, 0x303e},   {0x3041, 0x33ff},   {0x3400, 0x4dbf},   {0x4e00, 0x9fff},
	    {0xa000, 0xa4cf},   {0xa960, 0xa97f},   {0xac00, 0xd7a3},   {0xf900, 0xfaff},
	    {0xfe10, 0xfe19},   {0xfe30, 0xfe6f},   {0xff00, 0xff60},   {0xffe0, 0xffe6},
	    {0x1f300, 0x1f64f}, {0x1f900, 0x1f9ff}, {0x20000, 0x2fffd}, {0x30000, 0x3fffd},
	};
	size_t i;

	if (cp < 0x300)
		return 1;
	for (i = 0; i < sizeof(zero) / sizeof(zero[0]); i++) {
		if (cp >= zero[i][0] && cp <= zero[i][1])
			return 0;
	}
	for (i = 0; i < sizeof(wide) / sizeof(wide[0]); i++) {
		if (cp >= wide[i][0] && cp <= wide[i][1])
			return 2;
	}
	return 1;
}

size_t cli_utf8_width(const char *s, size_t len)
{
	size_t i = 0, w = 0;
	uint32_t cp;

	while (i < len) {
		i += utf8_decode(s + i, len - i, &cp);
		w += cp_width(cp);
	}
	return w;
}

/* The byte offset of the code point after the one at i (i < len). */
static size_t next_cp(const struct cli_le *le, size_t i)
{
	uint32_t cp;

	return i + utf8_decode(le->buf.data + i, le->buf.len - i, &cp);
}

/* The byte offset of the code point before i (i > 0). */
static size_t prev_cp(const struct cli_le *le, size_t i)
{
	do
		i--;
	while (i > 0 && ((unsigned char)le->buf.data[i] & 0xc0) == 0x80);
	return i;
}

/* Width of the code point at i (i < len). */
static unsigned width_at(const struct cli_le *le, size_t i)
{
	uint32_t cp;

	utf8_decode(le->buf.data + i, le->buf.len - i, &cp);
	return cp_width(cp);
}

/* The end of the character at i: its code point plus following zero-width ones. */
static size_t next_char(const struct cli_le *le, size_t i)
{
	if (i >= le->buf.len)
		return le->buf.len;
	i = next_cp(le, i);
	while (i < le->buf.len && width_at(le, i) == 0)
		i = next_cp(le, i);
	return i;
}

/* The start of the character before i (skipping back over combining marks). */
static size_t prev_char(const struct cli_le *le, size_t i)
{
	if (i == 0)
		return 0;
	do
		i = prev_cp(le, i);
	while (i > 0 && width_at(le, i) == 0);
	return i;
}

static int is_space(const struct cli_le *le, size_t i)
{
	return le->buf.data[i] == ' ' || le->buf.data[i] == '\t';
}

/* Start of the word before i: skip spaces backwards, then the word. */
static size_t word_left(const struct cli_le *le, size_t i)
{
	while (i > 0 && is_space(le, i - 1))
		i--;
	while (i > 0 && !is_space(le, i - 1))
		i = prev_char(le, i);
	return i;
}

/* End of the word after i: skip spaces forwards, then the word. */
static size_t word_right(const struct cli_le *le, size_t i)
{
	while (i < le->buf.len && is_space(le, i))
		i++;
	while (i < le->buf.len && !is_space(le, i))
		i = next_char(le, i);
	return i;
}

/* Redraws prompt, visible part of the line and cursor (only while shown). */
static void refresh(struct cli_le *le, struct proto_buf *out)
{
	const char *s = le->buf.data != NULL ? le->buf.data : "";
	size_t avail, end, w, cw, n, col;

	if (!le->shown)
		return;
	avail = le->cols > le->prompt_width + 1 ? le->cols - le->prompt_width - 1 : 1;
	if (le->scroll > le->pos || cli_utf8_width(s, le->pos) <= avail)
		le->scroll = 0;
	while (le->scroll < le->pos && cli_utf8_width(s + le->scroll, le->pos - le->scroll) > avail)
		le->scroll = next_cp(le, le->scroll);
	end = le->scroll;
	w = 0;
	while (end < le->buf.len) {
		n = next_cp(le, end);
		cw = cli_utf8_width(s + end, n - end);
		if (w + cw > avail)
			break;
		w += cw;
		end = n;
	}
	if (le->secret)
		end = le->scroll = le->pos = le->buf.len; /* nothing of a password is drawn */
	proto_buf_adds(out, "\r");
	proto_buf_adds(out, le->prompt);
	proto_buf_add(out, s + le->scroll, end - le->scroll);
	proto_buf_adds(out, "\x1b[0K\r");
	col = le->prompt_width + cli_utf8_width(s + le->scroll, le->pos - le->scroll);
	if (col > 0)
		proto_buf_addf(out, "\x1b[%zuC", col);
}

/* Replaces buf[from..to) with data[0..n); the cursor goes to from + n. */
static int splice(struct cli_le *le, size_t from, size_t to, const char *data, size_t n)
{
	size_t tail = le->buf.len - to;

	if (n > to - from && proto_buf_grow(&le->buf, n - (to - from)) != 0)
		return -1;
	if (le->buf.data == NULL)
		return 0; /* nothing to do on an empty, never-grown buffer */
	memmove(le->buf.data + from + n, le->buf.data + to, tail);
	if (n > 0)
		memcpy(le->buf.data + from, data, n);
	le->buf.len = from + n + tail;
	le->buf.data[le->buf.len] = '\0';
	le->pos = from + n;
	return 0;
}

/* Replaces the whole line (history recall). */
static void set_line(struct cli_le *le, const char *s, size_t n)
{
	proto_buf_reset(&le->buf);
	proto_buf_add(&le->buf, s, n);
	le->pos = le->buf.len;
	le->scroll = 0;
}

static void history_move(struct cli_le *le, int up)
{
	size_t count = le->hist != NULL && !le->secret ? cli_history_count(le->hist) : 0;
	const char *s;

	if (up) {
		if (le->hback >= count)
			return;
		if (le->hback == 0) {
			proto_buf_reset(&le->saved);
			proto_buf_add(&le->saved, le->buf.data != NULL ? le->buf.data : "",
			              le->buf.len);
		}
		le->hback++;
	} else {
		if (le->hback == 0)
			return;
		le->hback--;
	}
	if (le->hback == 0) {
		set_line(le, le->saved.data != NULL ? le->saved.data : "", le->saved.len);
	} else {
		s = cli_history_get(le->hist, count - le->hback);
		set_line(le, s, strlen(s));
	}
}

/* Empties the line for a fresh prompt. */
static void reset_line(struct cli_le *le)
{
	proto_buf_reset(&le->buf);
	le->pos = 0;
	le->scroll = 0;
	le->hback = 0;
}

/* Finishes the current screen line (cursor after the text, then "suffix\r\n"). */
static void finish_screen_line(struct cli_le *le, const char *suffix, struct proto_buf *out)
{
	if (!le->shown)
		return;
	le->pos = le->buf.len;
	refresh(le, out);
	proto_buf_adds(out, suffix);
	proto_buf_adds(out, "\r\n");
}

static void run_csi(struct cli_le *le, char final, struct proto_buf *out)
{
	const char *p = le->esc_param;
	int ctrl = strcmp(p, "1;5") == 0 || strcmp(p, "5") == 0 || strcmp(p, "1;3") == 0;

	switch (final) {
	case 'A':
		history_move(le, 1);
		break;
	case 'B':
		history_move(le, 0);
		break;
	case 'C':
		le->pos = ctrl ? word_right(le, le->pos) : next_char(le, le->pos);
		break;
	case 'D':
		le->pos = ctrl ? word_left(le, le->pos) : prev_char(le, le->pos);
		break;
	case 'H':
		le->pos = 0;
		break;
	case 'F':
		le->pos = le->buf.len;
		break;
	case '~':
		if (strcmp(p, "1") == 0 || strcmp(p, "7") == 0)
			le->pos = 0;
		else if (strcmp(p, "4") == 0 || strcmp(p, "8") == 0)
			le->pos = le->buf.len;
		else if (strcmp(p, "3") == 0)
			splice(le, le->pos, next_char(le, le->pos), NULL, 0);
		else
			return; /* other function keys: ignored */
		break;
	default:
		return; /* unknown: no redraw */
	}
	refresh(le, out);
}

static void run_ss3(struct cli_le *le, unsigned char c, struct proto_buf *out)
{
	switch (c) {
	case 'A':
	case 'B':
	case 'C':
	case 'D':
	case 'H':
	case 'F':
		run_csi(le, (char)c, out);
		break;
	default:
		break;
	}
}

static void run_meta(struct cli_le *le, unsigned char c, struct proto_buf *out)
{
	switch (c) {
	case 'b':
		le->pos = word_left(le, le->pos);
		break;
	case 'f':
		le->pos = word_right(le, le->pos);
		break;
	case 0x7f: /* M-Backspace */
		splice(le, word_left(le, le->pos), le->pos, NULL, 0);
		break;
	default:
		return;
	}
	refresh(le, out);
}

/* Inserts the assembled UTF-8 character if it is a valid, printable one. */
static void insert_utf8(struct cli_le *le, struct proto_buf *out)
{
	static const uint32_t min[] = {0, 0, 0x80, 0x800, 0x10000};
	size_t n = le->u8_need, i;
	uint32_t cp = le->u8[0] & (0xffu >> (n + 1));

	for (i = 1; i < n; i++)
		cp = (cp << 6) | (le->u8[i] & 0x3f);
	le->u8_need = 0;
	le->u8_have = 0;
	if (cp < min[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ||
	    (cp >= 0x80 && cp <= 0x9f))
		return; /* overlong, out of range, surrogate or C1 control */
	if (splice(le, le->pos, le->pos, (const char *)le->u8, n) == 0)
		refresh(le, out);
}

enum cli_le_event cli_le_feed(struct cli_le *le, unsigned char c, struct proto_buf *out)
{
	char ch = (char)c;

	switch (le->esc) {
	case ESC_ESC:
		if (c == '[') {
			le->esc = ESC_CSI;
			le->esc_len = 0;
			le->esc_param[0] = '\0';
		} else if (c == 'O') {
			le->esc = ESC_SS3;
		} else {
			le->esc = ESC_NONE;
			run_meta(le, c, out);
		}
		return CLI_LE_NONE;
	case ESC_CSI:
		if (c >= 0x20 && c <= 0x3f) {
			if (le->esc_len + 1 < sizeof(le->esc_param)) {
				le->esc_param[le->esc_len++] = ch;
				le->esc_param[le->esc_len] = '\0';
			}
			return CLI_LE_NONE;
		}
		le->esc = ESC_NONE;
		if (c >= 0x40 && c <= 0x7e)
			run_csi(le, ch, out);
		return CLI_LE_NONE;
	case ESC_SS3:
		le->esc = ESC_NONE;
		run_ss3(le, c, out);
		return CLI_LE_NONE;
	default:
		break;
	}

	if (le->u8_need > 0) {
		if ((c & 0xc0) == 0x80) {
			le->u8[le->u8_have++] = c;
			if (le->u8_have == le->u8_need)
				insert_utf8(le, out);
			return CLI_LE_NONE;
		}
		le->u8_need = 0; /* broken sequence: drop it, then take c afresh */
		le->u8_have = 0;
	}
	if (c >= 0x80) {
		if (c >= 0xc2 && c <= 0xf4) {
			le->u8[0] = c;
			le->u8_have = 1;
			le->u8_need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
		}
		return CLI_LE_NONE;
	}
	if (c >= 0x20 && c < 0x7f) {
		if (splice(le, le->pos, le->pos, &ch, 1) == 0)
			refresh(le, out);
		return CLI_LE_NONE;
	}

	switch (c) {
	case '\r':
	case '\n':
		finish_screen_line(le, "", out);
		proto_buf_reset(&le->accepted);
		proto_buf_add(&le->accepted, le->buf.data != NULL ? le->buf.data : "", le->buf.len);
		reset_line(le);
		refresh(le, out);
		return CLI_LE_LINE;
	case 0x1b:
		le->esc = ESC_ESC;
		return CLI_LE_NONE;
	case 0x03: /* ^C */
		if (le->buf.len == 0)
			return CLI_LE_INTERRUPT;
		finish_screen_line(le, "^C", out);
		reset_line(le);
		break;
	case 0x04: /* ^D */
		if (le->buf.len == 0)
			return CLI_LE_EOF;
		if (le->pos < le->buf.len)
			splice(le, le->pos, next_char(le, le->pos), NULL, 0);
		break;
	case 0x7f: /* Backspace */
	case 0x08: /* ^H */
		if (le->pos > 0)
			splice(le, prev_char(le, le->pos), le->pos, NULL, 0);
		break;
	case 0x01: /* ^A */
		le->pos = 0;
		break;
	case 0x05: /* ^E */
		le->pos = le->buf.len;
		break;
	case 0x02: /* ^B */
		le->pos = prev_char(le, le->pos);
		break;
	case 0x06: /* ^F */
		le->pos = next_char(le, le->pos);
		break;
	case 0x15: /* ^U */
		splice(le, 0, le->pos, NULL, 0);
		break;
	case 0x0b: /* ^K */
		splice(le, le->pos, le->buf.len, NULL, 0);
		le->pos = le->buf.len;
		break;
	case 0x17: /* ^W */
		splice(le, word_left(le, le->pos), le->pos, NULL, 0);
		break;
	case 0x0c: /* ^L */
		if (le->shown)
			proto_buf_adds(out, "\x1b[H\x1b[2J");
		break;
	case 0x10: /* ^P */
		history_move(le, 1);
		break;
	case 0x0e: /* ^N */
		history_move(le, 0);
		break;
	default:
		return CLI_LE_NONE; /* other control bytes: ignored, no redraw */
	}
	refresh(le, out);
	return CLI_LE_NONE;
}

void cli_le_init(struct cli_le *le, const char *prompt, struct cli_history *hist)
{
	memset(le, 0, sizeof(*le));
	proto_buf_init(&le->buf);
	proto_buf_init(&le->saved);
	proto_buf_init(&le->accepted);
	le->prompt = prompt;
	le->prompt_width = cli_utf8_width(prompt, strlen(prompt));
	le->cols = 80;
	le->hist = hist;
}

void cli_le_release(struct cli_le *le)
{
	proto_buf_release(&le->buf);
	proto_buf_release(&le->saved);
	proto_buf_release(&le->accepted);
}

void cli_le_set_prompt(struct cli_le *le, const char *prompt, int secret, struct proto_buf *out)
{
	le->prompt = prompt;
	le->prompt_width = cli_utf8_width(prompt, strlen(prompt));
	le->secret = secret;
	reset_line(le);
	refresh(le, out);
}

/* Zeros b's bytes (its whole storage) and empties it. */
static void wipe_buf(struct proto_buf *b)
{
	if (b->data != NULL)
		explicit_bzero(b->data, b->cap);
	b->len = 0;
}

void cli_le_wipe(struct cli_le *le)
{
	wipe_buf(&le->buf);
	wipe_buf(&le->accepted);
	wipe_buf(&le->saved);
	le->pos = le->scroll = 0;
}

void cli_le_set_cols(struct cli_le *le, unsigned cols, struct proto_buf *out)
{
	le->cols = cols > 0 ? cols : 1;
	refresh(le, out);
}

const char *cli_le_accepted(const struct cli_le *le, size_t *len)
{
	if (len != NULL)
		*len = le->accepted.len;
	return le->accepted.data != NULL ? le->accepted.data : "";
}

const char *cli_le_line(const struct cli_le *le, size_t *len)
{
	if (len != NULL)
		*len = le->buf.len;
	return le->buf.data != NULL ? le->buf.data : "";
}

size_t cli_le_cursor(const struct cli_le *le)
{
	return le->pos;
}

void cli_le_print_above(struct cli_le *le, const char *text, size_t len, struct proto_buf *out)
{
	if (le->shown)
		proto_buf_adds(out, "\r\x1b[0K");
	proto_buf_add(out, text, len);
	proto_buf_adds(out, "\r\n");
	refresh(le, out);
}

void cli_le_show(struct cli_le *le, struct proto_buf *out)
{
	le->shown = 1;
	refresh(le, out);
}

void cli_le_hide(struct cli_le *le, struct proto_buf *out)
{
	if (le->shown)
		proto_buf_adds(out, "\r\x1b[0K");
	le->shown = 0;
}
