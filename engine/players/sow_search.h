/* sow_search.h - the searching players (alphabeta in sow_search.c, mcts
 * in sow_mcts.c) and what they share: evaluation, the clock, and scratch
 * repetition histories. Used by sow_player.c (the factory); see sow_player.h for what the
 * players do.
 *
 * The engine's history (e->hist) holds the positions of the game so far.
 * A search plays moves on copies of the game with sow_engine_play, which
 * adds each new position to the history: the search pops them again
 * (sow_history_pop) when it goes back. A decision or scripted move
 * (sow_search_resets_history) makes the engine reset the history once the
 * decisions are over; what the history held before such a move can no
 * longer matter below it, so the search plays it, and everything below
 * it, against a scratch history of its own (one per search ply), and the
 * game's history is never reset. */
#ifndef SOW_SEARCH_H
#define SOW_SEARCH_H

#include <stdbool.h>

#include "sow_game.h"
#include "sow_history.h"
#include "sow_rng.h"
#include "sow_spec.h"

/* Whether a move from g goes through the engine's decision path (a
 * decision phase, or a scripted phase), which may reset the history. */
static inline bool sow_search_resets_history(const sow_setup *s,
                                             const sow_game *g)
{
    if (g->phase == 0)
        return false;
    if (sow_decision_phase(s, g))
        return true;
    return g->phase <= s->v->nphases && s->v->phases[g->phase - 1].scripted;
}

/* Scratch histories, made when first needed. */
typedef struct sow_scratch {
    const sow_setup *s;
    sow_history *h[SOW_SEARCH_MAX_DEPTH + 2];
} sow_scratch;

/* Scratch history number `level` (0..SOW_SEARCH_MAX_DEPTH+1); NULL when
 * out of memory. */
sow_history *sow_scratch_get(sow_scratch *sc, int level);
void sow_scratch_free(sow_scratch *sc);

/* The static evaluation of g for player `me` (sow_player.h). */
int sow_search_eval(const sow_setup *s, const sow_game *g, int me);

/* Seconds on a monotonic clock. */
double sow_search_now(void);

/* ---- alphabeta (sow_search.c) ---------------------------------------- */

typedef struct sow_ab sow_ab;

sow_ab *sow_ab_new(const sow_player_spec *sp, const sow_setup *s,
                   sow_error *err);
void sow_ab_free(sow_ab *ab);
void sow_ab_set_exact(sow_ab *ab, bool exact);
/* An endgame database (borrowed; of the setup's rules) that answers the
 * positions it holds as won, lost or drawn games: alphabeta does not
 * search below them, mcts plays no playout past them. NULL: none. */
struct sow_egdb;
void sow_ab_set_egdb(sow_ab *ab, const struct sow_egdb *db);
int sow_ab_search(sow_ab *ab, sow_engine *e, const sow_game *g, sow_rng *rng,
                  sow_search_info *info, sow_error *err);

/* ---- mcts (sow_mcts.c) ------------------------------------------------- */

typedef struct sow_mcts sow_mcts;

sow_mcts *sow_mcts_new(const sow_player_spec *sp, const sow_setup *s,
                       sow_error *err);
void sow_mcts_free(sow_mcts *m);
void sow_mcts_set_egdb(sow_mcts *m, const struct sow_egdb *db);
int sow_mcts_search(sow_mcts *m, sow_engine *e, const sow_game *g,
                    sow_rng *rng, sow_search_info *info, sow_error *err);

#endif
