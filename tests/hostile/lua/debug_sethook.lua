-- Hostile case debug_sethook: debug.sethook to remove the instruction limit
debug.sethook()
while true do end
function capture(g, h, c)
  return {}
end
