-- Hostile case field_name_escape: a field name that would clear the screen and write the clipboard
function choices(g)
  return {"pick:1"}
end
function choose(g, token)
  return {phase = 0, ["\27[2J\194\155" .. "31m\27]52;c;aGk=\7"] = 1}
end
