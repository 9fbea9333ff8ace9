-- Hostile case recursion_xpcall: the C stack overflow while handling an error of Lua 5.4.4
local function loop()
  assert(pcall(loop))
end
local ok, msg = xpcall(loop, loop)
error("survived: " .. tostring(msg))
function capture(g, h, c)
  return {}
end
