#!/bin/sh
# Cross-check the C engine against the independent Python reference of
# Adji Kui I (tests/ref/adji_kui_1.py), ply by ply, byte for byte.
#
#   tests/crosscheck.sh [GAME_COUNT]        (default 200)
#   SOW=path/to/sow PYTHON=python3 tests/crosscheck.sh 1000
#
# For seeds 1..GAME_COUNT the reference plays a random game; both programs
# replay its move list and their JSON Lines records must be identical.
# Some seeds use non-default options (K1.7 endless, C0.4 skip_origin,
# C0.7 max_plies). Exits 1 at the first mismatch, printing seed, options,
# moves and the diff.
set -u

count=${1:-200}
case $count in ''|*[!0-9]*) echo "usage: $0 [GAME_COUNT]" >&2; exit 2;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
ref="$root/tests/ref/adji_kui_1.py"
py=${PYTHON:-python3}
sow=${SOW:-$root/build/sow}
if [ ! -x "$sow" ]; then
    echo "crosscheck: no engine binary at $sow (build it, or set SOW)" >&2
    exit 2
fi

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

# Options of a seed: mostly defaults, a fraction with each alternative.
options_for() {
    case $(($1 % 8)) in
        3) echo "endless=no_capture_plies:20" ;;
        5) echo "skip_origin=true" ;;
        6) echo "max_plies=30" ;;
        7) echo "skip_origin=true endless=no_capture_plies:20" ;;
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
    "$sow" replay adji-kui-1 --moves "$moves" "$@" --json >"$tmp/sow.jsonl" 2>"$tmp/sow.err"
    rc_sow=$?

    if [ "$rc_ref" -ne 0 ] || [ "$rc_sow" -ne 0 ] ||
       ! cmp -s "$tmp/ref.jsonl" "$tmp/sow.jsonl"; then
        echo "crosscheck adji-kui-1: MISMATCH at seed $seed"
        echo "options: ${opts:-(defaults)}"
        echo "moves: $moves"
        echo "exit status: reference $rc_ref, sow $rc_sow"
        cat "$tmp/ref.err" "$tmp/sow.err"
        diff -u --label reference --label sow "$tmp/ref.jsonl" "$tmp/sow.jsonl" | head -40
        echo "crosscheck adji-kui-1: $seed games, 1 mismatches"
        exit 1
    fi
    seed=$((seed + 1))
done
echo "crosscheck adji-kui-1: $count games, 0 mismatches"
