-- Hostile case token_escape: a decision token with CSI sequences (ESC and raw 0x9B)
function choices(g)
  return {"pick:\27[2J\155" .. "31m"}
end
function choose(g, token)
  return {phase = 0}
end
