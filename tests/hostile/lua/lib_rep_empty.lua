-- Hostile case lib_rep_empty: string.rep of an empty string 2^62 times (Lua loops 2^62 times in C): empty at once
local s = string.rep("", 2^62)
assert(s == "")
function capture(g, h, c)
  return {}
end
