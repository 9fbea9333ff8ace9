-- Gabata (docs/rules-family.md, GB): the stylized opening of every round.
--
-- GB.2, P32: the starter names an own hole s, whose seeds stay. Going
-- counter-clockwise over the other holes, one seed is taken from s+1, one
-- added to s+2, one taken from s+3, and so on, the last taken from the
-- hole just before s; then one seed goes into the hole facing s, and GB.4
-- is applied to it with four seeds: if the opponent owns it, it becomes
-- the mover's weg (a claimed hole, C1.4). The opponent moves next.
function opening(g, s)
  local holes, b = g.holes, {}
  for h = 0, holes - 1 do b[h] = g.board[h] end
  for d = 1, holes - 1 do
    local x = (s + d) % holes
    if d % 2 == 1 then b[x] = b[x] - 1 else b[x] = b[x] + 1 end
  end
  local o = g.opposite[s]
  b[o] = b[o] + 1
  local change = {board = b, to_move = 1 - g.mover, phase = 0}
  if g.owner[o] ~= g.mover then -- GB.4 applied as if c = 4
    change.claim = {[o] = g.mover}
  end
  return change
end
