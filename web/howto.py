#!/usr/bin/env python3
"""web/howto.py HOWTO.md PERFECT.json - the page's sow-howto.js (web/assemble.sh).

Reads docs/how-to-play.md: a section `## ID: Name` per game, whose
paragraphs start with their title in bold (`**The board.** ...`), and
under `## Options` a `### NAME: Label` per option, a line or two of what
it does and `- VALUE: words` for each value. Writes

    var SOW_HOWTO = {"games": {ID: {"name": ..., "parts": [[TITLE, TEXT], ...]}},
                     "options": {NAME: {"label": ..., "doc": ..., "values": {VALUE: WORDS}}},
                     "perfect": {ID: [[HOLES, SEEDS, OPTIONS], ...]}, "perfect_cap_positions": N};
"""
import json
import re
import sys


def parse(text):
    games, options = {}, {}
    mode, cur, para = None, None, []

    def flush():
        if not para:
            return
        t = " ".join(x.strip() for x in para)
        del para[:]
        if mode == "game" and cur is not None:
            m = re.match(r"\*\*(.+?)\*\*\s*(.*)$", t)
            if m:
                cur["parts"].append([m.group(1).rstrip("."), m.group(2)])
        elif mode == "option" and cur is not None:
            cur["doc"] = (cur["doc"] + " " + t).strip()

    for line in text.split("\n"):
        m2 = re.match(r"^## (\S+): (.+)$", line)
        m3 = re.match(r"^### (\S+): (.+)$", line)
        if line.startswith("## "):
            flush()
            if m2 and re.match(r"^[a-z0-9][a-z0-9._-]*$", m2.group(1)):
                mode, cur = "game", {"name": m2.group(2).strip(), "parts": []}
                games[m2.group(1)] = cur
            elif line.strip() == "## Options":
                mode, cur = "options", None
            else:
                mode, cur = None, None
            continue
        if mode in ("options", "option") and m3:
            flush()
            mode, cur = "option", {"label": m3.group(2).strip(), "doc": "", "values": {}}
            options[m3.group(1)] = cur
            continue
        if mode == "option" and line.startswith("- "):
            flush()
            v, _, words = line[2:].partition(": ")
            cur["values"][v.strip()] = words.strip()
            continue
        if not line.strip():
            flush()
        elif mode in ("game", "option"):
            para.append(line)
    flush()
    return games, options


def main():
    games, options = parse(open(sys.argv[1], encoding="utf-8").read())
    perfect = json.load(open(sys.argv[2], encoding="utf-8"))
    out = {"games": games, "options": options, "perfect": perfect["games"],
           "perfect_cap_positions": perfect["cap_positions"]}
    sys.stdout.write("/* How to play in plain words (docs/how-to-play.md) and the games the\n"
                     " * perfect level is offered for (web/perfect.json): web/howto.py */\n")
    sys.stdout.write("var SOW_HOWTO = " + json.dumps(out, ensure_ascii=False, sort_keys=True) + ";\n")


if __name__ == "__main__":
    main()
