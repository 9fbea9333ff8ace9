-- Hostile case print_global: print (no output for scripts)
print("hello")
function capture(g, h, c)
  return {}
end
