-- lap_lifted.lua: LL.2 of lap_lifted.yaml (and of lap_lifted_nodrop.yaml,
-- where g.lifted is nil: the hook then says so with an error).
function by_lifted(g, h, c)
  if g.lifted == nil then error("g.lifted is nil at a lap's end") end
  if g.lifted >= 4 then return {h}, "stop" end
  if c > 1 then return {}, "relay" end
  return {}, "stop"
end

-- every seed where the data drops it
function drop(g, h, c)
  return "sow"
end
