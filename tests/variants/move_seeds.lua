-- move_seeds.lua: the after_move hook of move_seeds.yaml (MS.1 to MS.7).
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
  if rule ~= "none" then return with_stores(g, first, last, rule) end
  return nil                                                      -- MS.1
end

local STORE = {[0] = "south_store", [1] = "north_store"}

-- MS.5 to MS.7 and their wrong answers: moves with a store at one end
function with_stores(g, first, last, rule)
  local mine, theirs = STORE[g.mover], STORE[1 - g.mover]
  if rule == "to_store" then
    return {move = {{from = first, to = "store"}}}                -- MS.5
  elseif rule == "give" then
    return {move = {{from = mine, to = theirs}}}                  -- MS.6
  elseif rule == "from_store" and g.captured[g.mover] > 0 then
    return {move = {{from = "store", to = g.opposite[last],
                     seeds = 1}}}                                 -- MS.7
  elseif rule == "store_too_many" then
    return {move = {{from = theirs, to = first, seeds = 5}}}      -- MS.4
  elseif rule == "store_itself" then
    return {move = {{from = "store", to = mine}}}                 -- MS.4
  elseif rule == "bad_store" then
    return {move = {{from = first, to = "my_store"}}}             -- MS.4
  end
  return nil
end
