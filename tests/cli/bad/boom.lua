-- fails when the script is run, before any hook is called
local x = 1
error("boom")
function capture(g, h, c) return {} end
