-- choice_view.lua: the after_move hook of choice_view.yaml (CV.2).
function after(g)
  if g.ply == options.at_ply then
    error("choice=" .. tostring(g.choice) .. " lap=" .. tostring(g.lap) ..
          " hand=" .. tostring(g.hand) .. " origin=" .. tostring(g.origin))
  end
  return nil
end
