#!/usr/bin/env python3
"""mkman.py -- a man page from a program's --help text and a few extra sections.

The options, the synopsis and the one-line description come from --help, the one source
the program itself prints, so the man page cannot drift from it; the sections --help has
no room for (DESCRIPTION, FILES, SIGNALS, SEE ALSO, ...) come from EXTRA, a small text file
next to this script.

    mkman.py --name wargamed --section 8 --run PATH/wargamed --extra wargamed.8.txt -o wargamed.8
    PATH/wargamed --help | mkman.py --name wargamed --section 8 --prog PATH/wargamed ... > wargamed.8

The --help text is read as blocks separated by blank lines:

  - "usage: PROG ..." and the indented lines under it: SYNOPSIS (PROG, the path the
    program was run as, is written as --name);
  - the first other block: its first sentence is the NAME line (a trailing
    "(name version)" dropped), the rest DESCRIPTION's first paragraph;
  - option lines ("  -x, --long ARG   text", continued by more deeply indented lines):
    OPTIONS; a line "options:" before them is dropped;
  - a block "word word: text" (e.g. "exit status: ..."): a section of that name;
  - any other block: a paragraph of OPTIONS (after the options) or DESCRIPTION.

EXTRA: lines "# SECTION" start a section (DESCRIPTION is added to the one from --help);
blank lines separate paragraphs; "- " starts an indented item; `code` is bold, *word*
italic.
"""
import argparse
import datetime
import os
import re
import subprocess
import sys

OPTION = re.compile(r"^ {2,6}(-\S.*?)(?: {2,}(\S.*))?$")


def esc(text, code=False):
    """Escapes roff: backslashes; every hyphen of an option ("--tls-listen") or of code is
    a minus sign ("\\-", what a reader can copy and type), other hyphens stay hyphens."""
    text = text.replace("\\", "\\e")
    if code:
        return text.replace("-", "\\-")
    return re.sub(r"(?<![\w-])(-[\w=.-]*)", lambda m: m.group(1).replace("-", "\\-"), text)


def inline(text):
    """`code` in bold, *word* in italic, the rest escaped."""
    out = []
    for i, part in enumerate(re.split(r"(`[^`]+`)", text)):
        if i % 2 == 1:
            out.append("\\fB" + esc(part[1:-1], code=True) + "\\fR")
        else:
            out.append(re.sub(r"\*([^*\s][^*]*)\*", r"\\fI\1\\fR", esc(part)))
    line = "".join(out)
    if line.startswith((".", "'")):
        line = "\\&" + line
    return line


def blocks(lines):
    block = []
    for line in lines:
        if line.strip() == "":
            if block:
                yield block
            block = []
        else:
            block.append(line.rstrip("\n"))
    if block:
        yield block


def parse_help(text, prog, name):
    text = text.replace(prog, name) if prog else text
    synopsis, options, sections, desc, after = [], [], [], [], []
    title = None
    for block in blocks(text.splitlines()):
        if block[0].startswith("usage: "):
            cur = None
            for line in block:
                if line.startswith("usage: "):
                    cur = [line[7:].strip()]
                    synopsis.append(cur)
                elif re.match(r"^ {7}\S", line):  # another form of the command
                    cur = [line.strip()]
                    synopsis.append(cur)
                else:  # what that form does
                    cur.append(line.strip())
            continue
        if block[0].strip() == "options:":
            block = block[1:]
            if not block:
                continue
        if OPTION.match(block[0]):
            for line in block:
                m = OPTION.match(line)
                if m:
                    options.append([m.group(1).strip(), m.group(2) or ""])
                else:
                    options[-1][1] += " " + line.strip()
            continue
        m = re.match(r"^([a-z][a-z ]*[a-z]): (.*)$", block[0])
        if m and title is not None:
            sections.append((m.group(1).upper(), [m.group(2)] + [l.strip() for l in block[1:]]))
            continue
        words = " ".join(l.strip() for l in block)
        if title is None:
            first, _, rest = words.partition(". ")
            title = re.sub(r"\s*\([^()]*\)\.?$", "", first.rstrip("."))
            if rest:
                desc.append(rest)
        elif options:
            after.append(words)
        else:
            desc.append(words)
    return title, synopsis, desc, options, after, sections


def parse_extra(path):
    sections, cur = [], None
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    for block in blocks(lines):
        for i, line in enumerate(block):
            if line.startswith("# "):
                cur = (line[2:].strip().upper(), [])
                sections.append(cur)
                block = block[i + 1:]
                break
        if not block:
            continue
        if cur is None:
            sys.exit(f"{path}: text before the first '# SECTION'")
        items, item = [], None
        for line in block:
            if line.startswith("- "):
                item = [line[2:].strip()]
                items.append(item)
            elif item is not None:
                item.append(line.strip())
            else:
                items.append([line.strip()])
                item = None
        cur[1].append([(" ".join(i), block[0].startswith("- ")) for i in items])
    return sections


def paragraph(out, words):
    out.append(".PP")
    out.append(inline(words))


def extra_section(out, paras):
    for para in paras:
        if para and para[0][1]:  # a list
            for words, _ in para:
                out.append(".IP \\(bu 2")
                out.append(inline(words))
        else:
            paragraph(out, " ".join(w for w, _ in para))


def option_head(spec):
    """"-w, --wait SECONDS" in roff: the flags bold, the arguments italic."""
    parts = []
    for chunk in re.split(r"(,\s*)", spec):
        if chunk.strip() == "," or re.match(r"^,\s*$", chunk):
            parts.append(", ")
            continue
        for j, word in enumerate(chunk.split()):
            if word.startswith("-"):
                flag, eq, arg = word.partition("=")
                text = "\\fB" + esc(flag, code=True) + "\\fR"
                if eq:
                    text += "=\\fI" + esc(arg) + "\\fR"
                parts.append((" " if j else "") + text)
            else:
                parts.append(" \\fI" + esc(word) + "\\fR")
    return "".join(parts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", required=True)
    ap.add_argument("--section", required=True)
    ap.add_argument("--prog", default="", help="the path the program was run as")
    ap.add_argument("--run", default="", help="run this program with --help for the text")
    ap.add_argument("-o", "--output", default="", help="write the page here (default: stdout)")
    ap.add_argument("--version", default="")
    ap.add_argument("--extra", required=True)
    ap.add_argument("--manual", default="")
    a = ap.parse_args()
    if a.run:
        text = subprocess.run([a.run, "--help"], check=True, capture_output=True,
                              text=True).stdout
        a.prog = a.prog or a.run
    else:
        text = sys.stdin.read()
    title, synopsis, desc, options, after, sections = parse_help(text, a.prog, a.name)
    if not title or not options:
        sys.exit("mkman.py: the --help text has no description or no options")
    extra = parse_extra(a.extra)
    # SOURCE_DATE_EPOCH: reproducible builds
    when = datetime.datetime.fromtimestamp(
        int(os.environ.get("SOURCE_DATE_EPOCH", "0")) or datetime.datetime.now().timestamp(),
        tz=datetime.timezone.utc).strftime("%Y-%m-%d")
    out = [
        f'.\\" Generated by deploy/man/mkman.py from `{a.name} --help` and {os.path.basename(a.extra)}.',
        f'.TH {a.name.upper()} {a.section} {when} "{a.name} {a.version}" "{a.manual}"',
        ".SH NAME",
        f"{a.name} \\- {inline(title[0].lower() + title[1:])}",
        ".SH SYNOPSIS",
    ]
    for form in synopsis:
        out.append(".PP")
        words = form[0].split()
        out.append("\\fB" + esc(words[0]) + "\\fR " + inline(" ".join(words[1:])))
        if len(form) > 1:
            out.append(".br")
            out.append(".RS 4")
            out.append(inline(" ".join(form[1:])))
            out.append(".RE")
    out.append(".SH DESCRIPTION")
    for words in desc:
        paragraph(out, words)
    for name, paras in extra:
        if name == "DESCRIPTION":
            extra_section(out, paras)
    out.append(".SH OPTIONS")
    for spec, text in options:
        out.append(".TP")
        out.append(option_head(spec))
        out.append(inline(text))
    for words in after:
        paragraph(out, words)
    for name, lines in sections:
        out.append(f".SH {name}")
        out.append(inline(" ".join(lines)))
    for name, paras in extra:
        if name != "DESCRIPTION":
            out.append(f".SH {name}")
            extra_section(out, paras)
    page = "\n".join(out) + "\n"
    if a.output:
        with open(a.output, "w", encoding="utf-8") as f:
            f.write(page)
    else:
        sys.stdout.write(page)


if __name__ == "__main__":
    main()
