#!/usr/bin/env python3
"""tests/cli/perfect_json.py SOW - web/perfect.json, the games and boards
the page offers the perfect level for (issue 27), is what web/perfect.py
computes: the solver's count of positions under a fixed cap decides, not
the time, so the file is the same on any machine. Runs web/perfect.py with
the file's cap and compares; then checks that every entry is a shipped
game whose board, with the entry's options, has the entry's size.

Prints "perfect.json: N games, M boards, as web/perfect.py computes them
within CAP positions" and exits 0, or what differs and exits 1.
"""
import json
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def main():
    sow = os.path.abspath(sys.argv[1])
    shipped = json.load(open(os.path.join(ROOT, "web", "perfect.json")))
    cap = shipped.get("cap_positions")
    if not isinstance(cap, int):
        print("perfect.json: FAIL: no cap_positions (rebuild it with web/perfect.py)")
        return 1
    r = subprocess.run([sys.executable, os.path.join(ROOT, "web", "perfect.py"), "--sow", sow,
                        "--cap", str(cap)], capture_output=True, text=True, cwd=ROOT, timeout=900)
    if r.returncode != 0:
        print("perfect.json: FAIL: web/perfect.py: %s" % r.stderr.strip()[-300:])
        return 1
    computed = json.loads(r.stdout)
    bad = []
    for vid in sorted(set(shipped["games"]) | set(computed["games"])):
        a, b = shipped["games"].get(vid), computed["games"].get(vid)
        if a != b:
            bad.append("%s: the file has %s, web/perfect.py computes %s" % (vid, a, b))
    ids = {v["id"] for v in json.loads(subprocess.run([sow, "list", "--json"], capture_output=True,
                                                      text=True).stdout)["variants"]}
    for vid, sizes in sorted(shipped["games"].items()):
        if vid not in ids:
            bad.append("%s: not a shipped game" % vid)
            continue
        for holes, seeds, opts in sizes:
            args = [sow, "show", vid, "--json"]
            for k, v in opts.items():
                args += ["--option", "%s=%s" % (k, v)]
            board = json.loads(subprocess.run(args, capture_output=True, text=True).stdout)["board"]
            if [board["holes_per_row"], board["seeds"]] != [holes, seeds]:
                bad.append("%s %s: listed as %dx%d seeds, the board is %dx%d" % (
                    vid, opts, holes, seeds, board["holes_per_row"], board["seeds"]))
    if bad:
        for b in bad:
            print("perfect.json: FAIL: " + b)
        return 1
    print("perfect.json: %d games, %d boards, as web/perfect.py computes them within %d positions"
          % (len(shipped["games"]), sum(map(len, shipped["games"].values())), cap))
    return 0


if __name__ == "__main__":
    sys.exit(main())
