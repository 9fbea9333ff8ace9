-- Hostile case lap_hole_missing: a capture of hole 99, which does not exist
function capture(g, h, c)
  return {99}
end
