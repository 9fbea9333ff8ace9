# shellcheck shell=bash
# tests/cli/gaps.sh - a capture across a gap that sows on (then: relay
# after do: capture_two_out, as Tap-Urdy's TU.3), replayed against boards
# worked out by hand; what sow show and sow trace say of it; the loader's
# messages. Sourced by tests/cli/run.sh (t and $cli_tmp as there).
TV=tests/variants
TG=tests/cli/gaps
# 2x3 with 2 seeds. South's hole 0: holes 1, 2 (3 each); 3 holds seeds, so
# no capture: relay 3 from 2 into 3, 4, 5 (3 each); 0 is empty: hole 1 (3)
# is taken, then 5's 3 seeds go on into 0, 1, 2 (1 each): stop
t gaps-relay 0 \
  'rec={"ply":0,"to_move":0,"legal":[0,1,2],"move":0,"board":[1,1,1,3,3,0],"captured":[3,0]}' \
  noerr -- sow replay $TV/gap_relay.yaml --moves 0 --json
t gaps-show 0 "out~  lap end        any count, the next hole empty: capture the hole after the next one, then lift the seeds left in the last hole and sow on" noerr -- sow show $TV/gap_relay.yaml
t gaps-json 0 'out~"do":"capture_two_out"' 'out~"then":"relay"' noerr -- sow show $TV/gap_relay.yaml --json
t gaps-trace 0 "out~the last seed falls in C, which now holds 3: the seeds of the hole after the next one are captured, then its seeds are lifted and sown on" noerr -- sow trace $TV/gap_relay.yaml --moves 0
# one hole a row: 0 (2) sows 1 (3) and 0 (1); 1 is not empty, so 0's seed
# relays into 1 (4); 0 is now empty and the hole after it is 1 itself:
# taken, and the move ends with nothing to sow
t gaps-one-hole 0 \
  'rec={"ply":0,"to_move":0,"legal":[0],"move":0,"board":[0,0],"captured":[4,0]}' \
  'last={"result":{"winner":0,"score":[4,0],"reason":"neither player can move","unfinished":false}}' \
  noerr -- sow replay $TG/one_hole.yaml --moves 0 --json
t gaps-bad-series 1 "err=$TG/series_relay.yaml:14:15: series: and then: relay do not go together; keep one" -- sow validate $TG/series_relay.yaml
