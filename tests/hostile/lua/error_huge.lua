-- Hostile case error_huge: an error message of 1 MB
error(("x"):rep(1000000))
function capture(g, h, c)
  return {}
end
