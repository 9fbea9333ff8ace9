# shellcheck shell=bash
# tests/cli/seeds.sh - per-seed rules as data (issue 24): the first seed of
# every lap to the mover's store (first_seed: store, as Sokusowo), and a
# cap per hole (skip_count with owner: any, as Urim's 17), replayed against
# boards worked out by hand; and their loader messages. Sourced by
# tests/cli/run.sh (t and $cli_tmp as there).
TV=tests/variants
# 2x3 with 2 seeds, relay laps from holes made 2 or more. South's hole 0:
# a seed to the store and one to hole 1 (3: relay); of those 3, one to the
# store, holes 2 and 3 (3: relay); one to the store, holes 4 and 5 (3:
# relay); one to the store, holes 0 and 1 (1: stop)
t seeds-first-to-store 0 \
  'rec={"ply":0,"to_move":0,"legal":[0,1,2],"move":0,"board":[1,1,3,0,3,0],"captured":[4,0]}' \
  noerr -- sow replay $TV/first_seed_store.yaml --moves 0 --json
t seeds-first-show 0 "out~  first seed     the first seed of every lap, relay laps included, goes to the mover's store" noerr -- sow show $TV/first_seed_store.yaml
t seeds-first-json 0 'out~"first_seed":"store"' noerr -- sow show $TV/first_seed_store.yaml --json
# from [8, 4, 0, 0, 0, 0], hole 0's 8 seeds: holes 1 (5) to 5 and 0, then
# hole 1, holding 5, is passed over: holes 2 and 3
t seeds-cap-any 0 \
  'rec={"ply":0,"to_move":0,"legal":[0,1],"move":0,"board":[1,5,2,2,1,1],"captured":[0,0]}' \
  noerr -- sow replay $TV/cap_skip.yaml --moves 0 --json
# the same with owner: opponent (LL.4): the own hole 1 takes a sixth seed
sed 's/owner: any/owner: opponent/' $TV/cap_skip.yaml >"$cli_tmp/cap_opp.yaml"
t seeds-cap-opponent 0 \
  'rec={"ply":0,"to_move":0,"legal":[0,1],"move":0,"board":[1,6,2,1,1,1],"captured":[0,0]}' \
  noerr -- sow replay "$cli_tmp/cap_opp.yaml" --moves 0 --json
t seeds-cap-show 0 "out~  skip           a hole of either row holding exactly 5 gets no seed and is passed over (a hole takes no more than that)" noerr -- sow show $TV/cap_skip.yaml
TS=tests/cli/seeds
t seeds-bad-no-stores 1 "err=$TS/no_stores.yaml:9:15: first_seed: store needs the players' stores (board: stores: true)" -- sow validate $TS/no_stores.yaml
t seeds-bad-both 1 "err=$TS/both.yaml:11:15: first_seed: store and origin_first: true say where the same seed goes: keep one" -- sow validate $TS/both.yaml
t seeds-bad-owner 1 "err=$TS/skip_owner.yaml:9:33: owner must be one of: opponent, own, any (not 'everyone')" -- sow validate $TS/skip_owner.yaml
