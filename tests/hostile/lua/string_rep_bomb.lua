-- Hostile case string_rep_bomb: string.rep of 2^30 bytes
local s = string.rep("x", 2^30)
function capture(g, h, c)
  return {}
end
