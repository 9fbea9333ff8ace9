#!/usr/bin/env python3
"""crosscheck.py - replay MancalaGames' random games through sow, ply by ply.

MancalaGames (MG) is an independent engine of two-row mancala games; its
driver mg_play.py (in the shared references, beside this project, not part
of it) plays random games headless and writes one JSON line per game. For
each game this script replays MG's move list with `sow replay VARIANT
--moves ... --json` and compares every ply: the player to move, the legal
moves, the move, the board and the stores (`captured`), then the end: that
both engines end the game at the same ply, the winner and the final score.

    python3 tests/mg/crosscheck.py [--games N] [--seed S] [GAME...]

GAME is a sow variant id of the table below (default: all). It exits 0
when every game agrees, 1 when one does not (the first differences are
printed), and 0 with a note when the references (../shared) or Python's
tkinter (MG's modules import it) are absent, as in a user's clone.

Environment: SOW (the sow binary, default build/sow), SOW_SHARED (the
references folder, default ../shared beside the project).
"""

import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# sow variant -> (MG GameProps name, sow options that give MG's reading).
# The catalogue's defaults follow MG; options are listed where MG needs a
# non-default reading (none yet).
GAMES = {
    'kalah': ('Kalah', []),
    'oware': ('Oware', []),
    'wari': ('Wari', []),
}


def shared_dir():
    return os.environ.get('SOW_SHARED', os.path.join(os.path.dirname(ROOT), 'shared'))


def skip_reason():
    sh = shared_dir()
    if not os.path.exists(os.path.join(sh, 'tools', 'mg_play.py')):
        return f'the MancalaGames references are not here ({sh}/tools/mg_play.py)'
    try:
        import tkinter  # noqa: F401  (MG's modules import it)
    except ImportError:
        return 'Python has no tkinter (Debian: python3-tk), which MG needs'
    return None


def mg_games(props, games, seed):
    """MG's random games as parsed JSON lines, and the seconds they took."""
    t0 = time.monotonic()
    out = subprocess.run(
        [sys.executable, os.path.join(shared_dir(), 'tools', 'mg_play.py'),
         props, '--games', str(games), '--seed', str(seed)],
        capture_output=True, text=True, check=True)
    return [json.loads(l) for l in out.stdout.splitlines() if l.strip()], time.monotonic() - t0


def sow_replay(sow, variant, options, moves):
    cmd = [sow, 'replay', variant, '--json', '--moves', ' '.join(str(m) for m in moves)]
    for o in options:
        cmd += ['--option', o]
    env = dict(os.environ, SOW_VARIANTS=os.path.join(ROOT, 'variants'))
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    lines = [json.loads(l) for l in p.stdout.splitlines() if l.strip()]
    return p.returncode, lines, p.stderr.strip()


def compare(rec, lines, rc, err):
    """The first difference between MG's game and sow's record, or None."""
    plies = [p for p in rec['plies'] if p['move'] != 'pass']
    sow_plies = [l for l in lines if 'ply' in l]
    results = [l['result'] for l in lines if 'result' in l]
    if rc != 0:
        return f'sow replay failed: {err}'
    for i, mp in enumerate(plies):
        if i >= len(sow_plies):
            return f'ply {i}: sow has no such ply (the game ended after {len(sow_plies)})'
        sp = sow_plies[i]
        want = mp.get('pre_end', mp)  # sow's board is before any end sweep (P8)
        checks = [('to_move', sp['to_move'], mp['mover']),
                  ('legal', sorted(sp['legal'], key=str), sorted(mp['legal'], key=str)),
                  ('move', sp['move'], mp['move']),
                  ('board', sp['board'], want['board']),
                  ('captured', sp['captured'], want['stores'])]
        for name, got, exp in checks:
            if got != exp:
                return f'ply {i}: {name}: sow {got}, MG {exp}'
    res = rec['result']
    if not res['over']:
        return None if not results else f'MG did not finish ({res["cond"]}) but sow ended the game'
    if not results:
        return f'MG ended the game ({res["cond"]}) after ply {len(plies) - 1}; sow goes on'
    r = results[0]
    winner = r['winner'] if r['winner'] is not None and r['winner'] >= 0 else None
    if winner != res['winner']:
        return f'end: winner sow {r["winner"]}, MG {res["winner"]} ({res["cond"]})'
    mg_score = res['stores']  # after MG's end sweep
    if r.get('score') is not None and r['score'] != mg_score:
        return f'end: score sow {r["score"]}, MG stores {mg_score} ({res["cond"]})'
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('games_ids', nargs='*', metavar='GAME')
    ap.add_argument('--games', type=int, default=500)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--show', type=int, default=3, help='differences shown per game')
    a = ap.parse_args()
    why = skip_reason()
    if why:
        print(f'crosscheck-mg: skipped: {why}')
        return 0
    sow = os.environ.get('SOW', os.path.join(ROOT, 'build', 'sow'))
    ids = a.games_ids or list(GAMES)
    bad = 0
    for gid in ids:
        if gid not in GAMES:
            print(f'crosscheck-mg: no game {gid!r}; games: {", ".join(GAMES)}')
            return 2
        props, options = GAMES[gid]
        recs, secs = mg_games(props, a.games, a.seed)
        diffs = []
        for rec in recs:
            rc, lines, err = sow_replay(sow, gid, options, rec['moves'])
            d = compare(rec, lines, rc, err)
            if d:
                diffs.append((rec['game'], rec['seed'], d, rec['moves']))
        agree = len(recs) - len(diffs)
        print(f'crosscheck-mg {gid} (MG {props}): {agree} of {len(recs)} games agree'
              f' (MG played them in {secs:.1f} s)')
        for g, seed, d, moves in diffs[:a.show]:
            print(f'  game {g} (MG seed {seed}): {d}')
            print(f'    moves: {" ".join(str(m) for m in moves)}')
        bad += len(diffs)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
