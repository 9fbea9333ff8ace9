# shellcheck shell=bash
# tests/cli/udir.sh - holes that choose their direction beside holes that
# do not (direction: {cw_at, chosen_at, otherwise}, issue 24, MancalaGames'
# udir_holes: tests/unseen/cow.yaml) and no_undo read from the track
# (QL.6, ZZ.6: tests/unseen/zigzag.yaml): the tokens in records, replay,
# trace, play and the players, and the loader's messages. Sourced by
# tests/cli/run.sh (t and $cli_tmp as there).
TU=tests/cli/udir
COW=tests/unseen/cow.yaml
# Cow's first ply (CW.2): the outer holes plain, the middle hole both ways;
# 0 (5 seeds) sows clockwise into North's 9 down to 5
t udir-legal 0 \
  'rec={"ply":0,"to_move":0,"legal":[0,1,"2/ccw","2/cw",3,4],"move":0,"board":[0,5,5,5,5,6,6,6,6,6],"captured":[0,0]}' \
  noerr -- sow replay $COW --moves "0" --json
t udir-label 0 'outre="move":"2/cw"' noerr -- sow replay $COW --moves "c/cw" --json
t udir-outer-named 1 "err~move '0/cw': hole 0 of variant unseen-cow does not choose its direction (it sows clockwise); type 0 alone" \
  -- sow replay $COW --moves "0/cw"
t udir-middle-alone 1 "err~move 'c': in variant unseen-cow a move from this hole names its direction; type c/ccw or c/cw" \
  -- sow replay $COW --moves "c"
# the move is named as played, the narration says which way it sows
t udir-trace 0 'outre=^move 1: South plays a$' 'out~  South lifts the 5 seeds of a and sows clockwise' \
  'out~move 2: North plays C clockwise' noerr \
  -- sow trace $COW --moves "0 7/cw"
# a person is asked the direction only where there is a choice
input=$'a\nc\nccw\nquit\n' t udir-play 0 'out~move 1: South plays a' \
  'out~which way from c? cw (clockwise) or ccw (counter-clockwise)> ' \
  'out~move 3: South plays c counter-clockwise' noerr -- sow play $COW --north random
t udir-search 0 'outre=move=([0-9]|2/c?cw) ' noerr -- sow search $COW --player alphabeta:depth=3
t udir-mcts 0 'outre=move=([0-9]|2/c?cw) ' noerr -- sow search $COW --player mcts:iter=200
t udir-selfplay 0 'outre=^games +10' noerr -- sow selfplay $COW --games 10 --players alphabeta:depth=2,mcts:iter=50
t udir-show 0 'out~  direction      named by the moves from holes 2, 7 (c, C): h/ccw sows hole h counter-clockwise, h/cw clockwise; the others are played h alone: holes 0, 1, 5, 6 (a, b, A, B) sow clockwise, the rest counter-clockwise' \
  noerr -- sow show $COW
t udir-show-json 0 'out~"direction_rule":"each_move","cw_holes":[0,1,5,6],"chosen_holes":[2,7]' noerr -- sow show $COW --json
t udir-show-each 0 'out~"chosen_holes":[0,1,2,3,4,5,6,7,8,9]' noerr -- sow show mbangbi --json
# what cannot be: each case is the base with one line changed
udir_case() { # NAME 'DIRECTION LINE' 'ERROR'
    sed "s/^  direction: .*/  $2/" $TU/base.yaml >"$cli_tmp/udir-$1.yaml"
    t "udir-$1" 1 "err=$cli_tmp/udir-$1.yaml:$3" -- sow validate "$cli_tmp/udir-$1.yaml"
}
sed -e 's/^  direction: .*/  direction: {chosen_at: [middle]}/' -e 's/^  holes: 5/  holes: 4/' \
  $TU/base.yaml >"$cli_tmp/udir-even.yaml"
t udir-even 1 "err=$cli_tmp/udir-even.yaml:11:14: direction: a row of 4 holes has no middle hole; name the places by number instead (1 the leftmost, -1 the rightmost)" \
  -- sow validate "$cli_tmp/udir-even.yaml"
udir_case both 'direction: {cw_at: [middle], chosen_at: [3]}' \
  "11:14: direction: hole 2 is both chosen_at (its moves name their direction) and sown clockwise (cw_at): name it in one"
udir_case place 'direction: {chosen_at: [centre]}' \
  "11:27: a position is leftmost, rightmost, middle, a number from 1 to 16 (from the player's left) or from -1 to -16 (from their right)"
udir_case no-holes 'direction: {otherwise: cw}' \
  "11:14: direction as a map names holes: {cw_holes: [holes]} or {cw_at: [positions]} (those sow clockwise), {chosen_at: [positions]} (those name their direction with the move)"
udir_case otherwise 'direction: {cw_at: [1], chosen_at: [middle], otherwise: cw}' \
  "11:59: otherwise: cw makes every hole not chosen sow clockwise: drop cw_at, or say otherwise: ccw"
udir_case key 'direction: {chosen: [middle]}' \
  "11:15: unknown key 'chosen' in direction; the keys are: cw_holes, cw_at, chosen_at, otherwise"
# otherwise: cw turns the holes named nowhere
sed "s/^  direction: .*/  direction: {chosen_at: [middle], otherwise: cw}/" $TU/base.yaml >"$cli_tmp/udir-cw.yaml"
t udir-otherwise-cw 0 'out~"cw_holes":[0,1,3,4,5,6,8,9],"chosen_holes":[2,7]' noerr -- sow show "$cli_tmp/udir-cw.yaml" --json
# no_undo as a map
sed "s/^  no_undo: .*/  no_undo: {}/" $TU/base.yaml >"$cli_tmp/udir-nu-empty.yaml"
t udir-no-undo-empty 1 "err=$cli_tmp/udir-nu-empty.yaml:12:12: no_undo as a map says when the rule lapses: {unless_captured: true} (after a move that captured); or write no_undo: true" \
  -- sow validate "$cli_tmp/udir-nu-empty.yaml"
sed "s/^  no_undo: .*/  no_undo: {unless_captured: maybe}/" $TU/base.yaml >"$cli_tmp/udir-nu-bool.yaml"
t udir-no-undo-bool 1 "err=$cli_tmp/udir-nu-bool.yaml:12:30: unless_captured must be true or false, not 'maybe'" \
  -- sow validate "$cli_tmp/udir-nu-bool.yaml"
sed "s/^  no_undo: .*/  no_undo: {after: capture}/" $TU/base.yaml >"$cli_tmp/udir-nu-key.yaml"
t udir-no-undo-key 1 "err=$cli_tmp/udir-nu-key.yaml:12:13: unknown key 'after' in no_undo; the keys are: unless_captured" \
  -- sow validate "$cli_tmp/udir-nu-key.yaml"
