/* sow_search_common.c - what alphabeta and mcts share (sow_search.h):
 * scratch histories, the static evaluation, the clock. */
#include "sow_search.h"

#include <time.h>

/* ---- shared by the searches ---------------------------------------------- */

sow_history *sow_scratch_get(sow_scratch *sc, int level)
{
    if (!sc->h[level])
        sc->h[level] = sow_history_new(sc->s->holes, sc->s->total);
    return sc->h[level];
}

void sow_scratch_free(sow_scratch *sc)
{
    for (int i = 0; i < SOW_SEARCH_MAX_DEPTH + 2; i++) {
        sow_history_free(sc->h[i]);
        sc->h[i] = NULL;
    }
}

int sow_search_eval(const sow_setup *s, const sow_game *g, int me)
{
    /* own seeds minus the opponent's: 2 x own - all on the board */
    int own = 0;
    for (uint64_t m = g->owns[me]; m; m &= m - 1)
        own += g->board[__builtin_ctzll(m)];
    return 16 * (g->captured[me] - g->captured[1 - me]) + 2 * own -
           g->on_board;
}

double sow_search_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

