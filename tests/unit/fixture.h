/* fixture.h - a shipped variant opened for rule tests: the variant file,
 * its options, setup, script and engine, and a game (not a test itself).
 * Include after unit.h. */
#ifndef SOW_UNIT_FIXTURE_H
#define SOW_UNIT_FIXTURE_H

#include "sow_game.h"
#include "sow_lua.h"
#include "sow_variant.h"

typedef struct unit_game {
    sow_variant *v;
    sow_optset o;
    sow_setup s;
    sow_lua *lua;
    sow_rules rules;
    sow_engine e;
    sow_match m;
    sow_game g;
} unit_game;

/* Load `yaml` with the options (NULL-terminated "NAME=VALUE"), check that
 * they fit together, open the script and the engine. The caller checks
 * the hooks it needs and starts the game; unit_game_close frees. */
static inline void unit_game_open(unit_game *a, const char *yaml,
                                  const char *const *opts)
{
    sow_error err;
    sow_error_clear(&err);
    memset(a, 0, sizeof *a);
    if (sow_variant_load(yaml, &a->v, &err))
        fail_msg("%s:%d:%d: %s", err.path, err.line, err.col, err.msg);
    sow_optset_defaults(a->v, &a->o);
    for (int i = 0; opts && opts[i]; i++)
        if (sow_optset_apply(a->v, &a->o, opts[i], &err))
            fail_msg("%s", err.msg);
    if (sow_optset_check(a->v, &a->o, &err))
        fail_msg("%s", err.msg);
    if (sow_setup_init(&a->s, a->v, &a->o, &err))
        fail_msg("%s", err.msg);
    if (sow_lua_open(&a->lua, a->v, &a->o, &err))
        fail_msg("%s:%d: %s", err.path, err.line, err.msg);
    a->rules = sow_lua_rules(a->lua);
    if (sow_engine_init(&a->e, &a->s, &a->rules, &err))
        fail_msg("%s", err.msg);
}

static inline void unit_game_close(unit_game *a)
{
    sow_engine_free(&a->e);
    sow_lua_close(a->lua);
    sow_variant_free(a->v);
}

#endif
