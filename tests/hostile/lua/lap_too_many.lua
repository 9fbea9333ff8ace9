-- Hostile case lap_too_many: more holes than the board has
function capture(g, h, c)
  local t = {}
  for i = 1, 200 do t[i] = i % 12 end
  return t
end
