-- lap_changes.lua: the lap_end hook of lap_changes.yaml (LC.2 to LC.7).
-- Each answer is nothing to capture from the list, "stop", and a table of
-- changes.
local function closed_holes(g)
  local list = {}
  for h = 0, g.holes - 1 do
    if g.blocked[h] then list[#list + 1] = h end
  end
  return list
end

function lap_end(g, h, c)
  local own = g.owner[h] == g.mover
  local ch = options.change
  if ch == "capture_to" and not own and c == 4 then
    return {}, "stop", {capture = {[h] = g.owner[h]}}          -- LC.2
  elseif ch == "out" and c >= 2 then
    return {}, "stop", {out = {[h] = 1}}                       -- LC.3
  elseif ch == "close_open" and own and c == 4 then
    return {}, "stop", {close = {h}}                           -- LC.4
  elseif ch == "close_open" and not own then
    return {}, "stop", {open = closed_holes(g)}                -- LC.4
  elseif ch == "extra_turn" and own then
    return {}, "stop", {extra_turn = true}                     -- LC.5
  elseif ch == "give_on" and not own then                       -- LC.7
    local store = g.owner[h] == 1 and "north_store" or "south_store"
    return {}, "relay", {move = {{from = h, to = store, seeds = 1}}}
  elseif ch == "twice" then
    return {h}, "stop", {capture = {[h] = g.mover}}            -- LC.6
  elseif ch == "too_many" then
    return {}, "stop", {out = {[h] = c + 1}}                   -- LC.6
  elseif ch == "bad_extra" then
    return {}, "stop", {extra_turn = 1}                        -- LC.6
  elseif ch == "open_unclosed" then
    return {}, "stop", {open = {h}}                            -- LC.6
  end
  return {}, "stop"
end
