/* solve_out.h - how exact values are written, the one place for sow solve
 * and sow compare --exact: "South wins by 4", "a draw", and the words of
 * the JSON "result". */
#ifndef SOW_SOLVE_OUT_H
#define SOW_SOLVE_OUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sow_solve.h"

/* "south", "north" or "draw". */
const char *solve_result_word(const sow_solve_value *v);

/* "South wins by 4", "a draw", "North wins" (a game without scores). */
void solve_value_text(const sow_setup *s, const sow_solve_value *v,
                      char *buf, size_t size);

/* Moves mv[0..n), a line played from g, as JSON record tokens (a
 * number, or a string), comma separated. A turn of several decisions is
 * written whole (C2.3), which needs the position it is played from: the
 * line is replayed on a copy of g with e. */
void solve_put_tokens(FILE *f, sow_engine *e, const sow_setup *s,
                      const sow_game *g, const uint16_t *mv, int n);

/* The same, as text for people, each token after a space. */
void solve_put_line(FILE *f, sow_engine *e, const sow_setup *s,
                    const sow_game *g, const uint16_t *mv, int n);

/* r's moves, each played from g, as a JSON array: [{"move": TOKEN,
 * "value": V, "result": R}] in the order of the legal moves. */
void solve_put_move_values(FILE *f, const sow_setup *s, const sow_game *g,
                           const sow_solve_result *r);

#endif
