-- Hostile case filter_table: filter: a table for a verdict
function hook(g, h)
  return {}
end
