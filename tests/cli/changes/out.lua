-- out.lua: the after_move hook of out.yaml (HO.2).
function after(g)
  local facing = g.opposite[g.origin]
  local n = g.board[facing] // 2
  if n > 0 then
    return {out = {[facing] = n}}
  end
  return nil
end
