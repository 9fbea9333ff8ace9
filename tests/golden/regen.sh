#!/bin/bash
# Regenerate the golden records tests/golden/NAME.jsonl from NAME.args with
# the INDEPENDENT reference implementation of the record's variant
# (tests/ref/adji_kui_1.py, tests/ref/adji_kui_2.py, tests/ref/adji_boto.py,
# tests/ref/andada.py),
# never with build/sow:
# a golden record states what the rules say, not what the engine happens to
# print.
#
#   bash tests/golden/regen.sh [NAME...]        (default: every NAME.args)
#
# NAME.args holds the arguments of `sow replay`, one per line (the variant
# id, --moves, the move list, --option, NAME=VALUE, ...); lines starting with
# '#' are comments. The first argument, the variant id, picks the reference:
# adji-kui-1, adji-kui-2 (single games and matches), adji-boto or andada;
# there is none for the other variants.
set -u
here=$(cd "$(dirname "$0")" && pwd)
py=${PYTHON:-/usr/bin/python3}

if [ $# -eq 0 ]; then
    set -- "$here"/*.args
else
    names=("$@"); set --
    for n in "${names[@]}"; do set -- "$@" "$here/${n%.args}.args"; done
fi
rc=0
for f in "$@"; do
    name=$(basename "$f" .args)
    mapfile -t args < <(grep -v '^#' "$f")
    case ${args[0]:-} in
    adji-kui-1) ref="$here/../ref/adji_kui_1.py" ;;
    adji-kui-2) ref="$here/../ref/adji_kui_2.py" ;;
    adji-boto) ref="$here/../ref/adji_boto.py" ;;
    andada) ref="$here/../ref/andada.py" ;;
    *)
        echo "regen: $name: no reference implementation of variant '${args[0]:-}' (adji-kui-1, adji-kui-2, adji-boto, andada)" >&2
        rc=1; continue ;;
    esac
    if ! "$py" "$ref" replay "${args[@]:1}" >"$here/$name.jsonl.tmp"; then
        echo "regen: $name: the reference failed" >&2
        rm -f "$here/$name.jsonl.tmp"; rc=1; continue
    fi
    mv "$here/$name.jsonl.tmp" "$here/$name.jsonl"
    echo "regen: $name.jsonl ($(wc -l <"$here/$name.jsonl") lines)"
done
exit $rc
