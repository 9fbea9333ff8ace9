-- Hostile case pattern_find: string.find with a pattern that backtracks for seconds
local s = string.find(("a"):rep(200), ".-.-.-.-b")
function capture(g, h, c)
  return {}
end
