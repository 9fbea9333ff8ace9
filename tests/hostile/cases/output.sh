# shellcheck shell=bash
# tests/hostile/cases/output.sh - output paths and standard output (issue
# 13 #2, #3, #7), sourced by tests/hostile/run.sh (t, cli_show, $cli_tmp,
# $SOW as there). The rules are those of tools/outfile.h:
#   #2  a file or symbolic link planted at FILE.tmp (or anywhere) is never
#       opened, followed or reused: the output goes to a new temporary file
#       (mkstemp) beside FILE, renamed over FILE;
#   #3  an existing FIFO or character device is written directly, never
#       replaced; a FIFO nobody reads is an error at once; a directory, a
#       socket or a path ending in '/' is refused; '-' is standard output;
#   #7  a write error, on an output file or on standard output, is one line
#       on stderr and exit status 1; a record line has no length limit.
# Every case here failed on the code before (commit 7ccaf4b). Devices are
# copies made with mknod in the temporary directory (as root; skipped, and
# said, otherwise): the real /dev/null and /dev/full are never given to
# sow, so that a regression cannot replace them.

O=$cli_tmp/output
mkdir -p "$O"
OV=tests/hostile/output
LONG_TOKEN=abcdefghijklmnopqrstuvwxyzabcde

# tc CASE...: a case of the table runner (t) that further checks may
# follow: also NAME WHY COMMAND... fails the case (saying WHY, once per
# case) unless COMMAND succeeds; for what t cannot check (a victim file
# unchanged, a FIFO still a FIFO, no temporary file left)
tc() {
    tc_failed=$cli_failed
    t "$@"
}
also() {
    local name=$1 why=$2
    shift 2
    if ! "$@"; then
        echo "FAIL $name: $why"
        [ "$cli_failed" -gt "$tc_failed" ] || cli_failed=$((cli_failed + 1))
    fi
}

# out_cmd CMD FILE: the command line writing CMD's output file FILE, in
# the array cmd, and the first bytes the file must have in first
out_cmd() {
    case $1 in
    draw) cmd=(sow draw adji-kui-1 --moves "2 8" --svg "$2") first='<svg ' ;;
    animate) cmd=(sow animate adji-kui-1 --moves "2 8" --html "$2") first='<!DOCTYPE html>' ;;
    selfplay) cmd=(sow selfplay adji-kui-1 --games 3 --jsonl "$2") first='{"game":0,' ;;
    compare) cmd=(sow compare adji-kui-1 --b skip_origin=true --games 3 --svg "$2") first='<?xml ' ;;
    esac
}

# starts FILE TEXT: FILE is a regular file that begins with TEXT
starts() {
    [ -f "$1" ] && [ ! -L "$1" ] && [ "$(head -c ${#2} "$1")" = "$2" ]
}

# holds FILE TEXT: FILE is a regular file (not a link) holding exactly TEXT
holds() {
    [ -f "$1" ] && [ ! -L "$1" ] && [ "$(cat "$1")" = "$2" ]
}

# listing DIR NAME...: DIR holds exactly the NAMEs (no temporary file left)
listing() {
    local dir=$1
    shift
    local want=
    [ $# -eq 0 ] || want=$(printf '%s\n' "$@" | LC_ALL=C sort | tr '\n' ' ')
    [ "$(cd "$dir" && LC_ALL=C ls -A | tr '\n' ' ')" = "$want" ]
}

can_mknod=0
if mknod "$O/probe-null" c 1 3 2>/dev/null && echo x >"$O/probe-null" 2>/dev/null; then
    can_mknod=1
fi
rm -f "$O/probe-null"
[ $can_mknod = 1 ] || echo "SKIP output-*-device cases: mknod of a character device is not allowed here (run as root)"

for c in draw animate selfplay compare; do
    # ---- #2: what someone else planted at FILE.tmp ------------------------
    # a symbolic link to a victim file: the victim keeps its text
    d=$O/$c-link
    mkdir -p "$d"
    echo "the victim's text" >"$d/victim"
    ln -s victim "$d/out.tmp"
    out_cmd $c "$d/out"
    tc "output-$c-planted-link" 0 noerr -- "${cmd[@]}"
    also "output-$c-planted-link" "the victim behind out.tmp was changed" holds "$d/victim" "the victim's text"
    also "output-$c-planted-link" "out is not the output" starts "$d/out" "$first"
    also "output-$c-planted-link" "out.tmp is no longer the planted link" test "$(readlink "$d/out.tmp")" = victim
    also "output-$c-planted-link" "files other than out, out.tmp, victim: $(ls -A "$d" | tr '\n' ' ')" listing "$d" out out.tmp victim
    # a link to a victim in another directory, by absolute path
    d=$O/$c-abslink
    mkdir -p "$d/dir" "$d/elsewhere"
    echo "precious" >"$d/elsewhere/victim"
    ln -s "$d/elsewhere/victim" "$d/dir/page.tmp"
    out_cmd $c "$d/dir/page"
    tc "output-$c-planted-abslink" 0 noerr -- "${cmd[@]}"
    also "output-$c-planted-abslink" "the victim behind page.tmp was changed" holds "$d/elsewhere/victim" "precious"
    also "output-$c-planted-abslink" "page is not the output" starts "$d/dir/page" "$first"
    # a dangling link: following it would create a file where it points
    d=$O/$c-dangling
    mkdir -p "$d"
    ln -s "$d/created-by-sow" "$d/o.tmp"
    out_cmd $c "$d/o"
    tc "output-$c-planted-dangling" 0 noerr "nofile=$d/created-by-sow" -- "${cmd[@]}"
    also "output-$c-planted-dangling" "o is not the output" starts "$d/o" "$first"
    # a link to a directory: no file is made inside it
    d=$O/$c-dirlink
    mkdir -p "$d/target"
    ln -s target "$d/o.tmp"
    out_cmd $c "$d/o"
    tc "output-$c-planted-dirlink" 0 noerr -- "${cmd[@]}"
    also "output-$c-planted-dirlink" "files were made in the directory behind o.tmp" listing "$d/target"
    # a regular file of ours at FILE.tmp is not reused (nor truncated, nor
    # renamed into place with its owner and mode)
    d=$O/$c-regular
    mkdir -p "$d"
    echo "planted" >"$d/o.tmp"
    chmod 640 "$d/o.tmp"
    out_cmd $c "$d/o"
    tc "output-$c-planted-file" 0 noerr -- "${cmd[@]}"
    also "output-$c-planted-file" "o.tmp was changed or removed" holds "$d/o.tmp" "planted"
    also "output-$c-planted-file" "o.tmp's mode changed" test "$(stat -c %a "$d/o.tmp")" = 640
    also "output-$c-planted-file" "o is not the output" starts "$d/o" "$first"
    # a FIFO at FILE.tmp: opening it would wait for a reader for ever
    d=$O/$c-fifotmp
    mkdir -p "$d"
    mkfifo "$d/o.tmp"
    out_cmd $c "$d/o"
    tc "output-$c-planted-fifo" 0 noerr -- "${cmd[@]}"
    also "output-$c-planted-fifo" "o is not the output" starts "$d/o" "$first"
    also "output-$c-planted-fifo" "o.tmp is no longer a FIFO" test -p "$d/o.tmp"

    # ---- #3: special files as the output ---------------------------------
    # a FIFO with a reader: written through, still a FIFO afterwards (the
    # shell opens it for writing too, which returns once cat reads it)
    d=$O/$c-fifo
    mkdir -p "$d"
    mkfifo "$d/pipe"
    timeout 10 cat "$d/pipe" >"$d/read" &
    reader=$!
    exec 8>"$d/pipe"
    out_cmd $c "$d/pipe"
    tc "output-$c-fifo" 0 noerr -- "${cmd[@]}"
    exec 8>&-
    wait $reader
    also "output-$c-fifo" "the FIFO was replaced" test -p "$d/pipe"
    also "output-$c-fifo" "the reader did not get the output" starts "$d/read" "$first"
    also "output-$c-fifo" "files left beside the FIFO: $(ls -A "$d" | tr '\n' ' ')" listing "$d" pipe read
    # a FIFO nobody reads: an error at once, not a wait
    d=$O/$c-fifo-noreader
    mkdir -p "$d"
    mkfifo "$d/pipe"
    out_cmd $c "$d/pipe"
    tc "output-$c-fifo-no-reader" 1 "err=sow $c: cannot write $d/pipe: no process is reading this FIFO (start the reader first)" -- "${cmd[@]}"
    also "output-$c-fifo-no-reader" "the FIFO was replaced" test -p "$d/pipe"
    # a socket: refused, and left as it is
    d=$O/$c-socket
    mkdir -p "$d"
    if python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$d/sock" 2>/dev/null; then
        out_cmd $c "$d/sock"
        tc "output-$c-socket" 1 "err=sow $c: cannot write $d/sock: it is a socket; give a regular file, a FIFO or '-' for standard output" -- "${cmd[@]}"
        also "output-$c-socket" "the socket was replaced" test -S "$d/sock"
    fi
    # sow's own descriptors, named as the shell names them: written where
    # they stand (a file beside /proc/self/fd/3 cannot be made; a link to
    # one must not be replaced). /dev/stdout and /dev/stderr are such links
    # too, but not tried here: as root the code before replaced them.
    d=$O/$c-fd
    mkdir -p "$d"
    out_cmd $c /dev/fd/3
    tc "output-$c-dev-fd" 0 noerr -- "${cmd[@]}" 3>"$d/three"
    also "output-$c-dev-fd" "descriptor 3's file is not the output" starts "$d/three" "$first"
    out_cmd $c /proc/self/fd/4
    tc "output-$c-proc-fd" 0 noerr -- "${cmd[@]}" 4>"$d/four"
    also "output-$c-proc-fd" "descriptor 4's file is not the output" starts "$d/four" "$first"
    ln -s /proc/self/fd/5 "$d/link"
    out_cmd $c "$d/link"
    tc "output-$c-fd-link" 0 noerr -- "${cmd[@]}" 5>"$d/five"
    also "output-$c-fd-link" "descriptor 5's file is not the output" starts "$d/five" "$first"
    also "output-$c-fd-link" "the link was replaced" test "$(readlink "$d/link")" = /proc/self/fd/5
    out_cmd $c /dev/fd/7
    t "output-$c-fd-closed" 1 "err=sow $c: cannot write /dev/fd/7: Bad file descriptor" -- "${cmd[@]}"
    # a directory, one ending in '/', and a directory name that does not
    # exist
    d=$O/$c-dir
    mkdir -p "$d/out"
    out_cmd $c "$d/out"
    tc "output-$c-directory" 1 "err=sow $c: cannot write $d/out: it is a directory; give a file name" -- "${cmd[@]}"
    also "output-$c-directory" "files made beside the directory: $(ls -A "$d" | tr '\n' ' ')" listing "$d" out
    out_cmd $c "$d/out/"
    t "output-$c-directory-slash" 1 "err=sow $c: cannot write $d/out/: it is a directory; give a file name" -- "${cmd[@]}"
    out_cmd $c "$d/new/"
    t "output-$c-slash-missing" 1 "err=sow $c: cannot write $d/new/: it names a directory; give a file name" "nofile=$d/new" -- "${cmd[@]}"
    out_cmd $c "$d/missing/o"
    t "output-$c-no-directory" 1 "err=sow $c: cannot write $d/missing/o: No such file or directory; check that the directory exists and is writable" "nofile=$d/missing" -- "${cmd[@]}"
    # a regular file where a directory is meant
    echo "a file" >"$d/plain"
    out_cmd $c "$d/plain/o"
    tc "output-$c-not-a-directory" 1 "err=sow $c: cannot write $d/plain/o: Not a directory; check that the directory exists and is writable" -- "${cmd[@]}"
    also "output-$c-not-a-directory" "the file was changed" holds "$d/plain" "a file"
    # character devices (copies of /dev/null and /dev/full): written
    # directly; a full one is an error with the reason
    if [ $can_mknod = 1 ]; then
        d=$O/$c-device
        mkdir -p "$d"
        mknod "$d/null" c 1 3
        mknod "$d/full" c 1 7
        out_cmd $c "$d/null"
        tc "output-$c-device-null" 0 noerr -- "${cmd[@]}"
        also "output-$c-device-null" "the device was replaced" test -c "$d/null"
        out_cmd $c "$d/full"
        tc "output-$c-device-full" 1 "err=sow $c: cannot write $d/full: No space left on device" -- "${cmd[@]}"
        also "output-$c-device-full" "the device was replaced" test -c "$d/full"
        also "output-$c-device-full" "files left beside the devices: $(ls -A "$d" | tr '\n' ' ')" listing "$d" full null
    fi

    # ---- #7: a write error on the temporary file (a file size limit: the
    # write fails with EFBIG); FILE keeps its text and nothing is left -----
    d=$O/$c-efbig
    mkdir -p "$d"
    echo "the old output" >"$d/o"
    printf '#!/bin/sh\nulimit -f 2\ntrap "" XFSZ\nexec "%s" "$@"\n' "$SOW" >"$O/sow-fsize"
    chmod +x "$O/sow-fsize"
    out_cmd $c "$d/o"
    cmd[0]=$O/sow-fsize
    # selfplay: 200 games instead of 3 (a flag is given once)
    case $c in selfplay) cmd[4]=200 ;; compare) ;; esac
    tc "output-$c-write-error" 1 "err=sow $c: cannot write $d/o: File too large" -- "${cmd[@]}"
    also "output-$c-write-error" "o was changed" holds "$d/o" "the old output"
    also "output-$c-write-error" "files left: $(ls -A "$d" | tr '\n' ' ')" listing "$d" o
done

# ---- #3: '-' is standard output for every output flag (selfplay and
# compare made a file named '-') -------------------------------------------
d=$O/dash
mkdir -p "$d"
cwd=$d t output-selfplay-dash 0 noerr lines=4 'out~{"game":0,' 'out~{"game":2,' "nofile=$d/-" -- sow selfplay adji-kui-1 --games 3 --jsonl - --json
cwd=$d t output-compare-dash 0 noerr 'out~<svg xmlns=' 'last=</svg>' "nofile=$d/-" -- sow compare adji-kui-1 --b skip_origin=true --games 3 --svg -

# ---- #7: standard output that cannot be written: every command -----------
# full NAME DEV ARGS...: `sow ARGS`, run in $O, with standard output on
# DEV (a full device, or "closed") exits 1 within the time limit with one
# line on stderr naming standard output and why
full() {
    local name=$1 dev=$2
    shift 2
    local err=$cli_tmp/full.err rc e1 n want
    cli_cases=$((cli_cases + 1))
    if [ "$dev" = closed ]; then
        (cd "$O" && timeout -k 1 "${limit:-2}" "$SOW" "$@" </dev/null >&- 2>"$err")
    else
        (cd "$O" && timeout -k 1 "${limit:-2}" "$SOW" "$@" </dev/null >"$dev" 2>"$err")
    fi
    rc=$?
    e1=$(head -n 1 "$err")
    n=$(wc -l <"$err")
    want="sow${1:+ $1}: cannot write to standard output: "
    [ "$1" = --help ] && want="sow: cannot write to standard output: "
    case $dev in
    */full) want+="No space left on device" ;;
    *) want+="Bad file descriptor" ;;
    esac
    if [ $rc -ne 1 ] || [ "$e1" != "$want" ] || [ "$n" -ne 1 ]; then
        echo "FAIL $name: exit status $rc (expected 1), $n line(s) on stderr, the first $(cli_show "$e1") (expected $(cli_show "$want"))"
        cli_failed=$((cli_failed + 1))
    fi
}
if [ $can_mknod = 1 ]; then
    mknod "$O/full" c 1 7
    F=$O/full
    "$SOW" selfplay adji-kui-1 --games 5 --json >"$O/shard.json"
    full output-stdout-replay "$F" replay adji-kui-1 --moves "2 8 1"
    full output-stdout-replay-json "$F" replay adji-kui-2 --option match=true --moves "2 8 5 11 2 9" --json
    full output-stdout-trace "$F" trace adji-kui-1 --moves "2 8 1"
    full output-stdout-trace-json "$F" trace andada --moves "5 first:0" --json
    full output-stdout-selfplay "$F" selfplay adji-kui-1 --games 5
    full output-stdout-selfplay-json "$F" selfplay adji-kui-1 --games 5 --json
    full output-stdout-compare "$F" compare adji-kui-1 --b skip_origin=true --games 5
    full output-stdout-compare-moves "$F" compare adji-kui-1 --b skip_origin=true --moves "2 8 1 7"
    full output-stdout-stats "$F" stats "$O/shard.json"
    full output-stdout-show "$F" show adji-kui-1
    full output-stdout-list "$F" list
    full output-stdout-search "$F" search adji-kui-1
    full output-stdout-bench "$F" bench adji-kui-1 --seconds 0.05
    full output-stdout-test "$F" test adji-kui-1
    full output-stdout-play "$F" play adji-kui-1 --south random --north random --seed 3
    full output-stdout-validate "$F" validate "$cli_root/variants/adji_kui_1.yaml"
    full output-stdout-help "$F" --help
    full output-stdout-replay-help "$F" replay --help
    # the whole --jsonl through standard output: the copy fails
    full output-stdout-selfplay-jsonl-dash "$F" selfplay adji-kui-1 --games 3 --jsonl -
    # many lines to a full device: the games stop at the first failed
    # write instead of playing on (100,000 games take minutes)
    tc output-jsonl-full-stops 1 "err=sow selfplay: cannot write $F: No space left on device" -- sow selfplay adji-kui-1 --games 100000 --jsonl "$F"
    also output-jsonl-full-stops "the device was replaced" test -c "$F"
fi
# standard output closed
full output-stdout-closed-replay closed replay adji-kui-1 --moves "2 8 1"
full output-stdout-closed-show closed show adji-kui-1

# ---- #7: a record line over 4,096 bytes (128 decision moves of a 31-letter
# name) comes whole ----------------------------------------------------------
tc output-record-long-line 0 noerr lines=3 "out~\"legal\":[\"$LONG_TOKEN:128\"," "out~\"move\":\"$LONG_TOKEN:200\"" -- sow replay $OV/long_line.yaml --moves "$LONG_TOKEN:200 2 8" --json
also output-record-long-line "a line of the record is not JSON, or the first is not over 4096 bytes" \
    python3 -c 'import json, sys
lines = open(sys.argv[1]).read().split("\n")
assert lines[-1] == "" and len(lines) == 4, lines
records = [json.loads(l) for l in lines[:-1]]
assert len(lines[0]) > 4096 and len(records[0]["legal"]) == 128
assert records[0]["move"] == "'$LONG_TOKEN':200"' "$cli_tmp/out"
t output-record-long-line-only 0 noerr lines=1 "out~\"move\":\"$LONG_TOKEN:255\"" -- sow replay $OV/long_line.yaml --moves "$LONG_TOKEN:255" --json
t output-record-long-line-then-error 1 "err=sow replay: ply 1: move 9 is not legal for South; the legal moves are: 0 1 2 3 4 5" lines=1 "out~$LONG_TOKEN:129" -- sow replay $OV/long_line.yaml --moves "$LONG_TOKEN:129 9" --json

# ---- #7: other lines that were cut short by a fixed buffer ----------------
# sow play lists every legal move (cut at 1,023 bytes before), as the
# choices a person types
input=$'quit\n' t output-play-legal-long 0 "out~, $LONG_TOKEN:254, or $LONG_TOKEN:255" -- sow play $OV/long_line.yaml
# sow list shows the whole summary (cut at 511 bytes before, inside a
# character)
mkdir -p "$O/variants"
summary=$(printf 'é%.0s' $(seq 300)) # 600 bytes
sed -e "s/^summary: .*/summary: ${summary}x/" -e 's/^id: .*/id: output-long-summary/' "$OV/long_line.yaml" >"$O/variants/long_summary.yaml"
cp "$OV/long_line.lua" "$O/variants/"
t output-list-long-summary 0 noerr "out~output-long-summary Output case    ${summary}x" -- env SOW_VARIANTS="$O/variants" sow list
