"""Hex grid helpers for the Meuse Argonne map (python3, standard library only).

Printed ids are XXYY: XX the column (01..24), YY the row (01..22).  Hexes are
flat-topped in vertical columns and EVEN columns are shifted half a hex toward
higher YY (shared/geo/README.md, section 2: the proposed Meuse-Argonne grid):

    even XX: (x, y-1) (x, y+1) (x-1, y) (x+1, y) (x-1, y+1) (x+1, y+1)
    odd  XX: (x, y-1) (x, y+1) (x-1, y) (x+1, y) (x-1, y-1) (x+1, y-1)

This is the same convention as rules/core/hex.c with "shifted_columns": "even".
"""
import math

COLS = (1, 24)
ROWS = (1, 22)
SQ3_2 = math.sqrt(3.0) / 2.0


def hid(x, y):
    return "%02d%02d" % (x, y)


def xy(h):
    return int(h[:-2]), int(h[-2:])


def on_map(x, y):
    return COLS[0] <= x <= COLS[1] and ROWS[0] <= y <= ROWS[1]


def all_hexes():
    return [hid(x, y) for x in range(COLS[0], COLS[1] + 1) for y in range(ROWS[0], ROWS[1] + 1)]


def neighbours(h):
    x, y = xy(h)
    if x % 2 == 0:
        cand = [(x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y), (x - 1, y + 1), (x + 1, y + 1)]
    else:
        cand = [(x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y), (x - 1, y - 1), (x + 1, y - 1)]
    return [hid(a, b) for a, b in cand if on_map(a, b)]


def adjacent(a, b):
    return b in neighbours(a)


def side_key(a, b):
    """A hexside as a sorted tuple of its two hexes."""
    return (a, b) if a < b else (b, a)


def _doubled_v(x, y):
    return 2 * y + (1 if x % 2 == 0 else 0)


def distance(a, b):
    """Hex distance, the formula of rules/core/hex.c (doubled coordinates)."""
    (x1, y1), (x2, y2) = xy(a), xy(b)
    dx = abs(x1 - x2)
    dv = abs(_doubled_v(x1, y1) - _doubled_v(x2, y2))
    return dx + ((dv - dx) // 2 if dv > dx else 0)


def lattice(h):
    """(u, v) lattice coordinates of the hex centre (shared/geo/README.md)."""
    x, y = xy(h)
    return float(x), y + (0.5 if x % 2 == 0 else 0.0)


def paper(h):
    u, v = lattice(h)
    return u * SQ3_2, v


def segments_intersect(p1, p2, p3, p4):
    """True if segment p1-p2 properly crosses segment p3-p4 (touching counts)."""
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1 = orient(p3, p4, p1)
    d2 = orient(p3, p4, p2)
    d3 = orient(p1, p2, p3)
    d4 = orient(p1, p2, p4)
    return ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0))


def bfs(start, passable, step_ok=None):
    """Hexes reachable from start (a hex or a list) through passable hexes; step_ok(a, b)
    may refuse a hexside."""
    todo = list(start) if isinstance(start, (list, tuple, set)) else [start]
    seen = set(todo)
    while todo:
        h = todo.pop()
        for n in neighbours(h):
            if n in seen or not passable(n):
                continue
            if step_ok is not None and not step_ok(h, n):
                continue
            seen.add(n)
            todo.append(n)
    return seen
