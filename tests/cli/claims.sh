# shellcheck shell=bash
# tests/cli/claims.sh - claims of several holes at once, as data (C1.4):
# claim.holes, when.previous_count, capture_pair with series (the scenario
# file tests/variants/scenarios/claim_targets.yaml, values worked out by
# hand), what sow show says of them, the scenario files' claimed field,
# and the loader's messages. Sourced by tests/cli/run.sh (t and $cli_tmp
# as there).
TV=tests/variants
TC=tests/cli/claims
t claims-scenarios 0 "last=7 scenarios, 0 failed" -- sow test $TV/scenarios/claim_targets.yaml
t claims-show-targets 0 "out~  lap end        count 3, the hole before it empty: claim together the hole before it, the hole after it: the mover's from now on, only if none is claimed yet; where it may not claim, the next rule applies" noerr -- sow show $TV/claim_targets.yaml
t claims-show-series 0 "out~  lap end        count 1 in an own hole, seeds in the opposite hole: capture the opposite hole and the last hole's seeds (nothing when the opposite hole is claimed), then, along the sowing, the hole facing each own empty hole that follows, as long as it holds seeds and is not claimed" noerr -- sow show $TV/claim_targets.yaml
t claims-json 0 'out~"previous":{"any":false,"counts":[0],"or_more":false}' 'out~"holes":["last","opposite"]' noerr -- sow show $TV/claim_targets.yaml --json
t claims-bad-next-previous 1 "err=$TC/next_and_previous.yaml:10:55: a rule looks at the next hole (next_count) or the previous one (previous_count), not both" -- sow validate $TC/next_and_previous.yaml
t claims-bad-place 1 "err=$TC/bad_place.yaml:12:29: a claimed hole must be one of: last, opposite, previous, next (not 'middle')" -- sow validate $TC/bad_place.yaml
t claims-bad-twice 1 "err=$TC/twice.yaml:12:39: 'last' is listed twice" -- sow validate $TC/twice.yaml
t claims-bad-not-list 1 "err=$TC/not_list.yaml:12:22: holes must be a list of the holes claimed together: last, opposite, previous, next" -- sow validate $TC/not_list.yaml
t claims-bad-series 1 "err=$TC/series.yaml:12:15: series: belongs to a rule that says do: capture_two_out or capture_pair" -- sow validate $TC/series.yaml
t claims-bad-store-previous 1 "err=$TC/store_previous.yaml:10:21: store: describes a lap that ends in a store, which has no count, owner, next or opposite hole: leave those out" -- sow validate $TC/store_previous.yaml
t claims-scenario-no-claims 1 "err=$TC/claimed_start.yaml:5:17: claimed: hole 0 is claimed, but the variant has no claimed holes (C1.4): leave claimed: out" -- sow test $TC/claimed_start.yaml
# a random game's 15th move makes holes 4 (e) and 11 (D) South's qurs (LY.3)
t claims-trace 0 "out~  the last seed falls in e, which now holds 1: the mover claims the holes its rule names together, and the move ends" \
  "out~  South claims e, which holds 1: it is South's for the rest of the game" \
  "out~  South claims D, which holds 3: it is South's for the rest of the game" \
  noerr -- sow trace leyla-gobale --moves "2 11 7 15 1 11 5 12 6 10 4 13 7 12 6"
# board.claimed and new_game's claim (issue 24): holes claimed from the
# start, and moved to other holes for the next game of a match
t claims-start 0 "last=4 scenarios, 0 failed" -- sow test $TV/scenarios/start_claimed.yaml
t claims-start-json 0 noerr 'out~"claimed":[-1,-1,0,-1,-1,1]' -- sow show $TV/start_claimed.yaml --json
t claims-start-length 1 "err=tests/cli/bad/claimed_length.yaml:7:47: claimed has 4 claimants but the board has 6 holes (2 rows of 3)" -- sow validate tests/cli/bad/claimed_length.yaml
t claims-start-player 1 "err=tests/cli/bad/claimed_player.yaml:7:52: a claimant is 2; it must be from -1 to 1" -- sow validate tests/cli/bad/claimed_player.yaml
# board.claimed by place (issue 24): the same holes for any board size
t claims-own-3 0 noerr 'out~"claimed":[0,-1,0,1,-1,1]' -- sow show $TV/claimed_own.yaml --json
t claims-own-5 0 noerr 'out~"claimed":[0,-1,-1,-1,0,1,-1,-1,-1,1]' -- sow show $TV/claimed_own.yaml --option holes=5 --json
t claims-own-zero 1 "err=tests/cli/bad/claimed_own_zero.yaml:7:54: a position is leftmost, rightmost, a number from 1 to 16 (from the player's left) or from -1 to -16 (from their right)" -- sow validate tests/cli/bad/claimed_own_zero.yaml
t claims-own-key 1 "err=tests/cli/bad/claimed_map_key.yaml:7:48: unknown key 'mine' in claimed; the keys are: own" -- sow validate tests/cli/bad/claimed_map_key.yaml
