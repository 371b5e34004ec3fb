#!/usr/bin/env python3
"""Generator of data/scheldt.json (Battle of the Scheldt: The Devil's Moat, F&M).

    python3 tools/scheldt/gen.py [--geo PATH] [--out data/scheldt.json]
                                 [--exclusive-from data/scheldt.json] [--map]

AUTHORITY.  The committed data/scheldt.json is the authoritative scenario file.  This
generator only documents how the first version of the map was approximated, so that the
approximation is reproducible.  A person who owns the printed map corrects
data/scheldt.json directly (every hex and hexside entry names its source); nothing in the
build runs this script, and re-running it overwrites such corrections unless they are
also made in tools/scheldt/facts.json.

The "exclusive" member (the Scheldt module's data, docs/scenarios/scheldt-rules.md) has
no other copy: it is written by hand in data/scheldt.json, and the generator carries it
over from the file it overwrites (or from --exclusive-from).

INPUTS.
  * shared/geo/scheldt_devils_moat.json: the rulebook grid fitted to real geography
    (GSHHG shorelines, WDBII rivers; see shared/geo/README.md).  Used for the water
    fraction of every hex (sea or land), the shoreline hexsides, the WDBII rivers
    (the Eendracht), the hand-placed Ghent-Terneuzen canal line and the place names.
  * tools/scheldt/facts.json: every fact written by hand: the rulebook's hexes and
    hexsides (with their section), the deliberate changes to the geography (the 1944
    Sloe, Veerse Gat, Braakman and inundations, which the modern data lacks), roads,
    counters, turn track, marker pools, decisions.

Python 3, standard library only.  The output is deterministic.
"""
import argparse
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import hexgrid as G  # noqa: E402

DEFAULT_GEO = os.path.abspath(os.path.join(ROOT, "..", "shared", "geo", "scheldt_devils_moat.json"))


class Geo:
    """The parts of shared/geo/scheldt_devils_moat.json the generator uses."""

    def __init__(self, path):
        with open(path) as fh:
            self.d = json.load(fh)
        self.path = path
        self.hexes = {h["id"]: h for h in self.d["hexes"]}
        self.sides = {}
        for s in self.d["hexsides"]:
            self.sides[G.side_key(s["hex"], s["to"])] = s
        t = self.d["transform"]
        self.iu = t["latlon_to_lattice"]["u"]
        self.iv = t["latlon_to_lattice"]["v"]
        self.features = {f["name"]: f for f in self.d["approx_features"]}

    def water(self, h):
        return self.hexes[h]["water_frac_37"]

    def paper_of(self, lat, lon):
        u = self.iu[0] * lat + self.iu[1] * lon + self.iu[2]
        v = self.iv[0] * lat + self.iv[1] * lon + self.iv[2]
        return u * G.SQ3_2, v


def polyline_hexsides(geo, latlons):
    """Hexsides whose centre-to-centre segment crosses the polyline (the method of
    shared/geo/tools/build.py for approx_feature_crossings)."""
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
    def __init__(self, geo, facts):
        self.geo = geo
        self.f = facts
        self.terrain = {}     # hex -> terrain id (one base type per hex)
        self.tsrc = {}        # hex -> source of the terrain fact
        self.tnote = {}       # hex -> note
        self.tverify = set()
        self.names = {}       # hex -> (name, source, verify)
        self.sides = {}       # side key -> (feature, source, note, verify)
        self.roads = []       # [{"path": [...], "source": ..., "note": ...}]
        self.zones = {}       # id -> {"name":..., "hexes": set, "source":..., "note":...}
        self.log = []

    # ---- hex terrain -------------------------------------------------------

    def classify(self):
        thr = self.f["geo"]["sea_threshold"]
        for h in G.all_hexes():
            w = self.geo.water(h)
            if w >= thr:
                self.terrain[h] = "sea"
                self.tsrc[h] = "approximated: geo GSHHG water %s (sea)" % fmt_w(w)
            else:
                self.terrain[h] = "clear"
                self.tsrc[h] = "approximated: geo GSHHG water %s (land)" % fmt_w(w)

    def set_hexes(self, group, terrain):
        for h in group["hexes"]:
            if h not in self.terrain:
                raise SystemExit("facts: %s: hex %s is not on the map" % (group.get("what", terrain), h))
            w = fmt_w(self.geo.water(h))
            src = group["source"].replace("{w}", w)
            self.terrain[h] = terrain
            self.tsrc[h] = src
            if group.get("note"):
                self.tnote[h] = group["note"]
            if group.get("verify"):
                self.tverify.add(h)

    def apply_hex_facts(self):
        f = self.f
        for g in f["sea_added"]:
            self.set_hexes(g, "sea")
        for g in f["land_forced"]:
            self.set_hexes(g, "clear")
        for g in f["scheldt_river"]:
            self.set_hexes(g, "scheldt_river")
        for g in f["inlets"]:
            self.set_hexes(g, "inlet")
        for g in f["flooded"]:
            for h in g["hexes"]:
                if self.terrain[h] == "sea":
                    raise SystemExit("facts: flooded hex %s is sea" % h)
            self.set_hexes(g, "flooded")
        for c in f["places"]:
            h = c["hex"]
            if c.get("terrain"):
                if self.terrain[h] == "sea":
                    raise SystemExit("facts: place %s in sea hex %s" % (c["name"], h))
                self.terrain[h] = c["terrain"]
                self.tsrc[h] = c["terrain_source"].replace("{w}", fmt_w(self.geo.water(h)))
                if c.get("terrain_note"):
                    self.tnote[h] = c["terrain_note"]
            if self.terrain[h] == "sea":
                raise SystemExit("facts: place %s in sea hex %s" % (c["name"], h))
            self.names[h] = (c["name"], c["source"], c.get("verify", False), c.get("note"))

    # ---- hexsides ----------------------------------------------------------

    def add_side(self, a, b, feature, source, note=None, verify=False, force=False):
        if not G.adjacent(a, b):
            raise SystemExit("facts: hexside %s/%s: not adjacent" % (a, b))
        k = G.side_key(a, b)
        if k in self.sides and not force:
            old = self.sides[k]
            self.log.append("hexside %s/%s: %s kept, %s dropped" % (a, b, old[0], feature))
            return
        self.sides[k] = (feature, source, note, verify)

    def is_land(self, h):
        return self.terrain[h] != "sea"

    def apply_side_facts(self):
        f = self.f
        hs = f["hexsides"]
        # rulebook hexsides first: they win over anything derived
        for e in hs["rulebook"]:
            self.add_side(e["hexes"][0], e["hexes"][1], e["feature"], e["source"], e.get("note"),
                          e.get("verify", False))
        # the Leopold Canal (placed from the rulebook set-up, see facts)
        lc = hs["leopold_canal"]
        for a, b in lc["hexsides"]:
            self.add_side(a, b, "leopold_canal", lc["source"], lc.get("note"), lc.get("verify", False))
        # other canals: a hand-placed or geo line, crossed hexsides
        for c in hs["canals"]:
            if "geo_feature" in c:
                line = list(self.geo.features[c["geo_feature"]]["line_latlon"])
            else:
                line = []
            line = c.get("prepend", []) + line + c.get("append", [])
            found = polyline_hexsides(self.geo, line)
            drop = {G.side_key(a, b) for a, b in c.get("remove", [])}
            for k in sorted(found):
                if k in drop:
                    continue
                a, b = k
                if not (self.is_land(a) and self.is_land(b)):
                    continue
                if self.terrain[a] in ("scheldt_river", "inlet") or self.terrain[b] in ("scheldt_river", "inlet"):
                    continue
                self.add_side(a, b, c["feature"], c["source"], c.get("note"), c.get("verify", False))
            for a, b in c.get("add", []):
                self.add_side(a, b, c["feature"], c["source_added"], c.get("note"), c.get("verify", False))
        # WDBII channels (the Eendracht): all-sea
        for ch in hs["wdbii_channels"]:
            for k, s in sorted(self.geo.sides.items()):
                if not any(r["level"] == ch["level"] for r in s.get("rivers", [])):
                    continue
                a, b = k
                if not (self.is_land(a) and self.is_land(b)):
                    continue
                if self.terrain[a] in ch.get("skip_terrain", []) or self.terrain[b] in ch.get("skip_terrain", []):
                    continue
                self.add_side(a, b, "sea", ch["source"], ch.get("note"), ch.get("verify", False))
        # shoreline water gaps between two land hexes: all-sea hexsides
        thr = f["geo"]["all_sea_hexside_water_along"]
        keep_out = {G.side_key(a, b) for a, b in hs.get("water_gap_not_sea", [])}
        for k, s in sorted(self.geo.sides.items()):
            a, b = k
            if not (self.is_land(a) and self.is_land(b)) or k in keep_out:
                continue
            if "inlet" in (self.terrain[a], self.terrain[b]):
                continue  # BS-15.1-01: an inlet covers no hexside
            if s["water_along"] >= thr:
                self.add_side(a, b, "sea", "approximated: geo GSHHG water along the hexside %s (%s)"
                              % (fmt_w(s["water_along"]), s["kind"]))
        for e in hs.get("extra_sea", []):
            for a, b in e["hexsides"]:
                self.add_side(a, b, "sea", e["source"], e.get("note"), e.get("verify", False))

    # ---- roads -------------------------------------------------------------

    def road_cost_ok(self, a, b):
        k = G.side_key(a, b)
        feat = self.sides.get(k, (None,))[0]
        return feat not in ("sea", "braakman_sea", "causeway_barred")

    def route(self, a, b):
        """Cheapest path a..b over land (not sea, river or inlet hexes), preferring hexes
        near the straight line and avoiding flooded hexes; deterministic."""
        import heapq
        pa, pb = G.paper(a), G.paper(b)
        dx, dy = pb[0] - pa[0], pb[1] - pa[1]
        ln = math.hypot(dx, dy) or 1.0

        def off(h):
            p = G.paper(h)
            return abs((p[0] - pa[0]) * dy - (p[1] - pa[1]) * dx) / ln

        def ok(h):
            return self.terrain[h] in ("clear", "city", "antwerp_docks", "flooded")

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
                if not ok(n) or not self.road_cost_ok(h, n):
                    continue
                nc = c + 1.0 + 0.15 * off(n) + (0.6 if self.terrain[n] == "flooded" else 0.0)
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
        for r in self.f["roads"]:
            via = r["via"]
            path = [via[0]]
            for i in range(len(via) - 1):
                if r.get("exact"):
                    if not G.adjacent(via[i], via[i + 1]):
                        raise SystemExit("road %s: %s and %s not adjacent" % (r["name"], via[i], via[i + 1]))
                    path.append(via[i + 1])
                else:
                    path.extend(self.route(via[i], via[i + 1])[1:])
            e = {"path": path, "source": r["source"]}
            if r.get("note"):
                e["note"] = r["name"] + ": " + r["note"]
            else:
                e["note"] = r["name"]
            self.roads.append(e)

    # ---- zones -------------------------------------------------------------

    def passable_land(self, h):
        return self.terrain[h] != "sea"

    def step_ok_land(self, a, b, blocked):
        k = G.side_key(a, b)
        return self.sides.get(k, (None,))[0] not in blocked

    def zone(self, zid, name, hexes, source, note=None):
        if len(zid) > 23:
            raise SystemExit("zone id too long: " + zid)
        self.zones[zid] = {"name": name, "hexes": set(hexes), "source": source, "note": note}

    def coastal(self):
        """Land hexes next to a sea hex or across an all-sea hexside (AMB-34)."""
        out = set()
        for h in G.all_hexes():
            if self.terrain[h] == "sea":
                continue
            for n in G.neighbours(h):
                feat = self.sides.get(G.side_key(h, n), (None,))[0]
                if self.terrain[n] == "sea" or feat in ("sea", "braakman_sea"):
                    out.add(h)
                    break
        return out

    def build_zones(self):
        f = self.f
        Z = f["zones"]
        water_sides = ("sea", "braakman_sea")
        # Antwerp (hand list)
        for z in Z["hand"]:
            self.zone(z["id"], z["name"], z["hexes"], z["source"], z.get("note"))
        # Breskens Pocket: land north of the Leopold Canal and west of the Braakman
        pk = Z["breskens_pocket"]
        pocket = G.bfs(pk["seed"], self.passable_land,
                       lambda a, b: self.step_ok_land(a, b, water_sides + ("leopold_canal", "causeway_barred")))
        self.zone("breskens_pocket", pk["name"], pocket, pk["source"], pk.get("note"))
        # Walcheren: land reachable from Middelburg without the causeway
        wz = Z["walcheren"]
        walch = G.bfs(wz["seed"], self.passable_land,
                      lambda a, b: self.step_ok_land(a, b, water_sides + ("causeway", "causeway_barred")))
        self.zone("walcheren", wz["name"], walch, wz["source"], wz.get("note"))
        # South Beveland: land reachable from Goes, not Walcheren, west of the Kreekrak cut
        sb = Z["south_beveland"]
        cut = sb["min_row"]
        beve = G.bfs(sb["seed"], lambda h: self.passable_land(h) and G.xy(h)[1] >= cut,
                     lambda a, b: self.step_ok_land(a, b, water_sides + ("causeway", "causeway_barred")))
        self.zone("south_beveland", sb["name"], beve, sb["source"], sb.get("note"))
        # coastal hexes
        coast = self.coastal()
        cz = Z["coastal"]
        self.zone("coastal", cz["name"], coast, cz["source"], cz.get("note"))
        self.zone("walcheren_coastal", "Coastal hexes of Walcheren Island", coast & walch,
                  Z["walcheren_coastal"]["source"], Z["walcheren_coastal"].get("note"))
        # Beveland Flank Assault landing hexes (16.1; AMB-63)
        bl = Z["beveland_landing"]
        for r in bl["radii"]:
            hexes = {h for h in coast if G.distance(h, bl["centre"]) <= r}
            self.zone("beveland_landing_%d" % r,
                      "Coastal hexes within %d hexes of Terneuzen" % r, hexes,
                      bl["source"], bl["note_%d" % r])
        # naval +10 range (16.4; AMB-62)
        nv = Z["naval_range"]
        wc = coast & walch
        for r in nv["radii"]:
            hexes = {h for h in G.all_hexes() if self.terrain[h] != "sea"
                     and min(G.distance(h, c) for c in wc) <= r}
            self.zone("naval_range_%d" % r,
                      "Within %d hexes of a Walcheren coastal hex" % r, hexes, nv["source"],
                      nv["note_%d" % r])
        # victory area (17.0; AMB-72)
        vz = Z["victory_west"]
        (ax, ay), (bx, by) = [G.lattice(h) for h in vz["line"]]
        slope = (by - ay) / (bx - ax)
        west = set()
        for h in G.all_hexes():
            if self.terrain[h] == "sea":
                continue
            u, v = G.lattice(h)
            if u > bx:
                west.add(h)   # beyond the line's end at the eastern edge: all west
                continue
            vl = ay + (u - ax) * slope
            if v >= vl - 1e-9:
                west.add(h)
        self.zone("victory_west", vz["name"], west, vz["source"], vz.get("note"))
        # German rebuild band (11.0; AMB-41)
        rb = Z["rebuild_east"]
        edge = [G.hid(x, G.ROWS[0]) for x in range(G.COLS[0], G.COLS[1] + 1)]
        band = {h for h in G.all_hexes() if self.terrain[h] != "sea"
                and min(G.distance(h, e) for e in edge) <= rb["distance"]}
        self.zone("rebuild_east8", rb["name"], band, rb["source"], rb.get("note"))
        # US 104th forbidden area (11.2 note; AMB-46)
        us = Z["us104_forbidden"]
        self.zone("us104_forbidden", us["name"],
                  {h for h in G.all_hexes() if G.xy(h)[1] > us["row_gt"] and self.terrain[h] != "sea"},
                  us["source"], us.get("note"))
        # the Woensdrecht-Schore road hexes (16.2; AMB-66)
        wr = Z["woensdrecht_schore_road"]
        road = next(r for r in self.roads if r["note"].startswith(wr["road"]))
        p = road["path"]
        i, j = p.index(wr["from"]), p.index(wr["to"])
        self.zone("woensdrecht_schore_road", wr["name"], p[min(i, j):max(i, j) + 1], wr["source"],
                  wr.get("note"))
        # set-up choice area of 18.0 (on or adjacent to 3320 or 3321)
        sc = Z["setup_3320_3321"]
        area = set()
        for c in sc["near"]:
            area.add(c)
            area.update(G.neighbours(c))
        self.zone("setup_3320_3321", sc["name"], {h for h in area if self.terrain[h] != "sea"},
                  sc["source"], sc.get("note"))

    # ---- output ------------------------------------------------------------

    def scenario(self):
        f = self.f
        hexes = []
        for h in G.all_hexes():
            e = {"hex": h, "terrain": [self.terrain[h]], "source": self.tsrc[h]}
            if h in self.tverify:
                e["verify"] = True
            if h in self.tnote:
                e["note"] = self.tnote[h]
            hexes.append(e)
        for h in sorted(self.names):
            name, src, ver, note = self.names[h]
            e = {"hex": h, "name": name, "source": src}
            if ver:
                e["verify"] = True
            if note:
                e["note"] = note
            hexes.append(e)
        sides = []
        for (a, b) in sorted(self.sides):
            feat, src, note, ver = self.sides[(a, b)]
            e = {"hexes": [a, b], "features": [feat], "source": src}
            if ver:
                e["verify"] = True
            if note:
                e["note"] = note
            sides.append(e)
        zones = []
        for zid in f["zone_order"]:
            z = self.zones[zid]
            e = {"id": zid, "name": z["name"], "hexes": sorted(z["hexes"]), "source": z["source"]}
            if z.get("note"):
                e["note"] = z["note"]
            zones.append(e)
        doc = {}
        for k in ("ruleset", "format", "id", "title", "description", "sides", "edition", "source",
                  "note", "options"):
            if k in f["scenario"]:
                doc[k] = f["scenario"][k]
        doc["exclusive"] = self.exclusive
        doc["map"] = {
            "grid": f["grid"],
            "default_terrain": "clear",
            "hexes": hexes,
            "hexsides": sides,
            "roads": self.roads,
            "edges": f["edges"],
            "zones": zones,
        }
        doc["terrain"] = f["terrain"]
        doc["hexside_types"] = f["hexside_types"]
        doc["crt"] = f["crt"]
        doc["units"] = [self.unit(u) for u in f["units"]]
        doc["turns"] = f["turns"]
        doc["support"] = f["support"]
        doc["victory"] = f["victory"]
        return doc

    def unit(self, u):
        out = {}
        for k in ("id", "side", "nationality", "size", "type", "formation", "mobile", "zoc",
                  "abilities"):
            if k in u:
                out[k] = u[k]
        full = [int(x) for x in u["printed"].split("-")]
        if u.get("one_step"):
            steps = [u["printed"]]
        else:
            red = u.get("reduced") or "%d-%d-%d" % (full[0] // 2, max(1, full[1] // 2), full[2])
            steps = [u["printed"], red]
        out["steps"] = steps
        out["setup"] = u["setup"]
        out["source"] = u["source"]
        if u.get("verify"):
            out["verify"] = True
        out["note"] = u["note"]
        return out



# ---- JSON layout: one hex / hexside / road / unit per line ---------------------------

def dumps(obj, indent=0, inline_depth=0):
    sp = "  " * indent
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        if inline_depth > 0 or _small(obj):
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
        if all(isinstance(x, dict) for x in obj) or all(isinstance(x, list) for x in obj):
            items = [sp + "  " + json.dumps(x, ensure_ascii=False, separators=(", ", ": ")) for x in obj]
            return "[\n" + ",\n".join(items) + "\n" + sp + "]"
        items = [sp + "  " + json.dumps(x, ensure_ascii=False) for x in obj]
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
    ap.add_argument("--out", default=os.path.join(ROOT, "data", "scheldt.json"))
    ap.add_argument("--exclusive-from", default=None,
                    help="scenario file whose \"exclusive\" member is carried over (default: --out)")
    ap.add_argument("--map", action="store_true", help="print the text map after writing")
    ap.add_argument("--dry-run", action="store_true", help="do not write files")
    a = ap.parse_args()
    geo = Geo(a.geo)
    with open(a.facts) as fh:
        facts = json.load(fh)
    with open(a.game) as fh:
        game = json.load(fh)
    for k, v in game.items():
        if k in facts and not k.startswith("_"):
            raise SystemExit("facts.json and game.json both define " + k)
        facts[k] = v
    b = Builder(geo, facts)
    src = a.exclusive_from or a.out
    if os.path.exists(src):
        with open(src) as fh:
            b.exclusive = json.load(fh).get("exclusive")
    else:
        b.exclusive = None
        print("note: %s does not exist: \"exclusive\" is null" % os.path.relpath(src, ROOT))
    b.classify()
    b.apply_hex_facts()
    b.apply_side_facts()
    b.build_roads()
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
        marks = {}
        for u in doc["units"]:
            s = u.get("setup", {})
            if "hex" in s:
                marks[s["hex"]] = "A" if u["side"] == doc["sides"][0] else "G"
        print(render.render(doc, marks))
    check.report(doc, probs)
    return 1 if probs else 0


if __name__ == "__main__":
    sys.exit(main())
