-- Hostile case package_loadlib: loading C code with package.loadlib
local f = package.loadlib("libc.so.6", "system")
function capture(g, h, c)
  return {}
end
