/*
 * textmap.h -- hex maps drawn in ASCII for people: real hex cells (the
 * flat-topped hexes of hex.h in their columns, the shifted columns half a hex
 * lower), the window of a map that fits a screen, a legend, and text wrapped
 * to a width.  Ruleset-neutral: the caller says what each cell holds (three
 * short lines) and which glyph each hexside shows (hexmap.h gives a map's
 * terrain and hexside glyphs; an engine adds its occupants).
 *
 * A cell of width w (RULES_TEXTMAP_W_MIN .. RULES_TEXTMAP_W_MAX) is five text
 * lines tall, its last line shared with the cell below it:
 *
 *        ________           line 0: the N hexside, w characters ('_')
 *       /2728 C  \          line 1: text[0], w characters
 *      /a:247/15  \         line 2: text[1], w + 2 characters
 *      \5-4-6 m   /         line 3: text[2], w + 2 characters
 *       \________/          line 4: the S hexside
 *
 * The NW, NE, SE and SW hexsides are the two slanted characters on their
 * side ('/' and '\').  A hexside with a feature is drawn with the feature's
 * glyph in place of each of its characters; a mark (a road crossing it) takes
 * the middle character of the N and S hexsides and the lower character of a
 * slanted one.  Columns are w + 2 characters apart, so neighbours share their
 * slanted hexsides; a shifted column starts two lines lower.  A window of n
 * columns and m rows is (n - 1)(w + 2) + w + 4 characters wide and 4m + 1
 * lines tall, 4m + 3 when it holds columns of both parities: every hex of the
 * window is drawn whole, the bottom row of the shifted columns included.
 *
 * Invariants: every line drawn is at most rules_textmap_width() characters,
 * without trailing spaces; nothing is drawn outside the window's hexes.
 *
 * Pure: no I/O, no globals; the drawing allocates its canvas and frees it.
 */
#ifndef RULES_TEXTMAP_H
#define RULES_TEXTMAP_H

#include <stddef.h>

#include "hex.h"

#define RULES_TEXTMAP_W_MIN 4
#define RULES_TEXTMAP_W_MAX 24
#define RULES_TEXTMAP_LINE  (RULES_TEXTMAP_W_MAX + 3) /* a cell text buffer */

/* What one window shows, and how to ask what goes in it. */
struct rules_textmap {
	const struct rules_hex_grid *grid;
	int c1, c2, r1, r2; /* printed columns and rows of the window, inclusive */
	int width;          /* w: the cell width */
	/* The text of hex: text[0] holds up to w characters, text[1] and text[2] up to w + 2
	 * (longer text is cut); all three start empty. */
	void (*cell)(void *ctx, int hex, char text[3][RULES_TEXTMAP_LINE]);
	/* The glyph of the hexside of hex toward direction dir (hex.h, 0 = N ... 5 = NW), '\0'
	 * for the plain edge, and in *mark a character drawn on it ('\0' none).  Called for
	 * every hexside of every hex of the window, off-map ones included (the same hexside
	 * seen from both of its hexes must give the same answer).  May be NULL. */
	char (*side)(void *ctx, int hex, int dir, char *mark);
	void *ctx;
};

/*
 * Draws the window t: line(lctx, text) once per text line, top to bottom (text
 * is valid during the call).  Returns 0, or -1 when the window is empty or off the
 * grid, the width out of range, or memory short (nothing is drawn then).
 */
int rules_textmap_draw(const struct rules_textmap *t, void (*line)(void *lctx, const char *text),
                       void *lctx);

/* Characters across a window of ncols columns of cells of width w. */
int rules_textmap_width(int w, int ncols);
/* Lines down a window of nrows rows; mixed: it has columns of both parities. */
int rules_textmap_height(int nrows, int mixed);
/* The most columns of width w that fit in cols characters, and the most rows that fit in
 * lines text lines (columns of both parities assumed); at least 1 each. */
int rules_textmap_fit_cols(int w, int cols);
int rules_textmap_fit_rows(int lines);

/*
 * The window of ncols x nrows hexes around hex (centred on it as far as the grid
 * allows: a window that would cross an edge is moved back inside, one larger than
 * the grid is the whole grid): *c1..*c2, *r1..*r2 printed columns and rows.
 */
void rules_textmap_around(const struct rules_hex_grid *g, int hex, int ncols, int nrows, int *c1,
                          int *c2, int *r1, int *r2);

/*
 * A legend: entries "<glyph> <meaning>" gathered under headings ("terrain:",
 * "hexsides:") and written as one paragraph in lines of at most cols
 * characters: each heading (in the order of its first entry) followed by its
 * entries joined by ", ", headings separated by "; ", lines broken between
 * entries and indented after the first.  Fixed size: entries past
 * RULES_LEGEND_MAX are dropped.  Zero it (or rules_legend_init) before use.
 */
#define RULES_LEGEND_MAX 48
struct rules_legend {
	int n;
	struct {
		char heading[16];
		char text[64];
	} e[RULES_LEGEND_MAX];
};

void rules_legend_init(struct rules_legend *lg);
/* Adds "text" under heading (printf-formatted), unless the same entry is there. */
void rules_legend_add(struct rules_legend *lg, const char *heading, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Writes the legend in lines of at most cols characters. */
void rules_legend_lines(const struct rules_legend *lg, int cols,
                        void (*line)(void *lctx, const char *text), void *lctx);

/*
 * Writes text as lines of at most cols characters (cols >= 8), broken at spaces
 * where it can (a word longer than a line is cut), the lines after the first
 * starting with indent spaces (indent < cols / 2).  Text without a space that
 * fits is one line.
 */
void rules_text_wrap(const char *text, int cols, int indent,
                     void (*line)(void *lctx, const char *text), void *lctx);

#endif
