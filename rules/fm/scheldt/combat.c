/*
 * combat.c -- Battle of the Scheldt combat rules: the CRT line of an attack
 * (crt_line), the special results of a beach assault (after_roll) and the
 * checks before a phase may end (end_check).
 *
 * CRT line (BS-CRT, 8.2.2 "most beneficial to the defender"):
 *   12.0-05  an Allied ground attack that includes an engineer unit into a
 *            flooded hex uses the Clear line (AMB-53): the flooded terrain is
 *            read as clear, other terrain of the hex still counts; inlet and
 *            Scheldt River hexes follow (AMB-52); never a bombardment;
 *   BS-CRT-01 the Coastal line applies to an attack on a German unit in a
 *            coastal hex that includes a unit landed this game turn
 *            (AMB-68; option: also later while the landed unit shares the
 *            hex), when it is more defensive than the hex's own line: the
 *            line is data (crt.situations); the module reports the situation
 *            "beach_assault" (scheldt__situation), and the system applies the
 *            situations after this hook, as the engineers' rule came first.
 * Results (16.3-06, AMB-69): when an attack on the German unit sharing a
 * landed unit's hex gives Ae, (A), A1, A2 or A3, the landed attacker is
 * eliminated at once; on (A) that elimination is the attacker's loss; the
 * other attackers then take the result as usual.
 * Phase ends: a unit landed this turn on a German unit must attack it in the
 * Combat Phase (16.3-03); an assault group lands in one Movement Phase
 * (16.1-07, 16.2-04): end_check refuses `end` (even `end force`).  Once-only
 * choices that `end` would give up for good (end_forfeit; only `end force`
 * gives them up): rebuilds left at the end of the player turn (11.1-01), and
 * an assault still possible in the Allied Movement Phase of the last game
 * turn (16.1-01, 16.2-01).  Units left unmoved or attacks not made are not
 * such choices.
 */
#include "scheldt.h"

#include <stdio.h>
#include <string.h>

/* 1 if terrain type t counts as flooded for 12.0 (inlets and river per AMB-52). */
static int flooded_type(const struct fm_game *g, int t)
{
	unsigned f = scheldt__terrain_flag(&g->sc->map.terrain[t]);

	return f == SCH_HF_FLOODED || (scheldt__opt(g, SCH_O_INLET_AS_FLOODED) &&
	                               (f == SCH_HF_INLET || f == SCH_HF_RIVER));
}

/* The hex's line with its flooded terrain read as clear (12.0-05). */
static int line_as_clear(const struct fm_game *g, int hex)
{
	const struct fm_scenario *sc = g->sc;
	int line = scheldt__data(g)->line_clear;

	for (int t = 0; t < sc->map.nterrain; t++)
		if ((sc->map.hex_terrain[hex] & (1u << t)) && sc->tx[t].line >= 0 &&
		    !flooded_type(g, t))
			line = fm__line_better(g, line, sc->tx[t].line);
	return line;
}

/* 1 if the current attack is a beach assault (AMB-68). */
static int beach_assault(const struct fm_game *g)
{
	const struct fm_battle *b = &g->b;

	if (!scheldt__hex_is(g, b->target, SCH_HF_COASTAL))
		return 0;
	for (int k = 0; k < b->natt; k++) {
		const struct scheldt_landing *l = scheldt__landed(g, b->att[k]);
		if (l == NULL)
			continue;
		if (l->turn == g->turn)
			return 1;
		if (scheldt__opt(g, SCH_O_COASTAL_SCOPE) && scheldt__sharing(g, b->att[k]) &&
		    g->u[b->att[k]].hex == b->target)
			return 1;
	}
	return 0;
}

int scheldt__situation(const struct fm_game *g, size_t k)
{
	return k == SCH_SIT_BEACH_ASSAULT && !g->b.bombard && beach_assault(g);
}

int scheldt__crt_line(const struct fm_game *g, int line)
{
	const struct scheldt_data *d = scheldt__data(g);
	const struct fm_battle *b = &g->b;
	int engineer = 0;

	if (b->bombard)
		return line;
	for (int k = 0; k < b->natt; k++)
		engineer |= fm__side_of(g, b->att[k]) == d->allied &&
		            fm__unit_has(g, b->att[k], "engineer");
	/* 12.0-05: only when the flooded terrain is what gave the line (a canal hexside line
	 * that is better for the defender still applies) */
	if (engineer && scheldt__flooded(g, b->target) && line == fm__hex_line(g, b->target))
		line = line_as_clear(g, b->target);
	return line;
}

int scheldt__after_roll(struct fm_game *g, struct rules_events *ev, struct rules_error *err)
{
	struct fm_battle *b = &g->b;
	int r = b->result, n = 0, rc;

	(void)err;
	if (b->bombard ||
	    !(r == FM_R_AE || r == FM_R_AA || r == FM_R_A1 || r == FM_R_A2 || r == FM_R_A3))
		return 0;
	for (int k = 0; k < b->natt; k++) {
		int u = b->att[k];
		if (!scheldt__sharing(g, u) || g->u[u].hex != b->target)
			continue;
		rc = fm__eliminate(
		    g, u, "landed in the assault hex: an attacker result (BS-16.3-06)", ev);
		if (rc)
			return rc;
		n++;
	}
	if (n > 0 && r == FM_R_AA && scheldt__opt(g, SCH_O_A_IS_LOSS)) {
		b->result = FM_R_NE; /* AMB-69: that elimination is the (A) loss */
		cJSON *f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "result", fm__result_name(FM_R_AA));
		cJSON_AddStringToObject(f, "applied_as", "landed-unit-eliminated");
		cJSON_AddStringToObject(f, "rule", "BS-16.3-06");
		return rules_emit(ev, RULES_AUD_PUBLIC, "result-applied", f,
		                  "(A): the landed unit's elimination is the attacker's loss "
		                  "(BS-16.3-06, AMB-69)");
	}
	return 0;
}

int scheldt__end_check(const struct fm_game *g, struct rules_error *err)
{
	const struct scheldt_data *d = scheldt__data(g);
	const struct scheldt_state *st = scheldt__cstate(g);
	char buf[RULES_HEX_ID_MAX];

	if (g->active != d->allied)
		return 0;
	if (g->phase == FM_PH_COMBAT)
		for (int k = 0; k < st->nland; k++) {
			const struct scheldt_landing *l = &st->land[k];
			if (l->turn != g->turn || !scheldt__sharing(g, l->unit) || l->german < 0 ||
			    (g->u[l->unit].flags & (FM_UF_ATT_COMBAT | FM_UF_ATT_MOBILE)) ||
			    (g->u[l->german].flags & FM_UF_DEFENDED) ||
			    fm__may_attack(g, l->unit, NULL) != 0)
				continue;
			return rules_fail(
			    err, WG_E_ILLEGAL_ACTION, "BS-16.3-03",
			    "%s landed on %s in %s and must attack it this Combat Phase "
			    "(attack %s %s ...) (16.3)",
			    fm__def(g, l->unit)->id, fm__def(g, l->german)->id,
			    scheldt__hex(g, l->hex, buf), buf, fm__def(g, l->unit)->id);
		}
	if (g->phase == FM_PH_MOVEMENT)
		for (int grp = 0; grp < 2; grp++) {
			int u = st->declared[grp] == g->turn ? scheldt__group_lander(g, grp) : -1;
			if (u >= 0)
				return rules_fail(
				    err, WG_E_ILLEGAL_ACTION, grp ? "BS-16.2-04" : "BS-16.1-07",
				    "%s has not landed yet: every unit of the assault "
				    "lands in the same game turn (land %s <hex>) (16.%d)",
				    fm__def(g, u)->id, fm__def(g, u)->id, grp ? 2 : 1);
		}
	return 0;
}

int scheldt__end_forfeit(const struct fm_game *g, char *what, size_t n, char *rule)
{
	const struct scheldt_data *d = scheldt__data(g);
	char list[100];
	int left, count;

	if (g->phase == FM_PH_TURN_END) {
		count = scheldt__rebuild_candidates(g, &left, list, sizeof(list));
		if (left <= 0 || count == 0)
			return 0;
		snprintf(rule, FM_ID, "BS-11.1-01");
		snprintf(what, n,
		         "%d rebuild%s (may be rebuilt: %s; rebuild <unit>): unused rebuilds are "
		         "lost at the end of the player turn (11.1)",
		         left, left > 1 ? "s" : "", list);
		return 1;
	}
	/* 16.1, 16.2: declared only in an Allied Movement Phase; after the last game turn's
	 * there is none */
	if (g->phase != FM_PH_MOVEMENT || g->active != d->allied || g->turn < g->sc->turns)
		return 0;
	for (int grp = 0; grp < 2; grp++) {
		int u;
		if (scheldt__group_ready(g, grp, NULL) != 0 ||
		    (u = scheldt__group_lander(g, grp)) < 0)
			continue;
		snprintf(rule, FM_ID, "%s", grp ? "BS-16.2-01" : "BS-16.1-01");
		snprintf(
		    what, n,
		    "the %s Assault (16.%d): this is the Allied Movement Phase of the last game "
		    "turn, the last one in which it can be declared (land %s <hex>)",
		    grp ? "Walcheren Island" : "South Beveland Flank", grp ? 2 : 1,
		    fm__def(g, u)->id);
		return 1;
	}
	return 0;
}
