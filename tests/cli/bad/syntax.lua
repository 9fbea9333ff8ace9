function capture(g, h, c)
  return {h
end
