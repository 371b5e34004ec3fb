/*
 * indirect.c -- what comes from above: off-board artillery and air missions requested by an
 * HQ (`call`, QR-CMD-22, QR-CMD-27..31, QR-AMB-20), on-board mortars and guns firing at a
 * point (`fire <unit> <x> <y>`), the accuracy roll, deviation and beaten zones (QR-ARTY),
 * HE against every unit in the zone (QR-HE), smoke screens (QR-AMB-51), air attacks with the
 * target side's anti-aircraft fire first (QR-AIR, QR-AA, QR-AMB-21..23).
 *
 * Units in a zone are attacked on both sides, hidden ones included; what happens to a hidden
 * unit is told to its owner only unless it moves or removes it (QR-HE-19, QR-MORALE-20).
 */
#include "minis_int.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static int point_in_cover(const struct minis_game *g, struct minis_pt p)
{
	for (int k = 0; k < g->sc->npieces; k++)
		if ((minis__attr(g, k)->cover >= MC_COVER || minis__attr(g, k)->acq) &&
		    minis__in_piece(g, k, p))
			return 1;
	return 0;
}

/* 1 if u may observe point p: LOS, and within the "AFV or OTHER" acquisition distance
 * (QR-AMB-47, acq.indirect_observer). */
static int can_observe(const struct minis_game *g, int u, struct minis_pt p)
{
	if (!minis__real(g, u) || !minis__los_pts(g, minis__pos(g, u), p, NULL))
		return 0;
	if (g->opt.indirect_observer_off)
		return 1;
	return minis__updist(g, u, p) <= minis__d(g, minis__acq(2, point_in_cover(g, p)));
}

int minis__observer(const struct minis_game *g, int side, struct minis_pt p, int air, int unit)
{
	if (unit >= 0) { /* on-board: itself or a unit of its group (QR-AMB-20) */
		if (can_observe(g, unit, p))
			return unit;
		for (int u = 0; u < g->nslots; u++)
			if (((g->act.units >> u) & 1) && can_observe(g, u, p))
				return u;
		return -1;
	}
	/* the FOOs and observers (FACs for air) first, then the HQs */
	for (int pass = 0; pass < 2; pass++)
		for (int u = 0; u < g->sc->nunits; u++) {
			const struct minis_unit_def *d = minis__def(g, u);
			int role = pass == 1 ? d->kind == MK_HQ
			           : air     ? (d->flags & MINIS_F_FAC) != 0
			                     : (d->flags & (MINIS_F_FOO | MINIS_F_OBSERVER)) != 0;
			if (d->side == side && role && can_observe(g, u, p))
				return u;
		}
	return -1;
}

/* The units whose base overlaps the rectangle centred on c, facing a, w wide and dd deep
 * (or the circle of radius w when circle), dummies excluded. */
static int in_zone(const struct minis_game *g, struct minis_pt c, int a, int32_t w, int32_t dd,
                   int circle, int *out)
{
	struct minis_pt z[4], b[4];
	int n = 0;

	minis__rect(c, a, w, dd, z);
	for (int u = 0; u < g->nslots; u++) {
		if (!minis__real(g, u))
			continue;
		minis__corners(g, u, b);
		if (circle ? minis__poly_pt_dist(b, 4, c) <= w
		           : minis__poly_overlap(z, 4, b, 4) || minis__poly_dist(z, 4, b, 4) == 0)
			out[n++] = u;
	}
	return n;
}

/* HE against unit u (QR-HE-1..19). */
static int he_attack(struct minis_game *g, struct rules_dice *d, int u, int row, int calibre,
                     int lmortar, struct minis_pt centre, struct rules_events *ev)
{
	const struct minis_unit_def *td = minis__def(g, u);
	int factor = lmortar ? g->opt.he_light_mortar + g->opt.lmortar_he : minis__he_factor(row);
	int type = 0, pos = 0, building, strong, a, b, dsix, score, res, rc;
	enum minis_test t = MT_NONE;
	struct minis_cause c = {centre, 0, calibre >= 75, "HE"};
	cJSON *f;

	minis__cover(g, u, NULL, &building, &strong, NULL);
	if (td->kind == MK_AFV) { /* QR-HE-8, QR-HE-9 */
		if (minis__weight(&g->sc->tab, td->armour) == 0 || (td->flags & MINIS_F_OPEN_TOP))
			type = -2;
		else
			type = td->armour == 0 ? -4 : -3;
	}
	if (strong)
		pos = -3; /* QR-HE-9: strongpoint */
	else if (building || (td->kind == MK_AFV && (td->flags & MINIS_F_DUG_IN)))
		pos = -2; /* QR-HE-7: hard cover, dug-in AFVs */
	a = rules_dice_roll(d, 6);
	b = rules_dice_roll(d, 6);
	dsix = a == 6 && b == 6;
	score = a + b + factor +
	        (g->opt.he_no_add ? (type < pos ? type : pos) : type + pos); /* QR-HE-11 */
	res = minis__he_result(score);
	if (res == 1)
		t = MT_PINNED;
	else if (res == 2)
		t = MT_RETREAT;
	else if (res == 3)
		t = td->kind == MK_AFV ? MT_DAMAGED : MT_DISPERSE; /* QR-HE-16, QR-HE-17 */
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", minis__uid(g, u));
	cJSON_AddItemToObject(f, "dice", cJSON_CreateIntArray((int[]){a, b}, 2));
	cJSON_AddNumberToObject(f, "he", factor);
	cJSON_AddNumberToObject(f, "modifier", type + pos);
	cJSON_AddNumberToObject(f, "score", score);
	cJSON_AddStringToObject(f, "result", t == MT_NONE ? "no effect" : minis_test_names[t]);
	cJSON_AddStringToObject(
	    f, "rule", (const char *[]){"QR-HE-13", "QR-HE-14", "QR-HE-15", "QR-HE-16"}[res]);
	if ((rc = rules_emit(ev, minis__aud(g, u), "he", f, "HE on %s: %d+%d %+d %+d = %d: %s",
	                     minis__uid(g, u), a, b, factor,
	                     g->opt.he_no_add ? (type < pos ? type : pos) : type + pos, score,
	                     t == MT_NONE ? "no effect" : minis_test_names[t])) != 0)
		return rc;
	/* QR-DSIX-10, QR-DSIX-14: 75mm or more on a double six destroys a strongpoint */
	if (dsix && strong && calibre >= 75) {
		int k = minis__piece_at(g, minis__pos(g, u), MINIS_T_STRONGPOINT);
		if (k >= 0) {
			g->piece_gone[k] = 1;
			if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "strongpoint-destroyed", NULL,
			                     "%s is destroyed by HE (QR-DSIX-10): rubble",
			                     g->sc->pieces[k].id)) != 0)
				return rc;
			if (minis__test_rank(MT_DISPERSE) > minis__test_rank(t))
				t = minis__test_for(g, u, MT_DISPERSE);
		}
	}
	return minis__test(g, d, u, t, dsix, &c, ev);
}

int minis__indirect(struct minis_game *g, struct rules_dice *d, int side, int unit,
                    struct minis_pt aim, int smoke, cJSON *reply, struct rules_events *ev,
                    struct rules_error *err)
{
	const struct minis_unit_def *ud = unit >= 0 ? minis__def(g, unit) : NULL;
	const struct minis_battery *bat = &g->sc->sides[side].battery;
	struct minis_last_arty *last = unit >= 0 ? &g->last_onboard[unit] : &g->last_arty[side];
	int obs, die, mod = 0, res, guns, lmortar = 0, row, calibre, rocket, line, zone_dir, rc, n;
	int hit[MINIS_MAX_SLOTS];
	struct minis_dist depth, width;
	int32_t dev = 0, zw, zd;
	struct minis_pt c = aim;
	char xb[16], yb[16], dvb[16];
	cJSON *f;

	if (unit >= 0) { /* an on-board mortar or gun (QR-AMB-20) */
		int indirect = ud->he >= 0 || (ud->flags & MINIS_F_MORTAR);
		for (int k = 0; k < ud->nweapons; k++)
			if (g->sc->tab.weapons[ud->weapons[k]].flags & MW_LMORTAR) {
				indirect = 1;
				lmortar = ud->he < 0;
			}
		if (!indirect)
			return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-ARTY-1",
			                  "%s has no indirect fire: name a target unit",
			                  minis__uid(g, unit));
		if (g->u[unit].flags & MU_PINNED)
			return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-FIRE-17", "%s is pinned",
			                  minis__uid(g, unit));
		guns = ud->guns;
		row = ud->he < 0 ? 0 : ud->he;
		calibre = ud->calibre;
		rocket = (ud->flags & MINIS_F_ROCKET) != 0;
	} else {
		guns = bat->guns;
		row = bat->he;
		calibre = bat->calibre;
		rocket = bat->rocket;
		lmortar = bat->he == 0;
	}
	obs = minis__observer(g, side, aim, 0, unit);
	if (obs < 0)
		return rules_fail(
		    err, WG_E_ILLEGAL_ATTACK, "QR-ARTY-1",
		    "no observer sees that point within the \"AFV or OTHER\" acquisition "
		    "distance (QR-AMB-20, QR-AMB-47)");
	if (unit >= 0) {
		if ((rc = minis__reveal(g, unit, "it fires", ev)) != 0)
			return rc;
		g->u[unit].flags |= MU_FIRED;
	}
	line = minis__bearing((int64_t)aim.x - g->u[obs].x, (int64_t)aim.y - g->u[obs].y);
	/* accuracy (QR-ARTY-2..12) */
	if (!rocket && last->turn == g->turn - 1 && last->turn > 0) {
		struct minis_pt z[4];
		int32_t x[4], y[4];
		minis__rect((struct minis_pt){last->x, last->y}, last->bearing, last->w, last->d,
		            z);
		for (int k = 0; k < 4; k++) {
			x[k] = z[k].x;
			y[k] = z[k].y;
		}
		if (minis__in_poly(aim, x, y, 4))
			mod += last->hit ? 2 : 1;
	}
	if (g->sc->opening_bombardment && g->turn == 1 && unit < 0 && g->sc->sides[side].attacker &&
	    last->turn == 0)
		mod += 1; /* QR-ARTY-10 (QR-AMB-50) */
	die = rules_dice_roll(d, 6);
	res = minis__arty_accuracy(die + mod);
	if (res != 5) {
		int extra = rules_dice_roll(d, 6);
		dev = minis__unprinted(g,
		                       (unit >= 0 ? 200 : 400) + extra * 100); /* QR-ARTY-13, -14 */
		zone_dir = res == 1   ? line + 900
		           : res == 2 ? line - 900
		           : res == 3 ? line + 1800
		                      : line;
		c = minis__offset(aim, zone_dir, dev);
		if (c.x < 0)
			c.x = 0;
		if (c.y < 0)
			c.y = 0;
		if (c.x > g->width)
			c.x = g->width;
		if (c.y > g->height)
			c.y = g->height;
	}
	minis__zone(guns, lmortar, &depth, &width); /* QR-ARTY-16..21 */
	zd = minis__d(g, depth);
	zw = minis__d(g, width);
	if (g->opt.zone_width_depth) {
		int32_t s = zd;
		zd = zw;
		zw = s;
	}
	last->turn = (int16_t)g->turn;
	last->hit = res == 5;
	last->x = c.x;
	last->y = c.y;
	last->w = zw;
	last->d = zd;
	last->bearing = (int16_t)line;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "battery", unit >= 0 ? minis__uid(g, unit) : bat->name);
	cJSON_AddStringToObject(f, "observer", minis__uid(g, obs));
	cJSON_AddItemToObject(f, "aim_x", minis__num_in(aim.x));
	cJSON_AddItemToObject(f, "aim_y", minis__num_in(aim.y));
	cJSON_AddNumberToObject(f, "die", die);
	cJSON_AddNumberToObject(f, "modifier", mod);
	cJSON_AddStringToObject(f, "accuracy",
	                        (const char *[]){"", "miss, right", "miss, left",
	                                         "miss, undershoot", "miss, overshoot",
	                                         "hit"}[res]);
	cJSON_AddItemToObject(f, "x", minis__num_in(c.x));
	cJSON_AddItemToObject(f, "y", minis__num_in(c.y));
	cJSON_AddItemToObject(f, "zone_depth", minis__num_in(zd));
	cJSON_AddItemToObject(f, "zone_width", minis__num_in(zw));
	cJSON_AddBoolToObject(f, "smoke", smoke);
	cJSON_AddStringToObject(f, "rule", res == 5 ? "QR-ARTY-7" : "QR-ARTY-15");
	{
		char full[500], devtxt[32] = "", wb[16], db2[16], cyb[16];
		if (res != 5)
			snprintf(devtxt, sizeof(devtxt), " by %s\"",
			         minis__fmt_in(dev, dvb, sizeof(dvb)));
		snprintf(
		    full, sizeof(full),
		    "%s fires %s at (%s, %s), observed by %s: %d%+d: %s%s; the %s\" x %s\" zone "
		    "is centred on (%s, %s)",
		    unit >= 0 ? minis__uid(g, unit) : bat->name, smoke ? "smoke" : "HE",
		    minis__fmt_in(aim.x, wb, sizeof(wb)), minis__fmt_in(aim.y, db2, sizeof(db2)),
		    minis__uid(g, obs), die, mod,
		    (const char *[]){"", "MISS, right of target", "MISS, left of target",
		                     "MISS, undershoot", "MISS, overshoot", "HIT!"}[res],
		    devtxt, minis__fmt_in(zd, dvb, sizeof(dvb)), minis__fmt_in(zw, yb, sizeof(yb)),
		    minis__fmt_in(c.x, xb, sizeof(xb)), minis__fmt_in(c.y, cyb, sizeof(cyb)));
		minis__line(reply, "%s", full);
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "artillery", f, "%s", full)) != 0)
			return rc;
	}
	if (smoke) { /* QR-ARTY-23, QR-AMB-51 */
		if (g->nsmoke < MINIS_MAX_SMOKE) {
			struct minis_smoke *s = &g->smoke[g->nsmoke++];
			s->x = c.x;
			s->y = c.y;
			s->w = zw;
			s->d = zd;
			s->bearing = (int16_t)line;
			s->until = (int16_t)(g->turn + g->opt.smoke_turns);
		}
		return rules_emit(ev, RULES_AUD_PUBLIC, "smoke", NULL,
		                  "a smoke screen stands until the end of turn %d (QR-AMB-51)",
		                  g->turn + g->opt.smoke_turns);
	}
	n = in_zone(g, c, line, zw, zd, 0, hit); /* QR-ARTY-22: both sides, hidden included */
	for (int k = 0; k < n; k++)
		if (minis__real(g, hit[k]) &&
		    (rc = he_attack(g, d, hit[k], row, calibre, lmortar, c, ev)) != 0)
			return rc;
	return 0;
}

/* ---- requests (QR-CMD-22, QR-CMD-27..31) ---- */

static int payer_hq(const struct minis_game *g, int side)
{
	for (int u = 0; u < g->sc->nunits; u++)
		if (minis__side(g, u) == side && minis__def(g, u)->kind == MK_HQ &&
		    g->u[u].orders > 0)
			return u;
	return -1;
}

static int aa_side_has_units(const struct minis_game *g, int side)
{
	for (int u = 0; u < g->sc->nunits; u++) {
		const struct minis_unit_def *d = minis__def(g, u);
		if (d->side != side || !minis__real(g, u))
			continue;
		for (int k = 0; k < d->nweapons; k++)
			if (g->sc->tab.weapons[d->weapons[k]].aa)
				return 1;
	}
	return 0;
}

int minis__do_call(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const struct minis_scenario *sc = g->sc;
	int air, hq, die, need, k = 2, smoke = 0, cannon = 0, target = -1, bearing, rc, obs;
	struct minis_pt aim;
	char xb[16], yb[16];
	cJSON *f;

	if (strcasecmp(argv[1], "artillery") == 0)
		air = 0;
	else if (strcasecmp(argv[1], "air") == 0)
		air = 1;
	else
		return rules_fail(err, WG_E_BAD_ARGS, "QR-CMD-22", "call artillery or call air");
	if (!air && !sc->sides[side].battery.present)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-AMB-54",
		                  "%s has no off-board battery in this scenario",
		                  sc->side_names[side]);
	if (air && !sc->sides[side].aircraft.present)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-AMB-54",
		                  "%s has no aircraft in this scenario", sc->side_names[side]);
	if ((air ? g->air_missions[side] : g->fire_missions[side]) <= 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, air ? "QR-AIR-1" : "QR-ARTY-24",
		                  "%s has no %s mission left (QR-CMD-31)", sc->side_names[side],
		                  air ? "air" : "off-board fire");
	cannon = air && sc->sides[side].aircraft.cannon;
	if (air && k < argc && strchr(argv[k], ',') == NULL &&
	    strchr("0123456789.", argv[k][0]) == NULL) {
		if ((target = minis__unit_arg(g, side, argv[k], 0, err)) < 0)
			return target;
		if (minis__side(g, target) == side || !minis__real(g, target))
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-AIR-2",
			                  "%s is not an enemy unit", minis__uid(g, target));
		aim = minis__pos(g, target);
		k++;
	} else if ((rc = minis__parse_pt(g, argc, argv, &k, &aim, err)) != 0) {
		return rc;
	}
	bearing = sc->sides[side].north ? 1800 : 0; /* from the side's own base edge */
	while (k < argc) {
		if (!air && strcasecmp(argv[k], "smoke") == 0)
			smoke = 1;
		else if (air && strcasecmp(argv[k], "cannon") == 0)
			cannon = 1;
		else if (air &&
		         (strcasecmp(argv[k], "bombs") == 0 || strcasecmp(argv[k], "rockets") == 0))
			cannon = 0;
		else if (air && minis__parse_angle(argv[k], &bearing) == 0)
			;
		else
			return rules_fail(err, WG_E_BAD_ARGS, "",
			                  "'%.20s': call artillery <x> <y> [smoke] "
			                  "| call air <x> <y>|<target> "
			                  "[cannon|bombs] [bearing]",
			                  argv[k]);
		k++;
	}
	if (air && cannon && target < 0 && !g->opt.air_cannon_area)
		return rules_fail(err, WG_E_BAD_ARGS, "QR-AIR-2",
		                  "a cannon attack names its target unit (QR-AMB-21)");
	if ((obs = minis__observer(g, side, aim, air, -1)) < 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-AMB-20",
		                  "no %s of yours sees that point within the \"AFV or OTHER\" "
		                  "acquisition distance",
		                  air ? "HQ or FAC" : "HQ, FOO or observer");
	if ((hq = payer_hq(g, side)) < 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-CMD-25",
		                  "no HQ of yours has an order left to request support");
	g->u[hq].orders--; /* QR-CMD-22: 1 order, granted or refused */
	die = rules_dice_roll(d, 6);
	need = minis__request_need(&sc->tab, sc->sides[side].nation, sc->year, air);
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "hq", minis__uid(g, hq));
	cJSON_AddStringToObject(f, "request", air ? "air" : "artillery");
	cJSON_AddNumberToObject(f, "die", die);
	cJSON_AddNumberToObject(f, "needed", need);
	cJSON_AddBoolToObject(f, "granted", die >= need);
	cJSON_AddStringToObject(f, "rule",
	                        air ? (need == 4 ? "QR-CMD-29" : "QR-CMD-30")
	                            : (need == 3 ? "QR-CMD-27" : "QR-CMD-28"));
	minis__line(reply, "%s requests %s support: %d (%d+ needed): %s", minis__uid(g, hq),
	            air ? "air" : "artillery", die, need, die >= need ? "GRANTED" : "REFUSED");
	if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "request", f,
	                     "%s requests %s support at (%s, %s): %d (%d+ needed): %s",
	                     minis__uid(g, hq), air ? "air" : "artillery",
	                     minis__fmt_in(aim.x, xb, sizeof(xb)),
	                     minis__fmt_in(aim.y, yb, sizeof(yb)), die, need,
	                     die >= need ? "GRANTED" : "REFUSED")) != 0)
		return rc;
	if (die < need) {
		if (g->opt.refused_uses_mission) {
			if (air)
				g->air_missions[side]--;
			else
				g->fire_missions[side]--;
		}
		return 0;
	}
	if (air)
		g->air_missions[side]--;
	else
		g->fire_missions[side]--;
	if (!air)
		return minis__indirect(g, d, side, -1, aim, smoke, reply, ev, err);
	memset(&g->air, 0, sizeof(g->air));
	g->air.side = side;
	g->air.x = aim.x;
	g->air.y = aim.y;
	g->air.bearing = (int16_t)bearing;
	g->air.cannon = cannon;
	g->air.target = target;
	if (!aa_side_has_units(g, 1 - side))
		return minis__air_resolve(g, d, ev);
	g->intr = MI_AA; /* QR-AIR-3: the anti-aircraft fire comes first */
	g->intr_side = (int8_t)(1 - side);
	return rules_emit(ev, RULES_AUD_PUBLIC, "air-attack", NULL,
	                  "the %s comes in on a bearing of %d: %s may fire anti-aircraft",
	                  sc->sides[side].aircraft.name, bearing / 10, sc->side_names[1 - side]);
}

/* ---- anti-aircraft fire (QR-AA, QR-AMB-22, QR-AMB-23) ---- */

static int aa_weapon(const struct minis_game *g, int u)
{
	const struct minis_unit_def *d = minis__def(g, u);
	int best = -1;

	for (int k = 0; k < d->nweapons; k++)
		if (g->sc->tab.weapons[d->weapons[k]].aa &&
		    (best < 0 ||
		     g->sc->tab.weapons[d->weapons[k]].aa > g->sc->tab.weapons[best].aa))
			best = d->weapons[k];
	return best;
}

int minis__aa_eligible(const struct minis_game *g, int u, struct rules_error *err)
{
	int w = aa_weapon(g, u);
	struct minis_pt aim = {g->air.x, g->air.y};

	if (!minis__real(g, u) || w < 0)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-AA-1",
		                  "%s has no MMG, HMG or auto-cannon", minis__uid(g, u));
	if ((g->air.fired >> u) & 1)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-AA-2",
		                  "%s has fired at this aircraft already", minis__uid(g, u));
	if ((g->u[u].flags & MU_PINNED) && !g->opt.aa_allow_pinned)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-AA-1", "%s is pinned",
		                  minis__uid(g, u));
	if (minis__updist(g, u, aim) >
	    minis__d(g, g->sc->tab.weapons[w].aa == 1 ? MD_AA_MG : MD_AA_CANNON))
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-AA-1",
		                  "%s is beyond its weapon's long range of the aiming point "
		                  "(QR-AMB-22)",
		                  minis__uid(g, u));
	return 0;
}

int minis__aa_fire(struct minis_game *g, struct rules_dice *d, int side, int u,
                   struct rules_events *ev, struct rules_error *err)
{
	const struct minis_aircraft *ac = &g->sc->sides[g->air.side].aircraft;
	int w, a, b, mod, score, res, rc, fail = 0, effect = 0, die = 0;
	enum minis_test t = MT_NONE;
	enum minis_outcome o = MO_OBEY;
	cJSON *f;

	(void)side;
	if ((rc = minis__aa_eligible(g, u, err)) != 0)
		return rc;
	w = aa_weapon(g, u);
	if (g->opt.aa_reveals && (rc = minis__reveal(g, u, "it fires at the aircraft", ev)) != 0)
		return rc;
	g->air.fired |= (uint64_t)1 << u;
	a = rules_dice_roll(d, 6);
	b = rules_dice_roll(d, 6);
	mod =
	    (int[]){0, 0, 2, 4}[g->sc->tab.weapons[w].aa] + (ac->stuka ? -3 : -4); /* QR-AA-4..8 */
	score = a + b + mod;
	res = minis__aa_result(score);
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", minis__uid(g, u));
	cJSON_AddItemToObject(f, "dice", cJSON_CreateIntArray((int[]){a, b}, 2));
	cJSON_AddNumberToObject(f, "modifier", mod);
	cJSON_AddNumberToObject(f, "score", score);
	if (a == 6 && b == 6) { /* QR-AA-16: shot down, no test */
		effect = 3;
	} else if (res > 0) {
		int named[4] = {0, MO_PINNED, MO_RETREAT, MO_DISPERSED};
		t = res == 1 ? MT_PINNED : res == 2 ? MT_RETREAT : MT_DISPERSE;
		o = minis__roll_test(d, 1, t, 0, &die); /* QR-AA-13: as Elite */
		if (o == MO_SUPPRESSED)
			o = MO_PINNED;
		switch (g->opt.aa_fail_rule) {
		case 0: /* named_or_worse (QR-AA-14) */
			fail = minis__outcome_rank(o) >= minis__outcome_rank(named[res]);
			effect = fail ? res : 0;
			break;
		case 1: /* by_outcome */
			effect = o == MO_PINNED      ? 1
			         : o == MO_RETREAT   ? 2
			         : o == MO_DISPERSED ? 3
			                             : 0;
			break;
		default: /* not_obey */
			effect = o != MO_OBEY ? res : 0;
			break;
		}
		cJSON_AddStringToObject(f, "test", minis_test_names[t]);
		cJSON_AddNumberToObject(f, "test_die", die);
		cJSON_AddStringToObject(f, "outcome", minis_outcome_names[o]);
	}
	cJSON_AddStringToObject(
	    f, "effect",
	    (const char *[]){"none", "one hit", "mission aborted", "shot down"}[effect]);
	cJSON_AddStringToObject(
	    f, "rule",
	    effect == 0 ? "QR-AA-9"
	                : (const char *[]){"", "QR-AA-10", "QR-AA-11", "QR-AA-12"}[effect]);
	if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "anti-aircraft", f,
	                     "%s fires at the %s: %d+%d%+d = %d%s: %s", minis__uid(g, u), ac->name,
	                     a, b, mod, score, a == 6 && b == 6 ? " (double six)" : "",
	                     (const char *[]){"no effect", "ONE HIT (-1 to hit)", "MISSION ABORTED",
	                                      "SHOT DOWN"}[effect])) != 0)
		return rc;
	if (effect == 1)
		g->air.hits++;
	if (effect >= 2) { /* QR-AA-15: no attack; the mission is used up */
		g->intr = MI_NONE;
		return 0;
	}
	return 0;
}

/* ---- the air attack (QR-AIR) ---- */

static int air_effect(struct minis_game *g, struct rules_dice *d, int u, int cannon,
                      struct minis_pt centre, struct rules_events *ev)
{
	const struct minis_unit_def *td = minis__def(g, u);
	int afv = td->kind == MK_AFV, a, b, dsix, mod = 0, score, building, strong, rc, armour = 0;
	enum minis_test t;
	struct minis_cause c = {centre, 0, 0, "air attack"};
	const struct minis_result_row *row;
	cJSON *f;

	minis__cover(g, u, NULL, &building, &strong, NULL);
	if (strong)
		mod = -3; /* QR-AIR-20 */
	else if (building || (afv && (td->flags & MINIS_F_DUG_IN)))
		mod = -2; /* QR-AIR-19 */
	a = rules_dice_roll(d, 6);
	b = rules_dice_roll(d, 6);
	dsix = a == 6 && b == 6;
	score = a + b + minis__air_factor(cannon, g->sc->year, afv) + mod;
	if (afv) { /* QR-AIR-21: always the side/rear factor (page 2) */
		armour = minis__armour_side_p2(&g->sc->tab, td->armour, td->model);
		score -= armour;
	}
	row = minis__air_row(score);
	t = afv ? (score == 11 && minis__weight(&g->sc->tab, td->armour) == 0 ? row->afv_alt
	                                                                      : row->afv)
	        : (score == 11 && (g->sc->tab.q_row11_disperse[td->quality] ||
	                           td->kind == MK_SOFTSKIN || minis__is_artillery(g, u))
	               ? row->inf_alt
	               : row->inf);
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", minis__uid(g, u));
	cJSON_AddItemToObject(f, "dice", cJSON_CreateIntArray((int[]){a, b}, 2));
	cJSON_AddNumberToObject(f, "factor", minis__air_factor(cannon, g->sc->year, afv));
	cJSON_AddNumberToObject(f, "modifier", mod);
	if (afv)
		cJSON_AddNumberToObject(f, "armour", armour);
	cJSON_AddNumberToObject(f, "score", score);
	cJSON_AddStringToObject(f, "result", t == MT_NONE ? "no effect" : minis_test_names[t]);
	cJSON_AddStringToObject(f, "rule", "QR-AIR-15");
	if ((rc = rules_emit(ev, minis__aud(g, u), "air-effect", f,
	                     "air attack on %s: %d+%d +%d%+d%s%s = %d: %s", minis__uid(g, u), a, b,
	                     minis__air_factor(cannon, g->sc->year, afv), mod,
	                     afv ? " - side/rear armour " : "",
	                     afv ? (const char *[]){"0", "1", "2", "3", "4", "5"}[armour] : "",
	                     score, t == MT_NONE ? "no effect" : minis_test_names[t])) != 0)
		return rc;
	if (score >= 12 && strong) { /* QR-AIR-39: pillboxes and bunkers are destroyed */
		int k = minis__piece_at(g, minis__pos(g, u), MINIS_T_STRONGPOINT);
		if (k >= 0) {
			g->piece_gone[k] = 1;
			if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "strongpoint-destroyed", NULL,
			                     "%s is destroyed from the air (QR-AIR-37): rubble",
			                     g->sc->pieces[k].id)) != 0)
				return rc;
		}
	}
	return minis__test(g, d, u, t, dsix, &c, ev);
}

int minis__air_resolve(struct minis_game *g, struct rules_dice *d, struct rules_events *ev)
{
	struct minis_air *ar = &g->air;
	struct minis_pt aim = {ar->x, ar->y}, c = aim;
	int die, mod = 0, res, rc, n, hit[MINIS_MAX_SLOTS], extra = 0;
	int32_t zs = minis__d(g, MD_AIR_ZONE), dev = 0;
	char xb[16], yb[16];
	cJSON *f;

	g->intr = MI_NONE;
	if (ar->cannon)
		mod += 1; /* QR-AIR-8 */
	mod -= ar->hits;  /* QR-AIR-9 */
	if (ar->target >= 0 && minis__real(g, ar->target)) {
		const struct minis_unit_def *td = minis__def(g, ar->target);
		if (minis__in_cover(g, ar->target))
			mod -= 1; /* QR-AIR-10 */
		if (td->flags & (MINIS_F_SMALL_VEH | MINIS_F_AT_GUN))
			mod -= 1; /* QR-AIR-11 */
		aim = minis__pos(g, ar->target);
		c = aim;
	} else if (point_in_cover(g, aim)) {
		mod -= 1;
	}
	die = rules_dice_roll(d, 6);
	res = minis__air_hit(die + mod); /* QR-AIR-12: below 1 counts as 1 */
	if (res != 3) {
		extra = rules_dice_roll(d, 6);
		dev =
		    minis__d(g, MD_AIR_MISS) + minis__unprinted(g, extra * 100); /* QR-AIR-5, -6 */
		c = minis__offset(aim, res == 1 ? ar->bearing + 1800 : ar->bearing, dev);
	}
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "aircraft", g->sc->sides[ar->side].aircraft.name);
	cJSON_AddStringToObject(f, "attack", ar->cannon ? "cannon" : "rockets/bombs");
	cJSON_AddNumberToObject(f, "die", die);
	cJSON_AddNumberToObject(f, "modifier", mod);
	cJSON_AddStringToObject(f, "to_hit",
	                        (const char *[]){"", "undershoot", "overshoot", "hit"}[res]);
	cJSON_AddItemToObject(f, "x", minis__num_in(c.x));
	cJSON_AddItemToObject(f, "y", minis__num_in(c.y));
	cJSON_AddStringToObject(f, "rule",
	                        (const char *[]){"", "QR-AIR-5", "QR-AIR-6", "QR-AIR-7"}[res]);
	if ((rc = rules_emit(
	         ev, RULES_AUD_PUBLIC, "air-strike", f,
	         "the %s attacks with %s: to hit %d%+d: %s%s; impact at (%s, %s)",
	         g->sc->sides[ar->side].aircraft.name, ar->cannon ? "cannon" : "rockets/bombs", die,
	         mod, (const char *[]){"", "MISS, undershoot", "MISS, overshoot", "HIT!"}[res],
	         res == 3 ? "" : " (2\" [3\"] + 1D6\")", minis__fmt_in(c.x, xb, sizeof(xb)),
	         minis__fmt_in(c.y, yb, sizeof(yb)))) != 0)
		return rc;
	if (ar->cannon && !g->opt.air_cannon_area) { /* QR-AIR-14, QR-AMB-21 */
		if (res != 3 || ar->target < 0 || !minis__real(g, ar->target))
			return 0;
		return air_effect(g, d, ar->target, 1, c, ev);
	}
	n = in_zone(g, c, ar->bearing, zs, zs, g->opt.air_circle, hit);
	for (int k = 0; k < n; k++)
		if (minis__real(g, hit[k]) &&
		    (rc = air_effect(g, d, hit[k], ar->cannon, c, ev)) != 0)
			return rc;
	return 0;
}
