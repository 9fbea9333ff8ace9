-- Hostile case filter_reason_escape: filter: a reason that would drive a terminal
function hook(g, h)
  return false, "\27[2J"
end
