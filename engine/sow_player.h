/* sow_player.h - computer players. Each takes the engine and a state and
 * chooses one of g->legal; a seeded generator makes every choice
 * reproducible. */
#ifndef SOW_PLAYER_H
#define SOW_PLAYER_H

#include "sow_game.h"
#include "sow_rng.h"

typedef enum { SOW_PLAYER_RANDOM, SOW_PLAYER_GREEDY } sow_player_kind;

/* Parse "random" or "greedy"; -1 if neither. */
int sow_player_parse(const char *name);

/* Choose a move for g->to_move (g must not be over and have legal moves).
 * greedy: the move that captures the most at once, ties broken at random. */
int sow_player_choose(sow_player_kind kind, sow_engine *e, const sow_game *g,
                      sow_rng *rng, sow_move *out, sow_error *err);

#endif
