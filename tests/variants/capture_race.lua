-- capture_race.lua: the move hooks of tests/variants/capture_race.yaml.

-- Seeds the move (a candidate's, or the one just made) took.
local function took(g)
  return g.captured[g.mover] - g.captured_before[g.mover]
end

-- CR.3 (filter): g is the position after the candidate move from hole h
-- (g.origin), g.board_before and g.captured_before the position before
-- it. A capture ranks 1 and any other move 0, so when some move captures
-- only the capturing moves stay legal.
function must_capture(g, h)
  if not options.must_capture then
    return true
  end
  if took(g) > 0 then
    return 1
  end
  return 0, "CR.3: a move that captures is possible, and you must capture"
end

-- CR.5 (after_move): count the capturing moves, note the seeds lifted
-- from the origin; with again_after_capture a capture moves again.
function count_captures(g)
  local changes = {state = {lifted = g.board_before[g.origin]}}
  if took(g) > 0 then
    if g.mover == 0 then
      changes.state.caps_south = g.state.caps_south + 1
    else
      changes.state.caps_north = g.state.caps_north + 1
    end
    if options.again_after_capture then
      changes.to_move = g.mover
    end
  end
  return changes
end

-- CR.4 (game_end): the first to have taken the target wins at once.
function race(g)
  for p = 0, 1 do
    if g.captured[p] >= options.target then
      return {over = true, winner = p,
              score = {[0] = g.captured[0], [1] = g.captured[1]}}
    end
  end
  return nil
end
