-- Hostile case recursion_sort: table.sort calling itself from its comparator (C stack)
local function f()
  table.sort({3, 2, 1}, function(a, b)
    f()
    return a < b
  end)
end
f()
function capture(g, h, c)
  return {}
end
