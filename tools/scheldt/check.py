#!/usr/bin/env python3
"""Consistency checks of the Battle of the Scheldt scenario data (python3, standard library).

    python3 tools/scheldt/check.py [data/scheldt.json]

Checks what the engine's loader (wargamed check-scenario) cannot know: that the map
agrees with the rulebook's facts (named hexes, the causeway, the Braakman, inlets,
Walcheren reachable only over the causeway, the estuary closed), that no unit is set up
or enters on a sea or prohibited hex, that roads lie on land and are contiguous, that
every zone is non-empty and every hex and hexside fact names its source, and that the
"exclusive" member (the Scheldt module's data, docs/scenarios/scheldt-rules.md) and the
support ranges refer only to existing units, zones, hexes and hexsides.  Prints the counts
and every problem; exit status 1 if any problem was found.
"""
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import hexgrid as G  # noqa: E402


class Map:
    def __init__(self, doc):
        m = doc["map"]
        self.default = m["default_terrain"]
        self.terr = collections.defaultdict(set)
        self.names = {}
        self.road_hex = set()
        self.road_side = set()
        self.sides = collections.defaultdict(set)
        self.unsourced = []
        for e in m["hexes"]:
            h = e["hex"]
            for t in e.get("terrain", []):
                self.terr[h].add(t)
            if "name" in e:
                self.names[h] = e["name"]
            if e.get("road"):
                self.road_hex.add(h)
            if not e.get("source"):
                self.unsourced.append("hex " + h)
        for e in m["hexsides"]:
            a, b = e["hexes"]
            for f in e.get("features", []):
                self.sides[G.side_key(a, b)].add(f)
            if e.get("road"):
                self.road_side.add(G.side_key(a, b))
            if not e.get("source"):
                self.unsourced.append("hexside %s/%s" % (a, b))
        self.paths = []
        for r in m.get("roads", []):
            self.paths.append(r["path"])
            self.road_hex.update(r["path"])
            for a, b in zip(r["path"], r["path"][1:]):
                self.road_side.add(G.side_key(a, b))
            if not r.get("source"):
                self.unsourced.append("road " + "-".join(r["path"][:2]))
        self.zones = {z["id"]: set(z["hexes"]) for z in m.get("zones", [])}
        for e in m["hexes"]:
            for z in e.get("zones", []):
                self.zones.setdefault(z, set()).add(e["hex"])
        self.tdef = {t["id"]: t for t in doc["terrain"]}
        self.sdef = {t["id"]: t for t in doc["hexside_types"]}

    def types(self, h):
        return self.terr.get(h) or {self.default}

    def prohibited(self, h):
        return any(self.tdef[t].get("prohibited") for t in self.types(h))

    def mobile_prohibited(self, h):
        return any(self.tdef[t].get("mobile_prohibited") for t in self.types(h))

    def all_mp(self, h):
        return any(self.tdef[t].get("mp") == "all" for t in self.types(h))

    def side_prohibited(self, a, b):
        return any(self.sdef[f].get("prohibited") for f in self.sides.get(G.side_key(a, b), ()))

    def side_flags(self, a, b):
        out = set()
        for f in self.sides.get(G.side_key(a, b), ()):
            out.update(self.sdef[f].get("flags", []))
        return out

    def is_sea(self, h):
        return "sea" in self.types(h)


def check(doc):
    probs = []
    M = Map(doc)
    P = probs.append

    # ---- provenance
    for u in M.unsourced:
        P("no source: " + u)
    for e in doc["map"]["hexes"]:
        if "terrain" in e and not e.get("source"):
            P("hex %s: terrain without source" % e["hex"])
    covered = {e["hex"] for e in doc["map"]["hexes"] if "terrain" in e}
    missing = [h for h in G.all_hexes() if h not in covered]
    if missing:
        P("%d hexes have no explicit terrain entry (first %s)" % (len(missing), missing[0]))

    # ---- units: set-up and entry hexes
    sides = doc["sides"]
    ids = set()
    for u in doc["units"]:
        if u["id"] in ids:
            P("unit %s: duplicate id" % u["id"])
        ids.add(u["id"])
        s = u["setup"]
        hexes = []
        if "hex" in s:
            hexes = [s["hex"]]
        elif "arrives" in s or "choose" in s:
            w = s.get("arrives") or s.get("choose")
            hexes = list(w.get("hexes", []))
            for z in w.get("zones", []):
                if z not in M.zones:
                    P("unit %s: unknown zone %s" % (u["id"], z))
                hexes += sorted(M.zones.get(z, ()))
            for c in w.get("near", []):
                hexes += [c] + G.neighbours(c)
        for h in hexes:
            x, y = G.xy(h)
            if not G.on_map(x, y):
                P("unit %s: hex %s off the map" % (u["id"], h))
                continue
            if M.prohibited(h):
                if "hex" in s or "arrives" in s:
                    P("unit %s: set-up/entry hex %s is prohibited (%s)" % (u["id"], h, ",".join(M.types(h))))
            elif u.get("mobile") and M.mobile_prohibited(h) and ("hex" in s or "arrives" in s):
                P("unit %s: mobile unit on %s (%s)" % (u["id"], h, ",".join(M.types(h))))
            elif "hex" in s and M.all_mp(h):
                P("unit %s: set-up hex %s is all-MP terrain (%s)" % (u["id"], h, ",".join(M.types(h))))
        if "arrives" in s and u["side"] == "german":
            for h in hexes:
                if G.xy(h)[1] != G.ROWS[0]:
                    P("unit %s: German entry hex %s not on the eastern edge" % (u["id"], h))
        if "choose" in s:
            free = [h for h in set(hexes) if G.on_map(*G.xy(h)) and not M.prohibited(h)]
            n = sum(1 for v in doc["units"] if v["setup"] == s)
            if len(free) < n:
                P("unit %s: choose area has %d legal hexes for %d units" % (u["id"], len(free), n))
    fixed = [u["setup"]["hex"] for u in doc["units"] if "hex" in u["setup"]]
    for h, c in collections.Counter(fixed).items():
        if c > 1:
            P("set-up hex %s used by %d units" % (h, c))
    per_side = collections.Counter(u["side"] for u in doc["units"])
    for sd in sides:
        if not per_side[sd]:
            P("side %s has no units" % sd)

    # ---- roads
    for p in M.paths:
        for a, b in zip(p, p[1:]):
            if not G.adjacent(a, b):
                P("road %s..%s: %s and %s are not adjacent" % (p[0], p[-1], a, b))
            elif M.side_prohibited(a, b):
                P("road %s..%s crosses the prohibited hexside %s/%s" % (p[0], p[-1], a, b))
    for h in sorted(M.road_hex):
        if M.prohibited(h):
            P("road hex %s is prohibited terrain (%s)" % (h, ",".join(M.types(h))))
        elif "scheldt_river" in M.types(h) or "inlet" in M.types(h):
            P("road hex %s is an inlet or Scheldt River hex" % h)

    # ---- rulebook hexes
    def expect_land(h, why):
        if M.prohibited(h):
            P("%s: %s is %s, the rules imply land" % (why, h, ",".join(M.types(h))))

    towns = {"2021": "Woensdrecht", "2736": "Terneuzen", "1832": "Goes", "2042": "Flushing",
             "1917": "Esschen", "2819": "Kapellen", "3018": "Brasschaet", "2642": "Schoondike"}
    for h, n in towns.items():
        expect_land(h, "rules town " + n)
        if M.names.get(h) != n:
            P("hex %s should be named %s (rules), is %r" % (h, n, M.names.get(h)))
        if "city" not in M.types(h):
            P("rules town %s (%s) is not City terrain" % (n, h))
    coastal = M.zones.get("coastal", set())
    for h in ("2637", "2737", "2837"):
        expect_land(h, "rules 13.0 Braakman hex")
        west = [n for n in G.neighbours(h) if G.lattice(n)[1] > G.lattice(h)[1]]
        if not any("braakman" in M.side_flags(h, n) and not M.prohibited(n) for n in west):
            P("rules 13.0: Braakman hex %s has no all-sea Braakman hexside to a land hex west of it" % h)
        if h not in coastal:
            P("rules 13.0: Braakman hex %s is not coastal" % h)
    if "braakman" not in M.side_flags("2737", "2738") or not M.side_prohibited("2737", "2738"):
        P("rules 15.1: 2737/2738 is not an all-sea hexside")
    expect_land("2738", "rules 13.0 (coastal hex west of 2737)")
    for h in ("3523", "1536", "1623"):
        if "inlet" not in M.types(h):
            P("rules 15.1: %s is not an inlet" % h)
        for n in G.neighbours(h):
            if "all_sea" in M.side_flags(h, n):
                P("rules 15.1: inlet %s has an all-sea hexside to %s (an inlet covers no hexside)" % (h, n))
    if "causeway" not in M.side_flags("1739", "1838"):
        P("rules 15.2: 1739/1838 is not the causeway")
    for b in ("1839", "1939"):
        if not M.side_prohibited("1838", b):
            P("rules 15.2: 1838/%s is not barred" % b)
    for h in ("1739", "1838", "1839", "1939"):
        expect_land(h, "rules 15.2 causeway")
    W = M.zones.get("walcheren", set())
    for h in ("1739", "1839", "1939", "2042"):
        if h not in W:
            P("hex %s should be on Walcheren" % h)
    if "1838" in W:
        P("1838 should not be on Walcheren")
    # Walcheren only over the causeway
    links = set()
    for h in W:
        for n in G.neighbours(h):
            if n in W or M.prohibited(n) or M.side_prohibited(h, n):
                continue
            links.add(G.side_key(h, n))
    if links != {("1739", "1838")}:
        P("rules 15.2: Walcheren is linked to the rest of the map by %s, not only by 1739/1838"
          % sorted(links))
    for h in W:
        if M.prohibited(h):
            P("walcheren zone holds prohibited hex %s" % h)
    # the estuary is closed: Goes cannot walk to Terneuzen without the mainland or a river hex
    reach = G.bfs("1832", lambda h: not M.prohibited(h) and G.xy(h)[1] >= 24
                  and not ({"scheldt_river", "inlet"} & M.types(h)),
                  lambda a, b: not M.side_prohibited(a, b))
    if "2736" in reach:
        P("the Western Scheldt leaks: Terneuzen is reachable from Goes by land")
    # the pocket is closed by the Leopold Canal, the Braakman and the sea
    PK = M.zones.get("breskens_pocket", set())
    for h in ("2642", "3043", "3044", "3045"):
        if h not in PK:
            P("German pocket set-up hex %s is not in the breskens_pocket zone" % h)
    for h in ("2637", "2737", "2837", "3038", "3142", "3147"):
        if h in PK:
            P("Allied set-up hex %s is inside the breskens_pocket zone" % h)
    for h in PK:
        for n in G.neighbours(h):
            if n in PK or M.prohibited(n) or M.side_prohibited(h, n):
                continue
            if "leopold_canal" not in M.side_flags(h, n):
                P("breskens pocket open at %s/%s (not canal, sea or Braakman)" % (h, n))
    # entry hexes
    for h in ["2717", "1517", "1117", "1217", "1317", "1417", "1617"]:
        expect_land(h, "rules 11.2 entry hex")
        if M.mobile_prohibited(h) and h == "1517":
            P("rules 11.2: 1517 must admit the mobile assault guns")
    for h in ("2022", "3217"):
        if not M.prohibited(h) and h not in M.zones.get("victory_west", set()):
            P("rules 17.0: line end %s is not in the victory zone" % h)
    # zones
    for z, hs in sorted(M.zones.items()):
        if not hs:
            P("zone %s is empty" % z)
        for h in hs:
            if not G.on_map(*G.xy(h)):
                P("zone %s: %s off the map" % (z, h))
        if z != "coastal" and any(M.prohibited(h) for h in hs):
            P("zone %s holds prohibited hexes" % z)
    road_z = M.zones.get("woensdrecht_schore_road", set())
    if road_z:
        if "2021" not in road_z:
            P("woensdrecht_schore_road does not start at Woensdrecht 2021")
        schore = [h for h, n in M.names.items() if n == "Schore"]
        if not schore or schore[0] not in road_z:
            P("woensdrecht_schore_road does not reach Schore")
        if not road_z <= M.road_hex:
            P("woensdrecht_schore_road holds non-road hexes")
        if len(G.bfs("2021", lambda h: h in road_z)) != len(road_z):
            P("woensdrecht_schore_road is not contiguous")
    if M.zones.get("antwerp") and M.zones["antwerp"] & M.zones.get("us104_forbidden", set()):
        P("Antwerp hexes lie in the US 104th forbidden zone")

    # ---- markers
    pools = doc["support"]["pools"]

    def flagged(side, flag):
        return [m for m in pools.get(side, []) for _ in range(m.get("count", 1)) if flag in m.get("flags", [])]
    at = flagged("german", "at_plus5")
    nv = flagged("allied", "naval_plus10")
    if len(at) != 1 or at[0]["value"] != 5:
        P("rules 14.1: expected one German +5 marker flagged at_plus5")
    if len(nv) != 2 or any(m["value"] != 10 for m in nv):
        P("rules 16.4: expected two Allied +10 markers flagged naval_plus10")
    if doc["support"]["allotment"]["turns"].get("1") != [11, 6]:
        P("rules 14.0: Turn 1 allotment must be 11/6")

    # ---- the exclusive member and the support ranges refer to existing things
    ex = doc.get("exclusive") or {}
    zones = ex.get("zones", {})
    for role, zid in zones.items():
        if role not in ("source", "note", "verify") and zid not in M.zones:
            P("exclusive zones.%s: unknown zone %s" % (role, zid))
    named = list(ex.get("frozen", {}).get("units", [])) + list(ex.get("pocket_germans", []))
    for part in ("beveland", "walcheren_assault"):
        named += ex.get(part, {}).get("units", [])
    named += [ex["withdraw"]["unit"]] if "withdraw" in ex else []
    named += list(ex.get("us104", [])) + list(ex.get("first_free_north", []))
    for uid in named:
        if uid not in ids:
            P("exclusive: unknown unit %s" % uid)
    for a, b in ex.get("braakman", {}).get("hexsides", []):
        if "braakman" not in M.side_flags(a, b):
            P("exclusive braakman.hexsides: %s/%s is not a Braakman hexside" % (a, b))
    for h in ex.get("braakman", {}).get("hexes", []):
        if M.prohibited(h):
            P("exclusive braakman.hexes: %s is prohibited terrain" % h)
    for h in ex.get("walcheren_road", []):
        if h not in M.road_hex:
            P("exclusive walcheren_road: %s is not a road hex" % h)
    if set(ex.get("walcheren_road", [])) != M.zones.get("woensdrecht_schore_road", set()):
        P("exclusive walcheren_road differs from the zone woensdrecht_schore_road")
    for r in doc["support"].get("ranges", []):
        for z in r.get("from", {}).get("zones", []) if isinstance(r.get("from"), dict) else []:
            if z not in M.zones:
                P("support.ranges: unknown zone %s" % z)
    return probs


def counts(doc):
    M = Map(doc)
    t = collections.Counter()
    for h in G.all_hexes():
        t["+".join(sorted(M.types(h)))] += 1
    s = collections.Counter()
    for k, fs in M.sides.items():
        for f in fs:
            s[f] += 1
    u = collections.Counter(v["side"] for v in doc["units"])
    road_comp = 0
    left = set(M.road_hex)
    while left:
        h = left.pop()
        comp = G.bfs(h, lambda x: x in M.road_hex, lambda a, b: G.side_key(a, b) in M.road_side)
        left -= comp
        road_comp += 1
    return t, s, len(M.road_hex), road_comp, u, {z: len(v) for z, v in M.zones.items()}


def report(doc, probs):
    t, s, nroad, ncomp, u, z = counts(doc)
    print("hexes by terrain: " + ", ".join("%s %d" % kv for kv in sorted(t.items())))
    print("hexsides by type: " + ", ".join("%s %d" % kv for kv in sorted(s.items())))
    print("road hexes: %d in %d connected networks (%d road paths)" % (nroad, ncomp, len(doc["map"]["roads"])))
    print("units: " + ", ".join("%s %d" % kv for kv in sorted(u.items())))
    print("zones: " + ", ".join("%s %d" % kv for kv in z.items()))
    if probs:
        print("%d PROBLEMS:" % len(probs))
        for p in probs:
            print("  " + p)
    else:
        print("consistency checks: ok")


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "data", "scheldt.json")
    with open(path) as fh:
        doc = json.load(fh)
    probs = check(doc)
    report(doc, probs)
    return 1 if probs else 0


if __name__ == "__main__":
    sys.exit(main())
