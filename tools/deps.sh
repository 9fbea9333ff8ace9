#!/usr/bin/env bash
# Install what sow needs to build and test, from Debian's packages, if it is
# missing. Safe to run again: installs nothing when all is present.
# Run as root, or as a user who may use sudo. SOW_WEB=1: also what the
# web page needs (make web: emscripten, chromium, deb-src entries).
set -euo pipefail

# build: compiler, make, pkg-config and the three libraries (found through
# pkg-config); tests: cmocka, python3 with jsonschema and yaml (schema
# validation and the reference implementation), valgrind (optional runs).
PKGS=(gcc make pkg-config liblua5.4-dev libyaml-dev libcmocka-dev
      python3 python3-jsonschema python3-yaml)
if [ "${SOW_DEPS_EXTRA:-}" != "" ]; then
    read -r -a extra <<<"$SOW_DEPS_EXTRA"
    PKGS+=("${extra[@]}")
fi

# SOW_WEB=1: what make web and its browser tests need too: emscripten,
# chromium, and a deb-src entry, through which make web fetches the
# upstream sources of Lua and libyaml (web/fetch.sh)
SUDO=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null; then SUDO=sudo; fi
refresh=0
if [ "${SOW_WEB:-}" = 1 ]; then
    PKGS+=(emscripten chromium)
    if ! grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/; then
        echo "deps: adding deb-src entries (make web fetches Lua's and libyaml's sources)"
        for f in /etc/apt/sources.list.d/*.sources; do
            [ -f "$f" ] || continue
            sed -e 's/^Types:.*/Types: deb-src/' "$f" |
                $SUDO tee "/etc/apt/sources.list.d/sow-src-$(basename "$f")" >/dev/null
        done
        if [ -s /etc/apt/sources.list ]; then
            { grep -E '^deb ' /etc/apt/sources.list || true; } | sed 's/^deb /deb-src /' |
                $SUDO tee /etc/apt/sources.list.d/sow-src.list >/dev/null
        fi
        refresh=1
    fi
fi
if [ "$refresh" = 1 ]; then
    $SUDO apt-get update
fi

missing=()
for p in "${PKGS[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "deps: everything is installed"
    exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
    if [ -n "$SUDO" ]; then :; else
        echo "deps: missing ${missing[*]}; run this script as root" >&2
        exit 1
    fi
fi
echo "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# try with the package lists we have; refresh them only if that fails
if ! $SUDO apt-get install -y --no-install-recommends "${missing[@]}"; then
    $SUDO apt-get update
    $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi
