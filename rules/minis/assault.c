/*
 * assault.c -- close assaults (page 6, QR-ASSAULT, QR-AMB-48, QR-AMB-49).
 *
 * `assault <unit> <target>`: the lead unit moves into base contact with a visible enemy unit
 * (or is in contact already); its group's units within 2" [3"] of it, or in contact with the
 * enemy, support it (or those named).  Every enemy unit in contact defends (hidden ones are
 * revealed, dummies exposed); the defender's lead is its best factor, the others support.
 * Each side: the lead's factor (the lower one for a vehicle in woods, buildings or hazardous
 * ground, attacked from its rear or without MGs) + modifiers + 2D6.  The difference gives the
 * result; the loser (and, for a double six, the other side) chooses its casualties
 * (`casualty`, asked only when there is a choice); a difference of 0 asks the attacker, then
 * the defender, to fight on or retreat (`stubborn`).
 *
 *   assault --roll--> diff 0 --> STUBBORN (attacker; then defender) --fight--> roll again
 *                     diff>0 --> casualty tasks (CASUALTY when a choice) --> retreats --> done
 */
#include "minis_int.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Casualty tasks of g->as (kept in the assault's state). */
enum task {
	T_OVERRUN,     /* one loser: dispersed, or an AFV damaged (and retreats) */
	T_ROUTED_LEAD, /* the loser's lead: dispersed, or an AFV destroyed */
	T_ROUTED_2ND,  /* one more loser: dispersed (an AFV destroyed) */
	T_WIN_DSIX,    /* thrown by the winners: one loser dispersed or AFV destroyed */
	T_LOSE_DSIX,   /* thrown by the losers: one winner dispersed or AFV damaged */
};

#define AS_TASKS 6

struct as_tasks {
	int n, cur;
	int kind[AS_TASKS];
	int side[AS_TASKS]; /* the side that suffers (and chooses) */
};

static void tasks_load(const struct minis_game *g, struct as_tasks *t)
{
	t->n = g->as.ntasks;
	t->cur = g->as.tcur;
	for (int k = 0; k < AS_TASKS; k++) {
		t->kind[k] = g->as.tkind[k];
		t->side[k] = g->as.tside[k];
	}
}

static void tasks_store(struct minis_game *g, const struct as_tasks *t)
{
	g->as.ntasks = t->n;
	g->as.tcur = t->cur;
	for (int k = 0; k < AS_TASKS; k++) {
		g->as.tkind[k] = (int8_t)t->kind[k];
		g->as.tside[k] = (int8_t)t->side[k];
	}
}

static int in_as(const struct minis_game *g, int side_idx, int u)
{
	return (g->as.units[side_idx] >> u) & 1;
}

/* The row of the close assault factor table (QR-ASSAULT-3..16) and whether its lower
 * factor applies; vs_soft: the enemy lead is infantry or artillery (SMG units). */
static int factor_of(const struct minis_game *g, int u, int enemy_lead)
{
	const struct minis_unit_def *d = minis__def(g, u);
	int row, lower = 0;

	if (d->kind == MK_AFV || d->kind == MK_SOFTSKIN) {
		struct minis_pt p = minis__pos(g, u), e = minis__pos(g, enemy_lead);
		if (d->kind == MK_SOFTSKIN)
			row = 9;
		else if (d->flags & MINIS_F_OPEN_TOP)
			row = 8;
		else
			row = (int[]){7, 6, 5}[minis__weight(&g->sc->tab, d->armour)];
		/* QR-ASSAULT-14: woods, buildings, hazardous ground, attacked from the rear, no MGs
		 */
		if (minis__piece_at(g, p, MINIS_T_WOODS | MINIS_T_BUILDING) >= 0 ||
		    minis__going(g, p, minis__tmove(g, u), NULL) == MG_HAZARDOUS ||
		    !(d->flags & MINIS_F_HAS_MGS) ||
		    minis__angle_diff(minis__bearing((int64_t)e.x - p.x, (int64_t)e.y - p.y),
		                      g->u[u].facing + 1800) *
		            2 <=
		        g->opt.front_arc)
			lower = 1;
		return minis__assault_factor(row, lower);
	}
	if (minis__is_command(g, u))
		return minis__assault_factor(0, 0);
	if (d->flags & MINIS_F_ENGINEERS)
		return minis__assault_factor(3, 0);
	if ((d->flags & MINIS_F_SMG) && !minis__is_vehicle(g, enemy_lead)) /* QR-ASSAULT-15 */
		return minis__assault_factor(2, 0);
	if (d->kind == MK_GUN)
		return minis__assault_factor(4, 0);
	return minis__assault_factor(1, 0);
}

static int has_weapon_flag(const struct minis_game *g, int u, unsigned f)
{
	const struct minis_unit_def *d = minis__def(g, u);

	for (int k = 0; k < d->nweapons; k++)
		if (g->sc->tab.weapons[d->weapons[k]].flags & f)
			return 1;
	return 0;
}

/* One side's score: factor + modifiers (QR-ASSAULT-17..30) + 2D6 into the event. */
static int side_score(struct minis_game *g, struct rules_dice *d, int si, int *dice, cJSON *f,
                      char *text, size_t n)
{
	int lead = g->as.lead[si], elead = g->as.lead[1 - si], fac = factor_of(g, lead, elead),
	    mod = 0;
	int count = 0, elite = 0, militia = 0, enemy_inf = 0, at = 0;
	const struct minis_unit_def *ld = minis__def(g, lead);

	for (int u = 0; u < g->nslots; u++) {
		if (in_as(g, si, u) && minis__real(g, u)) {
			count++;
			elite += g->sc->tab.q_assault[minis__quality(g, u)] > 0; /* QR-AMB-8 */
			militia += g->sc->tab.q_assault[minis__quality(g, u)] < 0;
			if (has_weapon_flag(g, u, MW_HANDHELD))
				at = 2;
			else if (has_weapon_flag(g, u, MW_ATRIFLE) && at < 1)
				at = 1;
		}
		if (in_as(g, 1 - si, u) && minis__real(g, u) && !minis__is_vehicle(g, u))
			enemy_inf++;
	}
	mod += count - 1; /* each supporting unit +1 (QR-ASSAULT-17) */
	if (elite * 2 >= count)
		mod += 1; /* QR-ASSAULT-18 */
	if (militia * 2 >= count)
		mod -= 1; /* QR-ASSAULT-19 */
	if (ld->kind == MK_AFV && (g->u[lead].flags & MU_DAMAGED))
		mod -= 1; /* QR-ASSAULT-20 */
	if (g->u[lead].flags & MU_PINNED)
		mod -= 2; /* QR-ASSAULT-21, -27 */
	if (si == 1) {    /* QR-ASSAULT-22, -28: the defending lead in a building or strongpoint */
		int k = minis__piece_at(g, minis__pos(g, lead), MINIS_T_STRONGPOINT);
		if (k >= 0)
			mod += 2;
		else if (minis__piece_at(g, minis__pos(g, lead), MINIS_T_BUILDING) >= 0)
			mod += 1;
	}
	if (at && enemy_inf == 0)
		mod += at; /* QR-ASSAULT-23, -30 */
	if ((ld->flags & MINIS_F_FLAME) && !(g->u[lead].flags & MU_NO_FLAME))
		mod += 3; /* QR-ASSAULT-24 */
	if (ld->flags & MINIS_F_HUMAN_WAVE)
		mod += 2; /* QR-ASSAULT-25 */
	dice[0] = rules_dice_roll(d, 6);
	dice[1] = rules_dice_roll(d, 6);
	cJSON_AddStringToObject(f, "lead", minis__uid(g, lead));
	cJSON_AddNumberToObject(f, "factor", fac);
	cJSON_AddNumberToObject(f, "modifier", mod);
	cJSON_AddItemToObject(f, "dice", cJSON_CreateIntArray(dice, 2));
	cJSON_AddNumberToObject(f, "score", fac + mod + dice[0] + dice[1]);
	snprintf(text, n, "%s lead %s factor %d %+d, %d+%d = %d",
	         g->sc->side_names[minis__side(g, lead)], minis__uid(g, lead), fac, mod, dice[0],
	         dice[1], fac + mod + dice[0] + dice[1]);
	return fac + mod + dice[0] + dice[1];
}

/* The candidates of a task: units of the suffering side still in the assault. */
static int task_candidates(const struct minis_game *g, int kind, int side, int *out)
{
	int si = side == g->as.att_side ? 0 : 1, n = 0;

	if (kind == T_ROUTED_LEAD) {
		if (minis__real(g, g->as.lead[si]))
			out[n++] = g->as.lead[si];
		return n;
	}
	for (int u = 0; u < g->nslots; u++)
		if (in_as(g, si, u) && minis__real(g, u))
			out[n++] = u;
	return n;
}

static int suffer(struct minis_game *g, struct rules_dice *d, int kind, int u, struct as_tasks *t,
                  struct rules_events *ev)
{
	struct minis_cause c;
	int si = minis__side(g, u) == g->as.att_side ? 0 : 1, afv = minis__is_afv(g, u);

	c.at = minis__pos(g, g->as.lead[1 - si]);
	c.mg = 0;
	c.he75 = 0;
	c.what = "close assault";
	if (minis__def(g, u)->kind == MK_SOFTSKIN) /* QR-ASSAULT-41 */
		return minis__remove(g, u, MS_DESTROYED, "is destroyed in the close assault", ev);
	switch (kind) {
	case T_OVERRUN:
	case T_LOSE_DSIX:
		if (afv) {
			if ((g->u[u].flags & MU_DAMAGED) && !g->opt.damaged_second_none)
				return minis__remove(
				    g, u, MS_DESTROYED,
				    "is damaged a second time: destroyed (QR-AMB-42)", ev);
			g->u[u].flags |= MU_DAMAGED;
			rules_emit(ev, RULES_AUD_PUBLIC, "damaged", NULL,
			           "%s is damaged (QR-ASSAULT-33)", minis__uid(g, u));
			if (kind == T_OVERRUN && g->opt.overrun_damaged_retreats)
				return minis__retreat(g, u, &c, ev); /* QR-AMB-49 */
			return 0;
		}
		return minis__remove(g, u, MS_DISPERSED, "is dispersed in the close assault", ev);
	case T_ROUTED_LEAD:
		if (afv) { /* "one AFV Destroyed": no second casualty */
			for (int k = t->cur + 1; k < t->n; k++)
				if (t->kind[k] == T_ROUTED_2ND)
					t->kind[k] = 15; /* cancelled */
			return minis__remove(g, u, MS_DESTROYED,
			                     "is destroyed in the close assault", ev);
		}
		return minis__remove(g, u, MS_DISPERSED, "is dispersed in the close assault", ev);
	default: /* T_ROUTED_2ND, T_WIN_DSIX */
		return minis__remove(g, u, afv ? MS_DESTROYED : MS_DISPERSED,
		                     afv ? "is destroyed in the close assault"
		                         : "is dispersed in the close assault",
		                     ev);
	}
}

static int finish(struct minis_game *g, struct rules_events *ev);

/* Runs the tasks from t->cur on; stops at a choice (CASUALTY) or finishes the assault. */
static int run_tasks(struct minis_game *g, struct rules_dice *d, struct as_tasks *t,
                     struct rules_events *ev)
{
	int rc;

	while (t->cur < t->n) {
		int cand[MINIS_MAX_SLOTS], n;
		if (t->kind[t->cur] > T_LOSE_DSIX) {
			t->cur++;
			continue;
		}
		n = task_candidates(g, t->kind[t->cur], t->side[t->cur], cand);
		if (n == 0) {
			t->cur++;
			continue;
		}
		if (n > 1) { /* QR-ASSAULT-38: the owner chooses */
			g->intr = MI_CASUALTY;
			g->intr_side = (int8_t)t->side[t->cur];
			tasks_store(g, t);
			return 0;
		}
		if ((rc = suffer(g, d, t->kind[t->cur], cand[0], t, ev)) != 0)
			return rc;
		t->cur++;
	}
	tasks_store(g, t);
	return finish(g, ev);
}

/* Keeps where the losing side's units stand as the result is known: the ground the winners
 * may occupy (QR-ASSAULT-42). */
static void record_vacated(struct minis_game *g, int loser)
{
	int si = loser == g->as.att_side ? 0 : 1;

	g->as.nvac = 0;
	for (int u = 0; u < g->nslots && g->as.nvac < MINIS_MAX_VAC; u++)
		if (in_as(g, si, u) && minis__real(g, u)) {
			g->as.vac_u[g->as.nvac] = (int8_t)u;
			g->as.vac_x[g->as.nvac] = g->u[u].x;
			g->as.vac_y[g->as.nvac] = g->u[u].y;
			g->as.nvac++;
		}
}

/* The loser's survivors retreat (QR-ASSAULT-32..34, -45); then the winners may advance
 * (QR-ASSAULT-42: ADVANCE, the winner's decision), or the assault ends. */
static int finish(struct minis_game *g, struct rules_events *ev)
{
	int loser = g->as.loser, rc;

	g->intr = MI_NONE;
	g->as.adv = 0;
	if (loser >= 0) {
		int si = loser == g->as.att_side ? 0 : 1;
		struct minis_cause c = {minis__pos(g, g->as.lead[1 - si]), 0, 0, "close assault"};
		if (!minis__real(g, g->as.lead[1 - si]))
			c.at = (struct minis_pt){g->as.cx, g->as.cy};
		for (int u = 0; u < g->nslots; u++)
			if (in_as(g, si, u) && minis__real(g, u) &&
			    (rc = minis__retreat(g, u, &c, ev)) != 0)
				return rc;
		for (int u = 0; u < g->nslots; u++)
			if (in_as(g, 1 - si, u) && minis__real(g, u))
				g->as.adv |= (uint64_t)1 << u;
		if (g->as.adv != 0 && !g->over) {
			g->intr = MI_ADVANCE;
			g->intr_side = (int8_t)(1 - loser);
		}
	}
	g->as.units[0] = g->as.units[1] = 0;
	return 0;
}

/* Rolls one round of the assault in g->as and acts on the result. */
static int round_(struct minis_game *g, struct rules_dice *d, struct rules_events *ev, cJSON *reply)
{
	int da[2], dd[2], sa, sd, diff, res, rc, att = g->as.att_side, def = 1 - att, winner, loser;
	int wdsix, ldsix;
	char ta[200], td[200];
	cJSON *f = cJSON_CreateObject(), *fa = cJSON_CreateObject(), *fd = cJSON_CreateObject();
	struct as_tasks t;

	/* new leads if the old ones are gone: the best factor left (QR-ASSAULT-37) */
	for (int si = 0; si < 2; si++)
		if (!minis__real(g, g->as.lead[si]))
			for (int u = 0; u < g->nslots; u++)
				if (in_as(g, si, u) && minis__real(g, u)) {
					g->as.lead[si] = u;
					break;
				}
	sa = side_score(g, d, 0, da, fa, ta, sizeof(ta));
	sd = side_score(g, d, 1, dd, fd, td, sizeof(td));
	diff = sa - sd;
	res = minis__assault_result(diff);
	cJSON_AddItemToObject(f, "attacker", fa);
	cJSON_AddItemToObject(f, "defender", fd);
	cJSON_AddNumberToObject(f, "difference", diff < 0 ? -diff : diff);
	cJSON_AddStringToObject(f, "result",
	                        (const char *[]){"stubborn resistance", "losers retreat",
	                                         "losers overrun", "losers routed",
	                                         "losers dispersed"}[res]);
	cJSON_AddStringToObject(f, "rule",
	                        (const char *[]){"QR-ASSAULT-31", "QR-ASSAULT-32", "QR-ASSAULT-33",
	                                         "QR-ASSAULT-34", "QR-ASSAULT-35"}[res]);
	g->as.rounds++;
	minis__line(reply, "close assault: %s; %s: %s", ta, td,
	            (const char *[]){"Stubborn Resistance!", "Losers Retreat!", "Losers Overrun!",
	                             "Losers Routed!", "Losers Dispersed!"}[res]);
	if ((rc = rules_emit(
	         ev, RULES_AUD_PUBLIC, "assault", f, "close assault: %s; %s: %s", ta, td,
	         (const char *[]){"Stubborn Resistance!", "Losers Retreat!", "Losers Overrun!",
	                          "Losers Routed!", "Losers Dispersed!"}[res])) != 0)
		return rc;
	memset(&t, 0, sizeof(t));
	if (res == 0) {
		/* QR-AMB-16: at a difference of 0 a double six counts as thrown by a winner */
		if (!g->opt.dsix_tie_ignore) {
			if (da[0] == 6 && da[1] == 6) {
				t.kind[t.n] = T_WIN_DSIX;
				t.side[t.n++] = def;
			}
			if (dd[0] == 6 && dd[1] == 6) {
				t.kind[t.n] = T_WIN_DSIX;
				t.side[t.n++] = att;
			}
		}
		g->as.loser = -1;
		tasks_store(g, &t);
		for (int k = 0; k < t.n; k++) {
			int cand[MINIS_MAX_SLOTS],
			    n = task_candidates(g, t.kind[k], t.side[k], cand);
			if (n > 0 && (rc = suffer(g, d, t.kind[k], cand[0], &t, ev)) != 0)
				return rc;
		}
		g->intr = MI_STUBBORN;
		g->intr_side = (int8_t)(g->opt.stubborn_chooser == 2 ? def : att);
		return 0;
	}
	winner = diff > 0 ? att : def;
	loser = 1 - winner;
	g->as.loser = loser;
	record_vacated(g, loser);
	g->as.cx = g->u[g->as.lead[winner == att ? 0 : 1]].x;
	g->as.cy = g->u[g->as.lead[winner == att ? 0 : 1]].y;
	wdsix = winner == att ? (da[0] == 6 && da[1] == 6) : (dd[0] == 6 && dd[1] == 6);
	ldsix = winner == att ? (dd[0] == 6 && dd[1] == 6) : (da[0] == 6 && da[1] == 6);
	if (res == 2) {
		t.kind[t.n] = T_OVERRUN;
		t.side[t.n++] = loser;
	} else if (res == 3) {
		t.kind[t.n] = T_ROUTED_LEAD;
		t.side[t.n++] = loser;
		t.kind[t.n] = T_ROUTED_2ND;
		t.side[t.n++] = loser;
	} else if (res == 4) { /* every losing unit: dispersed or destroyed */
		int si = loser == att ? 0 : 1;
		for (int u = 0; u < g->nslots; u++)
			if (in_as(g, si, u) && minis__real(g, u) &&
			    (rc = minis__remove(
			         g, u, minis__is_afv(g, u) ? MS_DESTROYED : MS_DISPERSED,
			         "is lost: Losers Dispersed! (QR-ASSAULT-35)", ev)) != 0)
				return rc;
	}
	if (wdsix) { /* QR-ASSAULT-44 */
		t.kind[t.n] = T_WIN_DSIX;
		t.side[t.n++] = loser;
	}
	if (ldsix) { /* QR-ASSAULT-43 */
		t.kind[t.n] = T_LOSE_DSIX;
		t.side[t.n++] = winner;
	}
	/* losing soft-skins are always destroyed (QR-ASSAULT-41) */
	for (int u = 0; u < g->nslots; u++)
		if (in_as(g, loser == att ? 0 : 1, u) && minis__real(g, u) &&
		    minis__def(g, u)->kind == MK_SOFTSKIN &&
		    (rc = minis__remove(
		         g, u, MS_DESTROYED,
		         "is destroyed: losing soft skins always are (QR-ASSAULT-41)", ev)) != 0)
			return rc;
	return run_tasks(g, d, &t, ev);
}

/* The contact point of u moving straight at t: the farthest point short of overlap. */
static struct minis_pt contact_point(const struct minis_game *g, int u, int t, int *facing)
{
	struct minis_pt p = minis__pos(g, u), q = minis__pos(g, t), a[4], b[4];
	int32_t lo = 0, hi = minis__pdist(p, q);
	int f = minis__bearing((int64_t)q.x - p.x, (int64_t)q.y - p.y);

	*facing = f;
	minis__corners(g, t, b);
	while (lo < hi) {
		int32_t mid = (lo + hi + 1) / 2;
		minis__corners_at(g, u, minis__offset(p, f, mid), f, a);
		if (minis__poly_overlap(a, 4, b, 4))
			hi = mid - 1;
		else
			lo = mid;
	}
	return minis__offset(p, f, lo);
}

int minis__do_assault(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                      cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int u, t, rc, contact = 0, nsup = 0;
	int32_t radius = g->opt.assault_radius >= 0 ? g->opt.assault_radius : minis__d(g, MD_TWO);
	uint64_t att = 0, def = 0;

	if ((u = minis__unit_arg(g, side, argv[1], 1, err)) < 0)
		return u;
	if ((rc = minis__may_act(g, side, u, err)) != 0)
		return rc;
	if (!minis__real(g, u) || (g->u[u].flags & (MU_ASSAULTED | MU_SPENT)))
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-ASSAULT-2", "%s cannot assault now",
		                  minis__uid(g, u));
	if (g->u[u].flags & MU_PINNED)
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-ASSAULT-26",
		                  "%s is pinned (QR-AMB-39)", minis__uid(g, u));
	if (g->opt.assault_requires_order && g->act.kind != GK_INF_ASSAULT &&
	    g->act.kind != GK_ARM_ASSAULT)
		return rules_fail(
		    err, WG_E_ILLEGAL_ATTACK, "QR-CMD-39",
		    "only an assault group assaults (assault.requires_assault_order)");
	if ((t = minis__unit_arg(g, side, argv[2], 0, err)) < 0)
		return t;
	if (minis__side(g, t) == side || !minis__real(g, t))
		return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-ASSAULT-2",
		                  "%s is not an enemy unit", minis__uid(g, t));
	for (int k = 3; k < argc; k++) {
		int s = minis__unit_arg(g, side, argv[k], 1, err);
		if (s < 0)
			return s;
		if (s == u || !((g->act.units >> s) & 1) || !minis__real(g, s))
			return rules_fail(
			    err, WG_E_ILLEGAL_ATTACK, "QR-ASSAULT-26",
			    "%s is not a unit of the activated group that may support",
			    minis__uid(g, s));
		if (g->u[s].flags & MU_PINNED)
			return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-ASSAULT-26",
			                  "%s is pinned: pinned units may not support",
			                  minis__uid(g, s));
		att |= (uint64_t)1 << s;
		nsup++;
	}
	if (!minis__touching(g, u, t)) {
		struct minis_pt c;
		int f;
		if (g->u[u].flags & MU_MOVED)
			return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-AMB-48",
			                  "%s has moved and is not in contact with %s",
			                  minis__uid(g, u), minis__uid(g, t));
		if (!minis__los(g, u, t, NULL, NULL))
			return rules_fail(err, WG_E_ILLEGAL_ATTACK, "QR-AMB-48", "%s cannot see %s",
			                  minis__uid(g, u), minis__uid(g, t));
		c = contact_point(g, u, t, &f);
		if ((rc = minis__move_path(g, d, u, &c, 1, f, 1, ev, err, &contact)) != 0)
			return rc;
		if (!minis__touching(g, u, t)) {
			g->u[u].flags |= MU_ASSAULTED;
			minis__line(reply, "%s is stopped before reaching %s: no assault",
			            minis__uid(g, u), minis__uid(g, t));
			return rules_emit(ev, RULES_AUD_PUBLIC, "assault-stopped", NULL,
			                  "%s's assault on %s is stopped before contact",
			                  minis__uid(g, u), minis__uid(g, t));
		}
	}
	att |= (uint64_t)1 << u;
	if (nsup == 0) /* the group's units close by support (QR-ASSAULT-26, QR-AMB-48) */
		for (int s = 0; s < g->nslots; s++)
			if (s != u && ((g->act.units >> s) & 1) && minis__real(g, s) &&
			    !(g->u[s].flags & (MU_PINNED | MU_ASSAULTED)) &&
			    (minis__udist(g, s, u) <= radius || minis__touching(g, s, t)))
				att |= (uint64_t)1 << s;
	/* every enemy unit in contact with an assaulting unit defends; dummies are exposed */
	for (int v = 0; v < g->nslots; v++) {
		if (!minis__on(g, v) || minis__side(g, v) == side)
			continue;
		for (int a = 0; a < g->nslots; a++)
			if (((att >> a) & 1) && minis__touching(g, a, v)) {
				def |= (uint64_t)1 << v;
				break;
			}
	}
	for (int v = 0; v < g->nslots; v++)
		if (((def >> v) & 1) &&
		    (rc = minis__reveal(g, v, "it is in the close assault (QR-ASSAULT-46)", ev)) !=
		        0)
			return rc;
	for (int a = 0; a < g->nslots; a++)
		if (((att >> a) & 1) &&
		    (rc = minis__reveal(g, a, "it assaults (QR-ASSAULT-46)", ev)) != 0)
			return rc;
	for (int v = 0; v < g->nslots; v++) /* the defender's supporters: within 2" of its lead */
		if (((def >> v) & 1) && !minis__real(g, v))
			def &= ~((uint64_t)1 << v);
	memset(&g->as, 0, sizeof(g->as));
	g->as.att_side = side;
	g->as.lead[0] = u;
	g->as.lead[1] = t;
	{
		int best = -1;
		for (int v = 0; v < g->nslots; v++)
			if ((def >> v) & 1) {
				int fv = factor_of(g, v, u);
				if (best < 0 || fv > best || (fv == best && v == t)) {
					best = fv;
					g->as.lead[1] = v;
				}
			}
	}
	for (int v = 0; v < g->nslots; v++)
		if (v != g->as.lead[1] && minis__real(g, v) && minis__side(g, v) != side &&
		    !(g->u[v].flags & MU_PINNED) && !((def >> v) & 1) &&
		    minis__udist(g, v, g->as.lead[1]) <= radius && minis__visible(g, v, side))
			def |= (uint64_t)1
			       << v; /* QR-AMB-48: within 2" [3"] of the defending lead */
	for (int v = 0; v < g->nslots; v++)
		if (((def >> v) & 1) && v != g->as.lead[1] && (g->u[v].flags & MU_PINNED) &&
		    !minis__touching(g, v, u))
			def &= ~((uint64_t)1 << v);
	g->as.units[0] = att;
	g->as.units[1] = def;
	g->as.loser = -1;
	for (int a = 0; a < g->nslots; a++)
		if ((att >> a) & 1)
			g->u[a].flags |= MU_ASSAULTED | MU_MOVED;
	return round_(g, d, ev, reply);
}

int minis__do_stubborn(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                       cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int fight, rc;

	(void)argc;
	if (strcasecmp(argv[1], "fight") == 0)
		fight = 1;
	else if (strcasecmp(argv[1], "retreat") == 0)
		fight = 0;
	else
		return rules_fail(err, WG_E_BAD_ARGS, "QR-ASSAULT-37",
		                  "stubborn fight or stubborn retreat");
	if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "stubborn", NULL,
	                     "%s chooses to %s (QR-ASSAULT-36: all fight on or all retreat)",
	                     g->sc->side_names[side], fight ? "fight on" : "retreat")) != 0)
		return rc;
	if (!fight) {
		g->as.loser = side;
		record_vacated(g, side);
		minis__line(reply, "all your units in the assault retreat");
		return finish(g, ev);
	}
	if (side == g->as.att_side && g->opt.stubborn_chooser == 0) {
		/* the defender may still retreat all of his (QR-AMB-49) */
		g->intr = MI_STUBBORN;
		g->intr_side = (int8_t)(1 - side);
		minis__line(reply, "you fight on; the defender chooses");
		return 0;
	}
	if (g->as.rounds >= 20) {
		g->as.loser = -1;
		return finish(g, ev);
	}
	g->intr = MI_NONE;
	minis__line(reply, "another round");
	return round_(g, d, ev, reply);
}

int minis__assault_casualty_ok(const struct minis_game *g, int u)
{
	struct as_tasks t;
	int cand[MINIS_MAX_SLOTS], n;

	tasks_load(g, &t);
	if (t.cur >= t.n)
		return 0;
	n = task_candidates(g, t.kind[t.cur], t.side[t.cur], cand);
	for (int k = 0; k < n; k++)
		if (cand[k] == u)
			return 1;
	return 0;
}

int minis__do_casualty(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                       cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	struct as_tasks t;
	int u, rc;

	(void)argc;
	if ((u = minis__unit_arg(g, side, argv[1], 1, err)) < 0)
		return u;
	if (!minis__assault_casualty_ok(g, u))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-ASSAULT-38",
		                  "%s is not one of your units in the close assault",
		                  minis__uid(g, u));
	tasks_load(g, &t);
	minis__line(reply, "%s takes the loss", minis__uid(g, u));
	if ((rc = suffer(g, d, t.kind[t.cur], u, &t, ev)) != 0)
		return rc;
	t.cur++;
	g->intr = MI_NONE;
	return run_tasks(g, d, &t, ev);
}

/* ---- the winners' advance (QR-ASSAULT-42) ---- */

/* 1 if u may stand at c facing f after an advance: on the table, on ground it may enter, over
 * no base its side can see; *hidden is a hidden enemy it would end over (-1 none). */
static int advance_fits(const struct minis_game *g, int u, struct minis_pt c, int f, int *hit,
                        int *hidden, struct rules_error *err)
{
	struct minis_pt corners[4];
	int side = minis__side(g, u);

	*hidden = -1;
	minis__corners_at(g, u, c, f, corners);
	if (!minis__on_table(g, corners))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-ASSAULT-42",
		                  "the advance takes %s's base off the table", minis__uid(g, u));
	if (minis__going(g, c, minis__tmove(g, u), NULL) == MG_IMPASSABLE)
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-ASSAULT-42",
		                  "%s cannot advance into impassable ground", minis__uid(g, u));
	if (minis__overlaps(g, u, c, f, -1, hit, side))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-ASSAULT-42",
		                  "%s's base would end over %s's", minis__uid(g, u),
		                  minis__uid(g, *hit));
	if (minis__overlaps(g, u, c, f, -1, hit, -1) && *hit >= 0 && minis__on(g, *hit) &&
	    minis__side(g, *hit) != side)
		*hidden = *hit;
	return 0;
}

/* advance <unit> occupy [<loser>] | advance <unit> <x> <y> [facing] | advance none */
int minis__do_advance(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                      cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int u, f, hit = -1, hidden = -1, rc, k = 2, occupied = -1;
	struct minis_pt to;
	char xb[16], yb[16];
	cJSON *fl;

	(void)d;
	if (strcasecmp(argv[1], "none") == 0) {
		if (argc != 2)
			return rules_fail(err, WG_E_BAD_ARGS, "QR-ASSAULT-42",
			                  "advance none takes nothing more");
		g->as.adv = 0;
		g->intr = MI_NONE;
		minis__line(reply, "your winning units stay where they are");
		return rules_emit(ev, RULES_AUD_PUBLIC, "advance", NULL,
		                  "%s declines to advance (QR-ASSAULT-42)",
		                  g->sc->side_names[side]);
	}
	if ((u = minis__unit_arg(g, side, argv[1], 1, err)) < 0)
		return u;
	if (!((g->as.adv >> u) & 1) || !minis__real(g, u))
		return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-ASSAULT-42",
		                  "%s is not a winning unit of the close assault still to advance",
		                  minis__uid(g, u));
	if (argc < 3)
		return rules_fail(err, WG_E_BAD_ARGS, "QR-ASSAULT-42",
		                  "advance <unit> occupy [<loser>], or advance <unit> <x> <y> "
		                  "[facing], or advance none");
	f = g->u[u].facing;
	if (strcasecmp(argv[2], "occupy") == 0) {
		int want = -1;
		if (argc > 4)
			return rules_fail(err, WG_E_BAD_ARGS, "QR-ASSAULT-42",
			                  "advance <unit> occupy [<loser>]");
		if (argc == 4 && (want = minis__unit_find(g, argv[3])) < 0)
			return rules_fail(err, WG_E_BAD_ARGS, "QR-ASSAULT-42",
			                  "'%.20s' is not a unit of the close assault", argv[3]);
		for (int j = 0; j < g->as.nvac && occupied < 0; j++) {
			int v = g->as.vac_u[j];
			if (want >= 0 && v != want)
				continue;
			/* vacated: the unit has gone (removed) or left the spot (retreated) */
			if (minis__real(g, v) && g->u[v].x == g->as.vac_x[j] &&
			    g->u[v].y == g->as.vac_y[j])
				continue;
			occupied = j;
		}
		if (occupied < 0)
			return rules_fail(err, WG_E_ILLEGAL_MOVE, "QR-ASSAULT-42",
			                  "no ground vacated by %s to occupy",
			                  want >= 0 ? minis__uid(g, want) : "the losers");
		to = (struct minis_pt){g->as.vac_x[occupied], g->as.vac_y[occupied]};
	} else {
		int32_t lim = minis__d(g, MD_WIN_MOVE), dist;
		char lb[16];
		if ((rc = minis__parse_pt(g, argc, argv, &k, &to, err)) != 0)
			return rc;
		if (k < argc) {
			if (minis__parse_angle(argv[k], &f) != 0 || k + 1 != argc)
				return rules_fail(err, WG_E_BAD_ARGS, "QR-ASSAULT-42",
				                  "'%.20s' is not a facing in degrees", argv[k]);
		}
		dist = minis__pdist(minis__pos(g, u), to);
		if (dist > lim)
			return rules_fail(
			    err, WG_E_ILLEGAL_MOVE, "QR-ASSAULT-42",
			    "winning units may move an additional %s\" at most, not %s\"",
			    minis__fmt_in(lim, lb, sizeof(lb)),
			    minis__fmt_in(dist, xb, sizeof(xb)));
	}
	if ((rc = advance_fits(g, u, to, f, &hit, &hidden, err)) != 0)
		return rc;
	g->as.adv &= ~((uint64_t)1 << u);
	if (hidden >= 0) { /* it runs into a unit it could not see: stops, and reveals it */
		minis__line(reply, "%s runs into a unit it could not see and stays",
		            minis__uid(g, u));
		if ((rc = minis__reveal(g, hidden, "an advancing unit runs into it", ev)) != 0)
			return rc;
	} else {
		g->u[u].x = to.x;
		g->u[u].y = to.y;
		g->u[u].facing = (int16_t)f;
		fl = cJSON_CreateObject();
		cJSON_AddStringToObject(fl, "unit", minis__uid(g, u));
		cJSON_AddItemToObject(fl, "x", minis__num_in(to.x));
		cJSON_AddItemToObject(fl, "y", minis__num_in(to.y));
		cJSON_AddNumberToObject(fl, "facing", f / 10.0);
		cJSON_AddBoolToObject(fl, "occupy", occupied >= 0);
		cJSON_AddStringToObject(fl, "rule", "QR-ASSAULT-42");
		minis__line(reply, "%s advances to (%s, %s)", minis__uid(g, u),
		            minis__fmt_in(to.x, xb, sizeof(xb)),
		            minis__fmt_in(to.y, yb, sizeof(yb)));
		if ((rc = rules_emit(ev, minis__aud(g, u), "advance", fl,
		                     "%s %s (%s, %s) (QR-ASSAULT-42)", minis__uid(g, u),
		                     occupied >= 0 ? "occupies the ground vacated at"
		                                   : "advances to",
		                     minis__fmt_in(to.x, xb, sizeof(xb)),
		                     minis__fmt_in(to.y, yb, sizeof(yb)))) != 0)
			return rc;
	}
	for (int v = 0; v < g->nslots; v++) /* winners gone meanwhile no longer advance */
		if (((g->as.adv >> v) & 1) && !minis__real(g, v))
			g->as.adv &= ~((uint64_t)1 << v);
	if (g->as.adv == 0)
		g->intr = MI_NONE;
	return 0;
}
