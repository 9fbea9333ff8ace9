-- Hostile case error_control_chars: an error message with a line break and terminal escapes
error("line one\nline two \27[2J\27[31m")
function capture(g, h, c)
  return {}
end
