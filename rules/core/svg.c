/*
 * svg.c -- the SVG document writer: buffer, element stack, XML escaping,
 * line breaking, the coordinate space and the primitives.  See svg.h.
 *
 * Line breaking: everything is written as tokens (a start tag "<g", an
 * attribute, a word of a value or of a text, a close).  A token that would
 * pass RULES_SVG_COLUMNS goes to the next line: between elements and
 * attributes the new line is indented by the nesting depth; inside a value
 * or a text it is not (the indentation would become part of the value),
 * and the previous word keeps its trailing space, so that an SVG 1.1 reader,
 * which drops line breaks in text, still sees the words apart.
 */
#include "svg.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- buffer ---- */

static void put(struct rules_svg *s, const char *p, size_t n)
{
	if (s->failed)
		return;
	if (s->len + n + 1 > s->cap) {
		size_t cap = s->cap ? s->cap : 16384;
		char *b;
		while (s->len + n + 1 > cap)
			cap *= 2;
		b = realloc(s->buf, cap);
		if (b == NULL) {
			s->failed = 1;
			return;
		}
		s->buf = b;
		s->cap = cap;
	}
	memcpy(s->buf + s->len, p, n);
	s->len += n;
	s->buf[s->len] = '\0';
	for (size_t k = 0; k < n; k++)
		s->col = p[k] == '\n' ? 0 : s->col + 1;
}

static void puts_(struct rules_svg *s, const char *p)
{
	put(s, p, strlen(p));
}

static int indent_of(const struct rules_svg *s)
{
	return s->depth < 10 ? s->depth : 10;
}

static void newline(struct rules_svg *s, int indent)
{
	static const char spaces[] = "          ";

	put(s, "\n", 1);
	put(s, spaces, (size_t)(indent < 10 ? indent : 10));
}

/*
 * Appends a token of n bytes; sep: a space goes before it unless it starts a line.  A token
 * that does not fit goes to the next line (indented outside values and texts); one longer than
 * a whole line is cut at character boundaries (never inside an entity or a UTF-8 sequence).
 */
static void token(struct rules_svg *s, const char *t, size_t n, int sep, int indent)
{
	size_t room;

	if (s->col > indent && (size_t)s->col + (sep ? 1 : 0) + n > RULES_SVG_COLUMNS)
		newline(s, indent);
	else if (sep && s->col > indent)
		put(s, " ", 1);
	while ((size_t)s->col + n > RULES_SVG_COLUMNS) {
		size_t cut;
		room = RULES_SVG_COLUMNS - (size_t)s->col;
		cut = room;
		for (size_t k = 0; k < room; k++)
			if (t[k] == '&')
				cut = k; /* an entity starting before the cut stays whole */
			else if (t[k] == ';')
				cut = room;
		while (cut > 0 && ((unsigned char)t[cut] & 0xc0) == 0x80)
			cut--;
		if (cut == 0) {
			if (s->col == 0)
				break; /* cannot be cut: written whole */
			put(s, "\n", 1);
			continue;
		}
		put(s, t, cut);
		put(s, "\n", 1);
		t += cut;
		n -= cut;
	}
	put(s, t, n);
}

/* ---- escaping ---- */

/* Length of the valid UTF-8 sequence at p (1..4), or 0 when it is not one. */
static size_t utf8_len(const unsigned char *p)
{
	size_t n;
	unsigned cp;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2, cp = p[0] & 0x1fu;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3, cp = p[0] & 0x0fu;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4, cp = p[0] & 0x07u;
	else
		return 0;
	for (size_t k = 1; k < n; k++) {
		if ((p[k] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (p[k] & 0x3fu);
	}
	if ((n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (n == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	if (cp == 0xfffe || cp == 0xffff)
		return 0;
	return n;
}

/* XML-escapes in into a malloc'd string (NULL on OOM): & < > " ' as entities, control
 * bytes and invalid UTF-8 as '?', tabs and line breaks as spaces. */
static char *escape(const char *in)
{
	const unsigned char *p = (const unsigned char *)in;
	char *out = malloc(strlen(in) * 6 + 1), *o = out;

	if (out == NULL)
		return NULL;
	while (*p) {
		size_t n = utf8_len(p);
		const char *e = NULL;
		switch (*p) {
		case '&':
			e = "&amp;";
			break;
		case '<':
			e = "&lt;";
			break;
		case '>':
			e = "&gt;";
			break;
		case '"':
			e = "&quot;";
			break;
		case '\'':
			e = "&apos;";
			break;
		case '\t':
		case '\n':
		case '\r':
			e = " ";
			break;
		default:
			break;
		}
		if (e != NULL) {
			size_t k = strlen(e);
			memcpy(o, e, k);
			o += k;
			p++;
		} else if (n == 0 || *p < 0x20 || *p == 0x7f) {
			*o++ = '?';
			p++;
		} else {
			memcpy(o, p, n);
			o += n;
			p += n;
		}
	}
	*o = '\0';
	return out;
}

char *rules_svg_name(const char *text, char *buf, size_t n)
{
	size_t k = 0;

	if (n == 0)
		return buf;
	for (; text[k] && k + 1 < n; k++) {
		char c = text[k];
		int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		         (c >= '0' && c <= '9') || c == '-' || c == '_';
		buf[k] = ok ? c : '_';
	}
	buf[k] = '\0';
	return buf;
}

/* ---- numbers and space ---- */

/* v with one decimal at most, no "-0". */
static char *num(double v, char *buf, size_t n)
{
	long long r;

	if (!isfinite(v))
		v = 0;
	r = llround(v * 10.0);
	if (r % 10 == 0)
		snprintf(buf, n, "%lld", r / 10);
	else
		snprintf(buf, n, "%s%lld.%lld", r < 0 ? "-" : "", llabs(r) / 10, llabs(r) % 10);
	return buf;
}

double rules_svg_ux(const struct rules_svg *s, double x)
{
	return s->space.x0 + x * s->space.scale;
}

double rules_svg_uy(const struct rules_svg *s, double y)
{
	return s->space.y0 + y * s->space.scale;
}

double rules_svg_ulen(const struct rules_svg *s, double d)
{
	return d * s->space.scale;
}

/* ---- elements ---- */

/* The start tag of the innermost element ends: its content follows. */
static void end_start_tag(struct rules_svg *s)
{
	if (!s->in_tag)
		return;
	token(s, ">", 1, 0, indent_of(s));
	s->in_tag = 0;
}

void rules_svg_open(struct rules_svg *s, const char *name)
{
	char t[24];

	end_start_tag(s);
	if (s->depth >= RULES_SVG_DEPTH) {
		s->failed = 1;
		return;
	}
	if (s->col > 0)
		newline(s, indent_of(s));
	snprintf(t, sizeof(t), "<%s", name);
	puts_(s, t);
	snprintf(s->stack[s->depth], sizeof(s->stack[0]), "%s", name);
	s->text_open[s->depth] = 0;
	s->depth++;
	s->in_tag = 1;
}

void rules_svg_close(struct rules_svg *s)
{
	char t[24];

	if (s->depth == 0)
		return;
	s->depth--;
	if (s->in_tag) {
		token(s, "/>", 2, 0, indent_of(s) + 1);
		s->in_tag = 0;
		return;
	}
	snprintf(t, sizeof(t), "</%s>", s->stack[s->depth]);
	if (s->text_open[s->depth])
		token(s, t, strlen(t), 0, 0);
	else {
		if (s->col > 0)
			newline(s, indent_of(s));
		puts_(s, t);
	}
	s->text_open[s->depth] = 0;
}

/* Writes the escaped text e as words; first is prefixed to the first word, last appended to
 * the last one; words after the first may go to the next line. */
static void words(struct rules_svg *s, const char *first, const char *e, const char *last)
{
	char tok[RULES_SVG_COLUMNS * 2 + 16];
	const char *p = e;
	int n = 0;

	for (;;) {
		const char *w = p;
		size_t wl, fl = n == 0 ? strlen(first) : 0, ll;
		int more;
		while (*p && *p != ' ')
			p++;
		wl = (size_t)(p - w);
		while (*p == ' ')
			p++;
		more = *p != '\0';
		ll = more ? 1 : strlen(last);
		if (fl + wl + ll < sizeof(tok)) {
			memcpy(tok, first, fl);
			memcpy(tok + fl, w, wl);
			memcpy(tok + fl + wl, more ? " " : last, ll);
			token(s, tok, fl + wl + ll, 0, 0);
		} else {
			/* a word longer than a line: written in pieces */
			if (fl)
				token(s, first, fl, 0, 0);
			token(s, w, wl, 0, 0);
			token(s, more ? " " : last, ll, 0, 0);
		}
		n++;
		if (!more)
			break;
	}
}

void rules_svg_attr(struct rules_svg *s, const char *key, const char *value)
{
	char head[48];
	char *e;

	if (value == NULL || s->failed || !s->in_tag)
		return;
	if ((e = escape(value)) == NULL) {
		s->failed = 1;
		return;
	}
	snprintf(head, sizeof(head), "%s=\"", key);
	/* the attribute starts on this line or the next (indented), then its words */
	if (s->col > indent_of(s) &&
	    (size_t)s->col + 1 + strlen(head) + strcspn(e, " ") + 1 > RULES_SVG_COLUMNS)
		newline(s, indent_of(s));
	else
		put(s, " ", 1);
	words(s, head, e, "\"");
	free(e);
}

void rules_svg_attrf(struct rules_svg *s, const char *key, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	rules_svg_attr(s, key, buf);
}

void rules_svg_attr_num(struct rules_svg *s, const char *key, double v)
{
	char buf[32];

	rules_svg_attr(s, key, num(v, buf, sizeof(buf)));
}

/* Character data; with close, the end tag of the element follows its last word. */
static void write_text(struct rules_svg *s, const char *text, int close)
{
	char end[24] = "";
	char *e;

	if (s->failed || s->depth == 0 || text == NULL || *text == '\0') {
		if (close)
			rules_svg_close(s);
		return;
	}
	if ((e = escape(text)) == NULL) {
		s->failed = 1;
		return;
	}
	if (close)
		snprintf(end, sizeof(end), "</%s>", s->stack[s->depth - 1]);
	words(s, s->in_tag ? ">" : "", e, end);
	s->in_tag = 0;
	free(e);
	if (close)
		s->depth--;
	else
		s->text_open[s->depth - 1] = 1;
}

void rules_svg_text(struct rules_svg *s, const char *t)
{
	write_text(s, t, 0);
}

void rules_svg_text_close(struct rules_svg *s, const char *t)
{
	write_text(s, t, 1);
}

/* ---- streamed values ---- */

void rules_svg_value_begin(struct rules_svg *s, const char *key)
{
	char head[48];
	size_t n;

	if (s->failed || !s->in_tag)
		return;
	n = (size_t)snprintf(head, sizeof(head), "%s=\"", key);
	token(s, head, n, 1, indent_of(s));
	s->in_value = 1;
	s->value_words = 0;
}

void rules_svg_value_word(struct rules_svg *s, const char *word)
{
	if (!s->in_value)
		return;
	/* no line break right after the opening quote: the first word follows it */
	token(s, word, strlen(word), s->value_words > 0, 0);
	s->value_words++;
}

void rules_svg_value_num(struct rules_svg *s, double v)
{
	char buf[32];

	rules_svg_value_word(s, num(v, buf, sizeof(buf)));
}

void rules_svg_value_pt(struct rules_svg *s, double x, double y)
{
	char a[32], b[32], buf[70];

	snprintf(buf, sizeof(buf), "%s,%s", num(rules_svg_ux(s, x), a, sizeof(a)),
	         num(rules_svg_uy(s, y), b, sizeof(b)));
	rules_svg_value_word(s, buf);
}

void rules_svg_value_end(struct rules_svg *s)
{
	if (!s->in_value)
		return;
	token(s, "\"", 1, 0, 0);
	s->in_value = 0;
}

/* ---- primitives ---- */

static void id_cls(struct rules_svg *s, const char *id, const char *cls)
{
	rules_svg_attr(s, "id", id);
	rules_svg_attr(s, "class", cls);
}

void rules_svg_group(struct rules_svg *s, const char *id, const char *cls)
{
	rules_svg_open(s, "g");
	id_cls(s, id, cls);
}

void rules_svg_group_at(struct rules_svg *s, const char *id, const char *cls, double x, double y)
{
	char a[32], b[32];

	rules_svg_group(s, id, cls);
	rules_svg_attrf(s, "transform", "translate(%s,%s)", num(rules_svg_ux(s, x), a, sizeof(a)),
	                num(rules_svg_uy(s, y), b, sizeof(b)));
}

void rules_svg_rect(struct rules_svg *s, double x, double y, double w, double h, const char *id,
                    const char *cls)
{
	rules_svg_open(s, "rect");
	id_cls(s, id, cls);
	rules_svg_attr_num(s, "x", rules_svg_ux(s, x));
	rules_svg_attr_num(s, "y", rules_svg_uy(s, y));
	rules_svg_attr_num(s, "width", rules_svg_ulen(s, w));
	rules_svg_attr_num(s, "height", rules_svg_ulen(s, h));
	rules_svg_close(s);
}

void rules_svg_circle(struct rules_svg *s, double x, double y, double r, const char *id,
                      const char *cls)
{
	rules_svg_open(s, "circle");
	id_cls(s, id, cls);
	rules_svg_attr_num(s, "cx", rules_svg_ux(s, x));
	rules_svg_attr_num(s, "cy", rules_svg_uy(s, y));
	rules_svg_attr_num(s, "r", rules_svg_ulen(s, r));
	rules_svg_close(s);
}

void rules_svg_line(struct rules_svg *s, double x1, double y1, double x2, double y2, const char *id,
                    const char *cls)
{
	rules_svg_open(s, "line");
	id_cls(s, id, cls);
	rules_svg_attr_num(s, "x1", rules_svg_ux(s, x1));
	rules_svg_attr_num(s, "y1", rules_svg_uy(s, y1));
	rules_svg_attr_num(s, "x2", rules_svg_ux(s, x2));
	rules_svg_attr_num(s, "y2", rules_svg_uy(s, y2));
	rules_svg_close(s);
}

void rules_svg_poly(struct rules_svg *s, const double *xy, int n, int closed, const char *id,
                    const char *cls)
{
	rules_svg_open(s, closed ? "polygon" : "polyline");
	id_cls(s, id, cls);
	rules_svg_value_begin(s, "points");
	for (int k = 0; k < n; k++)
		rules_svg_value_pt(s, xy[2 * k], xy[2 * k + 1]);
	rules_svg_value_end(s);
	rules_svg_close(s);
}

void rules_svg_label(struct rules_svg *s, double x, double y, const char *cls, const char *text)
{
	rules_svg_open(s, "text");
	rules_svg_attr(s, "class", cls);
	rules_svg_attr_num(s, "x", rules_svg_ux(s, x));
	rules_svg_attr_num(s, "y", rules_svg_uy(s, y));
	rules_svg_text_close(s, text);
}

void rules_svg_title(struct rules_svg *s, const char *text)
{
	if (text == NULL)
		return;
	rules_svg_open(s, "title");
	rules_svg_text_close(s, text);
}

void rules_svg_style_begin(struct rules_svg *s)
{
	rules_svg_open(s, "style");
	end_start_tag(s);
}

void rules_svg_css(struct rules_svg *s, const char *fmt, ...)
{
	char buf[512];
	char *e;
	va_list ap;

	if (s->failed || s->depth == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if ((e = escape(buf)) == NULL) {
		s->failed = 1;
		return;
	}
	end_start_tag(s);
	if (s->col > 0)
		newline(s, 0);
	words(s, "", e, "");
	free(e);
}

void rules_svg_style_end(struct rules_svg *s)
{
	if (s->depth > 0 && s->col > 0)
		newline(s, 0);
	rules_svg_close(s);
}

/* ---- the document ---- */

void rules_svg_begin(struct rules_svg *s, const struct rules_svg_space *sp, double width,
                     double height, const char *title)
{
	double w, h;
	char a[32], b[32];

	memset(s, 0, sizeof(*s));
	s->space = *sp;
	w = 2 * sp->x0 + width * sp->scale;
	h = 2 * sp->y0 + height * sp->scale;
	puts_(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
	rules_svg_open(s, "svg");
	rules_svg_attr(s, "xmlns", "http://www.w3.org/2000/svg");
	rules_svg_attr_num(s, "width", w);
	rules_svg_attr_num(s, "height", h);
	rules_svg_attrf(s, "viewBox", "0 0 %s %s", num(w, a, sizeof(a)), num(h, b, sizeof(b)));
	rules_svg_title(s, title);
}

char *rules_svg_finish(struct rules_svg *s)
{
	char *out;

	while (s->depth > 0)
		rules_svg_close(s);
	put(s, "\n", 1);
	if (s->failed) {
		rules_svg_release(s);
		return NULL;
	}
	out = s->buf;
	memset(s, 0, sizeof(*s));
	return out;
}

void rules_svg_release(struct rules_svg *s)
{
	free(s->buf);
	memset(s, 0, sizeof(*s));
}
