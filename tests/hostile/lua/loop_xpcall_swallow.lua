-- Hostile case loop_xpcall_swallow: xpcall swallowing the instruction limit, then going on
local ok = xpcall(function() while true do end end, function(m) return m end)
local n = 0
n = n + 1
function capture(g, h, c)
  return {}
end
