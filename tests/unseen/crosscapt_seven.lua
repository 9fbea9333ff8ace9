-- crosscapt_seven.lua: C7.3 of crosscapt_seven.yaml. The move's last hole
-- is found by sowing the seeds it lifted again along the mover's track
-- (their holes, their store, the opponent's holes: C1.2); a last seed
-- alone there, in an own hole, pulls the facing seeds into it.
function pull_across(g)
  if not g.origin then return nil end
  local n, me = g.row, g.mover
  local track = {}
  for i = 0, n - 1 do track[#track + 1] = me * n + i end
  track[#track + 1] = "store"
  for i = 0, n - 1 do track[#track + 1] = (1 - me) * n + i end
  local at = g.origin - me * n          -- the origin's place, from 0
  local last = track[(at + g.board_before[g.origin]) % #track + 1]
  if last == "store" or g.owner[last] ~= me or g.board[last] ~= 1 then
    return nil
  end
  local across = g.opposite[last]
  if g.board[across] == 0 then return nil end
  return {move = {{from = across, to = last}}}
end
