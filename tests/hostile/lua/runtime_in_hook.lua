-- Hostile case runtime_in_hook: a hook failing at run time (arithmetic on nil)
function capture(g, h, c)
  return {h + g.nothing}
end
