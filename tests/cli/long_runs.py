#!/usr/bin/python3
"""The long runs of sow (issue 14, section 4): stopping, progress, outputs.

    /usr/bin/python3 tests/cli/long_runs.py build/sow     (make check runs it)

- SIGINT and SIGTERM during `sow selfplay --jsonl --csv --json`: exit 130
  and 143, a readable partial summary that says "interrupted" and counts
  exactly the games whose lines the files hold, files that end on a whole
  line, no temporary file left beside them; a second Ctrl-C ends at once;
  sow stats refuses the partial summary; `sow bench` and `sow compare`
  stop the same way;
- --progress: status lines on a stderr that is not a terminal, with the
  games done and an ETA, and the last saying how the run ended;
- --csv: read by Python's csv module, one row per game agreeing with
  --jsonl; and written to standard output with '-';
- `sow stats -`: shards from standard input equal the unsharded run;
- `compare --shard`: the shards of a comparison play the games of
  --shard I/N under both readings and together play every game once;
- shards of another version of sow are refused, naming both versions and
  both files;
- a game whose legal list cannot be made within the lap cap (P2, C2.9)
  stops unfinished and the run goes on.

Prints one line per failed check and "long runs: N checks, M failed";
exits 1 if any failed.
"""

import csv
import io
import json
import os
import pathlib
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import Checks  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
check = Checks("long runs", "FAIL long runs: ")


def run(sow, args, status=0, stdin=None):
    out = subprocess.run([sow] + args, cwd=ROOT, input=stdin, capture_output=True,
                         text=True, timeout=120)
    check(out.returncode == status, "sow %s: exit status %d, expected %d: %s"
          % (" ".join(args), out.returncode, status, out.stderr.strip()[:300]))
    return out


def stopped(sow, tmp, sig, name):
    """selfplay stopped by sig after a while: what it leaves."""
    d = pathlib.Path(tmp) / name
    d.mkdir()
    proc = subprocess.Popen(
        [sow, "selfplay", "adji-kui-1", "--games", "10000000", "--threads", "2",
         "--players", "alphabeta:depth=2,greedy", "--jsonl", str(d / "games.jsonl"),
         "--csv", str(d / "games.csv"), "--json", "--progress=0.2"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(1.0)
    proc.send_signal(sig)
    t0 = time.monotonic()
    out, err = proc.communicate(timeout=60)
    took = time.monotonic() - t0
    want = 128 + sig
    what = "selfplay stopped by %s" % signal.Signals(sig).name
    check(proc.returncode == want, "%s: exit status %s, expected %d: %s"
          % (what, proc.returncode, want, err.strip()[:300]))
    # the workers notice the flag between moves: well within a second
    check(took < 5, "%s: took %.1f s to stop" % (what, took))
    check(sorted(os.listdir(d)) == ["games.csv", "games.jsonl"],
          "%s: the folder holds %s, expected games.csv and games.jsonl only (no "
          "temporary file)" % (what, sorted(os.listdir(d))))
    try:
        summary = json.loads(out)
    except ValueError as e:
        check(False, "%s: the summary is not JSON (%s): %r" % (what, e, out[:200]))
        return None
    check(summary.get("interrupted") is True, "%s: \"interrupted\" is %r, expected true"
          % (what, summary.get("interrupted")))
    games = summary["totals"]["games"]
    check(0 < games < 10000000, "%s: %d games in the summary" % (what, games))
    text = (d / "games.jsonl").read_text()
    check(text.endswith("\n"), "%s: games.jsonl does not end on a whole line" % what)
    lines = [json.loads(line) for line in text.splitlines()]
    check(len(lines) == games, "%s: games.jsonl holds %d games, the summary %d"
          % (what, len(lines), games))
    numbers = [g["game"] for g in lines]
    check(numbers == sorted(set(numbers)), "%s: the games of games.jsonl are not in "
          "order, each once" % what)
    south = sum(1 for g in lines if g["result"]["winner"] == 0)
    check(south == summary["totals"]["south_wins"], "%s: %d South wins in games.jsonl, "
          "%d in the summary" % (what, south, summary["totals"]["south_wins"]))
    plies = sum(g["plies"] for g in lines)
    check(plies == summary["totals"]["plies_sum"], "%s: %d plies in games.jsonl, %d in "
          "the summary" % (what, plies, summary["totals"]["plies_sum"]))
    rows = list(csv.DictReader(io.StringIO((d / "games.csv").read_text(), newline="")))
    check([int(r["game"]) for r in rows] == numbers, "%s: games.csv does not hold the "
          "games of games.jsonl" % what)
    # the progress: periodic lines, the last one saying how it ended
    status = [line for line in err.splitlines() if "games (" in line]
    check(len(status) >= 2 and all("ETA" in line for line in status[:-1]),
          "%s: no periodic status lines with an ETA on stderr: %r" % (what, err[:300]))
    check(status and status[-1].endswith("interrupted by %s" % signal.Signals(sig).name),
          "%s: the last status line does not say it was interrupted: %r"
          % (what, status[-1:]))
    check(("stopped by %s after %d of 10000000 games" % (signal.Signals(sig).name, games))
          in err, "%s: stderr does not say where it stopped: %r" % (what, err[-300:]))
    (d / "partial.json").write_text(out)
    return d


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: tests/cli/long_runs.py SOW")
    sow = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="sow-long-") as tmp:
        d = stopped(sow, tmp, signal.SIGINT, "int")
        stopped(sow, tmp, signal.SIGTERM, "term")
        if d:
            # the partial summary is readable, and no shard to merge
            out = run(sow, ["stats", str(d / "partial.json")], status=1)
            check("this summary is of an interrupted run" in out.stderr,
                  "sow stats of an interrupted summary: %r" % out.stderr[:300])

        # a second signal ends the run at once, as without sow's handler
        proc = subprocess.Popen([sow, "selfplay", "adji-kui-1", "--games", "10000000",
                                 "--players", "alphabeta:depth=9,alphabeta:depth=9"],
                                cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(0.5)
        proc.send_signal(signal.SIGINT)
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=30)
        check(proc.returncode in (-signal.SIGINT, 130),
              "a second SIGINT: exit status %s" % proc.returncode)

        # bench and compare stop the same way
        for args, what in [(["bench", "adji-kui-1", "--seconds", "30", "--json"], "bench"),
                           (["compare", "adji-kui-1", "--b", "skip_origin=true", "--games",
                             "10000000", "--json"], "compare")]:
            proc = subprocess.Popen([sow] + args, cwd=ROOT, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True)
            time.sleep(0.7)
            proc.send_signal(signal.SIGTERM)
            out, err = proc.communicate(timeout=30)
            check(proc.returncode == 143, "%s stopped by SIGTERM: exit status %s: %s"
                  % (what, proc.returncode, err.strip()[:200]))
            if what == "bench":
                check(json.loads(out).get("interrupted") is True,
                      "bench stopped by SIGTERM: not \"interrupted\": %r" % out[:200])
            else:
                check("stopped by SIGTERM before reading B was played" in err,
                      "compare stopped by SIGTERM: %r" % err[:200])

        # P2, C2.9: under endless_move=forbid a candidate that reaches the
        # lap cap cannot be told endless: the game stops unfinished before
        # the move that leads there, and the run goes on (game 35 of these
        # failed the whole run; one proof to the cap, a few seconds)
        out = run(sow, ["selfplay", "mweso", "--option", "endless_move=forbid",
                        "--games", "36", "--seed", "5", "--jsonl", "-"])
        games = [json.loads(l) for l in out.stdout.splitlines() if l.startswith("{")]
        last = games[-1] if games else {}
        check(len(games) == 36 and last.get("plies") == 87 and
              last.get("result", {}).get("unfinished") is True and
              last["result"].get("reason", "").startswith("a move too long to follow"),
              "selfplay mweso endless_move=forbid, game 35: %r"
              % {k: last.get(k) for k in ("game", "plies", "result")})

        # --progress on a run that finishes: the last line says done
        out = run(sow, ["selfplay", "adji-kui-1", "--games", "50", "--progress"])
        last = out.stderr.strip().splitlines()[-1:] or [""]
        check(last[0].startswith("sow selfplay: 50/50 games (100.0%), ")
              and last[0].endswith(", done"), "--progress: last line %r" % last[0])

        # --csv: a table for Python's csv module, agreeing with --jsonl
        jl, cv = os.path.join(tmp, "t.jsonl"), os.path.join(tmp, "t.csv")
        run(sow, ["selfplay", "adji-kui-2", "--option", "match=true", "--option",
                  "match_games=2", "--games", "5", "--threads", "2", "--jsonl", jl, "--csv", cv])
        games = [json.loads(line) for line in open(jl)]
        with open(cv, newline="") as f:
            rows = list(csv.DictReader(f))
        check(len(rows) == 5, "--csv: %d rows, expected 5" % len(rows))
        for g, r in zip(games, rows):
            winner = "" if g["result"]["winner"] is None else str(g["result"]["winner"])
            check(r["game"] == str(g["game"]) and r["seed"] == g["seed"]
                  and r["south"] == g["players"][0] and r["winner"] == winner
                  and r["reason"] == g["result"]["reason"] and r["plies"] == str(g["plies"])
                  and r["games"] == str(g["result"]["games"]) and r["south_score"] == "",
                  "--csv: row %r does not agree with %r" % (r, g))
        out = run(sow, ["selfplay", "andada", "--games", "3", "--csv", "-", "--json"])
        rows = list(csv.reader(io.StringIO(out.stdout, newline="")))
        check(rows[0][:4] == ["game", "seed", "south", "north"] and len(rows) >= 4
              and all(len(r) == len(rows[0]) for r in rows[1:4]),
              "--csv -: the table on standard output: %r" % rows[:2])
        run(sow, ["selfplay", "adji-kui-1", "--jsonl", "-", "--csv", "-"], status=2)

        # stats -: shards from standard input
        whole = run(sow, ["selfplay", "adji-kui-1", "--games", "40", "--seed", "4",
                          "--json"]).stdout
        shards = "".join(run(sow, ["selfplay", "adji-kui-1", "--games", "40", "--seed", "4",
                                   "--shard", "%d/3" % i, "--json"]).stdout for i in range(3))
        out = run(sow, ["stats", "-", "--json"], stdin=shards)
        check(out.stdout == whole, "stats -: the merged shards differ from the whole run")
        out = run(sow, ["stats", "-"], status=1, stdin="\n")
        check("standard input holds no summary" in out.stderr, "stats - of nothing: %r"
              % out.stderr)
        out = run(sow, ["stats", "-", "-"], status=2)
        # a seed written back as a number (a tool that parsed it) still merges
        mixed = "".join(json.dumps(dict(json.loads(s), seed=4)) + "\n"
                        for s in shards.splitlines())
        out = run(sow, ["stats", "-", "--json"], stdin=mixed)
        check(out.stdout == whole, "stats -: shards with the seed as a number differ")

        # compare --shard: each reading plays the shard's games
        one = json.loads(run(sow, ["compare", "adji-kui-1", "--b", "skip_origin=true",
                                   "--games", "30", "--json"]).stdout)
        parts = [json.loads(run(sow, ["compare", "adji-kui-1", "--b", "skip_origin=true",
                                      "--games", "30", "--shard", "%d/2" % i, "--json"]).stdout)
                 for i in range(2)]
        for side in "ab":
            check([p[side]["shards"] for p in parts] == [{"count": 2, "done": [0]},
                                                         {"count": 2, "done": [1]}],
                  "compare --shard: the shards of %s: %r" % (side, [p[side]["shards"] for p in parts]))
            check(sum(p[side]["totals"]["games"] for p in parts) == 30
                  and [p[side]["totals"]["games"] for p in parts] == [15, 15],
                  "compare --shard: the games of %s" % side)
            check(sum(p[side]["totals"]["plies_sum"] for p in parts)
                  == one[side]["totals"]["plies_sum"],
                  "compare --shard: the shards of %s do not play the games of the whole run"
                  % side)
        run(sow, ["compare", "adji-kui-1", "--b", "skip_origin=true", "--shard", "2/2"], status=2)

        # another version of sow: refused, naming both versions and files
        a, b = os.path.join(tmp, "v-a.json"), os.path.join(tmp, "v-b.json")
        lines = shards.splitlines()
        pathlib.Path(a).write_text(lines[0] + "\n")
        pathlib.Path(b).write_text(json.dumps(dict(json.loads(lines[1]),
                                                   sow_version="0.0.1")) + "\n")
        mine = json.loads(lines[0])["sow_version"]
        out = run(sow, ["stats", a, b], status=1)
        check(out.stderr.strip() == "%s: made by sow 0.0.1, but %s was made by sow %s; merge "
              "only the shards that one build of sow played (run them again with one build)"
              % (b, a, mine), "version mismatch: %r" % out.stderr.strip())

    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
