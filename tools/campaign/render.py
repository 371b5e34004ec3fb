#!/usr/bin/env python3
"""Prints a text picture of data/scheldt-campaign.json (or any file given).

    python3 tools/campaign/render.py [data/scheldt-campaign.json]

One cell per hex: columns XX 04..29 across (west to east), rows YY 01..10 down (north to
south); odd columns sit half a hex lower on the sheet, which the text cannot show.

    ~ sea   . clear   p polder   f flooded   T forest   then, in the second character:
    C city  t town  v village  F fortification  A/G an Allied/German set-up hex  = road
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import grid as G  # noqa: E402

BASE = {"sea": "~", "clear": ".", "polder": "p", "flooded": "f", "forest": "T"}


def render(doc):
    terr, road = {}, set()
    for e in doc["map"]["hexes"]:
        terr.setdefault(e["hex"], []).extend(e.get("terrain", []))
    for r in doc["map"].get("roads", []):
        road.update(r["path"])
    marks = {}
    for u in doc["units"]:
        h = u.get("setup", {}).get("hex")
        if h:
            marks[h] = "A" if u["side"] == "allied" else "G"
    out = ["     " + "".join("%-3s" % ("%02d" % x) for x in range(G.COLS[0], G.COLS[1] + 1))]
    for y in range(G.ROWS[0], G.ROWS[1] + 1):
        line = []
        for x in range(G.COLS[0], G.COLS[1] + 1):
            h = G.hid(x, y)
            t = terr.get(h, [doc["map"]["default_terrain"]])
            c = next((BASE[k] for k in BASE if k in t), "?")
            m = " "
            for k, s in (("city", "C"), ("town", "t"), ("village", "v"), ("fortification", "F")):
                if k in t:
                    m = s
                    break
            if h in marks:
                m = marks[h]
            elif m == " " and h in road:
                m = "="
            line.append(c + m + " ")
        out.append("  %02d " % y + "".join(line))
    return "\n".join(out)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "data", "scheldt-campaign.json")
    with open(path) as fh:
        doc = json.load(fh)
    print(render(doc))


if __name__ == "__main__":
    main()
