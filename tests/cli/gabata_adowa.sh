# shellcheck shell=bash
# tests/cli/gabata_adowa.sh - the keys Gabata (Adowa) brought (issue 25,
# variants/gabata_adowa.yaml, docs/rules-rows.md GA): what sow show says of
# them in words and JSON, how sow trace tells an untouched hole relayed
# (P86), the wegues emptied at a round's end (GA.7) and the next round
# (GA.9), the round header's claimed (C2.6), and the loader's errors.
# Sourced by tests/cli/run.sh (t and $cli_tmp as there).
t ga-show-moved 0 "out~  lap end        count 4 in an opponent's hole, the hole lifted or sown into this round before the last seed (if reading=sources: on): claim the hole: it is the mover's from now on (GA.5)" \
  "out~  lap end        in a hole the opponent claimed (count 2 or more): take 2 seeds of the hole (all, if it holds fewer) into the store (GA.6)" \
  "out~the only hole its owner has that is not claimed (if last_hole=take3 and reading=sources: on): take 3 seeds" \
  "out~  no seed is left outside the claimed holes after a move: each claimed hole is emptied into its claimant's store and claimed no longer, which leaves nobody a move" \
  "out~A player whose total is at most 1 loses the match. After a round the starter of the next fills first, then the other" \
  noerr -- sow show gabata-adowa
t ga-show-ludii 0 "out~each claimed hole holding seeds (an empty one stays claimed, into the next round)" \
  "out~  lap end        count 4 in an opponent's hole (if reading=ludii: on): claim the hole" \
  noerr -- sow show gabata-adowa --option reading=ludii
t ga-show-json 0 'out~"moved":true,"last_hole":true' 'out~"if":"last_hole=take3 and reading=sources","enabled":true' \
  'out~"claimed_only":"sweep","keep_empty_claims":false' 'out~"refill":"owned"' \
  'out~"borrow":true,"borrow_alone":true,"lose_at_most":1' noerr -- sow show gabata-adowa --json
# P86: South's 3 from the start relays from f3, untouched, instead of
# making it a wegue; with first_capture=any it is the catalogue's P88
t ga-trace-untouched 0 "out~  the last seed falls in e3, which now holds 4; it had not been touched since the round began, so its seeds are lifted and sown on" \
  noerr -- sow trace gabata-adowa --moves 3 --brief --no-board
t ga-p88 0 'last={"ply":0,"to_move":0,"legal":[0,1,2,3,4,5,9,10,11],"move":3,"board":[3,3,3,0,4,4,3,3,3,4,4,0,3,3,3,3,4,4],"captured":[0,0],"claimed":[-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,0,-1]}' \
  noerr -- sow replay gabata-adowa --option first_capture=any --moves 3 --json
t ga-header-claimed 0 'out~{"game":1,"starter":0,"owners":[0,0,0,0,0,0,1,1,1,0,0,0,1,1,1,1,1,1],"board":[3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3],"captured":[0,0],"blocked":[],"claimed":[-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1]' \
  noerr -- sow replay gabata-adowa --moves 3 --json
# a random round of 31 plies (sow selfplay, seed 5): its last move takes 2
# from North's wegue f2 and leaves seeds only in wegues (GA.7); totals
# 29 and 25: North (not the last mover) fills 17-12, 6, 7 and keeps 1,
# South 0-5, 11, 10, 9 and, with 2 left and North's 1, 8 (GA.9)
GA_ROUND="11 12 10 13 5 17 5 16 2 16 3 8 0 17 9 17 4 7 10 13 3 8 10 16 4 7 0 8 0 9 5"
t ga-trace-sweep 0 "out~  no seed is left outside the claimed holes: the 9 seeds of c3 go to South's store, who claimed it, and it is claimed no longer" \
  "out~  the round ends: only claimed holes held seeds: they were emptied into their claimants' stores (South 29, North 25); South wins" \
  "out~  round 2: North starts; South has 10 holes in play and 0 in store, North 8 and 0" \
  noerr -- sow trace gabata-adowa --moves "$GA_ROUND" --brief --no-board
t ga-round2-header 0 'out~{"game":2,"starter":1,"owners":[0,0,0,0,0,0,1,1,0,0,0,0,1,1,1,1,1,1],"board":[3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3],"captured":[0,0],"blocked":[],"claimed":[-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1]}' \
  noerr -- sow replay gabata-adowa --moves "$GA_ROUND" --json
# the loader's errors of the new keys
t ga-bad-keep 1 "err=tests/cli/bad/ga_keep_alone.yaml:11:22: keep_empty_claims says which claimed holes claimed_only: sweep releases; add claimed_only: sweep beside it" \
  -- sow validate tests/cli/bad/ga_keep_alone.yaml
t ga-bad-claimed 1 "err=tests/cli/bad/ga_claimed_owner.yaml:11:23: claimed: describes a lap that ends in a claimed hole, by its count alone: leave out owner, next_count, opposite, store, moved and last_hole" \
  -- sow validate tests/cli/bad/ga_claimed_owner.yaml
t ga-bad-if 1 "err=tests/cli/bad/ga_if_long.yaml:11:11: if: is an option reference, or a list of 1 to 4 that must all hold" \
  -- sow validate tests/cli/bad/ga_if_long.yaml
t ga-bad-borrow 1 "err=tests/cli/bad/ga_borrow.yaml:13:11: borrow belongs to rounds that say refill: owned (the players fill in turn and own what they fill)" \
  -- sow validate tests/cli/bad/ga_borrow.yaml
t ga-bad-owned 1 "err=tests/cli/bad/ga_owned_order.yaml:12:3: refill: owned fills the first empty holes along each player's track: it needs fill_from: track" \
  -- sow validate tests/cli/bad/ga_owned_order.yaml
