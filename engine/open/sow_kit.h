/* sow_kit.h - a variant opened for play: the variant file loaded, its
 * options chosen and checked, the setup resolved, the script opened and
 * the engine made, bounded by one run's time budget. The one place these
 * seven steps are written; the command (tools/cli.c), the scenario
 * runner, the public session (sow/sow.h), the unit tests and the fuzz
 * harnesses all open variants through it.
 *
 * The engine and the script point at the kit's setup and budget: a kit
 * must not be copied or moved once open. */
#ifndef SOW_KIT_H
#define SOW_KIT_H

#include <stdbool.h>

#include "sow_budget.h"
#include "sow_game.h"
#include "sow_lua.h"
#include "sow_variant.h"

/* The step an open failed at (sow_kit.failed_at), for callers that place
 * errors themselves (a scenario file points at its own options). */
typedef enum {
    SOW_KIT_OK = 0,
    SOW_KIT_LOAD,    /* the variant file */
    SOW_KIT_OPTIONS, /* an option value, or options that do not fit */
    SOW_KIT_SETUP,   /* the board the options give (sow_setup_init) */
    SOW_KIT_TIME,    /* the run's deadline passed before the script */
    SOW_KIT_SCRIPT,  /* the Lua script */
    SOW_KIT_ENGINE   /* the engine (out of memory) */
} sow_kit_step;

struct sow_kit_script;

typedef struct sow_kit {
    sow_variant *v;      /* owned unless opened with sow_kit_start */
    bool owns_variant;
    sow_optset opts;
    sow_setup setup;
    sow_lua *lua;        /* owned unless lent by a sow_kit_scripts */
    struct sow_kit_script *lent; /* the cache entry lua is lent from */
    sow_engine eng;
    bool eng_ready;
    sow_budget budget;   /* the run's deadline; engine and script see it */
    sow_kit_step failed_at;
} sow_kit;

/* Open the variant file at `path` with options ("NAME=VALUE", n of them,
 * applied in order) under a time limit of `seconds` from now (0: none;
 * loading and the script count too). On error everything is freed and
 * k->failed_at says where. */
int sow_kit_open(sow_kit *k, const char *path, const char *const *options,
                 int noptions, double seconds, sow_error *err);

/* The second half, for a variant already loaded (borrowed: it must
 * outlive the kit) with option values already applied: check the
 * options, resolve the setup, open the script, make the engine, all
 * under budget b (copied; NULL: no limit). */
int sow_kit_start(sow_kit *k, const sow_variant *v, const sow_optset *o,
                  const sow_budget *b, sow_error *err);

/* Scripts kept open from one kit to the next, for a caller that opens
 * many kits of the same variant (sow test: one per case of a scenario
 * file), so that the script's top level, which may be slow, runs once per
 * option set rather than once per kit. A kit started with the cache
 * borrows the script opened for its variant and option values: opened
 * the first time, and reset to how it was just after opening
 * (sow_lua_reset: global names, caches, view, limits) each time after.
 * At most SOW_KIT_SCRIPTS_MAX are kept; beyond, the least recently used
 * is closed. The cache must outlive the kits started with it, and their
 * variants the cache (it knows a variant by its address); a script lent
 * to a kit still open is not lent twice (the second kit opens its own). */
#define SOW_KIT_SCRIPTS_MAX 8

typedef struct sow_kit_scripts sow_kit_scripts;

/* NULL when out of memory. */
sow_kit_scripts *sow_kit_scripts_new(void);
void sow_kit_scripts_free(sow_kit_scripts *c);

/* How many times a script was opened for the cache: how often a
 * script's top level ran, the rebuilds after a tripped limit aside. */
int sow_kit_scripts_opened(const sow_kit_scripts *c);

/* sow_kit_start with the script taken from c (NULL: opened for this kit
 * alone, as sow_kit_start does). */
int sow_kit_start_cached(sow_kit *k, const sow_variant *v,
                         const sow_optset *o, const sow_budget *b,
                         sow_kit_scripts *c, sow_error *err);

/* Free what the kit holds (a closed or zeroed kit is fine); a lent script
 * goes back to its cache. */
void sow_kit_close(sow_kit *k);

#endif
