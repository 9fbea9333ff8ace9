-- Hostile case lib_remove_long_hook: a hook removing the first of 2^61 elements (62 entries), in pcall
function capture(g, h, c)
  local t = {}
  for i = 61, 0, -1 do t[1 << i] = 1 end
  pcall(table.remove, t, 1)
  return {}
end
