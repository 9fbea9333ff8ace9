-- CW.2: the outer holes have a fixed direction; only the middle one is
-- chosen. The position is counted from the owner's left (South's 0 and
-- North's N are each player's leftmost hole).
function split(g, h)
  local p = h % g.row
  local mid = (g.row - 1) // 2
  if p < mid and g.direction ~= "cw" then return false, "the left-hand holes sow clockwise" end
  if p > mid and g.direction ~= "ccw" then return false, "the right-hand holes sow counter-clockwise" end
  return true
end
