-- Hostile case lib_move_range: table.move over 10^15 elements of an empty table (loops in C, no instruction, no allocation)
table.move({}, 2, 1e15, 1)
function capture(g, h, c)
  return {}
end
