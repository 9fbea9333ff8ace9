-- Hostile case hook_relay_single: sow on after every lap, under single laps
function sow_on(g, h, c)
  return {}, "relay"
end
