/* sow_sandbox_limits.c - the limits of a script's calls (see
 * sow_sandbox.h; docs/hostile-input.md, The sandbox): the allocator capped
 * at SOW_LUA_MEM_LIMIT, the count hook with its instruction and time
 * budgets, the processor and wall clocks they read, and the wrappers
 * that keep a tripped limit tripped (sow_sandbox.c gives the library). */
#include "sow_sandbox_int.h"
#include "sow_budget.h"

#include <lauxlib.h>
#include <lua.h>
#include <stdlib.h>
#include <time.h>

#define HOOK_STEP 1000 /* instructions between two budget checks */
#define CPU_GATE_NS 2000000LL /* a call's processor clock is read after
                                 2 ms (past_deadline_of) */
#define BIG_ALLOC 65536 /* allocations this large check the clock */

/* ---- limits ----------------------------------------------------------- */

/* The clock is read only by calls that run long: the deadline is set at
 * the first check of a call (0 until then). The run's deadline, when
 * there is one, bounds every call too; *which says which one passed. */
/* The processor time this thread has used, in nanoseconds: the clock of
 * a call's time limit. A script cannot wait for anything (the sandbox has
 * no input or output), so its running time is processor time, and a
 * loaded machine does not make a script trip that runs well within it on
 * an idle one. */
static int64_t cpu_now(void)
{
    struct timespec t;
    /* where there is no thread clock (WebAssembly: emscripten has none),
     * the wall clock: a page's engine runs alone in its Web Worker */
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) != 0)
        return sow_budget_now();
    return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static bool past_deadline_of(sow_lua *x, int *which)
{
    /* the run's deadline is on the wall clock (sow_budget.h); a stop
     * request (a signal, stop.h) ends the run as its deadline would */
    const int64_t wall = sow_budget_now();
    if (sow_budget_stopped(x->budget) ||
        (x->budget && x->budget->deadline_ns &&
         wall > x->budget->deadline_ns)) {
        *which = LIMIT_RUN;
        return true;
    }
    *which = LIMIT_TIME;
    const int64_t limit = SOW_LUA_TIME_LIMIT_MS * 1000000LL;
    if (x->wall_start == 0) {
        x->wall_start = wall;
        /* a bound on the wall clock, three times as long, so that a call
         * still ends soon on a machine too loaded to run it */
        x->wall_deadline = wall + 3 * limit;
        return false;
    }
    if (wall > x->wall_deadline)
        return true;
    /* The processor clock is a system call (the wall clock is not): it
     * is read only by calls that have run CPU_GATE_NS, and then only once
     * until the limit could have passed, since a call's processor time is
     * never more than its wall time. Counting the first CPU_GATE_NS as
     * processor time makes the limit at most that much stricter. */
    const int64_t ran = wall - x->wall_start;
    if (ran < CPU_GATE_NS)
        return false;
    if (x->deadline == 0) {
        x->deadline = cpu_now() + limit - ran;
        return false;
    }
    if (ran < limit)
        return false;
    return cpu_now() > x->deadline;
}

static bool past_deadline(sow_lua *x)
{
    int which;
    bool past = past_deadline_of(x, &which);
    if (past && which == LIMIT_RUN)
        x->run_over = true;
    return past;
}

/* The limit a passed deadline trips. */
static int time_limit(const sow_lua *x)
{
    return x->run_over ? LIMIT_RUN : LIMIT_TIME;
}

static void count_hook(lua_State *L, lua_Debug *ar);

/* Make the count hook fire at every instruction: a tripped limit then
 * fails whatever the script does next, so pcall cannot swallow it. Safe
 * to call from the allocator (as lua.c calls lua_sethook from a signal
 * handler). */
static void arm(sow_lua *x)
{
    lua_sethook(x->L, count_hook, LUA_MASKCOUNT, 1);
}

/* Lua retries a refused allocation once after an emergency collection;
 * only when that retry is refused too is the limit tripped, and from then
 * on every request to grow is refused, so the script cannot go on. */
void *sow_sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    sow_lua *x = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        x->mem_used -= old;
        return NULL;
    }
    if (nsize > old && nsize - old >= BIG_ALLOC && x->tripped == LIMIT_NONE &&
        past_deadline(x)) {
        /* loops of big copies (s .. s, string.rep) run few instructions */
        x->tripped = time_limit(x);
        if (x->L)
            arm(x);
        return NULL;
    }
    if (nsize > old &&
        (x->tripped == LIMIT_MEMORY ||
         x->mem_used + (nsize - old) > SOW_LUA_MEM_LIMIT)) {
        if (++x->mem_refusals >= 2 && x->tripped == LIMIT_NONE)
            x->tripped = LIMIT_MEMORY; /* from here on every instruction
                                          fails */
        /* Lua does not always retry (not while the collector runs): a
         * single refusal may raise the error a pcall swallows. The hook
         * then runs at the next instruction and trips the limit if no
         * allocation has succeeded since (count_hook). */
        if (x->L)
            arm(x);
        return NULL;
    }
    void *p = realloc(ptr, nsize);
    if (!p)
        return NULL;
    if (nsize > old)
        x->mem_refusals = 0;
    x->mem_used = x->mem_used - old + nsize;
    return p;
}

const char *sow_sandbox_limit_text(int which)
{
    switch (which) {
    case LIMIT_MEMORY:
        return "memory limit reached (32 MiB)";
    case LIMIT_TIME:
        return "time limit reached (0.5 s)";
    case LIMIT_RUN:
        return "the run's time limit reached (--time-limit, SOW_TIME_LIMIT)";
    default:
        return "instruction limit reached (20,000,000 instructions)";
    }
}

/* Runs every HOOK_STEP instructions: the instruction budget, the time
 * budget (a single instruction can be slow, such as a long string
 * concatenation), and a memory limit tripped meanwhile. Once tripped it
 * fires at every instruction, so a script's pcall cannot swallow it. */
static void count_hook(lua_State *L, lua_Debug *ar)
{
    sow_lua *x = sow_lua_bridge(L);
    x->insn_used += HOOK_STEP;
    if (x->tripped == LIMIT_NONE) {
        if (x->mem_refusals > 0) /* a refused allocation was not retried,
                                    yet the script runs on: caught */
            x->tripped = LIMIT_MEMORY;
        else if (x->insn_used > SOW_LUA_INSN_LIMIT)
            x->tripped = LIMIT_INSTRUCTIONS;
        else if (past_deadline(x))
            x->tripped = time_limit(x);
        else {
            /* armed by a refusal that a retry then made good */
            lua_sethook(L, count_hook, LUA_MASKCOUNT, HOOK_STEP);
            return;
        }
        /* where it tripped: the error a pcall swallows would say it, the
         * one that reaches the engine may come from a later line */
        lua_getinfo(L, "Sl", ar);
        x->trip_line = ar->currentline;
    }
    arm(x);
    lua_getinfo(L, "Sl", ar);
    int line = x->trip_line > 0 ? x->trip_line : ar->currentline;
    if (line > 0)
        luaL_error(L, SOW_LUA_CHUNK ":%d: %s: the script runs too long or uses too "
                      "much memory",
                   line, sow_sandbox_limit_text(x->tripped));
    luaL_error(L, "%s", sow_sandbox_limit_text(x->tripped));
}

/* table.concat, whose work (the elements it reads) its arguments and
 * results do not show, checks the time budget when it returns (a call
 * reads at most the entries a table has: each must be a string or a
 * number); the original is upvalue 1. */
int sow_sandbox_budgeted(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    sow_lua *x = sow_lua_bridge(L);
    if (x->tripped == LIMIT_NONE && past_deadline(x)) {
        x->tripped = time_limit(x);
        arm(x);
        return luaL_error(L, "%s", sow_sandbox_limit_text(x->tripped));
    }
    return lua_gettop(L);
}

/* xpcall's message handler runs inside the count hook when the hook
 * raises a tripped limit, and Lua runs no hook while one runs: a handler
 * that loops would loop for ever. So a script's handler is called only
 * while no limit has tripped; after that the message goes through as it
 * is. Upvalue 1: the script's handler. */
static int guarded_handler(lua_State *L)
{
    sow_lua *x = sow_lua_bridge(L);
    if (x->tripped != LIMIT_NONE) {
        lua_settop(L, 1);
        return 1;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* xpcall(f, handler, ...) with the handler guarded. Upvalue 1: the
 * original xpcall. */
int sow_sandbox_guarded_xpcall(lua_State *L)
{
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* Raise the tripped limit from inside a library function. The hook is
 * armed first, so a pcall around the call cannot swallow it: the next
 * instruction raises it again (count_hook). */
static int raise_limit(lua_State *L, sow_lua *x)
{
    arm(x);
    return luaL_error(L, "%s", sow_sandbox_limit_text(x->tripped));
}

/* A library function's charged work has reached WORK_STEP units
 * (sow_sandbox.c's charge): read the clock. */
void sow_sandbox_charge_slow(lua_State *L, sow_lua *x)
{
    x->work = 0;
    if (x->tripped == LIMIT_NONE && past_deadline(x))
        x->tripped = time_limit(x);
    if (x->tripped != LIMIT_NONE)
        raise_limit(L, x);
}

/* The message for a failed call: memory errors carry no position and a
 * fixed text, so say plainly which limit was hit. */
const char *sow_sandbox_limit_message(sow_lua *x, int rc, const char *m)
{
    if (x->tripped == LIMIT_MEMORY ||
        (rc == LUA_ERRMEM && x->tripped == LIMIT_NONE))
        return "memory limit reached (32 MiB): the script allocates too "
               "much (a table or string that keeps growing, or recursion "
               "too deep)";
    if (rc == LUA_ERRMEM) /* the message itself could not be made */
        return sow_sandbox_limit_text(x->tripped);
    return m ? m : "error";
}

void sow_sandbox_start(sow_lua *x)
{
    sow_sandbox_fresh(x);
    lua_sethook(x->L, count_hook, LUA_MASKCOUNT, HOOK_STEP);
}
