function lap_end(g, h, c)
  local f, b = g.opposite[h], g.behind[h]
  if f and g.board[f] > 0 and b and g.board[b] > 0 and g.rows == 4 then return {f, b} end
  return {}
end
