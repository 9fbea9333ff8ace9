-- Hostile case decide_state_undeclared: decide setting a state name not declared
function choices(g)
  return {"pick:1"}
end
function choose(g, token)
  return {phase = 0, state = {score = 1}}
end
