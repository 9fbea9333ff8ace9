/* fixture.h - a shipped variant opened for rule tests (a sow_kit: the
 * variant file, its options, setup, script and engine) and a game (not a
 * test itself).
 * Include after unit.h. */
#ifndef SOW_UNIT_FIXTURE_H
#define SOW_UNIT_FIXTURE_H

#include "sow_kit.h"

typedef struct unit_game {
    sow_kit k;      /* variant, options, setup, script, engine */
    sow_match m;
    sow_game g;
} unit_game;

/* Two games are the same state: every field, the legal list up to its
 * nlegal moves (the rest of it is not state: sow_game_branch; a game
 * starts with it unset). */
static inline void assert_same_game(const sow_game *a, const sow_game *b)
{
    assert_memory_equal(a, b, offsetof(sow_game, legal)); /* (shows where) */
    assert_true(sow_game_same(a, b));
}

/* The first `holes` holes of g hold the counts b (the message shows the
 * board). */
static inline void assert_board_is(const sow_game *g, const int *b,
                                   int holes)
{
    for (int h = 0; h < holes; h++)
        if (g->board[h] != b[h]) {
            char got[512] = "";
            for (int k = 0; k < holes; k++)
                snprintf(got + strlen(got), sizeof got - strlen(got), " %d",
                         g->board[k]);
            fail_msg("hole %d holds %d, expected %d; board [%s ]", h,
                     g->board[h], b[h], got);
        }
}

/* g's legal moves are moves[0..n), in that order. */
static inline void assert_legal(const sow_game *g, const int *moves, int n)
{
    char got[512] = "";
    for (int i = 0; i < g->nlegal; i++)
        snprintf(got + strlen(got), sizeof got - strlen(got), " %d",
                 g->legal[i]);
    if (g->nlegal != n)
        fail_msg("%d legal moves [%s ], expected %d", g->nlegal, got, n);
    for (int i = 0; i < n; i++)
        if (g->legal[i] != moves[i])
            fail_msg("legal move %d is %d, expected %d; legal [%s ]", i,
                     g->legal[i], moves[i], got);
}

/* g's legal list made again for `to_move` after a test wrote its
 * position: the moves, their count and the endless ones (P2), as the
 * engine keeps them. */
static inline void unit_relegal(const sow_setup *s, const sow_rules *r,
                                sow_game *g, int to_move)
{
    sow_error err;
    sow_error_clear(&err);
    uint64_t endless = 0;
    int n = sow_legal_moves(s, r, g, to_move, g->legal, &endless, &err);
    if (n < 0)
        fail_msg("%s:%d:%d: %s", err.path, err.line, err.col, err.msg);
    g->nlegal = n;
    g->endless_mask = endless;
}

/* Open `yaml` with the options (NULL-terminated "NAME=VALUE") through the
 * one opening sequence (sow_kit.h), without a time limit. The caller
 * checks the hooks it needs and starts the game; unit_game_close frees. */
static inline void unit_game_open(unit_game *a, const char *yaml,
                                  const char *const *opts)
{
    sow_error err;
    sow_error_clear(&err);
    memset(a, 0, sizeof *a);
    int n = 0;
    while (opts && opts[n])
        n++;
    if (sow_kit_open(&a->k, yaml, opts, n, 0, &err))
        fail_msg("%s:%d:%d: %s", err.path, err.line, err.col, err.msg);
}

static inline void unit_game_close(unit_game *a)
{
    sow_kit_close(&a->k);
}

#endif
