/*
 * morale.c -- morale tests and what their outcomes do (page 5, QR-MORALE), the minimum
 * effects of a natural double six (page 6, QR-DSIX), retreats (QR-MORALE-14, QR-AMB-43) and
 * the removal of dispersed and destroyed units (wrecks, QR-AMB-44).
 *
 * A test is taken at once when its cause is resolved (QR-AMB-10; with morale.timing=phase4
 * it is queued and taken at the start of phase 4, the phasing side's first): 1D6, +1 for a command
 * unit or an Elite one on the pinned, retreat and disperse tests (QR-MORALE-7/8), read on the
 * test's column.  A test of a hidden unit stays secret unless its outcome moves or removes
 * the unit, which is then revealed first (QR-MORALE-20).
 */
#include "minis_int.h"

#include <stdio.h>
#include <string.h>

enum minis_outcome minis__roll_test(struct rules_dice *d, int mod, enum minis_test t, int afv,
                                    int *die)
{
	enum minis_outcome o;

	*die = rules_dice_roll(d, 6);
	o = minis__morale_cell(t, *die + mod);
	if (o == MO_DISP_OR_DAMR) /* QR-MORALE-19 */
		o = afv ? MO_DAMAGED_RETREAT : MO_DISPERSED;
	return o;
}

static int morale_mod(const struct minis_game *g, int u, enum minis_test t)
{
	if (t != MT_PINNED && t != MT_RETREAT && t != MT_DISPERSE)
		return 0; /* "Except on Damaged & Destroyed Tests" */
	/* command units +1, never +2 (QR-AMB-8) */
	return minis__is_command(g, u)
	           ? 1
	           : minis__morale_quality_mod(&g->sc->tab, minis__quality(g, u));
}

/* The minimum of a natural double six against u (QR-DSIX-2..7, QR-AMB-16): a test into
 * *test, or an outcome into *out (MO_COUNT when none). */
static void dsix_minimum(const struct minis_game *g, int u, int mg, enum minis_test *test,
                         enum minis_outcome *out)
{
	const struct minis_unit_def *d = minis__def(g, u);

	*test = MT_NONE;
	*out = MO_COUNT;
	if (minis__is_command(g, u)) { /* "HQ AND COMMAND UNITS" */
		*test = minis__test_for(g, u, MT_DISPERSE);
		return;
	}
	switch (d->kind) {
	case MK_AFV:
		if (minis__weight(&g->sc->tab, d->armour) == 0)
			*out = MO_DESTROYED; /* LIGHT AFVs */
		else
			*out =
			    mg ? MO_RETREAT : MO_DAMAGED_RETREAT; /* MEDIUM & HEAVY, QR-DSIX-12 */
		return;
	case MK_SOFTSKIN:
		*out = MO_DESTROYED;
		return;
	case MK_GUN:
		*out = MO_DESTROYED; /* ARTILLERY */
		return;
	default:
		*test = MT_DISPERSE; /* INFANTRY (and cavalry) */
		return;
	}
}

int minis__remove(struct minis_game *g, int u, enum minis_status st, const char *why,
                  struct rules_events *ev)
{
	char xb[16], yb[16];
	cJSON *f = cJSON_CreateObject();
	int wreck;

	g->u[u].status = (uint8_t)st;
	g->u[u].flags &= ~(uint32_t)(MU_HIDDEN | MU_AMBUSH | MU_AFV_MARKER);
	wreck = st == MS_DESTROYED && minis__is_vehicle(g, u) && g->opt.wreck_leave;
	cJSON_AddStringToObject(f, "unit", minis__uid(g, u));
	cJSON_AddStringToObject(f, "status", st == MS_DESTROYED ? "destroyed" : "dispersed");
	cJSON_AddBoolToObject(f, "wreck", wreck);
	cJSON_AddStringToObject(f, "rule", st == MS_DESTROYED ? "QR-MORALE-17" : "QR-MORALE-16");
	return rules_emit(ev, RULES_AUD_PUBLIC, "removed", f, "%s %s at (%s, %s)%s",
	                  minis__uid(g, u), why, minis__fmt_in(g->u[u].x, xb, sizeof(xb)),
	                  minis__fmt_in(g->u[u].y, yb, sizeof(yb)),
	                  wreck ? ", leaving a wreck (QR-ARMOUR-15)" : "");
}

/* 1 if u at q is in safe cover from the cause (QR-AMB-43): in a cover piece out of its sight. */
static int safe_cover(const struct minis_game *g, int u, struct minis_pt q, struct minis_pt cause)
{
	for (int k = 0; k < g->sc->npieces; k++)
		if (minis__attr(g, k)->cover >= MC_COVER && minis__in_piece(g, k, q))
			return !minis__los_pts(g, cause, q, NULL);
	(void)u;
	return 0;
}

int minis__retreat(struct minis_game *g, int u, const struct minis_cause *c,
                   struct rules_events *ev)
{
	struct minis_pt p = minis__pos(g, u), q = p, last = p;
	int side = minis__side(g, u), dir, off = 0, halted = 0;
	int32_t dist = minis__d(g, minis__is_vehicle(g, u) ? MD_RETREAT_VEH : MD_RETREAT_INF);
	int32_t moved = 0, step = 25, enemy_gap = minis__d(g, MD_TWO);
	char xb[16], yb[16], why[120] = "";
	cJSON *f;
	int rc;

	if (!minis__on(g, u))
		return 0;
	if ((rc = minis__reveal(g, u, "it retreats", ev)) != 0)
		return rc;
	if (c->at.x == p.x && c->at.y == p.y)
		dir = g->sc->sides[side].north ? 0 : 1800; /* towards its own base edge */
	else
		dir = minis__bearing((int64_t)p.x - c->at.x, (int64_t)p.y - c->at.y);
	for (int32_t s = step; s <= dist; s += step) {
		struct minis_pt r = minis__offset(p, dir, s), corners[4];
		int hit;
		minis__corners_at(g, u, r, g->u[u].facing, corners);
		if (!minis__on_table(g, corners)) {
			off = 1;
			break;
		}
		if (minis__going(g, r, minis__tmove(g, u), NULL) == MG_IMPASSABLE ||
		    minis__overlaps(g, u, r, g->u[u].facing, -1, &hit, -1))
			break;
		last = r;
		moved = s;
		if (safe_cover(g, u, r, c->at)) {
			halted = 1;
			break;
		}
	}
	q = last;
	/* it may not end within 2" of an enemy unit (QR-AMB-43) */
	g->u[u].x = q.x;
	g->u[u].y = q.y;
	for (int v = 0; v < g->sc->nunits && !off; v++)
		if (minis__real(g, v) && minis__side(g, v) != side &&
		    minis__udist(g, u, v) <= enemy_gap) {
			snprintf(why, sizeof(why), "it would end within 2\" of %s",
			         minis__uid(g, v));
			moved = 0;
			break;
		}
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", minis__uid(g, u));
	cJSON_AddItemToObject(f, "x", minis__num_in(q.x));
	cJSON_AddItemToObject(f, "y", minis__num_in(q.y));
	cJSON_AddItemToObject(f, "distance", minis__num_in(moved));
	cJSON_AddStringToObject(f, "rule", "QR-MORALE-14");
	if (off) {
		cJSON_Delete(f);
		return minis__remove(g, u, MS_DISPERSED,
		                     "retreats off the table: dispersed (QR-AMB-43)", ev);
	}
	if (!halted && moved * 2 < dist) {
		if (!why[0])
			snprintf(why, sizeof(why), "its way is blocked");
		if (!g->opt.retreat_blocked_stay) {
			char line[200];
			cJSON_Delete(f);
			g->u[u].x = p.x;
			g->u[u].y = p.y;
			snprintf(line, sizeof(line), "cannot retreat (%s): dispersed (QR-AMB-43)",
			         why);
			return minis__remove(g, u, MS_DISPERSED, line, ev);
		}
		g->u[u].x = p.x;
		g->u[u].y = p.y;
		return rules_emit(ev, RULES_AUD_PUBLIC, "retreat", f,
		                  "%s cannot retreat (%s) and stays", minis__uid(g, u), why);
	}
	return rules_emit(ev, RULES_AUD_PUBLIC, "retreat", f, "%s retreats %s\" to (%s, %s)%s",
	                  minis__uid(g, u), minis__fmt_in(moved, why, sizeof(why)),
	                  minis__fmt_in(q.x, xb, sizeof(xb)), minis__fmt_in(q.y, yb, sizeof(yb)),
	                  halted ? ", halting in safe cover" : "");
}

int minis__apply(struct minis_game *g, struct rules_dice *d, int u, enum minis_outcome o,
                 const struct minis_cause *c, struct rules_events *ev)
{
	int rc;

	(void)d;
	if (!minis__on(g, u))
		return 0;
	switch (o) {
	case MO_OBEY:
		return 0;
	case MO_PINNED:
	case MO_SUPPRESSED:
		g->u[u].flags |= MU_PINNED; /* QR-MORALE-12: a repeat does not escalate */
		return 0;
	case MO_RETREAT:
		return minis__retreat(g, u, c, ev);
	case MO_DAMAGED_RETREAT:
		if ((g->u[u].flags & MU_DAMAGED) && !g->opt.damaged_second_none) {
			if ((rc = minis__reveal(g, u, "it is destroyed", ev)) != 0)
				return rc;
			return minis__remove(g, u, MS_DESTROYED,
			                     "is damaged a second time: destroyed (QR-AMB-42)", ev);
		}
		g->u[u].flags |= MU_DAMAGED;
		return minis__retreat(g, u, c, ev);
	case MO_DISPERSED:
	case MO_DISP_OR_DAMR:
		if ((rc = minis__reveal(g, u, "it is dispersed", ev)) != 0)
			return rc;
		return minis__remove(g, u, MS_DISPERSED, "is dispersed", ev);
	case MO_DESTROYED:
		if ((rc = minis__reveal(g, u, "it is destroyed", ev)) != 0)
			return rc;
		return minis__remove(g, u, MS_DESTROYED, "is destroyed", ev);
	default:
		return 0;
	}
}

static int test_now(struct minis_game *g, struct rules_dice *d, int u, enum minis_test t, int dsix,
                    const struct minis_cause *c, struct rules_events *ev);

/* morale.timing=phase4 (QR-AMB-10): a test of fire, HE or an air attack waits for phase 4
 * (a natural double six's minimum with it); its news goes where the unit's would. */
int minis__test(struct minis_game *g, struct rules_dice *d, int u, enum minis_test t, int dsix,
                const struct minis_cause *c, struct rules_events *ev)
{
	struct minis_mq *q;
	cJSON *f;

	if (!g->opt.morale_phase4 || g->phase == MP_RALLY || g->nmq >= MINIS_MAX_MQ)
		return test_now(g, d, u, t, dsix, c, ev);
	if (!minis__on(g, u) || minis__def(g, u)->kind == MK_DUMMY)
		return 0;
	q = &g->mq[g->nmq++];
	q->u = (int8_t)u;
	q->test = (int8_t)t;
	q->dsix = (int8_t)(dsix != 0);
	q->mg = (int8_t)(c->mg != 0);
	q->he75 = (int8_t)(c->he75 != 0);
	q->x = c->at.x;
	q->y = c->at.y;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", minis__uid(g, u));
	cJSON_AddStringToObject(f, "test", minis_test_names[minis__test_for(g, u, t)]);
	cJSON_AddBoolToObject(f, "double_six", dsix != 0);
	cJSON_AddStringToObject(f, "rule", "QR-AMB-10");
	return rules_emit(ev, minis__aud(g, u), "morale-queued", f,
	                  "%s will take a %s test in phase 4 (morale.timing=phase4)",
	                  minis__uid(g, u), minis_test_names[minis__test_for(g, u, t)]);
}

int minis__morale_queue_resolve(struct minis_game *g, struct rules_dice *d, struct rules_events *ev)
{
	int n = g->nmq, rc;
	struct minis_mq q[MINIS_MAX_MQ];

	memcpy(q, g->mq, sizeof(q));
	g->nmq = 0;
	for (int pass = 0; pass < 2; pass++) {
		int s = pass == 0 ? g->phasing : 1 - g->phasing;
		for (int k = 0; k < n && !g->over; k++) {
			struct minis_cause c = {
			    {q[k].x, q[k].y}, q[k].mg, q[k].he75, "a queued test"};
			if (minis__side(g, q[k].u) != s)
				continue;
			if ((rc = test_now(g, d, q[k].u, (enum minis_test)q[k].test, q[k].dsix, &c,
			                   ev)) != 0)
				return rc;
		}
	}
	return 0;
}

static int test_now(struct minis_game *g, struct rules_dice *d, int u, enum minis_test t, int dsix,
                    const struct minis_cause *c, struct rules_events *ev)
{
	enum minis_test mt = MT_NONE;
	enum minis_outcome mo = MO_COUNT, o = MO_OBEY;
	int die = 0, mod = 0, rc, afv = minis__is_afv(g, u), rolled = 0;
	cJSON *f;
	char text[300];

	if (!minis__on(g, u) || minis__def(g, u)->kind == MK_DUMMY)
		return 0;
	t = minis__test_for(g, u, t);
	if (dsix) { /* QR-DSIX-1, QR-DSIX-11 */
		dsix_minimum(g, u, c->mg, &mt, &mo);
		if (mt != MT_NONE && minis__test_rank(mt) > minis__test_rank(t))
			t = mt;
	}
	if (t != MT_NONE) {
		mod = morale_mod(g, u, t);
		o = minis__roll_test(d, mod, t, afv, &die);
		rolled = 1;
	}
	if (mo != MO_COUNT && minis__outcome_rank(mo) > minis__outcome_rank(o))
		o = mo;
	if (o == MO_SUPPRESSED)
		o = MO_PINNED;
	if (!rolled && o == MO_OBEY)
		return 0;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", minis__uid(g, u));
	cJSON_AddStringToObject(f, "test", minis_test_names[t]);
	if (rolled) {
		cJSON_AddNumberToObject(f, "die", die);
		cJSON_AddNumberToObject(f, "modifier", mod);
	}
	if (mo != MO_COUNT)
		cJSON_AddStringToObject(f, "double_six_minimum", minis_outcome_names[mo]);
	cJSON_AddStringToObject(f, "outcome", minis_outcome_names[o]);
	cJSON_AddStringToObject(f, "rule",
	                        t == MT_PINNED      ? "QR-MORALE-2"
	                        : t == MT_RETREAT   ? "QR-MORALE-3"
	                        : t == MT_DISPERSE  ? "QR-MORALE-4"
	                        : t == MT_DAMAGED   ? "QR-MORALE-5"
	                        : t == MT_DESTROYED ? "QR-MORALE-6"
	                                            : "QR-DSIX-11");
	if (rolled)
		snprintf(text, sizeof(text), "%s takes a %s test: %d%+d: %s%s", minis__uid(g, u),
		         minis_test_names[t], die, mod, minis_outcome_names[o],
		         mo != MO_COUNT ? " (double six minimum applied)" : "");
	else
		snprintf(text, sizeof(text), "%s: double six minimum: %s", minis__uid(g, u),
		         minis_outcome_names[o]);
	/* an outcome that moves or removes a hidden unit reveals it first (QR-MORALE-20) */
	if (o != MO_OBEY && o != MO_PINNED &&
	    (rc = minis__reveal(g, u,
	                        "a morale outcome moves or "
	                        "removes it",
	                        ev)) != 0) {
		cJSON_Delete(f);
		return rc;
	}
	if ((rc = rules_emit(ev, minis__aud(g, u), "morale", f, "%s", text)) != 0)
		return rc;
	return minis__apply(g, d, u, o, c, ev);
}
