-- Hostile case decisions_undeclared: decisions offering a token of no declared kind
function choices(g)
  return {"steal:3"}
end
function choose(g, token)
  return {phase = 0}
end
