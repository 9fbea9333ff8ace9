-- Hostile case view_write: writing to the board view
function capture(g, h, c)
  g.board[h] = 0
  return {h}
end
