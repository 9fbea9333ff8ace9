-- crosscapt_nine.lua: C9.3 of crosscapt_nine.yaml. A move's last seed fell
-- in the opponent's store when the seeds it lifted, counted along the
-- track from its hole, end there: the track is South's holes, South's
-- store, North's holes, North's store (C1.2), one seed a position. The
-- opponent's whole store then goes into the mover's: a move change whose
-- ends are both stores.
local STORE = {[0] = "south_store", [1] = "north_store"}

function take_store(g)
  if not g.origin then return nil end
  local n = g.row
  local len = 2 * n + 2
  local pos = g.origin < n and g.origin or g.origin + 1
  local last = (pos + g.board_before[g.origin]) % len
  local opp_store = g.mover == 0 and len - 1 or n
  if last ~= opp_store then return nil end
  return {move = {{from = STORE[1 - g.mover], to = STORE[g.mover]}}}
end
