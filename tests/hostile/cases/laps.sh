# shellcheck shell=bash
# tests/hostile/cases/laps.sh - moves whose laps never end: a rule that
# sows on after its lap (do: relay, do: close, a capture with then: relay)
# in a variant of single laps, whose laps were not watched for a move that
# never ends, so that such a move ran for ever: refused when the variant is
# loaded. Sourced by tests/hostile/run.sh (t, $cli_tmp as there); the
# variants are in tests/hostile/laps/. (Two cases the loader cannot refuse
# are at the end of run.sh, expected to fail.)
HL=tests/hostile/laps
SOWS_ON='sows on after the lap, so it needs laps: relay (where a move that never ends is found); with single laps such a move could go on for ever'
t laps-relay-single 1 "err=$HL/relay_single.yaml:14:11: do: relay $SOWS_ON" lines=0 -- sow replay $HL/relay_single.yaml --moves 0 --json
t laps-close-single 1 "err=$HL/close_all_single.yaml:14:11: do: close $SOWS_ON" lines=0 -- sow replay $HL/close_all_single.yaml --moves 0 --json
t laps-then-relay-single 1 "err=$HL/then_relay_single.yaml:15:13: then: relay $SOWS_ON" lines=0 -- sow replay $HL/then_relay_single.yaml --moves 0 --json
