-- Hostile case lap_returns_string_hole: lap_end returning a hole "3"
function capture(g, h, c)
  return {"3"}
end
