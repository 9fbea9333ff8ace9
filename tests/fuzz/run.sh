#!/bin/bash
# tests/fuzz/run.sh - run the libFuzzer harnesses (built by `make
# fuzz-build` into build/fuzz/). From the repository root:
#
#   bash tests/fuzz/run.sh run SECONDS   each harness for SECONDS, FUZZ_JOBS
#                                        (default: the number of cores) at
#                                        a time; new inputs go to
#                                        build/fuzz/corpus/<harness>/
#   bash tests/fuzz/run.sh replay        each harness once over its saved
#                                        corpus, tests/fuzz/corpus/<harness>/
#   bash tests/fuzz/run.sh save          merge (minimise) what `run` found
#                                        into tests/fuzz/corpus/<harness>/
#
# Harnesses: loader (YAML text -> variant), lua (a script against a
# shipped variant), moves (--moves tokens replayed), scenario (a scenario
# file's cases run; built once engine/lab/sow_scenario.h exists), json (a
# selfplay summary read by sow stats: the JSON reader, the checks, merging).
# Seeds besides the saved corpus: variants/, tests/cli/bad, tests/cli/hooks,
# tests/hostile.
# A finding is written to build/fuzz/artifacts/<harness>-crash-... (or
# leak-, timeout-, oom-); the run then reports it and exits 1.
set -u
cd "$(dirname "$0")/../.." || exit 2
B=build/fuzz
HARNESSES=${FUZZ_HARNESSES:-loader lua moves scenario json egdb}
JOBS=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}

seeds() { # the read-only seed folders of a harness
    local h=$1 d
    case $h in
    loader) for d in variants tests/variants tests/cli/bad tests/cli/tracks tests/cli/seeds tests/cli/hooks tests/cli/howto tests/hostile/yaml tests/hostile/lua; do
                [ -d "$d" ] && echo "$d"; done ;;
    lua) for d in tests/hostile/lua; do [ -d "$d" ] && echo "$d"; done
         [ -d "$B/seeds/lua" ] && echo "$B/seeds/lua" ;;
    moves) ;;
    scenario) for d in variants/scenarios; do [ -d "$d" ] && echo "$d"; done ;;
    json) for d in tests/hostile/stats; do [ -d "$d" ] && echo "$d"; done ;;
    egdb) ;;
    esac
}

# libFuzzer reads every file of a seed folder; the lua harness wants only
# scripts, so they are copied into one folder
lua_seeds() {
    rm -rf "$B/seeds/lua"
    mkdir -p "$B/seeds/lua"
    local f
    for f in variants/*.lua tests/cli/bad/*.lua tests/cli/hooks/*.lua; do
        [ -f "$f" ] && cp "$f" "$B/seeds/lua/$(echo "$f" | tr / _)"
    done
}

flags() { # options common to every run
    local h=$1
    echo "-timeout=10 -rss_limit_mb=2560 -print_final_stats=1"
    [ -f "tests/fuzz/$h.dict" ] && echo "-dict=tests/fuzz/$h.dict"
}

need() {
    local h
    for h in $HARNESSES; do
        if [ ! -x "$B/fuzz_$h" ]; then
            echo "fuzz: $B/fuzz_$h is missing; run 'make fuzz-build' (needs clang)" >&2
            exit 2
        fi
    done
}

one() { # run harness $1 for $2 seconds
    local h=$1 secs=$2 log="$B/logs/$1.log"
    mkdir -p "$B/corpus/$h" "$B/artifacts" "$B/logs" "tests/fuzz/corpus/$h"
    # shellcheck disable=SC2046
    "$B/fuzz_$h" $(flags "$h") -max_total_time="$secs" \
        -artifact_prefix="$B/artifacts/$h-" \
        "$B/corpus/$h" "tests/fuzz/corpus/$h" $(seeds "$h") >"$log" 2>&1
    local rc=$?
    local execs
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    local found
    found=$(grep -c -E '^(==[0-9]+==ERROR|SUMMARY: |finding: |ALARM: working on the last Unit for)' "$log")
    echo "fuzz $h: ${execs:-?} executions in ${secs} s, exit $rc, $found finding line(s); log $log"
    return $rc
}

case ${1:-} in
run)
    secs=${2:-60}
    need
    case " $HARNESSES " in *" lua "*) lua_seeds ;; esac
    failed=0
    running=0
    pids=()
    for h in $HARNESSES; do
        one "$h" "$secs" &
        pids+=($!)
        running=$((running + 1))
        if [ "$running" -ge "$JOBS" ]; then
            wait "${pids[0]}" || failed=1
            pids=("${pids[@]:1}")
            running=$((running - 1))
        fi
    done
    for p in "${pids[@]}"; do
        wait "$p" || failed=1
    done
    ls "$B/artifacts" 2>/dev/null | sed 's/^/fuzz: artifact /'
    exit $failed
    ;;
replay)
    need
    failed=0
    for h in $HARNESSES; do
        d=tests/fuzz/corpus/$h
        n=$(find "$d" -type f 2>/dev/null | wc -l)
        if "$B/fuzz_$h" -runs=0 -timeout=10 "$d" >"$B/replay-$h.log" 2>&1; then
            echo "fuzz-replay $h: $n inputs, no finding"
        else
            echo "fuzz-replay $h: FAILED on its corpus $d; see $B/replay-$h.log"
            grep -m 5 -E 'ERROR|finding|SUMMARY|Test unit written' "$B/replay-$h.log"
            failed=1
        fi
    done
    exit $failed
    ;;
save)
    need
    for h in $HARNESSES; do
        mkdir -p "tests/fuzz/corpus/$h"
        # -merge=1 keeps the inputs that add coverage, smallest first
        "$B/fuzz_$h" -merge=1 -timeout=10 "tests/fuzz/corpus/$h" "$B/corpus/$h" \
            >"$B/merge-$h.log" 2>&1 || { echo "fuzz save $h: merge failed, see $B/merge-$h.log"; exit 1; }
        echo "fuzz save $h: $(find "tests/fuzz/corpus/$h" -type f | wc -l) inputs in tests/fuzz/corpus/$h"
    done
    ;;
*)
    echo "usage: bash tests/fuzz/run.sh run SECONDS | replay | save" >&2
    exit 2
    ;;
esac
