-- Hostile case pattern_gsub: string.gsub
local s = string.gsub("abc", "b", "x")
function capture(g, h, c)
  return {}
end
