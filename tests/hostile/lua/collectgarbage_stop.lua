-- Hostile case collectgarbage_stop: collectgarbage("stop")
collectgarbage("stop")
function capture(g, h, c)
  return {}
end
