-- JK.3: the hole after the last one in the move's direction, and then
-- the last seed too; nothing when that hole is empty (a chain of data of
-- max: 1 takes the next hole, but not the last one only when it took the
-- next; g.next is counter-clockwise here).
function last_and_next(g, h, c)
  local x = g.direction == "cw" and g.prev[h] or g.next[h]
  if g.board[x] > 0 then return {x, h} end
  return {}
end
