-- Hostile case memory_table_concat: table.concat of a huge list
local t = {}
for i = 1, 200 do t[i] = ("x"):rep(1000000) end
local s = table.concat(t)
function capture(g, h, c)
  return {}
end
