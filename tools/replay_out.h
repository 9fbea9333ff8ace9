/* replay_out.h - a move list played from the start and written as sow
 * replay writes it: the game record (JSON Lines, one line per ply, a
 * result line per game, the game and match lines of a match) or the
 * boards drawn ply by ply. Shared by sow replay and sow play --record,
 * so a saved game is the record sow replay --json gives for its moves. */
#ifndef SOW_REPLAY_OUT_H
#define SOW_REPLAY_OUT_H

#include <stdbool.h>
#include <stdio.h>

#include "cli.h"

typedef struct replay_out {
    cli_game *cg; /* borrowed */
    FILE *f;      /* where the lines go */
    bool json;
    sow_buf line; /* a record line: it grows to any length (issue 13 #7) */
    sow_match m;
    sow_game g;   /* the game being played */
    bool named;   /* the first line, which names the game, is written */
} replay_out;

/* Start the first game and write its beginning. */
int replay_out_start(replay_out *o, cli_game *cg, FILE *f, bool json,
                     sow_error *err);

/* Play a move (legal in o->g: check it first, cli_token_move) and write
 * it, with the game's end and the next game of a match. */
int replay_out_move(replay_out *o, sow_move mv, sow_error *err);

void replay_out_free(replay_out *o);

#endif
