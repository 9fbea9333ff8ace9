#!/usr/bin/python3
"""Drive `sow play` through a pseudo-terminal, as a person would, for whole
games: the prompt, `help` (the rules), `hint` (what each legal move would
do), `undo`, watch mode (each move shown seed by seed, redrawn in place on
the terminal), a full game to its end, and what is left of it: the move
list printed at the end (the sow replay command that replays it) and the
record written by --record.

    tests/cli/play_pty.py [SOW]        (default build/sow; `make check` runs it)

Prints one line per failed check and `play_pty: N checks, M failed`; exits 1
if any failed. Each game must finish within its time limit."""

import os
import pty
import re
import select
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import Checks  # noqa: E402

SOW = sys.argv[1] if len(sys.argv) > 1 else "build/sow"
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
check = Checks("play_pty", "play_pty: FAIL: ")


class Session:
    """sow play on a pseudo-terminal: read until a pattern, type a line."""

    def __init__(self, args, limit=60):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ["TERM"] = "xterm"
            os.execv(SOW, [SOW, "play"] + args)
        self.out = ""
        self.deadline = time.time() + limit

    def read_until(self, pattern):
        """Read until the regex matches the text since the last call;
        return that text (escape sequences removed), or None at the end or
        the time limit."""
        start = len(self.out)
        rx = re.compile(pattern)
        while True:
            text = ANSI.sub("", self.out[start:])
            if rx.search(text):
                return text
            left = self.deadline - time.time()
            if left <= 0:
                return None
            r, _, _ = select.select([self.fd], [], [], min(left, 1.0))
            if not r:
                continue
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return None
            if not data:
                return None
            self.out += data.decode("utf-8", "replace")

    def send(self, line):
        os.write(self.fd, (line + "\n").encode())

    def close(self):
        try:
            os.kill(self.pid, 9)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        os.close(self.fd)


PROMPT = r"(South|North) to move> $"


def legal_of(text):
    m = re.findall(r"legal moves: (.*)", text)
    return m[-1].split() if m else []


def full_game(variant, opts, watch):
    """A person (South) plays the first legal move each time against the
    computer until the game ends; returns the whole transcript."""
    args = [variant, "--south", "human", "--north", "computer",
            "--seed", "7"] + opts
    if watch:
        args += ["--watch", "--watch-delay", "1"]
    # a whole game, each move asked for help first: under the sanitizers
    # on a loaded machine Andada's took over a minute once
    s = Session(args, limit=300)
    text = s.read_until(PROMPT)
    if not check(text is not None, variant + ": no first prompt"):
        s.close()
        return ""
    moves = 0
    while moves < 400:
        s.send("help")
        t = s.read_until(PROMPT)
        if not check(t is not None, variant + ": no prompt after help"):
            break
        legal = legal_of(t)
        if not check(legal, variant + ": help shows no legal moves"):
            break
        s.send(legal[0])
        moves += 1
        t = s.read_until(PROMPT + r"|game over after|match over after")
        if not check(t is not None, "%s: no answer to move %d (%s)"
                     % (variant, moves, legal[0])):
            break
        if "game over after" in t or "match over after" in t:
            break
    s.read_until(r"to replay them: sow replay [^\n]*\n")
    text = ANSI.sub("", s.out)
    s.close()
    check("game over after" in text, variant + ": the game did not end")
    return text


def replayed(variant, text, record):
    """The move list printed at the end replays the game: sow replay of the
    printed command gives the record --record wrote, and it ends with the
    game's result."""
    m = re.search(r"to replay them: sow (replay [^\r\n]*)", text)
    if not check(m, variant + ": no move list at the end"):
        return
    run = subprocess.run([SOW] + shlex.split(m.group(1)) + ["--json"],
                         capture_output=True, text=True, timeout=60)
    check(run.returncode == 0, variant + ": the printed command fails: "
          + run.stderr[:300])
    lines = run.stdout.splitlines()
    check(lines and ('"result"' in lines[-1] or '"match_result"' in lines[-1]),
          variant + ": the replay does not end with a result")
    if not check(os.path.exists(record),
                 variant + ": --record wrote no file " + record):
        return
    with open(record) as f:
        check(f.read() == run.stdout,
              variant + ": --record differs from sow replay --json")


def main():
    if not os.access(SOW, os.X_OK):
        print("play_pty: no sow binary at " + SOW)
        return 2
    # a whole game of each, the person typing, watch mode on
    tmp = tempfile.mkdtemp()
    for variant, opts in (("adji-kui-1", []), ("adji-kui-2", []),
                          ("adji-boto", []), ("andada", [])):
        record = os.path.join(tmp, variant + ".jsonl")
        text = full_game(variant, opts + ["--record", record], True)
        check("lifts" in text and "(watching: press Enter to skip)" in text,
              variant + ": watch mode showed no steps")
        replayed(variant, text, record)
    # help, hint and undo in one session
    s = Session(["adji-kui-1", "--south", "human", "--north", "human"])
    t = s.read_until(PROMPT)
    s.send("help")
    t = s.read_until(PROMPT)
    check(t and "K1.5" in t and "hint" in t and "undo" in t,
          "help: no rules or commands")
    s.send("hint")
    t = s.read_until(PROMPT)
    check(t and re.search(r"what each legal move of South would do", t)
          and re.search(r"\n  c +1 sowing, ends in A", t),
          "hint: no line for c: " + repr(t and t[-300:]))
    s.send("c")
    t = s.read_until(PROMPT)
    check(t and "move 1: South plays c" in t, "move c not played")
    s.send("undo")
    t = s.read_until(PROMPT)
    check(t and "undone: move 1: South plays c" in t and "South to move>" in t,
          "undo did not go back to South: " + repr(t and t[-300:]))
    s.send("undo")
    t = s.read_until(PROMPT)
    check(t and "nothing to undo" in t, "undo at the start")
    s.send("quit")
    t = s.read_until(r"game left unfinished")
    check(t is not None, "quit")
    s.close()
    shutil.rmtree(tmp, ignore_errors=True)
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
