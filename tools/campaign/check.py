#!/usr/bin/env python3
"""Checks data/scheldt-campaign.json against docs/data-format-campaign.md and the rulebook.

    python3 tools/campaign/check.py [data/scheldt-campaign.json]

What Python can check before the engine's loader (`wargamed check-scenario`, the final
word) sees the file:
  * the contract: every member known and of its type, required members present, ids of
    1..23 characters, the loader's limits (32 terrain types, 4 flags per type, 64 zones,
    hex names of 31 characters), MP in half steps;
  * the grid: columns 04..29, rows 01..10, odd columns shifted; every hex id on it,
    every hexside adjacent (the contract's grid rules);
  * the map: roads through adjacent hexes, never into sea hexes nor across water
    hexsides; zones non-empty and without sea hexes; the Breskens Pocket closed by the
    Leopold Canal, the Braakman and the estuary and east-bounded by column 10; Walcheren
    joined to the rest only by the causeway; two Antwerp hexes; the sample turn's forest
    hex north of Capellen with TM 2;
  * the counters: HQs without factors, tactical units with them, sizes, nationalities,
    classes and specials from the contract's lists, exactly 10 coastal artillery (four
    0/1/0 on Walcheren, six with an AF and a range, all detached) and 25 scratch
    battalions, the numbers of the text (6-8-4, one point lower, 1-2-3, DF 4, AF 6, AF 2);
  * the set-up: hexes on land and not shared with the enemy, Task Force boxes within C2
    and the nationality rules (7.2.1), some German units detached, random hits for every
    German Task Force, every reinforcement group with units and every unit's group
    defined, staff-marker totals of at least C2, free set-up zones disjoint.
Prints the counts and every problem; exit status 1 if there is any.
Python 3, standard library only.
"""
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import grid as G  # noqa: E402

PROV = {"source", "verify", "note"}
SIDES = ["allied", "german"]
NATIONALITIES = {"canadian", "british", "polish", "us", "german"}
SIZES = {"XX", "X", "III", "II"}
CLASSES = {"mechanized", "motorized", "infantry", "coastal_artillery", "scratch", "elite", "fragile"}
SPECIALS = {"funnies", "assault_carrier", "apc", "ssf", "parachute"}
KINDS = {"normal", "parachute", "ssf", "division_51"}
MARKERS = ["G-1", "G-2", "G-3", "G-4"]


class Checker:
    def __init__(self, doc):
        self.doc = doc
        self.probs = []

    def P(self, msg):
        self.probs.append(msg)

    # ---- generic helpers -----------------------------------------------------------

    def keys(self, obj, path, allowed, required=()):
        if not isinstance(obj, dict):
            self.P("%s: expected an object" % path)
            return False
        for k in obj:
            if k not in allowed and k not in PROV:
                self.P("%s: unknown member '%s'" % (path, k))
        for k in required:
            if k not in obj:
                self.P("%s: missing member '%s'" % (path, k))
        for k in ("source", "note"):
            if k in obj and not isinstance(obj[k], str):
                self.P("%s.%s: expected a string" % (path, k))
        if "verify" in obj and not isinstance(obj["verify"], bool):
            self.P("%s.verify: expected a bool" % path)
        return True

    def ident(self, v, path):
        if not isinstance(v, str) or not 1 <= len(v) <= 23 or any(ord(c) < 0x20 for c in v):
            self.P("%s: expected an id of 1..23 characters, got %r" % (path, v))
            return False
        return True

    def integer(self, v, path, lo, hi):
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            self.P("%s: expected an integer %d..%d, got %r" % (path, lo, hi, v))
            return False
        return True

    def boolean(self, v, path):
        if not isinstance(v, bool):
            self.P("%s: expected a bool, got %r" % (path, v))

    def string(self, v, path, maxlen=None):
        if not isinstance(v, str) or not v:
            self.P("%s: expected a non-empty string" % path)
        elif maxlen is not None and len(v) > maxlen:
            self.P("%s: %r is longer than %d characters" % (path, v, maxlen))

    def halves(self, v, path):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v < 0 or (v * 2) != int(v * 2):
            self.P("%s: expected a number of MP in 1/2 steps, got %r" % (path, v))

    def hexid(self, h, path):
        if not G.valid(h):
            self.P("%s: %r is not a hex of the grid (%02d..%02d, %02d..%02d)" % ((path, h) + G.COLS + G.ROWS))
            return False
        return True

    # ---- top level -----------------------------------------------------------------

    def run(self):
        d = self.doc
        if not self.keys(d, "$", {"ruleset", "format", "id", "title", "description", "sides", "c2", "turns",
                                  "staff_markers", "terrain", "hexside_types", "map", "special", "units",
                                  "setup", "reinforcements", "free_setup"},
                         ["ruleset", "format", "id", "title", "description", "sides", "c2", "turns",
                          "staff_markers", "terrain", "hexside_types", "map", "special", "units", "setup"]):
            return self.probs
        if d.get("ruleset") != "campaign":
            self.P("$.ruleset: expected \"campaign\"")
        if d.get("format") != 1:
            self.P("$.format: expected 1")
        self.ident(d.get("id"), "$.id")
        for k in ("title", "description"):
            self.string(d.get(k), "$." + k)
        if d.get("sides") != SIDES:
            self.P("$.sides: expected [\"allied\", \"german\"] (SC-1.0a)")
        self.c2 = self.check_c2(d.get("c2", {}))
        self.check_turns(d.get("turns", {}))
        self.check_markers(d.get("staff_markers", {}))
        self.check_types()
        self.check_map(d.get("map", {}))
        self.check_special(d.get("special", {}))
        self.check_units(d.get("units", []))
        self.check_setup(d.get("setup", {}))
        self.check_reinforcements(d.get("reinforcements", []))
        self.check_free(d.get("free_setup"))
        self.check_rules()
        return self.probs

    def check_c2(self, c2):
        self.keys(c2, "$.c2", set(SIDES), SIDES)
        out = {}
        for s in SIDES:
            if self.integer(c2.get(s), "$.c2." + s, 1, 20):
                out[s] = c2[s]
        if out != {"allied": 7, "german": 4}:
            self.P("$.c2: the rules give Allied 7, German 4 (SC-3.1)")
        return out

    def check_turns(self, t):
        self.keys(t, "$.turns", {"count", "first_player", "setup_order", "labels"},
                  ["count", "first_player", "setup_order"])
        self.count = t.get("count") if isinstance(t.get("count"), int) else 32
        if t.get("count") != 32:
            self.P("$.turns.count: the game has 32 turns (SC-5.4b)")
        if t.get("first_player") != "allied":
            self.P("$.turns.first_player: the Allied moves first (SC-5.0a)")
        if t.get("setup_order") != ["allied", "german"]:
            self.P("$.turns.setup_order: the Allied sets up first (SC-4.0c)")
        if "labels" in t:
            lb = t["labels"]
            if not isinstance(lb, list) or len(lb) != self.count or not all(isinstance(x, str) and x for x in lb):
                self.P("$.turns.labels: expected %d strings" % self.count)

    def check_markers(self, sm):
        self.keys(sm, "$.staff_markers", set(SIDES), SIDES)
        self.markers = {}
        for s in SIDES:
            m = sm.get(s)
            p = "$.staff_markers." + s
            if not isinstance(m, dict):
                self.P(p + ": expected an object")
                continue
            self.keys(m, p, set(MARKERS), MARKERS)
            for k in MARKERS:
                self.integer(m.get(k), "%s.%s" % (p, k), 0, 30)
            tot = sum(v for k, v in m.items() if k in MARKERS and isinstance(v, int))
            self.markers[s] = m
            if s in self.c2 and tot < self.c2[s]:
                self.P("%s: %d markers, fewer than C2 %d (SC-AMB-03)" % (p, tot, self.c2[s]))
        a = self.markers.get("allied", {})
        if a and (a.get("G-1", 0) < 2 or a.get("G-3", 0) < 3 or a.get("G-4", 0) < 2):
            self.P("$.staff_markers.allied: the sample turn's hand holds two G-1, three G-3 and two G-4")
        if self.markers.get("allied") == {k: v for k, v in self.markers.get("german", {}).items()}:
            self.P("$.staff_markers: the German mix is 'slightly different' (17.2)")

    def check_types(self):
        d = self.doc
        self.tdef = {}
        self.sdef = {}
        for key, store, extra in (("terrain", self.tdef, {"mp", "no_road", "tm", "tm_add", "fortification"}),
                                  ("hexside_types", self.sdef, {"mp_add_on_road", "tm"})):
            arr = d.get(key)
            if not isinstance(arr, list) or (key == "terrain" and not arr):
                self.P("$.%s: expected a non-empty array" % key)
                continue
            if len(arr) > 32:
                self.P("$.%s: more than 32 types" % key)
            for i, t in enumerate(arr):
                p = "$.%s[%d]" % (key, i)
                allowed = {"id", "name", "mp_add", "prohibited", "mobile_prohibited", "flags"} | extra
                if not self.keys(t, p, allowed, ["id"]):
                    continue
                if not self.ident(t.get("id"), p + ".id"):
                    continue
                if t["id"] in store:
                    self.P("%s.id: duplicate %s" % (p, t["id"]))
                store[t["id"]] = t
                if "name" in t:
                    self.string(t["name"], p + ".name", 47)
                if "mp" in t and t["mp"] not in ("all", "prohibited"):
                    self.halves(t["mp"], p + ".mp")
                if "mp_add" in t:
                    self.halves(t["mp_add"], p + ".mp_add")
                for b in ("prohibited", "mobile_prohibited", "no_road", "fortification", "mp_add_on_road"):
                    if b in t:
                        self.boolean(t[b], "%s.%s" % (p, b))
                for n in ("tm", "tm_add"):
                    if n in t:
                        self.integer(t[n], "%s.%s" % (p, n), 0, 9)
                fl = t.get("flags", [])
                if not isinstance(fl, list) or len(fl) > 4:
                    self.P(p + ".flags: expected at most 4 names")
                else:
                    for j, f in enumerate(fl):
                        self.ident(f, "%s.flags[%d]" % (p, j))
        T, S = self.tdef, self.sdef
        for need in ("clear", "polder", "flooded", "forest", "village", "town", "city", "fortification", "sea"):
            if need not in T:
                self.P("$.terrain: no type '%s' (SC-2.1b)" % need)
        for need in ("water", "canal", "double_canal", "river", "causeway"):
            if need not in S:
                self.P("$.hexside_types: no type '%s' (SC-2.1b)" % need)
        # the values the text gives
        exp = [(T, "forest", "tm", 2, "sample turn"), (T, "village", "tm_add", 1, "10.5.5"),
               (S, "canal", "tm", 1, "10.5.5"), (S, "double_canal", "tm", 2, "13.3.4, SC-AMB-59")]
        for tab, tid, mem, val, why in exp:
            if tid in tab and tab[tid].get(mem) != val:
                self.P("%s %s: %s must be %d (rules %s)" % ("terrain" if tab is T else "hexside type", tid, mem,
                                                             val, why))
        if "fortification" in T and T["fortification"].get("fortification") is not True:
            self.P("terrain fortification: \"fortification\": true (13.2.3)")
        if "sea" in T and not T["sea"].get("prohibited"):
            self.P("terrain sea must be prohibited (9.1.6)")
        if "water" in S and not S["water"].get("prohibited"):
            self.P("hexside type water must be prohibited (9.1.6)")
        for tid in ("clear", "polder", "flooded", "forest"):
            if tid in T and not isinstance(T[tid].get("mp"), (int, float)):
                self.P("terrain %s: a base terrain needs a numeric mp" % tid)
        if "clear" in T and T["clear"].get("tm", 0) != 0:
            self.P("terrain clear: tm 0 ('unfortified clear hex', 13.1.1)")

    # ---- map -----------------------------------------------------------------------

    def check_map(self, m):
        self.keys(m, "$.map", {"grid", "default_terrain", "hexes", "hexsides", "roads", "trails", "edges",
                               "zones"}, ["grid", "default_terrain", "hexes"])
        g = m.get("grid", {})
        self.keys(g, "$.map.grid", {"columns", "rows", "shifted_columns", "id_digits"},
                  ["columns", "rows", "shifted_columns"])
        if g.get("columns") != list(G.COLS) or g.get("rows") != list(G.ROWS) or \
                g.get("shifted_columns") != "odd" or g.get("id_digits", 2) != 2:
            self.P("$.map.grid: expected columns [4, 29], rows [1, 10], shifted_columns \"odd\", id_digits 2 "
                   "(the geo grid with a column offset of +3)")
        if m.get("default_terrain") not in self.tdef:
            self.P("$.map.default_terrain: unknown terrain %r" % m.get("default_terrain"))
        self.terr = collections.defaultdict(list)
        self.names = {}
        self.hexzones = collections.defaultdict(set)
        for i, e in enumerate(m.get("hexes", [])):
            p = "$.map.hexes[%d]" % i
            if not self.keys(e, p, {"hex", "terrain", "road", "trail", "name", "zones"}, ["hex"]):
                continue
            if not self.hexid(e.get("hex"), p + ".hex"):
                continue
            h = e["hex"]
            for j, t in enumerate(e.get("terrain", [])):
                if t not in self.tdef:
                    self.P("%s.terrain[%d]: unknown terrain %r" % (p, j, t))
                else:
                    self.terr[h].append(t)
            if "terrain" in e and not e.get("source"):
                self.P("%s: a terrain fact without source" % p)
            if "name" in e:
                self.string(e["name"], p + ".name", 31)
                if h in self.names and self.names[h] != e["name"]:
                    self.P("%s.name: hex %s already named %r" % (p, h, self.names[h]))
                self.names[h] = e["name"]
            for b in ("road", "trail"):
                if b in e:
                    self.boolean(e[b], "%s.%s" % (p, b))
            for z in e.get("zones", []):
                self.hexzones[z].add(h)
        for h in G.all_hexes():
            if h not in self.terr:
                self.P("$.map.hexes: hex %s has no terrain entry (every hex is listed with its source)" % h)
                continue
            ts = self.terr[h]
            if len(ts) != len(set(ts)):
                self.P("$.map.hexes: hex %s lists a terrain twice: %s" % (h, ts))
            base = [t for t in ts if "mp" in self.tdef[t] or self.tdef[t].get("prohibited")]
            if len(base) != 1:
                self.P("$.map.hexes: hex %s has %d base terrains %s (exactly one expected)" % (h, len(base), base))
            if "sea" in ts and len(ts) > 1:
                self.P("$.map.hexes: sea hex %s has other terrain %s" % (h, ts))
            setl = [t for t in ts if t in ("village", "town", "city")]
            if len(setl) > 1:
                self.P("$.map.hexes: hex %s has several settlements %s" % (h, setl))
        self.sea = {h for h in G.all_hexes() if self.prohibited(h)}
        self.land = set(G.all_hexes()) - self.sea
        # hexsides
        self.sides = collections.defaultdict(list)
        self.road_side = set()
        for i, e in enumerate(m.get("hexsides", [])):
            p = "$.map.hexsides[%d]" % i
            if not self.keys(e, p, {"hexes", "features", "road", "trail", "bridge"}, ["hexes"]):
                continue
            hs = e.get("hexes")
            if not isinstance(hs, list) or len(hs) != 2 or not all(self.hexid(h, p + ".hexes") for h in hs):
                self.P(p + ".hexes: expected two hex ids")
                continue
            a, b = hs
            if not G.adjacent(a, b):
                self.P("%s.hexes: %s and %s are not adjacent (odd columns shifted)" % (p, a, b))
                continue
            k = G.side_key(a, b)
            for j, f in enumerate(e.get("features", [])):
                if f not in self.sdef:
                    self.P("%s.features[%d]: unknown hexside type %r" % (p, j, f))
                else:
                    self.sides[k].append(f)
            if a in self.sea or b in self.sea:
                self.P("%s: hexside %s/%s touches a sea hex (a feature there means nothing)" % (p, a, b))
            if e.get("road"):
                self.road_side.add(k)
            if not e.get("source"):
                self.P(p + ": no source")
        for k, fs in self.sides.items():
            if len(fs) > 1:
                self.P("hexside %s/%s has several features %s" % (k + (fs,)))
        # roads
        self.road_hex = set()
        for i, r in enumerate(m.get("roads", [])):
            p = "$.map.roads[%d]" % i
            if not self.keys(r, p, {"path"}, ["path"]):
                continue
            path = r.get("path")
            if not isinstance(path, list) or len(path) < 2:
                self.P(p + ".path: expected at least two hexes")
                continue
            ok = True
            for j, h in enumerate(path):
                ok = self.hexid(h, "%s.path[%d]" % (p, j)) and ok
            if not ok:
                continue
            for j, h in enumerate(path):
                if h in self.sea:
                    self.P("%s.path[%d]: the road runs into sea hex %s" % (p, j, h))
                self.road_hex.add(h)
            for j, (a, b) in enumerate(zip(path, path[1:])):
                if not G.adjacent(a, b):
                    self.P("%s.path[%d]: %s and %s are not adjacent" % (p, j + 1, a, b))
                    continue
                if self.side_prohibited(a, b):
                    self.P("%s.path[%d]: the road crosses the water hexside %s/%s" % (p, j + 1, a, b))
                self.road_side.add(G.side_key(a, b))
            if len(set(path)) != len(path):
                self.P(p + ".path: the road visits a hex twice")
            if not r.get("source"):
                self.P(p + ": no source")
        for key in ("trails", "edges"):
            if m.get(key):
                self.P("$.map.%s: not used by the Campaign" % key)
        # zones
        self.zones = {}
        zs = m.get("zones", [])
        if len(zs) > 64:
            self.P("$.map.zones: more than 64 zones")
        for i, z in enumerate(zs):
            p = "$.map.zones[%d]" % i
            if not self.keys(z, p, {"id", "name", "hexes"}, ["id", "hexes"]):
                continue
            if not self.ident(z.get("id"), p + ".id"):
                continue
            if z["id"] in self.zones:
                self.P("%s.id: duplicate zone %s" % (p, z["id"]))
            if "name" in z:
                self.string(z["name"], p + ".name", 47)
            hs = set()
            for j, h in enumerate(z.get("hexes", [])):
                if self.hexid(h, "%s.hexes[%d]" % (p, j)):
                    hs.add(h)
            if len(hs) != len(z.get("hexes", [])):
                self.P("%s.hexes: duplicate hexes" % p)
            self.zones[z["id"]] = hs
        for zid, hs in self.hexzones.items():
            if zid not in self.zones:
                self.P("$.map.hexes: unknown zone %s" % zid)
            else:
                self.zones[zid] |= hs
        for zid, hs in self.zones.items():
            if not hs:
                self.P("zone %s is empty" % zid)
            sea = sorted(hs & self.sea)
            if sea:
                self.P("zone %s holds sea hexes %s" % (zid, sea))

    def types(self, h):
        return self.terr.get(h) or [self.doc["map"].get("default_terrain", "clear")]

    def prohibited(self, h):
        return any(self.tdef.get(t, {}).get("prohibited") for t in self.types(h))

    def side_feats(self, a, b):
        return self.sides.get(G.side_key(a, b), [])

    def side_prohibited(self, a, b):
        return any(self.sdef.get(f, {}).get("prohibited") for f in self.side_feats(a, b))

    def side_tm(self, a, b):
        return sum(self.sdef.get(f, {}).get("tm", 0) for f in self.side_feats(a, b))

    def hex_tm(self, h):
        ts = self.types(h)
        return max([self.tdef[t].get("tm", 0) for t in ts if t in self.tdef] or [0]) + \
            sum(self.tdef[t].get("tm_add", 0) for t in ts if t in self.tdef)

    def zone_ref(self, z, path):
        if z not in self.zones:
            self.P("%s: unknown zone %r" % (path, z))
            return set()
        return self.zones[z]

    # ---- special -------------------------------------------------------------------

    def check_special(self, s):
        self.keys(s, "$.special", {"road_mp", "walcheren", "breskens_pocket", "antwerp", "victory_cities",
                                   "ferries"},
                  ["road_mp", "walcheren", "breskens_pocket", "antwerp", "victory_cities", "ferries"])
        self.halves(s.get("road_mp"), "$.special.road_mp")
        if isinstance(s.get("road_mp"), (int, float)) and s["road_mp"] <= 0:
            self.P("$.special.road_mp: must be positive")
        self.W = self.zone_ref(s.get("walcheren"), "$.special.walcheren")
        self.PK = self.zone_ref(s.get("breskens_pocket"), "$.special.breskens_pocket")
        self.AN = self.zone_ref(s.get("antwerp"), "$.special.antwerp")
        if len(self.AN) != 2 or not G.adjacent(*sorted(self.AN)):
            self.P("$.special.antwerp: Antwerp is two adjacent hexes ('either Antwerp hex', 14.2.2g)")
        vc = s.get("victory_cities", [])
        if not isinstance(vc, list) or len(vc) != 3:
            self.P("$.special.victory_cities: expected the three zones Rosendaal, Breda, Tilburg (14.2.1c)")
        else:
            for j, z in enumerate(vc):
                hs = self.zone_ref(z, "$.special.victory_cities[%d]" % j)
                if len(hs) != 1:
                    self.P("$.special.victory_cities[%d]: a town zone of one hex expected" % j)
        fe = s.get("ferries", [])
        if not isinstance(fe, list) or len(fe) != 2:
            self.P("$.special.ferries: expected the two cross-Scheldt pairs (11.1.1a)")
            fe = []
        self.ferry = []
        for j, f in enumerate(fe):
            p = "$.special.ferries[%d]" % j
            self.keys(f, p, {"from", "to"}, ["from", "to"])
            a = self.zone_ref(f.get("from"), p + ".from")
            b = self.zone_ref(f.get("to"), p + ".to")
            self.ferry.append((f.get("from"), f.get("to")))
            for x in a:
                for y in b:
                    if G.adjacent(x, y) and not self.side_prohibited(x, y):
                        self.P("%s: the ferry towns %s and %s are joined by land" % (p, x, y))
        if sorted(map(tuple, map(sorted, self.ferry))) != [("breskens", "vlissingen"), ("hoedenskerke", "terneuzen")]:
            self.P("$.special.ferries: expected breskens-vlissingen and terneuzen-hoedenskerke (11.1.1a)")

    # ---- units ---------------------------------------------------------------------

    def check_units(self, units):
        self.units = {}
        typed = set()
        if not isinstance(units, list) or not units:
            self.P("$.units: expected a non-empty array")
            return
        for i, u in enumerate(units):
            p = "$.units[%d]" % i
            if not self.keys(u, p, {"id", "name", "side", "nationality", "size", "kind", "type", "af", "df",
                                    "mf", "af_boxed", "df_boxed", "range", "classes", "special", "hits",
                                    "setup"}, ["id", "side", "nationality", "size", "setup"]):
                continue
            if not self.ident(u.get("id"), p + ".id"):
                continue
            uid = u["id"]
            p = "%s (%s)" % (p, uid)
            if uid in self.units:
                self.P(p + ": duplicate id")
            t = uid.replace(" ", "_")
            if t in typed:
                self.P(p + ": two ids are typed alike")
            typed.add(t)
            self.units[uid] = u
            if "name" in u:
                self.string(u["name"], p + ".name", 31)
            if u.get("side") not in SIDES:
                self.P(p + ".side: expected allied or german")
            nat = u.get("nationality")
            if nat not in NATIONALITIES:
                self.P(p + ".nationality: expected one of " + ", ".join(sorted(NATIONALITIES)))
            elif (nat == "german") != (u.get("side") == "german"):
                self.P(p + ".nationality: %s on the %s side" % (nat, u.get("side")))
            if u.get("size") not in SIZES:
                self.P(p + ".size: expected XX, X, III or II")
            kind = u.get("kind", "tactical")
            if kind not in ("hq", "tactical"):
                self.P(p + ".kind: expected hq or tactical")
            if (u.get("size") == "XX") != (kind == "hq"):
                self.P(p + ": size XX if and only if an HQ (SC-2.2.1j)")
            if "type" in u:
                self.string(u["type"], p + ".type", 23)
            if kind == "hq":
                for k in ("af", "df", "mf", "af_boxed", "df_boxed", "range", "classes", "special", "hits"):
                    if k in u:
                        self.P("%s.%s: an HQ has no factors or classes (SC-3.7b)" % (p, k))
            else:
                for k in ("af", "df", "mf"):
                    self.integer(u.get(k), "%s.%s" % (p, k), 0, 20)
                for k in ("af_boxed", "df_boxed"):
                    if k in u:
                        self.boolean(u[k], "%s.%s" % (p, k))
                if "range" in u:
                    self.integer(u["range"], p + ".range", 1, 9)
                cl = u.get("classes", [])
                if not isinstance(cl, list) or any(c not in CLASSES for c in cl) or len(cl) != len(set(cl)):
                    self.P("%s.classes: expected distinct names of %s" % (p, ", ".join(sorted(CLASSES))))
                if "special" in u and u["special"] not in SPECIALS:
                    self.P("%s.special: expected one of %s" % (p, ", ".join(sorted(SPECIALS))))
                if "hits" in u:
                    if self.integer(u["hits"], p + ".hits", 0, 20) and isinstance(u.get("df"), int) \
                            and u["hits"] >= u["df"]:
                        self.P("%s.hits: %d hits eliminate a DF %d unit (10.5.2d)" % (p, u["hits"], u["df"]))
                if "range" in u and "infantry" in cl:
                    self.P("%s: artillery (a range) of the infantry class" % p)
            self.check_setup_form(u, p)

    def check_setup_form(self, u, p):
        s = u.get("setup")
        p += ".setup"
        if not isinstance(s, dict):
            self.P(p + ": expected an object")
            return
        forms = [k for k in ("hex", "tf", "box", "reinforcement", "scratch") if k in s]
        kind = u.get("kind", "tactical")
        if forms == ["hex"]:
            self.keys(s, p, {"hex"})
            self.hexid(s["hex"], p + ".hex")
        elif forms == ["tf"]:
            self.keys(s, p, {"tf"})
            if kind == "hq":
                self.P(p + ": an HQ cannot be in a holding box (SC-7.2.1c)")
        elif forms == ["box"]:
            self.keys(s, p, {"box"})
            if s["box"] is not True or kind != "hq":
                self.P(p + ": {\"box\": true} is for an HQ only")
        elif forms in (["reinforcement"], ["tf", "reinforcement"]):
            self.keys(s, p, {"reinforcement", "tf"})
            self.ident(s["reinforcement"], p + ".reinforcement")
            if "tf" in s and kind == "hq":
                self.P(p + ": an HQ cannot arrive in a holding box")
        elif forms == ["scratch"]:
            self.keys(s, p, {"scratch"})
            if s["scratch"] is not True or kind == "hq" or u.get("side") != "german":
                self.P(p + ": {\"scratch\": true} is for a German tactical unit")
        else:
            self.P(p + ": expected exactly one of hex, tf, box, reinforcement (with tf), scratch; got %s" % forms)

    # ---- setup ---------------------------------------------------------------------

    def check_setup(self, s):
        self.keys(s, "$.setup", {"random_hits", "scratch"}, ["random_hits", "scratch"])
        self.rh = set()
        for i, r in enumerate(s.get("random_hits", [])):
            p = "$.setup.random_hits[%d]" % i
            self.keys(r, p, {"tf", "dice", "add"}, ["tf", "dice"])
            u = self.units.get(r.get("tf"))
            if u is None or u.get("kind") != "hq":
                self.P(p + ".tf: %r is not an HQ" % r.get("tf"))
            self.integer(r.get("dice"), p + ".dice", 1, 6)
            if "add" in r:
                self.integer(r["add"], p + ".add", 0, 20)
            if r.get("tf") in self.rh:
                self.P(p + ".tf: listed twice")
            self.rh.add(r.get("tf"))
        sc = s.get("scratch", {})
        p = "$.setup.scratch"
        self.keys(sc, p, {"initial_dice", "per_g1", "zones", "entry"}, ["initial_dice", "per_g1", "zones", "entry"])
        self.integer(sc.get("initial_dice"), p + ".initial_dice", 0, 6)
        self.integer(sc.get("per_g1"), p + ".per_g1", 1, 25)
        for j, z in enumerate(sc.get("zones", [])):
            self.zone_ref(z, "%s.zones[%d]" % (p, j))
        if not sc.get("zones"):
            self.P(p + ".zones: at least one zone")
        self.check_entry(sc.get("entry"), p + ".entry")

    def check_entry(self, e, p):
        if not isinstance(e, dict):
            self.P(p + ": expected {\"zones\": [...], \"hexes\": [...]}")
            return set()
        self.keys(e, p, {"zones", "hexes"})
        hs = set()
        for j, z in enumerate(e.get("zones", [])):
            hs |= self.zone_ref(z, "%s.zones[%d]" % (p, j))
        for j, h in enumerate(e.get("hexes", [])):
            if self.hexid(h, "%s.hexes[%d]" % (p, j)):
                hs.add(h)
                if h in self.sea:
                    self.P("%s.hexes[%d]: %s is sea" % (p, j, h))
        if not hs:
            self.P(p + ": no entry hex")
        return hs

    def check_reinforcements(self, rs):
        self.groups = {}
        if not isinstance(rs, list):
            self.P("$.reinforcements: expected an array")
            return
        for i, r in enumerate(rs):
            p = "$.reinforcements[%d]" % i
            if not self.keys(r, p, {"id", "side", "kind", "turns", "entry", "towns", "withdraw_turn"},
                             ["id", "side", "turns"]):
                continue
            if not self.ident(r.get("id"), p + ".id"):
                continue
            p = "%s (%s)" % (p, r["id"])
            if r["id"] in self.groups:
                self.P(p + ": duplicate group")
            self.groups[r["id"]] = r
            if r.get("side") not in SIDES:
                self.P(p + ".side: expected allied or german")
            kind = r.get("kind", "normal")
            if kind not in KINDS:
                self.P(p + ".kind: expected one of " + ", ".join(sorted(KINDS)))
            t = r.get("turns")
            if kind == "ssf":
                if not isinstance(t, list) or not t or not all(isinstance(x, int) and 1 <= x <= self.count for x in t):
                    self.P(p + ".turns: expected a list of turns")
                elif t != [10, 20, 30]:
                    self.P(p + ".turns: the 4th SSF lands on turns 10, 20 and 30 only (SC-13.1.4a)")
            elif not (isinstance(t, list) and len(t) == 2 and all(isinstance(x, int) for x in t)
                      and 1 <= t[0] <= t[1] <= self.count):
                self.P(p + ".turns: expected [first, last] within 1..%d" % self.count)
            if kind in ("normal", "division_51"):
                if "entry" not in r:
                    self.P(p + ": an entry is required")
                else:
                    self.check_entry(r["entry"], p + ".entry")
            elif "entry" in r:
                self.P(p + ".entry: not for a %s group" % kind)
            if kind == "ssf":
                towns = r.get("towns", [])
                if sorted(towns) != ["domburg", "vlissingen", "westkapelle"]:
                    self.P(p + ".towns: Westkapelle, Domburg, Vlissingen (SC-13.1.4b)")
                for j, z in enumerate(towns):
                    self.zone_ref(z, "%s.towns[%d]" % (p, j))
            elif "towns" in r:
                self.P(p + ".towns: for an ssf group only")
            if kind == "division_51":
                if r.get("withdraw_turn") != 12 or t != [4, 11]:
                    self.P(p + ": the 51st enters on turns 4-11 and is withdrawn at turn 12 (SC-AMB-52)")
                if sorted(r.get("entry", {}).get("zones", [])) != ["antwerp", "turnhout"]:
                    self.P(p + ".entry: Turnhout or Antwerp (SC-13.1.5c)")
            elif "withdraw_turn" in r:
                self.P(p + ".withdraw_turn: for the division_51 group only")

    def check_free(self, f):
        if f is None:
            return
        self.keys(f, "$.free_setup", set(SIDES), SIDES)
        zs = {}
        for s in SIDES:
            o = f.get(s, {})
            p = "$.free_setup." + s
            self.keys(o, p, {"zones"}, ["zones"])
            hs = set()
            for j, z in enumerate(o.get("zones", [])):
                hs |= self.zone_ref(z, "%s.zones[%d]" % (p, j))
            if not hs:
                self.P(p + ": no hex")
            zs[s] = hs
        if zs["allied"] & zs["german"]:
            self.P("$.free_setup: the two sides' zones share %s" % sorted(zs["allied"] & zs["german"])[:5])
        # 15.2: the Allied must cross the Turnhout Canal: every hexside between the two areas in
        # the east is canal, river, water or the Leopold canals
        for h in zs["allied"]:
            for n in G.neighbours(h):
                if n in zs["german"] and not self.side_feats(h, n):
                    self.P("$.free_setup: %s (Allied) and %s (German) are joined by open ground" % (h, n))

    # ---- cross checks: set-up, boxes, the rules' numbers -----------------------------

    def check_rules(self):
        U = self.units
        hqs = {k: u for k, u in U.items() if u.get("kind") == "hq"}
        tac = {k: u for k, u in U.items() if u.get("kind", "tactical") == "tactical"
               and all(isinstance(u.get(f), int) for f in ("af", "df", "mf"))}
        occupied = collections.defaultdict(set)
        box = collections.defaultdict(list)
        grp = collections.defaultdict(list)
        for uid, u in U.items():
            s = u.get("setup", {})
            if not isinstance(s, dict):
                continue
            if "hex" in s and G.valid(s["hex"]):
                h = s["hex"]
                if h in self.sea:
                    self.P("unit %s sets up on sea hex %s" % (uid, h))
                occupied[h].add(u.get("side"))
            if "reinforcement" in s:
                g = self.groups.get(s["reinforcement"])
                if g is None:
                    self.P("unit %s: unknown reinforcement group %s" % (uid, s["reinforcement"]))
                elif g.get("side") != u.get("side"):
                    self.P("unit %s: group %s is of the other side" % (uid, s["reinforcement"]))
                grp[s["reinforcement"]].append(uid)
            if "tf" in s:
                h = hqs.get(s["tf"])
                if h is None:
                    self.P("unit %s: %r is not an HQ" % (uid, s["tf"]))
                    continue
                if h.get("side") != u.get("side"):
                    self.P("unit %s: in the box of the enemy's HQ %s" % (uid, s["tf"]))
                hs = h.get("setup", {})
                if "reinforcement" in s:
                    if hs.get("reinforcement") != s["reinforcement"]:
                        self.P("unit %s: arrives in %s's box but %s is not of group %s" %
                               (uid, s["tf"], s["tf"], s["reinforcement"]))
                elif "hex" not in hs:
                    self.P("unit %s: in the box of %s, which does not set up on the map" % (uid, s["tf"]))
                box[s["tf"]].append(uid)
        for h, sides in occupied.items():
            if len(sides) > 1:
                self.P("hex %s: both sides set up there" % h)
        for side in SIDES:
            area = self.zones.get(side + "_setup")
            if area is None:
                continue
            for uid, u in U.items():
                h = u.get("setup", {}).get("hex") if isinstance(u.get("setup"), dict) else None
                if u.get("side") == side and h and h not in area:
                    self.P("unit %s sets up on %s, outside the %s-held area (zone %s_setup)" % (uid, h, side, side))
        for g in self.groups:
            if not grp.get(g):
                self.P("reinforcement group %s has no units" % g)
        # Task Force boxes: C2 and nationality (7.2.1)
        for hq, members in box.items():
            h = hqs[hq]
            side = h.get("side")
            if len(members) > self.c2.get(side, 99):
                self.P("TF %s holds %d units, C2 is %d (SC-7.2.1d)" % (hq, len(members), self.c2.get(side, 0)))
            hn = h.get("nationality")
            for m in members:
                n = U[m].get("nationality")
                if hn in ("polish", "us") or n in ("polish", "us"):
                    if n != hn:
                        self.P("TF %s (%s) holds %s (%s): Polish and US only with their own (SC-7.2.1f)" %
                               (hq, hn, m, n))
                if "coastal_artillery" in U[m].get("classes", []):
                    self.P("TF %s holds coastal artillery %s (SC-13.2.1c)" % (hq, m))
        for hq, h in hqs.items():
            s = h.get("setup", {})
            if "hex" in s and not box.get(hq):
                self.P("HQ %s sets up on the map with an empty box (SC-3.7c)" % hq)
        # German: some units begin detached (4.0); every German TF has random hits (17.2)
        det = [k for k, u in tac.items() if u.get("side") == "german" and "hex" in u.get("setup", {})
               and not set(u.get("classes", [])) & {"coastal_artillery", "scratch"}]
        if not det:
            self.P("no German Tactical Unit begins detached (SC-4.0d)")
        for hq, h in hqs.items():
            if h.get("side") == "german" and "hex" in h.get("setup", {}) and hq not in self.rh:
                self.P("German TF %s has no random set-up hits (SC-4.0f, 17.2)" % hq)
        # coastal artillery (13.2.1, 13.3.3, SC-AMB-11)
        ca = {k: u for k, u in tac.items() if "coastal_artillery" in u.get("classes", [])}
        if len(ca) != 10:
            self.P("%d coastal artillery units, the rules give ten (SC-13.2.1a)" % len(ca))
        zero = [k for k, u in ca.items() if (u.get("af"), u.get("df"), u.get("mf")) == (0, 1, 0) and "range" not in u]
        sup = [k for k, u in ca.items() if u.get("af", 0) > 0 and "range" in u]
        if len(zero) != 4:
            self.P("%d coastal artillery units are 0/1/0, the rules give four (13.3.3)" % len(zero))
        if len(sup) != 6:
            self.P("%d coastal artillery units have an AF and a range, expected six (SC-AMB-11)" % len(sup))
        for k in zero:
            if ca[k]["setup"].get("hex") not in self.W:
                self.P("0/1/0 coastal artillery %s is not on Walcheren (13.3.3)" % k)
        for k, u in ca.items():
            if "hex" not in u.get("setup", {}):
                self.P("coastal artillery %s does not set up detached on the map (SC-13.2.1c)" % k)
            if u.get("side") != "german":
                self.P("coastal artillery %s is not German" % k)
        if not any(u["setup"].get("hex") in self.PK for u in ca.values() if "hex" in u.get("setup", {})):
            self.P("no coastal artillery in the Breskens Pocket (13.3.2 needs one)")
        # scratch battalions (13.2.2)
        sc = {k: u for k, u in tac.items() if "scratch" in u.get("classes", [])}
        if len(sc) != 25:
            self.P("%d scratch battalions, the rules give 25 (SC-13.2.2a)" % len(sc))
        for k, u in sc.items():
            if u.get("setup") != {"scratch": True} or u.get("size") != "II" or u.get("side") != "german":
                self.P("scratch battalion %s: German, size II, set-up {\"scratch\": true}" % k)
        for k, u in tac.items():
            if u.get("setup") == {"scratch": True} and k not in sc:
                self.P("unit %s is drawn as a scratch battalion without the class" % k)
        if sc:
            af = sum(u["af"] for u in sc.values()) / len(sc)
            df = sum(u["df"] for u in sc.values()) / len(sc)
            mf = sum(u["mf"] for u in sc.values()) / len(sc)
            if not (0.5 <= af <= 1.5 and 1.5 <= df <= 2.5 and 2 <= mf <= 3.5):
                self.P("scratch battalions average %.1f-%.1f-%.1f, not around 1-2-3" % (af, df, mf))
            if len({(u["af"], u["df"], u["mf"]) for u in sc.values()}) < 4:
                self.P("scratch battalion values are not varied")
        # the numbers the text gives
        def has(pred, why):
            if not any(pred(u) for u in tac.values()):
                self.P("no counter matches the text: " + why)
        has(lambda u: u["side"] == "german" and u.get("size") == "II" and (u["af"], u["df"], u["mf"]) == (1, 2, 3)
            and "scratch" not in u.get("classes", []), "a 1-2-3 German infantry battalion (10.5.2)")
        has(lambda u: u["side"] == "german" and u.get("size") == "III" and u["df"] == 4 and "range" not in u,
            "a German regiment with a printed DF 4 (sample turn)")
        has(lambda u: u["side"] == "allied" and "range" in u and u["af"] == 2, "an Allied artillery unit of AF 2")
        has(lambda u: u["side"] == "german" and "range" in u and u["af"] == 2
            and "coastal_artillery" not in u.get("classes", []), "a German artillery unit of AF 2")
        for k, u in tac.items():
            if u["side"] != "allied" or u.get("type") != "infantry" or u.get("size") not in ("X", "III"):
                continue
            hq = u["setup"].get("tf") or ""
            grpid = u["setup"].get("reinforcement", "")
            fmt = (u["af"], u["df"], u["mf"])
            if hq in ("52", "104") or grpid in ("52nd", "104th"):
                if fmt != (5, 7, 4):
                    self.P("%s: 52 British and 104 US brigades/regiments are one point lower, 5-7-4 "
                           "(17.1, SC-AMB-65)" % k)
            elif fmt != (6, 8, 4):
                self.P("%s: the infantry brigades of the veteran divisions are 6-8-4 (17.1)" % k)
        weaker = [("10PACB", "4CAB"), ("3PRB", "10CIB")]
        for p_, a in weaker:
            if p_ in U and a in U and U[p_]["af"] + U[p_]["df"] >= U[a]["af"] + U[a]["df"]:
                self.P("%s is not weaker than %s (17.1 Polish brigades)" % (p_, a))
        # specials
        spec = collections.defaultdict(list)
        for k, u in tac.items():
            if "special" in u:
                spec[u["special"]].append(k)
        want = {"funnies": 1, "assault_carrier": 1, "apc": 1, "ssf": 1, "parachute": 2}
        for sp, n in want.items():
            if len(spec.get(sp, [])) != n:
                self.P("%d units of special %s, expected %d (13.1)" % (len(spec.get(sp, [])), sp, n))
        for k in spec.get("funnies", []) + spec.get("apc", []):
            u = U[k]
            if not u.get("df_boxed") or "fragile" not in u.get("classes", []) or "mechanized" not in u.get("classes", []):
                self.P("%s: boxed DF, fragile and mechanized (13.1.1, 13.1.6, SC-AMB-55)" % k)
        for k in spec.get("parachute", []):
            g = self.groups.get(U[k]["setup"].get("reinforcement"), {})
            if g.get("kind") != "parachute" or "infantry" not in U[k].get("classes", []):
                self.P("%s: a parachute brigade of the infantry class in a parachute group (13.1.3)" % k)
        for k in spec.get("ssf", []):
            g = self.groups.get(U[k]["setup"].get("reinforcement"), {})
            if g.get("kind") != "ssf":
                self.P("%s: the 4th SSF arrives with an ssf group (13.1.4)" % k)
        for k in ("6FJ", "HG"):
            u = U.get(k)
            if u is None or "elite" not in u.get("classes", []) or "reinforcement" not in u.get("setup", {}):
                self.P("%s: the elite regiment arrives as an early reinforcement (13.2.4)" % k)
            else:
                g = self.groups.get(u["setup"]["reinforcement"], {})
                if g.get("turns", [99])[0] > 6:
                    self.P("%s arrives from turn %s: 'early in the game' (13.2.4)" % (k, g.get("turns")))
        elite = [k for k, u in tac.items() if "elite" in u.get("classes", [])]
        if sorted(elite) != ["6FJ", "HG"]:
            self.P("elite units are 6FJ and HG only (13.2.4): %s" % elite)
        for g, r in self.groups.items():
            if r.get("kind") == "division_51":
                mem = sorted(grp.get(g, []))
                hq51 = [m for m in mem if U[m].get("kind") == "hq"]
                brig = [m for m in mem if U[m].get("type") == "infantry" and U[m].get("kind") != "hq"]
                art = [m for m in mem if "range" in U[m]]
                if len(hq51) != 1 or len(brig) != 3 or len(art) != 1 or len(mem) != 5:
                    self.P("group %s: the 51 XX HQ, three infantry brigades and the artillery brigade "
                           "(13.1.5a)" % g)
        # the map facts the rules name
        self.check_map_rules()

    def check_map_rules(self):
        PK, W = self.PK, self.W
        if PK:
            if max(G.xy(h)[0] for h in PK) != 10:
                self.P("breskens_pocket: its eastern bound is hex column 10xx (13.3.2)")
            for h in PK:
                for n in G.neighbours(h):
                    if n in PK or n in self.sea:
                        continue
                    fs = self.side_feats(h, n)
                    if not fs or not set(fs) <= {"water", "canal", "double_canal"}:
                        self.P("breskens_pocket open at %s/%s (not the Leopold Canal, the Braakman or water)" % (h, n))
            if not self.zones.get("breskens", set()) <= PK:
                self.P("Breskens is not in the Pocket")
        if W:
            links = [(h, n) for h in W for n in G.neighbours(h)
                     if n not in W and n not in self.sea and not self.side_prohibited(h, n)]
            if len(links) != 1 or "causeway" not in self.side_feats(*links[0]):
                self.P("Walcheren is joined to the rest of the map by %s, not by the causeway alone (13.3.1)" % links)
            kinds = {t for h in W for t in self.types(h)}
            if "polder" not in kinds or "clear" not in kinds:
                self.P("Walcheren has no polder or no clear hex: 13.3.3 turns both")
        cw = [k for k, fs in self.sides.items() if "causeway" in fs]
        if len(cw) != 1:
            self.P("%d causeway hexsides, expected one (13.3.1)" % len(cw))
        dc = [k for k, fs in self.sides.items() if "double_canal" in fs]
        eede = self.zones.get("eede", set())
        if not dc:
            self.P("no double canal (13.3.4)")
        elif eede:
            ex = G.xy(min(eede))[0]
            for k in dc:
                if min(G.xy(k[0])[0], G.xy(k[1])[0]) > ex:
                    self.P("double canal %s/%s is east of Eede (13.3.4)" % k)
        cap = self.zones.get("capellen", set())
        for h in cap:
            x, y = G.xy(h)
            n = G.hid(x, y - 1)
            if G.valid(n) and (self.hex_tm(n) != 2 or "forest" not in self.types(n)):
                self.P("the hex north of Capellen (%s) is not a forest of TM 2 (sample turn)" % n)
            elif G.valid(n) and self.side_tm(h, n):
                self.P("the sample turn's attack from Capellen %s into %s crosses a TM hexside: the "
                       "reduction would exceed 2" % (h, n))
        for zid in ("rosendaal", "breda", "tilburg", "turnhout", "breskens", "vlissingen", "terneuzen",
                    "hoedenskerke", "westkapelle", "domburg"):
            hs = self.zones.get(zid)
            if not hs:
                self.P("zone %s missing (a town a rule names)" % zid)
                continue
            for h in hs:
                if not {"village", "town", "city"} & set(self.types(h)):
                    self.P("zone %s: hex %s has no village, town or city" % (zid, h))
        for zid in ("westkapelle", "domburg", "vlissingen"):
            if not self.zones.get(zid, set()) <= W:
                self.P("%s is not on Walcheren (13.1.4)" % zid)
        if self.road_side:
            comp = G.bfs(min(W) if W else "0903", lambda h: h in self.road_hex,
                         lambda a, b: G.side_key(a, b) in self.road_side)
            for h in self.zones.get("antwerp", set()):
                if h not in comp:
                    self.P("no road from Walcheren over the causeway to Antwerp %s" % h)


def check(doc):
    c = Checker(doc)
    try:
        return c.run()
    except (KeyError, TypeError, ValueError, AttributeError, StopIteration) as e:
        # a malformed document the member checks already reported: never a crash
        c.P("the checks stopped on a malformed document (%s: %s)" % (type(e).__name__, e))
        return c.probs


def counts(doc):
    c = Checker(doc)
    c.run()
    t = collections.Counter()
    for h in G.all_hexes():
        t["+".join(sorted(c.types(h)))] += 1
    base = collections.Counter()
    for h in G.all_hexes():
        for x in c.types(h):
            if "mp" in c.tdef.get(x, {}) or c.tdef.get(x, {}).get("prohibited"):
                base[x] += 1
    feat = collections.Counter()
    for h in G.all_hexes():
        for x in c.types(h):
            if x not in base:
                feat[x] += 1
    s = collections.Counter(f for fs in c.sides.values() for f in fs)
    return c, base, feat, s


def report(doc, probs):
    c, base, feat, s = counts(doc)
    print("hexes by base terrain: " + ", ".join("%s %d" % kv for kv in sorted(base.items())))
    print("hex features: " + ", ".join("%s %d" % kv for kv in sorted(feat.items())))
    print("hexsides by type: " + ", ".join("%s %d" % kv for kv in sorted(s.items())))
    print("roads: %d paths, %d road hexes" % (len(doc["map"].get("roads", [])), len(c.road_hex)))
    u = collections.Counter((v["side"], v.get("kind", "tactical")) for v in doc["units"])
    print("units: " + ", ".join("%s %s %d" % (a, b, n) for (a, b), n in sorted(u.items())))
    print("zones: %d" % len(c.zones))
    if probs:
        print("%d PROBLEMS:" % len(probs))
        for p in probs:
            print("  " + p)
    else:
        print("checks: ok")


def _unit(doc, uid):
    return next(u for u in doc["units"] if u["id"] == uid)


def _side(doc, a, b):
    return next(s for s in doc["map"]["hexsides"] if sorted(s["hexes"]) == sorted([a, b]))


# (what, mutation, a substring one of the problems must contain)
MUTATIONS = [
    ("road into the sea", lambda d: d["map"]["roads"][0]["path"].insert(0, "0905"), "runs into sea hex"),
    ("road across water", lambda d: d["map"]["roads"].append({"path": ["0805", "0806"], "source": "t"}),
     "crosses the water hexside"),
    ("road through non-adjacent hexes", lambda d: d["map"]["roads"].append({"path": ["2402", "2404"], "source": "t"}),
     "are not adjacent"),
    ("road off the grid", lambda d: d["map"]["roads"].append({"path": ["0301", "0401"], "source": "t"}),
     "not a hex of the grid"),
    ("hexside not adjacent", lambda d: d["map"]["hexsides"].append(
        {"hexes": ["2402", "2404"], "features": ["canal"], "source": "t"}), "are not adjacent"),
    ("unknown hexside type", lambda d: d["map"]["hexsides"].append(
        {"hexes": ["2402", "2403"], "features": ["moat"], "source": "t"}), "unknown hexside type"),
    ("unknown member", lambda d: d["units"][0].update(foo=1), "unknown member 'foo'"),
    ("unknown top-level member", lambda d: d.update(victory={}), "unknown member 'victory'"),
    ("unit on a sea hex", lambda d: _unit(d, "CA_Knokke")["setup"].update(hex="0406"), "sea hex"),
    ("both sides in one hex", lambda d: _unit(d, "1020")["setup"].update(hex="2008"), "both sides"),
    ("Allied TF over C2", lambda d: [_unit(d, u).update(setup={"tf": "2CID"}) for u in ("7CIB", "8CIB", "3CID_Arty")],
     "C2 is 7"),
    ("German TF over C2", lambda d: _unit(d, "64Fus").update(setup={"tf": "64"}), "C2 is 4"),
    ("Polish unit in a Canadian TF", lambda d: _unit(d, "3PRB").update(setup={"tf": "2CID"}), "Polish and US only"),
    ("Canadian unit in the US TF", lambda d: _unit(d, "155Bde").update(setup={"reinforcement": "104th", "tf": "104"}),
     "Polish and US only"),
    ("coastal artillery in a TF", lambda d: _unit(d, "CA_Knokke").update(setup={"tf": "64"}), "coastal artillery"),
    ("24 scratch battalions", lambda d: d["units"].remove(_unit(d, "SB25")), "24 scratch"),
    ("11 coastal artillery", lambda d: d["units"].append(dict(_unit(d, "CA_Cadzand"), id="CA_X",
                                                            setup={"hex": "0506"})), "11 coastal artillery"),
    ("HQ with a factor", lambda d: _unit(d, "2CID").update(af=1), "an HQ has no factors"),
    ("tactical unit without DF", lambda d: _unit(d, "4CIB").pop("df"), ".df: expected an integer"),
    ("XX tactical unit", lambda d: _unit(d, "4CIB").update(size="XX"), "size XX if and only if"),
    ("hits eliminate at set-up", lambda d: _unit(d, "4CIB").update(hits=8), "hits eliminate"),
    ("brigade not 6-8-4", lambda d: _unit(d, "56Bde").update(af=5), "6-8-4"),
    ("52 brigade not one lower", lambda d: _unit(d, "155Bde").update(af=6), "one point lower"),
    ("unknown reinforcement group", lambda d: _unit(d, "155Bde").update(setup={"reinforcement": "nogroup"}),
     "unknown reinforcement group"),
    ("group without units", lambda d: d["reinforcements"].append(
        {"id": "empty", "side": "allied", "turns": [1, 2], "entry": {"zones": ["antwerp"]}}), "has no units"),
    ("group turns outside the game", lambda d: d["reinforcements"][0].update(turns=[2, 33]), "expected [first, last]"),
    ("SSF on another turn", lambda d: next(r for r in d["reinforcements"] if r["id"] == "ssf").update(turns=[10, 21]),
     "turns 10, 20 and 30"),
    ("markers below C2", lambda d: d["staff_markers"].update(german={"G-1": 1, "G-2": 1, "G-3": 1, "G-4": 0}),
     "fewer than C2"),
    ("sample hand impossible", lambda d: d["staff_markers"]["allied"].update({"G-3": 2}), "sample turn's hand"),
    ("empty zone", lambda d: d["map"]["zones"].append({"id": "nothing", "hexes": []}), "is empty"),
    ("zone with a sea hex", lambda d: d["map"]["zones"][0]["hexes"].append("0405"), "holds sea hexes"),
    ("unknown zone reference", lambda d: d["special"].update(walcheren="walcheren_island"), "unknown zone"),
    ("the Pocket open", lambda d: d["map"]["hexsides"].remove(_side(d, "0708", "0709")), "breskens_pocket open"),
    ("the Pocket beyond column 10", lambda d: next(z for z in d["map"]["zones"] if z["id"] == "breskens_pocket")[
        "hexes"].append("1107"), "column 10xx"),
    ("Walcheren joined outside the causeway", lambda d: d["map"]["hexsides"].remove(_side(d, "0904", "1004")),
     "not by the causeway alone"),
    ("two causeways", lambda d: _side(d, "0904", "1004").update(features=["causeway"]), "causeway hexsides"),
    ("German TF without random hits", lambda d: d["setup"]["random_hits"].pop(0), "no random set-up hits"),
    ("no German unit detached", lambda d: [_unit(d, u).update(setup={"reinforcement": "280"})
                                           for u in ("64Fus", "1020", "346Fus", "711Fus")], "begins detached"),
    ("forest north of Capellen not TM 2", lambda d: d["map"]["hexes"].append(
        {"hex": "2006", "terrain": ["village"], "source": "t"}), "north of Capellen"),
    ("a canal between Capellen and the forest", lambda d: d["map"]["hexsides"].append(
        {"hexes": ["2006", "2007"], "features": ["canal"], "source": "t"}), "crosses a TM hexside"),
    ("free set-up zones overlap", lambda d: next(z for z in d["map"]["zones"] if z["id"] == "free_german")[
        "hexes"].append("1909"), "share"),
    ("grid parity", lambda d: d["map"]["grid"].update(shifted_columns="even"), "shifted_columns"),
    ("terrain mp not in halves", lambda d: d["terrain"][0].update(mp=1.3), "1/2 steps"),
    ("forest TM not 2", lambda d: next(t for t in d["terrain"] if t["id"] == "forest").update(tm=1), "tm must be 2"),
    ("hex name too long", lambda d: d["map"]["hexes"].append({"hex": "2402", "name": "B" * 40, "source": "t"}),
     "longer than 31"),
    ("elite unit at start", lambda d: _unit(d, "6FJ").update(setup={"hex": "1805"}), "early reinforcement"),
]


def self_test(doc):
    """Each mutation of the (valid) document must be refused with the expected problem."""
    import copy
    if check(doc):
        print("self-test: the document itself has problems")
        return 1
    bad = 0
    for what, mutate, want in MUTATIONS:
        d = copy.deepcopy(doc)
        mutate(d)
        probs = check(d)
        if not any(want in p for p in probs):
            bad += 1
            print("self-test FAILED: %s: no problem containing %r (got %s)" % (what, want, probs[:3]))
    print("self-test: %d mutations, %d caught, %d missed" % (len(MUTATIONS), len(MUTATIONS) - bad, bad))
    return 1 if bad else 0


def main():
    args = [a for a in sys.argv[1:] if a != "--self-test"]
    path = args[0] if args else os.path.join(ROOT, "data", "scheldt-campaign.json")
    with open(path) as fh:
        doc = json.load(fh)
    if "--self-test" in sys.argv[1:]:
        return self_test(doc)
    probs = check(doc)
    report(doc, probs)
    return 1 if probs else 0


if __name__ == "__main__":
    sys.exit(main())
