-- Hostile case decisions_not_list: decisions returning a number
function choices(g)
  return 5
end
function choose(g, token)
  return {phase = 0}
end
