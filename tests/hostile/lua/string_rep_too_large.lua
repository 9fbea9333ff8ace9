-- Hostile case string_rep_too_large: string.rep whose result would not fit
local s = ("x"):rep(2^62, ("y"):rep(10))
function capture(g, h, c)
  return {}
end
