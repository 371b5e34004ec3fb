/*
 * util.c -- what every rule asks of the table: units and their kinds, the scale, who may see
 * what (QR-AMB-13), positions and distances edge to edge (QR-AMB-1), terrain under a point,
 * line of sight and dead ground (QR-AMB-4), cover classes (QR-AMB-3), high ground (QR-AMB-5),
 * and the parsing and printing of inches and bearings.
 */
#include "minis_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const dummy_ids[MINIS_MAX_DUMMIES] = {"dummy1", "dummy2", "dummy3", "dummy4",
                                                         "dummy5", "dummy6", "dummy7", "dummy8"};

const struct minis_unit_def *minis__def(const struct minis_game *g, int u)
{
	return u < g->sc->nunits ? &g->sc->units[u] : &g->sc->dummy;
}

const char *minis__uid(const struct minis_game *g, int u)
{
	return u < g->sc->nunits ? g->sc->units[u].id : dummy_ids[u - g->sc->nunits];
}

int minis__side(const struct minis_game *g, int u)
{
	return minis__def(g, u)->side;
}

int minis__on(const struct minis_game *g, int u)
{
	return g->u[u].status == MS_ON;
}

int minis__real(const struct minis_game *g, int u)
{
	return g->u[u].status == MS_ON && minis__def(g, u)->kind != MK_DUMMY;
}

int32_t minis__d(const struct minis_game *g, struct minis_dist d)
{
	return g->opt.alt ? d.alt : d.base;
}

int32_t minis__unprinted(const struct minis_game *g, int32_t v)
{
	return v * g->opt.unprinted_x2 / 2;
}

int minis__is_afv(const struct minis_game *g, int u)
{
	return minis__def(g, u)->kind == MK_AFV;
}

int minis__is_vehicle(const struct minis_game *g, int u)
{
	int k = minis__def(g, u)->kind;

	return k == MK_AFV || k == MK_SOFTSKIN;
}

int minis__is_command(const struct minis_game *g, int u)
{
	const struct minis_unit_def *d = minis__def(g, u);

	return d->kind == MK_HQ || (d->flags & (MINIS_F_INF_CMD | MINIS_F_AFV_CMD)) != 0;
}

int minis__is_artillery(const struct minis_game *g, int u)
{
	const struct minis_unit_def *d = minis__def(g, u);

	return (d->flags & (MINIS_F_ARTILLERY | MINIS_F_AT_GUN | MINIS_F_MORTAR)) != 0 ||
	       (d->kind == MK_GUN && g->opt.crewed_as_artillery);
}

int minis__infantry_type(const struct minis_game *g, int u)
{
	int k = minis__def(g, u)->kind;

	return k == MK_INFANTRY || k == MK_HQ || k == MK_CAVALRY;
}

int minis__tmove(const struct minis_game *g, int u)
{
	const struct minis_unit_def *d = minis__def(g, u);

	if (d->kind == MK_GUN && (g->u[u].flags & MU_LIMBERED))
		return MV_WHEELED;
	if (d->kind != MK_AFV && d->kind != MK_SOFTSKIN)
		return MV_INFANTRY;
	return (d->flags & MINIS_F_WHEELED) || d->move == MM_WHEELED || d->kind == MK_SOFTSKIN
	           ? MV_WHEELED
	           : MV_TRACKED;
}

int minis__quality(const struct minis_game *g, int u)
{
	return minis__def(g, u)->quality;
}

enum minis_test minis__test_for(const struct minis_game *g, int u, enum minis_test t)
{
	if (minis__is_afv(g, u) && t == MT_DISPERSE) /* QR-MORALE-11 */
		return MT_DESTROYED;
	if (!minis__is_afv(g, u) && (t == MT_DAMAGED || t == MT_DESTROYED))
		return MT_DISPERSE;
	return t;
}

/* ---- who sees what (QR-AMB-13) ---- */

int minis__visible(const struct minis_game *g, int u, int viewer)
{
	int side = minis__side(g, u);

	if (viewer == side || g->over)
		return 1;
	if (g->phase == MP_DEPLOY)
		return 0; /* secret deployment */
	if (g->u[u].status == MS_UNPLACED)
		return 0;
	if (minis__def(g, u)->kind == MK_DUMMY)
		return g->u[u].status != MS_ON; /* an exposed dummy is known to be one */
	return !(g->u[u].flags & (MU_HIDDEN | MU_AMBUSH)) || g->u[u].status != MS_ON;
}

unsigned minis__aud(const struct minis_game *g, int u)
{
	return minis__visible(g, u, 1 - minis__side(g, u)) ? RULES_AUD_PUBLIC
	                                                   : RULES_AUD_SIDE(minis__side(g, u));
}

/* ---- positions ---- */

struct minis_pt minis__pos(const struct minis_game *g, int u)
{
	struct minis_pt p = {g->u[u].x, g->u[u].y};

	return p;
}

void minis__corners_at(const struct minis_game *g, int u, struct minis_pt c, int facing,
                       struct minis_pt out[4])
{
	minis__rect(c, facing, g->u[u].w, g->u[u].d, out);
}

void minis__corners(const struct minis_game *g, int u, struct minis_pt out[4])
{
	minis__corners_at(g, u, minis__pos(g, u), g->u[u].facing, out);
}

int32_t minis__udist(const struct minis_game *g, int a, int b)
{
	struct minis_pt ca[4], cb[4];

	if (g->opt.measure_centre)
		return minis__pdist(minis__pos(g, a), minis__pos(g, b));
	minis__corners(g, a, ca);
	minis__corners(g, b, cb);
	return minis__poly_dist(ca, 4, cb, 4);
}

int32_t minis__updist(const struct minis_game *g, int a, struct minis_pt p)
{
	struct minis_pt ca[4];

	if (g->opt.measure_centre)
		return minis__pdist(minis__pos(g, a), p);
	minis__corners(g, a, ca);
	return minis__poly_pt_dist(ca, 4, p);
}

int minis__touching(const struct minis_game *g, int a, int b)
{
	struct minis_pt ca[4], cb[4];

	minis__corners(g, a, ca);
	minis__corners(g, b, cb);
	return minis__poly_dist(ca, 4, cb, 4) <= g->opt.contact_tol;
}

int minis__on_table(const struct minis_game *g, const struct minis_pt c[4])
{
	for (int k = 0; k < 4; k++)
		if (c[k].x < 0 || c[k].y < 0 || c[k].x > g->width || c[k].y > g->height)
			return 0;
	return 1;
}

int minis__overlaps(const struct minis_game *g, int u, struct minis_pt c, int f, int ignore,
                    int *hit, int only_visible_to)
{
	struct minis_pt a[4], b[4];

	minis__corners_at(g, u, c, f, a);
	for (int v = 0; v < g->nslots; v++) {
		if (v == u || v == ignore || !minis__on(g, v))
			continue;
		if (only_visible_to >= 0 && !minis__visible(g, v, only_visible_to))
			continue;
		minis__corners(g, v, b);
		if (minis__poly_overlap(a, 4, b, 4)) {
			if (hit != NULL)
				*hit = v;
			return 1;
		}
	}
	/* wrecks (QR-AMB-44): their footprint stays */
	for (int v = 0; v < g->nslots && g->opt.wreck_leave; v++) {
		if (v == u || g->u[v].status != MS_DESTROYED || !minis__is_vehicle(g, v))
			continue;
		if (minis__is_vehicle(g, u)) {
			minis__corners(g, v, b);
			if (minis__poly_overlap(a, 4, b, 4)) {
				if (hit != NULL)
					*hit = v;
				return 1;
			}
		}
	}
	return 0;
}

/* ---- ids and arguments ---- */

int minis__unit_find(const struct minis_game *g, const char *id)
{
	for (int u = 0; u < g->nslots; u++)
		if (strcasecmp(minis__uid(g, u), id) == 0)
			return u;
	return -1;
}

int minis__unit_arg(const struct minis_game *g, int side, const char *arg, int own,
                    struct rules_error *err)
{
	int u = minis__unit_find(g, arg);

	/* one refusal for a unit that does not exist and one the side may not see (QR-AMB-13) */
	if (u < 0 || g->u[u].status == MS_UNPLACED || !minis__visible(g, u, side))
		return rules_fail(err, WG_E_NO_SUCH_UNIT, "QR-AMB-13",
		                  "'%.30s' is not a unit you can see", arg);
	if (own && minis__side(g, u) != side)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-CMD-26",
		                  "%s is not one of your units", minis__uid(g, u));
	return u;
}

int minis__piece_find(const struct minis_game *g, const char *id)
{
	for (int k = 0; k < g->sc->npieces; k++)
		if (strcasecmp(g->sc->pieces[k].id, id) == 0)
			return k;
	return -1;
}

int minis__parse_in(const char *s, int32_t *out)
{
	int32_t whole = 0, frac = 0;
	int digits = 0, fd = 0;
	const char *p = s;

	if (*p == '\0')
		return -1;
	while (*p >= '0' && *p <= '9') {
		if (whole > 100000)
			return -1;
		whole = whole * 10 + (*p++ - '0');
		digits++;
	}
	if (*p == '.') {
		p++;
		while (*p >= '0' && *p <= '9' && fd < 2) {
			frac = frac * 10 + (*p++ - '0');
			fd++;
		}
		if (fd == 1)
			frac *= 10;
	}
	if (*p != '\0' || (digits == 0 && fd == 0))
		return -1;
	*out = whole * 100 + frac;
	return 0;
}

int minis__parse_pt(const struct minis_game *g, int argc, char **argv, int *k, struct minis_pt *p,
                    struct rules_error *err)
{
	const char *comma;

	if (*k >= argc)
		return rules_fail(err, WG_E_BAD_ARGS, "", "a point x y (inches) is missing");
	comma = strchr(argv[*k], ',');
	if (comma != NULL) {
		char x[24];
		size_t n = (size_t)(comma - argv[*k]);
		if (n >= sizeof(x) || minis__parse_in(comma + 1, &p->y) != 0)
			goto bad;
		memcpy(x, argv[*k], n);
		x[n] = '\0';
		if (minis__parse_in(x, &p->x) != 0)
			goto bad;
		(*k)++;
	} else {
		if (*k + 1 >= argc || minis__parse_in(argv[*k], &p->x) != 0 ||
		    minis__parse_in(argv[*k + 1], &p->y) != 0)
			goto bad;
		*k += 2;
	}
	if (p->x > g->width || p->y > g->height)
		return rules_fail(err, WG_E_BAD_ARGS, "QR-AMB-1",
		                  "the point is off the table (0..%d x 0..%d inches)",
		                  (int)(g->width / 100), (int)(g->height / 100));
	return 0;
bad:
	return rules_fail(err, WG_E_BAD_ARGS, "",
	                  "'%.30s' is not a point: x y or x,y in inches (up to two decimals)",
	                  argv[*k]);
}

int minis__parse_angle(const char *s, int *out)
{
	int v = 0, digits = 0, tenth = 0;

	while (*s >= '0' && *s <= '9' && digits < 4) {
		v = v * 10 + (*s++ - '0');
		digits++;
	}
	if (*s == '.' && s[1] >= '0' && s[1] <= '9') {
		tenth = s[1] - '0';
		s += 2;
	}
	if (*s != '\0' || digits == 0 || v >= 360)
		return -1;
	*out = v * 10 + tenth;
	return 0;
}

const char *minis__fmt_in(int32_t v, char *buf, size_t n)
{
	int32_t a = v < 0 ? -v : v;

	if (a % 100 == 0)
		snprintf(buf, n, "%s%d", v < 0 ? "-" : "", (int)(a / 100));
	else if (a % 10 == 0)
		snprintf(buf, n, "%s%d.%d", v < 0 ? "-" : "", (int)(a / 100), (int)(a % 100 / 10));
	else
		snprintf(buf, n, "%s%d.%02d", v < 0 ? "-" : "", (int)(a / 100), (int)(a % 100));
	return buf;
}

cJSON *minis__num_in(int32_t v)
{
	/* v / 100.0 is the double nearest to the decimal v/100, as strtod of it would be */
	return cJSON_CreateNumber(v / 100.0);
}

/* ---- terrain ---- */

const struct minis_tattr *minis__attr(const struct minis_game *g, int k)
{
	if (g->piece_gone[k] && g->sc->rubble >= 0)
		return &g->sc->types[g->sc->rubble].a;
	return &g->sc->pieces[k].a;
}

int minis__in_piece(const struct minis_game *g, int k, struct minis_pt p)
{
	const struct minis_piece_def *pc = &g->sc->pieces[k];
	int32_t x[MINIS_MAX_PTS], y[MINIS_MAX_PTS];

	if (pc->geom != MG_POLYGON)
		return 0;
	/* outside the bounding box (the table drawing asks every cell of every piece) */
	if (g->opt.alt ? (p.x < pc->x0 * 3 / 2 || p.x > pc->x1 * 3 / 2 || p.y < pc->y0 * 3 / 2 ||
	                  p.y > pc->y1 * 3 / 2)
	               : (p.x < pc->x0 || p.x > pc->x1 || p.y < pc->y0 || p.y > pc->y1))
		return 0;
	if (!g->opt.alt)
		return minis__in_poly(p, pc->x, pc->y, pc->npts);
	for (int i = 0; i < pc->npts; i++) {
		x[i] = pc->x[i] * 3 / 2;
		y[i] = pc->y[i] * 3 / 2;
	}
	return minis__in_poly(p, x, y, pc->npts);
}

/* The piece's points at the game's scale. */
static void piece_pts(const struct minis_game *g, int k, int32_t *x, int32_t *y)
{
	const struct minis_piece_def *pc = &g->sc->pieces[k];

	for (int i = 0; i < pc->npts; i++) {
		x[i] = g->opt.alt ? pc->x[i] * 3 / 2 : pc->x[i];
		y[i] = g->opt.alt ? pc->y[i] * 3 / 2 : pc->y[i];
	}
}

int minis__piece_at(const struct minis_game *g, struct minis_pt p, uint32_t f)
{
	for (int k = 0; k < g->sc->npieces; k++)
		if ((minis__attr(g, k)->flags & f) && minis__in_piece(g, k, p))
			return k;
	return -1;
}

int minis__level(const struct minis_game *g, struct minis_pt p)
{
	int lv = 0;

	for (int k = 0; k < g->sc->npieces; k++) {
		const struct minis_tattr *a = minis__attr(g, k);
		if ((a->flags & MINIS_T_HIGH_GROUND) && a->height > lv && minis__in_piece(g, k, p))
			lv = a->height;
	}
	return lv;
}

int minis__going(const struct minis_game *g, struct minis_pt p, int tmove, int *marsh)
{
	int worst = MG_CLEAR;

	if (marsh != NULL)
		*marsh = 0;
	for (int k = 0; k < g->sc->npieces; k++) {
		const struct minis_tattr *a = minis__attr(g, k);
		if (!minis__in_piece(g, k, p))
			continue;
		if (a->move[tmove] > worst)
			worst = a->move[tmove];
		if (marsh != NULL && (a->flags & MINIS_T_MARSH))
			*marsh = 1;
	}
	/* wrecks: difficult for infantry (vehicles cannot overlap them, minis__overlaps) */
	for (int v = 0; v < g->nslots && g->opt.wreck_leave && tmove == MV_INFANTRY; v++) {
		struct minis_pt c[4];
		if (g->u[v].status != MS_DESTROYED || !minis__is_vehicle(g, v))
			continue;
		minis__corners(g, v, c);
		if (minis__poly_pt_dist(c, 4, p) == 0 && worst < MG_DIFFICULT)
			worst = MG_DIFFICULT;
	}
	return worst;
}

/* ---- line of sight (QR-AMB-4) ---- */

static int32_t seglen(struct minis_pt a, struct minis_pt b, int32_t t0, int32_t t1)
{
	return minis__pdist(minis__lerp(a, b, t0), minis__lerp(a, b, t1));
}

static void smoke_rect(const struct minis_smoke *s, int32_t *x, int32_t *y)
{
	struct minis_pt c[4], m = {s->x, s->y};

	minis__rect(m, s->bearing, s->w, s->d, c);
	for (int k = 0; k < 4; k++) {
		x[k] = c[k].x;
		y[k] = c[k].y;
	}
}

int minis__los_pts(const struct minis_game *g, struct minis_pt a, struct minis_pt b, int *obscured)
{
	int la = minis__level(g, a), lb = minis__level(g, b), top = la > lb ? la : lb;
	int32_t depth = g->opt.los_edge_depth >= 0 ? g->opt.los_edge_depth : minis__d(g, MD_TWO);
	int32_t x[MINIS_MAX_PTS], y[MINIS_MAX_PTS], t[2 * MINIS_MAX_PTS];

	if (obscured != NULL)
		*obscured = 0;
	for (int k = 0; k < g->sc->npieces; k++) {
		const struct minis_tattr *at = minis__attr(g, k);
		const struct minis_piece_def *pc = &g->sc->pieces[k];
		int n;
		if (at->los == ML_NONE || pc->geom != MG_POLYGON)
			continue;
		piece_pts(g, k, x, y);
		n = minis__seg_inside(a, b, x, y, pc->npts, t, MINIS_MAX_PTS);
		if (n == 0)
			continue;
		if (at->los == ML_OBSCURES || at->height <= top) {
			if (obscured != NULL && at->los == ML_OBSCURES)
				*obscured = 1;
			continue;
		}
		for (int i = 0; i < n; i++) {
			int32_t t0 = t[2 * i], t1 = t[2 * i + 1];
			/* up to the edge depth inside a piece that holds an end (QR-AMB-4) */
			if (t0 == 0 && minis__in_poly(a, x, y, pc->npts) &&
			    seglen(a, b, t0, t1) <= depth)
				continue;
			if (t1 == MINIS_T_ONE && minis__in_poly(b, x, y, pc->npts) &&
			    seglen(a, b, t0, t1) <= depth)
				continue;
			if (seglen(a, b, t0, t1) == 0)
				continue;
			return 0;
		}
	}
	for (int k = 0; k < g->nsmoke; k++) {
		int32_t sx[4], sy[4];
		smoke_rect(&g->smoke[k], sx, sy);
		if (minis__seg_inside(a, b, sx, sy, 4, t, MINIS_MAX_PTS) > 0 ||
		    minis__in_poly(b, sx, sy, 4)) {
			if (g->opt.smoke_blocks)
				return 0;
			if (obscured != NULL)
				*obscured = 2; /* smoke: "In or through Smoke" (QR-FIRE-25) */
		}
	}
	for (int v = 0; v < g->nslots && g->opt.wreck_leave && obscured != NULL; v++) {
		struct minis_pt c[4];
		int32_t wx[4], wy[4];
		if (g->u[v].status != MS_DESTROYED || !minis__is_vehicle(g, v))
			continue;
		minis__corners(g, v, c);
		for (int i = 0; i < 4; i++) {
			wx[i] = c[i].x;
			wy[i] = c[i].y;
		}
		if (minis__seg_inside(a, b, wx, wy, 4, t, MINIS_MAX_PTS) > 0 && !*obscured)
			*obscured = 1; /* a wreck obscures (QR-AMB-44) */
	}
	return 1;
}

int minis__los(const struct minis_game *g, int a, int b, int *obscured, int *limited)
{
	struct minis_pt pa = minis__pos(g, a), c[4];
	int seen, n = 0, obs = 0, o;

	if (limited != NULL)
		*limited = (minis__def(g, b)->flags & MINIS_F_LIMITED) != 0;
	seen = minis__los_pts(g, pa, minis__pos(g, b), &obs);
	if (!g->opt.los_any_point) {
		if (obscured != NULL)
			*obscured = obs;
		return seen;
	}
	/* any_point: the centre and the four corners of the target's base */
	minis__corners(g, b, c);
	n = seen;
	for (int k = 0; k < 4; k++) {
		int s = minis__los_pts(g, pa, c[k], &o);
		n += s;
		if (s && !seen)
			obs = o;
		seen |= s;
	}
	if (obscured != NULL)
		*obscured = obs;
	if (limited != NULL && seen && n * 100 < 5 * g->opt.limited_pct)
		*limited = 1;
	return seen;
}

/* ---- cover (QR-AMB-3) ---- */

int minis__cover(const struct minis_game *g, int u, const struct minis_pt *f, int *building,
                 int *strongpoint, int *in_piece_cover)
{
	struct minis_pt p = minis__pos(g, u), base[4];
	const struct minis_unit_def *d = minis__def(g, u);
	int best = MC_NONE, inpc = MC_NONE;
	int32_t near = minis__d(g, MD_COVER_NEAR), x[MINIS_MAX_PTS], y[MINIS_MAX_PTS],
	        t[2 * MINIS_MAX_PTS];

	if (building != NULL)
		*building = 0;
	if (strongpoint != NULL)
		*strongpoint = 0;
	if (d->kind == MK_AFV && (d->flags & MINIS_F_DUG_IN))
		best = MC_STRONGPOINT;
	if (d->flags & MINIS_F_HULL_DOWN && best < MC_COVER)
		best = MC_COVER;
	minis__corners(g, u, base);
	for (int k = 0; k < g->sc->npieces; k++) {
		const struct minis_tattr *a = minis__attr(g, k);
		const struct minis_piece_def *pc = &g->sc->pieces[k];
		if (minis__in_piece(g, k, p)) {
			if (a->cover > inpc)
				inpc = a->cover;
			if (building != NULL && (a->flags & MINIS_T_BUILDING))
				*building = 1;
			if (strongpoint != NULL && (a->flags & MINIS_T_STRONGPOINT))
				*strongpoint = 1;
			continue;
		}
		if (f == NULL || !(a->flags & (MINIS_T_LINEAR | MINIS_T_BUILDING)) ||
		    a->cover == MC_NONE)
			continue;
		if (a->flags & MINIS_T_WIRE)
			continue;
		/* the line from the firer crosses it within 1" [1.5"] of the target's base */
		piece_pts(g, k, x, y);
		if (pc->geom == MG_POLYGON) {
			int n = minis__seg_inside(*f, p, x, y, pc->npts, t, MINIS_MAX_PTS);
			for (int i = 0; i < n; i++) {
				struct minis_pt q = minis__lerp(*f, p, t[2 * i + 1]);
				if (minis__poly_pt_dist(base, 4, q) <= near) {
					int c = (a->flags & MINIS_T_BUILDING) ? MC_HARD : a->cover;
					if (c > best)
						best = c;
				}
			}
		} else {
			int n = minis__seg_polyline(*f, p, x, y, pc->npts, t, MINIS_MAX_PTS);
			for (int i = 0; i < n; i++) {
				struct minis_pt q = minis__lerp(*f, p, t[i]);
				if (minis__poly_pt_dist(base, 4, q) <= near && a->cover > best)
					best = a->cover;
			}
		}
	}
	/* behind a wreck: hard cover (QR-ARMOUR-15, QR-AMB-44) */
	for (int v = 0; f != NULL && g->opt.wreck_leave && v < g->nslots; v++) {
		struct minis_pt c[4];
		int32_t wx[4], wy[4];
		int n;
		if (g->u[v].status != MS_DESTROYED || !minis__is_vehicle(g, v) || v == u)
			continue;
		minis__corners(g, v, c);
		for (int i = 0; i < 4; i++) {
			wx[i] = c[i].x;
			wy[i] = c[i].y;
		}
		n = minis__seg_inside(*f, p, wx, wy, 4, t, MINIS_MAX_PTS);
		for (int i = 0; i < n; i++)
			if (minis__poly_pt_dist(base, 4, minis__lerp(*f, p, t[2 * i + 1])) <=
			        near &&
			    best < MC_HARD)
				best = MC_HARD;
	}
	if (in_piece_cover != NULL)
		*in_piece_cover = inpc;
	return inpc > best ? inpc : best;
}

int minis__in_cover(const struct minis_game *g, int u)
{
	return minis__cover(g, u, NULL, NULL, NULL, NULL) >= MC_COVER;
}

int minis__on_high_ground(const struct minis_game *g, struct minis_pt p, struct minis_pt target)
{
	if (minis__piece_at(g, p, MINIS_T_HIGH_GROUND) < 0)
		return 0;
	return !g->opt.hg_needs_higher || minis__level(g, p) > minis__level(g, target);
}
