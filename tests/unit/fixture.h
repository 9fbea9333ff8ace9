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
