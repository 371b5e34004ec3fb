#!/usr/bin/env python3
"""Generator of data/meuse-argonne.json (Meuse Argonne: The Final Offensive, F&M).

    python3 tools/meuse_argonne/gen.py [--geo PATH] [--out data/meuse-argonne.json]
                                       [--keep-exclusive] [--map] [--dry-run]

AUTHORITY.  The committed data/meuse-argonne.json is the authoritative scenario file.
This generator only records how its first version was approximated, so that the
approximation can be reproduced and reviewed.  A person who owns the printed map and
counters corrects data/meuse-argonne.json directly (every hex, hexside and unit names its
source); nothing in the build runs this script, and re-running it overwrites such
corrections unless they are also made in tools/meuse_argonne/facts.json or game.json.
--keep-exclusive carries the "exclusive" member (the meuse_argonne module's data) over from
the file it overwrites instead of taking it from game.json, for when the module's owner has
edited it in place.

INPUTS.
  * shared/geo/meuse_argonne.json: the proposed 3.2 km north-up grid over the real ground
    (shared/geo/README.md section 2): the WDBII Meuse (level 2) and Aisne (level 4)
    crossings of every hexside, the hand-placed Aire line, the transform and place
    coordinates.  Every hex is land.
  * tools/meuse_argonne/facts.json: the map facts written by hand: woods and rises
    (polygons of general knowledge, no data set has land cover), towns, the fortresses,
    the German entry towns, the trench lines (the Stellung, 2nd Tier Trenches and
    Fortifications, placed on the German positions of 1918), bridges, rivers.
  * tools/meuse_argonne/game.json: header, charts, counters, turn track, markers,
    victory, and the exclusive object.

Python 3, standard library only.  The output is deterministic.
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import hexgrid as G  # noqa: E402

DEFAULT_GEO = os.path.abspath(os.path.join(ROOT, "..", "shared", "geo", "meuse_argonne.json"))
BASE = ("clear", "woods", "rise")          # base terrain of a hex (one or two of them)
FEATURES = ("town", "fortress", "stellung", "tier2_trench", "fortification")


class Geo:
    """The parts of shared/geo/meuse_argonne.json the generator uses."""

    def __init__(self, path):
        with open(path) as fh:
            self.d = json.load(fh)
        t = self.d["transform"]
        self.a = t["hex_to_latlon"]["lat"]
        self.b = t["hex_to_latlon"]["lon"]
        self.iu = t["latlon_to_lattice"]["u"]
        self.iv = t["latlon_to_lattice"]["v"]
        self.sides = {}
        for s in self.d["hexsides"]:
            self.sides[G.side_key(s["hex"], s["to"])] = s
        self.features = {f["name"].split(",")[0]: f for f in self.d["approx_features"]}

    def lattice_of(self, lat, lon):
        return (self.iu[0] * lat + self.iu[1] * lon + self.iu[2],
                self.iv[0] * lat + self.iv[1] * lon + self.iv[2])

    def paper_of(self, lat, lon):
        u, v = self.lattice_of(lat, lon)
        return u * G.SQ3_2, v

    def lon_of_column(self, x):
        return self.b[0] * x + self.b[2]

    def latlon(self, h):
        u, v = G.lattice(h)
        return self.a[0] * u + self.a[1] * v + self.a[2], self.b[0] * u + self.b[1] * v + self.b[2]

    def hex_of(self, lat, lon):
        """The hex whose centre is nearest in paper space (shared/geo/tools/hexgeo.py)."""
        px, py = self.paper_of(lat, lon)
        best = None
        for h in G.all_hexes():
            qx, qy = G.paper(h)
            dd = (qx - px) ** 2 + (qy - py) ** 2
            if best is None or dd < best[0] - 1e-12:
                best = (dd, h)
        return best[1]


def inside(poly, lat, lon):
    """Even-odd rule: is (lat, lon) inside the polygon of [lat, lon] points?"""
    n = len(poly)
    c = False
    for i in range(n):
        (y1, x1), (y2, x2) = poly[i], poly[(i + 1) % n]
        if (y1 > lat) != (y2 > lat):
            xc = x1 + (lat - y1) * (x2 - x1) / (y2 - y1)
            if lon < xc:
                c = not c
    return c


def polyline_hexsides(geo, latlons):
    """Hexsides whose centre-to-centre segment crosses the polyline an odd number of times."""
    pts = [geo.paper_of(a, b) for a, b in latlons]
    out = set()
    for h in G.all_hexes():
        for n in G.neighbours(h):
            if n < h:
                continue
            p, q = G.paper(h), G.paper(n)
            k = sum(1 for i in range(len(pts) - 1) if G.segments_intersect(p, q, pts[i], pts[i + 1]))
            if k % 2 == 1:
                out.add(G.side_key(h, n))
    return out


def interp(points, lon):
    """Latitude of the polyline of [lat, lon] points (sorted by lon) at lon, clamped."""
    if lon <= points[0][1]:
        return points[0][0]
    for (la1, lo1), (la2, lo2) in zip(points, points[1:]):
        if lo1 <= lon <= lo2:
            return la1 + (la2 - la1) * (lon - lo1) / (lo2 - lo1)
    return points[-1][0]


def row_at(x, v):
    """The row of column x whose centre is nearest to lattice v (half rows round south)."""
    off = 0.5 if x % 2 == 0 else 0.0
    y = int(v - off + 0.5)
    return max(G.ROWS[0], min(G.ROWS[1], y))


def trench_chain(geo, line):
    """The German-side hexes of a trench line: one hex per column at the interpolated
    latitude, and the hexes that join consecutive columns (so that every hex of the chain
    touches the next).  Returns {column: [rows]} with contiguous rows."""
    c0, c1 = line["columns"]
    pts = sorted(line["points"], key=lambda p: p[1])
    rows = {}
    for x in range(c0, c1 + 1):
        lat = interp(pts, geo.lon_of_column(x))
        _, v = geo.lattice_of(lat, geo.lon_of_column(x))
        rows[x] = [row_at(x, v)]
    for x in range(c0, c1):
        target = rows[x + 1][0]
        # rows of column x+1 adjacent to some chain hex of column x
        adj = set()
        for y in rows[x]:
            for n in G.neighbours(G.hid(x, y)):
                nx, ny = G.xy(n)
                if nx == x + 1:
                    adj.add(ny)
        if target in adj:
            continue
        start = min(adj, key=lambda y: abs(y - target))
        step = 1 if target > start else -1
        fill = list(range(start, target, step))
        rows[x + 1] = sorted(set(rows[x + 1]) | set(fill))
    return rows


class Builder:
    def __init__(self, geo, facts, game):
        self.geo = geo
        self.f = facts
        self.g = game
        self.base = {h: {"clear"} for h in G.all_hexes()}
        self.base_src = {h: [] for h in G.all_hexes()}
        self.feat = {}        # hex -> {feature: (source, verify)}
        self.names = {}       # hex -> (name, source, verify)
        self.sides = {}       # side key -> [(feature, source, verify)]
        self.bridges = {}     # side key -> source
        self.zones = {}
        self.zone_src = {}
        self.chains = {}      # trench line id -> {column: [rows]}
        self.entry = []       # German entry town hexes
        self.log = []

    # ---- hexes -------------------------------------------------------------

    def land_cover(self):
        for kind, key in (("woods", "woods"), ("rise", "rises")):
            for area in self.f[key]:
                hexes = set()
                if "polygon" in area:
                    for h in G.all_hexes():
                        la, lo = self.geo.latlon(h)
                        if inside(area["polygon"], la, lo):
                            hexes.add(h)
                for la, lo in area.get("points", []):
                    hexes.add(self.geo.hex_of(la, lo))
                if not hexes:
                    raise SystemExit("facts: %s %s covers no hex centre" % (kind, area["name"]))
                for h in sorted(hexes):
                    self.base[h].discard("clear")
                    self.base[h].add(kind)
                    self.base_src[h].append("%s (%s)" % (area["source"], area["name"]))
                if area.get("zone"):
                    self.zones.setdefault(area["zone"], set()).update(hexes)
        for h in G.all_hexes():
            if not self.base_src[h]:
                self.base_src[h].append("approximated: clear, no woods or rise known here (general knowledge; "
                                        "no data set gives land cover)")

    def add_feature(self, h, feature, source, verify=False):
        if feature in self.feat.get(h, {}):
            raise SystemExit("facts: hex %s has feature %s twice" % (h, feature))
        self.feat.setdefault(h, {})[feature] = (source, verify)

    def places(self):
        for p in self.f["places"]:
            h = p.get("hex") or self.geo.hex_of(*p["latlon"])
            x, y = G.xy(h)
            if not G.on_map(x, y):
                raise SystemExit("facts: place %s off the map" % p["name"])
            if h in self.names:
                self.log.append("place %s in %s: the hex keeps the name %s" % (p["name"], h, self.names[h][0]))
            else:
                self.names[h] = (p["name"], p["source"], p.get("verify", False))
            if p.get("terrain"):
                self.add_feature(h, p["terrain"], p["source"], p.get("verify", False))
            if p.get("entry"):
                if not (y == G.ROWS[0] or x == G.COLS[1]):
                    raise SystemExit("facts: entry town %s (%s) is not on the north or east edge" % (p["name"], h))
                self.entry.append(h)

    def trenches(self):
        owner = {}
        for line in self.f["trench_lines"]:
            rows = trench_chain(self.geo, line)
            self.chains[line["id"]] = rows
            hexes = [G.hid(x, y) for x in sorted(rows) for y in rows[x]]
            for h in hexes:
                if h in owner:
                    raise SystemExit("facts: hex %s is on the trench lines %s and %s" % (h, owner[h], line["id"]))
                owner[h] = line["id"]
                self.add_feature(h, line["hex_terrain"], line["source"], True)
            self.zones.setdefault(line["zone"], set()).update(hexes)
            # the zigzag hexside line: every hexside between a chain hex and a hex south of
            # the chain in a column the line spans
            own = set(hexes)
            for h in hexes:
                for n in G.neighbours(h):
                    nx, ny = G.xy(n)
                    if nx in rows and n not in own and ny > max(rows[nx]):
                        self.add_side(h, n, line["hexside_type"],
                                      "%s: the hexside in front of the German-side hex %s" % (line["source"], h), True)

    # ---- hexsides ----------------------------------------------------------

    def add_side(self, a, b, feature, source, verify=False):
        if not G.adjacent(a, b):
            raise SystemExit("facts: hexside %s/%s: not adjacent" % (a, b))
        k = G.side_key(a, b)
        lst = self.sides.setdefault(k, [])
        if any(f == feature for f, _, _ in lst):
            return
        lst.append((feature, source, verify))

    def rivers(self):
        for r in self.f["rivers"]:
            found = set()
            if "geo_level" in r:
                for k, s in self.geo.sides.items():
                    for rv in s.get("rivers", []):
                        if rv["level"] == r["geo_level"] and rv["crossings"] % 2 == 1:
                            found.add(k)
            else:
                line = r.get("prepend", []) + list(self.geo.features[r["geo_feature"]]["line_latlon"]) \
                    + r.get("append", [])
                found = polyline_hexsides(self.geo, line)
            found |= {G.side_key(a, b) for a, b in r.get("add", [])}
            for a, b in sorted(found):
                self.add_side(a, b, r["hexside_type"], r["source"])
        for br in self.f["bridges"]:
            k = G.side_key(*br["hexes"])
            if not any(f in ("meuse_river", "river") for f, _, _ in self.sides.get(k, [])):
                raise SystemExit("facts: bridge %s/%s is not on a river hexside" % k)
            self.bridges[k] = br["source"]

    # ---- zones -------------------------------------------------------------

    def build_zones(self):
        st = self.chains["stellung"]
        if sorted(st) != list(range(G.COLS[0], G.COLS[1] + 1)):
            raise SystemExit("facts: the Stellung must span every column")
        south = {h for h in G.all_hexes() if G.xy(h)[1] > max(st[G.xy(h)[0]])}
        north = {h for h in G.all_hexes() if G.xy(h)[1] < min(st[G.xy(h)[0]])}
        stell = self.zones["stellung"]
        edge = lambda h: (G.xy(h)[0] in G.COLS or G.xy(h)[1] in G.ROWS)  # noqa: E731
        Z = self.zone_src
        self.zones["south_of_stellung"] = south
        Z["south_of_stellung"] = ("South of the Stellung line",
                                  "rules 11.2 (the Allied player sets up in any hex south of the Stellung hex line); "
                                  "AMB-100: every hex south of the Stellung hexes of its column")
        self.zones["north_of_stellung"] = north
        Z["north_of_stellung"] = ("North of the Stellung line",
                                  "rules 19.5 (the German reserve sets up north of the Stellung hex line); AMB-100")
        self.zones["german_setup"] = north | stell
        Z["german_setup"] = ("In or north of the Stellung line", "rules 11.5 (German set-up in or north of the Stellung line)")
        self.zones["south_edge"] = {h for h in G.all_hexes() if G.xy(h)[1] == G.ROWS[1]}
        Z["south_edge"] = ("Southern map edge", "rules 19.3 (US reinforcements enter via any hex at the bottom (south edge) "
                                                "of the map); AMB-101 (the French reinforcements too)")
        self.zones["allied_replacement_edge"] = {h for h in south if edge(h)}
        Z["allied_replacement_edge"] = ("Map edge south of the Stellung",
                                        "rules 11.3 (an Allied replacement arrives on any map-edge hex south and/or west of "
                                        "the southernmost Stellung line); AMB-100, AMB-155")
        self.zones["german_entry_towns"] = set(self.entry)
        Z["german_entry_towns"] = ("German entry towns", "rules 19.6 (any town along the northern and/or eastern map "
                                                         "edge); AMB-98; the towns approximated (facts)")
        gre = {h for h in north | stell if G.xy(h)[1] == G.ROWS[0] or G.xy(h)[0] == G.COLS[1]}
        self.zones["german_replacement_edge"] = gre
        Z["german_replacement_edge"] = ("Northern and eastern map edge",
                                        "rules 11.6 (any northern or eastern map-edge hex, not Allied-occupied or in Allied "
                                        "ZOC); AMB-99, AMB-156 (the eastern edge in or north of the Stellung line)")
        Z["stellung"] = ("Stellung hexes", "rules 14.2, 19.4 (the German-side hexes of the Stellung line; 19.4 sets up "
                                           "one division per Stellung hex); approximated (facts)")
        Z["tier2_trench"] = ("2nd Tier Trench hexes", "rules 14.2 (the German-side hexes of the 2nd Tier Trench lines); "
                                                      "approximated (facts)")
        Z["fortification"] = ("Fortification hexes", "rules 14.2, 14.3 (the German-side hexes of the Fortification "
                                                     "line); approximated (facts)")
        Z["argonne_forest"] = ("Argonne Forest", "rules 10.1 (the Argonne Forest); its woods hexes, approximated (facts)")
        self.zones["argonne_forest"] = {h for h in self.zones["argonne_forest"] if "woods" in self.base[h]}
        sedan = [h for h, f in self.feat.items() if "fortress" in f and self.names.get(h, ("",))[0] == "Sedan"]
        verdun = [h for h, f in self.feat.items() if "fortress" in f and self.names.get(h, ("",))[0] == "Verdun"]
        self.zones["sedan"] = set(sedan)
        Z["sedan"] = ("Sedan", "rules 12.1 (an Allied unit entering the Sedan city hex wins at once)")
        self.zones["verdun"] = set(verdun)
        Z["verdun"] = ("Verdun", "rules Integrated CRT (Fortress: Verdun)")

    def edges(self):
        st = self.chains["stellung"]
        e_max, w_max = max(st[G.COLS[1]]), max(st[G.COLS[0]])
        col = lambda x, ys: [G.hid(x, y) for y in ys]  # noqa: E731
        src = "AMB-10, AMB-155"
        return [
            {"name": "south", "along": "row_max", "friendly_to": "allied",
             "source": src + ": Allied reinforcements and replacements arrive on the southern edge (19.3, 11.3)"},
            {"name": "east_allied", "along": "col_max", "hexes": col(G.COLS[1], range(e_max + 1, G.ROWS[1] + 1)),
             "friendly_to": "allied", "source": src + ": the eastern edge south of the Stellung, where Allied replacements "
                                                      "may arrive (11.3)"},
            {"name": "west_allied", "along": "col_min", "hexes": col(G.COLS[0], range(w_max + 1, G.ROWS[1] + 1)),
             "friendly_to": "allied", "source": src + ": the western edge south of the Stellung (11.3)"},
            {"name": "north", "along": "row_min", "friendly_to": "german",
             "source": src + ": German reinforcements and the replacement arrive on the northern edge (19.6, 11.6)"},
            {"name": "east", "along": "col_max", "hexes": col(G.COLS[1], range(G.ROWS[0], e_max + 1)),
             "friendly_to": "german", "source": src + ": the eastern edge in and north of the Stellung (19.6, 11.6)"},
            {"name": "west", "along": "col_min", "hexes": col(G.COLS[0], range(G.ROWS[0], w_max + 1)),
             "friendly_to": None, "source": src + ": the western edge north of the Stellung is friendly to neither side"},
        ]

    # ---- output ------------------------------------------------------------

    def scenario(self):
        f, g = self.f, self.g
        hexes = []
        for h in G.all_hexes():
            terr = [t for t in BASE if t in self.base[h]]
            hexes.append({"hex": h, "terrain": terr, "source": "; ".join(self.base_src[h])})
        for h in sorted(self.feat):
            for t in FEATURES:
                if t in self.feat[h]:
                    src, ver = self.feat[h][t]
                    e = {"hex": h, "terrain": [t], "source": src}
                    if ver:
                        e["verify"] = True
                    hexes.append(e)
        for h in sorted(self.names):
            name, src, ver = self.names[h]
            e = {"hex": h, "name": name, "source": src}
            if ver:
                e["verify"] = True
            hexes.append(e)
        sides = []
        for k in sorted(self.sides):
            for feat, src, ver in self.sides[k]:
                e = {"hexes": list(k), "features": [feat], "source": src}
                if ver:
                    e["verify"] = True
                sides.append(e)
            if k in self.bridges:
                sides.append({"hexes": list(k), "bridge": True, "source": self.bridges[k], "verify": True})
        zones = []
        for zid in f["zone_order"]:
            name, src = self.zone_src[zid]
            zones.append({"id": zid, "name": name, "hexes": sorted(self.zones[zid]), "source": src})
        doc = {}
        for k in ("ruleset", "format", "id", "title", "description", "sides", "edition", "source", "note", "options"):
            if k in g["scenario"]:
                doc[k] = g["scenario"][k]
        doc["exclusive"] = self.exclusive
        doc["map"] = {
            "grid": f["grid"],
            "default_terrain": "clear",
            "hexes": hexes,
            "hexsides": sides,
            "edges": self.edges(),
            "zones": zones,
        }
        doc["terrain"] = g["terrain"]
        doc["hexside_types"] = g["hexside_types"]
        doc["crt"] = g["crt"]
        doc["units"] = [unit(u) for u in g["units"]]
        doc["turns"] = g["turns"]
        doc["support"] = g["support"]
        doc["victory"] = g["victory"]
        return doc


def unit(u):
    out = {}
    for k in ("id", "side", "nationality", "size", "type", "formation", "abilities"):
        if k in u:
            out[k] = u[k]
    full = [int(x) for x in u["printed"].split("-")]
    if u.get("one_step"):
        out["steps"] = [u["printed"]]
    else:
        dep = u.get("depleted") or "%d-%d-%d" % (full[0] // 2, max(1, full[1] // 2), full[2])
        out["steps"] = [u["printed"], dep]
    if u.get("reduced"):
        out["reduced"] = True
    out["setup"] = u["setup"]
    out["source"] = u["source"]
    if u.get("verify"):
        out["verify"] = True
    out["note"] = u["note"]
    return out


# ---- JSON layout: one hex / hexside / unit per line ---------------------------------

def dumps(obj, indent=0):
    sp = "  " * indent
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        if _small(obj):
            return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
        items = ["%s  %s: %s" % (sp, json.dumps(k), dumps(v, indent + 1)) for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + sp + "}"
    if isinstance(obj, list):
        if not obj:
            return "[]"
        if all(not isinstance(x, (dict, list)) for x in obj) and len(json.dumps(obj)) < 100:
            return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
        items = [sp + "  " + json.dumps(x, ensure_ascii=False, separators=(", ", ": ")) for x in obj]
        return "[\n" + ",\n".join(items) + "\n" + sp + "]"
    return json.dumps(obj, ensure_ascii=False)


def _small(d):
    return len(json.dumps(d)) < 110 and not any(isinstance(v, (dict, list)) and len(json.dumps(v)) > 60
                                                  for v in d.values())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--geo", default=DEFAULT_GEO)
    ap.add_argument("--facts", default=os.path.join(HERE, "facts.json"))
    ap.add_argument("--game", default=os.path.join(HERE, "game.json"))
    ap.add_argument("--out", default=os.path.join(ROOT, "data", "meuse-argonne.json"))
    ap.add_argument("--keep-exclusive", action="store_true",
                    help="carry the \"exclusive\" member over from --out instead of game.json")
    ap.add_argument("--map", action="store_true", help="print the text map after writing")
    ap.add_argument("--dry-run", action="store_true", help="do not write files")
    a = ap.parse_args()
    geo = Geo(a.geo)
    with open(a.facts) as fh:
        facts = json.load(fh)
    with open(a.game) as fh:
        game = json.load(fh)
    b = Builder(geo, facts, game)
    b.exclusive = game["exclusive"]
    if a.keep_exclusive:
        with open(a.out) as fh:
            b.exclusive = json.load(fh).get("exclusive")
    b.land_cover()
    b.places()
    b.trenches()
    b.rivers()
    b.build_zones()
    doc = b.scenario()
    for line in b.log:
        print("note: " + line)
    if not a.dry_run:
        with open(a.out, "w") as fh:
            fh.write(dumps(doc) + "\n")
        print("wrote %s" % os.path.relpath(a.out, ROOT))
    import check
    probs = check.check(doc)
    if a.map:
        import render
        print(render.render(doc))
    check.report(doc, probs)
    return 1 if probs else 0


if __name__ == "__main__":
    sys.exit(main())
