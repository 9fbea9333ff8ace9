#!/usr/bin/env bash
# tools/bench-solve.sh - the benchmark of Kalah's published values (issue
# 26; docs/solving.md, "Measured"): builds the endgame database of each
# reading and solves the start with `sow solve --value-only`, then checks
# the value against the published one (Irving, Donkers & Uiterwijk 2000;
# Rawlings 2015). A benchmark, not a test: it takes minutes to hours, and
# prints the times and positions; it fails only on a wrong value.
#
#   bash tools/bench-solve.sh [--sow build/sow] [--db DIR] [--threads T]
#                             [--memory MIB] [--seeds N] [--guess-depth D]
#                             [BOARD...]
#
# BOARD: 6x4 (the default), 6x5, or a small one (5x4, 6x3) for a quick run;
# each is solved under both readings of the capture (pick_own=on_capture,
# the common capture, and pick_own=always, the empty capture), with
# threshold_end=false (the end when the player to move has no seeds).
# --guess-depth (default 20) is sow solve's: on Kalah(6,4) 20 plays
# fewer positions than its default 12 (docs/solving.md).
set -u
sow=build/sow db=/tmp/sow-bench-solve threads=2 memory=4096 seeds=16 guess=20
boards=()
while [ $# -gt 0 ]; do
    case $1 in
    --sow) sow=$2; shift 2 ;;
    --db) db=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --memory) memory=$2; shift 2 ;;
    --seeds) seeds=$2; shift 2 ;;
    --guess-depth) guess=$2; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) boards+=("$1"); shift ;;
    esac
done
[ ${#boards[@]} -gt 0 ] || boards=(6x4)
[ -x "$sow" ] || { echo "bench-solve: no sow at $sow (make, or --sow)" >&2; exit 2; }

# The published values (South's margin), by board and reading; "-" where
# none is published (the small boards: docs/solving.md's table).
published() {
    case $1:$2 in
    6x4:on_capture) echo 8 ;; 6x4:always) echo 10 ;;
    6x5:on_capture) echo 10 ;; 6x5:always) echo 12 ;;
    5x4:on_capture) echo 10 ;; 6x3:on_capture) echo 2 ;; 6x3:always) echo 0 ;;
    *) echo - ;;
    esac
}

failed=0
for b in "${boards[@]}"; do
    holes=${b%x*} per=${b#*x}
    for pick in on_capture always; do
        opts=(--option holes="$holes" --option seeds="$per"
              --option threshold_end=false --option pick_own="$pick")
        mkdir -p "$db/$b-$pick" || exit 2
        t0=$(date +%s.%N)
        "$sow" egdb build kalah "${opts[@]}" --seeds "$seeds" --db "$db/$b-$pick" \
            --threads "$threads" --time-limit 0 >/dev/null || exit 2
        t1=$(date +%s.%N)
        out=$("$sow" solve kalah "${opts[@]}" --db "$db/$b-$pick" --value-only \
            --threads "$threads" --memory "$memory" --guess-depth "$guess" \
            --time-limit 0 --json) || exit 2
        t2=$(date +%s.%N)
        value=$(sed -n 's/.*"value":\(-\{0,1\}[0-9]*\),.*/\1/p' <<<"$out")
        positions=$(sed -n 's/.*"positions":\([0-9]*\),.*/\1/p' <<<"$out")
        want=$(published "$b" "$pick")
        printf 'Kalah(%s) pick_own=%s: South %s; database %.0f s, solve %.0f s, %s positions; published %s\n' \
            "$b" "$pick" "$value" "$(awk "BEGIN{print $t1 - $t0}")" "$(awk "BEGIN{print $t2 - $t1}")" \
            "$positions" "$want"
        if [ "$want" != - ] && [ "$value" != "$want" ]; then
            echo "bench-solve: Kalah($b) pick_own=$pick: $value, published $want" >&2
            failed=1
        fi
    done
done
exit $failed
