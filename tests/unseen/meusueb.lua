-- meusueb.lua: MS.3 and MS.4 of meusueb.yaml.

-- MS.3: the 4 are taken and the next lap lifts the hole after them.
function take_four(g, h)
  return {h}, "relay", {next = {from = g.next[h]}}
end

-- MS.4: the seeds left on the board as a lap starts, its hand lifted,
-- are those on it now and in hand less the lap's hand (g.lifted): until
-- a lap starts with 8 or fewer, no seed leaves the board during a lap,
-- so the count read at any seed of the lap is the count at its start.
function last_seeds(g, h, c)
  if g.owner[h] == g.mover then return "sow" end
  local left = g.hand - g.lifted
  for x = 0, g.holes - 1 do left = left + g.board[x] end
  if left > 8 then return "sow" end
  if g.hand == 1 and c + 1 == 4 then return "sow" end  -- MS.3 takes it
  return "store", 1 - g.mover
end
