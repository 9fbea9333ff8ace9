-- Adji Kui I: the decisions the data cannot make (RULES.md section 1).

-- K1.5: the last seed made the opponent's hole h hold 2 or 3 (the variant's
-- lap_end rule only calls this then). Capture it, then the hole before it,
-- and so on backwards while the hole is the opponent's and holds 2 or 3.
-- The chain stops at the mover's own row (ownership, C0.6).
function capture(g, h, c)
  local me = g:mover()
  local taken = {}
  local n = 0
  while g:owner(h) ~= me do
    local k = g:count(h)
    if k ~= 2 and k ~= 3 then break end
    n = n + 1
    taken[n] = h
    h = g:prev(h)
    if n == g:holes() then break end
  end
  return taken
end

-- K1.8: each player adds the seeds left in their own holes to their
-- captures.
function score(g)
  local s = { [0] = g:captured(0), [1] = g:captured(1) }
  for h = 0, g:holes() - 1 do
    local p = g:owner(h)
    s[p] = s[p] + g:count(h)
  end
  return s[0], s[1]
end
