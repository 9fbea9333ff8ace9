#!/usr/bin/env python3
"""Independent reference implementation of Adji-Boto (docs/rules.md,
Adji-Boto).

Written only from docs/rules.md (C0.*, B.1-B.6, P1, P3, P7, P8, P13)
and docs/record.md, to cross-check the C engine ply by ply. Standard library
only.

    adji_boto.py replay --moves "0 5 1 ..." [--option NAME=VALUE ...]
        prints the JSON Lines record (docs/record.md)
    adji_boto.py random --seed S [--option NAME=VALUE ...]
        plays uniformly random legal moves to the end, prints the move list

Options (default first):
    empty_in_chain = break | skip        B.4, P7
    skip_origin    = false | true        C0.4, P1
    max_plies      = 10000 (integer >= 0) C0.7, P3

Board: 10 holes in canonical order (C0.2): South 0..4 left to right, North
5..9. The stores (boto, B.1) are not on the track and not in `board`;
`captured` is the content of each store (docs/record.md).

Readings chosen where the texts leave room (comments marked READING):
  * B.3 "the first 10 moves alternate": plies 0..9 are made by South, North,
    South, ... (ply index parity). In the opening a player's legal moves are
    their holes not yet played in the opening that hold 2 or more seeds. An
    unplayed hole only ever receives seeds (a move empties nothing but its
    own origin down to 1, no captures are made), so it holds >= 10 and the
    opening player always has a legal move: no pass (B.5) can occur in the
    opening, and this is asserted. From ply 10 on the next mover is the
    opponent if they can move, else the mover (B.5); neither -> B.6.
  * B.4 "from move 11 on" = from ply index 10 on, whoever makes it.
  * B.2 + C0.4: the hole keeps 1 seed and the n-1 others are sown. A lap
    "comes round" as soon as a seed would land in the origin again, i.e.
    from 11 seeds in the hole (10 sown); with skip_origin=true every such
    seed goes on to the next hole instead and the origin keeps its 1.
  * B.4: no condition on h itself (whatever it holds, the chain looks at
    h+1). A hole counts as "holding 1, 3 or 5" after the sowing and after
    the earlier holes of the chain were emptied. The chain examines
    h+1, h+2, ..., h+9 at most (it never takes h, P7), over both rows,
    the mover's own holes included (P7); skip_origin does not concern the
    chain. Under `skip` an empty hole is passed over and the chain goes on.
  * B.6 / C0.7: the score is store + seeds in own row (the sweep); it only
    shows in the result's `score` (P8). Unfinished (max_plies) games: winner
    null, score computed the same way (P3). A finished 50-50 is a draw
    (winner null).
  * End checks after a ply: "neither can move" (B.6) before max_plies (P3).
  * Tokens: a decimal hole number only (docs/record.md); anything else is not
    legal. After the end of the game the result line is printed and any
    further token is an error.
"""

import json
import random
import re
import sys

N = 5            # holes per row (B.1)
HOLES = 2 * N    # canonical indices 0..9 (C0.2)
SEEDS = 10       # seeds per hole at the start (B.1)
TOTAL = HOLES * SEEDS
OPENING_PLIES = 2 * N     # B.3: the first 10 moves
SOUTH, NORTH = 0, 1


def owner(h):
    """C0.2/C0.6: South owns 0..4, North owns 5..9 (no transfers)."""
    return SOUTH if h < N else NORTH


def row(player):
    return range(0, N) if player == SOUTH else range(N, HOLES)


def parse_options(pairs):
    """--option NAME=VALUE list -> dict. Raises ValueError on a bad option."""
    opts = {"empty_in_chain": "break", "skip_origin": False,
            "max_plies": 10000}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq:
            raise ValueError("option %r is not NAME=VALUE" % pair)
        if name == "empty_in_chain":
            if value not in ("break", "skip"):
                raise ValueError("bad value for empty_in_chain: %r" % value)
            opts["empty_in_chain"] = value
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
    """One game of Adji-Boto.

    For the self-test a constructed position may be given: `board`,
    `stores`, `to_move`, and `ply` (the number of plies already made; a ply
    of 10 or more means the opening B.3 is over). A constructed position
    with ply < 10 must be reached from the start (the opening bookkeeping is
    not given), so only ply=0 or ply>=10 are accepted."""

    def __init__(self, opts=None, board=None, stores=None, to_move=SOUTH,
                 ply=0):
        self.opts = opts or parse_options([])
        self.board = list(board) if board is not None else [SEEDS] * HOLES
        assert len(self.board) == HOLES
        self.captured = list(stores) if stores is not None else [0, 0]
        assert ply == 0 or ply >= OPENING_PLIES
        self.ply = ply
        self.played = [set(), set()]    # B.3: holes played in the opening
        self.result = None              # dict once the game has ended
        self.to_move = to_move
        if self.in_opening():
            # B.3/C0.1: the opening alternates from South.
            assert to_move == SOUTH
        elif not self.legal(to_move) and self.legal(1 - to_move):
            self.to_move = 1 - to_move  # B.5: automatic pass
        if not self.legal(SOUTH) and not self.legal(NORTH):
            self._end("neither player can move")                 # B.6
        elif self.ply >= self.opts["max_plies"]:
            self._end("max_plies reached", unfinished=True)      # C0.7, P3

    def in_opening(self):
        """B.3: the first 10 moves (plies 0..9)."""
        return self.ply < OPENING_PLIES

    def legal(self, player):
        """B.2: own holes holding 2 or more seeds, ascending; B.3: in the
        opening, only holes the player has not yet played in it (until all
        five are played, which happens exactly at the opening's end)."""
        moves = [h for h in row(player) if self.board[h] >= 2]
        if self.in_opening() and len(self.played[player]) < N:
            moves = [h for h in moves if h not in self.played[player]]
        return moves

    def score(self):
        """B.6: each player's store plus the seeds of their own row (the
        final sweep; P8: it shows only in the result)."""
        s = list(self.captured)
        for h in range(HOLES):
            s[owner(h)] += self.board[h]
        return s

    def _end(self, reason, unfinished=False):
        s = self.score()
        if unfinished or s[0] == s[1]:
            winner = None            # P3: unfinished -> null; B.6: 50-50 draw
        else:
            winner = SOUTH if s[0] > s[1] else NORTH
        self.result = {"winner": winner, "score": s, "reason": reason,
                       "unfinished": unfinished}

    def sow(self, origin):
        """B.2: lift all seeds but one and sow them in a single
        counter-clockwise lap (stores are not on the track, B.1). C0.4/P1:
        with skip_origin the origin gets no seed when the lap comes round
        (READING: from the 10th seed sown on, i.e. a hole of 11 or more).
        Returns h, the hole of the last seed."""
        seeds = self.board[origin] - 1
        self.board[origin] = 1
        h = origin
        while seeds:
            h = (h + 1) % HOLES
            if self.opts["skip_origin"] and h == origin:
                continue
            self.board[h] += 1
            seeds -= 1
        return h

    def capture(self, mover, h):
        """B.4/P7: from h+1 on, over both rows, take holes holding exactly
        1, 3 or 5 into the mover's store; stop at an even count > 0 or a
        count over 5; an empty hole ends the chain (`break`) or is passed
        over (`skip`); never take h (the chain stops on coming back to h).
        Returns the seeds taken."""
        taken = 0
        skip_empty = self.opts["empty_in_chain"] == "skip"
        i = (h + 1) % HOLES
        while i != h:
            c = self.board[i]
            if c == 0:
                if not skip_empty:
                    break
            elif c in (1, 3, 5):
                taken += c
                self.board[i] = 0
            else:                      # 2, 4, 6, ... or 7, 9, ... (P7)
                break
            i = (i + 1) % HOLES
        self.captured[mover] += taken
        return taken

    def play(self, move):
        """Play one ply. Returns its record dict (docs/record.md). Raises
        ValueError if the move is not legal or the game is over."""
        mover = self.to_move
        legal = self.legal(mover) if self.result is None else []
        if move not in legal:
            raise ValueError(legal)
        opening = self.in_opening()
        if opening:
            self.played[mover].add(move)
        last = self.sow(move)
        if not opening:
            self.capture(mover, last)                        # B.4
        # B.3 "no captures are made during these 10 moves".
        self.ply += 1
        assert sum(self.board) + sum(self.captured) == TOTAL
        rec = {"ply": self.ply - 1, "to_move": mover, "legal": legal,
               "move": move, "board": list(self.board),
               "captured": list(self.captured)}
        opp = 1 - mover
        if self.in_opening():
            # B.3: strict alternation. READING: the opening can never see a
            # pass, since every unplayed hole holds >= 10 seeds.
            assert self.legal(opp), "B.3: opening player cannot move"
            assert all(self.board[h] >= SEEDS for p in (SOUTH, NORTH)
                       for h in row(p) if h not in self.played[p])
            self.to_move = opp
        else:
            # B.5/C0.5: the opponent if they can move, else the mover
            # (an automatic pass, not a ply); B.6 if neither can.
            can_opp, can_mover = bool(self.legal(opp)), bool(self.legal(mover))
            self.to_move = opp if can_opp else mover
            if not can_opp and not can_mover:
                self._end("neither player can move")              # B.6
        if self.result is None and self.ply >= self.opts["max_plies"]:
            self._end("max_plies reached", unfinished=True)       # C0.7, P3
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
                             "%s\n" % (i + 1, tok, where, dumps(legal)))
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
    usage = ("usage: adji_boto.py replay --moves \"M ...\" [--option N=V]...\n"
             "       adji_boto.py random --seed S [--option N=V]...\n")
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
