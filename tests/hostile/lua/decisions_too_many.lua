-- Hostile case decisions_too_many: decisions offering 200 tokens
function choices(g)
  local t = {}
  for i = 1, 200 do t[i] = "pick:" .. (i % 256) end
  return t
end
function choose(g, token)
  return {phase = 0}
end
