/*
 * picture.c -- the F&M board as an SVG picture (the ruleset's picture hook,
 * `map svg [reach=<unit>] [hexes=<hex>,...]`), drawn with rules/core/svg.h
 * and svg_hex.h.
 *
 * What is drawn, in layers (each a <g> with that id):
 *
 *   terrain, hexsides, roads   the map (svg_hex.h), fortification counters
 *   highlights                 reach=<unit>: <use id="r<hex>" class="reach">
 *                              per hex the unit can end a move in, with the
 *                              MP it costs; its own hex class "reach-from";
 *                              hexes=: <use id="m<hex>" class="mark">
 *   numbers, names             hex numbers and named places
 *   last                       the last move (id "last-move", an arrow) and
 *                              the last combat (id "last-combat": the hex,
 *                              lines from the attackers, the result, the
 *                              retreats and advances that followed)
 *   battle                     the battle being fought: its hex and attackers
 *   counters                   one <g id="u<index>" class="counter side<s>">
 *                              per unit on the map (data-id: its id)
 *   panel                      title, turn, phase, who must act, the legend,
 *                              support fire markers (counts; the battle's
 *                              markers: revealed ones with their values,
 *                              the others face down "?"), the last move and
 *                              combat, and the units off the map (set-up
 *                              choices, reinforcements, held, eliminated,
 *                              removed), one counter each, ids "u<index>"
 *   private                    what only this viewer knows: who is looking,
 *                              his own hand and face-down markers (when
 *                              support.pick=chosen)
 *
 * Redaction (AMB-130, AMB-26, FM-8.2.1-07): everything outside the "private" group is
 * public and the same for every viewer, byte for byte: no marker id or value
 * that is not revealed is written there, and the room the private group takes
 * is reserved from public counts (the markers each side holds and has face
 * down), the largest any viewer needs, so that nothing public moves with the
 * viewer.  Unit positions and strengths are public in F&M (no hidden units).
 */
#include "fm_int.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rules/core/svg.h"
#include "rules/core/svg_hex.h"

#define SCALE      36.0 /* user units per hex radius */
#define MARGIN     14.0
#define PANEL_W    10.0 /* world units */
#define ROW        0.46 /* a line of panel text */
#define WRAP       54   /* characters of a panel line */
#define COUNTER    1.0  /* a counter's side on the map */
#define PER_ROW    7    /* off-map counters a row */
#define MARKER_W   1.05 /* a marker square in the panel */
#define MARKERS_RW 8    /* markers a row */

static const char *const side_fill[RULES_SIDES] = {"#d9c48c", "#a9bccb"};

struct pic {
	const struct fm_game *g;
	const struct fm_scenario *sc;
	int viewer;
	int reach;      /* unit of reach=, or -1 */
	int *cost;      /* its reach (half MP per hex, -1 none), or NULL */
	char note[400]; /* why it cannot move, or "" */
	uint8_t *mark;  /* hexes= (per hex), or NULL */
	double mw, mh;  /* map extent */
	double px;      /* panel left */
};

/* ---- arguments ---- */

static int parse_hexes(struct pic *p, const char *list, struct rules_error *err)
{
	char buf[RULES_HEX_ID_MAX + 1];
	const char *s = list;

	if (*list == '\0')
		return rules_fail(err, WG_E_BAD_ARGS, "",
		                  "hexes= names no hex (hexes=<hex>,<hex>...)");
	if (p->mark == NULL && (p->mark = calloc((size_t)p->sc->map.grid.count, 1)) == NULL)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	while (*s) {
		size_t n = strcspn(s, ",");
		int h;
		snprintf(buf, sizeof(buf), "%.*s",
		         (int)(n < RULES_HEX_ID_MAX ? n : RULES_HEX_ID_MAX), s);
		h = n < RULES_HEX_ID_MAX ? fm__hex_parse(p->g, buf) : -1;
		if (h < 0)
			return rules_fail(err, WG_E_NO_SUCH_HEX, "", "no hex %.*s on this map",
			                  (int)(n < 16 ? n : 16), s);
		p->mark[h] = 1;
		s += n;
		if (*s == ',')
			s++;
	}
	return 0;
}

static int parse_args(struct pic *p, int argc, char **argv, struct rules_error *err)
{
	struct rules_error why;
	int rc;

	if (argc < 1 || strcasecmp(argv[0], "svg") != 0)
		return rules_fail(err, WG_E_BAD_ARGS, "",
		                  "no picture '%.20s': F&M games draw `map svg`",
		                  argc < 1 ? "" : argv[0]);
	for (int k = 1; k < argc; k++) {
		const char *a = argv[k];
		if (strncasecmp(a, "reach=", 6) == 0) {
			if (p->reach >= 0)
				return rules_fail(err, WG_E_BAD_ARGS, "", "reach= is given twice");
			if ((p->reach = fm__unit_arg(p->g, a + 6, err)) < 0)
				return p->reach;
		} else if (strncasecmp(a, "hexes=", 6) == 0) {
			if ((rc = parse_hexes(p, a + 6, err)) != 0)
				return rc;
		} else {
			return rules_fail(err, WG_E_BAD_ARGS, "",
			                  "unknown picture option '%.40s': map svg takes "
			                  "reach=<unit> and hexes=<hex>,<hex>...",
			                  a);
		}
	}
	if (p->reach < 0)
		return 0;
	/* as the reach query answers: a unit that cannot move now is said so (AMB-132) */
	if (fm__may_move(p->g, p->reach, &why) != 0) {
		snprintf(p->note, sizeof(p->note), "%s cannot move now: %s",
		         fm__def(p->g, p->reach)->id, why.message);
		return 0;
	}
	p->cost = malloc(sizeof(int) * (size_t)p->sc->map.grid.count);
	if (p->cost == NULL || fm__reach(p->g, p->reach, p->cost, NULL) != 0)
		return rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	return 0;
}

/* ---- helpers ---- */

static void hex_center(const struct pic *p, int hex, double *x, double *y)
{
	rules_svg_hex_center(&p->sc->map.grid, hex, x, y);
}

/* One or more lines of panel text (wrapped at WRAP characters) at world x = dx, each one ROW
 * below *y (which it advances). */
static void ptext(struct rules_svg *s, double *y, double dx, const char *cls, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static void ptext(struct rules_svg *s, double *y, double dx, const char *cls, const char *fmt, ...)
{
	/* characters a line holds in the panel's width, by the class's font */
	int wrap = strcmp(cls, "pT") == 0   ? WRAP * 6 / 10
	           : strcmp(cls, "ph") == 0 ? WRAP * 8 / 10
	                                    : WRAP;
	char buf[800], line[WRAP + 8];
	const char *t = buf;
	double x;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	x = dx;
	while (*t) {
		size_t n = strlen(t), cut = n;
		if (n > (size_t)wrap) {
			cut = (size_t)wrap;
			while (cut > (size_t)wrap / 2 && t[cut] != ' ')
				cut--;
			if (t[cut] != ' ')
				cut = (size_t)wrap;
		}
		snprintf(line, sizeof(line), "%.*s", (int)cut, t);
		*y += ROW;
		rules_svg_label(s, x, *y, cls, line);
		t += cut;
		while (*t == ' ')
			t++;
		x = dx + 0.3; /* continuation lines are indented */
	}
}

static void values(const struct fm_game *g, int unit, char *buf, size_t n)
{
	const struct fm_step *st = fm__cur(g, unit);

	snprintf(buf, n, "%d-%d-%d", st->attack, st->defense, st->ma);
}

/* The counter of unit at world point (x, y). */
static void counter(struct rules_svg *s, const struct pic *p, int unit, double x, double y)
{
	const struct fm_game *g = p->g;
	const struct fm_unit_def *d = fm__def(g, unit);
	const struct fm_unit *u = &g->u[unit];
	char id[16], cls[64], val[32], title[300], hex[RULES_HEX_ID_MAX];
	struct rules_svg_counter c;

	values(g, unit, val, sizeof(val));
	snprintf(id, sizeof(id), "u%d", unit);
	snprintf(cls, sizeof(cls), "side%d%s%s", d->side,
	         (u->flags & (FM_UF_MOVED | FM_UF_MOVED_MOBILE)) ? " moved" : "",
	         (u->flags & (FM_UF_ATT_COMBAT | FM_UF_ATT_MOBILE)) ? " attacked" : "");
	snprintf(title, sizeof(title), "%s%s%s, %s %s %s, %s, step %d of %d%s%s", d->id,
	         d->formation[0] ? ", " : "", d->formation, d->nationality, d->type, d->size, val,
	         u->step + 1, d->nsteps, u->where == FM_W_MAP ? ", in " : "",
	         u->where == FM_W_MAP ? fm__hex_id(g, u->hex, hex) : "");
	memset(&c, 0, sizeof(c));
	c.id = id;
	c.cls = cls;
	c.data_id = d->id;
	c.title = title;
	c.label = d->id;
	c.size = d->size;
	c.type = d->type;
	c.sym = rules_svg_symbol_of(d->type);
	c.values = val;
	c.fill = side_fill[d->side];
	c.reduced = u->step > 0;
	rules_svg_counter(s, x, y, COUNTER, &c);
}

/* ---- style and definitions ---- */

static void style(struct rules_svg *s, const struct pic *p)
{
	rules_svg_style_begin(s);
	rules_svg_css(s, "svg{background:#fbfaf4}");
	rules_svg_hexmap_css(s, &p->sc->map);
	rules_svg_counter_css(s, COUNTER);
	for (int k = 0; k < RULES_SIDES; k++)
		rules_svg_css(s, ".sw%d{fill:%s;stroke:#222}", k, side_fill[k]);
	rules_svg_css(s, ".reach{fill:#ffe14d;fill-opacity:.45;stroke:#c9a400;stroke-width:1}");
	rules_svg_css(s, ".reach-from{fill:none;stroke:#c9a400;stroke-width:3}");
	rules_svg_css(s, "text.mp{font:bold %.1fpx sans-serif;fill:#6b5600;text-anchor:middle}",
	              0.34 * SCALE);
	rules_svg_css(s, ".mark{fill:#e040fb;fill-opacity:.25;stroke:#aa00cc;stroke-width:2.5}");
	rules_svg_css(s, ".fort{fill:#555;stroke:#222}");
	rules_svg_css(s, ".lm{fill:none;stroke:#d01010;stroke-width:3;stroke-opacity:.85}");
	rules_svg_css(s, ".lm-ring{fill:none;stroke:#d01010;stroke-width:3}");
	rules_svg_css(s, ".lc-target{fill:none;stroke:#7b1fa2;stroke-width:3}");
	rules_svg_css(s, ".lc-att{stroke:#7b1fa2;stroke-width:2.5}");
	rules_svg_css(s, ".lc-leg{fill:none;stroke:#7b1fa2;stroke-width:2.5}");
	rules_svg_css(s,
	              "text.lc-result{font:bold %.1fpx sans-serif;fill:#7b1fa2;"
	              "paint-order:stroke;stroke:#fff;stroke-width:3px}",
	              0.4 * SCALE);
	rules_svg_css(s, ".bt-target{fill:none;stroke:#ff6d00;stroke-width:4}");
	rules_svg_css(s, ".bt-att{stroke:#ff6d00;stroke-width:3}");
	rules_svg_css(s, ".arrow-m{fill:#d01010}.arrow-c{fill:#7b1fa2}.arrow-b{fill:#ff6d00}");
	rules_svg_css(s, ".panel-bg{fill:#fff;stroke:#bbb}");
	rules_svg_css(s, "text.pT{font:bold %.1fpx sans-serif;fill:#111}", 0.42 * SCALE);
	rules_svg_css(s, "text.ph{font:bold %.1fpx sans-serif;fill:#222}", 0.32 * SCALE);
	rules_svg_css(s, "text.pt{font:%.1fpx sans-serif;fill:#222}", 0.29 * SCALE);
	rules_svg_css(s, "text.pc{font:%.1fpx sans-serif;fill:#444;text-anchor:middle}",
	              0.24 * SCALE);
	rules_svg_css(s, ".marker rect{fill:#fff;stroke:#333}");
	rules_svg_css(s, ".marker.face-down rect{fill:#888}");
	rules_svg_css(s, ".marker text{font:bold %.1fpx sans-serif;text-anchor:middle}",
	              0.26 * SCALE);
	rules_svg_style_end(s);
}

static void arrow_marker(struct rules_svg *s, const char *id, const char *cls)
{
	rules_svg_open(s, "marker");
	rules_svg_attr(s, "id", id);
	rules_svg_attr(s, "viewBox", "0 0 10 10");
	rules_svg_attr(s, "refX", "7");
	rules_svg_attr(s, "refY", "5");
	rules_svg_attr(s, "markerWidth", "4");
	rules_svg_attr(s, "markerHeight", "4");
	rules_svg_attr(s, "orient", "auto");
	rules_svg_open(s, "path");
	rules_svg_attr(s, "class", cls);
	rules_svg_attr(s, "d", "M0 0L10 5L0 10z");
	rules_svg_close(s);
	rules_svg_close(s);
}

static void defs(struct rules_svg *s)
{
	rules_svg_open(s, "defs");
	rules_svg_hex_defs(s);
	arrow_marker(s, "arrow-m", "arrow-m");
	arrow_marker(s, "arrow-c", "arrow-c");
	arrow_marker(s, "arrow-b", "arrow-b");
	rules_svg_close(s);
}

/* ---- map layers ---- */

static void forts(struct rules_svg *s, const struct pic *p)
{
	const struct rules_hexmap *m = &p->sc->map;

	rules_svg_group(s, "forts", NULL);
	for (int h = 0; h < m->grid.count; h++) {
		double x, y;
		if (!(m->hex_flags[h] & FM_HF_FORT_COUNTER))
			continue;
		hex_center(p, h, &x, &y);
		rules_svg_rect(s, x - 0.78, y - 0.14, 0.28, 0.28, NULL, "fort");
	}
	rules_svg_close(s);
}

static void highlights(struct rules_svg *s, const struct pic *p)
{
	const struct rules_hex_grid *grid = &p->sc->map.grid;
	char id[RULES_HEX_ID_MAX + 2], hid[RULES_HEX_ID_MAX], mp[16];

	rules_svg_group(s, "highlights", NULL);
	for (int h = 0; p->cost != NULL && h < grid->count; h++) {
		double x, y;
		if (p->cost[h] < 0)
			continue;
		snprintf(id, sizeof(id), "r%s", rules_hex_format(grid, h, hid));
		rules_svg_hex_use(s, grid, h, id, "reach");
		hex_center(p, h, &x, &y);
		snprintf(mp, sizeof(mp), "%g", p->cost[h] / 2.0);
		rules_svg_label(s, x, y + 0.3, "mp", mp);
	}
	if (p->reach >= 0 && p->g->u[p->reach].where == FM_W_MAP)
		rules_svg_hex_use(s, grid, p->g->u[p->reach].hex, "reach-from", "reach-from");
	for (int h = 0; p->mark != NULL && h < grid->count; h++) {
		if (!p->mark[h])
			continue;
		snprintf(id, sizeof(id), "m%s", rules_hex_format(grid, h, hid));
		rules_svg_hex_use(s, grid, h, id, "mark");
	}
	rules_svg_close(s);
}

/* A polyline through the centres of path's hexes with an arrow at its end. */
static void path_line(struct rules_svg *s, const struct pic *p, const struct fm_last_path *lp,
                      const char *id, const char *cls, const char *arrow)
{
	double xy[2 * FM_LAST_PATH];

	for (int k = 0; k < lp->n; k++)
		hex_center(p, lp->h[k], &xy[2 * k], &xy[2 * k + 1]);
	rules_svg_open(s, "polyline");
	rules_svg_attr(s, "id", id);
	rules_svg_attr(s, "class", cls);
	rules_svg_attrf(s, "marker-end", "url(#%s)", arrow);
	rules_svg_value_begin(s, "points");
	for (int k = 0; k < lp->n; k++)
		rules_svg_value_pt(s, xy[2 * k], xy[2 * k + 1]);
	rules_svg_value_end(s);
	rules_svg_close(s);
}

/* An arrow from the edge of a counter at (ax, ay) to the ring around (x, y): where it shows
 * between the counters of neighbouring hexes. */
static void between(struct rules_svg *s, double ax, double ay, double x, double y, const char *cls,
                    const char *arrow)
{
	double dx = x - ax, dy = y - ay, d = sqrt(dx * dx + dy * dy);

	if (d < 1e-9)
		return;
	dx /= d;
	dy /= d;
	rules_svg_open(s, "line");
	rules_svg_attr(s, "class", cls);
	rules_svg_attrf(s, "marker-end", "url(#%s)", arrow);
	rules_svg_attr_num(s, "x1", rules_svg_ux(s, ax + dx * 0.5 * COUNTER));
	rules_svg_attr_num(s, "y1", rules_svg_uy(s, ay + dy * 0.5 * COUNTER));
	rules_svg_attr_num(s, "x2", rules_svg_ux(s, x - dx * 0.8));
	rules_svg_attr_num(s, "y2", rules_svg_uy(s, y - dy * 0.8));
	rules_svg_close(s);
}

static void last(struct rules_svg *s, const struct pic *p)
{
	const struct fm_last_move *lm = &p->g->last_move;
	const struct fm_last_combat *lc = &p->g->last_combat;
	double x, y, ax, ay;

	rules_svg_group(s, "last", NULL);
	if (lm->p.unit >= 0 && lm->p.n >= 2) {
		path_line(s, p, &lm->p, "last-move", "lm", "arrow-m");
	} else if (lm->p.unit >= 0 && lm->p.n == 1) {
		hex_center(p, lm->p.h[0], &x, &y);
		rules_svg_circle(s, x, y, 0.8, "last-move", "lm-ring");
	}
	if (lc->target >= 0) {
		char id[24];
		rules_svg_group(s, "last-combat", NULL);
		hex_center(p, lc->target, &x, &y);
		for (int k = 0; k < lc->natt; k++) {
			hex_center(p, lc->att[k], &ax, &ay);
			between(s, ax, ay, x, y, "lc-att", "arrow-c");
		}
		rules_svg_circle(s, x, y, 0.72, NULL, "lc-target");
		for (int k = 0; k < lc->nlegs; k++) {
			snprintf(id, sizeof(id), "last-leg%d", k);
			if (lc->legs[k].n >= 2)
				path_line(s, p, &lc->legs[k], id, "lc-leg", "arrow-c");
		}
		rules_svg_label(s, x + 0.55, y - 0.35, "lc-result", fm__result_name(lc->result));
		rules_svg_close(s);
	}
	rules_svg_close(s);
}

/* The battle being fought (public: its hex and the units in it). */
static void battle_map(struct rules_svg *s, const struct pic *p)
{
	const struct fm_battle *b = &p->g->b;
	double x, y, ax, ay;

	rules_svg_group(s, "battle", NULL);
	if (b->active) {
		hex_center(p, b->target, &x, &y);
		for (int k = 0; k < b->natt; k++) {
			if (p->g->u[b->att[k]].where != FM_W_MAP)
				continue;
			hex_center(p, p->g->u[b->att[k]].hex, &ax, &ay);
			between(s, ax, ay, x, y, "bt-att", "arrow-b");
		}
		rules_svg_circle(s, x, y, 0.8, "battle-hex", "bt-target");
	}
	rules_svg_close(s);
}

static void counters(struct rules_svg *s, const struct pic *p)
{
	const struct fm_game *g = p->g;

	rules_svg_group(s, "counters", NULL);
	for (int i = 0; i < g->nunits; i++) {
		double x, y;
		int below = 0;
		if (g->u[i].where != FM_W_MAP)
			continue;
		/* a second unit in the hex (a beach assault) sits a little aside */
		for (int j = 0; j < i; j++)
			below += g->u[j].where == FM_W_MAP && g->u[j].hex == g->u[i].hex;
		hex_center(p, g->u[i].hex, &x, &y);
		counter(s, p, i, x + 0.28 * below, y + 0.05 + 0.2 * below);
	}
	rules_svg_close(s);
}

/* ---- the panel ---- */

/* A support fire marker square with its top left at world (x, y): its id and value, or "?"
 * face down. */
static void marker_at(struct rules_svg *s, const struct fm_scenario *sc, double x, double y,
                      int side, int k, int shown)
{
	const struct fm_marker_def *d = &sc->markers[side][k];
	char val[16];

	rules_svg_group_at(s, NULL, shown ? "marker" : "marker face-down", x, y);
	if (shown)
		rules_svg_attr(s, "data-marker", d->id);
	rules_svg_open(s, "rect");
	rules_svg_attr_num(s, "width", rules_svg_ulen(s, MARKER_W - 0.12));
	rules_svg_attr_num(s, "height", rules_svg_ulen(s, 0.78));
	rules_svg_attr(s, "rx", "3");
	rules_svg_close(s);
	if (shown) {
		snprintf(val, sizeof(val), "+%d", d->value);
		rules_svg_open(s, "text");
		rules_svg_attr_num(s, "x", rules_svg_ulen(s, (MARKER_W - 0.12) / 2));
		rules_svg_attr_num(s, "y", rules_svg_ulen(s, 0.33));
		rules_svg_text_close(s, d->id);
		rules_svg_open(s, "text");
		rules_svg_attr_num(s, "x", rules_svg_ulen(s, (MARKER_W - 0.12) / 2));
		rules_svg_attr_num(s, "y", rules_svg_ulen(s, 0.66));
		rules_svg_text_close(s, val);
	} else {
		rules_svg_open(s, "text");
		rules_svg_attr_num(s, "x", rules_svg_ulen(s, (MARKER_W - 0.12) / 2));
		rules_svg_attr_num(s, "y", rules_svg_ulen(s, 0.5));
		rules_svg_text_close(s, "?");
	}
	rules_svg_close(s);
}

/* Rows of marker squares: n markers of side (the k-th is marks[k]), shown or face down. */
static void marker_rows(struct rules_svg *s, const struct pic *p, double *y, int side,
                        const int *marks, int n, const int *shown)
{
	for (int k = 0; k < n; k++) {
		if (k % MARKERS_RW == 0)
			*y += k ? 0.9 : 0.15;
		marker_at(s, p->sc, p->px + 0.2 + (k % MARKERS_RW) * MARKER_W, *y, side, marks[k],
		          shown[k]);
	}
	if (n > 0)
		*y += 0.78;
}

static void status(struct rules_svg *s, const struct pic *p, double *y)
{
	const struct fm_game *g = p->g;
	const struct fm_scenario *sc = p->sc;
	struct rules_pending pend;

	ptext(s, y, p->px, "pT", "%s", sc->title);
	*y += 0.15;
	if (g->over)
		ptext(s, y, p->px, "pt", "Game over: %s", g->summary);
	else if (g->phase == FM_PH_SETUP)
		ptext(s, y, p->px, "pt", "Set-up: %s places", sc->side_names[g->active]);
	else
		ptext(s, y, p->px, "pt", "Turn %d of %d%s%s%s: %s player turn, %s", g->turn,
		      sc->turns, sc->labels[g->turn][0] ? " (" : "", sc->labels[g->turn],
		      sc->labels[g->turn][0] ? ")" : "", sc->side_names[g->active],
		      fm__phase_name(g->phase));
	fm__pending((const struct rules_game *)g, &pend);
	for (int k = 0; k < RULES_SIDES; k++)
		if (pend.sides & RULES_AUD_SIDE(k))
			ptext(s, y, p->px, "pt", "Waiting for %s: %s", sc->side_names[k],
			      pend.what[k]);
	if (p->reach >= 0) {
		int n = 0;
		for (int h = 0; p->cost != NULL && h < sc->map.grid.count; h++)
			n += p->cost[h] >= 0;
		if (p->note[0])
			ptext(s, y, p->px, "pt", "%s", p->note);
		else
			ptext(s, y, p->px, "pt",
			      "Yellow: the %d hex%s %s can reach (MP it costs to end there)", n,
			      n == 1 ? "" : "es", fm__def(g, p->reach)->id);
	}
	if (p->mark != NULL)
		ptext(s, y, p->px, "pt", "Purple: the hexes asked for (hexes=)");
}

static void legend(struct rules_svg *s, const struct pic *p, double *y)
{
	const struct fm_scenario *sc = p->sc;
	int used[RULES_SVG_SYM_COUNT] = {0};

	*y += 0.25;
	ptext(s, y, p->px, "ph", "Map");
	*y += 0.15;
	*y += rules_svg_hexmap_legend(s, &sc->map, p->px + 0.2, *y);
	ptext(s, y, p->px, "ph", "Units");
	rules_svg_group(s, "legend-units", NULL);
	for (int k = 0; k < RULES_SIDES; k++) {
		char cls[8];
		snprintf(cls, sizeof(cls), "sw%d", k);
		rules_svg_rect(s, p->px + 0.2, *y + 0.15, 0.7, 0.45, NULL, cls);
		rules_svg_label(s, p->px + 1.15, *y + 0.5, "pt", sc->side_names[k]);
		*y += 0.62;
	}
	for (int i = 0; i < sc->nunits; i++) {
		enum rules_svg_symbol sym = rules_svg_symbol_of(sc->units[i].type);
		if (used[sym]++)
			continue;
		rules_svg_symbol(s, p->px + 0.55, *y + 0.38, 0.7, sym, sc->units[i].type);
		rules_svg_label(s, p->px + 1.15, *y + 0.5, "pt",
		                sym == RULES_SVG_SYM_NONE ? sc->units[i].type
		                                          : rules_svg_symbol_name(sym));
		*y += 0.62;
	}
	ptext(s, y, p->px + 0.2, "pt",
	      "Counters: designation, echelon, symbol, attack-defense-MA; a red band: "
	      "reduced");
	rules_svg_close(s);
}

static void markers(struct rules_svg *s, const struct pic *p, double *y)
{
	const struct fm_game *g = p->g;
	const struct fm_scenario *sc = p->sc;
	const struct fm_battle *b = &g->b;
	char buf[RULES_HEX_ID_MAX];

	*y += 0.25;
	ptext(s, y, p->px, "ph", "Support fire markers");
	for (int k = 0; k < RULES_SIDES; k++) {
		int n[FM_M_GONE + 1] = {0};
		for (int q = 0; q < sc->nmarkers[k]; q++)
			n[g->m[k][q].where]++;
		ptext(s, y, p->px + 0.2, "pt",
		      "%s: %d this turn, %d committed, %d used, %d in the pool", sc->side_names[k],
		      n[FM_M_HAND], n[FM_M_COMMITTED], n[FM_M_USED], n[FM_M_POOL]);
	}
	if (!b->active)
		return;
	*y += 0.2;
	if (b->bombard)
		ptext(s, y, p->px, "ph", "Bombardment of %s in %s", fm__def(g, b->def[0])->id,
		      fm__hex_id(g, b->target, buf));
	else {
		char att[200] = "";
		size_t len = 0;
		for (int k = 0; k < b->natt && len < sizeof(att); k++)
			len += (size_t)snprintf(att + len, sizeof(att) - len, "%s%s", k ? ", " : "",
			                        fm__def(g, b->att[k])->id);
		ptext(s, y, p->px, "ph", "Battle in %s: %s attack %s%s",
		      fm__hex_id(g, b->target, buf), att, b->ndef ? fm__def(g, b->def[0])->id : "?",
		      b->step >= 1 && b->step <= 4 ? " (support fire)" : "");
	}
	for (int sd = 0; sd < RULES_SIDES; sd++) {
		int marks[FM_MAX_BATTLE_MARKERS], shown[FM_MAX_BATTLE_MARKERS];
		for (int k = 0; k < b->nmark[sd]; k++) {
			marks[k] = b->mark[sd][k];
			/* public: only what everyone knows (the owner's view is the private part)
			 */
			shown[k] = g->m[sd][marks[k]].revealed;
		}
		ptext(s, y, p->px + 0.2, "pt", "%s: %d marker%s%s", sc->side_names[sd],
		      b->nmark[sd], b->nmark[sd] == 1 ? "" : "s", b->nmark[sd] ? ":" : "");
		marker_rows(s, p, y, sd, marks, b->nmark[sd], shown);
	}
	if (b->step == 5 && b->die > 0)
		ptext(s, y, p->px + 0.2, "pt",
		      "%d vs %d, differential %+d, %s line, column %s, die %d: %s", b->att_total,
		      b->def_total, b->diff, sc->crt.lines[b->line].name, sc->crt.labels[b->label],
		      b->die, fm__result_name(b->result));
}

static void path_text(const struct pic *p, const struct fm_last_path *lp, char *buf, size_t n)
{
	char id[RULES_HEX_ID_MAX];
	size_t len = 0;

	buf[0] = '\0';
	for (int k = 0; k < lp->n && len < n; k++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s", k ? "-" : "",
		                        fm__hex_id(p->g, lp->h[k], id));
}

static void lasts(struct rules_svg *s, const struct pic *p, double *y)
{
	const struct fm_game *g = p->g;
	const struct fm_last_move *lm = &g->last_move;
	const struct fm_last_combat *lc = &g->last_combat;
	char path[FM_LAST_PATH * 6], buf[RULES_HEX_ID_MAX];

	if (lm->p.unit < 0 && lc->target < 0)
		return;
	*y += 0.25;
	if (lm->p.unit >= 0) {
		path_text(p, &lm->p, path, sizeof(path));
		ptext(s, y, p->px, "pt", "Last move (red, turn %d): %s %s%s", lm->turn,
		      fm__def(g, lm->p.unit)->id, lm->p.n == 1 ? "entered at " : "", path);
	}
	if (lc->target >= 0) {
		ptext(s, y, p->px, "pt", "Last combat (purple, turn %d): %s %s: %s (die %d)",
		      lc->turn, lc->bombard ? "bombardment of" : "attack on",
		      fm__hex_id(g, lc->target, buf), fm__result_name(lc->result), lc->die);
		for (int k = 0; k < lc->nlegs; k++) {
			static const char *const kinds[] = {"retreated", "was displaced",
			                                    "advanced"};
			path_text(p, &lc->legs[k], path, sizeof(path));
			ptext(s, y, p->px + 0.2, "pt", "%s %s %s",
			      lc->legs[k].unit >= 0 ? fm__def(g, lc->legs[k].unit)->id : "?",
			      kinds[lc->legs[k].kind % 3], path);
		}
	}
}

static void off_map(struct rules_svg *s, const struct pic *p, double *y)
{
	static const struct {
		int where;
		const char *title;
	} groups[] = {
	    {FM_W_UNPLACED, "Set-up choices (not placed yet)"},
	    {FM_W_WAITING, "Reinforcements (turn of arrival)"},
	    {FM_W_HELD, "Held off the map"},
	    {FM_W_ELIMINATED, "Eliminated"},
	    {FM_W_REMOVED, "Removed"},
	};
	const struct fm_game *g = p->g;

	rules_svg_group(s, "off-map", NULL);
	for (size_t q = 0; q < sizeof(groups) / sizeof(groups[0]); q++) {
		int n = 0;
		for (int i = 0; i < g->nunits; i++) {
			double x;
			if (g->u[i].where != groups[q].where)
				continue;
			if (n == 0) {
				*y += 0.25;
				ptext(s, y, p->px, "ph", "%s", groups[q].title);
				*y += 0.1;
			}
			if (n % PER_ROW == 0)
				*y += n ? 1.5 : 0;
			x = p->px + 0.75 + (n % PER_ROW) * 1.3;
			counter(s, p, i, x, *y + 0.6);
			if (groups[q].where == FM_W_WAITING) {
				char t[16];
				snprintf(t, sizeof(t), "turn %d", fm__def(g, i)->arrive_turn);
				rules_svg_label(s, x, *y + 1.38, "pc", t);
			}
			n++;
		}
		if (n)
			*y += 1.5;
	}
	rules_svg_close(s);
}

/* The public panel from *y down. */
static void panel(struct rules_svg *s, const struct pic *p, double *y)
{
	rules_svg_group(s, "panel", NULL);
	status(s, p, y);
	legend(s, p, y);
	markers(s, p, y);
	lasts(s, p, y);
	off_map(s, p, y);
	rules_svg_close(s);
}

/* What viewer alone knows, from *y down: where it takes room depends only on public counts. */
static void private_part(struct rules_svg *s, const struct pic *p, int viewer, double *y)
{
	const struct fm_game *g = p->g;
	const struct fm_scenario *sc = p->sc;
	int hand[FM_MAX_MARKERS], face[FM_MAX_MARKERS], shown[FM_MAX_MARKERS], nh = 0, nf = 0;

	rules_svg_group(s, "private", NULL);
	*y += 0.25;
	if (viewer < 0 || viewer >= RULES_SIDES) {
		ptext(s, y, p->px, "ph", "You are a spectator");
		rules_svg_close(s);
		return;
	}
	ptext(s, y, p->px, "ph", "You play %s", sc->side_names[viewer]);
	if (g->opt.pick_blind) {
		ptext(s, y, p->px + 0.2, "pt",
		      "Markers are picked blind when played (support draw)");
		rules_svg_close(s);
		return;
	}
	for (int k = 0; k < sc->nmarkers[viewer]; k++) {
		if (g->m[viewer][k].where == FM_M_HAND)
			hand[nh++] = k;
		else if (g->m[viewer][k].where == FM_M_COMMITTED && !g->m[viewer][k].revealed)
			face[nf++] = k;
	}
	for (int k = 0; k < FM_MAX_MARKERS; k++)
		shown[k] = 1;
	ptext(s, y, p->px + 0.2, "pt", "Your support fire markers this turn:%s", nh ? "" : " none");
	marker_rows(s, p, y, viewer, hand, nh, shown);
	if (nf > 0) {
		ptext(s, y, p->px + 0.2, "pt", "Your face-down markers in the battle:");
		marker_rows(s, p, y, viewer, face, nf, shown);
	}
	rules_svg_close(s);
}

/* ---- the picture ---- */

char *fm__picture(const struct rules_game *rg, const struct rules_viewer *who, int argc,
                  char **argv, struct rules_error *err)
{
	const struct fm_game *g = (const struct fm_game *)rg;
	const struct rules_svg_space space = {SCALE, MARGIN, MARGIN};
	struct pic p = {.g = g, .sc = g->sc, .viewer = who->side, .reach = -1};
	struct rules_svg s, measure;
	char title[300], *out;
	double h, pub = 0, priv = 0, y;

	if (parse_args(&p, argc, argv, err) != 0) {
		free(p.cost);
		free(p.mark);
		return NULL;
	}
	rules_svg_hex_extent(&g->sc->map.grid, &p.mw, &p.mh);
	p.px = p.mw + 0.6;
	/* the heights: the public panel, and the largest private part any viewer has */
	memset(&measure, 0, sizeof(measure));
	measure.failed = 1; /* draws nothing */
	measure.space = space;
	panel(&measure, &p, &pub);
	for (int v = 0; v <= RULES_SPECTATOR; v++) {
		double one = 0;
		private_part(&measure, &p, v, &one);
		if (one > priv)
			priv = one;
	}
	h = pub + priv + 0.6 > p.mh ? pub + priv + 0.6 : p.mh;
	if (g->over || g->phase == FM_PH_SETUP)
		snprintf(title, sizeof(title), "%s: %s", g->sc->title,
		         g->over ? "game over" : "set-up");
	else
		snprintf(title, sizeof(title), "%s: turn %d, %s %s", g->sc->title, g->turn,
		         g->sc->side_names[g->active], fm__phase_name(g->phase));
	rules_svg_begin(&s, &space, p.px + PANEL_W, h, title);
	style(&s, &p);
	defs(&s);
	rules_svg_hexmap_terrain(&s, &g->sc->map);
	rules_svg_hexmap_sides(&s, &g->sc->map);
	rules_svg_hexmap_roads(&s, &g->sc->map);
	forts(&s, &p);
	highlights(&s, &p);
	rules_svg_hexmap_numbers(&s, &g->sc->map);
	rules_svg_hexmap_names(&s, &g->sc->map);
	last(&s, &p);
	battle_map(&s, &p);
	counters(&s, &p);
	rules_svg_rect(&s, p.px - 0.3, 0, PANEL_W + 0.3, h, NULL, "panel-bg");
	y = 0;
	panel(&s, &p, &y);
	y = pub; /* the same place for every viewer */
	private_part(&s, &p, who->side, &y);
	free(p.cost);
	free(p.mark);
	out = rules_svg_finish(&s);
	if (out == NULL)
		rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	return out;
}
