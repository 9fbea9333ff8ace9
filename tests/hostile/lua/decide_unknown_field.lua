-- Hostile case decide_unknown_field: decide returning a field the engine does not know
function choices(g)
  return {"pick:1"}
end
function choose(g, token)
  return {phase = 0, board = {}}
end
