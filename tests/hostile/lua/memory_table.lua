-- Hostile case memory_table: a table growing without end
local t, i = {}, 0
while true do
  i = i + 1
  t[i] = {i}
end
function capture(g, h, c)
  return {}
end
