-- Hostile case lib_move_pcall: table.move over 10^15 elements inside pcall: the limit is not swallowed
local ok = pcall(table.move, {}, 2, 1e15, 1)
error("escaped the limit: " .. tostring(ok))
function capture(g, h, c)
  return {}
end
