/*
 * view.c -- what each viewer may see (QR-AMB-13): view() and the queries units, measure,
 * los, table (and map) and terrain.
 *
 * Redaction: a side sees all of its own units; of the enemy's, those that are not hidden,
 * ambush camouflaged or dummies (hidden.display = none: they are not shown at all; markers:
 * hidden units and dummies show as identical markers at their positions, numbered by
 * position), and an unidentified AFV marker where a recon 7 placed one.  During the secret
 * deployment nothing of the enemy's units shows.  Spectators see what neither side hides.
 * After the end everything is shown.  measure and los answer only about units the asker
 * can see, and refuse an unseen one exactly as an unknown one.
 */
#include "minis_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *phase_slug(const struct minis_game *g)
{
	static const char *const s[] = {"deploy", "orders", "defensive-fire", "rally", "over"};
	return s[g->phase];
}

cJSON *minis__unit_json(const struct minis_game *g, int u, int viewer)
{
	const struct minis_unit_def *d = minis__def(g, u);
	const struct minis_unit *x = &g->u[u];
	cJSON *o = cJSON_CreateObject(), *w;
	int own = viewer == d->side || g->over;
	static const char *const st[] = {"unplaced", "on", "dispersed", "destroyed"};

	cJSON_AddStringToObject(o, "id", minis__uid(g, u));
	cJSON_AddStringToObject(o, "name", d->name);
	if (d->model[0])
		cJSON_AddStringToObject(o, "model", d->model);
	cJSON_AddStringToObject(o, "side", g->sc->side_names[d->side]);
	cJSON_AddStringToObject(o, "kind", minis_kind_names[d->kind]);
	cJSON_AddStringToObject(o, "quality", minis_quality_names[d->quality]);
	cJSON_AddStringToObject(o, "status", st[x->status]);
	cJSON_AddItemToObject(o, "x", minis__num_in(x->x));
	cJSON_AddItemToObject(o, "y", minis__num_in(x->y));
	cJSON_AddNumberToObject(o, "facing", x->facing / 10.0);
	cJSON_AddItemToObject(o, "width", minis__num_in(x->w));
	cJSON_AddItemToObject(o, "depth", minis__num_in(x->d));
	if (d->armour >= 0)
		cJSON_AddStringToObject(
		    o, "armour",
		    (const char *[]){"A", "B", "C", "D", "E", "F", "G", "H"}[d->armour]);
	cJSON_AddStringToObject(o, "move", minis_move_names[d->move]);
	if (d->arc < 3600)
		cJSON_AddNumberToObject(o, "arc", d->arc / 10.0);
	w = cJSON_AddArrayToObject(o, "weapons");
	for (int k = 0; k < d->nweapons; k++)
		cJSON_AddItemToArray(w, cJSON_CreateString(g->sc->tab.weapons[d->weapons[k]].id));
	if (x->flags & MU_PINNED)
		cJSON_AddBoolToObject(o, "pinned", 1);
	if (x->flags & MU_DAMAGED)
		cJSON_AddBoolToObject(o, "damaged", 1);
	if (x->flags & MU_BOGGED)
		cJSON_AddBoolToObject(o, "bogged", 1);
	if (x->flags & MU_LIMBERED)
		cJSON_AddBoolToObject(o, "limbered", 1);
	if (x->flags & MU_NO_FLAME)
		cJSON_AddBoolToObject(o, "out_of_flame", 1);
	if (own && (x->flags & MU_HIDDEN))
		cJSON_AddBoolToObject(o, "hidden", 1);
	if (own && (x->flags & MU_AMBUSH))
		cJSON_AddBoolToObject(o, "ambush", 1);
	if (x->flags & MU_ACTIVATED)
		cJSON_AddBoolToObject(o, "activated", 1);
	if (x->flags & MU_MOVED)
		cJSON_AddBoolToObject(o, "moved", 1);
	if (x->flags & (MU_FIRED | MU_DEFFIRED))
		cJSON_AddBoolToObject(o, "fired", 1);
	if (x->orders > 0)
		cJSON_AddNumberToObject(o, "orders", x->orders);
	if (own && g->act.active && ((g->act.units >> u) & 1)) {
		int a = minis__group_allowance(g, u, 0), r = minis__group_allowance(g, u, 1);
		if (a >= 0) {
			cJSON_AddItemToObject(o, "allowance", minis__num_in(a - x->used));
			cJSON_AddItemToObject(o, "road_allowance", minis__num_in(r - x->used));
		}
	}
	return o;
}

/* Markers the viewer sees of the other side's hidden units (markers mode, recon 7). */
static int cmp_marker(const void *a, const void *b)
{
	const int32_t *x = a, *y = b;

	return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : x[1] != y[1] ? (x[1] < y[1] ? -1 : 1) : 0;
}

static cJSON *markers_json(const struct minis_game *g, int viewer)
{
	cJSON *arr = cJSON_CreateArray();
	int32_t m[MINIS_MAX_SLOTS][3];
	int n = 0;

	if (g->over || g->phase == MP_DEPLOY)
		return arr;
	for (int u = 0; u < g->nslots; u++) {
		if (!minis__on(g, u) || minis__side(g, u) == viewer || minis__visible(g, u, viewer))
			continue;
		if (g->u[u].flags & MU_AFV_MARKER) {
			m[n][0] = g->u[u].x;
			m[n][1] = g->u[u].y;
			m[n][2] = g->u[u].model;
			n++;
		} else if (g->opt.hidden_markers && (g->u[u].flags & MU_HIDDEN)) {
			m[n][0] = g->u[u].x;
			m[n][1] = g->u[u].y;
			m[n][2] = -1;
			n++;
		}
	}
	qsort(m, (size_t)n, sizeof(m[0]), cmp_marker);
	for (int k = 0; k < n; k++) {
		cJSON *o = cJSON_CreateObject();
		char id[24];
		snprintf(id, sizeof(id), "marker%d", k + 1);
		cJSON_AddStringToObject(o, "id", id);
		cJSON_AddStringToObject(o, "kind", m[k][2] >= 0 ? "unidentified-afv" : "hidden");
		if (m[k][2] >= 0)
			cJSON_AddStringToObject(o, "model", minis_afv_models[m[k][2]]);
		cJSON_AddItemToObject(o, "x", minis__num_in(m[k][0]));
		cJSON_AddItemToObject(o, "y", minis__num_in(m[k][1]));
		cJSON_AddItemToArray(arr, o);
	}
	return arr;
}

static void status_lines(const struct minis_game *g, int viewer, cJSON *o)
{
	struct rules_pending p;
	char line[300];

	minis__pending((const struct rules_game *)g, &p);
	if (g->over) {
		minis__line(o, "game over: %s", g->summary);
	} else {
		const char *pt =
		    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "phase_text"));
		snprintf(line, sizeof(line), "%s (turn %d of %d)", pt ? pt : "", g->turn,
		         g->sc->turns);
		minis__line(o, "%s", line);
		for (int s = 0; s < RULES_SIDES; s++)
			if (p.sides & RULES_AUD_SIDE(s))
				minis__line(o, "waiting for %s%s", g->sc->side_names[s],
				            s == viewer ? ": " : "");
		if (viewer >= 0 && viewer < RULES_SIDES && (p.sides & RULES_AUD_SIDE(viewer)))
			minis__line(o, "  %s", p.what[viewer]);
	}
}

cJSON *minis__view(const struct rules_game *rg, const struct rules_viewer *who)
{
	const struct minis_game *g = (const struct minis_game *)rg;
	int viewer = who->side;
	struct rules_pending p;
	cJSON *o = cJSON_CreateObject(), *arr, *pend, *su, *t;
	char ph[96];

	if (o == NULL)
		return NULL;
	cJSON_AddStringToObject(o, "scenario", g->sc->id);
	cJSON_AddStringToObject(o, "title", g->sc->title);
	cJSON_AddNumberToObject(o, "turn", g->turn);
	cJSON_AddNumberToObject(o, "turns", g->sc->turns);
	cJSON_AddStringToObject(o, "phase", phase_slug(g));
	switch (g->phase) {
	case MP_DEPLOY:
		snprintf(ph, sizeof(ph), "set-up: %s deploys", g->sc->side_names[g->acting]);
		break;
	case MP_ORDERS:
		snprintf(ph, sizeof(ph), "turn %d %s: %s command orders", g->turn,
		         g->acting == g->phasing ? "2A" : "3A", g->sc->side_names[g->acting]);
		break;
	case MP_DEFFIRE:
		snprintf(ph, sizeof(ph), "turn %d %s: %s defensive fire", g->turn,
		         g->acting != g->phasing ? "2B" : "3B", g->sc->side_names[g->acting]);
		break;
	case MP_RALLY:
		snprintf(ph, sizeof(ph), "turn %d 4: rally and morale", g->turn);
		break;
	default:
		snprintf(ph, sizeof(ph), "game over");
	}
	cJSON_AddStringToObject(o, "phase_text", ph);
	if (g->turn > 0)
		cJSON_AddStringToObject(o, "phasing", g->sc->side_names[g->phasing]);
	cJSON_AddStringToObject(o, "scale", g->opt.alt ? "alt" : "base");
	t = cJSON_AddObjectToObject(o, "table");
	cJSON_AddItemToObject(t, "width", minis__num_in(g->width));
	cJSON_AddItemToObject(t, "height", minis__num_in(g->height));
	minis__pending(rg, &p);
	pend = cJSON_AddObjectToObject(o, "pending");
	for (int s = 0; s < RULES_SIDES; s++)
		if (p.sides & RULES_AUD_SIDE(s))
			cJSON_AddStringToObject(pend, g->sc->side_names[s], p.what[s]);
	cJSON_AddBoolToObject(o, "over", g->over);
	if (g->over) {
		cJSON_AddStringToObject(o, "winner",
		                        g->winner < 0 ? "draw" : g->sc->side_names[g->winner]);
		cJSON_AddStringToObject(o, "summary", g->summary);
	}
	su = cJSON_AddObjectToObject(o, "setup");
	cJSON_AddStringToObject(su, "air_superiority",
	                        g->air_sup < 0 ? "none" : g->sc->side_names[g->air_sup]);
	{
		static const char *const keys[] = {"air_missions", "fire_missions", "hidden",
		                                   "ambush", "dummies"};
		const int8_t *vals[] = {g->air_missions, g->fire_missions, g->hidden_allow,
		                        g->ambush_allow, g->dummy_allow};
		for (int k = 0; k < 5; k++) {
			cJSON *x = cJSON_AddObjectToObject(su, keys[k]);
			for (int s = 0; s < RULES_SIDES; s++)
				cJSON_AddNumberToObject(x, g->sc->side_names[s], vals[k][s]);
		}
	}
	if (g->act.active && g->phase == MP_ORDERS) {
		cJSON *a = cJSON_AddObjectToObject(o, "activation"), *u;
		int payer = g->act.payer;
		/* a hidden command unit that is no HQ pays unnamed (QR-AMB-13, as the event) */
		if (payer >= 0)
			cJSON_AddStringToObject(a, "payer",
			                        minis__def(g, payer)->kind == MK_HQ ||
			                                minis__visible(g, payer, viewer)
			                            ? minis__uid(g, payer)
			                            : "a hidden command unit");
		cJSON_AddItemToObject(
		    a, "dice", cJSON_CreateIntArray((int[]){g->act.roll[0], g->act.roll[1]}, 2));
		if (g->act.extra)
			cJSON_AddNumberToObject(a, "double_six", g->act.extra);
		u = cJSON_AddArrayToObject(a, "units");
		for (int k = 0; k < g->nslots; k++)
			if (((g->act.units >> k) & 1) && minis__visible(g, k, viewer))
				cJSON_AddItemToArray(u, cJSON_CreateString(minis__uid(g, k)));
	}
	if (g->intr == MI_REVEAL) {
		cJSON *r = cJSON_AddObjectToObject(o, "recon");
		cJSON_AddStringToObject(r, "unit", minis__uid(g, g->recon.unit));
		if (g->recon.piece >= 0)
			cJSON_AddStringToObject(r, "area", g->sc->pieces[g->recon.piece].id);
		else {
			cJSON_AddItemToObject(r, "x", minis__num_in(g->recon.x));
			cJSON_AddItemToObject(r, "y", minis__num_in(g->recon.y));
			cJSON_AddItemToObject(r, "radius", minis__num_in(g->recon.r));
		}
		cJSON_AddNumberToObject(r, "score", g->recon.score);
	}
	if (g->intr == MI_AA) {
		cJSON *r = cJSON_AddObjectToObject(o, "air_attack");
		cJSON_AddStringToObject(r, "aircraft", g->sc->sides[g->air.side].aircraft.name);
		cJSON_AddItemToObject(r, "x", minis__num_in(g->air.x));
		cJSON_AddItemToObject(r, "y", minis__num_in(g->air.y));
		cJSON_AddNumberToObject(r, "bearing", g->air.bearing / 10.0);
		cJSON_AddNumberToObject(r, "hits", g->air.hits);
	}
	arr = cJSON_AddArrayToObject(o, "units");
	for (int u = 0; u < g->nslots; u++)
		if (g->u[u].status != MS_UNPLACED && minis__visible(g, u, viewer))
			cJSON_AddItemToArray(arr, minis__unit_json(g, u, viewer));
	cJSON_AddItemToObject(o, "markers", markers_json(g, viewer));
	arr = cJSON_AddArrayToObject(o, "rubble");
	for (int k = 0; k < g->sc->npieces; k++)
		if (g->piece_gone[k])
			cJSON_AddItemToArray(arr, cJSON_CreateString(g->sc->pieces[k].id));
	arr = cJSON_AddArrayToObject(o, "smoke");
	for (int k = 0; k < g->nsmoke; k++) {
		cJSON *s = cJSON_CreateObject();
		cJSON_AddItemToObject(s, "x", minis__num_in(g->smoke[k].x));
		cJSON_AddItemToObject(s, "y", minis__num_in(g->smoke[k].y));
		cJSON_AddItemToObject(s, "width", minis__num_in(g->smoke[k].w));
		cJSON_AddItemToObject(s, "depth", minis__num_in(g->smoke[k].d));
		cJSON_AddNumberToObject(s, "until_turn", g->smoke[k].until);
		cJSON_AddItemToArray(arr, s);
	}
	arr = cJSON_AddArrayToObject(o, "wire_gaps");
	for (int k = 0; k < g->ngaps; k++) {
		cJSON *s = cJSON_CreateObject();
		cJSON_AddStringToObject(s, "piece", g->sc->pieces[g->gaps[k].piece].id);
		cJSON_AddItemToObject(s, "x", minis__num_in(g->gaps[k].x));
		cJSON_AddItemToObject(s, "y", minis__num_in(g->gaps[k].y));
		cJSON_AddItemToArray(arr, s);
	}
	if (who->cols > 0) {
		status_lines(g, viewer, o);
		minis__table_lines(g, viewer, o);
	}
	return o;
}

/* ---- units ---- */

int minis__q_units(const struct minis_game *g, const struct rules_viewer *who, int argc,
                   char **argv, cJSON *out, struct rules_error *err)
{
	int only = -1, n = 0;
	cJSON *arr = cJSON_AddArrayToObject(out, "units");

	if (argc == 2) {
		for (int s = 0; s < RULES_SIDES; s++)
			if (strcasecmp(argv[1], g->sc->side_names[s]) == 0)
				only = s;
		if (only < 0)
			return rules_fail(err, WG_E_BAD_ARGS, "", "'%.20s' is not %s or %s",
			                  argv[1], g->sc->side_names[0], g->sc->side_names[1]);
	}
	for (int u = 0; u < g->nslots; u++) {
		const struct minis_unit *x = &g->u[u];
		char xb[16], yb[16], flags[120];
		size_t fl = 0;
		if (x->status == MS_UNPLACED || !minis__visible(g, u, who->side) ||
		    (only >= 0 && minis__side(g, u) != only))
			continue;
		cJSON_AddItemToArray(arr, minis__unit_json(g, u, who->side));
		flags[0] = '\0';
		if (x->status != MS_ON)
			fl +=
			    (size_t)snprintf(flags + fl, sizeof(flags) - fl, " %s",
			                     x->status == MS_DISPERSED ? "dispersed" : "destroyed");
		if (x->flags & MU_PINNED)
			fl += (size_t)snprintf(flags + fl, sizeof(flags) - fl, " pinned");
		if (x->flags & MU_DAMAGED)
			fl += (size_t)snprintf(flags + fl, sizeof(flags) - fl, " damaged");
		if (x->flags & MU_BOGGED)
			fl += (size_t)snprintf(flags + fl, sizeof(flags) - fl, " bogged");
		if ((who->side == minis__side(g, u) || g->over) && (x->flags & MU_HIDDEN))
			fl += (size_t)snprintf(flags + fl, sizeof(flags) - fl, " hidden");
		if ((who->side == minis__side(g, u) || g->over) && (x->flags & MU_AMBUSH))
			fl += (size_t)snprintf(flags + fl, sizeof(flags) - fl, " ambush");
		if (x->flags & MU_ACTIVATED)
			fl += (size_t)snprintf(flags + fl, sizeof(flags) - fl, " activated");
		minis__line(out, "%-7s %-8s %-24.24s (%s, %s) facing %d%s", minis__uid(g, u),
		            g->sc->side_names[minis__side(g, u)], minis__def(g, u)->name,
		            minis__fmt_in(x->x, xb, sizeof(xb)),
		            minis__fmt_in(x->y, yb, sizeof(yb)), x->facing / 10, flags);
		n++;
	}
	if (n == 0)
		minis__line(out, "no unit to show");
	return 0;
}

/* ---- measure and los ---- */

struct thing {
	int unit;  /* >= 0 */
	int piece; /* >= 0 */
	struct minis_pt p;
	char name[48];
};

static int thing_arg(const struct minis_game *g, int side, int argc, char **argv, int *k,
                     struct thing *t, struct rules_error *err)
{
	int u, rc;

	t->unit = t->piece = -1;
	if (*k >= argc)
		return rules_fail(err, WG_E_BAD_ARGS, "",
		                  "two things to measure between: units, "
		                  "points x,y or terrain pieces");
	if (strchr(argv[*k], ',') != NULL || strchr("0123456789.", argv[*k][0]) != NULL) {
		char xb[16], yb[16];
		if ((rc = minis__parse_pt(g, argc, argv, k, &t->p, err)) != 0)
			return rc;
		snprintf(t->name, sizeof(t->name), "(%s, %s)",
		         minis__fmt_in(t->p.x, xb, sizeof(xb)),
		         minis__fmt_in(t->p.y, yb, sizeof(yb)));
		return 0;
	}
	if ((t->piece = minis__piece_find(g, argv[*k])) >= 0) {
		snprintf(t->name, sizeof(t->name), "%s", g->sc->pieces[t->piece].id);
		(*k)++;
		return 0;
	}
	u = minis__unit_find(g, argv[*k]);
	if (u < 0 || g->u[u].status != MS_ON || !minis__visible(g, u, side))
		/* the same refusal for an unknown, a hidden and a dummy unit (QR-AMB-13) */
		return rules_fail(
		    err, WG_E_NO_SUCH_UNIT, "QR-AMB-13",
		    "'%.30s' is not a unit you can see, a point x,y or a terrain piece", argv[*k]);
	t->unit = u;
	t->p = minis__pos(g, u);
	snprintf(t->name, sizeof(t->name), "%s", minis__uid(g, u));
	(*k)++;
	return 0;
}

/* The piece's points at the game's scale. */
static int piece_poly(const struct minis_game *g, int k, struct minis_pt *p)
{
	const struct minis_piece_def *pc = &g->sc->pieces[k];

	for (int i = 0; i < pc->npts; i++) {
		p[i].x = g->opt.alt ? pc->x[i] * 3 / 2 : pc->x[i];
		p[i].y = g->opt.alt ? pc->y[i] * 3 / 2 : pc->y[i];
	}
	return pc->npts;
}

static int32_t thing_dist(const struct minis_game *g, const struct thing *a, const struct thing *b)
{
	struct minis_pt pa[MINIS_MAX_PTS], pb[MINIS_MAX_PTS];
	int na = 1, nb = 1, ca = 0, cb = 0;
	int64_t best = INT64_MAX;

	if (a->unit >= 0 && b->unit >= 0)
		return minis__udist(g, a->unit, b->unit);
	if (a->unit >= 0) {
		minis__corners(g, a->unit, pa);
		na = 4, ca = 1;
	} else if (a->piece >= 0) {
		na = piece_poly(g, a->piece, pa);
		ca = g->sc->pieces[a->piece].geom == MG_POLYGON;
	} else {
		pa[0] = a->p;
	}
	if (b->unit >= 0) {
		minis__corners(g, b->unit, pb);
		nb = 4, cb = 1;
	} else if (b->piece >= 0) {
		nb = piece_poly(g, b->piece, pb);
		cb = g->sc->pieces[b->piece].geom == MG_POLYGON;
	} else {
		pb[0] = b->p;
	}
	/* inside one another: 0 */
	for (int i = 0; i < na && cb && nb >= 3; i++) {
		int32_t x[MINIS_MAX_PTS], y[MINIS_MAX_PTS];
		for (int j = 0; j < nb; j++)
			x[j] = pb[j].x, y[j] = pb[j].y;
		if (minis__in_poly(pa[i], x, y, nb))
			return 0;
	}
	for (int j = 0; j < nb && ca && na >= 3; j++) {
		int32_t x[MINIS_MAX_PTS], y[MINIS_MAX_PTS];
		for (int i = 0; i < na; i++)
			x[i] = pa[i].x, y[i] = pa[i].y;
		if (minis__in_poly(pb[j], x, y, na))
			return 0;
	}
	for (int i = 0; i < na; i++)
		for (int j = 0; j < nb; j++) {
			int64_t v;
			if (nb > 1) {
				v = minis__sq_pt_seg(pa[i], pb[j], pb[(j + 1) % nb]);
				best = v < best ? v : best;
			}
			if (na > 1) {
				v = minis__sq_pt_seg(pb[j], pa[i], pa[(i + 1) % na]);
				best = v < best ? v : best;
			}
			if (na == 1 && nb == 1) {
				int64_t dx = pa[0].x - pb[0].x, dy = pa[0].y - pb[0].y;
				best = dx * dx + dy * dy;
			}
		}
	return (int32_t)minis__isqrt_round(best);
}

int minis__q_measure(const struct minis_game *g, const struct rules_viewer *who, int argc,
                     char **argv, cJSON *out, struct rules_error *err)
{
	struct thing a, b;
	int k = 1, rc, side = who->side, bearing;
	int32_t dist;
	char db[16];
	cJSON *bands;

	if ((rc = thing_arg(g, side, argc, argv, &k, &a, err)) != 0 ||
	    (rc = thing_arg(g, side, argc, argv, &k, &b, err)) != 0)
		return rc;
	if (k != argc)
		return rules_fail(err, WG_E_BAD_ARGS, "", "measure <a> <b>");
	dist = thing_dist(g, &a, &b);
	bearing = minis__bearing((int64_t)b.p.x - a.p.x, (int64_t)b.p.y - a.p.y);
	if (a.piece >= 0 || b.piece >= 0)
		bearing = -1;
	cJSON_AddStringToObject(out, "from", a.name);
	cJSON_AddStringToObject(out, "to", b.name);
	cJSON_AddItemToObject(out, "distance", minis__num_in(dist));
	if (bearing >= 0)
		cJSON_AddNumberToObject(out, "bearing", bearing / 10.0);
	minis__line(out, "%s to %s: %s\" edge to edge%s", a.name, b.name,
	            minis__fmt_in(dist, db, sizeof(db)), "");
	bands = cJSON_AddArrayToObject(out, "bands");
	if (a.unit >= 0 && minis__side(g, a.unit) == side) {
		const struct minis_unit_def *d = minis__def(g, a.unit);
		for (int w = 0; w < d->nweapons; w++) {
			int r = minis__range_row(g, a.unit, d->weapons[w]),
			    band = minis__band(g, d->weapons[w], r, dist);
			cJSON *o = cJSON_CreateObject();
			cJSON_AddStringToObject(o, "weapon", g->sc->tab.weapons[d->weapons[w]].id);
			cJSON_AddStringToObject(
			    o, "band",
			    band < 0 ? "out of range"
			             : (const char *[]){"close", "effective", "long"}[band]);
			cJSON_AddItemToArray(bands, o);
			minis__line(out, "  %s: %s (%s)", g->sc->tab.weapons[d->weapons[w]].id,
			            band < 0 ? "out of range"
			                     : (const char *[]){"close", "effective", "long"}[band],
			            g->sc->tab.ranges[r].rule);
		}
	}
	{
		int32_t near = minis__d(g, MD_RECON_NEAR), far = minis__d(g, MD_RECON_FAR);
		int rm = dist > minis__d(g, MD_RECON_MAX)
		             ? 99
		             : minis__recon_dist_mod(dist <= near  ? 0
		                                     : dist <= far ? 1
		                                                   : 2);
		if (rm == 99) {
			cJSON_AddStringToObject(out, "recon", "beyond 36\" (54\")");
			minis__line(out, "  recon: beyond the maximum (QR-RECON-1)");
		} else {
			cJSON_AddNumberToObject(out, "recon_modifier", rm);
			minis__line(out, "  recon distance modifier: %+d (QR-RECON-10)", rm);
		}
	}
	return 0;
}

int minis__q_los(const struct minis_game *g, const struct rules_viewer *who, int argc, char **argv,
                 cJSON *out, struct rules_error *err)
{
	struct thing a, b;
	int k = 1, rc, seen, obscured = 0, limited = 0;

	if ((rc = thing_arg(g, who->side, argc, argv, &k, &a, err)) != 0 ||
	    (rc = thing_arg(g, who->side, argc, argv, &k, &b, err)) != 0)
		return rc;
	if (k != argc || a.piece >= 0 || b.piece >= 0)
		return rules_fail(err, WG_E_BAD_ARGS, "",
		                  "los <a> <b>: units you can see or points");
	if (a.unit >= 0 && b.unit >= 0)
		seen = minis__los(g, a.unit, b.unit, &obscured, &limited);
	else
		seen = minis__los_pts(g, a.p, b.p, &obscured);
	cJSON_AddStringToObject(out, "from", a.name);
	cJSON_AddStringToObject(out, "to", b.name);
	cJSON_AddBoolToObject(out, "clear", seen);
	cJSON_AddBoolToObject(out, "obscured", seen && obscured);
	cJSON_AddBoolToObject(out, "smoke", seen && obscured == 2);
	cJSON_AddNumberToObject(out, "level_from", minis__level(g, a.p));
	cJSON_AddNumberToObject(out, "level_to", minis__level(g, b.p));
	minis__line(out, "%s to %s: %s (levels %d and %d; QR-AMB-4)", a.name, b.name,
	            !seen           ? "blocked"
	            : obscured == 2 ? "clear through smoke (difficult target)"
	            : obscured      ? "clear, obscured"
	                            : "clear",
	            minis__level(g, a.p), minis__level(g, b.p));
	return 0;
}

/* ---- the table as text ---- */

/* What the table drawing needs of each piece, worked out once per drawing. */
struct glyph_piece {
	int rank;               /* index into glyph_order, or -1: the piece draws nothing */
	int wire;               /* a wire line */
	int gone;               /* a destroyed strongpoint: rubble */
	int32_t x0, y0, x1, y1; /* its bounding box at the game's scale */
};

static const struct {
	uint32_t flag;
	char c;
} glyph_order[] = {{MINIS_T_STRONGPOINT, 'S'}, {MINIS_T_BUILDING, 'B'}, {MINIS_T_WOODS, 'W'},
                   {MINIS_T_MARSH, '~'},       {MINIS_T_ROAD, '='},     {MINIS_T_LINEAR, 'h'},
                   {MINIS_T_HIGH_GROUND, '^'}};
#define GLYPH_ORDER ((int)(sizeof(glyph_order) / sizeof(glyph_order[0])))

static void glyph_pieces(const struct minis_game *g, struct glyph_piece *gp)
{
	for (int k = 0; k < g->sc->npieces; k++) {
		const struct minis_piece_def *pc = &g->sc->pieces[k];
		uint32_t flags = minis__attr(g, k)->flags;
		int f = g->opt.alt ? 3 : 2;
		gp[k].rank = -1;
		for (int o = 0; o < GLYPH_ORDER && gp[k].rank < 0; o++)
			if (flags & glyph_order[o].flag)
				gp[k].rank = o;
		gp[k].wire = (flags & MINIS_T_WIRE) && pc->geom == MG_LINE;
		gp[k].gone = g->piece_gone[k];
		gp[k].x0 = pc->x0 * f / 2, gp[k].x1 = pc->x1 * f / 2;
		gp[k].y0 = pc->y0 * f / 2, gp[k].y1 = pc->y1 * f / 2;
	}
}

/* The glyph of the cell centred on p (half-sizes hw, hh): the most telling terrain found at
 * its centre or near its corners (thin pieces such as hedges must show). */
static char terrain_glyph(const struct minis_game *g, const struct glyph_piece *gp,
                          struct minis_pt p, int32_t hw, int32_t hh)
{
	static const int sx[5] = {0, -1, 1, -1, 1}, sy[5] = {0, -1, -1, 1, 1};
	int32_t reach = hw > hh ? hw : hh;
	int best = GLYPH_ORDER, best_k = -1;

	for (int k = 0; k < g->sc->npieces; k++) {
		const struct minis_piece_def *pc = &g->sc->pieces[k];
		if (!gp[k].wire || p.x + reach < gp[k].x0 || p.x - reach > gp[k].x1 ||
		    p.y + reach < gp[k].y0 || p.y - reach > gp[k].y1)
			continue;
		for (int i = 0; i + 1 < pc->npts; i++) {
			struct minis_pt a = {g->opt.alt ? pc->x[i] * 3 / 2 : pc->x[i],
			                     g->opt.alt ? pc->y[i] * 3 / 2 : pc->y[i]},
			                b = {g->opt.alt ? pc->x[i + 1] * 3 / 2 : pc->x[i + 1],
			                     g->opt.alt ? pc->y[i + 1] * 3 / 2 : pc->y[i + 1]};
			if (minis__sq_pt_seg(p, a, b) <= (int64_t)reach * reach)
				return 'x';
		}
	}
	/* the best-ranked piece found (the first of that rank in piece order) */
	for (int k = 0; k < g->sc->npieces; k++) {
		int linear = gp[k].rank >= 0 && glyph_order[gp[k].rank].flag == MINIS_T_LINEAR;
		if (gp[k].rank < 0 || gp[k].rank >= best || p.x + hw < gp[k].x0 ||
		    p.x - hw > gp[k].x1 || p.y + hh < gp[k].y0 || p.y - hh > gp[k].y1)
			continue;
		for (int s = 0; s < 5; s++) {
			struct minis_pt q = {p.x + sx[s] * hw * 3 / 4, p.y + sy[s] * hh * 3 / 4};
			/* linear pieces anywhere in the cell; areas at its centre only */
			if ((s == 0 || linear) && minis__in_piece(g, k, q)) {
				best = gp[k].rank;
				best_k = k;
				break;
			}
		}
	}
	if (best_k < 0)
		return '.';
	return gp[best_k].gone ? 'r' : glyph_order[best].c;
}

void minis__table_lines(const struct minis_game *g, int viewer, cJSON *out)
{
	int32_t cw = (g->width + 7599) / 7600 * 100, ch = 2 * cw;
	int cols = (int)((g->width + cw - 1) / cw), rows = (int)((g->height + ch - 1) / ch);
	char grid[64][80], legend[2][400];
	int nleg[2] = {0, 0}, letter[2] = {0, 0};
	size_t ll[2] = {0, 0};
	struct glyph_piece gp[MINIS_MAX_PIECES];

	if (cols > 76)
		cols = 76;
	if (rows > 64)
		rows = 64;
	glyph_pieces(g, gp);
	for (int r = 0; r < rows; r++) {
		for (int c = 0; c < cols; c++) {
			struct minis_pt p = {(int32_t)(c * cw + cw / 2),
			                     (int32_t)(g->height - (r * ch + ch / 2))};
			grid[r][c] = terrain_glyph(g, gp, p, cw / 2, ch / 2);
		}
		grid[r][cols] = '\0';
	}
	for (int k = 0; k < g->nsmoke; k++) {
		int c = (int)(g->smoke[k].x / cw), r = (int)((g->height - g->smoke[k].y) / ch);
		if (r >= 0 && r < rows && c >= 0 && c < cols)
			grid[r][c] = ':';
	}
	for (int u = 0; u < g->nslots; u++) {
		const struct minis_unit *x = &g->u[u];
		int c = (int)(x->x / cw), r = (int)((g->height - x->y) / ch), s = minis__side(g, u);
		if (x->status == MS_UNPLACED)
			continue;
		if (c >= cols)
			c = cols - 1;
		if (r >= rows)
			r = rows - 1;
		if (x->status == MS_DESTROYED && minis__is_vehicle(g, u) && g->opt.wreck_leave) {
			grid[r][c] = '#';
			continue;
		}
		if (x->status != MS_ON)
			continue;
		if (!minis__visible(g, u, viewer)) {
			if ((x->flags & MU_AFV_MARKER) ||
			    (g->opt.hidden_markers && (x->flags & MU_HIDDEN) &&
			     g->phase != MP_DEPLOY))
				grid[r][c] = '?';
			continue;
		}
		if (letter[s] < 26) {
			char ch2 = (char)((s == 0 ? 'A' : 'a') + letter[s]++);
			grid[r][c] = ch2;
			if (ll[s] < sizeof(legend[s]) - 20)
				ll[s] += (size_t)snprintf(
				    legend[s] + ll[s], sizeof(legend[s]) - ll[s], "%s%c=%s",
				    nleg[s]++ ? " " : "", ch2, minis__uid(g, u));
		}
	}
	minis__line(out, "the table, north up: one character is %d\" across and %d\" down",
	            (int)(cw / 100), (int)(ch / 100));
	for (int r = 0; r < rows; r++) {
		int y = (int)((g->height - r * ch) / 100);
		minis__line(out, "%3d|%s|", y, grid[r]);
	}
	{
		char ruler[90];
		memset(ruler, ' ', sizeof(ruler));
		ruler[0] = ruler[1] = ruler[2] = ' ';
		for (int c = 0; c < cols; c += 12) {
			char num[8];
			int n = snprintf(num, sizeof(num), "%d", (int)(c * cw / 100));
			if (4 + c + n < (int)sizeof(ruler))
				memcpy(ruler + 4 + c, num, (size_t)n);
		}
		ruler[4 + cols < (int)sizeof(ruler) ? 4 + cols : (int)sizeof(ruler) - 1] = '\0';
		minis__line(out, "%s", ruler);
	}
	minis__line(out, "terrain: . open  = road  B building  W wood  ^ hill  h hedge  ~ marsh  "
	                 "S bunker");
	minis__line(out, "         x wire  r rubble  # wreck  : smoke  ? hidden marker");
	for (int s = 0; s < RULES_SIDES; s++)
		if (nleg[s] > 0)
			minis__line(out, "%s (%s): %s", g->sc->side_names[s],
			            s == 0 ? "A-Z" : "a-z", legend[s]);
}

int minis__q_table(const struct minis_game *g, const struct rules_viewer *who, int argc,
                   char **argv, cJSON *out, struct rules_error *err)
{
	if (argc > 1)
		return rules_fail(err, WG_E_BAD_ARGS, "",
		                  "'%.20s': the table takes no argument (map "
		                  "svg draws a picture)",
		                  argv[1]);
	minis__table_lines(g, who->side, out);
	return 0;
}

int minis__q_terrain(const struct minis_game *g, const struct rules_viewer *who, int argc,
                     char **argv, cJSON *out, struct rules_error *err)
{
	static const char *const covers[] = {"none", "cover", "hard cover", "strongpoint"};
	static const char *const loss[] = {"none", "obscures", "blocks"};
	static const char *const goings[] = {"clear", "difficult", "hazardous", "impassable"};
	cJSON *arr = cJSON_AddArrayToObject(out, "pieces");
	int only = -1;

	(void)who;
	if (argc == 2 && (only = minis__piece_find(g, argv[1])) < 0)
		return rules_fail(err, WG_E_BAD_ARGS, "", "'%.20s' is not a terrain piece",
		                  argv[1]);
	for (int k = 0; k < g->sc->npieces; k++) {
		const struct minis_piece_def *pc = &g->sc->pieces[k];
		const struct minis_tattr *a = minis__attr(g, k);
		cJSON *o, *pts;
		struct minis_pt p[MINIS_MAX_PTS];
		if (only >= 0 && k != only)
			continue;
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "id", pc->id);
		cJSON_AddStringToObject(o, "name", pc->name);
		cJSON_AddStringToObject(o, "type",
		                        g->piece_gone[k] ? "rubble" : g->sc->types[pc->type].id);
		cJSON_AddStringToObject(o, "geometry", pc->geom == MG_LINE ? "line" : "polygon");
		pts = cJSON_AddArrayToObject(o, "points");
		for (int i = 0, n = piece_poly(g, k, p); i < n; i++) {
			cJSON *pt = cJSON_CreateArray();
			cJSON_AddItemToArray(pt, minis__num_in(p[i].x));
			cJSON_AddItemToArray(pt, minis__num_in(p[i].y));
			cJSON_AddItemToArray(pts, pt);
		}
		cJSON_AddStringToObject(o, "fire_cover", covers[a->cover]);
		cJSON_AddStringToObject(o, "los", loss[a->los]);
		cJSON_AddNumberToObject(o, "height", a->height);
		cJSON_AddStringToObject(o, "infantry", goings[a->move[MV_INFANTRY]]);
		cJSON_AddStringToObject(o, "tracked", goings[a->move[MV_TRACKED]]);
		cJSON_AddStringToObject(o, "wheeled", goings[a->move[MV_WHEELED]]);
		cJSON_AddItemToArray(arr, o);
		minis__line(out,
		            "%-4s %-16.16s %-8s cover %-11s LOS %-8s h%d  inf %s, tracked %s, "
		            "wheeled %s",
		            pc->id, pc->name,
		            g->piece_gone[k] ? "rubble" : g->sc->types[pc->type].id,
		            covers[a->cover], loss[a->los], a->height, goings[a->move[MV_INFANTRY]],
		            goings[a->move[MV_TRACKED]], goings[a->move[MV_WHEELED]]);
	}
	return 0;
}
