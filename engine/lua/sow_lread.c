/* sow_lread.c - reading what a hook returned: holes, players, lists and
 * maps of holes, and the tables of changes (docs/writing-variants.md,
 * "Changes a hook may return"), each value checked, a wrong one described
 * in the call's `bad` (sow_lua_int.h's BAD). */
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

/* An integer hole index at the top of the stack, or -1 (c->bad says why). */
int sow_lread_hole(lua_State *L, hook_call *c, const char *what)
{
    int isnum;
    lua_Integer v = lua_tointegerx(L, -1, &isnum);
    if (!isnum || lua_type(L, -1) != LUA_TNUMBER) {
        BAD(c, "%s that is not a hole number", what);
        return -1;
    }
    if (v < 0 || v >= c->s->holes) {
        BAD(c, "hole %lld, which does not exist", (long long)v);
        return -1;
    }
    return (int)v;
}


/* A player number (0 or 1) in field `name` of the table at `t`, or -1 when
 * absent; -2 with c->bad set when it is not a player. */
int sow_lread_player(lua_State *L, hook_call *c, int t, const char *name)
{
    lua_getfield(L, t, name);
    int isnum;
    lua_Integer v = lua_tointegerx(L, -1, &isnum);
    int type = lua_type(L, -1);
    lua_pop(L, 1);
    if (type == LUA_TNIL)
        return -1;
    if (!isnum || type != LUA_TNUMBER || v < 0 || v > 1) {
        BAD(c, "a table whose %s is not a player (0 or 1)", name);
        return -2;
    }
    return (int)v;
}

/* Check that the table at t has only the given keys. */
bool sow_lread_keys(lua_State *L, hook_call *c, int t,
                      const char *const *keys)
{
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        bool ok = false;
        if (lua_type(L, -1) == LUA_TSTRING) {
            const char *name = lua_tostring(L, -1);
            for (const char *const *k = keys; *k && !ok; k++)
                ok = (*k)[0] == name[0] && strcmp(*k, name) == 0;
        }
        if (!ok) {
            if (lua_type(L, -1) == LUA_TSTRING)
                BAD(c, "a table with the unknown field '%.*s'",
                    SOW_CLIP(lua_tostring(L, -1), 40));
            else
                BAD(c, "a table with a field that is not a name");
            lua_pop(L, 1);
            return false;
        }
    }
    return true;
}

/* Field `name` of the table at t, {[h] = v, ...} with whole numbers v
 * from lo to hi (`range` says which when one is not): each hole into
 * *set, its value into vals8[h] or vals16[h]. False when c->bad says what
 * is wrong (`what` names it: "an owner"). */
bool sow_lread_hole_map(lua_State *L, hook_call *c, int t, const char *name,
                          const char *what, lua_Integer lo, lua_Integer hi,
                          const char *range, uint64_t *set, uint8_t *vals8,
                          uint16_t *vals16)
{
    if (lua_getfield(L, t, name) != LUA_TNIL) {
        if (!lua_istable(L, -1)) {
            BAD(c, "%s field that is not a table", what);
            return false;
        }
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            int isnum;
            lua_Integer p = lua_tointegerx(L, -1, &isnum);
            if (!isnum || p < lo || p > hi) {
                BAD(c, "%s that is not %s", what, range);
                return false;
            }
            lua_pop(L, 1);
            char key[40];
            snprintf(key, sizeof key, "%s table with a key", what);
            int h = sow_lread_hole(L, c, key);
            if (h < 0)
                return false;
            *set |= (uint64_t)1 << h;
            if (vals8)
                vals8[h] = (uint8_t)p;
            else
                vals16[h] = (uint16_t)p;
        }
    }
    lua_pop(L, 1);
    return true;
}

/* Field `name` of the table at t, {[h] = p, ...} (the holes' owners, or
 * their claimants): each hole's player into *set and players[h]. */
bool sow_lread_players(lua_State *L, hook_call *c, int t,
                              const char *name, const char *what,
                              uint64_t *set, uint8_t *players)
{
    return sow_lread_hole_map(L, c, t, name, what, 0, 1, "a player (0 or 1)", set,
                         players, NULL);
}

/* Field `key` of the table at t, a list of distinct holes (release,
 * C1.4; close and open, C1.5), into *set. False when c->bad says what is
 * wrong. */
bool sow_lread_hole_list(lua_State *L, hook_call *c, int t, const char *key,
                           uint64_t *set)
{
    if (lua_getfield(L, t, key) != LUA_TNIL) {
        if (!lua_istable(L, -1)) {
            BAD(c, "a %s field that is not a list of holes", key);
            return false;
        }
        lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
        if (n > c->s->holes) {
            BAD(c, "a %s of more holes than the board has", key);
            return false;
        }
        char what[40];
        snprintf(what, sizeof what, "a %s list with an item", key);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, -1, i);
            int h = sow_lread_hole(L, c, what);
            lua_pop(L, 1);
            if (h < 0)
                return false;
            if ((*set >> h) & 1) {
                BAD(c, "a %s of hole %d twice", key, h);
                return false;
            }
            *set |= (uint64_t)1 << h;
        }
    }
    lua_pop(L, 1);
    return true;
}

bool sow_lread_release(lua_State *L, hook_call *c, int t, uint64_t *set)
{
    return sow_lread_hole_list(L, c, t, "release", set);
}

/* The changes of a table at t: owner = {[h] = p}, to_move, phase,
 * state = {name = n}. */
void sow_lread_changes(lua_State *L, hook_call *c, int t, sow_changes *ch)
{
    const sow_setup *s = c->s;
    const sow_variant *v = s->v;
    if (!sow_lread_players(L, c, t, "owner", "an owner", &ch->owner_set,
                           ch->owner) ||
        !sow_lread_players(L, c, t, "claim", "a claim", &ch->claim_set,
                           ch->claim)) /* C1.4, GB.2 */
        return;
    if (!sow_lread_release(L, c, t, &ch->release_set) ||
        !sow_lread_players(L, c, t, "capture", "a capture",
                           &ch->capture_set, ch->capture_to) ||
        !sow_lread_hole_list(L, c, t, "close", &ch->close_set) ||
        !sow_lread_hole_list(L, c, t, "open", &ch->open_set) ||
        !sow_lread_hole_map(L, c, t, "out", "an out", 1, SOW_MAX_SEEDS,
                       "a count of seeds (1 or more)", &ch->out_set, NULL,
                       ch->out)) /* C1.13 */
        return;
    char holes_why[160];
    if ((ch->capture_set | ch->close_set | ch->open_set | ch->out_set) &&
        c->g &&
        sow_holes_problem(s, c->g, ch, holes_why, sizeof holes_why))
        return (void)BAD(c, "%s", holes_why); /* C1.4, C1.5 */
    if ((ch->claim_set | ch->release_set) && !s->claims) /* else the claim
                                                     would do nothing */
        return (void)BAD(c, "a claim, but the variant has no claimed holes "
                            "(C1.4): add claims: true under board:");
    char why[160];
    if ((ch->claim_set | ch->release_set) && c->g &&
        sow_claims_problem(c->g, ch->claim_set, ch->release_set, 0, why,
                           sizeof why))
        return (void)BAD(c, "%s", why); /* C1.4, C1.5 */
    if ((ch->to_move = sow_lread_player(L, c, t, "to_move")) == -2)
        return;
    if (lua_getfield(L, t, "phase") != LUA_TNIL) {
        int isnum;
        lua_Integer p = lua_tointegerx(L, -1, &isnum);
        if (!isnum || p < 0 || p > 255)
            return (void)BAD(c, "a phase that is not a whole number from 0 "
                                "to 255");
        ch->phase = (int)p;
    }
    lua_pop(L, 1);
    if (lua_getfield(L, t, "state") != LUA_TNIL) {
        if (!lua_istable(L, -1))
            return (void)BAD(c, "a state field that is not a table");
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            int isnum;
            lua_Integer n = lua_tointegerx(L, -1, &isnum);
            lua_pop(L, 1);
            int i = -1;
            if (lua_type(L, -1) == LUA_TSTRING)
                for (int k = 0; k < v->nstate; k++)
                    if (strcmp(v->state[k], lua_tostring(L, -1)) == 0)
                        i = k;
            if (i < 0)
                return (void)BAD(c, "a state name the variant does not "
                                    "declare under state:");
            if (!isnum || n < -1000000000 || n > 1000000000)
                return (void)BAD(c, "a state value that is not a whole "
                                    "number");
            ch->state_set |= 1u << i;
            ch->state[i] = (int32_t)n;
        }
    }
    lua_pop(L, 1);
}

void sow_lread_board(lua_State *L, hook_call *c, int t, sow_changes *ch)
{
    if (lua_getfield(L, t, "board") == LUA_TNIL) {
        lua_pop(L, 1);
        return;
    }
    if (!lua_istable(L, -1))
        return (void)BAD(c, "a board field that is not a table");
    for (int h = 0; h < c->s->holes; h++) {
        lua_rawgeti(L, -1, h);
        int isnum;
        lua_Integer v = lua_tointegerx(L, -1, &isnum);
        lua_pop(L, 1);
        if (!isnum || v < 0 || v > SOW_MAX_SEEDS)
            return (void)BAD(c, "a board without a count from 0 to %d "
                                "for hole %d",
                             SOW_MAX_SEEDS, h);
        ch->board[h] = (uint16_t)v;
    }
    ch->has_board = true;
    lua_pop(L, 1);
}
