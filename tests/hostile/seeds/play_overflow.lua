-- Hostile case play_overflow: every hole full to the brim
function opening(g, h)
  local b = {}
  for i = 0, g.holes - 1 do b[i] = 65535 end
  return {board = b, phase = 0}
end
