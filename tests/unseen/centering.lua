-- CE.2: the holes left of the middle sow counter-clockwise, those right
-- of it clockwise (towards the middle, seen from either player); only the
-- middle hole chooses.
function to_middle(g, h)
  local p, mid = h % g.row, (g.row - 1) // 2
  if p < mid and g.direction ~= "ccw" then return false, "the left-hand holes sow towards the middle" end
  if p > mid and g.direction ~= "cw" then return false, "the right-hand holes sow towards the middle" end
  return true
end
