-- Hostile case after_move_board: after_move returning a board
function hook(g, h)
  return {board = {[0] = 48}}
end
