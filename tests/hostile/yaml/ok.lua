-- A valid script for the YAML cases of tests/hostile/yaml (not itself a case).
function capture(g, h, c)
  return {h}
end
