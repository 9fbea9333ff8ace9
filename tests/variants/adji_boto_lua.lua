-- Adji-Boto's capture chain (docs/rules.md B.4, P7) as a script: the reference
-- the data chain of variants/adji_boto.yaml is tested against (see
-- adji_boto_lua.yaml).

-- B.4: the last seed fell in h. From the next hole on, along the sowing
-- direction and on either side, every hole holding 1, 3 or 5 goes to the
-- mover's store; an even count above zero or a count over 5 ends the chain
-- (P7), an empty hole ends it too unless empty_in_chain=skip, and the
-- chain never takes h itself (it stops on coming back round to h).
function chain(g, h, c)
  local board, nxt = g.board, g.next
  local skip = options.empty_in_chain == "skip"
  local taken, n = {}, 0
  local x = nxt[h]
  while x ~= h do
    local k = board[x]
    if k == 1 or k == 3 or k == 5 then
      n = n + 1
      taken[n] = x
    elseif k ~= 0 or not skip then
      break
    end
    x = nxt[x]
  end
  return taken
end
