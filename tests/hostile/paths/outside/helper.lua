-- A valid script for the path cases of tests/hostile/paths (not itself a case).
function capture(g, h, c)
  return {h}
end
