-- Hostile case game_end_winner_3: game_end naming player 3
function hook(g, h)
  return {over = true, winner = 3}
end
