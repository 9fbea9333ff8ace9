-- tests/variants/layout_rounds.yaml's filter: every move kept; asked of
-- anything but a hole of the board (a layout's pattern, MW.2), it fails.
function keep(g, h)
  if math.type(h) ~= "integer" or g.board[h] == nil then
    error("the filter was asked of " .. tostring(h) .. ", not a hole")
  end
  return true
end
