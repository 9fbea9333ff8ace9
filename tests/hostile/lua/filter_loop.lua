-- Hostile case filter_loop: filter: a filter hook that never returns
function hook(g, h)
  while true do end
  return true
end
