-- crosscapt_seven.lua: C7.3 of crosscapt_seven.yaml. g.last is the hole
-- the move's last seed fell in (a store's name when it fell in one); a
-- last seed alone there, in an own hole, pulls the facing seeds into it.
function pull_across(g)
  local last = g.last
  if math.type(last) ~= "integer" or g.owner[last] ~= g.mover or
     g.board[last] ~= 1 then
    return nil
  end
  local across = g.opposite[last]
  if g.board[across] == 0 then return nil end
  return {move = {{from = across, to = last}}}
end
