/* sow_engine_int.h - what the engine (sow_engine.c) shares with the end
 * of a game (sow_end.c), inside engine/core: the events it tells an
 * observer, and the end rules it calls after a move. */
#ifndef SOW_ENGINE_INT_H
#define SOW_ENGINE_INT_H

#include "sow_game.h"

/* Tell e's observer, if any, of an event (none: no event work at all). */
#define EMIT(e, k, p, h, c, x)                                              \
    do {                                                                     \
        if ((e)->obs.on_event) {                                             \
            sow_event ev_ = {(k), (p), (h), (c), (x), 0};                    \
            (e)->obs.on_event((e)->obs.ctx, &ev_);                           \
        }                                                                    \
    } while (0)

/* Nobody can move: the game ends (C0.5), or the player to move loses
 * (no_moves: lose, A.6). */
static inline sow_end_reason sow_end_no_moves(const sow_setup *s)
{
    return s->no_moves_lose ? SOW_END_CANNOT_MOVE : SOW_END_NO_MOVES;
}

/* The family's end rules tested before all others after a move of
 * `mover` (off the seed games' path): SOW_END_NONE when none ends it. */
sow_end_reason sow_end_family(const sow_setup *s, const sow_game *g,
                              int mover);

/* The game is over for reason `why`: score it and name the winner, and
 * tell the observer. An error of the score hook leaves the result unset. */
int sow_end_finish(sow_engine *e, sow_game *g, sow_end_reason why,
                   sow_error *err);

/* K1.7 unreachable after a move (g->to_move has a move, g not over;
 * e->reach set): the game ends when no capture is reachable, or stops
 * unfinished when the search cannot decide (sow_reach.c). 1 when it
 * ended, 0 when it goes on, -1 on an error. */
int sow_reach_end(sow_engine *e, sow_game *g, sow_error *err);

#endif
