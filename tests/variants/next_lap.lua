-- next_lap.lua: the lap_end hook of next_lap.yaml (NL.1 to NL.5). Each
-- answer captures nothing, and says how the move goes on.
function lap_end(g, h, c)
  local own = g.owner[h] == g.mover
  local rule = options.next
  if c == 1 then
    return {}, "stop"                                          -- NL.1
  elseif rule == "turn" and not own and c >= 3 then
    return {}, "relay", {next = {direction = "cw"}}            -- NL.2
  elseif rule == "facing" and own then
    return {}, nil, {next = {from = g.opposite[h]}}            -- NL.3
  elseif rule == "origin" and not own and c >= 3 then
    return {}, "relay", {next = {from = g.origin, direction = "cw"}} -- NL.4
  elseif rule == "closed" then
    return {}, "relay", {close = {h}, next = {from = h}}       -- NL.5
  elseif rule == "off_board" then
    return {}, "relay", {next = {from = 99}}                   -- NL.5
  elseif rule == "stop_next" then
    return {}, "stop", {next = {}}                             -- NL.5
  elseif rule == "bad_dir" then
    return {}, "relay", {next = {direction = "up"}}            -- NL.5
  end
  return {}, "relay"                                           -- NL.1
end
