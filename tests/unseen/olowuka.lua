-- OL.3: the chain of 2s and 3s, backwards from the last hole, on the
-- opponent's side; OL.4: a grand slam (the opponent's row emptied, having
-- held seeds before the move) leaves the hole at the mover's right-hand
-- end of the row, when more than one hole was taken.
function capture(g, h, c)
  local board, me, prev = g.board, g.mover, g.prev
  local taken, n = {}, 0
  while g.owner[h] ~= me and (board[h] == 2 or board[h] == 3) and n < g.row do
    n = n + 1; taken[n] = h; h = prev[h]
  end
  local left, had = 0, 0
  for x = 0, g.holes - 1 do
    if g.owner[x] ~= me then
      left = left + board[x]; had = had + g.board_before[x]
    end
  end
  for i = 1, n do left = left - board[taken[i]] end
  if left > 0 or had == 0 or n < 2 then return taken end
  -- the mover's right-hand end of the opponent's row: the hole facing
  -- the mover's own rightmost hole
  local right = me == 0 and g.row or 0
  local best, bi = nil, nil
  for i = 1, n do
    local d = (taken[i] - right) % g.holes
    if best == nil or d < best then best, bi = d, i end
  end
  local kept, k = {}, 0
  for i = 1, n do
    if i ~= bi then k = k + 1; kept[k] = taken[i] end
  end
  return kept
end
