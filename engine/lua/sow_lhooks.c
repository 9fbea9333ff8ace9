/* sow_lhooks.c - the hooks as the machine asks them (sow_rules, built by
 * sow_lua_rules): lap_end and drop during a sowing, with their caches;
 * score, play, new_game, decisions and decide (the move hooks filter,
 * after_move and game_end are in sow_lmove.c). Each reads its answer
 * with the readers of sow_lread.c. */
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

static void read_moves(lua_State *L, hook_call *c, int t,
                       sow_seed_move *moves, int *nmoves);

/* next = {from = h, direction = "cw" or "ccw"} of lap_end's third value
 * (issue 24), at index t: the hole the next lap lifts (on the board,
 * neither closed nor claimed once the answer's other changes are made,
 * on the mover's track) and its direction; either may be left out. */
static void read_next(lua_State *L, hook_call *c, int t,
                      sow_lap_decision *out, bool stop)
{
    static const char *const keys[] = {"from", "direction", NULL};
    if (lua_getfield(L, t, "next") == LUA_TNIL)
        return (void)lua_pop(L, 1);
    const int n = lua_gettop(L);
    if (!lua_istable(L, n))
        return (void)BAD(c, "a next that is not a table {from = h, "
                            "direction = \"cw\" or \"ccw\"}");
    if (stop)
        return (void)BAD(c, "a next lap after \"stop\": say \"relay\", "
                            "or nothing, as the second value");
    if (!sow_lread_keys(L, c, n, keys))
        return;
    out->next = 1;
    if (lua_getfield(L, n, "from") != LUA_TNIL) {
        int h = sow_lread_hole(L, c, "a next.from");
        if (h < 0)
            return;
        out->next_from = (uint8_t)(1 + h);
    }
    if (lua_getfield(L, n, "direction") != LUA_TNIL) {
        const char *w = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
                                                        : "";
        if (strcmp(w, "cw") != 0 && strcmp(w, "ccw") != 0)
            return (void)BAD(c, "a next.direction other than \"cw\" or "
                                "\"ccw\"");
        out->next = (uint8_t)(2 + (w[1] == 'w' ? SOW_DIR_CW : SOW_DIR_CCW));
    }
    lua_pop(L, 3);
    const sow_game *g = c->g;
    const int x = out->next_from ? out->next_from - 1
                  : c->at        ? c->at->hole
                                 : -1;
    if (!g || x < 0)
        return;
    const int dir = out->next > 1 ? out->next - 2 : g->move_dir;
    const uint64_t bit = (uint64_t)1 << x;
    if ((((g->blocked & ~out->open_set) | out->close_set) & bit))
        return (void)BAD(c, "a next lap from hole %d, which is closed "
                            "(C1.5): open it in the same answer, or name "
                            "another", x);
    if ((((g->claims[0] | g->claims[1]) & ~out->release) | out->claim_set) &
        bit)
        return (void)BAD(c, "a next lap from hole %d, which is claimed "
                            "(C1.4): release it in the same answer, or name "
                            "another", x);
    if (c->s->tracks[g->to_move][dir][x] == SOW_POS_NONE)
        BAD(c, "a next lap from hole %d, which is not on %s's track "
               "(sowing.track): a lap starts on the mover's track",
            x, g->to_move ? "North" : "South");
}

/* lap_end's third value: nil, or {claim = {[h] = p}, release = {h, ...}}
 * (C1.4), at index t. */
static void read_lap_more(lua_State *L, hook_call *c, int t,
                          sow_lap_decision *out, bool stop)
{
    static const char *const keys[] = {"claim", "release", "capture", "out",
                                       "close", "open", "extra_turn", "next",
                                       "move", NULL};
    if (lua_isnil(L, t))
        return;
    if (!lua_istable(L, t))
        return (void)BAD(c, "a third value that is not a table of changes "
                            "{claim = {[h] = p}, release = {h, ...}, ...}");
    uint8_t who[SOW_MAX_HOLES], to[SOW_MAX_HOLES];
    if (!sow_lread_keys(L, c, t, keys) ||
        !sow_lread_players(L, c, t, "claim", "a claim", &out->claim_set,
                           who) ||
        !sow_lread_release(L, c, t, &out->release) ||
        !sow_lread_players(L, c, t, "capture", "a capture", &out->take_set,
                           to) ||
        !sow_lread_hole_list(L, c, t, "close", &out->close_set) ||
        !sow_lread_hole_list(L, c, t, "open", &out->open_set) ||
        !sow_lread_hole_map(L, c, t, "out", "an out", 1, SOW_MAX_SEEDS,
                       "a count of seeds (1 or more)", &out->out_set, NULL,
                       out->out)) /* C1.13 */
        return;
    for (uint64_t m = out->claim_set; m; m &= m - 1)
        if (who[__builtin_ctzll(m)])
            out->claim_north |= m & -m;
    for (uint64_t m = out->take_set; m; m &= m - 1)
        if (to[__builtin_ctzll(m)])
            out->take_north |= m & -m;
    int nmoves = 0;
    read_moves(L, c, t, out->moves, &nmoves); /* issue 24 */
    if (c->bad[0])
        return;
    out->nmoves = (uint8_t)nmoves;
    if (out->out_set || nmoves) /* (the cache keeps no counts out of play
                                   and no moves: asked again each time) */
        c->x->rec_impure = true;
    if (lua_getfield(L, t, "extra_turn") != LUA_TNIL) {
        if (!lua_isboolean(L, -1))
            return (void)BAD(c, "an extra_turn that is not true or false");
        out->extra_turn = (int8_t)lua_toboolean(L, -1);
    }
    lua_pop(L, 1);
    read_next(L, c, t, out, stop);
    if (c->bad[0])
        return;
    if ((out->claim_set | out->release) && !c->s->claims)
        return (void)BAD(c, "a claim or a release, but the variant has no "
                            "claimed holes (C1.4): add claims: true under "
                            "board:");
    char why[160];
    sow_changes ch;
    if ((out->take_set | out->out_set | out->close_set | out->open_set) &&
        c->g && (sow_lap_changes(out, &ch),
                 sow_holes_problem(c->s, c->g, &ch, why, sizeof why)))
        BAD(c, "%s", why); /* C1.4, C1.5, C1.13 */
}

static void read_lap_end(lua_State *L, hook_call *c)
{
    sow_lap_decision *out = c->out;
    memset(out, 0, SOW_LAP_DECISION_HEAD);
    out->extra_turn = -1;
    const int first = lua_gettop(L) - 2, second = first + 1;
    bool stop = false;
    if (lua_type(L, second) == LUA_TSTRING) {
        const char *w = lua_tostring(L, second);
        stop = strcmp(w, "stop") == 0;
        if (strcmp(w, "relay") == 0)
            out->relay = true;
        else if (!stop)
            return (void)BAD(c, "a second value other than \"stop\" or "
                                "\"relay\"");
    } else if (!lua_isnil(L, second)) {
        return (void)BAD(c, "a second value that is not \"stop\" or "
                            "\"relay\"");
    }
    read_lap_more(L, c, second + 1, out, stop);
    if (c->bad[0] || lua_isnil(L, first))
        return;
    if (!lua_istable(L, first))
        return (void)BAD(c, "something other than a list of holes (or nil)");
    lua_Integer n = (lua_Integer)lua_rawlen(L, first);
    if (n > c->s->holes)
        return (void)BAD(c, "more holes than the board has");
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, first, i);
        int v = sow_lread_hole(L, c, "a list with an item");
        lua_pop(L, 1);
        if (v < 0)
            return;
        for (int k = 0; k < out->ncap; k++)
            if (out->cap[k] == v)
                return (void)BAD(c, "hole %d twice", v);
        out->cap[out->ncap++] = (uint8_t)v;
    }
}

/* C1.4: whether what a hook decided may be done on g (a cached answer
 * is checked again: the claims may differ); an error at the hook's line
 * otherwise. */
static int claims_ok(sow_lua *x, int hook, const sow_game *g,
                     uint64_t claim_set, uint64_t release, uint64_t taken,
                     sow_error *err)
{
    char why[160];
    if (!(claim_set | release | (taken & (g->claims[0] | g->claims[1]))) ||
        !sow_claims_problem(g, claim_set, release, taken, why, sizeof why))
        return SOW_OK;
    return sow_error_set(err, x->path, sow_lua_hook_line(x, hook), 0,
                         "function %s returned %s (variant %s, hook %s)",
                         x->v->hook_fn[hook], why, x->v->id,
                         sow_hook_names[hook]);
}

static int lap_claims_ok(sow_lua *x, const sow_game *g,
                         const sow_lap_decision *d, sow_error *err)
{
    uint64_t taken = 0;
    for (int i = 0; i < d->ncap; i++)
        taken |= (uint64_t)1 << d->cap[i];
    return claims_ok(x, SOW_HOOK_LAP_END, g, d->claim_set, d->release, taken,
                     err);
}

/* A miss of a cache: run the hook with the recording view and keep what
 * it returned (c->out) under the values it read; the arguments hole (and
 * count, when the hook takes it) are read first. A call using math.random
 * is not kept; *impure is set when the call contradicts the cache. */
static inline __attribute__((always_inline)) int
recorded_call(sow_lua *x, hook_call *c, sow_memo *memo, const sow_at *at,
              bool with_count, bool *impure, sow_error *err)
{
    x->recording = true;
    x->rec_impure = false;
    x->rec_g = c->g;
    x->rec_mv = c->mv;
    x->rec_at = *at;
    x->rec_log.n = 0;
    sow_view_log(x, SOW_LOC_HOLE, at->hole);
    if (with_count)
        sow_view_log(x, SOW_LOC_COUNT, at->count);
    int rc = sow_lua_call(c, err);
    x->recording = false;
    x->rec_g = NULL;
    x->rec_mv = NULL;
    if (rc == SOW_OK && !x->rec_impure &&
        sow_memo_add(memo, &x->rec_log, c->out))
        *impure = true;
    return rc;
}

static int lua_lap_end(void *ctx, const sow_setup *s, const sow_game *g,
                       const sow_before *mv, const sow_at *at,
                       sow_lap_decision *out, sow_error *err)
{
    sow_lua *x = ctx;
    if (!x->v->hook_fn[SOW_HOOK_LAP_END]) /* (set for the drop hook) */
        return sow_error_set(err, s->v->path, 0, 0,
                             "a lap_end rule says hook but the script has "
                             "no lap_end hook");
    if (!x->memo_off && x->memo) {
        if (sow_lua_tick(x, SOW_HOOK_LAP_END, err))
            return SOW_ERR;
        const sow_lap_decision *hit = sow_memo_find(x->memo, g, mv, at);
        if (hit) {
            /* (the head at a fixed size, copied inline; the holes taken
             * one by one: most answers take none or one; a kept answer
             * takes no seeds out of play) */
            memcpy(out, hit, SOW_LAP_DECISION_HEAD);
            for (int i = 0; i < hit->ncap; i++)
                out->cap[i] = hit->cap[i];
            return lap_claims_ok(x, g, out, err);
        }
    }
    hook_call c = {.x = ctx, .hook = SOW_HOOK_LAP_END, .s = s, .g = g,
                   .mv = mv, .at = at, .nargs = 2,
                   .args = {at->hole, at->count}, .nres = 3,
                   .read = read_lap_end, .out = out};
    int rc;
    if (x->memo_off || !x->memo) {
        rc = sow_lua_call(&c, err);
    } else {
        bool impure = false;
        rc = recorded_call(x, &c, x->memo, at, true, &impure, err);
        if (impure)
            x->memo_off = true; /* decisions that are no function of the
                                   view */
    }
    return rc != SOW_OK ? rc : lap_claims_ok(x, g, out, err);
}

/* ---- the drop hook: each seed sown ------------------------------------- */

/* nil or "sow" (drop it here), "skip" (pass the hole, the seed stays in
 * hand), "store" then optionally a player (that player's store, else the
 * mover's), "out" (out of play, C1.13). */
static void read_drop(lua_State *L, hook_call *c)
{
    sow_drop *out = c->out;
    *out = (sow_drop){SOW_DROP_SOW, (uint8_t)c->g->to_move};
    const int first = lua_gettop(L) - 1, second = first + 1;
    if (lua_isnil(L, first))
        return;
    static const char *const words[] = {"sow", "skip", "store", "out"};
    const char *w = lua_type(L, first) == LUA_TSTRING ? lua_tostring(L, first)
                                                      : "";
    int k = 0;
    while (k < 4 && strcmp(w, words[k]) != 0)
        k++;
    if (k == 4)
        return (void)BAD(c, "something other than nil, \"sow\", \"skip\", "
                            "\"store\" or \"out\"");
    out->action = (uint8_t)k;
    if (lua_isnil(L, second))
        return;
    int isnum;
    lua_Integer p = lua_tointegerx(L, second, &isnum);
    if (k != SOW_DROP_STORE)
        return (void)BAD(c, "a second value after \"%s\" (only \"store\" "
                            "takes one: the player whose store)", w);
    if (!isnum || lua_type(L, second) != LUA_TNUMBER || p < 0 || p > 1)
        return (void)BAD(c, "\"store\" with a player other than 0 or 1");
    out->player = (uint8_t)p;
}

static int lua_drop(void *ctx, const sow_setup *s, const sow_game *g,
                    const sow_before *mv, const sow_at *at, sow_drop *out,
                    sow_error *err)
{
    sow_lua *x = ctx;
    if (!x->memo_off && x->drop_memo) {
        /* every call ticks, as lap_end's: a hook that passes hole after
         * hole over meets the run's deadline, memo hits included */
        if (sow_lua_tick(x, SOW_HOOK_DROP, err))
            return SOW_ERR;
        const sow_drop *hit = sow_memo_find(x->drop_memo, g, mv, at);
        if (hit) {
            *out = *hit;
            return SOW_OK;
        }
    }
    hook_call c = {.x = ctx, .hook = SOW_HOOK_DROP, .s = s, .g = g,
                   .mv = mv, .at = at, .nargs = 2,
                   .args = {at->hole, at->count}, .nres = 2,
                   .read = read_drop, .out = out};
    if (x->memo_off || !x->drop_memo)
        return sow_lua_call(&c, err);
    bool impure = false;
    int rc = recorded_call(x, &c, x->drop_memo, at, true, &impure, err);
    if (impure) { /* answers that are no function of the view */
        sow_memo_free(x->drop_memo);
        x->drop_memo = NULL;
    }
    return rc;
}

static void read_score(lua_State *L, hook_call *c)
{
    int32_t *out = c->out;
    for (int p = 0; p < 2; p++) {
        int isnum;
        lua_Integer v = lua_tointegerx(L, -2 + p, &isnum);
        if (!isnum || v < -1000000000 || v > 1000000000)
            return (void)BAD(c, "something other than two whole numbers");
        out[p] = (int32_t)v;
    }
}

static int lua_score(void *ctx, const sow_setup *s, const sow_game *g,
                     int32_t out[2], sow_error *err)
{
    hook_call c = {.x = ctx, .hook = SOW_HOOK_SCORE, .s = s, .g = g,
                   .nres = 2, .read = read_score, .out = out};
    return sow_lua_call(&c, err);
}


static void read_play(lua_State *L, hook_call *c)
{
    static const char *const keys[] = {"board", "owner", "to_move", "phase",
                                       "state", "claim", "release",
                                       "capture", "close", "open", "out",
                                       "move", NULL};
    int t = lua_gettop(L);
    if (!lua_istable(L, t))
        return (void)BAD(c, "something other than a table of changes");
    if (!sow_lread_keys(L, c, t, keys))
        return;
    sow_lread_board(L, c, t, c->out);
    const sow_changes *ch = c->out;
    if (!c->bad[0] && ch->has_board) {
        /* checked here too (the engine checks it anyway) so that the error
         * names the hook and its line */
        long sum = sow_board_seeds(c->s, ch->board);
        if (sum != c->g->on_board)
            return (void)BAD(c, "a board of %ld seeds, but %d are on the "
                                "board: a move may not make or lose seeds",
                             sum, (int)c->g->on_board);
    }
    if (!c->bad[0])
        sow_lread_changes(L, c, t, c->out);
    sow_changes *out = c->out;
    if (!c->bad[0]) /* issue 24: made after the board (stores to holes) */
        read_moves(L, c, t, out->moves, &out->nmoves);
}

/* A scripted move (Andada's opening relay) is cached as lap_end decisions
 * are: a play hook decides from the view and the hole alone
 * (docs/writing-variants.md). */
static int lua_play(void *ctx, const sow_setup *s, const sow_game *g,
                    int hole, sow_changes *out, sow_error *err)
{
    sow_lua *x = ctx;
    const sow_at at = {hole, 0, 0, 0, -1, 0}; /* (no sowing: no lap, no hand) */
    if (!x->memo_off && x->play_memo) {
        const sow_changes *hit = sow_memo_find(x->play_memo, g, NULL, &at);
        if (hit) {
            *out = *hit;
            return claims_ok(x, SOW_HOOK_PLAY, g, out->claim_set,
                             out->release_set, 0, err);
        }
    }
    hook_call c = {.x = ctx, .hook = SOW_HOOK_PLAY, .s = s, .g = g,
                   .nargs = 1, .args = {hole}, .nres = 1, .read = read_play,
                   .out = out};
    if (x->memo_off || !x->play_memo)
        return sow_lua_call(&c, err);
    bool impure = false;
    int rc = recorded_call(x, &c, x->play_memo, &at, false, &impure, err);
    if (impure) { /* moves that are no function of the view */
        sow_memo_free(x->play_memo);
        x->play_memo = NULL;
    }
    return rc;
}

static void read_new_game(lua_State *L, hook_call *c)
{
    /* (claim and release: the next game's claimed holes, C1.4, made
     * after those of board.claimed) */
    static const char *const keys[] = {"over", "winner", "reason", "holes",
                                       "owner", "starter", "to_move",
                                       "phase", "state", "claim",
                                       "release", NULL};
    sow_next_game *ng = c->out;
    int t = lua_gettop(L);
    if (!lua_istable(L, t))
        return (void)BAD(c, "something other than a table");
    if (!sow_lread_keys(L, c, t, keys))
        return;
    /* with rounds: holes and starter may be left to the rounds */
    const bool rounds = c->s->rounds;
    if (lua_getfield(L, t, "holes") != LUA_TTABLE &&
        !(rounds && lua_isnil(L, -1)))
        return (void)BAD(c, "a table without holes = {[0] = n, [1] = n}");
    for (int p = 0; p < 2 && lua_istable(L, -1); p++) {
        lua_rawgeti(L, -1, p);
        int isnum;
        lua_Integer n = lua_tointegerx(L, -1, &isnum);
        lua_pop(L, 1);
        if (!isnum || n < 0 || n > c->s->holes)
            return (void)BAD(c, "holes that are not two counts of holes");
        ng->holes[p] = (int)n;
    }
    lua_pop(L, 1);
    lua_getfield(L, t, "over");
    ng->over = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (ng->over) {
        if ((ng->winner = sow_lread_player(L, c, t, "winner")) == -2)
            return;
        if (lua_getfield(L, t, "reason") != LUA_TSTRING)
            return (void)BAD(c, "over = true without a reason string");
        size_t rl;
        const char *r = lua_tolstring(L, -1, &rl);
        if (rl == 0 || rl >= sizeof ng->reason || !sow_text_is_safe(r, rl))
            return (void)BAD(c, "a reason that is not one line of printable "
                                "UTF-8 text of 1 to %d bytes",
                             (int)sizeof ng->reason - 1);
        memcpy(ng->reason, r, rl + 1);
        lua_pop(L, 1);
        return;
    }
    const int starter = sow_lread_player(L, c, t, "starter");
    if (starter == -2 || (starter == -1 && !rounds)) {
        if (starter == -1)
            BAD(c, "a table without a starter (0 or 1)");
        return;
    }
    if (starter >= 0)
        ng->starter = starter;
    sow_lread_changes(L, c, t, &ng->set);
}

static int lua_new_game(void *ctx, const sow_setup *s, const sow_game *prev,
                        const sow_match_info *info, sow_next_game *out,
                        sow_error *err)
{
    hook_call c = {.x = ctx, .hook = SOW_HOOK_NEW_GAME, .s = s, .g = prev,
                   .info = info, .nres = 1, .read = read_new_game,
                   .out = out};
    return sow_lua_call(&c, err);
}

typedef struct moves_out {
    uint16_t *moves;
    int n;
} moves_out;

static int cmp_u16(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

static void read_decisions(lua_State *L, hook_call *c)
{
    moves_out *mo = c->out;
    mo->n = 0;
    if (!lua_istable(L, -1))
        return (void)BAD(c, "something other than a list of decision tokens");
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    if (n > SOW_MAX_DECISION_MOVES)
        return (void)BAD(c, "more than %d decision moves",
                         SOW_MAX_DECISION_MOVES);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, i);
        if (lua_type(L, -1) != LUA_TSTRING)
            return (void)BAD(c, "a list with an item that is not a token "
                                "such as \"buy:6\"");
        sow_move m;
        sow_error e;
        if (sow_move_parse(c->s, lua_tostring(L, -1), &m, &e) ||
            !sow_move_is_decision(m))
            return (void)BAD(c, "the token '%.*s', which is not a declared "
                                "decision",
                             SOW_CLIP(lua_tostring(L, -1), 40));
        lua_pop(L, 1);
        mo->moves[mo->n++] = (uint16_t)m;
    }
    qsort(mo->moves, (size_t)mo->n, sizeof *mo->moves, cmp_u16);
    for (int i = 1; i < mo->n; i++)
        if (mo->moves[i] == mo->moves[i - 1])
            return (void)BAD(c, "the same decision twice");
}

static int lua_decisions(void *ctx, const sow_setup *s, const sow_game *g,
                         uint16_t *out, int *n, sow_error *err)
{
    moves_out mo = {out, 0};
    hook_call c = {.x = ctx, .hook = SOW_HOOK_DECISIONS, .s = s, .g = g,
                   .nres = 1, .read = read_decisions, .out = &mo};
    int rc = sow_lua_call(&c, err);
    *n = mo.n;
    return rc;
}

/* One end of a move change: a hole number, or a store named as tracks
 * name them ("store": the mover's, as drop's "store" without a player;
 * "south_store", "north_store"); -1 with c->bad set otherwise. */
static int read_move_end(lua_State *L, hook_call *c, const char *what)
{
    if (lua_type(L, -1) != LUA_TSTRING)
        return sow_lread_hole(L, c, what);
    static const char *const stores[] = {"south_store", "north_store",
                                         "store"};
    for (int i = 0; i < 3; i++)
        if (!strcmp(lua_tostring(L, -1), stores[i]))
            return SOW_MOVE_STORE0 + i;
    BAD(c, "%s '%.*s', which is neither a hole number nor store, "
           "south_store or north_store", what,
        SOW_CLIP(lua_tostring(L, -1), 40));
    return -1;
}

/* A hook's move = {{from = h, to = k, seeds = n}, ...} (issue 24:
 * lap_end, decide, play, after_move): seeds carried between holes and
 * stores in the order given, n 1 or more (left out: all that h holds
 * then); the engine checks them against the board and stores as the
 * other changes leave them (sow_hooks.c, sow_apply_moves). */
static void read_moves(lua_State *L, hook_call *c, int t,
                       sow_seed_move *moves, int *nmoves)
{
    static const char *const keys[] = {"from", "to", "seeds", NULL};
    if (lua_getfield(L, t, "move") == LUA_TNIL)
        return;
    const int m = lua_gettop(L);
    if (!lua_istable(L, m))
        return (void)BAD(c, "a move field that is not a list {{from = h, to "
                            "= k, seeds = n}, ...}");
    lua_Integer n = (lua_Integer)lua_rawlen(L, m);
    if (n > SOW_MAX_MOVES)
        return (void)BAD(c, "more than %d moves of seeds", SOW_MAX_MOVES);
    for (lua_Integer i = 1; i <= n; i++) {
        if (lua_rawgeti(L, m, i) != LUA_TTABLE)
            return (void)BAD(c, "a move that is not a table {from = h, to = "
                                "k, seeds = n}");
        const int e = lua_gettop(L);
        if (!sow_lread_keys(L, c, e, keys))
            return;
        int end[2];
        for (int k = 0; k < 2; k++) {
            lua_getfield(L, e, keys[k]);
            end[k] = read_move_end(L, c, k ? "a move.to" : "a move.from");
            lua_pop(L, 1);
            if (end[k] < 0)
                return;
        }
        if (end[0] == end[1])
            return (void)(end[0] < SOW_MOVE_STORE0
                              ? BAD(c, "a move of seeds from hole %d to "
                                       "itself", end[0])
                              : BAD(c, "a move of seeds from a store to "
                                       "itself"));
        int isnum = 1;
        lua_Integer k = 0;
        if (lua_getfield(L, e, "seeds") != LUA_TNIL &&
            ((k = lua_tointegerx(L, -1, &isnum)), !isnum || k < 1 ||
             k > SOW_MAX_SEEDS || lua_type(L, -1) != LUA_TNUMBER))
            return (void)BAD(c, "a move.seeds that is not a count of seeds "
                                "(1 or more)");
        lua_pop(L, 2);
        moves[*nmoves].from = (uint8_t)end[0];
        moves[*nmoves].to = (uint8_t)end[1];
        moves[(*nmoves)++].seeds = (uint16_t)k;
    }
    lua_pop(L, 1);
}

/* (decide and after_move: the changes of docs/writing-variants.md, seeds
 * moved between holes and stores among them) */
void sow_lhooks_read_changes(lua_State *L, hook_call *c)
{
    static const char *const keys[] = {"owner", "to_move", "phase", "state",
                                       "claim", "release", "capture",
                                       "close", "open", "out", "move", NULL};
    int t = lua_gettop(L);
    if (lua_isnil(L, t))
        return;
    if (!lua_istable(L, t))
        return (void)BAD(c, "something other than a table of changes");
    if (!sow_lread_keys(L, c, t, keys))
        return;
    sow_changes *ch = c->out;
    sow_lread_changes(L, c, t, ch);
    if (!c->bad[0])
        read_moves(L, c, t, ch->moves, &ch->nmoves);
}

static int lua_decide(void *ctx, const sow_setup *s, const sow_game *g,
                      sow_move m, sow_changes *out, sow_error *err)
{
    char tok[64];
    sow_move_format(tok, sizeof tok, s, m);
    hook_call c = {.x = ctx, .hook = SOW_HOOK_DECIDE, .s = s, .g = g,
                   .sarg = tok, .nres = 1, .read = sow_lhooks_read_changes, .out = out};
    return sow_lua_call(&c, err);
}

sow_rules sow_lua_rules(sow_lua *x)
{
    sow_rules r;
    memset(&r, 0, sizeof r);
    r.ctx = x;
    const sow_variant *v = x->v;
    /* (set beside a drop hook too: sow_move_of copies the board before
     * the move, which both hooks read, where lap_end is set) */
    if (v->hook_fn[SOW_HOOK_LAP_END] || v->hook_fn[SOW_HOOK_DROP])
        r.lap_end = lua_lap_end;
    if (v->hook_fn[SOW_HOOK_SCORE])
        r.score = lua_score;
    if (v->hook_fn[SOW_HOOK_NEW_GAME])
        r.new_game = lua_new_game;
    if (v->hook_fn[SOW_HOOK_DECISIONS])
        r.decisions = lua_decisions;
    if (v->hook_fn[SOW_HOOK_DECIDE])
        r.decide = lua_decide;
    if (v->hook_fn[SOW_HOOK_PLAY])
        r.play = lua_play;
    if (v->hook_fn[SOW_HOOK_FILTER])
        r.filter = sow_lmove_filter;
    if (v->hook_fn[SOW_HOOK_AFTER_MOVE])
        r.after_move = sow_lmove_after_move;
    if (v->hook_fn[SOW_HOOK_GAME_END])
        r.game_end = sow_lmove_game_end;
    if (v->hook_fn[SOW_HOOK_DROP])
        r.drop = lua_drop;
    return r;
}
