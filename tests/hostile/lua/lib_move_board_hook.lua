-- Hostile case lib_move_board_hook: a hook moving 10^15 elements of the board view
function capture(g, h, c)
  table.move(g.board, 0, 1e15, 1, {})
  return {}
end
