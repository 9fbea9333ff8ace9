/* sow_lua_int.h - the state of a script's bridge, shared by the two
 * files of engine/lua/ that use it: sow_lua.c (the board view, hook calls)
 * and sow_sandbox.c (the sandbox and its limits). Internal: not part of
 * libsow's API, and included by no other room. */
#ifndef SOW_LUA_INT_H
#define SOW_LUA_INT_H
#include "sow_budget.h"
#include "sow_lua.h"
#include "sow_memo.h"

#include <lua.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The chunk name Lua puts in front of script errors ("script:12: ..."); it
 * is replaced by the script's real path when an error is reported, so long
 * paths are never shortened by Lua's LUA_IDSIZE. */
#define SOW_LUA_CHUNK "script"
#define SOW_LUA_NKEYS 4        /* numbers of the view set at every change */

/* Which limit a call hit (sow_lua.tripped). */
enum { LIMIT_NONE, LIMIT_INSTRUCTIONS, LIMIT_TIME, LIMIT_MEMORY, LIMIT_RUN };

struct sow_lua {
    lua_State *L;
    const sow_variant *v;
    sow_optset opts;
    char *path;         /* script path, for errors */
    char *text;         /* script source, kept to rebuild the state */
    size_t len;
    size_t mem_used;
    int mem_refusals;   /* growth requests refused in a row */
    long insn_used;     /* instructions run by the current call */
    const sow_budget *budget; /* the whole run's deadline (borrowed), or
                               * NULL (sow_budget.h) */
    int64_t wall_start;  /* monotonic ns of the call's first budget check;
                            0 until the call has run HOOK_STEP instructions
                            or a slow library function, so short calls
                            never read the clock */
    int64_t wall_deadline; /* monotonic ns: the same call's outer bound */
    size_t work;        /* units of library work since charge() last
                           read the clock; carried from call to call, as
                           it only says when to read the clock */
    int64_t deadline;   /* processor ns (cpu_now) by which this call must end;
                           0 until the call has run CPU_GATE_NS (see
                           past_deadline_of) */
    int tripped;        /* LIMIT_*: a limit hit; the state must be rebuilt */
    bool run_over;      /* the run's deadline passed: every call fails */
    unsigned calls;     /* hook calls, to read the deadline now and then */
    int trip_line;      /* the script line the count hook tripped at, or 0 */
    int hook_ref[SOW_HOOK_COUNT]; /* registry refs of the hook functions */
    /* the board view (see push_view): refs of the table g and of its
     * board, owner and captured tables; the values last written into them,
     * so that only changes are written */
    int view_ref, board_ref, owner_ref, captured_ref; /* backing tables */
    int proxy_ref;  /* the read-only proxy g handed to hooks */
    int key_ref[SOW_LUA_NKEYS]; /* the strings "mover", "ply", "total", "phase" */
    int state_ref;      /* backing table of g.state */
    int32_t last_state[SOW_MAX_STATE];
    bool view_fresh; /* the backing tables hold the last_* values */
    uint16_t last_board[SOW_MAX_HOLES], last_owner[SOW_MAX_HOLES];
    int32_t last_captured[2], last_mover, last_ply, last_total, last_phase;
    int32_t last_dir;       /* g.direction as last set (MB.2) */
    /* g.lap, g.hand and g.choice as last set (-1: nil; -2: never) */
    int32_t last_lap, last_hand, last_choice;
    /* g.claimed and g.blocked (C1.4, C1.5): their backing tables and the
     * claimed and blocked holes last written into them */
    int claimed_ref, blocked_ref;
    uint64_t last_claims[2], last_blocked;
    /* the move hooks' extra fields of g (view_extras): board_before and
     * captured_before (proxies, their backing tables, the values last
     * written), origin; on: they are set in the view now */
    int before_ref, before_proxy_ref, capb_ref, capb_proxy_ref;
    uint16_t last_before[SOW_MAX_HOLES];
    bool extras_on, before_fresh;
    const sow_setup *view_setup; /* the setup its geometry was built for */
    int view_holes;
    sow_dir view_dir;
    /* the lap_end and play caches (sow_memo.h): a miss runs the hook
     * with the recording view, which reads the game directly and logs
     * each read */
    sow_memo *memo;
    sow_memo *play_memo; /* NULL once the play hook proved impure */
    sow_memo *drop_memo; /* the drop hook's; NULL once impure */
    bool memo_off;      /* not used (turned off, or the hook proved impure) */
    bool memo_wanted;   /* sow_lua_set_memo's choice, for sow_lua_reset */
    bool recording;     /* a hook call with the recording view runs */
    bool rec_impure;    /* it did something the cache cannot key on */
    const sow_game *rec_g;
    const sow_before *rec_mv; /* the call's move, or NULL */
    sow_at rec_at;      /* the call's hole, count, lap and hand */
    sow_memo_log rec_log;
    int rec_ref;        /* the recording view g (a proxy) */
    int rec_sub_ref[8]; /* its board, owner, captured, state, board_before,
                           captured_before, claimed and blocked proxies */
    int globals_ref;    /* a copy of the global table as the script's top
                           level left it (sow_lua_reset puts it back) */
};

/* The bridge a Lua state belongs to (kept in its extra space). */
static inline sow_lua *sow_lua_bridge(lua_State *L)
{
    return *(sow_lua **)lua_getextraspace(L);
}

#endif
