/*
 * hex.c -- hex grid geometry in doubled coordinates.  See hex.h.
 */
#include "hex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int pow10_tab[] = {1, 10, 100, 1000, 10000};

/* Doubled-coordinate steps per direction: (dx, dv). */
static const int dir_dx[RULES_HEX_DIRS] = {0, 1, 1, 0, -1, -1};
static const int dir_dv[RULES_HEX_DIRS] = {-2, -1, 1, 2, 1, -1};

int rules_hex_grid_init(struct rules_hex_grid *g, int col_min, int col_max, int row_min,
                        int row_max, int shifted_parity, int digits)
{
	if (digits < 1 || digits > 4 || shifted_parity < 0 || shifted_parity > 1)
		return -1;
	if (col_min < 0 || row_min < 0 || col_max < col_min || row_max < row_min)
		return -1;
	if (col_max >= pow10_tab[digits] || row_max >= pow10_tab[digits])
		return -1;
	if ((long)(col_max - col_min + 1) * (row_max - row_min + 1) > 65536)
		return -1;
	memset(g, 0, sizeof(*g));
	g->col_min = col_min;
	g->col_max = col_max;
	g->row_min = row_min;
	g->row_max = row_max;
	g->shifted_parity = shifted_parity;
	g->digits = digits;
	g->ncols = col_max - col_min + 1;
	g->nrows = row_max - row_min + 1;
	g->count = g->ncols * g->nrows;
	return 0;
}

int rules_hex_col_shifted(const struct rules_hex_grid *g, int col)
{
	int odd = ((col % 2) + 2) % 2;
	return g->shifted_parity == 0 ? odd == 0 : odd == 1;
}

int rules_hex_index(const struct rules_hex_grid *g, int col, int row)
{
	if (col < g->col_min || col > g->col_max || row < g->row_min || row > g->row_max)
		return -1;
	return (col - g->col_min) * g->nrows + (row - g->row_min);
}

int rules_hex_col(const struct rules_hex_grid *g, int i)
{
	return g->col_min + i / g->nrows;
}

int rules_hex_row(const struct rules_hex_grid *g, int i)
{
	return g->row_min + i % g->nrows;
}

int rules_hex_parse(const struct rules_hex_grid *g, const char *id)
{
	int col = 0, row = 0;
	size_t len;

	if (id == NULL)
		return -1;
	len = strlen(id);
	if (len != (size_t)(2 * g->digits))
		return -1;
	for (size_t k = 0; k < len; k++) {
		if (id[k] < '0' || id[k] > '9')
			return -1;
		if ((int)k < g->digits)
			col = col * 10 + (id[k] - '0');
		else
			row = row * 10 + (id[k] - '0');
	}
	return rules_hex_index(g, col, row);
}

/* Writes v (0 <= v < 10^n, which the grid guarantees) as n digits, zero-padded. */
static void put_digits(char *out, int v, int n)
{
	for (int k = n - 1; k >= 0; k--) {
		out[k] = (char)('0' + v % 10);
		v /= 10;
	}
}

char *rules_hex_format(const struct rules_hex_grid *g, int i, char *buf)
{
	if (i < 0 || i >= g->count) {
		snprintf(buf, RULES_HEX_ID_MAX, "????");
		return buf;
	}
	/* by hand, not snprintf: ids are formatted on hot paths (events, refusals, views) */
	put_digits(buf, rules_hex_col(g, i), g->digits);
	put_digits(buf + g->digits, rules_hex_row(g, i), g->digits);
	buf[2 * g->digits] = '\0';
	return buf;
}

static int doubled_v(const struct rules_hex_grid *g, int col, int row)
{
	return 2 * row + rules_hex_col_shifted(g, col);
}

int rules_hex_neighbour(const struct rules_hex_grid *g, int i, int d)
{
	int col, v, ncol, nv;

	if (i < 0 || i >= g->count || d < 0 || d >= RULES_HEX_DIRS)
		return -1;
	col = rules_hex_col(g, i);
	v = doubled_v(g, col, rules_hex_row(g, i));
	ncol = col + dir_dx[d];
	nv = v + dir_dv[d] - rules_hex_col_shifted(g, ncol);
	/* nv is even by construction: it is twice the neighbour's row */
	return rules_hex_index(g, ncol, nv / 2);
}

int rules_hex_direction(const struct rules_hex_grid *g, int a, int b)
{
	int ca, cb, dx, dv;

	if (a < 0 || b < 0 || a == b || a >= g->count || b >= g->count)
		return -1;
	/* from the doubled coordinates of both hexes, not six neighbour lookups */
	ca = rules_hex_col(g, a);
	cb = rules_hex_col(g, b);
	dx = cb - ca;
	dv = doubled_v(g, cb, rules_hex_row(g, b)) - doubled_v(g, ca, rules_hex_row(g, a));
	for (int d = 0; d < RULES_HEX_DIRS; d++)
		if (dir_dx[d] == dx && dir_dv[d] == dv)
			return d;
	return -1;
}

int rules_hex_adjacent(const struct rules_hex_grid *g, int a, int b)
{
	return rules_hex_direction(g, a, b) >= 0;
}

int rules_hex_distance_cr(const struct rules_hex_grid *g, int c1, int r1, int c2, int r2)
{
	int dx = abs(c1 - c2);
	int dv = abs(doubled_v(g, c1, r1) - doubled_v(g, c2, r2));

	return dx + (dv > dx ? (dv - dx) / 2 : 0);
}

int rules_hex_distance(const struct rules_hex_grid *g, int a, int b)
{
	return rules_hex_distance_cr(g, rules_hex_col(g, a), rules_hex_row(g, a),
	                             rules_hex_col(g, b), rules_hex_row(g, b));
}

int rules_hex_side_count(const struct rules_hex_grid *g)
{
	return 3 * g->count;
}

int rules_hex_side(const struct rules_hex_grid *g, int i, int d)
{
	int n = rules_hex_neighbour(g, i, d);

	if (n < 0)
		return -1;
	if (d < 3)
		return 3 * i + d;
	return 3 * n + (d - 3);
}

int rules_hex_side_between(const struct rules_hex_grid *g, int a, int b)
{
	int d = rules_hex_direction(g, a, b);

	return d < 0 ? -1 : rules_hex_side(g, a, d);
}

int rules_hex_side_hexes(const struct rules_hex_grid *g, int s, int *a, int *b)
{
	int i, n;

	if (s < 0 || s >= 3 * g->count)
		return -1;
	i = s / 3;
	n = rules_hex_neighbour(g, i, s % 3);
	if (n < 0)
		return -1;
	*a = i < n ? i : n;
	*b = i < n ? n : i;
	return 0;
}

int rules_hex_on_edge(const struct rules_hex_grid *g, int i)
{
	for (int d = 0; d < RULES_HEX_DIRS; d++)
		if (rules_hex_neighbour(g, i, d) < 0)
			return 1;
	return 0;
}

int rules_hex_path_check(const struct rules_hex_grid *g, const int *path, size_t n)
{
	if (n == 0)
		return -1;
	if (path[0] < 0 || path[0] >= g->count)
		return 0;
	for (size_t k = 1; k < n; k++)
		if (path[k] < 0 || path[k] >= g->count ||
		    !rules_hex_adjacent(g, path[k - 1], path[k]))
			return (int)k;
	return -1;
}
