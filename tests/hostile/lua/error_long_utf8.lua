-- Hostile case error_long_utf8: "x" then 700 times U+00E9, so that an odd byte limit cuts a character
error("x" .. string.rep("\195\169", 700))
function capture(g, h, c)
  return {}
end
