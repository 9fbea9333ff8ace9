-- Hostile case loop_goto: an endless goto loop at load time
::again::
goto again
function capture(g, h, c)
  return {}
end
