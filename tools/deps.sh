#!/usr/bin/env bash
# Install what sow needs to build and test, from Debian's packages, if it is
# missing. Safe to run again: installs nothing when all is present.
# Run as root, or as a user who may use sudo.
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

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then SUDO=sudo; else
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
