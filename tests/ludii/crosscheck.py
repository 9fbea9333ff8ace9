#!/usr/bin/env python3
"""crosscheck.py - replay Ludii's random games of three and four rows through sow, ply by ply.

Ludii (ludii.games, an initiative by Cameron Browne; CC BY-NC-ND 4.0) is a
general game system; it plays the ten games of docs/rules-rows.md from
its own .lud files. It is only run here, from a copy built outside the
project (LUDII_DIR); nothing of it is copied into sow or shipped. The
project's own driver, tests/ludii/SowLudii.java (compiled into
build/ludii/), plays seeded random Ludii games and writes each as sow's
record: one ply per whole turn (C2.4), the token played and every token of
the turn's decision tree in C2.3 order, the board, captured, hand, claimed,
and the end. For each game this script replays the tokens with `sow replay
VARIANT --moves ... --json` and the sow options that select Ludii's
readings, and compares every ply (to_move, legal, move, board, captured,
hand, claimed; round headers in Gabata) and the end (winner, score). A game
Ludii stops at its own turn or move limit is compared up to there (C2.8).

    python3 tests/ludii/crosscheck.py [--games N] [--seed S] [GAME...]
    python3 tests/ludii/crosscheck.py --self-test
    python3 tests/ludii/crosscheck.py --speed SECONDS [GAME...]

GAME is a sow variant id of the table below (default: all). Game k of a
run is Ludii's seed S+k, so `--seed S+k --games 1 GAME` replays it alone.
The driver's self-test (the catalogue's worked examples, under Ludii: Bao
la Kiswahili's seven first turns and the board after +11,k8, Nsolo's 6,x32,
Gabata's first move from 3, Isolo's board after its opening IS.2) runs first unless --no-self-test. Games sow does not
know yet are reported and skipped. It exits 0 when every game agrees (or
differs only as the catalogue documents), 1 when one does not, and 0 with
a note when Java or the built Ludii is absent, as in CI.

Environment: SOW (the sow binary, default build/sow), LUDII_DIR (a Ludii
built by tests/ludii/setup-ludii.sh: LUDII_DIR/build/classes and
LUDII_DIR/src/Common/{res,lib}; default ../ludii beside the project),
JAVA_OPTS (default -Xmx2g).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.path.join(ROOT, 'build', 'ludii')
LUD = 'src/Common/res/lud/board/sow'

# The games of docs/rules-rows.md: sow id -> (Ludii file, Ludii options, sow options
# that select Ludii's readings, driver flags: what the record carries, C2.6).
STORE = ['--captured', 'hands', '--score']   # captures to a store, scored end
OUT = ['--captured', 'removed']              # captures out of play (C1.13)
PLACE = ['--dirs', '--hand']                 # directions in tokens, seeds in hand
BAO = PLACE + ['--kichwa']                   # and captured seeds sown from a kichwa
GAMES = {
    'bao-kiswahili': ('four_rows/Bao Kiswahili (East Africa).lud', [], ['reading=ludii'], BAO),
    'bao': ('four_rows/Bao.lud', [], ['reading=ludii'], BAO),
    'mweso': ('four_rows/Mweso.lud', [], ['reverse_test=facing'], PLACE),
    'hus': ('four_rows/Hus (Damara).lud',
            ['Board Size/12', 'Play Rules/Sowing with 2 or more seeds'],
            ['capture=ludii', 'end=ludii'], STORE),
    'nsolo': ('four_rows/Nsolo.lud', ['Board Size/10'], ['capture_when=occupied'], OUT),
    'moruba': ('four_rows/Moruba.lud', [], [], STORE),
    # IS.2: the opening is Ludii's decisions in three phases, no plies
    'isolo': ('four_rows/Isolo.lud', [], ['skip_rightmost=always', 'capture_sow_from=after_origin'],
              ['--skip-phase', 'Opening1', '--skip-phase', 'Opening2', '--skip-phase', 'Opening3']),
    'tsoro': ('four_rows/Tsoro.lud', ['Board Size/8'], [], OUT),
    'abalalae': ("three_rows/Abalala'e.lud", [], ['rounds=one'], STORE),
    # GA.9: the refilling between rounds is Ludii's decisions, no plies
    # Ludii's random Gabata never ends (C2.8): its turn limit is lowered to
    # 250 turns a player (about ten rounds) to keep the run short
    'gabata-adowa': ('three_rows/Gabata (Adowa).lud', [], ['reading=ludii'],
                     ['--claimed', '--captured', 'hands', '--score', '--rounds',
                      '--skip-phase', 'BetweenRounds', '-T', '250']),
}

# Differences the catalogue documents as Ludii's own, by the test that
# recognises them.
ENDLESS = ("C2.9: sow ends an endless move or a cycle (C1.9, C1.10); Ludii has neither "
           "rule and plays on to its own limit")


def ludii_dir():
    return os.environ.get('LUDII_DIR', os.path.join(os.path.dirname(ROOT), 'ludii'))


def classpath():
    d = ludii_dir()
    lib = os.path.join(d, 'src', 'Common', 'lib')
    return os.pathsep.join([BUILD, os.path.join(d, 'build', 'classes'),
                            os.path.join(d, 'src', 'Common', 'res'),
                            os.path.join(lib, 'json-20180813.jar'),
                            os.path.join(lib, 'Trove4j_ApacheCommonsRNG.jar'),
                            os.path.join(lib, 'jfreesvg-3.4.jar')])


def skip_reason():
    for tool in ('java', 'javac'):
        if not shutil.which(tool):
            return f'no {tool} on PATH (Debian: openjdk-17-jdk-headless)'
    d = ludii_dir()
    if not os.path.isdir(os.path.join(d, 'build', 'classes', 'game')):
        return (f'no built Ludii in LUDII_DIR={d} (build/classes): '
                'tests/ludii/setup-ludii.sh builds one (docs/testing.md)')
    return None


def build_driver():
    """Compile SowLudii.java into build/ludii when it is newer than the class."""
    src = os.path.join(HERE, 'SowLudii.java')
    cls = os.path.join(BUILD, 'SowLudii.class')
    if os.path.exists(cls) and os.path.getmtime(cls) >= os.path.getmtime(src):
        return
    os.makedirs(BUILD, exist_ok=True)
    subprocess.run(['javac', '-nowarn', '-encoding', 'UTF-8', '-cp', classpath(), '-d', BUILD, src],
                   check=True)


def java(args):
    cmd = ['java'] + os.environ.get('JAVA_OPTS', '-Xmx2g').split() + ['-cp', classpath(), 'SowLudii'] + args
    return subprocess.run(cmd, capture_output=True, text=True)


def lud_path(gid):
    return os.path.join(ludii_dir(), LUD, GAMES[gid][0])


def driver_args(gid):
    lud, lopts, _, flags = GAMES[gid]
    a = []
    for o in lopts:
        a += ['-o', o]
    return a + flags


def ludii_games(gid, games, seed):
    """Ludii's random games (game k from seed+k) as parsed JSON, and the seconds they took."""
    t0 = time.monotonic()
    p = java(['play', lud_path(gid), str(seed), str(games)] + driver_args(gid))
    if p.returncode != 0:
        raise RuntimeError(f'SowLudii failed on {gid}: {p.stderr.strip()[-2000:]}')
    return [json.loads(l) for l in p.stdout.splitlines() if l.strip()], time.monotonic() - t0


def ludii_replay(gid, tokens):
    p = java(['replay', lud_path(gid), '--moves', ' '.join(tokens)] + driver_args(gid))
    if p.returncode != 0:
        raise RuntimeError(f'SowLudii failed on {gid}: {p.stderr.strip()[-2000:]}')
    return json.loads(p.stdout)


def sow_env():
    return dict(os.environ, SOW_VARIANTS=os.path.join(ROOT, 'variants'))


def sow_knows(sow, gid):
    p = subprocess.run([sow, 'show', gid], capture_output=True, text=True, env=sow_env())
    return p.returncode == 0


def sow_cmd(sow, gid, moves):
    cmd = [sow, 'replay', gid, '--json', '--moves', ' '.join(str(m) for m in moves)]
    for o in GAMES[gid][2]:
        cmd += ['--option', o]
    return cmd


def sow_replay(sow, gid, moves):
    p = subprocess.run(sow_cmd(sow, gid, moves), capture_output=True, text=True, env=sow_env())
    lines = []
    for l in p.stdout.splitlines():
        if l.strip():
            try:
                lines.append(json.loads(l))
            except ValueError:
                pass
    return p.returncode, lines, p.stderr.strip()


def first_difference(rec, lines, rc, err):
    """(text, documented reason or None) of the first difference between
    Ludii's game and sow's record, or None."""
    lp = [l for l in rec['lines'] if 'ply' in l]
    sp = [l for l in lines if 'ply' in l]
    lhead = [l for l in rec['lines'] if 'game' in l]
    shead = [l for l in lines if 'game' in l]
    lres = [l['result'] for l in rec['lines'] if 'result' in l]
    sres = [l['result'] for l in lines if 'result' in l]
    smatch = [l['match_result'] for l in lines if 'match_result' in l]
    # round headers (GA): each round's start, in order
    for k, lh in enumerate(lhead):
        if k >= len(shead):
            return (f'round {k + 1}: sow has no such round', None)
        for f in ('starter', 'owners', 'board', 'captured', 'claimed'):
            if f in lh and shead[k].get(f) != lh[f]:
                return (f'round {k + 1} header: {f}: sow {shead[k].get(f)}, Ludii {lh[f]}', None)
    # a Ludii ply index over the whole match: the k-th ply line
    for i, l in enumerate(lp):
        if i >= len(sp):
            if rc != 0:
                return (f'ply {i}: sow replay stops before Ludii\'s token {json.dumps(l["move"])}: {err}', None)
            why = ENDLESS if sres and any(w in (sres[-1].get('reason') or '').lower()
                                          for w in ('endless', 'cycle', 'repeat')) else None
            end = f' ({sres[-1].get("reason")})' if sres else ''
            return (f'ply {i}: sow has no such ply: sow ended the game after {len(sp)} plies{end}', why)
        s = sp[i]
        # an endless move (C1.9): Ludii's board after it is the board at the
        # state that came round again; only the choice is compared
        fields = ('to_move', 'legal', 'move') if l.get('ludii_endless_played') else \
            ('to_move', 'legal', 'move', 'board', 'captured', 'hand', 'claimed')
        for f in fields:
            if f not in l:
                continue
            if f not in s:
                return (f'ply {i}: {f}: sow writes none, Ludii {l[f]}', None)
            if s[f] != l[f]:
                if f == 'legal' and sorted(map(str, s[f])) == sorted(map(str, l[f])):
                    return (f'ply {i}: legal: the same set in another order: sow {s[f]}, Ludii {l[f]}', None)
                if f == 'legal':
                    a, b = set(map(str, s[f])), set(map(str, l[f]))
                    return (f'ply {i}: legal: sow only {sorted(a - b)}, Ludii only {sorted(b - a)} '
                            f'(sow {s[f]}, Ludii {l[f]})', None)
                return (f'ply {i}: {f}: sow {s[f]}, Ludii {l[f]}', None)
    natural = rec['endType'] == 'NaturalEnd'
    if rc != 0:
        return (f'sow replay failed: {err}', None)
    if rec['endType'] == 'EndlessMove':  # the driver stopped at an endless move Ludii plays on
        if len(sp) == len(lp) and sres and 'endless' in (sres[-1].get('reason') or '').lower():
            return (f'ply {len(lp) - 1}: an endless move, {json.dumps(lp[-1]["move"])}: sow ends the game '
                    f'({sres[-1].get("reason")}), Ludii plays it on to its move limit', ENDLESS)
        last = f'{sres[-1].get("reason")}' if sres else 'no end'
        return (f'ply {len(lp) - 1}: an endless move in Ludii, {json.dumps(lp[-1]["move"])}; sow: {last}', None)
    # the results Ludii wrote (GA: each round's, also before its limit); then the match
    for k, lr in enumerate(lres):
        if k >= len(sres):
            return (f'end: Ludii ends round or game {k + 1} after ply {len(lp) - 1}; sow goes on', None)
        if 'winner' in lr and sres[k].get('winner') != lr['winner']:
            return (f'end: winner sow {sres[k].get("winner")}, Ludii {lr["winner"]}'
                    f' (sow: {sres[k].get("reason")})', None)
        if sres[k].get('score') != lr['score']:
            return (f'end: score sow {sres[k].get("score")}, Ludii {lr["score"]}'
                    f' (sow: {sres[k].get("reason")})', None)
    if not natural:  # C2.8: compared up to Ludii's limit
        # did sow end the game (the match, in rounds) right after that ply?
        last_ply = max([k for k, l in enumerate(lines) if 'ply' in l], default=-1)
        tail = lines[last_ply + 1:]
        key = 'match_result' if shead else 'result'
        ends = [l[key] for l in tail if key in l]
        if len(sp) == len(lp) and ends and not ends[-1].get('unfinished'):
            return (f'end: sow ends the game after ply {len(lp) - 1} ({ends[-1].get("reason")}), '
                    f'Ludii goes on to its {rec["endType"]}', None)
        return None
    lm = [l['match_result'] for l in rec['lines'] if 'match_result' in l]
    if lm:
        if not smatch:
            return ('end: Ludii ends the match; sow does not', None)
        if smatch[0].get('winner') != lm[0]['winner']:
            return (f'end: match winner sow {smatch[0].get("winner")}, Ludii {lm[0]["winner"]}', None)
    if len(sres) > len(lres) and not lm:
        return (f'end: sow ends a round Ludii does not', None)
    return None


def check_game(sow, gid, n, seed, show):
    recs, secs = ludii_games(gid, n, seed)
    diffs, known, limits, driver = [], {}, 0, []
    for rec in recs:
        if rec.get('error'):
            driver.append((rec['seed'], rec['error']))
            continue
        if rec['endType'] in ('TurnLimit', 'MoveLimit'):
            limits += 1
        rc, lines, err = sow_replay(sow, gid, rec['moves'])
        d = first_difference(rec, lines, rc, err)
        if d and d[1]:
            known.setdefault(d[1], []).append((rec['seed'], d[0]))
        elif d:
            diffs.append((rec['seed'], d[0], rec['moves']))
    agree = len(recs) - len(diffs) - sum(len(v) for v in known.values()) - len(driver)
    turns = sum(len(r['moves']) for r in recs)
    print(f'crosscheck-ludii {gid} (Ludii {GAMES[gid][0]}'
          f'{", " + ", ".join(GAMES[gid][1]) if GAMES[gid][1] else ""}): {agree} of {len(recs)} games agree'
          f' ({turns} plies; Ludii played them in {secs:.1f} s; {limits} stopped by Ludii\'s own limit,'
          f' compared up to it)')
    for why, k in known.items():
        print(f'  {len(k)} differ as documented: {why}')
        print(f'    first: Ludii seed {k[0][0]}: {k[0][1]}')
    for s, e in driver[:show]:
        print(f'  DRIVER ERROR (seed {s}): {e}')
    if diffs:
        print(f'  {len(diffs)} DIFFER:')
    for s, d, moves in diffs[:show]:
        print(f'  Ludii seed {s}: {d}')
        print(f'    again: python3 tests/ludii/crosscheck.py --no-self-test --seed {s} --games 1 {gid}')
        text = ' '.join(str(m) for m in moves)
        print(f'    moves: {text if len(text) < 600 else text[:600] + " ..."}')
    return len(diffs) + len(driver)


def speed(sow, ids, seconds):
    """Ludii's random playouts a second (its own playout loop, after a
    warm-up) beside sow bench's random games a second (--by-decision),
    game by game, measured one after the other."""
    print(f'{"game":15} {"Ludii playouts/s":>17} {"sow games/s":>12} {"ratio":>8} '
          f'{"Ludii turns/s":>14} {"sow plies/s":>12} {"ratio":>8}   (Ludii: mean turns, limit ends)')
    for gid in ids:
        if not sow_knows(sow, gid):
            print(f'{gid:15} not in sow yet')
            continue
        a = [a for a in driver_args(gid) if a == '-o' or a in GAMES[gid][1]]
        p = java(['time', lud_path(gid), str(seconds), str(max(1.0, seconds / 3))] + a)
        if p.returncode != 0:
            raise RuntimeError(f'SowLudii time failed on {gid}: {p.stderr.strip()[-2000:]}')
        lu = json.loads(p.stdout)
        # --by-decision: a turn of several decisions (the Baos, C2.3)
        # drawn decision by decision, as Ludii's playouts draw it, so
        # that both programs play games of the same kind (other games
        # are played alike either way)
        cmd = [sow, 'bench', gid, '--seconds', str(seconds), '--by-decision']
        for o in GAMES[gid][2]:
            cmd += ['--option', o]
        sp = subprocess.run(cmd, capture_output=True, text=True, env=sow_env())
        out = sp.stdout
        if 'games_per_s=' not in out:
            print(f'{gid:15} {lu["playouts_per_s"]:17.1f}   sow bench failed: {sp.stderr.strip()[:300]}')
            continue
        rate = float(out.split('games_per_s=')[1].split()[0])
        if 'matches_per_s=' in out:
            rate = float(out.split('matches_per_s=')[1].split()[0])
        plies = float(out.split('plies_per_s=')[1].split()[0]) if 'plies_per_s=' in out else 0
        turns = lu['playouts_per_s'] * lu['mean_turns']
        print(f'{gid:15} {lu["playouts_per_s"]:17.1f} {rate:12.0f} {rate / max(lu["playouts_per_s"], 1e-9):7.0f}x'
              f' {turns:14.0f} {plies:12.0f} {plies / max(turns, 1e-9):7.0f}x'
              f'   ({lu["mean_turns"]:.0f}, {lu["limit_ends"]} of {lu["playouts"]})')
    return 0


# The catalogue's worked examples under Ludii (C2.3, C2.4): the driver's
# own test, before sow has the games.
def self_test():
    fails = []

    def want(name, got, exp):
        if got != exp:
            fails.append(f'{name}: driver {got}, catalogue {exp}')

    r = ludii_replay('bao-kiswahili', ['+11,k8'])                     # the catalogue's example of Ludii's reading
    want('bao-kiswahili example: legal', r['lines'][0]['legal'],
         ['+9,k8,k8', '+9,k8,k15', '+10,k8', '+10,k15', '+11,k8', '+11,k15,k8,k8', '+11,k15,k8,k15'])
    want('bao-kiswahili example: board after +11,k8', r['lines'][0]['board'],
         [0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 1, 2, 7, 3, 0, 1, 0, 2, 2, 0, 0, 0, 0, 0] + [0] * 8)
    want('bao-kiswahili example: hand', r['lines'][0]['hand'], [21, 22])
    r = ludii_replay('nsolo', ['6,x32'])                               # Nsolo's example (capture_when=occupied)
    six = [t for t in r['lines'][0]['legal'] if str(t).startswith('6,')]
    north = [h for h in range(20, 40) if h not in (28, 38)]
    want('nsolo example: tokens from 6', six, [f'6,x{h}' for h in north if r['start']['board'][h] > 0])
    b = r['lines'][0]['board']
    want('nsolo example: board after 6,x32 (6, 8, 18, 28, 32, 38)', [b[6], b[8], b[18], b[28], b[32], b[38]], [0, 0, 3, 0, 0, 0])
    want('nsolo example: captured', r['lines'][0]['captured'], [6, 0])
    r = ludii_replay('gabata-adowa', ['3'])                            # Gabata's example of a first move
    ply = [l for l in r['lines'] if 'ply' in l][0]
    want('gabata-adowa example: board', ply['board'], [3, 3, 3, 0, 4, 4, 3, 3, 3, 4, 4, 0, 3, 3, 3, 3, 4, 4])
    want('gabata-adowa example: claimed', ply['claimed'], [-1] * 16 + [0, -1])
    r = ludii_replay('isolo', [])                                      # IS.2
    want('IS.2 board after the opening', r['start']['board'],
         [2, 0, 2, 0, 2, 0, 2, 17, 0, 2, 0, 2, 0, 2, 1, 0, 0, 1, 2, 0, 2, 0, 2, 0, 17, 2, 0, 2, 0, 2, 0, 2])
    want('IS.2 first mover', r['start']['to_move'], 0)
    for f in fails:
        print(f'crosscheck-ludii self-test: FAIL {f}')
    print(f'crosscheck-ludii self-test (the examples of bao-kiswahili, nsolo, gabata-adowa, isolo under Ludii): '
          f'{"all agree" if not fails else str(len(fails)) + " FAIL"}')
    return len(fails)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('games_ids', nargs='*', metavar='GAME')
    ap.add_argument('--games', type=int, default=300)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--show', type=int, default=3, help='differences shown per game')
    ap.add_argument('--self-test', action='store_true', help='only the driver\'s self-test')
    ap.add_argument('--no-self-test', action='store_true')
    ap.add_argument('--speed', type=float, metavar='SECONDS', default=None,
                    help='instead: Ludii\'s random playouts a second beside sow bench\'s games a second, '
                         'SECONDS each, game by game')
    a = ap.parse_args()
    why = skip_reason()
    if why:
        print(f'crosscheck-ludii: skipped: {why}')
        return 0
    build_driver()
    sow = os.environ.get('SOW', os.path.join(ROOT, 'build', 'sow'))
    if a.speed:
        return speed(sow, a.games_ids or list(GAMES), a.speed)
    bad = 0
    if not a.no_self_test:
        bad += self_test()
        if a.self_test:
            return 1 if bad else 0
    for gid in a.games_ids or list(GAMES):
        if gid not in GAMES:
            print(f'crosscheck-ludii: no game {gid!r}; games: {", ".join(GAMES)}')
            return 2
        if not sow_knows(sow, gid):
            print(f'crosscheck-ludii {gid}: not in sow yet: skipped')
            continue
        bad += check_game(sow, gid, a.games, a.seed, a.show)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
