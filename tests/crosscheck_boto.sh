#!/bin/sh
# Cross-check the C engine against the independent Python reference of
# Adji-Boto (tests/ref/adji_boto.py), ply by ply, byte for byte.
#
#   tests/crosscheck_boto.sh [GAME_COUNT]        (default 200)
#   SOW=path/to/sow PYTHON=python3 tests/crosscheck_boto.sh 1000
#
# For seeds 1..GAME_COUNT the reference plays a random game; both programs
# replay its move list and their JSON Lines records must be identical.
# The seed decides the options: defaults, B.4 empty_in_chain=skip, C0.4
# skip_origin=true, C0.7 max_plies=30 (some games end unfinished, some in
# the B.3 opening with max_plies=7), and combinations of them.
# Exits 1 at the first mismatch, printing seed, options, moves and the diff.
set -u

count=${1:-200}
case $count in ''|*[!0-9]*) echo "usage: $0 [GAME_COUNT]" >&2; exit 2;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
ref="$root/tests/ref/adji_boto.py"
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
    case $(($1 % 10)) in
        1) echo "empty_in_chain=skip" ;;
        3) echo "skip_origin=true" ;;
        4) echo "max_plies=30" ;;
        5) echo "empty_in_chain=skip skip_origin=true" ;;
        7) echo "empty_in_chain=break skip_origin=false max_plies=10000" ;;
        8) echo "skip_origin=true max_plies=30" ;;
        9) case $(($1 % 20)) in
               9) echo "empty_in_chain=skip max_plies=30" ;;
               *) echo "empty_in_chain=skip skip_origin=true max_plies=7" ;;
           esac ;;
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
    "$sow" replay adji-boto --moves "$moves" "$@" --json >"$tmp/sow.jsonl" 2>"$tmp/sow.err"
    rc_sow=$?

    if [ "$rc_ref" -ne 0 ] || [ "$rc_sow" -ne 0 ] ||
       ! cmp -s "$tmp/ref.jsonl" "$tmp/sow.jsonl"; then
        echo "crosscheck adji-boto: MISMATCH at seed $seed"
        echo "options: ${opts:-(defaults)}"
        echo "moves: $moves"
        echo "exit status: reference $rc_ref, sow $rc_sow"
        cat "$tmp/ref.err" "$tmp/sow.err"
        diff -u --label reference --label sow "$tmp/ref.jsonl" "$tmp/sow.jsonl" | head -40
        echo "crosscheck adji-boto: $seed games, 1 mismatches"
        exit 1
    fi
    seed=$((seed + 1))
done
echo "crosscheck adji-boto: $count games, 0 mismatches"
