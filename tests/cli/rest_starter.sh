# shellcheck shell=bash
# tests/cli/rest_starter.sh - the end of a game and the start of the next
# round as data (issue 24): rest: divided with rest_odd (the scenario file
# tests/variants/scenarios/divided.yaml, values worked out by hand), and
# rounds.starter as {decided: X, draw: Y} (test_rounds.c checks who
# starts); here what sow show says of them and the loader's messages.
# Sourced by tests/cli/run.sh (t and $cli_tmp as there).
TV=tests/variants
t rest-divided-scenarios 0 "last=7 scenarios, 0 failed" -- sow test $TV/scenarios/divided.yaml
t rest-divided-show 0 "out~  scoring: captures; the seeds left on the board are shared evenly (C1.8), an odd seed to the player behind, North when level" noerr -- sow show $TV/divided.yaml
t rest-divided-show-south 0 "out~shared evenly (C1.8), an odd seed to South" noerr -- sow show $TV/divided.yaml --option odd=south
t rest-divided-json 0 'out~"rest":"divided","rest_odd":"behind"' noerr -- sow show $TV/divided.yaml --json
t starter-map-show 0 "out~After a round won, its loser starts the next; after a draw, the player who did not move last." noerr -- sow show $TV/starter_map.yaml
t starter-map-json 0 'out~"starter":{"decided":"loser","draw":"not_last_mover"}' noerr -- sow show $TV/starter_map.yaml --json
sed 's/^  starter: {decided: loser, draw: not_last_mover}/  starter: {decided: loser}/' $TV/starter_map.yaml >"$cli_tmp/starter_half.yaml"
t starter-map-half 1 "err~starter needs decided: (who starts after a round won) and draw: (after a drawn one)" -- sow validate "$cli_tmp/starter_half.yaml"
sed 's/^  starter: {decided: loser, draw: not_last_mover}/  starter: {decided: loser, draw: winner}/' $TV/starter_map.yaml >"$cli_tmp/starter_draw.yaml"
t starter-map-draw-winner 1 "err~draw must be one of: alternate, last_mover, not_last_mover, south, north, not_to_move (not 'winner')" -- sow validate "$cli_tmp/starter_draw.yaml"
sed 's/^  rest_odd: \$odd/  rest_odd: first/' $TV/divided.yaml >"$cli_tmp/odd_bad.yaml"
t rest-odd-bad 1 "err~rest_odd must be one of: behind, south, north, last_mover, nobody" -- sow validate "$cli_tmp/odd_bad.yaml"
