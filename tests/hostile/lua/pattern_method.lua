-- Hostile case pattern_method: the same through the string metatable
local s = (("a"):rep(200)):match(".-.-.-.-b")
function capture(g, h, c)
  return {}
end
