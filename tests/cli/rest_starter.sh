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
# end.rest_fed (issue 24, MancalaGames' UNFED_PLAYER): under rest: unfed,
# the rest goes to the player without seeds only when the other could not
# feed them (tests/variants/scenarios/rest_fed.yaml, values by hand)
t rest-fed-scenarios 0 "last=7 scenarios, 0 failed" -- sow test $TV/scenarios/rest_fed.yaml
t rest-fed-show 0 "out~  scoring: captures; the seeds left on the board go to the player whose row is empty when the other, to move, could not feed it; otherwise (it could, or no row is empty) they are shared evenly (C1.8), an odd seed to the player behind, North when level" noerr -- sow show $TV/rest_fed.yaml
t rest-fed-show-nobody 0 "out~could not feed it; otherwise (it could, or no row is empty) they go to nobody (C1.8)" noerr -- sow show $TV/rest_fed.yaml --option fed=nobody
t rest-fed-json 0 'out~"rest":"unfed","rest_odd":"behind","rest_fed":"divided"' noerr -- sow show $TV/rest_fed.yaml --json
t rest-fed-json-default 0 'out~"rest":"unfed","rest_odd":null,"rest_fed":"unfed"' noerr -- sow show ouri --json
t rest-fed-json-other 0 'out~"rest":"own_row","rest_odd":null,"rest_fed":null' noerr -- sow show kalah --json
sed 's/^  rest: unfed/  rest: own_row/' $TV/rest_fed.yaml >"$cli_tmp/fed_rest.yaml"
t rest-fed-needs-unfed 1 "err=$cli_tmp/fed_rest.yaml:18:13: rest_fed says where the seeds left go when rest: unfed finds the player without seeds could be fed; add rest: unfed beside it, or remove rest_fed" -- sow validate "$cli_tmp/fed_rest.yaml"
sed 's/^  rest_fed: \$fed/  rest_fed: half/' $TV/rest_fed.yaml >"$cli_tmp/fed_bad.yaml"
t rest-fed-bad 1 "err=$cli_tmp/fed_bad.yaml:18:13: rest_fed must be one of: own_row, last_mover, unfed, nobody, divided, owner (not 'half')" -- sow validate "$cli_tmp/fed_bad.yaml"
