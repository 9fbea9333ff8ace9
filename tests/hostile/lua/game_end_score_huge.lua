-- Hostile case game_end_score_huge: game_end with a score too large
function hook(g, h)
  return {over = true, score = {[0] = 2^53, [1] = 0}}
end
