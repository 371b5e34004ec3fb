/*
 * matching.c -- maximum-weight matching (Edmonds / Galil), a line-by-line
 * port of van Rantwijk's mwmatching.py.  See matching.h.
 *
 * Vocabulary (as in the Python original): an edge k has endpoints 2k and
 * 2k+1 (endpoint[p] is the vertex); mate[v] is the remote endpoint of v's
 * matched edge; blossoms are numbered nv..2nv-1, vertices 0..nv-1 are trivial
 * blossoms; labels are 0 free, 1 S (outer), 2 T (inner), with bit 4 as a
 * breadcrumb while scanning.  Every loop is bounded by the graph's size.
 */
#include "matching.h"

#include <stdlib.h>
#include <string.h>

struct ilist {
	int *v;
	int n, cap;
};

struct mwm {
	int nv;
	int ne;
	const struct srv_mwm_edge *e;
	int *endpoint;                        /* 2 ne */
	int *nbs, *nb;                        /* neighbend as CSR: nb[nbs[v] .. nbs[v + 1]) */
	int *mate;                            /* nv */
	int *label, *labelend;                /* 2 nv */
	int *inblossom;                       /* nv */
	int *parent, *base;                   /* 2 nv: blossomparent, blossombase */
	int *bestedge;                        /* 2 nv */
	struct ilist *childs, *endps, *bests; /* 2 nv: blossomchilds, blossomendps,
	                                       * blossombestedges */
	char *has_childs, *has_bests;         /* 2 nv: the list is not None */
	int *unused;                          /* nv: unusedblossoms (a stack) */
	int nunused;
	int64_t *dual; /* 2 nv */
	char *allow;   /* ne */
	struct ilist queue, tmp;
	int *bestto; /* 2 nv: addBlossom's bestedgeto */
	int oom;
};

static void push(struct mwm *m, struct ilist *l, int x)
{
	if (l->n == l->cap) {
		int ncap = l->cap ? l->cap * 2 : 8;
		int *n = realloc(l->v, (size_t)ncap * sizeof(*n));
		if (n == NULL) {
			m->oom = 1;
			return;
		}
		l->v = n;
		l->cap = ncap;
	}
	l->v[l->n++] = x;
}

static int64_t slack(const struct mwm *m, int k)
{
	return m->dual[m->e[k].i] + m->dual[m->e[k].j] - 2 * m->e[k].w;
}

/* Appends the vertices of blossom b to out. */
static void leaves(struct mwm *m, int b, struct ilist *out)
{
	if (b < m->nv) {
		push(m, out, b);
		return;
	}
	for (int i = 0; i < m->childs[b].n; i++)
		leaves(m, m->childs[b].v[i], out);
}

static void assign_label(struct mwm *m, int w, int t, int p)
{
	int b = m->inblossom[w];

	m->label[w] = m->label[b] = t;
	m->labelend[w] = m->labelend[b] = p;
	m->bestedge[w] = m->bestedge[b] = -1;
	if (t == 1) {
		leaves(m, b, &m->queue);
	} else if (t == 2) {
		int base = m->base[b];
		assign_label(m, m->endpoint[m->mate[base]], 1, m->mate[base] ^ 1);
	}
}

/* Traces back from v and w to a new blossom's base, or -1 (an augmenting path). */
static int scan_blossom(struct mwm *m, int v, int w)
{
	struct ilist path = {0};
	int base = -1;

	while (v != -1 || w != -1) {
		int b = m->inblossom[v];
		if (m->label[b] & 4) {
			base = m->base[b];
			break;
		}
		push(m, &path, b);
		m->label[b] = 5;
		if (m->labelend[b] == -1) {
			v = -1;
		} else {
			v = m->endpoint[m->labelend[b]];
			b = m->inblossom[v];
			v = m->endpoint[m->labelend[b]];
		}
		if (w != -1) {
			int t = v;
			v = w;
			w = t;
		}
	}
	for (int i = 0; i < path.n; i++)
		m->label[path.v[i]] = 1;
	free(path.v);
	return base;
}

static void reverse(int *a, int n)
{
	for (int i = 0, j = n - 1; i < j; i++, j--) {
		int t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

static void add_blossom(struct mwm *m, int base, int k)
{
	int v = m->e[k].i, w = m->e[k].j;
	int bb = m->inblossom[base], bv = m->inblossom[v], bw = m->inblossom[w];
	int b = m->unused[--m->nunused];
	struct ilist *path = &m->childs[b], *endps = &m->endps[b];

	m->base[b] = base;
	m->parent[b] = -1;
	m->parent[bb] = b;
	path->n = 0;
	endps->n = 0;
	m->has_childs[b] = 1;
	while (bv != bb) {
		m->parent[bv] = b;
		push(m, path, bv);
		push(m, endps, m->labelend[bv]);
		v = m->endpoint[m->labelend[bv]];
		bv = m->inblossom[v];
	}
	push(m, path, bb);
	reverse(path->v, path->n);
	reverse(endps->v, endps->n);
	push(m, endps, 2 * k);
	while (bw != bb) {
		m->parent[bw] = b;
		push(m, path, bw);
		push(m, endps, m->labelend[bw] ^ 1);
		w = m->endpoint[m->labelend[bw]];
		bw = m->inblossom[w];
	}
	m->label[b] = 1;
	m->labelend[b] = m->labelend[bb];
	m->dual[b] = 0;
	m->tmp.n = 0;
	leaves(m, b, &m->tmp);
	for (int i = 0; i < m->tmp.n; i++) {
		int x = m->tmp.v[i];
		if (m->label[m->inblossom[x]] == 2)
			push(m, &m->queue, x);
		m->inblossom[x] = b;
	}
	for (int i = 0; i < 2 * m->nv; i++)
		m->bestto[i] = -1;
	for (int c = 0; c < path->n; c++) {
		int child = path->v[c];
		struct ilist edges = {0};
		if (!m->has_bests[child]) {
			m->tmp.n = 0;
			leaves(m, child, &m->tmp);
			for (int li = 0; li < m->tmp.n; li++) {
				int x = m->tmp.v[li];
				for (int q = m->nbs[x]; q < m->nbs[x + 1]; q++)
					push(m, &edges, m->nb[q] / 2);
			}
		} else {
			for (int q = 0; q < m->bests[child].n; q++)
				push(m, &edges, m->bests[child].v[q]);
		}
		for (int q = 0; q < edges.n; q++) {
			int kk = edges.v[q], i = m->e[kk].i, j = m->e[kk].j, bj;
			if (m->inblossom[j] == b) {
				int t = i;
				i = j;
				j = t;
			}
			(void)i;
			bj = m->inblossom[j];
			if (bj != b && m->label[bj] == 1 &&
			    (m->bestto[bj] == -1 || slack(m, kk) < slack(m, m->bestto[bj])))
				m->bestto[bj] = kk;
		}
		free(edges.v);
		m->has_bests[child] = 0;
		m->bests[child].n = 0;
		m->bestedge[child] = -1;
	}
	m->bests[b].n = 0;
	m->has_bests[b] = 1;
	for (int i = 0; i < 2 * m->nv; i++)
		if (m->bestto[i] != -1)
			push(m, &m->bests[b], m->bestto[i]);
	m->bestedge[b] = -1;
	for (int q = 0; q < m->bests[b].n; q++) {
		int kk = m->bests[b].v[q];
		if (m->bestedge[b] == -1 || slack(m, kk) < slack(m, m->bestedge[b]))
			m->bestedge[b] = kk;
	}
}

static int index_of(const struct ilist *l, int x)
{
	for (int i = 0; i < l->n; i++)
		if (l->v[i] == x)
			return i;
	return -1;
}

/* childs[b][j] with Python's negative indexing. */
static int at(const struct ilist *l, int j)
{
	return l->v[j < 0 ? j + l->n : j];
}

static void expand_blossom(struct mwm *m, int b, int endstage)
{
	struct ilist *ch = &m->childs[b];

	for (int c = 0; c < ch->n; c++) {
		int s = ch->v[c];
		m->parent[s] = -1;
		if (s < m->nv) {
			m->inblossom[s] = s;
		} else if (endstage && m->dual[s] == 0) {
			expand_blossom(m, s, endstage);
		} else {
			struct ilist lv = {0};
			leaves(m, s, &lv);
			for (int i = 0; i < lv.n; i++)
				m->inblossom[lv.v[i]] = s;
			free(lv.v);
		}
	}
	if (!endstage && m->label[b] == 2) {
		int entrychild = m->inblossom[m->endpoint[m->labelend[b] ^ 1]];
		int j = index_of(ch, entrychild), jstep, endptrick, p, bv;
		if (j & 1) {
			j -= ch->n;
			jstep = 1;
			endptrick = 0;
		} else {
			jstep = -1;
			endptrick = 1;
		}
		p = m->labelend[b];
		while (j != 0) {
			m->label[m->endpoint[p ^ 1]] = 0;
			m->label[m->endpoint[at(&m->endps[b], j - endptrick) ^ endptrick ^ 1]] = 0;
			assign_label(m, m->endpoint[p ^ 1], 2, p);
			m->allow[at(&m->endps[b], j - endptrick) / 2] = 1;
			j += jstep;
			p = at(&m->endps[b], j - endptrick) ^ endptrick;
			m->allow[p / 2] = 1;
			j += jstep;
		}
		bv = at(ch, j);
		m->label[m->endpoint[p ^ 1]] = m->label[bv] = 2;
		m->labelend[m->endpoint[p ^ 1]] = m->labelend[bv] = p;
		m->bestedge[bv] = -1;
		j += jstep;
		while (at(ch, j) != entrychild) {
			struct ilist lv = {0};
			int v = -1;
			bv = at(ch, j);
			if (m->label[bv] == 1) {
				j += jstep;
				continue;
			}
			leaves(m, bv, &lv);
			for (int i = 0; i < lv.n; i++) {
				v = lv.v[i];
				if (m->label[v] != 0)
					break;
			}
			free(lv.v);
			if (v >= 0 && m->label[v] != 0) {
				m->label[v] = 0;
				m->label[m->endpoint[m->mate[m->base[bv]]]] = 0;
				assign_label(m, v, 2, m->labelend[v]);
			}
			j += jstep;
		}
	}
	m->label[b] = m->labelend[b] = -1;
	m->childs[b].n = 0;
	m->endps[b].n = 0;
	m->has_childs[b] = 0;
	m->base[b] = -1;
	m->bests[b].n = 0;
	m->has_bests[b] = 0;
	m->bestedge[b] = -1;
	m->unused[m->nunused++] = b;
}

/* Rotates l left by i. */
static void rotate(struct mwm *m, struct ilist *l, int i)
{
	int *n = malloc((size_t)(l->n ? l->n : 1) * sizeof(*n));

	if (n == NULL) {
		m->oom = 1;
		return;
	}
	for (int k = 0; k < l->n; k++)
		n[k] = l->v[(k + i) % l->n];
	memcpy(l->v, n, (size_t)l->n * sizeof(*n));
	free(n);
}

static void augment_blossom(struct mwm *m, int b, int v)
{
	struct ilist *ch = &m->childs[b];
	int t = v, i, j, jstep, endptrick;

	while (m->parent[t] != b)
		t = m->parent[t];
	if (t >= m->nv)
		augment_blossom(m, t, v);
	i = j = index_of(ch, t);
	if (i & 1) {
		j -= ch->n;
		jstep = 1;
		endptrick = 0;
	} else {
		jstep = -1;
		endptrick = 1;
	}
	while (j != 0) {
		int p;
		j += jstep;
		t = at(ch, j);
		p = at(&m->endps[b], j - endptrick) ^ endptrick;
		if (t >= m->nv)
			augment_blossom(m, t, m->endpoint[p]);
		j += jstep;
		t = at(ch, j);
		if (t >= m->nv)
			augment_blossom(m, t, m->endpoint[p ^ 1]);
		m->mate[m->endpoint[p]] = p ^ 1;
		m->mate[m->endpoint[p ^ 1]] = p;
	}
	rotate(m, ch, i);
	rotate(m, &m->endps[b], i);
	m->base[b] = m->base[ch->v[0]];
}

static void augment_matching(struct mwm *m, int k)
{
	int ends[2][2] = {{m->e[k].i, 2 * k + 1}, {m->e[k].j, 2 * k}};

	for (int side = 0; side < 2; side++) {
		int s = ends[side][0], p = ends[side][1];
		for (;;) {
			int bs = m->inblossom[s], t, bt, j;
			if (bs >= m->nv)
				augment_blossom(m, bs, s);
			m->mate[s] = p;
			if (m->labelend[bs] == -1)
				break;
			t = m->endpoint[m->labelend[bs]];
			bt = m->inblossom[t];
			s = m->endpoint[m->labelend[bt]];
			j = m->endpoint[m->labelend[bt] ^ 1];
			if (bt >= m->nv)
				augment_blossom(m, bt, j);
			m->mate[j] = m->labelend[bt];
			p = m->labelend[bt] ^ 1;
		}
	}
}

static void release(struct mwm *m)
{
	free(m->endpoint);
	free(m->nbs);
	free(m->nb);
	free(m->mate);
	free(m->label);
	free(m->labelend);
	free(m->inblossom);
	free(m->parent);
	free(m->base);
	free(m->bestedge);
	for (int i = 0; m->childs != NULL && i < 2 * m->nv; i++) {
		free(m->childs[i].v);
		free(m->endps[i].v);
		free(m->bests[i].v);
	}
	free(m->childs);
	free(m->endps);
	free(m->bests);
	free(m->has_childs);
	free(m->has_bests);
	free(m->unused);
	free(m->dual);
	free(m->allow);
	free(m->queue.v);
	free(m->tmp.v);
	free(m->bestto);
}

static int setup(struct mwm *m, int nv, const struct srv_mwm_edge *edges, int ne)
{
	size_t n2 = 2 * (size_t)nv;
	int64_t maxw = 0;

	m->nv = nv;
	m->ne = ne;
	m->e = edges;
	m->endpoint = malloc(sizeof(int) * (2 * (size_t)ne + 1));
	m->nbs = calloc((size_t)nv + 1, sizeof(int));
	m->nb = malloc(sizeof(int) * (2 * (size_t)ne + 1));
	m->mate = malloc(sizeof(int) * (size_t)nv);
	m->label = calloc(n2, sizeof(int));
	m->labelend = malloc(sizeof(int) * n2);
	m->inblossom = malloc(sizeof(int) * (size_t)nv);
	m->parent = malloc(sizeof(int) * n2);
	m->base = malloc(sizeof(int) * n2);
	m->bestedge = malloc(sizeof(int) * n2);
	m->childs = calloc(n2, sizeof(struct ilist));
	m->endps = calloc(n2, sizeof(struct ilist));
	m->bests = calloc(n2, sizeof(struct ilist));
	m->has_childs = calloc(n2, 1);
	m->has_bests = calloc(n2, 1);
	m->unused = malloc(sizeof(int) * (size_t)nv);
	m->dual = malloc(sizeof(int64_t) * n2);
	m->allow = calloc((size_t)ne + 1, 1);
	m->bestto = malloc(sizeof(int) * n2);
	if (!m->endpoint || !m->nbs || !m->nb || !m->mate || !m->label || !m->labelend ||
	    !m->inblossom || !m->parent || !m->base || !m->bestedge || !m->childs || !m->endps ||
	    !m->bests || !m->has_childs || !m->has_bests || !m->unused || !m->dual || !m->allow ||
	    !m->bestto)
		return -1;
	for (int k = 0; k < ne; k++) {
		m->endpoint[2 * k] = edges[k].i;
		m->endpoint[2 * k + 1] = edges[k].j;
		m->nbs[edges[k].i + 1]++;
		m->nbs[edges[k].j + 1]++;
		if (edges[k].w > maxw)
			maxw = edges[k].w;
	}
	for (int v = 0; v < nv; v++)
		m->nbs[v + 1] += m->nbs[v];
	{
		int *fill = calloc((size_t)nv + 1, sizeof(int));
		if (fill == NULL)
			return -1;
		/* neighbend[i] gets 2k+1, neighbend[j] gets 2k, in edge order */
		for (int k = 0; k < ne; k++) {
			m->nb[m->nbs[edges[k].i] + fill[edges[k].i]++] = 2 * k + 1;
			m->nb[m->nbs[edges[k].j] + fill[edges[k].j]++] = 2 * k;
		}
		free(fill);
	}
	for (int v = 0; v < nv; v++) {
		m->mate[v] = -1;
		m->inblossom[v] = v;
		m->unused[v] = nv + v;
	}
	m->nunused = nv;
	for (size_t b = 0; b < n2; b++) {
		m->labelend[b] = -1;
		m->parent[b] = -1;
		m->base[b] = b < (size_t)nv ? (int)b : -1;
		m->bestedge[b] = -1;
		m->dual[b] = b < (size_t)nv ? maxw : 0;
	}
	return 0;
}

/* One stage: grows alternating trees until an augmentation (1) or the optimum (0). */
static int stage(struct mwm *m, int maxcard)
{
	int nv = m->nv, augmented = 0;

	for (int i = 0; i < 2 * nv; i++) {
		m->label[i] = 0;
		m->bestedge[i] = -1;
		if (i >= nv) {
			m->has_bests[i] = 0;
			m->bests[i].n = 0;
		}
	}
	memset(m->allow, 0, (size_t)m->ne);
	m->queue.n = 0;
	for (int v = 0; v < nv; v++)
		if (m->mate[v] == -1 && m->label[m->inblossom[v]] == 0)
			assign_label(m, v, 1, -1);
	/* each iteration either augments (and ends the stage) or changes the duals; the number
	 * of dual changes per stage is O(n) (Galil), bounded here generously */
	for (long guard = 0; guard < 8L * nv * nv + 64 && !m->oom; guard++) {
		int deltatype = -1, deltaedge = -1, deltablossom = -1;
		int64_t delta = 0;
		while (m->queue.n > 0 && !augmented) {
			int v = m->queue.v[--m->queue.n];
			for (int q = m->nbs[v]; q < m->nbs[v + 1]; q++) {
				int p = m->nb[q], k = p / 2, w = m->endpoint[p];
				int64_t kslack = 0;
				if (m->inblossom[v] == m->inblossom[w])
					continue;
				if (!m->allow[k]) {
					kslack = slack(m, k);
					if (kslack <= 0)
						m->allow[k] = 1;
				}
				if (m->allow[k]) {
					if (m->label[m->inblossom[w]] == 0) {
						assign_label(m, w, 2, p ^ 1);
					} else if (m->label[m->inblossom[w]] == 1) {
						int base = scan_blossom(m, v, w);
						if (base >= 0) {
							add_blossom(m, base, k);
						} else {
							augment_matching(m, k);
							augmented = 1;
							break;
						}
					} else if (m->label[w] == 0) {
						m->label[w] = 2;
						m->labelend[w] = p ^ 1;
					}
				} else if (m->label[m->inblossom[w]] == 1) {
					int b = m->inblossom[v];
					if (m->bestedge[b] == -1 ||
					    kslack < slack(m, m->bestedge[b]))
						m->bestedge[b] = k;
				} else if (m->label[w] == 0) {
					if (m->bestedge[w] == -1 ||
					    kslack < slack(m, m->bestedge[w]))
						m->bestedge[w] = k;
				}
			}
		}
		if (augmented)
			return 1;
		if (!maxcard) {
			deltatype = 1;
			delta = m->dual[0];
			for (int v = 1; v < nv; v++)
				if (m->dual[v] < delta)
					delta = m->dual[v];
		}
		for (int v = 0; v < nv; v++) {
			if (m->label[m->inblossom[v]] == 0 && m->bestedge[v] != -1) {
				int64_t d = slack(m, m->bestedge[v]);
				if (deltatype == -1 || d < delta) {
					delta = d;
					deltatype = 2;
					deltaedge = m->bestedge[v];
				}
			}
		}
		for (int b = 0; b < 2 * nv; b++) {
			if (m->parent[b] == -1 && m->label[b] == 1 && m->bestedge[b] != -1) {
				int64_t d = slack(m, m->bestedge[b]) / 2;
				if (deltatype == -1 || d < delta) {
					delta = d;
					deltatype = 3;
					deltaedge = m->bestedge[b];
				}
			}
		}
		for (int b = nv; b < 2 * nv; b++) {
			if (m->base[b] >= 0 && m->parent[b] == -1 && m->label[b] == 2 &&
			    (deltatype == -1 || m->dual[b] < delta)) {
				delta = m->dual[b];
				deltatype = 4;
				deltablossom = b;
			}
		}
		if (deltatype == -1) {
			/* maxcard: no further augmentation; go to the optimum of the current
			 * cardinality */
			deltatype = 1;
			delta = m->dual[0];
			for (int v = 1; v < nv; v++)
				if (m->dual[v] < delta)
					delta = m->dual[v];
			if (delta < 0)
				delta = 0;
		}
		for (int v = 0; v < nv; v++) {
			if (m->label[m->inblossom[v]] == 1)
				m->dual[v] -= delta;
			else if (m->label[m->inblossom[v]] == 2)
				m->dual[v] += delta;
		}
		for (int b = nv; b < 2 * nv; b++) {
			if (m->base[b] >= 0 && m->parent[b] == -1) {
				if (m->label[b] == 1)
					m->dual[b] += delta;
				else if (m->label[b] == 2)
					m->dual[b] -= delta;
			}
		}
		if (deltatype == 1) {
			return 0;
		} else if (deltatype == 2) {
			int i = m->e[deltaedge].i, j = m->e[deltaedge].j;
			m->allow[deltaedge] = 1;
			if (m->label[m->inblossom[i]] == 0)
				i = j;
			push(m, &m->queue, i);
		} else if (deltatype == 3) {
			m->allow[deltaedge] = 1;
			push(m, &m->queue, m->e[deltaedge].i);
		} else {
			expand_blossom(m, deltablossom, 0);
		}
	}
	return 0;
}

int srv_mwm(int nvertices, const struct srv_mwm_edge *edges, size_t nedges, int maxcard, int *mate)
{
	struct mwm m;
	int rc = 0;

	if (nvertices <= 0)
		return 0;
	for (size_t k = 0; k < nedges; k++)
		if (edges[k].i < 0 || edges[k].j < 0 || edges[k].i >= nvertices ||
		    edges[k].j >= nvertices || edges[k].i == edges[k].j)
			return -1;
	memset(&m, 0, sizeof(m));
	if (nedges > 1000000 || setup(&m, nvertices, edges, (int)nedges) != 0) {
		release(&m);
		return -1;
	}
	for (int t = 0; t < nvertices && !m.oom; t++) {
		if (!stage(&m, maxcard))
			break;
		/* end of a stage: expand the S-blossoms whose dual is 0 */
		for (int b = nvertices; b < 2 * nvertices; b++)
			if (m.parent[b] == -1 && m.base[b] >= 0 && m.label[b] == 1 &&
			    m.dual[b] == 0)
				expand_blossom(&m, b, 1);
	}
	if (m.oom) {
		rc = -1;
	} else {
		for (int v = 0; v < nvertices; v++)
			mate[v] = m.mate[v] >= 0 ? m.endpoint[m.mate[v]] : -1;
	}
	release(&m);
	return rc;
}
