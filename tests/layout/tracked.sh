#!/bin/bash
# tests/layout/tracked.sh - no build output is committed (issue 23): git
# tracks no file under a build folder (build/, build-san/, build-*/, as
# .gitignore says), no object, archive, shared library, dependency file,
# WebAssembly module or Python cache, and no executable binary (ELF, by its
# first bytes). Prints each offending path and exits 1; exits 0 when the
# tree is clean, and skips (exit 0, saying so) outside a git checkout.
set -u
cd "$(dirname "$0")/../.." || exit 2
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    echo "tracked: skipped (not a git checkout)"
    exit 0
fi
bad=0
while IFS= read -r -d '' f; do
    why=""
    case "/$f" in
    */build/* | */build-*/*) why="under a build folder" ;;
    *.o | *.a | *.so | *.so.* | *.d | *.wasm | *.pyc | */__pycache__/*)
        why="a build output by its name" ;;
    esac
    if [ -z "$why" ] && [ -f "$f" ] && [ ! -L "$f" ] &&
       [ "$(head -c 4 -- "$f" | od -An -tx1 | tr -d ' \n')" = 7f454c46 ]; then
        why="an ELF binary"
    fi
    if [ -n "$why" ]; then
        echo "tracked: $f is $why: remove it (git rm --cached) and let .gitignore cover it"
        bad=1
    fi
done < <(git ls-files -z)
[ $bad = 0 ] && echo "tracked: no build output or binary is committed"
exit $bad
