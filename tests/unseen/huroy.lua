-- HY.2: the captures happen before the sowing, read on the board before
-- the move (the origin counted as it was). A hole taken may have been sown
-- into afterwards: the seeds it held before the move leave it (out of
-- play, counted with the mover's captured, C1.13) and the seeds sown
-- there stay.
function singles(g, h, c)
  local before, me, out, any = g.board_before, g.mover, {}, false
  for x = 0, g.holes - 1 do
    if g.owner[x] == me and before[x] == 1 then
      local across = g.opposite[x]
      if before[across] > 0 then out[across] = before[across]; any = true end
    end
  end
  if any then return {}, "stop", {out = out} end
  return {}
end

-- HY.1 of Gelech (gelech.yaml, which shares this script): no move from a
-- hole facing a single seed (read before the move).
function not_facing_one(g, h)
  if g.board_before[g.opposite[h]] == 1 then
    return false, "the hole facing it holds a single seed"
  end
  return true
end
