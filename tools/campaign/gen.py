#!/usr/bin/env python3
"""Generator of data/scheldt-campaign.json (The Scheldt Campaign, ruleset "campaign").

    python3 tools/campaign/gen.py GEO_JSON [--out data/scheldt-campaign.json] [--map]

GEO_JSON is shared/geo/scheldt_campaign.json (the proposed 6 km grid fitted to the real
ground: GSHHG shoreline, WDBII rivers, hand-placed 1944 features; ../shared is not
available in CI).  Its reader shared/geo/tools/hexgeo.py is used when it sits next to
the file (tools/hexgeo.py): to check the renumbering of the grid against its neighbour
rule and to place the named places.

AUTHORITY.  The committed data/scheldt-campaign.json is the authoritative scenario file.
This generator records how the first version was approximated (from the geo file, the
rulebook and the hand facts of mapfacts.py and oob.py) so that the work can be
reproduced.  Nothing in the build runs it.  A person who owns the printed components
edits the JSON directly (every fact names its "source"); re-running this script
overwrites such edits unless they are also made in mapfacts.py / oob.py.

The output is deterministic.  Python 3, standard library only.  The contract is
docs/data-format-campaign.md; the decisions are in docs/scenarios/scheldt-campaign.md.
"""
import argparse
import heapq
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import grid as G  # noqa: E402
import mapfacts as F  # noqa: E402
import oob as O  # noqa: E402

GEO_SOURCE = "shared/geo/scheldt_campaign.json (GSHHG 2.3.7, Wessel & Smith, LGPL; WDBII)"


class Geo:
    """The parts of the geo file the generator uses (our ids)."""

    def __init__(self, path):
        with open(path) as fh:
            self.d = json.load(fh)
        self.path = path
        self.water = {G.from_geo(h["id"]): h["water_frac_37"] for h in self.d["hexes"]}
        self.geo_class = {G.from_geo(h["id"]): h["class"] for h in self.d["hexes"]}
        t = self.d["transform"]
        self.iu = t["latlon_to_lattice"]["u"]
        self.iv = t["latlon_to_lattice"]["v"]
        self.features = self.d["approx_features"]
        self.hexgeo = None
        tools = os.path.join(os.path.dirname(os.path.abspath(path)), "tools")
        if os.path.exists(os.path.join(tools, "hexgeo.py")):
            sys.path.insert(0, tools)
            import hexgeo  # noqa: E402
            self.hexgeo = hexgeo.HexGeo(path)

    def paper_of(self, lat, lon):
        u = self.iu[0] * lat + self.iu[1] * lon + self.iu[2]
        v = self.iv[0] * lat + self.iv[1] * lon + self.iv[2]
        return u * G.SQ3_2, v

    def hex_of(self, lat, lon):
        """Our hex of a place, or None off the map."""
        if self.hexgeo is not None:
            g = self.hexgeo.latlon_to_hex(lat, lon)
        else:  # the same nearest-centre rule as hexgeo.latlon_to_hex
            px, py = self.paper_of(lat, lon)
            u = px / G.SQ3_2
            best = None
            for x in range(int(math.floor(u)) - 1, int(math.floor(u)) + 3):
                off = 0.5 if x % 2 == 0 else 0.0
                y0 = int(round(py - off))
                for y in (y0 - 1, y0, y0 + 1):
                    d = (x * G.SQ3_2 - px) ** 2 + (y + off - py) ** 2
                    if best is None or d < best[0]:
                        best = (d, x, y)
            g = "%02d%02d" % (best[1], best[2])
        x, y = G.xy(g)
        if not (1 <= x <= 26 and 1 <= y <= 10):
            return None
        return G.from_geo(g)

    def verify(self):
        probs = G.verify_geo_mapping(self.d)
        if self.hexgeo is not None:
            for gid in self.hexgeo.hexes:
                ours = G.from_geo(gid)
                gn = set()
                for s in self.hexgeo.sides_of(gid):
                    gn.add(G.from_geo(s["to"] if s["hex"] == gid else s["hex"]))
                if gn != set(G.neighbours(ours)):
                    probs.append("hexgeo neighbours of %s differ from ours of %s" % (gid, ours))
        return probs


def polyline_hexsides(geo, latlons):
    pts = [geo.paper_of(a, b) for a, b in latlons]
    out = set()
    for h in G.all_hexes():
        for n in G.neighbours(h):
            if n < h:
                continue
            p, q = G.paper(h), G.paper(n)
            for i in range(len(pts) - 1):
                if G.segments_intersect(p, q, pts[i], pts[i + 1]):
                    out.add(G.side_key(h, n))
                    break
    return out


def fmt_w(w):
    return "%.2f" % w


class Builder:
    def __init__(self, geo):
        self.geo = geo
        self.sea = set()
        self.base = {}        # hex -> base terrain (clear, polder, flooded, forest, sea)
        self.bsrc = {}
        self.bverify = set()
        self.extra = []       # (hex, terrain, source) for village/town/city/fortification
        self.names = {}       # hex -> (name, source)
        self.sides = {}       # side key -> [feature, source, verify]
        self.side_group = {}  # side key -> the line id it came from
        self.roads = []
        self.zones = {}       # id -> dict(name, hexes, source, note)
        self.zone_order = []
        self.log = []
        self.label = {}

    # ---- hexes ---------------------------------------------------------------------

    def classify(self):
        forced = {}
        for g in F.LAND_FORCED:
            for h in g["hexes"]:
                forced[h] = g
        for h in G.all_hexes():
            w = self.geo.water[h]
            if h in forced:
                g = forced[h]
                self.base[h] = "clear"
                self.bsrc[h] = g["source"].replace("{w}", fmt_w(w))
                if g.get("verify"):
                    self.bverify.add(h)
            elif w >= F.SEA_THRESHOLD:
                self.base[h] = "sea"
                self.sea.add(h)
                self.bsrc[h] = "geo: GSHHG water %s, sea (threshold %.1f)" % (fmt_w(w), F.SEA_THRESHOLD)
                if w < 0.8:
                    self.bverify.add(h)
            else:
                self.base[h] = "clear"
                if w > 0:
                    self.bsrc[h] = "geo: GSHHG water %s, land (threshold %.1f); clear: approximated" % (
                        fmt_w(w), F.SEA_THRESHOLD)
                else:
                    self.bsrc[h] = "geo: land; clear (open farmland, sand): approximated"
                if w >= 0.4:
                    self.bverify.add(h)

    def set_base(self, group, terrain):
        for h in group["hexes"]:
            if h in self.sea:
                raise SystemExit("mapfacts: %s hex %s is sea" % (terrain, h))
            self.base[h] = terrain
            self.bsrc[h] = group["source"]
            if group.get("verify"):
                self.bverify.add(h)

    def land(self, h):
        return h not in self.sea

    def apply_terrain(self):
        self.set_base(F.POLDER, "polder")
        self.set_base(F.FLOODED, "flooded")
        self.set_base(F.FOREST, "forest")
        for h in F.FORTIFICATIONS["hexes"]:
            if not self.land(h):
                raise SystemExit("mapfacts: fortification in sea hex " + h)
            self.extra.append((h, "fortification", F.FORTIFICATIONS["source"]))
        for h, name, terr, zone, src in F.RULEBOOK_PLACES + F.OTHER_TOWNS:
            if not self.land(h):
                raise SystemExit("mapfacts: place %s in sea hex %s" % (name, h))
            if h in self.names:
                raise SystemExit("mapfacts: two places in hex %s" % h)
            self.names[h] = (name, src)
            if terr:
                self.extra.append((h, terr, "approximated: %s as %s (%s)" % (name, terr, src)))
        seen = set()
        for item in F.NAMES:
            name = item[0]
            if name in seen:
                raise SystemExit("mapfacts: place %s listed twice" % name)
            seen.add(name)
            h = item[1] if len(item) == 2 else self.geo.hex_of(item[1], item[2])
            if h is None or h in self.names or not self.land(h):
                continue
            self.names[h] = (name, F.NAMES_SOURCE)

    # ---- hexsides ------------------------------------------------------------------

    def add_side(self, a, b, feature, source, verify=True, group=None):
        if not G.adjacent(a, b):
            raise SystemExit("hexside %s/%s (%s): not adjacent" % (a, b, feature))
        if not (self.land(a) and self.land(b)):
            raise SystemExit("hexside %s/%s (%s): a sea hex" % (a, b, feature))
        k = G.side_key(a, b)
        if k in self.sides:
            self.log.append("hexside %s/%s: %s kept, %s (%s) dropped" % (a, b, self.sides[k][0], feature,
                                                                      group or ""))
            return
        self.sides[k] = [feature, source, verify]
        self.side_group[k] = group

    def apply_sides(self):
        lab = {}
        for m, hexes in F.LANDMASS.items():
            for h in hexes:
                if not self.land(h):
                    raise SystemExit("mapfacts: landmass %s: %s is sea" % (m, h))
                if h in lab:
                    raise SystemExit("mapfacts: %s in two land masses" % h)
                lab[h] = m
        for h in G.all_hexes():
            if self.land(h):
                lab.setdefault(h, "mainland")
        self.label = lab
        links = {G.side_key(*k): (f, s) for k, f, s in F.LANDMASS_LINKS}
        # the land links first, then water between land masses
        for k, (feat, src) in sorted(links.items()):
            if lab.get(k[0]) == lab.get(k[1]):
                raise SystemExit("mapfacts: link %s/%s inside one land mass" % k)
            if feat:
                self.add_side(k[0], k[1], feat, src, group="link")
        for h in G.all_hexes():
            if not self.land(h):
                continue
            for n in G.neighbours(h):
                if n < h or not self.land(n) or lab[h] == lab[n]:
                    continue
                k = G.side_key(h, n)
                if k in links:
                    continue
                ms = sorted({lab[h], lab[n]})
                w = self._water_along(k)
                self.add_side(h, n, "water",
                              "approximated: estuary/sea between %s and %s%s" % (
                                  ms[0].replace("_", " "), ms[1].replace("_", " "), w),
                              group="water")
        for a, b in F.BRAAKMAN["hexsides"]:
            self.add_side(a, b, "water", F.BRAAKMAN["source"], group="braakman")
        for grp, feat in ((F.LEOPOLD_DOUBLE, "double_canal"), (F.LEOPOLD_SINGLE, "canal"),
                          (F.LEOPOLD_END, "canal")):
            for a, b in grp["hexsides"]:
                self.add_side(a, b, feat, grp["source"], group="leopold")
        for a, b in F.SCHELDT_RIVER["hexsides"]:
            self.add_side(a, b, "river", F.SCHELDT_RIVER["source"], group="scheldt")
        for ln in F.LINES:
            if "geo_feature_prefix" in ln:
                feats = [f for f in self.geo.features if f["name"].startswith(ln["geo_feature_prefix"])]
                if len(feats) != 1:
                    raise SystemExit("geo: no approx feature %s" % ln["geo_feature_prefix"])
                line = list(feats[0]["line_latlon"])
            else:
                line = list(ln["line"])
            line = line + ln.get("append", [])
            found = polyline_hexsides(self.geo, line)
            drop = {G.side_key(a, b) for a, b in ln.get("remove", [])}
            for k in sorted(found):
                if k in drop or not (self.land(k[0]) and self.land(k[1])):
                    continue
                self.add_side(k[0], k[1], ln["feature"], ln["source"], group=ln["id"])
            for a, b in ln.get("add", []):
                self.add_side(a, b, ln["feature"], ln["source"], group=ln["id"])

    def _water_along(self, k):
        ga, gb = G.to_geo(k[0]), G.to_geo(k[1])
        for s in self.geo.d["hexsides"]:
            if {s["hex"], s["to"]} == {ga, gb}:
                return " (geo %s, water along %.2f)" % (s["kind"], s["water_along"])
        return ""

    def feature(self, a, b):
        s = self.sides.get(G.side_key(a, b))
        return s[0] if s else None

    # ---- roads ---------------------------------------------------------------------

    def road_step_ok(self, a, b):
        k = G.side_key(a, b)
        if self.feature(a, b) == "water":
            return False
        return self.side_group.get(k) != "leopold"

    def route(self, a, b):
        pa, pb = G.paper(a), G.paper(b)
        dx, dy = pb[0] - pa[0], pb[1] - pa[1]
        ln = math.hypot(dx, dy) or 1.0

        def off(h):
            p = G.paper(h)
            return abs((p[0] - pa[0]) * dy - (p[1] - pa[1]) * dx) / ln

        best = {a: 0.0}
        prev = {}
        pq = [(0.0, a)]
        while pq:
            c, h = heapq.heappop(pq)
            if h == b:
                break
            if c > best.get(h, 1e18):
                continue
            for n in G.neighbours(h):
                if not self.land(n) or not self.road_step_ok(h, n):
                    continue
                nc = c + 1.0 + 0.3 * off(n) + (0.5 if self.base[n] == "flooded" else 0.0)
                if nc < best.get(n, 1e18) - 1e-9:
                    best[n] = nc
                    prev[n] = h
                    heapq.heappush(pq, (nc, n))
        if b not in best:
            raise SystemExit("road: no land route %s -> %s" % (a, b))
        path = [b]
        while path[-1] != a:
            path.append(prev[path[-1]])
        return path[::-1]

    def build_roads(self):
        for name, via in F.ROADS:
            path = [via[0]]
            for i in range(len(via) - 1):
                path.extend(self.route(via[i], via[i + 1])[1:])
            self.roads.append({"path": path, "source": F.ROADS_SOURCE, "verify": True, "note": name})

    # ---- zones ---------------------------------------------------------------------

    def zone(self, zid, name, hexes, source, note=None):
        if len(zid) > 23:
            raise SystemExit("zone id too long: " + zid)
        if zid in self.zones:
            self.zones[zid]["hexes"].update(hexes)
            return
        self.zones[zid] = {"name": name, "hexes": set(hexes), "source": source, "note": note}
        self.zone_order.append(zid)

    def build_zones(self):
        self.zone("walcheren", "Walcheren Island", F.LANDMASS["walcheren"],
                  "rules 13.3.3; " + F.LANDMASS_SOURCE["walcheren"])
        self.zone("south_beveland", "South Beveland", F.LANDMASS["south_beveland"],
                  "rules 16.0; " + F.LANDMASS_SOURCE["south_beveland"])
        # the Breskens Pocket: land north of the Leopold Canal, west of the Braakman
        def pocket_step(a, b):
            k = G.side_key(a, b)
            if self.side_group.get(k) == "leopold":
                return False
            return self.feature(a, b) != "water"

        pocket = G.bfs("0806", self.land, pocket_step)
        bad = [h for h in pocket if G.xy(h)[0] > 10]
        if bad:
            raise SystemExit("the Breskens Pocket leaks east of column 10: %s" % sorted(bad))
        self.zone("breskens_pocket", "Breskens Pocket", pocket,
                  "rules 13.3.2 (north: the Scheldt Estuary, south: the Leopold Canal, east: hex column "
                  "10xx); hexes listed explicitly (SC-AMB-57), computed from the map: land reachable "
                  "from Breskens without crossing the Leopold Canal, the Braakman or water",
                  "column 10 is inside (SC-AMB-57)")
        for h, name, terr, zone, src in F.RULEBOOK_PLACES + F.OTHER_TOWNS:
            self.zone(zone, name.replace(" (docks)", ""), [h], src)
        islands = set()
        for m in F.ISLANDS:
            islands.update(F.LANDMASS[m])
        self.zone("islands", "North Beveland, Tholen, Schouwen (cut off)", islands,
                  "approximated: " + "; ".join(F.LANDMASS_SOURCE[m] for m in F.ISLANDS),
                  "no set-up, entry or rule uses them; only the 5th Assault Regiment crosses water")
        # the free set-up boundary (15.2): the Antwerp-Turnhout canal, the Albert canal west
        # of Schoten, the Scheldt, the Leopold Canal and the Braakman
        stop_groups = {"antwerp_turnhout", "leopold", "braakman", "water", "scheldt"}
        albert_west = {G.side_key(a, b) for a, b in next(l for l in F.LINES if l["id"] == "albert")["add"]}

        def free_step(a, b):
            k = G.side_key(a, b)
            if k in albert_west:
                return False
            if self.side_group.get(k) in stop_groups or self.feature(a, b) == "water":
                return False
            return True

        seeds = ["1909", "1809", "1207", "0609"]
        free_allied = G.bfs(seeds, lambda h: self.land(h) and h not in islands, free_step)
        for h in ("0806", "0805", "1204", "1805", "2008", "2607"):
            if h in free_allied:
                raise SystemExit("free set-up: the Allied area leaks to %s" % h)
        land = {h for h in G.all_hexes() if self.land(h)}
        free_german = land - free_allied - islands
        self.zone("free_allied", "Free set-up: Allied (south of the canals)", free_allied,
                  "rules 15.2 'the Allied Player must fight his way across the Turnhout Canal'; "
                  "placeholder (SC-AMB-67): land south of the Antwerp-Turnhout canal and the Albert "
                  "canal west of Schoten, the left bank of the Scheldt and Flanders south of the "
                  "Leopold Canal")
        self.zone("free_german", "Free set-up: German", free_german,
                  "rules 15.2; placeholder (SC-AMB-67): every other land hex but the cut-off islands "
                  "(north of the canals, the Breskens Pocket, Walcheren, South Beveland)")
        allied_setup = free_allied | set(F.ALLIED_BRIDGEHEADS)
        german_setup = land - allied_setup - islands
        self.zone("allied_setup", "Allied-held area (historical set-up)", allied_setup,
                  "approximated: the front of about 2 Oct 1944: south of the Antwerp-Turnhout canal and "
                  "the Leopold Canal, plus the bridgeheads at Brasschaet, Rijkevorsel, Merksplas and "
                  "Turnhout")
        self.zone("german_setup", "German-held area (historical set-up)", german_setup,
                  "approximated: the front of about 2 Oct 1944; where the scratch battalions set up "
                  "(13.2.2, SC-AMB-04)")
        ge = set()
        for h in german_setup:
            x, y = G.xy(h)
            if (y == G.ROWS[0] and x >= 17) or (x == G.COLS[1] and y <= 5):
                ge.add(h)
        self.zone("german_entry", "German entry (north and north-east edges)", ge,
                  "approximated (SC-AMB-08): German reinforcements came from the north over the "
                  "Moerdijk bridges and from 's-Hertogenbosch in the east; the map's north edge east "
                  "of Tholen and the east edge north of the Turnhout Canal")
        ae = {h for h in free_allied if G.xy(h)[1] == G.ROWS[1] and G.xy(h)[0] >= 19}
        self.zone("allied_entry", "Allied entry (south edge east of the Scheldt)", ae,
                  "approximated (SC-AMB-08): the south edge behind Antwerp, where the Allied "
                  "reinforcements came from Brussels")

    # ---- output --------------------------------------------------------------------

    def map_doc(self):
        hexes = []
        for h in G.all_hexes():
            e = {"hex": h, "terrain": [self.base[h]], "source": self.bsrc[h]}
            if h in self.bverify:
                e["verify"] = True
            hexes.append(e)
        for h, t, src in sorted(self.extra):
            hexes.append({"hex": h, "terrain": [t], "source": src, "verify": True})
        for h in sorted(self.names):
            name, src = self.names[h]
            hexes.append({"hex": h, "name": name, "source": src})
        sides = []
        for k in sorted(self.sides):
            feat, src, ver = self.sides[k]
            e = {"hexes": list(k), "features": [feat], "source": src}
            if ver:
                e["verify"] = True
            sides.append(e)
        zones = []
        for zid in self.zone_order:
            z = self.zones[zid]
            e = {"id": zid, "name": z["name"], "hexes": sorted(z["hexes"]), "source": z["source"]}
            if z.get("note"):
                e["note"] = z["note"]
            zones.append(e)
        return {
            "grid": {"columns": list(G.COLS), "rows": list(G.ROWS), "shifted_columns": "odd",
                     "id_digits": 2,
                     "source": "shared/geo/scheldt_campaign.json proposed 6 km grid (columns 01-26, "
                               "rows 01-10, even columns shifted) renumbered with a column offset of "
                               "+3: Knokke in column 04, the Pocket's eastern bound in column 10 "
                               "(rules 2.1, 13.3.2); the odd offset makes the shifted columns odd"},
            "default_terrain": "clear",
            "hexes": hexes,
            "hexsides": sides,
            "roads": self.roads,
            "zones": zones,
        }


TERRAIN = [
    {"id": "clear", "name": "Clear", "mp": 1, "tm": 0,
     "source": "rules 10.5.5 ('an unfortified clear hex' gives no reduction, 13.1.1): TM 0; MP 1 "
               "placeholder (TEC not in the text)"},
    {"id": "polder", "name": "Polder", "mp": 2, "tm": 1,
     "source": "placeholder (TEC not in the text): rules 3.5 'terrain that favoured the defender', "
               "movement off the dike roads slow (MP 2, TM 1)", "verify": True},
    {"id": "flooded", "name": "Flooded", "mp": 3, "tm": 2,
     "source": "placeholder (TEC not in the text): worse than polder for both (MP 3, TM 2); 13.3.3 "
               "turns Walcheren polder into flooded", "verify": True},
    {"id": "forest", "name": "Forest", "mp": 2, "tm": 2,
     "source": "rules sample turn: the German regiment in a forest hex has a Terrain Modifier of 2; "
               "MP 2 placeholder", "verify": True},
    {"id": "village", "name": "Village", "tm_add": 1,
     "source": "rules 10.5.5 'a clear hex with a village (+1)'"},
    {"id": "town", "name": "Town", "tm_add": 1,
     "source": "placeholder: a town defends like a village (+1)", "verify": True},
    {"id": "city", "name": "City", "tm_add": 2,
     "source": "placeholder: a city one better than a town (+2)", "verify": True},
    {"id": "fortification", "name": "Fortification", "fortification": True,
     "source": "rules 13.2.3: +1 to the Terrain Modifier for German defenders only"},
    {"id": "sea", "name": "Sea / estuary", "prohibited": True,
     "source": "rules 2.1, 9.1.6 (sea/estuary: prohibited terrain); 13.1.2 lets the 5th Assault group "
               "cross it"},
]

HEXSIDE_TYPES = [
    {"id": "water", "name": "Estuary / sea", "prohibited": True,
     "source": "rules 9.1.6, 10.5.6 (estuary/sea hexsides are prohibited; SC-AMB-42 no attack)"},
    {"id": "canal", "name": "Canal", "mp_add": 1, "tm": 1,
     "source": "rules 10.5.5 'attacked across a canal (+1)'; MP +1 placeholder"},
    {"id": "double_canal", "name": "Double canal (Leopold + Lys derivation)", "mp_add": 2, "tm": 2,
     "flags": ["canal"],
     "source": "rules 13.3.4, SC-AMB-59: the benefit of both canals (2 x +1); MP +2 placeholder"},
    {"id": "river", "name": "River", "mp_add": 2, "tm": 1,
     "source": "rules 10.5.5 'canal/river/causeway hexside'; TM 1 as a canal, MP +2 placeholder "
               "(a wider obstacle)", "verify": True},
    {"id": "causeway", "name": "Causeway (Sloedam)", "mp_add": 1, "mp_add_on_road": True, "tm": 1,
     "source": "rules 13.3.1, 10.5.5; placeholder TM 1 (13.3.1 already lets only one non-artillery "
               "attacker fire across it); MP +1 paid on the road too (1,000 m of open dike)",
     "verify": True},
]


def build(geo):
    b = Builder(geo)
    probs = geo.verify()
    if probs:
        raise SystemExit("grid renumbering: " + "; ".join(probs[:5]))
    b.classify()
    b.apply_terrain()
    b.apply_sides()
    b.build_roads()
    b.build_zones()
    doc = {
        "ruleset": "campaign",
        "format": 1,
        "id": "scheldt-campaign",
        "title": "The Scheldt Campaign",
        "description": "First Canadian Army v 15th Army, Oct-Nov 1944: staff markers, task forces, "
                       "32 turns (approximated map and counters)",
        "sides": ["allied", "german"],
        "c2": {"allied": 7, "german": 4, "source": "rules 3.1, 6.1"},
        "turns": {"count": 32, "first_player": "allied", "setup_order": ["allied", "german"],
                  "labels": O.turn_labels(),
                  "source": "rules 5.0 (32 turns of one to two days, Allied first), 4.0 (the Allied sets "
                            "up first); labels approximated from 2 Oct 1944"},
        "staff_markers": dict(O.STAFF_MARKERS, source=O.STAFF_SOURCE, verify=True),
        "terrain": TERRAIN,
        "hexside_types": HEXSIDE_TYPES,
        "map": b.map_doc(),
        "special": {
            "road_mp": 0.5,
            "walcheren": "walcheren",
            "breskens_pocket": "breskens_pocket",
            "antwerp": "antwerp",
            "victory_cities": ["rosendaal", "breda", "tilburg"],
            "ferries": [{"from": "breskens", "to": "vlissingen"}, {"from": "terneuzen", "to": "hoedenskerke"}],
            "source": "rules 11.1.1, 13.3.2, 13.3.3, 14.2; road_mp 1/2 placeholder (TEC not in the text)",
        },
        "units": O.units(),
        "setup": {
            "random_hits": [{"tf": tf, "dice": d, "add": a, "source": O.RANDOM_HITS_SOURCE}
                            if a else {"tf": tf, "dice": d, "source": O.RANDOM_HITS_SOURCE}
                            for tf, d, a in O.RANDOM_HITS],
            "scratch": O.SCRATCH,
        },
        "reinforcements": O.REINFORCEMENTS,
        "free_setup": {"allied": {"zones": ["free_allied"]}, "german": {"zones": ["free_german"]},
                       "source": "rules 15.2; zones placeholder (SC-AMB-67)"},
        "source": "The Scheldt Campaign rulebook (shared/seeds/001_231e57a3a1b527dc.txt, second edition) "
                  "and shared/rules/campaign-checklist.md; map from " + GEO_SOURCE + "; generated by "
                  "tools/campaign/gen.py, then authoritative; decisions in "
                  "docs/scenarios/scheldt-campaign.md",
    }
    return doc, b


# ---- JSON layout: one hex / hexside / road / unit per line -----------------------------

def dumps(obj, indent=0):
    sp = "  " * indent
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        if _small(obj):
            return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
        items = []
        for k, v in obj.items():
            items.append("%s  %s: %s" % (sp, json.dumps(k), dumps(v, indent + 1)))
        return "{\n" + ",\n".join(items) + "\n" + sp + "}"
    if isinstance(obj, list):
        if not obj:
            return "[]"
        if all(not isinstance(x, (dict, list)) for x in obj) and len(json.dumps(obj)) < 100:
            return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
        if all(isinstance(x, dict) for x in obj) and not all(_small_or_flat(x) for x in obj):
            items = [sp + "  " + dumps(x, indent + 1) for x in obj]
            return "[\n" + ",\n".join(items) + "\n" + sp + "]"
        if all(not isinstance(x, (dict, list)) for x in obj):  # wrapped at about 100 columns
            lines, cur = [], []
            for x in obj:
                t = json.dumps(x, ensure_ascii=False)
                if cur and len(sp) + 2 + len(", ".join(cur + [t])) + 1 > 100:
                    lines.append(", ".join(cur))
                    cur = []
                cur.append(t)
            lines.append(", ".join(cur))
            return "[\n" + ",\n".join(sp + "  " + ln for ln in lines) + "\n" + sp + "]"
        items = [sp + "  " + json.dumps(x, ensure_ascii=False, separators=(", ", ": ")) for x in obj]
        return "[\n" + ",\n".join(items) + "\n" + sp + "]"
    return json.dumps(obj, ensure_ascii=False)


def _small(d):
    return len(json.dumps(d)) < 110 and not any(isinstance(v, (dict, list)) and len(json.dumps(v)) > 60
                                                  for v in d.values())


def _small_or_flat(d):
    """An object written on one line: no member is a list of more than 40 items."""
    return not any(isinstance(v, list) and len(v) > 40 for v in d.values())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("geo", help="shared/geo/scheldt_campaign.json")
    ap.add_argument("--out", default=os.path.join(ROOT, "data", "scheldt-campaign.json"))
    ap.add_argument("--map", action="store_true", help="print the text map after writing")
    ap.add_argument("--dry-run", action="store_true", help="do not write the file")
    a = ap.parse_args()
    geo = Geo(a.geo)
    doc, b = build(geo)
    for line in b.log:
        print("note: " + line)
    text = dumps(doc) + "\n"
    if not a.dry_run:
        with open(a.out, "w") as fh:
            fh.write(text)
        print("wrote %s" % os.path.relpath(a.out, ROOT))
    import check
    probs = check.check(json.loads(text))
    if a.map:
        import render
        print(render.render(doc))
    check.report(json.loads(text), probs)
    return 1 if probs else 0


if __name__ == "__main__":
    sys.exit(main())
