-- hook_holes.lua: the after_move hook of hook_holes.yaml (HH.2, HH.3).
function after(g)
  local o = g.origin
  local facing = 5 - o
  local ch = {}
  if g.board[facing] > 0 and not g.blocked[facing] and g.claimed[facing] == nil then
    ch.capture = {[facing] = g.mover}           -- HH.2
  end
  if g.board[o] == 0 and not g.blocked[o] then
    ch.close = {o}                              -- HH.2
  end
  local next = 1 - g.mover
  local first, last = next * 3, next * 3 + 2
  local playable, closed = false, {}
  for h = first, last do
    if g.blocked[h] then
      closed[#closed + 1] = h
    elseif g.board[h] > 0 and h ~= o then
      playable = true
    end
  end
  if not playable and #closed > 0 then
    ch.open = closed                            -- HH.3
  end
  return ch
end
