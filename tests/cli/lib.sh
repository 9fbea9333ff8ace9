# shellcheck shell=bash
# tests/cli/lib.sh - the table runner of the command-line tests (sourced by
# tests/cli/run.sh and tests/cli/install.sh; not run on its own).
#
# A case is one line of the table:
#
#     t NAME STATUS CHECK... -- COMMAND ARGS...
#
# NAME     a short unique name, printed when the case fails;
# STATUS   the expected exit status (0, 1, 2), or !0 for any non-zero;
# CHECK    what the output must show, any number of:
#            err=TEXT     the first line of stderr is exactly TEXT
#            err~TEXT     the first line of stderr contains TEXT
#            noerr        stderr is empty
#            out=TEXT     the first line of stdout is exactly TEXT
#            rec=TEXT     the first line of stdout, a record's, is exactly TEXT
#                         once the fields that name its game are left out
#                         (variant, options, digest, sow: docs/record.md)
#            last=TEXT    the last line of stdout is exactly TEXT
#            out~TEXT     some line of stdout contains TEXT
#            out!~TEXT    no line of stdout contains TEXT
#            outre=ERE    some line of stdout matches the extended regex ERE
#            lines=N      stdout has exactly N lines
#            file=PATH    PATH exists after the command
#            nofile=PATH  PATH does not exist after the command
#            clean        neither stdout nor stderr holds a control
#                         character (C0 but tab and line feed, DEL, C1 as
#                         UTF-8) or a byte that is not UTF-8: nothing that
#                         could drive a terminal (issue 13 #5, #9)
# COMMAND  the command; a word `sow` (first, or after `env VAR=VALUE...`)
#          stands for $SOW.
#
# Variables set for one case (VAR=value t ...):
#   input   text fed on stdin (default: stdin is /dev/null)
#   cwd     directory to run in (default: the repository root)
#   limit   seconds before the case is killed and failed (default 2)
#
# The counters cli_cases and cli_failed add up; cli_summary prints
# "LABEL: N cases, M failed" and returns 1 if any failed.

cli_cases=${cli_cases:-0}
# the seconds a case may take unless it says (limit=N): 2, and 10 for the
# sanitizer build (ASan and UBSan run it several times slower, and a
# loaded machine more: a 2 s search was killed at 2.4 s there)
case "${SOW:-}" in
*build-san*) cli_limit=10 ;;
*) cli_limit=2 ;;
esac
cli_failed=${cli_failed:-0}
cli_root=${cli_root:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
cli_tmp=${cli_tmp:-}
if [ -z "$cli_tmp" ]; then
    cli_tmp=$(mktemp -d) || exit 2
    trap 'rm -rf "$cli_tmp"' EXIT
fi

# Note one difference of the current case (printed, all on one line, when
# the case ends).
cli_fail() {
    shift
    cli_why+="${cli_why:+; }$*"
}

# Show a value on one line: newlines as \n, cut to 300 characters.
cli_show() {
    local s=${1//$'\n'/\\n}
    if [ ${#s} -gt 300 ]; then s="${s:0:300}..."; fi
    printf "'%s'" "$s"
}

t() {
    local name=$1 want=$2
    shift 2
    local checks=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do
        checks+=("$1")
        shift
    done
    if [ $# -eq 0 ]; then
        echo "FAIL $name: the case has no '-- COMMAND' (a bug in the table)"
        cli_cases=$((cli_cases + 1)) cli_failed=$((cli_failed + 1))
        return
    fi
    shift
    # `sow` stands for $SOW: as the first word, or after env VAR=VALUE...
    local cmd=() w replaced=0 env_prefix=1
    for w in "$@"; do
        if [ $replaced -eq 0 ] && [ $env_prefix -eq 1 ] && [ "$w" = sow ]; then
            cmd+=("$SOW")
            replaced=1
            continue
        fi
        if [ "$w" != env ] && [[ "$w" != *=* ]] && [[ "$w" != -u ]]; then
            env_prefix=0
        fi
        cmd+=("$w")
    done

    cli_cases=$((cli_cases + 1))
    cli_why=
    local out="$cli_tmp/out" err="$cli_tmp/err" rc
    (
        cd "${cwd:-$cli_root}" || exit 125
        if [ -n "${input+set}" ]; then
            printf '%s' "$input" | timeout -k 1 "${limit:-$cli_limit}" "${cmd[@]}"
        else
            timeout -k 1 "${limit:-$cli_limit}" "${cmd[@]}" </dev/null
        fi
    ) >"$out" 2>"$err"
    rc=$?
    if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
        echo "FAIL $name: did not finish within ${limit:-$cli_limit} s (killed): ${cmd[*]}"
        cli_failed=$((cli_failed + 1))
        return
    fi
    case $want in
    '!0') [ $rc -ne 0 ] || cli_fail "$name" "exit status 0, expected non-zero" ;;
    *) [ $rc -eq "$want" ] ||
        cli_fail "$name" "exit status $rc, expected $want; stderr:" \
            "$(cli_show "$(head -n 2 "$err")")" ;;
    esac
    local e1 o1 ol c arg
    e1=$(head -n 1 "$err")
    o1=$(head -n 1 "$out")
    ol=$(tail -n 1 "$out")
    for c in "${checks[@]}"; do
        case $c in
        err=*)
            arg=${c#err=}
            [ "$e1" = "$arg" ] ||
                cli_fail "$name" "first line of stderr $(cli_show "$e1"), expected $(cli_show "$arg")" ;;
        err~*)
            arg=${c#err~}
            [[ "$e1" == *"$arg"* ]] ||
                cli_fail "$name" "first line of stderr $(cli_show "$e1") does not contain $(cli_show "$arg")" ;;
        noerr)
            [ ! -s "$err" ] ||
                cli_fail "$name" "stderr not empty: $(cli_show "$(head -n 3 "$err")")" ;;
        rec=*)
            arg=${c#rec=}
            local r1
            r1=$(printf '%s\n' "$o1" | sed -E -f "$cli_root/tests/record-names.sed")
            [ "$r1" = "$arg" ] ||
                cli_fail "$name" "first line of stdout without the game's names $(cli_show "$r1"), expected $(cli_show "$arg")" ;;
        out=*)
            arg=${c#out=}
            [ "$o1" = "$arg" ] ||
                cli_fail "$name" "first line of stdout $(cli_show "$o1"), expected $(cli_show "$arg")" ;;
        last=*)
            arg=${c#last=}
            [ "$ol" = "$arg" ] ||
                cli_fail "$name" "last line of stdout $(cli_show "$ol"), expected $(cli_show "$arg")" ;;
        out~*)
            arg=${c#out~}
            grep -qF -- "$arg" "$out" ||
                cli_fail "$name" "no line of stdout contains $(cli_show "$arg"); stdout begins $(cli_show "$(head -c 300 "$out")")" ;;
        out!~*)
            arg=${c#out!~}
            ! grep -qF -- "$arg" "$out" ||
                cli_fail "$name" "stdout contains $(cli_show "$arg"): $(cli_show "$(grep -F -m 1 -- "$arg" "$out")")" ;;
        outre=*)
            arg=${c#outre=}
            grep -qE -- "$arg" "$out" ||
                cli_fail "$name" "no line of stdout matches /$arg/; stdout begins $(cli_show "$(head -c 300 "$out")")" ;;
        lines=*)
            arg=${c#lines=}
            local n
            n=$(wc -l <"$out")
            [ "$n" -eq "$arg" ] ||
                cli_fail "$name" "stdout has $n lines, expected $arg" ;;
        file=*)
            arg=${c#file=}
            [ -e "$arg" ] || cli_fail "$name" "$arg does not exist" ;;
        nofile=*)
            arg=${c#nofile=}
            [ ! -e "$arg" ] || cli_fail "$name" "$arg still exists" ;;
        clean)
            local f
            for f in "$out" "$err"; do
                if LC_ALL=C grep -qaP '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]' "$f"; then
                    cli_fail "$name" "$(basename "$f") holds a control character: $(cli_show "$(LC_ALL=C grep -aP -m 1 '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]' "$f" | od -An -c | head -c 200)")"
                elif ! iconv -f UTF-8 -t UTF-8 "$f" >/dev/null 2>&1; then
                    cli_fail "$name" "$(basename "$f") is not valid UTF-8"
                fi
            done ;;
        *)
            cli_fail "$name" "unknown check $(cli_show "$c") (a bug in the table)" ;;
        esac
    done
    if [ -n "$cli_why" ]; then
        echo "FAIL $name: $cli_why"
        cli_failed=$((cli_failed + 1))
    fi
}

# t_refused CASE FILE SED AT MESSAGE: FILE changed by the sed expression
# SED (written to $cli_tmp/CASE.yaml) is refused by `sow validate` with
# MESSAGE at AT (line:column).
t_refused() {
    sed "$3" "$2" >"$cli_tmp/$1.yaml"
    t "$1" 1 "err=$cli_tmp/$1.yaml:$4: $5" -- sow validate "$cli_tmp/$1.yaml"
}

# A case file run on its own (not sourced by run.sh): the same locale,
# no SOW_VARIANTS, $SOW absolute (default build/sow), the repository root
# as working directory.
cli_standalone() {
    export LC_ALL=C
    unset SOW_VARIANTS
    SOW=${SOW:-build/sow}
    case $SOW in /*) ;; *) SOW="$cli_root/$SOW" ;; esac
    cd "$cli_root" || exit 2
}

cli_summary() {
    echo "$1: $cli_cases cases, $cli_failed failed"
    [ "$cli_failed" -eq 0 ]
}
