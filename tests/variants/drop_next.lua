-- drop_next.lua: DN.2 and DN.3 of drop_next.yaml.
function on_from_next(g, h)
  if g.lap == 1 then return {}, "relay", {next = {from = g.next[h]}} end
  return {}, "stop"
end

function b_out(g, h)
  if h == 4 then return "out" end
  return "sow"
end
