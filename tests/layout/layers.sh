#!/bin/bash
# tests/layout/layers.sh - the engine's rooms are layers: a file includes
# headers of its own room and of the rooms below it only (base < core <
# load < lua < open < players < observe < lab < api), so data flows one way and
# there are no include circles. The public headers of include/sow/ are
# below them all. Prints each offending #include and exits
# 1; exits 0 when the layering holds.
set -u
cd "$(dirname "$0")/../.." || exit 2
rooms=(base core load lua open players observe lab api)
declare -A rank home
for i in "${!rooms[@]}"; do rank[${rooms[$i]}]=$i; done
for f in engine/*/*.[ch]; do
    r=${f#engine/}; r=${r%%/*}
    [ -n "${rank[$r]:-}" ] || { echo "$f: room '$r' is not one of: ${rooms[*]}"; exit 1; }
    home[$(basename "$f")]=$r
done
bad=0
for f in engine/*/*.[ch]; do
    r=${f#engine/}; r=${r%%/*}
    while IFS=: read -r line inc; do
        h=$(sed -n 's/.*#include "\([^"]*\)".*/\1/p' <<<"$inc")
        [ -n "$h" ] || continue
        # the public headers (include/sow/) sit below every room
        [ "${h#sow/}" != "$h" ] && [ -f "include/$h" ] && continue
        hr=${home[$h]:-}
        if [ -z "$hr" ]; then
            echo "$f:$line: includes \"$h\", which is in no room of engine/"; bad=1
        elif [ "${rank[$hr]}" -gt "${rank[$r]}" ]; then
            echo "$f:$line: room $r includes \"$h\" of room $hr, a layer above it"; bad=1
        fi
    done < <(grep -n '#include "' "$f")
done
[ $bad = 0 ] && echo "layers: ${#home[@]} engine files keep to ${rooms[*]}"
exit $bad
