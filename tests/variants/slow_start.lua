-- slow_start.lua: the hooks of tests/variants/slow_start.yaml, after a
-- top level that is slow on purpose.

-- A loop of options.work rounds: the cost of opening the script, which
-- sow test pays once per option set of a file (issue 23).
local x = 0
for i = 1, options.work do
  x = (x + i) % 7
end
spin = x

-- What the hooks keep, which they must not (the tests read it back): a
-- global, whose value sow test puts back before each case, and a table
-- made here, whose contents it does not.
moves_seen = 0
seen = {n = 0}

-- SS.2: the opponent's hole the last seed made 2 or 3.
function capture(g, h, c)
  if g.owner[h] ~= g.mover and (c == 2 or c == 3) then
    return {h}
  end
  return {}
end

-- SS.3: count each move twice; with state bomb = 1, grow a string until
-- the memory limit trips.
function count_moves(g)
  if g.state.bomb == 1 then
    local s = "x"
    while true do
      s = s .. s
    end
  end
  moves_seen = moves_seen + 1
  seen.n = seen.n + 1
  return nil
end

-- SS.3: the two counts.
function counts(g)
  return moves_seen, seen.n
end
