-- Hostile case lib_rep_empty_sep: string.rep of an empty string with an empty separator, math.maxinteger times: empty at once
local s = string.rep("", math.maxinteger, "")
assert(s == "")
function capture(g, h, c)
  return {}
end
