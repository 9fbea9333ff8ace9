#!/bin/bash
# tests/lib/run.sh - libsow as an installed library (make check runs it):
#  1. `make install DESTDIR=tmp` puts libsow.a, libsow.so with its soname,
#     the public headers and sow.pc where they belong;
#  2. the shared library exports exactly the SOW_API functions of the
#     public headers (include/sow/*.h), every one named sow_...;
#  3. examples/random_game.c builds against the install through
#     `pkg-config --cflags --libs sow` (and statically through
#     `pkg-config --static`), runs, and its record is byte for byte what
#     `sow replay --json` writes for its move list, for every shipped
#     variant (Adji Kui II as a match too).
# Usage: MAKE=make B=build bash tests/lib/run.sh
set -u
cd "$(dirname "$0")/../.." || exit 2
B=${B:-build}
MAKE=${MAKE:-make}
CC=${CC:-cc}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fails=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fails=$((fails + 1)); }

dest=$tmp/dest
prefix=/usr/local
if ! $MAKE -s install B="$B" DESTDIR="$dest" PREFIX=$prefix >"$tmp/install.log" 2>&1; then
    cat "$tmp/install.log"
    bad "make install DESTDIR"
    exit 1
fi
lib=$dest$prefix/lib
for f in libsow.a libsow.so libsow.so.0 pkgconfig/sow.pc; do
    [ -e "$lib/$f" ] && ok "installed lib/$f" || bad "lib/$f missing"
done
for h in include/sow/*.h; do
    [ -f "$dest$prefix/$h" ] && ok "installed $h" || bad "$h missing"
done
soname=$(objdump -p "$lib/libsow.so" 2>/dev/null | awk '/SONAME/ {print $2}')
[ "$soname" = libsow.so.0 ] && ok "soname $soname" || bad "soname is '$soname', not libsow.so.0"

# 2. the exports: defined dynamic symbols vs SOW_API declarations
nm -D --defined-only "$lib/libsow.so" | awk '{print $3}' | sort >"$tmp/exported"
sed -n 's/.*SOW_API[^(]*[ *]\(sow_[a-z0-9_]*\)(.*/\1/p' include/sow/*.h | sort -u >"$tmp/declared"
if [ -s "$tmp/declared" ] && cmp -s "$tmp/exported" "$tmp/declared"; then
    ok "exports: the $(wc -l <"$tmp/declared") SOW_API functions and nothing else"
else
    bad "exports differ from the SOW_API declarations (< exported, > declared):"
    diff "$tmp/exported" "$tmp/declared" | head -20
fi
grep -v '^sow_' "$tmp/exported" | head -5 | sed 's/^/  not sow_: /'

# 3. the example, through pkg-config against the install
export PKG_CONFIG_PATH=$lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$dest
if ! pkg-config --exists sow; then
    bad "pkg-config does not find sow.pc"
    exit 1
fi
# a staged install relocates: sow.pc writes its folders from ${prefix}, so
# --define-prefix (the prefix taken from where sow.pc is found) points into
# the stage (issue 23)
moved=$(PKG_CONFIG_SYSROOT_DIR= pkg-config --define-prefix --cflags --libs sow)
case " $moved " in
*" -I$dest$prefix/include "*" -L$dest$prefix/lib "*)
    ok "pkg-config --define-prefix relocates sow.pc into the stage" ;;
*) bad "pkg-config --define-prefix gives '$moved', not the stage $dest$prefix" ;;
esac
ver=$(pkg-config --modversion sow)
want=$(sed -n 's/^#define SOW_VERSION_STRING "\(.*\)"/\1/p' include/sow/version.h)
[ "$ver" = "$want" ] && ok "pkg-config --modversion sow: $ver" || bad "modversion $ver, headers say $want"
# shellcheck disable=SC2046
if $CC -std=c11 -Wall -Wextra -Werror examples/random_game.c \
       $(pkg-config --cflags --libs sow) -o "$tmp/random_game" 2>"$tmp/cc.log"; then
    ok "examples/random_game.c builds with pkg-config --cflags --libs sow"
else
    cat "$tmp/cc.log"; bad "the example does not build"; exit 1
fi
# shellcheck disable=SC2046
if $CC -std=c11 -Wall -Werror examples/random_game.c $(pkg-config --cflags sow) \
       "$lib/libsow.a" $(pkg-config --static --libs sow | sed 's/-lsow//') \
       -o "$tmp/random_game_static" 2>"$tmp/cc2.log"; then
    ok "the example links statically (pkg-config --static: Requires.private)"
else
    cat "$tmp/cc2.log"; bad "static link"
fi
export SOW_VARIANTS=$dest$prefix/share/sow/variants LD_LIBRARY_PATH=$lib
ldd "$tmp/random_game" | grep -q "libsow.so.0 => $lib" &&
    ok "the example runs on the installed libsow.so.0" || bad "ldd: not the installed library"

check_game() { # variant seed options...
    local v=$1 seed=$2; shift 2
    local args=()
    for o in "$@"; do args+=(--option "$o"); done
    for bin in random_game random_game_static; do
        if ! "$tmp/$bin" "$v" "$seed" "$@" >"$tmp/rec" 2>"$tmp/err"; then
            bad "$bin $v $seed $*: exit $? ($(tail -1 "$tmp/err"))"; continue
        fi
        local moves
        moves=$(sed -n 's/^moves: //p' "$tmp/err")
        "$B/sow" replay "$v" --moves "$moves" "${args[@]}" --json >"$tmp/want" 2>&1
        if [ -s "$tmp/rec" ] && cmp -s "$tmp/rec" "$tmp/want"; then
            ok "$bin $v seed $seed ${*:-}: record = sow replay --json ($(wc -l <"$tmp/rec") lines)"
        else
            bad "$bin $v seed $seed: record differs from sow replay --json"
            diff "$tmp/rec" "$tmp/want" | head -5
        fi
    done
}
for v in adji-kui-1 adji-kui-2 adji-boto andada; do
    for seed in 1 2 3; do check_game "$v" "$seed"; done
done
check_game adji-kui-2 5 match=true
check_game adji-kui-1 9 skip_origin=true

# the manual's examples run: every C block of docs/embedding.md builds
# against the install and exits 0
awk '/^```c$/ {n++; f=sprintf("'"$tmp"'/doc%d.c", n); on=1; next}
     /^```$/ {on=0; next} on {print > f}' docs/embedding.md
ndoc=0
for src in "$tmp"/doc*.c; do
    [ -f "$src" ] || continue
    ndoc=$((ndoc + 1))
    # shellcheck disable=SC2046
    if $CC -std=c11 -Wall -Wextra -Werror "$src" $(pkg-config --cflags --libs sow) \
           -o "${src%.c}" 2>"$tmp/cc.log" && "${src%.c}" >"$tmp/doc.out" 2>&1 &&
       grep -q '^legal:' "$tmp/doc.out" && grep -q '^{"ply":0,' "$tmp/doc.out"; then
        ok "docs/embedding.md example $ndoc builds and runs"
    else
        bad "docs/embedding.md example $ndoc: $(cat "$tmp/cc.log" "$tmp/doc.out" | head -5)"
    fi
done
[ $ndoc -gt 0 ] || bad "no C example found in docs/embedding.md"

# errors come back as values with their place
"$tmp/random_game" no-such-variant 1 >/dev/null 2>"$tmp/err"
rc=$?
[ $rc = 1 ] && grep -q "no variant 'no-such-variant'" "$tmp/err" &&
    ok "an unknown variant is an error value" || bad "unknown variant: rc $rc, $(cat "$tmp/err")"
"$tmp/random_game" adji-kui-1 1 nope=1 >/dev/null 2>"$tmp/err"
grep -q "nope" "$tmp/err" && ok "an unknown option is an error value" || bad "unknown option: $(cat "$tmp/err")"

[ $fails = 0 ] && echo "lib: all passed" || echo "lib: $fails failed"
exit $((fails > 0))
