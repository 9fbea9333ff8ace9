#!/bin/bash
# Cross-check the C engine against an independent Python reference
# (tests/ref/), ply by ply, byte for byte.
#
#   tests/crosscheck.sh VARIANT [GAME_COUNT]
#   SOW=path/to/sow PYTHON=python3 tests/crosscheck.sh andada 1000
#
# For seeds 1..GAME_COUNT the reference plays a random game (or match);
# both programs replay its move list and their JSON Lines records must be
# identical. What differs between variants is data, in
# tests/crosscheck/VARIANT.txt (see tests/crosscheck/README): the
# reference script, the options of each seed, the default game count, and
# fixed cases (positions with an endless move, played under end_game and
# under forbid). Exits 1 at the first mismatch, printing seed, options,
# moves and the diff; 2 on a usage or setup problem.
set -u

root=$(cd "$(dirname "$0")/.." && pwd)
usage() {
    echo "usage: $0 VARIANT [GAME_COUNT]; VARIANT is one of:" \
        $(cd "$root/tests/crosscheck" && ls *.txt | sed 's/\.txt$//') >&2
    exit 2
}
[ $# -ge 1 ] && [ $# -le 2 ] || usage
variant=$1
data="$root/tests/crosscheck/$variant.txt"
[ -f "$data" ] || usage

# field KEY: the value of the first "KEY VALUE" line of the data file
field() { sed -n "s/^$1 \\([^#]*[^ #]\\) *\\(#.*\\)\\{0,1\\}\$/\\1/p" "$data" | head -1; }
ref="$root/tests/ref/$(field reference)"
count=${2:-$(field games)}
case $count in ''|*[!0-9]*) usage;; esac
py=${PYTHON:-python3}
sow=${SOW:-$root/build/sow}
if [ ! -x "$sow" ]; then
    echo "crosscheck: no engine binary at $sow (build it, or set SOW)" >&2
    exit 2
fi
[ -f "$ref" ] || { echo "crosscheck: $data names no reference in tests/ref/" >&2; exit 2; }

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

# The options of seeds 1..count, one line each (tests/crosscheck/README).
awk -v count="$count" '
    { sub(/#.*/, "") }
    function add(name) { if (!(name in seen)) { seen[name] = 1; order[++n] = name } }
    function has(list, r,   k, parts) {
        k = split(list, parts, ",")
        for (; k > 0; k--) if (parts[k] == r) return 1
        return 0
    }
    $1 == "option" { add($2); r++; rname[r] = $2; rmod[r] = $3; rres[r] = $4; rval[r] = $5 }
    $1 == "default" { add($2); def[$2] = $3 }
    $1 == "spell" { smod = $2; sres = $3 }
    END {
        for (s = 1; s <= count; s++) {
            spell = smod && has(sres, s % smod)
            line = ""
            for (i = 1; i <= n; i++) {
                v = ""
                for (k = 1; k <= r && v == ""; k++)
                    if (rname[k] == order[i] && has(rres[k], s % rmod[k])) v = rval[k]
                if (v == "" && spell && (order[i] in def)) v = def[order[i]]
                if (v != "") line = line (line == "" ? "" : " ") order[i] "=" v
            }
            print line
        }
    }' "$data" >"$tmp/options" || exit 2

# compare LABEL OPTS MOVES: replay MOVES under OPTS with both programs.
compare() {
    local label=$1 opts=$2 moves=$3
    set --
    for o in $opts; do set -- "$@" --option "$o"; done
    "$py" "$ref" replay --moves "$moves" "$@" >"$tmp/ref.jsonl" 2>"$tmp/ref.err"
    local rc_ref=$?
    "$sow" replay "$variant" --moves "$moves" "$@" --json >"$tmp/sow.jsonl" 2>"$tmp/sow.err"
    local rc_sow=$?
    # the names of the game in the first line are sow's, not the
    # reference's (checked by tests/golden/run.sh)
    sed -E -i -f "$root/tests/record-names.sed" "$tmp/sow.jsonl"
    if [ "$rc_ref" -ne 0 ] || [ "$rc_sow" -ne 0 ] ||
       ! cmp -s "$tmp/ref.jsonl" "$tmp/sow.jsonl"; then
        echo "crosscheck $variant: MISMATCH at $label"
        echo "options: ${opts:-(defaults)}"
        echo "moves: $moves"
        echo "exit status: reference $rc_ref, sow $rc_sow"
        cat "$tmp/ref.err" "$tmp/sow.err"
        diff -u --label reference --label sow "$tmp/ref.jsonl" "$tmp/sow.jsonl" | head -40
        return 1
    fi
}

# random_moves SEED OPTS [PREFIX]: the reference's random game.
random_moves() {
    local rs=$1 ropts=$2 prefix=${3:-}
    set --
    for o in $ropts; do set -- "$@" --option "$o"; done
    if [ -n "$prefix" ]; then set -- "$@" --moves "$prefix"; fi
    "$py" "$ref" random --seed "$rs" "$@"
}

seed=0
while IFS= read -r opts; do
    seed=$((seed + 1))
    if ! moves=$(random_moves "$seed" "$opts"); then
        echo "crosscheck: reference failed on seed $seed" >&2
        exit 2
    fi
    if ! compare "seed $seed" "$opts" "$moves"; then
        echo "crosscheck $variant: $seed games, 1 mismatches"
        exit 1
    fi
done <"$tmp/options"

fixed=0
while IFS='|' read -r fopts prefix hole; do
    fixed=$((fixed + 1))
    done_text="$count games and $fixed fixed cases"
    if ! compare "fixed case $fixed (end_game)" \
         "$fopts endless_move=end_game" "$prefix $hole"; then
        echo "crosscheck $variant: $done_text, 1 mismatches"
        exit 1
    fi
    if ! moves=$(random_moves "$fixed" "$fopts" "$prefix"); then
        echo "crosscheck: reference failed on fixed case $fixed" >&2
        exit 2
    fi
    if ! compare "fixed case $fixed (forbid)" "$fopts" "$moves"; then
        echo "crosscheck $variant: $done_text, 1 mismatches"
        exit 1
    fi
done < <(sed -n 's/^fixed //p' "$data")
if [ "$fixed" -gt 0 ]; then
    echo "crosscheck $variant: $count games and $fixed fixed cases, 0 mismatches"
else
    echo "crosscheck $variant: $count games, 0 mismatches"
fi
