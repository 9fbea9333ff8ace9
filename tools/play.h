/* play.h - `sow play` in parts: the game being played (cmd_play.c drives
 * it), a person's turn at the prompt (play_ask.c) and what is shown of
 * the game (play_show.c). */
#ifndef SOW_PLAY_H
#define SOW_PLAY_H

#include <stdbool.h>

#include "cli.h"
#include "sow_player.h"
#include "teach.h"

/* Who plays a side: a person, the greedy computer, uniformly at random,
 * or a searching player (alphabeta, mcts) with a player object of its
 * own. */
typedef enum { P_HUMAN, P_COMPUTER, P_RANDOM, P_SEARCH } play_who;

/* The moves played so far, and whether a person played each (undo takes
 * back to before a person's last move). */
typedef struct play_hist {
    int n, cap;
    sow_move *mv; /* the moves played (a layout with its counts, MW.2) */
    bool *human;
} play_hist;

/* A game (or match) being played in the terminal. */
typedef struct play_game {
    cli_game cg;
    play_who who[2];
    sow_player_spec spec[2];
    sow_player *searcher[2];
    sow_rng rng;          /* greedy and random players, from --seed */
    sow_match m;
    sow_game g;
    play_hist hist;
    teach_events te;      /* watch mode: the events of a move */
    bool watch, tty;
    long delay, watch_delay;
} play_game;

enum { ASK_QUIT = 0, ASK_MOVE = 1, ASK_UNDO = 2 };

/* A person's turn: read lines until a legal move (ASK_MOVE, *out), 'undo'
 * (ASK_UNDO) or 'quit' or the end of input (ASK_QUIT); 'help', 'hint' and
 * 'watch' are answered here. */
int play_ask(play_game *pg, sow_move *out);

/* A turn of several decisions (C2.3, BK): w its first decision (or the
 * whole token); each choice the turn then comes to is asked in words.
 * 0 with the turn in *out, 1 when no legal turn starts with w, -1 at the
 * end of input (play_turns.c). */
int play_ask_turn(const sow_setup *s, const sow_game *g, const char *w,
                  sow_move *out);

/* "legal moves: a b c", all of them however many. */
void play_print_legal(const sow_setup *s, const sow_game *g);

/* A.3, K2.9: the question of a phase of decisions; OL.2, C1.12: the
 * round's direction. In words, with the rule it applies, then each choice
 * in words with the token a person types for it ("type first:0 for
 * South, or first:1 for North"); nothing when no question is asked. */
void play_print_question(const sow_setup *s, const sow_game *g);

/* The board at the start of a game (with a match's header line). */
void play_show_start(const sow_setup *s, const sow_match *m,
                     const sow_game *g);

/* "game over after N plies: why. score. who wins." */
void play_show_result(const sow_setup *s, const sow_game *g);

/* A move just played (`before` the game before it, g after it): the
 * header line (sow_ply_head), the board, a pass, the holes an opening still owes, the holes
 * left out as endless. */
void play_show_ply(const sow_setup *s, const sow_game *before,
                   const sow_game *g, sow_move mv);

#endif
