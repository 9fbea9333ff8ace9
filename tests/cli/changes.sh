# shellcheck shell=bash
# tests/cli/changes.sh - the changes a move hook may return beside owners,
# claims and state (issue 24; docs/writing-variants.md, "Changes a hook may
# return"): capture, close and open (C1.4, C1.5), played through
# tests/cli/changes/hook_holes.yaml, whose after_move hook takes the hole
# facing a move's origin, closes the origin once empty and opens a
# player's closed holes when they have nothing else to play; and every
# impossible change an error at the hook's line (bad.yaml, no_closes.yaml).
# Sourced by tests/cli/run.sh (t and $cli_tmp as there).
CH=tests/cli/changes
# HH.2: South's 1 sows 2 and 3, takes the 2 seeds of 4 (facing 1) and
# closes 1; North's 5 sows 0 and, past the closed 1, 2, takes the seeds
# facing 5 (hole 0) and closes 5
t changes-capture-close 0 noerr 'rec={"ply":0,"to_move":0,"legal":[0,1,2],"move":1,"board":[2,0,3,3,0,2],"captured":[2,0],"blocked":[1]}' 'out~{"ply":1,"to_move":1,"legal":[3,5],"move":5,"board":[0,0,4,3,0,0],"captured":[2,3],"blocked":[1,5]}' -- sow replay $CH/hook_holes.yaml --moves "1 5" --json
# HH.3: after South's last 0 North has only closed holes: 3, 4 and 5 open
t changes-open 0 noerr 'out~{"ply":6,"to_move":1,"legal":[3],"move":3,"board":[2,0,0,0,0,0],"captured":[7,3],"blocked":[1,2,3,4,5]}' 'out~{"ply":7,"to_move":0,"legal":[0],"move":0,"board":[2,0,0,0,0,0],"captured":[7,3],"blocked":[1,2]}' -- sow replay $CH/hook_holes.yaml --moves "1 5 2 4 2 0 3 0" --json
t changes-no-closes 1 "err=$CH/hook_holes.lua:2: function after returned a closing or opening of hole 0, but the variant has no closed holes (C1.5): add closes: true under board: (variant test-hook-no-closes, hook after_move)" lines=0 -- sow replay $CH/no_closes.yaml --moves 0 --json
B="sow replay $CH/bad.yaml --moves 0,3 --json --option"
t changes-bad-past 1 "err=$CH/bad.lua:3: function after returned hole 9, which does not exist (variant test-hook-bad-holes, hook after_move)" lines=1 -- $B bad=past
t changes-bad-closed 1 "err=$CH/bad.lua:3: function after returned a capture of hole 0, which is closed (C1.5): open it in the same answer to take its seeds (variant test-hook-bad-holes, hook after_move)" lines=1 -- $B bad=closed
t changes-bad-open 1 "err=$CH/bad.lua:3: function after returned an opening of hole 1, which is not closed (C1.5) (variant test-hook-bad-holes, hook after_move)" lines=1 -- $B bad=open_open
t changes-bad-close-twice 1 "err=$CH/bad.lua:3: function after returned a closing of hole 0, which is closed already (C1.5) (variant test-hook-bad-holes, hook after_move)" lines=1 -- $B bad=close_twice
t changes-bad-both 1 "err=$CH/bad.lua:3: function after returned hole 0 both opened and closed (variant test-hook-bad-holes, hook after_move)" lines=1 -- $B bad=both
t changes-bad-not-list 1 "err=$CH/bad.lua:3: function after returned a close field that is not a list of holes (variant test-hook-bad-holes, hook after_move)" lines=1 -- $B bad=not_list
t changes-bad-player 1 "err=$CH/bad.lua:3: function after returned a capture that is not a player (0 or 1) (variant test-hook-bad-holes, hook after_move)" lines=1 -- $B bad=player
# the trace tells the script's changes where they are made
t changes-trace 0 noerr "out~  by the game's own rule, South takes the 2 seeds of B" "out~  by the game's own rule, b is closed: no seed is sown into it and no move starts there" "out~  by the game's own rule, A is open again" -- sow trace $CH/hook_holes.yaml --moves "1 5 2 4 2 0 3 0"
