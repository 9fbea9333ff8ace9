-- Hostile case lap_hole_twice: the same hole captured twice
function capture(g, h, c)
  return {h, h}
end
