-- Hostile case lap_hole_negative: a capture of hole -1
function capture(g, h, c)
  return {-1}
end
