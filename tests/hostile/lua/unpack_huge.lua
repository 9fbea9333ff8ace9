-- Hostile case unpack_huge: table.unpack of 10^8 values
local a = {table.unpack({}, 1, 1e8)}
function capture(g, h, c)
  return {}
end
