# shellcheck shell=bash
# tests/cli/directions.sh - moves that name their direction (direction:
# each_move, MB.2): the tokens h/ccw and h/cw in records, replay, trace,
# play and the players; relay laps the way the move names; a chain of one
# fixed direction (chain direction: cw or ccw, MB.4); and the messages
# for what cannot be. Sourced by tests/cli/run.sh (t and $cli_tmp as
# there).
TV=tests/variants
TD=tests/cli/directions
# Mbangbi's first ply: both directions of every hole, ccw first; 3/cw sows
# 2, 1, 0, then North's 9 down to 5
t dir-each-legal 0 \
  'rec={"ply":0,"to_move":0,"legal":["0/ccw","0/cw","1/ccw","1/cw","2/ccw","2/cw","3/ccw","3/cw","4/ccw","4/cw"],"move":"3/cw","board":[9,9,9,0,8,9,9,9,9,9],"captured":[0,0]}' \
  noerr -- sow replay mbangbi --moves "3/cw" --json
# a label with its direction is the same move
t dir-each-label 0 \
  'rec={"ply":0,"to_move":0,"legal":["0/ccw","0/cw","1/ccw","1/cw","2/ccw","2/cw","3/ccw","3/cw","4/ccw","4/cw"],"move":"3/cw","board":[9,9,9,0,8,9,9,9,9,9],"captured":[0,0]}' \
  noerr -- sow replay mbangbi --moves "d/cw" --json
t dir-each-plain-hole 1 "err~move '3': in variant mbangbi every move names its direction; type 3/ccw or 3/cw" -- sow replay mbangbi --moves "3"
t dir-each-plain-label 1 "err~move 'd': in variant mbangbi every move names its direction; type d/ccw or d/cw" -- sow replay mbangbi --moves "d"
t dir-each-bad-dir 1 "err~move '3/up': a direction is cw or ccw (as in 3/cw)" -- sow replay mbangbi --moves "3/up"
t dir-each-no-hole 1 "err~move 10/cw: there is no such hole; holes are 0 to 9" -- sow replay mbangbi --moves "10/cw"
t dir-each-elsewhere 1 "err~move '3/cw': the moves of variant oware do not name a direction; type the hole number alone" -- sow replay oware --moves "3/cw"
# relay laps go on the way the move named: 1/cw sows 0 and 5, relays 5's
# three to 4, 3, 2, then 2's three to 1, 0, 5, which makes 1; 1/ccw is its
# mirror image
t dir-each-relay-cw 0 \
  'rec={"ply":0,"to_move":0,"legal":["0/ccw","0/cw","1/ccw","1/cw","2/ccw","2/cw"],"move":"1/cw","board":[4,1,0,3,3,1],"captured":[0,0]}' \
  noerr -- sow replay $TV/each_move.yaml --moves "1/cw" --json
t dir-each-relay-ccw 0 \
  'rec={"ply":0,"to_move":0,"legal":["0/ccw","0/cw","1/ccw","1/cw","2/ccw","2/cw"],"move":"1/ccw","board":[0,1,4,1,3,3],"captured":[0,0]}' \
  noerr -- sow replay $TV/each_move.yaml --moves "1/ccw" --json
# the narration says which way
t dir-each-trace 0 'out~move 1: South plays d clockwise' \
  'out~  South lifts the 8 seeds of d and sows clockwise' noerr -- sow trace mbangbi --moves "3/cw"
t dir-each-trace-ccw 0 'out~  South lifts the 8 seeds of d and sows counter-clockwise' \
  noerr -- sow trace mbangbi --moves "3/ccw"
# a person names the hole, then the direction in words (or both at once)
input=$'d\nup\ncw\nquit\n' t dir-each-play 0 \
  'out~which way from d? cw (clockwise) or ccw (counter-clockwise)> '"'up' is not a direction: type cw or ccw" \
  'out~move 1: South plays d clockwise' 'out~to replay them: sow replay mbangbi --moves "3/cw"' \
  noerr -- sow play mbangbi --north human
input=$'b/ccw\nquit\n' t dir-each-play-both 0 'out~move 1: South plays b counter-clockwise' \
  noerr -- sow play mbangbi --north human
# the players pick from the legal list: directed moves
t dir-each-search 0 'outre=move=[0-9]/c?cw label=[a-e]/c?cw ' noerr -- sow search mbangbi --player alphabeta:depth=3
t dir-each-mcts 0 'outre=move=[0-9]/c?cw label=[a-e]/c?cw ' noerr -- sow search mbangbi --player mcts:iter=200
t dir-each-selfplay 0 'outre=^games +20' noerr -- sow selfplay mbangbi --games 20 --players alphabeta:depth=2,mcts:iter=50
t dir-each-solve 0 'out~moves      0/ccw:-8 0/cw:-8 1/ccw:-6 1/cw:-6 2/ccw:-8 2/cw:-8' \
  noerr -- sow solve $TV/each_move.yaml --memory 16
# what cannot be
t dir-each-scripted 1 "err=$TD/scripted.yaml:12:3: direction: each_move makes every sowing move a hole and a direction (3/ccw, 3/cw), but phase 'opening' has moves: scripted, whose moves are holes alone; make it a phase of sowing moves, or give the variant another direction" \
  -- sow validate $TD/scripted.yaml
t dir-chain-word 1 "err=$TD/chain_word.yaml:13:39: direction must be one of: forward, backward, ccw, cw (not 'up')" \
  -- sow validate $TD/chain_word.yaml
# sow show tells both
t dir-each-show 0 'out~  direction      named by every move: h/ccw sows hole h counter-clockwise, h/cw clockwise (MB.2)' \
  "out~chain capture of holes with count 2,4, from the last hole, clockwise whatever the move's direction, opponent's holes only" \
  noerr -- sow show mbangbi
t dir-each-show-json 0 'out~"direction_rule":"each_move"' 'out~"from":"last","direction":"cw","owner":"opponent"' \
  noerr -- sow show mbangbi --json
# a script sees the move's direction (g.direction), keyed in its cache
t dir-each-hook 0 'last=2 scenarios, 0 failed' -- sow test $TV/scenarios/each_move_hook.yaml
# the animation's head lines name the direction and the hole
t dir-each-animate 0 noerr -- sow animate mbangbi --moves "3/cw 7/ccw" --html "$cli_tmp/mb.html"
t dir-each-animate-head 0 'out=2' -- grep -c -e '"head":"move 1: South plays d clockwise"' -e '"head":"move 2: North plays C counter-clockwise"' "$cli_tmp/mb.html"
# a round's first move from the K rightmost holes (LL.2) keeps both
# directions of each: K holes are 2K moves
sed 's/^  laps: relay$/  laps: relay\n  first_move: {keep: 1}/' $TV/each_move.yaml >"$cli_tmp/each_move_keep.yaml"
t dir-each-first-keep 0 \
  'rec={"ply":0,"to_move":0,"legal":["2/ccw","2/cw"],"move":"2/cw","board":[1,4,1,0,3,3],"captured":[0,0]}' \
  noerr -- sow replay "$cli_tmp/each_move_keep.yaml" --moves "2/cw" --json
