# shellcheck shell=bash
# tests/cli/points.sh - match points as data (rounds.points, UR.6) and a
# threshold that ends only the round (end.threshold.ends, UR.5): what sow
# show says of them and the loader's messages (test_rounds.c's
# test_match_points counts the points round by round; the scenario file
# variants/scenarios/urim.yaml plays both). Sourced by tests/cli/run.sh
# (t and $cli_tmp as there).
UR=variants/urim.yaml
UR_POINTS=$(grep -n "^  points: {" $UR | cut -d: -f1) # its line
t points-show 0 "out~A round won scores 1 point, 2 when the winner's total is 36 or more; the first player to 10 points wins the match." noerr -- sow show urim
t points-show-option 0 "out~the first player to 3 points wins the match." noerr -- sow show urim --option points=3
t points-json 0 'out~"points":{"to_win":10,"double_from":36}' noerr -- sow show urim --json
t points-json-none 0 'out~"wins":5,"points":null' noerr -- sow show sadeqa --json
sed 's/^  points: {to_win: \$points, double_from: 36}/  points: {to_win: $points, double_from: 36}\n  wins: 5/' $UR >"$cli_tmp/points_wins.yaml"
t points-and-wins 1 "err~points_wins.yaml:$UR_POINTS:11: rounds: give wins: (rounds won) or points: (points scored), not both" -- sow validate "$cli_tmp/points_wins.yaml"
sed 's/^  points: {to_win: \$points, double_from: 36}/  points: {double_from: 36}/' $UR >"$cli_tmp/points_none.yaml"
t points-no-target 1 "err~points_none.yaml:$UR_POINTS:11: points needs to_win: (the points that win the match), e.g. points: {to_win: 10}" -- sow validate "$cli_tmp/points_none.yaml"
sed 's/^  points: {to_win: \$points, double_from: 36}/  points: {to_win: 0}/' $UR >"$cli_tmp/points_zero.yaml"
t points-zero 1 "err~to_win is 0; it must be from 1 to 1000" -- sow validate "$cli_tmp/points_zero.yaml"
sed 's/^  points: {to_win: \$points, double_from: 36}/  points: {to_win: 10, double_from: 70000}/' $UR >"$cli_tmp/points_big.yaml"
t points-double-big 1 "err~double_from is 70000; it must be from 1 to 65535" -- sow validate "$cli_tmp/points_big.yaml"
sed 's/^  points: {to_win: \$points, double_from: 36}/  points: {to_win: 10, bonus: 1}/' $UR >"$cli_tmp/points_key.yaml"
t points-unknown-key 1 "err~unknown key 'bonus' in points" -- sow validate "$cli_tmp/points_key.yaml"
sed 's/^  points: {to_win: \$points, double_from: 36}/  points: 10/' $UR >"$cli_tmp/points_int.yaml"
t points-not-map 1 "err~points must be a mapping" -- sow validate "$cli_tmp/points_int.yaml"
sed 's/^  points: {to_win: \$points, double_from: 36}/  points: {to_win: $first_capture}/' $UR >"$cli_tmp/points_enum.yaml"
t points-enum-option 1 "err~to_win needs a number, but option first_capture is not an int option" -- sow validate "$cli_tmp/points_enum.yaml"
t ends-show 0 "out~in store: they win the round at once, the seeds left given out as at any other end (C1.8)" "out!~won on the threshold" noerr -- sow show urim --option round_end=decided
t ends-json 0 'out~"sweep":true,"ends":"round"' noerr -- sow show urim --option round_end=decided --json
t ends-json-match 0 'out~"sweep":false,"ends":"match"' noerr -- sow show oware --json
t ends-show-match 0 "out~won on the threshold (C1.7)" noerr -- sow show dakon
sed 's/ends: round}/ends: game}/' $UR >"$cli_tmp/ends_bad.yaml"
t ends-bad 1 "err~ends must be one of: match, round (not 'game')" -- sow validate "$cli_tmp/ends_bad.yaml"
# the rounds' totals added up (rounds.totals_to_win, issue 24; MG's
# RND_SEED_COUNT): Centering's first to 100 seeds
CE=tests/unseen/centering.yaml
CE_TOTALS=$(grep -n "^  totals_to_win: 100" $CE | cut -d: -f1) # its line
t totals-show 0 "out~The totals of all rounds are added up: the first player whose sum reaches 100 wins the match (the larger sum if both do; equal sums draw)." noerr -- sow show $CE
t totals-json 0 'out~"totals_to_win":100' noerr -- sow show $CE --json
t totals-json-none 0 'out~"points":{"to_win":10,"double_from":36},"totals_to_win":null' noerr -- sow show urim --json
T100='s/^  totals_to_win: 100 .*/  totals_to_win:'
t_refused totals-and-wins $CE "$T100 100\n  wins: 3/" "$CE_TOTALS:18" "rounds: give one way to win the match: totals_to_win: (the rounds' totals added up) or wins:, not both"
t_refused totals-zero $CE "$T100 0/" "$CE_TOTALS:18" "totals_to_win is 0; it must be from 1 to 64000"
t_refused totals-word $CE "$T100 many/" "$CE_TOTALS:18" "totals_to_win must be a whole number written in decimal digits, not 'many'"
