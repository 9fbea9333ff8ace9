-- Hostile case score_huge: score returning 2^40
function score(g)
  return 2^40, 1
end
