-- a raw escape character in a string
function capture(g, h, c)
  local clear = "[2J secret"
  return {h}
end
