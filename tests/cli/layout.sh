# shellcheck shell=bash
# tests/cli/layout.sh - a whole setup in one ply (board.placing: layout;
# Omweso's option setup=layout, MW.2, C2.3's "layout:N,...,N") through the
# commands: the record's pattern in legal and the layout played, errors
# naming the ply and what is wrong, trace and play, show, random players,
# bench and selfplay reproduced by their seed, a search's answer.
# Sourced by tests/cli/run.sh (t and $cli_tmp as there).
LS=layout:4,0,2,2,2,2,2,2,2,2,2,2,2,2,2,2
LN=layout:2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2
LO="--option setup=layout"
# (the variant file's digest, whatever its text: not what is tested here)
MWD=$("$SOW" replay mweso --moves +0 --json | sed -n '1s/.*"digest":"\([^"]*\)".*/\1/p')
t layout-record 0 \
  'out={"ply":0,"to_move":0,"legal":["layout:16*N=32"],"move":"layout:4,0,2,2,2,2,2,2,2,2,2,2,2,2,2,2","board":[4,0,2,2,2,2,2,2,2,2,2,2,2,2,2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"captured":[0,0],"hand":[0,32],"variant":"mweso","options":{"setup":"layout"},"digest":"'"$MWD"'","sow":"'"$SOW_VERSION"'"}' \
  noerr -- sow replay mweso $LO --moves "$LS $LN" --json
# MW.3 after both layouts: the first move's legal list is the moves proper
t layout-then-moves 0 'out~"ply":2,"to_move":0,"legal":["0/ccw","0/cw",' noerr \
  -- sow replay mweso $LO --moves "$LS $LN 0/ccw" --json
t layout-sum 1 'err=sow replay: ply 0: layout:4,0,2,2,2,2,2,2,2,2,2,2,2,2,2,3 is not a legal layout for South: its counts sum to 33; South has 32 seeds in hand and a layout places them all (MW.2)' \
  -- sow replay mweso $LO --moves layout:4,0,2,2,2,2,2,2,2,2,2,2,2,2,2,3
t layout-short 1 "err~sow replay: ply 1: layout:2,2 is not a legal layout for North: it names 2 counts; North owns 16 holes" \
  -- sow replay mweso $LO --moves "$LS layout:2,2"
t layout-opponent-hole 1 "err~ply 0: move 'layout:2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2': more than 16 counts, but a player owns 16 holes: a layout gives one count per hole of the player's own, in increasing hole number, and none for the opponent's (MW.2, C2.3)" \
  -- sow replay mweso $LO --moves "$LN,2"
t layout-negative 1 "err~move 'layout:2,-1': count 2 is not a number of seeds (0 or more)" \
  -- sow replay mweso $LO --moves layout:2,-1
t layout-default-none 1 "err~in variant mweso with these options no player lays out a whole hand (board.placing: layout)" \
  -- sow replay mweso --moves "$LS"
t layout-pattern-played 1 "err~move 'layout:16*N=32' is the legal list's pattern of a layout; play one by its counts" \
  -- sow replay mweso $LO --moves 'layout:16*N=32'
t layout-trace 0 'out~move 1: South sets out the whole hand: 4 in a1, 2 in c1, 2 in d1,' \
  'out~  South sets 4 seeds from their hand into a1, now 4; 28 left in hand' \
  'out~      MW.2: ' noerr -- sow trace mweso $LO --moves "$LS $LN"
t layout-show 0 'out~  in hand        each player holds 32 seeds off the board at the start; their first turn sets them all out at once' \
  noerr -- sow show mweso $LO
# sow play: the layout typed as its counts, a wrong one explained
input=$(printf '%s\n' 2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,1 "4 0 2 2 2 2 2 2 2 2 2 2 2 2 2 2" quit) \
t layout-play 0 "out~that layout cannot be played: its counts sum to 31; South has 32 seeds in hand" \
  'out~move 1: South sets out the whole hand: 4 in a1, 2 in c1,' \
  'out~to replay them: sow replay mweso --option setup=layout --moves "layout:4,0,2,2,2,2,2,2,2,2,2,2,2,2,2,2 layout:' \
  -- sow play mweso $LO --north random --seed 3
# random players: a layout drawn by the seed, the same for the same seed,
# and the record replays (selfplay's tokens)
t layout-selfplay 0 'out~"moves":["layout:' noerr \
  -- sow selfplay mweso $LO --games 1 --seed 9 --jsonl -
t layout-bench 0 'out~sow bench: variant=mweso games=20 ' noerr -- sow bench mweso $LO --games 20 --seed 1
t layout-search 0 'out~move=layout:' noerr -- sow search mweso $LO --player alphabeta:depth=2 --seed 4
# a record with layouts replays as written (sow replay --record)
"$SOW" replay mweso $LO --moves "$LS $LN 0/ccw" --json >"$cli_tmp/layout.rec"
t layout-record-replay 0 'out~"move":"layout:4,0,2,2,2,2,2,2,2,2,2,2,2,2,2,2"' \
  'out~"ply":2,"to_move":0,' noerr -- sow replay --record "$cli_tmp/layout.rec" --json
# rounds of territory (C1.6, GB.7) with a layout (MW.2): in a later round
# the players own holes of different numbers; each layout ply's pattern
# names the holes and hand of the player to move, and the selfplay record
# of a whole match replays (a layout of 9 counts read as a move)
LT=tests/variants/layout_rounds.yaml
"$SOW" selfplay $LT --games 1 --seed 1 --jsonl "$cli_tmp/lt.jsonl" >/dev/null
LTM=$("$PYTHON" -c 'import json, sys
print(" ".join(str(m) for m in json.loads(open(sys.argv[1]).readline())["moves"]))' "$cli_tmp/lt.jsonl")
t layout-rounds-north 0 'out~{"ply":0,"to_move":1,"legal":["layout:3*N=6"],"move":"layout:1,5,0",' \
  'out~{"match_result":' noerr -- sow replay $LT --moves "$LTM" --json
t layout-rounds-south 0 'out~{"ply":1,"to_move":0,"legal":["layout:9*N=6"],"move":"layout:1,0,1,1,1,0,0,0,2",' \
  noerr -- sow replay $LT --moves "$LTM" --json
t layout-rounds-short 1 "err~sow replay: round 2, ply 1: layout:1,0,1 is not a legal layout for South: it names 3 counts; South owns 9 holes" \
  -- sow replay $LT --moves "${LTM%% layout:1,0,1,1,1,0,0,0,2 *} layout:1,0,1"
