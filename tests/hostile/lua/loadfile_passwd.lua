-- Hostile case loadfile_passwd: loadfile of a system file
local f = loadfile("/etc/passwd")
function capture(g, h, c)
  return {}
end
