-- Hostile case memory_concat: a string doubling at load time
local s = "x"
while true do
  s = s .. s
end
function capture(g, h, c)
  return {}
end
