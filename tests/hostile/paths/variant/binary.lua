-- a script saved as something else than text
function capture(g, h, c)
  return {h}
end
ÿş secret-bytes €
