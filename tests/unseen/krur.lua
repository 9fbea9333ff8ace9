-- krur.lua: KU.3 of krur.yaml: the opponent's children get no seed.
function pass_theirs(g, h)
  if g.claimed[h] == 1 - g.mover then return "skip" end
  return "sow"
end
