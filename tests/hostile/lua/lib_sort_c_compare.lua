-- Hostile case lib_sort_c_compare: table.sort of 2^30 elements with a C function as comparator (no instruction runs)
local t = {}
for i = 30, 0, -1 do t[1 << i] = 1 end
table.sort(t, rawequal)
function capture(g, h, c)
  return {}
end
