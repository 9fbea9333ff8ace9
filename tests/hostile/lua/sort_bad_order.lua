-- Hostile case sort_bad_order: table.sort with an order function that is not one
local t = {}
for i = 1, 100 do t[i] = i end
table.sort(t, function(a, b) return true end)
function capture(g, h, c)
  return {}
end
