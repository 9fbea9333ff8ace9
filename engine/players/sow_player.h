/* sow_player.h - computer players: random, greedy, alphabeta and mcts.
 *
 * A player is chosen by a spec string, NAME[:KEY=VALUE]... (sow play
 * --south, sow selfplay --players, sow search --player):
 *
 *   random                     a uniformly random legal move
 *   greedy                     the move that takes the most seeds at once
 *                              (its sowing alone), ties at random; decision
 *                              moves at random
 *   alphabeta[:depth=D][:ms=T][:tt=B]
 *                              negamax with alpha-beta (principal variation
 *                              search), iterative deepening, a
 *                              transposition table of 2^B entries (default
 *                              16: 1 MiB), move ordering (table move, killers,
 *                              history); D plies deep (1-64), or as deep as
 *                              T milliseconds allow (an unfinished
 *                              iteration is thrown away); default depth=6
 *   mcts[:iter=N][:ms=T][:c=X][:playout=P]
 *                              UCT with uniformly random playouts of at
 *                              most P plies (default 1000); N iterations
 *                              or T milliseconds; exploration X (default
 *                              1.4); default iter=1000
 *   perfect[:mib=M][:trust=1][:db=DIR]  every legal move solved exactly
 *                              (sow_solve.h), with the endgame database
 *                              of the rules in DIR (sow_egdb.h)
 *                              and the best taken, ties at random; a table
 *                              of M MiB (default 64) kept from move to
 *                              move; trust=1 for a variant with a script
 *                              (docs/solving.md). Small boards only.
 *
 * Evaluation (alphabeta, from the view of the player to move): at the end
 * of a game +WIN or -WIN (less the plies to get there, so a nearer win is
 * better) or 0 for a draw or an unfinished game; otherwise 16 x (own
 * captured - opponent's captured) + (seeds in own holes - seeds in the
 * opponent's holes): captures first, the seeds on one's side as a weak
 * term that breaks ties (a stronger one, 4 x, played worse in Adji Kui I
 * self-play). mcts scores a playout 1 for a win, 1/2 for a draw
 * (or, cut short by P, for equal evaluation), 0 for a loss.
 *
 * Determinism: every choice depends only on the game, the engine's
 * history and the seed (sow_player_seed), so a fixed seed gives the same
 * moves, except with a time limit (ms=), where how far a search gets
 * depends on the machine and its load.
 *
 * A search plays moves on copies of the game with sow_engine_play; it
 * leaves the game, the engine's repetition history and its observer as
 * they were (a decision or scripted move, after which the engine resets
 * the history, is played against a scratch history). A script that calls
 * math.random in its hooks would still see its generator advanced by a
 * search. A player is used by one thread at a time. */
#ifndef SOW_PLAYER_H
#define SOW_PLAYER_H

#include <stddef.h>

#include "sow_game.h"
#include "sow_rng.h"
#include "sow_spec.h"


typedef struct sow_player sow_player;

/* A player for games of setup s (borrowed; must outlive the player),
 * seeded with `seed`. NULL with err filled when out of memory. */
sow_player *sow_player_new(const sow_player_spec *sp, const sow_setup *s,
                           uint64_t seed, sow_error *err);
void sow_player_free(sow_player *p);

/* Reseed the player's generator (selfplay: from each game's seed). */
void sow_player_seed(sow_player *p, uint64_t seed);

const sow_player_spec *sow_player_get_spec(const sow_player *p);

/* alphabeta: make the nodes of the last two plies by sowing alone where
 * that tells the same as the engine's move (sow_search.c; on by default).
 * Off, every node is an engine move: tests check that the values agree. */
void sow_player_set_shortcuts(sow_player *p, bool on);

/* Choose a move for g->to_move from g->legal (g must not be over). e is
 * the engine g is played with: its history is read and left as it was.
 * info may be NULL. */
int sow_player_move(sow_player *p, sow_engine *e, const sow_game *g,
                    sow_move *out, sow_search_info *info, sow_error *err);

/* ---- the simple players without an object (kept for callers) ------------ */

/* Parse "random" or "greedy"; -1 if neither. */
int sow_player_parse(const char *name);

/* Choose a move for g->to_move (g must not be over and have legal moves)
 * with the random or greedy player. */
int sow_player_choose(sow_player_kind kind, sow_engine *e, const sow_game *g,
                      sow_rng *rng, sow_move *out, sow_error *err);

#endif
