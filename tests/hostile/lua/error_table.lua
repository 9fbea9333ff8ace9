-- Hostile case error_table: error with a table value
error({code = 1})
function capture(g, h, c)
  return {}
end
