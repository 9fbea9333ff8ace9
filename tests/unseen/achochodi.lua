-- AC.2: a single seed lifted takes the hole facing its origin before it
-- is sown. It lands in the next hole, so the facing hole is untouched by
-- the sowing unless it is that next hole (the end of the mover's row):
-- then the seed sown stays and the seeds that were there are taken (out of
-- play, counted with the mover's captured, C1.13). Nothing else is taken
-- by such a move: the last hole is then an own hole, or holds 1.
-- AC.3: otherwise a chain of 2s and 3s backwards that starts across.
function land(g, h, c)
  local board, me = g.board, g.mover
  if g.board_before[g.origin] == 1 then
    local across = g.opposite[g.origin]
    local before = g.board_before[across]
    if before == 0 then return {} end
    if across == h then return {}, "stop", {out = {[h] = before}} end
    return {across}
  end
  if g.owner[h] == me or (c ~= 2 and c ~= 3) then return {} end
  local taken, n = {}, 0
  while (board[h] == 2 or board[h] == 3) and n < g.holes do
    n = n + 1; taken[n] = h; h = g.prev[h]
  end
  return taken
end
