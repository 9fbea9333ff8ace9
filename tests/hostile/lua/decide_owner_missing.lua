-- Hostile case decide_owner_missing: decide giving away hole 99
function choices(g)
  return {"pick:1"}
end
function choose(g, token)
  return {owner = {[99] = 1}, phase = 0}
end
