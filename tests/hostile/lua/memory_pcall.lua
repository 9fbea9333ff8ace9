-- Hostile case memory_pcall: a memory bomb inside pcall
local ok = pcall(function()
  local s = "x"
  while true do s = s .. s end
end)
local t = {}
function capture(g, h, c)
  return {}
end
