-- Hostile case play_hole_65536: one hole one past what a hole holds, the
-- others emptied so that a 16-bit sum would wrap to the 48 seeds in play
function opening(g, h)
  local b = {}
  for i = 0, g.holes - 1 do b[i] = 0 end
  b[h] = 65536 + 48
  return {board = b, phase = 0}
end
