#!/usr/bin/env python3
"""docs_check.py -- docs/games/fm.md documents every event an F&M engine emits and every
verb of its games (issue 8): each appears there as `name`.  Usage: docs_check.py SOURCE_DIR"""
import glob
import re
import sys

root = sys.argv[1]
page = open(f"{root}/docs/games/fm.md", encoding="utf-8").read()
code = {p: open(p, encoding="utf-8").read() for p in glob.glob(f"{root}/rules/fm/**/*.c", recursive=True)}
events, verbs = set(), set()
for text in code.values():
    # rules_emit(ev, audience, "type", ...), the type on the same line or the next
    events |= set(re.findall(r'rules_emit\(\s*[^,()]+,\s*[^,]+,\s*"([a-z-]+)"', text))
    # the phase events are typed by their caller (phase.c)
    events |= set(re.findall(r'phase_event\(\s*g,\s*"([a-z-]+)"', text))
    events |= set(re.findall(r'\?\s*"(phase-[a-z]+)"\s*:\s*"(?:phase[a-z-]*)"', text))
    verbs |= set(re.findall(r'\{\.v = \{\s*"([a-z]+)",\s*RULES_VERB_', text))
if "phase_passed" in "".join(code.values()):
    events.add("phase-skipped")
missing = sorted(f"event {e}" for e in events if f"`{e}`" not in page)
missing += sorted(f"verb {v}" for v in verbs if f"`{v}`" not in page)
if len(events) < 20 or len(verbs) < 15:
    print(f"docs_check: found only {len(events)} events and {len(verbs)} verbs in the code")
    sys.exit(1)
if missing:
    print("docs/games/fm.md does not document: " + ", ".join(missing))
    sys.exit(1)
print(f"docs_check: {len(events)} events and {len(verbs)} verbs documented")
