-- Hostile case format_width: string.format with a huge width
local s = string.format("%99999d", 1)
function capture(g, h, c)
  return {}
end
