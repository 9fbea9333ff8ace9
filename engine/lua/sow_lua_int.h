/* sow_lua_int.h - the state of a script's bridge, shared by the two
 * files of engine/lua/: sow_lua.c (the state), sow_lcall.c (calling a
 * hook), sow_lread.c (reading its answer), sow_lhooks.c (the hooks),
 * sow_lmove.c (the move hooks), sow_view.c (the board view) and sow_sandbox.c (the sandbox and its
 * limits). Internal: not part of
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
#include <stdio.h>

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
    /* g.lap, g.hand, g.choice and g.lap_from as last set (-1: nil; -2:
     * never) */
    int32_t last_lap, last_hand, last_choice, last_from, last_lifted;
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

/* A hook call. Everything from building the view to reading what the
 * hook returned runs inside the protected call (it may allocate); a
 * reader that finds a bad return value describes it in `bad`. */
typedef struct hook_call hook_call;
struct hook_call {
    sow_lua *x;
    int hook;
    const sow_setup *s;
    const sow_game *g;      /* the view; NULL: pass nil */
    int nargs;              /* integer arguments after the view */
    lua_Integer args[2];
    const char *sarg;       /* a string argument after the view, or NULL */
    const sow_match_info *info; /* new_game: passed first, as a table */
    const sow_before *mv;   /* the move hooks and lap_end: g.board_before,
                               g.captured_before and g.origin (nil when
                               mv->origin is -1) from it; NULL: none of
                               the three in the view */
    const sow_at *at;       /* lap_end and drop: g.lap and g.hand from
                               it; NULL: both nil */
    int last;               /* after_move, game_end, filter: 1 + where
                               the move's last seed fell (sow_game's
                               move_last), for g.last; 0: nil */
    int nres;
    void (*read)(lua_State *L, hook_call *c); /* results at -nres.. */
    void *out;
    char bad[200];
};

/* Describe a wrong return value of a hook call (its reader runs inside
 * the protected call; the caller reports it at the hook's line). */
#define BAD(c, ...) snprintf((c)->bad, sizeof (c)->bad, __VA_ARGS__)

/* sow_lua.c: "script:12: text" as err = path:12: text (variant V, hook H);
 * SOW_ERR. The state rebuilt after a call that tripped a limit. */
int sow_lua_report(sow_lua *x, sow_error *err, const char *msg,
                   const char *hook);
void sow_lua_recover(sow_lua *x);

/* sow_lcall.c: call a hook and read its results into c->out; the line
 * its function is defined at; the run's deadline, read every so many
 * calls. */
int sow_lua_call(hook_call *c, sow_error *err);
int sow_lua_hook_line(sow_lua *x, int h);
int sow_lua_tick(sow_lua *x, int hook, sow_error *err);

/* sow_lread.c: the readers of returned values (false, or -1 or -2, when
 * c->bad says what is wrong). */
int sow_lread_hole(lua_State *L, hook_call *c, const char *what);
int sow_lread_player(lua_State *L, hook_call *c, int t, const char *name);
bool sow_lread_keys(lua_State *L, hook_call *c, int t,
                    const char *const *keys);
bool sow_lread_hole_map(lua_State *L, hook_call *c, int t, const char *name,
                        const char *what, lua_Integer lo, lua_Integer hi,
                        const char *range, uint64_t *set, uint8_t *vals8,
                        uint16_t *vals16);
bool sow_lread_players(lua_State *L, hook_call *c, int t, const char *name,
                       const char *what, uint64_t *set, uint8_t *players);
bool sow_lread_hole_list(lua_State *L, hook_call *c, int t, const char *key,
                         uint64_t *set);
bool sow_lread_release(lua_State *L, hook_call *c, int t, uint64_t *set);
void sow_lread_changes(lua_State *L, hook_call *c, int t, sow_changes *ch);
void sow_lread_board(lua_State *L, hook_call *c, int t, sow_changes *ch);

/* sow_lhooks.c: the reader of a table of changes that decide and
 * after_move return (seeds moved between holes among them). */
void sow_lhooks_read_changes(lua_State *L, hook_call *c);

/* sow_lmove.c: the move hooks, as sow_lua_rules hands them to the
 * machine (sow_rules' filter, after_move and game_end). */
int sow_lmove_filter(void *ctx, const sow_setup *s, const sow_game *before,
                     const sow_game *after, int hole,
                     sow_filter_verdict *out, char *why, int why_size,
                     sow_error *err);
int sow_lmove_after_move(void *ctx, const sow_setup *s,
                         const sow_game *before, const sow_game *after,
                         int origin, sow_changes *out, sow_error *err);
int sow_lmove_game_end(void *ctx, const sow_setup *s,
                       const sow_game *before, const sow_game *after,
                       int origin, sow_game_end *out, sow_error *err);

#endif
