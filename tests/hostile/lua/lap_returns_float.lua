-- Hostile case lap_returns_float: lap_end returning a hole 1.5
function capture(g, h, c)
  return {1.5}
end
