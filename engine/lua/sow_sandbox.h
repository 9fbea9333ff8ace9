/* sow_sandbox.h - the sandbox a variant's script runs in, and its limits
 * (docs/hostile-input.md, The sandbox): the globals and libraries a script
 * is given, library functions that stay within the limits, the allocator
 * capped at SOW_LUA_MEM_LIMIT, and the instruction and time budgets of a
 * call (the count hook) and of the run (sow_budget.h). Internal to
 * engine/lua/: sow_lua.c calls these. */
#ifndef SOW_SANDBOX_H
#define SOW_SANDBOX_H
#include "sow_lua_int.h"

/* The allocator of a script's Lua state (ud: its sow_lua): refuses to
 * grow past SOW_LUA_MEM_LIMIT, and trips the time limit on large
 * allocations past the deadline. */
void *sow_sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

/* Open the libraries a script is given, with what it must not see
 * removed and the functions that work in C wrapped to stay within the
 * limits. Allocates: run it inside a protected call. Leaves the stack as
 * it found it. */
void sow_sandbox_open(lua_State *L);

/* A call starts with its whole budget; its clocks are read by its first
 * budget checks. (Inline: every hook call runs it.) */
static inline void sow_sandbox_fresh(sow_lua *x)
{
    x->insn_used = 0;
    x->mem_refusals = 0;
    x->wall_start = 0;
    x->deadline = 0;
}

/* The same, and the count hook (re)set, as when a state is built. */
void sow_sandbox_start(sow_lua *x);

/* The text of a tripped limit (LIMIT_*), e.g. "time limit reached
 * (0.5 s)". */
const char *sow_sandbox_limit_text(int which);

/* The message for a failed call (rc from lua_pcall, m its message or
 * NULL): memory errors carry no position and a fixed text, so it says
 * plainly which limit was hit. */
const char *sow_sandbox_limit_message(sow_lua *x, int rc, const char *m);

/* For "attempt to call a nil value (global 'io')" and the like: the name
 * the sandbox leaves out, written into buf as a hint (or ""). */
void sow_sandbox_hint(const char *msg, char *buf, size_t size);

#endif
