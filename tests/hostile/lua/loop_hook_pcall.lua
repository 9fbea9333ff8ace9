-- Hostile case loop_hook_pcall: a hook retrying an endless loop under pcall
function capture(g, h, c)
  for i = 1, 10 do
    pcall(function() while true do end end)
  end
  return {}
end
