-- score returns a string where two integers are expected.
function capture(g, h, c) return {} end
function score(g)
  return "many", "few"
end
