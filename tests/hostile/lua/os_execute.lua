-- Hostile case os_execute: running a command with os.execute
os.execute("touch /tmp/sow-hostile-was-here")
function capture(g, h, c)
  return {}
end
