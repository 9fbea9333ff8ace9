-- Hostile case getmetatable_string: changing every string through getmetatable("").__index
getmetatable("").__index = {}
function capture(g, h, c)
  return {}
end
