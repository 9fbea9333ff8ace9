/* sow_history.h - the positions of one game, for the repetition rule
 * (docs/rules.md K1.7 `repetition`, P4). A position is the board and the
 * player to
 * move. Lookups compare hashes first and boards in full, so the answer is
 * exact. Storage grows by doubling and is reused from game to game: no
 * allocation per move once warm. */
#ifndef SOW_HISTORY_H
#define SOW_HISTORY_H

#include <stdint.h>

typedef struct sow_history sow_history;

/* holes: board size; max_total: the most seeds a board can hold. */
sow_history *sow_history_new(int holes, int max_total);
void sow_history_free(sow_history *h);
void sow_history_reset(sow_history *h);

/* Record a position. board has at least 16 entries (a sow_game's board),
 * those past `holes` zero. Returns 1 if it had occurred before (it is recorded
 * anyway), 0 if it is new, -1 when out of memory. */
int sow_history_add(sow_history *h, const uint16_t *board, int to_move,
                    int total);

/* The same for a position that holds more than its board (C1.4, C1.5):
 * marks[3], the holes each player has claimed and the blocked holes, are
 * part of it. A history holds positions added one way only: all with
 * marks, or all without. */
int sow_history_add_marked(sow_history *h, const uint16_t *board,
                           int to_move, const uint64_t marks[3]);

/* Position k (0 the oldest) of the history: its board (`holes` counts),
 * the player to move and, for a history of marked positions, its marks
 * (NULL otherwise). For a solver that keys a position's value by the
 * positions before it (docs/solving.md, "Exactness and history"). */
void sow_history_at(const sow_history *h, int k, const uint16_t **board,
                    int *to_move, const uint64_t **marks);

/* dst made to hold src's positions, in order (a thread's engine that
 * searches on from the same game). Returns -1 when out of memory. */
int sow_history_copy(sow_history *dst, const sow_history *src);

/* Forget the last n positions added (for undo). */
void sow_history_pop(sow_history *h, int n);

int sow_history_len(const sow_history *h);

#endif
