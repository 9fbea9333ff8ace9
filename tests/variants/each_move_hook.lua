-- the last hole is taken after a clockwise move only
function take(g, h, c)
  if g.direction == "cw" then
    return {h}
  end
  return {}
end
