/*
 * board.c -- the Campaign's board for people: the `map` query and the board
 * window of view() as text (rules/core/textmap.h draws the hex cells), and
 * `map svg`, the picture (rules/core/svg_hex.h).
 *
 * A cell (width 8):
 *
 *        ________
 *       /1709 T!^\       hex id, terrain glyph; ! the battle's hex, ^ a
 *      /a:4CAD+1  \      fortification; then each side's units: side initial,
 *      \g:64      /      the first HQ (or unit) id, +n more units on the map
 *       \________/       there; an empty hex shows its place name.
 *
 * Only what the table shows is drawn: HQs and detached units; never the
 * contents of a holding box, so every viewer gets the same board.
 */
#include "camp_int.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rules/core/svg_hex.h"
#include "rules/core/textmap.h"

#define CELL_W 8

struct board {
	const struct camp_game *g;
	cJSON *out;
	struct rules_hexmap_view mv;
	int lines;
	unsigned seen; /* 1 units, 2 battle, 4 fortification */
};

static void board_line(void *ctx, const char *text)
{
	struct board *b = ctx;

	b->lines++;
	if (b->out != NULL)
		camp__line(b->out, "%s", text);
}

/* side's units on the map at hex: the first (an HQ first), and how many more. */
static int occupants(const struct camp_game *g, int hex, int side, int *more)
{
	int first = -1, n = 0;

	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < g->nunits; i++) {
			if (g->u[i].where != CAMP_W_MAP || g->u[i].hex != hex ||
			    g->sc->units[i].side != side ||
			    (pass == 0) != (g->sc->units[i].hq != 0))
				continue;
			if (first < 0)
				first = i;
			n++;
		}
	*more = n > 0 ? n - 1 : 0;
	return first;
}

static void board_cell(void *ctx, int hex, char text[3][RULES_TEXTMAP_LINE])
{
	struct board *b = ctx;
	const struct camp_game *g = b->g;
	int any = 0;

	/* text[0] is the id and the glyph padded to the cell width: marks at its end */
	if (g->b.stage != CAMP_B_NONE && hex == g->b.target) {
		text[0][CELL_W - 2] = '!';
		b->seen |= 2;
	}
	if (camp__hex_fort(g, hex)) {
		text[0][CELL_W - 1] = '^';
		b->seen |= 4;
	}
	for (int s = 0; s < RULES_SIDES; s++) {
		int more, u = occupants(g, hex, s, &more);
		if (u < 0)
			continue;
		any = 1;
		b->seen |= 1;
		if (more)
			snprintf(text[1 + s], RULES_TEXTMAP_LINE, "%c:%.5s+%d", s == 0 ? 'a' : 'g',
			         camp__uid(g, u), more);
		else
			snprintf(text[1 + s], RULES_TEXTMAP_LINE, "%c:%s", s == 0 ? 'a' : 'g',
			         camp__uid(g, u));
	}
	if (!any && g->sc->map.hex_name[hex][0])
		snprintf(text[1], RULES_TEXTMAP_LINE, "%s", g->sc->map.hex_name[hex]);
}

static void board_init(struct board *b, const struct camp_game *g, cJSON *out)
{
	memset(b, 0, sizeof(*b));
	b->g = g;
	b->out = out;
	rules_hexmap_view_init(&b->mv, &g->sc->map, CELL_W);
	b->mv.cell = board_cell;
	b->mv.ctx = b;
}

static void legend(struct board *b, int cols)
{
	struct rules_legend lg;

	rules_legend_init(&lg);
	rules_hexmap_legend(&b->mv, &lg);
	if (b->seen & 1) {
		rules_legend_add(&lg, "units:", "a:allied");
		rules_legend_add(&lg, "units:", "g:german");
		rules_legend_add(&lg, "units:", "+n more units in the hex (hex <id>)");
	}
	if (b->seen & 2)
		rules_legend_add(&lg, "marks:", "! battle");
	if (b->seen & 4)
		rules_legend_add(&lg, "marks:", "^ fortification");
	rules_legend_lines(&lg, cols, board_line, b);
}

static void draw(struct board *b, int c1, int c2, int r1, int r2)
{
	b->mv.c1 = c1;
	b->mv.c2 = c2;
	b->mv.r1 = r1;
	b->mv.r2 = r2;
	rules_hexmap_draw(&b->mv, board_line, b);
}

/* The units of side on the map inside the window c1..c2, r1..r2. */
static int units_in(const struct camp_game *g, int side, int c1, int c2, int r1, int r2)
{
	const struct rules_hex_grid *gr = &g->sc->map.grid;
	int n = 0;

	for (int i = 0; i < g->nunits; i++) {
		int c, r;
		if (g->u[i].where != CAMP_W_MAP || g->sc->units[i].side != side)
			continue;
		c = rules_hex_col(gr, g->u[i].hex);
		r = rules_hex_row(gr, g->u[i].hex);
		n += c >= c1 && c <= c2 && r >= r1 && r <= r2;
	}
	return n;
}

/* The hex the window of ncols x nrows centres on: the battle, else the unit of side (the
 * viewer's, or the phasing side's for a spectator) whose window holds most of side's units
 * (then most enemy units), else the map's middle. */
static int active_hex(const struct camp_game *g, int side, int ncols, int nrows)
{
	const struct rules_hex_grid *gr = &g->sc->map.grid;
	int best = -1, score = -1;

	if (g->b.stage != CAMP_B_NONE)
		return g->b.target;
	for (int i = 0; i < g->nunits; i++) {
		int c1, c2, r1, r2, sc;
		if (g->u[i].where != CAMP_W_MAP || g->sc->units[i].side != side)
			continue;
		rules_textmap_around(gr, g->u[i].hex, ncols, nrows, &c1, &c2, &r1, &r2);
		sc = units_in(g, side, c1, c2, r1, r2) * (g->nunits + 1) +
		     units_in(g, 1 - side, c1, c2, r1, r2);
		if (sc > score) {
			score = sc;
			best = g->u[i].hex;
		}
	}
	if (best >= 0)
		return best;
	return rules_hex_index(gr, (gr->col_min + gr->col_max) / 2,
	                       (gr->row_min + gr->row_max) / 2);
}

static int text_cols(const struct rules_viewer *who)
{
	int cols = (who->cols > 0 ? who->cols : RULES_COLS_DEFAULT) - 2;

	return cols < 20 ? 20 : cols;
}

void camp__board_lines(const struct camp_game *g, const struct rules_viewer *who, cJSON *arr)
{
	struct board b;
	const struct rules_hex_grid *gr = &g->sc->map.grid;
	int cols = text_cols(who), c1, c2, r1, r2, nrows, ncols;
	cJSON *holder = cJSON_CreateObject();

	cJSON_AddItemReferenceToObject(holder, "lines", arr);
	board_init(&b, g, holder);
	ncols = rules_textmap_fit_cols(CELL_W, cols);
	nrows = rules_textmap_fit_rows((who->rows > 0 ? who->rows : RULES_ROWS_DEFAULT) - 12);
	if (nrows < 2)
		nrows = 2;
	rules_textmap_around(
	    gr,
	    active_hex(g, who->side >= 0 && who->side < RULES_SIDES ? who->side : g->phasing, ncols,
	               nrows),
	    ncols, nrows, &c1, &c2, &r1, &r2);
	draw(&b, c1, c2, r1, r2);
	legend(&b, cols);
	cJSON_Delete(holder);
}

int camp__q_map(const struct camp_game *g, const struct rules_viewer *who, int argc, char **argv,
                cJSON *out, struct rules_error *err)
{
	const struct rules_hex_grid *gr = &g->sc->map.grid;
	int hex[2] = {-1, -1}, nhex = 0, all = 0, cols = text_cols(who), c1, c2, r1, r2, per;
	int lines = (who->rows > 0 ? who->rows : RULES_ROWS_DEFAULT) - 4;
	struct board b;
	char a[RULES_HEX_ID_MAX], z[RULES_HEX_ID_MAX];

	for (int k = 1; k < argc; k++) {
		if (strcasecmp(argv[k], "all") == 0)
			all = 1;
		else if ((hex[nhex++] = rules_hex_parse(gr, argv[k])) < 0)
			return rules_fail(
			    err,
			    isdigit((unsigned char)argv[k][0]) ? WG_E_NO_SUCH_HEX : WG_E_BAD_ARGS,
			    "",
			    "no hex '%s' on this map (%s to %s); usage: map [<hex> [<hex>] "
			    "| all] | map svg",
			    argv[k], camp__hex_id(g, 0, a), camp__hex_id(g, gr->count - 1, z));
	}
	if (all && nhex > 0)
		return rules_fail(err, WG_E_BAD_ARGS, "", "all is the whole map, no hex with it");
	board_init(&b, g, out);
	if (all || nhex == 2) {
		c1 = all ? gr->col_min : rules_hex_col(gr, hex[0]);
		c2 = all ? gr->col_max : rules_hex_col(gr, hex[1]);
		r1 = all ? gr->row_min : rules_hex_row(gr, hex[0]);
		r2 = all ? gr->row_max : rules_hex_row(gr, hex[1]);
		if (c1 > c2)
			per = c1, c1 = c2, c2 = per;
		if (r1 > r2)
			per = r1, r1 = r2, r2 = per;
	} else {
		int ncols = rules_textmap_fit_cols(CELL_W, cols),
		    nrows = rules_textmap_fit_rows(lines);
		int side = who->side >= 0 && who->side < RULES_SIDES ? who->side : g->phasing;
		if (nrows < 1)
			nrows = 1;
		rules_textmap_around(gr, hex[0] >= 0 ? hex[0] : active_hex(g, side, ncols, nrows),
		                     ncols, nrows, &c1, &c2, &r1, &r2);
	}
	per = rules_textmap_fit_cols(CELL_W, cols);
	camp__line(out, "map %s-%s of %s-%s; also: map <hex> | <hex> <hex> | all | svg",
	           camp__hex_id(g, rules_hex_index(gr, c1, r1), a),
	           camp__hex_id(g, rules_hex_index(gr, c2, r2), z),
	           camp__hex_id(g, 0, (char[16]){0}),
	           camp__hex_id(g, gr->count - 1, (char[16]){0}));
	for (int s = c1; s <= c2; s += per) {
		int e = s + per - 1 > c2 ? c2 : s + per - 1;
		if (c2 - c1 + 1 > per)
			camp__line(out, "columns %d-%d", s, e);
		draw(&b, s, e, r1, r2);
	}
	legend(&b, cols);
	{
		cJSON *w = cJSON_AddObjectToObject(out, "window");
		cJSON_AddNumberToObject(w, "col_min", c1);
		cJSON_AddNumberToObject(w, "col_max", c2);
		cJSON_AddNumberToObject(w, "row_min", r1);
		cJSON_AddNumberToObject(w, "row_max", r2);
	}
	return 0;
}

/* ---- the picture ------------------------------------------------------------------------- */

#define SCALE   40.0
#define MARGIN  10.0
#define COUNTER 0.9
#define PANEL_W 7.0

static const char *const side_fill[RULES_SIDES] = {"#c9a66b", "#9ea7a8"};

static void counter(struct rules_svg *s, const struct camp_game *g, int unit, double x, double y)
{
	const struct camp_unit_def *d = &g->sc->units[unit];
	char id[16], val[32], title[200], hb[RULES_HEX_ID_MAX];
	struct rules_svg_counter c;

	snprintf(id, sizeof(id), "u%d", unit);
	if (d->hq)
		snprintf(val, sizeof(val), "HQ");
	else
		camp__factors(g, unit, val, sizeof(val));
	snprintf(title, sizeof(title), "%s, %s %s %s, in %s", d->name, camp__nat_name(d->nat),
	         d->hq ? "HQ" : d->type, d->size, camp__hex_id(g, g->u[unit].hex, hb));
	memset(&c, 0, sizeof(c));
	c.id = id;
	c.cls = d->side == 0 ? "side0" : "side1";
	c.title = title;
	c.data_id = d->id;
	c.label = d->id;
	c.size = d->size;
	c.type = d->hq ? "hq" : d->type;
	c.sym = rules_svg_symbol_of(c.type);
	c.values = val;
	c.fill = side_fill[d->side];
	c.reduced = g->u[unit].hits > 0;
	rules_svg_counter(s, x, y, COUNTER, &c);
}

static void counters(struct rules_svg *s, const struct camp_game *g)
{
	const struct rules_hex_grid *gr = &g->sc->map.grid;

	rules_svg_group(s, "units", NULL);
	for (int h = 0; h < gr->count; h++) {
		int shown = 0, total = 0;
		double x, y;
		rules_svg_hex_center(gr, h, &x, &y);
		for (int pass = 0; pass < 2; pass++)
			for (int i = 0; i < g->nunits; i++) {
				if (g->u[i].where != CAMP_W_MAP || g->u[i].hex != h ||
				    (pass == 0) != (g->sc->units[i].hq != 0))
					continue;
				total++;
				if (shown < 3) {
					counter(s, g, i, x - 0.25 + 0.25 * shown,
					        y - 0.2 + 0.2 * shown);
					shown++;
				}
			}
		if (total > shown) {
			char more[16];
			snprintf(more, sizeof(more), "+%d", total - shown);
			rules_svg_label(s, x + 0.55, y + 0.7, "more", more);
		}
	}
	rules_svg_close(s);
}

static void panel(struct rules_svg *s, const struct camp_game *g, const struct rules_viewer *who,
                  double x)
{
	char line[200], hand[64];
	int vp[RULES_SIDES];
	double y = 0.8;

	camp__victory_points(g, vp);
	rules_svg_group(s, "panel", NULL);
	snprintf(line, sizeof(line), "Turn %d of %d", g->turn, g->sc->turns);
	rules_svg_label(s, x, y, "pT", line);
	y += 0.6;
	snprintf(line, sizeof(line), "%s, %s", g->phasing == 0 ? "Allied" : "German",
	         g->phase == CAMP_PH_PREP       ? "Preparation"
	         : g->phase == CAMP_PH_OPS      ? "Operations"
	         : g->phase == CAMP_PH_PLANNING ? "Planning"
	         : g->over                      ? "game over"
	                                        : "set-up");
	rules_svg_label(s, x, y, "pt", line);
	y += 0.5;
	snprintf(line, sizeof(line), "Hands: allied %d, german %d", camp__hand_size(g, 0),
	         camp__hand_size(g, 1));
	rules_svg_label(s, x, y, "pt", line);
	y += 0.5;
	if (who->side >= 0 && who->side < RULES_SIDES) {
		snprintf(line, sizeof(line), "Your hand: %s",
		         camp__hand_text(g->hand[who->side], hand, sizeof(hand)));
		rules_svg_label(s, x, y, "pt", line);
	}
	y += 0.5;
	snprintf(line, sizeof(line), "Coastal artillery left: %d", camp__coastal_left(g, 0));
	rules_svg_label(s, x, y, "pt", line);
	y += 0.5;
	snprintf(line, sizeof(line), "VP now: allied %g, german %g", vp[0] / 2.0, vp[1] / 2.0);
	rules_svg_label(s, x, y, "pt", line);
	y += 0.7;
	rules_svg_hexmap_legend(s, &g->sc->map, x, y);
	rules_svg_close(s);
}

char *camp__picture(const struct rules_game *rg, const struct rules_viewer *who, int argc,
                    char **argv, struct rules_error *err)
{
	const struct camp_game *g = (const struct camp_game *)rg;
	const struct rules_svg_space space = {SCALE, MARGIN, MARGIN};
	struct rules_svg s;
	double w, h;
	char title[200], *out;

	if (argc < 1 || strcasecmp(argv[0], "svg") != 0) {
		rules_fail(err, WG_E_BAD_ARGS, "", "the picture is map svg");
		return NULL;
	}
	if (argc > 1) {
		rules_fail(err, WG_E_BAD_ARGS, "", "map svg takes no option in this game");
		return NULL;
	}
	rules_svg_hex_extent(&g->sc->map.grid, &w, &h);
	snprintf(title, sizeof(title), "%s: turn %d", g->sc->title, g->turn);
	rules_svg_begin(&s, &space, w + 0.6 + PANEL_W, h < 12 ? 12 : h, title);
	rules_svg_style_begin(&s);
	rules_svg_css(&s, "svg{background:#fbfaf4}");
	rules_svg_hexmap_css(&s, &g->sc->map);
	rules_svg_counter_css(&s, COUNTER);
	rules_svg_css(&s, ".battle{fill:none;stroke:#ff6d00;stroke-width:4}");
	rules_svg_css(&s, "text.pT{font:bold %.1fpx sans-serif;fill:#111}", 0.42 * SCALE);
	rules_svg_css(&s, "text.pt{font:%.1fpx sans-serif;fill:#222}", 0.29 * SCALE);
	rules_svg_css(&s, "text.more{font:bold %.1fpx sans-serif;fill:#222}", 0.3 * SCALE);
	rules_svg_style_end(&s);
	rules_svg_open(&s, "defs");
	rules_svg_hex_defs(&s);
	rules_svg_close(&s);
	rules_svg_hexmap_terrain(&s, &g->sc->map);
	rules_svg_hexmap_sides(&s, &g->sc->map);
	rules_svg_hexmap_roads(&s, &g->sc->map);
	rules_svg_hexmap_numbers(&s, &g->sc->map);
	rules_svg_hexmap_names(&s, &g->sc->map);
	if (g->b.stage != CAMP_B_NONE)
		rules_svg_hex_use(&s, &g->sc->map.grid, g->b.target, "battle", "battle");
	counters(&s, g);
	panel(&s, g, who, w + 0.6);
	out = rules_svg_finish(&s);
	if (out == NULL)
		rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	return out;
}
