/*
 * svg.h -- a ruleset-neutral SVG writer: pictures of boards and tables.
 *
 * Four layers, each on top of the one before:
 *
 *   1. the document (struct rules_svg): XML text growing in one buffer.
 *      Elements are opened and closed in order (a stack), attribute values
 *      and character data are escaped for XML (& < > " ' and invalid UTF-8
 *      or control bytes, which become '?'), and every output line is at
 *      most RULES_SVG_COLUMNS columns: the writer breaks between elements,
 *      between attributes and between the words of a long value or text.
 *      (A picture is also sent in text mode as data lines.)  A single word
 *      longer than a line is cut at a character boundary: only hostile data
 *      has one.
 *   2. a coordinate space (struct rules_svg_space): the picture is drawn in
 *      world units, which the space turns into SVG user units (a scale and
 *      an origin).  A hex map's world unit is the hex radius (svg_hex.h);
 *      the miniatures table's will be the inch, with its own scale, and the
 *      same primitives and counters draw on it.  rules_svg_ux/uy/ulen
 *      convert, for callers writing attributes themselves.
 *   3. primitives in world coordinates: groups, rectangles, circles,
 *      lines, polylines, paths (streamed: rules_svg_value_*), text labels,
 *      a <style> block (rules_svg_css lines).
 *   4. counters (svg_counter.c): a unit counter with its NATO symbol
 *      (infantry, armour, mechanized, artillery, self-propelled gun,
 *      engineer, recon/cavalry, headquarters, airborne, amphibious), its
 *      designation, echelon and values, in its side's colour.
 *
 * Hex maps (grid geometry, terrain, hexsides, roads, names, numbers) are
 * svg_hex.h, on top of these.
 *
 * Memory: the document owns its buffer until rules_svg_finish hands it to
 * the caller (who frees it).  Out of memory marks the document failed:
 * every later call does nothing and rules_svg_finish returns NULL, so a
 * picture is drawn without checking each call.  Pure: no I/O, no globals.
 */
#ifndef RULES_SVG_H
#define RULES_SVG_H

#include <stddef.h>

#define RULES_SVG_COLUMNS 78 /* text mode adds two spaces: 80 columns a line */
#define RULES_SVG_DEPTH   16 /* elements open at once */

struct rules_svg_space {
	double scale;  /* user units per world unit */
	double x0, y0; /* user-unit position of the world origin */
};

struct rules_svg {
	char *buf;
	size_t len, cap;
	int failed;
	int col;      /* column of the next byte on the current line */
	int depth;    /* open elements */
	int in_tag;   /* the innermost element's start tag is still open ("<g id=..") */
	int in_value; /* a streamed value is open (rules_svg_value_begin) */
	int value_words;
	struct rules_svg_space space;
	char stack[RULES_SVG_DEPTH][16];
	unsigned char text_open[RULES_SVG_DEPTH]; /* the element at that depth holds text */
};

/*
 * Starts a document of width x height world units in space sp: the XML
 * declaration, the root <svg> (its viewBox in user units) and a <title>
 * (may be NULL).  s needs no other initialisation.
 */
void rules_svg_begin(struct rules_svg *s, const struct rules_svg_space *sp, double width,
                     double height, const char *title);
/* Closes every open element and returns the document (malloc'd, NUL-terminated, the
 * caller frees it), or NULL when it failed.  s is released in both cases. */
char *rules_svg_finish(struct rules_svg *s);
/* Abandons a document. */
void rules_svg_release(struct rules_svg *s);

/* World to user units. */
double rules_svg_ux(const struct rules_svg *s, double x);
double rules_svg_uy(const struct rules_svg *s, double y);
double rules_svg_ulen(const struct rules_svg *s, double d);

/* ---- elements ---- */

/* Opens element name (an XML name, not escaped); attributes may follow until a child, text or
 * the close. */
void rules_svg_open(struct rules_svg *s, const char *name);
/* Closes the innermost open element ("/>" when it has no content). */
void rules_svg_close(struct rules_svg *s);
/* An attribute of the element just opened: the value is escaped (NULL: no attribute). */
void rules_svg_attr(struct rules_svg *s, const char *key, const char *value);
void rules_svg_attrf(struct rules_svg *s, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A number in user units, one decimal at most ("12.5", "3"). */
void rules_svg_attr_num(struct rules_svg *s, const char *key, double v);
/* Character data of the innermost element (escaped; words may go to the next line). */
void rules_svg_text(struct rules_svg *s, const char *text);
/* Character data, then the close of the innermost element: its last word and the end tag stay
 * on one line (no line break at the end of a text). */
void rules_svg_text_close(struct rules_svg *s, const char *text);

/*
 * A streamed attribute value of space-separated words (a path's d, a polygon's points):
 * begin, then any words and numbers (user units), then end.  The value may span lines
 * (an XML parser reads a line break in a value as a space).
 */
void rules_svg_value_begin(struct rules_svg *s, const char *key);
void rules_svg_value_word(struct rules_svg *s, const char *word);
void rules_svg_value_num(struct rules_svg *s, double v);
/* "x,y" of a world point, in user units. */
void rules_svg_value_pt(struct rules_svg *s, double x, double y);
void rules_svg_value_end(struct rules_svg *s);

/* ---- primitives (world coordinates; id and cls may be NULL) ---- */

/* Opens a <g>; close it with rules_svg_close. */
void rules_svg_group(struct rules_svg *s, const char *id, const char *cls);
/* Opens a <g> translated to world point (x, y): its children use user units from there. */
void rules_svg_group_at(struct rules_svg *s, const char *id, const char *cls, double x, double y);
void rules_svg_rect(struct rules_svg *s, double x, double y, double w, double h, const char *id,
                    const char *cls);
void rules_svg_circle(struct rules_svg *s, double x, double y, double r, const char *id,
                      const char *cls);
void rules_svg_line(struct rules_svg *s, double x1, double y1, double x2, double y2, const char *id,
                    const char *cls);
/* A polyline (closed: a polygon) through n world points xy[2k], xy[2k+1]. */
void rules_svg_poly(struct rules_svg *s, const double *xy, int n, int closed, const char *id,
                    const char *cls);
/* A <text> at world point (x, y) (its anchor and size are the class's). */
void rules_svg_label(struct rules_svg *s, double x, double y, const char *cls, const char *text);
/* <title> of the innermost element (a tooltip). */
void rules_svg_title(struct rules_svg *s, const char *text);

/* A <style> block: open, then one rule a line ("selector{decl}", escaped), then close. */
void rules_svg_style_begin(struct rules_svg *s);
void rules_svg_css(struct rules_svg *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void rules_svg_style_end(struct rules_svg *s);

/* Copies text into buf (size n) as an XML name fragment: letters, digits, '-' and '_', any
 * other byte '_' ("1/1 FJ" -> "1_1_FJ"); returns buf.  For class names made of data ids. */
char *rules_svg_name(const char *text, char *buf, size_t n);

/* ---- counters (svg_counter.c) ---- */

enum rules_svg_symbol {
	RULES_SVG_SYM_NONE, /* a plain frame with the type's first letters */
	RULES_SVG_SYM_INFANTRY,
	RULES_SVG_SYM_ARMOUR,
	RULES_SVG_SYM_MECHANIZED,
	RULES_SVG_SYM_ARTILLERY,
	RULES_SVG_SYM_SP_GUN, /* self-propelled, assault and anti-tank guns on tracks */
	RULES_SVG_SYM_ENGINEER,
	RULES_SVG_SYM_RECON, /* reconnaissance and cavalry */
	RULES_SVG_SYM_HQ,
	RULES_SVG_SYM_AIRBORNE,   /* paratroops, airborne, glider */
	RULES_SVG_SYM_AMPHIBIOUS, /* marines and commandos */
	RULES_SVG_SYM_COUNT
};

/* The symbol of a unit type as data names it ("infantry", "armoured brigade", "assault gun",
 * "paratroops", "hq", "commando", ...; case-insensitive, by keyword). */
enum rules_svg_symbol rules_svg_symbol_of(const char *type);
/* The symbol's name for legends ("infantry"). */
const char *rules_svg_symbol_name(enum rules_svg_symbol sym);

struct rules_svg_counter {
	const char *id;      /* element id, may be NULL */
	const char *cls;     /* classes added to "counter", may be NULL */
	const char *title;   /* tooltip, may be NULL */
	const char *data_id; /* its data-id attribute (the unit's id in the data), may be NULL */
	const char *label;   /* designation, on top ("9/3") */
	const char *size;    /* echelon above the symbol ("X", "XX", "III"), may be NULL */
	const char *type;    /* the type as data names it: its letters when sym is NONE */
	enum rules_svg_symbol sym;
	const char *values; /* the bottom line ("5-4-6") */
	const char *fill;   /* side colour ("#c9b27c") */
	int reduced;        /* depleted: a red band across the top, class "reduced" */
};

/* Writes the counter style rules (inside rules_svg_style_begin/end) for counters of side
 * size world units: the classes rules_svg_counter uses. */
void rules_svg_counter_css(struct rules_svg *s, double size);
/* A counter of side size world units centred on world point (x, y): one <g> element. */
void rules_svg_counter(struct rules_svg *s, double x, double y, double size,
                       const struct rules_svg_counter *c);
/* The symbol alone in a frame of width w world units (2:3) centred on (x, y) (legends). */
void rules_svg_symbol(struct rules_svg *s, double x, double y, double w, enum rules_svg_symbol sym,
                      const char *type);

#endif
