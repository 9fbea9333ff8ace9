-- The tally of rounds won, kept in the state from round to round; the
-- rounds have laid out the next round (m.round) and the hook leaves its
-- starter and holes to them unless keep_south is on.
function next_round(m, g)
  if not g then
    return {state = {south_wins = 0, north_wins = 0,
                     round_starter = m.round.starter}}
  end
  local s, n = g.state.south_wins, g.state.north_wins
  if m.winner == 0 then s = s + 1 elseif m.winner == 1 then n = n + 1 end
  if s >= 2 or n >= 2 then
    return {over = true, winner = s >= 2 and 0 or 1,
            reason = "two rounds won"}
  end
  local set = {state = {south_wins = s, north_wins = n,
                        round_starter = m.round.starter}}
  if options.keep_south then
    set.starter = 0
    set.to_move = 0
  end
  return set
end
