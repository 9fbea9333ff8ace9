-- Hostile case hook_not_function: the hook name bound to a number
capture = 5
