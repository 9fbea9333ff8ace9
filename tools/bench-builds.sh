#!/bin/bash
# bench-builds.sh - two builds of sow side by side on the same games, in
# one interleaved run (this machine's clock varies by 30%: runs of each
# build alternate, so a slow spell falls on both).
#
#   tools/bench-builds.sh [--rounds N] [--seconds S] OLD_TREE NEW_TREE VARIANT...
#
# OLD_TREE and NEW_TREE are source trees with a built build/sow (e.g. an
# older commit unpacked with `git archive C | tar -x -C /tmp/old` and built
# with `make build/sow`); each runs from its own tree, so each finds its own
# variants. For every variant, N rounds (default 5) of `sow bench VARIANT
# --seconds S` (default 1) alternate between the two; the line printed
# gives each build's median plies a second and new/old.
set -euo pipefail

usage() {
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
}

rounds=5 seconds=1
while [ $# -gt 0 ]; do
    case "$1" in
    -h | --help) usage; exit 0 ;;
    --rounds) rounds=${2:?--rounds needs a number}; shift 2 ;;
    --seconds) seconds=${2:?--seconds needs a number}; shift 2 ;;
    --*) echo "bench-builds.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) break ;;
    esac
done
if [ $# -lt 3 ]; then
    echo "bench-builds.sh: give OLD_TREE NEW_TREE and at least one variant (see --help)" >&2
    exit 2
fi
case "$rounds$seconds" in
*[!0-9.]*) echo "bench-builds.sh: --rounds and --seconds take numbers" >&2; exit 2 ;;
esac
old=$1 new=$2
shift 2
for t in "$old" "$new"; do
    if [ ! -x "$t/build/sow" ]; then
        echo "bench-builds.sh: $t/build/sow is missing: build it with 'make -C $t build/sow'" >&2
        exit 2
    fi
done

# one bench run: its plies per second
plies() {
    (cd "$1" && ./build/sow bench "$2" --seconds "$seconds") |
        sed -n 's/.*plies_per_s=\([0-9]*\).*/\1/p'
}

median() {
    sort -n | awk '{v[NR] = $1} END {print NR % 2 ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2)}'
}

printf '%-16s %14s %14s %8s\n' variant old_plies_s new_plies_s new/old
for v in "$@"; do
    a="" b=""
    for ((r = 0; r < rounds; r++)); do
        x=$(plies "$old" "$v") && y=$(plies "$new" "$v") || {
            echo "bench-builds.sh: sow bench $v failed in one of the trees" >&2
            exit 1
        }
        a="$a$x"$'\n' b="$b$y"$'\n'
    done
    ma=$(printf '%s' "$a" | median) mb=$(printf '%s' "$b" | median)
    printf '%-16s %14s %14s %8s\n' "$v" "$ma" "$mb" \
        "$(awk -v a="$ma" -v b="$mb" 'BEGIN {printf "%.3f", a ? b / a : 0}')"
done
