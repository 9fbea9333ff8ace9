-- Hostile case after_move_bomb: after_move building an ever larger table
function hook(g, h)
  local t = {}
  for i = 1, 1e9 do t[i] = {i} end
  return nil
end
