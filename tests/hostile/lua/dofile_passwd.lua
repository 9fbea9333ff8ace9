-- Hostile case dofile_passwd: dofile of a system file
dofile("/etc/passwd")
function capture(g, h, c)
  return {}
end
