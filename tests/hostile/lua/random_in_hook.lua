-- Hostile case random_in_hook: a capture decided by chance
function capture(g, h, c)
  if math.random(2) == 1 then return {h} end
  return {}
end
