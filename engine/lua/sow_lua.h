/* sow_lua.h - the Lua bridge: a variant's script, run in a sandbox, as an
 * implementation of the rule interface (sow_rules in sow_game.h).
 *
 * This is the one module that includes lua.h. The sandbox
 * (docs/hostile-input.md):
 * only the globals listed in sow_lua_allowed_globals; source text only;
 * an allocator capped at SOW_LUA_MEM_LIMIT bytes; an instruction budget of
 * SOW_LUA_INSN_LIMIT and a time budget of SOW_LUA_TIME_LIMIT_MS per call
 * (checked every 1000 instructions); once a limit trips it keeps tripping, so a
 * script's pcall cannot swallow it, and the Lua state is rebuilt before the
 * next call. Every call is protected and every error names the script file
 * and line, the variant and the hook. */
#ifndef SOW_LUA_H
#define SOW_LUA_H

#include "sow_game.h"

/* The memory, instruction and time budgets may be lowered at build time
 * (the fuzz harnesses do, so that a looping input or a memory bomb costs
 * milliseconds); the messages name the default values. */
#ifndef SOW_LUA_MEM_LIMIT
#define SOW_LUA_MEM_LIMIT (32u * 1024u * 1024u)
#endif
#ifndef SOW_LUA_INSN_LIMIT
#define SOW_LUA_INSN_LIMIT 20000000L
#endif
#ifndef SOW_LUA_TIME_LIMIT_MS
#define SOW_LUA_TIME_LIMIT_MS 500
#endif
#define SOW_LUA_SCRIPT_MAX (256 * 1024)

typedef struct sow_lua sow_lua;

/* The globals a script sees (NULL-terminated), besides its own. */
extern const char *const sow_lua_allowed_globals[];

/* Read the variant's script, run it, and check that every hook the variant
 * names is a function of the script. `opts` become the global table
 * `options`. The variant must outlive the bridge. */
int sow_lua_open(sow_lua **out, const sow_variant *v, const sow_optset *opts,
                 sow_error *err);

/* The same with the script's text given (for tests and fuzzing); `path`
 * names it in errors. */
int sow_lua_open_text(sow_lua **out, const sow_variant *v,
                      const sow_optset *opts, const char *path,
                      const char *text, size_t len, sow_error *err);

void sow_lua_close(sow_lua *x);

/* Cache the lap_end hook's decisions (on by default): a decision is a
 * function of the values the hook read, so the same values give it again
 * without running the hook (sow_memo.h). A hook found to decide otherwise
 * (math.random, state of its own) turns the cache off by itself. */
void sow_lua_set_memo(sow_lua *x, bool on);

/* Make the bridge as it was just after opening, without running the
 * script's top level again (sow test runs the cases of a file that share
 * options on one bridge): the global names back to what the top level
 * left (a name a hook set, defined or removed), the caches empty, the
 * view made anew, the limits cleared; a state a limit left unusable (its
 * rebuild failed) is built again. Only the names are put back: what a
 * hook wrote into a table, or into a local of the top level, stays, and
 * hooks must keep nothing of their own between calls anyway
 * (docs/writing-variants.md). SOW_ERR when the script fails to run again
 * (err says why, as sow_lua_open would) or out of memory: then only
 * sow_lua_close may follow. */
int sow_lua_reset(sow_lua *x, sow_error *err);

/* Bound every call by a run's deadline too (sow_budget.h; b borrowed, NULL
 * for none): once it has passed, each call fails with "the run's time
 * limit reached". */
struct sow_budget;
void sow_lua_set_budget(sow_lua *x, const struct sow_budget *b);

/* Run the script's garbage collector to the end: what the hooks left
 * behind is freed now (a long-lived state, e.g. a fuzz harness's, then
 * frees what each run allocated before the next). */
void sow_lua_collect(sow_lua *x);

/* The rule interface backed by this script (ctx is x). */
sow_rules sow_lua_rules(sow_lua *x);

/* Names of the globals the script can see right now, sorted, separated by
 * spaces, into buf (for the sandbox test). */
int sow_lua_globals(sow_lua *x, char *buf, size_t size);

/* Run a chunk of source in the sandbox, as a hook would be run (for tests of
 * the sandbox). The chunk's return value, if a string, is copied to out. */
int sow_lua_eval(sow_lua *x, const char *code, char *out, size_t size,
                 sow_error *err);

#endif
