"""Hex grid of The Scheldt Campaign map (python3, standard library only).

Printed ids are XXYY: XX the column (04..29, west to east), YY the row (01..10, north to
south).  Hexes are flat-topped in vertical columns and ODD columns are shifted half a hex
toward higher YY ("shifted_columns": "odd", docs/data-format.md "grid"):

    odd  XX: (x, y-1) (x, y+1) (x-1, y) (x+1, y) (x-1, y+1) (x+1, y+1)
    even XX: (x, y-1) (x, y+1) (x-1, y) (x+1, y) (x-1, y-1) (x+1, y-1)

This is the convention of rules/core/hex.c with shifted parity "odd".

The grid is the proposed 6 km grid of shared/geo/scheldt_campaign.json (columns 01..26,
rows 01..10, EVEN columns shifted) renumbered with a column offset of +3: geo hex
(x, y) is our hex (x + 3, y).  Adding an odd number to every column swaps the parity of
the shifted columns, which is why ours are the odd ones; adjacency is unchanged
(verify_geo_mapping() proves it on every hexside of the geo file).  With the offset
Knokke is in column 04 and the Braakman between columns 10 and 11, so that the Breskens
Pocket's eastern bound is hex column 10xx (rule 13.3.2).
"""
import math

COL_OFFSET = 3
COLS = (4, 29)
ROWS = (1, 10)
SQ3_2 = math.sqrt(3.0) / 2.0


def hid(x, y):
    return "%02d%02d" % (x, y)


def xy(h):
    return int(h[:-2]), int(h[-2:])


def on_map(x, y):
    return COLS[0] <= x <= COLS[1] and ROWS[0] <= y <= ROWS[1]


def valid(h):
    if not isinstance(h, str) or len(h) != 4 or not h.isdigit():
        return False
    return on_map(*xy(h))


def all_hexes():
    return [hid(x, y) for x in range(COLS[0], COLS[1] + 1) for y in range(ROWS[0], ROWS[1] + 1)]


def shifted(x):
    return x % 2 == 1


def neighbours(h):
    x, y = xy(h)
    d = 1 if shifted(x) else -1
    cand = [(x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y), (x - 1, y + d), (x + 1, y + d)]
    return [hid(a, b) for a, b in cand if on_map(a, b)]


def adjacent(a, b):
    return b in neighbours(a)


def side_key(a, b):
    """A hexside as a sorted tuple of its two hexes."""
    return (a, b) if a < b else (b, a)


def _doubled_v(x, y):
    return 2 * y + (1 if shifted(x) else 0)


def distance(a, b):
    """Hex distance (doubled coordinates, as rules/core/hex.c)."""
    (x1, y1), (x2, y2) = xy(a), xy(b)
    dx = abs(x1 - x2)
    dv = abs(_doubled_v(x1, y1) - _doubled_v(x2, y2))
    return dx + ((dv - dx) // 2 if dv > dx else 0)


def from_geo(g):
    """Our id of geo hex g ("0107" -> "0407")."""
    x, y = xy(g)
    return hid(x + COL_OFFSET, y)


def to_geo(h):
    x, y = xy(h)
    return hid(x - COL_OFFSET, y)


def lattice(h):
    """(u, v) of the hex centre on the geo lattice (shared/geo/README.md)."""
    x, y = xy(h)
    gx = x - COL_OFFSET
    return float(gx), y + (0.5 if gx % 2 == 0 else 0.0)


def paper(h):
    u, v = lattice(h)
    return u * SQ3_2, v


def segments_intersect(p1, p2, p3, p4):
    """True if segment p1-p2 properly crosses segment p3-p4."""
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1 = orient(p3, p4, p1)
    d2 = orient(p3, p4, p2)
    d3 = orient(p1, p2, p3)
    d4 = orient(p1, p2, p4)
    return ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0))


def bfs(start, passable, step_ok=None):
    """Hexes reachable from start (a hex or a collection) through passable hexes;
    step_ok(a, b) may refuse a hexside."""
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


def verify_geo_mapping(geo_doc):
    """Problems (a list of strings) with the renumbering: every hex of the geo file must
    map onto our grid, and every geo hexside (the geo neighbour rule) must join two hexes
    that are neighbours on our grid, and no others."""
    probs = []
    geo_ids = {h["id"] for h in geo_doc["hexes"]}
    ours = {from_geo(g) for g in geo_ids}
    if ours != set(all_hexes()):
        probs.append("geo hexes do not map onto columns %02d..%02d, rows %02d..%02d" % (COLS + ROWS))
    pairs = set()
    for s in geo_doc["hexsides"]:
        a, b = from_geo(s["hex"]), from_geo(s["to"])
        if not adjacent(a, b):
            probs.append("geo hexside %s/%s maps to %s/%s, not neighbours" % (s["hex"], s["to"], a, b))
        pairs.add(side_key(a, b))
    ours_pairs = {side_key(h, n) for h in all_hexes() for n in neighbours(h)}
    if pairs != ours_pairs:
        probs.append("hexsides differ: %d geo, %d on our grid" % (len(pairs), len(ours_pairs)))
    return probs
