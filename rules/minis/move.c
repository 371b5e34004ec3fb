/*
 * move.c -- movement (page 3, QR-MOVE): a unit of the activated group moves once along a path
 * of points, paying its allowance (the group's 2D6 plus its class's base, the road rate when
 * the whole path is on road) for each inch of its centre's track: difficult ground and
 * reversing at double cost, a bogged down test on entering hazardous ground, a pinned test
 * at barbed wire that then costs half the allowance to cross; limbering and manhandling of
 * guns.  And what movement reveals (QR-AMB-13): a hidden unit that moves, an enemy unit the
 * mover could not see and runs into, hidden units an enemy comes within 4" [6"] of in sight.
 *
 * The path is checked whole before anything happens (its cost, the table, impassable ground,
 * the bases the mover can see); the dice of the tests along it then decide where it stops.
 * Only what the mover's side may see can refuse a move, so a refusal never tells where a
 * hidden enemy is; running into one stops the move instead.
 */
#include "minis_int.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#define SAMPLE 25 /* hundredths between the points where a moving base is checked */

int minis__may_act(const struct minis_game *g, int side, int u, struct rules_error *err)
{
	if (g->phase == MP_ORDERS && g->act.active && ((g->act.units >> u) & 1))
		return 0;
	(void)side;
	return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-CMD-40",
	                  "%s is not in the activated combat group (order it first)",
	                  minis__uid(g, u));
}

int minis__reveal(struct minis_game *g, int u, const char *why, struct rules_events *ev)
{
	const struct minis_unit_def *d = minis__def(g, u);
	char xb[16], yb[16];
	cJSON *f;

	if (!minis__on(g, u) || !(g->u[u].flags & (MU_HIDDEN | MU_AMBUSH)))
		return 0;
	g->u[u].flags &= ~(uint32_t)(MU_HIDDEN | MU_AMBUSH | MU_AFV_MARKER);
	g->u[u].flags |= MU_REVEALED;
	g->u[u].model = -1;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", minis__uid(g, u));
	cJSON_AddStringToObject(f, "side", g->sc->side_names[d->side]);
	cJSON_AddItemToObject(f, "x", minis__num_in(g->u[u].x));
	cJSON_AddItemToObject(f, "y", minis__num_in(g->u[u].y));
	cJSON_AddStringToObject(f, "rule", "QR-AMB-13");
	if (d->kind == MK_DUMMY) {
		g->u[u].status = MS_UNPLACED;
		g->u[u].flags = 0;
		cJSON_AddBoolToObject(f, "dummy", 1);
		return rules_emit(ev, RULES_AUD_PUBLIC, "dummy-exposed", f,
		                  "a %s marker at (%s, %s) is a dummy (%s): removed",
		                  g->sc->side_names[d->side],
		                  minis__fmt_in(g->u[u].x, xb, sizeof(xb)),
		                  minis__fmt_in(g->u[u].y, yb, sizeof(yb)), why);
	}
	cJSON_AddStringToObject(f, "name", d->name);
	cJSON_AddNumberToObject(f, "facing", g->u[u].facing / 10.0);
	return rules_emit(ev, RULES_AUD_PUBLIC, "revealed", f,
	                  "%s %s (%s) revealed at (%s, %s): %s", g->sc->side_names[d->side], d->id,
	                  d->name, minis__fmt_in(g->u[u].x, xb, sizeof(xb)),
	                  minis__fmt_in(g->u[u].y, yb, sizeof(yb)), why);
}

int minis__proximity(struct minis_game *g, struct rules_events *ev)
{
	int32_t hp = g->opt.hidden_prox < 0 ? minis__d(g, MD_FOUR) : g->opt.hidden_prox;
	int32_t ap = g->opt.ambush_prox;
	int rc;

	for (int h = 0; h < g->nslots; h++) {
		int32_t r;
		if (!minis__on(g, h) || !(g->u[h].flags & (MU_HIDDEN | MU_AMBUSH)))
			continue;
		r = (g->u[h].flags & MU_AMBUSH) ? ap : hp;
		if (r <= 0)
			continue;
		for (int e = 0; e < g->sc->nunits; e++) {
			char why[80];
			/* far apart for sure: the centres further than r and both half-diagonals
			 * (each at most half the width plus depth) */
			int64_t dx = (int64_t)g->u[e].x - g->u[h].x,
			        dy = (int64_t)g->u[e].y - g->u[h].y,
			        far = (int64_t)r +
			              (g->u[e].w + g->u[e].d + g->u[h].w + g->u[h].d) / 2 + 1;
			if (!minis__real(g, e) || minis__side(g, e) == minis__side(g, h) ||
			    dx * dx + dy * dy > far * far || minis__udist(g, e, h) > r ||
			    !minis__los(g, e, h, NULL, NULL))
				continue;
			snprintf(why, sizeof(why), "%s came within %d\" in sight (QR-AMB-13)",
			         minis__uid(g, e), (int)(r / 100));
			if ((rc = minis__reveal(g, h, why, ev)) != 0)
				return rc;
			break;
		}
	}
	return 0;
}

/* 1 if every point of the path from p (n legs to pts) is on a road (QR-MOVE-11). */
static int all_on_road(const struct minis_game *g, struct minis_pt p, const struct minis_pt *pts,
                       int n)
{
	struct minis_pt a = p;

	for (int i = 0; i < n; i++) {
		int32_t len = minis__pdist(a, pts[i]);
		int steps = len / SAMPLE + 1;
		for (int s = 0; s <= steps; s++) {
			struct minis_pt q =
			    minis__lerp(a, pts[i], (int32_t)((int64_t)s * MINIS_T_ONE / steps));
			if (minis__piece_at(g, q, MINIS_T_ROAD) < 0)
				return 0;
		}
		a = pts[i];
	}
	return 1;
}

/* The wire crossings of leg a-b: their parameters in t, whether each is a gap; the count. */
static int wire_crossings(const struct minis_game *g, struct minis_pt a, struct minis_pt b,
                          int32_t *t, int *piece, int max)
{
	int n = 0;

	for (int k = 0; k < g->sc->npieces && n < max; k++) {
		const struct minis_piece_def *pc = &g->sc->pieces[k];
		int32_t x[MINIS_MAX_PTS], y[MINIS_MAX_PTS], tt[MINIS_MAX_PTS];
		int m;
		if (!(minis__attr(g, k)->flags & MINIS_T_WIRE))
			continue;
		for (int i = 0; i < pc->npts; i++) {
			x[i] = g->opt.alt ? pc->x[i] * 3 / 2 : pc->x[i];
			y[i] = g->opt.alt ? pc->y[i] * 3 / 2 : pc->y[i];
		}
		if (pc->geom == MG_LINE)
			m = minis__seg_polyline(a, b, x, y, pc->npts, tt, MINIS_MAX_PTS);
		else
			m = minis__seg_inside(a, b, x, y, pc->npts, tt, MINIS_MAX_PTS / 2);
		for (int i = 0; i < m && n < max; i++) {
			int32_t v = pc->geom == MG_LINE ? tt[i] : tt[2 * i];
			struct minis_pt q = minis__lerp(a, b, v);
			int gap = 0;
			for (int j = 0; j < g->ngaps; j++)
				if (g->gaps[j].piece == k) {
					struct minis_pt c = {g->gaps[j].x, g->gaps[j].y};
					if (minis__pdist(c, q) <= minis__unprinted(g, 50))
						gap = 1;
				}
			if (gap)
				continue;
			t[n] = v;
			piece[n] = k;
			n++;
		}
	}
	return n;
}

/* The cost of leg a-b for u (hundredths of allowance), or -1 with err when it enters ground
 * impassable to u; *hazard gets the t of the first entry into hazardous ground (-1 none). */
static int32_t leg_cost(const struct minis_game *g, int u, struct minis_pt a, struct minis_pt b,
                        int reversing, int32_t *hazard, int *hz_marsh, struct rules_error *err)
{
	int32_t cut[2 * MINIS_MAX_PIECES * 2 + 4], t[2 * MINIS_MAX_PTS];
	int nc = 0, tm = minis__tmove(g, u), was_haz = 0;
	int64_t cost = 0;
	int32_t x[MINIS_MAX_PTS], y[MINIS_MAX_PTS];

	*hazard = -1;
	cut[nc++] = 0;
	cut[nc++] = MINIS_T_ONE;
	{
		int dummy;
		was_haz = minis__going(g, a, tm, &dummy) == MG_HAZARDOUS;
	}
	for (int k = 0; k < g->sc->npieces; k++) {
		const struct minis_piece_def *pc = &g->sc->pieces[k];
		int m;
		if (pc->geom != MG_POLYGON)
			continue;
		for (int i = 0; i < pc->npts; i++) {
			x[i] = g->opt.alt ? pc->x[i] * 3 / 2 : pc->x[i];
			y[i] = g->opt.alt ? pc->y[i] * 3 / 2 : pc->y[i];
		}
		m = minis__seg_inside(a, b, x, y, pc->npts, t, MINIS_MAX_PTS);
		for (int i = 0; i < 2 * m && nc < (int)(sizeof(cut) / sizeof(cut[0])); i++)
			cut[nc++] = t[i];
	}
	/* sort the cuts (few: insertion) */
	for (int i = 1; i < nc; i++)
		for (int j = i; j > 0 && cut[j - 1] > cut[j]; j--) {
			int32_t s = cut[j];
			cut[j] = cut[j - 1];
			cut[j - 1] = s;
		}
	for (int i = 0; i + 1 < nc; i++) {
		struct minis_pt p0, p1, mid;
		int going, marsh, factor = 1;
		int32_t len;
		if (cut[i + 1] <= cut[i])
			continue;
		p0 = minis__lerp(a, b, cut[i]);
		p1 = minis__lerp(a, b, cut[i + 1]);
		mid = minis__lerp(a, b, (cut[i] + cut[i + 1]) / 2);
		len = minis__pdist(p0, p1);
		going = minis__going(g, mid, tm, &marsh);
		if (going == MG_IMPASSABLE)
			return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-AMB-3",
			                  "the path of %s enters ground impassable to it",
			                  minis__uid(g, u));
		if (going == MG_DIFFICULT)
			factor = 2; /* QR-MOVE-21 */
		if (going == MG_HAZARDOUS) {
			if (tm == MV_INFANTRY)
				factor = 2; /* QR-AMB-32: for infantry hazardous is difficult */
			else if (!was_haz && *hazard < 0) {
				*hazard = cut[i]; /* QR-MOVE-22: a test on entering */
				*hz_marsh = marsh;
			}
		}
		was_haz = going == MG_HAZARDOUS;
		if (reversing)
			factor *= 2; /* QR-MOVE-23 */
		cost += (int64_t)len * factor;
	}
	return (int32_t)cost;
}

/* 1 if u at point q (facing f) would overlap an enemy unit its side cannot see: *hit. */
static int hidden_in_way(const struct minis_game *g, int u, struct minis_pt q, int f, int *hit)
{
	int side = minis__side(g, u), v = -1;
	struct minis_pt a[4], b[4];

	minis__corners_at(g, u, q, f, a);
	for (v = 0; v < g->nslots; v++) {
		if (v == u || !minis__on(g, v) || minis__side(g, v) == side ||
		    minis__visible(g, v, side))
			continue;
		minis__corners(g, v, b);
		if (minis__poly_overlap(a, 4, b, 4)) {
			*hit = v;
			return 1;
		}
	}
	return 0;
}

int minis__move_path(struct minis_game *g, struct rules_dice *d, int u, const struct minis_pt *pts,
                     int n, int f, int stop_at_contact, struct rules_events *ev,
                     struct rules_error *err, int *contact)
{
	const struct minis_unit_def *def = minis__def(g, u);
	int side = def->side, vehicle = minis__is_vehicle(g, u), road, rc, tester;
	int32_t allow, costs[MINIS_MAX_PATH], total = 0, wire_cost = 0;
	int32_t hz[MINIS_MAX_PATH];
	int hzm[MINIS_MAX_PATH], rev[MINIS_MAX_PATH], heading[MINIS_MAX_PATH];
	struct minis_pt start = minis__pos(g, u), a = start, stop;
	int final_f, stopped = 0, legs_done = 0;
	char why[160] = "", xb[16], yb[16];
	cJSON *fl, *path;

	(void)stop_at_contact;
	if (contact != NULL)
		*contact = 0;
	if (n < 1 || n > MINIS_MAX_PATH)
		return rules_fail(err, WG_E_BAD_ARGS, "", "a path has 1..%d points",
		                  MINIS_MAX_PATH);
	for (int i = 0; i < n; i++) {
		heading[i] = minis__bearing((int64_t)pts[i].x - a.x, (int64_t)pts[i].y - a.y);
		a = pts[i];
	}
	final_f = f >= 0 ? f : heading[n - 1];
	road = all_on_road(g, start, pts, n);
	if (g->act.kind == GK_CONVOY && !road)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-CMD-39",
		                  "a road convoy moves on road only (QR-AMB-26)");
	allow = minis__group_allowance(g, u, road);
	if (allow < 0)
		return rules_fail(
		    err, WG_E_ILLEGAL_MOVE, "QR-MOVE-25",
		    "%s cannot move: a gun is manhandled only when it is 82mm or less "
		    "on wheels (or limbered when towed)",
		    minis__uid(g, u));
	/* the whole path: the table, visible bases, ground, costs */
	tester = !vehicle || minis__tmove(g, u) == MV_WHEELED ||
	         (minis__tmove(g, u) == MV_TRACKED && !g->opt.wire_tracked_ignore);
	a = start;
	for (int i = 0; i < n; i++) {
		int32_t len = minis__pdist(a, pts[i]), wt[8];
		int wp[8], nw, steps = len / SAMPLE + 1;
		rev[i] = vehicle && !(def->flags & MINIS_F_RECON_AC) &&
		         minis__angle_diff(heading[i], final_f) > 900;
		for (int s = 1; s <= steps; s++) {
			struct minis_pt q = minis__lerp(
			                    a, pts[i], (int32_t)((int64_t)s * MINIS_T_ONE / steps)),
			                c[4];
			int hit = -1, fq = rev[i] ? final_f : heading[i];
			minis__corners_at(g, u, q, fq, c);
			if (!minis__on_table(g, c))
				return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-AMB-1",
				                  "the path takes %s's base off the table",
				                  minis__uid(g, u));
			if (minis__overlaps(g, u, q, fq, -1, &hit, side))
				return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-AMB-1",
				                  "the path takes %s's base over %s's%s",
				                  minis__uid(g, u), minis__uid(g, hit),
				                  minis__side(g, hit) != side
				                      ? " (contact with an enemy is an assault)"
				                      : "");
		}
		if ((costs[i] = leg_cost(g, u, a, pts[i], rev[i], &hz[i], &hzm[i], err)) < 0)
			return err->code;
		total += costs[i];
		nw = wire_crossings(g, a, pts[i], wt, wp, 8);
		if (tester)
			wire_cost +=
			    nw * (allow / 2); /* QR-MOVE-20: crossing costs half the allowance */
		a = pts[i];
	}
	{
		int hit = -1;
		if (minis__overlaps(g, u, pts[n - 1], final_f, -1, &hit, side))
			return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-AMB-1",
			                  "%s's base would end over %s's", minis__uid(g, u),
			                  minis__uid(g, hit));
	}
	if (total + wire_cost > allow - g->u[u].used) {
		char tb[16], ab[16];
		return rules_fail(
		    err, WG_E_ILLEGAL_MOVE, "QR-MOVE-21",
		    "the path costs %s\" of allowance%s and %s has %s\" (2D6 %d + base%s)",
		    minis__fmt_in(total + wire_cost, tb, sizeof(tb)),
		    wire_cost ? " with the wire" : "", minis__uid(g, u),
		    minis__fmt_in(allow - g->u[u].used, ab, sizeof(ab)), g->u[u].roll / 100,
		    road ? ", road rate" : "");
	}
	/* moving reveals a hidden unit (QR-AMB-13); a moving dummy (dummy.can_move) is then
	 * exposed and removed where it stood, as the reveal of a hidden unit happens there */
	if ((g->u[u].flags & MU_AMBUSH) ||
	    ((g->u[u].flags & MU_HIDDEN) && g->opt.hidden_move_reveals)) {
		if ((rc = minis__reveal(g, u, "it moves", ev)) != 0)
			return rc;
		if (!minis__on(g, u))
			return 0;
	}
	/* walk it: hidden enemies in the way, bogging, wire */
	a = start;
	stop = start;
	for (int i = 0; i < n && !stopped; i++) {
		int32_t len = minis__pdist(a, pts[i]), wt[8];
		int wp[8], nw = wire_crossings(g, a, pts[i], wt, wp, 8), wi = 0,
		           steps = len / SAMPLE + 1;
		int fq = rev[i] ? final_f : heading[i];
		for (int s = 1; s <= steps && !stopped; s++) {
			int32_t tt = (int32_t)((int64_t)s * MINIS_T_ONE / steps);
			struct minis_pt q = minis__lerp(a, pts[i], tt);
			int hit = -1;
			/* bogging on entering hazardous ground (QR-MOVE-22, QR-MOVE-27..29) */
			if (hz[i] >= 0 && tt > hz[i] && tt - (MINIS_T_ONE / steps) <= hz[i]) {
				int die = rules_dice_roll(d, 6),
				    bog = minis__bog(die, minis__tmove(g, u) == MV_WHEELED, hzm[i]);
				rc = rules_emit(
				    ev, minis__aud(g, u), "bog-test", NULL,
				    "%s enters hazardous ground: bogged down test %d%s%s: %s",
				    minis__uid(g, u), die,
				    minis__tmove(g, u) == MV_WHEELED ? " -1 (wheeled)" : "",
				    hzm[i] ? " -2 (marsh)" : "", bog ? "BOGGED DOWN" : "OK");
				if (rc)
					return rc;
				if (bog) {
					g->u[u].flags |= MU_BOGGED;
					stop = minis__lerp(a, pts[i], hz[i]);
					snprintf(why, sizeof(why), "bogged down (QR-MOVE-29)");
					stopped = 1;
					break;
				}
			}
			/* barbed wire (QR-MOVE-26) */
			while (wi < nw && wt[wi] < tt) {
				struct minis_pt w = minis__lerp(a, pts[i], wt[wi]);
				if (!tester) {
					if (g->ngaps < MINIS_MAX_GAPS) {
						g->gaps[g->ngaps].piece = wp[wi];
						g->gaps[g->ngaps].x = w.x;
						g->gaps[g->ngaps].y = w.y;
						g->ngaps++;
					}
					rc = rules_emit(
					    ev, minis__aud(g, u), "wire-cut", NULL,
					    "%s crosses the wire and cuts a 1\" gap (QR-AMB-32)",
					    minis__uid(g, u));
				} else {
					int die = rules_dice_roll(d, 6),
					    mod = minis__is_command(g, u)
					              ? 1
					              : minis__morale_quality_mod(&g->sc->tab,
					                                          def->quality);
					enum minis_outcome o =
					    minis__morale_cell(MT_PINNED, die + mod);
					rc = rules_emit(
					    ev, minis__aud(g, u), "wire-test", NULL,
					    "%s reaches the wire: pinned test %d%+d: %s",
					    minis__uid(g, u), die, mod,
					    o == MO_OBEY ? "pass, it crosses (half its allowance)"
					                 : "FAIL: no move and pinned");
					if (rc == 0 && o != MO_OBEY) {
						g->u[u].flags |= MU_PINNED;
						stop = g->opt.wire_fail_start ? start : w;
						if (!g->opt.wire_fail_start && wt[wi] > 0)
							stop = minis__lerp(a, pts[i], wt[wi] - 1);
						snprintf(
						    why, sizeof(why),
						    "stopped at the wire, pinned (QR-MOVE-26)");
						stopped = 1;
					}
				}
				if (rc)
					return rc;
				wi++;
				if (stopped)
					break;
			}
			if (stopped)
				break;
			if (hidden_in_way(g, u, q, fq, &hit)) {
				snprintf(why, sizeof(why), "it runs into %s",
				         minis__visible(g, hit, side)
				             ? minis__uid(g, hit)
				             : "an enemy it could not see");
				if ((rc = minis__reveal(g, hit, "a moving enemy ran into it",
				                        ev)) != 0)
					return rc;
				if (minis__on(g, hit) && contact != NULL)
					*contact = 1;
				stopped = 1;
				break;
			}
			stop = q;
		}
		if (!stopped) {
			stop = pts[i];
			legs_done = i + 1;
		}
		a = pts[i];
	}
	(void)legs_done;
	g->u[u].x = stop.x;
	g->u[u].y = stop.y;
	g->u[u].facing = (int16_t)final_f;
	g->u[u].used += total + wire_cost;
	g->u[u].flags |= MU_MOVED | MU_EVER_MOVED;
	if (g->opt.fast_by_class || def->move == MM_FAST || def->move == MM_WHEELED)
		g->u[u].flags |= MU_FAST;
	fl = cJSON_CreateObject();
	cJSON_AddStringToObject(fl, "unit", minis__uid(g, u));
	path = cJSON_AddArrayToObject(fl, "path");
	for (int i = 0; i < n; i++) {
		cJSON *pt = cJSON_CreateArray();
		cJSON_AddItemToArray(pt, minis__num_in(pts[i].x));
		cJSON_AddItemToArray(pt, minis__num_in(pts[i].y));
		cJSON_AddItemToArray(path, pt);
	}
	cJSON_AddItemToObject(fl, "x", minis__num_in(stop.x));
	cJSON_AddItemToObject(fl, "y", minis__num_in(stop.y));
	cJSON_AddNumberToObject(fl, "facing", g->u[u].facing / 10.0);
	cJSON_AddItemToObject(fl, "cost", minis__num_in(total + wire_cost));
	cJSON_AddItemToObject(fl, "allowance", minis__num_in(allow));
	cJSON_AddBoolToObject(fl, "road", road);
	if (stopped)
		cJSON_AddStringToObject(fl, "stopped", why);
	cJSON_AddStringToObject(fl, "rule", "QR-MOVE-14");
	{
		char cb[16], alb[16];
		return rules_emit(ev, minis__aud(g, u), "moved", fl,
		                  "%s moves to (%s, %s) facing %d: %s\" of its %s\"%s%s%s",
		                  minis__uid(g, u), minis__fmt_in(stop.x, xb, sizeof(xb)),
		                  minis__fmt_in(stop.y, yb, sizeof(yb)), g->u[u].facing / 10,
		                  minis__fmt_in(total + wire_cost, cb, sizeof(cb)),
		                  minis__fmt_in(allow, alb, sizeof(alb)), road ? " (road)" : "",
		                  stopped ? "; " : "", stopped ? why : "");
	}
}

static int limber(struct minis_game *g, int u, int on, cJSON *reply, struct rules_events *ev,
                  struct rules_error *err)
{
	const struct minis_unit_def *d = minis__def(g, u);
	int is = (g->u[u].flags & MU_LIMBERED) != 0;
	int32_t allow;

	if (d->kind != MK_GUN || !(d->flags & MINIS_F_TOW))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-MOVE-18",
		                  "%s is not a towed gun: it has no limber", minis__uid(g, u));
	if (is == on)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-MOVE-18", "%s is %slimbered already",
		                  minis__uid(g, u), on ? "" : "un");
	if (g->u[u].flags & MU_MOVED)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-MOVE-24",
		                  "%s has moved in this activation", minis__uid(g, u));
	if (d->calibre > 82) { /* "OVER 82MM = 1 TURN": the whole activation (QR-AMB-32) */
		g->u[u].flags |= MU_SPENT | MU_MOVED | MU_FIRED;
	} else {
		allow = minis__group_allowance(g, u, 0);
		if (on) {
			g->u[u].flags |= MU_LIMBERED;
			allow = minis__group_allowance(g, u, 0);
			g->u[u].flags &= ~(uint32_t)MU_LIMBERED;
		}
		if (allow < 0)
			allow = 0;
		g->u[u].used += allow / 2; /* "UP TO 82MM = 1/2 MOVEMENT ALLOWANCE" */
		if (!on)
			g->u[u].flags |= MU_MOVED; /* unlimbered: ready to fire, no more move */
	}
	if (on)
		g->u[u].flags |= MU_LIMBERED;
	else
		g->u[u].flags &= ~(uint32_t)MU_LIMBERED;
	minis__line(reply, "%s %slimbers%s", minis__uid(g, u), on ? "" : "un",
	            d->calibre > 82 ? " (its whole activation)" : " (half its allowance)");
	return rules_emit(ev, minis__aud(g, u), on ? "limbered" : "unlimbered", NULL,
	                  "%s %slimbers (QR-MOVE-18)", minis__uid(g, u), on ? "" : "un");
}

int minis__do_move(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	struct minis_pt pts[MINIS_MAX_PATH];
	int u, k = 2, n = 0, f = -1, rc, contact;
	struct minis_unit *x;

	if ((u = minis__unit_arg(g, side, argv[1], 1, err)) < 0)
		return u;
	if ((rc = minis__may_act(g, side, u, err)) != 0)
		return rc;
	x = &g->u[u];
	if (argc == 3 &&
	    (strcasecmp(argv[2], "limber") == 0 || strcasecmp(argv[2], "unlimber") == 0))
		return limber(g, u, strcasecmp(argv[2], "limber") == 0, reply, ev, err);
	if (x->flags & MU_MOVED)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-AMB-27",
		                  "%s has moved in this activation already", minis__uid(g, u));
	if (x->flags & (MU_ASSAULTED | MU_SPENT))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-AMB-27",
		                  "%s has done all it may in this activation", minis__uid(g, u));
	if (x->flags & MU_BOGGED)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-MOVE-29", "%s is bogged down",
		                  minis__uid(g, u));
	if (x->flags & MU_UNBOGGING)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-MOVE-29",
		                  "%s got free of the bog this activation and does not move",
		                  minis__uid(g, u));
	if ((x->flags & MU_PINNED) && !g->opt.pinned_can_move)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-FIRE-17",
		                  "%s is pinned and may not move (QR-AMB-39)", minis__uid(g, u));
	if (minis__def(g, u)->kind == MK_GUN && (minis__def(g, u)->flags & MINIS_F_TOW) &&
	    !(x->flags & MU_LIMBERED) &&
	    (minis__def(g, u)->calibre > 82 || !(minis__def(g, u)->flags & MINIS_F_HAS_WHEELS)))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-MOVE-24",
		                  "%s moves only limbered (move %s limber)", minis__uid(g, u),
		                  minis__uid(g, u));
	while (k < argc) {
		if (k == argc - 1 && strchr(argv[k], ',') == NULL) { /* the odd last: a facing */
			if (minis__parse_angle(argv[k], &f) != 0)
				return rules_fail(err, WG_E_BAD_ARGS, "",
				                  "'%.20s' is not a facing (0..359.9 degrees)",
				                  argv[k]);
			k++;
			break;
		}
		if (n >= MINIS_MAX_PATH)
			return rules_fail(err, WG_E_BAD_ARGS, "", "a path has %d points at most",
			                  MINIS_MAX_PATH);
		if ((rc = minis__parse_pt(g, argc, argv, &k, &pts[n], err)) != 0)
			return rc;
		n++;
	}
	if (n == 0)
		return rules_fail(err, WG_E_BAD_ARGS, "",
		                  "usage: move <unit> <x> <y> [...] [facing]");
	if ((rc = minis__move_path(g, d, u, pts, n, f, 0, ev, err, &contact)) != 0)
		return rc;
	{
		char xb[16], yb[16];
		minis__line(reply, "%s is at (%s, %s) facing %d", minis__uid(g, u),
		            minis__fmt_in(x->x, xb, sizeof(xb)),
		            minis__fmt_in(x->y, yb, sizeof(yb)), x->facing / 10);
	}
	return 0;
}
