-- Hostile case play_wrap_sum: counts that add up to the seeds in play only
-- modulo 65,536 (65,535 + 49 = 65,584, which is 48 in 16 bits)
function opening(g, h)
  local b = {}
  for i = 0, g.holes - 1 do b[i] = 0 end
  b[0] = 65535
  b[1] = 49
  return {board = b, phase = 0}
end
