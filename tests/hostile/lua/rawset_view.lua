-- Hostile case rawset_view: rawset into the board view
function capture(g, h, c)
  rawset(g.board, h, 0)
  return {}
end
