-- waurie_drop.lua: WU.1 of waurie_drop.yaml, as a drop hook: a seed that
-- would fall back into the hole the move started from passes it over.
function pass_start(g, h, c)
  if h == g.origin then
    return "skip"
  end
  return nil
end
