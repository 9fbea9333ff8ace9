#!/usr/bin/env bash
# tests/html/run.sh - `sow animate` pages in a real browser (headless
# Chromium), for the golden records (all four games, matches, endless
# moves, options), a random game of each game (Andada with 12, 18 and 24
# holes; Moruba, a board of four rows) and an endless move of 48 million events:
#
#   1. sow animate writes the page; tests/html/check_page.py checks that it
#      is self-contained and that the boards it embeds are those of
#      `sow replay --json` for the same moves;
#   2. Chromium loads it with #autoplay: the page replays every event at top
#      speed, compares its board with the record after every move, then goes
#      back and jumps and plays again, and writes the outcome into
#      span#status, read from --dump-dom: it must say "ok: all N moves";
#      any console message (Chromium's --enable-logging) fails the page; a
#      copy of one page with a seed moved in its record must say "mismatch
#      at ply 4";
#   3. screenshots (1200x800) of one page per game, in the middle of a move,
#      are kept in build/test-artifacts/animate-*.png (ARTIFACTS=DIR).
# Chromium runs JOBS at a time (default: the cores, 2 to 6).
#
#   SOW=build/sow bash tests/html/run.sh     (CHROMIUM=path, JOBS=N,
#                                             KEEP_TMP=1 keeps the pages)
#
# First it checks that tools/animate_page.h is up to date with
# tools/page/animate.{css,html,js}. Without chromium it says so and exits 0
# (`make check` runs it; Debian: apt-get install chromium).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
sow=${SOW:-build/sow}
case $sow in /*) ;; *) sow="$root/$sow" ;; esac
# the page compiled into sow is that of tools/page/ (no browser needed)
if ! python3 "$root/tools/page/gen.py" --check; then
    echo "html: FAIL: tools/animate_page.h differs from tools/page/animate.*"
    exit 1
fi
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$chromium" ]; then
    echo "html: chromium not found: browser tests skipped (Debian: apt-get install chromium)"
    exit 0
fi
if [ ! -x "$sow" ]; then
    echo "html: no sow binary at $sow (build it, or set SOW)" >&2
    exit 2
fi
art=${ARTIFACTS:-$root/build/test-artifacts}
mkdir -p "$art" || exit 2
tmp=$(mktemp -d) || exit 2
[ -n "${KEEP_TMP:-}" ] || trap 'rm -rf "$tmp"' EXIT; [ -n "${KEEP_TMP:-}" ] && echo "html: files in $tmp"
start=$(date +%s)
n=0 failed=0
fail() {
    echo "html $1: FAIL: $2"
    failed=$((failed + 1))
}

# ---- the pages: NAME and the arguments of sow replay / sow animate ------
names=()
add_case() { # NAME ARGS...
    local name=$1
    shift
    printf '%s\n' "$@" >"$tmp/$name.args"
    names+=("$name")
}
# golden records that add no kind of event, phase or end the others lack
# are left out (HTML_ALL=1 takes them too), to keep the test near 30 s
same_as_others=(andada_end_game andada_short boto_max_plies boto_short
    kui2_match_nearest kui2_match_p13 kui2_single max_plies no_capture_plies short)
for f in "$root"/tests/golden/*.args; do
    base=$(basename "$f" .args)
    if [ -z "${HTML_ALL:-}" ] && [[ " ${same_as_others[*]} " == *" $base "* ]]; then
        continue
    fi
    mapfile -t args < <(grep -v '^#' "$f")
    add_case "golden-$base" "${args[@]}"
done
random_case() { # NAME SEED VARIANT [OPTION...]
    local name=$1 seed=$2 variant=$3
    shift 3
    local opts=() o
    for o in "$@"; do opts+=(--option "$o"); done
    if ! (cd "$root" && "$sow" selfplay "$variant" "${opts[@]}" --games 1 \
        --seed "$seed" --jsonl "$tmp/$name.games" >/dev/null 2>"$tmp/$name.err"); then
        fail "$name" "sow selfplay: $(head -n1 "$tmp/$name.err")"
        return
    fi
    local moves
    # the record's tokens (numbers, decisions as strings), joined with spaces
    moves=$(python3 -c 'import json, sys; print(" ".join(str(m) for m in json.load(sys.stdin)["moves"]))' <"$tmp/$name.games")
    add_case "$name" "$variant" --moves "$moves" "${opts[@]}"
}
# an endless move (end_game) of 48,837,173 events, of which the page gets
# the first 20,000 and then the board after the move
add_case endless-long adji-kui-2 --moves "5 6 4 11 5 10 0 11 2 11 0 6 2" \
    --option endless_move=end_game
random_case random-kui1 11 adji-kui-1
random_case random-kui2-match 12 adji-kui-2 match=true match_games=3
random_case random-boto 13 adji-boto
random_case random-andada12 14 andada
random_case random-andada18-cw 16 andada holes=18 direction=cw
random_case random-andada24 15 andada holes=24
# a board of four rows (C2.1): the holes drawn row over row, each hole's
# side from the page's data (home)
random_case random-moruba 17 moruba

# ---- 1. write and check each page --------------------------------------
ready=()
for name in "${names[@]}"; do
    n=$((n + 1))
    mapfile -t args <"$tmp/$name.args"
    if ! (cd "$root" && timeout 20 "$sow" animate "${args[@]}" --html "$tmp/$name.html") 2>"$tmp/$name.err"; then
        fail "$name" "sow animate: $(head -n1 "$tmp/$name.err")"
        continue
    fi
    (cd "$root" && "$sow" replay "${args[@]}" --json) >"$tmp/$name.jsonl" 2>/dev/null
    if ! out=$(python3 "$here/check_page.py" "$tmp/$name.html" "$tmp/$name.jsonl"); then
        fail "$name" "$out"
        continue
    fi
    echo "${out%% *}" >"$tmp/$name.plies"
    ready+=("$name")
done

# a page whose record was tampered with (one seed moved in the board after
# the fifth move) must say so: the self-check is not a rubber stamp
if [ -f "$tmp/random-kui1.html" ]; then
    python3 - "$tmp/random-kui1.html" "$tmp/tampered.html" <<'PY'
import json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'(<script type="application/json" id="sow-data">\n)(.*?)(</script>)', page, re.S)
data = json.loads(m.group(2))
step = [s for s in data["steps"] if s["k"] == "ply"][4]
b = step["b"]
i = next(h for h in range(len(b)) if b[h] > 0)
b[i] -= 1
b[(i + 1) % len(b)] += 1
text = json.dumps(data).replace("<", "\\u003c")
open(sys.argv[2], "w", encoding="utf-8").write(page[:m.start(2)] + text + "\n" + page[m.end(2):])
PY
    ready+=(tampered)
fi
written=$(date +%s)

# ---- 2. the browser: each page replayed at top speed, and screenshots of
# one page per game in the middle of a move, JOBS Chromiums at a time ----
browse() { # NAME FRAGMENT [FLAGS...]
    local name=$1 frag=$2
    shift 2
    timeout 90 "$chromium" --headless --no-sandbox --disable-gpu --no-first-run \
        --disable-background-networking --user-data-dir="$tmp/profile-$name-${frag%%=*}" \
        --enable-logging=stderr --v=0 "$@" "file://$tmp/$name.html#$frag"
}
job() { # dom NAME | shot NAME FRAGMENT PNG
    if [ "$1" = dom ]; then
        browse "$2" autoplay --virtual-time-budget=600000 --dump-dom >"$tmp/$2.dom" 2>"$tmp/$2.log"
    else
        (cd "$tmp" && browse "$2" "$3" --window-size=1200,800 --virtual-time-budget=5000 \
            --screenshot="$4" >/dev/null 2>"$tmp/$2.shot.log")
    fi
}
export -f browse job
export chromium tmp
shots=("random-kui1 ply=20&ev=6" "golden-kui2_match ply=110&ev=3"
       "random-boto ply=30&ev=4" "random-andada12 ply=14&ev=5"
       "random-andada24 ply=30&ev=6" "random-moruba ply=20&ev=3")
jobs=()
for s in "${shots[@]}"; do
    name=${s%% *}
    [ -f "$tmp/$name.html" ] || continue
    png="$art/animate-${name#*-}.png"
    rm -f "$png"
    jobs+=("shot $name ${s#* } $png")
done
for name in "${ready[@]}"; do jobs+=("dom $name"); done
cores=$(nproc 2>/dev/null || echo 2)
[ "$cores" -gt 6 ] && cores=6
[ "$cores" -lt 2 ] && cores=2
printf '%s\n' "${jobs[@]}" | xargs -P "${JOBS:-$cores}" -L 1 bash -c 'job "$@"' job
for name in "${ready[@]}"; do
    status=$(sed -n 's/.*<span id="status"[^>]*>\([^<]*\)<\/span>.*/\1/p' "$tmp/$name.dom")
    if [ "$name" = tampered ]; then
        n=$((n + 1))
        [[ "$status" == "mismatch at ply 4 (move 5): the page has board ["* ]] ||
            fail "$name" "the tampered page says: ${status:-nothing}"
        continue
    fi
    plies=$(cat "$tmp/$name.plies")
    if [ -z "$status" ]; then
        fail "$name" "no span#status in the page Chromium dumped: $(head -c 200 "$tmp/$name.log")"
    elif [[ "$status" != "ok: all $plies moves match the record"* ]]; then
        fail "$name" "the page says: $status"
    elif grep -q ':CONSOLE' "$tmp/$name.log"; then
        fail "$name" "console message: $(grep -m1 ':CONSOLE' "$tmp/$name.log")"
    fi
done
for j in "${jobs[@]}"; do
    set -- $j
    [ "$1" = shot ] || continue
    n=$((n + 1))
    if [ ! -s "$4" ]; then
        fail "$2" "no screenshot $4: $(grep -m1 -i error "$tmp/$2.shot.log")"
    elif grep -q ':CONSOLE' "$tmp/$2.shot.log"; then
        fail "$2" "console message: $(grep -m1 ':CONSOLE' "$tmp/$2.shot.log")"
    fi
done

now=$(date +%s)
echo "html: $n pages and screenshots, $failed failed ($((now - start)) s: pages $((written - start)) s, Chromium $((now - written)) s; screenshots in $art)"
[ "$failed" -eq 0 ]
