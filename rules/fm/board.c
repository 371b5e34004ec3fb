/*
 * board.c -- the board as text for people: the `map` query and the board
 * window of view()'s text.  rules/core/textmap.h draws the hex cells; this
 * file says what an F&M cell shows, which glyph each hexside takes, what the
 * legend lists, and which window fits the viewer's screen around the active
 * area (the battle, the moving unit, the acting side's units, the map centre).
 *
 * A cell (the default width of 8; wider when a unit id is longer):
 *
 *        ________
 *       /3118 C!a\       hex id, terrain glyph; ! the battle's hex, a zone of
 *      /a:247/15  \      control mark (map zoc); the occupant: side initial and
 *      \5-4-6r m2 /      full unit id; its current strengths, r when reduced,
 *       \________/       m moved, x attacked, v advanced, MP left (a unit still
 *                        moving); an empty hex shows its place name.
 *
 * A hex no unit may enter (the sea) is filled with its glyph; hexsides with
 * a feature are drawn with the feature's glyph (hexmap.h), and with `roads`
 * a '+' marks each hexside a road or trail crosses.
 *
 * Redaction: everything the board shows is public in F&M (positions,
 * strengths, steps, what units did this player turn: AMB-26); no support fire
 * marker is shown, so every viewer gets the same board.
 */
#include "fm_int.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rules/core/textmap.h"

#define CELL_W 8 /* the narrowest cell: "3118 C!a" */

/* What a legend entry says was seen in the window. */
enum {
	SEEN_UNIT = 1u << 0,
	SEEN_REDUCED = 1u << 1,
	SEEN_MOVED = 1u << 2,
	SEEN_ATTACKED = 1u << 3,
	SEEN_ADVANCED = 1u << 4,
	SEEN_MP = 1u << 5,
	SEEN_BATTLE = 1u << 6,
	SEEN_ROAD = 1u << 7,
	SEEN_TWO = 1u << 8,
	SEEN_ZOC0 = 1u << 9,
	SEEN_ZOC1 = 1u << 10,
	SEEN_ZOC_BOTH = 1u << 11,
};

/* One drawing: the game, the map's view (glyphs, window), the overlays asked for and what
 * the window showed. */
struct board {
	const struct fm_game *g;
	cJSON *out;
	struct rules_hexmap_view mv;
	int zoc;
	char initial[RULES_SIDES], zoc_mark[RULES_SIDES];
	unsigned seen;
	unsigned side_units; /* bit per side with a unit in the window */
	int nmarks;          /* the module's hex marks shown (fm_module.hex_mark) */
	char mark[4];
	const char *mark_text[4];
	int lines; /* lines written (counting mode: out NULL) */
};

/* The widest of CELL_W, the hex id with its marks and the longest unit id. */
static int cell_width(const struct fm_game *g)
{
	int w = 2 * g->sc->map.grid.digits + 4;

	if (w < CELL_W)
		w = CELL_W;
	for (int i = 0; i < g->sc->nunits; i++) {
		int n = (int)strlen(g->sc->units[i].id);
		if (n > w)
			w = n;
	}
	return w > RULES_TEXTMAP_W_MAX ? RULES_TEXTMAP_W_MAX : w;
}

static void board_cell(void *ctx, int hex, char text[3][RULES_TEXTMAP_LINE]);

static void board_init(struct board *b, const struct fm_game *g, cJSON *out, int zoc, int roads)
{
	memset(b, 0, sizeof(*b));
	b->g = g;
	b->out = out;
	rules_hexmap_view_init(&b->mv, &g->sc->map, cell_width(g));
	b->mv.roads = roads;
	b->mv.cell = board_cell;
	b->zoc = zoc;
	for (int s = 0; s < RULES_SIDES; s++)
		b->initial[s] = (char)tolower((unsigned char)g->sc->side_names[s][0]);
	if (b->initial[0] == b->initial[1]) {
		b->initial[0] = '1';
		b->initial[1] = '2';
	}
	memcpy(b->zoc_mark, b->initial, sizeof(b->zoc_mark));
}

static void board_line(void *ctx, const char *text)
{
	struct board *b = ctx;

	b->lines++;
	if (b->out != NULL)
		fm__line(b->out, "%s", text);
}

/* ---- what units did ----------------------------------------------------- */

/* The half MP unit has left now: -1 unless it is the active side's and may move now. */
static int mp_left_half(const struct fm_game *g, int unit)
{
	int left;

	if (fm__side_of(g, unit) != g->active || g->await != FM_AW_PHASE ||
	    fm__may_move(g, unit, NULL) != 0)
		return -1;
	left = 2 * fm__cur(g, unit)->ma - g->u[unit].mp_half;
	return left < 0 ? 0 : left;
}

int fm__unit_doing(const struct fm_game *g, int unit, char *buf, size_t n)
{
	unsigned f = g->u[unit].flags;
	int left = g->u[unit].where == FM_W_MAP ? mp_left_half(g, unit) : -1;
	size_t len = 0;

	buf[0] = '\0';
	if (f & (FM_UF_MOVED | FM_UF_MOVED_MOBILE))
		len += (size_t)snprintf(
		    buf + len, n > len ? n - len : 0, "%smoved%s", len ? ", " : "",
		    (f & FM_UF_MOVED_MOBILE) && !(f & FM_UF_MOVED) ? " (mobile)" : "");
	if (f & FM_UF_ENTERED)
		len += (size_t)snprintf(buf + len, n > len ? n - len : 0, "%sentered",
		                        len ? ", " : "");
	if (f & (FM_UF_ATT_COMBAT | FM_UF_ATT_MOBILE))
		len += (size_t)snprintf(buf + len, n > len ? n - len : 0, "%sattacked",
		                        len ? ", " : "");
	if (f & FM_UF_ADVANCED)
		len += (size_t)snprintf(buf + len, n > len ? n - len : 0, "%sadvanced",
		                        len ? ", " : "");
	if (left >= 0)
		len += (size_t)snprintf(buf + len, n > len ? n - len : 0, "%s%g MP left",
		                        len ? ", " : "", left / 2.0);
	return left;
}

/* ---- cells and hexsides ------------------------------------------------- */

/* "5-4-6r m2.5": the unit's current strengths and what it did, for its cell. */
static void cell_strengths(struct board *b, int unit, char *buf, size_t n)
{
	const struct fm_game *g = b->g;
	const struct fm_step *s = fm__cur(g, unit);
	unsigned f = g->u[unit].flags;
	int left = mp_left_half(g, unit);
	char did[16] = "";
	size_t k = 0;

	if (g->u[unit].step > 0)
		b->seen |= SEEN_REDUCED;
	if (f & (FM_UF_MOVED | FM_UF_MOVED_MOBILE | FM_UF_ENTERED)) {
		did[k++] = 'm';
		b->seen |= SEEN_MOVED;
	}
	if (f & (FM_UF_ATT_COMBAT | FM_UF_ATT_MOBILE)) {
		did[k++] = 'x';
		b->seen |= SEEN_ATTACKED;
	}
	if (f & FM_UF_ADVANCED) {
		did[k++] = 'v';
		b->seen |= SEEN_ADVANCED;
	}
	did[k] = '\0';
	if (left >= 0 && g->u[unit].mp_half > 0) {
		snprintf(did + k, sizeof(did) - k, "%g", left / 2.0);
		b->seen |= SEEN_MP;
	}
	snprintf(buf, n, "%d-%d-%d%s%s%s", s->attack, s->defense, s->ma, g->u[unit].step ? "r" : "",
	         did[0] ? " " : "", did);
	if (strlen(buf) > (size_t)b->mv.width + 2) /* too long with the space: drop it */
		snprintf(buf, n, "%d-%d-%d%s%s", s->attack, s->defense, s->ma,
		         g->u[unit].step ? "r" : "", did);
}

static void occupant_text(struct board *b, int unit, char *buf, size_t n)
{
	int side = fm__side_of(b->g, unit);

	b->seen |= SEEN_UNIT;
	b->side_units |= 1u << side;
	snprintf(buf, n, "%c:%s", b->initial[side], fm__def(b->g, unit)->id);
}

/* The engine's part of a cell (rules_hexmap_view.cell): marks, occupants, strengths. */
static void board_cell(void *ctx, int hex, char text[3][RULES_TEXTMAP_LINE])
{
	struct board *b = ctx;
	const struct fm_game *g = b->g;
	int w = b->mv.width, first, second;

	if (g->b.active && g->b.target == hex) {
		text[0][w - 2] = '!';
		b->seen |= SEEN_BATTLE;
	}
	if (g->sc->module->hex_mark != NULL) {
		char c = 0;
		const char *what = g->sc->module->hex_mark(g, hex, &c);
		int k;
		if (what != NULL && c != 0) {
			text[0][w - 3] = c;
			for (k = 0; k < b->nmarks && b->mark[k] != c; k++)
				;
			if (k == b->nmarks && k < 4) {
				b->mark[k] = c;
				b->mark_text[k] = what;
				b->nmarks++;
			}
		}
	}
	if (b->zoc) {
		int z0 = fm__in_ezoc(g, hex, 1), z1 = fm__in_ezoc(g, hex, 0);
		if (z0 || z1) {
			text[0][w - 1] = z0 && z1 ? '*' : b->zoc_mark[z0 ? 0 : 1];
			b->seen |= z0 && z1 ? SEEN_ZOC_BOTH : z0 ? SEEN_ZOC0 : SEEN_ZOC1;
		}
	}
	first = fm__occupant(g, hex, -1);
	second = first >= 0 ? fm__occupant(g, hex, first) : -1;
	if (first < 0) {
		if (g->sc->map.hex_name[hex][0])
			snprintf(text[1], RULES_TEXTMAP_LINE, "%.*s", w + 2,
			         g->sc->map.hex_name[hex]);
		return;
	}
	occupant_text(b, first, text[1], RULES_TEXTMAP_LINE);
	if (second >= 0) { /* two units (a beach assault): both ids, `hex` for the rest */
		occupant_text(b, second, text[2], RULES_TEXTMAP_LINE);
		b->seen |= SEEN_TWO;
		return;
	}
	cell_strengths(b, first, text[2], RULES_TEXTMAP_LINE);
}

/* ---- legend ------------------------------------------------------------- */

/* The legend entry of each thing a cell may show, in the legend's order. */
static const struct {
	unsigned bit;
	const char *heading, *text;
} legend_marks[] = {
    {SEEN_UNIT, "units:", "attack-defense-MA"},
    {SEEN_REDUCED, "units:", "r reduced"},
    {SEEN_MOVED, "units:", "m moved"},
    {SEEN_ATTACKED, "units:", "x attacked"},
    {SEEN_ADVANCED, "units:", "v advanced"},
    {SEEN_MP, "units:", "m2 moved with 2 MP left"},
    {SEEN_TWO, "units:", "two ids: two units (hex <id>)"},
    {SEEN_BATTLE, "marks:", "! battle"},
};

static void board_legend(struct board *b, int cols)
{
	const struct fm_scenario *sc = b->g->sc;
	struct rules_legend lg;

	rules_legend_init(&lg);
	rules_hexmap_legend(&b->mv, &lg);
	for (int s = 0; s < RULES_SIDES; s++)
		if (b->side_units & (1u << s))
			rules_legend_add(&lg, "units:", "%c:%s", b->initial[s], sc->side_names[s]);
	for (size_t k = 0; k < sizeof(legend_marks) / sizeof(legend_marks[0]); k++)
		if (b->seen & legend_marks[k].bit)
			rules_legend_add(&lg, legend_marks[k].heading, "%s", legend_marks[k].text);
	for (int s = 0; s < RULES_SIDES; s++)
		if (b->seen & (s ? SEEN_ZOC1 : SEEN_ZOC0))
			rules_legend_add(&lg, "marks:", "%c %s ZOC", b->zoc_mark[s],
			                 sc->side_names[s]);
	if (b->seen & SEEN_ZOC_BOTH)
		rules_legend_add(&lg, "marks:", "* both ZOC");
	for (int k = 0; k < b->nmarks; k++)
		rules_legend_add(&lg, "marks:", "%c %s", b->mark[k], b->mark_text[k]);
	rules_legend_lines(&lg, cols, board_line, b);
}

/* ---- windows ------------------------------------------------------------ */

struct window {
	int c1, c2, r1, r2;
};

/* Draws the window (what it showed is added to b's seen members). */
static void draw_window(struct board *b, const struct window *w)
{
	b->mv.c1 = w->c1;
	b->mv.c2 = w->c2;
	b->mv.r1 = w->r1;
	b->mv.r2 = w->r2;
	b->mv.ctx = b;
	rules_hexmap_draw(&b->mv, board_line, b);
}

/* The number of lines the window and its legend take, drawn on a copy of proto (which
 * stays as it was): nothing is written, or with keep (an object) the lines go into its
 * "lines", exactly as drawing the window and its legend on proto would write them. */
static int window_lines(const struct board *proto, const struct window *w, int cols, cJSON *keep)
{
	struct board b = *proto;

	b.out = keep;
	b.lines = 0;
	draw_window(&b, w);
	board_legend(&b, cols);
	return b.lines;
}

/* The number of units of side (any when side < 0) in the window. */
static int units_in(const struct fm_game *g, const struct window *w, int side)
{
	const struct rules_hex_grid *grid = &g->sc->map.grid;
	int n = 0;

	for (int i = 0; i < g->nunits; i++) {
		int c, r;
		if (g->u[i].where != FM_W_MAP || (side >= 0 && fm__side_of(g, i) != side))
			continue;
		c = rules_hex_col(grid, g->u[i].hex);
		r = rules_hex_row(grid, g->u[i].hex);
		n += c >= w->c1 && c <= w->c2 && r >= w->r1 && r <= w->r2;
	}
	return n;
}

/*
 * The hex the active area is centred on: the battle's hex, the unit still moving, the
 * first set-up hex of a unit to place, the hex of the acting side's unit whose window of
 * ncols x nrows holds most of that side's units (then most enemy units), or -1 (the map
 * centre).
 */
static int active_hex(const struct fm_game *g, int ncols, int nrows)
{
	const struct rules_hex_grid *grid = &g->sc->map.grid;
	int side = fm__acting_side(g), best = -1, score = -1;

	if (g->b.active)
		return g->b.target;
	if (g->mover >= 0 && g->u[g->mover].where == FM_W_MAP)
		return g->u[g->mover].hex;
	if (g->phase == FM_PH_SETUP && side >= 0)
		for (int i = 0; i < g->nunits; i++)
			if (fm__side_of(g, i) == side && g->u[i].where == FM_W_UNPLACED &&
			    fm__def(g, i)->where.n > 0)
				return fm__def(g, i)->where.h[0];
	for (int i = 0; i < g->nunits; i++) {
		struct window w;
		int s;
		if (g->u[i].where != FM_W_MAP || (side >= 0 && fm__side_of(g, i) != side))
			continue;
		rules_textmap_around(grid, g->u[i].hex, ncols, nrows, &w.c1, &w.c2, &w.r1, &w.r2);
		s = units_in(g, &w, side) * (g->nunits + 1) +
		    (side >= 0 ? units_in(g, &w, 1 - side) : 0);
		if (s > score) {
			score = s;
			best = g->u[i].hex;
		}
	}
	return best;
}

/* The window of the screen's size around hex (-1: the active area) that fits lines text
 * lines with its legend, and has at least min rows, into *w.  With keep (an object): 1 when
 * keep's "lines" hold that window and its legend as drawn while fitting it, else 0. */
static int fit_window(const struct board *b, int hex, int cols, int lines, int min,
                      struct window *w, cJSON *keep)
{
	const struct rules_hex_grid *grid = &b->g->sc->map.grid;
	int ncols = rules_textmap_fit_cols(b->mv.width, cols);
	int nrows = rules_textmap_fit_rows(lines);

	if (nrows < min)
		nrows = min;
	if (hex < 0)
		hex = active_hex(b->g, ncols, nrows);
	for (;; nrows--) {
		rules_textmap_around(grid, hex, ncols, nrows, &w->c1, &w->c2, &w->r1, &w->r2);
		if (keep != NULL)
			cJSON_DeleteItemFromObjectCaseSensitive(keep, "lines");
		if (nrows <= min)
			return 0;
		if (window_lines(b, w, cols, keep) <= lines)
			return keep != NULL;
	}
}

/* The window's members for programs: corners, columns, rows, the screen it was fitted to. */
static void window_json(const struct fm_game *g, const struct window *w,
                        const struct rules_viewer *who, int strips, cJSON *out)
{
	const struct rules_hex_grid *grid = &g->sc->map.grid;
	char buf[RULES_HEX_ID_MAX];
	cJSON *o = cJSON_AddObjectToObject(out, "window"), *a;

	a = cJSON_AddArrayToObject(o, "corners");
	cJSON_AddItemToArray(
	    a, cJSON_CreateString(fm__hex_id(g, rules_hex_index(grid, w->c1, w->r1), buf)));
	cJSON_AddItemToArray(
	    a, cJSON_CreateString(fm__hex_id(g, rules_hex_index(grid, w->c2, w->r2), buf)));
	a = cJSON_AddArrayToObject(o, "columns");
	cJSON_AddItemToArray(a, cJSON_CreateNumber(w->c1));
	cJSON_AddItemToArray(a, cJSON_CreateNumber(w->c2));
	a = cJSON_AddArrayToObject(o, "rows");
	cJSON_AddItemToArray(a, cJSON_CreateNumber(w->r1));
	cJSON_AddItemToArray(a, cJSON_CreateNumber(w->r2));
	cJSON_AddNumberToObject(o, "ncols", w->c2 - w->c1 + 1);
	cJSON_AddNumberToObject(o, "nrows", w->r2 - w->r1 + 1);
	cJSON_AddNumberToObject(o, "strips", strips);
	cJSON_AddNumberToObject(o, "screen_cols", who->cols);
	cJSON_AddNumberToObject(o, "screen_rows", who->rows);
}

/* The hexes of the window for programs: id, terrain glyph, unit. */
static void hexes_json(const struct board *b, const struct window *w, cJSON *out)
{
	const struct fm_game *g = b->g;
	const struct rules_hex_grid *grid = &g->sc->map.grid;
	cJSON *hexes = cJSON_AddArrayToObject(out, "hexes");
	char buf[RULES_HEX_ID_MAX];

	for (int c = w->c1; c <= w->c2; c++)
		for (int r = w->r1; r <= w->r2; r++) {
			int h = rules_hex_index(grid, c, r), o = fm__occupant(g, h, -1);
			cJSON *x = cJSON_CreateObject();
			cJSON_AddStringToObject(x, "hex", fm__hex_id(g, h, buf));
			cJSON_AddStringToObject(
			    x, "terrain",
			    (char[2]){rules_hexmap_letter(&g->sc->map, b->mv.letters, h), 0});
			if (o >= 0)
				cJSON_AddStringToObject(x, "unit", fm__def(g, o)->id);
			cJSON_AddItemToArray(hexes, x);
		}
}

int fm__text_cols(const struct rules_viewer *who)
{
	int cols = (who->cols > 0 ? who->cols : RULES_COLS_DEFAULT) - 2;

	return cols < 20 ? 20 : cols;
}

static void wrapped_line(void *ctx, const char *text)
{
	fm__line(ctx, "%s", text);
}

void fm__wrapped(cJSON *reply, int cols, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	rules_text_wrap(buf, cols, 4, wrapped_line, reply);
}

void fm__board_lines(const struct fm_game *g, const struct rules_viewer *who, int lines, cJSON *out)
{
	struct board b;
	struct window w;
	int cols = fm__text_cols(who);
	cJSON *keep = cJSON_CreateObject(), *drawn, *line, *to;

	board_init(&b, g, out, 0, 0);
	if (keep == NULL || !fit_window(&b, -1, cols, lines, 1, &w, keep)) {
		draw_window(&b, &w);
		board_legend(&b, cols);
	} else if (out != NULL &&
	           (drawn = cJSON_GetObjectItemCaseSensitive(keep, "lines")) != NULL) {
		/* the lines that showed the window fits are the ones to show: not drawn twice */
		to = cJSON_GetObjectItemCaseSensitive(out, "lines");
		if (to == NULL)
			to = cJSON_AddArrayToObject(out, "lines");
		while ((line = cJSON_DetachItemFromArray(drawn, 0)) != NULL)
			cJSON_AddItemToArray(to, line);
	}
	cJSON_Delete(keep);
}

/* ---- the map query ------------------------------------------------------ */

#define MAP_USAGE "usage: map [<hex> [<hex>] | all] [zoc] [roads]"
#define MAP_MORE  "; also: map <hex> | all | zoc | roads"

int fm__q_map(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
              cJSON *out, struct rules_error *err)
{
	const struct rules_hex_grid *grid = &g->sc->map.grid;
	int hex[2] = {-1, -1}, nhex = 0, all = 0, zoc = 0, roads = 0, cols = fm__text_cols(who);
	int lines = (who->rows > 0 ? who->rows : RULES_ROWS_DEFAULT) - 3, strips = 1, per;
	char a[RULES_HEX_ID_MAX], z[RULES_HEX_ID_MAX], head[200];
	size_t len;
	struct board b;
	struct window w;

	for (int k = 1; k < argc; k++) {
		if (strcasecmp(argv[k], "all") == 0)
			all = 1;
		else if (strcasecmp(argv[k], "zoc") == 0)
			zoc = 1;
		else if (strcasecmp(argv[k], "roads") == 0)
			roads = 1;
		else if (nhex == 2)
			return rules_fail(err, WG_E_BAD_ARGS, "", "at most two hexes; " MAP_USAGE);
		else if ((hex[nhex++] = fm__hex_parse(g, argv[k])) < 0)
			return rules_fail(
			    err,
			    isdigit((unsigned char)argv[k][0]) ? WG_E_NO_SUCH_HEX : WG_E_BAD_ARGS,
			    "", "no hex '%s' on this map (%s to %s); " MAP_USAGE, argv[k],
			    fm__hex_id(g, 0, a), fm__hex_id(g, grid->count - 1, z));
	}
	if (all && nhex > 0)
		return rules_fail(err, WG_E_BAD_ARGS, "",
		                  "all is the whole map, no hex with it; " MAP_USAGE);
	board_init(&b, g, out, zoc, roads);
	if (all || nhex == 2) {
		w.c1 = all ? grid->col_min : rules_hex_col(grid, hex[0]);
		w.c2 = all ? grid->col_max : rules_hex_col(grid, hex[1]);
		w.r1 = all ? grid->row_min : rules_hex_row(grid, hex[0]);
		w.r2 = all ? grid->row_max : rules_hex_row(grid, hex[1]);
		if (w.c1 > w.c2)
			per = w.c1, w.c1 = w.c2, w.c2 = per;
		if (w.r1 > w.r2)
			per = w.r1, w.r1 = w.r2, w.r2 = per;
	} else {
		fit_window(&b, hex[0], cols, lines, 1, &w, NULL);
	}
	per = rules_textmap_fit_cols(b.mv.width, cols);
	strips = (w.c2 - w.c1 + per) / per;
	len = (size_t)snprintf(head, sizeof(head), "map %s-%s of ",
	                       fm__hex_id(g, rules_hex_index(grid, w.c1, w.r1), a),
	                       fm__hex_id(g, rules_hex_index(grid, w.c2, w.r2), z));
	len += (size_t)snprintf(head + len, sizeof(head) - len, "%s-%s%s%s", fm__hex_id(g, 0, a),
	                        fm__hex_id(g, grid->count - 1, z), zoc ? ", zones of control" : "",
	                        roads ? ", roads" : "");
	if (len + sizeof(MAP_MORE) - 1 <= (size_t)cols)
		snprintf(head + len, sizeof(head) - len, "%s", MAP_MORE);
	rules_text_wrap(head, cols, 2, board_line, &b);
	for (int s = 0; s < strips; s++) {
		struct window part = w;
		part.c1 = w.c1 + s * per;
		part.c2 = part.c1 + per - 1 > w.c2 ? w.c2 : part.c1 + per - 1;
		if (strips > 1)
			fm__line(out, "columns %d-%d (part %d of %d)", part.c1, part.c2, s + 1,
			         strips);
		draw_window(&b, &part);
	}
	board_legend(&b, cols);
	window_json(g, &w, who, strips, out);
	hexes_json(&b, &w, out);
	cJSON_AddBoolToObject(out, "zoc", zoc);
	cJSON_AddBoolToObject(out, "roads", roads);
	return 0;
}
