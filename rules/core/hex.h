/*
 * hex.h -- the hex grid shared by every hex-map game: printed XXYY hex ids,
 * dense indexes, neighbours, directions, distance, hexside identity, paths.
 *
 * Geometry (computed, never listed by hand):
 *   - hexes are flat-topped and stand in vertical columns; XX is the column,
 *     YY the row, both printed with `digits` digits each ("2637" = column 26,
 *     row 37 with digits = 2);
 *   - one column parity is "shifted": its hexes sit half a hex toward higher
 *     YY.  The parity is data (struct rules_hex_grid.shifted_parity): 0 means
 *     even XX columns are shifted (the convention of shared/geo/README.md and
 *     of both F&M maps), 1 means odd XX columns are shifted;
 *   - internally a hex has "doubled" coordinates (x, v) with x = XX and
 *     v = 2*YY + (1 if the column is shifted).  Neighbours differ by
 *     (0, +-2) or (+-1, +-1); distance is dx + max(0, (|dv| - dx) / 2).
 *
 * Directions, clockwise from the top of the sheet (lower YY):
 *
 *            0 (N)
 *      5 (NW)     1 (NE)
 *      4 (SW)     2 (SE)
 *            3 (S)
 *
 * opposite(d) = (d + 3) % 6.
 *
 * Indexes: every hex of the rectangle columns [col_min, col_max] x rows
 * [row_min, row_max] has a dense index 0 .. count-1 (column-major).  A
 * hexside between two on-map hexes has a dense index 0 .. 3*count-1: the
 * side in direction d < 3 of hex i is 3*i + d, the side in direction d >= 3
 * is the side (d - 3) of the neighbour.  Sides toward off-map hexes have no
 * index (-1).
 *
 * The grid is plain data: no allocation, no globals.  Every function is pure.
 */
#ifndef RULES_HEX_H
#define RULES_HEX_H

#include <stddef.h>

#define RULES_HEX_DIRS   6
#define RULES_HEX_ID_MAX 16 /* buffer size for a formatted hex id */

struct rules_hex_grid {
	int col_min, col_max; /* printed XX range, inclusive */
	int row_min, row_max; /* printed YY range, inclusive */
	int shifted_parity;   /* 0: even XX shifted toward higher YY; 1: odd XX */
	int digits;           /* digits of XX and of YY in a printed id (1..4) */
	int ncols, nrows;     /* derived */
	int count;            /* ncols * nrows */
};

/*
 * Fills g for the given ranges.  Returns 0, or -1 when a range is empty,
 * a number does not fit in `digits` digits, parity is not 0/1 or the grid
 * would exceed 65536 hexes.
 */
int rules_hex_grid_init(struct rules_hex_grid *g, int col_min, int col_max, int row_min,
                        int row_max, int shifted_parity, int digits);

/* 1 if column XX is a shifted column. */
int rules_hex_col_shifted(const struct rules_hex_grid *g, int col);
/* Dense index of (col,row), or -1 if off the grid. */
int rules_hex_index(const struct rules_hex_grid *g, int col, int row);
/* Printed column / row of index i (i must be valid). */
int rules_hex_col(const struct rules_hex_grid *g, int i);
int rules_hex_row(const struct rules_hex_grid *g, int i);

/*
 * Parses a printed id ("2637") into an index.  Exactly 2*digits decimal
 * digits; returns the index or -1 (malformed or off the grid).
 */
int rules_hex_parse(const struct rules_hex_grid *g, const char *id);
/* Writes the printed id of index i into buf (size >= RULES_HEX_ID_MAX); returns buf. */
char *rules_hex_format(const struct rules_hex_grid *g, int i, char *buf);

/* The neighbour of i in direction d (0..5), or -1 if it is off the grid. */
int rules_hex_neighbour(const struct rules_hex_grid *g, int i, int d);
/* The direction from a to an adjacent b (0..5), or -1 if not adjacent. */
int rules_hex_direction(const struct rules_hex_grid *g, int a, int b);
/* 1 if a and b are adjacent (distinct and sharing a hexside). */
int rules_hex_adjacent(const struct rules_hex_grid *g, int a, int b);
/* Hex distance (number of steps) between a and b. */
int rules_hex_distance(const struct rules_hex_grid *g, int a, int b);
/* Distance between printed coordinates, on or off the grid. */
int rules_hex_distance_cr(const struct rules_hex_grid *g, int c1, int r1, int c2, int r2);

/* Number of hexside slots (3 * count). */
int rules_hex_side_count(const struct rules_hex_grid *g);
/* The hexside index of the side of i in direction d, or -1 toward off-map. */
int rules_hex_side(const struct rules_hex_grid *g, int i, int d);
/* The hexside index between adjacent a and b, or -1 if not adjacent. */
int rules_hex_side_between(const struct rules_hex_grid *g, int a, int b);
/* The two hexes of hexside s (a < b by index); returns 0 or -1 if s is invalid. */
int rules_hex_side_hexes(const struct rules_hex_grid *g, int s, int *a, int *b);

/* 1 if i touches the map edge (has at least one off-grid neighbour). */
int rules_hex_on_edge(const struct rules_hex_grid *g, int i);

/*
 * Checks a path of n hex indexes: every index valid and each consecutive
 * pair adjacent.  Returns -1 if the path is good, else the position (1..n-1)
 * of the first hex that is not adjacent to its predecessor (0 if path[0] is
 * invalid).
 */
int rules_hex_path_check(const struct rules_hex_grid *g, const int *path, size_t n);

#endif
