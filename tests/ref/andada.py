#!/usr/bin/env python3
"""Independent reference implementation of Andada (docs/rules.md, Andada).

Written only from docs/rules.md (C0.*, A.1-A.6, P1-P3, P5, P6,
P9-P13, P16) and docs/record.md, to cross-check the C engine ply by ply.
Standard library only.

    andada.py replay --moves "4 first:1 17 ..." [--option NAME=VALUE ...]
        prints the JSON Lines record (docs/record.md)
    andada.py random --seed S [--moves "PREFIX"] [--option NAME=VALUE ...]
        plays uniformly random legal moves (the first:0/first:1 decision
        included) to the end of the game and prints the move list; with
        --moves, the given tokens are played first (and printed too)

Options (default first):
    holes        = 12 | 15 | 18 | 21 | 24      A.1 (N, holes per row)
    direction    = ccw | cw                     A.1, P9, P11
    bearoff      = sticky | dynamic             A.5, P12, P16
    endless_move = forbid | end_game            A.6, P2, P5, P6
    skip_origin  = false | true                 C0.4, P1
    max_plies    = 10000 (integer >= 0)         C0.7, P3

Board: 2N holes in canonical order (C0.2) whatever the direction: South
0..N-1, North N..2N-1; ccw sowing goes i -> i+1, cw goes i -> i-1 (mod 2N).
`captured`: seeds each player has removed from play, by the A.4 removal of
the opposite hole or by A.5 bear-off (P10). board + captured = 4N always.

Plies: 0 = South's opening relay (A.2), 1 = North's decision first:0 /
first:1 (A.3), 2.. = regular moves (A.4, A.5) alternating from the player
North named.

Readings chosen where the texts leave room (comments marked READING):
  * A.2: a relay step always lifts exactly two seeds: the current hole
    s+3k (s-3k for cw, P9) is never touched by earlier steps, so it still
    holds its initial 2. "Stop when every hole holds 3 or 0" is tested after
    every step; since 2N is a multiple of 3 it first holds after 2N/3 steps,
    when the next current hole would be s again (now empty). It is always
    reached (asserted). skip_origin cannot matter in the opening (laps of 2).
    Any own hole 0..N-1 of South is legal at ply 0, in both directions.
  * A.3: ply 1 is North's, legal ["first:0","first:1"], board and captured
    unchanged; first:P makes player P the mover of ply 2.
  * A.4 "holding 1 or more": singletons may be sown. "Own" = row (C0.6; no
    ownership transfer in Andada). The removal at c = 1 in an own hole takes
    whatever the opposite hole holds (0 is fine: nothing is removed).
  * A.5/P11: a seed "crosses" when its step along the track goes from the
    mover's last hole (ccw: N-1 South, 2N-1 North; cw: 0 South, N North)
    into the opponent's row. That seed and all seeds still in hand are
    removed into the mover's `captured` and the move ends, no A.4 removal.
    Crossings from the opponent's row into the mover's are ordinary. With
    skip_origin the skipped origin is passed over on the track, so a seed
    passing the boundary over a skipped hole also crosses.
  * A.5/P12/P16: the condition "every hole holds at most one seed" is
    tested on the board at the start of each regular move (ply >= 2);
    bear-off applies to that move if the condition holds (dynamic), or if it
    holds or held at the start of an earlier regular move that was played
    (sticky). Under forbid the legal-move test uses the same bear-off state.
    Under end_game an endless move played while the condition holds ends the
    game anyway, so whether it "turns sticky on" cannot be observed.
  * C0.7/P2: the state at the start of a lap is (board, hole lifted from);
    the hand is the board's count there. Bear-off is constant within a move
    and the removed seeds only leave the board at the move's end, so they
    are not part of the state. Brent's algorithm, exact, no lap cap.
  * A.6 end checks, after each ply, in this order: (1) end_game: the
    endless move just played -> the mover loses, "endless move" (P5: board
    and captured unchanged on that ply); (2) the next player (always the
    opponent after a regular move; the player named by first:P after the
    decision) has no seeds in their row -> they lose, "<Name> has no seeds";
    (3) under forbid the next player has seeds but every candidate is
    endless -> they lose (P6), READING: reason "<Name> has no legal move";
    (4) max_plies (P3) -> unfinished, winner null. The loser is always the
    player to move and the winner the other player (the "player who moved
    last" of A.6; for a first:1 game where North could not make the first
    regular move, this is South, although North made the decision).
    No pass ever happens in Andada.
  * max_plies counts every ply (the opening and the decision included) and
    is checked after every ply and before ply 0 (max_plies=0 ends the game
    at once, unfinished, with no ply line).
  * Tokens: a decimal hole number, or first:0 / first:1 (docs/record.md);
    anything else is not legal. After the end of the game the result line is
    printed and any further token is an error.
"""

import json
import random
import re
import sys

SOUTH, NORTH = 0, 1
NAMES = ("South", "North")
SEEDS = 2                      # A.1: 2 seeds per hole
SIZES = (12, 15, 18, 21, 24)   # A.1: N
OPENING, DECISION, REGULAR = 0, 1, 2   # phases: ply 0, ply 1, ply >= 2
DECISIONS = ["first:0", "first:1"]      # A.3, docs/record.md "Move tokens"

ENDLESS = "endless"            # outcome of a sowing that never ends (P2)

# Reason strings (the C engine uses the same).
REASON_NO_SEEDS = "%s has no seeds"           # A.6
REASON_NO_LEGAL = "%s has no legal move"      # A.6 + P6 under forbid
REASON_ENDLESS = "endless move"               # A.6 end_game, P5
REASON_MAX = "max_plies reached"              # C0.7, P3


def parse_options(pairs):
    """--option NAME=VALUE list -> dict. Raises ValueError on a bad option."""
    opts = {"holes": 12, "direction": "ccw", "bearoff": "sticky",
            "endless_move": "forbid", "skip_origin": False,
            "max_plies": 10000}
    choices = {"direction": ("ccw", "cw"),
               "bearoff": ("sticky", "dynamic"),
               "endless_move": ("forbid", "end_game")}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq:
            raise ValueError("option %r is not NAME=VALUE" % pair)
        if name in choices:
            if value not in choices[name]:
                raise ValueError("bad value for %s: %r" % (name, value))
            opts[name] = value
        elif name == "skip_origin":
            if value not in ("true", "false"):
                raise ValueError("bad value for %s: %r" % (name, value))
            opts[name] = value == "true"
        elif name == "holes":
            if value not in [str(n) for n in SIZES]:
                raise ValueError("bad value for holes: %r (12, 15, 18, 21 "
                                 "or 24)" % value)
            opts[name] = int(value)
        elif name == "max_plies":
            if not re.fullmatch(r"[0-9]+", value):
                raise ValueError("bad value for max_plies: %r" % value)
            opts[name] = int(value)
        else:
            raise ValueError("unknown option %r" % name)
    return opts


class Track:
    """Geometry of a board of 2 rows of N holes (C0.2) and a direction."""

    def __init__(self, n, direction="ccw"):
        self.n = n
        self.holes = 2 * n
        self.step = 1 if direction == "ccw" else -1      # A.1, P9
        # P11: the mover's last hole before their row ends.
        if self.step == 1:
            self.last = (n - 1, 2 * n - 1)
        else:
            self.last = (0, n)

    def nxt(self, h):
        return (h + self.step) % self.holes

    def row(self, h):
        return SOUTH if h < self.n else NORTH

    def opposite(self, h):
        return self.holes - 1 - h                         # C0.2

    def own_holes(self, player):
        return range(player * self.n, (player + 1) * self.n)


def opening(track, board, s, trace=None):
    """A.2 (P9 for cw): South's opening relay from hole s. Returns the new
    board. `trace`, if a list, receives (lifted, [holes sown]) per step.

    From the current hole (first s): take all its seeds, sow them into the
    next two holes, the hole after the last one sown becomes current; stop
    when every hole holds 3 or 0."""
    b = list(board)
    cur = s
    for _ in range(track.holes):          # at most 2N/3 steps are needed
        hand = b[cur]
        assert hand == 2, "A.2: the current hole holds 2 (READING)"
        b[cur] = 0
        pos, sown = cur, []
        while hand:
            pos = track.nxt(pos)
            b[pos] += 1
            hand -= 1
            sown.append(pos)
        if trace is not None:
            trace.append((cur, sown))
        cur = track.nxt(pos)
        if all(c in (0, 3) for c in b):
            return b                      # A.2: stop
    raise AssertionError("A.2: the opening relay did not stop")


def bearoff_condition(board):
    """A.5: every hole on the board holds at most one seed."""
    return all(c <= 1 for c in board)


def sow_move(track, board, mover, start, bearoff, skip_origin):
    """A.4 relay sowing of one regular move from hole `start` (1+ seeds),
    with A.5 bear-off if `bearoff`. Returns ENDLESS if the move never ends
    (C0.7, P2), else (board after the move, seeds removed by the mover).
    The input board is not changed.

    Lap (C0.3): lift all seeds of hole h and sow them one per hole from the
    next hole in the direction; with skip_origin the lifted hole gets none
    (C0.4, P1: for a relay lap the relay hole). Bear-off (A.5, P11): a seed
    about to step from the mover's last hole into the opponent's row is
    removed with all seeds still in hand, the move ends. Lap end, last seed
    in `pos` holding c:
      c > 1 -> relay: the next lap lifts from pos;
      c = 1 -> the move ends; if pos is the mover's own, the opposite hole
               (2N-1-pos) is emptied into the mover's captured (P10).

    Endless detection (P2): lap-start state (board, hole); Brent's
    algorithm finds any recurrence exactly, with no lap cap.
    """
    b = list(board)
    last = track.last[mover]
    h = start
    saved_b, saved_h = list(b), h
    power, lam = 1, 0
    while True:
        hand = b[h]
        b[h] = 0
        pos = h
        while hand:
            if bearoff and pos == last:
                # A.5/P11: the seed would cross into the opponent's row.
                return b, hand
            pos = track.nxt(pos)
            if skip_origin and pos == h:
                continue                      # C0.4/P1: passed over
            b[pos] += 1
            hand -= 1
        c = b[pos]
        if c == 1:
            taken = 0
            if track.row(pos) == mover:       # A.4: removal from opposite
                opp = track.opposite(pos)
                taken = b[opp]
                b[opp] = 0
            return b, taken
        h = pos                               # A.4 c > 1: relay
        lam += 1
        if h == saved_h and b == saved_b:
            return ENDLESS                    # P2: lap-start state recurred
        if lam == power:
            saved_b, saved_h = list(b), h
            power *= 2
            lam = 0


class Game:
    """One game of Andada.

    For the self-test a constructed regular-phase position may be given:
    `board` (2N counts), `to_move`, `captured`, `sticky` (bear-off already
    switched on under bearoff=sticky) and `ply` (>= 2). Without `board` the
    game starts from the A.1 initial position at ply 0."""

    def __init__(self, opts=None, board=None, to_move=SOUTH, captured=None,
                 sticky=False, ply=2):
        self.opts = opts or parse_options([])
        n = self.opts["holes"]
        self.track = Track(n, self.opts["direction"])
        self.total = 4 * n
        self.result = None        # dict once the game has ended
        self._sims = None         # {hole: outcome} for this position
        if board is None:
            self.board = [SEEDS] * (2 * n)                     # A.1
            self.captured = [0, 0]
            self.ply = 0
            self.to_move = SOUTH                               # A.2
            self.sticky = False
        else:
            assert len(board) == 2 * n and ply >= REGULAR
            self.board = list(board)
            self.captured = list(captured) if captured else [0, 0]
            assert sum(self.board) + sum(self.captured) == self.total
            self.ply = ply
            self.to_move = to_move
            self.sticky = sticky
            self._check_mover()
        if self.result is None and self.ply >= self.opts["max_plies"]:
            self._end(None, REASON_MAX, unfinished=True)       # C0.7, P3

    # -- state ---------------------------------------------------------
    def phase(self):
        return min(self.ply, REGULAR)

    def bearoff_on(self):
        """A.5/P12/P16: bear-off state for the regular move about to be
        played (tested on the board at its start)."""
        if self.phase() != REGULAR:
            return False
        if self.opts["bearoff"] == "sticky" and self.sticky:
            return True
        return bearoff_condition(self.board)

    def candidates(self, player):
        """A.4: own holes holding 1 or more, ascending."""
        return [h for h in self.track.own_holes(player) if self.board[h] >= 1]

    def outcomes(self):
        """Outcome of every candidate of the player to move, cached."""
        if self._sims is None:
            bo = self.bearoff_on()
            self._sims = {h: sow_move(self.track, self.board, self.to_move,
                                      h, bo, self.opts["skip_origin"])
                          for h in self.candidates(self.to_move)}
        return self._sims

    def legal(self):
        """Legal tokens of the player to move (docs/record.md: holes
        ascending, then
        decision tokens)."""
        if self.result is not None:
            return []
        ph = self.phase()
        if ph == OPENING:
            return list(self.track.own_holes(SOUTH))           # A.2
        if ph == DECISION:
            return list(DECISIONS)                             # A.3
        if self.opts["endless_move"] == "forbid":              # A.6, P6
            return sorted(h for h, o in self.outcomes().items()
                          if o is not ENDLESS)
        return self.candidates(self.to_move)

    def _end(self, loser, reason, unfinished=False):
        winner = None if unfinished else 1 - loser            # A.6, P3
        self.result = {"winner": winner, "score": None, "reason": reason,
                       "unfinished": unfinished}

    def _check_mover(self):
        """A.6 (and P6 under forbid) for the player about to make a regular
        move: no seeds, or no legal move -> they lose."""
        p = self.to_move
        if not self.candidates(p):
            self._end(p, REASON_NO_SEEDS % NAMES[p])           # A.6
        elif not self.legal():
            self._end(p, REASON_NO_LEGAL % NAMES[p])           # A.6, P6

    # -- play ----------------------------------------------------------
    def play(self, move):
        """Play one ply (an int hole or 'first:0'/'first:1'). Returns its
        record dict (docs/record.md). Raises ValueError if it is not legal."""
        mover = self.to_move
        legal = self.legal()
        if move not in legal:
            raise ValueError(legal)
        ph = self.phase()
        endless = False
        if ph == OPENING:
            self.board = opening(self.track, self.board, move)  # A.2
            nxt = NORTH                                         # A.3
        elif ph == DECISION:
            nxt = int(move.split(":")[1])                       # A.3
        else:
            bo = self.bearoff_on()
            if self._sims is not None:
                outcome = self._sims[move]
            else:           # end_game: only the move played is sown
                outcome = sow_move(self.track, self.board, mover, move, bo,
                                   self.opts["skip_origin"])
            endless = outcome is ENDLESS
            if not endless:
                self.board, taken = outcome
                self.captured[mover] += taken                   # P10
                if bo:
                    self.sticky = True                          # P12
            # P5: an endless move leaves board and captured unchanged.
            nxt = 1 - mover
        self._sims = None
        self.ply += 1
        assert sum(self.board) + sum(self.captured) == self.total
        rec = {"ply": self.ply - 1, "to_move": mover, "legal": legal,
               "move": move, "board": list(self.board),
               "captured": list(self.captured)}
        self.to_move = nxt
        if endless:
            self._end(mover, REASON_ENDLESS)                    # A.6, P5
        elif ph != OPENING:
            self._check_mover()                                 # A.6, P6
        if self.result is None and self.ply >= self.opts["max_plies"]:
            self._end(None, REASON_MAX, unfinished=True)        # C0.7, P3
        return rec


def dumps(obj):
    return json.dumps(obj, separators=(",", ":"))


def parse_token(tok):
    """docs/record.md "Move tokens": a hole index or a decision 'first:<P>'."""
    if re.fullmatch(r"[0-9]+", tok):
        return int(tok)
    m = re.fullmatch(r"first:([0-9]+)", tok)
    if m:
        return "first:%d" % int(m.group(1))
    return None


def replay(tokens, opts, out=sys.stdout):
    """Print the record of a move list. Returns the exit status."""
    game = Game(opts)
    result_printed = False
    for i, tok in enumerate(tokens):
        if game.result is not None and not result_printed:
            out.write(dumps({"result": game.result}) + "\n")
            result_printed = True
        legal = game.legal()
        move = parse_token(tok)
        if move is None or move not in legal:
            out.flush()
            where = ("after the end of the game" if game.result is not None
                     else "at ply %d (player %d to move)"
                     % (game.ply, game.to_move))
            sys.stderr.write("error: move %d %r is not legal %s; legal moves: "
                             "%s\n" % (i + 1, tok, where, dumps(legal)))
            return 1
        out.write(dumps(game.play(move)) + "\n")
    # P13: a move list stopping before the end prints no result line.
    if game.result is not None and not result_printed:
        out.write(dumps({"result": game.result}) + "\n")
    return 0


def random_game(seed, opts, prefix=()):
    """Uniformly random legal tokens until the game ends, after the tokens
    of `prefix` (which must be legal: ValueError otherwise)."""
    rng = random.Random(seed)
    game = Game(opts)
    moves = []
    for tok in prefix:
        move = parse_token(tok)
        if game.result is not None or move not in game.legal():
            raise ValueError("prefix token %r is not legal" % tok)
        game.play(move)
        moves.append(move)
    while game.result is None:
        move = rng.choice(game.legal())
        game.play(move)
        moves.append(move)
    return moves


def main(argv):
    usage = ("usage: andada.py replay --moves \"M ...\" [--option N=V]...\n"
             "       andada.py random --seed S [--moves \"M ...\"] "
             "[--option N=V]...\n")
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
    try:
        moves = random_game(int(seed), opts, (moves or "").split())
    except ValueError as e:
        sys.stderr.write("error: %s\n" % e)
        return 1
    print(" ".join(map(str, moves)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
