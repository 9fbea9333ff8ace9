-- A minimal script for the test variants of tests/cli/bad (not broken).
function capture(g, h, c)
  return {h}
end
