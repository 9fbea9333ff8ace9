# shellcheck shell=bash
# tests/hostile/cases/limits.sh - issue 13 #11: a bound on a whole run.
# Each call into a script has its limits and each move its lap cap, but
# work adds up; --time-limit SECONDS (or SOW_TIME_LIMIT; default 600)
# bounds the run, checked by the engine every 64 plies, by the Lua bridge
# and between games and scenarios. Sourced by tests/hostile/run.sh.
B=tests/hostile/limits/relay_big.yaml
SLOW=$L/slow_hook.yaml
# bench --seconds is kept within a game: games of about a second each
limit=3 t limit-bench-seconds 0 "out~sow bench: variant=hostile-relay-big" -- sow bench "$B" --seconds 0.5
limit=3 t limit-bench-seconds-match 0 "out~sow bench: variant=adji-kui-2" -- sow bench adji-kui-2 --option match=true --seconds 0.3
# the run's limit, shorter than --seconds: an error
limit=4 t limit-bench-time-limit 1 "err=sow bench: the run went past its time limit of 1 s; give it more time (--time-limit SECONDS or SOW_TIME_LIMIT; 0: no limit) or less work" -- sow bench "$B" --seconds 30 --time-limit 1
# twenty games of a slow hook that is never cached: each call is within its
# own limits, the run is not
limit=4 t limit-selfplay-slow-hook 1 "err~sow selfplay: game " "err~the run's time limit reached (--time-limit, SOW_TIME_LIMIT)" -- sow selfplay "$SLOW" --games 20 --time-limit 1
limit=4 t limit-selfplay-env 1 "err~the run's time limit reached" -- env SOW_TIME_LIMIT=1 sow selfplay "$SLOW" --games 20
limit=4 t limit-selfplay-jsonl 1 "err~the run's time limit reached" "nofile=$T/slow.jsonl" -- sow selfplay "$SLOW" --games 20 --time-limit 1 --jsonl "$T/slow.jsonl"
limit=4 t limit-compare-slow-hook 1 "err~the run's time limit reached" -- sow compare "$SLOW" --a "flag=false" --b "flag=true" --games 20 --time-limit 1
# pure C work: a long random game played by a computer player's look-ahead
limit=4 t limit-search-big 1 "err~time limit" -- sow selfplay "$B" --games 50 --players greedy,greedy --time-limit 1
# a replay of a long move list through a slow hook
moves=$(for _ in $(seq 60); do printf '2 7 3 8 4 9 '; done)
limit=4 t limit-replay-env 1 "err~the run's time limit reached" -- env SOW_TIME_LIMIT=0.05 sow trace "$SLOW" --moves "$moves"
# no limit: 0 (the run ends by itself)
t limit-zero 0 "out~sow bench: variant=adji-kui-1" -- sow bench adji-kui-1 --seconds 0.1 --time-limit 0
# values
t limit-flag-negative 2 "err=sow bench: --time-limit takes a number of seconds from 0 (no limit) to 604800, not '-1' (see 'sow bench --help')" -- sow bench adji-kui-1 --time-limit -1
t limit-flag-word 2 "err=sow replay: --time-limit takes a number of seconds from 0 (no limit) to 604800, not 'soon' (see 'sow replay --help')" -- sow replay adji-kui-1 --moves 2 --time-limit soon
t limit-flag-nan 2 "err~--time-limit takes a number of seconds" -- sow replay adji-kui-1 --moves 2 --time-limit nan
t limit-flag-huge 2 "err~--time-limit takes a number of seconds" -- sow replay adji-kui-1 --moves 2 --time-limit 1e30
t limit-flag-missing 2 "err=sow replay: --time-limit needs a value (--time-limit SECONDS) (see 'sow replay --help')" -- sow replay adji-kui-1 --moves 2 --time-limit
t limit-env-word 1 "err=sow replay: SOW_TIME_LIMIT is 'never'; set it to a number of seconds from 0 (no limit) to 604800" -- env SOW_TIME_LIMIT=never sow replay adji-kui-1 --moves 2
t limit-env-escape 1 clean "err~SOW_TIME_LIMIT is ' [2J'" -- env SOW_TIME_LIMIT=$'\e[2J' sow replay adji-kui-1 --moves 2
# forty variant files whose scripts are slow at the top level
mkdir -p "$T/slow"
cp "$L/slow_top.lua" "$T/slow/"
for i in $(seq 40); do sed "s/^id: .*/id: slow-top-$i/" "$L/slow_top.yaml" >"$T/slow/v$i.yaml"; done
limit=4 t limit-validate-many 1 "out~: ok (slow-top-1)" "err=sow validate: the run went past its time limit of 1 s; give it more time (--time-limit SECONDS or SOW_TIME_LIMIT; 0: no limit) or less work" -- sow validate --time-limit 1 "$T"/slow/v*.yaml
t limit-validate-option 2 "err=sow validate: --option is not taken: every value of every option is checked (see 'sow validate --help')" -- sow validate --option flag=true "$L/slow_top.yaml"
# a scenario file of 300 cases on a variant whose lap_end hook is slow:
# sow test opens the script once for the file (issue 23), but each case
# starts with the hook's cache empty, as alone, so each runs the hook
mkdir -p "$T/slowhook"
cp "$L/slow_hook.yaml" "$L/slow_hook.lua" "$T/slowhook/"
{
    echo "variant: slow_hook.yaml"
    echo "scenarios:"
    for i in $(seq 300); do
        printf '  - name: case %d\n    moves: "2"\n    expect:\n      to_move: north\n' "$i"
    done
} >"$T/slowhook/many.scenarios.yaml"
limit=4 t limit-test-many 1 "err=sow test: the run went past its time limit of 1 s; give it more time (--time-limit SECONDS or SOW_TIME_LIMIT; 0: no limit) or less work" -- sow test "$T/slowhook/many.scenarios.yaml" --time-limit 1
limit=4 t limit-test-env 1 "err~sow test: the run went past its time limit of 0.5 s" -- env SOW_TIME_LIMIT=0.5 sow test "$T/slowhook/many.scenarios.yaml"
t limit-test-option 2 "err=sow test: --option is not taken: each scenario sets the options it runs with (see 'sow test --help')" -- sow test adji-kui-1 --option skip_origin=true
