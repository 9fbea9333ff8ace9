/* sow_draw.h - a board as text for a terminal: two rows of holes with
 * their labels, the stores or captures of each player, and a mark on holes
 * owned by the player whose row they are not in (C0.6). Fits 80 columns for
 * rows of up to 24 holes with counts below 100. */
#ifndef SOW_DRAW_H
#define SOW_DRAW_H

#include <stddef.h>

#include "sow_game.h"

/* Label of hole h: South's row 'a'.. left to right, North's row 'A'.. in
 * canonical order (A is the hole at South's right, North's left). */
void sow_hole_label(const sow_setup *s, int h, char *buf, size_t size);

/* A move as boards label it: a hole's label ("c"), a label and the
 * direction the move names ("c/cw", MB.2), or a decision's token. */
void sow_move_label(const sow_setup *s, sow_move m, char *buf, size_t size);

/* Hole index for a label or a decimal index, or -1. */
int sow_hole_from_label(const sow_setup *s, const char *label);

/* A move as people and records write it: a hole label as boards show it
 * ("c", "A"), a hole number ("2"), either with a direction where moves
 * name one ("c/cw", "2/cw"), or a decision ("first:0"); the one
 * reader of typed moves (the command line, the library's sessions). An
 * error says why (and what labels and numbers there are). */
int sow_move_read(const sow_setup *s, const char *tok, sow_move *mv,
                  sow_error *err);

/* Room for any drawing: rows of up to 32 holes with counts of up to five
 * digits take about 1,300 bytes. */
#define SOW_DRAW_MAX 4096

/* Draw g into buf (several lines, each ending in '\n'). `last` is the hole
 * of the last move to mark, or -1. Returns the length, or -1 if too small. */
int sow_draw_board(char *buf, size_t size, const sow_setup *s,
                   const sow_game *g, int last);

#endif
