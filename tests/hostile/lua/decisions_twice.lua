-- Hostile case decisions_twice: decisions offering a token twice
function choices(g)
  return {"pick:1", "pick:1"}
end
function choose(g, token)
  return {phase = 0}
end
