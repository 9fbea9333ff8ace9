#!/usr/bin/env python3
"""Self-test of the Adji Kui I reference (tests/ref/adji_kui_1.py).
Plain asserts; run with `python3 tests/ref/test_adji_kui_1_ref.py`.
Boards are listed in canonical order (C0.2): South 0..5, North 6..11."""

import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import adji_kui_1 as A  # noqa: E402

SCRIPT = os.path.join(HERE, "adji_kui_1.py")
DEFAULT = A.parse_options([])


def run(*args):
    p = subprocess.run([sys.executable, SCRIPT] + list(args),
                       capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def test_initial_position():
    # K1.1: 4 seeds in each of 12 holes; C0.1: South first;
    # K1.2: every hole holds >= 2, so all own holes are legal.
    g = A.Game()
    assert g.board == [4] * 12 and g.to_move == 0
    assert g.legal(0) == [0, 1, 2, 3, 4, 5]
    assert g.legal(1) == [6, 7, 8, 9, 10, 11]
    # docs/record.md's first example line: sow hole 2 (K1.4, single lap).
    code, out, _ = run("replay", "--moves", "2")
    assert code == 0
    assert out == ('{"ply":0,"to_move":0,"legal":[0,1,2,3,4,5],"move":2,'
                   '"board":[4,4,0,5,5,5,5,4,4,4,4,4],"captured":[0,0]}\n')


def test_capture_chain_south():
    # K1.5: South sows hole 4 (4 seeds) into 5,6,7,8 -> 2,2,3,2.
    # Last seed in 8 (North's, 2): taken; back to 7 (3) and 6 (2): taken;
    # 5 holds 2 but is South's own row: the chain stops there.
    g = A.Game(board=[0, 0, 0, 0, 4, 1, 1, 2, 1, 0, 0, 0])
    rec = g.play(4)
    assert rec["board"] == [0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0]
    assert rec["captured"] == [7, 0]
    # K1.3/C0.5/P4: North has no legal move, so South moves again (a pass).
    assert g.to_move == 0 and g.result is None


def test_capture_chain_broken():
    # K1.5: 6 becomes 1 (not 2 or 3), so the chain takes 8 and 7 only.
    g = A.Game(board=[0, 0, 0, 0, 4, 0, 0, 2, 1, 5, 0, 0])
    rec = g.play(4)
    assert rec["board"] == [0, 0, 0, 0, 0, 1, 1, 0, 0, 5, 0, 0]
    assert rec["captured"] == [5, 0]


def test_capture_chain_north():
    # K1.5 for North: hole 10 (4 seeds) -> 11,0,1,2 = 2,3,2,2.
    # 2,1,0 are South's and taken; going back from 0 reaches 11, North's own
    # (holding 2): the chain stops, it never wraps.
    g = A.Game(board=[2, 1, 1, 0, 0, 3, 0, 0, 0, 0, 4, 1], to_move=1)
    rec = g.play(10)
    assert rec["board"] == [0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 2]
    assert rec["captured"] == [0, 7]
    assert g.to_move == 0


def test_no_capture_cases():
    # K1.5: a last seed in the mover's own hole captures nothing, and a last
    # seed making 4 in an opponent's hole captures nothing (no chain either).
    g = A.Game(board=[3, 1, 1, 0, 0, 0, 2, 2, 2, 2, 2, 2])
    g.play(0)                                   # last seed in 3 (own)
    assert g.captured == [0, 0]
    g = A.Game(board=[0, 0, 0, 0, 0, 3, 2, 2, 3, 0, 0, 0])
    rec = g.play(5)                             # 6,7,8 -> 3,3,4
    assert rec["board"] == [0, 0, 0, 0, 0, 0, 3, 3, 4, 0, 0, 0]
    assert rec["captured"] == [0, 0]


def test_pass_and_end():
    # K1.3/C0.5: after South sows hole 0, North holds only a singleton and
    # cannot move; South moves again (ply 1 has to_move 0).
    # K1.7(a): after South sows 5 nobody can move; K1.8 scores own holes +
    # captures: South 1+1 = 2, North 1+1+1+1 = 4, North wins.
    g = A.Game(board=[2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 1])
    r0 = g.play(0)
    assert r0["board"] == [0, 1, 1, 0, 0, 3, 0, 0, 0, 0, 0, 1]
    assert g.to_move == 0 and g.result is None
    r1 = g.play(5)
    assert r1["ply"] == 1 and r1["to_move"] == 0 and r1["legal"] == [5]
    assert g.result == {"winner": 1, "score": [2, 4],
                        "reason": "neither player can move",
                        "unfinished": False}


def test_skip_origin():
    # C0.4/P1: 12 seeds from hole 0. Default: hole 0 gets the 12th seed.
    b = [12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]
    g = A.Game(board=b)
    g.play(0)
    assert g.board == [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3]
    # skip_origin=true: hole 0 is skipped, the 12th seed goes to hole 1.
    g = A.Game(A.parse_options(["skip_origin=true"]), board=b)
    g.play(0)
    assert g.board == [0, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3]


def test_max_plies_and_partial_lists():
    # C0.7/P3: unfinished -> winner null even though 23 != 25 (K1.8 score).
    code, out, _ = run("replay", "--moves", "2", "--option", "max_plies=1")
    assert code == 0
    assert out.splitlines()[-1] == ('{"result":{"winner":null,"score":[23,25],'
                                    '"reason":"max_plies reached",'
                                    '"unfinished":true}}')
    # P13: a list stopping before the end prints ply lines only, exit 0.
    code, out, _ = run("replay", "--moves", "2 8")
    assert code == 0 and len(out.splitlines()) == 2 and "result" not in out
    # docs/record.md "Errors": an illegal token prints the plies before it,
    # exit 1.
    code, out, err = run("replay", "--moves", "2 3")     # 3 is South's hole
    assert code == 1 and len(out.splitlines()) == 1 and "legal" in err
    # Nothing after a finished game is accepted.
    code, out, err = run("replay", "--moves", "2 8", "--option", "max_plies=1")
    assert code == 1 and out.splitlines()[-1].startswith('{"result"')


def test_no_capture_plies():
    # K1.7 no_capture_plies:K: the game ends after K plies without capture.
    opts = A.parse_options(["endless=no_capture_plies:1"])
    g = A.Game(opts)
    g.play(2)
    assert g.result["reason"] == "1 plies without a capture"
    # A rule ending, not unfinished: K1.8 decides (South 23, North 25).
    assert g.result["winner"] == 1 and g.result["score"] == [23, 25]
    assert g.result["unfinished"] is False


def test_repetition_matches_independent_history():
    # K1.7 repetition/P4: the game ends right after the first move whose
    # position (board, next mover) occurred before, initial position
    # included. Replay repeated games with a limit that never triggers and
    # track positions here, independently of the Game's own history.
    found = 0
    for seed in range(1, 300):
        moves = A.random_game(seed, DEFAULT)
        g = A.Game(DEFAULT)
        for m in moves:
            g.play(m)
        if g.result["reason"] != "position repeated":
            continue
        found += 1
        free = A.Game(A.parse_options(["endless=no_capture_plies:100000"]))
        seen = [(tuple(free.board), free.to_move)]
        for i, m in enumerate(moves):
            free.play(m)
            pos = (tuple(free.board), free.to_move)
            assert (pos in seen) == (i == len(moves) - 1), (seed, i)
            seen.append(pos)
    assert found > 0


def test_random_games_conserve_seeds():
    # K1.1: 48 seeds are on the board or captured at every ply.
    for seed in range(1, 50):
        rng = random.Random(seed)
        g = A.Game(A.parse_options(["skip_origin=true"]))
        while g.result is None:
            g.play(rng.choice(g.legal(g.to_move)))
            assert sum(g.board) + sum(g.captured) == 48


if __name__ == "__main__":
    tests = [f for n, f in sorted(globals().items()) if n.startswith("test_")]
    for t in tests:
        t()
    print("test_adji_kui_1_ref: %d tests passed" % len(tests))
