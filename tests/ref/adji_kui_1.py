#!/usr/bin/env python3
"""Independent reference implementation of Adji Kui I (docs/rules.md, Adji Kui
I).

Written only from docs/rules.md (C0.*, K1.*, P1-P4, P13) and
docs/record.md, to cross-check the C engine ply by ply. Standard library only.

    adji_kui_1.py replay --moves "2 8 1 ..." [--option NAME=VALUE ...]
        prints the JSON Lines record (docs/record.md)
    adji_kui_1.py random --seed S [--option NAME=VALUE ...]
        plays uniformly random legal moves to the end, prints the move list

Options: endless=repetition|unreachable|no_capture_plies:K (K1.7),
skip_origin=true|false (C0.4), max_plies=N (C0.7). Under `unreachable` the
search has no limit: it is meant for the small positions of the tests.
"""

import json
import random
import re
import sys

N = 6            # holes per row (K1.1)
HOLES = 2 * N    # canonical indices 0..11 (C0.2)
SEEDS = 4        # seeds per hole at the start (K1.1)
SOUTH, NORTH = 0, 1


def owner(h):
    """C0.2/C0.6: South owns 0..5, North owns 6..11 (no transfers in K1)."""
    return SOUTH if h < N else NORTH


def parse_options(pairs):
    """--option NAME=VALUE list -> dict. Raises ValueError on a bad option."""
    opts = {"endless": "repetition", "no_capture_plies": 0,
            "skip_origin": False, "max_plies": 10000}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq:
            raise ValueError("option %r is not NAME=VALUE" % pair)
        if name == "endless":
            m = re.fullmatch(r"no_capture_plies:([0-9]+)", value)
            if value == "repetition":
                opts["endless"], opts["no_capture_plies"] = "repetition", 0
            elif m and int(m.group(1)) >= 1:
                opts["endless"] = "no_capture_plies"
                opts["no_capture_plies"] = int(m.group(1))
            elif value == "unreachable":
                opts["endless"], opts["no_capture_plies"] = "unreachable", 0
            else:
                raise ValueError("bad value for endless: %r" % value)
        elif name == "skip_origin":
            if value not in ("true", "false"):
                raise ValueError("bad value for skip_origin: %r" % value)
            opts["skip_origin"] = value == "true"
        elif name == "max_plies":
            if not re.fullmatch(r"[0-9]+", value):
                raise ValueError("bad value for max_plies: %r" % value)
            opts["max_plies"] = int(value)
        else:
            raise ValueError("unknown option %r" % name)
    return opts


class Game:
    """One game of Adji Kui I. `board` and `to_move` may be given to start
    from a constructed position (used by the self-test)."""

    def __init__(self, opts=None, board=None, to_move=SOUTH, probe=False):
        self.opts = opts or parse_options([])
        self.board = list(board) if board else [SEEDS] * HOLES   # K1.1
        self.captured = [0, 0]
        self.ply = 0
        self.no_capture_run = 0          # consecutive plies w/o capture
        self.result = None               # dict once the game has ended
        # C0.1: South starts; C0.5/K1.3: skip a starter who cannot move.
        if not self.legal(to_move) and self.legal(1 - to_move):
            to_move = 1 - to_move
        self.to_move = to_move
        if probe:                        # a position the search sows on
            return
        # P4: the initial position counts as an earlier position (K1.7).
        self.seen = {(tuple(self.board), self.to_move)}
        if not self.legal(SOUTH) and not self.legal(NORTH):
            self._end("neither player can move")                 # K1.7(a)
        elif self.opts["endless"] == "unreachable" and not self.reachable():
            self._end("no capture can be reached")               # K1.7(b)
        elif self.ply >= self.opts["max_plies"]:
            self._end("max_plies reached", unfinished=True)      # C0.7

    def legal(self, player):
        """K1.2: own holes holding 2 or more seeds, ascending."""
        return [h for h in range(HOLES)
                if owner(h) == player and self.board[h] >= 2]

    def reachable(self):
        """K1.7 unreachable: whether some sequence of legal moves of either
        player, from this position, makes a capture. Every position
        (board, player to move) reachable without a capture is visited
        once, breadth first; a branch where neither can move is over."""
        start = (tuple(self.board), self.to_move)
        seen, queue = {start}, [start]
        for board, mover in queue:
            for move in [h for h in range(HOLES)
                         if owner(h) == mover and board[h] >= 2]:
                g = Game(self.opts, board=list(board), to_move=mover,
                         probe=True)
                if g.capture(mover, g.sow(move)):
                    return True
                opp = 1 - mover
                if g.legal(opp):
                    nxt = (tuple(g.board), opp)
                elif g.legal(mover):
                    nxt = (tuple(g.board), mover)
                else:
                    continue
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        return False

    def score(self):
        """K1.8: captures plus seeds in own holes."""
        s = list(self.captured)
        for h in range(HOLES):
            s[owner(h)] += self.board[h]
        return s

    def _end(self, reason, unfinished=False):
        s = self.score()
        if unfinished or s[0] == s[1]:
            winner = None                # P3: unfinished -> null; K1.8 draw
        else:
            winner = SOUTH if s[0] > s[1] else NORTH
        self.result = {"winner": winner, "score": s, "reason": reason,
                       "unfinished": unfinished}

    def sow(self, origin):
        """K1.4: one counter-clockwise lap; returns the hole of the last seed.
        C0.4/P1: with skip_origin the lifted hole gets no seed on a 12+ lap."""
        seeds, self.board[origin] = self.board[origin], 0
        h = origin
        while seeds:
            h = (h + 1) % HOLES
            if self.opts["skip_origin"] and h == origin:
                continue
            self.board[h] += 1
            seeds -= 1
        return h

    def capture(self, mover, last):
        """K1.5: the last hole if it is the opponent's and holds 2 or 3, then
        last-1, last-2, ... while opponent's and holding 2 or 3. Going back
        from 6 reaches 5 (South's), from 0 reaches 11 (North's): the chain
        stops at the mover's own row and never wraps."""
        taken = 0
        h = last
        while owner(h) != mover and self.board[h] in (2, 3):
            taken += self.board[h]
            self.board[h] = 0
            h = (h - 1) % HOLES
        self.captured[mover] += taken
        return taken

    def play(self, move):
        """Play one ply. Returns its record dict (docs/record.md). Raises
        ValueError if the move is not legal or the game is over."""
        mover = self.to_move
        legal = self.legal(mover) if self.result is None else []
        if move not in legal:
            raise ValueError(legal)
        taken = self.capture(mover, self.sow(move))
        self.ply += 1
        self.no_capture_run = 0 if taken else self.no_capture_run + 1
        rec = {"ply": self.ply - 1, "to_move": mover, "legal": legal,
               "move": move, "board": list(self.board),
               "captured": list(self.captured)}
        # P4: next mover is the opponent if they can move, else the mover
        # (automatic pass, C0.5/K1.3; not a ply).
        opp = 1 - mover
        can_opp, can_mover = bool(self.legal(opp)), bool(self.legal(mover))
        self.to_move = opp if can_opp else mover
        # P4 order: (a) neither can move, (b) K1.7 endless rule, then C0.7.
        if not can_opp and not can_mover:
            self._end("neither player can move")                 # K1.7(a)
        elif self.opts["endless"] == "repetition":
            pos = (tuple(self.board), self.to_move)
            if pos in self.seen:
                self._end("position repeated")                   # K1.7(b)
            self.seen.add(pos)
        elif self.opts["endless"] == "unreachable":
            if not self.reachable():
                self._end("no capture can be reached")           # K1.7(b)
        elif self.no_capture_run >= self.opts["no_capture_plies"]:
            self._end("%d plies without a capture"
                      % self.opts["no_capture_plies"])           # K1.7(b)
        if self.result is None and self.ply >= self.opts["max_plies"]:
            self._end("max_plies reached", unfinished=True)      # C0.7, P3
        return rec


def dumps(obj):
    return json.dumps(obj, separators=(",", ":"))


def replay(tokens, opts, out=sys.stdout):
    """Print the record of a move list. Returns the exit status."""
    game = Game(opts)
    result_printed = False
    for i, tok in enumerate(tokens):
        if game.result is not None and not result_printed:
            out.write(dumps({"result": game.result}) + "\n")
            result_printed = True
        legal = game.legal(game.to_move) if game.result is None else []
        move = int(tok) if re.fullmatch(r"[0-9]+", tok) else None
        if move not in legal:
            out.flush()
            where = ("after the end of the game" if game.result is not None
                     else "at ply %d (player %d to move)"
                     % (game.ply, game.to_move))
            sys.stderr.write("error: move %d %r is not legal %s; legal moves: "
                             "%s\n" % (i + 1, tok, where, legal))
            return 1
        out.write(dumps(game.play(move)) + "\n")
    # P13: a move list stopping before the end prints no result line.
    if game.result is not None and not result_printed:
        out.write(dumps({"result": game.result}) + "\n")
    return 0


def random_game(seed, opts):
    """Uniformly random legal moves until the game ends; the move list."""
    rng = random.Random(seed)
    game = Game(opts)
    moves = []
    while game.result is None:
        move = rng.choice(game.legal(game.to_move))
        game.play(move)
        moves.append(move)
    return moves


def main(argv):
    usage = ("usage: adji_kui_1.py replay --moves \"M ...\" [--option N=V]...\n"
             "       adji_kui_1.py random --seed S [--option N=V]...\n")
    if not argv or argv[0] not in ("replay", "random"):
        sys.stderr.write(usage)
        return 2
    cmd, args = argv[0], argv[1:]
    moves, seed, pairs = None, None, []
    i = 0
    while i < len(args):
        flag, eq, val = args[i].partition("=")
        if flag in ("--moves", "--seed", "--option"):
            if not eq:
                if i + 1 >= len(args):
                    sys.stderr.write("error: %s needs a value\n" % flag)
                    return 2
                i += 1
                val = args[i]
            if flag == "--moves":
                moves = val
            elif flag == "--seed":
                seed = val
            else:
                pairs.append(val)
        else:
            sys.stderr.write("error: unknown argument %r\n%s" % (args[i], usage))
            return 2
        i += 1
    try:
        opts = parse_options(pairs)
    except ValueError as e:
        sys.stderr.write("error: %s\n" % e)
        return 2
    if cmd == "replay":
        if moves is None:
            sys.stderr.write("error: replay needs --moves\n")
            return 2
        return replay(moves.split(), opts)
    if seed is None or not re.fullmatch(r"-?[0-9]+", seed):
        sys.stderr.write("error: random needs --seed INTEGER\n")
        return 2
    print(" ".join(map(str, random_game(int(seed), opts))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
