-- kale.lua: KL.2 of kale.yaml. A single seed sown captures nothing; else
-- the last hole and the holes before it, on either side, while they hold
-- 2 or 3 (the lap-end rule has seen that the last one is the opponent's).
function chain_unless_single(g, h)
  if g.board_before[g.origin] < 2 then return {} end
  local taken, x = {}, h
  repeat
    local k = g.board[x]
    if k ~= 2 and k ~= 3 then break end
    taken[#taken + 1] = x
    x = g.prev[x]
  until x == h
  return taken
end
