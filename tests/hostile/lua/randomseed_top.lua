-- Hostile case randomseed_top: seeding a generator that is not there
math.randomseed(42)
function capture(g, h, c)
  return {}
end
