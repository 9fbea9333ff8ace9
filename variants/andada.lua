-- Andada: the opening and the first-mover decision (docs/rules.md A.2, A.3).
-- Relay sowing, the opposite-hole removal (A.4, a lap_end rule
-- capture_opposite), bear-off (A.5) and the end (A.6) are data in
-- andada.yaml.

-- A.2, P9: South's opening from hole s: lift the seeds of the current
-- hole, sow them one by one into the next holes, and make the hole after
-- the last one sown the current hole; stop when every hole holds 3 or 0.
-- The whole relay is one move; then North decides (A.3).
function opening(g, s)
  local b, nxt, n = {}, g.next, g.holes
  -- off: how many holes hold neither 3 nor 0; the pattern is reached when
  -- none does (kept up to date, not counted again at every step)
  local off = 0
  for h = 0, n - 1 do
    local k = g.board[h]
    b[h] = k
    if k ~= 3 and k ~= 0 then off = off + 1 end
  end
  local cur = s
  for step = 1, 4 * n do
    if off == 0 then
      return { board = b, phase = 2, to_move = 1 }
    end
    local k = b[cur]
    if k ~= 3 and k ~= 0 then off = off - 1 end
    b[cur] = 0
    local h = cur
    for i = 1, k do
      h = nxt[h]
      local v = b[h]
      if v ~= 3 and v ~= 0 then off = off - 1 end
      v = v + 1
      b[h] = v
      if v ~= 3 and v ~= 0 then off = off + 1 end
    end
    cur = nxt[h]
  end
  error("the opening relay does not reach the 3-3-0 pattern")
end

-- A.3: North chooses who makes the first regular move.
function first_choices(g)
  return { "first:0", "first:1" }
end

function first(g, token)
  return { phase = 0, to_move = tonumber(token:sub(7)) }
end
