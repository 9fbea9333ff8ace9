#!/bin/sh
# Cross-check the C engine against the independent Python reference of
# Andada (tests/ref/andada.py), ply by ply, byte for byte.
#
#   tests/crosscheck_andada.sh [GAME_COUNT]        (default 200)
#   SOW=path/to/sow PYTHON=python3 tests/crosscheck_andada.sh 1000
#
# For seeds 1..GAME_COUNT the reference plays a random game; both programs
# replay its move list and their JSON Lines records must be identical.
# The seed decides the options, mixing independently: A.1 holes (12, 15,
# 18, 21, 24) and direction (ccw, cw), A.5 bearoff (sticky, dynamic), A.6
# endless_move (forbid, end_game), C0.4 skip_origin, C0.7 max_plies (40,
# some games end unfinished; 1, the opening only); every 13th seed spells
# out every option, defaults included.
# Then fixed cases: move lists reached by random play (a scan of 40000
# games) after which the player to move has an endless move (C0.7, P2).
# Under end_game the endless move is played (P5: the mover loses); under
# forbid the game goes on randomly from there, so the legal list without
# the endless hole is compared (A.6, P6).
# Exits 1 at the first mismatch, printing seed, options, moves and the diff.
set -u

count=${1:-200}
case $count in ''|*[!0-9]*) echo "usage: $0 [GAME_COUNT]" >&2; exit 2;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
ref="$root/tests/ref/andada.py"
py=${PYTHON:-python3}
sow=${SOW:-$root/build/sow}
if [ ! -x "$sow" ]; then
    echo "crosscheck: no engine binary at $sow (build it, or set SOW)" >&2
    exit 2
fi

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

# Options of a seed: each option varies with its own modulus, so that the
# combinations mix; non-default values only, except every 13th seed.
options_for() {
    s=$1
    holes=$((12 + 3 * (s % 5)))
    case $((s % 2)) in 1) dir=cw ;; *) dir=ccw ;; esac
    case $((s % 3)) in 1) bo=dynamic ;; *) bo=sticky ;; esac
    case $((s % 7)) in 2|5) em=end_game ;; *) em=forbid ;; esac
    case $((s % 4)) in 3) so=true ;; *) so=false ;; esac
    case $((s % 11)) in 6) mp=40 ;; *) case $((s % 37)) in 20) mp=1 ;; *) mp=10000 ;; esac ;; esac
    if [ $((s % 13)) -eq 4 ]; then
        echo "holes=$holes direction=$dir bearoff=$bo endless_move=$em skip_origin=$so max_plies=$mp"
        return
    fi
    o=""
    [ "$holes" -ne 12 ] && o="$o holes=$holes"
    [ "$dir" != ccw ] && o="$o direction=$dir"
    [ "$bo" != sticky ] && o="$o bearoff=$bo"
    [ "$em" != forbid ] && o="$o endless_move=$em"
    [ "$so" != false ] && o="$o skip_origin=$so"
    [ "$mp" -ne 10000 ] && o="$o max_plies=$mp"
    echo $o
}

# compare LABEL OPTS MOVES: replay MOVES under OPTS with both programs.
compare() {
    label=$1 opts=$2 moves=$3
    set --
    for o in $opts; do set -- "$@" --option "$o"; done
    "$py" "$ref" replay --moves "$moves" "$@" >"$tmp/ref.jsonl" 2>"$tmp/ref.err"
    rc_ref=$?
    "$sow" replay andada --moves "$moves" "$@" --json >"$tmp/sow.jsonl" 2>"$tmp/sow.err"
    rc_sow=$?
    if [ "$rc_ref" -ne 0 ] || [ "$rc_sow" -ne 0 ] ||
       ! cmp -s "$tmp/ref.jsonl" "$tmp/sow.jsonl"; then
        echo "crosscheck andada: MISMATCH at $label"
        echo "options: ${opts:-(defaults)}"
        echo "moves: $moves"
        echo "exit status: reference $rc_ref, sow $rc_sow"
        cat "$tmp/ref.err" "$tmp/sow.err"
        diff -u --label reference --label sow "$tmp/ref.jsonl" "$tmp/sow.jsonl" | head -40
        return 1
    fi
    return 0
}

# random_moves SEED OPTS [PREFIX]: the reference's random game.
random_moves() {
    rs=$1 ropts=$2 prefix=${3:-}
    set --
    for o in $ropts; do set -- "$@" --option "$o"; done
    if [ -n "$prefix" ]; then set -- "$@" --moves "$prefix"; fi
    "$py" "$ref" random --seed "$rs" "$@"
}

seed=1
while [ "$seed" -le "$count" ]; do
    opts=$(options_for "$seed")
    if ! moves=$(random_moves "$seed" "$opts"); then
        echo "crosscheck: reference failed on seed $seed" >&2
        exit 2
    fi
    if ! compare "seed $seed" "$opts" "$moves"; then
        echo "crosscheck andada: $seed games, 1 mismatches"
        exit 1
    fi
    seed=$((seed + 1))
done

# Fixed cases: OPTIONS | MOVES reaching a position | the endless hole.
fixed=0
while IFS='|' read -r fopts prefix hole; do
    [ -z "$prefix" ] && continue
    fixed=$((fixed + 1))
    if ! compare "fixed case $fixed (end_game)" \
         "$fopts endless_move=end_game" "$prefix $hole"; then
        echo "crosscheck andada: $count games and $fixed fixed cases, 1 mismatches"
        exit 1
    fi
    if ! moves=$(random_moves "$fixed" "$fopts" "$prefix"); then
        echo "crosscheck: reference failed on fixed case $fixed" >&2
        exit 2
    fi
    if ! compare "fixed case $fixed (forbid)" "$fopts" "$moves"; then
        echo "crosscheck andada: $count games and $fixed fixed cases, 1 mismatches"
        exit 1
    fi
done <<'EOF'
holes=12|2 first:1 19 7 15 0 12 8|22
bearoff=dynamic|7 first:1 18 0 22 9 15 0 13 7 13 4 12 2 19 0 12 10 12 9 18 6 21 5 12 10 12 3 22|11
holes=15 skip_origin=true|14 first:1 21 4 19 13 15 11 28 3 25 10 18 6|17
direction=cw|10 first:0 8 14 1 13 2 21 11 23 6 23 8 15 9 12 11 21 6|16
direction=cw skip_origin=true bearoff=dynamic|7 first:1 17 2 18 0 13 2 14 6 16 11 23 10|16
EOF
echo "crosscheck andada: $count games and $fixed fixed cases, 0 mismatches"
