#!/usr/bin/env bash
# tests/docs/run.sh - the documents that ship with the project, checked:
#
#   SOW=build/sow bash tests/docs/run.sh        (make check runs it)
#
#   ids          every rule id cited anywhere resolves in docs/rules.md
#   outside      nothing refers to files outside the repository (the old
#                notes RULES.md, RECORD.md, DESIGN.md, CATALOGUE.md, ../shared)
#   links        every relative link of README.md, docs/ and schemas/ resolves
#   examples     the command examples of README.md and docs/ run
#   man          both manual pages render without a warning, and sow.1 holds
#                every command and every flag of the help texts
#   completion   the bash completion loads and completes a command, a flag, a
#                variant id and an option name (zsh: its syntax, if zsh is here)
#   install      make install-docs into a DESTDIR puts every file in place, and
#                make uninstall-docs takes them away
#
# Each check prints what it saw; the script exits 1 if any failed.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
sow=${SOW:-$root/build/sow}
case $sow in /*) ;; *) sow=$PWD/$sow ;; esac
py=${PYTHON:-python3}
[ -x "$sow" ] || { echo "docs: no sow at $sow (build it, or set SOW)" >&2; exit 2; }
cd "$root" || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

failed=0
check() { # NAME COMMAND...: run one check, report it
    local name=$1; shift
    if "$@" >"$tmp/$name.out" 2>&1; then
        echo "ok    $(tail -1 "$tmp/$name.out")"
    else
        echo "FAIL  $name"
        sed 's/^/      /' "$tmp/$name.out"
        failed=$((failed + 1))
    fi
}

check_ids() { "$py" tests/docs/links.py "$root" ids; }
check_links() { "$py" tests/docs/links.py "$root" links; }
check_examples() { SOW="$sow" bash tests/docs/examples.sh; }

# The old notes lived outside the repository. A script that cross-checks
# against them may still read ../shared if it skips cleanly when the folder
# is absent: such files are listed in tests/docs/shared_readers.txt. Fuzz
# inputs are kept byte for byte and are not looked at.
check_outside() {
    local pat='RULES\.md|RECORD\.md|DESIGN\.md|CATALOGUE\.md|\.\./shared|/work/shared|\bRULES (C0|K[12]|[AB])\.[0-9]|\bRULES P[0-9]|\bRECORD "'
    local allowed=() f
    while read -r f _; do
        case $f in ''|'#'*) continue ;; esac
        allowed+=(":!$f")
        grep -q -i 'skip' "$f" ||
            { echo "$f is allowed to read ../shared but never says it skips"; return 1; }
    done < tests/docs/shared_readers.txt
    if git grep --untracked -n -I -E "$pat" -- . ':!tests/fuzz/corpus' ':!tests/fuzz/crashes' \
        ':!tests/docs/run.sh' ':!tests/docs/shared_readers.txt' "${allowed[@]}"; then
        echo "the lines above refer to files outside the repository; point them at docs/ instead"
        return 1
    fi
    echo "no file refers to RULES.md, RECORD.md, DESIGN.md, CATALOGUE.md or ../shared (${#allowed[@]} cross-check scripts allowed)"
}

check_man() {
    if ! command -v groff >/dev/null || ! command -v man >/dev/null; then
        echo "skipped: man or groff is not installed (Debian: apt-get install man-db groff)"
        return 0
    fi
    local page=$tmp/sow.1 warn c flag
    bash tools/man/sow1.sh "$sow" test >"$page" || return 1
    for p in "$page" tools/man/sow-variant.5; do
        warn=$(groff -man -ww -z "$p" 2>&1)
        [ -z "$warn" ] || { echo "$p: groff warns:"; echo "$warn"; return 1; }
        warn=$(MANWIDTH=80 man -l --warnings "$p" 2>&1 >/dev/null)
        [ -z "$warn" ] || { echo "$p: man warns:"; echo "$warn"; return 1; }
        MANWIDTH=80 man -l "$p" 2>/dev/null | grep -q . || { echo "$p renders empty"; return 1; }
    done
    # generated from --help: every command, and every flag of its help
    local text; text=$(MANWIDTH=200 man -l "$page" 2>/dev/null)
    for c in $("$sow" --help | awk 'tolower($0) ~ /^commands:/ {on = 1; next} on && /^[[:space:]]*$/ {exit} on {print $1}'); do
        grep -q "^ *sow $c\b" <<<"$text" || { echo "sow.1 has no section for 'sow $c'"; return 1; }
        for flag in $("$sow" "$c" --help | grep -o -e '--[a-z][a-z0-9-]*' | sort -u); do
            grep -q -e "$flag" <<<"$text" || { echo "sow.1 lacks $flag of 'sow $c --help'"; return 1; }
        done
    done
    echo "sow.1 and sow-variant.5 render without warnings; sow.1 holds every command and flag"
}

check_completion() {
    local out
    out=$(SOW_BIN="$sow" bash -c '
        source tools/completion/sow.bash || exit 1
        t() { COMP_WORDS=("$SOW_BIN" "$@"); COMP_CWORD=$#; COMPREPLY=(); _sow; echo "${COMPREPLY[*]}"; }
        echo "command: $(t sel)"
        echo "flag: $(t trace --no-b)"
        echo "variant: $(t replay adji-kui-)"
        echo "option: $(t show adji-kui-2 --option next_s)"
        echo "value: $(t show adji-kui-2 --option next_starter=w)"
        echo "flag of another command: $(t selfplay adji-kui-1 --sh)"
        complete -p sow') || { echo "$out"; return 1; }
    echo "$out"
    grep -qx 'command: selfplay' <<<"$out" || return 1
    grep -qx 'flag: --no-board' <<<"$out" || return 1
    grep -qx 'variant: adji-kui-1 adji-kui-2' <<<"$out" || return 1
    grep -qx 'option: next_starter=' <<<"$out" || return 1
    grep -qx 'value: next_starter=winner' <<<"$out" || return 1
    grep -qx 'flag of another command: --shard' <<<"$out" || return 1
    grep -q 'complete -F _sow sow' <<<"$out" || return 1
    if command -v zsh >/dev/null; then
        zsh -n tools/completion/_sow || { echo "tools/completion/_sow: zsh syntax error"; return 1; }
        echo "bash completion works; _sow passes zsh -n"
    else
        echo "bash completion works; zsh not installed, _sow not checked"
    fi
}

check_install() {
    local dest=$tmp/destdir args=() f b prefix
    # the same build as the sow under test (make check SANITIZE=1 tests
    # build-san/sow), and the PREFIX it was built for, so that nothing is
    # rebuilt (the data directory is compiled in)
    b=$(dirname "$sow")
    [ "$(basename "$b")" = build-san ] && args+=(SANITIZE=1)
    prefix=/usr/local
    [ -s "$b/datadir.stamp" ] && prefix=$(sed 's|/share/sow$||' "$b/datadir.stamp")
    make -s install-docs "DESTDIR=$dest" "PREFIX=$prefix" "${args[@]}" || return 1
    for f in share/man/man1/sow.1 share/man/man5/sow-variant.5 \
             share/bash-completion/completions/sow share/zsh/site-functions/_sow \
             share/doc/sow/LICENSE share/doc/sow/README.md \
             $(cd docs && ls *.md | sed 's|^|share/doc/sow/docs/|'); do
        [ -s "$dest$prefix/$f" ] || { echo "make install-docs did not install $prefix/$f"; return 1; }
    done
    cmp -s tools/completion/sow.bash "$dest$prefix/share/bash-completion/completions/sow" ||
        { echo "the installed bash completion differs from tools/completion/sow.bash"; return 1; }
    make -s uninstall-docs "DESTDIR=$dest" "PREFIX=$prefix" "${args[@]}" || return 1
    if [ -n "$(find "$dest" -type f)" ]; then
        echo "make uninstall-docs left:"; find "$dest" -type f; return 1
    fi
    echo "make install-docs installs the manual pages, completion, LICENSE, README.md and docs/; uninstall-docs removes them"
}

check ids check_ids
check outside check_outside
check links check_links
check examples check_examples
check man check_man
check completion check_completion
check install check_install

if [ "$failed" -gt 0 ]; then
    echo "docs: $failed check(s) failed"
    exit 1
fi
echo "docs: all checks passed"
