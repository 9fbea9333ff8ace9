# shellcheck shell=bash
# tests/cli/tracks.sh - sowing tracks as data (issue 24): sowing.track:
# ring (the default), own (each player's own row and store, as in Tchuka
# Ruma) and lists of positions, replayed against boards worked out by hand
# from the track; and the loader's messages for tracks that cannot be.
# Sourced by tests/cli/run.sh (t and $cli_tmp as there).
TV=tests/variants
# own, counter-clockwise: South 0 1 2 S, North 3 4 5 N. Hole 1's two seeds
# go to 2 and the store: another turn; hole 2's three to the store, 0 and 1;
# North's hole 5: its store, then 3
t track-own-ccw 0 \
  'rec={"ply":0,"to_move":0,"legal":[0,1,2],"move":1,"board":[2,0,3,2,2,2],"captured":[1,0]}' \
  'last={"ply":2,"to_move":1,"legal":[3,4,5],"move":5,"board":[3,1,0,3,2,0],"captured":[2,1]}' \
  'out~{"ply":1,"to_move":0,"legal":[0,2],"move":2,"board":[3,1,0,2,2,2],"captured":[2,0]}' \
  noerr -- sow replay $TV/own_track.yaml --moves "1 2 5" --json
# own, clockwise: South's circuit backwards, 2 1 0 S: hole 1 sows 0 and the
# store (another turn), then hole 0 the store, 2 and 1
t track-own-cw 0 \
  'rec={"ply":0,"to_move":0,"legal":[0,1,2],"move":1,"board":[3,0,2,2,2,2],"captured":[1,0]}' \
  'last={"ply":1,"to_move":0,"legal":[0,2],"move":0,"board":[0,1,3,2,2,2],"captured":[2,0]}' \
  noerr -- sow replay $TV/own_track.yaml --option direction=cw --moves "1 0" --json
# lists: South 2 1 0 S, so hole 1 sows 0 and the store (no extra turn in
# this variant); North 3 4 0 5 N S, so hole 4 sows South's hole 0, then 5
t track-list 0 \
  'rec={"ply":0,"to_move":0,"legal":[0,1,2],"move":1,"board":[3,0,2,2,2,2],"captured":[1,0]}' \
  'last={"ply":1,"to_move":1,"legal":[3,4,5],"move":4,"board":[4,0,2,2,0,3],"captured":[1,0]}' \
  noerr -- sow replay $TV/list_track.yaml --moves "1 4" --json
# North's list passes both stores: hole 5's two seeds go to North's store
# and South's
t track-list-both-stores 0 \
  'last={"ply":1,"to_move":1,"legal":[3,4,5],"move":5,"board":[3,0,2,2,2,0],"captured":[2,1]}' \
  noerr -- sow replay $TV/list_track.yaml --moves "1 5" --json
# the default is the ring: Kalah unchanged by an explicit track: ring
sed 's/^sowing:$/sowing:\n  track: ring/' variants/kalah.yaml >"$cli_tmp/kalah_ring.yaml"
t track-ring-explicit 0 "rec=$("$SOW" replay kalah --moves '0 7 1' --json | head -1 | sed -E 's/,"variant":.*$/}/')" \
  "last=$("$SOW" replay kalah --moves '0 7 1' --json | tail -1)" \
  -- sow replay "$cli_tmp/kalah_ring.yaml" --moves "0 7 1" --json
t track-show-own 0 "out~  track          each player's own row and store, round and round: no seed goes into the other row" noerr -- sow show $TV/own_track.yaml
t track-show-list 0 "out~  track          South: c, b, a, South's store; North: A, B, a, C, North's store, South's store (counter-clockwise; clockwise sowing runs it backwards)" noerr -- sow show $TV/list_track.yaml
t track-show-ring 0 "out!~  track " noerr -- sow show kalah
t track-show-json 0 'out~"track":{"south":[2,1,0,"south_store"],"north":[3,4,0,5,"north_store","south_store"]}' noerr -- sow show $TV/list_track.yaml --json
t track-show-json-ring 0 'out~"track":"ring"' noerr -- sow show kalah --json
# what cannot be
TB=tests/cli/tracks
t track-bad-word 1 "err=$TB/word.yaml:11:10: track must be ring, own, or the positions of each player (south: [...], north: [...]), not 'spiral'" lines=0 -- sow validate $TB/word.yaml
t track-bad-missing 1 "err=$TB/missing_north.yaml:12:5: track needs north: (the positions North's seeds travel)" -- sow validate $TB/missing_north.yaml
t track-bad-twice 1 "err=$TB/twice.yaml:12:19: track: south names this position twice; a track passes each position once a round" -- sow validate $TB/twice.yaml
t track-bad-no-hole 1 "err=$TB/no_hole.yaml:12:12: track: south holds no hole; a track goes through the holes a player sows" -- sow validate $TB/no_hole.yaml
t track-bad-not-list 1 "err=$TB/not_list.yaml:12:12: track: south must be a list of positions ([0, 1, ..., store]), not a single value" -- sow validate $TB/not_list.yaml
t track-bad-off-board 1 "err=$TB/off_board.yaml:12:5: track: South's position 7 is not a hole of this board (holes 0 to 5)" -- sow validate $TB/off_board.yaml
t track-bad-word-position 1 "err=$TB/bad_word.yaml:12:22: a track position must be one of: store, south_store, north_store (not 'home')" -- sow validate $TB/bad_word.yaml
t track-bad-sides-none 1 "err=$TB/sides_none.yaml:11:10: a track other than the ring cannot be combined with sides: none (moves from any hole): a lap could start off the mover's track" -- sow validate $TB/sides_none.yaml
t track-bad-lacks-hole 1 "err=$TB/lacks_hole.yaml:12:5: track: South's track lacks hole 1 of theirs; a player's track passes every hole they own, where their moves start" -- sow validate $TB/lacks_hole.yaml
# the ring on rows of one hole (C1.2): South's store lies between holes 0
# and 1, North's between 1 and 0. Before tracks, hole 0 was taken for the
# hole before North's store too, and South's seed passed its own store
# into North's hole ([0, 2], nothing stored)
t track-ring-one-hole 0 \
  'rec={"ply":0,"to_move":0,"legal":[0],"move":0,"board":[0,1],"captured":[1,0]}' \
  noerr -- sow replay tests/variants/kalah_small.yaml --option holes=1 --option seeds=1 --moves 0 --json
