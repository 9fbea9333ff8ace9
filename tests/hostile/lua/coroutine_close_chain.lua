-- Hostile case coroutine_close_chain: a long chain of nested coroutine.close (crashes Lua 5.4.4)
local co = nil
for i = 1, 100000 do
  local prev = co
  co = coroutine.create(function()
    if prev then coroutine.close(prev) end
  end)
end
coroutine.close(co)
function capture(g, h, c)
  return {}
end
