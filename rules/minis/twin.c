/*
 * twin.c -- secret twins of a miniatures game (ruleset.h, secret_twin): a copy that differs
 * only in what one side keeps secret (QR-AMB-13), for the differential secrecy test
 * (tests/unit/test_secrecy_diff.c): the other side and spectators must get the same bytes
 * from both.
 *
 * A side's secrets are where its units stand while it deploys, and afterwards where its
 * hidden and ambush camouflaged units and its dummies are, and which marker is a dummy.  A
 * twin therefore:
 *   - swaps the places (and facings) of two of side's unseen pieces that have not moved
 *     since they were deployed: a hidden unit and a dummy ("a dummy vs a real unit"), two
 *     hidden units, or two ambush camouflaged ones (never across the two classes: under
 *     hidden.display = markers the enemy sees a marker where a hidden unit or a dummy is);
 *   - or moves one such piece 1" north, south, east or west ("a hidden unit elsewhere"), and
 *     during the secret deployment any of side's units (under markers, only ambush units:
 *     a marker's place is seen);
 * when the new places are ones the piece could have been deployed to (its zone, the table,
 * passable ground, no base overlapping).  Not lasting: the next action may reveal it by the
 * rules (an enemy coming close, a recon, a beaten zone).  Candidates are numbered swaps first,
 * then moves, in unit order; a variant picks one modulo their number.
 */
#include "minis_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int secret_piece(const struct minis_game *g, int side, int u)
{
	const struct minis_unit *x = &g->u[u];

	if (minis__side(g, u) != side || x->status != MS_ON)
		return 0;
	if (g->phase == MP_DEPLOY)
		return 1;
	return (x->flags & (MU_HIDDEN | MU_AMBUSH)) &&
	       !(x->flags & (MU_EVER_MOVED | MU_AFV_MARKER));
}

static int in_zone(const struct minis_game *g, int side, struct minis_pt p)
{
	const struct minis_zone *z = &g->sc->sides[side].zone;
	int32_t f = g->opt.alt ? 3 : 2;

	return p.x >= z->x0 * f / 2 && p.x <= z->x1 * f / 2 && p.y >= z->y0 * f / 2 &&
	       p.y <= z->y1 * f / 2;
}

/* 1 if u may stand at c facing f in t (ignoring unit `ignore`). */
static int place_ok(const struct minis_game *t, int u, struct minis_pt c, int f, int ignore)
{
	struct minis_pt corners[4];
	int k;

	if (!in_zone(t, minis__side(t, u), c))
		return 0;
	minis__corners_at(t, u, c, f, corners);
	if (!minis__on_table(t, corners))
		return 0;
	if (minis__def(t, u)->kind != MK_DUMMY &&
	    minis__going(t, c, minis__tmove(t, u), NULL) == MG_IMPASSABLE)
		return 0;
	if (minis__overlaps(t, u, c, f, ignore, NULL, -1))
		return 0;
	if (minis__def(t, u)->kind != MK_DUMMY &&
	    (k = minis__piece_at(t, c, MINIS_T_STRONGPOINT)) >= 0 &&
	    minis__attr(t, k)->capacity > 0) {
		int n = 0;
		for (int v = 0; v < t->sc->nunits; v++)
			if (v != u && minis__real(t, v) && minis__in_piece(t, k, minis__pos(t, v)))
				n++;
		if (n >= minis__attr(t, k)->capacity)
			return 0;
	}
	return 1;
}

struct cand {
	int a, b; /* a swap of a and b (b >= 0), or a move of a */
	int32_t dx, dy;
};

/* Tries candidate c on a copy t of g (t is left changed when it fits). */
static int apply(const struct minis_game *g, struct minis_game *t, const struct cand *c)
{
	*t = *g;
	if (c->b >= 0) {
		struct minis_unit *x = &t->u[c->a], *y = &t->u[c->b];
		int32_t ax = x->x, ay = x->y;
		int16_t af = x->facing;
		x->x = y->x;
		x->y = y->y;
		x->facing = y->facing;
		y->x = ax;
		y->y = ay;
		y->facing = af;
		return place_ok(t, c->a, minis__pos(t, c->a), x->facing, c->b) &&
		       place_ok(t, c->b, minis__pos(t, c->b), y->facing, c->a);
	}
	t->u[c->a].x += c->dx;
	t->u[c->a].y += c->dy;
	return place_ok(t, c->a, minis__pos(t, c->a), t->u[c->a].facing, -1);
}

/* The candidates of side in order; the k-th into *out (k < 0: none); their count. */
static int candidates(const struct minis_game *g, struct minis_game *t, int side, int k,
                      struct cand *out)
{
	static const int32_t moves[4][2] = {{0, 100}, {0, -100}, {100, 0}, {-100, 0}};
	int count = 0;

	for (int a = 0; a < g->nslots; a++) {
		if (!secret_piece(g, side, a) || g->phase == MP_DEPLOY)
			continue;
		for (int b = a + 1; b < g->nslots; b++) {
			struct cand c = {a, b, 0, 0};
			/* the same class: under hidden.display = markers the enemy sees a marker
			 * where each hidden unit or dummy stands, never an ambush unit */
			if (!secret_piece(g, side, b) || ((g->u[a].flags & MU_AMBUSH) != 0) !=
			                                     ((g->u[b].flags & MU_AMBUSH) != 0))
				continue;
			if (apply(g, t, &c)) {
				if (count == k)
					*out = c;
				count++;
			}
		}
	}
	for (int a = 0; a < g->nslots; a++) {
		if (!secret_piece(g, side, a) || (g->opt.hidden_markers && g->phase != MP_DEPLOY &&
		                                  !(g->u[a].flags & MU_AMBUSH)))
			continue; /* a marker's place is seen */
		for (int m = 0; m < 4; m++) {
			struct cand c = {a, -1, moves[m][0], moves[m][1]};
			if (apply(g, t, &c)) {
				if (count == k)
					*out = c;
				count++;
			}
		}
	}
	return count;
}

struct rules_game *minis__secret_twin(const struct rules_game *rg, int side, unsigned variant,
                                      char *what, size_t n, int *lasting)
{
	const struct minis_game *g = (const struct minis_game *)rg;
	struct minis_game *t;
	struct cand c;
	int count;

	if (side < 0 || side >= RULES_SIDES || g->over)
		return NULL;
	if ((t = malloc(sizeof(*t))) == NULL)
		return NULL;
	count = candidates(g, t, side, -1, &c);
	if (count == 0) {
		free(t);
		return NULL;
	}
	candidates(g, t, side, (int)(variant % (unsigned)count), &c);
	apply(g, t, &c);
	if (c.b >= 0)
		snprintf(what, n, "%s's %s and %s swap places", g->sc->side_names[side],
		         minis__uid(g, c.a), minis__uid(g, c.b));
	else
		snprintf(what, n, "%s's %s stands 1\" %s", g->sc->side_names[side],
		         minis__uid(g, c.a),
		         c.dy > 0   ? "north"
		         : c.dy < 0 ? "south"
		         : c.dx > 0 ? "east"
		                    : "west");
	*lasting = 0;
	return (struct rules_game *)t;
}
