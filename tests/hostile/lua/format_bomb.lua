-- Hostile case format_bomb: string.format joining two 16 MiB strings
local big = ("x"):rep(2^24)
local s = string.format("%s%s%s", big, big, big)
function capture(g, h, c)
  return {}
end
