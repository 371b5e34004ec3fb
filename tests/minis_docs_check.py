#!/usr/bin/env python3
"""minis_docs_check.py -- docs/games/minis.md documents every event the miniatures engine
emits, every verb of its games and every configuration key (issue 13): each appears there
as `name`.  Usage: minis_docs_check.py SOURCE_DIR"""
import glob
import re
import sys

root = sys.argv[1]
page = open(f"{root}/docs/games/minis.md", encoding="utf-8").read()
code = {p: open(p, encoding="utf-8").read() for p in glob.glob(f"{root}/rules/minis/*.c")}
events, verbs, keys = set(), set(), set()
for path, text in code.items():
    # rules_emit(ev, audience, "type" or cond ? "a" : "b", ...), over one or two lines
    for m in re.finditer(r'rules_emit\(\s*[^,()]+,\s*(?:[^,()]|\([^()]*\))+,\s*([^,]+),', text):
        events |= set(re.findall(r'"([a-z-]+)"', m.group(1)))
    verbs |= set(re.findall(r'\{\.v = \{\s*"([a-z]+)",\s*RULES_VERB_', text))
    if path.endswith("options.c"):
        keys |= set(re.findall(r'^\s*(?:\{|[A-Z0-9]+\()\s*"([a-z_.]+)",', text, re.M))
missing = sorted(f"event {e}" for e in events if f"`{e}`" not in page)
missing += sorted(f"verb {v}" for v in verbs if f"`{v}`" not in page)
# a key may be documented in a group (`base.size.infantry` / `.gun` / `.vehicle`)
missing += sorted(f"key {k}" for k in keys
                  if f"`{k}`" not in page and f"`.{k.rsplit('.', 1)[-1]}`" not in page)
if len(events) < 40 or len(verbs) < 18 or len(keys) < 80:
    print(f"minis_docs_check: found only {len(events)} events, {len(verbs)} verbs and "
          f"{len(keys)} keys in the code")
    sys.exit(1)
if missing:
    print("docs/games/minis.md does not document: " + ", ".join(missing))
    sys.exit(1)
print(f"minis_docs_check: {len(events)} events, {len(verbs)} verbs and {len(keys)} keys "
      "documented")
