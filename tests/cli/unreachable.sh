# shellcheck shell=bash
# tests/cli/unreachable.sh - K1.7 `unreachable` (end.capture_unreachable,
# Adji Kui I's endless=unreachable): what sow show says of it, the end it
# gives (the rule's own tests are tests/unit/test_reach.c and
# variants/scenarios/adji_kui_1.yaml), and the reference's "may refuse
# with a clear message when too many seeds remain to decide": a search
# limited to 5 positions cannot decide the start, and the game stops
# unfinished with the seeds left and the option named. Sourced by
# tests/cli/run.sh (t and $cli_tmp as there).
t unreachable-show 0 "out~  no capture can be reached by any moves (searching at most 1000000 positions)" noerr -- sow show adji-kui-1 --option endless=unreachable
t unreachable-show-off 0 "out!~  no capture can be reached by any moves (searching" noerr -- sow show adji-kui-1
t unreachable-json 0 'out~"repetition":false,"capture_unreachable":true,"unreachable_positions":1000000' noerr -- sow show adji-kui-1 --option endless=unreachable --json
# a game of random moves (sow selfplay --seed 1, game 1) that ends by the
# rule, as tests/ref/adji_kui_1.py's replay of it does
t unreachable-end 0 "last=game over: no capture can happen any more, whatever moves are played: the seeds left can only go round the board; 15-33, North wins" noerr -- sow replay adji-kui-1 --option endless=unreachable --moves "4 6 3 9 5 7 2 6 0 9 1 11 0 8 4 10 0 7 1 8 2 6 4 7 3 11 2 7 0 8 3 9 1 11 2 10 3 6 4 7 5 6 1 10 0 11 3 9 1 8 5 7 0 6 2 11 4 9 5 10 3 11 0 1 2 4 5"
mkdir -p "$cli_tmp/unr"
cp variants/adji_kui_1.lua "$cli_tmp/unr/"
sed 's/^  capture_unreachable: .*/&\n  unreachable_positions: 5/' variants/adji_kui_1.yaml >"$cli_tmp/unr/adji_kui_1.yaml"
t unreachable-refused 0 'out~"reason":"48 seeds left: too many to tell in 5 positions if a capture is reachable; option endless has other values","unfinished":true' noerr -- sow replay "$cli_tmp/unr/adji_kui_1.yaml" --option endless=unreachable --moves "" --json
t unreachable-refused-words 0 "last=game over: the 48 seeds left are too many to tell whether a capture can still happen; 24-24, unfinished" noerr -- sow replay "$cli_tmp/unr/adji_kui_1.yaml" --option endless=unreachable --moves ""
sed 's/^  capture_unreachable: .*/&\n  unreachable_positions: 0/' variants/adji_kui_1.yaml >"$cli_tmp/unr/bad.yaml"
t unreachable-bad-limit 1 "err~bad.yaml:48:26: unreachable_positions is 0; it must be from 1 to 10000000" -- sow validate "$cli_tmp/unr/bad.yaml"
