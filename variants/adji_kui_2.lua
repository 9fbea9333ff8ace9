-- Adji Kui II: the match rules (docs/rules.md K2.9, P14, P15). Sowing, the
-- captures of K2.3 and the end of K2.6 are data in adji_kui_2.yaml; the
-- engine scores a game by captures plus the seeds in owned holes (K2.6).

local ROW = 6

-- K2.9, P14: the holes each player owns after a game with totals T, and
-- who owns the hole filled by the two remainders (nil when there is none).
-- `winner` is the player with the larger total, nil after 24-24.
local function holes_after(T, winner)
  local holes = { [0] = T[0] // 4, [1] = T[1] // 4 }
  local r0, r1 = T[0] % 4, T[1] % 4
  if r0 + r1 == 4 then
    local to
    if options.remainder == "winner_owns" or r0 == r1 then
      to = winner
    else
      to = r0 > r1 and 0 or 1
    end
    holes[to] = holes[to] + 1
  end
  return holes
end

local NAMES = { [0] = "South", [1] = "North" }

-- The match loop: m.game is the game to set up; m.score the totals of the
-- game just played (K2.6); g its final board (nil before the first game).
function new_game(m, g)
  if m.game == 1 then
    return { starter = 0, holes = { [0] = ROW, [1] = ROW } } -- C0.1, C0.6
  end
  local T = m.score
  local winner = (T[0] > T[1] and 0) or (T[1] > T[0] and 1) or nil
  local holes = holes_after(T, winner)
  for p = 0, 1 do
    if holes[p] == 0 then -- the match ends (checked before match_games)
      return { over = true, winner = 1 - p, holes = holes,
               reason = NAMES[p] .. " owns no hole" }
    end
  end
  local starter = 1 - m.previous_starter -- alternate; P15 after a draw
  if winner and options.next_starter == "winner" then
    starter = winner
  elseif winner and options.next_starter == "loser" then
    starter = 1 - winner
  end
  local set = { starter = starter, holes = holes }
  local buyer = (holes[0] > ROW and 0) or (holes[1] > ROW and 1) or nil
  if not buyer then
    return set
  end
  local buys = holes[buyer] - ROW
  if options.buy == "nearest" then
    -- the opponent's holes in track order, from the one after the
    -- buyer's own row: South buys 6, 7, ...; North buys 0, 1, ...
    local first = buyer == 0 and ROW or 0
    set.owner = {}
    for i = 0, buys - 1 do
      set.owner[first + i] = buyer
    end
    return set
  end
  -- buy=choose: the buyer makes one decision move per hole, first
  set.phase = 1
  set.to_move = buyer
  set.state = { buyer = buyer, buys = buys, starter = starter }
  return set
end

-- The holes the buyer may buy: every hole the opponent still owns.
function buy_choices(g)
  local t, me = {}, g.state.buyer
  for h = 0, g.holes - 1 do
    if g.owner[h] ~= me then
      t[#t + 1] = "buy:" .. h
    end
  end
  return t
end

-- A bought hole belongs to the buyer for the whole game (K2.9); after the
-- last purchase the starter moves.
function buy(g, token)
  local h = tonumber(token:sub(5))
  local left = g.state.buys - 1
  local changes = { owner = { [h] = g.state.buyer }, state = { buys = left } }
  if left == 0 then
    changes.phase = 0
    changes.to_move = g.state.starter
  end
  return changes
end
