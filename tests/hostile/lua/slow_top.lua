-- Hostile case slow_top: a script whose top level is slow but within the limits of one run of it
local s = 0
for i = 1, 4000000 do s = s + i % 7 end
function capture(g, h, c)
  return {}
end
