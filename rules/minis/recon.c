/*
 * recon.c -- reconnaissance (page 4, QR-RECON, QR-AMB-33): a unit of the activated group
 * looks at one area instead of firing -- a terrain piece in sight, or a 4" [6"] circle of
 * open ground -- within 36" (54").  2D6 plus the distance band, high ground, enemies close by
 * and bunkers; then the owner of the units in the area answers truthfully among the true
 * options (`reveal`): on a 7 whether a hidden AFV is there (shown as a model he picks), on
 * 8-11 one hidden unit or dummy, on 12+ two; a natural double six reveals everything in the
 * area, ambush camouflage units included.  A result of 7 or more always waits for the owner,
 * whatever the area holds, so that the wait tells the recon player nothing (QR-RECON-16).
 */
#include "minis_int.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

int minis__in_area(const struct minis_game *g, const struct minis_recon *r, int u)
{
	if (r->piece >= 0)
		return minis__in_piece(g, r->piece, minis__pos(g, u));
	return minis__pdist(minis__pos(g, u), (struct minis_pt){r->x, r->y}) <= r->r;
}

/* The piece's points at the game's scale, and its centroid. */
static int piece_pts(const struct minis_game *g, int k, struct minis_pt *p, struct minis_pt *c)
{
	const struct minis_piece_def *pc = &g->sc->pieces[k];
	int64_t sx = 0, sy = 0;

	for (int i = 0; i < pc->npts; i++) {
		p[i].x = g->opt.alt ? pc->x[i] * 3 / 2 : pc->x[i];
		p[i].y = g->opt.alt ? pc->y[i] * 3 / 2 : pc->y[i];
		sx += p[i].x;
		sy += p[i].y;
	}
	c->x = (int32_t)(sx / pc->npts);
	c->y = (int32_t)(sy / pc->npts);
	return pc->npts;
}

/* Distance from unit u's base to the area (0 inside), and whether u sees part of it. */
static int32_t area_dist(const struct minis_game *g, int u, const struct minis_recon *r, int *seen)
{
	struct minis_pt up = minis__pos(g, u), c[4];
	int64_t best = INT64_MAX;

	minis__corners(g, u, c);
	if (r->piece < 0) {
		struct minis_pt p = {r->x, r->y};
		int32_t dd = minis__updist(g, u, p);
		*seen = minis__los_pts(g, up, p, NULL);
		return dd > r->r ? dd - r->r : 0;
	} else {
		struct minis_pt p[MINIS_MAX_PTS], cen;
		int n = piece_pts(g, r->piece, p, &cen);
		int32_t x[MINIS_MAX_PTS], y[MINIS_MAX_PTS];
		for (int i = 0; i < n; i++) {
			x[i] = p[i].x;
			y[i] = p[i].y;
		}
		*seen = minis__los_pts(g, up, cen, NULL);
		for (int i = 0; i < n && !*seen; i++) /* a point just inside each corner */
			*seen =
			    minis__los_pts(g, up, minis__lerp(p[i], cen, MINIS_T_ONE / 20), NULL);
		if (minis__in_poly(up, x, y, n))
			return 0;
		for (int i = 0; i < 4; i++)
			if (minis__in_poly(c[i], x, y, n))
				return 0;
		for (int i = 0; i < n; i++)
			for (int j = 0; j < 4; j++) {
				int64_t v = minis__sq_pt_seg(c[j], p[i], p[(i + 1) % n]);
				best = v < best ? v : best;
				v = minis__sq_pt_seg(p[i], c[j], c[(j + 1) % 4]);
				best = v < best ? v : best;
			}
		return (int32_t)minis__isqrt_round(best);
	}
}

int minis__do_recon(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	struct minis_recon r;
	int u, rc, seen, a, b, band, mod = 0, other = 1 - side, res, k = 2;
	int32_t dist, near = minis__d(g, MD_RECON_NEAR), far = minis__d(g, MD_RECON_FAR);
	char text[400], area[64], db[16];
	struct minis_pt at;
	cJSON *f;

	if ((u = minis__unit_arg(g, side, argv[1], 1, err)) < 0)
		return u;
	if ((rc = minis__may_act(g, side, u, err)) != 0)
		return rc;
	if (!minis__real(g, u))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-RECON-2", "%s cannot reconnoitre",
		                  minis__uid(g, u));
	if (g->u[u].flags & (MU_FIRED | MU_SUPPORTED | MU_SPENT))
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "QR-RECON-2",
		    "%s has fired or reconnoitred in this activation (recon is instead "
		    "of fire, QR-AMB-33)",
		    minis__uid(g, u));
	if (g->u[u].flags & MU_PINNED)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-FIRE-17",
		                  "%s is pinned (QR-AMB-39)", minis__uid(g, u));
	if (g->opt.recon_units_only && !(minis__def(g, u)->flags & MINIS_F_RECON))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-RECON-2",
		                  "only recon units reconnoitre (recon.who = recon_units)");
	memset(&r, 0, sizeof(r));
	r.side = side;
	r.unit = u;
	r.piece = -1;
	if (argc == 3 && strchr(argv[2], ',') == NULL &&
	    strchr("0123456789.", argv[2][0]) == NULL) {
		r.piece = minis__piece_find(g, argv[2]);
		if (r.piece < 0 || g->sc->pieces[r.piece].geom != MG_POLYGON)
			return rules_fail(
			    err, WG_E_BAD_ARGS, "QR-RECON-2",
			    "'%.20s' is not an area (a terrain piece, or a point x y)", argv[2]);
		snprintf(area, sizeof(area), "%s", g->sc->pieces[r.piece].id);
	} else {
		if ((rc = minis__parse_pt(g, argc, argv, &k, &at, err)) != 0)
			return rc;
		if (k != argc)
			return rules_fail(err, WG_E_BAD_ARGS, "", "recon <unit> <piece> | <x> <y>");
		r.x = at.x;
		r.y = at.y;
		r.r = g->opt.recon_radius >= 0 ? g->opt.recon_radius : minis__d(g, MD_FOUR);
		snprintf(area, sizeof(area), "the circle of %s\" around (%s, %s)",
		         minis__fmt_in(r.r, db, sizeof(db)), argv[2], argc > 3 ? argv[3] : "");
		minis__fmt_in(r.x, db, sizeof(db));
		snprintf(area, sizeof(area), "(%s, ", db);
		minis__fmt_in(r.y, db, sizeof(db));
		snprintf(area + strlen(area), sizeof(area) - strlen(area), "%s)", db);
	}
	dist = area_dist(g, u, &r, &seen);
	if (dist > minis__d(g, MD_RECON_MAX))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-RECON-1",
		                  "%s is %s\" away: 36\" (54\") at most", area,
		                  minis__fmt_in(dist, db, sizeof(db)));
	if (!seen)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-RECON-2",
		                  "%s cannot see %s (QR-AMB-33)", minis__uid(g, u), area);
	/* the modifiers (QR-RECON-4..10, -23, -24) */
	band = dist <= near ? 0 : dist <= far ? 1 : 2;
	mod += minis__recon_dist_mod(band);
	{
		struct minis_pt target = {r.x, r.y}, pts[MINIS_MAX_PTS];
		if (r.piece >= 0)
			piece_pts(g, r.piece, pts, &target);
		if (minis__on_high_ground(g, minis__pos(g, u), target))
			mod += 1;
	}
	for (int v = 0; v < g->sc->nunits; v++)
		if (minis__real(g, v) && minis__side(g, v) == other &&
		    (g->opt.recon_prox_hidden || minis__visible(g, v, side)) &&
		    minis__udist(g, u, v) <= minis__d(g, MD_RECON_ENEMY)) {
			mod -= 2;
			break;
		}
	if (r.piece >= 0 && (minis__attr(g, r.piece)->flags & MINIS_T_BUNKER))
		mod -= 3;
	if ((rc = minis__reveal(g, u, "it reconnoitres", ev)) != 0)
		return rc;
	g->u[u].flags |= MU_FIRED;
	a = rules_dice_roll(d, 6);
	b = rules_dice_roll(d, 6);
	r.score = a + b + mod;
	res = minis__recon_result(r.score);
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", minis__uid(g, u));
	cJSON_AddStringToObject(f, "area", area);
	cJSON_AddItemToObject(f, "distance", minis__num_in(dist));
	cJSON_AddItemToObject(f, "dice", cJSON_CreateIntArray((int[]){a, b}, 2));
	cJSON_AddNumberToObject(f, "modifier", mod);
	cJSON_AddNumberToObject(f, "score", r.score);
	if (a == 6 && b == 6) { /* QR-RECON-15, QR-RECON-20: everything in the area */
		cJSON_AddStringToObject(f, "result", "double six: all spotted");
		cJSON_AddStringToObject(f, "rule", "QR-RECON-20");
		snprintf(text, sizeof(text),
		         "%s reconnoitres %s at %s\": %d+%d%+d = %d, Achtung! a "
		         "double six: all units in the area are spotted",
		         minis__uid(g, u), area, minis__fmt_in(dist, db, sizeof(db)), a, b, mod,
		         r.score);
		minis__line(reply, "%s", text);
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "recon", f, "%s", text)) != 0)
			return rc;
		for (int v = 0; v < g->nslots; v++)
			if (minis__on(g, v) && minis__side(g, v) == other &&
			    (g->u[v].flags & (MU_HIDDEN | MU_AMBUSH)) && minis__in_area(g, &r, v) &&
			    (rc = minis__reveal(g, v, "spotted by a double six (QR-RECON-20)",
			                        ev)) != 0)
				return rc;
		return 0;
	}
	cJSON_AddStringToObject(f, "result",
	                        (const char *[]){"poor reconnaissance", "armour spotted?",
	                                         "enemy spotted?", "accurate spotting?"}[res]);
	cJSON_AddStringToObject(
	    f, "rule",
	    (const char *[]){"QR-RECON-11", "QR-RECON-12", "QR-RECON-13", "QR-RECON-14"}[res]);
	snprintf(
	    text, sizeof(text), "%s reconnoitres %s at %s\": %d+%d%+d = %d: %s", minis__uid(g, u),
	    area, minis__fmt_in(dist, db, sizeof(db)), a, b, mod, r.score,
	    (const char *[]){"POOR RECONNAISSANCE - nothing spotted",
	                     "7: the owner must declare whether AFVs are present",
	                     "8-11: the owner must show one unit or dummy in the area",
	                     "12+: the owner must show two units or dummies in the area"}[res]);
	minis__line(reply, "%s", text);
	if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "recon", f, "%s", text)) != 0)
		return rc;
	if (res == 0)
		return 0; /* QR-RECON-16: the same message whatever the area holds */
	r.want = res == 1 ? 0 : res == 2 ? 1 : 2;
	g->recon = r;
	g->intr = MI_REVEAL;
	g->intr_side = (int8_t)other;
	return 0;
}

/* 1 if v is one of the owner's candidates for the recon result. */
static int candidate(const struct minis_game *g, int v, int afv_only)
{
	const struct minis_recon *r = &g->recon;

	if (!minis__on(g, v) || minis__side(g, v) == r->side || !(g->u[v].flags & MU_HIDDEN) ||
	    (g->u[v].flags & MU_AMBUSH) || !minis__in_area(g, r, v))
		return 0; /* QR-RECON-21: never an ambush camouflage unit */
	if (afv_only)
		return minis__is_afv(g, v) && !(g->u[v].flags & MU_AFV_MARKER);
	return 1;
}

int minis__do_reveal(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                     cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	struct minis_recon *r = &g->recon;
	int afv = r->want == 0, ncand = 0, need, rc, chosen[2] = {-1, -1}, nch = 0, model = -1;

	(void)d;
	for (int v = 0; v < g->nslots; v++)
		ncand += candidate(g, v, afv);
	need = afv ? (ncand > 0) : (ncand < r->want ? ncand : r->want);
	if (argc == 2 && strcasecmp(argv[1], "none") == 0) {
		if (need > 0)
			return rules_fail(err, WG_E_ILLEGAL_ACTION,
			                  afv            ? "QR-RECON-17"
			                  : r->want == 1 ? "QR-RECON-18"
			                                 : "QR-RECON-19",
			                  "the area holds %s: you must show %s",
			                  afv ? "a hidden AFV" : "hidden units or dummies",
			                  afv ? "it (reveal <unit> [<model>])"
			                      : "them (reveal <unit> ...)");
		g->intr = MI_NONE;
		minis__line(reply, "nothing to show");
		return rules_emit(ev, RULES_AUD_PUBLIC, "recon-result", NULL,
		                  afv ? "no AFV is declared in the area (QR-RECON-17)"
		                      : "nothing spotted in the area (QR-RECON-18)");
	}
	for (int k = 1; k < argc; k++) {
		int v = minis__unit_arg(g, side, argv[k], 1, err);
		if (v < 0) {
			if (afv && k == 2) { /* the model shown */
				for (int m = 0; m < minis_nafv_models; m++)
					if (strcasecmp(minis_afv_models[m], argv[k]) == 0)
						model = m;
				if (model >= 0)
					continue;
				return rules_fail(
				    err, WG_E_BAD_ARGS, "QR-RECON-17",
				    "'%.24s' is not an AFV model (Tiger2, Tiger1, Panther, "
				    "PzIV, StuG, Sherman, T34, ...)",
				    argv[k]);
			}
			return v;
		}
		if (!candidate(g, v, afv))
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-RECON-22",
			                  "%s is not a hidden %s in the area", minis__uid(g, v),
			                  afv ? "AFV" : "unit or dummy");
		if (nch >= (afv ? 1 : 2) || (nch == 1 && chosen[0] == v))
			return rules_fail(err, WG_E_BAD_ARGS, "QR-RECON-22",
			                  "too many units named");
		chosen[nch++] = v;
	}
	if (nch != need)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, afv ? "QR-RECON-17" : "QR-RECON-19",
		                  "show %d of them (the area holds %d)", need, ncand);
	g->intr = MI_NONE;
	if (afv) { /* QR-RECON-17: an unidentified AFV marker at its true position */
		int v = chosen[0];
		char xb[16], yb[16];
		cJSON *f = cJSON_CreateObject();
		if (model < 0) {
			model = 0;
			for (int m = 0; m < minis_nafv_models; m++)
				if (strncasecmp(minis_afv_models[m], minis__def(g, v)->model,
				                strlen(minis_afv_models[m])) == 0)
					model = m;
		}
		g->u[v].flags |= MU_AFV_MARKER;
		g->u[v].model = (int8_t)model;
		cJSON_AddStringToObject(f, "model", minis_afv_models[model]);
		cJSON_AddItemToObject(f, "x", minis__num_in(g->u[v].x));
		cJSON_AddItemToObject(f, "y", minis__num_in(g->u[v].y));
		cJSON_AddStringToObject(f, "rule", "QR-RECON-17");
		minis__line(reply, "%s is shown as an unidentified %s", minis__uid(g, v),
		            minis_afv_models[model]);
		return rules_emit(ev, RULES_AUD_PUBLIC, "armour-spotted", f,
		                  "ARMOUR SPOTTED! an AFV (shown as a %s) at (%s, %s)",
		                  minis_afv_models[model], minis__fmt_in(g->u[v].x, xb, sizeof(xb)),
		                  minis__fmt_in(g->u[v].y, yb, sizeof(yb)));
	}
	for (int k = 0; k < nch; k++)
		if ((rc = minis__reveal(g, chosen[k], "spotted by reconnaissance (QR-RECON-18)",
		                        ev)) != 0)
			return rc;
	minis__line(reply, "%d shown", nch);
	return 0;
}
