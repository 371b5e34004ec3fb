#!/usr/bin/env python3
"""svg_check.py -- checks a picture of wargamed (`map svg`, `wargamed render`).

usage: svg_check.py FILE.svg [--hexes N] [--counters N] [--reach-min N] [--marks N]
                    [--absent TEXT]... [--columns N]

Always: the file is well-formed XML whose root is an <svg> with a viewBox; no line is
longer than --columns (78: text mode sends each line with two spaces before it); ids are
unique; every hex element (<use id="h<hex>" class="hex ...">) has its number drawn (a
<text class="hn"> with the hex id); every counter (<g class="counter ...">) has an id
u<n> and a data-id.  Options add: exactly N hexes, exactly N counters, at least N reach
highlights (<use id="r<hex>" class="reach">, each on a hex of the map), exactly N marks
(<use id="m<hex>" class="mark">), and TEXT in no text and no attribute value.

Prints one line per problem and exits 1, or prints a summary and exits 0.
"""
import argparse
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--hexes", type=int)
    ap.add_argument("--counters", type=int)
    ap.add_argument("--reach-min", type=int)
    ap.add_argument("--marks", type=int)
    ap.add_argument("--absent", action="append", default=[])
    ap.add_argument("--columns", type=int, default=78)
    a = ap.parse_args()
    problems = []

    with open(a.file, "rb") as f:
        raw = f.read()
    for n, line in enumerate(raw.split(b"\n"), 1):
        if len(line) > a.columns:
            problems.append("line %d has %d columns (at most %d)" % (n, len(line), a.columns))
            break
    try:
        root = ET.fromstring(raw)
    except ET.ParseError as e:
        print("%s: not well-formed XML: %s" % (a.file, e))
        return 1
    if root.tag != NS + "svg" or not root.get("viewBox"):
        problems.append("the root is not an <svg> with a viewBox")

    ids = {}
    for el in root.iter():
        i = el.get("id")
        if i is not None:
            if i in ids:
                problems.append("id %s is used twice" % i)
            ids[i] = el

    def classes(el):
        return (el.get("class") or "").split()

    hexes = [el for el in root.iter(NS + "use") if "hex" in classes(el)]
    hex_ids = set()
    for el in hexes:
        m = re.fullmatch(r"h(\d+)", el.get("id") or "")
        if not m:
            problems.append("a hex without an id h<hex>: %s" % el.attrib)
            continue
        hex_ids.add(m.group(1))
    numbers = set((t.text or "").strip() for t in root.iter(NS + "text")
                  if "hn" in classes(t))
    missing = sorted(hex_ids - numbers)
    if missing:
        problems.append("hexes without their number: %s" % " ".join(missing[:10]))

    counters = [el for el in root.iter(NS + "g") if "counter" in classes(el)]
    for el in counters:
        if not re.fullmatch(r"u\d+", el.get("id") or "") or not el.get("data-id"):
            problems.append("a counter without an id u<n> and a data-id: %s" % el.attrib)

    reach = [el for el in root.iter(NS + "use") if "reach" in classes(el)]
    for el in reach:
        m = re.fullmatch(r"r(\d+)", el.get("id") or "")
        if not m or m.group(1) not in hex_ids:
            problems.append("a reach highlight off the map: %s" % el.attrib)
    marks = [el for el in root.iter(NS + "use") if "mark" in classes(el)]

    if a.hexes is not None and len(hexes) != a.hexes:
        problems.append("%d hexes, expected %d" % (len(hexes), a.hexes))
    if a.counters is not None and len(counters) != a.counters:
        problems.append("%d counters, expected %d" % (len(counters), a.counters))
    if a.reach_min is not None and len(reach) < a.reach_min:
        problems.append("%d reach highlights, expected at least %d" % (len(reach), a.reach_min))
    if a.marks is not None and len(marks) != a.marks:
        problems.append("%d marks, expected %d" % (len(marks), a.marks))
    for text in a.absent:
        for el in root.iter():
            found = [v for v in list(el.attrib.values()) + [el.text or ""]
                     if text in v.split() or v.strip() == text]
            if found:
                problems.append("'%s' is in the picture (<%s> %s)" %
                                (text, el.tag.replace(NS, ""), found[0][:60]))
                break

    for p in problems:
        print("%s: %s" % (a.file, p))
    if problems:
        return 1
    print("%s: ok: %d hexes, %d counters, %d reach highlights, %d marks, %d lines" %
          (a.file, len(hexes), len(counters), len(reach), len(marks), raw.count(b"\n")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
