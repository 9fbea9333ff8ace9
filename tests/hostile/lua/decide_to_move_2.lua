-- Hostile case decide_to_move_2: decide naming player 2
function choices(g)
  return {"pick:1"}
end
function choose(g, token)
  return {to_move = 2, phase = 0}
end
