#!/usr/bin/env python3
"""tests/cli/plain_words.py SOW - the words a learner reads (issue 27 D15):
every shipped variant's rule texts (`sow show --json`, shown by the page
under each step and in How to play), its options' texts (`sow show`, the
page for an option docs/how-to-play.md has no words for), and what
`sow trace` (the narration, the lines of its text) and `sow play` print
of three games of random players each (replayed with --record; the third
cut short by max_plies) use none of the engine's words: ply, lap end,
relay, hook, token, script, phase, option names (an underscore,
NAME=VALUE), move tokens (first:1, 13,x32, 3/cw), MG; nor, in the
narration and the headers, lap, origin, filter or a program's name. A
move's header says it in words ("move 2: North answers ...: North"),
never by its token: tokens are printed only where a person types them
(`sow play`'s "  type first:0 for South" and the moves to replay at the
end). An option's text may name the option's own values, what
`--option NAME=VALUE` takes, and the programs whose reading a value is
(Ludii, MancalaGames, OpenSpiel), but no other option, rule-engine key or
MG. A record longer than 300 lines is traced for its first 300 plies.

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
# an option's text may name OpenSpiel too, a program whose reading a value is
OPTION_WORDS = re.compile(WORDS.replace("|OpenSpiel", ""), re.I)


# where sow play prints tokens for a person to type (play_print_question,
# the moves played at the end)
TYPED = re.compile(r"^(  type |moves: |to replay them: )")


def option_words(vid, o):
    """The engine's words in option o's text, its own values aside."""
    text = o.get("doc") or ""
    for v in sorted(o.get("values") or [], key=len, reverse=True):
        text = re.sub(r"(?<![\w:])%s(?![\w:])" % re.escape(v), "VALUE", text)
    found = OPTION_WORDS.findall(text)
    return ["%s option %s: %s in %r" % (vid, o["name"], sorted(set(found)), o.get("doc"))] \
        if found else []


def lines_words(vid, what, out):
    """The engine's words in the lines a command printed (boards and the
    lines of tokens to type aside); a rule's text cited under a move may
    name the programs whose reading it is."""
    bad = []
    for line in out.splitlines():
        if TYPED.match(line):
            continue
        words = RULE_WORDS if re.match(r"^ {6}[A-Z][A-Za-z0-9]*(\.[A-Za-z0-9]+)*(, |: )", line) \
            else STORY_WORDS
        found = words.findall(re.sub(r"^== ", "", line))
        if found:
            bad.append("%s %s: %s in %r" % (vid, what, sorted(set(found)), line.strip()))
    return bad


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
            shown = json.loads(run(sow, "show", vid, "--json"))
            for r in shown["rules"]:
                rules += 1
                found = RULE_WORDS.findall(r["text"])
                if found:
                    bad.append("%s %s: %s in %r" % (vid, r["id"], sorted(set(found)), r["text"]))
            for o in shown["options"]:
                rules += 1
                bad += option_words(vid, o)
            # a third game cut short: the end of an unfinished game in words
            cut = ["--option", "max_plies=3"] \
                if any(o["name"] == "max_plies" for o in shown["options"]) else []
            for seed in ("1", "2", "3"):
                rec = os.path.join(tmp, "%s.%s.jsonl" % (vid, seed))
                played = run(sow, "play", vid, "--south", "random", "--north", "random",
                             "--seed", seed, "--record", rec, *(cut if seed == "3" else []))
                bad += lines_words(vid, "play", "\n".join(played.splitlines()[:3000]))
                games += 1
                with open(rec) as f:  # the first plies of a long match are enough
                    lines = f.readlines()
                if len(lines) > 300:
                    with open(rec, "w") as f:
                        f.writelines(lines[:300])
                bad += lines_words(vid, "trace", run(sow, "trace", "--record", rec, "--no-board"))
                for line in run(sow, "trace", "--record", rec, "--json", "--brief").splitlines():
                    text = json.loads(line).get("text")
                    if not text:
                        continue
                    stories += 1
                    found = STORY_WORDS.findall(text)
                    if found:
                        bad.append("%s narration: %s in %r" % (vid, sorted(set(found)), text))
    if bad:
        for b in sorted(set(bad))[:int(os.environ.get("PLAIN_WORDS_SHOW", "40"))]:
            print("plain words: FAIL: " + b)
        return 1
    print("plain words: %d rule and option texts and %d sentences of %d games, none with the engine's words"
          % (rules, stories, games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
