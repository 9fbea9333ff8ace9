-- Hostile case lap_returns_number: lap_end returning a number
function capture(g, h, c)
  return 5
end
