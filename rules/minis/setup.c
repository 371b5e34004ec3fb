/*
 * setup.c -- the game set-up flow chart (page 1, QR-SETUP) and the secret deployment
 * (QR-AMB-13).
 *
 * At the start (minis__setup_rolls), in the printed order (QR-SETUP-1): air superiority and
 * the air missions of the side that has it, both sides' off-board artillery fire missions,
 * both sides' hidden and ambush camouflage allowances, the defender's dummies.  The dice are
 * public.  Then the defender deploys, then the attacker, each in secret in his zone: his
 * units (which of them start hidden or ambush camouflaged, within the allowances) and his
 * dummies.  When both have ended (minis__deploy_end) the engine gives the automatic hidden
 * status (HQs, FOO/FAC, battery observers, and units over 24" [36"] from the nearest enemy
 * in dead ground, buildings or woods) and the first turn begins.
 */
#include "minis_int.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static int roll(struct rules_dice *d)
{
	return rules_dice_roll(d, 6);
}

/* The majority quality group (0 elite/veteran, 1 regular/inexperienced, 2 militia) of
 * side's units on the table, or of those of HQ hq (with the units of no HQ when first):
 * QR-SETUP-26, QR-AMB-19.  A tie goes to the lower-quality group (setup.majority_tie). */
static int majority(const struct minis_game *g, int side, int hq, int first)
{
	int n[3] = {0, 0, 0}, best = -1;

	for (int u = 0; u < g->sc->nunits; u++) {
		const struct minis_unit_def *d = minis__def(g, u);
		if (d->side != side || g->u[u].status != MS_ON)
			continue;
		if (hq >= 0 && u != hq && d->hq != hq && !(d->hq < 0 && first))
			continue;
		n[minis__quality_group(d->quality)]++;
	}
	for (int k = 0; k < 3; k++)
		if (best < 0 || n[k] > n[best] || (n[k] == n[best] && !g->opt.majority_higher))
			best = k;
	return best;
}

static int side_hqs(const struct minis_game *g, int side, int *hqs, int max)
{
	int n = 0;

	for (int u = 0; u < g->sc->nunits && n < max; u++)
		if (minis__side(g, u) == side && minis__def(g, u)->kind == MK_HQ)
			hqs[n++] = u;
	return n;
}

int minis__setup_rolls(struct minis_game *g, struct rules_dice *d, struct rules_events *ev)
{
	const struct minis_scenario *sc = g->sc;
	int year = sc->year, a[2], mod[2], rc, defender = sc->sides[0].attacker ? 1 : 0;
	char text[400];
	cJSON *f;

	/* 1. air superiority (QR-SETUP-2..11, QR-AMB-17) */
	for (int tries = 0; tries < 20; tries++) {
		for (int s = 0; s < RULES_SIDES; s++) {
			mod[s] = minis__air_sup_mod(&sc->tab, sc->sides[s].nation, year);
			a[s] = roll(d);
		}
		g->air_sup = a[0] + mod[0] > a[1] + mod[1]   ? 0
		             : a[1] + mod[1] > a[0] + mod[0] ? 1
		                                             : -1;
		f = cJSON_CreateObject();
		cJSON_AddItemToObject(f, "dice", cJSON_CreateIntArray(a, 2));
		cJSON_AddItemToObject(f, "modifiers", cJSON_CreateIntArray(mod, 2));
		cJSON_AddStringToObject(f, "superiority",
		                        g->air_sup < 0 ? "none" : sc->side_names[g->air_sup]);
		cJSON_AddStringToObject(f, "rule", "QR-SETUP-2");
		snprintf(text, sizeof(text), "air superiority: %s %d%+d = %d, %s %d%+d = %d: %s",
		         sc->side_names[0], a[0], mod[0], a[0] + mod[0], sc->side_names[1], a[1],
		         mod[1], a[1] + mod[1],
		         g->air_sup < 0 ? "a tie, nobody has it" : sc->side_names[g->air_sup]);
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "air-superiority", f, "%s", text)) != 0)
			return rc;
		if (g->air_sup >= 0 || !g->opt.air_tie_reroll)
			break;
	}
	/* air missions (QR-SETUP-12..18) */
	g->air_missions[0] = g->air_missions[1] = 0;
	if (g->air_sup >= 0) {
		int s = g->air_sup, die = roll(d),
		    cola = minis__column_a(&sc->tab, sc->sides[s].nation, year);
		g->air_missions[s] = (int8_t)minis__air_missions(&sc->tab, die, cola);
		f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "side", sc->side_names[s]);
		cJSON_AddNumberToObject(f, "die", die);
		cJSON_AddStringToObject(f, "column", cola ? "A" : "B");
		cJSON_AddNumberToObject(f, "missions", g->air_missions[s]);
		cJSON_AddStringToObject(f, "rule", "QR-SETUP-12");
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "air-missions", f,
		                     "%s rolls %d for air missions (column %s): %d",
		                     sc->side_names[s], die, cola ? "A" : "B",
		                     g->air_missions[s])) != 0)
			return rc;
	}
	/* 2. off-board fire missions (QR-SETUP-19..24) */
	for (int s = 0; s < RULES_SIDES; s++) {
		int die = roll(d), cola = minis__column_a(&sc->tab, sc->sides[s].nation, year);
		g->fire_missions[s] = (int8_t)minis__fire_missions(&sc->tab, die, cola);
		f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "side", sc->side_names[s]);
		cJSON_AddNumberToObject(f, "die", die);
		cJSON_AddStringToObject(f, "column", cola ? "A" : "B");
		cJSON_AddNumberToObject(f, "missions", g->fire_missions[s]);
		cJSON_AddStringToObject(f, "rule", "QR-SETUP-19");
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "fire-missions", f,
		                     "%s rolls %d for off-board fire missions (column %s): %d",
		                     sc->side_names[s], die, cola ? "A" : "B",
		                     g->fire_missions[s])) != 0)
			return rc;
	}
	/* 3. hidden and ambush allowances (QR-SETUP-25..32), the defender's dummies (-38..42) */
	for (int s = 0; s < RULES_SIDES; s++) {
		int hqs[8], nhq = side_hqs(g, s, hqs, 8), rolls = nhq > 1 ? nhq : 1, hid = 0,
		            amb = 0;
		int dice[8], nd = 0;
		if (nhq == 1 && g->opt.large_game)
			rolls = 2;
		for (int r = 0; r < rolls; r++) {
			int grp = majority(g, s, nhq > 1 ? hqs[r] : -1, r == 0);
			int hd = roll(d), ad = roll(d), h = hd + minis__hidden_mod(&sc->tab, grp),
			    am = ad + minis__ambush_mod(&sc->tab, grp);
			hid += h > 0 ? h : 0;
			amb += am > 0 ? am : 0;
			if (nd < 7) {
				dice[nd++] = hd;
				dice[nd++] = ad;
			}
		}
		g->hidden_allow[s] = (int8_t)(hid > 60 ? 60 : hid);
		g->ambush_allow[s] = (int8_t)(amb > 60 ? 60 : amb);
		f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "side", sc->side_names[s]);
		cJSON_AddItemToObject(f, "dice", cJSON_CreateIntArray(dice, nd));
		cJSON_AddStringToObject(f, "majority",
		                        (const char *[]){"elite or veteran",
		                                         "regular or inexperienced",
		                                         "militia"}[majority(g, s, -1, 1)]);
		cJSON_AddNumberToObject(f, "hidden", g->hidden_allow[s]);
		cJSON_AddNumberToObject(f, "ambush", g->ambush_allow[s]);
		cJSON_AddStringToObject(f, "rule", "QR-SETUP-25");
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "concealment", f,
		                     "%s may hide %d units and ambush camouflage %d (dice %d, %d)",
		                     sc->side_names[s], g->hidden_allow[s], g->ambush_allow[s],
		                     dice[0], dice[1])) != 0)
			return rc;
	}
	{
		int grp = majority(g, defender, -1, 1), die = roll(d),
		    n = die + minis__dummy_mod(&sc->tab, grp);
		n = n < 0 ? 0 : n > MINIS_MAX_DUMMIES ? MINIS_MAX_DUMMIES : n;
		g->dummy_allow[defender] = (int8_t)n;
		f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "side", sc->side_names[defender]);
		cJSON_AddNumberToObject(f, "die", die);
		cJSON_AddNumberToObject(f, "modifier", minis__dummy_mod(&sc->tab, grp));
		cJSON_AddNumberToObject(f, "dummies", n);
		cJSON_AddStringToObject(f, "rule", "QR-SETUP-38");
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "dummies", f,
		                     "%s (defender) rolls %d%+d: %d dummy units",
		                     sc->side_names[defender], die, minis__dummy_mod(&sc->tab, grp),
		                     n)) != 0)
			return rc;
	}
	g->phase = MP_DEPLOY;
	g->acting = (int8_t)defender;
	return rules_emit(ev, RULES_AUD_PUBLIC, "deployment", NULL,
	                  "%s deploys first, in secret, then %s (QR-AMB-13)",
	                  sc->side_names[defender], sc->side_names[1 - defender]);
}

/* ---- deployment ---- */

static int auto_by_role(const struct minis_game *g, int u)
{
	const struct minis_unit_def *d = minis__def(g, u);

	return d->kind == MK_HQ || (d->flags & (MINIS_F_FOO | MINIS_F_FAC | MINIS_F_OBSERVER));
}

static int count_flag(const struct minis_game *g, int side, uint32_t f, int except)
{
	int n = 0;

	for (int u = 0; u < g->sc->nunits; u++)
		if (u != except && minis__side(g, u) == side && (g->u[u].flags & f) &&
		    !(f == MU_HIDDEN && auto_by_role(g, u)))
			n++;
	return n;
}

int minis__dummy_slot(const struct minis_game *g, int k)
{
	return g->sc->nunits + k;
}

static int in_zone(const struct minis_game *g, int side, struct minis_pt p)
{
	const struct minis_zone *z = &g->sc->sides[side].zone;
	int32_t x0 = z->x0, x1 = z->x1, y0 = z->y0, y1 = z->y1;

	if (g->opt.alt) {
		x0 = x0 * 3 / 2, x1 = x1 * 3 / 2, y0 = y0 * 3 / 2, y1 = y1 * 3 / 2;
	}
	return p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1;
}

/* 1 if u may stand at c facing f now: zone, table, terrain, own bases (QR-AMB-13). */
static int place_ok(const struct minis_game *g, int u, struct minis_pt c, int f,
                    struct rules_error *err)
{
	struct minis_pt corners[4];
	int side = minis__side(g, u), hit = -1, k;
	char xb[16], yb[16];

	if (!in_zone(g, side, c))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-SCN-7",
		                  "(%s, %s) is outside your deployment zone",
		                  minis__fmt_in(c.x, xb, sizeof(xb)),
		                  minis__fmt_in(c.y, yb, sizeof(yb)));
	minis__corners_at(g, u, c, f, corners);
	if (!minis__on_table(g, corners))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-AMB-1",
		                  "%s's base would be partly off the table", minis__uid(g, u));
	if (minis__def(g, u)->kind != MK_DUMMY &&
	    minis__going(g, c, minis__tmove(g, u), NULL) == MG_IMPASSABLE)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-AMB-3",
		                  "%s cannot stand there: the ground is impassable to it",
		                  minis__uid(g, u));
	if (minis__overlaps(g, u, c, f, -1, &hit, side) && minis__side(g, hit) == side)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-AMB-1",
		                  "%s's base would overlap %s's", minis__uid(g, u),
		                  minis__uid(g, hit));
	if (minis__def(g, u)->kind != MK_DUMMY &&
	    (k = minis__piece_at(g, c, MINIS_T_STRONGPOINT)) >= 0 &&
	    minis__attr(g, k)->capacity > 0) {
		int n = 0;
		for (int v = 0; v < g->sc->nunits; v++)
			if (v != u && minis__real(g, v) && minis__in_piece(g, k, minis__pos(g, v)))
				n++;
		if (n >= minis__attr(g, k)->capacity)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-AMB-53",
			                  "%s holds %d unit%s at most", g->sc->pieces[k].id,
			                  minis__attr(g, k)->capacity,
			                  minis__attr(g, k)->capacity == 1 ? "" : "s");
	}
	return 0;
}

int minis__do_deploy(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                     cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	struct minis_pt c;
	int u, k = 2, f, rc, status = -1;
	uint32_t was;
	char xb[16], yb[16];

	(void)d;
	if (strcasecmp(argv[1], "dummy") == 0) { /* a new dummy (QR-SETUP-43) */
		int placed = 0, slot = -1;
		if (side == (g->sc->sides[0].attacker ? 0 : 1))
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-SETUP-38",
			                  "only the defender has dummy units");
		for (int j = 0; j < MINIS_MAX_DUMMIES; j++) {
			int s = minis__dummy_slot(g, j);
			if (g->u[s].status == MS_ON)
				placed++;
			else if (slot < 0)
				slot = s;
		}
		if (placed >= g->dummy_allow[side] || slot < 0)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-SETUP-42",
			                  "your %d dummy units are all placed",
			                  g->dummy_allow[side]);
		if ((rc = minis__parse_pt(g, argc, argv, &k, &c, err)) != 0)
			return rc;
		if (k != argc)
			return rules_fail(err, WG_E_BAD_ARGS, "", "deploy dummy <x> <y>");
		if ((rc = place_ok(g, slot, c, g->u[slot].facing, err)) != 0)
			return rc;
		g->u[slot].status = MS_ON;
		g->u[slot].x = c.x;
		g->u[slot].y = c.y;
		g->u[slot].flags = MU_HIDDEN;
		minis__line(reply, "%s placed at (%s, %s)", minis__uid(g, slot),
		            minis__fmt_in(c.x, xb, sizeof(xb)), minis__fmt_in(c.y, yb, sizeof(yb)));
		return rules_emit(ev, RULES_AUD_SIDE(side), "deployed", NULL,
		                  "%s placed at (%s, %s)", minis__uid(g, slot), xb, yb);
	}
	if ((u = minis__unit_arg(g, side, argv[1], 1, err)) < 0)
		return u;
	if (minis__def(g, u)->kind == MK_DUMMY && argc == 3 && strcasecmp(argv[2], "remove") == 0) {
		g->u[u].status = MS_UNPLACED;
		g->u[u].flags = 0;
		minis__line(reply, "%s removed", minis__uid(g, u));
		return rules_emit(ev, RULES_AUD_SIDE(side), "deployed", NULL, "%s removed",
		                  minis__uid(g, u));
	}
	c = minis__pos(g, u);
	f = g->u[u].facing;
	if (argc >= 3 && strchr("0123456789.", argv[2][0]) != NULL) {
		if ((rc = minis__parse_pt(g, argc, argv, &k, &c, err)) != 0)
			return rc;
		if (k < argc && strchr("0123456789", argv[k][0]) != NULL) {
			if (minis__parse_angle(argv[k], &f) != 0)
				return rules_fail(err, WG_E_BAD_ARGS, "",
				                  "'%.20s' is not a facing (0..359.9 degrees)",
				                  argv[k]);
			k++;
		}
	}
	if (k < argc) {
		if (strcasecmp(argv[k], "hidden") == 0)
			status = MU_HIDDEN;
		else if (strcasecmp(argv[k], "ambush") == 0)
			status = MU_AMBUSH;
		else if (strcasecmp(argv[k], "open") == 0)
			status = 0;
		else
			return rules_fail(err, WG_E_BAD_ARGS, "",
			                  "'%.20s' is not hidden, ambush or open", argv[k]);
		k++;
	}
	if (k != argc)
		return rules_fail(err, WG_E_BAD_ARGS, "",
		                  "usage: deploy <unit> <x> <y> [facing] "
		                  "[hidden|ambush|open]");
	if (minis__def(g, u)->kind == MK_DUMMY && status >= 0 && status != MU_HIDDEN)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-SETUP-43",
		                  "a dummy is always hidden");
	if ((rc = place_ok(g, u, c, f, err)) != 0)
		return rc;
	was = g->u[u].flags;
	if (status >= 0 && minis__def(g, u)->kind != MK_DUMMY) {
		g->u[u].flags &= ~(uint32_t)(MU_HIDDEN | MU_AMBUSH);
		g->u[u].flags |= (uint32_t)status;
		if (status == MU_HIDDEN && !auto_by_role(g, u) &&
		    count_flag(g, side, MU_HIDDEN, u) >= g->hidden_allow[side]) {
			g->u[u].flags = was;
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-SETUP-30",
			                  "your hidden allowance is %d and it is used up "
			                  "(HQs, FOOs, FACs and observers do not count)",
			                  g->hidden_allow[side]);
		}
		if (status == MU_AMBUSH &&
		    count_flag(g, side, MU_AMBUSH, u) >= g->ambush_allow[side]) {
			g->u[u].flags = was;
			return rules_fail(
			    err, WG_E_ILLEGAL_ACTION, "QR-SETUP-30",
			    "your ambush camouflage allowance is %d and it is used up",
			    g->ambush_allow[side]);
		}
	}
	g->u[u].x = c.x;
	g->u[u].y = c.y;
	g->u[u].facing = (int16_t)f;
	minis__line(reply, "%s at (%s, %s) facing %d%s", minis__uid(g, u),
	            minis__fmt_in(c.x, xb, sizeof(xb)), minis__fmt_in(c.y, yb, sizeof(yb)), f / 10,
	            (g->u[u].flags & MU_HIDDEN)   ? ", hidden"
	            : (g->u[u].flags & MU_AMBUSH) ? ", ambush camouflaged"
	                                          : "");
	return rules_emit(ev, RULES_AUD_SIDE(side), "deployed", NULL, "%s at (%s, %s) facing %d%s",
	                  minis__uid(g, u), xb, yb, f / 10,
	                  (g->u[u].flags & MU_HIDDEN)   ? ", hidden"
	                  : (g->u[u].flags & MU_AMBUSH) ? ", ambush camouflaged"
	                                                : "");
}

/* 1 if no enemy unit has a line of sight to u (QR-AMB-4). */
static int dead_ground(const struct minis_game *g, int u)
{
	for (int v = 0; v < g->sc->nunits; v++)
		if (minis__real(g, v) && minis__side(g, v) != minis__side(g, u) &&
		    minis__los(g, v, u, NULL, NULL))
			return 0;
	return 1;
}

static int32_t nearest_enemy(const struct minis_game *g, int u)
{
	int32_t best = INT32_MAX;

	for (int v = 0; v < g->sc->nunits; v++)
		if (minis__real(g, v) && minis__side(g, v) != minis__side(g, u)) {
			int32_t dd = minis__udist(g, u, v);
			best = dd < best ? dd : best;
		}
	return best;
}

int minis__deploy_end(struct minis_game *g, struct rules_dice *d, int side, struct rules_events *ev,
                      struct rules_error *err)
{
	int rc, attacker = g->sc->sides[0].attacker ? 0 : 1;
	int32_t far = minis__d(g, MD_HIDDEN_AUTO);
	uint8_t autoh[MINIS_MAX_SLOTS];

	(void)err;
	g->deployed[side] = 1;
	if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "deployed", NULL, "%s has deployed",
	                     g->sc->side_names[side])) != 0)
		return rc;
	if (side != attacker) {
		g->acting = (int8_t)attacker;
		return 0;
	}
	/* automatic hidden status (QR-SETUP-34..37), computed on the whole deployment */
	memset(autoh, 0, sizeof(autoh));
	for (int u = 0; u < g->sc->nunits; u++) {
		struct minis_pt p = minis__pos(g, u);
		if (!minis__real(g, u) || (g->u[u].flags & MU_AMBUSH))
			continue;
		if (auto_by_role(g, u))
			autoh[u] = 1;
		else if (nearest_enemy(g, u) > far &&
		         (minis__piece_at(g, p, MINIS_T_BUILDING | MINIS_T_WOODS) >= 0 ||
		          dead_ground(g, u)))
			autoh[u] = 1;
	}
	for (int u = 0; u < g->sc->nunits; u++)
		if (autoh[u])
			g->u[u].flags |= MU_HIDDEN | MU_AUTO_HIDDEN;
	g->phase = MP_ORDERS; /* leaves the secret deployment: the enemy's visible units show */
	for (int s = 0; s < RULES_SIDES; s++) {
		char list[600];
		size_t len = 0;
		cJSON *f = cJSON_CreateObject(), *arr = cJSON_AddArrayToObject(f, "hidden"),
		      *amb = cJSON_AddArrayToObject(f, "ambush");
		list[0] = '\0';
		for (int u = 0; u < g->nslots; u++) {
			if (minis__side(g, u) != s || !minis__on(g, u))
				continue;
			if (g->u[u].flags & MU_HIDDEN) {
				cJSON_AddItemToArray(arr, cJSON_CreateString(minis__uid(g, u)));
				len += (size_t)snprintf(
				    list + len, len < sizeof(list) ? sizeof(list) - len : 0,
				    " %s%s", minis__uid(g, u), autoh[u] ? "(auto)" : "");
			}
			if (g->u[u].flags & MU_AMBUSH) {
				cJSON_AddItemToArray(amb, cJSON_CreateString(minis__uid(g, u)));
				len += (size_t)snprintf(list + len,
				                        len < sizeof(list) ? sizeof(list) - len : 0,
				                        " %s(ambush)", minis__uid(g, u));
			}
		}
		cJSON_AddStringToObject(f, "rule", "QR-SETUP-37");
		if ((rc = rules_emit(ev, RULES_AUD_SIDE(s), "hidden-status", f,
		                     "your units hidden from the enemy:%s",
		                     len ? list : " none")) != 0)
			return rc;
	}
	if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "setup-complete", NULL,
	                     "set-up complete: each side now sees the other's units that are not "
	                     "hidden")) != 0)
		return rc;
	return minis__command_phase(g, d, ev);
}
