#!/usr/bin/env bash
# docs/pictures.sh - the pictures of docs/learning.md, drawn by
# sow draw (engine/observe/sow_svg.c). Run from anywhere:
#
#   bash docs/pictures.sh            write docs/*.svg (with build/sow)
#   bash docs/pictures.sh --check    print "same" if they are up to date
#
# SOW=path picks another sow binary.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
sow=${SOW:-build/sow}
check=0
[ "${1:-}" = --check ] && check=1
out=docs
if [ $check -eq 1 ]; then
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi
match=$(grep -v '^#' tests/golden/kui2_match.args | sed -n 3p)
"$sow" draw adji-kui-1 --moves "2 7 4 6 0 11 1" --svg "$out/adji-kui-1.svg"
"$sow" draw adji-kui-2 --option match=true --option match_games=3 \
    --moves "$match" --ply 112 --svg "$out/adji-kui-2.svg"
"$sow" draw adji-boto --moves "0 5 1 8 2 9 4 7 3 6 4 6 3 8 4 7" \
    --svg "$out/adji-boto.svg"
"$sow" draw andada --moves "2 first:0 6 14" --svg "$out/andada.svg"
if [ $check -eq 1 ]; then
    for f in adji-kui-1 adji-kui-2 adji-boto andada; do
        if ! cmp -s "$out/$f.svg" "docs/$f.svg"; then
            echo "docs/$f.svg is not what sow draw gives now: run bash docs/pictures.sh"
            exit 1
        fi
    done
    echo same
fi
