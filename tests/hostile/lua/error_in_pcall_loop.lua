-- Hostile case error_in_pcall_loop: a million errors caught by pcall
for i = 1, 1e9 do
  pcall(error, "x")
end
function capture(g, h, c)
  return {}
end
