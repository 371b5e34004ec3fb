/*
 * lineedit.h -- the client's line editor, as a pure state machine.
 *
 * The editor takes the bytes a terminal in raw mode sends (one at a time)
 * and appends to an output buffer the bytes to write back to that terminal;
 * it never reads or writes a file descriptor itself, so it is tested
 * without a terminal.  It edits a single screen line: when prompt and text
 * are wider than the terminal, the text scrolls horizontally so the cursor
 * stays visible.
 *
 * Invariants: buf holds the line being edited (UTF-8 as typed; invalid
 * input bytes are dropped, so buf is always valid UTF-8 and holds no
 * control characters); 0 <= pos <= buf.len and pos is on a code point
 * boundary; scroll <= pos is the first byte shown after the prompt.
 * Display widths: ASCII and most scripts 1 column, East Asian wide and
 * emoji 2, combining marks and zero-width characters 0; the cursor moves
 * over a character together with the combining marks that follow it.
 *
 * Keys:
 *   printable / UTF-8   insert at the cursor
 *   Enter (CR or LF)    accept the line (returns CLI_LE_LINE)
 *   Backspace, ^H       delete the character before the cursor
 *   Delete, ^D          delete the character under the cursor;
 *                       ^D on an empty line returns CLI_LE_EOF
 *   Left/Right, ^B/^F   move one character
 *   ^Left/^Right, M-b/M-f   move one word
 *   Home/End, ^A/^E     start / end of line
 *   ^U / ^K             delete to start / to end of line
 *   ^W                  delete the word before the cursor
 *   ^L                  clear the screen and redraw
 *   Up/Down, ^P/^N      walk the history (the line being typed is kept
 *                       and comes back after the newest entry)
 *   ^C                  cancel the line; on an empty line returns
 *                       CLI_LE_INTERRUPT
 * Other control bytes and unknown escape sequences are ignored.
 *
 * Output written by the editor uses "\r\n" line ends (the terminal's output
 * processing may be off), "\x1b[0K" to clear to the end of line and
 * "\x1b[<n>C" to place the cursor.
 */
#ifndef CLI_LINEEDIT_H
#define CLI_LINEEDIT_H

#include <stddef.h>

#include "history.h"
#include "protocol/buf.h"

enum cli_le_event {
	CLI_LE_NONE = 0,  /* keep feeding */
	CLI_LE_LINE,      /* a line was accepted: see cli_le_accepted() */
	CLI_LE_EOF,       /* ^D on an empty line */
	CLI_LE_INTERRUPT, /* ^C on an empty line */
};

struct cli_le {
	struct proto_buf buf;      /* the line being edited */
	size_t pos;                /* cursor, byte offset into buf */
	size_t scroll;             /* first byte of buf shown */
	const char *prompt;        /* not owned; must outlive the editor */
	size_t prompt_width;       /* display columns of prompt */
	unsigned cols;             /* terminal width (>= 1) */
	int shown;                 /* 1 while prompt and line are on screen */
	int secret;                /* the line is a password: never drawn, no history */
	struct cli_history *hist;  /* not owned; may be NULL */
	size_t hback;              /* steps back into the history; 0 = new line */
	struct proto_buf saved;    /* the new line while browsing the history */
	struct proto_buf accepted; /* the last accepted line */
	/* key decoder */
	int esc;            /* escape-sequence state */
	char esc_param[16]; /* CSI parameter bytes */
	size_t esc_len;
	unsigned char u8[4]; /* UTF-8 sequence being assembled */
	size_t u8_have, u8_need;
};

/*
 * Initialises the editor with a prompt (borrowed, printable, one line) and
 * an optional history (borrowed).  The terminal is assumed 80 columns wide
 * until cli_le_set_cols().  Nothing is drawn until cli_le_show().
 */
void cli_le_init(struct cli_le *le, const char *prompt, struct cli_history *hist);
/* Frees the editor's buffers (not the history). */
void cli_le_release(struct cli_le *le);
/*
 * Changes the prompt (borrowed, as for cli_le_init) and starts a fresh, empty
 * line; with secret set, what is typed is not drawn and the history keys do
 * nothing until the next cli_le_set_prompt (a password).  Redraws if shown.
 */
void cli_le_set_prompt(struct cli_le *le, const char *prompt, int secret, struct proto_buf *out);
/* Overwrites the line, the last accepted line and the saved line with zeros (after a
 * secret was taken). */
void cli_le_wipe(struct cli_le *le);
/* Sets the terminal width; if the line is shown, appends a redraw to out. */
void cli_le_set_cols(struct cli_le *le, unsigned cols, struct proto_buf *out);
/*
 * Feeds one byte typed by the user; appends the terminal output it causes
 * to out.  Returns what happened (see enum cli_le_event).  After
 * CLI_LE_LINE the editor has already moved to a fresh, empty prompt on the
 * next screen line; the accepted line is not added to the history (the
 * caller decides, see cli_history_add).
 */
enum cli_le_event cli_le_feed(struct cli_le *le, unsigned char c, struct proto_buf *out);
/* The last accepted line (NUL-terminated, without "\n"), valid until the next feed. */
const char *cli_le_accepted(const struct cli_le *le, size_t *len);
/* The line currently being edited (NUL-terminated), valid until the next feed. */
const char *cli_le_line(const struct cli_le *le, size_t *len);
/* The cursor's byte offset into cli_le_line(). */
size_t cli_le_cursor(const struct cli_le *le);
/*
 * Prints one line of other output (len bytes, no "\n"; the caller has made
 * it safe for a terminal) above the edited line: clears the edited line,
 * writes the text and "\r\n", then redraws prompt, line and cursor if the
 * line is shown.
 */
void cli_le_print_above(struct cli_le *le, const char *text, size_t len, struct proto_buf *out);
/* Draws prompt, line and cursor, and marks the line shown. */
void cli_le_show(struct cli_le *le, struct proto_buf *out);
/* Erases the prompt line (cursor to column 0) and marks the line hidden. */
void cli_le_hide(struct cli_le *le, struct proto_buf *out);

/* The display width of the UTF-8 text s[0..len) in terminal columns. */
size_t cli_utf8_width(const char *s, size_t len);

#endif
