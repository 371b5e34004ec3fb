/*
 * picture.c -- `map svg`: the table drawn to scale (10 user units to the inch, north up):
 * the terrain pieces by type, smoke screens and wrecks, then every base the viewer may see
 * as a rotated rectangle with a tick on its front edge, its fire arc when it is not all round,
 * its id and its state; the enemy's markers (unidentified AFVs, and hidden units under
 * hidden.display = markers) as identical circles.  The same redaction as view() (view.c).
 * Pure: doubles only for drawing, never for a rule.
 */
#include "minis_int.h"
#include "rules/core/svg.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#define SCALE 10.0

static double wx(int32_t v)
{
	return v / 100.0;
}

/* World point (hundredths, y north) to the picture's world (inches, y down). */
static void pt(const struct minis_game *g, struct minis_pt p, double *x, double *y)
{
	*x = wx(p.x);
	*y = wx(g->height - p.y);
}

static void poly(struct rules_svg *s, const struct minis_game *g, const struct minis_pt *p, int n,
                 int closed, const char *id, const char *cls)
{
	double xy[2 * MINIS_MAX_PTS];

	for (int i = 0; i < n && i < MINIS_MAX_PTS; i++)
		pt(g, p[i], &xy[2 * i], &xy[2 * i + 1]);
	rules_svg_poly(s, xy, n, closed, id, cls);
}

static const char *type_class(const struct minis_game *g, int k)
{
	const struct minis_tattr *a = minis__attr(g, k);

	if (g->piece_gone[k])
		return "t-rubble";
	if (a->flags & MINIS_T_STRONGPOINT)
		return "t-bunker";
	if (a->flags & MINIS_T_BUILDING)
		return "t-building";
	if (a->flags & MINIS_T_WOODS)
		return "t-wood";
	if (a->flags & MINIS_T_MARSH)
		return "t-marsh";
	if (a->flags & MINIS_T_ROAD)
		return "t-road";
	if (a->flags & MINIS_T_WIRE)
		return "t-wire";
	if (a->flags & MINIS_T_LINEAR)
		return "t-hedge";
	if (a->flags & MINIS_T_HIGH_GROUND)
		return "t-hill";
	return "t-other";
}

static void draw_unit(struct rules_svg *s, const struct minis_game *g, int u, int viewer)
{
	const struct minis_unit_def *d = minis__def(g, u);
	struct minis_pt c[4], front, centre = minis__pos(g, u);
	char cls[64], id[32], title[160];
	double x, y;

	minis__corners(g, u, c);
	snprintf(cls, sizeof(cls), "base side%d%s%s", d->side,
	         (g->u[u].flags & MU_PINNED) ? " pinned" : "",
	         (g->u[u].flags & (MU_HIDDEN | MU_AMBUSH)) ? " hidden" : "");
	snprintf(id, sizeof(id), "u-%s", minis__uid(g, u));
	rules_svg_group(s, id, cls);
	snprintf(title, sizeof(title), "%s %s (%s), facing %d%s%s%s", minis__uid(g, u), d->name,
	         g->sc->side_names[d->side], g->u[u].facing / 10,
	         (g->u[u].flags & MU_PINNED) ? ", pinned" : "",
	         (g->u[u].flags & MU_DAMAGED) ? ", damaged" : "",
	         (viewer == d->side || g->over) && (g->u[u].flags & MU_HIDDEN) ? ", hidden" : "");
	rules_svg_title(s, title);
	poly(s, g, c, 4, 1, NULL, "body");
	/* the front edge */
	{
		struct minis_pt e[2] = {c[0], c[1]};
		poly(s, g, e, 2, 0, NULL, "front");
	}
	if (d->arc < 3600 && d->nweapons > 0) { /* the fire arc, 6" long */
		struct minis_pt w[3];
		w[0] = centre;
		w[1] = minis__offset(centre, g->u[u].facing - d->arc / 2, 600);
		w[2] = minis__offset(centre, g->u[u].facing + d->arc / 2, 600);
		poly(s, g, w, 3, 1, NULL, "arc");
	}
	front = minis__offset(centre, g->u[u].facing, g->u[u].d / 2);
	pt(g, front, &x, &y);
	pt(g, centre, &x, &y);
	rules_svg_label(s, x, y + 0.3, "label", minis__uid(g, u));
	rules_svg_close(s);
}

char *minis__picture(const struct rules_game *rg, const struct rules_viewer *who, int argc,
                     char **argv, struct rules_error *err)
{
	const struct minis_game *g = (const struct minis_game *)rg;
	struct rules_svg_space sp = {SCALE, 10, 10};
	struct rules_svg s;
	char title[160];
	char *out;
	int viewer = who->side;

	if (argc < 1 || strcasecmp(argv[0], "svg") != 0) {
		rules_fail(err, WG_E_BAD_ARGS, "", "the only picture is svg");
		return NULL;
	}
	if (argc > 1) {
		rules_fail(err, WG_E_BAD_ARGS, "", "map svg takes no option here ('%.20s')",
		           argv[1]);
		return NULL;
	}
	snprintf(title, sizeof(title), "%s, turn %d", g->sc->title, g->turn);
	rules_svg_begin(&s, &sp, wx(g->width), wx(g->height), title);
	rules_svg_style_begin(&s);
	rules_svg_css(&s, ".table{fill:#d9e4c0;stroke:#555;stroke-width:1}");
	rules_svg_css(&s, ".t-road{fill:#c9b99a}.t-building{fill:#a0522d;stroke:#333}");
	rules_svg_css(&s,
	              ".t-wood{fill:#5f8a4a;fill-opacity:.8}.t-hill{fill:#c8b070;fill-opacity:.6}");
	rules_svg_css(
	    &s, ".t-hedge{fill:#3f6b2f}.t-marsh{fill:#8fb3a8}.t-bunker{fill:#777;stroke:#222}");
	rules_svg_css(&s,
	              ".t-rubble{fill:#999}.t-wire{fill:none;stroke:#444;stroke-dasharray:3 2}");
	rules_svg_css(&s, ".t-other{fill:#ccc}.smoke{fill:#eee;fill-opacity:.7}.wreck{fill:#333}");
	rules_svg_css(
	    &s, ".side0 .body{fill:#c8a96e;stroke:#000}.side1 .body{fill:#8a9aa8;stroke:#000}");
	rules_svg_css(&s, ".front{stroke:#c00;stroke-width:2}.arc{fill:#f00;fill-opacity:.08}");
	rules_svg_css(&s, ".pinned .body{stroke:#c00;stroke-dasharray:2 1}.hidden{opacity:.6}");
	rules_svg_css(&s, ".label{font:7px sans-serif;text-anchor:middle}");
	rules_svg_css(&s, ".marker{fill:#fff;stroke:#000;stroke-dasharray:2 2}");
	rules_svg_style_end(&s);
	rules_svg_rect(&s, 0, 0, wx(g->width), wx(g->height), "table", "table");
	rules_svg_group(&s, "terrain", NULL);
	for (int k = 0; k < g->sc->npieces; k++) {
		const struct minis_piece_def *pc = &g->sc->pieces[k];
		struct minis_pt p[MINIS_MAX_PTS];
		char id[32];
		for (int i = 0; i < pc->npts; i++) {
			p[i].x = g->opt.alt ? pc->x[i] * 3 / 2 : pc->x[i];
			p[i].y = g->opt.alt ? pc->y[i] * 3 / 2 : pc->y[i];
		}
		snprintf(id, sizeof(id), "p-%s", pc->id);
		rules_svg_group(&s, id, type_class(g, k));
		rules_svg_title(&s, pc->name);
		poly(&s, g, p, pc->npts, pc->geom == MG_POLYGON, NULL, NULL);
		rules_svg_close(&s);
	}
	rules_svg_close(&s);
	for (int k = 0; k < g->nsmoke; k++) {
		struct minis_pt c[4];
		minis__rect((struct minis_pt){g->smoke[k].x, g->smoke[k].y}, g->smoke[k].bearing,
		            g->smoke[k].w, g->smoke[k].d, c);
		poly(&s, g, c, 4, 1, NULL, "smoke");
	}
	for (int u = 0; u < g->nslots; u++)
		if (g->u[u].status == MS_DESTROYED && minis__is_vehicle(g, u) &&
		    g->opt.wreck_leave) {
			struct minis_pt c[4];
			minis__corners(g, u, c);
			poly(&s, g, c, 4, 1, NULL, "wreck");
		}
	rules_svg_group(&s, "units", NULL);
	for (int u = 0; u < g->nslots; u++)
		if (minis__on(g, u) && minis__visible(g, u, viewer))
			draw_unit(&s, g, u, viewer);
	rules_svg_close(&s);
	{
		cJSON *v = minis__view(rg, &(struct rules_viewer){viewer, 0, 0});
		cJSON *m;
		cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(v, "markers"))
		{
			double x = cJSON_GetObjectItemCaseSensitive(m, "x")->valuedouble;
			double y =
			    wx(g->height) - cJSON_GetObjectItemCaseSensitive(m, "y")->valuedouble;
			const char *model =
			    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(m, "model"));
			rules_svg_circle(&s, x, y, 0.75, NULL, "marker");
			rules_svg_label(&s, x, y + 0.3, "label", model != NULL ? model : "?");
		}
		cJSON_Delete(v);
	}
	out = rules_svg_finish(&s);
	if (out == NULL)
		rules_fail(err, WG_E_NO_MEMORY, "", "out of memory");
	return out;
}
