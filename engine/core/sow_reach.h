/* sow_reach.h - whether a capture can still be reached from a position
 * by legal moves (docs/rules.md K1.7 `unreachable`; the end key
 * end.capture_unreachable, docs/writing-variants.md).
 *
 * The search is exact: it visits every position reachable by legal
 * moves of either player (passes as the engine makes them) breadth
 * first, and stops at the first move that captures. A position is the
 * whole state that the future play reads: board, owners, player to move,
 * phase, claimed and closed holes, seeds in hand, the script's state and
 * the rest of sow_game's copied part, less what no rule reads for
 * legality or captures (the plies since a capture, the last move's
 * traces, and the ply from sow_setup_ply_until on). The rules that read
 * the history (repetition, no_capture_plies, max_plies) are left out of
 * the search: they end games of their own. A search keeps at most
 * sow_setup.reach_positions positions; past them, or past a move that
 * the endless-move proof cannot follow (P2), it cannot decide. */
#ifndef SOW_REACH_H
#define SOW_REACH_H

#include "sow_game.h"

typedef struct sow_reach sow_reach;

/* A search for s's games, asking `rules` (copied) where the machine
 * does; NULL when out of memory. */
sow_reach *sow_reach_new(const sow_setup *s, const sow_rules *rules);
void sow_reach_free(sow_reach *r);

/* Bound the search's plays by a run's deadline (NULL: none). */
void sow_reach_set_budget(sow_reach *r, const struct sow_budget *b);

enum {
    SOW_REACH_NONE = 0,     /* no capture is reachable: the game ends */
    SOW_REACH_CAPTURE = 1,  /* some sequence of legal moves captures */
    SOW_REACH_UNDECIDED = 2 /* too many positions, or a move the proof
                               cannot follow (P2) */
};

/* Search from g's position (its copied part; g->to_move has a legal
 * move or the game is in a decision phase). SOW_REACH_*, or -1 on an
 * error of the rules (a hook's, out of memory, the run's deadline). */
int sow_reach_test(sow_reach *r, const sow_game *g, sow_error *err);

/* The positions the last test kept. */
long sow_reach_positions(const sow_reach *r);

#endif
