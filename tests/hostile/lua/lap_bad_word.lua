-- Hostile case lap_bad_word: a second value that is neither "stop" nor "relay"
function capture(g, h, c)
  return {}, "jump"
end
