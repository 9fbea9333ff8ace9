#!/usr/bin/env python3
"""web/perfect.py - which shipped games the page offers the "perfect"
level for (web/perfect.json, read by web/assemble.sh).

    python3 web/perfect.py [--sow build/sow] [--cap 250000] > web/perfect.json

The solver (sow solve, the perfect player) refuses a game with a script
(its hooks could keep hidden state) and one in which a position can come
back with no rule to end it (found during the search); under a
repetition rule its work depends on the game's past as well as the board
(docs/solving.md), so no board size can promise the page an answer, and
the page leaves those games out; and a large board does not finish in a
page's patience. So the page decides in
advance, from this list: for each game the solver answers from the start
in at most CAP positions (sow solve's `positions`, the moves it plays:
with one thread and a table of 256 MiB the same count on any machine, so
that rebuilding this file gives the same file anywhere; 250,000 is about
a second natively, two in the page), the largest boards it was solved
on, as [holes a row, seeds in all, the options]. The page offers
"perfect" for a game in the list whose board (with the options chosen) is
no larger than one of them, in both numbers, and whose repetition rule is
off; never for another game. Boards are tried from the smallest up, each
size option (holes, seeds) growing until a solve is refused or passes the
cap. A solve is stopped as soon as its progress (--progress) has counted
more than CAP positions, and after SAFETY seconds (600: a machine would
have to play fewer than 500 positions a second for that to decide
anything). tests/web/perfect_json.py checks that the shipped file is what
this computes.
"""
import argparse
import itertools
import json
import re
import subprocess
import sys


SAFETY_S = 600


def run(sow, args, cap):
    """sow solve's answer (its JSON), or None: refused, or past the cap."""
    p = subprocess.Popen([sow, *args, "--json", "--threads", "1", "--memory", "256",
                          "--progress=0.2", "--time-limit", str(SAFETY_S)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for line in p.stderr:  # "sow solve: 0.2 s, 196608 positions, ..."
        m = re.search(r", (\d+) positions,", line)
        if m and int(m.group(1)) > cap:
            p.kill()
            p.wait()
            return None
    out = p.stdout.read()
    if p.wait() != 0:
        return None
    try:
        res = json.loads(out)
    except ValueError:
        return None
    return res if res["positions"] <= cap else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sow", default="build/sow")
    ap.add_argument("--cap", type=int, default=250000)
    a = ap.parse_args()
    games = json.loads(subprocess.run([a.sow, "list", "--json"], capture_output=True, text=True).stdout)["variants"]
    out = {}
    for g in games:
        vid = g["id"]
        show = json.loads(subprocess.run([a.sow, "show", vid, "--json"], capture_output=True, text=True).stdout)
        if show["script"] or show["end"]["repetition"]:
            continue
        opts = {o["name"]: o for o in show["options"]}
        axes = []
        for name in ("holes", "seeds"):
            o = opts.get(name)
            if o and o["type"] == "int":
                lo, hi = o["min"] or 1, min(o["max"] or 12, 12)
                axes.append((name, list(range(max(lo, 1), hi + 1))))
            elif o and o["type"] == "enum":
                axes.append((name, sorted(int(v) for v in o["values"])))
        sizes = []
        if not axes:
            combos = [()]
        else:
            combos = itertools.product(*[[(n, v) for v in vs] for n, vs in axes])
        failed = []  # a combination at least as large as a failed one is not tried
        for combo in combos:
            if any(all(dict(combo)[n] >= f[n] for n in f) for f in failed):
                continue
            args = ["solve", vid]
            for n, v in combo:
                args += ["--option", "%s=%d" % (n, v)]
            res = run(a.sow, args, a.cap)
            if res is None:
                failed.append(dict(combo))
                continue
            sh = json.loads(subprocess.run([a.sow, "show", vid, "--json"] +
                                           [x for n, v in combo for x in ("--option", "%s=%d" % (n, v))],
                                           capture_output=True, text=True).stdout)
            sizes.append([sh["board"]["holes_per_row"], sh["board"]["seeds"], dict(combo)])
            print("%s %s: %s in %d positions" % (vid, dict(combo), res["result"], res["positions"]),
                  file=sys.stderr)
        # keep the largest: a size no other one covers
        keep = [s for s in sizes if not any(t is not s and t[0] >= s[0] and t[1] >= s[1] and
                                            (t[0], t[1]) != (s[0], s[1]) for t in sizes)]
        if keep:
            out[vid] = sorted([[s[0], s[1], s[2]] for s in keep], key=lambda s: (s[0], s[1]))
    json.dump({"cap_positions": a.cap, "games": out}, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == "__main__":
    main()
