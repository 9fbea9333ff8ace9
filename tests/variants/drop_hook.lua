-- drop_hook.lua: the hooks of drop_hook.yaml (DH.2 to DH.5).

-- DH.5: fail with the sowing fields of the view, when asked to (during a
-- sowing, from its second lap on)
local function probe(g, where)
  local last = options.probe == "drop_last" and where == "drop" and
               g.lap == 2 and g.hand == 1
  if last or options.probe == where and (g.lap == nil or g.lap >= 2) then
    error("lap=" .. tostring(g.lap) .. " hand=" .. tostring(g.hand) ..
          " origin=" .. tostring(g.origin) .. " choice=" .. tostring(g.choice) ..
          " direction=" .. tostring(g.direction) ..
          " from=" .. tostring(g.lap_from) ..
          " lifted=" .. tostring(g.lifted))
  end
end

function drop(g, h, c)
  probe(g, "drop")
  if options.probe == "bad_word" then return "drip" end
  if options.probe == "bad_player" then return "store", 2 end
  if options.probe == "bad_second" then return "skip", 1 end
  if options.probe == "skip_all" then return "skip" end
  if g.owner[h] ~= g.mover and c >= 4 then
    return "skip"                                   -- DH.2
  end
  if g.lap >= 2 and g.hand == 1 and options.store ~= "none" then -- DH.3
    if options.store == "opponent" then
      return "store", 1 - g.mover
    end
    return "store"
  end
  if h == g.mover * g.row and c == 0 then
    return "out"                                    -- DH.4
  end
  return nil
end

function lap_end(g, h, c)
  probe(g, "lap_end")
  return {}, "relay"                                -- DH.1
end

function after(g)
  probe(g, "after_move")
  return nil
end
