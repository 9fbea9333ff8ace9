-- meusueb.lua: MS.2 to MS.4 of meusueb.yaml.

-- MS.4: the seeds left on the board as the lap started, its hand lifted.
-- In drop: those on it now and in hand less the lap's hand (g.lifted).
-- Until a lap starts with 8 or fewer, no seed leaves the board during a
-- lap, so the count read at any seed of the lap tells the count at its
-- start apart: more than 8, or 8 or fewer.
local function few_left(g)
  local left = g.hand - g.lifted
  for x = 0, g.holes - 1 do left = left + g.board[x] end
  return left <= 8
end

-- The same at a lap's end: the board holds those on it as the lap
-- started and the lap's g.lifted seeds, less any it gave away; if that
-- leaves 8 or fewer, seeds left the board (the lap started with 8 or
-- fewer) or none did and it started so: MS.4 held either way.
local function few_left_at_end(g)
  local left = -g.lifted
  for y = 0, g.holes - 1 do left = left + g.board[y] end
  return left <= 8
end

-- Each lap's end (MS.2, MS.3, MS.4).
function lap_end(g, h, c)
  if c == 4 then                                   -- MS.3
    return {h}, "relay", {next = {from = g.next[h]}}
  end
  if g.owner[h] ~= g.mover and few_left_at_end(g) then   -- MS.4
    -- the last seed to the opponent; the hole is then lifted as MS.2
    -- says: sown on if it holds 2 or more, else the move ends
    local store = g.owner[h] == 1 and "north_store" or "south_store"
    local moves = {{from = h, to = store, seeds = 1}}
    if c - 1 == 4 then
      -- MS.3 on what the hole holds without that seed: the mover takes
      -- the 4 and sows on from the next hole (MancalaGames tests the
      -- capture after the seed has gone)
      moves[2] = {from = h, to = "store", seeds = 4}
      return {}, "relay", {move = moves, next = {from = g.next[h]}}
    end
    return {}, c - 1 >= 2 and "relay" or "stop", {move = moves}
  end
  if c == 1 then return {}, "stop" end             -- MS.2
  return {}, "relay"
end

-- MS.4: every seed but a lap's last sown on the opponent's side goes to
-- the opponent (the last is lap_end's).
function last_seeds(g, h, c)
  if g.hand == 1 or g.owner[h] == g.mover or not few_left(g) then
    return "sow"
  end
  return "store", 1 - g.mover
end
