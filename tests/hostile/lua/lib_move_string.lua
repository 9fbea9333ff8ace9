-- Hostile case lib_move_string: table.move from a string (its metatable lets it be read) over 10^12 elements
table.move("x", 1, 1e12, 1, {})
function capture(g, h, c)
  return {}
end
