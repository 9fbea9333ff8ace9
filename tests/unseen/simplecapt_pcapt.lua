-- simplecapt_pcapt.lua: PC.3 of simplecapt_pcapt.yaml. The move is sown
-- again from the board before it to find where its last seed fell (the
-- mover's track: their row, their store, the opponent's row; PC.2's laps
-- go on from an own hole that held seeds). A last seed in an empty hole
-- of the opponent's row gives the mover's store to the opponent: a move
-- change whose ends are both stores.
local STORE = {[0] = "south_store", [1] = "north_store"}

-- the hole the move's last seed fell in, or nil for the mover's store
local function last_hole(g)
  local b, n, me = {}, g.row, g.mover
  for h = 0, g.holes - 1 do b[h] = g.board_before[h] end
  local h = g.origin
  for _ = 1, 1000 do                     -- (an endless move ends the game)
    local hand = b[h]
    b[h] = 0
    local at_store = false
    while hand > 0 do
      if not at_store and h == me * n + n - 1 then
        at_store = true                  -- the own store, after the row
      else
        h = at_store and (me * n + n) % g.holes or (h + 1) % g.holes
        at_store = false
        b[h] = b[h] + 1
      end
      hand = hand - 1
    end
    if at_store then return nil end
    if g.owner[h] ~= me or b[h] == 1 then return h end
  end
  return nil
end

function pass_store(g)
  if not g.origin or g.captured[g.mover] == 0 then return nil end
  local h = last_hole(g)
  if h == nil or g.owner[h] == g.mover or g.board[h] ~= 1 then return nil end
  return {move = {{from = STORE[g.mover], to = STORE[1 - g.mover]}}}
end
