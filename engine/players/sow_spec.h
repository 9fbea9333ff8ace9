/* sow_spec.h - what names a computer player and what a search reports:
 * the spec string NAME[:KEY=VALUE]... parsed into a sow_player_spec
 * (grammar and defaults in sow_player.h), and sow_search_info. Shared by
 * the player factory (sow_player.c) and the searches (sow_search.h), so
 * that neither includes the other's header both ways. */
#ifndef SOW_SPEC_H
#define SOW_SPEC_H

#include <stdbool.h>
#include <stddef.h>

#include "sow_game.h"

typedef enum {
    SOW_PLAYER_RANDOM,
    SOW_PLAYER_GREEDY,
    SOW_PLAYER_ALPHABETA,
    SOW_PLAYER_MCTS,
    SOW_PLAYER_PERFECT
} sow_player_kind;

#define SOW_SEARCH_MAX_DEPTH 64

/* A player and its parameters, as parsed from a spec string. */
typedef struct sow_player_spec {
    sow_player_kind kind;
    int depth;     /* alphabeta: deepest iteration; 0: only the time */
    long ms;       /* alphabeta, mcts: milliseconds per move; 0: none */
    long iter;     /* mcts: iterations per move; 0: only the time */
    double c;      /* mcts: exploration constant */
    int playout;   /* mcts: plies per playout at most */
    int tt;        /* alphabeta: log2 of the transposition table entries */
    long mib;      /* perfect: MiB of the solver's table */
    bool trust;    /* perfect: solve a scripted variant (sow_solve.h) */
    char db[200];  /* perfect: a folder of endgame databases (sow_egdb.h),
                      "" for none */
    bool by_decision; /* random: a turn of several decisions drawn one
                         decision at a time (by=decision, C2.3;
                         sow_turn_random), else each legal turn alike */
} sow_player_spec;

/* Parse a spec string. Errors name the spec and list what is allowed. */
int sow_player_spec_parse(const char *text, sow_player_spec *out,
                          sow_error *err);

/* Fill what a spec made by hand leaves out (zero depth and ms, a table
 * size out of range...) with the defaults of an empty spec string. */
void sow_player_spec_complete(sow_player_spec *sp);

/* The canonical spec string (defaults left out): "alphabeta:depth=7". */
void sow_player_spec_format(const sow_player_spec *sp, char *buf,
                            size_t size);

/* What a search found (for sow search and tests). */
typedef struct sow_search_info {
    sow_move move;      /* the move chosen */
    int score;          /* alphabeta: its value for the mover */
    double win_rate;    /* mcts: the mean playout result of the move */
    int depth;          /* alphabeta: deepest iteration completed */
    long iterations;    /* mcts: iterations run */
    long long nodes;    /* moves played (positions made) by the search */
    double seconds;     /* time taken */
} sow_search_info;

#define SOW_SCORE_WIN 1000000 /* alphabeta: a won game (less its plies) */

#endif
