-- rath.lua: RA.3 of rath.yaml. The opponent's rath (their claimed hole)
-- takes no seed but a lap's last; after the move, a last seed that fell
-- there (its count up by one: no other seed can reach it) goes with one
-- more, if there is one, into the mover's rath: a move between claimed
-- holes, whose seeds stay their claimant's (C1.4).
function pass_opponent_rath(g, h, c)
  if g.claimed[h] ~= nil and g.claimed[h] ~= g.mover and g.hand > 1 then
    return "skip"
  end
  return "sow"
end

function take_from_rath(g)
  if not g.origin then return nil end
  local mine, theirs
  for h, p in pairs(g.claimed) do
    if p == g.mover then mine = h else theirs = h end
  end
  if theirs and mine and g.board[theirs] == g.board_before[theirs] + 1 then
    local n = g.board[theirs] >= 2 and 2 or 1
    return {move = {{from = theirs, to = mine, seeds = n}}}
  end
  return nil
end

-- RA.4: a rath holding more than half the seeds wins at once, the raths
-- the score (the threshold of data counts stores, not claimed holes)
function rath_half(g)
  local half = (g.total + g.captured[0] + g.captured[1]) // 2
  local score, winner = {[0] = 0, [1] = 0}, nil
  for h, p in pairs(g.claimed) do
    score[p] = g.board[h]
    if g.board[h] > half then winner = p end
  end
  if winner then
    return {over = true, winner = winner, score = score, rule = "RA.4"}
  end
  return nil
end
