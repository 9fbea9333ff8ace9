-- Hostile case new_game_starter_3: new_game naming player 3 to start
function new_game(m, g)
  return {starter = 3, holes = {[0] = 6, [1] = 6}}
end
