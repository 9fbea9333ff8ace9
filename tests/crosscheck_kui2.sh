#!/bin/sh
# Cross-check the C engine against the independent Python reference of
# Adji Kui II (tests/ref/adji_kui_2.py), ply by ply, byte for byte.
#
#   tests/crosscheck_kui2.sh [GAME_COUNT]        (default 120)
#   SOW=path/to/sow PYTHON=python3 tests/crosscheck_kui2.sh 500
#
# For seeds 1..GAME_COUNT the reference plays a random game, or a random
# match (K2.7, K2.9: buy decisions included); both programs replay its move
# list and their JSON Lines records (game headers, plies, results, match
# result) must be identical. The seed decides the options: single games
# with K2.4 endless_move, C0.4 skip_origin and C0.7 max_plies, and matches
# with the K2.9 options remainder, buy, next_starter and match_games.
# Exits 1 at the first mismatch, printing seed, options, moves and the diff.
set -u

count=${1:-120}
case $count in ''|*[!0-9]*) echo "usage: $0 [GAME_COUNT]" >&2; exit 2;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
ref="$root/tests/ref/adji_kui_2.py"
py=${PYTHON:-python3}
sow=${SOW:-$root/build/sow}
if [ ! -x "$sow" ]; then
    echo "crosscheck: no engine binary at $sow (build it, or set SOW)" >&2
    exit 2
fi

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

# Options of a seed: single games and matches, defaults and alternatives.
options_for() {
    case $(($1 % 8)) in
        1) echo "endless_move=end_game" ;;
        2) echo "match=true" ;;
        3) echo "match=true buy=nearest" ;;
        4) echo "match=true remainder=winner_owns next_starter=loser match_games=5" ;;
        5) echo "skip_origin=true" ;;
        6) echo "match=true next_starter=winner endless_move=end_game max_plies=40 match_games=6" ;;
        7) echo "skip_origin=true max_plies=30" ;;
        *) echo "" ;;
    esac
}

seed=1
while [ "$seed" -le "$count" ]; do
    opts=$(options_for "$seed")
    set --
    for o in $opts; do set -- "$@" --option "$o"; done

    if ! moves=$("$py" "$ref" random --seed "$seed" "$@"); then
        echo "crosscheck: reference failed on seed $seed" >&2
        exit 2
    fi
    "$py" "$ref" replay --moves "$moves" "$@" >"$tmp/ref.jsonl" 2>"$tmp/ref.err"
    rc_ref=$?
    "$sow" replay adji-kui-2 --moves "$moves" "$@" --json >"$tmp/sow.jsonl" 2>"$tmp/sow.err"
    rc_sow=$?

    if [ "$rc_ref" -ne 0 ] || [ "$rc_sow" -ne 0 ] ||
       ! cmp -s "$tmp/ref.jsonl" "$tmp/sow.jsonl"; then
        echo "crosscheck adji-kui-2: MISMATCH at seed $seed"
        echo "options: ${opts:-(defaults)}"
        echo "moves: $moves"
        echo "exit status: reference $rc_ref, sow $rc_sow"
        cat "$tmp/ref.err" "$tmp/sow.err"
        diff -u --label reference --label sow "$tmp/ref.jsonl" "$tmp/sow.jsonl" | head -40
        echo "crosscheck adji-kui-2: $seed games, 1 mismatches"
        exit 1
    fi
    seed=$((seed + 1))
done
echo "crosscheck adji-kui-2: $count games, 0 mismatches"
