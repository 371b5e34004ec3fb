/*
 * textmap.c -- hex maps drawn as ASCII hex cells, windows that fit a screen,
 * legends and wrapped text (see textmap.h for the cell's picture and the
 * geometry).
 *
 * The window is drawn on a canvas of height x (width + 1) characters, one hex
 * after another: each writes its six hexsides and its three text lines at its
 * own offset.  A hexside shared by two hexes of the window is written twice
 * at the same positions with the same characters (the side callback answers
 * for the hexside, whichever hex asks).  Each canvas line is then trimmed of
 * trailing spaces and handed to the caller.
 */
#include "textmap.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WRAP_MAX 1024 /* longest line rules_text_wrap writes */

int rules_textmap_width(int w, int ncols)
{
	return (ncols - 1) * (w + 2) + w + 4;
}

int rules_textmap_height(int nrows, int mixed)
{
	return 4 * nrows + 1 + (mixed ? 2 : 0);
}

int rules_textmap_fit_cols(int w, int cols)
{
	int n = (cols - (w + 4)) / (w + 2) + 1;

	return cols < w + 4 || n < 1 ? 1 : n;
}

int rules_textmap_fit_rows(int lines)
{
	int n = (lines - 3) / 4;

	return n < 1 ? 1 : n;
}

/* The first printed index of a run of n inside [lo, hi] as near centred on at as it can be. */
static void centre_run(int at, int n, int lo, int hi, int *a, int *b)
{
	int first = at - (n - 1) / 2;

	if (first + n - 1 > hi)
		first = hi - n + 1;
	if (first < lo)
		first = lo;
	*a = first;
	*b = first + n - 1 > hi ? hi : first + n - 1;
}

void rules_textmap_around(const struct rules_hex_grid *g, int hex, int ncols, int nrows, int *c1,
                          int *c2, int *r1, int *r2)
{
	int col = hex >= 0 ? rules_hex_col(g, hex) : (g->col_min + g->col_max) / 2;
	int row = hex >= 0 ? rules_hex_row(g, hex) : (g->row_min + g->row_max) / 2;

	centre_run(col, ncols < 1 ? 1 : ncols, g->col_min, g->col_max, c1, c2);
	centre_run(row, nrows < 1 ? 1 : nrows, g->row_min, g->row_max, r1, r2);
}

/* ---- drawing ------------------------------------------------------------ */

struct canvas {
	char *c;
	int w, h; /* each line is w characters and a NUL */
};

static void put(struct canvas *cv, int x, int y, char ch)
{
	if (x >= 0 && x < cv->w && y >= 0 && y < cv->h)
		cv->c[(size_t)y * (size_t)(cv->w + 1) + (size_t)x] = ch;
}

static void put_text(struct canvas *cv, int x, int y, const char *s, int max)
{
	for (int i = 0; i < max && s[i] != '\0'; i++)
		put(cv, x + i, y, s[i] == '\t' || s[i] == '\n' ? ' ' : s[i]);
}

/*
 * Where each hexside's characters are, relative to the cell's corner (x, y) (the
 * '/' of its line 2 is at x): the N and S hexsides are runs of w characters from
 * x + 2; a slanted one is two characters, upper then lower, with its plain glyph.
 */
static const struct {
	int ux, uy, lx, ly; /* upper and lower character; ux/lx add w when wide is set */
	int wide;
	char plain;
} slant[RULES_HEX_DIRS] = {
    [1] = {2, 1, 3, 2, 1, '\\'}, /* NE */
    [2] = {3, 3, 2, 4, 1, '/'},  /* SE */
    [4] = {0, 3, 1, 4, 0, '\\'}, /* SW */
    [5] = {1, 1, 0, 2, 0, '/'},  /* NW */
};

static void draw_side(struct canvas *cv, const struct rules_textmap *t, int hex, int d, int x,
                      int y)
{
	int w = t->width;
	char mark = '\0', glyph = t->side != NULL ? t->side(t->ctx, hex, d, &mark) : '\0';

	if (d == 0 || d == 3) {
		int line = d == 0 ? y : y + 4;
		for (int i = 0; i < w; i++)
			put(cv, x + 2 + i, line, glyph ? glyph : '_');
		if (mark)
			put(cv, x + 2 + w / 2, line, mark);
		return;
	}
	put(cv, x + slant[d].ux + (slant[d].wide ? w : 0), y + slant[d].uy,
	    glyph ? glyph : slant[d].plain);
	put(cv, x + slant[d].lx + (slant[d].wide ? w : 0), y + slant[d].ly,
	    mark    ? mark
	    : glyph ? glyph
	            : slant[d].plain);
}

static void draw_hex(struct canvas *cv, const struct rules_textmap *t, int hex, int x, int y)
{
	char text[3][RULES_TEXTMAP_LINE];

	memset(text, 0, sizeof(text));
	for (int d = 0; d < RULES_HEX_DIRS; d++)
		draw_side(cv, t, hex, d, x, y);
	if (t->cell != NULL)
		t->cell(t->ctx, hex, text);
	text[0][RULES_TEXTMAP_LINE - 1] = text[1][RULES_TEXTMAP_LINE - 1] =
	    text[2][RULES_TEXTMAP_LINE - 1] = '\0';
	put_text(cv, x + 2, y + 1, text[0], t->width);
	put_text(cv, x + 1, y + 2, text[1], t->width + 2);
	put_text(cv, x + 1, y + 3, text[2], t->width + 2);
}

int rules_textmap_draw(const struct rules_textmap *t, void (*line)(void *lctx, const char *text),
                       void *lctx)
{
	const struct rules_hex_grid *g = t->grid;
	int c1 = t->c1 < g->col_min ? g->col_min : t->c1,
	    c2 = t->c2 > g->col_max ? g->col_max : t->c2;
	int r1 = t->r1 < g->row_min ? g->row_min : t->r1,
	    r2 = t->r2 > g->row_max ? g->row_max : t->r2;
	int top = 2, shifted = 0;
	struct canvas cv;

	if (t->width < RULES_TEXTMAP_W_MIN || t->width > RULES_TEXTMAP_W_MAX || c1 > c2 || r1 > r2)
		return -1;
	for (int c = c1; c <= c2; c++) {
		if (rules_hex_col_shifted(g, c))
			shifted = 1;
		else
			top = 0;
	}
	cv.w = rules_textmap_width(t->width, c2 - c1 + 1);
	cv.h = rules_textmap_height(r2 - r1 + 1, shifted && top == 0);
	cv.c = malloc((size_t)cv.h * (size_t)(cv.w + 1));
	if (cv.c == NULL)
		return -1;
	for (int y = 0; y < cv.h; y++) {
		memset(cv.c + (size_t)y * (size_t)(cv.w + 1), ' ', (size_t)cv.w);
		cv.c[(size_t)y * (size_t)(cv.w + 1) + (size_t)cv.w] = '\0';
	}
	for (int c = c1; c <= c2; c++)
		for (int r = r1; r <= r2; r++)
			draw_hex(&cv, t, rules_hex_index(g, c, r), (c - c1) * (t->width + 2),
			         4 * (r - r1) + 2 * rules_hex_col_shifted(g, c) - top);
	for (int y = 0; y < cv.h; y++) {
		char *s = cv.c + (size_t)y * (size_t)(cv.w + 1);
		size_t n = strlen(s);
		while (n > 0 && s[n - 1] == ' ')
			s[--n] = '\0';
		line(lctx, s);
	}
	free(cv.c);
	return 0;
}

/* ---- legend ------------------------------------------------------------- */

void rules_legend_init(struct rules_legend *lg)
{
	memset(lg, 0, sizeof(*lg));
}

void rules_legend_add(struct rules_legend *lg, const char *heading, const char *fmt, ...)
{
	char text[sizeof(lg->e[0].text)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	for (int k = 0; k < lg->n; k++)
		if (strcmp(lg->e[k].heading, heading) == 0 && strcmp(lg->e[k].text, text) == 0)
			return;
	if (lg->n >= RULES_LEGEND_MAX)
		return;
	snprintf(lg->e[lg->n].heading, sizeof(lg->e[0].heading), "%s", heading);
	memcpy(lg->e[lg->n].text, text, sizeof(text));
	lg->n++;
}

void rules_legend_lines(const struct rules_legend *lg, int cols,
                        void (*line)(void *lctx, const char *text), void *lctx)
{
	char buf[WRAP_MAX], piece[sizeof(lg->e[0].heading) + sizeof(lg->e[0].text) + 4];
	int done[RULES_LEGEND_MAX] = {0}, groups = 0;
	size_t len = 0;

	if (cols > WRAP_MAX - 1)
		cols = WRAP_MAX - 1;
	buf[0] = '\0';
	/* one paragraph: the headings in order of first use, each with its entries; a line
	 * breaks between entries (a heading stays with its first entry) */
	for (int k = 0; k < lg->n; k++) {
		int first = 1;
		if (done[k])
			continue;
		for (int j = k; j < lg->n; j++) {
			size_t n;
			if (done[j] || strcmp(lg->e[j].heading, lg->e[k].heading) != 0)
				continue;
			done[j] = 1;
			if (first)
				n = (size_t)snprintf(piece, sizeof(piece), "%s%s %s",
				                     groups ? "; " : "", lg->e[j].heading,
				                     lg->e[j].text);
			else
				n = (size_t)snprintf(piece, sizeof(piece), ", %s", lg->e[j].text);
			if (len > 4 &&
			    len + n + 1 > (size_t)cols) { /* the separator ends the line */
				size_t sep = first && groups ? 1 : first ? 0 : 1;
				if (sep)
					buf[len++] = piece[0];
				buf[len] = '\0';
				rules_text_wrap(buf, cols, 4, line, lctx);
				len = (size_t)snprintf(buf, sizeof(buf), "    %s",
				                       piece + (first && groups ? 2
				                                : first         ? 0
				                                                : 2));
			} else {
				len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s", piece);
			}
			if (len >= sizeof(buf) - 2)
				len = sizeof(buf) - 2;
			first = 0;
		}
		groups++;
	}
	if (len > 0)
		rules_text_wrap(buf, cols, 4, line, lctx);
}

/* ---- wrapping ----------------------------------------------------------- */

void rules_text_wrap(const char *text, int cols, int indent,
                     void (*line)(void *lctx, const char *text), void *lctx)
{
	char buf[WRAP_MAX];
	const char *p = text;
	int first = 1;

	if (cols > WRAP_MAX - 1)
		cols = WRAP_MAX - 1;
	if (cols < 8)
		cols = 8;
	if (indent < 0 || indent >= cols / 2)
		indent = 0;
	do {
		int pad = first ? 0 : indent, avail = cols - pad, cut;
		size_t n = strlen(p);
		if (n <= (size_t)avail) {
			cut = (int)n;
		} else {
			cut = avail;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = avail;
		}
		memset(buf, ' ', (size_t)pad);
		memcpy(buf + pad, p, (size_t)cut);
		while (cut > 0 && buf[pad + cut - 1] == ' ')
			cut--;
		buf[pad + cut] = '\0';
		line(lctx, buf);
		p += cut;
		while (*p == ' ')
			p++;
		first = 0;
	} while (*p != '\0');
}
