/*
 * turn.c -- the game turn (page 3, QR-TURN, QR-CMD): the command and initiative phase, the
 * command orders that activate combat groups (costs, sizes, left to right), the end of each
 * phase, the rally and morale phase (QR-RALLY), the end of the game and its victory
 * (QR-SCN-8), and what every action is followed by (minis__after_action: units that came
 * close to a hidden enemy reveal it, a side with no unit left loses).
 *
 *   1 command (auto) -> 2A orders phasing -> 2B deffire other -> 3A orders other
 *     -> 3B deffire phasing -> 4 rally (both) -> next turn or the end
 */
#include "minis_int.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static int roll(struct rules_dice *d)
{
	return rules_dice_roll(d, 6);
}

/* ---- the end ---- */

int minis__game_over(struct minis_game *g, int winner, const char *summary, struct rules_events *ev)
{
	cJSON *f, *arr;
	char list[700];
	size_t len = 0;
	int rc;

	g->over = 1;
	g->winner = (int8_t)winner;
	g->phase = MP_OVER;
	g->intr = MI_NONE;
	g->act.active = 0;
	snprintf(g->summary, sizeof(g->summary), "%s", summary);
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "winner", winner < 0 ? "draw" : g->sc->side_names[winner]);
	cJSON_AddStringToObject(f, "summary", g->summary);
	if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "game-over", f, "game over: %s", g->summary)) !=
	    0)
		return rc;
	/* everything is revealed after the end (QR-AMB-13) */
	f = cJSON_CreateObject();
	arr = cJSON_AddArrayToObject(f, "units");
	list[0] = '\0';
	for (int u = 0; u < g->nslots; u++) {
		cJSON *o;
		char xb[16], yb[16];
		if (!minis__on(g, u) || !(g->u[u].flags & (MU_HIDDEN | MU_AMBUSH)))
			continue;
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "id", minis__uid(g, u));
		cJSON_AddStringToObject(o, "side", g->sc->side_names[minis__side(g, u)]);
		cJSON_AddStringToObject(o, "kind", minis_kind_names[minis__def(g, u)->kind]);
		cJSON_AddItemToObject(o, "x", minis__num_in(g->u[u].x));
		cJSON_AddItemToObject(o, "y", minis__num_in(g->u[u].y));
		cJSON_AddItemToArray(arr, o);
		len += (size_t)snprintf(list + len, len < sizeof(list) ? sizeof(list) - len : 0,
		                        " %s (%s, %s)", minis__uid(g, u),
		                        minis__fmt_in(g->u[u].x, xb, sizeof(xb)),
		                        minis__fmt_in(g->u[u].y, yb, sizeof(yb)));
	}
	return rules_emit(ev, RULES_AUD_PUBLIC, "all-revealed", f,
	                  "everything is revealed: hidden, ambush and dummy units:%s",
	                  len ? list : " none");
}

/* In a building piece of the victory condition. */
static int in_victory_piece(const struct minis_game *g, int u)
{
	for (int k = 0; k < g->sc->victory.npieces; k++)
		if (minis__in_piece(g, g->sc->victory.pieces[k], minis__pos(g, u)))
			return 1;
	return 0;
}

int minis__victory_check(struct minis_game *g, struct rules_events *ev, int final)
{
	const struct minis_victory *v = &g->sc->victory;
	int count[RULES_SIDES] = {0, 0};
	char summary[256], holders[120] = "", enemies[120] = "";
	size_t lh = 0, le = 0;

	if (g->over)
		return 0;
	for (int u = 0; u < g->sc->nunits; u++)
		if (minis__real(g, u))
			count[minis__side(g, u)]++;
	for (int s = 0; s < RULES_SIDES; s++)
		if (count[s] == 0) {
			snprintf(summary, sizeof(summary),
			         "%s has no unit left on the table; %s wins", g->sc->side_names[s],
			         g->sc->side_names[1 - s]);
			return minis__game_over(g, 1 - s, summary, ev);
		}
	if (!final)
		return 0;
	if (v->side < 0)
		return minis__game_over(g, -1,
		                        "the last turn is over: a draw (no victory condition)", ev);
	for (int u = 0; u < g->sc->nunits; u++) {
		if (!minis__real(g, u) || !in_victory_piece(g, u))
			continue;
		if (minis__side(g, u) == v->side) {
			if (minis__infantry_type(g, u) && !(g->u[u].flags & MU_PINNED))
				lh += (size_t)snprintf(
				    holders + lh, lh < sizeof(holders) ? sizeof(holders) - lh : 0,
				    " %s", minis__uid(g, u));
		} else {
			le += (size_t)snprintf(enemies + le,
			                       le < sizeof(enemies) ? sizeof(enemies) - le : 0,
			                       " %s", minis__uid(g, u));
		}
	}
	if (lh > 0 && le == 0)
		snprintf(summary, sizeof(summary),
		         "%s holds the village at the end of turn %d (QR-SCN-8):%s; %s wins",
		         g->sc->side_names[v->side], g->turn, holders, g->sc->side_names[v->side]);
	else if (le > 0)
		snprintf(summary, sizeof(summary),
		         "%s still holds buildings at the end (QR-SCN-8):%s; "
		         "%s wins",
		         g->sc->side_names[1 - v->side], enemies, g->sc->side_names[1 - v->side]);
	else
		snprintf(
		    summary, sizeof(summary),
		    "%s has no unpinned infantry in the buildings at the end (QR-SCN-8); %s wins",
		    g->sc->side_names[v->side], g->sc->side_names[1 - v->side]);
	return minis__game_over(g, lh > 0 && le == 0 ? v->side : 1 - v->side, summary, ev);
}

/* ---- 1. command and initiative (QR-CMD-1..15, QR-TURN-1, QR-TURN-2) ---- */

static int hq_pinned(const struct minis_game *g, int u)
{
	return g->u[u].status != MS_ON || (g->u[u].flags & MU_PINNED);
}

int minis__command_phase(struct minis_game *g, struct rules_dice *d, struct rules_events *ev)
{
	const struct minis_scenario *sc = g->sc;
	int best[RULES_SIDES] = {-99, -99}, bestmod[RULES_SIDES] = {0, 0}, rc;
	char text[480];
	size_t len = 0;
	cJSON *f = cJSON_CreateObject(), *rolls = cJSON_AddArrayToObject(f, "hqs");

	g->turn++;
	g->phase = MP_ORDERS;
	g->intr = MI_NONE;
	g->act.active = 0;
	g->nacts = 0;
	/* smoke screens end (QR-AMB-51) */
	for (int k = 0; k < g->nsmoke;)
		if (g->smoke[k].until < g->turn)
			g->smoke[k] = g->smoke[--g->nsmoke];
		else
			k++;
	len += (size_t)snprintf(text, sizeof(text), "turn %d, command phase:", g->turn);
	for (int u = 0; u < g->nslots; u++) {
		g->u[u].flags &= ~(uint32_t)(MU_ACTIVATED | MU_MOVED | MU_FIRED | MU_SUPPORTED |
		                             MU_SPENT | MU_ASSAULTED | MU_UNBOGGING | MU_DEFFIRED);
		g->u[u].roll = -1;
		g->u[u].used = 0;
		if (!g->opt.carry_over)
			g->u[u].orders = 0;
	}
	for (int u = 0; u < sc->nunits; u++) {
		const struct minis_unit_def *ud = &sc->units[u];
		int s = ud->side, die, mod, score, nat;
		cJSON *o;
		if (ud->kind != MK_HQ) {
			/* QR-CMD-13: 1 order to a company or AFV regt. command unit not pinned */
			if ((ud->flags & (MINIS_F_INF_CMD | MINIS_F_AFV_CMD)) &&
			    minis__real(g, u) && !(g->u[u].flags & MU_PINNED))
				g->u[u].orders = (uint8_t)(g->u[u].orders + 1);
			continue;
		}
		if (g->u[u].status != MS_ON && g->opt.dispersed_no_roll)
			continue; /* cmd.dispersed_hq = no_roll (QR-AMB-15) */
		die = roll(d);
		nat = g->opt.battalion_replaces && (ud->flags & MINIS_F_BATTALION)
		          ? 0
		          : minis__hq_mod(&sc->tab, sc->sides[s].nation, sc->year);
		mod = nat + (hq_pinned(g, u) ? -1 : 0); /* QR-CMD-9, QR-CMD-10 */
		score = die + mod;
		g->u[u].score = (int8_t)score;
		g->u[u].orders =
		    (uint8_t)(g->u[u].orders + (score < 1 ? 1 : score)); /* QR-CMD-12 */
		if ((g->opt.init_natural ? die : score) > best[s]) {
			best[s] = g->opt.init_natural ? die : score;
			bestmod[s] = mod;
		}
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "hq", ud->id);
		cJSON_AddNumberToObject(o, "die", die);
		cJSON_AddNumberToObject(o, "modifier", mod);
		cJSON_AddNumberToObject(o, "score", score);
		cJSON_AddNumberToObject(o, "orders", score < 1 ? 1 : score);
		cJSON_AddItemToArray(rolls, o);
		len += (size_t)snprintf(text + len, len < sizeof(text) ? sizeof(text) - len : 0,
		                        " %s %d%+d = %d (%d orders);", ud->id, die, mod, score,
		                        score < 1 ? 1 : score);
	}
	g->init_score[0] = (int8_t)best[0];
	g->init_score[1] = (int8_t)best[1];
	{
		int german[2] = {sc->sides[0].nation == MN_GERMAN,
		                 sc->sides[1].nation == MN_GERMAN};
		int a = best[0], b = best[1], holder;
		if (a != b) {
			holder = a > b ? 0 : 1;
		} else if (german[0] != german[1]) { /* QR-CMD-3: Germans win draws */
			holder = german[0] ? 0 : 1;
		} else if (g->opt.init_keep_previous) {
			holder = g->turn > 1 ? g->phasing : (sc->sides[0].attacker ? 0 : 1);
		} else { /* QR-AMB-12: both reroll until the scores differ */
			int tries = 0;
			do {
				a = roll(d) + bestmod[0];
				b = roll(d) + bestmod[1];
				len += (size_t)snprintf(text + len,
				                        len < sizeof(text) ? sizeof(text) - len : 0,
				                        " reroll %d-%d;", a, b);
			} while (a == b && ++tries < 50);
			holder = a > b ? 0 : a < b ? 1 : (sc->sides[0].attacker ? 0 : 1);
		}
		g->phasing = (int8_t)holder;
		g->acting = (int8_t)holder;
		cJSON_AddNumberToObject(f, "turn", g->turn);
		cJSON_AddStringToObject(f, "initiative", sc->side_names[holder]);
		cJSON_AddStringToObject(f, "rule", "QR-CMD-2");
		len += (size_t)snprintf(text + len, len < sizeof(text) ? sizeof(text) - len : 0,
		                        " %s has the initiative", sc->side_names[holder]);
		if (g->opt.init_holder_chooses) { /* QR-AMB-12: phasing or not, his choice */
			g->intr = MI_INIT;
			g->intr_side = (int8_t)holder;
			len += (size_t)snprintf(text + len,
			                        len < sizeof(text) ? sizeof(text) - len : 0,
			                        " and chooses whether to go first");
		}
	}
	rc = rules_emit(ev, RULES_AUD_PUBLIC, "command", f, "%s", text);
	return rc;
}

int minis__do_initiative(struct minis_game *g, struct rules_dice *d, int side, int argc,
                         char **argv, cJSON *reply, struct rules_events *ev,
                         struct rules_error *err)
{
	int first;

	(void)d;
	(void)argc;
	if (strcasecmp(argv[1], "first") == 0)
		first = 1;
	else if (strcasecmp(argv[1], "second") == 0)
		first = 0;
	else
		return rules_fail(err, WG_E_BAD_ARGS, "QR-AMB-12",
		                  "initiative first (you are phasing: your orders are 2A) or "
		                  "initiative second (the enemy is phasing)");
	g->phasing = (int8_t)(first ? side : 1 - side);
	g->acting = g->phasing;
	g->intr = MI_NONE;
	minis__line(reply, "%s is phasing this turn: 2A is %s command orders",
	            g->sc->side_names[g->phasing], g->sc->side_names[g->phasing]);
	return rules_emit(ev, RULES_AUD_PUBLIC, "initiative", NULL,
	                  "%s holds the initiative and chooses to go %s: %s is phasing "
	                  "(init.holder_chooses, QR-AMB-12)",
	                  g->sc->side_names[side], first ? "first" : "second",
	                  g->sc->side_names[g->phasing]);
}

/* ---- command orders (QR-CMD-16..40, QR-TURN-8) ---- */

int minis__ltr_key(const struct minis_game *g, int side, uint64_t units)
{
	int north = g->sc->sides[side].north, n = 0;
	int32_t key = 0, cmd = -1;
	int64_t sum = 0;

	for (int u = 0; u < g->nslots; u++) {
		int32_t k;
		if (!(units & ((uint64_t)1 << u)))
			continue;
		k = north ? -g->u[u].x : g->u[u].x; /* left is west from the south edge */
		if (n == 0 || k < key)
			key = k;
		sum += k;
		n++;
		if (cmd < 0 && minis__is_command(g, u))
			cmd = u;
	}
	if (g->opt.ltr_key == 1 && cmd >= 0)
		return north ? -g->u[cmd].x : g->u[cmd].x;
	if (g->opt.ltr_key == 2 && n > 0)
		return (int32_t)(sum / n);
	return key;
}

static int kind_parse(const char *s)
{
	static const char *const names[] = {"standard", "single", "assault", "armoured", "convoy"};

	for (int k = 0; k < 5; k++)
		if (strcasecmp(names[k], s) == 0)
			return k;
	if (strcasecmp(s, "armored") == 0)
		return GK_ARM_ASSAULT;
	return -1;
}

static const char *kind_name(int k)
{
	static const char *const names[] = {"standard", "single unit", "infantry assault",
	                                    "armoured assault", "road convoy"};
	return names[k];
}

int minis__order_cost_of(const struct minis_game *g, int payer, uint64_t units, int kind, int *cost,
                         struct rules_error *err)
{
	int n = 0, has_cmd = 0, in_group = (units >> payer) & 1;
	int32_t near = INT32_MAX, far = 0;

	for (int u = 0; u < g->nslots; u++)
		if (units & ((uint64_t)1 << u)) {
			n++;
			has_cmd |= minis__is_command(g, u);
			if (minis__on(g, payer)) {
				int32_t dd = minis__udist(g, payer, u);
				near = dd < near ? dd : near;
				far = dd > far ? dd : far;
			}
		}
	if (kind == GK_SINGLE && n != 1)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-CMD-18",
		                  "a single-unit activation has exactly one unit");
	*cost = minis__order_cost(kind, has_cmd, n);
	/* QR-CMD-23, QR-CMD-24, QR-AMB-25: the HQ or infantry command unit that pays is over
	 * 24" [36"] from the group (AFV regt. command units never pay it) */
	if (!in_group && minis__on(g, payer) &&
	    (minis__def(g, payer)->kind == MK_HQ ||
	     (minis__def(g, payer)->flags & MINIS_F_INF_CMD)) &&
	    (g->opt.surcharge_farthest ? far : near) > minis__d(g, MD_SURCHARGE))
		(*cost)++;
	return 0;
}

int minis__do_order(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	const struct minis_scenario *sc = g->sc;
	int payer, kind, cost, rc, n = 0, max, afv = 0, vehicles = 0, cmd_unit = -1;
	uint64_t units = 0;
	int32_t key;
	char list[300], pub[300];
	const char *payer_pub;
	size_t len = 0, plen = 0;
	cJSON *f;

	if (g->opt.deffire_each && g->act.active)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-AMB-28",
		                  "the enemy's defensive fire follows each activation "
		                  "(turn.deffire=after_each_activation): end this one first");
	if ((payer = minis__unit_arg(g, side, argv[1], 1, err)) < 0)
		return payer;
	if (minis__def(g, payer)->kind != MK_HQ &&
	    !(minis__def(g, payer)->flags & (MINIS_F_INF_CMD | MINIS_F_AFV_CMD)))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-CMD-26",
		                  "%s is neither an HQ nor a command unit: it gives no orders",
		                  minis__uid(g, payer));
	if ((kind = kind_parse(argv[2])) < 0)
		return rules_fail(err, WG_E_BAD_ARGS, "QR-CMD-26",
		                  "'%.20s' is not standard, assault, armoured or convoy", argv[2]);
	for (int k = 3; k < argc; k++) {
		int u = minis__unit_arg(g, side, argv[k], 1, err);
		if (u < 0)
			return u;
		if ((minis__def(g, u)->kind == MK_DUMMY && !g->opt.dummy_can_move) ||
		    !minis__on(g, u))
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-CMD-26",
			                  "%s cannot be activated", minis__uid(g, u));
		if (units & ((uint64_t)1 << u))
			return rules_fail(err, WG_E_BAD_ARGS, "", "%s is named twice",
			                  minis__uid(g, u));
		if (g->u[u].flags & MU_ACTIVATED)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-CMD-40",
			                  "%s has been activated this turn already",
			                  minis__uid(g, u));
		units |= (uint64_t)1 << u;
		n++;
		afv += minis__is_afv(g, u);
		vehicles += minis__is_vehicle(g, u);
		if (cmd_unit < 0 && minis__is_command(g, u))
			cmd_unit = u;
	}
	if (kind == GK_STANDARD && n == 1)
		kind = GK_SINGLE;
	max = minis__group_max(&sc->tab, sc->sides[side].nation, kind);
	if (max >= 0 && n > max)
		return rules_fail(err, WG_E_ILLEGAL_ACTION,
		                  kind == GK_STANDARD || kind == GK_SINGLE ? "QR-CMD-38"
		                                                           : "QR-CMD-35",
		                  "a %s combat group of %s has %d units at most, not %d",
		                  kind_name(kind), sc->side_names[side], max, n);
	if (kind == GK_INF_ASSAULT && g->opt.inf_assault_no_vehicles && vehicles > 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-CMD-39",
		                  "an infantry assault group has no vehicles (QR-AMB-26)");
	if (kind == GK_ARM_ASSAULT && afv == 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-CMD-39",
		                  "an armoured assault group has at least one AFV (QR-AMB-26)");
	if (minis__def(g, payer)->kind != MK_HQ && !g->opt.company_pool && !((units >> payer) & 1))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-CMD-14",
		                  "%s's own order pays only for a group it is in",
		                  minis__uid(g, payer));
	if (g->opt.group_radius > 0) {
		int centre = cmd_unit >= 0 ? cmd_unit : -1;
		for (int u = 0; centre < 0 && u < g->nslots; u++)
			if (units & ((uint64_t)1 << u))
				centre = u;
		for (int u = 0; u < g->nslots; u++)
			if ((units & ((uint64_t)1 << u)) &&
			    minis__udist(g, centre, u) > g->opt.group_radius)
				return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-AMB-27",
				                  "%s is too far from %s (cmd.group_radius)",
				                  minis__uid(g, u), minis__uid(g, centre));
	}
	if ((rc = minis__order_cost_of(g, payer, units, kind, &cost, err)) != 0)
		return rc;
	if (cost > g->u[payer].orders)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-CMD-25",
		                  "this activation costs %d order%s and %s has %d left", cost,
		                  cost == 1 ? "" : "s", minis__uid(g, payer), g->u[payer].orders);
	key = minis__ltr_key(g, side, units);
	if (!g->opt.ltr_off && g->nacts > 0 && key < g->ltr_last)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "QR-TURN-8",
		    "groups are activated from your left to your right: this group is "
		    "left of the last one (QR-AMB-11)");
	g->u[payer].orders = (uint8_t)(g->u[payer].orders - cost);
	g->nacts++;
	g->ltr_last = key;
	memset(&g->act, 0, sizeof(g->act));
	g->act.active = 1;
	g->act.units = units;
	g->act.kind = (uint8_t)kind;
	g->act.payer = (int8_t)payer;
	g->act.roll[0] = (int8_t)roll(d); /* QR-MOVE-1: one 2D6 per group (QR-AMB-30) */
	g->act.roll[1] = (int8_t)roll(d);
	if (g->act.roll[0] == 6 && g->act.roll[1] == 6) /* QR-MOVE-2 */
		g->act.extra = (int8_t)roll(d);
	list[0] = pub[0] = '\0';
	for (int u = 0; u < g->nslots; u++) {
		struct minis_unit *x = &g->u[u];
		int r;
		if (!(units & ((uint64_t)1 << u)))
			continue;
		x->flags |= MU_ACTIVATED;
		x->flags &= ~(uint32_t)(MU_MOVED | MU_FIRED | MU_SUPPORTED | MU_ASSAULTED |
		                        MU_UNBOGGING | MU_FAST);
		x->used = 0;
		if (g->opt.roll_per_unit) {
			int a = roll(d), b = roll(d);
			r = a + b + (a == 6 && b == 6 ? roll(d) : 0);
		} else {
			r = g->act.roll[0] + g->act.roll[1] + g->act.extra;
		}
		x->roll = minis__unprinted(g, r * 100);
		if ((x->flags & MU_BOGGED) && !g->opt.unbog_permanent) {
			int die = roll(d); /* QR-AMB-32: a retest; free on 2+, but no move */
			if (die >= 2) {
				x->flags &= ~(uint32_t)MU_BOGGED;
				x->flags |= MU_UNBOGGING;
			}
			rules_emit(ev, minis__aud(g, u), "unbog", NULL, "%s tries to unbog: %d, %s",
			           minis__uid(g, u), die,
			           die >= 2 ? "free (no move this activation)"
			                    : "still bogged down");
		}
		len += (size_t)snprintf(list + len, len < sizeof(list) ? sizeof(list) - len : 0,
		                        " %s", minis__uid(g, u));
		if (minis__visible(g, u, 1 - side))
			plen += (size_t)snprintf(pub + plen,
			                         plen < sizeof(pub) ? sizeof(pub) - plen : 0, " %s",
			                         minis__uid(g, u));
	}
	{
		char extra[40] = "";
		if (g->act.extra)
			snprintf(extra, sizeof(extra), ", double six: +%d\"", g->act.extra);
		minis__line(reply, "%s activates%s (%s, %d order%s; %d left); move roll %d+%d%s",
		            minis__uid(g, payer), list, kind_name(kind), cost, cost == 1 ? "" : "s",
		            g->u[payer].orders, g->act.roll[0], g->act.roll[1], extra);
	}
	if ((rc = rules_emit(ev, RULES_AUD_SIDE(side), "activation-units", NULL, "your group:%s",
	                     list)) != 0)
		return rc;
	/* a hidden command unit that is no HQ pays unnamed (QR-AMB-13) */
	payer_pub = minis__def(g, payer)->kind == MK_HQ || minis__visible(g, payer, 1 - side)
	                ? minis__uid(g, payer)
	                : "a hidden command unit";
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "payer", payer_pub);
	cJSON_AddStringToObject(f, "kind", kind_name(kind));
	cJSON_AddNumberToObject(f, "cost", cost);
	cJSON_AddNumberToObject(f, "orders_left", g->u[payer].orders);
	cJSON_AddItemToObject(f, "dice",
	                      cJSON_CreateIntArray((int[]){g->act.roll[0], g->act.roll[1]}, 2));
	if (g->act.extra)
		cJSON_AddNumberToObject(f, "double_six", g->act.extra);
	cJSON_AddStringToObject(f, "rule", "QR-CMD-16");
	return rules_emit(ev, RULES_AUD_PUBLIC, "order", f,
	                  "%s activates a %s group (%d order%s):%s; move roll %d+%d%s", payer_pub,
	                  kind_name(kind), cost, cost == 1 ? "" : "s",
	                  plen ? pub : " units not in sight", g->act.roll[0], g->act.roll[1],
	                  g->act.extra ? " and a double six" : "");
}

int minis__group_allowance(const struct minis_game *g, int u, int road)
{
	const struct minis_unit_def *d = minis__def(g, u);
	int base, kind = g->act.kind, cls = d->move;
	int32_t a;

	if (g->u[u].roll < 0)
		return -1;
	if (d->kind == MK_DUMMY && g->opt.dummy_can_move)
		cls = MM_INFANTRY; /* QR-AMB-13: a moving dummy moves as infantry */
	if (d->kind == MK_GUN && (g->u[u].flags & MU_LIMBERED))
		cls = MM_WHEELED; /* QR-AMB-32: a towed gun moves limbered as a wheeled vehicle */
	if (cls == MM_MANHANDLE ||
	    (d->kind == MK_GUN && (d->flags & MINIS_F_TOW) && !(g->u[u].flags & MU_LIMBERED))) {
		/* QR-MOVE-25: half the infantry allowance (82mm or less, on wheels) */
		if (!(d->flags & MINIS_F_HAS_WHEELS) || d->calibre > 82)
			return -1;
		return g->u[u].roll / 2;
	}
	if (cls == MM_STATIC)
		return -1;
	if (kind == GK_INF_ASSAULT || kind == GK_ARM_ASSAULT)
		road = 0; /* QR-MOVE-12: no road move */
	base = minis__move_base(cls, road);
	if (base < 0)
		return -1;
	a = minis__unprinted(g, base * 100) + g->u[u].roll;
	if (kind == GK_INF_ASSAULT)
		a += minis__unprinted(g, 100); /* QR-MOVE-9 */
	if (kind == GK_ARM_ASSAULT)
		a += minis__unprinted(g, 200); /* QR-MOVE-10 */
	return (int)a;
}

/* ---- the end of a phase ---- */

static void clear_phase_flags(struct minis_game *g)
{
	for (int u = 0; u < g->nslots; u++)
		g->u[u].flags &=
		    ~(uint32_t)(MU_FIRED | MU_SUPPORTED | MU_DEFFIRED | MU_MOVED | MU_ASSAULTED);
	g->act.active = 0;
	g->act.units = 0;
}

static int rally_phase(struct minis_game *g, struct rules_dice *d, struct rules_events *ev);

int minis__do_end(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                  cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	char ph[16];
	int other = 1 - side, rc;

	(void)argc;
	(void)argv;
	if (g->intr == MI_AA) {
		minis__line(reply, "anti-aircraft fire over");
		return minis__air_resolve(g, d, ev);
	}
	if (g->intr == MI_ADVANCE) {
		char *none[] = {"advance", "none"};
		return minis__do_advance(g, d, side, 2, none, reply, ev, err);
	}
	switch (g->phase) {
	case MP_DEPLOY:
		minis__line(reply, "deployment ended");
		return minis__deploy_end(g, d, side, ev, err);
	case MP_ORDERS:
		snprintf(ph, sizeof(ph), "%s", side == g->phasing ? "2A" : "3A");
		if (g->opt.deffire_each && g->act.active) {
			/* QR-AMB-28: the enemy's units not used this phase may fire now */
			g->act.active = 0;
			g->act.units = 0;
			g->phase = MP_DEFFIRE;
			g->acting = (int8_t)other;
			g->deffire_window = 1;
			minis__line(reply, "activation over; %s defensive fire",
			            g->sc->side_names[other]);
			return rules_emit(ev, RULES_AUD_PUBLIC, "phase", NULL,
			                  "%s: %s's activation over; %s defensive fire "
			                  "(turn.deffire=after_each_activation, QR-AMB-28)",
			                  ph, g->sc->side_names[side], g->sc->side_names[other]);
		}
		clear_phase_flags(g);
		if (g->opt.deffire_each) { /* the fire came after each activation */
			minis__line(reply, "%s command orders over", ph);
			if (side == g->phasing) {
				g->phase = MP_ORDERS;
				g->acting = (int8_t)other;
				g->nacts = 0;
				return rules_emit(ev, RULES_AUD_PUBLIC, "phase", NULL,
				                  "2A over (its defensive fire came after each "
				                  "activation); 3A: %s command orders",
				                  g->sc->side_names[other]);
			}
			if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "phase", NULL,
			                     "3A over (its defensive fire came after each "
			                     "activation); 4: rally and morale")) != 0)
				return rc;
			return rally_phase(g, d, ev);
		}
		g->phase = MP_DEFFIRE;
		g->acting = (int8_t)other;
		minis__line(reply, "%s command orders over; %s defensive fire", ph,
		            side == g->phasing ? "2B" : "3B");
		return rules_emit(ev, RULES_AUD_PUBLIC, "phase", NULL,
		                  "%s: %s command orders over; %s: %s defensive fire (QR-TURN)", ph,
		                  g->sc->side_names[side], side == g->phasing ? "2B" : "3B",
		                  g->sc->side_names[other]);
	case MP_DEFFIRE:
		if (g->deffire_window) { /* back to the enemy's command orders */
			g->deffire_window = 0;
			g->phase = MP_ORDERS;
			g->acting = (int8_t)other;
			minis__line(reply, "defensive fire over; %s command orders go on",
			            g->sc->side_names[other]);
			return rules_emit(ev, RULES_AUD_PUBLIC, "phase", NULL,
			                  "%s's defensive fire over; %s command orders go on "
			                  "(QR-AMB-28)",
			                  g->sc->side_names[side], g->sc->side_names[other]);
		}
		clear_phase_flags(g);
		if (side != g->phasing) { /* 2B over: 3A, the same (non-phasing) side's orders */
			g->phase = MP_ORDERS;
			g->acting = (int8_t)side;
			g->nacts = 0;
			minis__line(reply, "2B defensive fire over; 3A: your command orders");
			return rules_emit(ev, RULES_AUD_PUBLIC, "phase", NULL,
			                  "2B over; 3A: %s command orders",
			                  g->sc->side_names[side]);
		}
		minis__line(reply, "3B defensive fire over; 4 rally and morale");
		if ((rc = rules_emit(ev, RULES_AUD_PUBLIC, "phase", NULL,
		                     "3B over; 4: rally and morale")) != 0)
			return rc;
		return rally_phase(g, d, ev);
	case MP_RALLY:
		g->rally_done[side] = 1;
		minis__line(reply, "rally choices made");
		if ((rc = rules_emit(ev, RULES_AUD_SIDE(side), "rally-choices", NULL,
		                     "your rally choices are in")) != 0)
			return rc;
		if (g->rally_done[0] && g->rally_done[1])
			return minis__rally_resolve(g, d, ev);
		return 0;
	default:
		return rules_fail(err, WG_E_WRONG_PHASE, "QR-TURN-1", "nothing to end now");
	}
}

/* ---- 4. rally and morale (QR-RALLY, QR-TURN-7, QR-AMB-29, QR-AMB-45) ---- */

static int pinned(const struct minis_game *g, int u)
{
	return minis__real(g, u) && (g->u[u].flags & MU_PINNED);
}

/* The pinned, non-command units touching command unit c that its +1 may go to. */
static int bonus_candidates(const struct minis_game *g, int c, int *out, int max)
{
	int n = 0;

	if (!minis__real(g, c) || !minis__is_command(g, c) || (g->u[c].flags & MU_PINNED))
		return 0; /* QR-RALLY-11: a pinned command unit gives no bonus */
	for (int u = 0; u < g->sc->nunits && n < max; u++)
		if (u != c && pinned(g, u) && minis__side(g, u) == minis__side(g, c) &&
		    !minis__is_command(g, u) && minis__touching(g, u, c))
			out[n++] = u;
	return n;
}

int minis__rally_choices(const struct minis_game *g, int side)
{
	int n = 0;

	for (int c = 0; c < g->sc->nunits; c++) {
		int cand[MINIS_MAX_UNITS], k, all_seen;
		if (minis__side(g, c) != side)
			continue;
		k = bonus_candidates(g, c, cand, MINIS_MAX_UNITS);
		all_seen = minis__visible(g, c, 1 - side);
		for (int j = 0; j < k; j++)
			all_seen &= minis__visible(g, cand[j], 1 - side);
		/* a choice that involves a hidden unit takes the default unasked: asking would
		 * tell the enemy it exists (QR-AMB-13) */
		if (k >= 2 && all_seen)
			n++;
	}
	/* rally.compulsory=false (QR-AMB-45): each pinned unit the enemy sees may skip its
	 * check (a hidden one too, but it alone never makes the side be asked) */
	for (int u = 0; g->opt.rally_optional && u < g->sc->nunits; u++)
		if (minis__side(g, u) == side && pinned(g, u) && minis__visible(g, u, 1 - side))
			n++;
	return n;
}

static int rally_phase(struct minis_game *g, struct rules_dice *d, struct rules_events *ev)
{
	int rc;

	g->phase = MP_RALLY;
	g->act.active = 0;
	/* morale.timing=phase4 (QR-AMB-10): the queued tests first, phasing side first */
	if ((rc = minis__morale_queue_resolve(g, d, ev)) != 0)
		return rc;
	if (g->over || (rc = minis__victory_check(g, ev, 0)) != 0 || g->over)
		return rc;
	for (int k = 0; k < MINIS_MAX_SLOTS; k++)
		g->rally_bonus[k] = -1;
	for (int s = 0; s < RULES_SIDES; s++)
		g->rally_done[s] = minis__rally_choices(g, s) == 0;
	if (g->rally_done[0] && g->rally_done[1])
		return minis__rally_resolve(g, d, ev);
	return 0;
}

int minis__do_rally(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int u, c = -1, cand[MINIS_MAX_UNITS], n;

	(void)d;
	if ((u = minis__unit_arg(g, side, argv[1], 1, err)) < 0)
		return u;
	if (!pinned(g, u))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-RALLY-1", "%s is not pinned",
		                  minis__uid(g, u));
	if (argc == 3 && strcasecmp(argv[2], "skip") == 0) {
		if (!g->opt.rally_optional)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-AMB-45",
			                  "the rally check is compulsory for every pinned or "
			                  "suppressed unit (rally.compulsory=true)");
		if (g->u[u].flags & MU_RALLY_SKIP)
			return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-AMB-45",
			                  "%s already skips its rally check; `end` when done",
			                  minis__uid(g, u));
		g->u[u].flags |= MU_RALLY_SKIP;
		for (int c2 = 0; c2 < g->sc->nunits; c2++) /* no bonus for a unit that skips */
			if (g->rally_bonus[c2] == u)
				g->rally_bonus[c2] = -1;
		minis__line(reply, "%s will not take its rally check", minis__uid(g, u));
		return rules_emit(ev, RULES_AUD_SIDE(side), "rally-choice", NULL,
		                  "%s skips its rally check (rally.compulsory=false)",
		                  minis__uid(g, u));
	}
	if (minis__is_command(g, u))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-RALLY-11",
		                  "a command unit gets no bonus from another");
	if (argc == 3) {
		if ((c = minis__unit_arg(g, side, argv[2], 1, err)) < 0)
			return c;
	} else {
		for (int k = 0; k < g->sc->nunits; k++) {
			n = bonus_candidates(g, k, cand, MINIS_MAX_UNITS);
			for (int j = 0; j < n; j++)
				if (cand[j] == u) {
					if (c >= 0)
						return rules_fail(
						    err, WG_E_BAD_ARGS, "QR-RALLY-13",
						    "%s touches more than one command unit: "
						    "name it",
						    minis__uid(g, u));
					c = k;
				}
		}
		if (c < 0)
			return rules_fail(
			    err, WG_E_ILLEGAL_ACTION, "QR-RALLY-10",
			    "%s is not base to base with a command unit that can help",
			    minis__uid(g, u));
	}
	n = bonus_candidates(g, c, cand, MINIS_MAX_UNITS);
	{
		int ok = 0;
		for (int j = 0; j < n; j++)
			ok |= cand[j] == u;
		if (!ok)
			return rules_fail(
			    err, WG_E_ILLEGAL_ACTION, "QR-RALLY-10",
			    "%s cannot give %s its +1 (not a command unit able to, or not "
			    "base to base)",
			    minis__uid(g, c), minis__uid(g, u));
	}
	if (g->rally_bonus[c] == u && !(g->u[u].flags & MU_RALLY_SKIP))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "QR-RALLY-10",
		                  "%s's +1 already goes to %s; `end` when done", minis__uid(g, c),
		                  minis__uid(g, u));
	g->rally_bonus[c] = (int8_t)u;
	g->u[u].flags &= ~(uint32_t)MU_RALLY_SKIP;
	minis__line(reply, "%s's +1 goes to %s", minis__uid(g, c), minis__uid(g, u));
	return rules_emit(ev, RULES_AUD_SIDE(side), "rally-choice", NULL, "%s's +1 goes to %s",
	                  minis__uid(g, c), minis__uid(g, u));
}

static int rally_one(struct minis_game *g, struct rules_dice *d, int u, int bonus,
                     struct rules_events *ev)
{
	const struct minis_unit_def *def = minis__def(g, u);
	int die = roll(d), mod = 0, score, res;
	unsigned aud = minis__aud(g, u);
	cJSON *f;

	if (minis__is_command(g, u)) {
		mod += 1; /* QR-RALLY-6 */
		if (minis__rally_quality_mod(&g->sc->tab, def->quality) < 0)
			mod -=
			    1; /* QR-RALLY-12: a Militia or Inexperienced command unit still -1 */
	} else {
		mod += minis__rally_quality_mod(&g->sc->tab, def->quality); /* QR-RALLY-7..9 */
	}
	mod += bonus; /* QR-RALLY-10 */
	score = die + mod;
	res = minis__rally_result(score);
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "unit", minis__uid(g, u));
	cJSON_AddNumberToObject(f, "die", die);
	cJSON_AddNumberToObject(f, "modifier", mod);
	cJSON_AddNumberToObject(f, "score", score);
	cJSON_AddStringToObject(f, "result", (const char *[]){"surrender", "fail", "rally"}[res]);
	cJSON_AddStringToObject(f, "rule",
	                        res == 0   ? "QR-RALLY-2"
	                        : res == 1 ? "QR-RALLY-3"
	                                   : "QR-RALLY-4");
	if (res == 0) {
		/* a surrender removes the unit: revealed first (QR-MORALE-20) */
		int rc = minis__reveal(g, u, "it surrenders", ev);
		if (rc == 0)
			rc = rules_emit(ev, RULES_AUD_PUBLIC, "rally", f,
			                "%s rallies: %d%+d = %d: SURRENDER! (QR-RALLY-2)",
			                minis__uid(g, u), die, mod, score);
		if (rc == 0)
			rc = minis__remove(
			    g, u, minis__is_afv(g, u) ? MS_DESTROYED : MS_DISPERSED,
			    minis__is_afv(g, u) ? "abandoned and destroyed" : "disperses", ev);
		return rc;
	}
	if (res == 2)
		g->u[u].flags &= ~(uint32_t)MU_PINNED;
	return rules_emit(ev, aud, "rally", f, "%s rallies: %d%+d = %d: %s", minis__uid(g, u), die,
	                  mod, score,
	                  res == 2 ? "RALLY! the marker is removed" : "FAIL, still pinned");
}

int minis__rally_resolve(struct minis_game *g, struct rules_dice *d, struct rules_events *ev)
{
	int bonus[MINIS_MAX_SLOTS], rc;

	memset(bonus, 0, sizeof(bonus));
	/* each eligible command unit gives +1 to one unit: the owner's choice, else the
	 * lowest id (QR-RALLY-13) */
	for (int c = 0; c < g->sc->nunits; c++) {
		int cand[MINIS_MAX_UNITS], n = bonus_candidates(g, c, cand, MINIS_MAX_UNITS),
		                           to = -1;
		if (n == 0)
			continue;
		for (int j = 0; j < n; j++)
			if (g->rally_bonus[c] == cand[j])
				to = cand[j];
		if (to < 0) {
			for (int j = 0; j < n && to < 0; j++)
				if (!bonus[cand[j]])
					to = cand[j];
			if (to < 0)
				to = cand[0];
		}
		bonus[to] = 1;
	}
	/* QR-TURN-11: the phasing side first, then by unit id */
	for (int pass = 0; pass < 2; pass++) {
		int s = pass == 0 ? g->phasing : 1 - g->phasing;
		for (int u = 0; u < g->sc->nunits; u++) {
			if (minis__side(g, u) != s || !pinned(g, u))
				continue;
			if (g->u[u].flags & MU_RALLY_SKIP) { /* QR-AMB-45 */
				g->u[u].flags &= ~(uint32_t)MU_RALLY_SKIP;
				if ((rc = rules_emit(ev, minis__aud(g, u), "rally", NULL,
				                     "%s takes no rally check and stays pinned "
				                     "(rally.compulsory=false, QR-AMB-45)",
				                     minis__uid(g, u))) != 0)
					return rc;
				continue;
			}
			if ((rc = rally_one(g, d, u, bonus[u], ev)) != 0)
				return rc;
		}
	}
	for (int k = 0; k < MINIS_MAX_SLOTS; k++)
		g->rally_bonus[k] = -1;
	if (g->turn >= g->sc->turns)
		return minis__victory_check(g, ev, 1);
	if ((rc = minis__victory_check(g, ev, 0)) != 0 || g->over)
		return rc;
	return minis__command_phase(g, d, ev);
}

/* ---- after every action ---- */

int minis__after_action(struct minis_game *g, struct rules_dice *d, struct rules_events *ev)
{
	int rc;

	(void)d;
	if (g->over)
		return 0;
	if (g->phase != MP_DEPLOY && (rc = minis__proximity(g, ev)) != 0)
		return rc;
	if (g->phase != MP_DEPLOY)
		return minis__victory_check(g, ev, 0);
	return 0;
}
