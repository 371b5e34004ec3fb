#!/usr/bin/env python3
"""Prints a text picture of data/scheldt.json (or any file given) for map owners.

    python3 tools/scheldt/render.py [data/scheldt.json]

One cell per hex, rows YY 17..47 down the page and columns XX 11..36 across, as the
sheet is printed (east at the top, north on the left).  Even columns sit half a hex
lower on the sheet; the text cannot show that.

    ~ sea        . clear      C city       D Antwerp docks   f flooded
    i inlet      r Scheldt River hex       upper-case letters mark a unit set-up hex
    = road (on a clear hex)                # road on a flooded hex
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import hexgrid as G  # noqa: E402

SYM = {"sea": "~", "clear": ".", "city": "C", "antwerp_docks": "D", "flooded": "f",
       "inlet": "i", "scheldt_river": "r"}


def load_map(doc):
    terr, road = {}, set()
    for e in doc["map"]["hexes"]:
        if "terrain" in e:
            terr.setdefault(e["hex"], []).extend(e["terrain"])
        if e.get("road"):
            road.add(e["hex"])
    for r in doc["map"].get("roads", []):
        road.update(r["path"])
    return terr, road


def render(doc, marks=None):
    terr, road = load_map(doc)
    marks = marks or {}
    out = ["      " + "".join("%-3d" % x for x in range(G.COLS[0], G.COLS[1] + 1))]
    for y in range(G.ROWS[0], G.ROWS[1] + 1):
        line = []
        for x in range(G.COLS[0], G.COLS[1] + 1):
            h = G.hid(x, y)
            t = terr.get(h, [doc["map"]["default_terrain"]])
            c = "?"
            for k in ("sea", "inlet", "scheldt_river", "flooded", "antwerp_docks", "city", "clear"):
                if k in t:
                    c = SYM[k]
                    break
            if h in road and c == ".":
                c = "="
            elif h in road and c == "f":
                c = "#"
            m = marks.get(h, " ")
            line.append(c + m + " ")
        out.append("  %2d  " % y + "".join(line))
    return "\n".join(out)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "data", "scheldt.json")
    with open(path) as fh:
        doc = json.load(fh)
    marks = {}
    for u in doc["units"]:
        s = u.get("setup", {})
        if "hex" in s:
            marks[s["hex"]] = "A" if u["side"] == doc["sides"][0] else "G"
    print(render(doc, marks))


if __name__ == "__main__":
    main()
