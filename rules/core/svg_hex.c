/*
 * svg_hex.c -- hex grid geometry in world units and the layers of a hex
 * terrain map in SVG.  See svg_hex.h.
 */
#include "svg_hex.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- geometry ---- */

void rules_svg_hex_center(const struct rules_hex_grid *g, int hex, double *x, double *y)
{
	int col = rules_hex_col(g, hex), row = rules_hex_row(g, hex);

	*x = 1.0 + 1.5 * (col - g->col_min);
	*y = RULES_SVG_SQRT3 * (row - g->row_min + 0.5 + 0.5 * rules_hex_col_shifted(g, col));
}

void rules_svg_hex_corner(const struct rules_hex_grid *g, int hex, int k, double *x, double *y)
{
	static const double cx[6] = {1, 0.5, -0.5, -1, -0.5, 0.5};
	static const double cy[6] = {0, RULES_SVG_SQRT3 / 2,  RULES_SVG_SQRT3 / 2,
	                             0, -RULES_SVG_SQRT3 / 2, -RULES_SVG_SQRT3 / 2};

	rules_svg_hex_center(g, hex, x, y);
	*x += cx[k % 6];
	*y += cy[k % 6];
}

void rules_svg_hex_side(const struct rules_hex_grid *g, int hex, int d, double *xy)
{
	rules_svg_hex_corner(g, hex, (4 + d) % 6, &xy[0], &xy[1]);
	rules_svg_hex_corner(g, hex, (5 + d) % 6, &xy[2], &xy[3]);
}

void rules_svg_hex_extent(const struct rules_hex_grid *g, double *w, double *h)
{
	int shifted = 0;

	for (int c = g->col_min; c <= g->col_max && !shifted; c++)
		shifted = rules_hex_col_shifted(g, c);
	*w = 2.0 + 1.5 * (g->ncols - 1);
	*h = RULES_SVG_SQRT3 * (g->nrows + 0.5 * shifted);
}

void rules_svg_hex_defs(struct rules_svg *s)
{
	double r = rules_svg_ulen(s, 1.0);

	rules_svg_open(s, "path");
	rules_svg_attr(s, "id", "hx");
	rules_svg_value_begin(s, "d");
	for (int k = 0; k < 6; k++) {
		double a = k * (3.14159265358979323846 / 3);
		rules_svg_value_word(s, k ? "L" : "M");
		rules_svg_value_num(s, r * cos(a));
		rules_svg_value_num(s, r * sin(a));
	}
	rules_svg_value_word(s, "Z");
	rules_svg_value_end(s);
	rules_svg_close(s);
}

void rules_svg_hex_use(struct rules_svg *s, const struct rules_hex_grid *g, int hex, const char *id,
                       const char *cls)
{
	double x, y;

	rules_svg_hex_center(g, hex, &x, &y);
	rules_svg_open(s, "use");
	rules_svg_attr(s, "id", id);
	rules_svg_attr(s, "class", cls);
	rules_svg_attr(s, "href", "#hx");
	rules_svg_attr_num(s, "x", rules_svg_ux(s, x));
	rules_svg_attr_num(s, "y", rules_svg_uy(s, y));
	rules_svg_close(s);
}

/* ---- colours ---- */

/* 1 if the id or the name of type t (lower case) contains word. */
static int type_says(const struct rules_terrain *t, const char *word)
{
	char low[96];
	size_t k = 0;

	for (const char *p = t->id; *p && k + 2 < sizeof(low); p++)
		low[k++] = (char)tolower((unsigned char)*p);
	low[k++] = ' ';
	for (const char *p = t->name; *p && k + 1 < sizeof(low); p++)
		low[k++] = (char)tolower((unsigned char)*p);
	low[k] = '\0';
	return strstr(low, word) != NULL;
}

static const struct {
	const char *word;
	const char *fill;
} terrain_fills[] = {
    /* the first word found wins: "flooded" before "sea", "docks" before "city" */
    {"flood", "#a9cdb8"},  {"marsh", "#a9cdb8"},   {"swamp", "#a9cdb8"}, {"polder", "#c4dcb4"},
    {"dock", "#b8b0c8"},   {"port", "#b8b0c8"},    {"harbo", "#b8b0c8"}, {"sea", "#8fbbe3"},
    {"ocean", "#8fbbe3"},  {"river", "#a7cdee"},   {"inlet", "#a7cdee"}, {"estuar", "#a7cdee"},
    {"lake", "#a7cdee"},   {"water", "#a7cdee"},   {"city", "#d7ab98"},  {"town", "#dcb9a6"},
    {"urban", "#d7ab98"},  {"village", "#e2c7b4"}, {"wood", "#8fc07f"},  {"forest", "#7fb56f"},
    {"jungle", "#6fa85f"}, {"bocage", "#a9c88d"},  {"hedge", "#a9c88d"}, {"mountain", "#b99a6b"},
    {"hill", "#d8c28c"},   {"rough", "#cfc29f"},   {"beach", "#f0df9c"}, {"dune", "#f0df9c"},
    {"sand", "#f0df9c"},   {"clear", "#f3efdc"},   {"open", "#f3efdc"},  {"plain", "#f3efdc"},
};

static const char *const palette[] = {"#e6d3a3", "#c9d9a6", "#d6c3e0", "#f0c8a0",
                                      "#b9d7d9", "#e3b8c0", "#cfcfcf", "#d9e3a6"};

const char *rules_svg_terrain_fill(const struct rules_hexmap *m, int t)
{
	for (size_t i = 0; i < sizeof(terrain_fills) / sizeof(terrain_fills[0]); i++)
		if (type_says(&m->terrain[t], terrain_fills[i].word))
			return terrain_fills[i].fill;
	return palette[t % (int)(sizeof(palette) / sizeof(palette[0]))];
}

void rules_svg_side_stroke(const struct rules_hexmap *m, int t, const char **colour, double *width,
                           int *dashed)
{
	const struct rules_terrain *st = &m->sidetypes[t];

	*dashed = 0;
	*width = 3.5;
	if (type_says(st, "barred") || type_says(st, "block")) {
		*colour = "#8b1a1a";
		*width = 5;
	} else if (rules_terrain_has(st, "all_sea") || type_says(st, "sea")) {
		*colour = "#2f6db0";
		*width = 5;
	} else if (type_says(st, "causeway") || type_says(st, "dike") || type_says(st, "dyke")) {
		*colour = "#6b5430";
		*dashed = 1;
	} else if (type_says(st, "canal")) {
		*colour = "#1f5fa8";
	} else if (type_says(st, "river") || type_says(st, "stream") || type_says(st, "creek")) {
		*colour = "#4a90d9";
	} else if (type_says(st, "mine")) {
		*colour = "#b03030";
		*dashed = 1;
	} else if (type_says(st, "cliff") || type_says(st, "escarp") || type_says(st, "ridge")) {
		*colour = "#7a5a2a";
	} else if (st->prohibited) {
		*colour = "#333333";
		*width = 5;
	} else {
		*colour = "#555555";
	}
}

/* The class name of type t ("t-clear", "s-canal"). */
static char *type_class(const char *prefix, const struct rules_terrain *t, char *buf, size_t n)
{
	char name[RULES_MAP_ID];

	snprintf(buf, n, "%s%s", prefix, rules_svg_name(t->id, name, sizeof(name)));
	return buf;
}

/* The type a hex is filled with: its first type other than the default, else the default. */
static int hex_type(const struct rules_hexmap *m, int hex)
{
	for (int t = 0; t < m->nterrain; t++)
		if ((m->hex_terrain[hex] & (1u << t)) && t != m->default_terrain)
			return t;
	return m->default_terrain;
}

void rules_svg_hexmap_css(struct rules_svg *s, const struct rules_hexmap *m)
{
	char cls[RULES_MAP_ID + 4];

	rules_svg_css(s, ".hex{stroke:#8a8a80;stroke-width:0.7}");
	for (int t = 0; t < m->nterrain; t++)
		rules_svg_css(s, ".%s{fill:%s}", type_class("t-", &m->terrain[t], cls, sizeof(cls)),
		              rules_svg_terrain_fill(m, t));
	rules_svg_css(s, ".side{stroke-linecap:round}");
	for (int t = 0; t < m->nsidetypes; t++) {
		const char *colour;
		double width;
		int dashed;
		rules_svg_side_stroke(m, t, &colour, &width, &dashed);
		rules_svg_css(s, ".%s{stroke:%s;stroke-width:%g%s}",
		              type_class("s-", &m->sidetypes[t], cls, sizeof(cls)), colour, width,
		              dashed ? ";stroke-dasharray:6 3" : "");
	}
	rules_svg_css(s, ".bridge{stroke:#222;stroke-width:2}");
	rules_svg_css(s, ".road,.trail{fill:none;stroke:#8a5a2b;stroke-linecap:round}");
	rules_svg_css(s, ".road{stroke-width:2.5}");
	rules_svg_css(s, ".trail{stroke-width:1.5;stroke-dasharray:4 3}");
	rules_svg_css(s, "text.lg{font:%.1fpx sans-serif;fill:#222}", rules_svg_ulen(s, 0.3));
	rules_svg_css(s, "text.hn{font:%.1fpx sans-serif;fill:#555;text-anchor:middle}",
	              rules_svg_ulen(s, 0.26));
	rules_svg_css(s,
	              "text.pn{font:italic %.1fpx serif;fill:#222;text-anchor:middle;"
	              "paint-order:stroke;stroke:#fff;stroke-width:2px;stroke-opacity:.7}",
	              rules_svg_ulen(s, 0.27));
}

void rules_svg_hexmap_terrain(struct rules_svg *s, const struct rules_hexmap *m)
{
	char id[RULES_HEX_ID_MAX + 2], hid[RULES_HEX_ID_MAX], cls[RULES_MAP_ID + 8];

	rules_svg_group(s, "terrain", NULL);
	for (int h = 0; h < m->grid.count; h++) {
		char tc[RULES_MAP_ID + 4];
		snprintf(id, sizeof(id), "h%s", rules_hex_format(&m->grid, h, hid));
		snprintf(cls, sizeof(cls), "hex %s",
		         type_class("t-", &m->terrain[hex_type(m, h)], tc, sizeof(tc)));
		rules_svg_hex_use(s, &m->grid, h, id, cls);
	}
	rules_svg_close(s);
}

void rules_svg_hexmap_sides(struct rules_svg *s, const struct rules_hexmap *m)
{
	int nsides = rules_hex_side_count(&m->grid);

	rules_svg_group(s, "hexsides", NULL);
	for (int sd = 0; sd < nsides; sd++) {
		char id[2 * RULES_HEX_ID_MAX + 24], a_id[RULES_HEX_ID_MAX], b_id[RULES_HEX_ID_MAX];
		char cls[RULES_MAP_ID + 12], tc[RULES_MAP_ID + 4];
		double xy[4];
		int a, b, n = 0;
		if ((m->side_feat[sd] == 0 && !(m->side_flags[sd] & RULES_HF_BRIDGE)) ||
		    rules_hex_side_hexes(&m->grid, sd, &a, &b) != 0)
			continue;
		rules_svg_hex_side(&m->grid, a, rules_hex_direction(&m->grid, a, b), xy);
		rules_hex_format(&m->grid, a, a_id);
		rules_hex_format(&m->grid, b, b_id);
		for (int t = 0; t < m->nsidetypes; t++) {
			if (!(m->side_feat[sd] & (1u << t)))
				continue;
			if (n++ == 0)
				snprintf(id, sizeof(id), "s%s-%s", a_id, b_id);
			else
				snprintf(id, sizeof(id), "s%s-%s-%d", a_id, b_id, n);
			snprintf(cls, sizeof(cls), "side %s",
			         type_class("s-", &m->sidetypes[t], tc, sizeof(tc)));
			rules_svg_line(s, xy[0], xy[1], xy[2], xy[3], id, cls);
		}
		if (m->side_flags[sd] & RULES_HF_BRIDGE) {
			/* two short strokes across the hexside, like a bridge's parapets */
			double mx = (xy[0] + xy[2]) / 2, my = (xy[1] + xy[3]) / 2;
			double ca, cb, cc, cd, nx, ny;
			rules_svg_hex_center(&m->grid, a, &ca, &cb);
			rules_svg_hex_center(&m->grid, b, &cc, &cd);
			nx = (cc - ca) * 0.18;
			ny = (cd - cb) * 0.18;
			for (int k = -1; k <= 1; k += 2) {
				double ox = (xy[2] - xy[0]) * 0.12 * k,
				       oy = (xy[3] - xy[1]) * 0.12 * k;
				rules_svg_line(s, mx + ox - nx, my + oy - ny, mx + ox + nx,
				               my + oy + ny, NULL, "bridge");
			}
		}
	}
	rules_svg_close(s);
}

/* One path of every hexside with flag, centre to centre; nothing when none has it. */
static void flag_path(struct rules_svg *s, const struct rules_hexmap *m, unsigned flag,
                      const char *cls)
{
	int nsides = rules_hex_side_count(&m->grid), open = 0;

	for (int sd = 0; sd < nsides; sd++) {
		double ax, ay, bx, by;
		int a, b;
		if (!(m->side_flags[sd] & flag) || rules_hex_side_hexes(&m->grid, sd, &a, &b) != 0)
			continue;
		if (!open) {
			rules_svg_open(s, "path");
			rules_svg_attr(s, "class", cls);
			rules_svg_value_begin(s, "d");
			open = 1;
		}
		rules_svg_hex_center(&m->grid, a, &ax, &ay);
		rules_svg_hex_center(&m->grid, b, &bx, &by);
		rules_svg_value_word(s, "M");
		rules_svg_value_pt(s, ax, ay);
		rules_svg_value_word(s, "L");
		rules_svg_value_pt(s, bx, by);
	}
	if (open) {
		rules_svg_value_end(s);
		rules_svg_close(s);
	}
}

void rules_svg_hexmap_roads(struct rules_svg *s, const struct rules_hexmap *m)
{
	rules_svg_group(s, "roads", NULL);
	flag_path(s, m, RULES_HF_TRAIL, "trail");
	flag_path(s, m, RULES_HF_ROAD, "road");
	rules_svg_close(s);
}

void rules_svg_hexmap_numbers(struct rules_svg *s, const struct rules_hexmap *m)
{
	char id[RULES_HEX_ID_MAX];

	rules_svg_group(s, "numbers", NULL);
	for (int h = 0; h < m->grid.count; h++) {
		double x, y;
		rules_svg_hex_center(&m->grid, h, &x, &y);
		rules_svg_label(s, x, y - 0.58, "hn", rules_hex_format(&m->grid, h, id));
	}
	rules_svg_close(s);
}

void rules_svg_hexmap_names(struct rules_svg *s, const struct rules_hexmap *m)
{
	rules_svg_group(s, "names", NULL);
	for (int h = 0; h < m->grid.count; h++) {
		double x, y;
		if (m->hex_name[h][0] == '\0')
			continue;
		rules_svg_hex_center(&m->grid, h, &x, &y);
		rules_svg_label(s, x, y + 0.78, "pn", m->hex_name[h]);
	}
	rules_svg_close(s);
}

/* 1 if some hexside has flag. */
static int any_side_flag(const struct rules_hexmap *m, unsigned flag)
{
	int nsides = rules_hex_side_count(&m->grid);

	for (int sd = 0; sd < nsides; sd++)
		if (m->side_flags[sd] & flag)
			return 1;
	return 0;
}

double rules_svg_hexmap_legend(struct rules_svg *s, const struct rules_hexmap *m, double x,
                               double y)
{
	const double row = 0.62;
	char cls[RULES_MAP_ID + 12], tc[RULES_MAP_ID + 4];
	double y0 = y;

	rules_svg_group(s, "legend-map", NULL);
	for (int t = 0; t < m->nterrain; t++) {
		snprintf(cls, sizeof(cls), "hex %s",
		         type_class("t-", &m->terrain[t], tc, sizeof(tc)));
		rules_svg_rect(s, x, y, 0.7, 0.45, NULL, cls);
		rules_svg_label(s, x + 0.95, y + 0.36, "lg", m->terrain[t].name);
		y += row;
	}
	for (int t = 0; t < m->nsidetypes; t++) {
		snprintf(cls, sizeof(cls), "side %s",
		         type_class("s-", &m->sidetypes[t], tc, sizeof(tc)));
		rules_svg_line(s, x, y + 0.22, x + 0.7, y + 0.22, NULL, cls);
		rules_svg_label(s, x + 0.95, y + 0.36, "lg", m->sidetypes[t].name);
		y += row;
	}
	if (any_side_flag(m, RULES_HF_ROAD)) {
		rules_svg_line(s, x, y + 0.22, x + 0.7, y + 0.22, NULL, "road");
		rules_svg_label(s, x + 0.95, y + 0.36, "lg", "Road");
		y += row;
	}
	if (any_side_flag(m, RULES_HF_TRAIL)) {
		rules_svg_line(s, x, y + 0.22, x + 0.7, y + 0.22, NULL, "trail");
		rules_svg_label(s, x + 0.95, y + 0.36, "lg", "Trail");
		y += row;
	}
	rules_svg_close(s);
	return y - y0;
}
