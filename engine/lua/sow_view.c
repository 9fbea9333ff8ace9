/* sow_view.c - the board view `g` a hook reads (sow_view.h). */
#include "sow_view.h"
#include "sow_memo.h"

#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <string.h>

/* ---- the board view ----------------------------------------------------- */

/* The view `g` a hook receives is a read-only proxy over tables that only
 * C writes (its fields are in docs/writing-variants.md). Reading g.board[h]
 * is a
 * table access, not a call into C: each proxy's __index is its backing
 * table, which the VM follows without calling a function. Writing through
 * a proxy is an error, and a script cannot reach the backing tables (no
 * getmetatable, no rawset), so C keeps them up to date by writing only
 * what changed since the previous call: a hook call costs little more
 * than the call itself. All of this runs inside the protected call of
 * the hook (it allocates the first time). */

static int view_write(lua_State *L)
{
    return luaL_error(L, "the board view is read-only; copy what you need "
                         "into a table of your own");
}

static int view_next(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    if (lua_next(L, 1))
        return 2;
    lua_pushnil(L);
    return 1;
}

/* The iterator of pairs(view): next over the backing table, upvalue 1,
 * whatever table the loop passes as its state. */
static int view_next_bound(lua_State *L)
{
    lua_settop(L, 2);
    if (lua_next(L, lua_upvalueindex(1)))
        return 2;
    lua_pushnil(L);
    return 1;
}

/* pairs(view): the iterator above (upvalue 1), the proxy itself as the
 * state, nil. The backing table is never handed out: a script holding it
 * could write to the view. */
static int view_pairs(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

static int view_len(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    return 1;
}

/* Push a read-only proxy whose backing table holds n integer slots
 * 0..n-1 (from `from`, or 0), or, with n < 0, string keys set later. The
 * backing table is left in *ref. Leaves the proxy on the stack. */
static void new_proxy(lua_State *L, int n, const uint8_t *from, int *ref)
{
    lua_createtable(L, 0, 0);                 /* proxy */
    lua_createtable(L, n > 0 ? n : 0, n > 0 ? 1 : 16); /* backing */
    for (int h = 0; h < n; h++) {
        if (from && from[h] == SOW_POS_NONE)
            continue; /* nil: no such hole (nothing faces an outer one) */
        lua_pushinteger(L, from ? from[h] : 0);
        lua_rawseti(L, -2, h);
    }
    lua_createtable(L, 0, 5); /* metatable */
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, view_write);
    lua_setfield(L, -2, "__newindex");
    lua_pushvalue(L, -2);
    lua_pushcclosure(L, view_next_bound, 1);
    lua_pushcclosure(L, view_pairs, 1);
    lua_setfield(L, -2, "__pairs");
    lua_pushinteger(L, n > 0 ? n : 0);
    lua_pushcclosure(L, view_len, 1);
    lua_setfield(L, -2, "__len");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -3);
    if (*ref != LUA_NOREF)
        luaL_unref(L, LUA_REGISTRYINDEX, *ref);
    *ref = luaL_ref(L, LUA_REGISTRYINDEX); /* pops the backing table */
}

static void rec_geometry(sow_lua *x, const sow_setup *s);

/* (Re)build the view for a setup: the proxy g, its geometry, and tables
 * for the game state, which push_view then fills completely. */
void sow_view_geometry(sow_lua *x, const sow_setup *s)
{
    lua_State *L = x->L;
    new_proxy(L, -1, NULL, &x->view_ref); /* g */
    if (x->proxy_ref != LUA_NOREF)
        luaL_unref(L, LUA_REGISTRYINDEX, x->proxy_ref);
    x->proxy_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_rawgeti(L, LUA_REGISTRYINDEX, x->view_ref);
    /* opposite: the hole facing h (C0.2's 2N-1-h on two rows; C2.5),
     * behind: the one behind it, nil where there is none */
    static const char *const geo[] = {"next", "prev", "opposite", "behind"};
    const uint8_t *src[] = {s->next, s->prev, s->facing, s->behind};
    for (int i = 0; i < 4; i++) {
        int unused = LUA_NOREF;
        new_proxy(L, s->holes, src[i], &unused);
        luaL_unref(L, LUA_REGISTRYINDEX, unused);
        lua_setfield(L, -2, geo[i]);
    }
    lua_pushinteger(L, s->holes);
    lua_setfield(L, -2, "holes");
    lua_pushinteger(L, s->n);
    lua_setfield(L, -2, "row");
    lua_pushinteger(L, s->rows);
    lua_setfield(L, -2, "rows");
    int *refs[] = {&x->board_ref, &x->owner_ref, &x->captured_ref,
                   &x->claimed_ref, &x->blocked_ref};
    static const char *const state[] = {"board", "owner", "captured",
                                        "claimed", "blocked"};
    for (int i = 0; i < 5; i++) {
        new_proxy(L, i == 2 ? 2 : s->holes, NULL, refs[i]);
        lua_setfield(L, -2, state[i]);
    }
    new_proxy(L, -1, NULL, &x->state_ref); /* g.state: named integers */
    lua_rawgeti(L, LUA_REGISTRYINDEX, x->state_ref);
    for (int i = 0; i < x->v->nstate; i++) {
        lua_pushinteger(L, 0);
        lua_setfield(L, -2, x->v->state[i]);
    }
    lua_pop(L, 1);
    lua_setfield(L, -2, "state");
    static const char *const keys[SOW_LUA_NKEYS] = {"mover", "ply", "total", "phase"};
    for (int i = 0; i < SOW_LUA_NKEYS; i++) {
        if (x->key_ref[i] == LUA_NOREF) {
            lua_pushstring(L, keys[i]);
            x->key_ref[i] = luaL_ref(L, LUA_REGISTRYINDEX);
        }
        lua_pushinteger(L, 0);
        lua_setfield(L, -2, keys[i]);
    }
    lua_pop(L, 1);
    /* board_before, captured_before: set into g by view_extras */
    new_proxy(L, s->holes, NULL, &x->before_ref);
    if (x->before_proxy_ref != LUA_NOREF)
        luaL_unref(L, LUA_REGISTRYINDEX, x->before_proxy_ref);
    x->before_proxy_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    new_proxy(L, 2, NULL, &x->capb_ref);
    if (x->capb_proxy_ref != LUA_NOREF)
        luaL_unref(L, LUA_REGISTRYINDEX, x->capb_proxy_ref);
    x->capb_proxy_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    x->extras_on = x->before_fresh = false;
    rec_geometry(x, s);
    x->view_setup = s;
    x->view_holes = s->holes;
    x->view_dir = s->dir;
    x->view_fresh = false;
    x->last_dir = -1; /* g.direction: set by the next push */
    x->last_lap = x->last_hand = x->last_choice = x->last_from = -2;
    x->last_lifted = -2;
    /* (as g.direction) */
}

void sow_view_sync(lua_State *L, int ref, uint16_t *cache, const void *src,
                   int n, int width, bool fresh)
{
    bool open = false;
    for (int h = 0; h < n; h++) {
        uint16_t v = width == 1 ? ((const uint8_t *)src)[h]
                                : ((const uint16_t *)src)[h];
        if (fresh && cache[h] == v)
            continue;
        if (!open) {
            lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
            open = true;
        }
        cache[h] = v;
        lua_pushinteger(L, v);
        lua_rawseti(L, -2, h);
    }
    if (open)
        lua_pop(L, 1);
}

/* ---- the recording view (a miss of the lap_end cache) ------------------ */

void sow_view_log(sow_lua *x, int32_t loc, int32_t val)
{
    if (x->rec_log.n >= SOW_MEMO_LOG_MAX) {
        x->rec_impure = true;
        return;
    }
    x->rec_log.loc[x->rec_log.n] = loc;
    x->rec_log.val[x->rec_log.n++] = val;
}

static int32_t rec_value(sow_lua *x, int32_t loc)
{
    int32_t v = sow_memo_read(x->rec_g, x->rec_mv, &x->rec_at, loc);
    sow_view_log(x, loc, v);
    return v;
}

/* A value read at a location of the array based at `base`: nil for -1
 * (board_before and captured_before of a call with no move, an
 * unclaimed hole), true or false for g.blocked, else the number. */
static void push_rec(lua_State *L, int32_t base, int32_t v)
{
    if (base == SOW_LOC_BLOCKED)
        lua_pushboolean(L, v);
    else if (v < 0)
        lua_pushnil(L);
    else
        lua_pushinteger(L, v);
}

/* board[k], owner[k], captured[k], claimed[k], blocked[k]: upvalues base
 * location and size. */
static int rec_array_index(lua_State *L)
{
    sow_lua *x = sow_lua_bridge(L);
    int isnum;
    lua_Integer k = lua_tointegerx(L, 2, &isnum);
    lua_Integer n = lua_tointeger(L, lua_upvalueindex(2));
    if (!isnum || lua_type(L, 2) != LUA_TNUMBER || k < 0 || k >= n ||
        !x->rec_g) {
        lua_pushnil(L);
        return 1;
    }
    const int32_t base = (int32_t)lua_tointeger(L, lua_upvalueindex(1));
    push_rec(L, base, rec_value(x, base + (int32_t)k));
    return 1;
}

/* pairs over a recording array: every value is read. */
static int rec_array_pairs(lua_State *L)
{
    sow_lua *x = sow_lua_bridge(L);
    int32_t base = (int32_t)lua_tointeger(L, lua_upvalueindex(1));
    int n = (int)lua_tointeger(L, lua_upvalueindex(2));
    lua_pushcfunction(L, view_next);
    lua_createtable(L, n, 1);
    for (int k = 0; k < n && x->rec_g; k++) {
        push_rec(L, base, rec_value(x, base + k));
        lua_rawseti(L, -2, k);
    }
    lua_pushnil(L);
    return 3;
}

static int rec_state_index(lua_State *L)
{
    sow_lua *x = sow_lua_bridge(L);
    const char *name = lua_tostring(L, 2);
    for (int i = 0; name && lua_type(L, 2) == LUA_TSTRING && x->rec_g &&
                    i < x->v->nstate;
         i++)
        if (strcmp(name, x->v->state[i]) == 0) {
            lua_pushinteger(L, rec_value(x, SOW_LOC_STATE + i));
            return 1;
        }
    lua_pushnil(L);
    return 1;
}

/* g: the state arrays are recording proxies, the numbers are logged,
 * the geometry (next, prev, opposite, holes, row) comes from the ordinary
 * view's table, upvalue 1. The move's fields: whether there is a move
 * (board_before, captured_before) and the origin are logged too, so that
 * a call with no move never finds the answer of one with a move. */
static int rec_g_index(lua_State *L)
{
    sow_lua *x = sow_lua_bridge(L);
    static const char *const subs[6] = {"board", "owner", "captured",
                                        "state", "claimed", "blocked"};
    static const int sub_ref[6] = {0, 1, 2, 3, 6, 7};
    static const char *const nums[4] = {"mover", "ply", "total", "phase"};
    static const int32_t locs[4] = {SOW_LOC_MOVER, SOW_LOC_PLY,
                                    SOW_LOC_TOTAL, SOW_LOC_PHASE};
    static const char *const moves[2] = {"board_before", "captured_before"};
    const char *k = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "";
    /* (the first letters first: most names read here are the
     * geometry's, next and prev, which none of these share) */
    for (int i = 0; i < 6; i++)
        if (k[0] == subs[i][0] && strcmp(k, subs[i]) == 0) {
            lua_rawgeti(L, LUA_REGISTRYINDEX, x->rec_sub_ref[sub_ref[i]]);
            return 1;
        }
    for (int i = 0; i < 4; i++) {
        if (k[0] == nums[i][0] && strcmp(k, nums[i]) == 0 && x->rec_g) {
            lua_pushinteger(L, rec_value(x, locs[i]));
            return 1;
        }
    }
    for (int i = 0; i < 2 && (k[0] == 'b' || k[0] == 'c'); i++)
        if (strcmp(k, moves[i]) == 0) {
            if (x->rec_g && rec_value(x, SOW_LOC_MOVED))
                lua_rawgeti(L, LUA_REGISTRYINDEX, x->rec_sub_ref[4 + i]);
            else
                lua_pushnil(L);
            return 1;
        }
    if (k[0] == 'd' && strcmp(k, "direction") == 0 && x->rec_g) {
        lua_pushstring(L, rec_value(x, SOW_LOC_DIRECTION) == SOW_DIR_CW
                              ? "cw"
                              : "ccw");
        return 1;
    }
    /* g.origin, g.lap, g.hand, g.lap_from, g.choice: nil for -1 (and a
     * lap of 0);
     * told apart by their first letters, since most names read here are
     * the geometry's (next, prev), which none of these begin with */
    const int32_t loc = k[0] == 'o' && strcmp(k, "origin") == 0 ? SOW_LOC_ORIGIN
                        : k[0] == 'l' && strcmp(k, "lap") == 0  ? SOW_LOC_LAP
                        : k[0] == 'h' && strcmp(k, "hand") == 0 ? SOW_LOC_HAND
                        : k[0] == 'l' && strcmp(k, "lap_from") == 0
                            ? SOW_LOC_LAP_FROM
                        : k[0] == 'l' && strcmp(k, "lifted") == 0
                            ? SOW_LOC_LIFTED
                        : k[0] == 'c' && strcmp(k, "choice") == 0
                            ? SOW_LOC_CHOICE
                            : -1;
    if (loc >= 0) {
        int32_t o = x->rec_g ? rec_value(x, loc) : -1;
        if (o > 0 || (o == 0 && loc != SOW_LOC_LAP))
            lua_pushinteger(L, o);
        else
            lua_pushnil(L);
        return 1;
    }
    lua_settop(L, 2);
    lua_rawget(L, lua_upvalueindex(1));
    return 1;
}

/* A proxy whose reads call `index` (with upvalues base and n) and whose
 * writes are errors. Leaves it on the stack. */
static void new_rec_proxy(lua_State *L, lua_CFunction index, int32_t base,
                          int n, lua_CFunction pairs)
{
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 5);
    lua_pushinteger(L, base);
    lua_pushinteger(L, n);
    lua_pushcclosure(L, index, 2);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, view_write);
    lua_setfield(L, -2, "__newindex");
    if (pairs) {
        lua_pushinteger(L, base);
        lua_pushinteger(L, n);
        lua_pushcclosure(L, pairs, 2);
        lua_setfield(L, -2, "__pairs");
    }
    lua_pushinteger(L, n);
    lua_pushcclosure(L, view_len, 1);
    lua_setfield(L, -2, "__len");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
}

static void rec_geometry(sow_lua *x, const sow_setup *s)
{
    lua_State *L = x->L;
    const int32_t base[8] = {SOW_LOC_BOARD, SOW_LOC_OWNER, SOW_LOC_CAPTURED,
                             0, SOW_LOC_BEFORE, SOW_LOC_CAPTURED_BEFORE,
                             SOW_LOC_CLAIMED, SOW_LOC_BLOCKED};
    const int size[8] = {s->holes, s->holes, 2, 0, s->holes, 2, s->holes,
                         s->holes};
    for (int i = 0; i < 8; i++) {
        if (i != 3)
            new_rec_proxy(L, rec_array_index, base[i], size[i],
                          rec_array_pairs);
        else
            new_rec_proxy(L, rec_state_index, 0, 0, NULL);
        if (x->rec_sub_ref[i] != LUA_NOREF)
            luaL_unref(L, LUA_REGISTRYINDEX, x->rec_sub_ref[i]);
        x->rec_sub_ref[i] = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    lua_createtable(L, 0, 0); /* g */
    lua_createtable(L, 0, 3);
    lua_rawgeti(L, LUA_REGISTRYINDEX, x->view_ref);
    lua_pushcclosure(L, rec_g_index, 1);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, view_write);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    if (x->rec_ref != LUA_NOREF)
        luaL_unref(L, LUA_REGISTRYINDEX, x->rec_ref);
    x->rec_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

/* g.claimed[h] (the claimant, nil when unclaimed) and g.blocked[h] (true
 * or false), C1.4, C1.5: written whole when a hole changed. */
static void sync_marks(sow_lua *x, const sow_setup *s, const sow_game *g)
{
    lua_State *L = x->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, x->claimed_ref);
    lua_rawgeti(L, LUA_REGISTRYINDEX, x->blocked_ref);
    for (int h = 0; h < s->holes; h++) {
        int p = sow_claimant(g, h);
        if (p < 0)
            lua_pushnil(L);
        else
            lua_pushinteger(L, p);
        lua_rawseti(L, -3, h);
        lua_pushboolean(L, (g->blocked >> h) & 1);
        lua_rawseti(L, -2, h);
    }
    lua_pop(L, 2);
    x->last_claims[0] = g->claims[0];
    x->last_claims[1] = g->claims[1];
    x->last_blocked = g->blocked;
}

/* Bring the view up to date with the game and push the proxy g. */
void sow_view_push(sow_lua *x, const sow_setup *s, const sow_game *g)
{
    lua_State *L = x->L;
    if (x->view_setup != s || x->view_holes != s->holes ||
        x->view_dir != s->dir)
        sow_view_geometry(x, s);
    bool fresh = x->view_fresh;
    sow_view_sync(L, x->board_ref, x->last_board, g->board, s->holes, 2, fresh);
    sow_view_sync(L, x->owner_ref, x->last_owner, g->owner, s->holes, 1, fresh);
    if (!fresh || x->last_captured[0] != g->captured[0] ||
        x->last_captured[1] != g->captured[1]) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, x->captured_ref);
        lua_pushinteger(L, g->captured[0]);
        lua_rawseti(L, -2, 0);
        lua_pushinteger(L, g->captured[1]);
        lua_rawseti(L, -2, 1);
        lua_pop(L, 1);
        x->last_captured[0] = g->captured[0];
        x->last_captured[1] = g->captured[1];
    }
    bool scalars = !fresh || x->last_mover != g->to_move ||
                   x->last_ply != g->ply || x->last_total != g->on_board ||
                   x->last_phase != g->phase;
    if (scalars) {
        /* keys kept as strings in the registry: lua_setfield would look
         * each name up again */
        const lua_Integer vals[SOW_LUA_NKEYS] = {g->to_move, g->ply, g->on_board,
                                         g->phase};
        lua_rawgeti(L, LUA_REGISTRYINDEX, x->view_ref);
        for (int i = 0; i < SOW_LUA_NKEYS; i++) {
            lua_rawgeti(L, LUA_REGISTRYINDEX, x->key_ref[i]);
            lua_pushinteger(L, vals[i]);
            lua_rawset(L, -3);
        }
        lua_pop(L, 1);
        x->last_mover = g->to_move;
        x->last_ply = g->ply;
        x->last_total = g->on_board;
        x->last_phase = g->phase;
    }
    if (x->last_dir != g->move_dir) {
        /* MB.2: the direction of the move being (or just) sown (one
         * direction's variants set it once, with the geometry) */
        lua_rawgeti(L, LUA_REGISTRYINDEX, x->view_ref);
        lua_pushstring(L, g->move_dir == SOW_DIR_CW ? "cw" : "ccw");
        lua_setfield(L, -2, "direction");
        lua_pop(L, 1);
        x->last_dir = g->move_dir;
    }
    if (!fresh || x->last_claims[0] != g->claims[0] ||
        x->last_claims[1] != g->claims[1] || x->last_blocked != g->blocked)
        sync_marks(x, s, g);
    if (x->v->nstate &&
        (!fresh || memcmp(x->last_state, g->state, sizeof g->state) != 0)) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, x->state_ref);
        for (int i = 0; i < x->v->nstate; i++) {
            lua_pushinteger(L, g->state[i]);
            lua_setfield(L, -2, x->v->state[i]);
        }
        lua_pop(L, 1);
        memcpy(x->last_state, g->state, sizeof g->state);
    }
    x->view_fresh = true;
    lua_rawgeti(L, LUA_REGISTRYINDEX, x->proxy_ref);
}

/* g.lap, g.hand, g.lap_from, g.lifted (where the hook runs during a
 * sowing: at,
 * else nil) and g.choice (the hole the move chose, NS.6, else nil):
 * written when they differ from what the view holds. */
void sow_view_sowing(sow_lua *x, const sow_game *g, const sow_at *at)
{
    const int32_t now[5] = {at && at->lap > 0 ? at->lap : -1,
                            at && at->lap > 0 ? at->hand : -1,
                            g->choice < SOW_MAX_HOLES ? g->choice : -1,
                            at && at->lap > 0 ? at->from : -1,
                            at && at->lifted > 0 ? at->lifted : -1};
    int32_t *last[5] = {&x->last_lap, &x->last_hand, &x->last_choice,
                        &x->last_from, &x->last_lifted};
    static const char *const keys[5] = {"lap", "hand", "choice", "lap_from",
                                        "lifted"};
    if (now[0] == *last[0] && now[1] == *last[1] && now[2] == *last[2] &&
        now[3] == *last[3] && now[4] == *last[4])
        return;
    lua_State *L = x->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, x->view_ref);
    for (int i = 0; i < 5; i++) {
        if (now[i] == *last[i])
            continue;
        if (now[i] >= 0)
            lua_pushinteger(L, now[i]);
        else
            lua_pushnil(L);
        lua_setfield(L, -2, keys[i]);
        *last[i] = now[i];
    }
    lua_pop(L, 1);
}
