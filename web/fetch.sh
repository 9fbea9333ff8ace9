#!/usr/bin/env bash
# web/fetch.sh DIR - the upstream sources of Lua and libyaml for the web
# build (make web), at pinned versions, checked against their SHA-256.
#
# The tarballs are Debian's copies of the upstream releases (the .orig
# tarballs of the source packages lua5.4 and libyaml), fetched with
# `apt-get source --download-only`: that needs a deb-src entry, which
# `SOW_WEB=1 tools/deps.sh` adds. Nothing third-party is kept in the
# repository; a tarball already in DIR with the right hash is reused.
# Each is unpacked into DIR/lua and DIR/yaml.
set -euo pipefail
dir=${1:?usage: web/fetch.sh DIR}
mkdir -p "$dir"
cd "$dir"

# package  tarball  sha256  folder
pins=(
"lua5.4 lua5.4_5.4.4.orig.tar.gz 164c7849653b80ae67bec4b7473b884bf5cc8d2dca05653475ec2ed27b9ebf61 lua"
"libyaml libyaml_0.2.5.orig.tar.gz fa240dbf262be053f3898006d502d514936c818e422afdcf33921c63bed9bf2e yaml"
)

for pin in "${pins[@]}"; do
    read -r pkg tarball sum folder <<<"$pin"
    if [ -f "$folder/.ok" ] && [ "$(cat "$folder/.ok")" = "$sum" ]; then
        continue
    fi
    if ! echo "$sum  $tarball" | sha256sum -c --status 2>/dev/null; then
        rm -f "$tarball"
        echo "web/fetch: apt-get source --download-only $pkg"
        # any Debian revision will do: the upstream tarball is the same,
        # and its hash is checked below
        if ! apt-get source --download-only "$pkg" >fetch-$pkg.log 2>&1; then
            echo "web/fetch: apt-get source $pkg failed (see $dir/fetch-$pkg.log);" \
                 "a deb-src entry is needed: run SOW_WEB=1 tools/deps.sh as root" >&2
            exit 1
        fi
        if [ ! -f "$tarball" ]; then
            echo "web/fetch: $pkg gave no $tarball (a new upstream version?): pin it in web/fetch.sh" >&2
            exit 1
        fi
        if ! echo "$sum  $tarball" | sha256sum -c --status; then
            echo "web/fetch: $tarball: SHA-256 is not $sum" >&2
            exit 1
        fi
    fi
    rm -rf "$folder" "$folder.tmp"
    mkdir "$folder.tmp"
    tar -xzf "$tarball" -C "$folder.tmp" --strip-components=1
    echo "$sum" >"$folder.tmp/.ok"
    mv "$folder.tmp" "$folder"
done
