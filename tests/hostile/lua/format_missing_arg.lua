-- Hostile case format_missing_arg: string.format with an argument missing
local s = string.format("%s %s %q", 1)
function capture(g, h, c)
  return {}
end
