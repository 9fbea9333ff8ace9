-- KR.2: every opponent's hole holding 2, 4 or 6 is taken, wherever the
-- last seed fell (the lap-end rules say when); the last hole itself only
-- when it is one of them.
function take_evens(g, h, c)
  local taken, n = {}, 0
  for x = 0, g.holes - 1 do
    local k = g.board[x]
    if g.owner[x] ~= g.mover and (k == 2 or k == 4 or k == 6) then
      n = n + 1; taken[n] = x
    end
  end
  return taken
end
