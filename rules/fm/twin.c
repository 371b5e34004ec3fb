/*
 * twin.c -- secret twins of a Fire & Movement game (ruleset.h, secret_twin): a copy of the
 * game that differs only in what one side keeps secret, and that the rules could have
 * reached by the same public history.  The differential secrecy test
 * (tests/unit/test_secrecy_diff.c) checks that the other side and spectators get the same
 * bytes from both.
 *
 * F&M has no hidden units (AMB-26, AMB-120); its secrets are support fire markers
 * (FM-7.2-05, FM-8.2.1-06/07, BS-14.0-03), so a twin swaps two of side's markers that are
 * not revealed:
 *   - face down: the marker placed at one position of the current battle and one still in
 *     the hand (the owner placed the other one), when the other could have been placed
 *     there and every marker placed after it still could (the module's marker_check, the
 *     support ranges, the most markers a side may place).  Not lasting: the reveal of step
 *     b5 may come with the next action;
 *   - the hand: a marker in the hand and one in the pool, when the allotment is a random
 *     draw (FM-7.1-04, BS-14.0-01: any marker of the pool could have been drawn) and both
 *     take part in the draw (the module's in_draw: not a special marker).  With the
 *     allotment lowest values first (FM-7.1-05) the hand follows from the public pool and
 *     is no secret.
 * Candidates are numbered face-down swaps first, then hand swaps, in marker order; a
 * variant picks one modulo their number.
 */
#include "fm_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum twin_kind { TWIN_FACE_DOWN, TWIN_HAND };

struct twin_swap {
	enum twin_kind kind;
	int pos; /* face down: the position in g->b.mark[side] */
	int x;   /* face down: the marker placed there; hand: the marker in the hand */
	int y;   /* the marker in the hand (face down) or in the pool (hand) */
};

static int drawn(const struct fm_game *g, int side, int k)
{
	return g->sc->module->in_draw == NULL || g->sc->module->in_draw(g, side, k);
}

/* 1 if side could have placed marker k now, in the battle as it is in c. */
static int placeable(const struct fm_game *c, int side, int k)
{
	const struct fm_module *m = c->sc->module;

	return c->m[side][k].where == FM_M_HAND && c->b.nmark[side] < fm__max_markers(c, side) &&
	       (m->marker_check == NULL || m->marker_check(c, side, k, NULL) == 0) &&
	       fm__range_check(c, side, k, c->b.target, 0, NULL) == 0;
}

/*
 * 1 if y could have been placed instead of the marker at position pos of side's markers in
 * the current battle, and each one placed after it still could: the battle is rebuilt from
 * the state before the pos-th placement (those from pos on back in the hand).
 */
static int could_place(const struct fm_game *g, int side, int pos, int y)
{
	struct fm_game *c = malloc(sizeof(*c));
	int16_t marks[FM_MAX_BATTLE_MARKERS];
	int n = g->b.nmark[side], ok = 1;

	if (c == NULL)
		return 0;
	*c = *g;
	memcpy(marks, g->b.mark[side], sizeof(marks));
	marks[pos] = (int16_t)y;
	for (int j = pos; j < n; j++)
		c->m[side][g->b.mark[side][j]].where = FM_M_HAND;
	c->b.nmark[side] = (uint8_t)pos;
	for (int j = pos; ok && j < n; j++) {
		ok = placeable(c, side, marks[j]);
		c->m[side][marks[j]].where = FM_M_COMMITTED;
		c->b.mark[side][c->b.nmark[side]++] = marks[j];
	}
	free(c);
	return ok;
}

/* The candidate swaps of side in order; fills *out with the k-th (k < 0: none).  Their count. */
static int candidates(const struct fm_game *g, int side, int k, struct twin_swap *out)
{
	const struct fm_marker *m = g->m[side];
	int nm = g->sc->nmarkers[side], count = 0;

	if (g->b.active && !g->b.bombard && g->b.step >= 1 && g->b.step <= 4)
		for (int pos = 0; pos < g->b.nmark[side]; pos++) {
			int x = g->b.mark[side][pos];
			if (m[x].revealed)
				continue;
			for (int y = 0; y < nm; y++)
				if (m[y].where == FM_M_HAND && !m[y].revealed &&
				    could_place(g, side, pos, y)) {
					if (count++ == k)
						*out =
						    (struct twin_swap){TWIN_FACE_DOWN, pos, x, y};
				}
		}
	if (g->opt.allot_lowest)
		return count;
	for (int x = 0; x < nm; x++) {
		if (m[x].where != FM_M_HAND || m[x].revealed || !drawn(g, side, x))
			continue;
		for (int y = 0; y < nm; y++)
			if (m[y].where == FM_M_POOL && !m[y].revealed && drawn(g, side, y)) {
				if (count++ == k)
					*out = (struct twin_swap){TWIN_HAND, -1, x, y};
			}
	}
	return count;
}

struct rules_game *fm__secret_twin(const struct rules_game *rg, int side, unsigned variant,
                                   char *what, size_t n, int *lasting)
{
	const struct fm_game *g = (const struct fm_game *)rg;
	const struct fm_marker_def *defs;
	struct twin_swap sw;
	struct fm_game *t;
	int count;

	if (side < 0 || side >= RULES_SIDES || g->over)
		return NULL;
	count = candidates(g, side, -1, &sw);
	if (count == 0)
		return NULL;
	candidates(g, side, (int)(variant % (unsigned)count), &sw);
	if ((t = malloc(sizeof(*t))) == NULL)
		return NULL;
	*t = *g;
	defs = g->sc->markers[side];
	if (sw.kind == TWIN_FACE_DOWN) {
		t->m[side][sw.x].where = FM_M_HAND;
		t->m[side][sw.y].where = FM_M_COMMITTED;
		t->b.mark[side][sw.pos] = (int16_t)sw.y;
		snprintf(what, n, "%s placed %s (+%d) face down instead of %s (+%d)",
		         g->sc->side_names[side], defs[sw.y].id, defs[sw.y].value, defs[sw.x].id,
		         defs[sw.x].value);
	} else {
		t->m[side][sw.x].where = FM_M_POOL;
		t->m[side][sw.y].where = FM_M_HAND;
		snprintf(what, n, "%s drew %s (+%d) instead of %s (+%d)", g->sc->side_names[side],
		         defs[sw.y].id, defs[sw.y].value, defs[sw.x].id, defs[sw.x].value);
	}
	*lasting = sw.kind == TWIN_HAND;
	return (struct rules_game *)t;
}
