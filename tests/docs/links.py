#!/usr/bin/env python3
"""Check the links and rule ids of the project's documents.

    links.py ROOT links      every relative link in README.md, docs/*.md and
                             schemas/*.md names a file that exists, and its
                             #fragment an anchor of that file
    links.py ROOT ids        every rule id cited anywhere in the repository
                             (C0.x, K1.x, K2.x, B.x, A.x, P1..; and for the
                             two-row family C1.x, KA.x, XK.x, OW.x, WA.x,
                             OU.x, BS.x, VL.x, AY.x, TK.x, QL.x, EX.x, NB.x,
                             and for the games in rounds DK.x, JK.x, PL.x,
                             OL.x, GB.x, SQ.x, LL.x, TG.x)
                             has an anchor in docs/rules.md or
                             docs/rules-family.md

Prints one line per problem ("FILE:LINE: ...") and exits 1 if there is any.
Documents that another part of the project is still writing are listed in
tests/docs/pending.txt: a link to one of them is reported, not failed,
while it is absent.
"""
import os
import re
import subprocess
import sys

ID = re.compile(r"\b(C[012]\.\d+|K[12]\.\d+|[AB]\.\d+|P\d+"
                r"|(?:KA|XK|OW|WA|OU|BS|VL|AY|TK|QL|EX|NB"
                r"|DK|JK|PL|OL|GB|SQ|LL|TG|MO|TS|HU|IS|NS|AB"
                r"|MW)\.\d+"
                r"|GA\.L?\d+)\b")
# the documents whose <a id="..."> anchors define the rule ids
RULE_DOCS = ("docs/rules.md", "docs/rules-family.md", "docs/rules-rows.md")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^\s*```")


def anchors(path):
    """The anchors of a Markdown file: explicit ids and heading slugs (as
    GitHub makes them: lower case, punctuation dropped, spaces to '-')."""
    found = set()
    with open(path, encoding="utf-8") as f:
        text = f.read()
    found.update(re.findall(r'<a id="([^"]+)"', text))
    in_code = False
    for line in text.split("\n"):
        if FENCE.match(line):
            in_code = not in_code
            continue
        m = re.match(r"^#{1,6}\s+(.*?)\s*$", line)
        if m and not in_code:
            slug = m.group(1).strip().lower()
            slug = re.sub(r"[^\w\- ]", "", slug)
            found.add(slug.replace(" ", "-"))
    return found


def documents(root):
    out = ["README.md"]
    for d in ("docs", "schemas"):
        for name in sorted(os.listdir(os.path.join(root, d))):
            if name.endswith(".md"):
                out.append(os.path.join(d, name))
    return out


def check_links(root):
    pending_file = os.path.join(root, "tests/docs/pending.txt")
    pending = set()
    if os.path.exists(pending_file):
        with open(pending_file) as f:
            pending = {l.split("#")[0].strip() for l in f if l.split("#")[0].strip()}
    bad = 0
    count = 0
    for doc in documents(root):
        base = os.path.dirname(os.path.join(root, doc))
        in_code = False
        with open(os.path.join(root, doc), encoding="utf-8") as f:
            lines = f.read().split("\n")
        for n, line in enumerate(lines, 1):
            if FENCE.match(line):
                in_code = not in_code
                continue
            if in_code:
                continue
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target):
                    continue  # http:, https:, mailto:
                count += 1
                path, _, frag = target.partition("#")
                full = os.path.normpath(os.path.join(base, path)) if path else os.path.join(root, doc)
                rel = os.path.relpath(full, root)
                if not os.path.exists(full):
                    if rel in pending:
                        print("%s:%d: pending: %s is not written yet (tests/docs/pending.txt)" % (doc, n, rel))
                        continue
                    print("%s:%d: link to %s: no such file" % (doc, n, target))
                    bad += 1
                    continue
                if frag and full.endswith(".md") and frag not in anchors(full):
                    print("%s:%d: link to %s: %s has no anchor '%s'" % (doc, n, target, rel, frag))
                    bad += 1
    print("links: %d relative links in %d documents, %d broken" % (count, len(documents(root)), bad))
    return bad


def check_ids(root):
    have = set()
    for doc in RULE_DOCS:
        with open(os.path.join(root, doc), encoding="utf-8") as f:
            have.update(re.findall(r'<a id="([^"]+)"', f.read()))
    files = subprocess.run(["git", "-C", root, "ls-files", "-co", "--exclude-standard"],
                           capture_output=True, text=True, check=True).stdout.split("\n")
    bad = 0
    cited = set()
    for name in files:
        # fuzz inputs are kept byte for byte as found (mutated text, not
        # citations)
        if not name or name.startswith("tests/fuzz/corpus/") or name.startswith("tests/fuzz/crashes/"):
            continue
        path = os.path.join(root, name)
        if not os.path.isfile(path) or os.path.islink(path):
            continue
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, OSError):
            continue  # binary
        for n, line in enumerate(text.split("\n"), 1):
            for rid in ID.findall(line):
                cited.add(rid)
                if rid not in have:
                    print("%s:%d: rule id %s is not in docs/rules.md, rules-family.md nor rules-rows.md (add <a id=\"%s\"></a> there, or fix the id)"
                          % (name, n, rid, rid))
                    bad += 1
    print("ids: %d distinct rule ids cited, %d anchors in docs/rules.md, rules-family.md and rules-rows.md, %d citations unresolved"
          % (len(cited), len(have), bad))
    return bad


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("links", "ids"):
        print("usage: links.py ROOT links|ids", file=sys.stderr)
        return 2
    root = sys.argv[1]
    bad = check_links(root) if sys.argv[2] == "links" else check_ids(root)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
