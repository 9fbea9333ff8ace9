-- Hostile case lib_rep_empty_hook: a hook repeating an empty string 2^62 times: empty at once
function capture(g, h, c)
  assert((""):rep(2^62) == "")
  return {}
end
