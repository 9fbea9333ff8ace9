-- Adji Kui I: the decisions the data cannot make (docs/rules.md, Adji Kui I).
-- The view g is described in docs/writing-variants.md (g.board[h], g.owner[h],
-- g.prev[h], g.mover, ...; holes are canonical indices, docs/rules.md C0.2).

-- K1.5: the last seed made the opponent's hole h hold 2 or 3 (the
-- variant's lap_end rule calls this only then, so h is taken). Then the
-- hole before it, and so on backwards while the hole is the opponent's and
-- holds 2 or 3; the chain stops at the mover's own row (ownership, C0.6).
function capture(g, h, c)
  local board, owner, prev, me = g.board, g.owner, g.prev, g.mover
  local taken, n = { h }, 1
  h = prev[h]
  while owner[h] ~= me and n < g.holes do
    local k = board[h]
    if k ~= 2 and k ~= 3 then break end
    n = n + 1
    taken[n] = h
    h = prev[h]
  end
  return taken
end
