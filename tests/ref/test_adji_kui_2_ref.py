#!/usr/bin/env python3
"""Self-test of the Adji Kui II reference (tests/ref/adji_kui_2.py).
Plain asserts; run with `python3 tests/ref/test_adji_kui_2_ref.py`.
Boards are listed in canonical order (C0.2): South 0..5, North 6..11."""

import io
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import adji_kui_2 as K  # noqa: E402

SCRIPT = os.path.join(HERE, "adji_kui_2.py")
ROWS = [0] * 6 + [1] * 6
DEFAULT = K.parse_options([])
END_GAME = K.parse_options(["endless_move=end_game"])


def run(*args):
    p = subprocess.run([sys.executable, SCRIPT] + list(args),
                       capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def records(*args):
    code, out, err = run(*args)
    assert code == 0, err
    return [json.loads(line) for line in out.splitlines()]


# ---------------------------------------------------------------- sowing

def test_first_move_relay():
    # K2.1: 4 seeds everywhere; K2.3 relay: 0 -> 1..4 (last 4 holds 5),
    # relay 4 -> 5..9 (9 holds 5), relay 9 -> 10,11,0,1,2 (2 holds 6),
    # relay 2 -> 3..8 (8 holds 6), relay 8 -> 9..2 (2 was empty: 1, end).
    recs = records("replay", "--moves", "0")
    assert recs == [{"ply": 0, "to_move": 0, "legal": [0, 1, 2, 3, 4, 5],
                     "move": 0, "board": [2, 7, 1, 6, 1, 6, 6, 6, 0, 1, 6, 6],
                     "captured": [0, 0]}]
    # Exact text: compact JSON, docs/record.md key order; P13: no result line.
    code, out, _ = run("replay", "--moves", "0")
    assert out == ('{"ply":0,"to_move":0,"legal":[0,1,2,3,4,5],"move":0,'
                   '"board":[2,7,1,6,1,6,6,6,0,1,6,6],"captured":[0,0]}\n')


def test_lap_end_c1_empty_hole():
    # K2.3 c = 1: 0 (2 seeds) -> 1, 2; hole 2 was empty: the move ends.
    g = K.Game(board=[2, 0, 0, 3, 3, 3, 3, 3, 3, 3, 3, 3])
    rec = g.play(0)
    assert rec["board"] == [0, 1, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3]
    assert rec["captured"] == [0, 0] and g.to_move == 1


def test_lap_end_c4_opponent_captured():
    # K2.3 c = 4 in the opponent's hole: 5 (3 seeds) -> 6, 7, 8; 8 holds 4
    # and is North's: South captures the four, the move ends.
    g = K.Game(board=[0, 0, 0, 2, 2, 3, 1, 2, 3, 2, 2, 2])
    rec = g.play(5)
    assert rec["board"] == [0, 0, 0, 2, 2, 0, 2, 3, 0, 2, 2, 2]
    assert rec["captured"] == [4, 0]


def test_lap_end_c4_own_no_capture():
    # K2.3 c = 4 in the mover's own hole: 0 (3) -> 1, 2, 3; 3 holds 4 and
    # is South's: the move ends, nothing captured, the four stays.
    g = K.Game(board=[3, 1, 1, 3, 0, 0, 2, 2, 2, 2, 2, 2])
    rec = g.play(0)
    assert rec["board"] == [0, 2, 2, 4, 0, 0, 2, 2, 2, 2, 2, 2]
    assert rec["captured"] == [0, 0]


def test_lap_end_relay():
    # K2.3 otherwise: 0 (2) -> 1, 2; 2 holds 3: lift the 3 and sow 3, 4, 5;
    # 5 was empty: end.
    g = K.Game(board=[2, 1, 2, 0, 0, 0, 2, 2, 2, 2, 2, 2])
    rec = g.play(0)
    assert rec["board"] == [0, 2, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2]
    assert rec["captured"] == [0, 0]


def test_relay_then_capture_north_wraps():
    # K2.3 for North across the 11 -> 0 seam: 10 (2) -> 11, 0; 0 holds 3:
    # relay 0 -> 1, 2, 3; 3 holds 4, South's: North captures it.
    g = K.Game(board=[2, 1, 1, 3, 2, 2, 2, 2, 2, 2, 2, 1], starter=1)
    assert g.to_move == 1
    rec = g.play(10)
    assert rec["board"] == [0, 2, 2, 0, 2, 2, 2, 2, 2, 2, 0, 2]
    assert rec["captured"] == [0, 4]


def test_en_passant_four_stays():
    # K2.3: 4 (3) -> 5, 6, 7: hole 6 (North's) becomes 4 en passant and
    # stays; the last seed is in 7 (was empty, c = 1): the move ends.
    g = K.Game(board=[2, 2, 2, 2, 3, 1, 3, 0, 2, 2, 2, 2])
    rec = g.play(4)
    assert rec["board"] == [2, 2, 2, 2, 0, 2, 4, 1, 2, 2, 2, 2]
    assert rec["captured"] == [0, 0]


def test_singletons_not_sown_and_pass():
    # K2.2: only owned holes with 2+ seeds are legal. K2.5/C0.5: after
    # South's move North holds only singletons, so South moves again (a pass
    # is not a ply).
    g = K.Game(board=[4, 3, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0])
    assert g.legal() == [0, 1]
    rec = g.play(1)                       # 2, 3, 4 were empty: c = 1
    assert rec["board"] == [4, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0]
    assert g.sow_legal(1) == [] and g.to_move == 0 and g.result is None
    assert g.ply == 1 and g.play(0)["ply"] == 1


def test_skip_origin():
    # C0.4/P1: a 12-seed lap from 0. Default: 0 gets the 12th seed (c = 1).
    b = [12, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2]
    g = K.Game(board=b)
    assert g.play(0)["board"] == [1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 3]
    # skip_origin: 0 gets none, the 12th seed goes to 1 (now 2): relay from
    # 1 -> 2, 3 (3 now 2): relay 3 -> 4, 5 (5 now 2): relay 5 -> 6 (4, en
    # passant), 7 (2): relay 7 -> 8, 9 (9 holds 2): relay 9 -> 10, 11 (11
    # holds 4, North's): South captures it.
    g = K.Game(K.parse_options(["skip_origin=true"]), board=b)
    rec = g.play(0)
    assert rec["board"] == [0, 0, 2, 0, 2, 0, 4, 0, 2, 0, 2, 0]
    assert rec["captured"] == [4, 0]


def test_skip_origin_relay_lap():
    # P1: for a relay lap, "the hole it started from" is the relay hole.
    # 1 (2) -> 2, 3; 3 holds 12: relay lifts 12 from 3 and sows 4..11, 0, 1,
    # 2 and (skipping 3) 4: hole 4 gets 2 seeds in all -> c = 2: relay from 4
    # -> 5 (3), 6 (2): relay 6 -> 7, 8 (2 each)... checked against a naive
    # seed-by-seed sower that skips the relay hole.
    b = [0, 2, 0, 11, 0, 1, 0, 0, 1, 0, 0, 0]
    out = K.sow_move(b, ROWS, 0, 1, True)
    assert out == naive_sow(b, ROWS, 0, 1, True)
    assert out != K.sow_move(b, ROWS, 0, 1, False)


# ------------------------------------------------------ ownership (K2.9)

def test_four_in_bought_hole():
    # K2.9/C0.6: South bought North's hole 6. North's last seed makes 4 in
    # it: it is North's opponent's hole, so North captures it.
    owners = [0] * 7 + [1] * 5
    g = K.Game(board=[1, 1, 1, 1, 1, 1, 3, 2, 2, 2, 2, 7], owners=owners,
               starter=1)
    assert g.legal() == [7, 8, 9, 10, 11]        # 6 is South's now
    rec = g.play(11)                             # 11 (7) -> 0..6
    assert rec["board"] == [2, 2, 2, 2, 2, 2, 0, 2, 2, 2, 2, 0]
    assert rec["captured"] == [0, 4]
    # South making 4 in its bought hole 6 captures nothing (own hole), and
    # South may sow from it.
    g = K.Game(board=[2, 2, 2, 2, 2, 0, 3, 2, 2, 2, 2, 2], owners=owners)
    assert g.legal() == [0, 1, 2, 3, 4, 6]
    rec = g.play(4)                              # 4 (2) -> 5, 6
    assert rec["board"] == [2, 2, 2, 2, 0, 1, 4, 2, 2, 2, 2, 2]
    assert rec["captured"] == [0, 0]
    # K2.6: its seeds go to its owner at the end.
    assert K.score(rec["board"], owners, [0, 0]) == [13, 10]


# ------------------------------------------------------- endless (P2, P5)

def naive_sow(board, owners, mover, start, skip):
    """A second, deliberately plain K2.3 sower: a set of lap-start states
    (board before the lift, hole) detects the recurrence of P2."""
    b = list(board)
    h = start
    seen = set()
    while True:
        state = (tuple(b), h)
        if state in seen:
            return K.ENDLESS
        seen.add(state)
        hand, b[h] = b[h], 0
        pos = h
        while hand > 0:
            pos = (pos + 1) % 12
            if skip and pos == h:
                continue
            b[pos] += 1
            hand -= 1
        if b[pos] == 1:
            return b, 0
        if b[pos] == 4:
            if owners[pos] != mover:
                b[pos] = 0
                return b, 4
            return b, 0
        h = pos


# Fixture found by searching random games (seed 17, ply 116): North's hole
# 10 cycles for ever (a 60-lap cycle); hole 6 ends.
ENDLESS_BOARD = [2, 1, 0, 2, 1, 0, 2, 1, 0, 1, 2, 0]
# A long one, found in random 48-seed boards (a 153564-lap cycle from the
# start state): North's hole 8.
LONG_BOARD = [3, 4, 1, 5, 4, 3, 4, 6, 5, 3, 5, 1]


def test_endless_detection_matches_naive():
    # P2: Brent's algorithm in sow_move agrees with a set of states.
    assert K.sow_move(ENDLESS_BOARD, ROWS, 1, 10, False) is K.ENDLESS
    assert naive_sow(ENDLESS_BOARD, ROWS, 1, 10, False) is K.ENDLESS
    assert K.sow_move(LONG_BOARD, ROWS, 1, 8, False) is K.ENDLESS
    rng = random.Random(7)
    endless = 0
    for _ in range(3000):
        b = [0] * 12
        for _ in range(rng.randint(9, 48)):
            b[rng.randrange(12)] += 1
        owners = [rng.randrange(2) for _ in range(12)]
        skip = rng.random() < 0.3
        for h in range(12):
            if b[h] >= 2:
                mover = owners[h]
                got = K.sow_move(b, owners, mover, h, skip)
                assert got == naive_sow(b, owners, mover, h, skip), (b, h)
                endless += got is K.ENDLESS
    assert endless > 0


def test_endless_forbid():
    # K2.4 forbid: the endless candidate 10 is not legal.
    g = K.Game(DEFAULT, board=ENDLESS_BOARD, starter=1)
    assert g.legal() == [6]
    try:
        g.play(10)
        assert False, "endless move accepted under forbid"
    except ValueError:
        pass
    rec = g.play(6)                       # 6 (2) -> 7, 8 (empty): end
    assert rec["board"] == [2, 1, 0, 2, 1, 0, 0, 2, 1, 1, 2, 0]


def test_endless_end_game():
    # K2.4 end_game / P5: the endless move is legal, recorded with the board
    # and captures unchanged, and ends the game, scored as K2.6 (6-6 here:
    # a draw), a rule ending (unfinished false).
    g = K.Game(END_GAME, board=ENDLESS_BOARD, starter=1, captured=[0, 0])
    assert g.legal() == [6, 10]
    rec = g.play(10)
    assert rec == {"ply": 0, "to_move": 1, "legal": [6, 10], "move": 10,
                   "board": ENDLESS_BOARD, "captured": [0, 0]}
    assert g.result == {"winner": None, "score": [6, 6],
                        "reason": "endless move", "unfinished": False}


# P6 fixture (found in a random game, seed 853): South plays 2; North's
# only candidate afterwards, hole 7, is endless.
PASS_BOARD = [0, 1, 4, 0, 2, 1, 0, 2, 0, 1, 0, 1]
PASS_CAPTURED = [8, 28]


def test_all_candidates_endless_pass():
    # P6 forbid: North has no legal move, so South moves again (C0.5).
    g = K.Game(DEFAULT, board=PASS_BOARD, captured=PASS_CAPTURED)
    rec = g.play(2)
    assert rec["board"] == [0, 1, 0, 1, 3, 2, 1, 2, 0, 1, 0, 1]
    assert g.outcomes(1) == {7: K.ENDLESS}
    assert g.sow_legal(1) == [] and g.to_move == 0 and g.result is None
    # end_game: hole 7 is legal, so North moves; playing it ends the game.
    g = K.Game(END_GAME, board=PASS_BOARD, captured=PASS_CAPTURED)
    g.play(2)
    assert g.to_move == 1 and g.legal() == [7]
    g.play(7)
    assert g.result["reason"] == "endless move"
    assert g.result["score"] == [8 + 7, 28 + 5] and g.result["winner"] == 1


# ------------------------------------------------------------ end (K2.6)

def test_eight_or_fewer_ends():
    # K2.6: 4 (2) -> 5, 6; 6 holds 4, North's: captured; 7 seeds remain.
    g = K.Game(board=[0, 0, 0, 0, 2, 0, 3, 1, 1, 1, 1, 2])
    g.play(4)
    assert sum(g.board) == 7
    assert g.result == {"winner": 1, "score": [5, 6],
                        "reason": "8 or fewer seeds on the board",
                        "unfinished": False}
    # Exactly 8 left ends it; 9 left does not.
    g = K.Game(board=[0, 0, 0, 0, 2, 0, 3, 1, 1, 1, 1, 3])
    g.play(4)
    assert sum(g.board) == 8 and g.result["score"] == [5, 7]
    g = K.Game(board=[0, 0, 0, 0, 2, 0, 3, 1, 1, 1, 1, 4])
    g.play(4)
    assert sum(g.board) == 9 and g.result is None and g.to_move == 1


def test_eight_before_neither_can_move():
    # P6: after the capture only singletons are left (nobody can move) and
    # 6 seeds: the reason is the 8-seed rule. 5-5 is a draw (K2.6).
    g = K.Game(board=[0, 0, 0, 0, 2, 0, 3, 1, 1, 1, 1, 1])
    g.play(4)
    assert g.result == {"winner": None, "score": [5, 5],
                        "reason": "8 or fewer seeds on the board",
                        "unfinished": False}


def test_neither_can_move():
    # K2.5: 11 seeds, all singletons after the move: the game ends.
    g = K.Game(board=[2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1], captured=[20, 17])
    g.play(0)
    assert g.result == {"winner": 0, "score": [25, 23],
                        "reason": "neither player can move",
                        "unfinished": False}


def test_max_plies_and_record_errors():
    # C0.7/P3: winner null although 23 != 25.
    recs = records("replay", "--moves", "0", "--option", "max_plies=1")
    assert recs[-1] == {"result": {"winner": None, "score": [23, 25],
                                   "reason": "max_plies reached",
                                   "unfinished": True}}
    # P13: no result line when the list stops early.
    code, out, _ = run("replay", "--moves", "0 6")
    assert code == 0 and len(out.splitlines()) == 2 and "result" not in out
    # docs/record.md "Errors": preceding lines printed, exit 1, legal moves
    # named.
    code, out, err = run("replay", "--moves", "0 1")
    assert code == 1 and len(out.splitlines()) == 1
    assert "ply 1" in err and "'1'" in err and "[6,7,10,11]" in err
    code, out, err = run("replay", "--moves", "0 buy:6")
    assert code == 1 and "buy:6" in err
    code, out, err = run("replay", "--moves", "0 6", "--option", "max_plies=1")
    assert code == 1 and out.splitlines()[-1].startswith('{"result"')
    assert "after the end of the game" in err
    code, _, err = run("replay", "--moves", "0", "--option", "bogus=1")
    assert code == 2


# --------------------------------------------------------- match (K2.9)

def rebuild(t, remainder, buy):
    count = K.hole_counts(t, remainder)
    return count, K.owners_for(count, buy)


def test_match_rebuilds():
    # K2.9/P14, for both `remainder` and both `buy` values.
    S, N = 0, 1
    for rem in ("larger_owns", "winner_owns"):
        # 24/24: 6 each, remainders 0: no buy.
        assert rebuild([24, 24], rem, "choose") == (
            [6, 6], (ROWS, None, 0))
        assert rebuild([24, 24], rem, "nearest") == (
            [6, 6], (ROWS, None, 0))
        # 27/21: 6 r3 / 5 r1 -> the remainder hole is South's (larger
        # remainder, and South won): South 7, buys one (the remainder hole).
        assert rebuild([27, 21], rem, "choose") == ([7, 5], (ROWS, S, 1))
        assert rebuild([27, 21], rem, "nearest") == (
            [7, 5], ([S] * 7 + [N] * 5, None, 0))
        # 30/18: 7 r2 / 4 r2 -> equal remainders: the winner (South): 8/4.
        assert rebuild([30, 18], rem, "choose") == ([8, 4], (ROWS, S, 2))
        assert rebuild([30, 18], rem, "nearest") == (
            [8, 4], ([S] * 8 + [N] * 4, None, 0))
        # 44/4: 11 / 1, no remainder: South buys 5, North keeps 11.
        assert rebuild([44, 4], rem, "choose") == ([11, 1], (ROWS, S, 5))
        assert rebuild([44, 4], rem, "nearest") == (
            [11, 1], ([S] * 11 + [N], None, 0))
        # 47/1: 11 r3 / 0 r1 -> South (larger remainder, and winner): 12/0.
        assert K.hole_counts([47, 1], rem) == [12, 0]
        # North's side: 18/30 -> North 8, buys 0 and 1 under nearest.
        assert rebuild([18, 30], rem, "choose") == ([4, 8], (ROWS, N, 2))
        assert rebuild([18, 30], rem, "nearest") == (
            [4, 8], ([N, N] + [S] * 4 + [N] * 6, None, 0))
    # 45/3: 11 r1 / 0 r3. larger_owns: North's remainder is larger, North
    # gets the remainder hole: 11/1 (South buys 5). winner_owns: South won:
    # 12/0.
    assert rebuild([45, 3], "larger_owns", "choose") == ([11, 1],
                                                         (ROWS, S, 5))
    assert rebuild([45, 3], "larger_owns", "nearest") == (
        [11, 1], ([S] * 11 + [N], None, 0))
    assert K.hole_counts([45, 3], "winner_owns") == [12, 0]
    # 25/23: 6 r1 / 5 r3 -> larger_owns: North 6/6; winner_owns: South 7/5.
    assert K.hole_counts([25, 23], "larger_owns") == [6, 6]
    assert K.hole_counts([25, 23], "winner_owns") == [7, 5]
    # 22/26: 5 r2 / 6 r2 -> equal remainders: North (the winner) 5/7.
    assert K.hole_counts([22, 26], "larger_owns") == [5, 7]


def match_session(options, board, owners, captured, starter=0):
    """A match whose first game is replaced by a constructed position."""
    sess = K.Session(K.parse_options(["match=true"] + options))
    sess.take_lines()
    sess.game = K.Game(sess.opts, board=board, owners=owners,
                       captured=captured, starter=starter)
    return sess


# South to move; 4 (2) -> 5, 6: 6 holds 4 (North's) and is captured, 5
# seeds stay (K2.6 end): South 39 + 4 + 2 = 45, North 3.
END_45_3 = ([0, 0, 0, 0, 2, 1, 3, 1, 1, 1, 0, 0], [39, 0])


def test_match_ends_when_a_player_owns_no_hole():
    # K2.9 winner_owns: 45/3 -> South 12, North 0: the match ends at once
    # (checked before the match_games cap, P15).
    sess = match_session(["remainder=winner_owns", "match_games=1"],
                         END_45_3[0], ROWS, END_45_3[1])
    sess.play(4)
    lines = sess.take_lines()
    assert lines[-2] == {"result": {"winner": 0, "score": [45, 3],
                                    "reason": "8 or fewer seeds on the board",
                                    "unfinished": False}}
    assert lines[-1] == {"match_result": {
        "winner": 0, "games": 1, "holes": [12, 0], "unfinished": False,
        "reason": "North owns no hole"}}
    assert sess.over and sess.legal() == []


def test_match_buy_choose_plies():
    # K2.9 larger_owns: 45/3 -> South 11, North 1: game 2, North starts
    # (alternate). buy=choose: the header shows the rows; South (the buyer)
    # makes 5 buy decisions as plies 0..4, board unchanged; then North, the
    # starter, moves from the one hole left to it.
    sess = match_session([], END_45_3[0], ROWS, END_45_3[1])
    sess.play(4)
    lines = sess.take_lines()
    assert lines[-1] == {"game": 2, "starter": 1, "owners": ROWS,
                         "board": [4] * 12}
    assert sess.legal() == ["buy:6", "buy:7", "buy:8", "buy:9", "buy:10",
                            "buy:11"]
    for i, tok in enumerate(["buy:11", "buy:6", "buy:9", "buy:7", "buy:10"]):
        assert sess.game.to_move == 0
        sess.play(tok)
        rec = sess.take_lines()[0]
        assert rec["ply"] == i and rec["to_move"] == 0 and rec["move"] == tok
        assert rec["board"] == [4] * 12 and rec["captured"] == [0, 0]
    assert rec["legal"] == ["buy:8", "buy:10"]
    assert sess.game.owners == [0] * 8 + [1] + [0] * 3
    assert sess.game.to_move == 1 and sess.legal() == [8]


def test_match_buy_nearest_header():
    # buy=nearest: South's 5 purchases are 6..10, applied before the game
    # and shown in the header; North starts at once from hole 11.
    sess = match_session(["buy=nearest"], END_45_3[0], ROWS, END_45_3[1])
    sess.play(4)
    assert sess.take_lines()[-1] == {"game": 2, "starter": 1,
                                     "owners": [0] * 11 + [1],
                                     "board": [4] * 12}
    assert sess.legal() == [11]


def test_next_starter():
    # K2.9/P15: winner, loser; after a 24-24 draw both fall back to
    # alternating (game 1 was started by South).
    cases = [("winner", END_45_3, 0), ("loser", END_45_3, 1),
             ("alternate", END_45_3, 1)]
    # 24-24: 4 (2) -> 5, 6: capture; 5 seeds left; 21 + 2 + 1 = 24 each.
    draw = ([0, 0, 0, 0, 2, 1, 3, 1, 1, 1, 0, 0], [18, 21])
    cases += [("winner", draw, 1), ("loser", draw, 1)]
    for ns, (board, cap), starter in cases:
        sess = match_session(["next_starter=" + ns], board, ROWS, cap)
        sess.play(4)
        lines = sess.take_lines()
        assert lines[-1]["starter"] == starter, (ns, lines)
    assert lines[-2]["result"]["winner"] is None
    assert lines[-2]["result"]["score"] == [24, 24]


def test_match_replay_unfinished_games_feed_totals():
    # P15: a game ended by max_plies feeds its totals. Game 1: South plays
    # 0 (board as in test_first_move_relay): totals 23/25, winner null.
    # remainder=winner_owns: remainders 3 + 1 = 4 -> READING: the player
    # with the larger total (North) is "the winner of the game just
    # played": North 7, South 5. buy=nearest: North takes hole 0. Game 2,
    # North starts (alternate) and sows its bought hole 0: the same relay,
    # no capture; totals 21/27 -> North 7 again; match_games=2 reached.
    recs = records("replay", "--moves", "0 0", "--option", "match=true",
                   "--option", "max_plies=1", "--option", "buy=nearest",
                   "--option", "remainder=winner_owns",
                   "--option", "match_games=2")
    board = [2, 7, 1, 6, 1, 6, 6, 6, 0, 1, 6, 6]
    assert recs == [
        {"game": 1, "starter": 0, "owners": ROWS, "board": [4] * 12},
        {"ply": 0, "to_move": 0, "legal": [0, 1, 2, 3, 4, 5], "move": 0,
         "board": board, "captured": [0, 0]},
        {"result": {"winner": None, "score": [23, 25],
                    "reason": "max_plies reached", "unfinished": True}},
        {"game": 2, "starter": 1, "owners": [1] + [0] * 5 + [1] * 6,
         "board": [4] * 12},
        {"ply": 0, "to_move": 1, "legal": [0, 6, 7, 8, 9, 10, 11],
         "move": 0, "board": board, "captured": [0, 0]},
        {"result": {"winner": None, "score": [21, 27],
                    "reason": "max_plies reached", "unfinished": True}},
        {"match_result": {"winner": None, "games": 2, "holes": [5, 7],
                          "unfinished": True,
                          "reason": "match_games reached"}}]
    # larger_owns: 23/25 -> South's remainder 3 is larger: 6/6.
    recs = records("replay", "--moves", "0", "--option", "match=true",
                   "--option", "max_plies=1", "--option", "match_games=1")
    assert recs[-1]["match_result"]["holes"] == [6, 6]


def test_match_record_shape_and_errors():
    # docs/record.md "Matches": the header before each game, ply from 0 in
    # every
    # game, result lines, match_result last; random matches replay.
    opts = ["--option", "match=true", "--option", "match_games=3"]
    code, moves, _ = run("random", "--seed", "4", *opts)
    assert code == 0
    recs = records("replay", "--moves", moves.strip(), *opts)
    assert recs[0] == {"game": 1, "starter": 0, "owners": ROWS,
                       "board": [4] * 12}
    heads = [r for r in recs if "game" in r]
    assert [h["game"] for h in heads] == [1, 2, 3]
    assert [h["starter"] for h in heads] == [0, 1, 0]
    assert "match_result" in recs[-1] and recs[-1]["match_result"]["games"] == 3
    for i, r in enumerate(recs):
        if "game" in r:
            assert recs[i + 1]["ply"] == 0
            assert list(r) == ["game", "starter", "owners", "board"]
        if "ply" in r:
            assert list(r) == ["ply", "to_move", "legal", "move", "board",
                               "captured"]
    # Nothing after the end of the match is accepted.
    code, out, err = run("replay", "--moves", moves.strip() + " 0", *opts)
    assert code == 1 and "after the end of the match" in err
    assert out.splitlines()[-1].startswith('{"match_result"')
    # P13: stopping mid-game prints only what was reached.
    first = moves.split()[:3]
    code, out, _ = run("replay", "--moves", " ".join(first), *opts)
    assert code == 0 and len(out.splitlines()) == 4


def test_random_games_conserve_seeds():
    # K2.1: 48 seeds on the board or captured at every ply, any options.
    for seed, extra in [(1, []), (2, ["skip_origin=true"]),
                        (3, ["endless_move=end_game"]),
                        (4, ["match=true", "match_games=3"]),
                        (5, ["match=true", "buy=nearest", "match_games=3"])]:
        sess = K.Session(K.parse_options(extra))
        rng = random.Random(seed)
        while not sess.over:
            sess.play(rng.choice(sess.legal()))
            for line in sess.take_lines():
                if "ply" in line:
                    assert sum(line["board"]) + sum(line["captured"]) == 48
                if "result" in line:
                    assert sum(line["result"]["score"]) == 48


def test_replay_stdout_matches_cli():
    # replay() in-process and the CLI agree (the cross-check uses the CLI).
    opts = K.parse_options(["match=true", "match_games=2"])
    moves = [str(m) for m in K.random_game(9, opts)]
    buf = io.StringIO()
    assert K.replay(moves, opts, buf) == 0
    code, out, _ = run("replay", "--moves", " ".join(moves),
                       "--option", "match=true", "--option", "match_games=2")
    assert code == 0 and out == buf.getvalue()


if __name__ == "__main__":
    tests = [f for n, f in sorted(globals().items()) if n.startswith("test_")]
    for t in tests:
        t()
    print("test_adji_kui_2_ref: %d tests passed" % len(tests))
