# shellcheck shell=bash
# tests/cli/positions.sh - positions named in data (issue 24): a lap-end
# rule's when.position and when.not_position (the scenario file
# tests/variants/scenarios/position_rule.yaml, values worked out by hand),
# what sow show says of them, and the loader's messages. Sourced by
# tests/cli/run.sh (t and $cli_tmp as there).
TV=tests/variants
TP=tests/cli/positions
t position-scenarios 0 "last=6 scenarios, 0 failed" -- sow test $TV/scenarios/position_rule.yaml
t position-show 0 "out~  lap end        count 2 in an opponent's hole, except in the rightmost hole of its row (seen from that row's player): capture" noerr -- sow show $TV/position_rule.yaml
t position-show-only 0 "out~  lap end        count 3 in an opponent's hole, only in the leftmost hole of its row (seen from that row's player): capture" noerr -- sow show $TV/position_rule.yaml
t position-json 0 'out~"position":{"only":false,"at":[-1]}' noerr -- sow show $TV/position_rule.yaml --json
t position-bad-both 1 "err=$TP/both.yaml:10:53: position and not_position say the same thing two ways: keep one" -- sow validate $TP/both.yaml
t position-bad-not-list 1 "err=$TP/not_list.yaml:10:34: position must be a list of positions in the row: leftmost, rightmost, N (from the left, 1 the leftmost) or -N (from the right)" -- sow validate $TP/not_list.yaml
t position-bad-zero 1 "err=$TP/zero.yaml:10:35: a position is leftmost, rightmost, a number from 1 to 16 (from the player's left) or from -1 to -16 (from their right)" -- sow validate $TP/zero.yaml
