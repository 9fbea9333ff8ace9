#!/usr/bin/env python3
"""Check a page written by `sow animate` without a browser.

    check_page.py PAGE.html RECORD.jsonl

RECORD.jsonl is `sow replay ... --json` of the same moves. Checks that the
page is self-contained (no script, style, image or font from elsewhere, no
network address besides the SVG namespace), that its data parse, and that
the board and captures it embeds after every ply are the record's, in
order (so the page's own check compares against the real record), and
that every event is told (a run of drops in one sentence). Prints
"N plies" and exits 0, or prints what is wrong and exits 1.
"""
import json
import re
import sys


def fail(msg):
    print("check_page: %s: %s" % (sys.argv[1], msg))
    sys.exit(1)


def main():
    if len(sys.argv) != 3:
        print("usage: check_page.py PAGE.html RECORD.jsonl", file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        page = f.read()
    # self-contained: nothing fetched
    for pat, what in [(r"<script[^>]*\bsrc\s*=", "a script from a file"),
                      (r"<link(?![^>]*href=\"data:)[^>]*>", "a linked file"),
                      (r"<(img|iframe|object|embed|audio|video)\b", "an embedded file"),
                      (r"url\s*\(", "a url() in the style"),
                      (r"@import", "an @import"),
                      (r"\b(src|href)\s*=\s*\"(?!data:)", "an address"),
                      (r"\bfetch\s*\(|XMLHttpRequest|WebSocket", "a network call")]:
        m = re.search(pat, page)
        if m:
            fail("not self-contained: %s: %r" % (what, m.group(0)))
    for addr in re.findall(r"https?://[^\"' <>]+", page):
        if addr != "http://www.w3.org/2000/svg":
            fail("not self-contained: the address %s" % addr)
    m = re.search(r'<script type="application/json" id="sow-data">\n(.*?)</script>',
                  page, re.S)
    if not m:
        fail("no script#sow-data")
    data = json.loads(m.group(1))
    plies = [s for s in data["steps"] if s["k"] == "ply"]
    if data["moves"] != len(plies):
        fail("%d moves announced, %d ply steps" % (data["moves"], len(plies)))
    record = []
    with open(sys.argv[2], encoding="utf-8") as f:
        for line in f:
            obj = json.loads(line)
            if "ply" in obj:
                record.append(obj)
    if len(record) != len(plies):
        fail("%d ply steps, %d ply lines in the record" % (len(plies), len(record)))
    for i, (s, r) in enumerate(zip(plies, record)):
        if s["b"] != r["board"] or s["c"] != r["captured"] or s["ply"] != r["ply"]:
            fail("move %d (ply %d): the page has board %s captured %s, the record "
                 "board %s captured %s" % (i + 1, r["ply"], s["b"], s["c"],
                                           r["board"], r["captured"]))
        if len(s["o"]) != len(r["board"]):
            fail("move %d: %d owners for %d holes" % (i + 1, len(s["o"]), len(r["board"])))
        if s["kind"] == "sow" and not s["ev"]:
            fail("move %d: a sowing without events" % (i + 1))
    # the story: a headline, then a sentence at every event but the drops
    # after the first of a run (told as one line), in event order, each
    # rule cited one the page has the text of
    for k, s in enumerate(data["steps"]):
        nar = s["nar"]
        if not nar or nar[0][0] != -1 or not nar[0][1]:
            fail("step %d: no headline" % k)
        at = [n[0] for n in nar]
        if at != sorted(at):
            fail("step %d: sentences out of order: %s" % (k, at))
        told = set(at)
        for j, e in enumerate(s["ev"]):
            run = e[0] in (1, 2) and j > 0 and s["ev"][j - 1][0] in (1, 2)
            if not run and j not in told:
                fail("step %d (%s): event %d %s is not told" % (k, s["head"], j, e))
        for n in nar:
            if len(n) > 2 and n[2] not in data["rules"]:
                fail("step %d: rule %s cited, not in the variant's rules" % (k, n[2]))
    print("%d plies" % len(plies))
    return 0


if __name__ == "__main__":
    sys.exit(main())
