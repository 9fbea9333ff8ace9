-- Output case long_line: 128 decision tokens of a 31-letter name
function choices(g)
  local t = {}
  for i = 1, 128 do t[i] = "abcdefghijklmnopqrstuvwxyzabcde:" .. (127 + i) end
  return t
end
function choose(g, token)
  return {phase = 0}
end
