-- Hostile case loop_in_pcall: an endless loop inside pcall, in a loop
while true do
  pcall(function() while true do end end)
end
function capture(g, h, c)
  return {}
end
