/*
 * standings.c -- points and tiebreaks.  See standings.h.
 */
#include "standings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void srv_stand_round_of(const struct srv_stand_game *games, size_t ng, int p, int r, int *kind,
                        int *opp, int *half)
{
	*kind = SRV_STAND_ABSENT;
	*opp = -1;
	*half = 0;
	for (size_t i = 0; i < ng; i++) {
		const struct srv_stand_game *g = &games[i];
		if (g->round != r || (g->a != p && g->b != p))
			continue;
		if (g->b < 0) {
			*kind = SRV_STAND_BYE;
			*half = g->ha;
			return;
		}
		*kind = g->played ? SRV_STAND_PLAYED : SRV_STAND_FORFEIT;
		*opp = g->a == p ? g->b : g->a;
		*half = g->a == p ? g->ha : g->hb;
		return;
	}
}

char *srv_stand_quarters(int q, char *buf, size_t size)
{
	static const char *const frac[] = {"", ".25", ".5", ".75"};
	int neg = q < 0;

	if (neg)
		q = -q;
	snprintf(buf, size, "%s%d%s", neg ? "-" : "", q / 4, frac[q % 4]);
	return buf;
}

struct calc {
	int n, rounds;
	const int *pnum;
	int *kind, *opp, *half; /* [p * rounds + r - 1] */
	int *points;            /* half-points */
	int *adjusted;          /* half-points: unplayed rounds as draws */
	struct srv_stand_row *rows;
};

#define AT(c, p, r) ((size_t)(p) * (size_t)(c)->rounds + (size_t)(r)-1)

/* The virtual opponent of p's unplayed round r, in half-points: 2 SPR + (2 - SfPR) + (n - R). */
static int virtual_opponent(const struct calc *c, int p, int r)
{
	int before = 0;

	for (int k = 1; k < r; k++)
		before += c->half[AT(c, p, k)];
	return before + (2 - c->half[AT(c, p, r)]) + (c->rounds - r);
}

static int cmp_rows(const struct srv_stand_row *x, const struct srv_stand_row *y, const int *pnum,
                    int with_h2h)
{
	if (x->points != y->points)
		return x->points > y->points ? -1 : 1;
	if (x->bh != y->bh)
		return x->bh > y->bh ? -1 : 1;
	if (x->mbh != y->mbh)
		return x->mbh > y->mbh ? -1 : 1;
	if (x->sb != y->sb)
		return x->sb > y->sb ? -1 : 1;
	if (with_h2h && x->h2h != y->h2h)
		return x->h2h > y->h2h ? -1 : 1;
	return pnum[x->player] < pnum[y->player] ? -1 : pnum[x->player] > pnum[y->player];
}

/* Insertion sort (stable, no globals); n is a tournament's field. */
static void sort_rows(struct srv_stand_row *rows, int n, const int *pnum, int with_h2h)
{
	for (int i = 1; i < n; i++) {
		struct srv_stand_row r = rows[i];
		int j = i - 1;
		while (j >= 0 && cmp_rows(&rows[j], &r, pnum, with_h2h) > 0) {
			rows[j + 1] = rows[j];
			j--;
		}
		rows[j + 1] = r;
	}
}

static void tiebreaks(struct calc *c)
{
	int *contrib = malloc(sizeof(int) * (size_t)(c->rounds > 0 ? c->rounds : 1));

	for (int p = 0; p < c->n; p++) {
		struct srv_stand_row *row = &c->rows[p];
		int hi = -1, lo = -1, nc = 0;
		row->player = p;
		row->points = c->points[p];
		row->bh = row->mbh = row->sb = row->h2h = 0;
		for (int r = 1; r <= c->rounds; r++) {
			int k = c->kind[AT(c, p, r)], h = c->half[AT(c, p, r)], v;
			if (k == SRV_STAND_PLAYED) {
				v = c->adjusted[c->opp[AT(c, p, r)]];
				row->sb += v * h; /* half-points x half-points: quarters */
			} else {
				v = virtual_opponent(c, p, r);
				if (h >
				    0) /* a bye or a forfeit won: the virtual opponent as beaten */
					row->sb += v * h;
			}
			contrib[nc++] = v;
			row->bh += 2 * v; /* half-points to quarters */
		}
		for (int i = 0; i < nc; i++) {
			if (hi < 0 || contrib[i] > contrib[hi])
				hi = i;
			if (lo < 0 || contrib[i] < contrib[lo])
				lo = i;
		}
		row->mbh = row->bh;
		if (nc >= 3)
			row->mbh -= 2 * (contrib[hi] + contrib[lo]);
	}
	free(contrib);
}

/* Head-to-head among each run of rows tied on points and the three tiebreaks. */
static void head_to_head(struct calc *c)
{
	for (int i = 0; i < c->n;) {
		int j = i + 1;
		while (j < c->n && c->rows[j].points == c->rows[i].points &&
		       c->rows[j].bh == c->rows[i].bh && c->rows[j].mbh == c->rows[i].mbh &&
		       c->rows[j].sb == c->rows[i].sb)
			j++;
		if (j - i > 1) {
			for (int x = i; x < j; x++) {
				int p = c->rows[x].player, h = 0;
				for (int r = 1; r <= c->rounds; r++) {
					int o = c->opp[AT(c, p, r)];
					if (o < 0)
						continue;
					for (int y = i; y < j; y++)
						if (c->rows[y].player == o)
							h += c->half[AT(c, p, r)];
				}
				c->rows[x].h2h = 2 * h;
			}
		}
		i = j;
	}
}

int srv_stand_compute(int n, const int *pnum, const struct srv_stand_game *games, size_t ng,
                      int rounds, struct srv_stand_row *rows)
{
	struct calc c;
	size_t cells = (size_t)(n > 0 ? n : 1) * (size_t)(rounds > 0 ? rounds : 1);
	int rc = -1;

	if (n < 0 || rounds < 0)
		return -1;
	for (size_t i = 0; i < ng; i++)
		if (games[i].round < 1 || games[i].round > rounds || games[i].a < 0 ||
		    games[i].a >= n || games[i].b >= n || games[i].a == games[i].b)
			return -1;
	memset(&c, 0, sizeof(c));
	c.n = n;
	c.rounds = rounds;
	c.pnum = pnum;
	c.rows = rows;
	c.kind = malloc(sizeof(int) * cells);
	c.opp = malloc(sizeof(int) * cells);
	c.half = malloc(sizeof(int) * cells);
	c.points = calloc((size_t)(n > 0 ? n : 1), sizeof(int));
	c.adjusted = calloc((size_t)(n > 0 ? n : 1), sizeof(int));
	if (c.kind == NULL || c.opp == NULL || c.half == NULL || c.points == NULL ||
	    c.adjusted == NULL)
		goto done;
	for (int p = 0; p < n; p++)
		for (int r = 1; r <= rounds; r++) {
			size_t at = AT(&c, p, r);
			srv_stand_round_of(games, ng, p, r, &c.kind[at], &c.opp[at], &c.half[at]);
			c.points[p] += c.half[at];
			c.adjusted[p] += c.kind[at] == SRV_STAND_PLAYED ? c.half[at] : 1;
		}
	tiebreaks(&c);
	sort_rows(rows, n, pnum, 0);
	head_to_head(&c);
	sort_rows(rows, n, pnum, 1);
	for (int i = 0; i < n; i++)
		rows[i].rank = i + 1;
	rc = 0;
done:
	free(c.kind);
	free(c.opp);
	free(c.half);
	free(c.points);
	free(c.adjusted);
	return rc;
}
