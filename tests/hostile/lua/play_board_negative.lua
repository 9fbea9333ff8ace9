-- Hostile case play_board_negative: a scripted move with a negative count
function opening(g, h)
  local b = {}
  for i = 0, g.holes - 1 do b[i] = g.board[i] end
  b[0], b[1] = b[0] + 5, -5
  return {board = b, phase = 0}
end
