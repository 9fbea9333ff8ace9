-- goempty_two.lua: GT.2 of goempty_two.yaml. A move's last seed fell in
-- a store when the seeds it lifted, counted along the track from its hole
-- the way it went, end on a store: the track is South's holes, South's
-- store, North's holes, North's store (C1.2), one seed a position.
function again(g)
  local n = g.row
  local len = 2 * n + 2
  local pos = g.origin < n and g.origin or g.origin + 1
  local step = g.direction == "cw" and -1 or 1
  local last = (pos + step * g.board_before[g.origin]) % len
  if last == n or last == len - 1 then
    return {to_move = g.mover}                    -- GT.2, C1.3
  end
  return nil
end
