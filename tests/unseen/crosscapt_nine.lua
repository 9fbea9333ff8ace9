-- crosscapt_nine.lua: C9.3 of crosscapt_nine.yaml. g.last names the store
-- the move's last seed fell in (C1.2: both stores lie on the track). A
-- last seed in the opponent's store moves that whole store into the
-- mover's: a move change whose ends are both stores.
local STORE = {[0] = "south_store", [1] = "north_store"}

function take_store(g)
  if g.last ~= STORE[1 - g.mover] then return nil end
  return {move = {{from = STORE[1 - g.mover], to = STORE[g.mover]}}}
end
