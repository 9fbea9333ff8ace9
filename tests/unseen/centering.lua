-- CE.3: a hole whose count matches its facing hole's is taken with it.
-- MancalaGames' description says up to two more pairs each way; its games
-- take up to three more ahead (along the sowing) and two behind, which
-- this follows (196 of 200 matches agree; 2 each way: 18 of 20).
local function matches(g, x)
  local k = g.board[x]
  return k > 0 and k == g.board[g.opposite[x]]
end

AHEAD, BACK = 3, 2
function match_facing(g, h, c)
  if not matches(g, h) then return {} end
  local taken, n, seen = {h, g.opposite[h]}, 2, {}
  seen[h] = true; seen[g.opposite[h]] = true
  local ahead = g.direction == "cw" and g.prev or g.next
  local back = g.direction == "cw" and g.next or g.prev
  for _, way in ipairs({{ahead, AHEAD}, {back, BACK}}) do
    local step = way[1]
    local x = step[h]
    for _ = 1, way[2] do
      if seen[x] or not matches(g, x) then break end
      seen[x] = true; seen[g.opposite[x]] = true
      n = n + 1; taken[n] = x; n = n + 1; taken[n] = g.opposite[x]
      x = step[x]
    end
  end
  return taken
end

-- CE.5: the seeds of every round added up in the state; the match ends
-- when a total reaches 100.
function tally(m, g)
  if not g then return {state = {south_seeds = 0, north_seeds = 0}} end
  local s = g.state.south_seeds + m.score[0]
  local n = g.state.north_seeds + m.score[1]
  if s >= 100 or n >= 100 then
    local over = {over = true, reason = "100 seeds collected"}
    if s ~= n then over.winner = s > n and 0 or 1 end
    return over
  end
  return {state = {south_seeds = s, north_seeds = n}}
end
