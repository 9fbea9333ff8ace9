-- Hostile case lib_insert_long: table.insert at 1 into a table of 62 entries whose length is 2^61
local t = {}
for i = 61, 0, -1 do t[1 << i] = 1 end
table.insert(t, 1, 0)
function capture(g, h, c)
  return {}
end
