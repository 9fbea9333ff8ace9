#!/usr/bin/env python3
"""Self-test of the Adji-Boto reference (tests/ref/adji_boto.py).
Plain asserts; run with `python3 tests/ref/test_adji_boto_ref.py`.
Boards are listed in canonical order (C0.2): South 0..4, North 5..9.
Constructed positions start after the opening (ply=10, B.3) and put the
seeds not on the board into the stores, so that 100 seeds (B.1) are kept."""

import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import adji_boto as B  # noqa: E402

SCRIPT = os.path.join(HERE, "adji_boto.py")
SKIP_EMPTY = B.parse_options(["empty_in_chain=skip"])
SKIP_ORIGIN = B.parse_options(["skip_origin=true"])


def run(*args):
    p = subprocess.run([sys.executable, SCRIPT] + list(args),
                       capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def lines(out):
    return [json.loads(x) for x in out.splitlines()]


def pos(board, opts=None, to_move=0, south_store=None):
    """A position after the opening; the stores hold the other seeds."""
    rest = 100 - sum(board)
    s0 = rest // 2 if south_store is None else south_store
    return B.Game(opts, board=board, stores=[s0, rest - s0],
                  to_move=to_move, ply=10)


def test_initial_position():
    # B.1: 10 seeds in each of 10 holes, stores empty; C0.1: South first.
    g = B.Game()
    assert g.board == [10] * 10 and g.captured == [0, 0] and g.to_move == 0
    assert g.legal(0) == [0, 1, 2, 3, 4] and g.legal(1) == [5, 6, 7, 8, 9]
    # B.2: hole 2 keeps 1 seed, 9 are sown into 3..9, 0, 1 (single lap).
    code, out, _ = run("replay", "--moves", "2")
    assert code == 0
    assert out == ('{"ply":0,"to_move":0,"legal":[0,1,2,3,4],"move":2,'
                   '"board":[11,11,1,11,11,11,11,11,11,11],'
                   '"captured":[0,0]}\n')


def test_leave_one_lap_round_the_board():
    # B.2: hole 2 holds 12: 1 stays, 11 are sown: 3..9, 0, 1, then the lap
    # comes round. C0.4 default: the origin receives the 10th seed, the
    # 11th lands in 3 (h=3; B.4: 4 then holds 4, even: no capture).
    b = [3, 3, 12, 3, 3, 3, 3, 3, 3, 3]
    g = pos(b)
    assert g.sow(2) == 3
    assert g.board == [4, 4, 2, 5, 4, 4, 4, 4, 4, 4]
    g = pos(b)
    rec = g.play(2)
    assert rec["board"] == [4, 4, 2, 5, 4, 4, 4, 4, 4, 4]
    assert rec["captured"] == g.captured and sum(rec["board"]) == 39
    # C0.4/P1 skip_origin=true: the origin keeps its 1, seeds 10 and 11 go
    # to 3 and 4 (h=4; 5 holds 4: no capture).
    g = pos(b, SKIP_ORIGIN)
    rec = g.play(2)
    assert rec["board"] == [4, 4, 1, 5, 5, 4, 4, 4, 4, 4]
    # READING (C0.4): a hole of 11 sows 10 seeds; the 10th reaches the
    # origin already, so skip_origin moves it on to the next hole.
    b = [2, 2, 2, 2, 11, 2, 2, 2, 2, 2]
    g = pos(b)
    assert g.sow(4) == 4 and g.board == [3, 3, 3, 3, 2, 3, 3, 3, 3, 3]
    g = pos(b, SKIP_ORIGIN)
    assert g.sow(4) == 5 and g.board == [3, 3, 3, 3, 1, 4, 3, 3, 3, 3]
    # A hole of 21 (20 sown): two passes by the origin, both skipped.
    g = pos([21, 0, 0, 0, 0, 0, 0, 0, 0, 0], SKIP_ORIGIN)
    assert g.sow(0) == 2 and g.board == [1, 3, 3, 2, 2, 2, 2, 2, 2, 2]
    g = pos([21, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    assert g.sow(0) == 0 and g.board == [3, 2, 2, 2, 2, 2, 2, 2, 2, 2]


def test_opening_cycle():
    # B.3 over many random games: plies 0..9 alternate South, North; the
    # legal moves are the player's holes not yet played in the opening (all
    # holding >= 10, so never a pass); each player plays each hole once.
    for seed in range(1, 60):
        rng = random.Random(seed)
        g = B.Game()
        played = [[], []]
        for ply in range(10):
            p = ply % 2
            assert g.to_move == p
            unplayed = [h for h in B.row(p) if h not in played[p]]
            assert g.legal(p) == unplayed
            assert all(g.board[h] >= 10 for h in unplayed)
            m = rng.choice(g.legal(p))
            rec = g.play(m)
            played[p].append(m)
            assert rec["captured"] == [0, 0]          # B.3: no captures
        assert sorted(played[0]) == [0, 1, 2, 3, 4]
        assert sorted(played[1]) == [5, 6, 7, 8, 9]
        # After the opening every own hole holding 2+ is legal again (B.2).
        assert g.legal(g.to_move) == [h for h in B.row(g.to_move)
                                      if g.board[h] >= 2]
    # B.3 via the CLI: replaying a hole in the opening is illegal.
    code, out, err = run("replay", "--moves", "0 5 0")
    assert code == 1 and len(out.splitlines()) == 2
    assert "ply 2" in err and "'0'" in err and "[1,2,3,4]" in err


def would_capture(board, h):
    """Seeds B.4 (empty_in_chain=break) would take with the last seed in h."""
    g = pos(board)
    return g.capture(0, h)


def test_opening_move_does_not_capture():
    # B.3: South opens with 0: 9 seeds into 1..9, last in 9; the next hole,
    # 0, holds the 1 seed left there (B.2): B.4 would take it, but no
    # captures are made in the first 10 moves.
    g = B.Game()
    last = g.sow(0)
    assert last == 9 and g.board == [1] + [11] * 9
    assert would_capture(g.board, last) == 1
    code, out, _ = run("replay", "--moves", "0")
    rec = lines(out)[0]
    assert rec["board"] == [1] + [11] * 9 and rec["captured"] == [0, 0]
    # The 10th move (ply 9) is still in the opening. After
    # 0 9 1 6 3 7 4 5 2 the board is [13,11,3,8,5,4,11,8,24,13]; North
    # plays 8: 1 stays, 23 seeds go round twice (+2 everywhere, the origin
    # included, C0.4) and on into 9, 0, 1: last seed in 1; hole 2 then
    # holds 5, which B.4 would take, but B.3 forbids it.
    code, out, _ = run("replay", "--moves", "0 9 1 6 3 7 4 5 2 8")
    recs = lines(out)
    assert code == 0 and len(recs) == 10
    assert recs[8]["board"] == [13, 11, 3, 8, 5, 4, 11, 8, 24, 13]
    assert recs[9]["to_move"] == 1 and recs[9]["legal"] == [8]
    assert recs[9]["board"] == [16, 14, 5, 10, 7, 6, 13, 10, 3, 16]
    assert recs[9]["captured"] == [0, 0]
    assert would_capture(recs[9]["board"], 1) == 5
    # Over many random openings: find plies whose B.4 chain would take
    # 2 or more seeds and check that nothing is taken.
    found = 0
    for seed in range(1, 400):
        rng = random.Random(seed)
        g = B.Game()
        for ply in range(10):
            m = rng.choice(g.legal(g.to_move))
            probe = pos(g.board)           # same board, stores 0
            before = list(g.board)
            last = probe.sow(m)
            chain = would_capture(probe.board, last)
            rec = g.play(m)
            assert rec["captured"] == [0, 0]
            assert rec["board"] == probe.board       # sown, nothing taken
            assert sum(rec["board"]) == 100 and before != rec["board"]
            if chain >= 2:
                found += 1
    assert found > 0


def test_eleventh_move_captures():
    # B.4 "from move 11 on": ply index 10. Opening 1 9 2 7 4 6 0 5 3 8 gives
    # [9,15,13,5,10,6,10,13,3,16]; South plays 4: 1 stays, 9 seeds go to
    # 5..9, 0..3: [10,16,14,6,1,7,11,14,4,17], last seed in 3 (h=3).
    # h+1 = 4 holds 1 (the origin's seed, P7): taken; 5 holds 7: stop (P7).
    moves = "1 9 2 7 4 6 0 5 3 8 4"
    code, out, _ = run("replay", "--moves", moves)
    assert code == 0
    recs = lines(out)
    assert len(recs) == 11 and all("ply" in r for r in recs)
    assert recs[9]["board"] == [9, 15, 13, 5, 10, 6, 10, 13, 3, 16]
    assert recs[9]["captured"] == [0, 0]
    assert recs[10]["ply"] == 10 and recs[10]["to_move"] == 0
    assert recs[10]["legal"] == [0, 1, 2, 3, 4]
    assert recs[10]["board"] == [10, 16, 14, 6, 0, 7, 11, 14, 4, 17]
    assert recs[10]["captured"] == [1, 0]


def test_chain_through_both_rows_stopped_by_two():
    # B.4/P7: South plays 1 (3 seeds: 1 stays, 2 into 2, 3), h=3.
    # 4 (1, South's own), 5 (3) and 6 (5, North's) are taken; 7 holds 2
    # (even, > 0): the chain stops; 8 (1) is not taken.
    g = pos([2, 3, 0, 0, 1, 3, 5, 2, 1, 4])
    rec = g.play(1)
    assert rec["board"] == [2, 1, 1, 1, 0, 0, 0, 2, 1, 4]
    assert rec["captured"] == [g.captured[0], g.captured[1]]
    assert g.captured[0] - (100 - 21) // 2 == 9
    assert g.to_move == 1
    # North, across 9 -> 0: plays 6 (3 seeds: 7, 8), h=8; 9 (North's own,
    # 3), 0 (1) and 1 (5) are taken; 2 holds 4: stop.
    g = pos([1, 5, 4, 1, 0, 0, 3, 2, 0, 3], to_move=1, south_store=40)
    rec = g.play(6)
    assert rec["board"] == [0, 0, 4, 1, 0, 0, 1, 3, 1, 0]
    assert rec["captured"] == [40, 41 + 9]


def test_chain_stopped_by_seven():
    # P7: counts over 5 stop the chain even when odd: h+1 holds 3 (taken),
    # h+2 holds 7 (stop), h+3 holds 1 (not taken).
    g = pos([0, 2, 0, 3, 7, 1, 2, 2, 2, 2])
    rec = g.play(1)                       # 1 stays, 1 seed into 2: h=2
    assert rec["board"] == [0, 1, 1, 0, 7, 1, 2, 2, 2, 2]
    assert g.captured[0] == (100 - 21) // 2 + 3
    # 9 seeds (odd, over 5) stop it just the same.
    g = pos([0, 2, 0, 9, 1, 1, 2, 2, 2, 2])
    rec = g.play(1)
    assert rec["board"] == [0, 1, 1, 9, 1, 1, 2, 2, 2, 2]
    assert g.captured[0] == (100 - 21) // 2


def test_chain_and_empty_hole():
    # B.4 empty_in_chain: last seed in 2; 3 holds 1, 4 is empty, 5 holds 3,
    # 6 holds 2.
    b = [0, 2, 0, 1, 0, 3, 2, 2, 2, 2]
    s0 = (100 - 14) // 2
    g = pos(b)                                   # break (default)
    rec = g.play(1)
    assert rec["board"] == [0, 1, 1, 0, 0, 3, 2, 2, 2, 2]
    assert g.captured[0] == s0 + 1
    g = pos(b, SKIP_EMPTY)                       # skip: 4 passed over
    rec = g.play(1)
    assert rec["board"] == [0, 1, 1, 0, 0, 0, 2, 2, 2, 2]
    assert g.captured[0] == s0 + 4
    # An empty h+1 ends the chain at once under break.
    g = pos([0, 2, 0, 0, 1, 3, 2, 2, 2, 2])
    g.play(1)
    assert g.board == [0, 1, 1, 0, 1, 3, 2, 2, 2, 2]


def test_skip_chain_runs_round_to_h():
    # P7: with skip the chain may run round to h and stops there; h itself
    # (holding 1 here) is never taken. South plays 0 (2 seeds: 1 stays,
    # 1 into 1), h=1. 3 (1), 5 (3) and 0 (the origin's 1, P7) are taken.
    b = [2, 0, 0, 1, 0, 3, 0, 0, 0, 0]
    g = pos(b, SKIP_EMPTY, south_store=47)
    rec = g.play(0)
    assert rec["board"] == [0, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    assert rec["captured"] == [52, 47]
    # Then neither can move (B.6): South's row (1) is swept (P8).
    assert g.result == {"winner": 0, "score": [53, 47],
                        "reason": "neither player can move",
                        "unfinished": False}
    # Under break, 2 is empty: nothing is taken.
    g = pos(b, south_store=47)
    rec = g.play(0)
    assert rec["board"] == [1, 1, 0, 1, 0, 3, 0, 0, 0, 0]
    assert rec["captured"] == [47, 47]


def test_chain_takes_origin_single_seed():
    # P7: North plays 8 (8 seeds: 1 stays, 7 into 9, 0..5), h=5. The chain
    # takes 6 (3), 7 (1), 8 (the origin's single seed), 9 (3), and stops at
    # 0 (2): through both rows.
    g = pos([1, 1, 1, 1, 1, 0, 3, 1, 8, 2], to_move=1, south_store=40)
    rec = g.play(8)
    assert rec["board"] == [2, 2, 2, 2, 2, 1, 0, 0, 0, 0]
    assert rec["captured"] == [40, 41 + 8]
    # North now has no hole of 2+; South can move (B.5).
    assert g.to_move == 0 and g.result is None


def test_pass():
    # B.5/C0.5: South plays 0, North has no hole of 2+: North passes (not a
    # ply) and South moves again.
    g = pos([3, 2, 0, 0, 0, 1, 0, 1, 0, 1])
    rec = g.play(0)                      # 1 stays, 2 into 1, 2; h=2
    assert rec["board"] == [1, 3, 1, 0, 0, 1, 0, 1, 0, 1]
    assert g.to_move == 0 and g.result is None and g.ply == 11
    rec = g.play(1)                      # 1 stays, 2 into 2, 3; h=3
    assert rec["ply"] == 11 and rec["to_move"] == 0 and rec["legal"] == [1]
    # h=3, 4 is empty: no capture; nobody holds 2+ now except 2 (South).
    assert rec["board"] == [1, 1, 2, 1, 0, 1, 0, 1, 0, 1]
    assert g.to_move == 0
    # A position whose player to move cannot: the other moves (B.5).
    g = pos([1, 1, 1, 1, 1, 2, 0, 0, 0, 0], to_move=0)
    assert g.to_move == 1
    # Passes in real games: the record shows the same to_move twice.
    found = 0
    for seed in range(1, 200):
        moves = B.random_game(seed, B.parse_options([]))
        code, out, _ = run("replay", "--moves", " ".join(map(str, moves)))
        recs = [r for r in lines(out) if "ply" in r]
        for a, b in zip(recs, recs[1:]):
            if a["to_move"] == b["to_move"]:
                assert b["ply"] >= 11           # never in the opening (B.3)
                other = 1 - a["to_move"]
                assert all(a["board"][h] < 2 for h in B.row(other))
                found += 1
        if found >= 3:
            break
    assert found >= 3


def test_final_sweep():
    # B.6/P8: South plays 3 (2 seeds: 1 stays, 1 into 4), h=4; 5 is empty:
    # under break nothing is taken. Nobody holds 2+: the game ends; the
    # ply's captured are the stores, the result's score adds the rows.
    b = [1, 0, 0, 2, 0, 0, 1, 0, 1, 0]
    g = pos(b, south_store=50)
    rec = g.play(3)
    assert rec["board"] == [1, 0, 0, 1, 1, 0, 1, 0, 1, 0]
    assert rec["captured"] == [50, 45]
    assert g.result == {"winner": 0, "score": [53, 47],
                        "reason": "neither player can move",
                        "unfinished": False}
    # Under skip the chain takes 6, 8, 0, 3 (1 each) round to h=4.
    g = pos(b, SKIP_EMPTY, south_store=50)
    rec = g.play(3)
    assert rec["board"] == [0, 0, 0, 0, 1, 0, 0, 0, 0, 0]
    assert rec["captured"] == [54, 45]
    assert g.result["score"] == [55, 45] and g.result["winner"] == 0
    # 50-50 is a draw (winner null, not unfinished): South plays 3, h=4,
    # 5 is empty; stores 48-50, rows 2-0.
    g = pos([0, 0, 0, 2, 0, 0, 0, 0, 0, 0], south_store=48)
    rec = g.play(3)
    assert rec["board"] == [0, 0, 0, 1, 1, 0, 0, 0, 0, 0]
    assert rec["captured"] == [48, 50]
    assert g.result == {"winner": None, "score": [50, 50],
                        "reason": "neither player can move",
                        "unfinished": False}


def test_cli_game_end_and_errors():
    moves = B.random_game(7, B.parse_options([]))
    text = " ".join(map(str, moves))
    code, out, err = run("replay", "--moves", text)
    recs = lines(out)
    assert code == 0 and err == ""
    assert [r["ply"] for r in recs[:-1]] == list(range(len(moves)))
    res = recs[-1]["result"]
    assert res["reason"] == "neither player can move" and not res["unfinished"]
    # P8: score = last captured + rows; 100 seeds (B.1).
    last = recs[-2]
    assert res["score"] == [last["captured"][0] + sum(last["board"][:5]),
                            last["captured"][1] + sum(last["board"][5:])]
    assert sum(res["score"]) == 100
    # P13: a list stopping early prints only its ply lines, exit 0.
    code, out, err = run("replay", "--moves", " ".join(text.split()[:15]))
    assert code == 0 and len(out.splitlines()) == 15 and "result" not in out
    # An illegal token: the lines before it, an error, exit 1.
    code, out, err = run("replay", "--moves", "0 5 7")
    assert code == 1 and len(out.splitlines()) == 2
    assert err.count("\n") == 1 and "ply 2" in err and "[1,2,3,4]" in err
    code, out, err = run("replay", "--moves", "0 x")
    assert code == 1 and len(out.splitlines()) == 1
    # A token after the end: the result line, then the error.
    code, out, err = run("replay", "--moves", text + " 0")
    assert code == 1 and out.splitlines()[-1].startswith('{"result":')
    assert "after the end" in err
    # Bad options.
    assert run("replay", "--moves", "0", "--option", "empty_in_chain=x")[0] == 2
    assert run("replay", "--moves", "0", "--option", "nope=1")[0] == 2


def test_max_plies():
    # C0.7/P3: unfinished, winner null, score = stores + own rows.
    moves = B.random_game(5, B.parse_options(["max_plies=30"]))
    assert len(moves) == 30
    code, out, _ = run("replay", "--moves", " ".join(map(str, moves)),
                       "--option", "max_plies=30")
    recs = lines(out)
    assert code == 0 and len(recs) == 31
    res = recs[-1]["result"]
    last = recs[-2]
    assert res["winner"] is None and res["unfinished"] is True
    assert res["reason"] == "max_plies reached"
    assert res["score"] == [last["captured"][0] + sum(last["board"][:5]),
                            last["captured"][1] + sum(last["board"][5:])]
    # P3: the game's own end is checked first: a game ending at ply L with
    # max_plies=L is a rule ending.
    moves = B.random_game(11, B.parse_options([]))
    L = len(moves)
    code, out, _ = run("replay", "--moves", " ".join(map(str, moves)),
                       "--option", "max_plies=%d" % L)
    res = lines(out)[-1]["result"]
    assert res["reason"] == "neither player can move"
    assert res["unfinished"] is False
    # max_plies inside the opening: 0 5 1 leaves
    # [3,2,14,13,13,3,13,13,13,13]; rows 45 and 55, stores empty.
    code, out, _ = run("replay", "--moves", "0 5 1", "--option",
                       "max_plies=3")
    assert lines(out)[2]["board"] == [3, 2, 14, 13, 13, 3, 13, 13, 13, 13]
    res = lines(out)[-1]["result"]
    assert res == {"winner": None, "score": [45, 55],
                   "reason": "max_plies reached", "unfinished": True}


def test_random_games_conserve_seeds():
    # B.1: 100 seeds are on the board or in the stores at every ply, under
    # every combination of options.
    combos = [[], ["empty_in_chain=skip"], ["skip_origin=true"],
              ["empty_in_chain=skip", "skip_origin=true"]]
    for opts in combos:
        o = B.parse_options(opts)
        for seed in range(1, 101):
            rng = random.Random(seed)
            g = B.Game(o)
            while g.result is None:
                rec = g.play(rng.choice(g.legal(g.to_move)))
                assert sum(rec["board"]) + sum(rec["captured"]) == 100
                assert all(c >= 0 for c in rec["board"])
            assert sum(g.result["score"]) == 100


if __name__ == "__main__":
    tests = [f for n, f in sorted(globals().items()) if n.startswith("test_")]
    for t in tests:
        t()
    print("test_adji_boto_ref: %d tests passed" % len(tests))
