#!/usr/bin/env python3
"""tests/cli/plain_words.py SOW - the words a learner reads (issue 27 D15):
every shipped variant's rule texts (`sow show --json`, shown by the page
under each step and in How to play) and the narration of `sow trace` (two
games of random players each, replayed with --record) use none of the
engine's words: ply, lap end, relay, hook, token, script, phase, option
names (an underscore, NAME=VALUE), move tokens (first:1, 13,x32, 3/cw),
MG; nor, in the narration, lap, origin, filter or a program's name. A
record longer than 300 lines is traced for its first 300 plies.

Prints "plain words: N rule texts and M sentences of K games, none with
the engine's words" and exits 0, or each offending text and exits 1.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

# the engine's words; the rule texts may name the programs whose reading
# a rule is (Ludii, MancalaGames) and say "lap" (the shipped ones do not),
# the narration not
WORDS = (r"\bpl(?:y|ies)\b|\blap[-_ ]ends?\b|\blap's end|\brelay\w*|\bMG\b|OpenSpiel|_|`"
         r"|\bhooks?\b|\btokens?\b|\bscript\b|\bLua\b|\$|=|\bphase\b|\bdecision\b"
         r"|\b[a-z]+:\d+\b|\d,x\d|\d/c?cw\b")
RULE_WORDS = re.compile(WORDS, re.I)
STORY_WORDS = re.compile(WORDS + r"|Ludii|MancalaGames|\blaps?\b|\bfilter\b|\borigin\b", re.I)


def run(sow, *args):
    r = subprocess.run([sow] + list(args), capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        raise RuntimeError("sow %s: %s" % (" ".join(args), r.stderr.strip()[:300]))
    return r.stdout


def main():
    sow = sys.argv[1]
    bad, rules, stories, games = [], 0, 0, 0
    ids = [v["id"] for v in json.loads(run(sow, "list", "--json"))["variants"]]
    with tempfile.TemporaryDirectory() as tmp:
        for vid in ids:
            for r in json.loads(run(sow, "show", vid, "--json"))["rules"]:
                rules += 1
                found = RULE_WORDS.findall(r["text"])
                if found:
                    bad.append("%s %s: %s in %r" % (vid, r["id"], sorted(set(found)), r["text"]))
            for seed in ("1", "2"):
                rec = os.path.join(tmp, "%s.%s.jsonl" % (vid, seed))
                run(sow, "play", vid, "--south", "random", "--north", "random", "--seed", seed,
                    "--record", rec)
                games += 1
                with open(rec) as f:  # the first plies of a long match are enough
                    lines = f.readlines()
                if len(lines) > 300:
                    with open(rec, "w") as f:
                        f.writelines(lines[:300])
                for line in run(sow, "trace", "--record", rec, "--json", "--brief").splitlines():
                    text = json.loads(line).get("text")
                    if not text:
                        continue
                    stories += 1
                    found = STORY_WORDS.findall(text)
                    if found:
                        bad.append("%s narration: %s in %r" % (vid, sorted(set(found)), text))
    if bad:
        for b in sorted(set(bad))[:40]:
            print("plain words: FAIL: " + b)
        return 1
    print("plain words: %d rule texts and %d sentences of %d games, none with the engine's words"
          % (rules, stories, games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
