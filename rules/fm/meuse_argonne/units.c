/*
 * units.c -- Meuse Argonne's three-step divisions and their brigade chits
 * (13.1, 13.2) and the German divisions that never break down (13.3).
 *
 *   13.1-04/05  a three-step division (exclusive.three_step.divisions) that
 *               is eliminated by any cause (De, Ae, Ex, a retreat impossible
 *               or short, stiff resistance, a bombardment hit: the system's
 *               unit_eliminated hook sees every one, AMB-91) leaves a free
 *               brigade chit in the hex it was eliminated in; if no chit is
 *               free, none is placed.  The brigade inherits what the division
 *               did this phase (moved, attacked, was attacked);
 *   13.1-06     a brigade is a one-step unit (data): reduced means eliminated;
 *   13.2-01/02  `breakdown <division>` at the beginning of a US Movement Phase
 *               (before the division moves; after its entry on the turn it
 *               arrives): the division goes out of play and three brigades
 *               (two if depleted) take its hex, as many as are free (13.2-06);
 *   13.2-03/04  brigades stack two or three together, never with a division
 *               (may_share); stacked, they act as one unit (the group hook,
 *               fm_module.h; AMB-92);
 *   13.2-07, 13.3-02  only three-step divisions break down, never a German one.
 *
 * Brigade chits are one counter mix (AMB-180): a chit off the map, never placed
 * or eliminated, is free for the next third step or breakdown.
 */
#include "meuse_argonne.h"

#include <stdio.h>
#include <string.h>

int ma__three_index(const struct fm_game *g, int unit)
{
	const struct ma_data *d = ma__data(g);

	for (int k = 0; k < d->nthree; k++)
		if (d->three[k] == unit)
			return k;
	return -1;
}

int ma__free_brigades(const struct fm_game *g, int16_t *out)
{
	const struct ma_data *d = ma__data(g);
	int n = 0;

	for (int k = 0; k < d->nbrig; k++) {
		int w = g->u[d->brig[k]].where;
		if (w != FM_W_HELD && w != FM_W_ELIMINATED)
			continue;
		if (out != NULL)
			out[n] = d->brig[k];
		n++;
	}
	return n;
}

/* The other units on the map in hex than unit, into out (may be NULL); their count. */
static int others_in(const struct fm_game *g, int hex, int unit, int16_t *out, int max)
{
	int n = 0;

	for (int i = 0; i < g->nunits && hex >= 0; i++)
		if (i != unit && g->u[i].where == FM_W_MAP && g->u[i].hex == hex) {
			if (out != NULL && n < max)
				out[n] = (int16_t)i;
			n++;
		}
	return n;
}

int ma__group(const struct fm_game *g, int unit, int16_t *out, const char **rule)
{
	int16_t o[FM_MAX_UNITS];
	int n = 1, k;

	*rule = "MA-13.2-04";
	out[0] = (int16_t)unit;
	if (!ma__unit_is(g, unit, MA_UF_BRIGADE) || g->u[unit].where != FM_W_MAP)
		return 1;
	k = others_in(g, g->u[unit].hex, unit, o, FM_MAX_UNITS);
	for (int q = 0; q < k && n < FM_MAX_IN_BATTLE; q++)
		if (ma__unit_is(g, o[q], MA_UF_BRIGADE) &&
		    fm__side_of(g, o[q]) == fm__side_of(g, unit))
			out[n++] = o[q];
	return n;
}

int ma__may_share(const struct fm_game *g, int unit, int hex)
{
	int16_t o[FM_MAX_UNITS];
	int n;

	if (!ma__unit_is(g, unit, MA_UF_BRIGADE))
		return 0; /* 13.2-03: a division never stacks, not even with brigades */
	n = others_in(g, hex, unit, o, FM_MAX_UNITS);
	if (n + 1 > ma__data(g)->stack_max)
		return 0;
	for (int q = 0; q < n; q++)
		if (!ma__unit_is(g, o[q], MA_UF_BRIGADE) ||
		    fm__side_of(g, o[q]) != fm__side_of(g, unit))
			return 0;
	return 1;
}

/* Puts the free brigade chit b on hex in place of the division div (13.1, 13.2): it takes
 * over what the division did this phase. */
static void put_brigade(struct fm_game *g, int b, int div, int hex)
{
	struct fm_unit *u = &g->u[b];

	*u = g->u[div];
	u->where = FM_W_MAP;
	u->hex = (int16_t)hex;
	u->step = 0;
}

int ma__unit_eliminated(struct fm_game *g, int unit, int hex, struct rules_events *ev)
{
	int16_t chits[MA_MAX_BRIGADES];
	char buf[RULES_HEX_ID_MAX];
	int n, b;
	cJSON *f;

	if (ma__three_index(g, unit) < 0 || hex < 0)
		return 0;
	fm__hex_id(g, hex, buf);
	n = ma__free_brigades(g, chits);
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "division", fm__def(g, unit)->id);
	cJSON_AddStringToObject(f, "hex", buf);
	cJSON_AddStringToObject(f, "rule", "MA-13.1-04");
	if (n == 0 || others_in(g, hex, -1, NULL, 0) > 0) {
		cJSON_AddStringToObject(f, "reason",
		                        n == 0 ? "no brigade chit is free" : "the hex is occupied");
		return rules_emit(ev, RULES_AUD_PUBLIC, "no-brigade", f,
		                  "%s's third step has no brigade to take it in %s: %s (13.1, "
		                  "AMB-91)",
		                  fm__def(g, unit)->id, buf,
		                  n == 0 ? "no brigade chit is free" : "the hex is occupied");
	}
	b = chits[0];
	put_brigade(g, b, unit, hex);
	cJSON_AddStringToObject(f, "brigade", fm__def(g, b)->id);
	return rules_emit(ev, RULES_AUD_PUBLIC, "brigade-placed", f,
	                  "%s, the third step of %s, is placed in %s (13.1)", fm__def(g, b)->id,
	                  fm__def(g, unit)->id, buf);
}

/* 0 if unit may be broken down now by side (13.2), else the refusal. */
static int breakdown_ok(const struct fm_game *g, int side, int unit, struct rules_error *err)
{
	const struct ma_data *d = ma__data(g);
	const struct fm_unit_def *def = fm__def(g, unit);
	const struct fm_unit *u = &g->u[unit];

	if (def->side == d->german)
		return rules_fail(
		    err, WG_E_ILLEGAL_ACTION, "MA-13.3-02",
		    "%s is German: no German division may be broken down; every German "
		    "counter is a two-step unit (13.3)",
		    def->id);
	if (def->side != side)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "MA-13.2-01", "%s is not your unit",
		                  def->id);
	if (ma__three_index(g, unit) < 0)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "MA-13.2-07",
		                  "%s is not a three-step division: only the US %s may be broken "
		                  "down (13.2)",
		                  def->id, "4th, 32nd, 33rd and 79th");
	if (g->phase != FM_PH_MOVEMENT || g->active != side)
		return rules_fail(
		    err, WG_E_WRONG_PHASE, "MA-13.2-01",
		    "a division is broken down at the beginning of a US Movement Phase "
		    "(13.2); this is the %s",
		    fm__phase_name(g->phase));
	if (u->where != FM_W_MAP)
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "MA-13.2-01", "%s is not on the map",
		                  def->id);
	/* AMB-183: before it moves; on the turn it arrives, after its entry hex */
	if ((u->flags & FM_UF_MOVED) && !((u->flags & FM_UF_ENTERED) && u->hex == u->move_start))
		return rules_fail(err, WG_E_ILLEGAL_ACTION, "MA-13.2-01",
		                  "%s has moved in this Movement Phase: a division is broken down "
		                  "at the beginning of the phase, before it moves (13.2, AMB-183)",
		                  def->id);
	return 0;
}

int ma__do_breakdown(struct fm_game *g, struct rules_dice *dice, int side, int argc, char **argv,
                     cJSON *reply, struct rules_events *ev, struct rules_error *err)
{
	int16_t chits[MA_MAX_BRIGADES];
	char buf[RULES_HEX_ID_MAX], list[96] = "";
	size_t len = 0;
	int unit, rc, want, n, hex;
	cJSON *f, *arr;

	(void)dice;
	(void)argc;
	(void)reply;
	unit = fm__unit_arg(g, argv[1], err);
	if (unit < 0)
		return unit;
	if ((rc = breakdown_ok(g, side, unit, err)) != 0)
		return rc;
	hex = g->u[unit].hex;
	want = g->u[unit].step == 0 ? 3 : 2; /* 13.2-02 */
	n = ma__free_brigades(g, chits);
	if (n > want)
		n = want;     /* 13.2-06: only those free */
	if (g->mover == unit) /* AMB-183: its brigades may move on with the MP it has left */
		g->mover = -1;
	ma__state(g)->broken[ma__three_index(g, unit)] = 1;
	g->u[unit].where = FM_W_REMOVED; /* off the map, out of play */
	g->u[unit].hex = -1;
	f = cJSON_CreateObject();
	cJSON_AddStringToObject(f, "division", fm__def(g, unit)->id);
	cJSON_AddStringToObject(f, "hex", fm__hex_id(g, hex, buf));
	arr = cJSON_AddArrayToObject(f, "brigades");
	for (int k = 0; k < n; k++) {
		put_brigade(g, chits[k], unit, hex);
		cJSON_AddItemToArray(arr, cJSON_CreateString(fm__def(g, chits[k])->id));
		len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%s", k ? ", " : "",
		                        fm__def(g, chits[k])->id);
		if (len >= sizeof(list))
			len = sizeof(list) - 1;
	}
	cJSON_AddNumberToObject(f, "missing", want - n);
	cJSON_AddStringToObject(f, "rule", "MA-13.2-02");
	return rules_emit(ev, RULES_AUD_PUBLIC, "division-broken-down", f,
	                  "%s is broken down in %s into %d brigade%s%s%s%s (13.2)",
	                  fm__def(g, unit)->id, buf, n, n == 1 ? "" : "s", n ? ": " : "", list,
	                  n < want ? "; no more brigade chits are free" : "");
}

int ma__legal_breakdown(const struct fm_game *g, int side, struct fm_legal *l)
{
	const struct ma_data *d = ma__data(g);
	int rc = 0;

	if (ma__free_brigades(g, NULL) == 0) /* allowed, but never worth offering */
		return 0;
	for (int k = 0; k < d->nthree && rc == 0; k++)
		if (fm__legal_wants(l, d->three[k]) &&
		    breakdown_ok(g, side, d->three[k], NULL) == 0)
			rc = fm__offer(l, "breakdown", fm__def(g, d->three[k])->id);
	return rc;
}
