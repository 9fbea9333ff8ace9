-- simplecapt_pcapt.lua: PC.3 of simplecapt_pcapt.yaml. g.last is the hole
-- the move's last seed fell in (after PC.2's laps; a store's name when it
-- fell in one). A last seed in an empty hole of the opponent's row gives
-- the mover's store to the opponent: a move change whose ends are both
-- stores.
local STORE = {[0] = "south_store", [1] = "north_store"}

function pass_store(g)
  local h = g.last
  if math.type(h) ~= "integer" or g.captured[g.mover] == 0 then return nil end
  if g.owner[h] == g.mover or g.board[h] ~= 1 then return nil end
  return {move = {{from = STORE[g.mover], to = STORE[1 - g.mover]}}}
end
