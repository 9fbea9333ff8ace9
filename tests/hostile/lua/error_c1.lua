-- Hostile case error_c1: C1 controls as UTF-8 (\194\155 is U+009B, CSI) and raw (\155), OSC 52 with BEL
error("a\194\155" .. "2J b\155" .. "c \27]52;c;aGk=\7 d\194\157" .. "x")
function capture(g, h, c)
  return {}
end
