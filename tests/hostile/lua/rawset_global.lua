-- Hostile case rawset_global: rawset into the global table
rawset(_G, "io", {})
function capture(g, h, c)
  return {}
end
