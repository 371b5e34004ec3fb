/*
 * fire.c -- direct fire (pages 4-5, QR-FIRE), the ranges (QR-RANGE), acquisition (QR-ACQ),
 * armour by facing (QR-ARMOUR, QR-AMB-6), the weapon factors (QR-WEAPON), flame-throwers
 * (QR-FLAME) and the double six of a fire roll (QR-DSIX).  `fire` also routes a point target
 * to indirect fire (indirect.c) and `fire <unit> air` to anti-aircraft fire.
 *
 * A shot is checked whole (minis__shot_check: the firer may fire now, the target is a visible
 * enemy in line of sight, within acquisition distance and the weapon's range; the modifiers)
 * before any die is rolled, so `options` lists exactly the legal targets.
 */
#include "minis_int.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

int minis__range_row(const struct minis_game *g, int u, int w)
{
	const struct minis_unit_def *d = minis__def(g, u);
	int r = g->sc->tab.weapons[w].range;

	if (r != MR_BY_GUN)
		return r;
	for (int k = 0; k < d->nweapons; k++) /* QR-AMB-35: the range class of the gun */
		if ((g->sc->tab.weapons[d->weapons[k]].flags & MW_GUN))
			return g->sc->tab.weapons[d->weapons[k]].range;
	return MR_GUN_STD;
}

/* The band (0 close, 1 effective, 2 long) of a weapon of range row r at dist, -1 beyond. */
static int band_of(const struct minis_game *g, int r, int32_t dist)
{
	const struct minis_range *rg = &g->sc->tab.ranges[r];
	int32_t d = dist;

	if (g->opt.band_round) { /* range.band_rule = round_nearest (QR-AMB-2) */
		int32_t unit = g->opt.alt ? 50 : 100;
		d = (dist + unit / 2) / unit * unit;
	}
	if (rg->has_close && d <= minis__d(g, rg->close))
		return 0;
	if (d <= minis__d(g, rg->eff))
		return 1;
	if (rg->lng.base >= 0 && d <= minis__d(g, rg->lng))
		return 2;
	return -1;
}

int minis__band(const struct minis_game *g, int weapon, int firer_range, int32_t dist)
{
	(void)weapon;
	return band_of(g, firer_range, dist);
}

static int acq_row(const struct minis_game *g, int t)
{
	const struct minis_unit_def *d = minis__def(g, t);

	if (minis__infantry_type(g, t)) /* QR-ACQ-8 */
		return 0;
	if ((d->flags & (MINIS_F_AT_GUN | MINIS_F_SMALL_VEH)))
		return 1;
	return 2;
}

/* 1 if t is "IN COVER" for acquisition against firer f (QR-ACQ-7). */
static int acq_cover(const struct minis_game *g, int t, int f)
{
	struct minis_pt fp = minis__pos(g, f);

	if (minis__cover(g, t, &fp, NULL, NULL, NULL) >= MC_COVER)
		return 1;
	for (int k = 0; k < g->sc->npieces; k++)
		if (minis__attr(g, k)->acq && minis__in_piece(g, k, minis__pos(g, t)))
			return 1;
	return 0;
}

int minis__acq_limit(const struct minis_game *g, int firer, int target, int32_t *limit)
{
	int cover = acq_cover(g, target, firer);

	*limit = minis__d(g, minis__acq(acq_row(g, target), cover));
	if (!cover && minis__on_high_ground(g, minis__pos(g, firer), minis__pos(g, target)))
		*limit += minis__d(g, minis__acq_high()); /* QR-ACQ-4, QR-AMB-5 */
	return cover;
}

/* 1 if weapon w of firer may be used against target at all (QR-WEAPON-37, QR-AMB-37). */
static int weapon_usable(const struct minis_game *g, int firer, int w, int target,
                         struct rules_error *err)
{
	const struct minis_weapon *wp = &g->sc->tab.weapons[w];
	const struct minis_unit_def *td = minis__def(g, target);

	if ((wp->flags & MW_FLAME) && (g->u[firer].flags & MU_NO_FLAME))
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-FLAME-5",
		                  "%s's flame-thrower is out of ammo", minis__uid(g, firer));
	if (td->kind == MK_AFV && (wp->flags & MW_BRACKETED) && g->opt.bracketed_at) {
		int light =
		    minis__weight(&g->sc->tab, td->armour) == 0 || (td->flags & MINIS_F_OPEN_TOP);
		if (g->opt.bracketed_at == 2 || !light)
			return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-WEAPON-37",
			                  "%s's AT factor is in round brackets: not against %s "
			                  "(weapons.bracketed_at)",
			                  wp->name, td->id);
	}
	return 0;
}

int minis__best_weapon(const struct minis_game *g, int firer, int target)
{
	const struct minis_unit_def *d = minis__def(g, firer);
	int32_t dist = minis__udist(g, firer, target);
	int best = -1, bestv = -99, afv = minis__is_afv(g, target);
	struct rules_error e;

	for (int k = 0; k < d->nweapons; k++) {
		int w = d->weapons[k], v;
		if (band_of(g, minis__range_row(g, firer, w), dist) < 0 ||
		    weapon_usable(g, firer, w, target, &e) != 0)
			continue;
		v = (g->sc->tab.weapons[w].flags & MW_FLAME) ? 3
		    : afv                                    ? g->sc->tab.weapons[w].at
		                                             : g->sc->tab.weapons[w].ai;
		if (v > bestv) {
			bestv = v;
			best = w;
		}
	}
	return best;
}

static void add_mod(struct minis_shot *s, int v, const char *why)
{
	if (v == 0 || s->nmods >= 16)
		return;
	s->mods[s->nmods] = v;
	s->why[s->nmods] = why;
	s->nmods++;
	s->total += v;
}

/* 1 if the firer's arc (its weapons' arc centred on its facing) holds the target. */
static int in_fire_arc(const struct minis_game *g, int firer, int target)
{
	int arc = minis__def(g, firer)->arc;
	struct minis_pt a = minis__pos(g, firer), b = minis__pos(g, target);

	if (arc >= 3600)
		return 1;
	return minis__angle_diff(minis__bearing((int64_t)b.x - a.x, (int64_t)b.y - a.y),
	                         g->u[firer].facing) *
	           2 <=
	       arc;
}

static int crowded(const struct minis_game *g, int t)
{
	int n = 0;

	for (int v = 0; v < g->sc->nunits; v++)
		if (v != t && minis__real(g, v) && minis__side(g, v) == minis__side(g, t) &&
		    minis__udist(g, v, t) <= 100)
			n++;
	return n >= g->opt.crowded_min;
}

/* May u fire now (its own activation, defensive fire)?  *deffire set in defensive fire. */
static int may_fire(const struct minis_game *g, int side, int u, int *deffire,
                    struct rules_error *err)
{
	const struct minis_unit *x = &g->u[u];
	int rc;

	*deffire = g->phase == MP_DEFFIRE;
	if (!minis__real(g, u))
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-FIRE-2", "%s cannot fire",
		                  minis__uid(g, u));
	if (*deffire) {
		if (x->flags & MU_DEFFIRED)
			return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-FIRE-40",
			                  "%s has fired in this defensive fire phase already",
			                  minis__uid(g, u));
	} else {
		if ((rc = minis__may_act(g, side, u, err)) != 0)
			return rc;
		if (x->flags & (MU_FIRED | MU_SUPPORTED))
			return rules_fail(
			    err, WG_E_ILLEGAL_ATTACK, "QR-FIRE-40",
			    "%s has fired, supported or reconnoitred in this activation",
			    minis__uid(g, u));
		if (g->act.kind == GK_CONVOY && g->opt.convoy_no_fire)
			return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-CMD-39",
			                  "a road convoy does not fire (QR-AMB-26)");
	}
	if (x->flags & MU_SPENT)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-MOVE-24",
		                  "%s spent this turn limbering", minis__uid(g, u));
	if (x->flags & MU_LIMBERED)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-AMB-32", "%s is limbered",
		                  minis__uid(g, u));
	if (minis__def(g, u)->nweapons == 0)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-WEAPON-39", "%s has no weapon",
		                  minis__uid(g, u));
	return 0;
}

/* May supporter s support firer f's shot at t with a small arm (QR-FIRE-18, QR-FIRE-19)? */
static int support_ok(const struct minis_game *g, int side, int f, int s, int t, int deffire,
                      struct rules_error *err)
{
	const struct minis_unit_def *d = minis__def(g, s);
	int32_t r = g->opt.support_radius >= 0 ? g->opt.support_radius : minis__d(g, MD_TWO),
	        dist = minis__udist(g, s, t), lim;

	if (s == f || !minis__real(g, s) || minis__side(g, s) != side)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-FIRE-19",
		                  "%s cannot support this shot", minis__uid(g, s));
	if (g->u[s].flags & MU_PINNED)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-FIRE-19",
		                  "%s is pinned: no support", minis__uid(g, s));
	if (deffire ? (g->u[s].flags & MU_DEFFIRED)
	            : (!((g->act.units >> s) & 1) || (g->u[s].flags & (MU_FIRED | MU_SUPPORTED))))
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-FIRE-19",
		                  "%s cannot support now (not in the group, or it fired)",
		                  minis__uid(g, s));
	if (minis__udist(g, s, f) > r)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-FIRE-19",
		                  "%s is not within 2\" [3\"] of %s", minis__uid(g, s),
		                  minis__uid(g, f));
	if (!minis__los(g, s, t, NULL, NULL))
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-FIRE-19", "%s cannot see %s",
		                  minis__uid(g, s), minis__uid(g, t));
	minis__acq_limit(g, s, t, &lim);
	if (dist > lim)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-FIRE-19",
		                  "%s is beyond %s's acquisition distance", minis__uid(g, t),
		                  minis__uid(g, s));
	for (int k = 0; k < d->nweapons; k++) {
		int w = d->weapons[k];
		if ((g->sc->tab.weapons[w].flags & MW_SMALL_ARMS) &&
		    band_of(g, minis__range_row(g, s, w), dist) >= 0)
			return 0;
	}
	return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-FIRE-18",
	                  "%s has no small arm that reaches %s", minis__uid(g, s),
	                  minis__uid(g, t));
}

int minis__shot_check(const struct minis_game *g, int side, struct minis_shot *s,
                      struct rules_error *err)
{
	const struct minis_unit_def *fd = minis__def(g, s->firer), *td = minis__def(g, s->target);
	const struct minis_weapon *wp;
	int deffire, rc, obscured = 0, limited = 0, row, difficult = 0, cover;
	const char *dwhy = "difficult target (QR-FIRE-14)";
	int32_t lim;
	struct minis_pt fp = minis__pos(g, s->firer);

	s->nmods = 0;
	s->total = 0;
	if ((rc = may_fire(g, side, s->firer, &deffire, err)) != 0)
		return rc;
	if (minis__side(g, s->target) == side || !minis__real(g, s->target))
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-FIRE-2", "%s is not an enemy unit",
		                  minis__uid(g, s->target));
	if (!minis__visible(g, s->target, side))
		return rules_fail(err, WG_E_NO_SUCH_UNIT, "QR-ACQ-9",
		                  "'%s' is not a unit you can see", minis__uid(g, s->target));
	if (s->weapon < 0) {
		s->weapon = minis__best_weapon(g, s->firer, s->target);
		if (s->weapon < 0)
			s->weapon = fd->weapons[0];
	}
	wp = &g->sc->tab.weapons[s->weapon];
	if ((rc = weapon_usable(g, s->firer, s->weapon, s->target, err)) != 0)
		return rc;
	if (!minis__los(g, s->firer, s->target, &obscured, &limited))
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-FIRE-2",
		                  "%s has no line of sight to %s (QR-AMB-4)",
		                  minis__uid(g, s->firer), minis__uid(g, s->target));
	s->dist = minis__udist(g, s->firer, s->target);
	cover = minis__acq_limit(g, s->firer, s->target, &lim);
	if (s->dist > lim) {
		char db[16], lb[16];
		return rules_fail(
		    err, WG_E_ILLEGAL_ATTACK, "QR-ACQ-6",
		    "%s is %s\" away, beyond the acquisition distance of %s\" (%s, %s)",
		    minis__uid(g, s->target), minis__fmt_in(s->dist, db, sizeof(db)),
		    minis__fmt_in(lim, lb, sizeof(lb)),
		    (const char *[]){"infantry", "AT gun or small vehicle",
		                     "AFV or other"}[acq_row(g, s->target)],
		    cover ? "in cover" : "in the open");
	}
	row = minis__range_row(g, s->firer, s->weapon);
	s->band = band_of(g, row, s->dist);
	if (s->band < 0) {
		char db[16];
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-RANGE-12",
		                  "%s is %s\" away, beyond the range of %s (%s)",
		                  minis__uid(g, s->target), minis__fmt_in(s->dist, db, sizeof(db)),
		                  wp->name, g->sc->tab.ranges[row].rule);
	}
	/* QR-FIRE-17, QR-AMB-39: a pinned unit fires close range defensive or point blank */
	if (g->u[s->firer].flags & MU_PINNED) {
		int32_t pb = g->opt.point_blank >= 0 ? g->opt.point_blank : minis__d(g, MD_TWO);
		if (deffire ? s->band != 0 : s->dist > pb)
			return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-FIRE-17",
			                  "%s is pinned: it fires only %s", minis__uid(g, s->firer),
			                  deffire ? "at close range in defensive fire"
			                          : "point blank (2\" [3\"] or less)");
	}
	if (!in_fire_arc(g, s->firer, s->target)) {
		if (g->opt.out_of_arc_forbidden)
			return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-FIRE-14",
			                  "%s is out of %s's arc (fire.out_of_arc = forbidden)",
			                  minis__uid(g, s->target), minis__uid(g, s->firer));
		difficult++;
		dwhy = "difficult target: out of arc (QR-FIRE-14, QR-AMB-6)";
	}
	/* supporters (QR-FIRE-6, QR-FIRE-18, QR-FIRE-19) */
	if (s->nsup > 0 && !(wp->flags & MW_SMALL_ARMS))
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-FIRE-18",
		                  "only small-arms fire is supported");
	if (s->nsup > 2)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-FIRE-6",
		                  "two supporting units at most");
	for (int k = 0; k < s->nsup; k++) {
		if (k == 1 && s->supporters[1] == s->supporters[0])
			return rules_fail(err, WG_E_BAD_ARGS, "", "a supporter is named twice");
		if ((rc = support_ok(g, side, s->firer, s->supporters[k], s->target, deffire,
		                     err)) != 0)
			return rc;
	}
	/* the modifiers (QR-FIRE-3..16) */
	add_mod(s, minis__fire_quality_mod(&g->sc->tab, fd->quality), "quality (QR-FIRE-3)");
	if (g->u[s->firer].flags & MU_PINNED)
		add_mod(s, -3, "pinned (QR-FIRE-4)");
	if (fd->kind == MK_AFV && (g->u[s->firer].flags & MU_DAMAGED))
		add_mod(s, -1, "damaged AFV (QR-FIRE-5)");
	add_mod(s, s->nsup, "supported (QR-FIRE-6)");
	if (s->band == 0 && !(wp->flags & (MW_FLAME | MW_HANDHELD)))
		add_mod(s, 2, "close range (QR-FIRE-7)");
	if (s->band == 2)
		add_mod(s,
		        fd->kind == MK_AFV && (fd->flags & (MINIS_F_RUSSIAN_AFV | MINIS_F_SMT))
		            ? -3
		            : -2,
		        "long range (QR-FIRE-9)");
	switch (minis__cover(g, s->target, &fp, NULL, NULL, NULL)) { /* QR-FIRE-22 */
	case MC_COVER:
		add_mod(s, -1, "cover (QR-FIRE-10)");
		break;
	case MC_HARD:
		add_mod(s, -2, "hard cover (QR-FIRE-11)");
		break;
	case MC_STRONGPOINT:
		add_mod(s, -3, "strongpoint (QR-FIRE-12)");
		break;
	default:
		break;
	}
	if ((td->flags & MINIS_F_HUMAN_WAVE) || td->kind == MK_CAVALRY || crowded(g, s->target))
		add_mod(s, 1, "human wave, cavalry or crowded (QR-FIRE-13)");
	if (minis__infantry_type(g, s->target) && s->dist >= minis__d(g, MD_INF_LONG))
		difficult++, dwhy = "difficult target: infantry at long range (QR-FIRE-23)";
	if (td->flags & MINIS_F_SMALL_VEH)
		difficult++, dwhy = "difficult target: small vehicle (QR-FIRE-14)";
	if (td->kind == MK_AFV || td->kind == MK_SOFTSKIN) {
		if (g->opt.fast_by_class ? (td->move == MM_FAST || td->move == MM_WHEELED)
		                         : (g->u[s->target].flags & MU_FAST) != 0)
			difficult++,
			    dwhy = "difficult target: fast vehicle (QR-FIRE-14, QR-AMB-38)";
	}
	if (td->flags & MINIS_F_AT_GUN)
		difficult++, dwhy = "difficult target: AT gun (QR-FIRE-14)";
	if (obscured == 2)
		difficult++, dwhy = "difficult target: in or through smoke (QR-FIRE-25)";
	if (limited)
		difficult++, dwhy = "difficult target: limited visibility (QR-FIRE-14)";
	if (difficult)
		add_mod(s, g->opt.difficult_cumulative ? -difficult : -1,
		        difficult == 1 ? dwhy
		                       : "difficult target, for several reasons (QR-FIRE-14)");
	return 0;
}

/* The armour factor facing the firer (QR-FIRE-29, QR-AMB-6). */
static int armour_facing(const struct minis_game *g, int firer, int target, int *front)
{
	const struct minis_unit_def *td = minis__def(g, target);
	struct minis_pt t = minis__pos(g, target), f = minis__pos(g, firer);
	int b = minis__bearing((int64_t)f.x - t.x, (int64_t)f.y - t.y);

	*front = minis__angle_diff(b, g->u[target].facing) * 2 <= g->opt.front_arc;
	return minis__armour(&g->sc->tab, td->armour, td->model, !*front);
}

/* The test a final score calls for on the results table (QR-FIRE-30..37). */
static enum minis_test result_test(const struct minis_game *g, int t, int score)
{
	const struct minis_result_row *r = minis__fire_row(score);
	const struct minis_unit_def *td = minis__def(g, t);

	if (td->kind == MK_AFV)
		return score == 11 && minis__weight(&g->sc->tab, td->armour) == 0 ? r->afv_alt
		                                                                  : r->afv;
	if (score == 11 && (g->sc->tab.q_row11_disperse[td->quality] || td->kind == MK_SOFTSKIN ||
	                    minis__is_artillery(g, t)))
		return r->inf_alt; /* QR-FIRE-37, QR-AMB-41 */
	return r->inf;
}

static int fire_resolve(struct minis_game *g, struct rules_dice *d, int side, struct minis_shot *s,
                        cJSON *reply, struct rules_events *ev)
{
	const struct minis_weapon *wp = &g->sc->tab.weapons[s->weapon];
	const struct minis_unit_def *td = minis__def(g, s->target);
	int deffire = g->phase == MP_DEFFIRE, a, b, dsix, score, rc, on, factor = 0, armour = 0,
	    front = 1;
	enum minis_test test = MT_NONE;
	struct minis_cause cause;
	char text[500], mods[300] = "";
	size_t ml = 0;
	cJSON *f, *arr;

	(void)side;
	/* a hidden or ambush camouflaged unit that fires is revealed first (QR-FIRE-41) */
	if ((rc = minis__reveal(g, s->firer, "it fires", ev)) != 0)
		return rc;
	g->u[s->firer].flags |= deffire ? MU_DEFFIRED : MU_FIRED;
	for (int k = 0; k < s->nsup; k++) {
		if ((rc = minis__reveal(g, s->supporters[k], "it supports fire", ev)) != 0)
			return rc;
		if (!g->opt.support_also_fire)
			g->u[s->supporters[k]].flags |= deffire ? MU_DEFFIRED : MU_SUPPORTED;
	}
	if (!in_fire_arc(g, s->firer, s->target) && g->opt.turn_after_arc) {
		struct minis_pt p = minis__pos(g, s->firer), t = minis__pos(g, s->target);
		g->u[s->firer].facing =
		    (int16_t)minis__bearing((int64_t)t.x - p.x, (int64_t)t.y - p.y);
	}
	a = rules_dice_roll(d, 6);
	b = rules_dice_roll(d, 6);
	dsix = a == 6 && b == 6; /* QR-GEN-1 */
	score = a + b + s->total;
	for (int k = 0; k < s->nmods; k++)
		ml += (size_t)snprintf(mods + ml, ml < sizeof(mods) ? sizeof(mods) - ml : 0,
		                       " %+d %s", s->mods[k], s->why[k]);
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "firer", minis__uid(g, s->firer));
	cJSON_AddStringToObject(f, "target", minis__uid(g, s->target));
	cJSON_AddStringToObject(f, "weapon", wp->id);
	cJSON_AddItemToObject(f, "distance", minis__num_in(s->dist));
	cJSON_AddStringToObject(f, "band", (const char *[]){"close", "effective", "long"}[s->band]);
	cJSON_AddItemToObject(f, "dice", cJSON_CreateIntArray((int[]){a, b}, 2));
	arr = cJSON_AddArrayToObject(f, "modifiers");
	for (int k = 0; k < s->nmods; k++) {
		cJSON *m = cJSON_CreateObject();
		cJSON_AddNumberToObject(m, "value", s->mods[k]);
		cJSON_AddStringToObject(m, "why", s->why[k]);
		cJSON_AddItemToArray(arr, m);
	}
	if (s->nsup > 0) {
		arr = cJSON_AddArrayToObject(f, "supporters");
		for (int k = 0; k < s->nsup; k++)
			cJSON_AddItemToArray(arr,
			                     cJSON_CreateString(minis__uid(g, s->supporters[k])));
	}
	cause.at = minis__pos(g, s->firer);
	cause.mg = (wp->flags & MW_MG) != 0;
	cause.he75 = (wp->flags & MW_HE_75) != 0;
	cause.what = "fire";
	if (wp->flags & MW_FLAME) { /* QR-FLAME-1..6, QR-AMB-46 */
		int r = minis__flame_result(score);
		if (r == 0 && dsix && g->opt.dsix_auto)
			r = 1; /* QR-DSIX-13: on target */
		cJSON_AddNumberToObject(f, "score", score);
		cJSON_AddStringToObject(f, "result",
		                        (const char *[]){"miss, out of ammo", "retreat test",
		                                         "dispersed/destroyed test"}[r]);
		cJSON_AddStringToObject(
		    f, "rule", (const char *[]){"QR-FLAME-2", "QR-FLAME-3", "QR-FLAME-4"}[r]);
		snprintf(text, sizeof(text), "%s flames %s at %d.%02d\": %d+%d%s = %d: %s",
		         minis__uid(g, s->firer), minis__uid(g, s->target), s->dist / 100,
		         s->dist % 100, a, b, mods, score,
		         (const char *[]){"MISS, no effect and out of ammo", "RETREAT test",
		                          "DISPERSED/DESTROYED test"}[r]);
		minis__line(reply, "%s", text);
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "fire", f, "%s", text)) != 0)
			return rc;
		if (r == 0) {
			g->u[s->firer].flags |= MU_NO_FLAME; /* QR-FLAME-5 */
			return 0;
		}
		test = r == 1 ? MT_RETREAT : (td->kind == MK_AFV ? MT_DESTROYED : MT_DISPERSE);
		return minis__test(g, d, s->target, test, dsix, &cause, ev);
	}
	on = score >= 6 || (dsix && g->opt.dsix_auto); /* QR-FIRE-26, -27, QR-DSIX-13 */
	if (on) {
		factor = td->kind == MK_AFV ? wp->at : wp->ai; /* QR-FIRE-28, QR-AMB-36 */
		if (td->kind == MK_SOFTSKIN && g->opt.softskin_max && wp->at > wp->ai)
			factor = wp->at;
		score += factor;
		if (td->kind == MK_AFV) {
			armour = armour_facing(g, s->firer, s->target, &front);
			score -= armour; /* QR-ARMOUR-1, QR-FIRE-29 */
		}
		test = result_test(g, s->target, score);
	}
	cJSON_AddBoolToObject(f, "on_target", on);
	if (on) {
		cJSON_AddNumberToObject(f, "factor", factor);
		if (td->kind == MK_AFV) {
			cJSON_AddNumberToObject(f, "armour", armour);
			cJSON_AddStringToObject(f, "facing", front ? "front" : "side/rear");
		}
		cJSON_AddNumberToObject(f, "score", score);
		cJSON_AddStringToObject(f, "result",
		                        test == MT_NONE ? "no effect" : minis_test_names[test]);
	}
	cJSON_AddBoolToObject(f, "double_six", dsix);
	cJSON_AddStringToObject(f, "rule", on ? "QR-FIRE-27" : "QR-FIRE-26");
	if (on)
		snprintf(
		    text, sizeof(text),
		    "%s fires %s at %s, %d.%02d\" (%s): %d+%d%s = %d, on target; %s %+d%s%s = %d: "
		    "%s%s",
		    minis__uid(g, s->firer), wp->id, minis__uid(g, s->target), s->dist / 100,
		    s->dist % 100, (const char *[]){"close", "effective", "long"}[s->band], a, b,
		    mods, a + b + s->total, td->kind == MK_AFV ? "AT" : "AI", factor,
		    td->kind == MK_AFV ? (front ? ", front armour -" : ", side/rear armour -") : "",
		    td->kind == MK_AFV ? (const char *[]){"0", "1", "2", "3", "4", "5", "6", "7",
		                                          "8", "9"}[armour < 0   ? 0
		                                                    : armour > 9 ? 9
		                                                                 : armour]
		                       : "",
		    score, test == MT_NONE ? "NO EFFECT" : minis_test_names[test],
		    test == MT_NONE ? "" : " test");
	else
		snprintf(text, sizeof(text),
		         "%s fires %s at %s, %d.%02d\" (%s): %d+%d%s = %d: MISS",
		         minis__uid(g, s->firer), wp->id, minis__uid(g, s->target), s->dist / 100,
		         s->dist % 100, (const char *[]){"close", "effective", "long"}[s->band], a,
		         b, mods, score);
	minis__line(reply, "%s", text);
	if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "fire", f, "%s", text)) != 0)
		return rc;
	if (!on)
		return 0;
	/* a natural double six of HE of 75mm or more destroys a strongpoint (QR-DSIX-14) */
	if (dsix && (wp->flags & MW_HE_75)) {
		int k = minis__piece_at(g, minis__pos(g, s->target), MINIS_T_STRONGPOINT);
		if (k >= 0) {
			g->piece_gone[k] = 1;
			if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "strongpoint-destroyed", NULL,
			                     "%s is destroyed (QR-DSIX-10): rubble",
			                     g->sc->pieces[k].id)) != 0)
				return rc;
			test = minis__test_rank(MT_DISPERSE) > minis__test_rank(test) ? MT_DISPERSE
			                                                              : test;
		}
	}
	return minis__test(g, d, s->target, test, dsix, &cause, ev);
}

int minis__do_fire(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	struct minis_shot s;
	int rc, deffire;

	memset(&s, 0, sizeof(s));
	if ((s.firer = minis__unit_arg(g, side, argv[1], 1, err)) < 0)
		return s.firer;
	if (g->intr == MI_AA) {
		if (argc != 3 || strcasecmp(argv[2], "air") != 0)
			return rules_fail(err, WG_E_BAD_ARGS, "QR-AA-2",
			                  "anti-aircraft fire: fire <unit> air");
		return minis__aa_fire(g, d, side, s.firer, ev, err);
	}
	if (argc >= 3 && strcasecmp(argv[2], "air") == 0)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-AA-1",
		                  "anti-aircraft fire is made only at an air attack");
	if (argc >= 3 &&
	    (strchr(argv[2], ',') != NULL || strchr("0123456789.", argv[2][0]) != NULL)) {
		struct minis_pt aim;
		int k = 2, smoke = 0;
		if ((rc = may_fire(g, side, s.firer, &deffire, err)) != 0)
			return rc;
		if (deffire)
			return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-AMB-28",
			                  "defensive fire is direct fire at a unit");
		if ((rc = minis__parse_pt(g, argc, argv, &k, &aim, err)) != 0)
			return rc;
		if (k < argc && strcasecmp(argv[k], "smoke") == 0) {
			smoke = 1;
			k++;
		}
		if (k != argc)
			return rules_fail(err, WG_E_BAD_ARGS, "", "fire <unit> <x> <y> [smoke]");
		return minis__indirect(g, d, side, s.firer, aim, smoke, reply, ev, err);
	}
	s.target = minis__unit_arg(g, side, argv[2], 0, err);
	if (s.target < 0)
		return s.target;
	s.weapon = -1;
	for (int k = 3; k < argc; k++) {
		const struct minis_unit_def *fd = minis__def(g, s.firer);
		int w = minis__weapon_find(&g->sc->tab, argv[k]), mine = 0;
		for (int j = 0; w >= 0 && j < fd->nweapons; j++)
			mine |= fd->weapons[j] == w;
		if (w >= 0 && mine && s.weapon < 0) {
			s.weapon = w;
			continue;
		}
		if (w >= 0)
			return rules_fail(err, WG_E_BAD_ARGS, "QR-WEAPON-39", "%s has no %s",
			                  minis__uid(g, s.firer), argv[k]);
		if (s.nsup >= 2)
			return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-FIRE-6",
			                  "two supporting units at most");
		if ((s.supporters[s.nsup] = minis__unit_arg(g, side, argv[k], 1, err)) < 0)
			return s.supporters[s.nsup];
		s.nsup++;
	}
	if ((rc = minis__shot_check(g, side, &s, err)) != 0)
		return rc;
	return fire_resolve(g, d, side, &s, reply, ev);
}
