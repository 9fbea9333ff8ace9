-- Hostile case string_rep_loop: a loop of 1 MB string.rep calls (few instructions, much C work)
for i = 1, 1e9 do
  local s = ("x"):rep(1000000)
end
function capture(g, h, c)
  return {}
end
