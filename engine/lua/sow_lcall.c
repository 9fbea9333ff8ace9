/* sow_lcall.c - calling one hook (sow_lua_int.h's hook_call): the view
 * and the arguments pushed, the call protected and bounded by the
 * sandbox's limits, what it returned read by the call's reader, errors at
 * the hook's line. */
#include "sow_lua.h"
#include "sow_lua_int.h"
#include "sow_view.h"
#include "sow_memo.h"
#include "sow_sandbox.h"
#include "sow_move.h"
#include "sow_num.h"
#include "sow_file.h"
#include "sow_text.h"
#include "sow_budget.h"

#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A table {[0] = a, [1] = b}, one number for each player. */
static void push_pair(lua_State *L, lua_Integer a, lua_Integer b)
{
    lua_createtable(L, 2, 0);
    lua_pushinteger(L, a);
    lua_rawseti(L, -2, 0);
    lua_pushinteger(L, b);
    lua_rawseti(L, -2, 1);
}

static void push_info(lua_State *L, const sow_match_info *mi,
                      const sow_game *prev)
{
    lua_createtable(L, 0, 8);
    lua_pushinteger(L, mi->game);
    lua_setfield(L, -2, "game");
    lua_pushinteger(L, mi->games_max);
    lua_setfield(L, -2, "max_games");
    if (mi->prev_starter >= 0) {
        lua_pushinteger(L, mi->prev_starter);
        lua_setfield(L, -2, "previous_starter");
    }
    if (mi->has_round) { /* m.round: the next round as the rounds lay it */
        lua_createtable(L, 0, 2);
        lua_pushinteger(L, mi->round_starter);
        lua_setfield(L, -2, "starter");
        push_pair(L, mi->round_holes[0], mi->round_holes[1]);
        lua_setfield(L, -2, "holes");
        lua_setfield(L, -2, "round");
    }
    if (prev) {
        const sow_result *r = &prev->result;
        push_pair(L, r->score[0], r->score[1]);
        lua_setfield(L, -2, "score");
        if (r->winner >= 0) {
            lua_pushinteger(L, r->winner);
            lua_setfield(L, -2, "winner");
        }
        lua_pushboolean(L, r->unfinished);
        lua_setfield(L, -2, "unfinished");
    }
}

/* The move's fields of g: board_before, captured_before, origin and last
 * from c (filter, after_move, game_end, lap_end; last in the first three
 * only); any other hook finds them
 * nil, so that no hook reads a value of another call. (A cached lap_end
 * call reads them through the recording view, which keys them:
 * rec_g_index.) The view's geometry is built. */
static void view_extras(sow_lua *x, const hook_call *c)
{
    lua_State *L = x->L;
    if (!c->mv && !x->extras_on)
        return;
    lua_rawgeti(L, LUA_REGISTRYINDEX, x->view_ref);
    if (c->mv) {
        const sow_before *b = c->mv;
        sow_view_sync(L, x->before_ref, x->last_before, b->board, c->s->holes,
                   2, x->before_fresh);
        x->before_fresh = true;
        lua_rawgeti(L, LUA_REGISTRYINDEX, x->capb_ref);
        for (int p = 0; p < 2; p++) {
            lua_pushinteger(L, b->captured[p]);
            lua_rawseti(L, -2, p);
        }
        lua_pop(L, 1);
        lua_rawgeti(L, LUA_REGISTRYINDEX, x->before_proxy_ref);
        lua_setfield(L, -2, "board_before");
        lua_rawgeti(L, LUA_REGISTRYINDEX, x->capb_proxy_ref);
        lua_setfield(L, -2, "captured_before");
        if (b->origin >= 0)
            lua_pushinteger(L, b->origin);
        else
            lua_pushnil(L);
        lua_setfield(L, -2, "origin");
        /* g.last: a hole number, or a store named as a move change names
         * it (issue 24) */
        const int last = c->last - 1;
        if (last >= 0 && last < SOW_MOVE_STORE0)
            lua_pushinteger(L, last);
        else if (last == SOW_MOVE_STORE0 || last == SOW_MOVE_STORE0 + 1)
            lua_pushstring(L, last == SOW_MOVE_STORE0 ? "south_store"
                                                      : "north_store");
        else
            lua_pushnil(L);
        lua_setfield(L, -2, "last");
    } else {
        static const char *const keys[] = {"board_before", "captured_before",
                                           "origin", "last"};
        for (int i = 0; i < 4; i++) {
            lua_pushnil(L);
            lua_setfield(L, -2, keys[i]);
        }
    }
    x->extras_on = c->mv != NULL;
    lua_pop(L, 1);
}

static int trampoline(lua_State *L)
{
    hook_call *c = lua_touserdata(L, 1);
    lua_settop(L, 0);
    lua_rawgeti(L, LUA_REGISTRYINDEX, c->x->hook_ref[c->hook]);
    int n = 0;
    if (c->info) {
        push_info(L, c->info, c->g);
        n++;
    }
    if (c->g && c->x->recording) {
        sow_lua *x = c->x;
        if (x->view_setup != c->s || x->view_holes != c->s->holes ||
            x->view_dir != c->s->dir)
            sow_view_geometry(x, c->s);
        lua_rawgeti(L, LUA_REGISTRYINDEX, x->rec_ref);
    } else if (c->g) {
        sow_view_push(c->x, c->s, c->g);
        view_extras(c->x, c); /* (the recording view keys its own) */
        sow_view_sowing(c->x, c->g, c->at);
    } else {
        lua_pushnil(L);
    }
    n++;
    for (int i = 0; i < c->nargs; i++)
        lua_pushinteger(L, c->args[i]);
    n += c->nargs;
    if (c->sarg) {
        lua_pushstring(L, c->sarg);
        n++;
    }
    lua_call(L, n, c->nres);
    c->read(L, c);
    return 0;
}

/* Where the hook function is defined, for errors about what it returned. */
int sow_lua_hook_line(sow_lua *x, int h)
{
    lua_Debug ar;
    lua_rawgeti(x->L, LUA_REGISTRYINDEX, x->hook_ref[h]);
    lua_getinfo(x->L, ">S", &ar);
    return ar.linedefined;
}

/* Hooks called again and again inside one move (a lap_end hook that
 * always sows on, in a variant of single laps, answered from the memo or
 * not) each run too briefly for the instruction hook to read the clock:
 * every 1024 calls the run's deadline is read here. */
int sow_lua_tick(sow_lua *x, int hook, sow_error *err)
{
    if ((++x->calls & 1023) == 0 && sow_budget_over(x->budget))
        x->run_over = true;
    if (!x->run_over)
        return SOW_OK;
    sow_lua_report(x, err, sow_sandbox_limit_text(LIMIT_RUN), sow_hook_names[hook]);
    return SOW_ERR;
}

/* Call a hook and read its results into c->out. */
int sow_lua_call(hook_call *c, sow_error *err)
{
    sow_lua *x = c->x;
    if (!x->L)
        return sow_error_set(err, x->path, 0, 0,
                             "the Lua state could not be rebuilt (variant %s)",
                             x->v->id);
    lua_State *L = x->L;
    if (sow_lua_tick(x, c->hook, err))
        return SOW_ERR;
    sow_sandbox_fresh(x);
    c->bad[0] = 0;
    lua_pushcfunction(L, trampoline);
    lua_pushlightuserdata(L, c);
    int rc = lua_pcall(L, 1, 0, 1);
    if (rc == LUA_OK && x->tripped == LIMIT_NONE) {
        if (!c->bad[0])
            return SOW_OK;
        int line = sow_lua_hook_line(x, c->hook);
        lua_settop(L, 1);
        sow_text_scrub(c->bad); /* it may quote the script's text */
        return sow_error_set(err, x->path, line, 0,
                             "function %s returned %s (variant %s, hook %s)",
                             x->v->hook_fn[c->hook], c->bad, x->v->id,
                             sow_hook_names[c->hook]);
    }
    char msg[SOW_MSG_MAX];
    const char *m = rc == LUA_OK ? sow_sandbox_limit_text(x->tripped) : lua_tostring(L, -1);
    snprintf(msg, sizeof msg, "%s", sow_sandbox_limit_message(x, rc, m));
    lua_settop(L, 1);
    sow_lua_report(x, err, msg, sow_hook_names[c->hook]);
    sow_lua_recover(x);
    return SOW_ERR;
}
