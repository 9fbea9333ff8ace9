/* sow_record.h - the JSON Lines game record of RECORD.md.
 *
 * Each function writes one line (with its newline) into buf, NUL-terminated,
 * and returns its length, or -1 if buf is too small. Boards are in canonical
 * order (RULES C0.2). */
#ifndef SOW_RECORD_H
#define SOW_RECORD_H

#include <stddef.h>

#include "sow_game.h"

#define SOW_RECORD_LINE_MAX 4096

/* A ply line: `before` is the state the move was chosen in (ply, to_move,
 * legal), `after` the state after it (board, captured). */
int sow_record_ply(char *buf, size_t size, const sow_setup *s,
                   const sow_game *before, sow_move move,
                   const sow_game *after);

/* The line before each game of a match: its number, starter, the owners
 * before any decision move, and the board (RECORD.md, Matches). */
int sow_record_game(char *buf, size_t size, const sow_setup *s,
                    const sow_match *m, const sow_game *g);

/* The line after the last game of a match. */
int sow_record_match(char *buf, size_t size, const sow_match *m);

/* The result line of a finished game. */
int sow_record_result(char *buf, size_t size, const sow_setup *s,
                      const sow_game *g);

/* Write a move token ("3", or a decision "first:1") into buf. */
int sow_move_format(char *buf, size_t size, const sow_setup *s, sow_move m);

/* Parse a move token: a canonical hole index in decimal, or a decision
 * "name:value" of the variant. Errors say why. */
int sow_move_parse(const sow_setup *s, const char *token, sow_move *out,
                   sow_error *err);

#endif
