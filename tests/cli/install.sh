#!/bin/bash
# `make install` into a temporary DESTDIR with PREFIX=/usr, then the
# installed sow, run from another directory, must find its variants (they
# are installed under PREFIX/share/sow/variants, found from the program's
# own location). Run by tests/cli/run.sh (sourced: its cases count there);
# on its own:
#
#   bash tests/cli/install.sh                 (from the repository root)
#
# `make install` may have to build, so it gets a longer time limit than
# the 2 seconds of every other case.
set -u
if [ -z "${cli_root:-}" ]; then
    here=$(cd "$(dirname "$0")" && pwd)
    cli_root=$(cd "$here/../.." && pwd)
    export LC_ALL=C
    unset SOW_VARIANTS
    # shellcheck source=tests/cli/lib.sh
    . "$here/lib.sh"
    install_standalone=1
else
    install_standalone=0
fi

dest=$(mktemp -d "${cli_tmp:?}/destdir.XXXXXX")
elsewhere=$(mktemp -d "$cli_tmp/elsewhere.XXXXXX")
isow="$dest/usr/bin/sow"
share="$dest/usr/share/sow"

limit=300 t install-make 0 "file=$isow" "file=$share/variants/adji_kui_1.yaml" \
    "file=$share/variants/adji_kui_1.lua" "file=$share/schemas/record.schema.json" \
    -- make -s install "DESTDIR=$dest" PREFIX=/usr
cwd=$elsewhere t install-list 0 'outre=^adji-kui-1 +Adji Kui I ' noerr \
    -- "$isow" list
cwd=$elsewhere t install-replay 0 \
    'rec={"ply":0,"to_move":0,"legal":[0,1,2,3,4,5],"move":2,"board":[4,4,0,5,5,5,5,4,4,4,4,4],"captured":[0,0]}' \
    lines=1 noerr -- "$isow" replay adji-kui-1 --moves 2 --json
cwd=$elsewhere t install-show-file 0 "out~file: $dest/usr/bin/../share/sow/variants/adji_kui_1.yaml" \
    noerr -- "$isow" show adji-kui-1
cwd=$elsewhere t install-validate 0 "out~: ok (adji-kui-1)" noerr \
    -- "$isow" validate "$share/variants/adji_kui_1.yaml"
cwd=$elsewhere t install-test 0 'out~scenarios, 0 failed' noerr \
    -- "$isow" test adji-boto
cwd=$elsewhere t install-play 0 'outre=^game over after [0-9]+ moves' noerr \
    -- "$isow" play adji-kui-1 --south computer --north computer --seed 2
limit=300 t install-uninstall 0 "nofile=$isow" "nofile=$share" \
    -- make -s uninstall "DESTDIR=$dest" PREFIX=/usr

rm -rf "$dest" "$elsewhere"
if [ "$install_standalone" = 1 ]; then
    cli_summary install
fi
