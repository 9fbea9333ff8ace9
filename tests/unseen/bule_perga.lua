-- bule_perga.lua: BP.3 of bule_perga.yaml. A lap's last seed that makes 4
-- gives the hole to the owner of its row, as every other seed does
-- (sow_capture), and the move goes on as BP.2 says, from the hole after
-- it: a hook's "relay" lifts h itself (emptied here), whatever
-- relay_from says, so the next lap is named.
function owner_takes(g, h)
  return {}, "relay", {capture = {[h] = g.owner[h]}, next = {from = g.next[h]}}
end
