-- round_starter.lua: the game_end hook of round_starter.yaml (RS.1-RS.4).
function round_end(g)
  local rule = options.rule
  if rule == "winner" then
    return {starter = g.mover}                      -- RS.2
  elseif rule == "ends" then
    return {over = true, starter = 0}               -- RS.3
  elseif rule == "bad" then
    return {starter = 2}                            -- RS.4
  end
  return nil                                        -- RS.1
end
