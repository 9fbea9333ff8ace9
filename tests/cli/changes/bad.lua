-- bad.lua: the after_move hook of bad.yaml; the first move closes hole 0,
-- the second returns the impossible change options.bad names.
function after(g)
  if g.ply == 1 then
    return {close = {0}}
  end
  local b = options.bad
  if b == "past" then return {capture = {[9] = 0}} end
  if b == "closed" then return {capture = {[0] = 1}} end
  if b == "open_open" then return {open = {1}} end
  if b == "close_twice" then return {close = {0}} end
  if b == "both" then return {open = {0}, close = {0}} end
  if b == "not_list" then return {close = 2} end
  if b == "out_more" then return {out = {[2] = 9}} end
  if b == "out_closed" then return {out = {[0] = 1}} end
  if b == "out_captured" then return {capture = {[2] = 0}, out = {[2] = 1}} end
  if b == "out_zero" then return {out = {[2] = 0}} end
  return {capture = {[1] = 2}}
end
