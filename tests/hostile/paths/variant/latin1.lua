-- a script saved as Latin-1
-- café secret
function capture(g, h, c)
  return {h}
end
