-- Hostile case const_env: _ENV declared <const> (wrong code in Lua 5.4.4)
local _ENV <const> = {}
X = 1
function capture(g, h, c)
  return {}
end
