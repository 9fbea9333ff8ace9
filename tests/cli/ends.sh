# shellcheck shell=bash
# tests/cli/ends.sh - ends and round starters of the twelve games' group
# tracks-rounds as data: end.cleared_winner (TR.5 made general: the
# scenario file tests/variants/scenarios/cleared_winner.yaml, worked out by
# hand), end.either_cannot_move (M3.4: variants/scenarios/mangala_iii.yaml)
# and the starter not_to_move (LG.7: test_rounds.c and
# variants/scenarios/lagerung.yaml); here what sow show says of them and
# the loader's messages. Sourced by tests/cli/run.sh (t and $cli_tmp as
# there).
TV=tests/variants
t cleared-winner-scenarios 0 "last=4 scenarios, 0 failed" -- sow test $TV/scenarios/cleared_winner.yaml
t cleared-winner-show 0 "out~  the mover's row is empty after a move (before every other end rule): the player whose row is empty wins" noerr -- sow show tchuka-ruma
t cleared-winner-show-other 0 "out~end rule): the player whose row is empty loses" noerr -- sow show $TV/cleared_winner.yaml --option who=not_emptied
t cleared-winner-json 0 'out~"cleared":"cleared_own","cleared_winner":"emptied"' noerr -- sow show tchuka-ruma --json
sed 's/^  cleared_winner: \$who/  cleared_winner: first/' $TV/cleared_winner.yaml >"$cli_tmp/cw_bad.yaml"
t cleared-winner-bad 1 "err~cleared_winner must be one of: score, emptied, not_emptied (not 'first')" -- sow validate "$cli_tmp/cw_bad.yaml"
sed 's/^  cleared_winner: \$who/  cleared_winner: $nope/' $TV/cleared_winner.yaml >"$cli_tmp/cw_ref.yaml"
t cleared-winner-bad-ref 1 "err~refers to option 'nope', which is not declared under options:" -- sow validate "$cli_tmp/cw_ref.yaml"
t either-show 0 "out~  either player has no legal move after a move" noerr -- sow show mangala-iii --option end_rule=either
t either-show-off 0 "out!~either player has no legal move" noerr -- sow show mangala-iii
t either-json 0 'out~"no_moves":"the game ends","either_cannot_move":true' noerr -- sow show mangala-iii --option end_rule=either --json
sed 's/^  either_cannot_move: .*/  either_cannot_move: yes/' variants/mangala_iii.yaml >"$cli_tmp/either_bad.yaml"
t either-bad 1 "err~either_cannot_move must be true or false" -- sow validate "$cli_tmp/either_bad.yaml"
t not-to-move-show 0 "out~after a draw, the player other than the one to move when it ended (its last mover, but after an extra turn the other)." noerr -- sow show lagerung
t not-to-move-json 0 'out~"starter":{"decided":"loser","draw":"not_to_move"}' noerr -- sow show lagerung --json
# rounds: with a new_game hook beside them (issue item 8): the rounds lay
# each round out, the hook is told it (m.round) and may end the match
t rounds-hook-scenarios 0 "last=4 scenarios, 0 failed" -- sow test $TV/scenarios/rounds_hook.yaml
t rounds-hook-show 0 "out~match: each round laid out by the rounds, then told to next_round, which may end the match or change the round's set-up" noerr -- sow show $TV/rounds_hook.yaml
t rounds-hook-json 0 'out~"by":"rounds_and_new_game"' noerr -- sow show $TV/rounds_hook.yaml --json
mkdir -p "$cli_tmp/rh"
cp $TV/rounds_hook.yaml "$cli_tmp/rh/"
sed 's/set.starter = 0/set.starter = 2/' $TV/rounds_hook.lua >"$cli_tmp/rh/rounds_hook.lua"
t rounds-hook-bad-starter 1 "err~function next_round returned a table whose starter is not a player (0 or 1)" -- sow replay "$cli_tmp/rh/rounds_hook.yaml" --option keep_south=true --moves "0"
# sowing.passing from a bool option (LG.5's pass)
t passing-option-on 0 "out~  passing        automatic" noerr -- sow show lagerung --option pass=true
t passing-option-off 0 "out~  passing        none" noerr -- sow show lagerung
sed 's/^  passing: \$pass .*/  passing: $nope/' variants/lagerung.yaml >"$cli_tmp/pass_ref.yaml"
t passing-option-bad 1 "err~passing refers to option 'nope', which is not declared under options:" -- sow validate "$cli_tmp/pass_ref.yaml"
sed 's/^  passing: \$pass .*/  passing: $min_holes/' variants/lagerung.yaml >"$cli_tmp/pass_int.yaml"
t passing-option-int 1 "err~passing is true or false, but option min_holes is not a bool option" -- sow validate "$cli_tmp/pass_int.yaml"
