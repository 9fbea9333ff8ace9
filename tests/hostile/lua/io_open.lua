-- Hostile case io_open: reading a file with io.open
local f = io.open("/etc/passwd")
function capture(g, h, c)
  return {}
end
