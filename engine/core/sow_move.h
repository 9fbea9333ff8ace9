/* sow_move.h - move tokens (docs/record.md): a hole index in decimal, a
 * hole and its direction "3/cw" (direction: each_move), a hole and a
 * choice made during the turn "6,x32" (C2.3), or a decision "name:value"
 * of the variant. */
#ifndef SOW_MOVE_H
#define SOW_MOVE_H

#include <stddef.h>

#include "sow_error.h"
#include "sow_game.h"

/* Write a move token ("3", or a decision "first:1") into buf. */
int sow_move_format(char *buf, size_t size, const sow_setup *s, sow_move m);

/* Parse a move token: a canonical hole index in decimal, "h/ccw" or
 * "h/cw" where every move names its direction (and only there), or a
 * decision "name:value" of the variant. Errors say why. */
int sow_move_parse(const sow_setup *s, const char *token, sow_move *out,
                   sow_error *err);

/* The next token of a move list, as strtok_r(s, " \t\r\n,", save):
 * tokens are separated by blanks or commas, except that a comma followed
 * by a turn's part (",x12": C2.3) stays in its token. */
char *sow_move_tokens(char *s, char **save);

#endif
