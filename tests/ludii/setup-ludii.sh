#!/bin/bash
# tests/ludii/setup-ludii.sh - fetch and build Ludii outside the project, for
# make crosscheck-ludii (docs/testing.md, "The three- and four-row games
# against Ludii").
#
#   tests/ludii/setup-ludii.sh [LUDII_DIR [GIT_SOURCE]]
#
# LUDII_DIR (default ../ludii beside the project) receives src/, a clone of
# GIT_SOURCE (default https://github.com/PadLex/Ludii.git, the August 2023
# master the catalogue was read against; a local mirror works too), and
# build/classes, Ludii's modules Common, Language and Core compiled with
# plain javac (about 1,500 files; a JDK 17: Debian's openjdk-17-jdk-headless).
# Ludii is CC BY-NC-ND 4.0: it is run from there, unmodified, and nothing of
# it enters this repository.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:-$(dirname "$root")/ludii}
src=${2:-https://github.com/PadLex/Ludii.git}
command -v javac >/dev/null || { echo "setup-ludii: no javac (Debian: apt-get install openjdk-17-jdk-headless)" >&2; exit 2; }
mkdir -p "$dir"
cd "$dir"
if [ ! -d src/.git ]; then
    # a sparse checkout: a few large data files of Ludii's Mining module
    # are not needed to play games (and some snapshots lack them)
    git clone -q --no-checkout "$src" src
    git -C src sparse-checkout init --no-cone
    printf '/*\n!/Mining/res/recons/input/*.csv\n' > src/.git/info/sparse-checkout
    git -C src checkout -q master 2>&1 | grep -v 'invalid object' || true
fi
echo "setup-ludii: Ludii at $(git -C src rev-parse HEAD)"
libs=src/Common/lib/json-20180813.jar:src/Common/lib/Trove4j_ApacheCommonsRNG.jar:src/Common/lib/jfreesvg-3.4.jar
rm -rf build/classes && mkdir -p build/classes
find src/Common/src src/Language/src src/Core/src -name '*.java' > build/sources.txt
echo "setup-ludii: compiling $(wc -l < build/sources.txt) Ludii sources into $dir/build/classes"
# -parameters is required: Ludii's grammar reads constructor parameter
# names by reflection (without it every game fails with "Unexpected syntax")
javac -parameters -nowarn -encoding UTF-8 -J-Xmx4g -d build/classes -cp "$libs" @build/sources.txt 2>&1 |
    grep -v '^Note:' || true
[ -d build/classes/game ] || { echo "setup-ludii: the build failed" >&2; exit 1; }
echo "setup-ludii: done; run: LUDII_DIR=$dir make crosscheck-ludii"
