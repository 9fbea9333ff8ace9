-- Hostile case new_game_reason_escape: a match result reason with terminal escapes
function new_game(m, g)
  return {over = true, holes = {[0] = 6, [1] = 6}, reason = "\27[2Jgone"}
end
