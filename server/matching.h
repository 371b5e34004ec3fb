/*
 * matching.h -- maximum-weight matching in a general graph (Edmonds' blossom
 * algorithm with dual variables, O(n^3)), pure: no I/O, no globals.  A C port
 * of Joris van Rantwijk's mwmatching.py (public domain), which is also what
 * NetworkX uses; the Swiss pairing (pairing.c) encodes its priorities as
 * integer edge weights and asks for a maximum-cardinality matching of maximum
 * weight, as bbpPairings does with its own blossom code.
 *
 * Integer weights keep every dual variable an integer (the algorithm doubles
 * them), so the result is exact and deterministic: the same edges in the same
 * order give the same matching.
 */
#ifndef SRV_MATCHING_H
#define SRV_MATCHING_H

#include <stddef.h>
#include <stdint.h>

struct srv_mwm_edge {
	int i, j;  /* vertices, 0 <= i, j < nvertices, i != j */
	int64_t w; /* weight (>= 0 keeps the arithmetic far from overflow) */
};

/*
 * Computes a matching of maximum weight; with maxcard, of maximum weight among those of
 * maximum cardinality.  mate[v] (nvertices entries, caller's) receives v's partner or -1.
 * Returns 0, or -1 when out of memory or an edge is out of range (mate untouched).
 */
int srv_mwm(int nvertices, const struct srv_mwm_edge *edges, size_t nedges, int maxcard, int *mate);

#endif
