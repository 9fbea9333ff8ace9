#!/bin/bash
# tests/layout/long_functions.sh - no function in engine/ runs over
# $LIMIT lines (its body, from the '{' to the '}' at the start of a line)
# unless the comment just above it states why with a marker
# "(long: REASON)", e.g. "(long: the hot loop is one function for speed,
# measured with callgrind)". Prints each long function without a reason
# as FILE:LINE: NAME is N lines, and exits 1; exits 0 when none is left.
#
#   tests/layout/long_functions.sh [--list]   (--list: every function over
#                                             the limit, reason or not)
set -u
cd "$(dirname "$0")/../.." || exit 2
LIMIT=${LIMIT:-120}
list=0
[ "${1:-}" = --list ] && list=1
awk -v limit="$LIMIT" -v list="$list" '
    FNR == 1 { sig = 0; body = 0 }
    { text[FNR] = $0 }
    # the first line of a definition: at the left margin, not a comment,
    # a preprocessor line, a brace or a label
    !body && /^[A-Za-z_]/ && !sig { sig = FNR }
    !body && /;[ \t]*$/ && !/^{/ { sig = 0 }
    !body && /^{/ && sig { body = FNR; next }
    body && /^}/ {
        n = FNR - body + 1
        head = ""
        for (i = sig; i < body; i++) head = head " " text[i]
        name = head
        sub(/\(.*/, "", name); sub(/.*[ *]/, "", name)
        # the comment just above the definition
        reason = ""
        for (i = sig - 1; i > 0 && text[i] ~ /^(\/\*| \*|[ \t]*\*\/)|\*\/[ \t]*$/; i--)
            if (match(text[i], /\(long: [^)]+\)/)) reason = substr(text[i], RSTART, RLENGTH)
        if (n > limit && (list || reason == "")) {
            printf "%s:%d: %s is %d lines%s\n", FILENAME, sig, name, n, reason == "" ? "" : " " reason
            if (reason == "") bad++
        }
        sig = 0; body = 0
    }
    END {
        if (bad) {
            printf "long functions: %d over %d lines without a reason; split them into named steps, or say why beside them: /* ... (long: REASON) */\n", bad, limit
            exit 1
        }
        printf "long functions: none over %d lines without a stated reason\n", limit
    }' engine/*/*.c
