/* learn.h - what `sow draw` and `sow animate` share: playing a --moves
 * list as `sow replay` does (the same errors), the sentences under a board
 * ("North to move", "game over: ..."), the options that differ from the
 * defaults, and JSON strings for a page (the output file: outfile.h). */
#ifndef SOW_LEARN_H
#define SOW_LEARN_H

#include <stdbool.h>
#include <stdio.h>

#include "cli.h"

/* A move list split into tokens. */
typedef struct learn_moves {
    char *buf;  /* owned: the tokens point into it */
    char **tok; /* owned */
    int n;
} learn_moves;

/* Split `moves` (spaces or commas). Returns 0, or 1 when out of memory
 * (printed as an error of `cmd`). */
int learn_split(const char *cmd, const char *moves, learn_moves *lm);
void learn_moves_free(learn_moves *lm);

/* A game (or match) being played from a move list. */
typedef struct learn_play {
    cli_game *cg;  /* borrowed */
    sow_match m;
    sow_game g;    /* the current game */
} learn_play;

/* Start the first game. */
int learn_start(learn_play *p, cli_game *cg, sow_error *err);

/* Play token number i (from 0): *before is the state it was chosen in, *mv
 * the move. Errors are those of sow replay (a token that is not a move
 * lists the legal ones; a token after the end says so; in a match the
 * game is named). On an error the game is unchanged. */
int learn_step(learn_play *p, int i, const char *tok, sow_game *before,
               sow_move *mv, sow_error *err);

/* After a ply: when the game is over and a match goes on, start the next
 * game (returns 1: call again, a game may end before its first move);
 * else 0, or -1 on an error. */
int learn_next_game(learn_play *p, sow_error *err);

/* Start the game and play the --moves list (with the errors of sow
 * replay, after "--moves: "; a match goes on to its next game): the
 * position for `cmd` ("search", "solve") to work on is lp->g, which must
 * not be over (an error says so). */
int learn_play_list(cli_game *cg, const char *cmd, const char *moves,
                    learn_play *lp, sow_error *err);

/* The line under a board: "South to move" (with an opening's holes still
 * due, or the moves left out as endless), or "game over: <why>; 24-24, a
 * draw". */
void learn_status(const sow_setup *s, const sow_game *g, char *buf,
                  size_t size);

/* "Andada (holes=24)": the variant's name and the options that differ from
 * their defaults. */
void learn_name(const cli_game *cg, char *buf, size_t size);

/* Write s as a JSON string, safe inside an HTML <script> element ('<',
 * '>' and '&' escaped too). */
void learn_json_str(FILE *f, const char *s);

#endif
