-- South's first hole (a, hole 0) is refused, with a reason; hole 1 (b)
-- is refused without one.
function no_first(g, h)
  if h == 0 then
    return false, "the first hole is never played"
  end
  return h ~= 1
end
