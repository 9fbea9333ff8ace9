-- Hostile case coroutine_wrap: coroutine.wrap
local f = coroutine.wrap(function() end)
function capture(g, h, c)
  return {}
end
