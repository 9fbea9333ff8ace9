#!/usr/bin/env bash
# tests/web/run.sh - the page of `make web` in headless Chromium (issue 17):
# builds build/web/ (make web) and runs tests/web/test_page.py on it, which
# plays every shipped variant through the page's controls and compares
# with the native sow, opens shareable URLs, breaks and edits variants in
# the workbench, and measures the page's speed against sow bench.
# Screenshots go to build/test-artifacts/web-*.png (ARTIFACTS=DIR).
#
#   SOW=build/sow bash tests/web/run.sh     (CHROMIUM=path, EMCC=emcc,
#                                            WEB_PLIES=N caps each game)
#
# Without emcc or chromium it says so and exits 0 (`make check` runs it;
# `SOW_WEB=1 tools/deps.sh` installs both). The sanitizer build skips it:
# the page is the same for both, and the plain make check tests it.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
sow=${SOW:-build/sow}
case $sow in /*) ;; *) sow="$root/$sow" ;; esac
if [ "${SANITIZE:-}" = 1 ]; then
    echo "web: skipped in the sanitizer build (the plain make check runs the page's browser tests)"
    exit 0
fi
emcc=${EMCC:-emcc}
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if ! command -v "$emcc" >/dev/null; then
    echo "web: emcc not found: the page's browser tests are SKIPPED (SOW_WEB=1 tools/deps.sh installs emscripten)"
    exit 0
fi
if [ -z "$chromium" ]; then
    echo "web: chromium not found: the page's browser tests are SKIPPED (SOW_WEB=1 tools/deps.sh installs it)"
    exit 0
fi
if [ ! -x "$sow" ]; then
    echo "web: no sow binary at $sow (build it, or set SOW)" >&2
    exit 2
fi
(cd "$root" && ${MAKE:-make} --no-print-directory web EMCC="$emcc") || {
    echo "web: FAIL: make web"
    exit 1
}
export CHROMIUM="$chromium"
exec python3 "$here/test_page.py" --page "$root/build/web/index.html" --sow "$sow" \
    --artifacts "${ARTIFACTS:-$root/build/test-artifacts}" --plies "${WEB_PLIES:-2000}"
