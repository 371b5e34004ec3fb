#!/usr/bin/env python3
"""Consistency checks of the Meuse Argonne scenario data (python3, standard library).

    python3 tools/meuse_argonne/check.py [data/meuse-argonne.json]

Checks what the engine's loader (wargamed check-scenario) does not know: that the data
agrees with the rulebook's numbers (the divisions of 19.2-19.6 with their printed values
and turns, the set-up depleted units, 24 turns from Sep 26/27 to Nov 11, the Artillery
Track's turn 1 of 8/4 and at most 12 markers a turn, the four three-step divisions), that
the Stellung is one line of hexes from the western to the eastern edge with the Allied
set-up area south of it and the German areas in or north of it, that the Stellung and
Fortification lines and the rivers are continuous hexside lines, that Sedan and Verdun are fortresses, that the
German entry towns are towns on the northern or eastern edge, that every fact names its
source, and that the "exclusive" member refers only to existing units, zones, terrain
types and CRT lines.  Prints the counts and every problem; exit status 1 if any.
"""
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import hexgrid as G  # noqa: E402

# rules 19.2-19.6: id -> (printed A-D-M or None when the text gives no values, turn or None,
# set-up / arrival, depleted at start)
GERMAN = {
    "DE-1A": "4-5-4", "DE-1G": "8-9-4", "DE-2L": "4-6-4", "DE-3G": "10-6-4", "DE-5BR": "7-6-4",
    "DE-5G": "6-8-4", "DE-5L": "2-6-4", "DE-7R": "7-5-4", "DE-8L": "4-4-4", "DE-9L": "4-5-4",
    "DE-13L": "2-3-4", "DE-15": "7-8-4", "DE-33": "7-9-3", "DE-35A": "4-4-4", "DE-37": "9-9-5",
    "DE-76R": "6-8-4", "DE-115": "5-6-4", "DE-123": "6-7-4", "DE-255": "6-6-4", "DE-AR": "4-4-4",
}
GERMAN_RESERVE = {"DE-15A": "4-4-4", "DE-106A": "4-4-4", "DE-108": "6-5-4", "DE-236": "6-6-4"}
GERMAN_REINF = {
    "DE-52R": ("11-11-4", 2), "DE-53R": ("4-5-2", 2), "DE-28R": ("10-10-5", 4), "DE-37A": ("2-3-4", 4),
    "DE-195": ("9-9-4", 5), "DE-38A": ("3-4-4", 5), "DE-228": ("5-6-4", 6), "DE-41": ("6-8-4", 6),
    "DE-204": ("3-5-4", 6), "DE-45R": ("6-5-3", 7), "DE-192": ("5-5-4", 7), "DE-32": ("4-5-3", 7),
    "DE-199": ("8-8-4", 7), "DE-107": ("5-5-8", 9), "DE-1L": ("5-5-4", 10), "DE-88": ("6-6-4", 13),
    "DE-31": ("5-6-4", 18), "DE-25": ("8-5-3", 19), "DE-117": ("7-6-3", 19), "DE-10": ("4-3-3", 20),
}
ALLIED_START = ["US-3", "US-4", "US-5", "US-28", "US-32", "US-33", "US-35", "US-37", "US-77", "US-78",
                "US-80", "US-91", "US-92", "FR-Belrupt"]
ALLIED_REINF = {"US-1": 4, "US-42": 5, "FR-29": 6, "FR-33": 6, "US-82": 6, "US-26": 10, "US-89": 12,
                "US-79": 13, "US-90": 13, "US-81": 19, "US-2": 19}
DEPLETED = {"DE-7R", "DE-33", "DE-45R", "DE-117"}
THREE_STEP = {"US-4", "US-32", "US-33", "US-79"}
LABELS = {1: "Sep 26/27", 2: "Sep 28-29", 4: "Oct 2-3", 5: "Oct 4-5", 6: "Oct 6-7", 7: "Oct 8-9",
          9: "Oct 12-13", 10: "Oct 14-15", 12: "Oct 18-19", 13: "Oct 20-21", 18: "Oct 30-31",
          19: "Nov 1-2", 20: "Nov 3-4", 24: "Nov 11"}
TRENCH = ("stellung", "tier2_trench", "fortification")


class Map:
    def __init__(self, doc):
        m = doc["map"]
        self.default = m["default_terrain"]
        self.terr = collections.defaultdict(set)
        self.names = {}
        self.sides = collections.defaultdict(set)
        self.bridges = set()
        self.unsourced = []
        for e in m["hexes"]:
            self.terr[e["hex"]].update(e.get("terrain", []))
            if "name" in e:
                self.names[e["hex"]] = e["name"]
            if not e.get("source"):
                self.unsourced.append("hex " + e["hex"])
        for e in m["hexsides"]:
            k = G.side_key(*e["hexes"])
            self.sides[k].update(e.get("features", []))
            if e.get("bridge"):
                self.bridges.add(k)
            if not e.get("source"):
                self.unsourced.append("hexside %s/%s" % k)
        self.zones = {z["id"]: set(z["hexes"]) for z in m["zones"]}
        for z in m["zones"]:
            if not z.get("source"):
                self.unsourced.append("zone " + z["id"])
        self.edges = m["edges"]

    def types(self, h):
        return self.terr.get(h) or {self.default}

    def feature_sides(self, feat):
        return {k for k, f in self.sides.items() if feat in f}


def column_rows(hexes):
    out = collections.defaultdict(list)
    for h in hexes:
        x, y = G.xy(h)
        out[x].append(y)
    return out


def check_units(doc, P):
    units = {u["id"]: u for u in doc["units"]}
    if len(units) != len(doc["units"]):
        P("duplicate unit ids")
    for u in doc["units"]:
        if not u.get("source"):
            P("unit %s: no source" % u["id"])
        if u.get("mobile"):
            P("unit %s is mobile: every unit is leg infantry (10.3)" % u["id"])

    def steps(uid):
        return units[uid]["steps"]

    def zones_of(uid, form):
        return units[uid]["setup"].get(form, {}).get("zones")

    for uid, p in list(GERMAN.items()) + list(GERMAN_RESERVE.items()):
        if uid not in units:
            P("19.4/19.5: German division %s missing" % uid)
            continue
        if steps(uid)[0] != p:
            P("unit %s: printed %s, rules say %s" % (uid, steps(uid)[0], p))
        want = ["stellung"] if uid in GERMAN else ["north_of_stellung"]
        if zones_of(uid, "choose") != want:
            P("unit %s: sets up in %s, rules say %s" % (uid, zones_of(uid, "choose"), want))
    for uid, (p, t) in GERMAN_REINF.items():
        if uid not in units:
            P("19.6: German division %s missing" % uid)
            continue
        a = units[uid]["setup"].get("arrives", {})
        if steps(uid)[0] != p or a.get("turn") != t or a.get("zones") != ["german_entry_towns"]:
            P("unit %s: %s turn %s %s, rules say %s turn %d via the entry towns"
              % (uid, steps(uid)[0], a.get("turn"), a.get("zones"), p, t))
    for uid in ALLIED_START:
        if uid not in units:
            P("19.2: Allied division %s missing" % uid)
        elif zones_of(uid, "choose") != ["south_of_stellung"]:
            P("unit %s: 11.2 sets it up south of the Stellung" % uid)
    for uid, t in ALLIED_REINF.items():
        if uid not in units:
            P("19.3: Allied division %s missing" % uid)
            continue
        a = units[uid]["setup"].get("arrives", {})
        if a.get("turn") != t or a.get("zones") != ["south_edge"]:
            P("unit %s: arrives %s %s, rules say turn %d on the southern edge" % (uid, a.get("turn"), a.get("zones"), t))
    for uid, u in units.items():
        if bool(u.get("reduced")) != (uid in DEPLETED):
            P("unit %s: reduced=%s, rules 19.4/19.6 say %s" % (uid, u.get("reduced", False), uid in DEPLETED))
        if u["side"] == "allied" and uid not in ALLIED_START and uid not in ALLIED_REINF:
            if "brigade" not in u.get("abilities", []) or "held" not in u["setup"] or len(u["steps"]) != 1:
                P("unit %s: an Allied unit not in 19.2/19.3 must be a one-step brigade chit held off the map" % uid)
        if u["side"] == "german" and uid not in GERMAN and uid not in GERMAN_RESERVE and uid not in GERMAN_REINF:
            P("unit %s: not a German division of 19.4-19.6" % uid)
        if len(u["steps"]) == 2:
            a, d, m = [int(x) for x in u["steps"][0].split("-")]
            a2, d2, m2 = [int(x) for x in u["steps"][1].split("-")]
            if a2 > a or d2 > d or m2 != m:
                P("unit %s: depleted side %s is not below the full side %s" % (uid, u["steps"][1], u["steps"][0]))
    n_ger = sum(1 for u in doc["units"] if u["side"] == "german")
    if n_ger != 44:
        P("%d German units, rules 19.4-19.6 list 44" % n_ger)
    return units


def check_turns(doc, P):
    t = doc["turns"]
    if t["count"] != 24 or t["first_player"] != "allied" or t["setup_order"] != ["allied", "german"]:
        P("turns: 24 turns, the Allied player first and setting up first (19.1, 11.1)")
    labels = t.get("labels", [])
    if len(labels) != 24:
        P("turns.labels: %d labels, 24 expected" % len(labels))
    for n, lab in LABELS.items():
        if n <= len(labels) and labels[n - 1] != lab:
            P("turn %d is labelled %s; the rules print %s" % (n, labels[n - 1], lab))
    ex = doc["exclusive"]
    track = ex["artillery"]["track"]
    if len(track) != 24:
        P("exclusive.artillery.track: %d turns, 24 expected" % len(track))
    if track and track[0] != [8, 4]:
        P("exclusive.artillery.track: turn 1 is %s, rules 17.1 print 8/4" % track[0])
    for k, (a, g) in enumerate(track):
        if a + g > ex["artillery"]["markers"]:
            P("artillery track turn %d: %d/%d is more than the %d markers (11.1)" % (k + 1, a, g, ex["artillery"]["markers"]))
    if ex["artillery"]["markers"] != 12:
        P("exclusive.artillery.markers: rules 11.1 say 12")


def connected(hexes):
    hexes = set(hexes)
    if not hexes:
        return False
    seen = G.bfs(next(iter(sorted(hexes))), lambda h: h in hexes)
    return seen == hexes


def side_line_connected(sides):
    """A set of hexsides is one continuous line when their corner points form one
    connected chain: two hexsides touch when they share a hex and a third hex adjacent to
    both (the corner where three hexes meet)."""
    sides = set(sides)
    if not sides:
        return False
    corner = collections.defaultdict(set)
    for a, b in sides:
        for c in G.neighbours(a):
            if c in G.neighbours(b):
                corner[tuple(sorted((a, b, c)))].add((a, b))
    adj = collections.defaultdict(set)
    for group in corner.values():
        for s in group:
            adj[s] |= group
    start = next(iter(sorted(sides)))
    seen, todo = {start}, [start]
    while todo:
        s = todo.pop()
        for n in adj[s]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == sides


def check_map(doc, M, P):
    for u in M.unsourced:
        P("no source: " + u)
    covered = {e["hex"] for e in doc["map"]["hexes"] if "terrain" in e}
    missing = [h for h in G.all_hexes() if h not in covered]
    if missing:
        P("%d hexes have no explicit terrain entry (first %s)" % (len(missing), missing[0]))
    Z = M.zones
    for zid, hexes in Z.items():
        if not hexes:
            P("zone %s is empty" % zid)
    st = Z.get("stellung", set())
    rows = column_rows(st)
    if sorted(rows) != list(range(G.COLS[0], G.COLS[1] + 1)):
        P("the Stellung does not reach every column from the western to the eastern edge")
    if not connected(st):
        P("the Stellung hexes are not one continuous line")
    for x, ys in rows.items():
        if sorted(ys) != list(range(min(ys), max(ys) + 1)):
            P("the Stellung has a gap in column %02d" % x)
    south = Z.get("south_of_stellung", set())
    north = Z.get("north_of_stellung", set())
    if south & north or south & st or north & st or len(south | north | st) != len(G.all_hexes()):
        P("the Stellung, south_of_stellung and north_of_stellung must split the map")
    for h in south:
        for n in G.neighbours(h):
            if n in north:
                P("hex %s south of the Stellung touches %s north of it: the line has a hole" % (h, n))
    if south and G.bfs(next(iter(sorted(Z["south_edge"]))), lambda h: h in south) != south:
        P("the area south of the Stellung is not one area reachable from the southern edge")
    if len(st) < 20:
        P("%d Stellung hexes for the 20 divisions of 19.4" % len(st))
    if len(south) < len(ALLIED_START):
        P("the Allied set-up area is smaller than the 14 divisions of 19.2")
    if Z.get("german_setup") != north | st:
        P("german_setup must be the Stellung and the hexes north of it (11.5)")
    if any(G.xy(h)[1] != G.ROWS[1] for h in Z.get("south_edge", ())):
        P("south_edge holds hexes off the southern edge")
    for h in Z.get("allied_replacement_edge", ()):
        x, y = G.xy(h)
        if h not in south or not (x in G.COLS or y in G.ROWS):
            P("allied_replacement_edge hex %s is not a map-edge hex south of the Stellung (11.3)" % h)
    for h in Z.get("german_replacement_edge", ()):
        x, y = G.xy(h)
        if h in south or not (y == G.ROWS[0] or x == G.COLS[1]):
            P("german_replacement_edge hex %s is not a northern or eastern edge hex of the German side" % h)
    for h in Z.get("german_entry_towns", ()):
        x, y = G.xy(h)
        if "town" not in M.types(h) or not (y == G.ROWS[0] or x == G.COLS[1]) or h in south:
            P("German entry town %s is not a town on the northern or eastern edge (19.6)" % h)
    for t in TRENCH:
        zone = Z.get(t, set())
        typed = {h for h in G.all_hexes() if t in M.types(h)}
        if zone != typed:
            P("zone %s and the hexes of terrain %s differ" % (t, t))
    for a, b in ((0, 1), (0, 2), (1, 2)):
        if Z.get(TRENCH[a], set()) & Z.get(TRENCH[b], set()):
            P("a hex is on two trench lines (%s, %s)" % (TRENCH[a], TRENCH[b]))
    for feat in ("stellung_line", "fortification_line", "meuse_river", "river"):
        if not side_line_connected(M.feature_sides(feat)):
            P("the %s hexsides are not one continuous line" % feat)
    for feat, terr in (("stellung_line", "stellung"), ("tier2_line", "tier2_trench"),
                       ("fortification_line", "fortification")):
        for a, b in M.feature_sides(feat):
            if (terr in M.types(a)) == (terr in M.types(b)):
                P("%s hexside %s/%s does not separate a %s hex from another hex" % (feat, a, b, terr))
    for k in M.bridges:
        if not M.sides[k] & {"meuse_river", "river"}:
            P("bridge %s/%s is not on a river hexside" % k)
    meuse = M.feature_sides("meuse_river")
    west = G.bfs("0122", lambda h: True, lambda a, b: G.side_key(a, b) not in meuse)
    if "0802" in west or "2422" in west:
        P("the Meuse does not separate its banks from the southern to the northern edge")
    for name in ("Sedan", "Verdun"):
        hs = [h for h, n in M.names.items() if n == name]
        if len(hs) != 1 or "fortress" not in M.types(hs[0]):
            P("%s must be one named fortress hex" % name)
        elif name == "Sedan" and (Z.get("sedan") != {hs[0]} or hs[0] in south):
            P("zone sedan must be Sedan's hex, north of the Stellung")
        elif name == "Verdun" and hs[0] not in south:
            P("Verdun must be south of the Stellung, in Allied hands on 26 September")
    fortresses = {h for h in G.all_hexes() if "fortress" in M.types(h)}
    if len(fortresses) != 2:
        P("%d fortress hexes; the CRT names two, Sedan and Verdun" % len(fortresses))
    if not Z.get("argonne_forest") or any("woods" not in M.types(h) for h in Z["argonne_forest"]):
        P("the Argonne Forest zone must hold woods hexes only")
    return south, north, st


def check_exclusive(doc, M, units, P):
    ex = doc["exclusive"]
    if ex.get("module") != "meuse_argonne":
        P("exclusive.module must be meuse_argonne")
    tids = {t["id"] for t in doc["terrain"]}
    lines = {ln["id"] for ln in doc["crt"]["lines"]}
    prov = ("source", "verify", "note")
    for role, zid in ex["zones"].items():
        if role not in prov and zid not in M.zones:
            P("exclusive.zones.%s: no zone %s" % (role, zid))
    for role, h in ex["hexes"].items():
        if role not in prov and "fortress" not in M.types(h):
            P("exclusive.hexes.%s: %s is not a fortress hex" % (role, h))
    for t in ex["trenches"]["terrain"]:
        if t not in tids:
            P("exclusive.trenches.terrain: no terrain %s" % t)
    if set(ex["artillery"]["terrain_modifiers"]) != tids:
        P("exclusive.artillery.terrain_modifiers must give every terrain type a modifier")
    if ex["lost_battalion"]["line"] not in lines:
        P("exclusive.lost_battalion.line: no CRT line %s" % ex["lost_battalion"]["line"])
    ts = ex["three_step"]
    if set(ts["divisions"]) != THREE_STEP:
        P("exclusive.three_step.divisions must be the US 4th, 32nd, 33rd and 79th (13.1)")
    for uid in ts["divisions"] + ts["brigades"] + ex["reserve"]["units"]:
        if uid not in units:
            P("exclusive: no unit %s" % uid)
    for uid in ts["brigades"]:
        if uid in units and "held" not in units[uid]["setup"]:
            P("brigade %s must be held off the map" % uid)
    if set(ex["reserve"]["units"]) != set(GERMAN_RESERVE):
        P("exclusive.reserve.units must be the four divisions of 19.5")


def check(doc):
    probs = []
    M = Map(doc)
    units = check_units(doc, probs.append)
    check_turns(doc, probs.append)
    check_map(doc, M, probs.append)
    check_exclusive(doc, M, units, probs.append)
    return probs


def report(doc, probs):
    M = Map(doc)
    kinds = collections.Counter()
    for h in G.all_hexes():
        for t in M.types(h):
            kinds[t] += 1
    sides = collections.Counter(f for fs in M.sides.values() for f in fs)
    print("hexes: %d; " % len(G.all_hexes()) + ", ".join("%s %d" % kv for kv in sorted(kinds.items())))
    print("hexsides: " + ", ".join("%s %d" % kv for kv in sorted(sides.items())) + ", bridges %d" % len(M.bridges))
    print("zones: " + ", ".join("%s %d" % (z, len(h)) for z, h in M.zones.items()))
    side = collections.Counter(u["side"] for u in doc["units"])
    print("units: " + ", ".join("%s %d" % kv for kv in sorted(side.items())))
    for p in probs:
        print("problem: " + p)
    print("%d problems" % len(probs))


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "data", "meuse-argonne.json")
    with open(path) as fh:
        doc = json.load(fh)
    probs = check(doc)
    report(doc, probs)
    return 1 if probs else 0


if __name__ == "__main__":
    sys.exit(main())
