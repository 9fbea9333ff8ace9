-- Hostile case play_board_short: a scripted move whose board lacks holes
function opening(g, h)
  return {board = {[0] = 48}, phase = 0}
end
