#!/usr/bin/env python3
"""Independent reference implementation of Adji Kui II (docs/rules.md, Adji
Kui II).

Written only from docs/rules.md (C0.*, K2.1-K2.9, P1-P6, P13-P15)
and docs/record.md (including "Matches"), to cross-check the C engine ply by
ply. Standard library only.

    adji_kui_2.py replay --moves "2 8 buy:7 ..." [--option NAME=VALUE ...]
        prints the JSON Lines record (docs/record.md)
    adji_kui_2.py random --seed S [--option NAME=VALUE ...]
        plays uniformly random legal moves (buy decisions included) to the
        end of the game, or of the match, and prints the move list

Options (default first):
    endless_move = forbid | end_game          K2.4, P2, P5, P6
    match        = false | true               K2.7
    remainder    = larger_owns | winner_owns  K2.9
    buy          = choose | nearest           K2.9, P14
    next_starter = alternate | loser | winner K2.9, P15
    match_games  = 50 (integer >= 1)          K2.9, P15
    skip_origin  = false | true               C0.4, P1
    max_plies    = 10000 (integer >= 0, per game; buy plies count)  C0.7, P3
The match options are accepted and ignored when match=false.

Readings chosen where the texts leave room (see also the report and the
comments marked READING):
  * "The winner of the game just played" (K2.9 remainder tie, winner_owns,
    next_starter) is the player with the larger total T; this is the K2.6
    winner for finished games and also names a player for games ended by
    max_plies (whose result has winner null, P3). Equal totals (24-24) can
    only occur with remainders 0, so no remainder hole is then at stake;
    next_starter=winner|loser alternates after them (P15).
  * In a match, the header of game k+1 is printed as soon as game k has
    ended (and the match goes on), even if the move list stops there.
  * max_plies counts every ply of a game, buy decisions included, and is
    checked after every ply (and before ply 0, so max_plies=0 ends each game
    at once).
  * Buy plies: `to_move` is the buyer on each of them; after the last one
    the starter moves (or the other player if the starter cannot, K2.5; if
    neither can, the game ends). The 8-seed rule is applied only after
    sowing moves.
  * A game whose nominal starter cannot move starts with the other player;
    the header's `starter` and next_starter=alternate use the nominal one.
  * End checks after a sowing move, in order: endless (end_game) ->
    8 or fewer seeds -> next mover / neither can move -> max_plies.
"""

import json
import random
import re
import sys

N = 6            # holes per row (K2.1)
HOLES = 2 * N    # canonical indices 0..11 (C0.2)
SEEDS = 4        # seeds per hole at the start of every game (K2.1, P14)
SOUTH, NORTH = 0, 1
NAMES = ("South", "North")

ENDLESS = "endless"     # outcome of a sowing that never ends (C0.7, P2)


def parse_options(pairs):
    """--option NAME=VALUE list -> dict. Raises ValueError on a bad option."""
    opts = {"endless_move": "forbid", "match": False,
            "remainder": "larger_owns", "buy": "choose",
            "next_starter": "alternate", "match_games": 50,
            "skip_origin": False, "max_plies": 10000}
    choices = {"endless_move": ("forbid", "end_game"),
               "remainder": ("larger_owns", "winner_owns"),
               "buy": ("choose", "nearest"),
               "next_starter": ("alternate", "loser", "winner")}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq:
            raise ValueError("option %r is not NAME=VALUE" % pair)
        if name in choices:
            if value not in choices[name]:
                raise ValueError("bad value for %s: %r" % (name, value))
            opts[name] = value
        elif name in ("match", "skip_origin"):
            if value not in ("true", "false"):
                raise ValueError("bad value for %s: %r" % (name, value))
            opts[name] = value == "true"
        elif name in ("max_plies", "match_games"):
            if not re.fullmatch(r"[0-9]+", value):
                raise ValueError("bad value for %s: %r" % (name, value))
            opts[name] = int(value)
            if name == "match_games" and opts[name] < 1:
                raise ValueError("match_games must be at least 1")
        else:
            raise ValueError("unknown option %r" % name)
    return opts


def sow_move(board, owners, mover, start, skip_origin):
    """K2.3 relay sowing of one move from hole `start` (which holds 2+).

    Returns ENDLESS if the move never ends (P2), else (board after the move,
    seeds captured by the mover). The input board is not changed.

    Lap: lift all seeds of hole h and sow them one per hole from h+1
    (C0.3); with skip_origin the lifted hole gets none (C0.4, P1: for a relay
    lap that is the relay hole). The last seed lands in `last`, c = its count:
      c == 1                      -> the move ends (the hole was empty);
      c == 4, owned by opponent   -> the mover captures the four, move ends;
      c == 4, owned by the mover  -> the move ends, nothing captured;
      otherwise                   -> relay: next lap lifts from `last`.
    Ownership (C0.6) decides, not the row. Fours made en passant stay.

    Endless detection (C0.7, P2): the state at the start of a lap is (board,
    hole lifted from, seeds in hand); the board before the lift determines
    the hand, so (board, hole) is the state. Sowing is deterministic, so the
    move is endless exactly when a lap-start state recurs. Brent's algorithm
    finds any recurrence exactly, with O(1) memory and no lap cap.
    """
    b = list(board)
    h = start
    saved_b, saved_h = list(b), h     # Brent: the remembered state
    power, lam = 1, 0
    while True:
        n = b[h]
        b[h] = 0
        pos = h
        while n:
            pos += 1
            if pos == HOLES:
                pos = 0
            if skip_origin and pos == h:
                continue                      # C0.4/P1
            b[pos] += 1
            n -= 1
        c = b[pos]
        if c == 1:
            return b, 0                       # K2.3: h was empty
        if c == 4:
            if owners[pos] != mover:
                b[pos] = 0                    # K2.3: opponent's four taken
                return b, 4
            return b, 0                       # K2.3: own four, no capture
        h = pos                               # K2.3: relay from pos+1
        lam += 1
        if h == saved_h and b == saved_b:
            return ENDLESS                    # P2: lap-start state recurred
        if lam == power:
            saved_b, saved_h = list(b), h
            power *= 2
            lam = 0


def score(board, owners, captured):
    """K2.6: captures plus the seeds in the holes each player owns."""
    s = list(captured)
    for h in range(HOLES):
        s[owners[h]] += board[h]
    return s


class Game:
    """One game of Adji Kui II.

    `owners[h]` is the owner of hole h for the whole game (C0.6, K2.9).
    `buyer`/`buys`: under buy=choose, the player who still has `buys` buy
    decisions to make before the first sowing move (K2.9, docs/record.md "Matches").
    `starter` makes the first sowing move (C0.1; K2.9 next_starter).
    `board` and `captured` may be given to start from a constructed
    position (used by the self-test).
    """

    def __init__(self, opts=None, board=None, owners=None, starter=SOUTH,
                 buyer=None, buys=0, captured=None):
        self.opts = opts or parse_options([])
        self.board = list(board) if board else [SEEDS] * HOLES     # K2.1
        self.owners = (list(owners) if owners
                       else [SOUTH] * N + [NORTH] * N)             # C0.6
        self.captured = list(captured) if captured else [0, 0]
        self.starter = starter
        self.buyer = buyer
        self.buys = buys if buyer is not None else 0
        self.ply = 0
        self.result = None        # dict once the game has ended
        self._sims = {}           # player -> {hole: outcome}, this position
        if self.buys:
            self.to_move = buyer  # docs/record.md "Matches": buys come first
        else:
            self._first_mover(starter)
        if self.result is None and self.ply >= self.opts["max_plies"]:
            self._end("max_plies reached", unfinished=True)        # C0.7

    # -- moves ---------------------------------------------------------
    def _first_mover(self, player):
        """The first sowing move goes to `player`, or to the other player
        if `player` cannot move (C0.5, K2.5); if neither can, the game ends
        (K2.5)."""
        if self.can_move(player):
            self.to_move = player
        elif self.can_move(1 - player):
            self.to_move = 1 - player
        else:
            self.to_move = player
            self._end("neither player can move")                   # K2.5

    def outcomes(self, player):
        """Outcome of sowing each candidate hole of `player` in the current
        position (K2.2: an owned hole holding 2 or more), cached per
        position."""
        sims = self._sims.get(player)
        if sims is None:
            sims = {}
            for h in range(HOLES):
                if self.owners[h] == player and self.board[h] >= 2:
                    sims[h] = sow_move(self.board, self.owners, player, h,
                                       self.opts["skip_origin"])
            self._sims[player] = sims
        return sims

    def sow_legal(self, player):
        """K2.2 holes, ascending; under endless_move=forbid an endless
        candidate is not legal (K2.4, P6)."""
        if self.opts["endless_move"] == "forbid":
            return sorted(h for h, o in self.outcomes(player).items()
                          if o is not ENDLESS)
        return [h for h in range(HOLES)
                if self.owners[h] == player and self.board[h] >= 2]

    def can_move(self, player):
        return bool(self.sow_legal(player))

    def buy_legal(self):
        """K2.9 buy=choose: every hole the opponent still owns (they are
        all in the opponent's row), as decision tokens in numeric order."""
        return ["buy:%d" % h for h in range(HOLES)
                if self.owners[h] == 1 - self.buyer]

    def legal(self):
        """Legal tokens of the player to move (docs/record.md: holes ascending,
        then decision tokens by name, then numeric value)."""
        if self.result is not None:
            return []
        if self.buys:
            return self.buy_legal()
        return self.sow_legal(self.to_move)

    def _end(self, reason, unfinished=False):
        s = score(self.board, self.owners, self.captured)         # K2.6
        if unfinished or s[0] == s[1]:
            winner = None        # P3: unfinished -> null; K2.6: draw
        else:
            winner = SOUTH if s[0] > s[1] else NORTH
        self.result = {"winner": winner, "score": s, "reason": reason,
                       "unfinished": unfinished}

    def totals(self):
        return score(self.board, self.owners, self.captured)

    def play(self, move):
        """Play one ply (an int hole or a 'buy:<h>' string). Returns its
        record dict (docs/record.md). Raises ValueError if it is not legal."""
        mover = self.to_move
        legal = self.legal()
        if move not in legal:
            raise ValueError(legal)
        if self.buys:
            return self._play_buy(mover, legal, move)
        sims = self._sims.get(mover)
        if sims is not None:
            outcome = sims[move]
        else:                   # end_game: only the move played is sown
            outcome = sow_move(self.board, self.owners, mover, move,
                               self.opts["skip_origin"])
        endless = outcome is ENDLESS
        if not endless:
            self.board, taken = outcome
            self.captured[mover] += taken
        # P5: an endless move leaves board and captures unchanged.
        self._sims = {}
        self.ply += 1
        rec = {"ply": self.ply - 1, "to_move": mover, "legal": legal,
               "move": move, "board": list(self.board),
               "captured": list(self.captured)}
        if endless:
            self._end("endless move")                 # K2.4 end_game, P5
        elif sum(self.board) <= 8:
            self._end("8 or fewer seeds on the board")       # K2.6, P6
        else:
            # K2.5/C0.5 (P6 order: after the 8-seed rule): the opponent if
            # they can move, else the mover again (automatic pass), else
            # the game ends.
            opp = 1 - mover
            if self.can_move(opp):
                self.to_move = opp
            elif self.can_move(mover):
                self.to_move = mover
            else:
                self._end("neither player can move")             # K2.5
        if self.result is None and self.ply >= self.opts["max_plies"]:
            self._end("max_plies reached", unfinished=True)      # C0.7, P3
        return rec

    def _play_buy(self, mover, legal, move):
        """K2.9 buy=choose: one hole changes owner, the board is unchanged
        (docs/record.md "Matches"). After the last buy the starter moves."""
        h = int(move.split(":")[1])
        self.owners[h] = mover
        self.buys -= 1
        self._sims = {}
        self.ply += 1
        rec = {"ply": self.ply - 1, "to_move": mover, "legal": legal,
               "move": move, "board": list(self.board),
               "captured": list(self.captured)}
        if not self.buys:
            self._first_mover(self.starter)
        if self.result is None and self.ply >= self.opts["max_plies"]:
            self._end("max_plies reached", unfinished=True)      # C0.7
        return rec


def larger_total(t):
    """READING: "the winner of the game just played" for K2.9 is the player
    with the larger total (None on 24-24)."""
    if t[0] == t[1]:
        return None
    return SOUTH if t[0] > t[1] else NORTH


def hole_counts(t, remainder):
    """K2.9/P14: holes each player owns for the next game, from totals t.
    floor(T/4) each; if the remainders add up to 4 one more hole goes to
    the larger remainder (ties: the winner) under larger_owns, to the winner
    under winner_owns. The counts always add up to 12."""
    count = [t[0] // 4, t[1] // 4]
    r = [t[0] % 4, t[1] % 4]
    if r[0] + r[1] == 4:
        win = larger_total(t)     # never None here: 24-24 has remainders 0
        if remainder == "winner_owns" or r[0] == r[1]:
            who = win
        else:
            who = SOUTH if r[0] > r[1] else NORTH
        count[who] += 1
    assert sum(count) == HOLES
    return count


def nearest_holes(buyer, k):
    """K2.9 buy=nearest: the opponent's holes in track order, starting with
    the one after the buyer's row: South buys 6,7,...; North buys 0,1,..."""
    first = N if buyer == SOUTH else 0
    return list(range(first, first + k))


def owners_for(count, buy):
    """Owners at the start of a game with hole counts `count` (P14): rows,
    then under buy=nearest the buyer's surplus taken from the other row.
    Returns (owners, buyer, buys): buys = decisions still to make
    (buy=choose), 0 under nearest or when nobody buys."""
    owners = [SOUTH] * N + [NORTH] * N
    for p in (SOUTH, NORTH):
        if count[p] > N:
            k = count[p] - N
            if buy == "nearest":
                for h in nearest_holes(p, k):
                    owners[h] = p
                return owners, None, 0
            return owners, p, k
    return owners, None, 0


class Session:
    """A single game (match=false) or a match (K2.7, K2.9) as a stream of
    record lines. `lines` collects the output not yet printed."""

    def __init__(self, opts):
        self.opts = opts
        self.lines = []
        self.over = False
        if not opts["match"]:
            self.game = Game(opts)
            self._after()
            return
        self.games = 0
        self._start_game(SOUTH, [N, N])     # first game: South starts

    def _start_game(self, starter, count):
        owners, buyer, buys = owners_for(count, self.opts["buy"])
        self.games += 1
        self.game = Game(self.opts, owners=owners, starter=starter,
                         buyer=buyer, buys=buys)
        self.lines.append({"game": self.games, "starter": starter,
                           "owners": list(owners),
                           "board": list(self.game.board)})
        self._after()

    def _after(self):
        """Emit the result line of an ended game, then the next game's
        header or the match result (eagerly, see READING in the docstring
        at the top)."""
        g = self.game
        if g.result is None:
            return
        self.lines.append({"result": g.result})
        if not self.opts["match"]:
            self.over = True
            return
        t = g.totals()
        count = hole_counts(t, self.opts["remainder"])
        for p in (SOUTH, NORTH):
            if count[p] == 0:        # K2.9: checked before the cap (P15)
                self._match_end(1 - p, count, False,
                                "%s owns no hole" % NAMES[p])
                return
        if self.games >= self.opts["match_games"]:
            self._match_end(None, count, True, "match_games reached")
            return
        # K2.9 next_starter; P15: winner/loser alternate after 24-24.
        win = larger_total(t)
        ns = self.opts["next_starter"]
        if ns == "winner" and win is not None:
            starter = win
        elif ns == "loser" and win is not None:
            starter = 1 - win
        else:
            starter = 1 - g.starter
        self._start_game(starter, count)

    def _match_end(self, winner, count, unfinished, reason):
        self.lines.append({"match_result": {
            "winner": winner, "games": self.games, "holes": list(count),
            "unfinished": unfinished, "reason": reason}})
        self.over = True

    def legal(self):
        return [] if self.over else self.game.legal()

    def play(self, move):
        self.lines.append(self.game.play(move))
        self._after()

    def take_lines(self):
        out, self.lines = self.lines, []
        return out


def dumps(obj):
    return json.dumps(obj, separators=(",", ":"))


def parse_token(tok):
    """docs/record.md "Move tokens": a hole index or a decision
    'buy:<index>'."""
    if re.fullmatch(r"[0-9]+", tok):
        return int(tok)
    m = re.fullmatch(r"buy:([0-9]+)", tok)
    if m:
        return "buy:%d" % int(m.group(1))
    return None


def replay(tokens, opts, out=sys.stdout):
    """Print the record of a move list. Returns the exit status."""
    sess = Session(opts)
    for i, tok in enumerate(tokens):
        for line in sess.take_lines():
            out.write(dumps(line) + "\n")
        legal = sess.legal()
        move = parse_token(tok)
        if move is None or move not in legal:
            out.flush()
            if sess.over:
                where = "after the end of the %s" % (
                    "match" if opts["match"] else "game")
            else:
                where = "at ply %d%s (player %d to move)" % (
                    sess.game.ply,
                    " of game %d" % sess.games if opts["match"] else "",
                    sess.game.to_move)
            sys.stderr.write("error: move %d %r is not legal %s; legal moves: "
                             "%s\n" % (i + 1, tok, where, dumps(legal)))
            return 1
        sess.play(move)
    # P13: a list stopping before the end prints what was reached only.
    for line in sess.take_lines():
        out.write(dumps(line) + "\n")
    return 0


def random_game(seed, opts):
    """Uniformly random legal tokens until the game (or match) ends."""
    rng = random.Random(seed)
    sess = Session(opts)
    moves = []
    while not sess.over:
        move = rng.choice(sess.legal())
        sess.play(move)
        sess.take_lines()
        moves.append(move)
    return moves


def main(argv):
    usage = ("usage: adji_kui_2.py replay --moves \"M ...\" [--option N=V]...\n"
             "       adji_kui_2.py random --seed S [--option N=V]...\n")
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
