-- Hostile case lib_tonumber_long: tonumber of a 16 MB string of digits, again and again (C work in proportion to the length)
local s = ("1"):rep(2^23)
s = s .. s
for i = 1, 1e9 do tonumber(s, 16) end
function capture(g, h, c)
  return {}
end
