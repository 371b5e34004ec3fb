/*
 * pairing.c -- Berger tables, the Swiss as a weighted matching, knockout
 * brackets and matches.  See pairing.h.
 */
#include "pairing.h"

#include <stdlib.h>
#include <string.h>

#include "matching.h"

uint64_t srv_pair_mix(uint64_t a, uint64_t b)
{
	uint64_t z = a + 0x9e3779b97f4a7c15ULL * (b + 1);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* ---- round robin ---- */

int srv_pair_rr_rounds(int n)
{
	if (n < 2)
		return 0;
	return n % 2 == 0 ? n - 1 : n;
}

/* x reduced to 1..m */
static int wrap1(int x, int m)
{
	x %= m;
	if (x <= 0)
		x += m;
	return x;
}

/*
 * The Berger table of an even field e (m = e - 1 rounds), round r: player e meets p with
 * 2p = r + 1 (mod m), at board 1, p on side 0 when p <= e / 2; board k (2..e/2) is
 * (p + k - 1) against (p - k + 1), the first on side 0 (both mod m, in 1..m).
 */
static void berger_even(int e, int r, struct srv_pair_board *out)
{
	int m = e - 1, p = 1;

	while (wrap1(2 * p, m) != wrap1(r + 1, m))
		p++;
	if (p <= e / 2) {
		out[0].p0 = p;
		out[0].p1 = e;
	} else {
		out[0].p0 = e;
		out[0].p1 = p;
	}
	for (int k = 2; k <= e / 2; k++) {
		out[k - 1].p0 = wrap1(p + k - 1, m);
		out[k - 1].p1 = wrap1(p - k + 1, m);
	}
}

int srv_pair_berger(int n, int round, struct srv_pair_board *out)
{
	int e = n % 2 == 0 ? n : n + 1, nb = 0;
	struct srv_pair_board *tmp;

	if (n < 2 || n > 1000 || round < 1 || round > srv_pair_rr_rounds(n))
		return -1;
	if (n == e) {
		berger_even(e, round, out);
		return e / 2;
	}
	/* odd: the missing number e is the bye, listed last */
	tmp = malloc(sizeof(*tmp) * (size_t)(e / 2));
	if (tmp == NULL)
		return -1;
	berger_even(e, round, tmp);
	for (int b = 0; b < e / 2; b++)
		if (tmp[b].p0 != e && tmp[b].p1 != e)
			out[nb++] = tmp[b];
	for (int b = 0; b < e / 2; b++)
		if (tmp[b].p0 == e || tmp[b].p1 == e) {
			out[nb].p0 = tmp[b].p0 == e ? tmp[b].p1 : tmp[b].p0;
			out[nb++].p1 = 0;
		}
	free(tmp);
	return nb;
}

int srv_pair_double(int n, int round, struct srv_pair_board *out)
{
	int m = srv_pair_rr_rounds(n), r, nb;

	if (m == 0 || round < 1 || round > 2 * m)
		return -1;
	if (round <= m) {
		/* the first cycle, its last two rounds swapped (FIDE C.05 Annex 1) */
		r = round;
		if (m >= 3 && round == m - 1)
			r = m;
		else if (m >= 3 && round == m)
			r = m - 1;
		return srv_pair_berger(n, r, out);
	}
	nb = srv_pair_berger(n, round - m, out);
	for (int b = 0; b < nb; b++) {
		if (out[b].p1 == 0)
			continue;
		int t = out[b].p0;
		out[b].p0 = out[b].p1;
		out[b].p1 = t;
	}
	return nb;
}

/* ---- Swiss ---- */

int srv_pair_swiss_max_rounds(int n)
{
	int r = (n + 1) / 2; /* 3 from 5 players */

	if (n < 2)
		return 0;
	return r > SRV_PAIR_MAX_ROUNDS ? SRV_PAIR_MAX_ROUNDS : r;
}

/* A player's side situation before the round. */
struct side_state {
	int diff;     /* games on side 0 minus side 1 */
	int last;     /* side of the last game, -1 */
	int run;      /* games in a row on side last */
	int pref;     /* preferred side, -1 none */
	int strength; /* 3 absolute, 2 strong (|diff| 1), 1 mild (alternate), 0 none */
};

static void side_state_of(const struct srv_pair_player *p, struct side_state *st)
{
	memset(st, 0, sizeof(*st));
	st->last = -1;
	for (int i = 0; i < p->nsides; i++) {
		int s = p->sides[i] ? 1 : 0;
		st->diff += s == 0 ? 1 : -1;
		if (s == st->last) {
			st->run++;
		} else {
			st->last = s;
			st->run = 1;
		}
	}
	st->pref = -1;
	if (st->diff > 0)
		st->pref = 1;
	else if (st->diff < 0)
		st->pref = 0;
	else if (st->last >= 0)
		st->pref = 1 - st->last;
	if (st->run >= 2 || st->diff >= 2 || st->diff <= -2)
		st->strength = 3;
	else if (st->diff != 0)
		st->strength = 2;
	else if (st->last >= 0)
		st->strength = 1;
	if (st->run >= 2 && st->last >= 0)
		st->pref = 1 - st->last;
}

/* side s would be a third in a row */
static int third(const struct side_state *st, int s)
{
	return st->run >= 2 && st->last == s;
}

static int balanced(const struct side_state *st, int s)
{
	int d = st->diff + (s == 0 ? 1 : -1);

	return d >= -1 && d <= 1;
}

/* How good giving a side s (b 1 - s) is: 4 * three-ok + 2 * balance-ok ... as a level. */
struct assign {
	int three_ok, bal_ok, prefs;
};

static struct assign assess(const struct side_state *a, const struct side_state *b, int s)
{
	struct assign r;

	r.three_ok = !third(a, s) && !third(b, 1 - s);
	r.bal_ok = r.three_ok && balanced(a, s) && balanced(b, 1 - s);
	r.prefs = (a->pref == s) + (b->pref == 1 - s);
	return r;
}

static int better(struct assign x, struct assign y)
{
	if (x.three_ok != y.three_ok)
		return x.three_ok > y.three_ok;
	if (x.bal_ok != y.bal_ok)
		return x.bal_ok > y.bal_ok;
	return x.prefs > y.prefs;
}

struct swiss {
	const struct srv_pair_player *pl;
	int n;
	int round;
	uint64_t seed;
	int sides_free;
	int *rank;         /* rank[i]: 0 the best (score, then pairing number) */
	int *by_rank;      /* by_rank[r]: the player of rank r */
	int *gpos, *gsize; /* position in the score group (by rank), the group's size */
	struct side_state *st;
	int64_t w3, w1, qs, qc, qo, d2max, omax;
};

static int met(const struct srv_pair_player *a, const struct srv_pair_player *b)
{
	for (int i = 0; i < a->nmet; i++)
		if (a->met[i] == b->id)
			return 1;
	for (int i = 0; i < b->nmet; i++)
		if (b->met[i] == a->id)
			return 1;
	return 0;
}

/* The weight of pairing players x and y (x ranked above y). */
static int64_t weight(const struct swiss *sw, int x, int y, struct assign *best)
{
	const struct srv_pair_player *a = &sw->pl[x], *b = &sw->pl[y];
	int64_t d = a->score - b->score, w = 0, ord;
	struct assign s0, s1;

	if (d < 0)
		d = -d;
	if (sw->sides_free) {
		best->three_ok = best->bal_ok = 1;
		best->prefs = 0;
	} else {
		s0 = assess(&sw->st[x], &sw->st[y], 0);
		s1 = assess(&sw->st[x], &sw->st[y], 1);
		*best = better(s1, s0) ? s1 : s0;
	}
	w += sw->w3 * best->three_ok + sw->w1 * best->bal_ok;
	w += sw->qs * (sw->d2max - d * d);
	w += sw->qc * best->prefs;
	if (a->score == b->score) {
		/* S1 against S2: the top half meets the bottom half in order */
		int ia = sw->gpos[x], ib = sw->gpos[y], k = sw->gsize[x];
		if (ia > ib) {
			int t = ia;
			ia = ib;
			ib = t;
		}
		ord = ib - ia - k / 2;
		if (ord < 0)
			ord = -ord;
	} else {
		/* a float: the lowest of the upper group meets the highest of the lower */
		int hi = a->score > b->score ? x : y, lo = hi == x ? y : x;
		ord = (sw->gsize[hi] - 1 - sw->gpos[hi]) + sw->gpos[lo];
	}
	if (ord > sw->omax)
		ord = sw->omax;
	w += sw->qo * (sw->omax - ord);
	return w;
}

/* Sorts idx[0..n) by standing (score desc, pairing number asc); insertion sort: stable, no
 * globals. */
static void sort_by_standing(const struct srv_pair_player *pl, int *idx, int n)
{
	for (int i = 1; i < n; i++) {
		int x = idx[i], j = i - 1;
		while (j >= 0) {
			const struct srv_pair_player *a = &pl[idx[j]], *b = &pl[x];
			int after =
			    a->score < b->score || (a->score == b->score && a->pnum > b->pnum);
			if (!after)
				break;
			idx[j + 1] = idx[j];
			j--;
		}
		idx[j + 1] = x;
	}
}

/*
 * Matches every player but `skip` (or all with -1).  mate gets each player's partner index;
 * returns the number of players left unmatched (0: perfect), with *three_bad the pairs
 * that break priority 1, or -1 when out of memory.
 */
static int match_all(struct swiss *sw, int skip, int *mate, int *three_bad)
{
	int n = sw->n, ne = 0, *vmate, *vx, nv = 0, unmatched = 0, rc;
	struct srv_mwm_edge *edges;

	edges = calloc((size_t)n * (size_t)(n - 1) / 2 + 1, sizeof(*edges));
	vmate = malloc(sizeof(int) * (size_t)n);
	vx = malloc(sizeof(int) * (size_t)n);
	if (edges == NULL || vmate == NULL || vx == NULL) {
		free(edges);
		free(vmate);
		free(vx);
		return -1;
	}
	/* vertices in rank order: the same input always gives the same edge order */
	for (int r = 0; r < n; r++)
		if (sw->by_rank[r] != skip)
			vx[nv++] = sw->by_rank[r];
	for (int a = 0; a < nv; a++)
		for (int b = a + 1; b < nv; b++) {
			struct assign best;
			if (met(&sw->pl[vx[a]], &sw->pl[vx[b]]))
				continue;
			edges[ne].i = a;
			edges[ne].j = b;
			edges[ne].w = weight(sw, vx[a], vx[b], &best);
			ne++;
		}
	rc = srv_mwm(nv, edges, (size_t)ne, 1, vmate);
	*three_bad = 0;
	for (int i = 0; i < n; i++)
		mate[i] = -1;
	if (rc == 0) {
		for (int a = 0; a < nv; a++) {
			if (vmate[a] < 0) {
				unmatched++;
				continue;
			}
			mate[vx[a]] = vx[vmate[a]];
			if (a < vmate[a] && !sw->sides_free) {
				struct assign best;
				weight(sw, vx[a], vx[vmate[a]], &best);
				if (!best.three_ok)
					(*three_bad)++;
			}
		}
	}
	free(edges);
	free(vmate);
	free(vx);
	return rc == 0 ? unmatched : -1;
}

/* The side of x (ranked above y) once paired: 0 or 1. */
static int side_of_higher(const struct swiss *sw, int x, int y, int board)
{
	const struct side_state *a = &sw->st[x], *b = &sw->st[y];
	struct assign s0 = assess(a, b, 0), s1 = assess(a, b, 1);
	uint64_t coin;

	if (better(s0, s1))
		return 0;
	if (better(s1, s0))
		return 1;
	/* equal claims: both prefer the same side (or nobody prefers): the stronger preference,
	 * then the higher-ranked player, has his way */
	if (a->pref >= 0 && (b->pref < 0 || a->strength >= b->strength))
		return a->pref;
	if (b->pref >= 0)
		return 1 - b->pref;
	/* nobody prefers (round 1): a coin from the seed, alternating down the boards */
	if (sw->round <= 1) {
		coin = srv_pair_mix(sw->seed, 0) & 1;
		return (int)((coin + (uint64_t)board) & 1);
	}
	coin = srv_pair_mix(sw->seed, ((uint64_t)sw->round << 32) ^ (uint64_t)sw->pl[x].id);
	return (int)(coin & 1);
}

static void weights_for(struct swiss *sw)
{
	int64_t half = sw->n / 2 + 1, maxs = 0;

	for (int i = 0; i < sw->n; i++)
		if (sw->pl[i].score > maxs)
			maxs = sw->pl[i].score;
	sw->d2max = maxs * maxs + 1;
	sw->omax = 2 * (int64_t)sw->n;
	sw->qo = 1;
	sw->qc = half * sw->omax + 1;
	sw->qs = half * (2 * sw->qc + sw->omax) + 1;
	sw->w1 = half * (sw->qs * sw->d2max + 2 * sw->qc + sw->omax) + 1;
	sw->w3 = half * (sw->w1 + sw->qs * sw->d2max + 2 * sw->qc + sw->omax) + 1;
}

int srv_pair_swiss(const struct srv_pair_player *players, int n, int round, uint64_t seed,
                   int sides_free, struct srv_pair_swiss_out *out)
{
	struct swiss sw;
	int *mate = NULL, *cand = NULL, ncand = 0, chosen = -1, fallback = -1, rc = -2;

	memset(out, 0, sizeof(*out));
	out->bye = -1;
	if (players == NULL || n < 2 || n > SRV_PAIR_MAX_PLAYERS || round < 1)
		return -2;
	for (int i = 0; i < n; i++)
		if (players[i].id < 0 || players[i].nsides < 0 || players[i].nmet < 0)
			return -2;
	memset(&sw, 0, sizeof(sw));
	sw.pl = players;
	sw.n = n;
	sw.round = round;
	sw.seed = seed;
	sw.sides_free = sides_free;
	sw.rank = malloc(sizeof(int) * (size_t)n);
	sw.by_rank = malloc(sizeof(int) * (size_t)n);
	sw.gpos = malloc(sizeof(int) * (size_t)n);
	sw.gsize = malloc(sizeof(int) * (size_t)n);
	sw.st = calloc((size_t)n, sizeof(*sw.st));
	mate = malloc(sizeof(int) * (size_t)n);
	cand = malloc(sizeof(int) * (size_t)n);
	if (!sw.rank || !sw.by_rank || !sw.gpos || !sw.gsize || !sw.st || !mate || !cand)
		goto done;
	for (int i = 0; i < n; i++)
		sw.by_rank[i] = i;
	sort_by_standing(players, sw.by_rank, n);
	for (int r = 0; r < n; r++)
		sw.rank[sw.by_rank[r]] = r;
	for (int r = 0; r < n;) {
		int k = r;
		while (k < n && players[sw.by_rank[k]].score == players[sw.by_rank[r]].score)
			k++;
		for (int j = r; j < k; j++) {
			sw.gpos[sw.by_rank[j]] = j - r;
			sw.gsize[sw.by_rank[j]] = k - r;
		}
		r = k;
	}
	for (int i = 0; i < n; i++)
		side_state_of(&players[i], &sw.st[i]);
	weights_for(&sw);
	rc = -1;
	if (n % 2 == 0) {
		int bad, left = match_all(&sw, -1, mate, &bad);
		if (left < 0) {
			rc = -2;
			goto done;
		}
		if (left > 0)
			goto done;
		if (bad > 0)
			out->relaxed |= SRV_PAIR_RELAXED_THREE;
	} else {
		/* the bye: the lowest-ranked who had none and lets the others be paired */
		for (int r = n - 1; r >= 0; r--)
			if (!players[sw.by_rank[r]].had_bye)
				cand[ncand++] = sw.by_rank[r];
		for (int c = 0; c < ncand && chosen < 0; c++) {
			int bad, left = match_all(&sw, cand[c], mate, &bad);
			if (left < 0) {
				rc = -2;
				goto done;
			}
			if (left == 0 && bad == 0)
				chosen = cand[c];
			else if (left == 0 && fallback < 0)
				fallback = cand[c];
		}
		if (chosen < 0 && fallback < 0)
			goto done;
		if (chosen < 0) {
			int bad;
			chosen = fallback;
			if (match_all(&sw, chosen, mate, &bad) != 0) {
				rc = -2;
				goto done;
			}
			out->relaxed |= SRV_PAIR_RELAXED_THREE;
		}
		out->bye = players[chosen].id;
	}
	/* the boards: the best scores first (then the sum, then the better-ranked player) */
	for (int r = 0; r < n; r++) {
		int x = sw.by_rank[r], y = mate[x];
		if (y < 0 || sw.rank[y] < r)
			continue;
		out->boards[out->nboards].p0 = x; /* indices for now */
		out->boards[out->nboards].p1 = y;
		out->nboards++;
	}
	for (int i = 1; i < out->nboards; i++) {
		struct srv_pair_board b = out->boards[i];
		int j = i - 1;
		while (j >= 0) {
			const struct srv_pair_board *o = &out->boards[j];
			int ob = players[o->p0].score > players[o->p1].score ? players[o->p0].score
			                                                     : players[o->p1].score;
			int bb = players[b.p0].score > players[b.p1].score ? players[b.p0].score
			                                                   : players[b.p1].score;
			int os = players[o->p0].score + players[o->p1].score;
			int bs = players[b.p0].score + players[b.p1].score;
			if (ob > bb || (ob == bb && os > bs) ||
			    (ob == bb && os == bs && sw.rank[o->p0] < sw.rank[b.p0]))
				break;
			out->boards[j + 1] = out->boards[j];
			j--;
		}
		out->boards[j + 1] = b;
	}
	for (int i = 0; i < out->nboards; i++) {
		int x = out->boards[i].p0, y = out->boards[i].p1, s = 0;
		if (!sides_free)
			s = side_of_higher(&sw, x, y, i);
		if (!sides_free) {
			struct assign best;
			weight(&sw, x, y, &best);
			if (!best.bal_ok)
				out->relaxed |= SRV_PAIR_RELAXED_BALANCE;
		}
		out->boards[i].p0 = players[s == 0 ? x : y].id;
		out->boards[i].p1 = players[s == 0 ? y : x].id;
	}
	rc = 0;
done:
	free(sw.rank);
	free(sw.by_rank);
	free(sw.gpos);
	free(sw.gsize);
	free(sw.st);
	free(mate);
	free(cand);
	if (rc != 0) {
		out->nboards = 0;
		out->bye = -1;
	}
	return rc;
}

/* ---- knockout ---- */

int srv_pair_bracket(int n, int *slots, int cap)
{
	int p = 1;

	if (n < 1)
		return -1;
	while (p < n)
		p *= 2;
	if (p > cap)
		return -1;
	/* order(1) = [1]; order(2k) = for x in order(k): x, 2k + 1 - x */
	slots[0] = 1;
	for (int k = 1; k < p; k *= 2) {
		for (int i = k - 1; i >= 0; i--) {
			int x = slots[i];
			slots[2 * i] = x;
			slots[2 * i + 1] = 2 * k + 1 - x;
		}
	}
	for (int i = 0; i < p; i++)
		if (slots[i] > n)
			slots[i] = 0;
	return p;
}

int srv_pair_match_winner(const int *h0, const int *h1, int nlegs, int seed0, int seed1)
{
	int s0 = 0, s1 = 0;

	if (nlegs < 2)
		return -1;
	for (int i = 0; i < 2; i++) {
		s0 += h0[i];
		s1 += h1[i];
	}
	if (s0 != s1)
		return s0 > s1 ? 0 : 1;
	/* deciders: the first that is not drawn decides */
	for (int i = 2; i < nlegs; i++)
		if (h0[i] != h1[i])
			return h0[i] > h1[i] ? 0 : 1;
	if (nlegs < SRV_PAIR_MATCH_LEGS)
		return -1;
	return seed0 <= seed1 ? 0 : 1;
}
