#!/usr/bin/env bash
# tests/docs/examples.sh - run the command examples of README.md and docs/*.md
# so that none of them goes stale.
#
#   SOW=build/sow bash tests/docs/examples.sh
#
# Every ```sh block whose lines are all commands this script knows how to
# run safely (build/sow ..., SOW_VARIANTS=... build/sow ..., VAR=$(...),
# mkdir, cp, sed -i, comments) runs in a fresh temporary folder where
# build/sow is $SOW and variants/, tests/ and schemas/ are the repository's;
# it must exit 0 within 120 seconds. Other blocks (GNU parallel, Slurm, the
# fuzz targets, installed `sow`) are counted as not run, and a block after
# a line `<!-- examples: skip -->` is skipped on purpose (files that are
# only named as an illustration). To keep the run short, --games is capped
# at 20, --seconds at 1 and --repeat at 3: the commands are checked, not the
# numbers. Standard input is empty, so `sow play` stops at once.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
sow=${SOW:-$root/build/sow}
case $sow in /*) ;; *) sow=$PWD/$sow ;; esac
[ -x "$sow" ] || { echo "examples: no sow at $sow (build it, or set SOW)"; exit 2; }

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

ran=0 skipped=0 failed=0 n=0
# Blocks as files: one file per runnable block, named after its place.
extract() {
    awk -v out="$tmp/blocks" -v doc="$1" '
        /^<!-- examples: skip -->/ { skipnext = 1; next }
        /^```sh[[:space:]]*$/ { inb = 1; start = NR; body = ""; ok = 1; next }
        inb && /^```/ {
            inb = 0
            kind = skipnext ? "skip" : (ok ? "run" : "other")
            skipnext = 0
            d = doc; gsub(/\//, "_", d)
            f = sprintf("%s/%s.%05d.%s", out, d, start, kind)
            printf "%s", body > f; close(f)
            next
        }
        inb {
            body = body $0 "\n"
            line = $0
            sub(/^[[:space:]]+/, "", line)
            if (line == "" || line ~ /^#/) next
            if (line ~ /^build\/sow / || line ~ /^SOW_VARIANTS=[^ ]+ build\/sow / ||
                line ~ /^[A-Z][A-Z0-9_]*=\$\(/ || line ~ /^mkdir -p / ||
                line ~ /^cp / || line ~ /^sed -i /) next
            ok = 0
        }' "$root/$1"
}
mkdir -p "$tmp/blocks"
for doc in README.md docs/*.md; do
    (cd "$root" && extract "$doc")
done

for b in "$tmp"/blocks/*; do
    [ -e "$b" ] || continue
    n=$((n + 1))
    name=$(basename "$b")
    case $name in
        *.skip|*.other) skipped=$((skipped + 1)); continue ;;
    esac
    work="$tmp/work.$n"
    mkdir -p "$work/build"
    ln -s "$sow" "$work/build/sow"
    for d in variants tests schemas; do ln -s "$root/$d" "$work/$d"; done
    # the caps, then the block
    sed -E -e 's/--games [0-9]{3,}/--games 20/g' -e 's/--games ([2-9][0-9])( |$)/--games 20\2/g' \
           -e 's/--seconds [0-9]+/--seconds 1/g' -e 's/--repeat [0-9]+/--repeat 3/g' \
           "$b" > "$work/block.sh"
    if (cd "$work" && timeout 120 bash -e block.sh </dev/null >"$work/out" 2>&1); then
        ran=$((ran + 1))
    else
        failed=$((failed + 1))
        doc=${name%.*}; doc=${doc%.*}
        line=${name%.*}; line=${line##*.}
        echo "FAIL ${doc//_//} (the block at line $((10#$line))):"
        sed 's/^/    /' "$work/block.sh"
        tail -5 "$work/out" | sed 's/^/  > /'
    fi
done
echo "examples: $ran blocks run, $failed failed, $skipped not runnable here"
[ "$failed" = 0 ] && [ "$ran" -gt 0 ]
