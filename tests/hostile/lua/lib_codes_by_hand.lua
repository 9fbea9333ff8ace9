-- Hostile case lib_codes_by_hand: the utf8.codes iterator called by hand in a run of 16 MB of continuation bytes, again and again
local s = ("\x80"):rep(2^22)
s = s .. s
s = s .. s
local f = utf8.codes("")
for i = 1, 1e9 do f(s, 1) end
function capture(g, h, c)
  return {}
end
