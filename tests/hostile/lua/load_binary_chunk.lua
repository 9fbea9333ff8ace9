-- Hostile case load_binary_chunk: load of a binary chunk made by string.dump
local f = load(string.dump(function() return 1 end))
function capture(g, h, c)
  return {}
end
