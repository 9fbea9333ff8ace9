/* sow_record.h - the JSON Lines game record of docs/record.md.
 *
 * Each function appends one line (with its newline) to a sow_buf and
 * returns SOW_OK, or SOW_ERR when memory ran out (b->oom: the line is
 * incomplete and must not be written). A line has no length limit: a ply
 * offering 128 decision moves with long names is over 4 KB, and was lost
 * in a fixed buffer before (issue 13 #7). Boards are in canonical order
 * (docs/rules.md C0.2). */
#ifndef SOW_RECORD_H
#define SOW_RECORD_H

#include <stddef.h>

#include "sow_buf.h"
#include "sow_game.h"
#include "sow_move.h"

/* A move token as the record writes it (docs/record.md): a sowing move as the
 * number of its hole (2), a decision as a string ("first:1"). Every JSON
 * output that names a move uses this (sow selfplay --jsonl, trace,
 * search), so that a move is written one way everywhere. */
void sow_record_token(sow_buf *b, const sow_setup *s, sow_move m);
/* The same for a move of g `before` it is played: a turn of several
 * decisions is written whole, its choices and forced parts named (C2.3). */
void sow_record_turn(sow_buf *b, const sow_setup *s, const sow_game *before,
                     sow_move m);

/* A player as the record writes one: 0 (South), 1 (North), or null for
 * none (p < 0: a draw, no winner, no first mover). */
void sow_record_player(sow_buf *b, int p);

/* A ply line: `before` is the state the move was chosen in (ply, to_move,
 * legal), `after` the state after it (board, captured). */
int sow_record_ply(sow_buf *b, const sow_setup *s, const sow_game *before,
                   sow_move move, const sow_game *after);

/* The line before each game of a match: its number, starter, the owners
 * before any decision move, and the board (docs/record.md, Matches). */
int sow_record_game(sow_buf *b, const sow_setup *s, const sow_match *m,
                    const sow_game *g);

/* The line after the last game of a match. */
int sow_record_match(sow_buf *b, const sow_match *m);

/* The result line of a finished game. */
int sow_record_result(sow_buf *b, const sow_setup *s, const sow_game *g);

/* The digest of a variant's files: FNV-1a (64 bits) over the YAML's bytes
 * and, when it has one, its script's, written "fnv1a64:" and 16 hex
 * digits (SOW_RECORD_DIGEST_MAX with the NUL). It tells two variants with
 * the same id apart (an edited copy); it is no protection against a
 * forger. */
#define SOW_RECORD_DIGEST_MAX 32
int sow_record_digest(const sow_variant *v, char *out, sow_error *err);

/* Name the game of a record in its first line, the complete line in b
 * (ending "}\n"): the variant's id, the options that differ from their
 * defaults (as text: {"seeds":"3"}), its files' digest and sow's version
 * are added as the line's last fields (docs/record.md, "Which game"). */
int sow_record_identify(sow_buf *b, const sow_setup *s, sow_error *err);

/* The same fields, each after a comma, appended to b (a line being
 * written), with the digest given (sow selfplay --jsonl: each game's line
 * names its game, the digest read once). */
void sow_record_names(sow_buf *b, const sow_setup *s, const char *digest);

#endif
