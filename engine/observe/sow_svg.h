/* sow_svg.h - a board as an SVG picture: two rows of holes with their
 * labels (as sow_draw: a..f / A..F, or numbers past 26 holes a row), the
 * seeds of each hole as dots when few and as a number always, the stores
 * (or the seeds each player has taken), holes owned by the player of the
 * other row tinted in their owner's colour and marked '*' (C0.6), the hole
 * of the last move ringed, and a title and a status line.
 *
 * The picture is sized for reading at its natural size (56 units a hole,
 * so a row of 32 holes is about 2,000 units wide) and scales freely (it has
 * a viewBox). It uses presentation attributes only (no CSS, no script, no
 * external references), so any SVG viewer shows it the same way.
 *
 * With `ids` set, the elements a script updates carry ids (used by `sow
 * animate`, whose page redraws holes with the same dot layout):
 *   pN  the circle of hole N (its cx, cy, r give the geometry)
 *   dN  the group of hole N's dots      cN  hole N's count
 *   lN  hole N's label
 *   cap0, cap1  the store or taken count of South, North
 *   box0, box1  the store or taken box of South, North (outlined when to
 *               move)
 *   head, turn  the title and the status line
 *   last  the last move's ring        cur  a ring for the hole being sown */
#ifndef SOW_SVG_H
#define SOW_SVG_H

#include <stdbool.h>
#include <stddef.h>

#include "sow_game.h"

/* A hole shows its seeds as dots up to this many. */
#define SOW_SVG_DOTS_MAX 20

/* Colours of the players (South, North): strong and pale. */
#define SOW_SVG_SOUTH "#b35900"
#define SOW_SVG_SOUTH_PALE "#f7dcbd"
#define SOW_SVG_NORTH "#1f5fa8"
#define SOW_SVG_NORTH_PALE "#d2e1f4"

typedef struct sow_svg_opts {
    int last;           /* hole of the last move to ring, or -1 */
    const char *title;  /* UTF-8 line above the board, or NULL */
    const char *status; /* UTF-8 line under the board, or NULL */
    int to_move;        /* 0 or 1: outline that player's box; -1: none */
    bool ids;           /* give elements ids (see above) */
} sow_svg_opts;

/* The picture of g as a complete SVG document (UTF-8, ending in a
 * newline). Returns a new NUL-terminated string that the caller frees with
 * free(), its length in *len if len is not NULL; NULL when out of memory.
 * Text is escaped for XML. */
char *sow_svg_board(const sow_setup *s, const sow_game *g,
                    const sow_svg_opts *o, size_t *len);

/* Where dot i of k (0 <= i < k) goes in a hole of radius r centred on
 * (0, 0): a sunflower spiral (the page of sow animate computes the same). */
void sow_svg_dot(int i, int k, double r, double *x, double *y);

#endif
