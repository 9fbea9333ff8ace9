/* sow_lmove.c - the move hooks as the machine asks them: filter (keep,
 * refuse or rank a move, with a reason), after_move (changes after a
 * move) and game_end (whether the move ends the game or round, and how).
 * Split from sow_lhooks.c, whose sow_lua_rules hands them to the machine;
 * each reads its answer with the readers of sow_lread.c. */
#include "sow_lua.h"
#include "sow_lua_int.h"
#include "sow_text.h"

#include <lua.h>
#include <stdio.h>
#include <string.h>

/* ---- the move hooks: filter, after_move, game_end ---------------------- */

typedef struct filter_out {
    sow_filter_verdict *v;
    char *why;      /* NULL: the reason is not wanted */
    int why_size;
} filter_out;

/* A reason a hook gives: one line of printable text that fits `size`
 * bytes with its end; false (c->bad set) otherwise. */
static bool read_reason(lua_State *L, hook_call *c, int at, char *buf,
                        int size)
{
    size_t rl;
    const char *r = lua_tolstring(L, at, &rl);
    if (rl == 0 || rl > 127 || !sow_text_is_safe(r, rl)) {
        BAD(c, "a reason that is not one line of printable UTF-8 text of 1 "
               "to 127 bytes");
        return false;
    }
    if (buf && size > 0)
        snprintf(buf, (size_t)size, "%s", r);
    return true;
}

/* filter: true (keep), false (refuse) or a rank (a whole number: keep,
 * and only the moves of the highest rank stay), then optionally a
 * reason. */
static void read_filter(lua_State *L, hook_call *c)
{
    filter_out *fo = c->out;
    int isnum;
    lua_Integer rank = lua_tointegerx(L, -2, &isnum);
    if (lua_type(L, -2) == LUA_TBOOLEAN) {
        fo->v->keep = lua_toboolean(L, -2);
        fo->v->rank = 0;
    } else if (lua_type(L, -2) == LUA_TNUMBER && isnum &&
               rank >= -1000000000 && rank <= 1000000000) {
        fo->v->keep = true;
        fo->v->rank = (int32_t)rank;
    } else {
        return (void)BAD(c, "something other than true (keep the move), "
                            "false (refuse it) or a rank (a whole number)");
    }
    if (lua_isnil(L, -1))
        return;
    if (lua_type(L, -1) != LUA_TSTRING)
        return (void)BAD(c, "a second value that is not a reason string");
    read_reason(L, c, -1, fo->why, fo->why_size);
}

int sow_lmove_filter(void *ctx, const sow_setup *s, const sow_game *before,
                     const sow_game *after, int hole,
                     sow_filter_verdict *out, char *why, int why_size,
                     sow_error *err)
{
    filter_out fo = {out, why, why_size};
    sow_before mv;
    sow_before_of(&mv, before, hole);
    hook_call c = {.x = ctx, .hook = SOW_HOOK_FILTER, .s = s, .g = after,
                   .last = 1 + after->move_last,
                   .mv = &mv, .nargs = 1,
                   .args = {hole}, .nres = 2, .read = read_filter,
                   .out = &fo};
    return sow_lua_call(&c, err);
}

int sow_lmove_after_move(void *ctx, const sow_setup *s,
                         const sow_game *before, const sow_game *after,
                         int origin, sow_changes *out, sow_error *err)
{
    sow_before mv;
    sow_before_of(&mv, before, origin);
    hook_call c = {.x = ctx, .hook = SOW_HOOK_AFTER_MOVE, .s = s,
                   .g = after, .mv = &mv, .last = 1 + after->move_last,
                   .nres = 1, .read = sow_lhooks_read_changes, .out = out};
    return sow_lua_call(&c, err);
}

/* game_end's rule = "ID": 1 + the index of one of the variant's rules:
 * (the end's reason and citation), 0 when absent, -1 on an error. */
static int game_end_rule(lua_State *L, hook_call *c, int t)
{
    int rule = 0;
    int type = lua_getfield(L, t, "rule");
    if (type != LUA_TNIL) {
        const sow_variant *v = c->s->v;
        const char *id = type == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        rule = -1;
        for (int i = 0; id && i < v->nrules; i++)
            if (strcmp(v->rules[i].id, id) == 0)
                rule = i + 1;
        if (rule < 0)
            BAD(c, "a rule that is not one of the variant's rules: ids "
                   "(rule = \"ID\", the id as listed under rules:)");
    }
    lua_pop(L, 1);
    return rule;
}

/* game_end: nil or false (the game goes on), or {over = true|false,
 * winner = p, score = {[0] = n, [1] = n}, rule = "ID"}. */
static void read_game_end(lua_State *L, hook_call *c)
{
    static const char *const keys[] = {"over", "winner", "score", "starter",
                                       "rule", NULL};
    sow_game_end *ge = c->out;
    int t = lua_gettop(L);
    if (lua_isnil(L, t) ||
        (lua_type(L, t) == LUA_TBOOLEAN && !lua_toboolean(L, t)))
        return;
    if (!lua_istable(L, t))
        return (void)BAD(c, "something other than nil or a table {over = "
                            "true, ...}");
    if (!sow_lread_keys(L, c, t, keys))
        return;
    /* C1.6: who starts the next round, should this move end the round
     * (by this answer or by the end rules of data) */
    int starter = sow_lread_player(L, c, t, "starter");
    if (starter == -2)
        return;
    if (starter >= 0 && !c->s->rounds)
        return (void)BAD(c, "a starter, but the variant plays no rounds: "
                            "starter names who starts the next round "
                            "(rounds:)");
    ge->next_starter = starter + 1;
    if (lua_getfield(L, t, "over") == LUA_TNIL && starter >= 0) {
        lua_pop(L, 1);
        return; /* the round goes on; the starter is kept for its end */
    }
    if (lua_type(L, -1) != LUA_TBOOLEAN)
        return (void)BAD(c, "a table whose over is not true or false");
    bool over = lua_toboolean(L, -1);
    lua_pop(L, 1);
    int winner = sow_lread_player(L, c, t, "winner");
    if (winner == -2)
        return;
    int32_t score[2] = {0, 0};
    bool has_score = lua_getfield(L, t, "score") != LUA_TNIL;
    if (has_score) {
        if (!lua_istable(L, -1))
            return (void)BAD(c, "a score that is not {[0] = n, [1] = n}");
        for (int p = 0; p < 2; p++) {
            lua_rawgeti(L, -1, p);
            int isnum;
            lua_Integer v = lua_tointegerx(L, -1, &isnum);
            bool num = lua_type(L, -1) == LUA_TNUMBER;
            lua_pop(L, 1);
            if (!isnum || !num || v < -1000000000 || v > 1000000000)
                return (void)BAD(c, "a score that is not two whole numbers "
                                    "{[0] = n, [1] = n}");
            score[p] = (int32_t)v;
        }
    }
    lua_pop(L, 1);
    int rule = game_end_rule(L, c, t);
    if (!over || rule < 0)
        return;
    ge->over = true;
    ge->rule = rule;
    ge->winner = winner;
    ge->has_score = has_score;
    ge->score[0] = score[0];
    ge->score[1] = score[1];
}

int sow_lmove_game_end(void *ctx, const sow_setup *s,
                       const sow_game *before, const sow_game *after,
                       int origin, sow_game_end *out, sow_error *err)
{
    sow_before mv;
    sow_before_of(&mv, before, origin);
    hook_call c = {.x = ctx, .hook = SOW_HOOK_GAME_END, .s = s, .g = after,
                   .mv = &mv, .last = 1 + after->move_last, .nres = 1,
                   .read = read_game_end, .out = out};
    return sow_lua_call(&c, err);
}
