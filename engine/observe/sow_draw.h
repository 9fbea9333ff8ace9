/* sow_draw.h - a board as text for a terminal: two rows of holes with
 * their labels, the stores or captures of each player, and a mark on holes
 * owned by the player whose row they are not in (C0.6). Fits 80 columns for
 * rows of up to 24 holes with counts below 100. Boards of three and four
 * rows (C2.1) are drawn row over row, North's farthest at the top. */
#ifndef SOW_DRAW_H
#define SOW_DRAW_H

#include <stddef.h>

#include "sow_game.h"

/* Label of hole h: South's row 'a'.. left to right, North's row 'A'.. in
 * canonical order (A is the hole at South's right, North's left). On
 * more than two rows (C2.2), the column's letter from South's left and
 * the row's number from South's side: "a1" is hole 0, "e2" hole n+4. */
void sow_hole_label(const sow_setup *s, int h, char *buf, size_t size);

/* A move as boards label it: a hole's label ("c"), a label and the
 * direction the move names ("c/cw", MB.2), or a decision's token. */
void sow_move_label(const sow_setup *s, sow_move m, char *buf, size_t size);

/* Where hole h is drawn, seen from South: its row (0 the row nearest
 * South, rows-1 North's farthest) and its column (0 at South's left).
 * Two rows: North's row runs back from South's right (C0.2); more rows
 * are numbered row by row (C2.1). */
int sow_draw_row(const sow_setup *s, int h);
int sow_draw_col(const sow_setup *s, int h);

/* Hole index for a label or a decimal index, or -1. */
int sow_hole_from_label(const sow_setup *s, const char *label);

/* A move as people and records write it: a hole label as boards show it
 * ("c", "A"), a hole number ("2"), either with a direction where moves
 * name one ("c/cw", "2/cw"), or a decision ("first:0"); the one
 * reader of typed moves (the command line, the library's sessions). An
 * error says why (and what labels and numbers there are). */
int sow_move_read(const sow_setup *s, const char *tok, sow_move *mv,
                  sow_error *err);

/* A whole turn as people write it (C2.2, C2.3): hole labels where the
 * token has hole numbers, "+d2/ccw,ka2" for "+11/ccw,k8"; the legal turn
 * of g it names, or -1. */
sow_move sow_turn_read(const sow_setup *s, const sow_game *g,
                       const char *tok);

/* Room for any drawing: rows of up to 32 holes with counts of up to five
 * digits take about 1,300 bytes. */
#define SOW_DRAW_MAX 4096

/* Draw g into buf (several lines, each ending in '\n'). `last` is the hole
 * of the last move to mark, or -1. Returns the length, or -1 if too small. */
int sow_draw_board(char *buf, size_t size, const sow_setup *s,
                   const sow_game *g, int last);

#endif
