-- lap_end does little Lua work but a lot of C work: each concatenation
-- copies a string of a megabyte or more, far below the memory cap, so only
-- a time limit (not a count of Lua instructions) can stop it.
function capture(g, h, c)
  local s = string.rep("x", 1000000)
  for i = 1, 1000000000 do
    s = s .. "y"
  end
  return {}
end
