-- Hostile case load_mode_b: load with mode "b"
local f = load("\27Lua", "chunk", "b", {})
function capture(g, h, c)
  return {}
end
