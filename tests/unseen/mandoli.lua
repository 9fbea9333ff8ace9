-- MD.3: at most two holes, the last one and the one before it along the
-- sowing, each taken only when even (a chain of data has no length cap).
function two_evens(g, h, c)
  local p = g.prev[h]
  local k = g.board[p]
  if k > 0 and k % 2 == 0 then return {h, p} end
  return {h}
end
