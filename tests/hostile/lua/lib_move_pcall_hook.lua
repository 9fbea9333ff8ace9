-- Hostile case lib_move_pcall_hook: a hook calling a long table.move in pcall, again and again
function capture(g, h, c)
  for i = 1, 1e9 do pcall(table.move, g.board, 0, 1e15, 1, {}) end
  return {}
end
