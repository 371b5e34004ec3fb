#!/usr/bin/env python3
"""Prints a text picture of data/meuse-argonne.json (or any file given) for map owners.

    python3 tools/meuse_argonne/render.py [data/meuse-argonne.json]

One cell of three characters per hex, rows YY 01..22 down the page and columns XX 01..24
across, north at the top.  Even columns sit half a hex lower on the sheet; the text cannot
show that.

    first character, the feature:   S Stellung hex      2 2nd Tier Trench hex
                                    F Fortification hex  X fortress (Sedan, Verdun)
                                    T town               E German entry town (a town)
    second character, the ground:   . clear   w woods   r rise   R woods and rise
    third character, the rivers:    ~ the hex touches a Meuse River hexside
                                    - it touches another river hexside (Aisne, Aire)
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import hexgrid as G  # noqa: E402

FEATURE = (("fortress", "X"), ("stellung", "S"), ("tier2_trench", "2"), ("fortification", "F"), ("town", "T"))


def load(doc):
    terr, river = {}, {}
    for e in doc["map"]["hexes"]:
        if "terrain" in e:
            terr.setdefault(e["hex"], set()).update(e["terrain"])
    for e in doc["map"]["hexsides"]:
        for f in e.get("features", []):
            mark = "~" if f == "meuse_river" else ("-" if f == "river" else None)
            for h in e["hexes"]:
                if mark == "~" or (mark == "-" and river.get(h) != "~"):
                    river[h] = mark
    entry = set()
    for z in doc["map"]["zones"]:
        if z["id"] == "german_entry_towns":
            entry = set(z["hexes"])
    return terr, river, entry


def cell(terr, river, entry, h, default):
    t = terr.get(h, {default})
    c = " "
    for k, sym in FEATURE:
        if k in t:
            c = sym
            break
    if h in entry:
        c = "E"
    g = "R" if {"woods", "rise"} <= t else ("w" if "woods" in t else ("r" if "rise" in t else "."))
    return c + g + river.get(h, " ")


def render(doc):
    terr, river, entry = load(doc)
    default = doc["map"]["default_terrain"]
    out = ["     " + "".join("%02d " % x for x in range(G.COLS[0], G.COLS[1] + 1))]
    for y in range(G.ROWS[0], G.ROWS[1] + 1):
        line = [cell(terr, river, entry, G.hid(x, y), default) for x in range(G.COLS[0], G.COLS[1] + 1)]
        out.append("  %02d " % y + "".join(line).rstrip())
    return "\n".join(out)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "data", "meuse-argonne.json")
    with open(path) as fh:
        doc = json.load(fh)
    print(render(doc))


if __name__ == "__main__":
    main()
