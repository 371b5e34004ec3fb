#!/usr/bin/env python3
"""coverage_check.py -- docs/rules-coverage.md's Scheldt Campaign section lists every id of the
campaign checklist (SC-x.y.z letters, SC-SUM*, SC-AMB-*, SC-DATA-*, SC-EX-*) exactly once, with the
checklist's tag, and every test it names exists in its suite and is registered there.

Usage: coverage_check.py SOURCE_DIR CHECKLIST
Exits 77 (CTest's skip) when the checklist is not there (it lives beside the repository, in
shared/rules/)."""
import os
import re
import sys

root, checklist = sys.argv[1], sys.argv[2]
if not os.path.exists(checklist):
    print(f"coverage_check: skipped, no checklist at {checklist}")
    sys.exit(77)

want = {}
for line in open(checklist, encoding="utf-8"):
    m = re.match(r"- \[ \] (SC-[0-9A-Za-z.]+) — .*\((enforce|choice|secret|data)\)\s*$", line)
    if m:
        want[m.group(1)] = m.group(2)
        continue
    for pat, tag in ((r"- (SC-AMB-\d+)", "decision"), (r"- (SC-DATA-\d+)", "data"),
                     (r"- (SC-EX-D?\d+)", "example")):
        m = re.match(pat, line)
        if m:
            want[m.group(1)] = tag
            break
    else:
        if re.match(r"- \[ \] SC-", line):
            print(f"coverage_check: cannot read the checklist line: {line.strip()}")
            sys.exit(1)

page = open(f"{root}/docs/rules-coverage.md", encoding="utf-8").read()
start = page.index("## The Scheldt Campaign (SC-")
end = page.find("\n## ", start + 1)
section = page[start:end if end > 0 else len(page)]

tests = {}


def suite_tests(suite):
    if suite not in tests:
        path = f"{root}/tests/unit/{suite}.c"
        src = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
        defined = set(re.findall(r"static void (test_\w+)\(void \*\*state\)", src))
        registered = set(re.findall(r"cmocka_unit_test\((test_\w+)\)", src))
        tests[suite] = defined & registered
    return tests[suite]


problems, seen, by_tests, na = [], {}, 0, 0
for line in section.splitlines():
    m = re.match(r"\| (SC-[^ |]+) \| ([a-z]+) \| (.*) \|$", line)
    if not m:
        continue
    sid, tag, cell = m.groups()
    if sid in seen:
        problems.append(f"{sid} is listed twice")
    seen[sid] = True
    if sid not in want:
        problems.append(f"{sid} is not an id of the checklist")
        continue
    if tag != want[sid]:
        problems.append(f"{sid}: tag {tag}, the checklist says {want[sid]}")
    if cell.startswith("n/a: ") and len(cell) > 10:
        na += 1
        continue
    named = re.findall(r"`(test_\w+)` \((test_\w+)\)", cell)
    named += [(t, s) for group, s in re.findall(r"((?:`test_\w+`, )+`test_\w+`) \((test_\w+)\)",
                                                cell) for t in re.findall(r"`(test_\w+)`", group)]
    if not named:
        problems.append(f"{sid}: no test and no n/a reason")
    for t, s in named:
        if t not in suite_tests(s):
            problems.append(f"{sid}: {t} is not a registered test of {s}")
    by_tests += 1
problems += [f"{sid} is missing" for sid in want if sid not in seen]
if len(want) < 400:
    problems.append(f"only {len(want)} ids read from the checklist")
if problems:
    print("docs/rules-coverage.md (SC section):\n  " + "\n  ".join(problems))
    sys.exit(1)
print(f"coverage_check: {len(want)} SC ids listed, {by_tests} proved by tests, {na} n/a")
