-- Hostile case score_nil: score returning nothing
function score(g)
end
