-- start_claimed.lua: the new_game hook of start_claimed.yaml (SC.3). The
-- first game keeps the claims of board.claimed (c, C); the second moves
-- each player's claimed hole to their leftmost (a, A): release, then
-- claim (C1.4); then the match ends.
function next_game(m, g)
  if m.game == 1 then
    return {starter = 0, holes = {[0] = 3, [1] = 3}}
  elseif m.game == 2 then
    return {starter = 1, holes = {[0] = 3, [1] = 3},
            release = {2, 5}, claim = {[0] = 0, [3] = 1}}
  end
  return {over = true, reason = "two games played",
          holes = {[0] = 3, [1] = 3}}
end

-- SC.4: one seed of the mover's leftmost hole into their claimed hole
function feed_claimed(g)
  local first = g.mover * g.row
  if not options.feed or g.board[first] == 0 then return nil end
  for h, p in pairs(g.claimed) do
    if p == g.mover then
      return {move = {{from = first, to = h, seeds = 1}}}
    end
  end
  return nil
end
