-- Hostile case new_game_nil: new_game returning nothing
function new_game(m, g)
end
