-- lap_end allocates without bound: the memory cap must stop it.
function capture(g, h, c)
  local t, s = {}, "x"
  while true do
    s = s .. s
    t[#t + 1] = s
  end
end
