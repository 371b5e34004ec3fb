/*
 * twin.c -- secret twins for the differential secrecy test (ruleset.h,
 * tests/unit/test_secrecy_diff.c): a copy of the game that differs only in
 * what one side keeps secret and that the rules could have reached by the
 * same public history:
 *   - its hand: one marker of one type exchanged for one of another type from
 *     its Available Pile (the selection is free, 12.0);
 *   - a locked battle commitment: one committed marker exchanged for another
 *     the hand could have committed (10.2);
 *   - a holding box: one Tactical Unit in another of its Task Forces on the map
 *     (a regroup could have put it there, 7.2), neither box left empty.
 * Differences the next action can reveal by the rules are not lasting: a hand
 * or a box while the other side may play Operational Intelligence (8.2), a
 * box or commitment while a battle's reveal is one commitment away, a box
 * while its owner acts (emptying it takes its HQ off the map, 3.7c).
 */
#include "camp_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 1 if unit may sit in the box of HQ to instead of its own (a possible regroup). */
static int movable(const struct camp_game *g, int unit, int to)
{
	const struct camp_unit_def *u = &g->sc->units[unit], *h = &g->sc->units[to];

	if (!h->hq || h->side != u->side || g->u[to].where != CAMP_W_MAP || g->u[unit].tf == to)
		return 0;
	if (g->u[unit].flags || camp__box_count(g, g->u[unit].tf) < 2 ||
	    camp__box_count(g, to) >= g->sc->c2[u->side])
		return 0;
	for (int k = 0; k < g->b.ndef; k++)
		if (g->b.stage > CAMP_B_COMMIT && (g->b.def[k] == unit))
			return 0;
	for (int k = 0; k < g->b.npart; k++)
		if (g->b.stage != CAMP_B_NONE && g->b.part[k] == unit)
			return 0;
	if (g->b.stage != CAMP_B_NONE &&
	    (g->u[to].hex == g->b.target || g->u[g->u[unit].tf].hex == g->b.target ||
	     to == g->b.unit || g->u[unit].tf == g->b.unit))
		return 0;
	if ((u->nat == CAMP_NAT_POLISH || u->nat == CAMP_NAT_US || h->nat == CAMP_NAT_POLISH ||
	     h->nat == CAMP_NAT_US) &&
	    u->nat != h->nat)
		return 0;
	for (int i = 0; i < g->nunits; i++)
		if (g->u[i].where == CAMP_W_BOX && g->u[i].tf == to) {
			int n = g->sc->units[i].nat;
			if ((n == CAMP_NAT_POLISH || n == CAMP_NAT_US ||
			     u->nat == CAMP_NAT_POLISH || u->nat == CAMP_NAT_US) &&
			    n != u->nat)
				return 0;
		}
	return 1;
}

struct rules_game *camp__secret_twin(const struct rules_game *rg, int side, unsigned variant,
                                     char *what, size_t n, int *lasting)
{
	const struct camp_game *g = (const struct camp_game *)rg;
	const struct camp_scenario *sc = g->sc;
	struct camp_game *t;
	int count = 0, pick, intel_next, reveal_next, owner_next;

	if (side < 0 || side >= RULES_SIDES || g->over)
		return NULL;
	/* the other side may examine this side's hand or mat with its next action */
	intel_next = g->phase == CAMP_PH_OPS && g->phasing == 1 - side && g->await == CAMP_AW_PHASE;
	reveal_next = g->await == CAMP_AW_COMMIT;
	{
		struct rules_pending p;
		camp__pending(rg, &p);
		owner_next = (p.sides & RULES_AUD_SIDE(side)) != 0;
	}
	/* count the twins: hand swaps, commitment swaps, box moves */
	for (int a = 0; a < CAMP_NMARK; a++)
		for (int b = 0; b < CAMP_NMARK; b++)
			count += a != b && g->hand[side][a] > 0 &&
			         sc->markers[side][b] - g->hand[side][b] > 0 &&
			         (g->phase != CAMP_PH_HAND || g->hand_locked[side]);
	if (g->await == CAMP_AW_COMMIT && g->b.c[side].locked && !g->b.c[1 - side].locked) {
		count += g->b.c[side].g2 > 0 && g->hand[side][3] > 0 && g->b.c[side].art == 0;
		count += g->b.c[side].art > 0 && g->hand[side][1] > 0 && g->b.c[side].g2 == 0;
	}
	for (int u = 0; u < g->nunits; u++)
		if (sc->units[u].side == side && g->u[u].where == CAMP_W_BOX)
			for (int h = 0; h < g->nunits; h++)
				count += movable(g, u, h);
	if (count == 0)
		return NULL;
	pick = (int)(variant % (unsigned)count);
	t = malloc(sizeof(*t));
	if (t == NULL)
		return NULL;
	*t = *g;
	for (int a = 0; a < CAMP_NMARK; a++)
		for (int b = 0; b < CAMP_NMARK; b++)
			if (a != b && g->hand[side][a] > 0 &&
			    sc->markers[side][b] - g->hand[side][b] > 0 &&
			    (g->phase != CAMP_PH_HAND || g->hand_locked[side]) && pick-- == 0) {
				t->hand[side][a]--;
				t->hand[side][b]++;
				snprintf(what, n, "the %s hold a %s instead of a %s",
				         sc->side_names[side], camp__marker_name(b),
				         camp__marker_name(a));
				*lasting = !intel_next && !reveal_next;
				return (struct rules_game *)t;
			}
	if (g->await == CAMP_AW_COMMIT && g->b.c[side].locked && !g->b.c[1 - side].locked) {
		if (g->b.c[side].g2 > 0 && g->hand[side][3] > 0 && g->b.c[side].art == 0 &&
		    pick-- == 0) {
			t->b.c[side].g2--;
			t->b.c[side].art++;
			t->hand[side][3]--;
			t->hand[side][1]++;
			snprintf(what, n, "the %s committed a G-4 instead of a G-2",
			         sc->side_names[side]);
			*lasting = 0;
			return (struct rules_game *)t;
		}
		if (g->b.c[side].art > 0 && g->hand[side][1] > 0 && g->b.c[side].g2 == 0 &&
		    pick-- == 0) {
			t->b.c[side].art--;
			t->b.c[side].g2++;
			t->hand[side][1]--;
			t->hand[side][3]++;
			snprintf(what, n, "the %s committed a G-2 instead of a G-4",
			         sc->side_names[side]);
			*lasting = 0;
			return (struct rules_game *)t;
		}
	}
	for (int u = 0; u < g->nunits; u++)
		if (sc->units[u].side == side && g->u[u].where == CAMP_W_BOX)
			for (int h = 0; h < g->nunits; h++)
				if (movable(g, u, h) && pick-- == 0) {
					snprintf(what, n, "%s is in the box of %s instead of %s",
					         sc->units[u].id, sc->units[h].id,
					         sc->units[g->u[u].tf].id);
					t->u[u].tf = (int16_t)h;
					/* the owner's own next action may empty a box (its HQ
					 * leaves the map, 3.7c) or engage it in a battle (10.1.3):
					 * it may show */
					*lasting = !intel_next && !reveal_next && !owner_next;
					return (struct rules_game *)t;
				}
	free(t);
	return NULL;
}
