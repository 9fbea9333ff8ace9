-- Hostile case loop_in_handler: an endless loop in an xpcall message handler
xpcall(error, function() while true do end end)
function capture(g, h, c)
  return {}
end
