-- FC.2, FC.3. The engine has no key for captures while sowing in the
-- mover's row only (sow_capture takes both rows, each to its owner), so
-- this hook replays the lap at its end. The lap's seeds S: it started
-- after its first hole (g.lap_from, emptied when lifted) and ended in h,
-- d holes on in the move's direction (12 when h is its first hole), and
-- each time round gave its first hole a seed, so S = 12 * (what that hole
-- holds now) + d. The board before the lap is the board now less one
-- seed a visit; the lap is then sown again with FC.2's captures, which
-- leave play from the holes they emptied (counted with the mover's
-- captured, C1.13) while the seeds sown there later stay.
function lap(g, h, c)
  local step = g.direction == "cw" and g.prev or g.next
  local me, holes = g.mover, g.holes
  local from = g.lap_from
  local d, x = 1, step[from]
  while x ~= h do d = d + 1; x = step[x] end
  local seeds = holes * g.board[from] + (h == from and holes or d)
  if h == from then seeds = holes * (g.board[from] - 1) + holes end
  local count, path = {}, {}
  for y = 0, holes - 1 do count[y] = g.board[y] end
  x = from
  for i = 1, seeds do x = step[x]; path[i] = x; count[x] = count[x] - 1 end
  local out, any = {}, false
  for i = 1, seeds - 1 do
    local y = path[i]
    count[y] = count[y] + 1
    if g.owner[y] == me and count[y] == 4 then
      out[y] = (out[y] or 0) + 4; count[y] = 0; any = true
    end
  end
  count[h] = count[h] + 1
  local go = "relay"
  if count[h] == 4 then
    out[h] = (out[h] or 0) + 4; any = true; go = "stop"
  elseif count[h] == 1 then
    go = "stop"
  end
  if any then return {}, go, {out = out} end
  return {}, go
end

-- FC.1: each player's first move sows counter-clockwise.
function first_ccw(g, h)
  if g.ply <= 2 and g.direction == "cw" then
    return false, "a first move sows counter-clockwise"
  end
  return true
end
