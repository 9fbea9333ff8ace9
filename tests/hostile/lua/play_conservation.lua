-- Hostile case play_conservation: a scripted move that makes seeds
function opening(g, h)
  local b = {}
  for i = 0, g.holes - 1 do b[i] = g.board[i] end
  b[h] = b[h] + 100
  return {board = b, phase = 0}
end
