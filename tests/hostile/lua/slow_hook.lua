-- Hostile case slow_hook: slow but within each call's limits; only a limit on the whole run stops twenty games of it
function capture(g, h, c)
  local s = 0
  for i = 0, g.holes - 1 do s = s + g.board[i] end
  for i = 1, 2000000 do s = s + i % 7 end
  return {}
end
