-- Hostile case view_pairs_backing: the table pairs() hands out must not be writable
function capture(g, h, c)
  local _, t = pairs(g.next)
  t[h] = 99
  return {h}
end
