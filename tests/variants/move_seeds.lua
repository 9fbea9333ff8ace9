-- move_seeds.lua: the after_move hook of move_seeds.yaml (MS.1 to MS.4).
function after(g)
  local first = g.mover * g.row            -- the mover's leftmost hole
  local last = first + g.row - 1           -- and their rightmost
  local rule = options.rule
  if rule == "gather" then
    return {move = {{from = first, to = last}}}                   -- MS.2
  elseif rule == "one" and g.board[last] > 0 then
    return {move = {{from = last, to = g.opposite[last], seeds = 1}}} -- MS.3
  elseif rule == "too_many" then
    return {move = {{from = first, to = last, seeds = 9}}}        -- MS.4
  elseif rule == "itself" then
    return {move = {{from = first, to = first}}}                  -- MS.4
  elseif rule == "bad_seeds" then
    return {move = {{from = first, to = last, seeds = 0}}}        -- MS.4
  end
  return nil                                                      -- MS.1
end
