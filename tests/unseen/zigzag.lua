-- ZZ.6: a single seed sown across the middle of the board (between the
-- left and the right half) without a capture may not be sown straight
-- back by the next move. after_move keeps the hole it fell in (plus one;
-- 0: none) in g.state.back; the filter refuses the single seed of that
-- hole on the next move.
local function half(g, h)
  local col = h < g.row and h or 2 * g.row - 1 - h
  return col < g.row // 2
end

function note(g)
  local o = g.origin
  if o == nil or g.board_before[o] ~= 1 then return {state = {back = 0}} end
  for p = 0, 1 do
    if g.captured[p] ~= g.captured_before[p] then return {state = {back = 0}} end
  end
  for x = 0, g.holes - 1 do
    if x ~= o and g.board[x] == g.board_before[x] + 1 then
      if half(g, x) == half(g, o) then return {state = {back = 0}} end
      return {state = {back = x + 1}}
    end
  end
  return {state = {back = 0}}
end

function not_back(g, h)
  if g.board_before[h] == 1 and g.state.back == h + 1 then
    return false, "a single seed just sown across may not go straight back"
  end
  return true
end
