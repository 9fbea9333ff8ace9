-- Hostile case recursion_pcall: pcall nested without end, then an error
local function f()
  return pcall(f)
end
local ok, msg = f()
error("survived: " .. tostring(msg))
function capture(g, h, c)
  return {}
end
