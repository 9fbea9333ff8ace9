-- Hostile case string_dump: string.dump of a function
local code = string.dump(function() return 1 end)
function capture(g, h, c)
  return {}
end
