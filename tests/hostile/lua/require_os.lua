-- Hostile case require_os: require("os")
local os = require("os")
function capture(g, h, c)
  return {}
end
